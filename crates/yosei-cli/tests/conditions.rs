//! `yosei solve --list-conditions`: every condition yosei knows, one a line.

mod common;
use common::run_yosei;
use yosei_rules::Condition;

#[test]
fn list_conditions_prints_every_condition_once_with_its_names_and_status() {
    let (status, out, err) = run_yosei(["solve", "--list-conditions"]);
    assert_eq!(status, 0, "{err}");
    let lines: Vec<Vec<&str>> = out.lines().map(|l| l.split('\t').collect()).collect();
    assert_eq!(lines.len(), Condition::listed().count(), "{out}");
    for c in Condition::listed() {
        let typed = c.usage();
        let line = lines
            .iter()
            .find(|fields| fields[0] == typed)
            .unwrap_or_else(|| panic!("no line for {typed}:\n{out}"));
        assert_eq!(line.len(), 4, "{line:?}");
        assert_eq!(line[1], c.japanese(), "{line:?}");
        assert_eq!(line[2], c.fm_short().unwrap_or("-"), "{line:?}");
        assert!(line[3].starts_with("supported"), "{line:?}");
    }
    let nekosen = out.lines().find(|l| l.starts_with("nekosen\t")).unwrap_or_default();
    assert!(nekosen.starts_with("nekosen\tネコ鮮\t!NK\tsupported"), "{nekosen}");
    let messigny = out.lines().find(|l| l.starts_with("messigny\t")).unwrap_or_default();
    assert!(
        messigny.contains("help, helpself, helpstale, helpselfstale, tsume and mate only"),
        "{messigny}"
    );
    let annan = out.lines().find(|l| l.starts_with("annan\t")).unwrap_or_default();
    assert!(annan.contains("refused with anhoku"), "{annan}");
    let komazume = out
        .lines()
        .find(|l| l.starts_with("komazume:KIND\t"))
        .unwrap_or_default();
    assert!(komazume.contains("chess-knight"), "{komazume}");
}

#[test]
fn solve_without_an_input_or_with_the_list_and_an_input_is_an_input_error() {
    let (status, _, err) = run_yosei(["solve"]);
    assert_eq!(status, 1, "{err}");
    let (status, _, err) = run_yosei(["solve", "--list-conditions", "4k4/9/9/9/9/9/9/9/9 b G 1"]);
    assert_eq!(status, 1, "{err}");
}
