//! Koko (docs/rules/koko.md, fm's KOKO) on positions made for one point each: moves and
//! drops must end next to a piece, king captures obey the same rule (so a distant check
//! on a lone king is none), fm's trial forms of a king capture, the names and the
//! refusals. Every position marked "fm" was checked with fm (fmza 6.005.019).
//!
//! Squares in comments are file-rank (`53` = USI `5c`); Black moves up the board.

use yosei_rules::{Condition, RuleSet, Stipulation};
use yosei_tests::support::{help_solutions, legal_usi, position_under};

use Condition::Koko;

fn rules(conditions: &[Condition]) -> RuleSet {
    RuleSet::compile(conditions).unwrap()
}

fn help3(sfen: &str, conditions: &[Condition]) -> Vec<String> {
    help_solutions(sfen, conditions, 3)
}

/// Kings on 11 and 99, a Black pawn on 55, a gold in hand: the gold may be dropped only
/// next to one of the three pieces (3 + 3 + 8 squares), and neither the pawn nor the
/// king may move — each would stand alone on its new square.
#[test]
fn koko_moves_and_drops_must_end_next_to_a_piece() {
    let sfen = "8k/9/9/9/4P4/9/9/9/K8 b G 1";
    let r = rules(&[Koko]);
    let moves = legal_usi(&position_under(sfen, &[Koko]).unwrap(), &r, "");
    assert_eq!(
        moves,
        [
            "G*1b", "G*2a", "G*2b", "G*4d", "G*4e", "G*4f", "G*5d", "G*5f", "G*6d", "G*6e", "G*6f", "G*8h", "G*8i",
            "G*9h"
        ]
    );
    assert!(legal_usi(&position_under(sfen, &[]).unwrap(), &rules(&[]), "").len() > 70);
}

/// The Black rook on 55 reaches the White king alone on 51, but on 51 it would have no
/// neighbour: no check, so the setup with Black to move is valid (fm: KOKO accepts it,
/// ordinary rules refuse it: 先手番で既に後手玉に王手が掛かっています).
#[test]
fn koko_a_distant_rook_on_a_lone_king_gives_no_check() {
    let sfen = "4k4/9/9/9/4R4/9/9/9/K8 b G 1";
    assert!(position_under(sfen, &[Koko]).is_ok());
    let e = position_under(sfen, &[]).unwrap_err();
    assert!(e.contains("in check"), "{e}");
}

/// fm's trial forms: the Black lance on 12 reaches the king on 11, which has the White
/// gold on 21 beside it. Under Koko the capture checks by promoting; under 成禁 and
/// 絶対成禁 fm's trial may not promote, and an unpromoted lance on 11 would be dead, so
/// there is no check and the setup is valid (fm agrees for all three).
#[test]
fn koko_king_capture_has_only_the_forms_fm_could_play() {
    let sfen = "7gk/8L/9/9/9/9/9/9/K8 b - 1";
    assert!(position_under(sfen, &[Koko]).unwrap_err().contains("in check"));
    for ban in [Condition::NoPromotion, Condition::NoPromotionAbsolute] {
        assert!(position_under(sfen, &[Koko, ban]).is_ok(), "{ban}");
    }
}

/// fm `KOKOばか詰 17玉25角34角53銀 +銀, 15桂33玉35飛45金51歩 +0 #3`: six lines, 53銀
/// to 42 or 44 (promoting or not on 44), 24玉, and a silver dropped on 13 or 33; under
/// ordinary rules none. After 13銀打 the king cannot take the silver: on 13 it would
/// stand alone.
#[test]
fn koko_help_mate_where_the_king_may_not_take_onto_an_empty_neighbourhood() {
    let sfen = "4p4/9/4S1k2/6B2/5grBn/9/8K/9/9 b S 1";
    assert_eq!(
        help3(sfen, &[Koko]),
        [
            "5c4b 3c2d S*1c",
            "5c4b 3c2d S*3c",
            "5c4d 3c2d S*1c",
            "5c4d 3c2d S*3c",
            "5c4d+ 3c2d S*1c",
            "5c4d+ 3c2d S*3c"
        ]
    );
    assert_eq!(help3(sfen, &[]), Vec::<String>::new());
}

