//! Piece kinds (ordinary, promoted and fairy) and coloured pieces.

use crate::Color;

/// Every kind of piece yosei knows. The first fourteen are ordinary shogi; the fairy
/// kinds of rules.md §1 follow (none of them promotes); `Stone` is fm's 石, a blocker
/// that never moves and cannot be captured.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum PieceKind {
    Pawn,
    Lance,
    Knight,
    Silver,
    Gold,
    Bishop,
    Rook,
    King,
    /// と
    ProPawn,
    /// 成香
    ProLance,
    /// 成桂
    ProKnight,
    /// 成銀
    ProSilver,
    /// 馬
    Horse,
    /// 龍
    Dragon,
    /// 獅 Lion
    Lion,
    /// 鳳 Phoenix
    Phoenix,
    /// 麒 Kirin
    Kirin,
    /// Ｑ Queen
    Queen,
    /// 騎 the chess knight, a (1,2) leaper (not 桂, which is `Knight`)
    ChessKnight,
    /// 駱 Camel, (1,3) leaper
    Camel,
    /// 縞 Zebra, (2,3) leaper
    Zebra,
    /// き Giraffe, (1,4) leaper
    Giraffe,
    /// 伍 five-leaper: (0,5) and (3,4)
    FiveLeaper,
    /// 梧 √50-leaper: (1,7) and (5,5)
    Root50Leaper,
    /// Ｇ Grasshopper
    Grasshopper,
    /// 夜 Nightrider
    Nightrider,
    /// 石 stone (fmrs `O`)
    Stone,
    /// Pieces a problem defines by a movement string (docs/rules/movement.md), one per
    /// SFEN letter that no built-in kind uses.
    UserE,
    UserM,
    UserU,
    UserW,
    UserY,
}

use PieceKind::*;

impl PieceKind {
    pub const COUNT: usize = 32;

    pub const ALL: [PieceKind; PieceKind::COUNT] = [
        Pawn,
        Lance,
        Knight,
        Silver,
        Gold,
        Bishop,
        Rook,
        King,
        ProPawn,
        ProLance,
        ProKnight,
        ProSilver,
        Horse,
        Dragon,
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
        Stone,
        UserE,
        UserM,
        UserU,
        UserW,
        UserY,
    ];

    /// The kinds a hand can hold, in the order hands are written (SFEN: R B G S N L P
    /// is the conventional order; this list is in kind order).
    pub const HAND_KINDS: [PieceKind; 24] = [
        Pawn,
        Lance,
        Knight,
        Silver,
        Gold,
        Bishop,
        Rook,
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
        UserE,
        UserM,
        UserU,
        UserW,
        UserY,
    ];

    /// The kinds a problem may define by a movement string.
    pub const USER_KINDS: [PieceKind; 5] = [UserE, UserM, UserU, UserW, UserY];

    /// The seven ordinary kinds a hand can hold.
    pub const ORDINARY_HAND_KINDS: [PieceKind; 7] = [Pawn, Lance, Knight, Silver, Gold, Bishop, Rook];

    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    #[inline]
    pub const fn from_index(index: usize) -> Option<PieceKind> {
        if index < Self::COUNT {
            Some(Self::ALL[index])
        } else {
            None
        }
    }

    /// One of the fourteen kinds of ordinary shogi.
    #[inline]
    pub const fn is_ordinary(self) -> bool {
        (self as u8) <= Dragon as u8
    }

    #[inline]
    pub const fn is_fairy(self) -> bool {
        !self.is_ordinary()
    }

    /// A kind whose movement the problem defines (`UserE`…).
    #[inline]
    pub const fn is_user_defined(self) -> bool {
        (self as u8) >= UserE as u8
    }

    /// The promoted kind, for the six kinds that promote.
    #[inline]
    pub const fn promoted(self) -> Option<PieceKind> {
        match self {
            Pawn => Some(ProPawn),
            Lance => Some(ProLance),
            Knight => Some(ProKnight),
            Silver => Some(ProSilver),
            Bishop => Some(Horse),
            Rook => Some(Dragon),
            _ => None,
        }
    }

    #[inline]
    pub const fn can_promote(self) -> bool {
        self.promoted().is_some()
    }

