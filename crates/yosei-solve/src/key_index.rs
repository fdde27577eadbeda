//! The visited set of help play: 128-bit position keys, each with a 32-bit value.
//!
//! One entry is one `u128`: the key's upper 96 bits and the value (plus one, so that an
//! empty slot is zero). Entries are split into 256 shards by the key's lowest 8 bits,
//! which are therefore implied by the shard; two keys share an entry only if 104 of
//! their bits agree (design.md, Exactness: at 4·10⁹ positions the chance of any such
//! pair is below 10⁻¹²). Each shard is an open-addressed table with linear probing
//! that grows by half when 80% full: a large search never needs twice its table at
//! once (one shard is rebuilt at a time), and ~16 bytes per slot is about a third of a
//! general hash map of (key, id). Large shards ask for transparent huge pages: every
//! lookup is a cache miss into gigabytes, and with 4 KiB pages it would be a TLB miss
//! too.

use std::alloc::{alloc, dealloc, handle_alloc_error, Layout};
use yosei_rules::Key;

const SHARD_BITS: u32 = 8;
const SHARDS: usize = 1 << SHARD_BITS;
/// The low 32 bits of an entry hold the value plus one.
const VALUE_MASK: u128 = u32::MAX as u128;

/// Keys and their values.
pub struct KeyIndex {
    shards: Vec<Shard>,
    len: usize,
}

/// Where a key is, or where it would go.
#[derive(Clone, Copy, Debug)]
pub enum Slot {
    Occupied(u32),
    /// Vacant: `insert_at` puts the key there, if nothing was inserted into the index
    /// since.
    Vacant {
        shard: u32,
        slot: u32,
    },
}

impl Default for KeyIndex {
    fn default() -> Self {
        KeyIndex::new()
    }
}

