//! Royal pieces (docs/rules/royal.md): fm's tori phoenix 鵬 `THO`, royal in fm's table,
//! and a fairy kind fm's `@R` declares royal (`piece.c` `setup_fairy_attr`). A royal
//! piece is its side's king: check is an attack on it, it may not step into check, mate
//! and drop-pawn mate are judged on it. A side may have several (fm's 二玉詰): an attack
//! on any is check, and mating any wins.
//! Every expected answer below is fm's (6.005.019, `/work/peers/fm/fmza`), as the
//! comments say. Squares in USI: file digit, rank letter a–i from the top.

use yosei_core::{Color, Piece, PieceKind, Square};
use yosei_io::fm::{read_fm, write_fm};
use yosei_io::problem::Problem;
use yosei_io::sfen::{parse_sfen, parse_usi_move, write_sfen};
use yosei_rules::{Condition, Position, RoyalKinds, RuleSet, SetupProblem};
use yosei_solve::tsume::{solve_tsume, TsumeOptions};
use yosei_solve::{Limits, Verdict};
use yosei_tests::support::{assert_packs, help_lines, legal_usi};

/// The rules an fm problem is read with: its declared royal kinds.
fn rules_of(problem: &Problem, conditions: &[Condition]) -> RuleSet {
    RuleSet::compile(conditions)
        .unwrap()
        .with_royal_kinds(problem.options.royal)
}

/// fm's problem `text` (declarations and line), solved as help play.
fn fm_help(text: &str) -> Vec<String> {
    let problem = read_fm(text).unwrap();
    let rules = rules_of(&problem, &problem.conditions);
    let start = Position::from_setup(&problem.setup, &rules).unwrap();
    help_lines(&start, &rules, problem.stipulation.unwrap())
}

fn fm_position(text: &str) -> Result<Position, Vec<SetupProblem>> {
    let problem = read_fm(text).unwrap();
    let rules = rules_of(&problem, &problem.conditions);
    Position::from_setup(&problem.setup, &rules).map_err(|e| e.problems)
}

/// The Wazir declared royal (fm's `/EF1=WA@R`).
fn royal_wazir() -> RoyalKinds {
    RoyalKinds::always().with(PieceKind::Wazir).unwrap()
}

fn sq(usi: &str) -> Square {
    let b = usi.as_bytes();
    Square::new((b[0] - b'0') as i32, (b[1] - b'a' + 1) as i32).unwrap()
}

/// A royal Wazir on 1a cannot take the gold on 2b diagonally, as a king would: the gold
/// moved there mates it too (fm: 22金打 and 22金<33, two solutions; with a 玉 on 1a
/// only the drop, which the gold on 3c guards).
#[test]
fn a_royal_wazir_is_mated_where_a_king_would_take_the_checker() {
    assert_eq!(fm_help("/EF1=WA@R\nばか詰 33金 +金, 11WA +0 #1"), ["3c2b", "G*2b"]);
    assert_eq!(fm_help("ばか詰 33金 +金, 11玉 +0 #1"), ["G*2b"]);
}

/// Under Isardam the same royal Wazir: the gold leaving 3c would open file 3 between
/// the two lances, a forbidden pair, so only the drop mates (fm: 22金打 alone; both
/// without ISARDAM).
#[test]
fn a_royal_wazir_under_isardam() {
    assert_eq!(
        fm_help("/EF1=WA@R\nISARDAMばか詰 33金 39香 +金, 11WA 31香 +0 #1"),
        ["G*2b"]
    );
    assert_eq!(
        fm_help("/EF1=WA@R\nばか詰 33金 39香 +金, 11WA 31香 +0 #1"),
        ["3c2b", "G*2b"]
    );
}

/// Under Koko a check on a royal Wazir counts only if the capturer, on its square, would
/// have a neighbour: alone in the corner, the Wazir is checked by neither gold on 2b, and
/// there is no mate (fm: 不詰).
#[test]
fn a_royal_wazir_under_koko_is_checked_only_by_a_capture_with_a_neighbour() {
    assert!(fm_help("/EF1=WA@R\nKOKOばか詰 33金 +金, 11WA +0 #1").is_empty());
}

