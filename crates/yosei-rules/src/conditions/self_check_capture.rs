//! 自己王手王取無効 `skci` (rules.md §5.13), by seed 000's strict definition
//! (docs/rules/self-check-capture.md quotes it sentence by sentence).
//!
//! - *Ordinary check* (通常の王手): a piece could capture the enemy king by its power,
//!   unparalysed, and not by a capture another rule declares invalid (利き二歩無効).
//!   Everything else a capture might break is ignored. `general::ordinary_capturers`.
//! - A king capture is an *ordinary self-check* when, after it, the capturer's own king
//!   stands in ordinary check from a piece that was not giving it ordinary check before
//!   (新たな王手駒): a check left standing does not count.
//! - Under skci a king capture that is an ordinary self-check is no king capture: the
//!   piece gives no check, and legality (self-check, leaving a check) is judged with
//!   this check. A piece is a checker when *some* form of its capture (promoted or not,
//!   a Lion's two-step through the king or onto it, a hop over it) is not an ordinary
//!   self-check.
//! - A move that leaves the mover's king within the enemy king's reach is illegal (the
//!   adjacency ban in its general form, 自玉を相手の玉の利きに入れる着手).
//!
//! Why no recursion: after the king capture the captured side has no king, so its own
//! captures of the capturer's king can never be self-checks — ordinary check there is
//! the whole story (seed 000's closing remark).

use crate::general::ordinary_capturers;
use crate::powers::Powers;
use crate::{Position, RuleSet};
use yosei_core::{Color, Move, Square};

/// Whether the piece on `from` (of `by`, which has the ordinary power to capture the
/// king of `!by` on `king`) has a king capture that is not an ordinary self-check.
/// `powers` are those of `pos`.
pub(crate) fn has_capture_without_self_check(
    pos: &Position,
    rules: &RuleSet,
    powers: &Powers,
    from: Square,
    king: Square,
) -> bool {
    let Some(piece) = pos.piece_at(from) else { return false };
    let by = piece.color;
    let Some(own_king) = pos.king(by) else {
        // nothing of the capturer's can be captured
        return true;
    };
    let before = ordinary_capturers(pos, rules, powers, own_king, !by);
    // The capture is imagined with `by` to move (the opponent passed), so that a Lion's
    // two-steps are generated for `by`.
    let passed = if pos.side_to_move() == by {
        pos.clone()
    } else {
        pos.passed()
    };
    let leaves_no_new_checker = |m: Move| {
        let after = passed.play(m);
        let Some(own_king) = after.king(by) else { return true };
        let checkers = ordinary_capturers(&after, rules, &Powers::new(&after, rules), own_king, !by);
        (checkers & !before).is_empty()
    };
    let reach = powers.reach(pos, rules, from, pos.occupied());
    if reach.landing_captures.contains(king) {
        if leaves_no_new_checker(Move::normal(from, king, false)) {
            return true;
        }
        // promotion is the piece's own kind's, as for every move (conditions.md)
        let may_promote = rules.promotes(piece.kind) && (from.in_zone(by) || king.in_zone(by));
        if may_promote && leaves_no_new_checker(Move::normal(from, king, true)) {
            return true;
        }
    }
    if let Some(hop) = crate::hop_capture::hop_capture(from, king).filter(|_| reach.hop_captures.contains(king)) {
        let may_promote = rules.promotes(piece.kind) && (from.in_zone(by) || hop.to().in_zone(by));
        if leaves_no_new_checker(hop) || (may_promote && leaves_no_new_checker(hop.promoting())) {
            return true;
        }
    }
    let steps = powers.two_steps(pos, rules, from);
    if !steps.is_empty() {
        return crate::lion::two_step_moves(&passed, from, steps, rules.lion_pass)
            .filter(|m| m.via() == Some(king) || m.to() == king)
            .any(leaves_no_new_checker);
    }
    false
}

/// Whether `color`'s king stands within the enemy king's reach (its current power,
/// paralysis aside: Ｋマドラシ is refused with skci): the position after a move of
/// `color` that is forbidden by the adjacency ban.
pub(crate) fn king_in_enemy_king_reach(pos: &Position, rules: &RuleSet, powers: &Powers, color: Color) -> bool {
    let (Some(ours), Some(theirs)) = (pos.king(color), pos.king(!color)) else {
        return false;
    };
    powers.attacks_square(pos, rules, theirs, ours, pos.occupied())
}
