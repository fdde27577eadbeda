//! Each fairy piece's moves in positions built to pin them: edges and corners, Grasshopper
//! hurdles of both colours, Nightrider lines blocked and open, the Lion's igui, pass and
//! double capture, drops and dead squares. Expected sets are worked out by hand in the
//! comments (squares in USI: file digit, rank letter a–i from the top).

use yosei_io::sfen::parse_sfen;
use yosei_rules::{Position, RuleSet};

fn pos(sfen: &str) -> Position {
    Position::from_setup(&parse_sfen(sfen).unwrap().setup, &RuleSet::ordinary()).unwrap()
}

/// The legal moves starting with `prefix` (a square or a drop letter), sorted.
fn moves_from(p: &Position, prefix: &str) -> Vec<String> {
    yosei_tests::support::legal_usi(p, &RuleSet::ordinary(), prefix)
}

fn set(moves: &[&str]) -> Vec<String> {
    let mut out: Vec<String> = moves.iter().map(|s| s.to_string()).collect();
    out.sort();
    out
}

#[test]
fn leapers_in_corners_and_on_edges() {
    // Camel (1,3) on 1i: only 2f (1 file left, 3 up) and 4h (3 left, 1 up).
    assert_eq!(
        moves_from(&pos("9/9/9/9/9/9/9/9/8C b - 1"), "1i"),
        set(&["1i2f", "1i4h"])
    );
    // Giraffe (1,4) on 9a (Black): 8e and 5b.
    assert_eq!(
        moves_from(&pos("F8/9/9/9/9/9/9/9/9 b - 1"), "9a"),
        set(&["9a8e", "9a5b"])
    );
    // Five-leaper on 5e: (0,5) leaves the board; (3,4) and (4,3) give eight squares.
    assert_eq!(
        moves_from(&pos("9/9/9/9/4V4/9/9/9/9 b - 1"), "5e"),
        set(&["5e2a", "5e8a", "5e2i", "5e8i", "5e1b", "5e9b", "5e1h", "5e9h"])
    );
    // √50-leaper on 1a: (1,7) to 2h, (7,1) to 8b, (5,5) to 6f.
    assert_eq!(
        moves_from(&pos("8X/9/9/9/9/9/9/9/9 b - 1"), "1a"),
        set(&["1a2h", "1a8b", "1a6f"])
    );
    // Zebra (2,3) on 5e: all eight land on the board.
    assert_eq!(moves_from(&pos("9/9/9/9/4Z4/9/9/9/9 b - 1"), "5e").len(), 8);
    // Chess knight on 1a: 2c and 3b; a White one on 9i: 8g and 7h (White's moves).
    assert_eq!(
        moves_from(&pos("8T/9/9/9/9/9/9/9/9 b - 1"), "1a"),
        set(&["1a2c", "1a3b"])
    );
    assert_eq!(
        moves_from(&pos("9/9/9/9/9/9/9/9/t8 w - 1"), "9i"),
        set(&["9i8g", "9i7h"])
    );
    // Phoenix (W + jump to the second diagonal square) on 1i: 1h, 2i, 3g.
    assert_eq!(
        moves_from(&pos("9/9/9/9/9/9/9/9/8H b - 1"), "1i"),
        set(&["1i1h", "1i2i", "1i3g"])
    );
    // Kirin (F + jump to the second orthogonal square) on 1i: 2h, 1g, 3i — over a piece too.
    assert_eq!(
        moves_from(&pos("9/9/9/9/9/9/9/8P/7PJ b - 1"), "1i"),
        set(&["1i2h", "1i1g", "1i3i"])
    );
    // Queen from 5e on an empty board: 8 + 8 + 8 + 8 = 32.
    assert_eq!(moves_from(&pos("9/9/9/9/4Q4/9/9/9/9 b - 1"), "5e").len(), 32);
}

#[test]
fn grasshopper_hurdles_of_both_colours() {
    // Black Grasshopper on 5e. Up: hurdle 5c (White pawn, 5d empty) → lands 5b.
    // Down: hurdle 5f (own pawn) → lands 5g. Towards file 9: hurdle 7e (White gold),
    // but 8e holds a Black pawn: no landing. Towards file 1: nothing to hop over.
    // Up-right: 4d (White silver) is the hurdle, 3c a White pawn: captured. The other
    // diagonals are empty to the edge: no move.
    let p = pos("9/9/4p1p2/5s3/1Pg1A4/4P4/9/9/9 b - 1");
    assert_eq!(moves_from(&p, "5e"), set(&["5e5b", "5e5g", "5e3c"]));
    // A hurdle on the edge: no landing square.
    assert!(moves_from(&pos("9/9/9/9/9/9/9/A8/P8 b - 1"), "9h").is_empty());
    // A hurdle far away: it slides over the empty squares to it, then lands just beyond.
    assert_eq!(moves_from(&pos("9/9/9/9/9/9/9/9/A5g2 b - 1"), "9i"), set(&["9i2i"]));
    // White's Grasshopper hops over a Black hurdle and captures a Black piece beyond.
    assert_eq!(moves_from(&pos("a8/P8/G8/9/9/9/9/9/9 w - 1"), "9a"), set(&["9a9c"]));
}

