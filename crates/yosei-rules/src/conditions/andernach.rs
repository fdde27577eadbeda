//! Andernach and Anti-Andernach (docs/rules/andernach.md), as fm 6.005.019 plays them:
//! a piece other than a king that captures (Andernach) or that moves without capturing
//! (Anti-Andernach) becomes the opponent's piece on its destination, promoted if the
//! move promoted it. Drops never change colour.
//!
//! The change is written into the move ([`Displacement::Turn`]), so that playing a
//! move needs no rules. Whether the piece changes colour is decided by fm's test: the
//! moving piece's kind *before* this move's promotion, standing for the opponent on the
//! destination, must be neither dead there nor a second pawn of the opponent's on that
//! file (the pawn a capture removes counts: fm reads the board before the move). When
//! the test fails the piece keeps its colour and must then obey its own side's
//! dead-piece and two-pawn rules, as any move does.

use crate::Position;
use crate::{Condition, RuleSet};
use yosei_core::{Bitboard, Displacement, Move, PieceKind, Square};

/// Which of the two colour-change conditions is active.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TurnRule {
    /// The capturing piece changes colour.
    Andernach,
    /// The piece that moves without capturing changes colour.
    AntiAndernach,
}

/// Whether Andernach and Anti-Andernach combine with `other`: the conditions compared
/// with fm, or with the reference generator where fm lacks the rule
/// (docs/rules/andernach.md, "Combinations").
pub(crate) const fn combines_with(other: Condition) -> bool {
    matches!(
        other,
        Condition::Annan
            | Condition::Anhoku
            | Condition::Taimen
            | Condition::Haimen
            | Condition::Tenjiku
            | Condition::Madrasi
            | Condition::KMadrasi
            | Condition::Uchifu
            | Condition::UchifuSimple
            | Condition::UchifuAllowed
            | Condition::SelfCheckCaptureInvalid
            | Condition::NoPromotion
            | Condition::NoPromotionAbsolute
            | Condition::AttackerNoCapture
            | Condition::KikiNifuInvalid
            | Condition::NekoSen
            | Condition::NekoNekoSen
            | Condition::NoCapture
            | Condition::Greedy
            | Condition::Ascetic
            | Condition::Koko
            | Condition::Isardam
            | Condition::IsardamB
            // a goal, no rule of play
            | Condition::KingSquare(_)
    )
}

/// The board move `m` (of the side to move in `pos`) as `rule` plays it: with
/// [`Displacement::Turn`] when the moving piece changes colour, otherwise unchanged.
pub(crate) fn apply(pos: &Position, rules: &RuleSet, rule: TurnRule, m: Move) -> Move {
    let Some(from) = m.from() else { return m };
    let Some(piece) = pos.piece_at(from) else { return m };
    // a royal piece (the king, a kind declared royal) keeps its colour, as in fm
    // (`move.c` `*_move_sub_andernach`: `B_PA_ROYAL`)
    if pos.is_royal_kind(piece.kind) {
        return m;
    }
    let us = piece.color;
    let enemy_on = |sq: yosei_core::Square| sq != from && pos.piece_at(sq).is_some_and(|p| p.color != us);
    let captures = enemy_on(m.to()) || m.via().is_some_and(enemy_on);
    let changes = match rule {
        TurnRule::Andernach => captures,
        TurnRule::AntiAndernach => !captures,
    };
    if !changes || m.to() == from {
        return m;
    }
    // fm's test, on the kind before promotion and the board before the move
    let them = !us;
    let dead = rules.is_dead(piece.kind, them, m.to());
    let two_pawns = piece.kind == PieceKind::Pawn
        && (pos.pieces(them, PieceKind::Pawn) & Bitboard::file(m.to().file())).is_nonempty();
    if dead || two_pawns {
        return m;
    }
    m.with_displacement(Displacement::Turn, m.to())
}

/// Whether the piece on `from` would change colour by capturing the king on `king`
/// unpromoted (false without Andernach or Anti-Andernach). fm judges a king capture by
/// playing it (its trial move under 利き二歩無効 and Koko), so a capturer that turns is
/// held to its new owner's test only: no second pawn, nor dead, for its old side.
pub(crate) fn king_capture_turns(pos: &Position, rules: &RuleSet, from: Square, king: Square) -> bool {
    rules.compiled().turn.is_some_and(|rule| {
        apply(pos, rules, rule, Move::normal(from, king, false))
            .displacement()
            .is_some()
    })
}
