//! `help:N` with a shorter solution (早詰): the solutions of exactly N plies are listed
//! too, as fm's `#N` lists them (docs/rules/help.md, "Length"). The counts are fm's
//! (fmza 6.005.019, run on each line below).

use yosei_io::fm::read_fm;
use yosei_rules::{Position, RuleSet};
use yosei_solve::{help::solve_help, HelpPlan, Limits, Outcome, Verdict};

/// Solves an fm line as help play under `limits`.
fn solve_with(line: &str, limits: &Limits) -> Outcome {
    let problem = read_fm(line).unwrap();
    let rules = RuleSet::ordinary();
    let start = Position::from_setup(&problem.setup, &rules).unwrap();
    let plan = HelpPlan::new(problem.stipulation.unwrap(), &start, None).unwrap();
    solve_help(&start, &rules, &plan, limits, |_| {})
}

fn solve(line: &str) -> Outcome {
    solve_with(line, &Limits::default())
}

fn usi(line: &[yosei_core::Move]) -> Vec<String> {
    line.iter().map(|m| m.to_usi()).collect()
}

/// King 51, tokin 53, gold and rook in hand, help:3: seven mates in one (早詰) and ten
/// solutions of three plies, five up to the mirror image (fm prints those five).
#[test]
fn a_mate_in_one_under_help_three_lists_the_three_ply_solutions_too() {
    let out = solve("ばか詰 53と +金飛, 51玉 +0 #3");
    assert_eq!(out.verdict, Verdict::Solved);
    assert_eq!(out.length, Some(1));
    assert_eq!(out.solution_count, 7);
    assert_eq!(out.stated_length, Some(3));
    assert!(!out.sound());
    assert!(out.faults().iter().any(|f| f.contains("早詰")), "{:?}", out.faults());
    let exact = out.exact_length.expect("the three-ply solutions");
    assert_eq!(exact.length, 3);
    assert_eq!(exact.count, 10);
    assert_eq!(exact.distinct_up_to_mirror, 5);
    assert!(exact.complete);
    let lines: Vec<Vec<String>> = exact.solutions.iter().map(|l| usi(l)).collect();
    assert_eq!(lines.len(), 10);
    assert!(lines.contains(&vec!["R*5b".into(), "5a4a".into(), "G*3b".into()]));
    assert!(lines.contains(&vec!["R*4a".into(), "5a4a".into(), "G*4b".into()]));
}

/// fm's counts of the solutions of exactly the stated length, where a shorter one
/// exists (asymmetric positions: fm prunes no mirror twins).
#[test]
fn exact_length_counts_are_fms() {
    for (line, shortest, fm_count) in [
        ("ばか詰 43と +金飛, 51玉 +0 #5", 1, 433),
        ("ばか詰 33と44角 +金, 31玉 +0 #5", 1, 71),
        ("ばか詰 42と22銀 +金, 41玉 +0 #6", 4, 30),
        ("ばか詰 23と +金飛, 12玉 +0 #4", 2, 67),
        ("ばか詰 72飛 +金, 51玉 +0 #5", 1, 55),
    ] {
        let out = solve(line);
        assert_eq!(out.length, Some(shortest), "{line}");
        let exact = out.exact_length.expect(line);
        assert_eq!(
            (exact.length, exact.count.to_u64()),
            (line[line.len() - 1..].parse().unwrap(), Some(fm_count)),
            "{line}"
        );
    }
}

/// fm's 手順中同一局面: a line never comes back to a position it has been in, but the
/// position before the last move is not tested (fm tests depths below the stated
/// length only). The rook shuttling on 82/81 against the king: barring every repeat
/// gives 739, barring none 821; fm's rule, 797.
#[test]
fn a_line_passes_through_a_position_once_except_before_the_last_move() {
    let out = solve("ばか詰 53と82飛 +金, 51玉 +0 #7");
    assert_eq!(out.length, Some(1));
    assert_eq!(out.exact_length.expect("seven-ply solutions").count, 797);
}

/// The shortest solution of the stated length: nothing more to list.
#[test]
fn no_exact_length_listing_when_the_shortest_is_the_stated_length() {
    let out = solve("ばか詰 53と +金飛, 51玉 +0 #1");
    assert_eq!(out.length, Some(1));
    assert!(out.exact_length.is_none());
}

/// A node limit cuts the listing, not the proven answer: the counts (of every length)
/// are then partial, and a note says so.
#[test]
fn a_node_limit_leaves_the_exact_length_count_partial() {
    let limits = Limits {
        max_nodes: Some(5000),
        ..Limits::default()
    };
    let out = solve_with("ばか詰 53と82飛 +金, 51玉 +0 #7", &limits);
    assert_eq!(out.verdict, Verdict::Solved);
    assert_eq!(out.solution_count, 5);
    let between = &out.intermediate_lengths;
    assert_eq!(between.iter().map(|e| e.length).collect::<Vec<_>>(), vec![3, 5]);
    assert!(between.iter().all(|e| !e.complete));
    let exact = out.exact_length.expect("a partial listing");
    assert!(!exact.complete);
    assert!(exact.count.to_u64().is_some_and(|n| n < 797));
    assert!(
        out.notes.iter().any(|n| n.contains("counted in part")),
        "{:?}",
        out.notes
    );
}

