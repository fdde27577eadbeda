//! 駒詰 Komazume(kind) (rules.md §5.7): both kings have the named kind's power (fm's
//! ナイト玉 is `komazume:chess-knight`). A king keeps its own kind otherwise: it is still
//! the king that can be captured, and it never promotes.

use crate::Position;
use yosei_core::{Bitboard, PieceKind};

/// The kings, whose power is the named kind's.
#[inline]
pub(crate) fn borrowers(pos: &Position) -> Bitboard {
    pos.pieces_of_kind(PieceKind::King)
}
