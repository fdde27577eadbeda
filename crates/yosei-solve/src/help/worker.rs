//! One pass over the frontier: its positions expanded into the next layer, by one
//! worker or, for wide frontiers with `--threads`, several sharing the visited set.
//!
//! Each worker keeps its own part of the next layer, its own edges and goals, and takes
//! node ids from the pass's counter in blocks. Concatenated in any order afterwards,
//! the edges still come into a node before they leave it: a worker stores the edge
//! into an unindexed position before that position's own, and an indexed position's
//! edges out are made in a later pass.

use super::layer::{Frontier, Layer, Spare};
use super::paths::Edge;
use super::{ChildIs, Judged, LastPly, Search, Store};
use std::ops::Range;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, AtomicUsize, Ordering};
use std::sync::Mutex;
use yosei_core::Move;
use yosei_rules::{Key, MoveList, Position};

/// Frontiers narrower than this are expanded by one thread: a thread costs tens of
/// microseconds, a position a few (measured on ryu_no_agito_12555, whose frontiers
/// are mostly a few thousand wide: 256 best of 128–4096).
const PARALLEL_FROM: usize = 256;
/// Positions a worker takes from the frontier at a time, at most: eight chunks per
/// worker balance the load.
const CHUNK: usize = 256;
/// Node ids a worker takes at a time.
const ID_BLOCK: u32 = 1024;

/// What the workers of one pass share.
struct Pass<'p, 'a> {
    search: &'p Search<'a>,
    /// The frontier's ply.
    ply: u32,
    /// The ply of the layer this pass makes.
    end: u32,
    /// The frontier's number of positions.
    width: usize,
    /// Every id given in this pass is at least this: an indexed position with such an
    /// id was first reached in this pass.
    first_id: u32,
    next_id: AtomicU32,
    /// The index values are node ids and edges are kept (`Store::Edges` at the start).
    edges_store: bool,
    /// The edges would pass the budget: workers drop theirs, the search switches to
    /// the plies store after the pass.
    drop_edges: AtomicBool,
    /// The pass only tests goals at its end, as the last pass of a stated length does,
    /// and stores nothing more: from the start (`PassMode::GoalsOnly`) or since the
    /// next layer would pass the budget.
    goals_only: AtomicBool,
    /// The goals at the pass's end were tested by an earlier pass (`PassMode::Tested`).
    goals_tested: bool,
    /// The next layer would pass the budget, and its goals were tested: the pass stopped.
    outgrown: AtomicBool,
    /// Where the next chunk of the frontier starts.
    cursor: AtomicUsize,
    stop: AtomicBool,
    limit_hit: Mutex<Option<String>>,
    /// Memory outside the index and the workers' growth, at the start of the pass.
    base_bytes: u64,
    /// Each worker's edges and next layer, as last reported.
    worker_bytes: Vec<AtomicU64>,
    /// Nodes counted by the workers so far (for the node limit).
    nodes: AtomicU64,
}

/// A worker's results.
pub(super) struct Worker {
    slot: usize,
    pub(super) edges: Vec<Edge>,
    pub(super) goals: Vec<(u32, Move)>,
    /// Goal moves with their parent positions, in either store (the edges may yet be
    /// dropped in this pass; the backward rebuild starts from them).
    pub(super) goal_parents: Vec<(Position, Move)>,
    pub(super) nodes: u64,
    next: Layer,
    /// New positions that may be in the spilled set (`Visited::held_back`).
    pub(super) held_back: HeldBack,
    /// Empty blocks for `next`: the worker's share of the pass's spare ones.
    spare_blocks: Vec<Vec<u8>>,
    /// Scratch: the children's keys of the position being expanded.
    keys: Vec<Key>,
    /// Scratch: the child being judged (made on the first).
    scratch: Option<Box<Position>>,
    ids: Range<u32>,
    expansions: u64,
    /// Nodes already added to `Pass::nodes`.
    reported_nodes: u64,
}

/// Positions held back in a pass and their keys (the keys are looked up on disk; the
/// few positions that are new are unpacked).
#[derive(Default)]
pub(super) struct HeldBack {
    /// Made on the first.
    pub(super) positions: Option<Layer>,
    pub(super) keys: Vec<Key>,
}

