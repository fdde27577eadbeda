//! The stalemate test's shortcut (issue 22): a side that is not in check and holds a
//! piece it may drop has a legal move, under the rules where a drop cannot expose its
//! own king — so the test need not build the node's powers and king safety.
//!
//! The guarantee, and why each condition keeps it or not: a drop fills one empty
//! square and captures nothing. Filling a square only shortens the enemy's lines, so
//! enemy pieces reach no new square, unless the drop changes an enemy piece's power or
//! paralysis, or the board gives an enemy piece a hurdle:
//! - powers: own (ordinary), 安南 and 安北 (a piece borrows from a *friendly* piece
//!   behind / in front) and ネコ鮮 (a line of *one side's* pieces) change only the
//!   dropping side's powers; 対面, 背面 and ネコネコ鮮 read the enemy's pieces, but only
//!   those next to the drop on its file (対面, 背面) or on its file (ネコネコ鮮), so a
//!   drop with no enemy piece there changes no enemy power (then any piece not
//!   line-bound, of either side, may lend an enemy its power and is denied below); 天竺
//!   changes a king's power when a line to it is blocked or the dropped piece checks it
//!   (kept below in part); 駒詰 gives the kings a fixed
//!   kind's power, kept when that kind is line-bound (a hopper's would gain hurdles);
//! - Madrasi (both readings): blocking one of our lines may lift the paralysis of an
//!   enemy piece;
//! - 自己王手王取無効: blocking our line to the enemy king may make an enemy king capture
//!   valid; Isardam forbids positions a drop may make; Koko forbids drops away from
//!   other pieces; 完全打歩 forbids a mating drop that is not a pawn's;
//! - an enemy piece that is not line-bound (a hopper such as the Grasshopper, a Lion, a
//!   Nightrider: `PieceTable::is_line_bound`) may gain a hurdle.
//!
//! 天竺 (no Madrasi, no 利き二歩無効, no capture condition, no turn; ordinary kinds only,
//! the kings each side's one royal piece): the enemy pieces other than the king keep
//! their own powers, and the enemy king's power comes from our pieces that attack it
//! with their own powers. When none does now (its power is a king's), a drop whose
//! piece does not attack it leaves none: a filled square only blocks. The enemy king
//! keeps a king's power where it stands, and our king, not in check, stays unattacked;
//! so such a drop (and any drop where the enemy has no king) is counted.
//!
//! Everything else leaves a drop's legality to where it lands: not a pawn or swallow
//! (two pawns, three swallows and drop-pawn mate ask more), not dead there. The mate and
//! stalemate tests count moves the move bans forbid to play (強欲 included), so a drop
//! counts under them too. Compared with the full test on random positions under every
//! condition by `tests/tests/stalemate_drop.rs`.

use crate::conditions::PowerRule;
use crate::local_safety::{power_neighbourhood_of_many, PowerNeighbourhood};
use crate::{Position, RuleSet, UchifuRule};
use yosei_core::{attacks, Square};

/// Whether the side to move (not in check) has a drop that is surely legal under
/// `rules`: `false` says nothing.
pub(crate) fn has_safe_drop(pos: &Position, rules: &RuleSet) -> bool {
    let us = pos.side_to_move();
    let hand = pos.hand(us);
    if hand.is_empty() {
        return false;
    }
    let Some(lending) = enemy_powers_lent_from(rules) else {
        return rules.compiled().power == PowerRule::Tenjiku && tenjiku_has_safe_drop(pos, rules);
    };
    // the drop squares that change no enemy piece's power: every empty one where the
    // enemy's powers come from its own pieces; a piece that is not line-bound may gain
    // a hurdle: an enemy one, or where enemy pieces borrow from ours, any (its power
    // may be an enemy's)
    let unbound = crate::local_safety::unbound_pieces(pos, rules);
    let (empty, unbound) = match lending {
        PowerNeighbourhood::Own => (!pos.occupied(), unbound & pos.pieces_of(!us)),
        _ => (
            !pos.occupied() & !power_neighbourhood_of_many(pos.pieces_of(!us), lending),
            unbound,
        ),
    };
    if empty.is_empty() || unbound.is_nonempty() {
        return false;
    }
    hand.iter()
        .filter(|&(kind, _)| !crate::drop_pawn_mate::bans_drop_mate(kind))
        .any(|(kind, _)| empty.into_iter().any(|sq| !rules.is_dead(kind, us, sq)))
}

