//! `yosei usi` driven as a shogi GUI drives an engine: over pipes, a line at a time,
//! reading the answers as they come (`stop` while a search runs included).

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::thread;
use std::time::Duration;

/// 古典3手詰 (tests/data, long-tsume's sanity check): mates in 3.
const MATE_IN_3: &str = "3sks3/9/4S4/9/9/B8/9/9/9 b S2rb4g4n4l18p 1";
const MATE_IN_3_LINE: &str = "9f5b+ 4a5b S*4b";
/// A pawn and a king that can always step away: no mate.
const NO_MATE: &str = "4k4/9/4P4/9/9/9/9/9/9 b - 1";
/// A bare king and a hand that mates in 59 (驚愕の曠野; KomoringHeights needed 12 hours):
/// no search ends on it in a moment.
const HARD: &str = "4k4/9/9/9/9/9/9/9/9 b B4G2S9P2rb2s4n4l9p 1";

/// How long to wait for a line before calling the engine hung (a guard, not a measure:
/// every answer here comes in well under a second).
const HUNG: Duration = Duration::from_secs(30);

struct Gui {
    engine: Child,
    to_engine: ChildStdin,
    from_engine: Receiver<String>,
}

impl Gui {
    /// `yosei usi`.
    fn start() -> Gui {
        Gui::start_with(&["usi"])
    }

