//! CSA records (CSA標準棋譜ファイル形式 V2.2 and V3.0), with yosei's extensions for fairy
//! problems: two-letter codes for the fairy pieces and the stone (fm's own codes), and
//! the info lines `$RULE`, `$AUTHOR`, `$SOURCE`, `$TARGET`, `$UCHIFUZUME` and
//! `$REPETITION`. docs/formats/csa.md is the reference; in short:
//!
//! ```text
//! 'CSA encoding=UTF-8
//! V3.0
//! $EVENT:頭金
//! $RULE:詰将棋 1手
//! P1 *  *  *  *  * -OU *  *  *
//! …
//! P+00KI
//! P-00AL
//! +
//! +0052KI
//! %TSUMI
//! ```
//!
//! Moves are read syntactically: the reader replays them on the board only to tell a
//! promotion (`+8822UM` where 88 holds a bishop) from a move of a piece promoted
//! before; legality is left to `yosei-rules`.

use crate::error::FormatError;
use crate::fm::{one_line, parse_rule_text, side_word, stipulation_of, written_length};
use crate::problem::{remaining_pieces, Problem};
use crate::rule_words::write_rule_phrase;
use crate::sfen::{parse_sfen, startpos, write_sfen};
use std::fmt;
use std::str::FromStr;
use yosei_core::{Color, Hand, Move, Piece, PieceKind, Square};

/// The two-letter CSA code of a kind. The codes of the fairy pieces and of the stone
/// (`IS`) are yosei's extension; they are the codes fm gives these pieces.
pub fn csa_code(kind: PieceKind) -> &'static str {
    use PieceKind::*;
    match kind {
        Pawn => "FU",
        Lance => "KY",
        Knight => "KE",
        Silver => "GI",
        Gold => "KI",
        Bishop => "KA",
        Rook => "HI",
        King => "OU",
        ProPawn => "TO",
        ProLance => "NY",
        ProKnight => "NK",
        ProSilver => "NG",
        Horse => "UM",
        Dragon => "RY",
        Lion => "SS",
        Phoenix => "HO",
        Kirin => "KR",
        Queen => "QU",
        ChessKnight => "KN",
        Camel => "CM",
        Zebra => "ZB",
        Giraffe => "GR",
        FiveLeaper => "L5",
        Root50Leaper => "R5",
        Grasshopper => "GH",
        Nightrider => "NR",
        Stone => "IS",
        UserE => "XE",
        UserM => "XM",
        UserU => "XU",
        UserW => "XW",
        UserY => "XY",
        Wazir => "WA",
        Dabbaba => "DA",
        Threeleaper => "TL",
        Fers => "FE",
        // fm's code is AL, which CSA reserves for "all remaining pieces" (`P+00AL`)
        Alfil => "AF",
        Tripper => "TR",
        Flamingo => "FL",
        Root40Leaper => "R4",
        Root65Leaper => "R6",
        Camelrider => "CR",
        Zebrarider => "ZR",
        Empress => "EM",
        Princess => "PR",
        Mao => "MA",
        Moa => "MO",
        Shan => "SH",
        Pao => "PA",
        Vao => "VA",
        Leo => "LE",
        ChessLion => "LI",
        Kangaroo => "RO",
        Rose => "RS",
        Sparrow => "SP",
        Eagle => "EA",
        NonStopEquihopper => "NE",
        Locust => "LO",
        DrunkElephant => "SZ",
        BlindTiger => "MK",
        CopperGeneral => "DO",
        FerociousLeopard => "MH",
        GoBetween => "CN",
        FreeKing => "HN",
        VerticalMover => "JG",
        SideMover => "OG",
        ReverseChariot => "HE",
        FlyingStag => "HR",
        FlyingOx => "HG",
        FreeBoar => "HC",
        Whale => "KG",
        WhiteHorse => "HK",
        // fm's tori shogi codes have three letters (TTR…); CSA's have two
        Crane => "TU",
        Pheasant => "KJ",
        LeftQuail => "LU",
        RightQuail => "RU",
        Falcon => "TA",
        ToriEagle => "KT",
        Goose => "GN",
        FlyingDragon => "DR",
        FierceOx => "MG",
        AngryBoar => "SC",
        CatSword => "MJ",
        CoiledSerpent => "BJ",
        // the promoted fairy kinds: yosei's codes (docs/rules/fairy-promotion.md)
        PromotedKirin => "PS",
        PromotedPhoenix => "PO",
        PromotedBlindTiger => "PM",
        PromotedCopperGeneral => "PG",
        PromotedFerociousLeopard => "PK",
        PromotedGoBetween => "PZ",
        PromotedVerticalMover => "PJ",
        PromotedSideMover => "PY",
        PromotedReverseChariot => "PV",
        PromotedFalcon => "PT",
        PromotedFlyingDragon => "ND",
        PromotedFierceOx => "NU",
        PromotedAngryBoar => "NI",
        PromotedCatSword => "NJ",
        SoaringEagle => "HJ",
        HornedFalcon => "TK",
        // fm's chu shogi copies have three-letter codes (CHI…), CSA two: yosei's
        ChuRook => "CH",
        ChuBishop => "CA",
        ChuGold => "CI",
        ChuSilver => "CG",
        ChuDragon => "CY",
        ChuHorse => "CU",
        ChuLance => "CK",
        PromotedChuRook => "PH",
        PromotedChuBishop => "PB",
        PromotedChuGold => "PI",
        PromotedChuSilver => "PN",
        PromotedChuDragon => "PD",
        PromotedChuHorse => "PF",
        PromotedChuLance => "PL",
        // the tori shogi swallow (fm `TTB`) and its promoted form: yosei's codes
        Swallow => "TB",
        PromotedSwallow => "PW",
        // the tori shogi king (fm `THO`): yosei's code
        ToriPhoenix => "TH",
        Equihopper => "EH",
        // chu shogi's crown prince (fm `TS`)
        CrownPrince => "TS",
    }
}

