//! Small helpers the test files share: moves and solutions as sorted USI text.

use yosei_core::Move;
use yosei_rules::{Position, RuleSet};

/// Each solution as its USI moves joined by spaces, sorted.
pub fn solution_lines(solutions: &[Vec<Move>]) -> Vec<String> {
    let mut lines: Vec<String> = solutions
        .iter()
        .map(|l| l.iter().map(|m| m.to_usi()).collect::<Vec<_>>().join(" "))
        .collect();
    lines.sort();
    lines
}

/// The legal moves of `pos` whose USI text starts with `prefix` (`""` for all), sorted.
pub fn legal_usi(pos: &Position, rules: &RuleSet, prefix: &str) -> Vec<String> {
    let mut out: Vec<String> = pos
        .legal_moves(rules)
        .iter()
        .map(|m| m.to_usi())
        .filter(|m| m.starts_with(prefix))
        .collect();
    out.sort();
    out
}

/// The fairy kinds of `FAIRY_KINDS` whose reach changes with the board only along the
/// rook and bishop lines (leaps, and rides along the eight lines), as the rule engine's
/// piece table classes them: with only these on the board, king safety and checks take
/// the plain path (`local_safety.rs`).
pub fn line_bound_fairy_kinds() -> &'static [yosei_core::PieceKind] {
    static KINDS: std::sync::OnceLock<Vec<yosei_core::PieceKind>> = std::sync::OnceLock::new();
    KINDS.get_or_init(|| {
        let rules = RuleSet::ordinary();
        crate::reference::FAIRY_KINDS
            .iter()
            .copied()
            .filter(|&kind| rules.pieces().is_line_bound(kind))
            .collect()
    })
}

/// Moves in a canonical order, for comparing move sets.
pub fn sorted(mut moves: Vec<Move>) -> Vec<Move> {
    moves.sort();
    moves
}

/// Packs `pos` twice into one buffer and reads the second back: the length of the
/// first and the whole position (key and move number too) must come out.
pub fn assert_packs(pos: &Position) {
    let mut bytes = Vec::new();
    pos.pack_into(&mut bytes);
    let len = bytes.len();
    pos.pack_into(&mut bytes);
    assert_eq!(Position::packed_len(&bytes), len, "{pos:?}");
    let (again, again_len) = Position::unpack(&bytes[len..], pos.move_number());
    assert_eq!(again_len, len, "{pos:?}");
    assert!(again == *pos, "{pos:?}");
}

/// Help play under each store of the search (edges; plies only, with the solutions
/// rebuilt, in the exact, the compact and the spilled visited set; depth-first after
/// the first layer): they must agree on everything but the work done. (The spilled set spills only where the solutions are
/// rebuilt backwards; elsewhere it is the exact set.)
pub fn solve_help_every_store(
    start: &Position,
    rules: &RuleSet,
    plan: &yosei_solve::HelpPlan,
    limits: &yosei_solve::Limits,
) -> yosei_solve::Outcome {
    use yosei_solve::help::solve_help;
    use yosei_solve::HelpStore;
    let store = |help_store, hash_mb| {
        solve_help(
            start,
            rules,
            plan,
            &yosei_solve::Limits {
                help_store,
                hash_mb,
                spill_dir: Some(std::env::temp_dir()),
                ..limits.clone()
            },
            |_| {},
        )
    };
    let edges = store(HelpStore::Edges, limits.hash_mb);
    let plies = store(HelpStore::Plies, limits.hash_mb);
    // (The compact table takes the budget at once: a small one.)
    let compact = store(HelpStore::CompactPlies, limits.hash_mb.min(256));
    let spilled = store(HelpStore::SpilledPlies, limits.hash_mb);
    let depth_first = store(HelpStore::DepthFirst, limits.hash_mb);
    let fields = |o: &yosei_solve::Outcome| {
        (
            o.verdict,
            o.length,
            o.solutions.clone(),
            o.solution_count.clone(),
            o.distinct_up_to_mirror.clone(),
            o.leftover.clone(),
            o.stated_length,
        )
    };
    assert_eq!(fields(&edges), fields(&plies), "the edges and plies stores disagree");
    assert_eq!(
        fields(&edges),
        fields(&compact),
        "the edges and compact plies stores disagree"
    );
    assert_eq!(
        fields(&edges),
        fields(&spilled),
        "the edges and spilled plies stores disagree"
    );
    assert_eq!(
        fields(&edges),
        fields(&depth_first),
        "the breadth-first and depth-first searches disagree"
    );
    edges
}

