//! The visited set of help play: 128-bit position keys, each with a 32-bit value.
//!
//! One entry is one `u128`: the key's upper 96 bits and the value (plus one, so that an
//! empty slot is zero). Entries are split into 256 shards by the key's lowest 8 bits,
//! which are therefore implied by the shard; two keys share an entry only if 104 of
//! their bits agree (design.md, Exactness: at 4·10⁹ positions the chance of any such
//! pair is below 10⁻¹²). Each shard is an open-addressed table with linear probing
//! that grows by half when 80% full: a large search never needs twice its table at
//! once (one shard is rebuilt at a time), and ~16 bytes per slot is about a third of a
//! general hash map of (key, id). Large shards ask for transparent huge pages
//! (`zeroed`). When even this is too much, help play moves to `ply_index`.

use crate::saved_file::{SaveReader, SaveWriter};
use crate::zeroed::{bytes_of_mut, prefetch, Zeroed};
use std::io;
use std::sync::atomic::{AtomicPtr, AtomicUsize, Ordering};
use std::sync::{Mutex, MutexGuard};
use yosei_rules::Key;

const SHARD_BITS: u32 = 8;
const SHARDS: usize = 1 << SHARD_BITS;
/// The low 32 bits of an entry hold the value plus one.
const VALUE_MASK: u128 = u32::MAX as u128;

/// Keys and their values. Shared by the threads of a search: each shard has its own
/// lock (two threads meet on one shard once in 256 lookups).
pub struct KeyIndex {
    shards: Box<[ShardCell]>,
    len: AtomicUsize,
}

/// A shard and, readable without its lock, where its slots are (for prefetching: a
/// stale address read during a resize only makes a useless prefetch).
struct ShardCell {
    shard: Mutex<Shard>,
    slots: AtomicPtr<u128>,
    size: AtomicUsize,
}

impl Default for KeyIndex {
    fn default() -> Self {
        KeyIndex::new()
    }
}

impl KeyIndex {
    pub fn new() -> KeyIndex {
        KeyIndex::with_bytes(0)
    }

    /// An empty index of about `bytes` (at least the smallest), whose shards grow from
    /// there: a set that will be large is not grown from nothing.
    pub fn with_bytes(bytes: usize) -> KeyIndex {
        let slots_per_shard = (bytes / 16 / SHARDS).max(8);
        let shards = (0..SHARDS)
            .map(|_| {
                let shard = Shard::with_capacity(slots_per_shard);
                ShardCell {
                    slots: AtomicPtr::new(shard.slots.as_ptr()),
                    size: AtomicUsize::new(shard.slots.len()),
                    shard: Mutex::new(shard),
                }
            })
            .collect();
        KeyIndex {
            shards,
            len: AtomicUsize::new(0),
        }
    }