/// The tori phoenix is royal without `@R` and steps as a king (fm: 22金打 only).
#[test]
fn the_tori_phoenix_is_royal_and_steps_as_a_king() {
    assert_eq!(fm_help("/EF1=THO\nばか詰 33金 +金, 11鵬 +0 #1"), ["G*2b"]);
    let p = fm_position("/EF1=THO\nばか詰 33金 +金, 11鵬 +0 #1").unwrap();
    assert_eq!(p.king(Color::White), Some(sq("1a")));
    // White to move: the phoenix steps to 1b and 2a; 2b, guarded by the gold on 3c, not
    let rules = RuleSet::ordinary();
    let white = Position::from_setup(&parse_sfen("8[tho]/9/6G2/9/9/9/9/9/9 w - 1").unwrap().setup, &rules).unwrap();
    assert_eq!(legal_usi(&white, &rules, "1a"), ["1a1b", "1a2a"]);
}

/// A royal piece may not step into check, and an attack on it is check.
#[test]
fn a_royal_may_not_step_into_check() {
    let rules = RuleSet::ordinary().with_royal_kinds(royal_wazir());
    // White's royal Wazir on 5e, Black's rook on file 4: 4e is refused
    let p = Position::from_setup(&parse_sfen("5R3/9/9/9/4[wa]4/9/9/9/K8 w - 1").unwrap().setup, &rules).unwrap();
    assert_eq!(legal_usi(&p, &rules, "5e"), ["5e5d", "5e5f", "5e6e"]);
    assert!(!p.in_check(&rules));
    // a rook on file 5 checks it; the other White pieces cannot interpose
    let checked = Position::from_setup(&parse_sfen("4R4/9/9/9/4[wa]4/9/9/9/K8 w - 1").unwrap().setup, &rules).unwrap();
    assert!(checked.in_check(&rules));
    assert_eq!(legal_usi(&checked, &rules, ""), ["5e4e", "5e6e"]);
    // the same Wazir not royal: White has no king, nothing is check
    let plain = RuleSet::ordinary();
    let q = Position::from_setup(&parse_sfen("4R4/9/9/9/4[wa]4/9/9/9/K8 w - 1").unwrap().setup, &plain).unwrap();
    assert!(!q.in_check(&plain) && q.king(Color::White).is_none());
}

/// A pawn dropped to mate a royal piece is drop-pawn mate (fm: no solution under ばか詰,
/// 12歩打 under 打歩ばか詰, which wants it).
#[test]
fn a_pawn_drop_that_mates_a_royal_piece_is_drop_pawn_mate() {
    let line = "23金32銀 +歩, 11鵬 +0 #1";
    assert!(fm_help(&format!("/EF1=THO\nばか詰 {line}")).is_empty());
    assert_eq!(fm_help(&format!("/EF1=THO\n打歩ばか詰 {line}")), ["P*1b"]);
}

/// A royal piece in a hand is refused.
#[test]
fn a_royal_piece_in_a_hand_is_refused() {
    let rules = RuleSet::ordinary().with_royal_kinds(royal_wazir());
    let setup = parse_sfen("8[wa]/9/6G2/9/9/9/9/9/9 b G[WA] 1").unwrap().setup;
    let held = Position::from_setup(&setup, &rules).unwrap_err().problems;
    assert!(
        held.iter().any(|p| matches!(
            p,
            SetupProblem::NotAHandKind {
                kind: PieceKind::Wazir,
                ..
            }
        )),
        "{held:?}"
    );
}

/// fm's 二玉詰: two royal pieces of the defender (two 玉, or the phoenix and a 玉), and
/// mating either wins (fm prints "二玉協力詰": 22金打 mates the 玉 on 1a, 82金打 and
/// 92金打 the one on 9a, while the other stands free).
#[test]
fn two_kings_of_the_defender_a_mate_of_either_wins() {
    assert_eq!(
        fm_help("ばか詰 33金83金 +金, 11玉 91玉 +0 #1"),
        ["G*2b", "G*8b", "G*9b"]
    );
    assert_eq!(fm_help("/EF1=THO\nばか詰 33金 +金, 11鵬 91玉 +0 #1"), ["G*2b"]);
    let p = fm_position("ばか詰 33金83金 +金, 11玉 91玉 +0 #1").unwrap();
    assert!(p.has_several_royals() && p.takes_general_path(&RuleSet::ordinary()));
    assert_eq!(p.royals(Color::White).count(), 2);
    // after 22金打 the 玉 on 1a is in check, though the one on 9a is not attacked
    let rules = RuleSet::ordinary();
    let after = p.play(parse_usi_move("G*2b").unwrap());
    assert!(after.in_check(&rules) && after.is_checkmate(&rules));
    assert_packs(&after);
}

