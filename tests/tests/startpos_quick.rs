use yosei_rules::{perft::perft, Position, RuleSet};

#[test]
fn startpos_perft_shallow() {
    let pos = Position::startpos();
    let rules = RuleSet::ordinary();
    let counts: Vec<u64> = (1..=4).map(|d| perft(&pos, &rules, d)).collect();
    assert_eq!(counts, vec![30, 900, 25470, 719731]);
}
