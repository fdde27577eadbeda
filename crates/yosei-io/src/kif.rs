//! KIF (柿木形式): the header, the BOD board, and the numbered move section with its
//! variations — reading and writing. The header and board code here is shared with KI2
//! (`crate::ki2`), which differs only in its move section.
//!
//! Conventions (docs/formats/kif.md gives the reasons):
//!
//! - Header lines are `key：value` (full-width or half-width colon). 作品名 (or 表題) →
//!   title, 作者 → author, 発表誌 → source, 発表年月 / 開始日時 / 対局日 → date, 手数 →
//!   the stipulation's length, ルール → stipulation and conditions; every other key,
//!   手合割 included, is kept in `meta.other` in file order.
//! - A board (BOD) gives the position; without one, 手合割 names the start position
//!   (平手 or a handicap), and without both the start position is 平手.
//! - `残り全部` / `残りすべて` gives a side all pieces of the standard set that are neither
//!   on the board nor in the other hand. A board without a `後手の持駒` line means the same
//!   for White when the file is a problem (手合割：詰将棋, a ルール or 手数 line, or no Black
//!   king on the board), as Kifu for Windows reads tsume files; otherwise no pieces.
//! - Moves are read syntactically (`notation::parse_kif_move`); nothing about legality is
//!   checked here.
//! - `変化：N手` starts a variation of move N of the line read last (the most recent
//!   line on the current path that has a move N), as Kifu for Windows and ShogiHome read
//!   it; a variation of a variation's first move is a further alternative to the same
//!   move and is stored beside it.

use crate::error::FormatError;
use crate::notation::{
    self, board_glyph, display_width, is_space, kanji_number, kind_from_glyph, parse_count, rank_kanji, write_kif_move,
    NotationError,
};
use crate::problem::{remaining_pieces, Branch, Metadata, MoveLine, Problem};
use crate::rule_words::{parse_rule_phrase, write_rule_phrase, RulePhrase};
use yosei_core::{Color, Displacement, Hand, Move, Piece, PieceKind, Setup, Square};
use yosei_rules::{Position, RuleSet, Stipulation};

/// Reads a KIF file (already decoded, see [`crate::encoding::decode_text`]). The moves
/// are read syntactically; the setup is not validated.
pub fn read_kif(text: &str) -> Result<Problem, FormatError> {
    read_kakinoki(text, Flavor::Kif)
}

/// The two formats of the 柿木 family: numbered KIF moves or KI2's `▲７六歩`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Flavor {
    Kif,
    Ki2,
}

/// End words of a KIF move line (`  13 投了`), as Kifu for Windows and ShogiHome write
/// them.
pub(crate) const END_WORDS: &[&str] = &[
    "詰み",
    "詰",
    "投了",
    "中断",
    "千日手",
    "持将棋",
    "不詰",
    "反則勝ち",
    "反則負け",
    "切れ負け",
    "入玉勝ち",
    "不戦勝",
    "不戦敗",
    "引き分け",
    "トライ",
    "封じ手",
    "最大手数",
];

// ---------------------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------------------

/// A line of the input: its 1-based number and its characters (no line ending).
struct InputLine {
    number: usize,
    chars: Vec<char>,
}

impl InputLine {
    fn starts_with(&self, prefix: &str) -> bool {
        starts_with_at(&self.chars, 0, prefix)
    }

    fn error(&self, index: usize, message: impl Into<String>) -> FormatError {
        FormatError::at(self.number, index + 1, message)
    }

    /// The line quoted for a message, shortened.
    fn quoted(&self) -> String {
        const SHOWN: usize = 30;
        let mut text: String = self.chars.iter().take(SHOWN).collect();
        if self.chars.len() > SHOWN {
            text.push('…');
        }
        format!("'{text}'")
    }
}

/// A hand as a line states it.
#[derive(Clone, Copy)]
enum HandSpec {
    Explicit(Hand),
    /// 残り全部, at this line.
    Remaining(usize),
}

/// One line of moves being read: the main line or a variation.
struct LineBuf {
    /// The line it branches from and the index of the move it replaces there.
    parent: Option<(usize, usize)>,
    /// The ply number of its first move (1 for the main line).
    start: usize,
    moves: Vec<Move>,
    comments: Vec<Option<String>>,
    end: Option<String>,
    children: Vec<usize>,
    /// How many variations deep (0 for the main line).
    depth: usize,
}

/// Variations nest at most this deep. Real records stay far below; the limit keeps the
/// recursive building, writing and dropping of `MoveLine`s within any thread's stack.
pub(crate) const MAX_VARIATION_DEPTH: usize = 200;

impl LineBuf {
    fn new(parent: Option<(usize, usize)>, start: usize, depth: usize) -> LineBuf {
        LineBuf {
            depth,
            parent,
            start,
            moves: Vec::new(),
            comments: Vec::new(),
            end: None,
            children: Vec::new(),
        }
    }

    /// The ply number the next move of this line would have.
    fn next_ply(&self) -> usize {
        self.start + self.moves.len()
    }
}

struct Reader {
    flavor: Flavor,
    meta: Metadata,
    handicap: Option<(String, usize)>,
    rows: Vec<(usize, [Option<Piece>; 9])>,
    board_state: BoardState,
    hands: [Option<HandSpec>; 2],
    side: Option<Color>,
    /// From a BOD `手数＝N` line: the position is after move N.
    bod_ply: Option<u32>,
    bod_last_to: Option<Square>,
    length: Option<(u32, usize)>,
    rule: Option<RulePhrase>,
    in_moves: bool,
    setup: Setup,
    lines: Vec<LineBuf>,
    current: usize,
    /// The number the file gives the first move (1, or the BOD move number + 1).
    first_number: Option<usize>,
    /// KI2: the position at the tip of the current line (built at the first move).
    position: Option<Position>,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum BoardState {
    None,
    /// Opened at this line.
    Open(usize),
    Closed,
}

pub(crate) fn read_kakinoki(text: &str, flavor: Flavor) -> Result<Problem, FormatError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    // Any line ending counts, as `decode_text` normalises them: CR LF, LF, lone CR.
    let normalized;
    let text = if text.contains('\r') {
        normalized = text.replace("\r\n", "\n").replace('\r', "\n");
        normalized.as_str()
    } else {
        text
    };
    let mut reader = Reader {
        flavor,
        meta: Metadata::default(),
        handicap: None,
        rows: Vec::new(),
        board_state: BoardState::None,
        hands: [None, None],
        side: None,
        bod_ply: None,
        bod_last_to: None,
        length: None,
        rule: None,
        in_moves: false,
        setup: Setup::empty(),
        lines: vec![LineBuf::new(None, 1, 0)],
        current: 0,
        first_number: None,
        position: None,
    };
    for (i, raw) in text.split('\n').enumerate() {
        let line = InputLine {
            number: i + 1,
            chars: raw.chars().collect(),
        };
        reader.line(&line)?;
    }
    if !reader.in_moves {
        reader.finish_header()?;
    }
    Ok(reader.finish())
}

