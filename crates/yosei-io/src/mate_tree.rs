//! The solution tree of a mate in ≤ n (逃げ将棋) written out: as indented text in
//! Japanese notation, as KIF variations, and as JSON. The tree is a graph (a
//! transposition is one node); each writer unfolds it, within a budget of moves.

use crate::notation::write_ki2_move;
use crate::problem::{Branch, MoveLine};
use serde::Serialize;
use yosei_core::Square;
use yosei_rules::{Position, RuleSet};
use yosei_solve::mate_in::{NodeId, Refutation, SolutionTree};

/// What ends a line that mates, in text and KIF.
const MATE_WORD: &str = "詰み";

/// The tree as indented text, one move a line, two spaces a ply (a mating move ends
/// with 詰み); at most `max_moves` moves, then a line saying how many were left out.
pub fn tree_text(start: &Position, rules: &RuleSet, tree: &SolutionTree, max_moves: u64) -> String {
    let mut writer = TextTree {
        rules,
        tree,
        out: String::new(),
        moves_left: max_moves,
    };
    writer.node(start, tree.root(), 0, None);
    let total = tree.node(tree.root()).unfolded_moves;
    if total > max_moves {
        writer.out.push_str(&format!(
            "… {} more moves not shown (--all shows the whole tree)\n",
            total - max_moves
        ));
    }
    writer.out
}

struct TextTree<'a> {
    rules: &'a RuleSet,
    tree: &'a SolutionTree,
    out: String,
    moves_left: u64,
}

impl TextTree<'_> {
    fn node(&mut self, pos: &Position, id: NodeId, depth: usize, previous_to: Option<Square>) {
        for e in &self.tree.node(id).edges {
            if self.moves_left == 0 {
                return;
            }
            self.moves_left -= 1;
            self.out.push_str(&"  ".repeat(depth));
            self.out.push_str(&write_ki2_move(pos, self.rules, e.mv, previous_to));
            match e.next {
                None => {
                    self.out.push('\u{3000}');
                    self.out.push_str(MATE_WORD);
                    self.out.push('\n');
                }
                Some(next) => {
                    self.out.push('\n');
                    self.node(&pos.play(e.mv), next, depth + 1, Some(e.mv.to()));
                }
            }
        }
    }
}

/// The refutations of the attacker's tries, one a line: `▲try　△defence`.
pub fn refutations_text(start: &Position, rules: &RuleSet, refutations: &[Refutation]) -> String {
    let mut out = String::new();
    for r in refutations {
        out.push_str(&write_ki2_move(start, rules, r.attempt, None));
        out.push('\u{3000}');
        match r.defence {
            Some(d) => out.push_str(&write_ki2_move(&start.play(r.attempt), rules, d, Some(r.attempt.to()))),
            None => out.push_str("(a mate that does not count: 打歩詰)"),
        }
        out.push('\n');
    }
    out
}

/// The tree as KIF moves: the first move of each node on the main line, the others as
/// variations (変化) where they leave it; at most about `max_moves` moves (variations
/// past the budget are left out whole). Whether every move was written comes second.
pub fn tree_move_line(tree: &SolutionTree, max_moves: u64) -> (MoveLine, bool) {
    let mut writer = KifTree {
        tree,
        moves_left: max_moves,
    };
    let line = writer.line(tree.root(), 0, true);
    (line, tree.node(tree.root()).unfolded_moves <= max_moves)
}

struct KifTree<'a> {
    tree: &'a SolutionTree,
    moves_left: u64,
}

impl KifTree<'_> {
    /// The line that plays edge `first` of node `id`, then the first edge of each node;
    /// the other edges of those nodes (and of `id` itself when `siblings`) as branches.
    fn line(&mut self, id: NodeId, first: usize, siblings: bool) -> MoveLine {
        let mut line = MoveLine::default();
        let mut node = Some(id);
        let mut choice = first;
        let mut with_siblings = siblings;
        while let Some(id) = node {
            let edges = &self.tree.node(id).edges;
            let at = line.moves.len();
            line.moves.push(edges[choice].mv);
            line.comments.push(None);
            self.moves_left = self.moves_left.saturating_sub(1);
            if with_siblings {
                for other in 1..edges.len() {
                    if self.moves_left == 0 {
                        break;
                    }
                    let branch = self.line(id, other, false);
                    line.branches.push(Branch { at, line: branch });
                }
            }
            node = edges[choice].next;
            if node.is_none() {
                line.end = Some(MATE_WORD.into());
            }
            choice = 0;
            with_siblings = true;
        }
        line
    }
}

/// A move of the JSON tree: the USI move and the moves that follow it in the tree
/// (none after a mating move; a defender's move is always followed).
#[derive(Clone, Debug, Serialize)]
pub struct TreeMove {
    #[serde(rename = "move")]
    pub usi: String,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub next: Vec<TreeMove>,
}

/// The JSON form of the tree.
#[derive(Clone, Debug, Serialize)]
pub struct JsonTree {
    /// Whether every move of the unfolded tree is written (else the budget cut it).
    pub complete: bool,
    /// The attacker's first moves.
    pub moves: Vec<TreeMove>,
}

/// The tree as JSON data, at most `max_moves` moves.
pub fn json_tree(tree: &SolutionTree, max_moves: u64) -> JsonTree {
    let mut moves_left = max_moves;
    let moves = json_moves(tree, tree.root(), &mut moves_left);
    JsonTree {
        complete: tree.node(tree.root()).unfolded_moves <= max_moves,
        moves,
    }
}

fn json_moves(tree: &SolutionTree, id: NodeId, moves_left: &mut u64) -> Vec<TreeMove> {
    let mut out = Vec::new();
    for e in &tree.node(id).edges {
        if *moves_left == 0 {
            break;
        }
        *moves_left -= 1;
        out.push(TreeMove {
            usi: e.mv.to_usi(),
            next: e.next.map(|n| json_moves(tree, n, moves_left)).unwrap_or_default(),
        });
    }
    out
}
