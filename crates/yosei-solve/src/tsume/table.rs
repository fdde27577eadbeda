//! The transposition table of the direct-mate search.
//!
//! Positions are keyed by their board (`Position::board_key`, side to move included);
//! each entry keeps one attacker hand with what is known for it:
//! - a proof (`hi`): a mate of value at most `hi` for every hand that covers the entry's
//!   hand (the proof hand, 証明駒);
//! - a lower bound (`lo`): no mate of value below `lo` for every hand the entry's hand
//!   covers (the disproof hand, 反証駒); `NONE` means no mate at all;
//! - while unresolved, the proof and disproof numbers of the last search of that hand.
//!
//! Open addressing with linear probing: all entries of one board lie in the probe run
//! from its home slot. A full window replaces its least-searched entry; when the table
//! is two-thirds full and may grow no more, a collection removes the least-searched
//! half of the entries without a proof (`collect`).
//!
//! The upper 64 bits of the 128-bit key are stored and compared (the lower ones choose
//! the home slot): a different board passes for a stored one only if 64 stored bits
//! and the home agree — about 10⁻¹⁹ per lookup.

use super::hand::{HandCodec, PackedHand};
use super::mate_len::{MateLen, NONE};
use crate::zeroed::{Zeroable, Zeroed};
use yosei_rules::Key;

/// What an entry knows (its key's check is in a separate array, scanned eight to a
/// cache line).
#[derive(Clone, Copy)]
#[repr(C)]
struct Body {
    hand: PackedHand,
    pn: u32,
    dn: u32,
    hi: MateLen,
    lo: MateLen,
    /// Nodes searched below this entry, for replacement and collection.
    amount: u32,
    /// The key's lower 32 bits, which choose the home slot (kept to place the entry
    /// again when the table grows or is collected).
    low: u32,
}

// Integers only, no padding: all-zero bytes are a valid (unused) body.
impl Zeroable for Body {}

const SLOT_BYTES: usize = std::mem::size_of::<Body>() + std::mem::size_of::<u64>();
/// Slots of a new table (40 KiB). Kept small: the system clears a 2 MiB huge page whole
/// on its first write, and the tanuki set's short problems spent 6 % of their time there
/// with a 2.5 MiB start, 2 % clearing a 160 KiB start (the table grows as the search
/// fills it).
const START_LEN: usize = 1 << 10;
/// The size from which the table's arrays ask for huge pages. Faulting in a fresh huge
/// page cost more here than the TLB misses it saves until the table is large: 寿 in full
/// (arrays up to 128 MiB) 5.5 → 5.0 s without huge pages, ミクロコスモス's line (up to
/// 1 GiB) 107 → 113 s (one thread, 2026-11-29).
const HUGE_PAGES_FROM: usize = 256 << 20;
/// How far a probe run may reach before an entry is replaced.
const WINDOW: usize = 32;

/// What the table knows of a position with a given hand, for a given bound.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Known {
    /// A mate of value `value` (at most the bound); `hand` is the proof hand.
    Proven { value: MateLen, hand: PackedHand },
    /// No mate of value at most the bound (or none at all when `lo` is `NONE`); `hand`
    /// is the disproof hand.
    Disproven { lo: MateLen, hand: PackedHand },
    /// Not resolved: the numbers of the last search (or none), and the best lower
    /// bound known for this exact hand.
    Open { numbers: Option<(u32, u32)>, lo: MateLen },
}

pub struct Table {
    /// Each slot's check: the board key's upper half, never 0 (0 marks an empty slot).
    /// Mapped zeroed from the system, like `bodies`: pages are committed as the search
    /// writes them.
    checks: Zeroed<u64>,
    bodies: Zeroed<Body>,
    /// The most slots the table may grow to (`--hash`).
    max_len: usize,
    used: usize,
    /// Collections so far.
    pub collections: u64,
}

