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