    fn start_with(args: &[&str]) -> Gui {
        let mut engine = Command::new(env!("CARGO_BIN_EXE_yosei"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .unwrap();
        let to_engine = engine.stdin.take().unwrap();
        let stdout = BufReader::new(engine.stdout.take().unwrap());
        let (lines, from_engine) = mpsc::channel();
        thread::spawn(move || {
            for line in stdout.lines() {
                if lines.send(line.unwrap()).is_err() {
                    break;
                }
            }
        });
        let mut gui = Gui {
            engine,
            to_engine,
            from_engine,
        };
        // as a GUI sets the table's size before anything else; small, for CI's machine
        gui.send("setoption name USI_Hash value 64");
        gui
    }

    fn send(&mut self, line: &str) {
        self.send_bytes(format!("{line}\n").as_bytes());
    }

    fn send_bytes(&mut self, bytes: &[u8]) {
        self.to_engine.write_all(bytes).unwrap();
        self.to_engine.flush().unwrap();
    }

    /// The lines up to and including the first that starts with one of `prefixes`.
    fn until_one_of(&mut self, prefixes: &[&str]) -> Vec<String> {
        let mut lines = Vec::new();
        loop {
            let line = self
                .from_engine
                .recv_timeout(HUNG)
                .unwrap_or_else(|e| panic!("none of {prefixes:?} ({e}) after {lines:?}"));
            let done = prefixes.iter().any(|p| line.starts_with(p));
            lines.push(line);
            if done {
                return lines;
            }
        }
    }

    fn until(&mut self, prefix: &str) -> Vec<String> {
        self.until_one_of(&[prefix])
    }

    /// The answer to `line` (a `go`, or `stop`) with the lines before it, checked to be
    /// the only answer: nothing more comes before the reply to a later `isready`.
    fn answer(&mut self, line: &str) -> (String, Vec<String>) {
        const ANSWERS: [&str; 2] = ["checkmate", "bestmove"];
        self.send(line);
        let lines = self.until_one_of(&ANSWERS);
        self.send("isready");
        let after = self.until("readyok");
        assert!(
            after.iter().all(|l| ANSWERS.iter().all(|a| !l.starts_with(a))),
            "a second answer: {after:?}"
        );
        (lines.last().unwrap().clone(), lines)
    }

    /// The lines that come before `readyok` when `isready` follows `line`.
    fn reply(&mut self, line: &str) -> Vec<String> {
        self.send(line);
        self.send("isready");
        let mut lines = self.until("readyok");
        lines.pop();
        lines
    }

    /// The lines that come before `readyok` when `isready` follows these bytes.
    fn reply_bytes(&mut self, bytes: &[u8]) -> Vec<String> {
        self.send_bytes(bytes);
        self.reply("")
    }

    fn quit(mut self) {
        self.send("quit");
        let status = self.engine.wait().unwrap();
        assert!(status.success(), "{status}");
    }
}

#[test]
fn handshake_declares_the_options() {
    // as GUIs start an engine: the program alone, on pipes
    let mut gui = Gui::start_with(&[]);
    gui.send("usi");
    let lines = gui.until("usiok");
    assert!(lines[0].starts_with("id name yosei "), "{lines:?}");
    assert!(lines[1].starts_with("id author "), "{lines:?}");
    for option in [
        "USI_Hash type spin",
        "Threads type spin",
        "NodesLimit type spin default 0",
        "PvInterval type spin",
        "FutileInterpositions type combo default skip var skip var count",
        "Uchifuzume type combo default check-only var check-only var any",
        "Conditions type string default <empty>",
    ] {
        let wanted = format!("option name {option}");
        assert!(lines.iter().any(|l| l.starts_with(&wanted)), "{wanted}: {lines:?}");
    }
    gui.send("isready");
    assert_eq!(gui.until("readyok"), ["readyok"]);
    // what a GUI sends before a game: accepted in silence
    for line in [
        "setoption name USI_Hash value 64",
        "setoption name Threads value 2",
        "setoption name NodesLimit value 0",
        "setoption name PvInterval value 0",
        "setoption name FutileInterpositions value count",
        "setoption name Uchifuzume value any",
        "setoption name Conditions value <empty>",
        "usinewgame",
    ] {
        assert_eq!(gui.reply(line), Vec::<String>::new(), "{line}");
    }
    let ponder = gui.reply("setoption name USI_Ponder value true");
    assert_eq!(ponder, ["info string unknown option 'USI_Ponder': ignored"]);
    gui.quit();
}

#[test]
fn go_mate_answers_the_main_line_in_usi() {
    let mut gui = Gui::start();
    gui.send(&format!("position sfen {MATE_IN_3}"));
    let (answer, _) = gui.answer("go mate 10000");
    assert_eq!(answer, format!("checkmate {MATE_IN_3_LINE}"));
    // the same position reached by moves from another
    gui.send(&format!("position sfen {MATE_IN_3} moves 9f5b+ 4a5b"));
    assert_eq!(gui.answer("go mate infinite").0, "checkmate S*4b");
    gui.quit();
}

/// The moves of `position … moves …` count for repetition (rules.md §7): the mate in 3
/// of the position reached would bring a position of the moves a fourth time.
#[test]
fn go_mate_counts_the_moves_played_for_repetition() {
    let mut gui = Gui::start();
    let cycle = "1a1b 2a3a 1b1a 3a2a";
    let q = "7Gk/9/8p/9/9/9/9/9/K6L1 w 2r2b3g4s4n3l17p 1";
    gui.send(&format!("position sfen {q} moves {cycle} {cycle} 1a1b 2a3a 1b1a"));
    assert_eq!(gui.answer("go mate 10000").0, "checkmate nomate");
    gui.send(&format!("position sfen {q} moves {cycle} 1a1b 2a3a 1b1a"));
    assert_eq!(gui.answer("go mate 10000").0, "checkmate 3a2a 1a1b 2a2b");
    gui.quit();
}

/// A whole session written to standard input at once, then closed (`yosei usi <
/// script`): every `go` is answered, in order, before the engine ends at the end of its
/// input.
#[test]
fn a_session_on_standard_input_is_answered_in_order() {
    let mut engine = Command::new(env!("CARGO_BIN_EXE_yosei"))
        .arg("usi")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .unwrap();
    let script = format!(
        "usi\nsetoption name USI_Hash value 64\nisready\nusinewgame\n\
         position sfen {MATE_IN_3}\ngo mate 1000\n\
         position sfen {NO_MATE}\ngo mate 1000\n\
         setoption name FutileInterpositions value count\n\
         position sfen {MATE_IN_3} moves 9f5b+ 4a5b\ngo mate 1000\n"
    );
    // (the engine's output is read to its end below, so writing all first cannot stall)
    let mut stdin = engine.stdin.take().unwrap();
    stdin.write_all(script.as_bytes()).unwrap();
    drop(stdin);
    let out = engine.wait_with_output().unwrap();
    assert!(out.status.success(), "{}", out.status);
    let answers: Vec<String> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .filter(|l| ["usiok", "readyok", "checkmate"].iter().any(|a| l.starts_with(a)))
        .map(str::to_string)
        .collect();
    assert_eq!(
        answers,
        [
            "usiok".to_string(),
            "readyok".to_string(),
            format!("checkmate {MATE_IN_3_LINE}"),
            "checkmate nomate".to_string(),
            "checkmate S*4b".to_string(),
        ]
    );
}

#[test]
fn go_mate_without_a_mate_answers_nomate() {
    let mut gui = Gui::start();
    gui.send(&format!("position sfen {NO_MATE}"));
    assert_eq!(gui.answer("go mate 10000").0, "checkmate nomate");
    gui.quit();
}

#[test]
fn go_mate_past_its_time_answers_timeout() {
    let mut gui = Gui::start();
    gui.send("setoption name PvInterval value 20");
    gui.send(&format!("position sfen {HARD}"));
    let (answer, lines) = gui.answer("go mate 100");
    assert_eq!(answer, "checkmate timeout", "{lines:?}");
    gui.quit();
}

#[test]
fn stop_during_an_infinite_search_answers_timeout() {
    let mut gui = Gui::start();
    gui.send("setoption name PvInterval value 10");
    gui.send(&format!("position sfen {HARD}"));
    gui.send("go mate infinite");
    // the engine reads and answers while it searches
    let during = gui.reply("usinewgame");
    assert!(during.iter().all(|l| l.starts_with("info ")), "{during:?}");
    let lines = gui.until("info time");
    assert!(lines.last().unwrap().contains(" nodes "), "{lines:?}");
    let (answer, _) = gui.answer("stop");
    assert_eq!(answer, "checkmate timeout");
    // `quit` during a search ends the engine too
    gui.send("go mate infinite");
    gui.quit();
}

#[test]
fn plain_go_plays_the_mate_or_resigns() {
    let mut gui = Gui::start();
    gui.send(&format!("position sfen {MATE_IN_3}"));
    let (answer, lines) = gui.answer("go btime 0 wtime 0 byoyomi 10000");
    assert_eq!(answer, "bestmove 9f5b+");
    let info = &lines[lines.len() - 2];
    assert!(info.ends_with(&format!("score mate 3 pv {MATE_IN_3_LINE}")), "{info}");
    gui.send(&format!("position sfen {NO_MATE}"));
    assert_eq!(gui.answer("go btime 10000 wtime 10000").0, "bestmove resign");
    gui.quit();
}

#[test]
fn conditions_and_fairy_letters() {
    let mut gui = Gui::start();
    // A queen (Q) drops next to the king; under 安南 the pawn behind it would make it
    // move as a pawn, so the mate is elsewhere.
    gui.send("position sfen 8k/9/8P/9/9/9/9/9/9 b Q 1");
    assert_eq!(gui.answer("go mate 10000").0, "checkmate Q*1b");
    assert_eq!(gui.reply("setoption name Conditions value annan"), Vec::<String>::new());
    assert_eq!(gui.answer("go mate 10000").0, "checkmate Q*3a");
    let refused = gui.reply("setoption name Conditions value annan nonsense");
    assert!(
        refused[0].starts_with("info string Conditions: unknown condition 'nonsense'"),
        "{refused:?}"
    );
    assert_eq!(gui.answer("go mate 10000").0, "checkmate Q*3a", "annan still holds");
    gui.quit();
}

#[test]
fn bad_lines_are_answered_with_info_strings() {
    let mut gui = Gui::start();
    let expect_info = |gui: &mut Gui, line: &str, words: &str| {
        let reply = gui.reply(line);
        assert!(
            reply.len() == 1 && reply[0].starts_with("info string ") && reply[0].contains(words),
            "{line}: {reply:?}"
        );
    };
    expect_info(&mut gui, "hello engine", "unknown command 'hello': expected usi");
    expect_info(
        &mut gui,
        "setoption",
        "expected 'setoption name <name> [value <value>]'",
    );
    expect_info(&mut gui, "setoption name Threads value many", "from 1 to 256");
    expect_info(
        &mut gui,
        "setoption name FutileInterpositions value x",
        "expected skip or count",
    );
    expect_info(&mut gui, "position sfen 9/9/9 b - 1", "position: column");
    // two pawns on a file (二歩)
    expect_info(
        &mut gui,
        "position sfen 4k4/9/9/9/9/9/4P4/4P4/9 b - 1",
        "position: invalid position",
    );
    expect_info(&mut gui, &"x".repeat(100_000), "unknown command");
    let junk = gui.reply_bytes(b"\xff\xfe\x00\x81 go\r");
    assert_eq!(junk.len(), 1, "{junk:?}");
    // a go with nothing valid to search is still answered, once
    gui.send("position sfen 4k4/9/9 b - 1");
    let (answer, lines) = gui.answer("go mate 1000");
    assert_eq!(answer, "checkmate timeout", "{lines:?}");
    gui.send("position startpos moves 7g7f 7g7f");
    let (answer, lines) = gui.answer("go mate 1000");
    assert_eq!(answer, "checkmate timeout");
    assert!(
        lines[lines.len() - 2].contains("move 2 (7g7f) is not legal"),
        "{lines:?}"
    );
    gui.send(&format!("position sfen {MATE_IN_3}"));
    assert_eq!(gui.answer("go mate soon").0, "checkmate timeout");
    assert_eq!(gui.answer("go btime x").0, "bestmove resign");
    // and the engine still works
    assert_eq!(gui.answer("go mate 10000").0, format!("checkmate {MATE_IN_3_LINE}"));
    gui.quit();
}