impl Reader {
    fn line(&mut self, line: &InputLine) -> Result<(), FormatError> {
        let chars = &line.chars;
        let first = chars.iter().position(|&c| !is_space(c));
        let Some(first) = first else {
            return Ok(()); // blank
        };
        let lead = chars[first];
        match lead {
            // `#` lines are for programs (`#KIF version=2.0 encoding=UTF-8`); `&` lines are
            // bookmarks (しおり): neither says anything about the problem.
            '#' | '&' if first == 0 => return Ok(()),
            '*' | '＊' if first == 0 => {
                let comment: String = chars[1..].iter().collect();
                self.comment(comment);
                return Ok(());
            }
            _ => {}
        }
        let rest_from = |skip: usize| -> Vec<char> { chars[first..].iter().skip(skip).copied().collect() };
        if starts_with_at(chars, first, "変化") {
            return self.variation(line, first);
        }
        if starts_with_at(chars, first, "まで") {
            if !self.in_moves {
                self.start_moves()?;
            }
            self.summary(&rest_from(2));
            return Ok(());
        }
        if is_file_line(&chars[first..]) {
            // The file numbers above the board, `  ９ ８ ７ … １`.
            return self.position_line(line, |_, _| Ok(()));
        }
        if self.flavor == Flavor::Kif && lead.is_ascii_digit() {
            return self.kif_move_line(line, first);
        }
        if self.flavor == Flavor::Ki2 && notation::mark_color(lead).is_some() {
            if !self.in_moves {
                self.start_moves()?;
            }
            return self.ki2_moves_line(line, first);
        }
        if line.starts_with("手数") {
            match chars.get(2) {
                Some('-' | '－' | '―' | 'ー' | '─') => {
                    if !self.in_moves {
                        self.start_moves()?;
                    }
                    return Ok(());
                }
                Some('＝' | '=') => return self.position_line(line, |r, l| r.bod_move_number(l)),
                _ => {}
            }
        }
        // Position lines
        if lead == '|' || lead == '｜' {
            return self.position_line(line, |r, l| r.board_row(l, first));
        }
        if lead == '+' && chars[first..].iter().all(|&c| c == '+' || c == '-') {
            return self.position_line(line, |r, l| r.board_frame(l));
        }
        for (prefix, color) in [
            ("後手の持駒", Color::White),
            ("上手の持駒", Color::White),
            ("先手の持駒", Color::Black),
            ("下手の持駒", Color::Black),
        ] {
            if line.starts_with(prefix) {
                return self.position_line(line, |r, l| r.hand_line(l, color));
            }
        }
        for (word, color) in [
            ("先手番", Color::Black),
            ("下手番", Color::Black),
            ("後手番", Color::White),
            ("上手番", Color::White),
        ] {
            if line.starts_with(word) {
                return self.position_line(line, |r, _| {
                    r.side = Some(color);
                    Ok(())
                });
            }
        }
        if let Some(colon) = header_colon(chars) {
            if self.in_moves {
                return Err(line.error(
                    0,
                    format!(
                        "header line {} after the moves began: expected a move, a comment (*…) or a variation (変化：N手)",
                        line.quoted()
                    ),
                ));
            }
            return self.header(line, colon);
        }
        let expected = if self.in_moves {
            match self.flavor {
                Flavor::Kif => {
                    "a numbered move such as '   1 ７六歩(77)', a comment (*…), a variation (変化：N手) or 'まで…'"
                }
                Flavor::Ki2 => "moves such as '▲７六歩 △３四歩', a comment (*…), a variation (変化：N手) or 'まで…'",
            }
        } else {
            match self.flavor {
                Flavor::Kif => "a header line 'key：value', a board line, a hand (先手の持駒：…), 先手番/後手番 or the moves",
                Flavor::Ki2 => "a header line 'key：value', a board line, a hand (先手の持駒：…), 先手番/後手番 or moves such as '▲７六歩'",
            }
        };
        Err(line.error(
            first,
            format!("unrecognized line {}: expected {expected}", line.quoted()),
        ))
    }

    /// A line that describes the position: only allowed before the moves.
    fn position_line(
        &mut self,
        line: &InputLine,
        read: impl FnOnce(&mut Reader, &InputLine) -> Result<(), FormatError>,
    ) -> Result<(), FormatError> {
        if self.in_moves {
            return Err(line.error(
                0,
                format!(
                    "{} describes the position, but the moves have already begun: the board, hands and 手番 come \
                     before the moves",
                    line.quoted()
                ),
            ));
        }
        read(self, line)
    }

    fn header(&mut self, line: &InputLine, colon: usize) -> Result<(), FormatError> {
        let key: String = line.chars[..colon].iter().collect();
        let (value_start, value) = trimmed_value(&line.chars, colon + 1);
        let slot = match key.as_str() {
            "作品名" | "表題" => Some(&mut self.meta.title),
            "作者" => Some(&mut self.meta.author),
            "発表誌" => Some(&mut self.meta.source),
            "発表年月" | "開始日時" | "対局日" => Some(&mut self.meta.date),
            _ => None,
        };
        if let Some(slot) = slot {
            if slot.is_none() {
                *slot = Some(value);
                return Ok(());
            }
            // A second title (作品名 and 表題 both) is kept as it is.
            self.meta.other.push((key, value));
            return Ok(());
        }
        match key.as_str() {
            "手数" => {
                if self.length.is_some() {
                    return Err(line.error(0, "a second 手数 line: expected one length"));
                }
                let n = parse_length(&line.chars, value_start).map_err(|(i, m)| line.error(i, m))?;
                self.length = Some((n, line.number));
            }
            "ルール" => {
                if self.rule.is_some() {
                    return Err(line.error(0, "a second ルール line: expected one rule phrase"));
                }
                let phrase = parse_rule_phrase(&value)
                    .map_err(|(column, message)| line.error(value_start + column - 1, message))?;
                self.rule = Some(phrase);
            }
            "手合割" => {
                self.handicap = Some((value.clone(), line.number));
                self.meta.other.push((key, value));
            }
            _ => self.meta.other.push((key, value)),
        }
        Ok(())
    }

