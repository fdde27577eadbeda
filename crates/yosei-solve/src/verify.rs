//! Replaying a solution through the rule engine: every reported line must be legal
//! move by move (design.md, Exactness).

use yosei_core::Move;
use yosei_rules::{Position, RuleSet};

/// The position after `line`, or which move is not legal.
pub fn replay(start: &Position, rules: &RuleSet, line: &[Move]) -> Result<Position, String> {
    let mut pos = start.clone();
    for (i, &m) in line.iter().enumerate() {
        if !pos.is_legal(m, rules) {
            return Err(format!("move {} ({}) is not legal", i + 1, m.to_usi()));
        }
        pos.play_in_place(m);
    }
    Ok(pos)
}

/// The end positions of many lines, replaying each shared prefix once (lines sorted so
/// that neighbours share their beginnings are replayed fastest).
pub fn replay_all(start: &Position, rules: &RuleSet, lines: &[Vec<Move>]) -> Result<Vec<Position>, String> {
    // stack[i] is the position after the first i moves of the previous line
    let mut stack = vec![start.clone()];
    let mut previous: &[Move] = &[];
    let mut ends = Vec::with_capacity(lines.len());
    for (n, line) in lines.iter().enumerate() {
        let common = previous.iter().zip(line).take_while(|(a, b)| a == b).count();
        stack.truncate(common + 1);
        for (i, &m) in line.iter().enumerate().skip(common) {
            let pos = stack.last().expect("the start position stays on the stack");
            if !pos.is_legal(m, rules) {
                return Err(format!("line {}, move {} ({}) is not legal", n + 1, i + 1, m.to_usi()));
            }
            let next = pos.play(m);
            stack.push(next);
        }
        ends.push(stack.last().expect("non-empty").clone());
        previous = line;
    }
    Ok(ends)
}
