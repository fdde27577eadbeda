//! Micro-problems for the conditions that change powers (rules.md §5.1–5.7, 5.12):
//! positions made for the purpose, each with its complete expected answer worked out
//! by hand in the comment above it. Squares are written file-rank as in rules.md
//! (`52` = 5b); moves in USI.

use yosei_io::sfen::parse_sfen;
use yosei_rules::{Condition, Position, RuleSet};
use yosei_solve::help::solve_help;
use yosei_solve::{HelpPlan, Limits, Verdict};
use yosei_tests::micro::{checks, help, in_check, kind_after, moves, pos, rules, sorted};

/// 安南, 利き二歩. White K 12; Black P 23 with a Black S behind it on 24, so the pawn has
/// a silver's power (22 32 12 forward, 14 34 back); another Black P on 17 (file 1).
/// The pawn's capture 23x12 lands on file 1, where the pawn on 17 stands: two pawns.
/// 利き二歩有効 (default): still a king capture, White is in check and may only move the
/// king to a square no Black piece reaches: 11 and 21 (22 and 13 are covered by the
/// pawn and the silver, 23 is protected by the silver). 利き二歩無効: no check, so the
/// White pawn on 93 may also move.
#[test]
fn borrowed_power_pawn_capture_into_two_pawns_under_both_readings() {
    let sfen = "9/2p5k/7P1/7S1/9/9/8P/9/9 w - 1";
    assert!(in_check(sfen, "annan"));
    assert!(!in_check(sfen, "annan+kiki-nifu-invalid"));
    assert_eq!(moves(sfen, "annan", ""), sorted(&["1b1a", "1b2a"]));
    assert_eq!(
        moves(sfen, "annan+kiki-nifu-invalid", ""),
        sorted(&["1b1a", "1b2a", "7b7c"])
    );
    // Ordinary rules: the pawn only reaches 22, no check.
    assert!(!in_check(sfen, ""));
}

/// The same position with Black to move, under 利き二歩無効: legal (White is not in
/// check), and the pawn on 23 may not take the king on 12, promoting or not: what is
/// no king capture cannot be played as one (found with ネコ鮮, where the generators
/// played 8b7b+ onto a king). Its other silver steps stay.
#[test]
fn a_pawn_that_does_not_check_under_kiki_nifu_cannot_take_the_king() {
    let sfen = "9/2p5k/7P1/7S1/9/9/8P/9/9 b - 1";
    let pawn = moves(sfen, "annan+kiki-nifu-invalid", "2c");
    assert!(!pawn.is_empty());
    assert!(pawn.iter().all(|m| !m.starts_with("2c1b")), "{pawn:?}");
}

/// 安南 ばか詰 1 手. White K 11; Black P 22, G 24, P 15. 24-23 puts the gold behind the
/// pawn: the pawn gets a gold's power and attacks 11 (diagonally forward), 21 and 12;
/// the gold on 23 covers 12 and 22, so 11 has no flight (21, 12 attacked; 22x is
/// protected) and no interposition: mate when the capture 22x11 counts. Every other
/// Black move fails: 22-21+ checks from the side but 12 is free; no other move checks.
/// Under 利き二歩無効 the capture would put a second pawn on file 1 (15): 24-23 is not
/// even a check, and nothing mates in one.
#[test]
fn kiki_nifu_decides_a_help_mate() {
    let sfen = "8k/7P1/9/7G1/8P/9/9/9/9 b - 1";
    assert_eq!(help(sfen, "help:1", "annan"), (Verdict::Solved, sorted(&["2d2c"])));
    assert_eq!(help(sfen, "help:1", "annan+kiki-nifu-invalid").0, Verdict::NoSolution);
}

/// 安南, 利き二歩無効, the mover's king told without playing (issue 22,
/// `local_safety::borrowed_powers_attack`): White K 12; Black P 23 with a Black S on 24
/// (a silver's power: it reaches 12) and Black P 17 with a Black B on 18, so 23x12 would
/// be a second pawn on file 1: no check. The White N on 25 may take the pawn on 17
/// (25-17, 25-17+): then Black has no other pawn on file 1, 23x12 counts, and the move
/// leaves White's king in check: illegal. 25-37 and 25-37+ stay legal. The pawns are
/// read on the board after the move.
#[test]
fn annan_kiki_nifu_taking_the_second_pawn_exposes_ones_own_king() {
    let sfen = "9/8k/7P1/7S1/7n1/9/8P/8B/K8 w - 1";
    assert!(!in_check(sfen, "annan+kiki-nifu-invalid"));
    assert_eq!(moves(sfen, "annan+kiki-nifu-invalid", "2e"), sorted(&["2e3g", "2e3g+"]));
}

/// 安南, 利き二歩無効, checks told without playing (issue 22, `LocalSafety::gives_check_unplayed`):
/// the position above with Black to move and no knight. The pawn on 23 reaches 12 idle
/// (its capture void while the pawn on 17 stands on file 1). The pawn on 17, with the
/// bishop's power, leaves file 1 along its diagonals (35 44 53 62 71, each in the zone
/// also promoting, and 39; 26 and 28 would be two pawns on file 2): the capture 23x12
/// then counts, a check. 23-22+ checks with a gold's power (23-22 has a pawn's only),
/// 24-13 and 24-13+ by the silver itself; nothing else checks. `checks` holds the told
/// list to playing every legal move.
#[test]
fn annan_kiki_nifu_a_pawn_leaving_the_file_revives_a_void_check() {
    let sfen = "9/8k/7P1/7S1/9/9/8P/8B/K8 b - 1";
    assert_eq!(
        checks(sfen, "annan+kiki-nifu-invalid"),
        sorted(&["1g3e", "1g4d", "1g5c", "1g5c+", "1g6b", "1g6b+", "1g7a", "1g7a+", "1g3i", "2c2b+", "2d1c", "2d1c+",])
    );
}

