//! The rule set a problem is solved under: the readings of ordinary rules that the
//! community disagrees on, and the fairy conditions (compiled once per problem).

use crate::conditions::king_square::KingSquares;
use crate::fairy_capture::DiscardedKinds;
use crate::fairy_promotion::FairyPromotion;
use crate::pieces::{PieceTable, UserPiece};
use crate::royal::RoyalKinds;
use crate::stipulation::Stipulation;
use crate::Position;
use std::fmt;
use std::str::FromStr;
use std::sync::Arc;
use yosei_core::{Color, PieceKind, Square};

/// Which pawn drops count as drop-pawn mate (rules.md §4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum UchifuzumeReading {
    /// A pawn drop that checks and leaves no legal move (the usual reading).
    #[default]
    CheckOnly,
    /// Any pawn drop that leaves the opponent no legal move, check or not (seed 002).
    Any,
}

impl UchifuzumeReading {
    /// The cli.md word: `check-only` or `any`.
    pub const fn name(self) -> &'static str {
        match self {
            UchifuzumeReading::CheckOnly => "check-only",
            UchifuzumeReading::Any => "any",
        }
    }
}

impl fmt::Display for UchifuzumeReading {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for UchifuzumeReading {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim() {
            "check-only" => Ok(UchifuzumeReading::CheckOnly),
            "any" => Ok(UchifuzumeReading::Any),
            other => Err(format!("expected 'check-only' or 'any', found '{other}'")),
        }
    }
}

/// When a piece whose pass comes from the Lion's two king steps (the Lion, the promoted
/// Kirin, a piece with `a` in its movement) may pass (docs/rules/fairy-pieces.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum LionPass {
    /// Out through an empty neighbour and back: no empty neighbour, no pass (the chu
    /// shogi rule, and yosei's reading).
    #[default]
    EmptyNeighbour,
    /// However the piece is surrounded (fm: `help_check_shishi_leap` makes `to = from`
    /// for every 獅子跳び piece); with no empty neighbour the pass is written through the
    /// piece's own square, `5e5e5e`.
    Any,
}

impl LionPass {
    /// The option's word: `empty-neighbour` or `any`.
    pub const fn name(self) -> &'static str {
        match self {
            LionPass::EmptyNeighbour => "empty-neighbour",
            LionPass::Any => "any",
        }
    }
}

impl fmt::Display for LionPass {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for LionPass {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim() {
            "empty-neighbour" => Ok(LionPass::EmptyNeighbour),
            "any" => Ok(LionPass::Any),
            other => Err(format!("expected 'empty-neighbour' or 'any', found '{other}'")),
        }
    }
}

/// Repetition (千日手) reading (rules.md §7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum RepetitionRule {
    #[default]
    Normal,
    /// The fourth occurrence by a perpetual checker is a forbidden position.
    Strict,
}

impl RepetitionRule {
    /// The cli.md word: `normal` or `strict`.
    pub const fn name(self) -> &'static str {
        match self {
            RepetitionRule::Normal => "normal",
            RepetitionRule::Strict => "strict",
        }
    }
}

impl fmt::Display for RepetitionRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for RepetitionRule {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim() {
            "normal" => Ok(RepetitionRule::Normal),
            "strict" => Ok(RepetitionRule::Strict),
            other => Err(format!("expected 'normal' or 'strict', found '{other}'")),
        }
    }
}

/// Whether a position may hold more pieces of a kind than the standard 40-piece set.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum PieceSetLimit {
    /// At most 2 R, 2 B, 4 G, 4 S, 4 N, 4 L, 18 P and one king per side.
    #[default]
    Standard,
    /// Any number (one king per side still).
    Unlimited,
}

