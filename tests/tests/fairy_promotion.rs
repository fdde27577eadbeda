//! Fairy pieces that promote (docs/rules/fairy-promotion.md): fm's attribute `@P`, the
//! per-problem option `--fairy-promotion`. Micro-problems with and without it, a
//! captured promoted piece going to a hand as its base kind (fm's `RAW_KIND`), keys
//! and the packed form, and the legal moves along random games against the reference
//! generator with the option on.

use yosei_core::random::SplitMix64;
use yosei_core::{Color, Move, Piece, PieceKind, Setup, Square};
use yosei_io::fm::read_fm;
use yosei_io::sfen::{parse_sfen, parse_usi_move, write_sfen};
use yosei_rules::{Condition, DiscardedKinds, FairyPromotion, Position, RuleSet, Stipulation};
use yosei_solve::{HelpPlan, Limits, Verdict};
use yosei_tests::fairy_positions::{random_fairy_setup, FairyMix};
use yosei_tests::reference;
use yosei_tests::support::{assert_packs, solution_lines, solve_help_every_store};

/// A lone Black Kirin on 3d and the White king on 1a. Promoted on 2c or 3b it is a
/// Lion (師), which attacks every square within two steps: 1a, 1b, 2a, 2b. fm
/// (`/EF1=KR#1@HP`, `ばか詰 34KR, 11玉 +0 #1`) gives these two mates, `23麒成` and `32麒成`;
/// without `P`, none.
const KIRIN_ALONE: &str = "8k/9/9/6J2/9/9/9/9/9 b - 1";

/// A White gold on 2a next to the king: it takes a Kirin promoted on 3b.
const GOLD_TAKES: &str = "7gk/9/9/6J2/9/9/9/9/9 b - 1";

fn rules(promotion: &str) -> RuleSet {
    RuleSet::ordinary().with_fairy_promotion(promotion.parse().unwrap())
}

fn position(sfen: &str, rules: &RuleSet) -> Position {
    Position::from_setup(&parse_sfen(sfen).unwrap().setup, rules).unwrap()
}

fn help(start: &Position, rules: &RuleSet, stip: &str) -> (Verdict, Vec<String>) {
    let plan = HelpPlan::new(stip.parse::<Stipulation>().unwrap(), start, None).unwrap();
    let out = solve_help_every_store(start, rules, &plan, &Limits::default());
    let mut lines = solution_lines(&out.solutions);
    lines.sort();
    (out.verdict, lines)
}

#[test]
fn a_kirin_promotes_to_a_lion_to_mate_in_a_helpmate() {
    for option in ["J", "all", "kirin,[MK]"] {
        let rules = rules(option);
        let (verdict, lines) = help(&position(KIRIN_ALONE, &rules), &rules, "help:1");
        assert_eq!(verdict, Verdict::Solved, "{option}");
        assert_eq!(lines, ["3d2c+", "3d3b+"], "{option}");
    }
}

#[test]
fn without_promotion_the_kirin_cannot_mate() {
    // none, or only another kind promoting
    for option in ["none", "H,[MK]"] {
        let rules = rules(option);
        let (verdict, lines) = help(&position(KIRIN_ALONE, &rules), &rules, "help:1");
        assert_eq!(verdict, Verdict::NoSolution, "{option}: {lines:?}");
    }
}

/// A Kirin on 4d promoted on 3c is a Lion two files from 1b: mate. Unpromoted there it
/// would not even check (its leaps from 3c reach 2b, 2d, 1c, 3a…), so only a check
/// generator that asks the promoted form's squares finds it.
#[test]
fn a_promotion_that_checks_only_as_the_promoted_form_is_a_check() {
    let rules = rules("J");
    let start = position("9/8k/9/5J3/9/9/9/9/9 b - 1", &rules);
    let checks: Vec<String> = start.legal_checks(&rules).iter().map(|m| m.to_usi()).collect();
    assert!(checks.contains(&"4d3c+".to_string()), "{checks:?}");
    let (verdict, lines) = help(&start, &rules, "help:1");
    assert_eq!(verdict, Verdict::Solved);
    assert!(lines.contains(&"4d3c+".to_string()), "{lines:?}");
}

