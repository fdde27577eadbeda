//! What becomes of a captured fairy piece (docs/rules/fairy-declarations.md): held
//! (rules.md §1, the default) or discarded (取捨て, fm's piece declared without `H`),
//! and the spares fm's `#count` puts in the defender's hand. Micro-problems under help
//! play, direct mate and mate in N, the keys and the packed form after a discarded
//! capture, and the move tree against the reference generator with the rule restated.

use yosei_core::random::SplitMix64;
use yosei_core::{Color, Move, PieceKind, Setup};
use yosei_io::fm::read_fm;
use yosei_io::sfen::{parse_sfen, parse_usi_move};
use yosei_rules::{DiscardedKinds, Position, RuleSet, Stipulation};
use yosei_solve::mate_in::solve_mate_in;
use yosei_solve::tsume::{solve_tsume, Futile, TsumeOptions};
use yosei_solve::{HelpPlan, Limits, PriorGame, Verdict};
use yosei_tests::fairy_positions::{random_fairy_setup, FairyMix};
use yosei_tests::reference;
use yosei_tests::support::{assert_packs, solution_lines, solve_help_every_store};

/// A Black lance takes a White Wazir on 1c with check; White's only answer is the
/// silver's interposition on 1b; a Wazir dropped on 2a then mates (the gold on 3b
/// guards 2a and 2b). Nothing else mates in three plies.
const WAZIR_TAKEN_AND_DROPPED: &str = "8k/6G2/7s[wa]/9/8L/9/9/9/9 b - 1";

fn rules(fairy_capture: &str) -> RuleSet {
    RuleSet::ordinary().with_discarded_kinds(fairy_capture.parse().unwrap())
}

fn position(sfen: &str, rules: &RuleSet) -> Position {
    Position::from_setup(&parse_sfen(sfen).unwrap().setup, rules).unwrap()
}

fn help(start: &Position, rules: &RuleSet, stip: &str) -> (Verdict, Vec<String>) {
    let plan = HelpPlan::new(stip.parse::<Stipulation>().unwrap(), start, None).unwrap();
    let out = solve_help_every_store(start, rules, &plan, &Limits::default());
    (out.verdict, solution_lines(&out.solutions))
}

#[test]
fn a_held_wazir_is_dropped_to_mate_in_help_play() {
    let rules = rules("hold");
    let (verdict, lines) = help(&position(WAZIR_TAKEN_AND_DROPPED, &rules), &rules, "help:3");
    assert_eq!(verdict, Verdict::Solved);
    assert_eq!(lines, ["1e1c 2c1b [WA]*2a"]);
}

#[test]
fn a_discarded_wazir_cannot_be_dropped_so_the_helpmate_fails() {
    for option in ["discard", "discard:[WA]"] {
        let rules = rules(option);
        let (verdict, lines) = help(&position(WAZIR_TAKEN_AND_DROPPED, &rules), &rules, "help:3");
        assert_eq!(verdict, Verdict::NoSolution, "{option}: {lines:?}");
    }
}

#[test]
fn discarding_another_kind_leaves_the_wazir_held() {
    let rules = rules("discard:T");
    let (verdict, lines) = help(&position(WAZIR_TAKEN_AND_DROPPED, &rules), &rules, "help:3");
    assert_eq!((verdict, lines.len()), (Verdict::Solved, 1));
}

#[test]
fn direct_mate_needs_the_held_wazir() {
    for (option, mated) in [("hold", true), ("discard", false)] {
        let rules = rules(option);
        let start = position(WAZIR_TAKEN_AND_DROPPED, &rules);
        let out = solve_tsume(&start, &rules, &TsumeOptions::default(), &Limits::default(), |_| {});
        if mated {
            assert_eq!(out.verdict, Verdict::Solved, "{option}");
            assert_eq!(solution_lines(&out.solutions[..1]), ["1e1c 2c1b [WA]*2a"]);
        } else {
            assert_ne!(
                out.verdict,
                Verdict::Solved,
                "{option}: {:?}",
                solution_lines(&out.solutions)
            );
        }
    }
}

