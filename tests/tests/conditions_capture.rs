//! キルケ, アンチキルケ, PWC and the fairy 打歩詰 (rules.md §5.8–5.11, seed 001,
//! docs/rules/capture-conditions.md) on positions made for one point each, with complete
//! expected solution or move sets; the conditions through every input format; the
//! combinations refused.
//!
//! Squares in comments are file-rank (`53` = USI `5c`); Black moves up the board.

use yosei_core::{Color, PieceKind};
use yosei_io::sfen::parse_sfen;
use yosei_rules::{Condition, Position, RuleSet, Stipulation};
use yosei_solve::{HelpPlan, Limits, Verdict};

fn rules(conditions: &[Condition]) -> RuleSet {
    RuleSet::compile(conditions).unwrap()
}

fn pos(sfen: &str, rules: &RuleSet) -> Position {
    Position::from_setup(&parse_sfen(sfen).unwrap().setup, rules).unwrap()
}

/// The legal moves from `from` (USI square) that capture, sorted, in USI.
fn captures_from(sfen: &str, conditions: &[Condition], from: &str) -> Vec<String> {
    let rules = rules(conditions);
    let p = pos(sfen, &rules);
    let mut v: Vec<String> = p
        .legal_moves(&rules)
        .iter()
        .filter(|m| m.from().is_some_and(|f| f.to_usi() == from) && p.piece_at(m.to()).is_some())
        .map(|m| m.to_usi())
        .collect();
    v.sort();
    v
}

fn all_moves(sfen: &str, conditions: &[Condition]) -> Vec<String> {
    let rules = rules(conditions);
    let mut v: Vec<String> = pos(sfen, &rules)
        .legal_moves(&rules)
        .iter()
        .map(|m| m.to_usi())
        .collect();
    v.sort();
    v
}

/// Every solution of a help stipulation, in USI, sorted.
fn solve(sfen: &str, stipulation: &str, conditions: &[Condition]) -> Vec<String> {
    let rules = rules(conditions);
    let start = pos(sfen, &rules);
    let plan = HelpPlan::new(stipulation.parse::<Stipulation>().unwrap(), &start, None).unwrap();
    let out = yosei_tests::support::solve_help_every_store(&start, &rules, &plan, &Limits::default());
    assert!(matches!(out.verdict, Verdict::Solved | Verdict::NoSolution), "{out:?}");
    yosei_tests::support::solution_lines(&out.solutions)
}

/// The legal moves after `usi` is played from `sfen`.
fn moves_after(sfen: &str, conditions: &[Condition], usi: &str) -> Vec<String> {
    let rules = rules(conditions);
    let mut v: Vec<String> = play(sfen, conditions, usi)
        .legal_moves(&rules)
        .iter()
        .map(|m| m.to_usi())
        .collect();
    v.sort();
    v
}

fn play(sfen: &str, conditions: &[Condition], usi: &str) -> Position {
    let rules = rules(conditions);
    let p = pos(sfen, &rules);
    let m = p
        .find_legal(yosei_io::sfen::parse_usi_move(usi).unwrap(), &rules)
        .unwrap_or_else(|| panic!("{usi} is not legal"));
    p.play(m)
}

use Condition::{AntiCirce, Circe, Pwc, Uchifu, UchifuSimple};

// ---------------------------------------------------------------------------------------
// キルケ
// ---------------------------------------------------------------------------------------

/// キルケばか詰 1手: White king 51, White silver 52, Black gold 53 backed by the lance on
/// 55. 52金 takes the silver, which is reborn on a White silver's starting square nearest
/// file 5: 31 and 71 are equally near, so the capturer chooses, and both are mate (the
/// reborn silver reaches neither 52 nor the king's flight squares, which the gold
/// covers; 52 is guarded by the lance). Two solutions. Under ordinary rules: one.
#[test]
fn circe_file_five_choice_gives_two_solutions() {
    let sfen = "4k4/4s4/4G4/9/4L4/9/9/9/9 b - 1";
    assert_eq!(solve(sfen, "help:1", &[Circe]), ["5c5b/3a", "5c5b/7a"]);
    assert_eq!(solve(sfen, "help:1", &[]), ["5c5b"]);
}

/// A White gold taken on 43 is reborn on 41 (the nearest of 41 and 61 to file 4), unless
/// its own king stands there: then it goes to the capturer's hand, and the move has no
/// `/square`.
#[test]
fn circe_rebirth_blocked_by_its_own_king_goes_to_hand() {
    let blocked = "5k3/9/5g3/9/9/9/9/9/5R3 b - 1";
    assert_eq!(captures_from(blocked, &[Circe], "4i"), ["4i4c", "4i4c+"]);
    let after = play(blocked, &[Circe], "4i4c");
    assert_eq!(after.hand(Color::Black).count(PieceKind::Gold), 1);

    let free = "8k/9/5g3/9/9/9/9/9/5R3 b - 1";
    assert_eq!(captures_from(free, &[Circe], "4i"), ["4i4c+/4a", "4i4c/4a"]);
    let after = play(free, &[Circe], "4i4c");
    assert_eq!(after.hand(Color::Black).count(PieceKind::Gold), 0);
    assert_eq!(
        after.piece_at(sq(4, 1)).map(|p| (p.kind, p.color)),
        Some((PieceKind::Gold, Color::White))
    );
}

