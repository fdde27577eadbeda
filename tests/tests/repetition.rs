//! Repetition (千日手, rules.md §7): seed 003's two sequences, whose diagrams (A図, B図)
//! are lost, on positions built for their moves. Detection is by position: both
//! sequences reach their repeated position by different moves each time.

use yosei_io::sfen::{parse_sfen, parse_usi_move};
use yosei_rules::{GameHistory, Position, RepetitionRule, RepetitionVerdict, RuleSet};
use yosei_solve::mate_in::solve_mate_in;
use yosei_solve::tsume::{solve_tsume, Futile, TsumeOptions};
use yosei_solve::{Limits, PriorGame, Verdict};
use yosei_tests::support::solution_lines;

/// The game from `sfen` through `moves` (USI), each checked legal; the verdict after
/// every ply.
fn play(sfen: &str, moves: &[&str], rules: &RuleSet) -> (GameHistory, Vec<Option<RepetitionVerdict>>) {
    let start = Position::from_setup(&parse_sfen(sfen).unwrap().setup, rules).unwrap();
    let mut game = GameHistory::new(start, rules);
    let mut verdicts = vec![game.repetition()];
    for usi in moves {
        let m = parse_usi_move(usi).unwrap();
        assert!(
            game.legal_moves(rules).contains(&m),
            "{usi} after {} plies",
            game.plies()
        );
        game.play(m, rules);
        verdicts.push(game.repetition());
    }
    (game, verdicts)
}

/// The same game seen from the other side: the board turned round, colours swapped.
fn turned(usi: &str) -> String {
    usi.chars()
        .map(|c| match c {
            '1'..='9' => char::from(b'0' + 10 - (c as u8 - b'0')),
            'a'..='i' => char::from(b'a' + (b'i' - c as u8)),
            c => c,
        })
        .collect()
}

/// A図: 「▲6三銀△7一銀▲7二銀成☆△同銀▲6一銀△7一銀▲7二銀成☆△同銀▲6三銀△7一銀
/// ▲7二銀不成★△同銀」. Built: White S 72, K 11; Black K 99; each side holds a silver.
/// Black drops a silver on 63 or 61 and takes on 72 (promoting or not), White drops on
/// 71 and takes back: hands are restored each time. Under the old rule (the same move
/// sequence three times) this was no repetition; by position, the figure itself
/// returns after every four plies and its fourth occurrence (after △同銀 following ★)
/// is a draw: nobody checks. The ☆ positions are one position, reached from 63 and 61.
const FIGURE_A: &str = "8k/2s6/9/9/9/9/9/9/K8 b Ss 1";
const SEQUENCE_A: [&str; 12] = [
    "S*6c", "S*7a", "6c7b+", "7a7b", "S*6a", "S*7a", "6a7b+", "7a7b", "S*6c", "S*7a", "6c7b", "7a7b",
];

#[test]
fn sequence_a_is_a_draw_by_position() {
    let rules = RuleSet::ordinary();
    let (game, verdicts) = play(FIGURE_A, &SEQUENCE_A, &rules);
    assert!(verdicts[..12].iter().all(Option::is_none), "{verdicts:?}");
    assert_eq!(verdicts[12], Some(RepetitionVerdict::Draw));
    assert_eq!(game.occurrences(), 4);
    // ☆: the positions after plies 3 and 7 are one position
    let (after_3, _) = play(FIGURE_A, &SEQUENCE_A[..3], &rules);
    let (after_7, _) = play(FIGURE_A, &SEQUENCE_A[..7], &rules);
    assert!(after_3.current().same_position(after_7.current()));
}