#[test]
fn nightrider_lines_open_and_blocked() {
    // From 9i, Black: the line 8g, 7e, 6c, 5a and the line 7h, 5g, 3f, 1e.
    assert_eq!(
        moves_from(&pos("9/9/9/9/9/9/9/9/D8 b - 1"), "9i"),
        set(&["9i8g", "9i7e", "9i6c", "9i5a", "9i7h", "9i5g", "9i3f", "9i1e"])
    );
    // An own piece on 7e stops the first line after 8g; an enemy on 5g is captured
    // and ends the second line there. Pieces between the leaps (8h, 8f) do not block.
    assert_eq!(
        moves_from(&pos("9/9/9/9/2P6/9/4p4/1P7/D8 b - 1"), "9i"),
        set(&["9i8g", "9i7h", "9i5g"])
    );
}

#[test]
fn lion_single_moves_igui_pass_and_double_capture() {
    // A lone Black Lion on 5e: 24 single moves and one pass, written through 4d (the
    // empty neighbour of lowest index).
    let lone = moves_from(&pos("9/9/9/9/4I4/9/9/9/9 b - 1"), "5e");
    assert_eq!(lone.len(), 25);
    assert!(lone.contains(&"5e4d5e".to_string()));
    // White pawns on 5d and 4c. The Lion takes 5d and then: returns (igui 5e5d5e),
    // takes 4c too (5e5d4c), or steps to any other square next to 5d (6c 5c 6d 4d 6e
    // 4e): 8 two-steps; the pass goes through 4d; 24 single moves (5d and 4c are
    // captures among them). 4c is not adjacent to 5e, so no two-step starts there.
    let p = pos("9/9/5p3/4p4/4I4/9/9/9/9 b - 1");
    let got = moves_from(&p, "5e");
    let two_steps: Vec<&String> = got.iter().filter(|m| m.len() == 6).collect();
    assert_eq!(
        two_steps,
        ["5e4d5e", "5e5d4c", "5e5d4d", "5e5d4e", "5e5d5c", "5e5d5e", "5e5d6c", "5e5d6d", "5e5d6e"]
            .iter()
            .collect::<Vec<_>>()
    );
    assert_eq!(got.len(), 24 + 8 + 1);
    // Boxed in by its own pieces: no pass, and the jumps to distance two remain.
    let boxed = moves_from(&pos("9/9/9/3GSG3/3SIS3/3GSG3/9/9/9 b - 1"), "5e");
    assert_eq!(boxed.len(), 16);
    // A Lion two-step written through an empty square reads as the single move.
    let q = pos("9/9/9/9/4I4/9/9/9/9 b - 1");
    let m = yosei_io::sfen::parse_usi_move("5e4d3c").unwrap();
    assert_eq!(q.canonical_move(m).to_usi(), "5e3c");
    let pass = yosei_io::sfen::parse_usi_move("5e6f5e").unwrap();
    assert_eq!(q.canonical_move(pass).to_usi(), "5e4d5e");
}

#[test]
fn fairy_checks_and_drops() {
    // A White Camel on 2d attacks 1a? (1,3): from 2d to 1a is (−1, −3): yes for White
    // (symmetric leaper). Black king on 1a is in check, and only leaves or captures.
    let p = pos("8K/9/9/7c1/9/9/9/9/4k4 b - 1");
    assert!(p.in_check(&RuleSet::ordinary()));
    // Fairy drops go on every empty square; the √50-leaper never on a square where it
    // could not move again (its nine dead squares, seed 002), e.g. 5e.
    let q = pos("9/9/9/9/9/9/9/9/9 b X 1");
    let drops = moves_from(&q, "X*");
    assert_eq!(drops.len(), 81 - 9);
    assert!(!drops.contains(&"X*5e".to_string()));
    let r = pos("9/9/9/9/9/9/9/9/9 b I 1");
    assert_eq!(moves_from(&r, "I*").len(), 81);
}

