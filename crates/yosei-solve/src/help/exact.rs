//! Help play's solutions of exactly the stated length, and of each length between the
//! shortest and it, when a shorter one exists.
//!
//! fm's `#n` searches lines of exactly n plies and prints every goal met on the way: a
//! shorter solution marked 早詰, whatever its length, and every solution of n plies
//! (docs/rules/help.md, "Length"). The breadth-first search proves the shortest; this
//! pass lists the others, counted per length. It cannot reuse `deepen`: that search
//! drops a position met past the ply it is first reached at, which loses nothing only
//! while no solution is shorter than the length searched. Here a line may pass through
//! such positions, but, as in fm (its "手順中同一局面" test, on by default), not come
//! back to a position it has been in, the start included, except the position before
//! the last move of a line of n plies, which fm does not test (it tests below the stated
//! depth only; its count on a rook shuttle, 797, is neither barring every repeat, 739,
//! nor none, 821). A line that ends sooner is tested all along. A goal is a position
//! whose mover has no legal move, so no line passes through one.
//!
//! Depth-first, the line's positions in a set; a (position, ply) from which no line
//! reaches a goal within n plies is remembered, unless that came of the line's own
//! positions being barred (another line to it may not bar them).

use super::paths::Budget;
use super::{up_to_mirror, Judged, LastPly, Search};
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
    /// The stated length: the lines searched are at most this long.
    length: u32,
    /// The shortest solution's length: goals met that soon are not listed again.
    shortest: u32,
    /// The positions of the line so far, the start included.
    on_line: HashSet<Key>,
    line: Vec<Move>,
    /// (position, ply) from which no line reaches a goal within `length` plies.
    dead: HashSet<(Key, u32)>,
    dead_room: usize,
    /// The goals met, by the length of their line (index: plies).
    by_length: Vec<Found>,
    nodes: u64,
    limit_hit: Option<String>,
}

/// The solutions of one length met so far.
struct Found {
    count: Count,
    lines: Vec<Vec<Move>>,
    budget: Budget,
}

/// What a position's lines came to.
#[derive(Clone, Copy, Default)]
struct Walked {
    /// A goal within `length` plies.
    found: bool,
    /// A line was barred by a position already on it (or a limit cut the walk).
    barred: bool,
}

/// The solutions of exactly the stated length, and those of each length between the
/// shortest and it (ascending; of the parity a goal can be met at).
pub(crate) struct LongerSolutions {
    pub(crate) exact: ExactLength,
    pub(crate) between: Vec<ExactLength>,
}

impl Search<'_> {
    /// Every solution longer than `shortest` plies and at most `length` plies long
    /// from `start` (no position twice on a line), counted per length and listed within
    /// the limits; the nodes it visited are added to the search's.
    pub(super) fn longer_solutions(&mut self, start: &Position, shortest: u32, length: u32) -> LongerSolutions {
        let dead_room = (self.budget() / 64) as usize;
        let search = &*self;
        let (lines, moves) = (search.limits.max_listed, search.limits.max_listed_moves);
        let walked = crate::search_thread::run(move || {
            let mut exact = ExactSearch {
                search,
                length,
                shortest,
                on_line: HashSet::from([start.key()]),
                line: Vec::new(),
                dead: HashSet::new(),
                dead_room,
                by_length: (0..=length).map(|_| Found::new(Budget { lines, moves })).collect(),
                nodes: 0,
                limit_hit: None,
            };
            exact.walk(start, 0);
            (exact.by_length, exact.nodes, exact.limit_hit)
        });
        let (by_length, nodes, limit_hit) = match walked {
            Ok(walked) => walked,
            Err(why) => (Vec::new(), 0, Some(why)),
        };
        self.nodes += nodes;
        if let Some(hit) = &limit_hit {
            self.notes.push(format!(
                "the solutions longer than {shortest} plies are counted in part: {hit}"
            ));
        }
        let complete = limit_hit.is_none();
        let mut by_length: Vec<Option<Found>> = by_length.into_iter().map(Some).collect();
        let mut take = |at: u32| by_length.get_mut(at as usize).and_then(Option::take);
        // Every goal is met by the same side's move: at the stated length's parity.
        let between: Vec<(u32, Option<Found>)> = (shortest + 1..length)
            .filter(|at| (length - at).is_multiple_of(2))
            .map(|at| (at, take(at)))
            .collect();
        let exact = take(length);
        LongerSolutions {
            exact: self.of_length(start, length, exact, complete),
            between: between
                .into_iter()
                .map(|(at, found)| self.of_length(start, at, found, complete))
                .collect(),
        }
    }

    /// The solutions of `length` plies found (none when the pass did not run), their
    /// lines checked and sorted.
    fn of_length(&mut self, start: &Position, length: u32, found: Option<Found>, complete: bool) -> ExactLength {
        let Found { count, mut lines, .. } = found.unwrap_or_else(|| Found::new(Budget { lines: 0, moves: 0 }));
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
            complete,
        }
    }
}

impl Found {
    fn new(budget: Budget) -> Found {
        Found {
            count: Count::default(),
            lines: Vec::new(),
            budget,
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
                    self.record(m);
                }
                continue;
            }
            // A goal met sooner ends its line (早詰); a quiet attacker move under the
            // check obligation may only be the last, of the stated length: fm does not
            // try one sooner, so it meets no shorter help-stalemate.
            let child = if node.never_goal || (node.must_check && !node.checks_only) {
                let child = pos.play(m);
                if !search.meets_check_duty(node, &child) {
                    continue;
                }
                child
            } else {
                match search.judge(pos, node, m) {
                    Judged::Goal => {
                        walked.found = true;
                        self.record(m);
                        continue;
                    }
                    Judged::Nothing => continue,
                    Judged::Node(child) => child,
                }
            };
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

    /// Counts the line ended by `last`, and lists it while its length's budget lasts
    /// (the shortest solutions are the search's own: not again).
    fn record(&mut self, last: Move) {
        let plies = self.line.len() + 1;
        if plies as u32 <= self.shortest {
            return;
        }
        let Some(found) = self.by_length.get_mut(plies) else {
            return;
        };
        found.count.add(&Count::from(1));
        if found.budget.lines > 0 && found.budget.moves >= plies {
            found.budget.lines -= 1;
            found.budget.moves -= plies;
            let mut line = self.line.clone();
            line.push(last);
            found.lines.push(line);
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
