//! 詰将棋 (direct mate): the attacker checks with every move and mates against any
//! defence; the answer is the shortest mate against the longest defence (rules.md §8).
//!
//! This first version is a plain iterative-deepening AND/OR search (a placeholder for
//! the df-pn search that replaces it): correct on small problems, slow on large ones.

use crate::count::Count;
use crate::outcome::{Outcome, Verdict};
use crate::verify::replay;
use crate::Limits;
use std::collections::HashMap;
use std::time::Instant;
use yosei_core::Move;
use yosei_rules::{Key, Position, RuleSet};

/// How interpositions against a distant check count (cli.md `--futile`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Futile {
    /// Futile interpositions (無駄合) are not defences (全詰連's rule; the default).
    #[default]
    Skip,
    /// Every interposition is a defence (as most engines and generated sets count).
    Count,
}

/// What a direct-mate search is asked besides the position and the limits.
#[derive(Clone, Debug, Default)]
pub struct TsumeOptions {
    pub futile: Futile,
    /// The length the problem states, if any (a shorter mate is reported as 早詰).
    pub stated_length: Option<u32>,
}

/// A snapshot of a running search, for a terminal or a GUI.
#[derive(Clone, Debug, Default)]
pub struct TsumeProgress {
    pub nodes: u64,
    pub elapsed_ms: u128,
    /// What the search is doing: "proving", "shortening", "checking cooks"…
    pub phase: &'static str,
    /// The root's proof and disproof numbers (df-pn), or the depth bound.
    pub proof_number: u64,
    pub disproof_number: u64,
    /// Table use in thousandths.
    pub table_permille: u32,
    /// The best line known so far (may be empty).
    pub line: Vec<Move>,
}

/// Solves `start` (the attacker to move) as a direct mate.
pub fn solve_tsume(
    start: &Position,
    rules: &RuleSet,
    options: &TsumeOptions,
    limits: &Limits,
    mut progress: impl FnMut(&TsumeProgress),
) -> Outcome {
    let mut search = Search {
        rules,
        limits,
        table: HashMap::new(),
        nodes: 0,
        start: Instant::now(),
        limit_hit: None,
    };
    let mut outcome = Outcome::new(Verdict::NoSolution);
    // The placeholder proves "no mate" only up to this length.
    let cap = options.stated_length.unwrap_or(31);
    let mut plies = 1;
    while plies <= cap {
        progress(&TsumeProgress {
            nodes: search.nodes,
            elapsed_ms: search.start.elapsed().as_millis(),
            phase: "deepening",
            proof_number: plies as u64,
            ..TsumeProgress::default()
        });
        let win = search.winning_move(start, plies);
        if search.limit_hit.is_some() {
            outcome.verdict = Verdict::Unknown;
            break;
        }
        if let Some(first) = win {
            let line = search.main_line(start, first, plies);
            outcome.verdict = Verdict::Solved;
            outcome.length = Some(line.len() as u32);
            outcome.solution_count = Count::from(1);
            outcome.distinct_up_to_mirror = Count::from(1);
            match replay(start, rules, &line) {
                Ok(end) if end.is_checkmate(rules) => {
                    let hand = end.hand(start.side_to_move());
                    outcome.leftover.push(
                        hand.iter()
                            .flat_map(|(k, n)| std::iter::repeat_n(k, n as usize))
                            .collect(),
                    );
                    outcome.solutions.push(line);
                }
                _ => {
                    outcome.verdict = Verdict::Unknown;
                    outcome
                        .notes
                        .push("internal error: the main line does not replay to mate".into());
                }
            }
            outcome.stated_length = options.stated_length.filter(|&n| Some(n) != outcome.length);
            break;
        }
        plies += 2;
    }
    outcome.notes.extend(search.limit_hit.take());
    outcome.nodes = search.nodes;
    outcome.elapsed_ms = search.start.elapsed().as_millis();
    outcome
}

struct Search<'a> {
    rules: &'a RuleSet,
    limits: &'a Limits,
    table: HashMap<(Key, u32), bool>,
    nodes: u64,
    start: Instant,
    limit_hit: Option<String>,
}

impl Search<'_> {
    fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes.is_multiple_of(4096) {
            if self.limits.max_nodes.is_some_and(|n| self.nodes >= n) {
                self.limit_hit = Some("node limit reached (--nodes)".into());
            } else if self.limits.time_limit.is_some_and(|t| self.start.elapsed() >= t) {
                self.limit_hit = Some("time limit reached (--time-limit)".into());
            } else if self.limits.stopped() {
                self.limit_hit = Some("stopped".into());
            }
        }
        self.limit_hit.is_none()
    }

    fn winning_move(&mut self, pos: &Position, plies: u32) -> Option<Move> {
        for &m in pos.legal_checks(self.rules).iter() {
            if self.defender_lost(&pos.play(m), Some(m), plies - 1) {
                return Some(m);
            }
            if self.limit_hit.is_some() {
                return None;
            }
        }
        None
    }

    fn attacker_wins(&mut self, pos: &Position, plies: u32) -> bool {
        if plies == 0 || !self.tick() {
            return false;
        }
        if let Some(&v) = self.table.get(&(pos.key(), plies)) {
            return v;
        }
        let win = self.winning_move(pos, plies).is_some();
        if self.limit_hit.is_none() {
            self.table.insert((pos.key(), plies), win);
        }
        win
    }

    /// Whether the defender, to move after `last`, is mated within `plies`.
    fn defender_lost(&mut self, pos: &Position, last: Option<Move>, plies: u32) -> bool {
        if !self.tick() {
            return false;
        }
        let moves = pos.legal_moves(self.rules);
        if moves.is_empty() {
            return pos.in_check(self.rules) && self.rules.mate_counts(last);
        }
        plies >= 2 && moves.iter().all(|&m| self.attacker_wins(&pos.play(m), plies - 1))
    }

    fn main_line(&mut self, start: &Position, first: Move, plies: u32) -> Vec<Move> {
        let mut line = vec![first];
        let mut pos = start.play(first);
        let mut left = plies - 1;
        while left >= 2 {
            // the defender's longest reply
            let mut best: Option<(u32, Move)> = None;
            for &m in pos.legal_moves(self.rules).iter() {
                let after = pos.play(m);
                let need = (1..left)
                    .step_by(2)
                    .find(|&n| self.attacker_wins(&after, n))
                    .unwrap_or(left - 1);
                if best.is_none_or(|(b, _)| need > b) {
                    best = Some((need, m));
                }
            }
            let Some((need, reply)) = best else { break };
            line.push(reply);
            pos.play_in_place(reply);
            let Some(next) = self.winning_move(&pos, need) else {
                break;
            };
            line.push(next);
            pos.play_in_place(next);
            left = need - 1;
        }
        line
    }
}
