//! The general generator against the slow reference generator (tests/src/reference.rs)
//! under each capture condition (キルケ, アンチキルケ, PWC), each reading of the fairy
//! 打歩詰, Andernach and Anti-Andernach: identical legal move sets, the `/square` choices included, and identical check
//! verdicts, on random positions with fairy pieces (no Lions: the capture conditions
//! refuse them), random positions of ordinary pieces, and random games from the
//! starting position (where start squares are often occupied); and, for every legal
//! move, `play`, `key_after` and `hand_after` agree and the position packs and unpacks whole.

use yosei_core::random::SplitMix64;
use yosei_core::{Move, Setup};
use yosei_rules::{Condition, FairyHome, Position, RuleSet};
use yosei_tests::fairy_positions::{random_fairy_setup, FairyMix};
use yosei_tests::reference::{self, Capture, Turn, Uchifu};

use yosei_tests::support::{assert_packs, sorted};

/// The condition sets compared, with the reference's reading of each.
fn cases() -> Vec<(Vec<Condition>, reference::Rules)> {
    let r = |capture, uchifu| reference::Rules {
        capture,
        uchifu,
        ..reference::Rules::default()
    };
    vec![
        (vec![Condition::Circe], r(Some(Capture::Circe), None)),
        (vec![Condition::AntiCirce], r(Some(Capture::AntiCirce), None)),
        (vec![Condition::Pwc], r(Some(Capture::Pwc), None)),
        (vec![Condition::Uchifu], r(None, Some(Uchifu::Complete))),
        (vec![Condition::UchifuSimple], r(None, Some(Uchifu::Simple))),
        (
            vec![Condition::Circe, Condition::Uchifu],
            r(Some(Capture::Circe), Some(Uchifu::Complete)),
        ),
        (
            vec![Condition::AntiCirce, Condition::Uchifu],
            r(Some(Capture::AntiCirce), Some(Uchifu::Complete)),
        ),
        (
            vec![Condition::Andernach],
            reference::Rules {
                turn: Some(Turn::Andernach),
                ..reference::Rules::default()
            },
        ),
        (
            vec![Condition::AntiAndernach],
            reference::Rules {
                turn: Some(Turn::AntiAndernach),
                ..reference::Rules::default()
            },
        ),
        // fm's fairy homes: a fairy piece reborn / returning on its second rank
        (
            vec![Condition::Circe],
            reference::Rules {
                fairy_home: FairyHome::SecondRank,
                ..r(Some(Capture::Circe), None)
            },
        ),
        (
            vec![Condition::AntiCirce],
            reference::Rules {
                fairy_home: FairyHome::SecondRank,
                ..r(Some(Capture::AntiCirce), None)
            },
        ),
    ]
}

#[derive(Default, Debug)]
struct Tally {
    positions: usize,
    moves: usize,
    in_check: usize,
    displaced: usize,
    two_choices: usize,
    /// Positions whose legal moves differ from those under ordinary rules.
    changed: usize,
}

