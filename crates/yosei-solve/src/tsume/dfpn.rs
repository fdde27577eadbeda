//! The df-pn search (depth-first proof-number search with the 1+ε trick), asking of a
//! position: "can the attacker force a mate of value at most `bound`?" (`mate_len`).
//!
//! - **Proof and disproof hands** (ordinary rules): a proof is stored with the least
//!   hand it needs and serves every position with the same board and a larger hand;
//!   a disproof serves smaller hands (`table`). Under fairy rules hands must match.
//! - **Repetition**: a position already on the path is a failure for the attacker
//!   (rules.md §7: a line that repeats never mates). Such a failure holds for this
//!   path only, so a disproof that depends on one never enters the table (graph-history
//!   interaction): it is returned to the parent and kept in a table of its own keyed by
//!   the whole path (the positions from the root), where only the same path finds it
//!   again. Proofs never depend on the path.
//! - **The game before the problem** (`PriorGame`): a position the moves played before
//!   the problem's position have met three times ends the game the next time it comes,
//!   so it fails for the attacker like a repetition of the path (and is flagged so:
//!   nothing depending on it is stored). Proof and disproof hands are then off, since
//!   the same moves with another hand meet other positions.
//! - **Futile interpositions** (無駄合, `Futile::Skip`, see `futile`): a drop between a
//!   distant checker and the king is no defence when the position with the checker
//!   moved to that square, nothing dropped, is a mate. That position, the *probe*, is
//!   searched beside the drops on the square (whichever looks likelier to settle the
//!   square first); if it mates, the drops there do not count.
//! - Children are expanded once per visit and kept on the stack with their numbers
//!   (local expansion); a child's numbers come back from its own search.

use super::defence_counts::DefenceCounts;
use super::futile::{interposition_probe, Probe};
use super::hand::{HandCodec, PackedHand};
use super::mate_len::{self, MateLen, NONE};
use super::repetition_failures::RepetitionFailures;
use super::table::{Known, Table};
use super::{Futile, TsumeProgress};
use crate::{Limits, PriorGame};
use std::time::{Duration, Instant};
use yosei_core::{Color, Move, Square};
use yosei_rules::{Key, MoveList, Position, RuleSet};

/// Proof and disproof numbers at or above this are infinite.
pub const INF: u32 = 1 << 30;

/// What a search of a position found.
#[derive(Clone, Copy, Debug)]
pub struct Res {
    pub pn: u32,
    pub dn: u32,
    /// Proven: the value of the mate found (for the position's own hand).
    pub value: MateLen,
    /// Proven: the proof hand; disproven: the disproof hand.
    pub hand: PackedHand,
    /// Disproven: the least value a mate could have (`NONE`: no mate at all).
    pub lo: MateLen,
    /// Disproven only because a position of the path would repeat.
    pub repetition: bool,
}

impl Res {
    fn open(pn: u32, dn: u32) -> Res {
        Res {
            pn,
            dn,
            value: NONE,
            hand: 0,
            lo: 0,
            repetition: false,
        }
    }

    fn proven(value: MateLen, hand: PackedHand) -> Res {
        Res {
            pn: 0,
            dn: INF,
            value,
            hand,
            lo: 0,
            repetition: false,
        }
    }

    fn disproven(lo: MateLen, hand: PackedHand, repetition: bool) -> Res {
        Res {
            pn: INF,
            dn: 0,
            value: NONE,
            hand,
            lo,
            repetition,
        }
    }

    pub fn is_proven(&self) -> bool {
        self.pn == 0
    }

    pub fn is_disproven(&self) -> bool {
        self.dn == 0
    }
}

/// What identifies a position to the table (board and the attacker's hand) and to the
/// path (the full key as well).
#[derive(Clone, Copy)]
struct Keys {
    board: Key,
    full: Key,
    hand: PackedHand,
}

/// A child of a node: a move, or on a defender's node the drops on one square.
enum Slot {
    Move(Move, Res),
    Drops(Box<DropGroup>),
}

/// The defender's drops on one square between a distant checker and its king: they are
/// searched one after the other (a proof of the first usually makes the next quick),
/// so the square counts once in the node's numbers, and under `Futile::Skip` beside
/// the probe that decides whether they count at all (`futile`).
struct DropGroup {
    drops: Vec<Move>,
    /// The first drop not yet proven, and its numbers.
    current: usize,
    current_res: Res,
    /// The proven drops' largest value and proof hand.
    value: MateLen,
    proof: PackedHand,
    /// The probe (checker moved to the square) and its numbers.
    probe: Option<(Probe, Square, Res)>,
    /// Whether a defender's piece guards the square (by ordinary powers: it only
    /// shapes the numbers).
    supported: bool,
}

/// What a drop group amounts to.
enum GroupState {
    /// The probe mates: the drops are futile and do not count.
    Futile(PackedHand),
    /// Every drop is mated.
    Proven(MateLen, PackedHand),
    /// A drop survives, and the probe (if any) does not mate.
    Disproven(Res),
    Open(u32, u32),
}

impl DropGroup {
    /// The numbers of the drops still to prove: the current one's, one more per drop
    /// after it (each unsearched drop's first number, as the node's sum counts it).
    fn chain_pn(&self) -> u32 {
        self.current_res
            .pn
            .saturating_add((self.drops.len() - self.current - 1) as u32)
            .min(INF - 1)
    }

    fn state(&self) -> GroupState {
        let probe = self.probe.as_ref().map(|(_, _, r)| *r);
        if let Some(p) = probe.filter(|p| p.is_proven()) {
            return GroupState::Futile(p.hand);
        }
        if self.current == self.drops.len() {
            return GroupState::Proven(self.value, self.proof);
        }
        let drop = self.current_res;
        match probe {
            Some(p) if !p.is_disproven() => {
                let pn = p.pn.min(self.chain_pn());
                let dn = p.dn.saturating_add(drop.dn).min(INF - 1);
                if drop.is_disproven() {
                    GroupState::Open(pn, p.dn)
                } else {
                    GroupState::Open(pn, dn)
                }
            }
            _ if drop.is_disproven() => {
                let mut r = drop;
                if let Some(p) = probe {
                    r.repetition |= p.repetition;
                    r.hand = r.hand.min(p.hand);
                }
                GroupState::Disproven(r)
            }
            _ => GroupState::Open(self.chain_pn(), drop.dn),
        }
    }
}