/// One of the table's arrays, for `len` slots: on huge pages when the whole table takes
/// `HUGE_PAGES_FROM` or more. (Asked of each array by its own size, the checks never
/// had them, 211 MiB at `--hash 1024`: each look-up then missed the TLB there, a walk
/// of the host's page tables as well on a virtual machine.)
fn table_array<T: Zeroable>(len: usize) -> Zeroed<T> {
    let huge_from = if len * SLOT_BYTES >= HUGE_PAGES_FROM {
        0
    } else {
        usize::MAX
    };
    Zeroed::with_huge_pages_from(len, huge_from)
}

#[inline]
fn split(key: Key) -> (u32, u64) {
    let check = (key >> 64) as u64;
    (key as u32, if check == 0 { 1 } else { check })
}

impl Table {
    /// A table that grows to about `bytes` bytes. It starts small: a short problem
    /// should not pay for clearing gigabytes.
    pub fn new(bytes: usize) -> Table {
        let max_len = (bytes / SLOT_BYTES).max(1024);
        let len = max_len.min(START_LEN);
        Table {
            checks: table_array(len),
            bodies: table_array(len),
            max_len,
            used: 0,
            collections: 0,
        }
    }

    #[inline]
    fn len(&self) -> usize {
        self.checks.len()
    }

    #[inline]
    fn home(&self, low: u32) -> usize {
        ((low as u64 * self.len() as u64) >> 32) as usize
    }

    #[inline]
    fn next(&self, i: usize) -> usize {
        if i + 1 == self.len() {
            0
        } else {
            i + 1
        }
    }

    /// Thousandths of the slots in use.
    pub fn permille(&self) -> u32 {
        (self.used as u64 * 1000 / self.len() as u64) as u32
    }

    /// Makes room when the table is two-thirds full (probe runs grow long past that):
    /// it doubles while it may, and is collected once it may not.
    pub fn make_room(&mut self) {
        if self.used * 3 <= self.len() * 2 {
            return;
        }
        if self.len() < self.max_len {
            let len = (self.len() * 2).min(self.max_len);
            let old_checks = std::mem::replace(&mut self.checks, table_array(len));
            let old_bodies = std::mem::replace(&mut self.bodies, table_array(len));
            for (&check, body) in old_checks.as_slice().iter().zip(old_bodies.as_slice()) {
                if check != 0 {
                    self.place(check, *body);
                }
            }
        } else {
            self.collect();
        }
    }

    /// Puts an entry in the first free slot of its run.
    fn place(&mut self, check: u64, body: Body) {
        let mut j = self.home(body.low);
        while self.checks.as_slice()[j] != 0 {
            j = self.next(j);
        }
        self.checks.as_mut_slice()[j] = check;
        self.bodies.as_mut_slice()[j] = body;
    }

    /// Asks the memory system for the start of `key`'s probe run ahead of a lookup.
    #[inline]
    pub fn prefetch(&self, key: Key) {
        let home = self.home(split(key).0);
        crate::zeroed::prefetch(self.checks.as_slice()[home..].as_ptr());
        crate::zeroed::prefetch(self.bodies.as_slice()[home..].as_ptr());
    }

    /// What is known of the board `key` with the attacker holding `hand`, for the
    /// question "a mate of value at most `bound`?".
    pub fn look_up(&self, codec: &HandCodec, key: Key, hand: PackedHand, bound: MateLen) -> Known {
        let (low, check) = split(key);
        let checks = self.checks.as_slice();
        let mut i = self.home(low);
        let mut numbers = None;
        let mut lo = 0;
        let mut proof: Option<(MateLen, PackedHand)> = None;
        for _ in 0..WINDOW {
            let c = checks[i];
            if c == 0 {
                break;
            }
            if c == check {
                let e = &self.bodies.as_slice()[i];
                if e.hi <= bound && codec.covers(hand, e.hand) && proof.is_none_or(|(v, _)| e.hi < v) {
                    proof = Some((e.hi, e.hand));
                }
                if e.lo > bound && codec.covers(e.hand, hand) {
                    return Known::Disproven { lo: e.lo, hand: e.hand };
                }
                if e.hand == hand {
                    if e.pn != 0 {
                        numbers = Some((e.pn, e.dn));
                    }
                    lo = lo.max(e.lo);
                }
            }
            i = self.next(i);
        }
        match proof {
            Some((value, hand)) => Known::Proven { value, hand },
            None => Known::Open { numbers, lo },
        }
    }

