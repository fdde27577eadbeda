//! "Can the attacker mate within p plies?" with repetition set aside: an AND/OR search
//! whose answer depends on the position and p only, so every answer is kept.
//!
//! Each position's distance to mate (the fewest plies in which the attacker forces it,
//! whatever the defence) is kept as bounds, `lo ≤ distance ≤ hi`: a mate within p
//! plies is a mate within p + 2, so one proof answers every larger p and one failure
//! every smaller one. Attacker nodes deepen iteratively (1, 3, 5… plies), so a short
//! mate is found before a long line is followed, and a proven node's distance is exact.
//!
//! Repetition (rules.md §7) only takes mates away from the attacker, so a failure here
//! is a failure on every path; a success may still be lost to a repetition on some
//! path, which the tree builder (`build`) decides with the path in hand.

use super::exact_map::ExactMap;
use crate::Limits;
use std::time::Instant;
use yosei_core::Move;
use yosei_rules::{MoveList, Position, RuleSet};

/// Bounds on a position's distance to mate, in plies (`hi == NEVER`: no mate known).
#[derive(Clone, Copy)]
struct Bounds {
    lo: u8,
    hi: u8,
}

const NEVER: u8 = u8::MAX;

/// Nothing known: the distance is at least 0 and maybe infinite.
const UNKNOWN: Bounds = Bounds { lo: 0, hi: NEVER };

/// The most plies a search may be asked for (distances are kept in a byte).
pub const MAX_PLIES: u32 = NEVER as u32 - 2;

pub struct Values<'a> {
    pub rules: &'a RuleSet,
    limits: &'a Limits,
    table: ExactMap<Bounds>,
    pub nodes: u64,
    pub started: Instant,
    /// Bytes the tree builder holds (its nodes and reuse table), counted against
    /// `--hash` with this table.
    pub builder_bytes: usize,
    /// Why the search stopped early (a limit); every answer after it is `false` and
    /// nothing more is stored.
    pub limit_hit: Option<String>,
}

impl<'a> Values<'a> {
    pub fn new(rules: &'a RuleSet, limits: &'a Limits) -> Values<'a> {
        Values {
            rules,
            limits,
            table: ExactMap::default(),
            nodes: 0,
            started: Instant::now(),
            builder_bytes: 0,
            limit_hit: None,
        }
    }

    /// Counts a node and checks the limits now and then; false once one is hit.
    pub fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes.is_multiple_of(1024) && self.limit_hit.is_none() {
            self.limit_hit = self.limits.reached(self.nodes, self.started);
            if self.limit_hit.is_none() && self.table.bytes() + self.builder_bytes > self.limits.hash_mb << 20 {
                self.limit_hit = Some(format!("memory limit of {} MiB reached (--hash)", self.limits.hash_mb));
            }
        }
        self.limit_hit.is_none()
    }

    fn bounds(&mut self, pos: &Position) -> Bounds {
        self.table.get(pos, 0).unwrap_or(UNKNOWN)
    }

    fn store(&mut self, pos: &Position, plies: u32, wins: bool) {
        if self.limit_hit.is_some() {
            return;
        }
        self.table.update(pos, 0, |known| {
            let mut b = known.unwrap_or(UNKNOWN);
            if wins {
                b.hi = b.hi.min(plies as u8);
            } else {
                b.lo = b.lo.max(plies as u8 + 1);
            }
            b
        });
    }

    /// Whether the attacker, to move in `pos`, mates within `plies` (odd) against any
    /// defence, checking with every move.
    pub fn attacker_wins(&mut self, pos: &Position, plies: u32) -> bool {
        let known = self.bounds(pos);
        if u32::from(known.hi) <= plies {
            return true;
        }
        if u32::from(known.lo) > plies || !self.tick() {
            return false;
        }
        let mut checks = MoveList::new();
        let _ = pos.generate_checks(self.rules, &mut checks);
        // Deepening: the lengths not yet known to fail, shortest first (odd).
        let mut depth = u32::from(known.lo).max(1) | 1;
        while depth <= plies {
            for &m in checks.iter() {
                // (a mate at once? Most checks leave the king a flight, told unplayed)
                if depth == 1 && pos.king_flees_after(m, self.rules) {
                    continue;
                }
                if self.defender_loses(&pos.play(m), m, depth - 1) {
                    self.store(pos, depth, true);
                    return self.limit_hit.is_none();
                }
                if self.limit_hit.is_some() {
                    return false;
                }
            }
            self.store(pos, depth, false);
            depth += 2;
        }
        false
    }

    /// Whether the defender, to move in `pos` after the attacker's check `last`, is
    /// mated within `plies` (even) whatever it plays: mated now (and the mate counts:
    /// 打歩詰), or every reply leaves a mate within `plies - 1`.
    pub fn defender_loses(&mut self, pos: &Position, last: Move, plies: u32) -> bool {
        if plies == 0 {
            return !pos.has_legal_move(self.rules) && self.rules.mate_counts(pos, Some(last));
        }
        // Only positions with a reply are stored: whether a mate counts depends on the
        // move that gave it, which the position does not tell.
        let known = self.bounds(pos);
        if u32::from(known.hi) <= plies {
            return true;
        }
        if u32::from(known.lo) > plies || !self.tick() {
            return false;
        }
        let mut replies = MoveList::new();
        let _ = pos.generate_legal(self.rules, &mut replies);
        if replies.is_empty() {
            return !pos.stuck_unmated(self.rules) && self.rules.mate_counts(pos, Some(last));
        }
        for &r in replies.iter() {
            if !self.attacker_wins(&pos.play(r), plies - 1) {
                self.store(pos, plies, false);
                return false;
            }
        }
        self.store(pos, plies, true);
        self.limit_hit.is_none()
    }
}
