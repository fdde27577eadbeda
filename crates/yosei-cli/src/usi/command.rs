//! The lines a GUI sends, read into commands. Reading never fails silently: a line that
//! cannot be read gives the words to send back in an `info string`.

use std::time::Duration;
use yosei_io::sfen::{parse_sfen, SfenRecord};

#[derive(Debug, PartialEq, Eq)]
pub enum Command {
    Usi,
    IsReady,
    /// `setoption name N [value V]`: the value is the rest of the line (a string option
    /// may hold spaces); absent or `<empty>` for an empty string.
    SetOption {
        name: String,
        value: String,
    },
    UsiNewGame,
    /// `position sfen … | startpos [moves …]`, read but not yet validated (that depends
    /// on the rules the options name when `go` comes); or why it cannot be read. Boxed:
    /// a record holds two hands of every kind, far larger than the other commands.
    Position(Result<Box<SfenRecord>, String>),
    Go(Go),
    Stop,
    PonderHit,
    GameOver,
    Quit,
    /// Lines a GUI may send that ask nothing of this engine (`debug`, `register`).
    Ignored,
}

/// What a `go` asks.
#[derive(Debug, PartialEq, Eq)]
pub enum Go {
    /// `go mate <ms>|infinite`: a direct-mate search, answered by `checkmate …`.
    Mate { time: Option<Duration> },
    /// Any other `go`: a move in a game, answered by `bestmove`.
    Play(Clock),
    /// A `go` that could not be read: answered at once, as a search that found nothing.
    Unreadable { mate: bool, reason: String },
}

/// The clock of a plain `go`, in milliseconds.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Clock {
    pub btime: u64,
    pub wtime: u64,
    pub binc: u64,
    pub winc: u64,
    pub byoyomi: u64,
    pub movetime: Option<u64>,
    /// Whether any of the times above was given (a bare `go` searches without limit).
    pub timed: bool,
    pub infinite: bool,
    pub ponder: bool,
    /// Words that were not understood and were passed over.
    pub ignored: Vec<String>,
}

const COMMANDS: &str = "usi, isready, setoption, usinewgame, position, go, stop, ponderhit, gameover or quit";

/// Reads one line; `Ok(None)` for a blank line.
pub fn parse_command(line: &str) -> Result<Option<Command>, String> {
    let line = line.trim();
    let (word, rest) = match line.split_once(char::is_whitespace) {
        Some((word, rest)) => (word, rest.trim_start()),
        None => (line, ""),
    };
    let command = match word {
        "" => return Ok(None),
        "usi" => Command::Usi,
        "isready" => Command::IsReady,
        "setoption" => parse_setoption(rest)?,
        "usinewgame" => Command::UsiNewGame,
        "position" => Command::Position(parse_sfen(line).map(Box::new).map_err(|e| e.to_string())),
        "go" => Command::Go(parse_go(rest)),
        "stop" => Command::Stop,
        "ponderhit" => Command::PonderHit,
        "gameover" => Command::GameOver,
        "quit" => Command::Quit,
        "debug" | "register" => Command::Ignored,
        _ => return Err(format!("unknown command '{}': expected {COMMANDS}", shortened(word))),
    };
    Ok(Some(command))
}

fn parse_setoption(rest: &str) -> Result<Command, String> {
    let expected = "expected 'setoption name <name> [value <value>]'";
    let Some(named) = rest
        .strip_prefix("name")
        .filter(|r| r.is_empty() || r.starts_with(char::is_whitespace))
    else {
        return Err(format!("setoption: {expected}"));
    };
    // The name runs up to the word `value`; the value is everything after it.
    let words: Vec<&str> = named.split_whitespace().collect();
    let at = words.iter().position(|&w| w == "value").unwrap_or(words.len());
    let name = words[..at].join(" ");
    if name.is_empty() {
        return Err(format!("setoption: {expected}, found no name"));
    }
    let value = words.get(at + 1..).unwrap_or_default().join(" ");
    let value = if value == "<empty>" { String::new() } else { value };
    Ok(Command::SetOption { name, value })
}

fn parse_go(rest: &str) -> Go {
    let mut words = rest.split_whitespace();
    let mut clock = Clock::default();
    while let Some(word) = words.next() {
        let field = match word {
            "mate" => return parse_go_mate(words.next(), words.next()),
            "infinite" => {
                clock.infinite = true;
                continue;
            }
            "ponder" => {
                clock.ponder = true;
                continue;
            }
            "btime" => &mut clock.btime,
            "wtime" => &mut clock.wtime,
            "binc" => &mut clock.binc,
            "winc" => &mut clock.winc,
            "byoyomi" => &mut clock.byoyomi,
            "movetime" => clock.movetime.insert(0),
            other => {
                clock.ignored.push(shortened(other));
                continue;
            }
        };
        match words.next().map(str::parse::<u64>) {
            Some(Ok(ms)) => {
                *field = ms;
                clock.timed = true;
            }
            _ => {
                return Go::Unreadable {
                    mate: false,
                    reason: format!("go {word}: expected a number of milliseconds after '{word}'"),
                }
            }
        }
    }
    Go::Play(clock)
}