    pub fn len(&self) -> usize {
        self.len.load(Ordering::Relaxed)
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Memory held by the tables.
    pub fn bytes(&self) -> usize {
        self.shards.iter().map(|s| s.size.load(Ordering::Relaxed) * 16).sum()
    }

    fn split(key: Key) -> (usize, u128) {
        ((key as usize) & (SHARDS - 1), key & !VALUE_MASK)
    }

    fn lock(&self, shard: usize) -> MutexGuard<'_, Shard> {
        // A panic elsewhere cannot leave a shard half-written: entries are single stores.
        self.shards[shard]
            .shard
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    pub fn get(&self, key: Key) -> Option<u32> {
        let (s, stored) = KeyIndex::split(key);
        let shard = self.lock(s);
        let slots = shard.slots.as_slice();
        probe(slots, stored).ok().map(|i| value_of(slots[i]))
    }

    /// The value of `key`, if present; if absent, `decide` is asked (under the shard's
    /// lock, so that no other thread inserts the key meanwhile) and the key is inserted
    /// with the value it gives, if any.
    #[inline]
    pub fn get_or_insert_with(&self, key: Key, decide: impl FnOnce() -> Option<u32>) -> Option<u32> {
        let (s, stored) = KeyIndex::split(key);
        let mut shard = self.lock(s);
        match probe(shard.slots.as_slice(), stored) {
            Ok(i) => Some(value_of(shard.slots.as_slice()[i])),
            Err(slot) => {
                if let Some(value) = decide() {
                    shard.insert_at(slot, stored, value);
                    self.len.fetch_add(1, Ordering::Relaxed);
                    if shard.len * 5 > shard.slots.len() * 4 {
                        shard.grow();
                        let cell = &self.shards[s];
                        cell.slots.store(shard.slots.as_ptr(), Ordering::Relaxed);
                        cell.size.store(shard.slots.len(), Ordering::Relaxed);
                    }
                }
                None
            }
        }
    }

    /// Inserts `key` with `value` (below `u32::MAX`), or gives the value it has.
    pub fn get_or_insert(&self, key: Key, value: u32) -> Option<u32> {
        self.get_or_insert_with(key, || Some(value))
    }

    /// Asks the memory system for the key's home slot ahead of a lookup.
    #[inline]
    pub fn prefetch(&self, key: Key) {
        let (s, stored) = KeyIndex::split(key);
        let cell = &self.shards[s];
        let size = cell.size.load(Ordering::Relaxed);
        let i = home(stored, size);
        // (The address is computed without dereferencing: `wrapping_add`.)
        prefetch(cell.slots.load(Ordering::Relaxed).wrapping_add(i));
    }

    /// Rewrites every value.
    pub fn map_values(&mut self, mut f: impl FnMut(u32) -> u32) {
        for cell in self.shards.iter_mut() {
            let shard = cell.shard.get_mut().unwrap_or_else(|poisoned| poisoned.into_inner());
            for e in shard.slots.as_mut_slice() {
                if *e != 0 {
                    *e = entry(*e & !VALUE_MASK, f(value_of(*e)));
                }
            }
        }
    }

    /// Hands every key and value to `f`, a shard at a time, each shard freed once given
    /// (moving to another table never holds both in full). The key's bits 8 to 31 are
    /// not kept: keys come back with them zero.
    pub fn drain(self, mut f: impl FnMut(Key, u32)) {
        self.drain_shards(|_, entries| {
            for &(key, value) in entries.iter() {
                f(key, value);
            }
        });
    }

    /// As `drain`, each shard's keys and values at once, with the shard's number (in
    /// increasing order; the shard is a key's lowest 8 bits).
    pub fn drain_shards(self, mut f: impl FnMut(usize, &mut Vec<(Key, u32)>)) {
        let mut entries = Vec::new();
        for (s, cell) in self.shards.into_vec().into_iter().enumerate() {
            let shard = cell.shard.into_inner().unwrap_or_else(|poisoned| poisoned.into_inner());
            entries.clear();
            entries.extend(
                shard
                    .slots
                    .as_slice()
                    .iter()
                    .filter(|&&e| e != 0)
                    .map(|&e| (e & !VALUE_MASK | s as u128, value_of(e))),
            );
            drop(shard);
            f(s, &mut entries);
        }
    }

    /// Hands every value to `f`, a shard at a time.
    fn for_each_value(&self, mut f: impl FnMut(u32)) {
        for s in 0..SHARDS {
            let shard = self.lock(s);
            for &e in shard.slots.as_slice().iter().filter(|&&e| e != 0) {
                f(value_of(e));
            }
        }
    }

    /// How many values satisfy `f`.
    pub fn count_values(&self, mut f: impl FnMut(u32) -> bool) -> usize {
        let mut n = 0;
        self.for_each_value(|v| n += usize::from(f(v)));
        n
    }

    /// The least value `v` such that at most `most` values are `v` or more (values
    /// being plies: where the newest plies holding at most `most` positions begin).
    pub fn start_of_newest(&self, most: usize) -> u32 {
        let mut counts: Vec<usize> = Vec::new();
        self.for_each_value(|v| {
            let v = v as usize;
            if v >= counts.len() {
                counts.resize(v + 1, 0);
            }
            counts[v] += 1;
        });
        let mut newest = 0;
        let mut start = counts.len();
        while start > 0 && newest + counts[start - 1] <= most {
            newest += counts[start - 1];
            start -= 1;
        }
        start as u32
    }

    /// Sets the value of a present key.
    pub fn set(&self, key: Key, value: u32) {
        let (s, stored) = KeyIndex::split(key);
        let mut shard = self.lock(s);
        let Ok(i) = probe(shard.slots.as_slice(), stored) else {
            panic!("KeyIndex::set of an absent key");
        };
        shard.slots.as_mut_slice()[i] = entry(stored, value);
    }
}

impl KeyIndex {
    /// Writes the index into a saved search's file (`help::saved`).
    pub(crate) fn save(&self, out: &mut SaveWriter) -> io::Result<()> {
        for s in 0..SHARDS {
            let shard = self.lock(s);
            out.u64(shard.len as u64)?;
            out.array(shard.slots.as_slice())?;
        }
        Ok(())
    }

