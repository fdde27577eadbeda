//! Attack tables of the ordinary pieces, computed at compile time.
//!
//! Steppers read a per-colour table; the sliders (lance, bishop, rook and the
//! promoted bishop/rook) look their attacks up by the occupancy of each line they ride
//! ([`LineAttacks`]), a table built once from the "classical" rays ([`ray`]: the ray
//! from a square in one direction, cut at the first occupied square found by a bit scan).

use crate::{Bitboard, Color, PieceKind, Square};
use std::sync::LazyLock;

/// The eight king-step directions as (file delta, rank delta). "Up" is towards rank 1,
/// "right" towards file 1 (Black's right).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Direction {
    Up,
    Down,
    Right,
    Left,
    UpRight,
    UpLeft,
    DownRight,
    DownLeft,
}

impl Direction {
    pub const ALL: [Direction; 8] = [
        Direction::Up,
        Direction::Down,
        Direction::Right,
        Direction::Left,
        Direction::UpRight,
        Direction::UpLeft,
        Direction::DownRight,
        Direction::DownLeft,
    ];

    pub const fn delta(self) -> (i32, i32) {
        match self {
            Direction::Up => (0, -1),
            Direction::Down => (0, 1),
            Direction::Right => (-1, 0),
            Direction::Left => (1, 0),
            Direction::UpRight => (-1, -1),
            Direction::UpLeft => (1, -1),
            Direction::DownRight => (-1, 1),
            Direction::DownLeft => (1, 1),
        }
    }

    pub const fn opposite(self) -> Direction {
        match self {
            Direction::Up => Direction::Down,
            Direction::Down => Direction::Up,
            Direction::Right => Direction::Left,
            Direction::Left => Direction::Right,
            Direction::UpRight => Direction::DownLeft,
            Direction::DownLeft => Direction::UpRight,
            Direction::UpLeft => Direction::DownRight,
            Direction::DownRight => Direction::UpLeft,
        }
    }

    /// Whether square indices grow along this direction (index = file·9 + rank).
    const fn increasing(self) -> bool {
        let (df, dr) = self.delta();
        df * 9 + dr > 0
    }
}

const fn bit(file: i32, rank: i32) -> u128 {
    if file >= 1 && file <= 9 && rank >= 1 && rank <= 9 {
        1u128 << ((file - 1) * 9 + (rank - 1))
    } else {
        0
    }
}

/// Steps given for Black; White's table mirrors the rank delta.
const fn step_table(steps: &[(i32, i32)], color: Color) -> [Bitboard; 81] {
    let mut table = [Bitboard::EMPTY; 81];
    let sign = match color {
        Color::Black => 1,
        Color::White => -1,
    };
    let mut i = 0;
    while i < 81 {
        let file = i as i32 / 9 + 1;
        let rank = i as i32 % 9 + 1;
        let mut bits = 0u128;
        let mut k = 0;
        while k < steps.len() {
            bits |= bit(file + steps[k].0, rank + sign * steps[k].1);
            k += 1;
        }
        table[i] = Bitboard(bits);
        i += 1;
    }
    table
}

