//! fm's tori shogi swallow 燕 `TTB` (`piece_data.c` piece 118; docs/rules/fairy-pieces.md):
//! a step straight forward, promoting under fm's `@P` to 鴈 (moving as the goose), with
//! fm's two rules of its own: no side has three unpromoted swallows on a file (三燕,
//! `B_PA_CONSTRAINT_3T`, judged for drops and moves alike, `move.c`
//! `hi_pc_constraint_sub`), and no swallow drop mates (`B_PA_CONSTRAINT_PM`, judged as
//! drop-pawn mate is). Squares in USI: file digit, rank letter a–i from the top.

use yosei_core::{Color, Move, Piece, PieceKind, Square};
use yosei_io::fm::{read_fm, write_fm};
use yosei_io::sfen::{parse_sfen, write_sfen};
use yosei_rules::{Condition, Position, RuleSet};
use yosei_tests::support::legal_usi;

fn pos_under(sfen: &str, rules: &RuleSet) -> Result<Position, String> {
    Position::from_setup(&parse_sfen(sfen).unwrap().setup, rules).map_err(|e| e.to_string())
}

fn sq(usi: &str) -> Square {
    let b = usi.as_bytes();
    Square::new((b[0] - b'0') as i32, (b[1] - b'a' + 1) as i32).unwrap()
}

fn drops(pos: &Position, rules: &RuleSet) -> Vec<String> {
    legal_usi(pos, rules, "[TTB]*")
}

/// fm's `hi_vec_fw`: one step straight forward, a capture too; dead on the last rank
/// (fm derives `B_PA_CONSTRAINT_SQ` from the vectors), so never dropped there.
#[test]
fn the_swallow_steps_straight_forward_and_is_never_dropped_on_the_last_rank() {
    let rules = RuleSet::ordinary();
    let p = pos_under("k8/9/9/4p4/4[TTB]4/9/9/9/8K b [TTB] 1", &rules).unwrap();
    assert_eq!(legal_usi(&p, &rules, "5e"), vec!["5e5d"]);
    let dropped = drops(&p, &rules);
    assert!(dropped.contains(&"[TTB]*3b".to_string()));
    assert!(dropped.iter().all(|m| !m.ends_with('a')), "{dropped:?}");
    let white = pos_under("k8/9/9/4[ttb]4/9/9/9/9/8K w - 1", &rules).unwrap();
    assert_eq!(legal_usi(&white, &rules, "5d"), vec!["5d5e"]);
}

/// Two swallows of Black on file 5: a third is not dropped there (三燕), but on file 4
/// it is; one on the file leaves room for a second; White's swallows are not Black's.
#[test]
fn a_third_swallow_on_a_file_is_refused_as_a_drop() {
    let rules = RuleSet::ordinary();
    let two = pos_under("k8/9/9/9/9/9/4[TTB]4/4[TTB]4/8K b [TTB] 1", &rules).unwrap();
    let dropped = drops(&two, &rules);
    assert!(dropped.iter().all(|m| !m.starts_with("[TTB]*5")), "{dropped:?}");
    assert!(dropped.contains(&"[TTB]*4e".to_string()));
    let one = pos_under("k8/9/9/9/9/9/9/4[TTB]4/8K b [TTB] 1", &rules).unwrap();
    assert!(drops(&one, &rules).contains(&"[TTB]*5e".to_string()));
    let theirs = pos_under("k8/9/9/9/9/9/4[ttb]4/4[ttb]4/8K b [TTB] 1", &rules).unwrap();
    assert!(drops(&theirs, &rules).contains(&"[TTB]*5e".to_string()));
}

/// fm counts unpromoted swallows only (the promoted one is a goose, `fp_promoted`).
#[test]
fn a_promoted_swallow_does_not_count() {
    let rules = RuleSet::ordinary().with_fairy_promotion("[TTB]".parse().unwrap());
    let p = pos_under("k8/9/9/9/9/9/4+[TTB]4/4[TTB]4/8K b [TTB] 1", &rules).unwrap();
    assert!(drops(&p, &rules).contains(&"[TTB]*5e".to_string()));
}

/// A swallow only moves along its file, but under 安南 it moves with the power of the
/// friendly piece behind it: onto a file with two swallows it is refused (fm judges
/// moves as drops), on another file not; promoting on that move it is allowed (fm
/// judges the piece as it is after the move, a goose).
#[test]
fn a_third_swallow_on_a_file_is_refused_as_a_move() {
    let annan = RuleSet::compile(&[Condition::Annan]).unwrap();
    let sfen = "k8/9/5[TTB]3/5R3/9/9/4[TTB]4/4[TTB]4/8K b - 1";
    let p = pos_under(sfen, &annan).unwrap();
    let moves = legal_usi(&p, &annan, "4c");
    assert!(!moves.contains(&"4c5c".to_string()), "{moves:?}");
    assert!(moves.contains(&"4c6c".to_string()), "{moves:?}");
    let promoting = annan.with_fairy_promotion("[TTB]".parse().unwrap());
    let q = pos_under(sfen, &promoting).unwrap();
    let moves = legal_usi(&q, &promoting, "4c");
    assert!(
        moves.contains(&"4c5c+".to_string()) && !moves.contains(&"4c5c".to_string()),
        "{moves:?}"
    );
}

