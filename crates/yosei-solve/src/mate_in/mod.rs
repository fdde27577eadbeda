//! Mate in ≤ n with every solution (逃げ将棋, seed 004; rules.md §8): the attacker,
//! checking with every move, must mate within n plies; every interposition counts (no
//! 無駄合); pieces may be left over; a line that repeats a position never mates
//! (rules.md §7). The answer is the whole solution tree ([`SolutionTree`]): at each
//! attacker node every check that still mates within the plies left, at each defender
//! node every legal reply; its lines are counted as seed 004 counts them, and every
//! line beyond the first is a cook (余詰).
//!
//! Two searches share the work:
//! - `values`: whether the attacker mates within p plies, repetition set aside, keyed
//!   by position and kept as bounds on the distance to mate — the cook check of every
//!   move at every node of the tree is a question to it;
//! - `build`: the tree itself, following only the moves `values` passes, with the line
//!   in hand so that repetitions are exact.
//!
//! A position that the moves played before the problem's position met three times
//! (`PriorGame`) ends the game the next time it comes: the builder counts a line through
//! it as no mate, as it does a line that repeats (the values, which set repetition
//! aside, only ever say too much for the attacker, never too little).
//!
//! A position with no mate within n gets the refutation of each attacker try: a
//! defence after which no mate remains within the plies left.

mod build;
mod exact_map;
mod tree;
mod values;

pub use build::Refutation;
pub use tree::{Edge, NodeId, SolutionTree, TreeNode};
pub use values::MAX_PLIES;

use crate::key_hash::ZobristBuild;
use crate::outcome::{Outcome, Verdict};
use crate::verify::replay_all;
use crate::{Limits, PriorGame};
use build::Builder;
use std::collections::HashSet;
use values::Values;
use yosei_core::{Move, PieceKind};
use yosei_rules::{Key, Position, RuleSet};

/// What a mate-in-n search adds to an [`Outcome`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MateInAnswer {
    /// The whole solution tree (when solved).
    pub tree: Option<SolutionTree>,
    /// When there is no mate: for each check of the attacker, a defence that holds.
    pub refutations: Vec<Refutation>,
}

/// Whether `plies` can be a mate-in-n length: odd (the attacker's moves are the odd
/// plies) and within [`MAX_PLIES`].
pub fn check_plies(plies: u32) -> Result<(), String> {
    if plies.is_multiple_of(2) {
        Err(format!(
            "mate:{plies}: the length must be odd (the attacker mates on an odd ply; mate:{} asks the same)",
            plies.saturating_sub(1).max(1)
        ))
    } else if plies > MAX_PLIES {
        Err(format!("mate:{plies}: at most {MAX_PLIES} plies"))
    } else {
        Ok(())
    }
}

/// Solves `start` (the attacker to move) as a mate in at most `plies` plies, every
/// solution and cook; `prior`: the positions the game before `start` met three times.
pub fn solve_mate_in(start: &Position, rules: &RuleSet, plies: u32, prior: &PriorGame, limits: &Limits) -> Outcome {
    let mut values = Values::new(rules, limits);
    let mut outcome = match check_plies(plies) {
        Err(why) => {
            let mut outcome = Outcome::new(Verdict::Unknown);
            outcome.notes.push(why);
            outcome
        }
        Ok(()) => solve_checked(&mut values, start, plies, prior, limits),
    };
    outcome.notes.extend(values.limit_hit.take());
    outcome.nodes = values.nodes;
    outcome.elapsed_ms = values.started.elapsed().as_millis();
    outcome
}

/// A reply of the defender chosen to hold out longest (the page's play mode), and how
/// soon the attacker can still mate after it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Defence {
    pub reply: Move,
    /// The fewest plies in which the attacker, to move after `reply`, forces mate within
    /// the plies left; `None`: no mate remains within them (the defence escapes).
    pub mate_within: Option<u32>,
}