/// The fairy conditions of rules.md §5, by the names of cli.md.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Condition {
    Annan,
    Anhoku,
    Taimen,
    Haimen,
    Tenjiku,
    Madrasi,
    KMadrasi,
    Uchifu,
    UchifuSimple,
    Circe,
    AntiCirce,
    Pwc,
    KikiNifuInvalid,
    SelfCheckCaptureInvalid,
    /// 駒詰: both kings move with the power of this kind.
    Komazume(PieceKind),
    /// A capturing piece, not a king, changes colour (fm's ANDERNACH).
    Andernach,
    /// A non-capturing piece, not a king, changes colour (fm's ANTIANDERNACH).
    AntiAndernach,
    /// 成禁: no promotion, but a promotion still counts as an escape from mate.
    NoPromotion,
    /// 絶対成禁: no promotion at all.
    NoPromotionAbsolute,
    /// 取禁: neither side captures.
    NoCapture,
    /// 攻方取禁: the attacker never captures.
    AttackerNoCapture,
    /// 打歩可: drop-pawn mate is allowed.
    UchifuAllowed,
    /// 強欲: a side that can capture must capture.
    Greedy,
    /// 禁欲: a side may capture only when it has no other move.
    Ascetic,
    /// A piece may swap places with an enemy piece of its kind (fm's MESSIGNY).
    Messigny,
    /// Messigny, no swap right after a swap (fm's MESSIGNY（欧州式）).
    MessignyEu,
    /// Messigny, no swapping the same two squares straight back (fm's MESSIGNY（日本式）).
    MessignyJp,
    /// Isardam type A: no piece may attack an enemy piece of its own kind, king
    /// captures included (fm's ISARDAM).
    Isardam,
    /// Isardam type B: the same, king captures excepted (fm's ISARDAM（タイプB）).
    IsardamB,
    /// Koko: a moved or dropped piece must end next to a piece (fm's KOKO).
    Koko,
    /// ネコ鮮: a file's unbroken line of one side's pieces moves with its kinds in
    /// reverse order (fm's ネコ鮮, docs/rules/nekosen.md).
    NekoSen,
    /// ネコネコ鮮: the same with any pieces, both sides' (fm's ネコネコ鮮).
    NekoNekoSen,
    /// 王位置: a mate or stalemate counts only with the kings on these squares (fm's
    /// `位置[55/51]`, docs/rules/king-square.md).
    KingSquare(KingSquares),
}

impl Condition {
    pub const ALL: [Condition; 31] = [
        Condition::Annan,
        Condition::Anhoku,
        Condition::Taimen,
        Condition::Haimen,
        Condition::Tenjiku,
        Condition::Madrasi,
        Condition::KMadrasi,
        Condition::Uchifu,
        Condition::UchifuSimple,
        Condition::Circe,
        Condition::AntiCirce,
        Condition::Pwc,
        Condition::KikiNifuInvalid,
        Condition::SelfCheckCaptureInvalid,
        Condition::Andernach,
        Condition::AntiAndernach,
        Condition::NoPromotion,
        Condition::NoPromotionAbsolute,
        Condition::NoCapture,
        Condition::AttackerNoCapture,
        Condition::UchifuAllowed,
        Condition::Greedy,
        Condition::Ascetic,
        Condition::Messigny,
        Condition::MessignyEu,
        Condition::MessignyJp,
        Condition::Isardam,
        Condition::IsardamB,
        Condition::Koko,
        Condition::NekoSen,
        Condition::NekoNekoSen,
    ];

