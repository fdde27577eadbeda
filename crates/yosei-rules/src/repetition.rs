//! Repetition (千日手, rules.md §7, seed 003) and the strict reading (seed 002's broad
//! forbidden positions).
//!
//! A game's positions are kept in a [`GameHistory`]. The same position — board, both
//! hands and side to move (`Position::same_position`, compared whole, never by key
//! alone) — for the fourth time ends the game: a draw, unless one side gave check with
//! every one of its moves from the first of the four occurrences to the fourth; that
//! side loses (it had to deviate). Detection is by position, not by move sequence:
//! seed 003's two examples reach the same position by different moves.
//!
//! Seed 002 states the cycle condition on positions: every position of the cycle in
//! which the checked side is to move is a check. Since the first and the fourth
//! positions are the same position, whether the cycle's ends are counted makes no
//! difference.
//!
//! Under `repetition = strict` the move that completes such a fourfold repetition as the
//! perpetual checker (and not as the victim of a perpetual check of the other side too)
//! is illegal: seed 002's broad forbidden position (5). Mate and drop-pawn mate are then
//! judged with that rule too, so a pawn drop whose only answers complete the opponent's
//! perpetual check becomes drop-pawn mate.

use crate::{Position, RepetitionRule, RuleSet, UchifuzumeReading};
use yosei_core::{Color, Move};

/// How a fourfold repetition ends the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RepetitionVerdict {
    /// 千日手: no result.
    Draw,
    /// 連続王手の千日手: `checker` gave check with every move of the cycle and loses.
    PerpetualCheck { checker: Color },
}

impl RepetitionVerdict {
    /// The side that loses, if any.
    pub fn loser(self) -> Option<Color> {
        match self {
            RepetitionVerdict::Draw => None,
            RepetitionVerdict::PerpetualCheck { checker } => Some(checker),
        }
    }
}

/// One position of a game and whether its side to move stands in check.
#[derive(Clone, Debug)]
struct Entry {
    position: Position,
    in_check: bool,
}

/// The positions of a game from its start, for repetition and for the strict rule.
#[derive(Clone, Debug)]
pub struct GameHistory {
    entries: Vec<Entry>,
}

impl GameHistory {
    /// A game that starts at `start`.
    pub fn new(start: Position, rules: &RuleSet) -> GameHistory {
        let in_check = start.in_check(rules);
        GameHistory {
            entries: vec![Entry {
                position: start,
                in_check,
            }],
        }
    }

    /// The position now.
    pub fn current(&self) -> &Position {
        &self.entries[self.entries.len() - 1].position
    }

    /// Moves played so far.
    pub fn plies(&self) -> usize {
        self.entries.len() - 1
    }

    /// Plays `m` (a legal move of the current position) and records the position.
    pub fn play(&mut self, m: Move, rules: &RuleSet) {
        let position = self.current().play(m);
        let in_check = position.in_check(rules);
        self.entries.push(Entry { position, in_check });
    }

    /// Takes the last move back (nothing at the start).
    pub fn undo(&mut self) {
        if self.entries.len() > 1 {
            self.entries.pop();
        }
    }

    /// How many times the current position has occurred, itself included.
    pub fn occurrences(&self) -> usize {
        let now = self.current();
        self.entries.iter().filter(|e| e.position.same_position(now)).count()
    }

    /// Whether the current position is a fourfold repetition (or beyond, if play went
    /// on), and how it ends the game.
    pub fn repetition(&self) -> Option<RepetitionVerdict> {
        let last = self.entries.len() - 1;
        let now = &self.entries[last].position;
        // the first of the last four occurrences, counting the current one
        let mut seen = 0;
        let mut first = None;
        for (i, e) in self.entries.iter().enumerate().rev() {
            if e.position.same_position(now) {
                seen += 1;
                if seen == 4 {
                    first = Some(i);
                    break;
                }
            }
        }
        let first = first?;
        let checked_throughout = |color: Color| self.checked_throughout_since(first, color);
        Some(
            match (checked_throughout(Color::Black), checked_throughout(Color::White)) {
                (true, false) => RepetitionVerdict::PerpetualCheck { checker: Color::Black },
                (false, true) => RepetitionVerdict::PerpetualCheck { checker: Color::White },
                // no checker, or both sides checking with every move: a draw (seed 002's
                // broad forbidden position needs one side's perpetual check and not the
                // other's)
                _ => RepetitionVerdict::Draw,
            },
        )
    }