/// Refused with Koko: 二歩王取無効 (fm cannot run the pair), PWC (fm's solution sets
/// differ, not understood) and 天竺 (not compared); キルケ, アンチキルケ, 打歩詰, the move
/// bans, 安南, 安北, 対面, 背面, ネコ鮮, ネコネコ鮮, Madrasi and Ｋマドラシ are accepted.
#[test]
fn koko_combinations_refused_and_accepted() {
    for other in [Condition::KikiNifuInvalid, Condition::Pwc, Condition::Tenjiku] {
        let e = RuleSet::compile(&[Koko, other]).unwrap_err().to_string();
        assert!(e.contains("not implemented together"), "{other}: {e}");
    }
    for other in [
        Condition::Circe,
        Condition::AntiCirce,
        Condition::Uchifu,
        Condition::NoCapture,
        Condition::Ascetic,
        Condition::Annan,
        Condition::Anhoku,
        Condition::Taimen,
        Condition::Haimen,
        Condition::NekoSen,
        Condition::NekoNekoSen,
        Condition::Madrasi,
        Condition::KMadrasi,
    ] {
        assert!(RuleSet::compile(&[Koko, other]).is_ok(), "{other}");
    }
}

/// Under 安南 a king capture follows the borrowed power: the Black silver on 24 moves as
/// the knight behind it on 25 and so reaches the White king on 12, whose neighbour on 11
/// makes the capture land next to a piece. White to move is in check; with Black to
/// move the setup is refused (the silver's own steps do not reach 12; fm: 先手番で既に
/// 後手玉に王手, and under KOKO alone no complaint).
#[test]
fn koko_with_annan_a_king_capture_follows_the_borrowed_power() {
    let black_to_move = "8p/8k/9/7S1/7N1/9/9/9/K8 b - 1";
    let e = position_under(black_to_move, &[Koko, Condition::Annan]).unwrap_err();
    assert!(e.contains("in check"), "{e}");
    assert!(position_under(black_to_move, &[Koko]).is_ok());
    let white_to_move = "8p/8k/9/7S1/7N1/9/9/9/K8 w - 1";
    let pos = position_under(white_to_move, &[Koko, Condition::Annan]).unwrap();
    assert!(pos.in_check(&rules(&[Koko, Condition::Annan])));
}

/// fm `KOKOマドラシばか詰 52歩53圭63角81金 +飛金, 51金71玉73金91角 +0 #1` finds no mate;
/// yosei finds 62飛打: the rook on 62 does not reach the king on 71, but standing next
/// to it gives the gold on 81 a capture that lands next to a piece — a check, and no
/// escape (72 and 61 the rook's, 81 guarded by the bishop on 63). Under Koko alone fm
/// finds it, with 62金打 and 72金打; with Madrasi its drop shortcut
/// (`help_check_place_sub_madrasi`) tries only drops whose piece reaches the king. Under
/// Madrasi the two golds' checks are paralysed: the one on 62 by the gold on 51, the one
/// on 72 by the gold on 73 (docs/rules/koko.md, "Combinations").
#[test]
fn koko_with_madrasi_a_drop_checks_by_standing_next_to_the_king() {
    let sfen = "bGk1g4/4P4/2gB+N4/9/9/9/9/9/9 b RG 1";
    let help1 = |conditions: &[Condition]| help_solutions(sfen, conditions, 1);
    assert_eq!(help1(&[Koko, Condition::Madrasi]), ["R*6b"]);
    assert_eq!(help1(&[Koko]), ["G*6b", "G*7b", "R*6b"]);
}