/// The kind of a two-letter code (upper case, as CSA writes it).
pub fn kind_from_csa_code(code: &str) -> Option<PieceKind> {
    PieceKind::ALL.iter().copied().find(|&k| csa_code(k) == code)
}

/// The order in which hands are written: 飛 角 金 銀 桂 香 歩 (as CSA, KIF and fm write
/// them: the ordinary hand kinds in reverse kind order), then the fairy kinds in kind
/// order (as `PieceKind::HAND_KINDS` lists them after the ordinary ones).
pub(crate) const HAND_ORDER: [PieceKind; PieceKind::HAND_KINDS.len()] = {
    let ordinary = PieceKind::ORDINARY_HAND_KINDS;
    let mut order = PieceKind::HAND_KINDS;
    let mut i = 0;
    while i < ordinary.len() {
        order[i] = ordinary[ordinary.len() - 1 - i];
        i += 1;
    }
    order
};

/// CSA's end words (`%TORYO`…) and the Japanese word a `MoveLine` keeps for each, as KIF
/// writes it; words with no KIF counterpart are kept as `%WORD`.
const END_WORDS: &[(&str, Option<&str>)] = &[
    ("TORYO", Some("投了")),
    ("CHUDAN", Some("中断")),
    ("SENNICHITE", Some("千日手")),
    ("TIME_UP", Some("切れ負け")),
    ("ILLEGAL_MOVE", Some("反則負け")),
    ("+ILLEGAL_ACTION", None),
    ("-ILLEGAL_ACTION", None),
    ("JISHOGI", Some("持将棋")),
    ("KACHI", Some("入玉勝ち")),
    ("HIKIWAKE", Some("引き分け")),
    ("MAX_MOVES", None),
    ("TSUMI", Some("詰み")),
    ("FUZUMI", Some("不詰")),
    ("ERROR", None),
    ("MATTA", None),
];

/// Info keys kept in `Metadata::other` under the key KIF uses for the same fact, so that
/// a problem converted between the formats keeps them.
const OTHER_KEYS: &[(&str, &str)] = &[
    ("SITE", "場所"),
    ("END_TIME", "終了日時"),
    ("OPENING", "戦型"),
    ("TIME_LIMIT", "持ち時間"),
];

/// Info keys with a field of their own; an `other` entry under one of these names is
/// written as a comment so that it cannot be read back as the field.
const FIELD_KEYS: &[&str] = &[
    "EVENT",
    "START_TIME",
    "AUTHOR",
    "SOURCE",
    "RULE",
    "TARGET",
    "UCHIFUZUME",
    "REPETITION",
];

const BLACK_NAME_KEY: &str = "先手";
const WHITE_NAME_KEY: &str = "後手";

fn is_key_char(c: char) -> bool {
    matches!(c, 'A'..='Z' | '0'..='9' | '_' | '+' | '-')
}

fn sign(color: Color) -> char {
    match color {
        Color::Black => '+',
        Color::White => '-',
    }
}

fn square_text(sq: Square) -> String {
    format!("{}{}", sq.file(), sq.rank())
}

/// The board part of a position, replayed move by move. Hands are not followed: the
/// readers and writers need only the pieces on the board to know what moves.
type Board = [Option<Piece>; Square::NUM];

fn replay(board: &mut Board, m: Move, kind_after: PieceKind, mover: Color) {
    let to = m.to().index();
    match m.from() {
        Some(from) => {
            let color = board[from.index()].take().map_or(mover, |p| p.color);
            board[to] = Some(Piece::new(kind_after, color));
        }
        None => board[to] = Some(Piece::new(kind_after, mover)),
    }
}

// ---------------------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------------------

