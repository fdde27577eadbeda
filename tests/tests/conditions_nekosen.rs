//! Micro-problems for ネコ鮮 and ネコネコ鮮 (docs/rules/nekosen.md, fm's reading): the
//! pieces of an unbroken line along a file move with the line's kinds in reverse order.
//! Positions made for the purpose, each with its complete expected answer worked out by
//! hand in the comment above it. Squares are written file-rank (`52` = 5b); moves in USI.

use yosei_io::sfen::{parse_sfen, parse_usi_move};
use yosei_rules::{Condition, Position, RuleSet};
use yosei_solve::Verdict;
use yosei_tests::micro::{help, in_check, kind_after, moves, pos, rules, sorted};

/// The legal moves starting with `prefix` after which the other side stands in check.
fn checking_moves(sfen: &str, words: &str, prefix: &str) -> Vec<String> {
    let rules = rules(words);
    let start = pos(sfen, &rules);
    moves(sfen, words, prefix)
        .into_iter()
        .filter(|m| start.play(parse_usi_move(m).unwrap()).in_check(&rules))
        .collect()
}

/// ネコ鮮: Black R 55, P 56, G 57 stand in one line on file 5 (a White pawn on 54 is
/// not Black's and stays out). Reversed: the rook has the gold's power (44 54x 64 45 65;
/// 56 is its own pawn), the pawn in the middle keeps its own (55 is its own rook:
/// nothing), the gold has the rook's (58 59 down; rank 7 both ways, 8 squares).
/// White K 11.
#[test]
fn nekosen_reverses_the_kinds_of_one_sides_line() {
    let sfen = "8k/9/9/4p4/4R4/4P4/4G4/9/9 b - 1";
    assert_eq!(
        moves(sfen, "nekosen", "5e"),
        sorted(&["5e4d", "5e5d", "5e6d", "5e4e", "5e6e"])
    );
    assert!(moves(sfen, "nekosen", "5f").is_empty());
    assert_eq!(
        moves(sfen, "nekosen", "5g"),
        sorted(&["5g5h", "5g5i", "5g1g", "5g2g", "5g3g", "5g4g", "5g6g", "5g7g", "5g8g", "5g9g"])
    );
}

/// ネコネコ鮮, the same position: the White pawn on 54 joins the line 54 55 56 57, four
/// pieces. The rook has the pawn's (56's) power: 54x only; the pawn on 56 the rook's:
/// rank 6 both ways, 8 squares (55 and 57 are its own pieces); the gold on 57 the White
/// pawn's, a Black pawn's step to 56: its own piece, nothing.
#[test]
fn nekonekosen_line_takes_in_both_sides() {
    let sfen = "8k/9/9/4p4/4R4/4P4/4G4/9/9 b - 1";
    assert_eq!(moves(sfen, "nekonekosen", "5e"), sorted(&["5e5d"]));
    assert_eq!(
        moves(sfen, "nekonekosen", "5f"),
        sorted(&["5f1f", "5f2f", "5f3f", "5f4f", "5f6f", "5f7f", "5f8f", "5f9f"])
    );
    assert!(moves(sfen, "nekonekosen", "5g").is_empty());
}

/// Check by a borrowed power, and a king's escape. White K 51; Black N 53 above a Black
/// R 54. Ordinary: the knight reaches 41 61, the rook is blocked by it: no check.
/// Both conditions: the knight has the rook's power and checks up file 5; the rook has
/// the knight's and covers 42 62. ネコ鮮: 41 and 61 are free, 52 stays on the file: two
/// escapes. ネコネコ鮮: the king on 52 joins the line (52 53 54): the knight in the middle
/// is a knight again (41 61), the rook has the king's power (43 53 63 44 64 45 55 65):
/// 52 is safe, a third escape; 42 and 62 are still the rook-knight's.
#[test]
fn check_and_king_escapes_under_each() {
    let sfen = "4k4/9/4N4/4R4/9/9/9/9/9 w - 1";
    assert!(!in_check(sfen, ""));
    assert_eq!(moves(sfen, "", ""), sorted(&["5a4b", "5a5b", "5a6b"]));
    assert!(in_check(sfen, "nekosen"));
    assert_eq!(moves(sfen, "nekosen", ""), sorted(&["5a4a", "5a6a"]));
    assert!(in_check(sfen, "nekonekosen"));
    assert_eq!(moves(sfen, "nekonekosen", ""), sorted(&["5a4a", "5a5b", "5a6a"]));
}

