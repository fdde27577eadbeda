//! `Position::king_flees_after`: a check that leaves the king a flight square, told
//! without playing it (the direct-mate search's leaves ask it of every check).

use yosei_core::Move;
use yosei_io::sfen::{parse_sfen, parse_usi_move};
use yosei_rules::{Condition, Position, RuleSet};
use yosei_tests::tanuki::problems;

fn pos(sfen: &str) -> Position {
    Position::from_setup(&parse_sfen(sfen).unwrap().setup, &RuleSet::ordinary()).unwrap()
}

fn flees(p: &Position, usi: &str) -> bool {
    p.king_flees_after(parse_usi_move(usi).unwrap(), &RuleSet::ordinary())
}

/// The reference: play the move, and ask whether the king has a legal move.
fn king_moves_after(p: &Position, usi: &str) -> bool {
    let rules = RuleSet::ordinary();
    let m = p.find_legal(parse_usi_move(usi).unwrap(), &rules).unwrap();
    let next = p.play(m);
    let king = next.king(next.side_to_move()).unwrap();
    next.legal_moves(&rules).iter().any(|r| r.from() == Some(king))
}

/// Every legal check of the tanuki set's positions (every `step`-th) and of the
/// positions two plies on, under `rules`, with the position it is played from.
fn each_check(rules: &RuleSet, step: usize, mut f: impl FnMut(&Position, Move)) {
    for (sfen, _, _) in problems().step_by(step) {
        let Ok(p) = Position::from_setup(&parse_sfen(sfen).unwrap().setup, rules) else {
            continue;
        };
        let mut positions = vec![p.clone()];
        for &c in p.legal_checks(rules).iter() {
            let next = p.play(c);
            positions.extend(next.legal_moves(rules).iter().map(|&r| next.play(r)));
        }
        for q in &positions {
            for &m in q.legal_checks(rules).iter() {
                f(q, m);
            }
        }
    }
}

/// Whether, `m` played from `p`, the king of the side then to move has a move legal
/// under `rules`.
fn king_moves_under_rules(p: &Position, rules: &RuleSet, m: Move) -> bool {
    let next = p.play(m);
    let king = next.king(next.side_to_move()).unwrap();
    next.legal_moves(rules).iter().any(|r| r.from() == Some(king))
}

/// An unprotected gold dropped in front of the king on 5a covers 4a 6a 4b 6b: the king
/// takes it on 5b.
#[test]
fn the_king_takes_an_unprotected_checker() {
    let p = pos("4k4/9/9/9/9/9/9/9/4K4 b G 1");
    assert!(flees(&p, "G*5b"));
    assert!(king_moves_after(&p, "G*5b"));
}

/// The same gold guarded by a pawn on 5c mates: not called a flight.
#[test]
fn a_guarded_checker_next_to_the_king_is_no_flight() {
    let p = pos("4k4/9/4P4/9/9/9/9/9/4K4 b G 1");
    assert!(!flees(&p, "G*5b"));
    assert!(!king_moves_after(&p, "G*5b"));
}

/// A rook dropped on 5e checks the king on 5c. With its own pieces beside it, the king's
/// one empty square off the file is none: 5d is on the line, and 5b, behind the king,
/// is on it too once the king has stepped off 5c.
#[test]
fn the_king_may_not_step_back_along_the_checking_line() {
    let open = pos("9/9/4k4/9/9/9/9/9/4K4 b R 1");
    assert!(flees(&open, "R*5e"));
    let boxed = pos("9/3g1s3/3gkg3/3s1g3/9/9/9/9/4K4 b R 1");
    assert!(!flees(&boxed, "R*5e"));
    assert!(!king_moves_after(&boxed, "R*5e"));
}

