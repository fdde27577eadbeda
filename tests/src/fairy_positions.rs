//! Random positions with fairy pieces (rules.md §1), for differential tests of move
//! generation against the slow [`reference`](crate::reference) generator.
//!
//! A position has a White king, usually a Black king, 20–35 pieces of both sides on the
//! board with fairy pieces frequent (Lions and Grasshoppers most of all), sometimes a
//! stone, and hands that often hold fairy pieces. Every position is valid: no dead piece,
//! no two unpromoted pawns of a side on a file, no more ordinary pieces of a kind than
//! the standard set holds, and the side not to move is not in check. Some positions are
//! chosen to have the side to move in check by a fairy piece, so that evasions are
//! exercised; in the others it is not in check.

use crate::reference;
use yosei_core::random::SplitMix64;
use yosei_core::{Color, Piece, PieceKind, Setup, Square};

pub use crate::reference::FAIRY_KINDS;

/// The knobs of [`random_fairy_setup`]; `FairyMix::default()` is the mix described in the
/// module documentation.
#[derive(Clone, Debug)]
pub struct FairyMix {
    /// Pieces on the board, kings and stones included: at least this many...
    pub min_pieces: usize,
    /// ...and at most this many.
    pub max_pieces: usize,
    /// Percentage of board pieces (besides kings and stones) that are fairy pieces.
    pub fairy_percent: usize,
    /// Percentage of positions where an enemy fairy piece is placed to check the king of
    /// the side to move (when that side has a king). The other positions are drawn
    /// again until the side to move is not in check (with this many long-range pieces,
    /// most random positions would be checks).
    pub check_percent: usize,
    /// Percentage of positions without a Black king (片玉).
    pub no_black_king_percent: usize,
    /// Percentage of positions with one or two stones.
    pub stone_percent: usize,
    /// Percentage of hands that hold something.
    pub hand_percent: usize,
    /// No Lion anywhere, nor fm's 飛鷲 and 角鷹 (capture conditions refuse their double
    /// captures); a Grasshopper is drawn instead.
    pub no_lions: bool,
    /// The fairy kinds drawn from.
    pub kinds: &'static [PieceKind],
    /// Lions and Grasshoppers drawn three times as often as the others, whatever
    /// `kinds` holds.
    pub lions_often: bool,
}

impl Default for FairyMix {
    fn default() -> FairyMix {
        FairyMix {
            min_pieces: 20,
            max_pieces: 35,
            fairy_percent: 50,
            check_percent: 25,
            no_black_king_percent: 8,
            stone_percent: 25,
            hand_percent: 60,
            no_lions: false,
            kinds: &FAIRY_KINDS,
            lions_often: true,
        }
    }
}

/// A random valid position with fairy pieces (see the module documentation). The same
/// generator state gives the same position.
pub fn random_fairy_setup(rng: &mut SplitMix64, mix: &FairyMix) -> Setup {
    assert!(
        2 <= mix.min_pieces && mix.min_pieces <= mix.max_pieces && mix.max_pieces <= 60,
        "{mix:?}"
    );
    loop {
        if let Some(setup) = attempt(rng, mix) {
            return setup;
        }
    }
}

/// How many pieces of an (unpromoted) ordinary kind the standard set holds; `None` for
/// fairy kinds, which have no limit here.
fn standard_limit(kind: PieceKind) -> Option<u32> {
    use PieceKind::*;
    match kind {
        Pawn => Some(18),
        Lance | Knight | Silver | Gold => Some(4),
        Bishop | Rook => Some(2),
        _ => None,
    }
}

/// Pieces placed so far, per unpromoted kind (board and hands).
struct Counts([u32; PieceKind::COUNT]);

impl Counts {
    fn room_for(&self, kind: PieceKind) -> bool {
        let kind = kind.unpromoted();
        standard_limit(kind).is_none_or(|max| self.0[kind.index()] < max)
    }

    fn add(&mut self, kind: PieceKind) {
        self.0[kind.unpromoted().index()] += 1;
    }
}

fn random_empty_square(rng: &mut SplitMix64, setup: &Setup) -> Square {
    loop {
        let sq = Square::from_index(rng.below(Square::NUM)).unwrap();
        if setup.piece_at(sq).is_none() {
            return sq;
        }
    }
}