/// Drops that check by making a line. White K 41, White P 52, Black R 53; Black has a
/// knight in hand. N*33 checks under every rule (a knight's own jump to 41).
/// ネコ鮮: N*54 puts the knight below the rook (the White pawn on 52 is not in Black's
/// line): the rook jumps like a knight to 41: check. ネコネコ鮮: the line is then
/// 52 53 54, the rook in the middle keeps its own power: no check; but N*51 heads the
/// line 51 52 53 and takes the rook's power (41 along rank 1), and N*42 stands under
/// the king and takes its power (41 next to it). A knight on the last two ranks is no
/// dead piece under either condition (docs/rules/nekosen.md).
#[test]
fn drops_that_check_by_making_a_line() {
    let sfen = "5k3/4p4/4R4/9/9/9/9/9/9 b N 1";
    assert_eq!(checking_moves(sfen, "", "N*"), sorted(&["N*3c"]));
    assert_eq!(checking_moves(sfen, "nekosen", "N*"), sorted(&["N*3c", "N*5d"]));
    assert_eq!(
        checking_moves(sfen, "nekonekosen", "N*"),
        sorted(&["N*3c", "N*4b", "N*5a"])
    );
}

/// Dead pieces (rules.md §3.2): fm's table for ネコ鮮 and ネコネコ鮮 is 安南's, nothing is
/// dead (a line may form below any piece). P*11 and N*12 are legal under both, and a
/// position with a Black pawn on the last rank is valid.
#[test]
fn nothing_is_dead() {
    let sfen = "9/9/9/9/k8/9/9/9/9 b NP 1";
    for words in ["nekosen", "nekonekosen"] {
        let legal = moves(sfen, words, "");
        assert!(legal.contains(&"P*1a".to_string()), "{words}");
        assert!(legal.contains(&"N*1b".to_string()), "{words}");
        let setup = parse_sfen("8P/9/9/9/k8/9/9/9/9 b - 1").unwrap().setup;
        assert!(Position::from_setup(&setup, &rules(words)).is_ok(), "{words}");
    }
}

/// Promotion follows the piece's own kind. Black P 54 above a Black S 55 moves like a
/// silver: 43 53 63 into the zone (each may promote, to と) and 45 65 back (no
/// promotion); Black G 74 above a Black P 75 moves like a pawn to 73 and never promotes.
/// White K 11.
#[test]
fn promotion_follows_the_own_kind() {
    let sfen = "8k/9/9/2G1P4/2P1S4/9/9/9/9 b - 1";
    for words in ["nekosen", "nekonekosen"] {
        assert_eq!(
            moves(sfen, words, "5d"),
            sorted(&["5d4c", "5d4c+", "5d5c", "5d5c+", "5d6c", "5d6c+", "5d4e", "5d6e"]),
            "{words}"
        );
        assert_eq!(moves(sfen, words, "7d"), sorted(&["7d7c"]), "{words}");
        assert_eq!(
            kind_after(sfen, words, "5d5c+", 5, 3),
            Some(yosei_core::PieceKind::ProPawn)
        );
    }
}

/// Stones. ネコ鮮: a stone is nobody's and breaks a line. Black R 55, a stone on 56, a
/// Black G on 57: the rook stands alone and has a rook's moves (54..51, 45..15, 65..95:
/// 12, and 53 52 51 promoted); without the stone, R 55 over G 56 would move like a
/// gold. ネコネコ鮮: fm crashes on any position with a stone, so yosei refuses it with a
/// clear error.
#[test]
fn stones_break_a_nekosen_line_and_are_refused_under_nekonekosen() {
    let with_stone = "8k/9/9/9/4R4/4O4/4G4/9/9 b - 1";
    let rook = [
        "5e5d", "5e5c", "5e5b", "5e5a", "5e4e", "5e3e", "5e2e", "5e1e", "5e6e", "5e7e", "5e8e", "5e9e",
    ];
    let promoting = ["5e5c+", "5e5b+", "5e5a+"];
    let rook_moves: Vec<&str> = rook.iter().chain(&promoting).copied().collect();
    assert_eq!(moves(with_stone, "nekosen", "5e"), sorted(&rook_moves));
    let pair = "8k/9/9/9/4R4/4G4/9/9/9 b - 1";
    assert_eq!(
        moves(pair, "nekosen", "5e"),
        sorted(&["5e4d", "5e5d", "5e6d", "5e4e", "5e6e"])
    );
    let setup = parse_sfen(with_stone).unwrap().setup;
    let err = Position::from_setup(&setup, &rules("nekonekosen"))
        .unwrap_err()
        .to_string();
    assert!(err.contains("not defined with a stone"), "{err}");
}

