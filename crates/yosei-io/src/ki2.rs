//! KI2: the header and BOD board of KIF (read and written by the same code, in
//! `crate::kif`) followed by moves in Japanese notation without origins,
//! `▲７六歩　△３四歩`, several to a line. Each move is found among the legal moves of the
//! position it is played in (`notation::parse_ki2_move`), so reading needs a valid
//! position under ordinary rules; the end of a line is its `まで…` summary.

use crate::error::FormatError;
use crate::kif::{push_comment, read_kakinoki, summary_line, write_header_and_board, Flavor};
use crate::notation::{display_width, is_space, mark_color, write_ki2_move};
use crate::problem::{MoveLine, Problem};
use yosei_core::{Color, Square};
use yosei_rules::{Position, RuleSet};

/// Reads a KI2 file (already decoded, see [`crate::encoding::decode_text`]). The moves
/// are resolved in the position built from the setup under ordinary rules; an invalid
/// position, or a move that matches no legal move or several, is an error naming the
/// line and column.
pub fn read_ki2(text: &str) -> Result<Problem, FormatError> {
    read_kakinoki(text, Flavor::Ki2)
}

/// The moves of a KI2 line: `(start, end)` character ranges, each from a side mark to
/// just before the next one, without the spaces that pad the columns. `first` is the
/// index of the first mark.
pub(crate) fn split_moves(chars: &[char], first: usize) -> Vec<(usize, usize)> {
    let marks: Vec<usize> = (first..chars.len())
        .filter(|&i| mark_color(chars[i]).is_some())
        .collect();
    let mut segments = Vec::with_capacity(marks.len());
    for (k, &start) in marks.iter().enumerate() {
        let mut end = marks.get(k + 1).copied().unwrap_or(chars.len());
        while end > start + 1 && is_space(chars[end - 1]) {
            end -= 1;
        }
        segments.push((start, end));
    }
    segments
}

/// Moves per text line, and the column width each move is padded to, as Kifu for
/// Windows writes KI2.
const MOVES_PER_LINE: usize = 6;
const MOVE_WIDTH: usize = 12;

/// Writes a complete KI2 (UTF-8): the header and board as [`crate::kif::write_kif`]
/// writes them, then the moves six to a line, a `*` comment after the move it belongs
/// to, `まで…` at the end of a line that has an end word, and the variations
/// (`変化：N手`) latest branch point first.
///
/// Every move must be legal in the position it is played in (under ordinary rules),
/// since KI2 writes no origins: otherwise the error names the move (line 0: the error is
/// not in any input).
pub fn write_ki2(problem: &Problem) -> Result<String, FormatError> {
    let mut out = String::new();
    out.push_str("#KI2 version=2.0 encoding=UTF-8\n");
    write_header_and_board(problem, &mut out);
    for comment in &problem.meta.comments {
        push_comment(&mut out, comment);
    }
    if problem.moves.is_empty() {
        return Ok(out);
    }
    let rules = RuleSet::ordinary();
    // Ends and comments need no position; moves do (as reading them does).
    let position = if has_moves(&problem.moves) {
        Some(Position::from_setup(&problem.setup, &rules).map_err(|e| {
            FormatError::at_line(
                0,
                format!("KI2 needs a valid starting position to write its moves: {e}"),
            )
        })?)
    } else {
        None
    };
    let mut writer = Ki2Moves {
        out,
        rules,
        in_line: 0,
        first_mover: problem.setup.side_to_move,
    };
    writer.line(&problem.moves, 1, None, position.as_ref())?;
    writer.break_line();
    Ok(writer.out)
}

/// Whether any line of the tree holds a move.
fn has_moves(line: &MoveLine) -> bool {
    !line.moves.is_empty() || line.branches.iter().any(|b| has_moves(&b.line))
}

struct Ki2Moves {
    out: String,
    rules: RuleSet,
    /// Moves written on the current text line.
    in_line: usize,
    first_mover: Color,
}

impl Ki2Moves {
    fn break_line(&mut self) {
        if self.in_line > 0 {
            let trimmed = self.out.trim_end_matches(' ').len();
            self.out.truncate(trimmed);
            self.out.push('\n');
            self.in_line = 0;
        }
    }

    fn line(
        &mut self,
        line: &MoveLine,
        start: usize,
        previous_to: Option<Square>,
        position: Option<&Position>,
    ) -> Result<(), FormatError> {
        let mut position = position.cloned();
        let mut before: Vec<(Option<Position>, Option<Square>)> = Vec::with_capacity(line.moves.len() + 1);
        let mut prev = previous_to;
        for (i, &m) in line.moves.iter().enumerate() {
            let Some(position) = position.as_mut() else {
                return Err(FormatError::at_line(0, "a move without a position to play it in"));
            };
            if !position.is_legal(m, &self.rules) {
                return Err(FormatError::at_line(
                    0,
                    format!(
                        "move {} ({}) is not legal in the position reached, so it has no KI2 notation",
                        start + i,
                        m.to_usi()
                    ),
                ));
            }
            before.push((Some(position.clone()), prev));
            let text = write_ki2_move(position, &self.rules, m, prev);
            if self.in_line == MOVES_PER_LINE {
                self.break_line();
            }
            self.out.push_str(&text);
            let pad = MOVE_WIDTH.saturating_sub(display_width(&text)).max(1);
            self.out.push_str(&" ".repeat(pad));
            self.in_line += 1;
            if let Some(Some(comment)) = line.comments.get(i) {
                self.break_line();
                push_comment(&mut self.out, comment);
            }
            position.play_in_place(m);
            prev = Some(m.to());
        }
        before.push((position.clone(), prev));
        if let Some(end) = &line.end {
            self.break_line();
            let plies = start + line.moves.len() - 1;
            self.out.push_str(&summary_line(end, plies, self.first_mover));
            self.out.push('\n');
        }
        let mut order: Vec<usize> = (0..line.branches.len()).collect();
        order.sort_by_key(|&k| std::cmp::Reverse(line.branches[k].at));
        for k in order {
            let branch = &line.branches[k];
            let Some((position_at, prev_at)) = before.get(branch.at) else {
                continue;
            };
            self.break_line();
            self.out.push('\n');
            self.out.push_str(&format!("変化：{}手\n", start + branch.at));
            self.line(&branch.line, start + branch.at, *prev_at, position_at.as_ref())?;
        }
        Ok(())
    }
}