    /// Reads an index written by [`KeyIndex::save`].
    pub(crate) fn load(input: &mut SaveReader) -> io::Result<KeyIndex> {
        let mut total = 0;
        let mut shards = Vec::with_capacity(SHARDS);
        for _ in 0..SHARDS {
            let len = input.count(u64::MAX)?;
            let size = input.count(1 << 40)?;
            if len >= size {
                return Err(input.damaged("a shard fuller than its table"));
            }
            let mut shard = Shard::with_capacity(size);
            input.bytes(bytes_of_mut(shard.slots.as_mut_slice()))?;
            shard.len = len;
            total += len;
            shards.push(ShardCell {
                slots: AtomicPtr::new(shard.slots.as_ptr()),
                size: AtomicUsize::new(size),
                shard: Mutex::new(shard),
            });
        }
        Ok(KeyIndex {
            shards: shards.into_boxed_slice(),
            len: AtomicUsize::new(total),
        })
    }
}

/// The entry of a key's stored bits and a value.
fn entry(stored: u128, value: u32) -> u128 {
    assert!(value < u32::MAX, "key index values are below u32::MAX");
    stored | (value as u128 + 1)
}

/// The value of a non-empty entry.
fn value_of(e: u128) -> u32 {
    (e & VALUE_MASK) as u32 - 1
}

/// Where `stored` is in `slots` (`Ok`), or the empty slot where its linear probe ends.
#[inline]
fn probe(slots: &[u128], stored: u128) -> Result<usize, usize> {
    let mut i = home(stored, slots.len());
    loop {
        let e = slots[i];
        if e == 0 {
            return Err(i);
        }
        if e & !VALUE_MASK == stored {
            return Ok(i);
        }
        i += 1;
        if i == slots.len() {
            i = 0;
        }
    }
}

/// The first slot to probe: the key's upper 64 bits scaled to the table size (any size
/// works, so tables grow by half rather than double).
#[inline]
fn home(stored: u128, size: usize) -> usize {
    (((stored >> 64) as u64 as u128 * size as u128) >> 64) as usize
}

struct Shard {
    slots: Zeroed<u128>,
    len: usize,
}

impl Shard {
    fn with_capacity(n: usize) -> Shard {
        Shard {
            slots: Zeroed::new(n),
            len: 0,
        }
    }

    fn insert_at(&mut self, slot: usize, stored: u128, value: u32) {
        self.slots.as_mut_slice()[slot] = entry(stored, value);
        self.len += 1;
    }

