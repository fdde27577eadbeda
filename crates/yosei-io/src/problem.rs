//! `Problem`: what every format reads into and writes from — a position with its
//! stipulation, conditions, options, metadata and recorded moves.

use std::fmt;
use yosei_core::{Color, Hand, Move, PieceKind, Setup, Square};
use yosei_rules::validate::standard_set_count;
use yosei_rules::{
    Condition, DiscardedKinds, FairyHome, FairyPromotion, LionPass, RepetitionRule, RoyalKinds, Stipulation,
    UchifuzumeReading, UserPiece,
};

/// A problem as a file states it (the position is not validated here).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Problem {
    pub setup: Setup,
    /// `None` when the file names no stipulation (commands then use their default).
    pub stipulation: Option<Stipulation>,
    /// The target position of ばか手順 (`seq:N`).
    pub target: Option<Setup>,
    pub conditions: Vec<Condition>,
    /// Pieces the problem defines by a movement string (the yosei problem file's
    /// `piece:` lines).
    pub pieces: Vec<UserPiece>,
    pub options: ProblemOptions,
    pub meta: Metadata,
    /// The moves the file records (a solution, or a game), with variations.
    pub moves: MoveLine,
}

/// Rule readings a file may fix; `None` leaves the default.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct ProblemOptions {
    pub uchifuzume: Option<UchifuzumeReading>,
    pub repetition: Option<RepetitionRule>,
    /// Whether a Lion with no empty neighbour passes (docs/rules/fairy-pieces.md).
    pub lion_pass: Option<LionPass>,
    /// Where a fairy piece starts for キルケ and アンチキルケ
    /// (docs/rules/capture-conditions.md).
    pub fairy_home: Option<FairyHome>,
    /// fm's sequential search (`##n`, `##m-n`): the lengths from this one up to the
    /// stated length, by twos, are tried in turn and the first that has a solution is
    /// the answer, so a solution shorter than the stated length is no fault (早詰).
    pub sequential_from: Option<u32>,
    /// The fairy kinds whose captured pieces leave play (取捨て); none: rules.md's
    /// default, captured fairy pieces are held (docs/rules/fairy-declarations.md).
    pub discarded: DiscardedKinds,
    /// The fairy kinds that promote (fm's `@P`); none: rules.md's default, no fairy
    /// piece promotes (docs/rules/fairy-promotion.md).
    pub fairy_promotion: FairyPromotion,
    /// The fairy kinds declared royal (fm's `@R`, read from fm's form only): a piece of
    /// one plays its side's king (docs/rules/royal.md); none: the king (and fm's tori
    /// phoenix) alone.
    pub royal: RoyalKinds,
}

/// Header facts (KIF: 作品名, 作者, 発表誌, …).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Metadata {
    /// 作品名
    pub title: Option<String>,
    /// 作者
    pub author: Option<String>,
    /// 発表誌
    pub source: Option<String>,
    /// 発表年月 / 開始日時
    pub date: Option<String>,
    /// Other header lines, in file order, as (key, value).
    pub other: Vec<(String, String)>,
    /// Comment lines before the first move.
    pub comments: Vec<String>,
}

/// A recorded line of moves; `branches` are variations (KIF 変化) that replace the move
/// at index `at` of `moves` and continue from there.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct MoveLine {
    pub moves: Vec<Move>,
    /// Comments after the move at the same index (`*` lines of KIF), if any.
    pub comments: Vec<Option<String>>,
    pub branches: Vec<Branch>,
    /// An end word (詰み, 投了, 中断, 千日手…) after the last move.
    pub end: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Branch {
    pub at: usize,
    pub line: MoveLine,
}

impl MoveLine {
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty() && self.branches.is_empty() && self.end.is_none()
    }
}

/// The pieces of the standard 40-piece set (kings excepted) that `setup` has neither on
/// the board nor in `holder`'s opponent's hand: what "all remaining pieces" (残り全部,
/// `P-00AL`, fm's `+*`) gives to `holder`. Fails naming the kind that is over-used.
pub fn remaining_pieces(setup: &Setup, holder: Color) -> Result<Hand, ExcessPieces> {
    let mut used = [0u32; PieceKind::COUNT];
    for sq in Square::all() {
        if let Some(p) = setup.piece_at(sq) {
            used[p.kind.unpromoted().index()] += 1;
        }
    }
    for (kind, n) in setup.hand(!holder).iter() {
        used[kind.index()] += n as u32;
    }
    let mut rest = Hand::EMPTY;
    for kind in PieceKind::ORDINARY_HAND_KINDS {
        let max = standard_set_count(kind).unwrap_or(0);
        let n = used[kind.index()];
        if n > max {
            return Err(ExcessPieces { kind, count: n, max });
        }
        rest.set(kind, (max - n) as u8);
    }
    Ok(rest)
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExcessPieces {
    pub kind: PieceKind,
    pub count: u32,
    pub max: u32,
}

impl fmt::Display for ExcessPieces {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the position uses {} pieces of kind {} outside the defender's hand, more than the {} of the standard set, \
             so 'all remaining pieces' is undefined",
            self.count,
            self.kind.name(),
            self.max
        )
    }
}

/// Whether `holder`'s hand in `setup` is exactly "all remaining pieces" (writers use
/// this to write 残り全部 / `P-00AL` back).
pub fn holds_all_remaining(setup: &Setup, holder: Color) -> bool {
    remaining_pieces(setup, holder).is_ok_and(|rest| rest == *setup.hand(holder))
}
