//! SFEN and USI move reading and writing: examples, error columns, random round trips
//! and a no-panic sweep over mutated inputs.

mod common;

use common::{random_move, random_pieces, setup_of, sq, sweep, MoveMix, Mutations, Rng, Sweep};
use yosei_core::{Color, Move, Piece, PieceKind, Setup};
use yosei_io::{
    parse_sfen, parse_usi_move, startpos, write_sfen, write_usi_move, SfenRecord, SyntaxError, STARTPOS_SFEN,
};

#[test]
fn startpos_round_trip() {
    let setup = setup_of(STARTPOS_SFEN);
    assert_eq!(
        write_sfen(&setup),
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"
    );
    assert_eq!(setup, startpos());
    assert_eq!(
        setup.piece_at(sq(5, 9)),
        Some(Piece::new(PieceKind::King, Color::Black))
    );
    assert_eq!(
        setup.piece_at(sq(2, 2)),
        Some(Piece::new(PieceKind::Bishop, Color::White))
    );
    assert_eq!(
        setup.piece_at(sq(8, 8)),
        Some(Piece::new(PieceKind::Bishop, Color::Black))
    );
    let prefixed = [
        "startpos".to_string(),
        "position startpos".to_string(),
        format!("sfen {STARTPOS_SFEN}"),
        format!("position sfen {STARTPOS_SFEN}"),
    ];
    for text in &prefixed {
        assert_eq!(setup_of(text), setup, "{text}");
    }
}

#[test]
fn whitespace_around_and_between_fields_is_accepted() {
    let text = format!("  \tsfen   {}\r\n", STARTPOS_SFEN.replace(' ', "  "));
    assert_eq!(setup_of(&text), startpos());
}

#[test]
fn position_startpos_moves() {
    let record = parse_sfen("position startpos moves 7g7f 3c3d").unwrap();
    assert_eq!(record.setup, startpos());
    assert_eq!(
        record.moves,
        vec![
            Move::normal(sq(7, 7), sq(7, 6), false),
            Move::normal(sq(3, 3), sq(3, 4), false),
        ]
    );
    let record = parse_sfen(&format!("sfen {STARTPOS_SFEN} moves 2g2f 8c8d 2f2e")).unwrap();
    assert_eq!(record.moves.len(), 3);
    let record = parse_sfen("startpos moves").unwrap();
    assert_eq!(
        record,
        SfenRecord {
            setup: startpos(),
            moves: vec![]
        }
    );
}

#[test]
fn missing_move_number_defaults_to_one() {
    let setup = setup_of("4k4/9/9/9/9/9/9/9/4K4 w G");
    assert_eq!(setup.move_number, 1);
    assert_eq!(setup.side_to_move, Color::White);
    assert_eq!(setup.hand(Color::Black).count(PieceKind::Gold), 1);
    assert_eq!(write_sfen(&setup), "4k4/9/9/9/9/9/9/9/4K4 w G 1");
    // ... also before a move list.
    let record = parse_sfen("4k4/9/9/9/9/9/9/9/4K4 b G moves G*5b").unwrap();
    assert_eq!(record.setup.move_number, 1);
    assert_eq!(record.moves, vec![Move::drop(PieceKind::Gold, sq(5, 2))]);
    assert_eq!(setup_of("4k4/9/9/9/9/9/9/9/4K4 b - 123").move_number, 123);
}

