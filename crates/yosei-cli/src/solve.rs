//! `yosei solve`: read problems, solve each under its stipulation, print the result in
//! the format asked for (cli.md: text, json, usi).

use crate::cli::RuleArgs;
use std::io::{IsTerminal, Write};
use std::time::Duration;
use yosei_io::display::{diagram, ki2_solution_line, replay_solution};
use yosei_io::input::{read_problems_from_arg, LoadedProblem};
use yosei_io::mate_tree::{refutations_text, tree_move_line, tree_text};
use yosei_io::report::JSON_TREE_MOVES;
use yosei_io::sfen::parse_sfen;
use yosei_io::{Branch, MoveLine, Report};
use yosei_rules::{Condition, Position, Stipulation};
use yosei_solve::help::{solve_help, Progress};
use yosei_solve::mate_in::{check_plies, solve_mate_in, MateInAnswer};
use yosei_solve::self_mate::solve_self;
use yosei_solve::series::solve_series;
use yosei_solve::tsume::{solve_tsume, Futile, Rejoining, TsumeOptions, TsumeProgress};
use yosei_solve::{Count, ExactLength, HelpPlan, Limits, Outcome, PriorGame, Verdict};

#[derive(clap::Args)]
pub struct SolveArgs {
    /// A problem file (KIF, KI2, CSA, SFEN lines, fm, yosei problem), an SFEN string, or -
    #[arg(required_unless_present = "list_conditions")]
    input: Option<String>,
    /// Print every condition (name, Japanese name, fm's short form, status), one a line,
    /// and solve nothing
    #[arg(long, exclusive = true)]
    list_conditions: bool,
    /// Stipulation: tsume[:N] (詰将棋, the default for a problem that states none),
    /// help[:N], helpself[:N], helpstale[:N], seq:N, cycle:N, self:N; fm words such as
    /// ばか詰, かしこ, #9 or H#7 are accepted
    #[arg(long)]
    stip: Option<String>,
    /// Direct mate: skip (futile interpositions, 無駄合, are not defences; 全詰連's rule)
    /// or count (every interposition is a defence)
    #[arg(long, value_enum, default_value_t = FutileArg::Skip)]
    futile: FutileArg,
    /// Direct mate: another check of the main line that mates as fast and comes back to
    /// the line's own position at the same ply (非限定, 手順前後) is listed apart as no
    /// cook (note), or counted as a cook (cook)
    #[arg(long, value_enum, default_value_t = RejoiningArg::Note)]
    rejoining: RejoiningArg,
    /// Direct mate: nodes the certificate may spend asking every other check of the
    /// main line whether it mates as soon (no shorter mate, every cook); past it the
    /// answer says from which ply on it is certified [default: as many as the proof
    /// took, at least 2,000,000; 'all': no limit]
    #[arg(long, value_name = "N|all", value_parser = parse_certify_nodes)]
    certify_nodes: Option<u64>,
    /// Target position of seq:N (ばか手順)
    #[arg(long, value_name = "SFEN")]
    target: Option<String>,
    #[command(flatten)]
    rules: RuleArgs,
    /// Output: text (board, verdict, solutions in Japanese notation), json (one line per
    /// problem), usi (one solution per line), kif (the problem with its solutions as
    /// variations)
    #[arg(long, default_value = "text")]
    format: OutputFormat,
    /// List every solution (the default for help play)
    #[arg(long)]
    all: bool,
    /// Memory for the search tables, in MiB
    #[arg(long, default_value_t = 4096)]
    hash: usize,
    /// Stop after this many seconds with verdict unknown
    #[arg(long, value_name = "S")]
    time_limit: Option<f64>,
    /// Stop after this many nodes with verdict unknown
    #[arg(long, value_name = "N")]
    nodes: Option<u64>,
    /// Worker threads (help play: wide layers are expanded in parallel) [default: the
    /// machine's hardware threads]
    #[arg(long)]
    threads: Option<usize>,
    /// Help play: a directory where the visited positions that do not fit in --hash may
    /// be written (16 bytes each; 2.25 stay in memory) instead of stopping when memory
    /// is full (ordinary pieces and no condition; the files are removed at the end).
    /// With --time-limit, the search finishes the ply it is in at the limit and saves
    /// itself there (DIR/yosei-saved-search-…, one per problem), to be taken up with
    /// --resume
    #[arg(long, value_name = "DIR")]
    spill_dir: Option<std::path::PathBuf>,
    /// Help play: go on with the search saved in --spill-dir DIR (same problem,
    /// stipulation and rules; the save is removed once the search comes to an end)
    #[arg(long, requires = "spill_dir")]
    resume: bool,
}

