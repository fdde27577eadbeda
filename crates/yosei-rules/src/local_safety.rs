//! King safety decided from what a move changes (issue 22): a fast path of the general
//! generator's legality phase under the 安南 family (安南, 安北, 対面, 背面), ネコ鮮 and
//! ネコネコ鮮, the capture
//! conditions (キルケ, アンチキルケ, PWC), Madrasi, 利き二歩無効, Andernach and
//! Anti-Andernach, with the fairy pieces whose reach is line-bound; and under own
//! powers with any fairy piece.
//!
//! The general path asks, after every candidate, whether any enemy piece reaches the
//! mover's king. When the king was safe before the move, only two kinds of enemy piece
//! can reach it afterwards:
//! - a piece on a square the move filled (a reborn or restored piece, or the mover
//!   itself), or, under the 安南 family, whose power changed: there a piece's power
//!   depends on its own square and the squares one rank either side, so it stands on
//!   or next to (same file, one rank away) a square the move emptied or filled; under
//!   ネコ鮮 and ネコネコ鮮 a piece's power depends on its line along the file, so it
//!   stands on the file of such a square;
//! - a piece whose ride passes through a square the move emptied (every power in play
//!   is line-bound: leaps ignore occupancy, rides go along the rook and bishop lines);
//! - a piece whose reach is not line-bound (a hopper, whose hurdle a move may set or
//!   take anywhere on its line; a Lion; a Nightrider, whose path is off the eight
//!   lines): every such piece is a suspect after every move, asked by its reach over
//!   the board afterwards.
//!
//! The same holds for the other king (does the move give check?), with the moved piece
//! among the pieces on a filled square. A move with no enemy piece among those suspects
//! is legal without being played.
//!
//! In check, the converse: a move other than the king's escapes only if every checker
//! loses its power (it stands on or next to, or on the file of, a square the move
//! empties or fills) or its
//! path (the move fills a square between it and the king). Moves that cannot are not
//! generated; the rest are played and asked in full. Under a capture condition the
//! squares a move touches include the displaced piece's, which may be far from the
//! move: every capture is then generated in check and judged by its own touched
//! squares (a reborn piece, or a capturer gone home, between checker and king).
//!
//! Under Madrasi and 利き二歩無効 a piece may reach a king without checking it
//! (paralysed, or its capture voided); any move may revive it, so such pieces stay
//! suspects, and each suspect is asked in full (reach, paralysis, validity). Under
//! Madrasi a move far from a checker may paralyse it: with every piece's own power the
//! squares from which a piece of its kind would attack it are evasion squares too
//! (`LocalRules::evasion_squares`); with borrowed powers evasions are not filtered.
//!
//! Under the 安南 family, ネコ鮮 and ネコネコ鮮 with every reach a check and only ordinary
//! kinds in play, a king's attackers after a move are told without playing it: only a
//! piece where an ordinary kind may attack the king from can, asked with its lender's
//! kind on the board after the move (on the next rank; under ネコ鮮 and ネコネコ鮮 its
//! mirror in its file's line: `borrowed_powers_attack_after`). Under ネコ鮮 and ネコネコ鮮
//! check generation goes to the destination files that can hold such a piece
//! (`line_power_check_squares`).
//!
//! Under 駒詰 (no Madrasi) a move is judged unplayed as under own powers, the kings
//! with the fixed kind's power wherever they stand; under 天竺 (no Madrasi, 利き二歩無効,
//! displacement or turn) both kings' attackers are told without playing, each king
//! with its plain checkers' kinds (`tenjiku::king_attacked_after`).
//!
//! A checker that is not line-bound has path squares that are not those between it
//! and the king, so in check from one no move is filtered out or told to leave the
//! check; and a piece of the side to move that is not line-bound may be given a check
//! by any move, so check generation then asks every destination.
//!
//! Under Andernach and Anti-Andernach a moved piece may end on its destination as the
//! other side's (turned over). For the mover's king it is an enemy piece on a filled
//! square, a suspect like a reborn piece (`BoardChange`'s displaced piece); for the
//! other king it is no longer one of the mover's pieces, so it gives no check itself.
//! Its new colour changes powers (which pieces it lends to, paralyses or is paralysed
//! by) only where a move's own piece would: on and next to its square, a touched one,
//! and among the pieces of its kind that Madrasi asks about on the board after the
//! move; under 対面 and 背面 the piece of the mover's that it faces borrows its kind
//! (`LocalSafety::kind_check_squares` allows for it). A capture that turns still
//! removes the captured piece (a hop's too); a turned piece that is not line-bound is
//! asked by its reach like any suspect. Check is judged on the board after the turn, as
//! docs/rules/andernach.md reads the rule.
//!
//! Guarantee, checked where the path is chosen (the conditions once, in
//! [`LocalRules::new`] when they are compiled; the pieces in play per node, in
//! [`LocalSafety::new`]): every piece in play is line-bound or has its own kind's
//! power (a piece that is not line-bound is then asked by its own reach; with borrowed
//! powers it would lend a reach that is not line-bound to its neighbours); the
//! powers are each piece's own, the 安南 family's, ネコ鮮's or ネコネコ鮮's (kinds of
//! pieces in play), 駒詰's (a line-bound kind) or 天竺's
//! (both kings then stay suspects and evasions are not filtered); besides, only the
//! capture conditions (with any of these powers: the square a displaced piece leaves or
//! fills is touched, so its neighbours are suspects), Andernach and Anti-Andernach (the
//! turned piece's square is touched too), Madrasi, 利き二歩無効, the 打歩 ones
//! and those that only forbid playing some moves (成禁, 取禁, 強欲 and their kin) — not
//! 自己王手王取無効, whose check validity looks at the capturer's own king. A king's own
//! move is asked in full. A capture under a capture condition is judged like any move,
//! with the square its displaced piece leaves or fills among the touched ones
//! (`BoardChange`: the board after the move, told without playing it); a reborn or
//! restored piece is an enemy piece of the mover's, asked like the suspects.

use crate::capture::CaptureRule;
use crate::conditions::tenjiku::{self, PlainMove};
use crate::conditions::{isardam, kiki_nifu, koko, neko_sen, Compiled, Isardam, MadrasiKings, PowerRule};
use crate::general::{is_ordinary_capture, ordinary_among, reaching, reaching_through};
use crate::powers::{
    kind_bit, lender_direction, lenders_are_friendly, next_rank_power, next_to, ordinary_attack_origins,
    ordinary_attack_span, PowerMask, Powers,
};
use crate::{Condition, Position, RuleSet};
use yosei_core::{attacks, Bitboard, Color, Displacement, Move, Piece, PieceKind, Square};

/// What the rule set lets the shortcut assume, decided once when the conditions are
/// compiled (`crate::conditions::Compiled::local_safety`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct LocalRules {
    /// Where a move may change a piece's power.
    borrowed_powers: PowerNeighbourhood,
    /// 天竺: a king's power comes from the checks on it, which a move anywhere changes.
    kings_borrow: bool,
    /// 駒詰: the kings' fixed power (the shortcut needs the kind line-bound, which the
    /// piece table tells).
    fixed_king_kind: Option<PieceKind>,
    /// A move far from the checkers may still answer a check (a checker paralysed, a
    /// turning pawn's capture voided; per node also a 天竺 king checking, whose power a
    /// move anywhere changes).
    remote_evasions: bool,
    /// A capture may put a piece on a square far from the move (キルケ's reborn piece,
    /// アンチキルケ's capturer gone home, PWC's restored piece): in check, a capture
    /// anywhere may interpose, and is judged by the squares it touches.
    displacing: bool,
    /// Every piece has its own kind's power, the 安南 family's or ネコ鮮's / ネコネコ鮮's,
    /// and every reach is a check (no Madrasi, no 利き二歩無効): a check is told from the
    /// pieces' kinds and their lenders' alone (next to them, or in their file's line on
    /// the board after the move), without playing.
    plain_checks: bool,
    /// Every piece has its own kind's power or the 安南 family's (Madrasi and
    /// 利き二歩無効 may still keep a piece that reaches a king from checking it).
    board_powers: bool,
    /// Madrasi's reading when it is on: a piece that reaches a king checks it unless an
    /// enemy piece of its kind attacks it.
    paralysis: Option<MadrasiKings>,
    /// 利き二歩無効, Isardam type A or Koko: a reach may be a voided capture.
    voided_captures: bool,
    /// 利き二歩無効: a pawn's king capture may be void (told from its side's pawns on the
    /// board after the move where no piece turns: [`Self::voids_told`]).
    pawn_voids: bool,
    /// Isardam type A and Koko: whether a king capture is valid depends on the position
    /// after it (which a piece set down anywhere may make forbidden; the capturer's
    /// neighbours there); in check, any move may answer.
    voided_from_afar: bool,
    /// Isardam (either type): a move is legal only if the position after it is allowed,
    /// which [`LocalRules::obeys_constraints_unplayed`] tells.
    isardam: bool,
    /// Koko: a move is legal only if the piece lands next to a piece.
    koko: bool,
    /// 天竺 with plain checks (no Madrasi, no 利き二歩無効), no displacement and no turn: both
    /// kings' attackers, and so their powers, are told without playing
    /// (`tenjiku::kings_attacked_after`).
    tenjiku_unplayed: bool,
    /// The power rule (its lenders, under the 安南 family).
    power: PowerRule,
    /// Andernach, Anti-Andernach: a moved piece may end as the other side's on its
    /// destination.
    turns: bool,
    /// [`Self::tells_attacks_unplayed`], decided once: own powers, or 駒詰's without
    /// Madrasi, and no capture voided.
    attacks_told: bool,
    /// Plain attacks: every piece has its own kind's power (not 天竺's kings), or under
    /// 駒詰 every piece but the kings, which have the fixed kind's wherever they stand
    /// (`fixed_king_kind`); every reach is a check (no Madrasi, no capture voided), no
    /// piece turns over and no condition forbids a position or a move by where it lands
    /// (Isardam, Koko). A king is then attacked after a move exactly when a piece of the
    /// other side on the board afterwards attacks its square by its power (its kind, or
    /// a king's fixed kind) over the board afterwards, as without conditions
    /// ([`plain_attacked`]): under a capture condition the only difference is where the
    /// pieces stand afterwards ([`BoardChange`]); and a move checks by its own piece,
    /// through a line it opens, or by a piece of ours that is not line-bound
    /// ([`plain_gives_check`]; 駒詰's kind line-bound there, as [`LocalSafety::new`]
    /// asks).
    plain_attacks: bool,
    /// Isardam type A or Koko with the powers told as for `attacks_told`: a king capture
    /// may be voided, but a piece that does not reach the king never checks it, so a
    /// move after which no enemy piece reaches the mover's king is told safe unplayed
    /// ([`Self::reach_attacked_unplayed`]; a reach is asked in full, or under Koko judged by
    /// [`Self::reach_checks`]).
    reach_told: bool,
}

/// The squares whose pieces' powers a move touching some squares may change.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum PowerNeighbourhood {
    /// Every piece has its own power (but the kings' under 天竺 and 駒詰): the touched
    /// squares only.
    Own,
    /// Powers are borrowed from the next rank (the 安南 family): a piece's power
    /// changes with the squares next to it.
    NextRank,
    /// ネコ鮮, ネコネコ鮮: a piece's power comes from its line along the file, which a
    /// move on that file may make, break or lengthen: the touched squares' files.
    File,
}

impl PowerNeighbourhood {
    /// The neighbourhood whose pieces lend powers under `power`.
    #[inline]
    pub(crate) fn of(power: PowerRule) -> PowerNeighbourhood {
        match power {
            PowerRule::Annan | PowerRule::Anhoku | PowerRule::Taimen | PowerRule::Haimen => {
                PowerNeighbourhood::NextRank
            }
            PowerRule::NekoSen | PowerRule::NekoNekoSen => PowerNeighbourhood::File,
            _ => PowerNeighbourhood::Own,
        }
    }

    /// Whether powers are borrowed from the borrower's own side's pieces alone (安南,
    /// 安北: a friendly lender; ネコ鮮: one side's line), so that a move changes the
    /// powers of the side not moving only around the squares where that side loses or
    /// gains a piece ([`opponent_squares_touched`]). (With own powers the touched squares
    /// are all there is.)
    #[inline]
    pub(crate) fn borrowed_within_side(self, power: PowerRule) -> bool {
        match self {
            PowerNeighbourhood::Own => false,
            PowerNeighbourhood::NextRank => lenders_are_friendly(power),
            PowerNeighbourhood::File => power == PowerRule::NekoSen,
        }
    }
}

impl LocalRules {
    /// The shortcut's assumptions under `conditions` (compiled as `compiled`), or `None`
    /// where its guarantee does not hold.
    pub(crate) fn new(compiled: &Compiled, conditions: &[Condition]) -> Option<LocalRules> {
        let borrowed_powers = PowerNeighbourhood::of(compiled.power);
        // powers read off the board around each piece, once the move is known
        let board_powers = matches!(borrowed_powers, PowerNeighbourhood::NextRank) || compiled.power == PowerRule::Own;
        let fixed_king_kind = match compiled.power {
            PowerRule::Komazume(kind) => Some(kind),
            _ => None,
        };
        let kings_borrow = compiled.power == PowerRule::Tenjiku;
        let displacing = conditions
            .iter()
            .any(|c| matches!(c, Condition::Circe | Condition::AntiCirce | Condition::Pwc));
        // Conditions beyond these make a king capture invalid in other ways (自己王手王取無効)
        // or are not compiled yet. A capture condition with borrowed powers keeps the
        // guarantee: a displaced piece's square is among the touched ones, so the pieces
        // next to it (whose powers it may change) are suspects too. The conditions that
        // forbid playing some moves never change what attacks a king.
        let harmless = |c: &Condition| {
            matches!(
                c,
                Condition::Circe
                    | Condition::AntiCirce
                    | Condition::Pwc
                    | Condition::Annan
                    | Condition::Anhoku
                    | Condition::Taimen
                    | Condition::Haimen
                    | Condition::NekoSen
                    | Condition::NekoNekoSen
                    | Condition::Komazume(_)
                    | Condition::KingSquare(_)
                    | Condition::Tenjiku
                    | Condition::Andernach
                    | Condition::AntiAndernach
                    | Condition::Madrasi
                    | Condition::KMadrasi
                    | Condition::KikiNifuInvalid
                    | Condition::Uchifu
                    | Condition::UchifuSimple
                    | Condition::NoPromotion
                    | Condition::NoPromotionAbsolute
                    | Condition::NoCapture
                    | Condition::AttackerNoCapture
                    | Condition::UchifuAllowed
                    | Condition::Greedy
                    | Condition::Ascetic
                    | Condition::Isardam
                    | Condition::IsardamB
                    | Condition::Koko
            )
        };
        let voided_from_afar = compiled.isardam == Some(Isardam::TypeA) || compiled.koko;
        let voided_captures = compiled.kiki_nifu_invalid || voided_from_afar;
        let powers_told = match compiled.power {
            PowerRule::Own => true,
            PowerRule::Komazume(_) => compiled.madrasi.is_none(),
            _ => false,
        };
        conditions.iter().all(harmless).then_some(LocalRules {
            attacks_told: powers_told && !voided_captures,
            plain_attacks: matches!(compiled.power, PowerRule::Own | PowerRule::Komazume(_))
                && compiled.madrasi.is_none()
                && !voided_captures
                && compiled.turn.is_none()
                && compiled.isardam.is_none()
                && !compiled.koko,
            reach_told: powers_told && voided_from_afar,
            borrowed_powers,
            kings_borrow,
            fixed_king_kind,
            // under 利き二歩無効 with a change of colour, whether a pawn's king capture is
            // void depends on the pawns on its file of the side it would turn to: a drop
            // or a move anywhere on that file may void it
            remote_evasions: compiled.madrasi.is_some()
                || compiled.kiki_nifu_invalid && compiled.turn.is_some()
                || voided_from_afar,
            displacing,
            plain_checks: (board_powers || borrowed_powers == PowerNeighbourhood::File)
                && compiled.madrasi.is_none()
                && !voided_captures,
            board_powers,
            paralysis: compiled.madrasi,
            voided_captures,
            pawn_voids: compiled.kiki_nifu_invalid,
            voided_from_afar,
            isardam: compiled.isardam.is_some(),
            koko: compiled.koko,
            tenjiku_unplayed: kings_borrow
                && compiled.madrasi.is_none()
                && !compiled.kiki_nifu_invalid
                && !displacing
                && compiled.turn.is_none(),
            power: compiled.power,
            turns: compiled.turn.is_some(),
        })
    }
}

