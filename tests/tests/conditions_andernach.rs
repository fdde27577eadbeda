//! Andernach and Anti-Andernach (docs/rules/andernach.md, fm's ANDERNACH and
//! ANTIANDERNACH) on positions made for one point each: who changes colour, when fm's
//! test keeps the colour, checks judged after the change, the refused combinations.
//!
//! Squares in comments are file-rank (`53` = USI `5c`); Black moves up the board.

use yosei_core::{Color, Piece, PieceKind, Square};
use yosei_io::sfen::parse_sfen;
use yosei_rules::{Condition, Position, RuleSet, Stipulation};
use yosei_tests::support::sorted;

use Condition::{Andernach, AntiAndernach};

fn rules(conditions: &[Condition]) -> RuleSet {
    RuleSet::compile(conditions).unwrap()
}

fn pos(sfen: &str, rules: &RuleSet) -> Position {
    Position::from_setup(&parse_sfen(sfen).unwrap().setup, rules).unwrap()
}

/// The legal moves from `from` (USI square), sorted, in USI.
fn moves_from(sfen: &str, conditions: &[Condition], from: &str) -> Vec<String> {
    let rules = rules(conditions);
    let mut v: Vec<String> = pos(sfen, &rules)
        .legal_moves(&rules)
        .iter()
        .filter(|m| m.from().is_some_and(|f| f.to_usi() == from))
        .map(|m| m.to_usi())
        .collect();
    v.sort();
    v
}

/// The legal moves from 55 to 53 (USI `5e5c`, promoting or not), sorted, in USI.
fn moves_55_to_53(sfen: &str, conditions: &[Condition]) -> Vec<String> {
    moves_from(sfen, conditions, "5e")
        .into_iter()
        .filter(|m| m.starts_with("5e5c"))
        .collect()
}

/// The piece on `sq` after `usi` is played from `sfen`.
fn after(sfen: &str, conditions: &[Condition], usi: &str, sq: &str) -> (Position, Option<Piece>) {
    let rules = rules(conditions);
    let p = pos(sfen, &rules);
    let m = p
        .find_legal(yosei_io::sfen::parse_usi_move(usi).unwrap(), &rules)
        .unwrap_or_else(|| panic!("{usi} is not legal"));
    let next = p.play(m);
    let b = sq.as_bytes();
    let square = Square::new(i32::from(b[0] - b'0'), i32::from(b[1] - b'a') + 1).unwrap();
    let piece = next.piece_at(square);
    (next, piece)
}

fn white(kind: PieceKind) -> Option<Piece> {
    Some(Piece::new(kind, Color::White))
}

fn black(kind: PieceKind) -> Option<Piece> {
    Some(Piece::new(kind, Color::Black))
}

/// Black rook 55 takes the White silver on 53: it stands there as a White rook (a
/// dragon when it promotes), and the silver is in Black's hand all the same.
#[test]
fn andernach_capturing_rook_becomes_white_and_keeps_its_promotion() {
    let sfen = "8k/9/4s4/9/4R4/9/9/9/K8 b - 1";
    let (next, piece) = after(sfen, &[Andernach], "5e5c", "5c");
    assert_eq!(piece, white(PieceKind::Rook));
    assert_eq!(next.hand(Color::Black).count(PieceKind::Silver), 1);
    assert_eq!(after(sfen, &[Andernach], "5e5c+", "5c").1, white(PieceKind::Dragon));
    // a move without capture changes nothing
    assert_eq!(after(sfen, &[Andernach], "5e5d", "5d").1, black(PieceKind::Rook));
}

/// Black king 99 takes the White pawn on 98: a king never changes colour.
#[test]
fn andernach_king_never_changes_colour() {
    let sfen = "8k/9/9/9/9/9/9/p8/K8 b - 1";
    assert_eq!(after(sfen, &[Andernach], "9i9h", "9h").1, black(PieceKind::King));
}

