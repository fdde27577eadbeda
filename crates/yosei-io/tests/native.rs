//! The yosei problem file: `piece:` lines (problem-defined pieces) and a no-panic sweep
//! over mutated files, each one read either giving back the same problem when written
//! and read again, or an error whose line lies inside the input.

mod common;

use common::{assert_error_within, sweep, Mutations, Rng, Sweep, Truncate};
use yosei_io::native::{read_native, write_native};

const SEEDS: &[&str] = &[
    "yosei-problem 1\ntitle: 象\npiece: E 象 drunk elephant FA\npiece: W 鷲 eagle fRbWFfA\nstipulation: help:3\n\
     condition: annan\nposition: 4k4/9/9/9/4E4/9/9/9/4W4 b 2e 1\nmoves: 5e4d\n",
    "yosei-problem 1\npiece: M 香 quiet-lance mfR\nposition: 9/9/9/9/9/9/9/9/9 b M 1\n",
    "yosei-problem 1\npiece: Y 夜 rider (1,2)(1,2)\npiece: U 跳 hopper gQ\nstipulation: helpself:4\n\
     position: 8k/9/9/9/9/9/9/9/UY7 w - 1\n",
];

const NOISE: &[char] = &[
    ':', ' ', '\n', '(', ')', ',', 'a', 'K', 'f', 'b', 'l', 'r', 'v', 's', 'm', 'c', 'g', 'W', 'F', 'N', 'Q', 'E', 'M',
    '7', '9', '象', '\u{0}', '\u{feff}', '😀', '#',
];

#[test]
fn piece_lines_round_trip() {
    for seed in SEEDS {
        let problem = read_native(seed).unwrap();
        assert!(!problem.pieces.is_empty());
        assert_eq!(read_native(&write_native(&problem)).unwrap(), problem, "{seed}");
    }
}

#[test]
fn piece_line_errors_name_line_and_column() {
    for (text, line, column, needle) in [
        (
            "yosei-problem 1\npiece: E 象\nposition: 9/9/9/9/9/9/9/9/9 b - 1\n",
            2,
            Some(8),
            "LETTER GLYPH NAME MOVEMENT",
        ),
        (
            "yosei-problem 1\npiece: Q 象 x FA\nposition: 9/9/9/9/9/9/9/9/9 b - 1\n",
            2,
            Some(8),
            "E, M, U, W, Y",
        ),
        (
            "yosei-problem 1\npiece: E 象象 x FA\nposition: 9/9/9/9/9/9/9/9/9 b - 1\n",
            2,
            Some(10),
            "one-character glyph",
        ),
        (
            "yosei-problem 1\npiece: E 象 x F(9,1)\nposition: 9/9/9/9/9/9/9/9/9 b - 1\n",
            2,
            Some(16),
            "movement",
        ),
        (
            "yosei-problem 1\npiece: E 象 x FA\npiece: E 鷲 y K\nposition: 9/9/9/9/9/9/9/9/9 b - 1\n",
            3,
            Some(8),
            "defined twice",
        ),
    ] {
        let err = read_native(text).unwrap_err();
        assert_eq!((err.line, err.column), (line, column), "{text:?}: {err}");
        assert!(err.to_string().contains(needle), "{text:?}: {err}");
    }
}

#[test]
fn mutated_files_never_panic() {
    let seeds: Vec<String> = SEEDS.iter().map(|s| s.to_string()).collect();
    let mut rng = Rng(0x0A7_1BE);
    let plan = Sweep::new(
        20_000,
        Mutations {
            truncate: Truncate::Sometimes(20),
            ..Mutations::of(NOISE)
        },
    );
    let mut read = 0;
    sweep(&mut rng, &seeds, &plan, |text, _, _| match read_native(text) {
        Ok(problem) => {
            read += 1;
            assert_eq!(read_native(&write_native(&problem)).unwrap(), problem, "{text:?}");
            // Whatever was read compiles and validates or says why, without a panic.
            if let Ok(rules) = yosei_rules::RuleSet::ordinary().with_user_pieces(&problem.pieces) {
                if let Ok(pos) = yosei_rules::Position::from_setup(&problem.setup, &rules) {
                    let _ = pos.legal_moves(&rules);
                }
            }
        }
        Err(e) => assert_error_within(text, &e, &format!("{text:?}")),
    });
    println!("{read} of 20000 mutated files read");
    assert!(read > 500, "only {read} mutated files read");
}

#[test]
fn the_fairy_capture_line_round_trips_and_names_a_bad_value() {
    use yosei_core::PieceKind;
    for value in ["discard", "discard:T,[WA]"] {
        let text = format!("yosei-problem 1\nfairy-capture: {value}\nposition: 8k/9/9/9/4T4/9/9/9/9 b - 1\n");
        let problem = read_native(&text).unwrap();
        assert!(problem.options.discarded.contains(PieceKind::ChessKnight));
        assert!(write_native(&problem).contains(&format!("fairy-capture: {value}\n")));
        assert_eq!(read_native(&write_native(&problem)).unwrap(), problem);
    }
    // the default is not written
    let held = read_native("yosei-problem 1\nfairy-capture: hold\nposition: 8k/9/9/9/9/9/9/9/9 b - 1\n").unwrap();
    assert!(held.options.discarded.is_empty() && !write_native(&held).contains("fairy-capture"));
    let e = read_native("yosei-problem 1\nfairy-capture: discard:R\nposition: 8k/9/9/9/9/9/9/9/9 b - 1\n")
        .unwrap_err()
        .to_string();
    assert!(e.contains("line 2") && e.contains("not the rook"), "{e}");
}

#[test]
fn the_fairy_promotion_line_round_trips_and_names_a_bad_value() {
    use yosei_core::PieceKind;
    for value in ["all", "J,[MK]"] {
        let text = format!("yosei-problem 1\nfairy-promotion: {value}\nposition: 8k/9/9/9/4+J4/9/9/9/9 b J 1\n");
        let problem = read_native(&text).unwrap();
        assert!(problem.options.fairy_promotion.contains(PieceKind::Kirin));
        assert!(write_native(&problem).contains(&format!("fairy-promotion: {value}\n")));
        assert_eq!(read_native(&write_native(&problem)).unwrap(), problem);
    }
    // the default is not written
    let none = read_native("yosei-problem 1\nfairy-promotion: none\nposition: 8k/9/9/9/9/9/9/9/9 b - 1\n").unwrap();
    assert!(none.options.fairy_promotion.is_empty() && !write_native(&none).contains("fairy-promotion"));
    let e = read_native("yosei-problem 1\nfairy-promotion: [WA]\nposition: 8k/9/9/9/9/9/9/9/9 b - 1\n")
        .unwrap_err()
        .to_string();
    assert!(e.contains("line 2") && e.contains("wazir has no promoted form"), "{e}");
}