    /// The name of cli.md (for `Komazume` without its kind: see `Display`).
    pub const fn name(self) -> &'static str {
        match self {
            Condition::Annan => "annan",
            Condition::Anhoku => "anhoku",
            Condition::Taimen => "taimen",
            Condition::Haimen => "haimen",
            Condition::Tenjiku => "tenjiku",
            Condition::Madrasi => "madrasi",
            Condition::KMadrasi => "k-madrasi",
            Condition::Uchifu => "uchifu",
            Condition::UchifuSimple => "uchifu-simple",
            Condition::Circe => "circe",
            Condition::AntiCirce => "anticirce",
            Condition::Pwc => "pwc",
            Condition::KikiNifuInvalid => "kiki-nifu-invalid",
            Condition::SelfCheckCaptureInvalid => "skci",
            Condition::Komazume(_) => "komazume",
            Condition::KingSquare(_) => "king-square",
            Condition::Andernach => "andernach",
            Condition::AntiAndernach => "anti-andernach",
            Condition::NoPromotion => "no-promotion",
            Condition::NoPromotionAbsolute => "no-promotion-absolute",
            Condition::NoCapture => "no-capture",
            Condition::AttackerNoCapture => "attacker-no-capture",
            Condition::UchifuAllowed => "uchifu-allowed",
            Condition::Greedy => "greedy",
            Condition::Ascetic => "ascetic",
            Condition::Messigny => "messigny",
            Condition::MessignyEu => "messigny-eu",
            Condition::MessignyJp => "messigny-jp",
            Condition::Isardam => "isardam",
            Condition::IsardamB => "isardam-b",
            Condition::Koko => "koko",
            Condition::NekoSen => "nekosen",
            Condition::NekoNekoSen => "nekonekosen",
        }
    }

    /// The Japanese name used in fm and Fairyland.
    pub const fn japanese(self) -> &'static str {
        match self {
            Condition::Annan => "安南",
            Condition::Anhoku => "安北",
            Condition::Taimen => "対面",
            Condition::Haimen => "背面",
            Condition::Tenjiku => "天竺",
            Condition::Madrasi => "マドラシ",
            Condition::KMadrasi => "Ｋマドラシ",
            Condition::Uchifu => "打歩詰",
            Condition::UchifuSimple => "単純打歩",
            Condition::Circe => "キルケ",
            Condition::AntiCirce => "アンチキルケ",
            Condition::Pwc => "PWC",
            Condition::KikiNifuInvalid => "利き二歩無効",
            Condition::SelfCheckCaptureInvalid => "自己王手王取無効",
            Condition::Komazume(_) => "駒詰",
            Condition::KingSquare(_) => "王位置",
            Condition::Andernach => "アンデルナッハ",
            Condition::AntiAndernach => "アンチアンデルナッハ",
            Condition::NoPromotion => "成禁",
            Condition::NoPromotionAbsolute => "絶対成禁",
            Condition::NoCapture => "取禁",
            Condition::AttackerNoCapture => "攻方取禁",
            Condition::UchifuAllowed => "打歩可",
            Condition::Greedy => "強欲",
            Condition::Ascetic => "禁欲",
            // fm's own words (it has no katakana name)
            Condition::Messigny => "Messigny",
            Condition::MessignyEu => "Messigny（欧州式）",
            Condition::MessignyJp => "Messigny（日本式）",
            Condition::Isardam => "イザルダム",
            Condition::IsardamB => "イザルダム（タイプB）",
            Condition::Koko => "ココ",
            Condition::NekoSen => "ネコ鮮",
            Condition::NekoNekoSen => "ネコネコ鮮",
        }
    }

    /// fm's short form (`!AN`), where fm has one (fmza 6.005's rule table).
    pub const fn fm_short(self) -> Option<&'static str> {
        Some(match self {
            Condition::Annan => "!AN",
            Condition::Anhoku => "!AH",
            Condition::Taimen => "!TM",
            Condition::Haimen => "!HM",
            Condition::Madrasi => "!MD",
            Condition::KMadrasi => "!KM",
            Condition::Uchifu => "!F",
            Condition::Circe => "!CR",
            Condition::AntiCirce => "!AC",
            Condition::Pwc => "!PWC",
            Condition::NoPromotion => "!NP",
            Condition::NoPromotionAbsolute => "!ANP",
            Condition::NoCapture => "!NC",
            Condition::AttackerNoCapture => "!HNC",
            Condition::UchifuAllowed => "!AF",
            Condition::Greedy => "!GR",
            Condition::Ascetic => "!AS",
            Condition::Messigny => "!MS",
            Condition::MessignyEu => "!ME",
            Condition::MessignyJp => "!MJ",
            Condition::Isardam => "!IS",
            Condition::IsardamB => "!IB",
            Condition::Koko => "!KO",
            Condition::NekoSen => "!NK",
            Condition::NekoNekoSen => "!NK2",
            _ => return None,
        })
    }
}

