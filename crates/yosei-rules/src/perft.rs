//! Perft: the number of leaf nodes of the legal-move tree to a fixed depth.

use crate::{MoveList, Position, RuleSet};
use yosei_core::Move;

/// Leaf count at `depth`. The last level is counted from a materialised move list
/// (every move generated and stored), as peers' perft counts it.
pub fn perft(pos: &Position, rules: &RuleSet, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    // (filled here: `legal_moves` would return the list by copying all of it)
    let mut moves = MoveList::new();
    let _ = pos.generate_legal(rules, &mut moves);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves.iter().map(|&m| perft(&pos.play(m), rules, depth - 1)).sum()
}

/// Perft per first move.
pub fn perft_divide(pos: &Position, rules: &RuleSet, depth: u32) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    pos.legal_moves(rules)
        .iter()
        .map(|&m| (m, perft(&pos.play(m), rules, depth - 1)))
        .collect()
}