/// fm's declaration carries the option: `@HP` promotes, `@H` does not.
#[test]
fn fms_attribute_p_makes_the_kirin_promote() {
    for (attributes, mates) in [("@HP", 2), ("@H", 0), ("@P", 2)] {
        let problem = read_fm(&format!("/EF1=KR#1{attributes}\nばか詰 34KR, 11玉 +0 #1")).unwrap();
        let rules = RuleSet::ordinary()
            .with_fairy_promotion(problem.options.fairy_promotion)
            .with_discarded_kinds(problem.options.discarded);
        assert_eq!(
            problem.options.fairy_promotion.contains(PieceKind::Kirin),
            mates > 0,
            "{attributes}"
        );
        let start = Position::from_setup(&problem.setup, &rules).unwrap();
        let (_, lines) = help(&start, &rules, "help:1");
        assert_eq!(lines.len(), mates, "{attributes}: {lines:?}");
    }
}

/// fm puts a captured promoted fairy piece in the capturer's hand as its base kind
/// (`move.c` `yo_move_sub_normal`: `RAW_KIND`), as a captured と goes as a pawn; where the
/// kind is discarded (fm: declared without `H`) it leaves play.
#[test]
fn a_captured_promoted_kirin_goes_to_hand_as_a_kirin() {
    for (capture, held) in [("hold", 1), ("discard:J", 0)] {
        let rules = rules("J").with_discarded_kinds(capture.parse::<DiscardedKinds>().unwrap());
        let start = position(GOLD_TAKES, &rules);
        let promote = start.find_legal(parse_usi_move("3d3b+").unwrap(), &rules).unwrap();
        let promoted = start.play(promote);
        let lion = promoted.piece_at(Square::new(3, 2).unwrap()).unwrap();
        assert_eq!(lion, Piece::new(PieceKind::PromotedKirin, Color::Black));
        let take = promoted.find_legal(parse_usi_move("2a3b").unwrap(), &rules).unwrap();
        let after = promoted.play(take);
        let hand = after.hand(Color::White);
        assert_eq!(hand.count(PieceKind::Kirin), held, "{capture}");
        assert_eq!(hand.count(PieceKind::PromotedKirin), 0, "{capture}");
        for (pos, m) in [(&start, promote), (&promoted, take)] {
            assert_eq!(pos.key_after(m), pos.play(m).key(), "{capture} {m}");
        }
        for pos in [&start, &promoted, &after] {
            assert_eq!(pos.key(), pos.compute_key());
            assert_packs(pos);
        }
    }
}

/// The promoted forms are written with `+` before the base's name in SFEN and USI
/// promotions with `+`; each promoted form is another position than its target kind's
/// (a promoted Kirin is not a Lion: it reverts to a Kirin when captured).
#[test]
fn promoted_fairy_pieces_read_and_write_and_key_apart_from_their_targets() {
    let rules = rules("all");
    for (promoted, target) in [("+J", "I"), ("+H", "[HN]"), ("+[MK]", "[HR]"), ("+[TTK]", "[TKT]")] {
        let with_promoted = format!("8k/9/4{promoted}4/9/9/9/9/9/9 b - 1");
        let with_target = format!("8k/9/4{target}4/9/9/9/9/9/9 b - 1");
        let a = position(&with_promoted, &rules);
        let b = position(&with_target, &rules);
        assert_eq!(write_sfen(&a.to_setup()), with_promoted);
        assert_ne!(a.key(), b.key(), "{promoted}");
        // the same moves: the promoted form moves as its target
        let usi = |pos: &Position| {
            let mut v: Vec<String> = pos.legal_moves(&rules).iter().map(|m| m.to_usi()).collect();
            v.sort();
            v
        };
        assert_eq!(usi(&a), usi(&b), "{promoted}");
    }
}

