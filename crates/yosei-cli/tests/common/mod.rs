//! What the command-line tests share.

use std::ffi::OsStr;
use std::process::Command;

/// Runs `yosei ARGS` with `contents` written to a file of its own (named `stem` and a
/// counter, ending in `.ext`) as the first argument after `command`; the file is
/// removed afterwards.
#[allow(dead_code)] // each test file compiles this module; not all of them use this
pub fn run_yosei_on_text(command: &str, stem: &str, ext: &str, contents: &str, args: &[&str]) -> (i32, String, String) {
    use std::sync::atomic::{AtomicUsize, Ordering};
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let path = std::env::temp_dir().join(format!(
        "{stem}-{}-{}.{ext}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    ));
    std::fs::write(&path, contents).unwrap();
    let mut all: Vec<&OsStr> = vec![command.as_ref(), path.as_os_str()];
    all.extend(args.iter().map(OsStr::new));
    let out = run_yosei(all);
    std::fs::remove_file(&path).unwrap();
    out
}

/// Runs `yosei ARGS` to its end: exit status (-1 if killed), standard output and
/// standard error.
pub fn run_yosei<I: IntoIterator<Item = S>, S: AsRef<OsStr>>(args: I) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_yosei")).args(args).output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}
