//! fm's one-line form: the fixtures (provenance in fixtures/fm/PROVENANCE.md), the side
//! to move it implies, error lines and columns, random round trips and a no-panic sweep
//! over mutated inputs.

mod common;

use common::{
    assert_bad_inputs, assert_error_within, random_conditions, random_pieces, random_stipulation, random_words,
    setup_of, sq, sweep, Mutations, Rng, Sweep, Truncate,
};
use yosei_core::{Color, Piece, PieceKind, Square};
use yosei_io::fm::{first_mover, read_fm, read_fm_lines, write_fm};
use yosei_io::problem::remaining_pieces;
use yosei_io::Problem;
use yosei_rules::{Condition, Stipulation};

fn read(text: &str) -> Problem {
    read_fm(text).unwrap_or_else(|e| panic!("{text}\n{e}"))
}

fn assert_round_trip(problem: &Problem) {
    let text = write_fm(problem);
    match read_fm(&text) {
        Ok(again) => assert_eq!(&again, problem, "{text}"),
        Err(e) => panic!("written fm line does not read back: {e}\n{text}"),
    }
}

const OWN: &str = include_str!("fixtures/fm/own.fm");
const OWN_SFEN: &str = include_str!("fixtures/fm/own.sfen");
const FMRS: &str = include_str!("fixtures/fm/fmrs.fm");
const FMRS_SFEN: &str = include_str!("fixtures/fm/fmrs.sfen");

#[test]
fn own_fixtures() {
    use Condition::*;
    use Stipulation::*;
    let help = |n| Some(Help { length: Some(n) });
    // (stipulation, conditions, title) of each line of own.fm, in order.
    let expected: Vec<(Option<Stipulation>, Vec<Condition>, Option<&str>)> = vec![
        (help(1), vec![], None),
        (help(1), vec![], Some("頭金")),
        (Some(HelpSelf { length: Some(2) }), vec![], None),
        (help(3), vec![], None),
        (help(5), vec![Annan], None),
        (help(3), vec![Circe], None),
        (help(3), vec![], None),
        (help(7), vec![], Some("獅子と女王")),
        (help(1), vec![KMadrasi, Uchifu], None),
        (help(1), vec![KikiNifuInvalid, Annan], None),
        (help(1), vec![], None),
        (Some(HelpStale { length: Some(2) }), vec![], None),
        (Some(Tsume { length: Some(1) }), vec![], None),
        (help(1), vec![], None),
        (help(1), vec![], None),
        (help(1), vec![], None),
        (help(1), vec![], None),
        (help(1), vec![], None),
    ];
    let problems = read_fm_lines(OWN).unwrap();
    let sfens: Vec<&str> = OWN_SFEN.lines().collect();
    assert_eq!(problems.len(), expected.len());
    assert_eq!(sfens.len(), expected.len());
    for (i, (p, (stipulation, conditions, title))) in problems.iter().zip(&expected).enumerate() {
        let line = OWN.lines().filter(|l| !l.starts_with(';')).nth(i).unwrap();
        assert_eq!(p.setup, setup_of(sfens[i]), "line {}: {line}", i + 1);
        assert_eq!(&p.stipulation, stipulation, "{line}");
        assert_eq!(&p.conditions, conditions, "{line}");
        assert_eq!(p.meta.title.as_deref(), *title, "{line}");
        assert_round_trip(p);
    }
}

#[test]
fn fmrs_positions_read_as_their_sfen_and_write_back_verbatim() {
    let lines: Vec<&str> = FMRS.lines().collect();
    let sfens: Vec<&str> = FMRS_SFEN.lines().collect();
    assert_eq!(lines.len(), sfens.len());
    assert!(lines.len() >= 20);
    for (line, sfen) in lines.iter().zip(&sfens) {
        let p = read(line);
        assert_eq!(p.setup, setup_of(sfen), "{line}");
        assert!(
            matches!(p.stipulation, Some(Stipulation::Help { length: Some(_) })),
            "{line}"
        );
        assert_eq!(&write_fm(&p), line);
    }
    let jugemu = read(lines.iter().find(|l| l.contains("寿限無")).unwrap());
    assert_eq!(jugemu.stipulation, Some(Stipulation::Help { length: Some(19447) }));
    assert_eq!(jugemu.meta.title.as_deref(), Some("寿限無"));
    // The fixture file read as a list gives the same problems.
    assert_eq!(read_fm_lines(FMRS).unwrap().len(), lines.len());
}

