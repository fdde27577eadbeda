//! Isardam, types A and B (docs/rules/isardam.md), as fm 6.005.019 plays them: a
//! position where a piece attacks an enemy piece of its own kind (promoted and
//! unpromoted kinds differ; a royal piece's attacks never count, nor attacks on one) is
//! forbidden, whoever moved and however (drops included). Type A (fm's ISARDAM, `!IS`)
//! also asks it of king captures: a piece reaching the enemy king checks only if some
//! form of that capture (under アンチキルケ with the capturer's return) leaves a position
//! Isardam allows; type B (`ISARDAM（タイプB）`, `!IB`) does not ask.
//!
//! Powers are the pieces' own: fm refuses Isardam with every power-changing condition.

use super::{andernach, any_anticirce_king_capture, king_capture_forms};
use crate::capture::CaptureRule;
use crate::{Condition, Position, RuleSet};
use yosei_core::{attacks, Bitboard, Color, Move, Piece, PieceKind, Square};

/// Whether king captures must obey Isardam too.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Isardam {
    /// Type A: a king capture that would leave a forbidden position is no check.
    TypeA,
    /// Type B: king captures are never judged.
    TypeB,
}

/// The first attack Isardam forbids in `pos`, as (attacker's square, attacked square).
pub(crate) fn forbidden_attack(pos: &Position, rules: &RuleSet) -> Option<(Square, Square)> {
    let occupied = pos.occupied();
    let table = rules.pieces();
    for from in occupied {
        let Some(piece) = pos.piece_at(from) else { continue };
        if !pairs_count(pos, piece.kind) {
            continue;
        }
        let same_kind = pos.pieces(!piece.color, piece.kind);
        if same_kind.is_empty() {
            continue;
        }
        let hit = table.reach(piece.kind, piece.color, from, occupied).attacks & same_kind;
        if let Some(to) = hit.into_iter().next() {
            return Some((from, to));
        }
    }
    None
}

/// Whether Isardam forbids `after`, the position after `m` in `before`, which it allows.
/// Only a pair that involves a square the move changed can be new: a piece set down
/// there (attacking, or attacked by, an enemy of its kind), or a piece whose line now
/// runs through a square the move emptied. A square filled only shortens lines.
pub(crate) fn forbids_after(before: &Position, m: Move, after: &Position, rules: &RuleSet) -> bool {
    // the squares whose piece changed: the move's own, and any filled or emptied beside
    // them (a rebirth, a capturer sent home)
    let mut changed = (before.occupied() ^ after.occupied()) | m.to().into();
    if let Some(from) = m.from() {
        changed |= from.into();
    }
    let board = Board::of(after);
    changed.into_iter().any(|sq| match after.piece_at(sq) {
        Some(piece) => meets_its_kind(board, rules, piece, sq),
        None => opened_line_meets_its_kind(board, rules, sq),
    })
}

/// [`forbids_after`] told on `pos` without playing `m`, a move of its side to move from
/// a position Isardam allows; `None` (play it and ask) for a move that puts or turns a
/// piece anywhere but on its destination (a rebirth, a restoration, a turn) or swaps.
pub(crate) fn forbids_unplayed(pos: &Position, rules: &RuleSet, m: Move) -> Option<bool> {
    if m.displacement().is_some() || m.is_swap() || m.via().is_some() {
        return None;
    }
    let landed = Piece::new(pos.kind_after(m)?, pos.side_to_move());
    Some(sets_down_a_pair(Board::of(pos), rules, landed, m.from(), m.to()))
}

/// A board Isardam judges without playing a move: a position's pieces but those on
/// `stale` squares (gone), with `added` set down (the piece a move not yet played puts
/// on its destination), over `occupied`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Board<'a> {
    pos: &'a Position,
    stale: Bitboard,
    added: Option<(Square, Piece)>,
    occupied: Bitboard,
}

