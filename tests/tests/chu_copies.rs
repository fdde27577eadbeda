//! fm's chu shogi copies of the ordinary pieces (`piece_data.c` pieces 91-97: 飛車 `CHI`
//! 車, 角行 `CKA` 斜, 金将 `CKI` 将, 銀将 `CGI` 艮, 龍王 `CRY` 蛟, 龍馬 `CUM` 午, 香車
//! `CKY` 槍; docs/rules/fairy-pieces.md). Each moves as the ordinary piece it copies but
//! is a fairy kind of its own: held and dropped as itself, promoting only where the
//! problem says so (fm's `@P`) to fm's promoted form (リ 龍, カ 馬, ヒ 飛車, 立 竪行,
//! ワ 飛鷲, オ 角鷹, ハ 白駒). Positions built to pin each rule. Squares in USI: file
//! digit, rank letter a–i from the top.

use yosei_core::{Color, Piece, PieceKind, Square};
use yosei_io::fm::{read_fm, write_fm};
use yosei_io::sfen::{parse_sfen, parse_usi_move, write_sfen};
use yosei_rules::{Condition, Position, RuleSet, Stipulation};
use yosei_tests::support::{help_lines, legal_usi};

fn pos_under(sfen: &str, rules: &RuleSet) -> Result<Position, String> {
    Position::from_setup(&parse_sfen(sfen).unwrap().setup, rules).map_err(|e| e.to_string())
}

fn promoting(kinds: &str) -> RuleSet {
    RuleSet::ordinary().with_fairy_promotion(kinds.parse().unwrap())
}

fn sq(usi: &str) -> Square {
    let b = usi.as_bytes();
    Square::new((b[0] - b'0') as i32, (b[1] - b'a' + 1) as i32).unwrap()
}

/// The same position with the ordinary piece on 5e and with its copy there: the copy's
/// moves are the ordinary piece's (fm gives them the same vectors), promotions aside.
#[test]
fn each_copy_moves_as_the_ordinary_piece() {
    let ordinary = ["R", "B", "G", "S", "+R", "+B", "L"];
    for (copy, model) in PieceKind::CHU_COPIES.into_iter().zip(ordinary) {
        let name = copy.sfen_name();
        let rules = RuleSet::ordinary();
        let with_copy = pos_under(&format!("7k1/9/6p2/9/4{name}2p1/9/3P5/9/8K b - 1"), &rules).unwrap();
        let with_model = pos_under(&format!("7k1/9/6p2/9/4{model}2p1/9/3P5/9/8K b - 1"), &rules).unwrap();
        let unpromoted =
            |moves: Vec<String>| -> Vec<String> { moves.into_iter().filter(|m| !m.ends_with('+')).collect() };
        assert_eq!(
            legal_usi(&with_copy, &rules, "5e"),
            unpromoted(legal_usi(&with_model, &rules, "5e")),
            "{copy:?}"
        );
    }
}

/// Without fm's `@P` a copy never promotes (fm: `B_PA_PROMOTABLE` only with `P`); with it
/// the promotion is optional in the zone, as for the ordinary pieces.
#[test]
fn a_copy_promotes_only_where_the_problem_says_so() {
    let sfen = "k8/9/9/4[CHI]4/9/9/9/9/8K b - 1";
    let plain = pos_under(sfen, &RuleSet::ordinary()).unwrap();
    assert!(legal_usi(&plain, &RuleSet::ordinary(), "5d")
        .iter()
        .all(|m| !m.ends_with('+')));
    let rules = promoting("[CHI]");
    let p = pos_under(sfen, &rules).unwrap();
    let moves = legal_usi(&p, &rules, "5d");
    assert!(moves.contains(&"5d5c".to_string()) && moves.contains(&"5d5c+".to_string()));
    let after = p.play(parse_usi_move("5d5c+").unwrap());
    assert_eq!(
        after.piece_at(sq("5c")),
        Some(Piece::new(PieceKind::PromotedChuRook, Color::Black))
    );
    // the promoted chu rook moves as the dragon: a diagonal step too
    let dragon_like = pos_under("k8/9/4+[CHI]4/9/9/9/9/9/8K b - 1", &rules).unwrap();
    assert!(legal_usi(&dragon_like, &rules, "5c").contains(&"5c4b".to_string()));
    // another kind named: the chu rook still does not promote
    let other = promoting("[CKA]");
    let q = pos_under(sfen, &other).unwrap();
    assert!(legal_usi(&q, &other, "5d").iter().all(|m| !m.ends_with('+')));
}

