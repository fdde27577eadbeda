//! A movement language in the spirit of Betza's notation, compiled into per-square
//! tables. `docs/rules/movement.md` is the user's page; this is the same grammar.
//!
//! # Grammar
//!
//! ```text
//! movement  = part { part }                  (no whitespace anywhere)
//! part      = { modifier } atom [ atom ]     (the second atom, equal to the first: a rider)
//! modifier  = "m" | "c" | "g" | "gg" | "p" | "q" | "t" | "x" | "y" | "a" | "n" | "d" | direction letter
//! direction = "f" | "b" | "l" | "r" | "v" | "s"
//! atom      = "W" | "F" | "D" | "N" | "A" | "H" | "C" | "Z" | "G"     (leaps)
//!           | "(" number "," number ")"                               (leap, numbers 0..=8, not both 0)
//!           | "K" | "R" | "B" | "Q"                                   (compounds)
//! ```
//!
//! Vectors are `(x, y)` from the owner's view: `x > 0` to the owner's right, `y > 0`
//! forward. A leap atom stands for all eight reflections of its vector, deduplicated:
//! `W` (0,1), `F` (1,1), `D` (0,2), `N` (1,2), `A` (2,2), `H` (0,3), `C` (1,3), `Z` (2,3),
//! `G` (3,3); `(x,y)` and `(y,x)` are the same atom. A leap jumps (nothing blocks it).
//! Compounds: `K` = `W` and `F` leaps, `R` = `WW`, `B` = `FF`, `Q` = `R` and `B`.
//!
//! An atom written twice in a row is a *rider* (`WW`, `NN`, `(1,2)(1,2)`, also `N(2,1)`):
//! repeated steps of one vector over empty squares; it may stop on any of them and may
//! capture on the first occupied square. Doubling a compound (`KK`, `RR`) is an error, and
//! so is a third copy (`WWW`).
//!
//! Modifiers apply to the next atom only:
//! - `m` moves only (never captures), `c` captures only; not both, neither repeated;
//! - `g` makes a rider a grasshopper hop: along each line it passes over empty squares to
//!   the first occupied square (the hurdle, of either side) and lands on the square just
//!   beyond it, which must be empty or hold an enemy; `g` on a leap is an error;
//! - `gg` on a rider is the Kangaroo's hop: over the first two occupied squares, landing
//!   just beyond the second;
//! - `p` on a rider rides beyond the first occupied square of the line over empty squares
//!   (it may stop on them) and may capture the next occupied one (`pQ` the chess Lion,
//!   `mRcpR` the xiangqi cannon);
//! - `t` / `y` on a rider along king lines is a hop that turns: to the first occupied
//!   square, then one king step from it turned 90° / 135° either way (`tQ` the Eagle,
//!   `yQ` the Sparrow);
//! - `x` on a rider along king lines captures by hopping (`xQ`, fm's Locust): to the
//!   first occupied square of the line; an enemy piece there is captured by hopping over
//!   it onto the square just beyond, which must be empty. It never moves without that
//!   capture. The captured square is not the landing square, so it is kept apart
//!   ([`CompiledMovement::hop_captures`]); the move is played as a two-step (origin,
//!   captured square, landing) like the Lion's;
//! - `q` on an oblique leap is a circular rider (`qN`, the Rose): each leap turned one
//!   step round the atom's eight vectors from the last, one way throughout;
//! - `n` makes a leap lame: straight and diagonal leaps need the squares between empty,
//!   a (1,2) leap the square one orthogonal step towards its long side (`nN`, the xiangqi
//!   horse); `d` is the (1,2) leap through its diagonal neighbour (`dN`);
//! - `a` in the exact form `aK`: the Lion's two king steps in one turn. It is recorded as
//!   a flag ([`CompiledMovement::has_lion_steps`]) and adds no square to
//!   [`CompiledMovement::attacks`] or [`CompiledMovement::quiet_moves`]: the move
//!   generator handles it (the Lion's one-move reach is written separately, `KNAD`);
//! - `a` on `W` or `F` (directions allowed, `afF`): the double step along a line of fm's
//!   飛鷲 and 角鷹: capture the enemy one step along a vector, then one more step the same
//!   way; and the pass. Recorded per colour ([`CompiledMovement::line_steps`]), adding no
//!   square to the tables either; not together with `aK`;
//! - direction letters filter the atom's vectors: `f` y > 0, `b` y < 0, `l` x < 0,
//!   `r` x > 0, `v` |y| > |x|, `s` |x| > |y|. Adjacent letters pair greedily, left to
//!   right, into two-letter words meaning the intersection (`fl` forward-left, `fs`
//!   forward and sideways-ish); a doubled letter intersects with its own axis (`ff` =
//!   f ∩ v, `bb` = b ∩ v, `ll` = l ∩ s, `rr` = r ∩ s; `vv` and `ss` are errors); a
//!   leftover letter, or one cut off by another modifier, is a word by itself. Several
//!   words select the union. Every word must select at least one vector of its atom.
//!
//! Parts are united; a vector given twice is merged (`mWcW` = `W`).
//!
//! # Compiled form
//!
//! Black's `(x, y)` is the board delta `(df, dr) = (-x, -y)` (Black's right is file 1,
//! forward is rank − 1); White's is `(x, y)`. Leaps are tabulated per colour and square
//! (one table for quiet moves, one for captures); riders and hops are per-colour lists of
//! lines. Lines along the eight king directions use the classical rays of
//! [`crate::attacks::ray`]; other lines walk square by square.

use crate::attacks::{ray, Direction};
use crate::{Bitboard, Color, PieceKind, Square};
use std::collections::BTreeMap;
use std::fmt;
use std::sync::OnceLock;

/// The built-in movement text of a kind, or `None` (the stone, and any kind without one).
pub fn builtin_movement(kind: PieceKind) -> Option<&'static str> {
    use PieceKind::*;
    if let Some(model) = kind.moves_as() {
        // fm's chu shogi copies of the ordinary pieces and their promoted forms
        return builtin_movement(model);
    }
    Some(match kind {
        Pawn => "fW",
        Lance => "fR",
        Knight => "ffN",
        Silver => "FfW",
        Gold | ProPawn | ProLance | ProKnight | ProSilver => "WfF",
        Bishop => "B",
        Rook => "R",
        King => "K",
        Horse => "BW",
        Dragon => "RF",
        Lion => "KNADaK",
        Phoenix => "WA",
        Kirin => "FD",
        Queen => "Q",
        ChessKnight => "N",
        Camel => "C",
        Zebra => "Z",
        Giraffe => "(1,4)",
        FiveLeaper => "(0,5)(3,4)",
        Root50Leaper => "(1,7)(5,5)",
        Grasshopper => "gQ",
        Nightrider => "NN",
        Wazir => "W",
        Dabbaba => "D",
        Threeleaper => "H",
        Fers => "F",
        Alfil => "A",
        Tripper => "G",
        Flamingo => "(1,6)",
        Root40Leaper => "(2,6)",
        Root65Leaper => "(1,8)(4,7)",
        Camelrider => "CC",
        Zebrarider => "ZZ",
        Empress => "RN",
        Princess => "BN",
        Mao => "nN",
        Moa => "dN",
        Shan => "nA",
        Pao => "mRcpR",
        Vao => "mBcpB",
        Leo => "mQcpQ",
        ChessLion => "pQ",
        Kangaroo => "ggQ",
        Rose => "qN",
        Sparrow => "yQ",
        Eagle => "tQ",
        NonStopEquihopper => "E",
        Locust => "xQ",
        // fm's chu shogi pieces (`piece_data.c`, their vectors in docs/rules/fairy-pieces.md)
        DrunkElephant => "FfWsW",
        BlindTiger => "FbWsW",
        CopperGeneral => "fFvW",
        FerociousLeopard => "FvW",
        GoBetween => "vW",
        FreeKing => "Q",
        VerticalMover => "vRsW",
        SideMover => "sRvW",
        ReverseChariot => "vR",
        FlyingStag => "FsWvR",
        FlyingOx => "BvR",
        FreeBoar => "BsR",
        Whale => "bBvR",
        WhiteHorse => "fBvR",
        // fm's tori shogi pieces
        Crane => "FvW",
        Pheasant => "bFfD",
        LeftQuail => "fRbrBblF",
        RightQuail => "fRblBbrF",
        Falcon => "FfWsW",
        ToriEagle => "fWsWfBbRbFbnA",
        Goose => "fAbD",
        // fm's swallow: `hi_vec_fw`, a step straight forward
        Swallow => "fW",
        // fm's tori shogi king: `vec_ar`, one step every way
        ToriPhoenix => "K",
        // fm's chu shogi crown prince: `vec_ar` too
        CrownPrince => "K",
        Equihopper => "nE",
        // fm's dai shogi pieces (runs of range 2 as a step and a lame two-step)
        FlyingDragon => "FnA",
        FierceOx => "WnD",
        AngryBoar => "W",
        CatSword => "F",
        CoiledSerpent => "bFvW",
        // the promoted forms (fm's `fp_promoted`): each moves as the piece named
        PromotedKirin => "KNADaK",
        PromotedPhoenix => "Q",
        PromotedBlindTiger => "FsWvR",
        PromotedCopperGeneral => "sRvW",
        PromotedFerociousLeopard => "B",
        PromotedGoBetween => "FfWsW",
        PromotedVerticalMover => "BvR",
        PromotedSideMover => "BsR",
        PromotedReverseChariot => "bBvR",
        PromotedFalcon => "fWsWfBbRbFbnA",
        PromotedSwallow => "fAbD",
        PromotedFlyingDragon | PromotedFierceOx | PromotedAngryBoar | PromotedCatSword => "WfF",
        // fm's lion-like chu shogi pieces: their rides, their jumps of one and two
        // squares (`hi_leap_vec_hj`, `hi_vec_tk`) and the double step along those lines
        SoaringEagle => "RbBfFfAafF",
        HornedFalcon => "BsRbRfWfDafW",
        _ => return None,
    })
}

/// The compiled built-in movement of a kind (compiled once, on first use).
pub fn compiled_builtin(kind: PieceKind) -> Option<&'static CompiledMovement> {
    static TABLE: OnceLock<Vec<Option<CompiledMovement>>> = OnceLock::new();
    TABLE
        .get_or_init(|| {
            PieceKind::ALL
                .iter()
                .map(|&k| builtin_movement(k).map(|text| Movement::parse(text).expect("built-in parses").compile()))
                .collect()
        })
        .get(kind.index())
        .and_then(Option::as_ref)
}

/// What `a` may modify (the message of its misuse).
const A_USE: &str = "'a' is supported as aK, the Lion's two king steps, and on W or F with directions \
                     (afF), the double step along a line";

/// A parse error: the 1-based column (in characters) and what is wrong there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MovementError {
    pub column: usize,
    pub message: String,
}

impl fmt::Display for MovementError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "column {}: {}", self.column, self.message)
    }
}

impl std::error::Error for MovementError {}

/// What a part does along its vectors.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PartKind {
    /// One jump per vector.
    Leap,
    /// Repeated steps over empty squares.
    Rider,
    /// Grasshopper hop over the first occupied square on the line (`g`).
    Hop,
    /// Kangaroo hop (`gg`): over the first two occupied squares on the line, landing just
    /// beyond the second.
    DoubleHop,
    /// Ride beyond a hurdle (`p`, fm's 包 jump and chess Lion): over the first occupied
    /// square, then on over empty squares to the next occupied one.
    HopRide,
    /// The Lion's two king steps (`aK`); its vectors are the king's.
    LionSteps,
    /// The double step along a line (`a` on `W` or `F`, fm's 飛鷲 `afF` and 角鷹 `afW`):
    /// capture the enemy one step along a vector, then go on one more step along it
    /// (empty or an enemy); with it the piece may pass, whatever surrounds it.
    LineSteps,
    /// A leap that does not jump (`n`, `d`): the squares on its path must be empty.
    LameLeap(FirstStep),
    /// A circular rider (`q`, fm's Rose with `qN`): one leap, then each next leap turned
    /// by one of the atom's eight vectors, clockwise or counter-clockwise, over empty
    /// squares, up to seven leaps (the eighth comes home).
    CircleRider,
    /// The equihopper (`E`): over the occupied square at the midpoint of a vector to
    /// the square at its end. `blocked` (`nE`, fm's Equihopper): the squares of its
    /// path ([`equi_hop_path`]) must be empty; otherwise whatever stands between does
    /// not matter (fm's Non-stop Equihopper).
    EquiHop { blocked: bool },
    /// A hop that turns (`t` 90°, fm's Eagle; `y` 135°, fm's Sparrow): along a king line
    /// to the first occupied square, then one king step from it, turned by that many
    /// degrees either way from the line.
    TurnedHop(u8),
    /// A capture by hopping (`x`, fm's Locust with `xQ`): along a king line over empty
    /// squares to the first occupied square; an enemy piece there is captured by hopping
    /// over it onto the empty square just beyond. No move without that capture.
    HopCapture,
}

/// The eight king steps in angular order (owner's view), for turning a step by 45°
/// multiples.
const KING_STEPS: [(i8, i8); 8] = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)];

/// `step` turned by `eighths` × 45° counter-clockwise (`step` a king step).
fn turned(step: (i8, i8), eighths: usize) -> (i8, i8) {
    let at = KING_STEPS.iter().position(|&s| s == step).unwrap_or(0);
    KING_STEPS[(at + eighths) % 8]
}

/// The circular paths of an oblique leap with eight vectors: for each first leap and
/// each sense of turning, the leaps in order (owner's view).
fn circle_paths(vectors: &[(i8, i8)]) -> Vec<Vec<(i8, i8)>> {
    let mut around = vectors.to_vec();
    // by angle, so that neighbours in the list are the leaps turned by one step
    around.sort_by(|a, b| {
        let angle = |v: &(i8, i8)| (v.1 as f64).atan2(v.0 as f64);
        angle(a).total_cmp(&angle(b))
    });
    let n = around.len();
    let mut paths = Vec::new();
    for start in 0..n {
        for turn in [1, n - 1] {
            paths.push((0..n - 1).map(|k| around[(start + k * turn) % n]).collect());
        }
    }
    paths
}

/// The path of a lame leap. Along a straight or diagonal line it is the squares
/// between; a (1,2) leap goes by one step and then a step outward, the first step
/// orthogonal (`n`: fm's Mao, the xiangqi horse) or diagonal (`d`: fm's Moa).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum FirstStep {
    Orthogonal,
    Diagonal,
}

/// The squares (owner's-view vectors from the start) a lame leap of vector `v` passes
/// over, or `None` when the language gives it no path (an oblique leap other than
/// (1,2), or a diagonal first step on a straight or diagonal line).
fn lame_path((x, y): (i8, i8), first: FirstStep) -> Option<Vec<(i8, i8)>> {
    let (ax, ay) = (x.abs(), y.abs());
    if ax == 0 || ay == 0 || ax == ay {
        let steps = ax.max(ay);
        let unit = (x.signum(), y.signum());
        return (first == FirstStep::Orthogonal).then(|| (1..steps).map(|k| (unit.0 * k, unit.1 * k)).collect());
    }
    if ax.min(ay) != 1 || ax.max(ay) != 2 {
        return None;
    }
    Some(vec![match first {
        // one step along the long side
        FirstStep::Orthogonal if ay > ax => (0, y.signum()),
        FirstStep::Orthogonal => (x.signum(), 0),
        FirstStep::Diagonal => (x.signum(), y.signum()),
    }])
}