/// B図: 「▲8一飛△6一飛▲同飛成△同玉▲3一飛△5一飛▲同飛成☆△同玉▲9一飛△6一飛▲同飛成
/// △同玉▲4一飛△5一飛▲同飛成☆△同玉▲7一飛…」. Built: White K 51; Black K 19; each side
/// holds a rook. Black checks on rank 1 from a new square each time, White interposes and
/// takes back. B図 returns every eight plies; at its fourth occurrence (ply 24, the
/// sequence continued 「▲7一飛△6一飛▲同飛成△同玉▲2一飛△5一飛▲同飛成△同玉」) Black has
/// checked with every move: perpetual check, Black loses.
const FIGURE_B: &str = "4k4/9/9/9/9/9/9/9/8K b Rr 1";
const SEQUENCE_B: [&str; 24] = [
    "R*8a", "R*6a", "8a6a+", "5a6a", "R*3a", "R*5a", "3a5a+", "6a5a", //
    "R*9a", "R*6a", "9a6a+", "5a6a", "R*4a", "R*5a", "4a5a+", "6a5a", //
    "R*7a", "R*6a", "7a6a+", "5a6a", "R*2a", "R*5a", "2a5a+", "6a5a",
];

#[test]
fn sequence_b_is_a_perpetual_check_lost_by_the_checker() {
    let rules = RuleSet::ordinary();
    let (game, verdicts) = play(FIGURE_B, &SEQUENCE_B, &rules);
    assert!(verdicts[..24].iter().all(Option::is_none), "{verdicts:?}");
    let verdict = verdicts[24].unwrap();
    assert_eq!(
        verdict,
        RepetitionVerdict::PerpetualCheck {
            checker: yosei_core::Color::Black
        }
    );
    assert_eq!(verdict.loser(), Some(yosei_core::Color::Black));
    assert_eq!(game.occurrences(), 4);
}

/// The same sequence turned round: White checks and loses.
#[test]
fn perpetual_check_is_assigned_to_the_side_that_checks() {
    let rules = RuleSet::ordinary();
    let turned_sfen = "k8/9/9/9/9/9/9/9/4K4 w Rr 1";
    let moves: Vec<String> = SEQUENCE_B.iter().map(|m| turned(m)).collect();
    let moves: Vec<&str> = moves.iter().map(String::as_str).collect();
    let (_, verdicts) = play(turned_sfen, &moves, &rules);
    assert_eq!(
        verdicts[24],
        Some(RepetitionVerdict::PerpetualCheck {
            checker: yosei_core::Color::White
        })
    );
}

/// `repetition = strict`: the sequence goes on after B図's fourth occurrence (which
/// White, the side in check, completed: not forbidden). The position after ▲同飛成
/// (Black's dragon on 61, whichever square the rook came from) has occurred at plies 3,
/// 11 and 19 in Black's perpetual check; at ply 27 the capture that would bring it a
/// fourth time is illegal for Black, while the capture without promotion (another
/// position, still a check) stays legal. Under the normal reading both are legal.
#[test]
fn strict_repetition_forbids_the_checker_completing_the_fourth_occurrence() {
    let mut strict = RuleSet::ordinary();
    strict.repetition = RepetitionRule::Strict;
    let mut moves: Vec<&str> = SEQUENCE_B.to_vec();
    moves.extend(["R*8a", "R*6a"]);
    for (rules, forbidden) in [(RuleSet::ordinary(), false), (strict, true)] {
        let (mut game, _) = play(FIGURE_B, &moves, &rules);
        let promote = parse_usi_move("8a6a+").unwrap();
        let plain = parse_usi_move("8a6a").unwrap();
        let legal = game.legal_moves(&rules);
        assert_eq!(!legal.contains(&promote), forbidden);
        assert!(legal.contains(&plain));
        assert!(game.completes_perpetual_check(promote, &rules));
    }
}