#[test]
fn the_side_to_move_follows_the_stipulation_and_length() {
    let cases = [
        ("ばか詰 53と +金, 51玉 #1", Color::Black),
        ("ばか詰 53と +金, 51玉 #2", Color::White),
        ("ばか自殺詰 53と +金, 51玉 #2", Color::Black),
        ("ばか自殺詰 53と +金, 51玉 #3", Color::White),
        ("ばかステイルメイト 53と +金, 51玉 #4", Color::White),
        ("自殺詰 53と +金, 51玉 #4", Color::Black),
        ("詰将棋 53と +金, 51玉 #4", Color::Black),
        ("ばか詰 53と +金, 51玉", Color::Black),
    ];
    for (line, color) in cases {
        let p = read(line);
        assert_eq!(p.setup.side_to_move, color, "{line}");
        assert_eq!(first_mover(p.stipulation), color);
    }
}

#[test]
fn writes_fm_style() {
    let p = read("「頭金」協力詰　５３と　＋金，５１玉　＃１");
    assert_eq!(write_fm(&p), "「頭金」 ばか詰 53と +金, 51玉 #1");
    let p = read("キルケばか詰 28飛, 21桂22玉 +0 #3");
    assert_eq!(write_fm(&p), "キルケばか詰 28飛, 21桂22玉 +0 #3");
    // No attacker pieces at all, and a defender with nothing on the board.
    let mut p = read("ばか詰 +金, 51玉 +0 #1");
    assert_eq!(write_fm(&p), "ばか詰 +金, 51玉 +0 #1");
    p.setup.put(sq(5, 1), None);
    p.setup.hand_mut(Color::Black).set(PieceKind::Gold, 0);
    assert_eq!(write_fm(&p), "ばか詰, +0 #1");
    assert_round_trip(&p);
    // A title that holds 」 is written in 『』.
    p.meta.title = Some("「引用」".to_string());
    assert!(write_fm(&p).starts_with("『「引用」』 "));
    assert_round_trip(&p);
    // Stones are written on the side they belong to.
    let p = read("ばか詰 55石, 51玉 11石 #1");
    assert_eq!(
        p.setup.piece_at(sq(5, 5)),
        Some(Piece::new(PieceKind::Stone, Color::Black))
    );
    assert_eq!(
        p.setup.piece_at(sq(1, 1)),
        Some(Piece::new(PieceKind::Stone, Color::White))
    );
    assert_eq!(write_fm(&p), "ばか詰 55石, 11石51玉 #1");
}

#[test]
fn one_problem_or_a_list() {
    let two = "ばか詰 53と +金, 51玉 #1\n\n; a comment\nばか詰 53と +金, 51玉 #3\n";
    assert_eq!(read_fm_lines(two).unwrap().len(), 2);
    let e = read_fm(two).unwrap_err();
    assert_eq!((e.line, e.column), (4, Some(1)));
    assert!(e.to_string().contains("read_fm_lines"), "{e}");
    let e = read_fm_lines("ばか詰 53と +金, 51玉 #1\r\n\r\nばか詰 53x, 51玉 #1\r\n").unwrap_err();
    assert_eq!((e.line, e.column), (3, Some(7)));
    assert_eq!(read_fm_lines("").unwrap(), vec![]);
    assert_eq!(
        read_fm("\u{feff}ばか詰 53と +金, 51玉 #1\r\n").unwrap(),
        read("ばか詰 53と +金, 51玉 #1")
    );
}