/// One part of a parsed movement: its kind, whether it may move without capturing
/// (`quiet`) and capture (`capture`), and its selected vectors `(x, y)` (owner's view).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Part {
    pub kind: PartKind,
    pub quiet: bool,
    pub capture: bool,
    pub vectors: Vec<(i8, i8)>,
}

/// A parsed movement text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Movement {
    text: String,
    parts: Vec<Part>,
}

impl Movement {
    /// Parses a movement text (grammar in the module documentation).
    pub fn parse(text: &str) -> Result<Movement, MovementError> {
        let parts = Parser::new(text).parse()?;
        Ok(Movement {
            text: text.to_string(),
            parts,
        })
    }

    /// The built-in movement of a kind, parsed.
    pub fn builtin(kind: PieceKind) -> Option<Movement> {
        builtin_movement(kind).map(|text| Movement::parse(text).expect("built-in parses"))
    }

    /// The text it was parsed from.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The parts, in the order written.
    pub fn parts(&self) -> &[Part] {
        &self.parts
    }

    /// Builds the per-colour tables.
    pub fn compile(&self) -> CompiledMovement {
        CompiledMovement::new(&self.parts)
    }
}

impl fmt::Display for Movement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

impl std::str::FromStr for Movement {
    type Err = MovementError;
    fn from_str(text: &str) -> Result<Movement, MovementError> {
        Movement::parse(text)
    }
}

// ---------------------------------------------------------------------------------------
// Parser

const EXPECTED_ATOM: &str = "expected an atom (W F D N A H C Z G K R B Q E or (x,y))";
const MAX_LEAP: u32 = 8;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Atom {
    /// A leap by its normalised vector (a ≤ b).
    Leap(u8, u8),
    K,
    R,
    B,
    Q,
    /// The equihopper: over the piece at the midpoint of any vector to its far end.
    E,
}

impl Atom {
    fn from_letter(ch: char) -> Option<Atom> {
        Some(match ch {
            'W' => Atom::Leap(0, 1),
            'F' => Atom::Leap(1, 1),
            'D' => Atom::Leap(0, 2),
            'N' => Atom::Leap(1, 2),
            'A' => Atom::Leap(2, 2),
            'H' => Atom::Leap(0, 3),
            'C' => Atom::Leap(1, 3),
            'Z' => Atom::Leap(2, 3),
            'G' => Atom::Leap(3, 3),
            'K' => Atom::K,
            'R' => Atom::R,
            'B' => Atom::B,
            'Q' => Atom::Q,
            'E' => Atom::E,
            _ => return None,
        })
    }

    fn is_compound(self) -> bool {
        !matches!(self, Atom::Leap(..))
    }

    /// The vectors (owner's view) and whether the atom is a rider by itself.
    fn vectors(self) -> (Vec<(i8, i8)>, bool) {
        match self {
            Atom::Leap(a, b) => (leap_vectors(a, b), false),
            Atom::K => (merged(leap_vectors(0, 1), leap_vectors(1, 1)), false),
            Atom::R => (leap_vectors(0, 1), true),
            Atom::B => (leap_vectors(1, 1), true),
            Atom::Q => (merged(leap_vectors(0, 1), leap_vectors(1, 1)), true),
            // every vector whose double fits on the board
            Atom::E => (
                (-4..=4)
                    .flat_map(|x| (-4..=4).map(move |y| (x, y)))
                    .filter(|&v| v != (0, 0))
                    .collect(),
                false,
            ),
        }
    }
}

fn leap_vectors(a: u8, b: u8) -> Vec<(i8, i8)> {
    let (a, b) = (a as i8, b as i8);
    let mut out = Vec::with_capacity(8);
    for (p, q) in [(a, b), (b, a)] {
        for sx in [1, -1] {
            for sy in [1, -1] {
                let v = (sx * p, sy * q);
                if !out.contains(&v) {
                    out.push(v);
                }
            }
        }
    }
    out
}

fn merged(mut a: Vec<(i8, i8)>, b: Vec<(i8, i8)>) -> Vec<(i8, i8)> {
    for v in b {
        if !a.contains(&v) {
            a.push(v);
        }
    }
    a
}

fn is_direction(ch: char) -> bool {
    matches!(ch, 'f' | 'b' | 'l' | 'r' | 'v' | 's')
}

fn direction_name(ch: char) -> &'static str {
    match ch {
        'f' => "forward",
        'b' => "backward",
        'l' => "left",
        'r' => "right",
        'v' => "vertical",
        _ => "sideways",
    }
}

fn letter_holds(letter: char, (x, y): (i8, i8)) -> bool {
    match letter {
        'f' => y > 0,
        'b' => y < 0,
        'l' => x < 0,
        'r' => x > 0,
        'v' => y.abs() > x.abs(),
        _ => x.abs() > y.abs(),
    }
}

fn word_holds(word: &[char], v: (i8, i8)) -> bool {
    match *word {
        [a] => letter_holds(a, v),
        [a, b] if a == b => {
            let axis = if matches!(a, 'f' | 'b') { 'v' } else { 's' };
            letter_holds(a, v) && letter_holds(axis, v)
        }
        [a, b] => letter_holds(a, v) && letter_holds(b, v),
        _ => false,
    }
}

struct Parser {
    chars: Vec<char>,
    pos: usize,
}

/// A direction word: its 0-based start and its one or two letters.
struct Word {
    start: usize,
    letters: Vec<char>,
}

fn error(index: usize, message: impl Into<String>) -> MovementError {
    MovementError {
        column: index + 1,
        message: message.into(),
    }
}

/// "expected X, found 'c'" at `index`; whitespace gets its own message.
fn unexpected(index: usize, expected: &str, ch: char) -> MovementError {
    if ch.is_whitespace() {
        error(index, "whitespace is not allowed in a movement")
    } else {
        error(index, format!("{expected}, found '{}'", ch.escape_debug()))
    }
}

impl Parser {
    fn new(text: &str) -> Parser {
        Parser {
            chars: text.chars().collect(),
            pos: 0,
        }
    }

    fn parse(mut self) -> Result<Vec<Part>, MovementError> {
        if self.chars.is_empty() {
            return Err(error(0, format!("empty movement: {EXPECTED_ATOM}")));
        }
        let mut parts: Vec<Part> = Vec::new();
        while self.pos < self.chars.len() {
            let start = self.pos;
            let part = self.part()?;
            let two_steps = |kind: PartKind| matches!(kind, PartKind::LionSteps | PartKind::LineSteps);
            if two_steps(part.kind) && parts.iter().any(|p| two_steps(p.kind) && p.kind != part.kind) {
                return Err(error(
                    start,
                    "aK (the Lion's two king steps) includes every double step along a line: \
                     write one or the other",
                ));
            }
            parts.push(part);
        }
        Ok(parts)
    }

    fn part(&mut self) -> Result<Part, MovementError> {
        let start = self.pos;
        let (mut m, mut c, mut g, mut a) = (None::<usize>, None::<usize>, None::<usize>, None::<usize>);
        let (mut n, mut d, mut p) = (None::<usize>, None::<usize>, None::<usize>);
        let mut q = None::<usize>;
        let (mut t, mut y) = (None::<usize>, None::<usize>);
        let mut x = None::<usize>;
        // `gg`: the Kangaroo's two hurdles
        let mut double_g = false;
        let mut words: Vec<Word> = Vec::new();
        let mut word_open = false;
        loop {
            let Some(&ch) = self.chars.get(self.pos) else {
                let written: String = self.chars[start..].iter().collect();
                return Err(error(
                    self.pos,
                    format!("{EXPECTED_ATOM} after '{written}', found the end"),
                ));
            };
            if Atom::from_letter(ch).is_some() || ch == '(' {
                break;
            }
            let here = self.pos;
            match ch {
                'g' if g.is_some() && !double_g && self.chars[here - 1] == 'g' => {
                    word_open = false;
                    double_g = true;
                }
                'm' | 'c' | 'g' | 'a' | 'n' | 'd' | 'p' | 'q' | 't' | 'x' | 'y' => {
                    word_open = false;
                    let slot = match ch {
                        't' => &mut t,
                        'x' => &mut x,
                        'y' => &mut y,
                        'p' => &mut p,
                        'q' => &mut q,
                        'm' => &mut m,
                        'c' => &mut c,
                        'g' => &mut g,
                        'n' => &mut n,
                        'd' => &mut d,
                        _ => &mut a,
                    };
                    if slot.is_some() {
                        return Err(error(here, format!("repeated modifier '{ch}'")));
                    }
                    *slot = Some(here);
                    if n.is_some() && d.is_some() {
                        return Err(error(
                            here,
                            "'n' (lame, orthogonal first step) and 'd' (lame, diagonal first step) exclude each other",
                        ));
                    }
                    if m.is_some() && c.is_some() {
                        return Err(error(
                            here,
                            "'m' (moves only) and 'c' (captures only) together allow nothing",
                        ));
                    }
                }
                d if is_direction(d) => match words.last_mut() {
                    Some(word) if word_open => {
                        word.letters.push(d);
                        word_open = false;
                        if d == word.letters[0] && matches!(d, 'v' | 's') {
                            return Err(error(word.start, format!("'{d}{d}' is not a direction; write '{d}'")));
                        }
                    }
                    _ => {
                        words.push(Word {
                            start: here,
                            letters: vec![d],
                        });
                        word_open = true;
                    }
                },
                other => return Err(unexpected(here, EXPECTED_ATOM, other)),
            }
            self.pos += 1;
        }

        let atom_start = self.pos;
        let (atom, end) = self.atom(self.pos)?;
        self.pos = end;
        let mut doubled = false;
        if self.starts_atom(self.pos) {
            let (next, next_end) = self.atom(self.pos)?;
            if next == atom {
                if atom.is_compound() {
                    let letter = self.chars[atom_start];
                    return Err(error(
                        self.pos,
                        format!(
                            "a compound cannot be doubled ('{letter}{letter}'): K is the W and F leaps, \
                             R B Q are riders already, E hops already"
                        ),
                    ));
                }
                doubled = true;
                self.pos = next_end;
                if self.starts_atom(self.pos) && self.atom(self.pos)?.0 == atom {
                    return Err(error(
                        self.pos,
                        "an atom written three times; a rider is written twice (WW)",
                    ));
                }
            }
        }
        let atom_text: String = self.chars[atom_start..self.pos].iter().collect();

        // `aK` the Lion's two king steps; `a` on W or F (directions allowed) the double
        // step along a line of fm's 飛鷲 and 角鷹
        let line_steps = a.is_some();
        if let Some(ai) = a {
            let other = [m, c, g, n, d, p, q, t, x, y].into_iter().flatten().next().is_some();
            let step = matches!(atom, Atom::Leap(0, 1) | Atom::Leap(1, 1));
            let lion = atom == Atom::K && words.is_empty();
            if doubled || other || !(lion || step) {
                return Err(error(ai, A_USE));
            }
            if lion {
                return Ok(Part {
                    kind: PartKind::LionSteps,
                    quiet: true,
                    capture: true,
                    vectors: atom.vectors().0,
                });
            }
        }

        let (base, compound_rider) = atom.vectors();
        let rider = doubled || compound_rider;
        if atom == Atom::E {
            let other = [g, p, q, t, x, y, d].into_iter().flatten().min();
            if let Some(at) = other {
                return Err(error(
                    at,
                    format!("'{}' does not apply to E (the equihopper)", self.chars[at]),
                ));
            }
        }
        // `n` on E is the blocked equihopper, not a lame leap
        let lame = match (n, d) {
            _ if atom == Atom::E => None,
            (Some(at), _) => Some((at, FirstStep::Orthogonal)),
            (_, Some(at)) => Some((at, FirstStep::Diagonal)),
            _ => None,
        };
        if let Some((at, _)) = lame {
            if rider || g.is_some() || p.is_some() {
                return Err(error(
                    at,
                    format!(
                        "'{}' (lame leap) needs a leap such as nN, dN or nA; {atom_text} is a rider",
                        self.chars[at]
                    ),
                ));
            }
        }
        if let Some(gi) = g {
            if !rider {
                return Err(error(
                    gi,
                    format!("'g' (grasshopper hop) needs a rider such as gQ, gR, gB or gNN; {atom_text} is a leap"),
                ));
            }
        }
        let turn = match (t, y) {
            (Some(at), None) => Some((at, 2u8)),
            (None, Some(at)) => Some((at, 3u8)),
            (Some(_), Some(at)) => {
                return Err(error(at, "'t' (turn 90°) and 'y' (turn 135°) exclude each other"));
            }
            (None, None) => None,
        };
        if let Some((at, _)) = turn {
            let king_lines = rider && base.iter().all(|&(x, y)| x.abs() <= 1 && y.abs() <= 1);
            if !king_lines || g.is_some() || p.is_some() || q.is_some() || lame.is_some() {
                return Err(error(
                    at,
                    format!(
                        "'{}' (turned hop) takes a rider along king lines and nothing else, as in tQ; found {atom_text}",
                        self.chars[at]
                    ),
                ));
            }
        }
        if let Some(at) = x {
            // along king lines only, so that the landing square follows from the origin
            // and the captured square (`Reach::hop_captures` holds the captured squares)
            let king_lines = rider && base.iter().all(|&(vx, vy)| vx.abs() <= 1 && vy.abs() <= 1);
            let other = [m, c, g, p, q, t, y, n, d].into_iter().flatten().next().is_some();
            if !king_lines || other {
                return Err(error(
                    at,
                    format!(
                        "'x' (capture by hopping) takes a rider along king lines and directions only, as in xQ; \
                         found {}",
                        self.chars[start..self.pos].iter().collect::<String>()
                    ),
                ));
            }
        }
        if let Some(qi) = q {
            // eight distinct vectors that turn into each other: an oblique leap, alone
            let oblique = matches!(atom, Atom::Leap(a, b) if a != 0 && a != b);
            if !oblique || doubled || g.is_some() || p.is_some() || lame.is_some() || !words.is_empty() {
                return Err(error(
                    qi,
                    format!("'q' (circular rider) takes an oblique leap and nothing else, as in qN; found {atom_text}"),
                ));
            }
        }
        if let Some(pi) = p {
            if g.is_some() {
                return Err(error(
                    pi,
                    "'p' (ride beyond a hurdle) and 'g' (hop just beyond it) exclude each other",
                ));
            }
            if !rider {
                return Err(error(
                    pi,
                    format!("'p' (ride beyond a hurdle) needs a rider such as pQ, pR or pB; {atom_text} is a leap"),
                ));
            }
        }

        let vectors = if words.is_empty() {
            base
        } else {
            let mut selected: Vec<(i8, i8)> = Vec::new();
            for word in &words {
                let chosen: Vec<(i8, i8)> = base.iter().copied().filter(|&v| word_holds(&word.letters, v)).collect();
                if chosen.is_empty() {
                    let name: String = word.letters.iter().collect();
                    let mut message = format!("direction '{name}' selects no move of {atom_text}");
                    if let [x, y] = word.letters[..] {
                        let each = |l: char| base.iter().any(|&v| letter_holds(l, v));
                        if x != y && each(x) && each(y) {
                            message += &format!(
                                "; write {x}{atom_text}{y}{atom_text} for {} and {}",
                                direction_name(x),
                                direction_name(y)
                            );
                        }
                    }
                    return Err(error(word.start, message));
                }
                for v in chosen {
                    if !selected.contains(&v) {
                        selected.push(v);
                    }
                }
            }
            // keep the atom's own order
            base.into_iter().filter(|v| selected.contains(v)).collect()
        };

        if let Some((at, first)) = lame {
            if vectors.iter().any(|&v| lame_path(v, first).is_none()) {
                let message = match first {
                    FirstStep::Orthogonal => {
                        format!("'n' (lame leap) takes straight and diagonal leaps and N; {atom_text} has no path")
                    }
                    FirstStep::Diagonal => {
                        format!("'d' (lame leap, diagonal first step) takes N only; {atom_text} has no such path")
                    }
                };
                return Err(error(at, message));
            }
        }

        Ok(Part {
            kind: if line_steps {
                PartKind::LineSteps
            } else if atom == Atom::E {
                PartKind::EquiHop { blocked: n.is_some() }
            } else if x.is_some() {
                PartKind::HopCapture
            } else if let Some((_, eighths)) = turn {
                PartKind::TurnedHop(eighths)
            } else if q.is_some() {
                PartKind::CircleRider
            } else if let Some((_, first)) = lame {
                PartKind::LameLeap(first)
            } else if double_g {
                PartKind::DoubleHop
            } else if g.is_some() {
                PartKind::Hop
            } else if p.is_some() {
                PartKind::HopRide
            } else if rider {
                PartKind::Rider
            } else {
                PartKind::Leap
            },
            // a hop capture never moves without capturing
            quiet: c.is_none() && x.is_none(),
            capture: m.is_none(),
            vectors,
        })
    }

