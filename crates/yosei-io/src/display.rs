//! What a person reads on a terminal: the BOD diagram of a position and a line of
//! moves in KI2 notation (`▲１五角成　△同　銀　▲４二銀打`).

use crate::kif::write_board;
use crate::notation::write_ki2_move;
use yosei_core::{Move, Setup};
use yosei_rules::{Position, RuleSet, Stipulation};

/// The BOD diagram (hands, board, side to move) as KIF writes it.
pub fn diagram(setup: &Setup) -> String {
    let mut out = String::new();
    write_board(setup, &mut out);
    out
}

/// A line of moves from `start` in KI2 notation, separated by full-width spaces; moves
/// that do not replay legally (which a solver never reports) are written in USI.
pub fn ki2_line(start: &Position, rules: &RuleSet, line: &[Move]) -> String {
    joined(replay_line(start, rules, line))
}

/// One move of a line replayed: its KI2 notation and the position it leads to.
pub struct ReplayedMove {
    /// The move in KI2 notation (`▲５二角成`, `△同　銀`); in USI if it was not legal.
    pub ki2: String,
    /// The position after the move; `None` from the first move that was not legal on.
    pub position: Option<Position>,
}

/// Replays `line` from `start`: each move's KI2 notation and the position after it
/// (what a board stepping through a solution shows).
pub fn replay_line(start: &Position, rules: &RuleSet, line: &[Move]) -> Vec<ReplayedMove> {
    replay_with_passes(start, rules, line, |_| false)
}

/// [`replay_line`] for a solution of `stipulation`: in series play the other side passes
/// between the series moves (`Stipulation::passes_after`), and the positions shown are
/// those after the pass.
pub fn replay_solution(
    start: &Position,
    rules: &RuleSet,
    stipulation: Stipulation,
    line: &[Move],
) -> Vec<ReplayedMove> {
    replay_with_passes(start, rules, line, |i| stipulation.passes_after(i, line.len()))
}

/// A solution of `stipulation` in KI2 notation, as [`ki2_line`].
pub fn ki2_solution_line(start: &Position, rules: &RuleSet, stipulation: Stipulation, line: &[Move]) -> String {
    joined(replay_solution(start, rules, stipulation, line))
}

fn joined(steps: Vec<ReplayedMove>) -> String {
    let words: Vec<String> = steps.into_iter().map(|s| s.ki2).collect();
    words.join("\u{3000}")
}

fn replay_with_passes(
    start: &Position,
    rules: &RuleSet,
    line: &[Move],
    passes_after: impl Fn(usize) -> bool,
) -> Vec<ReplayedMove> {
    let mut pos = Some(start.clone());
    let mut previous_to = None;
    let mut steps = Vec::with_capacity(line.len());
    for (i, &m) in line.iter().enumerate() {
        match pos.as_mut() {
            Some(p) if p.is_legal(m, rules) => {
                let ki2 = write_ki2_move(p, rules, m, previous_to);
                p.play_in_place(m);
                if passes_after(i) {
                    *p = p.passed();
                }
                previous_to = Some(m.to());
                steps.push(ReplayedMove {
                    ki2,
                    position: Some(p.clone()),
                });
            }
            _ => {
                pos = None;
                steps.push(ReplayedMove {
                    ki2: m.to_usi(),
                    position: None,
                });
            }
        }
    }
    steps
}