/// `(input, line, column or 0 for none, a phrase the message must contain)`.
const BAD_FM: &[(&str, usize, usize, &str)] = &[
    ("", 1, 0, "expected an fm problem line"),
    ("; only a comment\n", 1, 0, "expected an fm problem line"),
    ("/O out.txt", 1, 1, "option lines"),
    ("「題 ばか詰 53と, 51玉 #1", 1, 1, "closing 」"),
    ("53と, 51玉 #1", 1, 1, "expected a rule word"),
    ("  , 51玉 #1", 1, 3, "expected a rule word"),
    ("ばか詰xyz 53と, 51玉 #1", 1, 4, "unknown rule word"),
    ("ばか詰 53と, 51玉 ##5-3", 1, 18, "above the first (5)"),
    // fm: 順次検索指定が間違っています (the longest must be above the first)
    ("ばか詰 53と, 51玉 ##5-5", 1, 18, "above the first (5)"),
    ("ばか詰 53と, 51玉 #0", 1, 15, "at least 1"),
    ("ばか詰 53と, 51玉 #", 1, 15, "expected the length"),
    ("ばか詰 53と, 51玉 ##", 1, 16, "expected the length"),
    ("ばか詰 53と, 51玉 #3 x", 1, 17, "end of the line"),
    ("ばか詰 53と, 51玉 . x", 1, 16, "end of the line"),
    ("ばか詰 53と, 51玉 #99999999999", 1, 15, "at most"),
    ("H#3 53と, 51玉 #5", 1, 15, "the rule word gives (3)"),
    ("ばか詰 53と, 51玉, 11香 #1", 1, 13, "separates"),
    ("ばか詰 53と +金 +銀, 51玉 #1", 1, 12, "one '+'"),
    ("ばか詰 53と, 51玉 +* 11香 #1", 1, 17, "after the defender's hand"),
    ("ばか詰 53と, 51玉 +0 +金 #1", 1, 17, "after the defender's hand"),
    ("ばか詰 03と, 51玉 #1", 1, 5, "file digit 1–9"),
    ("ばか詰 50と, 51玉 #1", 1, 6, "rank digit 1–9"),
    ("ばか詰 53x, 51玉 #1", 1, 7, "expected a piece after the square 53"),
    ("ばか詰 53, 51玉 #1", 1, 14, "the rule word gives (53)"),
    ("ばか詰 53と 5, 51玉 #1", 1, 10, "rank digit"),
    ("ばか詰 53と, 51玉 +王 #1", 1, 15, "which no hand holds"),
    ("ばか詰 53と +と, 51玉 #1", 1, 10, "which no hand holds"),
    ("ばか詰 53と +x, 51玉 #1", 1, 10, "expected a piece in hand"),
    ("ばか詰 53と +金64, 51玉 #1", 1, 10, "at most 63"),
    ("ばか詰 53と +歩60歩4, 51玉 #1", 1, 13, "at most 63"),
    ("ばか詰 53と +歩99999999999999999999, 51玉 #1", 1, 10, "at most 63"),
    ("ばか詰 53と53金, 51玉 #1", 1, 8, "53 already holds a Black tokin"),
    (
        "ばか詰 21飛22飛23飛, 51玉 #1",
        1,
        20,
        "expected the defender's hand written out",
    ),
    (
        "ばか詰 21飛22飛23飛, 51玉 +* #1",
        1,
        21,
        "more than the 2 of the standard set",
    ),
];

#[test]
fn bad_inputs_name_line_column_and_expectation() {
    assert_bad_inputs(BAD_FM, read_fm);
}

// ---------------------------------------------------------------------------------------
// Random problems
// ---------------------------------------------------------------------------------------

const WORDS: &[&str] = &["詰", "将棋", "yosei", "A-1", "fm", "題", " ", "0", "#", "+", ",", "作"];