/// A tokin is reborn as a pawn on its owner's starting square of the file (43 for
/// White on file 4). With a White pawn already on 44 that would be two pawns, so the
/// tokin goes to Black's hand as a pawn; without it, it is reborn.
#[test]
fn circe_tokin_reborn_into_two_pawns_goes_to_hand() {
    let two_pawns = "k8/9/9/5p3/9/5+p3/9/9/5R3 b - 1";
    assert_eq!(captures_from(two_pawns, &[Circe], "4i"), ["4i4f"]);
    assert_eq!(
        play(two_pawns, &[Circe], "4i4f")
            .hand(Color::Black)
            .count(PieceKind::Pawn),
        1
    );
    let alone = "k8/9/9/9/9/5+p3/9/9/5R3 b - 1";
    assert_eq!(captures_from(alone, &[Circe], "4i"), ["4i4f/4c"]);
    let after = play(alone, &[Circe], "4i4f");
    assert_eq!(
        after.piece_at(sq(4, 3)).map(|p| (p.kind, p.color)),
        Some((PieceKind::Pawn, Color::White))
    );
}

/// A promoted piece is reborn unpromoted (a horse as a bishop on 22); a fairy piece has
/// no starting square and goes to hand.
#[test]
fn circe_reborn_unpromoted_and_fairy_pieces_to_hand() {
    let horse = "k8/9/9/9/4+b4/9/9/9/4R4 b - 1";
    assert_eq!(captures_from(horse, &[Circe], "5i"), ["5i5e/2b"]);
    let queen = "k8/9/9/9/4q4/9/9/9/4R4 b - 1";
    assert_eq!(captures_from(queen, &[Circe], "5i"), ["5i5e"]);
    assert_eq!(
        play(queen, &[Circe], "5i5e").hand(Color::Black).count(PieceKind::Queen),
        1
    );
}

// ---------------------------------------------------------------------------------------
// アンチキルケ
// ---------------------------------------------------------------------------------------

/// G*42 is mate in ordinary shogi (the pawn on 43 guards 42, the gold covers 31 32 51
/// 52). Under アンチキルケ the king takes the gold and returns to 51, its starting square,
/// where nothing attacks it (seed 001: 同玉→51玉 escapes): no mate, no solution.
#[test]
fn anticirce_king_escapes_by_its_return() {
    let sfen = "5k3/9/5P3/9/9/9/9/9/9 b G 1";
    assert_eq!(solve(sfen, "help:1", &[]), ["G*4b"]);
    assert_eq!(moves_after(sfen, &[AntiCirce], "G*4b"), ["4a4b/5a"]);
    assert_eq!(solve(sfen, "help:1", &[AntiCirce]), Vec::<String>::new());
}

/// The rook taking on 33 returns to 28, its starting square, unless a piece stands
/// there: then it stays on 33 (YOMUKA rule 4), promoted or not.
#[test]
fn anticirce_capturer_that_cannot_return_stays() {
    let blocked = "k8/9/6s2/9/9/9/9/6RG1/9 b - 1";
    assert_eq!(captures_from(blocked, &[AntiCirce], "3h"), ["3h3c", "3h3c+"]);
    let free = "k8/9/6s2/9/9/9/9/6R2/9 b - 1";
    assert_eq!(captures_from(free, &[AntiCirce], "3h"), ["3h3c+/2h", "3h3c/2h"]);
    let after = play(free, &[AntiCirce], "3h3c+");
    assert_eq!(after.piece_at(sq(2, 8)).map(|p| p.kind), Some(PieceKind::Dragon));
    assert_eq!(after.hand(Color::Black).count(PieceKind::Silver), 1);
}

/// Seed 001 (YOMUKA rule 5): 11歩生/17歩 is legal, the capture and the return being one
/// move, but where 17 is taken the unpromoted pawn would stay on 11, a dead piece: only
/// 11歩成 remains, and it stays.
#[test]
fn anticirce_unpromoted_pawn_on_the_last_rank_only_when_it_returns() {
    let free = "8n/8P/9/9/9/9/9/9/k8 b - 1";
    assert_eq!(captures_from(free, &[AntiCirce], "1b"), ["1b1a+/1g", "1b1a/1g"]);
    let blocked = "8n/8P/9/9/9/9/8L/9/k8 b - 1";
    assert_eq!(captures_from(blocked, &[AntiCirce], "1b"), ["1b1a+"]);
}

/// A gold capturing on file 5 has two nearest starting squares (49 and 69 for Black):
/// two moves where both are free, the free one where only one is.
#[test]
fn anticirce_file_five_choice() {
    let both = "k8/9/9/9/4p4/4G4/9/9/9 b - 1";
    assert_eq!(captures_from(both, &[AntiCirce], "5f"), ["5f5e/4i", "5f5e/6i"]);
    let one = "k8/9/9/9/4p4/4G4/9/9/3S5 b - 1";
    assert_eq!(captures_from(one, &[AntiCirce], "5f"), ["5f5e/4i"]);
}

