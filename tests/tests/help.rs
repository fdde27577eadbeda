//! Help play against fmrs's solver test vectors (complete solution sets).

use yosei_io::sfen::parse_sfen;
use yosei_rules::{Position, RuleSet, Stipulation};
use yosei_solve::{HelpPlan, HelpStore, Limits, Verdict};

/// fmrs notation → USI: `4644` → `4f4d`, `B*63` → `B*6c`, USI passes through.
fn fmrs_to_usi(m: &str) -> String {
    let rank = |c: char| (b'a' + c.to_digit(10).unwrap() as u8 - 1) as char;
    let b: Vec<char> = m.chars().collect();
    if b.len() >= 4 && b[1] == '*' && b[3].is_ascii_digit() {
        return format!("{}*{}{}", b[0], b[2], rank(b[3]));
    }
    if b.len() >= 4 && b[..4].iter().all(|c| c.is_ascii_digit()) {
        let promote = if m.ends_with('+') { "+" } else { "" };
        return format!("{}{}{}{}{promote}", b[0], rank(b[1]), b[2], rank(b[3]));
    }
    m.to_string()
}

fn solve(sfen: &str, stipulation: Stipulation) -> yosei_solve::Outcome {
    let rules = RuleSet::ordinary();
    let start = Position::from_setup(&parse_sfen(sfen).unwrap().setup, &rules).unwrap();
    let plan = HelpPlan::new(stipulation, &start, None).unwrap();
    let limits = Limits {
        hash_mb: 2048,
        ..Limits::default()
    };
    yosei_tests::support::solve_help_every_store(&start, &rules, &plan, &limits)
}

#[test]
fn fmrs_vectors_complete_solution_sets() {
    let mut checked = 0;
    for line in include_str!("../data/fmrs_solver_vectors.tsv").lines() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let f: Vec<&str> = line.split('\t').collect();
        let (sfen, count): (&str, u64) = (f[0], f[1].parse().unwrap());
        let expected: Vec<Vec<String>> = if count == 0 || f[2].starts_with('(') {
            Vec::new()
        } else {
            f[2].split(" | ")
                .map(|s| s.split(' ').filter(|m| !m.is_empty()).map(fmrs_to_usi).collect())
                .collect()
        };
        let length = expected.first().map(|s| s.len() as u32);
        // No-solution rows: fmrs proves there is none at all; we prove none in 25 plies.
        // The mate-in-zero row (empty solution) is asked without a length.
        let stip = Stipulation::Help {
            length: match length {
                Some(0) => None,
                Some(n) => Some(n),
                None => Some(25),
            },
        };
        let out = solve(sfen, stip);
        if count == 0 {
            assert_eq!(out.verdict, Verdict::NoSolution, "{sfen}: {:?}", out.solutions);
        } else {
            assert_eq!(out.verdict, Verdict::Solved, "{sfen}");
            assert_eq!(out.solution_count, count, "{sfen}");
            if !expected.is_empty() {
                let mut got: Vec<Vec<String>> = out
                    .solutions
                    .iter()
                    .map(|s| s.iter().map(|m| m.to_usi()).collect())
                    .collect();
                let mut want = expected.clone();
                got.sort();
                want.sort();
                assert_eq!(got, want, "{sfen}");
            }
        }
        checked += 1;
    }
    assert!(checked >= 20, "{checked}");
}

/// The short problems of fmrs's FAST_PROBLEMS list, solved at the length in the file
/// name (the long ones run in `benches/help.py`).
#[test]
fn fast_problems_short_ones() {
    for (sfen, plies) in [
        (include_str!("../../benches/data/helpmate/diamond.sfen"), 55),
        (include_str!("../../benches/data/helpmate/forest-05-13_57.sfen"), 57),
        (include_str!("../../benches/data/helpmate/forest-06-12_361.sfen"), 361),
    ] {
        let out = solve(sfen.trim(), Stipulation::Help { length: Some(plies) });
        assert_eq!(out.verdict, Verdict::Solved, "{sfen}");
        assert_eq!(out.length, Some(plies), "{sfen}");
        assert!(out.sound(), "{sfen}: {:?}", out.faults());
    }
}

