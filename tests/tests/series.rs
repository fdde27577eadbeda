//! Series play (docs/rules/series.md): 連続詰 (`ser:N`, fm SER-#n) and 連続協力詰
//! (`serhelp:N`, fm SH#n), and help-self-stalemate (`helpselfstale:N`, fm HS=).

use yosei_io::sfen::parse_sfen;
use yosei_rules::{Condition, Position, RuleSet, Stipulation};
use yosei_solve::series::{replay_series, solve_series};
use yosei_solve::{Limits, Outcome, Verdict};

fn pos(sfen: &str, rules: &RuleSet) -> Position {
    Position::from_setup(&parse_sfen(sfen).unwrap().setup, rules).unwrap()
}

fn stip(text: &str) -> Stipulation {
    text.parse().unwrap()
}

fn solve(sfen: &str, stipulation: &str) -> Outcome {
    let rules = RuleSet::ordinary();
    solve_series(&pos(sfen, &rules), &rules, stip(stipulation), &Limits::default())
}

fn lines(out: &Outcome) -> Vec<String> {
    yosei_tests::support::solution_lines(&out.solutions)
}

/// Every line replays with the passes, checks only with its last move, and mates.
fn assert_lines_are_series(sfen: &str, stipulation: &str, out: &Outcome) {
    let rules = RuleSet::ordinary();
    let start = pos(sfen, &rules);
    for line in &out.solutions {
        let end = replay_series(&start, &rules, stip(stipulation), line).unwrap();
        assert!(end.is_checkmate(&rules), "{line:?}");
    }
}

/// White's king on 1a, Black's rook on 5c and a gold in hand. R5c-1b would check
/// (then G*2b mates): a check before the last move is not allowed, so that line is no
/// solution, while the quiet R5c-2c or R5c-5b, then a gold drop, are.
#[test]
fn series_mate_never_checks_before_the_last_move() {
    let sfen = "8k/9/4R4/9/9/9/9/9/K8 b G 1";
    let out = solve(sfen, "ser:2");
    assert_eq!(out.verdict, Verdict::Solved);
    assert_eq!(out.length, Some(2));
    let found = lines(&out);
    assert!(found.contains(&"5c5b G*2b".to_string()), "{found:?}");
    assert!(found.contains(&"5c2c G*2b".to_string()), "{found:?}");
    assert!(!found.iter().any(|l| l.starts_with("5c1b")), "a check first: {found:?}");
    assert!(!found.iter().any(|l| l.starts_with("5c5a")), "a check first: {found:?}");
    assert_eq!(out.solution_count, 16);
    assert_lines_are_series(sfen, "ser:2", &out);
}

/// N*2d covers 1b: with the gold on 3b covering 2a and 2b, White's lone king on 1a has
/// no move and is not in check — stalemated on the way. fm (nfm's SER-#) never asks
/// whether the defender could move, and neither does yosei: S*1b or S*2b then mates.
#[test]
fn series_mate_may_stalemate_the_defender_on_the_way() {
    let sfen = "8k/6G2/9/9/9/9/9/9/K8 b SN 1";
    let rules = RuleSet::ordinary();
    assert_eq!(solve(sfen, "ser:1").verdict, Verdict::NoSolution, "no mate in one");
    let out = solve(sfen, "ser:2");
    let found = lines(&out);
    assert!(found.contains(&"N*2d S*1b".to_string()), "{found:?}");
    assert!(found.contains(&"N*2d S*2b".to_string()), "{found:?}");
    let mut after = pos(sfen, &rules);
    after.play_in_place(yosei_io::sfen::parse_usi_move("N*2d").unwrap());
    assert!(after.is_stalemate(&rules), "White cannot move after N*2d");
    assert_lines_are_series(sfen, "ser:2", &out);
}

/// The shortest series is the answer; a stated length above it is 早詰.
#[test]
fn series_mate_reports_a_shorter_series() {
    let out = solve("8k/6G2/9/9/9/9/9/9/K8 b GN 1", "ser:2");
    assert_eq!(lines(&out), ["G*2b"]);
    assert_eq!(out.stated_length, Some(2));
    assert!(out.faults().iter().any(|f| f.contains("早詰")), "{:?}", out.faults());
}

