//! 天竺 Tenjiku (rules.md §5.5): a king in check has the power of its checker (the union
//! in double check) instead of its own.
//!
//! Which pieces check a king is decided with plain powers (every piece its own kind's
//! power, kings king power), and, with Madrasi, without the checkers that plain powers
//! paralyse. Only then are the checked kings given their checkers' powers; those final
//! powers decide king captures (check and legality). So a king that has borrowed a
//! rook's power attacks along the rook's lines, but that attack does not in turn give the
//! other king a power: one pass, no fixed point (which need not exist: two kings can
//! each make the other's power). docs/rules/conditions.md has the reasons.

use crate::general::reaching_through;
use crate::powers::{kind_bit, mask_attacks_square, PowerMask, Powers};
use crate::{madrasi, Position, RuleSet};
use yosei_core::{attacks, Bitboard, Color, Piece, PieceKind, Square};

/// The power mask of `color`'s king (0 when it is not in check or absent).
pub(crate) fn king_power(pos: &Position, rules: &RuleSet, color: Color) -> PowerMask {
    let Some(king) = pos.king(color) else { return 0 };
    let plain = Powers::own();
    let occupied = pos.occupied();
    let them = !color;
    let mut attackers = pos.attackers_to(king, them, occupied);
    for from in pos.fairy_squares() & pos.pieces_of(them) {
        if plain.attacks_square(pos, rules, from, king, occupied) {
            attackers |= from.into();
        }
    }
    let mut mask = 0;
    for from in attackers {
        if madrasi::paralysed(pos, rules, &plain, from) {
            continue;
        }
        if let Some(p) = pos.piece_at(from) {
            mask |= kind_bit(p.kind);
        }
    }
    mask
}

/// The board after a move of the side to move, told without playing it (the local
/// king-safety shortcut's terms, for a move that displaces nothing).
pub(crate) struct PlainMove {
    /// The occupancy afterwards.
    pub occupied: Bitboard,
    /// The squares the move empties (its origin, a Lion's intermediate capture).
    pub vacated: Bitboard,
    /// Where the moved piece ends.
    pub dest: Square,
    /// The moved piece as it ends (promoted where the move promotes).
    pub moved: Piece,
}

/// Whether, after `m` (played by the side to move of `pos`, with plain checks: no
/// Madrasi, no 利き二歩無効, no displacement, no change of colour), the king of `color`
/// is attacked, each king with the power this rule gives it there: the checks on each
/// king are told with plain powers, then a checked king attacks with its checkers'
/// kinds ([`king_power`] and `Powers::new` on the board after the move, asked without
/// it).
pub(crate) fn king_attacked_after(pos: &Position, rules: &RuleSet, m: &PlainMove, color: Color) -> bool {
    if !pos.has_fairy_pieces() {
        let gone = m.vacated.with(m.dest);
        return ordinary_king_attacked(pos, rules, m.occupied, gone, Some((m.dest, m.moved)), color);
    }
    let us = pos.side_to_move();
    let table = rules.pieces();
    let plain = Powers::own();
    let dest = Bitboard::from(m.dest);
    let king_after = |c: Color| {
        if c == us && m.moved.kind == PieceKind::King {
            Some(m.dest)
        } else {
            pos.king(c)
        }
    };
    // the pieces of `by` that reach `target` with plain powers after the move
    let plain_attackers = |by: Color, target: Square| {
        let stayed = reaching_through(pos, rules, &plain, target, by, m.occupied) & !m.vacated & !dest;
        if by == us && table.attacks_square(m.moved.kind, us, m.dest, target, m.occupied) {
            stayed | dest
        } else {
            stayed
        }
    };
    let Some(king) = king_after(color) else {
        return false;
    };
    let attackers = plain_attackers(!color, king);
    let Some(other) = king_after(!color) else {
        return attackers.is_nonempty();
    };
    if (attackers & !Bitboard::from(other)).is_nonempty() {
        return true;
    }
    // the other king's attack: with its checkers' kinds when it stands checked, else a
    // king's; no ordinary kind reaches `king` from `other` off the lines and knight
    // leaps between them, or over a piece on the line
    let open_line = attacks::line(other, king).is_nonempty() && (attacks::between(other, king) & m.occupied).is_empty();
    let knight_leap = Color::ALL
        .iter()
        .any(|&c| attacks::ordinary_pseudo_attacks(PieceKind::Knight, c, other).contains(king));
    if !(open_line || knight_leap || pos.has_fairy_pieces() || m.moved.kind.is_fairy()) {
        return false;
    }
    let kind_at = |sq: Square| {
        if sq == m.dest {
            Some(m.moved.kind)
        } else {
            pos.piece_at(sq).map(|p| p.kind)
        }
    };
    let borrowed = plain_attackers(color, other)
        .into_iter()
        .filter_map(kind_at)
        .fold(0, |mask, k| mask | kind_bit(k));
    if borrowed == 0 {
        return attackers.contains(other);
    }
    mask_attacks_square(rules, borrowed, !color, other, king, m.occupied)
}

