//! Futile interpositions (無駄合) under `--futile skip`.
//!
//! 全詰連's rule: an interposition that is simply captured, lengthens the line and
//! changes nothing after does not count as a defence. yosei decides it so: against a
//! check by one piece from a distance along a line, a **drop** on a square `s` between
//! the checker and the king is futile when the position with the checker moved to `s`
//! — nothing dropped, the defender still holding the piece, the attacker not holding
//! it — is a mate (searched as any other position, so the rule applies within it too).
//! That position is what the drop and its capture leave, except that the captured
//! piece did not change hands: a mate there is a mate that never needs the piece.
//! The test is per square: every drop on `s` is futile, or none is.
//!
//! What is left open, and why (documented in docs/rules/direct-mate.md):
//! - A board move to `s` (移動合) always counts: the piece leaves a square, and what
//!   that changes is the defence's whole point more often than not.
//! - The checker moves to `s` with promotion when it is a bishop or a rook and may
//!   promote (a promoted one does all the unpromoted one does), otherwise without
//!   when it may (a lance that promotes no longer checks along its line).
//! - Capturing with another piece than the checker, or an interposition whose capture
//!   changes the mate's length, are not judged: whether "nothing changes after" is a
//!   question about all the play that follows, which no finite rule settles for every
//!   position — the community's own examples disagree at the edges.
//! - Under a fairy condition every interposition counts: capture and check change
//!   meaning there (rebirth, borrowed powers, paralysis), and fm's かしこ has no such
//!   rule. So under 王位置: a check that only futile drops answer is no mate where the
//!   king stands off the square, and the line after the drop and its capture may well
//!   bring it there.
//! - With several royal pieces of a side (二玉詰) every interposition counts too: the
//!   probe follows one line to one king, and a drop there may also guard the other.

use yosei_core::{PieceKind, Square};
use yosei_rules::{Position, RuleSet};

/// Where the checker stands and whether it promotes on its way to the drop square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Probe {
    pub from: Square,
    pub promote: bool,
}

/// The probe of a drop on `square` (a legal reply of the defender, to move and in
/// check in `pos`), if the drop is an interposition this rule judges.
pub fn interposition_probe(pos: &Position, rules: &RuleSet, square: Square) -> Option<Probe> {
    if !rules.is_ordinary() || rules.king_squares().is_some() || pos.has_several_royals() {
        return None;
    }
    let defender = pos.side_to_move();
    let king = pos.king(defender)?;
    let step = line_step(king, square)?;
    // Walk from the king through the drop square to the first piece: the checker.
    let mut at = king;
    let mut passed = false;
    let checker = loop {
        at = at.offset(step.0, step.1)?;
        if at == square {
            passed = true;
        }
        if pos.piece_at(at).is_some() {
            break at;
        }
    };
    let piece = pos.piece_at(checker)?;
    if !passed || checker == square || piece.color == defender {
        return None;
    }
    let occupied = pos.occupied();
    let reach = rules.pieces().reach(piece.kind, piece.color, checker, occupied);
    if !reach.quiet.contains(square) || !reach.attacks.contains(king) {
        return None;
    }
    let may_promote = rules.promotes(piece.kind) && (checker.in_zone(piece.color) || square.in_zone(piece.color));
    let must_promote = may_promote && rules.is_dead(piece.kind, piece.color, square);
    let promote = must_promote || (may_promote && matches!(piece.kind, PieceKind::Bishop | PieceKind::Rook));
    let probe = pos.with_piece_moved(checker, square, promote)?;
    // Still a check, and not one that leaves the attacker's own king open.
    if !probe.in_check(rules) || probe.king_capturable(rules) {
        return None;
    }
    Some(Probe { from: checker, promote })
}

/// The unit step from `from` towards `to` along a rook, bishop or knight-rider line.
fn line_step(from: Square, to: Square) -> Option<(i32, i32)> {
    let df = to.file() - from.file();
    let dr = to.rank() - from.rank();
    if df == 0 && dr == 0 {
        return None;
    }
    if df == 0 || dr == 0 || df.abs() == dr.abs() {
        return Some((df.signum(), dr.signum()));
    }
    let g = gcd(df.unsigned_abs(), dr.unsigned_abs()) as i32;
    let (sf, sr) = (df / g, dr / g);
    matches!((sf.abs(), sr.abs()), (1, 2) | (2, 1)).then_some((sf, sr))
}

fn gcd(a: u32, b: u32) -> u32 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}
