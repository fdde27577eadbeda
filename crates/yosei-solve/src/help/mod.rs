//! Help play: every shortest sequence to a goal, with the proof that none is shorter.
//!
//! Breadth-first over positions, one layer per ply: layer d holds every position first
//! reached after d plies under the plan's move rules (attacker moves check where the
//! plan says so). A position met again at a later layer is dropped: a shortest sequence
//! never passes through a position it could have reached sooner, so the visited set is
//! the cache of proven failures of iterative deepening, and exhausting layer d proves
//! that no goal is reached in d plies or fewer.
//!
//! When the first goal appears, *all* shortest sequences are recovered (counted exactly
//! by dynamic programming, listed up to a limit) from one of two stores:
//! - `Store::Edges`: every edge into a new layer is kept and walked back. Fast; used
//!   while it fits in `--hash`.
//! - `Store::Plies`: the visited set keeps each position's ply and nothing else, about a
//!   third of the memory. A search switches to it when the edges would not fit, and
//!   the solutions are rebuilt at the end (`rebuild`: backwards by retraction under
//!   ordinary rules, else by a second, forward pass). When the visited set itself
//!   would outgrow `--hash`, it moves to a compact table of 8 or 10 bytes a position
//!   (`visited`), or, given `--spill-dir` and rebuilt backwards, writes it to disk
//!   whenever it fills and starts again (`spilled_set`).
//!
//! Positions are identified by their Zobrist key (`key_index`; design.md, Exactness: a
//! collision is not a practical event); every listed solution is replayed through the
//! rule engine before it is reported (`verify`).

mod deepen;
mod exact;
mod layer;
pub(crate) mod paths;
mod reached;
mod rebuild;
mod saved;
mod visited;
mod worker;

use crate::count::Count;
use crate::outcome::{Outcome, Verdict};
use crate::plan::{Goal, HelpPlan};
use crate::ply_index::Layout;
use crate::verify::replay_all;
use crate::{HelpStore, Limits};
use layer::{Frontier, Spare};
use paths::{solutions_of, Edge};
use std::time::Instant;
use visited::{Room, Visited};
use worker::PassMode;
use yosei_core::{Move, PieceKind};
use yosei_rules::{Key, MoveList, Position, RuleSet};

/// Progress after each completed ply, for a terminal display.
#[derive(Clone, Copy, Debug)]
pub struct Progress {
    pub depth: u32,
    pub positions: u64,
    pub frontier: u64,
    pub nodes: u64,
    /// Nodes since this run started (a resumed search counts the saved ones in `nodes`).
    pub nodes_this_run: u64,
    pub elapsed_ms: u128,
    pub memory_bytes: u64,
    /// Positions written to disk (`--spill-dir`).
    pub on_disk: u64,
    /// New positions so far that were looked up on disk.
    pub looked_up_on_disk: u64,
}

/// What the search keeps besides the frontier.
enum Store {
    /// Index values are node ids, given in breadth-first order; every edge into a new
    /// layer is kept. `layer_starts` has, for each pass over a frontier, the first id
    /// it gave and the ply of the indexed positions it reached.
    Edges {
        edges: Vec<Edge>,
        layer_starts: Vec<(u32, u32)>,
    },
    /// Index values are plies; nothing else.
    Plies,
}

/// The solution graph: edges (every edge into a node stored before any edge out of
/// it), the goal moves from their parents, and the number of nodes.
struct Graph {
    edges: Vec<Edge>,
    goals: Vec<(u32, Move)>,
    node_count: u32,
}

/// What the plan allows at a node.
#[derive(Clone, Copy)]
struct NodeRules {
    /// Every attacker move must check here.
    must_check: bool,
    /// Only checking moves are generated (`legal_checks` is exact under any rules).
    checks_only: bool,
    /// The children cannot be goals and are not indexed: the defender moves and the
    /// goal is the defender's (after a defender move the attacker is to move).
    never_goal: bool,
}

/// What a move the plan allows leads to, when its child is not indexed.
// The position is moved straight into the next layer: boxing it would cost an
// allocation per node.
#[allow(clippy::large_enum_variant)]
enum Judged {
    /// The child is the goal.
    Goal,
    /// The child is a node of the next layer.
    Node(Position),
    /// Neither (a quiet attacker move that is not the goal).
    Nothing,
}