/// [`king_attacked_after`] with only ordinary kinds in play (`!Position::has_fairy_pieces`,
/// so the moved piece is ordinary too), and with each side's king its one royal piece,
/// on the board `pos` becomes when the pieces on `gone` leave it and `placed` is set
/// down (`gone` empty and `placed` `None`: `pos` itself), `occupied` its occupancy.
/// Whether the king of `color` is attacked there. Every piece but a king has its own
/// ordinary kind's power, so the enemy pieces other than the king are asked by their
/// kinds with a stop at the first attacker (`Position::is_attacked_among`); then the
/// enemy king, with the kinds of our pieces that attack it by their own powers (kings
/// a king's), or a king's step when none does. An ordinary kind reaches only along a
/// rook or bishop line with nothing between, or by a knight's leap: off those the
/// enemy king's checkers are not asked.
pub(crate) fn ordinary_king_attacked(
    pos: &Position,
    rules: &RuleSet,
    occupied: Bitboard,
    gone: Bitboard,
    placed: Option<(Square, Piece)>,
    color: Color,
) -> bool {
    let king_of = |c: Color| match placed {
        Some((sq, p)) if p.color == c && p.kind == PieceKind::King => Some(sq),
        _ => pos.king(c),
    };
    // whether `placed`, a piece of `by`, attacks `target` by its own power
    let placed_attacks = |by: Color, target: Square, kings: bool| {
        placed.is_some_and(|(sq, p)| {
            p.color == by
                && (kings || p.kind != PieceKind::King)
                && attacks::ordinary_attacks(p.kind, by, sq, occupied).contains(target)
        })
    };
    let Some(king) = king_of(color) else {
        return false;
    };
    let them = !color;
    let kings = pos.pieces_of_kind(PieceKind::King);
    let staying = |c: Color| pos.pieces_of(c) & !gone;
    if pos.is_attacked_among(king, them, occupied, staying(them) & !kings) || placed_attacks(them, king, false) {
        return true;
    }
    let Some(other) = king_of(them) else {
        return false;
    };
    let open_line = attacks::line(other, king).is_nonempty() && (attacks::between(other, king) & occupied).is_empty();
    let knight_leap = Color::ALL
        .iter()
        .any(|&c| attacks::ordinary_pseudo_attacks(PieceKind::Knight, c, other).contains(king));
    if !(open_line || knight_leap) {
        return false;
    }
    // the enemy king's checkers, with plain powers
    let mut borrowed = (pos.attackers_to(other, color, occupied) & staying(color))
        .into_iter()
        .filter_map(|sq| pos.piece_at(sq))
        .fold(0, |mask, p| mask | kind_bit(p.kind));
    if placed_attacks(color, other, true) {
        borrowed |= placed.map_or(0, |(_, p)| kind_bit(p.kind));
    }
    if borrowed == 0 {
        return attacks::king_attacks(other).contains(king);
    }
    mask_attacks_square(rules, borrowed, them, other, king, occupied)
}