/// 安南: a king lends and borrows. Black K 58 with a Black R behind it on 59: the king
/// moves like a rook (rank 8 both ways; file 5 is blocked by its own pawn on 57 and the
/// rook on 59), not like a king. The pawn on 57 has the king behind it: it moves like
/// a king (46 56 66 47 67 48 68; 58 is its own king). White K 51 is far away.
#[test]
fn annan_king_lends_and_borrows() {
    let sfen = "4k4/9/9/9/9/9/4P4/4K4/4R4 b - 1";
    assert_eq!(
        moves(sfen, "annan", "5h"),
        sorted(&["5h1h", "5h2h", "5h3h", "5h4h", "5h6h", "5h7h", "5h8h", "5h9h"])
    );
    assert_eq!(
        moves(sfen, "annan", "5g"),
        sorted(&["5g4f", "5g5f", "5g6f", "5g4g", "5g6g", "5g4h", "5g6h"])
    );
    // 安北: the king has the pawn in front (pawn power: 57 is its own piece, nothing);
    // the rook has the king in front and moves like a king (48 68 49 69).
    assert_eq!(moves(sfen, "anhoku", "5h"), Vec::<String>::new());
    assert_eq!(moves(sfen, "anhoku", "5i"), sorted(&["5i4h", "5i6h", "5i4i", "5i6i"]));
}

/// 対駒 and 背駒. White K 52 is checked by the Black S on 63 (diagonally forward). The
/// king may go to 41 51 61 42 43 53 or take on 63 (62, 72 are the silver's; 54 74 too),
/// seven moves. 対面: P*62 puts a White pawn face to face with the silver; they swap,
/// the silver has a pawn's power (62 only) and the check is gone. 背面: P*64 stands back
/// to back with it, with the same effect. No other drop answers a stepper's check.
#[test]
fn facing_and_back_to_back_defences() {
    let sfen = "9/4k4/3S5/9/9/9/9/9/9 w p 1";
    let king = ["5b4a", "5b5a", "5b6a", "5b4b", "5b4c", "5b5c", "5b6c"];
    let with = |drop: &str| {
        let mut v: Vec<&str> = king.to_vec();
        v.push(drop);
        sorted(&v)
    };
    assert_eq!(moves(sfen, "", ""), sorted(&king));
    assert_eq!(moves(sfen, "taimen", ""), with("P*6b"));
    assert_eq!(moves(sfen, "haimen", ""), with("P*6d"));
}

/// 天竺: White K 51 checked by the Black R on 59 along file 5 has a rook's power instead
/// of its own: along rank 1 (41..11, 61..91) or down file 5 to take the rook on 59 —
/// 52..58 stay on the rook's file. No king step (42, 62) is left. 9 moves. (The Black K
/// on 19 is never reached: 11 is not attacked by it, nor 91 by anything.)
#[test]
fn tenjiku_king_captures_its_checker_along_the_line() {
    let sfen = "4k4/9/9/9/9/9/9/9/4R3K w - 1";
    assert_eq!(
        moves(sfen, "tenjiku", ""),
        sorted(&["5a1a", "5a2a", "5a3a", "5a4a", "5a6a", "5a7a", "5a8a", "5a9a", "5a5i"])
    );
    // Ordinary rules: king steps only, off the file: 41 61 42 62.
    assert_eq!(moves(sfen, "", ""), sorted(&["5a4a", "5a6a", "5a4b", "5a6b"]));
}

/// 天竺, both kings: Black K 11, White K 51, Black R 69. 69-59, 69-61 and 69-61+ check
/// the White king, which then has a rook's (dragon's) power along rank 1 and reaches the
/// Black king on 11; so does 69-62+, a dragon checking diagonally whose power includes
/// the rook's lines. These four leave Black's own king open to a king capture and are
/// illegal. (Checks are found with plain powers first; the White king's borrowed power
/// is what captures.) Under ordinary rules all four are legal; the rook's other 15
/// moves (62..68 unpromoted, 63+, 49..19, 79..99) are legal under both.
#[test]
fn tenjiku_check_that_opens_a_line_to_ones_own_king_is_illegal() {
    let sfen = "4k3K/9/9/9/9/9/9/9/3R5 b - 1";
    let tenjiku = moves(sfen, "tenjiku", "6i");
    let ordinary = moves(sfen, "", "6i");
    let illegal = ["6i5i", "6i6a", "6i6a+", "6i6b+"];
    for m in illegal {
        assert!(ordinary.contains(&m.to_string()), "{m}");
        assert!(!tenjiku.contains(&m.to_string()), "{m}");
    }
    let rest: Vec<String> = ordinary
        .iter()
        .filter(|m| !illegal.contains(&m.as_str()))
        .cloned()
        .collect();
    assert_eq!(tenjiku, rest);
    assert_eq!(tenjiku.len(), 15);
}

/// 天竺, the kings far apart (no rook or bishop line between 11 and 59, no knight's leap):
/// only a pinned piece's move can expose the king (issue 22's shortcut,
/// `local_safety::tenjiku_quiet_king`). Black K 59, G 57 pinned by the White R on 52
/// along file 5; White K 11. The gold keeps to the file (57-56, 57-58); every other
/// move is as under ordinary rules: no check lends the White king a power that could
/// reach 59 from 11.
#[test]
fn tenjiku_a_pinned_piece_keeps_to_its_line_with_the_kings_apart() {
    let sfen = "8k/4r4/9/9/9/9/4G4/9/4K4 b - 1";
    assert_eq!(moves(sfen, "tenjiku", "5g"), sorted(&["5g5f", "5g5h"]));
    assert_eq!(moves(sfen, "tenjiku", ""), moves(sfen, "", ""));
}

