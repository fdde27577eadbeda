//! Isardam (types A and B) and Koko, alone and with the conditions they are accepted
//! with, against the slow reference generator (tests/src/reference.rs): identical legal
//! move sets, check verdicts, checks generated as such, and setup verdicts (a position
//! Isardam forbids, the side not to move in check), on random sparse positions (many
//! are refused under Isardam when crowded) and along short random games from them.

use yosei_core::random::SplitMix64;
use yosei_core::Setup;
use yosei_rules::{Condition, Position, RuleSet};
use yosei_tests::fairy_positions::{random_fairy_setup, FairyMix};
use yosei_tests::reference::{self, Rules};

use yosei_tests::support::{assert_matches_reference, setup_as_reference_judges, sorted, Compared};

fn conditions(words: &str) -> Vec<Condition> {
    words.split('+').map(|w| w.parse().unwrap()).collect()
}

#[derive(Default, Debug)]
struct Tally {
    positions: usize,
    moves: usize,
    in_check: usize,
    checks: usize,
    /// Setups both generators refuse (a same-kind attack, the side not to move in check).
    refused: usize,
    /// Setups yosei refuses for a fairy piece the condition is not defined for.
    unsupported: usize,
    /// Positions whose legal moves differ from those without the condition under test.
    changed: usize,
}

/// Compares `setup` and a short random game from it under `words`; `without` names the
/// same conditions less the one under test (`None`: ordinary rules).
fn compare_game(setup: &Setup, words: &str, without: &RuleSet, rng: &mut SplitMix64, tally: &mut Tally) {
    let conds = conditions(words);
    let rules = RuleSet::compile(&conds).unwrap();
    let reference_rules = Rules::from_conditions(&conds, false);
    let refused_by_reference = reference::can_capture_king_with(setup, setup.side_to_move, &reference_rules)
        || (reference_rules.isardam.is_some() && reference::isardam_forbids(setup, &reference_rules));
    if let Err(e) = Position::from_setup(setup, &rules) {
        let text = e.to_string();
        // (a fairy piece Isardam does not take; a stone under ネコネコ鮮, which fm cannot run)
        if text.contains("is not defined for here") || text.contains("is not defined with a stone") {
            tally.unsupported += 1;
            return;
        }
    }
    let Some(mut pos) = setup_as_reference_judges(setup, &rules, refused_by_reference, words) else {
        tally.refused += 1;
        return;
    };
    for _ in 0..5 {
        let Compared {
            moves: fast,
            in_check: check,
            checks,
        } = assert_matches_reference(&pos, &rules, &reference_rules, words);
        tally.changed += usize::from(sorted(pos.legal_moves(without).as_slice().to_vec()) != fast);
        tally.checks += checks.len();
        tally.positions += 1;
        tally.moves += fast.len();
        tally.in_check += check as usize;
        if fast.is_empty() {
            break;
        }
        let m = fast[(rng.next_u64() % fast.len() as u64) as usize];
        pos.play_in_place(m);
    }
}

/// `rounds` random setups per condition set (a quarter with fairy pieces, no Lions:
/// most fairy mixes hold a piece Isardam is not defined for).
fn run(words_list: &[&str], rounds: usize, seed: u64) -> Vec<Tally> {
    let mut tallies = Vec::new();
    for &words in words_list {
        let mut rng = SplitMix64::new(seed ^ (words.len() as u64 * 0x9E37));
        let conds = conditions(words);
        let under_test = [Condition::Isardam, Condition::IsardamB, Condition::Koko];
        let others: Vec<Condition> = conds.iter().copied().filter(|c| !under_test.contains(c)).collect();
        let without = RuleSet::compile(&others).unwrap();
        let mut tally = Tally::default();
        for round in 0..rounds {
            let mix = FairyMix {
                no_lions: true,
                fairy_percent: if round % 4 == 0 { 30 } else { 0 },
                min_pieces: 5,
                max_pieces: 14,
                check_percent: 50,
                hand_percent: 70,
                // fm's further pieces are mostly hoppers and lame leapers, which Isardam
                // refuses; its leapers and riders move as those of rules.md §1 do
                kinds: &yosei_tests::reference::RULES_MD_FAIRY_KINDS,
                ..FairyMix::default()
            };
            let setup = random_fairy_setup(&mut rng, &mix);
            compare_game(&setup, words, &without, &mut rng, &mut tally);
        }
        println!("{words}: {tally:?}");
        assert!(
            tally.positions > rounds && tally.in_check > rounds / 50 && tally.changed > rounds / 20,
            "{words}: {tally:?}"
        );
        tallies.push(tally);
    }
    tallies
}

#[test]
fn isardam_equals_the_reference() {
    let _ = run(&["isardam", "isardam-b"], 400, 0x15A);
}

#[test]
fn koko_equals_the_reference() {
    let _ = run(&["koko"], 400, 0xC0C0);
}

/// The conditions each is accepted with: キルケ, アンチキルケ (the trial king capture played
/// with the capturer's return), PWC (Isardam type B), 打歩詰, the move
/// bans and Andernach and Anti-Andernach, whose turning capturer fm's trial king
/// capture holds to its new owner's test only (docs/rules/andernach.md) and, under
/// Isardam type A, judges standing on the king's square for the king's side.
#[test]
fn isardam_and_koko_combined_equal_the_reference() {
    let _ = run(
        &[
            "isardam+circe",
            "isardam-b+pwc",
            "isardam-b+circe",
            "isardam+anticirce",
            "isardam-b+anticirce",
            "isardam+uchifu",
            "isardam+no-capture",
            "koko+circe",
            "koko+anticirce",
            "koko+anticirce+madrasi",
            "koko+annan+anticirce",
            "koko+uchifu",
            "koko+no-promotion",
            "koko+andernach",
            "koko+anti-andernach",
            "koko+andernach+greedy",
            "koko+anti-andernach+no-capture",
            "koko+andernach+uchifu",
            "isardam+andernach",
            "isardam+anti-andernach",
            "isardam-b+andernach",
            "isardam-b+anti-andernach",
            "isardam+andernach+no-promotion",
            "isardam-b+anti-andernach+uchifu",
        ],
        150,
        0x15C0,
    );
}

/// Koko with the power conditions (the ネコ鮮 pair too) and Madrasi: a king capture follows the capturer's
/// borrowed power and is paralysed as any capture is, and a move must still land next
/// to a piece (docs/rules/koko.md, "Combinations").
#[test]
fn koko_with_the_power_conditions_and_madrasi_equals_the_reference() {
    let _ = run(
        &[
            "koko+annan",
            "koko+anhoku",
            "koko+taimen",
            "koko+haimen",
            "koko+nekosen",
            "koko+nekonekosen",
            "koko+madrasi",
            "koko+k-madrasi",
            "koko+annan+madrasi",
            "koko+taimen+circe",
            "koko+haimen+andernach",
        ],
        150,
        0xC0C05,
    );
}
