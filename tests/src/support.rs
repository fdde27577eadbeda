//! Small helpers the test files share: moves and solutions as sorted USI text.

use yosei_core::Move;
use yosei_rules::{Position, RuleSet};

/// Each solution as its USI moves joined by spaces, sorted.
pub fn solution_lines(solutions: &[Vec<Move>]) -> Vec<String> {
    let mut lines: Vec<String> = solutions
        .iter()
        .map(|l| l.iter().map(|m| m.to_usi()).collect::<Vec<_>>().join(" "))
        .collect();
    lines.sort();
    lines
}

/// The legal moves of `pos` whose USI text starts with `prefix` (`""` for all), sorted.
pub fn legal_usi(pos: &Position, rules: &RuleSet, prefix: &str) -> Vec<String> {
    let mut out: Vec<String> = pos
        .legal_moves(rules)
        .iter()
        .map(|m| m.to_usi())
        .filter(|m| m.starts_with(prefix))
        .collect();
    out.sort();
    out
}

/// Moves in a canonical order, for comparing move sets.
pub fn sorted(mut moves: Vec<Move>) -> Vec<Move> {
    moves.sort();
    moves
}
