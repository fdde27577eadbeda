//! The main line of a proven direct mate, with its cooks.
//!
//! Every position of the line has its exact value (plies to mate): the attacker plays
//! a move whose position keeps the value (one ply less), the defender a reply after
//! which no shorter mate exists. At each attacker move, every other check that also
//! mates within the plies left is a cook (余詰); at the last move such a check is an
//! alternative mate (最終手余詰), noted but not a cook.
//!
//! Where several moves keep the value — the defender's equally long replies, the
//! attacker's equally short mates — the problem's line is one of them; a composer
//! means the one without faults, so when the first leaves cooks, pieces in hand at
//! the end (駒余り) or alternative last moves, the others are tried (within
//! `ALTERNATIVES` tries per problem) and the line with the fewest faults, in that
//! order, is kept.

use super::dfpn::Dfpn;
use super::mate_len::{MateLen, ANY, NONE};
use super::{settled, Halt};
use yosei_core::Move;
use yosei_rules::Position;

/// How many other equal moves may be tried in all.
pub(super) const ALTERNATIVES: u32 = 200;

pub(super) struct Line {
    pub moves: Vec<Move>,
    /// Other mating moves at the attacker's moves of the line: (index in `moves`, move).
    pub cooks: Vec<(usize, Move)>,
    /// Other mating moves at the line's last move.
    pub final_duals: Vec<(usize, Move)>,
    /// Pieces in the attacker's hand at the end.
    pub leftover: u32,
}

impl Line {
    /// What makes a line worse than another of the same length, worst first.
    fn faults(&self) -> (usize, u32, usize) {
        (self.cooks.len(), self.leftover, self.final_duals.len())
    }

    /// `m` followed by this line.
    fn after(mut self, m: Move) -> Line {
        self.moves.insert(0, m);
        for (at, _) in self.cooks.iter_mut().chain(self.final_duals.iter_mut()) {
            *at += 1;
        }
        self
    }
}

/// The line from `pos` (on the search's path, with the line before it), whose exact
/// value is `value`.
pub(super) fn line_from(dfpn: &mut Dfpn, pos: &Position, value: MateLen, budget: &mut u32) -> Result<Line, Halt> {
    if value == 0 {
        // mated (or only futile interpositions left)
        return Ok(Line {
            moves: Vec::new(),
            cooks: Vec::new(),
            final_duals: Vec::new(),
            leftover: pos.hand(dfpn.attacker).total(),
        });
    }
    let attacker = pos.side_to_move() == dfpn.attacker;
    let keeping = if attacker {
        attacker_moves_keeping(dfpn, pos, value - 1)?
    } else {
        ordered_defences(dfpn, pos, value)?
    };
    let mut best: Option<Line> = None;
    let mut tried = 0;
    for &m in &keeping {
        let next = pos.play(m);
        if dfpn.on_path(&next) || (!attacker && !keeps_value(dfpn, &next, value - 1)?) {
            continue;
        }
        if tried > 0 {
            if *budget == 0 {
                break;
            }
            *budget -= 1;
        }
        tried += 1;
        dfpn.enter(&next);
        let rest = line_from(dfpn, &next, value - 1, budget);
        dfpn.leave(&next);
        let mut line = rest?.after(m);
        if attacker {
            // The other moves that keep the value mate as fast: cooks.
            let faults = if value == 1 {
                &mut line.final_duals
            } else {
                &mut line.cooks
            };
            faults.extend(keeping.iter().filter(|&&o| o != m).map(|&o| (0, o)));
        }
        if best.as_ref().is_none_or(|b| line.faults() < b.faults()) {
            best = Some(line);
        }
        if best.as_ref().is_some_and(|b| b.faults() == (0, 0, 0)) {
            break;
        }
    }
    best.ok_or_else(|| {
        Halt::Internal(format!(
            "no {} keeps the value {value} at ply {}",
            if attacker { "check" } else { "defence" },
            pos.move_number()
        ))
    })
}

/// Whether the position after a defence, worth at most `target`, is worth exactly
/// `target`: no shorter mate.
fn keeps_value(dfpn: &mut Dfpn, next: &Position, target: MateLen) -> Result<bool, Halt> {
    if target == 0 {
        return Ok(true);
    }
    dfpn.enter(next);
    let r = dfpn.solve(next, target - 1);
    dfpn.leave(next);
    Ok(settled(dfpn, r)?.is_disproven())
}

/// The defences of `pos` (whose value is `bound`: a drop is futile when the checker
/// mates as fast from the drop square), those the table already knows to last longest
/// first.
fn ordered_defences(dfpn: &mut Dfpn, pos: &Position, bound: MateLen) -> Result<Vec<Move>, Halt> {
    let replies = dfpn.defences(pos, bound).ok_or(Halt::Limit)?;
    let mut order: Vec<(MateLen, Move)> = replies
        .iter()
        .map(|&m| {
            let hint = dfpn
                .known(&pos.play(m), ANY)
                .filter(|r| r.is_proven())
                .map_or(0, |r| r.value);
            (hint, m)
        })
        .collect();
    order.sort_by_key(|&(hint, _)| std::cmp::Reverse(hint));
    Ok(order.into_iter().map(|(_, m)| m).collect())
}

/// The attacker's checks from `pos` whose positions are worth `target` (at most:
/// `pos`'s value being exact, at most is exactly), the table's best guesses first.
fn attacker_moves_keeping(dfpn: &mut Dfpn, pos: &Position, target: MateLen) -> Result<Vec<Move>, Halt> {
    let mut order: Vec<(MateLen, Move)> = pos
        .legal_checks(dfpn.rules)
        .iter()
        .map(|&m| {
            let hint = dfpn
                .known(&pos.play(m), target)
                .filter(|r| r.is_proven())
                .map_or(NONE, |r| r.value);
            (hint, m)
        })
        .collect();
    order.sort_by_key(|&(hint, _)| hint);
    let mut out = Vec::new();
    for (_, m) in order {
        if mates_within(dfpn, pos, m, target)? {
            out.push(m);
        }
    }
    Ok(out)
}

/// Whether the attacker's check `m` from `pos` leads to a position worth at most
/// `bound`.
fn mates_within(dfpn: &mut Dfpn, pos: &Position, m: Move, bound: MateLen) -> Result<bool, Halt> {
    let next = pos.play(m);
    if dfpn.on_path(&next) {
        return Ok(false);
    }
    if !next.has_legal_move(dfpn.rules) && !dfpn.rules.mate_counts(Some(m)) {
        return Ok(false);
    }
    dfpn.enter(&next);
    let r = dfpn.solve(&next, bound);
    dfpn.leave(&next);
    Ok(settled(dfpn, r)?.is_proven())
}
