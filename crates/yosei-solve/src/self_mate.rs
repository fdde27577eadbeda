//! 自殺詰 (selfmate): the attacker, checking with every move, forces the defender to
//! mate it. AND/OR search by iterative deepening over even lengths; the defender avoids
//! mating while it can (rules.md §8), so it is forced only when every legal move of its
//! mates the attacker.
//!
//! The table keeps exact values per (position key, plies left): at a fixed number of
//! plies left the value of a position is fixed, so both wins and losses are cached.

use crate::count::Count;
use crate::outcome::{Outcome, Verdict};
use crate::verify::replay;
use crate::Limits;
use std::collections::HashMap;
use std::time::Instant;
use yosei_core::Move;
use yosei_rules::{Key, MoveList, Position, RuleSet};

struct Search<'a> {
    rules: &'a RuleSet,
    limits: &'a Limits,
    table: HashMap<(Key, u32), bool>,
    nodes: u64,
    start: Instant,
    limit_hit: Option<String>,
}

/// Solves a selfmate in at most `max_length` plies (even: the defender's move ends it)
/// from `start`, whose side to move is the attacker.
pub fn solve_self(start: &Position, rules: &RuleSet, max_length: u32, limits: &Limits) -> Outcome {
    let mut search = Search {
        rules,
        limits,
        table: HashMap::new(),
        nodes: 0,
        start: Instant::now(),
        limit_hit: None,
    };
    let mut outcome = Outcome::new(Verdict::NoSolution);
    let mut plies = 2;
    while plies <= max_length {
        let keys = search.winning_moves(start, plies);
        if search.limit_hit.is_some() {
            outcome.verdict = Verdict::Unknown;
            break;
        }
        if !keys.is_empty() {
            let line = search.main_line(start, keys[0], plies);
            outcome.verdict = Verdict::Solved;
            outcome.length = Some(plies);
            outcome.solution_count = Count::from(1);
            outcome.distinct_up_to_mirror = Count::from(1);
            outcome.cooks = keys.iter().skip(1).map(|&m| vec![m]).collect();
            match replay(start, rules, &line) {
                Ok(end) if end.is_checkmate(rules) && rules.mate_counts(&end, line.last().copied()) => {
                    outcome.solutions.push(line)
                }
                Ok(_) | Err(_) => {
                    outcome.verdict = Verdict::Unknown;
                    outcome
                        .notes
                        .push("internal error: the main line does not replay to mate".into());
                }
            }
            outcome.leftover.push(Vec::new());
            if max_length != plies {
                outcome.stated_length = Some(max_length);
            }
            break;
        }
        plies += 2;
    }
    outcome.notes.extend(search.limit_hit.take());
    outcome.nodes = search.nodes;
    outcome.elapsed_ms = search.start.elapsed().as_millis();
    outcome
}

impl Search<'_> {
    fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes.is_multiple_of(4096) && self.limit_hit.is_none() {
            self.limit_hit = self.limits.reached(self.nodes, self.start);
            if self.limit_hit.is_none() && self.table.len() * 64 > self.limits.hash_mb << 20 {
                self.limit_hit = Some(format!("memory limit of {} MiB reached (--hash)", self.limits.hash_mb));
            }
        }
        self.limit_hit.is_none()
    }

    /// The attacker's legal checking moves.
    fn attacker_moves(&self, pos: &Position) -> MoveList {
        pos.legal_checks(self.rules)
    }

    /// The attacker's checking moves that force the selfmate in exactly `plies` or fewer.
    fn winning_moves(&mut self, pos: &Position, plies: u32) -> Vec<Move> {
        let mut wins = Vec::new();
        for &m in self.attacker_moves(pos).iter() {
            if self.defender_forced(&pos.play(m), plies - 1) {
                wins.push(m);
            }
            if self.limit_hit.is_some() {
                break;
            }
        }
        wins
    }

    fn attacker_wins(&mut self, pos: &Position, plies: u32) -> bool {
        if plies < 2 || !self.tick() {
            return false;
        }
        if let Some(&v) = self.table.get(&(pos.key(), plies)) {
            return v;
        }
        let mut win = false;
        for &m in self.attacker_moves(pos).iter() {
            if self.defender_forced(&pos.play(m), plies - 1) {
                win = true;
                break;
            }
            if self.limit_hit.is_some() {
                return false;
            }
        }
        self.table.insert((pos.key(), plies), win);
        win
    }

    /// Whether the defender, to move with `plies` left (odd), is forced to mate: every
    /// move mates now, or every non-mating move leads to a forced selfmate later.
    fn defender_forced(&mut self, pos: &Position, plies: u32) -> bool {
        if !self.tick() {
            return false;
        }
        let mut moves = MoveList::new();
        let _ = pos.generate_legal(self.rules, &mut moves);
        if moves.is_empty() {
            return false; // mated or stalemated itself: no selfmate
        }
        for &m in moves.iter() {
            let after = pos.play(m);
            if after.is_checkmate(self.rules) && self.rules.mate_counts(&after, Some(m)) {
                continue;
            }
            if plies < 3 || !self.attacker_wins(&after, plies - 1) {
                return false;
            }
        }
        true
    }

    /// A main line: the key move, then for the defender the reply that holds out
    /// longest, for the attacker the first move that still forces the shortest end.
    fn main_line(&mut self, start: &Position, key: Move, plies: u32) -> Vec<Move> {
        let mut line = vec![key];
        let mut pos = start.play(key);
        let mut left = plies - 1;
        loop {
            // defender to move
            let mut moves = MoveList::new();
            let _ = pos.generate_legal(self.rules, &mut moves);
            let mut best: Option<(u32, Move)> = None;
            for &m in moves.iter() {
                let after = pos.play(m);
                if after.is_checkmate(self.rules) && self.rules.mate_counts(&after, Some(m)) {
                    best = best.or(Some((0, m)));
                    continue;
                }
                let need = (2..left)
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
            if need == 0 {
                break;
            }
            left = need;
            let Some(&next) = self
                .attacker_moves(&pos)
                .iter()
                .find(|&&m| self.defender_forced(&pos.play(m), left - 1))
            else {
                break;
            };
            line.push(next);
            pos.play_in_place(next);
            left -= 1;
        }
        line
    }
}