/// 天竺, the kings a knight's leap apart: Black K 55, White K 43 (a White knight on 43
/// would attack 35 and 55). N*35 checks the White king, which then has a knight's power
/// and reaches the Black king: illegal, though no line joins the kings (the shortcut
/// must not take them for apart). Every other knight drop is as under ordinary rules.
#[test]
fn tenjiku_a_knight_check_lends_the_enemy_king_a_leap_to_ours() {
    let sfen = "9/9/5k3/9/4K4/9/9/9/9 b N 1";
    let ordinary = moves(sfen, "", "N*");
    assert!(ordinary.contains(&"N*3e".to_string()));
    let rest: Vec<String> = ordinary.into_iter().filter(|m| m != "N*3e").collect();
    assert_eq!(moves(sfen, "tenjiku", "N*"), rest);
}

/// 天竺, drop-pawn mate: White K 51, Black G 53, Black K 99 far away. P*52 checks; the
/// White king then has a pawn's power, whose one move, 51x52, the gold guards: mate by a
/// pawn drop, illegal. Under ordinary rules 41 and 61 are free and P*52 is legal. A pawn
/// drop that does not check (P*15) is told so without being played
/// (`local_safety::tenjiku_drop_attacks`) and stays legal.
#[test]
fn tenjiku_a_pawn_drop_mates_a_king_left_with_a_pawns_power() {
    let sfen = "4k4/9/4G4/9/9/9/9/9/K8 b P 1";
    assert_eq!(moves(sfen, "", "P*5b"), sorted(&["P*5b"]));
    assert!(moves(sfen, "tenjiku", "P*5b").is_empty());
    assert_eq!(moves(sfen, "tenjiku", "P*1e"), sorted(&["P*1e"]));
}

/// 天竺 with the attacker kingless (a direct mate's usual setting): Black's pieces all
/// check by their own powers, so its checks are told as under ordinary rules
/// (`local_safety::plain_gives_check`). Black R 59 behind its S 55, White K 51, Black G
/// in hand: the silver's four moves off file 5 (44 64 46 66) uncover the rook's check;
/// G*41 G*51 G*61 G*42 G*62 check by the gold itself. `checks` also plays every legal move
/// and asks, so the generated list is held to the played one.
#[test]
fn tenjiku_a_kingless_attacker_checks_as_under_ordinary_rules() {
    let sfen = "4k4/9/9/9/4S4/9/9/9/4R4 b G 1";
    let expected = sorted(&["5e4d", "5e6d", "5e4f", "5e6f", "G*4a", "G*5b", "G*6a", "G*4b", "G*6b"]);
    assert_eq!(checks(sfen, "tenjiku"), expected);
    assert_eq!(checks(sfen, ""), expected);
}

/// マドラシ: the Black R on 59 would check White K 51, but the White R on 19 attacks it
/// along rank 9: same kind, so it is paralysed (and so is the White rook). No check.
#[test]
fn paralysed_checker_gives_no_check() {
    let sfen = "4k4/9/9/9/9/9/9/9/4R3r w - 1";
    assert!(in_check(sfen, ""));
    assert!(!in_check(sfen, "madrasi"));
    assert!(!in_check(sfen, "k-madrasi"));
    // the paralysed White rook cannot move either; only the king moves
    assert!(moves(sfen, "madrasi", "1i").is_empty());
}

/// nonK and K マドラシ with adjacent kings: Black K 53, White K 51. nonK: the kings are
/// not paralysed, so 42 52 62 (next to White's king) are illegal: 43 63 44 54 64. K:
/// kings paralyse each other, so all eight steps are legal, and the kings may stand
/// side by side.
#[test]
fn madrasi_kings_next_to_each_other() {
    let sfen = "4k4/9/4K4/9/9/9/9/9/9 b - 1";
    assert_eq!(
        moves(sfen, "madrasi", ""),
        sorted(&["5c4c", "5c6c", "5c4d", "5c5d", "5c6d"])
    );
    assert_eq!(moves(sfen, "k-madrasi", "").len(), 8);
    assert!(moves(sfen, "k-madrasi", "").contains(&"5c5b".to_string()));
}

/// 安南, promotion with a borrowed power. Black P 34 with a Black S behind on 35 moves
/// like a silver: 23 33 43 (into the zone: each may promote, to と) and 25 45 (back,
/// outside the zone: no promotion). A Black P on 47 makes 34-43 unpromoted and 34-45
/// two pawns: only 43+ stays. A Black G on 74 with a Black P behind (75) moves like a
/// pawn to 73 and never promotes.
#[test]
fn promotion_with_a_borrowed_power() {
    let sfen = "4k4/9/9/2G3P2/2P3S2/9/5P3/9/9 b - 1";
    assert_eq!(
        moves(sfen, "annan", "3d"),
        sorted(&["3d2c", "3d2c+", "3d3c", "3d3c+", "3d4c+", "3d2e"])
    );
    assert_eq!(moves(sfen, "annan", "7d"), sorted(&["7d7c"]));
    assert_eq!(
        kind_after(sfen, "annan", "3d3c+", 3, 3),
        Some(yosei_core::PieceKind::ProPawn)
    );
}

