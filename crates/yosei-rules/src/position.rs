//! The validated position: mailbox + bitboards + hands + side to move + key.
//!
//! Built only through [`Position::from_setup`], which checks every requirement of
//! rules.md §3 on the setup. Moves are played by copy-make ([`Position::play`]); the
//! Zobrist key is kept incrementally.

use crate::conditions::messigny::SwapMemory;
use crate::fairy_capture::DiscardedKinds;
use crate::royal::RoyalKinds;
use crate::zobrist::{self, Key};
use yosei_core::attacks;
use yosei_core::{Bitboard, Color, Displacement, Hand, Move, Piece, PieceKind, Setup, Square};

/// What a board move took away, to put it back ([`Position::undo_board_move`]).
#[derive(Clone, Copy)]
pub(crate) struct Undo {
    moved: Option<Piece>,
    at_via: Option<Piece>,
    at_to: Option<Piece>,
    swap_memory: SwapMemory,
}

#[derive(Clone, PartialEq, Eq)]
pub struct Position {
    board: [Option<Piece>; Square::NUM],
    by_color: [Bitboard; 2],
    /// Squares per kind for the ordinary kinds and the stone; one shared set for every
    /// other fairy kind (few on any board; `pieces_of_kind` sorts them by the mailbox).
    /// Keeps the position small: it is copied for every move played.
    by_kind: [Bitboard; KIND_SLOTS],
    hands: [Hand; 2],
    side: Color,
    kings: [Option<Square>; 2],
    key: Key,
    /// The hands' part of `key`, kept with it: the direct-mate table's key leaves the
    /// hands out at every node (`board_key`).
    hands_key: Key,
    move_number: u32,
    /// Fairy pieces (other than stones) stand on the board or lie in a hand, or captures
    /// discard fairy kinds, or a side has several royal pieces (`several_royals`). Play
    /// never changes this (a fairy piece stays one when captured and dropped; a
    /// discarded one leaves the flag set; a royal piece is never captured), so it is
    /// fixed per problem: it selects the general generator.
    fairy: bool,
    /// A side has two or more royal pieces (fm's 二玉詰, docs/rules/royal.md): `kings`
    /// then holds one of them, and check and legality ask every one
    /// ([`Position::royals`]). Fixed per problem as `fairy` is.
    several_royals: bool,
    /// Messigny: what the move that led here was, where the rule asks (in the key).
    swap_memory: SwapMemory,
    /// The fairy kinds a capture removes from play instead of handing them to the
    /// capturer (the rule set's, copied when validated: play consults it).
    discarded: DiscardedKinds,
    /// The kinds whose piece is its side's king (the rule set's, copied when validated:
    /// play tracks the royal piece's square by it).
    royal: RoyalKinds,
}

/// Slots of `Position::by_kind`: the fourteen ordinary kinds, the stone, the others.
const KIND_SLOTS: usize = 16;
const STONE_SLOT: usize = 14;
const FAIRY_SLOT: usize = 15;

#[inline]
const fn kind_slot(kind: PieceKind) -> usize {
    match kind {
        PieceKind::Stone => STONE_SLOT,
        k if k.is_ordinary() => k.index(),
        _ => FAIRY_SLOT,
    }
}

impl Position {
    /// The initial position of a shogi game.
    pub fn startpos() -> Position {
        use PieceKind::*;
        let mut setup = Setup::empty();
        let back = [Lance, Knight, Silver, Gold, King, Gold, Silver, Knight, Lance];
        for (i, &kind) in back.iter().enumerate() {
            let file = 9 - i as i32;
            setup.put(sq(file, 9), Some(Piece::new(kind, Color::Black)));
            setup.put(sq(file, 1), Some(Piece::new(kind, Color::White)));
            setup.put(sq(file, 7), Some(Piece::new(Pawn, Color::Black)));
            setup.put(sq(file, 3), Some(Piece::new(Pawn, Color::White)));
        }
        setup.put(sq(8, 8), Some(Piece::new(Bishop, Color::Black)));
        setup.put(sq(2, 8), Some(Piece::new(Rook, Color::Black)));
        setup.put(sq(2, 2), Some(Piece::new(Bishop, Color::White)));
        setup.put(sq(8, 2), Some(Piece::new(Rook, Color::White)));
        Position::from_setup_unchecked(&setup)
    }

    /// Builds the position without validation. Only for setups known to be valid.
    pub(crate) fn from_setup_unchecked(setup: &Setup) -> Position {
        let mut pos = Position {
            board: [None; Square::NUM],
            by_color: [Bitboard::EMPTY; 2],
            by_kind: [Bitboard::EMPTY; KIND_SLOTS],
            hands: setup.hands,
            side: setup.side_to_move,
            kings: [None; 2],
            key: 0,
            hands_key: 0,
            move_number: setup.move_number,
            fairy: false,
            several_royals: false,
            swap_memory: SwapMemory::Off,
            discarded: DiscardedKinds::NONE,
            royal: RoyalKinds::always(),
        };
        for sq in Square::all() {
            if let Some(piece) = setup.piece_at(sq) {
                pos.put(sq, piece);
            }
        }
        pos.key = pos.compute_key();
        pos.hands_key = pos.compute_hands_key();
        pos.find_general();
        pos
    }