    /// The entry (key, hand), made if need be.
    fn slot(&mut self, key: Key, hand: PackedHand) -> &mut Body {
        let (low, check) = split(key);
        let mut i = self.home(low);
        let mut weakest = i;
        let mut chosen = None;
        for _ in 0..WINDOW {
            let c = self.checks.as_slice()[i];
            if c == 0 {
                self.used += 1;
                chosen = Some(i);
                break;
            }
            let e = &self.bodies.as_slice()[i];
            if c == check && e.hand == hand {
                return &mut self.bodies.as_mut_slice()[i];
            }
            if e.amount < self.bodies.as_slice()[weakest].amount {
                weakest = i;
            }
            i = self.next(i);
        }
        let i = chosen.unwrap_or(weakest);
        self.checks.as_mut_slice()[i] = check;
        self.bodies.as_mut_slice()[i] = Body {
            hand,
            pn: 0,
            dn: 0,
            hi: NONE,
            lo: 0,
            amount: 0,
            low,
        };
        &mut self.bodies.as_mut_slice()[i]
    }

    /// Records the numbers of an unresolved search.
    pub fn store_open(&mut self, key: Key, hand: PackedHand, pn: u32, dn: u32, amount: u32) {
        let e = self.slot(key, hand);
        e.pn = pn.max(1);
        e.dn = dn.max(1);
        e.amount = e.amount.saturating_add(amount);
    }

    /// Records a mate of value `value` for every hand covering `proof_hand`.
    pub fn store_proven(&mut self, key: Key, proof_hand: PackedHand, value: MateLen, amount: u32) {
        let e = self.slot(key, proof_hand);
        e.hi = e.hi.min(value);
        e.amount = e.amount.saturating_add(amount);
    }

    /// Records that no mate is worth less than `lo` for every hand `disproof_hand`
    /// covers (`lo = NONE`: no mate at all).
    pub fn store_disproven(&mut self, key: Key, disproof_hand: PackedHand, lo: MateLen, amount: u32) {
        let e = self.slot(key, disproof_hand);
        e.lo = e.lo.max(lo);
        e.amount = e.amount.saturating_add(amount);
    }

    /// Removes the least-searched half of the entries without a proof and packs the
    /// probe runs again. Proofs stay: the line is built by following them
    /// (`line::extend_by_proofs`), and a proof lost there is searched again under that
    /// line's path, where graph-history interaction can make it lead back into the
    /// line. (Collecting every kind of entry alike, ミクロコスモス at `--hash 1024`
    /// ended in "no proof to follow at ply 1" after its one collection; keeping the
    /// proofs, it solves in fewer nodes than with no collection at all.) Only when the
    /// table is still more than half full after that (proofs the greater part of the
    /// entries) does the least-searched half of every entry go as well.
    fn collect(&mut self) {
        self.collections += 1;
        self.remove_least_searched(|body| body.hi == NONE);
        if self.used * 2 > self.len() {
            self.remove_least_searched(|_| true);
        }
        self.repack();
    }

