//! The visited set of help play, in one of three forms:
//! - `Exact` (`KeyIndex`): 96 key bits and a 32-bit value (a node id or a ply) in 16
//!   bytes per slot; grows with the search.
//! - `Compact` (`PlyIndex`): plies only, in a table made once. The plies store moves to
//!   it when the exact set could not grow within `--hash`: the table then takes what
//!   memory is left and holds about twice as many positions (`Layout::Wide`, 10 bytes a
//!   slot), or two and a half times as many (`Layout::Dense`, 8 bytes) where the
//!   solutions are rebuilt backwards: there a position keeps only its ply's band of 64
//!   plies, and the rebuild asks only whether a position may be at a ply
//!   ([`Visited::may_be_at`]).
//! - `Spilled` (`--spill-dir`, where the solutions are rebuilt backwards): the compact
//!   table, made smaller to leave room, is frozen when it is nearly full; new positions
//!   go to an exact set again, which is written to disk whenever it could not grow and
//!   starts again (`SpilledSet`: 2.25 bytes a position stay in memory). A new position
//!   that may be on disk is held back by the pass and looked up there at its end
//!   ([`Visited::held_back`]). Positions met again are mostly recent or old enough to be
//!   in the frozen table: the disk is read for the others only.

use crate::key_index::KeyIndex;
use crate::ply_index::{Layout, PlyIndex};
use crate::saved_file::{read_file, write_file};
use crate::spilled_set::SpilledSet;
use std::io;
use std::path::Path;
use yosei_rules::Key;

pub(super) enum Visited {
    Exact(KeyIndex),
    Compact(PlyIndex),
    Spilled {
        /// The compact table, frozen when nearly full (none where the budget was too
        /// small for a table that held clearly more than the exact set).
        frozen: Option<PlyIndex>,
        recent: KeyIndex,
        disk: SpilledSet,
    },
}

/// The plies the compact set holds: below 2¹⁴, leaving two bits of its 16-bit values
/// for the forward rebuild's flags (and 256 bands of 64 plies in 8-bit values).
pub(super) const COMPACT_PLIES: u32 = 1 << 14;
/// Plies in a band of the dense layout: `COMPACT_PLIES` in 8 bits.
const BAND_PLIES: u32 = COMPACT_PLIES >> 8;

impl Visited {
    pub(super) fn len(&self) -> usize {
        match self {
            Visited::Exact(index) => index.len(),
            Visited::Compact(index) => index.len(),
            Visited::Spilled { frozen, recent, disk } => {
                frozen.as_ref().map_or(0, PlyIndex::len) + recent.len() + disk.len()
            }
        }
    }

    /// Positions on disk.
    pub(super) fn on_disk(&self) -> usize {
        match self {
            Visited::Spilled { disk, .. } => disk.len(),
            _ => 0,
        }
    }

    /// Memory held.
    pub(super) fn bytes(&self) -> usize {
        match self {
            Visited::Exact(index) => index.bytes(),
            Visited::Compact(index) => index.bytes(),
            Visited::Spilled { frozen, recent, disk } => {
                frozen.as_ref().map_or(0, PlyIndex::bytes) + recent.bytes() + disk.bytes()
            }
        }
    }

    /// The exact set in memory, if the set has one.
    pub(super) fn exact(&self) -> Option<&KeyIndex> {
        match self {
            Visited::Exact(index) | Visited::Spilled { recent: index, .. } => Some(index),
            Visited::Compact(_) => None,
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
            Visited::Compact(index) => {
                assert!(index.layout() == Layout::Wide, "the dense set keeps no exact plies");
                16
            }
            Visited::Spilled { .. } => unreachable!("only a backward rebuild reads the spilled set"),
        }
    }

    /// Whether the position of `key` is in the set and may have been first reached at
    /// `ply`: its ply is `ply`, or (the dense layout) in the same band of 64. A position
    /// let through by its band is in fact reached later; a backward rebuild that takes it
    /// finds no line from the start through it (its band runs out first) and drops it.
    pub(super) fn may_be_at(&self, key: Key, ply: u32) -> io::Result<bool> {
        Ok(match self {
            Visited::Compact(index) if index.layout() == Layout::Dense => {
                index.get(key).map(u32::from) == Some(ply / BAND_PLIES)
            }
            Visited::Spilled { frozen, recent, disk } => match in_frozen(frozen, key) {
                Some(band) => u32::from(band) == ply / BAND_PLIES,
                None => match recent.get(key) {
                    Some(at) => at == ply,
                    None => disk.get(key)? == Some(ply),
                },
            },
            _ => self.get(key) == Some(ply),
        })
    }

