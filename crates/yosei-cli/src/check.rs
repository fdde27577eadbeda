//! `yosei check INPUT|DIR`: the soundness report of problems under any stipulation —
//! solutions, cooks, duals, a shorter mate, pieces left over — for one input, or for
//! every file of a folder and its subfolders, checked in parallel threads with progress,
//! as a summary table (text) or JSON Lines (one object per problem, so that a collection
//! shards across machines). What a dual is, stipulation by stipulation: docs/check.md.
//!
//! A file named `NN_…` (seed 004's collections: `03_0001.txt`) states its length N: it
//! replaces the length of the stipulation unless `--stip` gives one.

use crate::cli::RuleArgs;
use crate::solve::{parse_stipulation, solve_problem, FutileArg, RejoiningArg};
use crate::store::{Store, DEFAULT_LIMIT};
use serde::{Deserialize, Serialize};
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Duration;
use yosei_io::input::{read_problems_from_arg, LoadedProblem};
use yosei_io::sfen::write_sfen;
use yosei_io::Report;
use yosei_rules::{RuleSet, Stipulation};
use yosei_solve::tsume::TsumeOptions;
use yosei_solve::{Limits, Outcome, Verdict};

#[derive(clap::Args)]
pub struct CheckArgs {
    /// A problem file, a folder of problem files (every file of it and of its
    /// subfolders, hidden ones left out, in the order of their paths; each named by its
    /// path inside the folder), an SFEN string, or -
    input: String,
    /// Stipulation of every problem (else each problem's own, else tsume); `mate`,
    /// `self`… without a length take it from a file name `NN_…`
    #[arg(long)]
    stip: Option<String>,
    #[command(flatten)]
    rules: RuleArgs,
    /// Direct mate: skip or count futile interpositions (無駄合)
    #[arg(long, value_enum, default_value_t = FutileArg::Skip)]
    futile: FutileArg,
    /// Direct mate: another check that mates as fast and comes back to the main line
    /// (非限定, 手順前後) is no cook (note) or a cook (cook)
    #[arg(long, value_enum, default_value_t = RejoiningArg::Note)]
    rejoining: RejoiningArg,
    /// text (a table: one row per problem, and totals) or json (JSON Lines: one object
    /// per problem, as `yosei solve --format json` writes it, without the tree)
    #[arg(long, default_value = "text")]
    format: CheckFormat,
    /// Files checked at once [default: the machine's hardware threads]
    #[arg(long)]
    jobs: Option<usize>,
    /// Memory for each check's tables, in MiB
    #[arg(long, default_value_t = 1024)]
    hash: usize,
    /// Give up on a problem after this many seconds (verdict unknown)
    #[arg(long, value_name = "S")]
    time_limit: Option<f64>,
    /// Keep each definitive result in this SQLite file and answer from it when the same
    /// problem is checked again with the same rules and options (off by default: a
    /// check writes nothing unless asked; a damaged file is set aside and rebuilt)
    #[arg(long, value_name = "PATH")]
    store: Option<PathBuf>,
    /// Results the store keeps at most; beyond it, the oldest written are removed
    #[arg(long, value_name = "N", default_value_t = DEFAULT_LIMIT)]
    store_limit: u64,
}

#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum CheckFormat {
    Text,
    Json,
}

/// What one problem came to.
struct Row {
    origin: String,
    stipulation: String,
    result: Result<Summary, String>,
}

/// What the report shows of a checked problem: all that the store keeps of it.
#[derive(Clone, Serialize, Deserialize)]
struct Summary {
    /// cli.md's word: solved, no-solution, unknown.
    verdict: String,
    length: Option<u32>,
    /// The number of solutions, shortened past many digits.
    solutions: String,
    /// Final-move alternatives (docs/check.md), shortened; `None` where undefined.
    #[serde(default)]
    duals: Option<String>,
    sound: bool,
    faults: Vec<String>,
    elapsed_ms: u64,
    /// The JSON object of the problem (`yosei solve`'s, without the tree) with an empty
    /// `origin`, which each output fills in.
    report: String,
    /// Answered from the store.
    #[serde(skip)]
    stored: bool,
}

