//! Moves, packed in 32 bits.
//!
//! A move is a board move (from, to, promote?), a drop (kind, to), or a two-step
//! (from, via, to): the Lion's two king steps, or a capture by hopping (the Locust: over
//! the piece on `via`, captured, onto the empty `to`); any of them may carry one extra square where a capture puts a piece
//! elsewhere under the Circe family (rebirth, Anti-Circe return, PWC restore), because
//! such a choice makes two different moves (rules.md §6).
//!
//! Layout: bits 0–6 `to`; 7–13 `from` (board) or the dropped kind (drop); 14 promote;
//! 15 drop; 16–22 `via` (127 = none); 23–29 extra square (127 = none); 30–31 what the
//! extra square means ([`Displacement`]; 0 = not yet known, a move as a reader wrote it
//! before it is matched against the legal moves).

use crate::{PieceKind, Square};
use std::fmt;

#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move(u32);

/// Which piece a Circe-family capture puts on the move's extra square (rules.md §5.9–11).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Displacement {
    /// キルケ: the captured piece, unpromoted, for its owner.
    Rebirth,
    /// アンチキルケ: the capturing piece (after any promotion) instead of the capture square.
    Return,
    /// PWC: the captured piece as it was, for its owner (on the square the capturer left).
    Restore,
    /// Andernach / Anti-Andernach: the moving piece changes colour on its destination
    /// (the extra square is the destination). Encoded as a return to the destination,
    /// which an Anti-Circe return never is (a capturer on its starting square stays).
    Turn,
    /// Messigny: the moving piece and the enemy piece of its kind on the destination
    /// change places (the square is the origin, where the enemy piece goes). Encoded as
    /// a PWC restore on the destination, which a PWC capture never is (the capturer
    /// stands there).
    Swap,
}

const DISPLACEMENT_SHIFT: u32 = 30;

const NONE: u32 = 127;
const PROMOTE: u32 = 1 << 14;
const DROP: u32 = 1 << 15;
const VIA_SHIFT: u32 = 16;
const EXTRA_SHIFT: u32 = 23;
const NO_VIA_OR_EXTRA: u32 = NONE << VIA_SHIFT | NONE << EXTRA_SHIFT;

impl Move {
    /// A board move.
    #[inline]
    pub const fn normal(from: Square, to: Square, promote: bool) -> Move {
        Move(to.index() as u32 | (from.index() as u32) << 7 | if promote { PROMOTE } else { 0 } | NO_VIA_OR_EXTRA)
    }

    /// A drop of `kind` from the hand.
    #[inline]
    pub const fn drop(kind: PieceKind, to: Square) -> Move {
        Move(to.index() as u32 | (kind.index() as u32) << 7 | DROP | NO_VIA_OR_EXTRA)
    }

    /// A Messigny swap: the piece on `from` and the enemy piece of its kind on `to`
    /// change places.
    #[inline]
    pub const fn swap(from: Square, to: Square) -> Move {
        Move::normal(from, to, false).with_displacement(Displacement::Swap, from)
    }

    /// Whether this is a Messigny swap.
    #[inline]
    pub const fn is_swap(self) -> bool {
        matches!(self.displacement(), Some((Displacement::Swap, _)))
    }

    /// Whether the moving piece changes colour on its destination (Andernach,
    /// Anti-Andernach).
    #[inline]
    pub const fn is_turn(self) -> bool {
        matches!(self.displacement(), Some((Displacement::Turn, _)))
    }

    /// A two-step: a Lion first to `via`, then to `to` (which may be `from`: igui or
    /// pass); or a capture by hopping over the piece on `via` onto the empty `to`.
    #[inline]
    pub const fn two_step(from: Square, via: Square, to: Square) -> Move {
        Move(to.index() as u32 | (from.index() as u32) << 7 | (via.index() as u32) << VIA_SHIFT | NONE << EXTRA_SHIFT)
    }

    /// The same two-step promoting: a capture by hopping made by a promotable piece with a
    /// borrowed power (fm promotes it as any move into, out of or within the zone).
    #[inline]
    pub const fn promoting(self) -> Move {
        Move(self.0 | PROMOTE)
    }

    /// The same move with the square where a Circe-family capture puts a piece, as a
    /// reader finds it written (`/4i`): which piece goes there is not yet known, so the
    /// move must be matched against the legal moves (`Position::find_legal`) before it
    /// is played.
    #[inline]
    pub const fn with_extra(self, sq: Square) -> Move {
        Move(self.0 & !(NONE << EXTRA_SHIFT | 3 << DISPLACEMENT_SHIFT) | (sq.index() as u32) << EXTRA_SHIFT)
    }

    /// The same move with a Circe-family effect: `d` puts a piece on `sq` (for
    /// [`Displacement::Turn`], `sq` is ignored: the destination is the square).
    #[inline]
    pub const fn with_displacement(self, d: Displacement, sq: Square) -> Move {
        let (code, sq) = match d {
            Displacement::Rebirth => (1, sq),
            Displacement::Return => (2, sq),
            Displacement::Restore => (3, sq),
            Displacement::Turn => (2, self.to()),
            Displacement::Swap => (3, self.to()),
        };
        Move(self.with_extra(sq).0 | code << DISPLACEMENT_SHIFT)
    }

    /// Where the piece a capture condition displaces (reborn, restored) stands before the
    /// move: the intermediate square of a two-step, a capture by hopping (the capture
    /// conditions refuse the Lion's two steps), else the destination.
    #[inline]
    pub const fn displaced_square(self) -> Square {
        match self.via() {
            Some(via) => via,
            None => self.to(),
        }
    }

