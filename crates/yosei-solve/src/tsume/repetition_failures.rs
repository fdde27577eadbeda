//! The lines whose last position fails for the attacker only because a position
//! further on would repeat one of the line (graph-history interaction: such a failure
//! holds for that line alone, so it never enters the table).
//!
//! A line is known by its hash (`Dfpn::line_hash_with`). Every child of every expansion
//! asks whether its line is here, and nearly none is: the set holds up to a million
//! lines, so each question missed the caches. A Bloom filter in front of it answers
//! nearly all of them. The filter is blocked by the line's parent (the line without its
//! last position): the children of one position all read one cache line of it, asked
//! for (`prefetch`) as soon as the search enters the position, long before the
//! children are generated. (A filter of one bit per line in 256 KiB, read at a random
//! word per child, was a tenth of ミクロコスモス's time: a cache miss per child, and
//! once the set held a million lines, one question in five passed it to the set.)

use crate::key_hash::ZobristBuild;
use crate::zeroed::{Zeroable, Zeroed};
use std::collections::HashSet;

/// The most lines kept (a cache: cleared when full).
const MOST: usize = 1 << 20;
/// Blocks of the filter (2 MiB): with a million lines in it, about a sixth of its bits
/// are set, and a line not kept passes its three bits about once in 200 questions.
const BLOCKS: usize = 1 << 15;
/// Bits a line sets in its block.
const PROBES: u32 = 3;
/// The most blocks remembered to clear one by one (past it, the whole filter is cleared:
/// a search clears this at every start, and the certificate starts thousands of small
/// ones).
const MOST_DIRTY: usize = BLOCKS / 16;

/// One cache line of the filter.
#[derive(Clone, Copy, Default)]
#[repr(align(64))]
struct Block([u64; 8]);

// Integers only, no padding: all-zero bytes are an empty block.
impl Zeroable for Block {}

pub(super) struct RepetitionFailures {
    lines: HashSet<u128, ZobristBuild>,
    /// The Bloom filter (empty until the first line is kept: most short problems keep
    /// none), on one huge page where the system gives one: the table's misses sweep the
    /// TLB as well as the caches.
    filter: Option<Zeroed<Block>>,
    /// The blocks written since the last clear, while there are few.
    dirty: Vec<u32>,
}

impl RepetitionFailures {
    pub fn new() -> RepetitionFailures {
        RepetitionFailures {
            lines: HashSet::default(),
            filter: None,
            dirty: Vec::new(),
        }
    }

    /// The block of the lines that extend `parent` by one position.
    #[inline]
    fn block_of(parent: u128) -> usize {
        (parent >> 64) as usize & (BLOCKS - 1)
    }

    /// The bits `line` sets in its block: (word, mask) per probe, from its lower bits
    /// (the block is chosen by the parent's upper ones).
    #[inline]
    fn bits(line: u128) -> impl Iterator<Item = (usize, u64)> {
        (0..PROBES).map(move |i| {
            let bit = (line >> (9 * i)) as usize & 511;
            (bit / 64, 1 << (bit % 64))
        })
    }

    /// Asks for the block of the lines that extend `parent` ahead of `contains`.
    #[inline]
    pub fn prefetch(&self, parent: u128) {
        if let Some(filter) = &self.filter {
            crate::zeroed::prefetch(&filter.as_slice()[Self::block_of(parent)]);
        }
    }

    /// Whether `line`, which extends `parent` by one position, is kept.
    #[inline]
    pub fn contains(&self, parent: u128, line: u128) -> bool {
        let Some(filter) = self.filter.as_ref().filter(|_| !self.lines.is_empty()) else {
            return false;
        };
        let block = &filter.as_slice()[Self::block_of(parent)].0;
        Self::bits(line).all(|(word, mask)| block[word] & mask != 0) && self.lines.contains(&line)
    }

    /// Keeps `line`, which extends `parent` by one position.
    pub fn insert(&mut self, parent: u128, line: u128) {
        if self.lines.len() >= MOST {
            self.clear();
        }
        let b = Self::block_of(parent);
        if self.dirty.len() <= MOST_DIRTY {
            self.dirty.push(b as u32);
        }
        let filter = self.filter.get_or_insert_with(|| Zeroed::new(BLOCKS));
        let block = &mut filter.as_mut_slice()[b].0;
        for (word, mask) in Self::bits(line) {
            block[word] |= mask;
        }
        self.lines.insert(line);
    }

    /// Forgets every line.
    pub fn clear(&mut self) {
        if let Some(filter) = &mut self.filter {
            let blocks = filter.as_mut_slice();
            if self.dirty.len() <= MOST_DIRTY {
                for &b in &self.dirty {
                    blocks[b as usize] = Block::default();
                }
            } else {
                blocks.fill(Block::default());
            }
        }
        self.dirty.clear();
        self.lines.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PARENT: u128 = 0x0fed_cba9_8765_4321_0123_4567_89ab_cdefu128;

    fn filter_is_clear(failures: &RepetitionFailures) -> bool {
        let blocks = failures.filter.as_ref().map_or(&[][..], |f| f.as_slice());
        blocks.iter().all(|b| b.0 == [0; 8])
    }

    #[test]
    fn a_line_is_kept_until_cleared() {
        let mut failures = RepetitionFailures::new();
        let line = 0x0123_4567_89ab_cdef_fedc_ba98_7654_3210u128;
        assert!(!failures.contains(PARENT, line));
        failures.insert(PARENT, line);
        assert!(failures.contains(PARENT, line));
        // the same filter bits, another line: asked of the set
        assert!(!failures.contains(PARENT, line ^ (1 << 100)));
        failures.clear();
        assert!(!failures.contains(PARENT, line));
        assert!(filter_is_clear(&failures));
    }

    #[test]
    fn many_lines_clear_the_whole_filter() {
        let mut failures = RepetitionFailures::new();
        let line = |i: u128| i.wrapping_mul(0x9E37_79B9_7F4A_7C15_F39C_C060_5CED_C835);
        let lines: Vec<(u128, u128)> = (0..100_000u128).map(|i| (line(i + 1_000_000), line(i))).collect();
        for &(parent, l) in &lines {
            failures.insert(parent, l);
        }
        assert!(lines.iter().all(|&(parent, l)| failures.contains(parent, l)));
        failures.clear();
        assert!(lines.iter().all(|&(parent, l)| !failures.contains(parent, l)));
        assert!(filter_is_clear(&failures));
    }
}
