//! The general generator against the slow reference generator (tests/src/reference.rs)
//! on random positions with every fairy piece, in both colours, on the board and in
//! hand: identical legal move sets and identical check verdicts, under both drop-pawn
//! mate readings and both readings of the Lion's pass; and along short random games from those positions, the incremental
//! key, `key_after`, `keys_after`, the packed child and `legal_checks` agree with playing the move.

use yosei_core::random::SplitMix64;
use yosei_core::Move;
use yosei_rules::{LionPass, Position, RuleSet, UchifuzumeReading};
use yosei_tests::fairy_positions::{random_fairy_setup, FairyMix};
use yosei_tests::reference;

use yosei_tests::support::{assert_packs, line_bound_fairy_kinds, sorted};

fn rules(reading: UchifuzumeReading) -> RuleSet {
    let mut rules = RuleSet::ordinary();
    rules.uchifuzume = reading;
    rules
}

/// Compares one position with the reference; returns its legal moves.
fn compare(pos: &Position, rules: &RuleSet) -> Vec<Move> {
    let setup = pos.to_setup();
    let any = rules.uchifuzume == UchifuzumeReading::Any;
    let fast = sorted(pos.legal_moves(rules).as_slice().to_vec());
    let reference_rules = reference::Rules {
        lion_pass: rules.lion_pass,
        ..reference::Rules::ordinary(any)
    };
    let slow = sorted(reference::legal_moves_under(&setup, &reference_rules));
    if fast != slow {
        let missing: Vec<_> = slow.iter().filter(|m| !fast.contains(m)).collect();
        let extra: Vec<_> = fast.iter().filter(|m| !slow.contains(m)).collect();
        panic!(
            "{}\nmissing {missing:?}\nextra {extra:?}",
            yosei_io::sfen::write_sfen(&setup)
        );
    }
    assert_eq!(
        pos.in_check(rules),
        reference::in_check(&setup),
        "{}",
        yosei_io::sfen::write_sfen(&setup)
    );
    fast
}

#[test]
fn legal_moves_and_checks_equal_the_reference() {
    let mut rng = SplitMix64::new(0xFA1_2E5);
    let mix = FairyMix::default();
    let mut positions = 0;
    let mut moves = 0;
    let mut in_check = 0;
    let mut lion_two_steps = 0;
    let mut hop_captures = 0;
    let mut line_steps = 0;
    let mut surrounded_passes = 0;
    // positions in which each fairy kind stands on the board, to show every one is covered
    let mut seen = [0usize; yosei_core::PieceKind::COUNT];
    for round in 0..3000 {
        let setup = random_fairy_setup(&mut rng, &mix);
        let reading = if round % 4 == 3 {
            UchifuzumeReading::Any
        } else {
            UchifuzumeReading::CheckOnly
        };
        let mut rules = rules(reading);
        if round % 3 == 1 {
            rules.lion_pass = LionPass::Any;
        }
        let Ok(mut pos) = Position::from_setup(&setup, &rules) else {
            panic!(
                "the generator's position is refused: {}",
                yosei_io::sfen::write_sfen(&setup)
            );
        };
        // A few plies of a random game from each position, comparing every position.
        for _ in 0..4 {
            let legal = compare(&pos, &rules);
            positions += 1;
            for kind in yosei_tests::reference::FAIRY_KINDS {
                if pos.pieces_of_kind(kind).is_nonempty() {
                    seen[kind.index()] += 1;
                }
            }
            moves += legal.len();
            in_check += pos.in_check(&rules) as usize;
            let (hops, lions): (Vec<&Move>, Vec<&Move>) = legal.iter().filter(|m| m.via().is_some()).partition(|m| {
                m.from()
                    .and_then(|from| pos.piece_at(from))
                    .is_some_and(|p| p.kind == yosei_core::PieceKind::Locust)
            });
            use yosei_core::PieceKind::{HornedFalcon, Lion, PromotedKirin, SoaringEagle};
            // the two-steps of `kinds`, through their own square (`pass`) or not
            let count = |kinds: [yosei_core::PieceKind; 2], pass: bool| {
                lions
                    .iter()
                    .filter(|m| (m.via() == m.from()) == pass)
                    .filter(|m| {
                        m.from()
                            .and_then(|from| pos.piece_at(from))
                            .is_some_and(|p| kinds.contains(&p.kind))
                    })
                    .count()
            };
            // the double steps along a line of 飛鷲 and 角鷹 (their passes aside)
            line_steps += count([SoaringEagle, HornedFalcon], false);
            // the Lion's passes with no empty neighbour (LionPass::Any)
            surrounded_passes += count([Lion, PromotedKirin], true);
            lion_two_steps += lions.len();
            hop_captures += hops.len();
            if legal.is_empty() {
                break;
            }
            let m = legal[(rng.next_u64() % legal.len() as u64) as usize];
            pos.play_in_place(m);
        }
    }
    println!(
        "{positions} positions, {moves} moves, {in_check} in check, {lion_two_steps} two-steps \
         ({line_steps} double steps along a line, {surrounded_passes} passes of a surrounded Lion), \
         {hop_captures} Locust hop captures"
    );
    assert!(positions > 10_000 && in_check > 1000 && lion_two_steps > 1000 && hop_captures > 100);
    assert!(line_steps > 50, "{line_steps} double steps along a line");
    assert!(surrounded_passes > 0, "no surrounded Lion passed");
    for kind in yosei_tests::reference::FAIRY_KINDS {
        println!("{kind:?} on the board in {} positions", seen[kind.index()]);
        assert!(seen[kind.index()] > 300, "{kind:?} too rarely on the board");
    }
}

