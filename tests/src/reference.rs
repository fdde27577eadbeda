//! A deliberately slow, obviously-correct legal move generator, written straight from
//! rules.md §1–4 on the unvalidated `Setup`, sharing no move-generation code with
//! `yosei-rules`: every piece walks its steps and slides square by square, every
//! candidate is played on a copy, and legality is the king-capture definition.

use yosei_core::{Color, Move, Piece, PieceKind, Setup, Square};

/// (file delta, rank delta) for Black; White mirrors the rank delta.
type Offsets = Vec<(i32, i32)>;

/// How a kind moves: single steps and slides.
fn movement(kind: PieceKind) -> (Offsets, Offsets) {
    use PieceKind::*;
    let gold = vec![(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (0, 1)];
    let king = vec![(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)];
    let diagonals = vec![(-1, -1), (1, -1), (-1, 1), (1, 1)];
    let orthogonals = vec![(0, -1), (0, 1), (-1, 0), (1, 0)];
    match kind {
        Pawn => (vec![(0, -1)], vec![]),
        Lance => (vec![], vec![(0, -1)]),
        Knight => (vec![(-1, -2), (1, -2)], vec![]),
        Silver => (vec![(-1, -1), (0, -1), (1, -1), (-1, 1), (1, 1)], vec![]),
        Gold | ProPawn | ProLance | ProKnight | ProSilver => (gold, vec![]),
        King => (king, vec![]),
        Bishop => (vec![], diagonals),
        Rook => (vec![], orthogonals),
        Horse => (orthogonals, diagonals),
        Dragon => (diagonals, orthogonals),
        Stone => (vec![], vec![]),
        _ => panic!("reference generator: {kind:?} not covered yet"),
    }
}

/// Squares the piece on `from` reaches (moves to or captures on).
pub fn reach(setup: &Setup, from: Square) -> Vec<Square> {
    let piece = setup.piece_at(from).expect("a piece on from");
    let sign = if piece.color == Color::Black { 1 } else { -1 };
    let (steps, slides) = movement(piece.kind);
    let mut out = Vec::new();
    for (df, dr) in steps {
        if let Some(to) = from.offset(df, dr * sign) {
            if setup
                .piece_at(to)
                .is_none_or(|p| p.color != piece.color && p.kind != PieceKind::Stone)
            {
                out.push(to);
            }
        }
    }
    for (df, dr) in slides {
        let mut cur = from;
        while let Some(to) = cur.offset(df, dr * sign) {
            match setup.piece_at(to) {
                None => out.push(to),
                Some(p) => {
                    if p.color != piece.color && p.kind != PieceKind::Stone {
                        out.push(to);
                    }
                    break;
                }
            }
            cur = to;
        }
    }
    out
}

fn king_of(setup: &Setup, color: Color) -> Option<Square> {
    Square::all().find(|&sq| setup.piece_at(sq) == Some(Piece::new(PieceKind::King, color)))
}

/// Whether `by` could capture the other side's king (rules.md §2).
pub fn can_capture_king(setup: &Setup, by: Color) -> bool {
    let Some(king) = king_of(setup, !by) else {
        return false;
    };
    Square::all().any(|sq| setup.piece_at(sq).is_some_and(|p| p.color == by) && reach(setup, sq).contains(&king))
}

pub fn in_check(setup: &Setup) -> bool {
    can_capture_king(setup, !setup.side_to_move)
}

fn dead(kind: PieceKind, color: Color, sq: Square) -> bool {
    let r = sq.relative_rank(color);
    match kind {
        PieceKind::Pawn | PieceKind::Lance => r == 1,
        PieceKind::Knight => r <= 2,
        _ => false,
    }
}

fn two_pawns(setup: &Setup, color: Color) -> bool {
    (1..=9).any(|file| {
        (1..=9)
            .filter(|&rank| {
                setup.piece_at(Square::new(file, rank).unwrap()) == Some(Piece::new(PieceKind::Pawn, color))
            })
            .count()
            > 1
    })
}

pub fn play(setup: &Setup, m: Move) -> Setup {
    let mut next = setup.clone();
    let us = setup.side_to_move;
    if let Some(kind) = m.drop_kind() {
        next.hand_mut(us).remove(kind);
        next.put(m.to(), Some(Piece::new(kind, us)));
    } else {
        let from = m.from().unwrap();
        let mut piece = next.piece_at(from).unwrap();
        next.put(from, None);
        if let Some(captured) = next.piece_at(m.to()) {
            next.hand_mut(us).add(captured.kind.unpromoted());
        }
        if m.is_promotion() {
            piece.kind = piece.kind.promoted().unwrap();
        }
        next.put(m.to(), Some(piece));
    }
    next.side_to_move = !us;
    next.move_number += 1;
    next
}

/// Every pseudo-legal move: each reachable square with each promotion choice, each
/// drop on each empty square.
fn candidates(setup: &Setup) -> Vec<Move> {
    let us = setup.side_to_move;
    let mut out = Vec::new();
    for from in Square::all() {
        let Some(piece) = setup.piece_at(from) else {
            continue;
        };
        if piece.color != us {
            continue;
        }
        for to in reach(setup, from) {
            out.push(Move::normal(from, to, false));
            if piece.kind.can_promote() && (from.in_zone(us) || to.in_zone(us)) {
                out.push(Move::normal(from, to, true));
            }
        }
    }
    for kind in PieceKind::ORDINARY_HAND_KINDS {
        if setup.hand(us).count(kind) == 0 {
            continue;
        }
        for to in Square::all() {
            if setup.piece_at(to).is_none() {
                out.push(Move::drop(kind, to));
            }
        }
    }
    out
}

/// The position after a move is forbidden for the mover (rules.md §3, 1–3).
fn forbidden_without_drop_pawn_mate(after: &Setup, mover: Color) -> bool {
    if two_pawns(after, mover) || can_capture_king(after, !mover) {
        return true;
    }
    Square::all().any(|sq| {
        after
            .piece_at(sq)
            .is_some_and(|p| p.color == mover && dead(p.kind, mover, sq))
    })
}

/// Whether the pseudo-legal `m` is legal by the definitions; `any_reading` selects
/// uchifuzume = any.
pub fn is_legal(setup: &Setup, m: Move, any_reading: bool) -> bool {
    let after = play(setup, m);
    if forbidden_without_drop_pawn_mate(&after, setup.side_to_move) {
        return false;
    }
    if m.drop_kind() == Some(PieceKind::Pawn) && (any_reading || in_check(&after)) {
        // drop-pawn mate: legal only if the opponent then has a legal move
        return has_legal_move(&after, any_reading);
    }
    true
}

pub fn has_legal_move(setup: &Setup, any_reading: bool) -> bool {
    candidates(setup).into_iter().any(|m| is_legal(setup, m, any_reading))
}

pub fn legal_moves(setup: &Setup, any_reading: bool) -> Vec<Move> {
    candidates(setup)
        .into_iter()
        .filter(|&m| is_legal(setup, m, any_reading))
        .collect()
}
