//! A check that leaves the king a flight square does not mate: told without playing
//! the check (ordinary powers; under Koko and Isardam where the local shortcut's
//! guarantee holds, `local_safety::told_flight_steps`).
//!
//! The leaves of a direct-mate search ask of every check whether it mates at once
//! (`small_mate` in yosei-solve): most do not, because the king steps away, and playing
//! each one to find that out (a copy of the position, the move, the defender's
//! generator) was most of the search's time on short problems.

use crate::{Position, RuleSet};
use yosei_core::attacks;
use yosei_core::{Bitboard, Move, Piece, PieceKind, Square};

impl Position {
    /// Whether after `m`, a legal move of the side to move, the other king may step to
    /// a square that nothing of the mover's side attacks then (the checking piece on its
    /// new square included, lines through the vacated square and through the king's own
    /// square opened) — so `m` does not mate. `false` says nothing: the king may still
    /// escape otherwise (by a capture of the checker elsewhere, an interposition), or
    /// the position is under rules where the answer needs the move played (a condition
    /// or a fairy piece: `takes_general_path`; under Koko and Isardam a step must obey
    /// them too, and a step onto a square reached by a piece whose capture is voided is
    /// not found).
    pub fn king_flees_after(&self, m: Move, rules: &RuleSet) -> bool {
        // (ordinary powers: what attacks a square is what `is_attacked` says, and a
        // king's move is legal exactly when its square is not attacked; under Koko and
        // Isardam, where the local shortcut tells, when it is not attacked and obeys them)
        if self.takes_general_path(rules) {
            return crate::local_safety::told_flight_steps(self, rules, m).is_some_and(|landing| {
                let king = Piece::new(PieceKind::King, !self.side_to_move());
                self.unattacked_step_after(m, |from, sq, occupied| landing.allows(rules, king, from, sq, occupied))
            });
        }
        self.unattacked_step_after(m, |_, _, _| true)
    }

    /// Whether after `m` the other king has a step to a square nothing of the mover's
    /// side attacks that `allows` (the king's square, the step's, the board's occupancy
    /// after `m`) takes.
    #[inline(always)]
    fn unattacked_step_after(&self, m: Move, allows: impl Fn(Square, Square, Bitboard) -> bool) -> bool {
        let us = self.side_to_move();
        let Some(king) = self.king(!us) else {
            return false;
        };
        let Some(kind) = self.kind_after(m) else {
            return false;
        };
        let (to, from) = (m.to(), m.from());
        let mut ours = self.pieces_of(us);
        let mut occupied = self.occupied().with(to);
        if let Some(from) = from {
            ours = ours.without(from);
            occupied = occupied.without(from);
        }
        // The king's own square is empty once it steps: a slider's line goes through it.
        let seen = occupied.without(king);
        let mover_reach = attacks::ordinary_attacks(kind, us, to, seen);
        let blocked = self.pieces_of(!us).without(to) | self.pieces_of_kind(PieceKind::Stone);
        (attacks::king_attacks(king) & !blocked & !mover_reach)
            .into_iter()
            .any(|sq| !self.is_attacked_among(sq, us, seen, ours) && allows(king, sq, occupied))
    }
}
