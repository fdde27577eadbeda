//! fm's one-line problem form, as the fm solvers print a problem and as 神無七郎's pages
//! list them (docs/formats/fm.md):
//!
//! ```text
//! 「題」 ばか詰 16角53と +銀, 41銀51玉61と #3
//! ```
//!
//! An optional title in 「」, 『』 or `"…"`; a rule phrase (`ばか詰`, `協力自玉詰`, `H#`,
//! `安南ばか詰`, …); the attacker's (Black's) pieces as square + glyph; optionally `+`
//! and the attacker's hand; `,` and the defender's (White's) pieces; optionally `+` and
//! the defender's hand (`+*` all remaining pieces of the standard set, the default; `+0`
//! none; or a list); and `#n`, the length in plies. The form has no side to move: it
//! follows from the stipulation and the length ([`first_mover`], rules.md §8).
//!
//! Spaces may appear between any two items or not at all, digits may be half- or
//! full-width, and pieces may be written by fm's glyphs (`杏 圭 全`, `成香`…, fairy
//! glyphs) or by fm's two-letter codes (`FU`, `QU`…, the codes CSA uses in yosei).

use crate::csa::{kind_from_csa_code, HAND_ORDER};
use crate::error::FormatError;
use crate::fm_declare::{self, fm_code, Declaration, RemainingHand};
use crate::notation::{board_glyph, digit_value, kind_from_glyph, parse_piece_name};
use crate::problem::{remaining_pieces, Problem};
use crate::rule_words::{parse_rule_phrase, write_rule_phrase, RulePhrase};
use yosei_core::{Color, Hand, Piece, PieceKind, Setup, Square};
use yosei_rules::Stipulation;

/// Reads a text that holds exactly one problem line (blank lines and fm's `;` comment
/// lines aside).
pub fn read_fm(text: &str) -> Result<Problem, FormatError> {
    let mut problems = read_fm_numbered(text)?.into_iter();
    let Some((_, problem)) = problems.next() else {
        return Err(FormatError::at_line(
            1,
            "expected an fm problem line (a rule word such as ばか詰, the pieces, '#' and the length)",
        ));
    };
    if let Some((second, _)) = problems.next() {
        return Err(FormatError::at(
            second,
            1,
            "expected one problem, found a second problem line (a list of problems is read one per line by \
             read_fm_lines)",
        ));
    }
    Ok(problem)
}

/// Reads one problem per non-empty line (lines starting with `;` are fm's comments).
pub fn read_fm_lines(text: &str) -> Result<Vec<Problem>, FormatError> {
    Ok(read_fm_numbered(text)?.into_iter().map(|(_, p)| p).collect())
}

/// [`read_fm_lines`] with the 1-based line number of each problem. fm's fairy-piece
/// declarations (`/EF1=WA#2@H`, lines of their own) apply to the problem line after
/// them (fm_declare.rs).
pub fn read_fm_numbered(text: &str) -> Result<Vec<(usize, Problem)>, FormatError> {
    let mut problems = Vec::new();
    let mut declarations = Vec::new();
    let mut last_declaration = None;
    for (n, line) in problem_lines(text) {
        let content = line.trim_start_matches(is_space);
        if let Some(option) = content.strip_prefix('/') {
            let column0 = line.chars().count() - option.chars().count();
            if let Some(more) = fm_declare::read_option_line(option.trim_end_matches(is_space), n, column0)? {
                declarations.extend(more);
                last_declaration = Some(n);
                continue;
            }
        }
        problems.push((n, read_line(n, line, &declarations)?));
        declarations.clear();
        last_declaration = None;
    }
    if let Some(n) = last_declaration {
        return Err(FormatError::at_line(
            n,
            "expected a problem line after the /EF declarations",
        ));
    }
    Ok(problems)
}

/// Writes the one-line form (no line break at the end). Only the title, stipulation,
/// conditions and position are carried: the side to move is implied (see
/// [`first_mover`]); other metadata, options, the target and moves have no place in
/// the form.
pub fn write_fm(problem: &Problem) -> String {
    let mut lines = fm_declare::declaration_lines(problem);
    lines.push(write_fm_line(problem));
    lines.join("\n")
}

