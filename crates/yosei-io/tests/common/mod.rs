//! Helpers shared by the integration tests: a small PRNG, random positions, problem
//! parts and moves, text mutations and the no-panic sweep over mutated inputs.
//!
//! Each test file compiles this module on its own, so an item that some file does not
//! use carries `#[allow(dead_code)]`.

use yosei_core::{Color, Hand, Move, Piece, PieceKind, Setup, Square};
use yosei_io::{parse_sfen, FormatError, Problem};
use yosei_rules::{Condition, Stipulation};

/// The PRNG of yosei-core (SplitMix64), so that failures reproduce.
pub use yosei_core::random::SplitMix64 as Rng;

#[allow(dead_code)]
pub fn sq(file: i32, rank: i32) -> Square {
    Square::new(file, rank).unwrap()
}

#[allow(dead_code)]
pub fn setup_of(sfen: &str) -> Setup {
    parse_sfen(sfen).unwrap_or_else(|e| panic!("{sfen:?}: {e}")).setup
}

#[allow(dead_code)]
pub fn usi(moves: &[Move]) -> Vec<String> {
    moves.iter().map(|m| m.to_usi()).collect()
}

// ---------------------------------------------------------------------------------------
// Random values
// ---------------------------------------------------------------------------------------

#[allow(dead_code)]
pub fn random_square(rng: &mut Rng) -> Square {
    Square::from_index(rng.below(Square::NUM)).unwrap()
}

/// Pieces of any kind (fairy pieces and the stone included) and colour on a random
/// share, below `max_density` percent, of the squares; each hand holds each hand kind
/// (1 to `Hand::MAX_COUNT` of it) with a chance below `max_hand_density` percent. Black
/// is to move at move 1: callers choose the rest.
#[allow(dead_code)]
pub fn random_pieces(rng: &mut Rng, max_density: usize, max_hand_density: usize) -> Setup {
    let mut setup = Setup::empty();
    let density = rng.below(max_density);
    for s in Square::all() {
        if rng.chance(density) {
            let kind = rng.pick(&PieceKind::ALL);
            let color = rng.pick(&Color::ALL);
            setup.put(s, Some(Piece::new(kind, color)));
        }
    }
    let hand_density = rng.below(max_hand_density);
    for color in Color::ALL {
        for kind in PieceKind::HAND_KINDS {
            if rng.chance(hand_density) {
                let n = 1 + rng.below(usize::from(Hand::MAX_COUNT));
                setup.hand_mut(color).set(kind, n as u8);
            }
        }
    }
    setup
}

/// How [`random_move`] draws a move: of `forms` equally likely cases one is a drop, one
/// a Lion two-step and the others board moves, which promote with a chance of
/// `promote` percent; a move that is not a drop gets an extra (Circe) square with a
/// chance of `extra` percent.
#[allow(dead_code)]
pub struct MoveMix {
    pub forms: usize,
    pub promote: usize,
    pub extra: usize,
}

/// A syntactic move: any squares, any droppable kind.
#[allow(dead_code)]
pub fn random_move(rng: &mut Rng, mix: &MoveMix) -> Move {
    let from = random_square(rng);
    let to = random_square(rng);
    let m = match rng.below(mix.forms) {
        0 => Move::drop(rng.pick(&PieceKind::HAND_KINDS), to),
        1 => Move::two_step(from, random_square(rng), to),
        _ => Move::normal(from, to, rng.chance(mix.promote)),
    };
    if !m.is_drop() && rng.chance(mix.extra) {
        m.with_extra(random_square(rng))
    } else {
        m
    }
}

/// Any stipulation, with a length from 1 to `max_length`; an optional length is left
/// open, and a required one given as 0 ("not given"), now and then.
#[allow(dead_code)]
pub fn random_stipulation(rng: &mut Rng, max_length: usize) -> Stipulation {
    let n = 1 + rng.below(max_length) as u32;
    let open = |rng: &mut Rng| if rng.chance(30) { None } else { Some(n) };
    let fixed = |rng: &mut Rng| if rng.chance(20) { 0 } else { n };
    match rng.below(8) {
        0 => Stipulation::Tsume { length: open(rng) },
        1 => Stipulation::MateIn { length: fixed(rng) },
        2 => Stipulation::Help { length: open(rng) },
        3 => Stipulation::HelpSelf { length: open(rng) },
        4 => Stipulation::SelfMate { length: fixed(rng) },
        5 => Stipulation::HelpStale { length: open(rng) },
        6 => Stipulation::Sequence { length: fixed(rng) },
        _ => Stipulation::Cycle { length: fixed(rng) },
    }
}

