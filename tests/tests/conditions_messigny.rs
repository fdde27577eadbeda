//! Messigny (docs/rules/messigny.md; fm's MESSIGNY, MESSIGNY（欧州式）, MESSIGNY（日本式）)
//! on positions made for one point each: which pieces swap, what may follow a swap
//! under each reading, fm's first-move reading, swaps that mate, a swap that saves a
//! pawn drop from being drop-pawn mate, the notation, the refused combinations, the
//! stipulations beside help mate (direct mate, ばか自殺詰); and the general generator
//! against the reference generator on random positions and games.
//!
//! Squares in comments are file-rank (`53` = USI `5c`); Black moves up the board. The
//! problems were checked with fmza 6.005.019 (its lines quoted).

use yosei_core::random::SplitMix64;
use yosei_core::{Move, PieceKind, Square};
use yosei_io::sfen::{parse_sfen, parse_usi_move};
use yosei_rules::{Condition, Position, RuleSet, Stipulation};
use yosei_tests::fairy_positions::{random_fairy_setup, FairyMix};
use yosei_tests::reference::{self, Swap};
use yosei_tests::support::{assert_packs, help_lines, legal_usi, solution_lines, sorted};

use Condition::{Messigny, MessignyEu, MessignyJp};

const ALL_THREE: [Condition; 3] = [Messigny, MessignyEu, MessignyJp];

fn rules(conditions: &[Condition]) -> RuleSet {
    RuleSet::compile(conditions).unwrap()
}

fn pos(sfen: &str, rules: &RuleSet) -> Position {
    Position::from_setup(&parse_sfen(sfen).unwrap().setup, rules).unwrap()
}

/// The position after the USI moves `line`, each required legal.
fn after(sfen: &str, rules: &RuleSet, line: &[&str]) -> Position {
    let mut p = pos(sfen, rules);
    for usi in line {
        let m = p
            .find_legal(parse_usi_move(usi).unwrap(), rules)
            .unwrap_or_else(|| panic!("{usi} is not legal in {p:?}"));
        p.play_in_place(m);
    }
    p
}

fn help(sfen: &str, conditions: &[Condition], length: u32) -> Vec<String> {
    help_play(sfen, conditions, Stipulation::Help { length: Some(length) })
}

/// The solution lines of a help stipulation (ばか詰, ばか自殺詰, their stalemates).
fn help_play(sfen: &str, conditions: &[Condition], stipulation: Stipulation) -> Vec<String> {
    let rules = rules(conditions);
    help_lines(&pos(sfen, &rules), &rules, stipulation)
}

/// Black gold 55 swaps with the White gold that has just taken on 12 and mates (fm
/// `12歩打 同金<21 同金<>55`): White could swap straight back, and only the plain
/// MESSIGNY lets it; both restricted readings forbid it (the European any swap, the
/// Japanese the same two squares), so the swap mates there and not under MESSIGNY.
#[test]
fn messigny_swap_that_mates_unless_it_can_be_swapped_back() {
    let sfen = "7gk/9/6NS1/9/4G4/9/9/9/9 b P 1";
    let plain = "3c2a+ 1a2a G*2b";
    assert_eq!(help(sfen, &[Messigny], 3), vec![plain]);
    for c in [MessignyEu, MessignyJp] {
        assert_eq!(help(sfen, &[c], 3), vec![plain, "P*1b 2a1b 5e<>1b"], "{c}");
    }
}

/// The same swap as the problem's first move does not mate under any reading: fm does
/// not remember the first move when it judges the second, so White swaps straight back
/// (fm: no solution in 1 for each keyword).
#[test]
fn messigny_first_move_is_not_remembered() {
    let sfen = "7gk/9/6NS1/9/4G4/9/9/9/9 b - 1";
    for c in ALL_THREE {
        assert!(help(sfen, &[c], 1).is_empty(), "{c}");
        let rules = rules(&[c]);
        let p = after(sfen, &rules, &["5e<>2a"]);
        assert!(p.in_check(&rules));
        assert_eq!(legal_usi(&p, &rules, "5e<>"), vec!["5e<>2a"], "{c}");
    }
}

