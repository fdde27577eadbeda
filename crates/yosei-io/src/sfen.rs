//! SFEN positions and USI moves (cli.md, "Fairy letters in SFEN and USI").
//!
//! The readers are purely syntactic: they turn text into a [`Setup`] and [`Move`]s and
//! leave every question of legality to `yosei-rules`, so that a malformed position can be
//! reported with all its rule problems at once rather than being refused here.
//!
//! Errors carry a 1-based *character* column into the text that was given (not a byte
//! offset), because that is what a person counts in a terminal or an editor, and because
//! problem files routinely contain Japanese text next to SFEN lines. The readers work on a
//! decoded `char` slice for the same reason: no byte index ever lands inside a multi-byte
//! character, so no input can make them panic.

use std::fmt;
use yosei_core::{Color, Hand, Move, Piece, PieceKind, Setup, Square};

/// The initial position of ordinary shogi, as `write_sfen` writes it.
pub const STARTPOS_SFEN: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";

/// A syntax error in SFEN or USI text: where it is and what was expected there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyntaxError {
    /// 1-based column, counted in characters of the text given to the reader.
    pub column: usize,
    /// What was expected and what was found, e.g. `expected 'b' or 'w' …, found "x"`.
    pub message: String,
}

impl fmt::Display for SyntaxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "column {}: {}", self.column, self.message)
    }
}

impl std::error::Error for SyntaxError {}

/// An error of [`parse_sfen`]. SFEN and USI errors share one shape so that an error in a
/// `moves …` tail can be reported with its column in the whole line.
pub type SfenError = SyntaxError;

/// An error of [`parse_usi_move`].
pub type UsiMoveError = SyntaxError;

/// A position as read, with the moves that follow it (`position … moves …`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SfenRecord {
    pub setup: Setup,
    /// The moves after `moves`, read syntactically; they are not checked against the
    /// position.
    pub moves: Vec<Move>,
}

/// The initial position of ordinary shogi.
pub fn startpos() -> Setup {
    parse_sfen(STARTPOS_SFEN)
        .expect("STARTPOS_SFEN is a valid SFEN (checked by the tests)")
        .setup
}

// ---------------------------------------------------------------------------------------
// Shared scanning helpers
// ---------------------------------------------------------------------------------------

/// A whitespace-separated word of the input, kept as a slice of the decoded characters
/// together with its position so that errors inside it get absolute columns.
#[derive(Clone, Copy)]
struct Token<'a> {
    /// Index of the first character in the whole input.
    start: usize,
    chars: &'a [char],
}

impl Token<'_> {
    /// The column of character `i` of this token.
    fn column(&self, i: usize) -> usize {
        self.start + i + 1
    }

    /// The column just after this token, where a missing continuation is reported.
    fn end_column(&self) -> usize {
        self.column(self.chars.len())
    }

    fn is(&self, word: &str) -> bool {
        self.chars.iter().copied().eq(word.chars())
    }

    fn error(&self, i: usize, message: String) -> SyntaxError {
        SyntaxError {
            column: self.column(i),
            message,
        }
    }

    /// The token quoted for a message, shortened so that a huge garbage word does not
    /// drown the message.
    fn quoted(&self) -> String {
        const SHOWN: usize = 24;
        let mut text: String = self.chars.iter().take(SHOWN).collect();
        if self.chars.len() > SHOWN {
            text.push('…');
        }
        format!("{text:?}")
    }
}

/// Splits the characters into whitespace-separated tokens.
fn tokenize(chars: &[char]) -> Vec<Token<'_>> {
    let mut tokens = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        if chars[i].is_whitespace() {
            i += 1;
            continue;
        }
        let start = i;
        while i < chars.len() && !chars[i].is_whitespace() {
            i += 1;
        }
        tokens.push(Token {
            start,
            chars: &chars[start..i],
        });
    }
    tokens
}

/// `'x'` for a character, or `the end of the <field>` when there is none.
fn found(c: Option<char>, field: &str) -> String {
    match c {
        Some(c) => format!("{c:?}"),
        None => format!("the end of the {field}"),
    }
}

