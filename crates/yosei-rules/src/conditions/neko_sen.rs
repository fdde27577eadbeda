//! ネコ鮮 NekoSen and ネコネコ鮮 NekoNekoSen (docs/rules/nekosen.md; rules.md leaves
//! them out, so fm's reading): the pieces of an unbroken line along a file (one side's
//! for ネコ鮮, anybody's for ネコネコ鮮) move with the line's kinds in reverse order: the
//! top piece with the bottom piece's kind, the second with the second last's, and so on,
//! each in its own orientation. A piece alone keeps its own power, and so does the
//! middle piece of an odd line.
//!
//! Stones: under ネコ鮮 a stone belongs to no side and breaks a line. Under ネコネコ鮮 a
//! position with a stone is refused (`validate`: fm crashes on it, so it has no reading).

use super::PowerRule;
use crate::powers::next_to;
use crate::Position;
use yosei_core::{Bitboard, Color, Piece, PieceKind, Square};

/// Whether `other` holds a piece (`piece_at` tells what stands where) that stands in one
/// line with a piece of `color` under `rule`.
#[inline]
fn joins_line(piece_at: impl Fn(Square) -> Option<Piece>, rule: PowerRule, color: Color, other: Square) -> bool {
    match piece_at(other) {
        None => false,
        Some(p) if rule == PowerRule::NekoSen => p.color == color && p.kind != PieceKind::Stone,
        Some(_) => true,
    }
}

/// The pieces that stand in a line of two or more (a superset of those whose power
/// changes: an odd line's middle piece keeps its own, and so does a piece whose opposite
/// is of its kind). Stones never move and are left out.
#[inline]
pub(crate) fn in_lines(pos: &Position, rule: PowerRule, movers: Bitboard) -> Bitboard {
    let next_to_either = |bb: Bitboard| next_to(bb, 1) | next_to(bb, -1);
    if rule == PowerRule::NekoSen {
        Color::ALL.iter().fold(Bitboard::EMPTY, |acc, &color| {
            let own = pos.pieces_of(color) & movers;
            acc | (own & next_to_either(own))
        })
    } else {
        movers & next_to_either(pos.occupied())
    }
}

/// The square whose piece lends its kind to the piece on `sq`: its mirror image in its
/// line (`sq` itself for a piece alone or in the middle).
#[inline]
pub(crate) fn lender(pos: &Position, rule: PowerRule, sq: Square) -> Square {
    lender_on(|s| pos.piece_at(s), rule, sq)
}

/// [`lender`] on a board told square by square (`piece_at`): the position after a move
/// that is not played (`LocalSafety::gives_check_unplayed`). A stone is in no line
/// (it has no power to lend or borrow).
#[inline]
pub(crate) fn lender_on(piece_at: impl Fn(Square) -> Option<Piece> + Copy, rule: PowerRule, sq: Square) -> Square {
    let Some(piece) = piece_at(sq).filter(|p| p.kind != PieceKind::Stone) else {
        return sq;
    };
    let end = |step: i32| {
        let mut end = sq;
        while let Some(next) = end
            .offset(0, step)
            .filter(|&s| joins_line(piece_at, rule, piece.color, s))
        {
            end = next;
        }
        end.rank()
    };
    let mirror_rank = end(-1) + end(1) - sq.rank();
    Square::new(sq.file(), mirror_rank).unwrap_or(sq)
}