impl Condition {
    /// Every condition as a user chooses one, the single list that the command line's
    /// `--list-conditions`, the web page and the USI option's help are built from:
    /// [`Condition::ALL`], then 駒詰 once, standing for all its kinds (its pawn is a
    /// placeholder: the user picks one of [`Condition::komazume_kinds`]), and 王位置 once
    /// (its square a placeholder: the user gives the squares).
    pub fn listed() -> impl Iterator<Item = Condition> {
        Condition::ALL.iter().copied().chain([
            Condition::Komazume(PieceKind::Pawn),
            Condition::KingSquare(KingSquares::PLACEHOLDER),
        ])
    }

    /// Whether the condition is named with a piece kind (`komazume:KIND`).
    pub const fn takes_kind(self) -> bool {
        matches!(self, Condition::Komazume(_))
    }

    /// Whether the condition is named with squares (`king-square:SQ[/SQ]`).
    pub const fn takes_squares(self) -> bool {
        matches!(self, Condition::KingSquare(_))
    }

    /// The name as a user types it, a placeholder for the kind or squares: `annan`,
    /// `komazume:KIND`, `king-square:SQ[/SQ]`.
    pub fn usage(self) -> String {
        match (self.takes_kind(), self.takes_squares()) {
            (true, _) => format!("{}:KIND", self.name()),
            (_, true) => format!("{}:SQ[/SQ]", self.name()),
            _ => self.name().to_string(),
        }
    }

    /// The kinds 駒詰 may give the kings: any but the king itself and the stone.
    pub fn komazume_kinds() -> impl Iterator<Item = PieceKind> {
        PieceKind::ALL
            .iter()
            .copied()
            .filter(|k| !matches!(k, PieceKind::King | PieceKind::Stone))
    }

    /// Whether yosei solves problems of `stipulation` under this condition. Messigny:
    /// only the stipulations fm has Messigny code for and yosei has compared with it
    /// (docs/rules/messigny.md): help mate, help selfmate, their stalemates, direct
    /// mate and mate in ≤ N (fm's かしこ #N gives its value). 王位置: every stipulation
    /// whose goal is a mate or a stalemate.
    pub const fn solved_under(self, stipulation: Stipulation) -> bool {
        match self {
            Condition::Messigny | Condition::MessignyEu | Condition::MessignyJp => matches!(
                stipulation,
                Stipulation::Help { .. }
                    | Stipulation::HelpSelf { .. }
                    | Stipulation::HelpStale { .. }
                    | Stipulation::HelpSelfStale { .. }
                    | Stipulation::Tsume { .. }
                    | Stipulation::MateIn { .. }
            ),
            // a goal of kings on squares: every mate and stalemate goal, not a target
            // position
            Condition::KingSquare(_) => {
                !matches!(stipulation, Stipulation::Sequence { .. } | Stipulation::Cycle { .. })
            }
            _ => true,
        }
    }