/// A captured copy goes to the capturer's hand as itself (not as the ordinary piece),
/// and a captured promoted one as its base copy (fm's `RAW_KIND`); the ordinary rook and
/// the chu rook are counted apart.
#[test]
fn a_captured_copy_is_held_as_itself() {
    let rules = promoting("all");
    let p = pos_under("k8/9/9/4+[chi]4/4R4/9/9/9/8K b [CHI]R 1", &rules).unwrap();
    let after = p.play(parse_usi_move("5e5d").unwrap());
    let hand = after.hand(Color::Black);
    assert_eq!(hand.count(PieceKind::ChuRook), 2);
    assert_eq!(hand.count(PieceKind::Rook), 1);
    assert_eq!(after.key(), after.compute_key());
    // both kinds are dropped, each as itself
    let holding = pos_under("k8/9/9/9/9/9/9/9/8K b [CHI]R 1", &rules).unwrap();
    let drops = legal_usi(&holding, &rules, "");
    assert!(drops.contains(&"[CHI]*5a".to_string()) && drops.contains(&"R*5a".to_string()));
}

/// The chu lance moves as the lance, so it is dead on its last rank (seed 002; fm:
/// `B_PA_CONSTRAINT_SQ`): no move or drop there unpromoted, a setup there refused; with
/// `@P` it promotes there to the white horse (ハ), which is never dead. Under 安北 it
/// stays dead on the last rank (fm keeps the last-rank dead squares), under 安南 not.
#[test]
fn the_chu_lance_is_dead_on_its_last_rank() {
    let sfen = "4k4/9/9/8[CKY]/9/9/9/9/4K4 b [CKY] 1";
    let rules = RuleSet::ordinary();
    let p = pos_under(sfen, &rules).unwrap();
    let moves = legal_usi(&p, &rules, "");
    assert!(moves.contains(&"1d1b".to_string()) && !moves.iter().any(|m| m.starts_with("1d1a")));
    assert!(!moves.contains(&"[CKY]*2a".to_string()) && moves.contains(&"[CKY]*2b".to_string()));
    let err = pos_under("4k3[CKY]/9/9/9/9/9/9/9/4K4 b - 1", &rules).unwrap_err();
    assert!(err.contains("chu lance"), "{err}");
    // White's is dead on rank 9
    assert!(pos_under("4k4/9/9/9/9/9/9/9/4K3[cky] b - 1", &rules).is_err());
    let with_p = promoting("[CKY]");
    let q = pos_under(sfen, &with_p).unwrap();
    let to_1a: Vec<String> = legal_usi(&q, &with_p, "1d1a");
    assert_eq!(to_1a, ["1d1a+"]);
    let after = q.play(parse_usi_move("1d1a+").unwrap());
    assert_eq!(
        after.piece_at(sq("1a")),
        Some(Piece::new(PieceKind::PromotedChuLance, Color::Black))
    );
    let anhoku = RuleSet::compile(&[Condition::Anhoku]).unwrap();
    assert!(pos_under("4k3[CKY]/9/9/9/9/9/9/9/4K4 b - 1", &anhoku).is_err());
    let annan = RuleSet::compile(&[Condition::Annan]).unwrap();
    assert!(pos_under("4k3[CKY]/9/9/9/9/9/9/9/4K4 b - 1", &annan).is_ok());
}