#[derive(Clone, Copy, clap::ValueEnum)]
pub enum RejoiningArg {
    Note,
    Cook,
}

impl From<RejoiningArg> for Rejoining {
    fn from(arg: RejoiningArg) -> Rejoining {
        match arg {
            RejoiningArg::Note => Rejoining::Note,
            RejoiningArg::Cook => Rejoining::Cook,
        }
    }
}

#[derive(Clone, Copy, clap::ValueEnum)]
pub enum FutileArg {
    Skip,
    Count,
}

impl From<FutileArg> for Futile {
    fn from(arg: FutileArg) -> Futile {
        match arg {
            FutileArg::Skip => Futile::Skip,
            FutileArg::Count => Futile::Count,
        }
    }
}

#[derive(Clone, Copy, clap::ValueEnum)]
enum OutputFormat {
    Text,
    Json,
    Usi,
    Kif,
}

pub fn run(args: SolveArgs) -> Result<u8, String> {
    let mut args = args;
    let input = match args.input.take() {
        Some(input) if !args.list_conditions => input,
        _ => {
            print!("{}", crate::condition_list::list_text());
            return Ok(0);
        }
    };
    let cli_stip = match args.stip.as_deref().map(parse_stipulation).transpose()? {
        Some((stip, conditions)) => {
            // fm's words name conditions too (`キルケばか詰`): they join --cond
            for c in conditions {
                let name = c.to_string();
                if !args.rules.conditions.contains(&name) {
                    args.rules.conditions.push(name);
                }
            }
            Some(stip)
        }
        None => None,
    };
    if let Some(dir) = &args.spill_dir {
        if !dir.is_dir() {
            return Err(format!("--spill-dir {}: not a directory", dir.display()));
        }
    }
    let base_rules = args.rules.compile()?;
    let problems = read_problems_from_arg(&input, &base_rules).map_err(|e| e.to_string())?;
    let limits = Limits {
        hash_mb: args.hash.max(1),
        max_nodes: args.nodes,
        time_limit: args.time_limit.map(Duration::from_secs_f64),
        max_listed: if args.all { 1_000_000 } else { 1000 },
        max_listed_moves: if args.all { 200_000_000 } else { 2_000_000 },
        threads: args
            .threads
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())),
        spill_dir: args.spill_dir.clone(),
        resume: args.resume,
        ..Limits::default()
    };
    let mut worst = 0u8;
    let mut out = std::io::stdout().lock();
    for loaded in &problems {
        // A problem that states no rule is a 詰将棋 (cli.md).
        let stipulation = cli_stip
            .or(loaded.problem.stipulation)
            .unwrap_or(Stipulation::Tsume { length: None });
        let target = match (&args.target, &loaded.problem.target) {
            (Some(t), _) => Some(target_position(t, loaded)?),
            (None, Some(setup)) => {
                Some(Position::from_setup(setup, &loaded.rules).map_err(|e| format!("target: {e}"))?)
            }
            (None, None) => None,
        };
        let show_progress = (std::io::stderr().is_terminal() && !matches!(args.format, OutputFormat::Json))
            || std::env::var_os("YOSEI_PROGRESS").is_some();
        if args.resume && matches!(stipulation, Stipulation::SelfMate { .. } | Stipulation::MateIn { .. }) {
            return Err(format!(
                "{}: --resume takes up help play only; {} ({stipulation}) is not saved",
                loaded.origin,
                stipulation.japanese()
            ));
        }
        let tsume = TsumeOptions {
            futile: args.futile.into(),
            rejoining: args.rejoining.into(),
            stated_length: None,
            certify_nodes: args.certify_nodes,
            ..TsumeOptions::default()
        };
        let outcome = solve_problem(loaded, stipulation, target, &tsume, &limits, &mut |p| {
            if show_progress {
                print_solver_progress(p)
            }
        })?;
        if show_progress {
            eprint!("\r\x1b[K");
        }
        let report = || Report::new(&outcome, stipulation, &loaded.rules, &loaded.origin);
        let text = match args.format {
            OutputFormat::Json => report().to_json().map_err(|e| format!("cannot write JSON: {e}"))?,
            OutputFormat::Usi => usi(&report()),
            OutputFormat::Kif => kif(&outcome, stipulation, loaded),
            OutputFormat::Text => text(&outcome, stipulation, loaded, args.all),
        };
        writeln!(out, "{text}").map_err(|e| format!("cannot write output: {e}"))?;
        let code = match outcome.verdict {
            Verdict::Solved | Verdict::NoSolution => 0,
            Verdict::Unknown => 2,
        };
        worst = worst.max(code);
    }
    Ok(worst)
}

