//! Results as data: what is reported of one solved problem, as one type that serde
//! writes. `yosei solve --format json` prints it (cli.md, "JSON result"), the USI engine
//! answers from it, and the web page is to read the same object.

use crate::mate_tree::{json_tree, JsonTree};
use serde::ser::Error as _;
use serde::{Serialize, Serializer};
use std::fmt::Display;
use yosei_rules::{Condition, RuleSet, Stipulation};
use yosei_solve::{Count, ExactLength, Outcome, Verdict};

/// One solved problem: cli.md's JSON fields, in cli.md's order (serde writes the fields
/// in the order they are declared here).
#[derive(Clone, Debug, Serialize)]
pub struct Report {
    /// `solved`, `no-solution` or `unknown` (a limit was hit).
    #[serde(serialize_with = "verdict_word")]
    pub verdict: Verdict,
    /// cli.md's name: `tsume`, `help:11`…
    #[serde(serialize_with = "as_text")]
    pub stipulation: Stipulation,
    /// The conditions solved under, by cli.md's names.
    #[serde(serialize_with = "each_as_text")]
    pub conditions: Vec<Condition>,
    /// Plies of the solution (direct mate: of the main line).
    pub length: Option<u32>,
    /// USI moves: help play, every listed shortest solution; direct mate, the main line.
    pub solutions: Vec<Vec<String>>,
    /// Every solution, counted exactly: written as a JSON number with every digit, even
    /// past 64 bits.
    #[serde(serialize_with = "every_digit")]
    pub solution_count: Count,
    /// Other attacker choices that also work, as USI lines.
    pub cooks: Vec<Vec<String>>,
    /// Direct mate: other checks of the main line that mate as fast and come back to its
    /// own position at the same ply (非限定, 手順前後), as USI lines up to where they
    /// rejoin; no cooks unless `--rejoining cook` (then in `cooks` too). Written only when
    /// there are some.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub rejoining: Vec<Vec<String>>,
    /// Lines that differ from another only in the final move (最終手余詰, docs/check.md),
    /// counted exactly; `null` where no dual is defined (selfmate) or nothing was solved.
    #[serde(serialize_with = "every_digit_or_null")]
    pub duals: Option<Count>,
    /// SFEN letters of the pieces left in the attacker's hand at the end of the first
    /// solution.
    pub leftover: Vec<String>,
    /// One solution, no cook, nothing left over (and the stated length, where stated).
    pub sound: bool,
    /// Why the problem is not sound, in words.
    pub faults: Vec<String>,
    pub nodes: u64,
    pub elapsed_ms: u128,
    /// Where the problem came from: `argument`, `<file>:<line>`, `stdin:<line>`, `usi`.
    pub origin: String,
    pub notes: Vec<String>,
    /// Mate in ≤ n (逃げ将棋), solved: the whole solution tree (`solutions` lists its
    /// lines, each ended by the first of its final mating moves).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tree: Option<JsonTree>,
    /// Mate in ≤ n with no mate: for each check of the attacker, a defence that holds.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub refutations: Option<Vec<JsonRefutation>>,
    /// Help play with a stated length and a shorter solution (早詰): the solutions of
    /// exactly the stated length, counted apart (fm lists both).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub exact_length_solutions: Option<JsonExactLength>,
    /// Beside `exact_length_solutions`, when the shortest is at least four plies shorter
    /// than the stated length: the solutions of each length between (same parity,
    /// ascending, a length with none included), which fm lists as 早詰 too.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub intermediate_length_solutions: Vec<JsonExactLength>,
}

/// The solutions of exactly the stated length, or of one length between the shortest
/// and it (docs/rules/help.md, "Length").
#[derive(Clone, Debug, Serialize)]
pub struct JsonExactLength {
    pub length: u32,
    /// USI moves, up to the listing limits.
    pub solutions: Vec<Vec<String>>,
    /// Every one, counted exactly (a lower bound when `complete` is false).
    #[serde(serialize_with = "every_digit")]
    pub solution_count: Count,
    /// Counted once per mirror pair when the start is its own mirror image and every
    /// one is listed (fm's count); `solution_count` otherwise.
    #[serde(serialize_with = "every_digit")]
    pub distinct_up_to_mirror: Count,
    /// `false` when a limit stopped their search.
    pub complete: bool,
}

impl JsonExactLength {
    fn of(exact: &ExactLength) -> JsonExactLength {
        JsonExactLength {
            length: exact.length,
            solutions: usi_lines(&exact.solutions),
            solution_count: exact.count.clone(),
            distinct_up_to_mirror: exact.distinct_up_to_mirror.clone(),
            complete: exact.complete,
        }
    }
}

/// Lines of USI moves.
fn usi_lines(lines: &[Vec<yosei_core::Move>]) -> Vec<Vec<String>> {
    lines.iter().map(|l| l.iter().map(|m| m.to_usi()).collect()).collect()
}

/// A refuted try: the attacker's check and a defence after which no mate remains within
/// the plies (`null`: the check mates, but the mate does not count under 打歩詰).
#[derive(Clone, Debug, Serialize)]
pub struct JsonRefutation {
    #[serde(rename = "try")]
    pub attempt: String,
    pub defence: Option<String>,
}

