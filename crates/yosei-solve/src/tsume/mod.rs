//! 詰将棋 (direct mate): the attacker checks with every move and mates against any
//! defence; the answer is the shortest mate against the longest defence, and among
//! lines of one length the one that leaves the attacker nothing in hand (rules.md §8;
//! docs/rules/direct-mate.md).
//!
//! Three phases share one df-pn search and its table (`dfpn`):
//! 1. **Prove**: is there a mate at all? (any length)
//! 2. **Line**: the table's proofs followed from the start: the attacker's check with
//!    the shortest proof, the defender's reply with the longest (`line::ProofTree`).
//! 3. **Certificate**: from the end of the line back, every other check is asked
//!    whether it mates as soon (a sooner one replaces the move; as soon: a cook, 余詰,
//!    or at the last move 最終手余詰) and every other defence whether it lasts longer
//!    (it then replaces the move), within a node budget; then, among equally long
//!    defences, the line with the fewest faults (`line`). With every question answered,
//!    every position of the line has its exact value: the length is proven minimal.

mod defence_counts;
mod dfpn;
mod futile;
mod hand;
mod line;
mod mate_len;
mod rejoin;
mod repetition_failures;
mod table;

use crate::count::Count;
use crate::outcome::{Outcome, Verdict};
use crate::verify::replay;
use crate::{Limits, PriorGame};
use dfpn::{Dfpn, Res};
use line::certified_line;
use mate_len::ANY;
use yosei_core::{Move, PieceKind};
use yosei_rules::{Position, RuleSet, Stipulation};

/// How interpositions against a distant check count (cli.md `--futile`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Futile {
    /// Futile interpositions (無駄合) are not defences (全詰連's rule; the default).
    #[default]
    Skip,
    /// Every interposition is a defence (as most engines and generated sets count).
    Count,
}

/// What another check that mates as fast and comes back to the main line's own
/// position at the same ply (非限定, 手順前後) counts as (cli.md `--rejoining`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Rejoining {
    /// Listed apart, no cook: the same solution by another road (the default).
    #[default]
    Note,
    /// A cook (余詰) like any other.
    Cook,
}

/// What a direct-mate search is asked besides the position and the limits.
#[derive(Clone, Debug, Default)]
pub struct TsumeOptions {
    pub futile: Futile,
    pub rejoining: Rejoining,
    /// The length the problem states, if any (a shorter mate is reported as 早詰).
    pub stated_length: Option<u32>,
    /// Nodes the certificate of the line (no shorter mate, every cook) may take
    /// (`None`: as many as the proof took, at least two million).
    pub certify_nodes: Option<u64>,
    /// The positions that the moves played before the problem's position have met
    /// three times (a line through one is no mate).
    pub prior: PriorGame,
}

/// A snapshot of a running search, for a terminal or a GUI.
#[derive(Clone, Debug, Default)]
pub struct TsumeProgress {
    pub nodes: u64,
    pub elapsed_ms: u128,
    /// What the search is doing: "proving", "shortening", "checking cooks"…
    pub phase: &'static str,
    /// The root's proof and disproof numbers (df-pn), or the depth bound.
    pub proof_number: u64,
    pub disproof_number: u64,
    /// Table use in thousandths.
    pub table_permille: u32,
    /// Plies of the line being searched.
    pub depth: u32,
    /// The best line known so far (may be empty).
    pub line: Vec<Move>,
}

/// Solves `start` (the attacker to move) as a direct mate.
pub fn solve_tsume(
    start: &Position,
    rules: &RuleSet,
    options: &TsumeOptions,
    limits: &Limits,
    progress: impl FnMut(&TsumeProgress) + Send,
) -> Outcome {
    let tsume = Stipulation::Tsume { length: None };
    if let Some(c) = rules.conditions().iter().find(|c| !c.solved_under(tsume)) {
        // the command line refuses it before; the USI engine and play mode come here
        let mut outcome = Outcome::new(Verdict::Unknown);
        outcome
            .notes
            .push(format!("condition {c} is not solved in direct mate (tsume) so far"));
        return outcome;
    }
    // The search recurses once per ply of the line it follows: it runs on a thread with
    // a large stack.
    crate::search_thread::run(|| solve_on_this_thread(start, rules, options, limits, progress)).unwrap_or_else(|why| {
        let mut outcome = Outcome::new(Verdict::Unknown);
        outcome.notes.push(format!("internal error: {why}"));
        outcome
    })
}

fn solve_on_this_thread(
    start: &Position,
    rules: &RuleSet,
    options: &TsumeOptions,
    limits: &Limits,
    mut progress: impl FnMut(&TsumeProgress),
) -> Outcome {
    let mut dfpn = Dfpn::new(start, rules, options.futile, &options.prior, limits, &mut progress);
    let mut outcome = match solve_phases(&mut dfpn, start, options) {
        Ok(outcome) => outcome,
        Err(Halt::Limit) => Outcome::new(Verdict::Unknown),
        Err(Halt::Internal(why)) => {
            let mut outcome = Outcome::new(Verdict::Unknown);
            outcome.notes.push(format!("internal error: {why}"));
            outcome
        }
    };
    outcome.notes.extend(dfpn.limit_hit.take());
    if dfpn.table.collections > 0 {
        outcome.notes.push(format!(
            "the table was collected {} time(s) within --hash {} MiB",
            dfpn.table.collections, limits.hash_mb
        ));
    }
    outcome.nodes = dfpn.nodes;
    outcome.elapsed_ms = dfpn.started.elapsed().as_millis();
    outcome
}

