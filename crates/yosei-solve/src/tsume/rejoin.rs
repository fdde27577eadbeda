//! Other checks that mate as fast and come back to the main line: 非限定 and 手順前後.
//!
//! A check beside the line's that mates as soon is a cook (余詰) when it is another
//! solution. Composers call it no cook when it is the same solution by another road: a
//! piece that can land on either of two squares and then goes on as the line does (非限定,
//! 寿's R*6a for R*5a before 5a3a+), or the line's own moves in another order (手順前後,
//! ミクロコスモス's 3a4a before 9c8b). Both come back to the line's own position at the
//! same ply. docs/rules/direct-mate.md ("Cooks") says how they are reported and which
//! option counts them as cooks.

use yosei_core::Move;
use yosei_rules::{Position, RuleSet};

/// Plies after the other check within which it must come back.
const WINDOW: usize = 10;

/// The moves from the check `alt`, played instead of the line's move `at`, until the play
/// stands on the line's own position after as many plies, within `WINDOW` plies: each
/// side plays the line's own moves of those plies, in any order, each once, and the last
/// move of either side may be any that lands on the line's position. `None` when there
/// is no such road. `positions[i]` is the line's position before `moves[i]`.
pub(super) fn rejoins_line(
    rules: &RuleSet,
    positions: &[Position],
    moves: &[Move],
    at: usize,
    alt: Move,
) -> Option<Vec<Move>> {
    let end = (at + WINDOW).min(moves.len());
    let mut road = Road {
        rules,
        positions,
        moves,
        at,
        end,
        used: vec![false; end - at],
        detour: vec![alt],
    };
    let after = positions[at].play(alt);
    road.comes_back(&after, at + 1).then_some(road.detour)
}

/// A search for the road back, the line's moves `at..end` its bricks.
struct Road<'a> {
    rules: &'a RuleSet,
    positions: &'a [Position],
    moves: &'a [Move],
    at: usize,
    end: usize,
    /// Which of the line's moves `at..end` the detour has played.
    used: Vec<bool>,
    detour: Vec<Move>,
}

impl Road<'_> {
    /// Whether play from `pos`, standing after `ply` plies, comes back (the detour then
    /// holds the moves to there).
    fn comes_back(&mut self, pos: &Position, ply: usize) -> bool {
        if ply >= self.end {
            return false;
        }
        let attacker = (ply - self.at).is_multiple_of(2);
        let legal = if attacker {
            pos.legal_checks(self.rules)
        } else {
            pos.legal_moves(self.rules)
        };
        let target = &self.positions[ply + 1];
        if let Some(&m) = legal.iter().find(|&&m| pos.play(m) == *target) {
            self.detour.push(m);
            return true;
        }
        // the same side's moves of the line within the window
        let (at, side) = (self.at, (ply - self.at) % 2);
        for j in (at..self.end).filter(|j| (j - at) % 2 == side) {
            let m = self.moves[j];
            if self.used[j - at] || !legal.iter().any(|&l| l == m) {
                continue;
            }
            self.used[j - at] = true;
            self.detour.push(m);
            if self.comes_back(&pos.play(m), ply + 1) {
                return true;
            }
            self.detour.pop();
            self.used[j - at] = false;
        }
        false
    }
}
