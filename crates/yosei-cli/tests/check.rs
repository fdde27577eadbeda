//! `yosei check` on a folder of problems named as seed 004 names them (`NN_…`: N is the
//! stated length) and `yosei solve --stip mate:N` as a user runs them.

use std::process::Command;

/// 32歩成 11玉 and three mates: one line (seed 004's first figure).
const THREE_MATES: &str = "7k1/8p/6P2/9/6L2/9/9/9/9 b BSN2rb4g3s3n3l16p 1";
/// Two mates in one (22銀打, 23桂打): a cook.
const TWO_MATES: &str = "8k/6+P1p/9/9/6L2/9/9/9/9 b SN2r2b4g3s3n3l16p 1";

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
        table.contains("3 problems: 1 sound, 1 not sound, 0 with no solution, 0 unknown, 1 errors"),
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
