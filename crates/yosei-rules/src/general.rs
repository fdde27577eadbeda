//! The general move generator: every position the ordinary fast path does not cover
//! (fairy pieces in play, or a condition active) is generated here, by the definitions
//! of rules.md §2–3 rather than by pins and checkers.
//!
//! Phases (docs/ARCHITECTURE.md): each piece's reach comes from `Powers::reach` (its
//! current power, read from the rule set's piece table); paralysed pieces do not move;
//! candidate moves are filtered by the dead-piece and two-pawn rules; each candidate is
//! played (on a scratch copy, then taken back) and kept when the opponent could not then
//! capture the mover's king (legality); a checking pawn drop is then asked whether it
//! mates (drop-pawn mate, recursive as in seed 002).
//!
//! Two move sets: the moves a side may play ([`generate`], [`generate_checks`]), and the
//! moves that count when the mate and stalemate tests ask whether it has one
//! ([`has_move`]). They differ only under the conditions that forbid playing some legal
//! moves but, as fm has it, still count them there (成禁, 取禁, 攻方取禁), and by the
//! order 強欲 and 禁欲 impose, which never empties a set.

use crate::conditions::capture_duty::is_capture;
use crate::conditions::{andernach, isardam, kiki_nifu, koko, messigny, self_check_capture, uchifu_allowed, Isardam};
use crate::drop_pawn_mate::{bans_drop_mate, is_drop_mate, is_drop_pawn_mate};
use crate::local_safety::{CheckOrigins, LocalSafety, OrdinaryCheckSquares};
use crate::powers::Powers;
use crate::three_swallows;
use crate::{madrasi, MoveList, MoveSink, Position, RuleSet};
use std::ops::ControlFlow;
use yosei_core::{attacks, Bitboard, Color, Displacement, Move, PieceKind, Square};

/// Whether `by` could make a valid king capture on `sq`, the square of the other side's
/// king (rules.md §2): a piece of `by` reaches `sq` with its current power (phase 1), is
/// not paralysed (phase 2), and the capture is not one an active rule declares invalid
/// (利き二歩無効, 自己王手王取無効). Under the 安南 family and the ネコ鮮 pair, where every
/// voided capture is told from the board (none, or 利き二歩無効's without a turn), first
/// by the borrowed-power test, without the node's powers; under
/// 天竺 by the kings' plain checkers (`local_safety::tenjiku_attacked`).
pub(crate) fn attacked(pos: &Position, rules: &RuleSet, sq: Square, by: Color) -> bool {
    crate::local_safety::borrowed_powers_attacked(pos, rules, sq, by)
        .or_else(|| crate::local_safety::tenjiku_attacked(pos, rules, sq, by))
        .unwrap_or_else(|| attacked_with(pos, rules, &Powers::new(pos, rules), sq, by))
}

/// [`attacked`] with the powers of `pos` already computed.
pub(crate) fn attacked_with(pos: &Position, rules: &RuleSet, powers: &Powers, sq: Square, by: Color) -> bool {
    let capturers = ordinary_capturers(pos, rules, powers, sq, by);
    if !rules.compiled().self_check_capture_invalid {
        return capturers.is_nonempty();
    }
    capturers
        .into_iter()
        .any(|from| self_check_capture::has_capture_without_self_check(pos, rules, powers, from, sq))
}

/// The pieces of `by` that give *ordinary check* (seed 000's 通常の王手) to the king on
/// `sq`: they reach it with their current power, are not paralysed, and their capture
/// is not declared invalid by 利き二歩無効. Whatever else the capture would break (two
/// pawns, a dead piece, its own king left open) is ignored.
pub(crate) fn ordinary_capturers(pos: &Position, rules: &RuleSet, powers: &Powers, sq: Square, by: Color) -> Bitboard {
    ordinary_among(pos, rules, powers, reaching(pos, rules, powers, sq, by), sq)
}

/// The pieces of `candidates`, which reach `sq`, that capture there as an ordinary
/// check does ([`is_ordinary_capture`]).
pub(crate) fn ordinary_among(
    pos: &Position,
    rules: &RuleSet,
    powers: &Powers,
    candidates: Bitboard,
    sq: Square,
) -> Bitboard {
    let compiled = rules.compiled();
    if compiled.madrasi.is_none() && !compiled.judges_king_captures() {
        // every capture is an ordinary one
        return candidates;
    }
    let mut valid = Bitboard::EMPTY;
    for from in candidates {
        if is_ordinary_capture(pos, rules, powers, from, sq) {
            valid |= from.into();
        }
    }
    valid
}

/// Whether the piece on `from`, which reaches `sq`, captures there as an ordinary check
/// does: it is not paralysed, 利き二歩無効 does not void the capture, and under Isardam
/// type A and Koko the capture, played as fm's trial move plays it, obeys them.
#[inline]
pub(crate) fn is_ordinary_capture(pos: &Position, rules: &RuleSet, powers: &Powers, from: Square, sq: Square) -> bool {
    let compiled = rules.compiled();
    let invalid = compiled.kiki_nifu_invalid && kiki_nifu::voids_king_capture(pos, rules, from, sq);
    if invalid || madrasi::paralysed(pos, rules, powers, from) {
        return false;
    }
    (compiled.isardam != Some(Isardam::TypeA) || isardam::king_capture_allowed(pos, rules, from, sq))
        && (!compiled.koko || koko::king_capture_allowed(pos, rules, powers, from, sq))
}

/// The pieces of `by` whose current power reaches `sq` (phase 1 only: paralysis and
/// invalid captures not yet asked).
pub(crate) fn reaching(pos: &Position, rules: &RuleSet, powers: &Powers, sq: Square, by: Color) -> Bitboard {
    reaching_through(pos, rules, powers, sq, by, pos.occupied())
}

