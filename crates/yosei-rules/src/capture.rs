//! The capture conditions (rules.md §5.8–5.11; docs/rules/capture-conditions.md):
//! キルケ, アンチキルケ and PWC as one parameterised step of the play phase, and the
//! fairy 打歩詰 (完全打歩 / 単純打歩).
//!
//! A capture under キルケ / アンチキルケ / PWC may put a piece on another square. Which
//! square is part of the move (`Move::with_displacement`, written `/square`), so the
//! generator offers one move per choice and [`Position::play`] and [`Position::key_after`]
//! apply what the move says without asking the rules.
//!
//! | condition | who moves | where | when it cannot |
//! | --- | --- | --- | --- |
//! | キルケ | the captured piece (not a royal piece), unpromoted, for its owner | its kind's nearest starting square (owner's view) | none (a fairy piece, unless [`FairyHome::SecondRank`]), occupied after the capture, two pawns or dead: to the capturer's hand |
//! | アンチキルケ | the capturing piece (king too, promotion kept) | its unpromoted kind's nearest starting square | none (a fairy piece, unless [`FairyHome::SecondRank`]), both / the only square occupied, or dead: it stays |
//! | PWC | the captured piece as it is, for its owner | the square the capturer left | two pawns or a dead piece: to hand |
//!
//! "Nearest" is by file distance from the capture square (the candidate squares of one
//! kind lie on one rank, so this is also the Euclidean and the Manhattan order); a
//! gold, silver, knight or lance captured (or capturing) on file 5 has two nearest
//! squares, and the capturer chooses (seed 001): two moves, where both are free.

use crate::{Position, RuleSet};
use std::fmt;
use std::str::FromStr;
use yosei_core::{Bitboard, Color, Displacement, Move, PieceKind, Square};

/// Where a fairy or user-defined piece starts, for キルケ's rebirth and アンチキルケ's
/// return (docs/rules/capture-conditions.md, "Fairy pieces").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum FairyHome {
    /// Nowhere (rules.md §5.9): a captured fairy piece goes to hand under キルケ, a
    /// capturing one stays under アンチキルケ.
    #[default]
    None,
    /// fm's reading (`piece_data.c` `hi_reborn_pos`, `yo_reborn_pos`): the square of
    /// the capture's file on the owner's second rank (rank 8 for Black, 2 for White),
    /// for every fairy kind, royal ones too.
    SecondRank,
}

impl FairyHome {
    /// The option's word: `none` or `second-rank`.
    pub const fn name(self) -> &'static str {
        match self {
            FairyHome::None => "none",
            FairyHome::SecondRank => "second-rank",
        }
    }
}

impl fmt::Display for FairyHome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for FairyHome {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim() {
            "none" => Ok(FairyHome::None),
            "second-rank" => Ok(FairyHome::SecondRank),
            other => Err(format!("expected 'none' or 'second-rank', found '{other}'")),
        }
    }
}

/// Which of the three capture conditions is active.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CaptureRule {
    Circe,
    AntiCirce,
    Pwc,
}

/// Which reading of the fairy 打歩詰 is active (rules.md §5.8).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UchifuRule {
    /// 完全打歩 (default): a mating move that is not a pawn drop is illegal.
    Complete,
    /// 単純打歩: such a mate is legal but does not fulfil the stipulation.
    Simple,
}

impl RuleSet {
    /// The active capture condition, if any.
    #[inline]
    pub fn capture_rule(&self) -> Option<CaptureRule> {
        self.compiled().capture
    }

    /// The active 打歩詰 reading, if any. Either one lifts the ordinary ban on
    /// drop-pawn mate, and the goal mate must be given by a pawn drop.
    #[inline]
    pub fn uchifu(&self) -> Option<UchifuRule> {
        self.compiled().uchifu
    }
}

/// Combinations of capture conditions that no one has defined (rules.md §5).
pub(crate) fn conflicts(conditions: &[crate::Condition]) -> Vec<String> {
    use crate::Condition::*;
    let mut problems = Vec::new();
    let captures: Vec<String> = conditions
        .iter()
        .filter(|c| matches!(c, Circe | AntiCirce | Pwc))
        .map(|c| format!("{c} ({})", c.japanese()))
        .collect();
    if captures.len() > 1 {
        problems.push(format!(
            "conditions {} cannot be combined: each decides differently where a captured piece goes",
            captures.join(" and ")
        ));
    }
    if conditions.contains(&Uchifu) && conditions.contains(&UchifuSimple) {
        problems.push(
            "conditions uchifu (完全打歩) and uchifu-simple (単純打歩) are two readings of one rule: choose one"
                .to_string(),
        );
    }
    problems
}

/// The squares where pieces of the ordinary `kind` (unpromoted) of `owner` stand in the
/// shogi starting position that are nearest by file distance to `file`: one square, or
/// two for a gold, silver, knight or lance and file 5. `None` for the other kinds.
pub fn nearest_start_squares(kind: PieceKind, owner: Color, file: i32) -> Option<(Square, Option<Square>)> {
    // (worked out once: this runs for every capture a Circe-family generator tries)
    let file = usize::try_from(file - 1).ok()?;
    *start_table()[owner.index()].get(kind.index())?.get(file)?
}