/// forest-06-10_97 (2.5 M nodes, about 130 MiB of edges): wide layers, a second's work.
/// A helpmate of the benchmark set in `length` plies.
fn helpmate(sfen: &str, length: u32) -> (RuleSet, Position, HelpPlan) {
    let rules = RuleSet::ordinary();
    let start = Position::from_setup(&parse_sfen(sfen.trim()).unwrap().setup, &rules).unwrap();
    let plan = HelpPlan::new(Stipulation::Help { length: Some(length) }, &start, None).unwrap();
    (rules, start, plan)
}

fn forest_06_10_97() -> (RuleSet, Position, HelpPlan) {
    helpmate(include_str!("../../benches/data/helpmate/forest-06-10_97.sfen"), 97)
}

/// A search whose edges outgrow `--hash` drops them for the plies-only store and
/// rebuilds the solutions: same answer, within the budget.
#[test]
fn outgrowing_the_budget_switches_to_the_plies_store() {
    let (rules, start, plan) = forest_06_10_97();
    let roomy = yosei_solve::help::solve_help(&start, &rules, &plan, &Limits::default(), |_| {});
    // (The edges of this search take about 130 MiB in all; the plies store about 90.)
    let tight = Limits {
        hash_mb: 110,
        ..Limits::default()
    };
    let mut peak = 0;
    let out = yosei_solve::help::solve_help(&start, &rules, &plan, &tight, |p| peak = peak.max(p.memory_bytes));
    assert_eq!(out.verdict, Verdict::Solved, "{:?}", out.notes);
    assert!(
        out.notes.iter().any(|n| n.contains("outgrew --hash 110")),
        "{:?}",
        out.notes
    );
    assert_eq!((out.length, out.solution_count.to_u64()), (Some(97), Some(1)));
    assert_eq!(out.solutions, roomy.solutions);
    assert!(peak <= 110 << 20, "{peak}");
    // The rebuild adds the retractions it tried to the work.
    assert!(out.nodes > roomy.nodes, "{} vs {}", out.nodes, roomy.nodes);
}

/// A plies store whose exact visited set could not grow within `--hash` moves it to
/// the compact table (10 bytes a position) and goes on: the same answer.
#[test]
fn outgrowing_the_exact_visited_set_moves_to_the_compact_one() {
    let (rules, start, plan) = helpmate(include_str!("../../benches/data/helpmate/morishige_1965.sfen"), 1965);
    let roomy = yosei_solve::help::solve_help(&start, &rules, &plan, &Limits::default(), |_| {});
    assert_eq!(
        (roomy.verdict, roomy.solution_count.to_u64()),
        (Verdict::Solved, Some(1))
    );
    // (About a million positions when the exact set would grow past 52 MiB beside the
    // frontier; with 54 MiB it need not, with 48 the frontier leaves too little. The
    // window moves with the size of a position, which the frontier holds whole: 48 MiB
    // before the hands grew to 120 kinds' counts.)
    let tight = Limits {
        hash_mb: 52,
        ..Limits::default()
    };
    let mut peak = 0;
    let out = yosei_solve::help::solve_help(&start, &rules, &plan, &tight, |p| peak = peak.max(p.memory_bytes));
    assert_eq!(out.verdict, Verdict::Solved, "{:?}", out.notes);
    assert!(
        out.notes.iter().any(|n| n.contains("moved to a compact table")),
        "{:?}",
        out.notes
    );
    assert_eq!(
        (&out.solutions, out.solution_count.to_u64()),
        (&roomy.solutions, Some(1))
    );
    assert!(peak <= 52 << 20, "{peak}");
}

