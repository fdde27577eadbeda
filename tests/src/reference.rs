//! A deliberately slow, obviously-correct legal move generator, written straight from
//! rules.md §1–4 on the unvalidated `Setup`, sharing no move-generation code with
//! `yosei-rules`: every piece walks its steps, leaps, slides and hops square by square,
//! every candidate is played on a copy, and legality is the king-capture definition.
//!
//! It knows the ordinary pieces, fm's stone and every fairy piece of rules.md §1. A
//! Lion's moves are listed canonically, one move per result (cli.md): each of its 24
//! single moves as a normal move; a capture on an adjacent square followed by a step to a
//! square next to it (double capture, capture and move, igui) as a two-step; and one pass,
//! written through the empty adjacent square of lowest `Square::index`.

use yosei_core::{Color, Displacement, Move, Piece, PieceKind, Setup, Square};

/// (file delta, rank delta) for Black; White mirrors the rank delta.
type Offsets = Vec<(i32, i32)>;

/// A turned hop's line and the two steps from its hurdle to the landing squares.
type TurnedHop = ((i32, i32), [(i32, i32); 2]);

/// How a kind moves (rules.md §1), as plain lists of offsets.
struct Movement {
    /// Single steps and leaps: one offset, never blocked.
    leaps: Offsets,
    /// Riders: the offset repeated over empty squares (rook, bishop, queen, nightrider).
    slides: Offsets,
    /// Grasshopper lines: the first piece on the line is the hurdle, the square just
    /// beyond it the landing square.
    hops: Offsets,
    /// The Lion: besides its 24 single moves (in `leaps`), two king steps in one turn.
    lion: bool,
    /// fm's 獅子跳び (`B_MS_SHISHI_LEAP`) of a piece other than the Lion (飛鷲, 角鷹):
    /// after capturing on an adjacent square among its `leaps`, a step on to a square
    /// next to it that is among its `leaps` too; and a pass, always.
    shishi: bool,
    /// Leaps that do not jump: (offset, the square between that must be empty).
    lame: Vec<((i32, i32), (i32, i32))>,
    /// Riders that never capture (the 包 family's moves).
    quiet_slides: Offsets,
    /// Lines where the first piece is a hurdle and the piece goes on beyond it over
    /// empty squares (if the flag says it may stop there) to capture the next piece.
    hop_rides: Vec<((i32, i32), bool)>,
    /// Kangaroo lines: over the first two pieces, landing just beyond the second.
    double_hops: Offsets,
    /// Circular paths (the Rose): the squares after each leap, in order, walked over
    /// empty squares to the first piece.
    circles: Vec<Offsets>,
    /// Turned hops (Sparrow, Eagle): a line to the first piece, then the two steps from
    /// it that land the piece.
    turned_hops: Vec<TurnedHop>,
    /// The equihopper: over any occupied square to the square as far beyond it.
    equihopper: bool,
    /// fm's Equihopper: the same, but a piece between blocks (see `equihop_blocked`).
    blocked_equihopper: bool,
    /// Locust lines: the first piece on the line, if an enemy with an empty square just
    /// beyond it, is captured by hopping onto that square (a two-step move).
    hop_captures: Offsets,
}

impl Movement {
    fn new(leaps: Offsets, slides: Offsets) -> Movement {
        Movement {
            leaps,
            slides,
            hops: vec![],
            lion: false,
            shishi: false,
            lame: vec![],
            quiet_slides: vec![],
            hop_rides: vec![],
            double_hops: vec![],
            circles: vec![],
            turned_hops: vec![],
            equihopper: false,
            blocked_equihopper: false,
            hop_captures: vec![],
        }
    }
}

/// The leaps of an (a, b) leaper: (±a, ±b) and (±b, ±a), each once.
fn leaper(a: i32, b: i32) -> Offsets {
    let mut out = Vec::new();
    for (x, y) in [(a, b), (b, a)] {
        for sx in [1, -1] {
            for sy in [1, -1] {
                if !out.contains(&(x * sx, y * sy)) {
                    out.push((x * sx, y * sy));
                }
            }
        }
    }
    out
}

/// The xiangqi horse and its turned twin (fm's Mao and Moa): a knight's leap through the
/// square one orthogonal step towards its long side (Mao) or one diagonal step (Moa).
fn lame_knight(orthogonal_first: bool) -> Vec<((i32, i32), (i32, i32))> {
    leaper(1, 2)
        .into_iter()
        .map(|(df, dr)| {
            let between = match (orthogonal_first, df.abs() == 2) {
                (true, true) => (df.signum(), 0),
                (true, false) => (0, dr.signum()),
                (false, _) => (df.signum(), dr.signum()),
            };
            ((df, dr), between)
        })
        .collect()
}

/// The Rose's paths: the eight knight leaps in the order of a walk around the octagon
/// they make (each the last turned by 45°), started at each and walked either way for
/// seven leaps (the eighth comes home); as cumulative offsets.
fn rose_paths() -> Vec<Offsets> {
    let octagon = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];
    let mut paths = Vec::new();
    for start in 0..8 {
        for turn in [1, 7] {
            let mut at = (0, 0);
            let mut path = Vec::new();
            for k in 0..7 {
                let (df, dr) = octagon[(start + k * turn) % 8];
                at = (at.0 + df, at.1 + dr);
                path.push(at);
            }
            paths.push(path);
        }
    }
    paths
}

/// The fairy kinds of rules.md §1 (the stone aside), fm's further leapers and riders and
/// fm's chu shogi copies of the ordinary pieces, fm's tori shogi swallow and fm's
/// Equihopper: with the ordinary hand kinds, every kind this generator can drop.
/// Anything else held in a hand makes it panic.
pub const FAIRY_KINDS: [PieceKind; 75] = PieceKind::joined::<74, 1, 75>(
    PieceKind::joined::<73, 1, 74>(
        PieceKind::joined(
            PieceKind::joined::<12, 54, 66>(RULES_MD_FAIRY_KINDS, PieceKind::FM_ZOO_KINDS),
            PieceKind::CHU_COPIES,
        ),
        [PieceKind::Swallow],
    ),
    [PieceKind::Equihopper],
);

/// The fairy kinds of rules.md §1, the stone aside.
pub const RULES_MD_FAIRY_KINDS: [PieceKind; 12] = {
    use PieceKind::*;
    [
        Lion,
        Phoenix,
        Kirin,
        Queen,
        ChessKnight,
        Camel,
        Zebra,
        Giraffe,
        FiveLeaper,
        Root50Leaper,
        Grasshopper,
        Nightrider,
    ]
};

