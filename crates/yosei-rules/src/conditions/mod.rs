//! The fairy conditions of rules.md §5 as the rule engine sees them once compiled:
//! which rule gives pieces their powers (`annan`, `facing`, `neko_sen`, `tenjiku`,
//! `komazume`),
//! whether Madrasi paralysis is on (`crate::madrasi`), the 利き二歩 reading
//! (`kiki_nifu`), 自己王手王取無効 (`self_check_capture`) and Andernach /
//! Anti-Andernach (`andernach`); and the conditions that forbid playing some legal
//! moves: 成禁 and 絶対成禁 (`no_promotion`), 取禁 and 攻方取禁 (`no_capture`), 強欲 and
//! 禁欲 (`capture_duty`), with 打歩可 (`uchifu_allowed`), which lifts the
//! drop-pawn-mate ban; and the conditions that forbid some positions or moves outright:
//! Isardam (`isardam`) and Koko (`koko`); and 王位置 (`king_square`), which decides
//! only which mates and stalemates fulfil the stipulation. docs/rules/conditions.md
//! gives the choices made and why.

pub(crate) mod andernach;
pub(crate) mod annan;
pub(crate) mod capture_duty;
pub(crate) mod facing;
pub(crate) mod isardam;
pub(crate) mod kiki_nifu;
pub(crate) mod king_square;
pub(crate) mod koko;
pub(crate) mod komazume;
pub mod messigny;
pub(crate) mod neko_sen;
pub(crate) mod no_capture;
pub(crate) mod no_promotion;
pub(crate) mod self_check_capture;
pub(crate) mod tenjiku;
pub(crate) mod uchifu_allowed;

pub use capture_duty::CaptureDuty;
pub use isardam::Isardam;
pub use no_capture::NoCapture;
pub use no_promotion::NoPromotion;

use crate::{Condition, Position, RuleSet};
use yosei_core::{Displacement, Move, PieceKind, Square};

/// Which rule decides the pieces' powers (at most one: fm treats them as exclusive).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum PowerRule {
    /// Every piece has its own kind's power.
    #[default]
    Own,
    /// 安南: the power of the friendly piece directly behind.
    Annan,
    /// 安北: the power of the friendly piece directly in front.
    Anhoku,
    /// 対面: two enemy pieces face to face swap powers.
    Taimen,
    /// 背面: two enemy pieces back to back swap powers.
    Haimen,
    /// ネコ鮮: a file's unbroken line of one side's pieces has its kinds reversed.
    NekoSen,
    /// ネコネコ鮮: the same with lines of any pieces.
    NekoNekoSen,
    /// 天竺: a king in check has its checkers' powers.
    Tenjiku,
    /// 駒詰: both kings have this kind's power.
    Komazume(PieceKind),
}

/// Madrasi's two readings of kings (rules.md §5.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MadrasiKings {
    /// nonK-Madrasi (default): kings are never paralysed.
    Unaffected,
    /// K-Madrasi: kings paralyse each other.
    Paralysed,
}

/// Which squares hold dead pieces (rules.md §3.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DeadTable {
    /// P and L on the last rank, N on the last two; fairy kinds from their movement.
    Ordinary,
    /// 安南, 背面, ネコ鮮, ネコネコ鮮: a power can always come back, nothing is dead.
    Nothing,
    /// 安北, 対面: P, L and N on the last rank (nothing can stand in front to lend), and
    /// any fairy kind dead there by its own movement (fm's chu shogi lance).
    LastRankPawnLanceKnight,
}

