//! Help play: every shortest sequence to a goal, with the proof that none is shorter.
//!
//! Breadth-first over positions, one layer per ply: layer d holds every position first
//! reached after d plies under the plan's move rules (attacker moves check where the
//! plan says so). A position met again at a later layer is dropped: a shortest sequence
//! never passes through a position it could have reached sooner, so the visited set is
//! the cache of proven failures of iterative deepening, and exhausting layer d proves
//! that no goal is reached in d plies or fewer. Every edge into a new layer is kept, so
//! when the first goal appears, *all* shortest sequences are recovered by walking the
//! edges back (counted exactly by dynamic programming, listed up to a limit).
//!
//! Positions are identified by their 128-bit Zobrist key (design.md, Exactness: a
//! collision is not a practical event); every listed solution is replayed through the
//! rule engine before it is reported (`verify`).

use crate::outcome::{Outcome, Verdict};
use crate::plan::{Goal, HelpPlan};
use crate::verify::replay_all;
use crate::Limits;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::time::Instant;
use yosei_core::{Move, PieceKind};
use yosei_rules::{Key, MoveList, PackedPosition, Position, RuleSet};

/// Progress after each completed ply, for a terminal display.
#[derive(Clone, Copy, Debug)]
pub struct Progress {
    pub depth: u32,
    pub positions: u64,
    pub frontier: u64,
    pub nodes: u64,
    pub elapsed_ms: u128,
    pub memory_bytes: u64,
}

/// Zobrist keys are uniformly random already: hash by their low bits.
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes.iter().take(8) {
            self.0 = self.0 << 8 | b as u64;
        }
    }
    fn write_u128(&mut self, n: u128) {
        self.0 = n as u64;
    }
}

type KeyMap = HashMap<Key, u32, BuildHasherDefault<KeyHasher>>;

/// One layer of the breadth-first search, in breadth-first order. A narrow layer keeps
/// whole positions (no unpacking when it is expanded: faster); a wide one keeps them
/// packed, at about a third of the memory.
enum Layer {
    Full(Vec<Position>),
    Packed(Vec<PackedPosition>),
}

impl Layer {
    /// Children of layers narrower than this keep whole positions (measured on the
    /// benchmark helpmates: unpacking costs more than copying whole positions; at most
    /// two such layers, ~75 MB each, are held at once). Wider layers stay packed, a third
    /// of the memory, for searches of hundreds of millions of positions.
    const FULL_BELOW: usize = 131_072;

    /// An empty layer for the children of a layer of `width` positions, reusing the
    /// storage of an earlier layer (`spare`): fresh large vectors cost page faults.
    fn for_width(width: usize, spare: &mut Spare) -> Layer {
        if width < Layer::FULL_BELOW {
            Layer::Full(std::mem::take(&mut spare.full))
        } else {
            Layer::Packed(std::mem::take(&mut spare.packed))
        }
    }

    /// Gives this layer's storage back for a later layer.
    fn recycle(self, spare: &mut Spare) {
        match self {
            Layer::Full(mut v) => {
                v.clear();
                spare.full = v;
            }
            Layer::Packed(mut v) => {
                v.clear();
                spare.packed = v;
            }
        }
    }

    fn len(&self) -> usize {
        match self {
            Layer::Full(v) => v.len(),
            Layer::Packed(v) => v.len(),
        }
    }

    fn is_empty(&self) -> bool {
        self.len() == 0
    }

    fn bytes(&self) -> usize {
        match self {
            Layer::Full(v) => v.len() * std::mem::size_of::<Position>(),
            Layer::Packed(v) => v.len() * std::mem::size_of::<PackedPosition>(),
        }
    }

    /// Adds the child reached by `m` from `parent` (whose packed form the caller may
    /// have); `child` is the position when the caller built it already. Only a packed
    /// child built from its packed parent needs the child's key.
    fn push(&mut self, parent: &Position, parent_packed: Option<&PackedPosition>, m: Move, child: Option<Position>) {
        match self {
            Layer::Full(v) => v.push(child.unwrap_or_else(|| parent.play(m))),
            Layer::Packed(v) => v.push(match (child, parent_packed) {
                (Some(child), _) => child.pack(),
                (None, Some(packed)) => packed.after(m, parent.key_after(m)),
                (None, None) => parent.play(m).pack(),
            }),
        }
    }
}

/// Storage of expanded layers, kept for the next ones.
#[derive(Default)]
struct Spare {
    full: Vec<Position>,
    packed: Vec<PackedPosition>,
}

/// An edge from a node of one layer to a node of the next.
#[derive(Clone, Copy)]
struct Edge {
    child: u32,
    parent: u32,
    mv: Move,
}

