//! `Setup` → `Position`: every requirement of a valid position, all reasons at once.

use crate::{Condition, PieceSetLimit, Position, RuleSet};
use std::fmt;
use yosei_core::{Color, Hand, PieceKind, Setup, Square};

/// One reason a setup is not a valid position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupProblem {
    /// Two or more kings or other royal pieces of one side (fm's 二玉詰,
    /// docs/rules/royal.md) under a condition whose rules name the king by its kind, or
    /// that was not compared with fm (those of `royal::holds_under` take them).
    SeveralKingsUnderCondition {
        color: Color,
        count: u32,
        condition: Condition,
    },
    /// A royal piece other than the king under a condition whose rules name the king
    /// by its kind, or that was not compared with fm (docs/rules/royal.md).
    RoyalUnderCondition { kind: PieceKind, condition: Condition },
    /// Two unpromoted pawns of one side on one file (二歩).
    TwoPawns { color: Color, file: i32 },
    /// Three unpromoted swallows of one side on one file (三燕, fm's tori shogi rule).
    ThreeSwallows { color: Color, file: i32 },
    /// A piece that could never move again (行き所のない駒).
    DeadPiece {
        square: Square,
        color: Color,
        kind: PieceKind,
    },
    /// The side not to move is in check: the side to move could capture its king.
    OpponentInCheck { color: Color },
    /// Under 自己王手王取無効 the side not to move has its king within the enemy king's
    /// reach, which no legal move leads to.
    KingInEnemyKingReach { color: Color },
    /// More pieces of a kind (board + hands, promoted counted with unpromoted) than the
    /// standard 40-piece set holds (or, with an unlimited set, than a hand can count).
    TooManyPieces { kind: PieceKind, count: u32, max: u32 },
    /// A hand holds a kind no hand can hold (king, stone, promoted piece).
    NotAHandKind { color: Color, kind: PieceKind },
    /// A hand count above the supported maximum.
    HandCountTooLarge { color: Color, kind: PieceKind, count: u8 },
    /// A user-defined kind (`E`, `M`, `U`, `W`, `Y`) that the problem does not define.
    UndefinedPiece { kind: PieceKind },
    /// A piece with two-step moves (two captures in one move: the Lion's, or the double
    /// step along a line of 飛鷲 and 角鷹) under キルケ, アンチキルケ or PWC, a
    /// combination no one has defined (fm refuses its 獅子跳び駒 under them too).
    LionUnderCaptureCondition { kind: PieceKind, condition: Condition },
    /// A fairy piece whose movement a condition does not support: under Isardam one that
    /// hops, makes two-step moves or rides off the eight lines; under Koko one with two-step moves
    /// (fm refuses the first, has no trial move for the second); and a stone under
    /// ネコネコ鮮 (fm crashes on it).
    PieceUnsupportedUnderCondition { kind: PieceKind, condition: Condition },
    /// Under Isardam the piece on `attacker` attacks the enemy piece of its own kind on
    /// `attacked`, a position no legal move leads to.
    SameKindAttack { attacker: Square, attacked: Square },
}

impl fmt::Display for SetupProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupProblem::SeveralKingsUnderCondition { color, count, condition } => write!(
                f,
                "{} has {count} kings or royal pieces (二玉詰), which condition {condition} ({}) does not take",
                side(*color),
                condition.japanese()
            ),
            SetupProblem::RoyalUnderCondition { kind, condition } => write!(
                f,
                "a royal {} (in the king's place) under condition {condition} ({}) is not supported",
                kind.name(),
                condition.japanese()
            ),
            SetupProblem::TwoPawns { color, file } => write!(
                f,
                "two pawns (二歩): {} has two unpromoted pawns on file {file}",
                side(*color)
            ),
            SetupProblem::ThreeSwallows { color, file } => write!(
                f,
                "three swallows (三燕): {} has three unpromoted swallows on file {file}",
                side(*color)
            ),
            SetupProblem::DeadPiece { square, color, kind } => write!(
                f,
                "dead piece (行き所のない駒): {}'s {} on {square} can never move",
                side(*color),
                kind.name()
            ),
            SetupProblem::OpponentInCheck { color } => write!(
                f,
                "{} is in check but it is not its turn (the side to move could capture the king)",
                side(*color)
            ),
            SetupProblem::KingInEnemyKingReach { color } => write!(
                f,
                "{}'s king stands within the other king's reach, which 自己王手王取無効 (skci) forbids",
                side(*color)
            ),
            SetupProblem::TooManyPieces { kind, count, max } => {
                write!(f, "{count} pieces of kind {} (at most {max} allowed)", kind.name())
            }
            SetupProblem::NotAHandKind { color, kind } => write!(
                f,
                "{} holds a {} in hand, which no hand can hold",
                side(*color),
                kind.name()
            ),
            SetupProblem::HandCountTooLarge { color, kind, count } => write!(
                f,
                "{} holds {count} of {} (at most {})",
                side(*color),
                kind.name(),
                Hand::MAX_COUNT
            ),
            SetupProblem::UndefinedPiece { kind } => write!(
                f,
                "piece letter {} is used but the problem does not define how it moves (a `piece:` line)",
                kind.sfen_name()
            ),
            SetupProblem::PieceUnsupportedUnderCondition {
                kind: PieceKind::Stone,
                condition,
            } => write!(
                f,
                "condition {condition} ({}) is not defined with a stone (letter O) on the board (docs/rules/nekosen.md: fm cannot run it)",
                condition.japanese()
            ),
            SetupProblem::PieceUnsupportedUnderCondition { kind, condition } => write!(
                f,
                "a {} (letter {}) moves in a way condition {condition} ({}) is not defined for here",
                kind.name(),
                kind.sfen_name(),
                condition.japanese()
            ),
            SetupProblem::SameKindAttack { attacker, attacked } => write!(
                f,
                "the piece on {attacker} attacks the enemy piece of its own kind on {attacked}, which Isardam forbids"
            ),
            SetupProblem::LionUnderCaptureCondition { kind, condition } => write!(
                f,
                "a {} (letter {}) can capture twice in one move, which condition {condition} ({}) does not define",
                kind.name(),
                kind.sfen_name(),
                condition.japanese()
            ),
        }
    }
}