/// How a kind moves: steps and leaps, slides, hops, Lion.
fn movement(kind: PieceKind) -> Movement {
    use PieceKind::*;
    let gold = vec![(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (0, 1)];
    let king = vec![(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)];
    let diagonals = vec![(-1, -1), (1, -1), (-1, 1), (1, 1)];
    let orthogonals = vec![(0, -1), (0, 1), (-1, 0), (1, 0)];
    let queen_lines = [orthogonals.clone(), diagonals.clone()].concat();
    match kind {
        Pawn => Movement::new(vec![(0, -1)], vec![]),
        Lance => Movement::new(vec![], vec![(0, -1)]),
        Knight => Movement::new(vec![(-1, -2), (1, -2)], vec![]),
        Silver => Movement::new(vec![(-1, -1), (0, -1), (1, -1), (-1, 1), (1, 1)], vec![]),
        Gold | ProPawn | ProLance | ProKnight | ProSilver => Movement::new(gold, vec![]),
        King => Movement::new(king, vec![]),
        Bishop => Movement::new(vec![], diagonals),
        Rook => Movement::new(vec![], orthogonals),
        Horse => Movement::new(orthogonals, diagonals),
        Dragon => Movement::new(diagonals, orthogonals),
        // the 8 adjacent squares and the 16 at distance two (jumping); the two-step moves
        // are made in `lion_two_steps`
        Lion => {
            let mut leaps = vec![];
            for df in -2..=2 {
                for dr in -2..=2 {
                    if (df, dr) != (0, 0) {
                        leaps.push((df, dr));
                    }
                }
            }
            Movement {
                lion: true,
                ..Movement::new(leaps, vec![])
            }
        }
        // one step orthogonally, or a jump to the second square diagonally
        Phoenix => Movement::new(
            vec![(0, -1), (0, 1), (-1, 0), (1, 0), (-2, -2), (2, -2), (-2, 2), (2, 2)],
            vec![],
        ),
        // one step diagonally, or a jump to the second square orthogonally
        Kirin => Movement::new(
            vec![(-1, -1), (1, -1), (-1, 1), (1, 1), (0, -2), (0, 2), (-2, 0), (2, 0)],
            vec![],
        ),
        Queen => Movement::new(vec![], queen_lines),
        ChessKnight => Movement::new(leaper(1, 2), vec![]),
        Camel => Movement::new(leaper(1, 3), vec![]),
        Zebra => Movement::new(leaper(2, 3), vec![]),
        Giraffe => Movement::new(leaper(1, 4), vec![]),
        FiveLeaper => Movement::new([leaper(0, 5), leaper(3, 4)].concat(), vec![]),
        Root50Leaper => Movement::new([leaper(1, 7), leaper(5, 5)].concat(), vec![]),
        Grasshopper => Movement {
            hops: queen_lines,
            ..Movement::new(vec![], vec![])
        },
        Nightrider => Movement::new(vec![], leaper(1, 2)),
        // fm's piece_data.c: vec_hi, vec_da, vec_tl, vec_ka, vec_al, vec_tr, vec_fl,
        // vec_r4, vec_r6 leaps; vec_cm and vec_zb runs; Empress and Princess a rook or
        // bishop run with knight leaps
        Wazir => Movement::new(leaper(0, 1), vec![]),
        Dabbaba => Movement::new(leaper(0, 2), vec![]),
        Threeleaper => Movement::new(leaper(0, 3), vec![]),
        Fers => Movement::new(leaper(1, 1), vec![]),
        Alfil => Movement::new(leaper(2, 2), vec![]),
        Tripper => Movement::new(leaper(3, 3), vec![]),
        Flamingo => Movement::new(leaper(1, 6), vec![]),
        Root40Leaper => Movement::new(leaper(2, 6), vec![]),
        Root65Leaper => Movement::new([leaper(1, 8), leaper(4, 7)].concat(), vec![]),
        Camelrider => Movement::new(vec![], leaper(1, 3)),
        Zebrarider => Movement::new(vec![], leaper(2, 3)),
        Empress => Movement::new(leaper(1, 2), orthogonals),
        Princess => Movement::new(leaper(1, 2), diagonals),
        Mao => Movement {
            lame: lame_knight(true),
            ..Movement::new(vec![], vec![])
        },
        Moa => Movement {
            lame: lame_knight(false),
            ..Movement::new(vec![], vec![])
        },
        // fm's 包 family: moves as a rook (bishop, queen) without capturing; captures the
        // second piece on a line, the first being the screen
        Pao => Movement {
            quiet_slides: orthogonals.clone(),
            hop_rides: orthogonals.iter().map(|&d| (d, false)).collect(),
            ..Movement::new(vec![], vec![])
        },
        Vao => Movement {
            quiet_slides: diagonals.clone(),
            hop_rides: diagonals.iter().map(|&d| (d, false)).collect(),
            ..Movement::new(vec![], vec![])
        },
        Leo => Movement {
            quiet_slides: queen_lines.clone(),
            hop_rides: queen_lines.iter().map(|&d| (d, false)).collect(),
            ..Movement::new(vec![], vec![])
        },
        // the chess Lion: over the first piece, then anywhere beyond up to the next piece
        ChessLion => Movement {
            hop_rides: queen_lines.iter().map(|&d| (d, true)).collect(),
            ..Movement::new(vec![], vec![])
        },
        Kangaroo => Movement {
            double_hops: queen_lines.clone(),
            ..Movement::new(vec![], vec![])
        },
        Rose => Movement {
            circles: rose_paths(),
            ..Movement::new(vec![], vec![])
        },
        // fm's piece.c setup_refl135_to_pos: from the hurdle one step back towards the
        // mover and one aside (a line step turned 135° either way)
        Sparrow => Movement {
            turned_hops: queen_lines
                .iter()
                .map(|&(df, dr)| {
                    let sides = if df == 0 || dr == 0 {
                        // straight: back along the line, and one square to either side
                        let (sf, sr) = (dr.abs(), df.abs());
                        [(sf - df, sr - dr), (-sf - df, -sr - dr)]
                    } else {
                        // diagonal: one step back along either axis
                        [(-df, 0), (0, -dr)]
                    };
                    ((df, dr), sides)
                })
                .collect(),
            ..Movement::new(vec![], vec![])
        },
        // fm's h_check.c help_check_decapt_hop and analyze_hi_decapt_hop
        Locust => Movement {
            hop_captures: queen_lines.clone(),
            ..Movement::new(vec![], vec![])
        },
        // fm's h_check.c help_check_equi_hop and analyze_hi_equi_hop's non-stop branch
        NonStopEquihopper => Movement {
            equihopper: true,
            ..Movement::new(vec![], vec![])
        },
        // analyze_hi_equi_hop's Equihopper branch (its lists from setup_equi_hop_to_pos)
        Equihopper => Movement {
            equihopper: true,
            blocked_equihopper: true,
            ..Movement::new(vec![], vec![])
        },
        // setup_refl90_to_pos: the hurdle's neighbours across the line
        Eagle => Movement {
            turned_hops: queen_lines
                .iter()
                .map(|&(df, dr)| ((df, dr), [(-dr, df), (dr, -df)]))
                .collect(),
            ..Movement::new(vec![], vec![])
        },
        // the xiangqi elephant: two diagonal steps, the first square empty
        Shan => Movement {
            lame: leaper(2, 2)
                .into_iter()
                .map(|(df, dr)| ((df, dr), (df / 2, dr / 2)))
                .collect(),
            ..Movement::new(vec![], vec![])
        },
        // fm's chu shogi pieces, from piece_data.c's Black (hi_) vectors as written there
        // (forward is -1; every one is symmetric left to right): leaps, runs
        DrunkElephant => Movement::new(
            vec![(-1, -1), (-1, 0), (-1, 1), (0, -1), (1, -1), (1, 0), (1, 1)],
            vec![],
        ),
        BlindTiger => Movement::new(
            vec![(-1, -1), (-1, 0), (-1, 1), (0, 1), (1, -1), (1, 0), (1, 1)],
            vec![],
        ),
        CopperGeneral => Movement::new(vec![(-1, -1), (0, -1), (0, 1), (1, -1)], vec![]),
        FerociousLeopard => Movement::new(vec![(-1, -1), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 1)], vec![]),
        GoBetween => Movement::new(vec![(0, -1), (0, 1)], vec![]),
        FreeKing => Movement::new(vec![], queen_lines),
        VerticalMover => Movement::new(vec![(-1, 0), (1, 0)], vec![(0, -1), (0, 1)]),
        SideMover => Movement::new(vec![(0, -1), (0, 1)], vec![(-1, 0), (1, 0)]),
        ReverseChariot => Movement::new(vec![], vec![(0, -1), (0, 1)]),
        FlyingStag => Movement::new(
            vec![(-1, -1), (-1, 0), (-1, 1), (1, -1), (1, 0), (1, 1)],
            vec![(0, -1), (0, 1)],
        ),
        FlyingOx => Movement::new(vec![], vec![(-1, -1), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 1)]),
        FreeBoar => Movement::new(vec![], vec![(-1, -1), (-1, 0), (-1, 1), (1, -1), (1, 0), (1, 1)]),
        Whale => Movement::new(vec![], vec![(-1, 1), (0, -1), (0, 1), (1, 1)]),
        WhiteHorse => Movement::new(vec![], vec![(-1, -1), (0, -1), (0, 1), (1, -1)]),
        // fm's tori shogi pieces, likewise (the quails are not symmetric: White's
        // offsets are Black's turned round, `reach_as`)
        Crane => Movement::new(vec![(-1, -1), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 1)], vec![]),
        Pheasant => Movement::new(vec![(-1, 1), (0, -2), (1, 1)], vec![]),
        LeftQuail => Movement::new(vec![(1, 1)], vec![(-1, 1), (0, -1)]),
        RightQuail => Movement::new(vec![(-1, 1)], vec![(0, -1), (1, 1)]),
        Falcon => Movement::new(
            vec![(-1, -1), (-1, 0), (-1, 1), (0, -1), (1, -1), (1, 0), (1, 1)],
            vec![],
        ),
        // the runs of range 2 (fm's vec_t range) as a step and a lame two-step
        ToriEagle => Movement {
            lame: vec![((-2, 2), (-1, 1)), ((2, 2), (1, 1))],
            ..Movement::new(
                vec![(-1, 0), (0, -1), (1, 0), (-1, 1), (1, 1)],
                vec![(-1, -1), (0, 1), (1, -1)],
            )
        },
        Goose | PromotedSwallow => Movement::new(vec![(-2, -2), (0, 2), (2, -2)], vec![]),
        // fm's swallow: hi_vec_fw, a step forward; promoted (fp_promoted 119), the goose
        Swallow => Movement::new(vec![(0, -1)], vec![]),
        // fm's tori shogi king: `vec_ar`, one step every way
        ToriPhoenix | CrownPrince => movement(King),
        // fm's dai shogi pieces, likewise: vec_run_dhr, vec_run_dmg (runs of range 2),
        // vec_hi and vec_ka leaps, hi_vec_fb3 leaps
        FlyingDragon => Movement {
            lame: diagonals.iter().map(|&(df, dr)| ((2 * df, 2 * dr), (df, dr))).collect(),
            ..Movement::new(diagonals.clone(), vec![])
        },
        FierceOx => Movement {
            lame: orthogonals
                .iter()
                .map(|&(df, dr)| ((2 * df, 2 * dr), (df, dr)))
                .collect(),
            ..Movement::new(orthogonals.clone(), vec![])
        },
        AngryBoar => Movement::new(orthogonals.clone(), vec![]),
        CatSword => Movement::new(diagonals.clone(), vec![]),
        CoiledSerpent => Movement::new(vec![(-1, 1), (0, -1), (0, 1), (1, 1)], vec![]),
        Stone => Movement::new(vec![], vec![]),
        // the promoted fairy kinds move as fm's `fp_promoted` target pieces do
        PromotedKirin => movement(Lion),
        PromotedPhoenix => movement(FreeKing),
        PromotedBlindTiger => movement(FlyingStag),
        PromotedCopperGeneral => movement(SideMover),
        PromotedFerociousLeopard => movement(Bishop),
        PromotedGoBetween => movement(DrunkElephant),
        PromotedVerticalMover => movement(FlyingOx),
        PromotedSideMover => movement(FreeBoar),
        PromotedReverseChariot => movement(Whale),
        PromotedFalcon => movement(ToriEagle),
        PromotedFlyingDragon | PromotedFierceOx | PromotedAngryBoar | PromotedCatSword => movement(Gold),
        // fm's chu shogi copies of the ordinary pieces (`piece_data.c` pieces 91-97: the
        // ordinary pieces' vectors) and their promoted forms (`fp_promoted`: 100-102,
        // 104, 85, 86, 90)
        ChuRook | PromotedChuGold => movement(Rook),
        ChuBishop => movement(Bishop),
        ChuGold => movement(Gold),
        ChuSilver => movement(Silver),
        ChuDragon | PromotedChuRook => movement(Dragon),
        ChuHorse | PromotedChuBishop => movement(Horse),
        ChuLance => movement(Lance),
        PromotedChuSilver => movement(VerticalMover),
        PromotedChuDragon => movement(SoaringEagle),
        PromotedChuHorse => movement(HornedFalcon),
        PromotedChuLance => movement(WhiteHorse),
        // fm's 飛鷲 and 角鷹: leaps hi_leap_vec_hj and hi_vec_tk (shishi leaps), runs
        // hi_run_vec_hj and hi_vec_mk
        SoaringEagle => Movement {
            shishi: true,
            ..Movement::new(
                vec![(-2, -2), (-1, -1), (1, -1), (2, -2)],
                vec![(-1, 0), (-1, 1), (0, -1), (0, 1), (1, 0), (1, 1)],
            )
        },
        HornedFalcon => Movement {
            shishi: true,
            ..Movement::new(
                vec![(0, -2), (0, -1)],
                vec![(-1, -1), (-1, 0), (-1, 1), (0, 1), (1, -1), (1, 0), (1, 1)],
            )
        },
        // a kind added later (say a user-defined one) has no movement written here
        #[allow(unreachable_patterns)]
        _ => panic!("reference generator: no movement written for {kind:?}"),
    }
}

/// Whether a piece of `color` may end its move on `to`: empty, or an enemy that is not a
/// stone.
fn can_land(setup: &Setup, color: Color, to: Square) -> bool {
    setup
        .piece_at(to)
        .is_none_or(|p| p.color != color && p.kind != PieceKind::Stone)
}

/// Squares the piece on `from` reaches (moves to or captures on, by landing or by
/// hopping). A Lion's two-step moves reach no square beyond its 24 single moves, so
/// they add nothing here.
pub fn reach(setup: &Setup, from: Square) -> Vec<Square> {
    let piece = setup.piece_at(from).expect("a piece on from");
    reach_with(setup, from, &[piece.kind])
}

/// The pieces the piece on `from` captures by hopping with the power of `kind` (the
/// Locust), each with its landing square: the first piece of a line, an enemy and no
/// stone, with an empty square just beyond it.
fn hop_captures_as(setup: &Setup, from: Square, kind: PieceKind) -> Vec<(Square, Square)> {
    let piece = setup.piece_at(from).expect("a piece on from");
    let sign = if piece.color == Color::Black { 1 } else { -1 };
    let mut out = Vec::new();
    for (df, dr) in movement(kind).hop_captures {
        let mut cur = from;
        while let Some(next) = cur.offset(df, dr * sign) {
            cur = next;
            if let Some(hurdle) = setup.piece_at(cur) {
                let beyond = cur.offset(df, dr * sign);
                if hurdle.color != piece.color && hurdle.kind != PieceKind::Stone {
                    if let Some(to) = beyond.filter(|&to| setup.piece_at(to).is_none()) {
                        out.push((cur, to));
                    }
                }
                break;
            }
        }
    }
    out
}

