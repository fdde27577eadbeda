//! The solution tree of a mate in ≤ n (逃げ将棋): at each attacker node every check that
//! still mates within the plies left, at each defender node every legal reply.
//!
//! It is kept as a graph: a position reached by two lines with the same plies left
//! (a transposition) is one node, so the tree's lines are counted without unfolding
//! them (`Count`: their number may pass 64 bits). Nodes are stored children first.

use crate::count::Count;
use yosei_core::Move;

/// Index of a node in [`SolutionTree::nodes`].
pub type NodeId = u32;

/// A move of the tree and where it leads: `None` after an attacker's move that mates.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Edge {
    pub mv: Move,
    pub next: Option<NodeId>,
}

impl Edge {
    pub fn mates(&self) -> bool {
        self.next.is_none()
    }
}

/// A position of the tree with the moves that are part of the solution there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TreeNode {
    /// Whether the attacker is to move here.
    pub attacker: bool,
    /// The attacker's winning checks (mates first, then by distance) or the defender's
    /// replies (the longest resistance first).
    pub edges: Vec<Edge>,
    /// Plies to mate from here: the attacker's shortest, against the defender's
    /// longest (within the tree).
    pub distance: u32,
    /// Solution lines from here, counted as seed 004 counts them (see [`SolutionTree`]).
    pub lines: Count,
    /// Moves of the tree from here with every transposition written out again (as a
    /// listing writes them), saturating.
    pub unfolded_moves: u64,
}

/// The whole solution tree, with its lines counted as seed 004 counts them: with one
/// ply every mating move is a line; with more, all mating moves at one attacker node
/// are one line (the branching of a line's final move is ignored) and every other
/// branch — the attacker's or the defender's, and a mate before the last ply — is
/// another line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolutionTree {
    /// Children before parents; the root (the attacker to move) is last.
    pub nodes: Vec<TreeNode>,
    /// The stated number of plies.
    pub plies: u32,
}

impl SolutionTree {
    /// The tree of the nodes reachable from `root` in `arena` (children first, as the
    /// builder makes them), with distances, counts and orders computed.
    pub(super) fn new(arena: Vec<TreeNode>, root: NodeId, plies: u32) -> SolutionTree {
        let mut reachable = vec![false; arena.len()];
        reachable[root as usize] = true;
        // Parents come after their children: one pass from the root down marks all.
        for i in (0..arena.len()).rev() {
            if reachable[i] {
                for e in &arena[i].edges {
                    if let Some(n) = e.next {
                        reachable[n as usize] = true;
                    }
                }
            }
        }
        let mut new_id = vec![NodeId::MAX; arena.len()];
        let mut nodes = Vec::new();
        for (i, mut node) in arena.into_iter().enumerate() {
            if reachable[i] {
                for e in &mut node.edges {
                    e.next = e.next.map(|n| new_id[n as usize]);
                }
                new_id[i] = nodes.len() as NodeId;
                nodes.push(node);
            }
        }
        let mut tree = SolutionTree { nodes, plies };
        tree.finish();
        tree
    }

    pub fn root(&self) -> NodeId {
        self.nodes.len() as NodeId - 1
    }

    pub fn node(&self, id: NodeId) -> &TreeNode {
        &self.nodes[id as usize]
    }

    /// The number of solution lines (seed 004's count).
    pub fn line_count(&self) -> Count {
        let root = self.node(self.root());
        if self.plies == 1 {
            Count::from(root.edges.len() as u64)
        } else {
            root.lines.clone()
        }
    }

    /// The duals: on each line (as [`SolutionTree::line_count`] counts them) the
    /// mating moves at its end beyond the first, which seed 004 ignores; none with one
    /// ply, where every mating move is a line.
    pub fn dual_count(&self) -> Count {
        if self.plies == 1 {
            return Count::default();
        }
        // Children first: each node's count is complete when its parents add it.
        let mut duals: Vec<Count> = Vec::with_capacity(self.nodes.len());
        for node in &self.nodes {
            let mates = node.edges.iter().filter(|e| e.mates()).count() as u64;
            let mut d = Count::from(mates.saturating_sub(1));
            for n in node.edges.iter().filter_map(|e| e.next) {
                d.add(&duals[n as usize]);
            }
            duals.push(d);
        }
        duals.pop().unwrap_or_default()
    }

    /// The solution lines in the tree's order, each ended by the first of its final
    /// mating moves (with one ply, each mating move), as many as `max_lines` and
    /// `max_moves` allow.
    pub fn lines(&self, max_lines: usize, max_moves: usize) -> Vec<Vec<Move>> {
        let mut lister = Lister {
            tree: self,
            out: Vec::new(),
            prefix: Vec::new(),
            lines_left: max_lines,
            moves_left: max_moves,
        };
        let root = self.root();
        if self.plies == 1 {
            for e in &self.node(root).edges {
                lister.emit(e.mv);
            }
        } else {
            lister.attacker(root);
        }
        lister.out
    }

    /// Computes each node's distance, line count and unfolded size and orders its
    /// moves: attacker's by distance (mates first), defender's longest first; ties keep
    /// the order of generation. Nodes must be children first.
    fn finish(&mut self) {
        for i in 0..self.nodes.len() {
            let (done, rest) = self.nodes.split_at_mut(i);
            let node = &mut rest[0];
            let attacker = node.attacker;
            let edge_distance = |e: &Edge| e.next.map_or(1, |n| 1 + done[n as usize].distance);
            if attacker {
                node.edges.sort_by_key(edge_distance);
                node.distance = node.edges.iter().map(edge_distance).min().unwrap_or(0);
            } else {
                node.edges.sort_by_key(|e| std::cmp::Reverse(edge_distance(e)));
                node.distance = node.edges.iter().map(edge_distance).max().unwrap_or(0);
            }
            let mut lines = Count::from(u64::from(attacker && node.edges.iter().any(Edge::mates)));
            let mut unfolded = 0u64;
            for e in &node.edges {
                unfolded = unfolded.saturating_add(1);
                if let Some(n) = e.next {
                    lines.add(&done[n as usize].lines);
                    unfolded = unfolded.saturating_add(done[n as usize].unfolded_moves);
                }
            }
            node.lines = lines;
            node.unfolded_moves = unfolded;
        }
    }
}

struct Lister<'t> {
    tree: &'t SolutionTree,
    out: Vec<Vec<Move>>,
    prefix: Vec<Move>,
    lines_left: usize,
    moves_left: usize,
}

impl Lister<'_> {
    fn full(&self) -> bool {
        self.lines_left == 0 || self.moves_left == 0
    }

    fn emit(&mut self, last: Move) {
        if self.full() {
            return;
        }
        let mut line = self.prefix.clone();
        line.push(last);
        self.moves_left = self.moves_left.saturating_sub(line.len());
        self.lines_left -= 1;
        self.out.push(line);
    }

    fn attacker(&mut self, id: NodeId) {
        let edges = &self.tree.node(id).edges;
        if let Some(mate) = edges.iter().find(|e| e.mates()) {
            self.emit(mate.mv);
        }
        for e in edges {
            if let Some(next) = e.next {
                self.follow(e.mv, next, Self::defender);
            }
        }
    }

    fn defender(&mut self, id: NodeId) {
        for e in &self.tree.node(id).edges {
            if let Some(next) = e.next {
                self.follow(e.mv, next, Self::attacker);
            }
        }
    }

    fn follow(&mut self, mv: Move, next: NodeId, then: fn(&mut Self, NodeId)) {
        if self.full() {
            return;
        }
        self.prefix.push(mv);
        then(self, next);
        self.prefix.pop();
    }
}
