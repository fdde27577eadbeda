//! `--fairy-promotion`: which fairy kinds promote (docs/rules/fairy-promotion.md), on the
//! command line and from fm's `@P` in a file.

mod common;
use common::{run_yosei, run_yosei_on_text};

/// A lone Black Kirin and the White king on 1a: promoted on 2c or 3b it is a Lion that
/// mates (fm: `23麒成`, `32麒成`).
const SFEN: &str = "8k/9/9/6J2/9/9/9/9/9 b - 1";

fn verdict(out: &str) -> &str {
    let start = out.find("\"verdict\":\"").expect("a JSON answer") + 11;
    &out[start..start + out[start..].find('"').unwrap()]
}

#[test]
fn the_option_decides_whether_the_kirin_promotes() {
    for (option, expected) in [("none", "no-solution"), ("J", "solved"), ("all", "solved")] {
        let (_, out, err) = run_yosei([
            "solve",
            SFEN,
            "--stip",
            "help:1",
            "--format",
            "json",
            "--fairy-promotion",
            option,
        ]);
        assert_eq!(verdict(&out), expected, "{option}: {err}");
    }
}

#[test]
fn a_bad_value_is_an_error_naming_the_option() {
    let (status, _, err) = run_yosei(["solve", SFEN, "--stip", "help:1", "--fairy-promotion", "R"]);
    assert_ne!(status, 0);
    assert!(err.contains("--fairy-promotion") && err.contains("rook"), "{err}");
}

#[test]
fn fms_attribute_p_in_a_file_promotes() {
    let line = "ばか詰 34KR, 11玉 +0 #1";
    for (declaration, expected) in [("/EF1=KR#1@HP", "solved"), ("/EF1=KR#1@H", "no-solution")] {
        let text = format!("{declaration}\n{line}\n");
        let (_, out, err) = run_yosei_on_text("solve", "fairy-promotion", "fm", &text, &["--format", "json"]);
        assert_eq!(verdict(&out), expected, "{declaration}: {err}");
    }
}
