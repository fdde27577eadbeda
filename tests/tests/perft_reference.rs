//! Perft counts of tests/data/perft.tsv (shunsai's values, re-checked with cshogi).
//! Rows up to a few million leaves run here; deeper rows run in `yosei bench --deep`.

use yosei_io::sfen::parse_sfen;
use yosei_rules::perft::{perft, perft_divide};
use yosei_rules::{Position, RuleSet};

const MAX_NODES_IN_TEST: u64 = 6_000_000;

fn rows() -> Vec<(String, String, u32, u64)> {
    include_str!("../data/perft.tsv")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            (
                f[0].to_string(),
                f[1].to_string(),
                f[2].parse().unwrap(),
                f[3].parse().unwrap(),
            )
        })
        .collect()
}

fn position(sfen: &str) -> Position {
    Position::from_setup(&parse_sfen(sfen).unwrap().setup, &RuleSet::ordinary()).unwrap()
}

#[test]
fn perft_matches_reference_counts() {
    let rules = RuleSet::ordinary();
    let mut run = 0;
    for (name, sfen, depth, nodes) in rows() {
        if nodes > MAX_NODES_IN_TEST {
            continue;
        }
        assert_eq!(perft(&position(&sfen), &rules, depth), nodes, "{name} depth {depth}");
        run += 1;
    }
    assert!(run >= 9, "only {run} rows ran");
}

#[test]
fn divide_sums_to_perft() {
    let rules = RuleSet::ordinary();
    let pos = position("l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1");
    let divide = perft_divide(&pos, &rules, 2);
    assert_eq!(divide.len(), 207);
    assert_eq!(divide.iter().map(|(_, n)| n).sum::<u64>(), 28684);
}