/// The conditions compiled for the per-node phases.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Compiled {
    pub power: PowerRule,
    pub madrasi: Option<MadrasiKings>,
    /// 利き二歩無効: a king capture by a pawn that makes two pawns is no king capture.
    pub kiki_nifu_invalid: bool,
    /// 自己王手王取無効: a king capture that is an ordinary self-check is no king capture,
    /// and a king may not stand in the enemy king's reach.
    pub self_check_capture_invalid: bool,
    /// 成禁 / 絶対成禁.
    pub no_promotion: Option<NoPromotion>,
    /// 取禁 / 攻方取禁.
    pub no_capture: Option<NoCapture>,
    /// 強欲 / 禁欲.
    pub capture_duty: Option<CaptureDuty>,
    /// 打歩可: drop-pawn mate is allowed.
    pub uchifu_allowed: bool,
    /// What the general generator's local king-safety path may assume under these
    /// conditions (`None`: it does not apply).
    pub(crate) local_safety: Option<crate::local_safety::LocalRules>,
    /// Andernach / Anti-Andernach: which moving pieces change colour.
    pub turn: Option<andernach::TurnRule>,
    /// Messigny: what may follow a swap.
    pub swap: Option<messigny::SwapRule>,
    /// Isardam, type A or B.
    pub isardam: Option<Isardam>,
    /// Koko.
    pub koko: bool,
    /// 王位置: where the kings must stand at the goal.
    pub king_squares: Option<king_square::KingSquares>,
    /// The capture condition (キルケ, アンチキルケ, PWC), if any: read once here, where
    /// every candidate move asks it.
    pub(crate) capture: Option<crate::capture::CaptureRule>,
    /// The 打歩詰 reading (完全打歩, 単純打歩), if any, read once as `capture` is.
    pub(crate) uchifu: Option<crate::capture::UchifuRule>,
    /// No condition changes powers, captures or legality (none, or 王位置 alone).
    pub ordinary_play: bool,
    /// A move that captures nothing is ordinary shogi's, and so is whether it is legal
    /// and gives check: the conditions are a capture condition (キルケ, アンチキルケ, PWC)
    /// and 王位置 at most. Every piece then has its own power and every reach is a check
    /// (`LocalRules::plain_attacks`), and only a capture moves a piece elsewhere. The
    /// drop-pawn-mate test still asks the opponent's captures (`Position::generate_legal`
    /// splits the work; fairy pieces are asked where it is chosen).
    pub(crate) quiet_moves_ordinary: bool,
}

