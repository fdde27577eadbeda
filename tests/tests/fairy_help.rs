//! Help play with fairy pieces: hand-checked problems, and the solver's complete solution
//! sets against a brute-force enumeration over the slow reference generator (which
//! shares no code with the solver or the general generator).

use yosei_core::Move;
use yosei_io::sfen::parse_sfen;
use yosei_rules::{Position, RuleSet, Stipulation};
use yosei_solve::{HelpPlan, Limits, Outcome, Verdict};
use yosei_tests::reference;

fn solve(sfen: &str, stip: &str) -> Outcome {
    let start = Position::from_setup(&parse_sfen(sfen).unwrap().setup, &RuleSet::ordinary()).unwrap();
    let plan = HelpPlan::new(stip.parse::<Stipulation>().unwrap(), &start, None).unwrap();
    yosei_tests::support::solve_help_every_store(&start, &RuleSet::ordinary(), &plan, &Limits::default())
}

use yosei_tests::support::solution_lines as lines;

/// A Lion two squares from the king's corner covers every flight: from 5e it reaches
/// 1c, 2c and 3c in one move, each a mate of the king on 1a (it attacks 1a, 1b, 2a, 2b
/// from each; nothing can interpose against a jump; the defender holds nothing).
#[test]
fn lion_mates_in_one_three_ways() {
    let out = solve("8k/9/9/9/6I2/9/9/9/9 b - 1", "help:1");
    assert_eq!(out.verdict, Verdict::Solved);
    assert_eq!(lines(&out.solutions), ["3e1c", "3e2c", "3e3c"]);
}

/// Every helpmate of exactly `plies` plies, by brute force over the reference generator:
/// the attacker (the side to move when `plies` is odd) checks with every move, and the
/// last move mates.
fn brute_force_helpmates(sfen: &str, plies: u32) -> Vec<Vec<Move>> {
    let setup = parse_sfen(sfen).unwrap().setup;
    let attacker = if plies % 2 == 1 {
        setup.side_to_move
    } else {
        !setup.side_to_move
    };
    let mut out = Vec::new();
    let mut line = Vec::new();
    extend(&setup, attacker, plies, &mut line, &mut out);
    out
}

fn extend(
    setup: &yosei_core::Setup,
    attacker: yosei_core::Color,
    left: u32,
    line: &mut Vec<Move>,
    out: &mut Vec<Vec<Move>>,
) {
    let attacker_moves = setup.side_to_move == attacker;
    for m in reference::legal_moves(setup, false) {
        let after = reference::play(setup, m);
        if attacker_moves && !reference::in_check(&after) {
            continue;
        }
        line.push(m);
        if left == 1 {
            if attacker_moves && !reference::has_legal_move(&after, false) {
                out.push(line.clone());
            }
        } else if reference::has_legal_move(&after, false) {
            extend(&after, attacker, left - 1, line, out);
        }
        line.pop();
    }
}

#[test]
fn fairy_helpmates_equal_brute_force() {
    for (sfen, plies) in [
        // A Lion next to the defender's gold and pawn: igui and double captures.
        ("7lk/6gp1/9/5I3/9/9/9/9/9 b - 1", 1),
        // A Grasshopper needs a hurdle: the pawn on 2c.
        ("8k/9/7P1/9/9/9/9/9/A8 b G 1", 1),
        // A Nightrider with a chess knight and a gold in hand.
        ("6snk/9/9/9/9/9/9/9/D8 b TG 1", 5),
        // A Phoenix and a Kirin in hand.
        ("7gk/9/7H1/9/9/9/9/9/9 b J 1", 5),
    ] {
        let expected = lines(&brute_force_helpmates(sfen, plies));
        let out = solve(sfen, &format!("help:{plies}"));
        let got = if out.length == Some(plies) {
            lines(&out.solutions)
        } else {
            Vec::new()
        };
        assert_eq!(got, expected, "{sfen} help:{plies} (solver: {:?})", out.length);
        println!("{sfen} help:{plies}: {} solutions", expected.len());
    }
}
