//! The general generator under the power-changing conditions, Madrasi, 利き二歩無効,
//! 自己王手王取無効 and their combinations with the capture conditions against the slow reference generator (tests/src/reference.rs, written from rules.md
//! §5 with plain loops): identical legal move sets, check verdicts and setup verdicts
//! (the side not to move in check), on random positions with fairy pieces and on
//! random positions with ordinary pieces only, and along short random games from them.

use yosei_core::random::SplitMix64;
use yosei_core::{Move, Setup, Square};
use yosei_rules::{Condition, Position, RuleSet};
use yosei_tests::fairy_positions::{random_fairy_setup, FairyMix};
use yosei_tests::reference::{self, Rules};

use yosei_tests::support::{assert_matches_reference, setup_as_reference_judges, sorted, Compared};

fn conditions(words: &str) -> Vec<Condition> {
    words.split('+').map(|w| w.parse().unwrap()).collect()
}

/// A random ordinary position: the fairy generator with no fairy piece on the board and
/// ordinary hands only (but a fairy checker, not a Lion when `no_lions`).
fn ordinary_setup(rng: &mut SplitMix64, no_lions: bool) -> Setup {
    let mix = FairyMix {
        no_lions,
        fairy_percent: 0,
        // checks: the 安南 family's in-check shortcut (rules crate, local_safety) runs on
        // ordinary boards only
        check_percent: 40,
        hand_percent: 0,
        ..FairyMix::default()
    };
    let setup = random_fairy_setup(rng, &mix);
    let mut with_hands = setup.clone();
    for color in yosei_core::Color::ALL {
        for kind in yosei_core::PieceKind::ORDINARY_HAND_KINDS {
            if rng.next_u64().is_multiple_of(3) {
                with_hands.hand_mut(color).add(kind);
            }
        }
    }
    // more pieces than the standard set: keep the empty hands
    if Position::from_setup(&with_hands, &RuleSet::ordinary()).is_ok() {
        with_hands
    } else {
        setup
    }
}

#[derive(Default, Debug)]
struct Tally {
    positions: usize,
    moves: usize,
    in_check: usize,
    checks: usize,
    refused: usize,
    /// Legal moves whose capture puts a piece elsewhere (a capture condition's effect).
    displaced: usize,
    /// Positions whose legal moves differ from those under the same conditions without
    /// skci (counted only when skci is among them).
    skci_changed: usize,
    /// Positions where some piece has a power other than its own kind's (the reference's
    /// reading of the power condition).
    borrowed: usize,
}

/// Compares `setup` and a short random game from it under `words`.
fn compare_game(setup: &Setup, words: &str, rng: &mut SplitMix64, tally: &mut Tally) {
    let conds = conditions(words);
    let any = rng.next_u64().is_multiple_of(4);
    let mut rules = RuleSet::compile(&conds).unwrap();
    if any {
        rules.uchifuzume = yosei_rules::UchifuzumeReading::Any;
    }
    let reference_rules = Rules::from_conditions(&conds, any);
    let without_skci = {
        let others: Vec<Condition> = conds
            .iter()
            .copied()
            .filter(|&c| c != Condition::SelfCheckCaptureInvalid)
            .collect();
        let mut r = RuleSet::compile(&others).unwrap();
        r.uchifuzume = rules.uchifuzume;
        (others.len() < conds.len()).then_some(r)
    };
    let refused_by_reference = reference::refuses_pieces(setup, &reference_rules)
        || reference::can_capture_king_with(setup, setup.side_to_move, &reference_rules)
        || (reference_rules.skci && reference::king_in_enemy_king_reach(setup, !setup.side_to_move, &reference_rules));
    let Some(mut pos) = setup_as_reference_judges(setup, &rules, refused_by_reference, words) else {
        tally.refused += 1;
        return;
    };
    for _ in 0..4 {
        let Compared {
            moves: fast,
            in_check: check,
            checks,
        } = assert_matches_reference(&pos, &rules, &reference_rules, &format!("{words} (any={any})"));
        if let Some(plain) = &without_skci {
            tally.skci_changed += usize::from(sorted(pos.legal_moves(plain).as_slice().to_vec()) != fast);
        }
        let setup_now = pos.to_setup();
        let powers = reference::powers(&setup_now, &reference_rules);
        tally.borrowed += usize::from(Square::all().any(|sq| {
            setup_now
                .piece_at(sq)
                .is_some_and(|p| powers[sq.index()] != [p.kind] && p.kind != yosei_core::PieceKind::Stone)
        }));
        tally.checks += checks.len();
        tally.positions += 1;
        tally.moves += fast.len();
        tally.displaced += fast.iter().filter(|m| m.displacement().is_some()).count();
        tally.in_check += check as usize;
        if fast.is_empty() {
            break;
        }
        // under a capture condition prefer captures, the moves it changes
        let captures: Vec<Move> = fast
            .iter()
            .copied()
            .filter(|m| reference_rules.capture.is_some() && m.from().is_some() && pos.piece_at(m.to()).is_some())
            .collect();
        let pool = if !captures.is_empty() && rng.chance(60) {
            &captures
        } else {
            &fast
        };
        let m = pool[(rng.next_u64() % pool.len() as u64) as usize];
        pos.play_in_place(m);
    }
}