impl LocalRules {
    /// In check from `checkers` on `king`: the squares a move of another piece must
    /// start or end on to have a chance of answering it (all where that cannot be told).
    /// A checker loses its power when a move touches its square or, where powers are
    /// borrowed, a square next to it; its path when a move fills a square between it and
    /// the king. Under Madrasi with every piece's own power it also stops checking when
    /// a piece of its kind comes to attack it: that piece lands on a square a piece of
    /// the checker's kind and colour on the checker's square would attack (the symmetry
    /// of the fixed tables, so an ordinary kind only), or stands behind a piece on such
    /// a square which moves away (the first piece on each line of that attack set is in
    /// it, and moves anywhere only when a piece of ours of the checker's kind stands next
    /// behind it on that line); a paralysed piece still paralyses, so no paralyser is
    /// freed by a move.
    fn evasion_squares(&self, pos: &Position, king: Square, checkers: Bitboard) -> Evasions {
        if self.kings_borrow && (checkers & pos.pieces_of_kind(PieceKind::King)).is_nonempty() {
            // a 天竺 king's power changes with any move (the other pieces keep their own)
            return Evasions::ANYWHERE;
        }
        if self.voided_captures && self.turns || self.voided_from_afar {
            // a turning pawn's capture may be voided by a pawn set anywhere on its file,
            // an Isardam type A or Koko capture by a piece set or taken anywhere
            return Evasions::ANYWHERE;
        }
        // the squares that take a check away by the checker's power or path
        let mut interpositions = power_neighbourhood(checkers, self.borrowed_powers);
        for checker in checkers {
            interpositions |= attacks::between(checker, king);
        }
        let mut paralysis = Bitboard::EMPTY;
        let mut uncovering = Bitboard::EMPTY;
        let mut checker_kinds = 0;
        if self.paralysis.is_some() {
            if self.power != PowerRule::Own {
                return Evasions::ANYWHERE;
            }
            let occupied = pos.occupied();
            for checker in checkers {
                match pos.piece_at(checker) {
                    Some(piece) if piece.kind.is_ordinary() => {
                        let attack = attacks::ordinary_attacks(piece.kind, piece.color, checker, occupied);
                        paralysis |= attack;
                        checker_kinds |= kind_bit(piece.kind);
                        // The first piece on each of its lines is not of its kind (else
                        // the checker would be paralysed, by symmetry): moving away, it
                        // answers only by uncovering one of ours of that kind behind it,
                        // or by promoting to that kind on the line it leaves open.
                        let behind = attacks::ordinary_attacks(piece.kind, piece.color, checker, occupied & !attack)
                            & pos.pieces(!piece.color, piece.kind);
                        for paralyser in behind {
                            uncovering |= attacks::between(checker, paralyser) & occupied;
                        }
                        let unpromoted = piece.kind.unpromoted();
                        if unpromoted != piece.kind {
                            uncovering |= attack & pos.pieces(!piece.color, unpromoted);
                        }
                    }
                    _ => return Evasions::ANYWHERE,
                }
            }
        }
        Evasions {
            squares: interpositions | paralysis,
            free_movers: interpositions | uncovering,
            paralysis_only: paralysis & !interpositions,
            checker_kinds,
        }
    }

    /// Whether `m`, a move of the side to move of `pos`, obeys the conditions that forbid
    /// moves or positions (Koko, Isardam), told without playing it (`None`: play it and
    /// ask).
    #[inline]
    pub(crate) fn obeys_constraints_unplayed(&self, m: Move, pos: &Position, rules: &RuleSet) -> Option<bool> {
        if self.koko && !koko::obeyed_unplayed(pos, m)? {
            return Some(false);
        }
        if self.isardam {
            return isardam::forbids_unplayed(pos, rules, m).map(|forbidden| !forbidden);
        }
        Some(true)
    }

    /// Whether [`Self::attacked_unplayed`] answers every move: every piece has its own
    /// kind's power, and a reach is a check unless Madrasi paralyses the piece (which
    /// the board after the move tells: `BoardChange::paralysed`); or under 駒詰, without
    /// Madrasi, the kings with the fixed kind's power wherever they stand.
    #[inline]
    fn tells_attacks_unplayed(&self) -> bool {
        self.attacks_told
    }

    /// Whether a king's move next to the enemy king is never legal, so its own step gives
    /// no legal check ([`LocalSafety::kind_check_squares`]): every piece has its own
    /// kind's power (the enemy king steps as a king, and a king is never another royal
    /// piece: `LocalSafety::new`), kings are not paralysed (no K-Madrasi), no capture is
    /// voided, and the king ends where it moves (no displacement, no turn).
    #[inline]
    fn king_next_to_king_illegal(&self) -> bool {
        self.power == PowerRule::Own
            && self.paralysis != Some(MadrasiKings::Paralysed)
            && !self.voided_captures
            && !self.displacing
            && !self.turns
    }

    /// The powers [`Self::attacked_unplayed`] reads the board with: every piece its own
    /// kind's, but under 駒詰 the kings the fixed kind's.
    #[inline]
    fn unplayed_powers(&self, pos: &Position, rules: &RuleSet) -> Powers {
        match self.power {
            PowerRule::Komazume(_) => Powers::new(pos, rules),
            _ => Powers::own(),
        }
    }

    /// ネコ鮮 or ネコネコ鮮 with plain checks: where only ordinary kinds are in play, the
    /// checks a move may give are told by files ([`line_power_check_squares`]).
    #[inline]
    fn line_powers_told(&self) -> bool {
        self.borrowed_powers == PowerNeighbourhood::File && self.plain_checks
    }

    /// The 安南 family, ネコ鮮 or ネコネコ鮮, every voided capture told
    /// ([`Self::voids_told`]; Madrasi allowed): where only ordinary kinds are in play, a
    /// king's attackers after a move are told without playing it, each piece with its
    /// lender's power on the board after the move, under Madrasi unless a piece of its
    /// kind of the other side attacks it there with its own lender's power, and under
    /// 利き二歩無効 unless it is a pawn whose capture that board's pawns void
    /// ([`borrowed_powers_attack_after`]; paralysis is a function of the powers alone,
    /// docs/rules/conditions.md).
    #[inline]
    fn borrowed_attacks_told(&self) -> bool {
        matches!(
            self.borrowed_powers,
            PowerNeighbourhood::NextRank | PowerNeighbourhood::File
        ) && self.voids_told()
    }

    /// Whether every voided king capture is told from the board it is made on: none is
    /// voided, or only 利き二歩無効's, with no piece turning over (no Andernach, which
    /// asks the pawns of the side the capturer would turn to) and no Isardam type A or
    /// Koko (which judge the capture's landing): then a king capture is void exactly
    /// when the capturer is an unpromoted pawn changing file onto one that holds another
    /// unpromoted pawn of its side ([`kiki_nifu::void_capturers`]).
    #[inline]
    fn voids_told(&self) -> bool {
        !(self.voided_from_afar || self.pawn_voids && self.turns)
    }

    /// 対面 or 背面 with plain checks (no Madrasi, no voided capture) and no turn: a move
    /// that is not a capture changes the power of no piece of ours but the moved one, a
    /// capture only of the one whose lender it takes (its own comes back): a lender is an
    /// enemy piece, which no move of ours sets down (a displaced piece is set down by a
    /// capture, and every capture is then asked: [`LocalSafety::displacement_may_check`]).
    /// So a piece of ours first on a line from the enemy king checks by leaving it only
    /// through the piece of ours behind it with that one's power now, by taking that
    /// one's lender, or by its own move away along the line ([`facing_line_squares`]);
    /// and a capture elsewhere frees a check only by a borrower whose own kind then
    /// attacks the king over the board as it stands (`borrowed_power_checks`).
    #[inline]
    fn facing_lines_told(&self) -> bool {
        matches!(self.power, PowerRule::Taimen | PowerRule::Haimen) && self.plain_checks && !self.turns
    }

    /// Whether [`LocalSafety::gives_check_unplayed`] answers every move: plain checks,
    /// own powers under Madrasi, the 安南 family or the ネコ鮮 pair under Madrasi or
    /// 利き二歩無効 (every voided capture told: [`Self::borrowed_attacks_told`]; under
    /// Madrasi with ordinary kinds only, else that test asks to play), or 天竺 where
    /// `tenjiku_unplayed` holds (a side with a king by
    /// [`Self::tenjiku_king_attacked_after`], one without by its pieces' own powers).
    #[inline]
    fn tells_checks_unplayed(&self) -> bool {
        self.plain_checks || self.tells_attacks_unplayed() || self.tenjiku_unplayed || self.borrowed_attacks_told()
    }

    /// Whether the mover's king is attacked after `m`, a move of the side to move of
    /// `pos`, told without playing it (`None`: play it and ask). Where every piece has
    /// its own kind's power and every reach is a check, the enemy pieces are those of
    /// `pos` but those `m` captures (on its destination, and a Lion's intermediate
    /// capture or the piece a hop removes), and the captured piece itself where a capture
    /// condition puts it back on the board (reborn, restored), so the question is which
    /// of them reach the king's square (after a king move, its new one, where
    /// アンチキルケ sends it home) over the board's occupancy afterwards; this holds
    /// whether or not the king stood in check. Under the 安南 family, ネコ鮮 and ネコネコ鮮
    /// with plain checks, each with its lender's power after the move
    /// ([`Self::borrowed_powers_attacked_unplayed`]). Under plain attacks, by
    /// [`plain_attacked_after`].
    #[inline]
    pub(crate) fn attacked_unplayed(&self, m: Move, pos: &Position, rules: &RuleSet) -> Option<bool> {
        // (asked first, where its guarantee holds: not inlined, the call alone cost)
        if self.tenjiku_unplayed {
            if let Some(attacked) = self.tenjiku_king_attacked_after(m, pos, rules, pos.side_to_move()) {
                return Some(attacked);
            }
        }
        if !self.tells_attacks_unplayed() {
            if self.reach_told {
                return self.reach_attacked_unplayed(m, pos, rules);
            }
            return self.borrowed_powers_attacked_unplayed(m, pos, rules);
        }
        let us = pos.side_to_move();
        let Some(king) = pos.king(us) else {
            return Some(false);
        };
        if let Some(kings) = self
            .paralysis
            .filter(|_| self.power == PowerRule::Own && m.from() == Some(king) && pos.fairy_squares().is_empty())
        {
            if let Some(attacked) = king_step_attacked(m, pos, rules, kings, king) {
                return Some(attacked);
            }
        }
        if self.plain_attacks {
            return plain_attacked_after(m, pos, rules, king, self.fixed_king_kind, EVERY_ENEMY_ASKED);
        }
        let (change, attackers, displaced_reaches) = self.reaching_after(m, pos, rules, king)?;
        let Some(kings) = self.paralysis else {
            return Some(attackers.is_nonempty() || displaced_reaches.is_some());
        };
        // under Madrasi a reaching piece checks unless paralysed on the board after the move
        let moved = moved_piece(pos, m)?;
        let checks = |sq: Square, piece: Piece| !change.paralysed(pos, rules, kings, moved, sq, piece);
        Some(
            attackers
                .into_iter()
                .any(|sq| pos.piece_at(sq).is_some_and(|piece| checks(sq, piece)))
                || displaced_reaches.is_some_and(|(sq, piece)| checks(sq, piece)),
        )
    }

    /// Whether a king capture's check is told without playing `m` (Koko or Isardam type
    /// A: `voided_from_afar`), and how the capture's landing is judged then: no Madrasi,
    /// no Andernach, no アンチキルケ (a capturer goes nowhere else than the king's square,
    /// as it stands), and `m` displaces nothing and captures nothing on its way, so that
    /// the pieces afterwards are those of `pos` but a captured one, and the moved one on
    /// its destination ([`Landing`]: under Isardam the board after `m`,
    /// [`isardam::Board::after`]; its answer counts for a move that obeys Isardam, which
    /// every caller asks too).
    fn trial_told<'a>(&self, m: Move, pos: &'a Position, rules: &RuleSet) -> Option<Landing<'a>> {
        let told = self.voided_from_afar
            && self.paralysis.is_none()
            && !self.turns
            && m.displacement().is_none()
            && rules.capture_rule() != Some(CaptureRule::AntiCirce);
        if !told {
            return None;
        }
        if self.koko {
            return Some(Landing::Koko);
        }
        isardam::Board::after(pos, m).map(Landing::Isardam)
    }

    /// Under `reach_told` (Isardam type A, Koko; every piece its own kind's power, or 駒詰's
    /// kings the fixed kind's): whether the mover's king is attacked after `m`, told
    /// without playing it where that can be. A check needs a reach, whatever may void the
    /// capture, so a move after which no enemy piece reaches the king (on its new square
    /// if it moves) over the board afterwards leaves it unattacked: the enemy pieces are
    /// those of `pos` but the one `m` captures, and the piece a displacement puts on the
    /// board for the enemy ([`BoardChange`]), as in [`Self::attacked_unplayed`]. A reach is
    /// judged by [`Self::reach_checks`] where it can be; `None` otherwise (play it and
    /// ask). (Under Isardam the answer counts for a move that obeys it.)
    fn reach_attacked_unplayed(&self, m: Move, pos: &Position, rules: &RuleSet) -> Option<bool> {
        let us = pos.side_to_move();
        let Some(king) = pos.king(us) else {
            return Some(false);
        };
        let (change, reachers, displaced_reaches) = self.reaching_after(m, pos, rules, king)?;
        if displaced_reaches.is_some() {
            return None;
        }
        if reachers.is_empty() {
            return Some(false);
        }
        let king_after = change.king_after(m, king);
        self.reach_checks(m, pos, rules, &change, king_after, reachers)
    }

    /// What `m`, a move of the side to move of `pos`, changes on the board, the enemy
    /// pieces of `pos` that reach the mover's king (`king` now; its new square if it
    /// moves) over the board afterwards, each with its power as [`Self::unplayed_powers`]
    /// reads it (the piece `m` captures left out), and the piece a displacement puts on
    /// the board for the enemy when it reaches that square too.
    #[inline(always)]
    fn reaching_after(&self, m: Move, pos: &Position, rules: &RuleSet, king: Square) -> Option<ReachAfter> {
        let change = BoardChange::of(pos, m)?;
        let king_after = change.king_after(m, king);
        let captured = captured_squares(m);
        let powers = self.unplayed_powers(pos, rules);
        let reachers =
            reaching_through(pos, rules, &powers, king_after, !pos.side_to_move(), change.occupied) & !captured;
        let displaced_reaches = change.displaced.filter(|&(sq, piece)| {
            rules
                .pieces()
                .attacks_square(piece.kind, piece.color, sq, king_after, change.occupied)
        });
        Some((change, reachers, displaced_reaches))
    }

    /// Koko and Isardam type A, told without playing `m` ([`Self::trial_told`]): whether
    /// one of `reachers`, the enemy pieces that reach the mover's king on `king` after `m`
    /// (`change`), may capture it as a check does ([`koko::king_capture_allowed`],
    /// [`isardam::king_capture_allowed`]): some form of the capture (promoted where its
    /// kind may promote, unpromoted unless dead there or a second pawn among its side's
    /// pawns after `m`) lands on the king's square as the condition allows on the board
    /// after `m` (under Koko next to a piece, its own square emptied; under Isardam on
    /// a board it allows). Each capturer must be of an ordinary kind, whose capture lands
    /// on the king's square (`None`: play it and ask).
    fn reach_checks(
        &self,
        m: Move,
        pos: &Position,
        rules: &RuleSet,
        change: &BoardChange,
        king: Square,
        reachers: Bitboard,
    ) -> Option<bool> {
        let landing = self.trial_told(m, pos, rules)?;
        // (the enemy's pawns after `m`: those of `pos` but one it captures, `m` turning
        // and displacing nothing)
        let pawns = || pos.pieces(!pos.side_to_move(), PieceKind::Pawn) & !Bitboard::from(m.to());
        for from in reachers {
            let piece = pos.piece_at(from)?;
            if !piece.kind.is_ordinary() {
                return None;
            }
            if landing.capture_allowed(rules, piece, from, king, change.occupied, pawns) {
                return Some(true);
            }
        }
        Some(false)
    }

    /// Under the 安南 family, ネコ鮮 and ネコネコ鮮 with plain checks: whether the mover's
    /// king (on its new square if it moves) is attacked after `m`, told without playing
    /// it ([`borrowed_powers_attack_after`]; `None` with a fairy kind in play).
    fn borrowed_powers_attacked_unplayed(&self, m: Move, pos: &Position, rules: &RuleSet) -> Option<bool> {
        if !self.borrowed_attacks_told() {
            return None;
        }
        let us = pos.side_to_move();
        let Some(king) = pos.king(us) else {
            return Some(false);
        };
        let change = BoardChange::of(pos, m)?;
        let moved = moved_piece(pos, m)?;
        if !ordinary_kinds_after(pos, &change, moved) {
            return None;
        }
        let king_after = change.king_after(m, king);
        Some(borrowed_powers_attack_after(
            pos, rules, *self, &change, moved, king_after, !us,
        ))
    }

    /// Under 天竺 where `tenjiku_unplayed` holds: whether, after `m`, the king of `color`
    /// is attacked, told without playing it.
    #[inline]
    fn tenjiku_king_attacked_after(&self, m: Move, pos: &Position, rules: &RuleSet, color: Color) -> Option<bool> {
        if !self.tenjiku_unplayed {
            return None;
        }
        let change = BoardChange::of(pos, m)?;
        let after = PlainMove {
            occupied: change.occupied,
            vacated: change.vacated,
            dest: change.dest,
            moved: moved_piece(pos, m)?,
        };
        Some(tenjiku::king_attacked_after(pos, rules, &after, color))
    }
}

/// Koko's or Isardam's judgement of a piece landing on the board after a move not yet
/// played: the defending king's step after a check ([`told_flight_steps`]), or a king
/// capture as a check (Koko, Isardam type A: [`LocalRules::trial_told`]).
#[derive(Clone, Copy, Debug)]
pub(crate) enum Landing<'a> {
    /// Koko: the piece lands next to a piece.
    Koko,
    /// Isardam: the board after the move and the landing is allowed (the board after
    /// the move is: the move is legal, or told to obey Isardam).
    Isardam(isardam::Board<'a>),
    /// A capture condition alone: the square is empty (a step that captures is not
    /// told).
    Empty,
}

