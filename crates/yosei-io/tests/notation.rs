//! Japanese move notation: the KIF form (syntactic), the KI2 form and the short form
//! (resolved against the legal moves) — tables of cases with both colours, error
//! columns, and write → parse round trips over every legal move of many positions.

mod common;

use common::{random_move, random_square, sq, MoveMix, Rng};
use yosei_core::{Color, Move, Piece, PieceKind, Setup, Square};
use yosei_io::notation::{parse_ki2_move, parse_kif_move, parse_short_move, write_ki2_move, write_kif_move};
use yosei_io::{parse_sfen, parse_usi_move, write_sfen};
use yosei_rules::{Position, RuleSet};

fn position(sfen: &str) -> Position {
    let setup = parse_sfen(sfen).unwrap_or_else(|e| panic!("{sfen}: {e}")).setup;
    Position::from_setup(&setup, &RuleSet::ordinary()).unwrap_or_else(|e| panic!("{sfen}: {e}"))
}

fn mv(usi: &str) -> Move {
    parse_usi_move(usi).unwrap_or_else(|e| panic!("{usi}: {e}"))
}

fn square_of(usi: &str) -> Square {
    // "5b" → 52
    let mut c = usi.chars();
    let file = c.next().unwrap().to_digit(10).unwrap() as i32;
    let rank = c.next().unwrap() as i32 - 'a' as i32 + 1;
    sq(file, rank)
}

// ---------------------------------------------------------------------------------------
// KIF form
// ---------------------------------------------------------------------------------------

/// `(text, previous destination, expected USI)`.
const KIF_MOVES: &[(&str, Option<&str>, &str)] = &[
    ("７六歩(77)", None, "7g7f"),
    ("76歩(77)", None, "7g7f"),
    ("７６歩(77)", None, "7g7f"),
    ("７六歩（７７）", None, "7g7f"),
    ("▲７六歩(77)", None, "7g7f"),
    ("同　歩(77)", Some("7f"), "7g7f"),
    ("同歩(77)", Some("7f"), "7g7f"),
    ("同 金(32)", Some("2b"), "3b2b"),
    ("△同　成香(12)", Some("1a"), "1b1a"),
    ("２二角成(88)", None, "8h2b+"),
    ("２二角不成(88)", None, "8h2b"),
    ("２二角生(88)", None, "8h2b"),
    ("８七歩(86)成", None, "8f8g+"),
    ("５五角打", None, "B*5e"),
    ("同　杏(12)", Some("1a"), "1b1a"),
    ("１一成桂(23)", None, "2c1a"),
    ("１一圭(23)", None, "2c1a"),
    ("１一全(22)", None, "2b1a"),
    ("５五龍(59)", None, "5i5e"),
    ("５五竜(59)", None, "5i5e"),
    ("５五王(59)", None, "5i5e"),
    ("５五と(56)", None, "5f5e"),
    ("５五獅打", None, "I*5e"),
    ("５五Ｑ打", None, "Q*5e"),
    ("５五Q打", None, "Q*5e"),
    ("５五G打", None, "A*5e"),
    ("５五き打", None, "F*5e"),
    ("５五夜(64)", None, "6d5e"),
    ("３三獅(55,44)", None, "5e4d3c"),
    ("５五獅(55,44)", None, "5e4d5e"),
    ("３三角成(88)/４一", None, "8h3c+/4a"),
    ("３三角成(88)/41金", None, "8h3c+/4a"),
    ("同　角(88)/４九角", Some("3c"), "8h3c/4i"),
    ("５八金右(69)", None, "6i5h"),
    ("  ７六歩(77)  ", None, "7g7f"),
];

#[test]
fn kif_moves() {
    for &(text, previous, expected) in KIF_MOVES {
        let previous = previous.map(square_of);
        let m = parse_kif_move(text, previous).unwrap_or_else(|e| panic!("{text:?}: {e}"));
        assert_eq!(m.to_usi(), expected, "{text:?}");
    }
}