/// Every promoted form on a board, Black's and White's, reads back from SFEN, KIF (a
/// BOD board: each has a glyph of its own) and CSA (a code of its own); a Kirin's
/// promotion is written 成 in KIF, and a move that does not promote is written without
/// 不成 (as before the option existed: the writers do not know whether the problem
/// promotes the kind).
#[test]
fn every_promoted_form_round_trips_through_sfen_kif_and_csa() {
    use yosei_io::csa::{read_csa, write_csa};
    use yosei_io::kif::{read_kif, write_kif};
    let mut setup = Setup::empty();
    setup.put(
        Square::new(1, 1).unwrap(),
        Some(Piece::new(PieceKind::King, Color::White)),
    );
    for (i, kind) in PieceKind::PROMOTED_FAIRY_KINDS.into_iter().enumerate() {
        let color = if i % 2 == 0 { Color::Black } else { Color::White };
        let sq = Square::new(2 + (i % 7) as i32, 4 + (i / 7) as i32).unwrap();
        setup.put(sq, Some(Piece::new(kind, color)));
    }
    let sfen = write_sfen(&setup);
    assert_eq!(parse_sfen(&sfen).unwrap().setup, setup, "{sfen}");
    let mut problem = yosei_io::problem::Problem {
        setup: setup.clone(),
        ..Default::default()
    };
    assert_eq!(read_kif(&write_kif(&problem)).unwrap().setup, setup);
    assert_eq!(read_csa(&write_csa(&problem)).unwrap().setup, setup);
    let rules = rules("J");
    problem.setup = parse_sfen(KIRIN_ALONE).unwrap().setup;
    let start = position(KIRIN_ALONE, &rules);
    for (usi, written) in [("3d3b+", "３二麒成"), ("3d3b", "３二麒(34)")] {
        let m = start.find_legal(parse_usi_move(usi).unwrap(), &rules).unwrap();
        problem.moves.moves = vec![m];
        let kif = write_kif(&problem);
        assert!(kif.contains(written), "{usi}: {kif}");
        assert_eq!(read_kif(&kif).unwrap().moves.moves, [m], "{kif}");
    }
}

/// Under a capture condition the Lion's steps are refused (docs/rules/fairy-pieces.md);
/// a Kirin that may promote brings them, so it is refused too, and a Kirin that may not
/// is not.
#[test]
fn a_kirin_that_may_promote_is_refused_with_the_lions_under_circe() {
    let circe = RuleSet::compile(&[Condition::Circe]).unwrap();
    let setup = parse_sfen(KIRIN_ALONE).unwrap().setup;
    assert!(Position::from_setup(&setup, &circe).is_ok());
    let promoting = circe.with_fairy_promotion("J".parse().unwrap());
    let err = Position::from_setup(&setup, &promoting).unwrap_err();
    assert!(err.to_string().contains("promoted kirin"), "{err}");
}

/// Random fairy positions with every promoting fairy kind frequent, some of them
/// already promoted, every fairy kind promoting: a random game from each, promotions
/// and captures preferred, played by the engine and by the reference generator; the
/// legal moves (promotions of fairy pieces, captures of promoted ones and drops of
/// their base kinds included) are the same at every ply, and the keys follow.
#[test]
fn legal_moves_with_fairy_promotion_equal_the_reference() {
    let (promotions, captured) = differential(&[], 0xF0E0_0001, 300);
    assert!(promotions > 1000 && captured > 30, "{promotions} {captured}");
}

/// The same under 安南 (a piece moving with a borrowed power promotes by its own kind)
/// and マドラシ (a promoted form paralyses and is paralysed as a kind of its own).
#[test]
fn legal_moves_with_fairy_promotion_equal_the_reference_under_annan_and_madrasi() {
    for (condition, seed) in [(Condition::Annan, 0xF0E0_0002), (Condition::Madrasi, 0xF0E0_0003)] {
        let (promotions, captured) = differential(&[condition], seed, 120);
        assert!(
            promotions > 300 && captured > 10,
            "{condition}: {promotions} {captured}"
        );
    }
}

