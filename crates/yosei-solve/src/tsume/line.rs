//! The main line of a proven direct mate, and its certificate.
//!
//! The line follows the proofs the search found: the attacker plays the check whose
//! proof is the shortest, the defender the reply whose proof is the longest. A proof's
//! length bounds its position's value from above; the certificate turns the bounds
//! into exact values, from the end of the line back to its start:
//! - at each attacker move, every other check is asked whether it mates within as
//!   many plies: one that mates sooner replaces the move (the table now holds its
//!   proof) and the line after it is built again; one that mates as soon is a cook
//!   (余詰), at the last move an alternative mate (最終手余詰, noted, not a cook);
//! - at each defender move, every other reply whose proof is longer than the line
//!   after the move is asked whether it mates within that line's length: one that does
//!   not is a longer defence, which replaces the move.
//!
//! When every question has an answer, every position of the line has its exact value:
//! the length is exact (no mate in N − 2) and the cooks are complete. The certificate
//! has a node budget; a line whose certificate ran out of it says from where on it is
//! certified (the end of the line is certified first). Above that, each defence is the
//! one with the longest proof tree, as when the line was first built, so the line's
//! length still bounds the start's value from above.

use super::dfpn::{Dfpn, Res};
use super::hand::PackedHand;
use super::mate_len::{MateLen, ANY};
use super::rejoin::rejoins_line;
use super::Halt;
use std::collections::HashMap;
use yosei_core::Move;
use yosei_rules::{Key, MoveList, Position};

/// Nodes a first, unbounded look at another check may take: most fail at once.
const QUICK_LOOK: u64 = 2_000;
/// Plies left from which the quick look comes first (closer to the end a search to
/// the bound is cheap).
const QUICK_LOOK_FROM: MateLen = 12;

/// The certified line.
pub(super) struct Line {
    pub moves: Vec<Move>,
    /// Other checks that mate as fast at the attacker's moves and are another solution:
    /// (index in `moves`, move).
    pub cooks: Vec<(usize, Move)>,
    /// Other checks that mate as fast and come back to the line's own position at the
    /// same ply (非限定, 手順前後: `rejoin`): (index in `moves`, the moves from the
    /// check to where it rejoins).
    pub rejoining: Vec<(usize, Vec<Move>)>,
    /// Other mating moves at the line's last move.
    pub final_duals: Vec<(usize, Move)>,
    /// The last ply (counted from 1) with a question left unanswered: the line is
    /// certified after it.
    pub unanswered_at: Option<usize>,
}

/// What another move at a move of the line does, compared with the line.
enum Answer {
    /// An attacker's check that mates sooner, a defence that lasts longer.
    Better,
    /// As soon (a check), at most as long (a defence).
    Equal,
    Worse,
    /// The budget ran out before the answer.
    Unknown,
}

/// How many other equally long defences may be tried in all when the line has faults.
pub(super) const ALTERNATIVES: u32 = 200;

/// What certifying a line (or its end) found.
#[derive(Default)]
struct Findings {
    cooks: Vec<(usize, Move)>,
    final_duals: Vec<(usize, Move)>,
    unanswered_at: Option<usize>,
    /// Defences at most as long as the line's (index, move): the candidates when the
    /// line has faults.
    equal_defences: Vec<(usize, Move)>,
}

impl Findings {
    /// A question at the move `at` (0-based) had no answer within the budget.
    fn unanswered(&mut self, at: usize) {
        self.unanswered_at = Some(self.unanswered_at.map_or(at + 1, |p| p.max(at + 1)));
    }

    /// What makes the line from `from` on worse than another as long, worst first:
    /// cooks, pieces left at the end, alternative last moves.
    fn faults(&self, from: usize, leftover: u32) -> (usize, u32, usize) {
        (
            self.cooks.iter().filter(|&&(i, _)| i >= from).count(),
            leftover,
            self.final_duals.iter().filter(|&&(i, _)| i >= from).count(),
        )
    }
}

