//! The compact visited set of help play: 128-bit position keys, each with a small
//! value (a ply, or its band), in a table that never grows, in one of two layouts
//! ([`Layout`]): 10 bytes a slot (64 stored key bits, a 16-bit value) or 8 (56 stored
//! key bits, an 8-bit value).
//!
//! `KeyIndex` keeps 96 key bits so that its shards can grow; this table is made once,
//! as large as the memory allows, and so can leave out the bits its slot number
//! implies. A key's lowest 8 bits choose the shard, bits 32 to 63 its home slot in the
//! shard, and the upper bits are stored. Linear probing: a lookup compares the stored
//! bits of the few keys from the home slot to the first empty one, whose homes are
//! near the key's, so a different key passes for this one only if its stored bits
//! agree and it is in that run. At 2·10⁹ keys and 2·10¹⁰ lookups reading ten slots
//! each on average, the chance that this happens at all in a search is about 10⁻⁸ with
//! 64 stored bits and 3·10⁻⁶ with 56 — below the rate of memory errors in a computer
//! working that long (design.md, Exactness). Bits 8 to 31 are not used:
//! `KeyIndex::drain` does not keep them.
//!
//! Slots are filled to 90% at most (a lookup that misses then reads ~50 slots, six
//! cache lines in a row); past that the table says it is full and the search stops
//! at its memory limit.

use crate::saved_file::{SaveReader, SaveWriter};
use crate::zeroed::{prefetch, Zeroed};
use std::io;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Mutex, MutexGuard};
use yosei_rules::Key;

const SHARD_BITS: u32 = 8;
const SHARDS: usize = 1 << SHARD_BITS;

/// How a slot keeps its key and value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// The key's upper 64 bits in a `u64` array, a 16-bit value in a `u16` array beside
    /// it: 10 bytes. Plies below 2¹⁴ and the forward rebuild's two flags.
    Wide,
    /// The key's upper 56 bits and an 8-bit value in one `u64`: 8 bytes, a quarter more
    /// positions in the same memory. For searches rebuilt backwards, whose check of a
    /// ply is satisfied by its band of 64 plies (`help::visited`).
    Dense,
}

impl Layout {
    pub fn slot_bytes(self) -> usize {
        match self {
            Layout::Wide => 10,
            Layout::Dense => 8,
        }
    }

    /// Where the stored key bits start in a slot's `u64`.
    fn tag_shift(self) -> u32 {
        match self {
            Layout::Wide => 0,
            Layout::Dense => 8,
        }
    }
}

pub struct PlyIndex {
    shards: Box<[ShardCell]>,
    layout: Layout,
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
    /// The stored key bits (never zero: zero marks an empty slot), shifted by
    /// `Layout::tag_shift` (the value in the bits below, `Layout::Dense`).
    stored: Zeroed<u64>,
    /// The values (`Layout::Wide`; empty otherwise).
    values: Zeroed<u16>,
    len: usize,
}

