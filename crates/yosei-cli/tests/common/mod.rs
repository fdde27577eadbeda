//! What the command-line tests share.

use std::ffi::OsStr;
use std::process::Command;

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
