//! 連続詰 (series mate, fm's SER-#n): the attacker plays up to n moves in a row, the
//! defender never moving; no move but the last gives check, and the last mates.

use super::{side_note, SeriesPlan};
use yosei_core::Color;
use yosei_rules::Position;

/// The plan for `ser:length` from `start`, whose side to move attacks.
pub(super) fn plan(start: &Position, length: u32) -> SeriesPlan {
    let attacker = start.side_to_move();
    SeriesPlan {
        first: 0,
        last: length.saturating_sub(1),
        mate_by_other: false,
        stated_plies: length,
        attacker,
        notes: side_note("連続詰", Color::Black, attacker),
    }
}