/// Kings swap too (fm `12歩打 同玉<11 同王<>99` and two more): after P*12 the White
/// king stands on 12, 21 or 22 and Black's king swaps with it, leaving it on 99 mated
/// by the golds 88 and 98. Under MESSIGNY the kings swap back.
#[test]
fn messigny_kings_swap() {
    let sfen = "8k/9/9/9/9/9/9/GG7/K8 b P 1";
    assert!(help(sfen, &[Messigny], 3).is_empty());
    for c in [MessignyEu, MessignyJp] {
        assert_eq!(
            help(sfen, &[c], 3),
            vec!["P*1b 1a1b 9i<>1b", "P*1b 1a2a 9i<>2a", "P*1b 1a2b 9i<>2b"],
            "{c}"
        );
    }
}

/// After Black's gold swap 58↔52 (third ply), White may swap back (MESSIGNY only) and
/// swap its silver 62 with Black's silver 68 (not under the European reading, which
/// forbids any swap right after a swap).
#[test]
fn messigny_what_may_follow_a_swap_under_each_reading() {
    let sfen = "8k/3sg4/9/9/9/9/9/3SG4/K8 b - 1";
    let line = ["9i9h", "1a1b", "5h<>5b"];
    let expect = |c: Condition, back: bool, silvers: bool| {
        let rules = rules(&[c]);
        let p = after(sfen, &rules, &line);
        assert_eq!(
            legal_usi(&p, &rules, "5h<>"),
            if back { vec!["5h<>5b"] } else { vec![] },
            "{c}"
        );
        assert_eq!(
            legal_usi(&p, &rules, "6b<>"),
            if silvers { vec!["6b<>6h"] } else { vec![] },
            "{c}"
        );
    };
    expect(Messigny, true, true);
    expect(MessignyEu, false, false);
    expect(MessignyJp, false, true);
    // a move that is no swap lifts the restriction
    let rules = rules(&[MessignyEu]);
    let p = after(sfen, &rules, &["9i9h", "1a1b", "5h<>5b", "1b1a", "9h9i"]);
    assert_eq!(legal_usi(&p, &rules, "5h<>"), vec!["5h<>5b"]);
}

/// P*12 against the king on 11 (silver 23 guards 12, gold 32 covers 21 and 22) is
/// drop-pawn mate under ordinary rules; under Messigny White's pawn 93 swaps with the
/// dropped pawn, so the drop is legal (and no mate).
#[test]
fn messigny_swap_answers_a_pawn_drop() {
    let sfen = "8k/6G2/p6S1/9/9/9/9/9/9 b P 1";
    let ordinary = RuleSet::ordinary();
    assert!(legal_usi(&pos(sfen, &ordinary), &ordinary, "P*1b").is_empty());
    for c in ALL_THREE {
        let rules = rules(&[c]);
        assert_eq!(legal_usi(&pos(sfen, &rules), &rules, "P*1b"), vec!["P*1b"], "{c}");
        let p = after(sfen, &rules, &["P*1b"]);
        assert_eq!(legal_usi(&p, &rules, ""), vec!["9c<>1b"], "{c}");
        assert!(!help(sfen, &[c], 1).iter().any(|l| l == "P*1b"), "{c}");
    }
}

/// Under Madrasi a swap needs no power: Black's gold 55, paralysed by White's gold 54
/// (no ordinary move), still swaps — with 54, with 21, and after 12歩打 同金<21 with the
/// gold on 12, which mates (fm `!MEマドラシばか詰`: `12歩打 同金<21 同金<>55`, the only
/// solution).
#[test]
fn messigny_paralysed_piece_swaps_under_madrasi() {
    let sfen = "7gk/9/6NS1/4g4/4G4/9/9/9/9 b P 1";
    let conditions = [MessignyEu, Condition::Madrasi];
    let rules = rules(&conditions);
    assert_eq!(legal_usi(&pos(sfen, &rules), &rules, "5e"), vec!["5e<>2a", "5e<>5d"]);
    assert_eq!(help(sfen, &conditions, 3), vec!["P*1b 2a1b 5e<>1b"]);
}

/// A swap partner has exactly the mover's kind, promoted or not: the と on 55 swaps
/// with the と on 23, not with the pawn on 33 (a pawn with a pawn, a king with a king).
#[test]
fn messigny_partners_have_the_same_kind() {
    let sfen = "k8/9/6p+p1/9/4+P4/9/9/9/8K b - 1";
    let rules = rules(&[Messigny]);
    assert_eq!(legal_usi(&pos(sfen, &rules), &rules, "5e<>"), vec!["5e<>2c"]);
    assert_eq!(legal_usi(&pos(sfen, &rules), &rules, "1i<>"), vec!["1i<>9a"]);
}

