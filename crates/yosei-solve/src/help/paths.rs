//! The search graph's edges and the solutions read off them: path counts, the edges
//! on some solution, and the listing of solution lines.

use crate::count::Count;
use std::collections::{HashMap, HashSet};
use yosei_core::Move;

/// An edge from a node of one layer to a node of the next.
#[derive(Clone, Copy)]
pub(crate) struct Edge {
    pub(crate) child: u32,
    pub(crate) parent: u32,
    pub(crate) mv: Move,
}

/// The number of solutions, exactly: paths from the root (node 0) to a goal's parent,
/// once per goal move; and of them the duals, the solutions that are another's with the
/// last move changed (each goal move of a parent but its first). `on_solutions` are the
/// edges on some solution as `solution_edges` gives them (the stored order backwards),
/// so a pass over them backwards sees each parent's count complete; only their nodes
/// hold a count.
pub(crate) fn count_solutions(on_solutions: &[Edge], goals: &[(u32, Move)]) -> (Count, Count) {
    let mut paths: HashMap<u32, Count> = HashMap::from([(0, Count::from(1))]);
    for e in on_solutions.iter().rev() {
        let parent = paths.remove(&e.parent).unwrap_or_default();
        paths.entry(e.child).or_default().add(&parent);
        paths.insert(e.parent, parent);
    }
    let (mut count, mut duals) = (Count::default(), Count::default());
    let mut ended = HashSet::new();
    for (p, _) in goals {
        if let Some(paths) = paths.get(p) {
            count.add(paths);
            if !ended.insert(*p) {
                duals.add(paths);
            }
        }
    }
    (count, duals)
}

/// The edges that lie on a path from the root to a goal's parent: one pass backwards
/// over the stored order, which meets every edge out of a node before the edges into it.
pub(crate) fn solution_edges(edges: &[Edge], nodes: usize, goals: &[(u32, Move)]) -> Vec<Edge> {
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
pub(crate) struct Parents<'a> {
    pub(crate) edges: &'a [Edge],
}

impl Parents<'_> {
    fn of(&self, node: u32) -> &[Edge] {
        let lo = self.edges.partition_point(|e| e.child < node);
        let hi = self.edges.partition_point(|e| e.child <= node);
        &self.edges[lo..hi]
    }

    /// Appends the lines that reach `node` and end with `last`, within the budget.
    /// Iterative: solutions may be tens of thousands of plies long.
    pub(crate) fn list_paths(&self, node: u32, last: Move, out: &mut Vec<Vec<Move>>, budget: &mut Budget) {
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
pub(crate) struct Budget {
    pub(crate) lines: usize,
    pub(crate) moves: usize,
}

/// The solutions of a finished search: their number, their duals and the lines to list
/// (within `limits`' listing caps, sorted by their moves in USI), from the graph's edges
/// and goals.
pub(crate) fn solutions_of(
    edges: &[Edge],
    node_count: usize,
    goals: &[(u32, Move)],
    limits: &crate::Limits,
) -> (Count, Count, Vec<Vec<Move>>) {
    // Only the edges on some shortest solution: counted, then grouped by child for
    // listing.
    let mut on_solutions = solution_edges(edges, node_count, goals);
    let (count, duals) = count_solutions(&on_solutions, goals);
    on_solutions.sort_unstable_by_key(|e| e.child);
    let parents = Parents { edges: &on_solutions };
    let mut lines = Vec::new();
    let mut budget = Budget {
        lines: limits.max_listed,
        moves: limits.max_listed_moves,
    };
    for &(p, m) in goals {
        parents.list_paths(p, m, &mut lines, &mut budget);
    }
    lines.sort_by(|a, b| by_usi_text(a, b));
    (count, duals, lines)
}

/// The order of the lines' USI texts, move by move; only the first moves that differ
/// are written out (the lines may be thousands of moves long and share most of them).
fn by_usi_text(a: &[Move], b: &[Move]) -> std::cmp::Ordering {
    a.iter()
        .zip(b)
        .filter(|(x, y)| x != y)
        .map(|(x, y)| x.to_usi().cmp(&y.to_usi()))
        .find(|order| order.is_ne())
        .unwrap_or_else(|| a.len().cmp(&b.len()))
}

#[cfg(test)]
mod tests {
    use super::{count_solutions, solution_edges, Edge};
    use yosei_core::{Move, Square};

    /// A move to tell edges apart: from file `a` to file `b` on rank 5.
    fn mv(a: i32, b: i32) -> Move {
        let square = |f| Square::new(f, 5).expect("on the board");
        Move::normal(square(a), square(b), false)
    }

    #[test]
    fn solutions_are_counted_exactly_past_64_bits() {
        // 70 diamonds in a row (two moves from each knot to the next): 2⁷⁰ paths to
        // the last knot, which has two goal moves. A dead end hangs off the first knot.
        let edge = |child, parent, mv| Edge { child, parent, mv };
        let mut edges = Vec::new();
        let mut next = 1;
        let mut knot = 0;
        for _ in 0..70 {
            let (left, right, joined) = (next, next + 1, next + 2);
            next += 3;
            edges.push(edge(left, knot, mv(1, 2)));
            edges.push(edge(right, knot, mv(1, 3)));
            edges.push(edge(joined, left, mv(2, 1)));
            edges.push(edge(joined, right, mv(3, 1)));
            knot = joined;
        }
        edges.insert(1, edge(next, 0, mv(1, 4)));
        let goals = [(knot, mv(1, 5)), (knot, mv(1, 6))];
        let on_solutions = solution_edges(&edges, next as usize + 1, &goals);
        assert_eq!(on_solutions.len(), 280, "the dead end is not on a solution");
        let (count, duals) = count_solutions(&on_solutions, &goals);
        assert_eq!(count.to_string(), (2u128.pow(71)).to_string());
        assert_eq!(duals.to_string(), (2u128.pow(70)).to_string(), "the second goal move");
    }
}
