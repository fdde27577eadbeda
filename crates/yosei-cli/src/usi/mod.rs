//! `yosei usi`: a USI engine for shogi GUIs (docs/usi.md). Standard input is read on the
//! main thread, which stays free for `stop` and `quit` while a search runs on a thread
//! of its own; every `go` gets exactly one answer.

mod command;
mod options;
mod search;

use command::{parse_command, Clock, Command, Go};
use options::{EngineOptions, Set};
use search::{Answer, Job, Running};
use std::io::{BufRead, Write};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use yosei_core::Color;
use yosei_io::encoding::decode_text;
use yosei_io::input::{game_after, position_after};
use yosei_io::sfen::SfenRecord;
use yosei_solve::tsume::TsumeOptions;
use yosei_solve::{Limits, PriorGame};

/// Nodes spent making sure the line answered to a GUI is the shortest.
const USI_CERTIFY_NODES: u64 = 2_000_000;

/// Where the engine's lines go: whole lines, flushed at once, from any thread.
#[derive(Clone)]
pub struct Output(Arc<Mutex<Box<dyn Write + Send>>>);

impl Output {
    fn send(&self, line: &str) {
        // One line, whatever a message quotes: a control character (a NUL from a
        // garbled input line, a line break in a message) would break the protocol.
        let line: String = line
            .chars()
            .map(|c| match c {
                '\t' | '\n' | '\r' => ' ',
                c if c.is_control() => char::REPLACEMENT_CHARACTER,
                c => c,
            })
            .collect();
        let mut out = self.0.lock().unwrap_or_else(|e| e.into_inner());
        // A GUI that has closed the pipe hears nothing more; the engine ends at the end
        // of its input.
        let _ = writeln!(out, "{line}").and_then(|()| out.flush());
    }
}

/// Reads commands from standard input until `quit` or its end.
pub fn run() -> Result<(), String> {
    let mut engine = Engine {
        out: Output(Arc::new(Mutex::new(Box::new(std::io::stdout())))),
        options: EngineOptions::default(),
        position: None,
        search: None,
    };
    for bytes in std::io::stdin().lock().split(b'\n') {
        let bytes = bytes.map_err(|e| format!("cannot read standard input: {e}"))?;
        // UTF-8, or Shift_JIS from a GUI that sends it (a condition's Japanese name)
        let line = decode_text(&bytes).unwrap_or_else(|_| String::from_utf8_lossy(&bytes).into_owned());
        let handled = catch_unwind(AssertUnwindSafe(|| engine.handle(&line)));
        match handled {
            Ok(Flow::Quit) => break,
            Ok(Flow::Continue) => {}
            // a bug (its message went to standard error): say so and go on
            Err(_) => engine.info("internal error while handling the last line"),
        }
    }
    if let Some(search) = engine.search.take() {
        search.finish();
    }
    Ok(())
}

#[derive(PartialEq, Eq)]
enum Flow {
    Continue,
    Quit,
}

struct Engine {
    out: Output,
    options: EngineOptions,
    /// The last `position`, validated when `go` comes (under the rules in force then).
    position: Option<SfenRecord>,
    search: Option<Running>,
}

impl Engine {
    fn send(&self, line: &str) {
        self.out.send(line);
    }

    fn info(&self, message: &str) {
        self.send(&format!("info string {message}"));
    }

    fn handle(&mut self, line: &str) -> Flow {
        match parse_command(line) {
            Ok(Some(command)) => return self.run(command),
            Ok(None) => {}
            Err(message) => self.info(&message),
        }
        Flow::Continue
    }

    fn run(&mut self, command: Command) -> Flow {
        match command {
            Command::Usi => {
                self.send(&format!("id name yosei {}", env!("CARGO_PKG_VERSION")));
                self.send("id author the yosei authors");
                for line in options::declarations() {
                    self.send(&line);
                }
                self.send("usiok");
            }
            Command::IsReady => self.send("readyok"),
            Command::SetOption { name, value } => match self.options.set(&name, &value) {
                Ok(Set::Done) => {}
                Ok(Set::Unknown) => self.info(&format!("unknown option '{name}': ignored")),
                Err(message) => self.info(&format!("{message}; the option is unchanged")),
            },
            Command::UsiNewGame | Command::Ignored => {}
            Command::Position(Ok(record)) => {
                // Said now, when the GUI sent it; `go` checks again under its rules.
                if let Err(message) = position_after(&record.setup, &record.moves, &self.options.rules) {
                    self.info(&format!("position: {message}"));
                }
                self.position = Some(*record);
            }
            Command::Position(Err(message)) => {
                // never search the position before instead
                self.position = None;
                self.info(&format!("position: {message}"));
            }
            Command::Go(go) => self.go(go),
            Command::Stop => {
                if let Some(search) = &self.search {
                    search.stop();
                }
            }
            Command::PonderHit => {
                if let Some(search) = &self.search {
                    search.ponder_hit();
                }
            }
            Command::GameOver => {
                if let Some(search) = self.search.take() {
                    search.finish();
                }
            }
            Command::Quit => return Flow::Quit,
        }
        Flow::Continue
    }