    /// Sets the two per-problem flags that select the general path: several royal
    /// pieces of a side, fairy pieces in play.
    fn find_general(&mut self) {
        self.several_royals = Color::ALL.into_iter().any(|c| self.royal_squares(c).has_several());
        self.fairy = self.several_royals || self.find_fairy_pieces();
    }

    /// Whether fairy pieces are in play, or were (captures may discard every one, and
    /// the flag is fixed per problem: a position with discarded kinds keeps it).
    fn find_fairy_pieces(&self) -> bool {
        !self.discarded.is_empty()
            || self.by_kind[FAIRY_SLOT].is_nonempty()
            || self
                .hands
                .iter()
                .any(|hand| hand.iter().any(|(kind, _)| kind.is_fairy()))
    }

    /// Whether fairy pieces (other than stones) are in play, or a side has several
    /// royal pieces: such positions take the general generator.
    #[inline]
    pub fn has_fairy_pieces(&self) -> bool {
        self.fairy
    }

    /// The fairy kinds whose captured pieces leave play (取捨て).
    #[inline]
    pub fn discarded_kinds(&self) -> DiscardedKinds {
        self.discarded
    }

    /// This position with captured pieces of `kinds` discarded from now on (set once,
    /// when the position is validated under a rule set).
    pub(crate) fn set_discarded_kinds(&mut self, kinds: DiscardedKinds) {
        self.discarded = kinds;
        self.find_general();
    }

    /// This position with the pieces of `kinds` royal (set once, when the position is
    /// validated under a rule set): the king squares are found again.
    pub(crate) fn set_royal_kinds(&mut self, kinds: RoyalKinds) {
        self.royal = kinds;
        self.find_kings();
        self.find_general();
    }

    fn find_kings(&mut self) {
        self.kings = [None; 2];
        for sq in self.occupied() {
            if let Some(piece) = self.board[sq.index()].filter(|p| self.royal.contains(p.kind)) {
                self.kings[piece.color.index()] = Some(sq);
            }
        }
    }

    /// Whether the pieces of `kind` are royal here (the king's, the tori phoenix's, and
    /// any kind the problem declares royal).
    #[inline]
    pub fn is_royal_kind(&self, kind: PieceKind) -> bool {
        // of the ordinary kinds only the king (a problem declares fairy kinds royal);
        // asked per piece under Madrasi, so the common case stays one comparison
        if kind.is_ordinary() {
            return kind == PieceKind::King;
        }
        self.royal.contains(kind)
    }

    /// Whether the royal pieces are other than one king per side: a royal piece other
    /// than a king stands on the board (its side's king square is that piece's, which
    /// moves by its own kind's movement), or a side has several royal pieces. The
    /// shortcuts that assume one king stepping as a king are off then.
    #[inline]
    pub fn has_unusual_royals(&self) -> bool {
        self.several_royals
            || self
                .kings
                .iter()
                .flatten()
                .any(|sq| self.board[sq.index()].is_some_and(|p| p.kind != PieceKind::King))
    }

    /// Whether a side has two or more royal pieces (fm's 二玉詰).
    #[inline]
    pub fn has_several_royals(&self) -> bool {
        self.several_royals
    }

    /// The squares of `color`'s royal pieces: its king square, or under 二玉詰 every
    /// royal piece's (check and legality ask each).
    #[inline]
    pub fn royals(&self, color: Color) -> Bitboard {
        if self.several_royals {
            return self.royal_squares(color);
        }
        self.kings[color.index()].map_or(Bitboard::EMPTY, Bitboard::from)
    }

    /// The squares of `color`'s royal pieces, found on the board: kings, and the fairy
    /// pieces of a royal kind.
    fn royal_squares(&self, color: Color) -> Bitboard {
        let ours = self.by_color[color.index()];
        let mut squares = self.by_kind[PieceKind::King.index()] & ours;
        for sq in self.by_kind[FAIRY_SLOT] & ours {
            if self.board[sq.index()].is_some_and(|p| self.royal.contains(p.kind)) {
                squares |= Bitboard::from(sq);
            }
        }
        squares
    }

    /// What this position remembers of the move that led to it (Messigny).
    #[inline]
    pub fn swap_memory(&self) -> SwapMemory {
        self.swap_memory
    }

    /// This position remembering `memory` instead (the key follows).
    pub(crate) fn set_swap_memory(&mut self, memory: SwapMemory) {
        if memory == self.swap_memory {
            return;
        }
        self.key ^= zobrist::swap_memory(self.swap_memory) ^ zobrist::swap_memory(memory);
        self.swap_memory = memory;
    }

    /// Back to an unvalidated setup (for writers and for editing).
    pub fn to_setup(&self) -> Setup {
        Setup {
            board: self.board,
            hands: self.hands,
            side_to_move: self.side,
            move_number: self.move_number,
        }
    }

