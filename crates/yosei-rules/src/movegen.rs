//! Legal move generation.
//!
//! Moves are pushed into a [`MoveSink`], which can stop the generation at any move:
//! "does the side to move have a legal move?" — the hottest question of a mate
//! solver — then costs only the moves generated before the first one.
//!
//! This is the ordinary fast path: legality by pins and checkers, exact because no
//! condition is active ([`RuleSet::is_ordinary`]). Moves come in a fixed order:
//! king moves, other board moves, drops of pieces other than pawns, pawn drops (whose
//! drop-pawn-mate test is the most expensive).

use crate::drop_pawn_mate::is_drop_pawn_mate;
use crate::validate::is_dead_piece;
use crate::{CheckInfo, Position, RuleSet, UchifuzumeReading};
use std::mem::MaybeUninit;
use std::ops::ControlFlow;
use yosei_core::attacks;
use yosei_core::{Bitboard, Color, Move, PieceKind, Square};

/// Receives generated moves; `Break` stops the generation.
pub trait MoveSink {
    fn push(&mut self, m: Move) -> ControlFlow<()>;
}

/// A list of moves on the stack, large enough for any position.
pub struct MoveList {
    moves: [MaybeUninit<Move>; MoveList::CAPACITY],
    len: usize,
}

impl MoveList {
    /// The most legal moves a position has is 593 in ordinary shogi; fairy pieces add
    /// at most a few hundred more.
    pub const CAPACITY: usize = 2048;

    #[inline]
    pub fn new() -> MoveList {
        MoveList {
            // SAFETY: an array of `MaybeUninit` needs no initialisation (written this
            // way, not as `[MaybeUninit::uninit(); N]`, which compiled to a memset).
            moves: unsafe { MaybeUninit::<[MaybeUninit<Move>; MoveList::CAPACITY]>::uninit().assume_init() },
            len: 0,
        }
    }

    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    #[inline]
    pub fn as_slice(&self) -> &[Move] {
        // SAFETY: the first `len` entries were written by `push`.
        unsafe { std::slice::from_raw_parts(self.moves.as_ptr() as *const Move, self.len) }
    }

    /// Empties the list, to fill it again.
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    pub fn contains(&self, m: Move) -> bool {
        self.as_slice().contains(&m)
    }

    pub fn iter(&self) -> std::slice::Iter<'_, Move> {
        self.as_slice().iter()
    }
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList::new()
    }
}