/// The piece an SFEN name stands for: upper case Black, lower case White (a bracketed
/// code such as `[WA]` in one case throughout, its digits aside).
fn piece_from_name(name: &str) -> Option<Piece> {
    let letters = || name.chars().filter(char::is_ascii_alphabetic);
    let color = if letters().all(|c| c.is_ascii_uppercase()) {
        Color::Black
    } else if letters().all(|c| c.is_ascii_lowercase()) {
        Color::White
    } else {
        return None;
    };
    PieceKind::from_sfen_name(&name.to_ascii_uppercase()).map(|kind| Piece::new(kind, color))
}

/// The piece name starting at `chars[i]`: one letter, or `[` up to the next `]`. Returns
/// the piece (if the name is one) and the number of characters the name takes.
fn piece_at(chars: &[char], i: usize) -> (Option<Piece>, usize) {
    let width = match chars.get(i) {
        Some('[') => chars[i..]
            .iter()
            .position(|&c| c == ']')
            .map_or(chars.len() - i, |n| n + 1),
        Some(_) => 1,
        None => return (None, 0),
    };
    let name: String = chars[i..i + width].iter().collect();
    (piece_from_name(&name), width)
}

fn color_name(color: Color) -> &'static str {
    match color {
        Color::Black => "Black",
        Color::White => "White",
    }
}

// ---------------------------------------------------------------------------------------
// SFEN
// ---------------------------------------------------------------------------------------

/// The words of a line, consumed from the left; remembers where the last one ended so
/// that a missing field is reported right after it.
struct Fields<'a> {
    tokens: Vec<Token<'a>>,
    next: usize,
}

impl<'a> Fields<'a> {
    fn peek(&self) -> Option<Token<'a>> {
        self.tokens.get(self.next).copied()
    }

    fn take(&mut self) -> Option<Token<'a>> {
        let token = self.peek();
        if token.is_some() {
            self.next += 1;
        }
        token
    }

    /// Takes the next word if it is `word`.
    fn take_word(&mut self, word: &str) -> bool {
        let hit = self.peek().is_some_and(|t| t.is(word));
        if hit {
            self.next += 1;
        }
        hit
    }

    /// Takes the next word, or reports that `what` is missing.
    fn expect(&mut self, what: &str) -> Result<Token<'a>, SyntaxError> {
        let column = match self.next.checked_sub(1) {
            Some(last) => self.tokens[last].end_column(),
            None => 1,
        };
        self.take().ok_or_else(|| SyntaxError {
            column,
            message: format!("expected {what}, found the end of the input"),
        })
    }
}

/// Reads one position: a bare SFEN (`board side hand [movenumber]`, the move number
/// being optional because fmrs files omit it), with or without a leading `sfen`, or
/// `position sfen …`, `position startpos`, `startpos`; each may be followed by
/// `moves m1 m2 …`. Surrounding whitespace is ignored.
pub fn parse_sfen(text: &str) -> Result<SfenRecord, SfenError> {
    let chars: Vec<char> = text.chars().collect();
    let mut fields = Fields {
        tokens: tokenize(&chars),
        next: 0,
    };
    if fields.peek().is_none() {
        return Err(SyntaxError {
            column: 1,
            message: "expected an SFEN position (a board, 'sfen …', 'position …' or \
                      'startpos'), found the end of the input"
                .to_string(),
        });
    }
    let setup = if fields.take_word("position") {
        let keyword = fields.expect("'sfen' or 'startpos' after 'position'")?;
        if keyword.is("sfen") {
            parse_position_fields(&mut fields)?
        } else if keyword.is("startpos") {
            startpos()
        } else {
            return Err(keyword.error(
                0,
                format!(
                    "expected 'sfen' or 'startpos' after 'position', found {}",
                    keyword.quoted()
                ),
            ));
        }
    } else if fields.take_word("startpos") {
        startpos()
    } else {
        fields.take_word("sfen");
        parse_position_fields(&mut fields)?
    };
    let moves = parse_moves_tail(&mut fields)?;
    Ok(SfenRecord { setup, moves })
}

/// `board side hand [movenumber]`.
fn parse_position_fields(fields: &mut Fields<'_>) -> Result<Setup, SyntaxError> {
    let mut setup = Setup::empty();
    let board = fields.expect("a board (9 ranks separated by '/')")?;
    parse_board(board, &mut setup)?;
    let side = fields.expect("the side to move ('b' or 'w')")?;
    setup.side_to_move = parse_side(side)?;
    let hand = fields.expect("the pieces in hand ('-' or e.g. '2P10p')")?;
    parse_hands(hand, &mut setup)?;
    if let Some(number) = fields.peek().filter(|t| !t.is("moves")) {
        fields.take();
        setup.move_number = parse_move_number(number)?;
    }
    Ok(setup)
}

