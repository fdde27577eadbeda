//! fm's two lion-like chu shogi pieces, 飛鷲 soaring eagle `[HJ]` 翔 (movement
//! `RbBfFfAafF`) and 角鷹 horned falcon `[TK]` 隼 (`BsRbRfWfDafW`), docs/rules/fairy-pieces.md.
//! Their jumps one and two squares along their leap lines are fm's `B_MS_SHISHI_LEAP`
//! (`h_check.c` `help_check_shishi_leap`): after capturing the enemy next to it the piece
//! may go on along the same line (empty or an enemy), never home (no 居食い), and it may
//! pass whatever surrounds it; checks are the plain leaps and rides. Positions built to
//! pin each rule. Squares in USI: file digit, rank letter a–i from the top.

use yosei_core::{Color, Move, Piece, PieceKind, Square};
use yosei_io::sfen::{parse_sfen, parse_usi_move};
use yosei_rules::{Condition, Position, RuleSet, Stipulation};
use yosei_tests::support::{help_lines, legal_usi};

fn pos_under(sfen: &str, rules: &RuleSet) -> Result<Position, String> {
    Position::from_setup(&parse_sfen(sfen).unwrap().setup, rules).map_err(|e| e.to_string())
}

fn pos(sfen: &str) -> Position {
    pos_under(sfen, &RuleSet::ordinary()).unwrap()
}

fn moves_from(p: &Position, prefix: &str) -> Vec<String> {
    legal_usi(p, &RuleSet::ordinary(), prefix)
}

/// The two-step moves among the moves from `from` (USI of six characters).
fn two_steps_from(p: &Position, from: &str) -> Vec<String> {
    moves_from(p, from).into_iter().filter(|m| m.len() == 6).collect()
}

fn sq(usi: &str) -> Square {
    let b = usi.as_bytes();
    Square::new((b[0] - b'0') as i32, (b[1] - b'a' + 1) as i32).unwrap()
}

const EAGLE: Piece = Piece::new(PieceKind::SoaringEagle, Color::Black);

/// A soaring eagle on 5e next to a White gold on 4d (diagonally forward): it takes the
/// gold (5e4d), jumps over it to 3c leaving it (5e3c), or takes it and goes on to 3c
/// (5e4d3c); it rides everywhere but diagonally forward. A pawn on 3c is taken too by
/// the double step, so both go to hand.
#[test]
fn a_soaring_eagle_takes_next_to_it_and_goes_on_along_the_line() {
    let p = pos("k8/9/9/5g3/4[HJ]4/9/9/9/8K b - 1");
    let all = moves_from(&p, "5e");
    for m in [
        "5e4d", "5e3c", "5e4d3c", "5e6d", "5e7c", "5e5a", "5e9e", "5e1e", "5e5i", "5e2h",
    ] {
        assert!(all.contains(&m.to_string()), "{m} in {all:?}");
    }
    // not beyond the second square diagonally forward: no ride there
    assert!(!all.contains(&"5e2b".to_string()));
    let after = p.play(parse_usi_move("5e4d3c").unwrap());
    assert_eq!(after.piece_at(sq("4d")), None);
    assert_eq!(after.piece_at(sq("3c")), Some(EAGLE));
    assert_eq!(after.hand(Color::Black).count(PieceKind::Gold), 1);
    assert_eq!(after.key(), after.compute_key());
    let jumped = p.play(parse_usi_move("5e3c").unwrap());
    assert_eq!(
        jumped.piece_at(sq("4d")),
        Some(Piece::new(PieceKind::Gold, Color::White))
    );
    let q = pos("k8/9/6p2/5g3/4[HJ]4/9/9/9/8K b - 1");
    let both = q.play(parse_usi_move("5e4d3c").unwrap());
    assert_eq!(both.hand(Color::Black).count(PieceKind::Gold), 1);
    assert_eq!(both.hand(Color::Black).count(PieceKind::Pawn), 1);
}