/// What a move the plan allows leads to, the child kept by the caller (`judge_into`).
#[derive(Clone, Copy, PartialEq, Eq)]
enum ChildIs {
    Goal,
    Node,
    Nothing,
}

/// What a move of the last ply leads to, where only a goal matters (`judge_last`).
#[derive(Clone, Copy, PartialEq, Eq)]
enum LastPly {
    Goal,
    /// No goal, but a position that play would go on from (in a longer search).
    NoGoal,
    /// Neither (a quiet attacker move that is not the goal).
    Nothing,
}

impl From<ChildIs> for LastPly {
    /// At the last ply a node is only a position that is no goal.
    fn from(child: ChildIs) -> LastPly {
        match child {
            ChildIs::Goal => LastPly::Goal,
            ChildIs::Node => LastPly::NoGoal,
            ChildIs::Nothing => LastPly::Nothing,
        }
    }
}

struct Search<'a> {
    rules: &'a RuleSet,
    plan: &'a HelpPlan,
    limits: &'a Limits,
    start_time: Instant,
    index: Visited,
    store: Store,
    /// Goal moves found at the last pass: (parent node, move) (`Store::Edges`).
    goals: Vec<(u32, Move)>,
    /// Goal moves found at the last pass with their parent positions (either store:
    /// a goal was found when this is not empty).
    goal_parents: Vec<(Position, Move)>,
    nodes: u64,
    /// Nodes of the last pass.
    pass_nodes: u64,
    /// Nodes of the saved search this one resumed.
    nodes_before: u64,
    /// Node ids given so far (`Store::Edges`; passes take them in blocks, so a few are
    /// unused).
    node_count: u32,
    /// Completed plies.
    depth: u32,
    limit_hit: Option<String>,
    /// The key of a sequence goal's target.
    reach_key: Option<Key>,
    /// Notes for the outcome, besides the plan's.
    notes: Vec<String>,
}

/// How a pass went (`Search::expand`).
enum Expanded {
    /// The next layer is stored whole: it is the frontier now.
    Whole,
    /// It is not: its goals are all known (none, or the shortest solutions), and the
    /// frontier is still the layer expanded, by `plies`.
    Partial { plies: u32 },
    /// A limit was hit (why).
    Stopped(String),
}

/// Where the store stood before a pass.
#[derive(Clone, Copy)]
struct PassMark {
    node_count: u32,
    edges: usize,
}

pub fn solve_help(
    start: &Position,
    rules: &RuleSet,
    plan: &HelpPlan,
    limits: &Limits,
    mut progress: impl FnMut(Progress),
) -> Outcome {
    // Where the solutions are rebuilt backwards (`rebuild.rs`) a compact visited set
    // keeps only each position's band of plies: denser.
    let layout = if Search::rebuilds_backward(start, rules) {
        Layout::Dense
    } else {
        Layout::Wide
    };
    let mut search = Search {
        rules,
        plan,
        limits,
        start_time: Instant::now(),
        index: Visited::new(start.key(), layout, limits),
        store: if limits.help_store == HelpStore::Edges {
            Store::Edges {
                edges: Vec::new(),
                layer_starts: vec![(0, 0)],
            }
        } else {
            Store::Plies
        },
        goals: Vec::new(),
        goal_parents: Vec::new(),
        nodes: 0,
        pass_nodes: 0,
        nodes_before: 0,
        node_count: 1,
        depth: 0,
        limit_hit: None,
        reach_key: match &plan.goal {
            Goal::Reach(target) => Some(target.key()),
            _ => None,
        },
        notes: Vec::new(),
    };
    let mut frontier = if limits.resume {
        match search.resume(start) {
            Ok(frontier) => frontier,
            Err(e) => {
                search.limit_hit = Some(e);
                return search.finish(start, Verdict::Unknown, None, 0);
            }
        }
    } else {
        // Already at the goal (a mate in zero): the empty sequence, when no length is asked.
        if plan.max_length.is_none() && !matches!(plan.goal, Goal::Reach(_)) && search.is_goal(start, None, None) {
            return search.finish_at_start(start);
        }
        Frontier::start(start)
    };
    let mut verdict = search.run(start, &mut frontier, &mut progress);
    drop(frontier);
    search.notes.extend(search.index.spill_note());
    let graph = match (verdict, std::mem::replace(&mut search.store, Store::Plies)) {
        (Verdict::Solved, Store::Edges { edges, .. }) => Some(Graph {
            edges,
            goals: std::mem::take(&mut search.goals),
            node_count: search.node_count,
        }),
        (Verdict::Solved, Store::Plies) => search.rebuild(start),
        _ => None,
    };
    // (Solved without a graph: the rebuild hit a limit, which it notes.)
    if verdict == Verdict::Solved && graph.is_none() {
        verdict = Verdict::Unknown;
    }
    let depth = search.depth;
    let mut outcome = search.finish(start, verdict, graph, depth);
    // 早詰 under a stated length: the solutions of that length too, and those of each
    // length between, as fm lists them.
    if let (Verdict::Solved, Some(stated)) = (outcome.verdict, outcome.stated_length) {
        if stated > depth && !matches!(plan.goal, Goal::Reach(_)) {
            let longer = search.longer_solutions(start, depth, stated);
            outcome.exact_length = Some(longer.exact);
            // A help-stalemate's quiet last move ends a line of the stated length only:
            // fm meets no shorter one on the way, and neither are they counted here.
            if !(plan.goal == Goal::DefenderStalemated && plan.attacker_checks) {
                outcome.intermediate_lengths = longer.between;
            }
            outcome.nodes = search.nodes;
            outcome.notes.append(&mut search.notes);
            outcome.elapsed_ms = search.start_time.elapsed().as_millis();
        }
    }
    // A resumed search that came to an end no longer needs its save.
    if limits.resume && outcome.verdict != Verdict::Unknown {
        search.forget_save(start);
    }
    outcome
}

