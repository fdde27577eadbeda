//! The Lion's pass with no empty neighbour (issue 21, `--lion-pass`,
//! docs/rules/fairy-pieces.md). yosei's default (`empty-neighbour`, the chu shogi rule):
//! the pass goes out through an empty neighbour and back, so a Lion boxed in has none.
//! fm's reading (`any`; fm's `h_check.c` `help_check_shishi_leap` makes `to = from` for
//! every 獅子跳び piece, the Lion included, with no test of its neighbours): a boxed-in
//! Lion passes too, written through its own square (`5e5e5e`). Either way a pass is legal
//! only if the position after it is, so never out of check. Squares in USI: file digit,
//! rank letter a–i from the top.

use yosei_core::{Move, Square};
use yosei_io::sfen::{parse_sfen, parse_usi_move};
use yosei_rules::{LionPass, Position, RuleSet, Stipulation};
use yosei_tests::reference;
use yosei_tests::support::{help_lines, legal_usi, sorted};

fn rules(pass: LionPass) -> RuleSet {
    let mut rules = RuleSet::ordinary();
    rules.lion_pass = pass;
    rules
}

fn pos(sfen: &str) -> Position {
    Position::from_setup(&parse_sfen(sfen).unwrap().setup, &RuleSet::ordinary()).unwrap()
}

fn sq(usi: &str) -> Square {
    let b = usi.as_bytes();
    Square::new((b[0] - b'0') as i32, (b[1] - b'a' + 1) as i32).unwrap()
}

/// The engine's legal moves equal the reference generator's under `pass`.
fn assert_matches_reference(p: &Position, pass: LionPass) {
    let reference_rules = reference::Rules {
        lion_pass: pass,
        ..reference::Rules::ordinary(false)
    };
    assert_eq!(
        sorted(p.legal_moves(&rules(pass)).as_slice().to_vec()),
        sorted(reference::legal_moves_under(&p.to_setup(), &reference_rules)),
        "{pass}"
    );
}

/// A Lion on 5e boxed in by its own golds and silvers: its 16 jumps, and under `any`
/// one more move, the pass through its own square; so for a White Lion and for the
/// promoted Kirin (which moves as the Lion).
#[test]
fn a_boxed_in_lion_passes_under_any_and_not_under_empty_neighbour() {
    for (sfen, from) in [
        ("4k4/9/9/3GSG3/3SIS3/3GSG3/9/9/4K4 b - 1", "5e"),
        ("4k4/9/9/3GSG3/3S+JS3/3GSG3/9/9/4K4 b - 1", "5e"),
        ("4k4/9/9/3gsg3/3sis3/3gsg3/9/9/4K4 w - 1", "5e"),
    ] {
        let p = pos(sfen);
        let strict = legal_usi(&p, &rules(LionPass::EmptyNeighbour), from);
        let any = legal_usi(&p, &rules(LionPass::Any), from);
        assert_eq!(strict.len(), 16, "{sfen}: {strict:?}");
        assert!(strict.iter().all(|m| m.len() == 4), "{sfen}: {strict:?}");
        assert_eq!(any.len(), 17, "{sfen}: {any:?}");
        assert!(any.contains(&"5e5e5e".to_string()), "{sfen}: {any:?}");
        assert_matches_reference(&p, LionPass::EmptyNeighbour);
        assert_matches_reference(&p, LionPass::Any);
    }
}

/// The default stays: `RuleSet::ordinary()` reads `empty-neighbour`, and the names read
/// back (a bad one is an error, not a panic).
#[test]
fn the_default_is_empty_neighbour_and_the_names_read() {
    assert_eq!(RuleSet::ordinary().lion_pass, LionPass::EmptyNeighbour);
    for pass in [LionPass::EmptyNeighbour, LionPass::Any] {
        assert_eq!(pass.to_string().parse::<LionPass>(), Ok(pass));
    }
    let e = "sometimes".parse::<LionPass>().unwrap_err();
    assert!(e.contains("empty-neighbour") && e.contains("sometimes"), "{e}");
}

/// With an empty neighbour nothing changes under `any`: one pass, through the empty
/// neighbour of lowest index, and no pass through its own square; a reader's other
/// spelling through an empty neighbour still reads as it.
#[test]
fn with_an_empty_neighbour_the_pass_is_written_as_before() {
    let p = pos("4k4/9/9/3G1G3/3SIS3/3GSG3/9/9/4K4 b - 1");
    for pass in [LionPass::EmptyNeighbour, LionPass::Any] {
        let passes: Vec<String> = legal_usi(&p, &rules(pass), "5e")
            .into_iter()
            .filter(|m| m.len() == 6 && m.ends_with("5e"))
            .collect();
        assert_eq!(passes, ["5e5d5e"], "{pass}");
        assert_matches_reference(&p, pass);
    }
    let own_square = parse_usi_move("5e5e5e").unwrap();
    assert_eq!(p.find_legal(own_square, &rules(LionPass::Any)), None);
}

