//! Retraction under ordinary rules: every position that may precede this one by a move
//! of the side not to move. A superset — a caller keeps a candidate only after
//! generating its moves and finding one that leads here — so it needs none of the
//! legality rules (pins, drop-pawn mate, two pawns, check obligations); it only has to
//! miss nothing: every board move (with or without promotion, with or without a
//! capture of any kind the mover now holds in hand) and every drop, undone.

use crate::{Position, RuleSet};
use yosei_core::{attacks, Piece, PieceKind, Setup};

impl Position {
    /// The positions that may precede this one (see the module docs); ordinary pieces
    /// only (`None` on a board or hand with fairy pieces, or where captures discard
    /// them, whose captures leave no trace in a hand: no retraction is defined for them
    /// yet).
    pub fn retractions(&self, rules: &RuleSet) -> Option<Vec<Position>> {
        if self.has_fairy_pieces() || !self.discarded_kinds().is_empty() {
            return None;
        }
        let mover = !self.side_to_move();
        let setup = self.to_setup();
        let occupied = self.occupied();
        let mut out = Vec::new();
        let mut keep = |s: Setup| {
            if let Ok(pos) = Position::from_setup(&s, rules) {
                out.push(pos);
            }
        };
        for to in self.pieces_of(mover) {
            let Some(piece) = self.piece_at(to) else {
                continue;
            };
            // A drop, undone.
            if piece.kind.is_hand_kind() {
                let mut s = setup.clone();
                s.board[to.index()] = None;
                s.hands[mover.index()].add(piece.kind);
                s.side_to_move = mover;
                keep(s);
            }
            // A board move, undone: the piece came from an empty square that its kind
            // before the move (itself, or unpromoted when it promoted on the move)
            // reaches `to` from; the lines between are as they are now.
            let mut before_kinds = vec![piece.kind];
            if piece.kind.is_promoted() {
                before_kinds.push(piece.kind.unpromoted());
            }
            for &before in &before_kinds {
                let promoted_now = before != piece.kind;
                let froms = attacks::ordinary_attacks(before, !mover, to, occupied) & !occupied;
                for from in froms {
                    if promoted_now && !from.in_zone(mover) && !to.in_zone(mover) {
                        continue;
                    }
                    let mut s = setup.clone();
                    s.board[from.index()] = Some(Piece::new(before, mover));
                    s.side_to_move = mover;
                    // Without a capture.
                    let mut quiet = s.clone();
                    quiet.board[to.index()] = None;
                    keep(quiet);
                    // With a capture of any kind in the mover's hand, promoted or not.
                    for (kind, _) in self.hand(mover).iter() {
                        for captured in captured_kinds(kind) {
                            let mut c = s.clone();
                            c.board[to.index()] = Some(Piece::new(captured, !mover));
                            c.hands[mover.index()].remove(kind);
                            keep(c);
                        }
                    }
                }
            }
        }
        Some(out)
    }
}

/// The kinds a captured piece that went to hand as `kind` may have had on the board.
fn captured_kinds(kind: PieceKind) -> impl Iterator<Item = PieceKind> {
    std::iter::once(kind).chain(kind.promoted())
}