/// The silver on 5d checks from 4c; the lance on 5i then sees through 5d to 5c and 5b
/// (the king's squares on the file): the square a piece leaves opens lines.
#[test]
fn the_square_the_checker_left_opens_a_line() {
    let p = pos("9/4k4/9/4S4/9/9/9/9/4L3K b - 1");
    assert_eq!(flees(&p, "5d4c"), king_moves_after(&p, "5d4c"));
    // 6a, 4a, 6b, 6c, 4b are still free of attacks: the king flees.
    assert!(flees(&p, "5d4c"));
}

/// Under a condition the question is not answered (the move must be played).
#[test]
fn no_answer_under_a_condition() {
    let rules = RuleSet::compile(&[Condition::Annan]).unwrap();
    let p = Position::from_setup(&parse_sfen("4k4/9/9/9/9/9/9/9/4K4 b G 1").unwrap().setup, &rules).unwrap();
    assert!(!p.king_flees_after(parse_usi_move("G*5b").unwrap(), &rules));
}

/// Every check of the tanuki set's positions and of the positions two plies on: the
/// quick answer is exactly whether the king has a legal move after the check (under
/// ordinary rules the two say the same; the search relies only on `true`).
#[test]
fn agrees_with_playing_every_check_of_the_tanuki_positions() {
    let rules = RuleSet::ordinary();
    let (mut asked, mut fled) = (0, 0);
    each_check(&rules, 7, |q, m| {
        asked += 1;
        let quick = q.king_flees_after(m, &rules);
        fled += quick as u32;
        assert_eq!(quick, king_moves_under_rules(q, &rules, m), "{}", m.to_usi());
    });
    assert!(asked > 10_000 && fled > asked / 4, "{fled} of {asked}");
    eprintln!("{fled} of {asked} checks: the king flees");
}

fn under(sfen: &str, conditions: &[Condition]) -> (Position, RuleSet) {
    let rules = RuleSet::compile(conditions).unwrap();
    let p = Position::from_setup(&parse_sfen(sfen).unwrap().setup, &rules).unwrap();
    (p, rules)
}

/// The defending king's legal moves after `usi`, played, in USI, sorted.
fn king_moves_under(p: &Position, rules: &RuleSet, usi: &str) -> Vec<String> {
    let m = p.find_legal(parse_usi_move(usi).unwrap(), rules).unwrap();
    let next = p.play(m);
    let king = next.king(next.side_to_move()).unwrap();
    let mut moves: Vec<String> = next
        .legal_moves(rules)
        .iter()
        .filter(|r| r.from() == Some(king))
        .map(|r| r.to_usi())
        .collect();
    moves.sort();
    moves
}

/// After `usi` from `sfen`: no flight told under either type of Isardam, though there
/// is one under ordinary rules; played, the king's moves are `type_a_moves` under type
/// A, none under type B.
fn no_isardam_flight(sfen: &str, usi: &str, type_a_moves: &[&str]) {
    for (cond, moves) in [(Condition::Isardam, type_a_moves), (Condition::IsardamB, &[])] {
        let (p, rules) = under(sfen, &[cond]);
        assert!(!p.king_flees_after(parse_usi_move(usi).unwrap(), &rules), "{cond}");
        assert_eq!(king_moves_under(&p, &rules, usi), moves, "{cond}");
    }
    assert!(flees(&pos(sfen), usi));
}

/// Under Isardam the king's step must not open a line between two enemy pieces of a
/// kind: 57桂 (to 46) uncovers the Black rook on 59 below the White king on 55, the
/// White rook on 51 above it. Every square next to the king off the file (the knight's
/// among them, unguarded) is reached by no Black piece, and each step there would let
/// the rooks face each other; on the file 5d and 5f are reached by the rook. No flight
/// under either type. Played, type B leaves the king no move; under type A the rook's
/// captures on 5d and 5f would land facing the White rook (voided), so the king steps
/// there — moves the quick test never claims. Under ordinary rules the king flees.
#[test]
fn isardam_a_step_opening_the_line_between_two_rooks_is_no_flight() {
    no_isardam_flight("4r4/9/9/9/4k4/9/4N4/9/K3R4 b - 1", "5g4e", &["5e5d", "5e5f"]);
}