/// Given a directory to spill to, an exact visited set that could not grow within
/// `--hash` is written to disk instead (and the search goes on in memory): the same
/// answer, within the budget; positions that might be on disk are looked up there.
#[test]
fn outgrowing_the_exact_visited_set_with_a_spill_dir_writes_it_to_disk() {
    let (rules, start, plan) = helpmate(include_str!("../../benches/data/helpmate/morishige_1965.sfen"), 1965);
    let roomy = yosei_solve::help::solve_help(&start, &rules, &plan, &Limits::default(), |_| {});
    for threads in [1, 2] {
        let tight = Limits {
            hash_mb: 40,
            threads,
            spill_dir: Some(std::env::temp_dir()),
            ..Limits::default()
        };
        let mut peak = 0;
        let mut looked_up = 0;
        let out = yosei_solve::help::solve_help(&start, &rules, &plan, &tight, |p| {
            peak = peak.max(p.memory_bytes);
            looked_up = p.looked_up_on_disk;
        });
        assert_eq!(out.verdict, Verdict::Solved, "{:?}", out.notes);
        assert!(
            out.notes.iter().any(|n| n.contains("began to be written to")),
            "{:?}",
            out.notes
        );
        assert!(looked_up > 0);
        assert_eq!(
            (&out.solutions, out.solution_count.to_u64()),
            (&roomy.solutions, Some(1))
        );
        assert!(peak <= 40 << 20, "{peak}");
    }
    // Every tier (`HelpStore::SpilledPlies`): a compact table frozen early, then an
    // exact set written to disk in runs; the same solution.
    let tiers = Limits {
        help_store: HelpStore::SpilledPlies,
        threads: 2,
        spill_dir: Some(std::env::temp_dir()),
        ..Limits::default()
    };
    let out = yosei_solve::help::solve_help(&start, &rules, &plan, &tiers, |_| {});
    assert_eq!(
        (&out.solutions, out.solution_count.to_u64()),
        (&roomy.solutions, Some(1))
    );
    for says in ["the compact table was frozen with", "positions were written to disk in"] {
        assert!(out.notes.iter().any(|n| n.contains(says)), "{:?}", out.notes);
    }
    // A search that cannot go on: `unknown`, and a note with each of `says`.
    let stops_saying = |limits: Limits, says: &[&str]| {
        let out = yosei_solve::help::solve_help(&start, &rules, &plan, &limits, |_| {});
        assert_eq!(out.verdict, Verdict::Unknown);
        assert!(
            out.notes.iter().any(|n| says.iter().all(|s| n.contains(s))),
            "{:?}",
            out.notes
        );
    };
    // Without a directory, a budget too small even for the compact set sends the
    // search on depth-first (slow on 1965 plies: stopped here by a node limit), which
    // says what would have kept it breadth-first.
    let no_dir = Limits {
        hash_mb: 20,
        max_nodes: Some(roomy.nodes * 3 / 2),
        ..Limits::default()
    };
    stops_saying(no_dir, &["went on depth-first", "--spill-dir DIR"]);
    // A directory that cannot be written.
    let unwritable = Limits {
        hash_mb: 40,
        spill_dir: Some("/nonexistent/yosei".into()),
        ..Limits::default()
    };
    stops_saying(unwritable, &["could not be written to disk", "/nonexistent/yosei"]);
}

/// A search whose layers outgrow `--hash` long before its solutions does not give up:
/// the pass that would not fit only tests goals at its end, and the search goes on
/// depth-first from the layer before, by iterative deepening (what that pass stored
/// stays in the visited set). The same solutions and count under each visited set and
/// number of threads (the spilled one's disk is not read depth-first: the search only
/// cuts less there), and the proof that there is none under Circe (no line goes past
/// 67 plies). The problem is the 57-ply helpmate of fmrs's test vectors, up to 16,756
/// positions a layer: a megabyte holds 21 plies of it.
#[test]
fn a_wide_search_past_its_memory_goes_on_depth_first() {
    let sfen = "9/9/9/9/7bb/1ppssssp1/K5k2/+RL1l1gg2/rL3gg1+l b 4N15P 1";
    let solve = |rules: &RuleSet, limits: &Limits| {
        let start = Position::from_setup(&parse_sfen(sfen).unwrap().setup, rules).unwrap();
        let plan = HelpPlan::new(Stipulation::Help { length: None }, &start, None).unwrap();
        yosei_solve::help::solve_help(&start, rules, &plan, limits, |_| {})
    };
    let goes_on = |out: &yosei_solve::Outcome, how: &str| {
        for says in ["outgrew --hash", "went on depth-first"] {
            assert!(out.notes.iter().any(|n| n.contains(says)), "{how}: {:?}", out.notes);
        }
    };
    let ordinary = RuleSet::ordinary();
    let roomy = solve(&ordinary, &Limits::default());
    assert_eq!(
        (roomy.verdict, roomy.length, roomy.solution_count.to_u64()),
        (Verdict::Solved, Some(57), Some(1))
    );
    for (help_store, hash_mb, threads) in [
        (HelpStore::Edges, 1, 1),
        (HelpStore::Edges, 4, 2),
        (HelpStore::CompactPlies, 2, 2),
        (HelpStore::SpilledPlies, 2, 2),
    ] {
        let tight = Limits {
            help_store,
            hash_mb,
            threads,
            spill_dir: Some(std::env::temp_dir()),
            ..Limits::default()
        };
        let out = solve(&ordinary, &tight);
        assert_eq!(
            (out.verdict, out.length, &out.solutions, &out.solution_count),
            (roomy.verdict, roomy.length, &roomy.solutions, &roomy.solution_count),
            "{help_store:?} {hash_mb} MiB, {threads} threads: {:?}",
            out.notes
        );
        let how = format!("{help_store:?} {hash_mb} MiB, {threads} threads");
        goes_on(&out, &how);
        if help_store == HelpStore::SpilledPlies {
            assert!(
                out.notes
                    .iter()
                    .any(|n| n.contains("positions were written to disk in")),
                "{how}: {:?}",
                out.notes
            );
        }
    }
    let circe = RuleSet::compile(&[yosei_rules::Condition::Circe]).unwrap();
    let tight = Limits {
        hash_mb: 4,
        threads: 2,
        ..Limits::default()
    };
    let out = solve(&circe, &tight);
    assert_eq!(out.verdict, Verdict::NoSolution, "{:?}", out.notes);
    goes_on(&out, "Circe");
}

