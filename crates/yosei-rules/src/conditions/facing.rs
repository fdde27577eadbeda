//! 対面 Taimen and 背面 Haimen (rules.md §5.3–5.4): two enemy pieces face to face (each
//! directly in front of the other) or back to back on adjacent squares swap powers.
//! Seen from one of them, the other stands in front (Taimen) or behind (Haimen); the
//! relation is then mutual, since the enemy's front is the opposite direction.

use super::PowerRule;
use crate::powers::{lender_direction, next_to};
use crate::Position;
use yosei_core::{Bitboard, Color};

/// The pieces of `color` that swap powers with an enemy piece.
#[inline]
pub(crate) fn swappers(pos: &Position, rule: PowerRule, color: Color, movers: Bitboard) -> Bitboard {
    let own = pos.pieces_of(color) & movers;
    let enemies = pos.pieces_of(!color) & movers;
    own & next_to(enemies, lender_direction(rule, color))
}