impl HeldBack {
    fn push(&mut self, pos: &Position, key: Key, width: usize, spare_blocks: &mut Vec<Vec<u8>>) {
        self.positions
            .get_or_insert_with(|| Layer::for_width(width, false, &mut Spare::default()))
            .push_copy(pos, 0, spare_blocks);
        self.keys.push(key);
    }

    fn bytes(&self) -> usize {
        self.positions.as_ref().map_or(0, Layer::bytes) + self.keys.capacity() * std::mem::size_of::<Key>()
    }
}

/// The outcome of a pass.
pub(super) struct PassResult {
    pub(super) workers: Vec<Worker>,
    pub(super) next: Vec<Layer>,
    pub(super) next_id: u32,
    pub(super) drop_edges: bool,
    /// The next layer is whole; if not, its goals were all tested (in this pass or an
    /// earlier one).
    pub(super) whole: bool,
    pub(super) limit_hit: Option<String>,
}

/// What a pass does with the layer it makes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum PassMode {
    /// Stores it; if it outgrows the budget, stores no more and only tests goals.
    Store,
    /// Only tests goals there (as the last pass of a stated length).
    GoalsOnly,
    /// Stores it, its goals having been tested (none): if it outgrows the budget, stops.
    Tested,
}

/// Expands `frontier` by `plies` (one, or two where the first ply's children are not
/// indexed).
pub(super) fn run_pass(
    search: &Search,
    frontier: &Frontier,
    plies: u32,
    mode: PassMode,
    spare: &mut Spare,
) -> PassResult {
    let width = frontier.len();
    let threads = if width >= PARALLEL_FROM {
        search.limits.threads.max(1)
    } else {
        1
    };
    let edges_store = matches!(search.store, Store::Edges { .. });
    let pass = Pass {
        search,
        ply: search.depth,
        end: search.depth + plies,
        width,
        first_id: search.node_count,
        next_id: AtomicU32::new(search.node_count),
        edges_store,
        drop_edges: AtomicBool::new(false),
        goals_only: AtomicBool::new(mode == PassMode::GoalsOnly),
        goals_tested: mode == PassMode::Tested,
        outgrown: AtomicBool::new(false),
        cursor: AtomicUsize::new(0),
        stop: AtomicBool::new(false),
        limit_hit: Mutex::new(None),
        base_bytes: (search.edges_bytes() + frontier.bytes()) as u64,
        worker_bytes: (0..threads).map(|_| AtomicU64::new(0)).collect(),
        nodes: AtomicU64::new(search.nodes),
    };
    let share = spare.blocks() / threads;
    let mut workers: Vec<Worker> = (0..threads)
        .map(|slot| Worker {
            slot,
            edges: Vec::new(),
            goals: Vec::new(),
            goal_parents: Vec::new(),
            nodes: 0,
            next: Layer::for_width(width, edges_store, spare),
            held_back: HeldBack::default(),
            spare_blocks: spare.split_off_blocks(share),
            keys: Vec::new(),
            scratch: None,
            ids: 0..0,
            expansions: 0,
            reported_nodes: 0,
        })
        .collect();
    if threads == 1 {
        workers[0].run(&pass, frontier);
    } else {
        std::thread::scope(|scope| {
            for w in workers.iter_mut() {
                let pass = &pass;
                scope.spawn(move || w.run(pass, frontier));
            }
        });
    }
    let next = workers
        .iter_mut()
        .map(|w| {
            spare.take_blocks(&mut w.spare_blocks);
            std::mem::replace(&mut w.next, Layer::for_width(0, false, &mut Spare::default()))
        })
        .collect();
    PassResult {
        workers,
        next,
        next_id: pass.next_id.load(Ordering::Relaxed),
        drop_edges: pass.drop_edges.load(Ordering::Relaxed),
        whole: !pass.goals_only.load(Ordering::Relaxed) && !pass.outgrown.load(Ordering::Relaxed),
        limit_hit: pass.limit_hit.into_inner().unwrap_or_else(|p| p.into_inner()),
    }
}

impl Worker {
    fn run(&mut self, pass: &Pass, frontier: &Frontier) {
        let width = frontier.len();
        let chunk = (width / (pass.worker_bytes.len() * 8)).clamp(16, CHUNK);
        loop {
            let start = pass.cursor.fetch_add(chunk, Ordering::Relaxed);
            if start >= width || pass.stop.load(Ordering::Relaxed) {
                return;
            }
            frontier.for_each_in(start..(start + chunk).min(width), |pos, id| {
                if !pass.stop.load(Ordering::Relaxed) {
                    self.expand(pass, pos, id, pass.ply);
                }
            });
        }
    }