    #[inline]
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board[sq.index()]
    }

    /// The kind of the piece that `m` moves or drops, once it lands (promoted where `m`
    /// promotes); `None` when there is no piece to move.
    #[inline]
    pub fn kind_after(&self, m: Move) -> Option<PieceKind> {
        let kind = match (m.drop_kind(), m.from()) {
            (Some(kind), _) => return Some(kind),
            (None, Some(from)) => self.piece_at(from)?.kind,
            (None, None) => return None,
        };
        Some(if m.is_promotion() {
            kind.promoted().unwrap_or(kind)
        } else {
            kind
        })
    }

    #[inline]
    pub fn hand(&self, color: Color) -> &Hand {
        &self.hands[color.index()]
    }

    #[inline]
    pub fn king(&self, color: Color) -> Option<Square> {
        self.kings[color.index()]
    }

    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }

    #[inline]
    pub fn pieces_of(&self, color: Color) -> Bitboard {
        self.by_color[color.index()]
    }

    /// Squares holding `kind`, of either colour.
    #[inline]
    pub fn pieces_of_kind(&self, kind: PieceKind) -> Bitboard {
        let slot = kind_slot(kind);
        if slot != FAIRY_SLOT {
            return self.by_kind[slot];
        }
        let mut squares = Bitboard::EMPTY;
        for sq in self.by_kind[FAIRY_SLOT] {
            if self.board[sq.index()].is_some_and(|p| p.kind == kind) {
                squares |= Bitboard::from(sq);
            }
        }
        squares
    }

    #[inline]
    pub fn pieces(&self, color: Color, kind: PieceKind) -> Bitboard {
        self.pieces_of_kind(kind) & self.by_color[color.index()]
    }

    /// The incrementally kept 128-bit Zobrist key (board, both hands, side to move).
    #[inline]
    pub fn key(&self) -> Key {
        self.key
    }

    /// The key of the board and the side to move, without the hands: direct-mate
    /// tables key positions by it and compare hands themselves (hand superiority).
    /// Where captures discard fairy pieces the board and one hand no longer tell the
    /// other hand (a discarded capture takes a piece out of play), so the key keeps
    /// both hands.
    #[inline]
    pub fn board_key(&self) -> Key {
        if !self.discarded.is_empty() {
            return self.key;
        }
        self.key ^ self.hands_key
    }

    /// [`Position::board_key`] computed from scratch (tests compare the two).
    pub fn compute_board_key(&self) -> Key {
        if !self.discarded.is_empty() {
            return self.compute_key();
        }
        self.compute_key() ^ self.compute_hands_key()
    }

    fn compute_hands_key(&self) -> Key {
        let mut key = 0;
        for color in Color::ALL {
            for (kind, n) in self.hands[color.index()].iter() {
                key ^= zobrist::hand_count(color, kind, n);
            }
        }
        key
    }

    /// This position with the piece on `from` moved to the empty square `to` (promoted
    /// if asked), the side to move and the hands unchanged. Not a move of the game: the
    /// direct-mate search asks what a checker standing nearer the king would do (the
    /// futile-interposition test).
    pub fn with_piece_moved(&self, from: Square, to: Square, promote: bool) -> Option<Position> {
        if self.board[to.index()].is_some() {
            return None;
        }
        let mut next = self.clone();
        let mut piece = next.remove_keyed(from)?;
        if promote {
            piece.kind = piece.kind.promoted()?;
        }
        next.put_keyed(to, piece);
        Some(next)
    }

    /// This position with the other side to move and nothing else changed: what the
    /// definition of check imagines (seed 000: "were the opponent to pass"). Not a move
    /// of the game.
    pub fn passed(&self) -> Position {
        let mut next = self.clone();
        next.side = !next.side;
        next.key ^= zobrist::white_to_move();
        next
    }

    #[inline]
    pub fn move_number(&self) -> u32 {
        self.move_number
    }

    /// Same board, hands and side to move (the move number aside): the identity of a
    /// position for repetition and for sequence goals.
    pub fn same_position(&self, other: &Position) -> bool {
        self.key == other.key
            && self.side == other.side
            && self.board == other.board
            && self.hands == other.hands
            && self.swap_memory == other.swap_memory
    }

    /// The key computed from scratch (tests compare it with the incremental one).
    pub fn compute_key(&self) -> Key {
        let mut key = 0;
        for sq in self.occupied() {
            if let Some(piece) = self.board[sq.index()] {
                key ^= zobrist::piece_on(piece, sq);
            }
        }
        key ^= self.compute_hands_key();
        if self.side == Color::White {
            key ^= zobrist::white_to_move();
        }
        key ^ zobrist::swap_memory(self.swap_memory)
    }

    #[inline]
    fn put(&mut self, sq: Square, piece: Piece) {
        self.board[sq.index()] = Some(piece);
        self.by_color[piece.color.index()] |= Bitboard::from(sq);
        self.by_kind[kind_slot(piece.kind)] |= Bitboard::from(sq);
        if self.royal.contains(piece.kind) {
            self.kings[piece.color.index()] = Some(sq);
        }
    }

    #[inline]
    fn put_keyed(&mut self, sq: Square, piece: Piece) {
        self.put(sq, piece);
        self.key ^= zobrist::piece_on(piece, sq);
    }

    #[inline]
    fn remove_keyed(&mut self, sq: Square) -> Option<Piece> {
        let piece = self.board[sq.index()].take()?;
        self.by_color[piece.color.index()] ^= Bitboard::from(sq);
        self.by_kind[kind_slot(piece.kind)] ^= Bitboard::from(sq);
        if self.kings[piece.color.index()] == Some(sq) {
            self.kings[piece.color.index()] = None;
        }
        self.key ^= zobrist::piece_on(piece, sq);
        Some(piece)
    }

    #[inline]
    fn hand_add(&mut self, color: Color, kind: PieceKind) {
        let hand = &mut self.hands[color.index()];
        let n = hand.count(kind);
        hand.add(kind);
        let change = zobrist::hand_count(color, kind, n) ^ zobrist::hand_count(color, kind, n + 1);
        self.key ^= change;
        self.hands_key ^= change;
    }

    #[inline]
    fn hand_remove(&mut self, color: Color, kind: PieceKind) {
        let hand = &mut self.hands[color.index()];
        let n = hand.count(kind);
        hand.remove(kind);
        let change = zobrist::hand_count(color, kind, n) ^ zobrist::hand_count(color, kind, n - 1);
        self.key ^= change;
        self.hands_key ^= change;
    }

    /// The position after `m`, which must be a legal move of this position (or at
    /// least pseudo-legal: the mover's piece on `from`, or the kind in hand).
    #[inline]
    pub fn play(&self, m: Move) -> Position {
        let mut next = self.clone();
        next.play_in_place(m);
        next
    }

    /// Plays `m` on this position (see [`Position::play`]).
    pub fn play_in_place(&mut self, m: Move) {
        let us = self.side;
        let to = m.to();
        match (m.from(), m.drop_kind()) {
            (_, Some(kind)) => {
                self.hand_remove(us, kind);
                self.put_keyed(to, Piece::new(kind, us));
            }
            (Some(from), None) => {
                let Some(mut piece) = self.remove_keyed(from) else {
                    debug_assert!(false, "no piece on {from:?} for {m:?}");
                    return;
                };
                // a piece reborn or restored is not captured into hand: on the
                // destination, or on the intermediate square of a capture by hopping
                let displaced = match m.displacement() {
                    Some((Displacement::Rebirth | Displacement::Restore | Displacement::Swap, _)) => {
                        Some(m.displaced_square())
                    }
                    _ => None,
                };
                if let Some(via) = m.via().filter(|&via| Some(via) != displaced) {
                    self.capture_on(via, us);
                }
                let mut dest = to;
                match m.displacement() {
                    None => self.capture_on(to, us),
                    Some((Displacement::Turn, _)) => {
                        self.capture_on(to, us);
                        piece.color = !piece.color;
                    }
                    Some((Displacement::Return, sq)) => {
                        self.capture_on(to, us);
                        dest = sq;
                    }
                    Some((Displacement::Rebirth, sq)) => {
                        if let Some(captured) = self.remove_keyed(m.displaced_square()) {
                            self.put_keyed(sq, Piece::new(captured.kind.unpromoted(), captured.color));
                        }
                    }
                    // Messigny's swap puts the enemy piece on the origin as PWC does
                    Some((Displacement::Restore | Displacement::Swap, sq)) => {
                        if let Some(captured) = self.remove_keyed(m.displaced_square()) {
                            self.put_keyed(sq, captured);
                        }
                    }
                }
                if m.is_promotion() {
                    if let Some(promoted) = piece.kind.promoted() {
                        piece.kind = promoted;
                    }
                }
                self.put_keyed(dest, piece);
            }
            (None, None) => {}
        }
        if self.swap_memory != SwapMemory::Off {
            self.set_swap_memory(self.swap_memory.after(m));
        }
        self.side = !us;
        self.key ^= zobrist::white_to_move();
        self.move_number += 1;
    }

    /// Plays a board move without Circe-family effects in place and returns what
    /// [`Position::undo_board_move`] needs to take it back (the general generator tries
    /// each candidate on one scratch copy).
    pub(crate) fn play_undoable(&mut self, m: Move) -> Undo {
        let from = m.from().unwrap_or(m.to());
        let undo = Undo {
            moved: self.board[from.index()],
            // a pass through its own square (fm's 飛鷲, 角鷹) captures nothing there
            at_via: m.via().filter(|&v| v != from).and_then(|v| self.board[v.index()]),
            // a Lion returning home (igui, pass) captures nothing there
            at_to: if m.to() == from {
                None
            } else {
                self.board[m.to().index()]
            },
            swap_memory: self.swap_memory,
        };
        self.play_in_place(m);
        undo
    }

    /// Takes back `m`, played by [`Position::play_undoable`].
    pub(crate) fn undo_board_move(&mut self, m: Move, undo: Undo) {
        self.side = !self.side;
        self.key ^= zobrist::white_to_move();
        self.move_number -= 1;
        let us = self.side;
        let to = m.to();
        self.remove_keyed(to);
        for (sq, captured) in [(Some(to), undo.at_to), (m.via(), undo.at_via)] {
            if let (Some(sq), Some(piece)) = (sq, captured) {
                self.put_keyed(sq, piece);
                if let Some(kind) = self.discarded.hand_kind_of_captured(piece.kind) {
                    self.hand_remove(us, kind);
                }
            }
        }
        if let (Some(from), Some(piece)) = (m.from(), undo.moved) {
            self.put_keyed(from, piece);
        }
        self.set_swap_memory(undo.swap_memory);
    }

    /// Takes back a drop of `kind` on `to` played by [`Position::play_in_place`]: the
    /// general generator tries each drop on one scratch copy instead of copying the
    /// position per drop.
    /// `memory`: what the position remembered before the drop (Messigny).
    pub(crate) fn undo_drop(&mut self, kind: PieceKind, to: Square, memory: SwapMemory) {
        self.side = !self.side;
        self.key ^= zobrist::white_to_move();
        self.move_number -= 1;
        self.remove_keyed(to);
        self.hand_add(self.side, kind);
        self.set_swap_memory(memory);
    }

    /// The mover's hand after `m` (a legal move), without playing it, as
    /// [`Position::play_in_place`] leaves it: a drop takes the piece from it; a board
    /// move adds what it captures on the intermediate square and on the destination,
    /// but not a piece a displacement puts back on the board (reborn, restored,
    /// swapped), nor a kind captures discard. No move changes the other side's hand.
    pub fn hand_after(&self, m: Move) -> Hand {
        let mut hand = self.hands[self.side.index()];
        if let Some(kind) = m.drop_kind() {
            hand.remove(kind);
            return hand;
        }
        let Some(from) = m.from() else {
            return hand;
        };
        let puts_back = matches!(
            m.displacement(),
            Some((Displacement::Rebirth | Displacement::Restore | Displacement::Swap, _))
        );
        let via = m.via().filter(|&via| !(puts_back && via == m.displaced_square()));
        let to = Some(m.to()).filter(|_| !puts_back);
        for sq in [via, to].into_iter().flatten().filter(|&sq| sq != from) {
            let captured = self.board[sq.index()].and_then(|c| self.discarded.hand_kind_of_captured(c.kind));
            if let Some(kind) = captured {
                hand.add(kind);
            }
        }
        hand
    }

    /// The key of the position after `m` (a legal move), without playing it: lets a
    /// search skip positions it has seen before building them.
    pub fn key_after(&self, m: Move) -> Key {
        self.key ^ self.key_delta(m)
    }

    /// What `m` changes in the key, board and hands together: one value, returned in
    /// registers (help play asks it of every child; a pair cost it 0.5 %).
    fn key_delta(&self, m: Move) -> Key {
        self.key_change::<true, false>(m).0
    }

    /// [`Position::board_key`] and [`Position::key`] of the position after `m` (a legal
    /// move), without playing it, given this position's `board_key`: both from one
    /// working-out of what the move changes (the direct-mate search asks both of every
    /// child).
    pub fn keys_after(&self, board_key: Key, m: Move) -> (Key, Key) {
        let (board, hands) = self.key_change::<true, true>(m);
        let key = self.key ^ board ^ hands;
        if !self.discarded.is_empty() {
            return (key, key);
        }
        (board_key ^ board, key)
    }

    /// What `m` changes in the key: the board's part (side to move and Messigny's memory
    /// included) and, when `HANDS`, the hands' part: apart when `SPLIT`, else in the
    /// first value with the board's (the second then 0).
    #[inline(always)]
    fn key_change<const HANDS: bool, const SPLIT: bool>(&self, m: Move) -> (Key, Key) {
        let us = self.side;
        let hand = &self.hands[us.index()];
        let mut key = zobrist::white_to_move();
        let mut hands: Key = 0;
        if self.swap_memory != SwapMemory::Off {
            key ^= zobrist::swap_memory(self.swap_memory) ^ zobrist::swap_memory(self.swap_memory.after(m));
        }
        let to = m.to();
        match (m.from(), m.drop_kind()) {
            (_, Some(kind)) => {
                if HANDS {
                    let n = hand.count(kind);
                    let change = zobrist::hand_count(us, kind, n) ^ zobrist::hand_count(us, kind, n.saturating_sub(1));
                    if SPLIT {
                        hands ^= change;
                    } else {
                        key ^= change;
                    }
                }
                key ^= zobrist::piece_on(Piece::new(kind, us), to);
            }
            (Some(from), None) => {
                let Some(mut piece) = self.board[from.index()] else {
                    return (key, hands);
                };
                key ^= zobrist::piece_on(piece, from);
                // captures on the intermediate square (Lion) and on the destination
                let mut gained: [(PieceKind, u8); 2] = [(PieceKind::Stone, 0); 2];
                for (slot, sq) in [m.via(), Some(to)].into_iter().enumerate() {
                    let Some(sq) = sq.filter(|&sq| sq != from) else {
                        continue;
                    };
                    let Some(captured) = self.board[sq.index()] else {
                        continue;
                    };
                    key ^= zobrist::piece_on(captured, sq);
                    match m.displacement() {
                        Some((Displacement::Rebirth, there)) if sq == m.displaced_square() => {
                            key ^= zobrist::piece_on(Piece::new(captured.kind.unpromoted(), captured.color), there);
                            continue;
                        }
                        Some((Displacement::Restore | Displacement::Swap, there)) if sq == m.displaced_square() => {
                            key ^= zobrist::piece_on(captured, there);
                            continue;
                        }
                        _ => {}
                    }
                    if let Some(kind) = self.discarded.hand_kind_of_captured(captured.kind).filter(|_| HANDS) {
                        let before =
                            hand.count(kind) + gained[..slot].iter().filter(|g| g.0 == kind).map(|g| g.1).sum::<u8>();
                        let change = zobrist::hand_count(us, kind, before) ^ zobrist::hand_count(us, kind, before + 1);
                        if SPLIT {
                            hands ^= change;
                        } else {
                            key ^= change;
                        }
                        gained[slot] = (kind, 1);
                    }
                }
                if m.is_promotion() {
                    piece.kind = piece.kind.promoted().unwrap_or(piece.kind);
                }
                let dest = match m.displacement() {
                    Some((Displacement::Return, sq)) => sq,
                    Some((Displacement::Turn, _)) => {
                        piece.color = !piece.color;
                        to
                    }
                    _ => to,
                };
                key ^= zobrist::piece_on(piece, dest);
            }
            (None, None) => {}
        }
        (key, hands)
    }

    /// Removes an enemy piece on `sq` (if any) into `capturer`'s hand, or out of play
    /// when its kind is discarded.
    #[inline]
    fn capture_on(&mut self, sq: Square, capturer: Color) {
        if let Some(captured) = self.remove_keyed(sq) {
            if let Some(kind) = self.discarded.hand_kind_of_captured(captured.kind) {
                self.hand_add(capturer, kind);
            }
        }
    }

    /// Pieces of `by` of the ordinary kinds attacking `sq` under ordinary powers, with `occupied` as the
    /// blockers (pass a modified set to look through a piece).
    #[inline]
    pub fn attackers_to(&self, sq: Square, by: Color, occupied: Bitboard) -> Bitboard {
        let ours = self.by_color[by.index()];
        attacks::attackers_by_power(sq, by, occupied, ours, |kind| self.by_kind[kind.index()])
    }

    /// The pieces among `ours` (pieces of `by`) attacking `sq` by a step.
    #[inline]
    fn step_attackers_among(&self, sq: Square, by: Color, ours: Bitboard) -> Bitboard {
        attacks::step_attackers_by_power(sq, by, ours, |kind| self.by_kind[kind.index()])
    }

    /// Whether a piece of `by` of the ordinary kinds attacks `sq` under ordinary powers
    /// (`attackers_to` is non-empty), stopping at the first kind found: the king's
    /// moves ask this of every square next to it.
    #[inline]
    pub fn is_attacked(&self, sq: Square, by: Color, occupied: Bitboard) -> bool {
        self.is_attacked_among(sq, by, occupied, self.by_color[by.index()])
    }

    /// `is_attacked` by the pieces among `ours` (pieces of `by`) alone: the others are
    /// taken as gone (as a piece that has moved away, `flight`).
    #[inline]
    pub(crate) fn is_attacked_among(&self, sq: Square, by: Color, occupied: Bitboard, ours: Bitboard) -> bool {
        use PieceKind::*;
        let them = !by;
        let k = |kind: PieceKind| self.by_kind[kind.index()];
        if self.step_attackers_among(sq, by, ours).is_nonempty() {
            return true;
        }
        let lances = k(Lance) & ours;
        if (attacks::lance_pseudo_attacks(them, sq) & lances).is_nonempty()
            && (attacks::lance_attacks(them, sq, occupied) & lances).is_nonempty()
        {
            return true;
        }
        let bishops = (k(Bishop) | k(Horse)) & ours;
        if (attacks::bishop_pseudo_attacks(sq) & bishops).is_nonempty()
            && (attacks::bishop_attacks(sq, occupied) & bishops).is_nonempty()
        {
            return true;
        }
        let rooks = (k(Rook) | k(Dragon)) & ours;
        (attacks::rook_pseudo_attacks(sq) & rooks).is_nonempty()
            && (attacks::rook_attacks(sq, occupied) & rooks).is_nonempty()
    }

    /// The squares among `near` that a rider of `by` (lance, bishop, rook, horse, dragon)
    /// reaches by its ride, with `occupied` as the blockers (steps are left to
    /// [`Position::is_step_attacked`]): each rider whose empty-board lines meet `near` is
    /// asked once, where `is_attacked` asks per square. A ride from `s` reaches `to`
    /// exactly when the ride of the other colour from `to` reaches `s` (the same squares
    /// between them must be empty), so the two agree.
    #[inline]
    pub(crate) fn ridden_among(&self, near: Bitboard, by: Color, occupied: Bitboard) -> Bitboard {
        use PieceKind::*;
        let ours = self.by_color[by.index()];
        let k = |kind: PieceKind| self.by_kind[kind.index()] & ours;
        let mut reach = Bitboard::EMPTY;
        for s in k(Lance) {
            if (attacks::lance_pseudo_attacks(by, s) & near).is_nonempty() {
                reach |= attacks::lance_attacks(by, s, occupied);
            }
        }
        for s in k(Bishop) | k(Horse) {
            if (attacks::bishop_pseudo_attacks(s) & near).is_nonempty() {
                reach |= attacks::bishop_attacks(s, occupied);
            }
        }
        for s in k(Rook) | k(Dragon) {
            if (attacks::rook_pseudo_attacks(s) & near).is_nonempty() {
                reach |= attacks::rook_attacks(s, occupied);
            }
        }
        reach & near
    }

    /// Whether a piece of `by` attacks `sq` by a step (the steps of `is_attacked`).
    #[inline]
    pub(crate) fn is_step_attacked(&self, sq: Square, by: Color) -> bool {
        self.step_attackers_among(sq, by, self.by_color[by.index()])
            .is_nonempty()
    }

    /// Whether an unpromoted pawn of `color` moving from `from` to `to` (sideways, with a
    /// borrowed power) would join another of its pawns on that file (二歩).
    #[inline]
    pub(crate) fn pawn_move_makes_two_pawns(&self, color: Color, from: Square, to: Square) -> bool {
        from.file() != to.file() && (self.pieces(color, PieceKind::Pawn) & Bitboard::file(to.file())).is_nonempty()
    }

    /// Squares holding fairy pieces (not stones) of either colour.
    #[inline]
    pub fn fairy_squares(&self) -> Bitboard {
        self.by_kind[FAIRY_SLOT]
    }

    /// Pieces giving check to the side to move, under ordinary powers (the fast path).
    #[inline]
    pub fn checkers(&self) -> Bitboard {
        match self.kings[self.side.index()] {
            Some(ksq) => self.attackers_to(ksq, !self.side, self.occupied()),
            None => Bitboard::EMPTY,
        }
    }

    /// Pieces of `color` pinned against their own king by enemy sliders.
    pub fn pinned(&self, color: Color) -> Bitboard {
        use PieceKind::*;
        let Some(ksq) = self.kings[color.index()] else {
            return Bitboard::EMPTY;
        };
        let them = self.by_color[(!color).index()];
        let k = |kind: PieceKind| self.by_kind[kind.index()];
        let snipers = ((attacks::lance_pseudo_attacks(color, ksq) & k(Lance))
            | (attacks::bishop_pseudo_attacks(ksq) & (k(Bishop) | k(Horse)))
            | (attacks::rook_pseudo_attacks(ksq) & (k(Rook) | k(Dragon))))
            & them;
        let occupied = self.occupied();
        let mut pinned = Bitboard::EMPTY;
        for sniper in snipers {
            let blockers = attacks::between(ksq, sniper) & occupied;
            if !blockers.has_several() {
                pinned |= blockers & self.by_color[color.index()];
            }
        }
        pinned
    }
}