/// Dead squares by condition (rules.md §3.2): P*11 and N*12 (a pawn on the last rank, a
/// knight on the second last). Ordinary and Madrasi: neither. 安南, 背面: both (a power
/// can always come back). 安北, 対面: the knight only (nothing can stand in front of a
/// piece on the last rank).
#[test]
fn dead_piece_squares_by_condition() {
    let sfen = "9/9/9/9/k8/9/9/9/9 b NP 1";
    for (words, pawn, knight) in [
        ("", false, false),
        ("madrasi", false, false),
        ("tenjiku", false, false),
        ("annan", true, true),
        ("haimen", true, true),
        ("anhoku", false, true),
        ("taimen", false, true),
    ] {
        let legal = moves(sfen, words, "");
        assert_eq!(legal.contains(&"P*1a".to_string()), pawn, "{words}");
        assert_eq!(legal.contains(&"N*1b".to_string()), knight, "{words}");
    }
    // A position with a pawn already on the last rank is valid under 安南 only.
    let setup = parse_sfen("8P/9/9/9/k8/9/9/9/9 b - 1").unwrap().setup;
    assert!(Position::from_setup(&setup, &rules("annan")).is_ok());
    assert!(Position::from_setup(&setup, &rules("anhoku")).is_err());
    assert!(Position::from_setup(&setup, &RuleSet::ordinary()).is_err());
}

/// 駒詰 (ナイト玉): both kings move as chess knights. White K 55 alone reaches the eight
/// knight squares and no king step.
#[test]
fn komazume_knight_kings() {
    let sfen = "9/9/9/9/4k4/9/9/9/9 w - 1";
    assert_eq!(
        moves(sfen, "komazume:chess-knight", ""),
        sorted(&["5e4c", "5e6c", "5e3d", "5e7d", "5e3f", "5e7f", "5e4g", "5e6g"])
    );
}

/// 駒詰 (ナイト玉), king safety told as under plain attacks with the kings' fixed power
/// (issue 22, `local_safety::plain_attacked`): Black K 55, White K 53. The White king
/// attacks by a knight's leap (41 61 32 72 34 74 45 65), not by a king's step, so the
/// Black king may leap next to it (43, 63) but not onto 34 or 74: 43 63 36 76 47 67.
#[test]
fn komazume_a_knight_king_leaps_next_to_the_other_but_not_into_its_leap() {
    let sfen = "9/9/4k4/9/4K4/9/9/9/9 b - 1";
    assert_eq!(
        moves(sfen, "komazume:chess-knight", ""),
        sorted(&["5e4c", "5e6c", "5e3f", "5e7f", "5e4g", "5e6g"])
    );
}

/// 駒詰 (ナイト玉), the mate test's king moves by the fixed kind's reach
/// (`local_safety::plain_king_step`): White K 11 in check from a Black G on 12, Black S
/// 33, R 29, K 99. The king's leaps are 23 (the rook's file) and 32 (the silver's):
/// mate, though a king's step could take the unguarded gold (as under ordinary rules,
/// where 11x12 is legal).
#[test]
fn komazume_a_knight_king_is_mated_with_a_kings_step_free() {
    let sfen = "8k/8G/6S2/9/9/9/9/9/K6R1 w - 1";
    let knight = rules("komazume:chess-knight");
    assert!(pos(sfen, &knight).is_checkmate(&knight));
    assert!(moves(sfen, "komazume:chess-knight", "").is_empty());
    assert!(!pos(sfen, &RuleSet::ordinary()).is_checkmate(&RuleSet::ordinary()));
}

/// 駒詰 (ナイト玉), checks, drops and a pin told as under plain attacks: White K 51, White
/// R 53 pinning the Black S on 55 against the Black K 59; Black holds G and P. The
/// silver keeps to file 5 (55-54); the checks are the drops G*41 G*61 G*42 G*52 G*62
/// and P*52 (the king's leaps 43 63 32 72 are free: no drop-pawn mate).
#[test]
fn komazume_checks_drops_and_a_pin_as_under_plain_attacks() {
    let sfen = "4k4/9/4r4/9/4S4/9/9/9/4K4 b GP 1";
    assert_eq!(moves(sfen, "komazume:chess-knight", "5e"), sorted(&["5e5d"]));
    assert_eq!(
        checks(sfen, "komazume:chess-knight"),
        sorted(&["G*4a", "G*6a", "G*4b", "G*5b", "G*6b", "P*5b"])
    );
}

/// Conflicts come back in one error listing each.
#[test]
fn conflicting_conditions_are_all_reported() {
    let conditions: Vec<Condition> = ["annan", "tenjiku", "madrasi", "k-madrasi", "circe", "komazume:N"]
        .iter()
        .map(|w| w.parse().unwrap())
        .collect();
    let err = RuleSet::compile(&conditions).unwrap_err();
    assert_eq!(err.problems.len(), 3, "{err}");
    let kiki = RuleSet::compile(&["kiki-nifu-invalid".parse().unwrap()]).unwrap_err();
    assert_eq!(kiki.problems.len(), 1);
    assert!(RuleSet::compile(&["madrasi".parse().unwrap(), "annan".parse().unwrap()]).is_ok());
    // with a capture condition (and 利き二歩無効) and with 打歩詰: fine (rules.md §5); 駒詰
    // with a capture condition: not defined, refused
    let compile = |words: &[&str]| RuleSet::compile(&words.iter().map(|w| w.parse().unwrap()).collect::<Vec<_>>());
    assert!(compile(&["annan", "circe"]).is_ok());
    assert!(compile(&["annan", "madrasi", "pwc", "uchifu"]).is_ok());
    assert!(compile(&["annan", "uchifu"]).is_ok());
    assert!(compile(&["taimen", "kiki-nifu-invalid", "anticirce"]).is_ok());
    let refused = compile(&["komazume:N", "circe"]).unwrap_err().to_string();
    assert!(refused.contains("not defined together"), "{refused}");
}