#[test]
fn fairy_letters_and_promoted_pieces() {
    use PieceKind::*;
    let text = "ihjqtczfv/xad6/9/9/4O4/9/9/IHJQTCZFV/XAD1o+p+R2 w Q2cd 7";
    let setup = setup_of(text);
    let fairies = [
        Lion,
        Phoenix,
        Kirin,
        Queen,
        ChessKnight,
        Camel,
        Zebra,
        Giraffe,
        FiveLeaper,
    ];
    for (i, &kind) in fairies.iter().enumerate() {
        let file = 9 - i as i32;
        assert_eq!(setup.piece_at(sq(file, 1)), Some(Piece::new(kind, Color::White)));
        assert_eq!(setup.piece_at(sq(file, 8)), Some(Piece::new(kind, Color::Black)));
    }
    let expected = [
        ((9, 2), Root50Leaper, Color::White),
        ((8, 2), Grasshopper, Color::White),
        ((7, 2), Nightrider, Color::White),
        ((5, 5), Stone, Color::Black),
        ((9, 9), Root50Leaper, Color::Black),
        ((5, 9), Stone, Color::White),
        ((4, 9), ProPawn, Color::White),
        ((3, 9), Dragon, Color::Black),
    ];
    for ((file, rank), kind, color) in expected {
        assert_eq!(setup.piece_at(sq(file, rank)), Some(Piece::new(kind, color)));
    }
    assert_eq!(setup.piece_at(sq(6, 9)), None);
    assert_eq!(setup.piece_at(sq(1, 9)), None);
    assert_eq!(setup.hand(Color::Black).count(Queen), 1);
    assert_eq!(setup.hand(Color::White).count(Camel), 2);
    assert_eq!(setup.hand(Color::White).count(Nightrider), 1);
    assert_eq!(setup.side_to_move, Color::White);
    assert_eq!(setup.move_number, 7);
    assert_eq!(write_sfen(&setup), text);
}

#[test]
fn fm_zoo_pieces_are_bracketed_codes() {
    use PieceKind::*;
    // every fm piece past the alphabet, Black's from rank 9 and White's from rank 1 in
    // kind order (nine a rank), and in hands: the leapers, riders and hoppers, then the
    // chu, tori and dai shogi pieces
    let zoo = "[wa][da][tl][fe][al][tr][fl][r4][r6]/[cr][zr][em][pr][ma][mo][sh][pa][va]/[le][li][ro][rs][sp][ea][ne][lo]1/9/9/9/\
               [LE][LI][RO][RS][SP][EA][NE][LO]1/[CR][ZR][EM][PR][MA][MO][SH][PA][VA]/[WA][DA][TL][FE][AL][TR][FL][R4][R6] b \
               2[EM][PR][r6] 1";
    let chu = "[sz][mk][do][mh][cn][hn][jg][og][he]/[hr][hg][hc][kg][hk]4/9/9/9/9/9/\
               [HR][HG][HC][KG][HK]4/[SZ][MK][DO][MH][CN][HN][JG][OG][HE] w [SZ]2[HK][og] 3";
    let tori =
        "[ttr][tkj][tlu][tru][ttk][tkt][tkr]2/9/9/9/9/9/9/9/[TTR][TKJ][TLU][TRU][TTK][TKT][TKR]2 b 3[TKR][ttr] 1";
    let dai = "[dhr][dmg][dsc][dmj][dbj]4/9/9/9/9/9/9/9/[DHR][DMG][DSC][DMJ][DBJ]4 b [DBJ] 1";
    // (SFEN, its kinds in board order, a kind dropped in USI)
    let cases = [
        (zoo, 0..26, Wazir),
        (chu, 26..40, Whale),
        (tori, 40..47, LeftQuail),
        (dai, 47..52, FierceOx),
    ];
    for (text, kinds, dropped) in cases {
        let setup = setup_of(text);
        for (i, &kind) in PieceKind::FM_ZOO_KINDS[kinds].iter().enumerate() {
            let (file, rank) = (9 - (i % 9) as i32, 1 + (i / 9) as i32);
            assert_eq!(setup.piece_at(sq(file, rank)), Some(Piece::new(kind, Color::White)));
            assert_eq!(
                setup.piece_at(sq(file, 10 - rank)),
                Some(Piece::new(kind, Color::Black))
            );
        }
        assert_eq!(write_sfen(&setup), text);
        let usi = format!("{}*5e", dropped.sfen_name());
        assert_eq!(parse_usi_move(&usi), Ok(Move::drop(dropped, sq(5, 5))));
        assert_eq!(write_usi_move(Move::drop(dropped, sq(5, 5))), usi);
    }
    let held = |text, color, kind| setup_of(text).hand(color).count(kind);
    assert_eq!(held(zoo, Color::Black, Empress), 2);
    assert_eq!(held(zoo, Color::Black, Princess), 1);
    assert_eq!(held(zoo, Color::White, Root65Leaper), 1);
    assert_eq!(held(chu, Color::Black, WhiteHorse), 2);
    assert_eq!(held(chu, Color::White, SideMover), 1);
    assert_eq!(held(tori, Color::Black, Goose), 3);
    assert_eq!(held(tori, Color::White, Crane), 1);
}

