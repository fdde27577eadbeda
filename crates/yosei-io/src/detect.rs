//! Format detection by content (cli.md: "The format is detected from content, not only
//! the extension") and reading every problem of an input.

use crate::error::FormatError;
use crate::problem::{MoveLine, Problem};
use crate::sfen::parse_sfen;
use crate::{csa, fm, ki2, kif, native};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Sfen,
    Kif,
    Ki2,
    Csa,
    Fm,
    Native,
}

impl Format {
    pub fn name(self) -> &'static str {
        match self {
            Format::Sfen => "SFEN",
            Format::Kif => "KIF",
            Format::Ki2 => "KI2",
            Format::Csa => "CSA",
            Format::Fm => "fm",
            Format::Native => "yosei problem",
        }
    }
}

/// A problem with the line it starts on and whether its moves are to be played before
/// solving (SFEN `position … moves …`, the USI convention) or are a record (every other
/// format: the problem is the position before them).
#[derive(Clone, Debug)]
pub struct SourcedProblem {
    pub line: usize,
    pub format: Format,
    pub problem: Problem,
    pub play_moves: bool,
}

/// Decides the format of `text` from its content.
pub fn detect_format(text: &str) -> Format {
    if native::is_native(text) {
        return Format::Native;
    }
    let lines: Vec<&str> = text
        .lines()
        .map(|l| l.trim_start_matches('\u{feff}').trim_end())
        .filter(|l| !l.trim().is_empty())
        .collect();
    let csa_line = |l: &&str| {
        l.starts_with("V2")
            || l.starts_with("V3")
            || l.starts_with("PI")
            || (l.starts_with('P') && l[1..].starts_with(|c: char| c.is_ascii_digit() || c == '+' || c == '-'))
            || l.starts_with("N+")
            || l.starts_with("N-")
            || l.starts_with('$')
    };
    let kif_marks = [
        "手合割",
        "後手の持駒",
        "先手の持駒",
        "上手の持駒",
        "下手の持駒",
        "手数----",
        "作品名",
        "開始日時",
    ];
    let kif_line = |l: &&str| {
        kif_marks.iter().any(|m| l.contains(m))
            || l.starts_with('|')
            || l.starts_with("+---")
            || l.trim_start().starts_with("９ ８ ７")
    };
    let has_kif = lines.iter().any(kif_line);
    let ki2_moves = lines.iter().any(|l| l.trim_start().starts_with(['▲', '△', '☗', '☖']));
    let kif_moves = lines.iter().any(|l| l.contains("手数----"))
        || lines.iter().any(|l| {
            let t = l.trim_start();
            t.starts_with(|c: char| c.is_ascii_digit()) && t.contains('(') && !t.contains('/')
        });
    if has_kif || ki2_moves {
        return if ki2_moves && !kif_moves {
            Format::Ki2
        } else {
            Format::Kif
        };
    }
    if lines.iter().any(csa_line) {
        return Format::Csa;
    }
    if let Some(first) = lines.iter().find(|l| !l.trim_start().starts_with(['#', ';'])) {
        // fm's fairy-piece declarations come before the problem line (`/EF1=WA@H`)
        if first
            .trim_start()
            .get(..3)
            .is_some_and(|head| head.eq_ignore_ascii_case("/EF"))
        {
            return Format::Fm;
        }
        let first_word = first.split_whitespace().next().unwrap_or("");
        let looks_like_sfen =
            first_word.contains('/') || first_word == "sfen" || first_word == "position" || first_word == "startpos";
        // A rule word, perhaps with its length (`H#3`, `SER-#5`).
        let first_chars: Vec<char> = first_word.chars().collect();
        if !looks_like_sfen && crate::fm::parse_rule_text(&first_chars).is_ok() {
            return Format::Fm;
        }
        // a first word in Japanese is no SFEN: an fm rule phrase with a word it does not
        // know, whose error (the word, the column) says more than the SFEN reader's
        if !looks_like_sfen && !first_word.is_ascii() {
            return Format::Fm;
        }
    }
    Format::Sfen
}

/// Reads every problem in `text` (already decoded).
pub fn read_problems(text: &str) -> Result<Vec<SourcedProblem>, FormatError> {
    let format = detect_format(text);
    let one = |problem: Problem| {
        vec![SourcedProblem {
            line: 1,
            format,
            problem,
            play_moves: false,
        }]
    };
    Ok(match format {
        Format::Native => one(native::read_native(text)?),
        Format::Kif => one(kif::read_kif(text)?),
        Format::Ki2 => one(ki2::read_ki2(text)?),
        Format::Csa => one(csa::read_csa(text)?),
        Format::Fm => fm::read_fm_numbered(text)?
            .into_iter()
            .map(|(line, problem)| SourcedProblem {
                line,
                format,
                problem,
                play_moves: false,
            })
            .collect(),
        Format::Sfen => read_sfen_lines(text)?,
    })
}

/// One SFEN per line; `#` starts a comment (kept as the problem's first comment line).
fn read_sfen_lines(text: &str) -> Result<Vec<SourcedProblem>, FormatError> {
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
        let record = parse_sfen(body).map_err(|e| FormatError::at(i + 1, e.column, e.message))?;
        let mut problem = Problem {
            setup: record.setup,
            moves: MoveLine {
                comments: vec![None; record.moves.len()],
                moves: record.moves,
                ..MoveLine::default()
            },
            ..Problem::default()
        };
        problem.meta.comments.extend(comment.filter(|c| !c.is_empty()));
        out.push(SourcedProblem {
            line: i + 1,
            format: Format::Sfen,
            problem,
            play_moves: true,
        });
    }
    if out.is_empty() {
        return Err(FormatError::at_line(
            1,
            "no position found (expected one SFEN per line, or a problem file)",
        ));
    }
    Ok(out)
}