// ---------------------------------------------------------------------------------------
// PWC
// ---------------------------------------------------------------------------------------

/// The captured knight reappears on the square the rook left: from 47 that is a White
/// knight on 47 (it can still move down the board); from 48 it would be a dead piece
/// (a White knight on its last two ranks), so it goes to Black's hand.
#[test]
fn pwc_restore_that_would_be_dead_goes_to_hand() {
    let alive = "k8/9/9/5n3/9/9/5R3/9/9 b - 1";
    assert_eq!(captures_from(alive, &[Pwc], "4g"), ["4g4d/4g"]);
    let after = play(alive, &[Pwc], "4g4d");
    assert_eq!(
        after.piece_at(sq(4, 7)).map(|p| (p.kind, p.color)),
        Some((PieceKind::Knight, Color::White))
    );
    let dead = "k8/9/9/5n3/9/9/9/5R3/9 b - 1";
    assert_eq!(captures_from(dead, &[Pwc], "4h"), ["4h4d"]);
    assert_eq!(
        play(dead, &[Pwc], "4h4d").hand(Color::Black).count(PieceKind::Knight),
        1
    );
}

/// The restored piece keeps its promotion (a dragon stays a dragon, with no choice); a
/// pawn restored on a file where its owner has a pawn goes to hand instead.
#[test]
fn pwc_keeps_promotion_and_respects_two_pawns() {
    // the bishop on 47 takes the dragon on 65: a White dragon reappears on 47
    let dragon = "k8/9/9/9/3+r5/9/5B3/9/9 b - 1";
    assert_eq!(captures_from(dragon, &[Pwc], "4g"), ["4g6e/4g"]);
    let after = play(dragon, &[Pwc], "4g6e");
    assert_eq!(
        after.piece_at(sq(4, 7)).map(|p| (p.kind, p.color)),
        Some((PieceKind::Dragon, Color::White))
    );
    // the rook on 66 takes the pawn on 56; restored on 66 it is White's only pawn on file 6
    let alone = "k8/9/9/9/9/3Rp4/9/9/9 b - 1";
    assert_eq!(captures_from(alone, &[Pwc], "6f"), ["6f5f/6f"]);
    // with a White pawn on 63 it cannot come back on 66: to Black's hand (taking the
    // pawn on 63 instead restores that one on 66, alone on its file again)
    let two = "k8/9/3p5/9/9/3Rp4/9/9/9 b - 1";
    assert_eq!(captures_from(two, &[Pwc], "6f"), ["6f5f", "6f6c+/6f", "6f6c/6f"]);
    assert_eq!(play(two, &[Pwc], "6f5f").hand(Color::Black).count(PieceKind::Pawn), 1);
}

// ---------------------------------------------------------------------------------------
// 打歩詰
// ---------------------------------------------------------------------------------------

/// Seed 001's example, rebuilt: White king 11, White silver 23, White dragon 25; Black
/// king 13, knight 33, a pawn in hand. 12歩 checks; the king cannot take (Black's king
/// guards 12) nor flee (21 knight, 22 king). Only 同銀 answers, and it mates Black's king
/// (14 23 24 22 covered by the dragon and the king, the silver guarded by the king).
/// 完全打歩: that mate is not a pawn drop, so 同銀 is illegal and 12歩 is mate: the one
/// solution. 単純打歩 (and ordinary shogi): 同銀 is legal, so 12歩 is no mate.
#[test]
fn uchifu_complete_forbids_the_recapture_that_mates() {
    let sfen = "8k/9/6NsK/9/7+r1/9/9/9/9 b P 1";
    assert_eq!(solve(sfen, "help:1", &[Uchifu]), ["P*1b"]);
    assert_eq!(moves_after(sfen, &[Uchifu], "P*1b"), Vec::<String>::new());
    assert_eq!(solve(sfen, "help:1", &[UchifuSimple]), Vec::<String>::new());
    assert_eq!(moves_after(sfen, &[UchifuSimple], "P*1b"), ["2c1b"]);
    assert_eq!(solve(sfen, "help:1", &[]), Vec::<String>::new());
}

/// White king 11; Black gold 23 (guards 12 and 22), knight 33 (guards 21); a gold and a
/// pawn in hand. 12歩 mates; so do G*12, G*21 and G*22 (each guarded). Ordinary shogi: the pawn
/// drop is drop-pawn mate, illegal; the gold drops are the solutions. 完全打歩: the gold
/// drops are illegal (mates that are not pawn drops); the pawn drop is the solution.
/// 単純打歩: the gold drops are legal but do not fulfil the stipulation.
#[test]
fn uchifu_simple_and_complete_differ_on_other_mates() {
    let sfen = "8k/9/6NG1/9/9/9/9/9/9 b GP 1";
    assert_eq!(solve(sfen, "help:1", &[]), ["G*1b", "G*2a", "G*2b"]);
    assert_eq!(solve(sfen, "help:1", &[Uchifu]), ["P*1b"]);
    assert_eq!(solve(sfen, "help:1", &[UchifuSimple]), ["P*1b"]);
    let complete = all_moves(sfen, &[Uchifu]);
    let simple = all_moves(sfen, &[UchifuSimple]);
    let ordinary = all_moves(sfen, &[]);
    assert!(!complete.contains(&"G*1b".to_string()) && complete.contains(&"P*1b".to_string()));
    assert!(simple.contains(&"G*1b".to_string()) && simple.contains(&"P*1b".to_string()));
    assert!(ordinary.contains(&"G*1b".to_string()) && !ordinary.contains(&"P*1b".to_string()));
}

