//! Three swallows (三燕), fm's `B_PA_CONSTRAINT_3T` on its tori shogi swallow 燕 `TTB`
//! (docs/rules/fairy-pieces.md): no side may have three unpromoted swallows on one file.
//!
//! fm judges it as it judges two pawns (`move.c` `hi_pc_constraint_sub`): for a drop
//! and for a board move alike, when the piece is an unpromoted swallow after the move
//! (a swallow that promotes on the move is a goose, which has no such rule), it counts
//! the side's unpromoted swallows on the destination's file, the square moved from
//! left out, and refuses the move at two. Promoted swallows do not count. A setup with
//! three is refused (`arrange.c` `check_constraint_3t`).

use crate::Position;
use yosei_core::{Bitboard, Color, Piece, PieceKind, Square};

/// How many unpromoted swallows one side may have on a file.
pub const MAX_ON_A_FILE: usize = 2;

/// Whether a piece of `color` that is `kind` once the move is made (promoted or not),
/// going from `from` (`None`: a drop) to `to`, gives its side three swallows on `to`'s
/// file.
#[inline]
pub(crate) fn makes_three(pos: &Position, color: Color, kind: PieceKind, from: Option<Square>, to: Square) -> bool {
    if kind != PieceKind::Swallow {
        return false;
    }
    let swallow = Some(Piece::new(PieceKind::Swallow, color));
    let others = (Bitboard::file(to.file()) & pos.pieces_of(color) & pos.fairy_squares())
        .into_iter()
        .filter(|&sq| Some(sq) != from && pos.piece_at(sq) == swallow)
        .count();
    others >= MAX_ON_A_FILE
}
