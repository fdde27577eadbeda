//! 安南 Annan and 安北 Anhoku (rules.md §5.1–5.2): a piece with a friendly piece directly
//! behind it (Annan) or in front of it (Anhoku) has that piece's own kind's power, in
//! its own orientation. Kings lend and borrow; stones neither lend nor borrow.

use super::PowerRule;
use crate::powers::{lender_direction, next_to};
use crate::Position;
use yosei_core::{Bitboard, Color};

/// The pieces of `color` whose power is borrowed: a friendly piece stands on the lending
/// side. Two shifts and a mask.
#[inline]
pub(crate) fn borrowers(pos: &Position, rule: PowerRule, color: Color, movers: Bitboard) -> Bitboard {
    let own = pos.pieces_of(color) & movers;
    own & next_to(own, lender_direction(rule, color))
}