    /// The stipulations it is limited to, in cli.md's words, when it is limited
    /// ([`Condition::solved_under`]).
    pub const fn limited_to(self) -> Option<&'static str> {
        match self {
            Condition::Messigny | Condition::MessignyEu | Condition::MessignyJp => {
                Some("help, helpself, helpstale, helpselfstale, tsume and mate")
            }
            Condition::KingSquare(_) => {
                Some("tsume, mate, help, helpself, self, helpstale, helpselfstale, ser and serhelp")
            }
            _ => None,
        }
    }

    /// The listed conditions that [`RuleSet::compile`] refuses beside this one however
    /// they are joined (a condition that does not stand alone, [`Condition::only_with`],
    /// is tried with each partner it needs; a 駒詰 stands for its family: another kind
    /// of it is not counted).
    pub fn refused_with(self) -> Vec<Condition> {
        let with_partners = |c: Condition| -> Vec<Vec<Condition>> {
            match c.only_with() {
                partners if partners.is_empty() => vec![vec![c]],
                partners => partners.into_iter().map(|p| vec![c, p]).collect(),
            }
        };
        Condition::listed()
            .filter(|&other| other.name() != self.name())
            .filter(|&other| {
                let (mine, theirs) = (with_partners(self), with_partners(other));
                !mine.iter().any(|a| {
                    theirs
                        .iter()
                        .any(|b| RuleSet::compile(&[&a[..], &b[..]].concat()).is_ok())
                })
            })
            .collect()
    }

    /// The listed conditions it must be joined by (some of them), when
    /// [`RuleSet::compile`] refuses it alone (利き二歩無効 reads the powers of 安南 and
    /// its kin); empty when it stands alone.
    pub fn only_with(self) -> Vec<Condition> {
        if RuleSet::compile(&[self]).is_ok() {
            return Vec::new();
        }
        Condition::listed()
            .filter(|&other| other.name() != self.name() && RuleSet::compile(&[self, other]).is_ok())
            .collect()
    }

    /// Whether yosei knows how to apply this condition.
    pub const fn is_implemented(self) -> bool {
        matches!(
            self,
            Condition::Uchifu
                | Condition::UchifuSimple
                | Condition::Circe
                | Condition::AntiCirce
                | Condition::Pwc
                | Condition::Annan
                | Condition::Anhoku
                | Condition::Taimen
                | Condition::Haimen
                | Condition::Tenjiku
                | Condition::Madrasi
                | Condition::KMadrasi
                | Condition::KikiNifuInvalid
                | Condition::SelfCheckCaptureInvalid
                | Condition::Komazume(_)
                | Condition::Andernach
                | Condition::AntiAndernach
                | Condition::NoPromotion
                | Condition::NoPromotionAbsolute
                | Condition::NoCapture
                | Condition::AttackerNoCapture
                | Condition::UchifuAllowed
                | Condition::Greedy
                | Condition::Ascetic
                | Condition::Messigny
                | Condition::MessignyEu
                | Condition::MessignyJp
                | Condition::Isardam
                | Condition::IsardamB
                | Condition::Koko
                | Condition::NekoSen
                | Condition::NekoNekoSen
                | Condition::KingSquare(_)
        )
    }
}

impl fmt::Display for Condition {
    /// cli.md form: `annan`, `komazume:knight`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Condition::Komazume(kind) => write!(f, "komazume:{}", kind_word(*kind)),
            Condition::KingSquare(squares) => write!(f, "king-square:{squares}"),
            c => f.write_str(c.name()),
        }
    }
}

impl FromStr for Condition {
    type Err = String;
    /// cli.md names (`annan`, `komazume:KIND` with KIND an SFEN letter or an English
    /// kind name such as `knight`, `chess-knight`), the Japanese names and fm's short
    /// forms (`!AN`, `!NP`; fm also writes `!CX` for PWC).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim();
        if let Some(kind) = t.strip_prefix("komazume:") {
            return komazume_kind(kind).map(Condition::Komazume);
        }
        if let Some(squares) = crate::conditions::king_square::strip_name(t) {
            return squares.parse().map(Condition::KingSquare);
        }
        Condition::ALL
            .iter()
            .copied()
            .find(|c| {
                c.name().eq_ignore_ascii_case(t)
                    || c.japanese() == t
                    || c.fm_short().is_some_and(|short| short.eq_ignore_ascii_case(t))
                    || (*c == Condition::Pwc && t.eq_ignore_ascii_case("!CX"))
                    || (*c == Condition::Isardam && t.eq_ignore_ascii_case("isardam-a"))
            })
            .ok_or_else(|| {
                let names: Vec<String> = Condition::listed().map(Condition::usage).collect();
                format!("unknown condition '{t}': expected one of {}", names.join(", "))
            })
    }
}

/// A kind's name as `komazume:KIND` writes it: `knight`, `chess-knight`.
pub fn kind_word(kind: PieceKind) -> String {
    kind.name().replace(' ', "-")
}