impl MoveSink for MoveList {
    #[inline]
    fn push(&mut self, m: Move) -> ControlFlow<()> {
        // A position cannot have more legal moves than CAPACITY; stop rather than
        // overflow should a future piece set prove that wrong.
        if self.len == MoveList::CAPACITY {
            return ControlFlow::Break(());
        }
        self.moves[self.len] = MaybeUninit::new(m);
        self.len += 1;
        ControlFlow::Continue(())
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

/// Stops at the first move.
struct FirstMove(Option<Move>);

impl MoveSink for FirstMove {
    #[inline]
    fn push(&mut self, m: Move) -> ControlFlow<()> {
        self.0 = Some(m);
        ControlFlow::Break(())
    }
}

/// Stops at one given move: whether it was generated.
struct Finder {
    wanted: Move,
    found: bool,
}

impl MoveSink for Finder {
    #[inline]
    fn push(&mut self, m: Move) -> ControlFlow<()> {
        if m == self.wanted {
            self.found = true;
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    }
}

/// Counts without storing.
struct Counter(u64);

impl MoveSink for Counter {
    #[inline]
    fn push(&mut self, _: Move) -> ControlFlow<()> {
        self.0 += 1;
        ControlFlow::Continue(())
    }
}

impl Position {
    /// Every legal move the side to move may play.
    /// (The list is returned by copying all of it, 8 KiB: a search fills a list of
    /// its own with [`Position::generate_legal`] instead.)
    pub fn legal_moves(&self, rules: &RuleSet) -> MoveList {
        let mut list = MoveList::new();
        let _ = self.generate_legal(rules, &mut list);
        list
    }

    /// Whether the side to move has any legal move (stops at the first one), as the mate
    /// and stalemate tests count them: under 成禁, 取禁 and 攻方取禁 a move the condition
    /// forbids playing still counts (fm; `crate::general`), so this may be true while
    /// [`Position::legal_moves`] is empty.
    pub fn has_legal_move(&self, rules: &RuleSet) -> bool {
        if self.quiet_moves_ordinary(rules) {
            let mut first = FirstMove(None);
            let _ = Generator::quiet(self, rules, &mut first).run();
            return first.0.is_some() || crate::general::has_capture_or_judged_pawn_drop(self, rules);
        }
        if self.takes_general_path(rules) {
            return crate::general::has_move(self, rules);
        }
        let mut first = FirstMove(None);
        let _ = self.generate_legal(rules, &mut first);
        first.0.is_some()
    }

    /// Whether the side to move has a move as the stalemate test counts them: as
    /// [`Position::has_legal_move`], but under Messigny a swap does not count (fm's
    /// stalemate test never generates swaps, docs/rules/messigny.md). Asked only of a
    /// side that is not in check (the stalemate test's question), so a drop that surely
    /// leaves its king unattacked settles it (`crate::stalemate_drop`).
    pub fn has_move_against_stalemate(&self, rules: &RuleSet) -> bool {
        debug_assert!(!self.in_check(rules), "asked of a side in check");
        if crate::stalemate_drop::has_safe_drop(self, rules) {
            return true;
        }
        match rules.compiled().swap {
            Some(_) => crate::general::has_move_but_a_swap(self, rules),
            None => self.has_legal_move(rules),
        }
    }

    /// Whether the side to move, with no move to play ([`Position::legal_moves`] empty),
    /// is nevertheless neither mated nor stalemated: under 成禁, 取禁 or 攻方取禁 a move it
    /// may not play still counts there (fm). A search reaching it has reached no goal.
    pub fn stuck_unmated(&self, rules: &RuleSet) -> bool {
        rules.bans_counted_moves() && self.has_legal_move(rules)
    }

    /// The number of legal moves, without storing them.
    pub fn count_legal_moves(&self, rules: &RuleSet) -> u64 {
        let mut counter = Counter(0);
        let _ = self.generate_legal(rules, &mut counter);
        counter.0
    }

    /// Every legal move that gives check (the attacker's moves in most stipulations),
    /// generated as such rather than filtered from all moves: destinations are limited to
    /// the squares from which the piece would attack the enemy king, unless the piece
    /// uncovers a line to it.
    pub fn legal_checks(&self, rules: &RuleSet) -> MoveList {
        let mut list = MoveList::new();
        let _ = self.generate_checks(rules, &mut list);
        list
    }

    /// Pushes every legal checking move into `sink` (see [`Position::legal_checks`]).
    /// Searches fill a list of their own with this: returning a `MoveList` copies it.
    pub fn generate_checks<S: MoveSink>(&self, rules: &RuleSet, sink: &mut S) -> ControlFlow<()> {
        if self.quiet_moves_ordinary(rules) {
            let info = self.check_info();
            let mut generator = Generator::quiet(self, rules, sink);
            generator.only_checks = Some(CheckSquares::new(&info));
            generator.run()?;
            return crate::general::generate_capturing_checks(self, rules, sink);
        }
        if self.takes_general_path(rules) {
            // No check-square tables for fairy powers: every legal move is played, and
            // the position after it asked whether the other king is attacked.
            return crate::general::generate_checks(self, rules, sink);
        }
        let info = self.check_info();
        let mut generator = Generator::new(self, rules, sink);
        generator.only_checks = Some(CheckSquares::new(&info));
        generator.run()
    }

    /// [`Position::generate_checks`] where the caller knows that the side to move is not
    /// in check (the move that led here gave none, as [`Position::gives_check_fast`]
    /// tells on the fast path): its king's attackers are not looked for. Under rules that
    /// take the general path the knowledge is not used.
    pub fn generate_checks_not_in_check<S: MoveSink>(&self, rules: &RuleSet, sink: &mut S) -> ControlFlow<()> {
        if self.takes_general_path(rules) {
            // (under a capture condition alone, `generate_checks` splits the work)
            return crate::general::generate_checks(self, rules, sink);
        }
        let info = self.check_info();
        let mut generator = Generator::with_checkers(self, rules, sink, Bitboard::EMPTY);
        generator.only_checks = Some(CheckSquares::new(&info));
        generator.run()
    }

    /// Whether `m` is a legal move here: among the moves to play, or, under 強欲 or
    /// 禁欲, which choose among the moves a search asks for, among the checks to play
    /// (an attacker that must check chooses among its checks).
    /// (Asked once a move when every solution is replayed, so it stops at the move
    /// rather than copying a list.)
    pub fn is_legal(&self, m: Move, rules: &RuleSet) -> bool {
        let mut finder = Finder {
            wanted: m,
            found: false,
        };
        let _ = self.generate_legal(rules, &mut finder);
        if !finder.found && rules.compiled().capture_duty.is_some() {
            let _ = self.generate_checks(rules, &mut finder);
        }
        finder.found
    }

    /// The legal move that `m`, as a reader found it written, stands for (or `None`):
    /// a Lion two-step in its one written form (`canonical_move`), the meaning of a
    /// `/square` suffix found among the legal moves, and a missing suffix accepted
    /// where the legal moves leave one possibility (cli.md).
    pub fn find_legal(&self, m: Move, rules: &RuleSet) -> Option<Move> {
        let written = self.canonical_move(m).as_written();
        let legal = self.legal_moves(rules);
        if written.extra().is_some() {
            return legal.iter().copied().find(|l| l.as_written() == written);
        }
        let mut found = legal.iter().copied().filter(|l| l.without_extra() == written);
        let first = found.next()?;
        found.next().is_none().then_some(first)
    }

    /// Pushes every legal move into `sink`, in the order of the module docs, until the
    /// sink breaks.
    pub fn generate_legal<S: MoveSink>(&self, rules: &RuleSet, sink: &mut S) -> ControlFlow<()> {
        if self.quiet_moves_ordinary(rules) {
            Generator::quiet(self, rules, sink).run()?;
            crate::general::generate_captures(self, rules, sink)
        } else if self.takes_general_path(rules) {
            crate::general::generate(self, rules, sink)
        } else {
            Generator::new(self, rules, sink).run()
        }
    }

    /// Whether the moves that capture nothing are ordinary shogi's here, legality and
    /// checks included (`Compiled::quiet_moves_ordinary`: a capture condition alone, so
    /// attacks are plain and only a capture moves a piece elsewhere; and no fairy piece
    /// in play). Then the fast generator gives them, and the general one the captures
    /// and the pawn drops whose drop-pawn-mate test asks the condition's replies.
    #[inline]
    fn quiet_moves_ordinary(&self, rules: &RuleSet) -> bool {
        rules.compiled().quiet_moves_ordinary && !self.has_fairy_pieces()
    }

    /// Whether this position under `rules` needs the general generator: fairy pieces
    /// in play or a condition active. The fast path below knows only ordinary powers
    /// (deny by default, design.md).
    #[inline]
    pub fn takes_general_path(&self, rules: &RuleSet) -> bool {
        self.has_fairy_pieces() || !rules.is_ordinary()
    }
}

struct Generator<'a, S> {
    pos: &'a Position,
    rules: &'a RuleSet,
    sink: &'a mut S,
    us: Color,
    occupied: Bitboard,
    /// Squares no move may land on: our own pieces and fm's stones (石), which are
    /// never captured (every piece when `quiet_only`).
    own: Bitboard,
    king: Option<Square>,
    checkers: Bitboard,
    /// Generate only moves that give check (see [`Position::legal_checks`]).
    only_checks: Option<CheckSquares<'a>>,
    /// Generate only the moves that capture nothing, and of the pawn drops only those
    /// that need no drop-pawn-mate test ([`Position::quiet_moves_ordinary`]).
    quiet_only: bool,
}

/// Per square: the squares within two files and two ranks of it
/// (`CheckSquares::possible_checkers`).
static NEAR_STEPPER: [Bitboard; 81] = squares_within(2, 2);
/// Per square: the squares within two files and four ranks of it.
static NEAR_KNIGHT: [Bitboard; 81] = squares_within(2, 4);

const fn squares_within(files: i32, ranks: i32) -> [Bitboard; 81] {
    let mut table = [Bitboard::EMPTY; 81];
    let mut i = 0;
    while i < 81 {
        let Some(centre) = Square::from_index(i) else {
            unreachable!()
        };
        let mut bits = 0u128;
        let mut j = 0;
        while j < 81 {
            let Some(sq) = Square::from_index(j) else {
                unreachable!()
            };
            if (sq.file() - centre.file()).abs() <= files && (sq.rank() - centre.rank()).abs() <= ranks {
                bits |= 1u128 << j;
            }
            j += 1;
        }
        table[i] = Bitboard(bits);
        i += 1;
    }
    table
}

/// The whole files holding a square of `squares`: each file's nine bits, bit 8 set
/// by a carry when one of bits 0–7 is set, then spread over its file.
#[inline]
fn files_of(squares: Bitboard) -> Bitboard {
    const LOW8: u128 = file_pattern(0xff);
    const HIGH: u128 = file_pattern(0x100);
    let any = (((squares.0 & LOW8) + LOW8) | squares.0) & HIGH;
    Bitboard((any >> 8) * 0x1ff)
}

/// `bits` repeated in each of the nine files' nine bits.
const fn file_pattern(bits: u128) -> u128 {
    let mut pattern = 0u128;
    let mut f = 0;
    while f < 9 {
        pattern |= bits << (9 * f);
        f += 1;
    }
    pattern
}

/// What a generation of checks knows: the position's check information, the enemy
/// king's square, and its sliding lines once a slider asks for them. The squares a
/// kind checks from are read off the attack tables when asked (a few lookups: keeping
/// them per kind cost more than reading them again).
struct CheckSquares<'a> {
    info: &'a CheckInfo,
    /// The enemy king; `None`: no check squares.
    king: Option<Square>,
    /// The enemy king's diagonal and straight sliding lines (`king_lines`).
    king_lines: Option<(Bitboard, Bitboard)>,
}

impl<'a> CheckSquares<'a> {
    fn new(info: &'a CheckInfo) -> Self {
        CheckSquares {
            info,
            king: info.enemy_king(),
            king_lines: None,
        }
    }

