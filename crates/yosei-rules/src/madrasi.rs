//! Phase 2 of a node: マドラシ Madrasi paralysis (rules.md §5.6).
//!
//! A piece attacked by an enemy piece of the same kind (its own kind: promoted and
//! unpromoted differ, whatever power either has) is paralysed: it cannot move, capture
//! or give check. "Attacked" uses the attacker's current power (phase 1,
//! [`Powers`]) and ignores whether the attacker is paralysed itself: a paralysed piece
//! still paralyses. With fairy pieces the relation need not be mutual (a Grasshopper
//! attacks another only over a hurdle): only the attacked piece is paralysed.
//! nonK-Madrasi leaves kings alone; K-Madrasi lets kings paralyse each other.

use crate::conditions::MadrasiKings;
use crate::powers::Powers;
use crate::{Position, RuleSet};
use yosei_core::{attacks, Bitboard, Piece, PieceKind, Square};

/// Whether the piece on `sq` is paralysed (false when Madrasi is off).
#[inline]
pub(crate) fn paralysed(pos: &Position, rules: &RuleSet, powers: &Powers, sq: Square) -> bool {
    let Some(kings) = rules.compiled().madrasi else {
        return false;
    };
    let Some(piece) = pos.piece_at(sq) else { return false };
    if !paralysable(pos, piece, kings) {
        return false;
    }
    let occupied = pos.occupied();
    let mut attackers = pos.pieces(!piece.color, piece.kind);
    if piece.kind.is_ordinary() {
        if attacked_by_own_kind(rules, piece, sq, attackers & !powers.changed(), occupied) {
            return true;
        }
        attackers &= powers.changed();
    }
    attackers
        .into_iter()
        .any(|from| powers.attacks_square(pos, rules, from, sq, occupied))
}

/// Whether Madrasi (`kings`: its reading) may paralyse `piece` at all: never a stone,
/// a royal piece (the king, or one of a kind declared royal: fm's `B_PA_ROYAL`) only
/// under K-Madrasi. Every piece of a royal kind is royal, so under nonK-Madrasi a royal
/// piece neither is paralysed nor paralyses (its paralysers would be royal too), as in
/// fm (`analyze.c` `analyze_phase_madrasi`).
#[inline]
pub(crate) fn paralysable(pos: &Position, piece: Piece, kings: MadrasiKings) -> bool {
    piece.kind != PieceKind::Stone && (!pos.is_royal_kind(piece.kind) || kings != MadrasiKings::Unaffected)
}

/// Whether one of `paralysers` — enemy pieces of `piece`'s kind, each with its own
/// kind's power — attacks `piece` on `sq` over `occupied`. For an ordinary kind one
/// attack set finds them all: by the symmetry of the fixed tables they attack `sq`
/// exactly when a piece of that kind on `sq`, of the other colour, attacks them.
#[inline]
pub(crate) fn attacked_by_own_kind(
    rules: &RuleSet,
    piece: Piece,
    sq: Square,
    paralysers: Bitboard,
    occupied: Bitboard,
) -> bool {
    if piece.kind.is_ordinary() {
        return (attacks::ordinary_attacks(piece.kind, piece.color, sq, occupied) & paralysers).is_nonempty();
    }
    let table = rules.pieces();
    paralysers
        .into_iter()
        .any(|from| table.attacks_square(piece.kind, !piece.color, from, sq, occupied))
}
