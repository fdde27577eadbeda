//! The Lion's two king steps in one turn (rules.md §1), the double step along a line of
//! fm's 飛鷲 and 角鷹 (docs/rules/fairy-pieces.md), and their one written form.
//!
//! Two ways to one result are one move (cli.md): a two-step whose first step lands on
//! an empty square and whose second step goes elsewhere is the single move to that
//! square, written `from to`; every pass (out through an empty neighbour and back)
//! gives the same position, so there is one pass, written through the lowest-numbered
//! empty neighbour (by square index). A two-step is a move of its own only when the
//! first step captures (then any second step: a second capture, a move on, or the
//! return home, igui) or when it is the pass.
//!
//! A double step along a line captures the enemy one step away and goes on one more
//! step the same way (empty, or capturing again); never home (no igui). A piece with
//! such steps may pass whatever surrounds it (fm's `help_check_shishi_leap` generates
//! `to = from` for every such piece): that pass is written through its own square,
//! `5e5e5e`, and is the only pass of a piece that has both kinds of steps.
//!
//! The Lion's own pass needs an empty neighbour unless the rules say otherwise
//! ([`LionPass::Any`], fm's reading): then a Lion with no empty neighbour passes too,
//! written through its own square, `5e5e5e`, as the 飛鷲's pass is.

use crate::{LionPass, Position};
use yosei_core::attacks;
use yosei_core::{Bitboard, Color, CompiledMovement, Move, PieceKind, Square};

/// The king directions as board deltas; bit `i` of [`TwoSteps::lines`] is `LINE_DELTAS[i]`.
const LINE_DELTAS: [(i32, i32); 8] = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)];

/// The two-step moves a piece makes with its powers: the Lion's, and double steps along
/// the lines of [`LINE_DELTAS`] (a bit each).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct TwoSteps {
    pub lion: bool,
    pub lines: u8,
}

impl TwoSteps {
    /// Those of a piece of `color` with `movement`.
    pub(crate) fn of(movement: &CompiledMovement, color: Color) -> TwoSteps {
        let lines = movement.line_steps(color).iter().fold(0u8, |bits, &(df, dr)| {
            let i = LINE_DELTAS.iter().position(|&d| d == (df as i32, dr as i32));
            bits | i.map_or(0, |i| 1 << i)
        });
        TwoSteps {
            lion: movement.has_lion_steps(),
            lines,
        }
    }

    #[inline]
    pub(crate) fn is_empty(self) -> bool {
        !self.lion && self.lines == 0
    }

    #[inline]
    pub(crate) fn union(self, other: TwoSteps) -> TwoSteps {
        TwoSteps {
            lion: self.lion || other.lion,
            lines: self.lines | other.lines,
        }
    }
}

/// The two-step moves of the piece on `from` that no single move gives (not yet checked
/// for legality): the Lion's captures on the first step and its pass, or the double
/// steps along lines and their pass. The Lion's steps include every double step along
/// a line. `pass`: whether the Lion's pass needs an empty neighbour.
pub(crate) fn two_step_moves(
    pos: &Position,
    from: Square,
    steps: TwoSteps,
    pass: LionPass,
) -> impl Iterator<Item = Move> + '_ {
    let us = pos.side_to_move();
    let stones = pos.pieces_of_kind(PieceKind::Stone);
    let own = pos.pieces_of(us) | stones;
    let enemies = pos.pieces_of(!us) & !stones;
    let first_steps = if steps.lion {
        attacks::king_attacks(from) & !own
    } else {
        Bitboard::EMPTY
    };
    let line_pass = (steps.lines != 0).then(|| Move::two_step(from, from, from));
    let surrounded_pass = (steps.lion && pass == LionPass::Any).then_some(from);
    let lion_pass = (first_steps & !enemies)
        .first()
        .or(surrounded_pass)
        .filter(|_| line_pass.is_none())
        .map(|via| Move::two_step(from, via, from));
    let captures = (first_steps & enemies).into_iter().flat_map(move |via| {
        (attacks::king_attacks(via) & !own.without(from))
            .into_iter()
            .map(move |to| Move::two_step(from, via, to))
    });
    let lines = if steps.lion { 0 } else { steps.lines };
    let line_moves = LINE_DELTAS
        .iter()
        .enumerate()
        .filter(move |&(i, _)| lines & (1 << i) != 0)
        .filter_map(move |(_, &(df, dr))| {
            let via = from.offset(df, dr).filter(|&via| enemies.contains(via))?;
            let to = via.offset(df, dr).filter(|&to| !own.contains(to))?;
            Some(Move::two_step(from, via, to))
        });
    captures.chain(line_moves).chain(lion_pass).chain(line_pass)
}

impl Position {
    /// The one written form of `m` (module docs): a Lion two-step through an empty
    /// square becomes the single move, or the canonical pass. Other moves are returned
    /// as they are (a pass through the piece's own square among them). Readers call
    /// this before looking a move up among the legal ones.
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