impl Summary {
    fn of(outcome: &Outcome, stipulation: Stipulation, rules: &RuleSet) -> Result<Summary, String> {
        let mut report = Report::new(outcome, stipulation, rules, "");
        // The tree can be huge: a collection's report keeps the count and the listed
        // lines.
        report.tree = None;
        Ok(Summary {
            verdict: outcome.verdict.word().to_string(),
            length: outcome.length,
            solutions: outcome.solution_count.short(),
            duals: outcome.duals.as_ref().map(|d| d.short()),
            sound: outcome.sound(),
            faults: outcome.faults(),
            elapsed_ms: outcome.elapsed_ms.min(u64::MAX as u128) as u64,
            report: report.to_json().map_err(|e| format!("cannot write JSON: {e}"))?,
            stored: false,
        })
    }

    fn verdict(&self) -> Verdict {
        match self.verdict.as_str() {
            "solved" => Verdict::Solved,
            "no-solution" => Verdict::NoSolution,
            _ => Verdict::Unknown,
        }
    }

    /// The JSON line of this problem from `origin` (`"stored":true` when the store
    /// answered).
    fn json_line(&self, origin: &str) -> String {
        let stored = if self.stored { r#","stored":true"# } else { "" };
        // The report was written with `"origin":""`; a string inside it that held the
        // same characters would be escaped (`\"origin\"`), so the first match is the field.
        self.report
            .replacen(r#""origin":"""#, &format!(r#""origin":{}{stored}"#, escape(origin)), 1)
    }
}

/// Lines listed per problem in the report (all are counted).
const LISTED: usize = 20;

pub fn run(args: CheckArgs) -> Result<u8, String> {
    let mut args = args;
    // `--stip mate` (no length) is allowed here: the length comes from each file's name.
    let cli_stip = match args.stip.as_deref() {
        None => None,
        Some(text) => {
            let (stip, conditions, open) = match parse_stipulation(text) {
                Ok((stip, conditions)) => (stip, conditions, false),
                Err(e) => match parse_stipulation(&format!("{text}:1")) {
                    Ok((stip, conditions)) if !text.contains(':') => (stip, conditions, true),
                    _ => return Err(e),
                },
            };
            for c in conditions {
                let name = c.to_string();
                if !args.rules.conditions.contains(&name) {
                    args.rules.conditions.push(name);
                }
            }
            Some((stip, open || stip.length().is_none()))
        }
    };
    let rules = args.rules.compile()?;
    let inputs = inputs(&args.input)?;
    let jobs = args
        .jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .clamp(1, inputs.len().max(1));
    let limits = Limits {
        hash_mb: args.hash.max(1),
        time_limit: args.time_limit.map(Duration::from_secs_f64),
        max_listed: LISTED,
        max_listed_moves: 100_000,
        threads: 1,
        ..Limits::default()
    };
    let tsume = TsumeOptions {
        futile: args.futile.into(),
        rejoining: args.rejoining.into(),
        stated_length: None,
        certify_nodes: None,
        ..TsumeOptions::default()
    };
    let json = args.format == CheckFormat::Json;
    let store = match &args.store {
        None => None,
        Some(path) => {
            let (store, opened) = Store::open(path, args.store_limit)?;
            if let Some((aside, why)) = opened.set_aside {
                eprintln!(
                    "yosei: the result store {} was damaged ({why}): set aside as {}, and a new one made",
                    path.display(),
                    aside.display()
                );
            }
            Some(store)
        }
    };
    let progress = std::io::stderr().is_terminal() || std::env::var_os("YOSEI_PROGRESS").is_some();
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let results: Vec<Mutex<Vec<Row>>> = inputs.iter().map(|_| Mutex::new(Vec::new())).collect();
    let stdout = Mutex::new(std::io::stdout());
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(input) = inputs.get(i) else { break };
                let rows = check_input(input, cli_stip, &rules, &tsume, &limits, store.as_ref());
                if json {
                    let mut out = stdout.lock().unwrap_or_else(|e| e.into_inner());
                    for row in &rows {
                        let line = match &row.result {
                            Ok(summary) => summary.json_line(&row.origin),
                            Err(message) => error_json(&row.origin, Some(message)),
                        };
                        // A closed pipe ends the output; the checks still finish.
                        let _ = writeln!(out, "{line}");
                    }
                }
                *results[i].lock().unwrap_or_else(|e| e.into_inner()) = rows;
                let n = done.fetch_add(1, Ordering::Relaxed) + 1;
                if progress {
                    eprint!("\r\x1b[K{n}/{} checked · {}", inputs.len(), input.label());
                }
            });
        }
    });
    if progress {
        eprint!("\r\x1b[K");
    }
    let rows: Vec<Row> = results
        .into_iter()
        .flat_map(|m| m.into_inner().unwrap_or_else(|e| e.into_inner()))
        .collect();
    if !json {
        let mut out = std::io::stdout().lock();
        let mut text = table(&rows);
        if store.is_some() {
            let stored = rows
                .iter()
                .filter(|r| r.result.as_ref().is_ok_and(|s| s.stored))
                .count();
            text.push_str(&format!(" · {stored} answered from the store"));
        }
        writeln!(out, "{text}").map_err(|e| format!("cannot write output: {e}"))?;
    }
    Ok(rows
        .iter()
        .map(|r| match &r.result {
            Err(_) => 1,
            Ok(s) if s.verdict() == Verdict::Unknown => 2,
            Ok(_) => 0,
        })
        .max()
        .unwrap_or(0))
}

