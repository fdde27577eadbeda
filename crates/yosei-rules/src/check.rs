//! Check, mate and stalemate (rules.md §2).

use crate::{Position, RuleSet};
use yosei_core::attacks;
use yosei_core::{Bitboard, Color, Move, PieceKind, Square};

/// What the side to move needs to tell quickly whether its moves give check: the enemy
/// king's square and our pieces that alone block one of our sliders' lines to it (moving
/// them off the line discovers check). The squares a kind checks from are derived from
/// the king's square where needed (`Position::legal_checks`).
pub struct CheckInfo {
    king: Option<Square>,
    us: Color,
    blockers: Bitboard,
}

impl CheckInfo {
    /// The square of the king that checks would attack.
    pub fn enemy_king(&self) -> Option<Square> {
        self.king
    }

    /// Whether a piece leaving `from` (off the line) uncovers a line to the enemy king.
    pub fn uncovers(&self, from: Square) -> bool {
        self.blockers.contains(from)
    }

    /// The pieces whose leaving (off the line) uncovers a line to the enemy king.
    pub fn uncovering(&self) -> Bitboard {
        self.blockers
    }
}

impl Position {
    /// Whether `m` (a legal move) gives check, by playing it. The reference for
    /// [`Position::gives_check_fast`].
    pub fn gives_check(&self, m: Move, rules: &RuleSet) -> bool {
        self.play(m).in_check(rules)
    }

    /// Whether the side to move stands in check (rules.md §2): the opponent, were it
    /// to move, could capture its king.
    #[inline]
    pub fn in_check(&self, rules: &RuleSet) -> bool {
        if self.takes_general_path(rules) {
            crate::general::in_check(self, rules)
        } else {
            self.checkers().is_nonempty()
        }
    }

    /// Whether the side *not* to move stands in check: the side to move could capture
    /// its king (under 二玉詰 any of its royal pieces), a forbidden position after the
    /// move that led here.
    pub fn king_capturable(&self, rules: &RuleSet) -> bool {
        let them = !self.side_to_move();
        let Some(king) = self.king(them) else { return false };
        if !self.takes_general_path(rules) {
            self.is_attacked(king, !them, self.occupied())
        } else if self.has_several_royals() {
            let powers = crate::powers::Powers::new(self, rules);
            crate::general::royal_attacked(self, rules, &powers, them)
        } else {
            crate::general::attacked(self, rules, king, !them)
        }
    }

    /// Under 自己王手王取無効: the side *not* to move has its king within the enemy king's
    /// reach, which no legal move leads to (the adjacency ban, rules.md §5.13).
    pub(crate) fn king_left_in_enemy_king_reach(&self, rules: &RuleSet) -> bool {
        rules.compiled().self_check_capture_invalid
            && crate::conditions::self_check_capture::king_in_enemy_king_reach(
                self,
                rules,
                &crate::powers::Powers::new(self, rules),
                !self.side_to_move(),
            )
    }

    /// Facts for [`Position::gives_check_fast`], computed once per node.
    pub fn check_info(&self) -> CheckInfo {
        let us = self.side_to_move();
        let Some(king) = self.king(!us) else {
            return CheckInfo {
                king: None,
                us,
                blockers: Bitboard::EMPTY,
            };
        };
        // Our sliders that see the enemy king through exactly one of our pieces.
        let snipers = ((attacks::lance_pseudo_attacks(!us, king) & self.pieces(us, PieceKind::Lance))
            | (attacks::bishop_pseudo_attacks(king)
                & (self.pieces(us, PieceKind::Bishop) | self.pieces(us, PieceKind::Horse)))
            | (attacks::rook_pseudo_attacks(king)
                & (self.pieces(us, PieceKind::Rook) | self.pieces(us, PieceKind::Dragon))))
            & self.pieces_of(us);
        let occupied = self.occupied();
        let mut blockers = Bitboard::EMPTY;
        for sniper in snipers {
            let between = attacks::between(king, sniper) & occupied;
            if !between.has_several() {
                blockers |= between & self.pieces_of(us);
            }
        }
        CheckInfo {
            king: Some(king),
            us,
            blockers,
        }
    }

    /// Whether the legal move `m` gives check, without playing it (ordinary powers and
    /// pieces only: the fast path).
    #[inline]
    pub fn gives_check_fast(&self, m: Move, info: &CheckInfo) -> bool {
        let Some(king) = info.king else { return false };
        let to = m.to();
        let mut occupied = self.occupied().with(to);
        if let Some(from) = m.from() {
            // Discovered check: a blocker leaves the line between slider and king.
            if info.blockers.contains(from) && !attacks::line(king, from).contains(to) {
                return true;
            }
            occupied = occupied.without(from);
        }
        let Some(kind) = self.kind_after(m) else { return false };
        attacks::ordinary_attacks(kind, info.us, to, occupied).contains(king)
    }

    /// The side to move is in check and has no legal move (詰み).
    pub fn is_checkmate(&self, rules: &RuleSet) -> bool {
        self.in_check(rules) && !self.has_legal_move(rules)
    }

    /// The side to move is not in check and has no legal move.
    pub fn is_stalemate(&self, rules: &RuleSet) -> bool {
        !self.in_check(rules) && !self.has_legal_move(rules)
    }
}
