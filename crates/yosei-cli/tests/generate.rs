//! `yosei generate`: every problem it prints is checked again by `yosei check` (a
//! generator that prints an unsound problem fails here), and the same seed gives the
//! same output on any number of threads.

use std::process::Command;

fn yosei(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_yosei")).args(args).output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("yosei-generate-test-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Generates `count` problems of `stip` as SFEN lines, then checks them all with
/// `yosei check … --format json`: each must be solved, sound, with one solution of the
/// stated length.
fn generate_and_check(stip: &str, count: usize, extra: &[&str]) {
    let count_arg = count.to_string();
    let mut args = vec!["generate", "--stip", stip, "--count", &count_arg, "--seed", "2024"];
    args.extend_from_slice(extra);
    let (code, sfens, err) = yosei(&args);
    assert_eq!(code, 0, "{err}");
    assert_eq!(sfens.lines().count(), count, "{sfens}{err}");
    let dir = temp_dir(&stip.replace(':', "-"));
    let file = dir.join("generated.sfen");
    std::fs::write(&file, &sfens).unwrap();
    let (code, report, err) = yosei(&["check", &file.to_string_lossy(), "--stip", stip, "--format", "json"]);
    assert_eq!(code, 0, "{err}");
    let length = stip.split_once(':').map(|(_, n)| n);
    assert_eq!(report.lines().count(), count, "{report}");
    for line in report.lines() {
        assert!(line.contains(r#""verdict":"solved""#), "{line}");
        assert!(line.contains(r#""sound":true"#), "{line}");
        assert!(line.contains(r#""solution_count":1,"#), "{line}");
        if let Some(n) = length {
            assert!(line.contains(&format!(r#""length":{n},"#)), "{line}");
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn mate_in_3_problems_are_sound() {
    generate_and_check("mate:3", 5, &[]);
}

#[test]
fn helpmate_3_problems_are_sound() {
    generate_and_check("help:3", 3, &[]);
}

#[test]
fn tsume_3_problems_are_sound() {
    generate_and_check("tsume:3", 2, &["--king-region", "11-33", "--nodes", "20000"]);
}

#[test]
fn the_same_seed_gives_the_same_problems_on_any_number_of_threads() {
    let run = |seed: &str, threads: &str| {
        let (code, out, err) = yosei(&[
            "generate",
            "--stip",
            "mate:5",
            "--count",
            "3",
            "--seed",
            seed,
            "--threads",
            threads,
            "--format",
            "json",
        ]);
        assert_eq!(code, 0, "{err}");
        // The JSON carries the search's time; what the problems are is the rest.
        out.lines()
            .map(|l| l.split(r#","elapsed_ms""#).next().unwrap_or(l).to_string())
            .collect::<Vec<_>>()
    };
    let one = run("77", "1");
    assert_eq!(one.len(), 3);
    assert_eq!(one, run("77", "2"));
    assert_eq!(one, run("77", "1"));
    assert_ne!(one, run("78", "2"));
}

#[test]
fn kif_files_named_by_length_check_as_a_collection() {
    let dir = temp_dir("kif");
    let dir_arg = dir.to_string_lossy().into_owned();
    let (code, _, err) = yosei(&[
        "generate",
        "--stip",
        "mate:3",
        "--count",
        "2",
        "--seed",
        "9",
        "--king-region",
        "11-33",
        "--pieces",
        "4",
        "--out",
        &dir_arg,
    ]);
    assert_eq!(code, 0, "{err}");
    let names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names.len(), 2, "{names:?}");
    assert!(
        names.iter().all(|n| n.starts_with("03_9-") && n.ends_with(".kif")),
        "{names:?}"
    );
    // `--stip mate` takes N from each file's name, as for seed 004's collections.
    let (code, table, err) = yosei(&["check", &dir_arg, "--stip", "mate"]);
    assert_eq!(code, 0, "{err}");
    assert!(table.contains("2 problems: 2 solved (2 sound"), "{table}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_options_are_named() {
    let (code, _, err) = yosei(&["generate", "--stip", "self:3"]);
    assert_eq!(code, 1);
    assert!(
        err.contains("generate makes mate:N, help:N or tsume[:N] problems"),
        "{err}"
    );
    let (code, _, err) = yosei(&["generate", "--stip", "mate:4"]);
    assert_eq!(code, 1);
    assert!(err.contains("must be odd"), "{err}");
    let (code, _, err) = yosei(&["generate", "--stip", "mate:3", "--king-region", "1-3"]);
    assert_ne!(code, 0);
    assert!(err.contains("expected a square as two digits"), "{err}");
    let (code, _, err) = yosei(&["generate", "--stip", "mate:3", "--pieces", "6-3"]);
    assert_ne!(code, 0);
    assert!(err.contains("MIN ≤ MAX"), "{err}");
}

#[test]
fn a_limit_that_cuts_the_run_short_exits_2() {
    // One candidate cannot make ten problems.
    let (code, out, err) = yosei(&[
        "generate", "--stip", "mate:3", "--count", "10", "--seed", "1", "--tries", "1",
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(out.is_empty(), "{out}");
    assert!(err.contains("0 of 10 mate:3 problems"), "{err}");
}