impl Compiled {
    /// Compiles `conditions` (each once), pushing every conflict into `problems`.
    pub(crate) fn from_conditions(conditions: &[Condition], problems: &mut Vec<String>) -> Compiled {
        let mut compiled = Compiled::default();
        let power: Vec<(Condition, PowerRule)> = conditions
            .iter()
            .filter_map(|&c| {
                let rule = match c {
                    Condition::Annan => PowerRule::Annan,
                    Condition::Anhoku => PowerRule::Anhoku,
                    Condition::Taimen => PowerRule::Taimen,
                    Condition::Haimen => PowerRule::Haimen,
                    Condition::NekoSen => PowerRule::NekoSen,
                    Condition::NekoNekoSen => PowerRule::NekoNekoSen,
                    Condition::Tenjiku => PowerRule::Tenjiku,
                    Condition::Komazume(kind) => PowerRule::Komazume(kind),
                    _ => return None,
                };
                Some((c, rule))
            })
            .collect();
        if power.len() > 1 {
            let names: Vec<String> = power.iter().map(|(c, _)| format!("{c} ({})", c.japanese())).collect();
            problems.push(format!(
                "conditions {} all change powers and cannot be combined (fm treats them as exclusive)",
                names.join(", ")
            ));
        }
        if let Some(&(_, rule)) = power.first() {
            compiled.power = rule;
        }
        let madrasi = conditions.contains(&Condition::Madrasi);
        let k_madrasi = conditions.contains(&Condition::KMadrasi);
        if madrasi && k_madrasi {
            problems.push(
                "conditions madrasi (マドラシ, nonK) and k-madrasi (Ｋマドラシ) contradict each other: choose one"
                    .to_string(),
            );
        }
        compiled.madrasi = if k_madrasi {
            Some(MadrasiKings::Paralysed)
        } else if madrasi {
            Some(MadrasiKings::Unaffected)
        } else {
            None
        };
        // A capture condition stands with one of the five power conditions (with or
        // without 利き二歩無効: a pawn that takes a king ends on the king's file under
        // each of them, returning home included) and Madrasi (rules.md §5: the capture
        // effect follows the pieces' own kinds, check and paralysis are judged after
        // it). 駒詰 is not among the power conditions rules.md combines (fm has none):
        // deny by default.
        let captures: Vec<String> = conditions
            .iter()
            .filter(|c| matches!(c, Condition::Circe | Condition::AntiCirce | Condition::Pwc))
            .map(|c| format!("{c} ({})", c.japanese()))
            .collect();
        let undefined_with_captures: Vec<String> = conditions
            .iter()
            .filter(|c| matches!(c, Condition::Komazume(_)))
            .map(|c| format!("{c} ({})", c.japanese()))
            .collect();
        if !captures.is_empty() && !undefined_with_captures.is_empty() {
            problems.push(format!(
                "conditions {} with {} are not defined together (rules.md §5 combines a capture condition only with 安南 安北 対面 背面 天竺, Madrasi and 打歩詰) and are refused",
                undefined_with_captures.join(", "),
                captures.join(", ")
            ));
        }
        if conditions.contains(&Condition::KikiNifuInvalid) {
            compiled.kiki_nifu_invalid = true;
            // fm asks for one of its 変身系 (sub.c), ネコ鮮 and ネコネコ鮮 among them
            if !matches!(
                compiled.power,
                PowerRule::Annan
                    | PowerRule::Anhoku
                    | PowerRule::Taimen
                    | PowerRule::Haimen
                    | PowerRule::NekoSen
                    | PowerRule::NekoNekoSen
            ) {
                problems.push(
                    "condition kiki-nifu-invalid (利き二歩無効) applies only with annan, anhoku, taimen, haimen, nekosen or nekonekosen"
                        .to_string(),
                );
            }
        }
        if conditions.contains(&Condition::SelfCheckCaptureInvalid) {
            compiled.self_check_capture_invalid = true;
            // Seed 000 defines skci for kings that move and capture as the powers say;
            // nobody has said what a paralysed king's reach is for the adjacency ban, nor
            // where a captured king or its capturer would go under キルケ, アンチキルケ or
            // PWC (deny by default).
            let undefined: Vec<String> = conditions
                .iter()
                .filter(|c| {
                    matches!(
                        c,
                        Condition::KMadrasi | Condition::Circe | Condition::AntiCirce | Condition::Pwc
                    )
                })
                .map(|c| format!("{c} ({})", c.japanese()))
                .collect();
            if !undefined.is_empty() {
                problems.push(format!(
                    "condition skci (自己王手王取無効) with {} is not defined by its source (seed 000) and is refused",
                    undefined.join(", ")
                ));
            }
        }
        compiled.turn = turn_rule(conditions, problems);
        compiled.swap = messigny::swap_rule(conditions, problems);
        compiled.isardam = isardam::compile(conditions, problems);
        compiled.koko = koko::compile(conditions, problems);
        compiled.king_squares = king_square::compile(conditions, problems);
        compiled.capture = conditions.iter().find_map(|c| match c {
            Condition::Circe => Some(crate::capture::CaptureRule::Circe),
            Condition::AntiCirce => Some(crate::capture::CaptureRule::AntiCirce),
            Condition::Pwc => Some(crate::capture::CaptureRule::Pwc),
            _ => None,
        });
        compiled.uchifu = conditions.iter().find_map(|c| match c {
            Condition::Uchifu => Some(crate::capture::UchifuRule::Complete),
            Condition::UchifuSimple => Some(crate::capture::UchifuRule::Simple),
            _ => None,
        });
        compiled.ordinary_play = conditions.iter().all(|c| matches!(c, Condition::KingSquare(_)));
        let capture_condition = |c: &Condition| matches!(c, Condition::Circe | Condition::AntiCirce | Condition::Pwc);
        compiled.quiet_moves_ordinary = conditions.iter().any(capture_condition)
            && conditions
                .iter()
                .all(|c| capture_condition(c) || matches!(c, Condition::KingSquare(_)));
        compiled.compile_move_bans(conditions, problems);
        compiled.local_safety = crate::local_safety::LocalRules::new(&compiled, conditions);
        compiled
    }

