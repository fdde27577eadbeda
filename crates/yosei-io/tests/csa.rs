//! CSA reading and writing: the fixtures (provenance in fixtures/csa/PROVENANCE.md),
//! `P±00AL`, promotion inferred from the replayed board, error lines and columns,
//! random round trips and a no-panic sweep over mutated inputs.

mod common;

use common::{
    assert_bad_inputs, assert_error_within, random_conditions, random_pieces, random_square, random_stipulation,
    random_words, sq, sweep, Mutations, Rng, Sweep, Truncate,
};
use yosei_core::{Color, Move, Piece, PieceKind, Setup, Square};
use yosei_io::csa::{csa_code, kind_from_csa_code, read_csa, write_csa};
use yosei_io::problem::remaining_pieces;
use yosei_io::{parse_sfen, startpos, Branch, MoveLine, Problem};
use yosei_rules::{Condition, FairyHome, LionPass, RepetitionRule, Stipulation, UchifuzumeReading};

fn read(text: &str) -> Problem {
    read_csa(text).unwrap_or_else(|e| panic!("{text}\n{e}"))
}

fn assert_round_trip(problem: &Problem) {
    let text = write_csa(problem);
    match read_csa(&text) {
        Ok(again) => assert_eq!(&again, problem, "{text}"),
        Err(e) => panic!("written CSA does not read back: {e}\n{text}"),
    }
}

const ATAMA_KIN: &str = include_str!("fixtures/csa/atama_kin_v22.csa");
const HELPMATE_V30: &str = include_str!("fixtures/csa/helpmate_v30.csa");
const GAME: &str = include_str!("fixtures/csa/game_toryo.csa");
const HANDICAP: &str = include_str!("fixtures/csa/handicap_pi.csa");
const FAIRY: &str = include_str!("fixtures/csa/fairy_placements.csa");
const FIXTURES: [&str; 5] = [ATAMA_KIN, HELPMATE_V30, GAME, HANDICAP, FAIRY];

#[test]
fn v22_with_all_remaining_and_attacker_hand() {
    let p = read(ATAMA_KIN);
    assert_eq!(p.meta.title.as_deref(), Some("頭金"));
    assert_eq!(
        p.meta.other,
        vec![
            ("先手".to_string(), "攻方".to_string()),
            ("後手".to_string(), "玉方".to_string())
        ]
    );
    assert_eq!(p.meta.comments.len(), 1);
    assert!(p.meta.comments[0].starts_with("頭金の一手詰"));
    assert_eq!(p.stipulation, Some(Stipulation::Tsume { length: Some(1) }));
    let setup = &p.setup;
    assert_eq!(
        setup.piece_at(sq(5, 1)),
        Some(Piece::new(PieceKind::King, Color::White))
    );
    assert_eq!(
        setup.piece_at(sq(5, 3)),
        Some(Piece::new(PieceKind::ProPawn, Color::Black))
    );
    assert_eq!(setup.side_to_move, Color::Black);
    let black = setup.hand(Color::Black);
    assert_eq!((black.count(PieceKind::Gold), black.total()), (1, 1));
    // Everything else of the standard set: the gold in Black's hand and the tokin's
    // pawn are not in White's hand.
    let expected = parse_sfen("4k4/9/4+P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1").unwrap().setup;
    assert_eq!(setup, &expected);
    assert!(p.moves.is_empty());
    assert_round_trip(&p);
}

#[test]
fn v30_helpmate_with_moves_and_comments() {
    let p = read(HELPMATE_V30);
    let expected = parse_sfen("3+pks3/9/4+P4/9/9/8B/9/9/9 b S2rb4g2s4n4l16p 1")
        .unwrap()
        .setup;
    assert_eq!(p.setup, expected);
    assert_eq!(p.stipulation, Some(Stipulation::Help { length: Some(3) }));
    assert!(p.conditions.is_empty());
    assert_eq!(p.meta.title.as_deref(), Some("fmrs test_solve 1"));
    assert_eq!(
        p.meta.source.as_deref(),
        Some("github.com/ogiekako/fmrs rust/src/solver/solve.rs")
    );
    assert_eq!(p.meta.comments, vec!["攻方の持駒は銀一枚、玉方は残り全部".to_string()]);
    assert_eq!(
        p.moves.moves,
        vec![
            Move::normal(sq(1, 6), sq(5, 2), true),
            Move::normal(sq(4, 1), sq(5, 2), false),
            Move::drop(PieceKind::Silver, sq(4, 2)),
        ]
    );
    assert_eq!(p.moves.comments, vec![Some("角成で王手".to_string()), None, None]);
    assert_eq!(p.moves.end.as_deref(), Some("詰み"));
    assert_round_trip(&p);
}