/// Reads one CSA record (V2, V2.1, V2.2 or V3.0; the text is already decoded, so the
/// V3.0 `'CSA encoding=` line is skipped). Errors name the line and, where it helps, the
/// column (in characters) and what was expected there.
pub fn read_csa(text: &str) -> Result<Problem, FormatError> {
    let mut reader = Reader::default();
    let mut last_line = 1;
    for (index, raw) in text.split('\n').enumerate() {
        let n = index + 1;
        let line = raw.strip_suffix('\r').unwrap_or(raw);
        let line = if index == 0 {
            line.trim_start_matches('\u{feff}')
        } else {
            line
        };
        // A carriage return inside a line is read as a space, as the writer writes it.
        let chars: Vec<char> = line.chars().map(|c| if c == '\r' { ' ' } else { c }).collect();
        let Some(first) = chars.iter().position(|c| !c.is_whitespace()) else {
            continue;
        };
        last_line = n;
        if chars[first] == '\'' {
            if !(index == 0 && line.starts_with("'CSA encoding=")) {
                reader.comment(&chars[first + 1..]);
            }
            continue;
        }
        if reader.after_separator {
            return Err(FormatError::at(
                n,
                first + 1,
                "expected the end of the file after '/': yosei reads one record per CSA file",
            ));
        }
        // Names and info values may contain commas; every other line may hold several
        // statements separated by ','.
        if matches!(chars[first], 'N' | '$') {
            reader.statement(n, &chars, first, chars.len())?;
        } else {
            let mut start = first;
            for end in (first..chars.len()).filter(|&i| chars[i] == ',').chain([chars.len()]) {
                reader.statement(n, &chars, start, end)?;
                start = end + 1;
            }
        }
    }
    reader.finish(last_line)
}

#[derive(Clone, Copy, PartialEq, Eq, Default)]
enum BoardSource {
    #[default]
    None,
    /// `PI`: the initial position, maybe less some pieces.
    Initial,
    /// `P1`…`P9`.
    Rows,
}

#[derive(Default)]
struct Reader {
    problem: Problem,
    /// The side-to-move line has been read: moves follow.
    in_moves: bool,
    position_seen: bool,
    board_source: BoardSource,
    placements_seen: bool,
    ranks_seen: [bool; 9],
    /// `P±00AL`: whose hand, and where it was written.
    all_remaining: Option<(Color, usize, usize)>,
    rule_seen: bool,
    board: Option<Board>,
    mover: Option<Color>,
    end_word: Option<String>,
    after_separator: bool,
}

/// One statement: its characters in the line, and where it starts (0-based), so that
/// errors name columns of the whole line.
struct Statement<'a> {
    line: usize,
    start: usize,
    chars: &'a [char],
}

impl Statement<'_> {
    fn err(&self, i: usize, message: impl Into<String>) -> FormatError {
        FormatError::at(self.line, self.start + i + 1, message)
    }

    fn found(&self, i: usize) -> String {
        match self.chars.get(i) {
            Some(c) => format!("'{c}'"),
            None => "the end of the statement".to_string(),
        }
    }

    fn text(&self, from: usize) -> String {
        self.chars.get(from..).unwrap_or_default().iter().collect()
    }

    /// An info value that is one of a type's words (`$UCHIFUZUME:any`), read by the
    /// type's `FromStr`, with `value` starting at `at`. Info values are taken as written,
    /// so a word followed by spaces (which `FromStr` trims) is refused.
    fn word<T: FromStr<Err = String> + fmt::Display>(&self, at: usize, value: &str) -> Result<T, FormatError> {
        match value.parse::<T>() {
            Ok(word) if word.to_string() == value => Ok(word),
            Ok(word) => Err(self.err(at, format!("expected '{word}', found '{value}'"))),
            Err(message) => Err(self.err(at, message)),
        }
    }

    /// A square `11`–`99` at `i`, or `None` for `00`.
    fn square(&self, i: usize, allow_hand: bool) -> Result<Option<Square>, FormatError> {
        let digit = |k: usize| self.chars.get(k).and_then(|c| c.to_digit(10));
        let bad = |at: usize| {
            self.err(
                at,
                format!(
                    "expected a square from 11 to 99{}, found {}",
                    if allow_hand { " or 00 (the hand)" } else { "" },
                    self.found(at)
                ),
            )
        };
        match (digit(i), digit(i + 1)) {
            (Some(0), Some(0)) if allow_hand => Ok(None),
            (Some(f @ 1..=9), Some(r @ 1..=9)) => Ok(Square::new(f as i32, r as i32)),
            // Point at the second digit when the first one could start a square.
            (Some(1..=9), _) => Err(bad(i + 1)),
            (Some(0), _) if allow_hand => Err(bad(i + 1)),
            _ => Err(bad(i)),
        }
    }

    /// The piece code at `i` (two characters).
    fn code(&self, i: usize) -> Result<PieceKind, FormatError> {
        let code: String = self.chars.get(i..i + 2).unwrap_or_default().iter().collect();
        kind_from_csa_code(&code).ok_or_else(|| {
            self.err(
                i,
                format!(
                    "expected a piece code (FU KY KE GI KI KA HI OU TO NY NK NG UM RY, or a fairy code such as QU), \
                     found {}",
                    if code.chars().count() == 2 {
                        format!("'{code}'")
                    } else {
                        self.found(i)
                    }
                ),
            )
        })
    }
}

impl Reader {
    fn comment(&mut self, text: &[char]) {
        // `'*` marks a comment meant for programs (V3.0: the comment of the move before
        // it); plain `'` lines are kept too, in the same place.
        let text: String = text.strip_prefix(&['*']).unwrap_or(text).iter().collect();
        let moves = &mut self.problem.moves;
        match moves.comments.last_mut() {
            Some(slot) if self.in_moves => match slot {
                Some(existing) => {
                    existing.push('\n');
                    existing.push_str(&text);
                }
                None => *slot = Some(text),
            },
            _ => self.problem.meta.comments.push(text),
        }
    }

