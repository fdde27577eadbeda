//! The yosei problem file: one problem per file, `key: value` lines, documented in
//! docs/formats/native.md. It carries everything a problem needs — position,
//! stipulation, conditions, rule options, metadata, a recorded solution — in words a
//! person can edit, with the position in SFEN and moves in USI.
//!
//! ```text
//! yosei-problem 1
//! title: 寿
//! author: 伊藤看寿
//! stipulation: help:11
//! condition: annan
//! piece: E 象 elephant FA
//! uchifuzume: check-only
//! position: 4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1
//! moves: G*5b
//! ```

use crate::error::FormatError;
use crate::problem::{Metadata, MoveLine, Problem};
use crate::sfen::{parse_sfen, parse_usi_move, write_sfen};
use yosei_core::movement::Movement;
use yosei_core::PieceKind;
use yosei_rules::{Condition, Stipulation, UserPiece};

/// The first line of every yosei problem file.
pub const MAGIC: &str = "yosei-problem";
const VERSION: &str = "1";

/// Whether `text` is a yosei problem file (its first meaningful line is the magic).
pub fn is_native(text: &str) -> bool {
    meaningful_lines(text)
        .next()
        .is_some_and(|(_, line)| line.split_whitespace().next() == Some(MAGIC))
}

fn meaningful_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines().enumerate().filter_map(|(i, line)| {
        let line = line.trim_start_matches('\u{feff}').trim();
        (!line.is_empty() && !line.starts_with('#')).then_some((i + 1, line))
    })
}

pub fn read_native(text: &str) -> Result<Problem, FormatError> {
    let mut lines = meaningful_lines(text);
    match lines.next() {
        Some((n, line)) => {
            let mut words = line.split_whitespace();
            if words.next() != Some(MAGIC) {
                return Err(FormatError::at(
                    n,
                    1,
                    format!("expected '{MAGIC} {VERSION}' as the first line"),
                ));
            }
            if let Some(v) = words.next().filter(|v| *v != VERSION) {
                return Err(FormatError::at_line(
                    n,
                    format!("unsupported version '{v}' (this yosei reads version {VERSION})"),
                ));
            }
        }
        None => {
            return Err(FormatError::at_line(
                1,
                format!("empty file: expected '{MAGIC} {VERSION}'"),
            ))
        }
    }
    let mut problem = Problem::default();
    let mut position_seen = false;
    for (n, line) in lines {
        let Some((key, value)) = line.split_once(':') else {
            return Err(FormatError::at_line(
                n,
                format!("expected 'key: value', found '{line}'"),
            ));
        };
        let key = key.trim();
        let value = value.trim();
        let value_column =
            line.chars().count() - line.split_once(':').map_or(0, |(_, v)| v.trim_start().chars().count()) + 1;
        let bad = |message: String| FormatError::at(n, value_column, message);
        match key {
            "title" => problem.meta.title = Some(value.to_string()),
            "author" => problem.meta.author = Some(value.to_string()),
            "source" => problem.meta.source = Some(value.to_string()),
            "date" => problem.meta.date = Some(value.to_string()),
            "comment" => problem.meta.comments.push(value.to_string()),
            "stipulation" => problem.stipulation = Some(value.parse::<Stipulation>().map_err(bad)?),
            "condition" => {
                let c = value.parse::<Condition>().map_err(bad)?;
                if !problem.conditions.contains(&c) {
                    problem.conditions.push(c);
                }
            }
            "piece" => {
                let piece = read_piece(value).map_err(|(offset, message)| {
                    FormatError::at(n, value_column + offset, format!("piece: {message}"))
                })?;
                if problem.pieces.iter().any(|p| p.kind == piece.kind) {
                    return Err(bad(format!(
                        "piece: letter {} is defined twice",
                        piece.kind.sfen_name()
                    )));
                }
                problem.pieces.push(piece);
            }
            "uchifuzume" => problem.options.uchifuzume = Some(value.parse().map_err(bad)?),
            "repetition" => problem.options.repetition = Some(value.parse().map_err(bad)?),
            "lion-pass" => problem.options.lion_pass = Some(value.parse().map_err(bad)?),
            "fairy-home" => problem.options.fairy_home = Some(value.parse().map_err(bad)?),
            "fairy-capture" => problem.options.discarded = value.parse().map_err(bad)?,
            "fairy-promotion" => problem.options.fairy_promotion = value.parse().map_err(bad)?,
            "royal" => problem.options.royal = value.parse().map_err(bad)?,
            "position" | "target" => {
                let record = parse_sfen(value)
                    .map_err(|e| FormatError::at(n, value_column + e.column - 1, format!("{key}: {}", e.message)))?;
                if !record.moves.is_empty() {
                    return Err(bad(format!(
                        "{key}: write the moves on a 'moves:' line, not in the SFEN"
                    )));
                }
                if key == "position" {
                    if position_seen {
                        return Err(FormatError::at_line(
                            n,
                            "a second 'position:' line (one problem per file)",
                        ));
                    }
                    position_seen = true;
                    problem.setup = record.setup;
                } else {
                    problem.target = Some(record.setup);
                }
            }
            "moves" => {
                let mut column = value_column;
                for word in value.split(' ') {
                    if !word.is_empty() {
                        let m = parse_usi_move(word)
                            .map_err(|e| FormatError::at(n, column + e.column - 1, format!("moves: {}", e.message)))?;
                        problem.moves.moves.push(m);
                        problem.moves.comments.push(None);
                    }
                    column += word.chars().count() + 1;
                }
            }
            other => {
                problem.meta.other.push((other.to_string(), value.to_string()));
            }
        }
    }
    if !position_seen {
        return Err(FormatError::at_line(
            text.lines().count().max(1),
            "no 'position:' line (expected 'position: <SFEN>')",
        ));
    }
    Ok(problem)
}

