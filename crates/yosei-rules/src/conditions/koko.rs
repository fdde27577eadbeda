//! Koko (docs/rules/koko.md), as fm 6.005.019 plays it (KOKO, KOEKO, `!KO`): a move is
//! legal only if, once it is played (a キルケ rebirth or PWC restoration included), the
//! piece that moved or was dropped stands next to some piece (either side's, a stone
//! too; the eight neighbouring squares), on its home square if アンチキルケ sent it there.
//! fm judges king captures the same way: a piece reaching the enemy king (with its power
//! of the moment) checks only if a form of the capture fm's trial move tries (promoted
//! where it may promote, unpromoted unless dead there or a second pawn) exists and the
//! capturer, on the king's square or, under アンチキルケ, on its home square, then has a
//! neighbour; a capture by hopping (the Locust; fm's `hi_trial_move2`) leaves the king's
//! square empty and puts the capturer beyond it, where it must have a neighbour.

use super::{any_anticirce_king_capture, king_capture_forms};
use crate::capture::CaptureRule;
use crate::powers::Powers;
use crate::{Condition, Position, RuleSet};
use yosei_core::{attacks, Color, Displacement, Move, PieceKind, Square};

/// Whether the piece `m` moved or dropped stands next to a piece in `after`.
pub(crate) fn obeyed(m: Move, after: &Position) -> bool {
    let end = match m.displacement() {
        Some((Displacement::Return, sq)) => sq,
        _ => m.to(),
    };
    has_neighbour(end, after.occupied())
}

/// [`obeyed`] told on `pos` without playing `m`, a move of its side to move (`None`:
/// play it and ask): the board's occupancy afterwards is known unless the move puts a
/// piece elsewhere than on its destination (a rebirth, a capture by hopping).
#[inline]
pub(crate) fn obeyed_unplayed(pos: &Position, m: Move) -> Option<bool> {
    if !matches!(m.displacement(), None | Some((Displacement::Turn, _))) || m.via().is_some() {
        return None;
    }
    let occupied = pos.occupied().with(m.to());
    Some(has_neighbour(
        m.to(),
        m.from().map_or(occupied, |from| occupied.without(from)),
    ))
}

/// Whether the piece on `from`, which reaches the king on `king` with its power in
/// `powers`, may capture it as a check does. Under the power conditions the capture
/// follows the borrowed power (fm's `analyze_*_phase_constraint` walks the lent kind's
/// squares) while its forms are the piece's own kind's (its trial move plays the piece).
pub(crate) fn king_capture_allowed(
    pos: &Position,
    rules: &RuleSet,
    powers: &Powers,
    from: Square,
    king: Square,
) -> bool {
    let others = pos.occupied().without(from);
    // (an empty `from` reaches nothing)
    let reach = powers.reach(pos, rules, from, pos.occupied());
    // the capturer lands on the king's square whatever its form (the king goes to no
    // hand and is reborn nowhere: キルケ, PWC), unless アンチキルケ sends it home: then
    // the trial is played and the capturer's neighbour asked where it ends
    let anticirce = rules.capture_rule() == Some(CaptureRule::AntiCirce);
    let played_obeys = |trial: Move| obeyed(trial, &pos.play(trial));
    let landing = reach.landing_captures.contains(king)
        && if anticirce {
            any_anticirce_king_capture(pos, rules, from, king, played_obeys)
        } else {
            king_capture_forms(pos, rules, from, king).next().is_some() && has_neighbour(king, others)
        };
    let hopping = reach.hop_captures.contains(king)
        && crate::hop_capture::hop_capture(from, king).is_some_and(|m| {
            if anticirce {
                let choices = crate::capture::choices(pos, rules, CaptureRule::AntiCirce, m);
                choices.as_slice().iter().any(|&trial| played_obeys(trial))
            } else {
                has_neighbour(m.to(), others.without(king))
            }
        });
    landing || hopping
}

/// Whether a square next to `sq` is in `occupied`.
#[inline]
pub(crate) fn has_neighbour(sq: Square, occupied: yosei_core::Bitboard) -> bool {
    // the king's steps are the same for both colours
    (attacks::ordinary_attacks(PieceKind::King, Color::Black, sq, occupied) & occupied).is_nonempty()
}

/// Whether Koko is set. Refused with it (docs/rules/koko.md): 二歩王取無効 (fm cannot run
/// the pair), PWC (fm's solutions differ from the rule read from its source: not
/// understood yet), 天竺, 駒詰 and skci (not compared with fm). Isardam's
/// exclusion is reported by `isardam::compile`; Andernach and Anti-Andernach combine
/// (`turn_rule`), and so do 安南, 安北, 対面, 背面, ネコ鮮, ネコネコ鮮, Madrasi and Ｋマドラシ
/// (where fm differs, its drop shortcut misses a check: docs/rules/koko.md).
pub(crate) fn compile(conditions: &[Condition], problems: &mut Vec<String>) -> bool {
    if !conditions.contains(&Condition::Koko) {
        return false;
    }
    let refused: Vec<String> = conditions
        .iter()
        .filter(|c| {
            use Condition::*;
            matches!(
                c,
                KikiNifuInvalid | Pwc | Tenjiku | Komazume(_) | SelfCheckCaptureInvalid
            )
        })
        .map(|c| format!("{c} ({})", c.japanese()))
        .collect();
    if !refused.is_empty() {
        problems.push(format!(
            "condition koko (ココ) with {} is not implemented together yet (docs/rules/koko.md: fm cannot run some, disagrees on others)",
            refused.join(", ")
        ));
    }
    true
}