/// After the capture it goes on along the line only: no return home (居食い), no step to
/// any other square next to the captured piece; an own piece or the edge beyond ends it.
/// (fm: the second step must be one of the piece's own leap squares from its start.)
#[test]
fn no_igui_and_no_turn_off_the_line() {
    let p = pos("k8/9/9/5g3/4[HJ]4/9/9/9/8K b - 1");
    assert_eq!(two_steps_from(&p, "5e"), ["5e4d3c", "5e5e5e"]);
    let blocked = pos("k8/9/6P2/5g3/4[HJ]4/9/9/9/8K b - 1");
    assert_eq!(two_steps_from(&blocked, "5e"), ["5e5e5e"]);
    // the horned falcon likewise straight forward: take 5d, on to 5c; a falcon on 5b
    // next to an enemy on 5a has no square beyond
    let falcon = pos("1k7/9/9/4s4/4[TK]4/9/9/9/8K b - 1");
    assert_eq!(two_steps_from(&falcon, "5e"), ["5e5d5c", "5e5e5e"]);
    let edge = pos("k3s4/4[TK]4/9/9/9/9/9/9/8K b - 1");
    assert_eq!(two_steps_from(&edge, "5b"), ["5b5b5b"]);
    // a White falcon's forward is down the board
    let white = pos("k8/9/9/9/4[tk]4/4S4/9/9/7K1 w - 1");
    assert_eq!(two_steps_from(&white, "5e"), ["5e5e5e", "5e5f5g"]);
}

/// Unlike the Lion's, their pass needs no empty neighbour (fm generates `to = from` for
/// every 獅子跳び piece): a falcon boxed in by its own pieces passes, written through its
/// own square. The position afterwards is the same with the other side to move; a pass
/// is no escape from check.
#[test]
fn the_pass_needs_no_empty_neighbour_and_never_answers_check() {
    let p = pos("k8/9/4P4/3GNG3/3G[TK]G3/3SSS3/9/9/8K b - 1");
    assert_eq!(moves_from(&p, "5e"), ["5e5e5e"]);
    let pass = Move::two_step(sq("5e"), sq("5e"), sq("5e"));
    let after = p.play(pass);
    assert_eq!(after.side_to_move(), Color::White);
    assert_eq!(
        after.to_setup().mirrored().mirrored().piece_at(sq("5e")),
        p.piece_at(sq("5e"))
    );
    assert_eq!(after.key(), after.compute_key());
    assert_eq!(p.key_after(pass), after.key());
    assert_eq!(
        p.find_legal(parse_usi_move("5e5e5e").unwrap(), &RuleSet::ordinary()),
        Some(pass)
    );
    // in check from the rook on 1a down file 1, no pass; out of check the same falcon
    // passes
    let checked = pos("1k6r/9/9/9/4[TK]3K/9/9/9/9 b - 1");
    assert!(!moves_from(&checked, "5e").contains(&"5e5e5e".to_string()));
    assert!(moves_from(&pos("1k7/9/9/9/4[TK]3K/9/9/9/9 b - 1"), "5e").contains(&"5e5e5e".to_string()));
}

/// What they attack is their leaps and rides: the eagle's jump to the second square
/// diagonally forward checks over a piece between; nothing beyond it, and the double
/// step adds no square (a king next to the captured piece is not attacked). The falcon
/// jumps two squares straight forward.
#[test]
fn they_check_by_their_plain_leaps_and_rides() {
    let ordinary = RuleSet::ordinary();
    assert!(pos("9/9/6k2/5p3/4[HJ]4/9/9/9/8K w - 1").in_check(&ordinary));
    assert!(!pos("9/7k1/9/5p3/4[HJ]4/9/9/9/8K w - 1").in_check(&ordinary));
    assert!(!pos("9/9/5k3/5p3/4[HJ]4/9/9/9/8K w - 1").in_check(&ordinary));
    assert!(pos("9/9/4k4/4p4/4[TK]4/9/9/9/8K w - 1").in_check(&ordinary));
    assert!(!pos("9/4k4/9/4p4/4[TK]4/9/9/9/8K w - 1").in_check(&ordinary));
    // the eagle rides backward diagonally, the falcon not straight forward
    assert!(pos("9/9/9/9/4[HJ]4/9/9/9/k7K w - 1").in_check(&ordinary));
    assert!(!pos("4k4/9/9/9/4[TK]4/9/9/9/8K w - 1").in_check(&ordinary));
}