/// Moves of a mate-in-n tree written in JSON at most (a larger tree is cut, and says so).
pub const JSON_TREE_MOVES: u64 = 1_000_000;

impl Report {
    /// The report of `outcome`, solved as `stipulation` under `rules`.
    pub fn new(outcome: &Outcome, stipulation: Stipulation, rules: &RuleSet, origin: impl Into<String>) -> Report {
        Report {
            verdict: outcome.verdict,
            stipulation,
            conditions: rules.conditions().to_vec(),
            length: outcome.length,
            solutions: usi_lines(&outcome.solutions),
            solution_count: outcome.solution_count.clone(),
            cooks: usi_lines(&outcome.cooks),
            rejoining: usi_lines(&outcome.rejoining),
            duals: outcome.duals.clone(),
            leftover: outcome
                .leftover
                .first()
                .map(|l| l.iter().map(|k| k.sfen_name().to_string()).collect())
                .unwrap_or_default(),
            sound: outcome.sound(),
            faults: outcome.faults(),
            nodes: outcome.nodes,
            elapsed_ms: outcome.elapsed_ms,
            origin: origin.into(),
            notes: outcome.notes.clone(),
            tree: outcome
                .mate_in
                .as_ref()
                .and_then(|m| m.tree.as_ref())
                .map(|t| json_tree(t, JSON_TREE_MOVES)),
            refutations: outcome.mate_in.as_ref().filter(|m| m.tree.is_none()).map(|m| {
                m.refutations
                    .iter()
                    .map(|r| JsonRefutation {
                        attempt: r.attempt.to_usi(),
                        defence: r.defence.map(|d| d.to_usi()),
                    })
                    .collect()
            }),
            exact_length_solutions: outcome.exact_length.as_ref().map(JsonExactLength::of),
            intermediate_length_solutions: outcome.intermediate_lengths.iter().map(JsonExactLength::of).collect(),
        }
    }

    /// The report as one line of JSON (cli.md: JSON Lines, one object per problem).
    pub fn to_json(&self) -> Result<String, serde_json::Error> {
        serde_json::to_string(self)
    }

    /// The first solution (direct mate: the main line), as USI moves; empty when none.
    pub fn main_line(&self) -> &[String] {
        self.solutions.first().map_or(&[], |l| l.as_slice())
    }
}

fn verdict_word<S: Serializer>(verdict: &Verdict, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(verdict.word())
}

fn as_text<S: Serializer>(value: &impl Display, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(value)
}

fn each_as_text<S: Serializer, T: Display>(values: &[T], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(values.iter().map(|v| v.to_string()))
}

/// A count as a bare JSON number however many digits it has (a `u64` or `f64` would cut
/// or round it): serde_json's raw value carries the decimal text through unchanged.
fn every_digit_or_null<S: Serializer>(count: &Option<Count>, s: S) -> Result<S::Ok, S::Error> {
    match count {
        Some(count) => every_digit(count, s),
        None => s.serialize_none(),
    }
}

fn every_digit<S: Serializer>(count: &Count, s: S) -> Result<S::Ok, S::Error> {
    match count.to_u64() {
        Some(n) => s.serialize_u64(n),
        None => serde_json::value::RawValue::from_string(count.to_string())
            .map_err(S::Error::custom)?
            .serialize(s),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn report(outcome: &Outcome) -> Report {
        Report::new(
            outcome,
            Stipulation::Help { length: Some(3) },
            &RuleSet::default(),
            "argument",
        )
    }

    #[test]
    fn fields_are_written_in_cli_md_order() {
        let json = report(&Outcome::new(Verdict::NoSolution)).to_json().unwrap();
        assert_eq!(
            json,
            "{\"verdict\":\"no-solution\",\"stipulation\":\"help:3\",\"conditions\":[],\"length\":null,\
             \"solutions\":[],\"solution_count\":0,\"cooks\":[],\"duals\":null,\"leftover\":[],\"sound\":false,\
             \"faults\":[],\"nodes\":0,\"elapsed_ms\":0,\"origin\":\"argument\",\"notes\":[]}"
        );
    }

    #[test]
    fn a_count_past_64_bits_keeps_every_digit() {
        let mut outcome = Outcome::new(Verdict::Solved);
        // 2^64 + 2^64 - 2 = 36893488147419103230
        let mut count = Count::from(u64::MAX);
        count.add(&Count::from(u64::MAX));
        outcome.solution_count = count;
        let json = report(&outcome).to_json().unwrap();
        assert!(json.contains("\"solution_count\":36893488147419103230,"), "{json}");
    }

    #[test]
    fn text_is_escaped() {
        let mut outcome = Outcome::new(Verdict::Unknown);
        outcome.notes.push("a \"quoted\"\nline\\".into());
        let json = report(&outcome).to_json().unwrap();
        assert!(json.contains(r#""notes":["a \"quoted\"\nline\\"]"#), "{json}");
    }
}
