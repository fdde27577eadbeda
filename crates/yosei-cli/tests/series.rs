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
/// (1, 3, 5): the mate in 1 is its answer, no fault. `##3-5` starts at 3 plies, where
/// fm meets the mate in 1 as 早詰.
#[test]
fn sequential_length_is_no_fault_when_shorter() {
    let stated = solve_fm_line("ばか詰 53と +金, 51玉 #5");
    assert_eq!(stated["length"], 1);
    assert!(stated["faults"].to_string().contains("早詰"), "{stated}");
    let sequential = solve_fm_line("ばか詰 53と +金, 51玉 ##5");
    assert_eq!(sequential["length"], 1);
    assert_eq!(sequential["sound"], true, "{sequential}");
    // fm's ##3-5 searches 3 plies first and meets the mate in 1 there: 早詰, as #3.
    let from_three = solve_fm_line("ばか詰 53と +金, 51玉 ##3-5");
    assert_eq!(from_three["length"], 1);
    assert!(
        from_three["faults"].to_string().contains("1 plies instead of 3 (早詰)"),
        "{from_three}"
    );
    assert!(
        from_three["notes"].to_string().contains("first length, 3 plies"),
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

/// fm's `#3` with a mate in 1: the mates in 1 (早詰) and, counted apart, the ten
/// solutions of exactly 3 plies, in JSON, text and KIF; `##3` (fm stops at the first
/// length with a solution) lists no longer ones.
#[test]
fn stated_length_lists_the_exact_length_solutions_beside_the_shorter() {
    let stated = solve_fm_line("ばか詰 53と +金飛, 51玉 +0 #3");
    assert_eq!(stated["length"], 1);
    assert_eq!(stated["solution_count"], 7);
    assert_eq!(stated["sound"], false);
    let exact = &stated["exact_length_solutions"];
    assert_eq!(exact["length"], 3, "{stated}");
    assert_eq!(exact["solution_count"], 10);
    assert_eq!(exact["distinct_up_to_mirror"], 5);
    assert_eq!(exact["complete"], true);
    assert_eq!(exact["solutions"][0], serde_json::json!(["R*4a", "5a4a", "G*4b"]));
    let sequential = solve_fm_line("ばか詰 53と +金飛, 51玉 +0 ##3");
    assert!(sequential.get("exact_length_solutions").is_none(), "{sequential}");
    let text = "ばか詰 53と +金飛, 51玉 +0 #3\n";
    let (code, out, err) = run_yosei_on_text("solve", "yosei-exact", "fm", text, &[]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("and 10 solutions of exactly 3 plies, 5 up to the mirror image"),
        "{out}"
    );
    assert!(out.contains("▲５二飛　△４一玉　▲３二金"), "{out}");
    let (code, kif, err) = run_yosei_on_text("solve", "yosei-exact-kif", "fm", text, &["--format", "kif"]);
    assert_eq!(code, 0, "{err}");
    assert!(kif.contains("*早詰: the variations of 3 plies"), "{kif}");
    assert!(kif.contains("変化：1手"), "{kif}");
}

/// fm's `#5` with a mate in 1: the solutions of 3 plies (早詰 too) and of exactly 5,
/// each counted apart (fm: 4 mates in 1, 5 of 3 plies, 97 of 5, up to the mirror), in
/// JSON, text and KIF.
#[test]
fn stated_length_lists_the_solutions_of_each_length_between() {
    let stated = solve_fm_line("ばか詰 53と +金飛, 51玉 +0 #5");
    assert_eq!(stated["length"], 1);
    let between = stated["intermediate_length_solutions"].as_array().expect("a list");
    assert_eq!(between.len(), 1, "{stated}");
    assert_eq!(between[0]["length"], 3);
    assert_eq!(between[0]["solution_count"], 10);
    assert_eq!(between[0]["distinct_up_to_mirror"], 5);
    assert_eq!(between[0]["complete"], true);
    assert_eq!(between[0]["solutions"][0], serde_json::json!(["R*4a", "5a4a", "G*4b"]));
    assert_eq!(stated["exact_length_solutions"]["solution_count"], 194);
    assert_eq!(stated["exact_length_solutions"]["distinct_up_to_mirror"], 97);
    let short = solve_fm_line("ばか詰 53と +金飛, 51玉 +0 #3");
    assert!(short.get("intermediate_length_solutions").is_none(), "{short}");
    let text = "ばか詰 53と +金飛, 51玉 +0 #5\n";
    let (code, out, err) = run_yosei_on_text("solve", "yosei-between", "fm", text, &[]);
    assert_eq!(code, 0, "{err}");
    let three = out.find("and 10 solutions of 3 plies, 5 up to the mirror image (早詰 too)");
    let five = out.find("and 194 solutions of exactly 5 plies");
    assert!(three.is_some() && three < five, "{out}");
    let (code, kif, err) = run_yosei_on_text("solve", "yosei-between-kif", "fm", text, &["--format", "kif"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        kif.contains("*早詰: the variations of 3 plies are the solutions of that length (10 of 10)"),
        "{kif}"
    );
    assert!(
        kif.contains("*早詰: the variations of 5 plies are the solutions of exactly"),
        "{kif}"
    );
}
