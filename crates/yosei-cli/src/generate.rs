//! `yosei generate`: random problems that are sound for their stipulation.
//!
//! Each candidate is a random position around a defending king placed in a region
//! (seed 004's generator limited the king's square and the number of pieces for the
//! same reason: fewer, closer pieces are solved quickly and are sound more often); it
//! is solved by the same solver `yosei solve` uses, and kept only when sound:
//!
//! - `mate:N` (逃げ将棋): one solution line and N is the shortest mate;
//! - `tsume[:N]` (詰将棋): solved, the line certified (no shorter mate, every cook
//!   searched), no cook, no piece left in the attacker's hand (駒余り), and N plies when
//!   N is given;
//! - `help:N` (ばか詰): exactly one solution of N plies, nothing left over.
//!
//! Reproducible: candidate `i` of seed `S` is drawn from its own generator seeded by
//! `(S, i)`, each candidate is solved within a number of nodes (not of seconds), and the
//! problems printed are the first K sound candidates in the order of `i` — so the same
//! seed gives the same output on any number of threads. `--time-limit` only cuts the
//! list short (a prefix of what a longer run prints).

use crate::cli::RuleArgs;
use crate::solve::{kif, parse_stipulation, solve_problem};
use std::collections::{BTreeMap, HashSet};
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};
use yosei_core::random::SplitMix64;
use yosei_core::{Color, Hand, Piece, PieceKind, Setup, Square};
use yosei_io::detect::Format;
use yosei_io::input::LoadedProblem;
use yosei_io::problem::remaining_pieces;
use yosei_io::sfen::write_sfen;
use yosei_io::{Problem, Report};
use yosei_rules::{GameHistory, Position, RuleSet, Stipulation};
use yosei_solve::tsume::{Futile, TsumeOptions};
use yosei_solve::{Limits, Outcome, Verdict};

#[derive(clap::Args)]
pub struct GenerateArgs {
    /// Stipulation: mate:N (逃げ将棋, N odd), help:N (ばか詰), tsume or tsume:N (詰将棋)
    #[arg(long)]
    stip: String,
    #[command(flatten)]
    rules: RuleArgs,
    /// How many problems to generate
    #[arg(long, default_value_t = 1)]
    count: usize,
    /// Seed of the random positions: the same seed gives the same problems
    /// [default: from the clock, printed on standard error]
    #[arg(long)]
    seed: Option<u64>,
    /// Squares the defending king may stand on: a rectangle between two squares in
    /// shogi digits (file then rank), `11-33` = files 1–3, ranks 1–3
    #[arg(long, value_name = "FR-FR", default_value = "11-93", value_parser = parse_region)]
    king_region: KingRegion,
    /// Pieces besides the king, on the board and in the attacker's hand: N or MIN-MAX
    #[arg(long, value_name = "MIN-MAX", default_value = "3-6", value_parser = parse_range)]
    pieces: (usize, usize),
    /// How far (in king steps) from the king the pieces on the board may stand
    #[arg(long, value_name = "D", default_value_t = 2)]
    spread: i32,
    /// Nodes each candidate may take; a candidate that needs more is dropped (a limit in
    /// nodes, not seconds, keeps the output the same on every machine)
    #[arg(long, value_name = "N", default_value_t = 200_000)]
    nodes: u64,
    /// Stop after this many seconds, printing the problems found so far (exit 2 if fewer
    /// than --count)
    #[arg(long, value_name = "S")]
    time_limit: Option<f64>,
    /// Stop after this many candidates (exit 2 if fewer than --count were sound)
    #[arg(long, value_name = "N")]
    tries: Option<u64>,
    /// Worker threads, each solving its own candidates [default: the machine's hardware
    /// threads]; the output does not depend on it
    #[arg(long)]
    threads: Option<usize>,
    /// Memory for each candidate's search tables, in MiB
    #[arg(long, default_value_t = 64)]
    hash: usize,
    /// Output: sfen (one SFEN per line), kif (each problem with its solution, separated
    /// by a blank line) or json (JSON Lines: `yosei solve`'s object with `sfen` and `seed`)
    #[arg(long, default_value = "sfen")]
    format: GenerateFormat,
    /// Also write each problem as a KIF file into this folder, named as seed 004 names
    /// its collections (`NN_<seed>-<candidate>.kif`, NN the length), so that `yosei check
    /// DIR --stip mate` reads N back from the name
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,
}