impl<'a> Board<'a> {
    /// `pos` as it stands.
    #[inline]
    pub(crate) fn of(pos: &'a Position) -> Board<'a> {
        Board {
            pos,
            stale: Bitboard::EMPTY,
            added: None,
            occupied: pos.occupied(),
        }
    }

    /// The board after `m`, a move of the side to move of `pos` that puts no piece
    /// elsewhere than on its destination (no displacement, no swap, no capture on the
    /// way: `None` otherwise): the square it leaves and the piece it captures gone, the
    /// piece it moves or drops set down, as it ends (promoted or not).
    pub(crate) fn after(pos: &'a Position, m: Move) -> Option<Board<'a>> {
        if m.displacement().is_some() || m.is_swap() || m.via().is_some() {
            return None;
        }
        let piece = Piece::new(pos.kind_after(m)?, pos.side_to_move());
        Some(Board {
            added: Some((m.to(), piece)),
            ..Board::of(pos).moved(m.from(), m.to())
        })
    }

    /// This board after a piece comes from `from` (emptied; `None` for a drop) to `to`
    /// (its piece, if any, gone), the landed piece not on it: asked apart, as
    /// [`meets_its_kind`]'s `piece`.
    #[inline]
    fn moved(self, from: Option<Square>, to: Square) -> Board<'a> {
        let vacated = from.map_or(Bitboard::EMPTY, Bitboard::from);
        let touched = vacated | to.into();
        Board {
            pos: self.pos,
            stale: self.stale | touched,
            added: self.added.filter(|&(sq, _)| !touched.contains(sq)),
            occupied: self.occupied.with(to) & !vacated,
        }
    }

    /// The pieces of `color` and `kind` on this board.
    #[inline]
    fn pieces(&self, color: Color, kind: PieceKind) -> Bitboard {
        let set = self.pos.pieces(color, kind) & !self.stale;
        match self.added {
            Some((sq, piece)) if piece.color == color && piece.kind == kind => set.with(sq),
            _ => set,
        }
    }

    /// The piece on `sq` on this board.
    #[inline]
    fn piece_at(&self, sq: Square) -> Option<Piece> {
        match self.added {
            Some((added, piece)) if added == sq => Some(piece),
            _ if self.stale.contains(sq) => None,
            _ => self.pos.piece_at(sq),
        }
    }

    /// Of `squares`, the ones where this board has a piece that `pos` shows (not stale),
    /// and the added piece's square when `added_counts` says its piece is one of them.
    #[inline]
    fn kept(&self, squares: Bitboard, added_counts: impl Fn(Piece) -> bool) -> Bitboard {
        let kept = squares & !self.stale;
        match self.added {
            Some((sq, piece)) if added_counts(piece) => kept.with(sq),
            _ => kept,
        }
    }
}

/// Whether `landed`, set down on `to` (from `from`, which empties; a piece on `to` is
/// gone), makes a pair Isardam forbids on `board`, which it allows.
pub(crate) fn sets_down_a_pair(board: Board, rules: &RuleSet, landed: Piece, from: Option<Square>, to: Square) -> bool {
    let after = board.moved(from, to);
    meets_its_kind(after, rules, landed, to) || from.is_some_and(|from| opened_line_meets_its_kind(after, rules, from))
}

/// Whether two pieces of `kind` facing each other make a pair Isardam forbids: not for
/// a stone (it attacks nothing), nor for a royal kind (the king, a kind declared royal):
/// fm's test, shared with Madrasi, skips a pair whose kind is royal (`B_PA_ROYAL`;
/// its Isardam-K, where kings would count, is unimplemented). Every piece of a royal
/// kind is royal, so such a pair is two royal pieces.
#[inline]
fn pairs_count(pos: &Position, kind: PieceKind) -> bool {
    kind != PieceKind::Stone && !pos.is_royal_kind(kind)
}

/// Whether `piece` on `sq` attacks an enemy piece of its kind on `board` or is attacked
/// by one (royal pieces and stones never: [`pairs_count`]).
fn meets_its_kind(board: Board, rules: &RuleSet, piece: Piece, sq: Square) -> bool {
    if !pairs_count(board.pos, piece.kind) {
        return false;
    }
    let enemies = board.pieces(!piece.color, piece.kind);
    if enemies.is_empty() {
        return false;
    }
    let table = rules.pieces();
    let occupied = board.occupied;
    (table.reach(piece.kind, piece.color, sq, occupied).attacks & enemies).is_nonempty()
        || enemies
            .into_iter()
            .any(|e| table.attacks_square(piece.kind, !piece.color, e, sq, occupied))
}

/// Whether a piece whose line runs through `sq`, empty on `board`, attacks an enemy
/// piece of its kind (a line-bound piece reaching `sq` is the only one whose attacks it
/// changes; Isardam refuses the others).
fn opened_line_meets_its_kind(board: Board, rules: &RuleSet, sq: Square) -> bool {
    use PieceKind::*;
    let pos = board.pos;
    let table = rules.pieces();
    let occupied = board.occupied;
    // (a kind the other side lacks makes no pair: asked first, before any reach)
    let meets = |from: Square, piece: Piece| {
        if !pairs_count(pos, piece.kind) {
            return false;
        }
        let enemies = board.pieces(!piece.color, piece.kind);
        enemies.is_nonempty() && (table.reach(piece.kind, piece.color, from, occupied).attacks & enemies).is_nonempty()
    };
    // the ordinary riders of the position whose ride reaches `sq` over the board (a
    // ride stopped short of it is not lengthened; by the symmetry of rides, the rides
    // from `sq` that meet them)
    let kind = |kind: PieceKind| pos.pieces_of_kind(kind);
    let mut riders = (attacks::rook_attacks(sq, occupied) & (kind(Rook) | kind(Dragon)))
        | (attacks::bishop_attacks(sq, occupied) & (kind(Bishop) | kind(Horse)));
    let lances = kind(Lance);
    if lances.is_nonempty() {
        for color in Color::ALL {
            riders |= attacks::lance_attacks(!color, sq, occupied) & lances & pos.pieces_of(color);
        }
    }
    let riders_meet = board
        .kept(riders, |_| false)
        .into_iter()
        .any(|from| board.piece_at(from).is_some_and(|piece| meets(from, piece)));
    // the fairy pieces, and the added piece if it rides, asked whether they reach `sq`
    let rides =
        |piece: Piece| matches!(piece.kind, Lance | Bishop | Rook | Horse | Dragon) || !piece.kind.is_ordinary();
    riders_meet
        || board.kept(pos.fairy_squares(), rides).into_iter().any(|from| {
            board.piece_at(from).is_some_and(|piece| {
                table.attacks_square(piece.kind, piece.color, from, sq, occupied) && meets(from, piece)
            })
        })
}

/// Type A: whether the piece on `from` may capture the king on `king` as a check does —
/// some form of the capture fm's trial move tries (promoted where it may promote,
/// unpromoted unless dead there) leaves a position Isardam allows. Under Andernach the
/// capturer that turns stands on the king's square as the king's side's piece (fm plays
/// the trial through its Andernach move code and judges the board after it).
pub(crate) fn king_capture_allowed(pos: &Position, rules: &RuleSet, from: Square, king: Square) -> bool {
    let Some(capturer) = pos.piece_at(from) else {
        return false;
    };
    // a king is reborn nowhere and goes to no hand: the capture only moves the capturer
    // (judged on `pos` itself), unless it may go home (アンチキルケ) or change colour
    if rules.capture_rule() == Some(CaptureRule::AntiCirce) {
        return any_anticirce_king_capture(pos, rules, from, king, |trial| {
            !forbids_after(pos, trial, &pos.play(trial), rules)
        });
    }
    king_capture_forms(pos, rules, from, king).any(|promote| {
        if let Some(rule) = rules.compiled().turn {
            // the capturer may change colour (Andernach): played, then judged
            let capture = andernach::apply(pos, rules, rule, Move::normal(from, king, promote));
            return !forbids_after(pos, capture, &pos.play(capture), rules);
        }
        let kind = if promote {
            capturer.kind.promoted().unwrap_or(capturer.kind)
        } else {
            capturer.kind
        };
        !sets_down_a_pair(Board::of(pos), rules, Piece { kind, ..capturer }, Some(from), king)
    })
}

/// Isardam's type, if one is set, with fm's exclusions and the combinations yosei has
/// not compared with fm refused (Andernach and Anti-Andernach combine: `turn_rule`). Type A with
/// PWC is refused too: fm restores a king "captured" by a move that is no check (PWC's
/// real move, unlike its trial move, puts the king back), which yosei does not play.
pub(crate) fn compile(conditions: &[Condition], problems: &mut Vec<String>) -> Option<Isardam> {
    let rule = match (
        conditions.contains(&Condition::Isardam),
        conditions.contains(&Condition::IsardamB),
    ) {
        (false, false) => return None,
        (true, true) => {
            problems.push("conditions isardam (type A) and isardam-b are two readings of one rule: choose one".into());
            Isardam::TypeA
        }
        (true, false) => Isardam::TypeA,
        (false, true) => Isardam::TypeB,
    };
    let names = |pick: &dyn Fn(&Condition) -> bool| {
        conditions
            .iter()
            .filter(|c| pick(c))
            .map(|c| format!("{c} ({})", c.japanese()))
            .collect::<Vec<_>>()
    };
    let exclusive = names(&|c| {
        use Condition::*;
        matches!(
            c,
            Madrasi | KMadrasi | Annan | Anhoku | Taimen | Haimen | NekoSen | NekoNekoSen | Koko
        )
    });
    if !exclusive.is_empty() {
        problems.push(format!(
            "Isardam cannot be combined with {} (fm treats Isardam as exclusive with Madrasi, the power-changing conditions and Koko)",
            exclusive.join(", ")
        ));
    }
    let type_a = rule == Isardam::TypeA;
    let untried = names(&|c| {
        use Condition::*;
        matches!(c, Tenjiku | Komazume(_) | SelfCheckCaptureInvalid) || (*c == Pwc && type_a)
    });
    if !untried.is_empty() {
        problems.push(format!(
            "Isardam with {} is not implemented together yet",
            untried.join(", ")
        ));
    }
    Some(rule)
}