struct Search<'a> {
    rules: &'a RuleSet,
    plan: &'a HelpPlan,
    limits: &'a Limits,
    start_time: Instant,
    index: KeyMap,
    edges: Vec<Edge>,
    /// Goal moves found at the current layer: (parent node, move).
    goals: Vec<(u32, Move)>,
    nodes: u64,
    /// Nodes of the search graph so far (ids are given in breadth-first order).
    node_count: u32,
    /// Positions expanded (paces the limit checks).
    expansions: u64,
    limit_hit: Option<String>,
    /// The key of a sequence goal's target.
    reach_key: Option<Key>,
}

pub fn solve_help(
    start: &Position,
    rules: &RuleSet,
    plan: &HelpPlan,
    limits: &Limits,
    mut progress: impl FnMut(Progress),
) -> Outcome {
    let mut search = Search {
        rules,
        plan,
        limits,
        start_time: Instant::now(),
        index: KeyMap::default(),
        edges: Vec::new(),
        goals: Vec::new(),
        nodes: 0,
        node_count: 1,
        expansions: 0,
        limit_hit: None,
        reach_key: match &plan.goal {
            Goal::Reach(target) => Some(target.key()),
            _ => None,
        },
    };
    search.index.insert(start.key(), 0);
    // Already at the goal (a mate in zero): the empty sequence, when no length is asked.
    if plan.max_length.is_none() && !matches!(plan.goal, Goal::Reach(_)) && search.is_goal(start, None, None) {
        return search.finish_at_start(start);
    }
    let mut frontier = Layer::Full(vec![start.clone()]);
    let mut spare = Spare::default();
    let mut layer_start = 0u32;
    let mut depth = 0u32;
    let mut verdict = Verdict::NoSolution;
    while !frontier.is_empty() {
        if plan.max_length.is_some_and(|n| depth >= n) {
            break;
        }
        let next_start = search.node_count;
        // The last ply of a stated length only tests goals: nothing after it is stored.
        let last_ply = plan.max_length == Some(depth + 1);
        let mut next = Layer::for_width(frontier.len(), &mut spare);
        match &frontier {
            Layer::Full(positions) => {
                for (i, pos) in positions.iter().enumerate() {
                    search.expand(pos, None, layer_start + i as u32, next_start, last_ply, &mut next);
                    if search.limit_hit.is_some() {
                        break;
                    }
                }
            }
            Layer::Packed(packed) => {
                for (i, p) in packed.iter().enumerate() {
                    let pos = Position::unpack(p);
                    search.expand(&pos, Some(p), layer_start + i as u32, next_start, last_ply, &mut next);
                    if search.limit_hit.is_some() {
                        break;
                    }
                }
            }
        }
        depth += 1;
        if search.limit_hit.is_some() {
            verdict = Verdict::Unknown;
            break;
        }
        progress(Progress {
            depth,
            positions: search.node_count as u64,
            frontier: next.len() as u64,
            nodes: search.nodes,
            elapsed_ms: search.start_time.elapsed().as_millis(),
            memory_bytes: search.memory_bytes(&next),
        });
        if !search.goals.is_empty() {
            verdict = Verdict::Solved;
            break;
        }
        std::mem::replace(&mut frontier, next).recycle(&mut spare);
        layer_start = next_start;
    }
    search.finish(start, verdict, depth)
}