/// `(text, column, a word the message must contain)`.
const BAD_KIF_MOVES: &[(&str, usize, &str)] = &[
    ("", 1, "destination square"),
    ("歩(77)", 1, "destination square"),
    ("０六歩(77)", 1, "destination square"),
    ("７十歩(77)", 2, "rank from 一 to 九"),
    ("７", 2, "rank"),
    ("７六", 3, "piece name"),
    ("７六犬(77)", 3, "piece name"),
    ("７六歩", 4, "'打' (drop) or the origin"),
    ("７六歩(7)", 6, "origin's rank digit"),
    ("７六歩(07)", 5, "origin's file digit"),
    ("７六歩(77", 7, "expected ')'"),
    ("７六歩(77)x", 8, "the end of the move"),
    ("７六歩不(77)", 5, "'成' after '不'"),
    ("７六歩成打", 5, "a drop neither promotes"),
    ("７六馬打", 1, "cannot be dropped"),
    ("７六玉打", 1, "cannot be dropped"),
    ("７六石打", 1, "cannot be dropped"),
    ("７六歩打(77)", 5, "no origin"),
    ("同　歩(77)", 1, "needs a previous move"),
    ("５五歩打/４一", 5, "takes no '/square'"),
    ("３三角(88)/４", 10, "rank"),
    ("７六歩右打", 5, "a drop takes no"),
];

#[test]
fn bad_kif_moves_report_their_column() {
    for &(text, column, needle) in BAD_KIF_MOVES {
        let err = match parse_kif_move(text, None) {
            Ok(m) => panic!("{text:?} was accepted: {m}"),
            Err(err) => err,
        };
        println!("{text:?}\n    {err}");
        assert!(
            err.starts_with(&format!("column {column}: ")) && err.contains(needle),
            "{text:?}: got `{err}`, expected column {column} and {needle:?}"
        );
    }
}

#[test]
fn kif_writing() {
    use PieceKind::*;
    let black = |k| Piece::new(k, Color::Black);
    let white = |k| Piece::new(k, Color::White);
    let cases: &[(Piece, &str, Option<&str>, &str)] = &[
        (black(Pawn), "7g7f", None, "７六歩(77)"),
        (white(Silver), "3a2b", Some("2b"), "同　銀(31)"),
        (black(Bishop), "8h2b+", None, "２二角成(88)"),
        (black(Bishop), "8h2b", None, "２二角不成(88)"),
        // Out of the zone: 不成 too.
        (black(Silver), "4c5d", None, "５四銀不成(43)"),
        // No promotion possible: no 不成.
        (black(Silver), "4d5e", None, "５五銀(44)"),
        (black(Gold), "4c4b", None, "４二金(43)"),
        (black(Horse), "4c4b", None, "４二馬(43)"),
        (white(Silver), "6f6g", None, "６七銀不成(66)"),
        (white(Silver), "6d6e", None, "６五銀(64)"),
        (white(ProLance), "1b1a", Some("1a"), "同　成香(12)"),
        (black(Pawn), "B*5e", None, "５五角打"),
        (black(King), "5i5h", None, "５八玉(59)"),
        (black(Lion), "5e4d3c", None, "３三獅(55,44)"),
        (black(Bishop), "8h3c+/4a", None, "３三角成(88)/４一"),
        (white(Queen), "5e5a", None, "５一Ｑ(55)"),
    ];
    for &(piece, usi, previous, expected) in cases {
        let m = mv(usi);
        let previous = previous.map(square_of);
        let text = write_kif_move(piece, m, previous, None);
        assert_eq!(text, expected, "{usi}");
        assert_eq!(parse_kif_move(&text, previous), Ok(m), "{text}");
    }
}

#[test]
fn random_kif_moves_round_trip() {
    let mut rng = Rng(0x5EED_4B1F);
    for _ in 0..20_000 {
        let m = random_move(
            &mut rng,
            &MoveMix {
                forms: 5,
                promote: 40,
                extra: 20,
            },
        );
        let piece = Piece::new(rng.pick(&PieceKind::ALL), rng.pick(&Color::ALL));
        let previous = rng.chance(30).then_some(m.to());
        let text = write_kif_move(piece, m, previous, None);
        assert_eq!(parse_kif_move(&text, previous), Ok(m), "{text}");
    }
}

// ---------------------------------------------------------------------------------------
// KI2 form
// ---------------------------------------------------------------------------------------