/// Compares one position with the reference and checks the key and packing of every
/// legal move; returns the legal moves.
fn compare(pos: &Position, rules: &RuleSet, reference_rules: &reference::Rules, tally: &mut Tally) -> Vec<Move> {
    let setup = pos.to_setup();
    let fast = sorted(pos.legal_moves(rules).as_slice().to_vec());
    let slow = sorted(reference::legal_moves_under(&setup, reference_rules));
    if fast != slow {
        let missing: Vec<_> = slow.iter().filter(|m| !fast.contains(m)).collect();
        let extra: Vec<_> = fast.iter().filter(|m| !slow.contains(m)).collect();
        panic!(
            "{:?}: {}\nmissing {missing:?}\nextra {extra:?}",
            rules.conditions(),
            yosei_io::sfen::write_sfen(&setup)
        );
    }
    let check = pos.in_check(rules);
    assert_eq!(
        check,
        reference::in_check(&setup),
        "{}",
        yosei_io::sfen::write_sfen(&setup)
    );
    // checks generated as such (the general generator's own path) equal the legal moves
    // after which the opponent is in check
    let checks = sorted(pos.legal_checks(rules).as_slice().to_vec());
    let giving_check: Vec<Move> = fast.iter().copied().filter(|&m| pos.play(m).in_check(rules)).collect();
    assert_eq!(checks, giving_check, "{}", yosei_io::sfen::write_sfen(&setup));
    // the mate and stalemate tests' own generation (it stops at the first move)
    assert_eq!(
        pos.has_legal_move(rules),
        reference::has_legal_move_under(&setup, reference_rules),
        "has a legal move? {}",
        yosei_io::sfen::write_sfen(&setup)
    );
    for &m in &fast {
        let after = pos.play(m);
        assert_eq!(after.key(), after.compute_key(), "{m:?}");
        assert_eq!(after.board_key(), after.compute_board_key(), "{m:?}");
        assert_eq!(pos.key_after(m), after.key(), "{m:?}");
        assert_eq!(
            pos.keys_after(pos.board_key(), m),
            (after.board_key(), after.key()),
            "{m:?}"
        );
        assert_eq!(pos.hand_after(m), *after.hand(pos.side_to_move()), "{m:?}");
        assert_eq!(pos.hand(!pos.side_to_move()), after.hand(!pos.side_to_move()), "{m:?}");
        assert_packs(&after);
        assert_eq!(after.to_setup(), reference::play(&setup, m), "{m:?}");
    }
    let ordinary = RuleSet::ordinary();
    let plain: Vec<Move> = fast.iter().map(|m| m.without_extra()).collect();
    tally.changed += usize::from(sorted(plain) != sorted(pos.legal_moves(&ordinary).as_slice().to_vec()));
    tally.positions += 1;
    tally.moves += fast.len();
    tally.in_check += check as usize;
    tally.displaced += fast.iter().filter(|m| m.extra().is_some()).count();
    tally.two_choices += fast
        .iter()
        .filter(|m| m.extra().is_some() && fast.iter().filter(|n| n.without_extra() == m.without_extra()).count() == 2)
        .count();
    fast
}

/// A few plies of a random game from `setup`, comparing every position.
fn game(
    setup: &Setup,
    plies: usize,
    rules: &RuleSet,
    reference_rules: &reference::Rules,
    rng: &mut SplitMix64,
    tally: &mut Tally,
) {
    let Ok(mut pos) = Position::from_setup(setup, rules) else {
        panic!("refused: {}", yosei_io::sfen::write_sfen(setup));
    };
    for _ in 0..plies {
        let legal = compare(&pos, rules, reference_rules, tally);
        if legal.is_empty() {
            break;
        }
        // prefer captures, the moves these conditions change
        let captures: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|m| m.from().is_some() && pos.piece_at(m.to()).is_some())
            .collect();
        let pool = if !captures.is_empty() && rng.chance(60) {
            &captures
        } else {
            &legal
        };
        pos.play_in_place(pool[rng.below(pool.len())]);
    }
}

fn run(seed: u64, mix: FairyMix, rounds: usize, plies: usize) -> Tally {
    let mut tally = Tally::default();
    let mut rng = SplitMix64::new(seed);
    for (conditions, reference_rules) in cases() {
        let mut rules = RuleSet::compile(&conditions).unwrap();
        rules.fairy_home = reference_rules.fairy_home;
        for _ in 0..rounds {
            let setup = random_fairy_setup(&mut rng, &mix);
            game(&setup, plies, &rules, &reference_rules, &mut rng, &mut tally);
        }
    }
    println!("{tally:?}");
    tally
}

#[test]
fn fairy_positions_equal_the_reference_under_each_condition() {
    let mix = FairyMix {
        no_lions: true,
        ..FairyMix::default()
    };
    let tally = run(0xC12CE, mix, 300, 4);
    // (19,889 displaced since the Locust joined the kinds drawn from: a new draw)
    assert!(
        tally.positions > 7000 && tally.displaced > 19_000 && tally.in_check > 800,
        "{tally:?}"
    );
}