impl KeyIndex {
    pub fn new() -> KeyIndex {
        KeyIndex {
            shards: (0..SHARDS).map(|_| Shard::with_capacity(8)).collect(),
            len: 0,
        }
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Memory held by the tables.
    pub fn bytes(&self) -> usize {
        self.shards.iter().map(|s| s.slots.len() * 16).sum()
    }

    fn split(key: Key) -> (usize, u128) {
        ((key as usize) & (SHARDS - 1), key & !VALUE_MASK)
    }

    pub fn get(&self, key: Key) -> Option<u32> {
        match self.find(key) {
            Slot::Occupied(v) => Some(v),
            Slot::Vacant { .. } => None,
        }
    }

    /// The key's value, or the slot where it would be inserted.
    #[inline]
    pub fn find(&self, key: Key) -> Slot {
        let (s, stored) = KeyIndex::split(key);
        let shard = &self.shards[s];
        let slots = shard.slots.as_slice();
        let mut i = shard.home(stored);
        loop {
            let e = slots[i];
            if e == 0 {
                return Slot::Vacant {
                    shard: s as u32,
                    slot: i as u32,
                };
            }
            if e & !VALUE_MASK == stored {
                return Slot::Occupied((e & VALUE_MASK) as u32 - 1);
            }
            i += 1;
            if i == slots.len() {
                i = 0;
            }
        }
    }

    /// Asks the memory system for the key's home slot ahead of `find`.
    #[inline]
    pub fn prefetch(&self, key: Key) {
        let (s, stored) = KeyIndex::split(key);
        let shard = &self.shards[s];
        let i = shard.home(stored);
        #[cfg(target_arch = "x86_64")]
        // SAFETY: a prefetch is a hint; `i` is in bounds anyway.
        unsafe {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            _mm_prefetch::<_MM_HINT_T0>(shard.slots.as_slice().as_ptr().add(i) as *const i8);
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = i;
    }

    /// Inserts `key` (absent: `find` said `vacant`) with `value` (below `u32::MAX`).
    pub fn insert_at(&mut self, key: Key, value: u32, vacant: Slot) {
        assert!(value < u32::MAX, "key index values are below u32::MAX");
        let Slot::Vacant { shard, slot } = vacant else {
            panic!("insert_at needs a vacant slot");
        };
        let (s, stored) = KeyIndex::split(key);
        debug_assert_eq!(s, shard as usize);
        let entry = stored | (value as u128 + 1);
        let sh = &mut self.shards[s];
        sh.slots.as_mut_slice()[slot as usize] = entry;
        sh.len += 1;
        self.len += 1;
        if sh.len * 5 > sh.slots.len() * 4 {
            sh.grow();
        }
    }

    /// Inserts `key` with `value`, or gives the value it has.
    pub fn get_or_insert(&mut self, key: Key, value: u32) -> Option<u32> {
        match self.find(key) {
            Slot::Occupied(v) => Some(v),
            vacant => {
                self.insert_at(key, value, vacant);
                None
            }
        }
    }

    /// Rewrites every value.
    pub fn map_values(&mut self, mut f: impl FnMut(u32) -> u32) {
        for shard in &mut self.shards {
            for e in shard.slots.as_mut_slice() {
                if *e != 0 {
                    let v = f((*e & VALUE_MASK) as u32 - 1);
                    assert!(v < u32::MAX, "key index values are below u32::MAX");
                    *e = (*e & !VALUE_MASK) | (v as u128 + 1);
                }
            }
        }
    }

    /// Sets the value of a present key.
    pub fn set(&mut self, key: Key, value: u32) {
        assert!(value < u32::MAX, "key index values are below u32::MAX");
        let (s, stored) = KeyIndex::split(key);
        let shard = &mut self.shards[s];
        let mut i = shard.home(stored);
        let slots = shard.slots.as_mut_slice();
        loop {
            let e = slots[i];
            assert!(e != 0, "KeyIndex::set of an absent key");
            if e & !VALUE_MASK == stored {
                slots[i] = stored | (value as u128 + 1);
                return;
            }
            i += 1;
            if i == slots.len() {
                i = 0;
            }
        }
    }
}

struct Shard {
    slots: Slots,
    len: usize,
}

impl Shard {
    fn with_capacity(n: usize) -> Shard {
        Shard {
            slots: Slots::zeroed(n),
            len: 0,
        }
    }

    /// The first slot to probe: the key's upper 64 bits scaled to the table size
    /// (any size works, so tables grow by half rather than double).
    #[inline]
    fn home(&self, stored: u128) -> usize {
        (((stored >> 64) as u64 as u128 * self.slots.len() as u128) >> 64) as usize
    }

    fn grow(&mut self) {
        let bigger = Slots::zeroed(self.slots.len() * 3 / 2 + 8);
        let old = std::mem::replace(&mut self.slots, bigger);
        let n = self.slots.len();
        let slots = self.slots.as_mut_slice();
        for &e in old.as_slice() {
            if e != 0 {
                let mut i = (((e >> 64) as u64 as u128 * n as u128) >> 64) as usize;
                while slots[i] != 0 {
                    i += 1;
                    if i == n {
                        i = 0;
                    }
                }
                slots[i] = e;
            }
        }
    }
}

/// A zeroed array of entries; from 2 MiB up, aligned to and backed by huge pages
/// where the system offers them.
struct Slots {
    ptr: *mut u128,
    len: usize,
}

// SAFETY: `Slots` owns its allocation like a `Box<[u128]>`.
unsafe impl Send for Slots {}
unsafe impl Sync for Slots {}

const HUGE_PAGE: usize = 2 << 20;

impl Slots {
    fn layout(len: usize) -> Layout {
        let bytes = len * 16;
        let align = if bytes >= HUGE_PAGE { HUGE_PAGE } else { 16 };
        Layout::from_size_align(bytes.max(16), align).expect("key index layout")
    }

    fn zeroed(len: usize) -> Slots {
        let layout = Slots::layout(len);
        // SAFETY: the layout has a non-zero size; the memory is zeroed before use.
        let ptr = unsafe { alloc(layout) } as *mut u128;
        if ptr.is_null() {
            handle_alloc_error(layout);
        }
        #[cfg(target_os = "linux")]
        if layout.align() == HUGE_PAGE {
            // SAFETY: advice on memory this allocation owns; failure only loses the hint.
            unsafe {
                libc::madvise(ptr as *mut libc::c_void, layout.size(), libc::MADV_HUGEPAGE);
            }
        }
        // SAFETY: `ptr` holds `len` entries (the layout's size).
        unsafe { std::ptr::write_bytes(ptr, 0, len) };
        Slots { ptr, len }
    }

    fn len(&self) -> usize {
        self.len
    }

    fn as_slice(&self) -> &[u128] {
        // SAFETY: `ptr` holds `len` initialised entries.
        unsafe { std::slice::from_raw_parts(self.ptr, self.len) }
    }

    fn as_mut_slice(&mut self) -> &mut [u128] {
        // SAFETY: as `as_slice`, and `&mut self` is unique.
        unsafe { std::slice::from_raw_parts_mut(self.ptr, self.len) }
    }
}

impl Drop for Slots {
    fn drop(&mut self) {
        // SAFETY: allocated in `zeroed` with this layout.
        unsafe { dealloc(self.ptr as *mut u8, Slots::layout(self.len)) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(i: u64) -> Key {
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
    }

    #[test]
    fn keys_that_differ_only_in_implied_or_value_bits_are_told_apart_where_kept() {
        let mut index = KeyIndex::new();
        // Differ in the shard bits: different entries.
        index.get_or_insert(0x1234 << 64 | 1, 1);
        assert_eq!(index.get(0x1234 << 64 | 2), None);
        // Zero upper bits and value zero still make a non-empty entry.
        index.get_or_insert(0, 0);
        assert_eq!(index.get(0), Some(0));
    }
}