    /// Keeps edges: the store keeps them and they were not dropped in this pass.
    fn keeps_edges(&self, pass: &Pass) -> bool {
        pass.edges_store && !pass.drop_edges.load(Ordering::Relaxed)
    }

    /// A node id (`Store::Edges`; 0 otherwise, unused).
    fn new_id(&mut self, pass: &Pass) -> u32 {
        if !pass.edges_store {
            return 0;
        }
        if self.ids.is_empty() {
            let start = pass.next_id.fetch_add(ID_BLOCK, Ordering::Relaxed);
            self.ids = start..start + ID_BLOCK;
        }
        let id = self.ids.start;
        self.ids.start += 1;
        id
    }

    /// Checked once per expanded position, looked at closely every 256 of them.
    fn check_limits(&mut self, pass: &Pass) {
        self.expansions += 1;
        if !self.expansions.is_multiple_of(256) {
            return;
        }
        let search = pass.search;
        let mine = self.edges.capacity() * std::mem::size_of::<Edge>() + self.next.bytes() + self.held_back.bytes();
        pass.worker_bytes[self.slot].store(mine as u64, Ordering::Relaxed);
        let nodes = pass
            .nodes
            .fetch_add(self.nodes - self.reported_nodes, Ordering::Relaxed)
            + self.nodes
            - self.reported_nodes;
        self.reported_nodes = self.nodes;
        let memory = pass.base_bytes
            + search.index.bytes() as u64
            + pass.worker_bytes.iter().map(|b| b.load(Ordering::Relaxed)).sum::<u64>();
        let full = memory > search.budget() || search.index.is_full();
        let hit = if full && !pass.goals_only.load(Ordering::Relaxed) {
            if self.keeps_edges(pass) {
                // The edges go (the search's own after the pass); the ids stay index
                // values until then.
                pass.drop_edges.store(true, Ordering::Relaxed);
            } else if pass.goals_tested {
                pass.outgrown.store(true, Ordering::Relaxed);
                pass.stop.store(true, Ordering::Relaxed);
            } else {
                // What is stored of the next layer stays (it is no goal); the goals of
                // the rest are still found. Stopping would lose what a stated length
                // finds in the same memory.
                pass.goals_only.store(true, Ordering::Relaxed);
            }
            None
        } else if search.limits.stopped() {
            Some("stopped".into())
        } else if search.limits.max_nodes.is_some_and(|n| nodes >= n) {
            Some("node limit reached (--nodes)".into())
        } else if !search.saves_at_time_limit()
            && search
                .limits
                .time_limit
                .is_some_and(|t| search.start_time.elapsed() >= t)
        {
            Some("time limit reached (--time-limit)".into())
        } else {
            None
        };
        if !self.keeps_edges(pass) {
            self.edges = Vec::new();
            self.goals.clear();
        }
        if let Some(hit) = hit {
            pass.limit_hit
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .get_or_insert(hit);
            pass.stop.store(true, Ordering::Relaxed);
        }
    }

    /// Expands `pos` (node `id`, at `ply`) into the next layer.
    fn expand(&mut self, pass: &Pass, pos: &Position, id: u32, ply: u32) {
        self.expand_knowing(pass, pos, id, ply, false);
    }