/// Under 二玉詰 a side may leave none of its royal pieces attacked: White's gold on 5b,
/// between its 玉 on 5a and Black's rook on 5i, stays on file 5, and a rook attacking
/// the 玉 on 5a alone is check. The attacker's two 玉 likewise (fm: with 玉 on 1c and
/// 9i, the gold on 2c, pinned by the rook on 6c, may not mate; only the silver does).
#[test]
fn a_move_leaving_the_other_king_attacked_is_illegal() {
    let rules = RuleSet::ordinary();
    let pinned = Position::from_setup(&parse_sfen("4k3k/4g4/9/9/9/9/9/9/4R4 w - 1").unwrap().setup, &rules).unwrap();
    assert!(!pinned.in_check(&rules));
    assert_eq!(legal_usi(&pinned, &rules, "5b"), ["5b5c"]);
    let checked = Position::from_setup(&parse_sfen("4k3k/9/9/9/9/9/9/9/4R4 w - 1").unwrap().setup, &rules).unwrap();
    assert!(checked.in_check(&rules));
    assert!(legal_usi(&checked, &rules, "1a").is_empty());
    assert_eq!(fm_help("ばか詰 13玉99玉23金31銀, 11玉63飛 +0 #1"), ["3a2b", "3a2b+"]);
}

/// fm's crown prince 太子 `TS` (chu shogi's promoted drunk elephant) is royal by fm's
/// table and steps as a king; with a 玉 of its side it is fm's 二玉詰, either one mated
/// winning (fm: 22金打 mates the prince, 82金打 and 92金打 the 玉), which is not chu
/// shogi's own rule (both must be taken).
#[test]
fn a_crown_prince_and_a_king_either_mated_wins() {
    assert_eq!(
        fm_help("/EF1=TS\nばか詰 33金83金 +金, 11TS 91玉 +0 #1"),
        ["G*2b", "G*8b", "G*9b"]
    );
    assert_eq!(fm_help("/EF1=TS\nばか詰 33金 +金, 11TS +0 #1"), ["G*2b"]);
    let p = fm_position("/EF1=TS\nばか詰 33金 +金, 11TS 91玉 +0 #1").unwrap();
    assert_eq!(
        p.piece_at(sq("1a")),
        Some(Piece::new(PieceKind::CrownPrince, Color::White))
    );
    let sfen = write_sfen(&p.to_setup());
    assert!(sfen.contains("[ts]"), "{sfen}");
    assert_eq!(parse_sfen(&sfen).unwrap().setup, p.to_setup());
    let written = write_fm(&read_fm("/EF1=TS\nばか詰 33金 +金, 11TS 91玉 +0 #1").unwrap());
    assert!(written.starts_with("/EF1=TS\n"), "{written}");
}

/// 二玉詰 under a condition that names the king by its kind is refused, as a royal
/// fairy piece is; under one of `royal::holds_under` it plays.
#[test]
fn two_kings_under_a_condition_that_names_the_king_are_refused() {
    let problem = read_fm("ばか詰 33金83金 +金, 11玉 91玉 +0 #1").unwrap();
    let tenjiku = rules_of(&problem, &[Condition::Tenjiku]);
    let refused = Position::from_setup(&problem.setup, &tenjiku).unwrap_err().problems;
    assert!(
        refused.iter().any(|p| matches!(
            p,
            SetupProblem::SeveralKingsUnderCondition {
                color: Color::White,
                count: 2,
                condition: Condition::Tenjiku
            }
        )),
        "{refused:?}"
    );
    assert!(Position::from_setup(&problem.setup, &rules_of(&problem, &[Condition::UchifuAllowed])).is_ok());
}

/// Direct mate with two 玉 of the defender: the drop that mates one of them (fm's
/// 二玉かしこ詰 finds 22金打, 82金打, 92金打); every interposition counts there (the
/// futile-interposition probe follows one king's line only).
#[test]
fn direct_mate_of_one_of_two_kings() {
    let rules = RuleSet::ordinary();
    let start = fm_position("かしこ詰 33金83金 +金, 11玉 91玉 +0 #1").unwrap();
    let out = solve_tsume(&start, &rules, &TsumeOptions::default(), &Limits::default(), |_| {});
    assert_eq!(out.verdict, Verdict::Solved);
    assert_eq!(out.length, Some(1));
}

