//! fm's Locust [LO] 蝗 (movement `xQ`, docs/rules/fairy-pieces.md): along the eight queen
//! lines over empty squares to an enemy piece, captured by hopping over it onto the
//! empty square just beyond; no move without such a capture. Positions built to pin
//! each rule; the readings are fm's (`h_check.c` `help_check_decapt_hop`, `analyze.c`
//! `analyze_hi_decapt_hop`). Squares in USI: file digit, rank letter a–i from the top.

use yosei_core::{Color, Move, Piece, PieceKind, Square};
use yosei_io::sfen::{parse_sfen, parse_usi_move};
use yosei_rules::{Condition, DiscardedKinds, Position, RuleSet, Stipulation};
use yosei_solve::{HelpPlan, Limits, Verdict};
use yosei_tests::support::{legal_usi, solution_lines, solve_help_every_store};

fn pos_under(sfen: &str, rules: &RuleSet) -> Position {
    Position::from_setup(&parse_sfen(sfen).unwrap().setup, rules).unwrap()
}

fn pos(sfen: &str) -> Position {
    pos_under(sfen, &RuleSet::ordinary())
}

fn moves_from(p: &Position, prefix: &str) -> Vec<String> {
    legal_usi(p, &RuleSet::ordinary(), prefix)
}

fn sq(usi: &str) -> Square {
    let b = usi.as_bytes();
    Square::new((b[0] - b'0') as i32, (b[1] - b'a' + 1) as i32).unwrap()
}

/// Over empty squares to the White pawn on 5e, four squares away, onto 5d: the only
/// move of a Locust on 5i, written from, captured square, landing. The pawn goes to
/// Black's hand; nothing stands on 5e afterwards.
#[test]
fn a_locust_hops_over_an_enemy_at_a_distance_and_takes_it() {
    let p = pos("9/9/9/9/4p4/9/9/9/4[LO]4 b - 1");
    assert_eq!(moves_from(&p, "5i"), ["5i5e5d"]);
    let after = p.play(parse_usi_move("5i5e5d").unwrap());
    assert_eq!(after.piece_at(sq("5e")), None);
    assert_eq!(
        after.piece_at(sq("5d")),
        Some(Piece::new(PieceKind::Locust, Color::Black))
    );
    assert_eq!(after.hand(Color::Black).count(PieceKind::Pawn), 1);
    // diagonally as well: a White gold on 2f, 3 squares up-right, taken onto 1e
    let q = pos("9/9/9/9/9/7g1/9/9/4[LO]4 b - 1");
    assert_eq!(moves_from(&q, "5i"), ["5i2f1e"]);
}

/// The first piece of the line is the only hurdle: an own pawn or a stone before the
/// enemy stops the Locust, and it never hops over an own piece.
#[test]
fn a_piece_before_the_enemy_blocks_the_hop() {
    for between in ["4P4", "4O4"] {
        let p = pos(&format!("9/9/9/9/4p4/9/{between}/9/4[LO]4 b - 1"));
        assert!(moves_from(&p, "5i").is_empty(), "{between}");
    }
    // an own pawn alone on the line with an empty square beyond: no move either
    assert!(moves_from(&pos("9/9/9/9/4P4/9/9/9/4[LO]4 b - 1"), "5i").is_empty());
}

/// The landing square must be empty: a second piece just beyond the enemy (either side's)
/// or the board's edge means no move.
#[test]
fn an_occupied_landing_square_means_no_move() {
    assert!(moves_from(&pos("9/9/9/4g4/4p4/9/9/9/4[LO]4 b - 1"), "5i").is_empty());
    assert!(moves_from(&pos("9/9/9/4P4/4p4/9/9/9/4[LO]4 b - 1"), "5i").is_empty());
    // a White gold on the edge (5a) has no square beyond it
    assert!(moves_from(&pos("4g4/9/9/9/4[LO]4/9/9/9/9 b - 1"), "5e").is_empty());
}

/// No move without a capture: on an otherwise empty board the Locust stays put, yet it
/// may be dropped anywhere (never a dead piece on 9×9: some line has two squares).
#[test]
fn the_locust_never_moves_without_capturing() {
    let p = pos("9/9/9/9/4[LO]4/9/9/9/9 b [LO] 1");
    assert!(moves_from(&p, "5e").is_empty());
    assert_eq!(moves_from(&p, "[LO]*").len(), 80);
}

/// It checks a king it could hop over: the king the first piece of a line, the square
/// beyond empty (fm: "already in check" for `19LO, 15玉` ordinary). A piece on the
/// landing square, or the board's edge beyond the king, means no check.
#[test]
fn a_locust_checks_a_king_it_could_hop_over() {
    let ordinary = RuleSet::ordinary();
    assert!(pos("9/9/9/9/[LO]3k4/9/9/9/9 w - 1").in_check(&ordinary));
    assert!(!pos("9/9/9/9/[LO]3kp3/9/9/9/9 w - 1").in_check(&ordinary));
    assert!(!pos("4k4/9/9/9/4[LO]4/9/9/9/9 w - 1").in_check(&ordinary));
    // a king in the corner is never in a Locust's check
    assert!(!pos("8k/9/9/9/4[LO]4/9/9/9/8[LO] w - 1").in_check(&ordinary));
}