/// Without a condition, king safety, the checks a move gives and the mate test's king
/// steps are told without playing (`local_safety.rs`, `plain_attacked`,
/// `plain_gives_check`): the legal moves and check verdicts against the reference, the
/// checks generated as such against playing each legal move, and whether any legal move
/// exists, along short random games — with only line-bound fairy kinds (leaps, rides
/// along the eight lines), then with every kind (Lions and Grasshoppers most often).
#[test]
fn told_checks_and_safety_equal_the_reference_and_playing() {
    let line_bound = FairyMix {
        kinds: line_bound_fairy_kinds(),
        lions_often: false,
        ..FairyMix::default()
    };
    told_checks_and_safety(0x11_4EB0, &line_bound);
    told_checks_and_safety(0x11_4EB2, &FairyMix::default());
}

fn told_checks_and_safety(seed: u64, mix: &FairyMix) {
    let mut rng = SplitMix64::new(seed);
    let (mut positions, mut in_check, mut checks, mut fairy_checks) = (0, 0, 0, 0);
    for round in 0..1200 {
        let setup = random_fairy_setup(&mut rng, mix);
        let reading = if round % 4 == 3 {
            UchifuzumeReading::Any
        } else {
            UchifuzumeReading::CheckOnly
        };
        let rules = rules(reading);
        let mut pos = Position::from_setup(&setup, &rules).unwrap();
        for _ in 0..4 {
            let sfen = yosei_io::sfen::write_sfen(&pos.to_setup());
            let legal = compare(&pos, &rules);
            let giving: Vec<Move> = legal
                .iter()
                .copied()
                .filter(|&m| pos.play(m).in_check(&rules))
                .collect();
            assert_eq!(sorted(pos.legal_checks(&rules).as_slice().to_vec()), giving, "{sfen}");
            assert_eq!(pos.has_legal_move(&rules), !legal.is_empty(), "{sfen}");
            positions += 1;
            in_check += usize::from(pos.in_check(&rules));
            checks += giving.len();
            fairy_checks += giving
                .iter()
                .filter(|m| {
                    m.drop_kind().is_some_and(|k| !k.is_ordinary())
                        || m.from()
                            .and_then(|from| pos.piece_at(from))
                            .is_some_and(|p| !p.kind.is_ordinary())
                })
                .count();
            if legal.is_empty() {
                break;
            }
            pos.play_in_place(legal[rng.below(legal.len())]);
        }
    }
    println!("{positions} positions, {in_check} in check, {checks} checks, {fairy_checks} by fairy pieces");
    assert!(
        positions > 4000 && in_check > 400 && fairy_checks > 1000,
        "{positions} {in_check} {fairy_checks}"
    );
}

#[test]
fn keys_packing_and_check_generation_agree_with_playing_the_move() {
    let mut rng = SplitMix64::new(0x1_0E5);
    let mix = FairyMix::default();
    let rules = RuleSet::ordinary();
    for _ in 0..400 {
        let setup = random_fairy_setup(&mut rng, &mix);
        let pos = Position::from_setup(&setup, &rules).unwrap();
        assert!(pos.has_fairy_pieces() || setup.hands.iter().all(|h| h.is_empty()));
        let mut checks = Vec::new();
        for &m in pos.legal_moves(&rules).iter() {
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
            assert_packs(&after);
            if after.in_check(&rules) {
                checks.push(m);
            }
        }
        assert_eq!(sorted(pos.legal_checks(&rules).as_slice().to_vec()), sorted(checks));
    }
}

/// The stored counts of tests/data/perft_fairy.tsv (from the reference), every row.
#[test]
fn golden_fairy_perft() {
    let rules = RuleSet::ordinary();
    let mut rows = 0;
    for line in include_str!("../data/perft_fairy.tsv").lines() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let fields: Vec<&str> = line.split('\t').collect();
        let (name, sfen, depth, nodes) = (
            fields[0],
            fields[1],
            fields[2].parse().unwrap(),
            fields[3].parse::<u64>().unwrap(),
        );
        let setup = yosei_io::sfen::parse_sfen(sfen).unwrap().setup;
        let pos = Position::from_setup(&setup, &rules).unwrap();
        let counted: u64 = yosei_rules::perft::perft(&pos, &rules, depth);
        assert_eq!(counted, nodes, "{name} depth {depth}");
        rows += 1;
    }
    assert!(rows >= 42);
}