/// The chu dragon promotes to fm's 飛鷲 (ワ): the soaring eagle's moves, its double step
/// along a diagonal forward line included; with that, a chu dragon that may promote is
/// refused under キルケ, as the soaring eagle is (fm refuses its 獅子跳び pieces there).
#[test]
fn the_chu_dragon_promotes_to_a_soaring_eagle() {
    let rules = promoting("[CRY]");
    let p = pos_under("k8/9/5g3/4[CRY]4/9/9/9/9/8K b - 1", &rules).unwrap();
    let moves = legal_usi(&p, &rules, "5d");
    assert!(moves.contains(&"5d4c+".to_string()), "{moves:?}");
    assert!(!moves.contains(&"5d4c3b".to_string()), "{moves:?}");
    let promoted = pos_under("k8/9/5g3/4+[CRY]4/9/9/9/9/8K b - 1", &rules).unwrap();
    assert!(legal_usi(&promoted, &rules, "5d").contains(&"5d4c3b".to_string()));
    let circe = RuleSet::compile(&[Condition::Circe]).unwrap();
    assert!(pos_under("k8/9/9/9/4[CRY]4/9/9/9/8K b - 1", &circe).is_ok());
    let err = pos_under(
        "k8/9/9/9/4[CRY]4/9/9/9/8K b - 1",
        &circe.with_fairy_promotion("[CRY]".parse().unwrap()),
    )
    .unwrap_err();
    assert!(err.contains("promoted chu dragon"), "{err}");
}

/// A helpmate in one: a chu gold dropped next to the king mates (fm: `/EF1=CHI#1@H`,
/// `/EF2=CKI#1@H`, `ばか詰 23CHI +CKI, 11玉 +0 #1` gives `22金打` alone).
#[test]
fn a_chu_gold_drop_mates_as_a_gold() {
    let start = pos_under("8k/9/7[CHI]1/9/9/9/9/9/9 b [CKI] 1", &RuleSet::ordinary()).unwrap();
    let lines = help_lines(&start, &RuleSet::ordinary(), Stipulation::Help { length: Some(1) });
    assert_eq!(lines, ["[CKI]*2b"]);
}

/// The written forms: SFEN `[CHI]`, `+[cry]`; KIF boards and hands with yosei's glyphs;
/// CSA codes; fm's one-line form read with fm's codes (`23CHI`) and written back with
/// yosei's glyphs, which yosei reads back.
#[test]
fn every_copy_and_promoted_form_round_trips_through_sfen_kif_csa_and_fm() {
    use yosei_io::csa::{read_csa, write_csa};
    use yosei_io::kif::{read_kif, write_kif};
    let mut setup = parse_sfen("8k/9/9/9/9/9/9/9/K8 b [CHI][CKA][CKI][CGI][CRY][CUM][CKY] 1")
        .unwrap()
        .setup;
    for (i, (&copy, &promoted)) in PieceKind::CHU_COPIES
        .iter()
        .zip(&PieceKind::PROMOTED_CHU_COPIES)
        .enumerate()
    {
        let color = if i % 2 == 0 { Color::Black } else { Color::White };
        setup.put(Square::new(2 + i as i32, 4).unwrap(), Some(Piece::new(copy, color)));
        setup.put(
            Square::new(2 + i as i32, 6).unwrap(),
            Some(Piece::new(promoted, !color)),
        );
    }
    let sfen = write_sfen(&setup);
    assert!(sfen.contains("+[cry]") || sfen.contains("+[CRY]"), "{sfen}");
    assert_eq!(parse_sfen(&sfen).unwrap().setup, setup, "{sfen}");
    let problem = yosei_io::problem::Problem {
        setup: setup.clone(),
        ..Default::default()
    };
    let kif = write_kif(&problem);
    assert!(kif.contains('車') && kif.contains('槍') && kif.contains('ワ'), "{kif}");
    assert_eq!(read_kif(&kif).unwrap().setup, setup);
    let csa = write_csa(&problem);
    assert!(csa.contains("CH") && csa.contains("PD"), "{csa}");
    assert_eq!(read_csa(&csa).unwrap().setup, setup);
    // fm's codes
    let fm = read_fm("/EF1=CHI#1@H\n/EF2=CKI#1@H\nばか詰 23CHI +CKI, 11玉 +0 #1\n").unwrap();
    assert_eq!(
        fm.setup.piece_at(sq("2c")),
        Some(Piece::new(PieceKind::ChuRook, Color::Black))
    );
    assert_eq!(fm.setup.hand(Color::Black).count(PieceKind::ChuGold), 1);
    let written = write_fm(&fm);
    assert!(
        written.contains("/EF1=CHI#1@H") && written.contains("23車"),
        "{written}"
    );
    assert_eq!(read_fm(&written).unwrap().setup, fm.setup);
    // moves: a chu rook promoting, its promoted form moving, a drop
    let chu_rook = Piece::new(PieceKind::ChuRook, Color::Black);
    for (piece, usi, kif) in [
        (chu_rook, "5d5c+", "５三車成(54)"),
        (
            Piece::new(PieceKind::PromotedChuRook, Color::Black),
            "5c4b",
            "４二リ(53)",
        ),
        (chu_rook, "[CHI]*2b", "２二車打"),
    ] {
        let m = parse_usi_move(usi).unwrap();
        assert_eq!(yosei_io::notation::write_kif_move(piece, m, None, None), kif);
        assert_eq!(yosei_io::notation::parse_kif_move(kif, None), Ok(m), "{kif}");
    }
}

