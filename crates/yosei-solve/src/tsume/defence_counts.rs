//! A cache of the defence counts of the defender's positions first looked at.
//!
//! A check's child is first looked at by generating its defences (`DefenceCount`): its
//! initial proof number. Only a proven look is stored in the table; an open one is
//! not, so every expansion of the parent looked again at each of its checks never
//! searched — on 寿, one first look in four repeated an earlier one. The count is a
//! property of the position alone (board, side to move and both hands: its full
//! key), so it is kept here, in a direct-mapped array of one word a slot.
//!
//! The cache serves search order only: a count read back is the initial proof number
//! of a child that is searched like any other, never a proof or a disproof, so a key
//! collision (64 bits of the key and the slot must agree) could change which move is
//! tried first, never an answer.

use yosei_rules::Key;

/// Slots at the start (8 KiB) and at most (1 MiB): the cache doubles, emptied, each time
/// it has taken twice as many counts as it has slots, so that the tanuki set's short
/// problems do not clear a megabyte each (1 MiB from the start cost them 19 % more
/// instructions).
const START_SLOTS: usize = 1 << 10;
const MAX_SLOTS: usize = 1 << 17;
/// The low bits of a slot hold the count (at most `DefenceCount::MOST`, 16), the rest
/// the key's upper bits.
const COUNT_BITS: u32 = 5;
const COUNT_MASK: u64 = (1 << COUNT_BITS) - 1;

pub(super) struct DefenceCounts {
    slots: Vec<u64>,
    /// Counts kept since the last growth.
    puts: usize,
}

impl DefenceCounts {
    pub fn new() -> DefenceCounts {
        DefenceCounts {
            slots: vec![0; START_SLOTS],
            puts: 0,
        }
    }

    /// The slot of `key` and the check its word holds above the count bits.
    #[inline]
    fn place(&self, key: Key) -> (usize, u64) {
        let check = ((key >> 64) as u64) & !COUNT_MASK;
        (key as usize & (self.slots.len() - 1), check)
    }

    /// The defence count kept for the position whose full key is `key`.
    #[inline]
    pub fn get(&self, key: Key) -> Option<u32> {
        let (i, check) = self.place(key);
        let word = self.slots[i];
        // (a count is never 0: a position without a defence is a mate, not kept)
        (word & !COUNT_MASK == check && word & COUNT_MASK != 0).then_some((word & COUNT_MASK) as u32)
    }

    /// Asks for the slot of `key` ahead of `get` (a 1 MiB array: most reads miss the
    /// caches).
    #[inline]
    pub fn prefetch(&self, key: Key) {
        crate::zeroed::prefetch(&self.slots[self.place(key).0]);
    }

    /// Keeps `count` (1 to 31) for the position whose full key is `key`, in place of
    /// whatever its slot held.
    #[inline]
    pub fn put(&mut self, key: Key, count: u32) {
        debug_assert!(count > 0 && u64::from(count) <= COUNT_MASK);
        self.puts += 1;
        if self.puts > 2 * self.slots.len() && self.slots.len() < MAX_SLOTS {
            self.slots = vec![0; 2 * self.slots.len()];
            self.puts = 0;
        }
        let (i, check) = self.place(key);
        self.slots[i] = check | u64::from(count);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_count_is_read_back_by_its_key_only() {
        let mut counts = DefenceCounts::new();
        let key: Key = 0x1234_5678_9abc_def0_0fed_cba9_8765_4321;
        assert_eq!(counts.get(key), None);
        counts.put(key, 7);
        assert_eq!(counts.get(key), Some(7));
        // the same slot, another key: not read as this one's, and it replaces it
        let other = key ^ (1u128 << 100);
        assert_eq!(counts.get(other), None);
        counts.put(other, 16);
        assert_eq!(counts.get(other), Some(16));
        assert_eq!(counts.get(key), None);
    }

    #[test]
    fn the_cache_grows_to_its_largest_and_keeps_working() {
        let mut counts = DefenceCounts::new();
        for i in 0..(8 * MAX_SLOTS as u128) {
            let key = i.wrapping_mul(0x9E37_79B9_7F4A_7C15_F39C_C060_5CED_C835);
            counts.put(key, 3);
            assert_eq!(counts.get(key), Some(3));
        }
        assert_eq!(counts.slots.len(), MAX_SLOTS);
    }
}