/// Under アンチキルケ fm's trial king capture sends the capturer home and Koko asks for a
/// neighbour there: the gold on 22 reaches the king on 11 (beside its pawn on 12), but
/// would return to 49 and stand alone — no check, so the setup with Black to move is
/// valid; with a pawn on 48 beside 49 it checks (fm: `KOKOアンチキルケばか詰 22金99玉 +金,
/// 11玉12歩 +0 #1` 不詰; with 48歩, and under KOKO alone, 先手番で既に後手玉に王手).
#[test]
fn koko_with_anticirce_a_king_capture_is_judged_where_the_capturer_returns() {
    let alone = "8k/7Gp/9/9/9/9/9/9/K8 b G 1";
    assert!(position_under(alone, &[Koko, Condition::AntiCirce]).is_ok());
    assert!(position_under(alone, &[Koko]).unwrap_err().contains("in check"));
    let beside = "8k/7Gp/9/9/9/9/9/5P3/K8 b G 1";
    let e = position_under(beside, &[Koko, Condition::AntiCirce]).unwrap_err();
    assert!(e.contains("in check"), "{e}");
}

/// cli.md's name, the katakana name, fm's keywords (KOKO, KOEKO), the case fm prints and
/// its short form; a phrase is written back with fm's keyword.
#[test]
fn koko_names_parse() {
    assert_eq!("koko".parse::<Condition>(), Ok(Koko));
    assert_eq!("!KO".parse::<Condition>(), Ok(Koko));
    assert_eq!("ココ".parse::<Condition>(), Ok(Koko));
    for text in ["KOKOばか詰", "KOEKOばか詰", "Kokoばか詰", "!KOばか詰", "ココばか詰"] {
        let p = yosei_io::rule_words::parse_rule_phrase(text).unwrap();
        assert_eq!(p.conditions, vec![Koko], "{text}");
    }
    let phrase = yosei_io::rule_words::write_rule_phrase(Some(Stipulation::Help { length: None }), &[Koko]);
    assert_eq!(phrase, "KOKOばか詰");
}

/// The mate test's king steps (told without playing them) and the evasions judged
/// unplayed must tell a reach from a check. The White king on 55 is checked by the gold
/// on 56 (on 55 it would stand beside the pawn on 45). Steps onto squares the gold or the
/// pawn reaches are legal where the capturer would land next to no piece (44, 45, 65,
/// 66), not on 46, where the gold would have the pawn beside it; 54 and 56 (taking the
/// gold, beside the pawn) are unreached; 64 is unreached but next to no piece once the
/// king has left 55, so Koko forbids it.
#[test]
fn koko_mate_test_tells_a_voided_reach_from_a_check_and_a_lonely_step() {
    let sfen = "9/9/9/9/4kP3/4G4/9/9/K8 w - 1";
    let r = rules(&[Koko]);
    let pos = position_under(sfen, &[Koko]).unwrap();
    assert!(pos.in_check(&r));
    assert_eq!(
        legal_usi(&pos, &r, ""),
        ["5e4d", "5e4e", "5e5d", "5e5f", "5e6e", "5e6f"]
    );
    assert!(pos.has_legal_move(&r));
    let reference_rules = yosei_tests::reference::Rules::from_conditions(&[Koko], false);
    yosei_tests::support::assert_matches_reference(&pos, &r, &reference_rules, "koko mate test");
}

/// Checks told without playing them must ask the pieces that already reach the king
/// without checking it. The Black rook on 59 reaches the lone White king on 51, but would
/// land there next to no piece: no check. A pawn dropped on 42 or 62 attacks no king
/// but stands next to 51, so the rook's capture now lands beside it: both drops check;
/// on 52 the pawn blocks the rook and would itself land alone on 51.
#[test]
fn koko_a_drop_next_to_the_king_checks_by_the_distant_rook() {
    let sfen = "4k4/9/9/9/9/9/9/9/K3R4 b P 1";
    let r = rules(&[Koko]);
    let pos = position_under(sfen, &[Koko]).unwrap();
    let mut checks: Vec<String> = pos.legal_checks(&r).iter().map(|m| m.to_usi()).collect();
    checks.sort();
    assert_eq!(checks, ["P*4b", "P*6b"]);
    let reference_rules = yosei_tests::reference::Rules::from_conditions(&[Koko], false);
    yosei_tests::support::assert_matches_reference(&pos, &r, &reference_rules, "koko checks");
}
