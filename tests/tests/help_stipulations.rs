//! Help play beyond ばか詰: helpselfmate, help-stalemate, help sequences, the parity rule.

use yosei_io::sfen::parse_sfen;
use yosei_rules::{Position, RuleSet, Stipulation};
use yosei_solve::help::solve_help;
use yosei_solve::{HelpPlan, Limits, Outcome, Verdict};

fn pos(sfen: &str) -> Position {
    Position::from_setup(&parse_sfen(sfen).unwrap().setup, &RuleSet::ordinary()).unwrap()
}

fn solve_with(start: &Position, stip: &str, target: Option<Position>) -> (HelpPlan, Outcome) {
    let plan = HelpPlan::new(stip.parse::<Stipulation>().unwrap(), start, target).unwrap();
    let out = yosei_tests::support::solve_help_every_store(start, &RuleSet::ordinary(), &plan, &Limits::default());
    (plan, out)
}

trait ParseMove {
    fn parse_move(&self) -> yosei_core::Move;
}

impl ParseMove for str {
    fn parse_move(&self) -> yosei_core::Move {
        yosei_io::sfen::parse_usi_move(self).unwrap()
    }
}

fn lines(out: &Outcome) -> Vec<String> {
    yosei_tests::support::solution_lines(&out.solutions)
}

/// The knight on 3c covers 2a; a gold move that covers 1b and 2b without checking
/// leaves White's king on 1a without a move: two solutions. A checking gold move that
/// takes every move (mate) would not count: a mate is not a stalemate.
#[test]
fn help_stalemate_ends_with_a_quiet_move() {
    let (_, out) = solve_with(&pos("8k/9/6N2/7G1/9/9/9/9/9 b - 1"), "helpstale:1", None);
    assert_eq!(out.verdict, Verdict::Solved);
    assert_eq!(lines(&out), ["2d1c", "2d2c"]);
    assert!(out.nodes > 0, "the work is counted");
}

#[test]
fn a_mate_is_not_a_stalemate() {
    // G*1b, G*2a and G*2b mate; as help-stalemate none of them counts.
    let (_, mate) = solve_with(&pos("8k/9/6NG1/9/9/9/9/9/9 b G 1"), "help:1", None);
    assert_eq!(lines(&mate), ["G*1b", "G*2a", "G*2b"]);
    let (_, stale) = solve_with(&pos("8k/9/6NG1/9/9/9/9/9/9 b G 1"), "helpstale:1", None);
    assert_eq!(stale.verdict, Verdict::Solved);
    assert!(lines(&stale)
        .iter()
        .all(|l| !mate.solutions.iter().any(|m| m[0].to_usi() == *l)));
}

/// ばか自殺詰 in 1: the defender (White) moves first and mates Black's king.
#[test]
fn helpselfmate_defender_mates_the_attacker() {
    let (plan, out) = solve_with(&pos("9/9/9/9/9/9/7s1/9/7PK w g 1"), "helpself:1", None);
    assert_eq!(plan.attacker, yosei_core::Color::Black);
    assert!(plan.notes.is_empty());
    // G*2h is no mate: the pawn on 2i takes it.
    assert_eq!(lines(&out), ["G*1h"]);
    assert!(out.sound());
}

#[test]
fn help_sequence_reaches_the_target() {
    let start = pos("startpos");
    let mut target = start.clone();
    for m in ["7g7f", "3c3d"] {
        target.play_in_place(yosei_io::sfen::parse_usi_move(m).unwrap());
    }
    let (_, out) = solve_with(&start, "seq:2", Some(target));
    assert_eq!(lines(&out), ["7g7f 3c3d"]);
}

#[test]
fn help_cycle_returns_to_the_start() {
    let start = pos("4k4/9/9/9/9/9/9/9/4K4 b - 1");
    let (_, out) = solve_with(&start, "cycle:4", None);
    assert_eq!(out.verdict, Verdict::Solved);
    assert_eq!(out.length, Some(4));
    // 5 king steps out and back for Black times 5 for White, and back in either order.
    assert_eq!(out.solution_count, 25);
}