    fn bod_move_number(&mut self, line: &InputLine) -> Result<(), FormatError> {
        // `手数＝171　▲６二角成　まで`: the position after move 171, whose destination
        // serves a first move written `同`.
        let chars = &line.chars;
        let mut i = 3;
        let digits: Vec<u32> = chars[i.min(chars.len())..]
            .iter()
            .map_while(|&c| notation::digit_value(c))
            .collect();
        if digits.is_empty() || digits.len() > 9 {
            return Err(line.error(
                i,
                "expected the number of moves played after '手数＝' (at most 9 digits)",
            ));
        }
        self.bod_ply = Some(digits.iter().fold(0, |a, &d| a * 10 + d));
        i += digits.len();
        while chars.get(i).is_some_and(|&c| is_space(c)) {
            i += 1;
        }
        if chars.get(i).copied().and_then(notation::mark_color).is_some() {
            self.bod_last_to = notation::square_at(chars, i + 1);
        }
        Ok(())
    }

    fn board_row(&mut self, line: &InputLine, first: usize) -> Result<(), FormatError> {
        match self.board_state {
            BoardState::Closed => {
                return Err(line.error(first, "a board row after the board was closed: expected one board"));
            }
            BoardState::None => self.board_state = BoardState::Open(line.number),
            BoardState::Open(_) => {}
        }
        if self.rows.len() == 9 {
            return Err(line.error(first, "a 10th board row: a board has 9 rows"));
        }
        let rank = self.rows.len() as i32 + 1;
        let chars = &line.chars;
        let mut cells: [Option<Piece>; 9] = [None; 9];
        let mut count = 0;
        let mut i = first + 1;
        loop {
            let Some(&c) = chars.get(i) else {
                return Err(line.error(
                    i,
                    format!("row {rank} ends after {count} squares without '|': expected 9 squares and '|'"),
                ));
            };
            if c == '|' || c == '｜' {
                break;
            }
            if count == 9 {
                return Err(line.error(
                    i,
                    format!("row {rank} has more than 9 squares: expected '|' after the 9th, found '{c}'"),
                ));
            }
            let (color, glyph_at) = match c {
                'v' | 'V' => (Color::White, i + 1),
                ' ' | '\u{3000}' => (Color::Black, i + 1),
                _ => (Color::Black, i),
            };
            let Some(&glyph) = chars.get(glyph_at) else {
                return Err(line.error(glyph_at, format!("row {rank}: expected a piece or '・' after '{c}'")));
            };
            match glyph {
                '・' | '･' | '.' => {
                    if color == Color::White && glyph_at > i {
                        return Err(line.error(i, format!("row {rank}: 'v' before an empty square")));
                    }
                    cells[count] = None;
                }
                _ => match kind_from_glyph(glyph) {
                    Some(kind) => cells[count] = Some(Piece::new(kind, color)),
                    None => {
                        return Err(line.error(
                            glyph_at,
                            format!(
                            "row {rank}, square {} of 9: expected a piece (歩 香 桂 銀 金 角 飛 玉 と 杏 圭 全 馬 龍, \
                                 a fairy piece) or '・', found '{glyph}'",
                            count + 1
                        ),
                        ))
                    }
                },
            }
            count += 1;
            i = glyph_at + 1;
        }
        if count < 9 {
            return Err(line.error(i, format!("row {rank} has {count} squares: expected 9")));
        }
        // The rank label after the frame, if any, must be this row's.
        let label = chars[i + 1..].iter().position(|&c| !is_space(c)).map(|k| i + 1 + k);
        if let Some(at) = label {
            let c = chars[at];
            let matches_rank = notation::rank_kanji(rank) == c || notation::digit_value(c) == Some(rank as u32);
            if !matches_rank {
                return Err(line.error(
                    at,
                    format!(
                        "expected the rank label {} of row {rank}, found '{c}'",
                        notation::rank_kanji(rank)
                    ),
                ));
            }
            if at + 1 < chars.len() && chars[at + 1..].iter().any(|&c| !is_space(c)) {
                return Err(line.error(at + 1, "expected the end of the board row after the rank label"));
            }
        }
        self.rows.push((line.number, cells));
        Ok(())
    }

    fn board_frame(&mut self, line: &InputLine) -> Result<(), FormatError> {
        match self.board_state {
            BoardState::None => self.board_state = BoardState::Open(line.number),
            BoardState::Open(_) if self.rows.is_empty() => {}
            BoardState::Open(_) if self.rows.len() == 9 => self.board_state = BoardState::Closed,
            BoardState::Open(_) => {
                return Err(line.error(
                    0,
                    format!("the board frame closes after {} rows: expected 9", self.rows.len()),
                ))
            }
            BoardState::Closed => return Err(line.error(0, "a second board: expected one")),
        }
        Ok(())
    }

    fn hand_line(&mut self, line: &InputLine, color: Color) -> Result<(), FormatError> {
        let colon = 5;
        if !matches!(line.chars.get(colon), Some('：' | ':')) {
            return Err(line.error(colon, "expected '：' after 持駒"));
        }
        if self.hands[color.index()].is_some() {
            return Err(line.error(0, format!("a second hand line for {}: expected one", side_word(color))));
        }
        let spec = parse_hand(&line.chars, colon + 1, line.number).map_err(|(i, m)| line.error(i, m))?;
        self.hands[color.index()] = Some(spec);
        Ok(())
    }

    fn comment(&mut self, text: String) {
        if !self.in_moves {
            self.meta.comments.push(text);
            return;
        }
        match self.tip_node(self.current) {
            Some((line, index)) => {
                let slot = &mut self.lines[line].comments[index];
                match slot {
                    Some(existing) => {
                        existing.push('\n');
                        existing.push_str(&text);
                    }
                    None => *slot = Some(text),
                }
            }
            None => self.meta.comments.push(text),
        }
    }

    /// The last move on the path to the tip of `line`: (line, index), or `None` at the
    /// start.
    fn tip_node(&self, line: usize) -> Option<(usize, usize)> {
        let mut l = line;
        let mut limit = self.lines[l].moves.len();
        loop {
            if limit > 0 {
                return Some((l, limit - 1));
            }
            let (p, at) = self.lines[l].parent?;
            l = p;
            limit = at;
        }
    }

    fn previous_to(&self) -> Option<Square> {
        match self.tip_node(self.current) {
            Some((l, i)) => Some(self.lines[l].moves[i].to()),
            None => self.bod_last_to,
        }
    }

    /// Enters the move section: the header is complete, so the setup can be built.
    fn start_moves(&mut self) -> Result<(), FormatError> {
        self.finish_header()?;
        self.in_moves = true;
        Ok(())
    }