#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum GenerateFormat {
    Sfen,
    Kif,
    Json,
}

/// The rectangle of squares the king is placed in (inclusive).
#[derive(Clone, Copy, Debug)]
pub struct KingRegion {
    files: (i32, i32),
    ranks: (i32, i32),
}

fn parse_region(text: &str) -> Result<KingRegion, String> {
    let square = |s: &str| -> Result<(i32, i32), String> {
        let digits: Vec<i32> = s
            .trim()
            .chars()
            .filter_map(|c| c.to_digit(10).map(|d| d as i32))
            .collect();
        match digits[..] {
            [f, r] if s.trim().len() == 2 && (1..=9).contains(&f) && (1..=9).contains(&r) => Ok((f, r)),
            _ => Err(format!(
                "expected a square as two digits 1–9 (file, rank), such as 11 or 33, found '{s}'"
            )),
        }
    };
    let (a, b) = text
        .split_once('-')
        .ok_or_else(|| format!("expected two squares joined by '-', such as 11-33, found '{text}'"))?;
    let ((f1, r1), (f2, r2)) = (square(a)?, square(b)?);
    Ok(KingRegion {
        files: (f1.min(f2), f1.max(f2)),
        ranks: (r1.min(r2), r1.max(r2)),
    })
}

fn parse_range(text: &str) -> Result<(usize, usize), String> {
    let number = |s: &str| {
        s.trim()
            .parse::<usize>()
            .map_err(|_| format!("expected a number or MIN-MAX, such as 5 or 3-6, found '{text}'"))
    };
    let (low, high) = match text.split_once('-') {
        Some((a, b)) => (number(a)?, number(b)?),
        None => (number(text)?, number(text)?),
    };
    if low > high {
        return Err(format!("expected MIN-MAX with MIN ≤ MAX, found '{text}'"));
    }
    // 38 pieces besides the kings make the standard set.
    if high > 38 {
        return Err(format!("at most 38 pieces besides the kings, found '{text}'"));
    }
    Ok((low, high))
}

/// What decides whether a candidate is kept: the stipulation and the options.
struct Spec {
    stipulation: Stipulation,
    rules: RuleSet,
    region: KingRegion,
    pieces: (usize, usize),
    spread: i32,
    limits: Limits,
    tsume: TsumeOptions,
}

/// What became of one candidate.
enum Judged {
    /// Not a legal position, or the attacker has no check.
    Invalid,
    NoSolution,
    /// The node limit was hit.
    Unknown,
    NotSound,
    Sound(Box<Found>),
}

/// A sound problem and its solution.
struct Found {
    loaded: LoadedProblem,
    outcome: Outcome,
}