fn run(words_list: &[&str], rounds: usize, seed: u64) -> Vec<Tally> {
    run_with(&FairyMix::default(), words_list, rounds, seed)
}

fn run_with(mix: &FairyMix, words_list: &[&str], rounds: usize, seed: u64) -> Vec<Tally> {
    let mut tallies = Vec::new();
    for &words in words_list {
        let mut rng = SplitMix64::new(seed ^ (words.len() as u64 * 0x9E37));
        let mut tally = Tally::default();
        for round in 0..rounds {
            let setup = if round % 2 == 0 {
                random_fairy_setup(&mut rng, mix)
            } else {
                ordinary_setup(&mut rng, mix.no_lions)
            };
            compare_game(&setup, words, &mut rng, &mut tally);
        }
        println!("{words}: {tally:?}");
        assert!(
            tally.positions > rounds && tally.in_check > rounds / 20,
            "{words}: {tally:?}"
        );
        tallies.push(tally);
    }
    tallies
}

#[test]
fn annan_family_equals_the_reference() {
    let _ = run(&["annan", "anhoku", "taimen", "haimen"], 400, 0xA11A);
}

/// ネコ鮮 and ネコネコ鮮 (docs/rules/nekosen.md) alone and with what fm combines them
/// with: 利き二歩無効, Madrasi, the fairy 打歩詰 and skci; the capture conditions are in
/// `capture_conditions_with_powers_and_madrasi_equal_the_reference`. Every fairy kind
/// is drawn, the Locust included (a piece lent its power hops and may promote).
#[test]
fn neko_sen_equals_the_reference() {
    let tallies = run(
        &[
            "nekosen",
            "nekonekosen",
            "nekosen+kiki-nifu-invalid",
            "nekonekosen+kiki-nifu-invalid",
            "madrasi+nekosen",
            "k-madrasi+nekonekosen",
            "nekosen+uchifu",
            "nekonekosen+uchifu-simple",
            "skci+nekosen",
            "skci+nekonekosen",
        ],
        150,
        0x4E4B,
    );
    // lines must form, or the comparison proves nothing
    for tally in &tallies {
        assert!(tally.borrowed > tally.positions / 4, "{tally:?}");
    }
}

#[test]
fn kiki_nifu_invalid_equals_the_reference() {
    let _ = run(
        &[
            "annan+kiki-nifu-invalid",
            "anhoku+kiki-nifu-invalid",
            "taimen+kiki-nifu-invalid",
            "haimen+kiki-nifu-invalid",
        ],
        150,
        0x2F0,
    );
}

#[test]
fn tenjiku_and_komazume_equal_the_reference() {
    let _ = run(
        &["tenjiku", "komazume:chess-knight", "komazume:R", "komazume:I"],
        250,
        0x7E4,
    );
}