/// Black rook 55 takes the silver on 53 with its own king on 59: as a White rook (or
/// dragon) on 53 it would attack that king, so the capture is illegal — check is judged
/// after the change of colour. Under ordinary rules both captures are legal.
#[test]
fn andernach_capture_whose_turned_piece_checks_its_old_king_is_illegal() {
    let sfen = "8k/9/4s4/9/4R4/9/9/9/4K4 b - 1";
    let takes = |c: &[Condition]| moves_55_to_53(sfen, c);
    assert_eq!(takes(&[Andernach]), Vec::<String>::new());
    assert_eq!(takes(&[]), ["5e5c", "5e5c+"]);
}

/// The moves giving check, sorted, in USI: as the check generation finds them, and
/// checked against the legal moves after which the opponent stands in check.
fn checks(sfen: &str, conditions: &[Condition]) -> Vec<String> {
    let rules = rules(conditions);
    let p = pos(sfen, &rules);
    let generated = sorted(p.legal_checks(&rules).as_slice().to_vec());
    let legal = p.legal_moves(&rules);
    let giving = legal.iter().copied().filter(|&m| p.play(m).in_check(&rules));
    assert_eq!(generated, sorted(giving.collect()), "{sfen}");
    let mut usi: Vec<String> = generated.iter().map(|m| m.to_usi()).collect();
    usi.sort();
    usi
}

/// Madrasi: the same capture as above with a Black rook on 13 that attacks 53 along
/// the rank. The turned White rook is paralysed there at once and does not check its
/// old king, so the capture is legal; the dragon is not (no Black dragon paralyses
/// it). Told without playing the move (local_safety, the turned piece's paralysis
/// read on the board after the turn).
#[test]
fn andernach_capture_whose_turned_piece_is_paralysed_at_once_is_legal_under_madrasi() {
    let sfen = "k8/9/4s3R/9/4R4/9/9/9/4K4 b - 1";
    let takes = |c: &[Condition]| moves_55_to_53(sfen, c);
    assert_eq!(takes(&[Andernach, Condition::Madrasi]), ["5e5c"]);
    assert_eq!(takes(&[Andernach]), Vec::<String>::new());
}

/// White king 51, Black rook 59 behind the Black silver 55, gold 63. Taking the pawn on
/// 44, the silver turns White there and the rook checks by discovery; taking the pawn
/// on 62, the gold turns White and gives no check (as a Black gold it would). Checks
/// judged on the board after the turn.
#[test]
fn andernach_capture_checks_by_discovery_but_not_with_the_turned_piece() {
    let sfen = "4k4/3p5/3G5/5p3/4S4/9/9/9/K3R4 b - 1";
    let with_turns = checks(sfen, &[Andernach]);
    assert!(with_turns.contains(&"5e4d".to_string()), "{with_turns:?}");
    assert!(!with_turns.contains(&"6c6b".to_string()), "{with_turns:?}");
    assert!(checks(sfen, &[]).contains(&"6c6b".to_string()));
}

/// Anti-Andernach under 対面: the Black rook 35 steps to 55 and turns White; the Black
/// pawn 56, facing it, borrows its power and checks the White king on 59 down the file.
/// The move gives check though its piece is now White's: the check generation looks
/// for such moves (local_safety's check squares).
#[test]
fn anti_andernach_turned_rook_lends_its_power_to_the_pawn_facing_it_under_taimen() {
    let sfen = "K8/9/9/9/6R2/4P4/9/9/4k4 b - 1";
    let found = checks(sfen, &[AntiAndernach, Condition::Taimen]);
    assert!(found.contains(&"3e5e".to_string()), "{found:?}");
}