    #[inline]
    pub const fn is_promoted(self) -> bool {
        matches!(self, ProPawn | ProLance | ProKnight | ProSilver | Horse | Dragon)
    }

    /// The kind before promotion (itself for an unpromoted kind).
    #[inline]
    pub const fn unpromoted(self) -> PieceKind {
        match self {
            ProPawn => Pawn,
            ProLance => Lance,
            ProKnight => Knight,
            ProSilver => Silver,
            Horse => Bishop,
            Dragon => Rook,
            k => k,
        }
    }

    /// The kind that reaches a hand when this piece is captured: unpromoted; `None` for
    /// the king and the stone, which are never held.
    #[inline]
    pub const fn hand_kind(self) -> Option<PieceKind> {
        match self {
            King | Stone => None,
            k => Some(k.unpromoted()),
        }
    }

    /// Whether a hand can hold this kind as it is (unpromoted, not king or stone).
    #[inline]
    pub const fn is_hand_kind(self) -> bool {
        !self.is_promoted() && !matches!(self, King | Stone)
    }

    /// The SFEN/USI letter of a Black piece of this kind, without a `+` (cli.md).
    pub const fn sfen_letter(self) -> char {
        match self.unpromoted() {
            Pawn => 'P',
            Lance => 'L',
            Knight => 'N',
            Silver => 'S',
            Gold => 'G',
            Bishop => 'B',
            Rook => 'R',
            King => 'K',
            Lion => 'I',
            Phoenix => 'H',
            Kirin => 'J',
            Queen => 'Q',
            ChessKnight => 'T',
            Camel => 'C',
            Zebra => 'Z',
            Giraffe => 'F',
            FiveLeaper => 'V',
            Root50Leaper => 'X',
            Grasshopper => 'A',
            Nightrider => 'D',
            Stone => 'O',
            UserE => 'E',
            UserM => 'M',
            UserU => 'U',
            UserW => 'W',
            UserY => 'Y',
            // unpromoted() never yields a promoted kind
            _ => '?',
        }
    }

    /// The unpromoted kind written by an upper-case SFEN letter.
    pub fn from_sfen_letter(letter: char) -> Option<PieceKind> {
        PieceKind::ALL
            .iter()
            .copied()
            .find(|k| !k.is_promoted() && k.sfen_letter() == letter)
    }

    /// English name, for messages.
    pub const fn name(self) -> &'static str {
        match self {
            Pawn => "pawn",
            Lance => "lance",
            Knight => "knight",
            Silver => "silver",
            Gold => "gold",
            Bishop => "bishop",
            Rook => "rook",
            King => "king",
            ProPawn => "tokin",
            ProLance => "promoted lance",
            ProKnight => "promoted knight",
            ProSilver => "promoted silver",
            Horse => "horse",
            Dragon => "dragon",
            Lion => "lion",
            Phoenix => "phoenix",
            Kirin => "kirin",
            Queen => "queen",
            ChessKnight => "chess knight",
            Camel => "camel",
            Zebra => "zebra",
            Giraffe => "giraffe",
            FiveLeaper => "five-leaper",
            Root50Leaper => "root-50-leaper",
            Grasshopper => "grasshopper",
            Nightrider => "nightrider",
            Stone => "stone",
            UserE => "user piece E",
            UserM => "user piece M",
            UserU => "user piece U",
            UserW => "user piece W",
            UserY => "user piece Y",
        }
    }
}

/// A piece of one side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    pub kind: PieceKind,
    pub color: Color,
}

impl Piece {
    #[inline]
    pub const fn new(kind: PieceKind, color: Color) -> Piece {
        Piece { kind, color }
    }

    /// A dense index (kind × colour), for tables such as Zobrist keys.
    #[inline]
    pub const fn index(self) -> usize {
        self.kind.index() * 2 + self.color.index()
    }

    pub const NUM: usize = PieceKind::COUNT * 2;

    /// SFEN text: `+p`, `K`, `I`…
    pub fn to_sfen(self) -> String {
        let letter = self.kind.sfen_letter();
        let letter = match self.color {
            Color::Black => letter,
            Color::White => letter.to_ascii_lowercase(),
        };
        if self.kind.is_promoted() {
            format!("+{letter}")
        } else {
            letter.to_string()
        }
    }
}
