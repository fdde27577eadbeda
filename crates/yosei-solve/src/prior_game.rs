//! The moves played before a problem's position (a USI `position … moves …`, a problem
//! file's played moves), as the direct-mate and mate-in-N searches need them (rules.md
//! §7, seed 003): a position met three times already ends the game the next time it
//! comes, so a line that reaches it is no mate, whatever follows. Positions met once or
//! twice change nothing: the searches already count a line that comes back to one of its
//! own positions as no mate, which is stricter than a fourth occurrence.
//!
//! Such a failure is a property of the position (the game before the search is fixed),
//! not of the line that reaches it, so what the searches store about it holds on every
//! line. It does not carry over to another hand, though: a search with such positions
//! compares hands exactly (no proof or disproof hands, see `tsume::dfpn`).
//!
//! Under `repetition = strict` a fourth occurrence completed by a perpetual checker is
//! an illegal move, and that can make a pawn drop drop-pawn mate (docs/rules/
//! repetition.md). Whether the line's own moves complete such a perpetual check depends
//! on the line (did the defender check with every reply?), which the searches' tables
//! cannot hold; so a game whose thrice-met position closes a perpetual check of the
//! moves played is refused under `strict` rather than answered wrongly.

use crate::key_hash::ZobristBuild;
use std::collections::HashSet;
use yosei_rules::{GameHistory, Key, Position, RepetitionRule, RuleSet};

/// The positions whose next occurrence ends the game (none for a problem given without
/// moves).
#[derive(Clone, Debug, Default)]
pub struct PriorGame {
    keys: HashSet<Key, ZobristBuild>,
    positions: Vec<Position>,
}

impl PriorGame {
    /// What `game` (ending at the position to solve) means to a search of its last
    /// position, or why the search cannot follow it.
    pub fn of(game: &GameHistory, rules: &RuleSet) -> Result<PriorGame, String> {
        let mut prior = PriorGame::default();
        for (position, perpetual) in game.met_three_times() {
            if perpetual && rules.repetition == RepetitionRule::Strict {
                return Err(
                    "a position of the moves played has occurred three times in a perpetual check: under \
                     repetition = strict its fourth occurrence may be illegal depending on the line, which \
                     the direct-mate and mate-in-N searches do not follow (solve it with repetition = normal)"
                        .into(),
                );
            }
            prior.keys.insert(position.key());
            prior.positions.push(position);
        }
        Ok(prior)
    }

    /// No position ends the game by repetition.
    pub fn is_empty(&self) -> bool {
        self.positions.is_empty()
    }

    /// Whether the position whose full key (`Position::key`) is `key` ends the game:
    /// for searches that work out a child's key without playing the move (the key is
    /// 128 bits wide; the tables identify positions by it too).
    pub fn ends_game_at_key(&self, key: Key) -> bool {
        !self.keys.is_empty() && self.keys.contains(&key)
    }

    /// Whether `pos` ends the game (compared whole).
    pub fn ends_game(&self, pos: &Position) -> bool {
        self.ends_game_at_key(pos.key()) && self.positions.iter().any(|p| p.same_position(pos))
    }
}