const PAWN_STEPS: [(i32, i32); 1] = [(0, -1)];
const KNIGHT_STEPS: [(i32, i32); 2] = [(-1, -2), (1, -2)];
const SILVER_STEPS: [(i32, i32); 5] = [(-1, -1), (0, -1), (1, -1), (-1, 1), (1, 1)];
const GOLD_STEPS: [(i32, i32); 6] = [(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (0, 1)];
const KING_STEPS: [(i32, i32); 8] = [(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)];

static PAWN: [[Bitboard; 81]; 2] = [
    step_table(&PAWN_STEPS, Color::Black),
    step_table(&PAWN_STEPS, Color::White),
];
static KNIGHT: [[Bitboard; 81]; 2] = [
    step_table(&KNIGHT_STEPS, Color::Black),
    step_table(&KNIGHT_STEPS, Color::White),
];
static SILVER: [[Bitboard; 81]; 2] = [
    step_table(&SILVER_STEPS, Color::Black),
    step_table(&SILVER_STEPS, Color::White),
];
static GOLD: [[Bitboard; 81]; 2] = [
    step_table(&GOLD_STEPS, Color::Black),
    step_table(&GOLD_STEPS, Color::White),
];
static KING: [Bitboard; 81] = step_table(&KING_STEPS, Color::Black);

const fn ray_table() -> [[Bitboard; 81]; 8] {
    let mut table = [[Bitboard::EMPTY; 81]; 8];
    let mut d = 0;
    while d < 8 {
        let (df, dr) = Direction::ALL[d].delta();
        let mut i = 0;
        while i < 81 {
            let mut file = i as i32 / 9 + 1 + df;
            let mut rank = i as i32 % 9 + 1 + dr;
            let mut bits = 0u128;
            while file >= 1 && file <= 9 && rank >= 1 && rank <= 9 {
                bits |= bit(file, rank);
                file += df;
                rank += dr;
            }
            table[d][i] = Bitboard(bits);
            i += 1;
        }
        d += 1;
    }
    table
}

/// Usable in const evaluation (`empty_board_lines`); `RAYS` is its one copy at run time.
const RAYS_TABLE: [[Bitboard; 81]; 8] = ray_table();
static RAYS: [[Bitboard; 81]; 8] = RAYS_TABLE;

/// The direction from `a` to `b` if they share a rank, file or diagonal.
const fn direction_between(a: usize, b: usize) -> Option<Direction> {
    let df = (b / 9) as i32 - (a / 9) as i32;
    let dr = (b % 9) as i32 - (a % 9) as i32;
    if a == b || !(df == 0 || dr == 0 || df == dr || df == -dr) {
        return None;
    }
    let sf = df.signum();
    let sr = dr.signum();
    let mut d = 0;
    while d < 8 {
        let (f, r) = Direction::ALL[d].delta();
        if f == sf && r == sr {
            return Some(Direction::ALL[d]);
        }
        d += 1;
    }
    None
}

const fn between_table() -> [[Bitboard; 81]; 81] {
    let rays = ray_table();
    let mut table = [[Bitboard::EMPTY; 81]; 81];
    let mut a = 0;
    while a < 81 {
        let mut b = 0;
        while b < 81 {
            if let Some(d) = direction_between(a, b) {
                table[a][b] = Bitboard(rays[d as usize][a].0 & rays[d.opposite() as usize][b].0);
            }
            b += 1;
        }
        a += 1;
    }
    table
}

const fn line_table() -> [[Bitboard; 81]; 81] {
    let rays = ray_table();
    let mut table = [[Bitboard::EMPTY; 81]; 81];
    let mut a = 0;
    while a < 81 {
        let mut b = 0;
        while b < 81 {
            if let Some(d) = direction_between(a, b) {
                table[a][b] = Bitboard(rays[d as usize][a].0 | rays[d.opposite() as usize][a].0 | 1u128 << a);
            }
            b += 1;
        }
        a += 1;
    }
    table
}

static BETWEEN: [[Bitboard; 81]; 81] = between_table();
static LINE: [[Bitboard; 81]; 81] = line_table();

/// The squares strictly between `a` and `b` on a shared line; empty otherwise.
#[inline]
pub fn between(a: Square, b: Square) -> Bitboard {
    BETWEEN[a.index()][b.index()]
}

/// The whole line (both directions, both squares included) through `a` and `b`; empty
/// when they share no line.
#[inline]
pub fn line(a: Square, b: Square) -> Bitboard {
    LINE[a.index()][b.index()]
}

/// The ray from `sq` in direction `dir`, stopped at (and including) the first occupied
/// square of `occupied`.
#[inline]
pub fn ray(dir: Direction, sq: Square, occupied: Bitboard) -> Bitboard {
    let ray = RAYS[dir as usize][sq.index()];
    let blockers = (ray & occupied).0;
    if blockers == 0 {
        return ray;
    }
    let first = if dir.increasing() {
        blockers.trailing_zeros()
    } else {
        127 - blockers.leading_zeros()
    };
    Bitboard(ray.0 ^ RAYS[dir as usize][first as usize].0)
}

#[inline]
pub fn pawn_attacks(color: Color, sq: Square) -> Bitboard {
    PAWN[color.index()][sq.index()]
}

#[inline]
pub fn knight_attacks(color: Color, sq: Square) -> Bitboard {
    KNIGHT[color.index()][sq.index()]
}

#[inline]
pub fn silver_attacks(color: Color, sq: Square) -> Bitboard {
    SILVER[color.index()][sq.index()]
}

/// Gold, and every piece that moves like one (と 成香 成桂 成銀).
#[inline]
pub fn gold_attacks(color: Color, sq: Square) -> Bitboard {
    GOLD[color.index()][sq.index()]
}

#[inline]
pub fn king_attacks(sq: Square) -> Bitboard {
    KING[sq.index()]
}

#[inline]
pub fn lance_attacks(color: Color, sq: Square, occupied: Bitboard) -> Bitboard {
    LINES.file.attacks(sq, occupied) & lance_pseudo_attacks(color, sq)
}

/// A lance's reach on an empty board.
#[inline]
pub fn lance_pseudo_attacks(color: Color, sq: Square) -> Bitboard {
    match color {
        Color::Black => RAYS[Direction::Up as usize][sq.index()],
        Color::White => RAYS[Direction::Down as usize][sq.index()],
    }
}

#[inline]
pub fn bishop_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    let lines = &*LINES;
    lines.diagonal.attacks(sq, occupied) | lines.anti_diagonal.attacks(sq, occupied)
}