/// Squares the piece on `from` moves to or captures on by landing there with the
/// power of `kind`, in its own orientation.
fn reach_as(setup: &Setup, from: Square, kind: PieceKind) -> Vec<Square> {
    let piece = setup.piece_at(from).expect("a piece on from");
    let sign = if piece.color == Color::Black { 1 } else { -1 };
    let movement = movement(kind);
    let mut out = Vec::new();
    // White's offsets are Black's turned round (files too: it matters for the quails)
    for (df, dr) in movement.leaps {
        if let Some(to) = from.offset(df * sign, dr * sign) {
            if can_land(setup, piece.color, to) {
                out.push(to);
            }
        }
    }
    for ((df, dr), (bf, br)) in movement.lame {
        let between = from.offset(bf * sign, br * sign);
        if let (Some(to), Some(between)) = (from.offset(df * sign, dr * sign), between) {
            if setup.piece_at(between).is_none() && can_land(setup, piece.color, to) {
                out.push(to);
            }
        }
    }
    for (df, dr) in movement.slides {
        let mut cur = from;
        while let Some(to) = cur.offset(df * sign, dr * sign) {
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
    for (df, dr) in movement.quiet_slides {
        let mut cur = from;
        while let Some(to) = cur.offset(df, dr * sign) {
            if setup.piece_at(to).is_some() {
                break;
            }
            out.push(to);
            cur = to;
        }
    }
    for ((df, dr), stops) in movement.hop_rides {
        let step = |sq: Square| sq.offset(df, dr * sign);
        // walk to the screen, then past it
        let mut cur = from;
        while let Some(next) = step(cur) {
            cur = next;
            if setup.piece_at(cur).is_some() {
                break;
            }
        }
        if setup.piece_at(cur).is_none() || cur == from {
            continue;
        }
        while let Some(next) = step(cur) {
            cur = next;
            if setup.piece_at(cur).is_some() {
                if can_land(setup, piece.color, cur) {
                    out.push(cur);
                }
                break;
            }
            if stops {
                out.push(cur);
            }
        }
    }
    if movement.equihopper {
        for hurdle in Square::all() {
            if hurdle == from || setup.piece_at(hurdle).is_none() {
                continue;
            }
            let (df, dr) = (hurdle.file() - from.file(), hurdle.rank() - from.rank());
            if movement.blocked_equihopper && equihop_blocked(setup, from, (df, dr)) {
                continue;
            }
            if let Some(to) = hurdle.offset(df, dr) {
                if can_land(setup, piece.color, to) {
                    out.push(to);
                }
            }
        }
    }
    for ((df, dr), sides) in movement.turned_hops {
        let mut cur = from;
        while let Some(next) = cur.offset(df, dr * sign) {
            cur = next;
            if setup.piece_at(cur).is_some() {
                for (sf, sr) in sides {
                    if let Some(to) = cur.offset(sf, sr * sign) {
                        if can_land(setup, piece.color, to) && !out.contains(&to) {
                            out.push(to);
                        }
                    }
                }
                break;
            }
        }
    }
    for path in movement.circles {
        for (df, dr) in path {
            let Some(to) = from.offset(df, dr * sign) else { break };
            // paths share squares (the first leap is on two of them): each square once
            let lands = setup.piece_at(to).is_none() || can_land(setup, piece.color, to);
            if lands && !out.contains(&to) {
                out.push(to);
            }
            if setup.piece_at(to).is_some() {
                break;
            }
        }
    }
    for (df, dr) in movement.double_hops {
        let mut hurdles = 0;
        let mut cur = from;
        while let Some(next) = cur.offset(df, dr * sign) {
            cur = next;
            if setup.piece_at(cur).is_some() {
                hurdles += 1;
                if hurdles == 2 {
                    if let Some(to) = cur.offset(df, dr * sign) {
                        if can_land(setup, piece.color, to) {
                            out.push(to);
                        }
                    }
                    break;
                }
            }
        }
    }
    for (df, dr) in movement.hops {
        let mut cur = from;
        while let Some(next) = cur.offset(df, dr * sign) {
            if setup.piece_at(next).is_some() {
                // `next` is the hurdle: land just beyond it, if that square is free
                if let Some(to) = next.offset(df, dr * sign) {
                    if can_land(setup, piece.color, to) {
                        out.push(to);
                    }
                }
                break;
            }
            cur = next;
        }
    }
    out
}

/// The squares one king step from `sq`, in `Square::index` order.
fn adjacent(sq: Square) -> Vec<Square> {
    Square::all()
        .filter(|&t| t != sq && (t.file() - sq.file()).abs() <= 1 && (t.rank() - sq.rank()).abs() <= 1)
        .collect()
}

/// The Lion's two-step moves whose result no single move has, one move per result:
/// a capture on an adjacent `via` followed by a step to a square next to it (another
/// capture, an empty square, or back to `from`: igui), and one pass (via the empty
/// adjacent square of lowest index; with none, under `LionPass::Any`, through its own
/// square). A step through an empty square to anywhere else ends where a single move
/// ends, so it is not a move of its own.
fn lion_two_steps(setup: &Setup, from: Square, pass: yosei_rules::LionPass) -> Vec<Move> {
    let lion = setup.piece_at(from).expect("a Lion on from");
    let mut out = Vec::new();
    let mut pass_via = None;
    for via in adjacent(from) {
        match setup.piece_at(via) {
            None => {
                if pass_via.is_none() {
                    pass_via = Some(via);
                }
            }
            Some(p) if p.color != lion.color && p.kind != PieceKind::Stone => {
                for to in adjacent(via) {
                    // `from` is empty once the Lion has left it
                    if to == from || can_land(setup, lion.color, to) {
                        out.push(Move::two_step(from, via, to));
                    }
                }
            }
            Some(_) => {}
        }
    }
    if pass == yosei_rules::LionPass::Any && pass_via.is_none() {
        pass_via = Some(from);
    }
    if let Some(via) = pass_via {
        out.push(Move::two_step(from, via, from));
    }
    out
}

/// The two-step moves of fm's other 獅子跳び pieces (`shishi`), as fm's
/// `help_check_shishi_leap` states them: after a capture on an adjacent leap square, a
/// step to a square next to it that is also one of the piece's leap squares from
/// `from` (empty or an enemy); and the pass, written through its own square, whatever
/// surrounds the piece. `kinds`: the powers it moves with.
fn shishi_two_steps(setup: &Setup, from: Square, kinds: &[PieceKind]) -> Vec<Move> {
    let piece = setup.piece_at(from).expect("a piece on from");
    let sign = if piece.color == Color::Black { 1 } else { -1 };
    let mut targets: Vec<Square> = Vec::new();
    for &kind in kinds.iter().filter(|&&k| movement(k).shishi) {
        for (df, dr) in movement(kind).leaps {
            if let Some(to) = from.offset(df * sign, dr * sign) {
                if !targets.contains(&to) {
                    targets.push(to);
                }
            }
        }
    }
    let mut out = Vec::new();
    for &via in targets.iter().filter(|&&via| adjacent(from).contains(&via)) {
        let enemy = setup
            .piece_at(via)
            .is_some_and(|p| p.color != piece.color && p.kind != PieceKind::Stone);
        if !enemy {
            continue;
        }
        for to in adjacent(via) {
            if targets.contains(&to) && can_land(setup, piece.color, to) {
                out.push(Move::two_step(from, via, to));
            }
        }
    }
    out.push(Move::two_step(from, from, from));
    out
}

/// `color`'s king: its royal piece (docs/rules/royal.md), the 玉 unless the problem
/// declares other royal kinds.
fn king_of(setup: &Setup, color: Color, rules: &Rules) -> Option<Square> {
    Square::all().find(|&sq| {
        setup
            .piece_at(sq)
            .is_some_and(|p| p.color == color && rules.is_royal(p.kind))
    })
}

/// Which rule of rules.md §5.1–5.5, 5.7 gives the pieces their powers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Power {
    #[default]
    Own,
    Annan,
    Anhoku,
    Taimen,
    Haimen,
    NekoSen,
    NekoNekoSen,
    Tenjiku,
    Komazume(PieceKind),
}

/// The square one step from `sq` towards `color`'s front (`ahead`) or back.
fn neighbour(sq: Square, color: Color, ahead: bool) -> Option<Square> {
    let forward = if color == Color::Black { -1 } else { 1 };
    sq.offset(0, if ahead { forward } else { -forward })
}

/// Every square's power (rules.md §1, §5.1–5.5, 5.7): the kinds whose movement the piece
/// there has; empty for an empty square or a stone.
pub fn powers(setup: &Setup, rules: &Rules) -> Vec<Vec<PieceKind>> {
    let mut out = vec![Vec::new(); Square::NUM];
    for sq in Square::all() {
        let Some(piece) = setup.piece_at(sq) else { continue };
        if piece.kind == PieceKind::Stone {
            continue;
        }
        // the piece on the lending square, if it lends under the rule
        let lender = |ahead: bool, friend: bool| {
            neighbour(sq, piece.color, ahead)
                .and_then(|l| setup.piece_at(l))
                .filter(|l| l.kind != PieceKind::Stone && (l.color == piece.color) == friend)
                .map(|l| l.kind)
        };
        let borrowed = match rules.power {
            Power::Own | Power::Tenjiku => None,
            Power::Annan => lender(false, true),
            Power::Anhoku => lender(true, true),
            Power::Taimen => lender(true, false),
            Power::Haimen => lender(false, false),
            Power::NekoSen | Power::NekoNekoSen => Some(line_opposite(setup, rules.power, sq)),
            Power::Komazume(kind) => (piece.kind == PieceKind::King).then_some(kind),
        };
        out[sq.index()] = vec![borrowed.unwrap_or(piece.kind)];
    }
    if rules.power == Power::Tenjiku {
        // checks with plain powers (and plain paralysis), then the checked kings borrow
        let plain = powers(
            setup,
            &Rules {
                power: Power::Own,
                ..*rules
            },
        );
        for color in [Color::Black, Color::White] {
            let Some(king) = king_of(setup, color, rules) else {
                continue;
            };
            let mut kinds = Vec::new();
            for sq in Square::all() {
                let Some(p) = setup.piece_at(sq) else { continue };
                if p.color != color
                    && reach_with(setup, sq, &plain[sq.index()]).contains(&king)
                    && !paralysed(setup, rules, &plain, sq)
                    && !kinds.contains(&p.kind)
                {
                    kinds.push(p.kind);
                }
            }
            if !kinds.is_empty() {
                out[king.index()] = kinds;
            }
        }
    }
    out
}

/// ネコ鮮 / ネコネコ鮮 (docs/rules/nekosen.md): the kind of the piece opposite `sq` in its
/// line, the unbroken run along the file through `sq` of pieces of its side (ネコ鮮:
/// stones are nobody's and break it) or of any pieces (ネコネコ鮮, where no stone may
/// stand). Listed top to bottom, the piece at place i takes the kind at place
/// len - 1 - i.
fn line_opposite(setup: &Setup, power: Power, sq: Square) -> PieceKind {
    let color = setup.piece_at(sq).map(|p| p.color);
    let at = |rank: i32| Square::new(sq.file(), rank).and_then(|s| setup.piece_at(s));
    let joins = |rank: i32| {
        at(rank).is_some_and(|p| power == Power::NekoNekoSen || (Some(p.color) == color && p.kind != PieceKind::Stone))
    };
    let mut top = sq.rank();
    while joins(top - 1) {
        top -= 1;
    }
    let mut line = Vec::new();
    let mut rank = top;
    while joins(rank) {
        line.push(at(rank).unwrap().kind);
        rank += 1;
    }
    let place = (sq.rank() - top) as usize;
    line[line.len() - 1 - place]
}

/// Whether `rules` refuse `setup` for a piece on its board: a stone under ネコネコ鮮
/// (docs/rules/nekosen.md).
pub fn refuses_pieces(setup: &Setup, rules: &Rules) -> bool {
    rules.power == Power::NekoNekoSen
        && Square::all().any(|sq| setup.piece_at(sq).is_some_and(|p| p.kind == PieceKind::Stone))
}

/// The union of what the piece on `from` reaches with each of `kinds`: the squares it
/// moves to, captures on by landing, or captures by hopping over.
fn reach_with(setup: &Setup, from: Square, kinds: &[PieceKind]) -> Vec<Square> {
    let mut out = landings_with(setup, from, kinds);
    for &kind in kinds {
        for (sq, _) in hop_captures_as(setup, from, kind) {
            if !out.contains(&sq) {
                out.push(sq);
            }
        }
    }
    out
}

/// The union of the squares the piece on `from` moves to or captures on by landing
/// there with each of `kinds`.
fn landings_with(setup: &Setup, from: Square, kinds: &[PieceKind]) -> Vec<Square> {
    let mut out = Vec::new();
    for &kind in kinds {
        for sq in reach_as(setup, from, kind) {
            if !out.contains(&sq) {
                out.push(sq);
            }
        }
    }
    out
}

/// Madrasi (rules.md §5.6): the piece on `sq` is attacked by an enemy piece of the same
/// own kind, with that enemy's power. Royal pieces (the king, a kind declared royal)
/// only under K-Madrasi.
fn paralysed(setup: &Setup, rules: &Rules, powers: &[Vec<PieceKind>], sq: Square) -> bool {
    if !rules.madrasi && !rules.k_madrasi {
        return false;
    }
    let Some(piece) = setup.piece_at(sq) else { return false };
    if piece.kind == PieceKind::Stone || (rules.is_royal(piece.kind) && !rules.k_madrasi) {
        return false;
    }
    Square::all().any(|from| {
        setup
            .piece_at(from)
            .is_some_and(|p| p.color != piece.color && p.kind == piece.kind)
            && reach_with(setup, from, &powers[from.index()]).contains(&sq)
    })
}

/// Whether `by` could capture the other side's king (rules.md §2).
pub fn can_capture_king(setup: &Setup, by: Color) -> bool {
    can_capture_king_with(setup, by, &Rules::default())
}

/// `color`'s royal pieces (two or more: fm's 二玉詰, where an attack on any is check).
fn kings_of(setup: &Setup, color: Color, rules: &Rules) -> Vec<Square> {
    Square::all()
        .filter(|&sq| {
            setup
                .piece_at(sq)
                .is_some_and(|p| p.color == color && rules.is_royal(p.kind))
        })
        .collect()
}

/// Whether `by` could make a valid king capture under `rules`.
pub fn can_capture_king_with(setup: &Setup, by: Color, rules: &Rules) -> bool {
    let kings = kings_of(setup, !by, rules);
    if kings.len() > 1 {
        // 二玉詰 (docs/rules/royal.md; refused under 自己王手王取無効): any royal piece
        return !ordinary_checkers(setup, by, rules).is_empty();
    }
    let Some(&king) = kings.first() else {
        return false;
    };
    let capturers = ordinary_checkers(setup, by, rules);
    if !rules.skci || capturers.is_empty() {
        return !capturers.is_empty();
    }
    // 自己王手王取無効 (seed 000's strict definition): some capture of the king, by one of
    // those pieces, after which no piece of the other side gives the capturer's king an
    // ordinary check that did not give it before.
    let Some(own_king) = king_of(setup, by, rules) else {
        return true;
    };
    let before: Vec<Square> = ordinary_checkers_of(setup, own_king, !by, rules);
    let mut passed = setup.clone();
    passed.side_to_move = by;
    candidates(&passed, rules)
        .into_iter()
        .filter(|m| m.from().is_some_and(|from| capturers.contains(&from)))
        .filter(|m| m.to() == king || m.via() == Some(king))
        .any(|m| {
            let after = play(&passed, m);
            let Some(own_king) = king_of(&after, by, rules) else {
                return true;
            };
            ordinary_checkers_of(&after, own_king, !by, rules)
                .iter()
                .all(|sq| before.contains(sq))
        })
}

/// The pieces of `by` giving the other side's king an ordinary check (seed 000's
/// 通常の王手): they reach it with their power, are not paralysed, and (利き二歩無効) do not
/// land a pawn on a file of another pawn of theirs, unless Andernach turns it.
/// Under 二玉詰 those of every royal piece of the other side.
fn ordinary_checkers(setup: &Setup, by: Color, rules: &Rules) -> Vec<Square> {
    kings_of(setup, !by, rules)
        .into_iter()
        .flat_map(|king| ordinary_checkers_of(setup, king, by, rules))
        .collect()
}

/// [`ordinary_checkers`] of the king on `king`.
fn ordinary_checkers_of(setup: &Setup, king: Square, by: Color, rules: &Rules) -> Vec<Square> {
    let powers = powers(setup, rules);
    Square::all()
        .filter(|&sq| {
            let Some(p) = setup.piece_at(sq) else { return false };
            if p.color != by || !reach_with(setup, sq, &powers[sq.index()]).contains(&king) {
                return false;
            }
            let two_pawns = p.kind == PieceKind::Pawn
                && sq.file() != king.file()
                && (1..=9).any(|rank| {
                    setup.piece_at(Square::new(king.file(), rank).unwrap()) == Some(Piece::new(PieceKind::Pawn, by))
                });
            // under Andernach a pawn the capture turns is no second pawn of its side
            let invalid = rules.kiki_nifu_invalid && two_pawns && !king_capture_turns(setup, sq, king, rules);
            let judged = rules.isardam == Some(Isardam::A) || rules.koko;
            !invalid
                && !paralysed(setup, rules, &powers, sq)
                && (!judged || king_capture_obeys(setup, sq, king, two_pawns, &powers[sq.index()], rules))
        })
        .collect()
}

/// Isardam type A and Koko: the capture of the king on `king` by the piece on `from`,
/// in some form (promoted where its kind may promote, never under 成禁 or 絶対成禁;
/// unpromoted unless dead there or a second pawn and, under Andernach, not turned),
/// once played (the capturer turned where Andernach turns it) obeys them (fm's trial
/// move). The capture follows `power`, the capturer's powers (under 安南 and the like
/// the borrowed one: fm's trial walks the lent kind's squares), its forms the piece's
/// own kind.
fn king_capture_obeys(
    setup: &Setup,
    from: Square,
    king: Square,
    two_pawns: bool,
    power: &[PieceKind],
    rules: &Rules,
) -> bool {
    let piece = setup.piece_at(from).expect("a capturer");
    let by = piece.color;
    let mut passed = setup.clone();
    passed.side_to_move = by;
    let promoted = rules.no_promotion.is_none() && rules.promotes(piece.kind) && (from.in_zone(by) || king.in_zone(by));
    // under Andernach a capturer that turns is held to its new owner's test only
    let unpromoted =
        king_capture_turns(setup, from, king, rules) || (!dead_with(rules, piece.kind, by, king) && !two_pawns);
    // under アンチキルケ the trial capture is played with the capturer's return (a return
    // that makes two pawns is no form of it)
    let obeys_as_played = |form: Move| {
        let after = play(&passed, form);
        let isardam_allows = rules.isardam.is_none() || !isardam_forbids(&after, rules);
        let koko_allows = !rules.koko || koko_obeyed(&after, form);
        isardam_allows && koko_allows && !self::two_pawns(&after, by)
    };
    let obeys = |m: Move| match rules.capture {
        Some(capture @ Capture::AntiCirce) => capture_forms(&passed, rules, capture, m)
            .into_iter()
            .any(obeys_as_played),
        _ => obeys_as_played(m),
    };
    // a capture by hopping over the king (the Locust) lands beyond it (fm's
    // `hi_trial_move2`; Isardam refuses hoppers)
    let by_hopping = power.iter().any(|&kind| {
        hop_captures_as(setup, from, kind)
            .into_iter()
            .any(|(hurdle, to)| hurdle == king && obeys(Move::two_step(from, king, to)))
    });
    let landing = landings_with(setup, from, power).contains(&king);
    // under アンチキルケ an unpromoted capturer that returns home is judged there (dead
    // piece, two pawns), not on the king's square
    let anticirce = rules.capture == Some(Capture::AntiCirce);
    let by_landing = landing
        && [(true, promoted), (false, unpromoted || anticirce)]
            .into_iter()
            .filter(|&(_, allowed)| allowed)
            .any(|(promote, _)| {
                let plain = Move::normal(from, king, promote);
                if anticirce {
                    let returns_or_may_stay = |form: &Move| {
                        matches!(form.displacement(), Some((Displacement::Return, _))) || promote || unpromoted
                    };
                    return capture_forms(&passed, rules, Capture::AntiCirce, plain)
                        .into_iter()
                        .filter(returns_or_may_stay)
                        .any(&obeys_as_played);
                }
                // under Andernach the capturer that turns stands on the king's square for
                // the king's side (Isardam judges the board after the turn)
                obeys(rules.turn.map_or(plain, |turn| turn_form(setup, rules, turn, plain)))
            });
    by_hopping || by_landing
}

/// Andernach: the piece on `from` would change colour by taking the king on `king`
/// unpromoted ([`turn_form`]).
fn king_capture_turns(setup: &Setup, from: Square, king: Square, rules: &Rules) -> bool {
    rules.turn.is_some_and(|turn| {
        turn_form(setup, rules, turn, Move::normal(from, king, false))
            .displacement()
            .is_some()
    })
}

/// Isardam: some piece other than a royal piece or a stone attacks an enemy piece of its
/// own kind (fm skips a royal kind's pairs).
pub fn isardam_forbids(setup: &Setup, rules: &Rules) -> bool {
    Square::all().any(|from| {
        setup.piece_at(from).is_some_and(|p| {
            p.kind != PieceKind::Stone
                && !rules.is_royal(p.kind)
                && reach(setup, from)
                    .iter()
                    .any(|&sq| setup.piece_at(sq) == Some(Piece::new(p.kind, !p.color)))
        })
    })
}

/// Koko: the piece `m` moved or dropped (an Anti-Circe capturer where it returned) has a
/// piece next to it in `after`.
fn koko_obeyed(after: &Setup, m: Move) -> bool {
    let end = match m.displacement() {
        Some((Displacement::Return, sq)) => sq,
        _ => m.to(),
    };
    adjacent(end).into_iter().any(|sq| after.piece_at(sq).is_some())
}

/// 自己王手王取無効's adjacency ban: `color`'s king stands within the reach of the other
/// king's power.
pub fn king_in_enemy_king_reach(setup: &Setup, color: Color, rules: &Rules) -> bool {
    let (Some(ours), Some(theirs)) = (king_of(setup, color, rules), king_of(setup, !color, rules)) else {
        return false;
    };
    reach_with(setup, theirs, &powers(setup, rules)[theirs.index()]).contains(&ours)
}

pub fn in_check(setup: &Setup) -> bool {
    can_capture_king(setup, !setup.side_to_move)
}

pub fn in_check_with(setup: &Setup, rules: &Rules) -> bool {
    can_capture_king_with(setup, !setup.side_to_move, rules)
}

/// A piece that could never move again (rules.md §3.2, seed 002).
pub fn dead(kind: PieceKind, color: Color, sq: Square) -> bool {
    let r = sq.relative_rank(color);
    match kind {
        PieceKind::Pawn | PieceKind::Lance => r == 1,
        PieceKind::Knight => r <= 2,
        // Seed 002: a piece that attacks no square: every leap and every first slide
        // step leaves the board (the fairy movements are the same for both colours). A
        // Lion always has a king step, a Grasshopper on 9×9 always a hurdle and a landing
        // square in some direction.
        PieceKind::Stone => false,
        kind if kind.is_fairy() => {
            let m = movement(kind);
            // the offsets are Black's; White's are turned round (the chu shogi lance)
            let turn = if color == Color::Black { 1 } else { -1 };
            !m.lion
                && !m.shishi
                && m.hops.is_empty()
                && m.hop_rides.is_empty()
                && m.double_hops.is_empty()
                && m.circles.is_empty()
                && m.turned_hops.is_empty()
                && !m.equihopper
                && m.hop_captures
                    .iter()
                    .all(|&(df, dr)| sq.offset(2 * df, 2 * dr).is_none())
                && m.leaps
                    .iter()
                    .chain(&m.slides)
                    .chain(m.lame.iter().map(|(offset, _)| offset))
                    .all(|&(df, dr)| sq.offset(turn * df, turn * dr).is_none())
        }
        _ => false,
    }
}

/// Whether fm's Equihopper on `from` is stopped from hopping over the square `mid` away:
/// by a piece on a board point of the straight segment to the landing square, the
/// midpoint aside (walked point by point: a point is a multiple of the segment's vector
/// divided by the greatest common divisor of its coordinates).
fn equihop_blocked(setup: &Setup, from: Square, mid: (i32, i32)) -> bool {
    let (tf, tr) = (2 * mid.0, 2 * mid.1);
    let points = (1..=tf.abs().max(tr.abs()))
        .rev()
        .find(|&n| tf % n == 0 && tr % n == 0)
        .unwrap_or(1);
    (1..points).filter(|&k| 2 * k != points).any(|k| {
        from.offset(k * tf / points, k * tr / points)
            .is_some_and(|sq| setup.piece_at(sq).is_some())
    })
}

/// Dead pieces under a power rule (rules.md §3.2): 安南 and 背面 none; 安北 and 対面
/// the last rank of a piece dead there (P, L, N, the chu shogi lance); the ordinary table
/// otherwise.
pub fn dead_with(rules: &Rules, kind: PieceKind, color: Color, sq: Square) -> bool {
    match rules.power {
        Power::Annan | Power::Haimen | Power::NekoSen | Power::NekoNekoSen => false,
        // P, L and N (and fm's chu shogi lance, as fm keeps a piece's last-rank dead
        // squares under them) on the last rank
        Power::Anhoku | Power::Taimen => sq.relative_rank(color) == 1 && dead(kind, color, sq),
        _ => dead(kind, color, sq),
    }
}

fn two_pawns(setup: &Setup, color: Color) -> bool {
    more_on_a_file(setup, Piece::new(PieceKind::Pawn, color), 1)
}

/// fm's 三燕 (`B_PA_CONSTRAINT_3T`): three unpromoted swallows of `color` on a file.
fn three_swallows(setup: &Setup, color: Color) -> bool {
    more_on_a_file(setup, Piece::new(PieceKind::Swallow, color), 2)
}

/// Whether some file holds more than `most` of `piece`.
fn more_on_a_file(setup: &Setup, piece: Piece, most: usize) -> bool {
    (1..=9).any(|file| {
        (1..=9)
            .filter(|&rank| setup.piece_at(Square::new(file, rank).unwrap()) == Some(piece))
            .count()
            > most
    })
}

/// The position after `m` (any move `candidates` makes), with the other side to move.
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
        // where the piece a capture condition reborns or restores stands: the
        // destination, or the square a capture by hopping takes on
        let displaced_on = match m.displacement() {
            Some((Displacement::Rebirth | Displacement::Restore, _)) => m.displaced_square(),
            _ => m.to(),
        };
        // a two-step first takes what stands on `via` (nothing for a Lion's pass; a hop
        // capture's captured piece, unless it is reborn or restored)
        if let Some(via) = m.via().filter(|&via| via != displaced_on) {
            if let Some(captured) = next.piece_at(via) {
                assert!(captured.color != us, "a Lion two-step via its own piece: {m}");
                if captured.kind != PieceKind::King {
                    next.hand_mut(us).add(captured.kind.unpromoted());
                }
                next.put(via, None);
            }
        }
        let mut end = m.to();
        // アンチキルケ: the capturer ends elsewhere
        if let Some((Displacement::Return, sq)) = m.displacement() {
            end = sq;
        }
        if let Some(captured) = next.piece_at(displaced_on) {
            next.put(displaced_on, None);
            match m.displacement() {
                // キルケ: the captured piece, unpromoted, for its owner
                Some((Displacement::Rebirth, sq)) => {
                    assert!(next.piece_at(sq).is_none(), "rebirth on an occupied square: {m}");
                    next.put(sq, Some(Piece::new(captured.kind.unpromoted(), captured.color)));
                }
                // Messigny: the two pieces change places, nothing is captured
                Some((Displacement::Swap, sq)) => {
                    assert_eq!(captured.kind, piece.kind, "a swap with another kind: {m}");
                    next.put(sq, Some(captured));
                }
                // PWC: the captured piece as it was, for its owner, where the capturer was
                Some((Displacement::Restore, sq)) => {
                    assert_eq!(Some(sq), m.from(), "PWC restores on the square left: {m}");
                    next.put(sq, Some(captured));
                }
                // アンチキルケ: the captured piece is held
                Some((Displacement::Return, _)) => next.hand_mut(us).add(captured.kind.unpromoted()),
                // a king is captured only in the captures check imagines
                None if captured.kind == PieceKind::King => {}
                None | Some((Displacement::Turn, _)) => next.hand_mut(us).add(captured.kind.unpromoted()),
            }
        }
        if m.is_promotion() {
            piece.kind = piece.kind.promoted().unwrap();
        }
        // Andernach: the piece lands as the opponent's
        if let Some((Displacement::Turn, _)) = m.displacement() {
            piece.color = !piece.color;
        }
        next.put(m.to(), None);
        assert!(
            next.piece_at(end).is_none(),
            "the capturer ends on an occupied square: {m}"
        );
        next.put(end, Some(piece));
    }
    next.side_to_move = !us;
    next.move_number += 1;
    next
}

