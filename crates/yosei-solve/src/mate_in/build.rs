//! Building the solution tree with the line in hand, so that a line repeating a
//! position never mates (rules.md §7).
//!
//! `Values` answers without the path and prunes every move that fails anyway (a
//! failure there is a failure on every path); the moves it passes are followed here,
//! where a position already on the line is a failure. A subtree built without meeting
//! its line is kept and reused for the same position and plies left (a transposition).
//!
//! Reuse is exact unless a reused subtree holds a position of the line it is reused
//! under: then that position would be met at two numbers of plies left (above the
//! subtree on the line, inside it below). So every position entered is noted with its
//! plies left; if some position was entered at two, the build is done again with no
//! reuse of any subtree that holds such a position, until a pass meets no new one
//! (nearly always the first pass suffices; repetitions make the second).
//!
//! A position that ends the game (`PriorGame`: met three times before the problem's
//! position) fails on every line alike, so it is no repetition of the line and does
//! not stop a subtree from being reused.

use super::exact_map::ExactMap;
use super::tree::{Edge, NodeId, SolutionTree, TreeNode};
use super::values::Values;
use crate::count::Count;
use crate::key_hash::ZobristBuild;
use crate::PriorGame;
use std::collections::{HashMap, HashSet};
use yosei_core::Move;
use yosei_rules::{Key, MoveList, Position};

/// A subtree as built: its node (`None`: no mate within the plies left, on this line)
/// and what it depended on.
#[derive(Clone, Copy)]
struct Built {
    node: Option<NodeId>,
    /// The index in the line of the highest line position that a move inside repeated
    /// (`usize::MAX`: none). A subtree that repeats only positions at or below its own
    /// root does not depend on the line above it.
    repeats_from: usize,
    /// It entered a position known to be entered at several plies left.
    unsafe_inside: bool,
}

impl Built {
    fn new(node: Option<NodeId>, unsafe_inside: bool) -> Built {
        Built {
            node,
            repeats_from: usize::MAX,
            unsafe_inside,
        }
    }

    fn absorb(&mut self, child: &Built) {
        self.repeats_from = self.repeats_from.min(child.repeats_from);
        self.unsafe_inside |= child.unsafe_inside;
    }

    /// Whether the subtree of a position at index `at` of the line may serve wherever
    /// else the position is met with the same plies left.
    fn reusable_at(&self, at: usize) -> bool {
        !self.unsafe_inside && self.repeats_from >= at
    }
}

/// The plies left at which a position was first entered, and whether at others too.
struct Entered {
    plies: u8,
    several: bool,
}

pub struct Builder<'v, 'a> {
    values: &'v mut Values<'a>,
    nodes: Vec<TreeNode>,
    /// Edges of all nodes (for the memory count).
    edges: usize,
    /// Subtrees kept for reuse, by position and plies left.
    reuse: ExactMap<Option<NodeId>>,
    /// By key alone: two positions sharing a key only make more positions look entered
    /// at several plies, which costs reuse, never exactness.
    entered: HashMap<Key, Entered, ZobristBuild>,
    /// Positions entered at several plies left in an earlier pass: subtrees holding one
    /// are not reused (by key alone, as `entered`).
    unsafe_keys: &'v HashSet<Key, ZobristBuild>,
    /// The positions of the current line from the start (whole: a repetition is
    /// decided by comparing positions, not keys).
    line: Vec<Position>,
    /// The positions whose next occurrence ends the game.
    prior: &'v PriorGame,
}

/// Why a try of the attacker fails (a position with no mate within the plies).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Refutation {
    /// The attacker's check.
    pub attempt: Move,
    /// A reply after which the attacker has no mate within the plies left; `None` when
    /// the check mates but the mate does not count (打歩詰: not a pawn drop).
    pub defence: Option<Move>,
}

impl<'v, 'a> Builder<'v, 'a> {
    pub fn new(
        values: &'v mut Values<'a>,
        unsafe_keys: &'v HashSet<Key, ZobristBuild>,
        prior: &'v PriorGame,
    ) -> Builder<'v, 'a> {
        Builder {
            values,
            nodes: Vec::new(),
            edges: 0,
            reuse: ExactMap::default(),
            entered: HashMap::default(),
            unsafe_keys,
            line: Vec::new(),
            prior,
        }
    }

    /// The tree of `start` (the attacker to move) within `plies`, or `None` when there
    /// is no mate within them (or a limit was hit: see `Values::limit_hit`).
    pub fn solve(mut self, start: &Position, plies: u32) -> (Option<SolutionTree>, Vec<Key>) {
        let root = self.attack(start, plies).node;
        let several = self.entered_at_several_plies();
        let tree = root.map(|root| SolutionTree::new(self.nodes, root, plies));
        (tree, several)
    }

    /// For each check of `start`, a defence that holds out for `plies` (the position
    /// has no mate within them).
    pub fn refute(mut self, start: &Position, plies: u32) -> (Vec<Refutation>, Vec<Key>) {
        let rules = self.values.rules;
        let mut out = Vec::new();
        self.line.push(start.clone());
        for &attempt in start.legal_checks(rules).iter() {
            let after = start.play(attempt);
            let mut replies = MoveList::new();
            let _ = after.generate_legal(rules, &mut replies);
            let defence = if plies < 3 {
                replies.iter().next().copied()
            } else {
                self.line.push(after.clone());
                let holds = replies.iter().copied().find(|&r| {
                    let next = after.play(r);
                    self.on_line(&next).is_some()
                        || self.prior.ends_game(&next)
                        || self.attack(&next, plies - 2).node.is_none()
                });
                self.line.pop();
                holds
            };
            out.push(Refutation { attempt, defence });
        }
        (out, self.entered_at_several_plies())
    }