impl Landing<'_> {
    /// Whether `piece` (as it lands), coming from `from` to `to` (its piece, the king or
    /// an enemy piece, taken) on the board after the move, whose occupancy is
    /// `occupied`, lands as the condition allows.
    #[inline]
    pub(crate) fn allows(&self, rules: &RuleSet, piece: Piece, from: Square, to: Square, occupied: Bitboard) -> bool {
        match *self {
            Landing::Koko => koko::has_neighbour(to, occupied.without(from)),
            Landing::Isardam(board) => !isardam::sets_down_a_pair(board, rules, piece, Some(from), to),
            Landing::Empty => !occupied.contains(to),
        }
    }

    /// Whether some form of the capture of the king on `king` by `piece` on `from` lands
    /// as the condition allows: promoted where its kind may promote, unpromoted where it
    /// stands ([`crate::conditions::king_capture_unpromoted_as`], its side's pawns
    /// `pawns` asked only of a pawn). Under Koko the landing is the same for every form:
    /// asked first.
    #[inline]
    fn capture_allowed(
        &self,
        rules: &RuleSet,
        piece: Piece,
        from: Square,
        king: Square,
        occupied: Bitboard,
        pawns: impl FnOnce() -> Bitboard,
    ) -> bool {
        let promotes = crate::conditions::king_capture_may_promote(rules, piece.kind, piece.color, from, king);
        let unpromoted = || crate::conditions::king_capture_unpromoted_as(rules, piece, from, king, pawns);
        match *self {
            Landing::Koko => self.allows(rules, piece, from, king, occupied) && (promotes || unpromoted()),
            Landing::Isardam(_) => {
                let promoted = Piece {
                    kind: piece.kind.promoted().unwrap_or(piece.kind),
                    ..piece
                };
                promotes && self.allows(rules, promoted, from, king, occupied)
                    || unpromoted() && self.allows(rules, piece, from, king, occupied)
            }
            // (nothing voids a capture of the king there)
            Landing::Empty => true,
        }
    }
}

/// Under Koko, Isardam (either type) or a capture condition alone: the rule the defending
/// king's steps obey after `m`, a legal move of the side to move of `pos` not yet played,
/// so that [`Position::king_flees_after`] may tell a step to a square no piece of the
/// mover's attacks (with the king lifted, the moved piece on its destination) as legal;
/// `None` where that cannot be told. Under a capture condition alone
/// (`Compiled::quiet_moves_ordinary`) only a step to an empty square is told: it is
/// ordinary shogi's move, while a king's capture displaces a piece. Guarantee, checked
/// here: the conditions are those the
/// local shortcut takes ([`LocalRules::new`]) with every piece's own kind's power, no
/// paralysis, no turn, no displacement by Koko or Isardam and no 完全打歩 (under which
/// a step that mates would be illegal), no fairy piece in play (on the board or in a hand)
/// and one king a side; and `m` puts no piece elsewhere than on its destination. Then
/// the pieces after `m` reach exactly what their ordinary kinds attack, a step that no
/// enemy piece reaches leaves the king unattacked whatever voids a capture (a check
/// needs a reach), and a step to an empty square or onto an enemy piece (not a stone)
/// displaces nothing; Koko asks the step to land next to a piece, Isardam the board
/// after it to be allowed (the board after `m` is: `m` is legal), which a king's step
/// changes only by the lines it opens through its square ([`isardam::sets_down_a_pair`]
/// on the board after `m`, [`isardam::Board::after`]).
pub(crate) fn told_flight_steps<'a>(pos: &'a Position, rules: &RuleSet, m: Move) -> Option<Landing<'a>> {
    let local = rules.compiled().local_safety?;
    let own_powers = local.power == PowerRule::Own && local.paralysis.is_none() && !local.turns;
    if !own_powers
        || pos.has_fairy_pieces()
        || pos.has_unusual_royals()
        || rules.uchifu() == Some(crate::capture::UchifuRule::Complete)
        || m.displacement().is_some()
        || m.is_swap()
        || m.via().is_some()
    {
        return None;
    }
    if local.displacing {
        // (a capture condition alone: a king's capture displaces a piece, a step to an
        // empty square is ordinary shogi's)
        return rules.compiled().quiet_moves_ordinary.then_some(Landing::Empty);
    }
    if local.isardam {
        return isardam::Board::after(pos, m).map(Landing::Isardam);
    }
    local.koko.then_some(Landing::Koko)
}

/// The mate and stalemate tests' first question (`general::has_move`): whether the king
/// of the side to move has a step that is legal, told without playing it and without
/// the node's [`LocalSafety`] (most positions a help search tests for mate have a
/// flight). Only where [`LocalRules::attacked_unplayed`] answers every move with every
/// piece's own kind's power, or under plain attacks, 駒詰's too (its king's moves by the
/// fixed kind's reach: [`plain_king_step`]), or under Isardam type A and Koko with own powers, where a
/// step no enemy piece reaches is told safe and one reached is judged as
/// [`LocalRules::attacked_unplayed`] judges it (under Koko by the capturer's neighbour
/// and forms, else asked in full: no step found this way), or under the 安南 family and the ネコ鮮 pair with plain
/// checks (the king then moves with its lent ordinary power, and a step is told by
/// [`borrowed_powers_attack_after`], which answers while every kind is ordinary), and no
/// mate needs asking (not 完全打歩); the steps are those the general generator makes (a
/// king is never dead, never promotes, and every capture counts in these tests), in
/// each form a capture condition gives. `false`: none found this way.
pub(crate) fn has_legal_king_step(pos: &Position, rules: &RuleSet) -> bool {
    // (a king steps as a king but under plain attacks, where 駒詰's king moves by the
    // fixed kind's reach; under the 安南 family and the ネコ鮮 pair with its lender's
    // power, below)
    let told = |local: &LocalRules| {
        (local.tells_attacks_unplayed() || local.reach_told) && local.power == PowerRule::Own
            || local.plain_attacks
            || local.borrowed_attacks_told()
    };
    let Some(local) = rules.compiled().local_safety.filter(told) else {
        return false;
    };
    // (a royal piece other than the king does not step as one; under 二玉詰 a king's
    // legal step leaves the other royal piece unasked)
    if pos.has_unusual_royals() {
        return false;
    }
    if rules.uchifu() == Some(crate::capture::UchifuRule::Complete) {
        return false;
    }
    let us = pos.side_to_move();
    let Some(king) = pos.king(us) else {
        return false;
    };
    if local.plain_attacks {
        return plain_king_step(pos, rules, local, king);
    }
    // (K-Madrasi: a paralysed king makes no step, paralysed with the powers as they are;
    // the full generation answers)
    if local.paralysis == Some(MadrasiKings::Paralysed) {
        let powers = if local.power == PowerRule::Own {
            Powers::own()
        } else {
            Powers::new(pos, rules)
        };
        if crate::madrasi::paralysed(pos, rules, &powers, king) {
            return false;
        }
    }
    let occupied = pos.occupied();
    let power = if local.borrowed_attacks_told() {
        // (a lent fairy kind may make two steps: the full generation answers)
        let lent = borrowed_power(|sq| pos.piece_at(sq), local, king, Piece::new(PieceKind::King, us));
        if !lent.is_ordinary() {
            return false;
        }
        lent
    } else {
        PieceKind::King
    };
    let reach = rules.pieces().reach(power, us, king, occupied);
    let enemies = pos.pieces_of(!us) & !pos.pieces_of_kind(PieceKind::Stone);
    let capture_rule = rules.capture_rule();
    ((reach.attacks & enemies) | (reach.quiet & !occupied))
        .into_iter()
        .any(|to| {
            let m = Move::normal(king, to, false);
            // (under Isardam type A a reached step's check is told on the board after it
            // as if that were allowed: the answer counts only with the constraints obeyed)
            let legal = |form: Move| {
                local.attacked_unplayed(form, pos, rules) == Some(false)
                    && local.obeys_constraints_unplayed(form, pos, rules) == Some(true)
            };
            match capture_rule {
                Some(rule) => crate::capture::choices(pos, rules, rule, m)
                    .as_slice()
                    .iter()
                    .any(|&f| legal(f)),
                None => legal(m),
            }
        })
}

/// [`plain_attacked_after`]'s `(unbound, paths)` where no paths are known: every enemy
/// piece asked.
const EVERY_ENEMY_ASKED: (Bitboard, Option<UnboundPaths>) = (Bitboard::EMPTY, None);

/// Under plain attacks ([`LocalRules::plain_attacks`]): whether the mover's king is
/// attacked after `m`, a move of the side to move of `pos` (its king on `king` before).
/// The enemy pieces but the captured ones stay where they are, and are asked with a stop
/// at the first attacker, each by its power's attack over the board afterwards (a
/// hopper's hurdles, a Nightrider's path; under 駒詰 the enemy king by `king_power`, the
/// fixed kind); the displaced piece (reborn, restored, a capturer gone home) is asked
/// too. `(unbound, paths)`: the enemy pieces that are not line-bound and, when the king
/// is safe, where a move may make one attack it ([`LocalSafety::unbound_safety_path`]):
/// where the king stays and the move touches none of those squares, they attack it no
/// more than before and are not asked.
#[inline(always)]
fn plain_attacked_after(
    m: Move,
    pos: &Position,
    rules: &RuleSet,
    king: Square,
    king_power: Option<PieceKind>,
    (unbound, paths): (Bitboard, Option<UnboundPaths>),
) -> Option<bool> {
    let us = pos.side_to_move();
    let change = BoardChange::of(pos, m)?;
    let king_after = change.king_after(m, king);
    let path_untouched =
        king_after == king && paths.is_some_and(|paths| !paths.touched(pos.occupied(), change.occupied));
    let unasked = if path_untouched { unbound } else { Bitboard::EMPTY };
    let enemies = pos.pieces_of(!us) & !captured_squares(m) & !unasked;
    let table = rules.pieces();
    Some(
        plain_attacked(pos, rules, king_after, !us, change.occupied, enemies, king_power)
            || change.displaced.is_some_and(|(sq, piece)| {
                table.attacks_square(piece.kind, piece.color, sq, king_after, change.occupied)
            }),
    )
}

/// [`Position::is_attacked_among`] (the ordinary kinds among `ours`, pieces of `by`),
/// and the fairy pieces among them, each by its kind's attack over `occupied` (few on
/// any board: asked one by one); with `king_power` (駒詰's fixed kind) a king among
/// them by that kind's attack instead of a king's steps.
#[inline]
fn plain_attacked(
    pos: &Position,
    rules: &RuleSet,
    sq: Square,
    by: Color,
    occupied: Bitboard,
    ours: Bitboard,
    king_power: Option<PieceKind>,
) -> bool {
    let table = rules.pieces();
    let ours = match king_power {
        Some(kind) => {
            let kings = pos.pieces(by, PieceKind::King) & ours;
            if kings
                .into_iter()
                .any(|from| table.attacks_square(kind, by, from, sq, occupied))
            {
                return true;
            }
            ours & !kings
        }
        None => ours,
    };
    pos.is_attacked_among(sq, by, occupied, ours)
        || pos.has_fairy_pieces() && fairy_attacked(pos, rules, sq, occupied, ours)
}

/// Whether a fairy piece among `ours` attacks `sq` by its kind's attack over `occupied`.
#[inline]
fn fairy_attacked(pos: &Position, rules: &RuleSet, sq: Square, occupied: Bitboard, ours: Bitboard) -> bool {
    let table = rules.pieces();
    (pos.fairy_squares() & ours).into_iter().any(|from| {
        pos.piece_at(from)
            .is_some_and(|p| table.attacks_square(p.kind, p.color, from, sq, occupied))
    })
}

/// Under plain attacks ([`LocalRules::plain_attacks`]), or under 天竺
/// (`tenjiku_unplayed`, no fairy piece in play) for a mover without a king (its pieces
/// all have their own ordinary powers): whether `m`, a move of the side to move of
/// `pos`, checks the enemy `king`, which no piece of the mover's attacks now. The moved
/// piece checks from where it ends (a capturer gone home under アンチキルケ from its
/// home); ours that are not line-bound (`unbound`: a hopper whose hurdle the move sets or
/// takes, a Nightrider whose path it opens) are asked, by their conditions where told,
/// else over the board afterwards, when the move sets down a hurdle of theirs or lifts
/// a piece off the squares before it (`unbound_paths`, [`UnboundPaths`],
/// `LocalSafety::unbound_check_path`: one that stays and touches none attacks the king
/// no more than before); another
/// of ours only through a line opened by a square the move empties (leaps and steps
/// ignore occupancy, rides go along the rook and bishop lines, and a filled square, the
/// destination or a reborn or restored piece's, only blocks), so only when such a
/// square lies on a rook or bishop line from the king; then ours that stay are asked
/// with a stop at the first attacker ([`plain_attacked`]). Under 駒詰 (`king_power`, a
/// line-bound kind: [`LocalSafety::new`]) our king checks by that kind, moved or not.
#[inline]
fn plain_gives_check(
    m: Move,
    pos: &Position,
    rules: &RuleSet,
    king: Square,
    (unbound, unbound_paths): (Bitboard, UnboundPaths),
    king_power: Option<PieceKind>,
) -> Option<bool> {
    let us = pos.side_to_move();
    let table = rules.pieces();
    let unbound = unbound & pos.pieces_of(us);
    if let Some(kind) = m.drop_kind() {
        // (a drop empties nothing and displaces nothing: the dropped piece alone, and a
        // hurdle it may set)
        let to = m.to();
        let occupied = pos.occupied().with(to);
        return Some(
            table.attacks_square(kind, us, to, king, occupied)
                || unbound.is_nonempty()
                    && unbound_paths.fill.contains(to)
                    && fairy_attacked(pos, rules, king, occupied, unbound),
        );
    }
    let kind = match pos.kind_after(m)? {
        PieceKind::King => king_power.unwrap_or(PieceKind::King),
        kind => kind,
    };
    let change = BoardChange::of(pos, m)?;
    if table.attacks_square(kind, us, change.dest, king, change.occupied) {
        return Some(true);
    }
    let staying = pos.pieces_of(us) & !change.vacated & !Bitboard::from(change.dest);
    if (unbound & staying).is_nonempty()
        && unbound_paths.touched(pos.occupied(), change.occupied)
        && unbound_paths
            .attacked(staying, change.occupied)
            .unwrap_or_else(|| fairy_attacked(pos, rules, king, change.occupied, unbound & staying))
    {
        return Some(true);
    }
    let lines = attacks::rook_pseudo_attacks(king) | attacks::bishop_pseudo_attacks(king);
    if (change.vacated & lines).is_empty() {
        return Some(false);
    }
    // (ours that are not line-bound were asked above where they may check)
    Some(plain_attacked(
        pos,
        rules,
        king,
        us,
        change.occupied,
        staying & !unbound,
        king_power,
    ))
}

/// [`has_legal_king_step`] under plain attacks ([`LocalRules::plain_attacks`]) for the
/// side to move's `king`. A step to an empty square displaces nothing (a capture
/// condition acts on captures alone), so it is legal exactly when no enemy piece
/// attacks that square with the king moved there (its own square emptied), as without
/// conditions (asked square by square with a stop at the first attacker: the first
/// square asked is most often free, where `Position::ridden_among`, asking every enemy
/// rider first, cost twice as much). The king's captures are asked after them, each
/// form a capture condition gives, by [`LocalRules::attacked_unplayed`]. Under 駒詰 the
/// king moves by the fixed kind's reach instead (its quiet moves and landing captures,
/// as the general generator makes them; a Lion's two steps or a hop are left to the
/// full generation, which this test only anticipates), and the enemy king attacks by
/// that kind ([`plain_attacked`]).
fn plain_king_step(pos: &Position, rules: &RuleSet, local: LocalRules, king: Square) -> bool {
    let us = pos.side_to_move();
    let occupied = pos.occupied();
    let them = pos.pieces_of(!us);
    let enemies = them & !pos.pieces_of_kind(PieceKind::Stone);
    let (quiet, captures) = match local.fixed_king_kind {
        None => {
            let steps = attacks::king_attacks(king);
            (steps & !occupied, steps & enemies)
        }
        Some(kind) => {
            let reach = rules.pieces().reach(kind, us, king, occupied);
            (reach.quiet & !occupied, reach.landing_captures & enemies)
        }
    };
    let seen = occupied.without(king);
    if quiet
        .into_iter()
        .any(|to| !plain_attacked(pos, rules, to, !us, seen.with(to), them, local.fixed_king_kind))
    {
        return true;
    }
    captures.into_iter().any(|to| {
        let m = Move::normal(king, to, false);
        let legal = |form: Move| local.attacked_unplayed(form, pos, rules) == Some(false);
        match rules.capture_rule() {
            Some(rule) => crate::capture::choices(pos, rules, rule, m)
                .as_slice()
                .iter()
                .any(|&f| legal(f)),
            None => legal(m),
        }
    })
}

/// In check: where a move of a piece other than the king may answer it
/// ([`LocalRules::evasion_squares`]).
#[derive(Clone, Copy, Debug)]
struct Evasions {
    /// The squares such a move must start or end on.
    squares: Bitboard,
    /// The squares from which a piece may answer by moving anywhere: on or next to a
    /// checker (its power), and under Madrasi the pieces whose leaving uncovers a
    /// paralyser of a checker.
    free_movers: Bitboard,
    /// Under Madrasi, those that answer only by paralysis (a piece of a checker's kind
    /// set down there attacks it): a piece of another kind gains nothing there.
    paralysis_only: Bitboard,
    /// The checkers' kinds (under Madrasi).
    checker_kinds: PowerMask,
}

impl Evasions {
    /// No square can be ruled out.
    const ANYWHERE: Evasions = Evasions {
        squares: Bitboard::FULL,
        free_movers: Bitboard::FULL,
        paralysis_only: Bitboard::EMPTY,
        checker_kinds: 0,
    };
}