    /// Removes the entries that `among` selects and whose amount is at most their
    /// median, and halves the amount of every entry kept (older work counts for less
    /// than new work). Leaves holes in the probe runs: `repack` closes them.
    fn remove_least_searched(&mut self, among: impl Fn(&Body) -> bool) {
        let mut amounts: Vec<u32> = (0..self.len())
            .filter(|&i| self.checks.as_slice()[i] != 0 && among(&self.bodies.as_slice()[i]))
            .map(|i| self.bodies.as_slice()[i].amount)
            .collect();
        if amounts.is_empty() {
            return;
        }
        let middle = amounts.len() / 2;
        let (_, &mut threshold, _) = amounts.select_nth_unstable(middle);
        drop(amounts);
        let mut kept = 0;
        for i in 0..self.len() {
            if self.checks.as_slice()[i] == 0 {
                continue;
            }
            let body = &mut self.bodies.as_mut_slice()[i];
            if among(body) && body.amount <= threshold {
                self.checks.as_mut_slice()[i] = 0;
            } else {
                body.amount /= 2;
                kept += 1;
            }
        }
        self.used = kept;
    }

    /// Moves every entry back to the first free slot of its probe run: after removals,
    /// a run must not have holes before its entries. Starting after an empty slot and
    /// going once around, each entry lands at or before where it was.
    fn repack(&mut self) {
        let n = self.len();
        let Some(empty) = self.checks.as_slice().iter().position(|&c| c == 0) else {
            return;
        };
        let mut i = empty;
        for _ in 0..n {
            i = self.next(i);
            let check = self.checks.as_slice()[i];
            if check == 0 {
                continue;
            }
            self.checks.as_mut_slice()[i] = 0;
            let body = self.bodies.as_slice()[i];
            self.place(check, body);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tsume::mate_len::ANY;

    /// A key whose home slots spread over the table.
    fn key(i: u64) -> Key {
        let mixed = i.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        ((mixed as u128) << 64) | (mixed.rotate_left(17) as u128)
    }

    #[test]
    fn a_collection_keeps_the_proofs_and_the_most_searched_of_the_rest() {
        let mut table = Table::new(1024 * SLOT_BYTES);
        let codec = HandCodec::exact();
        let hand: PackedHand = 0;
        // a tenth proven, all with less work than any open entry
        for i in 0..600u64 {
            if i % 10 == 0 {
                table.store_proven(key(i), hand, 7, 1);
            } else {
                table.store_open(key(i), hand, 1, 1, 100 + i as u32);
            }
        }
        table.collect();
        assert_eq!(table.collections, 1);
        let (mut kept, mut gone) = (Vec::new(), Vec::new());
        for i in 0..600u64 {
            match table.look_up(&codec, key(i), hand, ANY) {
                Known::Proven { value, .. } => assert!(i % 10 == 0 && value == 7),
                Known::Open { numbers: Some(_), .. } => kept.push(i),
                Known::Open { numbers: None, .. } => gone.push(i),
                Known::Disproven { .. } => panic!("no disproof was stored"),
            }
        }
        // every proof stays; of the open entries, the least-searched half goes
        assert_eq!(kept.len() + gone.len(), 540);
        assert_eq!(kept.len(), 269);
        assert!(gone.iter().max() < kept.iter().min());
    }

    #[test]
    fn proofs_filling_the_table_are_collected_too() {
        let mut table = Table::new(1024 * SLOT_BYTES);
        let codec = HandCodec::exact();
        let hand: PackedHand = 0;
        for i in 0..600u64 {
            table.store_proven(key(i), hand, 7, 1 + i as u32);
        }
        table.collect();
        assert!(table.used * 2 <= table.len());
        let kept = (0..600u64)
            .filter(|&i| matches!(table.look_up(&codec, key(i), hand, ANY), Known::Proven { .. }))
            .count();
        assert_eq!(kept, table.used);
        // the most searched stay
        assert!(matches!(
            table.look_up(&codec, key(599), hand, ANY),
            Known::Proven { .. }
        ));
        assert!(!matches!(
            table.look_up(&codec, key(0), hand, ANY),
            Known::Proven { .. }
        ));
    }
}