/// `(position, move, previous destination, KI2)`: each relative word for both colours.
/// The golds of the first rows are the 将棋連盟's own example (５二金左上 / 寄 / 直 / 右),
/// and the White rows are the Black ones turned round.
const KI2_TABLE: &[(&str, &str, Option<&str>, &str)] = &[
    // plain
    (
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
        "7g7f",
        None,
        "▲７六歩",
    ),
    (
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2",
        "3c3d",
        None,
        "△３四歩",
    ),
    // 成, then 同 with the 同 of the previous move
    (
        "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3",
        "8h2b+",
        None,
        "▲２二角成",
    ),
    (
        "lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL w B 4",
        "3a2b",
        Some("2b"),
        "△同　銀",
    ),
    (
        "lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL w B 4",
        "8b2b",
        Some("2b"),
        "△同　飛",
    ),
    // the 連盟 golds: 左上, 寄, 直, 右 (Black), then turned round (White)
    ("8k/3G5/3GGG3/9/9/9/9/9/4K4 b - 1", "6c5b", None, "▲５二金左上"),
    ("8k/3G5/3GGG3/9/9/9/9/9/4K4 b - 1", "6b5b", None, "▲５二金寄"),
    ("8k/3G5/3GGG3/9/9/9/9/9/4K4 b - 1", "5c5b", None, "▲５二金直"),
    ("8k/3G5/3GGG3/9/9/9/9/9/4K4 b - 1", "4c5b", None, "▲５二金右"),
    ("4K4/9/9/9/9/9/3ggg3/5g3/k8 w - 1", "4g5h", None, "△５八金左上"),
    ("4K4/9/9/9/9/9/3ggg3/5g3/k8 w - 1", "4h5h", None, "△５八金寄"),
    ("4K4/9/9/9/9/9/3ggg3/5g3/k8 w - 1", "5g5h", None, "△５八金直"),
    ("4K4/9/9/9/9/9/3ggg3/5g3/k8 w - 1", "6g5h", None, "△５八金右"),
    // 上 / 寄 and 引 / 上 decide alone
    ("8k/9/9/9/9/9/9/5G3/K3G4 b - 1", "5i5h", None, "▲５八金上"),
    ("8k/9/9/9/9/9/9/5G3/K3G4 b - 1", "4h5h", None, "▲５八金寄"),
    ("8k/9/9/9/9/9/4G4/9/K4G3 b - 1", "5g5h", None, "▲５八金引"),
    ("8k/9/9/9/9/9/4G4/9/K4G3 b - 1", "4i5h", None, "▲５八金上"),
    ("k3g4/5g3/9/9/9/9/9/9/8K w - 1", "5a5b", None, "△５二金上"),
    ("k3g4/5g3/9/9/9/9/9/9/8K w - 1", "4b5b", None, "△５二金寄"),
    ("k4g3/9/4g4/9/9/9/9/9/8K w - 1", "5c5b", None, "△５二金引"),
    ("k4g3/9/4g4/9/9/9/9/9/8K w - 1", "4a5b", None, "△５二金上"),
    // 右 / 左 for two golds moving up
    ("8k/9/9/9/9/9/9/9/K2G1G3 b - 1", "6i5h", None, "▲５八金左"),
    ("8k/9/9/9/9/9/9/9/K2G1G3 b - 1", "4i5h", None, "▲５八金右"),
    ("3g1g2k/9/9/9/9/9/9/9/K8 w - 1", "6a5b", None, "△５二金右"),
    ("3g1g2k/9/9/9/9/9/9/9/K8 w - 1", "4a5b", None, "△５二金左"),
    // silvers: 右引, 上, 左
    ("8k/9/9/9/9/9/3S1S3/9/K4S3 b - 1", "4g5h", None, "▲５八銀右引"),
    ("8k/9/9/9/9/9/3S1S3/9/K4S3 b - 1", "4i5h", None, "▲５八銀上"),
    ("8k/9/9/9/9/9/3S1S3/9/K4S3 b - 1", "6g5h", None, "▲５八銀左"),
    ("3s4k/9/3s1s3/9/9/9/9/9/K8 w - 1", "6c5b", None, "△５二銀右引"),
    ("3s4k/9/3s1s3/9/9/9/9/9/K8 w - 1", "6a5b", None, "△５二銀上"),
    ("3s4k/9/3s1s3/9/9/9/9/9/K8 w - 1", "4c5b", None, "△５二銀左"),
    // silvers: 直 beside 右
    ("8k/9/9/9/9/9/9/9/K3SS3 b - 1", "5i5h", None, "▲５八銀直"),
    ("8k/9/9/9/9/9/9/9/K3SS3 b - 1", "4i5h", None, "▲５八銀右"),
    // knights
    ("8k/9/9/9/9/9/9/9/K2N1N3 b - 1", "6i5g", None, "▲５七桂左"),
    ("8k/9/9/9/9/9/9/9/K2N1N3 b - 1", "4i5g", None, "▲５七桂右"),
    ("3n1n2k/9/9/9/9/9/9/9/K8 w - 1", "6a5c", None, "△５三桂右"),
    ("3n1n2k/9/9/9/9/9/9/9/K8 w - 1", "4a5c", None, "△５三桂左"),
    // dragons: never 直; the straight mover is 右/左 by its place
    ("8k/9/5+R3/9/4+R4/9/9/9/K8 b - 1", "5e5b", None, "▲５二龍左"),
    ("8k/9/5+R3/9/4+R4/9/9/9/K8 b - 1", "4c5b", None, "▲５二龍右"),
    ("k8/9/9/9/4+r4/9/3+r5/9/8K w - 1", "5e5h", None, "△５八龍左"),
    ("k8/9/9/9/4+r4/9/3+r5/9/8K w - 1", "6g5h", None, "△５八龍右"),
    ("6k2/9/9/9/+R7+R/9/9/9/K8 b - 1", "9e5e", None, "▲５五龍左"),
    ("6k2/9/9/9/+R7+R/9/9/9/K8 b - 1", "1e5e", None, "▲５五龍右"),
    // horses: 上 / 引, then 左 / 右
    ("k7+B/9/9/9/9/9/9/9/+B7K b - 1", "9i5e", None, "▲５五馬上"),
    ("k7+B/9/9/9/9/9/9/9/+B7K b - 1", "1a5e", None, "▲５五馬引"),
    ("4k4/9/9/9/9/9/9/9/+B3K3+B b - 1", "9i5e", None, "▲５五馬左"),
    ("4k4/9/9/9/9/9/9/9/+B3K3+B b - 1", "1i5e", None, "▲５五馬右"),
    ("+b3k3+b/9/9/9/9/9/9/9/4K4 w - 1", "9a5e", None, "△５五馬右"),
    ("+b3k3+b/9/9/9/9/9/9/9/4K4 w - 1", "1a5e", None, "△５五馬左"),
    // 打 only when a board piece of the kind could go there too
    ("8k/9/9/9/9/9/9/9/K4G3 b G 1", "G*5h", None, "▲５八金打"),
    ("8k/9/9/9/9/9/9/9/K4G3 b G 1", "4i5h", None, "▲５八金"),
    ("k4g3/9/9/9/9/9/9/9/8K w g 1", "G*5b", None, "△５二金打"),
    ("k4g3/9/9/9/9/9/9/9/8K w g 1", "4a5b", None, "△５二金"),
    ("8k/9/9/9/9/9/9/9/K8 b B 1", "B*5e", None, "▲５五角"),
    // 成 / 不成 into, out of and outside the zone
    ("8k/9/9/5S3/9/9/9/9/K8 b - 1", "4d4c+", None, "▲４三銀成"),
    ("8k/9/9/5S3/9/9/9/9/K8 b - 1", "4d4c", None, "▲４三銀不成"),
    ("8k/9/9/5S3/9/9/9/9/K8 b - 1", "4d5e", None, "▲５五銀"),
    ("8k/9/5S3/9/9/9/9/9/K8 b - 1", "4c5d", None, "▲５四銀不成"),
    ("8k/9/5S3/9/9/9/9/9/K8 b - 1", "4c5d+", None, "▲５四銀成"),
    ("k8/9/9/9/9/3s5/9/9/8K w - 1", "6f6g+", None, "△６七銀成"),
    ("k8/9/9/9/9/3s5/9/9/8K w - 1", "6f6g", None, "△６七銀不成"),
    // a pinned gold still counts as a gold that could go there (see rivals)
    ("4r3k/9/9/9/9/9/4G1G2/9/4K4 b - 1", "3g4f", None, "▲４六金右"),
];