/// The kings not attacked before the move, in a position where the shortcut holds.
#[derive(Clone, Copy, Debug)]
pub(crate) struct LocalSafety {
    rules: LocalRules,
    /// Per colour: that side's king, when no enemy piece reaches it now.
    safe_kings: [Option<Square>; 2],
    /// Per colour: the enemy pieces that reach that side's king but do not check it
    /// (paralysed, or their capture voided).
    idle_reachers: [Bitboard; 2],
    /// The mover's king when it stands in check, and the pieces checking it.
    checked: Option<(Square, Bitboard)>,
    /// In check: the squares a move of another piece must start or end on to have a
    /// chance (on or next to a checker, between a checker and the king, or under
    /// Madrasi where a piece of a checker's kind would attack it).
    evasions: Evasions,
    /// In check under a capture condition: the enemy pieces whose capture may put a
    /// piece between wherever it is made (`LocalRules::displacing`).
    capture_evasions: CaptureEvasions,
    /// Pieces asked in full after every move: 天竺's kings, and the pieces whose reach
    /// is not line-bound ([`unbound_pieces`]).
    always_suspect: Bitboard,
    /// The pieces on the board whose reach is not line-bound (a hopper's hurdle may be
    /// any square on its line, a Nightrider's path is off the eight lines).
    unbound: Bitboard,
    /// When checks are wanted: where a move of another piece may give check by a piece
    /// of the side to move that is not line-bound ([`UnboundPaths`]); all squares where
    /// that cannot be told, or when checks are not wanted.
    unbound_check_path: UnboundPaths,
    /// Where a move of another piece may let an enemy piece that is not line-bound
    /// attack the mover's king ([`UnboundPaths`]), when that king is safe.
    unbound_safety_path: Option<UnboundPaths>,
    /// A move far from the checkers may answer the check: [`LocalRules::remote_evasions`],
    /// or a checker whose reach is not line-bound (its path squares are not the ones
    /// between it and the king).
    remote_evasions: bool,
    /// Under the 安南 family, when checks are wanted: the squares where a piece of the
    /// side to move would borrow a power that reaches the enemy king (all squares
    /// otherwise).
    borrowed_checks: Bitboard,
    /// When checks are wanted: the squares where a move may revive a piece of the side
    /// to move that reaches the enemy king without checking it ([`reviving_squares`]).
    reviving: Bitboard,
    /// The mover's pinned pieces ([`pins`]): their king, the pieces, and the squares
    /// they may go to (between the king and a pinner, the pinner's own).
    pins: Option<(Square, Bitboard, Bitboard)>,
    /// Under 天竺 ([`tenjiku_quiet_king`]): the mover's king, when only its own move or
    /// a pinned piece's can leave it attacked.
    tenjiku_quiet: Option<Square>,
}

/// Where the moves of the side to move may give check from ([`LocalSafety::checks_from_anywhere`]).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct CheckOrigins {
    /// The squares from which a move may give check wherever it goes.
    pub(crate) anywhere: Bitboard,
    /// Under 対面 and 背面: the pieces first on a line from the enemy king that may
    /// check, besides on their kind's check squares, on `line_squares` (moving away
    /// along the line, or taking the lender of the piece behind them).
    pub(crate) along_lines: Bitboard,
    /// The squares where the pieces of `along_lines` may check besides.
    pub(crate) line_squares: Bitboard,
}

/// Under own powers with only ordinary kinds in play and the enemy king told
/// ([`LocalSafety::ordinary_check_squares`]): what [`LocalSafety::kind_check_squares`]
/// and [`LocalSafety::checks_from_anywhere`] answer there, read off the enemy king's
/// lines and steps once a node rather than asked kind by kind through the general test.
#[derive(Clone, Copy, Debug)]
pub(crate) struct OrdinaryCheckSquares {
    /// What a piece of each kind of the enemy king's side attacks from the king: a kind
    /// of ours checks from there (the symmetry of the fixed tables).
    pawn: Bitboard,
    knight: Bitboard,
    silver: Bitboard,
    gold: Bitboard,
    king_steps: Bitboard,
    lance: Bitboard,
    /// The king's bishop and rook rides over the board.
    diagonal: Bitboard,
    straight: Bitboard,
    /// The squares where a move of any kind may check besides its kind's own: where it
    /// may revive a piece of ours that reaches the king paralysed (`reviving`; and the
    /// path of one that is not line-bound, empty here).
    besides: Bitboard,
    /// The king's own step next to the enemy king is never a legal check
    /// ([`LocalRules::king_next_to_king_illegal`]).
    king_step_banned: bool,
    /// The pieces of ours that may check wherever they go: the only piece between the
    /// enemy king and a rider of ours that attacks the king along that line once it
    /// leaves (`CheckOrigins::anywhere`).
    pub(crate) uncovering: Bitboard,
}

impl OrdinaryCheckSquares {
    /// [`LocalSafety::kind_check_squares`] of the ordinary `kind` (`promoted`: a board
    /// move that may promote to it).
    #[inline(always)]
    pub(crate) fn of(&self, kind: PieceKind, promoted: Option<PieceKind>) -> Bitboard {
        use PieceKind::*;
        let attack_sets = match promoted {
            // (a pawn's, a bishop's and a rook's attack lie within their promoted kind's)
            Some(promoted) if matches!(kind, Pawn | Bishop | Rook) => self.attack(promoted),
            Some(promoted) => self.attack(kind) | self.attack(promoted),
            None if kind == King && self.king_step_banned => Bitboard::EMPTY,
            None => self.attack(kind),
        };
        attack_sets | self.besides
    }

    /// What a piece of the ordinary `kind` of the enemy king's side attacks from the
    /// king (every square for another kind, which the guarantee leaves out of play).
    #[inline(always)]
    fn attack(&self, kind: PieceKind) -> Bitboard {
        use PieceKind::*;
        match kind {
            Pawn => self.pawn,
            Knight => self.knight,
            Silver => self.silver,
            Gold | ProPawn | ProLance | ProKnight | ProSilver => self.gold,
            King => self.king_steps,
            Lance => self.lance,
            Bishop => self.diagonal,
            Rook => self.straight,
            Horse => self.diagonal | self.king_steps,
            Dragon => self.straight | self.king_steps,
            _ => Bitboard::FULL,
        }
    }
}

impl LocalSafety {
    /// The shortcut for `pos` (whose powers are `powers`), when the guarantee holds;
    /// `checks_wanted`: the moves giving check will be asked for ([`Self::kind_check_squares`]).
    pub(crate) fn new(pos: &Position, rules: &RuleSet, powers: &Powers, checks_wanted: bool) -> Option<LocalSafety> {
        let local = rules.compiled().local_safety?;
        // (a royal piece other than the king, or several of a side: every move asked in
        // full, docs/rules/royal.md)
        if pos.has_unusual_royals() {
            return None;
        }
        let table = rules.pieces();
        if local.fixed_king_kind.is_some_and(|kind| !table.is_line_bound(kind)) {
            return None;
        }
        // A piece that is not line-bound is asked in full after every move (its reach
        // over the board afterwards): only with its own kind's power, since a borrowed
        // one would reach by another piece's lines (one dropped lands on a touched
        // square, so a hand may hold any).
        let unbound = unbound_pieces(pos, rules);
        if local.power != PowerRule::Own && (unbound.is_nonempty() || !line_bound_hands(pos, rules)) {
            return None;
        }
        // Per colour: the king, the enemy pieces that reach it, and those of them that
        // check it. (Without 自己王手王取無効, excluded above, a king capture is a check.)
        let watch = |color: Color| {
            pos.king(color).map(|k| {
                let reach = reaching(pos, rules, powers, k, !color);
                (k, reach, ordinary_among(pos, rules, powers, reach, k))
            })
        };
        // The enemy king only matters to the checks a move gives: unasked otherwise (its
        // entries then say "unknown", and the full test answers for it).
        let us = pos.side_to_move();
        let mut watched = [None; 2];
        watched[us.index()] = watch(us);
        if checks_wanted {
            watched[(!us).index()] = watch(!us);
        }
        // a king nobody checks
        let safe = |color: Color| watched[color.index()].and_then(|(k, _, checkers)| checkers.is_empty().then_some(k));
        // Pieces that reach a king without capturing it as a check (paralysed, or voided
        // by 利き二歩無効): any move may revive them, so they stay suspects.
        let idle_reachers =
            |color: Color| watched[color.index()].map_or(Bitboard::EMPTY, |(_, reach, checkers)| reach & !checkers);
        let checked = watched[us.index()]
            .map(|(k, _, checkers)| (k, checkers))
            .filter(|(_, checkers)| checkers.is_nonempty());
        let unbound_checker = checked.is_some_and(|(_, checkers)| (checkers & unbound).is_nonempty());
        // a 天竺 king checking: its borrowed power changes with any move
        let borrowing_checker = local.kings_borrow
            && checked.is_some_and(|(_, checkers)| (checkers & pos.pieces_of_kind(PieceKind::King)).is_nonempty());
        let evasions = match checked {
            Some(_) if unbound_checker => Evasions::ANYWHERE,
            Some((king, checkers)) => local.evasion_squares(pos, king, checkers),
            None => Evasions::ANYWHERE,
        };
        // in check, a capture anywhere may displace a piece between (or, under Madrasi,
        // send a capturer home where it paralyses a checker)
        let capture_evasions = if checked.is_some() && local.displacing && evasions.squares != Bitboard::FULL {
            remote_capture_evasions(pos, rules, &local, &evasions)
        } else {
            CaptureEvasions::NONE
        };
        let borrowed_checks = match pos.king(!us) {
            Some(king) if checks_wanted && local.borrowed_powers == PowerNeighbourhood::NextRank => {
                borrowed_power_checks(pos, local, king)
            }
            _ => Bitboard::FULL,
        };
        let reviving = if checks_wanted {
            reviving_squares(pos, local, idle_reachers(!us))
        } else {
            Bitboard::FULL
        };
        let pins = watched[us.index()].and_then(|(king, _, _)| pins(pos, rules, local, king));
        // (no enemy piece reaches the mover's king now)
        let unreached = watched[us.index()].and_then(|(k, reach, _)| reach.is_empty().then_some(k));
        Some(LocalSafety {
            rules: local,
            pins,
            tenjiku_quiet: tenjiku_quiet_king(pos, local, unreached),
            borrowed_checks,
            reviving,
            safe_kings: [safe(Color::Black), safe(Color::White)],
            idle_reachers: [idle_reachers(Color::Black), idle_reachers(Color::White)],
            checked,
            evasions,
            capture_evasions,
            // a king's borrowed power may change with any move
            always_suspect: if local.kings_borrow {
                pos.pieces_of_kind(PieceKind::King)
            } else {
                Bitboard::EMPTY
            } | unbound,
            unbound_check_path: match pos.king(!us) {
                _ if !checks_wanted => UnboundPaths::FULL,
                Some(king) => UnboundPaths::of(pos, rules, unbound & pos.pieces_of(us), king),
                None => UnboundPaths::EMPTY,
            },
            unbound_safety_path: safe(us).map(|king| UnboundPaths::of(pos, rules, unbound & pos.pieces_of(!us), king)),
            unbound,
            remote_evasions: local.remote_evasions || unbound_checker || borrowing_checker,
        })
    }

    /// The squares a piece of the side to move on `from` may go to with a chance of a
    /// legal move: all, unless the king stands in check and the piece is neither the
    /// king nor on an evasion square (then only the evasion squares and, under a
    /// capture condition, the enemy pieces; under Madrasi the squares that answer by
    /// paralysis only for a piece of a checker's kind, `kind` or promoted). Drops:
    /// `from` `None`.
    #[inline]
    pub(crate) fn targets(&self, from: Option<Square>, kind: PieceKind) -> Bitboard {
        let pin_line = match (self.pins, from) {
            (Some((king, pinned, rays)), Some(from)) if pinned.contains(from) => rays & attacks::line(king, from),
            _ => Bitboard::FULL,
        };
        pin_line & self.evasion_targets(from, kind)
    }

    /// [`Self::targets`] but for pins: the evasion squares.
    #[inline]
    fn evasion_targets(&self, from: Option<Square>, kind: PieceKind) -> Bitboard {
        if self.checked.is_none() {
            // (not in check: the evasion squares are all squares)
            return Bitboard::FULL;
        }
        let kinds = kind_bit(kind) | kind.promoted().map_or(0, kind_bit);
        let evasions = if self.evasions.checker_kinds & kinds != 0 {
            self.evasions.squares
        } else {
            self.evasions.squares & !self.evasions.paralysis_only
        };
        match (self.checked, from) {
            (Some((king, _)), Some(from)) if from == king || self.evasions.free_movers.contains(from) => Bitboard::FULL,
            (_, Some(_)) => evasions | self.capture_evasions.by(kind),
            (_, None) => evasions,
        }
    }

    /// The mover's king, first among its pieces when it stands in check (its moves are
    /// the likeliest evasions: a caller asking for one legal move stops sooner).
    #[inline]
    pub(crate) fn checked_king(&self) -> Option<Square> {
        self.checked.map(|(king, _)| king)
    }

    /// Whether `m`, a move of the side to move, surely leaves its king in check: some
    /// checker keeps its power (it stands neither on nor next to a square the move
    /// empties or fills) and its path (the move fills no square between it and the
    /// king). A move of the king is not judged here.
    #[inline]
    pub(crate) fn leaves_check(&self, m: Move) -> bool {
        let Some((king, checkers)) = self.checked.filter(|_| !self.remote_evasions) else {
            return false;
        };
        if m.from() == Some(king) {
            return false;
        }
        let touched = touched_squares(m);
        let near = power_neighbourhood(touched, self.rules.borrowed_powers);
        (checkers & !near)
            .into_iter()
            .any(|checker| (attacks::between(checker, king) & touched).is_empty())
    }

    /// Whether the king of `color` is attacked in `after`, the position after `m`, a
    /// move of the side to move of `before` (its powers `after_powers`); `None` when the shortcut cannot tell (that king moved, or
    /// stood attacked before the move): ask in full.
    #[inline]
    pub(crate) fn attacked_after(
        &self,
        color: Color,
        m: Move,
        before: &Position,
        after: &Position,
        rules: &RuleSet,
        after_powers: &Powers,
    ) -> Option<bool> {
        let king = self.safe_kings[color.index()]?;
        if m.from() == Some(king) {
            return None;
        }
        let occupied = after.occupied();
        // (the pieces asked, of `!color`, are the mover's when `color` is to move now)
        let movers = color == after.side_to_move();
        let suspects = self.suspects(king, m, before, occupied, movers) | self.idle_reachers[color.index()];
        let attacked = (suspects & after.pieces_of(!color)).into_iter().any(|sq| {
            after_powers.attacks_square(after, rules, sq, king, occupied)
                && is_ordinary_capture(after, rules, after_powers, sq, king)
        });
        Some(attacked)
    }

    /// Whether `m`, a move of the side to move of `pos`, surely leaves its king
    /// unattacked, told without playing it: no enemy piece is left among the suspects
    /// (a piece reborn or restored by a capture stands on a touched square: always one).
    #[inline]
    pub(crate) fn surely_safe(&self, m: Move, pos: &Position, rules: &RuleSet) -> bool {
        let us = pos.side_to_move();
        let Some(king) = self.safe_kings[us.index()] else {
            // no king is never attacked; a king in check is asked in full
            return pos.king(us).is_none();
        };
        if m.from() == Some(king) || self.idle_reachers[us.index()].is_nonempty() {
            return false;
        }
        let Some(change) = BoardChange::of(pos, m) else {
            return false;
        };
        let enemies = (pos.pieces_of(!us) & !Bitboard::from(m.to())) | change.displaced_square();
        // the enemy pieces that are not line-bound and stay where they are: asked by
        // their own kind's reach over the board afterwards, where the move fills or
        // empties a square of their paths to the king (else they reach it no more than
        // before: `unbound_safety_path`)
        let path_touched = self
            .unbound_safety_path
            .is_none_or(|paths| paths.touched(pos.occupied(), change.occupied));
        let unbound = self.unbound & enemies & !change.vacated & !change.displaced_square();
        let asked = if path_touched { unbound } else { Bitboard::EMPTY };
        let table = rules.pieces();
        (self.suspects(king, m, pos, change.occupied, false) & enemies & !unbound).is_empty()
            && asked.into_iter().all(|sq| {
                pos.piece_at(sq)
                    .is_some_and(|p| !table.attacks_square(p.kind, p.color, sq, king, change.occupied))
            })
    }

    /// Whether every move's king safety is told unplayed ([`LocalRules::tells_attacks_unplayed`])
    /// under Madrasi: [`Self::surely_safe`] is then skipped, `attacked_unplayed` answering
    /// every move it would (forest-06-10_97 help: 1.021 → 1.009 G Ir). So under 天竺 where
    /// `tenjiku_unplayed` holds (`tenjiku::king_attacked_after` answers every move) while
    /// both sides of `pos` have a king: `surely_safe` then never says safe, a 天竺 king
    /// being always a suspect (without a king of its own the mover is told safe there at
    /// once).
    #[inline]
    pub(crate) fn suspects_asked_alone(&self, pos: &Position) -> bool {
        self.rules.paralysis.is_some() && self.rules.tells_attacks_unplayed()
            || self.rules.tenjiku_unplayed && Color::ALL.iter().all(|&c| pos.king(c).is_some())
    }

    /// Whether `m` obeys the conditions that forbid positions ([`LocalRules::obeys_constraints_unplayed`]).
    #[inline]
    pub(crate) fn obeys_constraints_unplayed(&self, m: Move, pos: &Position, rules: &RuleSet) -> Option<bool> {
        self.rules.obeys_constraints_unplayed(m, pos, rules)
    }

    /// Whether the mover's king is attacked after `m` ([`LocalRules::attacked_unplayed`]):
    /// when the king stays where it stands, only the pieces that may reach it then are
    /// asked ([`Self::attacked_by_suspects`]).
    #[inline]
    pub(crate) fn attacked_unplayed(&self, m: Move, pos: &Position, rules: &RuleSet) -> Option<bool> {
        // (under plain attacks the whole test, which stops at the first attacker, costs
        // less than the suspects' bookkeeping)
        if self.rules.plain_attacks {
            return match pos.king(pos.side_to_move()) {
                Some(king) => {
                    let unbound = (self.unbound, self.unbound_safety_path);
                    plain_attacked_after(m, pos, rules, king, self.rules.fixed_king_kind, unbound)
                }
                None => Some(false),
            };
        }
        if let Some(king) = self.tenjiku_quiet {
            let pinned = self.pins.map_or(Bitboard::EMPTY, |(_, pinned, _)| pinned);
            if m.from().is_none_or(|from| from != king && !pinned.contains(from)) {
                return Some(false);
            }
        }
        self.attacked_by_suspects(m, pos, rules)
            .or_else(|| self.rules.attacked_unplayed(m, pos, rules))
    }

