//! Argument parsing and the subcommands.

use clap::{Parser, Subcommand, ValueEnum};
use std::io::{IsTerminal, Write};
use std::process::ExitCode;
use yosei_io::input::{read_problems_from_arg, LoadedProblem};
use yosei_rules::perft::{perft, perft_divide};
use yosei_rules::{
    Condition, DiscardedKinds, FairyHome, FairyPromotion, LionPass, RepetitionRule, RoyalKinds, RuleSet,
    UchifuzumeReading,
};

#[derive(Parser)]
#[command(
    name = "yosei",
    version,
    about = "A fast, exact solver for tsume-shogi problems, ordinary and fairy"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// Options shared by every command that reads positions.
#[derive(clap::Args)]
pub struct RuleArgs {
    /// A fairy condition (repeatable): annan, circe, komazume:KIND, king-square:SQ[/SQ], nekosen… (`yosei
    /// solve --list-conditions` lists them all with their status); Japanese names and
    /// fm's short forms (`!AN`, `!NK`) too
    #[arg(long = "cond", value_name = "C")]
    pub(crate) conditions: Vec<String>,
    /// Drop-pawn-mate reading: check-only (default) or any (rules.md §4)
    #[arg(long, value_enum, default_value_t = Uchifuzume::CheckOnly)]
    uchifuzume: Uchifuzume,
    /// Repetition: normal (default) or strict (the move completing a perpetual check's
    /// fourth occurrence is illegal; rules.md §7)
    #[arg(long, value_enum, default_value_t = Repetition::Normal)]
    repetition: Repetition,
    /// What a captured fairy piece becomes: hold (default: the capturer's hand, rules.md
    /// §1), discard (取捨て: it leaves play, fm's piece declared without H) for every
    /// fairy kind, or discard:KIND,KIND… for those kinds only (`discard:T,[WA]`)
    #[arg(long = "fairy-capture", value_name = "F", default_value = "hold")]
    fairy_capture: String,
    /// Which fairy kinds promote (fm's @P): none (default, rules.md §1), all, or
    /// KIND,KIND… (`J,H,[MK]`: the Kirin to 師, the Phoenix to 本…; docs/rules/fairy-promotion.md)
    #[arg(long = "fairy-promotion", value_name = "P", default_value = "none")]
    fairy_promotion: String,
    /// When a Lion (and the promoted Kirin) may pass: empty-neighbour (default: out
    /// through an empty neighbour and back, the chu shogi rule) or any (however it is
    /// surrounded, as fm lets it; docs/rules/fairy-pieces.md)
    #[arg(long = "lion-pass", value_enum, default_value_t = LionPassArg::EmptyNeighbour)]
    lion_pass: LionPassArg,
    /// Where a fairy piece starts, for キルケ's rebirth and アンチキルケ's return: none
    /// (default, rules.md: a captured one goes to hand, a capturing one stays) or
    /// second-rank (fm: the capture's file on the owner's second rank;
    /// docs/rules/capture-conditions.md)
    #[arg(long = "fairy-home", value_enum, default_value_t = FairyHomeArg::None)]
    fairy_home: FairyHomeArg,
    /// Which fairy kinds are royal (fm's @R): none (default) or KIND,KIND… (`[WA]`):
    /// every piece of them is its side's king, its promoted form too; a problem file's
    /// own `royal:` line wins (docs/rules/royal.md)
    #[arg(long = "royal", value_name = "KINDS", default_value = "none")]
    royal: String,
}

#[derive(Clone, Copy, ValueEnum)]
enum LionPassArg {
    EmptyNeighbour,
    Any,
}

#[derive(Clone, Copy, ValueEnum)]
enum FairyHomeArg {
    None,
    SecondRank,
}

#[derive(Clone, Copy, ValueEnum)]
enum Uchifuzume {
    CheckOnly,
    Any,
}

#[derive(Clone, Copy, ValueEnum)]
enum Repetition {
    Normal,
    Strict,
}

#[derive(Subcommand)]
enum Command {
    /// Count the leaves of the legal-move tree (last line of output: the total alone)
    Perft {
        /// An SFEN string, a file of positions, or - for standard input
        input: String,
        depth: u32,
        /// Print the count below each first move
        #[arg(long)]
        divide: bool,
        #[command(flatten)]
        rules: RuleArgs,
    },
    /// Print the legal moves of each position, one line per position (USI, sorted)
    Moves {
        /// An SFEN string, a file of positions (one per line), or - for standard input
        #[arg(default_value = "-")]
        input: String,
        #[command(flatten)]
        rules: RuleArgs,
    },
    /// Solve problems: direct mate (tsume), mate in ≤ N, help play (help, helpself, helpstale, helpselfstale, seq, cycle), selfmate and series (ser, serhelp)
    Solve(crate::solve::SolveArgs),
    /// Soundness report of problems under any stipulation: one input, or every file of
    /// a folder in parallel (a summary table, or JSON Lines with --format json)
    Check(crate::check::CheckArgs),
    /// Random problems that are sound for their stipulation (mate:N, help:N, tsume[:N]),
    /// the same for the same --seed
    Generate(crate::generate::GenerateArgs),
    /// Be a USI engine for shogi GUIs: direct mate with `go mate`, `checkmate …`; what
    /// `yosei` does too when started without arguments on a pipe, as GUIs start it
    /// (docs/usi.md)
    Usi,
    /// Serve the web page on this machine (set up, solve and replay problems in a
    /// browser; docs/web.md): prints the address
    Serve(crate::serve::ServeArgs),
    /// Run the built-in benchmark (perft on reference positions; nodes per second)
    Bench {
        /// Repeat each measurement this many times and keep the fastest
        #[arg(long, default_value_t = 3)]
        repeat: u32,
        /// Include the deeper, slower perft rows
        #[arg(long)]
        deep: bool,
    },
}