    /// 成禁, 取禁, 強欲 and their kin, and 打歩可; the pairs fm refuses together are
    /// refused (each pair gives two answers to one question).
    fn compile_move_bans(&mut self, conditions: &[Condition], problems: &mut Vec<String>) {
        let has = |c: Condition| conditions.contains(&c);
        let mut exclusive = |a: Condition, b: Condition, why: &str| {
            if has(a) && has(b) {
                problems.push(format!(
                    "conditions {a} ({}) and {b} ({}) cannot be combined: {why}",
                    a.japanese(),
                    b.japanese()
                ));
            }
        };
        exclusive(
            Condition::NoPromotion,
            Condition::NoPromotionAbsolute,
            "two readings of one ban, choose one",
        );
        exclusive(Condition::NoCapture, Condition::AttackerNoCapture, "choose one");
        exclusive(Condition::Greedy, Condition::Ascetic, "they contradict each other");
        for ban in [Condition::NoCapture, Condition::AttackerNoCapture] {
            for duty in [Condition::Greedy, Condition::Ascetic] {
                exclusive(
                    ban,
                    duty,
                    "a capture duty means nothing where captures are banned (fm refuses it)",
                );
            }
        }
        for uchifu in [Condition::Uchifu, Condition::UchifuSimple] {
            exclusive(
                Condition::UchifuAllowed,
                uchifu,
                "the fairy 打歩詰 already decides drop-pawn mate",
            );
        }
        self.no_promotion = if has(Condition::NoPromotionAbsolute) {
            Some(NoPromotion::Absolute)
        } else if has(Condition::NoPromotion) {
            Some(NoPromotion::Played)
        } else {
            None
        };
        self.no_capture = if has(Condition::NoCapture) {
            Some(NoCapture::BothSides)
        } else if has(Condition::AttackerNoCapture) {
            Some(NoCapture::Attacker)
        } else {
            None
        };
        self.capture_duty = if has(Condition::Greedy) {
            Some(CaptureDuty::Greedy)
        } else if has(Condition::Ascetic) {
            Some(CaptureDuty::Ascetic)
        } else {
            None
        };
        self.uchifu_allowed = has(Condition::UchifuAllowed);
    }

    /// Whether a rule may void a king capture that reaches and is not paralysed
    /// (利き二歩無効, Isardam type A, Koko).
    #[inline]
    pub(crate) fn judges_king_captures(&self) -> bool {
        self.kiki_nifu_invalid || self.isardam == Some(Isardam::TypeA) || self.koko
    }

    /// The dead-piece table of rules.md §3.2 under these conditions.
    #[inline]
    pub fn dead_table(&self) -> DeadTable {
        match self.power {
            // fm's table for ネコ鮮 and ネコネコ鮮 too (correct_for_rule): a line may form
            // below a piece on the last rank and lend it the bottom piece's power
            PowerRule::Annan | PowerRule::Haimen | PowerRule::NekoSen | PowerRule::NekoNekoSen => DeadTable::Nothing,
            PowerRule::Anhoku | PowerRule::Taimen => DeadTable::LastRankPawnLanceKnight,
            _ => DeadTable::Ordinary,
        }
    }
}

/// The promotion choices fm's trial move tries for the capture of the king on `king` by
/// the piece on `from` (Isardam type A, Koko judge king captures by playing them):
/// promoted where its own kind may promote (never under 成禁 or 絶対成禁: fm's trial
/// asks whether the piece is promotable, which both take away), unpromoted unless it
/// would then be dead or a second pawn on the file and, under Andernach, keep its colour.
pub(crate) fn king_capture_forms<'a>(
    pos: &'a Position,
    rules: &'a RuleSet,
    from: Square,
    king: Square,
) -> impl Iterator<Item = bool> + 'a {
    [true, false]
        .into_iter()
        .filter(move |&promote| king_capture_form_stands(pos, rules, from, king, promote))
}

/// [`king_capture_forms`]' unpromoted form for `piece` standing on `from` as it is
/// after a move not yet played (no Andernach: the capturer keeps its colour), `pawns`
/// giving its side's pawns then (asked only of a pawn leaving its file): whether it
/// stands, neither dead on the king's square nor a pawn entering a file where its side
/// has one. (The promoted form stands where [`king_capture_may_promote`].)
#[inline]
pub(crate) fn king_capture_unpromoted_as(
    rules: &RuleSet,
    piece: yosei_core::Piece,
    from: Square,
    king: Square,
    pawns: impl FnOnce() -> yosei_core::Bitboard,
) -> bool {
    let second_pawn = || {
        piece.kind == PieceKind::Pawn
            && from.file() != king.file()
            && (pawns() & yosei_core::Bitboard::file(king.file())).is_nonempty()
    };
    !rules.is_dead(piece.kind, piece.color, king) && !second_pawn()
}

/// Whether the capture of the king on `king` by the piece on `from` in the form
/// `promote` may end on the king's square ([`king_capture_forms`]).
fn king_capture_form_stands(pos: &Position, rules: &RuleSet, from: Square, king: Square, promote: bool) -> bool {
    let Some(piece) = pos.piece_at(from) else { return false };
    let by = piece.color;
    if promote {
        king_capture_may_promote(rules, piece.kind, by, from, king)
    } else {
        let dead = rules.is_dead(piece.kind, by, king);
        let second_pawn = piece.kind == PieceKind::Pawn && pos.pawn_move_makes_two_pawns(by, from, king);
        (!dead && !second_pawn) || andernach::king_capture_turns(pos, rules, from, king)
    }
}