/// A game given with its moves (a USI `position … moves …`, a problem file's played
/// moves) is replayed as a game: from the position after B's first ▲同飛成, that
/// position recurs every eight plies, and Black's 8a6a+ bringing it a fourth time is
/// refused under `repetition = strict` and accepted under the normal reading.
#[test]
fn moves_given_with_a_position_are_checked_as_a_game() {
    let after_capture = parse_sfen("3+Rk4/9/9/9/9/9/9/9/8K w R 1").unwrap().setup;
    let mut moves: Vec<yosei_core::Move> = SEQUENCE_B[3..].iter().map(|m| parse_usi_move(m).unwrap()).collect();
    moves.extend(["R*8a", "R*6a", "8a6a+"].map(|m| parse_usi_move(m).unwrap()));
    let mut strict = RuleSet::ordinary();
    strict.repetition = RepetitionRule::Strict;
    assert!(yosei_io::input::position_after(&after_capture, &moves, &RuleSet::ordinary()).is_ok());
    let refused = yosei_io::input::position_after(&after_capture, &moves, &strict).unwrap_err();
    assert!(refused.contains("move 24 (8a6a+)"), "{refused}");
}

/// `repetition = strict` changes whether a pawn drop is drop-pawn mate (seed 002's broad
/// mate): the pawn drop's only answer completes the opponent's perpetual check.
///
/// X: White K 51, P 41, R 52, a pawn in hand; Black K 72, N 54, B 96. White's rook
/// checks along rank 2. The game starts at X and returns to it twice by 72-73, 52-53+,
/// 73-72, 53-52+; then White's rook and Black's king walk round (White taking its pawn
/// back into play: P*63+, 同玉) to W: the rook on 32 checking, Black holding the pawn.
/// There P*52 interposes and checks the king on 51, whose only answer is 32x52 (the
/// knight covers 42 and 62, the bishop 52, Black's king 61): that brings X a fourth
/// time, White having checked with every move since the first X. Under the normal
/// reading 32x52 is legal (and loses by perpetual check), so P*52 is a legal check;
/// under `strict` it is forbidden, White has no legal move, and P*52 is drop-pawn mate:
/// illegal.
#[test]
fn strict_repetition_makes_a_pawn_drop_drop_pawn_mate() {
    const X: &str = "4kp3/2K1r4/9/4N4/9/B8/9/9/9 b p 1";
    let cycle = ["7b7c", "5b5c", "7c7b", "5c5b"];
    let walk = [
        "7b6c", "5b6b", "6c5c", "6b5b", "5c4c", "5b4b", "4c3c", "4b3b", "3c4d", "3b3d", "4d5e", "3d3e", "5e6d", "P*6c",
        "6d6c", "3e3c", "6c7b", "3c3b",
    ];
    let moves: Vec<&str> = cycle.iter().chain(&cycle).chain(&walk).copied().collect();
    let drop = parse_usi_move("P*5b").unwrap();
    let capture = parse_usi_move("3b5b").unwrap();
    let mut strict = RuleSet::ordinary();
    strict.repetition = RepetitionRule::Strict;
    for (rules, legal) in [(RuleSet::ordinary(), true), (strict, false)] {
        let (mut game, verdicts) = play(X, &moves, &rules);
        assert!(verdicts.iter().all(Option::is_none));
        assert_eq!(game.occurrences(), 1, "W is new");
        assert!(game.current().is_legal(drop, &rules), "legal by the position alone");
        assert_eq!(game.legal_moves(&rules).contains(&drop), legal);
        // the drop's only answer brings X a fourth time in White's perpetual check
        game.play(drop, &rules);
        let answers: Vec<String> = game.current().legal_moves(&rules).iter().map(|m| m.to_usi()).collect();
        assert_eq!(answers, ["3b5b"]);
        assert!(game.completes_perpetual_check(capture, &rules));
        assert_eq!(game.has_legal_move(&rules), legal);
        game.play(capture, &rules);
        assert_eq!(game.occurrences(), 4);
        assert_eq!(
            game.repetition(),
            Some(RepetitionVerdict::PerpetualCheck {
                checker: yosei_core::Color::White
            })
        );
    }
}