    fn grow(&mut self) {
        let bigger = Zeroed::new(self.slots.len() * 3 / 2 + 8);
        let old = std::mem::replace(&mut self.slots, bigger);
        let slots = self.slots.as_mut_slice();
        for &e in old.as_slice() {
            if e != 0 {
                // Keys are unique: the probe ends at an empty slot.
                let Err(i) = probe(slots, e & !VALUE_MASK) else {
                    unreachable!("a key twice in one shard");
                };
                slots[i] = e;
            }
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// Distinct, well-spread keys.
    pub(crate) fn key(i: u64) -> Key {
        let a = i.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let b = (i ^ 0xdead_beef).wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
        (a as u128) << 64 | b as u128
    }

    #[test]
    fn inserts_finds_and_rewrites_through_growth() {
        let mut index = KeyIndex::new();
        for i in 0..200_000u64 {
            assert_eq!(index.get_or_insert(key(i), i as u32), None);
        }
        assert_eq!(index.len(), 200_000);
        for i in 0..200_000u64 {
            assert_eq!(index.get(key(i)), Some(i as u32));
            assert_eq!(index.get_or_insert(key(i), 7), Some(i as u32));
        }
        assert_eq!(index.get(key(200_001)), None);
        index.map_values(|v| v / 2);
        index.set(key(10), 99);
        assert_eq!(index.get(key(10)), Some(99));
        assert_eq!(index.get(key(11)), Some(5));
        // Drained: every key (bits 8 to 31 zero) once, with its value.
        let by_kept_bits: std::collections::HashMap<Key, u64> =
            (0..200_000u64).map(|i| (key(i) & !0xffff_ff00, i)).collect();
        let mut drained = 0;
        index.drain(|k, v| {
            drained += 1;
            let i = by_kept_bits[&k];
            assert_eq!(v, if i == 10 { 99 } else { i as u32 / 2 });
        });
        assert_eq!(drained, 200_000);
    }

    #[test]
    fn keys_that_differ_only_in_implied_or_value_bits_are_told_apart_where_kept() {
        let index = KeyIndex::new();
        // Differ in the shard bits: different entries.
        index.get_or_insert(0x1234 << 64 | 1, 1);
        assert_eq!(index.get(0x1234 << 64 | 2), None);
        // Zero upper bits and value zero still make a non-empty entry.
        index.get_or_insert(0, 0);
        assert_eq!(index.get(0), Some(0));
    }

    #[test]
    fn a_saved_index_is_read_back_whole() {
        use crate::saved_file::{read_file, write_file};
        let path = std::env::temp_dir().join(format!("yosei-key-index-save-{}", std::process::id()));
        let index = KeyIndex::new();
        for i in 0..50_000u64 {
            index.get_or_insert(key(i), i as u32 * 3);
        }
        write_file(&path, |out| index.save(out)).unwrap();
        let read = read_file(&path, KeyIndex::load).unwrap();
        assert_eq!((read.len(), read.bytes()), (50_000, index.bytes()));
        for i in 0..60_000u64 {
            assert_eq!(read.get(key(i)), index.get(key(i)), "{i}");
        }
        // It grows on from there.
        for i in 50_000..100_000u64 {
            assert_eq!(read.get_or_insert(key(i), 1), None);
        }
        assert_eq!(
            (read.len(), read.get(key(99_999)), read.get(key(7))),
            (100_000, Some(1), Some(21))
        );
        std::fs::remove_file(&path).unwrap();
    }

    #[test]
    fn two_threads_insert_each_key_once() {
        let index = KeyIndex::new();
        let inserted: Vec<usize> = std::thread::scope(|scope| {
            let workers: Vec<_> = (0..2u64)
                .map(|t| {
                    let index = &index;
                    // Overlapping ranges: 0..150k and 50k..200k.
                    scope.spawn(move || {
                        (t * 50_000..t * 50_000 + 150_000)
                            .filter(|&i| index.get_or_insert(key(i), i as u32).is_none())
                            .count()
                    })
                })
                .collect();
            workers.into_iter().map(|w| w.join().unwrap()).collect()
        });
        assert_eq!(inserted.iter().sum::<usize>(), 200_000);
        assert_eq!(index.len(), 200_000);
        for i in 0..200_000u64 {
            assert_eq!(index.get(key(i)), Some(i as u32));
        }
    }
}
