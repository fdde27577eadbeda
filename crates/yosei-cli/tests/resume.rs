//! `yosei solve --spill-dir DIR --time-limit S` saves a help search at its limit and
//! `--resume` takes it up, as a user runs it: exit status 2 (unknown) until the search
//! comes to an end, then the answer of one sitting.

mod common;

use common::run_yosei;
use std::ffi::OsString;
use std::path::{Path, PathBuf};

fn problem() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../benches/data/helpmate/forest-06-10_97.sfen")
}

/// Exit status, stdout and stderr of `yosei solve` with `args` (`--stip help:97`
/// unless they give one).
fn solve(args: &[&str]) -> (i32, String, String) {
    let stip = if args.contains(&"--stip") {
        &[][..]
    } else {
        &["--stip", "help:97"][..]
    };
    let mut all: Vec<OsString> = vec!["solve".into(), problem().into()];
    all.extend(
        stip.iter()
            .chain(&["--format", "json", "--threads", "2"])
            .chain(args)
            .map(OsString::from),
    );
    run_yosei(all)
}

fn field<'a>(json: &'a str, name: &str) -> &'a str {
    let at = json
        .find(&format!("\"{name}\":"))
        .unwrap_or_else(|| panic!("{name} in {json}"))
        + name.len()
        + 3;
    let end = json[at..].find([',', '}']).unwrap() + at;
    &json[at..end]
}

#[test]
fn a_search_saved_at_its_time_limit_is_resumed_to_its_answer() {
    let (status, one_sitting, _) = solve(&[]);
    assert_eq!(status, 0, "{one_sitting}");
    let dir = std::env::temp_dir().join(format!("yosei-cli-resume-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let dir_arg = dir.to_str().unwrap();
    let (mut status, mut out, _) = solve(&["--spill-dir", dir_arg, "--time-limit", "0.05"]);
    let mut sittings = 1;
    while status == 2 && sittings < 200 {
        assert!(out.contains("--resume goes on from there"), "{out}");
        (status, out, _) = solve(&["--spill-dir", dir_arg, "--time-limit", "0.05", "--resume"]);
        sittings += 1;
    }
    assert_eq!(status, 0, "{out}");
    assert!(sittings > 1 && out.contains("resumed at ply"), "{sittings}: {out}");
    for name in ["verdict", "length", "solution_count", "sound", "solutions"] {
        assert_eq!(field(&out, name), field(&one_sitting, name), "{name}");
    }
    assert_eq!(
        std::fs::read_dir(&dir).unwrap().count(),
        0,
        "the save is removed at the end"
    );
    // Nothing to resume: unknown, saying so.
    let (status, out, _) = solve(&["--spill-dir", dir_arg, "--resume"]);
    assert_eq!(status, 2);
    assert!(out.contains("no saved search of this problem"), "{out}");
    std::fs::remove_dir_all(&dir).unwrap();
    // --resume needs --spill-dir; self-mates are not saved.
    let (status, _, err) = solve(&["--resume"]);
    assert_ne!(status, 0);
    assert!(err.contains("--spill-dir"), "{err}");
    let (status, _, err) = solve(&["--resume", "--spill-dir", "/tmp", "--stip", "self:3"]);
    assert_eq!(status, 1, "{err}");
    assert!(err.contains("--resume takes up help play only"), "{err}");
}
