//! The attacker's hand packed into one `u64`, so that the table can compare hands
//! (hand superiority, 優等局面) with a few integer operations.
//!
//! Every kind that can be held in the problem gets a field wide enough for the number
//! of such pieces in play, plus a guard bit above it: `a ⊇ b` (at least as many of
//! every kind) is then one subtraction, `((a | G) - b) & G == G`, the guards `G`
//! catching a borrow from any field.
//!
//! Pieces never leave play (captures go to a hand or back to the board), so the board
//! and the attacker's hand determine the defender's hand: the table keys positions by
//! their board and keeps the attacker's hand in the entry.

use yosei_core::{Color, Hand, PieceKind, Square};
use yosei_rules::Position;

/// An attacker's hand, packed by a [`HandCodec`].
pub type PackedHand = u64;

#[derive(Clone, Copy, Debug)]
struct Field {
    kind: PieceKind,
    shift: u32,
    /// Bits of the count (the guard bit is the next one up).
    width: u32,
}

#[derive(Clone, Debug)]
pub struct HandCodec {
    fields: Vec<Field>,
    guards: u64,
    /// Where each kind's field is (`None`: no such piece can be held).
    field_of: [Option<u8>; PieceKind::COUNT],
    /// Too many kinds for 64 bits: a hand packs to a hash of its counts, and hands
    /// compare only for equality (no superiority).
    exact: bool,
}

impl HandCodec {
    /// The codec for the pieces of `start` (on the board, unpromoted, and in both
    /// hands), or `None` when their fields do not fit in 64 bits.
    pub fn for_position(start: &Position) -> Option<HandCodec> {
        let mut total = [0u32; PieceKind::COUNT];
        for sq in Square::all() {
            if let Some(p) = start.piece_at(sq) {
                if let Some(kind) = p.kind.hand_kind() {
                    total[kind.index()] += 1;
                }
            }
        }
        for color in [Color::Black, Color::White] {
            for (kind, n) in start.hand(color).iter() {
                total[kind.index()] += n as u32;
            }
        }
        let mut fields = Vec::new();
        let mut field_of = [None; PieceKind::COUNT];
        let mut shift = 0;
        let mut guards = 0u64;
        for kind in PieceKind::HAND_KINDS {
            let n = total[kind.index()];
            if n == 0 {
                continue;
            }
            let width = 32 - n.leading_zeros();
            if shift + width + 1 > 64 {
                return None;
            }
            field_of[kind.index()] = Some(fields.len() as u8);
            fields.push(Field { kind, shift, width });
            guards |= 1 << (shift + width);
            shift += width + 1;
        }
        Some(HandCodec {
            fields,
            guards,
            field_of,
            exact: false,
        })
    }

    /// A codec that tells hands apart without comparing them (hashes of the counts), for
    /// piece sets too rich for [`HandCodec::for_position`].
    pub fn exact() -> HandCodec {
        HandCodec {
            fields: Vec::new(),
            guards: 0,
            field_of: [None; PieceKind::COUNT],
            exact: true,
        }
    }

    pub fn pack(&self, hand: &Hand) -> PackedHand {
        if self.exact {
            // FNV-1a over the counts: distinct hands of one search collide with
            // odds near 2⁻⁶⁴.
            return PieceKind::HAND_KINDS.iter().fold(0xcbf2_9ce4_8422_2325, |h, &k| {
                (h ^ hand.count(k) as u64).wrapping_mul(0x0100_0000_01b3)
            });
        }
        self.fields
            .iter()
            .fold(0, |acc, f| acc | (hand.count(f.kind) as u64) << f.shift)
    }

    /// Whether `a` holds at least as many pieces of every kind as `b`.
    #[inline]
    pub fn covers(&self, a: PackedHand, b: PackedHand) -> bool {
        if self.exact {
            return a == b;
        }
        ((a | self.guards) - b) & self.guards == self.guards
    }

    /// `a` with every kind it holds raised to the most the field holds, the others at
    /// none: the hands that differ from `a` only in how many of its kinds they hold.
    pub fn raise_held(&self, a: PackedHand) -> PackedHand {
        self.fields.iter().enumerate().fold(0, |acc, (i, f)| {
            if self.count(a, i) > 0 {
                acc | ((1u64 << f.width) - 1) << f.shift
            } else {
                acc
            }
        })
    }