/// Every solution of the help stipulation from `start`, in USI, sorted, the same under
/// every store ([`solve_help_every_store`]); the search must end (solved or not).
pub fn help_lines(start: &Position, rules: &RuleSet, stipulation: yosei_rules::Stipulation) -> Vec<String> {
    let plan = yosei_solve::HelpPlan::new(stipulation, start, None).unwrap();
    let out = solve_help_every_store(start, rules, &plan, &yosei_solve::Limits::default());
    assert!(
        matches!(
            out.verdict,
            yosei_solve::Verdict::Solved | yosei_solve::Verdict::NoSolution
        ),
        "{out:?}"
    );
    solution_lines(&out.solutions)
}

/// The position of `setup` under `rules` if the reference generator accepts it too:
/// `None` when both refuse it; a panic naming `label` when only one does.
pub fn setup_as_reference_judges(
    setup: &yosei_core::Setup,
    rules: &RuleSet,
    refused_by_reference: bool,
    label: &str,
) -> Option<Position> {
    let sfen = || yosei_io::sfen::write_sfen(setup);
    match Position::from_setup(setup, rules) {
        Ok(pos) => {
            assert!(!refused_by_reference, "{label}: accepted {}", sfen());
            Some(pos)
        }
        Err(e) => {
            assert!(refused_by_reference, "{label}: refused {}: {e}", sfen());
            None
        }
    }
}

/// What [`assert_matches_reference`] compared in one position.
pub struct Compared {
    /// The legal moves, sorted.
    pub moves: Vec<Move>,
    /// Whether the side to move stands in check.
    pub in_check: bool,
    /// The checks generated as such, sorted.
    pub checks: Vec<Move>,
}

/// The general generator on `pos` against the reference generator: identical legal
/// moves, check verdict, and checks generated as such equal to the legal moves after
/// which the opponent is in check (under 強欲 and 禁欲, which choose among the checks,
/// equal to the reference's checks). `label` names the conditions in a failure.
pub fn assert_matches_reference(
    pos: &Position,
    rules: &RuleSet,
    reference_rules: &crate::reference::Rules,
    label: &str,
) -> Compared {
    let s = pos.to_setup();
    let sfen = yosei_io::sfen::write_sfen(&s);
    let moves = sorted(pos.legal_moves(rules).as_slice().to_vec());
    let slow = sorted(crate::reference::legal_moves_under(&s, reference_rules));
    if moves != slow {
        let missing: Vec<_> = slow
            .iter()
            .filter(|m| !moves.contains(m))
            .map(|m| format!("{} {:?}", m.to_usi(), m.displacement()))
            .collect();
        let extra: Vec<_> = moves
            .iter()
            .filter(|m| !slow.contains(m))
            .map(|m| format!("{} {:?}", m.to_usi(), m.displacement()))
            .collect();
        panic!("{label}: {sfen}\nmissing {missing:?}\nextra {extra:?}");
    }
    let in_check = pos.in_check(rules);
    assert_eq!(
        in_check,
        crate::reference::in_check_with(&s, reference_rules),
        "{label}: {sfen}"
    );
    let checks = sorted(pos.legal_checks(rules).as_slice().to_vec());
    let played: Vec<Move> = if reference_rules.duty.is_some() {
        // 強欲 and 禁欲 choose among the checks, not among all moves
        sorted(crate::reference::legal_checks_under(&s, reference_rules))
    } else {
        moves.iter().copied().filter(|&m| pos.play(m).in_check(rules)).collect()
    };
    assert_eq!(checks, played, "{label}: {sfen}");
    // the mate and stalemate tests' own generation (it stops at the first move)
    assert_eq!(
        pos.has_legal_move(rules),
        crate::reference::has_legal_move_under(&s, reference_rules),
        "{label}: has a legal move? {sfen}"
    );
    Compared {
        moves,
        in_check,
        checks,
    }
}

/// `sfen` as a position under `conditions`, or the setup error as text.
pub fn position_under(sfen: &str, conditions: &[yosei_rules::Condition]) -> Result<Position, String> {
    let rules = RuleSet::compile(conditions).unwrap();
    Position::from_setup(&yosei_io::sfen::parse_sfen(sfen).unwrap().setup, &rules).map_err(|e| e.to_string())
}

/// Every solution of `help:length` from `sfen` under `conditions` (every store
/// agreeing), in USI, sorted.
pub fn help_solutions(sfen: &str, conditions: &[yosei_rules::Condition], length: u32) -> Vec<String> {
    let rules = RuleSet::compile(conditions).unwrap();
    let start = position_under(sfen, conditions).unwrap();
    help_lines(&start, &rules, yosei_rules::Stipulation::Help { length: Some(length) })
}