/// Fewer than `max_draws` draws, without repeats, from the conditions that rule phrases
/// say: every one, 駒詰 as ナイト玉 (the chess knight's) and 王位置 with both squares.
#[allow(dead_code)]
pub fn random_conditions(rng: &mut Rng, max_draws: usize) -> Vec<Condition> {
    let mut all: Vec<Condition> = Condition::ALL.to_vec();
    all.push(Condition::Komazume(PieceKind::ChessKnight));
    all.push(Condition::KingSquare("55/51".parse().expect("squares")));
    let mut out = Vec::new();
    for _ in 0..rng.below(max_draws) {
        let c = rng.pick(&all);
        if !out.contains(&c) {
            out.push(c);
        }
    }
    out
}

/// One to four of `words`, joined.
#[allow(dead_code)]
pub fn random_words(rng: &mut Rng, words: &[&str]) -> String {
    (0..1 + rng.below(4)).map(|_| rng.pick(words)).collect()
}

// ---------------------------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------------------------

/// Reads each `(input, line, column or 0 for none, a phrase the message must contain)`
/// and asserts that it is refused there, with the phrase and a message that says what
/// was expected.
#[allow(dead_code)]
pub fn assert_bad_inputs(cases: &[(&str, usize, usize, &str)], read: impl Fn(&str) -> Result<Problem, FormatError>) {
    for &(text, line, column, needle) in cases {
        let err = match read(text) {
            Ok(p) => panic!("{text:?} was accepted: {p:?}"),
            Err(e) => e,
        };
        let shown = err.to_string();
        // Visible with `--nocapture`, to review every message at once.
        println!("{text:?}\n    {shown}");
        let expected_column = (column > 0).then_some(column);
        assert!(
            err.line == line && err.column == expected_column && shown.contains(needle),
            "{text:?}: got `{shown}`, expected line {line}, column {expected_column:?} and {needle:?}"
        );
        assert!(shown.contains("expected"), "{shown}");
    }
}

/// Asserts that `err` names a line of `lines` (text whose lines end at '\n') and, when
/// it has a column, a column within that line or just after it. `what` heads the
/// failure message.
#[allow(dead_code)]
pub fn assert_error_within(lines: &str, err: &FormatError, what: &str) {
    let lines: Vec<&str> = lines.split('\n').collect();
    assert!((1..=lines.len()).contains(&err.line), "{what}: {err}");
    if let Some(column) = err.column {
        let width = lines.get(err.line - 1).map_or(0, |l| l.chars().count()) + 1;
        assert!((1..=width).contains(&column), "{what}: {err}");
    }
}

// ---------------------------------------------------------------------------------------
// Mutated inputs
// ---------------------------------------------------------------------------------------

/// How [`mutate`] edits a text; each format's sweep keeps the mix it was tuned with.
#[allow(dead_code)]
pub struct Mutations {
    /// What insertions and overwrites write: the format's alphabet, confusable and
    /// multi-byte characters.
    pub noise: &'static [char],
    /// A cut removes 1 to `max_cut` characters.
    pub max_cut: usize,
    /// A copied stretch has fewer than `max_copy` characters.
    pub max_copy: usize,
    pub truncate: Truncate,
    /// Whether a whole line may also be copied elsewhere (variations, second boards,
    /// repeated moves).
    pub copy_lines: bool,
}

impl Mutations {
    /// Cuts of 1 to 4 characters, copies of fewer than 12, truncations anywhere and no
    /// line copies: `Mutations { max_cut: 6, ..Mutations::of(NOISE) }` changes the rest.
    #[allow(dead_code)]
    pub const fn of(noise: &'static [char]) -> Mutations {
        Mutations {
            noise,
            max_cut: 4,
            max_copy: 12,
            truncate: Truncate::Always,
            copy_lines: false,
        }
    }
}

/// What a truncation drawn by [`mutate`] does.
#[allow(dead_code)]
pub enum Truncate {
    /// Cuts the text where it was drawn.
    Always,
    /// Cuts it with this chance in percent, and copies a stretch otherwise.
    Sometimes(usize),
    /// Cuts it, but keeps at least three quarters of it.
    ToThreeQuarters,
}

