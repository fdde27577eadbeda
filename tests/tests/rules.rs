//! Positions built to pin single rules of rules.md §1–4.

use yosei_io::sfen::parse_sfen;
use yosei_rules::{Condition, Position, RuleSet, SetupProblem, UchifuzumeReading};

fn setup(sfen: &str) -> yosei_core::Setup {
    parse_sfen(sfen).unwrap().setup
}

fn pos(sfen: &str) -> Position {
    Position::from_setup(&setup(sfen), &RuleSet::ordinary()).unwrap()
}

fn moves(p: &Position, rules: &RuleSet) -> Vec<String> {
    let mut v: Vec<String> = p.legal_moves(rules).iter().map(|m| m.to_usi()).collect();
    v.sort();
    v
}

fn with_reading(reading: UchifuzumeReading) -> RuleSet {
    let mut rules = RuleSet::ordinary();
    rules.uchifuzume = reading;
    rules
}

/// White's king on 1a has no move at all: the gold on 2c covers 1b and 2b, the knight
/// on 3c covers 2a. P*1b checks and mates: drop-pawn mate under both readings. Under
/// `any`, every other pawn drop also leaves White without a legal move (stalemate),
/// so none is legal; under `check-only` they all are.
#[test]
fn drop_pawn_mate_both_readings() {
    let p = pos("8k/9/6NG1/9/9/9/9/9/9 b P 1");
    let check_only = moves(&p, &with_reading(UchifuzumeReading::CheckOnly));
    assert!(!check_only.contains(&"P*1b".to_string()));
    assert_eq!(check_only.iter().filter(|m| m.starts_with("P*")).count(), 69);
    let any = moves(&p, &with_reading(UchifuzumeReading::Any));
    assert_eq!(any.iter().filter(|m| m.starts_with("P*")).count(), 0);
    // The same drop with the king able to take the pawn is legal.
    let q = pos("8k/9/6N2/9/9/9/9/9/9 b P 1");
    assert!(moves(&q, &RuleSet::ordinary()).contains(&"P*1b".to_string()));
}

/// A pawn drop that checks but can be answered by capturing with a piece is no mate,
/// and a pinned defender cannot make that capture.
#[test]
fn drop_pawn_mate_depends_on_pins() {
    // White silver on 2a can take a pawn on 1b.
    let free = pos("7sk/9/7G1/9/9/9/9/9/9 b P 1");
    assert!(moves(&free, &RuleSet::ordinary()).contains(&"P*1b".to_string()));
    // Pinned on rank 1 by the rook on 9a, the silver cannot, and 2b is covered.
    let pinned = pos("R6sk/9/7G1/9/9/9/9/9/9 b P 1");
    assert!(!moves(&pinned, &RuleSet::ordinary()).contains(&"P*1b".to_string()));
}

/// P and L must promote on the last rank, N on the last two; elsewhere in the zone
/// both choices exist.
#[test]
fn forced_and_optional_promotion() {
    let p = pos("4k4/7P1/9/6N2/9/9/9/9/L3K4 b - 1");
    let m = moves(&p, &RuleSet::ordinary());
    assert!(m.contains(&"2b2a+".to_string()) && !m.contains(&"2b2a".to_string()));
    assert!(m.contains(&"3d4b+".to_string()) && !m.contains(&"3d4b".to_string()));
    assert!(m.contains(&"9i9c+".to_string()) && m.contains(&"9i9c".to_string()));
    assert!(m.contains(&"9i9a+".to_string()) && !m.contains(&"9i9a".to_string()));
}

/// A pinned piece still gives check (rules.md §2: the imagined king capture may leave
/// its own king open).
#[test]
fn pinned_piece_gives_check() {
    let p = pos("4k4/2r1S3K/9/9/9/9/9/9/9 w - 1");
    assert!(p.in_check(&RuleSet::ordinary()));
    // White must deal with it: the king steps aside or takes, or the rook takes.
    assert_eq!(moves(&p, &RuleSet::ordinary()), ["5a4b", "5a5b", "5a6b", "7b5b"]);
}

/// With no king of its own the attacker can never be in check: any move goes.
#[test]
fn one_king_problems_have_no_self_check() {
    let p = pos("4k4/9/9/9/4r4/9/4G4/9/9 b - 1");
    assert!(moves(&p, &RuleSet::ordinary()).contains(&"5g4g".to_string()));
}