// ---------------------------------------------------------------------------------------
// Notation, formats, refusals
// ---------------------------------------------------------------------------------------

/// A reader accepts a capture without its `/square` where one outcome exists, and needs
/// it where the capturer has two (file 5); KI2 writes the square and the piece there.
#[test]
fn readers_resolve_the_square_and_writers_write_it() {
    let rules = rules(&[Circe]);
    let p = pos("4k4/4s4/4G4/9/4L4/9/9/9/9 b - 1", &rules);
    let parse = |s: &str| yosei_io::sfen::parse_usi_move(s).unwrap();
    assert_eq!(
        p.find_legal(parse("5c5b"), &rules),
        None,
        "two outcomes: the square is needed"
    );
    assert_eq!(
        p.find_legal(parse("5c5b/3a"), &rules).map(|m| m.to_usi()),
        Some("5c5b/3a".into())
    );
    assert_eq!(p.find_legal(parse("5c5b/4a"), &rules), None);
    let m = p.find_legal(parse("5c5b/7a"), &rules).unwrap();
    assert_eq!(
        yosei_io::notation::write_ki2_move(&p, &rules, m, None),
        "▲５二金/７一銀"
    );
    let read = yosei_io::notation::parse_ki2_move("５二金/７一銀", &p, &rules, None).unwrap();
    assert_eq!(read, m);

    let q = pos("8k/9/5g3/9/9/9/9/9/5R3 b - 1", &rules);
    let m = q.find_legal(parse("4i4c+"), &rules).unwrap();
    assert_eq!(m.to_usi(), "4i4c+/4a");
    assert_eq!(
        yosei_io::notation::write_ki2_move(&q, &rules, m, None),
        "▲４三飛成/４一金"
    );

    // an SFEN line's moves are resolved the same way
    let loaded = yosei_io::input::read_problems_from_arg(
        "8k/9/5g3/9/9/9/9/9/5R3 b - 1 moves 4i4c",
        &RuleSet::compile(&[Circe]).unwrap(),
    )
    .unwrap();
    assert_eq!(
        loaded[0].position.piece_at(sq(4, 1)).map(|p| p.kind),
        Some(PieceKind::Gold)
    );
}

/// Every input format carries the capture conditions to the loaded rules.
#[test]
fn every_format_carries_the_conditions() {
    let base = RuleSet::ordinary();
    let native = "yosei-problem 1\nstipulation: help:1\ncondition: circe\nposition: 4k4/4s4/4G4/9/4L4/9/9/9/9 b - 1\n";
    let problem = yosei_io::native::read_native(native).unwrap();
    assert_eq!(problem.conditions, [Circe]);
    let texts = [
        native.to_string(),
        yosei_io::kif::write_kif(&problem),
        yosei_io::csa::write_csa(&problem),
        yosei_io::fm::write_fm(&problem),
    ];
    for text in &texts {
        let loaded = yosei_io::input::read_problems_from_arg(text, &base).unwrap_or_else(|e| panic!("{e:?}\n{text}"));
        assert_eq!(loaded[0].rules.conditions(), [Circe], "{text}");
    }
    assert!(texts[1].contains("キルケ"), "{}", texts[1]);
    for (condition, word) in [
        (AntiCirce, "アンチキルケ"),
        (Pwc, "PWC"),
        (Uchifu, "打歩"),
        (UchifuSimple, "単純打歩"),
    ] {
        let mut p = problem.clone();
        p.conditions = vec![condition];
        for text in [
            yosei_io::kif::write_kif(&p),
            yosei_io::fm::write_fm(&p),
            yosei_io::csa::write_csa(&p),
        ] {
            assert!(text.contains(word), "{text}");
            let loaded =
                yosei_io::input::read_problems_from_arg(&text, &base).unwrap_or_else(|e| panic!("{e:?}\n{text}"));
            assert_eq!(loaded[0].rules.conditions(), [condition], "{text}");
        }
    }
}