/// The kind an option names: its SFEN name (`N`, `[WA]`, either case) or its word
/// (`knight`, `chess-knight`).
pub fn kind_from_word(text: &str) -> Option<PieceKind> {
    let t = text.trim();
    PieceKind::from_sfen_name(&t.to_ascii_uppercase()).or_else(|| {
        PieceKind::ALL
            .iter()
            .copied()
            .find(|&k| kind_word(k).eq_ignore_ascii_case(t))
    })
}

fn komazume_kind(text: &str) -> Result<PieceKind, String> {
    let t = text.trim();
    kind_from_word(t)
        .filter(|k| Condition::komazume_kinds().any(|allowed| allowed == *k))
        .ok_or_else(|| {
            format!("komazume:{t}: expected a piece kind (an SFEN name such as N or [WA], or a name such as 'knight')")
        })
}

/// Why a set of conditions cannot be compiled: every conflict at once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleError {
    pub problems: Vec<String>,
}

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.problems.join("; "))
    }
}

impl std::error::Error for RuleError {}

/// Everything that decides legality besides the position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleSet {
    pub uchifuzume: UchifuzumeReading,
    pub repetition: RepetitionRule,
    pub piece_set: PieceSetLimit,
    /// When a Lion (and a piece passing as it does) may pass.
    pub lion_pass: LionPass,
    /// Where a fairy piece starts for キルケ and アンチキルケ: nowhere (rules.md) or, as
    /// fm has it, on its second rank.
    pub fairy_home: crate::FairyHome,
    /// fm's 攻方, the side 攻方取禁 bans from capturing: Black unless the solver, which
    /// knows the stipulation, says otherwise ([`RuleSet::with_attacker`]).
    pub attacker: Color,
    conditions: Vec<Condition>,
    compiled: crate::conditions::Compiled,
    /// How the fairy and user-defined kinds move.
    pieces: Arc<PieceTable>,
    /// The fairy kinds whose captured pieces leave play (取捨て); none by default
    /// (rules.md §1: a captured fairy piece is held).
    discarded: DiscardedKinds,
    /// The fairy kinds that promote (fm's `@P`); none by default (rules.md §1).
    fairy_promotion: FairyPromotion,
    /// The royal kinds (the king, the tori phoenix, fm's `@R` kinds).
    royal: RoyalKinds,
}

impl Default for RuleSet {
    fn default() -> Self {
        RuleSet {
            uchifuzume: UchifuzumeReading::default(),
            repetition: RepetitionRule::default(),
            piece_set: PieceSetLimit::default(),
            lion_pass: LionPass::default(),
            fairy_home: crate::FairyHome::default(),
            attacker: Color::Black,
            conditions: Vec::new(),
            // no condition: every piece its own power (the local king-safety path holds)
            compiled: crate::conditions::Compiled::from_conditions(&[], &mut Vec::new()),
            pieces: PieceTable::builtin(),
            discarded: DiscardedKinds::NONE,
            fairy_promotion: FairyPromotion::NONE,
            royal: RoyalKinds::always(),
        }
    }
}

impl RuleSet {
    /// Ordinary shogi with the default readings.
    pub fn ordinary() -> RuleSet {
        RuleSet::default()
    }

    /// Compiles a list of conditions (each counted once), or reports every conflict at
    /// once. Conditions whose module does not exist yet are reported as such (never
    /// silently ignored); so are the combinations no one has defined (`crate::capture`,
    /// `crate::conditions`).
    pub fn compile(conditions: &[Condition]) -> Result<RuleSet, RuleError> {
        let mut unique: Vec<Condition> = Vec::new();
        for &c in conditions {
            if !unique.contains(&c) {
                unique.push(c);
            }
        }
        let mut problems: Vec<String> = unique
            .iter()
            .filter(|c| !c.is_implemented())
            .map(|c| format!("condition {c} ({}) is not implemented yet", c.japanese()))
            .collect();
        problems.extend(crate::capture::conflicts(&unique));
        let compiled = crate::conditions::Compiled::from_conditions(&unique, &mut problems);
        if problems.is_empty() {
            Ok(RuleSet {
                conditions: unique,
                compiled,
                ..RuleSet::default()
            })
        } else {
            Err(RuleError { problems })
        }
    }

