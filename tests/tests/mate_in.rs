//! Mate in ≤ n (逃げ将棋, seed 004): the solution tree and seed 004's count of its lines
//! on positions rebuilt from the seed's text, refutations, repetition, a fairy
//! condition, a brute-force count to compare with, and the tanuki-tsume set.

use yosei_io::sfen::parse_sfen;
use yosei_io::Report;
use yosei_rules::{Condition, Position, RuleSet, Stipulation};
use yosei_solve::mate_in::{longest_defence, solve_mate_in, SolutionTree};
use yosei_solve::{Limits, Outcome, PriorGame, Verdict};
use yosei_tests::support::solution_lines;
use yosei_tests::tanuki::{problems, COOKED, SHORTER};

fn position(sfen: &str, rules: &RuleSet) -> Position {
    Position::from_setup(&parse_sfen(sfen).unwrap().setup, rules).unwrap()
}

fn solve(sfen: &str, rules: &RuleSet, plies: u32) -> Outcome {
    solve_mate_in(
        &position(sfen, rules),
        rules,
        plies,
        &PriorGame::default(),
        &Limits::default(),
    )
}

/// Seed 004's count by brute force: no table and no reuse; a line that comes back to
/// one of its positions (compared whole) fails when `repetition` holds. The attacker
/// is to move; `None` when there is no mate within `plies`.
fn brute_lines(pos: &Position, rules: &RuleSet, plies: u32, line: &mut Vec<Position>, repetition: bool) -> Option<u64> {
    let mut mates = 0u64;
    let mut longer = 0u64;
    for &m in pos.legal_checks(rules).iter() {
        let after = pos.play(m);
        if repetition && line.iter().any(|p| p.same_position(&after)) {
            continue;
        }
        if !after.has_legal_move(rules) {
            mates += u64::from(rules.mate_counts(&after, Some(m)));
            continue;
        }
        if plies == 1 {
            continue;
        }
        line.push(after.clone());
        let mut sum = Some(0u64);
        for &r in after.legal_moves(rules).iter() {
            let next = after.play(r);
            if repetition && line.iter().any(|p| p.same_position(&next)) {
                sum = None;
                break;
            }
            line.push(next.clone());
            let below = brute_lines(&next, rules, plies - 2, line, repetition);
            line.pop();
            match below {
                Some(n) => sum = sum.map(|s| s + n),
                None => {
                    sum = None;
                    break;
                }
            }
        }
        line.pop();
        longer += sum.unwrap_or(0);
    }
    match (mates, longer) {
        (0, 0) => None,
        // The branching of the final mating move is ignored (with more than one ply).
        _ if line.len() > 1 || plies > 1 => Some(u64::from(mates > 0) + longer),
        _ => Some(mates),
    }
}

fn brute(sfen: &str, rules: &RuleSet, plies: u32, repetition: bool) -> Option<u64> {
    let start = position(sfen, rules);
    brute_lines(&start, rules, plies, &mut vec![start.clone()], repetition)
}

fn tree(outcome: &Outcome) -> &SolutionTree {
    outcome
        .mate_in
        .as_ref()
        .and_then(|m| m.tree.as_ref())
        .expect("a solution tree")
}

/// The USI moves of a node's edges.
fn moves_at(tree: &SolutionTree, id: u32) -> Vec<String> {
    tree.node(id).edges.iter().map(|e| e.mv.to_usi()).collect()
}

fn count(outcome: &Outcome) -> u64 {
    outcome.solution_count.to_string().parse().unwrap()
}

/// Seed 004's first figure: 32歩成 11玉 and then three mates (22銀打, 22角打, 23桂打).
/// The third move is the last, so its branching is ignored: one solution line.
const SEED_THREE_MATES: &str = "7k1/8p/6P2/9/6L2/9/9/9/9 b BSN2rb4g3s3n3l16p 1";

#[test]
fn three_final_mates_are_one_line() {
    let rules = RuleSet::ordinary();
    let out = solve(SEED_THREE_MATES, &rules, 3);
    assert_eq!(out.verdict, Verdict::Solved);
    assert_eq!((count(&out), out.sound(), out.cooks.len()), (1, true, 0));
    let tree = tree(&out);
    let root = tree.root();
    assert_eq!(moves_at(tree, root), ["3c3b+"]);
    let reply = tree.node(root).edges[0].next.unwrap();
    assert_eq!(moves_at(tree, reply), ["2a1a"]);
    let last = tree.node(reply).edges[0].next.unwrap();
    let mut mates = moves_at(tree, last);
    mates.sort();
    assert_eq!(mates, ["B*2b", "N*2c", "S*2b"]);
    assert!(tree.node(last).edges.iter().all(|e| e.mates()));
    assert_eq!(out.length, Some(3));
    // Leftover pieces are allowed: two of the three pieces stay in hand.
    assert_eq!(out.leftover[0].len(), 2);
}

