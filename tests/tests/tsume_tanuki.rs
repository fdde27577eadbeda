//! The tanuki-tsume set (tests/data/tanuki_all.tsv, 1,979 computer-made problems of 1 to
//! 11 plies; see tests/data/PROVENANCE.md): solved as direct mates with every
//! interposition counted (`--futile count`, the set's own convention), every valid
//! problem has its stated length, and is sound (no cook, nothing left over) but for
//! the cooks listed here; the eleven whose shorter mate (早詰) the set's provenance
//! names must come out shorter and so not sound. (The main line may differ from the
//! stated one where the defender has replies of equal length: about a tenth of the
//! set.)

use yosei_io::sfen::parse_sfen;
use yosei_rules::{Position, RuleSet};
use yosei_solve::tsume::{solve_tsume, Futile, TsumeOptions};
use yosei_solve::{Limits, Verdict};

/// The problems with a mate two plies shorter than stated (PROVENANCE: KomoringHeights
/// and cshogi agree on them).
const SHORTER: [&str; 11] = [
    "tanuki_7.json#72",
    "tanuki_7.json#129",
    "tanuki_7.json#182",
    "tanuki_7.json#185",
    "tanuki_7.json#202",
    "tanuki_9.json#164",
    "tanuki_9.json#429",
    "tanuki_9.json#431",
    "tanuki_9.json#464",
    "tanuki_9.json#466",
    "tanuki_9.json#490",
];

/// The problems of the stated length with a second mating move at some attacker move
/// of every main line (余詰). Each cook line was checked to mate within the plies left
/// by a brute-force search over cshogi's move generator (every interposition
/// counted): `tests/differential/tsume_cooks.py`.
const COOKED: [&str; 26] = [
    "tanuki_7.json#40",
    "tanuki_7.json#42",
    "tanuki_7.json#47",
    "tanuki_7.json#64",
    "tanuki_7.json#66",
    "tanuki_7.json#75",
    "tanuki_7.json#79",
    "tanuki_7.json#81",
    "tanuki_7.json#88",
    "tanuki_7.json#90",
    "tanuki_7.json#111",
    "tanuki_7.json#131",
    "tanuki_7.json#137",
    "tanuki_7.json#145",
    "tanuki_7.json#147",
    "tanuki_7.json#158",
    "tanuki_7.json#203",
    "tanuki_7.json#205",
    "tanuki_9.json#433",
    "tanuki_9.json#438",
    "tanuki_9.json#459",
    "tanuki_9.json#468",
    "tanuki_9.json#497",
    "tanuki_9.json#499",
    "tanuki_9.json#501",
    "tanuki_9.json#517",
];

#[test]
fn tanuki_set_lengths_and_shorter_mates() {
    let rules = RuleSet::ordinary();
    let data = include_str!("../data/tanuki_all.tsv");
    let limits = Limits {
        hash_mb: 64,
        ..Limits::default()
    };
    let (mut valid, mut invalid, mut shorter_found) = (0, 0, 0);
    let mut failures = Vec::new();
    let mut cooked = Vec::new();
    for line in data.lines().filter(|l| !l.starts_with('#') && !l.is_empty()) {
        let cols: Vec<&str> = line.split('\t').collect();
        let (sfen, plies, name) = (cols[0], cols[1].parse::<u32>().unwrap(), cols[3]);
        let setup = parse_sfen(sfen).unwrap().setup;
        let Ok(start) = Position::from_setup(&setup, &rules) else {
            invalid += 1;
            continue;
        };
        valid += 1;
        let options = TsumeOptions {
            futile: Futile::Count,
            stated_length: Some(plies),
            certify_nodes: None,
        };
        let outcome = solve_tsume(&start, &rules, &options, &limits, |_| {});
        if outcome.verdict != Verdict::Solved {
            failures.push(format!("{name}: {:?}", outcome.verdict));
            continue;
        }
        let length = outcome.length.unwrap();
        if SHORTER.contains(&name) {
            if length == plies - 2 && !outcome.sound() {
                shorter_found += 1;
            } else {
                failures.push(format!("{name}: length {length}, expected the shorter {}", plies - 2));
            }
        } else if length != plies {
            failures.push(format!("{name}: length {length}, stated {plies}"));
        } else if !outcome.sound() {
            cooked.push(name);
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert_eq!((valid, invalid, shorter_found), (1805, 174, 11));
    assert_eq!(cooked, COOKED);
}
