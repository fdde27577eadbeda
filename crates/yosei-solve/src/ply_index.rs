//! The compact visited set of help play: 128-bit position keys, each with a 16-bit
//! value (a ply), in 10 bytes per slot and a table that never grows.
//!
//! `KeyIndex` keeps 96 key bits so that its shards can grow; this table is made once,
//! as large as the memory allows, and so can leave out the bits its slot number
//! implies. A key's lowest 8 bits choose the shard, bits 32 to 63 its home slot in the
//! shard, and the upper 64 bits are stored (one `u64` array, the values in a `u16`
//! array beside it). Linear probing: a lookup compares the stored bits of the few
//! keys from the home slot to the first empty one, whose homes are near the key's, so
//! a different key passes for this one only if its 64 stored bits agree and it is in
//! that run: at 1.5·10⁹ keys in 2·10⁹ slots and 10¹⁰ lookups, a chance below 10⁻⁸
//! (design.md, Exactness). Bits 8 to 31 are not used: `KeyIndex::drain` does not
//! keep them.
//!
//! Slots are filled to 90% at most (a lookup that misses then reads ~50 slots, six
//! cache lines in a row); past that the table says it is full and the search stops
//! at its memory limit.

use crate::zeroed::{prefetch, Zeroed};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Mutex, MutexGuard};
use yosei_rules::Key;

const SHARD_BITS: u32 = 8;
const SHARDS: usize = 1 << SHARD_BITS;
/// Bytes per slot: the stored key bits and the value.
pub const SLOT_BYTES: usize = 10;

pub struct PlyIndex {
    shards: Box<[ShardCell]>,
    slots_per_shard: usize,
    len: AtomicUsize,
    /// A shard reached its greatest load.
    full: AtomicBool,
}

/// A shard and, readable without its lock, where its stored key bits are (for
/// prefetching; the table never moves).
struct ShardCell {
    shard: Mutex<Shard>,
    stored: *const u64,
}

// SAFETY: `stored` is only used for prefetch hints; the data is behind the mutex.
unsafe impl Send for ShardCell {}
unsafe impl Sync for ShardCell {}

struct Shard {
    /// The key's upper 64 bits, never zero (zero marks an empty slot).
    stored: Zeroed<u64>,
    values: Zeroed<u16>,
    len: usize,
}

impl PlyIndex {
    /// A table of about `bytes`.
    pub fn with_bytes(bytes: usize) -> PlyIndex {
        let slots_per_shard = slots_per_shard(bytes);
        let shards = (0..SHARDS)
            .map(|_| {
                let shard = Shard {
                    stored: Zeroed::new(slots_per_shard),
                    values: Zeroed::new(slots_per_shard),
                    len: 0,
                };
                ShardCell {
                    stored: shard.stored.as_ptr(),
                    shard: Mutex::new(shard),
                }
            })
            .collect();
        PlyIndex {
            shards,
            slots_per_shard,
            len: AtomicUsize::new(0),
            full: AtomicBool::new(false),
        }
    }