/// Where a search stands, as the solver of the stipulation reports it (selfmate and
/// mate in ≤ N report nothing while they run).
pub enum SolverProgress<'a> {
    Help(&'a Progress),
    Tsume(&'a TsumeProgress),
}

/// Solves one loaded problem under `stipulation` (`tsume.stated_length` is taken from
/// the stipulation), telling `progress` where the search stands now and then; the one
/// dispatch from stipulation to solver, for `solve`, `check` and `serve`.
pub fn solve_problem(
    loaded: &LoadedProblem,
    stipulation: Stipulation,
    target: Option<Position>,
    tsume: &TsumeOptions,
    limits: &Limits,
    progress: &mut (dyn FnMut(SolverProgress) + Send),
) -> Result<Outcome, String> {
    let mut outcome = solve_stipulation(loaded, stipulation, target.clone(), tsume, limits, progress)?;
    let Some(from) = loaded
        .problem
        .options
        .sequential_from
        .filter(|_| loaded.problem.stipulation == Some(stipulation))
    else {
        return Ok(outcome);
    };
    if outcome.length.is_some_and(|found| found < from) {
        // fm's first length, `from`, meets the shorter solution: its answer is #from's,
        // 早詰 and the solutions of exactly `from` plies.
        let first = stipulation.with_length(from);
        outcome = solve_stipulation(loaded, first, target, tsume, limits, progress)?;
        outcome.notes.push(format!(
            "fm's sequential search (##{from}-…) stops at its first length, {from} plies, where a shorter solution is 早詰"
        ));
    } else {
        read_sequentially(&mut outcome);
    }
    Ok(outcome)
}

/// fm's sequential search (`##n`, `##m-n`) that meets no solution shorter than its
/// first length: the shortest solution within the stated length is the answer, no
/// 早詰, and fm stops there (no longer one is listed).
fn read_sequentially(outcome: &mut Outcome) {
    outcome.stated_length = None;
    outcome.exact_length = None;
    outcome.intermediate_lengths.clear();
}

fn solve_stipulation(
    loaded: &LoadedProblem,
    stipulation: Stipulation,
    target: Option<Position>,
    tsume: &TsumeOptions,
    limits: &Limits,
    progress: &mut (dyn FnMut(SolverProgress) + Send),
) -> Result<Outcome, String> {
    refuse_unsolved_stipulation(loaded, stipulation)?;
    // 攻方取禁 bans the attacker's captures: the side to move, help play's attacker, or
    // under 連続協力詰 the side that does not play the series
    let plan = match stipulation {
        Stipulation::SelfMate { .. }
        | Stipulation::Tsume { .. }
        | Stipulation::MateIn { .. }
        | Stipulation::Series { .. }
        | Stipulation::SeriesHelp { .. } => None,
        _ => Some(HelpPlan::new(stipulation, &loaded.position, target).map_err(|e| format!("{}: {e}", loaded.origin))?),
    };
    let attacker = match (&plan, stipulation) {
        (Some(plan), _) => plan.attacker,
        (None, Stipulation::SeriesHelp { .. }) => loaded.position.side_to_move().flip(),
        _ => loaded.position.side_to_move(),
    };
    let rules = loaded.rules.clone().with_attacker(attacker);
    let loaded = &LoadedProblem {
        rules,
        ..loaded.clone()
    };
    // the positions the moves played before the problem's met three times (direct mate
    // and mate in N; help play and the others take the position alone)
    let prior = || PriorGame::of(&loaded.played, &loaded.rules).map_err(|why| format!("{}: {why}", loaded.origin));
    Ok(match stipulation {
        Stipulation::SelfMate { length } => solve_self(&loaded.position, &loaded.rules, length, limits),
        Stipulation::Tsume { length } => {
            let options = TsumeOptions {
                stated_length: length,
                prior: prior()?,
                ..tsume.clone()
            };
            solve_tsume(&loaded.position, &loaded.rules, &options, limits, |p| {
                progress(SolverProgress::Tsume(p))
            })
        }
        Stipulation::MateIn { length } => {
            check_plies(length).map_err(|why| format!("{}: {why}", loaded.origin))?;
            solve_mate_in(&loaded.position, &loaded.rules, length, &prior()?, limits)
        }
        Stipulation::Series { .. } | Stipulation::SeriesHelp { .. } => {
            solve_series(&loaded.position, &loaded.rules, stipulation, limits)
        }
        _ => {
            let plan = plan.ok_or_else(|| format!("{}: {stipulation} is not a help stipulation", loaded.origin))?;
            solve_help(&loaded.position, &loaded.rules, &plan, limits, |p| {
                progress(SolverProgress::Help(&p))
            })
        }
    })
}

/// Conditions yosei solves under some stipulations only ([`Condition::solved_under`]:
/// Messigny where it has been compared with fm; deny by default).
fn refuse_unsolved_stipulation(loaded: &LoadedProblem, stipulation: Stipulation) -> Result<(), String> {
    match loaded.rules.conditions().iter().find(|c| !c.solved_under(stipulation)) {
        Some(c) => Err(format!(
            "{}: condition {c} ({}) is solved in {} only so far, not in {stipulation}",
            loaded.origin,
            c.japanese(),
            c.limited_to().unwrap_or("other stipulations")
        )),
        None => Ok(()),
    }
}

/// The progress line on standard error.
fn print_solver_progress(progress: SolverProgress) {
    match progress {
        SolverProgress::Help(p) => print_progress(p),
        SolverProgress::Tsume(p) => print_tsume_progress(p),
    }
}

/// cli.md names (`help:7`) or fm words (`ばか詰`, `H#7`, `キルケばか詰`), with the
/// conditions the words name.
pub fn parse_stipulation(text: &str) -> Result<(Stipulation, Vec<Condition>), String> {
    if let Ok(s) = text.parse::<Stipulation>() {
        return Ok((s, Vec::new()));
    }
    let (words, length) = match text.find(|c: char| c.is_ascii_digit()) {
        Some(at) => (&text[..at], text[at..].parse::<u32>().ok()),
        None => (text, None),
    };
    let phrase = yosei_io::rule_words::parse_rule_phrase(words.trim_end_matches(':'))
        .map_err(|(col, msg)| format!("--stip '{text}': column {col}: {msg}"))?;
    let stip = phrase.stipulation.unwrap_or(Stipulation::Tsume { length: None });
    let stip = match length {
        Some(n) => stip.with_length(n),
        None => stip,
    };
    Ok((stip, phrase.conditions))
}

pub(crate) fn target_position(text: &str, loaded: &LoadedProblem) -> Result<Position, String> {
    let record = parse_sfen(text).map_err(|e| format!("--target: {e}"))?;
    Position::from_setup(&record.setup, &loaded.rules).map_err(|e| format!("--target: {e}"))
}

fn print_progress(p: &Progress) {
    let rate = if p.elapsed_ms > 0 {
        p.nodes_this_run as f64 / p.elapsed_ms as f64 * 1000.0
    } else {
        0.0
    };
    eprint!(
        "\r\x1b[Kdepth {} · {} positions ({} new) · {} nodes · {:.1} M nodes/s · {} MiB",
        p.depth,
        p.positions,
        p.frontier,
        p.nodes,
        rate / 1e6,
        p.memory_bytes >> 20
    );
    if p.on_disk > 0 {
        eprint!(" · {} on disk ({} looked up there)", p.on_disk, p.looked_up_on_disk);
    }
}

fn parse_certify_nodes(text: &str) -> Result<u64, String> {
    match text {
        "all" => Ok(u64::MAX),
        n => n
            .parse()
            .map_err(|_| format!("expected a number of nodes or 'all', found '{n}'")),
    }
}

fn print_tsume_progress(p: &TsumeProgress) {
    let rate = if p.elapsed_ms > 0 {
        p.nodes as f64 / p.elapsed_ms as f64 * 1000.0
    } else {
        0.0
    };
    eprint!(
        "\r\x1b[K{} · depth {} · {} nodes · {:.2} M nodes/s · table {:.1}% · pn {} dn {}",
        p.phase,
        p.depth,
        p.nodes,
        rate / 1e6,
        p.table_permille as f64 / 10.0,
        p.proof_number,
        p.disproof_number
    );
    if std::env::var_os("YOSEI_TRACE").is_some() {
        let line: Vec<String> = p.line.iter().map(|m| m.to_usi()).collect();
        eprintln!("\n{}", line.join(" "));
    }
}

/// Every solution, one line each, in USI; or the verdict's word when there is none.
fn usi(report: &Report) -> String {
    match report.verdict {
        Verdict::Solved => report
            .solutions
            .iter()
            .map(|l| l.join(" "))
            .collect::<Vec<_>>()
            .join("\n"),
        v => v.word().to_string(),
    }
}

/// The problem as KIF, its recorded moves replaced by the solutions: the first as the
/// main line, the others as variations from the ply where they leave it.
pub(crate) fn kif(outcome: &Outcome, stipulation: Stipulation, loaded: &LoadedProblem) -> String {
    let mut problem = loaded.problem.clone();
    problem.setup = loaded.position.to_setup();
    problem.stipulation = Some(stipulation);
    // the conditions solved under, from the file and from --cond
    problem.conditions = loaded.rules.conditions().to_vec();
    let mut moves = MoveLine::default();
    if let Some(tree) = outcome.mate_in.as_ref().and_then(|m| m.tree.as_ref()) {
        let (line, complete) = tree_move_line(tree, JSON_TREE_MOVES);
        moves = line;
        if !complete {
            problem
                .meta
                .comments
                .push(format!("the tree is cut at {JSON_TREE_MOVES} moves"));
        }
    } else if stipulation.is_series() {
        // KIF alternates the sides move by move and has no pass that yosei writes: the
        // solutions go into a comment, in USI.
        for line in &outcome.solutions {
            let usi: Vec<String> = line.iter().map(|m| m.to_usi()).collect();
            problem
                .meta
                .comments
                .push(format!("{}: {}", stipulation.japanese(), usi.join(" ")));
        }
    } else if let Some(main) = outcome.solutions.first() {
        moves.moves = main.clone();
        moves.comments = vec![None; main.len()];
        if outcome.verdict == Verdict::Solved {
            moves.end = Some("詰み".into());
        }
        // 早詰: the solutions of each length between and of exactly the stated length
        // follow as variations too.
        let longer: Vec<&ExactLength> = outcome
            .intermediate_lengths
            .iter()
            .chain(&outcome.exact_length)
            .filter(|e| !e.solutions.is_empty())
            .collect();
        for other_length in &longer {
            let what = if Some(other_length.length) == outcome.exact_length.as_ref().map(|e| e.length) {
                "the solutions of exactly the stated length"
            } else {
                "the solutions of that length"
            };
            problem.meta.comments.push(format!(
                "早詰: the variations of {} are {what} ({} of {})",
                plies_word(other_length.length),
                other_length.solutions.len(),
                other_length.count
            ));
        }
        let longer_lines = longer.iter().flat_map(|e| &e.solutions);
        for other in outcome.solutions[1..].iter().chain(longer_lines) {
            let at = main.iter().zip(other).take_while(|(a, b)| a == b).count();
            let rest = other[at..].to_vec();
            moves.branches.push(Branch {
                at,
                line: MoveLine {
                    comments: vec![None; rest.len()],
                    moves: rest,
                    end: moves.end.clone(),
                    branches: Vec::new(),
                },
            });
        }
    }
    problem.moves = moves;
    yosei_io::kif::write_kif(&problem)
}

/// Solutions listed in Japanese notation in full; beyond this many, in USI.
const JAPANESE_LINES: usize = 20;

/// Moves of a mate-in-n tree shown as text without `--all`.
const TEXT_TREE_MOVES: u64 = 2000;

pub(crate) fn text(outcome: &Outcome, stipulation: Stipulation, loaded: &LoadedProblem, all: bool) -> String {
    let mut s = String::new();
    if let Some(title) = &loaded.problem.meta.title {
        s.push_str(&format!("{title}\n"));
    }
    s.push_str(&diagram(&loaded.position.to_setup()));
    s.push_str(&format!(
        "{} ({stipulation}) · {}\n",
        stipulation.japanese(),
        loaded.origin
    ));
    for note in &outcome.notes {
        s.push_str(&format!("note: {note}\n"));
    }
    match (outcome.verdict, &outcome.mate_in) {
        (Verdict::Solved | Verdict::NoSolution, Some(answer)) => {
            let budget = if all { u64::MAX } else { TEXT_TREE_MOVES };
            s.push_str(&mate_in_text(outcome, answer, stipulation, loaded, budget));
        }
        (Verdict::Solved, _) => {
            let length = outcome.length.unwrap_or(0);
            s.push_str(&format!(
                "solved: {} solution{} of {length} plies",
                outcome.solution_count.short(),
                if outcome.solution_count == 1 { "" } else { "s" }
            ));
            if outcome.distinct_up_to_mirror != outcome.solution_count {
                s.push_str(&format!(
                    " ({} up to the mirror image)",
                    outcome.distinct_up_to_mirror.short()
                ));
            }
            if outcome.solution_count.to_string().len() > Count::SHORT_DIGITS {
                s.push_str(" (every digit: --format json)");
            }
            s.push('\n');
            s.push_str(&duals_text(outcome));
            s.push_str(&listed_lines_text(
                &outcome.solutions,
                &outcome.solution_count,
                stipulation,
                loaded,
            ));
            for between in &outcome.intermediate_lengths {
                s.push_str(&other_length_text(between, "", "早詰 too", stipulation, loaded));
            }
            if let Some(exact) = &outcome.exact_length {
                let why = "fm lists them beside the shorter";
                s.push_str(&other_length_text(exact, "exactly ", why, stipulation, loaded));
            }
            if let Some(main) = outcome.solutions.first() {
                s.push_str(&branches_text(
                    "cooks (余詰)",
                    main,
                    &outcome.cooks,
                    stipulation,
                    loaded,
                ));
                let rejoining = "other checks that come back to the line (非限定 / 手順前後)";
                s.push_str(&branches_text(rejoining, main, &outcome.rejoining, stipulation, loaded));
            }
            let faults = outcome.faults();
            if faults.is_empty() {
                s.push_str("sound: one solution, nothing left over\n");
            } else {
                s.push_str(&format!("not sound: {}\n", faults.join("; ")));
            }
        }
        (Verdict::NoSolution, _) => match outcome.stated_length.or(stipulation.plies()) {
            Some(n) => s.push_str(&format!("no solution in {n} plies or fewer\n")),
            None => s.push_str("no solution: every reachable position was searched\n"),
        },
        (Verdict::Unknown, _) => s.push_str("unknown: a limit was reached before the answer was known\n"),
    }
    s.push_str(&format!("{} nodes, {} ms", outcome.nodes, outcome.elapsed_ms));
    s
}

/// The solutions of a length other than the shortest (早詰 under a stated length):
/// "and K solutions of [exactly ]N plies (why)", then the lines.
fn other_length_text(
    other: &ExactLength,
    exactly: &str,
    why: &str,
    stipulation: Stipulation,
    loaded: &LoadedProblem,
) -> String {
    let mut s = format!(
        "and {}{} solution{} of {exactly}{}{} ({why})\n",
        if other.complete { "" } else { "at least " },
        other.count.short(),
        if other.count == 1 { "" } else { "s" },
        plies_word(other.length),
        if other.distinct_up_to_mirror == other.count {
            String::new()
        } else {
            format!(", {} up to the mirror image", other.distinct_up_to_mirror.short())
        }
    );
    s.push_str(&listed_lines_text(&other.solutions, &other.count, stipulation, loaded));
    s
}

/// Lines that leave the main line (cooks, checks that come back to it), each from the
/// ply where it leaves it, the first `JAPANESE_LINES` in Japanese notation.
fn branches_text(
    title: &str,
    main: &[yosei_core::Move],
    others: &[Vec<yosei_core::Move>],
    stipulation: Stipulation,
    loaded: &LoadedProblem,
) -> String {
    if others.is_empty() {
        return String::new();
    }
    let mut s = format!("{title}:\n");
    for other in others.iter().take(JAPANESE_LINES) {
        let at = main.iter().zip(other).take_while(|(a, b)| a == b).count();
        let words: Vec<String> = replay_solution(&loaded.position, &loaded.rules, stipulation, other)
            .into_iter()
            .skip(at)
            .map(|step| step.ki2)
            .collect();
        s.push_str(&format!("   from ply {}: {}\n", at + 1, words.join("\u{3000}")));
    }
    if others.len() > JAPANESE_LINES {
        s.push_str(&format!(
            "   … and {} more (--format json lists them all)\n",
            others.len() - JAPANESE_LINES
        ));
    }
    s
}

/// Solution lines numbered, the first `JAPANESE_LINES` in Japanese notation, the others
/// in USI, and how many of `count` are not listed.
fn listed_lines_text(
    lines: &[Vec<yosei_core::Move>],
    count: &Count,
    stipulation: Stipulation,
    loaded: &LoadedProblem,
) -> String {
    let mut s = String::new();
    for (i, line) in lines.iter().enumerate() {
        let shown = if i < JAPANESE_LINES {
            ki2_solution_line(&loaded.position, &loaded.rules, stipulation, line)
        } else {
            line.iter().map(|m| m.to_usi()).collect::<Vec<_>>().join(" ")
        };
        s.push_str(&format!("{:>4}. {shown}\n", i + 1));
    }
    let unlisted = count.minus(lines.len() as u64);
    if !unlisted.is_zero() {
        s.push_str(&format!("      … {} more not listed\n", unlisted.short()));
    }
    s
}

/// The duals' line (docs/check.md), when there are any.
fn duals_text(outcome: &Outcome) -> String {
    match &outcome.duals {
        Some(duals) if !duals.is_zero() => format!(
            "{} dual{}: line{} that differ from another only in the last move (最終手余詰)\n",
            duals.short(),
            if *duals == 1 { "" } else { "s" },
            if *duals == 1 { "" } else { "s" },
        ),
        _ => String::new(),
    }
}

/// "1 ply", "3 plies".
fn plies_word(n: u32) -> String {
    format!("{n} {}", if n == 1 { "ply" } else { "plies" })
}

/// A mate in ≤ n as text: the count of lines (seed 004's), the tree, the verdict; or,
/// with no mate, each try with a defence that holds.
fn mate_in_text(
    outcome: &Outcome,
    answer: &MateInAnswer,
    stipulation: Stipulation,
    loaded: &LoadedProblem,
    budget: u64,
) -> String {
    let plies = stipulation.length().unwrap_or(0);
    let mut s = String::new();
    let Some(tree) = &answer.tree else {
        s.push_str(&format!("no solution in {} or fewer\n", plies_word(plies)));
        if !answer.refutations.is_empty() {
            s.push_str("refutations (each check, a defence that holds):\n");
            s.push_str(&refutations_text(&loaded.position, &loaded.rules, &answer.refutations));
        }
        return s;
    };
    let count = &outcome.solution_count;
    s.push_str(&format!(
        "solved: {} solution line{} within {} (the shortest mate: {})\n",
        count.short(),
        if *count == 1 { "" } else { "s" },
        plies_word(plies),
        plies_word(outcome.length.unwrap_or(0))
    ));
    s.push_str(&duals_text(outcome));
    s.push_str(&tree_text(&loaded.position, &loaded.rules, tree, budget));
    let faults = outcome.faults();
    if faults.is_empty() {
        s.push_str("sound: one solution line\n");
    } else {
        s.push_str(&format!("not sound: {}\n", faults.join("; ")));
    }
    s
}