    fn statement(&mut self, line: usize, chars: &[char], start: usize, end: usize) -> Result<(), FormatError> {
        let mut start = start;
        let mut end = end;
        while start < end && chars[start].is_whitespace() {
            start += 1;
        }
        while end > start && chars[end - 1].is_whitespace() {
            end -= 1;
        }
        if start == end {
            // An empty statement between two commas, or after the last one.
            return Ok(());
        }
        let s = Statement {
            line,
            start,
            chars: &chars[start..end],
        };
        match s.chars[0] {
            'V' => self.version(&s),
            'N' => self.name(&s),
            '$' => self.info(&s),
            'P' => self.position(&s),
            '+' | '-' if s.chars.len() == 1 => self.side_to_move(&s),
            '+' | '-' => self.board_move(&s),
            '%' => self.end(&s),
            'T' => self.time(&s),
            '/' if s.chars.len() == 1 => {
                self.after_separator = true;
                Ok(())
            }
            _ => Err(s.err(
                0,
                format!(
                    "expected a CSA line (V…, N+/N-, $KEY:value, P…, '+'/'-', a move such as +7776FU, %TORYO, T… \
                     or a ' comment), found {}",
                    s.found(0)
                ),
            )),
        }
    }

    fn version(&mut self, s: &Statement) -> Result<(), FormatError> {
        if self.in_moves {
            return Err(s.err(0, "expected a move, an end word or a time: the version comes first"));
        }
        match s.text(0).as_str() {
            "V2" | "V2.1" | "V2.2" | "V3.0" => Ok(()),
            other => Err(s.err(
                0,
                format!("expected a version V2.2 or V3.0 (or V2, V2.1), found '{other}'"),
            )),
        }
    }

    fn name(&mut self, s: &Statement) -> Result<(), FormatError> {
        let key = match s.chars.get(1) {
            Some('+') => BLACK_NAME_KEY,
            Some('-') => WHITE_NAME_KEY,
            _ => {
                return Err(s.err(
                    1,
                    format!("expected N+ (Black's name) or N- (White's name), found {}", s.found(1)),
                ))
            }
        };
        let value = s.text(2).trim().to_string();
        self.problem.meta.other.push((key.to_string(), value));
        Ok(())
    }

    fn info(&mut self, s: &Statement) -> Result<(), FormatError> {
        let Some(colon) = s.chars.iter().position(|&c| c == ':') else {
            return Err(s.err(
                s.chars.len(),
                "expected ':' between the key and the value, as in $EVENT:name",
            ));
        };
        if colon == 1 {
            return Err(s.err(1, "expected a key after '$', as in $EVENT:name"));
        }
        if let Some(bad) = (1..colon).find(|&i| !is_key_char(s.chars[i])) {
            return Err(s.err(
                bad,
                format!(
                    "expected an upper-case key such as EVENT or RULE, found {}",
                    s.found(bad)
                ),
            ));
        }
        let key = s.chars[1..colon].iter().collect::<String>();
        let mut value_start = colon + 1;
        while s.chars.get(value_start).is_some_and(|c| c.is_whitespace()) {
            value_start += 1;
        }
        let value = s.text(value_start);
        let meta = &mut self.problem.meta;
        match key.as_str() {
            "EVENT" => meta.title = Some(value),
            "START_TIME" => meta.date = Some(value),
            "AUTHOR" => meta.author = Some(value),
            "SOURCE" => meta.source = Some(value),
            "RULE" => {
                if self.rule_seen {
                    return Err(s.err(0, "expected one $RULE line, found a second one"));
                }
                self.rule_seen = true;
                let (phrase, length) = parse_rule_text(&s.chars[value_start..])
                    .map_err(|(column, message)| s.err(value_start + column - 1, message))?;
                self.problem.stipulation = stipulation_of(&phrase, length);
                self.problem.conditions = phrase.conditions;
            }
            "TARGET" => {
                let record = parse_sfen(&value)
                    .map_err(|e| s.err(value_start + e.column - 1, format!("$TARGET: {}", e.message)))?;
                if !record.moves.is_empty() {
                    return Err(s.err(value_start, "expected a target position without moves"));
                }
                self.problem.target = Some(record.setup);
            }
            "UCHIFUZUME" => self.problem.options.uchifuzume = Some(s.word(value_start, &value)?),
            "REPETITION" => self.problem.options.repetition = Some(s.word(value_start, &value)?),
            "LION_PASS" => self.problem.options.lion_pass = Some(s.word(value_start, &value)?),
            "FAIRY_HOME" => self.problem.options.fairy_home = Some(s.word(value_start, &value)?),
            "FAIRY_CAPTURE" => self.problem.options.discarded = s.word(value_start, &value)?,
            "FAIRY_PROMOTION" => self.problem.options.fairy_promotion = s.word(value_start, &value)?,
            "ROYAL" => self.problem.options.royal = s.word(value_start, &value)?,
            _ => {
                let key = OTHER_KEYS
                    .iter()
                    .find(|(csa, _)| *csa == key)
                    .map_or(key.clone(), |(_, kif)| kif.to_string());
                meta.other.push((key, value));
            }
        }
        Ok(())
    }