/// ばか詰 1 手 in the corner, lending drops. White K 11; Black P 13, G 23, S 32 (the
/// silver covers 21, the gold 22 and 12); Black has a lance. Ordinary: 13-12 (=, +),
/// 23-12 and L*12 mate, the king having no flight. Under both conditions two more (fm
/// finds the same six): L*14 gives the pawn on 13 a lance's power up file 1 (12, 11);
/// L*22 stands above the gold and takes its power (11 diagonally, 12 beside), while the
/// gold under it has the lance's and guards 22. (ネコネコ鮮 changes nothing here: the
/// king on 11 and a piece on 12 would swap powers, but every such piece still checks
/// from 12 and is guarded.)
#[test]
fn help_mates_by_lending_drops() {
    let sfen = "8k/6S2/7GP/9/9/9/9/9/9 b L 1";
    let ordinary = ["1c1b", "1c1b+", "2c1b", "L*1b"];
    assert_eq!(help(sfen, "help:1", ""), (Verdict::Solved, sorted(&ordinary)));
    let lending: Vec<&str> = ordinary.iter().copied().chain(["L*1d", "L*2b"]).collect();
    for words in ["nekosen", "nekonekosen"] {
        assert_eq!(
            help(sfen, "help:1", words),
            (Verdict::Solved, sorted(&lending)),
            "{words}"
        );
    }
}

/// A drop that checks through the middle piece of the odd line it makes (fm's drop-check
/// shortcut misses it: docs/rules/nekosen.md, "Comparison with fm"). ネコネコ鮮: White
/// K 62, L 71, N 63; Black +R 72, +S 64, G 65; Black holds P N. N*73 makes the line 71
/// 72 73 and the dragon in the middle has its own power again (before, it had the
/// lance's from the pair 71 72): check from 72. The king, in the line 62..65, moves like
/// a White gold: 72x is in the knight's reach (a lance's now), 73x and 52 in the
/// dragon's, 61 too (a diagonal step), 53 in the silver's (the king leaving 62 gives it
/// its own power back); 63 is its own knight. Nothing else takes 72. Mate in one.
#[test]
fn fm_misses_a_drop_checking_through_the_middle_piece() {
    let sfen = "2l6/2+Rk5/3n5/3+S5/3G5/9/9/9/9 b PN 1";
    assert_eq!(
        help(sfen, "help:1", "nekonekosen"),
        (Verdict::Solved, sorted(&["N*7c"]))
    );
    // before the drop the dragon checks under ordinary rules and ネコ鮮 (White's lance
    // on 71 is no partner there): the position is refused
    let setup = parse_sfen(sfen).unwrap().setup;
    assert!(Position::from_setup(&setup, &rules("nekosen")).is_err());
    // ネコ鮮, the same slip: White K 51; Black R 72, B 73, N 53, S 33, Black holds R.
    // The pair 72 73 swaps powers (the bishop on 73 has the rook's); R*74 makes the line
    // 72 73 74 and the bishop in the middle has its own power again: check along 62.
    // 41 61 are the knight's, 42 the silver's, 52 62 the rook's on 72 (the dropped
    // rook's kind): mate. fm lists only the two dragon moves (7b6a+ 7b6c+), and calls
    // the position after R*74 one with White already in check.
    assert_eq!(
        help("4k4/2R6/2B1N1S2/9/9/9/9/9/9 b R 1", "help:1", "nekosen"),
        (Verdict::Solved, sorted(&["7b6a+", "7b6c+", "R*7d"]))
    );
}