/// A help mate in 1 by the double step, its only solution (fm agrees: `33-22鷲<44`, one
/// solution): the eagle on 4d takes the silver on 3c and goes on to 2b, checking the king
/// on 1a; 2a and 1b are on its runs and the knight on 3d guards 2b. The jump to 2b
/// without the capture is no mate: the silver left on 3c takes the eagle.
#[test]
fn the_double_step_mates() {
    let start = pos("8k/9/6s2/5[HJ]N2/9/9/9/9/K8 b - 1");
    let lines = help_lines(&start, &RuleSet::ordinary(), Stipulation::Help { length: Some(1) });
    assert_eq!(lines, ["4d3c2b"]);
}

/// The written forms: USI `5e4d3c`, KIF `３三翔(55,44)` (the origin with the captured
/// square, as for the Lion), the pass `５五隼(55,55)`; SFEN `[HJ]`, `[tk]`.
#[test]
fn the_two_steps_and_the_pass_are_written_with_their_squares() {
    let p = pos("k8/9/9/5g3/4[HJ]4/9/9/9/8K b - 1");
    let m = Move::two_step(sq("5e"), sq("4d"), sq("3c"));
    let kif = yosei_io::notation::write_kif_move(EAGLE, m, None, None);
    assert_eq!(kif, "３三翔(55,44)");
    assert_eq!(yosei_io::notation::parse_kif_move(&kif, None), Ok(m));
    let ki2 = yosei_io::notation::write_ki2_move(&p, &RuleSet::ordinary(), m, None);
    assert_eq!(
        yosei_io::notation::parse_ki2_move(&ki2, &p, &RuleSet::ordinary(), None),
        Ok(m)
    );
    let falcon = Piece::new(PieceKind::HornedFalcon, Color::White);
    let pass = Move::two_step(sq("5e"), sq("5e"), sq("5e"));
    let kif = yosei_io::notation::write_kif_move(falcon, pass, None, None);
    assert_eq!(kif, "５五隼(55,55)");
    assert_eq!(yosei_io::notation::parse_kif_move(&kif, None), Ok(pass));
    let setup = parse_sfen("k8/9/9/9/4[tk]4/9/9/9/8K b [HJ] 1").unwrap().setup;
    assert_eq!(setup.piece_at(sq("5e")), Some(falcon));
    assert_eq!(setup.hand(Color::Black).count(PieceKind::SoaringEagle), 1);
}

/// fm refuses its 獅子跳び pieces under the Circe family and under Isardam (`arrange.c`);
/// yosei refuses them with the reason (two captures in one move), and under Koko as it
/// does the Lion.
#[test]
fn the_circe_family_and_isardam_refuse_them() {
    for condition in [Condition::Circe, Condition::AntiCirce, Condition::Pwc] {
        let rules = RuleSet::compile(&[condition]).unwrap();
        for sfen in ["k8/9/9/9/4[HJ]4/9/9/9/8K b - 1", "k8/9/9/9/9/9/9/9/8K b [TK] 1"] {
            let err = pos_under(sfen, &rules).unwrap_err();
            assert!(err.contains("can capture twice in one move"), "{err}");
        }
    }
    for condition in [Condition::Isardam, Condition::Koko] {
        let rules = RuleSet::compile(&[condition]).unwrap();
        let err = pos_under("k8/9/9/9/4[tk]4/9/9/9/8K b - 1", &rules).unwrap_err();
        assert!(err.contains("horned falcon"), "{err}");
    }
}