/// Every pseudo-legal move: each reachable square (by the piece's power, unless it is
/// paralysed) with each promotion choice of its own kind, the two-step moves of a piece
/// with a Lion's power, each drop on each empty square; under a capture condition
/// each capture once per place the displaced piece may go ([`capture_forms`]).
fn candidates_under(setup: &Setup, rules: &Rules) -> Vec<Move> {
    let mut plain = candidates(setup, rules);
    if let Some(swap) = rules.swap {
        plain.extend(swaps(setup, swap, rules.after_swap));
    }
    if let Some(turn) = rules.turn {
        return plain.into_iter().map(|m| turn_form(setup, rules, turn, m)).collect();
    }
    let Some(capture) = rules.capture else {
        return plain;
    };
    plain
        .into_iter()
        .flat_map(|m| capture_forms(setup, rules, capture, m))
        .collect()
}

fn candidates(setup: &Setup, rules: &Rules) -> Vec<Move> {
    let us = setup.side_to_move;
    let powers = powers(setup, rules);
    let mut out = Vec::new();
    for from in Square::all() {
        let Some(piece) = setup.piece_at(from) else {
            continue;
        };
        if piece.color != us || paralysed(setup, rules, &powers, from) {
            continue;
        }
        let kinds = &powers[from.index()];
        for to in landings_with(setup, from, kinds) {
            out.push(Move::normal(from, to, false));
            if rules.promotes(piece.kind) && (from.in_zone(us) || to.in_zone(us)) {
                out.push(Move::normal(from, to, true));
            }
        }
        // captures by hopping, promoting as any move may (fm's help_check_move_sub)
        for &kind in kinds {
            for (hurdle, to) in hop_captures_as(setup, from, kind) {
                let m = Move::two_step(from, hurdle, to);
                let promotes = rules.promotes(piece.kind) && (from.in_zone(us) || to.in_zone(us));
                for m in [Some(m), promotes.then(|| m.promoting())].into_iter().flatten() {
                    if !out.contains(&m) {
                        out.push(m);
                    }
                }
            }
        }
        let shishi = kinds.iter().any(|&k| movement(k).shishi);
        if kinds.iter().any(|&k| movement(k).lion) {
            // the Lion's steps include the others' (its pass is replaced by theirs)
            let lion = lion_two_steps(setup, from, rules.lion_pass);
            let lion_pass =
                |m: &Move| m.to() == from && m.via().is_some_and(|via| via == from || setup.piece_at(via).is_none());
            out.extend(lion.into_iter().filter(|m| !(shishi && lion_pass(m))));
            if shishi {
                out.push(Move::two_step(from, from, from));
            }
        } else if shishi {
            out.extend(shishi_two_steps(setup, from, kinds));
        }
    }
    for kind in PieceKind::HAND_KINDS {
        if setup.hand(us).count(kind) == 0 {
            continue;
        }
        assert!(
            PieceKind::ORDINARY_HAND_KINDS.contains(&kind) || FAIRY_KINDS.contains(&kind),
            "reference generator: no movement written for {kind:?}, held in hand"
        );
        for to in Square::all() {
            if setup.piece_at(to).is_none() {
                out.push(Move::drop(kind, to));
            }
        }
    }
    out
}