/// Builds the line from `start` (on the search's path) and certifies it within
/// `budget` nodes.
pub(super) fn certified_line(dfpn: &mut Dfpn, start: &Position, budget: u64) -> Result<Line, Halt> {
    let mut budget = budget;
    let mut moves = Vec::new();
    let mut positions = vec![start.clone()];
    extend_by_proofs(dfpn, &mut positions, &mut moves)?;
    shorten(dfpn, &mut positions, &mut moves)?;
    let mut findings = certify(dfpn, &mut positions, &mut moves, 0, &mut budget)?;
    let mut tries = ALTERNATIVES;
    prefer_faultless(dfpn, &mut positions, &mut moves, &mut findings, &mut budget, &mut tries)?;
    // (the start stays on the path, as the caller put it)
    let mut cooks = Vec::new();
    let mut rejoining = Vec::new();
    for (at, m) in findings.cooks {
        match rejoins_line(dfpn.rules, &positions, &moves, at, m) {
            Some(detour) => rejoining.push((at, detour)),
            None => cooks.push((at, m)),
        }
    }
    rejoining.sort_by_key(|(at, _)| *at);
    Ok(Line {
        moves,
        cooks,
        rejoining,
        final_duals: findings.final_duals,
        unanswered_at: findings.unanswered_at,
    })
}

/// Nodes a look for a sooner mate at one of the line's checks may take while the line
/// is shortened (`shorten`).
const SHORTEN_LOOK: u64 = 1_000;
/// The most times the line is built again while it is shortened (each time the table
/// holds a shorter proof; a guard, far above what long problems take).
const SHORTEN_REBUILDS: u32 = 1_000;
/// The nodes the shortening may take in all: a twentieth of the proof's, at least
/// `SHORTEN_MIN_NODES` (ミクロコスモス's 14 detours took 2.5 M nodes after a proof of
/// 127 M; 寿's line, which has none, would spend a quarter of its proof's 4.3 M
/// looking).
const SHORTEN_SHARE: u64 = 20;
const SHORTEN_MIN_NODES: u64 = 100_000;