/// A pawn drop that mates is drop-pawn mate, illegal as the last series move too.
#[test]
fn series_mate_by_pawn_drop_is_illegal() {
    // Gold on 3b covers 2a and 2b, the knight on 2d covers 1b: P*1b would mate.
    let out = solve("8k/6G2/9/7N1/9/9/9/9/K8 b P 1", "ser:1");
    assert_eq!(out.verdict, Verdict::NoSolution);
}

/// White's king on 2a boxed by its own lance on 1a and pawn on 2b: the lance steps to
/// 1b, the king to 1a (no check given), and Black's rook mates on the a-rank. One
/// line, but the rook may promote or not: two solutions, one of them a dual.
#[test]
fn series_helpmate_with_two_solutions() {
    let sfen = "7kl/7p1/9/9/9/9/9/9/K3R4 w G 1";
    assert_eq!(solve(sfen, "serhelp:1").verdict, Verdict::NoSolution);
    let out = solve(sfen, "serhelp:2");
    assert_eq!(out.verdict, Verdict::Solved);
    assert_eq!(out.length, Some(3), "two defender moves and the mate");
    assert_eq!(lines(&out), ["1a1b 2a1a 5i5a", "1a1b 2a1a 5i5a+"]);
    assert_eq!(out.duals, Some(1u64.into()));
    assert!(!out.sound());
    assert_lines_are_series(sfen, "serhelp:2", &out);
}

/// White's king on 1a behind its pawns on 2b and 3b walks 1a-2a-3a (no check given);
/// then only the promoting rook move R5i-5a+ mates — the unpromoted rook would leave
/// 4b free. One solution, nothing left over: sound.
#[test]
fn series_helpmate_with_a_unique_solution() {
    let sfen = "8k/6pp1/9/9/9/9/9/9/K3R4 w - 1";
    assert_eq!(solve(sfen, "serhelp:1").verdict, Verdict::NoSolution);
    let out = solve(sfen, "serhelp:2");
    assert_eq!(lines(&out), ["1a2a 2a3a 5i5a+"]);
    assert!(out.sound(), "{:?}", out.faults());
    assert_lines_are_series(sfen, "serhelp:2", &out);
}

/// The defender's series never checks: White's rook on 8h could check Black's king on
/// 9i from 9h, and a line with that move does not replay as a series.
#[test]
fn series_helpmate_defender_never_checks() {
    let sfen = "7k1/7pp/9/9/9/9/9/1r7/K3R4 w - 1";
    let out = solve(sfen, "serhelp:2");
    assert_eq!(out.verdict, Verdict::Solved);
    assert_eq!(lines(&out), ["2a1a 5i5a", "2a1a 5i5a+"]);
    let rules = RuleSet::ordinary();
    let start = pos(sfen, &rules);
    let checking = ["8h9h".parse_move(), "2a1a".parse_move(), "5i5a".parse_move()];
    assert!(replay_series(&start, &rules, stip("serhelp:2"), &checking).is_err());
    assert_lines_are_series(sfen, "serhelp:2", &out);
}

trait ParseMove {
    fn parse_move(&self) -> yosei_core::Move;
}

impl ParseMove for str {
    fn parse_move(&self) -> yosei_core::Move {
        yosei_io::sfen::parse_usi_move(self).unwrap()
    }
}

/// Under a fairy condition the series goes through the general generator: 安南 gives
/// the gold on 3b, with the knight... (any condition: the lines replay under it).
#[test]
fn series_mate_under_a_condition() {
    let rules = RuleSet::compile(&[Condition::Annan]).unwrap();
    let sfen = "8k/9/4R4/9/9/9/9/9/K8 b G 1";
    let start = pos(sfen, &rules);
    let out = solve_series(&start, &rules, stip("ser:2"), &Limits::default());
    assert_eq!(out.verdict, Verdict::Solved);
    for line in &out.solutions {
        let end = replay_series(&start, &rules, stip("ser:2"), line).unwrap();
        assert!(end.is_checkmate(&rules));
    }
}

/// A limit gives `unknown`, never a wrong answer.
#[test]
fn series_search_stops_at_the_node_limit() {
    let rules = RuleSet::ordinary();
    let limits = Limits {
        max_nodes: Some(4096),
        ..Limits::default()
    };
    let out = solve_series(&pos("startpos", &rules), &rules, stip("ser:9"), &limits);
    assert_eq!(out.verdict, Verdict::Unknown);
    assert!(out.notes.iter().any(|n| n.contains("--nodes")), "{:?}", out.notes);
}
