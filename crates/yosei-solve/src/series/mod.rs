//! Series play (rules: docs/rules/series.md): one side — the series side — plays
//! several moves in a row while the other passes; no series move gives check; then a
//! mate in one ends it, by the series side's own last move (連続詰, `mate`) or by the
//! other side once the series is over (連続協力詰, `help`).
//!
//! Breadth-first over the series side's positions, one layer per series move, as fm's
//! nfm does: layer d holds every position first reached after d quiet series moves
//! (the series side to move again). A position met again at a later layer is dropped —
//! the series that reaches it later could be shortened — so the first layer with a
//! mate gives every shortest solution. The edges into each new layer are kept and the
//! solutions are counted, listed and checked by help play's path machinery
//! (`help::paths`); every listed line is replayed, with the passes, before it is
//! reported.

mod help;
mod mate;

use crate::help::hand_kinds;
use crate::help::paths::{solutions_of, Edge};
use crate::outcome::{Outcome, Verdict};
use crate::Limits;
use std::collections::{HashMap, HashSet};
use std::time::Instant;
use yosei_core::{Color, Move};
use yosei_rules::{Key, MoveList, Position, RuleSet, Stipulation};

/// What one series stipulation asks of the engine.
struct SeriesPlan {
    /// Series moves played before the mate in one is first tried.
    first: u32,
    /// Series moves played, at most, before the mate in one.
    last: u32,
    /// The mate is the other side's, given the move when the series is over (連続協力詰);
    /// else it is the series side's own next move (連続詰).
    mate_by_other: bool,
    /// Plies of the solution the problem states.
    stated_plies: u32,
    /// The attacker (whose hand is left over at the end).
    attacker: Color,
    notes: Vec<String>,
}

/// Solves a series stipulation (`Series` or `SeriesHelp`; any other is an error) from
/// `start`, whose side to move plays the series.
pub fn solve_series(start: &Position, rules: &RuleSet, stipulation: Stipulation, limits: &Limits) -> Outcome {
    let plan = match stipulation {
        Stipulation::Series { length } => mate::plan(start, length),
        Stipulation::SeriesHelp { length } => help::plan(start, length),
        other => {
            let mut out = Outcome::new(Verdict::Unknown);
            out.notes
                .push(format!("{} ({other}) is not a series stipulation", other.japanese()));
            return out;
        }
    };
    let mut search = Search {
        rules,
        plan: &plan,
        limits,
        started: Instant::now(),
        nodes: 0,
        limit_hit: None,
    };
    let found = search.run(start);
    search.finish(start, stipulation, found)
}

/// The note for a start whose side to move is not fm's (Black attacks).
fn side_note(stipulation: &str, wanted: Color, to_move: Color) -> Vec<String> {
    if wanted == to_move {
        return Vec::new();
    }
    let side = |c: Color| if c == Color::Black { "Black" } else { "White" };
    vec![format!(
        "the position has {} to move, but fm's convention for {stipulation} wants {} to move: solving from the \
         position's side to move, with White as the attacker",
        side(to_move),
        side(wanted)
    )]
}

struct Search<'a> {
    rules: &'a RuleSet,
    plan: &'a SeriesPlan,
    limits: &'a Limits,
    started: Instant,
    nodes: u64,
    limit_hit: Option<String>,
}

/// The solution graph when a mate was found: every edge into a new layer (in layer
/// order), the mating moves from their parents, the number of nodes, and the series
/// moves before the mate.
struct Found {
    edges: Vec<Edge>,
    goals: Vec<(u32, Move)>,
    node_count: u32,
    series_moves: u32,
}