impl Defence {
    /// Whether this reply survives longer than `known` (any reply outlasts none): an
    /// escape outlasts every mate, a farther mate a nearer one.
    pub fn outlasts(&self, known: Option<Defence>) -> bool {
        match (known, self.mate_within) {
            (None, _) => true,
            (Some(known), None) => known.mate_within.is_some(),
            (Some(known), Some(d)) => known.mate_within.is_some_and(|k| d > k),
        }
    }
}

/// The defender, to move in `pos` (after the attacker's check) with `plies` left, plays
/// the reply that survives longest: one after which no mate remains within `plies - 1`
/// if there is one, else one whose mate is farthest. `Ok(None)` when it has no legal
/// move; `Err` when a limit was hit (an answer then could call a lost position safe).
/// Repetition is set aside, as in the values (it only takes mates away from the
/// attacker, so a reply said to escape does escape).
pub fn longest_defence(
    pos: &Position,
    rules: &RuleSet,
    plies: u32,
    limits: &Limits,
) -> Result<Option<Defence>, String> {
    let mut values = Values::new(rules, limits);
    let mut best: Option<Defence> = None;
    for &reply in pos.legal_moves(rules).iter() {
        let next = pos.play(reply);
        // The attacker's plies after the reply: odd, shortest first (the values keep
        // bounds, so each longer question reuses the shorter ones).
        let attacker_plies = plies.saturating_sub(1);
        let mate_within = (1..=attacker_plies)
            .step_by(2)
            .find(|&p| values.attacker_wins(&next, p));
        if let Some(why) = values.limit_hit.take() {
            return Err(why);
        }
        let defence = Defence { reply, mate_within };
        if defence.outlasts(best) {
            best = Some(defence);
            if mate_within.is_none() {
                break;
            }
        }
    }
    Ok(best)
}

fn solve_checked(values: &mut Values, start: &Position, plies: u32, prior: &PriorGame, limits: &Limits) -> Outcome {
    let (tree, passes) = until_exact(values, prior, |builder| builder.solve(start, plies));
    if values.limit_hit.is_some() {
        return Outcome::new(Verdict::Unknown);
    }
    let mut outcome = match tree {
        Some(tree) => solved(values.rules, start, tree, limits),
        None => {
            let (refutations, _) = until_exact(values, prior, |builder| builder.refute(start, plies));
            if values.limit_hit.is_some() {
                return Outcome::new(Verdict::Unknown);
            }
            let mut outcome = Outcome::new(Verdict::NoSolution);
            if refutations.is_empty() {
                outcome.notes.push("the attacker has no check".into());
            }
            outcome.mate_in = Some(Box::new(MateInAnswer {
                tree: None,
                refutations,
            }));
            outcome
        }
    };
    if passes > 1 {
        outcome.notes.push(format!(
            "some positions are met at several plies left (a repetition or a transposition of \
             another length): the tree was built {passes} times, the last without reusing their subtrees"
        ));
    }
    outcome
}

/// Runs `build` on builders that may not reuse the subtrees of the positions an earlier
/// run entered at several plies left, until a run enters no new such position (then
/// every reuse was exact: see `build`). Returns the last result and the number of runs.
fn until_exact<T>(
    values: &mut Values,
    prior: &PriorGame,
    mut build: impl FnMut(Builder) -> (T, Vec<Key>),
) -> (T, usize) {
    let mut unsafe_keys: HashSet<Key, ZobristBuild> = HashSet::default();
    let mut passes = 0;
    loop {
        passes += 1;
        let (result, several) = build(Builder::new(values, &unsafe_keys, prior));
        let before = unsafe_keys.len();
        unsafe_keys.extend(several);
        if unsafe_keys.len() == before || values.limit_hit.is_some() {
            return (result, passes);
        }
    }
}

