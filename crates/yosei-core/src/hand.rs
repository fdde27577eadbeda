//! Pieces in hand (持駒) of one side.

use crate::PieceKind;

/// Counts per kind. Only unpromoted, droppable kinds are ever non-zero.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Hand {
    counts: [u8; PieceKind::COUNT],
}

impl Default for Hand {
    fn default() -> Hand {
        Hand::EMPTY
    }
}

impl Hand {
    /// The largest count of one kind a hand may hold (keys are tabulated up to it).
    pub const MAX_COUNT: u8 = 63;

    pub const EMPTY: Hand = Hand {
        counts: [0; PieceKind::COUNT],
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
        self.counts.iter().all(|&n| n == 0)
    }

    /// Total number of pieces held.
    pub fn total(&self) -> u32 {
        self.counts.iter().map(|&n| n as u32).sum()
    }

    /// `(kind, count)` for every kind held, in kind order.
    pub fn iter(&self) -> impl Iterator<Item = (PieceKind, u8)> + '_ {
        PieceKind::ALL
            .iter()
            .zip(self.counts.iter())
            .filter(|(_, &n)| n != 0)
            .map(|(&k, &n)| (k, n))
    }
}