/// fm's parity: ばか詰 in an even number of plies starts with the defender. A position
/// with Black to move is solved from Black's move, with White as the attacker, and the
/// plan says so.
#[test]
fn parity_rule_follows_the_side_to_move_and_says_so() {
    let start = pos("8k/9/6NG1/9/9/9/9/9/9 b G 1");
    let plan = HelpPlan::new(Stipulation::Help { length: Some(2) }, &start, None).unwrap();
    assert_eq!(plan.attacker, yosei_core::Color::White);
    assert_eq!(plan.notes.len(), 1);
    let plan = HelpPlan::new(Stipulation::Help { length: Some(3) }, &start, None).unwrap();
    assert_eq!(plan.attacker, yosei_core::Color::Black);
    assert!(plan.notes.is_empty());
}

/// A stated length longer than the shortest solution: the shortest is reported, with the
/// fault.
#[test]
fn shorter_than_stated_is_a_fault() {
    let (_, out) = solve_with(&pos("8k/9/6NG1/9/9/9/9/9/9 b G 1"), "help:3", None);
    assert_eq!(out.length, Some(1));
    assert!(!out.sound());
    assert!(out.faults().iter().any(|f| f.contains("早詰")));
}

/// A mirror-symmetric start: a solution and its mirror image count once for soundness.
#[test]
fn mirror_twins_count_once() {
    let (_, out) = solve_with(&pos("4k4/9/3S1S3/9/9/9/9/9/9 b G 1"), "help:1", None);
    assert_eq!(lines(&out), ["4c5b+", "6c5b+", "G*5b"]);
    assert_eq!(out.solution_count, 3);
    assert_eq!(out.distinct_up_to_mirror, 2);
    let (_, out) = solve_with(&pos("4k4/4p4/3L1L3/9/9/9/9/9/9 b G 1"), "help:1", None);
    assert_eq!(out.solution_count, 4);
    assert_eq!(out.distinct_up_to_mirror, 2);
}

/// 自殺詰 in 2: 1.4g2i (horse checks the king on 1i); White's only legal reply, the
/// dragon taking on 2i, mates Black's king on 3i. With a second dragon that could
/// take instead without mating, the defender escapes the selfmate.
#[test]
fn selfmate_forces_the_defender_to_mate() {
    use yosei_solve::self_mate::solve_self;
    let rules = RuleSet::ordinary();
    let start = pos("9/9/9/9/9/7+r1/5+Bb2/9/6K1k b s 1");
    let out = solve_self(&start, &rules, 2, &Limits::default());
    assert_eq!(lines(&out), ["4g2i 2f2i"]);
    let out = solve_self(&start, &rules, 4, &Limits::default());
    assert_eq!(out.length, Some(2), "the shortest selfmate is reported");
    // A White silver on 1h can take on 2i instead, without checking: no selfmate in 2.
    let escape = pos("9/9/9/9/9/7+r1/5+Bb2/8s/6K1k b s 1");
    assert!(escape.legal_moves(&rules).contains("4g2i".parse_move()));
    assert_eq!(
        solve_self(&escape, &rules, 2, &Limits::default()).verdict,
        Verdict::NoSolution
    );
}

/// A limit gives `unknown`, never a wrong answer, and stops the search promptly even in
/// the last ply (where nothing new is stored).
#[test]
fn limits_give_unknown() {
    let start = pos(include_str!("../../benches/data/helpmate/ofm-139_5.sfen").trim());
    let plan = HelpPlan::new(Stipulation::Help { length: Some(5) }, &start, None).unwrap();
    let limits = Limits {
        max_nodes: Some(50_000),
        ..Limits::default()
    };
    let out = solve_help(&start, &RuleSet::ordinary(), &plan, &limits, |_| {});
    assert_eq!(out.verdict, Verdict::Unknown);
    assert!(out.nodes < 200_000, "{}", out.nodes);
    let limits = Limits {
        time_limit: Some(std::time::Duration::from_millis(200)),
        ..Limits::default()
    };
    let out = solve_help(&start, &RuleSet::ordinary(), &plan, &limits, |_| {});
    assert_eq!(out.verdict, Verdict::Unknown);
    assert!(out.elapsed_ms < 2_000, "{}", out.elapsed_ms);
}

