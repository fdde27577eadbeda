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