#[test]
fn game_with_several_statements_per_line_times_and_toryo() {
    let p = read(GAME);
    assert_eq!(p.setup, startpos());
    assert_eq!(
        p.moves.moves,
        vec![
            Move::normal(sq(7, 7), sq(7, 6), false),
            Move::normal(sq(3, 3), sq(3, 4), false),
            // 88 holds a bishop and the move names UM: a promotion.
            Move::normal(sq(8, 8), sq(2, 2), true),
            Move::normal(sq(3, 1), sq(2, 2), false),
            Move::drop(PieceKind::Bishop, sq(4, 5)),
        ]
    );
    assert_eq!(p.moves.comments[2].as_deref(), Some("角交換"));
    assert_eq!(p.moves.end.as_deref(), Some("投了"));
    assert_eq!(p.meta.title.as_deref(), Some("yosei test game"));
    assert_eq!(p.meta.date.as_deref(), Some("2024/01/01 10:00:00"));
    let other: Vec<(&str, &str)> = p.meta.other.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
    assert_eq!(
        other,
        vec![
            ("先手", "Sente"),
            ("後手", "Gote"),
            ("場所", "nowhere"),
            ("戦型", "KAKUGAWARI")
        ]
    );
    assert_eq!(p.stipulation, None);
    assert_round_trip(&p);
}

#[test]
fn handicap_initial_position() {
    let p = read(HANDICAP);
    let mut expected = startpos();
    expected.put(sq(8, 2), None);
    expected.put(sq(2, 2), None);
    expected.side_to_move = Color::White;
    assert_eq!(p.setup, expected);
    assert_eq!(
        p.moves.moves,
        vec![
            Move::normal(sq(6, 1), sq(5, 2), false),
            Move::normal(sq(7, 7), sq(7, 6), false)
        ]
    );
    assert_eq!(p.moves.end.as_deref(), Some("中断"));
    assert_round_trip(&p);
}

#[test]
fn fairy_codes_rule_line_and_placements() {
    let p = read(FAIRY);
    assert_eq!(p.stipulation, Some(Stipulation::Help { length: Some(5) }));
    assert_eq!(p.conditions, vec![Condition::Annan]);
    assert_eq!(p.options.uchifuzume, Some(UchifuzumeReading::Any));
    assert_eq!(p.meta.author.as_deref(), Some("yosei"));
    let s = &p.setup;
    assert_eq!(s.piece_at(sq(5, 5)), Some(Piece::new(PieceKind::Lion, Color::Black)));
    assert_eq!(s.piece_at(sq(4, 4)), Some(Piece::new(PieceKind::Queen, Color::Black)));
    assert_eq!(s.piece_at(sq(1, 1)), Some(Piece::new(PieceKind::Stone, Color::White)));
    assert_eq!(s.hand(Color::Black).count(PieceKind::ChessKnight), 2);
    // 00AL gives the whole standard set (no ordinary piece is on the board), and the
    // zebra given after it stays.
    let white = s.hand(Color::White);
    assert_eq!(white.count(PieceKind::Zebra), 1);
    assert_eq!(white.count(PieceKind::Pawn), 18);
    assert_eq!(white.count(PieceKind::Rook), 2);
    assert_eq!(white.total(), 39);
    assert_round_trip(&p);
}

#[test]
fn all_remaining_is_computed_after_every_other_placement() {
    // The same position with 00AL first, last and between the other lines.
    let base = "P-51OU\nP+53TO\n";
    let variants = [
        format!("P-00AL\n{base}P+00KI00FU\nP-00FU\n+\n"),
        format!("{base}P+00KI00FU\nP-00FU\nP-00AL\n+\n"),
        format!("{base}P-00AL,P+00KI00FU\nP-00FU\n+\n"),
        format!("P+00KI\nP-00AL\n{base}P+00FU\nP-00FU\n+\n"),
    ];
    let expected = parse_sfen("4k4/9/4+P4/9/9/9/9/9/9 b GP2r2b3g4s4n4l16p 1")
        .unwrap()
        .setup;
    for text in &variants {
        assert_eq!(read(text).setup, expected, "{text}");
    }
    // The attacker can hold every remaining piece too.
    let p = read("P-51OU\nP+53TO\nP-00HI\nP+00AL\n+\n");
    assert_eq!(p.setup.hand(Color::Black).count(PieceKind::Rook), 1);
    assert_eq!(p.setup.hand(Color::Black).count(PieceKind::Pawn), 17);
    assert_eq!(p.setup.hand(Color::White).total(), 1);
}