/// Takes the line's detours out, from its start on: at each of the attacker's moves,
/// every other check gets a small search for a mate at least two plies sooner than the
/// line's. The proof stops at an attacker's position as soon as one check is proven,
/// however long its mate, so a check it never searched (a transposition that reaches
/// the same position sooner: ミクロコスモス's line went 1,581 plies, 14 detours of
/// four plies) is found nowhere in the table. A sooner mate found, the line is built
/// again from the start: a shorter attack after one defence can make another defence
/// the longest. This is no certificate (the looks are small, the proofs followed may
/// still be longer than the values), only a shorter line for the certificate to
/// start from.
fn shorten(dfpn: &mut Dfpn, positions: &mut Vec<Position>, moves: &mut Vec<Move>) -> Result<(), Halt> {
    // (the path holds the line up to `at`)
    leave_after(dfpn, positions, 0);
    let mut rebuilds = SHORTEN_REBUILDS;
    let start_nodes = dfpn.nodes;
    let budget = (dfpn.nodes / SHORTEN_SHARE).max(SHORTEN_MIN_NODES);
    let mut at = 0;
    while at < moves.len() {
        if dfpn.nodes - start_nodes >= budget {
            // (the rest of the line back on the path, as the caller expects it)
            enter_from(dfpn, positions, at + 1);
            break;
        }
        let pos = positions[at].clone();
        let plies_after = (moves.len() - at - 1) as MateLen;
        let mut changed_from = None;
        if pos.side_to_move() == dfpn.attacker && plies_after >= 2 && rebuilds > 0 {
            let played = moves[at];
            for m in pos.legal_checks(dfpn.rules).iter().copied().filter(|&m| m != played) {
                let next = pos.play(m);
                if dfpn.on_path(&next) || (!next.has_legal_move(dfpn.rules) && !dfpn.rules.mate_counts(&next, Some(m)))
                {
                    continue;
                }
                dfpn.enter(&next);
                let r = dfpn.solve_within(&next, plies_after - 2, SHORTEN_LOOK);
                dfpn.leave(&next);
                if dfpn.limit_hit.is_some() {
                    return Err(Halt::Limit);
                }
                if !r.is_proven() {
                    continue;
                }
                // The line again, from the start, by the proofs the table holds now.
                rebuilds -= 1;
                leave_after(dfpn, positions, 0);
                let mut new_positions = vec![positions[0].clone()];
                let mut new_moves = Vec::new();
                if !try_extend_by_proofs(dfpn, &mut new_positions, &mut new_moves)? {
                    // (the proofs lead back into the line now: it stays as it was)
                    enter_from(dfpn, positions, 1);
                    leave_after(dfpn, positions, at);
                    continue;
                }
                let same = moves.iter().zip(&new_moves).take_while(|(a, b)| a == b).count();
                if same == moves.len() && same == new_moves.len() {
                    // (the proofs followed are those of the line already)
                    leave_after(dfpn, positions, at);
                    continue;
                }
                if super::trace() {
                    eprintln!(
                        "shortened at ply {} ({} for {}): {} plies → {}, the line changed from ply {}",
                        at + 1,
                        m.to_usi(),
                        played.to_usi(),
                        moves.len(),
                        new_moves.len(),
                        same + 1
                    );
                }
                leave_after(dfpn, &new_positions, same);
                *moves = new_moves;
                *positions = new_positions;
                changed_from = Some(same);
                break;
            }
        }
        match changed_from {
            // (the questions from there on, on the new line)
            Some(same) => at = same,
            None => {
                at += 1;
                dfpn.enter(&positions[at]);
            }
        }
    }
    Ok(())
}

/// Where the line has faults and a defence as long as the line's leads elsewhere, the
/// line that way, if it has fewer: deepest first, within `tries` in all. The line that
/// way is itself the best of its own equally long defences (its faults may lie further
/// on, past a defence that avoids them), so the search recurses into it.
fn prefer_faultless(
    dfpn: &mut Dfpn,
    positions: &mut Vec<Position>,
    moves: &mut Vec<Move>,
    findings: &mut Findings,
    budget: &mut u64,
    tries: &mut u32,
) -> Result<(), Halt> {
    let mut candidates = std::mem::take(&mut findings.equal_defences);
    candidates.sort_by_key(|&(at, _)| std::cmp::Reverse(at));
    for (at, m) in candidates {
        let leftover = leftover_at_end(dfpn, positions);
        if *tries == 0 || at >= moves.len() || findings.faults(at, leftover) == (0, 0, 0) {
            continue;
        }
        *tries -= 1;
        // Exactly as long? (its proof is at most as long)
        let plies_after = (moves.len() - at - 1) as MateLen;
        let next = positions[at].play(m);
        for p in &positions[1..=at] {
            dfpn.enter(p);
        }
        let exact = plies_after == 0 || {
            dfpn.enter(&next);
            let r = ask(dfpn, &next, plies_after - 1, u64::MAX, budget);
            dfpn.leave(&next);
            matches!(r?, Some(r) if r.is_disproven())
        };
        if !exact {
            leave_after(dfpn, positions, 0);
            continue;
        }
        let mut other_positions = positions[..=at].to_vec();
        let mut other_moves = moves[..at].to_vec();
        other_moves.push(m);
        other_positions.push(next.clone());
        dfpn.enter(&next);
        if !try_extend_by_proofs(dfpn, &mut other_positions, &mut other_moves)? {
            // (its proofs come back into the line: not a way to take)
            leave_after(dfpn, &other_positions, 0);
            continue;
        }
        let mut other = certify(dfpn, &mut other_positions, &mut other_moves, at + 1, budget)?;
        leave_after(dfpn, &other_positions, 0);
        prefer_faultless(dfpn, &mut other_positions, &mut other_moves, &mut other, budget, tries)?;
        let other_leftover = leftover_at_end(dfpn, &other_positions);
        if other_moves.len() == moves.len()
            && other.unanswered_at.is_none()
            && other.faults(at, other_leftover) < findings.faults(at, leftover)
        {
            findings.cooks.retain(|&(i, _)| i < at);
            findings.final_duals.retain(|&(i, _)| i < at);
            findings.cooks.extend(other.cooks.into_iter().filter(|&(i, _)| i > at));
            findings
                .final_duals
                .extend(other.final_duals.into_iter().filter(|&(i, _)| i > at));
            *positions = other_positions;
            *moves = other_moves;
        }
    }
    Ok(())
}