/// The problem line of [`write_fm`].
fn write_fm_line(problem: &Problem) -> String {
    let mut words = Vec::new();
    if let Some(title) = &problem.meta.title {
        words.push(quoted_title(title));
    }
    words.push(write_rule_phrase(problem.stipulation, &problem.conditions));
    let attacker = section_text(&problem.setup, Color::Black);
    if !attacker.is_empty() {
        words.push(attacker);
    }
    // The comma belongs to the word before it, as fm prints it: `… +銀, 51玉 …`.
    if let Some(last) = words.last_mut() {
        last.push(',');
    }
    let defender = section_text(&problem.setup, Color::White);
    if !defender.is_empty() {
        words.push(defender);
    }
    if let Some(n) = written_length(problem.stipulation) {
        words.push(match problem.options.sequential_from {
            Some(from) if from <= 2 && from % 2 == n % 2 => format!("##{n}"),
            Some(from) => format!("##{from}-{n}"),
            None => format!("#{n}"),
        });
    }
    words.join(" ")
}

/// One side's pieces on the board, then ` +` and its hand: `53と16角 +銀`. The
/// defender's hand is left out when it is fm's default (all remaining pieces) and
/// written `+0` when it is empty otherwise.
fn section_text(setup: &Setup, color: Color) -> String {
    let mut s = String::new();
    for sq in Square::all() {
        if let Some(piece) = setup.piece_at(sq).filter(|p| p.color == color) {
            s.push_str(&format!("{}{}{}", sq.file(), sq.rank(), placed_name(setup, piece.kind)));
        }
    }
    let hand = setup.hand(color);
    let hand_word = if color == Color::White && remaining_pieces(setup, color).is_ok_and(|rest| rest == *hand) {
        None
    } else if hand.is_empty() {
        // An attacker without `+` holds nothing; the defender needs `+0`.
        (color == Color::White).then(|| "0".to_string())
    } else {
        Some(hand_text(hand))
    };
    if let Some(word) = hand_word {
        if !s.is_empty() {
            s.push(' ');
        }
        s.push('+');
        s.push_str(&word);
    }
    s
}

/// A piece's name on the board: its glyph, but the code (`RY`, `UM`) of an ordinary
/// dragon or horse where the problem declares the chu shogi dragon or horse, whose
/// declaration makes fm (and [`declared_piece_at`]) read the glyph as it.
fn placed_name(setup: &Setup, kind: PieceKind) -> String {
    let copy = match kind {
        PieceKind::Dragon => PieceKind::ChuDragon,
        PieceKind::Horse => PieceKind::ChuHorse,
        k => return board_glyph(k).to_string(),
    };
    let declared = Square::all().any(|sq| setup.piece_at(sq).is_some_and(|p| p.kind.unpromoted() == copy))
        || [Color::Black, Color::White]
            .iter()
            .any(|&c| setup.hand(c).count(copy) > 0);
    if declared {
        crate::csa::csa_code(kind).to_string()
    } else {
        board_glyph(kind).to_string()
    }
}

/// Who moves first in a problem of this stipulation (rules.md §8, as fm applies it):
/// ばか詰 and help-stalemate the attacker when the length is odd and the defender when
/// it is even; ばか自殺詰 and its stalemate the reverse; 連続協力詰 the defender, who plays
/// the series; every other stipulation, an unknown length or no
/// stipulation the attacker. ばか手順 and ばか千日手 are not fixed by rules.md; yosei
/// starts them with the attacker.
pub fn first_mover(stipulation: Option<Stipulation>) -> Color {
    let odd = |n: Option<u32>| n.is_none_or(|n| n % 2 == 1);
    match stipulation {
        Some(Stipulation::Help { length }) | Some(Stipulation::HelpStale { length }) => {
            if odd(length) {
                Color::Black
            } else {
                Color::White
            }
        }
        Some(Stipulation::HelpSelf { length: Some(n) }) | Some(Stipulation::HelpSelfStale { length: Some(n) })
            if n % 2 == 1 =>
        {
            Color::White
        }
        // 連続協力詰: the defender plays the series.
        Some(Stipulation::SeriesHelp { .. }) => Color::White,
        _ => Color::Black,
    }
}

// ---------------------------------------------------------------------------------------
// Pieces
// ---------------------------------------------------------------------------------------