/// Each piece must be able to stand where it lands for its owner: Black's pawn 55 may
/// not swap with the White pawn on 21 (a Black pawn on the first rank is dead), nor
/// with the one on 33 while Black has a pawn on 37 (two pawns); White's pawn on 33 may
/// not land on 55 while White has a pawn on 51.
#[test]
fn messigny_dead_pieces_and_two_pawns_forbid_swaps() {
    let rules = rules(&[Messigny]);
    let moves = |sfen: &str| legal_usi(&pos(sfen, &rules), &rules, "5e<>");
    assert_eq!(moves("k6p1/9/6p2/9/4P4/9/9/9/8K b - 1"), vec!["5e<>3c"]);
    assert_eq!(moves("k6p1/9/6p2/9/4P4/9/6P2/9/8K b - 1"), Vec::<String>::new());
    assert_eq!(moves("k3p4/9/6p2/9/4P4/9/9/9/8K b - 1"), Vec::<String>::new());
    // White's pawn on 59 would be dead for White: no swap 5i<>3c
    let p = pos("k8/9/6p2/9/9/9/9/9/4P3K b - 1", &rules);
    assert!(legal_usi(&p, &rules, "5i<>").is_empty());
    // the same file: each pawn alone on it afterwards
    assert_eq!(moves("k8/9/4p4/9/4P4/9/9/9/8K b - 1"), vec!["5e<>5c"]);
}

/// A swap may give check, and the check generator finds it: Black's gold 55 swaps with
/// White's gold 21 next to the king on 11.
#[test]
fn messigny_swaps_give_check() {
    let sfen = "7gk/9/6NS1/9/4G4/9/9/9/9 b - 1";
    for c in ALL_THREE {
        let rules = rules(&[c]);
        let p = pos(sfen, &rules);
        let swap = parse_usi_move("5e<>2a").unwrap();
        assert!(p.legal_checks(&rules).contains(swap), "{c}");
        assert!(p.play(swap).in_check(&rules));
    }
}

/// The swap's notation: USI `5e<>2a`, KIF `２一金<>(55)`, KI2 `▲２一金<>`, all read back;
/// CSA refuses to write it.
#[test]
fn messigny_swap_notation_round_trips() {
    let sfen = "7gk/9/6NS1/9/4G4/9/9/9/9 b - 1";
    let rules = rules(&[Messigny]);
    let p = pos(sfen, &rules);
    let swap = Move::swap(Square::new(5, 5).unwrap(), Square::new(2, 1).unwrap());
    assert_eq!(swap.to_usi(), "5e<>2a");
    assert_eq!(parse_usi_move("5e<>2a").unwrap(), swap);
    assert!(parse_usi_move("5e<2a").is_err());
    assert_eq!(p.find_legal(swap, &rules), Some(swap));
    let gold = p.piece_at(Square::new(5, 5).unwrap()).unwrap();
    let kif = yosei_io::notation::write_kif_move(gold, swap, None, None);
    assert_eq!(kif, "２一金<>(55)");
    assert_eq!(yosei_io::notation::parse_kif_move(&kif, None).unwrap(), swap);
    let ki2 = yosei_io::notation::write_ki2_move(&p, &rules, swap, None);
    assert_eq!(ki2, "▲２一金<>");
    assert_eq!(
        yosei_io::notation::parse_ki2_move(&ki2, &p, &rules, None).unwrap(),
        swap
    );
    // the capture of the same gold is another move
    let capture = yosei_io::notation::parse_ki2_move("▲２一金", &p, &rules, None);
    assert!(capture.is_err(), "no gold reaches 21 by moving: {capture:?}");
}

/// fm's keywords and short forms, and the cli.md names.
#[test]
fn messigny_words() {
    use yosei_io::rule_words::{parse_rule_phrase, write_rule_phrase};
    for (text, c) in [
        ("MESSIGNYばか詰", Messigny),
        ("!MSばか詰", Messigny),
        ("Messignyばか詰", Messigny),
        ("MESSIGNY（欧州式）ばか詰", MessignyEu),
        ("!MEばか詰", MessignyEu),
        ("Messigny（欧州式）ばか詰", MessignyEu),
        ("MESSIGNY（日本式）ばか詰", MessignyJp),
        ("!MJばか詰", MessignyJp),
    ] {
        let p = parse_rule_phrase(text).unwrap();
        assert_eq!(p.conditions, vec![c], "{text}");
        let written = write_rule_phrase(p.stipulation, &p.conditions);
        assert_eq!(parse_rule_phrase(&written).unwrap().conditions, vec![c], "{written}");
    }
    for (name, c) in [
        ("messigny", Messigny),
        ("messigny-eu", MessignyEu),
        ("messigny-jp", MessignyJp),
    ] {
        assert_eq!(name.parse::<Condition>().unwrap(), c);
        assert_eq!(c.to_string(), name);
    }
}