#[test]
fn ki2_table() {
    assert!(KI2_TABLE.len() >= 25);
    let rules = RuleSet::ordinary();
    for &(sfen, usi, previous, expected) in KI2_TABLE {
        let pos = position(sfen);
        let m = mv(usi);
        assert!(pos.is_legal(m, &rules), "{usi} is not legal in {sfen}");
        let previous = previous.map(square_of);
        let text = write_ki2_move(&pos, &rules, m, previous);
        assert_eq!(text, expected, "{usi} in {sfen}");
        assert_eq!(parse_ki2_move(&text, &pos, &rules, previous), Ok(m), "{text} in {sfen}");
    }
}

/// Texts other writers produce: redundant words, half-width digits, old spellings.
#[test]
fn ki2_reading_is_lenient_where_it_is_unambiguous() {
    let rules = RuleSet::ordinary();
    let cases: &[(&str, &str, &str)] = &[
        ("8k/3G5/3GGG3/9/9/9/9/9/4K4 b - 1", "▲５二金右上", "4c5b"),
        ("8k/3G5/3GGG3/9/9/9/9/9/4K4 b - 1", "▲５二金直上", "5c5b"),
        ("8k/3G5/3GGG3/9/9/9/9/9/4K4 b - 1", "５２金寄", "6b5b"),
        ("8k/3G5/3GGG3/9/9/9/9/9/4K4 b - 1", "▲５二金左行", "6c5b"),
        ("8k/9/5+R3/9/4+R4/9/9/9/K8 b - 1", "▲５二龍直", "5e5b"),
        ("8k/9/5+R3/9/4+R4/9/9/9/K8 b - 1", "▲５二竜右", "4c5b"),
        ("8k/9/9/5S3/9/9/9/9/K8 b - 1", "▲４三銀生", "4d4c"),
        ("8k/9/9/5S3/9/9/9/9/K8 b - 1", "▲４三銀", "4d4c"),
        ("8k/9/9/9/9/9/9/9/K8 b B 1", "▲５五角打", "B*5e"),
        ("8k/3G5/3GGG3/9/9/9/9/9/4K4 b - 1", "▲５二金(63)", "6c5b"),
        (
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
            "☗76歩",
            "7g7f",
        ),
    ];
    for &(sfen, text, usi) in cases {
        let pos = position(sfen);
        assert_eq!(parse_ki2_move(text, &pos, &rules, None), Ok(mv(usi)), "{text}");
    }
}

