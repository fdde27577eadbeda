//! Solves started from the page: each on a thread of its own (never a request's), with
//! a stop flag the solvers poll (`Limits::stop`), its latest progress and its result
//! kept here for the event stream to send.

use super::api::{body, ApiError, Loaded, ProblemRequest};
use crate::solve::{kif, solve_problem, target_position, text, SolverProgress};
use axum::extract::rejection::JsonRejection;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::Json;
use futures_util::stream::{self, Stream};
use serde::Deserialize;
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::convert::Infallible;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;
use yosei_io::display::replay_solution;
use yosei_io::sfen::write_sfen;
use yosei_io::Report;
use yosei_solve::tsume::TsumeOptions;
use yosei_solve::{Limits, Outcome};

/// Solves running at once; a page that starts more is told to stop one first.
const MAX_RUNNING: usize = 4;
/// Finished solves kept for a late event stream; older ones are forgotten.
const KEPT_FINISHED: usize = 16;
/// Solutions sent with their positions for stepping through (all are counted and
/// listed in the report; beyond this many the page shows them as text).
const REPLAYED_LINES: usize = 200;
/// How often an event stream looks for news.
const POLL: Duration = Duration::from_millis(100);

#[derive(Default)]
pub struct Jobs {
    next_id: AtomicU64,
    by_id: Mutex<BTreeMap<u64, Arc<Job>>>,
}

impl Jobs {
    fn lock(&self) -> MutexGuard<'_, BTreeMap<u64, Arc<Job>>> {
        // A poisoned map is still a map: nothing here is left half-written.
        self.by_id.lock().unwrap_or_else(|p| p.into_inner())
    }
}

#[derive(Default)]
pub struct Job {
    stop: Arc<AtomicBool>,
    state: Mutex<JobState>,
}

#[derive(Default)]
struct JobState {
    /// Counts every change, so that a stream sends each state once.
    version: u64,
    progress: Option<Value>,
    /// `{"report": …}` or `{"error": …}`, once the solve has ended.
    result: Option<Value>,
}

impl Job {
    fn state(&self) -> MutexGuard<'_, JobState> {
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }

    fn finished(&self) -> bool {
        self.state().result.is_some()
    }

    fn set_progress(&self, progress: Value) {
        let mut state = self.state();
        state.progress = Some(progress);
        state.version += 1;
    }

    fn set_result(&self, result: Value) {
        let mut state = self.state();
        state.result = Some(result);
        state.version += 1;
    }
}

/// A solve as the page asks for it: the problem and its rules, the solver's options.
#[derive(Deserialize)]
pub struct SolveRequest {
    #[serde(flatten)]
    problem: ProblemRequest,
    /// Direct mate: `skip` (default) or `count` futile interpositions.
    #[serde(default)]
    futile: Option<String>,
    /// Target position of `seq:N`, as SFEN.
    #[serde(default)]
    target: Option<String>,
    /// Seconds; none by default (the Stop button).
    #[serde(default)]
    time_limit: Option<f64>,
    #[serde(default)]
    nodes: Option<u64>,
    /// MiB for the search tables.
    #[serde(default)]
    hash: Option<usize>,
    #[serde(default)]
    threads: Option<usize>,
}

/// The search tables' memory when the page names none: less than `solve`'s default,
/// since a page may run several solves beside a browser.
const DEFAULT_HASH_MB: usize = 1024;

pub async fn start(
    State(jobs): State<Arc<Jobs>>,
    payload: Result<Json<SolveRequest>, JsonRejection>,
) -> Result<Json<Value>, ApiError> {
    let request = body(payload)?;
    let Loaded { problem, stipulation } = request.problem.load()?;
    let target = match &request.target {
        Some(sfen) if !sfen.trim().is_empty() => Some(target_position(sfen, &problem).map_err(ApiError::bad_request)?),
        _ => match &problem.problem.target {
            Some(setup) => Some(
                yosei_rules::Position::from_setup(setup, &problem.rules)
                    .map_err(|e| ApiError::bad_request(format!("target: {e}")))?,
            ),
            None => None,
        },
    };
    let futile = match request.futile.as_deref() {
        None | Some("skip") => yosei_solve::tsume::Futile::Skip,
        Some("count") => yosei_solve::tsume::Futile::Count,
        Some(other) => {
            return Err(ApiError::bad_request(format!(
                "futile '{other}': expected skip or count"
            )))
        }
    };
    let time_limit = match request.time_limit {
        Some(s) if s.is_finite() && s > 0.0 => Some(Duration::from_secs_f64(s.min(1e9))),
        Some(s) => {
            return Err(ApiError::bad_request(format!(
                "time_limit {s}: expected seconds above 0"
            )))
        }
        None => None,
    };
    let job = Arc::new(Job::default());
    let limits = Limits {
        hash_mb: request.hash.unwrap_or(DEFAULT_HASH_MB).max(1),
        max_nodes: request.nodes,
        time_limit,
        threads: request
            .threads
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
            .max(1),
        stop: Some(job.stop.clone()),
        ..Limits::default()
    };
    let tsume = TsumeOptions {
        futile,
        stated_length: None,
        certify_nodes: None,
        ..TsumeOptions::default()
    };
    let id = {
        let mut by_id = jobs.lock();
        let running = by_id.values().filter(|j| !j.finished()).count();
        if running >= MAX_RUNNING {
            return Err(ApiError {
                status: StatusCode::TOO_MANY_REQUESTS,
                message: format!("{running} solves are running: stop one first"),
            });
        }
        let finished: Vec<u64> = by_id.iter().filter(|(_, j)| j.finished()).map(|(&id, _)| id).collect();
        for id in finished.iter().take(finished.len().saturating_sub(KEPT_FINISHED)) {
            by_id.remove(id);
        }
        let id = jobs.next_id.fetch_add(1, Ordering::Relaxed);
        by_id.insert(id, job.clone());
        id
    };
    let worker = job.clone();
    let spawned = std::thread::Builder::new()
        .name(format!("yosei-solve-{id}"))
        .spawn(move || {
            // A solver bug must not take the server down: it becomes the job's error.
            let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                solve_problem(&problem, stipulation, target, &tsume, &limits, &mut |p| {
                    worker.set_progress(progress_json(p))
                })
            }));
            let result = match outcome {
                Ok(Ok(outcome)) => result_json(&outcome, stipulation, &problem),
                Ok(Err(message)) => json!({ "error": message }),
                Err(_) => json!({ "error": "the solver failed (a bug in yosei; please report the problem)" }),
            };
            worker.set_result(result);
        });
    if let Err(e) = spawned {
        job.set_result(json!({ "error": format!("cannot start the solver: {e}") }));
    }
    Ok(Json(json!({ "id": id })))
}