pub fn run(args: GenerateArgs) -> Result<u8, String> {
    let mut args = args;
    let (stipulation, conditions) = parse_stipulation(&args.stip)?;
    for c in conditions {
        let name = c.to_string();
        if !args.rules.conditions.contains(&name) {
            args.rules.conditions.push(name);
        }
    }
    match stipulation {
        Stipulation::MateIn { length } => {
            yosei_solve::mate_in::check_plies(length).map_err(|why| format!("--stip: {why}"))?
        }
        Stipulation::Help { length: Some(_) } | Stipulation::Tsume { .. } => {}
        other => {
            return Err(format!(
                "--stip {}: generate makes mate:N, help:N or tsume[:N] problems, found {other}",
                args.stip
            ))
        }
    }
    if args.count == 0 {
        return Err("--count: expected at least 1".into());
    }
    if args.pieces.1 == 0 {
        return Err("--pieces: the attacker needs at least one piece".into());
    }
    if args.spread < 1 {
        return Err("--spread: expected at least 1".into());
    }
    if let Some(dir) = &args.out {
        std::fs::create_dir_all(dir).map_err(|e| format!("--out {}: cannot create the folder: {e}", dir.display()))?;
    }
    let seed = args.seed.unwrap_or_else(|| {
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64);
        SplitMix64::new(now).next_u64() >> 16
    });
    let threads = args
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .max(1);
    let stop = Arc::new(AtomicBool::new(false));
    let spec = Spec {
        stipulation,
        rules: args.rules.compile()?,
        region: args.king_region,
        pieces: args.pieces,
        spread: args.spread,
        limits: Limits {
            hash_mb: args.hash.max(1),
            max_nodes: Some(args.nodes),
            max_listed: 20,
            max_listed_moves: 10_000,
            threads: 1,
            stop: Some(stop.clone()),
            ..Limits::default()
        },
        tsume: TsumeOptions {
            futile: Futile::Skip,
            stated_length: None,
            // The certificate (no shorter mate, every cook) within the candidate's nodes.
            certify_nodes: Some(args.nodes),
            ..TsumeOptions::default()
        },
    };
    let progress = std::io::stderr().is_terminal() || std::env::var_os("YOSEI_PROGRESS").is_some();
    eprintln!(
        "yosei generate: seed {seed} · {} · {threads} thread{}",
        stipulation,
        if threads == 1 { "" } else { "s" }
    );
    let started = Instant::now();
    let deadline = args.time_limit.map(|s| started + Duration::from_secs_f64(s.max(0.0)));

    // Candidates are judged out of order by the workers; `Shared` puts them back in
    // order and hands out the sound ones first to last.
    let shared = Shared {
        next: AtomicU64::new(0),
        results: Mutex::new(Emitter::default()),
        changed: Condvar::new(),
    };
    let mut out = std::io::stdout().lock();
    let mut tally = Tally::default();
    let mut printed = 0usize;
    let mut seen = HashSet::new();
    let mut write_error = None;
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| loop {
                if stop.load(Ordering::Relaxed) {
                    break;
                }
                let index = shared.next.fetch_add(1, Ordering::Relaxed);
                if args.tries.is_some_and(|n| index >= n) {
                    break;
                }
                // A solver that panics on a candidate (a bug) must not leave a gap that
                // the printing thread would wait on forever: the candidate is dropped.
                let judged = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| judge(&spec, seed, index)))
                    .unwrap_or(Judged::Invalid);
                // A candidate cut short by the stop is not judged: leaving a gap keeps
                // what is printed a prefix of the full run's output.
                if stop.load(Ordering::Relaxed) {
                    break;
                }
                let mut emitter = shared.results.lock().unwrap_or_else(|e| e.into_inner());
                emitter.pending.insert(index, judged);
                shared.changed.notify_all();
            });
        }
        // This thread prints, in order of the candidates.
        let mut emitter = shared.results.lock().unwrap_or_else(|e| e.into_inner());
        let mut last_progress = Instant::now();
        loop {
            loop {
                let index = emitter.next;
                let Some(judged) = emitter.pending.remove(&index) else {
                    break;
                };
                emitter.next += 1;
                tally.count(&judged);
                if let Judged::Sound(found) = judged {
                    let sfen = write_sfen(&found.loaded.position.to_setup());
                    // The same position drawn twice is printed once.
                    if !seen.insert(sfen.clone()) {
                        tally.repeated += 1;
                        continue;
                    }
                    if let Err(e) = print(&mut out, &args, &spec, seed, index, &sfen, &found) {
                        write_error = Some(e);
                        stop.store(true, Ordering::Relaxed);
                        break;
                    }
                    printed += 1;
                    if printed == args.count {
                        stop.store(true, Ordering::Relaxed);
                        break;
                    }
                }
            }
            let tries_done = args.tries.is_some_and(|n| emitter.next >= n);
            if stop.load(Ordering::Relaxed) || tries_done {
                stop.store(true, Ordering::Relaxed);
                break;
            }
            let now = Instant::now();
            if deadline.is_some_and(|d| now >= d) {
                stop.store(true, Ordering::Relaxed);
                break;
            }
            if progress && now.duration_since(last_progress) >= Duration::from_millis(200) {
                last_progress = now;
                eprint!(
                    "\r\x1b[K{printed}/{} sound · {} candidates · {:.1} s",
                    args.count,
                    emitter.next,
                    started.elapsed().as_secs_f64()
                );
            }
            emitter = shared
                .changed
                .wait_timeout(emitter, Duration::from_millis(100))
                .unwrap_or_else(|e| e.into_inner())
                .0;
        }
        drop(emitter);
    });
    if progress {
        eprint!("\r\x1b[K");
    }
    if let Some(e) = write_error {
        return Err(e);
    }
    eprintln!(
        "yosei generate: {printed} of {} {stipulation} problem{} in {:.1} s from {} candidates ({} invalid or \
         without a check, {} with no solution, {} not sound, {} over --nodes, {} repeated); seed {seed}",
        args.count,
        if args.count == 1 { "" } else { "s" },
        started.elapsed().as_secs_f64(),
        tally.candidates,
        tally.invalid,
        tally.no_solution,
        tally.not_sound,
        tally.unknown,
        tally.repeated,
    );
    Ok(if printed == args.count { 0 } else { 2 })
}