fn random_problem(rng: &mut Rng) -> Problem {
    let mut setup = random_pieces(rng, 50, 40);
    if rng.chance(50) {
        if let Ok(rest) = remaining_pieces(&setup, Color::White) {
            *setup.hand_mut(Color::White) = rest;
        }
    }
    let stipulation = random_stipulation(rng, 200);
    let conditions = random_conditions(rng, 4);
    setup.side_to_move = first_mover(Some(stipulation));
    let mut p = Problem {
        setup,
        stipulation: Some(stipulation),
        conditions,
        ..Problem::default()
    };
    if rng.chance(30) {
        let title = random_words(rng, WORDS);
        if !title.trim().is_empty() {
            p.meta.title = Some(title);
        }
    }
    p
}

#[test]
fn random_problems_round_trip() {
    let mut rng = Rng(0xF0F0_0001);
    for _ in 0..4000 {
        assert_round_trip(&random_problem(&mut rng));
    }
}

// ---------------------------------------------------------------------------------------
// Robustness
// ---------------------------------------------------------------------------------------

const NOISE: &[char] = &[
    '+', '＋', '*', ',', '，', '#', '＃', '.', ' ', '　', '\n', '0', '1', '5', '9', '０', '５', '歩', '金', '玉', 'と',
    '成', '石', 'Ｑ', 'G', 'I', 'K', '「', '」', ';', '/', '手', '\r', '😀', '\u{0}', '\u{feff}',
];

/// Whatever the input: no panic; an error names a line of the text and a column within
/// it (or just after it); what is accepted writes and reads back unchanged.
fn check_robust(text: &str) -> bool {
    match read_fm_lines(text) {
        Ok(problems) => {
            for p in &problems {
                assert_round_trip(p);
            }
            !problems.is_empty()
        }
        Err(e) => {
            assert_error_within(text, &e, &format!("{text:?}"));
            false
        }
    }
}

#[test]
fn mutated_inputs_never_panic() {
    let mut seeds: Vec<String> = OWN.lines().chain(FMRS.lines()).map(str::to_string).collect();
    let mut rng = Rng(0xF0F0_0002);
    for _ in 0..20 {
        seeds.push(write_fm(&random_problem(&mut rng)));
    }
    let mutations = Mutations {
        truncate: Truncate::Sometimes(20),
        ..Mutations::of(NOISE)
    };
    let plan = Sweep::new(20_000, mutations);
    let mut accepted = 0;
    sweep(&mut rng, &seeds, &plan, |text, _, _| {
        accepted += usize::from(check_robust(text));
        // read_fm must agree with read_fm_lines on single problems.
        if let Ok(p) = read_fm(text) {
            assert_eq!(read_fm_lines(text).unwrap(), vec![p]);
        }
    });
    println!("{accepted} of 20000 mutated inputs read");
    assert!(accepted > 500, "only {accepted} mutated inputs read");
}

/// fm's length forms: `#n` states the length; `##n` tries 1, 3, …, n (or 2, 4, …, n);
/// `##m-n` tries m, m + 2, … up to n. Each writes back as it was read.
#[test]
fn sequential_lengths_are_read_and_written_back() {
    let exact = read("ばか詰 53と +金, 51玉 #5");
    assert_eq!(exact.options.sequential_from, None);
    let odd = read("ばか詰 53と +金, 51玉 ##5");
    assert_eq!(odd.stipulation, Some(Stipulation::Help { length: Some(5) }));
    assert_eq!(odd.options.sequential_from, Some(1));
    assert_eq!(odd.setup.side_to_move, Color::Black);
    assert_eq!(write_fm(&odd), "ばか詰 53と +金, 51玉 ##5");
    let even = read("ばか詰 53と +金, 51玉 ##6");
    assert_eq!(even.options.sequential_from, Some(2));
    assert_eq!(even.setup.side_to_move, Color::White);
    let range = read("ばか詰 53と +金, 51玉 ##3-7");
    assert_eq!(range.stipulation, Some(Stipulation::Help { length: Some(7) }));
    assert_eq!(range.options.sequential_from, Some(3));
    assert_eq!(write_fm(&range), "ばか詰 53と +金, 51玉 ##3-7");
    // fm steps by twos from the first length: ##3-8 tries 3, 5, 7.
    let stepped = read("ばか詰 53と +金, 51玉 ##3-8");
    assert_eq!(stepped.stipulation, Some(Stipulation::Help { length: Some(7) }));
}