#[test]
fn short_form() {
    let rules = RuleSet::ordinary();
    let start = position("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1");
    assert_eq!(parse_short_move("76歩", &start, &rules, None), Ok(mv("7g7f")));
    let pos = position("lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3");
    assert_eq!(parse_short_move("22角成", &pos, &rules, None), Ok(mv("8h2b+")));
    let pos = pos.play(mv("8h2b+"));
    assert_eq!(parse_short_move("同銀", &pos, &rules, Some(sq(2, 2))), Ok(mv("3a2b")));
    let pos = position("8k/9/9/9/9/9/9/9/K4G3 b G 1");
    assert_eq!(parse_short_move("58金打", &pos, &rules, None), Ok(mv("G*5h")));
    assert_eq!(parse_short_move("58金", &pos, &rules, None), Ok(mv("4i5h")));
    assert_eq!(parse_short_move("55金", &pos, &rules, None), Ok(mv("G*5e")));
    let pos = position("8k/9/9/9/9/9/9/9/K8 b B 1");
    assert_eq!(parse_short_move("55角打", &pos, &rules, None), Ok(mv("B*5e")));
}

/// `(position, text, previous, column, a word the message must contain)`.
const BAD_KI2: &[(&str, &str, Option<&str>, usize, &str)] = &[
    (
        "8k/9/9/9/9/9/9/9/K2G1G3 b - 1",
        "▲５八金",
        None,
        2,
        "ambiguous: it matches ▲５八金右, ▲５八金左",
    ),
    ("8k/3G5/3GGG3/9/9/9/9/9/4K4 b - 1", "▲５二金上", None, 2, "ambiguous"),
    (
        "8k/3G5/3GGG3/9/9/9/9/9/4K4 b - 1",
        "▲５二金引",
        None,
        2,
        "matches no legal move; the candidates are ▲５二金右, ▲５二金寄, ▲５二金左上, ▲５二金直",
    ),
    (
        "8k/9/9/9/9/9/9/9/K2G1G3 b - 1",
        "△５八金左",
        None,
        1,
        "White (後手, △), but Black (先手, ▲) is to move",
    ),
    (
        "8k/9/9/9/9/9/9/9/K2G1G3 b - 1",
        "▲５八銀",
        None,
        2,
        "no legal move of a 銀",
    ),
    (
        "8k/9/9/9/9/9/9/9/K2G1G3 b - 1",
        "▲同　金左",
        None,
        2,
        "needs a previous move",
    ),
    (
        "8k/9/9/9/9/9/9/9/K2G1G3 b - 1",
        "▲５八金左打",
        None,
        6,
        "a drop takes no",
    ),
    (
        "8k/9/9/9/9/9/9/9/K2G1G3 b - 1",
        "▲５八金左x",
        None,
        6,
        "the end of the move",
    ),
    (
        "8k/9/9/5S3/9/9/9/9/K8 b - 1",
        "▲４二銀",
        None,
        2,
        "no legal move of a 銀",
    ),
    ("8k/9/9/9/9/9/9/9/K8 b - 1", "▲５五角", None, 2, "no legal move"),
    (
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
        "▲１一歩",
        None,
        2,
        "no legal move",
    ),
];