#[inline]
pub fn rook_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    let lines = &*LINES;
    lines.file.attacks(sq, occupied) | lines.rank.attacks(sq, occupied)
}

/// The attacks along one family of parallel lines (the files, the ranks, or the
/// diagonals of one slope), looked up by the occupancy of the line's inner squares.
///
/// Square indices are file-major, so a line's squares are `step` apart in the bitboard
/// (1 on a file, 9 on a rank, 10 and 8 on the diagonals): shifted down to its first inner
/// square, a line's inner squares (at most 7) lie at 0, step, …, 6·step of a `u64`, and
/// one multiplication gathers them into the top 7 bits, the index. No BMI2 needed.
struct LineAttacks {
    gather: u64,
    shift: [u8; 81],
    inner: [u64; 81],
    attacks: Box<[[Bitboard; 128]; 81]>,
}

impl LineAttacks {
    /// The line through each square along `dir` and its opposite.
    fn new(dir: Direction) -> LineAttacks {
        let (df, dr) = dir.delta();
        let step = (df * 9 + dr).unsigned_abs();
        // Bit 57 + k must receive bit k·step (k < 7), and nothing else may reach the top
        // bits (checked for every line by `lookup_matches_rays_on_every_line`).
        let gather = if step == 1 {
            1 << 57
        } else {
            (0..7).map(|k| 1u64 << (57 - k * (step - 1))).sum()
        };
        let mut table = LineAttacks {
            gather,
            shift: [0; 81],
            inner: [0; 81],
            attacks: Box::new([[Bitboard::EMPTY; 128]; 81]),
        };
        for sq in Square::all() {
            let i = sq.index();
            let line = RAYS[dir as usize][i] | RAYS[dir.opposite() as usize][i] | Bitboard::from(sq);
            let ends = Bitboard::from(line.first().expect("a line holds its square"))
                | Bitboard::from(line.last().expect("a line holds its square"));
            let inner = (line & !ends).0;
            let shift = if inner == 0 { 0 } else { inner.trailing_zeros() };
            table.shift[i] = shift as u8;
            table.inner[i] = (inner >> shift) as u64;
            // Every subset of the inner squares (carry-rippler enumeration).
            let mut subset = 0u128;
            loop {
                let occupied = Bitboard(subset);
                table.attacks[i][table.index(sq, occupied)] =
                    ray(dir, sq, occupied) | ray(dir.opposite(), sq, occupied);
                subset = subset.wrapping_sub(inner) & inner;
                if subset == 0 {
                    break;
                }
            }
        }
        table
    }

    #[inline]
    fn index(&self, sq: Square, occupied: Bitboard) -> usize {
        let i = sq.index();
        let bits = (occupied.0 >> self.shift[i]) as u64 & self.inner[i];
        (bits.wrapping_mul(self.gather) >> 57) as usize
    }

    #[inline]
    fn attacks(&self, sq: Square, occupied: Bitboard) -> Bitboard {
        self.attacks[sq.index()][self.index(sq, occupied)]
    }
}

/// The four families of lines a slider rides.
struct Lines {
    file: LineAttacks,
    rank: LineAttacks,
    diagonal: LineAttacks,
    anti_diagonal: LineAttacks,
}

