//! 打歩可 `uchifu-allowed` (docs/rules/move-bans.md): drop-pawn mate is allowed. Unlike
//! the fairy 打歩詰 (`uchifu`, `uchifu-simple`), any mate still fulfils a mate
//! stipulation; only the ban of rules.md §4 is lifted (fm's 打歩詰可 drops the
//! "place mate" constraint of the pawn and nothing else).

use crate::RuleSet;

/// Whether a pawn drop that mates is illegal under `rules`: not under the fairy 打歩詰
/// (which wants it) nor under 打歩可.
#[inline]
pub(crate) fn drop_pawn_mate_banned(rules: &RuleSet) -> bool {
    rules.uchifu().is_none() && !rules.compiled().uchifu_allowed
}