#[test]
fn ordinary_positions_equal_the_reference_under_each_condition() {
    let mix = FairyMix {
        no_lions: true,
        fairy_percent: 0,
        ..FairyMix::default()
    };
    let tally = run(0xA471, mix, 300, 4);
    assert!(
        tally.positions > 7000 && tally.displaced > 15_000 && tally.two_choices > 500,
        "{tally:?}"
    );
}

/// Only line-bound fairy kinds on the board (leaps, rides along the eight lines): under
/// the capture conditions king safety and checks are then told without playing
/// (`local_safety.rs`, `plain_attacked`), reborn and restored fairy pieces among them.
#[test]
fn line_bound_fairy_positions_equal_the_reference_under_each_condition() {
    let mix = FairyMix {
        kinds: yosei_tests::support::line_bound_fairy_kinds(),
        lions_often: false,
        ..FairyMix::default()
    };
    let tally = run(0x11_4EB1, mix, 150, 4);
    assert!(
        tally.positions > 3500 && tally.displaced > 8000 && tally.in_check > 400,
        "{tally:?}"
    );
}

/// Few pieces and many checks: mates are common, so 打歩詰 changes the legal moves.
#[test]
fn sparse_positions_equal_the_reference_under_each_condition() {
    let mix = FairyMix {
        no_lions: true,
        fairy_percent: 15,
        min_pieces: 4,
        max_pieces: 10,
        check_percent: 60,
        hand_percent: 80,
        ..FairyMix::default()
    };
    let tally = run(0x5BA25E, mix, 400, 6);
    assert!(tally.positions > 10_000 && tally.changed > 400, "{tally:?}");
}

#[test]
fn games_from_the_start_equal_the_reference_under_each_condition() {
    let mut tally = Tally::default();
    let mut rng = SplitMix64::new(0x57A27);
    let start = Position::startpos().to_setup();
    for (conditions, reference_rules) in cases() {
        let rules = RuleSet::compile(&conditions).unwrap();
        for _ in 0..20 {
            game(&start, 40, &rules, &reference_rules, &mut rng, &mut tally);
        }
    }
    println!("{tally:?}");
    assert!(tally.positions > 4000 && tally.displaced > 1000, "{tally:?}");
}

/// The capture conditions under the reading of drop-pawn mate that judges every pawn
/// drop (uchifuzume = any): the ordinary generator then gives no pawn drop, the general
/// one judges each (`Compiled::quiet_moves_ordinary`). Ordinary pieces only, few of them,
/// pawns in hand often: mates by a pawn drop, check or not, are common.
#[test]
fn capture_conditions_under_the_any_reading_equal_the_reference() {
    let mix = FairyMix {
        no_lions: true,
        fairy_percent: 0,
        min_pieces: 4,
        max_pieces: 10,
        check_percent: 40,
        hand_percent: 80,
        ..FairyMix::default()
    };
    let mut tally = Tally::default();
    let mut rng = SplitMix64::new(0xA2_7D20);
    for capture in [Capture::Circe, Capture::AntiCirce, Capture::Pwc] {
        let condition = match capture {
            Capture::Circe => Condition::Circe,
            Capture::AntiCirce => Condition::AntiCirce,
            Capture::Pwc => Condition::Pwc,
        };
        let mut rules = RuleSet::compile(&[condition]).unwrap();
        rules.uchifuzume = yosei_rules::UchifuzumeReading::Any;
        let reference_rules = reference::Rules {
            any_reading: true,
            capture: Some(capture),
            ..reference::Rules::default()
        };
        for _ in 0..300 {
            let setup = random_fairy_setup(&mut rng, &mix);
            game(&setup, 6, &rules, &reference_rules, &mut rng, &mut tally);
        }
    }
    println!("{tally:?}");
    assert!(tally.positions > 3000 && tally.changed > 100, "{tally:?}");
}