fn leftover_at_end(dfpn: &Dfpn, positions: &[Position]) -> u32 {
    positions.last().map_or(0, |p| p.hand(dfpn.attacker).total())
}

/// Certifies the line's positions from its end back to `positions[from]` (the whole
/// line is on the search's path; afterwards `positions[..=from]` are), replacing moves
/// that a shorter mate or a longer defence beats.
fn certify(
    dfpn: &mut Dfpn,
    positions: &mut Vec<Position>,
    moves: &mut Vec<Move>,
    from: usize,
    budget: &mut u64,
) -> Result<Findings, Halt> {
    let mut findings = Findings::default();
    // (the proofs' verdicts once the budget is spent, kept across the line's changes)
    let mut proofs = ProofTree::default();
    let mut at = moves.len();
    while at > from {
        at -= 1;
        leave_after(dfpn, positions, at);
        let pos = positions[at].clone();
        let played = moves[at];
        let plies_after = (moves.len() - at - 1) as MateLen;
        let attacker = pos.side_to_move() == dfpn.attacker;
        let others: Vec<Move> = if attacker {
            pos.legal_checks(dfpn.rules)
        } else {
            pos.legal_moves(dfpn.rules)
        }
        .iter()
        .copied()
        .filter(|&m| m != played)
        .collect();
        let mut replaced = None;
        if !attacker {
            // The line's defence, if a drop, must not be a futile one.
            match drop_is_futile(dfpn, &pos, played, plies_after + 1, budget)? {
                Some(true) => {
                    let mut excluded = vec![played];
                    loop {
                        match longest_defence(dfpn, &pos, &excluded)? {
                            Some(m) if drop_is_futile(dfpn, &pos, m, plies_after + 1, budget)? == Some(true) => {
                                excluded.push(m)
                            }
                            other => {
                                replaced = Some(other);
                                break;
                            }
                        }
                    }
                }
                Some(false) => {}
                None => findings.unanswered(at),
            }
        }
        for m in others.into_iter().filter(|_| replaced.is_none()) {
            let next = pos.play(m);
            if dfpn.on_path(&next) {
                continue;
            }
            let answer = if attacker {
                if !next.has_legal_move(dfpn.rules) && !dfpn.rules.mate_counts(&next, Some(m)) {
                    continue;
                }
                other_check(dfpn, &next, plies_after, budget)?
            } else {
                let answer = other_defence(dfpn, &next, plies_after, budget)?;
                match answer {
                    // a longer drop only counts if it is no futile interposition
                    Answer::Better | Answer::Equal => match drop_is_futile(dfpn, &pos, m, plies_after + 1, budget)? {
                        Some(true) => Answer::Worse,
                        Some(false) => answer,
                        None => Answer::Unknown,
                    },
                    answer => answer,
                }
            };
            match answer {
                Answer::Better => {
                    replaced = Some(Some(m));
                    break;
                }
                Answer::Equal if attacker && plies_after == 0 => findings.final_duals.push((at, m)),
                Answer::Equal if attacker => findings.cooks.push((at, m)),
                Answer::Equal => findings.equal_defences.push((at, m)),
                Answer::Worse => {}
                Answer::Unknown => findings.unanswered(at),
            }
        }
        if replaced.is_none() && !attacker && *budget == 0 {
            // Out of budget, this defence went unchecked; the line after it may have
            // been shortened by a sooner mate found below. The proofs choose here, as
            // they chose the line: a defence whose proof tree is longer than the line
            // takes its place, so that an uncertified line is never shorter than the
            // mate it stands for (a proof tree's depth bounds its position's value).
            if let Some((mate, Some(m))) = proofs.evaluate_defender(dfpn, &pos, &[])? {
                if mate.plies > plies_after + 1 {
                    replaced = Some(Some(m));
                }
            }
        }
        if let Some(m) = replaced {
            // A shorter mate, a longer defence, or the line's defence was futile: the
            // line goes another way from here (or ends here, every defence being
            // futile), and what was certified after here is no more.
            let mut other_moves = moves[..at].to_vec();
            let mut other_positions = positions[..=at].to_vec();
            if let Some(m) = m {
                other_moves.push(m);
                other_positions.push(pos.play(m));
            }
            enter_from(dfpn, &other_positions, at + 1);
            if !try_extend_by_proofs(dfpn, &mut other_positions, &mut other_moves)? {
                // The proofs of the other way come back into the line: the question
                // stays open, the line stays as it was.
                if super::trace() {
                    eprintln!("the proofs after ply {} come back into the line", at + 1);
                }
                leave_after(dfpn, &other_positions, at);
                enter_from(dfpn, positions, at + 1);
                findings.unanswered(at);
                continue;
            }
            *moves = other_moves;
            *positions = other_positions;
            findings.cooks.retain(|&(i, _)| i < at);
            findings.final_duals.retain(|&(i, _)| i < at);
            findings.equal_defences.retain(|&(i, _)| i < at);
            if findings.unanswered_at.is_some_and(|p| p > at) {
                findings.unanswered_at = None;
            }
            at = moves.len();
        }
    }
    Ok(findings)
}

