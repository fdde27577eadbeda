//! 王位置 `king-square:SQ[/SQ]` (fm's `位置[55]`, `![55/51]`, written back
//! `王位置[55/51]`; docs/rules/king-square.md): a mate or a stalemate fulfils the
//! stipulation only when the king of the side that is mated (stalemated) stands on the
//! first square and, when a second square is given, the other side's king on that one.
//! It changes no move, only which ends count: fm asks it in its goal tests
//! (`help_mate_rule_check` and `direct_mate_rule_check`, sub2.c), for every stipulation
//! whose goal is a mate or a stalemate.

use crate::{Condition, Position};
use std::fmt;
use std::str::FromStr;
use yosei_core::Square;

/// Where the kings must stand when the goal is reached.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct KingSquares {
    /// The square of the mated (stalemated) side's king.
    pub mated: Square,
    /// The square of the other side's king, if the problem fixes it.
    pub other: Option<Square>,
}

impl KingSquares {
    /// What a user is shown before choosing (55, the centre).
    pub const PLACEHOLDER: KingSquares = KingSquares {
        mated: match Square::new(5, 5) {
            Some(sq) => sq,
            None => unreachable!(),
        },
        other: None,
    };

    /// Whether the kings of `end`, a mate or stalemate of its side to move, stand where
    /// these squares say. Under 二玉詰 any royal piece of a side may stand there; a side
    /// without one never fulfils it (fm compares its king square, absent, with the
    /// square).
    pub fn hold_in(self, end: &Position) -> bool {
        let mated = end.side_to_move();
        end.royals(mated).contains(self.mated) && self.other.is_none_or(|sq| end.royals(!mated).contains(sq))
    }
}

impl fmt::Display for KingSquares {
    /// fm's digits, file then rank: `55`, `55/51`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.mated)?;
        if let Some(other) = self.other {
            write!(f, "/{other}")?;
        }
        Ok(())
    }
}

impl FromStr for KingSquares {
    type Err = String;
    /// `55` or `55/51` (half- or full-width digits).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim();
        let (mated, other) = match t.split_once('/') {
            Some((mated, other)) => (mated, Some(other)),
            None => (t, None),
        };
        let square = |text: &str| -> Result<Square, String> {
            let digits: Vec<u32> = text.trim().chars().map(|c| half_width_digit(c).unwrap_or(0)).collect();
            match digits[..] {
                [file @ 1..=9, rank @ 1..=9] => Ok(Square::new(file as i32, rank as i32).expect("1..=9")),
                _ => Err(format!(
                    "king square '{}': expected a square as two digits 1-9, file then rank (55)",
                    text.trim()
                )),
            }
        };
        Ok(KingSquares {
            mated: square(mated)?,
            other: other.map(square).transpose()?,
        })
    }
}

/// The squares' text of the condition named with them: `king-square:55/51`, or fm's
/// `王位置[55/51]`, `位置[55]`, `![55]` (fm lets the `]` go missing).
pub(crate) fn strip_name(text: &str) -> Option<&str> {
    if let Some(squares) = text.strip_prefix("king-square:") {
        return Some(squares);
    }
    let inner = ["王位置[", "位置[", "!["].iter().find_map(|p| text.strip_prefix(p))?;
    Some(inner.strip_suffix(']').unwrap_or(inner))
}

/// The one 王位置 among `conditions`, or a problem when two differ.
pub(crate) fn compile(conditions: &[Condition], problems: &mut Vec<String>) -> Option<KingSquares> {
    let mut given = conditions.iter().filter_map(|c| match c {
        Condition::KingSquare(squares) => Some(*squares),
        _ => None,
    });
    let first = given.next()?;
    if let Some(second) = given.find(|&s| s != first) {
        problems.push(format!(
            "conditions king-square:{first} and king-square:{second} (王位置) ask for different king squares: give one"
        ));
    }
    Some(first)
}

/// A digit, half- or full-width (fm's lines mix them).
fn half_width_digit(c: char) -> Option<u32> {
    match c {
        '０'..='９' => Some(c as u32 - '０' as u32),
        _ => c.to_digit(10),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_read_and_write_back_as_fm_writes_them() {
        for text in ["55", "55/51", "19/91"] {
            let squares: KingSquares = text.parse().unwrap();
            assert_eq!(squares.to_string(), text);
        }
        assert_eq!(
            "５５／５１"
                .replace('／', "/")
                .parse::<KingSquares>()
                .unwrap()
                .to_string(),
            "55/51"
        );
        for bad in ["", "5", "50", "555", "55/", "a5", "55/05"] {
            let err = bad.parse::<KingSquares>().unwrap_err();
            assert!(err.contains("expected a square"), "{bad}: {err}");
        }
    }
}
