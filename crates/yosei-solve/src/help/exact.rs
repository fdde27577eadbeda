//! Help play's solutions of exactly the stated length, when a shorter one exists.
//!
//! fm's `#n` searches lines of exactly n plies and prints every goal met on the way: a
//! shorter solution marked 早詰 and every solution of n plies (docs/rules/help.md,
//! "Length"). The breadth-first search proves the shortest; this pass lists the others.
//! It cannot reuse `deepen`: that search drops a position met past the ply it is first
//! reached at, which loses nothing only while no solution is shorter than the length
//! searched. Here a line may pass through such positions, but, as in fm (its
//! "手順中同一局面" test, on by default), not come back to a position it has been in,
//! the start included, except the position before the last move, which fm does not
//! test (it tests below the stated depth only; its count on a rook shuttle, 797, is
//! neither barring every repeat, 739, nor none, 821). A goal is a position whose mover
//! has no legal move, so no line passes through one.
//!
//! Depth-first, the line's positions in a set; a (position, ply) from which no line
//! reaches a goal at n plies is remembered, unless that came of the line's own
//! positions being barred (another line to it may not bar them).

use super::paths::Budget;
use super::{up_to_mirror, LastPly, Search};
use crate::count::Count;
use crate::outcome::ExactLength;
use crate::verify::replay_all;
use std::collections::HashSet;
use yosei_core::Move;
use yosei_rules::{Key, MoveList, Position};

/// Nodes the pass visits at most when neither `--nodes` nor `--time-limit` bounds it
/// (it is a listing beside a proven answer, and may be exponential in the length).
pub(crate) const EXACT_LENGTH_NODES: u64 = 50_000_000;
/// Nodes between looks at the limits.
const LOOK_EVERY: u64 = 4096;

struct ExactSearch<'s, 'a> {
    search: &'s Search<'a>,
    length: u32,
    /// The positions of the line so far, the start included.
    on_line: HashSet<Key>,
    line: Vec<Move>,
    /// (position, ply) from which no line reaches a goal at `length` plies.
    dead: HashSet<(Key, u32)>,
    dead_room: usize,
    count: Count,
    lines: Vec<Vec<Move>>,
    budget: Budget,
    nodes: u64,
    limit_hit: Option<String>,
}

/// What a position's lines came to.
#[derive(Clone, Copy, Default)]
struct Walked {
    /// A goal at `length` plies.
    found: bool,
    /// A line was barred by a position already on it (or a limit cut the walk).
    barred: bool,
}

impl Search<'_> {
    /// Every solution of exactly `length` plies from `start` (no position twice on a
    /// line), counted and listed within the limits; the nodes it visited are added to
    /// the search's.
    pub(super) fn exact_length_solutions(&mut self, start: &Position, length: u32) -> ExactLength {
        let budget = Budget {
            lines: self.limits.max_listed,
            moves: self.limits.max_listed_moves,
        };
        let dead_room = (self.budget() / 64) as usize;
        let search = &*self;
        let walked = crate::search_thread::run(move || {
            let mut exact = ExactSearch {
                search,
                length,
                on_line: HashSet::from([start.key()]),
                line: Vec::new(),
                dead: HashSet::new(),
                dead_room,
                count: Count::default(),
                lines: Vec::new(),
                budget,
                nodes: 0,
                limit_hit: None,
            };
            exact.walk(start, 0);
            (exact.count, exact.lines, exact.nodes, exact.limit_hit)
        });
        let (count, mut lines, nodes, limit_hit) = match walked {
            Ok(walked) => walked,
            Err(why) => (Count::default(), Vec::new(), 0, Some(why)),
        };
        self.nodes += nodes;
        if let Some(hit) = &limit_hit {
            self.notes.push(format!(
                "the solutions of exactly {length} plies are counted in part: {hit}"
            ));
        }
        match replay_all(start, self.rules, &lines) {
            Ok(ends)
                if ends
                    .iter()
                    .zip(&lines)
                    .all(|(end, l)| self.is_goal(end, None, l.last().copied())) => {}
            _ => {
                self.notes.push(format!(
                    "internal error: a solution of {length} plies does not reach the goal"
                ));
                lines.clear();
            }
        }
        lines.sort_by_cached_key(|l| l.iter().map(|m| m.to_usi()).collect::<Vec<_>>());
        ExactLength {
            length,
            distinct_up_to_mirror: up_to_mirror(start, &lines, &count),
            solutions: lines,
            count,
            complete: limit_hit.is_none(),
        }
    }
}

impl ExactSearch<'_, '_> {
    /// The lines from `pos`, `ply` plies into the line.
    fn walk(&mut self, pos: &Position, ply: u32) -> Walked {
        let search = self.search;
        let node = search.node_rules(pos);
        let mut moves = MoveList::new();
        search.generate(pos, node, &mut moves);
        let mut walked = Walked::default();
        for &m in moves.iter() {
            if self.limit_reached() {
                walked.barred = true;
                break;
            }
            self.nodes += 1;
            if ply + 1 == self.length {
                if search.judge_last(pos, node, m) == LastPly::Goal {
                    walked.found = true;
                    self.count.add(&Count::from(1));
                    self.list(m);
                }
                continue;
            }
            let child = pos.play(m);
            // A quiet attacker move under the check obligation may only be the last.
            if !search.meets_check_duty(node, &child) {
                continue;
            }
            let key = child.key();
            if self.dead.contains(&(key, ply + 1)) {
                continue;
            }
            // fm tests the positions before the last but one ply only.
            let tested = ply + 2 < self.length;
            if tested && !self.on_line.insert(key) {
                walked.barred = true;
                continue;
            }
            self.line.push(m);
            let below = self.walk(&child, ply + 1);
            self.line.pop();
            if tested {
                self.on_line.remove(&key);
            }
            if !below.found && !below.barred && self.dead.len() < self.dead_room {
                self.dead.insert((key, ply + 1));
            }
            walked.found |= below.found;
            walked.barred |= below.barred;
        }
        walked
    }

    /// Lists the line ended by `last`, while the budget lasts.
    fn list(&mut self, last: Move) {
        let moves = self.line.len() + 1;
        if self.budget.lines > 0 && self.budget.moves >= moves {
            self.budget.lines -= 1;
            self.budget.moves -= moves;
            let mut line = self.line.clone();
            line.push(last);
            self.lines.push(line);
        }
    }

    /// Whether a limit stops the pass (looked at every `LOOK_EVERY` nodes).
    fn limit_reached(&mut self) -> bool {
        if self.limit_hit.is_none() && self.nodes.is_multiple_of(LOOK_EVERY) && self.nodes > 0 {
            let limits = self.search.limits;
            self.limit_hit = limits
                .reached(self.search.nodes + self.nodes, self.search.start_time)
                .or_else(|| {
                    (limits.max_nodes.is_none() && limits.time_limit.is_none() && self.nodes >= EXACT_LENGTH_NODES)
                        .then(|| {
                            format!(
                                "{EXACT_LENGTH_NODES} nodes, the most this pass visits without --nodes or --time-limit"
                            )
                        })
                });
        }
        self.limit_hit.is_some()
    }
}
