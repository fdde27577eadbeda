//! 強欲 `greedy` and 禁欲 `ascetic` (docs/rules/move-bans.md).
//!
//! 強欲: when a side has a capture among the moves it may play, it plays a capture;
//! 禁欲: it captures only when it has no other move. "The moves it may play" are those
//! the caller asks for: all legal moves, or, when the stipulation makes a side check
//! (the attacker of a mate problem), its checking moves. So under 強欲 an attacker that
//! could capture without checking may still check without capturing. This is fm's
//! reading: its generators try the capturing checks first and the others only when none
//! was found (強欲), or the other way round (禁欲). Neither changes whether a side has a
//! move, so the mate and stalemate tests are those of ordinary rules.

use crate::{MoveList, MoveSink, Position};
use std::ops::ControlFlow;
use yosei_core::Move;

/// Which kind of move comes first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CaptureDuty {
    /// 強欲: captures, if any.
    Greedy,
    /// 禁欲: non-captures, if any.
    Ascetic,
}

/// Whether `m` takes a piece: on its destination, or on a Lion's intermediate square.
#[inline]
pub(crate) fn is_capture(pos: &Position, m: Move) -> bool {
    if m.is_drop() {
        return false;
    }
    let enemy = |sq| pos.piece_at(sq).is_some_and(|p| p.color != pos.side_to_move());
    enemy(m.to()) || m.via().is_some_and(enemy)
}

impl CaptureDuty {
    /// Pushes the moves of `moves` (all the moves the side may play, before the duty)
    /// that the duty leaves.
    pub(crate) fn push_allowed<S: MoveSink>(self, pos: &Position, moves: &MoveList, sink: &mut S) -> ControlFlow<()> {
        let captures_first = self == CaptureDuty::Greedy;
        let has_preferred = moves.iter().any(|&m| is_capture(pos, m) == captures_first);
        for &m in moves {
            if !has_preferred || is_capture(pos, m) == captures_first {
                sink.push(m)?;
            }
        }
        ControlFlow::Continue(())
    }
}
