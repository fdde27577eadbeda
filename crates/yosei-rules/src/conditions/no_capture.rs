//! 取禁 `no-capture` and 攻方取禁 `attacker-no-capture` (docs/rules/move-bans.md).
//!
//! The banned side plays no capture (a Lion's two-step that captures anything
//! included). Its pieces still attack: a king within their reach stands in check, and a
//! move into their reach is illegal (fm's check test reads the attack tables, never the
//! capture ban). As with 成禁, fm's mate and stalemate tests still count a banned
//! capture as a move: a king in check whose only escape is to capture the checker is not
//! mated, though it cannot play that capture. The attacker is fm's 攻方
//! (`RuleSet::attacker`).

use yosei_core::Color;

/// Whose captures are banned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoCapture {
    /// 取禁: both sides'.
    BothSides,
    /// 攻方取禁: the attacker's.
    Attacker,
}

impl NoCapture {
    /// Whether `mover` may not play captures when `attacker` attacks.
    #[inline]
    pub(crate) fn bans(self, mover: Color, attacker: Color) -> bool {
        self == NoCapture::BothSides || mover == attacker
    }
}
