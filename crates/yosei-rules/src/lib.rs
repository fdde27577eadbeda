//! The rules of shogi for yosei: the validated [`Position`], Zobrist keys, the
//! [`RuleSet`] a problem is solved under, legal move generation, check, mate and
//! stalemate, and perft.
//!
//! Phase order per node (docs/ARCHITECTURE.md): powers → paralysis → generation →
//! filters → play → legality → goal tests. Under ordinary rules powers are the pieces'
//! own, there is no paralysis, and legality is decided by the fast pin/check path of
//! [`movegen`], which is exact only because no condition is active (deny by default).

pub mod capture;
pub mod check;
mod conditions;
pub mod drop_pawn_mate;
pub mod fairy_capture;
pub mod fairy_promotion;
mod flight;
mod general;
mod hop_capture;
pub mod kind_set;
mod lion;
mod local_safety;
mod madrasi;
pub mod movegen;
pub mod perft;
pub mod pieces;
pub mod position;
mod powers;
pub mod repetition;
pub mod retro;
pub mod royal;
pub mod ruleset;
mod stalemate_drop;
pub mod stipulation;
mod three_swallows;
pub mod validate;
pub mod zobrist;

pub use capture::{CaptureRule, FairyHome, UchifuRule};
pub use check::CheckInfo;
pub use conditions::king_square::KingSquares;
pub use conditions::messigny::{SwapMemory, SwapRule};
pub use fairy_capture::DiscardedKinds;
pub use fairy_promotion::FairyPromotion;
pub use movegen::{MoveList, MoveSink};
pub use pieces::{PieceTable, Reach, UserPiece};
pub use position::Position;
pub use repetition::{GameHistory, RepetitionVerdict};
pub use royal::RoyalKinds;
pub use ruleset::{Condition, LionPass, PieceSetLimit, RepetitionRule, RuleError, RuleSet, UchifuzumeReading};
pub use stipulation::Stipulation;
pub use validate::{SetupError, SetupProblem};
pub use zobrist::Key;
