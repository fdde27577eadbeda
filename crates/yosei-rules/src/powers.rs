//! Phase 1 of a node (docs/ARCHITECTURE.md): which kind's power each piece has.
//!
//! A piece's power is a set of kinds (a [`PowerMask`] over `PieceKind::index`): one kind
//! for every piece except a 天竺 king in double check, which has the union of its
//! checkers' powers. [`Powers`] is computed once per node; it holds the few squares
//! whose power is not their own kind's (`changed`, a couple of bitboard shifts for the
//! 安南 family) and looks the lender up per piece when asked. Generation, check
//! detection and Madrasi paralysis all read it, so they cannot disagree.

use crate::conditions::{annan, facing, komazume, neko_sen, tenjiku, PowerRule};
use crate::lion::TwoSteps;
use crate::pieces::Reach;
use crate::{Position, RuleSet};
use yosei_core::{attacks, Bitboard, Color, Piece, PieceKind, Square};

/// A set of kinds, one bit per `PieceKind::index`.
pub(crate) type PowerMask = u128;

// every kind needs its own bit: a shift past the width would alias another kind
const _: () = assert!(PieceKind::COUNT <= PowerMask::BITS as usize);

/// The power mask of one kind.
#[inline]
pub(crate) const fn kind_bit(kind: PieceKind) -> PowerMask {
    1 << kind.index()
}

/// Whether a piece of `color` on `from` with the powers of `mask` attacks `target`.
#[inline]
pub(crate) fn mask_attacks_square(
    rules: &RuleSet,
    mut mask: PowerMask,
    color: Color,
    from: Square,
    target: Square,
    occupied: Bitboard,
) -> bool {
    let table = rules.pieces();
    while mask != 0 {
        let kind = PieceKind::ALL[mask.trailing_zeros() as usize];
        mask &= mask - 1;
        if table.attacks_square(kind, color, from, target, occupied) {
            return true;
        }
    }
    false
}

/// The squares from which a piece of an ordinary kind, of either colour, may attack
/// `target` over `occupied`: an ordinary attack runs along a rook or bishop line with
/// nothing between, or is a king step or a knight's leap, and reversed it is the same.
#[inline]
pub(crate) fn ordinary_attack_origins(target: Square, occupied: Bitboard) -> Bitboard {
    attacks::rook_attacks(target, occupied)
        | attacks::bishop_attacks(target, occupied)
        | attacks::king_attacks(target)
        | attacks::knight_attacks(Color::Black, target)
        | attacks::knight_attacks(Color::White, target)
}

/// [`ordinary_attack_origins`] on an empty board: the squares from which a piece of an
/// ordinary kind, of either colour, may attack `target` over some board (a superset,
/// told by table lookups alone).
#[inline]
pub(crate) fn ordinary_attack_span(target: Square) -> Bitboard {
    attacks::rook_pseudo_attacks(target)
        | attacks::bishop_pseudo_attacks(target)
        | attacks::king_attacks(target)
        | attacks::knight_attacks(Color::Black, target)
        | attacks::knight_attacks(Color::White, target)
}

/// The powers of one position's pieces.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Powers {
    rule: PowerRule,
    /// Pieces whose power may not be their own kind's (exactly those under the 安南
    /// family; every piece in a line under ネコ鮮, whose lender is looked up per piece).
    changed: Bitboard,
    /// For 天竺 and 駒詰: each side's king's power mask (0: its own).
    king_power: [PowerMask; 2],
    /// Every power in [`Self::changed`] is a set of ordinary kinds: no fairy piece
    /// stands on the board to lend (安南 family, ネコ鮮) or check (天竺) with its kind,
    /// and 駒詰's kind is ordinary.
    ordinary_only: bool,
}

/// The rank step from a piece to its lender under the 安南 family, for `color`:
/// +1 is rank+1 (behind a Black piece), −1 rank−1.
#[inline]
pub(crate) fn lender_direction(rule: PowerRule, color: Color) -> i32 {
    let behind = match color {
        Color::Black => 1,
        Color::White => -1,
    };
    match rule {
        PowerRule::Annan | PowerRule::Haimen => behind,
        _ => -behind,
    }
}

/// Whether the 安南 family's `rule` lends from a piece of the borrower's own side (安南,
/// 安北) rather than from an enemy piece (対面, 背面).
#[inline]
pub(crate) fn lenders_are_friendly(rule: PowerRule) -> bool {
    matches!(rule, PowerRule::Annan | PowerRule::Anhoku)
}

