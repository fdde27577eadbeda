//! The general generator along direct-mate lines against the slow reference generator
//! (tests/src/reference.rs): random games from the benchmark's crowded direct-mate
//! problems (寿, 煙詰; benches/conditions.sh), the attacker checking at every move and
//! the defender answering, so that nearly every position compared has its side to move
//! in check, with a large hand to interpose from: the evasion and check generation the
//! direct-mate search runs on, under the conditions whose fast paths serve it (issue 22).

use yosei_core::random::SplitMix64;
use yosei_rules::{Condition, RuleSet};
use yosei_tests::reference::Rules;
use yosei_tests::support::{assert_matches_reference, position_under};

const KOTOBUKI: &str = "g3p3+r/3lPG3/1s4ppp/1l1B4P/L2b1kPl1/3+p3+R+p/3+p2+s1S/+NP+p1gS3/1g+p2P3 b 4P3n 1";
const KEMURI: &str = "k1+P4n1/2L+P2sL1/r4+P+P1P/+BpP+Pl1+Rg1/NP1S+PP+p1g/2L+p1g+P1+P/Ps1G1+P1N1/1sN1P4/B8 b - 1";

/// Compares `games` random check-and-answer games of up to `plies` plies from each
/// problem under `words`; returns how many positions were compared in check.
fn run(words: &str, games: usize, plies: usize, seed: u64) -> usize {
    let conds: Vec<Condition> = words.split('+').map(|w| w.parse().unwrap()).collect();
    let rules = RuleSet::compile(&conds).unwrap();
    let reference_rules = Rules::from_conditions(&conds, false);
    let mut rng = SplitMix64::new(seed);
    let mut in_check = 0;
    for sfen in [KOTOBUKI, KEMURI] {
        let Ok(start) = position_under(sfen, &conds) else {
            continue;
        };
        for _ in 0..games {
            let mut pos = start.clone();
            for ply in 0..plies {
                let compared = assert_matches_reference(&pos, &rules, &reference_rules, words);
                in_check += usize::from(compared.in_check);
                // the attacker checks (the problems' side to move), the defender answers
                let pool = if ply % 2 == 0 { compared.checks } else { compared.moves };
                if pool.is_empty() {
                    break;
                }
                let m = pool[(rng.next_u64() % pool.len() as u64) as usize];
                // the direct-mate search keys children without playing them
                let after = pos.play(m);
                assert_eq!(pos.key_after(m), after.key(), "{words}: {m:?}");
                assert_eq!(
                    pos.keys_after(pos.board_key(), m),
                    (after.board_key(), after.key()),
                    "{words}: {m:?}"
                );
                assert_eq!(pos.hand_after(m), *after.hand(pos.side_to_move()), "{words}: {m:?}");
                pos = after;
            }
        }
    }
    println!("{words}: {in_check} positions in check");
    in_check
}

#[test]
fn madrasi_along_direct_mate_lines_equals_the_reference() {
    for words in ["madrasi", "k-madrasi"] {
        assert!(run(words, 40, 24, 0x7D1) > 50, "{words}");
    }
}

#[test]
fn capture_conditions_along_direct_mate_lines_equal_the_reference() {
    for words in ["anticirce", "circe", "madrasi+anticirce"] {
        assert!(run(words, 40, 24, 0x7D2) > 50, "{words}");
    }
}

#[test]
fn tenjiku_and_andernach_along_direct_mate_lines_equal_the_reference() {
    for words in ["tenjiku", "andernach", "madrasi+tenjiku", "andernach+madrasi"] {
        assert!(run(words, 40, 24, 0x7D3) > 50, "{words}");
    }
}