/// fm makes Messigny exclusive with the Circe family and Andernach and refuses it with
/// 強欲 and 禁欲; the three readings exclude each other. Koko, Isardam, fm's 打歩詰 and
/// (fm has none of them) 単純打歩, 天竺, 駒詰 and skci combine.
#[test]
fn messigny_refused_combinations() {
    for other in [
        Condition::Circe,
        Condition::AntiCirce,
        Condition::Pwc,
        Condition::Andernach,
        Condition::AntiAndernach,
        Condition::Greedy,
        Condition::Ascetic,
        MessignyEu,
    ] {
        let err = RuleSet::compile(&[Messigny, other]).unwrap_err();
        assert!(format!("{err}").contains("messigny"), "{other}: {err}");
    }
    let accepted = [
        Condition::Koko,
        Condition::Isardam,
        Condition::IsardamB,
        Condition::Uchifu,
        Condition::UchifuSimple,
        Condition::Tenjiku,
        Condition::Komazume(PieceKind::Silver),
        Condition::SelfCheckCaptureInvalid,
    ];
    let pairs = [Messigny, MessignyEu, MessignyJp].map(|m| accepted.map(|other| [m, other]));
    for pair in pairs.iter().flatten() {
        assert!(RuleSet::compile(pair).is_ok(), "{pair:?}");
    }
}

/// A swap neither promotes nor captures, so the move bans leave it alone: with
/// `!ME` and 成禁 only the swap line of `messigny_swap_that_mates_unless_it_can_be_swapped_back`
/// is left (the knight may not promote on 21), with 取禁 nothing (White's gold may not
/// take the pawn); fm `!ME成禁ばか詰 #3`: `12歩打 同金<21 同金<>55` only, `!ME取禁`: 不詰.
/// Under 取禁 the swap with the gold beside it is still legal where the capture is not.
#[test]
fn messigny_swaps_under_the_move_bans() {
    let sfen = "7gk/9/6NS1/9/4G4/9/9/9/9 b P 1";
    assert_eq!(
        help(sfen, &[MessignyEu, Condition::NoPromotion], 3),
        vec!["P*1b 2a1b 5e<>1b"]
    );
    assert!(help(sfen, &[MessignyEu, Condition::NoCapture], 3).is_empty());
    let rules = rules(&[Messigny, Condition::NoCapture]);
    let p = pos("8k/9/9/4g4/4G4/9/9/9/9 b - 1", &rules);
    assert_eq!(legal_usi(&p, &rules, "5e5d"), Vec::<String>::new());
    assert_eq!(legal_usi(&p, &rules, "5e<>"), vec!["5e<>5d"]);
}

/// 利き二歩無効 judges a check after a swap like any other: Black's pawn 88 swaps with
/// White's pawn 66 and, with the gold 67 behind it (安南), attacks the king on 55
/// diagonally; taking it would put a second Black pawn on file 5 (59), so under
/// 利き二歩無効 the swap is legal but no check.
#[test]
fn messigny_swap_checks_as_kiki_nifu_reads_the_pawn() {
    let sfen = "9/9/9/9/4k4/3p5/3G5/1P7/4P4 b - 1";
    for (conditions, checks) in [
        (&[Messigny, Condition::Annan][..], true),
        (&[Messigny, Condition::Annan, Condition::KikiNifuInvalid][..], false),
    ] {
        let rules = rules(conditions);
        let p = pos(sfen, &rules);
        assert_eq!(legal_usi(&p, &rules, "8h<>"), vec!["8h<>6f"], "{conditions:?}");
        let swap_checks = p.legal_checks(&rules).iter().any(|m| m.to_usi() == "8h<>6f");
        assert_eq!(swap_checks, checks, "{conditions:?}");
    }
}