/// Random games under `conditions` with every fairy kind promoting, against the
/// reference generator; the fairy promotions and the captures of promoted pieces met.
fn differential(conditions: &[Condition], seed: u64, games: usize) -> (usize, usize) {
    let mut rng = SplitMix64::new(seed);
    let mix = FairyMix {
        fairy_percent: 60,
        kinds: &PieceKind::PROMOTING_FAIRY_KINDS,
        ..FairyMix::default()
    };
    let rules = RuleSet::compile(conditions)
        .unwrap()
        .with_fairy_promotion(FairyPromotion::every_kind());
    let reference_rules = reference::Rules {
        fairy_promotion: FairyPromotion::every_kind(),
        ..reference::Rules::from_conditions(conditions, false)
    };
    let usi = |moves: &[Move]| {
        let mut v: Vec<String> = moves.iter().map(|m| m.to_usi()).collect();
        v.sort();
        v
    };
    let (mut positions, mut fairy_promotions, mut promoted_captured) = (0, 0, 0);
    for _ in 0..games {
        let mut setup = with_some_promoted(random_fairy_setup(&mut rng, &mix), &mut rng);
        let Ok(mut pos) = Position::from_setup(&setup, &rules) else {
            continue;
        };
        for _ in 0..5 {
            positions += 1;
            let legal: Vec<Move> = pos.legal_moves(&rules).iter().copied().collect();
            let text = write_sfen(&setup);
            assert_eq!(
                usi(&legal),
                usi(&reference::legal_moves_under(&setup, &reference_rules)),
                "{text}"
            );
            let checks: Vec<Move> = pos.legal_checks(&rules).iter().copied().collect();
            assert_eq!(
                usi(&checks),
                usi(&reference::legal_checks_under(&setup, &reference_rules)),
                "checks: {text}"
            );
            assert_eq!(pos.key(), pos.compute_key(), "{text}");
            let fairy_promotion = |m: &Move| {
                m.is_promotion()
                    && m.from()
                        .and_then(|sq| pos.piece_at(sq))
                        .is_some_and(|p| p.kind.is_fairy())
            };
            let promoted_taken = |m: &Move| {
                !m.is_drop()
                    && pos
                        .piece_at(m.to())
                        .is_some_and(|p| p.kind.is_fairy() && p.kind.is_promoted())
            };
            fairy_promotions += legal.iter().filter(|m| fairy_promotion(m)).count();
            let preferred: Vec<Move> = legal
                .iter()
                .copied()
                .filter(|m| fairy_promotion(m) || promoted_taken(m))
                .collect();
            let pool = if preferred.is_empty() || rng.chance(30) {
                &legal
            } else {
                &preferred
            };
            if pool.is_empty() {
                break;
            }
            let m = pool[rng.below(pool.len())];
            promoted_captured += usize::from(promoted_taken(&m));
            assert_eq!(pos.key_after(m), pos.play(m).key(), "{text} {m}");
            setup = reference::play(&setup, m);
            pos = pos.play(m);
            assert_eq!(pos.to_setup(), setup, "{text} {m}");
        }
    }
    eprintln!(
        "{conditions:?}: {positions} positions, {fairy_promotions} fairy promotions, {promoted_captured} promoted captured"
    );
    (fairy_promotions, promoted_captured)
}

/// `setup` with about a third of its promoting fairy pieces promoted.
fn with_some_promoted(mut setup: Setup, rng: &mut SplitMix64) -> Setup {
    for sq in Square::all() {
        if let Some(piece) = setup.piece_at(sq) {
            if piece.kind.is_fairy() && piece.kind.can_promote() && rng.chance(33) {
                let kind = piece.kind.promoted().unwrap();
                setup.put(sq, Some(Piece { kind, ..piece }));
            }
        }
    }
    setup
}