/// The seed: "with a gold in hand, 32金 would work besides and be a cook (余詰)".
#[test]
fn a_second_first_move_is_a_cook() {
    let rules = RuleSet::ordinary();
    let with_gold = SEED_THREE_MATES.replace("BSN2rb4g", "BGSN2rb3g");
    let out = solve(&with_gold, &rules, 3);
    assert_eq!(out.verdict, Verdict::Solved);
    assert!(count(&out) >= 2 && !out.sound());
    let firsts = moves_at(tree(&out), tree(&out).root());
    assert!(firsts.contains(&"3c3b+".to_string()) && firsts.contains(&"G*3b".to_string()));
    assert_eq!(out.cooks.len() as u64, count(&out) - 1);
}

/// The seed's second figure rebuilt: 43馬 (5c4c), and every defence — 同龍, 32龍 and
/// the six interpositions on 32 — is mated next move (22金 after 同龍): eight lines
/// where direct mate, with its futile interpositions (無駄合), knows one. This board
/// also has the cook 31金打 同龍 同金 (a ninth line).
const SEED_EIGHT_LINES: &str = "5G1kl/8p/4+B1+rP1/9/9/9/L8/L8/L8 b Grb2g4s4n16p 1";

#[test]
fn every_interposition_is_a_line() {
    let rules = RuleSet::ordinary();
    let out = solve(SEED_EIGHT_LINES, &rules, 3);
    assert_eq!(out.verdict, Verdict::Solved);
    assert_eq!(count(&out), 9);
    let tree = tree(&out);
    let root = tree.node(tree.root());
    let horse = root.edges.iter().find(|e| e.mv.to_usi() == "5c4c").unwrap();
    let defences = tree.node(horse.next.unwrap());
    let mut replies: Vec<String> = defences.edges.iter().map(|e| e.mv.to_usi()).collect();
    replies.sort();
    assert_eq!(
        replies,
        ["3c3b", "3c4c", "B*3b", "G*3b", "N*3b", "P*3b", "R*3b", "S*3b"]
    );
    assert_eq!(defences.lines.to_string(), "8");
    let capture = defences.edges.iter().find(|e| e.mv.to_usi() == "3c4c").unwrap();
    assert!(moves_at(tree, capture.next.unwrap()).contains(&"G*2b".to_string()));
    assert_eq!(brute(SEED_EIGHT_LINES, &rules, 3, true), Some(9));
}

/// A mate in one with two mating moves (22銀打 and 23桂打 after 32歩成 11玉): with one
/// ply every mating move is a line, so the second is a cook.
#[test]
fn two_mates_in_one_are_a_cook() {
    let rules = RuleSet::ordinary();
    let out = solve("8k/6+P1p/9/9/6L2/9/9/9/9 b SN2r2b4g3s3n3l16p 1", &rules, 1);
    assert_eq!(out.verdict, Verdict::Solved);
    let mut mates = solution_lines(&out.solutions);
    mates.sort();
    assert_eq!(mates, ["N*2c", "S*2b"]);
    assert_eq!((count(&out), out.cooks.len(), out.sound()), (2, 1, false));
}

/// No mate within the plies: each check of the attacker comes with a defence after
/// which no mate remains within the plies left.
#[test]
fn refutations_hold() {
    let rules = RuleSet::ordinary();
    let (sfen, _, _) = problems()
        .find(|&(_, plies, name)| plies == 5 && !SHORTER.contains(&name))
        .unwrap();
    let start = position(sfen, &rules);
    let out = solve(sfen, &rules, 3);
    assert_eq!(out.verdict, Verdict::NoSolution);
    let refutations = &out.mate_in.as_ref().unwrap().refutations;
    let tries: Vec<_> = refutations.iter().map(|r| r.attempt).collect();
    assert_eq!(tries, start.legal_checks(&rules).iter().copied().collect::<Vec<_>>());
    for r in refutations {
        let after = start.play(r.attempt);
        let defence = r.defence.expect("a defence (no 打歩詰 here)");
        assert!(after.legal_moves(&rules).contains(defence));
        let next = after.play(defence);
        let rest = solve_mate_in(&next, &rules, 1, &PriorGame::default(), &Limits::default());
        assert_eq!(
            rest.verdict,
            Verdict::NoSolution,
            "{} {}",
            r.attempt.to_usi(),
            defence.to_usi()
        );
    }
    // And within five plies it mates.
    assert_eq!(solve(sfen, &rules, 5).verdict, Verdict::Solved);
}