/// The stop flag (a GUI's stop, the web page's Stop button), set from another thread,
/// ends help play and selfmate searches with `unknown` and says why.
#[test]
fn stop_flag_ends_the_search() {
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::Arc;
    let start = pos(include_str!("../../benches/data/helpmate/ofm-139_5.sfen").trim());
    let plan = HelpPlan::new(Stipulation::Help { length: Some(5) }, &start, None).unwrap();
    let stop = Arc::new(AtomicBool::new(false));
    let limits = Limits {
        stop: Some(stop.clone()),
        ..Limits::default()
    };
    let stopper = std::thread::spawn(move || {
        std::thread::sleep(std::time::Duration::from_millis(100));
        stop.store(true, Ordering::Relaxed);
    });
    let out = solve_help(&start, &RuleSet::ordinary(), &plan, &limits, |_| {});
    stopper.join().unwrap();
    assert_eq!(out.verdict, Verdict::Unknown);
    assert!(out.notes.iter().any(|n| n.contains("stopped")), "{:?}", out.notes);
    assert!(out.elapsed_ms < 2_000, "{}", out.elapsed_ms);
    let stopped_before = Limits {
        stop: Some(Arc::new(AtomicBool::new(true))),
        ..Limits::default()
    };
    let out = yosei_solve::self_mate::solve_self(&start, &RuleSet::ordinary(), 9, &stopped_before);
    assert_eq!(out.verdict, Verdict::Unknown);
}

/// 協力自玉ステイルメイト (HS=) in 2: Black checks with its rook, White's king takes it,
/// and Black's lone king on 1i, not in check, has no move (the gold on 2g covers 1h and
/// 2h, the knight on 3g covers 2i). Three ways to offer the rook, as fm (fmza HS= #2)
/// finds: R4a, R4a+ and the dragon's diagonal check from 4b. The same play as ばか自殺詰
/// is no solution: the end is a stalemate, not a mate.
#[test]
fn help_self_stalemate_leaves_the_attacker_without_a_move() {
    let start = pos("4k4/9/5R3/9/9/9/6ng1/9/8K b - 1");
    let (plan, out) = solve_with(&start, "helpselfstale:2", None);
    assert_eq!(plan.attacker, yosei_core::Color::Black);
    assert!(plan.notes.is_empty(), "even length: the attacker moves first");
    assert_eq!(lines(&out), ["4c4a 5a4a", "4c4a+ 5a4a", "4c4b+ 5a4b"]);
    let (_, mate) = solve_with(&start, "helpself:2", None);
    assert_eq!(mate.verdict, Verdict::NoSolution);
}

/// Helpmates in three from random sparse positions (both kings, ordinary pieces,
/// `random_fairy_setup` with no fairy piece, so kings stand exposed and the defender's
/// moves often check the attacker), against a plain search of the legal moves: the
/// search's fast paths (the attacker's checks generated knowing it is not in check,
/// flight squares told without playing) must find exactly the same mates.
#[test]
fn helpmates_in_three_agree_with_a_plain_search_of_the_legal_moves() {
    use yosei_tests::fairy_positions::{random_fairy_setup, FairyMix};
    let rules = RuleSet::ordinary();
    let mix = FairyMix {
        min_pieces: 6,
        max_pieces: 14,
        fairy_percent: 0,
        check_percent: 0,
        no_black_king_percent: 0,
        stone_percent: 0,
        hand_percent: 70,
        ..FairyMix::default()
    };
    let mut seed = yosei_core::random::SplitMix64::new(22);
    let mates = |p: &Position| -> u64 {
        p.legal_moves(&rules)
            .iter()
            .filter(|&&m| p.play(m).is_checkmate(&rules))
            .count() as u64
    };
    let (mut compared, mut attacker_checked, mut solved) = (0, 0, 0);
    while compared < 300 {
        let Ok(p) = Position::from_setup(&random_fairy_setup(&mut seed, &mix), &rules) else {
            continue;
        };
        if p.in_check(&rules) || p.legal_moves(&rules).is_empty() {
            continue;
        }
        compared += 1;
        let (length, expected) = match mates(&p) {
            0 => {
                let mut count = 0;
                for &m1 in p.legal_moves(&rules).iter().filter(|&&m| p.gives_check(m, &rules)) {
                    let q = p.play(m1);
                    for &m2 in q.legal_moves(&rules).iter() {
                        let r = q.play(m2);
                        attacker_checked += r.in_check(&rules) as u32;
                        count += mates(&r);
                    }
                }
                (3, count)
            }
            n => (1, n),
        };
        let (_, out) = solve_with(&p, "help:3", None);
        if expected == 0 {
            assert_eq!(out.verdict, Verdict::NoSolution, "{p:?}");
        } else {
            solved += 1;
            assert_eq!(out.verdict, Verdict::Solved, "{p:?}");
            assert_eq!(out.length, Some(length), "{p:?}");
            assert_eq!(out.solution_count, expected, "{p:?}");
        }
    }
    assert!(attacker_checked > 100 && solved > 10, "{attacker_checked} {solved}");
}