    /// Whether the position of `key` is in the set at a ply below `ply`: first reached
    /// sooner. Where the set does not tell (the dense layout's band of plies is
    /// `ply`'s; the spilled set's disk, which is not read), no.
    pub(super) fn reached_before(&self, key: Key, ply: u32) -> bool {
        let band_before = |band: u16| u32::from(band) < ply / BAND_PLIES;
        match self {
            Visited::Exact(index) => index.get(key).is_some_and(|at| at < ply),
            Visited::Compact(index) => index.get(key).is_some_and(|value| match index.layout() {
                Layout::Wide => u32::from(value) < ply,
                Layout::Dense => band_before(value),
            }),
            Visited::Spilled { frozen, recent, .. } => match in_frozen(frozen, key) {
                Some(band) => band_before(band),
                None => recent.get(key).is_some_and(|at| at < ply),
            },
        }
    }

    /// Why a search cannot go on to `ply` with this set, if it cannot: the compact
    /// table holds plies below `COMPACT_PLIES` (the spilled set's frozen one holds
    /// older plies only).
    pub(super) fn cannot_hold(&self, ply: u32) -> Option<String> {
        (matches!(self, Visited::Compact(_)) && ply + 2 >= COMPACT_PLIES).then(|| {
            format!("the compact visited set holds plies below {COMPACT_PLIES} (a larger --hash keeps the exact one)")
        })
    }

    /// The value of `key` in memory (the spilled set's disk is not read; its frozen
    /// table gives a band of plies).
    pub(super) fn get(&self, key: Key) -> Option<u32> {
        match self {
            Visited::Exact(index) => index.get(key),
            Visited::Compact(index) => index.get(key).map(u32::from),
            Visited::Spilled { frozen, recent, .. } => {
                in_frozen(frozen, key).map(u32::from).or_else(|| recent.get(key))
            }
        }
    }

    /// Whether a new position must be held back until the end of the pass, because it
    /// may be on disk (`Spilled`): it is neither indexed nor expanded until
    /// [`Visited::settle_held_back`] has looked.
    #[inline]
    pub(super) fn held_back(&self, key: Key) -> bool {
        matches!(self, Visited::Spilled { disk, .. } if disk.may_contain(key))
    }

    /// Which of the positions held back in a pass (`keys`, first reached at `ply` if
    /// new) are new: not on disk, and not met earlier in `keys`. The new ones are
    /// indexed.
    pub(super) fn settle_held_back(&self, keys: &[Key], ply: u32) -> io::Result<Vec<bool>> {
        let Visited::Spilled { recent, disk, .. } = self else {
            unreachable!("only the spilled set holds positions back");
        };
        let on_disk = disk.get_many(keys)?;
        Ok(keys
            .iter()
            .zip(on_disk)
            .map(|(&key, on_disk)| on_disk.is_none() && recent.get_or_insert(key, ply).is_none())
            .collect())
    }

    #[inline]
    pub(super) fn get_or_insert_with(&self, key: Key, decide: impl FnOnce() -> Option<u32>) -> Option<u32> {
        match self {
            Visited::Exact(index) => index.get_or_insert_with(key, decide),
            // (The frozen table is only read: a key absent from it stays absent.)
            Visited::Spilled { frozen, recent, .. } => match in_frozen(frozen, key) {
                Some(band) => Some(u32::from(band)),
                None => recent.get_or_insert_with(key, decide),
            },
            Visited::Compact(index) => index
                .get_or_insert_with(key, || decide().map(|ply| compact_value(ply, index.layout())))
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
            Visited::Spilled { frozen, recent, disk } => {
                if let Some(table) = frozen {
                    table.prefetch(key);
                }
                recent.prefetch(key);
                disk.prefetch_starts(key);
            }
        }
    }

    /// The second step of prefetching `keys`, for the spilled set (its fingerprints are
    /// found through where their bucket starts, asked for by `prefetch`).
    #[inline]
    pub(super) fn prefetch_more(&self, keys: &[Key]) {
        if let Visited::Spilled { disk, .. } = self {
            for &key in keys {
                disk.prefetch_fingerprints(key);
            }
        }
    }

    pub(super) fn set(&self, key: Key, value: u32) {
        match self {
            Visited::Exact(index) => index.set(key, value),
            Visited::Compact(index) => index.set(key, compact_value(value, index.layout())),
            Visited::Spilled { .. } => unreachable!("only a backward rebuild reads the spilled set"),
        }
    }

    /// Rewrites every value (the exact set: node ids become plies).
    pub(super) fn map_values(&mut self, f: impl FnMut(u32) -> u32) {
        match self {
            Visited::Exact(index) => index.map_values(f),
            Visited::Compact(_) | Visited::Spilled { .. } => unreachable!("these sets hold plies from the start"),
        }
    }

