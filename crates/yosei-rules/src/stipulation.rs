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
    /// 連続詰 (fm SER-#n): the attacker plays up to n moves in a row, the defender never
    /// moving; only the last checks, and it mates.
    Series { length: u32 },
    /// 連続協力詰 (fm SH#n): the defender plays up to n moves in a row, none of them a
    /// check, then the attacker mates in one.
    SeriesHelp { length: u32 },
    /// 協力自玉ステイルメイト (fm HS=): both cooperate so that the defender's last move
    /// leaves the attacker, not in check, without a legal move.
    HelpSelfStale { length: Option<u32> },
}

impl Stipulation {
    pub fn length(&self) -> Option<u32> {
        match *self {
            Stipulation::Tsume { length }
            | Stipulation::Help { length }
            | Stipulation::HelpSelf { length }
            | Stipulation::HelpStale { length }
            | Stipulation::HelpSelfStale { length } => length,
            Stipulation::MateIn { length }
            | Stipulation::Series { length }
            | Stipulation::SeriesHelp { length }
            | Stipulation::SelfMate { length }
            | Stipulation::Sequence { length }
            | Stipulation::Cycle { length } => Some(length),
        }
    }

    /// The stated length in plies: the length, but for 連続協力詰, whose length counts
    /// the defender's moves (fm's SH#n), the mate that follows them too.
    pub fn plies(&self) -> Option<u32> {
        match *self {
            Stipulation::SeriesHelp { length } => Some(length.saturating_add(1)),
            other => other.length(),
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
            Stipulation::Series { .. } => Stipulation::Series { length: n },
            Stipulation::SeriesHelp { .. } => Stipulation::SeriesHelp { length: n },
            Stipulation::HelpSelfStale { .. } => Stipulation::HelpSelfStale { length: Some(n) },
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
            Stipulation::Series { .. } => "ser",
            Stipulation::SeriesHelp { .. } => "serhelp",
            Stipulation::HelpSelfStale { .. } => "helpselfstale",
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
            Stipulation::Series { .. } => "連続詰",
            Stipulation::SeriesHelp { .. } => "連続協力詰",
            Stipulation::HelpSelfStale { .. } => "協力自玉ステイルメイト",
        }
    }

    /// Series play (連続詰, 連続協力詰): one side moves several times in a row, the other
    /// passing; its lines hold the moves alone, and whoever replays them passes between.
    pub fn is_series(&self) -> bool {
        matches!(self, Stipulation::Series { .. } | Stipulation::SeriesHelp { .. })
    }

    /// Whether, in a solution line of `line_len` moves, the other side passes after the
    /// move at index `ply`: in 連続詰 after every move but the last; in 連続協力詰 after
    /// every defender move but the last (the attacker's mate follows it); never
    /// elsewhere.
    pub fn passes_after(&self, ply: usize, line_len: usize) -> bool {
        match self {
            Stipulation::Series { .. } => ply + 1 < line_len,
            Stipulation::SeriesHelp { .. } => ply + 2 < line_len,
            _ => false,
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
    /// `helpstale[:N]`, `seq:N`, `cycle:N`, `ser:N`, `serhelp:N`, `helpselfstale[:N]`.
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
            "ser" => Stipulation::Series {
                length: length.ok_or_else(|| needs("ser"))?,
            },
            "serhelp" => Stipulation::SeriesHelp {
                length: length.ok_or_else(|| needs("serhelp"))?,
            },
            "helpselfstale" => Stipulation::HelpSelfStale { length },
            _ => {
                return Err(format!(
                    "unknown stipulation '{t}': expected tsume, mate:N, help[:N], helpself[:N], self:N, \
                     helpstale[:N], seq:N, cycle:N, ser:N, serhelp:N or helpselfstale[:N]"
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
            "ser:5",
            "serhelp:3",
            "helpselfstale:4",
            "helpselfstale",
        ] {
            let s: Stipulation = text.parse().unwrap();
            assert_eq!(s.to_string(), text);
        }
        assert!("mate".parse::<Stipulation>().is_err());
        assert!("help:0".parse::<Stipulation>().is_err());
        assert!("help:x".parse::<Stipulation>().is_err());
        assert!("zzz:3".parse::<Stipulation>().is_err());
        assert!("ser".parse::<Stipulation>().is_err());
        assert!("serhelp".parse::<Stipulation>().is_err());
    }
}