/// Black pawn 55 takes the White silver on 54 and becomes a White pawn there; taking a
/// White pawn instead, it stays Black: fm asks whether White would then have two pawns
/// on the file with the board before the move, so the pawn being captured counts.
#[test]
fn andernach_pawn_turns_unless_white_has_a_pawn_on_the_file_captured_one_included() {
    let takes_silver = "8k/9/9/4s4/4P4/9/9/9/K8 b - 1";
    assert_eq!(
        after(takes_silver, &[Andernach], "5e5d", "5d").1,
        white(PieceKind::Pawn)
    );
    let takes_pawn = "8k/9/9/4p4/4P4/9/9/9/K8 b - 1";
    assert_eq!(after(takes_pawn, &[Andernach], "5e5d", "5d").1, black(PieceKind::Pawn));
    // a White pawn elsewhere on file 5 keeps the capturer Black too
    let pawn_on_file = "4p3k/9/9/4s4/4P4/9/9/9/K8 b - 1";
    assert_eq!(
        after(pawn_on_file, &[Andernach], "5e5d", "5d").1,
        black(PieceKind::Pawn)
    );
}

/// White's pawn 42 takes the knight dropped on 43, Black having a pawn on file 4 (47):
/// it cannot turn Black, so it stays White — and it is White's only answer to the
/// check, so 43桂打 is no mate. fm agrees (`ANDERNACHばか詰 47歩 +桂, 41金42歩51玉52歩
/// 61銀62歩 +0 #1`: 不詰): its mate test judges the unturned pawn by White's own rules.
#[test]
fn andernach_white_pawn_that_cannot_turn_stays_white_and_escapes() {
    let sfen = "3skg3/3ppp3/9/9/9/9/5P3/9/9 b N 1";
    let (checked, _) = after(sfen, &[Andernach], "N*4c", "4c");
    let rules = rules(&[Andernach]);
    let replies: Vec<String> = checked.legal_moves(&rules).iter().map(|m| m.to_usi()).collect();
    assert_eq!(replies, ["4b4c"]);
    let m = checked.legal_moves(&rules).as_slice()[0];
    assert_eq!(checked.play(m).piece_at(m.to()), white(PieceKind::Pawn));
    assert_eq!(help1(sfen, &[Andernach]), Vec::<String>::new());
}

/// Black pawn 52 takes the White gold on 51 without promoting: as a White pawn on 51 it
/// is not dead (White's pawns move towards rank 9), so fm allows it; under ordinary
/// rules only the promotion is legal.
#[test]
fn andernach_pawn_taking_on_the_last_rank_need_not_promote() {
    let sfen = "4g3k/4P4/9/9/9/9/9/9/K8 b - 1";
    assert_eq!(moves_from(sfen, &[Andernach], "5b"), ["5b5a", "5b5a+"]);
    assert_eq!(moves_from(sfen, &[], "5b"), ["5b5a+"]);
    assert_eq!(after(sfen, &[Andernach], "5b5a", "5a").1, white(PieceKind::Pawn));
    assert_eq!(after(sfen, &[Andernach], "5b5a+", "5a").1, white(PieceKind::ProPawn));
}

/// fm's one disagreement (docs/rules/andernach.md): the Black pawn 62 stepping to 61
/// without capturing may only promote — nothing changes colour, and an unpromoted pawn
/// there is dead (rules.md §3.2). fm also allows `6261` unpromoted, as under
/// アンチキルケ; yosei does not.
#[test]
fn andernach_non_capturing_pawn_to_the_last_rank_must_promote() {
    let sfen = "2B2p3/2RPk4/2R1s1p2/3p1s3/9/9/9/9/9 b - 1";
    assert_eq!(moves_from(sfen, &[Andernach], "6b"), ["6b6a+"]);
}

/// Anti-Andernach: the Black gold 55 moving to 54 becomes White's; taking the White
/// pawn on 45 it stays Black; a drop never changes colour, nor does the king.
#[test]
fn anti_andernach_turns_the_piece_that_moves_without_capturing() {
    let sfen = "8k/9/9/9/4Gp3/9/9/9/K8 b G 1";
    assert_eq!(after(sfen, &[AntiAndernach], "5e5d", "5d").1, white(PieceKind::Gold));
    assert_eq!(after(sfen, &[AntiAndernach], "5e4e", "4e").1, black(PieceKind::Gold));
    assert_eq!(after(sfen, &[AntiAndernach], "G*1e", "1e").1, black(PieceKind::Gold));
    assert_eq!(after(sfen, &[AntiAndernach], "9i9h", "9h").1, black(PieceKind::King));
}