impl Search<'_> {
    /// The search from `frontier` (the start, or a resumed search's layer): breadth-first
    /// while the layers fit in the budget, then depth-first (`deepen`). The verdict.
    fn run(&mut self, start: &Position, frontier: &mut Frontier, progress: &mut impl FnMut(Progress)) -> Verdict {
        // The goals at the end of the next pass were tested by a pass that stored nothing.
        let mut goals_tested = false;
        let mut previous_width = 1;
        while !frontier.is_empty() && self.plan.max_length.is_none_or(|n| self.depth < n) {
            let width = frontier.len();
            let mode = if goals_tested {
                PassMode::Tested
            } else if self.tests_goals_first(width, previous_width) {
                PassMode::GoalsOnly
            } else {
                PassMode::Store
            };
            match self.expand(frontier, mode) {
                Expanded::Whole => {}
                Expanded::Stopped(hit) => return self.stopped(hit),
                // Nothing there: now stored.
                Expanded::Partial { .. } if mode == PassMode::GoalsOnly && self.goal_parents.is_empty() => {
                    goals_tested = true;
                    continue;
                }
                Expanded::Partial { plies } => return self.after_partial_pass(frontier, plies, mode, progress),
            }
            (goals_tested, previous_width) = (false, width);
            if !self.goal_parents.is_empty() {
                progress(self.progress(frontier));
                return Verdict::Solved;
            }
            match self.make_room(frontier) {
                Err(hit) => return self.stopped(hit),
                Ok(true) => {}
                // The layer is whole: the search goes on from it.
                Ok(false) => return self.deepen(frontier, self.depth, progress),
            }
            progress(self.progress(frontier));
            if let Some(saved) = self.save_at_time_limit(start, frontier) {
                return self.stopped(saved);
            }
        }
        Verdict::NoSolution
    }

    /// Stops the search at a limit (`hit` says which).
    fn stopped(&mut self, hit: String) -> Verdict {
        self.limit_hit = Some(hit);
        Verdict::Unknown
    }

    /// One pass over the frontier, `mode` telling what it does with the next layer;
    /// the frontier becomes that layer if it is stored whole.
    fn expand(&mut self, frontier: &mut Frontier, mode: PassMode) -> Expanded {
        // A frontier of positions whose children are not indexed (the defender to move,
        // a goal of the defender's) is expanded two plies at once: the attacker's
        // replies are generated as each child is made, so those positions are never
        // stored (fmrs does the same).
        let two_plies = frontier
            .first()
            .is_some_and(|pos| self.node_rules(&pos).never_goal && self.plan.max_length != Some(self.depth + 1));
        let plies = if two_plies { 2 } else { 1 };
        // Node ids are 32-bit: far below their end, the plies store takes over.
        if self.node_count > u32::MAX - (1 << 30) {
            self.switch_to_plies();
        }
        let before = self.pass_mark();
        if let Store::Edges { layer_starts, .. } = &mut self.store {
            layer_starts.push((before.node_count, self.depth + plies));
        }
        let mut spare = std::mem::take(&mut frontier.spare);
        let done = worker::run_pass(self, frontier, plies, mode, &mut spare);
        let held_back = self.absorb(done.workers, done.next_id);
        if done.drop_edges {
            self.switch_to_plies();
        }
        if !done.whole && done.limit_hit.is_none() {
            // The next layer's goals are all known (none, or the shortest solutions);
            // what the pass stored of it goes.
            if mode == PassMode::GoalsOnly && self.goal_parents.is_empty() {
                self.forget_pass(before);
                frontier.spare = spare;
            }
            return Expanded::Partial { plies };
        }
        self.depth += plies;
        frontier.recycle(&mut spare);
        *frontier = Frontier {
            parts: done.next,
            spare,
        };
        let hit = done
            .limit_hit
            .or_else(|| self.settle_held_back(held_back, frontier).err());
        frontier.trim_spare(self.limits.threads.max(1));
        match hit {
            Some(hit) => Expanded::Stopped(hit),
            None => Expanded::Whole,
        }
    }

    /// Makes room for the next pass (the edges grown or given up, the visited set moved
    /// to another tier); whether the next layer may be stored (else the search goes on
    /// depth-first), or why the search cannot go on.
    fn make_room(&mut self, frontier: &Frontier) -> Result<bool, String> {
        self.make_room_for_edges(frontier);
        if matches!(self.store, Store::Plies) {
            let room = Room {
                depth: self.depth,
                frontier: frontier.len(),
                frontier_bytes: frontier.bytes() as u64,
                other_bytes: self.memory_besides_index(frontier),
                budget: self.budget(),
            };
            self.notes.extend(self.index.make_room(&room)?);
        }
        if let Some(hit) = self.index.cannot_hold(self.depth) {
            return Err(hit);
        }
        let outgrown = self.memory_bytes(frontier) > self.budget();
        if outgrown && matches!(self.store, Store::Edges { .. }) {
            self.switch_to_plies();
            return Ok(true);
        }
        if outgrown {
            self.notes.push(format!(
                "at ply {} the search outgrew --hash {} with its layer and visited set",
                self.depth, self.limits.hash_mb
            ));
        }
        Ok(!outgrown && self.limits.help_store != HelpStore::DepthFirst)
    }

    /// With a spill directory, at its time limit, the search saves itself between
    /// passes (`saved`): why it stops, if it does.
    fn save_at_time_limit(&mut self, start: &Position, frontier: &Frontier) -> Option<String> {
        let due = self.limits.time_limit.is_some_and(|t| self.start_time.elapsed() >= t);
        if !self.saves_at_time_limit() || !due {
            return None;
        }
        Some(match self.save(start, frontier) {
            Ok(saved) => format!(
                "time limit reached (--time-limit): the search was saved at ply {} in {}; the same command with --resume goes on from there",
                self.depth,
                saved.display()
            ),
            Err(e) => format!("time limit reached (--time-limit); the search could not be saved: {e}"),
        })
    }

    /// Where the search stands, for the display.
    fn progress(&self, frontier: &Frontier) -> Progress {
        Progress {
            depth: self.depth,
            positions: self.index.len() as u64,
            frontier: frontier.len() as u64,
            nodes: self.nodes,
            nodes_this_run: self.nodes - self.nodes_before,
            elapsed_ms: self.start_time.elapsed().as_millis(),
            memory_bytes: self.memory_bytes(frontier),
            on_disk: self.index.on_disk() as u64,
            looked_up_on_disk: self.index.spill_stats.held_back,
        }
    }

    /// After a pass that did not store its layer whole, whose goals are all known: solved
    /// if there are any, else the search goes on depth-first from the frontier it
    /// expanded (the layer outgrew the budget).
    fn after_partial_pass(
        &mut self,
        frontier: &Frontier,
        plies: u32,
        mode: PassMode,
        progress: &mut impl FnMut(Progress),
    ) -> Verdict {
        if mode != PassMode::GoalsOnly {
            let then = if mode == PassMode::Store {
                ": the pass then only tested goals there, as the last pass of a stated length does"
            } else {
                ""
            };
            self.notes.push(format!(
                "at ply {} the layer of ply {} outgrew --hash {}{then}",
                self.depth,
                self.depth + plies,
                self.limits.hash_mb,
            ));
        }
        if self.goal_parents.is_empty() {
            return self.deepen(frontier, self.depth + plies, progress);
        }
        self.depth += plies;
        progress(self.progress(frontier));
        Verdict::Solved
    }

    /// Whether the next pass should test its goals before it stores its layer, which
    /// promises to be far wider than all before (the frontier grew `EXPLOSIVE`-fold in
    /// the last pass, and the next layer would have `WIDE` positions if it grew as much
    /// again). Storing a wide layer costs two or three times as much as testing its
    /// goals (memory is first touched: ofm-139_5's 24 million positions of ply 5 take
    /// 20 s stored, 6 s tested), and the layer with the goals need not be stored: a
    /// search of open length then costs about what one of the stated length does, which
    /// only tests its last layer. The cost, where the goals lie further, is one pass
    /// that is small beside the next. With a stated length only the last pass does.
    fn tests_goals_first(&self, width: usize, previous_width: usize) -> bool {
        const EXPLOSIVE: usize = 8;
        const WIDE: usize = 1 << 21;
        let growth = width / previous_width.max(1);
        self.plan.max_length.is_none() && growth >= EXPLOSIVE && width.saturating_mul(growth) >= WIDE
    }

    /// What a pass is about to add to the store, to be forgotten.
    fn pass_mark(&self) -> PassMark {
        PassMark {
            node_count: self.node_count,
            edges: match &self.store {
                Store::Edges { edges, .. } => edges.len(),
                Store::Plies => 0,
            },
        }
    }

    /// Forgets what a pass that stored nothing added to the store (its edges into
    /// positions that were not kept, their ids).
    fn forget_pass(&mut self, before: PassMark) {
        if let Store::Edges { edges, layer_starts } = &mut self.store {
            edges.truncate(before.edges);
            layer_starts.pop();
            self.node_count = before.node_count;
        }
    }

    /// Memory of the search besides the workers' growth in a pass.
    fn memory_bytes(&self, frontier: &Frontier) -> u64 {
        self.index.bytes() as u64 + self.memory_besides_index(frontier)
    }

    fn memory_besides_index(&self, frontier: &Frontier) -> u64 {
        (self.edges_bytes() + frontier.bytes()) as u64
    }

    fn edges_bytes(&self) -> usize {
        match &self.store {
            Store::Edges { edges, .. } => edges.capacity() * std::mem::size_of::<Edge>(),
            Store::Plies => 0,
        }
    }

    /// A search with a spill directory stops at its time limit between passes, and
    /// saves itself there (`saved`).
    fn saves_at_time_limit(&self) -> bool {
        self.limits.spill_dir.is_some()
    }

    fn budget(&self) -> u64 {
        (self.limits.hash_mb as u64) << 20
    }

    /// Takes in the results of a pass's workers (in order: the edges of a pass may be
    /// stored in any order of workers, each worker's own in order), but the positions
    /// they held back, which it returns.
    fn absorb(&mut self, workers: Vec<worker::Worker>, next_id: u32) -> Vec<worker::HeldBack> {
        self.node_count = next_id;
        self.goals.clear();
        self.goal_parents.clear();
        self.pass_nodes = 0;
        let mut held_back = Vec::new();
        for mut w in workers {
            if w.held_back.positions.is_some() {
                held_back.push(std::mem::take(&mut w.held_back));
            }
            self.pass_nodes += w.nodes;
            self.nodes += w.nodes;
            self.goal_parents.append(&mut w.goal_parents);
            if let Store::Edges { edges, .. } = &mut self.store {
                edges.extend_from_slice(&w.edges);
                self.goals.extend_from_slice(&w.goals);
            }
        }
        held_back
    }

    /// Looks up on disk the positions held back in the last pass because they may have
    /// been spilled (`Visited::held_back`): those that were not are indexed and join
    /// the frontier. An error names what could not be read.
    fn settle_held_back(&mut self, held_back: Vec<worker::HeldBack>, frontier: &mut Frontier) -> Result<(), String> {
        if held_back.is_empty() {
            return Ok(());
        }
        let keys: Vec<Key> = held_back.iter().flat_map(|h| h.keys.iter().copied()).collect();
        let is_new = self
            .index
            .settle_held_back(&keys, self.depth)
            .map_err(visited::unreadable)?;
        let mut held_back = Frontier {
            parts: held_back.into_iter().filter_map(|h| h.positions).collect(),
            spare: Spare::default(),
        };
        let mut new = Vec::new();
        for (i, _) in is_new.iter().enumerate().filter(|(_, &is_new)| is_new) {
            held_back.for_each_in(i..i + 1, |pos, _| new.push(pos.clone()));
        }
        held_back.recycle(&mut frontier.spare);
        frontier.push_part(new);
        Ok(())
    }

    /// Grows the edge store for the next pass (doubling), or gives it up for the plies
    /// store when the grown vector, held next to the old one while it is copied, would
    /// pass the budget.
    fn make_room_for_edges(&mut self, frontier: &Frontier) {
        let Store::Edges { edges, .. } = &self.store else {
            return;
        };
        // A pass adds a few edges per frontier position (about seven per defender position
        // in a two-ply pass on kato-107b): room for sixteen.
        let ahead = frontier.len() * 16 + 4096;
        if edges.len() + ahead <= edges.capacity() {
            return;
        }
        let grown = (edges.capacity() * 2).max(edges.len() + ahead * 2);
        let transient = (edges.capacity() + grown) * std::mem::size_of::<Edge>();
        let rest = self.memory_bytes(frontier) as usize - self.edges_bytes();
        if (rest + transient) as u64 > self.budget() {
            self.switch_to_plies();
        } else if let Store::Edges { edges, .. } = &mut self.store {
            edges.reserve_exact(grown - edges.len());
        }
    }

    /// Gives up the edges, which outgrew the budget: index values become plies (from the
    /// node ids' layers).
    fn switch_to_plies(&mut self) {
        let why = format!("outgrew --hash {} with its edges", self.limits.hash_mb);
        self.keep_plies_only(Some(&why));
    }

    /// Gives up the edges (`why`, for the note; none where another note tells):
    /// index values become plies.
    fn keep_plies_only(&mut self, why: Option<&str>) {
        let Store::Edges { layer_starts, .. } = std::mem::replace(&mut self.store, Store::Plies) else {
            return;
        };
        self.index
            .map_values(|id| layer_starts[layer_starts.partition_point(|&(first, _)| first <= id) - 1].1);
        self.goals.clear();
        if let (Some(why), HelpStore::Edges) = (why, self.limits.help_store) {
            self.notes.push(format!(
                "at ply {} the search {why} and kept only each position's ply from there (solutions are then rebuilt at the end)",
                self.depth
            ));
        }
    }

    /// The goal is the defender's (mate or stalemate): after a defender move the
    /// attacker is to move, never a goal, and such positions are not indexed.
    fn defender_goal(&self) -> bool {
        matches!(self.plan.goal, Goal::DefenderMated | Goal::DefenderStalemated)
    }

    /// The moves the plan allows at `pos`.
    fn node_rules(&self, pos: &Position) -> NodeRules {
        let attacker_moves = pos.side_to_move() == self.plan.attacker;
        let must_check = attacker_moves && self.plan.attacker_checks;
        // Quiet attacker moves matter only as the last move of a stalemate goal.
        let quiet_may_end = must_check && self.plan.goal == Goal::DefenderStalemated;
        NodeRules {
            must_check,
            checks_only: must_check && !quiet_may_end,
            never_goal: !attacker_moves && self.defender_goal(),
        }
    }

    /// Fills `moves` (in place: a returned move list is a copy of its whole capacity).
    fn generate(&self, pos: &Position, node: NodeRules, moves: &mut MoveList) {
        self.generate_knowing(pos, node, moves, false);
    }

    /// `generate`, where `not_in_check` says that the side to move is known not to be
    /// in check.
    fn generate_knowing(&self, pos: &Position, node: NodeRules, moves: &mut MoveList, not_in_check: bool) {
        let _ = match (node.checks_only, not_in_check) {
            (true, true) => pos.generate_checks_not_in_check(self.rules, moves),
            (true, false) => pos.generate_checks(self.rules, moves),
            (false, _) => pos.generate_legal(self.rules, moves),
        };
    }

    /// `judge` at the last ply, where only a goal matters: a check that leaves the
    /// defender's king a flight square mates no one, told without playing it (most of
    /// a helpmate's last-ply checks; ordinary powers only, `king_flees_after`).
    fn judge_last(&self, pos: &Position, node: NodeRules, m: Move) -> LastPly {
        if self.flees(pos, node, m) {
            return LastPly::NoGoal;
        }
        self.verdict_of(node, &pos.play(m), m).into()
    }

    /// What `m` from `pos` leads to, its child not being indexed (`node.never_goal`
    /// children are nodes without asking).
    fn judge(&self, pos: &Position, node: NodeRules, m: Move) -> Judged {
        // A check after which the defender's king may step away mates no one, told
        // without asking the child for a legal move (`king_flees_after`'s "yes" is
        // exact; it says no under rules other than the ordinary ones): the child is
        // a node, as `is_goal` would find.
        let child = pos.play(m);
        if self.flees(pos, node, m) {
            return Judged::Node(child);
        }
        match self.verdict_of(node, &child, m) {
            ChildIs::Goal => Judged::Goal,
            ChildIs::Node => Judged::Node(child),
            ChildIs::Nothing => Judged::Nothing,
        }
    }

    /// Whether `m` is a check (the mate goal's) after which the defender's king may
    /// step away: no goal (`king_flees_after`).
    #[inline]
    fn flees(&self, pos: &Position, node: NodeRules, m: Move) -> bool {
        node.checks_only && self.plan.goal == Goal::DefenderMated && pos.king_flees_after(m, self.rules)
    }

    /// What `child`, reached by `m` from a node with `node`'s rules, is.
    #[inline]
    fn verdict_of(&self, node: NodeRules, child: &Position, m: Move) -> ChildIs {
        if !self.meets_check_duty(node, child) {
            return if self.is_goal(child, Some(false), Some(m)) {
                ChildIs::Goal
            } else {
                ChildIs::Nothing
            };
        }
        let in_check = if node.checks_only { Some(true) } else { None };
        if self.is_goal(child, in_check, Some(m)) {
            ChildIs::Goal
        } else {
            ChildIs::Node
        }
    }

    /// `judge`, the child played into `child` (a worker's scratch position, which the
    /// caller stores if it is a node: a `Judged::Node` was moved by value three or
    /// four times on its way into the next layer, ~100 instructions each).
    #[inline]
    fn judge_into(&self, pos: &Position, node: NodeRules, m: Move, child: &mut Position) -> ChildIs {
        child.clone_from(pos);
        child.play_in_place(m);
        if self.flees(pos, node, m) {
            return ChildIs::Node;
        }
        self.verdict_of(node, child, m)
    }

    /// `judge_last`, a child it plays played into `child` (`judge_into`).
    #[inline]
    fn judge_last_into(&self, pos: &Position, node: NodeRules, m: Move, child: &mut Position) -> LastPly {
        if self.flees(pos, node, m) {
            return LastPly::NoGoal;
        }
        child.clone_from(pos);
        child.play_in_place(m);
        self.verdict_of(node, child, m).into()
    }

    /// Whether `child`, reached from a node with `node`'s rules, keeps the attacker's
    /// duty to check: generated checks are checks; other attacker moves are asked.
    #[inline]
    fn meets_check_duty(&self, node: NodeRules, child: &Position) -> bool {
        !node.must_check || node.checks_only || child.in_check(self.rules)
    }

    /// Whether `pos`, reached by `last` (`None` at the start), is the goal; `in_check`
    /// passes on what the caller already knows. Under the fairy 打歩詰 a mate is the goal
    /// only when `last` is a pawn drop (rules.md §5.8; under 完全打歩 no other move can
    /// mate, under 単純打歩 other mates are legal but fail); under 王位置 a mate or
    /// stalemate only with the kings on its squares.
    fn is_goal(&self, pos: &Position, in_check: Option<bool>, last: Option<Move>) -> bool {
        let defender_to_move = pos.side_to_move() != self.plan.attacker;
        let in_check = || in_check.unwrap_or_else(|| pos.in_check(self.rules));
        // the side to move, if it is the one the goal wants, mated or stalemated (the
        // cheap tests of how the goal must be reached first: 打歩詰, 王位置)
        let mated =
            |wanted: bool| wanted && self.rules.mate_counts(pos, last) && in_check() && !pos.has_legal_move(self.rules);
        let stalemated = |wanted: bool| {
            wanted && self.rules.stalemate_counts(pos) && !in_check() && !pos.has_move_against_stalemate(self.rules)
        };
        match &self.plan.goal {
            Goal::DefenderMated => mated(defender_to_move),
            Goal::AttackerMated => mated(!defender_to_move),
            Goal::DefenderStalemated => stalemated(defender_to_move),
            Goal::AttackerStalemated => stalemated(!defender_to_move),
            Goal::Reach(target) => pos.same_position(target),
        }
    }

    fn finish_at_start(mut self, start: &Position) -> Outcome {
        // the empty line is the one solution; nothing was searched
        let mut out = self.finish(start, Verdict::NoSolution, None, 0);
        out.verdict = Verdict::Solved;
        out.length = Some(0);
        out.solutions = vec![Vec::new()];
        out.solution_count = Count::from(1);
        out.distinct_up_to_mirror = Count::from(1);
        out.duals = Some(Count::default());
        out.leftover = vec![hand_kinds(start, self.plan.attacker)];
        out
    }

    fn finish(&mut self, start: &Position, mut verdict: Verdict, graph: Option<Graph>, depth: u32) -> Outcome {
        let mut notes = self.plan.notes.clone();
        notes.append(&mut self.notes);
        notes.extend(self.limit_hit.take());
        let mut outcome = Outcome {
            notes,
            nodes: self.nodes,
            ..Outcome::new(verdict)
        };
        if let Some(graph) = graph {
            let (count, duals, lines) =
                solutions_of(&graph.edges, graph.node_count as usize, &graph.goals, self.limits);
            drop(graph.edges);
            let mut leftovers = Vec::new();
            match replay_all(start, self.rules, &lines) {
                Ok(ends) => {
                    for (end, line) in ends.iter().zip(&lines) {
                        if self.is_goal(end, None, line.last().copied()) {
                            leftovers.push(hand_kinds(end, self.plan.attacker));
                        } else {
                            verdict = Verdict::Unknown;
                            outcome
                                .notes
                                .push(format!("internal error: a solution does not reach the goal: {line:?}"));
                        }
                    }
                }
                Err(e) => {
                    verdict = Verdict::Unknown;
                    outcome
                        .notes
                        .push(format!("internal error: a solution does not replay: {e}"));
                }
            }
            outcome.distinct_up_to_mirror = up_to_mirror(start, &lines, &count);
            outcome.verdict = verdict;
            outcome.length = Some(depth);
            outcome.solution_count = count;
            outcome.duals = Some(duals);
            outcome.solutions = lines;
            outcome.leftover = leftovers;
            outcome.stated_length = self.plan.max_length.filter(|&n| n != depth);
        }
        outcome.elapsed_ms = self.start_time.elapsed().as_millis();
        outcome
    }
}