/// A `piece:` value, `LETTER GLYPH NAME… MOVEMENT`; an error carries the character
/// offset in the value where it lies.
fn read_piece(value: &str) -> Result<UserPiece, (usize, String)> {
    const EXPECTED: &str = "expected 'LETTER GLYPH NAME MOVEMENT', e.g. 'E 象 elephant FA'";
    let words: Vec<(usize, &str)> = value
        .split(' ')
        .scan(0usize, |offset, word| {
            let at = *offset;
            *offset += word.chars().count() + 1;
            Some((at, word))
        })
        .filter(|(_, w)| !w.is_empty())
        .collect();
    if words.len() < 4 {
        return Err((0, format!("{EXPECTED}, found '{value}'")));
    }
    let (letter_at, letter) = words[0];
    let kind = PieceKind::from_sfen_name(letter)
        .filter(|k| k.is_user_defined())
        .ok_or_else(|| {
            (
                letter_at,
                format!("expected one of the letters E, M, U, W, Y (the others are built-in pieces), found '{letter}'"),
            )
        })?;
    let (glyph_at, glyph_word) = words[1];
    let mut glyph_chars = glyph_word.chars();
    let glyph = match (glyph_chars.next(), glyph_chars.next()) {
        (Some(c), None) => c,
        _ => {
            return Err((
                glyph_at,
                format!("expected a one-character glyph, found '{glyph_word}'"),
            ))
        }
    };
    let (movement_at, movement_text) = words[words.len() - 1];
    let movement =
        Movement::parse(movement_text).map_err(|e| (movement_at + e.column - 1, format!("movement: {}", e.message)))?;
    let name: Vec<&str> = words[2..words.len() - 1].iter().map(|(_, w)| *w).collect();
    Ok(UserPiece {
        kind,
        name: name.join(" "),
        glyph,
        movement,
    })
}

/// Writes a problem; `read_native(&write_native(p))` gives `p` back (variations and
/// move comments are not carried: this format records one line of moves).
pub fn write_native(problem: &Problem) -> String {
    let mut out = format!("{MAGIC} {VERSION}\n");
    let Metadata {
        title,
        author,
        source,
        date,
        other,
        comments,
    } = &problem.meta;
    for (key, value) in [("title", title), ("author", author), ("source", source), ("date", date)] {
        if let Some(v) = value {
            out.push_str(&format!("{key}: {}\n", one_line(v)));
        }
    }
    for c in comments {
        out.push_str(&format!("comment: {}\n", one_line(c)));
    }
    if let Some(s) = problem.stipulation {
        out.push_str(&format!("stipulation: {s}\n"));
    }
    for c in &problem.conditions {
        out.push_str(&format!("condition: {c}\n"));
    }
    for piece in &problem.pieces {
        out.push_str(&format!("piece: {piece}\n"));
    }
    if let Some(u) = problem.options.uchifuzume {
        out.push_str(&format!("uchifuzume: {u}\n"));
    }
    if let Some(r) = problem.options.repetition {
        out.push_str(&format!("repetition: {r}\n"));
    }
    if let Some(l) = problem.options.lion_pass {
        out.push_str(&format!("lion-pass: {l}\n"));
    }
    if let Some(h) = problem.options.fairy_home {
        out.push_str(&format!("fairy-home: {h}\n"));
    }
    if !problem.options.discarded.is_empty() {
        out.push_str(&format!("fairy-capture: {}\n", problem.options.discarded));
    }
    if !problem.options.fairy_promotion.is_empty() {
        out.push_str(&format!("fairy-promotion: {}\n", problem.options.fairy_promotion));
    }
    if problem.options.royal.has_declared() {
        out.push_str(&format!("royal: {}\n", problem.options.royal));
    }
    for (key, value) in other {
        out.push_str(&format!("{}: {}\n", one_line(key).replace(':', "："), one_line(value)));
    }
    out.push_str(&format!("position: {}\n", write_sfen(&problem.setup)));
    if let Some(target) = &problem.target {
        out.push_str(&format!("target: {}\n", write_sfen(target)));
    }
    let MoveLine { moves, .. } = &problem.moves;
    if !moves.is_empty() {
        let words: Vec<String> = moves.iter().map(|m| m.to_usi()).collect();
        out.push_str(&format!("moves: {}\n", words.join(" ")));
    }
    out
}

