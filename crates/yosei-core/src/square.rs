//! Squares of the 9×9 board.
//!
//! A square is written file-rank: files 1–9 from Black's right, ranks 1–9 from the top
//! (`11` is the top-right corner, USI `1a`). The index is file-major,
//! `(file - 1) * 9 + (rank - 1)`, so each file is nine consecutive bits of a bitboard.

use crate::Color;
use std::fmt;

#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    pub const NUM: usize = 81;

    /// The square of `file` and `rank` (both 1..=9), or `None` off the board.
    #[inline]
    pub const fn new(file: i32, rank: i32) -> Option<Square> {
        if file >= 1 && file <= 9 && rank >= 1 && rank <= 9 {
            Some(Square(((file - 1) * 9 + (rank - 1)) as u8))
        } else {
            None
        }
    }

    /// The square with this index (0..81).
    #[inline]
    pub const fn from_index(index: usize) -> Option<Square> {
        if index < 81 {
            Some(Square(index as u8))
        } else {
            None
        }
    }

    /// # Safety-free contract
    /// `index` must be below 81; used by bitboard iteration where that holds.
    #[inline]
    pub(crate) const fn from_index_unchecked(index: usize) -> Square {
        debug_assert!(index < 81);
        Square(index as u8)
    }

    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// File 1..=9.
    #[inline]
    pub const fn file(self) -> i32 {
        self.0 as i32 / 9 + 1
    }

    /// Rank 1..=9 (1 is the top, White's back rank).
    #[inline]
    pub const fn rank(self) -> i32 {
        self.0 as i32 % 9 + 1
    }

    /// The rank as seen by `color`: 1 is that side's far (last) rank.
    #[inline]
    pub const fn relative_rank(self, color: Color) -> i32 {
        match color {
            Color::Black => self.rank(),
            Color::White => 10 - self.rank(),
        }
    }

    /// The square `df` files and `dr` ranks away, if on the board.
    #[inline]
    pub const fn offset(self, df: i32, dr: i32) -> Option<Square> {
        Square::new(self.file() + df, self.rank() + dr)
    }

    /// The square seen from the other side (180° rotation).
    #[inline]
    pub const fn rotate(self) -> Square {
        Square(80 - self.0)
    }

    /// Left-right mirror image (file f ↔ 10 − f).
    #[inline]
    pub const fn mirror(self) -> Square {
        Square(((9 - self.file()) * 9 + self.rank() - 1) as u8)
    }

    /// Whether the square lies in `color`'s promotion zone (its far three ranks).
    #[inline]
    pub const fn in_zone(self, color: Color) -> bool {
        self.relative_rank(color) <= 3
    }

    pub fn all() -> impl Iterator<Item = Square> {
        (0..81u8).map(Square)
    }

    /// USI coordinate, e.g. `7g`.
    pub fn to_usi(self) -> String {
        let mut s = String::with_capacity(2);
        self.push_usi(&mut s);
        s
    }

    /// Appends the USI coordinate (without formatting machinery: every move of every
    /// listed solution is written this way).
    pub fn push_usi(self, s: &mut String) {
        s.push((b'0' + self.file() as u8) as char);
        s.push((b'a' + self.rank() as u8 - 1) as char);
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file(), self.rank())
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file(), self.rank())
    }
}