/// Anti-Andernach: the Black pawn 55 steps to 54 and stays Black, White having a pawn
/// on file 5 (51); without it the pawn becomes White's.
#[test]
fn anti_andernach_pawn_stays_when_white_has_a_pawn_on_the_file() {
    let with_pawn = "4p3k/9/9/9/4P4/9/9/9/K8 b - 1";
    assert_eq!(
        after(with_pawn, &[AntiAndernach], "5e5d", "5d").1,
        black(PieceKind::Pawn)
    );
    let without = "8k/9/9/9/4P4/9/9/9/K8 b - 1";
    assert_eq!(after(without, &[AntiAndernach], "5e5d", "5d").1, white(PieceKind::Pawn));
}

/// Every solution of `help:3`, in USI, sorted.
fn help3(sfen: &str, conditions: &[Condition]) -> Vec<String> {
    help(sfen, conditions, 3)
}

/// Every solution of `help:1`, in USI, sorted.
fn help1(sfen: &str, conditions: &[Condition]) -> Vec<String> {
    help(sfen, conditions, 1)
}

fn help(sfen: &str, conditions: &[Condition], length: u32) -> Vec<String> {
    let rules = rules(conditions);
    yosei_tests::support::help_lines(&pos(sfen, &rules), &rules, Stipulation::Help { length: Some(length) })
}

/// Andernachばか詰 3手 (fm: `72歩成<73 同飛転<42 62飛成<72`, `… 62銀成<71`): White
/// king 61, Black silver 71 and pawn 73. 72歩成 checks; White's rook takes it from 42
/// and lands as a *Black* rook on 72, which then mates from 62 as a dragon — or the
/// silver mates on 62. Under ordinary rules no solution.
#[test]
fn andernach_help_mate_by_a_rook_white_just_turned_black() {
    let sfen = "2Skl4/1+r3r3/2P1l+p3/9/9/9/9/9/9 b L 1";
    assert_eq!(help3(sfen, &[Andernach]), ["7c7b+ 4b7b 7a6b+", "7c7b+ 4b7b 7b6b+"]);
    assert_eq!(help3(sfen, &[]), Vec::<String>::new());
}

/// Anti-Andernachばか詰 3手 (fm: `23角打 21玉<32 14角生<23`, `… 14角成<23`): the
/// bishop dropped on 23 checks, the king steps to 21, and the bishop takes the gold on
/// 14, uncovering the rook on 24 along file 2 — mate, promoted or not, since a capture
/// keeps its colour under Anti-Andernach. Under Andernach the same capture makes the
/// bishop White's, and it could interpose on 23; the mate there is 12香成 instead.
/// Ordinary rules: none.
#[test]
fn anti_andernach_help_mate_by_a_capture_that_keeps_its_colour() {
    let sfen = "4G1s1g/5pk2/5P2L/7Rg/9/9/9/9/9 b B 1";
    assert_eq!(help3(sfen, &[AntiAndernach]), ["B*2c 3b2a 2c1d", "B*2c 3b2a 2c1d+"]);
    assert_eq!(help3(sfen, &[Andernach]), ["B*2c 3b2a 1c1b+"]);
    assert_eq!(help3(sfen, &[]), Vec::<String>::new());
}

/// The moves are written without any mark (fm writes none either), and read back.
#[test]
fn andernach_moves_are_written_plainly_and_read_back() {
    let sfen = "8k/9/4s4/9/4R4/9/9/9/K8 b - 1";
    let moves = moves_from(sfen, &[Andernach], "5e");
    assert!(moves.contains(&"5e5c".to_string()), "{moves:?}");
    assert!(moves.iter().all(|m| !m.contains('/')), "{moves:?}");
}