/// A rook that checks from 1i and again from 2i lets the king go back to 1c: that line
/// comes back to the start and never mates (rules.md §7), though counted without the
/// rule it would add four lines.
#[test]
fn a_line_that_repeats_never_mates() {
    let rules = RuleSet::ordinary();
    let sfen = "9/9/8k/9/9/9/9/9/7R1 b 2G 1";
    let with_rule = brute(sfen, &rules, 9, true);
    assert_eq!((with_rule, brute(sfen, &rules, 9, false)), (Some(91), Some(95)));
    let out = solve(sfen, &rules, 9);
    assert_eq!(count(&out), 91);
    for plies in [5, 7] {
        assert_eq!(
            Some(count(&solve(sfen, &rules, plies))),
            brute(sfen, &rules, plies, true)
        );
    }
}

/// Under conditions the search takes the general path and asks the rules whether a
/// mate counts (打歩詰): its counts agree with brute force, on the seed's figures and
/// on the start of short tanuki problems.
#[test]
fn fairy_conditions_agree_with_brute_force() {
    // With fairy pieces too: a Lion, a Knight (騎) and a Phoenix beside ordinary ones.
    let samples: Vec<(&str, u32)> = [
        (SEED_THREE_MATES, 3),
        (SEED_EIGHT_LINES, 3),
        ("8k/9/9/9/6I2/9/9/9/9 b - 1", 1),
        ("8k/9/9/9/6I2/9/9/9/9 b - 1", 3),
        ("7k1/9/6T2/9/5H3/9/9/9/9 b G 1", 3),
        ("7k1/9/6T2/9/5H3/9/9/9/9 b G 1", 5),
    ]
    .into_iter()
    .chain(
        problems()
            .filter(|&(_, plies, _)| plies == 3)
            .step_by(40)
            .map(|(s, p, _)| (s, p)),
    )
    .collect();
    let mut solved = 0;
    for condition in [
        "annan",
        "anhoku",
        "taimen",
        "madrasi",
        "circe",
        "anticirce",
        "pwc",
        "uchifu",
    ] {
        let rules = RuleSet::compile(&[condition.parse::<Condition>().unwrap()]).unwrap();
        for &(sfen, plies) in &samples {
            let Ok(start) = Position::from_setup(&parse_sfen(sfen).unwrap().setup, &rules) else {
                continue;
            };
            let out = solve_mate_in(&start, &rules, plies, &PriorGame::default(), &Limits::default());
            assert_ne!(out.verdict, Verdict::Unknown, "{condition} {sfen}: {:?}", out.notes);
            let expected = brute_lines(&start, &rules, plies, &mut vec![start.clone()], true);
            let got = (out.verdict == Verdict::Solved).then(|| count(&out));
            assert_eq!(got, expected, "{condition} {sfen} mate:{plies}");
            solved += usize::from(got.is_some());
        }
    }
    assert!(solved > 20, "only {solved} of the fairy samples have a mate");
}

/// Under 打歩詰 (fairy) only a pawn drop mates: none of the three mates of the seed's
/// figure counts, and the attacker holds no pawn, so there is no mate within 3.
#[test]
fn uchifu_takes_the_mates_away() {
    let rules = RuleSet::compile(&["uchifu".parse::<Condition>().unwrap()]).unwrap();
    let out = solve(SEED_THREE_MATES, &rules, 3);
    assert_eq!(out.verdict, Verdict::NoSolution);
}