/// Koko asks a swap's mover for a neighbour on the square it swapped to. fm
/// `MESSIGNYKOKOばか詰 91銀94角, 16銀58飛82角92金93玉 +0 #3`: `82銀生<91 同銀<>16 57角打`
/// only; `MESSIGNYばか詰`: 不詰. After ▲9a8b (the silver takes the bishop) White's
/// silver on 16 swaps with it (it lands on 82, beside the gold) and ▲B*5g checks: under
/// Koko the king may not take the bishop on 94 (alone there), the rook may not take
/// the checker (alone on 57) and White's silver may not swap back onto 16 (alone), so
/// it is mate; without Koko the rook takes.
#[test]
fn messigny_koko_swap_mover_needs_a_neighbour() {
    let sfen = "S8/gb7/k8/B8/9/8s/9/4r4/9 b - 1";
    assert_eq!(help(sfen, &[Messigny, Condition::Koko], 3), ["9a8b 1f<>8b B*5g"]);
    assert!(help(sfen, &[Messigny], 3).is_empty());
}

/// Isardam judges the board after a swap. fm `MESSIGNYISARDAMばか詰 42銀71角95桂 +金歩,
/// 61香63金72玉73銀77飛87飛 +0 #3`: `73銀<>42 71玉<72 72金打` only; type B also
/// `83桂成<95 71玉<72 72金打`; `MESSIGNYばか詰`: 不詰. In the end White's gold on 63
/// could swap with the checking gold on 72 (the check gone), but the Black gold would
/// then stand on 63 attacking the White gold on 72: a position Isardam forbids. After
/// `9e8c+` instead, type A lets the king step to 62: the gold on 72 taking it there
/// would stand beside, and attack, the White gold on 63, and no other piece reaches 62
/// (after the swap the Black silver on 73 does).
#[test]
fn messigny_isardam_forbids_a_swap_that_would_escape() {
    let sfen = "2Bl5/2k2S3/2sg5/9/N8/9/1rr6/9/9 b GP 1";
    assert_eq!(help(sfen, &[Messigny, Condition::Isardam], 3), ["4b<>7c 7b7a G*7b"]);
    assert_eq!(
        help(sfen, &[Messigny, Condition::IsardamB], 3),
        ["4b<>7c 7b7a G*7b", "9e8c+ 7b7a G*7b"]
    );
    assert!(help(sfen, &[Messigny], 3).is_empty());
}

/// fm's 打歩詰 with Messigny: the mate must be a pawn drop. fm `MESSIGNY打歩詰ばか詰 15金41角51龍
/// +歩, 22金23玉26桂32金89角 +0 #3` (and `!ME打歩詰`, `!MJ打歩詰`): `89角<>41 13玉<23 14歩打`
/// only; `打歩詰ばか詰`: 不詰. The Black bishop swaps from 41 onto 89 and checks along the
/// long diagonal; after 2c1c the pawn drop mates, which Messigny alone forbids
/// (drop-pawn mate).
#[test]
fn messigny_uchifu_swap_then_pawn_drop_mate() {
    let sfen = "4+RB3/6gg1/7k1/9/8G/7n1/9/9/1b7 b P 1";
    for messigny in [Messigny, MessignyEu, MessignyJp] {
        assert_eq!(
            help(sfen, &[messigny, Condition::Uchifu], 3),
            ["4a<>8i 2c1c P*1d"],
            "{messigny}"
        );
        assert!(help(sfen, &[messigny], 3).is_empty(), "{messigny}");
    }
    assert!(help(sfen, &[Condition::Uchifu], 3).is_empty());
}

/// fm's cut under 打歩詰 at work. fm `MESSIGNY打歩詰ばか詰 53金59玉 +歩, 41桂51玉61桂84角 +0
/// #1` (and `!ME`, `!MJ`): 不詰; `打歩詰ばか詰`: `52歩打`. After P*5b White's king swaps with
/// Black's (5a<>5i) and so escapes, checking the Black king now on 51 by the bishop on
/// 84: that reply is no mate of Black's (Black's king may step aside, or, under the
/// plain reading, swap straight back, a check whose own mate question meets White's
/// repeated swap, which fm's cut counts as an escape at once). yosei asks the same
/// questions, the reference too.
#[test]
fn messigny_uchifu_king_swap_answers_the_pawn_drop() {
    let sfen = "3nkn3/9/4G4/1b7/9/9/9/9/4K4 b P 1";
    for (messigny, swap) in [
        (Messigny, Swap::Free),
        (MessignyEu, Swap::European),
        (MessignyJp, Swap::Japanese),
    ] {
        let conditions = [messigny, Condition::Uchifu];
        assert!(help(sfen, &conditions, 1).is_empty(), "{messigny}");
        let rules = rules(&conditions);
        let p = after(sfen, &rules, &["P*5b"]);
        assert_eq!(legal_usi(&p, &rules, "5a<>"), ["5a<>5i"], "{messigny}");
        let reference_rules = reference::Rules {
            swap: Some(swap),
            ..reference::Rules::from_conditions(&conditions, false)
        };
        assert_eq!(
            sorted(p.legal_moves(&rules).as_slice().to_vec()),
            sorted(reference::legal_moves_under(&p.to_setup(), &reference_rules)),
            "{messigny}"
        );
    }
    assert_eq!(help(sfen, &[Condition::Uchifu], 1), ["P*5b"]);
}

