//! The search graph's edges and the solutions read off them: path counts, the edges
//! on some solution, and the listing of solution lines.

use yosei_core::Move;

/// An edge from a node of one layer to a node of the next.
#[derive(Clone, Copy)]
pub(super) struct Edge {
    pub(super) child: u32,
    pub(super) parent: u32,
    pub(super) mv: Move,
}

/// The number of paths from the root (node 0) to every node. Edges are stored layer by
/// layer (every edge into layer d before any edge out of it), so one pass in stored
/// order sees each parent's count complete.
pub(super) fn path_counts(edges: &[Edge], nodes: usize) -> Vec<u64> {
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
pub(super) fn solution_edges(edges: &[Edge], nodes: usize, goals: &[(u32, Move)]) -> Vec<Edge> {
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
pub(super) struct Parents<'a> {
    pub(super) edges: &'a [Edge],
}

impl Parents<'_> {
    fn of(&self, node: u32) -> &[Edge] {
        let lo = self.edges.partition_point(|e| e.child < node);
        let hi = self.edges.partition_point(|e| e.child <= node);
        &self.edges[lo..hi]
    }

    /// Appends the lines that reach `node` and end with `last`, within the budget.
    /// Iterative: solutions may be tens of thousands of plies long.
    pub(super) fn list_paths(&self, node: u32, last: Move, out: &mut Vec<Vec<Move>>, budget: &mut Budget) {
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
pub(super) struct Budget {
    pub(super) lines: usize,
    pub(super) moves: usize,
}