/// Bytes before the pieces in a packed position: the side, a Messigny memory flag and
/// the number of hand entries, then the 81 occupancy bits.
const PACKED_HEADER: usize = 1 + 11;
/// Header bits: White to move; a Messigny memory follows the hands; hand entries.
const PACKED_WHITE: u8 = 0x80;
const PACKED_MEMORY: u8 = 0x40;
const PACKED_ENTRIES: u8 = 0x3f;
/// Messigny memory bytes after the hands: one of these codes, or the two squares of a
/// swap.
const PACKED_OPENING: u8 = 0xff;
const PACKED_NO_SWAP: u8 = 0xfe;
/// An occupancy bit past the 81 squares: the discarded kinds (16 bytes) end the packed
/// position.
const PACKED_DISCARDS: u128 = 1 << Square::NUM;
/// The discarded kinds' bytes: one bit per kind.
const PACKED_DISCARD_BYTES: usize = 16;
/// The next occupancy bit: kinds declared royal (16 bytes, one bit per kind) follow
/// the discarded kinds.
const PACKED_ROYALS: u128 = 1 << (Square::NUM + 1);
/// Bits of the occupancy bytes that are no squares.
const PACKED_FLAGS: u128 = PACKED_DISCARDS | PACKED_ROYALS;

/// The occupied squares of a packed position.
fn packed_occupancy(bytes: &[u8]) -> Bitboard {
    let mut occupancy = [0u8; 16];
    occupancy[..11].copy_from_slice(&bytes[1..PACKED_HEADER]);
    Bitboard(u128::from_le_bytes(occupancy) & !PACKED_FLAGS)
}