/// The position after a move is forbidden for the mover (rules.md §3, 1–3).
fn forbidden_without_drop_pawn_mate(after: &Setup, mover: Color, rules: &Rules) -> bool {
    if two_pawns(after, mover) || three_swallows(after, mover) || can_capture_king_with(after, !mover, rules) {
        return true;
    }
    if rules.skci && king_in_enemy_king_reach(after, mover, rules) {
        return true;
    }
    if rules.isardam.is_some() && isardam_forbids(after, rules) {
        return true;
    }
    Square::all().any(|sq| {
        after
            .piece_at(sq)
            .is_some_and(|p| p.color == mover && dead_with(rules, p.kind, mover, sq))
    })
}

/// Whether the pseudo-legal `m` is legal by the definitions; `any_reading` selects
/// uchifuzume = any.
pub fn is_legal(setup: &Setup, m: Move, any_reading: bool) -> bool {
    is_legal_under(setup, m, &Rules::ordinary(any_reading))
}

pub fn has_legal_move(setup: &Setup, any_reading: bool) -> bool {
    has_legal_move_under(setup, &Rules::ordinary(any_reading))
}

pub fn legal_moves(setup: &Setup, any_reading: bool) -> Vec<Move> {
    legal_moves_under(setup, &Rules::ordinary(any_reading))
}

/// Messigny's three readings (fm's MESSIGNY, MESSIGNY（欧州式）, MESSIGNY（日本式）).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Swap {
    Free,
    European,
    Japanese,
}

/// Andernach and Anti-Andernach.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Turn {
    Andernach,
    AntiAndernach,
}

/// The capture conditions of rules.md §5.9–5.11.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Capture {
    Circe,
    AntiCirce,
    Pwc,
}

/// 成禁 and 絶対成禁.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoPromotion {
    /// 成禁: never played, counted by the mate and stalemate tests.
    Played,
    /// 絶対成禁.
    Absolute,
}

/// 取禁 and 攻方取禁.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoCapture {
    BothSides,
    Attacker,
}

/// 強欲 and 禁欲.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Duty {
    Greedy,
    Ascetic,
}

/// Isardam's two types (docs/rules/isardam.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Isardam {
    /// King captures must obey it too (what counts as check).
    A,
    /// King captures are not judged.
    B,
}