/// fm makes Andernach and Anti-Andernach exclusive with each other and with the Circe
/// family; with the power rules (the ネコ鮮 pair among them), 利き二歩無効, Madrasi, 打歩詰,
/// 打歩可, skci, 成禁, 絶対成禁 and 攻方取禁 they combine (compared with fm or, where fm
/// lacks the rule, the reference), and so with 強欲, 禁欲, 取禁, Koko and Isardam (types A
/// and B, docs/rules/isardam.md).
#[test]
fn andernach_combinations_are_refused_or_accepted_as_compared() {
    for other in [Condition::Circe, Condition::AntiCirce, Condition::Pwc, AntiAndernach] {
        let e = RuleSet::compile(&[Andernach, other]).unwrap_err().to_string();
        assert!(e.contains("fm treats"), "{other}: {e}");
    }
    for others in [
        &[Condition::Annan][..],
        &[Condition::Anhoku],
        &[Condition::Taimen],
        &[Condition::Haimen],
        &[Condition::Tenjiku],
        &[Condition::Madrasi],
        &[Condition::KMadrasi],
        &[Condition::Uchifu],
        &[Condition::Annan, Condition::Madrasi, Condition::Uchifu],
        &[Condition::UchifuAllowed],
        &[Condition::SelfCheckCaptureInvalid],
        &[Condition::NoPromotion],
        &[Condition::NoPromotionAbsolute],
        &[Condition::AttackerNoCapture],
        &[Condition::Annan, Condition::KikiNifuInvalid],
        &[Condition::NekoSen],
        &[Condition::NekoNekoSen, Condition::KikiNifuInvalid],
        &[Condition::Greedy],
        &[Condition::Ascetic],
        &[Condition::NoCapture],
        &[Condition::Koko, Condition::Greedy],
        &[Condition::Isardam],
        &[Condition::IsardamB, Condition::Uchifu],
    ] {
        for turn in [Andernach, AntiAndernach] {
            let mut set = vec![turn];
            set.extend_from_slice(others);
            assert!(RuleSet::compile(&set).is_ok(), "{set:?}");
        }
    }
}

/// 安南, 利き二歩無効 and Andernach, ばか詰 1手 (fm: `29銀打`): White king 19 with its lance
/// on 18 (under 安南 the king moves as a White lance: nowhere). S*29 lends the Black
/// pawn on 28 a silver's power, reaching 19, on file 1 where Black has its pawn on 14.
/// That capture would turn the pawn White (White has no pawn on file 1, and under 安南 no
/// square is dead), so it is no second Black pawn and 利き二歩無効 does not void it: check,
/// and mate. fm judges the capture by playing it (its trial move, which turns the pawn).
/// Without Andernach, or with a White pawn on file 1 (the pawn would stay Black), the
/// capture is void and there is no mate. Under Anti-Andernach a capture never turns,
/// so it is void too (fm finds `29銀打` there as well, by its slip that skips the
/// mover's two-pawn test for a move that keeps its colour: docs/rules/andernach.md).
#[test]
fn andernach_kiki_nifu_a_pawn_that_would_turn_on_the_king_still_checks() {
    let sfen = "9/9/9/8P/9/9/9/7Pl/8k b S 1";
    let kiki = [Condition::Annan, Condition::KikiNifuInvalid];
    assert_eq!(help1(sfen, &[&[Andernach][..], &kiki].concat()), ["S*2i"]);
    assert_eq!(help1(sfen, &kiki), Vec::<String>::new());
    assert_eq!(
        help1(sfen, &[&[AntiAndernach][..], &kiki].concat()),
        Vec::<String>::new()
    );
    let white_pawn_on_file_1 = "8p/9/9/8P/9/9/9/7Pl/8k b S 1";
    assert_eq!(
        help1(white_pawn_on_file_1, &[&[Andernach][..], &kiki].concat()),
        Vec::<String>::new()
    );
}

