//! Isardam, types A and B (docs/rules/isardam.md, fm's ISARDAM and ISARDAM（タイプB）) on
//! positions made for one point each: the forbidden position (same kinds only, drops
//! too), the setup refusal, what type A does to check, the names and the refusals.
//! Every position marked "fm" was checked with fm (fmza 6.005.019).
//!
//! Squares in comments are file-rank (`53` = USI `5c`); Black moves up the board.

use yosei_rules::{Condition, RuleSet, Stipulation};
use yosei_tests::support::{help_solutions, legal_usi, position_under};

use Condition::{Isardam, IsardamB};

fn rules(conditions: &[Condition]) -> RuleSet {
    RuleSet::compile(conditions).unwrap()
}

fn help3(sfen: &str, conditions: &[Condition]) -> Vec<String> {
    help_solutions(sfen, conditions, 3)
}

/// A Black pawn on 55 facing a White pawn on 54 attack each other: fm refuses the
/// setup (盤面が何らかの制約に掛かっています), and so does yosei, under both types. A Black
/// tokin there attacks the pawn too, but a tokin is not a pawn: accepted (fm: 不詰).
#[test]
fn isardam_refuses_pawns_face_to_face_but_not_a_tokin_facing_a_pawn() {
    for isardam in [Isardam, IsardamB] {
        let e = position_under("4k4/9/9/4p4/4P4/9/9/9/9 b G 1", &[isardam]).unwrap_err();
        assert!(e.contains("attacks the enemy piece of its own kind"), "{e}");
        assert!(position_under("4k4/9/9/4p4/4+P4/9/9/9/9 b G 1", &[isardam]).is_ok());
    }
    assert!(position_under("4k4/9/9/4p4/4P4/9/9/9/9 b G 1", &[]).is_ok());
}

/// A silver dropped where it attacks the White silver on 53, or where that silver
/// attacks it (the same five squares: 42 62 44 54 64), leaves a forbidden position:
/// drops count like moves. Every other empty square takes it.
#[test]
fn isardam_silver_drops_next_to_an_enemy_silver_are_illegal() {
    let sfen = "8k/9/4s4/9/9/9/9/9/K8 b S 1";
    let drops = |conditions: &[Condition]| {
        let r = rules(conditions);
        legal_usi(&position_under(sfen, conditions).unwrap(), &r, "S*")
    };
    let ordinary = drops(&[]);
    assert_eq!(ordinary.len(), 78);
    for isardam in [Isardam, IsardamB] {
        let missing: Vec<String> = ordinary
            .iter()
            .filter(|m| !drops(&[isardam]).contains(m))
            .cloned()
            .collect();
        assert_eq!(missing, ["S*4b", "S*4d", "S*5d", "S*6b", "S*6d"]);
    }
}

/// fm `ISARDAMばか詰 33香44金45銀 +香, 14角21香23玉 +0 #3`: 不詰; type B: the four lines
/// `2x香打 25角 同香`. In the final position the lance on 25 checks the king on 23
/// under both types (under type A by its promoted capture: an unpromoted lance on 23
/// would face the White lance on 21). The king may not leave file 2 (the Black lance
/// would then face the White one), but under type A it escapes to 24: the lance's
/// capture there cannot promote (outside the zone) and unpromoted faces the lance on 21,
/// so it is no check.
#[test]
fn isardam_type_a_king_escapes_where_the_only_capture_would_face_a_lance_with_a_lance() {
    let sfen = "7l1/9/6Lk1/5G2b/5S3/9/9/9/9 b L 1";
    assert_eq!(help3(sfen, &[Isardam]), Vec::<String>::new());
    assert_eq!(
        help3(sfen, &[IsardamB]),
        ["L*2f 1d2e 2f2e", "L*2g 1d2e 2g2e", "L*2h 1d2e 2h2e", "L*2i 1d2e 2i2e"]
    );
    let end = "7l1/9/6Lk1/5G3/5S1L1/9/9/9/9 w B 1";
    let king_moves = |c: Condition| {
        let pos = position_under(end, &[c]).unwrap();
        assert!(pos.in_check(&rules(&[c])), "{c}");
        legal_usi(&pos, &rules(&[c]), "2c")
    };
    assert_eq!(king_moves(Isardam), ["2c2d"]);
    assert_eq!(king_moves(IsardamB), Vec::<String>::new());
    // the mate test's shortcut (a king step told legal without playing it) asks Isardam
    // too: the steps off file 2 leave the lances facing each other
    for (c, escapes) in [(Isardam, true), (IsardamB, false)] {
        let pos = position_under(end, &[c]).unwrap();
        assert_eq!(pos.has_legal_move(&rules(&[c])), escapes, "{c}");
    }
}

