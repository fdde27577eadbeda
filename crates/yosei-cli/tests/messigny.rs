//! The command line under Messigny (docs/rules/messigny.md): fm's problem lines read
//! with their keywords, the swap in USI, text and KIF, the refusals.

mod common;

use common::{run_yosei, run_yosei_on_text};

/// `yosei solve FILE ARGS…` on an fm line written to a file of its own.
fn solve_fm_line(line: &str, args: &[&str]) -> (i32, String, String) {
    run_yosei_on_text("solve", "yosei-messigny", "fm", &format!("{line}\n"), args)
}

/// fm's own input lines, solved as fm solves them: `12歩打 同金<21 同金<>55` mates under
/// !ME and !MJ, not under MESSIGNY (White swaps back).
#[test]
fn fm_lines_with_messigny_keywords_solve_as_fm() {
    for (word, swap_mates) in [
        ("MESSIGNY", false),
        ("!ME", true),
        ("!MJ", true),
        ("MESSIGNY（日本式）", true),
    ] {
        let (code, out, err) = solve_fm_line(
            &format!("{word}ばか詰 23銀33桂55金 +歩, 11玉21金 +0 #3"),
            &["--format", "json"],
        );
        assert_eq!(code, 0, "{err}");
        let json: serde_json::Value = serde_json::from_str(out.lines().next().unwrap()).unwrap();
        let lines = json["solutions"].to_string();
        assert!(lines.contains(r#"["3c2a+","1a2a","G*2b"]"#), "{word}: {lines}");
        assert_eq!(
            lines.contains(r#"["P*1b","2a1b","5e<>1b"]"#),
            swap_mates,
            "{word}: {lines}"
        );
    }
}

/// The swap in the text output (KI2) and in KIF.
#[test]
fn swap_in_text_and_kif() {
    let line = "!MEばか詰 23銀33桂55金 +歩, 11玉21金 +0 #3";
    let (_, text, _) = solve_fm_line(line, &[]);
    assert!(text.contains("▲１二歩　△同　金　▲同　金<>"), "{text}");
    let (_, kif, _) = solve_fm_line(line, &["--format", "kif"]);
    assert!(kif.contains("同　金<>(55)"), "{kif}");
    assert!(kif.contains("ルール：MESSIGNY（欧州式）ばか詰"), "{kif}");
}

/// Messigny is solved in help play (mate, stalemate, self) and direct mate, the stipulations fm has
/// Messigny code for; the others and fm's exclusions are refused.
#[test]
fn messigny_refusals() {
    let sfen = "7gk/9/7S1/9/4G4/9/9/9/9 b P 1";
    let (code, out, err) = run_yosei(["solve", sfen, "--cond", "messigny-eu", "--stip", "tsume"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("<>"), "{out}");
    let (code, _, err) = run_yosei(["solve", sfen, "--cond", "messigny-eu", "--stip", "self:3"]);
    assert_ne!(code, 0);
    assert!(
        err.contains("solved in help, helpself, helpstale, helpselfstale, tsume and mate only"),
        "{err}"
    );
    let (code, _, err) = run_yosei(["solve", sfen, "--cond", "messigny", "--cond", "pwc", "--stip", "help:3"]);
    assert_ne!(code, 0);
    assert!(err.contains("exclusive"), "{err}");
}
