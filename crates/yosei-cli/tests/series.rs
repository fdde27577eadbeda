//! The command line on series play and fm's length forms (docs/rules/series.md).

mod common;

use common::{run_yosei, run_yosei_on_text};

/// `yosei solve FILE --format json` on an fm line written to a file of its own.
fn solve_fm_line(line: &str) -> serde_json::Value {
    let (code, out, err) = run_yosei_on_text(
        "solve",
        "yosei-series",
        "fm",
        &format!("{line}\n"),
        &["--format", "json"],
    );
    assert_eq!(code, 0, "{err}");
    serde_json::from_str(out.lines().next().unwrap()).unwrap()
}

/// fm's `#5` states the length: a mate in 1 is 早詰. `##5` is fm's sequential search
/// (1, 3, 5): the mate in 1 is its answer, no fault.
#[test]
fn sequential_length_is_no_fault_when_shorter() {
    let stated = solve_fm_line("ばか詰 53と +金, 51玉 #5");
    assert_eq!(stated["length"], 1);
    assert!(stated["faults"].to_string().contains("早詰"), "{stated}");
    let sequential = solve_fm_line("ばか詰 53と +金, 51玉 ##5");
    assert_eq!(sequential["length"], 1);
    assert_eq!(sequential["sound"], true, "{sequential}");
    let from_three = solve_fm_line("ばか詰 53と +金, 51玉 ##3-5");
    assert!(
        from_three["notes"].to_string().contains("fm does not try"),
        "{from_three}"
    );
}

/// fm's SER-# and SH# lines are read, solved and their solutions listed as the series
/// side's moves (and the mate), in USI.
#[test]
fn series_fm_lines_are_solved() {
    let ser = solve_fm_line("SER-#2 53飛99玉 +金, 11玉 +0 #2");
    assert_eq!(ser["stipulation"], "ser:2");
    assert_eq!(ser["solution_count"], 16);
    assert_eq!(ser["solutions"][0], serde_json::json!(["5c2c", "G*2b"]));
    let sh = solve_fm_line("SH#2 59飛99玉, 11香21玉22歩 +0 #2");
    assert_eq!(sh["stipulation"], "serhelp:2");
    assert_eq!(sh["length"], 3);
    assert_eq!(sh["solutions"][0], serde_json::json!(["1a1b", "2a1a", "5i5a"]));
}

/// The text output replays a series with the passes: every move is Black's (▲).
#[test]
fn series_text_shows_the_series_sides_moves() {
    let (code, out, err) = run_yosei(["solve", "8k/9/4R4/9/9/9/9/9/K8 b G 1", "--stip", "ser:2"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("▲２三飛不成　▲２二金"), "{out}");
    assert!(!out.contains('△'), "{out}");
}