#[test]
fn writer_uses_all_remaining_for_the_defender_only_when_exact() {
    let p = read(ATAMA_KIN);
    let text = write_csa(&p);
    assert!(text.starts_with("'CSA encoding=UTF-8\nV3.0\n"), "{text}");
    assert!(text.contains("\nP+00KI\nP-00AL\n+\n"), "{text}");
    assert!(text.contains("$RULE:詰将棋 1手\n"), "{text}");
    let mut q = p.clone();
    q.setup.hand_mut(Color::White).set(PieceKind::Pawn, 3);
    let text = write_csa(&q);
    assert!(!text.contains("00AL"), "{text}");
    assert!(text.contains("P-00HI00HI00KA00KA"), "{text}");
    assert_round_trip(&q);
}

#[test]
fn rows_with_collapsed_spaces_and_a_missing_last_space() {
    let text = "P1 * * * * -OU * * * *\nP3 *  *  *  * +TO *  *  *  *\nP+00KI\nP-00AL\n+\n";
    assert_eq!(read(text).setup, read(ATAMA_KIN).setup);
}

#[test]
fn promoted_pieces_move_without_promoting_again() {
    let text = "P1 *  *  *  * -OU *  *  *  * \nP9+KA *  *  *  *  *  *  *  * \n+\n+9955UM\n-5141OU\n+5544UM\n";
    let p = read(text);
    assert_eq!(
        p.moves.moves,
        vec![
            Move::normal(sq(9, 9), sq(5, 5), true),
            Move::normal(sq(5, 1), sq(4, 1), false),
            Move::normal(sq(5, 5), sq(4, 4), false),
        ]
    );
    assert_round_trip(&p);
}

#[test]
fn codes() {
    assert_eq!(csa_code(PieceKind::Lion), "SS");
    assert_eq!(csa_code(PieceKind::Stone), "IS");
    assert_eq!(kind_from_csa_code("L5"), Some(PieceKind::FiveLeaper));
    for kind in PieceKind::ALL {
        assert_eq!(kind_from_csa_code(csa_code(kind)), Some(kind));
    }
}

#[test]
fn what_csa_cannot_hold_is_left_out_visibly() {
    let mut p = read(HELPMATE_V30);
    // Variations have no CSA form.
    p.moves.branches.push(Branch {
        at: 0,
        line: MoveLine::default(),
    });
    let again = read(&write_csa(&p));
    assert!(again.moves.branches.is_empty());
    // A Lion two-step ends the written move list, with a comment saying so.
    let mut p = read(HELPMATE_V30);
    p.moves.moves[1] = Move::two_step(sq(4, 1), sq(4, 2), sq(5, 2));
    let text = write_csa(&p);
    assert!(text.contains("'yosei: moves from move 2 on are not written"), "{text}");
    let again = read(&text);
    assert_eq!(again.moves.moves, p.moves.moves[..1].to_vec());
    assert_eq!(again.moves.end, None);
    // KIF's 詰 is CSA's %TSUMI; an end word CSA has no word for becomes a comment.
    let mut p = read(HELPMATE_V30);
    p.moves.end = Some("詰".to_string());
    assert!(write_csa(&p).ends_with("\n%TSUMI\n"));
    p.moves.end = Some("反則勝ち".to_string());
    assert!(write_csa(&p).ends_with("\n'yosei: end word with no CSA form: 反則勝ち\n"));
    // Keys that are not CSA keys become comments.
    let mut p = read(GAME);
    p.meta.other.push(("作品番号".to_string(), "12".to_string()));
    assert!(write_csa(&p).contains("\n'作品番号: 12\n"));
}