/// The positions of the current line (board, attacker's hand), for repetition: a stack
/// whose entries are chained by the key's low bits (each entry points to the one below it
/// in the same slot), so that asking for a board walks only the entries of its slot, and
/// a board not on the line (nearly every one asked) is told so by one array read. (A map
/// from boards to hands cost a tenth of 寿's proof in its inserts and removals; a count per
/// slot with a scan of the whole stack behind a set one cost 4 % of 寿's instructions, on
/// lines hundreds of plies long where a child often stands on a board of the line.) The
/// slots grow with the line: a short problem's search should not clear 256 KiB for a line
/// of ten plies.
struct LinePositions {
    /// Each position with the index + 1 of the entry below it in its slot (0: none).
    stack: Vec<(Key, PackedHand, u32)>,
    /// Per slot, the index + 1 of its topmost entry (0: none).
    heads: Box<[u32]>,
    /// One bit per slot, set while the slot holds a position: asked before `heads`, a
    /// thirty-second of its size, so that it stays in the nearest caches while the
    /// table's misses sweep them (on ミクロコスモス's lines of up to 1,600 plies, `heads`
    /// is 64 KiB, and reading it was a cache miss per child).
    occupied: Box<[u64]>,
}

impl LinePositions {
    /// Slots to start with, and the most: kept at eight or more per position on the line.
    const FIRST_SLOTS: usize = 1 << 10;
    const MOST_SLOTS: usize = 1 << 16;

    fn new() -> LinePositions {
        LinePositions {
            stack: Vec::new(),
            heads: vec![0; Self::FIRST_SLOTS].into_boxed_slice(),
            occupied: vec![0; Self::FIRST_SLOTS / 64].into_boxed_slice(),
        }
    }

    #[inline]
    fn slot(&self, board: Key) -> usize {
        (board as usize) & (self.heads.len() - 1)
    }

    #[inline]
    fn is_occupied(&self, slot: usize) -> bool {
        self.occupied[slot / 64] & (1 << (slot % 64)) != 0
    }

    /// Makes `head` (an entry's index + 1, or 0 for none) the top of `slot`.
    #[inline]
    fn set_head(&mut self, slot: usize, head: u32) {
        self.heads[slot] = head;
        let bit = 1 << (slot % 64);
        if head == 0 {
            self.occupied[slot / 64] &= !bit;
        } else {
            self.occupied[slot / 64] |= bit;
        }
    }

    fn push(&mut self, board: Key, hand: PackedHand) {
        if self.stack.len() * 8 >= self.heads.len() && self.heads.len() < Self::MOST_SLOTS {
            self.heads = vec![0; self.heads.len() * 4].into_boxed_slice();
            self.occupied = vec![0; self.heads.len() / 64].into_boxed_slice();
            for i in 0..self.stack.len() {
                let slot = self.slot(self.stack[i].0);
                self.stack[i].2 = self.heads[slot];
                self.set_head(slot, i as u32 + 1);
            }
        }
        let slot = self.slot(board);
        self.stack.push((board, hand, self.heads[slot]));
        self.set_head(slot, self.stack.len() as u32);
    }

    fn pop(&mut self) {
        if let Some((board, _, below)) = self.stack.pop() {
            let slot = self.slot(board);
            self.set_head(slot, below);
        }
    }

    /// The attacker's hands with which `board` stands on the line.
    #[inline]
    fn hands_of(&self, board: Key) -> impl Iterator<Item = PackedHand> + '_ {
        let slot = self.slot(board);
        let mut next = if self.is_occupied(slot) { self.heads[slot] } else { 0 };
        std::iter::from_fn(move || {
            while next != 0 {
                let (b, hand, below) = self.stack[next as usize - 1];
                next = below;
                if b == board {
                    return Some(hand);
                }
            }
            None
        })
    }
}

pub struct Dfpn<'a> {
    pub rules: &'a RuleSet,
    pub attacker: Color,
    pub codec: HandCodec,
    /// Whether proof and disproof hands may generalise (ordinary rules only: under a
    /// condition a larger hand is not always better, e.g. 打歩詰).
    superiority: bool,
    pub futile: Futile,
    pub table: Table,
    /// The positions of the current line, for repetition: boards and the attacker's
    /// hands on them.
    path: LinePositions,
    /// A hash of the current line, one per position on it (the last is the line's).
    path_hashes: Vec<u128>,
    /// The moves of the line being searched (for progress; `None` for a probe).
    line_moves: Vec<Option<Move>>,
    /// Lines (their hashes) whose last position fails because the line would repeat.
    repetition_failures: RepetitionFailures,
    /// The positions whose next occurrence ends the game (met three times before the
    /// problem's position).
    prior: &'a PriorGame,
    pub nodes: u64,
    limits: &'a Limits,
    pub started: Instant,
    pub limit_hit: Option<String>,
    next_poll: u64,
    last_report: Instant,
    pub phase: &'static str,
    progress: &'a mut dyn FnMut(&TsumeProgress),
    /// The root's numbers of the current search, for progress.
    root_numbers: (u32, u32),
    pub max_depth: usize,
    pub expansions: u64,
    /// Where the current query stops (`solve_within`).
    query_end: Option<u64>,
    /// Emptied children lists for `mid` to reuse, one taken per level of the search:
    /// a fresh one per node cost 8 % of 寿's instructions in malloc and free.
    slot_lists: Vec<Vec<Slot>>,
    /// The children's keys of the node being expanded (reused likewise).
    child_keys: Vec<Keys>,
    /// The defence counts of the checks' positions first looked at and not searched.
    defence_counts: DefenceCounts,
}

/// An AND node's proof number is the sum of its children's up to this, max + count
/// above (`aggregate_and`).
const PN_SUM_LIMIT: u32 = 4096;

/// Bounds (plies) searched by `small_mate` rather than by df-pn.
const SMALL_BOUND: MateLen = 3;

/// Nodes between two looks at the clock and the limits.
const POLL_NODES: u64 = 4096;
const REPORT_EVERY: Duration = Duration::from_millis(500);