    fn go(&mut self, go: Go) {
        // One search at a time: a `go` during a search ends it, and it answers first.
        if let Some(previous) = self.search.take() {
            previous.finish();
        }
        let (answer, clock) = match go {
            Go::Mate { time } => (Answer::Checkmate, Ok(time)),
            Go::Play(clock) => (Answer::BestMove, Err(clock)),
            Go::Unreadable { mate, reason } => {
                let answer = if mate { Answer::Checkmate } else { Answer::BestMove };
                return self.nothing_searched(answer, &reason);
            }
        };
        let Some(record) = &self.position else {
            return self.nothing_searched(
                answer,
                "no position: expected 'position sfen …' or 'position startpos' before 'go'",
            );
        };
        // the moves played count for repetition (rules.md §7)
        let (position, prior) = match game_after(&record.setup, &record.moves, &self.options.rules)
            .and_then(|game| Ok((game.current().clone(), PriorGame::of(&game, &self.options.rules)?)))
        {
            Ok(found) => found,
            Err(message) => return self.nothing_searched(answer, &format!("position: {message}")),
        };
        let (time, ponder) = match clock {
            Ok(time) => (time, None),
            Err(clock) => {
                if !clock.ignored.is_empty() {
                    self.info(&format!("go: ignored '{}'", clock.ignored.join(" ")));
                }
                let time = time_for_move(&clock, position.side_to_move());
                // pondering: no limit until `ponderhit`, then the move's time
                if clock.ponder {
                    (None, Some(time))
                } else {
                    (time, None)
                }
            }
        };
        let options = &self.options;
        let job = Job {
            position,
            rules: options.rules.clone(),
            options: TsumeOptions {
                futile: options.futile,
                // (a GUI is given the line, not its cooks)
                rejoining: Default::default(),
                stated_length: None,
                // A GUI wants the line: a short look for a shorter one, no cook hunt.
                certify_nodes: Some(USI_CERTIFY_NODES),
                prior,
            },
            limits: Limits {
                hash_mb: options.hash_mb,
                threads: options.threads,
                max_nodes: (options.nodes_limit > 0).then_some(options.nodes_limit),
                time_limit: time,
                ..Limits::default()
            },
            answer,
            pv_interval_ms: options.pv_interval_ms,
            ponder,
        };
        self.search = Some(Running::start(job, self.out.clone()));
    }

    /// A `go` that cannot start: why, and the answer of a search that found nothing.
    fn nothing_searched(&self, answer: Answer, why: &str) {
        self.info(why);
        self.send(answer.nothing_found());
    }
}

/// Kept back from the clock for the GUI and the pipes.
const CLOCK_MARGIN_MS: u64 = 100;

/// How long a plain `go` may search: `movetime`, or a twentieth of the side's time
/// plus its increment and byoyomi, less a margin; no limit for `infinite` or a `go`
/// without a clock.
fn time_for_move(clock: &Clock, side: Color) -> Option<Duration> {
    if let Some(ms) = clock.movetime {
        return Some(Duration::from_millis(ms));
    }
    if clock.infinite || !clock.timed {
        return None;
    }
    let (time, increment) = match side {
        Color::Black => (clock.btime, clock.binc),
        Color::White => (clock.wtime, clock.winc),
    };
    let budget = (time / 20).saturating_add(increment).saturating_add(clock.byoyomi);
    Some(Duration::from_millis(budget.saturating_sub(CLOCK_MARGIN_MS).max(1)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_for_a_move() {
        let clock = |btime, byoyomi| Clock {
            btime,
            byoyomi,
            timed: true,
            ..Clock::default()
        };
        let ms = |c: &Clock, side| time_for_move(c, side).map(|d| d.as_millis());
        assert_eq!(ms(&clock(60_000, 0), Color::Black), Some(2900));
        assert_eq!(ms(&clock(0, 1000), Color::Black), Some(900));
        assert_eq!(ms(&clock(60_000, 0), Color::White), Some(1));
        assert_eq!(ms(&Clock::default(), Color::White), None);
        assert_eq!(ms(&clock(0, 50), Color::Black), Some(1));
        let infinite = Clock {
            btime: 5000,
            timed: true,
            infinite: true,
            ..Clock::default()
        };
        assert_eq!(ms(&infinite, Color::Black), None);
    }
}
