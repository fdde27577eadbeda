//! 利き二歩 (rules.md §5.12, seed 001 §3): under `kiki-nifu-invalid` a king capture by an
//! unpromoted pawn that lands on a file where its side has another unpromoted pawn is no
//! king capture (so no check). Whether the capture could promote does not matter: seed
//! 001's example (mate under 利き二歩有効, 11歩成 under 無効) is a capture into the zone.
//! Under Andernach a pawn that the capture would turn into the opponent's is no second
//! pawn of its side, so its capture stands (fm plays the capture to judge it;
//! docs/rules/andernach.md, "Combinations").

use crate::conditions::andernach;
use crate::{Position, RuleSet};
use yosei_core::{Bitboard, PieceKind, Square};

/// Whether 利き二歩無効 voids the capture of the king on `to` by the piece on `from`.
#[inline]
pub(crate) fn voids_king_capture(pos: &Position, rules: &RuleSet, from: Square, to: Square) -> bool {
    makes_two_pawns(pos, from, to) && !andernach::king_capture_turns(pos, rules, from, to)
}

/// Whether the pawn on `from` capturing on `to` would give its side two pawns.
#[inline]
fn makes_two_pawns(pos: &Position, from: Square, to: Square) -> bool {
    let Some(piece) = pos.piece_at(from) else { return false };
    piece.kind == PieceKind::Pawn && pos.pawn_move_makes_two_pawns(piece.color, from, to)
}

/// [`voids_king_capture`]'s pawns at once where no piece turns over (no Andernach), on a
/// board the caller knows (one after a move not yet played): of `pawns`, one side's
/// unpromoted pawns there, those whose capture of a king on `to` is void: every one off
/// `to`'s file when another stands on it (its capture changes file onto one holding
/// another pawn of its side), none otherwise.
#[inline]
pub(crate) fn void_capturers(pawns: Bitboard, to: Square) -> Bitboard {
    let file = Bitboard::file(to.file());
    if (pawns & file).is_empty() {
        return Bitboard::EMPTY;
    }
    pawns & !file
}