#[test]
fn mate_and_stalemate() {
    let rules = RuleSet::ordinary();
    let mate = pos("4k4/4G4/4P4/9/9/9/9/9/9 w - 1");
    assert!(mate.is_checkmate(&rules) && !mate.is_stalemate(&rules));
    let stalemate = pos("8k/9/6NG1/9/9/9/9/9/9 w - 1");
    assert!(stalemate.is_stalemate(&rules) && !stalemate.is_checkmate(&rules));
}

/// Every problem of a setup is reported at once (two kings of a side: 二玉詰, refused
/// under 天竺).
#[test]
fn setup_errors_list_every_reason() {
    let err = Position::from_setup(
        &setup("P3k3P/9/4P4/4P4/9/9/9/9/KK7 b 3R 1"),
        &RuleSet::compile(&[Condition::Tenjiku]).unwrap(),
    )
    .unwrap_err();
    let p = &err.problems;
    assert!(p.iter().any(|e| matches!(e, SetupProblem::TwoPawns { file: 5, .. })));
    assert_eq!(
        p.iter().filter(|e| matches!(e, SetupProblem::DeadPiece { .. })).count(),
        2
    );
    assert!(p
        .iter()
        .any(|e| matches!(e, SetupProblem::SeveralKingsUnderCondition { count: 2, .. })));
    assert!(p
        .iter()
        .any(|e| matches!(e, SetupProblem::TooManyPieces { max: 2, count: 3, .. })));
    let text = err.to_string();
    assert!(text.contains("二歩") && text.contains("行き所のない駒"), "{text}");
}

#[test]
fn side_not_to_move_in_check_is_invalid() {
    let err = Position::from_setup(&setup("4k4/4G4/9/9/9/9/9/9/9 b - 1"), &RuleSet::ordinary()).unwrap_err();
    assert!(matches!(err.problems[..], [SetupProblem::OpponentInCheck { .. }]));
    // Adjacent kings: whoever is to move could take the other.
    assert!(Position::from_setup(&setup("9/9/9/9/4k4/4K4/9/9/9 b - 1"), &RuleSet::ordinary()).is_err());
}

/// tanuki_7.json#144 starts with two Black pawns on file 2 (see tests/data/PROVENANCE.md).
#[test]
fn a_published_problem_with_two_pawns_is_rejected() {
    let err = Position::from_setup(
        &setup("6p2/6RPS/8k/7P1/9/9/9/9/9 b Gr2b3g2s4n4l15p 1"),
        &RuleSet::ordinary(),
    )
    .unwrap_err();
    assert_eq!(
        err.problems,
        vec![SetupProblem::TwoPawns {
            color: yosei_core::Color::Black,
            file: 2
        }]
    );
}

#[test]
fn user_pieces_need_a_definition() {
    assert!(Position::from_setup(&setup("4k4/9/9/9/4I4/9/9/9/9 b Q 1"), &RuleSet::ordinary()).is_ok());
    let err = Position::from_setup(&setup("4k4/9/9/9/4E4/9/9/9/9 b 2W 1"), &RuleSet::ordinary()).unwrap_err();
    assert_eq!(
        err.problems,
        vec![
            SetupProblem::UndefinedPiece {
                kind: yosei_core::PieceKind::UserE
            },
            SetupProblem::UndefinedPiece {
                kind: yosei_core::PieceKind::UserW
            }
        ]
    );
}

/// fm's stone (石, SFEN `O`): blocks lines, never moves, is never captured.
#[test]
fn stones_block_and_stay() {
    let p = pos("4k4/9/9/9/4O4/9/9/9/4R4 b - 1");
    let m = moves(&p, &RuleSet::ordinary());
    assert!(m.contains(&"5i5f".to_string()));
    assert!(!m
        .iter()
        .any(|m| m.starts_with("5e") || m.ends_with("5e") || m == "5i5d"));
    // A stone of White's colour is not capturable either, and shields the king.
    let q = pos("4k4/9/9/9/4o4/9/9/9/4R4 b - 1");
    assert!(!q.in_check(&RuleSet::ordinary()));
    assert!(!moves(&q, &RuleSet::ordinary()).contains(&"5i5e".to_string()));
}