#[test]
fn bad_ki2_moves_report_their_column() {
    let rules = RuleSet::ordinary();
    for &(sfen, text, previous, column, needle) in BAD_KI2 {
        let pos = position(sfen);
        let err = match parse_ki2_move(text, &pos, &rules, previous.map(square_of)) {
            Ok(m) => panic!("{text:?} was accepted: {m}"),
            Err(err) => err,
        };
        println!("{text:?}\n    {err}");
        assert!(
            err.starts_with(&format!("column {column}: ")) && err.contains(needle),
            "{text:?}: got `{err}`, expected column {column} and {needle:?}"
        );
    }
}

/// Every legal move writes to a text that reads back to it, in `pos`.
fn check_every_move(pos: &Position, rules: &RuleSet, previous: Option<Square>) -> usize {
    let moves = pos.legal_moves(rules);
    for &m in moves.iter() {
        let text = write_ki2_move(pos, rules, m, previous);
        let back = parse_ki2_move(&text, pos, rules, previous);
        assert_eq!(back, Ok(m), "{text} ({m}) in {}", write_sfen(&pos.to_setup()));
        // The short form is the same text without the mark.
        let short: String = text.chars().skip(1).collect();
        assert_eq!(parse_short_move(&short, pos, rules, previous), Ok(m), "{short}");
    }
    moves.len()
}

#[test]
fn every_legal_move_of_random_games_reads_back() {
    let rules = RuleSet::ordinary();
    let mut rng = Rng(0x5EED_0C12);
    let mut checked = 0;
    for _ in 0..60 {
        let mut pos = Position::startpos();
        let mut previous = None;
        for _ in 0..rng.below(160) {
            checked += check_every_move(&pos, &rules, previous);
            let moves = pos.legal_moves(&rules);
            if moves.is_empty() {
                break;
            }
            // Prefer captures now and then, so that hands fill and drops appear.
            let captures: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|m| m.from().is_some() && pos.piece_at(m.to()).is_some())
                .collect();
            let m = if !captures.is_empty() && rng.chance(40) {
                rng.pick(&captures)
            } else {
                moves.as_slice()[rng.below(moves.len())]
            };
            previous = Some(m.to());
            pos.play_in_place(m);
        }
    }
    println!("{checked} moves checked");
    assert!(checked > 50_000, "{checked}");
}

/// Positions crowded with pieces of one kind, where the relative words matter most.
#[test]
fn every_legal_move_of_crowded_positions_reads_back() {
    use PieceKind::*;
    let rules = RuleSet::ordinary();
    let mut rng = Rng(0x5EED_0C13);
    let crowd = [
        Gold, Silver, Knight, Horse, Dragon, ProPawn, ProSilver, Rook, Bishop, Lance, Pawn,
    ];
    let mut positions = 0;
    let mut checked = 0;
    while positions < 1500 {
        let mut setup = Setup::empty();
        let kind = rng.pick(&crowd);
        let other = rng.pick(&crowd);
        for color in Color::ALL {
            let king = random_square(&mut rng);
            setup.put(king, Some(Piece::new(King, color)));
        }
        for _ in 0..2 + rng.below(8) {
            let s = random_square(&mut rng);
            if setup.piece_at(s).is_none() {
                let k = if rng.chance(75) { kind } else { other };
                setup.put(s, Some(Piece::new(k, rng.pick(&Color::ALL))));
            }
        }
        for color in Color::ALL {
            if rng.chance(50) {
                if let Some(h) = kind.hand_kind() {
                    setup.hand_mut(color).set(h, 1);
                }
            }
        }
        setup.side_to_move = rng.pick(&Color::ALL);
        let Ok(pos) = Position::from_setup(&setup, &rules) else {
            continue;
        };
        positions += 1;
        let previous = rng.chance(30).then(|| random_square(&mut rng));
        checked += check_every_move(&pos, &rules, previous);
    }
    println!("{checked} moves checked in {positions} positions");
}