impl Truncate {
    /// Whether a truncation drawn is made (`Sometimes` draws its chance).
    fn happens(&self, rng: &mut Rng) -> bool {
        match *self {
            Truncate::Sometimes(percent) => rng.chance(percent),
            Truncate::Always | Truncate::ToThreeQuarters => true,
        }
    }

    /// How many of `len` characters a truncation drawn at `at` keeps.
    fn keep(&self, at: usize, len: usize) -> usize {
        match self {
            Truncate::ToThreeQuarters => at.max(len * 3 / 4),
            Truncate::Always | Truncate::Sometimes(_) => at,
        }
    }
}

/// One to four random edits of `text`: cuts, insertions (noise or any character),
/// overwrites, truncations and copies.
#[allow(dead_code)]
pub fn mutate(rng: &mut Rng, text: &str, how: &Mutations) -> String {
    let edits = if how.copy_lines { 7 } else { 6 };
    let mut chars: Vec<char> = text.chars().collect();
    for _ in 0..1 + rng.below(4) {
        let at = rng.below(chars.len() + 1);
        match rng.below(edits) {
            0 if at < chars.len() => {
                let len = 1 + rng.below(how.max_cut);
                chars.drain(at..(at + len).min(chars.len()));
            }
            1 => chars.insert(at, rng.pick(how.noise)),
            2 => {
                let c = char::from_u32(rng.below(0x11_0000) as u32).unwrap_or('\u{fffd}');
                chars.insert(at, c);
            }
            3 if at < chars.len() => chars[at] = rng.pick(how.noise),
            4 if how.truncate.happens(rng) => chars.truncate(how.truncate.keep(at, chars.len())),
            5 if how.copy_lines => {
                // the line around `at`, copied to anywhere
                let start = chars[..at].iter().rposition(|&c| c == '\n').map_or(0, |p| p + 1);
                let end = chars[at..]
                    .iter()
                    .position(|&c| c == '\n')
                    .map_or(chars.len(), |p| at + p + 1);
                let copy: Vec<char> = chars[start..end].to_vec();
                let target = rng.below(chars.len() + 1);
                for (k, c) in copy.into_iter().enumerate() {
                    chars.insert(target + k, c);
                }
            }
            _ => {
                // a stretch, copied right after itself
                let end = (at + rng.below(how.max_copy)).min(chars.len());
                let copy: Vec<char> = chars[at..end].to_vec();
                for (k, c) in copy.into_iter().enumerate() {
                    chars.insert(end + k, c);
                }
            }
        }
    }
    chars.into_iter().collect()
}

/// A no-panic sweep: `rounds` inputs, each a mutation of one of the seeds or, in the
/// last round of every `garbage_every`, fewer than `garbage_len` random bytes made into
/// text by `garbage` (a round whose bytes it refuses is skipped).
#[allow(dead_code)]
pub struct Sweep {
    pub rounds: usize,
    pub garbage_every: usize,
    pub garbage_len: usize,
    pub garbage: fn(&[u8]) -> Option<String>,
    pub mutations: Mutations,
}

impl Sweep {
    /// `rounds` inputs, every tenth one fewer than 60 random bytes read by [`lossy`].
    #[allow(dead_code)]
    pub fn new(rounds: usize, mutations: Mutations) -> Sweep {
        Sweep {
            rounds,
            garbage_every: 10,
            garbage_len: 60,
            garbage: lossy,
            mutations,
        }
    }
}

/// Random bytes as text: UTF-8, invalid sequences replaced.
#[allow(dead_code)]
fn lossy(bytes: &[u8]) -> Option<String> {
    Some(String::from_utf8_lossy(bytes).into_owned())
}

/// Runs `plan` over `seeds`, calling `check(text, rng, round)` on each input.
#[allow(dead_code)]
pub fn sweep(rng: &mut Rng, seeds: &[String], plan: &Sweep, mut check: impl FnMut(&str, &mut Rng, usize)) {
    for round in 0..plan.rounds {
        let text = if round % plan.garbage_every == plan.garbage_every - 1 {
            let bytes: Vec<u8> = (0..rng.below(plan.garbage_len)).map(|_| rng.next_u64() as u8).collect();
            match (plan.garbage)(&bytes) {
                Some(text) => text,
                None => continue,
            }
        } else {
            let seed = &seeds[rng.below(seeds.len())];
            mutate(rng, seed, &plan.mutations)
        };
        check(&text, rng, round);
    }
}