/// The general generator against the reference (tests/src/reference.rs) under each
/// reading, alone and with a power-lending condition, Madrasi, Koko or Isardam: identical legal moves
/// and checks on random positions and a few plies of random games that prefer swaps
/// (so that the readings' restrictions are met), with `key_after`, the key from scratch
/// and packing checked for every legal move.
#[test]
fn messigny_equals_the_reference() {
    let mut rng = SplitMix64::new(0x3E55_1619);
    let mix = FairyMix {
        no_lions: true,
        fairy_percent: 10,
        ..FairyMix::default()
    };
    let (mut positions, mut swaps, mut restricted) = (0, 0, 0);
    for (conditions, swap) in [
        (vec![Messigny], Swap::Free),
        (vec![MessignyEu], Swap::European),
        (vec![MessignyJp], Swap::Japanese),
        (vec![MessignyEu, Condition::Annan], Swap::European),
        (vec![MessignyJp, Condition::Taimen], Swap::Japanese),
        (vec![Messigny, Condition::NekoSen], Swap::Free),
        (vec![MessignyJp, Condition::NekoNekoSen], Swap::Japanese),
        (vec![Messigny, Condition::Madrasi], Swap::Free),
        (vec![MessignyEu, Condition::KMadrasi], Swap::European),
        (vec![Messigny, Condition::Koko], Swap::Free),
        (vec![MessignyEu, Condition::Koko], Swap::European),
        (vec![MessignyJp, Condition::Koko], Swap::Japanese),
        (vec![Messigny, Condition::Isardam], Swap::Free),
        (vec![MessignyEu, Condition::IsardamB], Swap::European),
        (vec![MessignyJp, Condition::Isardam], Swap::Japanese),
        (vec![Messigny, Condition::Uchifu], Swap::Free),
        (vec![MessignyEu, Condition::Uchifu], Swap::European),
        (vec![MessignyJp, Condition::Uchifu], Swap::Japanese),
        (vec![Messigny, Condition::Uchifu, Condition::Annan], Swap::Free),
        (vec![Messigny, Condition::Tenjiku], Swap::Free),
        (vec![MessignyJp, Condition::Tenjiku], Swap::Japanese),
        (vec![MessignyEu, Condition::Komazume(PieceKind::Gold)], Swap::European),
        (vec![Messigny, Condition::Komazume(PieceKind::Knight)], Swap::Free),
        (vec![Messigny, Condition::SelfCheckCaptureInvalid], Swap::Free),
        (
            vec![MessignyJp, Condition::SelfCheckCaptureInvalid, Condition::Annan],
            Swap::Japanese,
        ),
        (vec![MessignyEu, Condition::Tenjiku, Condition::Uchifu], Swap::European),
        (vec![MessignyJp, Condition::UchifuSimple], Swap::Japanese),
    ] {
        let rules = rules(&conditions);
        let c = format!("{conditions:?}");
        let before = positions;
        // Isardam refuses crowded boards (a same-kind attack) and the hoppers: sparse
        // positions of rules.md's pieces
        let sparse = FairyMix {
            no_lions: true,
            fairy_percent: 10,
            min_pieces: 5,
            max_pieces: 14,
            kinds: &yosei_tests::reference::RULES_MD_FAIRY_KINDS,
            ..FairyMix::default()
        };
        let isardam = conditions
            .iter()
            .any(|c| matches!(c, Condition::Isardam | Condition::IsardamB));
        // (forty games a set but under Isardam, whose sparse boards end sooner)
        for _ in 0..if isardam { 100 } else { 40 } {
            let setup = random_fairy_setup(&mut rng, if isardam { &sparse } else { &mix });
            let Ok(mut p) = Position::from_setup(&setup, &rules) else {
                continue;
            };
            for _ in 0..8 {
                let after_swap = match p.swap_memory() {
                    yosei_rules::SwapMemory::Swapped { from, to } => Some((from, to)),
                    _ => None,
                };
                let reference_rules = reference::Rules {
                    swap: Some(swap),
                    after_swap,
                    first_move: p.swap_memory() == yosei_rules::SwapMemory::Opening,
                    ..reference::Rules::from_conditions(&conditions, false)
                };
                let s = p.to_setup();
                let fast = sorted(p.legal_moves(&rules).as_slice().to_vec());
                let slow = sorted(reference::legal_moves_under(&s, &reference_rules));
                assert_eq!(fast, slow, "{c}: {}", yosei_io::sfen::write_sfen(&s));
                let checks = sorted(p.legal_checks(&rules).as_slice().to_vec());
                assert_eq!(
                    checks,
                    sorted(reference::legal_checks_under(&s, &reference_rules)),
                    "{c}: {}",
                    yosei_io::sfen::write_sfen(&s)
                );
                for &m in &fast {
                    let next = p.play(m);
                    assert_eq!(next.key(), next.compute_key(), "{m}");
                    assert_eq!(p.key_after(m), next.key(), "{m}");
                    assert_packs(&next);
                    assert_eq!(next.to_setup(), reference::play(&s, m), "{m}");
                }
                positions += 1;
                swaps += fast.iter().filter(|m| m.is_swap()).count();
                restricted += usize::from(after_swap.is_some() && swap != Swap::Free);
                if fast.is_empty() {
                    break;
                }
                let swapping: Vec<Move> = fast.iter().copied().filter(|m| m.is_swap()).collect();
                let pool = if !swapping.is_empty() && rng.chance(70) {
                    &swapping
                } else {
                    &fast
                };
                p.play_in_place(pool[rng.below(pool.len())]);
            }
        }
        assert!(positions - before > 100, "{c}: {} positions", positions - before);
    }
    println!("{positions} positions, {swaps} swaps, {restricted} after a remembered swap");
    assert!(
        positions > 2000 && swaps > 2000 && restricted > 200,
        "{positions} {swaps} {restricted}"
    );
}