/// `(input, line, column or 0 for none, a phrase the message must contain)`.
const BAD_CSA: &[(&str, usize, usize, &str)] = &[
    ("", 1, 0, "expected a position"),
    ("V2.2\n'only a comment\n\n", 2, 0, "expected a position"),
    ("PI\n", 1, 0, "expected the side to move"),
    ("V9.9\nPI\n+\n", 1, 1, "expected a version V2.2 or V3.0"),
    ("X\n", 1, 1, "expected a CSA line"),
    ("NX\n", 1, 2, "expected N+"),
    ("$EVENT\n", 1, 7, "expected ':'"),
    ("$:x\n", 1, 2, "expected a key"),
    ("$event:x\n", 1, 2, "upper-case key"),
    ("$RULE:ばか詰xyz\nPI\n+\n", 1, 10, "unknown rule word"),
    ("$RULE:ばか詰 0手\nPI\n+\n", 1, 11, "at least 1"),
    ("$RULE:ばか詰\n$RULE:ばか詰\nPI\n+\n", 2, 1, "one $RULE line"),
    ("$TARGET:9/9 b\n", 1, 12, "$TARGET"),
    ("$UCHIFUZUME:sometimes\n", 1, 13, "'check-only' or 'any'"),
    ("$REPETITION:x\n", 1, 13, "'normal' or 'strict'"),
    ("$LION_PASS:never\n", 1, 12, "'empty-neighbour' or 'any'"),
    ("$FAIRY_HOME:rank2\n", 1, 13, "'none' or 'second-rank'"),
    ("P0\n", 1, 2, "expected PI, P1…P9, P+ or P-"),
    ("PI82HI22HI\n+\n", 1, 7, "expected a piece of the initial position"),
    ("PI8\n+\n", 1, 4, "found the end of the statement"),
    ("PI\nPI\n+\n", 2, 1, "one board"),
    ("PI\nP1 *  *  *  *  *  *  *  *  * \n+\n", 2, 1, "one board"),
    (
        "P+55FU\nP1 *  *  *  *  *  *  *  *  * \n+\n",
        2,
        1,
        "before the P+/P- lines",
    ),
    ("P1 *  *  *  *  *  *  *  * \n+\n", 1, 26, "expected square 11"),
    (
        "P1 *  *  *  *  *  *  *  *  *  * \n+\n",
        1,
        30,
        "expected the end of rank 1",
    ),
    ("P1 *  * +XX *  *  *  *  *  * \n+\n", 1, 10, "expected a piece code"),
    ("P1 *  * XFU *  *  *  *  *  * \n+\n", 1, 9, "expected square 71"),
    (
        "P1 *  *  *  *  *  *  *  *  * \nP1 *  *  *  *  *  *  *  *  * \n+\n",
        2,
        1,
        "each rank once",
    ),
    ("P+55FU55KY\n+\n", 1, 7, "already holds +FU"),
    ("P+5\n+\n", 1, 3, "expected a square"),
    ("P+50FU\n+\n", 1, 4, "square from 11 to 99 or 00 (the hand), found '0'"),
    ("P+05FU\n+\n", 1, 4, "square from 11 to 99 or 00 (the hand), found '5'"),
    ("P+00OU\n+\n", 1, 5, "hands hold"),
    ("P+00TO\n+\n", 1, 5, "hands hold"),
    ("P+55AL\n+\n", 1, 5, "AL stands only after 00"),
    ("P-00AL\nP+00AL\n+\n", 2, 3, "00AL once"),
    (
        "P+11HI22HI33HI\nP-00AL\n+\n",
        2,
        3,
        "more than the 2 of the standard set",
    ),
    (
        "P-00FU00FU\nP-51OU\nP+11FU12FU13FU14FU15FU16FU17FU18FU19FU21FU22FU23FU24FU25FU26FU27FU28FU\nP-00AL\n+\n",
        4,
        3,
        "expected at most the 1 FU",
    ),
    ("+\n", 1, 1, "expected the position"),
    ("PI\n+\n+\n", 3, 1, "given once"),
    ("PI\n+\nP+55FU\n", 3, 1, "the position comes before"),
    ("PI\n+\nV2.2\n", 3, 1, "the version comes first"),
    ("+7776FU\n", 1, 1, "before a move"),
    ("T1\n", 1, 1, "before a time"),
    ("%TORYO\n", 1, 1, "before an end word"),
    ("PI\n+\n-3334FU\n", 3, 1, "expected a move by '+' (Black)"),
    ("PI\n+\n+7776F\n", 3, 6, "expected a piece code"),
    ("PI\n+\n+7776FUX\n", 3, 8, "end of the move"),
    ("PI\n+\n+77X6FU\n", 3, 4, "square from 11 to 99"),
    ("PI\n+\n+7700FU\n", 3, 4, "square from 11 to 99"),
    ("PI\n+\n+7770FU\n", 3, 5, "square from 11 to 99"),
    ("PI\n+\n+5556FU\n", 3, 2, "expected a piece on 55"),
    ("PI\n+\n+7776KI\n", 3, 6, "expected FU or TO for the piece on 77"),
    ("PI\n+\n+5958NG\n", 3, 6, "expected OU for the piece on 59"),
    ("PI\n+\n+0055TO\n", 3, 6, "can be dropped"),
    ("PI\n+\n+7776FU,Tx\n", 3, 10, "time in seconds"),
    ("PI\n+\n+7776FU,T1.\n", 3, 10, "time in seconds"),
    ("PI\n+\n%WIN\n", 3, 2, "expected an end word"),
    ("PI\n+\n%TORYO\n-3334FU\n", 4, 1, "after the end word %TORYO"),
    ("PI\n+\n%TORYO\n%CHUDAN\n", 4, 1, "after the end word %TORYO"),
    ("PI\n+\n/\nPI\n", 4, 1, "one record per CSA file"),
];