/// The piece named at `chars[i..]` and how many characters name it: fm's two-letter
/// codes (the CSA codes, and `GY` for 玉), `●` for the stone, and the glyphs of KIF moves
/// and boards ([`parse_piece_name`]: `成香`…, `王`, `竜`, `Q`, `G`). Longer spellings win,
/// so `GI` is a silver and `G` alone a grasshopper. fm upper-cases its input, so the
/// ASCII codes and glyphs are read in either case.
fn piece_at(chars: &[char], i: usize) -> Option<(PieceKind, usize)> {
    let rest = chars.get(i..)?;
    // the three-letter codes first (tori shogi's TTR…)
    if let [a, b, c, ..] = rest {
        let code: String = [a, b, c].iter().map(|c| c.to_ascii_uppercase()).collect();
        if let Some(kind) = PieceKind::ALL.into_iter().find(|&k| fm_code(k) == Some(code.as_str())) {
            return Some((kind, 3));
        }
    }
    if let [a, b, ..] = rest {
        let code = format!("{}{}", a.to_ascii_uppercase(), b.to_ascii_uppercase());
        // fm reads GY (玉) as well as OU; AL is fm's Alfil, whose CSA code is AF (CSA's
        // AL means all remaining pieces).
        let kind = match code.as_str() {
            "GY" => Some(PieceKind::King),
            "AL" => Some(PieceKind::Alfil),
            _ => kind_from_csa_code(&code),
        };
        if let Some(kind) = kind {
            return Some((kind, 2));
        }
    }
    match *rest.first()? {
        '●' => Some((PieceKind::Stone, 1)),
        c if c.is_ascii_lowercase() => kind_from_glyph(c.to_ascii_uppercase()).map(|kind| (kind, 1)),
        _ => parse_piece_name(chars, i),
    }
}

/// [`piece_at`] as fm reads it with these declarations: the glyph 龍 (馬) is a declared
/// chu shogi dragon (horse), fm's declared kinds coming before the promoted ordinary
/// pieces in its search by glyph (`piece.c`); their codes `RY` and `UM` stay the
/// ordinary pieces. (飛 角 金 銀 香 stay the ordinary pieces: those come first.)
fn declared_piece_at(chars: &[char], i: usize, declarations: &[Declaration]) -> Option<(PieceKind, usize)> {
    let (kind, width) = piece_at(chars, i)?;
    let copy = match kind {
        PieceKind::Dragon if width == 1 => PieceKind::ChuDragon,
        PieceKind::Horse if width == 1 => PieceKind::ChuHorse,
        _ => return Some((kind, width)),
    };
    let declared = declarations.iter().any(|d| d.kind == copy);
    Some((if declared { copy } else { kind }, width))
}

/// `飛角2金` — kinds in the conventional order, a count after each kind held twice or
/// more.
fn hand_text(hand: &Hand) -> String {
    let mut s = String::new();
    for kind in HAND_ORDER {
        let n = hand.count(kind);
        if n > 0 {
            s.push(board_glyph(kind));
            if n > 1 {
                s.push_str(&n.to_string());
            }
        }
    }
    s
}

// ---------------------------------------------------------------------------------------
// Shared with csa.rs: rule phrases with a length, one-line values
// ---------------------------------------------------------------------------------------

fn is_space(c: char) -> bool {
    c.is_whitespace() || c == '　'
}

/// The length a writer states: none for an open length or the 0 that non-optional
/// lengths use for "not given".
pub(crate) fn written_length(stipulation: Option<Stipulation>) -> Option<u32> {
    stipulation.and_then(|s| s.length()).filter(|&n| n > 0)
}

/// fm's spellings that the shared vocabulary (rule_words.rs) does not know, mapped to
/// words it does. Longest first; the vocabulary's own words containing `#` are kept as
/// they are.
const FM_RULE_ALIASES: &[(&str, &str)] = &[
    ("協力ステイルメイト", "ばかステイルメイト"),
    ("（二歩玉獲無効）", "二歩王取無効"),
    ("二歩玉獲無効", "二歩王取無効"),
    ("かしこ詰", "詰将棋"),
    ("かしこ", "詰将棋"),
    ("SER-#", "SER-#"),
    ("HS#", "HS#"),
    ("SH#", "SH#"),
    ("H#", "H#"),
    ("S#", "S#"),
    ("H=", "ばかステイルメイト"),
    // fm appends 二玉 when both sides have a king; the position says so already.
    ("二玉", ""),
    ("#", "詰将棋"),
];