/// `mate <ms>`, `mate infinite`, or `mate` alone (as infinite); nothing may follow.
fn parse_go_mate(time: Option<&str>, after: Option<&str>) -> Go {
    let unreadable = |reason: String| Go::Unreadable { mate: true, reason };
    if let Some(extra) = after {
        return unreadable(format!(
            "go mate: expected nothing after the time, found '{}'",
            shortened(extra)
        ));
    }
    match time {
        None | Some("infinite") => Go::Mate { time: None },
        Some(ms) => match ms.parse::<u64>() {
            Ok(ms) => Go::Mate {
                time: Some(Duration::from_millis(ms)),
            },
            Err(_) => unreadable(format!(
                "go mate: expected milliseconds or 'infinite', found '{}'",
                shortened(ms)
            )),
        },
    }
}

/// A word quoted in a message, cut short so that a garbage line does not flood the GUI.
fn shortened(word: &str) -> String {
    const SHOWN: usize = 24;
    match word.char_indices().nth(SHOWN) {
        Some((at, _)) => format!("{}…", &word[..at]),
        None => word.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(line: &str) -> Command {
        parse_command(line).unwrap().unwrap()
    }

    /// Whether `line` is a `go` that cannot be read, and if so whether it was `go mate`.
    fn unreadable_mate(line: &str) -> Option<bool> {
        match parse(line) {
            Command::Go(Go::Unreadable { mate, .. }) => Some(mate),
            _ => None,
        }
    }

    #[test]
    fn options_take_the_rest_of_the_line_as_value() {
        let set = |name: &str, value: &str| Command::SetOption {
            name: name.into(),
            value: value.into(),
        };
        assert_eq!(
            parse("setoption name Conditions value annan circe"),
            set("Conditions", "annan circe")
        );
        assert_eq!(parse("setoption name Conditions value <empty>"), set("Conditions", ""));
        assert_eq!(parse("setoption name Conditions value"), set("Conditions", ""));
        assert_eq!(parse("setoption name USI_Ponder"), set("USI_Ponder", ""));
        assert_eq!(parse("setoption name Two Words value 3"), set("Two Words", "3"));
        assert!(parse_command("setoption value 3").is_err());
        assert!(parse_command("setoption name").is_err());
        assert!(parse_command("setoption names x").is_err());
    }

    #[test]
    fn go_mate_and_the_clock() {
        assert_eq!(
            parse("go mate 100"),
            Command::Go(Go::Mate {
                time: Some(Duration::from_millis(100))
            })
        );
        assert_eq!(parse("go mate infinite"), Command::Go(Go::Mate { time: None }));
        assert_eq!(parse("go mate"), Command::Go(Go::Mate { time: None }));
        assert_eq!(unreadable_mate("go mate soon"), Some(true));
        assert_eq!(unreadable_mate("go mate 100 200"), Some(true));
        let Command::Go(Go::Play(clock)) = parse("go btime 1000 wtime 2000 byoyomi 3000 depth 5") else {
            panic!("a plain go")
        };
        assert_eq!((clock.btime, clock.wtime, clock.byoyomi), (1000, 2000, 3000));
        assert_eq!(clock.ignored, ["depth", "5"]);
        assert_eq!(unreadable_mate("go btime"), Some(false));
        assert_eq!(unreadable_mate("go wtime -1"), Some(false));
        let Command::Go(Go::Play(clock)) = parse("go infinite") else {
            panic!("a plain go")
        };
        assert!(clock.infinite);
    }

    #[test]
    fn positions_and_unknown_lines() {
        let Command::Position(Ok(record)) = parse("position startpos moves 7g7f 3c3d") else {
            panic!("a position")
        };
        assert_eq!(record.moves.len(), 2);
        let Command::Position(Err(message)) = parse("position sfen 9/9 b - 1") else {
            panic!("an unreadable position")
        };
        assert!(message.starts_with("column 18: the board has 2 ranks"), "{message}");
        assert!(matches!(parse("position"), Command::Position(Err(_))));
        assert_eq!(parse_command("   ").unwrap(), None);
        let err = parse_command("gibberish and more").unwrap_err();
        assert!(err.starts_with("unknown command 'gibberish': expected usi"), "{err}");
        assert!(parse_command(&"x".repeat(1000)).unwrap_err().contains('…'));
        assert_eq!(parse("debug on"), Command::Ignored);
    }
}
