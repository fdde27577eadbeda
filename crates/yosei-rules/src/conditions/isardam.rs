//! Isardam, types A and B (docs/rules/isardam.md), as fm 6.005.019 plays them: a
//! position where a piece attacks an enemy piece of its own kind (promoted and
//! unpromoted kinds differ; a king's attacks never count) is forbidden, whoever moved
//! and however (drops included). Type A (fm's ISARDAM, `!IS`) also asks it of king
//! captures: a piece reaching the enemy king checks only if some form of that capture
//! leaves a position Isardam allows; type B (`ISARDAM（タイプB）`, `!IB`) does not ask.
//!
//! Powers are the pieces' own: fm refuses Isardam with every power-changing condition.

use super::{andernach, king_capture_forms};
use crate::{Condition, Position, RuleSet};
use yosei_core::{Move, PieceKind, Square};

/// Whether king captures must obey Isardam too.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Isardam {
    /// Type A: a king capture that would leave a forbidden position is no check.
    TypeA,
    /// Type B: king captures are never judged.
    TypeB,
}

/// The first attack Isardam forbids in `pos`, as (attacker's square, attacked square).
pub(crate) fn forbidden_attack(pos: &Position, rules: &RuleSet) -> Option<(Square, Square)> {
    let occupied = pos.occupied();
    let table = rules.pieces();
    for from in occupied {
        let Some(piece) = pos.piece_at(from) else { continue };
        if matches!(piece.kind, PieceKind::King | PieceKind::Stone) {
            continue;
        }
        let same_kind = pos.pieces(!piece.color, piece.kind);
        if same_kind.is_empty() {
            continue;
        }
        let hit = table.reach(piece.kind, piece.color, from, occupied).attacks & same_kind;
        if let Some(to) = hit.into_iter().next() {
            return Some((from, to));
        }
    }
    None
}

/// Whether Isardam forbids `pos`.
#[inline]
pub(crate) fn forbids(pos: &Position, rules: &RuleSet) -> bool {
    forbidden_attack(pos, rules).is_some()
}

/// Type A: whether the piece on `from` may capture the king on `king` as a check does —
/// some form of the capture fm's trial move tries (promoted where it may promote,
/// unpromoted unless dead there) leaves a position Isardam allows. Under Andernach the
/// capturer that turns stands on the king's square as the king's side's piece (fm plays
/// the trial through its Andernach move code and judges the board after it).
pub(crate) fn king_capture_allowed(pos: &Position, rules: &RuleSet, from: Square, king: Square) -> bool {
    king_capture_forms(pos, rules, from, king).any(|promote| {
        let capture = Move::normal(from, king, promote);
        let capture = match rules.compiled().turn {
            Some(rule) => andernach::apply(pos, rules, rule, capture),
            None => capture,
        };
        // the capturer's own hand gets nothing: a king goes to no hand
        let after = pos.play(capture);
        !forbids(&after, rules)
    })
}

/// Isardam's type, if one is set, with fm's exclusions and the combinations yosei has
/// not compared with fm refused (Andernach and Anti-Andernach combine: `turn_rule`). Type A with
/// PWC is refused too: fm restores a king "captured" by a move that is no check (PWC's
/// real move, unlike its trial move, puts the king back), which yosei does not play.
pub(crate) fn compile(conditions: &[Condition], problems: &mut Vec<String>) -> Option<Isardam> {
    let rule = match (
        conditions.contains(&Condition::Isardam),
        conditions.contains(&Condition::IsardamB),
    ) {
        (false, false) => return None,
        (true, true) => {
            problems.push("conditions isardam (type A) and isardam-b are two readings of one rule: choose one".into());
            Isardam::TypeA
        }
        (true, false) => Isardam::TypeA,
        (false, true) => Isardam::TypeB,
    };
    let names = |pick: &dyn Fn(&Condition) -> bool| {
        conditions
            .iter()
            .filter(|c| pick(c))
            .map(|c| format!("{c} ({})", c.japanese()))
            .collect::<Vec<_>>()
    };
    let exclusive = names(&|c| {
        use Condition::*;
        matches!(
            c,
            Madrasi | KMadrasi | Annan | Anhoku | Taimen | Haimen | NekoSen | NekoNekoSen | Koko
        )
    });
    if !exclusive.is_empty() {
        problems.push(format!(
            "Isardam cannot be combined with {} (fm treats Isardam as exclusive with Madrasi, the power-changing conditions and Koko)",
            exclusive.join(", ")
        ));
    }
    let type_a = rule == Isardam::TypeA;
    let untried = names(&|c| {
        use Condition::*;
        matches!(c, Tenjiku | Komazume(_) | AntiCirce | SelfCheckCaptureInvalid) || (*c == Pwc && type_a)
    });
    if !untried.is_empty() {
        problems.push(format!(
            "Isardam with {} is not implemented together yet",
            untried.join(", ")
        ));
    }
    Some(rule)
}