/// 天竺 where the kings stand within a piece's reach of each other (a line or a knight's
/// leap apart), so that a king's borrowed power decides the other king's safety and
/// checks: the shortcut that tells both kings' attackers without playing
/// (`tenjiku::king_attacked_after`) against the reference.
#[test]
fn tenjiku_with_the_kings_near_each_other_equals_the_reference() {
    use yosei_core::{Color, PieceKind};
    let mut rng = SplitMix64::new(0x7E4_4EA4);
    let mut tally = Tally::default();
    let offsets = [
        (0, 2),
        (2, 0),
        (2, 2),
        (-2, 2),
        (1, 2),
        (-1, 2),
        (0, 3),
        (3, 3),
        (1, 1),
        (0, -2),
        (2, -2),
    ];
    for round in 0..600 {
        let mut setup = if round % 2 == 0 {
            random_fairy_setup(&mut rng, &FairyMix::default())
        } else {
            ordinary_setup(&mut rng, false)
        };
        let kings: Vec<Square> = Square::all()
            .filter(|&sq| setup.piece_at(sq).is_some_and(|p| p.kind == PieceKind::King))
            .collect();
        let (Some(&black), Some(&white)) = (
            kings
                .iter()
                .find(|&&sq| setup.piece_at(sq).is_some_and(|p| p.color == Color::Black)),
            kings
                .iter()
                .find(|&&sq| setup.piece_at(sq).is_some_and(|p| p.color == Color::White)),
        ) else {
            continue;
        };
        let (df, dr) = offsets[(rng.next_u64() % offsets.len() as u64) as usize];
        let Some(near) = black.offset(df, dr).filter(|&sq| setup.piece_at(sq).is_none()) else {
            continue;
        };
        let king = setup.piece_at(white);
        setup.put(white, None);
        setup.put(near, king);
        compare_game(&setup, "tenjiku", &mut rng, &mut tally);
    }
    println!("{tally:?}");
    assert!(tally.positions > 300 && tally.borrowed > 30, "{tally:?}");
}

#[test]
fn madrasi_equals_the_reference() {
    let _ = run(&["madrasi", "k-madrasi"], 250, 0x3AD);
}

#[test]
fn madrasi_with_each_power_rule_equals_the_reference() {
    let _ = run(
        &[
            "madrasi+annan",
            "madrasi+anhoku",
            "madrasi+taimen",
            "madrasi+haimen",
            "madrasi+tenjiku",
            "madrasi+komazume:chess-knight",
            "k-madrasi+annan",
            "k-madrasi+tenjiku",
            "k-madrasi+haimen+kiki-nifu-invalid",
        ],
        120,
        0x3AD2,
    );
}

/// The fairy 打歩詰 (完全打歩 and 単純打歩, module `capture`) with the power conditions.
#[test]
fn uchifu_with_power_rules_equals_the_reference() {
    let _ = run(
        &[
            "annan+uchifu",
            "taimen+uchifu-simple",
            "tenjiku+uchifu",
            "madrasi+uchifu",
            "anhoku+kiki-nifu-invalid+uchifu",
        ],
        100,
        0x0C1F,
    );
}

/// 自己王手王取無効 alone and with each power condition, Madrasi (nonK), 利き二歩無効 and
/// the fairy 打歩詰: the king-capture validity of seed 000 and the adjacency ban.
#[test]
fn skci_equals_the_reference() {
    // few pieces, both kings, many checks: captures of a king that uncover a line to
    // the capturer's own king are common
    let mix = FairyMix {
        min_pieces: 6,
        max_pieces: 14,
        check_percent: 60,
        no_black_king_percent: 0,
        ..FairyMix::default()
    };
    let tallies = run_with(
        &mix,
        &[
            "skci",
            "skci+annan",
            "skci+anhoku",
            "skci+taimen",
            "skci+haimen",
            "skci+tenjiku",
            "skci+komazume:chess-knight",
            "skci+madrasi",
            "skci+annan+kiki-nifu-invalid",
            "skci+uchifu",
        ],
        400,
        0x5C1,
    );
    // the condition must change the moves somewhere, or the comparison proves nothing
    for tally in &tallies {
        assert!(tally.skci_changed > 0, "{tally:?}");
    }
}