/// The JSON report carries the tree and seed 004's count.
#[test]
fn json_report_has_the_tree() {
    let rules = RuleSet::ordinary();
    let out = solve(SEED_THREE_MATES, &rules, 3);
    let json = Report::new(&out, Stipulation::MateIn { length: 3 }, &rules, "test")
        .to_json()
        .unwrap();
    assert!(json.contains(r#""solution_count":1"#), "{json}");
    assert!(json.contains(r#""sound":true"#), "{json}");
    assert!(
        json.contains(r#""tree":{"complete":true,"moves":[{"move":"3c3b+","next":[{"move":"2a1a","next":["#),
        "{json}"
    );
}

/// Brute force and the solver count the same lines on every tanuki problem of one and
/// three plies and every eighth of five.
#[test]
fn tanuki_counts_agree_with_brute_force() {
    let rules = RuleSet::ordinary();
    let mut compared = 0;
    for (i, (sfen, plies, name)) in problems().enumerate() {
        if plies > 5 || (plies == 5 && i % 8 != 0) {
            continue;
        }
        let Ok(start) = Position::from_setup(&parse_sfen(sfen).unwrap().setup, &rules) else {
            continue;
        };
        let out = solve_mate_in(&start, &rules, plies, &PriorGame::default(), &Limits::default());
        let expected = brute_lines(&start, &rules, plies, &mut vec![start.clone()], true);
        assert_eq!(Some(count(&out)), expected, "{name}");
        compared += 1;
    }
    assert!(compared > 700, "{compared}");
}

/// The tanuki set as mate:N with N its stated length. Mate in ≤ N counts every
/// interposition and allows leftover pieces, as the set's direct-mate reading
/// (`--futile count`, tests/tests/tsume_tanuki.rs) does but for the tie-break on
/// leftovers, which never changes a length. So the relation relied on: every valid
/// problem has a mate within N, and its shortest mate against the longest defence
/// (the tree's root distance) is the direct-mate length — N, or N − 2 for the eleven
/// shorter mates. A one-ply problem has exactly one line (the set is sound, so one
/// mating move); the direct-mate cooks (a second mating move at an attacker's move of
/// the main line, within the plies left) have more than one. Sound direct mates may
/// still have several lines here: seed 004 counts the defender's branches too.
#[test]
fn tanuki_set_as_mate_in_n() {
    let rules = RuleSet::ordinary();
    let limits = Limits {
        hash_mb: 64,
        ..Limits::default()
    };
    let mut failures = Vec::new();
    let (mut valid, mut one_line) = (0, 0);
    for (sfen, plies, name) in problems() {
        let Ok(start) = Position::from_setup(&parse_sfen(sfen).unwrap().setup, &rules) else {
            continue;
        };
        valid += 1;
        let out = solve_mate_in(&start, &rules, plies, &PriorGame::default(), &limits);
        if out.verdict != Verdict::Solved {
            failures.push(format!("{name}: {:?} {:?}", out.verdict, out.notes));
            continue;
        }
        let expected = if SHORTER.contains(&name) { plies - 2 } else { plies };
        let lines = count(&out);
        one_line += usize::from(lines == 1);
        if out.length != Some(expected) {
            failures.push(format!("{name}: shortest mate {:?}, expected {expected}", out.length));
        }
        if plies == 1 && lines != 1 {
            failures.push(format!("{name}: {lines} mating moves"));
        }
        if COOKED.contains(&name) && lines < 2 {
            failures.push(format!("{name}: a direct-mate cook, but one line"));
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert_eq!(valid, 1805);
    eprintln!("{one_line} of {valid} problems have one line");
}

/// Play mode's defence (`longest_defence`) against brute force on the three-ply tanuki
/// problems and every eighth of five, after every check of the attacker: it escapes
/// when some reply escapes, else its mate is the farthest of all replies' (repetition
/// set aside in both).
#[test]
fn the_longest_defence_agrees_with_brute_force() {
    let rules = RuleSet::ordinary();
    // The fewest plies (odd, within `plies`) in which the attacker to move mates.
    let distance = |pos: &Position, plies: u32| {
        (1..=plies)
            .step_by(2)
            .find(|&p| brute_lines(pos, &rules, p, &mut vec![pos.clone()], false).is_some())
    };
    let mut compared = 0;
    for (i, (sfen, plies, name)) in problems().enumerate() {
        if !(plies == 3 || plies == 5 && i % 8 == 0) {
            continue;
        }
        let Ok(start) = Position::from_setup(&parse_sfen(sfen).unwrap().setup, &rules) else {
            continue;
        };
        for &check in start.legal_checks(&rules).iter() {
            let after = start.play(check);
            let chosen = longest_defence(&after, &rules, plies - 1, &Limits::default()).unwrap();
            let replies: Vec<Option<u32>> = after
                .legal_moves(&rules)
                .iter()
                .map(|&r| distance(&after.play(r), plies - 2))
                .collect();
            let Some(chosen) = chosen else {
                assert!(replies.is_empty(), "{name} {}", check.to_usi());
                continue;
            };
            let longest = if replies.contains(&None) {
                None
            } else {
                replies.iter().copied().max().flatten()
            };
            assert_eq!(chosen.mate_within, longest, "{name} {}", check.to_usi());
            assert_eq!(
                distance(&after.play(chosen.reply), plies - 2),
                longest,
                "{name} {}",
                check.to_usi()
            );
            compared += 1;
        }
    }
    assert!(compared > 1000, "{compared}");
}