/// Whether the defender's reply `m` in `pos` is a futile interposition when `pos` is
/// worth `value`: a drop whose probe (the checker moved to its square) mates within
/// it (`None`: the budget ran out).
fn drop_is_futile(
    dfpn: &mut Dfpn,
    pos: &Position,
    m: Move,
    value: MateLen,
    budget: &mut u64,
) -> Result<Option<bool>, Halt> {
    let Some(probe) = dfpn.probe_of(pos, m) else {
        return Ok(Some(false));
    };
    if let Some(r) = dfpn.known(&probe, value) {
        return Ok(Some(r.is_proven()));
    }
    dfpn.enter(&probe);
    let r = ask(dfpn, &probe, value, u64::MAX, budget);
    dfpn.leave(&probe);
    Ok(r?.map(|r| r.is_proven()))
}

/// Puts `positions[from..]` on the search's path.
fn enter_from(dfpn: &mut Dfpn, positions: &[Position], from: usize) {
    for p in &positions[from..] {
        dfpn.enter(p);
    }
}

/// Takes the positions after `positions[at]` off the search's path (they are on it
/// up to the line's end, or up to `at + 1` if the loop took the others off already).
fn leave_after(dfpn: &mut Dfpn, positions: &[Position], at: usize) {
    while dfpn.line_plies() > at {
        let last = dfpn.line_plies();
        dfpn.leave(&positions[last]);
    }
}

/// Follows the proofs from the last of `positions` to a mate, entering each position
/// on the search's path: the attacker's check with the shortest proof, the defender's
/// reply whose proof tree is the longest (`ProofTree`). An error if the proofs lead
/// back into the line.
fn extend_by_proofs(dfpn: &mut Dfpn, positions: &mut Vec<Position>, moves: &mut Vec<Move>) -> Result<(), Halt> {
    if try_extend_by_proofs(dfpn, positions, moves)? {
        return Ok(());
    }
    Err(Halt::Internal(format!(
        "no proof to follow at ply {}",
        positions.last().expect("the start").move_number()
    )))
}