    fn finish_header(&mut self) -> Result<(), FormatError> {
        if let BoardState::Open(start) = self.board_state {
            if self.rows.len() != 9 {
                return Err(FormatError::at_line(
                    start,
                    format!("the board has {} rows: expected 9", self.rows.len()),
                ));
            }
        }
        let mut setup = if self.rows.len() == 9 {
            let mut setup = Setup::empty();
            for (r, (_, cells)) in self.rows.iter().enumerate() {
                for (k, &cell) in cells.iter().enumerate() {
                    // Cells run from file 9 to file 1.
                    if let Some(sq) = Square::new(9 - k as i32, r as i32 + 1) {
                        setup.put(sq, cell);
                    }
                }
            }
            setup
        } else {
            match &self.handicap {
                None => crate::sfen::startpos(),
                Some((name, at)) => handicap_setup(name).ok_or_else(|| {
                    let message = if matches!(name.as_str(), "詰将棋" | "その他") {
                        format!("手合割：{name} needs a board (BOD) giving the position, and there is none")
                    } else {
                        format!(
                            "unknown 手合割 '{name}' and no board: expected 平手, 香落ち, 右香落ち, 角落ち, 飛車落ち, 飛香落ち, \
                             二枚落ち, 四枚落ち, 六枚落ち, 八枚落ち, 十枚落ち, or a board"
                        )
                    };
                    FormatError::at_line(*at, message)
                })?,
            }
        };
        let preset = self.rows.len() != 9 && self.handicap.as_ref().is_some_and(|(name, _)| name != "平手");
        setup.side_to_move = self.side.unwrap_or(if preset { Color::White } else { Color::Black });
        if let Some(n) = self.bod_ply {
            setup.move_number = n.saturating_add(1);
        }
        for color in Color::ALL {
            if let Some(HandSpec::Explicit(hand)) = self.hands[color.index()] {
                *setup.hand_mut(color) = hand;
            }
        }
        match self.hands {
            [Some(HandSpec::Remaining(a)), Some(HandSpec::Remaining(b))] => {
                return Err(FormatError::at_line(
                    a.max(b),
                    "both hands are 残り全部: 'all remaining pieces' can be given to one side only",
                ));
            }
            [black, white] => {
                for (color, spec) in [(Color::Black, black), (Color::White, white)] {
                    if let Some(HandSpec::Remaining(at)) = spec {
                        let rest = remaining_pieces(&setup, color)
                            .map_err(|e| FormatError::at_line(at, format!("残り全部: {e}")))?;
                        *setup.hand_mut(color) = rest;
                    }
                }
                if white.is_none() && self.rows.len() == 9 && self.is_problem(&setup) {
                    // Kifu for Windows' reading of a tsume file without a 後手の持駒 line.
                    // Where the rest is undefined (more pieces than the standard set),
                    // the file said nothing, so White holds nothing.
                    *setup.hand_mut(Color::White) = remaining_pieces(&setup, Color::White).unwrap_or(Hand::EMPTY);
                }
            }
        }
        self.setup = setup;
        Ok(())
    }

    /// Whether the file presents a problem rather than a game (for the missing
    /// 後手の持駒 convention).
    fn is_problem(&self, setup: &Setup) -> bool {
        let tsume_handicap = self.handicap.as_ref().is_some_and(|(name, _)| name == "詰将棋");
        let black_king = Square::all().any(|sq| setup.piece_at(sq) == Some(Piece::new(PieceKind::King, Color::Black)));
        tsume_handicap || self.rule.is_some() || self.length.is_some() || !black_king
    }

    // -----------------------------------------------------------------------------------
    // Move section
    // -----------------------------------------------------------------------------------

    fn kif_move_line(&mut self, line: &InputLine, first: usize) -> Result<(), FormatError> {
        if !self.in_moves {
            self.start_moves()?;
        }
        let chars = &line.chars;
        let digits_end = chars[first..]
            .iter()
            .position(|c| !c.is_ascii_digit())
            .map_or(chars.len(), |k| first + k);
        if digits_end - first > 6 {
            return Err(line.error(first, "expected a move number of at most 6 digits"));
        }
        let number: usize = chars[first..digits_end]
            .iter()
            .fold(0, |a, &c| a * 10 + (c as usize - '0' as usize));
        if digits_end < chars.len() && !is_space(chars[digits_end]) {
            return Err(line.error(
                digits_end,
                format!("expected a space after the move number, found '{}'", chars[digits_end]),
            ));
        }
        // The body: the move (or end word), then an optional time `( 0:16/00:00:16)` and
        // an optional `+` (Kifu for Windows marks moves that have variations).
        let mut start = digits_end;
        while start < chars.len() && is_space(chars[start]) {
            start += 1;
        }
        let mut end = chars.len();
        let trim_end = |end: &mut usize| {
            while *end > start && is_space(chars[*end - 1]) {
                *end -= 1;
            }
        };
        trim_end(&mut end);
        if end > start && chars[end - 1] == '+' {
            end -= 1;
            trim_end(&mut end);
        }
        if end > start && chars[end - 1] == ')' {
            if let Some(open) = chars[start..end].iter().rposition(|&c| c == '(') {
                let open = start + open;
                if chars[open..end].contains(&':') {
                    end = open;
                    trim_end(&mut end);
                }
            }
        }
        if start == end {
            return Err(line.error(start, "expected a move or an end word after the move number"));
        }
        let ply = self.ply_of_number(line, first, number)?;
        let current = &self.lines[self.current];
        if let Some(word) = &current.end {
            return Err(line.error(
                first,
                format!("move {number} after the end of its line ({word}): expected a variation (変化：N手) first"),
            ));
        }
        if ply != current.next_ply() {
            let expected = current.next_ply() + self.first_number.unwrap_or(1) - 1;
            return Err(line.error(first, format!("expected move number {expected}, found {number}")));
        }
        let body = &chars[start..end];
        let body_text: String = body.iter().collect();
        if END_WORDS.contains(&body_text.as_str()) {
            self.lines[self.current].end = Some(body_text);
            return Ok(());
        }
        let m = notation::parse_kif_move_chars(body, self.previous_to()).map_err(|e| {
            let hint = if e.index == 0 && e.message.starts_with("expected a destination") {
                " (or an end word such as 投了, 詰み, 中断)"
            } else {
                ""
            };
            line.error(start + e.index, format!("{}{hint}", e.message))
        })?;
        self.push_move(m);
        Ok(())
    }

