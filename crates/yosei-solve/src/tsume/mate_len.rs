//! The value of a mate: its length in plies. Smaller is better for the attacker.
//!
//! What else composers ask of the line (nothing left in hand, no cook) decides between
//! lines of one length only, so it is settled when the line is chosen (`line`), not in
//! the search.

/// Plies to mate.
pub type MateLen = u32;

/// A bound that any mate meets: the search asks only "is there a mate?".
pub const ANY: MateLen = u32::MAX - 1;
/// "No proof known" (for an upper bound) and "no mate at all" (for a lower bound).
pub const NONE: MateLen = u32::MAX;

/// The value of a position where the defender is mated now.
pub const MATED: MateLen = 0;

/// The value one ply before a position of value `v`.
#[inline]
pub fn before(v: MateLen) -> MateLen {
    v.saturating_add(1).min(ANY)
}

/// The bound for a child when the parent asks for `bound` (one ply less).
#[inline]
pub fn child_bound(bound: MateLen) -> Option<MateLen> {
    if bound == ANY {
        Some(ANY)
    } else {
        bound.checked_sub(1)
    }
}