/// Series play and help-self-stalemate in fm's words; the series side moves first.
#[test]
fn series_and_help_self_stalemate_words() {
    let ser = read("SER-#3 53と, 51玉 #3");
    assert_eq!(ser.stipulation, Some(Stipulation::Series { length: 3 }));
    assert_eq!(ser.setup.side_to_move, Color::Black);
    let sh = read("連続協力詰 53と, 51玉 #2");
    assert_eq!(sh.stipulation, Some(Stipulation::SeriesHelp { length: 2 }));
    assert_eq!(sh.setup.side_to_move, Color::White, "the defender plays the series");
    let hs = read("HS= 53と, 51玉 #3");
    assert_eq!(hs.stipulation, Some(Stipulation::HelpSelfStale { length: Some(3) }));
    assert_eq!(
        hs.setup.side_to_move,
        Color::White,
        "as ばか自殺詰: odd, the defender first"
    );
    for p in [&ser, &sh, &hs] {
        assert_round_trip(p);
    }
}

/// A line that starts with a rule word and its length (`SER-#2`, `SH#3`, `HS=4`,
/// `H#3`) is fm's form, not an SFEN.
#[test]
fn rule_words_with_lengths_are_detected_as_fm() {
    use yosei_io::detect::{detect_format, Format};
    for line in [
        "SER-#2 53飛99玉 +金, 11玉 +0 #2",
        "SH#3 59飛, 11香21玉22歩 +0 #3",
        "HS=4 43飛19玉, 51玉37桂27金 +0 #4",
        "H#3 53と +金, 51玉 #3",
        "ばか詰 53と +金, 51玉 ##5",
    ] {
        assert_eq!(detect_format(line), Format::Fm, "{line}");
    }
}

/// Andernach and Anti-Andernach in fm's one-line form, by fm's keywords and short
/// forms, written back with the keyword fm reads.
#[test]
fn andernach_lines_read_and_write_back() {
    for (line, condition) in [
        (
            "ANDERNACHばか詰 71銀73歩 +香, 42飛43と51香53香61玉82龍 +0 #3",
            Condition::Andernach,
        ),
        (
            "!ADばか詰 71銀73歩 +香, 42飛43と51香53香61玉82龍 +0 #3",
            Condition::Andernach,
        ),
        (
            "ANTIANDERNACHばか詰 13香24飛43歩51金 +角, 11金14金31銀32玉42歩 +0 #3",
            Condition::AntiAndernach,
        ),
        (
            "!AAばか詰 13香24飛43歩51金 +角, 11金14金31銀32玉42歩 +0 #3",
            Condition::AntiAndernach,
        ),
    ] {
        let p = read(line);
        assert_eq!(p.conditions, vec![condition], "{line}");
        assert_round_trip(&p);
        let keyword = if condition == Condition::Andernach {
            "ANDERNACHばか詰"
        } else {
            "ANTIANDERNACHばか詰"
        };
        assert!(write_fm(&p).starts_with(keyword), "{}", write_fm(&p));
    }
}

// fm's fairy-piece declarations (docs/rules/fairy-declarations.md)

fn wazirs(problem: &Problem, color: Color) -> u8 {
    problem.setup.hand(color).count(PieceKind::Wazir)
}

