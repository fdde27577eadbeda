//! The visited set of help play: one interface over three tiers, of which one holds the
//! set at a time, and the moves between them (`Visited::make_room`), so that the
//! search never asks which is active.
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
//!
//! Beside the tiers, the positions on solutions that the depth-first search found past
//! the stored layers (`deepen`), with their plies, for the rebuild.

use crate::key_index::KeyIndex;
use crate::ply_index::{Layout, PlyIndex};
use crate::saved_file::{read_file, write_file};
use crate::spilled_set::SpilledSet;
use crate::{HelpStore, Limits};
use std::io;
use std::path::{Path, PathBuf};
use yosei_rules::Key;

pub(super) struct Visited {
    tier: Tier,
    /// The positions on solutions found past the stored layers, with their plies.
    beyond: KeyIndex,
    /// The compact table's layout: dense where the solutions are rebuilt backwards.
    layout: Layout,
    /// Where the exact set is written when it could not grow (`--spill-dir`, the dense
    /// layout only).
    spill_to: Option<PathBuf>,
    /// Tiers asked for from the start (tests of every tier).
    forced: HelpStore,
    pub(super) spill_stats: SpillStats,
}

/// What the spilled set cost, for the notes and the display.
#[derive(Default)]
pub(super) struct SpillStats {
    /// New positions held back in a pass because they might have been on disk.
    pub(super) held_back: u64,
    /// Those of them that were not.
    pub(super) held_back_new: u64,
}

/// What the rest of the search holds when the set makes room beside it, after a pass.
pub(super) struct Room {
    /// Completed plies.
    pub(super) depth: u32,
    /// Positions of the frontier: a pass adds a few new ones for each.
    pub(super) frontier: usize,
    pub(super) frontier_bytes: u64,
    /// Memory of the search but the visited set.
    pub(super) other_bytes: u64,
    pub(super) budget: u64,
}

enum Tier {
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
    /// A set holding `start` at ply 0, in the tiers `limits.help_store` asks for from
    /// the start (tests): a compact table of half the budget, or for every tier a small
    /// one, frozen early (`make_room`).
    pub(super) fn new(start: Key, layout: Layout, limits: &Limits) -> Visited {
        let mut set = Visited {
            tier: Tier::Exact(KeyIndex::new()),
            beyond: KeyIndex::new(),
            layout,
            spill_to: limits.spill_dir.clone().filter(|_| layout == Layout::Dense),
            forced: limits.help_store,
            spill_stats: SpillStats::default(),
        };
        set.get_or_insert(start, 0);
        // (Half the budget: the frontier's growth is not known yet.)
        let half = (limits.hash_mb << 20) / 2;
        match limits.help_store {
            HelpStore::CompactPlies => set.compact(half),
            HelpStore::SpilledPlies if layout == Layout::Dense => set.compact(half.min(64 << 20)),
            _ => {}
        }
        set
    }

    pub(super) fn len(&self) -> usize {
        match &self.tier {
            Tier::Exact(index) => index.len(),
            Tier::Compact(index) => index.len(),
            Tier::Spilled { frozen, recent, disk } => {
                frozen.as_ref().map_or(0, PlyIndex::len) + recent.len() + disk.len()
            }
        }
    }

    /// Positions on disk.
    pub(super) fn on_disk(&self) -> usize {
        match &self.tier {
            Tier::Spilled { disk, .. } => disk.len(),
            _ => 0,
        }
    }

    /// Memory held (but the few positions past the stored layers).
    pub(super) fn bytes(&self) -> usize {
        match &self.tier {
            Tier::Exact(index) => index.bytes(),
            Tier::Compact(index) => index.bytes(),
            Tier::Spilled { frozen, recent, disk } => {
                frozen.as_ref().map_or(0, PlyIndex::bytes) + recent.bytes() + disk.bytes()
            }
        }
    }

    /// The exact set in memory, if the set has one.
    fn exact(&self) -> Option<&KeyIndex> {
        match &self.tier {
            Tier::Exact(index) | Tier::Spilled { recent: index, .. } => Some(index),
            Tier::Compact(_) => None,
        }
    }

