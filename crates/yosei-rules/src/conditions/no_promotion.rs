//! 成禁 `no-promotion` and 絶対成禁 `no-promotion-absolute` (docs/rules/move-bans.md).
//!
//! Under 成禁 no promotion is ever played, but fm still counts one as a move when it asks
//! whether a side has a move at all: the mate and stalemate tests, and with them the
//! drop-pawn-mate test (fm's mate tests try the promoted form of every move of a piece
//! that "may promote for escape"). So a king whose only escape is a promotion is not
//! mated, though it cannot play that escape either. Under 絶対成禁 a promotion is no
//! move at all. In both, the dead-piece rule stays: an unpromoted pawn or lance may not
//! move to the last rank, nor a knight to the last two.

/// Which promotions are banned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoPromotion {
    /// 成禁: never played, but counted by the "has it a move?" tests.
    Played,
    /// 絶対成禁: never a move.
    Absolute,
}

impl NoPromotion {
    /// Whether a promotion is a move here: for `moves_to_play` (the moves a side may
    /// play) or for the mate and stalemate tests.
    #[inline]
    pub(crate) fn allows(self, moves_to_play: bool) -> bool {
        self == NoPromotion::Played && !moves_to_play
    }
}
