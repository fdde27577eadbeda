//! 成禁, 絶対成禁, 取禁, 攻方取禁, 強欲, 禁欲 and 打歩可 (docs/rules/move-bans.md): positions
//! built for each rule (squares file-rank, `29` = 2i; moves USI; Black attacks), the
//! fm checks of the docs rebuilt, the names every format reads, the refused pairs, and
//! the general generator against the reference's restatement on random positions.

use yosei_core::random::SplitMix64;
use yosei_io::sfen::parse_sfen;
use yosei_rules::{Condition, Position, RuleSet};
use yosei_tests::fairy_positions::{random_fairy_setup, FairyMix};
use yosei_tests::reference;
use yosei_tests::support::{legal_usi, sorted};

fn rules(conditions: &[Condition]) -> RuleSet {
    RuleSet::compile(conditions).unwrap()
}

fn pos(sfen: &str, rules: &RuleSet) -> Position {
    Position::from_setup(&parse_sfen(sfen).unwrap().setup, rules).unwrap()
}

/// `pos` after one move, legal under ordinary rules.
fn after(pos: &Position, usi: &str) -> Position {
    pos.play(yosei_io::sfen::parse_usi_move(usi).unwrap())
}

/// White king 19, White pawn 28, Black gold 39 and a gold in hand: G*29 checks, and
/// the pawn takes on 29 only by promoting (unpromoted it would be dead).
const PROMOTION_ESCAPE: &str = "9/9/9/9/9/9/9/7p1/6G1k b G 1";

#[test]
fn no_promotion_a_promotion_is_not_played_but_counts_against_mate() {
    let ordinary = RuleSet::ordinary();
    let np = rules(&[Condition::NoPromotion]);
    let after_drop = after(&pos(PROMOTION_ESCAPE, &ordinary), "G*2i");
    assert_eq!(legal_usi(&after_drop, &ordinary, ""), vec!["2h2i+"]);
    assert!(!after_drop.is_checkmate(&ordinary));
    // 成禁: nothing to play, yet no mate (fm: 29金打 is no solution of 成禁ばか詰 #1)
    assert!(legal_usi(&after_drop, &np, "").is_empty());
    assert!(after_drop.has_legal_move(&np));
    assert!(!after_drop.is_checkmate(&np));
    assert!(after_drop.stuck_unmated(&np));
}

#[test]
fn no_promotion_absolute_a_promotion_is_no_move_at_all() {
    let anp = rules(&[Condition::NoPromotionAbsolute]);
    let after_drop = after(&pos(PROMOTION_ESCAPE, &anp), "G*2i");
    assert!(after_drop.is_checkmate(&anp));
    assert!(!after_drop.stuck_unmated(&anp));
}

#[test]
fn no_promotion_keeps_the_dead_piece_rule() {
    // Black pawn 12, lance 22, knight 33: each could move only onto a square where,
    // unpromoted, it would be dead
    let ordinary = RuleSet::ordinary();
    let np = rules(&[Condition::NoPromotion]);
    let sfen = "k8/7LP/6N2/9/9/9/9/9/4K4 b - 1";
    for prefix in ["1b", "2b", "3c"] {
        assert!(
            !legal_usi(&pos(sfen, &ordinary), &ordinary, prefix).is_empty(),
            "{prefix}"
        );
        assert_eq!(
            legal_usi(&pos(sfen, &np), &np, prefix),
            Vec::<String>::new(),
            "{prefix}"
        );
    }
}

/// White king 11 alone; Black drops a gold on 12, which only the king can take.
const CAPTURE_ESCAPE: &str = "8k/9/9/9/9/9/9/9/9 b G 1";

#[test]
fn no_capture_a_capture_is_not_played_but_counts_against_mate() {
    let nc = rules(&[Condition::NoCapture]);
    let after_drop = after(&pos(CAPTURE_ESCAPE, &nc), "G*1b");
    // the king is in check though the gold may not capture it
    assert!(after_drop.in_check(&nc));
    assert!(legal_usi(&after_drop, &nc, "").is_empty());
    assert!(!after_drop.is_checkmate(&nc));
    assert!(after_drop.stuck_unmated(&nc));
}

#[test]
fn no_capture_a_king_may_not_step_into_a_piece_that_may_not_capture() {
    // Black rook 59 guards file 5: the White king on 41 may not go to 51 or 52
    let nc = rules(&[Condition::NoCapture]);
    let p = pos("5k3/9/9/9/9/9/9/9/4R4 w - 1", &nc);
    let moves = legal_usi(&p, &nc, "4a");
    assert_eq!(moves, vec!["4a3a", "4a3b", "4a4b"]);
}