/// The attacker's royal piece is its king too (fm: 22金打 with a phoenix of Black's on
/// 9i), and standing next to the defender's it leaves the side not to move in check.
#[test]
fn the_attacker_may_have_a_royal_piece() {
    assert_eq!(fm_help("/EF1=THO\nばか詰 99鵬 33金 +金, 11鵬 +0 #1"), ["G*2b"]);
    let next = fm_position("/EF1=THO\nばか詰 12鵬 33金 +金, 11鵬 +0 #1").unwrap_err();
    assert!(
        next.iter().any(|p| matches!(p, SetupProblem::OpponentInCheck { .. })),
        "{next:?}"
    );
}

/// A royal fairy piece under a condition that names the king by its kind is refused
/// (天竺 lends a king in double check the powers of its checkers).
#[test]
fn a_royal_fairy_piece_under_a_condition_that_names_the_king_is_refused() {
    let problem = read_fm("/EF1=THO\nばか詰 33金 +金, 11鵬 +0 #1").unwrap();
    let tenjiku = rules_of(&problem, &[Condition::Tenjiku]);
    let refused = Position::from_setup(&problem.setup, &tenjiku).unwrap_err().problems;
    assert!(
        refused.iter().any(|p| matches!(
            p,
            SetupProblem::RoyalUnderCondition {
                kind: PieceKind::ToriPhoenix,
                condition: Condition::Tenjiku
            }
        )),
        "{refused:?}"
    );
    assert!(Position::from_setup(&problem.setup, &rules_of(&problem, &[Condition::UchifuAllowed])).is_ok());
}

/// Direct mate of a royal Wazir: the gold moved to 2b mates at once.
#[test]
fn direct_mate_of_a_royal_piece() {
    let rules = RuleSet::ordinary().with_royal_kinds(royal_wazir());
    let start = Position::from_setup(&parse_sfen("8[wa]/9/6G2/9/9/9/9/9/9 b - 1").unwrap().setup, &rules).unwrap();
    let out = solve_tsume(&start, &rules, &TsumeOptions::default(), &Limits::default(), |_| {});
    assert_eq!(out.verdict, Verdict::Solved);
    assert_eq!(out.length, Some(1));
}

/// The packed position keeps the declared royal kinds, so that an unpacked one finds
/// its king; after the royal piece moves, the king square follows it.
#[test]
fn the_packed_position_keeps_the_royal_kinds() {
    let rules = RuleSet::ordinary().with_royal_kinds(royal_wazir());
    let p = Position::from_setup(&parse_sfen("5R3/9/9/9/4[wa]4/9/9/9/K8 w - 1").unwrap().setup, &rules).unwrap();
    assert_packs(&p);
    let mut bytes = Vec::new();
    p.pack_into(&mut bytes);
    assert_eq!(Position::unpack(&bytes, 1).0.king(Color::White), Some(sq("5e")));
    let m = parse_usi_move("5e5d").unwrap();
    let after = p.play(m);
    assert_eq!(after.king(Color::White), Some(sq("5d")));
    assert_packs(&after);
}

/// fm's form: `THO` and `鵬` read, `@R` read and written back; `@RH` and `@P` on the
/// drunk elephant (which would make a 太子 during play) refused, each named.
#[test]
fn fm_declarations_of_royal_pieces() {
    let p = read_fm("/EF1=THO\nばか詰 33金 +金, 11THO +0 #1").unwrap();
    assert_eq!(
        p.setup.piece_at(sq("1a")),
        Some(Piece::new(PieceKind::ToriPhoenix, Color::White))
    );
    let written = write_fm(&p);
    assert!(written.starts_with("/EF1=THO\n"), "{written}");
    assert_eq!(read_fm(&written).unwrap().setup, p.setup);
    let sfen = write_sfen(&p.setup);
    assert!(sfen.contains("[tho]"), "{sfen}");
    let wazir = read_fm("/EF1=WA@R\nばか詰 33金 +金, 11WA +0 #1").unwrap();
    assert!(wazir.options.royal.contains(PieceKind::Wazir));
    let written = write_fm(&wazir);
    assert!(written.starts_with("/EF1=WA@R\n"), "{written}");
    assert_eq!(read_fm(&written).unwrap().options.royal, wazir.options.royal);
    for (text, named) in [
        ("/EF1=WA@RH\nばか詰 33金 +金, 11WA +0 #1", "never held"),
        ("/EF1=SZ@P\nばか詰 33金 +金, 11玉 +0 #1", "TS"),
    ] {
        let e = read_fm(text).unwrap_err().to_string();
        assert!(e.contains(named), "{text}: {e}");
    }
}