/// ofm-139_5 at open length and the default --hash: solved as `help:5` solves it, with
/// the same work (ply 5, 24 million positions after 89 thousand at ply 3, has its goals
/// tested before it would be stored, as the last pass of a stated length does). It used
/// to stop with `unknown` at ply 5, out of memory.
#[test]
fn ofm_139_5_at_open_length_is_solved_as_at_its_stated_length() {
    let sfen = include_str!("../../benches/data/helpmate/ofm-139_5.sfen");
    let rules = RuleSet::ordinary();
    let start = Position::from_setup(&parse_sfen(sfen.trim()).unwrap().setup, &rules).unwrap();
    let solve = |length, threads| {
        let plan = HelpPlan::new(Stipulation::Help { length }, &start, None).unwrap();
        let limits = Limits {
            threads,
            ..Limits::default()
        };
        yosei_solve::help::solve_help(&start, &rules, &plan, &limits, |_| {})
    };
    let stated = solve(Some(5), 2);
    let line = ["N*2i", "3i2i", "S*3h", "3g4h", "G*4i"];
    assert_eq!(
        yosei_tests::support::solution_lines(&stated.solutions),
        [line.join(" ")]
    );
    for threads in [1, 2] {
        let open = solve(None, threads);
        assert_eq!(
            (open.verdict, open.length, &open.solutions, &open.solution_count),
            (Verdict::Solved, Some(5), &stated.solutions, &stated.solution_count),
            "{:?}",
            open.notes
        );
        assert_eq!(open.nodes, stated.nodes);
    }
}

/// The compact set holds plies below 2¹⁴: a longer search in it stops with `unknown`
/// and says why, never a wrong answer.
#[test]
fn the_compact_set_stops_at_its_ply_limit() {
    let (rules, start, plan) = helpmate(include_str!("../../benches/data/helpmate/jugemu_19447.sfen"), 19447);
    let limits = Limits {
        hash_mb: 256,
        help_store: HelpStore::CompactPlies,
        ..Limits::default()
    };
    let out = yosei_solve::help::solve_help(&start, &rules, &plan, &limits, |_| {});
    assert_eq!(out.verdict, Verdict::Unknown);
    assert!(
        out.notes.iter().any(|n| n.contains("holds plies below 16384")),
        "{:?}",
        out.notes
    );
}

/// Wide layers are expanded by several threads sharing the visited set: the same
/// answer as one thread, under each store.
#[test]
fn threads_give_the_same_answer() {
    let (rules, start, plan) = forest_06_10_97();
    let one = yosei_solve::help::solve_help(&start, &rules, &plan, &Limits::default(), |_| {});
    assert_eq!((one.verdict, one.solution_count.to_u64()), (Verdict::Solved, Some(1)));
    for help_store in [
        HelpStore::Edges,
        HelpStore::Plies,
        HelpStore::CompactPlies,
        HelpStore::SpilledPlies,
    ] {
        let limits = Limits {
            threads: 2,
            help_store,
            hash_mb: 512,
            spill_dir: Some(std::env::temp_dir()),
            ..Limits::default()
        };
        let two = yosei_solve::help::solve_help(&start, &rules, &plan, &limits, |_| {});
        assert_eq!(
            (two.verdict, &two.solutions, &two.solution_count),
            (one.verdict, &one.solutions, &one.solution_count)
        );
        if help_store == HelpStore::Edges {
            assert_eq!(two.nodes, one.nodes);
        }
    }
}