struct Shared {
    next: AtomicU64,
    results: Mutex<Emitter>,
    changed: Condvar,
}

/// Judged candidates waiting to be printed in order.
#[derive(Default)]
struct Emitter {
    /// The next candidate to print or pass over.
    next: u64,
    pending: BTreeMap<u64, Judged>,
}

#[derive(Default)]
struct Tally {
    candidates: u64,
    invalid: u64,
    no_solution: u64,
    unknown: u64,
    not_sound: u64,
    repeated: u64,
}

impl Tally {
    fn count(&mut self, judged: &Judged) {
        self.candidates += 1;
        match judged {
            Judged::Invalid => self.invalid += 1,
            Judged::NoSolution => self.no_solution += 1,
            Judged::Unknown => self.unknown += 1,
            Judged::NotSound => self.not_sound += 1,
            Judged::Sound(_) => {}
        }
    }
}

/// Draws candidate `index` of `seed` and solves it.
fn judge(spec: &Spec, seed: u64, index: u64) -> Judged {
    let setup = candidate(spec, seed, index);
    let Ok(position) = Position::from_setup(&setup, &spec.rules) else {
        return Judged::Invalid;
    };
    // Every stipulation here starts with the attacker's check.
    if position.legal_checks(&spec.rules).is_empty() {
        return Judged::Invalid;
    }
    let loaded = LoadedProblem {
        origin: format!("seed {seed} candidate {index}"),
        format: Format::Sfen,
        problem: Problem {
            setup,
            stipulation: Some(spec.stipulation),
            conditions: spec.rules.conditions().to_vec(),
            ..Problem::default()
        },
        rules: spec.rules.clone(),
        played: GameHistory::new(position.clone(), &spec.rules),
        position,
    };
    let outcome = match solve_problem(&loaded, spec.stipulation, None, &spec.tsume, &spec.limits, &mut |_| {}) {
        Ok(outcome) => outcome,
        Err(_) => return Judged::Invalid,
    };
    match outcome.verdict {
        Verdict::Unknown => Judged::Unknown,
        Verdict::NoSolution => Judged::NoSolution,
        Verdict::Solved if is_sound(spec.stipulation, &outcome) => Judged::Sound(Box::new(Found { loaded, outcome })),
        Verdict::Solved => Judged::NotSound,
    }
}

/// Whether a solved outcome is a sound problem of `stipulation` (see the module's
/// comment): stricter than `Outcome::sound` in asking for the stated length itself and
/// a complete certificate.
fn is_sound(stipulation: Stipulation, outcome: &Outcome) -> bool {
    let length_ok = stipulation.plies().is_none_or(|n| outcome.length == Some(n));
    let certified = match stipulation {
        Stipulation::Tsume { .. } => outcome.certified == Some(true),
        _ => true,
    };
    outcome.verdict == Verdict::Solved && outcome.sound() && outcome.solution_count == 1 && length_ok && certified
}