/// Whether a piece of `kind` and `color` may be put on `sq`: not dead there, not a second
/// unpromoted pawn on the file.
fn may_stand(setup: &Setup, kind: PieceKind, color: Color, sq: Square) -> bool {
    let second_pawn = kind == PieceKind::Pawn
        && (1..=9).any(|r| setup.piece_at(Square::new(sq.file(), r).unwrap()) == Some(Piece::new(kind, color)));
    !reference::dead(kind, color, sq) && !second_pawn
}

fn random_ordinary_kind(rng: &mut SplitMix64) -> PieceKind {
    use PieceKind::*;
    let kind = rng.pick(&[Pawn, Pawn, Pawn, Pawn, Lance, Knight, Silver, Gold, Gold, Bishop, Rook]);
    if rng.chance(20) {
        kind.promoted().unwrap_or(kind)
    } else {
        kind
    }
}

fn random_fairy_kind(rng: &mut SplitMix64, mix: &FairyMix) -> PieceKind {
    use PieceKind::*;
    // Lions and Grasshoppers three times as often as the others
    let kind = if mix.lions_often && rng.chance(40) {
        rng.pick(&[Lion, Grasshopper])
    } else {
        rng.pick(mix.kinds)
    };
    if mix.no_lions && matches!(kind, Lion | SoaringEagle | HornedFalcon) {
        Grasshopper
    } else {
        kind
    }
}