/// Nothing, or `moves` followed by zero or more USI moves.
fn parse_moves_tail(fields: &mut Fields<'_>) -> Result<Vec<Move>, SyntaxError> {
    let Some(keyword) = fields.take() else {
        return Ok(Vec::new());
    };
    if !keyword.is("moves") {
        return Err(keyword.error(
            0,
            format!("expected 'moves' or the end of the input, found {}", keyword.quoted()),
        ));
    }
    let mut moves = Vec::new();
    while let Some(token) = fields.take() {
        // Name the move as well: in a long line its column alone is hard to count.
        let m = parse_move_token(token).map_err(|err| SyntaxError {
            column: err.column,
            message: format!("move {} {}: {}", moves.len() + 1, token.quoted(), err.message),
        })?;
        moves.push(m);
    }
    Ok(moves)
}

/// The board field: ranks 1 to 9 from the top, each written from file 9 to file 1.
fn parse_board(token: Token<'_>, setup: &mut Setup) -> Result<(), SyntaxError> {
    const FIELD: &str = "board";
    let chars = token.chars;
    let mut rank: i32 = 1;
    // Squares of the current rank described so far (always at most 9).
    let mut filled: i32 = 0;
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c == '/' {
            if filled < 9 {
                return Err(token.error(i, format!("rank {rank} has {filled} squares: expected 9 before '/'")));
            }
            if rank == 9 {
                return Err(token.error(i, "expected the end of the board after 9 ranks, found '/'".to_string()));
            }
            rank += 1;
            filled = 0;
            i += 1;
            continue;
        }
        if filled == 9 {
            let expected = if rank == 9 { "the end of the board" } else { "'/'" };
            return Err(token.error(
                i,
                format!("expected {expected} (rank {rank} already has 9 squares), found {c:?}"),
            ));
        }
        if let Some(run) = c.to_digit(10) {
            let room = 9 - filled;
            if run == 0 || run as i32 > room {
                return Err(token.error(
                    i,
                    format!(
                        "expected a piece letter or a digit from 1 to {room} \
                         (rank {rank} has {filled} squares), found {c:?}"
                    ),
                ));
            }
            filled += run as i32;
            i += 1;
            continue;
        }
        let (piece, width) = parse_board_piece(token, i)?;
        // 9 - filled is a file in 1..=9 and rank is in 1..=9, so the square exists.
        if let Some(sq) = Square::new(9 - filled, rank) {
            setup.put(sq, Some(piece));
        }
        filled += 1;
        i += width;
    }
    if filled < 9 {
        return Err(SyntaxError {
            column: token.end_column(),
            message: format!(
                "rank {rank} has {filled} squares: expected 9, found {}",
                found(None, FIELD)
            ),
        });
    }
    if rank < 9 {
        return Err(SyntaxError {
            column: token.end_column(),
            message: format!(
                "the board has {rank} ranks: expected '/' and 9 ranks in all, found {}",
                found(None, FIELD)
            ),
        });
    }
    Ok(())
}

/// A piece on the board at `chars[i]`: a letter, or `+` and a promotable letter or
/// bracketed code (`+J`, `+[MK]`: a promoted fairy piece, docs/rules/fairy-promotion.md).
/// Returns the piece and the number of characters it took.
fn parse_board_piece(token: Token<'_>, i: usize) -> Result<(Piece, usize), SyntaxError> {
    let c = token.chars[i];
    if c != '+' {
        let (piece, width) = piece_at(token.chars, i);
        return piece.map(|piece| (piece, width)).ok_or_else(|| {
            let found = if width == 1 {
                format!("{c:?}")
            } else {
                let name: String = token.chars[i..i + width].iter().collect();
                format!("{name:?}, which is not a bracketed piece code such as [WA] or [wa]")
            };
            token.error(i, format!("expected a piece letter or a digit, found {found}"))
        });
    }
    let next = token.chars.get(i + 1).copied();
    let (base, width) = piece_at(token.chars, i + 1);
    let promoted = base.and_then(|piece| piece.kind.promoted().map(|kind| Piece::new(kind, piece.color)));
    promoted.map(|piece| (piece, 1 + width)).ok_or_else(|| {
        token.error(
            i + 1,
            format!(
                "expected a promotable piece letter (P L N S B R, the fairy J H, either case) or code ([MK]…) \
                 after '+', found {}",
                found(next, "board")
            ),
        )
    })
}

