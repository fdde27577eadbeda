//! Solvers for yosei's stipulations (rules.md §8).
//!
//! Help play (ばか詰, ばか自殺詰, help-stalemate, ばか手順, ばか千日手) is one engine,
//! [`help::solve_help`], parameterised by a [`plan::HelpPlan`]: who attacks, who moves
//! first, which attacker moves are allowed (the check obligation) and what ends the
//! sequence (the goal).

pub mod help;
pub mod key_index;
pub mod outcome;
pub mod plan;
pub mod self_mate;
pub mod verify;

pub use outcome::{Outcome, Verdict};
pub use plan::{Goal, HelpPlan, PlanError};

/// Limits of one search. A limit that is hit gives the verdict `unknown`, never a
/// wrong answer.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Memory for the search tables, in MiB.
    pub hash_mb: usize,
    pub max_nodes: Option<u64>,
    pub time_limit: Option<std::time::Duration>,
    /// How many solution lines to list (all are counted).
    pub max_listed: usize,
    /// How many moves the listed lines may hold in all (long problems with many duals).
    pub max_listed_moves: usize,
    /// Help play keeps plies only from the start, instead of switching to that store
    /// when the edges would pass `hash_mb` (tests of the rebuild pass).
    pub plies_store: bool,
    /// Threads for the work that parallelises (help play: wide layers).
    pub threads: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            hash_mb: 4096,
            max_nodes: None,
            time_limit: None,
            max_listed: 1000,
            max_listed_moves: 2_000_000,
            plies_store: false,
            threads: 1,
        }
    }
}