impl Search<'_> {
    fn memory_bytes(&self, frontier: &Layer) -> u64 {
        // map entry (key, id, control byte, load factor) + edge + frontier position
        (self.index.capacity() * 33 + self.edges.capacity() * std::mem::size_of::<Edge>() + frontier.bytes()) as u64
    }

    /// Checked once per expanded position, looked at closely every 256 of them.
    fn check_limits(&mut self, frontier: &Layer) {
        self.expansions += 1;
        if !self.expansions.is_multiple_of(256) {
            return;
        }
        if self.memory_bytes(frontier) > (self.limits.hash_mb as u64) << 20 {
            self.limit_hit = Some(format!("memory limit of {} MiB reached (--hash)", self.limits.hash_mb));
        } else if self.limits.max_nodes.is_some_and(|n| self.nodes >= n) {
            self.limit_hit = Some("node limit reached (--nodes)".into());
        } else if self.limits.time_limit.is_some_and(|t| self.start_time.elapsed() >= t) {
            self.limit_hit = Some("time limit reached (--time-limit)".into());
        }
    }

    fn expand(
        &mut self,
        pos: &Position,
        packed: Option<&PackedPosition>,
        id: u32,
        next_start: u32,
        last_ply: bool,
        next: &mut Layer,
    ) {
        self.check_limits(next);
        if self.limit_hit.is_some() {
            return;
        }
        let attacker_moves = pos.side_to_move() == self.plan.attacker;
        let must_check = attacker_moves && self.plan.attacker_checks;
        // Quiet attacker moves matter only as the last move of a stalemate goal.
        let quiet_may_end = must_check && self.plan.goal == Goal::DefenderStalemated;
        // Checking moves are generated as such (`legal_checks` is exact under any rules).
        let checks_only = must_check && !quiet_may_end;
        // After a defender move the attacker is to move: no goal of the defender's.
        let never_goal = !attacker_moves && matches!(self.plan.goal, Goal::DefenderMated | Goal::DefenderStalemated);
        if never_goal && last_ply {
            return;
        }
        // Filled in place: a returned move list is a copy of its whole capacity.
        let mut moves = MoveList::new();
        let _ = if checks_only {
            pos.generate_checks(self.rules, &mut moves)
        } else {
            pos.generate_legal(self.rules, &mut moves)
        };
        for &m in moves.iter() {
            if never_goal {
                // Positions with the attacker to move are not indexed (as fmrs does): a
                // repeat is expanded again and its children, which are indexed, stop there.
                self.nodes += 1;
                self.insert_child(None, id, m);
                next.push(pos, packed, m, None);
                continue;
            }
            let key = pos.key_after(m);
            // A position already indexed was no goal (goals are never indexed, except a
            // sequence's target, which may be the start) and needs no second look.
            if let Some(&child_id) = self.index.get(&key) {
                if self.reach_key != Some(key) {
                    if child_id >= next_start {
                        self.edges.push(Edge {
                            child: child_id,
                            parent: id,
                            mv: m,
                        });
                    }
                    continue;
                }
            }
            self.nodes += 1;
            let child = pos.play(m);
            // Generated checks are checks; other attacker moves are asked.
            let in_check = if checks_only { Some(true) } else { None };
            if must_check && !checks_only && !child.in_check(self.rules) {
                if self.is_goal(&child, Some(false), Some(m)) {
                    self.goals.push((id, m));
                }
                continue;
            }
            if self.is_goal(&child, in_check, Some(m)) {
                self.goals.push((id, m));
                continue;
            }
            if last_ply {
                continue;
            }
            self.insert_child(Some(key), id, m);
            next.push(pos, packed, m, Some(child));
        }
    }

    /// Numbers a position first reached now (its key known absent from the index); the
    /// caller adds it to the next layer.
    fn insert_child(&mut self, key: Option<Key>, parent: u32, m: Move) {
        let child_id = self.node_count;
        self.node_count += 1;
        if let Some(key) = key {
            self.index.insert(key, child_id);
        }
        self.edges.push(Edge {
            child: child_id,
            parent,
            mv: m,
        });
    }

    /// Whether `pos`, reached by `last` (`None` at the start), is the goal; `in_check`
    /// passes on what the caller already knows. Under the fairy 打歩詰 a mate is the goal
    /// only when `last` is a pawn drop (rules.md §5.8; under 完全打歩 no other move can
    /// mate, under 単純打歩 other mates are legal but fail).
    fn is_goal(&self, pos: &Position, in_check: Option<bool>, last: Option<Move>) -> bool {
        let defender_to_move = pos.side_to_move() != self.plan.attacker;
        let in_check = || in_check.unwrap_or_else(|| pos.in_check(self.rules));
        let mate_goal = matches!(self.plan.goal, Goal::DefenderMated | Goal::AttackerMated);
        if mate_goal && !self.rules.mate_counts(last) {
            return false;
        }
        match &self.plan.goal {
            Goal::DefenderMated => defender_to_move && in_check() && !pos.has_legal_move(self.rules),
            Goal::AttackerMated => !defender_to_move && in_check() && !pos.has_legal_move(self.rules),
            Goal::DefenderStalemated => defender_to_move && !in_check() && !pos.has_legal_move(self.rules),
            Goal::Reach(target) => pos.same_position(target),
        }
    }

    fn finish_at_start(mut self, start: &Position) -> Outcome {
        // the empty line is the one solution; nothing was searched
        let mut out = self.finish(start, Verdict::NoSolution, 0);
        out.verdict = Verdict::Solved;
        out.length = Some(0);
        out.solutions = vec![Vec::new()];
        out.solution_count = 1;
        out.distinct_up_to_mirror = 1;
        out.leftover = vec![hand_kinds(start, self.plan.attacker)];
        out
    }

    fn finish(&mut self, start: &Position, mut verdict: Verdict, depth: u32) -> Outcome {
        let mut notes = self.plan.notes.clone();
        notes.extend(self.limit_hit.take());
        let mut outcome = Outcome {
            notes,
            nodes: self.nodes,
            ..Outcome::new(verdict)
        };
        if verdict == Verdict::Solved {
            let paths = path_counts(&self.edges, self.node_count as usize);
            let count = self
                .goals
                .iter()
                .fold(0u64, |acc, &(p, _)| acc.saturating_add(paths[p as usize]));
            drop(paths);
            // Only the edges on some shortest solution, grouped by child, for listing.
            let mut on_solutions = solution_edges(&self.edges, self.node_count as usize, &self.goals);
            on_solutions.sort_unstable_by_key(|e| e.child);
            let parents = Parents { edges: &on_solutions };
            let mut lines = Vec::new();
            let mut budget = Budget {
                lines: self.limits.max_listed,
                moves: self.limits.max_listed_moves,
            };
            for &(p, m) in &self.goals {
                parents.list_paths(p, m, &mut lines, &mut budget);
            }
            lines.sort_by_cached_key(|l| l.iter().map(|m| m.to_usi()).collect::<Vec<_>>());
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
            outcome.distinct_up_to_mirror = if (lines.len() as u64) == count && is_mirror_symmetric(start) {
                let mut canonical: Vec<Vec<Move>> = lines
                    .iter()
                    .map(|l| std::cmp::min(l.clone(), mirrored_line(start, l)))
                    .collect();
                canonical.sort();
                canonical.dedup();
                canonical.len() as u64
            } else {
                count
            };
            outcome.verdict = verdict;
            outcome.length = Some(depth);
            outcome.solution_count = count;
            outcome.solutions = lines;
            outcome.leftover = leftovers;
            outcome.stated_length = self.plan.max_length.filter(|&n| n != depth);
        }
        outcome.elapsed_ms = self.start_time.elapsed().as_millis();
        outcome
    }
}

