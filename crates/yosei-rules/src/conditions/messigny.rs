//! Messigny (docs/rules/messigny.md), as fm 6.005.019 plays it: besides its ordinary
//! moves, a piece may change places with an enemy piece of its own kind (promoted or
//! not alike, colours aside; kings too). A swap never promotes and captures nothing;
//! each of the two pieces must be able to stand where it lands for its owner (dead
//! pieces, two pawns). fm's three keywords differ in what may follow a swap:
//! `MESSIGNY` nothing, `MESSIGNY（欧州式）` no swap at all, `MESSIGNY（日本式）` not the
//! same two squares swapped straight back. fm forgets the problem's first move when it
//! judges the second (its test starts at the third ply of its search): a swap on the
//! first move may be answered by any swap.
//!
//! What the rule needs of the previous move travels in the position
//! ([`SwapMemory`], in its key), so that a table never confuses two positions whose
//! moves differ.

use crate::{Condition, Position, RuleSet};
use yosei_core::{Bitboard, Color, Move, PieceKind, Square};

/// What may follow a swap.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SwapRule {
    /// fm's MESSIGNY: any swap, at any time.
    Free,
    /// fm's MESSIGNY（欧州式）: no swap right after a swap.
    European,
    /// fm's MESSIGNY（日本式）: not the same two squares right after a swap.
    Japanese,
}

impl SwapRule {
    /// Whether the rule looks at the previous move at all.
    #[inline]
    pub fn remembers(self) -> bool {
        self != SwapRule::Free
    }
}

/// What a position remembers of the move that led to it, for [`SwapRule::European`]
/// and [`SwapRule::Japanese`]; under every other rule set a position remembers
/// nothing ([`SwapMemory::Off`]) and its key is that of the board alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum SwapMemory {
    /// No Messigny rule that remembers: play never records anything.
    #[default]
    Off,
    /// The problem's starting position: fm does not remember its first move, so the
    /// next position remembers nothing even after a swap.
    Opening,
    /// The last move was no swap (or the first move of the problem).
    NoSwap,
    /// The last move swapped the pieces of `from` and `to` (the mover went to `to`).
    Swapped { from: Square, to: Square },
}

impl SwapMemory {
    /// The memory of the position after `m` is played from one remembering `self`.
    #[inline]
    pub fn after(self, m: Move) -> SwapMemory {
        match self {
            SwapMemory::Off => SwapMemory::Off,
            SwapMemory::Opening => SwapMemory::NoSwap,
            _ => match (m.is_swap(), m.from()) {
                (true, Some(from)) => SwapMemory::Swapped { from, to: m.to() },
                _ => SwapMemory::NoSwap,
            },
        }
    }

    /// The memory a position starts with under `rule`.
    pub fn at_start(rule: Option<SwapRule>) -> SwapMemory {
        match rule {
            Some(rule) if rule.remembers() => SwapMemory::Opening,
            _ => SwapMemory::Off,
        }
    }
}

/// Whether `rule` allows the swap `from` ↔ `to` after a move remembered as `memory`.
#[inline]
fn follows(rule: SwapRule, memory: SwapMemory, from: Square, to: Square) -> bool {
    match (rule, memory) {
        (SwapRule::European, SwapMemory::Swapped { .. }) => false,
        (SwapRule::Japanese, SwapMemory::Swapped { from: f, to: t }) => (f, t) != (from, to),
        _ => true,
    }
}

/// Whether a `kind` of `color` may stand on `sq` coming from `from` (`from` is where
/// it stands now, left out of the two-pawn count): not dead there, no second pawn of
/// its owner on the file.
#[inline]
fn may_stand(pos: &Position, rules: &RuleSet, kind: PieceKind, color: Color, from: Square, sq: Square) -> bool {
    let two_pawns = kind == PieceKind::Pawn
        && (pos.pieces(color, PieceKind::Pawn) & Bitboard::file(sq.file()) & !Bitboard::from(from)).is_nonempty();
    !rules.is_dead(kind, color, sq) && !two_pawns
}

/// The swaps of the piece on `from` (of the side to move) that `rule` allows here,
/// before the king-safety test: one per enemy piece of the same kind that can stand on
/// `from` while the mover can stand where it stood.
pub(crate) fn swaps<'a>(
    pos: &'a Position,
    rules: &'a RuleSet,
    rule: SwapRule,
    from: Square,
) -> impl Iterator<Item = Move> + 'a {
    let us = pos.side_to_move();
    let kind = pos.piece_at(from).map(|p| p.kind);
    let partners = match kind {
        Some(kind) if kind != PieceKind::Stone => pos.pieces(!us, kind),
        _ => Bitboard::EMPTY,
    };
    let memory = pos.swap_memory();
    partners.into_iter().filter_map(move |to| {
        let kind = kind?;
        let allowed = follows(rule, memory, from, to)
            && may_stand(pos, rules, kind, us, from, to)
            && may_stand(pos, rules, kind, !us, to, from);
        allowed.then(|| Move::swap(from, to))
    })
}