/// `extend_by_proofs`, but `false` (nothing changed) when the proofs lead back into
/// the line: the table's proofs were found along other lines, and followed from here
/// one of them can come back to a position of this line (graph-history interaction),
/// which is no mate on this line.
fn try_extend_by_proofs(dfpn: &mut Dfpn, positions: &mut Vec<Position>, moves: &mut Vec<Move>) -> Result<bool, Halt> {
    let mut tree = ProofTree::default();
    let last = positions.last().expect("the start").clone();
    if tree.evaluate(dfpn, &last, &[])?.is_none() {
        return Ok(false);
    }
    loop {
        let pos = positions.last().expect("the start").clone();
        let Some(m) = tree.best_move(dfpn, &pos) else {
            return Ok(true);
        };
        let after = pos.play(m);
        dfpn.enter(&after);
        positions.push(after);
        moves.push(m);
    }
}

/// The mates the table's proofs give, evaluated: at the attacker's moves the check
/// whose stored proof is the shortest, at the defender's every reply, the longest
/// counting. A stored proof's length only bounds its position's value (a proof found
/// early through a longer way), and the longest reply by stored length is not always
/// the longest by the proofs below it; this is what the line follows. Positions that
/// lead back into the line are no way to mate (they are left out). Among equally
/// long replies the defender takes the one that leaves the attacker fewest pieces at
/// the end (rules.md §8: the hand decides between equal lengths), so that a line the
/// certificate's budget cannot reach the end of for `prefer_faultless` still avoids
/// the leftovers the proofs can tell.
#[derive(Default)]
struct ProofTree {
    /// (board, attacker's hand) → the mate and the move that gives it.
    evaluated: HashMap<(Key, PackedHand), (ProvenMate, Option<Move>)>,
}

/// A mate the proofs give: its plies and the pieces the attacker holds at its end.
#[derive(Clone, Copy)]
struct ProvenMate {
    plies: MateLen,
    leftover: u32,
}

impl ProvenMate {
    /// Whether the line takes this defence's mate rather than `other`: longer, or as
    /// long with fewer pieces left in the attacker's hand.
    fn outlasts(self, other: ProvenMate) -> bool {
        (self.plies, std::cmp::Reverse(self.leftover)) > (other.plies, std::cmp::Reverse(other.leftover))
    }
}

impl ProofTree {
    fn best_move(&self, dfpn: &Dfpn, pos: &Position) -> Option<Move> {
        let key = (pos.board_key(), dfpn.hand_of(pos));
        self.evaluated.get(&key).and_then(|&(_, m)| m)
    }

    /// The plies to mate from `pos` (on the search's path) by the proofs, the
    /// defender's replies in `excluded` left out (`None`: the proofs lead back into the
    /// line).
    fn evaluate(&mut self, dfpn: &mut Dfpn, pos: &Position, excluded: &[Move]) -> Result<Option<ProvenMate>, Halt> {
        let key = (pos.board_key(), dfpn.hand_of(pos));
        if excluded.is_empty() {
            if let Some(&(mate, _)) = self.evaluated.get(&key) {
                return Ok(Some(mate));
            }
        }
        let found = if pos.side_to_move() == dfpn.attacker {
            self.evaluate_attacker(dfpn, pos)?
        } else {
            self.evaluate_defender(dfpn, pos, excluded)?
        };
        if let Some(e) = found {
            self.evaluated.insert(key, e);
        }
        Ok(found.map(|(mate, _)| mate))
    }

    fn evaluate_attacker(
        &mut self,
        dfpn: &mut Dfpn,
        pos: &Position,
    ) -> Result<Option<(ProvenMate, Option<Move>)>, Halt> {
        for m in proven_checks(dfpn, pos)? {
            let next = pos.play(m);
            dfpn.enter(&next);
            let mate = self.evaluate(dfpn, &next, &[]);
            dfpn.leave(&next);
            if let Some(mate) = mate? {
                let plies = mate.plies + 1;
                return Ok(Some((ProvenMate { plies, ..mate }, Some(m))));
            }
        }
        Ok(None)
    }