    /// Positions entered at more than one number of plies left.
    fn entered_at_several_plies(&self) -> Vec<Key> {
        self.entered
            .iter()
            .filter(|(_, e)| e.several)
            .map(|(&k, _)| k)
            .collect()
    }

    /// Where `pos` stands on the current line, if it does.
    fn on_line(&self, pos: &Position) -> Option<usize> {
        self.line.iter().position(|p| p.same_position(pos))
    }

    /// Notes that `key` is entered with `plies` left; whether it is one of the positions
    /// an earlier pass entered at several.
    fn enter(&mut self, key: Key, plies: u32) -> bool {
        let e = self.entered.entry(key).or_insert(Entered {
            plies: plies as u8,
            several: false,
        });
        e.several |= e.plies != plies as u8;
        self.unsafe_keys.contains(&key)
    }

    /// A move into `pos`, at index `at` of the line: the line repeats and never mates.
    fn repetition(&mut self, pos: &Position, at: usize, plies: u32, built: &mut Built) {
        built.unsafe_inside |= self.enter(pos.key(), plies);
        built.repeats_from = built.repeats_from.min(at);
    }

    fn add(&mut self, attacker: bool, edges: Vec<Edge>) -> NodeId {
        self.edges += edges.len();
        self.values.builder_bytes = self.nodes.capacity() * std::mem::size_of::<TreeNode>()
            + self.edges * std::mem::size_of::<Edge>()
            + self.reuse.bytes()
            + self.entered.capacity() * (std::mem::size_of::<(Key, Entered)>() + 1);
        self.nodes.push(TreeNode {
            attacker,
            edges,
            distance: 0,
            lines: Count::default(),
            unfolded_moves: 0,
        });
        self.nodes.len() as NodeId - 1
    }

    /// Starts the subtree of `pos` with `plies` left: a subtree kept for it, or a new
    /// one with `pos` pushed on the line.
    fn open(&mut self, pos: &Position, plies: u32) -> Result<Built, Built> {
        let unsafe_key = self.enter(pos.key(), plies);
        if let Some(node) = self.reuse.get(pos, plies as u8) {
            return Err(Built::new(node, false));
        }
        self.line.push(pos.clone());
        Ok(Built::new(None, unsafe_key))
    }

    /// Ends the subtree opened by `open` with these edges (a node only if `wins`), and
    /// keeps it for reuse if it does not depend on the line above its position.
    fn close(&mut self, mut built: Built, plies: u32, attacker: bool, edges: Vec<Edge>, wins: bool) -> Built {
        let Some(pos) = self.line.pop() else {
            return built;
        };
        built.node = wins.then(|| self.add(attacker, edges));
        if built.reusable_at(self.line.len()) {
            self.reuse.insert(&pos, plies as u8, built.node);
        }
        built
    }

    /// The attacker to move in `pos` (not on the line) with `plies` left: every check
    /// that mates within them on this line.
    fn attack(&mut self, pos: &Position, plies: u32) -> Built {
        // A failure without the line is a failure on every line.
        if !self.values.attacker_wins(pos, plies) {
            return Built::new(None, false);
        }
        let mut built = match self.open(pos, plies) {
            Ok(built) => built,
            Err(kept) => return kept,
        };
        let rules = self.values.rules;
        let mut edges = Vec::new();
        for &m in pos.legal_checks(rules).iter() {
            if !self.values.tick() {
                break;
            }
            let after = pos.play(m);
            if let Some(at) = self.on_line(&after) {
                self.repetition(&after, at, plies - 1, &mut built);
                continue;
            }
            if self.prior.ends_game(&after) {
                continue;
            }
            // A mated position cannot be on a line (it has no move to go on with), so
            // a mate never depends on the line.
            if plies == 1 || !after.has_legal_move(rules) {
                if self.values.defender_loses(&after, m, 0) {
                    edges.push(Edge { mv: m, next: None });
                }
                continue;
            }
            if !self.values.defender_loses(&after, m, plies - 1) {
                continue;
            }
            let child = self.defend(&after, plies - 1);
            built.absorb(&child);
            if let Some(next) = child.node {
                edges.push(Edge {
                    mv: m,
                    next: Some(next),
                });
            }
        }
        let wins = !edges.is_empty();
        self.close(built, plies, true, edges, wins)
    }

    /// The defender to move in `pos` (not on the line, with a legal move) with `plies`
    /// left: every reply, if each still leaves a mate within `plies - 1`.
    fn defend(&mut self, pos: &Position, plies: u32) -> Built {
        let mut built = match self.open(pos, plies) {
            Ok(built) => built,
            Err(kept) => return kept,
        };
        let rules = self.values.rules;
        let mut edges = Vec::new();
        let mut holds = false;
        for &r in pos.legal_moves(rules).iter() {
            if !self.values.tick() {
                holds = true;
                break;
            }
            let after = pos.play(r);
            if let Some(at) = self.on_line(&after) {
                self.repetition(&after, at, plies - 1, &mut built);
                holds = true;
                break;
            }
            if self.prior.ends_game(&after) {
                holds = true;
                break;
            }
            let child = self.attack(&after, plies - 1);
            built.absorb(&child);
            match child.node {
                Some(next) => edges.push(Edge {
                    mv: r,
                    next: Some(next),
                }),
                None => {
                    holds = true;
                    break;
                }
            }
        }
        self.close(built, plies, false, edges, !holds)
    }
}