#[test]
fn undefined_combinations_are_refused() {
    for pair in [[Circe, AntiCirce], [Circe, Pwc], [AntiCirce, Pwc]] {
        let e = RuleSet::compile(&pair).unwrap_err().to_string();
        assert!(e.contains("cannot be combined"), "{e}");
    }
    let e = RuleSet::compile(&[Uchifu, UchifuSimple]).unwrap_err().to_string();
    assert!(e.contains("choose one"), "{e}");
    // 駒詰 (a power condition rules.md §5 does not combine with them) is refused with a
    // capture condition; 安南 is not
    let e = RuleSet::compile(&[Condition::Komazume(yosei_core::PieceKind::Gold), Circe])
        .unwrap_err()
        .to_string();
    assert!(e.contains("not defined together"), "{e}");
    assert!(RuleSet::compile(&[Condition::Annan, Circe]).is_ok());
    // a Lion, on the board or in hand, under a capture condition
    for sfen in ["k8/9/9/9/4I4/9/9/9/8K b - 1", "k8/9/9/9/9/9/9/9/8K b I 1"] {
        let setup = parse_sfen(sfen).unwrap();
        for c in [Circe, AntiCirce, Pwc] {
            let e = Position::from_setup(&setup.setup, &rules(&[c]))
                .unwrap_err()
                .to_string();
            assert!(e.contains("twice"), "{e}");
        }
        assert!(Position::from_setup(&setup.setup, &rules(&[Uchifu])).is_ok());
    }
}

fn sq(file: i32, rank: i32) -> yosei_core::Square {
    yosei_core::Square::new(file, rank).unwrap()
}

/// KIF writes the piece after the square too (`/４一金`), and names later moves of a
/// reborn piece by its kind: the writer's board follows the rebirth.
#[test]
fn kif_writes_the_displaced_piece_and_follows_it() {
    let rules = RuleSet::compile(&[Circe]).unwrap();
    let parse = |s: &str| yosei_io::sfen::parse_usi_move(s).unwrap();
    let start = "8k/9/5g3/9/9/9/9/9/5R3 b - 1";
    let p = pos(start, &rules);
    let capture = p.find_legal(parse("4i4c+"), &rules).unwrap();
    let after = p.play(capture);
    // White's reborn gold on 4a then moves to 3b.
    let gold_move = after.find_legal(parse("4a3b"), &rules).unwrap();
    let mut problem = yosei_io::sfen::parse_sfen(start)
        .map(|r| yosei_io::Problem {
            setup: r.setup,
            conditions: vec![Circe],
            ..Default::default()
        })
        .unwrap();
    problem.moves.moves = vec![capture, gold_move];
    problem.moves.comments = vec![None, None];
    let kif = yosei_io::kif::write_kif(&problem);
    assert!(kif.contains("４三飛成(49)/４一金"), "{kif}");
    assert!(kif.contains("３二金(41)"), "{kif}");
    // read back as written (what the square holds is resolved against the legal moves)
    let back = yosei_io::kif::read_kif(&kif).unwrap();
    let written: Vec<_> = problem.moves.moves.iter().map(|m| m.as_written()).collect();
    assert_eq!(back.moves.moves, written);
}

/// キルケ and アンチキルケ, a king in check steps without being played (the general
/// generator reads the attackers of its new square off the board, the king lifted from
/// its old one). White K 52, checked by the Black R on 55; Black K 91. 52-51 stays on
/// the rook's file (the king no longer shields 51), 52-53 steps toward it: both
/// illegal; the six steps off file 5 are legal.
#[test]
fn king_in_check_steps_off_the_rooks_file_only() {
    let sfen = "9/4k4/9/9/4R4/9/9/9/K8 w - 1";
    let expected = yosei_tests::micro::sorted(&["5b4a", "5b4b", "5b4c", "5b6a", "5b6b", "5b6c"]);
    for words in ["circe", "anticirce", ""] {
        assert_eq!(yosei_tests::micro::moves(sfen, words, ""), expected, "{words}");
    }
}

/// キルケ, checks by a capture found by target squares: the capturer ends on the capture
/// square and the reborn piece only blocks, so a capture is tried where the same move
/// without rebirth could check. White K 51, G 42; Black S 33, K 91. 33x42 (promoting or
/// not) checks from 42; the gold is reborn on 41 (White's gold start square nearest its
/// file), beside the king, and blocks nothing. No other move checks.
#[test]
fn circe_capture_checks_from_the_capture_square() {
    let checks = yosei_tests::micro::checks("4k4/5g3/6S2/9/9/9/9/9/K8 b - 1", "circe");
    assert_eq!(checks, yosei_tests::micro::sorted(&["3c4b/4a", "3c4b+/4a"]));
}

/// キルケ, a capture far from the check answers it (the generator's evasion filter lets
/// every capture through under a capture condition). White K 19 is checked by the Black
/// rook on 99 along rank 9; its flights are covered (B+ 36 sees 18, G 38 sees 28). The
/// White gold on 43 takes the Black silver on 44, which is reborn on 39 (the silver's
/// starting square nearest file 4), between rook and king: the only answer. Under
/// ordinary rules the same position is mate.
#[test]
fn circe_a_capture_whose_rebirth_interposes_answers_check() {
    let sfen = "9/9/5g3/5S3/9/6+B2/9/6G2/R7k w - 1";
    assert_answers_to_check(sfen, &[Circe], &["4c4d/3i"]);
    assert_answers_to_check(sfen, &[], &[]);
}