/// The problem file (`royal:`) and CSA (`$ROYAL`) carry the declared royal kinds, so
/// a problem read from fm's form keeps them written in either.
#[test]
fn the_native_file_and_csa_carry_the_royal_kinds() {
    use yosei_io::csa::{read_csa, write_csa};
    use yosei_io::native::{read_native, write_native};
    let p = read_fm("/EF1=KR@PR\nばか詰 33金 +金, 11KR +0 #1").unwrap();
    assert!(p.options.royal.contains(PieceKind::Kirin) && p.options.royal.contains(PieceKind::PromotedKirin));
    let native = write_native(&p);
    assert!(native.contains("royal: J\n"), "{native}");
    assert_eq!(read_native(&native).unwrap().options.royal, p.options.royal);
    let csa = write_csa(&p);
    assert!(csa.contains("$ROYAL:J"), "{csa}");
    assert_eq!(read_csa(&csa).unwrap().options.royal, p.options.royal);
    let none = read_fm("ばか詰 33金 +金, 11玉 +0 #1").unwrap();
    assert!(!write_native(&none).contains("royal") && !write_csa(&none).contains("ROYAL"));
}

/// The one disagreement with fm in the royal runs (docs/rules/royal.md) is fm's check
/// generator, royal pieces or not: 83→82 promoting mates by discovery (the rook on 9c
/// through 8c), and unpromoted the silver on 8b would check the king directly, so fm
/// never tries the promotion (`h_check.c` `help_check_move_sub_normal`). fm lists the
/// other five mates.
#[test]
fn fms_check_generator_leaves_out_a_promotion_that_checks_only_by_discovery() {
    assert_eq!(
        fm_help("ばか詰 93飛83銀91銀85歩, 73玉72香74香62香64香 +0 #1"),
        ["8c8b", "8c8b+", "8c9b", "8c9b+", "8c9d", "8c9d+"]
    );
}

/// Random games whose kings are royal fairy pieces (a Wazir, a chess knight, a
/// Grasshopper, a Lion, the tori phoenix…, one kind per game), against the reference
/// generator with the same royal kinds: the same legal moves, check verdicts, checks and
/// mate-test answers at every ply, under own powers and the conditions a royal fairy
/// piece plays under.
#[test]
fn royal_fairy_pieces_against_the_reference_generator() {
    use yosei_core::random::SplitMix64;
    use yosei_tests::fairy_positions::{random_fairy_setup, FairyMix};
    use yosei_tests::reference;
    use yosei_tests::support::assert_matches_reference;
    const ROYALS: [PieceKind; 7] = [
        PieceKind::Wazir,
        PieceKind::ChessKnight,
        PieceKind::Grasshopper,
        PieceKind::Lion,
        PieceKind::Fers,
        PieceKind::Queen,
        PieceKind::ToriPhoenix,
    ];
    let mut rng = SplitMix64::new(0x0072_0A11);
    let mut positions = 0;
    for conditions in [
        &[][..],
        &[Condition::UchifuAllowed],
        &[Condition::NoCapture],
        &[Condition::Annan],
        &[Condition::Anhoku],
        &[Condition::Taimen],
        &[Condition::Haimen],
        &[Condition::Madrasi],
        &[Condition::KMadrasi],
        &[Condition::Circe],
        &[Condition::AntiCirce],
        &[Condition::Pwc],
        &[Condition::Andernach],
        &[Condition::AntiAndernach],
        &[Condition::NekoSen],
        &[Condition::NekoNekoSen],
        &[Condition::Isardam],
        &[Condition::IsardamB],
        &[Condition::Koko],
    ] {
        for game in 0..120 {
            let royal_kind = ROYALS[game % ROYALS.len()];
            let royal = if royal_kind.is_always_royal() {
                RoyalKinds::NONE
            } else {
                RoyalKinds::NONE.with(royal_kind).unwrap()
            };
            let rules = RuleSet::compile(conditions).unwrap().with_royal_kinds(royal);
            let reference_rules = reference::Rules {
                royal,
                ..reference::Rules::from_conditions(conditions, false)
            };
            let mut setup = random_fairy_setup(&mut rng, &FairyMix::default());
            for sq in Square::all() {
                if let Some(p) = setup.piece_at(sq).filter(|p| p.kind == PieceKind::King) {
                    setup.put(sq, Some(Piece::new(royal_kind, p.color)));
                }
            }
            let Ok(mut pos) = Position::from_setup(&setup, &rules) else {
                continue;
            };
            for _ in 0..6 {
                positions += 1;
                let compared = assert_matches_reference(&pos, &rules, &reference_rules, &format!("{royal_kind:?}"));
                if compared.moves.is_empty() {
                    break;
                }
                let m = compared.moves[rng.below(compared.moves.len())];
                pos = pos.play(m);
                for color in [Color::Black, Color::White] {
                    if let Some(king) = pos.king(color) {
                        assert_eq!(pos.piece_at(king), Some(Piece::new(royal_kind, color)));
                    }
                }
            }
        }
    }
    assert!(positions > 1000, "{positions} positions");
}

