//! How each kind moves under a rule set: the ordinary kinds through the fixed tables of
//! `yosei_core::attacks`, the fairy kinds through their movement strings compiled once
//! (`yosei_core::movement`), and the kinds a problem defines itself (`UserE`…).
//!
//! Move generation and check detection both ask [`PieceTable::reach`], so they cannot
//! disagree about what a piece attacks.

use std::fmt;
use std::sync::{Arc, OnceLock};
use yosei_core::attacks;
use yosei_core::movement::{compiled_builtin, CompiledMovement, Movement};
use yosei_core::{Bitboard, Color, PieceKind, Square};

/// A piece a problem defines: one of the user kinds, with a name, a one-character
/// glyph for boards and Japanese notation, and its movement.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UserPiece {
    pub kind: PieceKind,
    pub name: String,
    pub glyph: char,
    pub movement: Movement,
}

impl fmt::Display for UserPiece {
    /// The native file's form: `E 象 elephant FA`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {} {} {}",
            self.kind.sfen_name(),
            self.glyph,
            self.name,
            self.movement.text()
        )
    }
}

/// What a piece reaches from its square: the squares it attacks (could capture on,
/// gives check to) and the empty squares it may move to without capturing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reach {
    /// `landing_captures | hop_captures`: what check detection reads.
    pub attacks: Bitboard,
    pub quiet: Bitboard,
    /// The squares it could capture on by moving there.
    pub landing_captures: Bitboard,
    /// The squares of pieces it could capture by hopping over them onto the empty square
    /// just beyond, on the line from its square (`x`, the Locust).
    pub hop_captures: Bitboard,
}

impl Reach {
    pub const NONE: Reach = Reach {
        attacks: Bitboard::EMPTY,
        quiet: Bitboard::EMPTY,
        landing_captures: Bitboard::EMPTY,
        hop_captures: Bitboard::EMPTY,
    };

    /// A reach without hop captures.
    #[inline]
    fn landing_only(attacks: Bitboard, quiet: Bitboard) -> Reach {
        Reach {
            attacks,
            quiet,
            landing_captures: attacks,
            hop_captures: Bitboard::EMPTY,
        }
    }
}

impl std::ops::BitOrAssign for Reach {
    /// The reach of two powers together.
    #[inline]
    fn bitor_assign(&mut self, other: Reach) {
        self.attacks |= other.attacks;
        self.quiet |= other.quiet;
        self.landing_captures |= other.landing_captures;
        self.hop_captures |= other.hop_captures;
    }
}

// (`PieceTable::line_bound` holds a bit per kind)
const _: () = assert!(PieceKind::COUNT <= 128);

/// The compiled movement of every kind that is not ordinary.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceTable {
    compiled: Vec<Option<CompiledMovement>>,
    user: Vec<UserPiece>,
    /// A bit per kind: [`PieceTable::is_line_bound`], worked out once (the movement's
    /// own test walks a dozen lists; king safety asks it of the board's fairy pieces
    /// at every move).
    line_bound: u128,
    /// A bit per kind: [`PieceTable::attacks_line_bound`], likewise.
    attacks_line_bound: u128,
    /// A bit per kind: [`PieceTable::attack_origins_told`], likewise.
    attack_origins_told: u128,
}

impl PieceTable {
    /// The built-in fairy kinds, compiled once per process (immutable afterwards).
    pub fn builtin() -> Arc<PieceTable> {
        static TABLE: OnceLock<Arc<PieceTable>> = OnceLock::new();
        TABLE
            .get_or_init(|| {
                // Ordinary kinds read the fixed tables of `attacks` instead.
                let compiled = PieceKind::ALL
                    .iter()
                    .map(|&kind| compiled_builtin(kind).filter(|_| kind.is_fairy()).cloned())
                    .collect();
                let mut table = PieceTable {
                    compiled,
                    user: Vec::new(),
                    line_bound: 0,
                    attacks_line_bound: 0,
                    attack_origins_told: 0,
                };
                table.work_out_line_bound();
                Arc::new(table)
            })
            .clone()
    }