    fn position(&mut self, s: &Statement) -> Result<(), FormatError> {
        if self.in_moves {
            return Err(s.err(
                0,
                "expected a move, an end word or a time: the position comes before the side to move",
            ));
        }
        self.position_seen = true;
        match s.chars.get(1) {
            Some('I') => self.initial(s),
            Some(&c @ '1'..='9') => self.rank(s, c as usize - '0' as usize),
            Some(&c @ ('+' | '-')) => self.placements(s, if c == '+' { Color::Black } else { Color::White }),
            _ => Err(s.err(1, format!("expected PI, P1…P9, P+ or P-, found {}", s.found(1)))),
        }
    }

    fn one_board(&mut self, s: &Statement, source: BoardSource) -> Result<(), FormatError> {
        if self.placements_seen {
            return Err(s.err(0, "expected PI or P1…P9 before the P+/P- lines"));
        }
        match (self.board_source, source) {
            (BoardSource::None, _) | (BoardSource::Rows, BoardSource::Rows) => {
                self.board_source = source;
                Ok(())
            }
            _ => Err(s.err(
                0,
                "expected one board: PI and P1…P9 are not used together, nor PI twice",
            )),
        }
    }

    /// `PI82HI22KA`: the initial position less the pieces named.
    fn initial(&mut self, s: &Statement) -> Result<(), FormatError> {
        self.one_board(s, BoardSource::Initial)?;
        self.problem.setup.board = startpos().board;
        let mut i = 2;
        while i < s.chars.len() {
            let Some(sq) = s.square(i, false)? else { break };
            let kind = s.code(i + 2)?;
            let setup = &mut self.problem.setup;
            match setup.piece_at(sq) {
                Some(p) if p.kind == kind => setup.put(sq, None),
                there => {
                    return Err(s.err(
                        i,
                        format!(
                            "expected a piece of the initial position to remove: {} holds {}, not {}",
                            square_text(sq),
                            there.map_or("nothing (any more)", |p| csa_code(p.kind)),
                            csa_code(kind)
                        ),
                    ))
                }
            }
            i += 4;
        }
        Ok(())
    }

    /// `P1-KY-KE-GI-KI-OU-KI-GI-KE-KY`: nine squares from file 9 to file 1, each ` * `
    /// (empty) or a sign and a code. Runs of empty squares whose spaces were collapsed
    /// (` * * `) and a missing last space are accepted.
    fn rank(&mut self, s: &Statement, rank: usize) -> Result<(), FormatError> {
        self.one_board(s, BoardSource::Rows)?;
        if std::mem::replace(&mut self.ranks_seen[rank - 1], true) {
            return Err(s.err(0, format!("expected each rank once, found P{rank} a second time")));
        }
        let mut i = 2;
        for file in (1..=9).rev() {
            let sq = Square::new(file, rank as i32);
            match (s.chars.get(i), sq) {
                (Some(&c @ ('+' | '-')), Some(sq)) => {
                    let kind = s.code(i + 1)?;
                    let color = if c == '+' { Color::Black } else { Color::White };
                    self.problem.setup.put(sq, Some(Piece::new(kind, color)));
                    i += 3;
                }
                (Some(' '), _) if s.chars.get(i + 1) == Some(&'*') => {
                    i += 2;
                    if s.chars.get(i) == Some(&' ') && s.chars.get(i + 1) != Some(&'*') {
                        i += 1;
                    }
                }
                _ => {
                    return Err(s.err(
                        i,
                        format!(
                            "expected square {file}{rank}: ' * ' when empty, or '+'/'-' and a piece code, found {}",
                            s.found(i)
                        ),
                    ))
                }
            }
        }
        if i < s.chars.len() {
            return Err(s.err(
                i,
                format!(
                    "expected the end of rank {rank} after nine squares, found {}",
                    s.found(i)
                ),
            ));
        }
        Ok(())
    }

    /// `P+99KY89KE00KI`, `P-00AL`.
    fn placements(&mut self, s: &Statement, color: Color) -> Result<(), FormatError> {
        self.placements_seen = true;
        let mut i = 2;
        while i < s.chars.len() {
            if i + 4 > s.chars.len() {
                return Err(s.err(
                    i,
                    "expected a square (00 for the hand) and a piece code, such as 99KY, 00FU or 00AL",
                ));
            }
            let sq = s.square(i, true)?;
            let is_all = s.chars[i + 2..i + 4] == ['A', 'L'];
            match sq {
                None if is_all => {
                    if self.all_remaining.is_some() {
                        return Err(s.err(i, "expected 00AL once: it already gives the remaining pieces"));
                    }
                    self.all_remaining = Some((color, s.line, s.start + i + 1));
                }
                None => {
                    let kind = s.code(i + 2)?;
                    if !kind.is_hand_kind() {
                        return Err(s.err(
                            i + 2,
                            format!(
                                "expected a piece that hands hold (FU KY KE GI KI KA HI or a fairy code), found {}",
                                csa_code(kind)
                            ),
                        ));
                    }
                    let hand = self.problem.setup.hand_mut(color);
                    if hand.count(kind) >= Hand::MAX_COUNT {
                        return Err(s.err(
                            i,
                            format!("expected at most {} {} in one hand", Hand::MAX_COUNT, csa_code(kind)),
                        ));
                    }
                    hand.add(kind);
                }
                Some(_) if is_all => return Err(s.err(i + 2, "expected a piece code: AL stands only after 00")),
                Some(sq) => {
                    let kind = s.code(i + 2)?;
                    if let Some(there) = self.problem.setup.piece_at(sq) {
                        return Err(s.err(
                            i,
                            format!(
                                "expected an empty square: {} already holds {}{}",
                                square_text(sq),
                                sign(there.color),
                                csa_code(there.kind)
                            ),
                        ));
                    }
                    self.problem.setup.put(sq, Some(Piece::new(kind, color)));
                }
            }
            i += 4;
        }
        Ok(())
    }