    /// The squares from which a piece of ours (`us`) of `kind` (or its promotion, on a
    /// board move) moving there could check the enemy king: all of them for a piece that
    /// uncovers a line to the king. Every piece of a kind checks from the same squares,
    /// its reach seen from the king, reversed (a piece of the other colour on the
    /// king's square attacks them).
    #[inline(always)]
    fn squares(&mut self, kind: PieceKind, from: Option<Square>, us: Color, occupied: Bitboard) -> Bitboard {
        use PieceKind::*;
        if from.is_some_and(|f| self.info.uncovers(f)) {
            return Bitboard::FULL;
        }
        let Some(king) = self.king else {
            return Bitboard::EMPTY;
        };
        let them = !us;
        let board = from.is_some();
        // On a board move the six promoting kinds may also check as their promotion:
        // a gold's squares for the four small pieces, a king step's for the sliders.
        let gold = || attacks::gold_attacks(them, king);
        match kind {
            Pawn => attacks::pawn_attacks(them, king) | if board { gold() } else { Bitboard::EMPTY },
            Knight => attacks::knight_attacks(them, king) | if board { gold() } else { Bitboard::EMPTY },
            Silver => attacks::silver_attacks(them, king) | if board { gold() } else { Bitboard::EMPTY },
            Lance => {
                let own = self.king_lines(king, occupied).1 & attacks::lance_pseudo_attacks(them, king);
                own | if board { gold() } else { Bitboard::EMPTY }
            }
            Gold | ProPawn | ProLance | ProKnight | ProSilver => gold(),
            // (a king never checks but by uncovering a line: it may not stand next to
            // the other king)
            King => Bitboard::EMPTY,
            Bishop | Horse | Rook | Dragon => {
                let (diagonal, straight) = self.king_lines(king, occupied);
                let line = if matches!(kind, Bishop | Horse) {
                    diagonal
                } else {
                    straight
                };
                // (a promoted slider, or a board move that may promote, adds a king step)
                if matches!(kind, Bishop | Rook) && !board {
                    line
                } else {
                    line | attacks::king_attacks(king)
                }
            }
            _ => {
                // (no fairy piece takes this generator; their ordinary reach is empty)
                let own = attacks::ordinary_attacks(kind, them, king, occupied);
                let promoted = match (board, kind.promoted()) {
                    (true, Some(p)) => attacks::ordinary_attacks(p, them, king, occupied),
                    _ => Bitboard::EMPTY,
                };
                own | promoted
            }
        }
    }