/// Reads a rule phrase that may end with a length: `ばか詰`, `H#17`, `安南ばか詰 7手`,
/// `ばか詰 #7`. Errors carry a 1-based column into `chars`.
pub(crate) fn parse_rule_text(chars: &[char]) -> Result<(RulePhrase, Option<u32>), (usize, String)> {
    let mut start = 0;
    let mut end = chars.len();
    while start < end && is_space(chars[start]) {
        start += 1;
    }
    while end > start && is_space(chars[end - 1]) {
        end -= 1;
    }
    // A trailing length: digits, optionally followed by 手, optionally preceded by `#`.
    let mut length = None;
    let mut body_end = end;
    if body_end > start && chars[body_end - 1] == '手' {
        body_end -= 1;
    }
    let digits_end = body_end;
    while body_end > start && digit_value(chars[body_end - 1]).is_some() {
        body_end -= 1;
    }
    // (digits after `[` or `/` are 王位置's squares, its `]` left out)
    let squares = body_end > start && matches!(chars[body_end - 1], '[' | '/' | '／');
    if body_end < digits_end && !squares {
        length = Some(read_number(&chars[body_end..digits_end]).map_err(|m| (body_end + 1, m))?);
        // `ばか詰 #7`, `ばか詰#7`; but the `#` of H#, HS#, S#, SH#, SER-# belongs to the word.
        if body_end > start
            && matches!(chars[body_end - 1], '#' | '＃')
            && (body_end - 1 == start || !matches!(chars[body_end - 2], 'H' | 'S' | '-'))
        {
            body_end -= 1;
        }
    } else {
        body_end = end;
    }
    while body_end > start && is_space(chars[body_end - 1]) {
        body_end -= 1;
    }
    if body_end == start {
        return Err((
            start + 1,
            "expected a rule word (ばか詰, 協力詰, ばか自殺詰, H#, 安南ばか詰, …)".to_string(),
        ));
    }
    // Map fm's own spellings onto the shared vocabulary, remembering where each
    // character came from so that errors point into the original text.
    let mut text = String::new();
    let mut origin = Vec::new();
    let mut i = start;
    'scan: while i < body_end {
        for &(word, replacement) in FM_RULE_ALIASES {
            let w: Vec<char> = word.chars().collect();
            if chars[i..body_end].starts_with(&w) {
                for c in replacement.chars() {
                    text.push(c);
                    origin.push(i);
                }
                i += w.len();
                continue 'scan;
            }
        }
        text.push(chars[i]);
        origin.push(i);
        i += 1;
    }
    let phrase = parse_rule_phrase(&text).map_err(|(column, message)| {
        let at = origin.get(column.saturating_sub(1)).copied().unwrap_or(body_end);
        (at + 1, message)
    })?;
    Ok((phrase, length))
}

/// A length of at least 1 from its digits.
fn read_number(digits: &[char]) -> Result<u32, String> {
    let mut n: u32 = 0;
    for &c in digits {
        let d = digit_value(c).unwrap_or(0);
        n = n
            .checked_mul(10)
            .and_then(|n| n.checked_add(d))
            .ok_or_else(|| format!("expected a length of at most {} plies", u32::MAX))?;
    }
    if n == 0 {
        return Err("expected a length of at least 1 ply".to_string());
    }
    Ok(n)
}

/// The stipulation a phrase and a length give.
pub(crate) fn stipulation_of(phrase: &RulePhrase, length: Option<u32>) -> Option<Stipulation> {
    phrase.stipulation.map(|s| match length {
        Some(n) => s.with_length(n),
        None => s,
    })
}

/// A value on one line: line breaks become spaces.
pub(crate) fn one_line(s: &str) -> String {
    s.replace(['\r', '\n'], " ")
}

// ---------------------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------------------

/// The lines that hold problems, with their 1-based numbers.
fn problem_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.split('\n').enumerate().filter_map(|(i, line)| {
        let line = line.strip_suffix('\r').unwrap_or(line);
        let line = if i == 0 {
            line.trim_start_matches('\u{feff}')
        } else {
            line
        };
        let content = line.trim_start_matches(is_space);
        (!content.is_empty() && !content.starts_with(';')).then_some((i + 1, line))
    })
}

const TITLE_QUOTES: [(char, char); 3] = [('「', '」'), ('『', '』'), ('"', '"')];

fn quoted_title(title: &str) -> String {
    let title = one_line(title);
    let (open, close) = TITLE_QUOTES
        .iter()
        .copied()
        .find(|&(_, close)| !title.contains(close))
        .unwrap_or(TITLE_QUOTES[0]);
    // Only a title holding every closing mark gets here; it loses its 」.
    let title = title.replace(close, "");
    format!("{open}{title}{close}")
}