/// The check of a Locust on 9e is answered by a piece between (8e, 7e, 6e) or by one
/// on the landing square 4e beyond the king.
#[test]
fn a_locust_check_is_answered_by_filling_the_landing_square() {
    let p = pos("9/9/9/9/[LO]3k4/9/9/9/9 w p 1");
    assert_eq!(moves_from(&p, "P*"), ["P*4e", "P*6e", "P*7e", "P*8e"]);
}

/// Two Locusts on the king's rank, one on each side: a piece on 4e or 6e both fills one
/// landing square and stands in the other's line (tests/data/perft_fairy.tsv,
/// locust-double-check).
#[test]
fn a_drop_answers_two_locust_checks_at_once() {
    let p = pos("9/9/5g3/9/[LO]3k3[LO]/9/9/7S1/8K w p 1");
    assert_eq!(moves_from(&p, "P*"), ["P*4e", "P*6e"]);
}

/// A mate by the Locust (help mate in 1, fm agrees: `16-15蝗<18`, one solution): it takes
/// the pawn on 1f landing on 1e, checking the king on 1b along file 1 (1a empty); the
/// rook covers 1a and 2a, the Locust 1c, White's own pieces fill 2b and 2c.
#[test]
fn a_locust_mates() {
    let start = pos("R8/7lk/7p1/9/9/8p/9/8[LO]/4K4 b - 1");
    let plan = HelpPlan::new("help:1".parse::<Stipulation>().unwrap(), &start, None).unwrap();
    let out = solve_help_every_store(&start, &RuleSet::ordinary(), &plan, &Limits::default());
    assert_eq!(out.verdict, Verdict::Solved);
    assert_eq!(solution_lines(&out.solutions), ["1h1f1e"]);
}

/// A captured Locust goes to the capturer's hand as itself, or out of play when fairy
/// pieces are discarded (取捨て); a Locust takes a Locust by hopping over it.
#[test]
fn a_captured_locust_is_held_or_discarded() {
    let m = parse_usi_move("5i5e5d").unwrap();
    let held = pos("9/9/9/9/4[lo]4/9/9/9/4[LO]4 b - 1").play(m);
    assert_eq!(held.hand(Color::Black).count(PieceKind::Locust), 1);
    let discard = RuleSet::ordinary().with_discarded_kinds(DiscardedKinds::every_fairy_kind());
    let p = pos_under("9/9/9/9/4[lo]4/9/9/9/4[LO]4 b - 1", &discard);
    let after = p.play(p.find_legal(m, &discard).unwrap());
    assert!(after.hand(Color::Black).is_empty());
    assert_eq!(after.key(), after.compute_key());
}

/// The move is written from, captured square, landing everywhere: USI `1h1f1e`, KIF
/// `１五蝗(18,16)`, KI2 the same (relative words cannot say which piece is taken); CSA
/// cannot write it.
#[test]
fn the_hop_is_written_with_the_captured_square() {
    let p = pos("9/9/9/9/9/8p/9/8[LO]/9 b - 1");
    let m = p
        .find_legal(parse_usi_move("1h1f1e").unwrap(), &RuleSet::ordinary())
        .unwrap();
    assert_eq!(m, Move::two_step(sq("1h"), sq("1f"), sq("1e")));
    assert_eq!(m.to_usi(), "1h1f1e");
    let locust = Piece::new(PieceKind::Locust, Color::Black);
    let kif = yosei_io::notation::write_kif_move(locust, m, None, None);
    assert_eq!(kif, "１五蝗(18,16)");
    assert_eq!(yosei_io::notation::parse_kif_move(&kif, None), Ok(m));
    let ki2 = yosei_io::notation::write_ki2_move(&p, &RuleSet::ordinary(), m, None);
    assert_eq!(ki2, "▲１五蝗(18,16)");
    assert_eq!(
        yosei_io::notation::parse_ki2_move(&ki2, &p, &RuleSet::ordinary(), None),
        Ok(m)
    );
    assert_eq!(
        yosei_io::notation::parse_ki2_move("▲１五蝗", &p, &RuleSet::ordinary(), None),
        Ok(m)
    );
}

/// Under 安南 a silver with a Locust behind it moves as a Locust, and a hop into the
/// zone may promote, as any move of a silver may (fm's `help_check_move_sub`): 5d over
/// the pawn on 5c onto 5b, promoted or not.
#[test]
fn a_borrowed_locust_power_hops_and_may_promote() {
    let annan = RuleSet::compile(&[Condition::Annan]).unwrap();
    let p = pos_under("9/9/4p4/4S4/4[LO]4/9/9/9/9 b - 1", &annan);
    let hops: Vec<String> = legal_usi(&p, &annan, "5d")
        .into_iter()
        .filter(|m| m.len() > 4)
        .collect();
    assert_eq!(hops, ["5d5c5b", "5d5c5b+"]);
    let after = p.play(parse_usi_move("5d5c5b+").unwrap());
    assert_eq!(
        after.piece_at(sq("5b")),
        Some(Piece::new(PieceKind::ProSilver, Color::Black))
    );
}