    /// The ply (1 = first move of the problem) of a KIF move number.
    fn ply_of_number(&mut self, line: &InputLine, at: usize, number: usize) -> Result<usize, FormatError> {
        let first = match self.first_number {
            Some(n) => n,
            None => {
                // The main line's first move fixes the numbering: 1, or the move after
                // the BOD's 手数＝N.
                let after_bod = self.bod_ply.map(|n| n as usize + 1);
                let n = if number == 1 || Some(number) == after_bod {
                    number
                } else {
                    return Err(line.error(at, format!("expected move number 1, found {number}")));
                };
                self.first_number = Some(n);
                n
            }
        };
        if number < first {
            return Err(line.error(
                at,
                format!("move number {number} comes before the first move ({first})"),
            ));
        }
        Ok(number - first + 1)
    }

    fn push_move(&mut self, m: Move) {
        let current = &mut self.lines[self.current];
        current.moves.push(m);
        current.comments.push(None);
    }

    fn variation(&mut self, line: &InputLine, first: usize) -> Result<(), FormatError> {
        if !self.in_moves {
            return Err(line.error(first, "a variation (変化) before any move: expected the moves first"));
        }
        let chars = &line.chars;
        let mut i = first + 2;
        if !matches!(chars.get(i), Some('：' | ':')) {
            return Err(line.error(i, "expected '：' after 変化 (変化：N手)"));
        }
        i += 1;
        while chars.get(i).is_some_and(|&c| is_space(c)) {
            i += 1;
        }
        let digits: Vec<u32> = chars[i.min(chars.len())..]
            .iter()
            .map_while(|&c| notation::digit_value(c))
            .collect();
        if digits.is_empty() || digits.len() > 6 {
            return Err(line.error(i, "expected the number of the move that varies (変化：N手)"));
        }
        let number = digits.iter().fold(0usize, |a, &d| a * 10 + d as usize);
        let after = i + digits.len();
        let rest_ok = match chars.get(after) {
            None => true,
            Some('手') => chars[after + 1..].iter().all(|&c| is_space(c)),
            Some(&c) => is_space(c) && chars[after..].iter().all(|&c| is_space(c)),
        };
        if !rest_ok {
            return Err(line.error(after, "expected '手' and the end of the line after the move number"));
        }
        let ply = match self.flavor {
            Flavor::Kif => self.ply_of_number(line, i, number)?,
            Flavor::Ki2 => number,
        };
        if ply == 0 {
            return Err(line.error(i, "expected a move number of at least 1"));
        }
        // Walk up the current path to the line holding ply `ply`.
        let mut l = self.current;
        let (target, index) = loop {
            let buf = &self.lines[l];
            if ply >= buf.start {
                let index = ply - buf.start;
                let reaches = index < buf.moves.len() || (index == buf.moves.len() && buf.end.is_some());
                if !reaches {
                    let last = (buf.next_ply() + self.first_number.unwrap_or(1)).saturating_sub(2);
                    let has = if buf.moves.is_empty() {
                        "no moves".to_string()
                    } else {
                        format!("moves up to {last}")
                    };
                    return Err(line.error(
                        i,
                        format!("変化：{number}手, but the line it would vary has no move {number} (it has {has})"),
                    ));
                }
                break (l, index);
            }
            match buf.parent {
                Some((p, _)) => l = p,
                None => return Err(line.error(i, format!("変化：{number}手 precedes the first move"))),
            }
        };
        // A variation of a variation's first move is one more alternative to the move
        // that variation replaced.
        let (mut target, mut index) = (target, index);
        while index == 0 {
            match self.lines[target].parent {
                Some((p, at)) => {
                    target = p;
                    index = at;
                }
                None => break,
            }
        }
        let depth = self.lines[target].depth + 1;
        if depth > MAX_VARIATION_DEPTH {
            return Err(line.error(
                first,
                format!("variations nested more than {MAX_VARIATION_DEPTH} deep: expected a shallower tree"),
            ));
        }
        let id = self.lines.len();
        let start = self.lines[target].start + index;
        self.lines.push(LineBuf::new(Some((target, index)), start, depth));
        self.lines[target].children.push(id);
        self.current = id;
        // KI2: the next moves are resolved in the position at the branch point.
        self.position = None;
        Ok(())
    }

    /// `まで12手で後手の勝ち`, `まで3手で詰み`: the end of the current line, if not given
    /// already (KIF gives it as a numbered move too).
    fn summary(&mut self, rest: &[char]) {
        let mut i = 0;
        if rest.first() == Some(&'、') {
            i += 1;
        }
        let digits = rest[i..]
            .iter()
            .take_while(|&&c| notation::digit_value(c).is_some())
            .count();
        i += digits;
        for suffix in ["手で", "手にて", "手"] {
            let s: Vec<char> = suffix.chars().collect();
            if rest[i..].starts_with(&s) {
                i += s.len();
                break;
            }
        }
        let reason: String = rest[i..].iter().filter(|&&c| !is_space(c)).collect();
        if reason.is_empty() || self.lines[self.current].end.is_some() {
            return;
        }
        let end = if reason.ends_with("の反則負け") {
            "反則負け".to_string()
        } else if reason.ends_with("の勝ち") {
            if reason.contains("反則") {
                "反則勝ち".to_string()
            } else if reason.contains("入玉") {
                "入玉勝ち".to_string()
            } else if reason.contains("時間切れ") {
                "切れ負け".to_string()
            } else {
                "投了".to_string()
            }
        } else {
            reason
        };
        self.lines[self.current].end = Some(end);
    }

    fn ki2_moves_line(&mut self, line: &InputLine, first: usize) -> Result<(), FormatError> {
        let segments = crate::ki2::split_moves(&line.chars, first);
        for (start, end) in segments {
            if let Some(word) = &self.lines[self.current].end {
                return Err(line.error(
                    start,
                    format!("a move after the end of its line ({word}): expected a variation (変化：N手) first"),
                ));
            }
            let position = match self.position.take() {
                Some(p) => p,
                None => self.replay_to_tip(line, start)?,
            };
            let previous_to = self.previous_to();
            let m =
                notation::parse_ki2_move_chars(&line.chars[start..end], &position, &RuleSet::ordinary(), previous_to)
                    .map_err(|e: NotationError| line.error(start + e.index, e.message))?;
            self.position = Some(position.play(m));
            self.push_move(m);
        }
        Ok(())
    }