impl<'a> Dfpn<'a> {
    pub fn new(
        start: &Position,
        rules: &'a RuleSet,
        futile: Futile,
        prior: &'a PriorGame,
        limits: &'a Limits,
        progress: &'a mut dyn FnMut(&TsumeProgress),
    ) -> Dfpn<'a> {
        let attacker = start.side_to_move();
        let (codec, fits) = match HandCodec::for_position(start) {
            Some(c) => (c, true),
            None => (HandCodec::exact(), false),
        };
        let superiority = fits && rules.is_ordinary() && !start.has_fairy_pieces() && prior.is_empty();
        // The table takes the memory asked for, less a little for the rest.
        let bytes = (limits.hash_mb << 20).saturating_sub(16 << 20).max(1 << 20);
        Dfpn {
            rules,
            attacker,
            codec,
            superiority,
            futile,
            table: Table::new(bytes),
            path: LinePositions::new(),
            path_hashes: Vec::new(),
            line_moves: Vec::new(),
            repetition_failures: RepetitionFailures::new(),
            prior,
            nodes: 0,
            limits,
            started: Instant::now(),
            limit_hit: None,
            next_poll: POLL_NODES,
            last_report: Instant::now(),
            phase: "proving",
            progress,
            root_numbers: (1, 1),
            max_depth: 0,
            expansions: 0,
            query_end: None,
            slot_lists: Vec::new(),
            child_keys: Vec::new(),
            defence_counts: DefenceCounts::new(),
        }
    }

    /// The attacker's hand in `pos`, packed.
    pub fn hand_of(&self, pos: &Position) -> PackedHand {
        self.codec.pack(pos.hand(self.attacker))
    }

    /// Puts `pos` at the end of the current line.
    pub fn enter(&mut self, pos: &Position) {
        let hand = self.hand_of(pos);
        self.path.push(pos.board_key(), hand);
        let hash = self.line_hash_with(pos.key());
        self.path_hashes.push(hash);
        // (the filter's block for this position's children, read when it is expanded)
        self.repetition_failures.prefetch(hash);
    }

    /// Plies of the current line before its last position.
    pub fn line_plies(&self) -> usize {
        self.path_hashes.len().saturating_sub(1)
    }

    /// Takes `pos`, the last position of the current line, off it.
    pub fn leave(&mut self, pos: &Position) {
        debug_assert_eq!(self.path.stack.last().map(|&(b, _, _)| b), Some(pos.board_key()));
        self.path.pop();
        self.path_hashes.pop();
    }

    /// The hash of the current line (0 before its first position).
    fn line_hash(&self) -> u128 {
        self.path_hashes.last().copied().unwrap_or(0)
    }

    /// The hash of the current line extended by the position whose key is `key`.
    fn line_hash_with(&self, key: Key) -> u128 {
        // a multiply-xorshift mix: the order of the positions matters
        let x = (self.line_hash() ^ key).wrapping_mul(0x9E37_79B9_7F4A_7C15_F39C_C060_5CED_C835);
        x ^ (x >> 67)
    }

    /// Whether the position `keys`, after the current line, repeats a position of it
    /// or is known to fail after exactly this line because of a repetition further on.
    fn fails_by_repetition(&self, keys: &Keys) -> bool {
        self.repeats(keys)
            || self
                .repetition_failures
                .contains(self.line_hash(), self.line_hash_with(keys.full))
    }

    /// Whether `pos` repeats a position of the current line, or is dominated by one
    /// (see `repeats`).
    pub fn on_path(&self, pos: &Position) -> bool {
        self.repeats(&self.keys_of(pos))
    }

    /// Whether the position `keys` repeats a position of the current line, or is
    /// dominated by one: the same board with the attacker holding no more of any kind
    /// (under ordinary rules a larger hand never hurts, so coming back with a smaller
    /// one is no progress; KomoringHeights prunes the same way). A line through it
    /// never gives the shortest mate. A position that the game before the problem has
    /// met three times counts too: it ends the game.
    fn repeats(&self, keys: &Keys) -> bool {
        if self.prior.ends_game_at_key(keys.full) {
            return true;
        }
        let mut hands = self.path.hands_of(keys.board);
        if self.superiority {
            hands.any(|earlier| self.codec.covers(earlier, keys.hand))
        } else {
            hands.any(|earlier| earlier == keys.hand)
        }
    }

    /// The identity of `pos` for the table and the path.
    fn keys_of(&self, pos: &Position) -> Keys {
        Keys {
            board: pos.board_key(),
            full: pos.key(),
            hand: self.hand_of(pos),
        }
    }

    /// The identity of the position after `m` in `pos` (identified by `keys`), without
    /// playing it: only the mover's hand changes (`Position::hand_after`; under ordinary
    /// rules with superiority a drop leaves the packed hand, a capture joins it).
    fn keys_after(&self, pos: &Position, keys: &Keys, m: Move) -> Keys {
        let hand = if pos.side_to_move() != self.attacker {
            keys.hand
        } else if !self.superiority {
            self.codec.pack(&pos.hand_after(m))
        } else if let Some(kind) = m.drop_kind() {
            self.codec.minus(keys.hand, kind)
        } else {
            match pos.piece_at(m.to()).and_then(|p| p.kind.hand_kind()) {
                Some(kind) => self.codec.plus(keys.hand, kind),
                None => keys.hand,
            }
        };
        let (board, full) = pos.keys_after(keys.board, m);
        Keys { board, full, hand }
    }

    /// Whether the defender's reply `m` in `pos` is a futile interposition when `pos` is
    /// asked for a mate of value at most `bound` (`Futile::Skip`: a drop whose probe,
    /// the checker moved to its square, mates within the bound), searching the probe if
    /// the table does not know it (`None`: a limit was hit deciding).
    pub fn is_futile(&mut self, pos: &Position, m: Move, bound: MateLen) -> Option<bool> {
        let Some(probe) = self.probe_of(pos, m) else {
            return Some(false);
        };
        if let Some(r) = self.known(&probe, bound) {
            return Some(r.is_proven());
        }
        self.enter(&probe);
        let r = self.solve(&probe, bound);
        self.leave(&probe);
        (r.is_proven() || r.is_disproven()).then_some(r.is_proven())
    }

    /// Whether the table knows the reply `m` in `pos` to be a futile interposition (for
    /// any bound).
    pub fn known_futile(&self, pos: &Position, m: Move) -> bool {
        self.probe_of(pos, m)
            .and_then(|probe| self.known(&probe, mate_len::ANY))
            .is_some_and(|r| r.is_proven())
    }

    /// The probe position of the reply `m` in `pos`, if `Futile::Skip` may find it futile.
    pub fn probe_of(&self, pos: &Position, m: Move) -> Option<Position> {
        if self.futile != Futile::Skip || !m.is_drop() {
            return None;
        }
        let Probe { from, promote } = interposition_probe(pos, self.rules, m.to())?;
        pos.with_piece_moved(from, m.to(), promote)
    }

    /// Searches `pos` until it is resolved for `bound` or a limit is hit (the result is
    /// then open). `pos` itself must be on the path already, as must the line leading
    /// to it.
    pub fn solve(&mut self, pos: &Position, bound: MateLen) -> Res {
        // A line's failure holds for the bound it was searched with: within one search
        // a position after a given line always has the same bound.
        self.repetition_failures.clear();
        let mut res = Res::open(1, 1);
        while !self.stopped() && !res.is_proven() && !res.is_disproven() {
            res = self.mid(pos, INF - 1, INF - 1, bound, true);
        }
        res
    }

    /// `solve` that gives up (open) after `nodes` more nodes.
    pub fn solve_within(&mut self, pos: &Position, bound: MateLen, nodes: u64) -> Res {
        self.query_end = Some(self.nodes.saturating_add(nodes));
        let res = self.solve(pos, bound);
        self.query_end = None;
        res
    }

    /// A limit of the whole search or of the current query was hit.
    fn stopped(&self) -> bool {
        self.limit_hit.is_some() || self.query_end.is_some_and(|end| self.nodes >= end)
    }

    /// What the table says of `pos` for `bound`, as a search result (`None`: open).
    pub fn known(&self, pos: &Position, bound: MateLen) -> Option<Res> {
        let hand = self.hand_of(pos);
        match self.table.look_up(&self.codec, pos.board_key(), hand, bound) {
            Known::Proven { value, hand: ph } => Some(Res::proven(value, ph)),
            Known::Disproven { lo, hand: dh } => Some(Res::disproven(lo, dh, false)),
            Known::Open { .. } => None,
        }
    }

    fn poll(&mut self) {
        self.nodes += 1;
        if self.nodes < self.next_poll {
            return;
        }
        self.next_poll = self.nodes + POLL_NODES;
        if let Some(limit) = self.limits.reached(self.nodes, self.started) {
            self.limit_hit = Some(limit);
        }
        if self.last_report.elapsed() >= REPORT_EVERY {
            self.last_report = Instant::now();
            let line = self.line_moves.iter().map_while(|m| *m).collect();
            self.report(line);
        }
    }

    pub fn report(&mut self, line: Vec<Move>) {
        let p = TsumeProgress {
            nodes: self.nodes,
            elapsed_ms: self.started.elapsed().as_millis(),
            phase: self.phase,
            proof_number: self.root_numbers.0 as u64,
            disproof_number: self.root_numbers.1 as u64,
            table_permille: self.table.permille(),
            depth: self.path_hashes.len() as u32,
            line,
        };
        (self.progress)(&p);
    }

    /// One df-pn visit of `pos`: searches until its numbers reach a threshold or it is
    /// resolved for `bound`.
    fn mid(&mut self, pos: &Position, th_pn: u32, th_dn: u32, bound: MateLen, root: bool) -> Res {
        self.poll();
        self.max_depth = self.max_depth.max(self.path_hashes.len());
        self.expansions += 1;
        let or_node = pos.side_to_move() == self.attacker;
        self.table.make_room();
        let nodes_before = self.nodes;
        let hand = self.hand_of(pos);
        let key = pos.board_key();
        let mut slots = self.slot_lists.pop().unwrap_or_else(|| Vec::with_capacity(32));
        let early = if bound <= SMALL_BOUND {
            // A few plies from the bound a plain search is cheaper than the machinery.
            Some(match self.small_mate(pos, None, bound) {
                Some(value) => Res::proven(value, hand),
                None => Res::disproven(bound + 1, hand, false),
            })
        } else if or_node {
            self.expand_or(pos, hand, bound, &mut slots)
        } else {
            self.expand_and(pos, hand, bound, &mut slots)
        };
        let res = match early {
            Some(res) => res,
            None => self.visit(pos, or_node, hand, bound, (th_pn, th_dn), &mut slots, root),
        };
        slots.clear();
        self.slot_lists.push(slots);
        let amount = (self.nodes - nodes_before).min(u32::MAX as u64) as u32;
        if res.is_proven() {
            self.table.store_proven(key, res.hand, res.value, amount.max(1));
        } else if res.is_disproven() {
            if !res.repetition {
                self.table.store_disproven(key, res.hand, res.lo, amount.max(1));
            } else if let Some((&line, before)) = self.path_hashes.split_last() {
                let parent = before.last().copied().unwrap_or(0);
                self.repetition_failures.insert(parent, line);
            }
        } else {
            self.table.store_open(key, hand, res.pn, res.dn, amount);
        }
        res
    }

    /// The loop of a visit: picks the most promising child and searches it, until the
    /// node's numbers reach a threshold.
    #[allow(clippy::too_many_arguments)]
    fn visit(
        &mut self,
        pos: &Position,
        or_node: bool,
        hand: PackedHand,
        bound: MateLen,
        (th_pn, th_dn): (u32, u32),
        slots: &mut [Slot],
        root: bool,
    ) -> Res {
        loop {
            let (res, best, second) = if or_node {
                self.aggregate_or(pos, hand, slots)
            } else {
                self.aggregate_and(pos, hand, slots)
            };
            if root {
                self.root_numbers = (res.pn, res.dn);
            }
            if res.is_proven() || res.is_disproven() || res.pn >= th_pn || res.dn >= th_dn || self.stopped() {
                return res;
            }
            let Some((best, best_pn, best_dn)) = best else {
                return res;
            };
            // thresholds (df-pn+ with 1+ε, ε = 1/4)
            let grow = |n: u32| n.saturating_add(n / 4).saturating_add(1).min(INF - 1);
            let limit = second.map_or(INF - 1, grow);
            let (c_pn, c_dn) = if or_node {
                let others = res.dn.saturating_sub(best_dn);
                (th_pn.min(limit), th_dn.saturating_sub(others).max(best_dn + 1))
            } else {
                let others = res.pn.saturating_sub(best_pn);
                (th_pn.saturating_sub(others).max(best_pn + 1), th_dn.min(limit))
            };
            match &mut slots[best] {
                Slot::Move(m, r) => {
                    let m = *m;
                    *r = self.search_move(pos, m, (c_pn, c_dn), bound);
                }
                Slot::Drops(group) => self.search_group(pos, group, (c_pn, c_dn), bound),
            }
        }
    }

    /// Searches the position after `m` within thresholds.
    fn search_move(&mut self, pos: &Position, m: Move, (th_pn, th_dn): (u32, u32), bound: MateLen) -> Res {
        let Some(c_bound) = mate_len::child_bound(bound) else {
            return Res::disproven(1, self.hand_of(pos), false);
        };
        let next = pos.play(m);
        self.enter(&next);
        self.line_moves.push(Some(m));
        let r = self.mid(&next, th_pn, th_dn, c_bound, false);
        self.line_moves.pop();
        self.leave(&next);
        r
    }

    /// Searches the probe or the current drop of a group, whichever is the more likely
    /// to settle it, within the group's thresholds; then moves past proven drops.
    fn search_group(&mut self, pos: &Position, group: &mut DropGroup, th: (u32, u32), bound: MateLen) {
        let (th_pn, th_dn) = th;
        let drop_open = !group.current_res.is_disproven();
        let chain_pn = group.chain_pn();
        let probe_first = match &group.probe {
            Some((_, _, p)) if !p.is_disproven() => !drop_open || p.pn <= chain_pn,
            _ => false,
        };
        if probe_first {
            let Some((probe, square, p)) = group.probe.as_mut() else {
                return;
            };
            let others_dn = if drop_open { group.current_res.dn } else { 0 };
            let c_pn = th_pn.min(chain_pn.saturating_add(1)).max(p.pn + 1);
            let c_dn = th_dn.saturating_sub(others_dn).max(p.dn + 1);
            let next = pos
                .with_piece_moved(probe.from, *square, probe.promote)
                .expect("a checked probe");
            self.enter(&next);
            self.line_moves.push(None);
            *p = self.mid(&next, c_pn, c_dn, bound, false);
            self.line_moves.pop();
            self.leave(&next);
            return;
        }
        let probe_open = group
            .probe
            .as_ref()
            .filter(|(_, _, p)| !p.is_disproven())
            .map(|(_, _, p)| *p);
        let drop = group.current_res;
        let mut c_pn = th_pn.saturating_sub(chain_pn - drop.pn);
        let mut c_dn = th_dn;
        if let Some(p) = probe_open {
            c_pn = c_pn.min(p.pn.saturating_add(1));
            c_dn = c_dn.saturating_sub(p.dn);
        }
        let m = group.drops[group.current];
        group.current_res = self.search_move(pos, m, (c_pn.max(drop.pn + 1), c_dn.max(drop.dn + 1)), bound);
        self.advance_group(pos, group, bound);
    }

    /// Moves a group past its proven drops, looking each next one up.
    fn advance_group(&mut self, pos: &Position, group: &mut DropGroup, bound: MateLen) {
        while group.current_res.is_proven() {
            group.value = group.value.max(group.current_res.value);
            if self.superiority {
                group.proof = self.codec.max(group.proof, group.current_res.hand);
            }
            group.current += 1;
            if group.current == group.drops.len() {
                return;
            }
            group.current_res = self.look_up_reply(pos, group.drops[group.current], bound);
        }
    }

    /// An OR node's numbers from its children: proven by any child, disproven when
    /// all are. Returns the result, the best child with its numbers and the
    /// second-best proof number.
    #[allow(clippy::type_complexity)]
    fn aggregate_or(
        &self,
        pos: &Position,
        hand: PackedHand,
        slots: &[Slot],
    ) -> (Res, Option<(usize, u32, u32)>, Option<u32>) {
        let mut pn = INF;
        let mut dn: u32 = 0;
        let mut best = None;
        let mut second = None;
        let mut lo = NONE;
        let mut repetition = false;
        // (the identity of `min`: every kind at its most)
        let mut disproof = self.codec.raise_held(PackedHand::MAX);
        // Proven by its shortest proven child (a longer proof found first would give
        // the line a detour).
        let shortest = slots
            .iter()
            .filter_map(|slot| match slot {
                Slot::Move(m, r) if r.is_proven() => Some((r.value, *m, r.hand)),
                _ => None,
            })
            .min_by_key(|&(value, _, _)| value);
        if let Some((value, m, child_hand)) = shortest {
            let ph = if self.superiority {
                self.or_proof_hand(pos, m, child_hand)
            } else {
                hand
            };
            return (Res::proven(mate_len::before(value), ph), None, None);
        }
        for (i, slot) in slots.iter().enumerate() {
            let Slot::Move(m, r) = slot else { continue };
            if r.is_disproven() {
                repetition |= r.repetition;
                lo = lo.min(mate_len::before(r.lo));
                if self.superiority {
                    disproof = self.codec.min(disproof, self.or_proof_hand(pos, *m, r.hand));
                }
                continue;
            }
            // max + count rather than the sum: in a graph with many paths to one
            // position the sum counts it again and again and grows without bound.
            dn = if dn == 0 {
                r.dn
            } else {
                dn.max(r.dn).saturating_add(1).min(INF - 1)
            };
            if best.is_none_or(|(_, b_pn, _)| r.pn < b_pn) {
                second = best.map(|(_, b_pn, _)| b_pn);
                best = Some((i, r.pn, r.dn));
                pn = r.pn;
            } else if second.is_none_or(|s| r.pn < s) {
                second = Some(r.pn);
            }
        }
        if best.is_none() {
            let disproof = if self.superiority {
                self.clamp_to_held(disproof, hand)
            } else {
                hand
            };
            return (Res::disproven(lo, disproof, repetition), None, None);
        }
        (Res::open(pn, dn.max(1)), best, second)
    }

    /// An AND node's numbers: proven when every child is (a futile group counts as
    /// proven and adds no plies), disproven by any child.
    #[allow(clippy::type_complexity)]
    fn aggregate_and(
        &self,
        pos: &Position,
        hand: PackedHand,
        slots: &[Slot],
    ) -> (Res, Option<(usize, u32, u32)>, Option<u32>) {
        // the open children's proof numbers: their sum, largest and count
        let (mut sum, mut most, mut count) = (0u32, 0u32, 0u32);
        let mut best: Option<(usize, u32, u32)> = None;
        let mut second = None;
        let mut value = None;
        let mut proof = 0;
        let mut repetition_disproof = None;
        let mut unsupported = None;
        for (i, slot) in slots.iter().enumerate() {
            let (c_pn, c_dn) = match slot {
                Slot::Move(_, r) => {
                    if r.is_disproven() {
                        if !r.repetition {
                            return (Res::disproven(mate_len::before(r.lo), r.hand, false), None, None);
                        }
                        repetition_disproof = Some(*r);
                        continue;
                    }
                    if r.is_proven() {
                        proof = self.codec.max(proof, r.hand);
                        value = Some(value.unwrap_or(0).max(r.value));
                        continue;
                    }
                    (r.pn, r.dn)
                }
                Slot::Drops(group) => match group.state() {
                    GroupState::Futile(ph) => {
                        proof = self.codec.max(proof, ph);
                        continue;
                    }
                    GroupState::Proven(v, ph) => {
                        proof = self.codec.max(proof, ph);
                        value = Some(value.unwrap_or(0).max(v));
                        continue;
                    }
                    GroupState::Disproven(r) => {
                        if !r.repetition {
                            return (Res::disproven(mate_len::before(r.lo), r.hand, false), None, None);
                        }
                        repetition_disproof = Some(r);
                        continue;
                    }
                    GroupState::Open(pn, dn) => (pn, dn),
                },
            };
            if matches!(slot, Slot::Drops(g) if !g.supported) {
                unsupported = Some(unsupported.map_or(c_pn, |u: u32| u.max(c_pn)));
            } else {
                sum = sum.saturating_add(c_pn);
                most = most.max(c_pn);
                count += 1;
            }
            if best.is_none_or(|(_, _, b_dn)| c_dn < b_dn) {
                second = best.map(|(_, _, b_dn)| b_dn);
                best = Some((i, c_pn, c_dn));
            } else if second.is_none_or(|s| c_dn < s) {
                second = Some(c_dn);
            }
        }
        if let Some(r) = repetition_disproof {
            return (Res::disproven(mate_len::before(r.lo), hand, true), None, None);
        }
        // Drops on squares no defender's piece guards count once, by the largest of
        // their numbers (shtsume's idea): the checker takes such a piece and checks on
        // the same way whichever square it stood on, so one of them proven usually makes
        // the others quick, and counted apart they made the node look far harder than
        // it is. 煙詰's proof 12.6 M → 11.0 M nodes,
        // 寿's 5.35 M → 5.28 M, a fifth of the tanuki set the same.
        if let Some(u) = unsupported {
            sum = sum.saturating_add(u);
            most = most.max(u);
            count += 1;
        }
        let Some((_, _, dn)) = best else {
            // Every defence leads to a mate (or none is left: 透かし詰).
            let value = value.map_or(mate_len::MATED, mate_len::before);
            let proof = if self.superiority {
                self.and_proof_hand(pos, proof, hand)
            } else {
                hand
            };
            return (Res::proven(value, proof), None, None);
        };
        // The sum (the defences that are left must all be proven) while it is small,
        // max + count above `PN_SUM_LIMIT`: along a cycle the sum takes in the node's own
        // number again on each round and would double until it saturates (the search
        // then stalls on a perpetual check), max + count grows by one. Measured against
        // max + count alone: 寿's proof 10.1 M → 5.4 M nodes, a fifth of the tanuki set
        // 341 k → 281 k nodes, 煙詰 13.3 M → 12.6 M.
        let pn = if sum <= PN_SUM_LIMIT {
            sum
        } else {
            (most + count - 1).clamp(PN_SUM_LIMIT, INF - 1)
        };
        (Res::open(pn.max(1), dn), best, second)
    }

    /// The proof hand of an OR node proven by `m`: what the child needed, plus the
    /// piece a drop used, less the piece a capture gained. (The same transformation
    /// gives a disproof hand's contribution.)
    fn or_proof_hand(&self, pos: &Position, m: Move, child: PackedHand) -> PackedHand {
        if let Some(kind) = m.drop_kind() {
            return self.codec.plus(child, kind);
        }
        match pos.piece_at(m.to()).and_then(|p| p.kind.hand_kind()) {
            Some(kind) => self.codec.minus(child, kind),
            None => child,
        }
    }

    /// A disproof hand may claim more of the kinds held (their drops were all tried)
    /// but none of a kind not held: its drops were not.
    fn clamp_to_held(&self, disproof: PackedHand, hand: PackedHand) -> PackedHand {
        self.codec.min(disproof, self.codec.raise_held(hand))
    }

    /// The proof hand of an AND node: the largest of its children's, and, when the check
    /// could be blocked by a drop, every piece of a kind the defender lacks (with fewer,
    /// the defender would hold one to drop).
    fn and_proof_hand(&self, pos: &Position, children: PackedHand, hand: PackedHand) -> PackedHand {
        if check_is_interposable(pos) {
            self.codec
                .with_kinds_defender_lacks(children, hand, pos.hand(!self.attacker))
        } else {
            children
        }
    }

    /// The children of an OR node (the attacker's checks), or its result when the
    /// expansion already decides it (no check: no mate; a check that mates: proven).
    // (not inlined: its 8 KiB move list would stay in `mid`'s frame through the
    // recursion below it, a fresh stack page or more per level)
    #[inline(never)]
    fn expand_or(&mut self, pos: &Position, hand: PackedHand, bound: MateLen, out: &mut Vec<Slot>) -> Option<Res> {
        let Some(c_bound) = mate_len::child_bound(bound) else {
            // Every mate takes a ply at least.
            return Some(Res::disproven(1, hand, false));
        };
        // (filled here: a returned list would be copied whole, 8 KiB a node)
        let mut checks = MoveList::new();
        let _ = pos.generate_checks(self.rules, &mut checks);
        if checks.is_empty() {
            let dh = if self.superiority {
                self.codec.raise_held(hand)
            } else {
                hand
            };
            return Some(Res::disproven(NONE, dh, false));
        }
        let keys = self.keys_of(pos);
        let mut children = std::mem::take(&mut self.child_keys);
        children.clear();
        children.extend(checks.iter().map(|&m| self.keys_after(pos, &keys, m)));
        // Every child is a cache miss in the table: ask for them all at once.
        for k in &children {
            self.table.prefetch(k.board);
            self.defence_counts.prefetch(k.full);
        }
        for (&m, &k) in checks.iter().zip(&children) {
            let res = if self.fails_by_repetition(&k) {
                Res::disproven(NONE, hand, true)
            } else {
                match self.table.look_up(&self.codec, k.board, k.hand, c_bound) {
                    Known::Proven { value, hand: ph } => Res::proven(value, ph),
                    Known::Disproven { lo, hand: dh } => Res::disproven(lo, dh, false),
                    Known::Open {
                        numbers: Some((pn, dn)),
                        ..
                    } => Res::open(pn, dn),
                    Known::Open { numbers: None, .. } => {
                        let mut res = match self.defence_counts.get(k.full) {
                            Some(count) => {
                                // (a look all the same, counted as one: the search and
                                // its budgets are those of a search without the cache)
                                self.nodes += 1;
                                Res::open(count, 1)
                            }
                            None => {
                                let res = self.first_look_at_defence(&pos.play(m), m, k.hand);
                                if !res.is_proven() && !res.is_disproven() {
                                    self.defence_counts.put(k.full, res.pn);
                                }
                                res
                            }
                        };
                        if !res.is_proven() && !res.is_disproven() {
                            // A check from afar mates less often than one at the king
                            // (shtsume's first numbers): 寿's proof 5.28 M → 4.25 M nodes,
                            // 煙詰's 11.0 M → 8.1 M, a fifth of the tanuki set 282 k →
                            // 259 k with its certificates.
                            res.pn = res.pn.max(king_distance(pos, !self.attacker, m.to()));
                        }
                        if res.is_proven() {
                            self.table.store_proven(k.board, res.hand, res.value, 1);
                        }
                        res
                    }
                }
            };
            out.push(Slot::Move(m, res));
        }
        self.child_keys = children;
        None
    }

    /// A defender's position never searched: mated now (when the mate counts), else
    /// numbers from its number of defences (df-pn+; the drops on one square count once).
    fn first_look_at_defence(&mut self, pos: &Position, last: Move, hand: PackedHand) -> Res {
        self.nodes += 1;
        let mut defences = DefenceCount::default();
        let _ = pos.generate_legal(self.rules, &mut defences);
        if defences.n == 0 {
            if !self.rules.mate_counts(pos, Some(last)) || pos.stuck_unmated(self.rules) {
                // mated, but not as the stipulation asks (単純打歩): a dead end
                return Res::disproven(NONE, hand, false);
            }
            let ph = if self.superiority {
                self.and_proof_hand(pos, 0, hand)
            } else {
                hand
            };
            return Res::proven(mate_len::MATED, ph);
        }
        Res::open(defences.n, 1)
    }

    /// The children of an AND node (the defender's replies), the drops grouped by
    /// square.
    // (not inlined, as `expand_or`)
    #[inline(never)]
    fn expand_and(&mut self, pos: &Position, hand: PackedHand, bound: MateLen, out: &mut Vec<Slot>) -> Option<Res> {
        let mut replies = MoveList::new();
        let _ = pos.generate_legal(self.rules, &mut replies);
        if replies.is_empty() {
            if pos.stuck_unmated(self.rules) {
                return Some(Res::disproven(NONE, hand, false));
            }
            // Reached only as the root of a search: mated (the caller knows whether it
            // counts).
            return Some(Res::proven(mate_len::MATED, hand));
        }
        let keys = self.keys_of(pos);
        let mut children = std::mem::take(&mut self.child_keys);
        children.clear();
        children.extend(replies.iter().map(|&m| self.keys_after(pos, &keys, m)));
        // Asked for now: every board move, and of the drops on a square only the one its
        // group looks up first (the cheapest piece, below); the others are looked up
        // once it is proven, if ever. (A check from afar with most kinds in the
        // defender's hand has twenty drops or more; each one asked for is a memory
        // access competing with those the expansion waits for.)
        let mut cheapest = [u8::MAX; Square::NUM];
        for m in replies.iter() {
            if let Some(kind) = m.drop_kind() {
                let c = &mut cheapest[m.to().index()];
                *c = (*c).min(kind.index() as u8);
            }
        }
        let looked_up_now = |m: Move| {
            m.drop_kind()
                .is_none_or(|kind| kind.index() as u8 == cheapest[m.to().index()])
        };
        for (&m, k) in replies.iter().zip(&children) {
            if looked_up_now(m) {
                self.table.prefetch(k.board);
            }
        }
        for (&m, k) in replies.iter().zip(&children) {
            if !m.is_drop() {
                let res = self.look_up_keys(k, bound);
                out.push(Slot::Move(m, res));
                continue;
            }
            let square = m.to();
            if let Some(Slot::Drops(group)) = out
                .iter_mut()
                .find(|s| matches!(s, Slot::Drops(g) if g.drops[0].to() == square))
            {
                group.drops.push(m);
                continue;
            }
            let probe = match self.futile {
                Futile::Skip => interposition_probe(pos, self.rules, square).map(|probe| {
                    let next = pos
                        .with_piece_moved(probe.from, square, probe.promote)
                        .expect("a checked probe");
                    (probe, square, self.look_up_position(&next, bound))
                }),
                Futile::Count => None,
            };
            out.push(Slot::Drops(Box::new(DropGroup {
                drops: vec![m],
                current: 0,
                current_res: Res::open(1, 1),
                value: 0,
                proof: 0,
                probe,
                supported: pos.is_attacked(square, pos.side_to_move(), pos.occupied()),
            })));
        }
        self.child_keys = children;
        for slot in out.iter_mut() {
            if let Slot::Drops(group) = slot {
                // The cheapest piece first: it gives the attacker least when taken, so
                // it is the likeliest defence and the quickest to refute a mate with.
                group
                    .drops
                    .sort_by_key(|m| m.drop_kind().map_or(usize::MAX, |k| k.index()));
                group.current_res = self.look_up_reply(pos, group.drops[0], bound);
                self.advance_group(pos, group, bound);
            }
        }
        None
    }

    /// The exact value of the shortest mate within `plies` from `pos` (reached by
    /// `last`; `None` at the root of a search), by a plain AND/OR search without the
    /// table: for a few plies it is cheaper. Repetition within the line cannot matter
    /// within the bound (a mate that repeats a position has a shorter one that does
    /// not); a position that ends the game (`PriorGame`) does.
    fn small_mate(&mut self, pos: &Position, last: Option<Move>, plies: MateLen) -> Option<MateLen> {
        self.nodes += 1;
        if pos.side_to_move() != self.attacker {
            return self.small_defence(pos, last, plies);
        }
        // (filled here: a returned list would be copied whole, 8 KiB a node)
        let mut checks = MoveList::new();
        let _ = pos.generate_checks(self.rules, &mut checks);
        // the shortest first: a mate in 1, then in 3…
        (1..=plies).step_by(2).find(|&k| {
            checks.iter().any(|&m| {
                // (a mate at once? Most checks leave the king a flight, told unplayed)
                if k == 1 && pos.king_flees_after(m, self.rules) {
                    return false;
                }
                let next = pos.play(m);
                !self.prior.ends_game(&next) && self.small_defence(&next, Some(m), k - 1).is_some()
            })
        })
    }

    /// The exact value of the longest defence of `pos` (the defender to move, reached by
    /// `last`) if every defence is mated within `plies`.
    fn small_defence(&mut self, pos: &Position, last: Option<Move>, plies: MateLen) -> Option<MateLen> {
        if plies < 2 {
            // No time to mate after a reply: one reply that cannot be a futile drop
            // settles it, without generating the others (most of the tree's leaves).
            let mut escape = Escape {
                drops_count: self.futile == Futile::Count,
                found: false,
                any: false,
            };
            let _ = pos.generate_legal(self.rules, &mut escape);
            if escape.found {
                return None;
            }
            if !escape.any {
                // (no reply at all: the leaves that are mates need no second generation)
                return self.mated_here(pos, last);
            }
        }
        let mut replies = MoveList::new();
        let _ = pos.generate_legal(self.rules, &mut replies);
        if replies.is_empty() {
            return self.mated_here(pos, last);
        }
        let mut longest = mate_len::MATED;
        let mut futile_squares = yosei_core::Bitboard::EMPTY;
        for &m in replies.iter() {
            if futile_squares.contains(m.to()) && m.is_drop() {
                continue;
            }
            if let Some(probe) = self.probe_of(pos, m) {
                if self.small_defence(&probe, None, plies).is_some() {
                    futile_squares = futile_squares.with(m.to());
                    continue;
                }
            }
            if plies < 2 {
                return None;
            }
            let next = pos.play(m);
            if self.prior.ends_game(&next) {
                return None;
            }
            longest = longest.max(self.small_mate(&next, Some(m), plies - 1)? + 1);
        }
        Some(longest)
    }

    /// The value of `pos`, the defender to move with no legal reply (reached by `last`;
    /// `None` at the root of a search, where no move's kind is asked): mated, if the
    /// mate counts.
    fn mated_here(&self, pos: &Position, last: Option<Move>) -> Option<MateLen> {
        let counts = match last {
            Some(_) => self.rules.mate_counts(pos, last),
            None => self.rules.kings_stand_as_asked(pos),
        };
        (!pos.stuck_unmated(self.rules) && counts).then_some(mate_len::MATED)
    }

    /// What is known of `pos` for `bound`, or the numbers of a position never searched.
    fn look_up_position(&self, pos: &Position, bound: MateLen) -> Res {
        self.look_up_position_keys(&self.keys_of(pos), bound)
    }

    /// What is known of the position after a defender's reply (`keys`) for the bound of
    /// the position before it.
    fn look_up_keys(&self, keys: &Keys, bound: MateLen) -> Res {
        match mate_len::child_bound(bound) {
            // Only a mate now would do, and after a defence it is the attacker's turn.
            None => Res::disproven(1, keys.hand, false),
            Some(c_bound) => self.look_up_position_keys(keys, c_bound),
        }
    }

    fn look_up_position_keys(&self, keys: &Keys, bound: MateLen) -> Res {
        if self.fails_by_repetition(keys) {
            return Res::disproven(NONE, keys.hand, true);
        }
        match self.table.look_up(&self.codec, keys.board, keys.hand, bound) {
            Known::Proven { value, hand: ph } => Res::proven(value, ph),
            Known::Disproven { lo, hand: dh } => Res::disproven(lo, dh, false),
            Known::Open {
                numbers: Some((pn, dn)),
                ..
            } => Res::open(pn, dn),
            Known::Open { numbers: None, .. } => Res::open(1, 1),
        }
    }

    /// What is known of the position after the defender's reply `m`.
    fn look_up_reply(&self, pos: &Position, m: Move, bound: MateLen) -> Res {
        self.look_up_keys(&self.keys_after(pos, &self.keys_of(pos), m), bound)
    }
}