/// The kind whose power `piece` has under the 安南 family (`rule`), given the piece on
/// its lending square ([`lender_direction`]): the lender's own kind when it lends (a
/// friendly piece under 安南 and 安北, an enemy piece under 対面 and 背面; stones neither
/// lend nor borrow), else the piece's own.
#[inline]
pub(crate) fn next_rank_power(rule: PowerRule, piece: Piece, lender: Option<Piece>) -> PieceKind {
    let Some(lender) = lender else { return piece.kind };
    let lends = lender.kind != PieceKind::Stone
        && piece.kind != PieceKind::Stone
        && (lender.color == piece.color) == lenders_are_friendly(rule)
        && matches!(
            rule,
            PowerRule::Annan | PowerRule::Anhoku | PowerRule::Taimen | PowerRule::Haimen
        );
    if lends {
        lender.kind
    } else {
        piece.kind
    }
}

/// The squares `s` whose neighbour `s + dr` (same file, rank + dr, dr = ±1) is in `bb`.
#[inline]
pub(crate) fn next_to(bb: Bitboard, dr: i32) -> Bitboard {
    // Squares are file-major (index = (file-1)*9 + rank-1): rank+1 is index+1.
    if dr > 0 {
        Bitboard(bb.0 >> 1) & !Bitboard::rank(9)
    } else {
        Bitboard(bb.0 << 1) & Bitboard::FULL & !Bitboard::rank(1)
    }
}

/// [`Powers::lent_attackers`] with the lenders `DR` ranks from their borrowers.
#[inline(always)]
fn lent_attackers_toward<const DR: i32>(
    pos: &Position,
    by: Color,
    target: Square,
    occupied: Bitboard,
    borrowers: Bitboard,
) -> (Bitboard, Bitboard) {
    // each borrower's lender stands one rank away from it
    let lenders = next_to(borrowers, -DR);
    let lent = |lenders_of_kind: Bitboard| next_to(lenders_of_kind, DR) & borrowers;
    let attackers = attacks::attackers_by_power(target, by, occupied, borrowers, |kind| {
        lent(lenders & pos.pieces_of_kind(kind))
    });
    (attackers, lent(lenders & pos.fairy_squares()))
}

impl Powers {
    /// Every piece with its own kind's power.
    #[inline]
    pub(crate) fn own() -> Powers {
        Powers {
            rule: PowerRule::Own,
            changed: Bitboard::EMPTY,
            king_power: [0; 2],
            ordinary_only: true,
        }
    }

    /// The powers of `pos` under `rules` (always inlined: it runs for every candidate
    /// the general generator plays, and the rule's match folds away there).
    #[inline(always)]
    pub(crate) fn new(pos: &Position, rules: &RuleSet) -> Powers {
        let rule = rules.compiled().power;
        let movers = || pos.occupied() & !pos.pieces_of_kind(PieceKind::Stone);
        let mut powers = Powers {
            rule,
            changed: Bitboard::EMPTY,
            king_power: [0; 2],
            ordinary_only: pos.fairy_squares().is_empty(),
        };
        match rule {
            PowerRule::Own => {}
            PowerRule::Annan | PowerRule::Anhoku => {
                powers.changed = annan::borrowers(pos, rule, Color::Black, movers())
                    | annan::borrowers(pos, rule, Color::White, movers());
            }
            PowerRule::Taimen | PowerRule::Haimen => {
                powers.changed = facing::swappers(pos, rule, Color::Black, movers())
                    | facing::swappers(pos, rule, Color::White, movers());
            }
            PowerRule::NekoSen | PowerRule::NekoNekoSen => {
                powers.changed = neko_sen::in_lines(pos, rule, movers());
            }
            PowerRule::Tenjiku => {
                for color in Color::ALL {
                    let mask = tenjiku::king_power(pos, rules, color);
                    if mask != 0 {
                        powers.king_power[color.index()] = mask;
                        if let Some(k) = pos.king(color) {
                            powers.changed |= k.into();
                        }
                    }
                }
            }
            PowerRule::Komazume(kind) => {
                powers.changed = komazume::borrowers(pos);
                powers.king_power = [kind_bit(kind); 2];
                // (the kings' is the only power changed, whatever else stands there)
                powers.ordinary_only = kind.is_ordinary();
            }
        }
        powers
    }

