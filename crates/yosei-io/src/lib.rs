//! Problem formats and move notation for yosei.
//!
//! Readers here are syntactic only: they build `yosei_core` values (`Setup`, `Move`) and
//! leave legality to `yosei-rules`, so that every rule problem of an input can be
//! reported together. Every reader returns an error naming the line (and column where it
//! helps) and what was expected; none panics on any input.

pub mod csa;
pub mod detect;
pub mod display;
pub mod encoding;
pub mod error;
pub mod fm;
mod fm_declare;
pub mod input;
pub mod ki2;
pub mod kif;
pub mod mate_tree;
pub mod native;
pub mod notation;
pub mod problem;
pub mod report;
pub mod rule_words;
pub mod sfen;

pub use error::FormatError;
pub use problem::{Branch, Metadata, MoveLine, Problem, ProblemOptions};
pub use report::Report;
pub use sfen::{
    parse_sfen, parse_usi_move, startpos, write_sfen, write_usi_move, SfenError, SfenRecord, SyntaxError, UsiMoveError,
    STARTPOS_SFEN,
};
