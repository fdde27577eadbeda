//! `yosei`: the command-line program (../shared/spec/cli.md).

mod bench;
mod check;
mod cli;
mod condition_list;
mod generate;
mod serve;
mod solve;
mod store;
mod usi;

use std::process::ExitCode;

fn main() -> ExitCode {
    match cli::run() {
        Ok(code) => code,
        Err(message) => {
            eprintln!("yosei: {message}");
            ExitCode::from(1)
        }
    }
}