    /// The pieces of ours (`us`) that may give check with a board move: those whose
    /// leaving uncovers a line to the enemy king, the sliders, and the steppers near
    /// enough to land on a check square. A stepper (promoted or not) checks from next to
    /// the king, so it stands within two files and two ranks of it; a knight also checks
    /// from two ranks away and leaps two ranks, so within two files and four ranks.
    fn possible_checkers(&self, pos: &Position, us: Color) -> Bitboard {
        use PieceKind::*;
        let Some(king) = self.king else {
            return Bitboard::EMPTY;
        };
        let sliders = pos.pieces(us, Lance)
            | pos.pieces(us, Bishop)
            | pos.pieces(us, Rook)
            | pos.pieces(us, Horse)
            | pos.pieces(us, Dragon);
        self.info.uncovering()
            | sliders
            | (pos.pieces(us, Knight) & NEAR_KNIGHT[king.index()])
            | (pos.pieces_of(us) & NEAR_STEPPER[king.index()])
    }

    /// The enemy king's diagonal and straight sliding lines, computed once a node.
    #[inline(always)]
    fn king_lines(&mut self, king: Square, occupied: Bitboard) -> (Bitboard, Bitboard) {
        *self.king_lines.get_or_insert_with(|| {
            (
                attacks::bishop_attacks(king, occupied),
                attacks::rook_attacks(king, occupied),
            )
        })
    }
}

impl<'a, S: MoveSink> Generator<'a, S> {
    fn new(pos: &'a Position, rules: &'a RuleSet, sink: &'a mut S) -> Self {
        Generator::with_checkers(pos, rules, sink, pos.checkers())
    }