#[test]
fn bad_bracketed_codes_are_refused() {
    for (text, column, needle) in [
        (
            "[XX]8/9/9/9/9/9/9/9/9 b - 1",
            1,
            "\"[XX]\", which is not a bracketed piece code",
        ),
        (
            "[Wa]8/9/9/9/9/9/9/9/9 b - 1",
            1,
            "\"[Wa]\", which is not a bracketed piece code",
        ),
        ("[WA8/9/9/9/9/9/9/9/9 b - 1", 1, "not a bracketed piece code"),
        ("9/9/9/9/9/9/9/9/9 b [WA 1", 21, "expected a piece letter or a count"),
    ] {
        assert_refused(text, parse_sfen(text).map(|r| r.setup), column, needle);
    }
    for text in ["[wa]*5e", "[XX]*5e", "[WA*5e", "[WA]5e"] {
        assert!(parse_usi_move(text).is_err(), "{text}");
    }
}

#[test]
fn every_promoted_letter() {
    let setup = setup_of("+P+L+N+S+B+R+p+l+n/+s+b+r6/9/9/9/9/9/9/9 b - 1");
    let kinds: Vec<(PieceKind, Color)> = (1..=9)
        .rev()
        .map(|file| sq(file, 1))
        .chain([sq(9, 2), sq(8, 2), sq(7, 2)])
        .map(|s| {
            let piece = setup.piece_at(s).unwrap();
            (piece.kind, piece.color)
        })
        .collect();
    use PieceKind::*;
    let promoted = [ProPawn, ProLance, ProKnight, ProSilver, Horse, Dragon];
    let black = promoted.iter().map(|&k| (k, Color::Black));
    let white = promoted.iter().map(|&k| (k, Color::White));
    assert_eq!(kinds, black.chain(white).collect::<Vec<_>>());
}

#[test]
fn hands() {
    let empty_board = "9/9/9/9/9/9/9/9/9 b";
    let cases = [
        ("2P10p", "2P10p"),
        ("RBG2S", "RBG2S"),
        ("S2GBR", "RB2GS"),
        ("PP2P", "4P"),
        ("p2Pl", "2Plp"),
        ("63P", "63P"),
        ("IHJQTCZFVXAD", "IHJQTCZFVXAD"),
        ("dax", "xad"),
        ("PI", "PI"),
        ("-", "-"),
        ("2r2b4g4s4n4l18p", "2r2b4g4s4n4l18p"),
    ];
    for (hand, canonical) in cases {
        let setup = setup_of(&format!("{empty_board} {hand} 1"));
        assert_eq!(
            write_sfen(&setup),
            format!("{empty_board} {canonical} 1"),
            "hand {hand}"
        );
    }
    let setup = setup_of(&format!("{empty_board} 2P10p"));
    assert_eq!(setup.hand(Color::Black).count(PieceKind::Pawn), 2);
    assert_eq!(setup.hand(Color::White).count(PieceKind::Pawn), 10);
    let setup = setup_of(&format!("{empty_board} RBG2S"));
    let black = setup.hand(Color::Black);
    assert_eq!(black.count(PieceKind::Rook), 1);
    assert_eq!(black.count(PieceKind::Bishop), 1);
    assert_eq!(black.count(PieceKind::Gold), 1);
    assert_eq!(black.count(PieceKind::Silver), 2);
    assert_eq!(black.total(), 5);
    assert!(setup.hand(Color::White).is_empty());
}

#[test]
fn usi_moves() {
    use PieceKind::*;
    let cases = [
        ("7g7f", Move::normal(sq(7, 7), sq(7, 6), false)),
        ("2b3c+", Move::normal(sq(2, 2), sq(3, 3), true)),
        ("P*5e", Move::drop(Pawn, sq(5, 5))),
        ("Q*5e", Move::drop(Queen, sq(5, 5))),
        ("I*1a", Move::drop(Lion, sq(1, 1))),
        ("D*9i", Move::drop(Nightrider, sq(9, 9))),
        ("5e4d3c", Move::two_step(sq(5, 5), sq(4, 4), sq(3, 3))),
        ("5e4d5e", Move::two_step(sq(5, 5), sq(4, 4), sq(5, 5))),
        ("2b5e/4i", Move::normal(sq(2, 2), sq(5, 5), false).with_extra(sq(4, 9))),
        ("2b3c+/4i", Move::normal(sq(2, 2), sq(3, 3), true).with_extra(sq(4, 9))),
        (
            "5e4d3c/1a",
            Move::two_step(sq(5, 5), sq(4, 4), sq(3, 3)).with_extra(sq(1, 1)),
        ),
    ];
    for (text, m) in cases {
        assert_eq!(parse_usi_move(text), Ok(m), "{text}");
        assert_eq!(write_usi_move(m), text);
    }
    assert_eq!(parse_usi_move("  7g7f\n"), Ok(Move::normal(sq(7, 7), sq(7, 6), false)));
    for kind in PieceKind::HAND_KINDS {
        let m = Move::drop(kind, sq(3, 4));
        assert_eq!(parse_usi_move(&write_usi_move(m)), Ok(m), "{kind:?}");
    }
}