    /// Whether `color` has given check with every move from the position at `first` on:
    /// every position since, `first` included, with its opponent to move has the
    /// opponent in check.
    fn checked_throughout_since(&self, first: usize, color: Color) -> bool {
        self.entries[first..]
            .iter()
            .filter(|e| e.position.side_to_move() == !color)
            .all(|e| e.in_check)
    }

    /// The positions met three times or more so far: the next occurrence of one would be
    /// its fourth and end the game (a search from the current position must not count a
    /// line through one as a mate). With each, whether some side has given check with
    /// every move since the first of its last three occurrences, so that its next
    /// occurrence could complete a perpetual check.
    pub fn met_three_times(&self) -> Vec<(Position, bool)> {
        let mut out: Vec<(Position, bool)> = Vec::new();
        for (i, e) in self.entries.iter().enumerate() {
            if out.iter().any(|(p, _)| p.same_position(&e.position)) {
                continue;
            }
            let at: Vec<usize> = (i..self.entries.len())
                .filter(|&j| self.entries[j].position.same_position(&e.position))
                .collect();
            if at.len() >= 3 {
                let first = at[at.len() - 3];
                let perpetual = Color::ALL
                    .into_iter()
                    .any(|color| self.checked_throughout_since(first, color));
                out.push((e.position.clone(), perpetual));
            }
        }
        out
    }

    /// Whether `m` (legal in the current position by the position alone) completes a
    /// fourfold repetition as the perpetual checker: illegal under `repetition = strict`.
    pub fn completes_perpetual_check(&mut self, m: Move, rules: &RuleSet) -> bool {
        let mover = self.current().side_to_move();
        self.play(m, rules);
        let verdict = self.repetition();
        self.undo();
        verdict == Some(RepetitionVerdict::PerpetualCheck { checker: mover })
    }

    /// The legal moves of the current position given the game so far: the position's
    /// own legal moves, and under `repetition = strict` without the moves that complete
    /// a perpetual check's fourfold repetition and without the pawn drops that this
    /// makes drop-pawn mate (seed 002's broad mate: the opponent's every answer is
    /// forbidden, a repetition included).
    pub fn legal_moves(&mut self, rules: &RuleSet) -> Vec<Move> {
        let moves: Vec<Move> = self.current().legal_moves(rules).iter().copied().collect();
        if rules.repetition != RepetitionRule::Strict {
            return moves;
        }
        moves
            .into_iter()
            .filter(|&m| self.is_legal_under_strict(m, rules))
            .collect()
    }

    /// Whether the side to move has a legal move given the game so far.
    pub fn has_legal_move(&mut self, rules: &RuleSet) -> bool {
        if rules.repetition != RepetitionRule::Strict {
            return self.current().has_legal_move(rules);
        }
        let moves: Vec<Move> = self.current().legal_moves(rules).iter().copied().collect();
        moves.into_iter().any(|m| self.is_legal_under_strict(m, rules))
    }

    /// `m`, legal by the position alone, under the strict reading: not the completion of
    /// a perpetual check's fourfold repetition, and not a pawn drop that leaves the
    /// opponent (checked, under `check-only`) without a move the game allows. The
    /// recursion ends because each level drops a pawn from a finite hand.
    fn is_legal_under_strict(&mut self, m: Move, rules: &RuleSet) -> bool {
        if self.completes_perpetual_check(m, rules) {
            return false;
        }
        // the fairy 打歩詰 lifts the drop-pawn-mate ban altogether
        if !m.drop_kind().is_some_and(crate::drop_pawn_mate::bans_drop_mate) || rules.uchifu().is_some() {
            return true;
        }
        self.play(m, rules);
        let judged = rules.uchifuzume == UchifuzumeReading::Any || self.entries[self.entries.len() - 1].in_check;
        let legal = !judged || self.has_legal_move(rules);
        self.undo();
        legal
    }
}