#[test]
fn bad_inputs_name_line_column_and_expectation() {
    assert_bad_inputs(BAD_CSA, read_csa);
}

#[test]
fn fixtures_round_trip() {
    for text in FIXTURES {
        let p = read(text);
        assert_round_trip(&p);
        // The written form is a fixed point.
        let written = write_csa(&p);
        assert_eq!(write_csa(&read(&written)), written);
    }
}

// ---------------------------------------------------------------------------------------
// Random problems
// ---------------------------------------------------------------------------------------

const WORDS: &[&str] = &[
    "詰", "将棋", "yosei", "A-1", "fm", "題", "名人", "0", "x y", "：", "(*)", "作",
];

fn random_text(rng: &mut Rng) -> String {
    random_words(rng, WORDS)
}

fn random_setup(rng: &mut Rng) -> Setup {
    let mut setup = random_pieces(rng, 60, 50);
    // Often the defender holds exactly the rest of the standard set, as in most problems.
    if rng.chance(50) {
        if let Ok(rest) = remaining_pieces(&setup, Color::White) {
            for kind in PieceKind::ORDINARY_HAND_KINDS {
                setup.hand_mut(Color::White).set(kind, rest.count(kind));
            }
        }
    }
    setup.side_to_move = rng.pick(&Color::ALL);
    setup
}

/// Moves CSA can write: drops, and board moves of a piece that stands on the replayed
/// board, promoting only what promotes.
fn random_moves(rng: &mut Rng, setup: &Setup) -> MoveLine {
    let mut board = setup.clone();
    let mut mover = setup.side_to_move;
    let mut line = MoveLine::default();
    for _ in 0..rng.below(8) {
        let occupied: Vec<Square> = Square::all().filter(|&s| board.piece_at(s).is_some()).collect();
        let to = random_square(rng);
        let m = if occupied.is_empty() || rng.chance(25) {
            let kind = rng.pick(&PieceKind::HAND_KINDS);
            board.put(to, Some(Piece::new(kind, mover)));
            Move::drop(kind, to)
        } else {
            let from = rng.pick(&occupied);
            let piece = board.piece_at(from).unwrap();
            let promote = piece.kind.can_promote() && rng.chance(40);
            let kind = if promote {
                piece.kind.promoted().unwrap()
            } else {
                piece.kind
            };
            board.put(from, None);
            board.put(to, Some(Piece::new(kind, piece.color)));
            Move::normal(from, to, promote)
        };
        line.moves.push(m);
        line.comments.push(match rng.below(5) {
            0 => Some(random_text(rng)),
            1 => Some(format!("{}\n{}", random_text(rng), random_text(rng))),
            2 if rng.chance(20) => Some(String::new()),
            _ => None,
        });
        mover = !mover;
    }
    if rng.chance(50) {
        line.end = Some(
            rng.pick(&[
                "投了",
                "中断",
                "千日手",
                "詰み",
                "不詰",
                "持将棋",
                "%+ILLEGAL_ACTION",
                "%MAX_MOVES",
            ])
            .to_string(),
        );
    }
    line
}