/// The direct mate's answer and main line under `conditions` (`None`: no mate).
fn tsume(sfen: &str, conditions: &[Condition]) -> Option<String> {
    let rules = rules(conditions);
    let start = pos(sfen, &rules);
    let options = yosei_solve::tsume::TsumeOptions::default();
    let out = yosei_solve::tsume::solve_tsume(&start, &rules, &options, &yosei_solve::Limits::default(), |_| {});
    match out.verdict {
        yosei_solve::Verdict::Solved => Some(
            out.solutions[0]
                .iter()
                .map(|m| m.to_usi())
                .collect::<Vec<_>>()
                .join(" "),
        ),
        yosei_solve::Verdict::NoSolution => None,
        other => panic!("{other:?} {:?}", out.notes),
    }
}

/// Direct mate: Black's gold 55 swaps with White's gold that has just taken the pawn
/// on 12, and mates where White may not swap straight back (fm `!ME`/`!MJ`かしこ詰
/// `12歩打 同金<21 同金<55 まで 3手`, fm printing the swap as a move); under MESSIGNY
/// White swaps back, and with ordinary rules the pawn drop leads nowhere: no mate
/// (fm 不詰 for both).
/// Mate in ≤ 5 (`mate:5`) finds the same: the swap line under the restricted
/// readings, nothing under MESSIGNY (fm's かしこ詰 #5 alike).
#[test]
fn messigny_direct_mate_by_a_swap_that_may_not_be_swapped_back() {
    let sfen = "7gk/9/7S1/9/4G4/9/9/9/9 b P 1";
    let mate_in_five = |conditions: &[Condition]| {
        let rules = rules(conditions);
        let prior = yosei_solve::PriorGame::default();
        let out =
            yosei_solve::mate_in::solve_mate_in(&pos(sfen, &rules), &rules, 5, &prior, &yosei_solve::Limits::default());
        solution_lines(&out.solutions)
    };
    assert_eq!(tsume(sfen, &[]), None);
    assert_eq!(tsume(sfen, &[Messigny]), None);
    assert!(mate_in_five(&[Messigny]).is_empty());
    for c in [MessignyEu, MessignyJp] {
        assert_eq!(tsume(sfen, &[c]).as_deref(), Some("P*1b 2a1b 5e<>1b"), "{c}");
        assert_eq!(mate_in_five(&[c]), vec!["P*1b 2a1b 5e<>1b"], "{c}");
    }
}

