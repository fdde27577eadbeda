//! Solvers for yosei's stipulations (rules.md §8).
//!
//! Help play (ばか詰, ばか自殺詰, help-stalemate, ばか手順, ばか千日手) is one engine,
//! [`help::solve_help`], parameterised by a [`plan::HelpPlan`]: who attacks, who moves
//! first, which attacker moves are allowed (the check obligation) and what ends the
//! sequence (the goal).

pub mod count;
pub mod help;
pub mod key_hash;
pub mod key_index;
pub mod mate_in;
pub mod outcome;
pub mod plan;
pub mod ply_index;
pub mod prior_game;
mod saved_file;
mod search_thread;
pub mod self_mate;
pub mod series;
pub mod spilled_set;
pub mod tsume;
pub mod verify;
mod zeroed;

pub use count::Count;
pub use outcome::{ExactLength, Outcome, Verdict};
pub use plan::{Goal, HelpPlan, PlanError};
pub use prior_game::PriorGame;

/// Limits of one search. A limit that is hit gives the verdict `unknown`, never a
/// wrong answer.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Memory for the search tables, in MiB.
    pub hash_mb: usize,
    pub max_nodes: Option<u64>,
    pub time_limit: Option<std::time::Duration>,
    /// How many solution lines to list (all are counted).
    pub max_listed: usize,
    /// How many moves the listed lines may hold in all (long problems with many duals).
    pub max_listed_moves: usize,
    /// How help play stores its search from the start (tests of the other stores).
    pub help_store: HelpStore,
    /// Threads for the work that parallelises (help play: wide layers).
    pub threads: usize,
    /// Where help play may write the part of its visited set that does not fit in
    /// `hash_mb` (searches rebuilt backwards: ordinary pieces, no condition); without
    /// it, the set moves to a compact table in memory and the search stops when that
    /// is full.
    pub spill_dir: Option<std::path::PathBuf>,
    /// Help play: go on with the search saved in `spill_dir` (a search with a spill
    /// directory that reaches `time_limit` finishes its pass and saves itself there).
    pub resume: bool,
    /// Set from another thread to stop the search (a GUI's `stop`): the verdict is then
    /// `unknown`, as for any other limit.
    pub stop: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>,
}

impl Limits {
    /// Whether `stop` has been set.
    pub fn stopped(&self) -> bool {
        self.stop
            .as_ref()
            .is_some_and(|s| s.load(std::sync::atomic::Ordering::Relaxed))
    }

    /// The limit a search that has visited `nodes` since `started` has reached, as the
    /// note the outcome gives: stopped, `--nodes` or `--time-limit` (memory is each
    /// search's own to measure).
    pub fn reached(&self, nodes: u64, started: std::time::Instant) -> Option<String> {
        if self.stopped() {
            Some("stopped".into())
        } else if self.max_nodes.is_some_and(|n| nodes >= n) {
            Some("node limit reached (--nodes)".into())
        } else if self.time_limit.is_some_and(|t| started.elapsed() >= t) {
            Some("time limit reached (--time-limit)".into())
        } else {
            None
        }
    }
}

/// What help play keeps of its search when it starts; each store gives way to the next
/// when it would pass `hash_mb`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HelpStore {
    /// Every edge of the search graph (the solutions are read from them).
    Edges,
    /// Each position's ply in the exact visited set (the solutions are rebuilt).
    Plies,
    /// Each position's ply in the compact visited set (the solutions are rebuilt).
    CompactPlies,
    /// Each position's ply, in every tier of the spilled set where the solutions are
    /// rebuilt backwards (a small compact table frozen at 256 positions, then the exact
    /// set spilled to `spill_dir` after every pass that doubled it), else in the exact
    /// set.
    SpilledPlies,
    /// Each position's ply in the exact visited set, which holds the start and the first
    /// layer only: the search goes on from there depth-first, as when a layer outgrows
    /// `hash_mb`.
    DepthFirst,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            hash_mb: 4096,
            max_nodes: None,
            time_limit: None,
            max_listed: 1000,
            max_listed_moves: 2_000_000,
            help_store: HelpStore::Edges,
            threads: 1,
            spill_dir: None,
            resume: false,
            stop: None,
        }
    }
}