/// Asserts that `text` was refused at `column` with a message containing `needle`;
/// returns the message.
fn assert_refused<T: std::fmt::Debug>(
    text: &str,
    result: Result<T, SyntaxError>,
    column: usize,
    needle: &str,
) -> String {
    let err = match result {
        Ok(value) => panic!("{text:?} was accepted: {value:?}"),
        Err(err) => err,
    };
    let shown = err.to_string();
    // Visible with `--nocapture`, to review the wording of every message at once.
    println!("{text:?}\n    {shown}");
    assert!(
        err.column == column && shown.contains(needle),
        "{text:?}: got `{shown}`, expected column {column} and {needle:?}"
    );
    shown
}

/// `(input, column, a word the message must contain)`.
const BAD_SFEN: &[(&str, usize, &str)] = &[
    ("", 1, "expected an SFEN position"),
    ("   \n", 1, "expected an SFEN position"),
    ("sfen", 5, "expected a board"),
    ("position", 9, "'sfen' or 'startpos'"),
    ("position foo", 10, "'sfen' or 'startpos'"),
    // a rank with 8 squares, then with 10
    (
        "lnsgkgsn/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
        9,
        "rank 1 has 8",
    ),
    (
        "lnsgkgsnll/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
        10,
        "expected '/'",
    ),
    ("9/9/9/9/9/9/9/9/8 b - 1", 18, "rank 9 has 8"),
    ("9/9/9/9/9/9/9/9/9P b - 1", 18, "expected the end of the board"),
    ("9/46/9/9/9/9/9/9/9 b - 1", 4, "digit from 1 to 5"),
    ("9/0/9/9/9/9/9/9/9 b - 1", 3, "digit from 1 to 9"),
    // 8 ranks, 10 ranks
    ("9/9/9/9/9/9/9/9 b - 1", 16, "8 ranks"),
    ("9/9/9/9/9/9/9/9/9/9 b - 1", 18, "after 9 ranks"),
    // '+' before a letter that does not promote, or before nothing
    ("9/9/9/9/4+G4/9/9/9/9 b - 1", 11, "promotable"),
    ("9/9/9/9/4+I4/9/9/9/9 b - 1", 11, "promotable"),
    ("9/9/9/9/4+k4/9/9/9/9 b - 1", 11, "promotable"),
    ("9/9/9/9/4++P4/9/9/9/9 b - 1", 11, "promotable"),
    ("9/9/9/9/9/9/9/9/8+ b - 1", 19, "promotable"),
    // unknown letters
    (
        "9/9/9/9/4@4/9/9/9/9 b - 1",
        10,
        "expected a piece letter or a digit, found '@'",
    ),
    ("9/9/9/9/4#4/9/9/9/9 b - 1", 10, "found '#'"),
    ("9/9/9/9/4歩4/9/9/9/9 b - 1", 10, "found '歩'"),
    // missing and bad fields
    ("9/9/9/9/9/9/9/9/9", 18, "side to move"),
    ("9/9/9/9/9/9/9/9/9 ", 18, "side to move"),
    ("9/9/9/9/9/9/9/9/9 x - 1", 19, "'b' or 'w'"),
    ("9/9/9/9/9/9/9/9/9 bw - 1", 19, "'b' or 'w'"),
    ("9/9/9/9/9/9/9/9/9 b", 20, "pieces in hand"),
    ("9/9/9/9/9/9/9/9/9 b  \t ", 20, "pieces in hand"),
    // hands
    ("9/9/9/9/9/9/9/9/9 b K 1", 21, "never in hand"),
    ("9/9/9/9/9/9/9/9/9 b Pk 1", 22, "never in hand"),
    ("9/9/9/9/9/9/9/9/9 b O 1", 21, "never in hand"),
    ("9/9/9/9/9/9/9/9/9 b +P 1", 21, "promoted pieces are never in hand"),
    ("9/9/9/9/9/9/9/9/9 b 0P 1", 21, "count of 1 or more"),
    ("9/9/9/9/9/9/9/9/9 b 100P 1", 23, "at most 2 digits"),
    ("9/9/9/9/9/9/9/9/9 b 2 1", 22, "piece letter after the count"),
    ("9/9/9/9/9/9/9/9/9 b 64P 1", 21, "at most 63"),
    ("9/9/9/9/9/9/9/9/9 b 60P3PP 1", 26, "at most 63"),
    ("9/9/9/9/9/9/9/9/9 b P-", 22, "'-' stands alone"),
    ("9/9/9/9/9/9/9/9/9 b -- 1", 21, "'-' stands alone"),
    ("9/9/9/9/9/9/9/9/9 b P? 1", 22, "found '?'"),
    ("9/9/9/9/9/9/9/9/9 b @ 1", 21, "found '@'"),
    // move number and what follows
    ("9/9/9/9/9/9/9/9/9 b - x", 23, "move number or 'moves'"),
    ("9/9/9/9/9/9/9/9/9 b - -1", 23, "move number"),
    ("9/9/9/9/9/9/9/9/9 b - +1", 23, "move number"),
    ("9/9/9/9/9/9/9/9/9 b - 1x", 24, "digit of the move number"),
    ("9/9/9/9/9/9/9/9/9 b - 99999999999", 23, "at most 4294967295"),
    ("9/9/9/9/9/9/9/9/9 b - 1 2", 25, "'moves' or the end"),
    ("9/9/9/9/9/9/9/9/9 b - 1 move 7g7f", 25, "'moves' or the end"),
    ("startpos 7g7f", 10, "'moves' or the end"),
    ("startpos moves 7g7f 3c3", 24, "rank letter"),
    ("startpos moves 7g7f k*5e", 21, "droppable"),
    ("position startpos moves 7g7f 7g7f7", 35, "rank letter"),
];

