//! The solutions of a search that kept plies only (`Store::Plies`): a second pass,
//! depth-first and forward from the start, along the moves that enter the next ply.
//!
//! A move from a node of ply d is an edge of the search graph exactly when the search
//! would have recorded it: its child is indexed with ply d + 1, or (an unindexed child,
//! `NodeRules::never_goal`) the child is simply the next node. A node leads to a goal
//! when it is a goal's parent at the last ply or one of its children leads to a goal;
//! the index remembers the verdict of each indexed node (two flag bits next to its
//! ply), so every node is settled once, as in the search itself. Only the nodes that
//! lead to a goal get ids and edges: the same graph `Store::Edges` would have kept,
//! restricted to the solutions.

use super::{Edge, Graph, Judged, Search};
use std::collections::HashMap;
use yosei_core::Move;
use yosei_rules::{Key, MoveList, Position};

/// Index value bits during the rebuild, above the ply.
const SETTLED: u32 = 1 << 30;
const LEADS_TO_GOAL: u32 = 1 << 29;
const PLY: u32 = LEADS_TO_GOAL - 1;

/// A node on the depth-first path.
struct Frame {
    pos: Position,
    /// `None` for a node that is not indexed.
    key: Option<Key>,
    ply: u32,
    moves: Vec<Move>,
    next_move: usize,
    /// Given when the node is found to lead to a goal.
    id: Option<u32>,
}

impl Search<'_> {
    /// The graph of every shortest solution of `self.depth` plies, or `None` if a limit
    /// was hit (noted in `limit_hit`).
    pub(super) fn rebuild(&mut self, start: &Position) -> Option<Graph> {
        let length = self.depth;
        let mut graph = Graph {
            edges: Vec::new(),
            goals: Vec::new(),
            node_count: 0,
        };
        // Ids of the indexed nodes that lead to a goal; the ply of every id.
        let mut ids: HashMap<Key, u32> = HashMap::new();
        let mut id_ply: Vec<u32> = Vec::new();
        let mut new_id = |ply: u32, graph: &mut Graph| {
            id_ply.push(ply);
            graph.node_count += 1;
            graph.node_count - 1
        };
        // The start is node 0, the root of `path_counts`.
        let mut root = self.frame(start.clone(), Some(start.key()), 0, length);
        root.id = Some(new_id(0, &mut graph));
        let mut stack = vec![root];
        let mut visits = 0u64;
        while let Some(top) = stack.last_mut() {
            let Some(&m) = top.moves.get(top.next_move) else {
                // Settled: tell the parent, remember the verdict.
                let done = stack.pop().expect("a frame");
                if let Some(key) = done.key {
                    let leads = if done.id.is_some() { LEADS_TO_GOAL } else { 0 };
                    self.index.set(key, done.ply | SETTLED | leads);
                    if let Some(id) = done.id {
                        ids.insert(key, id);
                    }
                }
                if let (Some(child), Some(parent)) = (done.id, stack.last_mut()) {
                    let parent_id = *parent.id.get_or_insert_with(|| new_id(parent.ply, &mut graph));
                    let mv = parent.moves[parent.next_move - 1];
                    graph.edges.push(Edge {
                        child,
                        parent: parent_id,
                        mv,
                    });
                }
                continue;
            };
            top.next_move += 1;
            visits += 1;
            if visits.is_multiple_of(4096) && self.limits.time_limit.is_some_and(|t| self.start_time.elapsed() >= t) {
                self.limit_hit = Some("time limit reached (--time-limit) while rebuilding the solutions".into());
                return None;
            }
            let node = self.node_rules(&top.pos);
            let child_ply = top.ply + 1;
            if child_ply == length {
                // Goal moves (as in `expand`: an indexed child is no goal, unless it is a
                // sequence's target).
                let key = top.pos.key_after(m);
                if self.index.get(key).is_some() && self.reach_key != Some(key) {
                    continue;
                }
                if let Judged::Goal = self.judge(&top.pos, node, m) {
                    let id = *top.id.get_or_insert_with(|| new_id(top.ply, &mut graph));
                    graph.goals.push((id, m));
                }
                continue;
            }
            if node.never_goal {
                let child = top.pos.play(m);
                let frame = self.frame(child, None, child_ply, length);
                stack.push(frame);
                continue;
            }
            let key = top.pos.key_after(m);
            let Some(value) = self.index.get(key) else {
                continue;
            };
            if value & PLY != child_ply {
                continue;
            }
            if value & SETTLED != 0 {
                if value & LEADS_TO_GOAL != 0 {
                    let child = ids[&key];
                    let parent = *top.id.get_or_insert_with(|| new_id(top.ply, &mut graph));
                    graph.edges.push(Edge { child, parent, mv: m });
                }
                continue;
            }
            let child = top.pos.play(m);
            let frame = self.frame(child, Some(key), child_ply, length);
            stack.push(frame);
        }
        self.nodes += visits;
        // Edges into a node before edges out of it (`path_counts`, `solution_edges`).
        graph.edges.sort_by_key(|e| id_ply[e.parent as usize]);
        Some(graph)
    }

    fn frame(&self, pos: Position, key: Option<Key>, ply: u32, length: u32) -> Frame {
        let node = self.node_rules(&pos);
        let mut list = MoveList::new();
        // A node of the last ply but one whose children cannot be goals has none to try.
        if !(node.never_goal && ply + 1 == length) {
            self.generate(&pos, node, &mut list);
        }
        Frame {
            pos,
            key,
            ply,
            moves: list.iter().copied().collect(),
            next_move: 0,
            id: None,
        }
    }
}