fn random_problem(rng: &mut Rng) -> Problem {
    let mut p = Problem {
        setup: random_setup(rng),
        ..Problem::default()
    };
    if rng.chance(80) {
        p.stipulation = Some(random_stipulation(rng, 300));
        p.conditions = random_conditions(rng, 4);
    }
    if rng.chance(20) {
        p.target = Some(random_setup(rng));
    }
    if rng.chance(30) {
        p.options.uchifuzume = Some(rng.pick(&[UchifuzumeReading::CheckOnly, UchifuzumeReading::Any]));
    }
    if rng.chance(30) {
        p.options.repetition = Some(rng.pick(&[RepetitionRule::Normal, RepetitionRule::Strict]));
    }
    if rng.chance(20) {
        p.options.lion_pass = Some(rng.pick(&[LionPass::EmptyNeighbour, LionPass::Any]));
    }
    if rng.chance(20) {
        p.options.fairy_home = Some(rng.pick(&[FairyHome::None, FairyHome::SecondRank]));
    }
    if rng.chance(20) {
        p.options.discarded = rng.pick(&["discard", "discard:T,[WA]"]).parse().unwrap();
    }
    let meta = &mut p.meta;
    for field in [&mut meta.title, &mut meta.author, &mut meta.source, &mut meta.date] {
        if rng.chance(40) {
            *field = Some(random_text(rng));
        }
    }
    for _ in 0..rng.below(4) {
        let key = rng.pick(&[
            "先手",
            "後手",
            "場所",
            "戦型",
            "終了日時",
            "持ち時間",
            "NOTE",
            "TIME+",
            "MAX_MOVES",
        ]);
        meta.other.push((key.to_string(), random_text(rng)));
    }
    for _ in 0..rng.below(3) {
        meta.comments.push(random_text(rng));
    }
    p.moves = random_moves(rng, &p.setup);
    p
}

#[test]
fn random_problems_round_trip() {
    let mut rng = Rng(0xC5A0_0001);
    for _ in 0..3000 {
        let p = random_problem(&mut rng);
        assert_round_trip(&p);
    }
}

// ---------------------------------------------------------------------------------------
// Robustness
// ---------------------------------------------------------------------------------------

const NOISE: &[char] = &[
    '+', '-', '*', ' ', ' ', ',', ',', '\n', '\r', '\'', '$', ':', '%', '0', '1', '5', '9', 'P', 'I', 'A', 'L', 'F',
    'U', 'O', 'T', 'V', 'N', '歩', '　', '😀', '\u{0}', '\u{feff}',
];

/// Whatever the input: no panic; an error names a line of the text and a column within
/// that line (or just after it); what is accepted writes and reads back unchanged.
fn check_robust(text: &str) -> bool {
    match read_csa(text) {
        Ok(p) => {
            assert_round_trip(&p);
            true
        }
        Err(e) => {
            assert_error_within(text, &e, &format!("{text:?}"));
            false
        }
    }
}

#[test]
fn mutated_inputs_never_panic() {
    let mut seeds: Vec<String> = FIXTURES.iter().map(|s| s.to_string()).collect();
    let mut rng = Rng(0xC5A0_0002);
    for _ in 0..20 {
        seeds.push(write_csa(&random_problem(&mut rng)));
    }
    let mutations = Mutations {
        max_cut: 6,
        max_copy: 16,
        truncate: Truncate::Sometimes(20),
        ..Mutations::of(NOISE)
    };
    let plan = Sweep::new(20_000, mutations);
    let mut accepted = 0;
    sweep(&mut rng, &seeds, &plan, |text, _, _| {
        accepted += usize::from(check_robust(text))
    });
    println!("{accepted} of 20000 mutated inputs read");
    assert!(accepted > 500, "only {accepted} mutated inputs read");
}

#[test]
fn the_fairy_capture_line_reads_and_writes_back() {
    let text = "$FAIRY_CAPTURE:discard:T\nPI\n+\n";
    let p = read(text);
    assert!(p.options.discarded.contains(PieceKind::ChessKnight));
    assert!(write_csa(&p).contains("$FAIRY_CAPTURE:discard:T\n"));
    assert_round_trip(&p);
    let e = read_csa("$FAIRY_CAPTURE:keep\nPI\n+\n").unwrap_err().to_string();
    assert!(e.contains("line 1") && e.contains("expected hold, discard"), "{e}");
}

#[test]
fn the_fairy_promotion_line_reads_and_writes_back() {
    let text = "$FAIRY_PROMOTION:J,[TTK]\nPI\n+\n";
    let p = read(text);
    assert!(p.options.fairy_promotion.contains(PieceKind::Falcon));
    assert!(write_csa(&p).contains("$FAIRY_PROMOTION:J,[TTK]\n"));
    assert_round_trip(&p);
    let e = read_csa("$FAIRY_PROMOTION:R\nPI\n+\n").unwrap_err().to_string();
    assert!(e.contains("line 1") && e.contains("rook"), "{e}");
}
