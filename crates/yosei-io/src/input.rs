//! Reading what a command is given: an SFEN string, a file of any supported format, or
//! standard input (`-`), detected by content; each problem validated under its rules
//! (the command's options plus the problem's own conditions and readings), with the
//! `moves` of an SFEN line played (USI convention). Errors name the origin — the
//! argument, or the file and line — and what was expected.

use crate::detect::{read_problems, Format, SourcedProblem};
use crate::encoding::decode_text;
use crate::problem::Problem;
use std::fmt;
use std::io::Read;
use yosei_core::{Move, Setup};
use yosei_rules::{GameHistory, Position, RepetitionRule, RuleSet};

/// A problem ready to solve.
#[derive(Clone, Debug)]
pub struct LoadedProblem {
    /// `argument`, `<file>:<line>`, `stdin:<line>`.
    pub origin: String,
    pub format: Format,
    pub problem: Problem,
    /// The command's rules with the problem's conditions and readings.
    pub rules: RuleSet,
    /// The validated start position (after an SFEN line's `moves`).
    pub position: Position,
    /// The game that led to `position`: the setup and the moves played, if any (their
    /// positions count for repetition, rules.md §7).
    pub played: GameHistory,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputError {
    pub origin: String,
    pub message: String,
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.origin, self.message)
    }
}

impl std::error::Error for InputError {}

/// Reads `arg`: `-` is standard input; an existing file is read; anything else is
/// taken as the text of a problem (an SFEN string, usually).
pub fn read_problems_from_arg(arg: &str, base: &RuleSet) -> Result<Vec<LoadedProblem>, InputError> {
    let (source, text) = if arg == "-" {
        let mut bytes = Vec::new();
        std::io::stdin().read_to_end(&mut bytes).map_err(|e| InputError {
            origin: "stdin".into(),
            message: format!("cannot read standard input: {e}"),
        })?;
        ("stdin".to_string(), decode(&bytes, "stdin")?)
    } else if std::path::Path::new(arg).is_file() {
        let bytes = std::fs::read(arg).map_err(|e| InputError {
            origin: arg.into(),
            message: format!("cannot read the file: {e}"),
        })?;
        (arg.to_string(), decode(&bytes, arg)?)
    } else {
        ("argument".to_string(), arg.to_string())
    };
    let problems = match parse_text(&text, &source) {
        Err(e) if source == "argument" && !looks_like_position(arg) => {
            return Err(InputError {
                origin: e.origin,
                message: format!("'{arg}' is neither a file nor a position ({})", e.message),
            })
        }
        other => other?,
    };
    problems.into_iter().map(|p| load(p, &source, base)).collect()
}

/// Reads the problems of `text` (any supported format, detected by content), never a
/// file: for text that arrives over a network, where a path must not be opened.
/// `source` names the text in errors (`<source>:<line>`).
pub fn read_problems_from_text(text: &str, source: &str, base: &RuleSet) -> Result<Vec<LoadedProblem>, InputError> {
    let problems = parse_text(text, source)?;
    problems.into_iter().map(|p| load(p, source, base)).collect()
}

fn parse_text(text: &str, source: &str) -> Result<Vec<SourcedProblem>, InputError> {
    read_problems(text).map_err(|e| InputError {
        origin: origin_at(source, e.line),
        message: match e.column {
            Some(c) => format!("column {c}: {}", e.message),
            None => e.message.clone(),
        },
    })
}

/// `argument` as it is (its text has no lines worth naming); `<file>:<line>` otherwise.
fn origin_at(source: &str, line: usize) -> String {
    if source == "argument" {
        source.to_string()
    } else {
        format!("{source}:{line}")
    }
}

fn looks_like_position(arg: &str) -> bool {
    arg.contains('/') || arg.contains('\n') || arg.starts_with("position") || arg.starts_with("startpos")
}

/// UTF-8 or Shift_JIS, detected from the bytes.
fn decode(bytes: &[u8], origin: &str) -> Result<String, InputError> {
    decode_text(bytes).map_err(|e| InputError {
        origin: format!("{origin}:{}", e.line),
        message: e.message,
    })
}

fn load(sourced: SourcedProblem, source: &str, base: &RuleSet) -> Result<LoadedProblem, InputError> {
    let origin = origin_at(source, sourced.line);
    let err = |message: String| InputError {
        origin: origin.clone(),
        message,
    };
    let problem = sourced.problem;
    let mut conditions = base.conditions().to_vec();
    for c in &problem.conditions {
        if !conditions.contains(c) {
            conditions.push(*c);
        }
    }
    let mut rules = RuleSet::compile(&conditions)
        .and_then(|rules| rules.with_user_pieces(&problem.pieces))
        .map_err(|e| err(e.to_string()))?;
    rules.uchifuzume = problem.options.uchifuzume.unwrap_or(base.uchifuzume);
    rules.repetition = problem.options.repetition.unwrap_or(base.repetition);
    rules.piece_set = base.piece_set;
    rules.lion_pass = problem.options.lion_pass.unwrap_or(base.lion_pass);
    rules.fairy_home = problem.options.fairy_home.unwrap_or(base.fairy_home);
    let rules = rules
        .with_discarded_kinds(problem.options.discarded.union(base.discarded_kinds()))
        .with_fairy_promotion(problem.options.fairy_promotion.union(base.fairy_promotion()))
        // a problem that declares royal kinds keeps its own (the command line's are
        // for problems that declare none)
        .with_royal_kinds(if problem.options.royal.has_declared() {
            problem.options.royal
        } else {
            base.royal_kinds()
        });
    let moves: &[Move] = if sourced.play_moves { &problem.moves.moves } else { &[] };
    let played = game_after(&problem.setup, moves, &rules).map_err(err)?;
    Ok(LoadedProblem {
        origin,
        format: sourced.format,
        problem,
        rules,
        position: played.current().clone(),
        played,
    })
}

/// The position `setup` validated under `rules`, with `moves` played (each read in its
/// written form and resolved among the legal moves, as a USI `position … moves …`
/// line means them, and legal given the game so far: under `repetition = strict` a move
/// that completes a perpetual check's fourfold repetition is not); or what is wrong, in
/// words.
pub fn position_after(setup: &Setup, moves: &[Move], rules: &RuleSet) -> Result<Position, String> {
    game_after(setup, moves, rules).map(|game| game.current().clone())
}

/// `position_after` with the game that leads there (the setup's position and every
/// position after it).
pub fn game_after(setup: &Setup, moves: &[Move], rules: &RuleSet) -> Result<GameHistory, String> {
    let start = Position::from_setup(setup, rules).map_err(|e| e.to_string())?;
    let mut game = GameHistory::new(start, rules);
    for (i, &m) in moves.iter().enumerate() {
        let Some(m) = game.current().find_legal(m, rules) else {
            return Err(format!(
                "move {} ({}) is not legal in the position reached",
                i + 1,
                m.to_usi()
            ));
        };
        if rules.repetition == RepetitionRule::Strict && !game.legal_moves(rules).contains(&m) {
            return Err(format!(
                "move {} ({}) completes a perpetual check's fourfold repetition (repetition = strict)",
                i + 1,
                m.to_usi()
            ));
        }
        game.play(m, rules);
    }
    Ok(game)
}
