//! The solutions of a search that kept plies only (`Store::Plies`).
//!
//! Under ordinary pieces and no condition, backwards from the goals' parents: each position's
//! retractions (`Position::retractions`, a superset) are kept when the index has them
//! at the ply before (positions that are not indexed are taken on trust until they
//! have a predecessor of their own) and when their generated moves include one that
//! leads here. The work is proportional to the solutions, not to the search. The dense
//! visited set knows only a position's band of 64 plies: a position reached later in
//! the same band passes too, its line back dies out within the band (at ply 0 only the
//! start is taken), and the edges of such lines are dropped at the end.
//!
//! Otherwise (fairy pieces or conditions: no retraction is defined for them) a second
//! pass, depth-first and forward from the start, along the moves that enter the next
//! ply. There, a move from a node of ply d is an edge of the search graph exactly when
//! the search would have recorded it: its child is indexed with ply d + 1, or (an
//! unindexed child, `NodeRules::never_goal`) the child is simply the next node. A node leads to a goal
//! when it is a goal's parent at the last ply or one of its children leads to a goal;
//! the index remembers the verdict of each indexed node (two flag bits next to its
//! ply), so every node is settled once, as in the search itself. Only the nodes that
//! lead to a goal get ids and edges: the same graph `Store::Edges` would have kept,
//! restricted to the solutions.

use super::visited::unreadable;
use super::{Edge, Graph, LastPly, Search};
use std::collections::{HashMap, HashSet};
use yosei_core::Move;
use yosei_rules::{Key, MoveList, Position, RuleSet};

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
        if Search::rebuilds_backward(start, self.rules) {
            self.rebuild_backward(start)
        } else {
            self.rebuild_forward(start)
        }
    }

    /// Whether the solutions are rebuilt backwards, by retraction (conditions change how
    /// pieces move and what a capture does: no retraction is defined for them).
    pub(super) fn rebuilds_backward(start: &Position, rules: &RuleSet) -> bool {
        !start.takes_general_path(rules)
    }

    /// Backwards from the goals' parents, level by level (module docs); `None` if the
    /// spilled visited set could not be read.
    fn rebuild_backward(&mut self, start: &Position) -> Option<Graph> {
        let length = self.depth;
        let mut graph = Graph {
            edges: Vec::new(),
            goals: Vec::new(),
            node_count: 1,
        };
        // Ids by key and ply: a position that is not indexed may be met at several
        // plies (at most one of them on a solution), and must not join them.
        let mut ids: HashMap<(Key, u32), u32> = HashMap::from([((start.key(), 0), 0)]);
        // The id of a position at a ply, and whether it is new.
        let mut id_of = |key: Key, ply: u32, graph: &mut Graph| match ids.get(&(key, ply)) {
            Some(&id) => (id, false),
            None => {
                let id = graph.node_count;
                graph.node_count += 1;
                ids.insert((key, ply), id);
                (id, true)
            }
        };
        let mut level: Vec<Position> = Vec::new();
        let mut goals_seen = HashSet::new();
        // A position reached along several lines is one node here (the search expands
        // an unindexed one once per arrival and records its goals each time).
        for (parent, m) in std::mem::take(&mut self.goal_parents) {
            let (id, new) = id_of(parent.key(), length - 1, &mut graph);
            if goals_seen.insert((id, m)) {
                graph.goals.push((id, m));
            }
            if new {
                level.push(parent);
            }
        }
        // `level` holds the positions at ply `d` found so far on some solution.
        for d in (1..length).rev() {
            let mut before = Vec::new();
            for y in &level {
                let y_key = y.key();
                let y_id = id_of(y_key, d, &mut graph).0;
                for x in y.retractions(self.rules).expect("ordinary pieces retract") {
                    self.nodes += 1;
                    // Not indexed: a position with the attacker to move after a defender
                    // move, in a goal of the defender's (the start is always indexed).
                    let indexed = d - 1 == 0 || !(self.defender_goal() && x.side_to_move() == self.plan.attacker);
                    if indexed {
                        match self.index.may_be_at(x.key(), d - 1) {
                            Ok(true) => {}
                            Ok(false) => continue,
                            Err(e) => {
                                self.limit_hit = Some(unreadable(e));
                                return None;
                            }
                        }
                    }
                    // (A position let through by its band of plies ends here at the latest.)
                    if d - 1 == 0 && !x.same_position(start) {
                        continue;
                    }
                    let node = self.node_rules(&x);
                    let mut moves = MoveList::new();
                    self.generate(&x, node, &mut moves);
                    let Some(&mv) = moves.iter().find(|&&m| x.key_after(m) == y_key) else {
                        continue;
                    };
                    let (x_id, new) = id_of(x.key(), d - 1, &mut graph);
                    graph.edges.push(Edge {
                        child: y_id,
                        parent: x_id,
                        mv,
                    });
                    if new {
                        before.push(x);
                    }
                }
            }
            level = before;
        }
        // Made from the last ply back: reversed, edges into a node come before edges
        // out of it (`path_counts`).
        graph.edges.reverse();
        // Positions let through by their band of plies (the dense visited set) have no
        // line from the start: their edges go, in one pass in that order.
        let mut reached = vec![false; graph.node_count as usize];
        reached[0] = true;
        graph.edges.retain(|e| {
            let on_a_line = reached[e.parent as usize];
            if on_a_line {
                reached[e.child as usize] = true;
            }
            on_a_line
        });
        Some(graph)
    }

    /// Forwards from the start, depth-first (module docs).
    fn rebuild_forward(&mut self, start: &Position) -> Option<Graph> {
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
        // Index values from here: two flags above the ply.
        let settled = 1 << (self.index.value_bits() - 1);
        let leads_to_goal = settled >> 1;
        let ply_mask = leads_to_goal - 1;
        while let Some(top) = stack.last_mut() {
            let Some(&m) = top.moves.get(top.next_move) else {
                // Settled: tell the parent, remember the verdict.
                let done = stack.pop().expect("a frame");
                if let Some(key) = done.key {
                    let leads = if done.id.is_some() { leads_to_goal } else { 0 };
                    self.index.set(key, done.ply | settled | leads);
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
            if visits.is_multiple_of(4096) && self.limits.stopped() {
                self.limit_hit = Some("stopped while rebuilding the solutions".into());
                return None;
            }
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
                if self.index.rebuild_value(key).is_some() && self.reach_key != Some(key) {
                    continue;
                }
                if self.judge_last(&top.pos, node, m) == LastPly::Goal {
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
            let Some(value) = self.index.rebuild_value(key) else {
                continue;
            };
            if value & ply_mask != child_ply {
                continue;
            }
            if value & settled != 0 {
                if value & leads_to_goal != 0 {
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