impl Search<'_> {
    /// Counts a node; false once a limit is reached.
    fn tick(&mut self, memory: usize) -> bool {
        self.nodes += 1;
        if self.nodes.is_multiple_of(4096) && self.limit_hit.is_none() {
            self.limit_hit = self.limits.reached(self.nodes, self.started);
            if self.limit_hit.is_none() && memory > self.limits.hash_mb << 20 {
                self.limit_hit = Some(format!("memory limit of {} MiB reached (--hash)", self.limits.hash_mb));
            }
        }
        self.limit_hit.is_none()
    }

    /// The layers until the first with a mate, the stated length or an empty layer.
    fn run(&mut self, start: &Position) -> Option<Found> {
        let mut layer: Vec<(u32, Position)> = vec![(0, start.clone())];
        let mut seen: HashMap<Key, u32> = HashMap::from([(start.key(), 0)]);
        let mut edges = Vec::new();
        let mut node_count = 1u32;
        let mut played = 0;
        loop {
            if played >= self.plan.first {
                let goals = self.mates(&layer);
                if self.limit_hit.is_some() {
                    return None;
                }
                if !goals.is_empty() {
                    return Some(Found {
                        edges,
                        goals,
                        node_count,
                        series_moves: played,
                    });
                }
            }
            if played == self.plan.last || layer.is_empty() {
                return None;
            }
            let layer_first = node_count;
            let mut next = Vec::new();
            let mut moves = MoveList::new();
            for (id, pos) in &layer {
                moves.clear();
                let _ = pos.generate_legal(self.rules, &mut moves);
                for &m in moves.iter() {
                    let memory = seen.len() * 48 + edges.len() * 12 + (layer.len() + next.len()) * 160;
                    if !self.tick(memory) {
                        return None;
                    }
                    let child = pos.play(m);
                    // A series move never gives check (fm: 王手は最終手のみ).
                    if child.in_check(self.rules) {
                        continue;
                    }
                    let child = child.passed();
                    let child_id = match seen.get(&child.key()) {
                        Some(&known) if known < layer_first => continue,
                        Some(&known) => known,
                        None => {
                            let new = node_count;
                            node_count += 1;
                            seen.insert(child.key(), new);
                            next.push((new, child));
                            new
                        }
                    };
                    edges.push(Edge {
                        child: child_id,
                        parent: *id,
                        mv: m,
                    });
                }
            }
            layer = next;
            played += 1;
        }
    }

    /// The mates in one from a layer: (node, mating move).
    fn mates(&mut self, layer: &[(u32, Position)]) -> Vec<(u32, Move)> {
        let mut goals = Vec::new();
        let mut checks = MoveList::new();
        for (id, pos) in layer {
            let mater = if self.plan.mate_by_other {
                pos.passed()
            } else {
                pos.clone()
            };
            checks.clear();
            let _ = mater.generate_checks(self.rules, &mut checks);
            for &m in checks.iter() {
                if !self.tick(0) {
                    return goals;
                }
                // (most checks leave the king a flight, told without playing them)
                if !mater.king_flees_after(m, self.rules) {
                    let end = mater.play(m);
                    if end.is_checkmate(self.rules) && self.rules.mate_counts(&end, Some(m)) {
                        goals.push((*id, m));
                    }
                }
            }
        }
        goals
    }

    fn finish(&mut self, start: &Position, stipulation: Stipulation, found: Option<Found>) -> Outcome {
        let verdict = match (&found, &self.limit_hit) {
            (_, Some(_)) => Verdict::Unknown,
            (Some(_), None) => Verdict::Solved,
            (None, None) => Verdict::NoSolution,
        };
        let mut outcome = Outcome::new(verdict);
        outcome.notes = self.plan.notes.clone();
        outcome.notes.extend(self.limit_hit.take());
        if let (Some(found), Verdict::Solved) = (found, verdict) {
            let (count, duals, lines) =
                solutions_of(&found.edges, found.node_count as usize, &found.goals, self.limits);
            let mut ends = HashSet::new();
            for line in &lines {
                match replay_series(start, self.rules, stipulation, line) {
                    Ok(end) if end.is_checkmate(self.rules) && self.rules.mate_counts(&end, line.last().copied()) => {
                        outcome.leftover.push(hand_kinds(&end, self.plan.attacker));
                        ends.insert(end.key());
                    }
                    Ok(_) => {
                        outcome.verdict = Verdict::Unknown;
                        outcome
                            .notes
                            .push(format!("internal error: a solution does not mate: {line:?}"));
                    }
                    Err(e) => {
                        outcome.verdict = Verdict::Unknown;
                        outcome
                            .notes
                            .push(format!("internal error: a solution does not replay: {e}"));
                    }
                }
            }
            // nfm keeps one line per position it reaches (the first), so it lists one
            // solution per final position: move orders that transpose count once there.
            if count == lines.len() as u64 && ends.len() < lines.len() {
                outcome.notes.push(format!(
                    "{} distinct final positions (fm's nfm lists one line for each: move orders that transpose count once there)",
                    ends.len()
                ));
            }
            let plies = found.series_moves + 1;
            outcome.length = Some(plies);
            outcome.distinct_up_to_mirror = count.clone();
            outcome.solution_count = count;
            outcome.duals = Some(duals);
            outcome.solutions = lines;
            outcome.stated_length = Some(self.plan.stated_plies).filter(|&n| n != plies);
        }
        outcome.nodes = self.nodes;
        outcome.elapsed_ms = self.started.elapsed().as_millis();
        outcome
    }
}

/// The position after a series line, each move checked legal and the passes made
/// (`Stipulation::passes_after`), or which move is not legal.
pub fn replay_series(
    start: &Position,
    rules: &RuleSet,
    stipulation: Stipulation,
    line: &[Move],
) -> Result<Position, String> {
    let mut pos = start.clone();
    for (i, &m) in line.iter().enumerate() {
        if !pos.is_legal(m, rules) {
            return Err(format!("move {} ({}) is not legal", i + 1, m.to_usi()));
        }
        pos.play_in_place(m);
        // Every move but the mate is a series move, which never checks.
        if i + 1 < line.len() && pos.in_check(rules) {
            return Err(format!("move {} ({}) gives check before the mate", i + 1, m.to_usi()));
        }
        if stipulation.passes_after(i, line.len()) {
            pos = pos.passed();
        }
    }
    Ok(pos)
}
