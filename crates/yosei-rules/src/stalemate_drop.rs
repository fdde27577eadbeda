//! The stalemate test's shortcut (issue 22): a side that is not in check and holds a
//! piece it may drop has a legal move, under the rules where a drop cannot expose its
//! own king — so the test need not build the node's powers and king safety.
//!
//! The guarantee, and why each condition keeps it or not: a drop fills one empty
//! square and captures nothing. Filling a square only shortens the enemy's lines, so
//! enemy pieces reach no new square, unless the drop changes an enemy piece's power or
//! paralysis, or the board gives an enemy piece a hurdle:
//! - powers: own (ordinary), 安南 and 安北 (a piece borrows from a *friendly* piece
//!   behind / in front) and ネコ鮮 (a line of *one side's* pieces) change only the
//!   dropping side's powers; 対面, 背面 and ネコネコ鮮 read the enemy's pieces, 天竺
//!   changes a king's power when a line to it is blocked; 駒詰 gives the kings a fixed
//!   kind's power, kept when that kind is line-bound (a hopper's would gain hurdles);
//! - Madrasi (both readings): blocking one of our lines may lift the paralysis of an
//!   enemy piece;
//! - 自己王手王取無効: blocking our line to the enemy king may make an enemy king capture
//!   valid; Isardam forbids positions a drop may make; Koko forbids drops away from
//!   other pieces; 完全打歩 forbids a mating drop that is not a pawn's;
//! - an enemy piece that is not line-bound (a hopper such as the Grasshopper, a Lion, a
//!   Nightrider: `PieceTable::is_line_bound`) may gain a hurdle.
//!
//! Everything else leaves a drop's legality to where it lands: not a pawn or swallow
//! (two pawns, three swallows and drop-pawn mate ask more), not dead there. The mate and
//! stalemate tests count moves the move bans forbid to play (強欲 included), so a drop
//! counts under them too. Compared with the full test on random positions under every
//! condition by `tests/tests/stalemate_drop.rs`.

use crate::conditions::PowerRule;
use crate::{Position, RuleSet, UchifuRule};

/// Whether the side to move (not in check) has a drop that is surely legal under
/// `rules`: `false` says nothing.
pub(crate) fn has_safe_drop(pos: &Position, rules: &RuleSet) -> bool {
    let us = pos.side_to_move();
    let hand = pos.hand(us);
    if hand.is_empty() || !drops_keep_the_king_safe(rules) {
        return false;
    }
    let empty = !pos.occupied();
    let enemy_unbound = crate::local_safety::unbound_pieces(pos, rules) & pos.pieces_of(!us);
    if empty.is_empty() || enemy_unbound.is_nonempty() {
        return false;
    }
    hand.iter()
        .filter(|&(kind, _)| !crate::drop_pawn_mate::bans_drop_mate(kind))
        .any(|(kind, _)| empty.into_iter().any(|sq| !rules.is_dead(kind, us, sq)))
}

/// Whether under `rules` a drop can never make the dropping side's king attacked.
fn drops_keep_the_king_safe(rules: &RuleSet) -> bool {
    let compiled = rules.compiled();
    let powers_kept = match compiled.power {
        PowerRule::Own | PowerRule::Annan | PowerRule::Anhoku | PowerRule::NekoSen => true,
        PowerRule::Komazume(kind) => rules.pieces().is_line_bound(kind),
        PowerRule::Taimen | PowerRule::Haimen | PowerRule::NekoNekoSen | PowerRule::Tenjiku => false,
    };
    powers_kept
        && compiled.madrasi.is_none()
        && !compiled.self_check_capture_invalid
        && compiled.isardam.is_none()
        && !compiled.koko
        && rules.uchifu() != Some(UchifuRule::Complete)
}