/// The starting squares of the unpromoted ordinary kinds nearest each file, per owner:
/// `nearest_start_squares`' answers.
type StartTable = [[[Option<(Square, Option<Square>)>; 9]; 8]; 2];

fn start_table() -> &'static StartTable {
    static TABLE: std::sync::OnceLock<StartTable> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table: StartTable = [[[None; 9]; 8]; 2];
        for owner in [Color::Black, Color::White] {
            for (k, row) in table[owner.index()].iter_mut().enumerate() {
                let Some(kind) = PieceKind::from_index(k) else { continue };
                for (f, entry) in row.iter_mut().enumerate() {
                    *entry = work_out_nearest_start_squares(kind, owner, f as i32 + 1);
                }
            }
        }
        table
    })
}

/// The whole files where a capture sends a capturer of the unpromoted ordinary `kind`
/// of `owner` home (アンチキルケ) with a chance of landing on one of `squares`: those
/// with a nearest starting square among them.
pub(crate) fn files_homing_to(kind: PieceKind, owner: Color, squares: Bitboard) -> Bitboard {
    const FILES: [Bitboard; 9] = {
        let mut files = [Bitboard::EMPTY; 9];
        let mut f = 0;
        while f < 9 {
            files[f] = Bitboard::file(f as i32 + 1);
            f += 1;
        }
        files
    };
    let Some(row) = start_table()[owner.index()].get(kind.index()) else {
        return Bitboard::EMPTY;
    };
    let mut found = Bitboard::EMPTY;
    for (entry, file) in row.iter().zip(FILES) {
        if let Some((a, b)) = *entry {
            if squares.contains(a) || b.is_some_and(|b| squares.contains(b)) {
                found |= file;
            }
        }
    }
    found
}

/// [`nearest_start_squares`] worked out.
fn work_out_nearest_start_squares(kind: PieceKind, owner: Color, file: i32) -> Option<(Square, Option<Square>)> {
    let (files, rank) = start_files(kind)?;
    let at = |f: i32| start_square(owner, f, rank);
    // the files as the owner sees them; for White the board is turned round
    let own_file = match owner {
        Color::Black => file,
        Color::White => 10 - file,
    };
    let pawn_file = [own_file];
    let files: &[i32] = if kind == PieceKind::Pawn { &pawn_file } else { files };
    let best = files.iter().map(|f| (f - own_file).abs()).min()?;
    let mut nearest = files
        .iter()
        .filter(|f| (*f - own_file).abs() == best)
        .filter_map(|&f| at(f));
    let first = nearest.next()?;
    Some((first, nearest.next()))
}

/// [`nearest_start_squares`] for every kind: a fairy or user-defined kind (one with no
/// ordinary starting square) starts, under [`FairyHome::SecondRank`], on the owner's
/// second rank on `file`, and nowhere under [`FairyHome::None`]. A stone has no owner
/// and is never captured, so it is never asked about.
pub(crate) fn home_squares(
    rules: &RuleSet,
    kind: PieceKind,
    owner: Color,
    file: i32,
) -> Option<(Square, Option<Square>)> {
    nearest_start_squares(kind, owner, file).or_else(|| {
        (fairy_homes(rules, owner) & Bitboard::file(file))
            .into_iter()
            .next()
            .map(|sq| (sq, None))
    })
}

/// Where the fairy pieces of `owner` start under `rules`: its second rank under
/// [`FairyHome::SecondRank`], nowhere under [`FairyHome::None`].
pub(crate) fn fairy_homes(rules: &RuleSet, owner: Color) -> Bitboard {
    match (rules.fairy_home, owner) {
        (FairyHome::None, _) => Bitboard::EMPTY,
        (FairyHome::SecondRank, Color::Black) => Bitboard::rank(8),
        (FairyHome::SecondRank, Color::White) => Bitboard::rank(2),
    }
}

/// The files (Black's view; a pawn: all) and the rank (Black's view) where the ordinary
/// unpromoted `kind` starts in the shogi starting position; `None` for other kinds.
fn start_files(kind: PieceKind) -> Option<(&'static [i32], i32)> {
    use PieceKind::*;
    Some(match kind {
        Pawn => (&[1, 2, 3, 4, 5, 6, 7, 8, 9], 7),
        Lance => (&[1, 9], 9),
        Knight => (&[2, 8], 9),
        Silver => (&[3, 7], 9),
        Gold => (&[4, 6], 9),
        King => (&[5], 9),
        Bishop => (&[8], 8),
        Rook => (&[2], 8),
        _ => return None,
    })
}

/// The square on file `file` and rank `rank`, both as `owner` sees the board (White's
/// squares are the point reflection of Black's).
fn start_square(owner: Color, file: i32, rank: i32) -> Option<Square> {
    match owner {
        Color::Black => Square::new(file, rank),
        Color::White => Square::new(10 - file, 10 - rank),
    }
}