/// ネコ鮮 with Andernach, ばか詰 3手 (fm: `22龍<33 同桂転<13 23銀打`, `22銀打 同桂転<13
/// 23龍<33`): White's line on file 1 (king 11, lance 12, knight 13) moves reversed, so
/// the knight on 13 has the king's power. It takes what comes to 22 and turns Black
/// there; the Black knight on 22 and a Black silver on 23 then form a line of two, and
/// the knight moves as a silver onto the king, which has only the lance's power left.
/// Under ネコ鮮 alone: no solution.
#[test]
fn andernach_nekosen_help_mate_by_a_line_the_turned_knight_joins() {
    let sfen = "8k/8l/6+R1n/5G2P/9/9/9/9/9 b S 1";
    assert_eq!(
        help3(sfen, &[Andernach, Condition::NekoSen]),
        ["3c2b 1c2b S*2c", "S*2b 1c2b 3c2c"]
    );
    assert_eq!(help3(sfen, &[Condition::NekoSen]), Vec::<String>::new());
}

/// ネコネコ鮮 with Anti-Andernach, ばか詰 3手 (fm: `13歩打 44桂転<14 14金打`, its only
/// solution): P*13 makes the line 13–16 (pawn, White knight, White rook, dragon), so the
/// pawn moves as a dragon and checks the king on 23; the White knight on 14 moves as a
/// rook to 44 and, not capturing, turns Black; G*14 remakes the line. Under ネコネコ鮮
/// alone nine solutions, this one not among them.
#[test]
fn anti_andernach_nekonekosen_help_mate_after_a_knight_moving_as_a_rook_turns() {
    let sfen = "4B4/9/7k1/8n/8r/3p4+R/3s5/9/9 b GP 1";
    assert_eq!(
        help3(sfen, &[AntiAndernach, Condition::NekoNekoSen]),
        ["P*1c 1d4d G*1d"]
    );
    assert!(!help3(sfen, &[Condition::NekoNekoSen]).contains(&"P*1c 1d4d G*1d".to_string()));
}

/// 強欲 and 禁欲 with Andernach, ばか詰 3手 (fm, 強欲: `33龍<44 同金転<42 42金<52`; 禁欲:
/// `33龍<44 32金<42 42金<52`): the dragon's check from 33 can be answered by the gold
/// on 42 taking it (turning Black there) or stepping to 32; either way 42金 mates.
/// Andernach alone has both lines; 強欲 makes White take, 禁欲 forbids the capture while
/// another move is left. (強欲 alone: `4d4b`, a capture that under Andernach would turn
/// the dragon White.)
#[test]
fn andernach_greedy_takes_and_ascetic_steps_aside_before_the_same_mate() {
    let sfen = "6kg1/4Gg3/9/5+R3/9/9/1r7/9/9 b - 1";
    assert_eq!(help3(sfen, &[Andernach]), ["4d3c 4b3b 5b4b", "4d3c 4b3c 5b4b"]);
    assert_eq!(help3(sfen, &[Andernach, Condition::Greedy]), ["4d3c 4b3c 5b4b"]);
    assert_eq!(help3(sfen, &[Andernach, Condition::Ascetic]), ["4d3c 4b3b 5b4b"]);
    assert_eq!(help1(sfen, &[Condition::Greedy]), ["4d4b"]);
}

/// 取禁 with Anti-Andernach, ばか詰 3手 (fm: `23角打 32歩転<31 31歩成転<32`): B*23 checks
/// the king on 41 along 32; White's pawn interposes on 32 and, not capturing, turns
/// Black; that pawn steps back to 31 promoting and turns White again, uncovering the
/// bishop: mate without a capture, so 取禁 leaves it (and the same under Anti-Andernach
/// alone). 取禁 alone: no solution.
#[test]
fn anti_andernach_no_capture_help_mate_by_one_pawn_turning_twice() {
    let sfen = "4gkp2/5g3/3+S5/8G/9/9/l8/9/9 b BN 1";
    assert_eq!(help3(sfen, &[AntiAndernach, Condition::NoCapture]), ["B*2c 3a3b 3b3a+"]);
    assert_eq!(help3(sfen, &[AntiAndernach]), ["B*2c 3a3b 3b3a+"]);
    assert_eq!(help3(sfen, &[Condition::NoCapture]), Vec::<String>::new());
}

