//! Conditions of different families together (rules.md §5, docs/rules/conditions.md
//! "Combinations"): a power condition or Madrasi with a capture condition. The move is
//! made with the mover's power of the moment, the capture effect follows the pieces'
//! own kinds, and check and paralysis are judged on the position after the effect.
//! Each position is built for one point and compared with the same move under each
//! condition alone.
//!
//! Squares in comments are file-rank (`53` = USI `5c`); Black moves up the board.

use yosei_core::{Color, Piece, PieceKind, Setup, Square};
use yosei_rules::{Condition, Position, RuleSet};
use Condition::{Annan, AntiCirce, Circe, Madrasi, Pwc, Taimen};

/// A position from `(square, SFEN letter)` pairs (upper case Black), Black to move,
/// empty hands.
fn position(pieces: &[(i32, char)], conditions: &[Condition]) -> (Position, RuleSet) {
    let rules = RuleSet::compile(conditions).unwrap();
    let mut setup = Setup::empty();
    for &(n, letter) in pieces {
        let kind = PieceKind::from_sfen_letter(letter.to_ascii_uppercase()).unwrap();
        let color = if letter.is_ascii_uppercase() {
            Color::Black
        } else {
            Color::White
        };
        setup.put(Square::new(n / 10, n % 10).unwrap(), Some(Piece::new(kind, color)));
    }
    setup.side_to_move = Color::Black;
    let pos = Position::from_setup(&setup, &rules).unwrap_or_else(|e| panic!("{e}"));
    (pos, rules)
}

/// The legal moves from `from` (USI square) onto an occupied square, in USI, sorted.
fn captures_from(pieces: &[(i32, char)], conditions: &[Condition], from: &str) -> Vec<String> {
    let (pos, rules) = position(pieces, conditions);
    let mut out: Vec<String> = pos
        .legal_moves(&rules)
        .iter()
        .filter(|m| m.from().is_some_and(|f| f.to_usi() == from) && pos.piece_at(m.to()).is_some())
        .map(|m| m.to_usi())
        .collect();
    out.sort();
    out
}

/// The legal checking moves from `from`, in USI, sorted; `legal_checks` and the
/// position after each legal move must agree.
fn checks_from(pieces: &[(i32, char)], conditions: &[Condition], from: &str) -> Vec<String> {
    let (pos, rules) = position(pieces, conditions);
    let mut generated: Vec<String> = pos
        .legal_checks(&rules)
        .iter()
        .filter(|m| m.from().is_some_and(|f| f.to_usi() == from))
        .map(|m| m.to_usi())
        .collect();
    let mut played: Vec<String> = pos
        .legal_moves(&rules)
        .iter()
        .filter(|m| m.from().is_some_and(|f| f.to_usi() == from) && pos.play(**m).in_check(&rules))
        .map(|m| m.to_usi())
        .collect();
    generated.sort();
    played.sort();
    assert_eq!(generated, played, "{conditions:?}");
    generated
}

/// The position after the legal move written `usi`.
fn after(pieces: &[(i32, char)], conditions: &[Condition], usi: &str) -> (Position, RuleSet) {
    let (pos, rules) = position(pieces, conditions);
    let m = pos
        .legal_moves(&rules)
        .iter()
        .copied()
        .find(|m| m.to_usi() == usi)
        .unwrap_or_else(|| panic!("{usi} is not legal under {conditions:?}"));
    (pos.play(m), rules)
}

// ---------------------------------------------------------------------------------------
// 安南キルケ

/// Black gold 45 takes the White pawn on 55; under キルケ the pawn is reborn on 53, its
/// own kind's starting square. Under 安南 it then has the power of the White rook
/// directly behind it (52, seen from White) and attacks along rank 3 the Black king on
/// 13: the capture leaves Black in check and is illegal. With the rook on 51 instead
/// (nothing behind 53) it is legal; under 安南 alone the pawn goes to hand.
#[test]
fn annan_circe_the_reborn_piece_borrows_from_its_new_neighbour() {
    let pieces = [(13, 'K'), (45, 'G'), (55, 'p'), (52, 'r'), (91, 'k')];
    assert_eq!(captures_from(&pieces, &[Circe], "4e"), ["4e5e/5c"]);
    assert_eq!(captures_from(&pieces, &[Annan], "4e"), ["4e5e"]);
    assert!(captures_from(&pieces, &[Annan, Circe], "4e").is_empty());
    let rook_further = [(13, 'K'), (45, 'G'), (55, 'p'), (51, 'r'), (91, 'k')];
    assert_eq!(captures_from(&rook_further, &[Annan, Circe], "4e"), ["4e5e/5c"]);
}

// ---------------------------------------------------------------------------------------
// キルケ with マドラシ