/// Every square where a piece of `owner` of the ordinary unpromoted `kind` starts (where
/// アンチキルケ may send such a capturer home); empty for other kinds.
pub(crate) fn start_squares(kind: PieceKind, owner: Color) -> Bitboard {
    let Some((files, rank)) = start_files(kind) else {
        return Bitboard::EMPTY;
    };
    files
        .iter()
        .filter_map(|&f| start_square(owner, f, rank))
        .fold(Bitboard::EMPTY, |squares, sq| squares | sq.into())
}

/// Up to two moves: the effects one capture can have.
pub(crate) struct Choices {
    moves: [Move; 2],
    len: usize,
}

impl Choices {
    /// `m` alone.
    pub(crate) fn one(m: Move) -> Choices {
        Choices { moves: [m; 2], len: 1 }
    }

    fn push(&mut self, m: Move) {
        self.moves[self.len] = m;
        self.len += 1;
    }

    pub(crate) fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len]
    }
}

/// The moves a board move `m` (or a capture by hopping; no Lion two-step) of the side to
/// move becomes under `rule`: one per square the displaced piece may go to, or `m`
/// itself when the capture has no displacement (nothing captured, a piece to hand, a
/// capturer that stays). Empty when the only outcome is forbidden (an Anti-Circe
/// return that makes two pawns). A capture by hopping takes the piece on its
/// intermediate square (`captured_on`): the starting squares are the nearest to that
/// square's file, as fm's `to_1st` branches of `move.c` have it.
pub(crate) fn choices(pos: &Position, rules: &RuleSet, rule: CaptureRule, m: Move) -> Choices {
    let (Some(from), to) = (m.from(), m.to()) else {
        return Choices::one(m);
    };
    let captured_on = m.displaced_square();
    let (Some(captured), Some(mover)) = (pos.piece_at(captured_on), pos.piece_at(from)) else {
        return Choices::one(m);
    };
    // the mover's side: the side to move, or the capturer of a king in a trial capture
    // (Koko, Isardam type A)
    let us = mover.color;
    // the squares taken once the capturer stands on `to`; the square of a piece taken by
    // hopping is free for a rebirth (fm empties it first) but not for a return
    let occupied = pos.occupied().without(from).with(to);
    let emptied = if captured_on == to {
        occupied
    } else {
        occupied.without(captured_on)
    };
    let mut out = Choices { moves: [m; 2], len: 0 };
    match rule {
        CaptureRule::Circe => {
            let kind = captured.kind.unpromoted();
            let owner = captured.color;
            let Some((a, b)) =
                home_squares(rules, kind, owner, captured_on.file()).filter(|_| !pos.is_royal_kind(captured.kind))
            else {
                return Choices::one(m);
            };
            for sq in [Some(a), b].into_iter().flatten() {
                let two_pawns = kind == PieceKind::Pawn && pawn_on_file(pos, owner, sq.file(), captured_on);
                // an ordinary piece is never dead on its starting square; a fairy one
                // may be on its second rank (fm's BM_PA_CONSTRAINT test)
                let dead = !kind.is_ordinary() && rules.is_dead(kind, owner, sq);
                if !emptied.contains(sq) && !two_pawns && !dead {
                    out.push(m.with_displacement(Displacement::Rebirth, sq));
                }
            }
        }
        CaptureRule::AntiCirce => {
            let piece = mover;
            let Some((a, b)) = home_squares(rules, piece.kind.unpromoted(), us, captured_on.file()) else {
                return Choices::one(m);
            };
            if a == to || b == Some(to) {
                // already on its starting square: it stays, and nothing moves elsewhere
                return Choices::one(m);
            }
            let pawn_after = piece.kind == PieceKind::Pawn && !m.is_promotion();
            let mut blocked_by_two_pawns = false;
            // the kind that lands: a fairy piece may be dead on its second rank
            let landing = if m.is_promotion() {
                piece.kind.promoted().unwrap_or(piece.kind)
            } else {
                piece.kind
            };
            let dead = |sq| !landing.is_ordinary() && rules.is_dead(landing, us, sq);
            for sq in [Some(a), b].into_iter().flatten() {
                if occupied.contains(sq) || dead(sq) {
                    continue;
                }
                if pawn_after && pawn_on_file(pos, us, sq.file(), from) {
                    blocked_by_two_pawns = true;
                    continue;
                }
                out.push(m.with_displacement(Displacement::Return, sq));
            }
            if out.len == 0 && blocked_by_two_pawns {
                return out;
            }
        }
        CaptureRule::Pwc => {
            let owner = captured.color;
            let two_pawns = captured.kind == PieceKind::Pawn && pawn_on_file(pos, owner, from.file(), captured_on);
            if !two_pawns && !pos.is_royal_kind(captured.kind) && !rules.is_dead(captured.kind, owner, from) {
                out.push(m.with_displacement(Displacement::Restore, from));
            }
        }
    }
    if out.len == 0 {
        out.push(m);
    }
    out
}

/// Whether `color` has an unpromoted pawn on `file` other than the one on `except`.
fn pawn_on_file(pos: &Position, color: Color, file: i32, except: Square) -> bool {
    (pos.pieces(color, PieceKind::Pawn) & Bitboard::file(file))
        .without(except)
        .is_nonempty()
}