/// Koko: a piece reaching the enemy king checks only if its capture, played as fm's
/// trial move plays it, leaves the capturer next to a piece; the Locust's capture lands
/// beyond the king, the king's square emptied (fm's `hi_trial_move2`). fm itself wires
/// that test for the Locust nowhere (docs/rules/fairy-pieces.md); yosei applies it.
#[test]
fn under_koko_a_locust_checks_only_when_its_landing_square_has_a_neighbour() {
    let koko = RuleSet::compile(&[Condition::Koko]).unwrap();
    // Locust 1i, king 1e, landing 1d: nothing next to 1d
    assert!(!pos_under("9/9/9/9/8k/9/9/9/8[LO] w - 1", &koko).in_check(&koko));
    // a White pawn on 2c, next to 1d
    assert!(pos_under("9/9/7p1/9/8k/9/9/9/8[LO] w - 1", &koko).in_check(&koko));
}

/// Under Andernach the Locust turns White where it lands and leaves its square (fm
/// leaves a copy on the square it left, a defect yosei does not follow:
/// docs/rules/fairy-pieces.md).
#[test]
fn under_andernach_the_locust_turns_where_it_lands() {
    let andernach = RuleSet::compile(&[Condition::Andernach]).unwrap();
    let p = pos_under("9/9/9/9/4p4/9/9/9/4[LO]4 b - 1", &andernach);
    let m = p.find_legal(parse_usi_move("5i5e5d").unwrap(), &andernach).unwrap();
    let after = p.play(m);
    assert_eq!(after.piece_at(sq("5i")), None);
    assert_eq!(
        after.piece_at(sq("5d")),
        Some(Piece::new(PieceKind::Locust, Color::White))
    );
}

/// Under キルケ the piece the Locust hops over is reborn on the starting square of its
/// kind nearest to the square it was taken on (fm's `move.c`, `to_1st`): a White gold
/// taken on 5e has 4a and 6a equally near, and the capturer chooses; a silver taken on
/// 2f goes to 3a. Under PWC it reappears on the square the Locust left; under アンチキルケ
/// the Locust, a fairy piece with no starting square, stays where it lands and the gold
/// goes to hand.
#[test]
fn capture_conditions_displace_the_piece_hopped_over() {
    let rules_of = |c: Condition| RuleSet::compile(&[c]).unwrap();
    let gold = "9/9/9/9/4g4/9/9/9/4[LO]4 b - 1";
    let circe = rules_of(Condition::Circe);
    assert_eq!(
        legal_usi(&pos_under(gold, &circe), &circe, "5i"),
        ["5i5e5d/4a", "5i5e5d/6a"]
    );
    let p = pos_under(gold, &circe);
    let after = p.play(p.find_legal(parse_usi_move("5i5e5d/6a").unwrap(), &circe).unwrap());
    assert_eq!(
        after.piece_at(sq("6a")),
        Some(Piece::new(PieceKind::Gold, Color::White))
    );
    assert_eq!((after.piece_at(sq("5e")), after.piece_at(sq("5i"))), (None, None));
    assert!(after.hand(Color::Black).is_empty());
    assert_eq!(after.key(), after.compute_key());
    assert_eq!(
        p.key_after(p.find_legal(parse_usi_move("5i5e5d/6a").unwrap(), &circe).unwrap()),
        after.key()
    );
    let silver = "9/9/9/9/9/7s1/9/9/4[LO]4 b - 1";
    assert_eq!(legal_usi(&pos_under(silver, &circe), &circe, "5i"), ["5i2f1e/3a"]);
    let pwc = rules_of(Condition::Pwc);
    let p = pos_under(gold, &pwc);
    assert_eq!(legal_usi(&p, &pwc, "5i"), ["5i5e5d/5i"]);
    let after = p.play(p.find_legal(parse_usi_move("5i5e5d/5i").unwrap(), &pwc).unwrap());
    assert_eq!(
        after.piece_at(sq("5i")),
        Some(Piece::new(PieceKind::Gold, Color::White))
    );
    let anticirce = rules_of(Condition::AntiCirce);
    let p = pos_under(gold, &anticirce);
    assert_eq!(legal_usi(&p, &anticirce, "5i"), ["5i5e5d"]);
    assert_eq!(
        p.play(p.find_legal(parse_usi_move("5i5e5d").unwrap(), &anticirce).unwrap())
            .hand(Color::Black)
            .count(PieceKind::Gold),
        1
    );
}

/// Isardam refuses the Locust, as fm does with its 蝗系駒 (`arrange.c`).
#[test]
fn isardam_refuses_the_locust() {
    let isardam = RuleSet::compile(&[Condition::Isardam]).unwrap();
    let setup = parse_sfen("4k4/9/9/9/4[LO]4/9/9/9/4K4 b - 1").unwrap().setup;
    let err = Position::from_setup(&setup, &isardam).unwrap_err().to_string();
    assert!(err.contains("condition isardam"), "{err}");
}