/// One thing to check: a file (named `label` in the report), or the command's argument
/// as it is.
enum Input {
    File { path: PathBuf, label: String },
    Argument(String),
}

impl Input {
    fn label(&self) -> String {
        match self {
            Input::File { label, .. } => label.clone(),
            Input::Argument(text) => text.clone(),
        }
    }

    /// The length a file's name states (`07_xxxx.kif`: 7).
    fn stated_length(&self) -> Option<u32> {
        let Input::File { path, .. } = self else { return None };
        let name = path.file_name()?.to_str()?;
        let (digits, _) = name.split_once('_')?;
        digits.parse().ok().filter(|&n| n > 0)
    }
}

/// The files of a folder and of its subfolders (hidden ones left out, sorted by their
/// path inside it, which is their label), or the argument itself.
fn inputs(arg: &str) -> Result<Vec<Input>, String> {
    let path = Path::new(arg);
    if !path.is_dir() {
        return Ok(vec![match path.is_file() {
            true => Input::File {
                path: path.to_path_buf(),
                label: arg.to_string(),
            },
            false => Input::Argument(arg.to_string()),
        }]);
    }
    let mut files = Vec::new();
    collect_files(path, &mut files)?;
    if files.is_empty() {
        return Err(format!("{arg}: the folder holds no problem file"));
    }
    let mut inputs: Vec<Input> = files
        .into_iter()
        .map(|p| {
            let inside = p.strip_prefix(path).unwrap_or(&p);
            let label = inside.to_string_lossy().into_owned();
            Input::File { path: p, label }
        })
        .collect();
    inputs.sort_by_cached_key(|input| input.label());
    Ok(inputs)
}

/// Every file under `dir` that is not hidden and not in a hidden folder (links to
/// folders are not followed).
fn collect_files(dir: &Path, files: &mut Vec<PathBuf>) -> Result<(), String> {
    let failed = |e: std::io::Error| format!("{}: cannot read the folder: {e}", dir.display());
    for entry in std::fs::read_dir(dir).map_err(failed)? {
        let entry = entry.map_err(failed)?;
        let p = entry.path();
        let hidden = p
            .file_name()
            .and_then(|n| n.to_str())
            .is_some_and(|n| n.starts_with('.'));
        if hidden {
            continue;
        }
        // A link to a folder is not followed (it could lead back up); a link to a file is.
        if entry.file_type().map_err(failed)?.is_dir() {
            collect_files(&p, files)?;
        } else if p.is_file() {
            files.push(p);
        }
    }
    Ok(())
}