    fn side_to_move(&mut self, s: &Statement) -> Result<(), FormatError> {
        if self.in_moves {
            return Err(s.err(0, "expected a move such as +7776FU: the side to move is given once"));
        }
        if !self.position_seen {
            return Err(s.err(0, "expected the position (PI, P1…P9 or P+/P-) before the side to move"));
        }
        self.give_all_remaining()?;
        let color = if s.chars[0] == '+' { Color::Black } else { Color::White };
        self.problem.setup.side_to_move = color;
        self.in_moves = true;
        self.mover = Some(color);
        self.board = Some(self.problem.setup.board);
        Ok(())
    }

    /// `P±00AL`, after every other placement: the pieces of the standard set that are
    /// neither on the board nor in the other hand. Pieces that side was given one by
    /// one are among them; fairy pieces it holds stay as given.
    fn give_all_remaining(&mut self) -> Result<(), FormatError> {
        let Some((color, line, column)) = self.all_remaining else {
            return Ok(());
        };
        let setup = &mut self.problem.setup;
        let rest = remaining_pieces(setup, color).map_err(|e| {
            FormatError::at(
                line,
                column,
                format!("{e}; expected the pieces in hand listed one by one instead of 00AL"),
            )
        })?;
        let hand = setup.hand_mut(color);
        for kind in PieceKind::ORDINARY_HAND_KINDS {
            if hand.count(kind) > rest.count(kind) {
                return Err(FormatError::at(
                    line,
                    column,
                    format!(
                        "expected at most the {} {} that remain for 00AL, but {}00{} lines give {}",
                        rest.count(kind),
                        csa_code(kind),
                        if color == Color::Black { "P+" } else { "P-" },
                        csa_code(kind),
                        hand.count(kind)
                    ),
                ));
            }
            hand.set(kind, rest.count(kind));
        }
        Ok(())
    }

    fn expect_moves(&self, s: &Statement, what: &str) -> Result<(), FormatError> {
        if !self.in_moves {
            return Err(s.err(
                0,
                format!("expected the position and the side to move ('+' or '-') before {what}"),
            ));
        }
        if let Some(end) = &self.end_word {
            return Err(s.err(
                0,
                format!("expected only comments and times after the end word %{end}, found {what}"),
            ));
        }
        Ok(())
    }

    /// `+7776FU`: from (`00` for a drop), to, and the piece as it stands after the move.
    fn board_move(&mut self, s: &Statement) -> Result<(), FormatError> {
        self.expect_moves(s, "a move")?;
        let color = if s.chars[0] == '+' { Color::Black } else { Color::White };
        let mover = self.mover.unwrap_or(color);
        if color != mover {
            return Err(s.err(
                0,
                format!(
                    "expected a move by '{}' ({}), found one by '{}'",
                    sign(mover),
                    side_word(mover),
                    sign(color)
                ),
            ));
        }
        let from = s.square(1, true)?;
        let Some(to) = s.square(3, false)? else {
            return Err(s.err(3, "expected the destination square"));
        };
        let kind = s.code(5)?;
        if s.chars.len() > 7 {
            return Err(s.err(
                7,
                format!(
                    "expected the end of the move (a time goes after ','), found {}",
                    s.found(7)
                ),
            ));
        }
        let board = self.board.get_or_insert(self.problem.setup.board);
        let m = match from {
            None if !kind.is_hand_kind() => {
                return Err(s.err(
                    5,
                    format!(
                        "expected a piece that can be dropped (FU KY KE GI KI KA HI or a fairy code), found {}",
                        csa_code(kind)
                    ),
                ))
            }
            None => Move::drop(kind, to),
            Some(from) => {
                let Some(piece) = board[from.index()] else {
                    return Err(s.err(
                        1,
                        format!(
                            "expected a piece on {} to move (the board replayed so far is empty there)",
                            square_text(from)
                        ),
                    ));
                };
                let promote = if piece.kind == kind {
                    false
                } else if piece.kind.promoted() == Some(kind) {
                    true
                } else {
                    let promoted = piece.kind.promoted().map(|k| format!(" or {}", csa_code(k)));
                    return Err(s.err(
                        5,
                        format!(
                            "expected {}{} for the piece on {}, found {}",
                            csa_code(piece.kind),
                            promoted.unwrap_or_default(),
                            square_text(from),
                            csa_code(kind)
                        ),
                    ));
                };
                Move::normal(from, to, promote)
            }
        };
        replay(board, m, kind, mover);
        self.mover = Some(!mover);
        self.problem.moves.moves.push(m);
        self.problem.moves.comments.push(None);
        Ok(())
    }