/// Built once, on the first slider attack (about 0.7 MB).
static LINES: LazyLock<Lines> = LazyLock::new(|| Lines {
    file: LineAttacks::new(Direction::Up),
    rank: LineAttacks::new(Direction::Right),
    diagonal: LineAttacks::new(Direction::UpRight),
    anti_diagonal: LineAttacks::new(Direction::UpLeft),
});

const fn empty_board_lines(dirs: [Direction; 4]) -> [Bitboard; 81] {
    let mut table = [Bitboard::EMPTY; 81];
    let mut i = 0;
    while i < 81 {
        let mut bits = 0u128;
        let mut d = 0;
        while d < 4 {
            bits |= RAYS_TABLE[dirs[d] as usize][i].0;
            d += 1;
        }
        table[i] = Bitboard(bits);
        i += 1;
    }
    table
}

static BISHOP_PSEUDO: [Bitboard; 81] = empty_board_lines([
    Direction::UpRight,
    Direction::UpLeft,
    Direction::DownRight,
    Direction::DownLeft,
]);
static ROOK_PSEUDO: [Bitboard; 81] =
    empty_board_lines([Direction::Up, Direction::Down, Direction::Right, Direction::Left]);

/// A bishop's reach on an empty board.
#[inline]
pub fn bishop_pseudo_attacks(sq: Square) -> Bitboard {
    BISHOP_PSEUDO[sq.index()]
}

/// A rook's reach on an empty board.
#[inline]
pub fn rook_pseudo_attacks(sq: Square) -> Bitboard {
    ROOK_PSEUDO[sq.index()]
}

/// The pieces among `ours` (pieces of `by`) attacking `sq` by a step with an ordinary
/// kind's power, `with_power(kind)` giving the squares that have that kind's power
/// (their own kind's, or one lent them under the 安南 family): seen from the target, in
/// the reverse orientation.
#[inline(always)]
pub fn step_attackers_by_power(
    sq: Square,
    by: Color,
    ours: Bitboard,
    with_power: impl Fn(PieceKind) -> Bitboard,
) -> Bitboard {
    use PieceKind::*;
    let them = !by;
    let k = with_power;
    let golds = k(Gold) | k(ProPawn) | k(ProLance) | k(ProKnight) | k(ProSilver);
    let steps = (pawn_attacks(them, sq) & k(Pawn))
        | (knight_attacks(them, sq) & k(Knight))
        | (silver_attacks(them, sq) & k(Silver))
        | (gold_attacks(them, sq) & golds)
        | (king_attacks(sq) & (k(King) | k(Horse) | k(Dragon)));
    steps & ours
}

/// The pieces among `ours` (pieces of `by`) attacking `sq` with an ordinary kind's
/// power, by a step or a ride with `occupied` as the blockers ([`step_attackers_by_power`]).
/// A ride is computed only where a slider stands on one of its empty-board lines.
#[inline(always)]
pub fn attackers_by_power(
    sq: Square,
    by: Color,
    occupied: Bitboard,
    ours: Bitboard,
    with_power: impl Fn(PieceKind) -> Bitboard,
) -> Bitboard {
    use PieceKind::*;
    let them = !by;
    let k = &with_power;
    let mut rides = Bitboard::EMPTY;
    let lances = k(Lance) & ours;
    if (lance_pseudo_attacks(them, sq) & lances).is_nonempty() {
        rides |= lance_attacks(them, sq, occupied) & lances;
    }
    let bishops = (k(Bishop) | k(Horse)) & ours;
    if (bishop_pseudo_attacks(sq) & bishops).is_nonempty() {
        rides |= bishop_attacks(sq, occupied) & bishops;
    }
    let rooks = (k(Rook) | k(Dragon)) & ours;
    if (rook_pseudo_attacks(sq) & rooks).is_nonempty() {
        rides |= rook_attacks(sq, occupied) & rooks;
    }
    step_attackers_by_power(sq, by, ours, k) | rides
}