fn parse_side(token: Token<'_>) -> Result<Color, SyntaxError> {
    if token.is("b") {
        Ok(Color::Black)
    } else if token.is("w") {
        Ok(Color::White)
    } else {
        Err(token.error(
            0,
            format!("expected the side to move, 'b' or 'w', found {}", token.quoted()),
        ))
    }
}

/// The hand field: `-`, or items `[count]letter` (count of 1 or 2 digits, 1 when absent)
/// in any order; repeated letters add up.
fn parse_hands(token: Token<'_>, setup: &mut Setup) -> Result<(), SyntaxError> {
    const FIELD: &str = "hand";
    if token.is("-") {
        return Ok(());
    }
    let chars = token.chars;
    let mut i = 0;
    while i < chars.len() {
        let item = i;
        let mut count: u32 = 0;
        let mut digits = 0;
        while let Some(d) = chars.get(i).and_then(|c| c.to_digit(10)) {
            if digits == 2 {
                return Err(token.error(
                    i,
                    format!(
                        "expected a piece letter after a count of at most 2 digits, found {:?}",
                        chars[i]
                    ),
                ));
            }
            count = count * 10 + d;
            digits += 1;
            i += 1;
        }
        if digits == 0 {
            count = 1;
        } else if count == 0 {
            return Err(token.error(item, "expected a count of 1 or more, found 0".to_string()));
        }
        let c = chars.get(i).copied();
        let expected = if digits == 0 {
            "a piece letter or a count"
        } else {
            "a piece letter after the count"
        };
        let (piece, width) = piece_at(chars, i);
        let letter: String = chars[i..i + width].iter().collect();
        let (Some(_), Some(piece)) = (c, piece) else {
            let extra = match c {
                Some('+') => " (promoted pieces are never in hand)",
                Some('-') => " ('-' stands alone, for empty hands)",
                _ => "",
            };
            return Err(SyntaxError {
                column: token.column(i),
                message: format!("expected {expected}{extra}, found {}", found(c, FIELD)),
            });
        };
        if !piece.kind.is_hand_kind() {
            return Err(token.error(
                i,
                format!(
                    "expected a piece that can be held (R B G S N L P or a fairy name \
                     other than O), found {letter:?}: a {} is never in hand",
                    piece.kind.name()
                ),
            ));
        }
        let hand = setup.hand_mut(piece.color);
        let total = u32::from(hand.count(piece.kind)) + count;
        let max = Hand::MAX_COUNT;
        let Some(total_u8) = u8::try_from(total).ok().filter(|&t| t <= max) else {
            return Err(token.error(
                item,
                format!(
                    "expected at most {max} of one kind in hand, found {total} {}s in {}'s hand",
                    piece.kind.name(),
                    color_name(piece.color)
                ),
            ));
        };
        hand.set(piece.kind, total_u8);
        i += width;
    }
    Ok(())
}

/// The move-number field: decimal digits only (no sign), fitting in 32 bits.
fn parse_move_number(token: Token<'_>) -> Result<u32, SyntaxError> {
    if let Some(i) = token.chars.iter().position(|c| !c.is_ascii_digit()) {
        let message = if i == 0 {
            format!("expected a move number or 'moves', found {}", token.quoted())
        } else {
            format!("expected a digit of the move number, found {:?}", token.chars[i])
        };
        return Err(token.error(i, message));
    }
    let digits: String = token.chars.iter().collect();
    digits.parse::<u32>().map_err(|_| {
        token.error(
            0,
            format!(
                "expected a move number of at most {}, found {}",
                u32::MAX,
                token.quoted()
            ),
        )
    })
}