    fn starts_atom(&self, pos: usize) -> bool {
        self.chars
            .get(pos)
            .is_some_and(|&ch| ch == '(' || Atom::from_letter(ch).is_some())
    }

    /// The atom starting at `pos` and the index just after it.
    fn atom(&self, pos: usize) -> Result<(Atom, usize), MovementError> {
        let ch = self.chars[pos];
        if let Some(atom) = Atom::from_letter(ch) {
            return Ok((atom, pos + 1));
        }
        // ch == '('
        let open = pos;
        let unclosed = || error(open, "unclosed '('");
        let (x, after_x) = self.number(pos + 1).map_err(|e| e.unwrap_or_else(unclosed))?;
        match self.chars.get(after_x) {
            None => return Err(unclosed()),
            Some(',') => {}
            Some(&other) => return Err(unexpected(after_x, "expected ',' in (x,y)", other)),
        }
        let (y, after_y) = self.number(after_x + 1).map_err(|e| e.unwrap_or_else(unclosed))?;
        match self.chars.get(after_y) {
            None => return Err(unclosed()),
            Some(')') => {}
            Some(&other) => {
                let expected = format!("expected ')' to close the '(' of column {}", open + 1);
                return Err(unexpected(after_y, &expected, other));
            }
        }
        if x == 0 && y == 0 {
            return Err(error(open, "(0,0) is not a move"));
        }
        let (a, b) = if x <= y { (x, y) } else { (y, x) };
        Ok((Atom::Leap(a as u8, b as u8), after_y + 1))
    }

    /// A number 0..=8 at `pos` and the index after it; `Err(None)` at the end of the text.
    fn number(&self, pos: usize) -> Result<(u32, usize), Option<MovementError>> {
        let mut end = pos;
        while self.chars.get(end).is_some_and(|c| c.is_ascii_digit()) {
            end += 1;
        }
        if end == pos {
            return match self.chars.get(pos) {
                None => Err(None),
                Some(&other) => Err(Some(unexpected(
                    pos,
                    &format!("expected a number 0..={MAX_LEAP} in (x,y)"),
                    other,
                ))),
            };
        }
        let digits: String = self.chars[pos..end].iter().collect();
        match digits.parse::<u32>() {
            Ok(n) if n <= MAX_LEAP => Ok((n, end)),
            _ => Err(Some(error(
                pos,
                format!("number {digits} is out of range (0..={MAX_LEAP})"),
            ))),
        }
    }
}

// ---------------------------------------------------------------------------------------
// Compiled form

/// A rider or hop line of one colour: the board delta per step, what it may do, and the
/// king direction when the step is one of the eight (then classical rays are used).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Line {
    df: i8,
    dr: i8,
    quiet: bool,
    capture: bool,
    dir: Option<Direction>,
}

impl Line {
    /// Whether `target` lies on the line from `from` (some whole number of its steps
    /// away, forwards).
    #[inline]
    fn points_to(&self, from: Square, target: Square) -> bool {
        let (dx, dy) = (target.file() - from.file(), target.rank() - from.rank());
        let (df, dr) = (self.df as i32, self.dr as i32);
        // (the signs first, which most lines fail; with them equal and the cross product
        // zero, the line points forwards: `from` is not `target`, a line's step not null)
        dx.signum() == df.signum()
            && dy.signum() == dr.signum()
            && dx * dr == dy * df
            && (df == 0 || dx % df == 0)
            && (dr == 0 || dy % dr == 0)
    }

    /// The squares strictly between `from` and `target` along the line, when `target`
    /// lies on it.
    fn squares_before(&self, from: Square, target: Square) -> Option<Bitboard> {
        if !self.points_to(from, target) {
            return None;
        }
        let mut between = Bitboard::EMPTY;
        let mut sq = from.offset(self.df as i32, self.dr as i32)?;
        while sq != target {
            between = between.with(sq);
            sq = sq.offset(self.df as i32, self.dr as i32)?;
        }
        Some(between)
    }

    /// The squares along the line up to and including the first occupied one.
    #[inline]
    fn reach(&self, from: Square, occupied: Bitboard) -> Bitboard {
        if let Some(dir) = self.dir {
            return ray(dir, from, occupied);
        }
        let mut bb = Bitboard::EMPTY;
        let mut sq = from;
        while let Some(next) = sq.offset(self.df as i32, self.dr as i32) {
            bb = bb.with(next);
            if occupied.contains(next) {
                break;
            }
            sq = next;
        }
        bb
    }

    /// The square just beyond the `hurdles`-th occupied square of the line.
    fn landing_after(&self, from: Square, occupied: Bitboard, hurdles: u32) -> Option<Square> {
        let mut sq = from;
        let mut passed = 0;
        loop {
            sq = sq.offset(self.df as i32, self.dr as i32)?;
            if occupied.contains(sq) {
                passed += 1;
                if passed == hurdles {
                    return sq.offset(self.df as i32, self.dr as i32);
                }
            }
        }
    }

    /// The squares beyond the first occupied square of the line, up to and including
    /// the next occupied one.
    fn beyond_hurdle(&self, from: Square, occupied: Bitboard) -> Bitboard {
        let Some(hurdle) = self
            .landing_after(from, occupied, 1)
            .and_then(|after| after.offset(-(self.df as i32), -(self.dr as i32)))
        else {
            return Bitboard::EMPTY;
        };
        self.reach(hurdle, occupied)
    }

    /// The landing square of a hop over the first occupied square of the line.
    #[inline]
    fn landing(&self, from: Square, occupied: Bitboard) -> Option<Square> {
        let hurdle = if let Some(dir) = self.dir {
            (ray(dir, from, occupied) & occupied).first()?
        } else {
            let mut sq = from;
            loop {
                sq = sq.offset(self.df as i32, self.dr as i32)?;
                if occupied.contains(sq) {
                    break sq;
                }
            }
        };
        hurdle.offset(self.df as i32, self.dr as i32)
    }
}

/// A lame leap of one colour: the board delta, the board deltas of the squares that must
/// be empty, and what it may do.
#[derive(Clone, Debug, PartialEq, Eq)]
struct LameLeap {
    df: i8,
    dr: i8,
    path: Vec<(i8, i8)>,
    quiet: bool,
    capture: bool,
}

impl LameLeap {
    /// The landing square, if it is on the board and the path is empty.
    #[inline]
    fn target(&self, from: Square, occupied: Bitboard) -> Option<Square> {
        let to = from.offset(self.df as i32, self.dr as i32)?;
        let open = self.path.iter().all(|&(df, dr)| {
            // the path lies between `from` and `to`, so it is on the board
            from.offset(df as i32, dr as i32)
                .is_some_and(|sq| !occupied.contains(sq))
        });
        open.then_some(to)
    }
}

/// A circular rider's path of one colour: the squares, as board deltas from the start,
/// after each leap.
#[derive(Clone, Debug, PartialEq, Eq)]
struct CirclePath {
    squares: Vec<(i8, i8)>,
    quiet: bool,
    capture: bool,
}

impl CirclePath {
    /// The squares along the path up to and including the first occupied one.
    fn reach(&self, from: Square, occupied: Bitboard) -> Bitboard {
        let mut bb = Bitboard::EMPTY;
        for &(df, dr) in &self.squares {
            let Some(sq) = from.offset(df as i32, dr as i32) else {
                break;
            };
            bb = bb.with(sq);
            if occupied.contains(sq) {
                break;
            }
        }
        bb
    }
}

/// A turned hop of one colour: the line to the hurdle and the board deltas from the
/// hurdle to its landing squares.
#[derive(Clone, Debug, PartialEq, Eq)]
struct TurnedHop {
    line: Line,
    landings: [(i8, i8); 2],
}

impl TurnedHop {
    /// The landing squares next to the first occupied square of the line.
    fn landings(&self, from: Square, occupied: Bitboard) -> Bitboard {
        // the line's reach ends on its first occupied square, its only occupied one
        let Some(hurdle) = (self.line.reach(from, occupied) & occupied).first() else {
            return Bitboard::EMPTY;
        };
        self.landings
            .iter()
            .filter_map(|&(df, dr)| hurdle.offset(df as i32, dr as i32))
            .fold(Bitboard::EMPTY, |bb, sq| bb.with(sq))
    }
}

/// An equihopper vector of one colour: the board delta to the midpoint, (quiet,
/// capture), and the board deltas of the squares that must be empty (none for the
/// non-stop equihopper).
#[derive(Clone, Debug, PartialEq, Eq)]
struct EquiHop {
    mid: (i8, i8),
    what: (bool, bool),
    path: Vec<(i8, i8)>,
}

/// The squares (vectors from the origin) that block the equihopper's hop over the
/// midpoint `mid`: the board points on the straight line from the origin to the landing
/// square, the midpoint aside (the usual Equihopper's, and fm's check test:
/// `piece.c` `setup_equi_hop_to_pos`, `analyze.c` `analyze_hi_equi_hop`). On a rank,
/// file or diagonal these are every square between; over a midpoint (2,4) away, the
/// squares (1,2) and (3,6) away; over any other oblique midpoint, none.
pub fn equi_hop_path(mid: (i8, i8)) -> Vec<(i8, i8)> {
    let (x, y) = (2 * mid.0, 2 * mid.1);
    let points = gcd(x.unsigned_abs(), y.unsigned_abs()) as i8;
    let (ux, uy) = (x / points, y / points);
    (1..points)
        .filter(|&k| 2 * k != points)
        .map(|k| (k * ux, k * uy))
        .collect()
}

fn gcd(a: u8, b: u8) -> u8 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// Circular paths by their leaps, with (quiet, capture) merged.
type MergedCircles = BTreeMap<Vec<(i8, i8)>, (bool, bool)>;

fn circle_squares(map: &MergedCircles, color: Color) -> Vec<CirclePath> {
    map.iter()
        .map(|(leaps, &(quiet, capture))| {
            let mut at = (0i8, 0i8);
            let squares = leaps
                .iter()
                .map(|&v| {
                    let (df, dr) = board_delta(color, v);
                    at = (at.0 + df, at.1 + dr);
                    at
                })
                .collect();
            CirclePath {
                squares,
                quiet,
                capture,
            }
        })
        .collect()
}

/// Lame leaps by (vector, path), with (quiet, capture) merged.
type MergedLame = BTreeMap<((i8, i8), Vec<(i8, i8)>), (bool, bool)>;

fn lame_leaps(map: &MergedLame, color: Color) -> Vec<LameLeap> {
    map.iter()
        .map(|((v, path), &(quiet, capture))| {
            let (df, dr) = board_delta(color, *v);
            LameLeap {
                df,
                dr,
                path: path.iter().map(|&p| board_delta(color, p)).collect(),
                quiet,
                capture,
            }
        })
        .collect()
}

/// Board delta of an owner's-view vector.
fn board_delta(color: Color, (x, y): (i8, i8)) -> (i8, i8) {
    match color {
        Color::Black => (-x, -y),
        Color::White => (x, y),
    }
}

/// A movement compiled for both colours. Leaps are tabulated per square; riders and
/// hops are lines walked (or read from rays) at query time.
#[derive(Clone, PartialEq, Eq)]
pub struct CompiledMovement {
    /// `[colour][0 quiet, 1 capture][square]`.
    leaps: Box<[[[Bitboard; 81]; 2]; 2]>,
    riders: [Vec<Line>; 2],
    hops: [Vec<Line>; 2],
    double_hops: [Vec<Line>; 2],
    hop_rides: [Vec<Line>; 2],
    lame: [Vec<LameLeap>; 2],
    circles: [Vec<CirclePath>; 2],
    turned_hops: [Vec<TurnedHop>; 2],
    /// Equihopper vectors (board deltas to the midpoint) with (quiet, capture).
    equi_hops: [Vec<EquiHop>; 2],
    /// Lines of captures by hopping (`x`), along king directions.
    hop_captures: [Vec<Line>; 2],
    lion: bool,
    /// Board deltas of the double steps along a line (`a` on `W` or `F`), per colour.
    line_steps: [Vec<(i8, i8)>; 2],
    dead: [Bitboard; 2],
    /// `[colour][square]`: every square the piece could attack from there on some board
    /// (a superset of [`CompiledMovement::attacks`] for every occupancy), so that a
    /// question about one target square is mostly answered without walking the lines.
    attack_span: Box<[[Bitboard; 81]; 2]>,
    /// Owner's-view leap vectors with (quiet, capture), sorted; for `Debug`.
    leap_vectors: Vec<((i8, i8), (bool, bool))>,
}

type Merged = BTreeMap<(i8, i8), (bool, bool)>;

fn merge(map: &mut Merged, part: &Part) {
    for &v in &part.vectors {
        let entry = map.entry(v).or_insert((false, false));
        entry.0 |= part.quiet;
        entry.1 |= part.capture;
    }
}

fn lines(map: &Merged, color: Color) -> Vec<Line> {
    map.iter()
        .map(|(&v, &(quiet, capture))| {
            let (df, dr) = board_delta(color, v);
            let dir = Direction::ALL
                .iter()
                .copied()
                .find(|d| d.delta() == (df as i32, dr as i32));
            Line {
                df,
                dr,
                quiet,
                capture,
                dir,
            }
        })
        .collect()
}