/// A piece the problem file defines: `piece: E 象 elephant FA` (one diagonal step or a
/// jump to the second diagonal square), used on the board, in hand and in moves.
#[test]
fn a_piece_defined_in_the_problem_file() {
    let text = "yosei-problem 1\npiece: E 象 drunk elephant FA\nposition: 9/9/9/9/4E4/9/9/9/9 b e 1\n";
    let problem = yosei_io::native::read_native(text).unwrap();
    assert_eq!(problem.pieces.len(), 1);
    assert_eq!(problem.pieces[0].name, "drunk elephant");
    assert_eq!(problem.pieces[0].glyph, '象');
    let rules = RuleSet::ordinary().with_user_pieces(&problem.pieces).unwrap();
    let p = Position::from_setup(&problem.setup, &rules).unwrap();
    let moves: Vec<String> = p.legal_moves(&rules).iter().map(|m| m.to_usi()).collect();
    assert_eq!(moves.len(), 8, "{moves:?}");
    assert!(moves.contains(&"5e3c".to_string()) && moves.contains(&"5e4d".to_string()));
    // It written back and read again is the same problem.
    let again = yosei_io::native::read_native(&yosei_io::native::write_native(&problem)).unwrap();
    assert_eq!(again, problem);
    // Without its definition the position is refused, naming the letter.
    let err = Position::from_setup(&problem.setup, &RuleSet::ordinary()).unwrap_err();
    assert!(err.to_string().contains("piece letter E"), "{err}");
    // A bad movement is reported at its column in the line.
    let bad =
        yosei_io::native::read_native("yosei-problem 1\npiece: E 象 elephant FxA\nposition: 9/9/9/9/9/9/9/9/9 b - 1\n")
            .unwrap_err();
    assert_eq!((bad.line, bad.column), (2, Some(22)), "{bad}");
    // A built-in letter cannot be redefined.
    let builtin =
        yosei_io::native::read_native("yosei-problem 1\npiece: Q 象 elephant FA\nposition: 9/9/9/9/9/9/9/9/9 b - 1\n")
            .unwrap_err();
    assert!(builtin.to_string().contains("E, M, U, W, Y"), "{builtin}");
}

/// A lance that moves only forward and cannot capture (`mfR`) is dead on its last rank,
/// derived from its movement: it may not be dropped there.
#[test]
fn a_defined_piece_has_dead_squares_from_its_movement() {
    let text = "yosei-problem 1\npiece: M 香 quiet-lance mfR\nposition: 9/9/9/9/9/9/9/9/9 b M 1\n";
    let problem = yosei_io::native::read_native(text).unwrap();
    let rules = RuleSet::ordinary().with_user_pieces(&problem.pieces).unwrap();
    let p = Position::from_setup(&problem.setup, &rules).unwrap();
    assert_eq!(p.legal_moves(&rules).len(), 81 - 9);
}

// ---------------------------------------------------------------------------------------
// fm's further leapers and riders (piece_data.c), written [WA]… in SFEN and USI

#[test]
fn fm_short_leapers_from_the_centre_and_a_corner() {
    // Wazir (0,1), Dabbaba (0,2), Threeleaper (0,3) from 5e: the four orthogonal squares
    // at that distance; the Dabbaba jumps over an own pawn on 5d.
    assert_eq!(
        moves_from(&pos("9/9/9/9/4[WA]4/9/9/9/9 b - 1"), "5e"),
        set(&["5e5d", "5e5f", "5e4e", "5e6e"])
    );
    assert_eq!(
        moves_from(&pos("9/9/9/4P4/4[DA]4/9/9/9/9 b - 1"), "5e"),
        set(&["5e5c", "5e5g", "5e3e", "5e7e"])
    );
    assert_eq!(
        moves_from(&pos("9/9/9/9/4[TL]4/9/9/9/9 b - 1"), "5e"),
        set(&["5e5b", "5e5h", "5e2e", "5e8e"])
    );
    // Fers (1,1), Alfil (2,2), Tripper (3,3) in the corner 1i: one diagonal square each;
    // the Alfil jumps over 2h.
    assert_eq!(moves_from(&pos("9/9/9/9/9/9/9/9/8[FE] b - 1"), "1i"), set(&["1i2h"]));
    assert_eq!(moves_from(&pos("9/9/9/9/9/9/9/7P1/8[AL] b - 1"), "1i"), set(&["1i3g"]));
    assert_eq!(moves_from(&pos("9/9/9/9/9/9/9/9/8[TR] b - 1"), "1i"), set(&["1i4f"]));
}

#[test]
fn fm_long_leapers_from_a_corner() {
    // Flamingo (1,6) on 1i: 2c and 7h. √40-leaper (2,6): 3c and 7g. √65-leaper (1,8) and
    // (4,7): 2a, 9h, 5b, 8e.
    assert_eq!(
        moves_from(&pos("9/9/9/9/9/9/9/9/8[FL] b - 1"), "1i"),
        set(&["1i2c", "1i7h"])
    );
    assert_eq!(
        moves_from(&pos("9/9/9/9/9/9/9/9/8[R4] b - 1"), "1i"),
        set(&["1i3c", "1i7g"])
    );
    assert_eq!(
        moves_from(&pos("9/9/9/9/9/9/9/9/8[R6] b - 1"), "1i"),
        set(&["1i2a", "1i9h", "1i5b", "1i8e"])
    );
}