/// The squares a piece of an ordinary `kind` could reach from `sq` on an empty board:
/// a cheap superset of [`ordinary_attacks`], to skip pieces before their sliding
/// attacks are computed.
#[inline]
pub fn ordinary_pseudo_attacks(kind: PieceKind, color: Color, sq: Square) -> Bitboard {
    use PieceKind::*;
    match kind {
        Lance => lance_pseudo_attacks(color, sq),
        Bishop => bishop_pseudo_attacks(sq),
        Rook => rook_pseudo_attacks(sq),
        Horse => bishop_pseudo_attacks(sq) | king_attacks(sq),
        Dragon => rook_pseudo_attacks(sq) | king_attacks(sq),
        _ => ordinary_step_attacks(kind, color, sq),
    }
}

/// The empty-board reach ([`ordinary_pseudo_attacks`]) of an ordinary `kind` of
/// `color` from every square, where one table holds it (not a horse's or a dragon's,
/// two tables each, nor a fairy kind's): where many pieces of one kind are asked, the
/// kind is matched once.
#[inline]
pub fn ordinary_pseudo_table(kind: PieceKind, color: Color) -> Option<&'static [Bitboard; 81]> {
    use PieceKind::*;
    match kind {
        Pawn => Some(&PAWN[color.index()]),
        Knight => Some(&KNIGHT[color.index()]),
        Silver => Some(&SILVER[color.index()]),
        Gold | ProPawn | ProLance | ProKnight | ProSilver => Some(&GOLD[color.index()]),
        King => Some(&KING),
        Lance => Some(match color {
            Color::Black => &RAYS[Direction::Up as usize],
            Color::White => &RAYS[Direction::Down as usize],
        }),
        Bishop => Some(&BISHOP_PSEUDO),
        Rook => Some(&ROOK_PSEUDO),
        _ => None,
    }
}

/// The squares a stepping ordinary `kind` attacks from `sq`; empty for the sliders and
/// the fairy kinds. Inlined: [`ordinary_pseudo_attacks`] asks it on every call, where a
/// call to [`ordinary_attacks`] cost more than the lookup.
#[inline(always)]
fn ordinary_step_attacks(kind: PieceKind, color: Color, sq: Square) -> Bitboard {
    use PieceKind::*;
    match kind {
        Pawn => pawn_attacks(color, sq),
        Knight => knight_attacks(color, sq),
        Silver => silver_attacks(color, sq),
        Gold | ProPawn | ProLance | ProKnight | ProSilver => gold_attacks(color, sq),
        King => king_attacks(sq),
        _ => Bitboard::EMPTY,
    }
}