/// Writes the canonical SFEN `board side hand movenumber`: hands in the conventional
/// order R B G S N L P and then the fairy kinds in `PieceKind` order, Black's first,
/// `-` when both are empty.
///
/// Any `Setup` is written, even one holding kinds that cannot be held (only a hand-built
/// `Setup` can), so that nothing is silently lost when debugging; such text does not
/// read back.
pub fn write_sfen(setup: &Setup) -> String {
    let mut out = String::with_capacity(96);
    for rank in 1..=9 {
        if rank > 1 {
            out.push('/');
        }
        let mut empty = 0;
        for sq in (1..=9).rev().filter_map(|file| Square::new(file, rank)) {
            match setup.piece_at(sq) {
                None => empty += 1,
                Some(piece) => {
                    if empty > 0 {
                        out.push_str(&empty.to_string());
                        empty = 0;
                    }
                    out.push_str(&piece.to_sfen());
                }
            }
        }
        if empty > 0 {
            out.push_str(&empty.to_string());
        }
    }
    out.push(' ');
    out.push(match setup.side_to_move {
        Color::Black => 'b',
        Color::White => 'w',
    });
    out.push(' ');
    let hand_start = out.len();
    for color in Color::ALL {
        let hand = setup.hand(color);
        for kind in hand_write_order() {
            let n = hand.count(kind);
            if n > 1 {
                out.push_str(&n.to_string());
            }
            if n > 0 {
                out.push_str(&Piece::new(kind, color).to_sfen());
            }
        }
    }
    if out.len() == hand_start {
        out.push('-');
    }
    out.push(' ');
    out.push_str(&setup.move_number.to_string());
    out
}

/// R B G S N L P (the conventional SFEN order), then every other kind in `PieceKind`
/// order.
fn hand_write_order() -> impl Iterator<Item = PieceKind> {
    let ordinary = PieceKind::ORDINARY_HAND_KINDS;
    ordinary
        .into_iter()
        .rev()
        .chain(PieceKind::ALL.into_iter().filter(move |kind| !ordinary.contains(kind)))
}

// ---------------------------------------------------------------------------------------
// USI moves
// ---------------------------------------------------------------------------------------

/// Reads one USI move syntactically: `7g7f`, `7g7f+`, `P*5e` (any droppable letter,
/// fairy ones included), a two-step `5e4d3c` (a Lion's; a capture by hopping over 4d, `+` if it promotes), each board move optionally ending in
/// the Circe-family suffix `/4i`, and a Messigny swap `5b<>5a`. Surrounding whitespace is ignored. Whether the move is
/// possible is not checked.
pub fn parse_usi_move(text: &str) -> Result<Move, UsiMoveError> {
    let chars: Vec<char> = text.chars().collect();
    match tokenize(&chars).as_slice() {
        [] => Err(SyntaxError {
            column: 1,
            message: "expected a USI move, found the end of the input".to_string(),
        }),
        [token] => parse_move_token(*token),
        [first, second, ..] => Err(second.error(
            0,
            format!(
                "expected the end of the input after the move {}, found {}",
                first.quoted(),
                second.quoted()
            ),
        )),
    }
}

/// USI text of a move (cli.md); the inverse of [`parse_usi_move`].
pub fn write_usi_move(m: Move) -> String {
    m.to_usi()
}

/// A cursor over the characters of one move token.
struct MoveReader<'a> {
    token: Token<'a>,
    pos: usize,
}

impl MoveReader<'_> {
    const FIELD: &'static str = "move";

    fn peek(&self) -> Option<char> {
        self.token.chars.get(self.pos).copied()
    }

    fn error(&self, expected: &str) -> SyntaxError {
        SyntaxError {
            column: self.token.column(self.pos),
            message: format!("expected {expected}, found {}", found(self.peek(), Self::FIELD)),
        }
    }

    /// Consumes `c` if it comes next.
    fn eat(&mut self, c: char) -> bool {
        let hit = self.peek() == Some(c);
        if hit {
            self.pos += 1;
        }
        hit
    }

    /// A square: file digit 1–9, rank letter a–i.
    fn square(&mut self) -> Result<Square, SyntaxError> {
        let file = self
            .peek()
            .and_then(|c| c.to_digit(10))
            .filter(|&f| f >= 1)
            .ok_or_else(|| self.error("a file digit from 1 to 9"))?;
        self.pos += 1;
        let rank = self
            .peek()
            .filter(|c| ('a'..='i').contains(c))
            .map(|c| c as u32 - 'a' as u32 + 1)
            .ok_or_else(|| self.error("a rank letter from 'a' to 'i'"))?;
        self.pos += 1;
        Square::new(file as i32, rank as i32).ok_or_else(|| self.error("a square"))
    }

    fn finish(&self, m: Move, expected: &str) -> Result<Move, SyntaxError> {
        match self.peek() {
            None => Ok(m),
            Some(_) => Err(self.error(expected)),
        }
    }
}