/// The conditions Messigny combines with, compared with fm: the six power-lending
/// conditions (安南 安北 対面 背面 ネコ鮮 ネコネコ鮮), Madrasi (a swap needs no power, so
/// a paralysed piece swaps too) and the move bans 成禁 絶対成禁 取禁 攻方取禁 打歩可 (a
/// swap neither promotes nor captures: fm's swap generators ignore the bans),
/// 利き二歩無効 (it reads the checks of the position after a swap like any other), and
/// Koko and Isardam (types A and B): fm plays a swap through the same move code, so Koko
/// asks the mover, on the square it swapped to, for a neighbour, and Isardam judges the
/// board after the swap; a king capture stays a capture (no swap) in their trials.
/// 打歩詰 (fm's, 完全打歩) with fm's cut of endless swap recursion in its mate
/// questions (`general::Trail`). 単純打歩 (no mate question to ask), 天竺, 駒詰 and
/// 自己王手王取無効, which fm lacks, combine
/// as rules.md §5 composes conditions: a swap matches own kinds and needs no power, and
/// the powers, checks and king captures are those of the board after it (held to the
/// reference generator only).
fn combines_with(c: Condition) -> bool {
    matches!(
        c,
        Condition::Annan
            | Condition::Anhoku
            | Condition::Taimen
            | Condition::Haimen
            | Condition::NekoSen
            | Condition::NekoNekoSen
            | Condition::Madrasi
            | Condition::KMadrasi
            | Condition::NoPromotion
            | Condition::NoPromotionAbsolute
            | Condition::NoCapture
            | Condition::AttackerNoCapture
            | Condition::UchifuAllowed
            | Condition::KikiNifuInvalid
            | Condition::Koko
            | Condition::Isardam
            | Condition::IsardamB
            | Condition::Uchifu
            | Condition::UchifuSimple
            | Condition::Tenjiku
            | Condition::Komazume(_)
            | Condition::SelfCheckCaptureInvalid
            // a goal, no rule of play
            | Condition::KingSquare(_)
    )
}

/// Whether `c` is one of the three Messigny keywords.
pub(crate) fn is_messigny(c: Condition) -> bool {
    matches!(c, Condition::Messigny | Condition::MessignyEu | Condition::MessignyJp)
}

/// The Messigny rule among `conditions`, if any, with every combination fm refuses
/// (the Circe family and Andernach are exclusive with it; it does not support 強欲 and
/// 禁欲) and those not compared with fm yet (deny by default) pushed into `problems`.
pub(crate) fn swap_rule(conditions: &[Condition], problems: &mut Vec<String>) -> Option<SwapRule> {
    let chosen: Vec<Condition> = conditions.iter().copied().filter(|&c| is_messigny(c)).collect();
    let &first = chosen.first()?;
    let names = |cs: &[Condition]| {
        cs.iter()
            .map(|c| format!("{c} ({})", c.japanese()))
            .collect::<Vec<_>>()
            .join(", ")
    };
    if chosen.len() > 1 {
        problems.push(format!(
            "conditions {} are three readings of one condition: choose one",
            names(&chosen)
        ));
    }
    let others: Vec<Condition> = conditions.iter().copied().filter(|&c| !is_messigny(c)).collect();
    let (exclusive, rest): (Vec<Condition>, Vec<Condition>) = others.iter().partition(|c| {
        matches!(
            c,
            Condition::Circe | Condition::AntiCirce | Condition::Pwc | Condition::Andernach | Condition::AntiAndernach
        )
    });
    let (unsupported, untried): (Vec<Condition>, Vec<Condition>) = rest
        .iter()
        .filter(|&&c| !combines_with(c))
        .partition(|c| matches!(c, Condition::Greedy | Condition::Ascetic));
    if !exclusive.is_empty() {
        problems.push(format!(
            "condition {first} cannot be combined with {} (fm treats the Circe family, Andernach and Messigny as exclusive)",
            names(&exclusive)
        ));
    }
    if !unsupported.is_empty() {
        problems.push(format!(
            "condition {first} with {} is not supported (fm refuses it too)",
            names(&unsupported)
        ));
    }
    if !untried.is_empty() {
        problems.push(format!(
            "condition {first} with {} is not implemented together yet",
            names(&untried)
        ));
    }
    Some(match first {
        Condition::MessignyEu => SwapRule::European,
        Condition::MessignyJp => SwapRule::Japanese,
        _ => SwapRule::Free,
    })
}