    /// Writes the exact set of plies in memory to a new run in `dir` (made a spilled
    /// set, the first time), but its newest plies, and starts it again with those, at
    /// half its size (it will grow as large again: growing from nothing rehashed each
    /// position about three times). On an error the set is left without what was being
    /// written.
    pub(super) fn spill(&mut self, dir: &Path) -> io::Result<()> {
        let (frozen, recent, mut disk) = match std::mem::replace(self, Visited::Exact(KeyIndex::new())) {
            Visited::Exact(index) => (None, index, SpilledSet::new(dir)),
            Visited::Spilled { frozen, recent, disk } => (frozen, recent, disk),
            Visited::Compact(_) => unreachable!("spilling the compact set"),
        };
        let bytes = recent.bytes();
        // Positions met again are mostly recent (kato-107b_4197: 86% of repeats within
        // 128 plies): the newest plies, up to a quarter of the set, stay in memory.
        let before = recent.start_of_newest(recent.len() / 4);
        let (kept, written) = match disk.spill_older(recent, before, bytes / 2) {
            Ok(kept) => (kept, Ok(())),
            Err(e) => (KeyIndex::new(), Err(e)),
        };
        *self = Visited::Spilled {
            frozen,
            recent: kept,
            disk,
        };
        written
    }

    /// Freezes the compact table (nearly full): new positions go to an exact set
    /// again, spilled to `dir` when it could not grow.
    pub(super) fn freeze(&mut self, dir: &Path) {
        let Visited::Compact(table) = std::mem::replace(self, Visited::Exact(KeyIndex::new())) else {
            unreachable!("freezing a set without a compact table");
        };
        *self = Visited::Spilled {
            frozen: Some(table),
            recent: KeyIndex::new(),
            disk: SpilledSet::new(dir),
        };
    }

    /// Moves an exact set of plies into a compact table of about `bytes`, a shard at a
    /// time (never both in full).
    pub(super) fn compact(&mut self, bytes: usize, layout: Layout) {
        let Visited::Exact(exact) = std::mem::replace(self, Visited::Exact(KeyIndex::new())) else {
            unreachable!("compacting the compact set");
        };
        let compact = PlyIndex::with_bytes(bytes, layout);
        exact.drain(|key, ply| {
            compact.get_or_insert(key, compact_value(ply, layout));
        });
        *self = Visited::Compact(compact);
    }
}

impl Visited {
    /// Writes the set into `dir`, for a saved search (`saved`): an exact set as
    /// `exact`, a compact table as `table`, runs on disk as `run-N`. What it wrote, for
    /// [`Visited::load`].
    pub(super) fn save(&self, dir: &Path) -> io::Result<String> {
        Ok(match self {
            Visited::Exact(exact) => {
                write_file(&dir.join("exact"), |out| exact.save(out))?;
                "exact".into()
            }
            Visited::Compact(table) => {
                write_file(&dir.join("table"), |out| table.save(out))?;
                "compact".into()
            }
            Visited::Spilled { frozen, recent, disk } => {
                if let Some(table) = frozen {
                    write_file(&dir.join("table"), |out| table.save(out))?;
                }
                write_file(&dir.join("exact"), |out| recent.save(out))?;
                disk.save(dir)?;
                format!("spilled {} {}", u8::from(frozen.is_some()), disk.run_count())
            }
        })
    }

    /// The set written into `dir` by [`Visited::save`] as `kind`; a spilled set writes
    /// its runs to come in `spill_dir`.
    pub(super) fn load(kind: &str, dir: &Path, spill_dir: &Path) -> io::Result<Visited> {
        let exact = || read_file(&dir.join("exact"), KeyIndex::load);
        let table = || read_file(&dir.join("table"), PlyIndex::load);
        let words: Vec<&str> = kind.split(' ').collect();
        Ok(match words.as_slice() {
            ["exact"] => Visited::Exact(exact()?),
            ["compact"] => Visited::Compact(table()?),
            ["spilled", frozen @ ("0" | "1"), runs] => {
                let runs = runs
                    .parse()
                    .map_err(|_| io::Error::new(io::ErrorKind::InvalidData, format!("a number of runs: {runs}")))?;
                Visited::Spilled {
                    frozen: if *frozen == "1" { Some(table()?) } else { None },
                    recent: exact()?,
                    disk: SpilledSet::load(dir, runs, spill_dir)?,
                }
            }
            _ => {
                return Err(io::Error::new(
                    io::ErrorKind::InvalidData,
                    format!("an unknown kind of visited set: {kind}"),
                ))
            }
        })
    }
}

/// The band of plies of `key` in the spilled set's frozen table, if it has one and
/// the key is there.
fn in_frozen(frozen: &Option<PlyIndex>, key: Key) -> Option<u16> {
    frozen.as_ref().and_then(|table| table.get(key))
}

/// Why a search stops when its spilled set cannot be read.
pub(super) fn unreadable(e: io::Error) -> String {
    format!("the spilled visited set could not be read: {e}")
}

/// A value of the compact set: the ply, or its band (`Layout::Dense`).
fn compact_value(value: u32, layout: Layout) -> u16 {
    let value = match layout {
        Layout::Wide => value,
        Layout::Dense => value / BAND_PLIES,
    };
    u16::try_from(value).expect("compact set values fit 16 bits")
}