    fn evaluate_defender(
        &mut self,
        dfpn: &mut Dfpn,
        pos: &Position,
        excluded: &[Move],
    ) -> Result<Option<(ProvenMate, Option<Move>)>, Halt> {
        let mut longest: Option<(ProvenMate, Move)> = None;
        let mut replies = MoveList::new();
        let _ = pos.generate_legal(dfpn.rules, &mut replies);
        for &m in replies.iter() {
            if excluded.contains(&m) || dfpn.known_futile(pos, m) {
                continue;
            }
            let next = pos.play(m);
            if dfpn.on_path(&next) {
                return Ok(None);
            }
            if known_proof(dfpn, &next).is_none() {
                // A drop the proof did not search is most likely a futile one.
                if dfpn.is_futile(pos, m, ANY).ok_or(Halt::Limit)? {
                    continue;
                }
                if proof_of(dfpn, &next)?.is_none() {
                    return Err(Halt::Internal(format!(
                        "a defence at ply {} escapes a proven mate",
                        pos.move_number()
                    )));
                }
            }
            dfpn.enter(&next);
            let mate = self.evaluate(dfpn, &next, &[]);
            dfpn.leave(&next);
            let Some(mate) = mate? else { return Ok(None) };
            if longest.is_none_or(|(b, _)| mate.outlasts(b)) {
                longest = Some((mate, m));
            }
        }
        Ok(Some(match longest {
            Some((mate, m)) => {
                let plies = mate.plies + 1;
                (ProvenMate { plies, ..mate }, Some(m))
            }
            // mated (or only futile interpositions left)
            None => {
                let leftover = pos.hand(dfpn.attacker).total();
                (ProvenMate { plies: 0, leftover }, None)
            }
        }))
    }
}

/// The checks of `pos` with a proof in the table, the shortest proof first (proving the
/// position again if the table lost them all).
fn proven_checks(dfpn: &mut Dfpn, pos: &Position) -> Result<Vec<Move>, Halt> {
    let mut all = MoveList::new();
    let _ = pos.generate_checks(dfpn.rules, &mut all);
    let checks: Vec<Move> = all
        .iter()
        .copied()
        .filter(|&m| {
            let next = pos.play(m);
            !dfpn.on_path(&next) && (next.has_legal_move(dfpn.rules) || dfpn.rules.mate_counts(&next, Some(m)))
        })
        .collect();
    let known = |dfpn: &Dfpn| {
        let mut proven: Vec<(MateLen, Move)> = checks
            .iter()
            .filter_map(|&m| known_proof(dfpn, &pos.play(m)).map(|v| (v, m)))
            .collect();
        proven.sort_by_key(|&(v, _)| v);
        proven.into_iter().map(|(_, m)| m).collect::<Vec<_>>()
    };
    let proven = known(dfpn);
    if !proven.is_empty() {
        return Ok(proven);
    }
    // The table lost the proof (a collection): prove the position again.
    dfpn.leave(pos);
    let again = proof_of(dfpn, pos);
    dfpn.enter(pos);
    again?;
    Ok(known(dfpn))
}

/// The defence of `pos` that lasts longest by the proofs, but for `excluded` (`None`:
/// mated, or only futile interpositions left).
fn longest_defence(dfpn: &mut Dfpn, pos: &Position, excluded: &[Move]) -> Result<Option<Move>, Halt> {
    let mut tree = ProofTree::default();
    match tree.evaluate_defender(dfpn, pos, excluded)? {
        Some((_, m)) => Ok(m),
        None => Err(Halt::Internal(format!(
            "a defence at ply {} repeats the line",
            pos.move_number()
        ))),
    }
}