/// The condition words of every input format reach the solver: the problem of
/// `kiki_nifu_decides_a_help_mate` written as a KIF `ルール：` line, a CSA `$RULE` line,
/// the native `condition:` lines and fm's one-line form, with and without 利き二歩無効.
#[test]
fn condition_words_of_every_format_reach_the_solver() {
    let board = "  ９ ８ ７ ６ ５ ４ ３ ２ １\n+---------------------------+\n\
| ・ ・ ・ ・ ・ ・ ・ ・v玉|一\n| ・ ・ ・ ・ ・ ・ ・ 歩 ・|二\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|三\n\
| ・ ・ ・ ・ ・ ・ ・ 金 ・|四\n| ・ ・ ・ ・ ・ ・ ・ ・ 歩|五\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|六\n\
| ・ ・ ・ ・ ・ ・ ・ ・ ・|七\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|八\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|九\n\
+---------------------------+\n先手の持駒：なし\n";
    let csa_board = "P1 *  *  *  *  *  *  *  * -OU\nP2 *  *  *  *  *  *  * +FU * \nP3 *  *  *  *  *  *  *  *  * \n\
P4 *  *  *  *  *  *  * +KI * \nP5 *  *  *  *  *  *  *  * +FU\nP6 *  *  *  *  *  *  *  *  * \n\
P7 *  *  *  *  *  *  *  *  * \nP8 *  *  *  *  *  *  *  *  * \nP9 *  *  *  *  *  *  *  *  * \nP+\nP-\n+\n";
    let sfen = "8k/7P1/9/7G1/8P/9/9/9/9 b - 1";
    for (phrase, native, expected) in [
        ("安南ばか詰", "condition: annan\n", Some("2d2c")),
        (
            "安南利き二歩無効ばか詰",
            "condition: annan\ncondition: kiki-nifu-invalid\n",
            None,
        ),
    ] {
        let texts = [
            format!("手数：1\nルール：{phrase}\n後手の持駒：なし\n{board}"),
            format!("V2.2\n$RULE:{phrase} 1手\n{csa_board}"),
            format!("yosei-problem 1\nstipulation: help:1\n{native}position: {sfen}\n"),
            format!("{phrase} 22歩24金15歩, 11玉 +0 #1\n"),
        ];
        for text in &texts {
            let loaded = yosei_io::input::read_problems_from_arg(text, &RuleSet::ordinary()).unwrap();
            let problem = &loaded[0];
            assert!(problem.rules.conditions().contains(&Condition::Annan), "{text}");
            let stip = problem.problem.stipulation.unwrap();
            let plan = HelpPlan::new(stip, &problem.position, None).unwrap();
            let out = solve_help(&problem.position, &problem.rules, &plan, &Limits::default(), |_| {});
            let lines: Vec<String> = out
                .solutions
                .iter()
                .map(|l| l.iter().map(|m| m.to_usi()).collect::<Vec<_>>().join(" "))
                .collect();
            match expected {
                Some(line) => assert_eq!(lines, [line], "{text}"),
                None => assert_eq!(out.verdict, Verdict::NoSolution, "{text}"),
            }
        }
    }
}

/// マドラシ with Grasshoppers, who attacks whom: Black Ｇ 59 hops over the White pawn on
/// 52 onto 51, so it attacks the White Ｇ there, which is paralysed; the White Ｇ hops
/// over the same pawn onto 53 and does not attack 59, so the Black one moves freely.
/// White K 91 (on rank 1 beyond the White Ｇ: no landing square past it).
#[test]
fn madrasi_grasshoppers_paralyse_one_way() {
    let black = "k3a4/4p4/9/9/9/9/9/9/4A4 b - 1";
    let white = "k3a4/4p4/9/9/9/9/9/9/4A4 w - 1";
    assert_eq!(moves(black, "madrasi", "5i"), sorted(&["5i5a"]));
    assert_eq!(moves(white, "", "5a"), sorted(&["5a5c"]));
    assert!(moves(white, "madrasi", "5a").is_empty());
}

/// 安南, checks told without playing the move (the general generator's local shortcut
/// reads each piece's lender on the board after the move). White K 51; Black P 43,
/// K 91, a knight in hand. N*44 puts the knight behind the pawn: the pawn jumps like a
/// knight, to 31 and 51, and checks, though the knight itself reaches only 32 and 52.
/// N*63 checks directly; 43-42+ makes a tokin beside the king. No other move checks
/// (42 unpromoted: a pawn's power, nothing behind it).
#[test]
fn annan_drop_behind_a_piece_checks_with_the_lent_power() {
    let sfen = "4k4/9/5P3/9/9/9/9/9/K8 b N 1";
    assert_eq!(checks(sfen, "annan"), sorted(&["4c4b+", "N*4d", "N*6c"]));
    // ordinary rules: the lent power is gone
    assert_eq!(checks(sfen, ""), sorted(&["4c4b+", "N*6c"]));
}

/// 対面, the same for a borrowed enemy power. White K 51, B 32; Black K 91, a gold in
/// hand. G*33 faces the bishop: they swap, the gold moves like a bishop and checks
/// through 42. G*41, G*61, G*42, G*52 and G*62 check with the gold's own power (on 52 it
/// faces the king and has a king's power, which reaches 51 too). No other drop checks.
#[test]
fn taimen_drop_facing_an_enemy_piece_checks_with_its_power() {
    let sfen = "4k4/6b2/9/9/9/9/9/9/K8 b G 1";
    assert_eq!(
        checks(sfen, "taimen"),
        sorted(&["G*3c", "G*4a", "G*4b", "G*5b", "G*6a", "G*6b"])
    );
    assert_eq!(checks(sfen, ""), sorted(&["G*4a", "G*4b", "G*5b", "G*6a", "G*6b"]));
}