impl CompiledMovement {
    fn new(parts: &[Part]) -> CompiledMovement {
        let (mut leaps, mut riders, mut hops) = (Merged::new(), Merged::new(), Merged::new());
        let mut lame = MergedLame::new();
        let (mut double_hops, mut hop_rides) = (Merged::new(), Merged::new());
        let mut circles = MergedCircles::new();
        let mut turned_hops: BTreeMap<((i8, i8), u8), (bool, bool)> = BTreeMap::new();
        let (mut equi_hops, mut blocked_equi_hops) = (Merged::new(), Merged::new());
        let mut hop_captures = Merged::new();
        let mut lion = false;
        let mut line_steps: Vec<(i8, i8)> = Vec::new();
        for part in parts {
            match part.kind {
                PartKind::Leap => merge(&mut leaps, part),
                PartKind::Rider => merge(&mut riders, part),
                PartKind::Hop => merge(&mut hops, part),
                PartKind::DoubleHop => merge(&mut double_hops, part),
                PartKind::HopRide => merge(&mut hop_rides, part),
                PartKind::EquiHop { blocked: false } => merge(&mut equi_hops, part),
                PartKind::EquiHop { blocked: true } => merge(&mut blocked_equi_hops, part),
                PartKind::HopCapture => merge(&mut hop_captures, part),
                PartKind::TurnedHop(eighths) => {
                    for &v in &part.vectors {
                        let entry = turned_hops.entry((v, eighths)).or_insert((false, false));
                        entry.0 |= part.quiet;
                        entry.1 |= part.capture;
                    }
                }
                PartKind::CircleRider => {
                    for path in circle_paths(&part.vectors) {
                        let entry = circles.entry(path).or_insert((false, false));
                        entry.0 |= part.quiet;
                        entry.1 |= part.capture;
                    }
                }
                PartKind::LionSteps => lion = true,
                PartKind::LineSteps => {
                    for &v in &part.vectors {
                        if !line_steps.contains(&v) {
                            line_steps.push(v);
                        }
                    }
                }
                PartKind::LameLeap(first) => {
                    for &v in &part.vectors {
                        // the parser admits only vectors with a path; an empty one (a
                        // step, `nW`) is an ordinary leap
                        let path = lame_path(v, first).unwrap_or_default();
                        let entry = if path.is_empty() {
                            leaps.entry(v).or_insert((false, false))
                        } else {
                            lame.entry((v, path)).or_insert((false, false))
                        };
                        entry.0 |= part.quiet;
                        entry.1 |= part.capture;
                    }
                }
            }
        }
        let mut tables = Box::new([[[Bitboard::EMPTY; 81]; 2]; 2]);
        for color in Color::ALL {
            for (&v, &(quiet, capture)) in &leaps {
                let (df, dr) = board_delta(color, v);
                for from in Square::all() {
                    if let Some(to) = from.offset(df as i32, dr as i32) {
                        let slot = &mut tables[color.index()];
                        if quiet {
                            slot[0][from.index()] = slot[0][from.index()].with(to);
                        }
                        if capture {
                            slot[1][from.index()] = slot[1][from.index()].with(to);
                        }
                    }
                }
            }
        }
        let mut compiled = CompiledMovement {
            leaps: tables,
            riders: [lines(&riders, Color::Black), lines(&riders, Color::White)],
            hops: [lines(&hops, Color::Black), lines(&hops, Color::White)],
            double_hops: [lines(&double_hops, Color::Black), lines(&double_hops, Color::White)],
            hop_rides: [lines(&hop_rides, Color::Black), lines(&hop_rides, Color::White)],
            lame: [lame_leaps(&lame, Color::Black), lame_leaps(&lame, Color::White)],
            circles: [
                circle_squares(&circles, Color::Black),
                circle_squares(&circles, Color::White),
            ],
            equi_hops: [Color::Black, Color::White].map(|color| {
                let non_stop = equi_hops.iter().map(|(&v, &what)| (v, what, Vec::new()));
                let blocked = blocked_equi_hops.iter().map(|(&v, &what)| (v, what, equi_hop_path(v)));
                non_stop
                    .chain(blocked)
                    .map(|(v, what, path)| EquiHop {
                        mid: board_delta(color, v),
                        what,
                        path: path.into_iter().map(|step| board_delta(color, step)).collect(),
                    })
                    .collect()
            }),
            turned_hops: [Color::Black, Color::White].map(|color| {
                turned_hops
                    .iter()
                    .map(|(&(v, eighths), &(quiet, capture))| {
                        let mut map = Merged::new();
                        map.insert(v, (quiet, capture));
                        let line = lines(&map, color)[0];
                        let landings = [turned(v, eighths as usize), turned(v, 8 - eighths as usize)]
                            .map(|step| board_delta(color, step));
                        TurnedHop { line, landings }
                    })
                    .collect()
            }),
            hop_captures: [lines(&hop_captures, Color::Black), lines(&hop_captures, Color::White)],
            lion,
            line_steps: [Color::Black, Color::White].map(|color| {
                let mut deltas: Vec<(i8, i8)> = line_steps.iter().map(|&v| board_delta(color, v)).collect();
                deltas.sort_unstable();
                deltas
            }),
            dead: [Bitboard::EMPTY; 2],
            attack_span: Box::new([[Bitboard::EMPTY; 81]; 2]),
            leap_vectors: leaps.into_iter().collect(),
        };
        for color in Color::ALL {
            compiled.dead[color.index()] = compiled.compute_dead(color);
            for from in Square::all() {
                compiled.attack_span[color.index()][from.index()] = compiled.compute_attack_span(color, from);
            }
        }
        compiled
    }

    /// The squares a piece on `from` could attack on some board: its capturing leaps'
    /// targets, the whole of every line it rides or hops along (a landing or a hop
    /// capture is on the line), its lame leaps' and circles' squares on an empty board,
    /// the squares next to every square of a turned hop's line, and the far ends of its
    /// equihops. (The Lion's two steps are not attacks.)
    fn compute_attack_span(&self, color: Color, from: Square) -> Bitboard {
        let c = color.index();
        let mut span = self.leaps[c][1][from.index()];
        let lines = self.riders[c]
            .iter()
            .chain(&self.hops[c])
            .chain(&self.double_hops[c])
            .chain(&self.hop_rides[c])
            .chain(&self.hop_captures[c]);
        for line in lines {
            span |= line.reach(from, Bitboard::EMPTY);
        }
        for leap in &self.lame[c] {
            if let Some(to) = leap.target(from, Bitboard::EMPTY) {
                span = span.with(to);
            }
        }
        for path in &self.circles[c] {
            span |= path.reach(from, Bitboard::EMPTY);
        }
        for hop in &self.turned_hops[c] {
            for hurdle in hop.line.reach(from, Bitboard::EMPTY) {
                for &(df, dr) in &hop.landings {
                    if let Some(to) = hurdle.offset(df as i32, dr as i32) {
                        span = span.with(to);
                    }
                }
            }
        }
        for hop in &self.equi_hops[c] {
            let (df, dr) = hop.mid;
            if let Some(end) = from.offset(2 * df as i32, 2 * dr as i32) {
                span = span.with(end);
            }
        }
        span
    }

    /// Every square a piece of `color` on `from` could attack on some board.
    #[inline]
    pub fn attack_span(&self, color: Color, from: Square) -> Bitboard {
        self.attack_span[color.index()][from.index()]
    }

    /// Whether a piece of `color` on `from` attacks `target` with `occupied` as the
    /// board ([`CompiledMovement::attacks`] asked for one square).
    #[inline]
    pub fn attacks_square(&self, color: Color, from: Square, target: Square, occupied: Bitboard) -> bool {
        if !self.attack_span[color.index()][from.index()].contains(target) {
            return false;
        }
        let (landing, hop) = self.captures_along(color, from, occupied, |line| line.points_to(from, target));
        (landing | hop).contains(target)
    }

    /// The squares whose occupancy decides whether a piece of `color` on `from` attacks
    /// `target`, for a movement made of leaps and of rides and hops along lines (those
    /// lines' squares between the two, and for a capture by hopping the landing square
    /// beyond `target`); `None` for the other movements.
    pub fn attack_path(&self, color: Color, from: Square, target: Square) -> Option<Bitboard> {
        let c = color.index();
        if !(self.lame[c].is_empty()
            && self.circles[c].is_empty()
            && self.turned_hops[c].is_empty()
            && self.equi_hops[c].is_empty())
        {
            return None;
        }
        let mut path = Bitboard::EMPTY;
        let lines = self.riders[c]
            .iter()
            .chain(&self.hops[c])
            .chain(&self.double_hops[c])
            .chain(&self.hop_rides[c]);
        for line in lines {
            path |= line.squares_before(from, target).unwrap_or_default();
        }
        for line in &self.hop_captures[c] {
            if let Some(between) = line.squares_before(from, target) {
                path |= between;
                if let Some(landing) = target.offset(line.df as i32, line.dr as i32) {
                    path = path.with(landing);
                }
            }
        }
        Some(path)
    }

    fn compute_dead(&self, color: Color) -> Bitboard {
        if self.lion {
            // a king step always stays on the board
            return Bitboard::EMPTY;
        }
        let c = color.index();
        let mut dead = Bitboard::EMPTY;
        for sq in Square::all() {
            let leap = (self.leaps[c][0][sq.index()] | self.leaps[c][1][sq.index()]).is_nonempty();
            let rider = self.riders[c]
                .iter()
                .any(|l| sq.offset(l.df as i32, l.dr as i32).is_some());
            // a hurdle square and a landing square beyond it (grasshopper, hop capture)
            let hop = self.hops[c]
                .iter()
                .chain(&self.hop_captures[c])
                .any(|l| sq.offset(2 * l.df as i32, 2 * l.dr as i32).is_some());
            let lame = self.lame[c]
                .iter()
                .any(|l| sq.offset(l.df as i32, l.dr as i32).is_some());
            // a hurdle square and one beyond it; the Kangaroo needs two hurdle squares
            let hop_ride = self.hop_rides[c]
                .iter()
                .any(|l| sq.offset(2 * l.df as i32, 2 * l.dr as i32).is_some());
            let double_hop = self.double_hops[c]
                .iter()
                .any(|l| sq.offset(3 * l.df as i32, 3 * l.dr as i32).is_some());
            let circle = self.circles[c].iter().any(|path| {
                let (df, dr) = path.squares[0];
                sq.offset(df as i32, dr as i32).is_some()
            });
            // some hurdle square on a line with a landing square next to it
            let turned_hop = self.turned_hops[c].iter().any(|h| {
                (1..9).any(|k| {
                    sq.offset(k * h.line.df as i32, k * h.line.dr as i32)
                        .is_some_and(|hurdle| {
                            h.landings
                                .iter()
                                .any(|&(df, dr)| hurdle.offset(df as i32, dr as i32).is_some())
                        })
                })
            });
            let equi_hop = self.equi_hops[c]
                .iter()
                .any(|hop| sq.offset(2 * hop.mid.0 as i32, 2 * hop.mid.1 as i32).is_some());
            // a square to capture on and one beyond it (the pass is not a move away)
            let line_step = self.line_steps[c]
                .iter()
                .any(|&(df, dr)| sq.offset(2 * df as i32, 2 * dr as i32).is_some());
            if !(leap
                || rider
                || hop
                || lame
                || hop_ride
                || double_hop
                || circle
                || turned_hop
                || equi_hop
                || line_step)
            {
                dead = dead.with(sq);
            }
        }
        dead
    }

    /// Every square the piece could capture on if an enemy stood there (check detection
    /// reads this): [`CompiledMovement::landing_captures`] and
    /// [`CompiledMovement::hop_captures`]. Move-only (`m`) parts and the Lion's two
    /// steps (`aK`) are not included. The result may contain squares of the mover's own
    /// pieces.
    #[inline]
    pub fn attacks(&self, color: Color, from: Square, occupied: Bitboard) -> Bitboard {
        let (landing, hop) = self.captures(color, from, occupied);
        landing | hop
    }

    /// [`CompiledMovement::landing_captures`] and [`CompiledMovement::hop_captures`] at once.
    #[inline]
    pub fn captures(&self, color: Color, from: Square, occupied: Bitboard) -> (Bitboard, Bitboard) {
        self.captures_along(color, from, occupied, |_| true)
    }

    /// The squares where the piece could capture by hopping over an enemy standing there
    /// (`x`): the first occupied square of each line whose next square is on the board
    /// and empty. The landing square is that next square.
    #[inline]
    pub fn hop_captures(&self, color: Color, from: Square, occupied: Bitboard) -> Bitboard {
        self.captures(color, from, occupied).1
    }

    /// The squares where the piece could capture by landing on an enemy standing there:
    /// leap targets, rider squares up to and including the first occupied one, hop
    /// landing squares (not the squares of hop captures, `x`).
    #[inline]
    pub fn landing_captures(&self, color: Color, from: Square, occupied: Bitboard) -> Bitboard {
        self.captures(color, from, occupied).0
    }

    /// [`Self::captures`] with only the rides, hops and captures by hopping along the
    /// lines `on_line` keeps (leaps, lame leaps, circles, turned hops and equihops all).
    #[inline]
    fn captures_along(
        &self,
        color: Color,
        from: Square,
        occupied: Bitboard,
        on_line: impl Fn(&Line) -> bool,
    ) -> (Bitboard, Bitboard) {
        let c = color.index();
        let mut bb = self.leaps[c][1][from.index()];
        for line in self.riders[c].iter().filter(|l| on_line(l)) {
            if line.capture {
                bb |= line.reach(from, occupied);
            }
        }
        for line in self.hops[c].iter().filter(|l| on_line(l)) {
            if line.capture {
                if let Some(to) = line.landing(from, occupied) {
                    bb = bb.with(to);
                }
            }
        }
        for leap in &self.lame[c] {
            if leap.capture {
                if let Some(to) = leap.target(from, occupied) {
                    bb = bb.with(to);
                }
            }
        }
        for line in self.double_hops[c].iter().filter(|l| on_line(l)) {
            if line.capture {
                if let Some(to) = line.landing_after(from, occupied, 2) {
                    bb = bb.with(to);
                }
            }
        }
        for line in self.hop_rides[c].iter().filter(|l| on_line(l)) {
            if line.capture {
                bb |= line.beyond_hurdle(from, occupied);
            }
        }
        for path in &self.circles[c] {
            if path.capture {
                bb |= path.reach(from, occupied);
            }
        }
        for hop in &self.turned_hops[c] {
            if hop.line.capture {
                bb |= hop.landings(from, occupied);
            }
        }
        bb |= self.equi_landings(c, from, occupied, |(_, capture)| capture);
        let mut hops = Bitboard::EMPTY;
        for line in self.hop_captures[c].iter().filter(|l| on_line(l)) {
            // the line's reach ends on its first occupied square, its only occupied one
            let Some(hurdle) = (line.reach(from, occupied) & occupied).first() else {
                continue;
            };
            let landing = hurdle.offset(line.df as i32, line.dr as i32);
            if landing.is_some_and(|to| !occupied.contains(to)) {
                hops = hops.with(hurdle);
            }
        }
        (bb, hops)
    }