#[test]
fn bad_sfen_inputs_report_their_column() {
    for &(text, column, needle) in BAD_SFEN {
        let shown = assert_refused(text, parse_sfen(text), column, needle);
        assert!(shown.starts_with(&format!("column {column}: ")), "{shown}");
        assert!(shown.contains("expected"), "{shown}");
    }
}

#[test]
fn error_display_matches_the_documented_form() {
    let err = parse_sfen("9/9/9/9/4@4/9/9/9/9 b - 1").unwrap_err();
    assert_eq!(
        err.to_string(),
        "column 10: expected a piece letter or a digit, found '@'"
    );
}

const BAD_USI: &[(&str, usize, &str)] = &[
    ("", 1, "expected a USI move"),
    ("7", 2, "rank letter"),
    ("7g", 3, "file digit"),
    ("7g7", 4, "rank letter"),
    ("0g7f", 1, "file digit from 1 to 9"),
    ("7j7f", 2, "rank letter"),
    ("7g7f++", 6, "'/' or the end of the move"),
    ("7g7f-", 5, "a third square, '+', '/'"),
    ("7g7f/", 6, "file digit"),
    ("7g7f/4i5", 8, "the end of the move"),
    ("5e4d3c++", 8, "'/' or the end of the move"),
    ("5e4d3c3", 7, "'+', '/' or the end of the move"),
    ("P5e", 2, "'*'"),
    ("p*5e", 1, "upper-case droppable"),
    ("K*5e", 1, "upper-case droppable"),
    ("O*5e", 1, "upper-case droppable"),
    ("@*5e", 1, "piece letter of a drop"),
    ("P*5e+", 5, "a drop neither promotes nor captures"),
    ("P*5e/4i", 5, "the end of the move"),
    ("*5e", 1, "a square"),
    ("7g 7f", 4, "expected the end of the input"),
    ("歩7g7f", 1, "found '歩'"),
    ("7g歩7f", 3, "file digit"),
];

