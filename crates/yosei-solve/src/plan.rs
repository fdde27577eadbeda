//! From a stipulation and a position to the plan of a help-play search: roles, move
//! filter and goal (rules.md §8 "Conventions").

use yosei_core::Color;
use yosei_rules::{Position, Stipulation};

/// What ends a help sequence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Goal {
    /// The defender is to move and checkmated (ばか詰).
    DefenderMated,
    /// The attacker is to move and checkmated, by the defender's last move (ばか自殺詰).
    AttackerMated,
    /// The defender is to move, not in check, and has no legal move.
    DefenderStalemated,
    /// The attacker is to move, not in check, and has no legal move, after the
    /// defender's last move (協力自玉ステイルメイト).
    AttackerStalemated,
    /// The position (board, hands, side to move) equals this one (ばか手順, ばか千日手).
    Reach(Box<Position>),
}

#[derive(Clone, Debug)]
pub struct HelpPlan {
    pub attacker: Color,
    pub goal: Goal,
    /// Whether every attacker move must give check (all help goals but sequences; for
    /// stalemate, every move but the last).
    pub attacker_checks: bool,
    /// The stated length, if any: the search proves there is nothing shorter and stops
    /// there.
    pub max_length: Option<u32>,
    /// Notes for the output (e.g. the side to move contradicts the fm convention).
    pub notes: Vec<String>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlanError(pub String);

impl std::fmt::Display for PlanError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for PlanError {}

impl HelpPlan {
    /// The plan for a help stipulation; `target` is the ばか手順 target position.
    pub fn new(stipulation: Stipulation, start: &Position, target: Option<Position>) -> Result<HelpPlan, PlanError> {
        let to_move = start.side_to_move();
        let length = stipulation.length();
        // fm's convention, with Black the attacker: for ばか詰 and help-stalemate the
        // attacker moves first when n is odd; for ばか自殺詰 and its stalemate when n is
        // even. The
        // position's side to move always moves first; when it disagrees, the roles follow
        // the position and the output says so.
        let (goal, attacker_checks, attacker_first_when_odd) = match stipulation {
            Stipulation::Help { .. } => (Goal::DefenderMated, true, true),
            Stipulation::HelpSelf { .. } => (Goal::AttackerMated, true, false),
            Stipulation::HelpStale { .. } => (Goal::DefenderStalemated, true, true),
            // fm (HS=): as ばか自殺詰, the last move the defender's, which need not check.
            Stipulation::HelpSelfStale { .. } => (Goal::AttackerStalemated, true, false),
            Stipulation::Sequence { .. } => {
                let target = target.ok_or_else(|| PlanError("seq:N needs a target position (--target SFEN)".into()))?;
                (Goal::Reach(Box::new(target)), false, true)
            }
            Stipulation::Cycle { .. } => (Goal::Reach(Box::new(start.clone())), false, true),
            other => {
                return Err(PlanError(format!(
                    "{} ({other}) is not a help stipulation",
                    other.japanese()
                )))
            }
        };
        let mut notes = Vec::new();
        let attacker = match (length, &goal) {
            // Sequences: Black is the attacker; nothing depends on it but the wording.
            (_, Goal::Reach(_)) => Color::Black,
            (Some(n), _) => {
                let attacker_first = (n % 2 == 1) == attacker_first_when_odd;
                let attacker = if attacker_first { to_move } else { !to_move };
                if attacker != Color::Black {
                    notes.push(format!(
                        "the position has {} to move, but fm's convention for {} in {n} plies wants {} to move: \
                         solving from the position's side to move, with White as the attacker",
                        side_name(to_move),
                        stipulation.japanese(),
                        side_name(!to_move)
                    ));
                }
                attacker
            }
            // No length: Black attacks, and the parity follows from the side to move.
            (None, _) => Color::Black,
        };
        Ok(HelpPlan {
            attacker,
            goal,
            attacker_checks,
            max_length: length,
            notes,
        })
    }
}

fn side_name(c: Color) -> &'static str {
    match c {
        Color::Black => "Black",
        Color::White => "White",
    }
}
