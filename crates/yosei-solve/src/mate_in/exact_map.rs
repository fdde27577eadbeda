//! A map from positions (with a small tag: the plies left) to values that never
//! mistakes one position for another: entries are found by the 128-bit Zobrist key,
//! and each keeps the position packed (`Position::pack_into`), compared byte for byte
//! before a value is given out. Two positions whose keys collide (never seen in
//! practice, but possible) are then only a lost entry, never a wrong answer: a lookup
//! that finds the other position answers "unknown", and a store replaces it.

use crate::key_hash::ZobristBuild;
use std::collections::HashMap;
use yosei_rules::{Key, Position};

/// Where an entry's packed position starts in the arena, and its value.
#[derive(Clone, Copy)]
struct Slot<T> {
    at: usize,
    value: T,
}

pub struct ExactMap<T: Copy> {
    slots: HashMap<(Key, u8), Slot<T>, ZobristBuild>,
    /// Every stored position packed, one after another.
    arena: Vec<u8>,
    /// The position asked about, packed (kept to spare an allocation per lookup).
    scratch: Vec<u8>,
}

impl<T: Copy> Default for ExactMap<T> {
    fn default() -> Self {
        ExactMap {
            slots: HashMap::default(),
            arena: Vec::new(),
            scratch: Vec::new(),
        }
    }
}

impl<T: Copy> ExactMap<T> {
    /// Packs `pos` into the scratch buffer.
    fn pack(&mut self, pos: &Position) {
        self.scratch.clear();
        pos.pack_into(&mut self.scratch);
    }

    /// Whether the entry at `at` holds the position in the scratch buffer. (A packed
    /// position's length follows from its first bytes, so equal bytes are equal
    /// lengths: a prefix of a longer entry never matches.)
    fn holds_scratch(&self, at: usize) -> bool {
        self.arena.get(at..at + self.scratch.len()) == Some(&self.scratch[..])
    }

    /// The value stored for `pos` with `tag`, if the entry is this very position.
    pub fn get(&mut self, pos: &Position, tag: u8) -> Option<T> {
        let slot = *self.slots.get(&(pos.key(), tag))?;
        self.pack(pos);
        self.holds_scratch(slot.at).then_some(slot.value)
    }

    /// Stores `value` for `pos` with `tag`: `update` gets what is known of this very
    /// position (`None` if nothing, or if the key's entry is another position, which
    /// the new one replaces).
    pub fn update(&mut self, pos: &Position, tag: u8, update: impl FnOnce(Option<T>) -> T) {
        self.pack(pos);
        let key = (pos.key(), tag);
        let known = match self.slots.get(&key) {
            Some(slot) if self.holds_scratch(slot.at) => Some(*slot),
            _ => None,
        };
        let at = match known {
            Some(slot) => slot.at,
            None => {
                let at = self.arena.len();
                self.arena.extend_from_slice(&self.scratch);
                at
            }
        };
        let value = update(known.map(|s| s.value));
        self.slots.insert(key, Slot { at, value });
    }

    pub fn insert(&mut self, pos: &Position, tag: u8, value: T) {
        self.update(pos, tag, |_| value);
    }

    /// About how many bytes the map holds (for `--hash`): the slots with the hash
    /// map's own overhead, and the packed positions.
    pub fn bytes(&self) -> usize {
        self.slots.capacity() * (std::mem::size_of::<((Key, u8), Slot<T>)>() + 1) + self.arena.capacity()
    }
}