#[test]
fn fm_riders_open_and_blocked() {
    // Camelrider on 1i, Black: lines 2f, 3c and 4h, 7g. An own pawn on 3c ends the first
    // after 2f; an enemy pawn on 4h is captured and ends the second. The pawn on 1h, next
    // to the rider, blocks nothing.
    assert_eq!(
        moves_from(&pos("9/9/9/9/9/9/9/9/8[CR] b - 1"), "1i"),
        set(&["1i2f", "1i3c", "1i4h", "1i7g"])
    );
    assert_eq!(
        moves_from(&pos("9/9/6P2/9/9/9/9/5p2P/8[CR] b - 1"), "1i"),
        set(&["1i2f", "1i4h"])
    );
    // A White Zebrarider on 9a: lines 7d, 5g and 6c, 3e (White moves down the board).
    assert_eq!(
        moves_from(&pos("[zr]8/9/9/9/9/9/9/9/9 w - 1"), "9a"),
        set(&["9a7d", "9a5g", "9a6c", "9a3e"])
    );
    // Empress on 5e with an own pawn on 5c: the rook's line up stops at 5d (1 + 4 + 4 +
    // 4 = 13) and the eight knight leaps stay: 21.
    assert_eq!(moves_from(&pos("9/9/4P4/9/4[EM]4/9/9/9/9 b - 1"), "5e").len(), 21);
    // Princess on 5e with an enemy pawn on 4d: that diagonal ends with its capture (1 + 4
    // + 4 + 4 on the other three diagonals): 13, plus 8 leaps.
    let princess = moves_from(&pos("9/9/9/5p3/4[PR]4/9/9/9/9 b - 1"), "5e");
    assert_eq!(princess.len(), 21);
    assert!(princess.contains(&"5e4d".to_string()) && !princess.contains(&"5e3c".to_string()));
}

#[test]
fn fm_pieces_give_check_and_are_answered() {
    // A Black √65-leaper on 9i checks the White king on 5b by its (4,7) leap.
    assert!(pos("9/4k4/9/9/9/9/9/9/[R6]8 w - 1").in_check(&RuleSet::ordinary()));
    // A Black Camelrider on 1i checks the White king on 3c through 2f; a White pawn in
    // hand answers it only by a drop on 2f (the square between the two leaps).
    let p = pos("9/9/6k2/9/9/9/9/9/8[CR] w p 1");
    assert!(p.in_check(&RuleSet::ordinary()));
    assert_eq!(moves_from(&p, "P*"), set(&["P*2f"]));
    // The Empress checks by a knight leap, which nothing can block: 5e to 4c.
    let q = pos("9/9/5k3/9/4[EM]4/9/9/9/9 w g 1");
    assert!(q.in_check(&RuleSet::ordinary()));
    assert!(moves_from(&q, "G*").is_empty());
}

#[test]
fn fm_pieces_are_dropped_except_on_their_dead_squares() {
    let drops = |sfen: &str, prefix: &str| moves_from(&pos(sfen), prefix);
    // The short leapers and the riders are never dead on 9×9.
    assert_eq!(drops("9/9/9/9/9/9/9/9/9 b [WA] 1", "[WA]*").len(), 81);
    assert_eq!(drops("9/9/9/9/9/9/9/9/9 b [CR] 1", "[CR]*").len(), 81);
    // The Flamingo and the √40-leaper cannot move from the centre 3×3 (no leap six files
    // or ranks long fits), the √65-leaper from the centre 5×5 (seed 002's dead piece).
    let flamingo = drops("9/9/9/9/9/9/9/9/9 b [FL] 1", "[FL]*");
    assert_eq!(flamingo.len(), 81 - 9);
    assert!(!flamingo.contains(&"[FL]*5e".to_string()) && flamingo.contains(&"[FL]*5c".to_string()));
    assert_eq!(drops("9/9/9/9/9/9/9/9/9 b [R4] 1", "[R4]*").len(), 81 - 9);
    let root65 = drops("9/9/9/9/9/9/9/9/9 b [R6] 1", "[R6]*");
    assert_eq!(root65.len(), 81 - 25);
    assert!(!root65.contains(&"[R6]*3c".to_string()) && root65.contains(&"[R6]*2c".to_string()));
    // A setup with one standing on a dead square is refused.
    let setup = parse_sfen("4k4/9/9/9/4[FL]4/9/9/9/4K4 b - 1").unwrap().setup;
    assert!(Position::from_setup(&setup, &RuleSet::ordinary()).is_err());
}

// ---------------------------------------------------------------------------------------
// fm's lame leapers: Mao [MA] (xiangqi horse), Moa [MO], Shan [SH] (xiangqi elephant)

#[test]
fn mao_and_moa_are_stopped_on_the_first_square() {
    // A Black Mao on 5e: all eight knight squares on an empty board.
    assert_eq!(moves_from(&pos("9/9/9/9/4[MA]4/9/9/9/9 b - 1"), "5e").len(), 8);
    // An own pawn on 5d (straight ahead) takes away 4c and 6c; an enemy pawn on 4e
    // takes away 3d and 3f. The pawn on 6d, diagonally next to it, blocks nothing.
    assert_eq!(
        moves_from(&pos("9/9/9/3PP4/4[MA]p3/9/9/9/9 b - 1"), "5e"),
        set(&["5e7d", "5e7f", "5e4g", "5e6g"])
    );
    // A Moa on 5e with a piece on 4d: 4c and 3d are gone (they start through 4d).
    let moa = moves_from(&pos("9/9/9/5P3/4[MO]4/9/9/9/9 b - 1"), "5e");
    assert_eq!(moa.len(), 6);
    assert!(!moa.contains(&"5e4c".to_string()) && !moa.contains(&"5e3d".to_string()));
    // In the corner 1i the Mao has 2g and 3h, through 1h and 2i.
    assert_eq!(
        moves_from(&pos("9/9/9/9/9/9/9/9/8[MA] b - 1"), "1i"),
        set(&["1i2g", "1i3h"])
    );
}