#[test]
fn attacker_no_capture_bans_only_the_attackers_captures() {
    let hnc = rules(&[Condition::AttackerNoCapture]);
    let after_drop = after(&pos(CAPTURE_ESCAPE, &hnc), "G*1b");
    assert_eq!(legal_usi(&after_drop, &hnc, ""), vec!["1a1b"]);
    // Black's rook 19 may not take the White pawn on 13; White's may take Black's
    let p = pos("8k/9/8p/9/9/9/9/9/8R b - 1", &hnc);
    assert!(!legal_usi(&p, &hnc, "1i").contains(&"1i1c".to_string()));
    let white = hnc.clone().with_attacker(yosei_core::Color::White);
    assert!(legal_usi(&p, &white, "1i").contains(&"1i1c".to_string()));
}

/// Black gold 13 and pawn 95, a gold in hand; White king 11 and pawn 94: 95歩 can take
/// 94歩 without check, and the gold drops on 12 and 22 mate.
const CAPTURE_OR_CHECK: &str = "8k/9/8G/p8/P8/9/9/9/9 b G 1";

#[test]
fn greedy_captures_first_among_the_moves_asked_for() {
    let greedy = rules(&[Condition::Greedy]);
    let p = pos(CAPTURE_OR_CHECK, &greedy);
    assert_eq!(legal_usi(&p, &greedy, ""), vec!["9e9d"]);
    // among checks no capture: every check stays (fm: 12金打, 22金打 under 強欲ばか詰)
    let ordinary = RuleSet::ordinary();
    let checks = |r: &RuleSet| sorted(p.legal_checks(r).as_slice().to_vec());
    assert_eq!(checks(&greedy), checks(&ordinary));
    assert!(checks(&greedy).len() >= 2);
}

#[test]
fn ascetic_captures_only_when_nothing_else_is_left() {
    let ascetic = rules(&[Condition::Ascetic]);
    let ordinary = RuleSet::ordinary();
    let p = pos(CAPTURE_OR_CHECK, &ascetic);
    let moves = legal_usi(&p, &ascetic, "");
    assert!(!moves.contains(&"9e9d".to_string()));
    assert_eq!(moves.len() + 1, legal_usi(&p, &ordinary, "").len());
    // White in check by an unprotected gold on 12: its only move, a capture, stays
    let lone = pos("8k/8G/9/9/9/9/9/9/9 w - 1", &ascetic);
    assert_eq!(legal_usi(&lone, &ascetic, ""), vec!["1a1b"]);
}

/// The Lion's moves under the duties (docs/rules/move-bans.md): a move that takes a piece
/// on either step is a capture (居食い, taking on 5d and stepping back home, too); the pass
/// takes nothing. Black Lion 5e, a White pawn on 5d, the kings far off. fm's generator
/// reads them otherwise (its captures-first list keeps only the plain capture and adds the
/// pass); yosei follows the duties' definition.
#[test]
fn a_lion_move_capturing_on_either_step_is_a_capture_and_its_pass_is_not() {
    let sfen = "8k/9/9/4p4/4I4/9/9/9/4K4 b - 1";
    let greedy = rules(&[Condition::Greedy]);
    let captures = legal_usi(&pos(sfen, &greedy), &greedy, "");
    let expected = [
        "5e5d", "5e5d4c", "5e5d4d", "5e5d4e", "5e5d5c", "5e5d5e", "5e5d6c", "5e5d6d", "5e5d6e",
    ];
    assert_eq!(captures, expected.map(String::from).to_vec());
    let ascetic = rules(&[Condition::Ascetic]);
    let quiet = legal_usi(&pos(sfen, &ascetic), &ascetic, "");
    assert!(quiet.iter().all(|m| !m.starts_with("5e5d")), "{quiet:?}");
    // the pass, through its empty neighbour 4d, stays among the non-captures
    assert!(quiet.contains(&"5e4d5e".to_string()), "{quiet:?}");
}

#[test]
fn uchifu_allowed_lifts_the_drop_pawn_mate_ban() {
    // White king 11 boxed in by its knight 21 and silver 22; Black gold 13 guards 12
    let sfen = "7nk/7s1/8G/9/9/9/9/9/9 b P 1";
    let ordinary = RuleSet::ordinary();
    let allowed = rules(&[Condition::UchifuAllowed]);
    assert!(!legal_usi(&pos(sfen, &ordinary), &ordinary, "P*").contains(&"P*1b".to_string()));
    let p = pos(sfen, &allowed);
    assert!(legal_usi(&p, &allowed, "P*").contains(&"P*1b".to_string()));
    let mated = after(&p, "P*1b");
    assert!(mated.is_checkmate(&allowed));
    // an ordinary mate: it fulfils a mate stipulation
    assert!(allowed.mate_counts(&mated, Some(yosei_io::sfen::parse_usi_move("P*1b").unwrap())));
}