/// [`reaching`] with `occupied` as the blockers (the board after a move that changes
/// no piece of `by` but, perhaps, one it captures, which the caller leaves out).
pub(crate) fn reaching_through(
    pos: &Position,
    rules: &RuleSet,
    powers: &Powers,
    sq: Square,
    by: Color,
    occupied: Bitboard,
) -> Bitboard {
    // Pieces with their own ordinary power: the fast attack sets; under the 安南 family
    // those with a lent ordinary power too, by lent kind; the others one by one.
    let ours = pos.pieces_of(by);
    let special = (powers.changed() | pos.fairy_squares()) & ours;
    let mut candidates = pos.attackers_to(sq, by, occupied) & !special;
    let mut one_by_one = special;
    if let Some((lent, lent_fairy)) = powers.lent_attackers(pos, by, sq, occupied, powers.changed() & ours) {
        candidates |= lent;
        one_by_one = (special & !powers.changed()) | lent_fairy;
    }
    // (a changed power is looked up only where some power could reach `sq` from)
    if (one_by_one & powers.changed()).is_nonempty() {
        one_by_one &= !powers.changed() | powers.may_attack_from(sq, occupied);
    }
    for from in one_by_one {
        if powers.attacks_square(pos, rules, from, sq, occupied) {
            candidates |= from.into();
        }
    }
    candidates
}

/// Whether the side to move stands in check: one of its royal pieces is attacked.
pub(crate) fn in_check(pos: &Position, rules: &RuleSet) -> bool {
    let us = pos.side_to_move();
    if !pos.has_several_royals() {
        return pos.king(us).is_some_and(|king| attacked(pos, rules, king, !us));
    }
    royal_attacked(pos, rules, &Powers::new(pos, rules), us)
}

/// Whether one of `color`'s royal pieces is attacked, `pos`'s powers given: under
/// 二玉詰 an attack on any of them is check (fm: every `analyze_*` routine marks a
/// check on any royal piece).
#[inline]
pub(crate) fn royal_attacked(pos: &Position, rules: &RuleSet, powers: &Powers, color: Color) -> bool {
    pos.royals(color)
        .into_iter()
        .any(|k| attacked_with(pos, rules, powers, k, !color))
}

/// Pushes every legal move the side to move may play into `sink`: board moves, Lion
/// two-steps, drops other than pawns, pawn drops (the drop-pawn-mate test is the most
/// expensive).
pub(crate) fn generate<S: MoveSink>(pos: &Position, rules: &RuleSet, sink: &mut S) -> ControlFlow<()> {
    with_capture_duty(pos, rules, sink, false)
}

/// Pushes every legal move to play that gives check: each candidate is played once, and
/// the position after it answers both questions (is the mover's king safe, is the other
/// king attacked) with one computation of its powers. 強欲 and 禁欲 choose among the
/// checks (`capture_duty`).
pub(crate) fn generate_checks<S: MoveSink>(pos: &Position, rules: &RuleSet, sink: &mut S) -> ControlFlow<()> {
    with_capture_duty(pos, rules, sink, true)
}

/// The legal captures, and the pawn drops whose drop-pawn-mate test asks the
/// condition's replies (`drop_pawn_mate::pawn_drops_judged`), where the ordinary
/// generator gives every other move (`Position::quiet_moves_ordinary`).
pub(crate) fn generate_captures<S: MoveSink>(pos: &Position, rules: &RuleSet, sink: &mut S) -> ControlFlow<()> {
    run(pos, rules, sink, false, true, Trail::default(), Scope::Captures)
}

/// [`generate_captures`] for the moves that give check.
pub(crate) fn generate_capturing_checks<S: MoveSink>(pos: &Position, rules: &RuleSet, sink: &mut S) -> ControlFlow<()> {
    run(pos, rules, sink, true, true, Trail::default(), Scope::Captures)
}

/// Whether [`generate_captures`] has a move, as the mate and stalemate tests count them.
pub(crate) fn has_capture_or_judged_pawn_drop(pos: &Position, rules: &RuleSet) -> bool {
    let mut first = FirstMove::default();
    let _ = run(pos, rules, &mut first, false, false, Trail::default(), Scope::Captures);
    first.found
}

/// Whether the side to move has a legal move as the mate and stalemate tests count them
/// (a promotion under 成禁, a capture under 取禁 counts).
pub(crate) fn has_move(pos: &Position, rules: &RuleSet) -> bool {
    has_move_counting(pos, rules, FirstMove::default())
}

/// [`has_move`] with Messigny's swaps left out: fm's stalemate test never generates
/// them (docs/rules/messigny.md), so a side whose only moves are swaps is stalemated.
pub(crate) fn has_move_but_a_swap(pos: &Position, rules: &RuleSet) -> bool {
    let first = FirstMove {
        skip_swaps: true,
        ..FirstMove::default()
    };
    has_move_counting(pos, rules, first)
}

fn has_move_counting(pos: &Position, rules: &RuleSet, mut first: FirstMove) -> bool {
    // a king step told legal settles it before the node's powers and safety are built
    if crate::local_safety::has_legal_king_step(pos, rules) {
        return true;
    }
    let _ = run(pos, rules, &mut first, false, false, Trail::default(), Scope::Every);
    first.found
}