/// Direct mate: G*12 (guarded by the silver 23) mates ordinarily, but under Messigny
/// White's gold 91 swaps with the checking gold, which lands on 91 far from the king;
/// nothing else mates (fm かしこ詰 #9: 12金打 and 22金打 in 1 ordinarily, 不詰 under each
/// Messigny keyword).
#[test]
fn messigny_defender_swaps_the_checker_away_in_direct_mate() {
    let sfen = "g7k/9/7S1/9/9/9/9/9/9 b G 1";
    assert_eq!(tsume(sfen, &[]).map(|l| l.split(' ').count()), Some(1));
    for c in ALL_THREE {
        assert_eq!(tsume(sfen, &[c]), None, "{c}");
        let rules = rules(&[c]);
        let p = after(sfen, &rules, &["G*1b"]);
        assert_eq!(legal_usi(&p, &rules, "9a<>"), vec!["9a<>1b"], "{c}");
    }
}

/// ばか自殺詰 in 2: Black's knight drop on 23 checks, White's king on 11 swaps with
/// Black's king on 99, which then stands on 11 mated by the gold 21 (guarded by the
/// silver 32) unless it may swap straight back: a mate under the restricted readings,
/// none under MESSIGNY nor ordinarily (fm ばか自殺詰 #2: `23桂打 99玉<>11` under !ME and
/// !MJ, 不詰 under MESSIGNY and without a condition).
#[test]
fn messigny_helpself_mate_by_a_king_swap() {
    let sfen = "7gk/6s2/9/9/9/9/9/9/K8 b N 1";
    let helpself = |conditions: &[Condition]| help_play(sfen, conditions, Stipulation::HelpSelf { length: Some(2) });
    assert!(helpself(&[]).is_empty());
    assert!(helpself(&[Messigny]).is_empty());
    for c in [MessignyEu, MessignyJp] {
        assert_eq!(helpself(&[c]), vec!["N*2c 1a<>9i"], "{c}");
    }
}

/// fm's stalemate test never generates swaps: a side whose only moves are swaps is
/// stalemated. Help-stalemate in 1 with White's king on 11 boxed in by the knight 33
/// and the gold 23: after each of the 78 stalemating moves White's king could still
/// swap with Black's (e.g. `1a<>9h` after 9i9h), and fm lists the same 78 lines under
/// MESSIGNY and !ME as without a condition (`88王<99 まで 1手` among them).
#[test]
fn messigny_swaps_do_not_count_against_stalemate() {
    let sfen = "8k/9/6NG1/9/9/9/9/9/K8 b G 1";
    let stale = |conditions: &[Condition]| help_play(sfen, conditions, Stipulation::HelpStale { length: Some(1) });
    let ordinary = stale(&[]);
    assert_eq!(ordinary.len(), 78);
    for c in ALL_THREE {
        assert_eq!(stale(&[c]), ordinary, "{c}");
        let rules = rules(&[c]);
        let p = after(sfen, &rules, &["9i9h"]);
        assert_eq!(legal_usi(&p, &rules, ""), vec!["1a<>9h"], "{c}");
        assert!(p.has_legal_move(&rules) && !p.has_move_against_stalemate(&rules), "{c}");
    }
}

/// Help mate with the length open (`help`) finds the same shortest lines as `help:3`.
#[test]
fn messigny_help_mate_with_an_open_length() {
    let sfen = "7gk/9/6NS1/9/4G4/9/9/9/9 b P 1";
    let open = help_play(sfen, &[MessignyJp], Stipulation::Help { length: None });
    assert_eq!(open, help(sfen, &[MessignyJp], 3));
}

/// The solvers fm has no Messigny code for refuse it with a note (the USI engine and
/// play mode reach the direct-mate solver without the command's dispatch, which
/// refuses the others).
#[test]
fn messigny_is_solved_under_fms_stipulations_only() {
    for s in [
        Stipulation::Help { length: None },
        Stipulation::HelpSelf { length: Some(3) },
        Stipulation::HelpStale { length: Some(3) },
        Stipulation::HelpSelfStale { length: Some(3) },
        Stipulation::Tsume { length: None },
        Stipulation::MateIn { length: 3 },
    ] {
        assert!(ALL_THREE.iter().all(|c| c.solved_under(s)), "{s}");
    }
    for s in [
        Stipulation::SelfMate { length: 3 },
        Stipulation::Series { length: 3 },
        Stipulation::Cycle { length: 4 },
    ] {
        assert!(ALL_THREE.iter().all(|c| !c.solved_under(s)), "{s}");
    }
}