fn parse_move_token(token: Token<'_>) -> Result<Move, SyntaxError> {
    let reader = MoveReader { token, pos: 0 };
    match reader.peek() {
        Some(c) if c.is_ascii_digit() => parse_board_move(reader),
        Some(c) if c.is_ascii_alphabetic() || c == '[' => parse_drop(reader),
        _ => Err(reader.error("a square (e.g. '7g') or the piece letter of a drop (e.g. 'P*5e')")),
    }
}

/// `K*sq`, where K is an upper-case droppable name (`P`, `[WA]`).
fn parse_drop(mut reader: MoveReader<'_>) -> Result<Move, SyntaxError> {
    let (piece, width) = piece_at(reader.token.chars, reader.pos);
    let kind = piece
        .filter(|piece| piece.color == Color::Black && piece.kind.is_hand_kind())
        .map(|piece| piece.kind)
        .ok_or_else(|| {
            reader.error(
                "an upper-case droppable piece name (R B G S N L P, a fairy letter \
                 other than O, or a bracketed code such as [WA]) or a square",
            )
        })?;
    reader.pos += width;
    if !reader.eat('*') {
        return Err(reader.error("'*' after the piece letter of a drop"));
    }
    let to = reader.square()?;
    reader.finish(
        Move::drop(kind, to),
        "the end of the move (a drop neither promotes nor captures)",
    )
}

/// `from to[+]`, or the two-step `from via to[+]` (a Lion's; a capture by hopping, which
/// may promote), then an optional `/square`; or
/// the swap `from<>to`.
fn parse_board_move(mut reader: MoveReader<'_>) -> Result<Move, SyntaxError> {
    let from = reader.square()?;
    if reader.eat('<') {
        if !reader.eat('>') {
            return Err(reader.error("'>' after '<' (a swap is written 5b<>5a)"));
        }
        let to = reader.square()?;
        return reader.finish(
            Move::swap(from, to),
            "the end of the move (a swap neither promotes nor captures)",
        );
    }
    let first = reader.square()?;
    let mut m = if reader.peek().is_some_and(|c| c.is_ascii_digit()) {
        let to = reader.square()?;
        let m = Move::two_step(from, first, to);
        if reader.eat('+') {
            m.promoting()
        } else {
            m
        }
    } else {
        Move::normal(from, first, reader.eat('+'))
    };
    if reader.eat('/') {
        m = m.with_extra(reader.square()?);
        return reader.finish(m, "the end of the move");
    }
    let expected = if m.is_promotion() {
        "'/' or the end of the move"
    } else if m.via().is_some() {
        "'+', '/' or the end of the move"
    } else {
        "a third square, '+', '/' or the end of the move"
    };
    reader.finish(m, expected)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_count_characters_not_bytes() {
        // '歩' is three bytes in UTF-8 but one column.
        let err = parse_sfen("歩 x").unwrap_err();
        assert_eq!(err.column, 1);
        let err = parse_usi_move(" 歩7g7f").unwrap_err();
        assert_eq!(err.column, 2);
    }

    #[test]
    fn hand_write_order_is_conventional_then_kind_order() {
        let order: Vec<&str> = hand_write_order()
            .filter(|k| k.is_hand_kind())
            .map(|k| k.sfen_name())
            .collect();
        assert_eq!(
            order.concat(),
            "RBGSNLPIHJQTCZFVXADEMUWY[WA][DA][TL][FE][AL][TR][FL][R4][R6][CR][ZR][EM][PR][MA][MO][SH][PA][VA][LE][LI][RO][RS][SP][EA][NE][LO][SZ][MK][DO][MH][CN][HN][JG][OG][HE][HR][HG][HC][KG][HK][TTR][TKJ][TLU][TRU][TTK][TKT][TKR][DHR][DMG][DSC][DMJ][DBJ][HJ][TK][CHI][CKA][CKI][CGI][CRY][CUM][CKY][TTB][EH]"
        );
    }
}
