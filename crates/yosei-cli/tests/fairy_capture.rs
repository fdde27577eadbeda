//! `--fairy-capture`: what a captured fairy piece becomes (docs/rules/fairy-declarations.md),
//! on the command line and from fm's /EF declarations in a file.

mod common;
use common::{run_yosei, run_yosei_on_text};

/// A Black lance takes a White Wazir with check, the silver interposes, a dropped Wazir
/// mates: only while captured Wazirs are held.
const SFEN: &str = "8k/6G2/7s[wa]/9/8L/9/9/9/9 b - 1";

fn verdict(out: &str) -> &str {
    let start = out.find("\"verdict\":\"").expect("a JSON answer") + 11;
    &out[start..start + out[start..].find('"').unwrap()]
}

#[test]
fn the_option_decides_whether_the_captured_wazir_can_be_dropped() {
    for (option, expected) in [
        ("hold", "solved"),
        ("discard", "no-solution"),
        ("discard:[WA]", "no-solution"),
    ] {
        let (_, out, err) = run_yosei([
            "solve",
            SFEN,
            "--stip",
            "help:3",
            "--format",
            "json",
            "--fairy-capture",
            option,
        ]);
        assert_eq!(verdict(&out), expected, "{option}: {err}");
    }
}

#[test]
fn a_bad_value_is_an_error_naming_the_option() {
    let (status, _, err) = run_yosei(["solve", SFEN, "--stip", "help:3", "--fairy-capture", "discard:R"]);
    assert_ne!(status, 0);
    assert!(err.contains("--fairy-capture") && err.contains("rook"), "{err}");
}

#[test]
fn fm_declarations_in_a_file_carry_fms_meaning() {
    let line = "ばか詰 32金15香, 11玉23銀13WA +0 #3";
    for (declaration, expected) in [("/EF1=WA#1@H", "solved"), ("/EF1=WA#1", "no-solution")] {
        let text = format!("{declaration}\n{line}\n");
        let (_, out, err) = run_yosei_on_text("solve", "fairy-capture", "fm", &text, &["--format", "json"]);
        assert_eq!(verdict(&out), expected, "{declaration}: {err}");
    }
    let (status, _, err) = run_yosei_on_text(
        "solve",
        "fairy-capture",
        "fm",
        &format!("/EF1=WA@R\n{line}\n"),
        &["--format", "json"],
    );
    // the Wazir royal beside the 玉: two royal pieces of White, fm's 二玉詰 (docs/rules/royal.md),
    // and the lance on 1e attacks the Wazir on 1c with White not to move
    assert_ne!(status, 0);
    assert!(err.contains("is in check but it is not its turn"), "{err}");
}