/// A grasshopper (fm refuses hoppers, Lion-style and Mao-style pieces) is refused.
/// Isardam with Andernach: the capture of the king is judged on the board after it, the
/// capturer turned. fm `ISARDAMANDERNACHばか詰 12金21金29香, 11玉 +0 #1`: `13金<12` only.
/// The golds on 21 and 12 both reach the king on 11, but either, taking it, would stand
/// there as a White gold next to the other Black gold (and attack it): no check, so
/// the setup is legal with Black to move. ▲1b1c leaves the gold on 21 alone: its
/// capture now stands, the king may not take it (the lance on 29 would take back, a
/// valid check) and 22 and 12 are covered. Under ISARDAM alone (the golds stay Black),
/// type B with Andernach (no judgement) and type A with Anti-Andernach (a capture keeps
/// its colour) fm refuses the setup (先手番で既に後手玉に王手が掛かっています), and so does
/// yosei.
#[test]
fn isardam_andernach_two_golds_on_the_king_give_no_check() {
    let sfen = "7Gk/8G/9/9/9/9/9/9/7L1 b - 1";
    assert_eq!(help_solutions(sfen, &[Isardam, Condition::Andernach], 1), ["1b1c"]);
    for conditions in [
        &[Isardam][..],
        &[IsardamB, Condition::Andernach],
        &[Isardam, Condition::AntiAndernach],
    ] {
        let e = position_under(sfen, conditions).unwrap_err();
        assert!(e.contains("in check"), "{conditions:?}: {e}");
    }
}

#[test]
fn isardam_refuses_a_hopper() {
    let e = position_under("4k4/9/9/9/4A4/9/9/9/9 b - 1", &[Isardam]).unwrap_err();
    assert!(e.contains("not defined for here"), "{e}");
}

/// Type A with アンチキルケ: fm's trial king capture plays the capturer's return, so the
/// dead-piece rule is the return square's. After 62銀打 72玉 84桂打 the knight reaches the
/// king on 72: promoted it would go home to 89 as a promoted knight facing White's on 79
/// once 67桂 goes there promoting, but unpromoted (dead on 72, not on 89) it goes home as
/// a knight, attacks no knight, and checks: 79桂成 is no answer, and it is mate (fm: nine
/// solutions, this line among them; yosei found eight while it held the unpromoted capture
/// to the king's square).
#[test]
fn isardam_with_anticirce_a_king_capture_is_judged_where_the_capturer_returns() {
    let solutions = help3(
        "1pkn1+S3/9/G8/3P5/9/9/3n4p/9/9 b NS 1",
        &[Isardam, Condition::AntiCirce],
    );
    assert_eq!(solutions.len(), 9, "{solutions:?}");
    assert!(solutions.contains(&"S*6b 7a7b N*8d".to_string()), "{solutions:?}");
}