/// アンチキルケ, a capture far from the check answers it by the capturer's return: Black K
/// 19 is checked by the White rook on 99 along rank 9. The Black silver on 45 takes the
/// White pawn on 34 and goes home to 39 (the silver's starting square nearest file 3),
/// between rook and king. Its other steps answer nothing.
#[test]
fn anticirce_a_capture_whose_return_interposes_answers_check() {
    let sfen = "4k4/9/9/6p2/5S3/9/9/9/r7K b - 1";
    let silver: Vec<String> = all_moves(sfen, &[AntiCirce])
        .into_iter()
        .filter(|m| m.starts_with("4e"))
        .collect();
    assert_eq!(silver, ["4e3d/3i"]);
}

/// アンチキルケ with マドラシ, a capture far from the check answers it by the square it
/// leaves empty: Black K 55 is checked by the White rook on 51 down file 5; on rank 1 the
/// rook's first piece is a White pawn on 31, with the Black rook on 11 behind it. The
/// Black silver on 22 takes the pawn and goes home to 39 (promoted or not), which is no
/// evasion square, but 31 is left empty and the Black rook paralyses the checker. Its
/// other steps answer nothing; without Madrasi the capture does not answer either.
#[test]
fn anticirce_with_madrasi_a_capture_that_uncovers_a_paralyser_answers_check() {
    let sfen = "k3r1p1R/7S1/9/9/4K4/9/9/9/9 b - 1";
    let silver = |conditions: &[Condition]| -> Vec<String> {
        all_moves(sfen, conditions)
            .into_iter()
            .filter(|m| m.starts_with("2b"))
            .collect()
    };
    assert_eq!(silver(&[Condition::Madrasi, AntiCirce]), ["2b3a+/3i", "2b3a/3i"]);
    assert!(silver(&[AntiCirce]).is_empty());
}

/// The side to move of `sfen` stands in check under `conditions` and its legal moves
/// are `answers`; the mate test's own generation (`has_legal_move`) agrees.
fn assert_answers_to_check(sfen: &str, conditions: &[Condition], answers: &[&str]) {
    let rules = rules(conditions);
    let p = pos(sfen, &rules);
    assert!(p.in_check(&rules), "{conditions:?}");
    assert_eq!(p.has_legal_move(&rules), !answers.is_empty(), "{conditions:?}");
    assert_eq!(all_moves(sfen, conditions), answers, "{conditions:?}");
}

// The board after a capture, told without playing it (`LocalSafety`'s `BoardChange`):
// each displacement's squares, pinned where only they decide.

/// キルケ: the reborn piece checks the capturer's king. Black K 22, G 55 and the White
/// rook on 54: 55x54 sends the rook home to 82, whence it sees 22 along rank 2, so the
/// capture is illegal; with a White pawn on 72 between, it is legal. Under ordinary
/// rules the rook goes to hand and the capture is legal.
#[test]
fn circe_a_capture_whose_reborn_piece_checks_the_capturer_is_illegal() {
    let open = "k8/7K1/9/4r4/4G4/9/9/9/9 b - 1";
    assert!(captures_from(open, &[Circe], "5e").is_empty());
    assert_eq!(captures_from(open, &[], "5e"), ["5e5d"]);
    let shielded = "k8/2p4K1/9/4r4/4G4/9/9/9/9 b - 1";
    assert_eq!(captures_from(shielded, &[Circe], "5e"), ["5e5d/8b"]);
}

/// アンチキルケ: the capture square is left empty. The White lance on 51 looks down file
/// 5 at the Black king on 59 past the White pawn on 55 and the Black gold on 56. 56x55
/// sends the gold home (49 or 69, equally near file 5: both forms), which empties both squares
/// of the file: every form is illegal. Under ordinary rules the gold stays on 55 and
/// blocks.
#[test]
fn anticirce_a_capturer_gone_home_opens_the_capture_square() {
    let sfen = "k3l4/9/9/9/4p4/4G4/9/9/4K4 b - 1";
    assert!(captures_from(sfen, &[AntiCirce], "5f").is_empty());
    assert_eq!(captures_from(sfen, &[], "5f"), ["5f5e"]);
}

/// PWC: the restored piece checks from the capturer's origin. Black K 59, G 58; White
/// G 57. 58x57 puts the White gold back on 58, next to the king, which it attacks: the
/// capture is illegal. Under ordinary rules it is legal.
#[test]
fn pwc_a_restored_piece_next_to_the_king_makes_the_capture_illegal() {
    let sfen = "k8/9/9/9/9/9/4g4/4G4/4K4 b - 1";
    assert!(captures_from(sfen, &[Pwc], "5h").is_empty());
    assert_eq!(captures_from(sfen, &[], "5h"), ["5h5g"]);
}