impl PlyIndex {
    /// A table of about `bytes`.
    pub fn with_bytes(bytes: usize, layout: Layout) -> PlyIndex {
        let slots_per_shard = slots_per_shard(bytes, layout);
        let shards = (0..SHARDS)
            .map(|_| {
                let shard = Shard {
                    stored: Zeroed::new(slots_per_shard),
                    values: Zeroed::new(if layout == Layout::Wide { slots_per_shard } else { 0 }),
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
            layout,
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
        self.slots_per_shard * SHARDS * self.layout.slot_bytes()
    }

    pub fn layout(&self) -> Layout {
        self.layout
    }

    /// Keys it can hold.
    pub fn capacity(&self) -> usize {
        self.most_per_shard() * SHARDS
    }

    /// Keys a table of about `bytes` can hold.
    pub fn capacity_of(bytes: usize, layout: Layout) -> usize {
        most_in(slots_per_shard(bytes, layout)) * SHARDS
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
        let stored = ((key >> (64 + self.layout.tag_shift())) as u64).max(1);
        (shard, home, stored)
    }

    /// The value in slot `i` of `shard`.
    fn value_at(&self, shard: &Shard, i: usize) -> u16 {
        match self.layout {
            Layout::Wide => shard.values.as_slice()[i],
            Layout::Dense => (shard.stored.as_slice()[i] & 0xff) as u16,
        }
    }

    fn probe(&self, shard: &Shard, home: usize, stored: u64) -> Result<usize, usize> {
        probe(shard.stored.as_slice(), home, stored, self.layout.tag_shift())
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
        self.probe(&shard, home, stored).ok().map(|i| self.value_at(&shard, i))
    }

    /// The value of `key`, if present; if absent, `decide` is asked (under the shard's
    /// lock) and the key is inserted with the value it gives, if any and if the shard
    /// has room (if not, the table is full from now on).
    #[inline]
    pub fn get_or_insert_with(&self, key: Key, decide: impl FnOnce() -> Option<u16>) -> Option<u16> {
        let (s, home, stored) = self.split(key);
        let mut shard = self.lock(s);
        match self.probe(&shard, home, stored) {
            Ok(i) => Some(self.value_at(&shard, i)),
            Err(slot) => {
                if let Some(value) = decide() {
                    if shard.len < self.most_per_shard() {
                        shard.insert_at(slot, stored, value, self.layout);
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
        let Ok(i) = self.probe(&shard, home, stored) else {
            panic!("PlyIndex::set of an absent key");
        };
        match self.layout {
            Layout::Wide => shard.values.as_mut_slice()[i] = value,
            Layout::Dense => {
                let slot = &mut shard.stored.as_mut_slice()[i];
                *slot = *slot & !0xff | dense_value(value);
            }
        }
    }
}

impl PlyIndex {
    /// Writes the table into a saved search's file (`help::saved`).
    pub(crate) fn save(&self, out: &mut SaveWriter) -> io::Result<()> {
        out.u64(matches!(self.layout, Layout::Dense) as u64)?;
        out.u64(self.slots_per_shard as u64)?;
        for s in 0..SHARDS {
            let shard = self.lock(s);
            out.u64(shard.len as u64)?;
            out.array(shard.stored.as_slice())?;
            out.array(shard.values.as_slice())?;
        }
        Ok(())
    }

    /// Reads a table written by [`PlyIndex::save`].
    pub(crate) fn load(input: &mut SaveReader) -> io::Result<PlyIndex> {
        let layout = if input.count(1)? == 1 {
            Layout::Dense
        } else {
            Layout::Wide
        };
        let slots_per_shard = input.count(1 << 40)?;
        let mut index = PlyIndex::with_bytes(slots_per_shard * SHARDS * layout.slot_bytes(), layout);
        if index.slots_per_shard != slots_per_shard {
            return Err(input.damaged("a table of an impossible size"));
        }
        let most = index.most_per_shard();
        let mut total = 0;
        for cell in index.shards.iter_mut() {
            let shard = cell.shard.get_mut().unwrap_or_else(|poisoned| poisoned.into_inner());
            shard.len = input.count(most as u64)?;
            input.array_into(shard.stored.as_mut_slice())?;
            input.array_into(shard.values.as_mut_slice())?;
            total += shard.len;
            if shard.len == most {
                index.full.store(true, Ordering::Relaxed);
            }
        }
        index.len.store(total, Ordering::Relaxed);
        Ok(index)
    }
}

/// An 8-bit value of the dense layout.
fn dense_value(value: u16) -> u64 {
    debug_assert!(value < 256, "dense values have 8 bits");
    u64::from(value & 0xff)
}

fn slots_per_shard(bytes: usize, layout: Layout) -> usize {
    (bytes / (SHARDS * layout.slot_bytes())).max(64)
}

/// The keys a shard of `slots` may hold: 90% (module docs).
fn most_in(slots: usize) -> usize {
    slots * 9 / 10
}

impl Shard {
    fn insert_at(&mut self, slot: usize, stored: u64, value: u16, layout: Layout) {
        self.stored.as_mut_slice()[slot] = match layout {
            Layout::Wide => {
                self.values.as_mut_slice()[slot] = value;
                stored
            }
            Layout::Dense => stored << 8 | dense_value(value),
        };
        self.len += 1;
    }
}

/// Where `stored` is (`Ok`; compared with each slot shifted right by `shift`), or the
/// empty slot where its linear probe from `home` ends.
#[inline]
fn probe(slots: &[u64], home: usize, stored: u64, shift: u32) -> Result<usize, usize> {
    let mut i = home;
    loop {
        let e = slots[i];
        if e >> shift == stored {
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

    const LAYOUTS: [Layout; 2] = [Layout::Wide, Layout::Dense];

    #[test]
    fn inserts_finds_and_rewrites() {
        for layout in LAYOUTS {
            let index = PlyIndex::with_bytes(8 << 20, layout);
            assert!(index.bytes() <= 8 << 20 && index.capacity() > 700_000);
            assert_eq!(index.capacity(), PlyIndex::capacity_of(8 << 20, layout));
            let value = |i: u64| (i % 251) as u16;
            for i in 0..300_000u64 {
                assert_eq!(index.get_or_insert(key(i), value(i)), None);
            }
            assert_eq!(index.len(), 300_000);
            for i in 0..300_000u64 {
                assert_eq!(index.get(key(i)), Some(value(i)), "{layout:?}");
                assert_eq!(index.get_or_insert(key(i), 7), Some(value(i)));
            }
            assert_eq!(index.get(key(300_001)), None);
            index.set(key(10), 99);
            assert_eq!(index.get(key(10)), Some(99));
            assert_eq!(index.get(key(11)), Some(value(11)));
            assert!(!index.is_full());
        }
    }

    #[test]
    fn a_saved_table_is_read_back_whole() {
        use crate::saved_file::{read_file, write_file};
        let path = std::env::temp_dir().join(format!("yosei-ply-index-save-{}", std::process::id()));
        for layout in LAYOUTS {
            let index = PlyIndex::with_bytes(1 << 20, layout);
            for i in 0..50_000u64 {
                index.get_or_insert(key(i), (i % 200) as u16);
            }
            write_file(&path, |out| index.save(out)).unwrap();
            let read = read_file(&path, PlyIndex::load).unwrap();
            assert_eq!(
                (read.len(), read.capacity(), read.layout()),
                (50_000, index.capacity(), layout)
            );
            for i in 0..60_000u64 {
                assert_eq!(read.get(key(i)), index.get(key(i)), "{layout:?} {i}");
            }
        }
        std::fs::remove_file(&path).unwrap();
    }

    #[test]
    fn the_dense_layout_holds_a_quarter_more() {
        let bytes = 64 << 20;
        let ratio =
            PlyIndex::capacity_of(bytes, Layout::Dense) as f64 / PlyIndex::capacity_of(bytes, Layout::Wide) as f64;
        assert!((ratio - 1.25).abs() < 0.001, "{ratio}");
    }

    #[test]
    fn zero_upper_bits_and_unkept_bits() {
        for layout in LAYOUTS {
            let index = PlyIndex::with_bytes(1 << 20, layout);
            // Upper bits zero still make a non-empty slot, value 0 too.
            index.get_or_insert(5, 0);
            assert_eq!(index.get(5), Some(0));
            // Bits 8 to 31 are not used; the shard bits are.
            assert_eq!(index.get(5 | 0xabcd00), Some(0));
            assert_eq!(index.get(6), None);
        }
    }

    #[test]
    fn a_full_table_says_so_and_keeps_what_it_has() {
        for layout in LAYOUTS {
            let index = PlyIndex::with_bytes(0, layout);
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
}