    /// The equihopper's landing squares whose (quiet, capture) pass `keep`.
    fn equi_landings(
        &self,
        c: usize,
        from: Square,
        occupied: Bitboard,
        keep: impl Fn((bool, bool)) -> bool,
    ) -> Bitboard {
        let mut bb = Bitboard::EMPTY;
        for hop in &self.equi_hops[c] {
            if !keep(hop.what) {
                continue;
            }
            let (df, dr) = hop.mid;
            let mid = from.offset(df as i32, dr as i32);
            let end = from.offset(2 * df as i32, 2 * dr as i32);
            if let (Some(mid), Some(end)) = (mid, end) {
                let blocked = hop
                    .path
                    .iter()
                    .any(|&(x, y)| from.offset(x as i32, y as i32).is_some_and(|sq| occupied.contains(sq)));
                if occupied.contains(mid) && !blocked {
                    bb = bb.with(end);
                }
            }
        }
        bb
    }

    /// The empty squares the piece can move to without capturing (capture-only `c`
    /// parts and the Lion's two steps excluded); a subset of `!occupied`.
    #[inline]
    pub fn quiet_moves(&self, color: Color, from: Square, occupied: Bitboard) -> Bitboard {
        let c = color.index();
        let mut bb = self.leaps[c][0][from.index()];
        for line in &self.riders[c] {
            if line.quiet {
                bb |= line.reach(from, occupied);
            }
        }
        for line in &self.hops[c] {
            if line.quiet {
                if let Some(to) = line.landing(from, occupied) {
                    bb = bb.with(to);
                }
            }
        }
        for leap in &self.lame[c] {
            if leap.quiet {
                if let Some(to) = leap.target(from, occupied) {
                    bb = bb.with(to);
                }
            }
        }
        for line in &self.double_hops[c] {
            if line.quiet {
                if let Some(to) = line.landing_after(from, occupied, 2) {
                    bb = bb.with(to);
                }
            }
        }
        for line in &self.hop_rides[c] {
            if line.quiet {
                bb |= line.beyond_hurdle(from, occupied);
            }
        }
        for path in &self.circles[c] {
            if path.quiet {
                bb |= path.reach(from, occupied);
            }
        }
        for hop in &self.turned_hops[c] {
            if hop.line.quiet {
                bb |= hop.landings(from, occupied);
            }
        }
        bb |= self.equi_landings(c, from, occupied, |(quiet, _)| quiet);
        bb & !occupied
    }

    /// [`CompiledMovement::attacks`] on an empty board.
    pub fn attacks_on_empty_board(&self, color: Color, from: Square) -> Bitboard {
        self.attacks(color, from, Bitboard::EMPTY)
    }

    /// Whether what this movement reaches changes with the board only along the rook
    /// and bishop lines from its square: no hops of any kind, no lame leaps, no Lion
    /// steps, every ride along one of the eight king directions (the rest are leaps).
    pub fn is_line_bound(&self) -> bool {
        !self.lion && self.attacks_line_bound()
    }

    /// Whether what this movement attacks changes with the board only along the rook
    /// and bishop lines from its square: [`Self::is_line_bound`], but for the Lion's two
    /// king steps, which are moves and no attack (a piece attacks by its leaps, rides and
    /// hops, `captures_along`: the Lion `KNADaK` its 24 squares by leaps).
    pub fn attacks_line_bound(&self) -> bool {
        // (a lame leap's path square is on a line from the piece, but its target is not:
        // counted as not line-bound, as `attack_origins_told` has it)
        self.attack_origins_told()
            && self.hops.iter().all(Vec::is_empty)
            && self.riders.iter().flatten().all(|line| line.dir.is_some())
    }

    /// What a piece of `color` on `from` needs to attack `target`, where one leap, ride
    /// or hop of a movement whose attack origins are told ([`Self::attack_origins_told`])
    /// reaches it on some board: the squares that must be empty and those that must be
    /// occupied (a leap: none; a ride: the squares between empty; a hop: those before
    /// the hurdle empty, the hurdle, next to `target`, occupied). `None` where none or
    /// several such parts do, or the movement has others.
    pub fn attack_condition(&self, color: Color, from: Square, target: Square) -> Option<(Bitboard, Bitboard)> {
        if !self.attack_origins_told() || !self.attack_span(color, from).contains(target) {
            return None;
        }
        let c = color.index();
        let leap = self.leaps[c][1][from.index()]
            .contains(target)
            .then_some((Bitboard::EMPTY, Bitboard::EMPTY));
        let rides = self.riders[c].iter().filter(|line| line.capture).filter_map(|line| {
            line.squares_before(from, target)
                .map(|between| (between, Bitboard::EMPTY))
        });
        let hops = self.hops[c].iter().filter(|line| line.capture).filter_map(|line| {
            let between = line.squares_before(from, target)?;
            // (a hop onto the next square has no hurdle: no way)
            let hurdle = target.offset(-(line.df as i32), -(line.dr as i32))?;
            between
                .contains(hurdle)
                .then(|| (between.without(hurdle), Bitboard::EMPTY.with(hurdle)))
        });
        let mut ways = leap.into_iter().chain(rides).chain(hops);
        match (ways.next(), ways.next()) {
            (Some(way), None) => Some(way),
            _ => None,
        }
    }

    /// Whether [`Self::attack_origins`] tells where this movement attacks a square from:
    /// it attacks by leaps, rides along any line and hops over one hurdle onto the
    /// square just beyond, and makes no double steps along a line.
    pub fn attack_origins_told(&self) -> bool {
        self.line_steps.iter().all(Vec::is_empty)
            && self.lame.iter().all(Vec::is_empty)
            && self.double_hops.iter().all(Vec::is_empty)
            && self.hop_rides.iter().all(Vec::is_empty)
            && self.circles.iter().all(Vec::is_empty)
            && self.turned_hops.iter().all(Vec::is_empty)
            && self.equi_hops.iter().all(Vec::is_empty)
            && self.hop_captures.iter().all(Vec::is_empty)
    }

    /// The squares from which a piece of `color` attacks `target` on the board
    /// `occupied` (whether that square is counted occupied or not), where
    /// [`Self::attack_origins_told`] holds; `None` otherwise. White's movement is
    /// Black's turned round, so the other colour's lines walked from `target` meet the
    /// origins: a leap's, a ride's squares up to and including the first occupied one
    /// (the squares between must be empty both ways), and, with a hurdle on the square
    /// next to `target` along a hop's line, the squares beyond the hurdle up to and
    /// including the first occupied one (a hop from there meets that hurdle first and
    /// lands on `target`; from farther it meets another first).
    pub fn attack_origins(&self, color: Color, target: Square, occupied: Bitboard) -> Option<Bitboard> {
        if !self.attack_origins_told() {
            return None;
        }
        let c = (!color).index();
        let mut origins = self.leaps[c][1][target.index()];
        for line in self.riders[c].iter().filter(|line| line.capture) {
            origins |= line.reach(target, occupied);
        }
        for line in self.hops[c].iter().filter(|line| line.capture) {
            let hurdle = target.offset(line.df as i32, line.dr as i32);
            if let Some(hurdle) = hurdle.filter(|&sq| occupied.contains(sq)) {
                origins |= line.reach(hurdle, occupied);
            }
        }
        Some(origins)
    }

    /// Whether the movement includes the Lion's two king steps (`aK`), which the move
    /// generator handles.
    #[inline]
    pub fn has_lion_steps(&self) -> bool {
        self.lion
    }

    /// The board deltas `(df, dr)` of the double steps along a line (`a` on `W` or `F`)
    /// of a piece of `color`: capture one step along the delta, then go on one more.
    /// Empty for movements without them; the move generator handles them.
    #[inline]
    pub fn line_steps(&self, color: Color) -> &[(i8, i8)] {
        &self.line_steps[color.index()]
    }

    /// Whether the movement makes two-step moves: the Lion's (`aK`) or along a line.
    #[inline]
    pub fn has_two_steps(&self) -> bool {
        self.lion || !self.line_steps[0].is_empty()
    }

    /// The squares where a piece of `color` with this movement could never move again on
    /// an otherwise empty board: no leap and no first rider step stays on the board, no hop
    /// has both a hurdle square and a landing square on it, and there are no Lion steps.
    /// Move-only and capture-only parts count like the others.
    #[inline]
    pub fn dead_squares(&self, color: Color) -> Bitboard {
        self.dead[color.index()]
    }
}

