//! Drop-pawn mate (打ち歩詰め), by the recursive definition of rules.md §4 / seed 002,
//! and its twin for fm's tori shogi swallow (打ち燕詰め).
//!
//! A pawn drop is drop-pawn mate when, after it, the opponent has no legal move (and,
//! under the check-only reading, is in check). "Legal move" for the opponent again
//! excludes its own drop-pawn mates; the recursion ends because each level drops a
//! pawn from a finite hand.
//!
//! fm gives the pawn and the swallow one attribute, `B_PA_CONSTRAINT_PM` ("place
//! mate", `piece.h`), and judges it once for both (`sub2.c`: a mate by the drop of such
//! a piece is no mate; 打歩詰可 lifts it from both, `piece.c`
//! `correct_partial_for_constraint_pm`; the fairy 打歩詰 wants such a drop): yosei
//! likewise judges a swallow drop by the same definition as a pawn drop.

use crate::{Position, RuleSet, UchifuzumeReading};
use yosei_core::{attacks, Bitboard, Move, PieceKind, Square};

/// Whether a drop of `kind` may not mate: the pawn and fm's swallow (fm's
/// `B_PA_CONSTRAINT_PM`).
#[inline]
pub fn bans_drop_mate(kind: PieceKind) -> bool {
    matches!(kind, PieceKind::Pawn | PieceKind::Swallow)
}

/// The squares where a pawn drop of the side to move may be drop-pawn mate, so that its
/// test must be asked: under the check-only reading the one square from which a pawn
/// checks the enemy king (with plain powers), under the other every square.
#[inline]
pub(crate) fn pawn_drops_judged(pos: &Position, rules: &RuleSet) -> Bitboard {
    let them = !pos.side_to_move();
    match (rules.uchifuzume, pos.king(them)) {
        (UchifuzumeReading::CheckOnly, Some(king)) => attacks::pawn_attacks(them, king),
        (UchifuzumeReading::CheckOnly, None) => Bitboard::EMPTY,
        (UchifuzumeReading::Any, _) => Bitboard::FULL,
    }
}

/// Whether dropping a pawn of the side to move on `to` (otherwise legal) is
/// drop-pawn mate under `rules`.
pub fn is_drop_pawn_mate(pos: &Position, to: Square, rules: &RuleSet) -> bool {
    is_drop_mate(pos, PieceKind::Pawn, to, rules)
}

/// Whether dropping a piece of `kind` (one of [`bans_drop_mate`]) of the side to move on
/// `to` (otherwise legal) mates under `rules`, as drop-pawn mate is judged.
pub fn is_drop_mate(pos: &Position, kind: PieceKind, to: Square, rules: &RuleSet) -> bool {
    let after = pos.play(Move::drop(kind, to));
    if rules.uchifuzume == UchifuzumeReading::CheckOnly && !after.in_check(rules) {
        return false;
    }
    !after.has_legal_move(rules)
}