#[test]
fn shan_is_stopped_on_the_diagonal_square_between() {
    // A White Shan on 5e: 3c, 7c, 3g, 7g; a Black pawn on 4f blocks 3g.
    assert_eq!(
        moves_from(&pos("9/9/9/9/4[sh]4/9/9/9/9 w - 1"), "5e"),
        set(&["5e3c", "5e7c", "5e3g", "5e7g"])
    );
    assert_eq!(
        moves_from(&pos("9/9/9/9/4[sh]4/5P3/9/9/9 w - 1"), "5e"),
        set(&["5e3c", "5e7c", "5e7g"])
    );
}

#[test]
fn a_mao_check_is_answered_by_blocking_its_leg() {
    // A Black Mao on 5e checks the White king on 4c through 5d. A White gold in hand
    // answers it by a drop on 5d, which a knight's check would not allow.
    let p = pos("9/9/5k3/9/4[MA]4/9/9/9/9 w g 1");
    assert!(p.in_check(&RuleSet::ordinary()));
    assert_eq!(moves_from(&p, "G*"), set(&["G*5d"]));
    // With 5d occupied the Mao gives no check.
    assert!(!pos("9/9/5k3/4p4/4[MA]4/9/9/9/9 w - 1").in_check(&RuleSet::ordinary()));
    // Dropped anywhere: no dead square.
    assert_eq!(moves_from(&pos("9/9/9/9/9/9/9/9/9 b [MA] 1"), "[MA]*").len(), 81);
}

// ---------------------------------------------------------------------------------------
// fm's hoppers: Pao [PA], Vao [VA], Leo [LE] (the xiangqi cannon on rook, bishop, queen
// lines), the chess Lion [LI], the Kangaroo [RO]

#[test]
fn pao_moves_as_a_rook_and_captures_over_a_screen() {
    // Black Pao on 5e; a White pawn on 5c is the screen, a White gold on 5a is taken; the
    // pawn itself cannot be taken. An own pawn on 7e is a screen too: nothing beyond it.
    let p = pos("4g4/9/4p4/9/2P1[PA]4/9/9/9/9 b - 1");
    assert_eq!(
        moves_from(&p, "5e"),
        set(&["5e5d", "5e5a", "5e6e", "5e4e", "5e3e", "5e2e", "5e1e", "5e5f", "5e5g", "5e5h", "5e5i"])
    );
    // The Vao on bishop lines: over 4d to take 2b.
    assert!(moves_from(&pos("9/7p1/9/5p3/4[VA]4/9/9/9/9 b - 1"), "5e").contains(&"5e2b".to_string()));
}

#[test]
fn a_pao_check_is_answered_by_taking_its_screen_away_or_adding_a_second() {
    // A Black Pao on 5i, the screen a White silver on 5e, the White king on 5a: check.
    let p = pos("4k4/9/9/9/4s4/9/9/9/4[PA]4 w p 1");
    assert!(p.in_check(&RuleSet::ordinary()));
    let answers = yosei_tests::support::legal_usi(&p, &RuleSet::ordinary(), "");
    // the silver steps off the file, or a pawn dropped between adds a second screen
    assert!(answers.contains(&"5e4f".to_string()) && answers.contains(&"P*5c".to_string()));
    assert!(!answers.contains(&"5e5f".to_string()), "still the screen");
    // Without the screen there is no check.
    assert!(!pos("4k4/9/9/9/9/9/9/9/4[PA]4 w - 1").in_check(&RuleSet::ordinary()));
}

#[test]
fn chess_lion_lands_anywhere_beyond_its_hurdle() {
    // White chess Lion on 1a, a Black pawn on 1c as the hurdle: 1d 1e 1f 1g, and the
    // Black gold on 1h is taken; nothing diagonal or sideways to hop over.
    let p = pos("8[li]/9/8P/9/9/9/9/8G/9 w - 1");
    assert_eq!(moves_from(&p, "1a"), set(&["1a1d", "1a1e", "1a1f", "1a1g", "1a1h"]));
}

#[test]
fn kangaroo_needs_two_hurdles() {
    // Black Kangaroo on 5i: up the file over 5g and 5c to 5b; one hurdle on the
    // diagonal (3g) is not enough.
    let p = pos("9/9/4s4/9/9/9/4p1P2/9/4[RO]4 b - 1");
    assert_eq!(moves_from(&p, "5i"), set(&["5i5b"]));
    // Hurdles of either side, and it captures on landing.
    let q = pos("9/4g4/4P4/9/9/9/4p4/9/4[RO]4 b - 1");
    assert_eq!(moves_from(&q, "5i"), set(&["5i5b"]));
    // It is dropped anywhere.
    assert_eq!(moves_from(&pos("9/9/9/9/9/9/9/9/9 b [RO] 1"), "[RO]*").len(), 81);
}