    /// The compiled conditions: which power rule, which paralysis, the 利き二歩 reading.
    #[inline]
    pub(crate) fn compiled(&self) -> &crate::conditions::Compiled {
        &self.compiled
    }

    /// Messigny's reading, if it is on.
    #[inline]
    pub fn swap_rule(&self) -> Option<crate::SwapRule> {
        self.compiled.swap
    }

    /// A piece of `kind` and `color` on `sq` that is dead under these rules (rules.md §3.2):
    /// the ordinary table, or the power-changing condition's own table.
    #[inline]
    pub fn is_dead(&self, kind: PieceKind, color: Color, sq: Square) -> bool {
        match self.compiled.dead_table() {
            crate::conditions::DeadTable::Ordinary => self.pieces.is_dead(kind, color, sq),
            crate::conditions::DeadTable::Nothing => false,
            // P, L, N, and any piece dead on its last rank by its own movement (fm's chu
            // shogi lance: fm keeps the last-rank dead squares under 安北 and 対面)
            crate::conditions::DeadTable::LastRankPawnLanceKnight => {
                sq.relative_rank(color) == 1 && self.pieces.is_dead(kind, color, sq)
            }
        }
    }

    /// The same rules with `attacker` as fm's 攻方.
    pub fn with_attacker(mut self, attacker: Color) -> RuleSet {
        self.attacker = attacker;
        self
    }

    /// Whether some legal move may not be played under these rules though it counts when
    /// the mate and stalemate tests ask for a move (成禁, 取禁, 攻方取禁): an empty list of
    /// moves to play then need not be a mate. Solvers ask [`Position::has_legal_move`].
    pub fn bans_counted_moves(&self) -> bool {
        let compiled = &self.compiled;
        compiled.no_promotion == Some(crate::conditions::NoPromotion::Played) || compiled.no_capture.is_some()
    }

    pub fn conditions(&self) -> &[Condition] {
        &self.conditions
    }

    /// The same rules with the problem's own pieces defined (each of the user kinds at
    /// most once), or every problem with the definitions.
    pub fn with_user_pieces(mut self, pieces: &[UserPiece]) -> Result<RuleSet, RuleError> {
        self.pieces = PieceTable::with_user_pieces(pieces).map_err(|problems| RuleError { problems })?;
        Ok(self)
    }

    /// These rules with captured pieces of `kinds` discarded (取捨て) instead of held.
    pub fn with_discarded_kinds(mut self, kinds: DiscardedKinds) -> RuleSet {
        self.discarded = kinds;
        self
    }

    /// The fairy kinds whose captured pieces leave play.
    #[inline]
    pub fn discarded_kinds(&self) -> DiscardedKinds {
        self.discarded
    }

    /// These rules with the fairy kinds of `kinds` promoting (fm's `@P`).
    pub fn with_fairy_promotion(mut self, kinds: FairyPromotion) -> RuleSet {
        self.fairy_promotion = kinds;
        self
    }

    /// The fairy kinds that promote.
    #[inline]
    pub fn fairy_promotion(&self) -> FairyPromotion {
        self.fairy_promotion
    }

    /// These rules with the pieces of `kinds` royal (the always-royal kinds stay so).
    pub fn with_royal_kinds(mut self, kinds: RoyalKinds) -> RuleSet {
        self.royal = kinds.union(RoyalKinds::always());
        self
    }

    /// The royal kinds.
    #[inline]
    pub fn royal_kinds(&self) -> RoyalKinds {
        self.royal
    }

