//! The lines whose last position fails for the attacker only because a position
//! further on would repeat one of the line (graph-history interaction: such a failure
//! holds for that line alone, so it never enters the table).
//!
//! A line is known by its hash (`Dfpn::line_hash_with`). Every child of every expansion
//! asks whether its line is here, and nearly none is: the set holds up to a million
//! lines, so each question missed the caches. A bit per hash value's upper bits, in
//! 256 KiB, now answers most of them; only a set bit asks the set.

use crate::key_hash::ZobristBuild;
use std::collections::HashSet;

/// The most lines kept (a cache: cleared when full).
const MOST: usize = 1 << 20;
/// Bits of the filter.
const FILTER_BITS: usize = 1 << 21;

pub(super) struct RepetitionFailures {
    lines: HashSet<u128, ZobristBuild>,
    /// One bit per value of the hash's upper bits, set for every line kept (empty until
    /// the first line is kept: most short problems keep none).
    filter: Vec<u64>,
}

impl RepetitionFailures {
    pub fn new() -> RepetitionFailures {
        RepetitionFailures {
            lines: HashSet::default(),
            filter: Vec::new(),
        }
    }

    #[inline]
    fn bit(line: u128) -> (usize, u64) {
        let i = (line >> 64) as usize & (FILTER_BITS - 1);
        (i / 64, 1 << (i % 64))
    }

    #[inline]
    pub fn contains(&self, line: u128) -> bool {
        if self.lines.is_empty() {
            return false;
        }
        let (word, mask) = Self::bit(line);
        self.filter[word] & mask != 0 && self.lines.contains(&line)
    }

    pub fn insert(&mut self, line: u128) {
        if self.lines.len() >= MOST {
            self.clear();
        }
        if self.filter.is_empty() {
            self.filter = vec![0; FILTER_BITS / 64];
        }
        let (word, mask) = Self::bit(line);
        self.filter[word] |= mask;
        self.lines.insert(line);
    }

    /// Forgets every line (a few lines' bits are cleared one by one: a search clears
    /// this at every start, and the certificate starts thousands of small ones).
    pub fn clear(&mut self) {
        if self.lines.len() < self.filter.len() / 8 {
            for &line in &self.lines {
                let (word, _) = Self::bit(line);
                self.filter[word] = 0;
            }
        } else {
            self.filter.fill(0);
        }
        self.lines.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_is_kept_until_cleared() {
        let mut failures = RepetitionFailures::new();
        let line = 0x0123_4567_89ab_cdef_fedc_ba98_7654_3210u128;
        assert!(!failures.contains(line));
        failures.insert(line);
        assert!(failures.contains(line));
        // the same filter bit, another line: asked of the set
        assert!(!failures.contains(line ^ 1));
        failures.clear();
        assert!(!failures.contains(line));
        assert!(failures.filter.iter().all(|&w| w == 0));
    }

    #[test]
    fn many_lines_clear_the_whole_filter() {
        let mut failures = RepetitionFailures::new();
        let lines: Vec<u128> = (0..100_000u128)
            .map(|i| i.wrapping_mul(0x9E37_79B9_7F4A_7C15_F39C_C060_5CED_C835))
            .collect();
        for &l in &lines {
            failures.insert(l);
        }
        assert!(lines.iter().all(|&l| failures.contains(l)));
        failures.clear();
        assert!(lines.iter().all(|&l| !failures.contains(l)));
        assert!(failures.filter.iter().all(|&w| w == 0));
    }
}