/// The squares a piece of an ordinary `kind` attacks (moves to or captures on) from
/// `sq`, given the occupied squares. Fairy kinds have no ordinary power: empty. Always
/// inlined: a call cost about 20 instructions besides the lookup, on a path that asks
/// it of every mover's kind (Madrasi's paralysis tests, the check squares per kind).
#[inline(always)]
pub fn ordinary_attacks(kind: PieceKind, color: Color, sq: Square, occupied: Bitboard) -> Bitboard {
    use PieceKind::*;
    match kind {
        Lance => lance_attacks(color, sq, occupied),
        Bishop => bishop_attacks(sq, occupied),
        Rook => rook_attacks(sq, occupied),
        Horse => bishop_attacks(sq, occupied) | king_attacks(sq),
        Dragon => rook_attacks(sq, occupied) | king_attacks(sq),
        _ => ordinary_step_attacks(kind, color, sq),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(f: i32, r: i32) -> Square {
        Square::new(f, r).unwrap()
    }

    #[test]
    fn ordinary_pseudo_table_is_the_empty_board_reach() {
        for kind in PieceKind::ALL.iter().copied().filter(|k| k.is_ordinary()) {
            for color in Color::ALL {
                let Some(table) = ordinary_pseudo_table(kind, color) else {
                    assert!(matches!(kind, PieceKind::Horse | PieceKind::Dragon));
                    continue;
                };
                for (i, &reach) in table.iter().enumerate() {
                    let sq = Square::from_index(i).unwrap();
                    assert_eq!(
                        reach,
                        ordinary_pseudo_attacks(kind, color, sq),
                        "{kind:?} {color:?} {i}"
                    );
                }
            }
        }
    }

    #[test]
    fn steppers_respect_orientation_and_edges() {
        assert_eq!(pawn_attacks(Color::Black, sq(7, 7)), Bitboard::from(sq(7, 6)));
        assert_eq!(pawn_attacks(Color::White, sq(3, 3)), Bitboard::from(sq(3, 4)));
        assert!(pawn_attacks(Color::Black, sq(5, 1)).is_empty());
        assert_eq!(
            knight_attacks(Color::Black, sq(2, 9)),
            Bitboard::from(sq(1, 7)) | Bitboard::from(sq(3, 7))
        );
        assert_eq!(knight_attacks(Color::White, sq(1, 1)), Bitboard::from(sq(2, 3)));
        assert_eq!(king_attacks(sq(1, 1)).count(), 3);
        assert_eq!(king_attacks(sq(5, 5)).count(), 8);
        assert_eq!(gold_attacks(Color::Black, sq(5, 5)).count(), 6);
        assert!(gold_attacks(Color::White, sq(5, 5)).contains(sq(4, 6)));
        assert!(!gold_attacks(Color::White, sq(5, 5)).contains(sq(4, 4)));
        assert!(silver_attacks(Color::White, sq(5, 5)).contains(sq(4, 4)));
    }

    #[test]
    fn sliders_stop_at_first_blocker() {
        let occ = Bitboard::from(sq(5, 3)) | Bitboard::from(sq(2, 5));
        let r = rook_attacks(sq(5, 5), occ);
        assert!(r.contains(sq(5, 3)) && !r.contains(sq(5, 2)));
        assert!(r.contains(sq(2, 5)) && !r.contains(sq(1, 5)));
        assert!(r.contains(sq(9, 5)) && r.contains(sq(5, 9)));
        assert_eq!(r.count(), 2 + 4 + 3 + 4);
        assert_eq!(bishop_pseudo_attacks(sq(5, 5)).count(), 16);
        assert_eq!(lance_attacks(Color::Black, sq(1, 9), Bitboard::EMPTY).count(), 8);
        assert_eq!(lance_attacks(Color::White, sq(1, 9), Bitboard::EMPTY).count(), 0);
    }

    /// Every subset of every line's occupancy, then random boards: the looked-up
    /// attacks are the rays'.
    #[test]
    fn lookup_matches_rays_on_every_line() {
        use crate::random::SplitMix64;
        let rays = |dirs: &[Direction], s: Square, occ: Bitboard| {
            dirs.iter().fold(Bitboard::EMPTY, |acc, &d| acc | ray(d, s, occ))
        };
        let check = |s: Square, occ: Bitboard| {
            use Direction::*;
            assert_eq!(
                rook_attacks(s, occ),
                rays(&[Up, Down, Right, Left], s, occ),
                "{s:?}{occ:?}"
            );
            assert_eq!(
                bishop_attacks(s, occ),
                rays(&[UpRight, UpLeft, DownRight, DownLeft], s, occ),
                "{s:?}{occ:?}"
            );
            assert_eq!(lance_attacks(Color::Black, s, occ), ray(Up, s, occ));
            assert_eq!(lance_attacks(Color::White, s, occ), ray(Down, s, occ));
        };
        for s in Square::all() {
            for pseudo in [rook_pseudo_attacks(s), bishop_pseudo_attacks(s)] {
                let mut subset = 0u128;
                loop {
                    check(s, Bitboard(subset));
                    subset = subset.wrapping_sub(pseudo.0) & pseudo.0;
                    if subset == 0 {
                        break;
                    }
                }
            }
        }
        let mut rng = SplitMix64::new(22);
        for _ in 0..20_000 {
            let density = 5 + rng.below(60);
            let occ = Square::all()
                .filter(|_| rng.chance(density))
                .fold(Bitboard::EMPTY, |b, s| b.with(s));
            for s in Square::all() {
                check(s, occ);
            }
        }
    }

    #[test]
    fn between_and_line() {
        assert_eq!(between(sq(1, 1), sq(9, 9)).count(), 7);
        assert_eq!(between(sq(9, 9), sq(1, 1)), between(sq(1, 1), sq(9, 9)));
        assert!(between(sq(1, 1), sq(2, 3)).is_empty());
        assert!(between(sq(5, 5), sq(5, 6)).is_empty());
        assert_eq!(line(sq(5, 5), sq(5, 7)).count(), 9);
        assert_eq!(line(sq(1, 1), sq(3, 3)).count(), 9);
        assert!(line(sq(1, 1), sq(2, 3)).is_empty());
    }
}