#[test]
fn bad_usi_moves_report_their_column() {
    for &(text, column, needle) in BAD_USI {
        assert_refused(text, parse_usi_move(text), column, needle);
    }
}

fn random_setup(rng: &mut Rng) -> Setup {
    let mut setup = random_pieces(rng, 101, 60);
    setup.side_to_move = rng.pick(&Color::ALL);
    setup.move_number = match rng.below(4) {
        0 => 1,
        1 => rng.below(1000) as u32,
        2 => u32::MAX,
        _ => rng.next_u64() as u32,
    };
    setup
}

const MOVES: MoveMix = MoveMix {
    forms: 4,
    promote: 50,
    extra: 30,
};

#[test]
fn random_setups_round_trip() {
    let mut rng = Rng(0x5EED_0001);
    for _ in 0..4000 {
        let setup = random_setup(&mut rng);
        let text = write_sfen(&setup);
        let moves: Vec<Move> = (0..rng.below(5)).map(|_| random_move(&mut rng, &MOVES)).collect();
        let record = SfenRecord { setup, moves };
        // bare, and in the `position sfen … moves …` form
        assert_eq!(setup_of(&text), record.setup, "{text}");
        let line: Vec<String> = std::iter::once(format!("position sfen {text} moves"))
            .chain(record.moves.iter().map(|&m| write_usi_move(m)))
            .collect();
        let line = line.join(" ");
        assert_eq!(parse_sfen(&line).as_ref(), Ok(&record), "{line}");
    }
}

#[test]
fn random_moves_round_trip() {
    let mut rng = Rng(0x5EED_0002);
    for _ in 0..5000 {
        let m = random_move(&mut rng, &MOVES);
        let text = write_usi_move(m);
        assert_eq!(parse_usi_move(&text), Ok(m), "{text}");
    }
}

/// Characters that mutations insert: the alphabet of SFEN and USI, the confusable and
/// the multi-byte ones.
const NOISE: &[char] = &[
    '+', '+', '/', '/', '*', '-', ' ', ' ', '\t', '\n', '0', '1', '2', '5', '9', 'a', 'i', 'j', 'b', 'w', 'P', 'p',
    'K', 'k', 'O', 'I', 'x', '歩', '香', '　', 'é', '😀', '\u{0}', '\u{7f}',
];

/// Whatever the input, the readers return (no panic), an error column lies within the
/// text or just after it, and anything accepted writes back to the same value.
fn check_robust(text: &str) {
    let width = text.chars().count() + 1;
    match parse_sfen(text) {
        Ok(record) => {
            let written = write_sfen(&record.setup);
            assert_eq!(setup_of(&written), record.setup, "{text:?}");
            for &m in &record.moves {
                assert_eq!(parse_usi_move(&write_usi_move(m)), Ok(m));
            }
        }
        Err(err) => assert!((1..=width).contains(&err.column), "{text:?}: {err}"),
    }
    match parse_usi_move(text) {
        Ok(m) => assert_eq!(parse_usi_move(&write_usi_move(m)), Ok(m)),
        Err(err) => assert!((1..=width).contains(&err.column), "{text:?}: {err}"),
    }
}

#[test]
fn mutated_and_random_inputs_never_panic() {
    let seeds = [
        STARTPOS_SFEN.to_string(),
        format!("position sfen {STARTPOS_SFEN} moves 7g7f 3c3d 8h2b+"),
        "sfen ihjqtczfv/xad6/9/9/4O4/9/9/IHJQTCZFV/XAD1o+p+R2 w Q2cd 7".to_string(),
        "4k4/9/9/9/9/9/9/9/4K4 b 2P10pRBG2S".to_string(),
        "startpos moves 5e4d3c 2b5e/4i P*5e 2b3c+/4i".to_string(),
        "7g7f+".to_string(),
    ];
    let plan = Sweep {
        garbage_len: 40,
        ..Sweep::new(20_000, Mutations::of(NOISE))
    };
    let mut accepted = 0;
    sweep(&mut Rng(0x5EED_0003), &seeds, &plan, |text, _, _| {
        check_robust(text);
        accepted += usize::from(parse_sfen(text).is_ok());
    });
    println!("{accepted} of 20000 mutated inputs parsed");
    // The sweep must also exercise the success path, not only errors.
    assert!(accepted > 100, "only {accepted} mutated inputs parsed");
}