/// The fairy 打歩詰 of rules.md §5.8.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Uchifu {
    /// 完全打歩: a mate by anything but a pawn drop is illegal.
    Complete,
    /// 単純打歩: such a mate is legal (it only fails the stipulation).
    Simple,
}

/// What the reference applies: the drop-pawn-mate reading and the conditions.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Rules {
    pub any_reading: bool,
    pub capture: Option<Capture>,
    pub turn: Option<Turn>,
    pub uchifu: Option<Uchifu>,
    /// The power rule of rules.md §5.1–5.5, 5.7.
    pub power: Power,
    /// マドラシ (nonK), Ｋマドラシ.
    pub madrasi: bool,
    pub k_madrasi: bool,
    /// 利き二歩無効.
    pub kiki_nifu_invalid: bool,
    /// 自己王手王取無効 (seed 000).
    pub skci: bool,
    pub no_promotion: Option<NoPromotion>,
    pub no_capture: Option<NoCapture>,
    pub duty: Option<Duty>,
    /// 打歩可.
    pub uchifu_allowed: bool,
    /// Messigny.
    pub swap: Option<Swap>,
    /// Messigny: the last move's swap (from, to), when the rule remembers it.
    pub after_swap: Option<(Square, Square)>,
    /// Isardam, type A (king captures judged) or B.
    pub isardam: Option<Isardam>,
    /// Koko.
    pub koko: bool,
    /// 攻方取禁's attacker is White (else Black).
    pub white_attacks: bool,
    /// Nesting of 完全打歩's "does this mate?" questions (0 for the caller); as the
    /// engine does, a question beyond the eighth level is answered "no".
    pub depth: u32,
    /// Inside those questions, under Messigny: the last move's swap (from, to, the
    /// mover's kind), and the side to move's own swap before it (fm's cut).
    pub last_swap: Option<(Square, Square, PieceKind)>,
    pub own_previous_swap: Option<(Square, Square, PieceKind)>,
    /// Messigny: the position is the problem's start, whose move fm never remembers.
    pub first_move: bool,
    /// The fairy kinds that promote (fm's `@P`, docs/rules/fairy-promotion.md).
    pub fairy_promotion: yosei_rules::FairyPromotion,
    /// Whether the Lion passes with no empty neighbour (`LionPass::Any`, fm's reading).
    pub lion_pass: yosei_rules::LionPass,
    /// Where a fairy piece starts for キルケ and アンチキルケ (`FairyHome::SecondRank`:
    /// fm's, its owner's second rank on the capture's file).
    pub fairy_home: yosei_rules::FairyHome,
    /// The fairy kinds declared royal (fm's `@R`, docs/rules/royal.md).
    pub royal: yosei_rules::RoyalKinds,
}

impl Rules {
    pub fn ordinary(any_reading: bool) -> Rules {
        Rules {
            any_reading,
            ..Rules::default()
        }
    }

    /// From the engine's condition list.
    pub fn from_conditions(conditions: &[yosei_rules::Condition], any_reading: bool) -> Rules {
        use yosei_rules::Condition as C;
        let mut rules = Rules::ordinary(any_reading);
        for &c in conditions {
            match c {
                C::Annan => rules.power = Power::Annan,
                C::Anhoku => rules.power = Power::Anhoku,
                C::Taimen => rules.power = Power::Taimen,
                C::Haimen => rules.power = Power::Haimen,
                C::NekoSen => rules.power = Power::NekoSen,
                C::NekoNekoSen => rules.power = Power::NekoNekoSen,
                C::Tenjiku => rules.power = Power::Tenjiku,
                C::Komazume(kind) => rules.power = Power::Komazume(kind),
                C::Madrasi => rules.madrasi = true,
                C::KMadrasi => rules.k_madrasi = true,
                C::KikiNifuInvalid => rules.kiki_nifu_invalid = true,
                C::SelfCheckCaptureInvalid => rules.skci = true,
                C::Circe => rules.capture = Some(Capture::Circe),
                C::AntiCirce => rules.capture = Some(Capture::AntiCirce),
                C::Pwc => rules.capture = Some(Capture::Pwc),
                C::Uchifu => rules.uchifu = Some(Uchifu::Complete),
                C::UchifuSimple => rules.uchifu = Some(Uchifu::Simple),
                C::Andernach => rules.turn = Some(Turn::Andernach),
                C::AntiAndernach => rules.turn = Some(Turn::AntiAndernach),
                C::NoPromotion => rules.no_promotion = Some(NoPromotion::Played),
                C::NoPromotionAbsolute => rules.no_promotion = Some(NoPromotion::Absolute),
                C::NoCapture => rules.no_capture = Some(NoCapture::BothSides),
                C::AttackerNoCapture => rules.no_capture = Some(NoCapture::Attacker),
                C::UchifuAllowed => rules.uchifu_allowed = true,
                C::Greedy => rules.duty = Some(Duty::Greedy),
                C::Ascetic => rules.duty = Some(Duty::Ascetic),
                C::Messigny => rules.swap = Some(Swap::Free),
                C::MessignyEu => rules.swap = Some(Swap::European),
                C::MessignyJp => rules.swap = Some(Swap::Japanese),
                C::Isardam => rules.isardam = Some(Isardam::A),
                C::IsardamB => rules.isardam = Some(Isardam::B),
                C::Koko => rules.koko = true,
                // a goal, not a rule of play: the solvers' goal tests ask it
                C::KingSquare(_) => {}
            }
        }
        rules
    }

    /// Whether a piece of `kind` promotes where the zone allows: the six ordinary kinds
    /// that promote, and the fairy kinds the problem names.
    pub fn promotes(&self, kind: PieceKind) -> bool {
        use PieceKind::*;
        matches!(kind, Pawn | Lance | Knight | Silver | Bishop | Rook) || self.fairy_promotion.contains(kind)
    }

    /// Whether a piece of `kind` is its side's king: the 玉, the tori phoenix, a declared
    /// royal kind.
    pub fn is_royal(&self, kind: PieceKind) -> bool {
        kind.is_always_royal() || self.royal.contains(kind)
    }

    /// fm's 攻方.
    pub fn attacker(&self) -> Color {
        if self.white_attacks {
            Color::White
        } else {
            Color::Black
        }
    }
}

/// The shogi starting position, written out square by square (the start squares of
/// rules.md §5.9–5.10).
fn start_position() -> Setup {
    use PieceKind::*;
    let mut setup = Setup::empty();
    let back = [Lance, Knight, Silver, Gold, King, Gold, Silver, Knight, Lance];
    for file in 1..=9 {
        let kind = back[(file - 1) as usize];
        setup.put(Square::new(file, 9).unwrap(), Some(Piece::new(kind, Color::Black)));
        setup.put(Square::new(file, 1).unwrap(), Some(Piece::new(kind, Color::White)));
        setup.put(Square::new(file, 7).unwrap(), Some(Piece::new(Pawn, Color::Black)));
        setup.put(Square::new(file, 3).unwrap(), Some(Piece::new(Pawn, Color::White)));
    }
    setup.put(Square::new(8, 8).unwrap(), Some(Piece::new(Bishop, Color::Black)));
    setup.put(Square::new(2, 8).unwrap(), Some(Piece::new(Rook, Color::Black)));
    setup.put(Square::new(2, 2).unwrap(), Some(Piece::new(Bishop, Color::White)));
    setup.put(Square::new(8, 2).unwrap(), Some(Piece::new(Rook, Color::White)));
    setup
}

/// The squares where `kind` of `owner` stands in the starting position that are nearest
/// (by file distance, all candidates of a kind being on one rank) to `near`.
pub fn nearest_start(kind: PieceKind, owner: Color, near: Square) -> Vec<Square> {
    let start = start_position();
    let all: Vec<Square> = Square::all()
        .filter(|&sq| start.piece_at(sq) == Some(Piece::new(kind, owner)))
        .collect();
    let Some(best) = all.iter().map(|sq| (sq.file() - near.file()).abs()).min() else {
        return vec![];
    };
    all.into_iter()
        .filter(|sq| (sq.file() - near.file()).abs() == best)
        .collect()
}

/// Where a piece of `kind` (unpromoted) of `owner` starts, nearest to `near`: the
/// ordinary kinds as in the starting position; the others nowhere, or under fm's
/// fairy homes on the owner's second rank, on `near`'s file.
fn home(rules: &Rules, kind: PieceKind, owner: Color, near: Square) -> Vec<Square> {
    let ordinary = nearest_start(kind, owner, near);
    if !ordinary.is_empty() || rules.fairy_home == yosei_rules::FairyHome::None {
        return ordinary;
    }
    let rank = match owner {
        Color::Black => 8,
        Color::White => 2,
    };
    vec![Square::new(near.file(), rank).unwrap()]
}

/// The forms `m` takes under `capture` (rules.md §5.9–5.11): one per free square the
/// displaced piece may go to, else `m` itself (to hand, or the capturer stays). Start
/// squares are those of the pieces' own kinds, whatever power moved them; a restored
/// piece is dead by the power rule's table.
fn capture_forms(setup: &Setup, rules: &Rules, capture: Capture, m: Move) -> Vec<Move> {
    let (Some(from), to) = (m.from(), m.to()) else {
        return vec![m];
    };
    // a capture by hopping takes the piece on `via` (no Lion under a capture condition);
    // fm's move.c, to_1st branches: the starting squares nearest to that square's file
    let captured_on = m.via().unwrap_or(to);
    let Some(captured) = setup.piece_at(captured_on) else {
        return vec![m];
    };
    let mover = setup.piece_at(from).unwrap();
    // the board once the capturer stands on `to`, the captured piece gone
    let mut board = setup.clone();
    board.put(from, None);
    board.put(captured_on, None);
    board.put(to, Some(mover));
    // (a return may not go to the square a hop emptied: fm tests it before emptying it)
    let free_for_return = |sq: &Square| board.piece_at(*sq).is_none() && *sq != captured_on;
    let pawn_on_file = |color: Color, file: i32| {
        (1..=9).any(|r| board.piece_at(Square::new(file, r).unwrap()) == Some(Piece::new(PieceKind::Pawn, color)))
    };
    let free = |sq: &Square| board.piece_at(*sq).is_none();
    let forms: Vec<Move> = match capture {
        // a king is never reborn (rules.md §5.9): under Koko a king capture that is no
        // check is a candidate like any other capture, and Koko then forbids it
        Capture::Circe if rules.is_royal(captured.kind) => vec![],
        Capture::Circe => {
            let kind = captured.kind.unpromoted();
            home(rules, kind, captured.color, captured_on)
                .into_iter()
                .filter(free)
                .filter(|sq| kind != PieceKind::Pawn || !pawn_on_file(captured.color, sq.file()))
                .filter(|&sq| !dead_with(rules, kind, captured.color, sq))
                .map(|sq| m.with_displacement(Displacement::Rebirth, sq))
                .collect()
        }
        Capture::AntiCirce => {
            let nearest = home(rules, mover.kind.unpromoted(), mover.color, captured_on);
            let landing = if m.is_promotion() {
                mover.kind.promoted().unwrap_or(mover.kind)
            } else {
                mover.kind
            };
            if nearest.contains(&to) {
                vec![]
            } else {
                // a return that makes two pawns is a forbidden position, judged later
                nearest
                    .into_iter()
                    .filter(free_for_return)
                    .filter(|&sq| !dead_with(rules, landing, mover.color, sq))
                    .map(|sq| m.with_displacement(Displacement::Return, sq))
                    .collect()
            }
        }
        Capture::Pwc => {
            let two_pawns = captured.kind == PieceKind::Pawn && pawn_on_file(captured.color, from.file());
            if two_pawns || rules.is_royal(captured.kind) || dead_with(rules, captured.kind, captured.color, from) {
                vec![]
            } else {
                vec![m.with_displacement(Displacement::Restore, from)]
            }
        }
    };
    if forms.is_empty() {
        vec![m]
    } else {
        forms
    }
}

