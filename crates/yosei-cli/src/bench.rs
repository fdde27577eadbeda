//! `yosei bench`: our own figures (perft nodes per second on reference positions).
//! Ratios against peers come from `benches/run.sh`, which times the peers and
//! `yosei perft` on the same positions in one run.

use std::time::Instant;
use yosei_io::sfen::parse_sfen;
use yosei_rules::perft::perft;
use yosei_rules::{Position, RuleSet};

/// (name, SFEN, depth, expected leaves): rows of tests/data/perft.tsv.
const ROWS: &[(&str, &str, u32, u64, bool)] = &[
    (
        "startpos",
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
        5,
        19_861_490,
        false,
    ),
    (
        "matsuri",
        "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1",
        3,
        4_809_015,
        false,
    ),
    (
        "maxmoves",
        "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1",
        3,
        53_393_368,
        false,
    ),
    (
        "matsuri",
        "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1",
        4,
        516_925_165,
        true,
    ),
];

pub fn run(repeat: u32, deep: bool) {
    let rules = RuleSet::ordinary();
    println!(
        "{:<10} {:>5} {:>12} {:>10} {:>14}",
        "position", "depth", "nodes", "seconds", "nodes/s"
    );
    for &(name, sfen, depth, expected, is_deep) in ROWS {
        if is_deep && !deep {
            continue;
        }
        let record = parse_sfen(sfen).expect("benchmark SFEN parses");
        let pos = Position::from_setup(&record.setup, &rules).expect("benchmark position is valid");
        let mut best = f64::INFINITY;
        let mut nodes = 0;
        for _ in 0..repeat {
            let start = Instant::now();
            nodes = perft(&pos, &rules, depth);
            best = best.min(start.elapsed().as_secs_f64());
        }
        let status = if nodes == expected { "" } else { "  WRONG COUNT" };
        println!(
            "{name:<10} {depth:>5} {nodes:>12} {best:>10.3} {:>14.0}{status}",
            nodes as f64 / best
        );
    }
}