/// Where the rule phrase ends: at the first square + piece (`17銀`, also glued to the
/// phrase as in `ばか詰17銀`), at a `,` (fm's separator of the two sides, which the
/// rule-word reader would otherwise skip), at a `+` before a piece, or at a word that
/// starts with `+` or `#n`. The phrase itself may end with a length (`H#17`,
/// `ばか詰 7手`).
fn phrase_end(chars: &[char], start: usize) -> usize {
    for i in start..chars.len() {
        let is_digit = |k: usize| chars.get(k).is_some_and(|&c| digit_value(c).is_some());
        let is_square = is_digit(i) && is_digit(i + 1) && piece_at(chars, i + 2).is_some();
        let word_start = i == start || is_space(chars[i - 1]);
        let ends = match chars[i] {
            ',' | '，' => true,
            '+' | '＋' => word_start || piece_at(chars, i + 1).is_some(),
            '#' | '＃' => word_start && is_digit(i + 1),
            // A word of digits is a length (`ばか詰 7手`); any other word that starts
            // with a digit is a (mistyped) piece, reported as such.
            _ if word_start && is_digit(i) => is_square || !is_length_word(chars, i),
            _ => is_square,
        };
        if ends {
            return i;
        }
    }
    chars.len()
}

/// Whether the word at `i` is digits, maybe followed by 手.
fn is_length_word(chars: &[char], i: usize) -> bool {
    let mut j = i;
    while chars.get(j).is_some_and(|&c| digit_value(c).is_some()) {
        j += 1;
    }
    if chars.get(j) == Some(&'手') {
        j += 1;
    }
    chars
        .get(j)
        .is_none_or(|&c| is_space(c) || matches!(c, ',' | '，' | '+' | '＋'))
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Section {
    AttackerBoard,
    AttackerHand,
    DefenderBoard,
    /// After `+*` or `+0`: nothing may follow but the length.
    DefenderHandDone,
    DefenderHand,
}

fn read_line(line_no: usize, line: &str, declarations: &[Declaration]) -> Result<Problem, FormatError> {
    // A carriage return inside a line is read as a space, as the writer writes it.
    let chars: Vec<char> = line.chars().map(|c| if c == '\r' { ' ' } else { c }).collect();
    let err = |i: usize, message: String| FormatError::at(line_no, i + 1, message);
    let skip = |mut i: usize| {
        while i < chars.len() && is_space(chars[i]) {
            i += 1;
        }
        i
    };
    let mut problem = Problem::default();
    let mut i = skip(0);
    if chars.get(i) == Some(&'/') {
        return Err(err(
            i,
            "expected a problem line; fm's option lines (/…) set up a solver run and are not read, but for the \
             fairy-piece declarations /EF…"
                .to_string(),
        ));
    }
    if let Some(&(_, close)) = TITLE_QUOTES.iter().find(|(open, _)| chars.get(i) == Some(open)) {
        let Some(end) = (i + 1..chars.len()).find(|&j| chars[j] == close) else {
            return Err(err(i, format!("expected the closing {close} of the title")));
        };
        let title: String = chars[i + 1..end].iter().collect();
        if !title.trim_matches(is_space).is_empty() {
            problem.meta.title = Some(title);
        }
        i = skip(end + 1);
    }
    let end = phrase_end(&chars, i);
    let (phrase, phrase_length) = parse_rule_text(&chars[i..end]).map_err(|(c, m)| err(i + c - 1, m))?;
    let mut length = phrase_length;
    let mut setup = Setup::empty();
    let mut section = Section::AttackerBoard;
    // Where the defender's hand was given as "all remaining" (`+*`), or else where it
    // would have been written (before the length): errors computing it point there.
    let mut default_hand_at = None;
    let mut end_at = chars.len();
    let mut explicit_defender_hand = false;
    i = end;
    loop {
        i = skip(i);
        let Some(&c) = chars.get(i) else { break };
        match c {
            '+' | '＋' => {
                section = match section {
                    Section::AttackerBoard => Section::AttackerHand,
                    Section::DefenderBoard => {
                        let j = skip(i + 1);
                        match chars.get(j) {
                            Some('*' | '＊') => {
                                default_hand_at = Some(j);
                                i = j;
                                Section::DefenderHandDone
                            }
                            Some('0' | '０') if chars.get(j + 1).and_then(|&c| digit_value(c)).is_none() => {
                                explicit_defender_hand = true;
                                i = j;
                                Section::DefenderHandDone
                            }
                            _ => {
                                explicit_defender_hand = true;
                                Section::DefenderHand
                            }
                        }
                    }
                    Section::DefenderHandDone => {
                        return Err(err(
                            i,
                            "expected '#' and the length after the defender's hand".to_string(),
                        ))
                    }
                    Section::AttackerHand | Section::DefenderHand => {
                        return Err(err(
                            i,
                            "expected a piece, ',' or '#': each side has one '+' before its hand".to_string(),
                        ))
                    }
                };
                i += 1;
            }
            ',' | '，' => {
                if !matches!(section, Section::AttackerBoard | Section::AttackerHand) {
                    return Err(err(
                        i,
                        "expected a piece, '+' or '#': ',' separates the attacker's pieces from the defender's once"
                            .to_string(),
                    ));
                }
                section = Section::DefenderBoard;
                i += 1;
            }
            '#' | '＃' => {
                // `##n` and `##m-n`: fm's sequential search.
                let sequential = matches!(chars.get(i + 1), Some('#' | '＃'));
                let digits_start = i + 1 + usize::from(sequential);
                let (mut n, mut j) = read_length(&chars, digits_start, &err)?;
                if sequential {
                    let mut from = 2 - n % 2;
                    if matches!(chars.get(j), Some('-' | '－')) {
                        let (last, after) = read_length(&chars, j + 1, &err)?;
                        if last <= n {
                            return Err(err(
                                j + 1,
                                format!("expected a longest length above the first ({n}) after '-', found {last}"),
                            ));
                        }
                        // fm steps by twos from the first length.
                        (from, n, j) = (n, last - (last - n) % 2, after);
                    }
                    problem.options.sequential_from = Some(from);
                }
                if phrase_length.is_some_and(|p| p != n) {
                    return Err(err(
                        digits_start,
                        format!(
                            "expected the length the rule word gives ({}), found {n}",
                            phrase_length.unwrap_or(n)
                        ),
                    ));
                }
                length = Some(n);
                expect_end(&chars, skip(j), &err)?;
                end_at = i;
                break;
            }
            '.' => {
                // fm's end mark for a problem whose length the rule word gives.
                expect_end(&chars, skip(i + 1), &err)?;
                end_at = i;
                break;
            }
            _ => match section {
                Section::AttackerBoard | Section::DefenderBoard => {
                    let color = if section == Section::AttackerBoard {
                        Color::Black
                    } else {
                        Color::White
                    };
                    i = read_placement(&chars, i, color, &mut setup, declarations, &err)?;
                }
                Section::AttackerHand | Section::DefenderHand => {
                    let color = if section == Section::AttackerHand {
                        Color::Black
                    } else {
                        Color::White
                    };
                    i = read_hand_item(&chars, i, setup.hand_mut(color), declarations, &err)?;
                }
                Section::DefenderHandDone => {
                    return Err(err(
                        i,
                        format!("expected '#' and the length after the defender's hand, found '{c}'"),
                    ))
                }
            },
        }
    }
    if !explicit_defender_hand {
        let at = default_hand_at.unwrap_or(end_at);
        let rest = remaining_pieces(&setup, Color::White).map_err(|e| {
            err(
                at,
                format!("{e}; expected the defender's hand written out ('+0' or a list such as '+飛2角')"),
            )
        })?;
        *setup.hand_mut(Color::White) = rest;
    }
    if !declarations.is_empty() {
        let remaining = match (explicit_defender_hand, default_hand_at) {
            (true, _) => None,
            (false, Some(_)) => Some(RemainingHand::Asked),
            (false, None) => Some(RemainingHand::Default),
        };
        fm_declare::apply(declarations, &mut setup, &mut problem, remaining)
            .map_err(|m| err(default_hand_at.unwrap_or(end_at), m))?;
    }
    problem.stipulation = stipulation_of(&phrase, length);
    problem.conditions = phrase.conditions;
    setup.side_to_move = first_mover(problem.stipulation);
    problem.setup = setup;
    Ok(problem)
}

/// The length whose digits start at `i`, and the index after them.
fn read_length(
    chars: &[char],
    i: usize,
    err: &impl Fn(usize, String) -> FormatError,
) -> Result<(u32, usize), FormatError> {
    let mut j = i;
    while j < chars.len() && digit_value(chars[j]).is_some() {
        j += 1;
    }
    if j == i {
        return Err(err(i, "expected the length in plies after '#'".to_string()));
    }
    let n = read_number(&chars[i..j]).map_err(|m| err(i, m))?;
    Ok((n, j))
}

fn expect_end(chars: &[char], i: usize, err: &impl Fn(usize, String) -> FormatError) -> Result<(), FormatError> {
    match chars.get(i) {
        None => Ok(()),
        Some(c) => Err(err(
            i,
            format!("expected the end of the line after the length, found '{c}'"),
        )),
    }
}

/// Reads `17銀` at `i`, places it, and returns the index after it.
fn read_placement(
    chars: &[char],
    i: usize,
    color: Color,
    setup: &mut Setup,
    declarations: &[Declaration],
    err: &impl Fn(usize, String) -> FormatError,
) -> Result<usize, FormatError> {
    let digit = |at: usize, what: &str| match chars.get(at).and_then(|&c| digit_value(c)) {
        Some(d @ 1..=9) => Ok(d as i32),
        _ => Err(err(
            at,
            format!(
                "expected a square ({what} digit 1–9) and a piece such as 17銀, found {}",
                found(chars, at)
            ),
        )),
    };
    let file = digit(i, "file")?;
    let rank = digit(i + 1, "rank")?;
    let Some(sq) = Square::new(file, rank) else {
        return Err(err(i, "expected a square from 11 to 99".to_string()));
    };
    let Some((kind, width)) = declared_piece_at(chars, i + 2, declarations) else {
        return Err(err(
            i + 2,
            format!(
                "expected a piece after the square {file}{rank} (歩 香 桂 銀 金 角 飛 玉 と 杏 圭 全 馬 龍, a fairy \
                 glyph, 石 or a code such as FU), found {}",
                found(chars, i + 2)
            ),
        ));
    };
    if let Some(there) = setup.piece_at(sq) {
        return Err(err(
            i,
            format!(
                "expected each square once: {file}{rank} already holds a {} {}",
                side_word(there.color),
                there.kind.name()
            ),
        ));
    }
    setup.put(sq, Some(Piece::new(kind, color)));
    Ok(i + 2 + width)
}

/// Reads `角2` (a count after the glyph, 1 when absent) into `hand`.
fn read_hand_item(
    chars: &[char],
    i: usize,
    hand: &mut Hand,
    declarations: &[Declaration],
    err: &impl Fn(usize, String) -> FormatError,
) -> Result<usize, FormatError> {
    let Some((kind, width)) = declared_piece_at(chars, i, declarations).filter(|(k, _)| k.is_hand_kind()) else {
        let what = match piece_at(chars, i) {
            Some((kind, _)) => format!("a {}, which no hand holds", kind.name()),
            None => found(chars, i),
        };
        return Err(err(
            i,
            format!("expected a piece in hand (飛 角 金 銀 桂 香 歩 or a fairy piece), found {what}"),
        ));
    };
    let mut j = i + width;
    let mut count: Option<u32> = None;
    while let Some(d) = chars.get(j).and_then(|&c| digit_value(c)) {
        count = Some(count.unwrap_or(0).saturating_mul(10).saturating_add(d));
        j += 1;
    }
    let total = u32::from(hand.count(kind)) + count.unwrap_or(1);
    if total > u32::from(Hand::MAX_COUNT) {
        return Err(err(
            i,
            format!(
                "expected at most {} {} pieces in one hand",
                Hand::MAX_COUNT,
                kind.name()
            ),
        ));
    }
    hand.set(kind, total as u8);
    Ok(j)
}

fn found(chars: &[char], i: usize) -> String {
    match chars.get(i) {
        Some(c) => format!("'{c}'"),
        None => "the end of the line".to_string(),
    }
}

pub(crate) fn side_word(color: Color) -> &'static str {
    match color {
        Color::Black => "Black",
        Color::White => "White",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use yosei_rules::Condition;

    #[test]
    fn first_mover_follows_rules_md() {
        use Stipulation::*;
        assert_eq!(first_mover(Some(Help { length: Some(7) })), Color::Black);
        assert_eq!(first_mover(Some(Help { length: Some(8) })), Color::White);
        assert_eq!(first_mover(Some(HelpStale { length: Some(2) })), Color::White);
        assert_eq!(first_mover(Some(HelpSelf { length: Some(8) })), Color::Black);
        assert_eq!(first_mover(Some(HelpSelf { length: Some(7) })), Color::White);
        assert_eq!(first_mover(Some(SelfMate { length: 4 })), Color::Black);
        assert_eq!(first_mover(Some(Tsume { length: Some(4) })), Color::Black);
        assert_eq!(first_mover(Some(Help { length: None })), Color::Black);
        assert_eq!(first_mover(None), Color::Black);
    }

    /// A line whose rule phrase holds a word yosei does not know is still read as fm's
    /// form, so the error names that word and its column.
    #[test]
    fn an_unknown_rule_word_is_named_where_it_stands() {
        let error = |line: &str| {
            crate::detect::read_problems(line)
                .err()
                .map(|e| e.to_string())
                .unwrap_or_default()
        };
        let unknown = error("ばかx詰 31飛33角 +金, 37玉 #5");
        assert!(
            unknown.contains("column 3") && unknown.contains("unknown rule word at 'x詰'"),
            "{unknown}"
        );
        let square = error("ばか詰位置[50] 31飛33角 +金, 37玉 #5");
        assert!(
            square.contains("column 7") && square.contains("king square '50'"),
            "{square}"
        );
    }

    /// fm's 王位置 (`位置[55]`, `![55/51]`) is read wherever it stands in the phrase,
    /// and written back as fm writes it, `王位置[55/51]`.
    #[test]
    fn the_king_square_goal_reads_and_writes_back() {
        use yosei_rules::KingSquares;
        let squares = |text: &str| Condition::KingSquare(text.parse::<KingSquares>().unwrap());
        for (line, expected) in [
            ("ばか詰位置[55] 31飛33角 +金, 37玉 #5", "55"),
            ("![55/51]ばか詰 31飛33角 +金, 37玉 #5", "55/51"),
            ("協力詰王位置[19/91] 31飛33角 +金, 37玉 #5", "19/91"),
            ("ばか詰位置[５５ 31飛33角 +金, 37玉 #5", "55"),
        ] {
            let problem = read_fm(line).unwrap();
            assert_eq!(problem.conditions, vec![squares(expected)], "{line}");
            let written = write_fm(&problem);
            assert!(written.contains(&format!("王位置[{expected}]")), "{written}");
            assert_eq!(read_fm(&written).unwrap().conditions, problem.conditions, "{written}");
        }
    }

    #[test]
    fn rule_text_with_lengths_and_fm_spellings() {
        let read = |s: &str| {
            let chars: Vec<char> = s.chars().collect();
            parse_rule_text(&chars)
        };
        let (p, n) = read("H#17").unwrap();
        assert_eq!((p.stipulation, n), (Some(Stipulation::Help { length: None }), Some(17)));
        let (p, n) = read(" 安南ばか詰 7手 ").unwrap();
        assert_eq!(p.conditions, vec![Condition::Annan]);
        assert_eq!(n, Some(7));
        assert_eq!(read("ばか詰 #7").unwrap().1, Some(7));
        assert_eq!(read("ばか詰#7").unwrap().1, Some(7));
        let (p, n) = read("HS#4").unwrap();
        assert_eq!(
            (p.stipulation, n),
            (Some(Stipulation::HelpSelf { length: None }), Some(4))
        );
        let (p, n) = read("S# 5手").unwrap();
        assert_eq!((p.stipulation, n), (Some(Stipulation::SelfMate { length: 0 }), Some(5)));
        let (p, _) = read("協力ステイルメイト").unwrap();
        assert_eq!(p.stipulation, Some(Stipulation::HelpStale { length: None }));
        let (p, _) = read("キルケ二玉かしこ詰").unwrap();
        assert_eq!(p.stipulation, Some(Stipulation::Tsume { length: None }));
        assert_eq!(p.conditions, vec![Condition::Circe]);
        assert_eq!(read("ばか詰0手").unwrap_err().0, 4);
        assert_eq!(read("安南ばかxyz").unwrap_err().0, 5);
        assert_eq!(read("  ").unwrap_err().0, 3);
        let (p, n) = read("HS=4").unwrap();
        assert_eq!(
            (p.stipulation, n),
            (Some(Stipulation::HelpSelfStale { length: None }), Some(4))
        );
        let (p, n) = read("SER-#5").unwrap();
        assert_eq!((p.stipulation, n), (Some(Stipulation::Series { length: 0 }), Some(5)));
        let (p, n) = read("SH#3").unwrap();
        assert_eq!(
            (p.stipulation, n),
            (Some(Stipulation::SeriesHelp { length: 0 }), Some(3))
        );
        let (p, n) = read("連続協力詰 3手").unwrap();
        assert_eq!(
            (p.stipulation, n),
            (Some(Stipulation::SeriesHelp { length: 0 }), Some(3))
        );
        let (p, _) = read("安南連続詰").unwrap();
        assert_eq!(p.stipulation, Some(Stipulation::Series { length: 0 }));
        assert_eq!(p.conditions, vec![Condition::Annan]);
        let (p, _) = read("ばか自殺ステイルメイト").unwrap();
        assert_eq!(p.stipulation, Some(Stipulation::HelpSelfStale { length: None }));
    }

    #[test]
    fn phrases_read_back() {
        let text = write_rule_phrase(Some(Stipulation::Tsume { length: Some(3) }), &[Condition::UchifuSimple]);
        assert_eq!(text, "単純打歩");
        let text = write_rule_phrase(Some(Stipulation::Help { length: Some(3) }), &[Condition::Annan]);
        assert_eq!(text, "安南ばか詰");
    }
}
