//! Which fairy kinds promote: fm's attribute `@P` (`/EF1=KR@HP`), a per-problem option
//! (docs/rules/fairy-promotion.md). A kind of [`PieceKind::PROMOTING_FAIRY_KINDS`] in
//! the set promotes as the ordinary kinds do (optionally, moving into, out of or within
//! the zone) to its promoted form ([`PieceKind::promoted`]: 麒麟 to 師, a Lion…); a
//! captured promoted piece goes to a hand as its base kind, as a captured と does.
//!
//! The choice is only asked where moves are generated, which always have the rule set
//! ([`crate::RuleSet::promotes`]); play follows the move's promotion flag, so the
//! position, its keys and its packed form need not carry it.

use crate::kind_set::KindSet;
use std::fmt;
use std::str::FromStr;
use yosei_core::PieceKind;

/// The tag of [`FairyPromotion`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Promoting;

/// The fairy kinds that promote in a problem; `FairyPromotion::NONE` by default
/// (rules.md §1: no fairy piece promotes).
pub type FairyPromotion = KindSet<Promoting>;

impl FairyPromotion {
    /// Every fairy kind yosei can promote.
    pub fn every_kind() -> FairyPromotion {
        KindSet::of(PieceKind::PROMOTING_FAIRY_KINDS)
    }

    /// These kinds and `kind`; an error names a kind that is not a fairy kind with a
    /// promoted form (an ordinary kind promotes in every problem).
    pub fn with(self, kind: PieceKind) -> Result<FairyPromotion, String> {
        if !PieceKind::PROMOTING_FAIRY_KINDS.contains(&kind) {
            return Err(format!(
                "the {} has no promoted form yosei can give it (fairy promotion: {})",
                kind.name(),
                FairyPromotion::every_kind()
            ));
        }
        Ok(self.adding(kind))
    }
}

/// The option's text (`--fairy-promotion`, the problem file's `fairy-promotion`):
/// `none`, `all`, or a comma list of kinds (`J,H,[MK]`, `kirin,phoenix`).
impl FromStr for FairyPromotion {
    type Err = String;

    fn from_str(text: &str) -> Result<FairyPromotion, String> {
        match text.trim() {
            "none" => Ok(FairyPromotion::NONE),
            "all" => Ok(FairyPromotion::every_kind()),
            t => KindSet::from_list(t, "fairy promotion", "none, all, or KIND,KIND…", FairyPromotion::with),
        }
    }
}

impl fmt::Display for FairyPromotion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("none");
        }
        if *self == FairyPromotion::every_kind() {
            return f.write_str("all");
        }
        f.write_str(&self.sfen_names())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_option_text_reads_back_from_what_is_written() {
        for text in ["none", "all", "J", "H,J,[MK]", "[TTK],[DHR]"] {
            let kinds: FairyPromotion = text.parse().unwrap();
            assert_eq!(kinds.to_string(), text);
        }
        let named: FairyPromotion = "kirin, blind-tiger".parse().unwrap();
        assert_eq!(named.to_string(), "J,[MK]");
    }

    #[test]
    fn only_fairy_kinds_with_a_promoted_form_promote_by_the_option() {
        let err = "R".parse::<FairyPromotion>().unwrap_err();
        assert!(err.contains("rook"), "{err}");
        // fm promotes the drunk elephant to a royal piece, which yosei does not have
        let err = "[SZ]".parse::<FairyPromotion>().unwrap_err();
        assert!(err.contains("drunk elephant"), "{err}");
        assert!("[WA]".parse::<FairyPromotion>().is_err());
        let err = "XX".parse::<FairyPromotion>().unwrap_err();
        assert!(err.contains("'XX' is not a piece kind"), "{err}");
    }

    #[test]
    fn every_kind_is_each_promoting_fairy_kind_and_its_form_reverts_to_it() {
        let all = FairyPromotion::every_kind();
        assert_eq!(all.iter().count(), PieceKind::PROMOTING_FAIRY_KINDS.len());
        for (base, promoted) in PieceKind::PROMOTING_FAIRY_KINDS
            .into_iter()
            .zip(PieceKind::PROMOTED_FAIRY_KINDS)
        {
            assert_eq!(base.promoted(), Some(promoted));
            assert_eq!(promoted.unpromoted(), base);
            assert_eq!(promoted.hand_kind(), Some(base));
            assert!(promoted.is_promoted() && !promoted.is_hand_kind() && promoted.is_fairy());
        }
    }
}