/// The length of the proof the table holds for `pos`, if any.
fn known_proof(dfpn: &Dfpn, pos: &Position) -> Option<MateLen> {
    dfpn.known(pos, ANY).filter(Res::is_proven).map(|r| r.value)
}

/// The length of a proof of `pos`, searched for (`None`: no mate).
fn proof_of(dfpn: &mut Dfpn, pos: &Position) -> Result<Option<MateLen>, Halt> {
    dfpn.enter(pos);
    let r = dfpn.solve(pos, ANY);
    dfpn.leave(pos);
    match r {
        r if r.is_proven() => Ok(Some(r.value)),
        r if r.is_disproven() => Ok(None),
        _ => Err(Halt::Limit),
    }
}

/// Whether the position after another check mates sooner than, as soon as, or later
/// than the line's `plies_after` plies after its check.
fn other_check(dfpn: &mut Dfpn, next: &Position, plies_after: MateLen, budget: &mut u64) -> Result<Answer, Halt> {
    dfpn.enter(next);
    let answer = check_answer(dfpn, next, plies_after, budget);
    dfpn.leave(next);
    answer
}

fn check_answer(dfpn: &mut Dfpn, next: &Position, as_soon: MateLen, budget: &mut u64) -> Result<Answer, Halt> {
    if as_soon >= QUICK_LOOK_FROM {
        // Most other checks do not mate at all, and say so at once; far from the end
        // that is cheaper than a search to the bound.
        if let Some(r) = ask(dfpn, next, ANY, QUICK_LOOK, budget)? {
            if r.is_disproven() {
                return Ok(Answer::Worse);
            }
        }
    }
    match ask(dfpn, next, as_soon, u64::MAX, budget)? {
        None => Ok(Answer::Unknown),
        Some(r) if r.is_disproven() => Ok(Answer::Worse),
        Some(r) if r.value < as_soon => Ok(Answer::Better),
        Some(_) if as_soon == 0 => Ok(Answer::Equal),
        // proven within `as_soon`: exactly, or sooner?
        Some(_) => match ask(dfpn, next, as_soon - 1, u64::MAX, budget)? {
            None => Ok(Answer::Unknown),
            Some(r) if r.is_proven() => Ok(Answer::Better),
            Some(_) => Ok(Answer::Equal),
        },
    }
}

/// Whether the position after another defence lasts longer than the line's
/// `plies_after` plies after its defence: only asked when its proof is longer.
fn other_defence(dfpn: &mut Dfpn, next: &Position, plies_after: MateLen, budget: &mut u64) -> Result<Answer, Halt> {
    match known_proof(dfpn, next) {
        Some(v) if v < plies_after => return Ok(Answer::Worse),
        Some(v) if v == plies_after => return Ok(Answer::Equal),
        _ => {}
    }
    dfpn.enter(next);
    let r = ask(dfpn, next, plies_after, u64::MAX, budget);
    dfpn.leave(next);
    Ok(match r? {
        None => Answer::Unknown,
        Some(r) if r.is_proven() && r.value < plies_after => Answer::Worse,
        Some(r) if r.is_proven() => Answer::Equal,
        Some(_) => Answer::Better,
    })
}

/// A search of `next` for a mate within `bound`, within `nodes` nodes and what is left
/// of the budget (`None`: no answer within them).
fn ask(dfpn: &mut Dfpn, next: &Position, bound: MateLen, nodes: u64, budget: &mut u64) -> Result<Option<Res>, Halt> {
    if *budget == 0 {
        return Ok(None);
    }
    let before = dfpn.nodes;
    let r = dfpn.solve_within(next, bound, nodes.min(*budget));
    *budget = budget.saturating_sub(dfpn.nodes - before);
    if dfpn.limit_hit.is_some() {
        return Err(Halt::Limit);
    }
    Ok((r.is_proven() || r.is_disproven()).then_some(r))
}
