//! The visited set of help play, in one of two forms:
//! - `Exact` (`KeyIndex`): 96 key bits and a 32-bit value (a node id or a ply) in 16
//!   bytes per slot; grows with the search.
//! - `Compact` (`PlyIndex`): plies only, 10 bytes per slot in a table made once. The
//!   plies store moves to it when the exact set could not grow within `--hash`: the
//!   table then takes what memory is left and holds about twice as many positions.

use crate::key_index::KeyIndex;
use crate::ply_index::PlyIndex;
use yosei_rules::Key;

pub(super) enum Visited {
    Exact(KeyIndex),
    Compact(PlyIndex),
}

/// The plies the compact set holds: below 2¹⁴, leaving two bits of its 16-bit values
/// for the forward rebuild's flags.
pub(super) const COMPACT_PLIES: u32 = 1 << 14;

impl Visited {
    pub(super) fn len(&self) -> usize {
        match self {
            Visited::Exact(index) => index.len(),
            Visited::Compact(index) => index.len(),
        }
    }

    pub(super) fn bytes(&self) -> usize {
        match self {
            Visited::Exact(index) => index.bytes(),
            Visited::Compact(index) => index.bytes(),
        }
    }

    /// The compact set cannot take another position.
    pub(super) fn is_full(&self) -> bool {
        matches!(self, Visited::Compact(index) if index.is_full())
    }

    /// How many low bits a value may use (the forward rebuild's flags are the top two
    /// of them, plies below).
    pub(super) fn value_bits(&self) -> u32 {
        match self {
            Visited::Exact(_) => 31,
            Visited::Compact(_) => 16,
        }
    }

    pub(super) fn get(&self, key: Key) -> Option<u32> {
        match self {
            Visited::Exact(index) => index.get(key),
            Visited::Compact(index) => index.get(key).map(u32::from),
        }
    }

    #[inline]
    pub(super) fn get_or_insert_with(&self, key: Key, decide: impl FnOnce() -> Option<u32>) -> Option<u32> {
        match self {
            Visited::Exact(index) => index.get_or_insert_with(key, decide),
            Visited::Compact(index) => index
                .get_or_insert_with(key, || decide().map(compact_value))
                .map(u32::from),
        }
    }

    pub(super) fn get_or_insert(&self, key: Key, value: u32) -> Option<u32> {
        self.get_or_insert_with(key, || Some(value))
    }

    #[inline]
    pub(super) fn prefetch(&self, key: Key) {
        match self {
            Visited::Exact(index) => index.prefetch(key),
            Visited::Compact(index) => index.prefetch(key),
        }
    }

    pub(super) fn set(&self, key: Key, value: u32) {
        match self {
            Visited::Exact(index) => index.set(key, value),
            Visited::Compact(index) => index.set(key, compact_value(value)),
        }
    }

    /// Rewrites every value (the exact set: node ids become plies).
    pub(super) fn map_values(&mut self, f: impl FnMut(u32) -> u32) {
        match self {
            Visited::Exact(index) => index.map_values(f),
            Visited::Compact(_) => unreachable!("the compact set holds plies from the start"),
        }
    }

    /// Moves an exact set of plies into a compact table of about `bytes`, a shard at a
    /// time (never both in full).
    pub(super) fn compact(&mut self, bytes: usize) {
        let Visited::Exact(exact) = std::mem::replace(self, Visited::Exact(KeyIndex::new())) else {
            unreachable!("compacting the compact set");
        };
        let compact = PlyIndex::with_bytes(bytes);
        exact.drain(|key, ply| {
            compact.get_or_insert(key, compact_value(ply));
        });
        *self = Visited::Compact(compact);
    }
}

fn compact_value(value: u32) -> u16 {
    u16::try_from(value).expect("compact set values fit 16 bits")
}