/// Values are single lines; line breaks inside become spaces.
fn one_line(s: &str) -> String {
    s.replace(['\r', '\n'], " ").trim().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    const EXAMPLE: &str = "yosei-problem 1\n# a helpmate\ntitle: 例題\nauthor: 作者\nstipulation: help:3\n\
        condition: annan\nuchifuzume: any\nposition: 4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1\nmoves: G*5b\n";

    #[test]
    fn reads_and_writes_back() {
        let p = read_native(EXAMPLE).unwrap();
        assert_eq!(p.meta.title.as_deref(), Some("例題"));
        assert_eq!(p.stipulation, Some(Stipulation::Help { length: Some(3) }));
        assert_eq!(p.conditions, vec![Condition::Annan]);
        assert_eq!(p.options.uchifuzume, Some(yosei_rules::UchifuzumeReading::Any));
        assert_eq!(p.moves.moves.len(), 1);
        assert_eq!(read_native(&write_native(&p)).unwrap(), p);
        assert!(is_native(EXAMPLE));
    }

    #[test]
    fn the_lion_pass_reads_and_writes_back() {
        let text = "yosei-problem 1\nlion-pass: any\nposition: 4k4/9/9/9/4O4/9/9/9/4K4 b - 1\n";
        let p = read_native(text).unwrap();
        assert_eq!(p.options.lion_pass, Some(yosei_rules::LionPass::Any));
        assert!(write_native(&p).contains("lion-pass: any\n"));
        assert_eq!(read_native(&write_native(&p)).unwrap(), p);
        let e = read_native("yosei-problem 1\nlion-pass: never\nposition: 4k4/9/9/9/9/9/9/9/4K4 b - 1\n").unwrap_err();
        assert_eq!(e.line, 2);
        assert!(e.to_string().contains("'empty-neighbour' or 'any'"), "{e}");
    }

    #[test]
    fn the_fairy_home_reads_and_writes_back() {
        let text =
            "yosei-problem 1\nfairy-home: second-rank\ncondition: circe\nposition: 4k4/9/9/9/4Q4/9/9/9/4K4 b - 1\n";
        let p = read_native(text).unwrap();
        assert_eq!(p.options.fairy_home, Some(yosei_rules::FairyHome::SecondRank));
        assert!(write_native(&p).contains("fairy-home: second-rank\n"));
        assert_eq!(read_native(&write_native(&p)).unwrap(), p);
        let e = read_native("yosei-problem 1\nfairy-home: rank2\nposition: 4k4/9/9/9/9/9/9/9/4K4 b - 1\n").unwrap_err();
        assert_eq!(e.line, 2);
        assert!(e.to_string().contains("'none' or 'second-rank'"), "{e}");
    }

    #[test]
    fn errors_name_line_and_column() {
        let e = read_native("yosei-problem 1\nstipulation: help:x\nposition: 9/9/9/9/9/9/9/9/9 b - 1\n").unwrap_err();
        assert_eq!((e.line, e.column), (2, Some(14)));
        let e = read_native("yosei-problem 1\nposition: 9/9/9/9/9/9/9/9/8 b - 1\n").unwrap_err();
        assert_eq!(e.line, 2);
        assert!(e.column.is_some(), "{e}");
        let e = read_native("yosei-problem 1\nmoves: 7g7f 7g7\nposition: 9/9/9/9/9/9/9/9/9 b - 1\n").unwrap_err();
        assert_eq!(e.line, 2);
        assert!(read_native("yosei-problem 1\ntitle: x\n").is_err());
        assert!(read_native("yosei-problem 2\n").is_err());
        assert!(read_native("").is_err());
        assert!(read_native("yosei-problem 1\nno colon here\n").is_err());
    }
}