    /// The KI2 position at the tip of the current line, replayed from the start.
    fn replay_to_tip(&self, line: &InputLine, at: usize) -> Result<Position, FormatError> {
        let rules = RuleSet::ordinary();
        let mut position = Position::from_setup(&self.setup, &rules).map_err(|e| {
            line.error(
                at,
                format!("the starting position is not valid, so the KI2 moves cannot be resolved: {e}"),
            )
        })?;
        let mut path = Vec::new();
        let mut l = self.current;
        let mut limit = self.lines[l].moves.len();
        loop {
            path.push(&self.lines[l].moves[..limit]);
            match self.lines[l].parent {
                Some((p, at)) => {
                    l = p;
                    limit = at;
                }
                None => break,
            }
        }
        for moves in path.iter().rev() {
            for &m in moves.iter() {
                position.play_in_place(m);
            }
        }
        Ok(position)
    }

    fn finish(mut self) -> Problem {
        let stipulation = match (self.rule.as_ref().and_then(|r| r.stipulation), self.length) {
            (Some(s), Some((n, _))) => Some(s.with_length(n)),
            (Some(s), None) => Some(s),
            (None, Some((n, _))) => Some(Stipulation::Tsume { length: Some(n) }),
            (None, None) => None,
        };
        let conditions = self.rule.take().map(|r| r.conditions).unwrap_or_default();
        let moves = self.build_line(0);
        Problem {
            setup: self.setup,
            stipulation,
            target: None,
            conditions,
            pieces: Vec::new(),
            options: Default::default(),
            meta: self.meta,
            moves,
        }
    }

    fn build_line(&mut self, id: usize) -> MoveLine {
        let mut branches: Vec<Branch> = Vec::new();
        let children = std::mem::take(&mut self.lines[id].children);
        let start = self.lines[id].start;
        for child in children {
            let line = self.build_line(child);
            if line.moves.is_empty() && line.end.is_none() && line.branches.is_empty() {
                continue; // `変化：N手` with nothing after it
            }
            let at = self.lines[child].start - start;
            branches.push(Branch { at, line });
        }
        // File order is latest move first (Kifu for Windows); the model keeps them by move.
        branches.sort_by_key(|b| b.at);
        let buf = &mut self.lines[id];
        MoveLine {
            moves: std::mem::take(&mut buf.moves),
            comments: std::mem::take(&mut buf.comments),
            branches,
            end: buf.end.take(),
        }
    }
}

/// `９ ８ ７ ６ ５ ４ ３ ２ １` (either width): the nine files, right to left.
fn is_file_line(chars: &[char]) -> bool {
    let digits: Vec<u32> = chars
        .iter()
        .filter(|&&c| !is_space(c))
        .filter_map(|&c| notation::digit_value(c))
        .collect();
    let others = chars.iter().filter(|&&c| !is_space(c)).count() - digits.len();
    others == 0 && digits == [9, 8, 7, 6, 5, 4, 3, 2, 1]
}

fn starts_with_at(chars: &[char], at: usize, prefix: &str) -> bool {
    let p: Vec<char> = prefix.chars().collect();
    chars.get(at..).is_some_and(|rest| rest.starts_with(&p))
}

/// The colon of a `key：value` line: the key is non-empty and has no spaces.
fn header_colon(chars: &[char]) -> Option<usize> {
    let colon = chars.iter().position(|&c| c == '：' || c == ':')?;
    if colon == 0 || chars[..colon].iter().any(|&c| is_space(c)) {
        return None;
    }
    Some(colon)
}

/// The value after a colon, without surrounding spaces (Kifu for Windows pads values
/// with full-width spaces: `手合割：平手　　`), and the index where it starts.
fn trimmed_value(chars: &[char], from: usize) -> (usize, String) {
    let rest = chars.get(from..).unwrap_or(&[]);
    let start = rest.iter().position(|&c| !is_space(c)).unwrap_or(rest.len());
    let end = rest.iter().rposition(|&c| !is_space(c)).map_or(start, |e| e + 1);
    (from + start, rest[start..end.max(start)].iter().collect())
}

/// `手数：45`, `手数：４５手`.
fn parse_length(chars: &[char], from: usize) -> Result<u32, (usize, String)> {
    let digits: Vec<u32> = chars[from.min(chars.len())..]
        .iter()
        .map_while(|&c| notation::digit_value(c))
        .collect();
    let after = from + digits.len();
    let rest_ok = chars[after.min(chars.len())..]
        .iter()
        .enumerate()
        .all(|(k, &c)| (k == 0 && c == '手') || is_space(c));
    if digits.is_empty() || digits.len() > 6 || !rest_ok {
        return Err((from, "手数: expected the number of moves (plies), e.g. 手数：11".into()));
    }
    let n = digits.iter().fold(0u32, |a, &d| a * 10 + d);
    if n == 0 {
        return Err((from, "手数: the length must be at least 1".into()));
    }
    Ok(n)
}

/// `飛　角　金四　銀三`, `なし`, `残り全部`: pieces separated by full-width or half-width
/// spaces (or by nothing), each with an optional kanji or digit count.
fn parse_hand(chars: &[char], from: usize, line_number: usize) -> Result<HandSpec, (usize, String)> {
    let mut hand = Hand::EMPTY;
    let mut i = from;
    let mut remaining = None;
    let mut items = 0;
    while i < chars.len() {
        let c = chars[i];
        if is_space(c) || c == '、' || c == ',' {
            i += 1;
            continue;
        }
        if starts_with_at(chars, i, "なし") {
            i += 2;
            continue;
        }
        let mut all = None;
        for word in ["残りの駒全部", "残り全部", "残りすべて", "残り全て"] {
            if starts_with_at(chars, i, word) {
                all = Some(word.chars().count());
                break;
            }
        }
        if let Some(len) = all {
            remaining = Some(i);
            i += len;
            continue;
        }
        let Some(kind) = kind_from_glyph(c) else {
            return Err((
                i,
                format!(
                    "expected a piece in hand (飛 角 金 銀 桂 香 歩, a fairy piece), a count, 'なし' or '残り全部', \
                     found '{c}'"
                ),
            ));
        };
        if !kind.is_hand_kind() {
            return Err((
                i,
                format!(
                    "'{c}' ({}) cannot be in hand: expected an unpromoted piece other than the king and the stone",
                    kind.name()
                ),
            ));
        }
        let (count, taken) = parse_count(chars, i + 1).unwrap_or((1, 0));
        if count == 0 {
            return Err((i + 1, "expected a count of 1 or more".into()));
        }
        let total = hand.count(kind) as u32 + count;
        if total > Hand::MAX_COUNT as u32 {
            return Err((
                i,
                format!("{total} of '{c}' in hand: at most {} of a kind", Hand::MAX_COUNT),
            ));
        }
        hand.set(kind, total as u8);
        items += 1;
        i += 1 + taken;
    }
    match remaining {
        Some(at) if items > 0 => Err((
            at,
            "'残り全部' stands alone: expected no other pieces on the line".into(),
        )),
        Some(_) => Ok(HandSpec::Remaining(line_number)),
        None => Ok(HandSpec::Explicit(hand)),
    }
}

