//! What a solver returns.

use crate::count::Count;
use yosei_core::{Move, PieceKind};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    Solved,
    NoSolution,
    /// A limit was hit before the answer was known.
    Unknown,
}

impl Verdict {
    /// The JSON word of cli.md.
    pub fn word(self) -> &'static str {
        match self {
            Verdict::Solved => "solved",
            Verdict::NoSolution => "no-solution",
            Verdict::Unknown => "unknown",
        }
    }
}

#[derive(Clone, Debug)]
pub struct Outcome {
    pub verdict: Verdict,
    /// Plies of the solution(s).
    pub length: Option<u32>,
    /// Solution lines as listed (up to the listing limit), in a stable order.
    pub solutions: Vec<Vec<Move>>,
    /// Every distinct solution (move sequence), counted exactly even when not all are
    /// listed.
    pub solution_count: Count,
    /// Solutions counted once per mirror pair when the start position is its own
    /// mirror image (fm prunes such twins); equal to `solution_count` otherwise.
    pub distinct_up_to_mirror: Count,
    /// Other attacker choices that also work (cli.md `cooks`), as lines of moves: for a
    /// selfmate, the other winning first moves.
    pub cooks: Vec<Vec<Move>>,
    /// Direct mate: other checks of the main line that mate as fast and come back to the
    /// line's own position at the same ply (非限定, 手順前後), each as the line's moves
    /// before it, the check and the moves to where it rejoins. Cooks only under
    /// `--rejoining cook` (then in `cooks` too).
    pub rejoining: Vec<Vec<Move>>,
    /// Duals (最終手余詰, docs/check.md): lines that differ from another only in the
    /// final mating move, counted exactly. Direct mate: the other mates at the main
    /// line's last move (not cooks); mate in ≤ n: the other mates at the end of each
    /// line (not in `solution_count`); help play: the solutions that are another's with
    /// the last move changed (they stay in `solution_count`). `None` where no dual is
    /// defined (selfmate) or nothing was solved.
    pub duals: Option<Count>,
    /// Pieces left in the attacker's hand at the end of each listed solution.
    pub leftover: Vec<Vec<PieceKind>>,
    /// The length the problem states, when the solution's differs: shorter (早詰), or,
    /// in a direct mate, longer (the stated line does not mate).
    pub stated_length: Option<u32>,
    /// Direct mate: whether the length is proven exact and the cooks complete
    /// (`Some(false)`: the certificate ran out of its budget). `None` where the solver
    /// is exact by construction.
    pub certified: Option<bool>,
    pub nodes: u64,
    pub elapsed_ms: u128,
    pub notes: Vec<String>,
    /// Mate in ≤ n (逃げ将棋): the solution tree, or the refutations of the attacker's
    /// tries. Its lines are counted in `solution_count`, and every line beyond the first
    /// is a cook; pieces left over are allowed.
    pub mate_in: Option<Box<crate::mate_in::MateInAnswer>>,
    /// Help play with a stated length and a shorter solution (早詰): the solutions of
    /// exactly the stated length, which fm lists beside the shorter ones.
    pub exact_length: Option<ExactLength>,
    /// With `exact_length`: the solutions of each length between the shortest and the
    /// stated one (of the same parity, ascending, none left out for having no solution),
    /// which fm lists as 早詰 too.
    pub intermediate_lengths: Vec<ExactLength>,
}

/// The solutions of exactly a stated length (or of a length between it and the
/// shortest), counted apart from the shortest
/// (docs/rules/help.md, "Length").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExactLength {
    pub length: u32,
    /// Listed lines (up to the listing limits), sorted by their moves in USI.
    pub solutions: Vec<Vec<Move>>,
    /// Every one found, counted exactly.
    pub count: Count,
    /// Counted once per mirror pair, as `Outcome::distinct_up_to_mirror`.
    pub distinct_up_to_mirror: Count,
    /// `false` when a limit stopped the search: the count is then a lower bound.
    pub complete: bool,
}

impl Outcome {
    /// An outcome with this verdict and nothing found yet.
    pub fn new(verdict: Verdict) -> Outcome {
        Outcome {
            verdict,
            length: None,
            solutions: Vec::new(),
            solution_count: Count::default(),
            distinct_up_to_mirror: Count::default(),
            cooks: Vec::new(),
            rejoining: Vec::new(),
            duals: None,
            leftover: Vec::new(),
            stated_length: None,
            certified: None,
            nodes: 0,
            elapsed_ms: 0,
            notes: Vec::new(),
            mate_in: None,
            exact_length: None,
            intermediate_lengths: Vec::new(),
        }
    }

    /// One solution, nothing left over, and (where a length was stated) that length.
    pub fn sound(&self) -> bool {
        if self.mate_in.is_some() {
            return self.verdict == Verdict::Solved && self.solution_count == 1;
        }
        self.verdict == Verdict::Solved
            && self.distinct_up_to_mirror == 1
            && self.cooks.is_empty()
            && self.leftover.iter().all(|l| l.is_empty())
            && self.stated_length.is_none_or(|n| Some(n) == self.length)
            && self.certified != Some(false)
    }

    /// Why the problem is not sound, in words (empty when it is).
    pub fn faults(&self) -> Vec<String> {
        let mut out = Vec::new();
        if self.verdict != Verdict::Solved {
            return out;
        }
        if self.mate_in.is_some() {
            if self.solution_count.exceeds(1) {
                let cooks = self.solution_count.minus(1);
                out.push(format!(
                    "{} solution lines: {} cook{} (余詰)",
                    self.solution_count.short(),
                    cooks.short(),
                    if cooks == 1 { "" } else { "s" }
                ));
            }
            return out;
        }
        if self.distinct_up_to_mirror.exceeds(1) {
            out.push(format!("{} solutions", self.distinct_up_to_mirror.short()));
        }
        if !self.cooks.is_empty() {
            out.push(format!("{} cook(s) (余詰)", self.cooks.len()));
        }
        if self.leftover.iter().any(|l| !l.is_empty()) {
            out.push("pieces left in the attacker's hand".into());
        }
        if self.certified == Some(false) {
            out.push("not certified: a shorter mate or a cook may have been missed".into());
        }
        if let (Some(stated), Some(found)) = (self.stated_length, self.length) {
            // (Help play searches no further than the stated length; a direct mate may
            // be found to need more: the stated solution is then no mate.)
            if found < stated {
                out.push(format!("shorter than stated: {found} plies instead of {stated} (早詰)"));
            } else if found > stated {
                out.push(format!("longer than stated: {found} plies instead of {stated}"));
            }
        }
        out
    }
}