/// キルケ: the reborn piece blocks a discovered check. The Black silver on 51 stands
/// between the Black rook on 91 and the White king on 11. Taking the White silver on 42
/// uncovers the rook, but the silver is reborn on 31 (its starting square nearest file
/// 4), between rook and king: no check; stepping to 62 instead checks. Under ordinary
/// rules both check.
#[test]
fn circe_a_reborn_piece_blocks_the_discovered_check() {
    let sfen = "R3S3k/5s3/9/9/9/9/9/9/9 b - 1";
    assert_eq!(
        yosei_tests::micro::checks(sfen, "circe"),
        yosei_tests::micro::sorted(&["5a6b", "5a6b+"])
    );
    assert_eq!(
        yosei_tests::micro::checks(sfen, ""),
        yosei_tests::micro::sorted(&["5a4b", "5a4b+", "5a6b", "5a6b+"])
    );
}

/// キルケ, the mate test's king steps (told legal before anything else is built): a
/// king's capture is no flight when the piece it takes is reborn guarding the square.
/// White K 37, checked by the Black dragon on 57 along rank 7; 27, 47 and the diagonal
/// steps are covered (+R, +B 14, G 16, P 29), and 38 holds a Black silver nobody
/// guards. Under ordinary rules 37x38 is the one answer; under キルケ the silver is
/// reborn on 39, whence it attacks 38: mate.
#[test]
fn circe_a_king_capture_is_no_flight_when_the_reborn_piece_guards_it() {
    let sfen = "9/9/9/8+B/9/8G/4+R1k2/6S2/7P1 w - 1";
    assert_answers_to_check(sfen, &[Circe], &[]);
    assert_answers_to_check(sfen, &[], &["3g3h"]);
}

/// アンチキルケ, a check uncovered through the capture square (the shortcut for plain
/// ordinary attacks asks the lines from the king through every square a move empties,
/// and a capturer gone home empties the capture square too). The Black rook on 91 looks
/// along rank 1 at the White king on 11 past the White pawn on 51; the Black silver on
/// 52 takes it and goes home (39 or 79, equally near file 5: both forms, promoting or
/// not), which opens rank 1: each form checks. Under ordinary rules and キルケ the silver
/// stays on 51 and blocks: no check by the silver (the rook's own capture of the pawn
/// checks there instead, and under アンチキルケ sends the rook home to 28: no check).
#[test]
fn anticirce_a_capturer_gone_home_uncovers_a_check_through_the_capture_square() {
    let sfen = "R3p3k/4S4/9/9/9/9/9/9/K8 b - 1";
    let checks = |words: &str| yosei_tests::micro::checks(sfen, words);
    assert_eq!(
        checks("anticirce"),
        yosei_tests::micro::sorted(&["5b5a+/3i", "5b5a+/7i", "5b5a/3i", "5b5a/7i"])
    );
    assert_eq!(checks(""), yosei_tests::micro::sorted(&["9a5a", "9a5a+"]));
    assert_eq!(checks("circe"), yosei_tests::micro::sorted(&["9a5a+/5c", "9a5a/5c"]));
}

/// PWC, a discovered check closed again by the restored piece: the Black gold on 51
/// stands between the Black rook on 91 and the White king on 11 and takes the White
/// pawn on 52 (straight back). The square it empties lies on the rook's line to the
/// king, but PWC puts the pawn back there: no check. Under キルケ the pawn is reborn on
/// 53 and under ordinary rules it goes to hand: 51 stays empty and the rook checks.
#[test]
fn pwc_a_restored_piece_closes_the_line_its_capturer_opened() {
    let sfen = "R3G3k/4p4/9/9/9/9/9/9/K8 b - 1";
    assert!(yosei_tests::micro::checks(sfen, "pwc").is_empty());
    assert_eq!(yosei_tests::micro::checks(sfen, "circe"), ["5a5b/5c"]);
    assert_eq!(yosei_tests::micro::checks(sfen, ""), ["5a5b"]);
}

/// The legal moves starting with `prefix` under `conditions`, fairy pieces starting
/// where `home` says, `royal` kinds royal.
fn moves_with_home(
    sfen: &str,
    conditions: &[Condition],
    home: yosei_rules::FairyHome,
    royal: &str,
    prefix: &str,
) -> Vec<String> {
    let mut rules = rules(conditions).with_royal_kinds(royal.parse().unwrap());
    rules.fairy_home = home;
    yosei_tests::support::legal_usi(&pos(sfen, &rules), &rules, prefix)
}

/// キルケ, a fairy piece captured (docs/rules/capture-conditions.md, "Fairy pieces").
/// Black R 39 takes White's Wazir on 34. rules.md: a fairy piece has no starting square,
/// it goes to Black's hand. fm's homes: it is reborn for White on the capture's file, on
/// White's second rank (32); with 32 taken (a White pawn), to hand again.
#[test]
fn circe_reborns_a_captured_fairy_piece_on_its_second_rank_only_under_fms_homes() {
    use yosei_rules::FairyHome::{None as Nowhere, SecondRank};
    let sfen = "4k4/9/9/6[wa]2/9/9/9/9/4K1R2 b - 1";
    assert_eq!(
        moves_with_home(sfen, &[Condition::Circe], Nowhere, "none", "3i3d"),
        ["3i3d"]
    );
    assert_eq!(
        moves_with_home(sfen, &[Condition::Circe], SecondRank, "none", "3i3d"),
        ["3i3d/3b"]
    );
    let taken = "4k4/6p2/9/6[wa]2/9/9/9/9/4K1R2 b - 1";
    assert_eq!(
        moves_with_home(taken, &[Condition::Circe], SecondRank, "none", "3i3d"),
        ["3i3d"]
    );
}