/// Whether fm's trial capture of the king may promote: the kind promotes, promotion is
/// not banned (成禁, 絶対成禁 take promotability away) and the move touches the zone.
pub(crate) fn king_capture_may_promote(
    rules: &RuleSet,
    kind: PieceKind,
    by: yosei_core::Color,
    from: Square,
    king: Square,
) -> bool {
    rules.compiled().no_promotion.is_none() && rules.promotes(kind) && (from.in_zone(by) || king.in_zone(by))
}

/// Under アンチキルケ: whether some move fm's trial capture of the king on `king` by the
/// piece on `from` becomes satisfies `obeys` (Koko and Isardam type A judge the position
/// after it; `Position::play` of a king capture takes the king off the board, into no
/// hand). fm's trial plays its Anti-Circe move, so the capturer returns home and the
/// dead-piece and two-pawn tests are those of the return square (`capture::choices`; a
/// return that makes two pawns is no trial); only a capturer that stays, finding no home
/// free, is held to them on the king's square ([`king_capture_forms`]).
pub(crate) fn any_anticirce_king_capture(
    pos: &Position,
    rules: &RuleSet,
    from: Square,
    king: Square,
    mut obeys: impl FnMut(Move) -> bool,
) -> bool {
    let Some(piece) = pos.piece_at(from) else { return false };
    [true, false].into_iter().any(|promote| {
        if promote && !king_capture_may_promote(rules, piece.kind, piece.color, from, king) {
            return false;
        }
        let capture = Move::normal(from, king, promote);
        crate::capture::choices(pos, rules, crate::capture::CaptureRule::AntiCirce, capture)
            .as_slice()
            .iter()
            .any(|&trial| {
                let returns = matches!(trial.displacement(), Some((Displacement::Return, _)));
                (returns || king_capture_form_stands(pos, rules, from, king, promote)) && obeys(trial)
            })
    })
}

/// Andernach or Anti-Andernach, if one is set. fm makes them exclusive with each other
/// and with キルケ, アンチキルケ and PWC. With the power rules (the ネコ鮮 pair among them),
/// 利き二歩無効, Madrasi / Ｋマドラシ, 打歩詰, 打歩可, the move bans (成禁, 絶対成禁, 取禁, 攻方取禁,
/// 強欲, 禁欲), Koko, Isardam and 自己王手王取無効 they are accepted (compared with fm and with the reference generator:
/// docs/rules/andernach.md); the other combinations have not been compared and are
/// refused (deny by default).
fn turn_rule(conditions: &[Condition], problems: &mut Vec<String>) -> Option<andernach::TurnRule> {
    let rule = if conditions.contains(&Condition::Andernach) {
        andernach::TurnRule::Andernach
    } else if conditions.contains(&Condition::AntiAndernach) {
        andernach::TurnRule::AntiAndernach
    } else {
        return None;
    };
    let (exclusive, untried): (Vec<Condition>, Vec<Condition>) = conditions
        .iter()
        .filter(|&&c| !matches!(c, Condition::Andernach | Condition::AntiAndernach) && !andernach::combines_with(c))
        .partition(|c| {
            matches!(c, Condition::Circe | Condition::AntiCirce | Condition::Pwc) || messigny::is_messigny(**c)
        });
    let names = |cs: &[Condition]| {
        cs.iter()
            .map(|c| format!("{c} ({})", c.japanese()))
            .collect::<Vec<_>>()
            .join(", ")
    };
    if conditions.contains(&Condition::Andernach) && conditions.contains(&Condition::AntiAndernach) {
        problems.push(
            "conditions andernach and anti-andernach cannot be combined (fm treats them as exclusive)".to_string(),
        );
    }
    if !exclusive.is_empty() {
        problems.push(format!(
            "condition {} cannot be combined with {} (fm treats the Circe family and Andernach as exclusive)",
            Condition::from(rule),
            names(&exclusive)
        ));
    }
    if !untried.is_empty() {
        problems.push(format!(
            "condition {} with {} is not implemented together yet",
            Condition::from(rule),
            names(&untried)
        ));
    }
    Some(rule)
}

impl From<andernach::TurnRule> for Condition {
    fn from(rule: andernach::TurnRule) -> Condition {
        match rule {
            andernach::TurnRule::Andernach => Condition::Andernach,
            andernach::TurnRule::AntiAndernach => Condition::AntiAndernach,
        }
    }
}