#[test]
fn a_declared_count_puts_the_spares_of_a_holdable_piece_in_the_defenders_remaining_hand() {
    let line = "ばか詰 13WA +WA, 11玉 #1";
    let p = read(&format!("/EF1=WA#4@H\n{line}"));
    assert_eq!((wazirs(&p, Color::Black), wazirs(&p, Color::White)), (1, 2));
    assert!(p.options.discarded.is_empty());
    // fm's default count of the Wazir is 4; the ordinary remaining pieces are there too
    let p = read(&format!("/EF1=WA@H\n{line}"));
    assert_eq!(wazirs(&p, Color::White), 2);
    assert_eq!(p.setup.hand(Color::White).count(PieceKind::Rook), 2);
    // a written defender's hand takes no spare
    let p = read("/EF1=WA#4@H\nばか詰 13WA, 11玉 +0 #1");
    assert_eq!(wazirs(&p, Color::White), 0);
    // `+*` asks for the remaining pieces, where fm lets a short count leave none
    let p = read("/EF1=WA#0@H\nばか詰 13WA, 11玉 +* #1");
    assert_eq!(wazirs(&p, Color::White), 0);
}

#[test]
fn a_piece_declared_without_h_is_discarded_and_held_by_no_one() {
    let p = read("/EF1=WA#3\nばか詰 13WA, 11玉 #1");
    assert!(p.options.discarded.contains(PieceKind::Wazir));
    assert_eq!(wazirs(&p, Color::White), 0);
    assert_eq!(p.options.discarded.to_string(), "discard:[WA]");
}

#[test]
fn declarations_in_fms_other_spellings() {
    // fm upper-cases its options; FP is F1; P changes nothing on a piece without a
    // promoted form; several declarations on one line or on several
    let p = read("/efp=wa@hp,F2=DA\nばか詰 13WA23DA, 11玉 +0 #1");
    assert!(!p.options.discarded.contains(PieceKind::Wazir));
    assert!(p.options.discarded.contains(PieceKind::Dabbaba));
    let q = read("/EF1=臣@H\n/EF2=DA#1\nばか詰 13WA23DA, 11玉 +0 #1");
    assert_eq!(p, q);
    let spaced = read("/E F1=臣@H , F2=DA#1\nばか詰 13WA23DA, 11玉 +0 #1");
    assert_eq!(p, spaced);
    // the rules.md pieces by their fm codes
    let r = read("/EF1=KN#1\n/EF2=SS#1@H\nばか詰 13KN33SS, 11玉 +0 #1");
    assert!(r.options.discarded.contains(PieceKind::ChessKnight));
    assert!(!r.options.discarded.contains(PieceKind::Lion));
}

#[test]
fn chu_shogi_pieces_are_declared_by_fms_codes_and_glyphs() {
    // fm's default count of the drunk elephant is 2, of the copper general 4
    let p = read("/EF1=SZ@H,F2=銅@H\nばか詰 13SZ23DO, 11玉 #1");
    assert_eq!(p.setup.hand(Color::White).count(PieceKind::DrunkElephant), 1);
    assert_eq!(p.setup.hand(Color::White).count(PieceKind::CopperGeneral), 3);
    // declared without H: discarded; P changes nothing where fm gives no promoted form
    // (the free king, the whale); the dai shogi pieces by their three-letter codes
    for (text, kinds) in [
        (
            "/EF1=HN#1@P,F2=KG#1\nばか詰 13HN23KG, 11玉 +0 #1",
            [PieceKind::FreeKing, PieceKind::Whale],
        ),
        (
            "/EF1=DBJ#1,F2=DMG#1\nばか詰 13DBJ23DMG, 11玉 +0 #1",
            [PieceKind::CoiledSerpent, PieceKind::FierceOx],
        ),
    ] {
        let q = read(text);
        assert!(kinds.iter().all(|&k| q.options.discarded.contains(k)), "{text}");
        assert_round_trip(&q);
    }
}

#[test]
fn tori_shogi_pieces_are_read_by_fms_three_letter_codes() {
    // fm's default count of the goose is 16; the codes in either case, on the board and
    // in the attacker's hand
    let p = read("/EF1=TKR@H,F2=TLU#2@H\nばか詰 13TKR23tlu +TLU, 11玉 #1");
    assert_eq!(
        p.setup.piece_at(Square::new(1, 3).unwrap()).map(|p| p.kind),
        Some(PieceKind::Goose)
    );
    assert_eq!(
        p.setup.piece_at(Square::new(2, 3).unwrap()).map(|p| p.kind),
        Some(PieceKind::LeftQuail)
    );
    assert_eq!(p.setup.hand(Color::Black).count(PieceKind::LeftQuail), 1);
    assert_eq!(p.setup.hand(Color::White).count(PieceKind::Goose), 15);
    assert_eq!(p.setup.hand(Color::White).count(PieceKind::LeftQuail), 0);
    assert_round_trip(&p);
}