/// The number of paths from the root (node 0) to every node. Edges are stored layer by
/// layer (every edge into layer d before any edge out of it), so one pass in stored
/// order sees each parent's count complete.
fn path_counts(edges: &[Edge], nodes: usize) -> Vec<u64> {
    let mut counts = vec![0u64; nodes];
    if let Some(root) = counts.first_mut() {
        *root = 1;
    }
    for e in edges {
        counts[e.child as usize] = counts[e.child as usize].saturating_add(counts[e.parent as usize]);
    }
    counts
}

/// The edges that lie on a path from the root to a goal's parent: one pass backwards
/// over the stored order, which meets every edge out of a node before the edges into it.
fn solution_edges(edges: &[Edge], nodes: usize, goals: &[(u32, Move)]) -> Vec<Edge> {
    let mut alive = vec![0u64; nodes.div_ceil(64)];
    let is_alive = |alive: &[u64], n: u32| alive[n as usize / 64] >> (n % 64) & 1 == 1;
    for &(p, _) in goals {
        alive[p as usize / 64] |= 1 << (p % 64);
    }
    let mut kept = Vec::new();
    for e in edges.iter().rev() {
        if is_alive(&alive, e.child) {
            alive[e.parent as usize / 64] |= 1 << (e.parent % 64);
            kept.push(*e);
        }
    }
    kept
}

/// Parents of the nodes on solutions: edges sorted by child.
struct Parents<'a> {
    edges: &'a [Edge],
}

impl Parents<'_> {
    fn of(&self, node: u32) -> &[Edge] {
        let lo = self.edges.partition_point(|e| e.child < node);
        let hi = self.edges.partition_point(|e| e.child <= node);
        &self.edges[lo..hi]
    }

    /// Appends the lines that reach `node` and end with `last`, within the budget.
    /// Iterative: solutions may be tens of thousands of plies long.
    fn list_paths(&self, node: u32, last: Move, out: &mut Vec<Vec<Move>>, budget: &mut Budget) {
        // `path` holds, from the goal backwards, the move that entered each stack entry.
        let mut path = vec![last];
        let mut stack = vec![(node, 0usize)];
        while let Some(top) = stack.last_mut() {
            let (at, next_edge) = *top;
            if at == 0 {
                if budget.lines == 0 || budget.moves < path.len() {
                    return;
                }
                budget.lines -= 1;
                budget.moves -= path.len();
                out.push(path.iter().rev().copied().collect());
                stack.pop();
                path.pop();
                continue;
            }
            let edges = self.of(at);
            if let Some(e) = edges.get(next_edge) {
                top.1 += 1;
                path.push(e.mv);
                stack.push((e.parent, 0));
            } else {
                stack.pop();
                path.pop();
            }
        }
    }
}

/// How much is still to be listed.
struct Budget {
    lines: usize,
    moves: usize,
}

fn hand_kinds(pos: &Position, color: yosei_core::Color) -> Vec<PieceKind> {
    let mut out = Vec::new();
    for (kind, n) in pos.hand(color).iter() {
        out.extend(std::iter::repeat_n(kind, n as usize));
    }
    out
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