/// How many king steps `to` is from `side`'s king (0 without one).
fn king_distance(pos: &Position, side: Color, to: Square) -> u32 {
    pos.king(side).map_or(0, |king| {
        (king.file() - to.file()).abs().max((king.rank() - to.rank()).abs()) as u32
    })
}

/// Stops at the first reply that escapes a mate now: any move but a drop, which may be
/// a futile interposition (`Futile::Skip`), or any move at all when every
/// interposition counts.
struct Escape {
    drops_count: bool,
    found: bool,
    /// Whether any reply was generated.
    any: bool,
}

impl yosei_rules::MoveSink for Escape {
    #[inline]
    fn push(&mut self, m: Move) -> std::ops::ControlFlow<()> {
        self.any = true;
        if self.drops_count || !m.is_drop() {
            self.found = true;
            return std::ops::ControlFlow::Break(());
        }
        std::ops::ControlFlow::Continue(())
    }
}

/// Counts a position's defences as the search's children count them (the drops on one
/// square once), up to `DefenceCount::MOST`: the initial proof number of a new
/// defender's position.
#[derive(Default)]
struct DefenceCount {
    n: u32,
    drop_squares: yosei_core::Bitboard,
}

impl DefenceCount {
    const MOST: u32 = 16;
}

impl yosei_rules::MoveSink for DefenceCount {
    #[inline]
    fn push(&mut self, m: Move) -> std::ops::ControlFlow<()> {
        if m.is_drop() {
            if self.drop_squares.contains(m.to()) {
                return std::ops::ControlFlow::Continue(());
            }
            self.drop_squares = self.drop_squares.with(m.to());
        }
        self.n += 1;
        if self.n == Self::MOST {
            std::ops::ControlFlow::Break(())
        } else {
            std::ops::ControlFlow::Continue(())
        }
    }
}

