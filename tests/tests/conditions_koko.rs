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

/// Refused with Koko: 二歩王取無効 (fm cannot run the pair), the power conditions,
/// Madrasi and PWC (fm's solution sets differ), アンチキルケ (not compared); キルケ, 打歩詰
/// and the move bans are accepted.
#[test]
fn koko_combinations_refused_and_accepted() {
    for other in [
        Condition::Annan,
        Condition::Taimen,
        Condition::Madrasi,
        Condition::KMadrasi,
        Condition::Pwc,
        Condition::AntiCirce,
        Condition::Tenjiku,
    ] {
        let e = RuleSet::compile(&[Koko, other]).unwrap_err().to_string();
        assert!(e.contains("not implemented together"), "{other}: {e}");
    }
    for other in [
        Condition::Circe,
        Condition::Uchifu,
        Condition::NoCapture,
        Condition::Ascetic,
    ] {
        assert!(RuleSet::compile(&[Koko, other]).is_ok(), "{other}");
    }
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