    /// Under the 安南 family: the pieces among `borrowers` (pieces of `by` in
    /// [`Self::changed`]) that attack `target` with an ordinary kind's lent power, told
    /// for each lent kind at once as ordinary attackers are; beside them, those lent a
    /// fairy kind's power, for the caller to ask one by one. `None` under other rules.
    #[inline]
    pub(crate) fn lent_attackers(
        &self,
        pos: &Position,
        by: Color,
        target: Square,
        occupied: Bitboard,
        borrowers: Bitboard,
    ) -> Option<(Bitboard, Bitboard)> {
        if !matches!(
            self.rule,
            PowerRule::Annan | PowerRule::Anhoku | PowerRule::Taimen | PowerRule::Haimen
        ) {
            return None;
        }
        // the direction as a constant, so that each kind's shift is one instruction
        Some(match lender_direction(self.rule, by) {
            1 => lent_attackers_toward::<1>(pos, by, target, occupied, borrowers),
            _ => lent_attackers_toward::<-1>(pos, by, target, occupied, borrowers),
        })
    }

    /// Pieces whose power is not their own kind's.
    #[inline]
    pub(crate) fn changed(&self) -> Bitboard {
        self.changed
    }

    /// The squares from which a piece of `changed` might attack `target` over
    /// `occupied`, a cheap superset asked before each piece's power is looked up: where
    /// every changed power is ordinary ([`Self::ordinary_only`]), the squares a queen, a
    /// king or a knight of either colour on `target` would attack (an ordinary attack
    /// runs along a rook or bishop line with nothing between, or is a king step or a
    /// knight's leap, and reversed it is the same); every square otherwise.
    #[inline]
    pub(crate) fn may_attack_from(&self, target: Square, occupied: Bitboard) -> Bitboard {
        if !self.ordinary_only {
            return Bitboard::FULL;
        }
        ordinary_attack_origins(target, occupied)
    }

    /// The power mask of the piece on `sq` (0 for an empty square).
    #[inline]
    pub(crate) fn mask(&self, pos: &Position, sq: Square) -> PowerMask {
        let Some(piece) = pos.piece_at(sq) else { return 0 };
        if !self.changed.contains(sq) {
            return kind_bit(piece.kind);
        }
        match self.rule {
            PowerRule::Own => kind_bit(piece.kind),
            PowerRule::Tenjiku | PowerRule::Komazume(_) => self.king_power[piece.color.index()],
            PowerRule::NekoSen | PowerRule::NekoNekoSen => {
                let lender = neko_sen::lender(pos, self.rule, sq);
                let kind = pos.piece_at(lender).map_or(piece.kind, |l| l.kind);
                kind_bit(kind)
            }
            rule => {
                let lender = sq
                    .offset(0, lender_direction(rule, piece.color))
                    .and_then(|l| pos.piece_at(l));
                kind_bit(next_rank_power(rule, piece, lender))
            }
        }
    }

    /// What the piece on `sq` reaches with its power (in its own orientation).
    #[inline]
    pub(crate) fn reach(&self, pos: &Position, rules: &RuleSet, sq: Square, occupied: Bitboard) -> Reach {
        let Some(piece) = pos.piece_at(sq) else {
            return Reach::NONE;
        };
        let table = rules.pieces();
        let mut mask = self.mask(pos, sq);
        if mask.is_power_of_two() {
            let kind = PieceKind::ALL[mask.trailing_zeros() as usize];
            return table.reach(kind, piece.color, sq, occupied);
        }
        let mut reach = Reach::NONE;
        while mask != 0 {
            let kind = PieceKind::ALL[mask.trailing_zeros() as usize];
            mask &= mask - 1;
            reach |= table.reach(kind, piece.color, sq, occupied);
        }
        reach
    }

    /// Whether the piece on `sq` attacks `target` with its powers ([`Self::reach`]'s
    /// attacks asked for one square).
    #[inline]
    pub(crate) fn attacks_square(
        &self,
        pos: &Position,
        rules: &RuleSet,
        sq: Square,
        target: Square,
        occupied: Bitboard,
    ) -> bool {
        pos.piece_at(sq)
            .is_some_and(|piece| mask_attacks_square(rules, self.mask(pos, sq), piece.color, sq, target, occupied))
    }

    /// The two-step moves (the Lion's, along lines) the piece on `sq` makes with its
    /// powers.
    #[inline]
    pub(crate) fn two_steps(&self, pos: &Position, rules: &RuleSet, sq: Square) -> TwoSteps {
        let Some(piece) = pos.piece_at(sq) else {
            return TwoSteps::default();
        };
        let mut mask = self.mask(pos, sq);
        let mut steps = TwoSteps::default();
        while mask != 0 {
            let kind = PieceKind::ALL[mask.trailing_zeros() as usize];
            mask &= mask - 1;
            if rules.pieces().has_two_steps(kind) {
                steps = steps.union(rules.pieces().two_steps(kind, piece.color));
            }
        }
        steps
    }
}