/// The pieces `color` holds, one entry per piece.
pub(crate) fn hand_kinds(pos: &Position, color: yosei_core::Color) -> Vec<PieceKind> {
    let mut out = Vec::new();
    for (kind, n) in pos.hand(color).iter() {
        out.extend(std::iter::repeat_n(kind, n as usize));
    }
    out
}

/// `count` solutions, `lines` of them listed, counted once per mirror pair when the
/// start is its own mirror image and every one is listed (fm prunes such twins).
fn up_to_mirror(start: &Position, lines: &[Vec<Move>], count: &Count) -> Count {
    if *count != lines.len() as u64 || !is_mirror_symmetric(start) {
        return count.clone();
    }
    let mut canonical: Vec<Vec<Move>> = lines
        .iter()
        .map(|l| std::cmp::min(l.clone(), mirrored_line(start, l)))
        .collect();
    canonical.sort();
    canonical.dedup();
    Count::from(canonical.len() as u64)
}

/// The mirror image of a line from a mirror-symmetric start, each move in its one
/// written form (a mirrored Lion pass goes through another neighbour: `canonical_move`).
fn mirrored_line(start: &Position, line: &[Move]) -> Vec<Move> {
    let mut pos = start.clone();
    line.iter()
        .map(|m| {
            let mirrored = pos.canonical_move(m.mirror());
            pos.play_in_place(mirrored);
            mirrored
        })
        .collect()
}

fn is_mirror_symmetric(pos: &Position) -> bool {
    let setup = pos.to_setup();
    setup.mirrored() == setup
}