/// アンチキルケ, a fairy piece capturing. Black's Wazir on 35 takes the pawn on 34.
/// rules.md: it stays on 34. fm's homes: it returns to Black's second rank on file 3
/// (38); with 38 taken, it stays. A royal Wazir (fm's `@R`, no 玉) goes the same way, and
/// where a White rook on rank 8 guards 38 the capture that sends it there is illegal:
/// the return is part of the move and the royal piece may not end it attacked.
#[test]
fn anticirce_sends_a_capturing_fairy_piece_to_its_second_rank_only_under_fms_homes() {
    use yosei_rules::FairyHome::{None as Nowhere, SecondRank};
    let ac = &[Condition::AntiCirce];
    let sfen = "4k4/9/9/6p2/6[WA]2/9/9/9/4K4 b - 1";
    assert_eq!(moves_with_home(sfen, ac, Nowhere, "none", "3e3d"), ["3e3d"]);
    assert_eq!(moves_with_home(sfen, ac, SecondRank, "none", "3e3d"), ["3e3d/3h"]);
    let taken = "4k4/9/9/6p2/6[WA]2/9/9/6P2/4K4 b - 1";
    assert_eq!(moves_with_home(taken, ac, SecondRank, "none", "3e3d"), ["3e3d"]);
    let royal = "4k4/9/9/6p2/6[WA]2/9/9/9/9 b - 1";
    assert_eq!(moves_with_home(royal, ac, Nowhere, "[WA]", "3e3d"), ["3e3d"]);
    assert_eq!(moves_with_home(royal, ac, SecondRank, "[WA]", "3e3d"), ["3e3d/3h"]);
    let guarded = "4k4/9/9/6p2/6[WA]2/9/9/8r/9 b - 1";
    assert_eq!(moves_with_home(guarded, ac, Nowhere, "[WA]", "3e3d"), ["3e3d"]);
    assert!(moves_with_home(guarded, ac, SecondRank, "[WA]", "3e3d").is_empty());
}

// ---------------------------------------------------------------------------------------
// Under a capture condition alone the moves that capture nothing come from the ordinary
// generator, and the king's flights from empty squares (`Compiled::quiet_moves_ordinary`)
// ---------------------------------------------------------------------------------------

/// アンチキルケ, drop-pawn mate judged by the condition's replies, not ordinary shogi's.
/// White K 41; Black lances on 55 and 35 guard 51 52 and 31 32. P*42 checks: under
/// ordinary rules (and キルケ, PWC) the king takes the pawn, nothing guarding 42, and the
/// drop is legal. Under アンチキルケ the king taking it returns home to 51, which the
/// lance guards: no reply, drop-pawn mate, so the drop is illegal (the ordinary
/// generator, which gives every other drop there, must not give this one).
#[test]
fn anticirce_a_pawn_drop_mates_when_the_kings_capture_returns_it_into_check() {
    let sfen = "5k3/9/9/9/4L1L2/9/9/9/K8 b P 1";
    let drops = |conditions: &[Condition]| {
        all_moves(sfen, conditions)
            .into_iter()
            .filter(|m| m.starts_with("P*"))
            .collect::<Vec<_>>()
    };
    let ordinary = drops(&[]);
    assert!(ordinary.contains(&"P*4b".to_string()));
    assert!(drops(&[Circe]).contains(&"P*4b".to_string()));
    assert!(drops(&[Pwc]).contains(&"P*4b".to_string()));
    let anticirce = drops(&[AntiCirce]);
    let mut expected: Vec<String> = ordinary.into_iter().filter(|m| m != "P*4b").collect();
    expected.sort();
    assert_eq!(anticirce, expected);
}

/// キルケ and PWC, the help search's flight test before the mate test: a king's capture
/// is no flight that the ordinary board tells. R*22 checks White's K 23 (golds on 13 33
/// 14 34 of its own, the Black knight on 36 guarding 24). Under ordinary rules the king
/// takes the rook, nothing guarding 22, and escapes; under キルケ the rook is reborn on
/// 28 and sees 22 along the emptied file, under PWC it stands on 23, next to the king:
/// mate. Under アンチキルケ the king goes home to 51 and escapes.
#[test]
fn circe_and_pwc_a_kings_capture_is_no_flight_told_from_the_ordinary_board() {
    let sfen = "9/9/6gkg/6g1g/9/6N2/9/9/K8 b R 1";
    assert_eq!(solve(sfen, "help:1", &[Circe]), ["R*2b"]);
    assert_eq!(solve(sfen, "help:1", &[Pwc]), ["R*2b"]);
    assert!(solve(sfen, "help:1", &[AntiCirce]).is_empty());
    assert!(solve(sfen, "help:1", &[]).is_empty());
}