fn find(jobs: &Jobs, id: u64) -> Result<Arc<Job>, ApiError> {
    jobs.lock().get(&id).cloned().ok_or(ApiError {
        status: StatusCode::NOT_FOUND,
        message: format!("no solve {id}"),
    })
}

pub async fn stop(State(jobs): State<Arc<Jobs>>, Path(id): Path<u64>) -> Result<Json<Value>, ApiError> {
    find(&jobs, id)?.stop.store(true, Ordering::Relaxed);
    Ok(Json(json!({ "stopping": id })))
}

/// The solve's progress as `progress` events, then one `result` event, and the end.
pub async fn events(
    State(jobs): State<Arc<Jobs>>,
    Path(id): Path<u64>,
) -> Result<Sse<impl Stream<Item = Result<Event, Infallible>>>, ApiError> {
    let job = find(&jobs, id)?;
    let stream = stream::unfold((job, 0u64, false), |(job, seen, done)| async move {
        if done {
            return None;
        }
        loop {
            let news = {
                let state = job.state();
                (state.version > seen).then(|| (state.version, state.result.clone(), state.progress.clone()))
            };
            match news {
                Some((version, Some(result), _)) => {
                    let event = Event::default().event("result").data(result.to_string());
                    return Some((Ok(event), (job, version, true)));
                }
                Some((version, None, Some(progress))) => {
                    let event = Event::default().event("progress").data(progress.to_string());
                    return Some((Ok(event), (job, version, false)));
                }
                _ => tokio::time::sleep(POLL).await,
            }
        }
    });
    Ok(Sse::new(stream).keep_alive(KeepAlive::default()))
}

/// Nodes, rate, depth and the like, in the same words for every solver.
fn progress_json(progress: SolverProgress) -> Value {
    let rate = |nodes: u64, ms: u128| if ms > 0 { nodes as f64 * 1000.0 / ms as f64 } else { 0.0 };
    match progress {
        SolverProgress::Help(p) => json!({
            "solver": "help",
            "depth": p.depth,
            "nodes": p.nodes,
            "positions": p.positions,
            "rate": rate(p.nodes_this_run, p.elapsed_ms),
            "elapsed_ms": p.elapsed_ms as u64,
            "memory_bytes": p.memory_bytes,
        }),
        SolverProgress::Tsume(p) => json!({
            "solver": "tsume",
            "phase": p.phase,
            "depth": p.depth,
            "nodes": p.nodes,
            "rate": rate(p.nodes, p.elapsed_ms),
            "elapsed_ms": p.elapsed_ms as u64,
            "table_permille": p.table_permille,
            "proof_number": p.proof_number,
            "disproof_number": p.disproof_number,
        }),
    }
}

/// The report (cli.md's JSON object), each solution replayed move by move (notation
/// and position) for the board, the KIF to download and `solve`'s text.
fn result_json(
    outcome: &Outcome,
    stipulation: yosei_rules::Stipulation,
    problem: &yosei_io::input::LoadedProblem,
) -> Value {
    let report = Report::new(outcome, stipulation, &problem.rules, "page");
    let lines: Vec<Value> = outcome
        .solutions
        .iter()
        .take(REPLAYED_LINES)
        .map(|line| {
            let steps = replay_solution(&problem.position, &problem.rules, stipulation, line);
            Value::Array(
                line.iter()
                    .zip(steps)
                    .map(|(m, step)| {
                        json!({
                            "usi": m.to_usi(),
                            "ki2": step.ki2,
                            "sfen": step.position.map(|p| write_sfen(&p.to_setup())),
                        })
                    })
                    .collect(),
            )
        })
        .collect();
    json!({
        "report": report,
        "start": write_sfen(&problem.position.to_setup()),
        "lines": lines,
        "kif": kif(outcome, stipulation, problem),
        "text": text(outcome, stipulation, problem, false),
    })
}