/// Every capture condition with each power condition and each Madrasi (rules.md §5:
/// the capture effect follows the pieces' own kinds, check and paralysis are judged
/// after it), and a few triples with both and with 打歩詰.
#[test]
fn capture_conditions_with_powers_and_madrasi_equal_the_reference() {
    // Lions are refused under the capture conditions
    let mix = FairyMix {
        no_lions: true,
        ..FairyMix::default()
    };
    let mut sets = Vec::new();
    for capture in ["circe", "anticirce", "pwc"] {
        for other in [
            "annan",
            "anhoku",
            "taimen",
            "haimen",
            "nekosen",
            "nekonekosen",
            "tenjiku",
            "madrasi",
            "k-madrasi",
        ] {
            sets.push(format!("{other}+{capture}"));
        }
    }
    sets.extend(
        [
            "annan+madrasi+circe",
            "taimen+k-madrasi+anticirce",
            "tenjiku+madrasi+pwc",
            "haimen+circe+uchifu",
            "annan+kiki-nifu-invalid+anticirce",
            "anhoku+madrasi+pwc+uchifu-simple",
        ]
        .map(String::from),
    );
    let words: Vec<&str> = sets.iter().map(String::as_str).collect();
    for tally in run_with(&mix, &words, 60, 0xC0B0) {
        assert!(tally.displaced > 200, "{tally:?}");
    }
}

/// Andernach and Anti-Andernach where the general generator tells king safety and
/// checks from what a move changes (local_safety: a turned piece is an enemy of its old
/// king on a touched square): the sets below lack Anti-Andernach with Madrasi and with
/// 背面 and 安北, and Andernach with Ｋマドラシ.
#[test]
fn andernach_told_without_playing_equals_the_reference() {
    let _ = run(
        &[
            "anti-andernach+madrasi",
            "anti-andernach+annan+madrasi",
            "anti-andernach+haimen",
            "anti-andernach+anhoku",
            "andernach+k-madrasi",
        ],
        150,
        0xAD4,
    );
}

/// Andernach and Anti-Andernach with the power rules (the ネコ鮮 pair among them),
/// 利き二歩無効, Madrasi, 打歩詰, 打歩可, skci and the move bans they were compared with
/// (docs/rules/andernach.md): the turned piece's power and paralysis are read on the
/// board after the turn, as the reference builds it; under 利き二歩無効 a pawn the king
/// capture would turn is no second pawn.
#[test]
fn andernach_with_powers_madrasi_and_uchifu_equals_the_reference() {
    let _ = run(
        &[
            "andernach+annan",
            "anti-andernach+annan",
            "andernach+anhoku",
            "anti-andernach+taimen",
            "andernach+taimen",
            "andernach+haimen",
            "anti-andernach+tenjiku",
            "andernach+madrasi",
            "anti-andernach+k-madrasi",
            "andernach+annan+madrasi",
            "andernach+uchifu",
            "anti-andernach+annan+uchifu",
            "andernach+skci",
            "anti-andernach+skci",
            "andernach+annan+skci",
            "andernach+no-promotion",
            "anti-andernach+no-promotion-absolute",
            "andernach+attacker-no-capture",
            "andernach+uchifu-allowed",
            "anti-andernach+taimen+uchifu-allowed",
            "andernach+annan+kiki-nifu-invalid",
            "anti-andernach+annan+kiki-nifu-invalid",
            "andernach+anhoku+kiki-nifu-invalid",
            "andernach+taimen+kiki-nifu-invalid",
            "anti-andernach+haimen+kiki-nifu-invalid",
            "andernach+nekosen",
            "anti-andernach+nekosen",
            "andernach+nekonekosen",
            "anti-andernach+nekonekosen",
            "andernach+nekonekosen+kiki-nifu-invalid",
            "anti-andernach+nekosen+kiki-nifu-invalid",
            "andernach+greedy",
            "anti-andernach+greedy",
            "andernach+ascetic",
            "anti-andernach+annan+ascetic",
            "andernach+no-capture",
            "anti-andernach+no-capture",
            "andernach+taimen+greedy",
        ],
        150,
        0xAD3,
    );
}
