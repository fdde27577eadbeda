//! `Setup`: a position as written, unvalidated. Anything goes here; `yosei-rules`
//! turns a `Setup` into a `Position` or lists every reason it cannot.

use crate::{Color, Hand, Piece, Square};

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Setup {
    pub board: [Option<Piece>; Square::NUM],
    pub hands: [Hand; 2],
    pub side_to_move: Color,
    /// The move number as written (SFEN's last field); 1 when absent.
    pub move_number: u32,
}

impl Default for Setup {
    fn default() -> Self {
        Setup::empty()
    }
}

impl Setup {
    /// An empty board, empty hands, Black to move.
    pub const fn empty() -> Setup {
        Setup {
            board: [None; Square::NUM],
            hands: [Hand::EMPTY; 2],
            side_to_move: Color::Black,
            move_number: 1,
        }
    }

    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board[sq.index()]
    }

    #[inline]
    pub fn put(&mut self, sq: Square, piece: Option<Piece>) {
        self.board[sq.index()] = piece;
    }

    #[inline]
    pub fn hand(&self, color: Color) -> &Hand {
        &self.hands[color.index()]
    }

    #[inline]
    pub fn hand_mut(&mut self, color: Color) -> &mut Hand {
        &mut self.hands[color.index()]
    }

    /// The left-right mirror image (same side to move and hands).
    pub fn mirrored(&self) -> Setup {
        let mut out = self.clone();
        for sq in Square::all() {
            out.board[sq.mirror().index()] = self.board[sq.index()];
        }
        out
    }
}