/// `m` under Andernach / Anti-Andernach (docs/rules/andernach.md): a board move of a
/// piece other than a king, capturing (Andernach) or not (Anti-Andernach), lands as the
/// opponent's when fm's test passes: on the board before the move, the piece's kind
/// before promotion, for the opponent on `to`, is not dead there under the power rule
/// (none is under 安南: fm's `correct_for_rule`) and, for a pawn, the opponent has no
/// pawn on that file (a pawn being captured there counts).
fn turn_form(setup: &Setup, rules: &Rules, turn: Turn, m: Move) -> Move {
    let Some(from) = m.from() else { return m };
    let mover = setup.piece_at(from).unwrap();
    let captured_on = |sq: Square| sq != from && setup.piece_at(sq).is_some_and(|p| p.color != mover.color);
    let captures = captured_on(m.to()) || m.via().is_some_and(captured_on);
    let wanted = match turn {
        Turn::Andernach => captures,
        Turn::AntiAndernach => !captures,
    };
    if !wanted || rules.is_royal(mover.kind) || m.to() == from {
        return m;
    }
    let them = !mover.color;
    let pawn_of_theirs_on_file = (1..=9)
        .any(|r| setup.piece_at(Square::new(m.to().file(), r).unwrap()) == Some(Piece::new(PieceKind::Pawn, them)));
    if dead_with(rules, mover.kind, them, m.to()) || (mover.kind == PieceKind::Pawn && pawn_of_theirs_on_file) {
        return m;
    }
    m.with_displacement(Displacement::Turn, m.to())
}

/// Messigny (docs/rules/messigny.md): each piece of the side to move with each enemy
/// piece of exactly its kind, unless the rule forbids it after `after_swap`, the last
/// move's swap (from, to) where the rule remembers it. Whether the two pieces may stand
/// where they land is judged on the position after ([`is_legal_under`]).
fn swaps(setup: &Setup, swap: Swap, after_swap: Option<(Square, Square)>) -> Vec<Move> {
    let us = setup.side_to_move;
    let mut out = Vec::new();
    for from in Square::all() {
        for to in Square::all() {
            let (Some(a), Some(b)) = (setup.piece_at(from), setup.piece_at(to)) else {
                continue;
            };
            let forbidden = match (swap, after_swap) {
                (Swap::European, Some(_)) => true,
                (Swap::Japanese, Some(last)) => last == (from, to),
                _ => false,
            };
            if a.color == us && b.color != us && a.kind == b.kind && a.kind != PieceKind::Stone && !forbidden {
                out.push(Move::swap(from, to));
            }
        }
    }
    out
}

/// Whether the pseudo-legal `m` (a form of [`candidates_under`]) is legal under `rules`.
pub fn is_legal_under(setup: &Setup, m: Move, rules: &Rules) -> bool {
    // no move takes a king: in a legal position only one that is no king capture by the
    // rules (利き二歩無効) could, and it is no move either (a Messigny swap takes nothing)
    let them = !setup.side_to_move;
    let on_king = |sq: Square| {
        setup
            .piece_at(sq)
            .is_some_and(|p| p.color == them && rules.is_royal(p.kind))
    };
    if !m.is_swap() && (on_king(m.to()) || m.via().is_some_and(on_king)) {
        return false;
    }
    let after = play(setup, m);
    if rules.koko && !koko_obeyed(&after, m) {
        return false;
    }
    if forbidden_without_drop_pawn_mate(&after, setup.side_to_move, rules) {
        return false;
    }
    // a swap also moves an enemy piece: it must be able to stand there for its owner
    let them = !setup.side_to_move;
    if m.is_swap()
        && (two_pawns(&after, them)
            || Square::all().any(|sq| {
                after
                    .piece_at(sq)
                    .is_some_and(|p| p.color == them && dead_with(rules, p.kind, them, sq))
            }))
    {
        return false;
    }
    // the position after the move remembers its swap, if it is one (a pawn drop's
    // replies, and under 完全打歩 the replies to any check, are asked below)
    let swapped = m.is_swap().then(|| (m.from().unwrap(), m.to()));
    let rules = &Rules {
        after_swap: swapped.filter(|_| !rules.first_move),
        first_move: false,
        ..*rules
    };
    // the mate question's trail: this swap, and the one before it of the side that
    // answers (fm's `test_*_mate_sub_mf`)
    let question = Rules {
        depth: rules.depth + 1,
        last_swap: swapped.map(|(from, to)| (from, to, setup.piece_at(from).unwrap().kind)),
        own_previous_swap: rules.last_swap,
        ..*rules
    };
    // fm's swallow may not mate by its drop either (`B_PA_CONSTRAINT_PM`, as the pawn)
    let pawn_drop = matches!(m.drop_kind(), Some(PieceKind::Pawn | PieceKind::Swallow));
    if rules.uchifu_allowed {
        // 打歩可: drop-pawn mate is a move like any other
        return true;
    }
    match rules.uchifu {
        // the fairy 打歩詰 lifts the drop-pawn-mate ban
        Some(Uchifu::Simple) => true,
        Some(Uchifu::Complete) => {
            // a mate by anything but a pawn drop is illegal
            pawn_drop || rules.depth >= 8 || !in_check_with(&after, rules) || has_legal_move_under(&after, &question)
        }
        None => {
            if pawn_drop && (rules.any_reading || in_check_with(&after, rules)) {
                // drop-pawn mate: legal only if the opponent then has a legal move
                return has_legal_move_under(&after, rules);
            }
            true
        }
    }
}

/// Whether the side to move has a legal move as the mate and stalemate tests count
/// them: under 成禁 a promotion and under 取禁 / 攻方取禁 a capture counts though it may
/// not be played (fm); under 絶対成禁 a promotion is no move at all.
pub fn has_legal_move_under(setup: &Setup, rules: &Rules) -> bool {
    // Messigny with 打歩詰, inside a mate question (fm's cut of endless swap recursion):
    // a "swap" that repeats the side's own swap of two plies before counts at once.
    // fm's generator matches the partner's kind whatever its colour, so it exists
    // whenever the side's piece of that kind stands on the square it swapped from and
    // a piece of that kind on the other.
    if let Some((from, to, kind)) = rules.own_previous_swap.filter(|_| rules.depth > 0) {
        let ours = setup.piece_at(from);
        if ours.is_some_and(|p| p.color == setup.side_to_move && p.kind == kind)
            && setup.piece_at(to).is_some_and(|p| p.kind == kind)
        {
            return true;
        }
    }
    candidates_under(setup, rules)
        .into_iter()
        .filter(|m| !(m.is_promotion() && rules.no_promotion == Some(NoPromotion::Absolute)))
        .any(|m| is_legal_under(setup, m, rules))
}

/// Every legal move the side to move may play.
pub fn legal_moves_under(setup: &Setup, rules: &Rules) -> Vec<Move> {
    let legal: Vec<Move> = candidates_under(setup, rules)
        .into_iter()
        .filter(|&m| is_legal_under(setup, m, rules) && may_play(setup, m, rules))
        .collect();
    with_duty(setup, legal, rules)
}

/// Every legal move to play that gives check; 強欲 and 禁欲 choose among the checks
/// (the attacker's moves when it must check: fm tries the capturing checks first).
pub fn legal_checks_under(setup: &Setup, rules: &Rules) -> Vec<Move> {
    let checks: Vec<Move> = candidates_under(setup, rules)
        .into_iter()
        .filter(|&m| is_legal_under(setup, m, rules) && may_play(setup, m, rules))
        .filter(|&m| in_check_with(&play(setup, m), rules))
        .collect();
    with_duty(setup, checks, rules)
}

/// Whether `m` takes a piece (on its destination or a Lion's intermediate square).
fn takes(setup: &Setup, m: Move) -> bool {
    let enemy = |sq: Square| setup.piece_at(sq).is_some_and(|p| p.color != setup.side_to_move);
    m.from().is_some() && (enemy(m.to()) || m.via().is_some_and(enemy))
}

/// 成禁, 絶対成禁: no promotion is played; 取禁: no capture; 攻方取禁: none by the
/// attacker.
fn may_play(setup: &Setup, m: Move, rules: &Rules) -> bool {
    let banned_capture = match rules.no_capture {
        Some(NoCapture::BothSides) => true,
        Some(NoCapture::Attacker) => setup.side_to_move == rules.attacker(),
        None => false,
    };
    let banned_promotion = m.is_promotion() && rules.no_promotion.is_some();
    !(banned_promotion || (banned_capture && takes(setup, m)))
}

/// 強欲: the captures of `moves` if it has any; 禁欲: its other moves if it has any.
fn with_duty(setup: &Setup, moves: Vec<Move>, rules: &Rules) -> Vec<Move> {
    let Some(duty) = rules.duty else { return moves };
    let wanted = duty == Duty::Greedy;
    if moves.iter().any(|&m| takes(setup, m) == wanted) {
        moves.into_iter().filter(|&m| takes(setup, m) == wanted).collect()
    } else {
        moves
    }
}