fn side(color: Color) -> &'static str {
    match color {
        Color::Black => "Black (先手)",
        Color::White => "White (後手)",
    }
}

/// Every reason a setup was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetupError {
    pub problems: Vec<SetupProblem>,
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("invalid position: ")?;
        for (i, p) in self.problems.iter().enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            write!(f, "{p}")?;
        }
        Ok(())
    }
}

impl std::error::Error for SetupError {}

/// How many of each (unpromoted) kind the standard set holds.
pub fn standard_set_count(kind: PieceKind) -> Option<u32> {
    use PieceKind::*;
    match kind {
        Pawn => Some(18),
        Lance | Knight | Silver | Gold => Some(4),
        Bishop | Rook | King => Some(2),
        _ => None,
    }
}

/// A piece of `kind` and `color` on `sq` that could never move again under ordinary
/// powers: P and L on the last rank, N on the last two.
pub fn is_dead_piece(kind: PieceKind, color: Color, sq: Square) -> bool {
    let rank = sq.relative_rank(color);
    match kind {
        PieceKind::Pawn | PieceKind::Lance => rank == 1,
        PieceKind::Knight => rank <= 2,
        _ => false,
    }
}

impl Position {
    /// Validates `setup` under `rules`; the error lists every problem found.
    pub fn from_setup(setup: &Setup, rules: &RuleSet) -> Result<Position, SetupError> {
        let mut problems = Vec::new();
        let mut kind_counts = [0u32; PieceKind::COUNT];
        let mut kings = [0u32; 2];
        let mut pawn_files = [[false; 9]; 2];
        let mut swallow_files = [[0usize; 9]; 2];
        let mut undefined_seen = [false; PieceKind::COUNT];
        let mut promoted_on_board = [false; PieceKind::COUNT];
        let pieces = rules.pieces();
        let royal = rules.royal_kinds();
        let mut royal_fairy = None;

        for sq in Square::all() {
            let Some(piece) = setup.piece_at(sq) else {
                continue;
            };
            kind_counts[piece.kind.unpromoted().index()] += 1;
            promoted_on_board[piece.kind.unpromoted().index()] |= piece.kind.is_promoted();
            if royal.contains(piece.kind) {
                kings[piece.color.index()] += 1;
                if piece.kind != PieceKind::King {
                    royal_fairy = Some(piece.kind);
                }
            }
            if !pieces.knows(piece.kind) && !undefined_seen[piece.kind.index()] {
                undefined_seen[piece.kind.index()] = true;
                problems.push(SetupProblem::UndefinedPiece { kind: piece.kind });
            }
            if piece.kind == PieceKind::Pawn {
                let seen = &mut pawn_files[piece.color.index()][(sq.file() - 1) as usize];
                if *seen {
                    problems.push(SetupProblem::TwoPawns {
                        color: piece.color,
                        file: sq.file(),
                    });
                }
                *seen = true;
            }
            if piece.kind == PieceKind::Swallow {
                let seen = &mut swallow_files[piece.color.index()][(sq.file() - 1) as usize];
                *seen += 1;
                if *seen == crate::three_swallows::MAX_ON_A_FILE + 1 {
                    problems.push(SetupProblem::ThreeSwallows {
                        color: piece.color,
                        file: sq.file(),
                    });
                }
            }
            if rules.is_dead(piece.kind, piece.color, sq) {
                problems.push(SetupProblem::DeadPiece {
                    square: sq,
                    color: piece.color,
                    kind: piece.kind,
                });
            }
        }
        for color in Color::ALL {
            let count = kings[color.index()];
            if count > 1 {
                for &condition in rules.conditions().iter().filter(|c| !crate::royal::holds_under(**c)) {
                    problems.push(SetupProblem::SeveralKingsUnderCondition {
                        color,
                        count,
                        condition,
                    });
                }
            }
            for kind in PieceKind::ALL {
                let count = setup.hand(color).count(kind);
                if count == 0 {
                    continue;
                }
                kind_counts[kind.index()] += count as u32;
                if !kind.is_hand_kind() || royal.contains(kind) {
                    problems.push(SetupProblem::NotAHandKind { color, kind });
                } else if count > Hand::MAX_COUNT {
                    problems.push(SetupProblem::HandCountTooLarge { color, kind, count });
                } else if !pieces.knows(kind) && !undefined_seen[kind.index()] {
                    undefined_seen[kind.index()] = true;
                    problems.push(SetupProblem::UndefinedPiece { kind });
                }
            }
        }
        // Hands are keyed up to Hand::MAX_COUNT, so no kind may ever exceed it in total.
        for kind in PieceKind::ALL {
            let count = kind_counts[kind.index()];
            let max = match (rules.piece_set, standard_set_count(kind)) {
                (PieceSetLimit::Standard, Some(max)) => max,
                _ => Hand::MAX_COUNT as u32,
            };
            if count > max && !royal.contains(kind) {
                problems.push(SetupProblem::TooManyPieces { kind, count, max });
            }
        }
        // The kinds whose pieces may be in play: each present kind, and its promoted
        // form where one stands on the board or the problem promotes a fairy kind (a
        // Kirin that may promote brings the Lion's steps).
        let in_play: Vec<PieceKind> = PieceKind::ALL
            .into_iter()
            .filter(|k| kind_counts[k.index()] > 0)
            .flat_map(|k| {
                let promoted = k
                    .promoted()
                    .filter(|_| promoted_on_board[k.index()] || rules.promotes(k));
                std::iter::once(k).chain(promoted)
            })
            .collect();
        if let Some(condition) = rules
            .conditions()
            .iter()
            .copied()
            .find(|c| matches!(c, Condition::Circe | Condition::AntiCirce | Condition::Pwc))
        {
            for &kind in &in_play {
                if pieces.has_two_steps(kind) {
                    problems.push(SetupProblem::LionUnderCaptureCondition { kind, condition });
                }
            }
        }
        if let Some(kind) = royal_fairy {
            for &condition in rules.conditions().iter().filter(|c| !crate::royal::holds_under(**c)) {
                problems.push(SetupProblem::RoyalUnderCondition { kind, condition });
            }
        }
        for &condition in rules.conditions() {
            let unsupported = |kind: PieceKind| match condition {
                Condition::Isardam | Condition::IsardamB => !pieces.is_line_bound(kind),
                Condition::Koko => pieces.has_two_steps(kind),
                Condition::NekoNekoSen => kind == PieceKind::Stone,
                _ => false,
            };
            for &kind in &in_play {
                if pieces.knows(kind) && unsupported(kind) {
                    problems.push(SetupProblem::PieceUnsupportedUnderCondition { kind, condition });
                }
            }
        }
        if !problems.is_empty() {
            return Err(SetupError { problems });
        }
        let mut pos = Position::from_setup_unchecked(setup);
        pos.set_discarded_kinds(rules.discarded_kinds());
        pos.set_royal_kinds(royal);
        // Messigny: the first move is not remembered (docs/rules/messigny.md)
        pos.set_swap_memory(crate::conditions::messigny::SwapMemory::at_start(rules.compiled().swap));
        if rules.compiled().isardam.is_some() {
            if let Some((attacker, attacked)) = crate::conditions::isardam::forbidden_attack(&pos, rules) {
                return Err(SetupError {
                    problems: vec![SetupProblem::SameKindAttack { attacker, attacked }],
                });
            }
        }
        if pos.king_capturable(rules) {
            return Err(SetupError {
                problems: vec![SetupProblem::OpponentInCheck {
                    color: !setup.side_to_move,
                }],
            });
        }
        if pos.king_left_in_enemy_king_reach(rules) {
            return Err(SetupError {
                problems: vec![SetupProblem::KingInEnemyKingReach {
                    color: !setup.side_to_move,
                }],
            });
        }
        Ok(pos)
    }
}
