//! Every condition yosei knows, as the front ends offer it: `yosei solve
//! --list-conditions` prints it, the web page's `/api/conditions` serves it (the page
//! makes its checkboxes from it). Both are built from [`Condition::listed`], so a
//! condition added there reaches every front end.

use serde::Serialize;
use yosei_io::notation::board_glyph;
use yosei_rules::ruleset::kind_word;
use yosei_rules::Condition;

/// One condition as a user chooses it.
#[derive(Serialize)]
pub struct ConditionEntry {
    /// cli.md's name; `komazume` without its kind (see `kinds`).
    pub name: &'static str,
    /// The name as typed: `annan`, `komazume:KIND`.
    pub usage: String,
    pub japanese: &'static str,
    /// fm's short form (`!AN`), if fm has one.
    pub fm_short: Option<&'static str>,
    /// The kinds to choose from when the name takes one (`komazume:KIND`), else none.
    pub kinds: Option<Vec<KindChoice>>,
    /// The squares a user starts from when the name takes squares
    /// (`king-square:SQ[/SQ]`: `55`), else none.
    pub squares: Option<String>,
    /// The stipulations it is solved under, when it is limited to some (cli.md words).
    pub limited_to: Option<&'static str>,
    /// The listed conditions it is accepted with, when it is refused alone (some of
    /// them must be chosen too); empty when it stands alone.
    pub only_with: Vec<&'static str>,
    /// The listed conditions it cannot be combined with (cli.md names).
    pub refused_with: Vec<&'static str>,
    /// Whether yosei applies it at all.
    pub implemented: bool,
    /// All of the above in words, as `--list-conditions` prints it.
    pub status: String,
}

/// A piece kind 駒詰 may give the kings.
#[derive(Serialize)]
pub struct KindChoice {
    /// As `komazume:KIND` writes it: `knight`, `chess-knight`.
    pub name: String,
    pub glyph: char,
}

/// The list, in [`Condition::listed`]'s order.
pub fn entries() -> Vec<ConditionEntry> {
    Condition::listed()
        .map(|c| {
            let mut entry = ConditionEntry {
                name: c.name(),
                usage: c.usage(),
                japanese: c.japanese(),
                fm_short: c.fm_short(),
                kinds: c.takes_kind().then(|| {
                    Condition::komazume_kinds()
                        .map(|kind| KindChoice {
                            name: kind_word(kind),
                            glyph: board_glyph(kind),
                        })
                        .collect()
                }),
                squares: match c {
                    Condition::KingSquare(squares) => Some(squares.to_string()),
                    _ => None,
                },
                limited_to: c.limited_to(),
                only_with: c.only_with().into_iter().map(Condition::name).collect(),
                refused_with: c.refused_with().into_iter().map(Condition::name).collect(),
                implemented: c.is_implemented(),
                status: String::new(),
            };
            entry.status = entry.describe_status();
            entry
        })
        .collect()
}

impl ConditionEntry {
    /// What works: `supported`, the stipulations it is limited to, what it is refused
    /// with, the kinds it takes.
    fn describe_status(&self) -> String {
        if !self.implemented {
            return "not implemented yet".to_string();
        }
        let mut parts = vec!["supported".to_string()];
        if let Some(stipulations) = self.limited_to {
            parts.push(format!("{stipulations} only"));
        }
        if !self.only_with.is_empty() {
            // then nearly every pair is refused for want of one of these: not listed
            parts.push(format!("only with one of {}", self.only_with.join(", ")));
        } else if !self.refused_with.is_empty() {
            parts.push(format!("refused with {}", self.refused_with.join(", ")));
        }
        if let Some(kinds) = &self.kinds {
            let names: Vec<&str> = kinds.iter().map(|k| k.name.as_str()).collect();
            parts.push(format!("KIND: an SFEN letter or {}", names.join(", ")));
        }
        if self.squares.is_some() {
            parts.push(
                "SQ: the mated (stalemated) king's square, file then rank (55); /SQ: the other king's".to_string(),
            );
        }
        parts.join("; ")
    }
}

/// `yosei solve --list-conditions`: one line per condition, tab-separated: the name to
/// type, the Japanese name, fm's short form (`-` if none) and the status.
pub fn list_text() -> String {
    entries()
        .iter()
        .map(|e| {
            format!(
                "{}\t{}\t{}\t{}\n",
                e.usage,
                e.japanese,
                e.fm_short.unwrap_or("-"),
                e.status
            )
        })
        .collect()
}
