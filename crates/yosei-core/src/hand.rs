//! Pieces in hand (持駒) of one side.

use crate::PieceKind;

// `Hand::held_kinds` has a bit per kind.
const _: () = assert!(HAND_SLOTS <= 128);

/// Counts per kind. Only unpromoted, droppable kinds are ever non-zero.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Hand {
    /// By kind index; the slots past the last kind stay zero.
    counts: [u8; HAND_SLOTS],
}

/// The kinds rounded up to whole words of eight counts (`Hand::held_kinds`).
const HAND_SLOTS: usize = PieceKind::COUNT.div_ceil(8) * 8;

impl Default for Hand {
    fn default() -> Hand {
        Hand::EMPTY
    }
}

impl Hand {
    /// The largest count of one kind a hand may hold (keys are tabulated up to it).
    pub const MAX_COUNT: u8 = 63;

    pub const EMPTY: Hand = Hand {
        counts: [0; HAND_SLOTS],
    };

    #[inline]
    pub const fn count(&self, kind: PieceKind) -> u8 {
        self.counts[kind.index()]
    }

    #[inline]
    pub fn has(&self, kind: PieceKind) -> bool {
        self.counts[kind.index()] != 0
    }

    /// Sets a count. The caller keeps to hand kinds and `MAX_COUNT`; `Position`
    /// validation reports violations in a `Setup`.
    #[inline]
    pub fn set(&mut self, kind: PieceKind, n: u8) {
        self.counts[kind.index()] = n;
    }

    #[inline]
    pub fn add(&mut self, kind: PieceKind) {
        self.counts[kind.index()] += 1;
    }

    #[inline]
    pub fn remove(&mut self, kind: PieceKind) {
        self.counts[kind.index()] -= 1;
    }

    pub fn is_empty(&self) -> bool {
        // (eight counts at a time: byte by byte cost ~50 instructions a call)
        self.counts
            .chunks_exact(8)
            .all(|chunk| u64::from_le_bytes(chunk.try_into().expect("eight counts")) == 0)
    }

    /// Whether any of the seven ordinary hand kinds (歩 香 桂 銀 金 角 飛, the first
    /// eight counts with the king's, which stays zero) is held: one word read.
    #[inline]
    pub fn holds_ordinary(&self) -> bool {
        const _: () = assert!(PieceKind::Rook.index() < 8 && PieceKind::Pawn.index() == 0);
        let first: [u8; 8] = self.counts[..8].try_into().expect("eight counts");
        u64::from_le_bytes(first) != 0
    }

    /// Total number of pieces held.
    pub fn total(&self) -> u32 {
        self.counts.iter().map(|&n| n as u32).sum()
    }

    /// `(kind, count)` for every kind held, in kind order.
    pub fn iter(&self) -> impl Iterator<Item = (PieceKind, u8)> + '_ {
        let mut held = self.held_kinds();
        std::iter::from_fn(move || {
            if held == 0 {
                return None;
            }
            let i = held.trailing_zeros() as usize;
            held &= held - 1;
            Some((PieceKind::ALL[i], self.counts[i]))
        })
    }

    /// One bit per kind held, by kind index. The counts are read eight at a time:
    /// most kinds are never held, and the direct-mate search asks for a key without
    /// the hands (which walks them) at every node.
    fn held_kinds(&self) -> u128 {
        const LOW_SEVEN: u64 = 0x7f7f_7f7f_7f7f_7f7f;
        let word = |i: usize| u64::from_le_bytes(self.counts[i * 8..i * 8 + 8].try_into().expect("eight counts"));
        // (the fairy kinds' counts, all zero in most problems, told zero at once)
        let words = HAND_SLOTS / 8;
        let fairy = (1..words).fold(0, |any, i| any | word(i)) != 0;
        let mut held = 0u128;
        for i in 0..if fairy { words } else { 1 } {
            let word = word(i);
            // the top bit of each byte that is not zero
            let mut nonzero = ((word & LOW_SEVEN).wrapping_add(LOW_SEVEN) | word) & !LOW_SEVEN;
            while nonzero != 0 {
                let byte = nonzero.trailing_zeros() as usize / 8;
                held |= 1 << (i * 8 + byte);
                nonzero &= nonzero - 1;
            }
        }
        held
    }
}

#[cfg(test)]
mod tests {
    use super::Hand;
    use crate::PieceKind;

    #[test]
    fn iter_gives_every_kind_held_in_kind_order() {
        // every count from 0 to 63 at every kind, in a few interleavings (a count with
        // its top bit set would be 128 or more, which no hand holds)
        for step in [1, 3, 7, 11] {
            let mut hand = Hand::EMPTY;
            let mut expected = Vec::new();
            for (i, &kind) in PieceKind::ALL.iter().enumerate() {
                let n = ((i * step) % (Hand::MAX_COUNT as usize + 1)) as u8;
                hand.set(kind, n);
                if n != 0 {
                    expected.push((kind, n));
                }
            }
            assert_eq!(hand.iter().collect::<Vec<_>>(), expected);
        }
        assert_eq!(Hand::EMPTY.iter().count(), 0);
        let mut last_only = Hand::EMPTY;
        let last = PieceKind::ALL[PieceKind::COUNT - 1];
        last_only.set(last, 1);
        assert_eq!(last_only.iter().collect::<Vec<_>>(), vec![(last, 1)]);
    }
}
