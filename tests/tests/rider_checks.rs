//! Checks and king safety of the pieces that are not line-bound, told without playing
//! (docs/rules/fairy-pieces.md, "Speed"): a Grasshopper checks from beyond a hurdle next
//! to the king, over empty squares; a Nightrider from its own ride seen from the king;
//! a move of another piece gives check by one of them, or exposes the mover's king to
//! an enemy one, only by setting down its hurdle or lifting a piece off the squares
//! before it. Each position is built to pin one of these; `micro::checks` compares the
//! generated checks with playing every legal move. Squares in USI (file digit, rank
//! letter a–i from the top); Black's pieces are upper case.

use yosei_tests::micro::{checks, moves, sorted};

/// The Grasshopper moved: 7e hops over the pawn on 6e onto 5e, from where the White
/// king on 5a stands just beyond the gold on 5b (5c, 5d empty): check. Its other hop,
/// over 8e onto 9e, lands on no such line.
#[test]
fn a_grasshopper_checks_over_a_hurdle_next_to_the_king() {
    let sfen = "4k4/4g4/9/9/2AP5/9/9/9/K8 b - 1";
    assert_eq!(checks(sfen, ""), sorted(&["7e5e"]));
}

/// Another piece sets down the hurdle: the Black bishop 7d–5b puts a piece next to the
/// White king on 5a, on the file of the Black Grasshopper on 5e (5c, 5d empty): it
/// checks unpromoted by the Grasshopper, promoted by the horse's step too (as 7d–4a
/// promoted does, by the step alone).
#[test]
fn a_piece_set_next_to_the_king_is_a_grasshoppers_hurdle() {
    let sfen = "4k4/9/9/2B6/4A4/9/9/9/K8 b - 1";
    assert_eq!(checks(sfen, ""), sorted(&["7d4a+", "7d5b", "7d5b+"]));
}

/// Another piece lifted off the squares before the hurdle: the Black silver on 5e
/// stands between the Black Grasshopper on 5g and the gold on 5b next to the White
/// king on 5a. Each silver move off the file checks; 5e5d keeps the file blocked. (The
/// Grasshopper's own hop over the silver onto 5d checks too.)
#[test]
fn a_piece_leaving_a_grasshoppers_line_uncovers_its_check() {
    let sfen = "4k4/4g4/9/9/4S4/9/4A4/9/K8 b - 1";
    assert_eq!(checks(sfen, ""), sorted(&["5e4d", "5e6d", "5e4f", "5e6f", "5g5d"]));
}

/// キルケ: the Grasshopper's capture sets down its own hurdle. The Black Grasshopper on
/// 4e, off the White king's lines (so on no path to it), hops over the pawn on 3e and
/// takes the White bishop on 2e; the bishop is reborn on 2b, White's bishop square, next
/// to the White king on 2a, and the Grasshopper on 2e checks over it (2c, 2d empty).
/// Without キルケ the bishop goes to hand: no check. (The Black king on 1i is off the
/// reborn bishop's diagonals.)
#[test]
fn circe_a_grasshoppers_capture_puts_its_hurdle_back() {
    let sfen = "7k1/9/9/9/5APb1/9/9/9/8K b - 1";
    assert_eq!(checks(sfen, "circe"), sorted(&["4e2e/2b"]));
    assert!(checks(sfen, "").is_empty());
}

/// The Nightrider moved: 3h leaps to 1i, from where its knight line runs 2g, 3e, 4c
/// (all empty) to the White king on 5a: a check along a long ride.
#[test]
fn a_nightrider_checks_along_a_long_ride() {
    let sfen = "4k4/9/9/9/9/9/9/6D2/K8 b - 1";
    assert_eq!(checks(sfen, ""), ["3h1i"]);
}

/// A piece leaving the Nightrider's knight line: the Black gold on 4c stands between
/// the Black Nightrider on 3e and the White king on 5a (3e, 4c, 5a on one knight line,
/// off the eight lines). Every gold move uncovers the check.
#[test]
fn a_piece_leaving_a_nightriders_line_uncovers_its_check() {
    let sfen = "4k4/9/5G3/9/6D2/9/9/9/K8 b - 1";
    let gold = checks(sfen, "")
        .into_iter()
        .filter(|m| m.starts_with("4c"))
        .collect::<Vec<_>>();
    assert_eq!(gold, sorted(&["4c3b", "4c3c", "4c4b", "4c4d", "4c5b", "4c5c"]));
}

/// King safety: the Black gold 4h–5h would set a hurdle next to the Black king on 5i
/// for the White Grasshopper on 5c (5d–5g empty); the silver on 5e lifted off the file
/// would uncover the Grasshopper over the gold on 5h. Neither is legal.
#[test]
fn a_hurdle_set_or_a_blocker_lifted_exposes_the_king_to_a_grasshopper() {
    let sfen = "k8/9/4a4/9/9/9/9/5G3/4K4 b - 1";
    assert!(!moves(sfen, "", "4h").contains(&"4h5h".to_string()));
    assert!(moves(sfen, "", "4h").contains(&"4h4g".to_string()));
    let sfen = "k8/9/4a4/9/4S4/9/9/4G4/4K4 b - 1";
    assert_eq!(moves(sfen, "", "5e"), sorted(&["5e5d"]));
}

/// A drop on a Grasshopper's hurdle square is asked, not pushed as a check: the bishop
/// dropped on 5b, next to the White king on 5a, would be the hurdle of the Black
/// Grasshopper on 5g but for the silver on 5e, over which it lands on 5d. Only the
/// drops on the bishop's lines from the king check.
#[test]
fn a_drop_on_a_grasshoppers_hurdle_square_is_asked() {
    let sfen = "4k4/9/9/9/4S4/9/4A4/9/K8 b B 1";
    let drops = ["B*1e", "B*2d", "B*3c", "B*4b", "B*6b", "B*7c", "B*8d", "B*9e"];
    assert_eq!(checks(sfen, ""), sorted(&drops));
}
