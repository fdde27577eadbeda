//! Zobrist keys of 128 bits, generated at compile time (splitmix64, fixed seed).
//!
//! 128 bits make a collision between two positions of one search an event far below
//! one in 10^20 even for billions of positions; solvers that must be exact still
//! compare full positions where a wrong answer could follow (design.md, Exactness).

use yosei_core::{Color, Hand, Piece, PieceKind, Square};

pub type Key = u128;

const fn splitmix64(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

const HAND_SLOTS: usize = Hand::MAX_COUNT as usize + 1;

struct Tables {
    board: [[Key; Square::NUM]; Piece::NUM],
    hand: [[[Key; HAND_SLOTS]; PieceKind::COUNT]; 2],
    side: Key,
}

/// The kinds before fm's further pieces: their keys are drawn first, in the order they
/// always were, so that adding kinds changes no existing key (a transposition table's
/// placements, and with them node counts that tests pin, stay the same).
const FIRST_KINDS: usize = 32;

/// The next 128-bit key of the stream.
const fn next_key(state: u64) -> (u64, Key) {
    let (s1, hi) = splitmix64(state);
    let (s2, lo) = splitmix64(s1);
    (s2, (hi as u128) << 64 | lo as u128)
}

const fn build() -> Tables {
    let mut t = Tables {
        board: [[0; Square::NUM]; Piece::NUM],
        hand: [[[0; HAND_SLOTS]; PieceKind::COUNT]; 2],
        side: 0,
    };
    let mut state = 0x796F_7365_692D_6B65; // "yosei-ke"
    let mut round = 0;
    // round 0: the first kinds' keys, then the side's; round 1: the later kinds'
    while round < 2 {
        let (kinds_from, kinds_to) = if round == 0 {
            (0, FIRST_KINDS)
        } else {
            (FIRST_KINDS, PieceKind::COUNT)
        };
        let mut p = kinds_from * 2;
        while p < kinds_to * 2 {
            let mut s = 0;
            while s < Square::NUM {
                let (next, key) = next_key(state);
                state = next;
                t.board[p][s] = key;
                s += 1;
            }
            p += 1;
        }
        let mut c = 0;
        while c < 2 {
            let mut k = kinds_from;
            while k < kinds_to {
                // count 0 contributes nothing, so an empty hand keys as 0
                let mut n = 1;
                while n < HAND_SLOTS {
                    let (next, key) = next_key(state);
                    state = next;
                    t.hand[c][k][n] = key;
                    n += 1;
                }
                k += 1;
            }
            c += 1;
        }
        if round == 0 {
            let (next, key) = next_key(state);
            state = next;
            t.side = key;
        }
        round += 1;
    }
    t
}

static TABLES: Tables = build();

#[inline]
pub fn piece_on(piece: Piece, sq: Square) -> Key {
    TABLES.board[piece.index()][sq.index()]
}

/// The key of holding `count` pieces of `kind`.
#[inline]
pub fn hand_count(color: Color, kind: PieceKind, count: u8) -> Key {
    TABLES.hand[color.index()][kind.index()][count as usize]
}

/// Toggled when White is to move.
#[inline]
pub fn white_to_move() -> Key {
    TABLES.side
}

/// The key of what a position remembers of its last move under Messigny (0 when it
/// remembers nothing that matters: the board's key alone).
#[inline]
pub fn swap_memory(memory: crate::conditions::messigny::SwapMemory) -> Key {
    use crate::conditions::messigny::SwapMemory;
    let code = match memory {
        SwapMemory::Off | SwapMemory::NoSwap => return 0,
        SwapMemory::Opening => 0,
        SwapMemory::Swapped { from, to } => 1 + (from.index() * Square::NUM + to.index()) as u64,
    };
    // a seed of its own, away from the tables' stream
    let (s1, hi) = splitmix64(0x6D65_7373_6967_6E79 ^ code.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let (_, lo) = splitmix64(s1);
    (hi as u128) << 64 | lo as u128
}