    fn end(&mut self, s: &Statement) -> Result<(), FormatError> {
        self.expect_moves(s, "an end word")?;
        let word = s.text(1);
        let Some(&(csa, kif)) = END_WORDS.iter().find(|(w, _)| *w == word) else {
            let known: Vec<String> = END_WORDS.iter().map(|(w, _)| format!("%{w}")).collect();
            return Err(s.err(1, format!("expected an end word ({}), found '{word}'", known.join(" "))));
        };
        self.problem.moves.end = Some(kif.map_or_else(|| format!("%{csa}"), str::to_string));
        self.end_word = Some(csa.to_string());
        Ok(())
    }

    /// `T12`, `T12.345`: time used, which yosei does not keep.
    fn time(&mut self, s: &Statement) -> Result<(), FormatError> {
        if !self.in_moves {
            return Err(s.err(0, "expected the position and the side to move before a time"));
        }
        let digits = s.text(1);
        let (whole, fraction) = digits.split_once('.').unwrap_or((&digits, "0"));
        let valid = |d: &str| !d.is_empty() && d.chars().all(|c| c.is_ascii_digit());
        if !(valid(whole) && valid(fraction)) {
            return Err(s.err(
                1,
                format!("expected the time in seconds, such as T12 or T12.345, found '{digits}'"),
            ));
        }
        Ok(())
    }

    fn finish(mut self, last_line: usize) -> Result<Problem, FormatError> {
        if !self.position_seen {
            return Err(FormatError::at_line(
                last_line,
                "expected a position (PI, P1…P9 or P+/P-) and the side to move ('+' or '-'), found the end of the file",
            ));
        }
        if !self.in_moves {
            return Err(FormatError::at_line(
                last_line,
                "expected the side to move ('+' or '-') after the position, found the end of the file",
            ));
        }
        self.problem.setup.move_number = 1;
        Ok(self.problem)
    }
}

// ---------------------------------------------------------------------------------------
// Writing
// ---------------------------------------------------------------------------------------

