//! Helpers for the micro-problem files (conditions_power.rs, conditions_nekosen.rs):
//! positions and conditions written as text, answers as sorted USI.

use yosei_io::sfen::parse_sfen;
use yosei_rules::{Condition, Position, RuleSet, Stipulation};
use yosei_solve::{HelpPlan, Limits, Verdict};

/// The rule set of `words`: cli.md condition names joined by `+` (`""`: ordinary).
pub fn rules(words: &str) -> RuleSet {
    let conditions: Vec<Condition> = words
        .split('+')
        .filter(|w| !w.is_empty())
        .map(|w| w.parse().unwrap())
        .collect();
    RuleSet::compile(&conditions).unwrap()
}

/// `sfen` as a position under `rules`.
pub fn pos(sfen: &str, rules: &RuleSet) -> Position {
    Position::from_setup(&parse_sfen(sfen).unwrap().setup, rules).unwrap()
}

/// Every legal move (USI, sorted), or those starting with `prefix`.
pub fn moves(sfen: &str, words: &str, prefix: &str) -> Vec<String> {
    let rules = rules(words);
    crate::support::legal_usi(&pos(sfen, &rules), &rules, prefix)
}

/// Whether the side to move stands in check.
pub fn in_check(sfen: &str, words: &str) -> bool {
    let rules = rules(words);
    pos(sfen, &rules).in_check(&rules)
}

/// `list` as owned strings, sorted.
pub fn sorted(list: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = list.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

/// All shortest help-play solutions (USI lines, sorted) and the verdict.
pub fn help(sfen: &str, stip: &str, words: &str) -> (Verdict, Vec<String>) {
    let rules = rules(words);
    let start = pos(sfen, &rules);
    let plan = HelpPlan::new(stip.parse::<Stipulation>().unwrap(), &start, None).unwrap();
    let out = crate::support::solve_help_every_store(&start, &rules, &plan, &Limits::default());
    (out.verdict, crate::support::solution_lines(&out.solutions))
}

/// The kind of the piece on `file`-`rank` after `usi` is played from `sfen` under `words`.
pub fn kind_after(sfen: &str, words: &str, usi: &str, file: i32, rank: i32) -> Option<yosei_core::PieceKind> {
    let rules = rules(words);
    let after = pos(sfen, &rules).play(yosei_io::sfen::parse_usi_move(usi).unwrap());
    after.piece_at(yosei_core::Square::new(file, rank)?).map(|p| p.kind)
}

/// The legal checking moves (USI, sorted) as `legal_checks` generates them, asserted
/// equal to the legal moves after which the opponent stands in check.
pub fn checks(sfen: &str, words: &str) -> Vec<String> {
    let rules = rules(words);
    let start = pos(sfen, &rules);
    let usi = |list: Vec<yosei_core::Move>| {
        let mut v: Vec<String> = list.iter().map(|m| m.to_usi()).collect();
        v.sort();
        v
    };
    let generated = usi(start.legal_checks(&rules).as_slice().to_vec());
    let played = usi(start
        .legal_moves(&rules)
        .iter()
        .copied()
        .filter(|&m| start.play(m).in_check(&rules))
        .collect());
    assert_eq!(generated, played, "{sfen} under {words}");
    generated
}