    /// The built-in table plus the problem's own pieces. Each user kind may be defined
    /// once; the error lists every problem.
    pub fn with_user_pieces(pieces: &[UserPiece]) -> Result<Arc<PieceTable>, Vec<String>> {
        if pieces.is_empty() {
            return Ok(PieceTable::builtin());
        }
        let mut table = PieceTable::builtin().as_ref().clone();
        let mut problems = Vec::new();
        for piece in pieces {
            if !piece.kind.is_user_defined() {
                problems.push(format!(
                    "piece letter {} is a built-in kind ({}); a problem may define only the letters E, M, U, W, Y",
                    piece.kind.sfen_name(),
                    piece.kind.name()
                ));
            } else if table.user.iter().any(|p| p.kind == piece.kind) {
                problems.push(format!("piece letter {} is defined twice", piece.kind.sfen_name()));
            } else {
                table.compiled[piece.kind.index()] = Some(piece.movement.compile());
                table.user.push(piece.clone());
            }
        }
        if problems.is_empty() {
            table.work_out_line_bound();
            Ok(Arc::new(table))
        } else {
            Err(problems)
        }
    }

    /// The problem's own pieces, in the order given.
    pub fn user_pieces(&self) -> &[UserPiece] {
        &self.user
    }

    /// Whether pieces of `kind` can stand in a position under this table.
    pub fn knows(&self, kind: PieceKind) -> bool {
        kind.is_ordinary() || kind == PieceKind::Stone || self.compiled[kind.index()].is_some()
    }

    /// The compiled movement of a fairy or user kind.
    #[inline]
    pub fn movement(&self, kind: PieceKind) -> Option<&CompiledMovement> {
        self.compiled[kind.index()].as_ref()
    }

    /// What a piece of `kind` and `color` on `from` reaches with `occupied` as blockers.
    #[inline]
    pub fn reach(&self, kind: PieceKind, color: Color, from: Square, occupied: Bitboard) -> Reach {
        if kind.is_ordinary() {
            let attacks = attacks::ordinary_attacks(kind, color, from, occupied);
            return Reach::landing_only(attacks, attacks & !occupied);
        }
        match self.movement(kind) {
            Some(m) => {
                let (landing_captures, hop_captures) = m.captures(color, from, occupied);
                Reach {
                    attacks: landing_captures | hop_captures,
                    quiet: m.quiet_moves(color, from, occupied),
                    landing_captures,
                    hop_captures,
                }
            }
            None => Reach::NONE,
        }
    }

    /// Whether a piece of `kind` and `color` on `from` attacks `target` with `occupied` as
    /// blockers ([`Self::reach`]'s attacks asked for one square: a fairy piece's lines
    /// are walked only when `target` lies on one).
    #[inline]
    pub fn attacks_square(
        &self,
        kind: PieceKind,
        color: Color,
        from: Square,
        target: Square,
        occupied: Bitboard,
    ) -> bool {
        if kind.is_ordinary() {
            return attacks::ordinary_attacks(kind, color, from, occupied).contains(target);
        }
        self.movement(kind)
            .is_some_and(|m| m.attacks_square(color, from, target, occupied))
    }

    /// Every square a piece of `kind` and `color` on `from` could attack on some board
    /// (every square for a kind the table does not know).
    #[inline]
    pub fn attack_span(&self, kind: PieceKind, color: Color, from: Square) -> Bitboard {
        if kind.is_ordinary() {
            return attacks::ordinary_pseudo_attacks(kind, color, from);
        }
        self.movement(kind)
            .map_or(Bitboard::FULL, |m| m.attack_span(color, from))
    }

    /// The squares whose occupancy decides whether a piece of `kind` and `color` on
    /// `from` attacks `target` (`CompiledMovement::attack_path`), where the table can tell.
    #[inline]
    pub fn attack_path(&self, kind: PieceKind, color: Color, from: Square, target: Square) -> Option<Bitboard> {
        self.movement(kind).and_then(|m| m.attack_path(color, from, target))
    }