    /// `expand`, where `not_in_check` says that the side to move is known not to be in
    /// check (the move that led here gave none).
    fn expand_knowing(&mut self, pass: &Pass, pos: &Position, id: u32, ply: u32, not_in_check: bool) {
        self.check_limits(pass);
        if pass.stop.load(Ordering::Relaxed) {
            return;
        }
        let search = pass.search;
        let node = search.node_rules(pos);
        // The last ply of a stated length only tests goals: nothing after it is stored;
        // nor at the end of a pass whose layer outgrew the budget.
        let last_ply =
            search.plan.max_length == Some(ply + 1) || (ply + 1 == pass.end && pass.goals_only.load(Ordering::Relaxed));
        if node.never_goal && last_ply {
            return;
        }
        let mut moves = MoveList::new();
        search.generate_knowing(pos, node, &mut moves, not_in_check);
        if node.never_goal {
            // Whether each move checks, told without playing it where the fast path
            // runs (`gives_check_fast` is exact there); the children then skip the
            // search for their king's attackers.
            let info = (!pos.takes_general_path(search.rules)).then(|| pos.check_info());
            // One copy of the position a child, played in place (`pos.play(m)` copied
            // it twice: into the new value, then out of the call).
            let mut child = pos.clone();
            for (i, &m) in moves.iter().enumerate() {
                if i > 0 {
                    child.clone_from(pos);
                }
                let quiet = info.as_ref().is_some_and(|info| !pos.gives_check_fast(m, info));
                child.play_in_place(m);
                // The child is not indexed (as in fmrs): a repeat is expanded again and
                // its children, which are indexed, stop there. It is expanded now.
                self.nodes += 1;
                let child_id = self.new_id(pass);
                if self.keeps_edges(pass) {
                    self.edges.push(Edge {
                        child: child_id,
                        parent: id,
                        mv: m,
                    });
                }
                self.expand_knowing(pass, &child, child_id, ply + 1, quiet);
            }
            return;
        }
        // The children's keys first, their index slots asked for ahead of the lookups:
        // each lookup is a cache miss into a large table, and they overlap this way.
        let mut keys = std::mem::take(&mut self.keys);
        keys.clear();
        for &m in moves.iter() {
            let key = pos.key_after(m);
            search.index.prefetch(key);
            keys.push(key);
        }
        search.index.prefetch_more(&keys);
        // The children are judged in one scratch position (taken out of `self` for the
        // closure below, which also asks `self` for ids).
        let mut scratch = self.scratch.take().unwrap_or_else(|| Box::new(pos.clone()));
        for (&m, &key) in moves.iter().zip(&keys) {
            // Decided under the index's lock when the child is new: whether it is a
            // goal, a node (indexed now, with its id or ply) or nothing.
            let mut judged = None;
            let mut new_id = 0;
            let mut held_back = false;
            let child = &mut *scratch;
            let known = search.index.get_or_insert_with(key, || {
                let verdict = match last_ply {
                    // (nothing after the last ply is stored)
                    true if search.judge_last_into(pos, node, m, child) == LastPly::Goal => ChildIs::Goal,
                    true => ChildIs::Nothing,
                    false => search.judge_into(pos, node, m, child),
                };
                let value = match verdict {
                    ChildIs::Node if !last_ply => {
                        held_back = search.index.held_back(key);
                        new_id = self.new_id(pass);
                        (!held_back).then_some(if pass.edges_store { new_id } else { ply + 1 })
                    }
                    _ => None,
                };
                judged = Some(verdict);
                value
            });
            let verdict = match known {
                // A position already indexed was no goal (goals are never indexed,
                // except a sequence's target, which may be the start) and needs no
                // second look; reached in this pass, it gets another edge.
                Some(child) if search.reach_key != Some(key) => {
                    if child >= pass.first_id && self.keeps_edges(pass) {
                        self.edges.push(Edge {
                            child,
                            parent: id,
                            mv: m,
                        });
                    }
                    continue;
                }
                // The indexed target: judged, never indexed again (a non-goal here
                // would be a key collision).
                Some(_) => match search.judge(pos, node, m) {
                    Judged::Goal => ChildIs::Goal,
                    _ => ChildIs::Nothing,
                },
                None => judged.expect("a new child is judged"),
            };
            self.nodes += 1;
            match verdict {
                ChildIs::Goal => {
                    if self.keeps_edges(pass) {
                        self.goals.push((id, m));
                    }
                    self.goal_parents.push((pos.clone(), m));
                }
                ChildIs::Nothing => {}
                ChildIs::Node if last_ply => {}
                ChildIs::Node if held_back => self.held_back.push(&scratch, key, pass.width, &mut self.spare_blocks),
                ChildIs::Node => {
                    if self.keeps_edges(pass) {
                        self.edges.push(Edge {
                            child: new_id,
                            parent: id,
                            mv: m,
                        });
                    }
                    self.next.push_copy(&scratch, new_id, &mut self.spare_blocks);
                }
            }
        }
        self.scratch = Some(scratch);
        self.keys = keys;
    }
}