/// The moved piece may be the rider whose line the step opens: 57飛 (from 37) checks
/// the White king on 55 by the bishop on 19 behind it and stands on the file below the
/// king, the White rook on 51 above; each step that no Black piece reaches (4d 4e 6e 6f)
/// leaves the file and lets the two rooks face each other. No flight under either type.
/// Played, type B leaves the king no move; under type A the king steps to 5d or 5f,
/// both reached by the rook on 57 alone, whose capture would land facing the White rook
/// (voided: no check) — moves the quick test never claims.
#[test]
fn isardam_a_step_opening_the_moved_rook_s_line_is_no_flight() {
    no_isardam_flight("4r4/9/9/9/4k4/9/6R2/9/K7B b - 1", "3g5g", &["5e5d", "5e5f"]);
}

/// Under Koko the king must land next to a piece: after 56金打 (checking: its capture
/// of the king would land next to the pawn on 46) the steps to 4d 5d 6d, which nothing
/// reaches, have no neighbour once the king has left 5e, and the gold on 56 is guarded
/// by the pawn on 57. No flight; played, the king's one move is to 6e, which the gold
/// reaches but cannot take as a check (it would land next to nothing).
#[test]
fn koko_a_step_next_to_no_piece_is_no_flight() {
    let sfen = "9/9/9/9/4k4/5P3/4P4/9/K8 b G 1";
    let (p, rules) = under(sfen, &[Condition::Koko]);
    assert!(!p.king_flees_after(parse_usi_move("G*5f").unwrap(), &rules));
    assert_eq!(king_moves_under(&p, &rules, "G*5f"), vec!["5e6e"]);
    assert!(flees(&pos(sfen), "G*5f"));
}

/// Under Koko and Isardam (both types), alone and with conditions that leave the quick
/// test on, and with some that turn it off (a capture condition, Andernach): on every
/// check of the tanuki set's positions and of the positions two plies on, a flight the
/// quick test finds is a legal king move once the check is played, as the mate test
/// counts them (取禁's captures too). (It may miss one: a step onto a square reached by
/// a piece whose capture would be voided.)
#[test]
fn under_koko_and_isardam_a_flight_found_is_a_legal_king_move() {
    for words in [
        "koko",
        "isardam",
        "isardam-b",
        "koko+no-promotion",
        "isardam+no-capture",
        "koko+circe",
        "isardam+andernach",
    ] {
        let conditions: Vec<Condition> = words.split('+').map(|w| w.parse().unwrap()).collect();
        let rules = RuleSet::compile(&conditions).unwrap();
        // (the moves the mate test counts: 取禁 forbids playing a capture, not counting it)
        let counted: Vec<Condition> = conditions
            .iter()
            .copied()
            .filter(|&c| c != Condition::NoCapture)
            .collect();
        let counting = RuleSet::compile(&counted).unwrap();
        let (mut asked, mut fled, mut moves) = (0, 0, 0);
        each_check(&rules, 11, |q, m| {
            asked += 1;
            let king_moves = king_moves_under_rules(q, &counting, m);
            let quick = q.king_flees_after(m, &rules);
            fled += quick as u32;
            moves += king_moves as u32;
            assert!(
                !quick || king_moves,
                "{words}: {} {}",
                yosei_io::sfen::write_sfen(&q.to_setup()),
                m.to_usi()
            );
        });
        eprintln!("{words}: {fled} flights found of {moves} checks with a king move, {asked} checks");
        let told = !words.contains("circe") && !words.contains("andernach");
        assert!(asked > 2_000, "{words}: {asked}");
        if told {
            assert!(fled > moves / 2, "{words}: {fled} of {moves}");
        } else {
            assert_eq!(fled, 0, "{words}");
        }
    }
}
