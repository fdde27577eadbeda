//! Captures by hopping (movement `x`; fm's Locust 蝗, `xQ`): along a king line over
//! empty squares to an enemy piece, which is captured by hopping over it onto the empty
//! square just beyond. The captured piece is not on the destination, so the move is a
//! two-step, the Lion's representation: `Move::two_step(from, captured, landing)`, and
//! `Position::play_in_place` takes the piece on the intermediate square into hand.
//! `Reach::hop_captures` holds the captured squares; the landing follows from them.

use yosei_core::{Move, Square};

/// The hop capture of the piece on `hurdle` by the piece on `from`, `hurdle` on one of
/// the eight king lines from `from` (a square of `Reach::hop_captures`, whose landing
/// square is on the board).
#[inline]
pub(crate) fn hop_capture(from: Square, hurdle: Square) -> Option<Move> {
    let (df, dr) = (hurdle.file() - from.file(), hurdle.rank() - from.rank());
    let landing = hurdle.offset(df.signum(), dr.signum())?;
    Some(Move::two_step(from, hurdle, landing))
}