    /// [`LocalRules::attacked_unplayed`] for a move that leaves the mover's king on its
    /// square, in check or not, asking only the enemy pieces that may reach it afterwards:
    /// those that reached it before (checkers, idle reachers), the suspects
    /// ([`Self::suspects`]: on a touched square, on a line from the king opened through
    /// an emptied square, not line-bound), and a piece the move puts on the board for the
    /// enemy (reborn, restored, turned over). Guarantee: [`LocalRules::tells_attacks_unplayed`]
    /// (every power is the piece's own kind's, or 駒詰's fixed one, and a reach is a check
    /// unless Madrasi paralyses the piece), so a piece that is none of these keeps its
    /// power and its lines to the king, and reaches it no more than before.
    #[inline]
    fn attacked_by_suspects(&self, m: Move, pos: &Position, rules: &RuleSet) -> Option<bool> {
        if !self.rules.tells_attacks_unplayed() {
            return None;
        }
        let us = pos.side_to_move();
        let (king, checkers) = match (self.safe_kings[us.index()], self.checked) {
            (Some(king), _) => (king, Bitboard::EMPTY),
            (None, Some(checked)) => checked,
            (None, None) => return None,
        };
        if m.from() == Some(king) {
            return None;
        }
        let change = BoardChange::of(pos, m)?;
        let moved = moved_piece(pos, m)?;
        let captured = captured_squares(m);
        let enemies = pos.pieces_of(!us) & !captured;
        let suspects =
            (checkers | self.idle_reachers[us.index()] | self.suspects(king, m, pos, change.occupied, false)) & enemies;
        let powers = self.rules.unplayed_powers(pos, rules);
        // A checker is not paralysed before the move: only a piece of its kind set down,
        // displaced or promoted into, or a line opened to it through a square the move
        // empties (an ordinary kind's lines from the checker, by the symmetry of the
        // fixed tables) can paralyse it.
        let may_paralyse = |checker: Square, piece: Piece| {
            !checkers.contains(checker)
                || m.displacement().is_some()
                || !piece.kind.is_ordinary()
                || moved.kind == piece.kind && moved.color != piece.color
                || (attacks::ordinary_pseudo_attacks(piece.kind, piece.color, checker) & change.vacated).is_nonempty()
        };
        let checks = |sq: Square, piece: Piece, may_paralyse: bool| {
            self.rules
                .paralysis
                .is_none_or(|kings| !(may_paralyse && change.paralysed(pos, rules, kings, moved, sq, piece)))
        };
        let attacked = suspects.into_iter().any(|sq| {
            powers.attacks_square(pos, rules, sq, king, change.occupied)
                && pos
                    .piece_at(sq)
                    .is_some_and(|piece| checks(sq, piece, may_paralyse(sq, piece)))
        });
        let displaced_checks = change.displaced.is_some_and(|(sq, piece)| {
            rules
                .pieces()
                .attacks_square(piece.kind, piece.color, sq, king, change.occupied)
                && checks(sq, piece, true)
        });
        Some(attacked || displaced_checks)
    }

    /// Whether `m`, a move of the side to move of `pos`, gives check, told without
    /// playing it (`None`: play it and ask): with plain checks only the suspects for
    /// the enemy king can, each with its power after the move (its own kind's, the
    /// moved piece's after promotion, or under the 安南 family its lender's after the
    /// move, a reborn or restored piece and a mover turned over among the lenders;
    /// under ネコ鮮 and ネコネコ鮮 its mirror's in its file's line after the move).
    #[inline]
    pub(crate) fn gives_check_unplayed(&self, m: Move, pos: &Position, rules: &RuleSet) -> Option<bool> {
        if !self.rules.tells_checks_unplayed() {
            return self.trial_gives_check_unplayed(m, pos, rules);
        }
        let us = pos.side_to_move();
        if self.rules.tenjiku_unplayed && pos.king(us).is_some() {
            return self.rules.tenjiku_king_attacked_after(m, pos, rules, !us);
        }
        let king = self.safe_kings[(!us).index()]?;
        // (天竺 with the mover kingless and only ordinary kinds in play: its pieces all
        // check by their own ordinary powers, as under plain attacks)
        let tenjiku_plain = self.rules.tenjiku_unplayed && !pos.has_fairy_pieces();
        if self.rules.plain_attacks || tenjiku_plain {
            let unbound = (self.unbound, self.unbound_check_path);
            return plain_gives_check(m, pos, rules, king, unbound, self.rules.fixed_king_kind);
        }
        let moved = moved_piece(pos, m)?;
        let change = BoardChange::of(pos, m)?;
        let mut ours = pos.pieces_of(us) & !change.vacated;
        // (a mover Andernach turns over is the enemy king's own piece now)
        if moved.color == us {
            ours |= change.dest.into();
        }
        let piece_after = |sq: Square| change.piece_after(pos, moved, sq);
        let table = rules.pieces();
        // under Madrasi with borrowed powers a piece is paralysed by the powers after the
        // move, told for ordinary kinds only
        let borrowed_paralysis =
            self.rules.paralysis.is_some() && self.rules.borrowed_powers != PowerNeighbourhood::Own;
        if borrowed_paralysis && !ordinary_kinds_after(pos, &change, moved) {
            return None;
        }
        let paralysed = |sq: Square, piece: Piece| {
            self.rules.paralysis.is_some_and(|kings| {
                if borrowed_paralysis {
                    let paralysers = change.pieces_after(pos, moved, !piece.color, piece.kind);
                    borrowed_powers_paralysed(
                        pos,
                        piece_after,
                        rules,
                        self.rules,
                        kings,
                        paralysers,
                        change.occupied,
                        sq,
                        piece,
                    )
                } else {
                    change.paralysed(pos, rules, kings, moved, sq, piece)
                }
            })
        };
        // (利き二歩無効, told: `LocalRules::voids_told`) a pawn of ours whose capture of the
        // king is void on the board after the move checks not
        let voided = |sq: Square, piece: Piece| {
            self.rules.pawn_voids
                && piece.kind == PieceKind::Pawn
                && kiki_nifu::void_capturers(change.pieces_after(pos, moved, us, PieceKind::Pawn), king).contains(sq)
        };
        // under Madrasi a piece of ours that reaches the king paralysed may be freed, under
        // 利き二歩無効 one whose capture was void
        let mut suspects = self.suspects(king, m, pos, change.occupied, true) | self.idle_reachers[(!us).index()];
        if self.rules.borrowed_powers == PowerNeighbourhood::File && ordinary_kinds_after(pos, &change, moved) {
            // (whole files: of their pieces, only those where an ordinary kind may attack
            // the king from)
            suspects &= ordinary_attack_origins(king, change.occupied);
        } else if borrowed_paralysis {
            // (every kind ordinary, checked above: only a piece where an ordinary kind
            // may attack the king from on some board can, before its lender is read)
            suspects &= ordinary_attack_span(king);
        }
        for sq in suspects & ours {
            let piece = piece_after(sq)?;
            // (under ネコ鮮 and ネコネコ鮮 with a fairy kind in play, a piece off the touched
            // files keeps its line, and is a suspect only by a line opened to the king)
            let kind = match self.rules.borrowed_powers {
                PowerNeighbourhood::NextRank | PowerNeighbourhood::File => {
                    borrowed_power_after(pos, self.rules, &change, moved, sq, piece)
                }
                // 駒詰: a king checks with the fixed kind's power
                _ if piece.kind == PieceKind::King => self.rules.fixed_king_kind.unwrap_or(PieceKind::King),
                _ => piece.kind,
            };
            if table.attacks_square(kind, us, sq, king, change.occupied) && !paralysed(sq, piece) && !voided(sq, piece)
            {
                return Some(true);
            }
        }
        Some(false)
    }

    /// Koko and Isardam type A with every piece its own kind's power, where
    /// [`LocalRules::trial_told`] holds: whether `m` gives check, told without playing it.
    /// Nobody checks the enemy king now (ours is the move), so the pieces of ours that
    /// may reach it afterwards are the suspects ([`Self::suspects`]) and those that reach
    /// it now with their capture voided (`idle_reachers`); one that reaches it checks when
    /// some form of its capture (the piece as it stands after `m`, the pawns of its side
    /// after `m`) lands as the condition allows on the board after `m` ([`Landing`]).
    /// `None`: play it and ask (a displacement, a fairy kind asked).
    fn trial_gives_check_unplayed(&self, m: Move, pos: &Position, rules: &RuleSet) -> Option<bool> {
        let local = &self.rules;
        if !local.reach_told || local.power != PowerRule::Own {
            return None;
        }
        let landing = local.trial_told(m, pos, rules)?;
        let us = pos.side_to_move();
        let king = self.safe_kings[(!us).index()]?;
        let moved = moved_piece(pos, m)?;
        let change = BoardChange::of(pos, m)?;
        let ours = (pos.pieces_of(us) & !change.vacated) | change.dest.into();
        let suspects = (self.suspects(king, m, pos, change.occupied, true) | self.idle_reachers[(!us).index()]) & ours;
        let pawns = || change.pieces_after(pos, moved, us, PieceKind::Pawn);
        let table = rules.pieces();
        for sq in suspects {
            let piece = change.piece_after(pos, moved, sq)?;
            if !piece.kind.is_ordinary() {
                return None;
            }
            if table.attacks_square(piece.kind, us, sq, king, change.occupied)
                && landing.capture_allowed(rules, piece, sq, king, change.occupied, pawns)
            {
                return Some(true);
            }
        }
        Some(false)
    }

    /// The squares where a drop of `kind`, or a move of a piece of `kind` of the side to
    /// move of `pos` that does not [`Self::checks_from_anywhere`], may give check, a
    /// superset (all squares where the shortcut cannot tell). With powers read off the
    /// board, only the moved piece can newly reach the enemy king (the squares an
    /// ordinary kind of the other colour attacks from the king, by the symmetry of the
    /// fixed tables: the piece's own square, off the king's open lines, changes none of
    /// them), or under the 安南 family a piece whose power the move changes: the moved
    /// piece itself where a lender stands next to its destination, one of ours that it
    /// lends to there (安南, 安北), or (対面, 背面) one of ours that borrowed from the
    /// enemy piece it captures. Madrasi and 利き二歩無効 only take checks away, but a move
    /// may revive a piece that reaches the king without checking it: with such a piece,
    /// the squares where a move may revive it too ([`reviving_squares`]). A capture that displaces a piece is judged as the same move
    /// without it, unless [`Self::displacement_may_check`]. The same for every piece of
    /// the kind: the generator asks once a node. With `promoted` (a board move that may
    /// promote), the union of both kinds' squares, asked at once: every term but the
    /// kind's own attack set is the same for both, and the 安南 family's terms are
    /// shifts of that set, which distribute over a union. The king's own step next to
    /// the enemy king is left out where no such move is legal
    /// ([`LocalRules::king_next_to_king_illegal`]; forest-06-10_97's marching kings).
    pub(crate) fn kind_check_squares(
        &self,
        pos: &Position,
        rules: &RuleSet,
        kind: PieceKind,
        promoted: Option<PieceKind>,
    ) -> Bitboard {
        let us = pos.side_to_move();
        let ordinary = kind.is_ordinary() && promoted.is_none_or(|p| p.is_ordinary());
        let line_powers_king = self.line_powers_enemy_king(pos, ordinary);
        // A fairy kind whose attack origins are told (leaps, rides, hops over one
        // hurdle: `CompiledMovement::attack_origins`) checks, under own powers, from
        // those seen from the king, over the board before the move: a leap is the same
        // both ways, a ride passes the same squares (one along a line through the king
        // and the piece's own square would check already), a hop needs its hurdle next
        // to the king and the squares before it empty (the piece itself on that hurdle
        // only adds squares; where its own square ends such a run, it checks already),
        // and White's movement is Black's turned round. With a promotion, both kinds
        // line-bound (rides over the board with the kind lifted, below: a hurdle must
        // not be).
        let table = self.rules.power == PowerRule::Own && !ordinary;
        let table = table.then(|| rules.pieces()).filter(|table| match promoted {
            None => table.attack_origins_told(kind),
            Some(promoted) => table.attacks_line_bound(kind) && table.attacks_line_bound(promoted),
        });
        let Some(king) = line_powers_king.or_else(|| self.told_enemy_king(pos, ordinary || table.is_some())) else {
            return Bitboard::FULL;
        };
        if kind == PieceKind::King && self.rules.fixed_king_kind.is_some() {
            // (駒詰: the king checks by the fixed kind, whose attack from the enemy king
            // need not mirror its own; one piece, each move asked)
            return Bitboard::FULL;
        }
        let occupied = pos.occupied();
        let king_step_banned = kind == PieceKind::King && self.rules.king_next_to_king_illegal();
        // (a fairy kind's promotion may ride a line the unpromoted piece does not: then
        // the squares beyond its own origin count, every piece of the kind lifted)
        let lifted = occupied & !pos.pieces(us, kind);
        let own_attack = |attacker: PieceKind| {
            let seen = if attacker == kind || table.is_none() {
                occupied
            } else {
                lifted
            };
            match (attacker.is_ordinary(), table.as_ref()) {
                (false, Some(table)) => table.attack_origins(attacker, us, king, seen),
                _ => attacks::ordinary_attacks(attacker, !us, king, seen),
            }
        };
        let attack_sets = match promoted {
            // (a pawn's, a bishop's and a rook's attack lie within their promoted kind's:
            // one attack set)
            Some(promoted) if matches!(kind, PieceKind::Pawn | PieceKind::Bishop | PieceKind::Rook) => {
                own_attack(promoted)
            }
            Some(promoted) => own_attack(kind) | own_attack(promoted),
            None if king_step_banned => Bitboard::EMPTY,
            None => own_attack(kind),
        };
        if line_powers_king.is_some() {
            return line_power_check_squares(pos, self.rules.power, king, attack_sets, self.rules.displacing);
        }
        // (a piece that fills a square on the path of one of ours that is not
        // line-bound may give check by it: a hurdle next to the king)
        let mut squares = attack_sets | self.unbound_check_path.fill | self.reviving;
        if self.rules.displacing && table.is_some_and(|table| !table.attacks_line_bound(kind)) {
            // (a capture's displaced piece, set down elsewhere, may be the hurdle of
            // a hop to the king: every capture)
            squares |= pos.pieces_of(!us);
        }
        if self.rules.borrowed_powers == PowerNeighbourhood::NextRank {
            let movers = occupied & !pos.pieces_of_kind(PieceKind::Stone);
            let ours = pos.pieces_of(us) & movers;
            let toward_lender = lender_direction(self.rules.power, us);
            // a lender may leave, but never comes nearer: this node's set serves
            let own_checks = squares;
            squares |= self.borrowed_checks;
            // (capturing the enemy piece that lends to one of ours, under 対面 and 背面,
            // gives that one its own power back: `borrowed_checks`)
            if lenders_are_friendly(self.rules.power) || self.rules.turns {
                // a piece of ours behind the destination borrows `kind` (under 対面 and
                // 背面 from a mover turned over there)
                squares |= next_to(ours & own_checks, -toward_lender);
            }
        }
        squares
    }

    /// Whether emptying `sq`, where the side to move of `pos` captures with a piece from
    /// `from` on the first of two steps, may let a piece of its side check the enemy
    /// king: `sq` on a rook or bishop line from the king with nothing between but that
    /// piece, on the path of one of ours that is not line-bound, or where a move may
    /// revive one. Asked where [`Self::kind_check_squares`] told the squares the two-step
    /// checks from by its destination (so under own powers, the king told).
    pub(crate) fn emptied_may_check(&self, pos: &Position, from: Square, sq: Square) -> bool {
        let Some(king) = self.safe_kings[(!pos.side_to_move()).index()] else {
            return true;
        };
        let occupied = pos.occupied().without(from);
        let lines = attacks::rook_attacks(king, occupied) | attacks::bishop_attacks(king, occupied);
        (lines | self.unbound_check_path.vacate | self.reviving).contains(sq)
    }

    /// The squares from which a move by the side to move of `pos` may give check wherever
    /// it goes (asked for its pieces' squares, once a node): a piece behind it reaches
    /// the enemy king when nothing stands between it and the king (under own powers,
    /// only a piece of ours whose own kind then attacks the king: its power cannot
    /// change; under 対面 and 背面 where [`LocalRules::facing_lines_told`] holds, with its
    /// power now, the others on such a line in `along_lines`:
    /// [`facing_line_squares`]), or (安南, 安北) one of ours borrowed from it; under ネコ鮮
    /// and ネコネコ鮮 a piece on a line from the king, or one in a file's line with another
    /// piece of ours on that file where an ordinary kind may attack the king from
    /// ([`line_power_check_squares`]). (Empty where [`Self::kind_check_squares`] answers
    /// all squares anyway.)
    pub(crate) fn checks_from_anywhere(&self, pos: &Position) -> CheckOrigins {
        let mut origins = CheckOrigins::default();
        let line_powers_king = self.line_powers_enemy_king(pos, true);
        let Some(king) = line_powers_king.or_else(|| self.told_enemy_king(pos, true)) else {
            return origins;
        };
        let us = pos.side_to_move();
        let occupied = pos.occupied();
        // a piece on a line from the king with nothing between is the first piece
        // the king's rook or bishop rides meet on it
        let seen =
            (attacks::rook_attacks(king, occupied) | attacks::bishop_attacks(king, occupied)) & pos.pieces_of(us);
        let mut squares = self.unbound_check_path.vacate;
        let facing = self.rules.facing_lines_told();
        // (under 駒詰 a piece has its own power but for the kings, which have its kind's)
        let own_powers = matches!(self.rules.power, PowerRule::Own | PowerRule::Komazume(_));
        for from in seen {
            let anywhere = if facing {
                match facing_line_squares(pos, self.rules, king, from) {
                    Some(line) => {
                        origins.along_lines |= from.into();
                        origins.line_squares |= line;
                        false
                    }
                    None => true,
                }
            } else {
                !own_powers || uncovers_a_check(pos, king, from, self.rules.fixed_king_kind)
            };
            if anywhere {
                squares |= from.into();
            }
        }
        if self.rules.borrowed_powers == PowerNeighbourhood::NextRank && lenders_are_friendly(self.rules.power) {
            let ours = pos.pieces_of(us) & !pos.pieces_of_kind(PieceKind::Stone);
            squares |= next_to(ours, -lender_direction(self.rules.power, us));
        }
        if line_powers_king.is_some() {
            // one in a file's line changes its line-mates' powers by leaving it, which
            // matters where another piece of ours on that file stands where an ordinary
            // kind may attack the king from (no other square becomes one: no line to the
            // king opens)
            let ours = pos.pieces_of(us);
            let placed = ordinary_attack_origins(king, occupied) & ours;
            let movers = occupied & !pos.pieces_of_kind(PieceKind::Stone);
            for from in neko_sen::in_lines(pos, self.rules.power, movers) & ours {
                if (placed & Bitboard::file(from.file()) & !Bitboard::from(from)).is_nonempty() {
                    squares |= from.into();
                }
            }
        }
        origins.anywhere = squares;
        origins
    }

