//! Check, mate and stalemate (rules.md §2).

use crate::{Position, RuleSet};
use yosei_core::Move;

impl Position {
    /// Whether `m` (a legal move) gives check.
    pub fn gives_check(&self, m: Move) -> bool {
        self.play(m).in_check()
    }

    /// The side to move is in check and has no legal move (詰み).
    pub fn is_checkmate(&self, rules: &RuleSet) -> bool {
        self.in_check() && !self.has_legal_move(rules)
    }

    /// The side to move is not in check and has no legal move.
    pub fn is_stalemate(&self, rules: &RuleSet) -> bool {
        !self.in_check() && !self.has_legal_move(rules)
    }
}