/// The start positions of the standard handicaps (上手 = White gives the pieces and
/// moves first).
fn handicap_setup(name: &str) -> Option<Setup> {
    let removed: &[(i32, i32)] = match name {
        "平手" => &[],
        "香落ち" => &[(1, 1)],
        "右香落ち" => &[(9, 1)],
        "角落ち" => &[(2, 2)],
        "飛車落ち" => &[(8, 2)],
        "飛香落ち" => &[(8, 2), (1, 1)],
        "二枚落ち" => &[(8, 2), (2, 2)],
        "四枚落ち" => &[(8, 2), (2, 2), (1, 1), (9, 1)],
        "六枚落ち" => &[(8, 2), (2, 2), (1, 1), (9, 1), (2, 1), (8, 1)],
        "八枚落ち" => &[(8, 2), (2, 2), (1, 1), (9, 1), (2, 1), (8, 1), (3, 1), (7, 1)],
        "十枚落ち" => &[
            (8, 2),
            (2, 2),
            (1, 1),
            (9, 1),
            (2, 1),
            (8, 1),
            (3, 1),
            (7, 1),
            (4, 1),
            (6, 1),
        ],
        _ => return None,
    };
    let mut setup = crate::sfen::startpos();
    for &(file, rank) in removed {
        if let Some(sq) = Square::new(file, rank) {
            setup.put(sq, None);
        }
    }
    Some(setup)
}

fn side_word(color: Color) -> &'static str {
    match color {
        Color::Black => "先手 (Black)",
        Color::White => "後手 (White)",
    }
}

// ---------------------------------------------------------------------------------------
// Writing
// ---------------------------------------------------------------------------------------

/// Writes a complete KIF (UTF-8) that Kifu for Windows and ShogiHome read: header
/// (作品名, 作者, 発表誌, 発表年月, the other header lines in order, 手数, and a ルール line
/// when the stipulation is not plain direct mate or there are conditions), the BOD board
/// with both hands written out piece by piece (never 残り全部, which not every reader
/// knows), 後手番 when White moves first, then the moves with their comments and
/// variations (latest branch point first, each variation followed by its own, as Kifu
/// for Windows orders them).
pub fn write_kif(problem: &Problem) -> String {
    let mut out = String::new();
    out.push_str("#KIF version=2.0 encoding=UTF-8\n");
    write_header_and_board(problem, &mut out);
    out.push_str("手数----指手---------消費時間--\n");
    for comment in &problem.meta.comments {
        push_comment(&mut out, comment);
    }
    let mut writer = KifMoves { out };
    let board = LooseBoard::new(&problem.setup);
    writer.line(&problem.moves, 1, None, &board, true, false);
    writer.out
}

/// Header lines and the BOD board, shared by KIF and KI2.
pub(crate) fn write_header_and_board(problem: &Problem, out: &mut String) {
    let meta = &problem.meta;
    for (key, value) in [
        ("作品名", &meta.title),
        ("作者", &meta.author),
        ("発表誌", &meta.source),
        ("発表年月", &meta.date),
    ] {
        if let Some(value) = value {
            push_header(out, key, value);
        }
    }
    for (key, value) in &meta.other {
        push_header(out, key, value);
    }
    if let Some(n) = problem.stipulation.and_then(|s| s.length()).filter(|&n| n > 0) {
        push_header(out, "手数", &n.to_string());
    }
    // Plain direct mate is said by 手数 alone (or by nothing); a direct mate of no stated
    // length is written 詰将棋 so that it reads back as a stated stipulation.
    let plain = match problem.stipulation {
        None => true,
        Some(Stipulation::Tsume { length }) => length.is_some_and(|n| n > 0),
        Some(_) => false,
    };
    if !plain || !problem.conditions.is_empty() {
        push_header(
            out,
            "ルール",
            &write_rule_phrase(problem.stipulation, &problem.conditions),
        );
    }
    write_board(&problem.setup, out);
}

fn push_header(out: &mut String, key: &str, value: &str) {
    out.push_str(key);
    out.push('：');
    // A header is one line.
    out.push_str(&value.replace(['\n', '\r'], " "));
    out.push('\n');
}

/// A comment as `*` lines, one per line of the comment.
pub(crate) fn push_comment(out: &mut String, comment: &str) {
    for part in comment.split('\n') {
        out.push('*');
        out.push_str(part);
        out.push('\n');
    }
}

/// The BOD board: 後手の持駒, the file line, the rows, 先手の持駒, and 後手番 when White
/// is to move (手数＝N when the position is after move N).
pub(crate) fn write_board(setup: &Setup, out: &mut String) {
    out.push_str("後手の持駒：");
    out.push_str(&write_hand(setup.hand(Color::White)));
    out.push('\n');
    out.push_str("  ９ ８ ７ ６ ５ ４ ３ ２ １\n");
    out.push_str("+---------------------------+\n");
    for rank in 1..=9 {
        out.push('|');
        for file in (1..=9).rev() {
            let piece = Square::new(file, rank).and_then(|sq| setup.piece_at(sq));
            match piece {
                None => out.push_str(" ・"),
                Some(p) => {
                    out.push(if p.color == Color::White { 'v' } else { ' ' });
                    out.push(board_glyph(p.kind));
                }
            }
        }
        out.push('|');
        out.push(rank_kanji(rank));
        out.push('\n');
    }
    out.push_str("+---------------------------+\n");
    out.push_str("先手の持駒：");
    out.push_str(&write_hand(setup.hand(Color::Black)));
    out.push('\n');
    if setup.move_number > 1 {
        out.push_str(&format!("手数＝{}\n", setup.move_number - 1));
    }
    if setup.side_to_move == Color::White {
        out.push_str("後手番\n");
    }
}

/// `飛　角　金四　歩二　` in Kifu for Windows' order (飛 角 金 銀 桂 香 歩, then the fairy
/// pieces), each followed by a full-width space; `なし` when empty.
pub(crate) fn write_hand(hand: &Hand) -> String {
    let ordinary = PieceKind::ORDINARY_HAND_KINDS;
    let order = ordinary
        .into_iter()
        .rev()
        .chain(PieceKind::ALL.into_iter().filter(move |k| !ordinary.contains(k)));
    let mut s = String::new();
    for kind in order {
        let n = hand.count(kind);
        if n == 0 {
            continue;
        }
        s.push(board_glyph(kind));
        if n > 1 {
            s.push_str(&kanji_number(n as u32));
        }
        s.push('\u{3000}');
    }
    if s.is_empty() {
        s.push_str("なし");
    }
    s
}