/// fm makes Isardam exclusive with Madrasi, the power-changing conditions and Koko;
/// the combinations not compared with fm (or, for type A with PWC, on which fm plays a
/// king capture yosei does not) are refused too.
#[test]
fn isardam_combinations_are_refused_as_fm_refuses_them() {
    for other in [
        Condition::Madrasi,
        Condition::KMadrasi,
        Condition::Annan,
        Condition::Haimen,
        Condition::Koko,
    ] {
        let e = RuleSet::compile(&[Isardam, other]).unwrap_err().to_string();
        assert!(e.contains("fm treats Isardam as exclusive"), "{other}: {e}");
    }
    for other in [Condition::Tenjiku, Condition::Pwc] {
        let e = RuleSet::compile(&[Isardam, other]).unwrap_err().to_string();
        assert!(e.contains("not implemented together"), "{other}: {e}");
    }
    assert!(RuleSet::compile(&[Isardam, IsardamB]).is_err());
    for other in [
        Condition::Circe,
        Condition::AntiCirce,
        Condition::Uchifu,
        Condition::NoPromotion,
        Condition::Greedy,
    ] {
        assert!(RuleSet::compile(&[Isardam, other]).is_ok(), "{other}");
    }
    assert!(RuleSet::compile(&[IsardamB, Condition::Pwc]).is_ok());
    for isardam in [Isardam, IsardamB] {
        for turn in [Condition::Andernach, Condition::AntiAndernach] {
            assert!(RuleSet::compile(&[isardam, turn]).is_ok(), "{isardam} {turn}");
        }
    }
}

/// cli.md's names (and `isardam-a`), the katakana names, fm's keywords, the case fm
/// prints and its short forms; a phrase is written back with fm's keyword.
#[test]
fn isardam_names_parse() {
    assert_eq!("isardam".parse::<Condition>(), Ok(Isardam));
    assert_eq!("isardam-a".parse::<Condition>(), Ok(Isardam));
    assert_eq!("isardam-b".parse::<Condition>(), Ok(IsardamB));
    assert_eq!("!IB".parse::<Condition>(), Ok(IsardamB));
    for (text, c) in [
        ("ISARDAMばか詰", Isardam),
        ("!ISばか詰", Isardam),
        ("Isardamばか詰", Isardam),
        ("イザルダムばか詰", Isardam),
        ("ISARDAM（タイプB）ばか詰", IsardamB),
        ("ISARDAM（タイプＢ）ばか詰", IsardamB),
        ("!IB ばか詰", IsardamB),
    ] {
        let p = yosei_io::rule_words::parse_rule_phrase(text).unwrap();
        assert_eq!(p.conditions, vec![c], "{text}");
    }
    let phrase = |c| yosei_io::rule_words::write_rule_phrase(Some(Stipulation::Help { length: None }), &[c]);
    assert_eq!(phrase(Isardam), "ISARDAMばか詰");
    assert_eq!(phrase(IsardamB), "ISARDAM（タイプB）ばか詰");
    // fm's one-line form, read and written back
    let line = "ISARDAM（タイプB）ばか詰 33香44金45銀 +香, 14角21香23玉 +0 #3";
    let problem = yosei_io::fm::read_fm(line).unwrap();
    assert_eq!(problem.conditions, vec![IsardamB]);
    assert!(yosei_io::fm::write_fm(&problem).starts_with("ISARDAM（タイプB）ばか詰"));
}

