//! Help play past its memory: iterative deepening, depth-first, from a stored layer.
//!
//! When a layer outgrows `--hash`, the pass that makes it only tests goals at its end
//! (`worker`: `Pass::goals_only`), as the last pass of a stated length does, and so
//! finds every solution of that length. If there is none, the search goes on from the
//! layer it expanded — every position first reached at ply d, the visited set holding
//! every position reached sooner — depth-first to exactly N plies for the next length
//! a solution may have, then N + 2, … (a goal's side to move fixes the parity of every
//! solution's length): fm's way, which needs memory for its path and a table only.
//!
//! Searching length N, no solution is shorter, so every position on a solution of
//! length N is at the ply it is first reached at. A position met at a ply past one it
//! is known to be reached at — its ply in the visited set, or the shallowest ply this
//! search met it at (`Reached`, kept across iterations) — is on no such solution and
//! is not expanded; met again at the same ply in the same iteration, it is settled
//! already (the table says whether it leads to a goal). The table is bounded: a
//! position it forgot is expanded again, which costs time, never an answer. An
//! iteration that cuts no line at its length shows that no position is first reached
//! at N or later: there is no solution at all.
//!
//! In the iteration that finds goals, the positions of the kinds the visited set indexes
//! that lead to one are kept with their plies (`Visited::keep_beyond`) and the goals' parents
//! in `goal_parents`: the solutions are then rebuilt (`rebuild`) as after a
//! breadth-first search, and counted exactly.

use super::layer::Frontier;
use super::reached::Reached;
use super::{LastPly, NodeRules, Progress, Search};
use crate::outcome::Verdict;
use crate::plan::Goal;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::Mutex;
use yosei_core::{Color, Move};
use yosei_rules::{Key, MoveList, Position};

/// Positions of the frontier a worker takes at a time, at most (a position's subtree
/// may be large: small chunks balance the load).
const CHUNK: usize = 16;
/// Nodes a worker visits between looks at the limits.
const LOOK_EVERY: u64 = 4096;

impl Search<'_> {
    /// Goes on depth-first from `frontier` (the layer of ply `self.depth`; every position
    /// reached sooner is in the visited set), no solution being `proven` plies long or
    /// shorter. The verdict; when solved, `self.depth` is the length and the solutions
    /// can be rebuilt.
    pub(super) fn deepen(&mut self, frontier: &Frontier, proven: u32, progress: &mut impl FnMut(Progress)) -> Verdict {
        self.keep_plies_only(None);
        let Some(first) = frontier.first() else {
            return Verdict::NoSolution;
        };
        let mut table = Reached::with_bytes(self.deepening_table_bytes(frontier, self.pass_nodes));
        let mut length = proven + 1;
        if (first.side_to_move() == self.goal_side()) != (length - self.depth).is_multiple_of(2) {
            length += 1;
        }
        let (from_ply, from) = (self.depth, length);
        let verdict = loop {
            if self.plan.max_length.is_some_and(|n| length > n) {
                break Verdict::NoSolution;
            }
            if let Some(hit) = self.index.cannot_hold(length) {
                self.limit_hit = Some(hit);
                break Verdict::Unknown;
            }
            let done = self.deepen_to(frontier, length, &table);
            self.nodes += done.nodes;
            self.goal_parents = done.goal_parents;
            progress(Progress {
                depth: length,
                memory_bytes: self.memory_bytes(frontier) + table.bytes() as u64,
                ..self.progress(frontier)
            });
            if let Some(hit) = done.limit_hit {
                self.limit_hit = Some(hit);
                break Verdict::Unknown;
            }
            if !self.goal_parents.is_empty() {
                self.depth = length;
                break Verdict::Solved;
            }
            if !done.cut {
                break Verdict::NoSolution;
            }
            let wanted = self.deepening_table_bytes(frontier, done.nodes);
            if wanted >= 2 * table.bytes() {
                table = Reached::with_bytes(wanted);
            }
            length += 2;
        };
        self.notes.push(format!(
            "from ply {from_ply} ({} positions) the search went on depth-first, by iterative deepening to exactly N plies for N = {from}{}, with a table of {} KiB (the solutions are then rebuilt){}",
            frontier.len(),
            if length > from { format!("…{length} by twos") } else { String::new() },
            table.bytes() >> 10,
            self.index.spill_hint()
        ));
        verdict
    }

    /// The side to move in a goal position.
    fn goal_side(&self) -> Color {
        match &self.plan.goal {
            Goal::DefenderMated | Goal::DefenderStalemated => !self.plan.attacker,
            Goal::AttackerMated | Goal::AttackerStalemated => self.plan.attacker,
            Goal::Reach(target) => target.side_to_move(),
        }
    }

    /// The size of the depth-first search's table after a pass or an iteration of
    /// `nodes` nodes: room for as many positions at half load (the next iteration's
    /// positions before its last ply are about those this one met), at least 1 MiB, at
    /// most what is left of the budget or a thirty-second of it. (A table much larger
    /// than it needs costs its pages' first touch, every one of them, in time.)
    fn deepening_table_bytes(&self, frontier: &Frontier, nodes: u64) -> usize {
        let left = self.budget().saturating_sub(self.memory_bytes(frontier));
        let most = left.max(self.budget() / 32);
        nodes.saturating_mul(32).clamp(most.min(1 << 20), most) as usize
    }

    /// One iteration: every line from `frontier` to exactly `length` plies, by
    /// `--threads` workers taking the frontier's positions in chunks.
    fn deepen_to(&self, frontier: &Frontier, length: u32, table: &Reached) -> Deepened {
        let threads = self.limits.threads.clamp(1, frontier.len().max(1));
        let it = Iteration {
            search: self,
            frontier,
            ply: self.depth,
            length,
            table,
            chunk: (frontier.len() / (threads * 8)).clamp(1, CHUNK),
            cursor: AtomicUsize::new(0),
            cut: AtomicBool::new(false),
            stop: AtomicBool::new(false),
            limit_hit: Mutex::new(None),
            nodes: AtomicU64::new(self.nodes),
        };
        let mut workers: Vec<Worker> = (0..threads).map(|_| Worker::default()).collect();
        if threads == 1 {
            workers[0].run(&it);
        } else {
            std::thread::scope(|scope| {
                for w in workers.iter_mut() {
                    let it = &it;
                    scope.spawn(move || w.run(it));
                }
            });
        }
        Deepened {
            nodes: workers.iter().map(|w| w.nodes).sum(),
            goal_parents: workers.into_iter().flat_map(|w| w.goal_parents).collect(),
            cut: it.cut.load(Ordering::Relaxed),
            limit_hit: it.limit_hit.into_inner().unwrap_or_else(|p| p.into_inner()),
        }
    }
}