pub fn run() -> Result<ExitCode, String> {
    // A shogi GUI starts its engine without arguments and talks to it over pipes
    // (docs/usi.md); on a terminal, no arguments still ask for help.
    if std::env::args_os().len() == 1 && !std::io::stdin().is_terminal() {
        return crate::usi::run().map(|()| ExitCode::SUCCESS);
    }
    // clap ends a bad command line with status 2, which cli.md gives to `unknown`: a
    // bad option is an input error (1); help and version are answers (0).
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return Ok(ExitCode::from(if e.use_stderr() { 1 } else { 0 }));
        }
    };
    match cli.command {
        Command::Perft {
            input,
            depth,
            divide,
            rules,
        } => {
            let rules = rules.compile()?;
            let problems = load(&input, &rules)?;
            let mut out = std::io::stdout().lock();
            let mut total = 0u64;
            for LoadedProblem { position, rules, .. } in &problems {
                if divide {
                    let mut rows: Vec<(String, u64)> = perft_divide(position, rules, depth)
                        .into_iter()
                        .map(|(m, n)| (m.to_usi(), n))
                        .collect();
                    rows.sort();
                    for (m, n) in rows {
                        total += n;
                        writeln!(out, "{m}: {n}").map_err(io_error)?;
                    }
                } else {
                    total += perft(position, rules, depth);
                }
            }
            writeln!(out, "{total}").map_err(io_error)?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Moves { input, rules } => {
            let rules = rules.compile()?;
            let problems = load(&input, &rules)?;
            let mut out = std::io::BufWriter::new(std::io::stdout().lock());
            for LoadedProblem { position, rules, .. } in &problems {
                let mut moves: Vec<String> = position.legal_moves(rules).iter().map(|m| m.to_usi()).collect();
                moves.sort();
                writeln!(out, "{}", moves.join(" ")).map_err(io_error)?;
            }
            out.flush().map_err(io_error)?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Solve(args) => crate::solve::run(args).map(ExitCode::from),
        Command::Check(args) => crate::check::run(args).map(ExitCode::from),
        Command::Generate(args) => crate::generate::run(args).map(ExitCode::from),
        Command::Usi => crate::usi::run().map(|()| ExitCode::SUCCESS),
        Command::Serve(args) => crate::serve::run(args).map(|()| ExitCode::SUCCESS),
        Command::Bench { repeat, deep } => {
            crate::bench::run(repeat.max(1), deep);
            Ok(ExitCode::SUCCESS)
        }
    }
}

impl RuleArgs {
    /// The rules these options name, or every problem with them.
    pub fn compile(&self) -> Result<RuleSet, String> {
        let uchifuzume = match self.uchifuzume {
            Uchifuzume::CheckOnly => UchifuzumeReading::CheckOnly,
            Uchifuzume::Any => UchifuzumeReading::Any,
        };
        let mut rules = compile_rules(&self.conditions, uchifuzume)?;
        rules.repetition = match self.repetition {
            Repetition::Normal => RepetitionRule::Normal,
            Repetition::Strict => RepetitionRule::Strict,
        };
        rules.lion_pass = match self.lion_pass {
            LionPassArg::EmptyNeighbour => LionPass::EmptyNeighbour,
            LionPassArg::Any => LionPass::Any,
        };
        rules.fairy_home = match self.fairy_home {
            FairyHomeArg::None => FairyHome::None,
            FairyHomeArg::SecondRank => FairyHome::SecondRank,
        };
        let discarded: DiscardedKinds = self
            .fairy_capture
            .parse()
            .map_err(|e| format!("--fairy-capture: {e}"))?;
        let promotion: FairyPromotion = self
            .fairy_promotion
            .parse()
            .map_err(|e| format!("--fairy-promotion: {e}"))?;
        let royal: RoyalKinds = self.royal.parse().map_err(|e| format!("--royal: {e}"))?;
        Ok(rules
            .with_discarded_kinds(discarded)
            .with_fairy_promotion(promotion)
            .with_royal_kinds(royal))
    }
}

/// The rule set of condition names (cli.md's, Japanese or fm's; `--cond`, the USI
/// option `Conditions`) under a drop-pawn-mate reading; or every unknown name and every
/// conflict at once.
pub fn compile_rules(names: &[impl AsRef<str>], uchifuzume: UchifuzumeReading) -> Result<RuleSet, String> {
    let mut conditions = Vec::new();
    let mut errors = Vec::new();
    for name in names {
        match name.as_ref().parse::<Condition>() {
            Ok(c) => conditions.push(c),
            Err(e) => errors.push(e),
        }
    }
    let compiled = RuleSet::compile(&conditions);
    if let Err(e) = &compiled {
        errors.extend(e.problems.iter().cloned());
    }
    let mut rules = match compiled {
        Ok(rules) if errors.is_empty() => rules,
        _ => return Err(errors.join("; ")),
    };
    rules.uchifuzume = uchifuzume;
    Ok(rules)
}

fn load(input: &str, rules: &RuleSet) -> Result<Vec<LoadedProblem>, String> {
    read_problems_from_arg(input, rules).map_err(|e| e.to_string())
}

fn io_error(e: std::io::Error) -> String {
    format!("cannot write output: {e}")
}