/// A position with three swallows of a side on a file is refused (fm: 三燕があります).
#[test]
fn three_swallows_on_a_file_are_refused_in_a_setup() {
    let rules = RuleSet::ordinary();
    let err = pos_under("k8/9/9/9/9/4[TTB]4/4[TTB]4/4[TTB]4/8K b - 1", &rules).unwrap_err();
    assert!(err.contains("three swallows"), "{err}");
    assert!(pos_under("k8/9/9/9/9/4[ttb]4/4[TTB]4/4[TTB]4/8K b - 1", &rules).is_ok());
}

/// The White king on 1a, a knight on 2a, a Black gold on 2c: a swallow dropped on 1b
/// mates, and is refused as drop-pawn mate is; a swallow stepping there from 1c mates
/// and is played; under 打歩可 the drop is allowed too.
#[test]
fn a_swallow_drop_mate_is_refused_and_a_swallow_move_mate_allowed() {
    let rules = RuleSet::ordinary();
    let drop = pos_under("7nk/9/7G1/9/9/9/9/9/4K4 b [TTB] 1", &rules).unwrap();
    let dropped = drops(&drop, &rules);
    assert!(!dropped.contains(&"[TTB]*1b".to_string()), "{dropped:?}");
    assert!(dropped.contains(&"[TTB]*3b".to_string()));
    // the drop would mate: played anyway, White has no move
    let after = drop.play(Move::drop(PieceKind::Swallow, sq("1b")));
    assert!(after.in_check(&rules) && !after.has_legal_move(&rules));
    let allowed = RuleSet::compile(&[Condition::UchifuAllowed]).unwrap();
    assert!(drops(&drop, &allowed).contains(&"[TTB]*1b".to_string()));

    let step = pos_under("7nk/9/7G[TTB]/9/9/9/9/9/4K4 b - 1", &rules).unwrap();
    assert_eq!(legal_usi(&step, &rules, "1c"), vec!["1c1b"]);
    let mated = step.play(yosei_io::sfen::parse_usi_move("1c1b").unwrap());
    assert!(mated.in_check(&rules) && !mated.has_legal_move(&rules));
}

/// Under the fairy 打歩詰 fm wants the mate by a "place mate" drop, the swallow's as
/// well as the pawn's (`sub2.c`).
#[test]
fn under_the_fairy_uchifu_a_swallow_drop_mate_counts() {
    let uchifu = RuleSet::compile(&[Condition::Uchifu]).unwrap();
    let drop = pos_under("7nk/9/7G1/9/9/9/9/9/4K4 b [TTB] 1", &uchifu).unwrap();
    let mated = drop.play(Move::drop(PieceKind::Swallow, sq("1b")));
    assert!(uchifu.mate_counts(&mated, Some(Move::drop(PieceKind::Swallow, sq("1b")))));
    assert!(uchifu.mate_counts(&mated, Some(Move::drop(PieceKind::Pawn, sq("1b")))));
    assert!(!uchifu.mate_counts(&mated, Some(Move::drop(PieceKind::Goose, sq("1b")))));
    assert!(drops(&drop, &uchifu).contains(&"[TTB]*1b".to_string()));
}

/// fm's one-line form reads and writes `TTB` (`/EF1=TTB@H`); SFEN brackets it.
#[test]
fn the_swallow_is_read_and_written_by_fm_and_sfen() {
    let p = read_fm("/EF1=TTB#3@HP\nばか詰 13TTB +TTB, 11玉 #1").unwrap();
    assert_eq!(
        p.setup.piece_at(sq("1c")),
        Some(Piece::new(PieceKind::Swallow, Color::Black))
    );
    assert_eq!(p.setup.hand(Color::Black).count(PieceKind::Swallow), 1);
    assert_eq!(p.setup.hand(Color::White).count(PieceKind::Swallow), 1);
    assert!(p.options.fairy_promotion.contains(PieceKind::Swallow));
    let written = write_fm(&p);
    assert_eq!(read_fm(&written).unwrap().setup, p.setup);
    assert!(written.contains("TTB"), "{written}");
    let sfen = write_sfen(&p.setup);
    assert!(sfen.contains("[TTB]"), "{sfen}");
    assert_eq!(parse_sfen(&sfen).unwrap().setup, p.setup);
}