fn solved(rules: &RuleSet, start: &Position, tree: SolutionTree, limits: &Limits) -> Outcome {
    let mut outcome = Outcome::new(Verdict::Solved);
    let root = tree.node(tree.root());
    outcome.length = Some(root.distance);
    outcome.solution_count = tree.line_count();
    outcome.duals = Some(tree.dual_count());
    outcome.distinct_up_to_mirror = outcome.solution_count.clone();
    outcome.solutions = tree.lines(limits.max_listed, limits.max_listed_moves);
    outcome.cooks = outcome.solutions.iter().skip(1).cloned().collect();
    if root.distance < tree.plies {
        outcome.notes.push(format!(
            "the shortest mate takes {} plies, fewer than the stated {} (allowed here; seed 004 \
             prefers the shortest length stated)",
            root.distance, tree.plies
        ));
    }
    match verify(rules, start, &tree, &outcome.solutions) {
        Ok(ends) => {
            let attacker = start.side_to_move();
            if let Some(end) = ends.first() {
                outcome.leftover.push(pieces_of(end.hand(attacker)));
            }
        }
        Err(why) => {
            outcome.verdict = Verdict::Unknown;
            outcome.notes.push(format!("internal error: {why}"));
        }
    }
    outcome.mate_in = Some(Box::new(MateInAnswer {
        tree: Some(tree),
        refutations: Vec::new(),
    }));
    outcome
}

/// Checks the answer against the rule engine: each node of the tree once (its moves
/// legal, the attacker's checks, the defender's replies all its legal moves, the mates
/// mates that count), and each listed line replayed whole (a mate at its end within the
/// plies, no position twice). Returns the end positions of the lines.
fn verify(
    rules: &RuleSet,
    start: &Position,
    tree: &SolutionTree,
    lines: &[Vec<Move>],
) -> Result<Vec<Position>, String> {
    let mut seen = vec![false; tree.nodes.len()];
    let mut stack = vec![(tree.root(), start.clone())];
    while let Some((id, pos)) = stack.pop() {
        if std::mem::replace(&mut seen[id as usize], true) {
            continue;
        }
        let node = tree.node(id);
        let legal = if node.attacker {
            pos.legal_checks(rules)
        } else {
            pos.legal_moves(rules)
        };
        if !node.attacker && legal.len() != node.edges.len() {
            return Err(format!(
                "a defender node of the tree has {} replies, the position {}",
                node.edges.len(),
                legal.len()
            ));
        }
        for e in &node.edges {
            if !legal.contains(e.mv) {
                return Err(format!(
                    "{} is not a legal {}",
                    e.mv.to_usi(),
                    if node.attacker { "check" } else { "move" }
                ));
            }
            let after = pos.play(e.mv);
            match e.next {
                None if !(after.is_checkmate(rules) && rules.mate_counts(&after, Some(e.mv))) => {
                    return Err(format!("{} is marked as mating but does not mate", e.mv.to_usi()))
                }
                None => {}
                Some(next) => stack.push((next, after)),
            }
        }
    }
    let ends = replay_all(start, rules, lines)?;
    for (line, end) in lines.iter().zip(&ends) {
        let shown = || line.iter().map(|m| m.to_usi()).collect::<Vec<_>>().join(" ");
        if line.len() as u32 > tree.plies || !end.is_checkmate(rules) || !rules.mate_counts(end, line.last().copied()) {
            return Err(format!("the line {} does not end in a mate within the plies", shown()));
        }
        let mut seen: Vec<Position> = vec![start.clone()];
        for &m in line {
            let pos = seen[seen.len() - 1].play(m);
            if seen.iter().any(|p| p.same_position(&pos)) {
                return Err(format!("the line {} repeats a position", shown()));
            }
            seen.push(pos);
        }
    }
    Ok(ends)
}

fn pieces_of(hand: &yosei_core::Hand) -> Vec<PieceKind> {
    hand.iter()
        .flat_map(|(k, n)| std::iter::repeat_n(k, n as usize))
        .collect()
}