/// ネコ鮮 アンチキルケ, two pawns by a move without capture (fm differs: under アンチキルケ
/// it lets such a move stand, docs/rules/capture-conditions.md (d)). White K 31 in the
/// line 31 32 with its pawn has the pawn's power (32 is its own: no move); the pawn on
/// 32 has the king's. Black's rook on 51 checks along rank 1. The only block, 32-41 with
/// the king's power, puts a second White pawn on file 4 (43): illegal unpromoted, and a
/// White pawn cannot promote on rank 1. Mate. Without the pawn on 43 it is the one move.
#[test]
fn anticirce_pawn_block_into_two_pawns_is_illegal() {
    let mate = "4R1k2/6pL1/5p1l1/9/9/9/9/9/9 w - 1";
    assert!(moves(mate, "nekosen+anticirce", "").is_empty());
    assert!(in_check(mate, "nekosen+anticirce"));
    let open = "4R1k2/6pL1/9/9/9/9/9/9/9 w - 1";
    assert_eq!(moves(open, "nekosen+anticirce", ""), sorted(&["3b4a"]));
    // the help mate it ends (fm misses both lines)
    let (verdict, lines) = help("7k1/6p2/5p1l1/4R4/9/9/9/9/9 b L 1", "help:3", "nekosen+anticirce");
    assert_eq!(verdict, Verdict::Solved);
    for line in ["L*2b 2a3a 5d5a", "L*2b 2a3a 5d5a+"] {
        assert!(lines.contains(&line.to_string()), "{line}: {lines:?}");
    }
}

/// Messigny: a swap matches own kinds and needs no power, and the lines follow the
/// position after it. Black R 55 over a Black P 56 has the pawn's power (54 only) and
/// may swap with the White rook on 99. After the swap the White rook stands on 55 over
/// the Black pawn: under ネコ鮮 it is alone and moves as a rook (13 squares, 56x
/// included) or swaps back; under ネコネコ鮮 the pair reverses and it has a pawn's power,
/// a White pawn's step to 56x.
#[test]
fn messigny_swap_remakes_the_lines() {
    let before = "8k/9/9/9/4R4/4P4/9/9/r8 b - 1";
    let after = "8k/9/9/9/4r4/4P4/9/9/R8 w - 1";
    for words in ["messigny+nekosen", "messigny+nekonekosen"] {
        assert_eq!(moves(before, words, "5e"), sorted(&["5e5d", "5e<>9i"]), "{words}");
    }
    let rook = moves(after, "messigny+nekosen", "5e");
    assert_eq!(rook.len(), 14, "{rook:?}");
    assert!(rook.contains(&"5e5f".to_string()) && rook.contains(&"5e<>9i".to_string()));
    assert_eq!(moves(after, "messigny+nekonekosen", "5e"), sorted(&["5e5f", "5e<>9i"]));
}

/// fm's exclusions: ネコ鮮 and ネコネコ鮮 with each other or any power condition, and with
/// Isardam, are refused; 利き二歩無効 is accepted with them (fm asks for one of its
/// power-changing conditions), as are Madrasi, the capture conditions and Messigny.
#[test]
fn combinations_fm_refuses_and_allows() {
    let compile = |words: &[&str]| RuleSet::compile(&words.iter().map(|w| w.parse().unwrap()).collect::<Vec<_>>());
    for other in [
        "nekonekosen",
        "annan",
        "anhoku",
        "taimen",
        "haimen",
        "tenjiku",
        "komazume:N",
    ] {
        let err = compile(&["nekosen", other]).unwrap_err().to_string();
        assert!(err.contains("cannot be combined"), "{other}: {err}");
    }
    let err = compile(&["nekonekosen", "isardam"]).unwrap_err().to_string();
    assert!(err.contains("Isardam cannot be combined"), "{err}");
    for words in [
        &["nekosen", "kiki-nifu-invalid"][..],
        &["nekonekosen", "madrasi", "circe"],
        &["nekosen", "anticirce", "uchifu"],
        &["nekonekosen", "pwc", "k-madrasi"],
        &["nekosen", "messigny-eu"],
    ] {
        assert!(compile(words).is_ok(), "{words:?}");
    }
}

