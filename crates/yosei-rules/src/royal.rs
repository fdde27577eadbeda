//! Royal pieces: the kinds whose piece plays the king's part for its side
//! (docs/rules/royal.md). The king, fm's tori phoenix 鵬 and fm's crown prince 太子 are
//! royal in every problem ([`PieceKind::is_always_royal`]); fm's attribute `@R`
//! (`/EF1=WA@R`) makes a fairy kind royal in one problem, its promoted form with it (fm
//! `piece.c` `setup_fairy_attr`).
//!
//! The position's king square of a side is its royal piece's: check, legality, mate and
//! drop-pawn mate ask it as they ask the king's. A royal piece other than the king
//! moves by its own kind's movement, so such positions take the general generator
//! (they hold a fairy piece) and skip every shortcut that assumes a king's steps
//! (`LocalSafety`, the king-step test of `has_legal_king_step`:
//! `Position::has_unusual_royals`).
//!
//! A side may have several royal pieces (fm's 二玉詰, two 玉 included): an attack on
//! any is check, no move may leave any attacked, and mate is check with no legal move
//! (`Position::royals`, asked by the general path, which such positions take).
//!
//! Only the conditions of [`holds_under`] take a royal fairy piece or several royal
//! pieces of a side; under the others they are refused
//! (`SetupProblem::RoyalUnderCondition`, `SetupProblem::SeveralKingsUnderCondition`):
//! those give the king a power (駒詰, 天竺; fm has neither). Where the others single
//! the king out (Madrasi's exemption, Andernach's colour, キルケ's and PWC's putting
//! back) they ask whether the kind is royal ([`crate::Position::is_royal_kind`]), as fm
//! asks `B_PA_ROYAL`; under アンチキルケ a capturing royal fairy piece goes where any
//! fairy piece of its side goes ([`crate::FairyHome`]), a second 玉 where the 玉 does.
//!
//! The set is fixed per problem: the rule set carries it and [`crate::Position`] copies
//! it when validated (and keeps it in its packed form), so that play tracks the royal
//! piece's square.

use crate::kind_set::KindSet;
use crate::Condition;
use std::fmt;
use std::str::FromStr;
use yosei_core::PieceKind;

/// Whether a royal piece other than the king, or several royal pieces of a side, play
/// under `condition`: the conditions that ask only the king's square (drop-pawn mate's,
/// the bans on moves) or whether a piece is royal, never its kind, and whose answers
/// were compared with fm's (docs/rules/royal.md).
pub fn holds_under(condition: Condition) -> bool {
    matches!(
        condition,
        Condition::Uchifu
            | Condition::UchifuSimple
            | Condition::UchifuAllowed
            | Condition::NoPromotion
            | Condition::NoPromotionAbsolute
            | Condition::NoCapture
            | Condition::AttackerNoCapture
            | Condition::Greedy
            | Condition::Ascetic
            | Condition::Annan
            | Condition::Anhoku
            | Condition::Taimen
            | Condition::Haimen
            | Condition::Madrasi
            | Condition::KMadrasi
            | Condition::Circe
            | Condition::AntiCirce
            | Condition::Pwc
            | Condition::Andernach
            | Condition::AntiAndernach
            | Condition::NekoSen
            | Condition::NekoNekoSen
            | Condition::Isardam
            | Condition::IsardamB
            | Condition::Koko
    )
}

/// The tag of [`RoyalKinds`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Royal;

/// The kinds whose pieces are royal in a problem. [`RoyalKinds::always`]: the king, the
/// tori phoenix and the crown prince only.
pub type RoyalKinds = KindSet<Royal>;

/// The kinds royal in every problem, as [`KindSet::bits`] (a test checks them against
/// [`PieceKind::is_always_royal`]).
const ALWAYS: u128 =
    1 << PieceKind::King.index() | 1 << PieceKind::ToriPhoenix.index() | 1 << PieceKind::CrownPrince.index();

impl RoyalKinds {
    /// The kinds royal in every problem.
    pub fn always() -> RoyalKinds {
        KindSet::from_bits(ALWAYS)
    }

    /// These kinds and the fairy kind `kind` declared royal (fm's `@R`), with its
    /// promoted form; an error names an ordinary kind or the stone.
    pub fn with(self, kind: PieceKind) -> Result<RoyalKinds, String> {
        if !kind.is_fairy() || kind.is_promoted() || kind == PieceKind::Stone {
            return Err(format!(
                "only an unpromoted fairy piece can be declared royal, not the {}",
                kind.name()
            ));
        }
        let with_kind = self.adding(kind);
        Ok(kind.promoted().map_or(with_kind, |promoted| with_kind.adding(promoted)))
    }

    /// Whether some kind other than the always-royal ones is royal here.
    #[inline]
    pub fn has_declared(self) -> bool {
        self.bits() & !ALWAYS != 0
    }
}

/// The problem file's `royal` (and CSA's `$ROYAL`): `none`, or a comma list of the fairy
/// kinds declared royal (`[WA]`, `wazir,J`).
impl FromStr for RoyalKinds {
    type Err = String;

    fn from_str(text: &str) -> Result<RoyalKinds, String> {
        match text.trim() {
            "none" => Ok(RoyalKinds::NONE),
            t => KindSet::from_list(t, "royal", "none or KIND,KIND…", RoyalKinds::with),
        }
    }
}

/// The declared kinds (the always-royal ones and the promoted forms left out), as read.
impl fmt::Display for RoyalKinds {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let declared = KindSet::<Royal>::of(self.iter().filter(|k| !k.is_promoted() && !k.is_always_royal()));
        if declared.is_empty() {
            return f.write_str("none");
        }
        f.write_str(&declared.sfen_names())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_always_royal_kinds_are_the_king_the_tori_phoenix_and_the_crown_prince() {
        let listed: Vec<PieceKind> = PieceKind::ALL.into_iter().filter(|k| k.is_always_royal()).collect();
        assert_eq!(RoyalKinds::always().iter().collect::<Vec<_>>(), listed);
    }

    #[test]
    fn a_declared_kind_brings_its_promoted_form_and_ordinary_kinds_are_refused() {
        let royal = RoyalKinds::always().with(PieceKind::Kirin).unwrap();
        assert!(royal.contains(PieceKind::Kirin) && royal.contains(PieceKind::PromotedKirin));
        assert!(royal.contains(PieceKind::King) && royal.contains(PieceKind::ToriPhoenix));
        assert!(royal.has_declared() && !RoyalKinds::always().has_declared());
        assert!(RoyalKinds::always().with(PieceKind::Gold).is_err());
        assert!(RoyalKinds::always().with(PieceKind::Stone).is_err());
    }

    #[test]
    fn the_option_text_reads_back_from_what_is_written() {
        for text in ["none", "J", "[WA],J"] {
            let kinds: RoyalKinds = text.parse().unwrap();
            assert_eq!(kinds.to_string(), text.replace("[WA],J", "J,[WA]"));
        }
        let named: RoyalKinds = "wazir, kirin".parse().unwrap();
        assert!(named.contains(PieceKind::PromotedKirin));
        assert_eq!(named.to_string(), "J,[WA]");
        assert!("G".parse::<RoyalKinds>().is_err());
        assert!("nothing".parse::<RoyalKinds>().is_err());
    }
}
