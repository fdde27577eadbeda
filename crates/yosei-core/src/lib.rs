//! Core vocabulary of yosei: squares, colours, bitboards, pieces, hands, moves,
//! the unvalidated [`Setup`], and the attack tables of the ordinary pieces.
//!
//! This crate knows how pieces move on an otherwise empty or occupied board; it knows
//! no rules (legality, check, conditions live in `yosei-rules`).

pub mod attacks;
pub mod bitboard;
pub mod color;
pub mod hand;
pub mod movement;
pub mod moves;
pub mod piece;
pub mod random;
pub mod setup;
pub mod square;

pub use bitboard::Bitboard;
pub use color::Color;
pub use hand::Hand;
pub use movement::{builtin_movement, compiled_builtin, CompiledMovement, Movement, MovementError};
pub use moves::{Displacement, Move};
pub use piece::{Piece, PieceKind};
pub use setup::Setup;
pub use square::Square;