/// The names of every input form reach the solver: cli.md's words, the Japanese names
/// and fm's short forms, a KIF `ルール：` phrase and fm's one-line form.
#[test]
fn condition_names_of_every_form() {
    for (names, condition) in [
        (["nekosen", "ネコ鮮", "!NK"], Condition::NekoSen),
        (["nekonekosen", "ネコネコ鮮", "!NK2"], Condition::NekoNekoSen),
    ] {
        for name in names {
            assert_eq!(name.parse::<Condition>().unwrap(), condition, "{name}");
        }
    }
    let phrase = yosei_io::rule_words::parse_rule_phrase("ネコネコ鮮ばか詰").unwrap();
    assert_eq!(phrase.conditions, [Condition::NekoNekoSen]);
    let phrase = yosei_io::rule_words::parse_rule_phrase("ネコ鮮マドラシばか詰").unwrap();
    assert_eq!(phrase.conditions, [Condition::NekoSen, Condition::Madrasi]);
    // fm's one-line form, with the word and with the short form: the problem of
    // `help_mates_by_lending_drops`, six mates
    for (line, condition) in [
        ("ネコ鮮ばか詰 13歩23金32銀 +香, 11玉 +0 #1", Condition::NekoSen),
        ("!NK2ばか詰 13歩23金32銀 +香, 11玉 +0 #1", Condition::NekoNekoSen),
    ] {
        let loaded = yosei_io::input::read_problems_from_arg(line, &RuleSet::ordinary()).unwrap();
        let problem = &loaded[0];
        assert_eq!(problem.rules.conditions(), [condition], "{line}");
        let stipulation = problem.problem.stipulation.unwrap();
        let lines = yosei_tests::support::help_lines(&problem.position, &problem.rules, stipulation);
        assert_eq!(lines.len(), 6, "{line}: {lines:?}");
    }
}

/// The generator tells checks under ネコ鮮 without playing the moves (only the line
/// through the destination changes; docs/rules/nekosen.md, "Speed"): its checks must be
/// exactly the legal moves after which the king stands in check.
/// - White K 11, Black P 15 the first piece below it on file 1, Black R and N in hand:
///   R*16 makes the line 15 16 and lends the pawn the rook's power, a check up the file
///   from a square the rook itself never attacks the king from; N*16 lends it the
///   knight's (13 23 from 15: no check).
/// - White K 39, Black +P 47 and a stone on 49: 4748 sets the tokin above the stone,
///   which is in no line (it has no power to lend or borrow), so nothing checks.
#[test]
fn checks_told_unplayed_are_the_checks_found_by_playing() {
    let rules = rules("nekosen");
    for (sfen, check, quiet) in [
        ("8k/9/9/9/8P/9/9/9/K8 b RN 1", "R*1f", "N*1f"),
        ("9/9/9/9/9/9/5+P3/9/K4Ok2 b - 1", "", "4g4h"),
    ] {
        let start = pos(sfen, &rules);
        let mut checks: Vec<String> = start
            .legal_checks(&rules)
            .as_slice()
            .iter()
            .map(|m| m.to_usi())
            .collect();
        checks.sort();
        let mut by_playing = checking_moves(sfen, "nekosen", "");
        by_playing.sort();
        assert_eq!(checks, by_playing, "{sfen}");
        assert!(
            check.is_empty() || checks.contains(&check.to_string()),
            "{sfen}: {check}"
        );
        assert!(
            moves(sfen, "nekosen", "").contains(&quiet.to_string()),
            "{sfen}: {quiet}"
        );
        assert!(!checks.contains(&quiet.to_string()), "{sfen}: {quiet}");
    }
}

/// Check generation by files (`line_power_check_squares`): a drop next to no piece that
/// joins its line stands alone and checks by its own kind only; one next to such a
/// piece may check by the lent kind from elsewhere. White K 51, B 23; Black K 99, a
/// gold in hand. Under ネコネコ鮮 G*24 makes the line 23 24 with the White bishop: the
/// gold has the bishop's kind and checks through 33 and 42. Under ネコ鮮 the bishop,
/// White's, joins no Black line: the gold on 24 is alone and checks nothing.
#[test]
fn a_drop_next_to_an_enemy_piece_checks_by_its_kind_only_under_nekonekosen() {
    let sfen = "4k4/9/7b1/9/9/9/9/9/K8 b G 1";
    // (`checks` asserts the generated checks equal the legal moves that check when played)
    let both = yosei_tests::micro::checks(sfen, "nekonekosen");
    assert!(both.contains(&"G*2d".to_string()), "{both:?}");
    let one_side = yosei_tests::micro::checks(sfen, "nekosen");
    assert!(!one_side.contains(&"G*2d".to_string()), "{one_side:?}");
}
