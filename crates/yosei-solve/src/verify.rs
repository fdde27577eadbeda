//! Replaying a solution through the rule engine: every reported line must be legal
//! move by move (design.md, Exactness).

use yosei_core::Move;
use yosei_rules::{Position, RuleSet};

/// The position after `line`, or which move is not legal.
pub fn replay(start: &Position, rules: &RuleSet, line: &[Move]) -> Result<Position, String> {
    let mut pos = start.clone();
    for (i, &m) in line.iter().enumerate() {
        if !pos.is_legal(m, rules) {
            return Err(format!("move {} ({}) is not legal", i + 1, m.to_usi()));
        }
        pos.play_in_place(m);
    }
    Ok(pos)
}

/// The end positions of many lines, replaying each shared prefix once (lines sorted so
/// that neighbours share their beginnings are replayed fastest), and stopping where a
/// line rejoins the previous one: the same position at the same ply, the same moves
/// after it (positions compared in full, never by key), so what follows was verified.
pub fn replay_all(start: &Position, rules: &RuleSet, lines: &[Vec<Move>]) -> Result<Vec<Position>, String> {
    // stack[i] is the position after the first i moves of the line last replayed,
    // kept whole: a line that rejoins keeps the previous line's positions past the
    // rejoining ply, which are its own.
    let mut stack = vec![start.clone()];
    let mut previous: &[Move] = &[];
    let mut ends = Vec::with_capacity(lines.len());
    for (n, line) in lines.iter().enumerate() {
        let common = previous.iter().zip(line).take_while(|(a, b)| a == b).count();
        let shared_tail = if previous.len() == line.len() {
            previous
                .iter()
                .rev()
                .zip(line.iter().rev())
                .take_while(|(a, b)| a == b)
                .count()
        } else {
            0
        };
        let rejoin = (shared_tail > 0 && common < line.len()).then(|| line.len() - shared_tail);
        let rejoin_position = rejoin.map(|r| stack[r].clone());
        for (i, &m) in line.iter().enumerate().skip(common) {
            if rejoin == Some(i) && rejoin_position.as_ref() == Some(&stack[i]) {
                break;
            }
            let pos = &stack[i];
            if !pos.is_legal(m, rules) {
                return Err(format!("line {}, move {} ({}) is not legal", n + 1, i + 1, m.to_usi()));
            }
            let next = pos.play(m);
            if i + 1 < stack.len() {
                stack[i + 1] = next;
            } else {
                stack.push(next);
            }
        }
        stack.truncate(line.len() + 1);
        ends.push(stack[line.len()].clone());
        previous = line;
    }
    Ok(ends)
}

#[cfg(test)]
mod tests {
    use super::replay_all;
    use yosei_core::{Move, Square};
    use yosei_rules::{Position, RuleSet};

    /// `7g7f` as (7, 7, 7, 6).
    fn mv(from_file: i32, from_rank: i32, to_file: i32, to_rank: i32, promote: bool) -> Move {
        let square = |f, r| Square::new(f, r).expect("on the board");
        Move::normal(square(from_file, from_rank), square(to_file, to_rank), promote)
    }

    #[test]
    fn a_line_that_rejoins_by_transposition_ends_where_the_previous_one_does() {
        let (p76, p26, p34, p44) = (
            mv(7, 7, 7, 6, false),
            mv(2, 7, 2, 6, false),
            mv(3, 3, 3, 4, false),
            mv(4, 3, 4, 4, false),
        );
        let lines = vec![vec![p76, p34, p26, p44], vec![p26, p34, p76, p44]];
        let ends = replay_all(&Position::startpos(), &RuleSet::ordinary(), &lines).expect("both legal");
        assert!(ends[0] == ends[1]);
    }

    #[test]
    fn a_shared_tail_from_a_different_position_is_replayed_and_refused() {
        // The bishop's capture on 2b needs 7g7f; after 2g2f instead it is illegal,
        // although both lines end with the same two moves.
        let (p76, p26, p34) = (mv(7, 7, 7, 6, false), mv(2, 7, 2, 6, false), mv(3, 3, 3, 4, false));
        let bishop_takes = mv(8, 8, 2, 2, true);
        let lines = vec![vec![p76, p34, bishop_takes], vec![p26, p34, bishop_takes]];
        let refused = replay_all(&Position::startpos(), &RuleSet::ordinary(), &lines);
        assert_eq!(refused.unwrap_err(), "line 2, move 3 (8h2b+) is not legal");
    }
}