    /// Whether a piece of `kind` may promote (where the zone allows): the six ordinary
    /// kinds always, a fairy kind where the problem says so. (Conditions that ban
    /// promotion, 成禁, are asked apart.)
    #[inline]
    pub fn promotes(&self, kind: PieceKind) -> bool {
        kind.always_promotes() || self.fairy_promotion.contains(kind)
    }

    /// How every kind moves under these rules.
    #[inline]
    pub fn pieces(&self) -> &PieceTable {
        &self.pieces
    }

    /// True when no condition changes powers, captures or legality: the fast
    /// ordinary generator is exact. (王位置 changes only which ends count.)
    #[inline]
    pub fn is_ordinary(&self) -> bool {
        self.compiled.ordinary_play
    }

    /// 王位置's squares, when the goal asks for them.
    #[inline]
    pub fn king_squares(&self) -> Option<KingSquares> {
        self.compiled.king_squares
    }

    /// Whether `mated`, a mate of its side to move reached by `last` (`None`: no move
    /// was made), fulfils a mate stipulation: always, except under the fairy 打歩詰, where
    /// the mating move must be a pawn drop (or, as fm has it, a drop of its swallow:
    /// `sub2.c`), and under 王位置, where the kings must stand on its squares.
    #[inline]
    pub fn mate_counts(&self, mated: &Position, last: Option<yosei_core::Move>) -> bool {
        self.kings_stand_as_asked(mated)
            && (self.uchifu().is_none()
                || last
                    .and_then(|m| m.drop_kind())
                    .is_some_and(crate::drop_pawn_mate::bans_drop_mate))
    }

    /// Whether `end`, a stalemate of its side to move, fulfils a stalemate
    /// stipulation: always, except under 王位置 with the kings elsewhere.
    #[inline]
    pub fn stalemate_counts(&self, end: &Position) -> bool {
        self.kings_stand_as_asked(end)
    }

    /// Whether the kings of `end`, a goal of its side to move, stand where 王位置 asks
    /// (always, without it).
    #[inline]
    pub fn kings_stand_as_asked(&self, end: &Position) -> bool {
        self.compiled.king_squares.is_none_or(|squares| squares.hold_in(end))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_listed_condition_reads_back_from_its_written_name() {
        for listed in Condition::listed() {
            let written = match listed {
                Condition::Komazume(_) => "komazume:chess-knight".to_string(),
                c => c.to_string(),
            };
            let read: Condition = written.parse().expect("a listed name reads");
            assert_eq!(read.name(), listed.name(), "{written}");
        }
        let names: std::collections::HashSet<&str> = Condition::listed().map(Condition::name).collect();
        assert_eq!(names.len(), Condition::listed().count(), "names are unique");
    }

    #[test]
    fn komazume_takes_every_kind_it_lists_and_no_other() {
        for kind in Condition::komazume_kinds() {
            let name = format!("komazume:{}", kind_word(kind));
            assert_eq!(name.parse::<Condition>(), Ok(Condition::Komazume(kind)), "{name}");
        }
        assert!("komazume:king".parse::<Condition>().is_err());
        assert!(Condition::listed().filter(|c| c.takes_kind()).count() == 1);
    }

    #[test]
    fn refused_combinations_are_the_ones_compile_refuses() {
        // anything refused with circe is refused by compiling the pair, both ways round
        for other in Condition::Circe.refused_with() {
            assert!(RuleSet::compile(&[Condition::Circe, other]).is_err(), "{other}");
            assert!(other.refused_with().iter().any(|c| c.name() == "circe"), "{other}");
        }
        assert!(Condition::Messigny.solved_under(Stipulation::Tsume { length: None }));
        assert!(!Condition::MessignyEu.solved_under(Stipulation::SelfMate { length: 3 }));
        assert!(Condition::MessignyJp.solved_under(Stipulation::MateIn { length: 3 }));
        assert!(Condition::Annan.solved_under(Stipulation::SelfMate { length: 3 }));
        assert!(Condition::KikiNifuInvalid.only_with().contains(&Condition::Annan));
        assert!(Condition::Annan.only_with().is_empty());
    }
}