/// Why the phases stopped before an answer.
enum Halt {
    /// A limit was hit (the search's `limit_hit` says which).
    Limit,
    /// The search contradicted itself (a bug: reported, never printed as an answer).
    Internal(String),
}

fn settled(dfpn: &Dfpn, res: Res) -> Result<Res, Halt> {
    if res.is_proven() || res.is_disproven() {
        Ok(res)
    } else if dfpn.limit_hit.is_some() {
        Err(Halt::Limit)
    } else {
        Err(Halt::Internal("a search ended unresolved with no limit hit".into()))
    }
}

fn solve_phases(dfpn: &mut Dfpn, start: &Position, options: &TsumeOptions) -> Result<Outcome, Halt> {
    dfpn.enter(start);
    let first = dfpn.solve(start, ANY);
    let first = settled(dfpn, first)?;
    if first.is_disproven() {
        let mut outcome = Outcome::new(Verdict::NoSolution);
        outcome.stated_length = options.stated_length;
        return Ok(outcome);
    }
    let proving_nodes = dfpn.nodes;
    if trace() {
        eprintln!(
            "proved: value {} after {} nodes, {} expansions, max depth {}",
            first.value, dfpn.nodes, dfpn.expansions, dfpn.max_depth
        );
    }
    dfpn.phase = "main line";
    let budget = options
        .certify_nodes
        .unwrap_or_else(|| (proving_nodes.saturating_mul(CERTIFY_PER_PROOF_NODE)).max(CERTIFY_AT_LEAST));
    let line = certified_line(dfpn, start, budget)?;
    if trace() {
        eprintln!(
            "line of {} plies, unanswered at {:?}, after {} more nodes",
            line.moves.len(),
            line.unanswered_at,
            dfpn.nodes - proving_nodes
        );
    }
    let length = line.moves.len() as u32;
    let end = replay(start, dfpn.rules, &line.moves).map_err(Halt::Internal)?;

    let mut outcome = Outcome::new(Verdict::Solved);
    outcome.length = Some(length);
    let attacker = start.side_to_move();
    outcome.leftover.push(pieces_of(end.hand(attacker)));
    outcome.solution_count = Count::from(1);
    outcome.distinct_up_to_mirror = Count::from(1);
    let with_prefix = |&(at, m): &(usize, Move)| {
        let mut l = line.moves[..at].to_vec();
        l.push(m);
        l
    };
    outcome.cooks = line.cooks.iter().map(with_prefix).collect();
    outcome.rejoining = line
        .rejoining
        .iter()
        .map(|(at, detour)| [&line.moves[..*at], &detour[..]].concat())
        .collect();
    if !line.rejoining.is_empty() {
        let mut plies = line
            .rejoining
            .iter()
            .map(|(at, _)| (at + 1).to_string())
            .collect::<Vec<_>>();
        plies.dedup();
        let counted = match options.rejoining {
            Rejoining::Note => "not cooks (--rejoining cook counts them)",
            Rejoining::Cook => "counted as cooks (--rejoining cook)",
        };
        outcome.notes.push(format!(
            "{} other check(s) (at ply {}) mate as fast and come back to the main line's own position at \
             the same ply (非限定 / 手順前後, listed in `rejoining`): {counted}",
            line.rejoining.len(),
            plies.join(", ")
        ));
        if options.rejoining == Rejoining::Cook {
            outcome
                .cooks
                .extend(line.rejoining.iter().map(|(at, detour)| with_prefix(&(*at, detour[0]))));
        }
    }
    outcome.duals = Some(Count::from(line.final_duals.len() as u64));
    if !line.final_duals.is_empty() {
        let last = line
            .final_duals
            .iter()
            .map(|(_, m)| m.to_usi())
            .collect::<Vec<_>>()
            .join(" ");
        outcome.notes.push(format!(
            "the last move has alternatives that also mate (最終手余詰, not a cook): {last}"
        ));
    }
    match line.unanswered_at {
        Some(ply) => {
            outcome.certified = Some(false);
            // (the moves after the last unanswered question are certified)
            let certified = if ply < line.moves.len() {
                format!("certified from ply {} on only", ply + 1)
            } else {
                "not certified".to_string()
            };
            outcome.notes.push(format!(
                "{certified}: the other moves at ply {ply} and before were not all searched within the \
                 certificate's {budget} nodes, so a shorter mate, a longer defence or a cook there may \
                 have been missed (--certify-nodes N for more)"
            ));
        }
        None => outcome.certified = Some(true),
    }
    outcome.stated_length = options.stated_length.filter(|&n| n != length);
    outcome.solutions.push(line.moves);
    Ok(outcome)
}

/// The certificate's default budget: this many nodes per node of the proof, and at
/// least `CERTIFY_AT_LEAST` (a short problem is certified whatever it costs).
const CERTIFY_PER_PROOF_NODE: u64 = 1;
const CERTIFY_AT_LEAST: u64 = 2_000_000;

pub(super) fn trace() -> bool {
    std::env::var_os("YOSEI_TRACE").is_some()
}

fn pieces_of(hand: &yosei_core::Hand) -> Vec<PieceKind> {
    hand.iter()
        .flat_map(|(k, n)| std::iter::repeat_n(k, n as usize))
        .collect()
}