/// 対面: a move may lend one of ours' power to the enemy piece it comes to face. Black
/// K 55, N 36; White P 43, K 11. 36-44 puts the knight face to face with the pawn: the
/// pawn moves like a Black knight turned round, a White knight on 43, which reaches 35
/// and 55: Black's own king, so the move is illegal (told without playing it since
/// 2026-11-29, `borrowed_powers_attack_after`). 36-24 faces nothing. The king may not go
/// to 44 either (the pawn would take a king's power there and reach it); every other
/// step is legal. Under ordinary rules both knight moves are.
#[test]
fn taimen_a_move_that_lends_its_power_to_the_enemy_piece_it_faces_may_check_its_own_king() {
    let sfen = "8k/9/5p3/9/4K4/6N2/9/9/9 b - 1";
    assert_eq!(
        moves(sfen, "taimen", ""),
        sorted(&["3f2d", "5e4e", "5e4f", "5e5d", "5e5f", "5e6d", "5e6e", "5e6f"])
    );
    assert_eq!(moves(sfen, "", "3f"), sorted(&["3f2d", "3f4d"]));
}

/// 安南: a dropped piece borrows at once. White K 51; Black B 34, K 91, a gold in hand.
/// G*33 stands in front of the bishop and moves like one: it checks through 42. G*41,
/// G*61, G*42, G*52, G*62 check with the gold's own power; the bishop checks as a horse
/// from 52 or 61 (34-52+, 34-61+). No other move checks.
#[test]
fn annan_drop_in_front_of_a_friendly_piece_checks_with_its_power() {
    let sfen = "4k4/9/9/6B2/9/9/9/9/K8 b G 1";
    let own = ["G*4a", "G*4b", "G*5b", "G*6a", "G*6b", "3d5b+", "3d6a+"];
    let mut with_lent = own.to_vec();
    with_lent.push("G*3c");
    assert_eq!(checks(sfen, "annan"), sorted(&with_lent));
    assert_eq!(checks(sfen, ""), sorted(&own));
}

/// マドラシ: a drop far from the king checks by lifting a paralysis. White K 51, R 25;
/// Black R 55, K 91, a silver in hand. The rooks paralyse each other along rank 5, so
/// the Black rook reaches 51 without checking. S*45 or S*35 cuts the rank: both rooks
/// move again and the Black one checks. S*42, S*52 and S*62 check with the silver's own
/// power. No other move checks (the paralysed rook cannot move).
#[test]
fn madrasi_drop_that_lifts_a_paralysis_checks() {
    let sfen = "4k4/9/9/9/4R2r1/9/9/9/K8 b S 1";
    assert_eq!(
        checks(sfen, "madrasi"),
        sorted(&["S*3e", "S*4b", "S*4e", "S*5b", "S*6b"])
    );
}

/// マドラシ: a move anywhere on a paralyser's line, or taking the paralyser, checks by
/// lifting the paralysis. As above with a Black S on 36 and no hand: the silver taking
/// the White rook on 25, or stepping between on 35 or 45, frees the Black rook, which
/// checks up file 5. The silver's other steps (27, 47) leave the rook paralysed.
#[test]
fn madrasi_taking_or_cutting_off_the_paralyser_checks() {
    let sfen = "4k4/9/9/9/4R2r1/6S2/9/9/K8 b - 1";
    assert_eq!(checks(sfen, "madrasi"), sorted(&["3f2e", "3f3e", "3f4e"]));
}

/// マドラシ, check generation: a piece standing on a line from the enemy king moves
/// anywhere only when one of ours behind it then attacks the king. White K 51; Black G
/// on 53 with the Black R on 59 behind it, and a Black S on 33 with nothing behind it
/// on the diagonal (24, 15 empty). The gold checks by stepping off file 5 (43 63: the
/// rook's check; 42 52 62: its own too), not by 54, where it still blocks the rook; the
/// silver only by its own power (42, promoting or not).
#[test]
fn madrasi_a_piece_uncovers_a_check_only_with_a_line_piece_behind_it() {
    let sfen = "4k4/9/4G1S2/9/9/9/9/9/K3R4 b - 1";
    assert_eq!(
        checks(sfen, "madrasi"),
        sorted(&["5c4b", "5c5b", "5c6b", "5c4c", "5c6c", "3c4b", "3c4b+"])
    );
}

/// マドラシ, check generation with the check squares read off the king's lines
/// (`OrdinaryCheckSquares`): a piece first on a line from the enemy king moves anywhere
/// only when a rider of ours next behind it looks at the king. White K 55; Black G 57
/// with a Black L on 59 below it, whose ride goes up to the king, and a Black S 53
/// with a Black L on 52 above it, whose ride goes away. The gold checks by stepping off
/// file 5 (the lance's check: 47 67 besides its own 46 56 66), not by 58, where it still
/// blocks; the silver only by its own power (44 64 unpromoted).
#[test]
fn madrasi_a_lance_behind_uncovers_a_check_only_riding_toward_the_king() {
    let sfen = "9/4L4/4S4/9/4k4/9/4G4/9/4L3K b - 1";
    assert_eq!(
        checks(sfen, "madrasi"),
        sorted(&["5c4d", "5c6d", "5g4f", "5g4g", "5g5f", "5g6f", "5g6g"])
    );
}

/// マドラシ: a discovered check by a rider whose paralyser the uncovering piece takes.
/// White K 51, R 19; Black B 55, R 59, K 99. The rooks paralyse each other along rank
/// 9, and the bishop stands between the Black rook and the king. 55x19 takes the
/// paralyser and opens file 5: the rook checks. The bishop's other moves off the file
/// leave the rook paralysed; it checks by its own power from 33 and 73 (a horse too).
/// So a piece first on a line from the king, with a paralysed rider behind it, is still
/// asked wherever it goes.
#[test]
fn madrasi_a_discovered_check_by_a_rider_whose_paralyser_the_mover_takes() {
    let sfen = "4k4/9/9/9/4B4/9/9/9/K3R3r b - 1";
    assert_eq!(
        checks(sfen, "madrasi"),
        sorted(&["5e1i", "5e3c", "5e3c+", "5e7c", "5e7c+"])
    );
}

