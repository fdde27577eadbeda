//! The Lion's two king steps in one turn (rules.md §1) and their one written form.
//!
//! Two ways to one result are one move (cli.md): a two-step whose first step lands on
//! an empty square and whose second step goes elsewhere is the single move to that
//! square, written `from to`; every pass (out through an empty neighbour and back)
//! gives the same position, so there is one pass, written through the lowest-numbered
//! empty neighbour (by square index). A two-step is a move of its own only when the
//! first step captures (then any second step: a second capture, a move on, or the
//! return home, igui) or when it is the pass.

use crate::Position;
use yosei_core::attacks;
use yosei_core::{Move, PieceKind, Square};

/// The two-step moves of the Lion on `from` that no single move gives (not yet
/// checked for legality).
pub(crate) fn two_step_moves(pos: &Position, from: Square) -> impl Iterator<Item = Move> + '_ {
    let us = pos.side_to_move();
    let stones = pos.pieces_of_kind(PieceKind::Stone);
    let own = pos.pieces_of(us) | stones;
    let enemies = pos.pieces_of(!us) & !stones;
    let first_steps = attacks::king_attacks(from) & !own;
    let pass = (first_steps & !enemies)
        .first()
        .map(|via| Move::two_step(from, via, from));
    let captures = (first_steps & enemies).into_iter().flat_map(move |via| {
        (attacks::king_attacks(via) & !own.without(from))
            .into_iter()
            .map(move |to| Move::two_step(from, via, to))
    });
    captures.chain(pass)
}

impl Position {
    /// The one written form of `m` (module docs): a Lion two-step through an empty
    /// square becomes the single move, or the canonical pass. Other moves are returned
    /// as they are. Readers call this before looking a move up among the legal ones.
    pub fn canonical_move(&self, m: Move) -> Move {
        let (Some(from), Some(via)) = (m.from(), m.via()) else {
            return m;
        };
        if self.piece_at(via).is_some() {
            return m;
        }
        if m.to() != from {
            return Move::normal(from, m.to(), false);
        }
        let empty_neighbours = attacks::king_attacks(from) & !self.occupied();
        match empty_neighbours.first() {
            Some(first) => Move::two_step(from, first, from),
            None => m,
        }
    }
}