/// Whether the packed position ends with its discarded kinds.
fn packed_discards(bytes: &[u8]) -> bool {
    bytes[PACKED_HEADER - 1] & (PACKED_DISCARDS >> 80) as u8 != 0
}

/// A set of kinds packed at the start of `bytes` (one bit per kind).
fn packed_kind_bits(bytes: &[u8]) -> u128 {
    let mut mask = [0u8; PACKED_DISCARD_BYTES];
    mask.copy_from_slice(&bytes[..PACKED_DISCARD_BYTES]);
    u128::from_le_bytes(mask)
}

/// Whether the packed position ends with its royal kinds.
fn packed_royals(bytes: &[u8]) -> bool {
    bytes[PACKED_HEADER - 1] & (PACKED_ROYALS >> 80) as u8 != 0
}

impl Position {
    /// Appends this position in a few dozen bytes, for searches that keep hundreds of
    /// millions of them (the help-play frontier): a byte for the side to move and the
    /// number of hand entries, the 81 occupancy bits, a byte per piece (in square order),
    /// two per kind in hand, then, under a Messigny rule that remembers, what the
    /// position remembers (one code byte, or a swap's two squares), and where captures
    /// discard fairy kinds, which (16 bytes, flagged by an occupancy bit past the
    /// board), and likewise the royal kinds where a problem declares some. The key and the move number are not kept: [`Position::unpack`]
    /// recomputes the one and is given the other (a layer's positions share it).
    pub fn pack_into(&self, out: &mut Vec<u8>) {
        // Written into one buffer on the stack and appended at once: a push per byte
        // (each a capacity test) and two walks of each hand (one to count the entries)
        // were half of a wide help search's instructions. The buffer holds the header,
        // the pieces and the hands (at most 12 + 81 + 2 · 63 bytes; what follows is
        // appended after), and a `u8` index into 256 bytes needs no bound test.
        let mut buf = [0u8; 256];
        let mut n: u8 = PACKED_HEADER as u8;
        let occupied = self.occupied();
        // (square by square through the two 64-bit halves: a `u128` bit walk costs twice)
        for (half, base) in [(occupied.0 as u64, 0), ((occupied.0 >> 64) as u64, 64)] {
            let mut bits = half;
            while bits != 0 {
                if let Some(piece) = self.board.get(base + bits.trailing_zeros() as usize).copied().flatten() {
                    buf[usize::from(n)] = piece.index() as u8;
                    n += 1;
                }
                bits &= bits - 1;
            }
        }
        let mut entries = 0u8;
        for color in Color::ALL {
            for (kind, count) in self.hands[color.index()].iter() {
                buf[usize::from(n)] = (color.index() as u8) << 7 | kind.index() as u8;
                buf[usize::from(n + 1)] = count;
                n += 2;
                entries += 1;
            }
        }
        let memory = if self.swap_memory == SwapMemory::Off {
            0
        } else {
            PACKED_MEMORY
        };
        buf[0] = if self.side == Color::White { PACKED_WHITE } else { 0 } | memory | entries;
        let discards = if self.discarded.is_empty() { 0 } else { PACKED_DISCARDS };
        let royals = if self.royal.has_declared() { PACKED_ROYALS } else { 0 };
        buf[1..PACKED_HEADER].copy_from_slice(&(occupied.0 | discards | royals).to_le_bytes()[..11]);
        out.extend_from_slice(&buf[..usize::from(n)]);
        match self.swap_memory {
            SwapMemory::Off => {}
            SwapMemory::Opening => out.push(PACKED_OPENING),
            SwapMemory::NoSwap => out.push(PACKED_NO_SWAP),
            SwapMemory::Swapped { from, to } => out.extend_from_slice(&[from.index() as u8, to.index() as u8]),
        }
        if !self.discarded.is_empty() {
            out.extend_from_slice(&self.discarded.bits().to_le_bytes());
        }
        if self.royal.has_declared() {
            out.extend_from_slice(&self.royal.bits().to_le_bytes());
        }
    }