/// What an iteration found.
struct Deepened {
    nodes: u64,
    goal_parents: Vec<(Position, Move)>,
    /// A line was cut at the length: positions lie beyond it.
    cut: bool,
    limit_hit: Option<String>,
}

/// What the workers of an iteration share.
struct Iteration<'i, 'a> {
    search: &'i Search<'a>,
    frontier: &'i Frontier,
    /// The frontier's ply.
    ply: u32,
    /// The length searched.
    length: u32,
    table: &'i Reached,
    chunk: usize,
    /// Where the next chunk of the frontier starts.
    cursor: AtomicUsize,
    cut: AtomicBool,
    stop: AtomicBool,
    limit_hit: Mutex<Option<String>>,
    /// Nodes counted by the workers so far, with the search's before (for the node limit).
    nodes: AtomicU64,
}

/// A position on a worker's path.
struct Frame {
    pos: Position,
    /// The position's key when the visited set indexes its kind (the table then knows
    /// it), `None` for the others and for the frontier's positions.
    key: Option<Key>,
    ply: u32,
    node: NodeRules,
    /// Its next move in the worker's `moves` (and its child's key in `keys`); its moves
    /// end at `end`.
    next: usize,
    end: usize,
    leads: bool,
}

#[derive(Default)]
struct Worker {
    stack: Vec<Frame>,
    /// The moves of the positions on the path, each one's after its parent's.
    moves: Vec<Move>,
    /// The children's keys beside them (0 for children of kinds not indexed).
    keys: Vec<Key>,
    goal_parents: Vec<(Position, Move)>,
    nodes: u64,
    /// Nodes already added to `Iteration::nodes`.
    reported: u64,
}

impl Worker {
    fn run(&mut self, it: &Iteration) {
        let width = it.frontier.len();
        loop {
            let start = it.cursor.fetch_add(it.chunk, Ordering::Relaxed);
            if start >= width || it.stop.load(Ordering::Relaxed) {
                return;
            }
            it.frontier.for_each_in(start..(start + it.chunk).min(width), |pos, _| {
                if !it.stop.load(Ordering::Relaxed) {
                    self.search_from(it, pos);
                }
            });
        }
    }