/// The moves to play, under 強欲 or 禁欲 chosen from all of them once generated.
fn with_capture_duty<S: MoveSink>(pos: &Position, rules: &RuleSet, sink: &mut S, only_checks: bool) -> ControlFlow<()> {
    let Some(duty) = rules.compiled().capture_duty else {
        return run(pos, rules, sink, only_checks, true, Trail::default(), Scope::Every);
    };
    let mut all = MoveList::new();
    let _ = run(pos, rules, &mut all, only_checks, true, Trail::default(), Scope::Every);
    duty.push_allowed(pos, &all, sink)
}

/// How many nested "does this reply mate?" questions 完全打歩 asks before it takes a
/// move as not mating (docs/rules/capture-conditions.md): each level needs a reply
/// that is at once a check evasion and a check.
pub(crate) const MATE_DEPTH: u32 = 8;

/// Where a generation stands in 完全打歩's nested mate questions: how deep, and under
/// Messigny the swaps that led to the position (the last move, and the side to move's
/// own move before it), known only inside the questions.
#[derive(Clone, Copy, Default)]
struct Trail {
    depth: u32,
    last_swap: Option<SwapTrace>,
    own_previous_swap: Option<SwapTrace>,
}

/// A swap played: its squares and the kind of the piece that moved.
#[derive(Clone, Copy)]
struct SwapTrace {
    from: Square,
    to: Square,
    kind: PieceKind,
}

impl Trail {
    /// The trail of the question asked after `m`, played from `pos`.
    fn after(self, pos: &Position, m: Move) -> Trail {
        let last_swap = m.from().filter(|_| m.is_swap()).and_then(|from| {
            pos.piece_at(from).map(|piece| SwapTrace {
                from,
                to: m.to(),
                kind: piece.kind,
            })
        });
        Trail {
            depth: self.depth + 1,
            last_swap,
            own_previous_swap: self.last_swap,
        }
    }

    /// fm's cut of endless swap recursion under Messigny and 打歩詰 (its
    /// `test_*_mate_sub_mf`): inside a mate question, a swap that repeats the side's own
    /// swap of two plies before (the same kind, the same two squares) counts as an
    /// escape at once, untested. fm's swap generator matches the partner's kind, colour
    /// aside, so the "swap" is there whenever the side has a piece of that kind on the
    /// square it swapped from and a piece of that kind, either side's, stands on the
    /// other square (docs/rules/messigny.md).
    fn repeats_own_swap(&self, pos: &Position) -> Option<Move> {
        let SwapTrace { from, to, kind } = self.own_previous_swap?;
        let ours = pos.piece_at(from)?;
        let partner = pos.piece_at(to)?;
        (ours.color == pos.side_to_move() && ours.kind == kind && partner.kind == kind).then(|| Move::swap(from, to))
    }
}

fn run<S: MoveSink>(
    pos: &Position,
    rules: &RuleSet,
    sink: &mut S,
    only_checks: bool,
    to_play: bool,
    trail: Trail,
    scope: Scope,
) -> ControlFlow<()> {
    if !to_play && trail.depth > 0 {
        if let Some(cut) = trail.repeats_own_swap(pos) {
            return sink.push(cut);
        }
    }
    let movers = match scope {
        Scope::Every => Bitboard::FULL,
        Scope::Captures => {
            let capturers = plain_capturers(pos);
            let pawn_drop = pos.hand(pos.side_to_move()).has(PieceKind::Pawn)
                && (crate::drop_pawn_mate::pawn_drops_judged(pos, rules) & !pos.occupied()).is_nonempty();
            if capturers.is_empty() && !pawn_drop {
                // (nothing to give: the node's powers and safety are never built)
                return ControlFlow::Continue(());
            }
            capturers
        }
    };
    let powers = Powers::new(pos, rules);
    let local_safety = LocalSafety::new(pos, rules, &powers, only_checks);
    let ordinary_checks = local_safety
        .as_ref()
        .filter(|_| only_checks)
        .and_then(|local| local.ordinary_check_squares(pos));
    let mut generator = General {
        pos,
        rules,
        local_safety,
        complete_uchifu: rules.uchifu() == Some(crate::capture::UchifuRule::Complete),
        powers,
        scratch: ScratchCopy {
            original: pos,
            copy: None,
        },
        us: pos.side_to_move(),
        only_checks,
        to_play,
        sink,
        trail,
        check_squares: CheckSquaresByKind::default(),
        checks_anywhere: None,
        ordinary_checks,
        scope,
        movers,
    };
    generator.board_moves()?;
    generator.drops()
}

/// Which moves a generation gives.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Scope {
    /// Every legal move.
    Every,
    /// The captures, and the pawn drops that a drop-pawn-mate test judges: the ordinary
    /// generator gives the rest (`Position::quiet_moves_ordinary`).
    Captures,
}

/// What [`General::decided_unplayed`] tells of a move.
#[derive(Clone, Copy)]
enum Told {
    /// Legal and wanted, or not.
    Legal(bool),
    /// Play it and ask; `obeyed`: Koko and Isardam were told to allow it.
    Play { obeyed: bool },
}

/// Stops at the first move (a swap not counted when `skip_swaps`).
#[derive(Default)]
struct FirstMove {
    found: bool,
    skip_swaps: bool,
}

/// The scratch copy of a node's position, made when the first candidate must be played:
/// most nodes (a mate test answered by a king move, checks told unplayed) never need
/// it, and a copy is a few hundred bytes.
struct ScratchCopy<'a> {
    original: &'a Position,
    copy: Option<Position>,
}

impl ScratchCopy<'_> {
    /// The copy, made now if need be.
    #[inline]
    fn get_mut(&mut self) -> &mut Position {
        let original = self.original;
        self.copy.get_or_insert_with(|| original.clone())
    }

    /// The position as it stands: the copy, or the original while no copy is made
    /// (every move played on the copy is taken back, so the two are then the same).
    #[inline]
    fn get(&self) -> &Position {
        self.copy.as_ref().unwrap_or(self.original)
    }
}

