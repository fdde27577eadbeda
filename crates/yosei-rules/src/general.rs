//! The general move generator: every position the ordinary fast path does not cover
//! (fairy pieces in play, or a condition active) is generated here, by the definitions
//! of rules.md §2–3 rather than by pins and checkers.
//!
//! Phases (docs/ARCHITECTURE.md): each piece's reach comes from [`PieceTable::reach`]
//! (powers); candidate moves are filtered by the dead-piece and two-pawn rules; each
//! candidate is played and kept when the opponent could not then capture the mover's
//! king (legality); a checking pawn drop is then asked whether it mates (drop-pawn
//! mate, recursive as in seed 002).

use crate::drop_pawn_mate::is_drop_pawn_mate;
use crate::pieces::PieceTable;
use crate::{MoveSink, Position, RuleSet};
use std::ops::ControlFlow;
use yosei_core::{Bitboard, Color, Move, PieceKind, Square};

/// Whether a piece of `by` attacks `sq` (could capture a king there).
pub(crate) fn attacked(pos: &Position, rules: &RuleSet, sq: Square, by: Color) -> bool {
    let occupied = pos.occupied();
    if pos.attackers_to(sq, by, occupied).is_nonempty() {
        return true;
    }
    let pieces = rules.pieces();
    (pos.fairy_squares() & pos.pieces_of(by)).into_iter().any(|from| {
        pos.piece_at(from)
            .is_some_and(|p| pieces.reach(p.kind, by, from, occupied).attacks.contains(sq))
    })
}

/// Whether the side to move stands in check.
pub(crate) fn in_check(pos: &Position, rules: &RuleSet) -> bool {
    let us = pos.side_to_move();
    pos.king(us).is_some_and(|king| attacked(pos, rules, king, !us))
}

/// Pushes every legal move into `sink`: board moves, Lion two-steps, drops other than
/// pawns, pawn drops (the drop-pawn-mate test is the most expensive).
pub(crate) fn generate<S: MoveSink>(pos: &Position, rules: &RuleSet, sink: &mut S) -> ControlFlow<()> {
    let mut generator = General {
        pos,
        rules,
        pieces: rules.pieces(),
        us: pos.side_to_move(),
        sink,
    };
    generator.board_moves()?;
    generator.drops()
}

struct General<'a, S> {
    pos: &'a Position,
    rules: &'a RuleSet,
    pieces: &'a PieceTable,
    us: Color,
    sink: &'a mut S,
}

impl<S: MoveSink> General<'_, S> {
    /// Pushes `m` when the position after it is not forbidden for the mover.
    fn push_if_legal(&mut self, m: Move) -> ControlFlow<()> {
        let after = self.pos.play(m);
        let king_safe = after
            .king(self.us)
            .is_none_or(|k| !attacked(&after, self.rules, k, !self.us));
        if king_safe {
            self.sink.push(m)?;
        }
        ControlFlow::Continue(())
    }

    fn board_moves(&mut self) -> ControlFlow<()> {
        let pos = self.pos;
        let occupied = pos.occupied();
        let stones = pos.pieces_of_kind(PieceKind::Stone);
        let enemies = pos.pieces_of(!self.us) & !stones;
        for from in pos.pieces_of(self.us) & !stones {
            let Some(piece) = pos.piece_at(from) else { continue };
            let reach = self.pieces.reach(piece.kind, self.us, from, occupied);
            for to in (reach.attacks & enemies) | (reach.quiet & !occupied) {
                self.board_move(piece.kind, from, to)?;
            }
            if self.pieces.has_lion_steps(piece.kind) {
                self.lion_steps(from)?;
            }
        }
        ControlFlow::Continue(())
    }

    /// The promotion choices of one board move, as in the fast path: promotion where
    /// the move starts or ends in the zone; no unpromoted move that leaves a dead piece.
    fn board_move(&mut self, kind: PieceKind, from: Square, to: Square) -> ControlFlow<()> {
        if kind.can_promote() && (from.in_zone(self.us) || to.in_zone(self.us)) {
            self.push_if_legal(Move::normal(from, to, true))?;
        }
        if self.pieces.is_dead(kind, self.us, to) {
            return ControlFlow::Continue(());
        }
        self.push_if_legal(Move::normal(from, to, false))
    }

    /// The Lion's two king steps that are moves of their own (`lion` module).
    fn lion_steps(&mut self, from: Square) -> ControlFlow<()> {
        for m in crate::lion::two_step_moves(self.pos, from) {
            self.push_if_legal(m)?;
        }
        ControlFlow::Continue(())
    }

    fn drops(&mut self) -> ControlFlow<()> {
        let hand = *self.pos.hand(self.us);
        let empty = !self.pos.occupied() & Bitboard::FULL;
        for (kind, _) in hand.iter().filter(|&(kind, _)| kind != PieceKind::Pawn) {
            for to in empty {
                if !self.pieces.is_dead(kind, self.us, to) {
                    self.push_if_legal(Move::drop(kind, to))?;
                }
            }
        }
        if hand.has(PieceKind::Pawn) {
            let mut pawn_files = Bitboard::EMPTY;
            for sq in self.pos.pieces(self.us, PieceKind::Pawn) {
                pawn_files |= Bitboard::file(sq.file());
            }
            for to in empty & !pawn_files {
                if self.pieces.is_dead(PieceKind::Pawn, self.us, to) {
                    continue;
                }
                let m = Move::drop(PieceKind::Pawn, to);
                let after = self.pos.play(m);
                if after
                    .king(self.us)
                    .is_some_and(|k| attacked(&after, self.rules, k, !self.us))
                {
                    continue;
                }
                if !is_drop_pawn_mate(self.pos, to, self.rules) {
                    self.sink.push(m)?;
                }
            }
        }
        ControlFlow::Continue(())
    }
}