/// Candidate `index` of `seed`: the defending king (White) in the region, the pieces
/// around it within `spread` steps or in the attacker's hand, and every remaining
/// piece in the defender's hand (残り全部). Not validated: two pawns on a file, a
/// dead piece or the defender in check are turned down by `Position::from_setup`.
fn candidate(spec: &Spec, seed: u64, index: u64) -> Setup {
    // One generator per candidate, so that a candidate does not depend on which thread
    // drew the others.
    let mut rng = SplitMix64::new(SplitMix64::new(seed).next_u64() ^ index.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    rng.next_u64();
    let mut setup = Setup::empty();
    let region = spec.region;
    let file = region.files.0 + rng.below((region.files.1 - region.files.0 + 1) as usize) as i32;
    let rank = region.ranks.0 + rng.below((region.ranks.1 - region.ranks.0 + 1) as usize) as i32;
    // The region is parsed from digits 1–9: always a square (else an empty, invalid setup).
    let Some(king) = Square::new(file, rank) else {
        return setup;
    };
    setup.put(king, Some(Piece::new(PieceKind::King, Color::White)));

    let near: Vec<Square> = Square::all()
        .filter(|&sq| sq != king && (sq.file() - file).abs().max((sq.rank() - rank).abs()) <= spec.spread)
        .collect();
    let mut pool: Vec<PieceKind> = Vec::new();
    for (kind, n) in [
        (PieceKind::Rook, 2),
        (PieceKind::Bishop, 2),
        (PieceKind::Gold, 4),
        (PieceKind::Silver, 4),
        (PieceKind::Knight, 4),
        (PieceKind::Lance, 4),
        (PieceKind::Pawn, 18),
    ] {
        pool.extend(std::iter::repeat_n(kind, n));
    }
    let (low, high) = spec.pieces;
    let count = low + rng.below(high - low + 1);
    let mut attacker_has_piece = false;
    for i in 0..count {
        if pool.is_empty() {
            break;
        }
        let kind = pool.swap_remove(rng.below(pool.len()));
        // Where it goes: the attacker's board (45%), the attacker's hand (30%), the
        // defender's board (25%); the last piece goes to the attacker if it has none,
        // for a problem without an attacking piece is no problem.
        let roll = if i + 1 == count && !attacker_has_piece {
            rng.below(75)
        } else {
            rng.below(100)
        };
        let free: Vec<Square> = near
            .iter()
            .copied()
            .filter(|&sq| setup.piece_at(sq).is_none())
            .collect();
        if (45..75).contains(&roll) || free.is_empty() {
            setup.hand_mut(Color::Black).add(kind);
            attacker_has_piece = true;
            continue;
        }
        let color = if roll < 45 { Color::Black } else { Color::White };
        attacker_has_piece |= color == Color::Black;
        let promoted = match kind.promoted() {
            Some(p) if rng.chance(25) => p,
            _ => kind,
        };
        setup.put(rng.pick(&free), Some(Piece::new(promoted, color)));
    }
    // The rest of the set is the defender's (the usual convention of 詰将棋 and
    // 逃げ将棋 problems); the pool never overdraws the set, so this cannot fail.
    let rest = remaining_pieces(&setup, Color::White).unwrap_or(Hand::EMPTY);
    *setup.hand_mut(Color::White) = rest;
    setup.side_to_move = Color::Black;
    setup
}

/// Prints one problem in the chosen format (and into `--out`).
fn print(
    out: &mut impl Write,
    args: &GenerateArgs,
    spec: &Spec,
    seed: u64,
    index: u64,
    sfen: &str,
    found: &Found,
) -> Result<(), String> {
    let write_error = |e: std::io::Error| format!("cannot write output: {e}");
    let origin = format!("seed {seed} candidate {index}");
    let kif_text = || {
        let mut loaded = found.loaded.clone();
        loaded.problem.meta.title = Some(format!("yosei generate {} --seed {seed} ({index})", spec.stipulation));
        kif(&found.outcome, spec.stipulation, &loaded)
    };
    match args.format {
        GenerateFormat::Sfen => writeln!(out, "{sfen}").map_err(write_error)?,
        GenerateFormat::Kif => writeln!(out, "{}\n", kif_text()).map_err(write_error)?,
        GenerateFormat::Json => {
            let mut report = Report::new(&found.outcome, spec.stipulation, &spec.rules, origin);
            report.tree = None;
            let json = report.to_json().map_err(|e| format!("cannot write JSON: {e}"))?;
            // `yosei solve`'s object, led by what names the problem.
            let rest = json.strip_prefix('{').unwrap_or(&json);
            writeln!(
                out,
                "{{\"sfen\":\"{sfen}\",\"seed\":{seed},\"candidate\":{index},{rest}"
            )
            .map_err(write_error)?;
        }
    }
    out.flush().map_err(write_error)?;
    if let Some(dir) = &args.out {
        let length = found.outcome.length.unwrap_or(0);
        let path = dir.join(format!("{length:02}_{seed}-{index}.kif"));
        std::fs::write(&path, kif_text()).map_err(|e| format!("{}: cannot write: {e}", path.display()))?;
    }
    Ok(())
}