    /// The compact set cannot take another position.
    pub(super) fn is_full(&self) -> bool {
        matches!(&self.tier, Tier::Compact(index) if index.is_full())
    }

    /// How many low bits a value may use (the forward rebuild's flags are the top two
    /// of them, plies below).
    pub(super) fn value_bits(&self) -> u32 {
        match &self.tier {
            Tier::Exact(_) => 31,
            Tier::Compact(index) => {
                assert!(index.layout() == Layout::Wide, "the dense set keeps no exact plies");
                16
            }
            Tier::Spilled { .. } => unreachable!("only a backward rebuild reads the spilled set"),
        }
    }

    /// Whether the position of `key` is in the set and may have been first reached at
    /// `ply`: its ply is `ply`, or (the dense layout) in the same band of 64; or it is
    /// there past the stored layers. A position let through by its band is in fact
    /// reached later; a backward rebuild that takes it finds no line from the start
    /// through it (its band runs out first) and drops it.
    pub(super) fn may_be_at(&self, key: Key, ply: u32) -> io::Result<bool> {
        if self.beyond_get(key) == Some(ply) {
            return Ok(true);
        }
        Ok(match &self.tier {
            Tier::Compact(index) if index.layout() == Layout::Dense => {
                index.get(key).map(u32::from) == Some(ply / BAND_PLIES)
            }
            Tier::Spilled { frozen, recent, disk } => match in_frozen(frozen, key) {
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
        match &self.tier {
            Tier::Exact(index) => index.get(key).is_some_and(|at| at < ply),
            Tier::Compact(index) => index.get(key).is_some_and(|value| match index.layout() {
                Layout::Wide => u32::from(value) < ply,
                Layout::Dense => band_before(value),
            }),
            Tier::Spilled { frozen, recent, .. } => match in_frozen(frozen, key) {
                Some(band) => band_before(band),
                None => recent.get(key).is_some_and(|at| at < ply),
            },
        }
    }

    /// Why a search cannot go on to `ply` with this set, if it cannot: the compact
    /// table holds plies below `COMPACT_PLIES` (the spilled set's frozen one holds
    /// older plies only).
    pub(super) fn cannot_hold(&self, ply: u32) -> Option<String> {
        (matches!(self.tier, Tier::Compact(_)) && ply + 2 >= COMPACT_PLIES).then(|| {
            format!("the compact visited set holds plies below {COMPACT_PLIES} (a larger --hash keeps the exact one)")
        })
    }

    /// The value of `key` in memory (the spilled set's disk is not read; its frozen
    /// table gives a band of plies).
    pub(super) fn get(&self, key: Key) -> Option<u32> {
        match &self.tier {
            Tier::Exact(index) => index.get(key),
            Tier::Compact(index) => index.get(key).map(u32::from),
            Tier::Spilled { frozen, recent, .. } => in_frozen(frozen, key).map(u32::from).or_else(|| recent.get(key)),
        }
    }

    /// The ply of `key` past the stored layers (an empty set is not locked).
    fn beyond_get(&self, key: Key) -> Option<u32> {
        (!self.beyond.is_empty()).then(|| self.beyond.get(key)).flatten()
    }

    /// The value of `key` for the forward rebuild, which marks the positions past the
    /// stored layers as it marks the others.
    pub(super) fn rebuild_value(&self, key: Key) -> Option<u32> {
        self.beyond_get(key).or_else(|| self.get(key))
    }

    /// Keeps `key`, on a solution at `ply` past the stored layers, for the rebuild.
    pub(super) fn keep_beyond(&self, key: Key, ply: u32) {
        self.beyond.get_or_insert(key, ply);
    }

    /// Whether a new position must be held back until the end of the pass, because it
    /// may be on disk (`Spilled`): it is neither indexed nor expanded until
    /// [`Visited::settle_held_back`] has looked.
    #[inline]
    pub(super) fn held_back(&self, key: Key) -> bool {
        matches!(&self.tier, Tier::Spilled { disk, .. } if disk.may_contain(key))
    }

    /// Which of the positions held back in a pass (`keys`, first reached at `ply` if
    /// new) are new: not on disk, and not met earlier in `keys`. The new ones are
    /// indexed.
    pub(super) fn settle_held_back(&mut self, keys: &[Key], ply: u32) -> io::Result<Vec<bool>> {
        let Tier::Spilled { recent, disk, .. } = &self.tier else {
            unreachable!("only the spilled set holds positions back");
        };
        let on_disk = disk.get_many(keys)?;
        let is_new: Vec<bool> = keys
            .iter()
            .zip(on_disk)
            .map(|(&key, on_disk)| on_disk.is_none() && recent.get_or_insert(key, ply).is_none())
            .collect();
        self.spill_stats.held_back += keys.len() as u64;
        self.spill_stats.held_back_new += is_new.iter().filter(|&&new| new).count() as u64;
        Ok(is_new)
    }

    #[inline]
    pub(super) fn get_or_insert_with(&self, key: Key, decide: impl FnOnce() -> Option<u32>) -> Option<u32> {
        match &self.tier {
            Tier::Exact(index) => index.get_or_insert_with(key, decide),
            // (The frozen table is only read: a key absent from it stays absent.)
            Tier::Spilled { frozen, recent, .. } => match in_frozen(frozen, key) {
                Some(band) => Some(u32::from(band)),
                None => recent.get_or_insert_with(key, decide),
            },
            Tier::Compact(index) => index
                .get_or_insert_with(key, || decide().map(|ply| compact_value(ply, index.layout())))
                .map(u32::from),
        }
    }

    pub(super) fn get_or_insert(&self, key: Key, value: u32) -> Option<u32> {
        self.get_or_insert_with(key, || Some(value))
    }

    #[inline]
    pub(super) fn prefetch(&self, key: Key) {
        match &self.tier {
            Tier::Exact(index) => index.prefetch(key),
            Tier::Compact(index) => index.prefetch(key),
            Tier::Spilled { frozen, recent, disk } => {
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
        if let Tier::Spilled { disk, .. } = &self.tier {
            for &key in keys {
                disk.prefetch_fingerprints(key);
            }
        }
    }

    /// Sets the value of a present key (the forward rebuild: where `rebuild_value`
    /// found it).
    pub(super) fn set(&self, key: Key, value: u32) {
        if self.beyond_get(key).is_some() {
            return self.beyond.set(key, value);
        }
        match &self.tier {
            Tier::Exact(index) => index.set(key, value),
            Tier::Compact(index) => index.set(key, compact_value(value, index.layout())),
            Tier::Spilled { .. } => unreachable!("only a backward rebuild reads the spilled set"),
        }
    }

    /// Rewrites every value (the exact set: node ids become plies).
    pub(super) fn map_values(&mut self, f: impl FnMut(u32) -> u32) {
        match &mut self.tier {
            Tier::Exact(index) => index.map_values(f),
            Tier::Compact(_) | Tier::Spilled { .. } => unreachable!("these sets hold plies from the start"),
        }
    }

    /// What would have kept a search that outgrew its memory breadth-first, if anything.
    pub(super) fn spill_hint(&self) -> &'static str {
        if self.layout == Layout::Dense && self.spill_to.is_none() {
            " (--spill-dir DIR keeps it breadth-first with the disk)"
        } else {
            ""
        }
    }

    /// What the spilled set held and cost, if the set spilled.
    pub(super) fn spill_note(&self) -> Option<String> {
        let Tier::Spilled { frozen, recent, disk } = &self.tier else {
            return None;
        };
        Some(format!(
            "{} positions were written to disk in {} runs ({} MiB; {} stayed in memory); {} new positions were held back to be looked up there, {} of them new",
            disk.len(),
            disk.run_count(),
            disk.disk_bytes() >> 20,
            recent.len() + frozen.as_ref().map_or(0, PlyIndex::len),
            self.spill_stats.held_back,
            self.spill_stats.held_back_new
        ))
    }
}

/// Moving between tiers.
impl Visited {
    /// Makes room for the next pass of a set of plies when the exact set in memory might
    /// not grow within the budget in it (a shard grows by half): moved to the compact
    /// table, or, with a spill directory, to a smaller one that is frozen when nearly
    /// full, the exact set that follows it being written to disk whenever it could not
    /// grow. A note of what moved, or why the search cannot go on.
    pub(super) fn make_room(&mut self, room: &Room) -> Result<Option<String>, String> {
        if let (Tier::Compact(table), Some(dir)) = (&self.tier, &self.spill_to) {
            // A pass adds a few positions per frontier position (about seven in a two-ply
            // pass on kato-107b): room for sixteen, and for shards filling unevenly.
            let forced = self.forced == HelpStore::SpilledPlies && table.len() >= 256;
            if table.capacity() - table.len() < room.frontier * 16 + table.capacity() / 64 || forced {
                let note = format!(
                    "at ply {} the compact table was frozen with {} positions; the positions after them were kept exactly and written to {} when they did not fit",
                    room.depth,
                    table.len(),
                    dir.display()
                );
                self.freeze();
                return Ok(Some(note));
            }
            return Ok(None);
        }
        let Some(exact) = self.exact() else {
            return Ok(None);
        };
        let on_disk = self.on_disk();
        let forced = self.forced == HelpStore::SpilledPlies && exact.len() >= on_disk + 64;
        let grown = (self.bytes() + exact.bytes() / 2) as u64 + room.other_bytes;
        if grown <= room.budget && !forced {
            return Ok(None);
        }
        let positions = exact.len();
        if matches!(self.tier, Tier::Exact(_)) && !forced {
            if let Some(note) = self.compact_within(room) {
                return Ok(Some(note));
            }
        }
        match &self.spill_to {
            // (Runs much smaller than the set on disk would each cost every lookup a
            // little: the search stops at the memory limit instead.)
            Some(dir) if positions >= on_disk / 16 => {
                let note = (on_disk == 0 && !forced).then(|| {
                    format!(
                        "at ply {} the visited set ({positions} positions) began to be written to {} to stay within --hash {}",
                        room.depth,
                        dir.display(),
                        room.budget >> 20
                    )
                });
                self.spill()
                    .map_err(|e| format!("the visited set could not be written to disk: {e}"))?;
                Ok(note)
            }
            _ => Ok(None),
        }
    }

    /// Moves the exact set to the compact table (`make_room`), if it holds clearly more:
    /// the table takes the budget but a reserve for the frontier, and, given a spill
    /// directory, a quarter of the budget for the exact set that follows it when it is
    /// frozen. A note, if it did.
    fn compact_within(&mut self, room: &Room) -> Option<String> {
        let Tier::Exact(exact) = &self.tier else {
            return None;
        };
        if room.depth + 2 >= COMPACT_PLIES {
            return None;
        }
        let spill_room = if self.spill_to.is_some() {
            room.budget as usize / 4
        } else {
            0
        };
        let table = compact_table_bytes(room).saturating_sub(spill_room);
        if PlyIndex::capacity_of(table, self.layout) < exact.len() * 5 / 4 {
            return None;
        }
        let positions = exact.len();
        self.compact(table);
        Some(format!(
            "at ply {} the visited set ({positions} positions) moved to a compact table of {} MiB (plies only, {} bytes a position) to stay within --hash {}",
            room.depth,
            self.bytes() >> 20,
            self.layout.slot_bytes(),
            room.budget >> 20
        ))
    }

    /// Writes the exact set of plies in memory to a new run in the spill directory
    /// (made a spilled set, the first time), but its newest plies, and starts it again
    /// with those, at half its size (it will grow as large again: growing from nothing
    /// rehashed each position about three times). On an error the set is left without
    /// what was being written.
    fn spill(&mut self) -> io::Result<()> {
        let dir = self.spill_to.as_deref().expect("a spill directory");
        let (frozen, recent, mut disk) = match std::mem::replace(&mut self.tier, Tier::Exact(KeyIndex::new())) {
            Tier::Exact(index) => (None, index, SpilledSet::new(dir)),
            Tier::Spilled { frozen, recent, disk } => (frozen, recent, disk),
            Tier::Compact(_) => unreachable!("spilling the compact set"),
        };
        let bytes = recent.bytes();
        // Positions met again are mostly recent (kato-107b_4197: 86% of repeats within
        // 128 plies): the newest plies, up to a quarter of the set, stay in memory.
        let before = recent.start_of_newest(recent.len() / 4);
        let (kept, written) = match disk.spill_older(recent, before, bytes / 2) {
            Ok(kept) => (kept, Ok(())),
            Err(e) => (KeyIndex::new(), Err(e)),
        };
        self.tier = Tier::Spilled {
            frozen,
            recent: kept,
            disk,
        };
        written
    }

    /// Freezes the compact table (nearly full): new positions go to an exact set
    /// again, spilled when it could not grow.
    fn freeze(&mut self) {
        let dir = self.spill_to.as_deref().expect("a spill directory");
        let Tier::Compact(table) = std::mem::replace(&mut self.tier, Tier::Exact(KeyIndex::new())) else {
            unreachable!("freezing a set without a compact table");
        };
        self.tier = Tier::Spilled {
            frozen: Some(table),
            recent: KeyIndex::new(),
            disk: SpilledSet::new(dir),
        };
    }

    /// Moves an exact set of plies into a compact table of about `bytes`, a shard at a
    /// time (never both in full).
    fn compact(&mut self, bytes: usize) {
        let Tier::Exact(exact) = std::mem::replace(&mut self.tier, Tier::Exact(KeyIndex::new())) else {
            unreachable!("compacting the compact set");
        };
        let layout = self.layout;
        let compact = PlyIndex::with_bytes(bytes, layout);
        exact.drain(|key, ply| {
            compact.get_or_insert(key, compact_value(ply, layout));
        });
        self.tier = Tier::Compact(compact);
    }
}

/// The compact table's size: the budget but the rest of the search, room for two
/// layers as wide as this one (the next and the spare storage) and a sixteenth for
/// wider layers to come (kato-107b_4197's widest, five times as wide as at the switch,
/// held 1.2 GB with the next layer and the spare storage under --hash 22800, whose
/// sixteenth is 1.4 GB).
fn compact_table_bytes(room: &Room) -> usize {
    let reserve = 2 * room.frontier_bytes + room.budget / 16;
    room.budget.saturating_sub(room.other_bytes + reserve) as usize
}

/// A saved search's visited set.
impl Visited {
    /// Writes the set into `dir`, for a saved search (`saved`; between passes, so
    /// nothing is past the stored layers): an exact set as `exact`, a compact table as
    /// `table`, runs on disk as `run-N`. What it wrote, for [`Visited::load`].
    pub(super) fn save(&self, dir: &Path) -> io::Result<String> {
        Ok(match &self.tier {
            Tier::Exact(exact) => {
                write_file(&dir.join("exact"), |out| exact.save(out))?;
                "exact".into()
            }
            Tier::Compact(table) => {
                write_file(&dir.join("table"), |out| table.save(out))?;
                "compact".into()
            }
            Tier::Spilled { frozen, recent, disk } => {
                if let Some(table) = frozen {
                    write_file(&dir.join("table"), |out| table.save(out))?;
                }
                write_file(&dir.join("exact"), |out| recent.save(out))?;
                disk.save(dir)?;
                format!("spilled {} {}", u8::from(frozen.is_some()), disk.run_count())
            }
        })
    }

    /// Takes up the set written into `dir` by [`Visited::save`] as `kind`; a spilled
    /// set writes its runs to come in `spill_dir`.
    pub(super) fn load(&mut self, kind: &str, dir: &Path, spill_dir: &Path) -> io::Result<()> {
        let exact = || read_file(&dir.join("exact"), KeyIndex::load);
        let table = || read_file(&dir.join("table"), PlyIndex::load);
        let words: Vec<&str> = kind.split(' ').collect();
        self.tier = match words.as_slice() {
            ["exact"] => Tier::Exact(exact()?),
            ["compact"] => Tier::Compact(table()?),
            ["spilled", frozen @ ("0" | "1"), runs] => {
                let runs = runs
                    .parse()
                    .map_err(|_| io::Error::new(io::ErrorKind::InvalidData, format!("a number of runs: {runs}")))?;
                Tier::Spilled {
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
        };
        Ok(())
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
