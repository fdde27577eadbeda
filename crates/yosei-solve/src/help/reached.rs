//! What the depth-first search of help play (`deepen`) knows of the positions it has
//! met: the shallowest ply it met each at (the position's distance from the start is
//! at most that), and whether it was settled at that ply for the length being searched
//! and leads to a goal there.
//!
//! A table of a fixed size in buckets of four entries (a cache line); a new position
//! takes the place of the one met deepest (its subtree is the smallest). Forgetting
//! costs time only: a position the table does not know is expanded again (so a search
//! that needs a larger table starts a new, empty one between iterations: the key bits
//! that chose a bucket are not kept). Threads
//! share it without locks: an entry is two words, the key's upper 64 bits xor the data,
//! and the data; a torn entry fails that check and reads as absent, and every entry
//! written states a fact, so a lost update loses knowledge, never correctness. A key
//! is found by its bucket (its lower 64 bits) and its upper 64 bits: another key
//! passes for it about once in 2⁶² lookups (design.md, Exactness).

use crate::zeroed::{prefetch, Zeroed};
use std::sync::atomic::{AtomicU64, Ordering};
use yosei_rules::Key;

/// Entries in a bucket: two words each, a 64-byte cache line in all.
const ENTRIES: usize = 4;
const BUCKET_WORDS: usize = 2 * ENTRIES;

pub(super) struct Reached {
    words: Zeroed<u64>,
    buckets: usize,
}

/// What the table knows of a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Entry {
    /// The shallowest ply the position was met at (at least 1: a position met at ply 0
    /// is the start, which the visited set holds).
    pub(super) ply: u32,
    /// The length for which it was settled at `ply` (0: not settled).
    pub(super) settled_for: u32,
    /// Settled, it leads to a goal at that length.
    pub(super) leads: bool,
}

impl Entry {
    /// Never zero (an empty slot): the ply is not.
    fn pack(self) -> u64 {
        debug_assert!(self.ply > 0 && self.settled_for < 1 << 31);
        u64::from(self.ply) | u64::from(self.settled_for) << 32 | u64::from(self.leads) << 63
    }

    fn unpack(data: u64) -> Entry {
        Entry {
            ply: data as u32,
            settled_for: (data >> 32) as u32 & (u32::MAX >> 1),
            leads: data >> 63 == 1,
        }
    }
}

impl Reached {
    /// A table of about `bytes` (at least one bucket).
    pub(super) fn with_bytes(bytes: usize) -> Reached {
        let buckets = (bytes / (BUCKET_WORDS * 8)).max(1);
        Reached {
            words: Zeroed::new(buckets * BUCKET_WORDS),
            buckets,
        }
    }

    pub(super) fn bytes(&self) -> usize {
        self.words.len() * 8
    }

    fn bucket(&self, key: Key) -> &[AtomicU64] {
        let b = ((key as u64 as u128 * self.buckets as u128) >> 64) as usize;
        &self.words.as_atomic()[b * BUCKET_WORDS..(b + 1) * BUCKET_WORDS]
    }

    fn check(key: Key) -> u64 {
        (key >> 64) as u64
    }

    /// Asks the memory system for the key's bucket ahead of a lookup.
    #[inline]
    pub(super) fn prefetch(&self, key: Key) {
        prefetch(self.bucket(key).as_ptr());
    }

    /// The slot of `key` in its bucket and its entry, if there.
    fn find(&self, bucket: &[AtomicU64], key: Key) -> Option<(usize, Entry)> {
        (0..ENTRIES).find_map(|i| {
            let data = bucket[2 * i + 1].load(Ordering::Relaxed);
            let checked = bucket[2 * i].load(Ordering::Relaxed) ^ data;
            (data != 0 && checked == Reached::check(key)).then(|| (i, Entry::unpack(data)))
        })
    }

    pub(super) fn get(&self, key: Key) -> Option<Entry> {
        self.find(self.bucket(key), key).map(|(_, e)| e)
    }

    /// Writes `entry` for `key`: in its own slot, else an empty one, else the one of
    /// the position met deepest.
    fn put(&self, key: Key, entry: Entry) {
        let bucket = self.bucket(key);
        let slot = self.find(bucket, key).map(|(i, _)| i).unwrap_or_else(|| {
            (0..ENTRIES)
                .max_by_key(|&i| match bucket[2 * i + 1].load(Ordering::Relaxed) {
                    0 => u64::MAX,
                    data => u64::from(Entry::unpack(data).ply),
                })
                .expect("a bucket has entries")
        });
        let data = entry.pack();
        bucket[2 * slot].store(Reached::check(key) ^ data, Ordering::Relaxed);
        bucket[2 * slot + 1].store(data, Ordering::Relaxed);
    }

    /// The position of `key` is met at `ply`: known from now on if that is its shallowest.
    pub(super) fn reach(&self, key: Key, ply: u32) {
        if self.get(key).is_none_or(|e| e.ply > ply) {
            self.put(
                key,
                Entry {
                    ply,
                    settled_for: 0,
                    leads: false,
                },
            );
        }
    }

    /// The position of `key`, met at `ply`, was searched to `length`: whether it leads
    /// to a goal (kept unless it has been met at a shallower ply meanwhile).
    pub(super) fn settle(&self, key: Key, ply: u32, length: u32, leads: bool) {
        if self.get(key).is_none_or(|e| e.ply >= ply) {
            self.put(
                key,
                Entry {
                    ply,
                    settled_for: length,
                    leads,
                },
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::key_index::tests::key;

    #[test]
    fn keeps_the_shallowest_ply_and_what_was_settled_there() {
        let table = Reached::with_bytes(1 << 16);
        assert_eq!(table.get(key(1)), None);
        table.reach(key(1), 9);
        table.reach(key(1), 12);
        assert_eq!(table.get(key(1)).map(|e| e.ply), Some(9));
        table.settle(key(1), 9, 15, true);
        assert_eq!(
            table.get(key(1)),
            Some(Entry {
                ply: 9,
                settled_for: 15,
                leads: true
            })
        );
        // Met shallower: the settlement was for a deeper ply.
        table.reach(key(1), 7);
        assert_eq!(table.get(key(1)).map(|e| (e.ply, e.settled_for)), Some((7, 0)));
        // A settlement at a deeper ply is not kept.
        table.settle(key(1), 9, 17, false);
        assert_eq!(table.get(key(1)).map(|e| (e.ply, e.settled_for)), Some((7, 0)));
    }

    #[test]
    fn a_full_bucket_forgets_the_position_met_deepest() {
        // One bucket: every key shares it.
        let table = Reached::with_bytes(64);
        for (i, ply) in [(1, 5), (2, 9), (3, 2), (4, 7)] {
            table.reach(key(i), ply);
        }
        table.reach(key(5), 3);
        assert_eq!(table.get(key(2)), None);
        for (i, ply) in [(1, 5), (3, 2), (4, 7), (5, 3)] {
            assert_eq!(table.get(key(i)).map(|e| e.ply), Some(ply), "{i}");
        }
    }
}