#[test]
fn names_short_forms_and_japanese_words_read_back() {
    for (texts, c) in [
        (["no-promotion", "成禁", "!NP"], Condition::NoPromotion),
        (
            ["no-promotion-absolute", "絶対成禁", "!ANP"],
            Condition::NoPromotionAbsolute,
        ),
        (["no-capture", "取禁", "!NC"], Condition::NoCapture),
        (
            ["attacker-no-capture", "攻方取禁", "!HNC"],
            Condition::AttackerNoCapture,
        ),
        (["uchifu-allowed", "打歩可", "!AF"], Condition::UchifuAllowed),
        (["greedy", "強欲", "!GR"], Condition::Greedy),
        (["ascetic", "禁欲", "!AS"], Condition::Ascetic),
    ] {
        for t in texts {
            assert_eq!(t.parse::<Condition>(), Ok(c), "{t}");
        }
        let phrase = yosei_io::rule_words::parse_rule_phrase(&format!("{}ばか詰", c.japanese())).unwrap();
        assert_eq!(phrase.conditions, vec![c]);
        let short = yosei_io::rule_words::parse_rule_phrase(&format!("{}ばか詰", c.fm_short().unwrap())).unwrap();
        assert_eq!(short.conditions, vec![c]);
    }
    assert_eq!("!CX".parse::<Condition>(), Ok(Condition::Pwc));
    let both = yosei_io::rule_words::parse_rule_phrase("攻方取禁絶対成禁ばか詰").unwrap();
    assert_eq!(
        both.conditions,
        vec![Condition::AttackerNoCapture, Condition::NoPromotionAbsolute]
    );
}

#[test]
fn pairs_fm_refuses_are_refused_with_both_names() {
    use Condition::*;
    for pair in [
        [NoPromotion, NoPromotionAbsolute],
        [NoCapture, AttackerNoCapture],
        [Greedy, Ascetic],
        [NoCapture, Greedy],
        [AttackerNoCapture, Ascetic],
        [UchifuAllowed, Uchifu],
        [UchifuAllowed, UchifuSimple],
    ] {
        let err = RuleSet::compile(&pair).unwrap_err().to_string();
        assert!(err.contains(pair[0].name()) && err.contains(pair[1].name()), "{err}");
    }
    for pair in [
        [NoPromotion, Annan],
        [NoCapture, Circe],
        [Greedy, Madrasi],
        [UchifuAllowed, NoPromotion],
    ] {
        assert!(RuleSet::compile(&pair).is_ok(), "{pair:?}");
    }
}

/// The general generator against the reference on random positions with many checks:
/// the moves to play, the checks to play and the mate test's answer.
#[test]
fn random_positions_equal_the_reference_under_each_ban() {
    use Condition::*;
    let cases: Vec<Vec<Condition>> = vec![
        vec![NoPromotion],
        vec![NoPromotionAbsolute],
        vec![NoCapture],
        vec![AttackerNoCapture],
        vec![UchifuAllowed],
        vec![Greedy],
        vec![Ascetic],
        vec![NoPromotion, Annan],
        vec![Greedy, Circe],
        vec![NoCapture, Madrasi],
    ];
    let mix = FairyMix {
        no_lions: false,
        fairy_percent: 10,
        min_pieces: 4,
        max_pieces: 14,
        check_percent: 60,
        hand_percent: 80,
        ..FairyMix::default()
    };
    let mut rng = SplitMix64::new(0xBA45);
    let (mut positions, mut differ_from_counted, mut changed) = (0, 0, 0);
    for conditions in cases {
        let rules = rules(&conditions);
        let reference_rules = reference::Rules::from_conditions(&conditions, false);
        for _ in 0..150 {
            let mut mix = mix.clone();
            mix.no_lions = rules.capture_rule().is_some();
            let setup = random_fairy_setup(&mut rng, &mix);
            let Ok(p) = Position::from_setup(&setup, &rules) else {
                continue;
            };
            let sfen = yosei_io::sfen::write_sfen(&setup);
            let moves = sorted(p.legal_moves(&rules).as_slice().to_vec());
            assert_eq!(
                moves,
                sorted(reference::legal_moves_under(&setup, &reference_rules)),
                "{conditions:?} {sfen}"
            );
            let checks = sorted(p.legal_checks(&rules).as_slice().to_vec());
            assert_eq!(
                checks,
                sorted(reference::legal_checks_under(&setup, &reference_rules)),
                "{conditions:?} {sfen}"
            );
            let counted = p.has_legal_move(&rules);
            assert_eq!(
                counted,
                reference::has_legal_move_under(&setup, &reference_rules),
                "{conditions:?} {sfen}"
            );
            positions += 1;
            differ_from_counted += usize::from(moves.is_empty() && counted);
            changed += usize::from(moves != sorted(p.legal_moves(&RuleSet::ordinary()).as_slice().to_vec()));
        }
    }
    println!("positions {positions}, changed {changed}, nothing to play but counted {differ_from_counted}");
    assert!(positions > 1000 && changed > 300, "{positions} {changed}");
}