impl MoveSink for FirstMove {
    fn push(&mut self, m: Move) -> ControlFlow<()> {
        if self.skip_swaps && m.is_swap() {
            return ControlFlow::Continue(());
        }
        self.found = true;
        ControlFlow::Break(())
    }
}

struct General<'a, S> {
    pos: &'a Position,
    rules: &'a RuleSet,
    powers: Powers,
    /// King safety from what each move changes, where its guarantee holds.
    local_safety: Option<LocalSafety>,
    /// 完全打歩: a mating move that is not a pawn drop is illegal.
    complete_uchifu: bool,
    /// A copy of `pos` on which each candidate is played and taken back.
    scratch: ScratchCopy<'a>,
    us: Color,
    /// Keep only the moves that give check.
    only_checks: bool,
    /// The moves to play (`true`), or those the mate and stalemate tests count.
    to_play: bool,
    sink: &'a mut S,
    /// Nesting of 完全打歩's mate questions (depth 0 for the caller's own generation),
    /// with the swaps that led there.
    trail: Trail,
    /// The check squares of each ordinary kind, once asked (`check_targets`).
    check_squares: CheckSquaresByKind,
    /// The squares from which a move may give check wherever it goes or on squares
    /// beside its kind's, once asked (`LocalSafety::checks_from_anywhere`).
    checks_anywhere: Option<CheckOrigins>,
    /// When only checks are wanted: both of those told from the enemy king's lines for
    /// every kind at once, where `LocalSafety::ordinary_check_squares` holds.
    ordinary_checks: Option<OrdinaryCheckSquares>,
    /// Which moves to give.
    scope: Scope,
    /// The pieces whose board moves are asked: all, or under `Scope::Captures` those
    /// that attack an enemy piece ([`plain_capturers`]).
    movers: Bitboard,
}

/// The pieces of the side to move that attack an enemy piece other than a royal one or
/// a stone, by their kinds' ordinary attacks: under `Scope::Captures`, where every piece
/// has its own ordinary power, the pieces that may capture.
fn plain_capturers(pos: &Position) -> Bitboard {
    let us = pos.side_to_move();
    let stones = pos.pieces_of_kind(PieceKind::Stone);
    let prey = pos.pieces_of(!us) & !pos.royals(!us) & !stones;
    if prey.is_empty() {
        return Bitboard::EMPTY;
    }
    let occupied = pos.occupied();
    let mut capturers = Bitboard::EMPTY;
    for from in pos.pieces_of(us) & !stones {
        if let Some(piece) = pos.piece_at(from) {
            if (attacks::ordinary_attacks(piece.kind, us, from, occupied) & prey).is_nonempty() {
                capturers = capturers.with(from);
            }
        }
    }
    capturers
}

/// Per ordinary kind, the squares from which a move of it may give check: for its
/// board moves (the promoted kind's too) and for its drops, once computed.
#[derive(Default)]
struct CheckSquaresByKind {
    board: [Option<Bitboard>; 14],
    drops: [Option<Bitboard>; 14],
}

impl CheckSquaresByKind {
    #[inline]
    fn entry(&self, kind: PieceKind, board_move: bool) -> Option<Bitboard> {
        let table = if board_move { &self.board } else { &self.drops };
        table.get(kind.index()).copied().flatten()
    }

    #[inline]
    fn store(&mut self, kind: PieceKind, board_move: bool, squares: Bitboard) {
        let table = if board_move { &mut self.board } else { &mut self.drops };
        if let Some(slot) = table.get_mut(kind.index()) {
            *slot = Some(squares);
        }
    }
}