#[test]
fn mate_in_three_needs_the_held_wazir() {
    for (option, verdict) in [("hold", Verdict::Solved), ("discard", Verdict::NoSolution)] {
        let rules = rules(option);
        let start = position(WAZIR_TAKEN_AND_DROPPED, &rules);
        let out = solve_mate_in(&start, &rules, 3, &PriorGame::default(), &Limits::default());
        assert_eq!(out.verdict, verdict, "{option}");
    }
}

/// fm's `#1` counts one Wazir in the problem; none is on the board, so with `H` the
/// defender's "all remaining" hand holds it and interposes on 1b against every drop of
/// a rook or lance on file 1: only the gold dropped on 2b (guarded by the gold on 3b)
/// mates. Without `H` nobody holds the spare (fm: 15 mates).
#[test]
fn a_spare_wazir_in_the_defenders_hand_interposes() {
    let line = "ばか詰 32金 +飛2角2金3銀4桂4香4歩18, 11玉 #1";
    let held = read_fm(&format!("/EF1=WA#1@H\n{line}")).unwrap();
    assert_eq!(held.setup.hand(Color::White).count(PieceKind::Wazir), 1);
    let discarded = read_fm(&format!("/EF1=WA#1\n{line}")).unwrap();
    assert_eq!(discarded.setup.hand(Color::White).count(PieceKind::Wazir), 0);
    let mut counts = Vec::new();
    for problem in [held, discarded] {
        let rules = RuleSet::ordinary().with_discarded_kinds(problem.options.discarded);
        let start = Position::from_setup(&problem.setup, &rules).unwrap();
        let (verdict, lines) = help(&start, &rules, "help:1");
        assert_eq!(verdict, Verdict::Solved);
        counts.push(lines.len());
        if counts.len() == 1 {
            assert_eq!(lines, ["G*2b"]);
        }
    }
    assert_eq!(counts, [1, 15]);
}

#[test]
fn a_discarded_capture_adds_nothing_to_the_hand_and_the_keys_follow() {
    let rules = rules("discard");
    let start = position(WAZIR_TAKEN_AND_DROPPED, &rules);
    let capture = start.find_legal(parse_usi_move("1e1c").unwrap(), &rules).unwrap();
    let after = start.play(capture);
    assert!(after.hand(Color::Black).is_empty());
    assert_eq!(after.key(), after.compute_key());
    assert_eq!(start.key_after(capture), after.key());
    assert_eq!(
        start.keys_after(start.board_key(), capture),
        (after.board_key(), after.key())
    );
    assert!(start.hand_after(capture).is_empty());
    assert_packs(&start);
    assert_packs(&after);
    // the same board, one hand holding a Wazir, is another position for the tables
    let held = position("8k/6G2/7sL/9/9/9/9/9/9 w [WA] 1", &rules);
    assert_ne!(after.board_key(), held.board_key());
}

/// The rule restated over the reference generator: a capture as the reference plays
/// it, then the captured fairy piece taken out of the capturer's hand.
fn reference_play(setup: &Setup, m: Move, discarded: DiscardedKinds) -> Setup {
    let us = setup.side_to_move;
    let taken: Vec<PieceKind> = [m.via(), (!m.is_drop()).then(|| m.to())]
        .into_iter()
        .flatten()
        .filter_map(|sq| setup.piece_at(sq))
        .filter(|p| p.color != us)
        .map(|p| p.kind.unpromoted())
        .collect();
    let mut next = reference::play(setup, m);
    for kind in taken.into_iter().filter(|&k| discarded.contains(k)) {
        next.hand_mut(us).remove(kind);
    }
    next
}