/// The game before a problem (rules.md §7; moves given with the position): Q is White K
/// 11 in check from Black's gold on 21, White P 13, Black L 29, K 99. From Q the game
/// goes round the cycle 12玉 31金 11玉 21金 twice and then to P (the gold back on 31):
/// P and Q have each been met three times. From P alone 21金 12玉 22金 mates in 3 and
/// is the only mate; after the game, 21金 brings Q a fourth time (a draw: Black's 31金
/// gave no check), so there is no mate at all. One cycle fewer, and Q would come a third
/// time only: the mate stands.
const CYCLE_Q: &str = "7Gk/9/8p/9/9/9/9/9/K6L1 w 2r2b3g4s4n3l17p 1";
const CYCLE: [&str; 4] = ["1a1b", "2a3a", "1b1a", "3a2a"];
const MATE_FROM_P: &str = "3a2a 1a1b 2a2b";

/// The game from Q through `cycles` whole cycles and then to P.
fn game_to_p(cycles: usize, rules: &RuleSet) -> GameHistory {
    game_from(CYCLE_Q, cycles, rules)
}

/// The game from `q` through `cycles` whole cycles and then to its P.
fn game_from(q: &str, cycles: usize, rules: &RuleSet) -> GameHistory {
    let moves: Vec<yosei_core::Move> = std::iter::repeat_n(CYCLE, cycles)
        .flatten()
        .chain(CYCLE[..3].iter().copied())
        .map(|m| parse_usi_move(m).unwrap())
        .collect();
    yosei_io::input::game_after(&parse_sfen(q).unwrap().setup, &moves, rules).unwrap()
}

/// Direct mate of the game's last position, counting the game before it.
fn tsume_after(game: &GameHistory, rules: &RuleSet) -> (Verdict, Vec<String>) {
    let options = TsumeOptions {
        futile: Futile::Count,
        prior: PriorGame::of(game, rules).unwrap(),
        ..TsumeOptions::default()
    };
    let out = solve_tsume(game.current(), rules, &options, &Limits::default(), |_| {});
    (out.verdict, solution_lines(&out.solutions))
}

#[test]
fn a_direct_mate_through_a_fourth_occurrence_counting_the_moves_played_is_no_mate() {
    for rules in [RuleSet::ordinary(), strict()] {
        let game = game_to_p(2, &rules);
        assert_eq!(game.occurrences(), 3, "P");
        assert!(game.repetition().is_none());
        assert_eq!(tsume_after(&game, &rules), (Verdict::NoSolution, vec![]));
        // P alone, and P after one cycle fewer
        let alone = GameHistory::new(game.current().clone(), &rules);
        let mated = (Verdict::Solved, vec![MATE_FROM_P.to_string()]);
        assert_eq!(tsume_after(&alone, &rules), mated);
        assert_eq!(tsume_after(&game_to_p(1, &rules), &rules), mated);
    }
}

#[test]
fn a_mate_in_n_through_a_fourth_occurrence_counting_the_moves_played_is_no_mate() {
    let rules = RuleSet::ordinary();
    let mate_in = |game: &GameHistory, plies: u32| {
        let prior = PriorGame::of(game, &rules).unwrap();
        let out = solve_mate_in(game.current(), &rules, plies, &prior, &Limits::default());
        (out.verdict, solution_lines(&out.solutions))
    };
    for plies in [3, 5] {
        assert_eq!(mate_in(&game_to_p(2, &rules), plies), (Verdict::NoSolution, vec![]));
        let mated = (Verdict::Solved, vec![MATE_FROM_P.to_string()]);
        assert_eq!(mate_in(&game_to_p(1, &rules), plies), mated);
    }
}

