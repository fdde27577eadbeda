//! 王位置 `king-square:SQ[/SQ]` (fm's `位置[SQ]`, docs/rules/king-square.md): a mate or
//! stalemate counts only with the mated (stalemated) side's king on the first square
//! and, when a second is given, the other side's king on that one. Each position is
//! small and made for the rule; squares in USI (`5a` is fm's 51).

use yosei_rules::{Condition, KingSquares, Stipulation};
use yosei_solve::mate_in::solve_mate_in;
use yosei_solve::tsume::{solve_tsume, Futile, TsumeOptions};
use yosei_solve::{Limits, PriorGame, Verdict};
use yosei_tests::micro::{help, pos, rules, sorted};

/// White's king on 5a in check from Black's dragon on 5c, a gold in Black's hand: the
/// king steps aside (4a or 6a) and the gold drop mates it there.
const STEP_ASIDE: &str = "4k4/9/4+R4/9/9/9/9/9/9 w G 1";

#[test]
fn a_helpmate_counts_only_the_mate_with_the_mated_king_on_the_square() {
    let both = sorted(&["5a4a G*4b", "5a6a G*6b"]);
    assert_eq!(help(STEP_ASIDE, "help:2", ""), (Verdict::Solved, both));
    assert_eq!(
        help(STEP_ASIDE, "help:2", "king-square:41"),
        (Verdict::Solved, sorted(&["5a4a G*4b"]))
    );
    // the king cannot be mated where it starts
    assert_eq!(help(STEP_ASIDE, "help:2", "king-square:51").0, Verdict::NoSolution);
}

#[test]
fn the_other_kings_square_must_hold_too_and_a_side_without_a_king_never_fulfils_it() {
    let with_black_king = "4k4/9/4+R4/9/9/9/9/9/4K4 w G 1";
    assert_eq!(
        help(with_black_king, "help:2", "king-square:41/59"),
        (Verdict::Solved, sorted(&["5a4a G*4b"]))
    );
    assert_eq!(
        help(with_black_king, "help:2", "king-square:41/58").0,
        Verdict::NoSolution
    );
    // Black has no king to stand on 59 (fm compares its absent king's square)
    assert_eq!(help(STEP_ASIDE, "help:2", "king-square:41/59").0, Verdict::NoSolution);
}

#[test]
fn a_help_stalemate_counts_only_with_the_stalemated_king_on_the_square() {
    assert_eq!(
        help(STEP_ASIDE, "helpstale:2", ""),
        (Verdict::Solved, sorted(&["5a4a G*2b", "5a6a G*8b"]))
    );
    assert_eq!(
        help(STEP_ASIDE, "helpstale:2", "king-square:41"),
        (Verdict::Solved, sorted(&["5a4a G*2b"]))
    );
}

/// White's king on 2a next to its silver on 3a, Black's dragon on 4a and promoted silver
/// on 3c, silver, knight and pawn in hand. Ordinary rules: S*2b, 2a1b, N*2d mates on 1b.
/// Asked on 21, the mate must bring the king back there: 11 plies, through the pawn drop
/// 2a that the dragon takes and the king retakes (fm: `位置[21]かしこ詰`, 11 手). That
/// drop is no futile interposition (無駄合) here: the check it answers would be a "mate"
/// with the king on 11, which the goal does not count, so every interposition counts
/// under 王位置 (`--futile skip` would otherwise end the line after 7 plies, 4a3a "mating"
/// on 11).
const BACK_TO_21: &str = "5+Rsk1/9/6+S2/9/9/9/2s6/9/9 b SPN 1";

fn tsume(sfen: &str, words: &str, futile: Futile) -> (Verdict, Option<u32>, Vec<String>) {
    let rules = rules(words);
    let start = pos(sfen, &rules);
    let options = TsumeOptions {
        futile,
        ..TsumeOptions::default()
    };
    let out = solve_tsume(&start, &rules, &options, &Limits::default(), |_| {});
    let main = out
        .solutions
        .first()
        .map(|line| line.iter().map(|m| m.to_usi()).collect());
    (out.verdict, out.length, main.unwrap_or_default())
}

#[test]
fn a_direct_mate_must_drive_the_king_to_the_square_and_every_interposition_counts() {
    let (verdict, length, line) = tsume(BACK_TO_21, "", Futile::Skip);
    assert_eq!((verdict, length), (Verdict::Solved, Some(3)), "{line:?}");
    let eleven = "S*3b 2a1a P*1b 1a1b 3b2c+ 1b1a 4a3a P*2a 3a2a 1a2a 2c2b";
    for futile in [Futile::Skip, Futile::Count] {
        let (verdict, length, line) = tsume(BACK_TO_21, "king-square:21", futile);
        assert_eq!((verdict, length), (Verdict::Solved, Some(11)), "{futile:?}");
        assert_eq!(line.join(" "), eleven, "{futile:?}");
    }
    // mate in ≤ 7 sees no mate on 21 either
    let rules = rules("king-square:21");
    let out = solve_mate_in(
        &pos(BACK_TO_21, &rules),
        &rules,
        7,
        &PriorGame::default(),
        &Limits::default(),
    );
    assert_eq!(out.verdict, Verdict::NoSolution);
}

#[test]
fn it_is_refused_for_the_sequences_whose_goal_is_a_position() {
    let squares: KingSquares = "55".parse().unwrap();
    let c = Condition::KingSquare(squares);
    assert!(!c.solved_under(Stipulation::Sequence { length: 3 }));
    assert!(!c.solved_under(Stipulation::Cycle { length: 4 }));
    for stipulation in [
        "tsume",
        "mate:3",
        "help:3",
        "helpself:3",
        "self:3",
        "helpstale:3",
        "ser:3",
        "serhelp:3",
    ] {
        assert!(c.solved_under(stipulation.parse().unwrap()), "{stipulation}");
    }
}

#[test]
fn two_different_squares_are_refused_and_the_same_one_counts_once() {
    let a = Condition::KingSquare("41".parse().unwrap());
    let b = Condition::KingSquare("41/59".parse().unwrap());
    let err = yosei_rules::RuleSet::compile(&[a, b]).unwrap_err().to_string();
    assert!(err.contains("different king squares"), "{err}");
    assert_eq!(yosei_rules::RuleSet::compile(&[a, a]).unwrap().conditions(), [a]);
    // it changes no move: the fast ordinary generator stays
    assert!(yosei_rules::RuleSet::compile(&[a]).unwrap().is_ordinary());
}

#[test]
fn it_combines_with_every_condition() {
    let squares = Condition::KingSquare("41".parse().unwrap());
    for c in Condition::listed().filter(|c| !c.takes_squares()) {
        // with the partner it needs, if it does not stand alone
        let mut with = vec![c];
        with.extend(c.only_with().first().copied());
        assert!(yosei_rules::RuleSet::compile(&with).is_ok(), "{c}");
        with.push(squares);
        assert!(yosei_rules::RuleSet::compile(&with).is_ok(), "{c} with {squares}");
    }
    assert!(squares.refused_with().is_empty());
}
