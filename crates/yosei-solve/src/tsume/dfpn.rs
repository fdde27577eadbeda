//! The df-pn search (depth-first proof-number search with the 1+ε trick), asking of a
//! position: "can the attacker force a mate of value at most `bound`?" (`mate_len`).
//!
//! - **Proof and disproof hands** (ordinary rules): a proof is stored with the least
//!   hand it needs and serves every position with the same board and a larger hand;
//!   a disproof serves smaller hands (`table`). Under fairy rules hands must match.
//! - **Repetition**: a position already on the path is a failure for the attacker
//!   (rules.md §7: a line that repeats never mates). Such a failure holds for this
//!   path only, so a disproof that depends on one is returned to the parent but never
//!   stored (graph-history interaction); proofs never depend on the path.
//! - **Futile interpositions** (無駄合, `Futile::Skip`, see `futile`): a drop between a
//!   distant checker and the king is no defence when the position with the checker
//!   moved to that square, nothing dropped, is a mate. That position is searched first
//!   as a *probe*; only if it is no mate do the drops there become children.
//! - Children are expanded once per visit and kept on the stack with their numbers
//!   (local expansion); a child's numbers come back from its own search.

use super::futile::{interposition_probe, Probe};
use super::hand::{HandCodec, PackedHand};
use super::mate_len::{self, MateLen, ANY, NONE};
use super::table::{Known, Table};
use super::{Futile, TsumeProgress};
use crate::Limits;
use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hasher};
use std::time::{Duration, Instant};
use yosei_core::{Color, Move, Square};
use yosei_rules::{Key, Position, RuleSet};

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

/// How a child of a node is reached.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Edge {
    /// A legal move.
    Move(Move),
    /// The futility probe of the drops on `square` (`futile`): the checker moved from
    /// `from` to `square`, nothing dropped.
    Probe {
        from: Square,
        square: Square,
        promote: bool,
    },
}

#[derive(Clone, Copy, Debug)]
struct Child {
    edge: Edge,
    res: Res,
}

/// A hasher for keys that are already random (Zobrist).
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ b as u64;
        }
    }
    fn write_u128(&mut self, n: u128) {
        self.0 = n as u64;
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
    /// The positions of the current line (full keys), for repetition.
    path: HashSet<Key, BuildHasherDefault<KeyHasher>>,
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
}

/// Nodes between two looks at the clock and the limits.
const POLL_NODES: u64 = 4096;
const REPORT_EVERY: Duration = Duration::from_millis(500);

