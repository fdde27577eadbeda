//! What a person reads on a terminal: the BOD diagram of a position and a line of
//! moves in KI2 notation (`▲１五角成　△同　銀　▲４二銀打`).

use crate::kif::write_board;
use crate::notation::write_ki2_move;
use yosei_core::{Move, Setup};
use yosei_rules::{Position, RuleSet};

/// The BOD diagram (hands, board, side to move) as KIF writes it.
pub fn diagram(setup: &Setup) -> String {
    let mut out = String::new();
    write_board(setup, &mut out);
    out
}

/// A line of moves from `start` in KI2 notation, separated by full-width spaces; moves
/// that do not replay legally (which a solver never reports) are written in USI.
pub fn ki2_line(start: &Position, rules: &RuleSet, line: &[Move]) -> String {
    let mut pos = start.clone();
    let mut previous_to = None;
    let mut words = Vec::with_capacity(line.len());
    for &m in line {
        if pos.is_legal(m, rules) {
            words.push(write_ki2_move(&pos, rules, m, previous_to));
            pos.play_in_place(m);
            previous_to = Some(m.to());
        } else {
            words.push(m.to_usi());
        }
    }
    words.join("\u{3000}")
}