    /// A generator for a position whose side to move has its king attacked by
    /// `checkers` (exactly those).
    #[inline(always)]
    fn with_checkers(pos: &'a Position, rules: &'a RuleSet, sink: &'a mut S, checkers: Bitboard) -> Self {
        let us = pos.side_to_move();
        Generator {
            pos,
            rules,
            sink,
            us,
            occupied: pos.occupied(),
            own: pos.pieces_of(us) | pos.pieces_of_kind(PieceKind::Stone),
            king: pos.king(us),
            checkers,
            only_checks: None,
            quiet_only: false,
        }
    }

    /// A generator of the moves that capture nothing (`quiet_only`).
    fn quiet(pos: &'a Position, rules: &'a RuleSet, sink: &'a mut S) -> Self {
        let mut generator = Generator::new(pos, rules, sink);
        generator.quiet_only = true;
        // (no move lands on a piece: every occupied square is out of reach)
        generator.own = generator.occupied;
        generator
    }

    fn run(&mut self) -> ControlFlow<()> {
        self.king_moves()?;
        if self.checkers.has_several() {
            return ControlFlow::Continue(());
        }
        // Where a non-king move may land: anywhere not our own while not in check;
        // on the checker or between it and our king while in check.
        let (board_target, drop_target) = match (self.king, self.checkers.single()) {
            (Some(king), Some(checker)) => {
                let between = attacks::between(king, checker);
                // (the checker is out of reach when only moves that capture nothing
                // are wanted: `own` holds every piece then)
                (between | (Bitboard::from(checker) & !self.own), between)
            }
            _ => (!self.own, !self.occupied),
        };
        self.board_moves(board_target)?;
        self.drops(drop_target)
    }