    /// The squares that must be empty and those that must be occupied for a piece of
    /// `kind` and `color` on `from` to attack `target`, where one part of its movement
    /// may (`CompiledMovement::attack_condition`).
    #[inline]
    pub fn attack_condition(
        &self,
        kind: PieceKind,
        color: Color,
        from: Square,
        target: Square,
    ) -> Option<(Bitboard, Bitboard)> {
        self.movement(kind)
            .and_then(|m| m.attack_condition(color, from, target))
    }

    /// Whether what a piece of `kind` reaches changes with the board only along the rook
    /// and bishop lines from its square (every ordinary kind, the stone, and the fairy
    /// kinds made of leaps and such rides).
    #[inline]
    pub fn is_line_bound(&self, kind: PieceKind) -> bool {
        self.line_bound >> kind.index() & 1 != 0
    }

    /// Whether what a piece of `kind` attacks changes with the board only along the rook
    /// and bishop lines from its square: [`Self::is_line_bound`], and the Lion, whose
    /// two king steps are moves, no attack (`CompiledMovement::attacks_line_bound`).
    /// King safety and checks ask this.
    #[inline]
    pub fn attacks_line_bound(&self, kind: PieceKind) -> bool {
        self.attacks_line_bound >> kind.index() & 1 != 0
    }

    /// Whether the squares from which a piece of `kind` attacks a square are told from
    /// that square ([`Self::attack_origins`]): every ordinary kind, and the fairy kinds
    /// made of leaps, rides along any line and hops over one hurdle.
    #[inline]
    pub fn attack_origins_told(&self, kind: PieceKind) -> bool {
        self.attack_origins_told >> kind.index() & 1 != 0
    }

    /// The squares from which a piece of `kind` (a fairy one) and `color` attacks
    /// `target` over `occupied` (`CompiledMovement::attack_origins`), where
    /// [`Self::attack_origins_told`]; else every square.
    #[inline]
    pub fn attack_origins(&self, kind: PieceKind, color: Color, target: Square, occupied: Bitboard) -> Bitboard {
        self.movement(kind)
            .and_then(|m| m.attack_origins(color, target, occupied))
            .unwrap_or(Bitboard::FULL)
    }

    /// The bits of [`Self::is_line_bound`], [`Self::attacks_line_bound`] and
    /// [`Self::attack_origins_told`], from the movements.
    fn work_out_line_bound(&mut self) {
        let kinds = |test: fn(&CompiledMovement) -> bool| {
            PieceKind::ALL
                .iter()
                .filter(|&&kind| {
                    kind.is_ordinary() || kind == PieceKind::Stone || self.movement(kind).is_some_and(test)
                })
                .fold(0, |bits, kind| bits | 1 << kind.index())
        };
        let bits = [
            CompiledMovement::is_line_bound,
            CompiledMovement::attacks_line_bound,
            CompiledMovement::attack_origins_told,
        ]
        .map(kinds);
        [self.line_bound, self.attacks_line_bound, self.attack_origins_told] = bits;
    }

    /// Whether pieces of `kind` also make two-step moves: the Lion's two king steps, or
    /// the double steps along a line of fm's 飛鷲 and 角鷹 (`crate::lion`).
    #[inline]
    pub fn has_two_steps(&self, kind: PieceKind) -> bool {
        self.movement(kind).is_some_and(|m| m.has_two_steps())
    }

    /// The two-step moves of a piece of `kind` and `color` (`crate::lion`).
    #[inline]
    pub(crate) fn two_steps(&self, kind: PieceKind, color: Color) -> crate::lion::TwoSteps {
        self.movement(kind)
            .map_or_else(Default::default, |m| crate::lion::TwoSteps::of(m, color))
    }

    /// A piece of `kind` and `color` on `sq` that could never move again (rules.md §3):
    /// the ordinary table for ordinary kinds, derived from the movement otherwise.
    #[inline]
    pub fn is_dead(&self, kind: PieceKind, color: Color, sq: Square) -> bool {
        if kind.is_ordinary() {
            return crate::validate::is_dead_piece(kind, color, sq);
        }
        self.movement(kind).is_some_and(|m| m.dead_squares(color).contains(sq))
    }
}