/// Isardam judges attacks along the lines through a piece (docs/rules/isardam.md); fm
/// refuses it with its hopper families. yosei refuses every piece whose reach is not so
/// bound: the hoppers and the lame leapers; fm's leapers, riders along king lines and
/// their compounds are accepted.
#[test]
fn isardam_refuses_the_hoppers_and_the_lame_leapers() {
    use yosei_rules::Condition;
    let rules = RuleSet::compile(&[Condition::Isardam]).unwrap();
    let verdict = |code: &str| {
        let sfen = format!("1k7/9/9/9/8{code}/9/9/9/1K7 b - 1");
        Position::from_setup(&parse_sfen(&sfen).unwrap().setup, &rules)
    };
    for code in ["[PA]", "[VA]", "[LE]", "[LI]", "[RO]", "[MA]", "[MO]", "[SH]", "[CR]"] {
        let err = verdict(code).expect_err(code);
        assert!(err.to_string().contains("condition isardam"), "{code}: {err}");
    }
    for code in ["[WA]", "[EM]", "[PR]", "[TR]"] {
        assert!(verdict(code).is_ok(), "{code}");
    }
}

/// fm's Rose [RS]: knight leaps, each turned 45° from the last, one way or the other,
/// over empty squares (fm's `help_check_circle_run`).
#[test]
fn rose_rides_round_the_octagon() {
    // From 1i: 2g, 4f, 6g, 7i (turning one way from the leap to 2g), 1e (the other way);
    // 3h, 4f, 3d, 1c and 5i starting by the leap to 3h.
    assert_eq!(
        moves_from(&pos("9/9/9/9/9/9/9/9/8[RS] b - 1"), "1i"),
        set(&["1i1c", "1i1e", "1i2g", "1i3d", "1i3h", "1i4f", "1i5i", "1i6g", "1i7i"])
    );
    // A White pawn on 2g is taken and ends both paths through it; 4f is still reached
    // by way of 3h.
    assert_eq!(
        moves_from(&pos("9/9/9/9/9/9/7p1/9/8[RS] b - 1"), "1i"),
        set(&["1i1c", "1i2g", "1i3d", "1i3h", "1i4f", "1i5i"])
    );
    // It checks along a path: the White king on 6g, through 2g and 4f; a piece put on
    // either answers it.
    let p = pos("9/9/9/9/9/9/3k5/9/8[RS] w g 1");
    assert!(p.in_check(&RuleSet::ordinary()));
    assert_eq!(moves_from(&p, "G*"), set(&["G*2g", "G*4f"]));
}

/// fm's Sparrow [SP] and Eagle [EA] (piece.c setup_refl135_to_pos, setup_refl90_to_pos):
/// along a queen line to the first piece, then one step from it turned 135° or 90°.
#[test]
fn sparrow_and_eagle_turn_at_their_hurdle() {
    // Sparrow on 5e, a White pawn on 5c: back one rank and aside, 4d and 6d. An own
    // silver on 4d takes 4d away and is a hurdle itself, on the diagonal: 5d and 4e.
    assert_eq!(
        moves_from(&pos("9/9/4p4/9/4[SP]4/9/9/9/9 b - 1"), "5e"),
        set(&["5e4d", "5e6d"])
    );
    assert_eq!(
        moves_from(&pos("9/9/4p4/5S3/4[SP]4/9/9/9/9 b - 1"), "5e"),
        set(&["5e6d", "5e5d", "5e4e"])
    );
    // A diagonal hurdle on 3c: back along either axis, 4c and 3d.
    assert_eq!(
        moves_from(&pos("9/9/6p2/9/4[SP]4/9/9/9/9 b - 1"), "5e"),
        set(&["5e4c", "5e3d"])
    );
    // Eagle on 5e, hurdle 5c: the squares beside it, 4c and 6c; an enemy there is taken.
    assert_eq!(
        moves_from(&pos("9/9/4pg3/9/4[EA]4/9/9/9/9 b - 1"), "5e"),
        set(&["5e4c", "5e6c"])
    );
    // The Eagle checks a king beside its hurdle, whichever side the hurdle is.
    assert!(pos("9/9/4Pk3/9/4[EA]4/9/9/9/9 w - 1").in_check(&RuleSet::ordinary()));
    // A hurdle on the edge: the Eagle lands beside it on the edge rank.
    assert_eq!(
        moves_from(&pos("4p4/9/9/9/4[EA]4/9/9/9/9 b - 1"), "5e"),
        set(&["5e4a", "5e6a"])
    );
}

