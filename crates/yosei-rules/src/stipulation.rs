//! Stipulations (rules.md §8): what a problem asks, as plain data. The solvers for
//! each live in `yosei-solve`.

use std::fmt;
use std::str::FromStr;

/// What a problem asks. Lengths are in plies; `None` where the solver finds the length
/// itself (the shortest, for help play).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Stipulation {
    /// 詰将棋: direct mate, shortest mate against the longest defence.
    Tsume { length: Option<u32> },
    /// Mate in at most n, every solution and cook (逃げ将棋).
    MateIn { length: u32 },
    /// ばか詰 (協力詰, H#): helpmate in exactly n.
    Help { length: Option<u32> },
    /// ばか自殺詰 (協力自玉詰, HS#): helpselfmate.
    HelpSelf { length: Option<u32> },
    /// 自殺詰 (S#): selfmate.
    SelfMate { length: u32 },
    /// Help-stalemate.
    HelpStale { length: Option<u32> },
    /// ばか手順: help sequence to a target position (the target travels separately).
    Sequence { length: u32 },
    /// ばか千日手: help sequence back to the starting position.
    Cycle { length: u32 },
}

impl Stipulation {
    pub fn length(&self) -> Option<u32> {
        match *self {
            Stipulation::Tsume { length }
            | Stipulation::Help { length }
            | Stipulation::HelpSelf { length }
            | Stipulation::HelpStale { length } => length,
            Stipulation::MateIn { length }
            | Stipulation::SelfMate { length }
            | Stipulation::Sequence { length }
            | Stipulation::Cycle { length } => Some(length),
        }
    }

    /// The same stipulation with another length (the `#n` of fm, `手数` of KIF).
    pub fn with_length(self, n: u32) -> Stipulation {
        match self {
            Stipulation::Tsume { .. } => Stipulation::Tsume { length: Some(n) },
            Stipulation::MateIn { .. } => Stipulation::MateIn { length: n },
            Stipulation::Help { .. } => Stipulation::Help { length: Some(n) },
            Stipulation::HelpSelf { .. } => Stipulation::HelpSelf { length: Some(n) },
            Stipulation::SelfMate { .. } => Stipulation::SelfMate { length: n },
            Stipulation::HelpStale { .. } => Stipulation::HelpStale { length: Some(n) },
            Stipulation::Sequence { .. } => Stipulation::Sequence { length: n },
            Stipulation::Cycle { .. } => Stipulation::Cycle { length: n },
        }
    }

    /// The cli.md name without the length (`help`, `mate`…).
    pub fn name(&self) -> &'static str {
        match self {
            Stipulation::Tsume { .. } => "tsume",
            Stipulation::MateIn { .. } => "mate",
            Stipulation::Help { .. } => "help",
            Stipulation::HelpSelf { .. } => "helpself",
            Stipulation::SelfMate { .. } => "self",
            Stipulation::HelpStale { .. } => "helpstale",
            Stipulation::Sequence { .. } => "seq",
            Stipulation::Cycle { .. } => "cycle",
        }
    }

    /// The Japanese name (fm's vocabulary).
    pub fn japanese(&self) -> &'static str {
        match self {
            Stipulation::Tsume { .. } => "詰将棋",
            Stipulation::MateIn { .. } => "逃げ将棋",
            Stipulation::Help { .. } => "ばか詰",
            Stipulation::HelpSelf { .. } => "ばか自殺詰",
            Stipulation::SelfMate { .. } => "自殺詰",
            Stipulation::HelpStale { .. } => "ばかステイルメイト",
            Stipulation::Sequence { .. } => "ばか手順",
            Stipulation::Cycle { .. } => "ばか千日手",
        }
    }
}

impl fmt::Display for Stipulation {
    /// cli.md form: `tsume`, `help:11`, `help` (length open), `mate:7`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.length() {
            Some(n) => write!(f, "{}:{n}", self.name()),
            None => f.write_str(self.name()),
        }
    }
}

impl FromStr for Stipulation {
    type Err = String;

    /// cli.md names: `tsume[:N]`, `mate:N`, `help[:N]`, `helpself[:N]`, `self:N`,
    /// `helpstale[:N]`, `seq:N`, `cycle:N`.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim();
        let (name, length) = match t.split_once(':') {
            Some((name, n)) => {
                let n: u32 = n
                    .trim()
                    .parse()
                    .map_err(|_| format!("stipulation '{t}': expected a number of plies after ':', found '{n}'"))?;
                if n == 0 {
                    return Err(format!("stipulation '{t}': the length must be at least 1"));
                }
                (name.trim(), Some(n))
            }
            None => (t, None),
        };
        let needs = |what: &str| format!("stipulation '{t}': {what} needs a length, e.g. '{what}:7'");
        Ok(match name.to_ascii_lowercase().as_str() {
            "tsume" => Stipulation::Tsume { length },
            "mate" => Stipulation::MateIn {
                length: length.ok_or_else(|| needs("mate"))?,
            },
            "help" => Stipulation::Help { length },
            "helpself" => Stipulation::HelpSelf { length },
            "self" => Stipulation::SelfMate {
                length: length.ok_or_else(|| needs("self"))?,
            },
            "helpstale" => Stipulation::HelpStale { length },
            "seq" => Stipulation::Sequence {
                length: length.ok_or_else(|| needs("seq"))?,
            },
            "cycle" => Stipulation::Cycle {
                length: length.ok_or_else(|| needs("cycle"))?,
            },
            _ => {
                return Err(format!(
                    "unknown stipulation '{t}': expected tsume, mate:N, help[:N], helpself[:N], self:N, \
                     helpstale[:N], seq:N or cycle:N"
                ))
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cli_names_round_trip() {
        for text in [
            "tsume",
            "tsume:9",
            "mate:7",
            "help",
            "help:11",
            "helpself:4",
            "self:3",
            "helpstale:5",
            "seq:6",
            "cycle:8",
        ] {
            let s: Stipulation = text.parse().unwrap();
            assert_eq!(s.to_string(), text);
        }
        assert!("mate".parse::<Stipulation>().is_err());
        assert!("help:0".parse::<Stipulation>().is_err());
        assert!("help:x".parse::<Stipulation>().is_err());
        assert!("zzz:3".parse::<Stipulation>().is_err());
    }
}