/// The counts per length, `(plies, count)` for each length between the shortest and
/// the stated one, then the stated length's.
fn longer_counts(out: &Outcome) -> Vec<(u32, Option<u64>)> {
    out.intermediate_lengths
        .iter()
        .chain(&out.exact_length)
        .inspect(|e| assert!(e.complete, "{}", e.length))
        .map(|e| (e.length, e.count.to_u64()))
        .collect()
}

/// fm's `#N` prints the goals met at every length on the way (早詰), each line under
/// the same rules as those of N plies, except that a line shorter than N is barred from
/// coming back to any position it has been in, the one before its last move included
/// (fm tests below the stated depth only, and a shorter line ends below it): the rook
/// shuttle's 7-ply lines are 797 under `#7` but 739 under `#9`, the rook's 5-ply lines
/// 55 under `#5` but 52 under `#7`. The counts per length are fm's (fmza 6.005.019,
/// `まで N手` lines counted per N on each line below; asymmetric starts).
#[test]
fn the_solutions_of_each_length_between_are_fms() {
    for (line, shortest, counts) in [
        ("ばか詰 53と82飛 +金, 51玉 +0 #7", 1, &[(3, 30), (5, 100), (7, 797)][..]),
        (
            "ばか詰 53と82飛 +金, 51玉 +0 #9",
            1,
            &[(3, 30), (5, 100), (7, 739), (9, 6938)],
        ),
        ("ばか詰 33と44角 +金, 31玉 +0 #7", 1, &[(3, 14), (5, 71), (7, 450)]),
        ("ばか詰 72飛 +金, 51玉 +0 #7", 1, &[(3, 6), (5, 52), (7, 508)]),
        ("ばか詰 43と +金飛, 51玉 +0 #5", 1, &[(3, 31), (5, 433)]),
        ("ばか詰 42と22銀 +金, 41玉 +0 #8", 4, &[(6, 30), (8, 397)]),
        ("ばか詰 23と +金飛, 12玉 +0 #6", 2, &[(4, 67), (6, 1002)]),
        // helpselfmate: White's king steps out of a check and uncovers its lance's mate.
        (
            "ばか自殺詰 19玉29歩 +金, 11香13玉27銀 +0 #10",
            2,
            &[(4, 6), (6, 10), (8, 7), (10, 10)],
        ),
        (
            "ばか自殺詰 19玉29歩 +金飛, 11香13玉27銀 +0 #8",
            4,
            &[(6, 994), (8, 12910)],
        ),
        // help-self-stalemate: the defender's last move need not check.
        ("ばか自殺ステイルメイト 31と +飛, 11玉 +0 #8", 4, &[(6, 378), (8, 5761)]),
    ] {
        let out = solve(line);
        assert_eq!(out.length, Some(shortest), "{line}");
        let fm: Vec<(u32, Option<u64>)> = counts.iter().map(|&(n, c)| (n, Some(c))).collect();
        assert_eq!(longer_counts(&out), fm, "{line}");
    }
}

/// On a start that is its own mirror image fm prints one line of each mirror pair: 5
/// of the ten 3-ply lines and 97 of the 194 of 5 plies (and 4 of the 7 mates in 1).
#[test]
fn the_solutions_of_each_length_between_up_to_the_mirror() {
    let out = solve("ばか詰 53と +金飛, 51玉 +0 #5");
    assert_eq!(out.length, Some(1));
    assert_eq!(out.distinct_up_to_mirror, 4);
    let between = &out.intermediate_lengths;
    assert_eq!(between.len(), 1);
    assert_eq!((between[0].length, between[0].count.to_u64()), (3, Some(10)));
    assert_eq!(between[0].distinct_up_to_mirror, 5);
    assert_eq!(between[0].solutions.len(), 10);
    assert_eq!(out.exact_length.expect("five-ply solutions").distinct_up_to_mirror, 97);
}

/// A help-stalemate's last move may be quiet, its others check: fm tries a quiet move
/// at the stated length only, and so meets no shorter stalemate on the way. Under `#7`
/// it prints the 661 lines of 7 plies and nothing shorter; yosei lists its shortest (the
/// seven stalemates in 1, fm's own under `#1`) and the 661, nothing between.
#[test]
fn a_help_stalemate_lists_no_length_between() {
    let out = solve("ばかステイルメイト 31と +飛, 11玉 +0 #7");
    assert_eq!((out.length, out.solution_count.to_u64()), (Some(1), Some(7)));
    assert!(out.intermediate_lengths.is_empty());
    assert_eq!(longer_counts(&out), vec![(7, Some(661))]);
}

/// Stated two plies past the shortest: nothing between to list.
#[test]
fn no_length_between_when_the_shortest_is_two_plies_short() {
    let out = solve("ばか詰 53と +金飛, 51玉 +0 #3");
    assert!(out.intermediate_lengths.is_empty());
    assert!(out.exact_length.is_some());
}
