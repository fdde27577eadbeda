//! 連続協力詰 (series helpmate, fm's SH#n): the defender plays from one to n moves in a
//! row, none of them a check, the attacker passing; then the attacker mates in one.
//! The stated length counts the defender's moves, as fm's does; the solution's plies
//! count the mate too.

use super::{side_note, SeriesPlan};
use yosei_core::Color;
use yosei_rules::{Position, Stipulation};

/// The plan for `serhelp:length` from `start`, whose side to move defends.
pub(super) fn plan(start: &Position, length: u32) -> SeriesPlan {
    let defender = start.side_to_move();
    SeriesPlan {
        first: 1,
        last: length,
        mate_by_other: true,
        stated_plies: Stipulation::SeriesHelp { length }.plies().unwrap_or(length),
        attacker: !defender,
        notes: side_note("連続協力詰", Color::White, defender),
    }
}