impl fmt::Debug for CompiledMovement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let black = |lines: &[Line]| -> Vec<((i8, i8), (bool, bool))> {
            lines.iter().map(|l| ((-l.df, -l.dr), (l.quiet, l.capture))).collect()
        };
        f.debug_struct("CompiledMovement")
            .field("leaps", &self.leap_vectors)
            .field("riders", &black(&self.riders[0]))
            .field("hops", &black(&self.hops[0]))
            .field("double_hops", &black(&self.double_hops[0]))
            .field("hop_rides", &black(&self.hop_rides[0]))
            .field("circles", &self.circles[0].len())
            .field("turned_hops", &self.turned_hops[0].len())
            .field("hop_captures", &black(&self.hop_captures[0]))
            .field(
                "lame",
                &self.lame[0]
                    .iter()
                    .map(|l| ((-l.df, -l.dr), (l.quiet, l.capture)))
                    .collect::<Vec<_>>(),
            )
            .field("lion", &self.lion)
            .field("line_steps", &self.line_steps[0])
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::attacks::{bishop_attacks, ordinary_attacks, rook_attacks};
    use crate::random::SplitMix64;
    use PieceKind::*;

    fn sq(f: i32, r: i32) -> Square {
        Square::new(f, r).unwrap()
    }

    /// Squares written as two-digit numbers, file then rank (`55`).
    fn set(list: &[i32]) -> Bitboard {
        list.iter().fold(Bitboard::EMPTY, |bb, &n| bb.with(sq(n / 10, n % 10)))
    }

    fn rotated(bb: Bitboard) -> Bitboard {
        Bitboard(bb.0.reverse_bits() >> (128 - 81))
    }

    fn compiled(text: &str) -> CompiledMovement {
        Movement::parse(text)
            .unwrap_or_else(|e| panic!("{text}: {e}"))
            .compile()
    }

    fn random_occupancy(rng: &mut SplitMix64) -> Bitboard {
        let density = rng.below(70);
        Square::all()
            .filter(|_| rng.chance(density))
            .fold(Bitboard::EMPTY, |bb, s| bb.with(s))
    }

    fn occupancies() -> Vec<Bitboard> {
        let mut rng = SplitMix64::new(0x5eed_0b0a);
        let mut all = vec![Bitboard::EMPTY, Bitboard::FULL];
        all.extend((0..200).map(|_| random_occupancy(&mut rng)));
        all
    }

    const CORNERS: [i32; 4] = [11, 99, 19, 91];

    #[test]
    fn every_attack_lies_in_the_attack_span_and_depends_on_its_path_only() {
        let boards = occupancies();
        for kind in PieceKind::ALL {
            let Some(movement) = compiled_builtin(kind) else {
                continue;
            };
            for color in Color::ALL {
                for from in Square::all() {
                    let span = movement.attack_span[color.index()][from.index()];
                    for &occupied in &boards {
                        let attacks = movement.attacks(color, from, occupied);
                        assert!((attacks & !span).is_empty(), "{kind:?} {color:?} {from:?}");
                        for target in span {
                            assert_eq!(
                                movement.attacks_square(color, from, target, occupied),
                                attacks.contains(target)
                            );
                            // with `target` occupied (a king there), only the path decides
                            let Some(path) = movement.attack_path(color, from, target) else {
                                continue;
                            };
                            let king = Bitboard::EMPTY.with(target);
                            assert_eq!(
                                movement.attacks_square(color, from, target, occupied | king),
                                movement.attacks_square(color, from, target, (occupied & path) | king),
                                "{kind:?} {color:?} {from:?} {target:?}"
                            );
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn attack_origins_are_the_squares_that_attack_the_target() {
        let boards = &occupancies()[..40];
        let zoo = ["gNN", "cgQ", "mgQ", "gfR", "NN", "gQNN"].map(compiled);
        let builtins = PieceKind::ALL.iter().filter_map(|&kind| compiled_builtin(kind));
        let (mut told, mut conditions) = (0, 0);
        for movement in builtins.chain(zoo.iter()) {
            for color in Color::ALL {
                for (board_index, &occupied) in boards.iter().enumerate() {
                    // (the piece's own square counted occupied, and not)
                    for own in [true, false] {
                        let mut origins = [Bitboard::EMPTY; 81];
                        for from in Square::all() {
                            let board = if own {
                                occupied.with(from)
                            } else {
                                occupied.without(from)
                            };
                            for target in movement.attacks(color, from, board) {
                                origins[target.index()] = origins[target.index()].with(from);
                            }
                        }
                        for target in Square::all() {
                            // (where one part reaches it, that part's condition decides;
                            // asked on a few boards)
                            for from in Square::all().filter(|_| board_index < 6) {
                                let board = if own {
                                    occupied.with(from)
                                } else {
                                    occupied.without(from)
                                };
                                if let Some((empty, filled)) = movement.attack_condition(color, from, target) {
                                    conditions += 1;
                                    let holds = (board & empty).is_empty() && (board & filled) == filled;
                                    assert_eq!(
                                        holds,
                                        origins[target.index()].contains(from),
                                        "{movement:?} {from:?} {target:?}"
                                    );
                                }
                            }
                            match movement.attack_origins(color, target, occupied) {
                                Some(told) => {
                                    assert_eq!(told, origins[target.index()], "{movement:?} {color:?} {target:?}")
                                }
                                None => assert!(!movement.attack_origins_told()),
                            }
                        }
                    }
                }
                told += usize::from(movement.attack_origins_told());
            }
        }
        // the leapers, the riders (the Nightrider's knight lines too) and the Grasshopper
        assert!(told > 40 && conditions > 100_000, "{told} {conditions}");
        for kind in [Grasshopper, Nightrider, Lion, Queen, ChessKnight] {
            assert!(
                compiled_builtin(kind).is_some_and(CompiledMovement::attack_origins_told),
                "{kind:?}"
            );
        }
    }

    #[test]
    fn every_kind_but_the_stone_has_a_builtin_that_parses() {
        for kind in PieceKind::ALL {
            match kind {
                Stone | UserE | UserM | UserU | UserW | UserY => {
                    assert!(builtin_movement(kind).is_none());
                    assert!(compiled_builtin(kind).is_none());
                }
                _ => {
                    let movement = Movement::builtin(kind).unwrap();
                    assert_eq!(movement.text(), builtin_movement(kind).unwrap());
                    assert_eq!(compiled_builtin(kind), Some(&movement.compile()));
                }
            }
        }
    }

    #[test]
    fn ordinary_builtins_equal_the_ordinary_attack_tables() {
        let occs = occupancies();
        for kind in PieceKind::ALL.into_iter().filter(|k| k.is_ordinary()) {
            let movement = compiled_builtin(kind).unwrap();
            assert!(!movement.has_lion_steps());
            for &occ in &occs {
                for color in Color::ALL {
                    for from in Square::all() {
                        let expected = ordinary_attacks(kind, color, from, occ);
                        assert_eq!(
                            movement.attacks(color, from, occ),
                            expected,
                            "{kind:?} {color:?} {from}"
                        );
                        assert_eq!(
                            movement.quiet_moves(color, from, occ),
                            expected & !occ,
                            "{kind:?} {from}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn dead_squares_of_the_builtins() {
        let root50_dead = set(&[53, 54, 55, 56, 57, 35, 45, 65, 75]);
        let block = |lo: i32, hi: i32| {
            Square::all()
                .filter(|s| (lo..=hi).contains(&s.file()) && (lo..=hi).contains(&s.rank()))
                .fold(Bitboard::EMPTY, |bb, s| bb.with(s))
        };
        let centre_dead = block(4, 6);
        let root65_dead = block(3, 7);
        assert_eq!((centre_dead.count(), root65_dead.count()), (9, 25));
        for kind in PieceKind::ALL
            .into_iter()
            .filter(|&k| k != Stone && !k.is_user_defined())
        {
            let movement = compiled_builtin(kind).unwrap();
            let black = match kind {
                // fm's chu shogi lance moves as the lance (fm: `B_PA_CONSTRAINT_SQ` on rank 1)
                // and fm's swallow, a step forward (fm derives `B_PA_CONSTRAINT_SQ` from
                // the vectors, `setup_hi_valid_sq`)
                Pawn | Lance | ChuLance | Swallow => Bitboard::rank(1),
                Knight => Bitboard::rank(1) | Bitboard::rank(2),
                // no leap of length √50 fits from the middle cross: rules.md §3's remark
                // that no listed fairy piece is ever dead does not hold for this one
                Root50Leaper => root50_dead,
                // (1,6) and (2,6) need a file or a rank at least six away: not from the
                // centre 3×3
                Flamingo | Root40Leaper => centre_dead,
                // (1,8) needs the first or last rank, (8,1) file; (4,7) ranks 1-2 or 8-9,
                // (7,4) files: not from the centre 5×5
                Root65Leaper => root65_dead,
                _ => Bitboard::EMPTY,
            };
            assert_eq!(movement.dead_squares(Color::Black), black, "{kind:?}");
            assert_eq!(movement.dead_squares(Color::White), rotated(black), "{kind:?}");
        }
        assert!(compiled("cfW").dead_squares(Color::Black) == Bitboard::rank(1));
        assert!(compiled("gfR").dead_squares(Color::Black) == Bitboard::rank(1) | Bitboard::rank(2));
        assert!(compiled("aK").dead_squares(Color::Black).is_empty());
    }

    #[test]
    fn fairy_counts_from_the_centre_and_the_corners() {
        // (kind, from 55, from each corner)
        let table = [
            (Lion, 24, 8),
            (Phoenix, 8, 3),
            (Kirin, 8, 3),
            (Queen, 32, 24),
            (ChessKnight, 8, 2),
            (Camel, 8, 2),
            (Zebra, 8, 2),
            (Giraffe, 8, 2),
            (FiveLeaper, 8, 4),
            (Root50Leaper, 0, 3),
            (Grasshopper, 0, 0),
            (Nightrider, 16, 8),
        ];
        assert_counts_from_the_centre_and_the_corners(&table);
    }

    /// For each (kind, squares attacked from 55, from each corner) on an empty board, in
    /// both colours; quiet moves are the attacks there, and only the Lion has two steps.
    fn assert_counts_from_the_centre_and_the_corners(table: &[(PieceKind, u32, u32)]) {
        for &(kind, centre, corner) in table {
            let movement = compiled_builtin(kind).unwrap();
            for color in Color::ALL {
                let count = |n: i32| movement.attacks_on_empty_board(color, sq(n / 10, n % 10)).count();
                assert_eq!(count(55), centre, "{kind:?} {color:?} from 55");
                for c in CORNERS {
                    assert_eq!(count(c), corner, "{kind:?} {color:?} from {c}");
                }
                let quiet = movement.quiet_moves(color, sq(5, 5), Bitboard::EMPTY);
                assert_eq!(quiet, movement.attacks_on_empty_board(color, sq(5, 5)), "{kind:?}");
            }
            assert_eq!(movement.has_lion_steps(), kind == Lion);
        }
    }

    #[test]
    fn fms_chu_shogi_copies_move_as_the_ordinary_pieces() {
        // `piece_data.c` pieces 91-97 have the ordinary pieces' vectors
        let ordinary = [Rook, Bishop, Gold, Silver, Dragon, Horse, Lance];
        for (copy, model) in PieceKind::CHU_COPIES.into_iter().zip(ordinary) {
            assert_eq!(copy.moves_as(), Some(model));
            assert_eq!(builtin_movement(copy), builtin_movement(model), "{copy:?}");
            let (a, b) = (compiled_builtin(copy).unwrap(), compiled_builtin(model).unwrap());
            for color in [Color::Black, Color::White] {
                assert_eq!(a.dead_squares(color), b.dead_squares(color), "{copy:?}");
                for sq in [sq(5, 5), sq(1, 1), sq(9, 3)] {
                    assert_eq!(a.attacks_on_empty_board(color, sq), b.attacks_on_empty_board(color, sq));
                }
            }
        }
    }

    #[test]
    fn each_promoted_fairy_kind_moves_as_fms_promoted_piece() {
        // fm's `fp_promoted` targets (`piece_data.c` pieces 98-106, 84, 87-89, 117, 125,
        // then the chu shogi copies')
        let targets = [
            Lion,
            FreeKing,
            FlyingStag,
            SideMover,
            Bishop,
            DrunkElephant,
            FlyingOx,
            FreeBoar,
            Whale,
            ToriEagle,
            Gold,
            Gold,
            Gold,
            Gold,
            // the chu shogi copies' (pieces 100-102, 104, 85, 86, 90)
            Dragon,
            Horse,
            Rook,
            VerticalMover,
            SoaringEagle,
            HornedFalcon,
            WhiteHorse,
            // the swallow's (piece 119)
            Goose,
        ];
        assert_eq!(targets.len(), PieceKind::PROMOTED_FAIRY_KINDS.len());
        for (promoted, target) in PieceKind::PROMOTED_FAIRY_KINDS.into_iter().zip(targets) {
            assert_eq!(builtin_movement(promoted), builtin_movement(target), "{promoted:?}");
        }
    }

    #[test]
    fn fm_zoo_counts_from_the_centre_and_the_corners() {
        // (kind, from 55, from each corner), worked out by hand: riders from a corner
        // make two steps along each of their two lines
        let table = [
            (Wazir, 4, 2),
            (Dabbaba, 4, 2),
            (Threeleaper, 4, 2),
            (Fers, 4, 1),
            (Alfil, 4, 1),
            (Tripper, 4, 1),
            (Flamingo, 0, 2),
            (Root40Leaper, 0, 2),
            (Root65Leaper, 0, 4),
            (Camelrider, 8, 4),
            (Zebrarider, 8, 4),
            (Empress, 24, 18),
            (Princess, 24, 10),
            (Mao, 8, 2),
            (Moa, 8, 2),
            (Shan, 4, 1),
        ];
        assert_counts_from_the_centre_and_the_corners(&table);
    }

    #[test]
    fn fm_zoo_riders_and_compounds_are_blocked_where_they_ride() {
        let from = sq(1, 1);
        // Camelrider 11 → 24 → 37: a piece on 24 stops the line there; the square a
        // camel step passes over (12, 13, 23) blocks nothing
        let camelrider = compiled_builtin(Camelrider).unwrap();
        assert_eq!(camelrider.attacks(Color::Black, from, set(&[24])), set(&[24, 42, 73]));
        assert_eq!(
            camelrider.attacks(Color::Black, from, set(&[12, 13, 23])),
            set(&[24, 37, 42, 73])
        );
        assert_eq!(
            compiled_builtin(Zebrarider)
                .unwrap()
                .attacks(Color::White, from, set(&[43])),
            set(&[34, 57, 43])
        );
        // Empress: rook lines stop at the first piece, the knight leaps do not
        let empress = compiled_builtin(Empress).unwrap();
        assert_eq!(
            empress.attacks(Color::Black, sq(5, 5), set(&[54, 45, 56, 65, 44, 64])),
            set(&[54, 45, 56, 65, 43, 63, 34, 74, 36, 76, 47, 67])
        );
        // Princess: bishop lines and knight leaps
        let princess = compiled_builtin(Princess).unwrap();
        assert_eq!(
            princess.attacks(Color::Black, sq(5, 5), set(&[44, 64, 46, 66, 54])),
            set(&[44, 64, 46, 66, 43, 63, 34, 74, 36, 76, 47, 67])
        );
    }

    #[test]
    fn lame_leaps_are_blocked_on_their_path() {
        let from = sq(5, 5);
        let mao = compiled_builtin(Mao).unwrap();
        let moa = compiled_builtin(Moa).unwrap();
        let shan = compiled_builtin(Shan).unwrap();
        // Mao: a piece on 54 (in front of Black's 55) takes away 43 and 63, the leaps
        // that start by stepping there; 45 takes away 34 and 36
        assert_eq!(mao.attacks(Color::Black, from, set(&[54, 45])), set(&[74, 76, 47, 67]));
        // a piece on the landing square is attacked, one beside the path blocks nothing
        assert_eq!(mao.attacks(Color::Black, from, set(&[44, 43])).count(), 8);
        // Moa: a piece on 44 takes away 43 and 34, the leaps that start by stepping there
        assert_eq!(moa.attacks(Color::Black, from, set(&[44])).count(), 6);
        assert!(!moa.attacks(Color::Black, from, set(&[44])).contains(sq(4, 3)));
        assert_eq!(moa.attacks(Color::Black, from, set(&[54])).count(), 8);
        // Shan: 44 blocks 33 only; quiet moves leave out occupied squares
        assert_eq!(shan.attacks(Color::White, from, set(&[44])), set(&[73, 37, 77]));
        assert_eq!(shan.quiet_moves(Color::White, from, set(&[77])), set(&[33, 73, 37]));
        assert_eq!(
            compiled("nD").attacks(Color::Black, from, set(&[54])),
            set(&[57, 35, 75])
        );
        assert_eq!(compiled("nW"), compiled("W"));
        for lame in [mao, moa, shan] {
            assert!(!lame.is_line_bound());
            assert!(lame.dead_squares(Color::Black).is_empty());
        }
    }

    #[test]
    fn hoppers_past_one_or_two_hurdles() {
        let from = sq(5, 5);
        // chess Lion: over 53, on to 52 and the piece on 51
        let lion = compiled_builtin(ChessLion).unwrap();
        assert_eq!(lion.attacks(Color::Black, from, set(&[53, 51])), set(&[52, 51]));
        assert_eq!(lion.quiet_moves(Color::Black, from, set(&[53, 51])), set(&[52]));
        assert_eq!(lion.quiet_moves(Color::Black, from, set(&[54])), set(&[53, 52, 51]));
        assert!(lion.attacks(Color::Black, from, Bitboard::EMPTY).is_empty());
        // Pao: rook moves without capture; captures the second piece of a line
        let pao = compiled_builtin(Pao).unwrap();
        let occ = set(&[53, 51, 75]);
        assert_eq!(
            pao.quiet_moves(Color::Black, from, occ),
            set(&[54, 56, 57, 58, 59, 65, 45, 35, 25, 15])
        );
        assert_eq!(pao.attacks(Color::Black, from, occ), set(&[52, 51, 85, 95]));
        assert_eq!(
            compiled_builtin(Vao)
                .unwrap()
                .attacks(Color::White, from, set(&[44, 22])),
            set(&[33, 22])
        );
        assert_eq!(
            compiled_builtin(Leo)
                .unwrap()
                .attacks(Color::White, from, set(&[44, 22, 54])),
            set(&[33, 22, 53, 52, 51])
        );
        // Kangaroo: over two pieces, wherever they are on the line, to the square beyond
        let kangaroo = compiled_builtin(Kangaroo).unwrap();
        assert_eq!(kangaroo.attacks(Color::Black, from, set(&[54, 52])), set(&[51]));
        assert_eq!(kangaroo.attacks(Color::Black, from, set(&[54, 53])), set(&[52]));
        assert!(kangaroo.attacks(Color::Black, from, set(&[54])).is_empty());
        assert!(kangaroo.attacks(Color::Black, from, set(&[53, 51])).is_empty());
        for hopper in [ChessLion, Pao, Vao, Leo, Kangaroo] {
            let movement = compiled_builtin(hopper).unwrap();
            assert!(!movement.is_line_bound(), "{hopper:?}");
            assert!(movement.dead_squares(Color::Black).is_empty(), "{hopper:?}");
        }
        // a forward-only Kangaroo needs two squares for hurdles and a third to land on
        assert!(
            compiled("ggfR").dead_squares(Color::Black) == Bitboard::rank(1) | Bitboard::rank(2) | Bitboard::rank(3)
        );
    }

    #[test]
    fn equihopper_hops_over_any_midpoint() {
        let e = compiled_builtin(NonStopEquihopper).unwrap();
        let from = sq(5, 5);
        assert!(e.attacks(Color::Black, from, Bitboard::EMPTY).is_empty());
        // a piece on 53 sends it to 51; on 64 to 73; on 67 (an oblique (1,2)) to 79
        assert_eq!(e.attacks(Color::Black, from, set(&[53])), set(&[51]));
        assert_eq!(e.attacks(Color::Black, from, set(&[64, 67])), set(&[73, 79]));
        // nothing between blocks: with 54 filled too, the hop over 53 still lands on 51
        // (and the one over 54 on 53)
        assert_eq!(e.attacks(Color::Black, from, set(&[54, 53, 52])), set(&[53, 51]));
        // a midpoint whose mirror is off the board gives nothing
        assert!(e.attacks(Color::Black, sq(1, 1), set(&[61])).is_empty());
        // the Equihopper `nE`: the piece on 54 blocks the hop over 53, and the one on 66
        // the hop over 77 ((2,2) away) to 99; over 67 ((1,2) away) nothing blocks
        let blocked = compiled_builtin(Equihopper).unwrap();
        assert_eq!(blocked.attacks(Color::Black, from, set(&[54, 53, 52])), set(&[53]));
        assert_eq!(blocked.attacks(Color::Black, from, set(&[66, 77, 67])), set(&[77, 79]));
        // over 73 ((2,4) away) to 91, unless 64 or 82 (the segment's board points) is filled
        assert_eq!(blocked.attacks(Color::Black, from, set(&[73])), set(&[91]));
        assert!(blocked.attacks(Color::Black, from, set(&[73, 82])).is_empty());
        assert_eq!(equi_hop_path((2, 4)), vec![(1, 2), (3, 6)]);
        assert_eq!(equi_hop_path((-3, 0)), vec![(-1, 0), (-2, 0), (-4, 0), (-5, 0)]);
        assert!(equi_hop_path((1, 2)).is_empty() && equi_hop_path((1, 1)).is_empty());
        for (text, column, message) in [
            ("gE", 1, "'g' does not apply to E (the equihopper)"),
            ("mdE", 2, "'d' does not apply to E (the equihopper)"),
        ] {
            let err = Movement::parse(text).unwrap_err();
            assert_eq!((err.column, err.message.as_str()), (column, message), "{text}");
        }
    }

    #[test]
    fn chu_shogi_pieces_move_as_fms_vectors_say() {
        let from = sq(5, 5);
        let steps = |kind, color| compiled_builtin(kind).unwrap().attacks(color, from, Bitboard::EMPTY);
        // Black's forward is towards rank 1: the copper general steps to 44 54 64 and back
        // to 56; White's is the same turned round
        assert_eq!(steps(CopperGeneral, Color::Black), set(&[44, 54, 64, 56]));
        assert_eq!(steps(CopperGeneral, Color::White), set(&[46, 56, 66, 54]));
        // the drunk elephant has every king step but straight back, the blind tiger every
        // one but straight forward
        assert_eq!(steps(DrunkElephant, Color::Black), set(&[44, 54, 64, 45, 65, 46, 66]));
        assert_eq!(steps(BlindTiger, Color::Black), set(&[44, 64, 45, 65, 46, 56, 66]));
        assert_eq!(steps(FerociousLeopard, Color::Black), set(&[44, 54, 64, 46, 56, 66]));
        assert_eq!(steps(GoBetween, Color::White), set(&[54, 56]));
        // riders stop at the first piece: the whale along the file and diagonally back
        let whale = compiled_builtin(Whale).unwrap();
        assert_eq!(
            whale.attacks(Color::Black, from, set(&[53, 57, 66])),
            set(&[54, 53, 56, 57, 46, 37, 28, 19, 66])
        );
        let horse = compiled_builtin(WhiteHorse).unwrap();
        assert_eq!(
            horse.attacks(Color::White, from, set(&[57, 44])),
            set(&[54, 53, 52, 51, 56, 57, 46, 37, 28, 19, 66, 77, 88, 99])
        );
        for kind in PieceKind::FM_ZOO_KINDS[26..].iter().copied() {
            let m = compiled_builtin(kind).unwrap();
            assert!(m.dead_squares(Color::Black).is_empty(), "{kind:?}");
            assert!(m.dead_squares(Color::White).is_empty(), "{kind:?}");
        }
    }

    #[test]
    fn soaring_eagle_and_horned_falcon_jump_ride_and_double_step_along_their_lines() {
        let from = sq(5, 5);
        let eagle = compiled_builtin(SoaringEagle).unwrap();
        // rides but diagonally forward, jumps one or two squares diagonally forward
        // (over a piece on the first): fm's hi_run_vec_hj and hi_leap_vec_hj
        assert_eq!(
            eagle.attacks(Color::Black, from, set(&[44, 53, 57, 35, 66])),
            set(&[44, 33, 64, 73, 54, 53, 56, 57, 45, 35, 65, 75, 85, 95, 46, 37, 28, 19, 66])
        );
        assert_eq!(eagle.line_steps(Color::Black), &[(-1, -1), (1, -1)]);
        assert_eq!(eagle.line_steps(Color::White), &[(-1, 1), (1, 1)]);
        let falcon = compiled_builtin(HornedFalcon).unwrap();
        assert_eq!(
            falcon.attacks(Color::White, from, set(&[56, 44, 66, 45, 65, 54])),
            set(&[56, 57, 44, 66, 46, 37, 28, 19, 64, 73, 82, 91, 45, 65, 54])
        );
        assert_eq!(falcon.line_steps(Color::Black), &[(0, -1)]);
        for m in [eagle, falcon] {
            assert!(m.has_two_steps() && !m.has_lion_steps() && !m.is_line_bound());
            assert!(m.dead_squares(Color::Black).is_empty());
        }
        // alone, a double step is dead where no square lies two steps on
        let alone = compiled("afW");
        let first_two_ranks = Square::all()
            .filter(|s| s.rank() <= 2)
            .fold(Bitboard::EMPTY, Bitboard::with);
        assert_eq!(alone.dead_squares(Color::Black), first_two_ranks);
    }

    #[test]
    fn tori_shogi_pieces_move_as_fms_vectors_say() {
        let from = sq(5, 5);
        let on = |kind, color, occupied| compiled_builtin(kind).unwrap().attacks(color, from, occupied);
        // fm's file -1 is the owner's right for Black (towards file 1): the left quail
        // rides forward and diagonally back to the right, steps back to the left
        assert_eq!(
            on(LeftQuail, Color::Black, set(&[52, 37])),
            set(&[54, 53, 52, 46, 37, 66])
        );
        // White's is Black's turned round: forward is towards rank 9, its right file 9
        assert_eq!(
            on(LeftQuail, Color::White, set(&[58, 73])),
            set(&[56, 57, 58, 64, 73, 44])
        );
        assert_eq!(
            on(RightQuail, Color::Black, set(&[51, 77])),
            set(&[54, 53, 52, 51, 66, 77, 46])
        );
        // the pheasant jumps two forward (nothing blocks) and steps diagonally back
        assert_eq!(on(Pheasant, Color::Black, set(&[54])), set(&[53, 46, 66]));
        assert_eq!(on(Goose, Color::White, Bitboard::EMPTY), set(&[37, 77, 53]));
        // the eagle's runs diagonally back stop after two squares and at a piece: with 46
        // filled it has 46 and nothing beyond on that side, 66 and 77 on the other
        let eagle = on(ToriEagle, Color::Black, set(&[46]));
        assert!(eagle.contains(sq(4, 6)) && !eagle.contains(sq(3, 7)));
        assert!(eagle.contains(sq(7, 7)) && !eagle.contains(sq(8, 8)));
        assert!(eagle.contains(sq(5, 9)) && eagle.contains(sq(1, 1)) && eagle.contains(sq(9, 1)));
        assert!(!eagle.contains(sq(5, 3)) && eagle.contains(sq(5, 4)) && eagle.contains(sq(4, 5)));
    }

    #[test]
    fn dai_shogi_runs_of_two_are_blocked_by_the_first_square() {
        let from = sq(5, 5);
        let on = |kind, occupied| compiled_builtin(kind).unwrap().attacks(Color::Black, from, occupied);
        // fm's vec_run_dhr: diagonal runs of range 2; a piece on 44 stops that one
        assert_eq!(on(FlyingDragon, set(&[44])), set(&[44, 64, 73, 46, 37, 66, 77]));
        assert_eq!(on(FierceOx, set(&[56])), set(&[54, 53, 45, 35, 65, 75, 56]));
        // the coiled serpent steps straight forward and back and diagonally back
        assert_eq!(on(CoiledSerpent, Bitboard::EMPTY), set(&[54, 56, 46, 66]));
    }

    #[test]
    fn turned_hops() {
        let from = sq(5, 5);
        let eagle = compiled_builtin(Eagle).unwrap();
        let sparrow = compiled_builtin(Sparrow).unwrap();
        // hurdle 53 straight ahead of Black: the Eagle lands beside it, the Sparrow one
        // rank back and aside
        assert_eq!(eagle.attacks(Color::Black, from, set(&[53])), set(&[43, 63]));
        assert_eq!(sparrow.attacks(Color::Black, from, set(&[53])), set(&[44, 64]));
        // a diagonal hurdle on 33: Eagle 24 and 42, Sparrow 43 and 34
        assert_eq!(eagle.attacks(Color::White, from, set(&[33])), set(&[24, 42]));
        assert_eq!(sparrow.attacks(Color::White, from, set(&[33])), set(&[43, 34]));
        // the corner hurdle: no landing square for the Eagle
        assert!(eagle.attacks(Color::Black, sq(2, 2), set(&[11])).is_empty());
        assert!(!eagle.is_line_bound() && eagle.dead_squares(Color::Black).is_empty());
        for (text, column, message) in [
            ("tyQ", 2, "'t' (turn 90°) and 'y' (turn 135°) exclude each other"),
            (
                "tN",
                1,
                "'t' (turned hop) takes a rider along king lines and nothing else, as in tQ; found N",
            ),
            (
                "yNN",
                1,
                "'y' (turned hop) takes a rider along king lines and nothing else, as in tQ; found NN",
            ),
            (
                "tgQ",
                1,
                "'t' (turned hop) takes a rider along king lines and nothing else, as in tQ; found Q",
            ),
        ] {
            let err = Movement::parse(text).unwrap_err();
            assert_eq!((err.column, err.message.as_str()), (column, message), "{text}");
        }
    }

    #[test]
    fn hop_captures_take_the_first_piece_of_a_line_with_an_empty_square_beyond() {
        let locust = compiled_builtin(Locust).unwrap();
        let from = sq(5, 5);
        // nothing on the board: no capture, and never a move without one
        assert!(locust.attacks_on_empty_board(Color::Black, from).is_empty());
        assert!(locust.quiet_moves(Color::Black, from, set(&[52, 33])).is_empty());
        // 52 at a distance (53 beyond it... 51 empty) and 33 (22 empty); 77 has 88
        // filled behind it; 58 on file 5 backward with 59 empty
        let occupied = set(&[52, 33, 77, 88, 58]);
        assert_eq!(locust.hop_captures(Color::Black, from, occupied), set(&[52, 33, 58]));
        assert_eq!(locust.attacks(Color::Black, from, occupied), set(&[52, 33, 58]));
        assert!(locust.landing_captures(Color::Black, from, occupied).is_empty());
        // a piece on the edge has no square beyond it
        assert!(locust.attacks(Color::Black, from, set(&[51])).is_empty());
        // only the first piece of a line counts: 53 before 52
        assert_eq!(locust.attacks(Color::Black, from, set(&[53, 52])), Bitboard::EMPTY);
        assert!(!locust.is_line_bound() && locust.dead_squares(Color::Black).is_empty());
        // a user's piece may capture both ways: onto the first piece and over it
        let both = compiled("QxQ");
        assert_eq!(
            both.landing_captures(Color::Black, from, set(&[52])) & set(&[52]),
            set(&[52])
        );
        assert_eq!(both.hop_captures(Color::Black, from, set(&[52])), set(&[52]));
        let needs_king_lines = |found: &str| {
            format!(
                "'x' (capture by hopping) takes a rider along king lines and directions only, as in xQ; found {found}"
            )
        };
        for (text, column, message) in [
            ("xN", 1, needs_king_lines("xN")),
            ("xNN", 1, needs_king_lines("xNN")),
            ("cxQ", 2, needs_king_lines("cxQ")),
            ("xgQ", 1, needs_king_lines("xgQ")),
            ("xE", 1, "'x' does not apply to E (the equihopper)".to_string()),
            ("xaK", 2, A_USE.into()),
        ] {
            let err = Movement::parse(text).unwrap_err();
            assert_eq!((err.column, err.message), (column, message), "{text}");
        }
        // directions select lines as for any rider
        assert_eq!(compiled("fxR").attacks(Color::Black, from, set(&[52, 58])), set(&[52]));
    }

    #[test]
    fn rose_rides_around_the_octagon() {
        let rose = compiled_builtin(Rose).unwrap();
        let from = sq(5, 5);
        // on an empty board from 55: the knight squares, and on around the octagons
        let open = rose.attacks_on_empty_board(Color::Black, from);
        assert!(compiled("N").attacks_on_empty_board(Color::Black, from).0 & !open.0 == 0);
        // 55 → 43 → 22 (two leaps turning by 45°) is on a path; 55 → 43 → 31 is not (no turn)
        assert!(open.contains(sq(2, 2)) || open.contains(sq(2, 4)));
        let both = rose.attacks(Color::Black, from, set(&[43]));
        // a piece on 43 ends both paths through it there (it can be captured)
        assert!(both.contains(sq(4, 3)));
        // from a corner the octagon leaves the board after few leaps
        let corner = rose.attacks_on_empty_board(Color::Black, sq(1, 1));
        assert!(corner.contains(sq(2, 3)) && corner.contains(sq(3, 2)));
        assert!(!rose.is_line_bound());
        assert!(rose.dead_squares(Color::Black).is_empty());
        for (text, message) in [
            (
                "qNN",
                "'q' (circular rider) takes an oblique leap and nothing else, as in qN; found NN",
            ),
            (
                "qW",
                "'q' (circular rider) takes an oblique leap and nothing else, as in qN; found W",
            ),
            (
                "qfN",
                "'q' (circular rider) takes an oblique leap and nothing else, as in qN; found N",
            ),
        ] {
            assert_eq!(Movement::parse(text).unwrap_err().message, message, "{text}");
        }
    }

    #[test]
    fn lame_leap_errors() {
        let table: &[(&str, usize, &str)] = &[
            (
                "nNN",
                1,
                "'n' (lame leap) needs a leap such as nN, dN or nA; NN is a rider",
            ),
            (
                "dR",
                1,
                "'d' (lame leap) needs a leap such as nN, dN or nA; R is a rider",
            ),
            (
                "ngQ",
                1,
                "'n' (lame leap) needs a leap such as nN, dN or nA; Q is a rider",
            ),
            (
                "nC",
                1,
                "'n' (lame leap) takes straight and diagonal leaps and N; C has no path",
            ),
            (
                "dA",
                1,
                "'d' (lame leap, diagonal first step) takes N only; A has no such path",
            ),
            (
                "ndN",
                2,
                "'n' (lame, orthogonal first step) and 'd' (lame, diagonal first step) exclude each other",
            ),
            ("naK", 2, A_USE),
            ("nnN", 2, "repeated modifier 'n'"),
        ];
        for (text, column, message) in table {
            let err = Movement::parse(text).expect_err(text);
            assert_eq!((err.column, err.message.as_str()), (*column, *message), "{text:?}");
        }
    }

    #[test]
    fn fairy_square_lists() {
        let at = |kind: PieceKind, color: Color, n: i32| {
            compiled_builtin(kind)
                .unwrap()
                .attacks_on_empty_board(color, sq(n / 10, n % 10))
        };
        for color in Color::ALL {
            assert_eq!(at(Giraffe, color, 55), set(&[41, 49, 61, 69, 14, 16, 94, 96]));
            assert_eq!(at(Giraffe, color, 11), set(&[25, 52]));
            assert_eq!(at(Camel, color, 11), set(&[24, 42]));
            assert_eq!(at(Zebra, color, 11), set(&[34, 43]));
            assert_eq!(at(Root50Leaper, color, 11), set(&[28, 82, 66]));
            assert_eq!(at(Root50Leaper, color, 99), set(&[82, 28, 44]));
            assert_eq!(at(FiveLeaper, color, 11), set(&[16, 61, 45, 54]));
            assert_eq!(at(Lion, color, 11), set(&[12, 13, 21, 22, 23, 31, 32, 33]));
            assert_eq!(at(Phoenix, color, 91), set(&[81, 92, 73]));
            assert_eq!(at(Kirin, color, 19), set(&[28, 17, 39]));
            assert_eq!(at(Nightrider, color, 11), set(&[23, 35, 47, 59, 32, 53, 74, 95]));
        }
    }

    #[test]
    fn grasshopper_hops() {
        let g = compiled_builtin(Grasshopper).unwrap();
        let from = sq(5, 5);
        for color in Color::ALL {
            // no hurdle: nothing
            assert!(g.attacks(color, from, Bitboard::EMPTY).is_empty());
            // adjacent hurdle: lands just beyond
            assert_eq!(g.attacks(color, from, set(&[54])), set(&[53]));
            assert_eq!(g.quiet_moves(color, from, set(&[54])), set(&[53]));
            // distant hurdle on a diagonal
            assert_eq!(g.attacks(color, from, set(&[33])), set(&[22]));
            // hurdle on the edge: no landing square
            assert!(g.attacks(color, from, set(&[51])).is_empty());
            assert!(g.attacks(color, from, set(&[59, 15, 11])).is_empty());
            // two in a row: lands on the second (a capture if it is an enemy)
            assert_eq!(g.attacks(color, from, set(&[54, 53])), set(&[53]));
            assert!(g.quiet_moves(color, from, set(&[54, 53])).is_empty());
            // only the first piece of a line is a hurdle
            assert_eq!(g.attacks(color, from, set(&[53, 52])), set(&[52]));
            // several lines
            assert_eq!(g.attacks(color, from, set(&[54, 65, 46, 77])), set(&[53, 75, 37, 88]));
        }
        let hop = compiled("gNN");
        assert_eq!(hop.attacks(Color::Black, from, set(&[67])), set(&[79]));
        assert!(hop.attacks(Color::Black, from, set(&[79])).is_empty());
        assert_eq!(hop.attacks(Color::Black, sq(1, 1), set(&[35])), set(&[47]));
        assert!(compiled("mgQ").attacks(Color::Black, from, set(&[54])).is_empty());
        assert_eq!(compiled("mgQ").quiet_moves(Color::Black, from, set(&[54])), set(&[53]));
        assert!(compiled("cgQ").quiet_moves(Color::Black, from, set(&[54])).is_empty());
        assert_eq!(compiled("cgQ").attacks(Color::Black, from, set(&[54])), set(&[53]));
        // forward only: Black's forward is towards rank 1
        assert_eq!(compiled("gfR").attacks(Color::Black, from, set(&[54, 56])), set(&[53]));
        assert_eq!(compiled("gfR").attacks(Color::White, from, set(&[54, 56])), set(&[57]));
    }

    #[test]
    fn nightrider_lines() {
        let n = compiled_builtin(Nightrider).unwrap();
        let from = sq(5, 5);
        let open = n.attacks_on_empty_board(Color::Black, from);
        assert!(open.contains(sq(6, 7)) && open.contains(sq(7, 9)));
        let blocked = n.attacks(Color::Black, from, set(&[67]));
        assert_eq!(blocked, open.without(sq(7, 9)));
        assert_eq!(
            n.quiet_moves(Color::Black, from, set(&[67])),
            open.without(sq(7, 9)).without(sq(6, 7))
        );
        // a piece off the line (the square jumped over) blocks nothing
        assert_eq!(n.attacks(Color::Black, from, set(&[56, 66, 57])), open);
        assert_eq!(compiled("NN"), compiled("(1,2)(1,2)"));
        assert_eq!(compiled("NN"), compiled("N(2,1)"));
        // the dabbaba rider jumps over the squares between
        assert_eq!(
            compiled("DD").attacks(Color::Black, from, set(&[54])),
            set(&[53, 51, 57, 59, 35, 15, 75, 95])
        );
    }

    #[test]
    fn move_only_and_capture_only_parts() {
        let from = sq(5, 5);
        let pawn = compiled("mfWcfF");
        assert_eq!(pawn.attacks(Color::Black, from, Bitboard::EMPTY), set(&[44, 64]));
        assert_eq!(pawn.quiet_moves(Color::Black, from, Bitboard::EMPTY), set(&[54]));
        assert!(pawn.quiet_moves(Color::Black, from, set(&[54])).is_empty());
        assert_eq!(pawn.attacks(Color::White, from, Bitboard::EMPTY), set(&[46, 66]));
        let occ = set(&[53, 25]);
        assert!(compiled("mR").attacks(Color::Black, from, occ).is_empty());
        assert_eq!(
            compiled("mR").quiet_moves(Color::Black, from, occ),
            rook_attacks(from, occ) & !occ
        );
        assert_eq!(compiled("cR").attacks(Color::Black, from, occ), rook_attacks(from, occ));
        assert!(compiled("cR").quiet_moves(Color::Black, from, occ).is_empty());
        assert_eq!(compiled("mWcW"), compiled("W"));
        assert_eq!(compiled("mBcB"), compiled("B"));
        assert_eq!(
            compiled("mBcB").attacks(Color::White, from, occ),
            bishop_attacks(from, occ)
        );
    }

    #[test]
    fn directions() {
        let black = |text: &str| compiled(text).attacks_on_empty_board(Color::Black, sq(5, 5));
        let white = |text: &str| compiled(text).attacks_on_empty_board(Color::White, sq(5, 5));
        assert_eq!(black("ffN"), set(&[43, 63]));
        assert_eq!(black("fsN"), set(&[34, 74]));
        assert_eq!(black("fN"), set(&[43, 63, 34, 74]));
        assert_eq!(black("bbN"), set(&[47, 67]));
        assert_eq!(black("llN"), set(&[74, 76]));
        assert_eq!(black("rrN"), set(&[34, 36]));
        assert_eq!(black("vN"), set(&[43, 63, 47, 67]));
        assert_eq!(black("flF"), set(&[64]));
        assert_eq!(white("flF"), set(&[46]));
        assert_eq!(black("flfrF"), set(&[44, 64]));
        assert_eq!(black("rW"), set(&[45]));
        assert_eq!(black("bW"), set(&[56]));
        assert_eq!(black("sW"), set(&[45, 65]));
        assert_eq!(black("fWsW"), set(&[54, 45, 65]));
        assert_eq!(
            compiled("fmlF").quiet_moves(Color::Black, sq(5, 5), Bitboard::EMPTY),
            set(&[44, 64, 66]),
            "a modifier ends a word: f and l"
        );
        assert_eq!(black("fssN"), set(&[34, 74, 36, 76]), "fs and s");
    }

    #[test]
    fn white_is_black_rotated() {
        let extra = [
            "mfWcfF",
            "ffN",
            "fsNN",
            "cgR",
            "(1,2)(1,2)",
            "fR",
            "flF",
            "bDD",
            "gfrB",
            "mlQ",
        ];
        let texts: Vec<&str> = PieceKind::ALL
            .iter()
            .filter_map(|&k| builtin_movement(k))
            .chain(extra)
            .collect();
        let occs = occupancies();
        for text in texts {
            let movement = compiled(text);
            assert_eq!(
                movement.dead_squares(Color::White),
                rotated(movement.dead_squares(Color::Black))
            );
            for &occ in occs.iter().step_by(4) {
                for from in Square::all() {
                    assert_eq!(
                        movement.attacks(Color::White, from.rotate(), rotated(occ)),
                        rotated(movement.attacks(Color::Black, from, occ)),
                        "{text} {from}"
                    );
                    assert_eq!(
                        movement.quiet_moves(Color::White, from.rotate(), rotated(occ)),
                        rotated(movement.quiet_moves(Color::Black, from, occ)),
                        "{text} {from}"
                    );
                }
            }
        }
    }

    #[test]
    fn parts_of_good_inputs() {
        let parts = |text: &str| Movement::parse(text).unwrap().parts().to_vec();
        assert_eq!(parts("WW")[0].kind, PartKind::Rider);
        assert_eq!(parts("NN")[0].vectors.len(), 8);
        assert_eq!(parts("(1,2)(2,1)")[0].kind, PartKind::Rider);
        assert_eq!(parts("(0,5)(3,4)").len(), 2);
        assert_eq!(parts("KNADaK").len(), 5);
        assert_eq!(parts("KNADaK")[4].kind, PartKind::LionSteps);
        assert_eq!(parts("gNN")[0].kind, PartKind::Hop);
        assert_eq!(parts("BW").len(), 2);
        assert_eq!(parts("FfW")[1].vectors, vec![(0, 1)]);
        let m = parts("mW");
        assert!(m[0].quiet && !m[0].capture);
        let c = parts("cW");
        assert!(!c[0].quiet && c[0].capture);
        assert_eq!(parts("W(0,1)").len(), 1, "the same atom twice is a rider");
        assert_eq!(compiled("(1,1)(1,1)"), compiled("B"));
        assert_eq!(compiled("(0,1)"), compiled("W"));
        assert_eq!(compiled("WF"), compiled("K"));
        assert_eq!(compiled("RB"), compiled("Q"));
        assert_eq!(Movement::parse("KNADaK").unwrap().to_string(), "KNADaK");
        assert!("gQ".parse::<Movement>().is_ok());
    }

    #[test]
    fn bad_inputs() {
        const ATOM: &str = "expected an atom (W F D N A H C Z G K R B Q E or (x,y))";
        let table: &[(&str, usize, String)] = &[
            ("", 1, format!("empty movement: {ATOM}")),
            ("Wx", 3, format!("{ATOM} after 'x', found the end")),
            ("Wz", 2, format!("{ATOM}, found 'z'")),
            ("x", 2, format!("{ATOM} after 'x', found the end")),
            ("z", 1, format!("{ATOM}, found 'z'")),
            ("1", 1, format!("{ATOM}, found '1'")),
            ("W)", 2, format!("{ATOM}, found ')'")),
            ("fW,", 3, format!("{ATOM}, found ','")),
            ("Wé", 2, format!("{ATOM}, found 'é'")),
            ("W F", 2, "whitespace is not allowed in a movement".into()),
            ("fW\t", 3, "whitespace is not allowed in a movement".into()),
            ("( 1,2)", 2, "whitespace is not allowed in a movement".into()),
            ("fm", 3, format!("{ATOM} after 'fm', found the end")),
            ("Wc", 3, format!("{ATOM} after 'c', found the end")),
            ("(1,2", 1, "unclosed '('".into()),
            ("(1,", 1, "unclosed '('".into()),
            ("(", 1, "unclosed '('".into()),
            ("W(1,2)(", 7, "unclosed '('".into()),
            ("(1,9)", 4, "number 9 is out of range (0..=8)".into()),
            ("(12,1)", 2, "number 12 is out of range (0..=8)".into()),
            (
                "(1,99999999999999999999)",
                4,
                "number 99999999999999999999 is out of range (0..=8)".into(),
            ),
            ("(0,0)", 1, "(0,0) is not a move".into()),
            ("(00,0)", 1, "(0,0) is not a move".into()),
            ("(1;2)", 3, "expected ',' in (x,y), found ';'".into()),
            ("(,2)", 2, "expected a number 0..=8 in (x,y), found ','".into()),
            ("(-1,2)", 2, "expected a number 0..=8 in (x,y), found '-'".into()),
            (
                "(1,2]",
                5,
                "expected ')' to close the '(' of column 1, found ']'".into(),
            ),
            (
                "mcW",
                2,
                "'m' (moves only) and 'c' (captures only) together allow nothing".into(),
            ),
            (
                "cfmW",
                3,
                "'m' (moves only) and 'c' (captures only) together allow nothing".into(),
            ),
            ("mmW", 2, "repeated modifier 'm'".into()),
            ("gggQ", 3, "repeated modifier 'g'".into()),
            ("gfgQ", 3, "repeated modifier 'g'".into()),
            (
                "pgQ",
                1,
                "'p' (ride beyond a hurdle) and 'g' (hop just beyond it) exclude each other".into(),
            ),
            (
                "pN",
                1,
                "'p' (ride beyond a hurdle) needs a rider such as pQ, pR or pB; N is a leap".into(),
            ),
            (
                "npR",
                1,
                "'n' (lame leap) needs a leap such as nN, dN or nA; R is a rider".into(),
            ),
            (
                "gW",
                1,
                "'g' (grasshopper hop) needs a rider such as gQ, gR, gB or gNN; W is a leap".into(),
            ),
            (
                "fgK",
                2,
                "'g' (grasshopper hop) needs a rider such as gQ, gR, gB or gNN; K is a leap".into(),
            ),
            (
                "g(1,2)",
                1,
                "'g' (grasshopper hop) needs a rider such as gQ, gR, gB or gNN; (1,2) is a leap".into(),
            ),
            (
                "KK",
                2,
                "a compound cannot be doubled ('KK'): K is the W and F leaps, R B Q are riders already, E hops already"
                    .into(),
            ),
            (
                "WRR",
                3,
                "a compound cannot be doubled ('RR'): K is the W and F leaps, R B Q are riders already, E hops already"
                    .into(),
            ),
            (
                "WWW",
                3,
                "an atom written three times; a rider is written twice (WW)".into(),
            ),
            ("aN", 1, A_USE.into()),
            ("aWW", 1, A_USE.into()),
            ("cafF", 2, A_USE.into()),
            (
                "KNADaKafF",
                7,
                "aK (the Lion's two king steps) includes every double step along a line: write one or the other".into(),
            ),
            ("maK", 2, A_USE.into()),
            ("afK", 1, A_USE.into()),
            ("KNADa", 6, format!("{ATOM} after 'a', found the end")),
            (
                "fsW",
                1,
                "direction 'fs' selects no move of W; write fWsW for forward and sideways".into(),
            ),
            (
                "mfsWW",
                2,
                "direction 'fs' selects no move of WW; write fWWsWW for forward and sideways".into(),
            ),
            ("vF", 1, "direction 'v' selects no move of F".into()),
            (
                "fbW",
                1,
                "direction 'fb' selects no move of W; write fWbW for forward and backward".into(),
            ),
            (
                "lrF",
                1,
                "direction 'lr' selects no move of F; write lFrF for left and right".into(),
            ),
            (
                "vsK",
                1,
                "direction 'vs' selects no move of K; write vKsK for vertical and sideways".into(),
            ),
            (
                "ffflW",
                3,
                "direction 'fl' selects no move of W; write fWlW for forward and left".into(),
            ),
            ("vvW", 1, "'vv' is not a direction; write 'v'".into()),
            ("fmssN", 3, "'ss' is not a direction; write 's'".into()),
            ("v(3,3)", 1, "direction 'v' selects no move of (3,3)".into()),
        ];
        for (text, column, message) in table {
            let err = Movement::parse(text).expect_err(text);
            assert_eq!((err.column, &err.message), (*column, message), "{text:?}");
            assert_eq!(err.to_string(), format!("column {column}: {message}"));
        }
        let err: Box<dyn std::error::Error> = Box::new(Movement::parse("").unwrap_err());
        assert!(err.to_string().starts_with("column 1: "));
    }

    #[test]
    fn random_strings_never_panic() {
        let alphabet: Vec<char> = "WFDNAHCZGKRBQEmcgafblrvsndpqtxy(),0123456789WFNKRBQ(),18 x-é\t)]Y"
            .chars()
            .collect();
        let mut rng = SplitMix64::new(42);
        let mut accepted = 0;
        for _ in 0..20_000 {
            let len = rng.below(14);
            let text: String = (0..len).map(|_| rng.pick(&alphabet)).collect();
            match Movement::parse(&text) {
                Ok(movement) => {
                    accepted += 1;
                    assert_eq!(movement.text(), text);
                    let compiled = movement.compile();
                    let occ = random_occupancy(&mut rng);
                    let from = Square::from_index(rng.below(81)).unwrap();
                    let color = rng.pick(&Color::ALL);
                    let _ = compiled.attacks(color, from, occ);
                    assert!((compiled.quiet_moves(color, from, occ) & occ).is_empty());
                    let _ = compiled.dead_squares(color);
                }
                Err(err) => {
                    assert!(
                        err.column >= 1 && err.column <= text.chars().count() + 1,
                        "{text:?}: {err}"
                    );
                    assert!(!err.message.is_empty());
                }
            }
        }
        assert!(accepted > 100, "only {accepted} random strings parsed");
    }
}
