//! The tanuki-tsume set (tests/data/tanuki_all.tsv, 1,979 computer-made problems of 1 to
//! 11 plies; see tests/data/PROVENANCE.md): solved as direct mates with every
//! interposition counted (`--futile count`, the set's own convention), every valid
//! problem has its stated length, and is sound (no cook, nothing left over) but for
//! the cooks listed here (less those whose other mating move comes back to the line,
//! no cook by default); the eleven whose shorter mate (早詰) the set's provenance
//! names must come out shorter and so not sound. (The main line may differ from the
//! stated one where the defender has replies of equal length: about a tenth of the
//! set.)

use yosei_io::sfen::parse_sfen;
use yosei_rules::{Position, RuleSet};
use yosei_solve::tsume::{solve_tsume, Futile, TsumeOptions};
use yosei_solve::{Limits, Verdict};
use yosei_tests::tanuki::{problems, COOKED, REJOINING, SHORTER};

#[test]
fn tanuki_set_lengths_and_shorter_mates() {
    let rules = RuleSet::ordinary();
    let limits = Limits {
        hash_mb: 64,
        ..Limits::default()
    };
    let (mut valid, mut invalid, mut shorter_found) = (0, 0, 0);
    let mut failures = Vec::new();
    let mut cooked = Vec::new();
    for (sfen, plies, name) in problems() {
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
            ..TsumeOptions::default()
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
    let expected: Vec<&str> = COOKED.into_iter().filter(|p| !REJOINING.contains(p)).collect();
    assert_eq!(cooked, expected);
}
