//! `yosei check` on a folder of problems named as seed 004 names them (`NN_…`: N is the
//! stated length) and `yosei solve --stip mate:N` as a user runs them.

use std::process::Command;

/// 32歩成 11玉 and three mates: one line (seed 004's first figure).
const THREE_MATES: &str = "7k1/8p/6P2/9/6L2/9/9/9/9 b BSN2rb4g3s3n3l16p 1";
/// Two mates in one (22銀打, 23桂打): a cook.
const TWO_MATES: &str = "8k/6+P1p/9/9/6L2/9/9/9/9 b SN2r2b4g3s3n3l16p 1";
/// Tsume in 3 (generated, seed 3): 22金打 13玉 12飛打, and 11飛打 mates as well at the end.
const LAST_MOVE_DUAL: &str = "6S2/8k/9/7p1/9/9/9/9/9 b RGr2b3g3s4n4l17p 1";

fn yosei(args: &[&str]) -> (i32, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_yosei")).args(args).output().unwrap();
    (out.status.code().unwrap_or(-1), String::from_utf8(out.stdout).unwrap())
}

#[test]
fn check_a_folder_as_json_lines() {
    let dir = std::env::temp_dir().join(format!("yosei-check-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("03_figure.sfen"), format!("{THREE_MATES}\n")).unwrap();
    std::fs::write(dir.join("01_cook.sfen"), format!("{TWO_MATES}\n")).unwrap();
    std::fs::write(dir.join("05_broken.txt"), "not a problem\n").unwrap();
    let dir_arg = dir.to_string_lossy().into_owned();
    let (code, out) = yosei(&["check", &dir_arg, "--stip", "mate", "--format", "json", "--jobs", "2"]);
    let mut lines: Vec<&str> = out.lines().collect();
    lines.sort_by_key(|l| l.find("01_cook").is_none() as u8 * 2 + l.find("03_figure").is_none() as u8);
    assert_eq!(lines.len(), 3, "{out}");
    assert!(lines[0].contains(r#""stipulation":"mate:1""#) && lines[0].contains(r#""solution_count":2"#));
    assert!(lines[0].contains(r#""sound":false"#), "{}", lines[0]);
    assert!(lines[1].contains(r#""stipulation":"mate:3""#) && lines[1].contains(r#""solution_count":1"#));
    assert!(lines[1].contains(r#""sound":true"#), "{}", lines[1]);
    assert!(lines[2].contains(r#""verdict":"error""#) && lines[2].contains("05_broken"));
    assert_eq!(code, 1, "a file that is no problem is an input error");

    let (_, table) = yosei(&["check", &dir_arg, "--stip", "mate", "--jobs", "1"]);
    assert!(
        table.contains(
            "3 problems: 2 solved (1 sound, 1 not sound, 1 with duals), 0 with no solution, 0 unknown, 1 error"
        ),
        "{table}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn solve_mate_in_n_writes_the_tree() {
    let (code, kif) = yosei(&["solve", TWO_MATES, "--stip", "mate:1", "--format", "kif"]);
    assert_eq!(code, 0);
    assert!(kif.contains("変化：1手"), "{kif}");
    let (_, text) = yosei(&["solve", THREE_MATES, "--stip", "mate:3"]);
    assert!(text.contains("solved: 1 solution line within 3 plies"), "{text}");
    assert!(text.contains("sound: one solution line"), "{text}");
    let (code, text) = yosei(&["solve", THREE_MATES, "--stip", "mate:1"]);
    assert_eq!(code, 0);
    assert!(
        text.contains("no solution in 1 ply or fewer") && text.contains("refutations"),
        "{text}"
    );
    let (code, _) = yosei(&["solve", THREE_MATES, "--stip", "mate:4"]);
    assert_eq!(code, 1, "an even length is an input error");
}

/// The one JSON line `yosei check` writes for `args`.
fn check_json(args: &[&str]) -> String {
    let mut all = vec!["check"];
    all.extend_from_slice(args);
    all.extend_from_slice(&["--format", "json"]);
    let (code, out) = yosei(&all);
    assert_eq!((code, out.lines().count()), (0, 1), "{out}");
    out
}

#[test]
fn a_folder_is_checked_with_its_subfolders() {
    let dir = std::env::temp_dir().join(format!("yosei-check-tree-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("b/deeper")).unwrap();
    std::fs::create_dir_all(dir.join(".hidden")).unwrap();
    std::fs::write(dir.join("b/deeper/01_cook.sfen"), format!("{TWO_MATES}\n")).unwrap();
    std::fs::write(dir.join("b/03_figure.sfen"), format!("{THREE_MATES}\n")).unwrap();
    std::fs::write(dir.join("03_dual.sfen"), format!("{LAST_MOVE_DUAL}\n")).unwrap();
    std::fs::write(dir.join(".hidden/01_skip.sfen"), format!("{TWO_MATES}\n")).unwrap();
    std::fs::write(dir.join(".skip.sfen"), "not a problem\n").unwrap();
    // A link back up is not followed.
    #[cfg(unix)]
    std::os::unix::fs::symlink(&dir, dir.join("b/up")).unwrap();
    let dir_arg = dir.to_string_lossy().into_owned();
    let (code, table) = yosei(&["check", &dir_arg, "--stip", "mate", "--jobs", "2"]);
    assert_eq!(code, 0, "{table}");
    let sep = std::path::MAIN_SEPARATOR;
    let rows: Vec<&str> = table.lines().skip(1).take(3).collect();
    assert!(
        rows[0].starts_with("03_dual.sfen:1 ") && rows[0].contains("mate:3"),
        "{table}"
    );
    assert!(rows[1].starts_with(&format!("b{sep}03_figure.sfen:1 ")), "{table}");
    assert!(
        rows[2].starts_with(&format!("b{sep}deeper{sep}01_cook.sfen:1 ")),
        "{table}"
    );
    assert!(!table.contains(&dir_arg) && !table.contains("skip"), "{table}");
    assert!(
        table.contains("3 problems: 3 solved (2 sound, 1 not sound, 1 with duals), 0 with no solution"),
        "{table}"
    );
    let (_, json) = yosei(&["check", &dir_arg, "--stip", "mate", "--format", "json"]);
    assert_eq!(json.lines().count(), 3, "{json}");
    assert!(
        json.contains(&format!(r#""origin":"b{sep}deeper{sep}01_cook.sfen:1""#)),
        "{json}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_final_move_alternative_of_a_tsume_is_a_dual_not_a_cook() {
    let line = check_json(&[LAST_MOVE_DUAL]);
    assert!(line.contains(r#""solution_count":1,"cooks":[],"duals":1,"#), "{line}");
    assert!(line.contains(r#""sound":true"#), "{line}");
}

#[test]
fn mate_in_n_counts_the_other_final_mates_as_duals() {
    // 32歩成 11玉 and three mates (22角打, 22銀打, 23桂打): one line, two duals.
    let line = check_json(&[THREE_MATES, "--stip", "mate:3"]);
    assert!(line.contains(r#""solution_count":1,"cooks":[],"duals":2,"#), "{line}");
    assert!(line.contains(r#""sound":true"#), "{line}");
    let (_, text) = yosei(&["solve", THREE_MATES, "--stip", "mate:3"]);
    assert!(
        text.contains("2 duals: lines that differ from another only in the last move"),
        "{text}"
    );
    // With one ply every mate is a line: a cook, no dual.
    let line = check_json(&[TWO_MATES, "--stip", "mate:1"]);
    assert!(
        line.contains(r#""solution_count":2,"#) && line.contains(r#""duals":0,"#),
        "{line}"
    );
}

#[test]
fn help_play_duals_are_solutions_that_differ_only_in_the_last_move() {
    let line = check_json(&[TWO_MATES, "--stip", "help:1"]);
    assert!(line.contains(r#""solution_count":2,"cooks":[],"duals":1,"#), "{line}");
    assert!(line.contains(r#""sound":false"#), "{line}");
    // 16 solutions on 8 beginnings of two moves: 32歩成 11玉 then three mates, six
    // bishop drops 31玉 then two ways to 32, and 13桂打 31玉 32歩成: 8 duals.
    let line = check_json(&[THREE_MATES, "--stip", "help:3"]);
    assert!(line.contains(r#""solution_count":16,"cooks":[],"duals":8,"#), "{line}");
}