/// Black rook 73 takes the White bishop on 79 and uncovers the Black bishop 55 on the
/// White king 91. Under キルケ the bishop is reborn on 22, on the Black bishop's
/// diagonal: under マドラシ the two bishops paralyse each other there, so the uncovered
/// bishop gives no check and the reborn one cannot move.
#[test]
fn madrasi_circe_the_reborn_piece_paralyses_and_is_paralysed_at_its_rebirth_square() {
    let pieces = [(19, 'K'), (55, 'B'), (73, 'R'), (79, 'b'), (91, 'k')];
    // every move of the rook off the diagonal uncovers the bishop; the capture too, but
    // not under Madrasi
    let captures = ["7c7i+/2b".to_string(), "7c7i/2b".to_string()];
    let plain = checks_from(&pieces, &[Circe], "7c");
    assert!(captures.iter().all(|m| plain.contains(m)), "{plain:?}");
    let madrasi = checks_from(&pieces, &[Madrasi, Circe], "7c");
    assert!(captures.iter().all(|m| !madrasi.contains(m)), "{madrasi:?}");
    assert_eq!(madrasi.len(), plain.len() - 2);
    let (pos, rules) = after(&pieces, &[Madrasi, Circe], "7c7i/2b");
    assert!(!pos.in_check(&rules));
    let reborn_moves = pos
        .legal_moves(&rules)
        .iter()
        .filter(|m| m.from().is_some_and(|f| f.to_usi() == "2b"))
        .count();
    assert_eq!(reborn_moves, 0);
    // without Madrasi the reborn bishop moves
    let (free, plain) = after(&pieces, &[Circe], "7c7i/2b");
    assert!(free
        .legal_moves(&plain)
        .iter()
        .any(|m| m.from().is_some_and(|f| f.to_usi() == "2b")));
}

// ---------------------------------------------------------------------------------------
// アンチキルケ with 対面

/// Black silver 35 takes the White pawn on 24 and, under アンチキルケ, goes home to 39
/// (its own kind's nearest starting square). There it faces the White rook on 38: under
/// 対面 they swap powers, and the silver, a rook now, checks the White king on 79 along
/// rank 9. The check is judged after the return: on 24 the silver faces nothing.
#[test]
fn taimen_anticirce_the_capturer_goes_home_and_checks_from_there() {
    let pieces = [(11, 'K'), (35, 'S'), (24, 'p'), (38, 'r'), (79, 'k')];
    assert_eq!(captures_from(&pieces, &[Taimen, AntiCirce], "3e"), ["3e2d/3i"]);
    assert_eq!(checks_from(&pieces, &[Taimen, AntiCirce], "3e"), ["3e2d/3i"]);
    assert!(checks_from(&pieces, &[AntiCirce], "3e").is_empty());
    assert!(checks_from(&pieces, &[Taimen], "3e").is_empty());
}

// ---------------------------------------------------------------------------------------
// PWC with 安南

/// Black gold 55 takes the White pawn on 45 sideways; under PWC the pawn reappears on
/// 55, where the White rook on 54 stands directly behind it (seen from White). Under
/// 安南 it moves as a rook and attacks the Black king on 85 along rank 5: the capture is
/// illegal. Under PWC alone or 安南 alone it is legal.
#[test]
fn annan_pwc_the_restored_piece_borrows_where_the_capturer_stood() {
    let pieces = [(85, 'K'), (55, 'G'), (45, 'p'), (54, 'r'), (91, 'k')];
    assert!(captures_from(&pieces, &[Pwc], "5e").contains(&"5e4e/5e".to_string()));
    assert!(captures_from(&pieces, &[Annan], "5e").contains(&"5e4e".to_string()));
    let both = captures_from(&pieces, &[Annan, Pwc], "5e");
    assert!(!both.iter().any(|m| m.starts_with("5e4e")), "{both:?}");
}

// ---------------------------------------------------------------------------------------
// A pawn moving sideways with a borrowed power, under a capture condition

/// Under 安南 the Black pawn on 56 has the power of the gold behind it (57) and may take
/// sideways. Onto file 4, where Black has a pawn on 43, it would make two pawns: under
/// キルケ and PWC it stays there, under アンチキルケ it would go home to 47, on the same
/// file: illegal each time. Onto file 6 it is legal, each condition with its own effect.
#[test]
fn a_pawn_taking_sideways_with_a_borrowed_power_never_makes_two_pawns() {
    let pieces = [
        (19, 'K'),
        (56, 'P'),
        (57, 'G'),
        (43, 'P'),
        (46, 's'),
        (66, 's'),
        (91, 'k'),
    ];
    assert_eq!(captures_from(&pieces, &[Annan], "5f"), ["5f6f"]);
    assert_eq!(captures_from(&pieces, &[Annan, Circe], "5f"), ["5f6f/7a"]);
    assert_eq!(captures_from(&pieces, &[Annan, Pwc], "5f"), ["5f6f/5f"]);
    assert_eq!(captures_from(&pieces, &[Annan, AntiCirce], "5f"), ["5f6f/6g"]);
}