/// Random fairy positions (no Lions: the reference's two-step captures are not
/// restated here), every fairy kind discarded: a random game from each, captures
/// preferred, played by the engine and by the restatement; the legal moves (drops from
/// the hands included) are the same at every ply.
#[test]
fn legal_moves_after_discarded_captures_equal_the_reference() {
    let mut rng = SplitMix64::new(0x0D15_CA2D);
    let mix = FairyMix {
        no_lions: true,
        ..FairyMix::default()
    };
    let discarded = DiscardedKinds::every_fairy_kind();
    let rules = RuleSet::ordinary().with_discarded_kinds(discarded);
    let usi = |moves: Vec<Move>| {
        let mut v: Vec<String> = moves.iter().map(|m| m.to_usi()).collect();
        v.sort();
        v
    };
    let mut fairy_captures = 0;
    for _ in 0..400 {
        let mut setup = random_fairy_setup(&mut rng, &mix);
        let Ok(mut pos) = Position::from_setup(&setup, &rules) else {
            continue;
        };
        for _ in 0..4 {
            let legal: Vec<Move> = pos.legal_moves(&rules).iter().copied().collect();
            let text = yosei_io::sfen::write_sfen(&setup);
            assert_eq!(usi(legal.clone()), usi(reference::legal_moves(&setup, false)), "{text}");
            assert_eq!(pos.key(), pos.compute_key(), "{text}");
            let captures: Vec<Move> = legal
                .iter()
                .copied()
                .filter(|m| !m.is_drop() && pos.piece_at(m.to()).is_some())
                .collect();
            let pool = if captures.is_empty() { &legal } else { &captures };
            if pool.is_empty() {
                break;
            }
            let m = pool[rng.below(pool.len())];
            fairy_captures += usize::from(
                pos.piece_at(m.to())
                    .is_some_and(|p| discarded.contains(p.kind.unpromoted())),
            );
            setup = reference_play(&setup, m, discarded);
            pos = pos.play(m);
            assert_eq!(pos.to_setup().hands, setup.hands, "{text} {m:?}");
        }
    }
    assert!(fairy_captures > 100, "{fairy_captures}");
}

/// Two searches against each other where captures discard every fairy kind: direct
/// mate (its table keyed by board and both hands here) and mate in ≤ 3 (a tree over
/// whole positions) agree on every random position with a mate in three plies or less,
/// and direct mate finds none that short where mate in ≤ 3 finds none.
#[test]
fn direct_mate_and_mate_in_three_agree_where_captures_discard() {
    let mut rng = SplitMix64::new(0x0D15_CA2E);
    let mix = FairyMix {
        no_black_king_percent: 100,
        check_percent: 0,
        ..FairyMix::default()
    };
    let rules = RuleSet::ordinary().with_discarded_kinds(DiscardedKinds::every_fairy_kind());
    let limits = Limits {
        hash_mb: 16,
        max_nodes: Some(5_000),
        ..Limits::default()
    };
    let (mut compared, mut mates) = (0, 0);
    for _ in 0..80 {
        let mut setup = random_fairy_setup(&mut rng, &mix);
        setup.side_to_move = Color::Black;
        let Ok(start) = Position::from_setup(&setup, &rules) else {
            continue;
        };
        if start.king(Color::White).is_none() {
            continue;
        }
        let within_three = solve_mate_in(&start, &rules, 3, &PriorGame::default(), &limits);
        // every interposition counts, as mate in N counts it
        let options = TsumeOptions {
            futile: Futile::Count,
            ..TsumeOptions::default()
        };
        let direct = solve_tsume(&start, &rules, &options, &limits, |_| {});
        if within_three.verdict == Verdict::Unknown || direct.verdict == Verdict::Unknown {
            continue;
        }
        compared += 1;
        let text = yosei_io::sfen::write_sfen(&setup);
        if within_three.verdict == Verdict::Solved {
            mates += 1;
            assert_eq!(direct.verdict, Verdict::Solved, "{text}");
            assert_eq!(direct.length, within_three.length, "{text}");
        } else {
            assert!(direct.verdict != Verdict::Solved || direct.length > Some(3), "{text}");
        }
    }
    eprintln!("{compared} compared, {mates} mates in three plies or less");
    assert!(compared > 30 && mates > 3, "{compared} compared, {mates} mates");
}