/// A search with a spill directory saves itself at its time limit and, resumed again
/// and again, comes to the same answer as in one sitting, from every kind of visited
/// set (exact, compact, and the spilled set with its frozen table and runs); the save
/// is gone once it has.
#[test]
fn a_search_saved_at_its_time_limit_resumes_to_the_same_answer() {
    let (rules, start, plan) = helpmate(include_str!("../../benches/data/helpmate/forest-06-10_97.sfen"), 97);
    let roomy = yosei_solve::help::solve_help(&start, &rules, &plan, &Limits::default(), |_| {});
    assert_eq!(roomy.verdict, Verdict::Solved);
    for store in [HelpStore::Plies, HelpStore::CompactPlies, HelpStore::SpilledPlies] {
        let dir = std::env::temp_dir().join(format!("yosei-resume-{}-{store:?}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let mut limits = Limits {
            help_store: store,
            hash_mb: 256,
            threads: 2,
            time_limit: Some(std::time::Duration::from_millis(40)),
            spill_dir: Some(dir.clone()),
            ..Limits::default()
        };
        let mut sittings = 0;
        let out = loop {
            let out = yosei_solve::help::solve_help(&start, &rules, &plan, &limits, |_| {});
            sittings += 1;
            if out.verdict != Verdict::Unknown || sittings == 500 {
                break out;
            }
            assert!(
                out.notes.iter().any(|n| n.contains("the search was saved at ply")),
                "{store:?}: {:?}",
                out.notes
            );
            limits.resume = true;
        };
        assert!(sittings > 2, "{store:?}: {sittings} sittings");
        assert_eq!(
            (out.verdict, &out.solutions, &out.solution_count),
            (Verdict::Solved, &roomy.solutions, &roomy.solution_count),
            "{store:?}: {:?}",
            out.notes
        );
        assert_eq!(
            std::fs::read_dir(&dir).unwrap().count(),
            0,
            "{store:?}: the save is gone"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

/// Resuming what cannot be resumed says why and changes nothing: no save, a save of
/// another problem only, a damaged save.
#[test]
fn a_save_that_cannot_be_resumed_is_refused_and_kept() {
    let (rules, start, plan) = helpmate(include_str!("../../benches/data/helpmate/forest-06-10_97.sfen"), 97);
    let dir = std::env::temp_dir().join(format!("yosei-resume-refused-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let limits = Limits {
        time_limit: Some(std::time::Duration::ZERO),
        spill_dir: Some(dir.clone()),
        ..Limits::default()
    };
    let resume = Limits {
        resume: true,
        ..limits.clone()
    };
    let refused = |plan: &HelpPlan, says: &str| {
        let out = yosei_solve::help::solve_help(&start, &rules, plan, &resume, |_| {});
        assert_eq!(out.verdict, Verdict::Unknown);
        assert!(out.notes.iter().any(|n| n.contains(says)), "{:?}", out.notes);
    };
    refused(&plan, "no saved search of this problem");
    let out = yosei_solve::help::solve_help(&start, &rules, &plan, &limits, |_| {});
    assert!(
        out.notes.iter().any(|n| n.contains("saved at ply 1")),
        "{:?}",
        out.notes
    );
    // One directory, named after the problem.
    let saved: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
    let [saved] = saved.as_slice() else { panic!("{saved:?}") };
    assert!(saved.to_string_lossy().contains("yosei-saved-search-"), "{saved:?}");
    let before: Vec<_> = ["search", "frontier", "exact"]
        .iter()
        .map(|f| std::fs::read(saved.join(f)).unwrap())
        .collect();
    let longer = HelpPlan::new(Stipulation::Help { length: Some(99) }, &start, None).unwrap();
    refused(&longer, "no saved search of this problem");
    let mut damaged = before[1].clone();
    damaged[30] ^= 4;
    std::fs::write(saved.join("frontier"), &damaged).unwrap();
    refused(&plan, "frontier: damaged saved search file");
    std::fs::write(saved.join("frontier"), &before[1]).unwrap();
    for (f, bytes) in ["search", "frontier", "exact"].iter().zip(&before) {
        assert_eq!(&std::fs::read(saved.join(f)).unwrap(), bytes, "{f}");
    }
    // Intact again, it resumes.
    let out = yosei_solve::help::solve_help(&start, &rules, &plan, &resume, |_| {});
    assert!(
        out.notes.iter().any(|n| n.contains("resumed at ply 1")),
        "{:?}",
        out.notes
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