    /// [`Self::kind_check_squares`] and [`Self::checks_from_anywhere`] for every kind at
    /// once, where they read nothing but the enemy king's lines, the kind's attack and
    /// the squares that may revive a piece of ours: every piece with its own kind's
    /// power (no lender, no line power, no fixed king kind), only ordinary kinds in
    /// play (no piece unbound, no fairy table) and the enemy king told. A piece then
    /// checks wherever it goes only by uncovering a rider of ours next behind it on a
    /// line from the king: a stepper behind it is two squares or more from the king on
    /// that line, out of its reach (a knight's leap is on no line).
    pub(crate) fn ordinary_check_squares(&self, pos: &Position) -> Option<OrdinaryCheckSquares> {
        if self.rules.power != PowerRule::Own || pos.has_fairy_pieces() {
            return None;
        }
        let king = self.told_enemy_king(pos, true)?;
        let them = !pos.side_to_move();
        let occupied = pos.occupied();
        // (the lone pieces of ours between the king and a rider of ours: the ordinary
        // path's discovered checkers; no piece is unbound, so its path is empty, kept
        // as the general test keeps it)
        let uncovering = self.unbound_check_path.vacate | pos.check_info().uncovering();
        let straight = attacks::rook_attacks(king, occupied);
        Some(OrdinaryCheckSquares {
            pawn: attacks::pawn_attacks(them, king),
            knight: attacks::knight_attacks(them, king),
            silver: attacks::silver_attacks(them, king),
            gold: attacks::gold_attacks(them, king),
            king_steps: attacks::king_attacks(king),
            lance: straight & attacks::lance_pseudo_attacks(them, king),
            diagonal: attacks::bishop_attacks(king, occupied),
            straight,
            besides: self.unbound_check_path.fill | self.reviving,
            king_step_banned: self.rules.king_next_to_king_illegal(),
            uncovering,
        })
    }

    /// The squares where a drop of an ordinary kind on its check squares
    /// ([`Self::kind_check_squares`]) is legal and checks, told without asking: under
    /// plain attacks ([`LocalRules::plain_attacks`]), the mover's king safe and the enemy
    /// king told, every square but those where a drop may set a hurdle for a piece that
    /// is not line-bound (`unbound_check_path`, `unbound_safety_path`: [`UnboundPaths`]'s
    /// `fill`); none otherwise. A drop empties no square, captures nothing and displaces
    /// nothing, so elsewhere the mover's king, unattacked, stays so (a line-bound piece is
    /// only blocked), and the kind's check squares there are exactly its attack set from
    /// the enemy king (no piece of ours reaches it idle, powers are the pieces' own,
    /// 駒詰's kings' aside, which no drop changes: a dropped piece is never a king),
    /// whence the dropped piece attacks the king by the symmetry of the fixed tables.
    #[inline]
    pub(crate) fn drop_checks_told(&self, pos: &Position) -> Bitboard {
        if !self.rules.plain_attacks || self.checked.is_some() || self.told_enemy_king(pos, true).is_none() {
            return Bitboard::EMPTY;
        }
        // (out of check, the mover's king is safe, or there is none)
        let hurdles = self.unbound_safety_path.map_or(Bitboard::EMPTY, |paths| paths.fill);
        !(hurdles | self.unbound_check_path.fill)
    }

    /// Under ネコ鮮 and ネコネコ鮮 with plain checks: the enemy king, when no piece of ours
    /// reaches it and every kind in play is ordinary (the board's and `ordinary_kind`,
    /// the moved or dropped one), so that [`line_power_check_squares`] holds.
    #[inline]
    fn line_powers_enemy_king(&self, pos: &Position, ordinary_kind: bool) -> Option<Square> {
        let told = self.rules.line_powers_told() && ordinary_kind && pos.fairy_squares().is_empty();
        self.safe_kings[(!pos.side_to_move()).index()].filter(|_| told)
    }

    /// The enemy king when the check squares can be told (powers read off the board, or
    /// under 天竺 the side to move without a king, its pieces all with their own powers,
    /// or under 駒詰 every piece's its own but the kings', which no move changes; an
    /// ordinary kind, no piece of ours reaching it without checking unless where a move
    /// may revive one is known, the king not in check).
    #[inline]
    fn told_enemy_king(&self, pos: &Position, ordinary_kind: bool) -> Option<Square> {
        let them = (!pos.side_to_move()).index();
        let own_powers = self.rules.board_powers
            || self.rules.fixed_king_kind.is_some()
            || self.rules.kings_borrow && pos.king(pos.side_to_move()).is_none();
        let told = own_powers && ordinary_kind && self.reviving != Bitboard::FULL;
        self.safe_kings[them].filter(|_| told)
    }

    /// Whether a capture under `rule` may give check where the same move without its
    /// displacement would not: the capturer returns home (アンチキルケ), or the displaced
    /// enemy piece (reborn, restored) lends its power to one of ours that it faces
    /// (対面, 背面). Otherwise the displaced piece only blocks lines, takes no power
    /// away (安南's lenders are friendly) and revives only a piece that already reached
    /// the king ([`Self::kind_check_squares`] then answers every square).
    pub(crate) fn displacement_may_check(&self, rule: CaptureRule) -> bool {
        rule == CaptureRule::AntiCirce
            || matches!(self.rules.power, PowerRule::Taimen | PowerRule::Haimen)
            || self.unbound_check_path.all().is_nonempty()
    }

    /// The enemy pieces whose capture by a piece of `kind` under `rule` may check where
    /// the same move without its displacement would not ([`Self::displacement_may_check`]):
    /// none, every enemy piece, or under アンチキルケ with every piece's own power, no
    /// piece of ours unbound and an ordinary kind, those whose capture sends the capturer
    /// home to a square whence its kind or its promotion attacks the enemy king on the
    /// empty board, and those that the capture takes off a line from the king (the
    /// first piece on it, or the second behind one of ours, which may be the capturer):
    /// the capture square is left empty, and only a line through it, through the
    /// capturer's square (asked apart: `checks_from_anywhere`) or a check from home is
    /// new.
    pub(crate) fn displacement_check_captures(
        &self,
        pos: &Position,
        rules: &RuleSet,
        rule: CaptureRule,
        kind: PieceKind,
    ) -> Bitboard {
        if !self.displacement_may_check(rule) {
            return Bitboard::EMPTY;
        }
        let us = pos.side_to_move();
        let them = !us;
        let enemies = pos.pieces_of(them);
        let told = rule == CaptureRule::AntiCirce
            && self.rules.power == PowerRule::Own
            && self.unbound_check_path.all().is_empty()
            && kind.is_ordinary()
            && !pos.has_unusual_royals();
        let Some(king) = pos.king(them).filter(|_| told) else {
            return enemies;
        };
        let mut from_home = attacks::ordinary_pseudo_attacks(kind, them, king);
        if let Some(promoted) = kind.promoted().filter(|_| rules.promotes(kind)) {
            from_home |= attacks::ordinary_pseudo_attacks(promoted, them, king);
        }
        let files = crate::capture::files_homing_to(kind.unpromoted(), us, from_home);
        let occupied = pos.occupied();
        let rays = |occupied: Bitboard| attacks::rook_attacks(king, occupied) | attacks::bishop_attacks(king, occupied);
        let first = rays(occupied) & occupied;
        let second = rays(occupied & !(first & pos.pieces_of(us))) & occupied;
        enemies & (files | first | second)
    }

    /// The squares where a piece of one side could newly reach `king` after `m` (the
    /// board's occupancy afterwards `occupied`): on a square the move empties or fills,
    /// or next to one where powers are borrowed (its power may have changed), or on a
    /// line from the king through a square the move empties, when nothing stands
    /// between them. `movers`: the pieces asked are the mover's (`m` a move of the side
    /// to move of `before`); for the other side's, where a piece's power depends on its
    /// own side's pieces alone, powers change only around the squares where that side
    /// loses or gains a piece ([`opponent_squares_touched`]).
    #[inline]
    fn suspects(&self, king: Square, m: Move, before: &Position, occupied: Bitboard, movers: bool) -> Bitboard {
        let vacated = vacated_squares(m);
        let touched = touched_squares(m);
        let power_changes = if movers || !self.rules.borrowed_powers.borrowed_within_side(self.rules.power) {
            touched
        } else {
            opponent_squares_touched(m, before)
        };
        let mut suspects =
            touched | power_neighbourhood(power_changes, self.rules.borrowed_powers) | self.always_suspect;
        for v in vacated {
            let line = attacks::line(king, v);
            // a line still blocked between the king and `v` opens nothing (its first
            // piece was there before, and a piece whose power changed is suspect anyway)
            if line.is_empty() || (attacks::between(king, v) & occupied).is_nonempty() {
                continue;
            }
            let rides = if king.file() == v.file() || king.rank() == v.rank() {
                attacks::rook_attacks(king, occupied)
            } else {
                attacks::bishop_attacks(king, occupied)
            };
            suspects |= rides & line;
        }
        suspects
    }
}

/// Under the 安南 family: the squares where a piece of the side to move of `pos` would
/// borrow, from the lender standing next to it, a power that reaches the enemy `king`
/// (the lender's kind attacks the square from the king, by the symmetry of the fixed
/// tables; a fairy lender's square is kept). A move lifts at most the mover, which
/// opens no line to the king unless `check_squares` answers every square anyway
/// ([`LocalSafety::checks_from_anywhere`]). Under 対面 and 背面 besides, the enemy pieces
/// that lend to one of ours, whose capture gives that one its own power back: where
/// [`LocalRules::facing_lines_told`] holds, only those whose borrower's own kind then
/// attacks the king (the capture fills a square that was filled, and empties one that
/// opens no line to the king unless the mover stands first on it:
/// [`facing_line_squares`]).
fn borrowed_power_checks(pos: &Position, rules: LocalRules, king: Square) -> Bitboard {
    let us = pos.side_to_move();
    let occupied = pos.occupied();
    let movers = occupied & !pos.pieces_of_kind(PieceKind::Stone);
    let toward_lender = lender_direction(rules.power, us);
    let lenders = if lenders_are_friendly(rules.power) {
        pos.pieces_of(us)
    } else {
        pos.pieces_of(!us)
    } & movers;
    let mut squares = Bitboard::EMPTY;
    for sq in next_to(lenders, toward_lender) {
        let lender = sq.offset(0, toward_lender).and_then(|l| pos.piece_at(l));
        let reaches = lender.is_none_or(|l| {
            !l.kind.is_ordinary() || attacks::ordinary_attacks(l.kind, !us, king, occupied).contains(sq)
        });
        if reaches {
            squares |= sq.into();
        }
    }
    if !lenders_are_friendly(rules.power) {
        // (ours with an enemy lender)
        let borrowers = pos.pieces_of(us) & movers & next_to(lenders, toward_lender);
        if rules.facing_lines_told() {
            for sq in borrowers {
                let freed = pos.piece_at(sq).is_some_and(|p| {
                    !p.kind.is_ordinary() || attacks::ordinary_attacks(p.kind, us, sq, occupied).contains(king)
                });
                if freed {
                    squares |= next_to(sq.into(), -toward_lender);
                }
            }
        } else {
            squares |= next_to(borrowers, -toward_lender);
        }
    }
    squares
}

/// Whether every kind on the board after the move `change` (the moved piece `moved`)
/// is ordinary: then each piece's power is an ordinary kind's.
#[inline]
fn ordinary_kinds_after(pos: &Position, change: &BoardChange, moved: Piece) -> bool {
    pos.fairy_squares().is_empty()
        && moved.kind.is_ordinary()
        && change.displaced.is_none_or(|(_, piece)| piece.kind.is_ordinary())
}

/// Under the 安南 family, ネコ鮮 and ネコネコ鮮 (`rules`): the kind whose power `piece` has
/// on `sq`, the board told square by square by `piece_at`: its lender's on the next
/// rank (the 安南 family), its mirror's in its file's line (ネコ鮮, ネコネコ鮮), else its own.
#[inline]
fn borrowed_power(
    piece_at: impl Fn(Square) -> Option<Piece> + Copy,
    rules: LocalRules,
    sq: Square,
    piece: Piece,
) -> PieceKind {
    match rules.borrowed_powers {
        PowerNeighbourhood::NextRank => {
            let lender = sq
                .offset(0, lender_direction(rules.power, piece.color))
                .and_then(piece_at);
            next_rank_power(rules.power, piece, lender)
        }
        PowerNeighbourhood::File => {
            piece_at(neko_sen::lender_on(piece_at, rules.power, sq)).map_or(piece.kind, |lender| lender.kind)
        }
        PowerNeighbourhood::Own => piece.kind,
    }
}

/// [`borrowed_power`] on the board after the move `change`.
#[inline]
fn borrowed_power_after(
    pos: &Position,
    rules: LocalRules,
    change: &BoardChange,
    moved: Piece,
    sq: Square,
    piece: Piece,
) -> PieceKind {
    borrowed_power(|s| change.piece_after(pos, moved, s), rules, sq, piece)
}

/// Under the 安南 family, ネコ鮮 and ネコネコ鮮 (`local`), every kind ordinary and every
/// voided capture told ([`LocalRules::voids_told`]): whether one of `pieces` (of `by`)
/// attacks `target` over `occupied`, the board told by `piece_at`, under Madrasi is not
/// paralysed there, and under 利き二歩無効 is not `voided` (the caller's test, asked of
/// an attacker found: a pawn whose capture of `target` is void there,
/// [`kiki_nifu::void_capturers`]). Exact, and cheap: only
/// a piece on `target`'s lines (nothing between), a king step or a knight's leap away
/// may, each asked with its power there ([`borrowed_power`]); it is paralysed when one
/// of `paralysers_of` its kind (the other side's pieces of that kind) attacks it with
/// its own power there, which again only one where an ordinary kind may attack it from
/// can (paralysis is a function of the powers alone: a paralysed piece still lends and
/// paralyses).
#[allow(clippy::too_many_arguments)]
fn borrowed_powers_attack(
    pos: &Position,
    piece_at: impl Fn(Square) -> Option<Piece> + Copy,
    rules: &RuleSet,
    local: LocalRules,
    pieces: Bitboard,
    paralysers_of: impl Fn(PieceKind) -> Bitboard,
    voided: impl Fn(Square, Piece) -> bool,
    occupied: Bitboard,
    target: Square,
) -> bool {
    // (asked only of a square of `ordinary_attack_origins`: nothing stands between it
    // and `target` on a line, so an ordinary kind there attacks `target` exactly when
    // its empty-board reach holds it, and no ray need be walked)
    let attacks = |sq: Square, piece: Piece, target: Square| {
        attacks::ordinary_pseudo_attacks(borrowed_power(piece_at, local, sq, piece), piece.color, sq).contains(target)
    };
    let paralysed = |sq: Square, piece: Piece| {
        local.paralysis.is_some_and(|kings| {
            borrowed_powers_paralysed(
                pos,
                piece_at,
                rules,
                local,
                kings,
                paralysers_of(piece.kind),
                occupied,
                sq,
                piece,
            )
        })
    };
    (ordinary_attack_origins(target, occupied) & pieces)
        .into_iter()
        .any(|sq| {
            piece_at(sq).is_some_and(|piece| {
                piece.kind != PieceKind::Stone
                    && attacks(sq, piece, target)
                    && !paralysed(sq, piece)
                    && !voided(sq, piece)
            })
        })
}

/// Under Madrasi (`kings`: its reading) with the 安南 family, ネコ鮮 or ネコネコ鮮 (`local`),
/// every kind ordinary: whether `piece`, on `sq` of the board told by `piece_at`, is
/// paralysed there: one of `paralysers` (the other side's pieces of its kind) attacks it
/// over `occupied` with its own power there ([`borrowed_power`]), which only one where an
/// ordinary kind may attack `sq` from on some board can ([`ordinary_attack_span`]: the
/// pieces of one kind are few, each asked over the board).
#[allow(clippy::too_many_arguments)]
#[inline]
fn borrowed_powers_paralysed(
    pos: &Position,
    piece_at: impl Fn(Square) -> Option<Piece> + Copy,
    rules: &RuleSet,
    local: LocalRules,
    kings: MadrasiKings,
    paralysers: Bitboard,
    occupied: Bitboard,
    sq: Square,
    piece: Piece,
) -> bool {
    let table = rules.pieces();
    let near = ordinary_attack_span(sq) & paralysers;
    near.is_nonempty()
        && crate::madrasi::paralysable(pos, piece, kings)
        && near.into_iter().any(|from| {
            piece_at(from).is_some_and(|paralyser| {
                let power = borrowed_power(piece_at, local, from, paralyser);
                table.attacks_square(power, paralyser.color, from, sq, occupied)
            })
        })
}