/// マドラシ: the pieces that may check are told kind by kind before any is asked, a
/// board move's kind by its promoted kind's squares too. White K 51; Black P 43, K 99.
/// The pawn checks only by promoting on 42 (a tokin steps to 51 diagonally); unpromoted
/// it attacks 41 alone.
#[test]
fn madrasi_a_pawn_checks_only_by_promoting() {
    let sfen = "4k4/9/5P3/9/9/9/9/9/K8 b - 1";
    assert_eq!(checks(sfen, "madrasi"), sorted(&["4c4b+"]));
}

/// 対面: capturing the enemy piece one of ours faces gives that one its own power back.
/// White K 14, P 53; Black R 54, S 64, K 91. The rook faces the pawn: it has a pawn's
/// power (53 only) and does not check. 64x53 (promoting or not) puts the silver in
/// front of the rook, which gets its own power back and checks along rank 4. No other
/// move checks (the rook itself can only take on 53, off the king's rank).
#[test]
fn taimen_capture_of_a_faced_piece_checks_with_the_freed_power() {
    let sfen = "9/9/4p4/3SR3k/9/9/9/9/K8 b - 1";
    assert_eq!(checks(sfen, "taimen"), sorted(&["6d5c", "6d5c+"]));
}

/// マドラシ, checks told from the board after the move: a piece that lands where an
/// enemy piece of its kind attacks it is paralysed there and does not check. White K
/// 51, B 84; Black B 71. 71-62 reaches the king, but the White bishop sees 62: no
/// check. Promoted on 62 it is a horse, which no horse attacks: check.
#[test]
fn madrasi_a_checker_landing_where_its_kind_attacks_it_gives_no_check() {
    let sfen = "2B1k4/9/9/1b7/9/9/9/9/9 b - 1";
    assert_eq!(checks(sfen, "madrasi"), sorted(&["7a6b+"]));
    assert_eq!(checks(sfen, ""), sorted(&["7a6b", "7a6b+"]));
}

/// マドラシ, king safety told from the board after the move: paralysing the checker
/// answers the check. White K 51 is checked by the Black R on 55 up file 5. The White
/// R on 98 going to 95 or 58 attacks the Black rook, which no longer checks (promoted,
/// the White rook is a dragon and paralyses nothing). Under ordinary rules only the
/// king moves.
#[test]
fn madrasi_paralysing_the_checker_answers_check() {
    let sfen = "4k4/9/9/9/4R4/9/9/r8/9 w - 1";
    assert_eq!(moves(sfen, "madrasi", "9h"), sorted(&["9h5h", "9h9e"]));
    assert!(moves(sfen, "", "9h").is_empty());
}

/// マドラシ, a piece that answers a check by moving out of the checker's line: Black K 59
/// is checked by the White R on 51 down file 5; on rank 1 the rook's first piece is the
/// Black S on 31, with the Black R on 11 behind it. The silver stepping away (22 or 42,
/// promoting or not) uncovers the Black rook, which paralyses the checker. The king's
/// four steps off file 5 stay. Without the rook on 11 only the king moves.
#[test]
fn madrasi_uncovering_a_paralyser_answers_check() {
    let sfen = "k3r1S1R/9/9/9/9/9/9/9/4K4 b - 1";
    assert_eq!(
        moves(sfen, "madrasi", "3a"),
        sorted(&["3a2b", "3a2b+", "3a4b", "3a4b+"])
    );
    assert!(moves("k3r1S2/9/9/9/9/9/9/9/4K4 b - 1", "madrasi", "3a").is_empty());
}

/// マドラシ, the same with the piece on the checker's line promoting to the checker's
/// kind behind itself: Black K 15 is checked by the White horse on 51 along 42 33 24; on
/// its other diagonal the first piece is the Black B on 62. The bishop going back along
/// that diagonal (73, 84, 95) and promoting becomes a horse that attacks the checker
/// over the square it left; unpromoted it answers nothing, and it may also take the
/// checker (promoting or not).
#[test]
fn madrasi_promoting_to_the_checkers_kind_behind_oneself_answers_check() {
    let sfen = "k3+b4/3B5/9/9/8K/9/9/9/9 b - 1";
    assert_eq!(
        moves(sfen, "madrasi", "6b"),
        sorted(&["6b5a", "6b5a+", "6b7c+", "6b8d+", "6b9e+"])
    );
}

/// マドラシ, evasions in check are not only near the checker: a rook dropped anywhere
/// it attacks the checking rook paralyses it. White K 51 is checked by the Black R on
/// 55; White holds a rook. R* on rank 5 (15 25 35 45 65 75 85 95) and on file 5 below
/// the rook (56 57 58 59) paralyse it; R*52 R*53 R*54 interpose and paralyse. Under
/// ordinary rules only the three interpositions answer the check.
#[test]
fn madrasi_a_drop_far_from_the_checker_paralyses_it() {
    let sfen = "4k4/9/9/9/4R4/9/9/9/8K w r 1";
    let far = ["1e", "2e", "3e", "4e", "6e", "7e", "8e", "9e", "5f", "5g", "5h", "5i"];
    let near = ["5b", "5c", "5d"];
    let drops = |squares: &[&str]| squares.iter().map(|sq| format!("R*{sq}")).collect::<Vec<_>>();
    let mut expected = drops(&far);
    expected.extend(drops(&near));
    expected.sort();
    assert_eq!(moves(sfen, "madrasi", "R*"), expected);
    assert_eq!(moves(sfen, "", "R*"), drops(&near));
}