/// The mate test's king steps (told without playing them, `has_legal_king_step`) must
/// ask Isardam of the square the king leaves. The White king on 55 stands between the
/// White rook on 51 and the Black rook on 59 and is checked by the knight on 47: every
/// step off the file, unreached by any Black piece, would let the two rooks face each
/// other, so none is legal; the steps along the file land where the silvers on 63 and
/// 67 take the king (their captures leave no pair: checks under type A too), and the
/// rook's moves leave the knight's check. Mate under both types — and under ordinary
/// rules the king just walks away.
#[test]
fn isardam_mate_test_a_king_step_off_the_line_between_two_rooks_is_no_escape() {
    let sfen = "4r4/9/3S5/9/4k4/9/3S1N3/9/K3R4 w - 1";
    for cond in [Isardam, IsardamB] {
        let r = rules(&[cond]);
        let pos = position_under(sfen, &[cond]).unwrap();
        assert!(pos.in_check(&r), "{cond}");
        assert_eq!(legal_usi(&pos, &r, ""), Vec::<String>::new(), "{cond}");
        assert!(!pos.has_legal_move(&r), "{cond}");
        let reference_rules = yosei_tests::reference::Rules::from_conditions(&[cond], false);
        yosei_tests::support::assert_matches_reference(&pos, &r, &reference_rules, "isardam mate test");
    }
    let r = rules(&[]);
    assert!(position_under(sfen, &[]).unwrap().has_legal_move(&r));
}

/// The legal checks of `pos` under `r`, in USI, sorted.
fn checks_usi(pos: &yosei_rules::Position, r: &RuleSet) -> Vec<String> {
    let mut out: Vec<String> = pos.legal_checks(r).iter().map(|m| m.to_usi()).collect();
    out.sort();
    out
}

/// Type A's checks told without playing them (`LocalSafety::trial_gives_check_unplayed`):
/// the Black rook on 59 reaches the White king on 54, but its capture (which cannot
/// promote there) would land facing the White rook on 94: voided, no check; so would a
/// capture by the rook moved up the file. Taking the rook on 94 with the lance (94香)
/// makes the capture valid — a check by a piece that does not move. The one check is
/// 94香, as the slow reference finds.
#[test]
fn isardam_a_check_told_unplayed_by_a_capture_another_move_makes_valid() {
    let sfen = "9/9/9/r3k4/9/9/9/9/L3R3K b - 1";
    let r = rules(&[Isardam]);
    let pos = position_under(sfen, &[Isardam]).unwrap();
    assert!(legal_usi(&pos, &r, "5i").contains(&"5i5e".to_string()));
    assert_eq!(checks_usi(&pos, &r), vec!["9i9d"]);
    let reference_rules = yosei_tests::reference::Rules::from_conditions(&[Isardam], false);
    yosei_tests::support::assert_matches_reference(&pos, &r, &reference_rules, "isardam type A checks");
    // (under type B the rook on 59 checks: the setup is refused)
    assert!(position_under(sfen, &[IsardamB]).is_err());
}

/// Type A's king safety told without playing the move (`LocalRules::reach_checks`): the
/// Black king on 55 stands in check from the White rook on 51 (which cannot promote
/// taking it there). A rook dropped on the 5th rank, or below the king on its file, with
/// nothing between it and the king would face the White rook once that rook took the
/// king, so the capture is voided and the drop answers the check — the dropped piece, not yet on the board, decides; a rook
/// dropped between them on the file would attack the White rook (forbidden). Under type
/// B no drop answers.
#[test]
fn isardam_a_a_drop_answers_a_check_by_voiding_the_capture() {
    let sfen = "4r3k/9/9/9/4K4/9/9/9/9 b R 1";
    let drops = [
        "R*1e", "R*2e", "R*3e", "R*4e", "R*5f", "R*5g", "R*5h", "R*5i", "R*6e", "R*7e", "R*8e", "R*9e",
    ];
    let r = rules(&[Isardam]);
    let pos = position_under(sfen, &[Isardam]).unwrap();
    assert!(pos.in_check(&r));
    assert_eq!(legal_usi(&pos, &r, "R*"), drops);
    let reference_rules = yosei_tests::reference::Rules::from_conditions(&[Isardam], false);
    yosei_tests::support::assert_matches_reference(&pos, &r, &reference_rules, "isardam type A voiding drop");
    let r = rules(&[IsardamB]);
    let pos = position_under(sfen, &[IsardamB]).unwrap();
    assert_eq!(legal_usi(&pos, &r, "R*"), Vec::<String>::new());
}