    /// Every line from `root` (a position of the frontier) to the iteration's length.
    fn search_from(&mut self, it: &Iteration, root: &Position) {
        self.push(it, root.clone(), None, it.ply);
        let mut steps = 0u64;
        while !self.stack.is_empty() {
            self.step(it);
            steps += 1;
            if steps.is_multiple_of(LOOK_EVERY) && self.limit_reached(it) {
                self.stack.clear();
                self.moves.clear();
                self.keys.clear();
            }
        }
    }

    /// Tries the next move of the position on top of the path, or leaves it when it has
    /// none left.
    fn step(&mut self, it: &Iteration) {
        let search = it.search;
        let top = self.stack.last_mut().expect("a position on the path");
        if top.next == top.end {
            self.pop(it);
            return;
        }
        let (m, key) = (self.moves[top.next], self.keys[top.next]);
        top.next += 1;
        let ply = top.ply + 1;
        if ply == it.length {
            // As the last pass of a stated length: an indexed child is no goal (but a
            // sequence's target, which may be the start).
            let indexed = !top.node.never_goal && search.index.get(key).is_some();
            if indexed && search.reach_key != Some(key) {
                return;
            }
            self.nodes += 1;
            match search.judge_last(&top.pos, top.node, m) {
                LastPly::Goal => {
                    top.leads = true;
                    self.goal_parents.push((top.pos.clone(), m));
                }
                LastPly::NoGoal => it.cut.store(true, Ordering::Relaxed),
                LastPly::Nothing => {}
            }
            return;
        }
        let key = if top.node.never_goal {
            None
        } else {
            // Reached sooner: on no solution of this length.
            if search.index.reached_before(key, ply) {
                return;
            }
            match it.table.get(key) {
                Some(e) if e.ply < ply => return,
                Some(e) if e.ply == ply && e.settled_for == it.length => {
                    top.leads |= e.leads;
                    return;
                }
                _ => Some(key),
            }
        };
        let child = top.pos.play(m);
        // A quiet attacker move under the check obligation may only be the last.
        if top.node.must_check && !top.node.checks_only && !child.in_check(search.rules) {
            return;
        }
        self.nodes += 1;
        if let Some(key) = key {
            it.table.reach(key, ply);
        }
        self.push(it, child, key, ply);
    }

    /// Puts `pos` (at `ply`) on the path with its moves, asking for the slots of its
    /// children's keys ahead of their lookups.
    fn push(&mut self, it: &Iteration, pos: Position, key: Option<Key>, ply: u32) {
        let search = it.search;
        let node = search.node_rules(&pos);
        let mut moves = MoveList::new();
        search.generate(&pos, node, &mut moves);
        let next = self.moves.len();
        for &m in moves.iter() {
            let key = if node.never_goal {
                0
            } else {
                let key = pos.key_after(m);
                search.index.prefetch(key);
                it.table.prefetch(key);
                key
            };
            self.moves.push(m);
            self.keys.push(key);
        }
        self.stack.push(Frame {
            pos,
            key,
            ply,
            node,
            next,
            end: self.moves.len(),
            leads: false,
        });
    }

    /// Takes the top position off the path, settled: the table and its parent learn
    /// whether it leads to a goal, and one that does is kept for the rebuild.
    fn pop(&mut self, it: &Iteration) {
        let done = self.stack.pop().expect("a position on the path");
        let start = self.stack.last().map_or(0, |parent| parent.end);
        self.moves.truncate(start);
        self.keys.truncate(start);
        if let Some(key) = done.key {
            it.table.settle(key, done.ply, it.length, done.leads);
            if done.leads {
                it.search.index.keep_beyond(key, done.ply);
            }
        }
        if let (true, Some(parent)) = (done.leads, self.stack.last_mut()) {
            parent.leads = true;
        }
    }

    /// Whether the iteration must stop (a limit, here or in another worker).
    fn limit_reached(&mut self, it: &Iteration) -> bool {
        let search = it.search;
        let nodes = it.nodes.fetch_add(self.nodes - self.reported, Ordering::Relaxed) + self.nodes - self.reported;
        self.reported = self.nodes;
        let hit = search.limits.reached(nodes, search.start_time);
        if let Some(hit) = hit {
            it.limit_hit
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .get_or_insert(hit);
            it.stop.store(true, Ordering::Relaxed);
        }
        it.stop.load(Ordering::Relaxed)
    }
}
