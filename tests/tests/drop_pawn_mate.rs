//! Drop-pawn mate (打ち歩詰め) by seed 002's definition (rules.md §4): positions built
//! for the sentences of the seed, compared with the slow reference generator too.

use yosei_io::sfen::parse_sfen;
use yosei_rules::{Position, RuleSet, UchifuzumeReading};
use yosei_tests::reference;
use yosei_tests::support::legal_usi;

fn rules(reading: UchifuzumeReading) -> RuleSet {
    let mut rules = RuleSet::ordinary();
    rules.uchifuzume = reading;
    rules
}

/// The pawn drops of `sfen` legal under `reading`, checked against the reference.
fn pawn_drops(sfen: &str, reading: UchifuzumeReading) -> Vec<String> {
    let setup = parse_sfen(sfen).unwrap().setup;
    let rules = rules(reading);
    let pos = Position::from_setup(&setup, &rules).unwrap();
    let fast = legal_usi(&pos, &rules, "P*");
    let mut slow: Vec<String> = reference::legal_moves(&setup, reading == UchifuzumeReading::Any)
        .into_iter()
        .map(|m| m.to_usi())
        .filter(|m| m.starts_with("P*"))
        .collect();
    slow.sort();
    assert_eq!(fast, slow, "{sfen} {reading}");
    fast
}

/// Seed 002: 「打ち歩詰めというのは、歩を打って詰みになった状態のことであって、歩を打つ場所は
/// 必ずしも相手の玉頭とは限りません」 (drop-pawn mate is the state of being mated by a pawn
/// drop; the pawn need not be dropped on the king's head), with its definition of mate
/// (every successor forbidden), which needs no check: the `any` reading.
///
/// White K 11, alone, with 21 as its only flight (the knight on 24 covers 12, the gold
/// on 33 covers 22). P*22 — diagonally next to the king, not on its head — takes 21 and
/// is protected by the gold: White has no legal move and is not in check. Under `any`
/// that is drop-pawn mate and illegal; under `check-only` it is a legal drop. Every
/// other pawn drop leaves 21 free and is legal under both; P*12 checks without mating.
#[test]
fn non_head_pawn_drop_is_drop_pawn_mate_only_under_any() {
    let sfen = "8k/9/6G2/7N1/9/9/9/9/9 b P 1";
    let check_only = pawn_drops(sfen, UchifuzumeReading::CheckOnly);
    let any = pawn_drops(sfen, UchifuzumeReading::Any);
    let differ: Vec<&String> = check_only.iter().filter(|m| !any.contains(m)).collect();
    assert_eq!(differ, ["P*2b"]);
    assert!(any.iter().all(|m| check_only.contains(m)));
    assert!(check_only.contains(&"P*1b".to_string()));
    let pos = Position::from_setup(&parse_sfen(sfen).unwrap().setup, &RuleSet::ordinary()).unwrap();
    let after = pos.play(yosei_io::sfen::parse_usi_move("P*2b").unwrap());
    assert!(after.is_stalemate(&RuleSet::ordinary()));
}

/// Two levels deep: a defender's pawn-drop reply that would itself be drop-pawn mate of
/// the attacker is no escape, so the attacker's pawn drop before it is drop-pawn mate.
/// Under `any` (a drop-pawn mate needs no check) this happens without any check.
///
/// Both sides are locked in: Black's king on 91 in a row of golds, silvers and a rook on
/// rank 1 over pawns on rank 2, each blocked by its own pieces; White the same turned
/// round on ranks 8 and 9. Each side holds one pawn; files 7, 5 and 3 are free of pawns.
/// P*72 (under the silver on 71, so the pawn cannot move) leaves Black without any move;
/// White's only moves are then its pawn drops, and each of them leaves Black without a
/// legal move: drop-pawn mate of Black, illegal. So White has no legal move after P*72:
/// P*72 is drop-pawn mate (the same for P*52 and P*32). P*73 is legal: the pawn can
/// still move (to 72, or take a White pawn dropped there), so White's drops are legal
/// answers. Under `check-only` no drop checks and every pawn drop is legal.
#[test]
fn defender_pawn_drop_that_would_be_drop_pawn_mate_is_no_escape() {
    let sfen = "KGSGSGSGR/PP1P1P1PP/9/9/9/9/9/pp1p1p1pp/r+nb+ns+nb+nk b Pp 1";
    let check_only = pawn_drops(sfen, UchifuzumeReading::CheckOnly);
    let any = pawn_drops(sfen, UchifuzumeReading::Any);
    let differ: Vec<&String> = check_only.iter().filter(|m| !any.contains(m)).collect();
    assert_eq!(differ, ["P*3b", "P*5b", "P*7b"]);
    assert!(any.contains(&"P*7c".to_string()));
    let any_rules = rules(UchifuzumeReading::Any);
    let start = Position::from_setup(&parse_sfen(sfen).unwrap().setup, &any_rules).unwrap();
    // after P*72 White's pawn drops are its only candidate moves, and each leaves Black
    // without a legal move: every one is drop-pawn mate, so White has none
    let locked = start.play(yosei_io::sfen::parse_usi_move("P*7b").unwrap());
    assert!(!locked.has_legal_move(&any_rules));
    let white_drop = locked.play(yosei_io::sfen::parse_usi_move("P*7c").unwrap());
    assert!(!white_drop.has_legal_move(&any_rules) && !white_drop.in_check(&any_rules));
    // after P*73 the same White drops are legal answers
    let free = start.play(yosei_io::sfen::parse_usi_move("P*7c").unwrap());
    assert!(legal_usi(&free, &any_rules, "").contains(&"P*7b".to_string()));
}
