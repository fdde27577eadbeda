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

use crate::powers::{kind_bit, PowerMask, Powers};
use crate::{madrasi, Position, RuleSet};
use yosei_core::Color;

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