/// fm's Non-stop equihopper [NE]: over the piece at the midpoint of any vector to the
/// square as far beyond it, whatever stands between (h_check.c help_check_equi_hop).
#[test]
fn the_non_stop_equihopper_lands_as_far_beyond_the_hurdle() {
    // Black Non-stop equihopper on 5i; a White pawn on 5g, Black pawns on 5h and 4h: over 5g to
    // 5e (the pawn on 5h, between, blocks nothing), over 5h taking the pawn on 5g, over
    // 4h to 3g.
    let p = pos("9/9/9/9/9/9/4p4/4PP3/4[NE]4 b - 1");
    assert_eq!(moves_from(&p, "5i"), set(&["5i5e", "5i5g", "5i3g"]));
    // An oblique hurdle: a White gold on 6g ((1,2) away) sends it to 7e, capturing the
    // pawn there; that pawn is the midpoint of the hop to 9a.
    let q = pos("9/9/9/9/2p6/9/3g5/9/4[NE]4 b - 1");
    assert_eq!(moves_from(&q, "5i"), set(&["5i7e", "5i9a"]));
    // It checks a king at the far end: White king on 5e, hurdle 5g.
    assert!(pos("9/9/9/9/4k4/9/4p4/9/4[NE]4 w - 1").in_check(&RuleSet::ordinary()));
}

/// fm's Equihopper [EH]: the Non-stop equihopper's hop, but a piece on a board point of
/// its path blocks it (the usual Equihopper; fm's check test, analyze_hi_equi_hop, and
/// yosei's moves alike: docs/rules/fairy-pieces.md on fm's move generator, which lets
/// nothing block). On a line the points are the squares between; over a midpoint (2,4)
/// away, the squares (1,2) and (3,6) away; over a midpoint a knight's leap away, none.
#[test]
fn the_equihopper_is_blocked_by_a_piece_on_its_path() {
    // The Non-stop equihopper's first position: the Black pawn on 5h now blocks the hop
    // over 5g to 5e; over 5h (nothing between) and over 4h still go.
    let p = pos("9/9/9/9/9/9/4p4/4PP3/4[EH]4 b - 1");
    assert_eq!(moves_from(&p, "5i"), set(&["5i5g", "5i3g"]));
    // Over a knight's-leap midpoint nothing blocks: the pawn on 5h stands beside the
    // hop over the gold on 6g to 7e, not on it; the gold blocks the hop over 7e to 9a.
    let knight = pos("9/9/9/9/2p6/9/3g5/4P4/4[EH]4 b - 1");
    assert_eq!(moves_from(&knight, "5i"), set(&["5i5g", "5i7e"]));
    // Over the pawn on 3e, (2,4) away, to 1a: the path is 4g and 2c.
    let open = pos("9/9/9/9/6p2/9/9/9/4[EH]4 b - 1");
    assert_eq!(moves_from(&open, "5i"), set(&["5i1a"]));
    let blocked = pos("9/9/9/9/6p2/9/5P3/9/4[EH]4 b - 1");
    assert_eq!(moves_from(&blocked, "5i"), set(&["5i3e"]));
    // Check: over 5g to the king on 5e, unless a piece stands on 5f (or 5h); the
    // Non-stop equihopper checks either way.
    let rules = RuleSet::ordinary();
    assert!(pos("9/9/9/9/4k4/9/4p4/9/4[EH]4 w - 1").in_check(&rules));
    assert!(!pos("9/9/9/9/4k4/4g4/4p4/9/4[EH]4 w - 1").in_check(&rules));
    assert!(pos("9/9/9/9/4k4/4g4/4p4/9/4[NE]4 w - 1").in_check(&rules));
}

/// With kings on the board, legality and checks are decided from what a move changes
/// (local_safety.rs); a piece that is not line-bound is asked after every move.
/// A move that puts a hurdle next to the enemy king gives check by the Grasshopper
/// behind it, whatever the moved piece's own reach.
#[test]
fn a_hurdle_set_next_to_the_king_gives_the_grasshoppers_check() {
    // Black Grasshopper on 5i, White king on 5a, the file empty between: no check yet.
    // The Black bishop from 8e to 5b does not reach 5a itself (unpromoted), but sets
    // the hurdle: the Grasshopper lands on 5a.
    let p = pos("4k4/9/9/9/1B7/9/9/9/K3A4 b - 1");
    let checks: Vec<String> = p
        .legal_checks(&RuleSet::ordinary())
        .iter()
        .map(|m| m.to_usi())
        .collect();
    assert!(checks.contains(&"8e5b".to_string()), "{checks:?}");
    assert!(checks.contains(&"8e5b+".to_string()), "{checks:?}");
}

/// In check from a Nightrider, a piece far from the king answers it by standing on the
/// Nightrider's path, which is not on a line between the two.
#[test]
fn the_nightriders_check_is_answered_on_its_path() {
    // White Nightrider on 7e checks the Black king on 5a through 6c. The Black silver on
    // 7b interposes on 6c (promoting or not); the gold in hand drops there; nothing else
    // but the king's steps answers.
    let p = pos("4K4/2S6/9/9/2d6/9/9/9/8k b G 1");
    assert_eq!(moves_from(&p, "7b"), set(&["7b6c", "7b6c+"]));
    assert_eq!(moves_from(&p, "G*"), set(&["G*6c"]));
    assert_eq!(moves_from(&p, "5a"), set(&["5a4a", "5a6a", "5a4b", "5a5b", "5a6b"]));
}