/// The same game with a silver in Black's hand: after it, 21金 still brings Q a fourth
/// time, and the search finds the longer mate that goes round it, 22銀 12玉 11銀成 同玉
/// (Black's silver now White's: another position) 21金 12玉 22金; mate in N finds no mate
/// within 3 or 5 plies and this one within 7.
#[test]
fn a_mate_through_a_fourth_occurrence_gives_way_to_a_longer_one() {
    const WITH_SILVER: &str = "7Gk/9/8p/9/9/9/9/9/K6L1 w S2r2b3g3s4n3l17p 1";
    let rules = RuleSet::ordinary();
    assert_eq!(
        tsume_after(&game_from(WITH_SILVER, 1, &rules), &rules),
        (Verdict::Solved, vec![MATE_FROM_P.to_string()])
    );
    let game = game_from(WITH_SILVER, 2, &rules);
    let longer = "S*2b 1a1b 2b1a+ 1b1a 3a2a 1a1b 2a2b".to_string();
    assert_eq!(tsume_after(&game, &rules), (Verdict::Solved, vec![longer]));
    let prior = PriorGame::of(&game, &rules).unwrap();
    for (plies, verdict) in [(3, Verdict::NoSolution), (5, Verdict::NoSolution), (7, Verdict::Solved)] {
        let out = solve_mate_in(game.current(), &rules, plies, &prior, &Limits::default());
        assert_eq!(out.verdict, verdict, "mate:{plies}");
    }
}

/// `GameHistory::met_three_times` finds positions by comparing them (A図's sequence
/// reaches its ☆ position from 63 and from 61), and says whether a side checked with
/// every move since the first of the three: nobody in A, Black in B.
#[test]
fn positions_met_three_times_and_whether_a_perpetual_check_led_there() {
    let rules = RuleSet::ordinary();
    let (a, _) = play(FIGURE_A, &SEQUENCE_A[..8], &rules);
    let met = a.met_three_times();
    assert_eq!(met.len(), 1);
    assert!(met[0].0.same_position(a.current()) && !met[0].1);
    let (b, _) = play(FIGURE_B, &SEQUENCE_B[..16], &rules);
    let met = b.met_three_times();
    assert!(met
        .iter()
        .any(|(p, perpetual)| p.same_position(b.current()) && *perpetual));
    assert!(met.iter().all(|(_, perpetual)| *perpetual));
    let (fewer, _) = play(FIGURE_B, &SEQUENCE_B[..15], &rules);
    assert!(fewer
        .met_three_times()
        .iter()
        .all(|(p, _)| !p.same_position(b.current())));
}

/// A problem read with its moves (a USI `position … moves …` line) keeps the game.
#[test]
fn a_problem_read_with_moves_keeps_the_game_before_it() {
    let moves: Vec<&str> = CYCLE.iter().chain(&CYCLE).chain(&CYCLE[..3]).copied().collect();
    let line = format!("position sfen {CYCLE_Q} moves {}", moves.join(" "));
    let loaded = yosei_io::input::read_problems_from_arg(&line, &RuleSet::ordinary()).unwrap();
    assert_eq!(loaded[0].played.plies(), 11);
    assert!(loaded[0].played.current().same_position(&loaded[0].position));
    let prior = PriorGame::of(&loaded[0].played, &loaded[0].rules).unwrap();
    let q = parse_sfen(CYCLE_Q).unwrap().setup;
    assert!(prior.ends_game(&Position::from_setup(&q, &loaded[0].rules).unwrap()));
}

/// Under `repetition = strict` whether a fourth occurrence is a legal move can depend on
/// the line (did the defence check with every reply?), which the direct-mate and
/// mate-in-N tables cannot hold: a game whose thrice-met position closes a perpetual
/// check (B図 after two rounds of Black's checks) is refused with a reason, and taken
/// under the normal reading.
#[test]
fn strict_repetition_after_a_perpetual_check_in_the_moves_played_is_refused() {
    let normal = RuleSet::ordinary();
    let (game, _) = play(FIGURE_B, &SEQUENCE_B[..16], &normal);
    assert_eq!(game.occurrences(), 3);
    let prior = PriorGame::of(&game, &normal).unwrap();
    assert!(prior.ends_game(game.current()));
    let refused = PriorGame::of(&game, &strict()).unwrap_err();
    assert!(refused.contains("repetition = strict"), "{refused}");
}

fn strict() -> RuleSet {
    let mut strict = RuleSet::ordinary();
    strict.repetition = RepetitionRule::Strict;
    strict
}