/// Checks every problem of one input.
fn check_input(
    input: &Input,
    cli_stip: Option<(Stipulation, bool)>,
    rules: &RuleSet,
    tsume: &TsumeOptions,
    limits: &Limits,
    store: Option<&Store>,
) -> Vec<Row> {
    let arg = match input {
        Input::File { path, .. } => path.to_string_lossy().into_owned(),
        Input::Argument(text) => text.clone(),
    };
    // Origins and messages name the file by its label (its path inside the folder).
    let relabel = |text: &str| match (input, text.strip_prefix(arg.as_str())) {
        (Input::File { label, .. }, Some(rest)) => format!("{label}{rest}"),
        _ => text.to_string(),
    };
    let problems = match read_problems_from_arg(&arg, rules) {
        Ok(p) => p,
        Err(e) => {
            return vec![Row {
                origin: input.label(),
                stipulation: String::new(),
                result: Err(relabel(&e.to_string())),
            }]
        }
    };
    problems
        .iter()
        .map(|loaded| {
            let stipulation = stipulation_of(loaded, cli_stip, input.stated_length());
            let key = store.map(|_| store_key(loaded, stipulation, tsume, limits));
            let stored = match (store, &key) {
                (Some(store), Some(key)) => store
                    .get(key)
                    .and_then(|text| serde_json::from_str::<Summary>(&text).ok()),
                _ => None,
            };
            let result = match stored {
                Some(summary) => Ok(Summary {
                    stored: true,
                    ..summary
                }),
                None => solve_problem(loaded, stipulation, None, tsume, limits, &mut |_| {})
                    .map_err(|e| relabel(&e))
                    .and_then(|outcome| Summary::of(&outcome, stipulation, &loaded.rules)),
            };
            if let (Some(store), Some(key), Ok(summary)) = (store, &key, &result) {
                // Only answers are kept: an `unknown` depends on the machine's speed.
                if !summary.stored && summary.verdict() != Verdict::Unknown {
                    if let Ok(text) = serde_json::to_string(summary) {
                        store.put(key, &text);
                    }
                }
            }
            Row {
                origin: relabel(&loaded.origin),
                stipulation: stipulation.to_string(),
                result,
            }
        })
        .collect()
}

/// `--stip` (its length, else the file name's, else the problem's), else the problem's
/// own (with the file name's length if it names one), else tsume.
fn stipulation_of(loaded: &LoadedProblem, cli: Option<(Stipulation, bool)>, named: Option<u32>) -> Stipulation {
    let own = loaded.problem.stipulation;
    match cli {
        Some((stip, false)) => stip,
        Some((stip, true)) => match named.or(own.and_then(|s| s.length())) {
            Some(n) => stip.with_length(n),
            None => stip,
        },
        None => {
            let stip = own.unwrap_or(Stipulation::Tsume { length: None });
            named.map_or(stip, |n| stip.with_length(n))
        }
    }
}

/// The store's key of a problem: the whole canonical text of what decides its answer
/// (yosei's version and build, the position, the stipulation, the rules, every option of the
/// check), so that two problems share a key only if their answers are one.
fn store_key(loaded: &LoadedProblem, stipulation: Stipulation, tsume: &TsumeOptions, limits: &Limits) -> String {
    let rules = &loaded.rules;
    let conditions: Vec<String> = rules.conditions().iter().map(|c| c.to_string()).collect();
    let pieces: Vec<String> = loaded.problem.pieces.iter().map(|p| p.to_string()).collect();
    format!(
        "yosei {version} check, build {build}\n\
         position: {position}\n\
         stipulation: {stipulation}\n\
         target: {target}\n\
         conditions: {conditions}\n\
         uchifuzume: {uchifuzume:?}\n\
         repetition: {repetition:?}\n\
         lion pass: {lion_pass:?}\n\
         fairy home: {fairy_home:?}\n\
         piece set: {piece_set:?}\n\
         discarded: {discarded:?}\n\
         fairy promotion: {promotion:?}\n\
         royal: {royal:?}\n\
         pieces: {pieces}\n\
         futile: {futile:?}\n\
         rejoining: {rejoining:?}\n\
         certify nodes: {certify:?}\n\
         hash MiB: {hash}\n\
         time limit: {time:?}\n\
         nodes: {nodes:?}\n\
         listed: {lines} lines, {moves} moves\n",
        version = env!("CARGO_PKG_VERSION"),
        build = crate::store::build_identity(),
        position = write_sfen(&loaded.position.to_setup()),
        target = loaded.problem.target.as_ref().map_or("-".into(), write_sfen),
        conditions = conditions.join(" "),
        uchifuzume = rules.uchifuzume,
        repetition = rules.repetition,
        lion_pass = rules.lion_pass,
        fairy_home = rules.fairy_home,
        piece_set = rules.piece_set,
        discarded = rules.discarded_kinds(),
        promotion = rules.fairy_promotion(),
        royal = rules.royal_kinds(),
        pieces = pieces.join(" | "),
        futile = tsume.futile,
        rejoining = tsume.rejoining,
        certify = tsume.certify_nodes,
        hash = limits.hash_mb,
        time = limits.time_limit,
        nodes = limits.max_nodes,
        lines = limits.max_listed,
        moves = limits.max_listed_moves,
    )
}