/// A Lion that takes its king's checker in passing (igui) answers the check: the piece
/// taken on the intermediate square is gone, though the Lion ends elsewhere.
#[test]
fn a_lion_taking_the_checker_in_passing_answers_the_check() {
    // White rook on 5e checks the Black king on 5i down the file. The Black Lion on 4e
    // takes it and returns (4e5e4e) or goes on to 4d; both leave the file open but empty.
    let p = pos("8k/9/9/9/4rI3/9/9/9/4K4 b - 1");
    let lion = moves_from(&p, "4e");
    for m in ["4e5e4e", "4e5e4d", "4e5e", "4e5f", "4e5g"] {
        assert!(lion.contains(&m.to_string()), "{m} {lion:?}");
    }
    // a step that neither takes the rook nor stands between leaves the check
    assert!(!lion.contains(&"4e4d".to_string()), "{lion:?}");
}

/// With only line-bound fairy pieces on the board, checks and king safety are told
/// without playing the move (`local_safety.rs`, `plain_gives_check`, `plain_attacked`).
#[test]
fn line_bound_pieces_check_through_an_opened_line_and_guard_the_kings_steps() {
    let rules = RuleSet::ordinary();
    // Black's Queen on 5i behind its silver on 5e, White's king on 5a: each silver move
    // off the file opens the line (5e4d, 5e6d, 5e4f, 5e6f); 5e5d keeps it shut. The
    // Queen checks from 1e and 9e along the diagonals to 5a (2d 3c 4b, 8d 7c 6b empty).
    let p = pos("4k4/9/9/9/4S4/9/9/9/K3Q4 b - 1");
    let checks: Vec<String> = p.legal_checks(&rules).iter().map(|m| m.to_usi()).collect();
    let mut checks = checks;
    checks.sort();
    assert_eq!(checks, set(&["5e4d", "5e6d", "5e4f", "5e6f", "5i1e", "5i9e"]));
    // White's king on 5a, Black's Queen on 9b (rank b: 4b, 5b, 6b) and Camel on 3d
    // (a (1,3) leap: 4a and 2a): only 6a is left.
    let p = pos("4k4/Q8/9/6C2/9/9/9/9/K8 w - 1");
    assert_eq!(moves_from(&p, ""), set(&["5a6a"]));
    assert!(p.has_legal_move(&rules));
    // A Chess knight on 7c guards 6a as well (a (1,2) leap): no move, no check: stalemate.
    let p = pos("4k4/Q8/2T6/6C2/9/9/9/9/K8 w - 1");
    assert!(moves_from(&p, "").is_empty());
    assert!(!p.has_legal_move(&rules) && !p.in_check(&rules));
}

/// A Grasshopper is not line-bound: a move anywhere on its line may set its hurdle, so
/// the plain check test asks it over the board after every move (`plain_gives_check`).
#[test]
fn a_grasshopper_checks_when_a_drop_sets_its_hurdle() {
    let rules = RuleSet::ordinary();
    // Black's Grasshopper on 5i, White's king on 5a, a bishop in Black's hand. B*5b sets
    // the hurdle (the Grasshopper lands on 5a); B*5c does not (it would land on 5b). The
    // other checks are the bishop's own, on the diagonals from 5a.
    let p = pos("4k4/9/9/9/9/9/9/9/K3A4 b B 1");
    let mut checks: Vec<String> = p.legal_checks(&rules).iter().map(|m| m.to_usi()).collect();
    checks.sort();
    assert_eq!(
        checks,
        set(&["B*5b", "B*4b", "B*3c", "B*2d", "B*1e", "B*6b", "B*7c", "B*8d", "B*9e"])
    );
}

/// A Lion attacks by its leaps, whatever stands between: its attacks are line-bound
/// though its two-steps are not moves along lines. When only checks are wanted its
/// two-steps are tried where it lands on a square it checks from, or where its first
/// capture empties a square on a line from the enemy king (`emptied_may_check`). Black's
/// rook on 9a looks along rank a at White's king on 1a past White's pawn on 5a; the Lion
/// on 5b takes the pawn and comes back (居食い, 5b5a5b) or goes on to 4b or 6b: each
/// opens the rank and checks; going on to 4a or 6a blocks it again.
#[test]
fn a_lions_first_capture_uncovers_a_check() {
    // (the generated checks, asserted equal to the legal moves after which White is in check)
    let checks = yosei_tests::micro::checks("R3p3k/4I4/9/9/9/9/9/9/K8 b - 1", "");
    for uncovering in ["5b5a5b", "5b5a4b", "5b5a6b"] {
        assert!(checks.contains(&uncovering.to_string()), "{uncovering}: {checks:?}");
    }
    for blocking in ["5b5a4a", "5b5a6a"] {
        assert!(!checks.contains(&blocking.to_string()), "{blocking}");
    }
}