impl<S: MoveSink> General<'_, S> {
    /// Pushes `m` when the position after it is not forbidden for the mover.
    fn push_if_legal(&mut self, m: Move) -> ControlFlow<()> {
        if self.leaves_check(m) || self.takes_king(m) {
            return ControlFlow::Continue(());
        }
        let obeyed = match self.decided_unplayed(m) {
            Told::Legal(true) => return self.sink.push(m),
            Told::Legal(false) => return ControlFlow::Continue(()),
            Told::Play { obeyed } => obeyed,
        };
        let legal = if matches!(m.displacement(), None | Some((Displacement::Turn, _))) {
            // Tried on the scratch copy and taken back: no copy of the position per move.
            let undo = self.scratch.get_mut().play_undoable(m);
            let after = self.scratch.get();
            let legal = self.legal_and_wanted(m, after, obeyed) && !self.mates_illegally(m, after);
            self.scratch.get_mut().undo_board_move(m, undo);
            legal
        } else {
            let after = self.pos.play(m);
            self.legal_and_wanted(m, &after, obeyed) && !self.mates_illegally(m, &after)
        };
        if legal {
            self.sink.push(m)?;
        }
        ControlFlow::Continue(())
    }

    /// Whether `m` lands on the enemy king or takes it on its way (a Lion's or a
    /// Locust's two-step); a Messigny swap of the kings takes nothing. In a legal
    /// position such a move is one the rules say is no king capture (利き二歩無効's
    /// pawn, which stood there without giving check), and what is no capture of the
    /// king cannot be played as one either.
    fn takes_king(&self, m: Move) -> bool {
        if m.is_swap() {
            return false;
        }
        let royals = self.pos.royals(!self.us);
        royals.contains(m.to()) || m.via().is_some_and(|via| royals.contains(via))
    }

    /// 完全打歩 (rules.md §5.8): a mating move that is not a pawn drop (nor, as fm has it,
    /// a drop of its swallow) is illegal, for both sides. "Mating" asks whether the opponent has a legal move, which asks the
    /// same of its checking replies: the recursion goes one level deeper only through a
    /// reply that both escapes check and gives check, and stops at [`MATE_DEPTH`].
    fn mates_illegally(&self, m: Move, after: &Position) -> bool {
        if !self.complete_uchifu
            || m.drop_kind().is_some_and(bans_drop_mate)
            || self.trail.depth >= MATE_DEPTH
            || !in_check(after, self.rules)
        {
            return false;
        }
        let mut first = FirstMove::default();
        let _ = run(
            after,
            self.rules,
            &mut first,
            false,
            false,
            self.trail.after(self.pos, m),
            Scope::Every,
        );
        !first.found
    }

    /// Whether a drop of `kind` on `to` surely gives no check, so that it mates by no
    /// reading that wants a check (drop-pawn mate's check-only reading); told only under
    /// 天竺 ([`crate::local_safety::tenjiku_drop_attacks`]), `false` elsewhere.
    #[inline]
    fn drop_checks_not(&self, kind: PieceKind, to: Square) -> bool {
        self.rules.uchifuzume == crate::UchifuzumeReading::CheckOnly
            && crate::local_safety::tenjiku_drop_attacks(self.pos, self.rules, kind, to) == Some(false)
    }

    /// Whether `m` surely leaves the mover's king in check, told without playing it.
    #[inline]
    fn leaves_check(&self, m: Move) -> bool {
        self.local_safety.as_ref().is_some_and(|local| local.leaves_check(m))
    }

    /// Whether `m` is legal and wanted, told without playing it: no mate needs asking
    /// (完全打歩), the mover's king surely stays unattacked or, under own powers and plain
    /// checks, is told attacked or not from the board, and, when only checks are wanted,
    /// whether it gives check is told too. Else play it and ask, knowing whether the
    /// conditions that forbid moves or positions were told obeyed.
    #[inline]
    fn decided_unplayed(&self, m: Move) -> Told {
        let unknown = Told::Play { obeyed: false };
        if self.complete_uchifu {
            return unknown;
        }
        let Some(local) = self.local_safety.as_ref() else {
            return unknown;
        };
        match local.obeys_constraints_unplayed(m, self.pos, self.rules) {
            Some(true) => {}
            Some(false) => return Told::Legal(false),
            None => return unknown,
        }
        let play = Told::Play { obeyed: true };
        // (where attacks are told unplayed, `attacked_unplayed` answers whenever
        // `surely_safe` could, asking the same suspects and more: under Madrasi, where
        // that was measured cheaper, asked alone)
        if local.suspects_asked_alone(self.pos) || !local.surely_safe(m, self.pos, self.rules) {
            match local.attacked_unplayed(m, self.pos, self.rules) {
                Some(true) => return Told::Legal(false),
                Some(false) => {}
                None => return play,
            }
        }
        if !self.only_checks {
            return Told::Legal(true);
        }
        local
            .gives_check_unplayed(m, self.pos, self.rules)
            .map_or(play, Told::Legal)
    }

    /// Whether Koko allows the move and Isardam the position after it (unasked when
    /// `obeyed`: told so unplayed), the mover's king is safe after the move and, when
    /// only checks are wanted, the move gives check; the powers of `after` are computed
    /// once for the last two.
    #[inline]
    fn legal_and_wanted(&self, m: Move, after: &Position, obeyed: bool) -> bool {
        if !obeyed && !self.obeys_constraints(m, after) {
            return false;
        }
        let powers = Powers::new(after, self.rules);
        let hit = |color: Color| {
            let local = self
                .local_safety
                .as_ref()
                .and_then(|l| l.attacked_after(color, m, self.pos, after, self.rules, &powers));
            local.unwrap_or_else(|| royal_attacked(after, self.rules, &powers, color))
        };
        if hit(self.us) {
            return false;
        }
        // the adjacency ban (no local shortcut under skci: `LocalSafety::new`)
        if self.rules.compiled().self_check_capture_invalid
            && self_check_capture::king_in_enemy_king_reach(after, self.rules, &powers, self.us)
        {
            return false;
        }
        !self.only_checks || hit(!self.us)
    }

    /// The squares a piece of `kind` on `from` (a drop: `None`) may go to with a chance
    /// of a legal move ([`LocalSafety::targets`]; all without the shortcut).
    #[inline]
    fn targets(&self, from: Option<Square>, kind: PieceKind) -> Bitboard {
        self.local_safety
            .as_ref()
            .map_or(Bitboard::FULL, |local| local.targets(from, kind))
    }

    /// Koko's rule on the move and Isardam's on the position after it (fm judges both
    /// before check).
    #[inline]
    fn obeys_constraints(&self, m: Move, after: &Position) -> bool {
        let compiled = self.rules.compiled();
        (!compiled.koko || koko::obeyed(m, after))
            && (compiled.isardam.is_none() || !isardam::forbids_after(self.pos, m, after, self.rules))
    }

    fn board_moves(&mut self) -> ControlFlow<()> {
        let pos = self.pos;
        let occupied = pos.occupied();
        let stones = pos.pieces_of_kind(PieceKind::Stone);
        let enemies = if self.captures_allowed() {
            pos.pieces_of(!self.us) & !stones
        } else {
            Bitboard::EMPTY
        };
        // in check, the king's moves first: the likeliest evasions; out of check, when
        // only whether a move exists is asked, the king's last: each of its moves is
        // judged in full (its square changes), and any other legal move answers first
        let movers = self.movers;
        let king_first = self.local_safety.as_ref().and_then(|local| local.checked_king());
        let king_last = pos.king(self.us).filter(|_| !self.to_play && king_first.is_none());
        let apart = king_first.or(king_last).map_or(Bitboard::EMPTY, Bitboard::from);
        // (only checks wanted, where the check squares are told: only the pieces that
        // may check at all, found kind by kind before any piece is asked)
        let movers = movers & self.possible_checkers();
        let others = pos.pieces_of(self.us) & !stones & !apart & movers;
        let (king_first, king_last) = (
            king_first.filter(|&k| movers.contains(k)),
            king_last.filter(|&k| movers.contains(k)),
        );
        let swap = self.rules.compiled().swap;
        // the squares a board move may go to: any, or under `Scope::Captures` the
        // enemy's pieces
        let (scope_targets, quiet) = match self.scope {
            Scope::Every => (Bitboard::FULL, !occupied),
            Scope::Captures => (enemies, Bitboard::EMPTY),
        };
        let us = self.us;
        for from in king_first.into_iter().chain(others).chain(king_last) {
            let Some(piece) = pos.piece_at(from) else { continue };
            if let Some(rule) = swap.filter(|_| self.scope == Scope::Every) {
                for m in messigny::swaps(pos, self.rules, rule, from) {
                    self.push_if_legal(m)?;
                }
            }
            // an ordinary piece with its own power goes nowhere outside its empty-board
            // reach (and neither hops nor makes Lion steps): asked before paralysis, first
            // of the check squares alone (most pieces reach none when only checks are
            // wanted), then of the squares pins and a check leave it
            let own_power = piece.kind.is_ordinary() && !self.powers.changed().contains(from);
            let may_reach = |targets: Bitboard| {
                targets == Bitboard::FULL
                    || !own_power
                    || (attacks::ordinary_pseudo_attacks(piece.kind, us, from) & targets).is_nonempty()
            };
            let check_targets = self.check_targets(piece.kind, Some(from));
            if !may_reach(check_targets) {
                continue;
            }
            let targets = self.targets(Some(from), piece.kind) & check_targets & scope_targets;
            if !may_reach(targets) {
                continue;
            }
            if madrasi::paralysed(pos, self.rules, &self.powers, from) {
                continue;
            }
            let reach = self.powers.reach(pos, self.rules, from, occupied);
            for to in ((reach.landing_captures & enemies) | (reach.quiet & quiet)) & targets {
                self.board_move(piece.kind, from, to)?;
            }
            // (captures by hopping and Lion steps skip the targets, a filter only: each
            // is judged as it is pushed)
            for hurdle in reach.hop_captures & enemies {
                if let Some(m) = crate::hop_capture::hop_capture(from, hurdle) {
                    self.hop_capture(piece.kind, m)?;
                }
            }
            // (nor does it make Lion steps: asked only of the others)
            if !own_power {
                let steps = self.powers.two_steps(pos, self.rules, from);
                if !steps.is_empty() {
                    self.lion_steps(piece.kind, from, steps)?;
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// The promotion choices of one board move, as in the fast path: promotion (by the
    /// piece's own kind, whatever power moved it) where the move starts or ends in the
    /// zone; no unpromoted move that leaves a dead piece (the rules' table) or, for a
    /// pawn moving sideways with a borrowed power, two pawns.
    fn board_move(&mut self, kind: PieceKind, from: Square, to: Square) -> ControlFlow<()> {
        if self.rules.promotes(kind) && (from.in_zone(self.us) || to.in_zone(self.us)) && self.promotion_allowed() {
            self.push_choices(Move::normal(from, to, true), kind)?;
        }
        self.push_choices(Move::normal(from, to, false), kind)
    }

    /// The promotion choices of a capture by hopping, as of a board move (fm promotes a
    /// piece that hops with a borrowed power like any other move into, out of or
    /// within the zone).
    fn hop_capture(&mut self, kind: PieceKind, m: Move) -> ControlFlow<()> {
        let from = m.from().unwrap_or(m.to());
        if self.rules.promotes(kind) && (from.in_zone(self.us) || m.to().in_zone(self.us)) && self.promotion_allowed() {
            self.push_choices(m.promoting(), kind)?;
        }
        self.push_choices(m, kind)
    }

    /// Pushes the legal forms of one board move: under a capture condition one per
    /// square the displaced piece may go to (`capture`); the dead-piece rule (the rules'
    /// table) and, for an unpromoted pawn moving sideways with a borrowed power, the
    /// two-pawn rule are judged where the moving piece ends (an Anti-Circe return may
    /// save it or, on another file, forbid it).
    fn push_choices(&mut self, m: Move, kind: PieceKind) -> ControlFlow<()> {
        let kind = if m.is_promotion() {
            kind.promoted().unwrap_or(kind)
        } else {
            kind
        };
        let m = self.turned(m);
        if m.displacement().is_some() {
            // Andernach: a piece that changes colour has passed fm's test for its new
            // owner; the mover's dead-piece and two-pawn rules no longer concern it
            return self.push_if_legal(m);
        }
        // (a move that captures nothing has one form, itself: `capture::choices`' answer)
        let captures = m.from().is_some() && self.pos.piece_at(m.displaced_square()).is_some();
        let Some(rule) = self.rules.capture_rule().filter(|_| captures) else {
            let from = m.from().unwrap_or(m.to());
            if self.rules.is_dead(kind, self.us, m.to()) || self.file_rule_broken(kind, from, m.to()) {
                return ControlFlow::Continue(());
            }
            return self.push_if_legal(m);
        };
        let from = m.from().unwrap_or(m.to());
        for &choice in crate::capture::choices(self.pos, self.rules, rule, m).as_slice() {
            let end = match choice.displacement() {
                Some((yosei_core::Displacement::Return, sq)) => sq,
                _ => choice.to(),
            };
            if !self.rules.is_dead(kind, self.us, end) && !self.file_rule_broken(kind, from, end) {
                self.push_if_legal(choice)?;
            }
        }
        ControlFlow::Continue(())
    }

    /// `m` as Andernach or Anti-Andernach plays it (the colour change written in).
    #[inline]
    fn turned(&self, m: Move) -> Move {
        match self.rules.compiled().turn {
            Some(rule) => andernach::apply(self.pos, self.rules, rule, m),
            None => m,
        }
    }

    /// Whether a promotion is a move here (成禁, 絶対成禁).
    #[inline]
    fn promotion_allowed(&self) -> bool {
        self.rules
            .compiled()
            .no_promotion
            .is_none_or(|ban| ban.allows(self.to_play))
    }

    /// Whether the side to move may capture here (取禁, 攻方取禁).
    #[inline]
    fn captures_allowed(&self) -> bool {
        !self.to_play
            || self
                .rules
                .compiled()
                .no_capture
                .is_none_or(|ban| !ban.bans(self.us, self.rules.attacker))
    }

    /// Whether `kind` (as it is after the move) moving from `from` to `to` gives the
    /// mover two unpromoted pawns (二歩) or three unpromoted swallows (三燕) on a file.
    #[inline]
    fn file_rule_broken(&self, kind: PieceKind, from: Square, to: Square) -> bool {
        (kind == PieceKind::Pawn && self.pos.pawn_move_makes_two_pawns(self.us, from, to))
            || three_swallows::makes_three(self.pos, self.us, kind, Some(from), to)
    }

    /// The two-step moves of their own (`lion` module: the Lion's two king steps, the
    /// double steps along a line and their passes), made by a piece of such a kind or
    /// with its power (never promoting; not onto a dead square or into two pawns).
    fn lion_steps(&mut self, kind: PieceKind, from: Square, steps: crate::lion::TwoSteps) -> ControlFlow<()> {
        // (only checks wanted, where they are told, under own powers: a two-step checks by
        // its piece on its destination as a move there does, or through a square it
        // empties, its origin (then all squares are told) or its first capture's; where
        // powers are lent, that capture may give a piece of ours back its own)
        let own_powers = self.rules.compiled().power == crate::conditions::PowerRule::Own;
        let check_targets = if own_powers {
            self.check_targets(kind, Some(from))
        } else {
            Bitboard::FULL
        };
        for m in crate::lion::two_step_moves(self.pos, from, steps, self.rules.lion_pass) {
            if !self.captures_allowed() && is_capture(self.pos, m) {
                continue;
            }
            // (a piece that changes colour has passed fm's test for its new owner, as
            // in `push_choices`)
            let m = self.turned(m);
            let turned = m.displacement().is_some();
            if !turned
                && m.to() != from
                && (self.rules.is_dead(kind, self.us, m.to()) || self.file_rule_broken(kind, from, m.to()))
            {
                continue;
            }
            if !turned && !check_targets.contains(m.to()) {
                let opens =
                    |local: &LocalSafety| m.via().is_some_and(|via| local.emptied_may_check(self.pos, from, via));
                if self.local_safety.as_ref().is_some_and(|local| !opens(local)) {
                    continue;
                }
            }
            self.push_if_legal(m)?;
        }
        ControlFlow::Continue(())
    }

    /// The squares worth moving a piece of `kind` on `from` to, or dropping one on
    /// (`from`: `None`): when only checks are wanted, those where it may give check
    /// (`LocalSafety::kind_check_squares`, promoted or not; captures too where their
    /// displacement may check, which that test does not judge), else all.
    #[inline]
    fn check_targets(&mut self, kind: PieceKind, from: Option<Square>) -> Bitboard {
        let Some(local) = self.local_safety.as_ref().filter(|_| self.only_checks) else {
            return Bitboard::FULL;
        };
        // (the squares are the same for every piece of the node: computed once)
        let told = self.ordinary_checks;
        let origins = *self.checks_anywhere.get_or_insert_with(|| match told {
            Some(told) => CheckOrigins {
                anywhere: told.uncovering,
                ..CheckOrigins::default()
            },
            None => local.checks_from_anywhere(self.pos),
        });
        if from.is_some_and(|from| origins.anywhere.contains(from)) {
            return Bitboard::FULL;
        }
        let beside = if from.is_some_and(|from| origins.along_lines.contains(from)) {
            origins.line_squares
        } else {
            Bitboard::EMPTY
        };
        self.kind_check_targets(kind, from.is_some()) | beside
    }

    /// [`Self::check_targets`] of a piece of `kind` that checks only from its kind's
    /// squares (a board move, or a drop): the same for every piece of the kind, once a
    /// node for an ordinary kind.
    #[inline]
    fn kind_check_targets(&mut self, kind: PieceKind, board_move: bool) -> Bitboard {
        let Some(local) = self.local_safety.as_ref().filter(|_| self.only_checks) else {
            return Bitboard::FULL;
        };
        let promoted = kind.promoted().filter(|_| board_move && self.rules.promotes(kind));
        let capture_rule = self.rules.capture_rule().filter(|_| board_move);
        // (told from the king's lines, a lookup or two: cheaper than the cache)
        if let Some(told) = &self.ordinary_checks {
            if kind.is_ordinary() && capture_rule.is_none() {
                return told.of(kind, promoted);
            }
        }
        let slot = self.check_squares.entry(kind, board_move);
        if let Some(squares) = slot.filter(|_| kind.is_ordinary()) {
            return squares;
        }
        let mut squares = match self.ordinary_checks.filter(|_| kind.is_ordinary()) {
            Some(told) => told.of(kind, promoted),
            None => local.kind_check_squares(self.pos, self.rules, kind, promoted),
        };
        if let Some(rule) = capture_rule {
            squares |= local.displacement_check_captures(self.pos, self.rules, rule, kind);
        }
        if kind.is_ordinary() {
            self.check_squares.store(kind, board_move, squares);
        }
        squares
    }

    /// When only checks are wanted and every kind's check squares are told
    /// (`ordinary_checks`): the pieces of ours that may give check by a board move,
    /// those that uncover a check and those whose empty-board reach meets their kind's
    /// check squares (the test the board moves ask of each piece first), kind by kind;
    /// all squares otherwise, and under Messigny, whose swaps every piece is asked for.
    fn possible_checkers(&mut self) -> Bitboard {
        let Some(told) = self.ordinary_checks.filter(|_| self.rules.compiled().swap.is_none()) else {
            return Bitboard::FULL;
        };
        // (every piece has its own kind's power: `ordinary_check_squares`)
        let mut checkers = told.uncovering;
        let displacing = self.rules.capture_rule().is_some();
        for kind in PieceKind::ALL.iter().copied().take_while(|kind| kind.is_ordinary()) {
            let pieces = self.pos.pieces(self.us, kind) & !checkers;
            if pieces.is_empty() {
                continue;
            }
            // (an ordinary kind promotes wherever it may: `RuleSet::promotes`)
            let squares = if displacing {
                self.kind_check_targets(kind, true)
            } else {
                told.of(kind, kind.promoted())
            };
            let table = attacks::ordinary_pseudo_table(kind, self.us);
            for from in pieces {
                let reach = match table {
                    Some(table) => table[from.index()],
                    None => attacks::ordinary_pseudo_attacks(kind, self.us, from),
                };
                if (reach & squares).is_nonempty() {
                    checkers |= from.into();
                }
            }
        }
        checkers
    }

    fn drops(&mut self) -> ControlFlow<()> {
        let hand = *self.pos.hand(self.us);
        let empty = !self.pos.occupied() & Bitboard::FULL;
        // (only checks wanted, no mate to ask: a drop of an ordinary kind on its check
        // squares is legal and checks where `LocalSafety::drop_checks_told` says, pushed
        // unasked)
        let checks_told = match self.local_safety.as_ref() {
            Some(local) if self.only_checks && !self.complete_uchifu => local.drop_checks_told(self.pos),
            _ => Bitboard::EMPTY,
        };
        let (others, pawn_squares) = match self.scope {
            Scope::Every => (true, Bitboard::FULL),
            Scope::Captures => (false, crate::drop_pawn_mate::pawn_drops_judged(self.pos, self.rules)),
        };
        for (kind, _) in hand.iter().filter(|&(kind, _)| others && kind != PieceKind::Pawn) {
            for to in empty & self.targets(None, kind) & self.check_targets(kind, None) {
                if self.rules.is_dead(kind, self.us, to)
                    || three_swallows::makes_three(self.pos, self.us, kind, None, to)
                {
                    continue;
                }
                let m = Move::drop(kind, to);
                if self.leaves_check(m) {
                    continue;
                }
                // fm's swallow may not mate by its drop either (drop_pawn_mate; an
                // illegal drop that "mates" is refused all the same)
                if bans_drop_mate(kind)
                    && uchifu_allowed::drop_pawn_mate_banned(self.rules)
                    && !self.drop_checks_not(kind, to)
                    && is_drop_mate(self.pos, kind, to, self.rules)
                {
                    continue;
                }
                if kind.is_ordinary() && checks_told.contains(to) {
                    self.sink.push(m)?;
                    continue;
                }
                let obeyed = match self.decided_unplayed(m) {
                    Told::Legal(true) => {
                        self.sink.push(m)?;
                        continue;
                    }
                    Told::Legal(false) => continue,
                    Told::Play { obeyed } => obeyed,
                };
                let scratch = self.scratch.get_mut();
                let memory = scratch.swap_memory();
                scratch.play_in_place(m);
                let after = self.scratch.get();
                let legal = self.legal_and_wanted(m, after, obeyed) && !self.mates_illegally(m, after);
                self.scratch.get_mut().undo_drop(kind, to, memory);
                if legal {
                    self.sink.push(m)?;
                }
            }
        }
        if hand.has(PieceKind::Pawn) {
            let mut pawn_files = Bitboard::EMPTY;
            for sq in self.pos.pieces(self.us, PieceKind::Pawn) {
                pawn_files |= Bitboard::file(sq.file());
            }
            for to in empty
                & pawn_squares
                & self.targets(None, PieceKind::Pawn)
                & !pawn_files
                & self.check_targets(PieceKind::Pawn, None)
            {
                if self.rules.is_dead(PieceKind::Pawn, self.us, to) {
                    continue;
                }
                let m = Move::drop(PieceKind::Pawn, to);
                if self.leaves_check(m) {
                    continue;
                }
                let wanted = checks_told.contains(to)
                    || match self.decided_unplayed(m) {
                        Told::Legal(legal) => legal,
                        Told::Play { obeyed } => self.legal_and_wanted(m, &self.pos.play(m), obeyed),
                    };
                if !wanted {
                    continue;
                }
                // the fairy 打歩詰 and 打歩可 lift the ban on drop-pawn mate (rules.md §4)
                if !uchifu_allowed::drop_pawn_mate_banned(self.rules)
                    || self.drop_checks_not(PieceKind::Pawn, to)
                    || !is_drop_pawn_mate(self.pos, to, self.rules)
                {
                    self.sink.push(m)?;
                }
            }
        }
        ControlFlow::Continue(())
    }
}