/// The 'まで' line after a line's end: `まで3手で詰み`, `まで12手で後手の勝ち`.
pub(crate) fn summary_line(end: &str, plies: usize, first_mover: Color) -> String {
    if end == "投了" {
        // The side that made the last move wins.
        let last_mover = if plies % 2 == 1 { first_mover } else { !first_mover };
        let winner = match last_mover {
            Color::Black => "先手",
            Color::White => "後手",
        };
        format!("まで{plies}手で{winner}の勝ち")
    } else {
        format!("まで{plies}手で{end}")
    }
}

/// A board for naming the pieces of moves that were read syntactically: moves are
/// applied without any check, so that any recorded line can be written.
#[derive(Clone)]
struct LooseBoard {
    board: [Option<Piece>; 81],
    side: Color,
    first_mover: Color,
}

impl LooseBoard {
    fn new(setup: &Setup) -> LooseBoard {
        LooseBoard {
            board: setup.board,
            side: setup.side_to_move,
            first_mover: setup.side_to_move,
        }
    }

    /// The piece making `m` (for a drop, the dropped kind of the side to move; for a
    /// board move whose origin is empty, a pawn of the side to move, so that the text
    /// stays readable).
    fn mover(&self, m: Move) -> Piece {
        match (m.from(), m.drop_kind()) {
            (_, Some(kind)) => Piece::new(kind, self.side),
            (Some(from), None) => self.board[from.index()].unwrap_or(Piece::new(PieceKind::Pawn, self.side)),
            (None, None) => Piece::new(PieceKind::Pawn, self.side),
        }
    }

    fn play(&mut self, m: Move) {
        let piece = self.mover(m);
        let displaced = notation::displaced_kind(m, |sq| self.board[sq.index()]);
        let captured = self.board[m.to().index()];
        if let Some(from) = m.from() {
            self.board[from.index()] = None;
            if let Some(via) = m.via() {
                self.board[via.index()] = None;
            }
        }
        let kind = if m.is_promotion() {
            piece.kind.promoted().unwrap_or(piece.kind)
        } else {
            piece.kind
        };
        let mut dest = m.to();
        // A Circe-family capture puts a piece on the extra square (its owner: the
        // captured piece's, or the capturer's for an Anti-Circe return).
        if let (Some((how, extra)), Some(kind)) = (m.displacement(), displaced) {
            match how {
                Displacement::Return => dest = extra,
                _ => {
                    let owner = captured.map_or(!piece.color, |c| c.color);
                    self.board[extra.index()] = Some(Piece::new(kind, owner));
                }
            }
        }
        // Messigny: the enemy piece goes where the mover stood
        if let (Some((Displacement::Swap, origin)), Some(partner)) = (m.displacement(), captured) {
            self.board[origin.index()] = Some(partner);
        }
        // Andernach: the moving piece changes colour where it lands
        let color = match m.displacement() {
            Some((Displacement::Turn, _)) => !piece.color,
            _ => piece.color,
        };
        self.board[m.to().index()] = None;
        self.board[dest.index()] = Some(Piece::new(kind, color));
        self.side = !self.side;
    }
}

struct KifMoves {
    out: String,
}

/// The move column of Kifu for Windows: text padded to 13 display columns before the
/// time.
const KIF_MOVE_WIDTH: usize = 13;

impl KifMoves {
    /// Writes `line`, whose first move has ply `start`, then its variations.
    /// `first_has_sibling`: a later variation replaces this line's first move too (the
    /// `+` mark of Kifu for Windows).
    fn line(
        &mut self,
        line: &MoveLine,
        start: usize,
        previous_to: Option<Square>,
        board: &LooseBoard,
        main: bool,
        first_has_sibling: bool,
    ) {
        let mut board = board.clone();
        let mut before: Vec<(LooseBoard, Option<Square>)> = Vec::with_capacity(line.moves.len() + 1);
        let mut prev = previous_to;
        for (i, &m) in line.moves.iter().enumerate() {
            before.push((board.clone(), prev));
            let piece = board.mover(m);
            let displaced = notation::displaced_kind(m, |sq| board.board[sq.index()]);
            let text = write_kif_move(piece, m, prev, displaced);
            let varied = line.branches.iter().any(|b| b.at == i) || (i == 0 && first_has_sibling);
            self.move_line(start + i, &text, varied);
            if let Some(Some(comment)) = line.comments.get(i) {
                push_comment(&mut self.out, comment);
            }
            board.play(m);
            prev = Some(m.to());
        }
        before.push((board.clone(), prev));
        let n = line.moves.len();
        if let Some(end) = &line.end {
            if END_WORDS.contains(&end.as_str()) {
                let varied = line.branches.iter().any(|b| b.at == n) || (n == 0 && first_has_sibling);
                self.move_line(start + n, end, varied);
                if main {
                    self.out.push_str(&summary_line(end, start + n - 1, board.first_mover));
                    self.out.push('\n');
                }
            } else {
                // A word Kifu for Windows does not know as a move is kept in the
                // summary line, which readers take as the end of the line.
                self.out.push_str(&summary_line(end, start + n - 1, board.first_mover));
                self.out.push('\n');
            }
        }
        // Latest branch point first; alternatives to one move in their order.
        let mut order: Vec<usize> = (0..line.branches.len()).collect();
        order.sort_by_key(|&k| std::cmp::Reverse(line.branches[k].at));
        for (pos, &k) in order.iter().enumerate() {
            let branch = &line.branches[k];
            let Some((board_at, prev_at)) = before.get(branch.at) else {
                continue;
            };
            let later_sibling = order[pos + 1..].iter().any(|&j| line.branches[j].at == branch.at);
            self.out.push('\n');
            self.out.push_str(&format!("変化：{}手\n", start + branch.at));
            self.line(
                &branch.line,
                start + branch.at,
                *prev_at,
                board_at,
                false,
                later_sibling,
            );
        }
    }

    fn move_line(&mut self, number: usize, text: &str, varied: bool) {
        let pad = KIF_MOVE_WIDTH.saturating_sub(display_width(text)).max(1);
        self.out.push_str(&format!(
            "{number:>4} {text}{}( 0:00/00:00:00){}\n",
            " ".repeat(pad),
            if varied { "+" } else { "" }
        ));
    }
}