/// Writes a V3.0 record in UTF-8 (`'CSA encoding=UTF-8`): V3.0 because yosei writes
/// UTF-8 text and only V3.0 can say so. `read_csa(&write_csa(p)) == p` for every
/// problem CSA can hold; what it cannot hold is listed in docs/formats/csa.md
/// (variations, Lion two-steps and Circe-family squares in moves, `other` keys that are
/// not CSA keys, the move number).
pub fn write_csa(problem: &Problem) -> String {
    let mut out = String::from("'CSA encoding=UTF-8\nV3.0\n");
    let mut line = |s: String| {
        out.push_str(&s);
        out.push('\n');
    };
    let meta = &problem.meta;
    for (key, value) in [
        ("EVENT", &meta.title),
        ("AUTHOR", &meta.author),
        ("SOURCE", &meta.source),
        ("START_TIME", &meta.date),
    ] {
        if let Some(v) = value {
            line(format!("${key}:{}", one_line(v)));
        }
    }
    for (key, value) in &meta.other {
        let value = one_line(value);
        let csa_key = OTHER_KEYS.iter().find(|(_, kif)| kif == key).map(|(csa, _)| *csa);
        let plain_csa_key = !key.is_empty()
            && key.chars().all(is_key_char)
            && !FIELD_KEYS.contains(&key.as_str())
            && !OTHER_KEYS.iter().any(|(csa, _)| csa == key);
        line(match (key.as_str(), csa_key) {
            (BLACK_NAME_KEY, _) => format!("N+{value}"),
            (WHITE_NAME_KEY, _) => format!("N-{value}"),
            (_, Some(csa)) => format!("${csa}:{value}"),
            (k, None) if plain_csa_key => format!("${k}:{value}"),
            // Not a CSA key: kept for people, as a comment.
            (k, None) => format!("'{}: {value}", one_line(k)),
        });
    }
    if problem.stipulation.is_some() || !problem.conditions.is_empty() {
        let mut rule = write_rule_phrase(problem.stipulation, &problem.conditions);
        if let Some(n) = written_length(problem.stipulation) {
            rule.push_str(&format!(" {n}手"));
        }
        line(format!("$RULE:{rule}"));
    }
    if let Some(u) = problem.options.uchifuzume {
        line(format!("$UCHIFUZUME:{u}"));
    }
    if let Some(r) = problem.options.repetition {
        line(format!("$REPETITION:{r}"));
    }
    if let Some(l) = problem.options.lion_pass {
        line(format!("$LION_PASS:{l}"));
    }
    if let Some(h) = problem.options.fairy_home {
        line(format!("$FAIRY_HOME:{h}"));
    }
    if !problem.options.discarded.is_empty() {
        line(format!("$FAIRY_CAPTURE:{}", problem.options.discarded));
    }
    if !problem.options.fairy_promotion.is_empty() {
        line(format!("$FAIRY_PROMOTION:{}", problem.options.fairy_promotion));
    }
    if problem.options.royal.has_declared() {
        line(format!("$ROYAL:{}", problem.options.royal));
    }
    if let Some(target) = &problem.target {
        line(format!("$TARGET:{}", write_sfen(target)));
    }
    for c in &meta.comments {
        line(format!("'*{}", one_line(c)));
    }
    let setup = &problem.setup;
    for rank in 1..=9 {
        let mut row = format!("P{rank}");
        for sq in (1..=9).rev().filter_map(|file| Square::new(file, rank)) {
            match setup.piece_at(sq) {
                Some(p) => {
                    row.push(sign(p.color));
                    row.push_str(csa_code(p.kind));
                }
                None => row.push_str(" * "),
            }
        }
        line(row);
    }
    // The defender's hand is written `P-00AL` when it holds exactly the remaining
    // pieces of the standard set (fairy pieces it holds are listed besides).
    let defender_all = remaining_pieces(setup, Color::White).is_ok_and(|rest| {
        let hand = setup.hand(Color::White);
        PieceKind::ORDINARY_HAND_KINDS
            .iter()
            .all(|&k| hand.count(k) == rest.count(k))
            && PieceKind::ORDINARY_HAND_KINDS.iter().any(|&k| hand.count(k) > 0)
    });
    for color in Color::ALL {
        let all = color == Color::White && defender_all;
        let mut items = String::new();
        for kind in HAND_ORDER {
            if !(all && kind.is_ordinary()) {
                for _ in 0..setup.hand(color).count(kind) {
                    items.push_str("00");
                    items.push_str(csa_code(kind));
                }
            }
        }
        if all {
            items.push_str("00AL");
        }
        if !items.is_empty() {
            line(format!("P{}{items}", sign(color)));
        }
    }
    line(sign(setup.side_to_move).to_string());
    let mut board = setup.board;
    let mut mover = setup.side_to_move;
    let mut complete = true;
    for (i, &m) in problem.moves.moves.iter().enumerate() {
        match move_text(&board, m, mover) {
            Ok((text, kind_after)) => {
                line(text);
                replay(&mut board, m, kind_after, mover);
            }
            Err(reason) => {
                line(format!(
                    "'yosei: moves from move {} on are not written: {reason}",
                    i + 1
                ));
                complete = false;
                break;
            }
        }
        if let Some(Some(comment)) = problem.moves.comments.get(i) {
            for part in comment.split('\n') {
                line(format!("'*{}", one_line(part)));
            }
        }
        mover = !mover;
    }
    if let (Some(end), true) = (&problem.moves.end, complete) {
        // KIF also writes 詰 for 詰み.
        let end = if end == "詰" { "詰み" } else { end.as_str() };
        let csa = END_WORDS
            .iter()
            .find(|(csa, kif)| *kif == Some(end) || end.strip_prefix('%') == Some(csa))
            .map(|(csa, _)| *csa);
        line(match csa {
            Some(csa) => format!("%{csa}"),
            None => format!("'yosei: end word with no CSA form: {}", one_line(end)),
        });
    }
    out
}

/// `+7776FU` for a move on `board`, and the kind that stands on the destination after
/// it; or why CSA cannot write it.
fn move_text(board: &Board, m: Move, mover: Color) -> Result<(String, PieceKind), String> {
    if m.via().is_some() {
        return Err(format!(
            "{m} is a two-step (a Lion's two steps, a 飛鷲's or 角鷹's double step or pass, or a capture by hopping), which CSA cannot write"
        ));
    }
    if m.extra().is_some() {
        return Err(format!(
            "{m} puts a captured piece on another square, which CSA cannot write"
        ));
    }
    if m.is_swap() {
        return Err(format!("{m} is a Messigny swap, which CSA cannot write"));
    }
    let (from, kind) = match (m.from(), m.drop_kind()) {
        (_, Some(kind)) => ("00".to_string(), kind),
        (Some(from), None) => {
            let piece = board[from.index()].ok_or_else(|| format!("{m} starts on an empty square"))?;
            let kind = if m.is_promotion() {
                piece
                    .kind
                    .promoted()
                    .ok_or_else(|| format!("{m} promotes a {}, which does not promote", piece.kind.name()))?
            } else {
                piece.kind
            };
            (square_text(from), kind)
        }
        (None, None) => return Err(format!("{m} is neither a drop nor a board move")),
    };
    Ok((
        format!("{}{from}{}{}", sign(mover), square_text(m.to()), csa_code(kind)),
        kind,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_distinct_and_read_back() {
        for kind in PieceKind::ALL {
            assert_eq!(kind_from_csa_code(csa_code(kind)), Some(kind));
        }
        assert_eq!(kind_from_csa_code("AL"), None);
        assert_eq!(kind_from_csa_code("fu"), None);
    }

    #[test]
    fn hand_order_lists_every_hand_kind_once() {
        let mut sorted = HAND_ORDER.to_vec();
        sorted.sort();
        assert_eq!(sorted, PieceKind::HAND_KINDS.to_vec());
    }
}
