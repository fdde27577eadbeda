//! `Position::king_flees_after`: a check that leaves the king a flight square, told
//! without playing it (the direct-mate search's leaves ask it of every check).

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
    for (sfen, _, _) in problems().step_by(7) {
        let Ok(p) = Position::from_setup(&parse_sfen(sfen).unwrap().setup, &rules) else {
            continue;
        };
        let mut positions = vec![p.clone()];
        for &c in p.legal_checks(&rules).iter() {
            let next = p.play(c);
            positions.extend(next.legal_moves(&rules).iter().map(|&r| next.play(r)));
        }
        for q in &positions {
            for &m in q.legal_checks(&rules).iter() {
                asked += 1;
                let next = q.play(m);
                let king = next.king(next.side_to_move()).unwrap();
                let king_moves = next.legal_moves(&rules).iter().any(|r| r.from() == Some(king));
                let quick = q.king_flees_after(m, &rules);
                fled += quick as u32;
                assert_eq!(quick, king_moves, "{}", m.to_usi());
            }
        }
    }
    assert!(asked > 10_000 && fled > asked / 4, "{fled} of {asked}");
    eprintln!("{fled} of {asked} checks: the king flees");
}
