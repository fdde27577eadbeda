//! KIF reading and writing: the fixtures (files as Kifu for Windows, ShogiHome and Kifu
//! for JS write them, see fixtures/kif/PROVENANCE.md), error lines and columns, random
//! write → read round trips, and a no-panic sweep over mutated files.

mod common;

use common::{
    assert_error_within, random_conditions, random_pieces, random_square, sq, sweep, usi, Mutations, Rng, Sweep,
    Truncate,
};
use yosei_core::{Color, Hand, Move, Piece, PieceKind, Setup, Square};
use yosei_io::encoding::decode_text;
use yosei_io::ki2::read_ki2;
use yosei_io::kif::{read_kif, write_kif};
use yosei_io::problem::remaining_pieces;
use yosei_io::{parse_sfen, write_sfen, Branch, Metadata, MoveLine, Problem};
use yosei_rules::{Condition, Position, RuleSet, Stipulation};

fn fixture(name: &str) -> Vec<u8> {
    let path = format!("{}/tests/fixtures/kif/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn read_fixture(name: &str) -> Problem {
    let text = decode_text(&fixture(name)).unwrap_or_else(|e| panic!("{name}: {e}"));
    read_kif(&text).unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn hand_of(text: &str) -> Hand {
    parse_sfen(&format!("9/9/9/9/9/9/9/9/9 b {text} 1"))
        .unwrap()
        .setup
        .hands[0]
}

/// Plays `moves` from `setup` under ordinary rules, asserting each is legal (the fixtures
/// are realistic: their solutions are real).
fn assert_legal_line(setup: &Setup, moves: &[Move]) {
    let rules = RuleSet::ordinary();
    let mut pos = Position::from_setup(setup, &rules).unwrap_or_else(|e| panic!("{e}"));
    for &m in moves {
        assert!(
            pos.is_legal(m, &rules),
            "{m} is not legal in {}",
            write_sfen(&pos.to_setup())
        );
        pos.play_in_place(m);
    }
}

#[test]
fn shift_jis_tsume_with_crlf_funari_and_dou() {
    let p = read_fixture("tsume-sjis.kif");
    assert_eq!(write_sfen(&p.setup), "8k/8g/8G/4p4/6N2/9/9/9/9 b G2r2bg4s3n4l17p 1");
    assert_eq!(p.meta.title.as_deref(), Some("桂の不成"));
    assert_eq!(p.meta.author.as_deref(), Some("詰棋太郎"));
    assert_eq!(p.meta.source.as_deref(), Some("yosei テスト集"));
    assert_eq!(p.meta.date.as_deref(), Some("2024/05"));
    // 手合割 is kept, without Kifu for Windows' padding.
    assert_eq!(p.meta.other, vec![("手合割".to_string(), "平手".to_string())]);
    assert_eq!(p.meta.comments, vec!["２三桂成では王手にならない。".to_string()]);
    assert_eq!(p.stipulation, Some(Stipulation::Tsume { length: Some(3) }));
    assert!(p.conditions.is_empty());
    assert_eq!(usi(&p.moves.moves), ["3e2c", "1b2c", "G*1b"]);
    assert_eq!(p.moves.end.as_deref(), Some("詰み"));
    assert!(p.moves.branches.is_empty());
    assert_eq!(p.moves.comments, vec![None, None, None]);
    assert_legal_line(&p.setup, &p.moves.moves);
}

#[test]
fn half_width_colons_remaining_pieces_and_dou_without_space() {
    let bytes = fixture("tsume-halfwidth-utf8.kif");
    assert!(bytes.starts_with(b"\xEF\xBB\xBF"), "the fixture has a BOM");
    let p = read_fixture("tsume-halfwidth-utf8.kif");
    // 残り全部: everything not on the board nor in Black's hand (G, S).
    assert_eq!(write_sfen(&p.setup), "9/8k/6B2/2n6/9/9/9/9/9 b GS2rb3g3s3n4l18p 1");
    assert_eq!(
        *p.setup.hand(Color::White),
        remaining_pieces(&p.setup, Color::White).unwrap()
    );
    assert_eq!(p.meta.title.as_deref(), Some("銀の捨て駒"));
    assert_eq!(p.meta.author.as_deref(), Some("詰棋花子"));
    assert_eq!(p.meta.other, vec![("手合割".to_string(), "詰将棋".to_string())]);
    assert_eq!(p.stipulation, Some(Stipulation::Tsume { length: Some(3) }));
    assert_eq!(usi(&p.moves.moves), ["S*2a", "1b2a", "G*2b"]);
    assert_eq!(p.moves.end.as_deref(), Some("詰み"));
    assert_legal_line(&p.setup, &p.moves.moves);
}

#[test]
fn game_with_nested_variations() {
    let p = read_fixture("game-variations.kifu");
    assert_eq!(p.setup, yosei_io::startpos());
    assert_eq!(p.meta.date.as_deref(), Some("2024/03/01(金) 10:00:00"));
    let other: Vec<(&str, &str)> = p.meta.other.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
    assert_eq!(
        other,
        [
            ("棋戦", "練習対局"),
            ("手合割", "平手"),
            ("先手", "先手太郎"),
            ("後手", "後手次郎")
        ]
    );
    assert_eq!(p.meta.comments, vec!["対局前コメント".to_string()]);
    assert_eq!(p.stipulation, None);
    let main = &p.moves;
    assert_eq!(usi(&main.moves), ["7g7f", "3c3d", "8h2b+", "3a2b", "B*4e"]);
    assert_eq!(main.end.as_deref(), Some("中断"));
    assert_eq!(main.comments[2].as_deref(), Some("角交換"));
    // Stored by move: two alternatives to move 2 (in file order), one to move 4.
    let ats: Vec<usize> = main.branches.iter().map(|b| b.at).collect();
    assert_eq!(ats, [1, 1, 3]);
    let b84 = &main.branches[0].line;
    assert_eq!(usi(&b84.moves), ["8c8d", "2g2f", "8d8e"]);
    assert_eq!(b84.branches.len(), 1);
    assert_eq!(b84.branches[0].at, 1);
    assert_eq!(usi(&b84.branches[0].line.moves), ["7i6h"]);
    assert_eq!(usi(&main.branches[1].line.moves), ["4a3b"]);
    let b4 = &main.branches[2].line;
    assert_eq!(usi(&b4.moves), ["8b2b", "B*5e"]);
    assert_eq!(b4.comments[1].as_deref(), Some("両取り"));
    assert_legal_line(&p.setup, &main.moves);
}

#[test]
fn missing_white_hand_in_a_tsume_means_all_remaining_pieces() {
    let p = read_fixture("missing-gote-hand.kif");
    assert_eq!(write_sfen(&p.setup), "4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1");
    assert_eq!(usi(&p.moves.moves), ["G*5b"]);
    assert_eq!(p.moves.end.as_deref(), Some("詰み"));
    // A game record (both kings, no tsume header) without the line: White holds nothing.
    let text = "先手の持駒：歩\n  ９ ８ ７ ６ ５ ４ ３ ２ １\n+---------------------------+\n\
                | ・ ・ ・ ・v玉 ・ ・ ・ ・|一\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|二\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|三\n\
                | ・ ・ ・ ・ ・ ・ ・ ・ ・|四\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|五\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|六\n\
                | ・ ・ ・ ・ ・ ・ ・ ・ ・|七\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|八\n| ・ ・ ・ ・ 玉 ・ ・ ・ ・|九\n\
                +---------------------------+\n";
    let p = read_kif(text).unwrap();
    assert_eq!(write_sfen(&p.setup), "4k4/9/9/9/9/9/9/9/4K4 b P 1");
    // ... but with 手合割：詰将棋 it is a problem again.
    let p = read_kif(&format!("手合割：詰将棋\n{text}")).unwrap();
    assert_eq!(*p.setup.hand(Color::White), hand_of("2R2B4G4S4N4L17P"));
}

#[test]
fn fairy_rule_line_and_glyphs() {
    let p = read_fixture("fairy-annan.kifu");
    use PieceKind::*;
    let expected = [
        ((5, 1), King, Color::White),
        ((7, 3), ChessKnight, Color::Black),
        ((1, 3), Lion, Color::White),
        ((5, 4), Stone, Color::Black),
        ((8, 5), Queen, Color::Black),
        ((3, 6), Giraffe, Color::Black),
        ((5, 9), King, Color::Black),
        ((1, 9), Nightrider, Color::White),
    ];
    for ((file, rank), kind, color) in expected {
        assert_eq!(p.setup.piece_at(sq(file, rank)), Some(Piece::new(kind, color)));
    }
    assert_eq!(Square::all().filter(|&s| p.setup.piece_at(s).is_some()).count(), 8);
    assert_eq!(p.setup.hand(Color::Black).count(Grasshopper), 1);
    assert_eq!(p.setup.hand(Color::Black).count(Camel), 2);
    assert!(p.setup.hand(Color::White).is_empty());
    assert_eq!(p.setup.side_to_move, Color::White);
    assert_eq!(p.stipulation, Some(Stipulation::Help { length: Some(4) }));
    assert_eq!(p.conditions, vec![Condition::Annan]);
    assert_eq!(
        p.moves.moves,
        vec![
            Move::two_step(sq(1, 3), sq(2, 3), sq(3, 3)),
            Move::drop(Grasshopper, sq(5, 3)),
            Move::normal(sq(3, 3), sq(5, 3), false),
            Move::normal(sq(7, 3), sq(5, 2), false),
        ]
    );
}

#[test]
fn handicap_without_board() {
    let p = read_fixture("handicap.kif");
    assert_eq!(
        write_sfen(&p.setup),
        "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"
    );
    assert_eq!(usi(&p.moves.moves), ["3c3d", "7g7f", "2b7g+", "8h7g"]);
    assert_eq!(p.moves.end.as_deref(), Some("投了"));
    assert_legal_line(&p.setup, &p.moves.moves);
}

#[test]
fn every_fixture_writes_and_reads_back() {
    for name in [
        "tsume-sjis.kif",
        "tsume-halfwidth-utf8.kif",
        "game-variations.kifu",
        "missing-gote-hand.kif",
        "fairy-annan.kifu",
        "handicap.kif",
    ] {
        let p = read_fixture(name);
        let written = write_kif(&p);
        let again = read_kif(&written).unwrap_or_else(|e| panic!("{name}: {e}\n{written}"));
        assert_eq!(again, p, "{name}\n{written}");
    }
    for name in ["game.ki2u", "tsume-sjis.ki2"] {
        let p = read_ki2(&decode_text(&fixture(name)).unwrap()).unwrap();
        let written = write_kif(&p);
        assert_eq!(read_kif(&written).unwrap(), p, "{name}\n{written}");
    }
}

#[test]
fn written_kif_looks_like_kifu_for_windows() {
    let p = read_fixture("game-variations.kifu");
    let written = write_kif(&p);
    let expected = "#KIF version=2.0 encoding=UTF-8
発表年月：2024/03/01(金) 10:00:00
棋戦：練習対局
手合割：平手
先手：先手太郎
後手：後手次郎
後手の持駒：なし
  ９ ８ ７ ６ ５ ４ ３ ２ １
+---------------------------+
|v香v桂v銀v金v玉v金v銀v桂v香|一
| ・v飛 ・ ・ ・ ・ ・v角 ・|二
|v歩v歩v歩v歩v歩v歩v歩v歩v歩|三
| ・ ・ ・ ・ ・ ・ ・ ・ ・|四
| ・ ・ ・ ・ ・ ・ ・ ・ ・|五
| ・ ・ ・ ・ ・ ・ ・ ・ ・|六
| 歩 歩 歩 歩 歩 歩 歩 歩 歩|七
| ・ 角 ・ ・ ・ ・ ・ 飛 ・|八
| 香 桂 銀 金 玉 金 銀 桂 香|九
+---------------------------+
先手の持駒：なし
手数----指手---------消費時間--
*対局前コメント
   1 ７六歩(77)   ( 0:00/00:00:00)
   2 ３四歩(33)   ( 0:00/00:00:00)+
   3 ２二角成(88) ( 0:00/00:00:00)
*角交換
   4 同　銀(31)   ( 0:00/00:00:00)+
   5 ４五角打     ( 0:00/00:00:00)
   6 中断         ( 0:00/00:00:00)
まで5手で中断

変化：4手
   4 同　飛(82)   ( 0:00/00:00:00)
   5 ５五角打     ( 0:00/00:00:00)
*両取り

変化：2手
   2 ８四歩(83)   ( 0:00/00:00:00)+
   3 ２六歩(27)   ( 0:00/00:00:00)+
   4 ８五歩(84)   ( 0:00/00:00:00)

変化：3手
   3 ６八銀(79)   ( 0:00/00:00:00)

変化：2手
   2 ３二金(41)   ( 0:00/00:00:00)
";
    assert_eq!(written, expected);
}

// ---------------------------------------------------------------------------------------
// Errors: line, column and what was expected
// ---------------------------------------------------------------------------------------

const EMPTY_ROW: &str = "| ・ ・ ・ ・ ・ ・ ・ ・ ・|";

/// A tsume board with `rows` (9 unless testing a broken board), White king on 5一.
fn board_text(rows: usize) -> String {
    let mut s = String::from("  ９ ８ ７ ６ ５ ４ ３ ２ １\n+---------------------------+\n");
    for r in 0..rows {
        if r == 0 {
            s.push_str("| ・ ・ ・ ・v玉 ・ ・ ・ ・|一\n");
        } else {
            s.push_str(EMPTY_ROW);
            s.push('\n');
        }
    }
    s.push_str("+---------------------------+\n");
    s
}

/// `(text, line, column (0 = none), a word the message must contain)`.
fn bad_kif_inputs() -> Vec<(String, usize, usize, &'static str)> {
    let board = board_text(9);
    let tsume =
        |moves: &str| format!("後手の持駒：なし\n{board}先手の持駒：金\n手数----指手---------消費時間--\n{moves}");
    vec![
        // board
        (
            format!(
                "{}| ・ ・ ・ ・ ・ ・ ・ ・|\n",
                &board_text(1)[..board_text(1).len() - 30]
            ),
            4,
            18,
            "row 2 has 8 squares",
        ),
        (board_text(8), 11, 1, "frame closes after 8 rows"),
        (board_text(9).replace("+---------------------------+\n", ""), 0, 0, ""),
        (
            format!("{}{EMPTY_ROW}\n", &board_text(9)[..board_text(9).len() - 30]),
            12,
            1,
            "10th board row",
        ),
        (board.replace("v玉", "v犬"), 3, 11, "expected a piece"),
        (board.replace("|一", "|二"), 3, 21, "rank label 一"),
        (
            board.replace("v玉 ・ ・ ・ ・|一", "v玉 ・ ・ ・ ・ ・|一"),
            3,
            20,
            "more than 9 squares",
        ),
        (format!("{board}{board}"), 14, 1, "a second board"),
        // hands
        (format!("先手の持駒：金　犬\n{board}"), 1, 9, "expected a piece in hand"),
        (format!("先手の持駒：と\n{board}"), 1, 7, "cannot be in hand"),
        (format!("先手の持駒：歩六十三　歩\n{board}"), 1, 12, "at most 63"),
        (format!("先手の持駒：歩0\n{board}"), 1, 8, "count of 1 or more"),
        (format!("後手の持駒：残り全部　歩\n{board}"), 1, 7, "stands alone"),
        (
            format!("後手の持駒：残り全部\n先手の持駒：残り全部\n{board}"),
            2,
            0,
            "both hands",
        ),
        (
            format!("後手の持駒：残り全部\n先手の持駒：飛三\n{board}"),
            1,
            0,
            "3 pieces of kind rook",
        ),
        (
            format!("先手の持駒：金\n先手の持駒：金\n{board}"),
            2,
            1,
            "a second hand line",
        ),
        (format!("先手の持駒金\n{board}"), 1, 6, "expected '：' after 持駒"),
        // header
        ("ルール：安南ばか詰xyz\n".to_string(), 1, 10, "unknown rule word"),
        ("手数：十一\n".to_string(), 1, 4, "expected the number of moves"),
        ("手数：0\n".to_string(), 1, 4, "at least 1"),
        ("手数：3\n手数：5\n".to_string(), 2, 1, "a second 手数"),
        ("手合割：詰将棋\n".to_string(), 1, 0, "needs a board"),
        ("手合割：三枚落ち\n".to_string(), 1, 0, "unknown 手合割"),
        ("作品名：x\nこれは何\n".to_string(), 2, 1, "unrecognized line"),
        // moves
        (
            tsume("   1 ５二金打\n   3 ５一玉(52)\n"),
            17,
            4,
            "expected move number 2, found 3",
        ),
        (tsume("   2 ５二金打\n"), 16, 4, "expected move number 1, found 2"),
        (tsume("   1 ５二金\n"), 16, 9, "'打' (drop) or the origin"),
        (tsume("   1 同　金(58)\n"), 16, 6, "needs a previous move"),
        (tsume("   1 ５二犬打\n"), 16, 8, "piece name"),
        (tsume("   1 反則手\n"), 16, 6, "or an end word"),
        (
            tsume("   1 ５二金打 ( 0:00/00:00:00) x\n"),
            16,
            11,
            "the end of the move",
        ),
        (tsume("   1 詰み\n   2 ５二金打\n"), 17, 4, "after the end of its line"),
        (tsume("   1x５二金打\n"), 16, 5, "a space after the move number"),
        (tsume("変化：1手\n"), 16, 4, "has no move 1 (it has no moves)"),
        (
            tsume("   1 ５二金打\n変化：3手\n"),
            17,
            4,
            "has no move 3 (it has moves up to 1)",
        ),
        (tsume("   1 ５二金打\n変化：\n"), 17, 4, "the number of the move"),
        (tsume("   1 ５二金打\n変化3手\n"), 17, 3, "expected '：' after 変化"),
        (tsume("   1 ５二金打\n作者：x\n"), 17, 1, "after the moves began"),
        (
            tsume("   1 ５二金打\n先手の持駒：金\n"),
            17,
            1,
            "describes the position",
        ),
        (tsume("   1 ５二金打\n▲５一玉\n"), 17, 1, "expected a numbered move"),
        ("変化：2手\n".to_string(), 1, 1, "before any move"),
    ]
}

#[test]
fn bad_kif_inputs_report_their_line_and_column() {
    for (text, line, column, needle) in bad_kif_inputs() {
        let err = match read_kif(&text) {
            Ok(p) if line == 0 => {
                // Accepted on purpose (a board without frames): only checked to read.
                assert_eq!(
                    p.setup.piece_at(sq(5, 1)),
                    Some(Piece::new(PieceKind::King, Color::White))
                );
                continue;
            }
            Ok(p) => panic!("{text:?} was accepted: {p:?}"),
            Err(err) => err,
        };
        println!("{text:?}\n    {err}");
        let column_ok = if column == 0 { true } else { err.column == Some(column) };
        assert!(
            err.line == line && column_ok && err.message.contains(needle),
            "{text:?}: got `{err}`, expected line {line}, column {column} and {needle:?}"
        );
    }
}

#[test]
fn rule_line_error_column_is_in_the_line() {
    // `ルール：` is 4 characters, so the phrase's 6th character is the line's 10th.
    let err = read_kif("ルール：安南ばか詰xyz\n").unwrap_err();
    assert_eq!((err.line, err.column), (1, Some(10)));
    let err = read_kif("作品名：a\nルール:  安南xx\n").unwrap_err();
    assert_eq!((err.line, err.column), (2, Some(9)), "{err}");
}

#[test]
fn shift_jis_errors_name_the_line() {
    let mut bytes = "作品名：テスト\r\n作者：".encode_utf8_via_sjis();
    bytes.extend_from_slice(b"\x81\x20\r\n");
    let err = decode_text(&bytes).unwrap_err();
    assert_eq!(err.line, 2, "{err}");
    assert!(err.message.contains("Shift_JIS"), "{err}");
}

/// Encodes the (ASCII or kana/kanji) test text to Shift_JIS by a small table, enough for
/// the strings used here.
trait SjisForTests {
    fn encode_utf8_via_sjis(&self) -> Vec<u8>;
}

impl SjisForTests for str {
    fn encode_utf8_via_sjis(&self) -> Vec<u8> {
        yosei_io::encoding::encode_shift_jis(self).expect("encodable")
    }
}

// ---------------------------------------------------------------------------------------
// Round trips
// ---------------------------------------------------------------------------------------

const TEXTS: &[&str] = &[
    "",
    "詰将棋",
    "看寿 2003.DIA #56",
    "a:b：c",
    "岡村孝雄",
    "詰パラ 2003年11月号 P.19",
    "１２３",
    "Ｑ＆Ａ",
    "x*y",
];
const KEYS: &[&str] = &[
    "先手",
    "後手",
    "棋戦",
    "備考",
    "場所",
    "手合割",
    "作品番号",
    "受賞",
    "Opus",
    "９",
];
const COMMENTS: &[&str] = &[
    "",
    " 先頭に空白",
    "*二重",
    "同　歩は詰まない",
    "# not a program comment",
    "line one",
];

fn random_text(rng: &mut Rng) -> String {
    rng.pick(TEXTS).to_string()
}

fn random_setup(rng: &mut Rng) -> Setup {
    let mut setup = random_pieces(rng, 60, 50);
    setup.side_to_move = rng.pick(&Color::ALL);
    setup.move_number = if rng.chance(80) {
        1
    } else {
        1 + rng.below(100_000) as u32
    };
    setup
}

fn random_move(rng: &mut Rng) -> Move {
    let to = random_square(rng);
    let m = match rng.below(6) {
        0 => return Move::drop(rng.pick(&PieceKind::HAND_KINDS), to),
        1 => Move::two_step(random_square(rng), random_square(rng), to),
        _ => Move::normal(random_square(rng), to, rng.chance(40)),
    };
    if rng.chance(15) {
        m.with_extra(random_square(rng))
    } else {
        m
    }
}

const ENDS: &[&str] = &[
    "詰み",
    "投了",
    "中断",
    "千日手",
    "持将棋",
    "不詰",
    "反則勝ち",
    "反則負け",
    "時間切れ",
    "先手の入玉",
];

/// A random line of syntactic moves with comments and nested variations, in the form
/// the reader produces: variations sorted by move, none of a variation's first move
/// inside that variation (they are stored beside it), none empty.
fn random_line(rng: &mut Rng, depth: usize, top: bool) -> MoveLine {
    let n = rng.below(7) + usize::from(!top);
    let moves: Vec<Move> = (0..n).map(|_| random_move(rng)).collect();
    let comments = (0..n)
        .map(|_| {
            rng.chance(20).then(|| {
                let mut c = rng.pick(COMMENTS).to_string();
                if rng.chance(30) {
                    c.push('\n');
                    c.push_str(rng.pick(COMMENTS));
                }
                c
            })
        })
        .collect();
    let end = rng.chance(40).then(|| rng.pick(ENDS).to_string());
    let mut line = MoveLine {
        moves,
        comments,
        branches: Vec::new(),
        end,
    };
    if depth > 0 {
        let first = usize::from(!top);
        let last = if line.end.is_some() { n } else { n.saturating_sub(1) };
        for _ in 0..rng.below(3) {
            if first > last || (first == last && line.end.is_none() && n == 0) {
                break;
            }
            let at = first + rng.below(last - first + 1);
            if at == n && line.end.is_none() {
                continue;
            }
            let mut branch = random_line(rng, depth - 1, false);
            if branch.moves.is_empty() && branch.end.is_none() {
                branch.end = Some("投了".to_string());
            }
            line.branches.push(Branch { at, line: branch });
        }
        line.branches.sort_by_key(|b| b.at);
    }
    line
}

fn random_problem(rng: &mut Rng) -> Problem {
    let conditions = random_conditions(rng, 3);
    let n = 1 + rng.below(200) as u32;
    let length = rng.chance(60).then_some(n);
    let stipulation = match rng.below(9) {
        0 if conditions.is_empty() => None,
        0 | 1 => Some(Stipulation::Tsume { length: Some(n) }),
        2 => Some(Stipulation::Help { length }),
        3 => Some(Stipulation::HelpSelf { length }),
        4 => Some(Stipulation::SelfMate {
            length: length.unwrap_or(0),
        }),
        5 => Some(Stipulation::MateIn {
            length: length.unwrap_or(0),
        }),
        6 => Some(Stipulation::HelpStale { length }),
        7 => Some(Stipulation::Sequence {
            length: length.unwrap_or(0),
        }),
        _ => Some(Stipulation::Cycle {
            length: length.unwrap_or(0),
        }),
    };
    let option = |rng: &mut Rng| rng.chance(50).then(|| random_text(rng));
    let meta = Metadata {
        title: option(rng),
        author: option(rng),
        source: option(rng),
        date: option(rng),
        other: (0..rng.below(4))
            .map(|_| (rng.pick(KEYS).to_string(), random_text(rng)))
            .collect(),
        comments: (0..rng.below(3)).map(|_| rng.pick(COMMENTS).to_string()).collect(),
    };
    Problem {
        setup: random_setup(rng),
        stipulation,
        target: None,
        conditions,
        pieces: Vec::new(),
        options: Default::default(),
        meta,
        moves: random_line(rng, 3, true),
    }
}

#[test]
fn random_problems_round_trip() {
    let mut rng = Rng(0x5EED_0B1F);
    for _ in 0..3000 {
        let problem = random_problem(&mut rng);
        let written = write_kif(&problem);
        let read = read_kif(&written).unwrap_or_else(|e| panic!("{e}\n{written}"));
        assert_eq!(read.setup, problem.setup, "{written}");
        assert_eq!(read.meta, problem.meta, "{written}");
        assert_eq!(read.stipulation, problem.stipulation, "{written}");
        assert_eq!(read.conditions, problem.conditions, "{written}");
        assert_eq!(read.moves, problem.moves, "{written}");
        assert_eq!(read, problem, "{written}");
    }
}

// ---------------------------------------------------------------------------------------
// Robustness
// ---------------------------------------------------------------------------------------

const NOISE: &[char] = &[
    '▲', '△', '同', '　', ' ', ' ', '\n', '\n', '歩', '金', '玉', '獅', '右', '上', '成', '不', '打', '(', ')', ',',
    '/', '|', 'v', '・', '：', ':', '*', '+', '-', '変', '化', '手', 'ま', 'で', '1', '9', '９', '一', '十', '残',
    'り', '全', '部', '#', '&', '\u{feff}', 'é', '😀', '\u{0}', '\r',
];

/// Whatever the input, the readers return; an error names a line of the input (and a
/// column within it); anything KIF accepts writes and reads back to the same problem,
/// and anything KI2 accepts does so too in KI2.
fn check_robust(text: &str) {
    // Lines as the readers count them: any of CR LF, LF, CR ends one.
    let normalized = text.replace("\r\n", "\n").replace('\r', "\n");
    for (format, result) in [("kif", read_kif(text)), ("ki2", read_ki2(text))] {
        match result {
            Ok(problem) => {
                if format == "kif" {
                    let written = write_kif(&problem);
                    let again = read_kif(&written).unwrap_or_else(|e| panic!("{text:?}\n{written}\n{e}"));
                    assert_eq!(again, problem, "{text:?}\n{written}");
                } else {
                    let written = yosei_io::ki2::write_ki2(&problem).unwrap_or_else(|e| panic!("{text:?}: {e}"));
                    let again = read_ki2(&written).unwrap_or_else(|e| panic!("{text:?}\n{written}\n{e}"));
                    assert_eq!(again, problem, "{text:?}\n{written}");
                }
            }
            Err(err) => assert_error_within(&normalized, &err, &format!("{format} {text:?}")),
        }
    }
}

#[test]
fn mutated_and_random_inputs_never_panic() {
    let mut seeds: Vec<String> = [
        "tsume-sjis.kif",
        "tsume-halfwidth-utf8.kif",
        "game-variations.kifu",
        "missing-gote-hand.kif",
        "fairy-annan.kifu",
        "game.ki2u",
        "tsume-sjis.ki2",
        "handicap.kif",
    ]
    .iter()
    .map(|name| decode_text(&fixture(name)).unwrap())
    .collect();
    seeds.push(write_kif(&read_fixture("game-variations.kifu")));
    let mutations = Mutations {
        truncate: Truncate::ToThreeQuarters,
        copy_lines: true,
        ..Mutations::of(NOISE)
    };
    let plan = Sweep {
        garbage_every: 20,
        garbage_len: 200,
        garbage: |bytes| match decode_text(bytes) {
            Ok(text) => Some(text),
            Err(err) => {
                assert!(err.line >= 1);
                None
            }
        },
        ..Sweep::new(30_000, mutations)
    };
    let mut accepted = [0usize; 2];
    sweep(&mut Rng(0x5EED_0B20), &seeds, &plan, |text, rng, round| {
        check_robust(text);
        accepted[0] += usize::from(read_kif(text).is_ok());
        accepted[1] += usize::from(read_ki2(text).is_ok());
        // The bytes of the text in Shift_JIS, mutated, through the decoder.
        if round % 10 == 0 {
            if let Some(mut bytes) = yosei_io::encoding::encode_shift_jis(text) {
                if !bytes.is_empty() {
                    let at = rng.below(bytes.len());
                    bytes[at] = rng.next_u64() as u8;
                }
                if let Ok(decoded) = decode_text(&bytes) {
                    check_robust(&decoded);
                }
            }
        }
    });
    println!("accepted: KIF {}, KI2 {}", accepted[0], accepted[1]);
    assert!(accepted[0] > 300 && accepted[1] > 100, "{accepted:?}");
}

#[test]
fn deep_nesting_is_refused_not_overflowed() {
    // Each variation varies the previous one's second move: a chain as deep as the file
    // is long. 201 levels are refused with an error (no stack overflow anywhere).
    let mut text = String::from("手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ３四歩(33)\n");
    for k in 2..=202 {
        text.push_str(&format!("変化：{k}手\n{k:>4} ７六歩(77)\n{:>4} ３四歩(33)\n", k + 1));
    }
    let err = read_kif(&text).unwrap_err();
    assert!(err.message.contains("nested more than 200"), "{err}");
    // 200 levels read, write and read back.
    let cut: String = text.lines().take(2 + 2 + 3 * 200).map(|l| format!("{l}\n")).collect();
    let p = read_kif(&cut).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(read_kif(&write_kif(&p)).unwrap(), p);
}

#[test]
fn rule_phrases_read_back() {
    let problem = Problem {
        setup: yosei_io::startpos(),
        stipulation: Some(Stipulation::Tsume { length: Some(5) }),
        conditions: vec![Condition::UchifuSimple],
        ..Default::default()
    };
    let written = write_kif(&problem);
    assert!(written.contains("ルール：単純打歩\n"), "{written}");
    assert!(written.contains("手数：5\n"), "{written}");
    assert_eq!(read_kif(&written).unwrap(), problem);
    let problem = Problem {
        stipulation: Some(Stipulation::Help { length: Some(7) }),
        conditions: vec![Condition::Annan],
        ..problem
    };
    let written = write_kif(&problem);
    assert!(written.contains("ルール：安南ばか詰\n"), "{written}");
    assert_eq!(read_kif(&written).unwrap(), problem);
}
