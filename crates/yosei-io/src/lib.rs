//! Problem formats and move notation for yosei.
//!
//! Readers here are syntactic only: they build `yosei_core` values (`Setup`, `Move`) and
//! leave legality to `yosei-rules`, so that every rule problem of an input can be
//! reported together.

pub mod input;
pub mod sfen;

pub use sfen::{
    parse_sfen, parse_usi_move, startpos, write_sfen, write_usi_move, SfenError, SfenRecord, SyntaxError, UsiMoveError,
    STARTPOS_SFEN,
};