/// A reader finds the boxed-in Lion's pass, `5e5e5e`, under `any` only; it plays as a
/// pass (the same board, the other side to move).
#[test]
fn the_pass_through_its_own_square_reads_and_plays() {
    let p = pos("4k4/9/9/3GSG3/3SIS3/3GSG3/9/9/4K4 b - 1");
    let written = parse_usi_move("5e5e5e").unwrap();
    let pass = Move::two_step(sq("5e"), sq("5e"), sq("5e"));
    assert_eq!(p.find_legal(written, &rules(LionPass::Any)), Some(pass));
    assert_eq!(p.find_legal(written, &rules(LionPass::EmptyNeighbour)), None);
    let after = p.play(pass);
    assert_eq!(after.side_to_move(), !p.side_to_move());
    assert_eq!(after.piece_at(sq("5e")), p.piece_at(sq("5e")));
    assert_eq!(after.key(), after.compute_key());
    assert_eq!(p.key_after(pass), after.key());
}

/// Never out of check: the Black king on 1i in check from the rook on 1a, the boxed-in
/// Lion has no pass under either reading; with the rook on 2a (no check) it passes
/// under `any`.
#[test]
fn a_pass_never_answers_check() {
    let checked = pos("k7r/9/9/3GSG3/3SIS3/3GSG3/9/9/8K b - 1");
    assert!(checked.in_check(&RuleSet::ordinary()));
    for pass in [LionPass::EmptyNeighbour, LionPass::Any] {
        let moves = legal_usi(&checked, &rules(pass), "5e");
        assert!(!moves.iter().any(|m| m.len() == 6), "{pass}: {moves:?}");
        assert_matches_reference(&checked, pass);
    }
    let quiet = pos("k6r1/9/9/3GSG3/3SIS3/3GSG3/9/9/8K b - 1");
    assert!(legal_usi(&quiet, &rules(LionPass::Any), "5e").contains(&"5e5e5e".to_string()));
}

/// A help play whose only solution is the boxed-in pass. In ばか詰 the pass never
/// counts (the attacker's moves must check and a pass checks nothing; the defender is
/// always in check), so the stipulation is help-stalemate: the Lion in the corner 9i,
/// every square it could reach held by stones, and the White king on 1a walled in by
/// stones. Black's one move, the pass, leaves White stalemated: solved under `any`, no
/// solution under the default (Black has no move at all).
#[test]
fn a_helpstalemate_needs_the_boxed_in_pass() {
    let p = pos("7Ok/7OO/9/9/9/9/OOO6/OOO6/IOO6 b - 1");
    let stale = Stipulation::HelpStale { length: Some(1) };
    assert_eq!(help_lines(&p, &rules(LionPass::Any), stale), ["9i9i9i"]);
    assert!(help_lines(&p, &rules(LionPass::EmptyNeighbour), stale).is_empty());
    let mate = Stipulation::Help { length: Some(1) };
    assert!(help_lines(&p, &rules(LionPass::Any), mate).is_empty());
}

/// A problem file fixes the reading for itself: the yosei problem file's `lion-pass:`
/// line and CSA's `$LION_PASS:` give the help-stalemate above its solution, whatever
/// the command's default; without the line the command's reading holds.
#[test]
fn a_problem_file_carries_its_reading() {
    let native =
        "yosei-problem 1\nstipulation: helpstale:1\nlion-pass: any\nposition: 7Ok/7OO/9/9/9/9/OOO6/OOO6/IOO6 b - 1\n";
    let problem = yosei_io::native::read_native(native).unwrap();
    let csa = yosei_io::csa::write_csa(&problem);
    assert!(csa.contains("$LION_PASS:any"), "{csa}");
    for text in [native, &csa[..]] {
        let loaded = &yosei_io::input::read_problems_from_text(text, "test", &RuleSet::ordinary()).unwrap()[0];
        assert_eq!(loaded.rules.lion_pass, LionPass::Any, "{text}");
        let stale = Stipulation::HelpStale { length: Some(1) };
        assert_eq!(help_lines(&loaded.position, &loaded.rules, stale), ["9i9i9i"]);
    }
    let without = native.replace("lion-pass: any\n", "");
    let mut any = RuleSet::ordinary();
    any.lion_pass = LionPass::Any;
    for (base, want) in [(RuleSet::ordinary(), LionPass::EmptyNeighbour), (any, LionPass::Any)] {
        let loaded = &yosei_io::input::read_problems_from_text(&without, "test", &base).unwrap()[0];
        assert_eq!(loaded.rules.lion_pass, want);
    }
}

/// A piece the problem defines with the Lion's two steps (`aK`, docs/rules/movement.md)
/// passes as the Lion does: boxed in, only under `any`, through its own square.
#[test]
fn a_user_piece_with_the_lions_two_steps_follows_the_reading() {
    let text = "yosei-problem 1\npiece: E 獣 two-stepper WaK\nposition: 7Ok/7OO/9/9/9/9/OOO6/OOO6/EOO6 b - 1\n";
    let problem = yosei_io::native::read_native(text).unwrap();
    let stale = Stipulation::HelpStale { length: Some(1) };
    for (pass, want) in [(LionPass::Any, vec!["9i9i9i"]), (LionPass::EmptyNeighbour, vec![])] {
        let rules = rules(pass).with_user_pieces(&problem.pieces).unwrap();
        let p = Position::from_setup(&problem.setup, &rules).unwrap();
        assert_eq!(help_lines(&p, &rules, stale), want, "{pass}");
        let moves: Vec<String> = p.legal_moves(&rules).iter().map(|m| m.to_usi()).collect();
        assert_eq!(
            moves.contains(&"9i9i9i".to_string()),
            pass == LionPass::Any,
            "{pass}: {moves:?}"
        );
    }
}