    /// Pushes `m`, which leaves a piece of `kind` on its destination, unless only
    /// checks are wanted and it gives none. A move that uncovers a line may check from
    /// anywhere: `gives_check_fast` decides. Any other move checks from its new square
    /// alone, so exactly when that square is among `kind`'s own check squares, read
    /// with the occupancy before the move. That occupancy differs from the one after
    /// only on the two squares of the move, and neither changes whether the new square
    /// sees the king: the destination ends a line from the king whether occupied or
    /// not, and a piece leaving a square between the king and its destination would
    /// have moved away from the king along a line it rides — so it stood checking the
    /// king already, a position where the side not to move is in check, which legal
    /// play never reaches.
    ///
    /// `known`: the destination was taken from `kind`'s own check squares already (a
    /// board move's squares are those of the moving kind or its promotion: the same set
    /// for a kind that does not promote, and for a pawn, bishop or rook promoting), so
    /// only an uncovering move is asked.
    #[inline]
    fn push(&mut self, m: Move, kind: PieceKind, known: bool) -> ControlFlow<()> {
        let (us, occupied) = (self.us, self.occupied);
        if let Some(checks) = &mut self.only_checks {
            let gives = match m.from() {
                Some(from) if checks.info.uncovers(from) => self.pos.gives_check_fast(m, checks.info),
                _ => known || checks.squares(kind, None, us, occupied).contains(m.to()),
            };
            if !gives {
                return ControlFlow::Continue(());
            }
        }
        self.sink.push(m)
    }

    /// The squares from which a piece of `kind` (or its promotion) moving there could
    /// check the enemy king: all of them for a piece that uncovers a line to the king.
    #[inline(always)]
    fn check_squares(&mut self, kind: PieceKind, from: Option<Square>) -> Bitboard {
        match &mut self.only_checks {
            None => Bitboard::FULL,
            Some(checks) => checks.squares(kind, from, self.us, self.occupied),
        }
    }

    fn king_moves(&mut self) -> ControlFlow<()> {
        let Some(king) = self.king else {
            return ControlFlow::Continue(());
        };
        let them = !self.us;
        let occupied = self.occupied.without(king);
        let steps = attacks::king_attacks(king) & !self.own & self.check_squares(PieceKind::King, Some(king));
        if steps.is_empty() {
            return ControlFlow::Continue(());
        }
        // The enemy rides over the king's squares once (not per square: a rider
        // reaching several of them was asked for each), then each square's steps.
        let ridden = self.pos.ridden_among(steps, them, occupied);
        for to in steps & !ridden {
            if !self.pos.is_step_attacked(to, them) {
                self.push(Move::normal(king, to, false), PieceKind::King, false)?;
            }
        }
        ControlFlow::Continue(())
    }

    fn board_moves(&mut self, target: Bitboard) -> ControlFlow<()> {
        // Pins asked only when a mover shares a line with our king (most movers of a
        // check generation do not).
        let mut pinned = None;
        let mine = self.pos.pieces_of(self.us) & !self.pos.pieces_of_kind(PieceKind::Stone);
        let mut movers = match self.king {
            Some(king) => mine.without(king),
            None => mine,
        };
        // In check, only a few squares take a move (the checker, the squares between):
        // asking which of our pieces reach them is cheaper than trying every piece.
        if self.checkers.is_nonempty() && target.count() <= 3 {
            let mut reaching = Bitboard::EMPTY;
            for to in target {
                reaching |= self.pos.attackers_to(to, self.us, self.occupied);
            }
            movers &= reaching;
        }
        if let Some(checks) = &self.only_checks {
            movers &= checks.possible_checkers(self.pos, self.us);
        }
        for from in movers {
            let Some(piece) = self.pos.piece_at(from) else {
                continue;
            };
            let checks = self.check_squares(piece.kind, Some(from)) & target;
            if (attacks::ordinary_pseudo_attacks(piece.kind, self.us, from) & checks).is_empty() {
                continue;
            }
            let mut to_set = attacks::ordinary_attacks(piece.kind, self.us, from, self.occupied) & checks;
            if let Some(king) = self.king {
                let line = attacks::line(king, from);
                if line.is_nonempty() && pinned.get_or_insert_with(|| self.pos.pinned(self.us)).contains(from) {
                    to_set &= line;
                }
            }
            for to in to_set {
                self.board_move(piece.kind, from, to)?;
            }
        }
        ControlFlow::Continue(())
    }