    pub fn len(&self) -> usize {
        self.len.load(Ordering::Relaxed)
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The memory of the table.
    pub fn bytes(&self) -> usize {
        self.slots_per_shard * SHARDS * SLOT_BYTES
    }

    /// Keys it can hold.
    pub fn capacity(&self) -> usize {
        self.most_per_shard() * SHARDS
    }

    /// Keys a table of about `bytes` can hold.
    pub fn capacity_of(bytes: usize) -> usize {
        most_in(slots_per_shard(bytes)) * SHARDS
    }

    fn most_per_shard(&self) -> usize {
        most_in(self.slots_per_shard)
    }

    /// A shard is as full as it may be: the search must stop.
    pub fn is_full(&self) -> bool {
        self.full.load(Ordering::Relaxed)
    }

    /// The key's shard, home slot and stored bits.
    #[inline]
    fn split(&self, key: Key) -> (usize, usize, u64) {
        let shard = (key as usize) & (SHARDS - 1);
        let home = (((key >> 32) as u32 as u64 * self.slots_per_shard as u64) >> 32) as usize;
        let stored = ((key >> 64) as u64).max(1);
        (shard, home, stored)
    }

    fn lock(&self, shard: usize) -> MutexGuard<'_, Shard> {
        // A panic elsewhere cannot leave a shard half-written: a slot's stored bits are
        // written after its value.
        self.shards[shard]
            .shard
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    pub fn get(&self, key: Key) -> Option<u16> {
        let (s, home, stored) = self.split(key);
        let shard = self.lock(s);
        probe(shard.stored.as_slice(), home, stored)
            .ok()
            .map(|i| shard.values.as_slice()[i])
    }

    /// The value of `key`, if present; if absent, `decide` is asked (under the shard's
    /// lock) and the key is inserted with the value it gives, if any and if the shard
    /// has room (if not, the table is full from now on).
    #[inline]
    pub fn get_or_insert_with(&self, key: Key, decide: impl FnOnce() -> Option<u16>) -> Option<u16> {
        let (s, home, stored) = self.split(key);
        let mut shard = self.lock(s);
        match probe(shard.stored.as_slice(), home, stored) {
            Ok(i) => Some(shard.values.as_slice()[i]),
            Err(slot) => {
                if let Some(value) = decide() {
                    if shard.len < self.most_per_shard() {
                        shard.insert_at(slot, stored, value);
                        self.len.fetch_add(1, Ordering::Relaxed);
                    } else {
                        self.full.store(true, Ordering::Relaxed);
                    }
                }
                None
            }
        }
    }

    /// Inserts `key` with `value`, or gives the value it has.
    pub fn get_or_insert(&self, key: Key, value: u16) -> Option<u16> {
        self.get_or_insert_with(key, || Some(value))
    }

    /// Asks the memory system for the key's home slot ahead of a lookup.
    #[inline]
    pub fn prefetch(&self, key: Key) {
        let (s, home, _) = self.split(key);
        // (The address is computed without dereferencing: `wrapping_add`.)
        prefetch(self.shards[s].stored.wrapping_add(home));
    }

    /// Sets the value of a present key.
    pub fn set(&self, key: Key, value: u16) {
        let (s, home, stored) = self.split(key);
        let mut shard = self.lock(s);
        let Ok(i) = probe(shard.stored.as_slice(), home, stored) else {
            panic!("PlyIndex::set of an absent key");
        };
        shard.values.as_mut_slice()[i] = value;
    }
}

fn slots_per_shard(bytes: usize) -> usize {
    (bytes / (SHARDS * SLOT_BYTES)).max(64)
}

/// The keys a shard of `slots` may hold: 90% (module docs).
fn most_in(slots: usize) -> usize {
    slots * 9 / 10
}

impl Shard {
    fn insert_at(&mut self, slot: usize, stored: u64, value: u16) {
        self.values.as_mut_slice()[slot] = value;
        self.stored.as_mut_slice()[slot] = stored;
        self.len += 1;
    }
}

/// Where `stored` is (`Ok`), or the empty slot where its linear probe from `home` ends.
#[inline]
fn probe(slots: &[u64], home: usize, stored: u64) -> Result<usize, usize> {
    let mut i = home;
    loop {
        let e = slots[i];
        if e == stored {
            return Ok(i);
        }
        if e == 0 {
            return Err(i);
        }
        i += 1;
        if i == slots.len() {
            i = 0;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::key_index::tests::key;

    #[test]
    fn inserts_finds_and_rewrites() {
        let index = PlyIndex::with_bytes(8 << 20);
        assert!(index.bytes() <= 8 << 20 && index.capacity() > 700_000);
        assert_eq!(index.capacity(), PlyIndex::capacity_of(8 << 20));
        for i in 0..300_000u64 {
            assert_eq!(index.get_or_insert(key(i), i as u16), None);
        }
        assert_eq!(index.len(), 300_000);
        for i in 0..300_000u64 {
            assert_eq!(index.get(key(i)), Some(i as u16));
            assert_eq!(index.get_or_insert(key(i), 7), Some(i as u16));
        }
        assert_eq!(index.get(key(300_001)), None);
        index.set(key(10), 99);
        assert_eq!(index.get(key(10)), Some(99));
        assert!(!index.is_full());
    }

    #[test]
    fn zero_upper_bits_and_unkept_bits() {
        let index = PlyIndex::with_bytes(1 << 20);
        // Upper bits zero still make a non-empty slot.
        index.get_or_insert(5, 3);
        assert_eq!(index.get(5), Some(3));
        // Bits 8 to 31 are not used; the shard bits are.
        assert_eq!(index.get(5 | 0xabcd00), Some(3));
        assert_eq!(index.get(6), None);
    }

    #[test]
    fn a_full_table_says_so_and_keeps_what_it_has() {
        let index = PlyIndex::with_bytes(0);
        // Keys of shard 0 only.
        let key = |i| key(i) & !0xff;
        let mut i = 0u64;
        while !index.is_full() {
            index.get_or_insert(key(i), 1);
            i += 1;
        }
        // One shard refused a key: it is at its greatest load, the others below.
        assert!(index.len() < index.capacity() && index.len() + 1 == i as usize);
        let found = (0..i).filter(|&j| index.get(key(j)) == Some(1)).count();
        assert_eq!(found, index.len());
    }
}