/// [`borrowed_powers_attack`] on the board after the move `change` (every kind then
/// ordinary: [`ordinary_kinds_after`]).
#[inline(always)]
fn borrowed_powers_attack_after(
    pos: &Position,
    rules: &RuleSet,
    local: LocalRules,
    change: &BoardChange,
    moved: Piece,
    target: Square,
    by: Color,
) -> bool {
    let mut pieces = pos.pieces_of(by) & !change.vacated & !Bitboard::from(change.dest);
    if moved.color == by {
        pieces |= change.dest.into();
    }
    if let Some((sq, _)) = change.displaced.filter(|(_, piece)| piece.color == by) {
        pieces |= sq.into();
    }
    let piece_after = |s: Square| change.piece_after(pos, moved, s);
    let paralysers_of = |kind: PieceKind| change.pieces_after(pos, moved, !by, kind);
    let voided = |sq: Square, piece: Piece| {
        local.pawn_voids
            && piece.kind == PieceKind::Pawn
            && kiki_nifu::void_capturers(change.pieces_after(pos, moved, by, PieceKind::Pawn), target).contains(sq)
    };
    borrowed_powers_attack(
        pos,
        piece_after,
        rules,
        local,
        pieces,
        paralysers_of,
        voided,
        change.occupied,
        target,
    )
}

/// Whether a piece of `by` attacks `target` in `pos` (under Madrasi, one not paralysed),
/// told by [`borrowed_powers_attack`] where it holds (the 安南 family, ネコ鮮 or ネコネコ鮮,
/// every voided capture told, only ordinary kinds on the board), `None` elsewhere:
/// `general::attacked`'s first question.
pub(crate) fn borrowed_powers_attacked(pos: &Position, rules: &RuleSet, target: Square, by: Color) -> Option<bool> {
    let local = rules
        .compiled()
        .local_safety
        .filter(LocalRules::borrowed_attacks_told)?;
    if pos.fairy_squares().is_nonempty() {
        return None;
    }
    let mut pieces = pos.pieces_of(by);
    if local.pawn_voids {
        pieces &= !kiki_nifu::void_capturers(pos.pieces(by, PieceKind::Pawn), target);
    }
    let piece_at = |s: Square| pos.piece_at(s);
    let paralysers_of = |kind: PieceKind| pos.pieces(!by, kind);
    // (the voided pawns are left out of `pieces` above)
    Some(borrowed_powers_attack(
        pos,
        piece_at,
        rules,
        local,
        pieces,
        paralysers_of,
        |_, _| false,
        pos.occupied(),
        target,
    ))
}

/// Whether the kings' attackers under 天竺 are told from the ordinary kinds in `pos`
/// ([`tenjiku::ordinary_king_attacked`]): `tenjiku_unplayed` holds (no Madrasi, no
/// capture voided, no displacement, no turn), only ordinary kinds are in play and each
/// side's king is its one royal piece.
pub(crate) fn tenjiku_told(pos: &Position, rules: &RuleSet) -> bool {
    rules
        .compiled()
        .local_safety
        .is_some_and(|local| local.tenjiku_unplayed)
        && !pos.has_fairy_pieces()
        && !pos.has_unusual_royals()
}

/// Where [`tenjiku_told`] holds: whether `by` attacks `target`, the square of the other
/// side's king, in `pos` ([`tenjiku::ordinary_king_attacked`], each king with its plain
/// checkers' kinds, as `Powers::new` gives them); `None` elsewhere.
pub(crate) fn tenjiku_attacked(pos: &Position, rules: &RuleSet, target: Square, by: Color) -> Option<bool> {
    if !tenjiku_told(pos, rules) || pos.king(!by) != Some(target) {
        return None;
    }
    Some(tenjiku::ordinary_king_attacked(
        pos,
        rules,
        pos.occupied(),
        Bitboard::EMPTY,
        None,
        !by,
    ))
}

/// [`tenjiku_attacked`] after a drop of `kind` on the empty square `to` by the side to
/// move of `pos`, told without playing it: whether the enemy king is attacked then
/// ([`tenjiku::ordinary_king_attacked`] on the board with the dropped piece set down);
/// `None` where [`tenjiku_attacked`] is not told.
pub(crate) fn tenjiku_drop_attacks(pos: &Position, rules: &RuleSet, kind: PieceKind, to: Square) -> Option<bool> {
    if !tenjiku_told(pos, rules) {
        return None;
    }
    let us = pos.side_to_move();
    Some(tenjiku::ordinary_king_attacked(
        pos,
        rules,
        pos.occupied().with(to),
        Bitboard::EMPTY,
        Some((to, Piece::new(kind, us))),
        !us,
    ))
}

/// Under ネコ鮮 and ネコネコ鮮 (plain checks, ordinary kinds, the enemy `king` not in check):
/// the squares where a move of the side to move of `pos` that does not start on
/// [`LocalSafety::checks_from_anywhere`] may give check, a superset. Such a move opens
/// no line to the king, and of the lines along a file it changes only the one through
/// its destination and the one it leaves (which holds no other piece of ours that could
/// check: else it would start from anywhere), so a checker afterwards stands in the
/// destination's line, on its file, and on a square from which an ordinary kind may
/// attack the king (its lines over
/// the board before the move, a filled square only blocking; a king step; a knight's
/// leap): the moved piece itself there, or one of ours already there. A destination
/// next to no piece that may join its line (on its file: ours under ネコ鮮, any under
/// ネコネコ鮮) makes a line of the moved piece alone, which then checks by its own kind
/// only: there the squares are `alone`, the moved kind's attack set from the king. With
/// `displacing` (a capture condition), a capture also sets a piece down or takes one
/// away on another file: every capture may check.
fn line_power_check_squares(
    pos: &Position,
    rule: PowerRule,
    king: Square,
    alone: Bitboard,
    displacing: bool,
) -> Bitboard {
    let us = pos.side_to_move();
    let origins = ordinary_attack_origins(king, pos.occupied());
    let mut squares = origins;
    for sq in origins & pos.pieces_of(us) {
        squares |= Bitboard::file(sq.file());
    }
    let movers = pos.occupied() & !pos.pieces_of_kind(PieceKind::Stone);
    let joiners = if rule == PowerRule::NekoSen {
        pos.pieces_of(us) & movers
    } else {
        movers
    };
    squares &= next_to(joiners, 1) | next_to(joiners, -1);
    squares |= alone;
    if displacing {
        squares |= pos.pieces_of(!us);
    }
    squares
}

/// In check under a capture condition: the enemy pieces whose capture from a square that
/// is no evasion square may answer the check, its destination being none either.
#[derive(Clone, Copy, Debug)]
struct CaptureEvasions {
    /// Those that any piece's capture may answer by.
    any: Bitboard,
    /// The unpromoted kinds whose every capture may answer.
    kinds: PowerMask,
    /// The enemy pieces.
    all: Bitboard,
}

impl CaptureEvasions {
    const NONE: CaptureEvasions = CaptureEvasions {
        any: Bitboard::EMPTY,
        kinds: 0,
        all: Bitboard::EMPTY,
    };

    /// The enemy pieces whose capture by a piece of `kind` may answer the check.
    #[inline]
    fn by(&self, kind: PieceKind) -> Bitboard {
        if self.kinds != 0 && self.kinds & kind_bit(kind.unpromoted()) != 0 {
            self.all
        } else {
            self.any
        }
    }
}

/// The fourteen ordinary kinds, as [`kind_bit`]s (`PieceKind::is_ordinary`: the kinds
/// up to the dragon).
const ORDINARY_KINDS: PowerMask = (kind_bit(PieceKind::Dragon) << 1) - 1;
const _: () = assert!(ORDINARY_KINDS.count_ones() == 14 && ORDINARY_KINDS & kind_bit(PieceKind::Pawn) != 0);

/// [`CaptureEvasions`]: such a capture empties its origin and fills its destination as
/// any move does, so it answers only through its displaced piece: under キルケ the
/// captured piece reborn on one of its side's starting squares (all squares of that
/// side's three home ranks taken as such), under アンチキルケ the capturer gone home to
/// one of its kind's starting squares, which must be an evasion square (between, next
/// to a checker, or under Madrasi where it paralyses one) — or, under アンチキルケ, the
/// destination left empty, which answers only under Madrasi by uncovering a paralyser
/// behind it (`Evasions::free_movers`). Under PWC (the captured piece restored on the
/// square the capturer left) with every piece's own power, none: the capturer's square
/// held one of ours, so it is neither between a checker and the king nor a checker, and
/// an enemy piece set down there lends no power to a checker and paralyses none (Madrasi
/// paralyses across colours); where powers are borrowed from neighbours (the 安南
/// family, ネコ鮮), every enemy piece (the restored piece may lend its power to a checker).
fn remote_capture_evasions(
    pos: &Position,
    rules: &RuleSet,
    local: &LocalRules,
    evasions: &Evasions,
) -> CaptureEvasions {
    let us = pos.side_to_move();
    let all = pos.pieces_of(!us);
    let home_ranks = match !us {
        Color::Black => Bitboard::rank(7) | Bitboard::rank(8) | Bitboard::rank(9),
        Color::White => Bitboard::rank(1) | Bitboard::rank(2) | Bitboard::rank(3),
    };
    let any = match rules.capture_rule() {
        Some(CaptureRule::Circe) if (evasions.squares & home_ranks).is_empty() => Bitboard::EMPTY,
        Some(CaptureRule::Pwc) if local.borrowed_powers == PowerNeighbourhood::Own => Bitboard::EMPTY,
        Some(CaptureRule::AntiCirce) => {
            let kinds = [
                PieceKind::Pawn,
                PieceKind::Lance,
                PieceKind::Knight,
                PieceKind::Silver,
                PieceKind::Gold,
                PieceKind::King,
                PieceKind::Bishop,
                PieceKind::Rook,
            ]
            .into_iter()
            .filter(|&kind| (crate::capture::start_squares(kind, us) & evasions.squares).is_nonempty())
            .fold(0, |mask, kind| mask | kind_bit(kind));
            // fm's fairy homes: every fairy kind returns to our second rank
            let kinds = if (crate::capture::fairy_homes(rules, us) & evasions.squares).is_nonempty() {
                kinds | !ORDINARY_KINDS
            } else {
                kinds
            };
            return CaptureEvasions {
                any: all & evasions.free_movers,
                kinds,
                all,
            };
        }
        _ => all,
    };
    CaptureEvasions { any, kinds: 0, all }
}

/// Whether one of ours, with its own kind's power, stands next behind `from` on the
/// line from the enemy `king` through `from` (nothing between them) and attacks the
/// king once `from` is empty (a fairy piece, or a king with 駒詰's `king_power`: asked
/// no further, `true`).
fn uncovers_a_check(pos: &Position, king: Square, from: Square, king_power: Option<PieceKind>) -> bool {
    let us = pos.side_to_move();
    let (_, behind) = beyond_on_line(pos, king, from);
    behind.is_some_and(|(sq, p)| {
        p.color == us
            && (p.kind == PieceKind::King && king_power.is_some() || attacks_once_left(pos, p.kind, us, sq, king, from))
    })
}

/// The squares beyond `from` on the line from `king` through it (nothing between
/// them), as far as the first piece, and that piece, if any.
#[inline]
fn beyond_on_line(pos: &Position, king: Square, from: Square) -> (Bitboard, Option<(Square, Piece)>) {
    let occupied = pos.occupied();
    let rides = if king.file() == from.file() || king.rank() == from.rank() {
        attacks::rook_attacks(from, occupied)
    } else {
        attacks::bishop_attacks(from, occupied)
    };
    let beyond = rides & attacks::line(king, from) & !attacks::between(king, from) & !Bitboard::from(king);
    let behind = (beyond & occupied)
        .into_iter()
        .next()
        .and_then(|sq| pos.piece_at(sq).map(|p| (sq, p)));
    (beyond, behind)
}

/// Whether a piece of `kind` and `color` on `sq` attacks `king` once `from` is empty (a
/// fairy kind: asked no further, `true`).
#[inline]
fn attacks_once_left(pos: &Position, kind: PieceKind, color: Color, sq: Square, king: Square, from: Square) -> bool {
    !kind.is_ordinary()
        || attacks::ordinary_attacks(kind, color, sq, pos.occupied() & !Bitboard::from(from)).contains(king)
}

/// Under 対面 and 背面 ([`LocalRules::facing_lines_told`], `rules`), for a piece of the
/// side to move of `pos` on `from`, first on a line from the enemy `king`: `None` when
/// its leaving uncovers a check by the piece of ours next behind it with that one's
/// power now (then it may check wherever it goes); else the squares beyond it on the
/// line as far as the first piece (taken), where its own move away along the line may
/// check through the square it empties (the kind check squares are read with that
/// square filled), and, where the piece next behind it is one of ours that borrows
/// from an enemy piece but would check by its own kind once the line is open, that
/// lender's square (its capture gives the borrower its own power back).
fn facing_line_squares(pos: &Position, rules: LocalRules, king: Square, from: Square) -> Option<Bitboard> {
    let us = pos.side_to_move();
    let (mut squares, behind) = beyond_on_line(pos, king, from);
    let Some((sq, p)) = behind.filter(|(_, p)| p.color == us) else {
        return Some(squares);
    };
    let lent = borrowed_power(|s| pos.piece_at(s), rules, sq, p);
    if attacks_once_left(pos, lent, us, sq, king, from) {
        return None;
    }
    if lent != p.kind && attacks_once_left(pos, p.kind, us, sq, king, from) {
        // (a borrowed power: its lender, an enemy piece, stands there)
        squares |= next_to(sq.into(), -lender_direction(rules.power, us));
    }
    Some(squares)
}

/// Under 天竺 where `tenjiku_unplayed` holds, with no fairy piece on the board: the side to
/// move's king when no enemy piece reaches it now (`unreached`, with the node's powers)
/// and the enemy king, if any, stands neither on a rook or bishop line from it nor a
/// knight's leap away. Then a move of another piece that is not pinned ([`pins`], which
/// holds here) leaves it unattacked: the enemy pieces but the king keep their own
/// ordinary powers, and the move empties only its origin (no Lion, no displacement, no
/// turn), which opens no line to the king from an enemy rider (the piece would be
/// pinned), fills one square (which only blocks) and takes at most one enemy piece; the
/// enemy king's power, whatever checks it, is a set of ordinary kinds, which reach only
/// along those lines and leaps, and neither king moves.
fn tenjiku_quiet_king(pos: &Position, local: LocalRules, unreached: Option<Square>) -> Option<Square> {
    if !local.tenjiku_unplayed || pos.has_fairy_pieces() {
        return None;
    }
    let king = unreached?;
    let aligned = pos.king(!pos.side_to_move()).is_some_and(|other| {
        attacks::line(other, king).is_nonempty()
            || Color::ALL
                .iter()
                .any(|&c| attacks::ordinary_pseudo_attacks(PieceKind::Knight, c, other).contains(king))
    });
    (!aligned).then_some(king)
}

/// The pieces of the side to move of `pos` pinned to its `king`, with the squares they
/// may go to, where that can be told (`None`: none pinned, or not told). A piece of ours
/// that alone stands between the king and an enemy rider (lance, bishop, rook, horse,
/// dragon) not paralysed now, whose ride then reaches the king, leaves its line only
/// into check: after such a move the rider reaches the king, and nothing but the moved
/// piece can stop it. No other piece comes between (a displaced or turned piece: none,
/// by the guarantee), the line to the king passes no square of ours, and under Madrasi
/// no paralyser of the rider comes but the moved piece, if it is (or promotes to) the
/// rider's kind (such a piece is left free): a line opened through the square it leaves
/// is the line to the king, empty up to the king, whose kind is no rider's. Guarantee,
/// checked here: attacks told unplayed ([`LocalRules::tells_attacks_unplayed`]: no
/// voided capture), every piece with its own kind's power (under 駒詰 every piece but
/// the kings: the riders keep theirs) and ordinary (no fairy piece on the board), no
/// displacement, no turn; or 天竺 where `tenjiku_unplayed` holds (no
/// Madrasi, no voided capture, no displacement, no turn; the rider, not a king, has its
/// own kind's power) with no fairy piece on the board.
fn pins(pos: &Position, rules: &RuleSet, local: LocalRules, king: Square) -> Option<(Square, Bitboard, Bitboard)> {
    let own_riders = matches!(local.power, PowerRule::Own | PowerRule::Komazume(_));
    let told = (local.tells_attacks_unplayed() && own_riders || local.tenjiku_unplayed)
        && !local.displacing
        && !local.turns
        && !pos.has_fairy_pieces();
    if !told {
        return None;
    }
    let us = pos.side_to_move();
    let them = !us;
    let riders = (attacks::rook_pseudo_attacks(king) & (pos.pieces(them, PieceKind::Rook) | pos.pieces(them, PieceKind::Dragon)))
        | (attacks::bishop_pseudo_attacks(king) & (pos.pieces(them, PieceKind::Bishop) | pos.pieces(them, PieceKind::Horse)))
        // (a lance of theirs attacks the king from where one of ours would attack from it)
        | (attacks::lance_pseudo_attacks(us, king) & pos.pieces(them, PieceKind::Lance));
    let occupied = pos.occupied();
    let ours = pos.pieces_of(us);
    let mut pinned = Bitboard::EMPTY;
    let mut rays = Bitboard::EMPTY;
    for rider in riders {
        let between = attacks::between(king, rider);
        let blockers = between & occupied;
        if blockers.count() != 1 || (blockers & ours).is_empty() {
            continue;
        }
        let (Some(piece), Some(rider_piece)) = (
            blockers.into_iter().next().and_then(|sq| pos.piece_at(sq)),
            pos.piece_at(rider),
        ) else {
            continue;
        };
        let may_paralyse = local.paralysis.is_some()
            && (piece.kind == rider_piece.kind || piece.kind.promoted() == Some(rider_piece.kind));
        // (paralysed now: an ordinary rider with its own power, asked by its attack set)
        let paralysed = local.paralysis.is_some_and(|kings| {
            let paralysers = pos.pieces(us, rider_piece.kind);
            paralysers.is_nonempty()
                && crate::madrasi::paralysable(pos, rider_piece, kings)
                && crate::madrasi::attacked_by_own_kind(rules, rider_piece, rider, paralysers, occupied)
        });
        if may_paralyse || paralysed {
            continue;
        }
        pinned |= blockers;
        rays |= between | Bitboard::from(rider);
    }
    pinned.is_nonempty().then_some((king, pinned, rays))
}

