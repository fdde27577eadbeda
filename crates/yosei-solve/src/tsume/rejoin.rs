//! Other checks that mate as fast and come back to the main line: 非限定 and 手順前後.
//!
//! A check beside the line's that mates as soon is a cook (余詰) when it is another
//! solution. Composers call it no cook when it is the same solution by another road: a
//! piece that can land on either of two squares and then goes on as the line does (非限定,
//! 寿's R*6a for R*5a before 5a3a+), or two of the line's moves in the other order (手順前後).
//! Both come back to the line's own position at the same ply. docs/rules/direct-mate.md
//! ("Cooks") says how they are reported and which option counts them as cooks.

use yosei_core::Move;
use yosei_rules::{Position, RuleSet};

/// The moves from the check `alt`, played instead of the line's move `at`, until the play
/// stands on the line's own position after the same number of plies: the defender
/// replies as the line does, the attacker plays a check that lands on the line's
/// position when one does, the line's own move otherwise. `None` when it does not come
/// back (a reply or a move of the line is not legal there, or the line ends first).
/// `positions[i]` is the line's position before `moves[i]`.
pub(super) fn rejoins_line(
    rules: &RuleSet,
    positions: &[Position],
    moves: &[Move],
    at: usize,
    alt: Move,
) -> Option<Vec<Move>> {
    let attacker = positions[at].side_to_move();
    let mut pos = positions[at].play(alt);
    let mut detour = vec![alt];
    for (i, &line_move) in moves.iter().enumerate().skip(at + 1) {
        let next = if pos.side_to_move() == attacker {
            let checks = pos.legal_checks(rules);
            if let Some(&m) = checks.iter().find(|&&m| pos.play(m) == positions[i + 1]) {
                detour.push(m);
                return Some(detour);
            }
            checks.iter().copied().find(|&m| m == line_move)?
        } else {
            pos.legal_moves(rules).iter().copied().find(|&m| m == line_move)?
        };
        pos = pos.play(next);
        detour.push(next);
    }
    None
}