    /// The Circe-family effect of this move, if it has one (and it is known).
    #[inline]
    pub const fn displacement(self) -> Option<(Displacement, Square)> {
        let Some(sq) = self.raw_extra() else { return None };
        match self.0 >> DISPLACEMENT_SHIFT {
            1 => Some((Displacement::Rebirth, sq)),
            2 if sq.index() == self.to().index() => Some((Displacement::Turn, sq)),
            2 => Some((Displacement::Return, sq)),
            3 if sq.index() == self.to().index() => match self.from() {
                Some(from) => Some((Displacement::Swap, from)),
                None => None,
            },
            3 => Some((Displacement::Restore, sq)),
            _ => None,
        }
    }

    /// The move as it is written (the extra square kept, its meaning forgotten): what a
    /// reader produces from the move's text.
    #[inline]
    pub const fn as_written(self) -> Move {
        match self.displacement() {
            // nothing is written for a change of colour
            Some((Displacement::Turn, _)) => return self.without_extra(),
            // a swap is written whole (`5b<>5a`)
            Some((Displacement::Swap, _)) => return self,
            _ => {}
        }
        Move(self.0 & !(3 << DISPLACEMENT_SHIFT))
    }

    /// The move without its extra square and effect (a swap stays one: it is a move of
    /// its own, not a choice of where a captured piece goes).
    #[inline]
    pub const fn without_extra(self) -> Move {
        if self.is_swap() {
            return self;
        }
        Move(self.0 & !(3 << DISPLACEMENT_SHIFT) | NONE << EXTRA_SHIFT)
    }

    #[inline]
    pub const fn to(self) -> Square {
        Square::from_index_unchecked((self.0 & 127) as usize)
    }

    #[inline]
    pub const fn is_drop(self) -> bool {
        self.0 & DROP != 0
    }

    /// The origin of a board move; `None` for a drop.
    #[inline]
    pub const fn from(self) -> Option<Square> {
        if self.is_drop() {
            None
        } else {
            Some(Square::from_index_unchecked((self.0 >> 7 & 127) as usize))
        }
    }

    /// The dropped kind; `None` for a board move.
    #[inline]
    pub const fn drop_kind(self) -> Option<PieceKind> {
        if self.is_drop() {
            PieceKind::from_index((self.0 >> 7 & 127) as usize)
        } else {
            None
        }
    }

    #[inline]
    pub const fn is_promotion(self) -> bool {
        self.0 & PROMOTE != 0
    }

    /// The intermediate square of a two-step (where a Lion steps first, or the piece a
    /// hop captures).
    #[inline]
    pub const fn via(self) -> Option<Square> {
        Square::from_index((self.0 >> VIA_SHIFT & 127) as usize)
    }

    /// The rebirth / return / restore square chosen by this move, if any (a change of
    /// colour, [`Displacement::Turn`], has none: it is not written).
    #[inline]
    pub const fn extra(self) -> Option<Square> {
        match self.displacement() {
            Some((Displacement::Turn | Displacement::Swap, _)) => None,
            _ => self.raw_extra(),
        }
    }

    /// The extra square field as stored.
    #[inline]
    const fn raw_extra(self) -> Option<Square> {
        Square::from_index((self.0 >> EXTRA_SHIFT & 127) as usize)
    }

    /// The left-right mirror image (every square mirrored, file f ↔ 10 − f).
    pub fn mirror(self) -> Move {
        let base = match (self.from(), self.drop_kind(), self.via()) {
            (_, Some(kind), _) => Move::drop(kind, self.to().mirror()),
            (Some(from), None, Some(via)) => {
                let m = Move::two_step(from.mirror(), via.mirror(), self.to().mirror());
                if self.is_promotion() {
                    m.promoting()
                } else {
                    m
                }
            }
            (Some(from), None, None) => Move::normal(from.mirror(), self.to().mirror(), self.is_promotion()),
            (None, None, _) => self,
        };
        match (self.displacement(), self.extra()) {
            (Some((d, sq)), _) => base.with_displacement(d, sq.mirror()),
            (None, Some(extra)) => base.with_extra(extra.mirror()),
            (None, None) => base,
        }
    }

    /// The packed form (stable within one build; for tables, not for files).
    #[inline]
    pub const fn bits(self) -> u32 {
        self.0
    }

    /// USI text (cli.md): `7g7f`, `2b3c+`, `P*5e`, a Lion two-step `5e4d3c`, the
    /// `/square` suffix of a Circe-family capture, and a Messigny swap `5b<>5a`.
    pub fn to_usi(self) -> String {
        let mut s = String::with_capacity(8);
        if let (true, Some(from)) = (self.is_swap(), self.from()) {
            from.push_usi(&mut s);
            s.push_str("<>");
            self.to().push_usi(&mut s);
            return s;
        }
        match (self.from(), self.drop_kind()) {
            (_, Some(kind)) => {
                s.push_str(kind.sfen_name());
                s.push('*');
            }
            (Some(from), None) => {
                from.push_usi(&mut s);
                if let Some(via) = self.via() {
                    via.push_usi(&mut s);
                }
            }
            (None, None) => {}
        }
        self.to().push_usi(&mut s);
        if self.is_promotion() {
            s.push('+');
        }
        if let Some(extra) = self.extra() {
            s.push('/');
            extra.push_usi(&mut s);
        }
        s
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_usi())
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_usi())
    }
}
