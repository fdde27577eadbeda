//! Reading the positions a command is given: an SFEN string, a file, or standard
//! input (`-`), detected by content; each position validated and its `moves` replayed
//! legally. Errors name the line (and column) and what was expected.

use crate::sfen::{parse_sfen, SfenRecord};
use std::fmt;
use std::io::Read;
use yosei_rules::{Position, RuleSet};

/// A position read from the input, with where it came from.
#[derive(Clone, Debug)]
pub struct LabelledPosition {
    /// `line N` of a file (or of standard input); `argument` for a string.
    pub origin: String,
    /// The text after a `#` on the line, if any (a name or note).
    pub comment: Option<String>,
    pub position: Position,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputError {
    /// Where: `argument`, `<file>:<line>`, `stdin:<line>`.
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
/// taken as an SFEN string. Files and standard input hold one position per line
/// (blank lines and lines starting with `#` are skipped; `# …` after a position is its
/// comment).
pub fn read_positions(arg: &str, rules: &RuleSet) -> Result<Vec<LabelledPosition>, InputError> {
    if arg == "-" {
        let mut text = String::new();
        std::io::stdin().read_to_string(&mut text).map_err(|e| InputError {
            origin: "stdin".into(),
            message: format!("cannot read standard input: {e}"),
        })?;
        return read_lines(&text, "stdin", rules);
    }
    let path = std::path::Path::new(arg);
    if path.is_file() {
        let bytes = std::fs::read(path).map_err(|e| InputError {
            origin: arg.into(),
            message: format!("cannot read the file: {e}"),
        })?;
        let text = String::from_utf8(bytes).map_err(|e| InputError {
            origin: arg.into(),
            message: format!("the file is not UTF-8 text (byte {})", e.utf8_error().valid_up_to()),
        })?;
        return read_lines(&text, arg, rules);
    }
    let position = to_position(arg, rules).map_err(|message| InputError {
        origin: "argument".into(),
        message: if arg.contains('/') || arg.starts_with("position") || arg.starts_with("startpos") {
            message
        } else {
            format!("'{arg}' is neither a file nor an SFEN string ({message})")
        },
    })?;
    Ok(vec![LabelledPosition {
        origin: "argument".into(),
        comment: None,
        position,
    }])
}

/// Parses text of one position per line.
pub fn read_lines(text: &str, source: &str, rules: &RuleSet) -> Result<Vec<LabelledPosition>, InputError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let (body, comment) = match line.find('#') {
            Some(at) => (&line[..at], Some(line[at + 1..].trim().to_string())),
            None => (line, None),
        };
        if body.trim().is_empty() {
            continue;
        }
        let origin = format!("{source}:{}", i + 1);
        let position = to_position(body, rules).map_err(|message| InputError {
            origin: origin.clone(),
            message,
        })?;
        out.push(LabelledPosition {
            origin,
            comment,
            position,
        });
    }
    if out.is_empty() {
        return Err(InputError {
            origin: source.into(),
            message: "no position found (expected one SFEN per line)".into(),
        });
    }
    Ok(out)
}

/// One SFEN (with optional `moves`) → a validated position with the moves played.
pub fn to_position(text: &str, rules: &RuleSet) -> Result<Position, String> {
    let SfenRecord { setup, moves } = parse_sfen(text).map_err(|e| e.to_string())?;
    let mut position = Position::from_setup(&setup, rules).map_err(|e| e.to_string())?;
    for (i, &m) in moves.iter().enumerate() {
        if !position.is_legal(m, rules) {
            return Err(format!(
                "move {} ({}) is not legal in the position reached",
                i + 1,
                m.to_usi()
            ));
        }
        position.play_in_place(m);
    }
    Ok(position)
}