/// The squares where a move may revive one of `idle`, pieces of the side to move of `pos`
/// that reach the enemy king without checking it: none without such a piece; under
/// Madrasi with every piece's own power (and no displacement, which may put a piece
/// anywhere) such a piece is paralysed, and a paralysed piece cannot move, so a move
/// frees it only by taking a paralyser (an enemy piece of its kind attacking it: by the
/// symmetry of the fixed tables, one its own kind's attack from its square meets) or
/// standing between; a move elsewhere adds paralysers at most. All squares otherwise.
fn reviving_squares(pos: &Position, rules: LocalRules, idle: Bitboard) -> Bitboard {
    if idle.is_empty() {
        return Bitboard::EMPTY;
    }
    if rules.paralysis.is_none() || rules.voided_captures || rules.displacing || rules.power != PowerRule::Own {
        return Bitboard::FULL;
    }
    let occupied = pos.occupied();
    let mut squares = Bitboard::EMPTY;
    for sq in idle {
        match pos.piece_at(sq) {
            Some(piece) if piece.kind.is_ordinary() => {
                let attack = attacks::ordinary_attacks(piece.kind, piece.color, sq, occupied);
                for paralyser in attack & pos.pieces(!piece.color, piece.kind) {
                    squares |= attacks::between(paralyser, sq) | Bitboard::from(paralyser);
                }
            }
            _ => return Bitboard::FULL,
        }
    }
    squares
}

/// Where a move may make pieces that are not line-bound, and do not attack a king now,
/// attack it (the pieces staying where they stand, the king too): such a piece attacks
/// it afterwards only if the move fills a square that must be occupied for it to, or
/// empties one that must be empty (`CompiledMovement::attack_condition`: a hop's
/// hurdle next to the king, the squares before it; a ride's squares between), or where
/// that cannot be told, fills or empties a square of its path
/// (`CompiledMovement::attack_path`), or any square.
#[derive(Clone, Copy, Debug)]
struct UnboundPaths {
    /// The squares where a piece set down may make one attack the king.
    fill: Bitboard,
    /// The squares where a piece lifted may.
    vacate: Bitboard,
    /// Where every piece that may attack the king on some board has its condition told
    /// and they are few: each one's square and condition (the squares that must be
    /// empty, those that must be occupied).
    conditions: Option<[Option<(Square, Bitboard, Bitboard)>; TOLD_CONDITIONS]>,
}

/// How many pieces' conditions [`UnboundPaths`] keeps.
const TOLD_CONDITIONS: usize = 2;

impl UnboundPaths {
    /// Every square: nothing told.
    const FULL: UnboundPaths = UnboundPaths {
        fill: Bitboard::FULL,
        vacate: Bitboard::FULL,
        conditions: None,
    };
    /// No square: no such piece may attack the king.
    const EMPTY: UnboundPaths = UnboundPaths {
        fill: Bitboard::EMPTY,
        vacate: Bitboard::EMPTY,
        conditions: Some([None; TOLD_CONDITIONS]),
    };

    /// The squares for `pieces` (not line-bound) and `king`: none for a piece that could
    /// not attack it on any board.
    fn of(pos: &Position, rules: &RuleSet, pieces: Bitboard, king: Square) -> UnboundPaths {
        let table = rules.pieces();
        let mut paths = UnboundPaths::EMPTY;
        for sq in pieces {
            let Some(p) = pos
                .piece_at(sq)
                .filter(|p| table.attack_span(p.kind, p.color, sq).contains(king))
            else {
                continue;
            };
            let condition = table.attack_condition(p.kind, p.color, sq, king);
            let slot = paths
                .conditions
                .as_mut()
                .and_then(|each| each.iter_mut().find(|slot| slot.is_none()));
            match (condition, slot) {
                (Some((empty, filled)), Some(slot)) => *slot = Some((sq, empty, filled)),
                _ => paths.conditions = None,
            }
            let (vacate, fill) = condition.unwrap_or_else(|| {
                let path = table.attack_path(p.kind, p.color, sq, king).unwrap_or(Bitboard::FULL);
                (path, path)
            });
            paths.fill |= fill;
            paths.vacate |= vacate;
        }
        paths
    }

    /// Whether one of these pieces that stands on `staying` attacks the king over
    /// `after`, where their conditions are told.
    #[inline]
    fn attacked(self, staying: Bitboard, after: Bitboard) -> Option<bool> {
        let each = self.conditions?;
        Some(each.iter().flatten().any(|&(sq, empty, filled)| {
            staying.contains(sq) && (after & empty).is_empty() && (after & filled) == filled
        }))
    }

    /// Every square a move may change for these pieces.
    #[inline]
    fn all(self) -> Bitboard {
        self.fill | self.vacate
    }

    /// Whether going from the occupancy `before` to `after` may make one attack the king.
    #[inline]
    fn touched(self, before: Bitboard, after: Bitboard) -> bool {
        ((after & !before & self.fill) | (before & !after & self.vacate)).is_nonempty()
    }
}

/// The pieces on the board whose attacks are not line-bound
/// ([`crate::PieceTable::attacks_line_bound`]: hoppers, oblique riders such as the
/// Nightrider; not the Lion, which attacks by leaps).
#[inline]
pub(crate) fn unbound_pieces(pos: &Position, rules: &RuleSet) -> Bitboard {
    if !pos.has_fairy_pieces() {
        return Bitboard::EMPTY;
    }
    let table = rules.pieces();
    pos.fairy_squares()
        .into_iter()
        .filter(|&sq| pos.piece_at(sq).is_some_and(|p| !table.attacks_line_bound(p.kind)))
        .fold(Bitboard::EMPTY, |unbound, sq| unbound | sq.into())
}

/// Whether every piece in the hands is line-bound.
fn line_bound_hands(pos: &Position, rules: &RuleSet) -> bool {
    // the ordinary kinds all are (a fairy piece in play marks the position for good)
    if !pos.has_fairy_pieces() {
        return true;
    }
    let table = rules.pieces();
    Color::ALL
        .iter()
        .all(|&c| pos.hand(c).iter().all(|(kind, _)| table.attacks_line_bound(kind)))
}

/// `squares` and the squares whose pieces' powers change with them.
#[inline]
fn power_neighbourhood(squares: Bitboard, borrowed_powers: PowerNeighbourhood) -> Bitboard {
    match borrowed_powers {
        PowerNeighbourhood::Own => squares,
        PowerNeighbourhood::NextRank => squares | next_to(squares, 1) | next_to(squares, -1),
        PowerNeighbourhood::File => squares
            .into_iter()
            .fold(Bitboard::EMPTY, |files, sq| files | Bitboard::file(sq.file())),
    }
}

/// [`power_neighbourhood`] of many squares (a side's pieces): under ネコ鮮 and ネコネコ鮮
/// without a walk over them ([`whole_files`]; a move's few squares are walked, which
/// costs less there).
#[inline]
pub(crate) fn power_neighbourhood_of_many(squares: Bitboard, borrowed_powers: PowerNeighbourhood) -> Bitboard {
    match borrowed_powers {
        PowerNeighbourhood::File => whole_files(squares),
        _ => power_neighbourhood(squares, borrowed_powers),
    }
}

/// Every file that holds one of `squares`, whole, without a walk over the squares (the
/// stalemate test's drop shortcut asks it of every enemy piece). Squares are file-major,
/// nine bits a file from rank 1: each file's rank-1 bit gathers its file's by shifts
/// that stay in the file, and times 0x1ff fills the file back (files never overlap).
#[inline]
fn whole_files(squares: Bitboard) -> Bitboard {
    let mut gathered = squares.0;
    for shift in 1..9 {
        gathered |= squares.0 >> shift;
    }
    Bitboard((gathered & Bitboard::rank(1).0) * 0x1ff)
}

/// The squares `m` may empty: where the piece stood, a Lion's intermediate capture, and
/// under a capture condition the destination (the capturer may return home; a piece
/// Andernach turns over stays there).
#[inline]
fn vacated_squares(m: Move) -> Bitboard {
    let mut vacated = Bitboard::EMPTY;
    for sq in [m.from(), m.via()].into_iter().flatten() {
        vacated |= sq.into();
    }
    if m.displacement().is_some() && !m.is_turn() {
        vacated |= m.to().into();
    }
    vacated
}

/// The squares `m` empties or fills (a displaced piece's square among them).
#[inline]
fn touched_squares(m: Move) -> Bitboard {
    let mut touched = vacated_squares(m) | Bitboard::from(m.to());
    if let Some((_, sq)) = m.displacement() {
        touched |= sq.into();
    }
    touched
}

/// The squares where the side not to move in `before` may lose or gain a piece by `m`:
/// the destination of a capture, a Lion's intermediate capture or a hopper's hurdle, a
/// displaced piece's square (キルケ's reborn piece, PWC's restored one, the mover
/// Andernach turns over on its destination). The origin and a quiet move's destination
/// are the mover's alone (a Messigny swap, which may move an enemy piece, never takes
/// the shortcut).
#[inline]
fn opponent_squares_touched(m: Move, before: &Position) -> Bitboard {
    let mut squares = Bitboard::EMPTY;
    if before.pieces_of(!before.side_to_move()).contains(m.to()) {
        squares |= m.to().into();
    }
    if let Some(via) = m.via() {
        squares |= via.into();
    }
    if let Some((_, sq)) = m.displacement() {
        squares |= sq.into();
    }
    squares
}

/// Under Madrasi with every piece's own kind's power and no fairy piece on the board
/// (the caller's guarantee, [`LocalRules::attacked_unplayed`]): whether the king of the
/// side to move of `pos`, on `king`, stands attacked after `m`, its own plain step (no
/// Lion step, no displacement: else `None`). The enemy pieces but the one it takes
/// reaching its destination over the board afterwards are the ordinary attackers
/// ([`Position::attackers_to`]; no fairy piece, no changed power), each checking unless
/// paralysed there ([`BoardChange::paralysed`]): the general test's answer without its
/// per-move bookkeeping (the king's steps are a quarter of 寿's candidates in check).
#[inline]
fn king_step_attacked(m: Move, pos: &Position, rules: &RuleSet, kings: MadrasiKings, king: Square) -> Option<bool> {
    if m.via().is_some() || m.displacement().is_some() || m.is_promotion() {
        return None;
    }
    let us = pos.side_to_move();
    let to = m.to();
    // (BoardChange::of's answer for a plain step, written out: the call cost 寿 under
    // Madrasi 1 % of its instructions)
    let change = BoardChange {
        vacated: king.into(),
        dest: to,
        displaced: None,
        occupied: (pos.occupied() & !Bitboard::from(king)) | to.into(),
    };
    let attackers = pos.attackers_to(to, !us, change.occupied) & !Bitboard::from(to);
    let moved = pos.piece_at(king)?;
    Some(attackers.into_iter().any(|sq| {
        pos.piece_at(sq)
            .is_some_and(|piece| !change.paralysed(pos, rules, kings, moved, sq, piece))
    }))
}

/// [`LocalRules::reaching_after`]'s answer: what the move changes, the enemy pieces
/// that reach the mover's king afterwards, and a displaced enemy piece that does.
type ReachAfter = (BoardChange, Bitboard, Option<(Square, Piece)>);

/// The squares `m` takes a piece on, if any stands there: its destination and a Lion's
/// intermediate square.
#[inline]
fn captured_squares(m: Move) -> Bitboard {
    Bitboard::from(m.to()) | m.via().map_or(Bitboard::EMPTY, Bitboard::from)
}

/// What a move of the side to move changes on the board, told without playing it.
#[derive(Clone, Copy, Debug)]
struct BoardChange {
    /// The squares it leaves empty: the origin, a Lion's intermediate capture, and
    /// under アンチキルケ the capture square (the capturer goes home).
    vacated: Bitboard,
    /// Where the moved piece ends: the destination, or アンチキルケ's home square.
    dest: Square,
    /// The enemy piece (of the mover's) that a displacement puts on the board, with its
    /// square: the captured piece that a capture condition puts on another square
    /// (キルケ's reborn piece, unpromoted; PWC's restored piece, as it was), or the
    /// mover that Andernach turns over, on its destination.
    displaced: Option<(Square, Piece)>,
    /// The board's occupancy afterwards.
    occupied: Bitboard,
}

impl BoardChange {
    /// The change `m` makes in `pos`; `None` for Messigny's swap, whose condition never
    /// takes the shortcut. Always inlined: it runs for every candidate, and most
    /// displace nothing.
    #[inline(always)]
    fn of(pos: &Position, m: Move) -> Option<BoardChange> {
        let to = m.to();
        let mut vacated = Bitboard::EMPTY;
        for sq in [m.from(), m.via()].into_iter().flatten() {
            vacated |= sq.into();
        }
        let mut change = BoardChange {
            vacated,
            dest: to,
            displaced: None,
            occupied: (pos.occupied() & !vacated) | to.into(),
        };
        let Some((displacement, sq)) = m.displacement() else {
            return Some(change);
        };
        // (a capture by hopping takes the piece it hops over)
        let captured = pos.piece_at(m.displaced_square());
        match displacement {
            Displacement::Return => {
                change.vacated |= to.into();
                change.dest = sq;
            }
            Displacement::Rebirth => {
                change.displaced = captured.map(|c| (sq, Piece::new(c.kind.unpromoted(), c.color)));
            }
            Displacement::Restore => change.displaced = captured.map(|c| (sq, c)),
            Displacement::Turn => change.displaced = moved_piece(pos, m).map(|piece| (to, piece)),
            Displacement::Swap => return None,
        }
        change.occupied = (pos.occupied() & !change.vacated) | change.dest.into() | change.displaced_square();
        Some(change)
    }

    /// Where `king`, the mover's king, stands after `m`: where the move ends if it is the
    /// piece moved.
    #[inline]
    fn king_after(&self, m: Move, king: Square) -> Square {
        if m.from() == Some(king) {
            self.dest
        } else {
            king
        }
    }

    /// The pieces of `color` and `kind` after the move, `moved` being the moved piece as
    /// it ends (what stood on the destination is gone: captured, reborn, restored).
    #[inline]
    fn pieces_after(&self, pos: &Position, moved: Piece, color: Color, kind: PieceKind) -> Bitboard {
        let mut pieces = pos.pieces(color, kind) & !self.vacated & !Bitboard::from(self.dest);
        if moved.color == color && moved.kind == kind {
            pieces |= self.dest.into();
        }
        if let Some((sq, _)) = self.displaced.filter(|(_, p)| p.color == color && p.kind == kind) {
            pieces |= sq.into();
        }
        pieces
    }

    /// Whether `piece`, standing on `sq` after the move, is paralysed there under
    /// Madrasi (`kings`: its reading): an enemy piece of its kind attacks it, every
    /// piece with its own kind's power.
    fn paralysed(
        &self,
        pos: &Position,
        rules: &RuleSet,
        kings: MadrasiKings,
        moved: Piece,
        sq: Square,
        piece: Piece,
    ) -> bool {
        if !crate::madrasi::paralysable(pos, piece, kings) {
            return false;
        }
        let paralysers = self.pieces_after(pos, moved, !piece.color, piece.kind);
        paralysers.is_nonempty() && crate::madrasi::attacked_by_own_kind(rules, piece, sq, paralysers, self.occupied)
    }

    /// The square of the displaced piece, as a set (empty without one).
    #[inline]
    fn displaced_square(&self) -> Bitboard {
        self.displaced.map_or(Bitboard::EMPTY, |(sq, _)| sq.into())
    }

    /// The piece on `sq` after the move, `moved` being the moved piece as it ends.
    #[inline]
    fn piece_after(&self, pos: &Position, moved: Piece, sq: Square) -> Option<Piece> {
        match self.displaced {
            _ if sq == self.dest => Some(moved),
            Some((there, piece)) if there == sq => Some(piece),
            _ if self.vacated.contains(sq) => None,
            _ => pos.piece_at(sq),
        }
    }
}

/// The piece `m`, a move of the side to move of `pos`, puts on the board, as it ends
/// (promoted where the move promotes; the other side's where Andernach turns it over).
#[inline]
fn moved_piece(pos: &Position, m: Move) -> Option<Piece> {
    let us = pos.side_to_move();
    let color = if m.is_turn() { !us } else { us };
    Some(Piece::new(pos.kind_after(m)?, color))
}

#[cfg(test)]
mod tests {
    use super::*;
    use yosei_core::random::SplitMix64;

    #[test]
    fn whole_files_fills_each_file_holding_a_square() {
        let mut rng = SplitMix64::new(0x5EED_F11E);
        for _ in 0..2000 {
            let bits = (u128::from(rng.next_u64()) << 64 | u128::from(rng.next_u64())) & Bitboard::FULL.0;
            // sparse sets too: a few squares
            let squares = Bitboard(if rng.next_u64().is_multiple_of(2) {
                bits
            } else {
                bits & (bits >> 7) & (bits >> 13)
            });
            let walked = squares
                .into_iter()
                .fold(Bitboard::EMPTY, |files, sq| files | Bitboard::file(sq.file()));
            assert_eq!(whole_files(squares), walked);
        }
    }
}
