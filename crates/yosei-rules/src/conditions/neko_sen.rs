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
use yosei_core::{Bitboard, Color, PieceKind, Square};

/// Whether the piece on `other` stands in one line with a piece of `color` under `rule`.
#[inline]
fn joins_line(pos: &Position, rule: PowerRule, color: Color, other: Square) -> bool {
    match pos.piece_at(other) {
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
    let Some(piece) = pos.piece_at(sq) else { return sq };
    let end = |step: i32| {
        let mut end = sq;
        while let Some(next) = end.offset(0, step).filter(|&s| joins_line(pos, rule, piece.color, s)) {
            end = next;
        }
        end.rank()
    };
    let mirror_rank = end(-1) + end(1) - sq.rank();
    Square::new(sq.file(), mirror_rank).unwrap_or(sq)
}