/// `@P` (fm's `setup_fairy_attr`): the kinds fm's `fp_promoted` promotes promote, with
/// `H` or without; the line writes it back.
#[test]
fn attribute_p_makes_the_kinds_fm_promotes_promote() {
    for (text, kind) in [
        ("/EF1=KR#1@HP\nばか詰 13KR, 11玉 +0 #1", PieceKind::Kirin),
        ("/EF1=MK#1@P\nばか詰 13MK, 11玉 +0 #1", PieceKind::BlindTiger),
        ("/EF1=TTK#1@HP\nばか詰 13TTK, 11玉 +0 #1", PieceKind::Falcon),
        ("/EF1=DHR#1@PH\nばか詰 13DHR, 11玉 +0 #1", PieceKind::FlyingDragon),
    ] {
        let p = read(text);
        assert_eq!(p.options.fairy_promotion.iter().collect::<Vec<_>>(), [kind], "{text}");
        assert!(write_fm(&p).contains("P\n"), "{text}: {}", write_fm(&p));
        assert_round_trip(&p);
    }
    // P changes nothing where fm gives no promoted form (the free king)
    let q = read("/EF1=HN#1@HP\nばか詰 13HN, 11玉 +0 #1");
    assert!(q.options.fairy_promotion.is_empty());
}

#[test]
fn declarations_fm_refuses_or_yosei_does_not_support_are_errors_naming_them() {
    let cases = [
        ("/EF1=WA@RH\nばか詰 13WA, 11玉 +0 #1", "a royal piece is never held"),
        ("/EF1=WA@X\nばか詰 13WA, 11玉 +0 #1", "attribute X"),
        (
            "/EF1=SZ@P\nばか詰 13SZ, 11玉 +0 #1",
            "fm promotes it to TS (a royal piece)",
        ),
        ("/EF1=TTR#1\nばか詰 13TTR, 11玉 +0 #1", "crane is declared without H"),
        ("/EF1=WA@Q\nばか詰 13WA, 11玉 +0 #1", "unknown attribute 'Q'"),
        ("/EF1=WA:ワ\nばか詰 13WA, 11玉 +0 #1", "a face"),
        ("/EF1=ZZ\nばか詰 11玉 +0 #1", "found 'ZZ'"),
        ("/EMHEH=1\nばか詰 11玉 +0 #1", "other /E options"),
        ("/EF1=WA\nばか詰 13WA23DA, 11玉 +0 #1", "dabbaba is not declared"),
        ("/EF1=WA\n/EF2=WA\nばか詰 13WA, 11玉 +0 #1", "declared twice"),
        ("/EF1=WA\nばか詰 13WA +WA, 11玉 +0 #1", "declared without H"),
        ("/EF1=WA#1@H\nばか詰 13WA23WA, 11玉 #1", "declaration counts 1"),
        ("ばか詰 12金, 11玉 +0 #1\n/EF1=WA", "expected a problem line after"),
    ];
    for (text, expected) in cases {
        let e = read_fm(text).expect_err(text).to_string();
        assert!(e.contains(expected), "{text}: {e}");
    }
}

#[test]
fn fairy_pieces_are_written_with_declarations_that_read_back() {
    let mut p = read("/EF1=WA#2\n/EF2=DA#2@H\nばか詰 13WA23DA, 11玉33WA +DA #1");
    assert_eq!(write_fm(&p), "/EF1=WA#2\n/EF2=DA#2@H\nばか詰 13臣23戦, 11玉33臣 +戦 #1");
    assert_round_trip(&p);
    p.options.discarded = Default::default();
    assert_round_trip(&p);
}