impl<'a> Dfpn<'a> {
    pub fn new(
        start: &Position,
        rules: &'a RuleSet,
        futile: Futile,
        limits: &'a Limits,
        progress: &'a mut dyn FnMut(&TsumeProgress),
    ) -> Dfpn<'a> {
        let attacker = start.side_to_move();
        let (codec, fits) = match HandCodec::for_position(start) {
            Some(c) => (c, true),
            None => (HandCodec::exact(), false),
        };
        let superiority = fits && rules.is_ordinary() && !start.has_fairy_pieces();
        // The table takes the memory asked for, less a little for the rest.
        let bytes = (limits.hash_mb << 20).saturating_sub(16 << 20).max(1 << 20);
        Dfpn {
            rules,
            attacker,
            codec,
            superiority,
            futile,
            table: Table::new(bytes),
            path: HashSet::default(),
            nodes: 0,
            limits,
            started: Instant::now(),
            limit_hit: None,
            next_poll: POLL_NODES,
            last_report: Instant::now(),
            phase: "proving",
            progress,
            root_numbers: (1, 1),
        }
    }

    /// The attacker's hand in `pos`, packed.
    pub fn hand_of(&self, pos: &Position) -> PackedHand {
        self.codec.pack(pos.hand(self.attacker))
    }

    pub fn enter(&mut self, pos: &Position) {
        self.path.insert(pos.key());
    }

    pub fn leave(&mut self, pos: &Position) {
        self.path.remove(&pos.key());
    }

    pub fn on_path(&self, pos: &Position) -> bool {
        self.path.contains(&pos.key())
    }

    /// The defender's replies in `pos` that count as defences: all of them, but for the
    /// drops that `Futile::Skip` finds futile (`None`: a limit was hit deciding).
    pub fn defences(&mut self, pos: &Position) -> Option<Vec<Move>> {
        let replies = pos.legal_moves(self.rules);
        let mut futile_squares: Vec<Square> = Vec::new();
        let mut kept_squares: Vec<Square> = Vec::new();
        let mut out = Vec::new();
        for &m in replies.iter() {
            if self.futile == Futile::Skip && m.is_drop() && !kept_squares.contains(&m.to()) {
                if futile_squares.contains(&m.to()) {
                    continue;
                }
                if let Some(Probe { from, promote }) = interposition_probe(pos, self.rules, m.to()) {
                    let probe = pos.with_piece_moved(from, m.to(), promote).expect("a checked probe");
                    self.enter(&probe);
                    let r = self.solve(&probe, ANY);
                    self.leave(&probe);
                    if r.is_proven() {
                        futile_squares.push(m.to());
                        continue;
                    }
                    if !r.is_disproven() {
                        return None;
                    }
                }
                kept_squares.push(m.to());
            }
            out.push(m);
        }
        Some(out)
    }

    /// Searches `pos` until it is resolved for `bound` or a limit is hit (the result is
    /// then open). `pos` itself must be on the path already, as must the line leading
    /// to it.
    pub fn solve(&mut self, pos: &Position, bound: MateLen) -> Res {
        let mut res = Res::open(1, 1);
        while self.limit_hit.is_none() && !res.is_proven() && !res.is_disproven() {
            res = self.mid(pos, INF - 1, INF - 1, bound, true);
        }
        res
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
        if self.limits.max_nodes.is_some_and(|n| self.nodes >= n) {
            self.limit_hit = Some("node limit reached (--nodes)".into());
        } else if self.limits.time_limit.is_some_and(|t| self.started.elapsed() >= t) {
            self.limit_hit = Some("time limit reached (--time-limit)".into());
        } else if self.limits.stopped() {
            self.limit_hit = Some("stopped".into());
        }
        if self.last_report.elapsed() >= REPORT_EVERY {
            self.last_report = Instant::now();
            self.report(Vec::new());
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
            line,
        };
        (self.progress)(&p);
    }

    /// One df-pn visit of `pos`: searches until its numbers reach a threshold or it is
    /// resolved for `bound`.
    fn mid(&mut self, pos: &Position, th_pn: u32, th_dn: u32, bound: MateLen, root: bool) -> Res {
        self.poll();
        let or_node = pos.side_to_move() == self.attacker;
        self.table.make_room();
        let nodes_before = self.nodes;
        let hand = self.hand_of(pos);
        let key = pos.board_key();
        let mut children = Vec::new();
        let mut deferred = Vec::new();
        let early = if or_node {
            self.expand_or(pos, hand, bound, &mut children)
        } else {
            self.expand_and(pos, hand, bound, &mut children, &mut deferred)
        };
        let res = match early {
            Some(res) => res,
            None => self.visit(
                pos,
                or_node,
                hand,
                bound,
                (th_pn, th_dn),
                &mut children,
                &mut deferred,
                root,
            ),
        };
        let amount = (self.nodes - nodes_before).min(u32::MAX as u64) as u32;
        if res.is_proven() {
            self.table.store_proven(key, res.hand, res.value, amount.max(1));
        } else if res.is_disproven() {
            if !res.repetition {
                self.table.store_disproven(key, res.hand, res.lo, amount.max(1));
            }
        } else {
            self.table.store_open(key, hand, res.pn, res.dn, amount);
        }
        res
    }

    /// The loop of a visit: picks the most promising child and searches it, until the
    /// node's numbers reach a threshold.
    /// `deferred`: the drops each unresolved probe stands for, by square.
    #[allow(clippy::too_many_arguments)]
    fn visit(
        &mut self,
        pos: &Position,
        or_node: bool,
        hand: PackedHand,
        bound: MateLen,
        (th_pn, th_dn): (u32, u32),
        children: &mut Vec<Child>,
        deferred: &mut Vec<(Square, Vec<Move>)>,
        root: bool,
    ) -> Res {
        loop {
            let (res, best, second) = if or_node {
                self.aggregate_or(pos, hand, children)
            } else {
                self.aggregate_and(pos, hand, children)
            };
            if root {
                self.root_numbers = (res.pn, res.dn);
            }
            if res.is_proven() || res.is_disproven() || res.pn >= th_pn || res.dn >= th_dn || self.limit_hit.is_some() {
                return res;
            }
            let Some(best) = best else { return res };
            let child = children[best];
            // thresholds (df-pn+ with 1+ε, ε = 1/4)
            let grow = |n: u32| n.saturating_add(n / 4).saturating_add(1).min(INF - 1);
            let (c_pn, c_dn) = if or_node {
                let limit = second.map_or(INF - 1, grow);
                let others = res.dn.saturating_sub(child.res.dn);
                (th_pn.min(limit), th_dn.saturating_sub(others).max(1))
            } else {
                let limit = second.map_or(INF - 1, grow);
                let others = res.pn.saturating_sub(child.res.pn);
                (th_pn.saturating_sub(others).max(1), th_dn.min(limit))
            };
            let (next, next_bound) = match child.edge {
                Edge::Move(m) => (pos.play(m), mate_len::child_bound(bound).unwrap_or(0)),
                Edge::Probe { from, square, promote } => (
                    pos.with_piece_moved(from, square, promote).expect("a checked probe"),
                    ANY,
                ),
            };
            self.path.insert(next.key());
            let r = self.mid(&next, c_pn, c_dn, next_bound, false);
            self.path.remove(&next.key());
            children[best].res = r;
            if let Edge::Probe { square, .. } = child.edge {
                if r.is_disproven() {
                    // The drops on this square are defences after all.
                    children.swap_remove(best);
                    if let Some(at) = deferred.iter().position(|(s, _)| *s == square) {
                        let (_, drops) = deferred.swap_remove(at);
                        for m in drops {
                            let c = self.and_child(pos, hand, m, bound);
                            children.push(c);
                        }
                    }
                }
            }
        }
    }

    /// An OR node's numbers from its children: proven by any child, disproven when
    /// all are. Returns the result and the best child with the second-best number.
    fn aggregate_or(&self, pos: &Position, hand: PackedHand, children: &[Child]) -> (Res, Option<usize>, Option<u32>) {
        let mut pn = INF;
        let mut dn: u32 = 0;
        let mut best = None;
        let mut second = None;
        let mut lo = NONE;
        let mut repetition = false;
        // (the identity of `min`: every kind at its most)
        let mut disproof = self.codec.raise_held(PackedHand::MAX);
        for (i, c) in children.iter().enumerate() {
            let r = &c.res;
            if r.is_proven() {
                let value = mate_len::before(r.value);
                let ph = if self.superiority {
                    self.or_proof_hand(pos, c.edge, r.hand)
                } else {
                    hand
                };
                return (Res::proven(value, ph), None, None);
            }
            if r.is_disproven() {
                repetition |= r.repetition;
                lo = lo.min(mate_len::before(r.lo));
                if self.superiority {
                    disproof = self.codec.min(disproof, self.or_disproof_hand(pos, c.edge, r.hand));
                }
                continue;
            }
            dn = dn.saturating_add(r.dn).min(INF - 1);
            if r.pn < pn {
                second = best.map(|b: usize| children[b].res.pn);
                pn = r.pn;
                best = Some(i);
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

    /// An AND node's numbers: proven when every child (probes included) is, disproven
    /// by any child.
    fn aggregate_and(&self, pos: &Position, hand: PackedHand, children: &[Child]) -> (Res, Option<usize>, Option<u32>) {
        let mut pn: u32 = 0;
        let mut dn = INF;
        let mut best = None;
        let mut second = None;
        let mut value = None;
        let mut proof = 0;
        let mut repetition_disproof = None;
        for (i, c) in children.iter().enumerate() {
            let r = &c.res;
            if r.is_disproven() {
                if !r.repetition {
                    let lo = mate_len::before(r.lo);
                    return (Res::disproven(lo, r.hand, false), None, None);
                }
                repetition_disproof = Some(*r);
                continue;
            }
            if r.is_proven() {
                if self.superiority {
                    proof = self.codec.max(proof, r.hand);
                }
                if matches!(c.edge, Edge::Move(_)) {
                    value = Some(value.unwrap_or(0).max(r.value));
                }
                continue;
            }
            pn = pn.saturating_add(r.pn).min(INF - 1);
            if r.dn < dn {
                second = best.map(|b: usize| children[b].res.dn);
                dn = r.dn;
                best = Some(i);
            } else if second.is_none_or(|s| r.dn < s) {
                second = Some(r.dn);
            }
        }
        if let Some(r) = repetition_disproof {
            return (Res::disproven(mate_len::before(r.lo), hand, true), None, None);
        }
        if best.is_none() {
            // Every defence leads to a mate (or none is left: 透かし詰).
            let value = match value {
                Some(v) => mate_len::before(v),
                None => mate_len::MATED,
            };

            let proof = if self.superiority {
                self.and_proof_hand(pos, proof, hand)
            } else {
                hand
            };
            return (Res::proven(value, proof), None, None);
        }
        (Res::open(pn.max(1), dn), best, second)
    }

    /// The proof hand of an OR node proven by `edge`: what the child needed, plus the
    /// piece a drop used, less the piece a capture gained.
    fn or_proof_hand(&self, pos: &Position, edge: Edge, child: PackedHand) -> PackedHand {
        let Edge::Move(m) = edge else { return child };
        if let Some(kind) = m.drop_kind() {
            return self.codec.plus(child, kind);
        }
        match pos.piece_at(m.to()).and_then(|p| p.kind.hand_kind()) {
            Some(kind) => self.codec.minus(child, kind),
            None => child,
        }
    }

    /// The disproof hand of an OR node as far as the child reached by `edge` says: the
    /// child's, with the piece a drop used added and a captured piece taken off.
    fn or_disproof_hand(&self, pos: &Position, edge: Edge, child: PackedHand) -> PackedHand {
        self.or_proof_hand(pos, edge, child)
    }

    /// A disproof hand may claim more of the kinds held (their drops were all tried)
    /// but none of a kind not held: its drops were not.
    fn clamp_to_held(&self, disproof: PackedHand, hand: PackedHand) -> PackedHand {
        // kinds not held are 0 in `hand`; min with "hand raised on held kinds" keeps
        // those at 0 and the others as the children allow.
        let raised = self.codec.raise_held(hand);
        self.codec.min(disproof, raised)
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
    fn expand_or(&mut self, pos: &Position, hand: PackedHand, bound: MateLen, out: &mut Vec<Child>) -> Option<Res> {
        let Some(c_bound) = mate_len::child_bound(bound) else {
            // Every mate takes a ply at least.
            return Some(Res::disproven(1, hand, false));
        };
        let checks = pos.legal_checks(self.rules);
        if checks.is_empty() {
            let dh = if self.superiority {
                self.codec.raise_held(hand)
            } else {
                hand
            };
            return Some(Res::disproven(NONE, dh, false));
        }
        for &m in checks.iter() {
            let next = pos.play(m);
            let res = if self.path.contains(&next.key()) {
                Res::disproven(NONE, hand, true)
            } else {
                let c_hand = self.hand_of(&next);
                match self.table.look_up(&self.codec, next.board_key(), c_hand, c_bound) {
                    Known::Proven { value, hand: ph } => Res::proven(value, ph),
                    Known::Disproven { lo, hand: dh } => Res::disproven(lo, dh, false),
                    Known::Open {
                        numbers: Some((pn, dn)),
                        ..
                    } => Res::open(pn, dn),
                    Known::Open { numbers: None, .. } => self.first_look_at_defence(&next, m, c_hand),
                }
            };
            out.push(Child {
                edge: Edge::Move(m),
                res,
            });
            if res.is_proven() {
                break;
            }
        }
        None
    }

    /// A defender's position never searched: mated now (when the mate counts), else
    /// numbers from its number of replies (df-pn+).
    fn first_look_at_defence(&mut self, pos: &Position, last: Move, hand: PackedHand) -> Res {
        self.nodes += 1;
        let replies = pos.legal_moves(self.rules);
        if replies.is_empty() {
            if !self.rules.mate_counts(Some(last)) {
                // mated, but not as the stipulation asks (単純打歩): a dead end
                return Res::disproven(NONE, hand, false);
            }
            let value = mate_len::MATED;
            let ph = if self.superiority {
                self.and_proof_hand(pos, 0, hand)
            } else {
                hand
            };
            return Res::proven(value, ph);
        }
        let n = replies.len() as u32;
        Res::open(n.min(16), 1)
    }

    /// The children of an AND node (the defender's replies), with the futility probes
    /// in place of the drops they stand for.
    fn expand_and(
        &mut self,
        pos: &Position,
        hand: PackedHand,
        bound: MateLen,
        out: &mut Vec<Child>,
        deferred: &mut Vec<(Square, Vec<Move>)>,
    ) -> Option<Res> {
        let replies = pos.legal_moves(self.rules);
        if replies.is_empty() {
            // Reached only as the root of a search: mated (the caller knows whether it
            // counts).
            return Some(Res::proven(mate_len::MATED, hand));
        }
        let mut probed: Vec<Square> = Vec::new();
        for &m in replies.iter() {
            if self.futile == Futile::Skip && m.is_drop() {
                if probed.contains(&m.to()) {
                    continue;
                }
                if let Some(Probe { from, promote }) = interposition_probe(pos, self.rules, m.to()) {
                    probed.push(m.to());
                    let edge = Edge::Probe {
                        from,
                        square: m.to(),
                        promote,
                    };
                    let probe = pos.with_piece_moved(from, m.to(), promote).expect("a checked probe");
                    let res = self.look_up_or_open(&probe, hand, ANY);
                    out.push(Child { edge, res });
                    continue;
                }
            }
            out.push(self.and_child(pos, hand, m, bound));
        }
        // Drops on a square whose probe is already known to be no mate are defences;
        // the others wait for their probe.
        let mut i = 0;
        while i < out.len() {
            if let Edge::Probe { square, .. } = out[i].edge {
                let drops = replies.iter().copied().filter(|m| m.is_drop() && m.to() == square);
                if out[i].res.is_disproven() {
                    out.swap_remove(i);
                    for m in drops {
                        let c = self.and_child(pos, hand, m, bound);
                        out.push(c);
                    }
                    continue;
                }
                deferred.push((square, drops.collect()));
            }
            i += 1;
        }
        None
    }

    fn look_up_or_open(&self, pos: &Position, hand: PackedHand, bound: MateLen) -> Res {
        if self.path.contains(&pos.key()) {
            return Res::disproven(NONE, hand, true);
        }
        match self.table.look_up(&self.codec, pos.board_key(), hand, bound) {
            Known::Proven { value, hand: ph } => Res::proven(value, ph),
            Known::Disproven { lo, hand: dh } => Res::disproven(lo, dh, false),
            Known::Open {
                numbers: Some((pn, dn)),
                ..
            } => Res::open(pn, dn),
            Known::Open { numbers: None, .. } => Res::open(1, 1),
        }
    }

    /// The child of an AND node reached by the defender's move `m`.
    fn and_child(&mut self, pos: &Position, hand: PackedHand, m: Move, bound: MateLen) -> Child {
        let res = match mate_len::child_bound(bound) {
            // Only a mate now would do, and after a defence it is the attacker's turn.
            None => Res::disproven(1, hand, false),
            Some(c_bound) => {
                let next = pos.play(m);
                self.look_up_or_open(&next, hand, c_bound)
            }
        };
        Child {
            edge: Edge::Move(m),
            res,
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