/// The number of leaves of the legal-move tree `depth` plies deep (perft).
pub fn perft(setup: &Setup, depth: u32, any_reading: bool) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = legal_moves(setup, any_reading);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .into_iter()
        .map(|m| perft(&play(setup, m), depth - 1, any_reading))
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use PieceKind::*;

    /// The square written file-rank, `55` for 5e.
    fn sq(n: i32) -> Square {
        Square::new(n / 10, n % 10).unwrap()
    }

    fn squares(ns: &[i32]) -> Vec<Square> {
        let mut out: Vec<Square> = ns.iter().map(|&n| sq(n)).collect();
        out.sort();
        out
    }

    /// A position from `(square, kind, colour)` triples, `side` to move, empty hands.
    fn position(pieces: &[(i32, PieceKind, Color)], side: Color) -> Setup {
        let mut setup = Setup::empty();
        for &(n, kind, color) in pieces {
            setup.put(sq(n), Some(Piece::new(kind, color)));
        }
        setup.side_to_move = side;
        setup
    }

    fn sorted_reach(setup: &Setup, n: i32) -> Vec<Square> {
        let mut out = reach(setup, sq(n));
        out.sort();
        out
    }

    fn moves_from(setup: &Setup, n: i32) -> Vec<Move> {
        legal_moves(setup, false)
            .into_iter()
            .filter(|m| m.from() == Some(sq(n)))
            .collect()
    }

    const B: Color = Color::Black;
    const W: Color = Color::White;

    #[test]
    fn leaper_lists() {
        for ((a, b), n) in [
            ((1, 2), 8),
            ((1, 3), 8),
            ((2, 3), 8),
            ((1, 4), 8),
            ((0, 5), 4),
            ((3, 4), 8),
        ] {
            let leaps = leaper(a, b);
            assert_eq!(leaps.len(), n, "({a},{b})");
            assert!(leaps.iter().all(|&(x, y)| x * x + y * y == a * a + b * b));
        }
        assert_eq!(leaper(5, 5), vec![(5, 5), (5, -5), (-5, 5), (-5, -5)]);
        assert_eq!(movement(Root50Leaper).leaps.len(), 12);
        assert_eq!(movement(FiveLeaper).leaps.len(), 12);
    }

    #[test]
    fn lion_alone_in_the_centre_has_24_single_moves_and_one_pass() {
        let setup = position(&[(55, Lion, B), (99, King, B), (11, King, W)], B);
        let moves = moves_from(&setup, 55);
        assert_eq!(moves.len(), 25);
        assert_eq!(moves.iter().filter(|m| m.via().is_none()).count(), 24);
        // the pass goes through 4d (44), the empty adjacent square of lowest index
        let pass = Move::two_step(sq(55), sq(44), sq(55));
        assert!(moves.contains(&pass));
        assert_eq!(pass.to_usi(), "5e4d5e");
        let after = play(&setup, pass);
        assert_eq!(after.board, setup.board);
        assert_eq!(after.side_to_move, W);
    }

    #[test]
    fn lion_next_to_one_enemy() {
        // White gold on 54 (5d), directly in front of the Lion on 55.
        // 24 single moves (one of them takes the gold)
        // + 8 two-steps through 54: to 43 53 63 44 64 45 65 (capture and move) and back
        //   to 55 (igui)
        // + 1 pass (through 44)
        // = 33.
        let setup = position(&[(55, Lion, B), (54, Gold, W), (99, King, B), (11, King, W)], B);
        let moves = moves_from(&setup, 55);
        assert_eq!(moves.len(), 33);
        let two_steps: Vec<Square> = moves
            .iter()
            .filter(|m| m.via() == Some(sq(54)))
            .map(|m| m.to())
            .collect();
        assert_eq!(two_steps, squares(&[43, 44, 45, 53, 55, 63, 64, 65]));
        let igui = play(&setup, Move::two_step(sq(55), sq(54), sq(55)));
        assert_eq!(igui.piece_at(sq(55)), Some(Piece::new(Lion, B)));
        assert_eq!(igui.piece_at(sq(54)), None);
        assert_eq!(igui.hand(B).count(Gold), 1);
    }

    #[test]
    fn lion_double_capture_own_piece_and_stone() {
        // White gold 54, White silver 53, Black pawn 64, a stone on 44.
        // single moves: 24 − 64 (own) − 44 (stone) = 22 (53 and 54 are captures)
        // through 54 (the only adjacent enemy), to one of 43 53 63 44 64 45 55 65
        //   − 44 (stone) − 64 (own) = 6: 43, 53 (double capture), 63, 45, 55 (igui), 65
        // pass: 1, through 45 now that 44 holds the stone
        // = 29.
        let setup = position(
            &[
                (55, Lion, B),
                (54, Gold, W),
                (53, Silver, W),
                (64, Pawn, B),
                (44, Stone, W),
                (99, King, B),
                (11, King, W),
            ],
            B,
        );
        let moves = moves_from(&setup, 55);
        assert_eq!(moves.len(), 29);
        assert!(moves.contains(&Move::two_step(sq(55), sq(45), sq(55))));
        assert!(!moves.contains(&Move::two_step(sq(55), sq(44), sq(55))));
        let double = play(&setup, Move::two_step(sq(55), sq(54), sq(53)));
        assert_eq!(double.piece_at(sq(53)), Some(Piece::new(Lion, B)));
        assert_eq!(double.piece_at(sq(54)), None);
        assert_eq!(double.piece_at(sq(55)), None);
        assert_eq!(double.hand(B).count(Gold), 1);
        assert_eq!(double.hand(B).count(Silver), 1);
    }

    #[test]
    fn lion_boxed_in_by_its_own_pieces_cannot_pass() {
        let mut pieces = vec![(55, Lion, B), (99, King, B), (11, King, W)];
        for (n, kind) in [
            (44, Gold),
            (45, Gold),
            (46, Gold),
            (54, Gold),
            (56, Silver),
            (64, Silver),
            (65, Silver),
            (66, Silver),
        ] {
            pieces.push((n, kind, B));
        }
        let setup = position(&pieces, B);
        let moves = moves_from(&setup, 55);
        // the 16 squares at distance two, jumping over its own pieces
        assert_eq!(moves.len(), 16);
        assert!(moves.iter().all(|m| m.via().is_none()));
    }

    #[test]
    fn lion_checks_on_all_24_squares_and_jumps() {
        for df in -2..=2 {
            for dr in -2..=2 {
                if (df, dr) == (0, 0) {
                    continue;
                }
                let king = sq(55).offset(df, dr).unwrap();
                let mut setup = position(&[(55, Lion, B), (54, Stone, B), (45, Stone, B)], W);
                setup.put(king, Some(Piece::new(King, W)));
                assert!(in_check(&setup), "{king}");
            }
        }
        let far = position(&[(55, Lion, B), (52, King, W)], W);
        assert!(!in_check(&far));
    }

    #[test]
    fn lion_escapes_by_igui_but_may_not_pass_in_check() {
        // The White Lion on 58 checks the Black king on 59. The Black Lion on 57 must take
        // it: the single move 57→58, or through 58 to a square next to it: 47 48 49 67 68
        // 69 and back to 57 (igui), not 59 (its own king) = 1 + 7 = 8 moves. Every other
        // move, the pass included, leaves the check.
        let setup = position(&[(57, Lion, B), (58, Lion, W), (59, King, B), (11, King, W)], B);
        assert!(in_check(&setup));
        let mut moves = moves_from(&setup, 57);
        moves.sort();
        let mut expected = vec![Move::normal(sq(57), sq(58), false)];
        for n in [47, 48, 49, 57, 67, 68, 69] {
            expected.push(Move::two_step(sq(57), sq(58), sq(n)));
        }
        expected.sort();
        assert_eq!(moves, expected);
        assert!(candidates(&setup, &Rules::default()).contains(&Move::two_step(sq(57), sq(46), sq(57))));
    }

    #[test]
    fn grasshopper_needs_a_hurdle() {
        let alone = position(&[(55, Grasshopper, B), (81, King, W), (29, King, B)], B);
        assert!(reach(&alone, sq(55)).is_empty());
        assert!(moves_from(&alone, 55).is_empty());
        let setup = position(
            &[
                (55, Grasshopper, B),
                (81, King, W),
                (29, King, B),
                (53, Pawn, W),   // hurdle of the enemy: lands on 52
                (57, Gold, B),   // own hurdle: lands on 58
                (35, Stone, W),  // a stone is a hurdle: lands on 25
                (33, Silver, W), // hurdle, and the gold beyond it is taken
                (22, Gold, W),
                (66, Silver, B), // own piece beyond the hurdle: no landing
                (77, Gold, B),
                (65, Pawn, W), // a stone beyond the hurdle: no landing
                (75, Stone, B),
            ],
            B,
        );
        assert_eq!(sorted_reach(&setup, 55), squares(&[22, 25, 52, 58]));
    }

    #[test]
    fn grasshopper_checks_over_a_hurdle() {
        let setup = position(&[(59, Grasshopper, B), (53, Pawn, B), (52, King, W)], W);
        assert!(in_check(&setup));
        let no_hurdle = position(&[(59, Grasshopper, B), (52, King, W)], W);
        assert!(!in_check(&no_hurdle));
    }

    #[test]
    fn nightrider_open_and_blocked() {
        let open = position(&[(55, Nightrider, B)], B);
        // two squares in each of the 8 directions from the centre
        assert_eq!(reach(&open, sq(55)).len(), 16);
        let blocked = position(
            &[
                (55, Nightrider, B),
                (67, Gold, B),  // own piece on the first leap: nothing that way
                (63, Gold, W),  // enemy on the first leap: taken, no further
                (34, Stone, W), // stone on the first leap: nothing that way
                (56, Pawn, B),  // not on any leap: no effect
                (66, Pawn, W),
            ],
            B,
        );
        assert_eq!(reach(&blocked, sq(55)).len(), 11);
        assert!(reach(&blocked, sq(55)).contains(&sq(63)));
        assert!(!reach(&blocked, sq(55)).contains(&sq(71)));
    }

    #[test]
    fn leapers_in_the_corner() {
        for (kind, expected) in [
            (ChessKnight, vec![87, 78]),
            (Camel, vec![86, 68]),
            (Zebra, vec![76, 67]),
            (Giraffe, vec![85, 58]),
            (FiveLeaper, vec![94, 49, 65, 56]),
            (Root50Leaper, vec![82, 28, 44]),
            (Phoenix, vec![98, 89, 77]),
            (Kirin, vec![88, 97, 79]),
            (Lion, vec![98, 97, 89, 88, 87, 79, 78, 77]),
        ] {
            for color in [B, W] {
                let setup = position(&[(99, kind, color)], color);
                assert_eq!(sorted_reach(&setup, 99), squares(&expected), "{kind:?} {color:?}");
                // the same seen from the other corner
                let rotated = position(&[(11, kind, color)], color);
                let expected_rotated: Vec<i32> = expected.iter().map(|n| 110 - n).collect();
                assert_eq!(
                    sorted_reach(&rotated, 11),
                    squares(&expected_rotated),
                    "{kind:?} {color:?}"
                );
            }
        }
        let queen = position(&[(99, Queen, B)], B);
        assert_eq!(reach(&queen, sq(99)).len(), 24);
    }

    #[test]
    fn leaps_jump_over_pieces() {
        let mut pieces = vec![(99, Phoenix, B)];
        for n in [98, 89, 88, 87, 78] {
            pieces.push((n, Stone, W));
        }
        let setup = position(&pieces, B);
        assert_eq!(sorted_reach(&setup, 99), squares(&[77]));
        pieces[0].1 = Kirin;
        let setup = position(&pieces, B);
        assert_eq!(sorted_reach(&setup, 99), squares(&[79, 97]));
    }

    #[test]
    fn fairy_pieces_go_to_hand_as_themselves_and_drop_anywhere() {
        let setup = position(&[(59, King, B), (51, King, W), (55, Rook, B), (53, Lion, W)], B);
        let after = play(&setup, Move::normal(sq(55), sq(53), false));
        assert_eq!(after.hand(B).count(Lion), 1);
        let mut held = position(&[(59, King, B), (51, King, W)], B);
        held.hand_mut(B).add(Zebra);
        held.hand_mut(B).add(Nightrider);
        let drops = legal_moves(&held, false).into_iter().filter(|m| m.is_drop()).count();
        assert_eq!(drops, 2 * 79);
        // drops on the last ranks are fine for fairy pieces
        assert!(legal_moves(&held, false).contains(&Move::drop(Zebra, sq(11))));
    }

    #[test]
    fn drop_pawn_mate_decided_by_fairy_defenders() {
        // White king 11 with its own Camel on 21 and Zebra on 22 in the way; a Black gold
        // on 13 guards 12. P*12 mates (neither fairy piece reaches 12): illegal.
        let mut setup = position(&[(11, King, W), (21, Camel, W), (22, Zebra, W), (13, Gold, B)], B);
        setup.hand_mut(B).add(Pawn);
        let drop = Move::drop(Pawn, sq(12));
        assert!(!is_legal(&setup, drop, false));
        // A White Grasshopper on 14 hops over the gold and takes the pawn: legal.
        setup.put(sq(14), Some(Piece::new(Grasshopper, W)));
        assert!(is_legal(&setup, drop, false));
        // A White Nightrider on 33 takes it too ((−2, −1) leap).
        setup.put(sq(14), None);
        setup.put(sq(33), Some(Piece::new(Nightrider, W)));
        assert!(is_legal(&setup, drop, false));
    }
}