fn attempt(rng: &mut SplitMix64, mix: &FairyMix) -> Option<Setup> {
    let mut setup = Setup::empty();
    let mut counts = Counts([0; PieceKind::COUNT]);
    setup.side_to_move = if rng.chance(50) { Color::Black } else { Color::White };
    let us = setup.side_to_move;

    let white_king = random_empty_square(rng, &setup);
    setup.put(white_king, Some(Piece::new(PieceKind::King, Color::White)));
    let mut placed = 1;
    if !rng.chance(mix.no_black_king_percent) {
        let black_king = random_empty_square(rng, &setup);
        setup.put(black_king, Some(Piece::new(PieceKind::King, Color::Black)));
        placed += 1;
    }
    if rng.chance(mix.stone_percent) {
        for _ in 0..1 + rng.below(2) {
            let sq = random_empty_square(rng, &setup);
            // a stone belongs to nobody; its colour (the case of its letter) must not matter
            let color = if rng.chance(50) { Color::Black } else { Color::White };
            setup.put(sq, Some(Piece::new(PieceKind::Stone, color)));
            placed += 1;
        }
    }

    let target = mix.min_pieces + rng.below(mix.max_pieces - mix.min_pieces + 1);
    let king_of_us = Square::all().find(|&sq| setup.piece_at(sq) == Some(Piece::new(PieceKind::King, us)));
    let checker = king_of_us.filter(|_| rng.chance(mix.check_percent));
    // keep one place for the checking piece
    let others = target.saturating_sub(usize::from(checker.is_some()));
    let mut tries = 0;
    while placed < others {
        tries += 1;
        if tries > 10_000 {
            return None;
        }
        let color = if rng.chance(50) { Color::Black } else { Color::White };
        let kind = if rng.chance(mix.fairy_percent) {
            random_fairy_kind(rng, mix)
        } else {
            random_ordinary_kind(rng)
        };
        if !counts.room_for(kind) {
            continue;
        }
        let sq = random_empty_square(rng, &setup);
        if !may_stand(&setup, kind, color, sq) {
            continue;
        }
        setup.put(sq, Some(Piece::new(kind, color)));
        counts.add(kind);
        placed += 1;
    }

    if let Some(king) = checker {
        // an enemy fairy piece that attacks the king of the side to move
        let kind = random_fairy_kind(rng, mix);
        let found = (0..200).any(|_| {
            let sq = random_empty_square(rng, &setup);
            setup.put(sq, Some(Piece::new(kind, !us)));
            if reference::reach(&setup, sq).contains(&king) {
                true
            } else {
                setup.put(sq, None);
                false
            }
        });
        if !found {
            return None;
        }
    }

    for color in Color::ALL {
        if !rng.chance(mix.hand_percent) {
            continue;
        }
        for _ in 0..1 + rng.below(3) {
            let kind = if rng.chance(60) {
                random_fairy_kind(rng, mix)
            } else {
                random_ordinary_kind(rng).unpromoted()
            };
            for _ in 0..1 + rng.below(2) {
                if counts.room_for(kind) {
                    setup.hand_mut(color).add(kind);
                    counts.add(kind);
                }
            }
        }
    }

    // the side not to move in check: not a position
    if reference::can_capture_king(&setup, us) {
        return None;
    }
    // keep checks to the share asked for
    if checker.is_none() && reference::in_check(&setup) {
        return None;
    }
    Some(setup)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pieces(setup: &Setup) -> Vec<(Square, Piece)> {
        Square::all()
            .filter_map(|sq| setup.piece_at(sq).map(|p| (sq, p)))
            .collect()
    }

    #[test]
    fn positions_are_valid_and_varied() {
        let mut rng = SplitMix64::new(2024);
        let mix = FairyMix::default();
        let (mut in_check, mut no_black_king, mut stones, mut lions, mut grasshoppers, mut fairy_in_hand) =
            (0, 0, 0, 0, 0, 0);
        let total = 300;
        for _ in 0..total {
            let setup = random_fairy_setup(&mut rng, &mix);
            let on_board = pieces(&setup);
            assert!((mix.min_pieces..=mix.max_pieces).contains(&on_board.len()), "{setup:?}");
            let kings = |color| {
                on_board
                    .iter()
                    .filter(|(_, p)| *p == Piece::new(PieceKind::King, color))
                    .count()
            };
            assert_eq!(kings(Color::White), 1);
            assert!(kings(Color::Black) <= 1);
            for &(sq, p) in &on_board {
                assert!(!reference::dead(p.kind, p.color, sq), "{setup:?}");
            }
            for color in Color::ALL {
                for file in 1..=9 {
                    let pawns = on_board
                        .iter()
                        .filter(|(sq, p)| sq.file() == file && *p == Piece::new(PieceKind::Pawn, color))
                        .count();
                    assert!(pawns <= 1, "{setup:?}");
                }
            }
            for kind in PieceKind::ALL {
                if let Some(max) = standard_limit(kind) {
                    let n = on_board.iter().filter(|(_, p)| p.kind.unpromoted() == kind).count() as u32
                        + setup.hand(Color::Black).count(kind) as u32
                        + setup.hand(Color::White).count(kind) as u32;
                    assert!(n <= max, "{kind:?} {setup:?}");
                }
            }
            assert!(!reference::can_capture_king(&setup, setup.side_to_move));
            in_check += usize::from(reference::in_check(&setup));
            no_black_king += usize::from(kings(Color::Black) == 0);
            stones += usize::from(on_board.iter().any(|(_, p)| p.kind == PieceKind::Stone));
            lions += usize::from(on_board.iter().any(|(_, p)| p.kind == PieceKind::Lion));
            grasshoppers += usize::from(on_board.iter().any(|(_, p)| p.kind == PieceKind::Grasshopper));
            fairy_in_hand += usize::from(
                Color::ALL
                    .iter()
                    .any(|&c| setup.hand(c).iter().any(|(k, _)| k.is_fairy())),
            );
        }
        for (what, n, at_least) in [
            ("in check", in_check, total / 6),
            ("no Black king", no_black_king, total / 20),
            ("stones", stones, total / 8),
            ("Lions", lions, total / 2),
            ("Grasshoppers", grasshoppers, total / 2),
            ("fairy pieces in hand", fairy_in_hand, total / 3),
        ] {
            assert!(n >= at_least, "{what}: {n} of {total}");
        }
    }

    #[test]
    fn same_seed_same_position_and_the_reference_handles_them() {
        let mix = FairyMix::default();
        let a = random_fairy_setup(&mut SplitMix64::new(7), &mix);
        let b = random_fairy_setup(&mut SplitMix64::new(7), &mix);
        assert_eq!(a, b);
        let mut rng = SplitMix64::new(8);
        let (mut moves, mut evasions, mut lion_two_steps) = (0, 0, 0);
        for _ in 0..20 {
            let setup = random_fairy_setup(&mut rng, &mix);
            let legal = reference::legal_moves(&setup, false);
            for &m in &legal {
                let after = reference::play(&setup, m);
                assert!(
                    !reference::can_capture_king(&after, after.side_to_move),
                    "{m} {setup:?}"
                );
            }
            moves += legal.len();
            lion_two_steps += legal.iter().filter(|m| m.via().is_some()).count();
            if reference::in_check(&setup) {
                evasions += legal.len();
            }
        }
        assert!(
            moves > 20 * 20 && evasions > 0 && lion_two_steps > 0,
            "{moves} {evasions} {lion_two_steps}"
        );
    }
}