/// Whether the check on the side to move could be blocked by a drop: one checker,
/// at a distance along a line (ordinary pieces; used for proof hands under ordinary
/// rules only).
fn check_is_interposable(pos: &Position) -> bool {
    let Some(king) = pos.king(pos.side_to_move()) else {
        return false;
    };
    let checkers = pos.checkers();
    match checkers.single() {
        Some(c) => (yosei_core::attacks::between(king, c) & !pos.occupied()).is_nonempty(),
        None => false,
    }
}

#[cfg(test)]
mod tests {
    use super::LinePositions;

    #[test]
    fn the_line_tells_the_hands_of_a_board_through_shared_slots_and_growth() {
        let mut line = LinePositions::new();
        let slots = LinePositions::FIRST_SLOTS as u128;
        // boards 7, 7 + slots, 7 + 2·slots share a slot at first; 7 comes back later
        line.push(7, 1);
        line.push(7 + slots, 2);
        line.push(7, 3);
        line.push(7 + 2 * slots, 4);
        let hands = |line: &LinePositions, board| line.hands_of(board).collect::<Vec<_>>();
        assert_eq!(hands(&line, 7), vec![3, 1]);
        assert_eq!(hands(&line, 7 + slots), vec![2]);
        assert!(hands(&line, 8).is_empty());
        // enough positions to make the slots grow: the chains are built again
        for i in 0..LinePositions::FIRST_SLOTS as u128 {
            line.push(1000 + i, 9);
        }
        assert!(line.heads.len() > LinePositions::FIRST_SLOTS);
        assert_eq!(hands(&line, 7), vec![3, 1]);
        assert_eq!(hands(&line, 7 + 2 * slots), vec![4]);
        for _ in 0..LinePositions::FIRST_SLOTS {
            line.pop();
        }
        line.pop();
        line.pop();
        assert_eq!(hands(&line, 7), vec![1]);
        assert_eq!(hands(&line, 7 + slots), vec![2]);
        assert!(hands(&line, 7 + 2 * slots).is_empty());
        line.pop();
        line.pop();
        assert!(hands(&line, 7).is_empty());
        assert!(line.heads.iter().all(|&h| h == 0));
        assert!(line.occupied.iter().all(|&w| w == 0));
    }
}