/// The JSON line of a problem that could not be checked.
fn error_json(origin: &str, message: Option<&String>) -> String {
    format!(
        r#"{{"verdict":"error","origin":{},"error":{}}}"#,
        escape(origin),
        escape(message.map_or("", |m| m.as_str()))
    )
}

/// A JSON string literal.
fn escape(text: &str) -> String {
    let mut s = String::with_capacity(text.len() + 2);
    s.push('"');
    for c in text.chars() {
        match c {
            '"' => s.push_str("\\\""),
            '\\' => s.push_str("\\\\"),
            c if (c as u32) < 0x20 => s.push_str(&format!("\\u{:04x}", c as u32)),
            c => s.push(c),
        }
    }
    s.push('"');
    s
}

/// The summary table: a row per problem, then the totals.
fn table(rows: &[Row]) -> String {
    let width = rows
        .iter()
        .map(|r| r.origin.chars().count())
        .max()
        .unwrap_or(0)
        .clamp(7, 60);
    let mut s = format!(
        "{:<width$} {:<10} {:<11} {:>6} {:>9} {:>5} {:>5} {:>8}  faults\n",
        "problem", "stip", "verdict", "length", "solutions", "duals", "sound", "ms"
    );
    let (mut sound, mut unsound, mut none, mut unknown, mut errors, mut dual) = (0, 0, 0, 0, 0, 0);
    for row in rows {
        match &row.result {
            Err(message) => {
                errors += 1;
                s.push_str(&format!(
                    "{:<width$} {:<10} error: {message}\n",
                    row.origin, row.stipulation
                ));
            }
            Ok(o) => {
                match (o.verdict(), o.sound) {
                    (Verdict::Solved, true) => sound += 1,
                    (Verdict::Solved, false) => unsound += 1,
                    (Verdict::NoSolution, _) => none += 1,
                    (Verdict::Unknown, _) => unknown += 1,
                }
                let solved = o.verdict() == Verdict::Solved;
                let duals = o.duals.as_deref().filter(|_| solved);
                dual += usize::from(duals.is_some_and(|d| d != "0"));
                s.push_str(&format!(
                    "{:<width$} {:<10} {:<11} {:>6} {:>9} {:>5} {:>5} {:>8}  {}\n",
                    row.origin,
                    row.stipulation,
                    o.verdict,
                    o.length.map_or("-".into(), |n| n.to_string()),
                    if solved { o.solutions.as_str() } else { "-" },
                    duals.unwrap_or("-"),
                    match (solved, o.sound) {
                        (false, _) => "-",
                        (true, true) => "yes",
                        (true, false) => "no",
                    },
                    if o.stored {
                        "stored".into()
                    } else {
                        o.elapsed_ms.to_string()
                    },
                    o.faults.join("; ")
                ));
            }
        }
    }
    let plural = |n: usize, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
    s.push_str(&format!(
        "{}: {} solved ({sound} sound, {unsound} not sound, {dual} with duals), {none} with no solution, \
         {unknown} unknown, {}",
        plural(rows.len(), "problem"),
        sound + unsound,
        plural(errors, "error"),
    ));
    s
}
