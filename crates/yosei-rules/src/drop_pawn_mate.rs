//! Drop-pawn mate (打ち歩詰め), by the recursive definition of rules.md §4 / seed 002.
//!
//! A pawn drop is drop-pawn mate when, after it, the opponent has no legal move (and,
//! under the check-only reading, is in check). "Legal move" for the opponent again
//! excludes its own drop-pawn mates; the recursion ends because each level drops a
//! pawn from a finite hand.

use crate::{Position, RuleSet, UchifuzumeReading};
use yosei_core::{Move, PieceKind, Square};

/// Whether dropping a pawn of the side to move on `to` (otherwise legal) is
/// drop-pawn mate under `rules`.
pub fn is_drop_pawn_mate(pos: &Position, to: Square, rules: &RuleSet) -> bool {
    let after = pos.play(Move::drop(PieceKind::Pawn, to));
    if rules.uchifuzume == UchifuzumeReading::CheckOnly && !after.in_check(rules) {
        return false;
    }
    !after.has_legal_move(rules)
}