/// Random games with two royal pieces of a side (a second 玉, or a crown prince, put on
/// an empty square; sometimes for both sides), against the reference generator, which
/// asks every royal piece of a side (`reference::kings_of`): the same legal moves,
/// check verdicts, checks and mate-test answers at every ply, under own powers and
/// conditions that take 二玉詰.
#[test]
fn two_royal_pieces_against_the_reference_generator() {
    use yosei_core::random::SplitMix64;
    use yosei_tests::fairy_positions::{random_fairy_setup, FairyMix};
    use yosei_tests::reference;
    use yosei_tests::support::assert_matches_reference;
    let mut rng = SplitMix64::new(0x0002_0A11);
    let (mut positions, mut several) = (0, 0);
    for conditions in [
        &[][..],
        &[Condition::UchifuAllowed],
        &[Condition::NoCapture],
        &[Condition::Annan],
        &[Condition::Madrasi],
        &[Condition::Circe],
        &[Condition::NekoSen],
        &[Condition::NekoNekoSen],
        &[Condition::Isardam],
        &[Condition::Koko],
    ] {
        let rules = RuleSet::compile(conditions).unwrap();
        let reference_rules = reference::Rules::from_conditions(conditions, false);
        for game in 0..150 {
            let mut setup = random_fairy_setup(&mut rng, &FairyMix::default());
            let second = [PieceKind::King, PieceKind::CrownPrince][game % 2];
            let colors: &[Color] = match game % 3 {
                0 => &[Color::White, Color::Black],
                1 => &[Color::White],
                _ => &[Color::Black],
            };
            for &color in colors {
                let empty: Vec<Square> = Square::all().filter(|&s| setup.piece_at(s).is_none()).collect();
                setup.put(empty[rng.below(empty.len())], Some(Piece::new(second, color)));
            }
            let Ok(mut pos) = Position::from_setup(&setup, &rules) else {
                continue;
            };
            for _ in 0..6 {
                positions += 1;
                several += usize::from(pos.has_several_royals());
                let compared = assert_matches_reference(&pos, &rules, &reference_rules, &format!("{second:?}"));
                if compared.moves.is_empty() {
                    break;
                }
                let m = compared.moves[rng.below(compared.moves.len())];
                pos = pos.play(m);
            }
        }
    }
    assert!(
        positions > 1000 && several > 800,
        "{positions} positions, {several} with two royal pieces"
    );
}

/// The command line's royal kinds (`--royal`, USI `Royal`, the API's `royal`) apply to
/// a problem that declares none; a problem file's own `royal:` line wins.
#[test]
fn a_problem_files_royal_line_wins_over_the_command_lines() {
    use yosei_io::input::read_problems_from_text;
    let base = RuleSet::ordinary().with_royal_kinds("J".parse().unwrap());
    let sfen = read_problems_from_text("8[wa]/9/6G2/9/9/9/9/9/9 b G 1", "arg", &base).unwrap();
    assert!(sfen[0].rules.royal_kinds().contains(PieceKind::Kirin));
    let file = "yosei-problem 1\nstipulation: help:1\nroyal: [WA]\nposition: 8[wa]/9/6G2/9/9/9/9/9/9 b G 1\n";
    let own = read_problems_from_text(file, "file", &base).unwrap();
    let royal = own[0].rules.royal_kinds();
    assert!(royal.contains(PieceKind::Wazir) && !royal.contains(PieceKind::Kirin));
}

/// Under 二玉詰 a pawn drop that mates one 玉 is drop-pawn mate, the other 玉 free or
/// not (fm: no solution under ばか詰, 12歩打 under 打歩ばか詰).
#[test]
fn a_pawn_drop_that_mates_one_of_two_kings_is_drop_pawn_mate() {
    let line = "23金32銀 +歩, 11玉 91玉 +0 #1";
    assert!(fm_help(&format!("ばか詰 {line}")).is_empty());
    assert_eq!(fm_help(&format!("打歩ばか詰 {line}")), ["P*1b"]);
}