    /// Pushes the promotion choices of one board move: promotion where the move starts
    /// or ends in the zone; no unpromoted move that would leave a dead piece.
    #[inline]
    fn board_move(&mut self, kind: PieceKind, from: Square, to: Square) -> ControlFlow<()> {
        // (fairy kinds never take this generator: only the ordinary six promote here)
        if kind.always_promotes() && (from.in_zone(self.us) || to.in_zone(self.us)) {
            let known = matches!(kind, PieceKind::Pawn | PieceKind::Bishop | PieceKind::Rook);
            self.push(Move::normal(from, to, true), kind.promoted().unwrap_or(kind), known)?;
            if is_dead_piece(kind, self.us, to) {
                return ControlFlow::Continue(());
            }
        }
        self.push(Move::normal(from, to, false), kind, kind.promoted().is_none())
    }

    fn drops(&mut self, target: Bitboard) -> ControlFlow<()> {
        // (only the ordinary kinds are dropped here: no fairy piece takes this path)
        let hand = self.pos.hand(self.us);
        if !hand.holds_ordinary() || target.is_empty() {
            return ControlFlow::Continue(());
        }
        // (constants: `Bitboard::rank` with a run-time argument loops over the files)
        const RANKS: [[Bitboard; 2]; 2] = [
            [Bitboard::rank(1), Bitboard::rank(2)],
            [Bitboard::rank(9), Bitboard::rank(8)],
        ];
        let [last_rank, second_rank] = RANKS[self.us.index()];
        // Pawns last: their drop-pawn-mate test plays the move.
        for kind in [
            PieceKind::Rook,
            PieceKind::Bishop,
            PieceKind::Gold,
            PieceKind::Silver,
            PieceKind::Knight,
            PieceKind::Lance,
        ] {
            if !hand.has(kind) {
                continue;
            }
            let allowed = match kind {
                PieceKind::Lance => target & !last_rank,
                PieceKind::Knight => target & !last_rank & !second_rank,
                _ => target,
            } & self.check_squares(kind, None);
            // (a drop checks exactly from its kind's check squares, already applied:
            // `push` would ask them again)
            for to in allowed {
                self.sink.push(Move::drop(kind, to))?;
            }
        }
        if hand.has(PieceKind::Pawn) {
            let pawn_files = files_of(self.pos.pieces(self.us, PieceKind::Pawn));
            let mut squares = target & !last_rank & !pawn_files & self.check_squares(PieceKind::Pawn, None);
            if self.quiet_only {
                squares &= !crate::drop_pawn_mate::pawn_drops_judged(self.pos, self.rules);
            }
            for to in squares {
                if self.quiet_only || self.pawn_drop_allowed(to) {
                    self.sink.push(Move::drop(PieceKind::Pawn, to))?;
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// Drop-pawn mate (rules.md §4): under the check-only reading only a checking drop
    /// needs the (expensive) test; a drop after which the king may step away (or take
    /// the pawn) leaves the opponent a legal move, so is no mate under either reading:
    /// `king_flees_after`'s "yes" is exact under ordinary rules, which this generator's
    /// caller guarantees (`takes_general_path` is false).
    #[inline]
    fn pawn_drop_allowed(&self, to: Square) -> bool {
        if self.pos.king_flees_after(Move::drop(PieceKind::Pawn, to), self.rules) {
            return true;
        }
        if self.rules.uchifuzume == UchifuzumeReading::CheckOnly {
            let Some(their_king) = self.pos.king(!self.us) else {
                return true;
            };
            if !attacks::pawn_attacks(self.us, to).contains(their_king) {
                return true;
            }
        }
        !is_drop_pawn_mate(self.pos, to, self.rules)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_of_spreads_every_square_over_its_file() {
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..2000 {
            let mut squares = Bitboard::EMPTY;
            for _ in 0..(state % 6) {
                state = state
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                squares |= Bitboard::from(Square::from_index((state >> 33) as usize % 81).expect("on the board"));
            }
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let mut expected = Bitboard::EMPTY;
            for sq in squares {
                expected |= Bitboard::file(sq.file());
            }
            assert_eq!(files_of(squares), expected);
        }
        assert_eq!(files_of(Bitboard::FULL), Bitboard::FULL);
    }
}
