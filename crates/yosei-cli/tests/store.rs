//! `yosei check --store PATH`: a result is answered from the store when the same
//! problem is checked again under the same rules and options, and only then; a damaged
//! store is set aside and rebuilt; two processes writing to one store lose nothing.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn yosei(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_yosei")).args(args).output().unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A folder of `count` generated mate:3 problems (`03_…kif`) and the store's path.
fn collection(name: &str, seed: &str, count: &str) -> (PathBuf, PathBuf) {
    let root = std::env::temp_dir().join(format!("yosei-store-test-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    let problems = root.join("problems");
    let out = yosei(&[
        "generate",
        "--stip",
        "mate:3",
        "--count",
        count,
        "--seed",
        seed,
        "--out",
        &problems.to_string_lossy(),
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    (problems, root.join("results.sqlite"))
}

/// `yosei check DIR --stip mate --store STORE [extra]`: the summary line.
fn check(problems: &Path, store: &Path, extra: &[&str]) -> (String, String) {
    let dir = problems.to_string_lossy().into_owned();
    let store = store.to_string_lossy().into_owned();
    let mut args = vec!["check", &dir, "--stip", "mate", "--store", &store, "--jobs", "1"];
    args.extend_from_slice(extra);
    let out = yosei(&args);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let table = text(&out.stdout);
    (table.lines().last().unwrap_or("").to_string(), text(&out.stderr))
}

#[test]
fn the_second_check_is_answered_from_the_store_and_other_rules_miss() {
    let (problems, store) = collection("hit", "31", "6");
    let (first, _) = check(&problems, &store, &[]);
    assert!(
        first.contains("6 solved (6 sound, 0 not sound")
            && first.ends_with("0 with no solution, 0 unknown, 0 errors · 0 answered from the store"),
        "{first}"
    );
    let (again, _) = check(&problems, &store, &[]);
    assert!(
        again.contains("6 solved (6 sound, 0 not sound")
            && again.ends_with("0 with no solution, 0 unknown, 0 errors · 6 answered from the store"),
        "{again}"
    );
    // Other rules, another option that can change the answer: not the same problem.
    let (other_rules, _) = check(&problems, &store, &["--uchifuzume", "any"]);
    assert!(other_rules.ends_with("· 0 answered from the store"), "{other_rules}");
    let (other_pass, _) = check(&problems, &store, &["--lion-pass", "any"]);
    assert!(other_pass.ends_with("· 0 answered from the store"), "{other_pass}");
    let (other_option, _) = check(&problems, &store, &["--hash", "512"]);
    assert!(other_option.ends_with("· 0 answered from the store"), "{other_option}");
    // JSON Lines say which lines came from the store and keep each file's origin.
    let out = yosei(&[
        "check",
        &problems.to_string_lossy(),
        "--stip",
        "mate",
        "--store",
        &store.to_string_lossy(),
        "--format",
        "json",
    ]);
    let lines = text(&out.stdout);
    assert_eq!(lines.lines().count(), 6);
    for line in lines.lines() {
        assert!(
            line.contains(r#""stored":true"#) && line.contains(r#""origin":""#) && line.contains("03_31-"),
            "{line}"
        );
    }
    let _ = std::fs::remove_dir_all(problems.parent().unwrap());
}

#[test]
fn a_damaged_store_is_set_aside_and_rebuilt() {
    let (problems, store) = collection("damaged", "32", "3");
    check(&problems, &store, &[]);
    // Overwrite every page but the header's after its page header: the file still opens, and
    // SQLite's structure check (quick_check) finds the damage.
    let mut bytes = std::fs::read(&store).unwrap();
    for page in bytes.chunks_mut(4096).skip(1) {
        for b in page.iter_mut().skip(16) {
            *b = 0x33;
        }
    }
    std::fs::write(&store, &bytes).unwrap();
    let (summary, err) = check(&problems, &store, &[]);
    assert!(err.contains("was damaged") && err.contains("set aside"), "{err}");
    assert!(
        summary.contains("3 solved (3 sound, 0 not sound")
            && summary.ends_with("0 with no solution, 0 unknown, 0 errors · 0 answered from the store"),
        "{summary}"
    );
    let aside = std::fs::read_dir(store.parent().unwrap())
        .unwrap()
        .filter(|e| e.as_ref().unwrap().file_name().to_string_lossy().contains(".damaged-"))
        .count();
    assert!(aside >= 1, "the damaged file is kept beside");
    let (rebuilt, err) = check(&problems, &store, &[]);
    assert!(!err.contains("damaged"), "{err}");
    assert!(rebuilt.ends_with("· 3 answered from the store"), "{rebuilt}");
    let _ = std::fs::remove_dir_all(problems.parent().unwrap());
}

#[test]
fn two_processes_write_to_one_store_at_once() {
    let (problems, store) = collection("two", "33", "16");
    let dir = problems.to_string_lossy().into_owned();
    let store_arg = store.to_string_lossy().into_owned();
    let start = || {
        Command::new(env!("CARGO_BIN_EXE_yosei"))
            .args(["check", &dir, "--stip", "mate", "--store", &store_arg, "--jobs", "2"])
            .output()
    };
    // Two processes over the same files: every answer is written twice, at once.
    let (a, b) = std::thread::scope(|s| {
        let a = s.spawn(start);
        let b = s.spawn(start);
        (a.join().unwrap().unwrap(), b.join().unwrap().unwrap())
    });
    for out in [&a, &b] {
        assert!(out.status.success(), "{}", text(&out.stderr));
        assert!(!text(&out.stderr).contains("failed"), "{}", text(&out.stderr));
        assert!(
            text(&out.stdout).contains("16 problems: 16 solved (16 sound"),
            "{}",
            text(&out.stdout)
        );
    }
    let (after, _) = check(&problems, &store, &[]);
    assert!(after.ends_with("· 16 answered from the store"), "{after}");
    let _ = std::fs::remove_dir_all(problems.parent().unwrap());
}
