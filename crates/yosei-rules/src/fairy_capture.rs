//! What becomes of a captured fairy piece: held (rules.md §1, yosei's default: it goes
//! to the capturer's hand and may be dropped) or discarded (取捨て: it leaves play), per
//! fairy kind. fm declares the choice per piece (`/EF1=KN@H` holds, `/EF1=KN` discards;
//! docs/rules/fairy-declarations.md).
//!
//! The choice is fixed per problem: the rule set carries it and [`crate::Position`]
//! copies it when validated, so that play, key updates and take-backs all consult it.

use crate::kind_set::KindSet;
use crate::ruleset::kind_from_word;
use std::fmt;
use std::str::FromStr;
use yosei_core::PieceKind;

/// The tag of [`DiscardedKinds`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Discarded;

/// The fairy kinds whose captured pieces are discarded (取捨て); every other captured
/// piece goes to the capturer's hand as usual. `DiscardedKinds::NONE`: rules.md's rule.
pub type DiscardedKinds = KindSet<Discarded>;

impl DiscardedKinds {
    /// Every fairy kind a hand can hold (fm's default for a piece declared without `H`).
    pub fn every_fairy_kind() -> DiscardedKinds {
        KindSet::of(PieceKind::HAND_KINDS.into_iter().filter(|k| k.is_fairy()))
    }

    /// These kinds and `kind`; an error names an ordinary kind (captured ordinary pieces
    /// are always held) or a kind that never goes to a hand (the stone).
    pub fn with(self, kind: PieceKind) -> Result<DiscardedKinds, String> {
        if !kind.is_fairy() || !kind.is_hand_kind() {
            return Err(format!(
                "only a fairy piece can be discarded when captured, not the {}",
                kind.name()
            ));
        }
        Ok(self.adding(kind))
    }

    /// The set of `bits` ([`KindSet::bits`]), kept to fairy hand kinds.
    pub(crate) fn discarded_from_bits(bits: u128) -> DiscardedKinds {
        KindSet::from_bits(bits).intersection(DiscardedKinds::every_fairy_kind())
    }

    /// The kind a captured `kind` adds to the capturer's hand, if any: its unpromoted
    /// hand kind, unless that is discarded.
    #[inline]
    pub fn hand_kind_of_captured(self, kind: PieceKind) -> Option<PieceKind> {
        kind.hand_kind().filter(|&k| !self.contains(k))
    }
}

/// The option's text (cli.md `--fairy-capture`, the problem file's `fairy-capture`):
/// `hold` (none discarded), `discard` (every fairy kind) or `discard:` and a comma list
/// of kinds (`discard:T,[WA]`, `discard:chess-knight`).
impl FromStr for DiscardedKinds {
    type Err = String;

    fn from_str(text: &str) -> Result<DiscardedKinds, String> {
        match text.trim() {
            "hold" => Ok(DiscardedKinds::NONE),
            "discard" => Ok(DiscardedKinds::every_fairy_kind()),
            t => {
                let Some(list) = t.strip_prefix("discard:") else {
                    return Err(format!(
                        "fairy capture '{t}': expected hold, discard, or discard:KIND,KIND…"
                    ));
                };
                let mut kinds = DiscardedKinds::NONE;
                for word in list.split(',') {
                    let kind = kind_from_word(word)
                        .ok_or_else(|| format!("fairy capture '{t}': '{}' is not a piece kind", word.trim()))?;
                    kinds = kinds.with(kind)?;
                }
                Ok(kinds)
            }
        }
    }
}

impl fmt::Display for DiscardedKinds {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("hold");
        }
        if *self == DiscardedKinds::every_fairy_kind() {
            return f.write_str("discard");
        }
        write!(f, "discard:{}", self.sfen_names())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_discarded_fairy_kind_adds_nothing_to_a_hand_and_others_still_do() {
        let kinds = DiscardedKinds::NONE.with(PieceKind::ChessKnight).unwrap();
        assert_eq!(kinds.hand_kind_of_captured(PieceKind::ChessKnight), None);
        assert_eq!(kinds.hand_kind_of_captured(PieceKind::Camel), Some(PieceKind::Camel));
        assert_eq!(kinds.hand_kind_of_captured(PieceKind::Dragon), Some(PieceKind::Rook));
    }

    #[test]
    fn ordinary_kinds_and_the_stone_cannot_be_discarded() {
        assert!(DiscardedKinds::NONE.with(PieceKind::Rook).is_err());
        assert!(DiscardedKinds::NONE.with(PieceKind::Stone).is_err());
    }

    #[test]
    fn the_option_text_reads_back_from_what_is_written() {
        for text in ["hold", "discard", "discard:T", "discard:T,[WA]"] {
            let kinds: DiscardedKinds = text.parse().unwrap();
            assert_eq!(kinds.to_string(), text);
        }
        let named: DiscardedKinds = "discard:chess-knight, wazir".parse().unwrap();
        assert_eq!(named.to_string(), "discard:T,[WA]");
    }

    #[test]
    fn the_option_text_names_what_is_wrong() {
        let err = "discard:R".parse::<DiscardedKinds>().unwrap_err();
        assert!(err.contains("rook"), "{err}");
        let err = "discard:XX".parse::<DiscardedKinds>().unwrap_err();
        assert!(err.contains("'XX' is not a piece kind"), "{err}");
        assert!("keep".parse::<DiscardedKinds>().is_err());
    }

    #[test]
    fn every_fairy_kind_holds_no_ordinary_kind() {
        let all = DiscardedKinds::every_fairy_kind();
        assert!(all.iter().all(|k| k.is_fairy() && k.is_hand_kind()));
        assert!(all.contains(PieceKind::Wazir) && !all.contains(PieceKind::Pawn));
    }
}