/// Koko and 成禁 with Andernach: White king 11 with its gold on 21, a Black pawn on 12.
/// Under Koko a piece reaching the king checks only if some form of the capture fm's
/// trial move tries is legal and leaves it a neighbour (the gold): promoting is banned
/// (成禁) and an unpromoted pawn on 11 is dead, so no check, and the position (Black to
/// move) stands. Under Andernach the capture would turn the pawn White, and a White pawn
/// on 11 is not dead: the capture stands, White is in check with Black to move, and the
/// position is refused, as fm refuses it (`ANDERNACHKOKO成禁`: "先手番で既に後手玉に王手").
/// Under Anti-Andernach the capture keeps its colour: no check (fm refuses this one too,
/// by its slip that skips the mover's test for a move keeping its colour).
#[test]
fn andernach_koko_a_pawn_that_would_turn_on_the_king_checks() {
    let sfen = "7gk/8P/9/9/9/9/9/9/9 b G 1";
    let setup = parse_sfen(sfen).unwrap().setup;
    let base = [Condition::Koko, Condition::NoPromotion];
    let valid = |turn: Option<Condition>| {
        let conditions: Vec<Condition> = turn.into_iter().chain(base).collect();
        Position::from_setup(&setup, &rules(&conditions)).is_ok()
    };
    assert!(valid(None));
    assert!(!valid(Some(Andernach)));
    assert!(valid(Some(AntiAndernach)));
}

/// 安南 with Andernach: the Black pawn on 48 moves with the power of the silver behind it
/// (49) and takes the White gold on 59 backwards. Standing for White on the last rank
/// would make a White pawn dead under ordinary rules, but under 安南 no piece is dead
/// (fm's `correct_for_rule` clears every dead square), so fm's test lets it change
/// colour: a White pawn on 59.
#[test]
fn andernach_under_annan_turns_a_pawn_onto_its_new_owners_last_rank() {
    let sfen = "4k4/9/9/9/K8/9/9/5P3/4gS3 b - 1";
    let (_, piece) = after(sfen, &[Andernach, Condition::Annan], "4h5i", "5i");
    assert_eq!(piece, white(PieceKind::Pawn));
}

/// 安北 with Andernach: the Black pawn on 73 moves with the power of the Lion in front of
/// it (72), a Lion's two-step that takes the White lance on 82 and ends on 71. It
/// changes colour there (a White pawn on 71 is not dead), so the Black pawn's own
/// dead-piece rule, which would forbid 71 without promotion, no longer concerns it.
#[test]
fn andernach_pawn_with_a_borrowed_lion_power_turns_after_its_two_step() {
    let sfen = "8k/1lI6/2P6/9/9/9/9/9/K8 b - 1";
    let moves = moves_from(sfen, &[Andernach, Condition::Anhoku], "7c");
    assert!(moves.contains(&"7c8b7a".to_string()), "{moves:?}");
    let (_, piece) = after(sfen, &[Andernach, Condition::Anhoku], "7c8b7a", "7a");
    assert_eq!(piece, white(PieceKind::Pawn));
}

/// The command-line names of cli.md, the katakana names and fm's keywords.
#[test]
fn andernach_names_parse() {
    assert_eq!("andernach".parse::<Condition>(), Ok(Andernach));
    assert_eq!("anti-andernach".parse::<Condition>(), Ok(AntiAndernach));
    assert_eq!("アンデルナッハ".parse::<Condition>(), Ok(Andernach));
    let p = yosei_io::rule_words::parse_rule_phrase("!AAばか詰").unwrap();
    assert_eq!(p.conditions, vec![AntiAndernach]);
}