/// マドラシ: a piece that moves off a line lets a rook behind it paralyse the checker.
/// White K 51 is checked by the Black R on 55; on rank 5 a White S on 75 stands
/// between the White R on 95 and the Black rook. Every silver move (64 84 back, 66 76
/// 86 forward) leaves rank 5, the White rook then attacks the Black one and the check
/// is gone. Under ordinary rules the silver cannot answer.
#[test]
fn madrasi_a_move_that_opens_a_paralysing_line_answers_check() {
    let sfen = "4k4/9/9/9/r1s1R4/9/9/9/8K w - 1";
    assert_eq!(
        moves(sfen, "madrasi", "7e"),
        sorted(&["7e6d", "7e6f", "7e7f", "7e8d", "7e8f"])
    );
    assert!(moves(sfen, "", "7e").is_empty());
}

/// 背面, check generation (a piece first on a line from the enemy king moves anywhere
/// only when the piece of ours behind it then checks with its power now): moving away
/// along the line may still check through the square it empties. White K 51, S 74;
/// Black B 73, K 99. The bishop and the silver stand back to back: the bishop has a
/// silver's power, the silver a bishop's. 73-84 (promoting or not) steps back along the
/// diagonal like a silver; there, with nothing behind it, the bishop has its own power
/// and checks through 73, a square its kind's check squares, read with 73 filled, leave
/// out. 73-62 (or 62+) checks next to the king; 72, 82 and 64 check nothing.
#[test]
fn haimen_a_piece_moving_away_along_the_kings_line_checks_through_the_square_it_leaves() {
    let sfen = "4k4/9/2B6/2s6/9/9/9/9/K8 b - 1";
    assert_eq!(checks(sfen, "haimen"), sorted(&["7c6b", "7c6b+", "7c8d", "7c8d+"]));
}

/// 背面: taking the enemy piece that lends to the one of ours behind a piece on the
/// king's line gives that one its own power back and opens the line at once. White K
/// 51, P 22; Black S 31, R 21, K 99. The rook and the pawn stand back to back: the rook
/// has a pawn's power (nothing on rank 0), the pawn a rook's. 31x22 (promoting or not)
/// takes the pawn: the rook, its own again, checks along rank 1 through 31. 31-42 (or
/// 42+) checks with the silver's own power; nothing else checks.
#[test]
fn haimen_taking_the_lender_behind_a_line_piece_frees_a_check_through_its_square() {
    let sfen = "4k1SR1/7p1/9/9/9/9/9/9/K8 b - 1";
    assert_eq!(checks(sfen, "haimen"), sorted(&["3a2b", "3a2b+", "3a4b", "3a4b+"]));
}

/// 背面: a piece first on the king's line uncovers a check with the power the piece
/// behind it borrows now. White K 51, R 22; Black G 31, S 21, K 99. The silver and the
/// rook stand back to back: the silver has a rook's power. 31-32 opens rank 1 to it:
/// check, though the gold itself reaches nothing near the king; 31-41 checks with the
/// gold's own power as well. The silver's moves (11, 22) leave the gold in between.
#[test]
fn haimen_a_line_piece_uncovers_a_check_by_the_power_lent_behind_it() {
    let sfen = "4k1GS1/7r1/9/9/9/9/9/9/K8 b - 1";
    assert_eq!(checks(sfen, "haimen"), sorted(&["3a3b", "3a4a"]));
    // ordinary rules: the silver behind checks nothing
    assert_eq!(checks(sfen, ""), sorted(&["3a4a"]));
}

/// 背面: capturing the enemy piece one of ours stands back to back with gives that one
/// its own power back (the capturer off the king's lines). White K 14, P 55; Black R
/// 54, S 66, K 99. The rook has the pawn's power (53 only); 66x55 frees it, and it
/// checks along rank 4. Nothing else checks.
#[test]
fn haimen_capture_of_the_piece_behind_frees_a_check() {
    let sfen = "9/9/9/4R3k/4p4/3S5/9/9/K8 b - 1";
    assert_eq!(checks(sfen, "haimen"), sorted(&["6f5e"]));
}

/// 背面 with Andernach: a capturer turned over may lend its own kind to the piece behind
/// it, so a piece first on the king's line is not told by the lent powers before the
/// move (`facing_lines_told` needs no turn). White K 51, S 32, P 22; Black +R 31, S 21,
/// K 99. The dragon has the silver's power (back to back with 32), the silver on 21 the
/// pawn's. 31x22 turns the dragon White on 22, back to back with the silver on 21,
/// which borrows the dragon's power and checks along rank 1 through 31.
#[test]
fn haimen_with_andernach_a_turned_capturer_lends_a_check_through_the_line_it_opens() {
    let sfen = "4k1+RS1/6sp1/9/9/9/9/9/9/K8 b - 1";
    let checks = checks(sfen, "haimen+andernach");
    assert!(checks.contains(&"3a2b".to_string()), "{checks:?}");
}

/// 対面 with マドラシ: a piece first on a line from the enemy king may also check by
/// lifting a paralysis far from that line (not by the line alone, `facing_lines_told`,
/// which needs plain checks; the squares where a move may revive a piece of ours are
/// tried too, `reviving_squares`). White K 51, B 68; Black N 58, B 24, K
/// 99. The Black bishop reaches the king through 33 and 42 but is paralysed by the White
/// bishop (57, 46 and 35 empty); the knight, first on file 5 from the king, checks by
/// leaping to 46, between the two bishops, not by leaping to 66.
#[test]
fn taimen_with_madrasi_a_line_piece_lifting_a_paralysis_checks() {
    let sfen = "4k4/9/9/7B1/9/9/9/3bN4/K8 b - 1";
    assert_eq!(checks(sfen, "taimen+madrasi"), sorted(&["5h4f"]));
}