    /// `a` with one more piece of `kind` (as many as the field holds at most).
    #[inline]
    pub fn plus(&self, a: PackedHand, kind: PieceKind) -> PackedHand {
        match self.field_of[kind.index()] {
            Some(i) if self.count(a, i as usize) < (1 << self.fields[i as usize].width) - 1 => {
                a + (1 << self.fields[i as usize].shift)
            }
            _ => a,
        }
    }

    /// `a` with one piece of `kind` fewer, if it has one.
    #[inline]
    pub fn minus(&self, a: PackedHand, kind: PieceKind) -> PackedHand {
        match self.field_of[kind.index()] {
            Some(i) if self.count(a, i as usize) > 0 => a - (1 << self.fields[i as usize].shift),
            _ => a,
        }
    }

    #[inline]
    fn count(&self, a: PackedHand, field: usize) -> u64 {
        let f = self.fields[field];
        (a >> f.shift) & ((1 << f.width) - 1)
    }

    /// The per-kind maximum of `a` and `b`.
    pub fn max(&self, a: PackedHand, b: PackedHand) -> PackedHand {
        (0..self.fields.len()).fold(0, |acc, i| {
            acc | self.count(a, i).max(self.count(b, i)) << self.fields[i].shift
        })
    }

    /// The per-kind minimum of `a` and `b`.
    pub fn min(&self, a: PackedHand, b: PackedHand) -> PackedHand {
        (0..self.fields.len()).fold(0, |acc, i| {
            acc | self.count(a, i).min(self.count(b, i)) << self.fields[i].shift
        })
    }

    /// `a` with every kind that `defender` does not hold raised to `attacker`'s count:
    /// with fewer of those pieces the attacker would leave some to the defender, who
    /// could then drop them (the interposition rule of proof hands).
    pub fn with_kinds_defender_lacks(&self, a: PackedHand, attacker: PackedHand, defender: &Hand) -> PackedHand {
        self.fields.iter().enumerate().fold(a, |acc, (i, f)| {
            if defender.has(f.kind) {
                acc
            } else {
                let mask = ((1u64 << f.width) - 1) << f.shift;
                (acc & !mask) | (self.count(acc, i).max(self.count(attacker, i)) << f.shift)
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn codec() -> HandCodec {
        HandCodec::for_position(&Position::startpos()).unwrap()
    }

    fn hand(pairs: &[(PieceKind, u8)]) -> Hand {
        let mut h = Hand::EMPTY;
        for &(k, n) in pairs {
            h.set(k, n);
        }
        h
    }

    #[test]
    fn covers_compares_every_kind() {
        let c = codec();
        let a = c.pack(&hand(&[(PieceKind::Pawn, 18), (PieceKind::Gold, 2)]));
        let b = c.pack(&hand(&[(PieceKind::Pawn, 3), (PieceKind::Gold, 2)]));
        let d = c.pack(&hand(&[(PieceKind::Rook, 1)]));
        assert!(c.covers(a, b));
        assert!(!c.covers(b, a));
        assert!(c.covers(a, a));
        assert!(!c.covers(a, d));
        assert!(c.covers(a, 0));
    }

    #[test]
    fn arithmetic_stays_within_fields() {
        let c = codec();
        let a = c.pack(&hand(&[(PieceKind::Rook, 2), (PieceKind::Pawn, 1)]));
        let b = c.pack(&hand(&[(PieceKind::Bishop, 1), (PieceKind::Pawn, 5)]));
        assert_eq!(
            c.max(a, b),
            c.pack(&hand(&[
                (PieceKind::Rook, 2),
                (PieceKind::Bishop, 1),
                (PieceKind::Pawn, 5)
            ]))
        );
        assert_eq!(c.min(a, b), c.pack(&hand(&[(PieceKind::Pawn, 1)])));
        assert_eq!(c.minus(a, PieceKind::Gold), a);
        assert_eq!(c.plus(c.minus(a, PieceKind::Rook), PieceKind::Rook), a);
        let defender = hand(&[(PieceKind::Pawn, 3)]);
        let raised = c.with_kinds_defender_lacks(0, a, &defender);
        assert_eq!(raised, c.pack(&hand(&[(PieceKind::Rook, 2)])));
    }
}
