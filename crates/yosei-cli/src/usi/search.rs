//! One `go`: the direct-mate search on a thread of its own, `info` lines at the interval
//! asked for, and exactly one answer at the end (`checkmate …` or `bestmove …`).

use super::Output;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};
use yosei_io::Report;
use yosei_rules::{Position, RuleSet, Stipulation};
use yosei_solve::tsume::{solve_tsume, TsumeOptions, TsumeProgress};
use yosei_solve::{Limits, Verdict};

/// How the answer is given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    /// `go mate`: `checkmate <moves>`, `checkmate nomate` or `checkmate timeout`.
    Checkmate,
    /// A plain `go`: `bestmove <first move of the mate>` or `bestmove resign`.
    BestMove,
}

impl Answer {
    /// The answer when nothing was searched or nothing was found in time.
    pub fn nothing_found(self) -> &'static str {
        match self {
            Answer::Checkmate => "checkmate timeout",
            Answer::BestMove => "bestmove resign",
        }
    }
}

/// What one search is given.
pub struct Job {
    pub position: Position,
    pub rules: RuleSet,
    pub options: TsumeOptions,
    pub limits: Limits,
    pub answer: Answer,
    /// Milliseconds between `info` lines; 0 for none.
    pub pv_interval_ms: u64,
    /// `go ponder`: the search runs without a limit and keeps its answer until
    /// `ponderhit` or `stop` (USI); after `ponderhit` it has this long (None: no limit).
    pub ponder: Option<Option<Duration>>,
}

/// A search under way.
pub struct Running {
    stop: Arc<AtomicBool>,
    /// Sends `ponderhit` or `stop` to a pondering search; dropped, it releases it too.
    release: mpsc::Sender<()>,
    /// The time a pondering search has after `ponderhit`.
    after_ponder_hit: Option<Duration>,
    thread: JoinHandle<()>,
}

impl Running {
    /// Starts `job`; `limits.stop` is replaced by this search's own flag.
    pub fn start(mut job: Job, out: Output) -> Running {
        let stop = Arc::new(AtomicBool::new(false));
        job.limits.stop = Some(stop.clone());
        let after_ponder_hit = job.ponder.flatten();
        let (release, released) = mpsc::channel();
        let thread = thread::spawn(move || {
            let pondering = job.ponder.is_some();
            let lines = search(job, &out);
            if pondering {
                // Err: the engine let go of the search (quit); answer all the same.
                let _ = released.recv();
            }
            for line in lines {
                out.send(&line);
            }
        });
        Running {
            stop,
            release,
            after_ponder_hit,
            thread,
        }
    }

    /// Asks the search to stop; its answer follows.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
        let _ = self.release.send(());
    }

    /// `ponderhit`: the pondering search becomes the engine's turn; the answer is given
    /// when the search ends.
    pub fn ponder_hit(&self) {
        let _ = self.release.send(());
        if let Some(time) = self.after_ponder_hit {
            let stop = self.stop.clone();
            thread::spawn(move || {
                thread::sleep(time);
                stop.store(true, Ordering::Relaxed);
            });
        }
    }

    /// Stops the search and waits until its answer has been sent.
    pub fn finish(self) {
        self.stop();
        let _ = self.thread.join();
    }
}

/// Runs the search, sending `info` lines meanwhile; returns the lines of the answer.
fn search(job: Job, out: &Output) -> Vec<String> {
    let started = Instant::now();
    let latest = Arc::new(Mutex::new(TsumeProgress::default()));
    let (done, finished) = mpsc::channel();
    let worker = {
        let latest = latest.clone();
        let Job {
            position,
            rules,
            options,
            limits,
            ..
        } = job;
        thread::spawn(move || {
            let outcome = solve_tsume(&position, &rules, &options, &limits, |p| {
                *latest.lock().unwrap_or_else(|e| e.into_inner()) = p.clone();
            });
            let _ = done.send(Report::new(
                &outcome,
                Stipulation::Tsume { length: None },
                &rules,
                "usi",
            ));
        })
    };
    let interval = Duration::from_millis(job.pv_interval_ms);
    let report = loop {
        let waited = if job.pv_interval_ms == 0 {
            finished.recv().map_err(|_| RecvTimeoutError::Disconnected)
        } else {
            finished.recv_timeout(interval)
        };
        match waited {
            Ok(report) => break Some(report),
            Err(RecvTimeoutError::Timeout) => {
                let progress = latest.lock().unwrap_or_else(|e| e.into_inner()).clone();
                for line in progress_lines(&progress, started.elapsed()) {
                    out.send(&line);
                }
            }
            // the solver panicked (its message went to standard error)
            Err(RecvTimeoutError::Disconnected) => break None,
        }
    };
    let _ = worker.join();
    match report {
        Some(report) => answer_lines(&report, job.answer),
        None => vec![
            "info string internal error: the search ended without an answer".to_string(),
            job.answer.nothing_found().to_string(),
        ],
    }
}

/// `time`, `nodes`, `nps`, `hashfull` and the best line known, then what the search is
/// doing with its proof and disproof numbers.
fn progress_lines(p: &TsumeProgress, elapsed: Duration) -> Vec<String> {
    let ms = elapsed.as_millis();
    let mut stats = format!(
        "info time {ms} nodes {} nps {} hashfull {}",
        p.nodes,
        per_second(p.nodes, ms),
        p.table_permille.min(1000)
    );
    if !p.line.is_empty() {
        let line: Vec<String> = p.line.iter().map(|m| m.to_usi()).collect();
        stats.push_str(&format!(" pv {}", line.join(" ")));
    }
    let phase = if p.phase.is_empty() { "searching" } else { p.phase };
    vec![
        stats,
        format!("info string {phase} pn {} dn {}", p.proof_number, p.disproof_number),
    ]
}

fn per_second(nodes: u64, ms: u128) -> u128 {
    u128::from(nodes) * 1000 / ms.max(1)
}

/// The lines that end a search: the notes, a last `info`, and the answer.
fn answer_lines(report: &Report, answer: Answer) -> Vec<String> {
    let mut lines: Vec<String> = report.notes.iter().map(|n| format!("info string {n}")).collect();
    let moves = report.main_line();
    let summary = format!(
        "info time {} nodes {} nps {}",
        report.elapsed_ms,
        report.nodes,
        per_second(report.nodes, report.elapsed_ms)
    );
    let solved = report.verdict == Verdict::Solved && !moves.is_empty();
    lines.push(match (answer, solved) {
        (Answer::BestMove, true) => {
            let n = moves.len();
            format!("{summary} depth {n} score mate {n} pv {}", moves.join(" "))
        }
        _ => summary,
    });
    lines.push(match (answer, report.verdict) {
        (Answer::Checkmate, Verdict::Solved) if solved => format!("checkmate {}", moves.join(" ")),
        (Answer::Checkmate, Verdict::NoSolution) => "checkmate nomate".to_string(),
        (Answer::BestMove, Verdict::Solved) if solved => format!("bestmove {}", moves[0]),
        _ => answer.nothing_found().to_string(),
    });
    lines
}