    /// The length of the packed position at the start of `bytes` (to skip it).
    pub fn packed_len(bytes: &[u8]) -> usize {
        let len = PACKED_HEADER + packed_occupancy(bytes).count() as usize + 2 * usize::from(bytes[0] & PACKED_ENTRIES);
        let len = match bytes[0] & PACKED_MEMORY {
            0 => len,
            _ if bytes[len] >= PACKED_NO_SWAP => len + 1,
            _ => len + 2,
        };
        len + PACKED_DISCARD_BYTES * (usize::from(packed_discards(bytes)) + usize::from(packed_royals(bytes)))
    }

    /// The position packed at the start of `bytes` by [`Position::pack_into`], with its
    /// move number, and the number of bytes it took.
    pub fn unpack(bytes: &[u8], move_number: u32) -> (Position, usize) {
        let mut pos = Position {
            board: [None; Square::NUM],
            by_color: [Bitboard::EMPTY; 2],
            by_kind: [Bitboard::EMPTY; KIND_SLOTS],
            hands: [Hand::EMPTY; 2],
            side: Color::ALL[usize::from(bytes[0] & PACKED_WHITE != 0)],
            kings: [None; 2],
            key: 0,
            hands_key: 0,
            move_number,
            fairy: false,
            several_royals: false,
            swap_memory: SwapMemory::Off,
            discarded: DiscardedKinds::NONE,
            royal: RoyalKinds::always(),
        };
        let mut at = PACKED_HEADER;
        for sq in packed_occupancy(bytes) {
            let code = usize::from(bytes[at]);
            at += 1;
            if let Some(kind) = PieceKind::from_index(code / 2) {
                pos.put(sq, Piece::new(kind, Color::ALL[code % 2]));
            }
        }
        for _ in 0..bytes[0] & PACKED_ENTRIES {
            let (entry, n) = (bytes[at], bytes[at + 1]);
            at += 2;
            if let Some(kind) = PieceKind::from_index(usize::from(entry & 0x7f)) {
                pos.hands[usize::from(entry >> 7)].set(kind, n);
            }
        }
        if bytes[0] & PACKED_MEMORY != 0 {
            pos.swap_memory = match bytes[at] {
                PACKED_OPENING => SwapMemory::Opening,
                PACKED_NO_SWAP => SwapMemory::NoSwap,
                from => {
                    at += 1;
                    match (
                        Square::from_index(usize::from(from)),
                        Square::from_index(usize::from(bytes[at])),
                    ) {
                        (Some(from), Some(to)) => SwapMemory::Swapped { from, to },
                        _ => SwapMemory::NoSwap,
                    }
                }
            };
            at += 1;
        }
        if packed_discards(bytes) {
            pos.discarded = DiscardedKinds::discarded_from_bits(packed_kind_bits(&bytes[at..]));
            at += PACKED_DISCARD_BYTES;
        }
        if packed_royals(bytes) {
            pos.set_royal_kinds(RoyalKinds::from_bits(packed_kind_bits(&bytes[at..])));
            at += PACKED_DISCARD_BYTES;
        }
        pos.key = pos.compute_key();
        pos.hands_key = pos.compute_hands_key();
        pos.find_general();
        (pos, at)
    }
}

impl std::fmt::Debug for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(f, "Position (side to move {:?}, move {})", self.side, self.move_number)?;
        for rank in 1..=9 {
            for file in (1..=9).rev() {
                match self.board[sq(file, rank).index()] {
                    Some(p) => write!(f, "{:>3}", p.to_sfen())?,
                    None => f.write_str("  .")?,
                }
            }
            writeln!(f)?;
        }
        for color in Color::ALL {
            write!(f, "hand {color:?}:")?;
            for (kind, n) in self.hands[color.index()].iter() {
                write!(f, " {}{}", kind.sfen_name(), n)?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

fn sq(file: i32, rank: i32) -> Square {
    Square::new(file, rank).expect("square on the board")
}
