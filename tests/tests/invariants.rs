//! Invariants over random games: the incremental key equals the recomputed one, the
//! position round-trips through `Setup`, and every generated move is legal by the
//! slow reference generator (and vice versa).

use yosei_io::sfen::parse_sfen;
use yosei_rules::{MoveList, Position, RuleSet, UchifuzumeReading};
use yosei_tests::random::Rng;
use yosei_tests::reference;
use yosei_tests::support::assert_packs;

fn roots() -> Vec<Position> {
    let rules = RuleSet::ordinary();
    let mut out = vec![Position::startpos()];
    for text in [
        include_str!("../data/tsume-start.sfen"),
        include_str!("../data/sampled-v1.sfen"),
    ] {
        for line in text.lines() {
            let body = line.split('#').next().unwrap().trim();
            if body.is_empty() {
                continue;
            }
            out.push(Position::from_setup(&parse_sfen(body).unwrap().setup, &rules).unwrap());
        }
    }
    out
}

/// Walks random games, calling `visit` on each position reached.
fn random_walk(seed: u64, games: usize, max_plies: usize, mut visit: impl FnMut(&Position)) {
    let rules = RuleSet::ordinary();
    let roots = roots();
    let mut rng = Rng::new(seed);
    for _ in 0..games {
        let mut pos = roots[rng.below(roots.len())].clone();
        for _ in 0..rng.below(max_plies) + 1 {
            visit(&pos);
            let moves = pos.legal_moves(&rules);
            if moves.is_empty() {
                break;
            }
            // Prefer checks a third of the time: evasions and drop-pawn mates.
            let checks: Vec<_> = moves.iter().copied().filter(|&m| pos.gives_check(m, &rules)).collect();
            let m = if !checks.is_empty() && rng.chance(33) {
                checks[rng.below(checks.len())]
            } else {
                moves.as_slice()[rng.below(moves.len())]
            };
            pos.play_in_place(m);
        }
    }
}

#[test]
fn incremental_key_equals_recomputed_key() {
    let mut n = 0;
    random_walk(1, 400, 150, |pos| {
        assert_eq!(pos.key(), pos.compute_key(), "{pos:?}");
        assert_eq!(pos.board_key(), pos.compute_board_key(), "{pos:?}");
        n += 1;
    });
    assert!(n > 10_000);
}

#[test]
fn fast_check_test_and_key_after_agree_with_playing_the_move() {
    let rules = RuleSet::ordinary();
    let mut checks = 0;
    random_walk(5, 300, 120, |pos| {
        let info = pos.check_info();
        for &m in pos.legal_moves(&rules).iter() {
            assert_eq!(pos.key_after(m), pos.play(m).key(), "{m:?} in {pos:?}");
            assert_eq!(
                pos.hand_after(m),
                *pos.play(m).hand(pos.side_to_move()),
                "{m:?} in {pos:?}"
            );
            assert_eq!(
                pos.keys_after(pos.board_key(), m),
                (pos.play(m).board_key(), pos.play(m).key()),
                "{m:?} in {pos:?}"
            );
            let expected = pos.gives_check(m, &rules);
            assert_eq!(pos.gives_check_fast(m, &info), expected, "{m:?} in {pos:?}");
            checks += expected as u32;
        }
        let mut generated: Vec<_> = pos.legal_checks(&rules).as_slice().to_vec();
        let mut filtered: Vec<_> = pos
            .legal_moves(&rules)
            .iter()
            .copied()
            .filter(|&m| pos.gives_check(m, &rules))
            .collect();
        generated.sort();
        filtered.sort();
        assert_eq!(generated, filtered, "{pos:?}");
        // Told that the side to move is not in check, the generator skips its king's
        // attackers and must find the same checks.
        if !pos.in_check(&rules) {
            let mut told = MoveList::new();
            let _ = pos.generate_checks_not_in_check(&rules, &mut told);
            let mut told = told.as_slice().to_vec();
            told.sort();
            assert_eq!(told, filtered, "{pos:?}");
        }
    });
    assert!(checks > 1000, "{checks}");
}

#[test]
fn position_round_trips_through_setup() {
    let rules = RuleSet::ordinary();
    random_walk(2, 100, 100, |pos| {
        let again = Position::from_setup(&pos.to_setup(), &rules).expect("a reached position is valid");
        assert!(again == *pos);
        assert_packs(pos);
    });
}

fn sorted(mut v: Vec<yosei_core::Move>) -> Vec<yosei_core::Move> {
    v.sort();
    v
}

#[test]
fn fast_generator_agrees_with_reference() {
    for (reading, seed) in [(UchifuzumeReading::CheckOnly, 3), (UchifuzumeReading::Any, 4)] {
        let mut rules = RuleSet::ordinary();
        rules.uchifuzume = reading;
        let any = reading == UchifuzumeReading::Any;
        let mut checked = 0;
        random_walk(seed, 120, 60, |pos| {
            let fast = sorted(pos.legal_moves(&rules).as_slice().to_vec());
            let slow = sorted(reference::legal_moves(&pos.to_setup(), any));
            assert_eq!(fast, slow, "{reading:?} {pos:?}");
            assert_eq!(pos.in_check(&rules), reference::in_check(&pos.to_setup()));
            checked += 1;
        });
        assert!(checked > 1000);
    }
}

/// Retraction misses nothing: every position is among the retractions of each of its
/// children (the backward rebuild of help play relies on it).
#[test]
fn every_parent_is_among_its_childrens_retractions() {
    let rules = RuleSet::ordinary();
    let (mut pairs, mut captures, mut promotions, mut drops) = (0, 0, 0, 0);
    random_walk(7, 40, 80, |pos| {
        // Every third move: retraction builds and validates many positions.
        for &m in pos.legal_moves(&rules).iter().step_by(3) {
            let child = pos.play(m);
            let found = child
                .retractions(&rules)
                .expect("ordinary pieces")
                .iter()
                .any(|p| p.key() == pos.key());
            assert!(found, "{} not retracted from {child:?}", m.to_usi());
            pairs += 1;
            captures += pos.piece_at(m.to()).is_some() as u32;
            promotions += m.is_promotion() as u32;
            drops += m.drop_kind().is_some() as u32;
        }
    });
    assert!(
        pairs > 50_000 && captures > 1000 && promotions > 1000 && drops > 10_000,
        "{pairs} {captures} {promotions} {drops}"
    );
}
