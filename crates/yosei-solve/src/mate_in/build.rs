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

use super::tree::{Edge, NodeId, SolutionTree, TreeNode};
use super::values::Values;
use crate::count::Count;
use crate::key_hash::ZobristBuild;
use std::collections::{HashMap, HashSet};
use yosei_core::Move;
use yosei_rules::{Key, Position};

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
    reuse: HashMap<(Key, u8), Option<NodeId>, ZobristBuild>,
    entered: HashMap<Key, Entered, ZobristBuild>,
    /// Positions entered at several plies left in an earlier pass: subtrees holding one
    /// are not reused.
    unsafe_keys: &'v HashSet<Key, ZobristBuild>,
    /// The positions of the current line from the start.
    line: Vec<Key>,
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
    pub fn new(values: &'v mut Values<'a>, unsafe_keys: &'v HashSet<Key, ZobristBuild>) -> Builder<'v, 'a> {
        Builder {
            values,
            nodes: Vec::new(),
            reuse: HashMap::default(),
            entered: HashMap::default(),
            unsafe_keys,
            line: Vec::new(),
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
        self.line.push(start.key());
        for &attempt in start.legal_checks(rules).iter() {
            let after = start.play(attempt);
            let replies = after.legal_moves(rules);
            let defence = if plies < 3 {
                replies.iter().next().copied()
            } else {
                self.line.push(after.key());
                let holds = replies.iter().copied().find(|&r| {
                    let next = after.play(r);
                    self.line.contains(&next.key()) || self.attack(&next, plies - 2).node.is_none()
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

    /// A move into `key`, a position of the line: the line repeats and never mates.
    fn repetition(&mut self, key: Key, plies: u32, built: &mut Built) {
        let unsafe_key = self.enter(key, plies);
        built.unsafe_inside |= unsafe_key;
        let at = self.line.iter().position(|&k| k == key).unwrap_or(0);
        built.repeats_from = built.repeats_from.min(at);
    }

    fn add(&mut self, attacker: bool, edges: Vec<Edge>) -> NodeId {
        self.nodes.push(TreeNode {
            attacker,
            edges,
            distance: 0,
            lines: Count::default(),
            unfolded_moves: 0,
        });
        self.nodes.len() as NodeId - 1
    }

    /// Keeps `built` for reuse if it does not depend on the line above `key`.
    fn keep(&mut self, key: Key, plies: u32, built: Built) -> Built {
        if built.reusable_at(self.line.len()) {
            self.reuse.insert((key, plies as u8), built.node);
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
        let key = pos.key();
        let unsafe_key = self.enter(key, plies);
        if let Some(&node) = self.reuse.get(&(key, plies as u8)) {
            return Built::new(node, false);
        }
        let rules = self.values.rules;
        let mut built = Built::new(None, unsafe_key);
        self.line.push(key);
        let mut edges = Vec::new();
        for &m in pos.legal_checks(rules).iter() {
            if !self.values.tick() {
                break;
            }
            let after = pos.play(m);
            let after_key = after.key();
            if self.line.contains(&after_key) {
                self.repetition(after_key, plies - 1, &mut built);
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
        self.line.pop();
        built.node = (!edges.is_empty()).then(|| self.add(true, edges));
        self.keep(key, plies, built)
    }

    /// The defender to move in `pos` (not on the line, with a legal move) with `plies`
    /// left: every reply, if each still leaves a mate within `plies - 1`.
    fn defend(&mut self, pos: &Position, plies: u32) -> Built {
        let key = pos.key();
        let unsafe_key = self.enter(key, plies);
        if let Some(&node) = self.reuse.get(&(key, plies as u8)) {
            return Built::new(node, false);
        }
        let rules = self.values.rules;
        let mut built = Built::new(None, unsafe_key);
        self.line.push(key);
        let mut edges = Vec::new();
        let mut holds = false;
        for &r in pos.legal_moves(rules).iter() {
            if !self.values.tick() {
                holds = true;
                break;
            }
            let after = pos.play(r);
            let after_key = after.key();
            if self.line.contains(&after_key) {
                self.repetition(after_key, plies - 1, &mut built);
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
        self.line.pop();
        built.node = (!holds).then(|| self.add(false, edges));
        self.keep(key, plies, built)
    }
}