/// [`has_safe_drop`] under 天竺 (the module's note), kept out of line: the other rules'
/// test is the stalemate test's first question at every node.
#[inline(never)]
fn tenjiku_has_safe_drop(pos: &Position, rules: &RuleSet) -> bool {
    let Some(enemy_king) = tenjiku_unattacked_enemy_king(pos, rules) else {
        return false;
    };
    if !drops_kept(rules) {
        return false;
    }
    let us = pos.side_to_move();
    let empty = !pos.occupied();
    pos.hand(us)
        .iter()
        .filter(|&(kind, _)| !crate::drop_pawn_mate::bans_drop_mate(kind))
        .any(|(kind, _)| {
            // not where the dropped piece would attack the enemy king: the squares a
            // piece of its kind of the other side attacks from the king, by the symmetry
            // of the ordinary tables
            let squares = match enemy_king {
                Some(king) => empty & !attacks::ordinary_attacks(kind, !us, king, pos.occupied()),
                None => empty,
            };
            squares.into_iter().any(|sq| !rules.is_dead(kind, us, sq))
        })
}

/// Under 天竺, where a drop that does not attack the enemy king is surely legal (the
/// module's note): `Some(Some(king))`, the enemy king, which none of ours attacks now;
/// `Some(None)` when the enemy has no king; `None` where that cannot be told (a fairy
/// piece in play, a royal piece other than the kings, Madrasi, 利き二歩無効, a capture
/// condition, a turn, or an enemy king attacked now).
fn tenjiku_unattacked_enemy_king(pos: &Position, rules: &RuleSet) -> Option<Option<Square>> {
    if !crate::local_safety::tenjiku_told(pos, rules) {
        return None;
    }
    let us = pos.side_to_move();
    match pos.king(!us) {
        Some(king) if pos.is_attacked(king, us, pos.occupied()) => None,
        king => Some(king),
    }
}

/// Where under `rules` a drop can never make the dropping side's king attacked: `None`
/// nowhere; else the neighbourhood (of the drop square) whose enemy pieces may borrow a
/// power from the dropped piece, so that a drop away from every enemy piece's
/// neighbourhood leaves the enemy's powers as they were (`Own`: the enemy's powers never
/// come from the dropping side's pieces). The relation is symmetric: a square is in
/// the neighbourhood of the drop iff the drop is in that square's.
fn enemy_powers_lent_from(rules: &RuleSet) -> Option<PowerNeighbourhood> {
    let compiled = rules.compiled();
    let lending = match compiled.power {
        PowerRule::Own | PowerRule::Annan | PowerRule::Anhoku | PowerRule::NekoSen => PowerNeighbourhood::Own,
        PowerRule::Komazume(kind) if rules.pieces().is_line_bound(kind) => PowerNeighbourhood::Own,
        PowerRule::Taimen | PowerRule::Haimen | PowerRule::NekoNekoSen => PowerNeighbourhood::of(compiled.power),
        // (天竺: `tenjiku_has_safe_drop`)
        PowerRule::Komazume(_) | PowerRule::Tenjiku => return None,
    };
    drops_kept(rules).then_some(lending)
}

/// Whether `rules` leave a drop's legality to the powers: no Madrasi, no
/// 自己王手王取無効, no Isardam, no Koko, not 完全打歩 (the module's note).
fn drops_kept(rules: &RuleSet) -> bool {
    let compiled = rules.compiled();
    compiled.madrasi.is_none()
        && !compiled.self_check_capture_invalid
        && compiled.isardam.is_none()
        && !compiled.koko
        && rules.uchifu() != Some(UchifuRule::Complete)
}