/// fm's search by glyph finds a declared chu dragon (horse) before the ordinary promoted
/// rook (bishop), so with `/EF1=CRY` the glyph 龍 on the board is a chu dragon, and the
/// ordinary dragon is written by its code `RY` (fm reads `83RY` as the ordinary one).
/// 飛 stays the ordinary rook: fm finds it first.
#[test]
fn with_a_chu_dragon_declared_fms_dragon_glyph_is_the_chu_dragon() {
    let fm = read_fm("/EF1=CRY#1@H\nばか詰 73龍64飛, 81玉83RY +0 #3\n").unwrap();
    let at = |usi: &str| fm.setup.piece_at(sq(usi)).map(|p| p.kind);
    assert_eq!(at("7c"), Some(PieceKind::ChuDragon));
    assert_eq!(at("8c"), Some(PieceKind::Dragon));
    assert_eq!(at("6d"), Some(PieceKind::Rook));
    let written = write_fm(&fm);
    assert!(written.contains("83RY") && written.contains("73蛟"), "{written}");
    assert_eq!(read_fm(&written).unwrap().setup, fm.setup);
    // without the declaration 龍 is the ordinary dragon
    let plain = read_fm("ばか詰 73龍, 81玉 +0 #3\n").unwrap();
    assert_eq!(plain.setup.piece_at(sq("7c")).map(|p| p.kind), Some(PieceKind::Dragon));
}

/// Madrasi paralyses by kind: a White chu rook facing a Black rook does not paralyse it
/// (fm: `マドラシばか詰 55飛23金, 11玉95CHI +0 #1` has the two mates `51飛成` and `51飛生`;
/// with `95飛` none).
#[test]
fn under_madrasi_a_chu_rook_does_not_paralyse_a_rook() {
    let madrasi = RuleSet::compile(&[Condition::Madrasi]).unwrap();
    let mates = |facing: &str| {
        let start = pos_under(&format!("8k/9/7G1/9/{facing}3R4/9/9/9/9 b - 1"), &madrasi).unwrap();
        help_lines(&start, &madrasi, Stipulation::Help { length: Some(1) })
    };
    assert_eq!(mates("[chi]"), ["5e5a", "5e5a+"]);
    assert!(mates("r").is_empty());
}
