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
    // fm's further leapers and riders (fm codes in `csa_code`); appended so that the
    // indices of the kinds above (packed positions, keys) do not move.
    /// 臣 Wazir, (0,1) leaper
    Wazir,
    /// 戦 Dabbaba, (0,2) leaper
    Dabbaba,
    /// 参 Threeleaper, (0,3) leaper
    Threeleaper,
    /// 賢 Fers, (1,1) leaper
    Fers,
    /// ぞ Alfil, (2,2) leaper
    Alfil,
    /// 桟 Tripper, (3,3) leaper
    Tripper,
    /// 紅 Flamingo, (1,6) leaper
    Flamingo,
    /// 栖 √40-leaper, (2,6) leaper
    Root40Leaper,
    /// 楼 √65-leaper: (1,8) and (4,7)
    Root65Leaper,
    /// 駝 Camelrider, (1,3) rider
    Camelrider,
    /// 斑 Zebrarider, (2,3) rider
    Zebrarider,
    /// 后 Empress: rook + chess knight
    Empress,
    /// 姫 Princess: bishop + chess knight
    Princess,
    /// マ Mao: the xiangqi horse, a (1,2) leap through the orthogonally adjacent square
    Mao,
    /// モ Moa: a (1,2) leap through the diagonally adjacent square
    Moa,
    /// 相 Shan: the xiangqi elephant, a (2,2) leap through the diagonal square between
    Shan,
    /// 包 Pao: the xiangqi cannon, moves as a rook, captures over one hurdle
    Pao,
    /// 砲 Vao: the Pao on bishop lines
    Vao,
    /// 炮 Leo: the Pao on queen lines
    Leo,
    /// 鬣 the chess Lion: along queen lines over one hurdle, to any square beyond
    ChessLion,
    /// 考 Kangaroo: along queen lines over two hurdles, to the square just beyond
    Kangaroo,
    /// 薔 Rose: the circular (1,2) rider
    Rose,
    /// 雀 Sparrow: along queen lines to a hurdle, then one step turned 135°
    Sparrow,
    /// 鷲 Eagle: along queen lines to a hurdle, then one step turned 90°
    Eagle,
    /// 均 Non-stop equihopper: over the piece at the midpoint of any vector to its end,
    /// whatever stands between
    NonStopEquihopper,
    /// 蝗 Locust: captures only, by hopping along queen lines over an enemy piece onto
    /// the empty square just beyond it
    Locust,
    // fm's chu shogi pieces (`piece_data.c` pieces 72-90), appended likewise; their
    // indices written out, as packed positions and keys depend on them
    /// 象 Drunk elephant (酔象): a king step in every direction but straight back
    DrunkElephant = 58,
    /// 虎 Blind tiger (盲虎): a king step in every direction but straight forward
    BlindTiger = 59,
    /// 銅 Copper general (銅将): a step forward, diagonally forward or straight back
    CopperGeneral = 60,
    /// 豹 Ferocious leopard (猛豹): a step diagonally, straight forward or back
    FerociousLeopard = 61,
    /// 仲 Go-between (仲人): a step straight forward or back
    GoBetween = 62,
    /// 奔 Free king (奔王): a queen's rides
    FreeKing = 63,
    /// 竪 Vertical mover (竪行): rides along the file, a step sideways
    VerticalMover = 64,
    /// 横 Side mover (横行): rides along the rank, a step forward or back
    SideMover = 65,
    /// 反 Reverse chariot (反車): rides along the file both ways
    ReverseChariot = 66,
    /// 鹿 Flying stag (飛鹿): rides along the file, a king step sideways or diagonally
    FlyingStag = 67,
    /// 牛 Flying ox (飛牛): rides diagonally and along the file
    FlyingOx = 68,
    /// 猪 Free boar (奔猪): rides diagonally and along the rank
    FreeBoar = 69,
    /// 鯨 Whale (鯨鯢): rides along the file and diagonally backward
    Whale = 70,
    /// 駒 White horse (白駒): rides along the file and diagonally forward
    WhiteHorse = 71,
    // fm's tori shogi pieces (`piece_data.c` pieces 112-119), likewise
    /// 鶴 Crane (鶴, tori shogi): a step diagonally, straight forward or back
    Crane = 72,
    /// 雉 Pheasant (雉, tori shogi): a jump two squares forward, a step diagonally back
    Pheasant = 73,
    /// 享 Left quail (左鶉, 享): rides forward and diagonally back to the right, a step diagonally back to the left
    LeftQuail = 74,
    /// 鳥 Right quail (右鶉, 鳥): rides forward and diagonally back to the left, a step diagonally back to the right
    RightQuail = 75,
    /// 鷹 Falcon (鷹, tori shogi): a king step in every direction but straight back
    Falcon = 76,
    /// 鵰 Eagle of tori shogi (鵰): a step forward or sideways, rides diagonally forward and straight back, up to two squares diagonally back
    ToriEagle = 77,
    /// 鴈 Goose (鴈, tori shogi): a jump two squares diagonally forward or straight back
    Goose = 78,
    // fm's dai shogi pieces (`piece_data.c` pieces 121-126), likewise
    /// 辰 Flying dragon (飛龍, dai shogi): up to two squares diagonally
    FlyingDragon = 79,
    /// 丑 Fierce ox (猛牛, dai shogi): up to two squares orthogonally
    FierceOx = 80,
    /// 亥 Angry boar (嗔猪, dai shogi): a step orthogonally
    AngryBoar = 81,
    /// 猫 Cat sword (猫刃, dai shogi): a step diagonally
    CatSword = 82,
    /// 蛇 Coiled serpent (蟠蛇, maka dai dai shogi): a step straight forward, straight back or diagonally back
    CoiledSerpent = 83,
    // The promoted forms of the fairy kinds fm promotes under `@P` (`piece_data.c`
    // `fp_promoted`), appended likewise: a promotion is a problem's option
    // (docs/rules/fairy-promotion.md); a captured one goes to a hand as its base kind.
    /// 師 promoted Kirin (fm `PSS`): moves as the Lion
    PromotedKirin = 84,
    /// 本 promoted Phoenix (fm `PHO`): moves as the free king
    PromotedPhoenix = 85,
    /// promoted blind tiger: moves as the flying stag (飛鹿)
    PromotedBlindTiger = 86,
    /// 黄 promoted copper general (fm `POG`): moves as the side mover (横行)
    PromotedCopperGeneral = 87,
    /// ク promoted ferocious leopard (fm `PKA`): moves as the bishop
    PromotedFerociousLeopard = 88,
    /// 豕 promoted go-between (fm `PSZ`): moves as the drunk elephant, not royal
    PromotedGoBetween = 89,
    /// promoted vertical mover: moves as the flying ox (飛牛)
    PromotedVerticalMover = 90,
    /// promoted side mover: moves as the free boar (奔猪)
    PromotedSideMover = 91,
    /// promoted reverse chariot: moves as the whale (鯨鯢)
    PromotedReverseChariot = 92,
    /// promoted falcon: moves as the tori shogi eagle (鵰)
    PromotedFalcon = 93,
    /// promoted flying dragon (fm's 成 `DNK`): moves as a gold
    PromotedFlyingDragon = 94,
    /// promoted fierce ox (fm's 成 `DNK`): moves as a gold
    PromotedFierceOx = 95,
    /// promoted angry boar (fm's 成 `DNK`): moves as a gold
    PromotedAngryBoar = 96,
    /// promoted cat sword (fm's 成 `DNK`): moves as a gold
    PromotedCatSword = 97,
    // fm's two lion-like chu shogi pieces (`piece_data.c` pieces 85, 86; fm's move
    // style `B_MS_SHISHI_LEAP`), appended likewise; unpromoted kinds of their own
    /// 翔 Soaring eagle (飛鷲, fm `HJ`): rides but diagonally forward, jumps one or two
    /// squares diagonally forward, the Lion's double step along those lines
    SoaringEagle = 98,
    /// 隼 Horned falcon (角鷹, fm `TK`): rides but straight forward, jumps one or two
    /// squares straight forward, the Lion's double step along that line
    HornedFalcon = 99,
    // fm's chu shogi copies of the ordinary pieces (`piece_data.c` pieces 91-97, fm's
    // three-letter codes `CHI`…): fairy kinds of their own, moving as the ordinary
    // piece, promoting only where a problem says so (fm's `@P`), to the promoted forms
    // after them; appended likewise
    /// 車 chu shogi rook (fm `CHI`, drawn 飛 by fm): moves as the rook
    ChuRook = 100,
    /// 斜 chu shogi bishop (fm `CKA`, drawn 角 by fm): moves as the bishop
    ChuBishop = 101,
    /// 将 chu shogi gold (fm `CKI`, drawn 金 by fm): moves as the gold
    ChuGold = 102,
    /// 艮 chu shogi silver (fm `CGI`, drawn 銀 by fm): moves as the silver
    ChuSilver = 103,
    /// 蛟 chu shogi dragon (fm `CRY`, drawn 龍 by fm): moves as the dragon, unpromoted
    ChuDragon = 104,
    /// 午 chu shogi horse (fm `CUM`, drawn 馬 by fm): moves as the horse, unpromoted
    ChuHorse = 105,
    /// 槍 chu shogi lance (fm `CKY`, drawn 香 by fm): moves as the lance
    ChuLance = 106,
    /// リ promoted chu shogi rook (fm `PRY`): moves as the dragon
    PromotedChuRook = 107,
    /// カ promoted chu shogi bishop (fm `PUM`, drawn マ by fm): moves as the horse
    PromotedChuBishop = 108,
    /// ヒ promoted chu shogi gold (fm `PHI`): moves as the rook
    PromotedChuGold = 109,
    /// 立 promoted chu shogi silver (fm `PJG`): moves as the vertical mover (竪行)
    PromotedChuSilver = 110,
    /// ワ promoted chu shogi dragon (fm's 飛鷲, drawn 鷲): moves as the soaring eagle
    PromotedChuDragon = 111,
    /// オ promoted chu shogi horse (fm's 角鷹, drawn 鷹): moves as the horned falcon
    PromotedChuHorse = 112,
    /// ハ promoted chu shogi lance (fm's 白駒, drawn 駒): moves as the white horse
    PromotedChuLance = 113,
    // fm's tori shogi swallow (`piece_data.c` piece 118) and its promoted form under
    // `@P` (`fp_promoted`: 119, the goose), appended likewise; the swallow alone obeys
    // fm's three-swallow and swallow-drop-mate rules (docs/rules/fairy-pieces.md)
    /// 燕 Swallow (燕, tori shogi, fm `TTB`): a step straight forward
    Swallow = 114,
    /// promoted swallow (fm's 鴈): moves as the goose
    PromotedSwallow = 115,
    // fm's tori shogi king (`piece_data.c` piece 111), royal in its table
    // (`B_PA_ROYAL`): it plays the king's part for its side (docs/rules/royal.md)
    /// 鵬 tori phoenix (鵬, tori shogi's king, fm `THO`): moves as the king, never held
    ToriPhoenix = 116,
    /// 等 Equihopper (fm `EH`): over the piece at the midpoint of a vector to its end,
    /// the squares between empty (fm's path: docs/rules/fairy-pieces.md)
    Equihopper = 117,
    // fm's chu shogi crown prince (`piece_data.c` piece 83), royal in its table: with
    // a king of its side it makes fm's 二玉詰 (docs/rules/royal.md)
    /// 太 crown prince (太子, chu shogi's promoted drunk elephant, fm `TS`): moves as the
    /// king, never held
    CrownPrince = 118,
}

use PieceKind::*;

/// The kinds before fm's further pieces, in kind order.
const BEFORE_FM_ZOO: [PieceKind; 32] = [
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

/// The fairy kinds fm promotes under `@P` before the chu shogi copies, in kind order.
const PROMOTING_BEFORE_CHU_COPIES: [PieceKind; 14] = [
    Kirin,
    Phoenix,
    BlindTiger,
    CopperGeneral,
    FerociousLeopard,
    GoBetween,
    VerticalMover,
    SideMover,
    ReverseChariot,
    Falcon,
    FlyingDragon,
    FierceOx,
    AngryBoar,
    CatSword,
];

/// Their promoted forms, in the same order.
const PROMOTED_BEFORE_CHU_COPIES: [PieceKind; 14] = [
    PromotedKirin,
    PromotedPhoenix,
    PromotedBlindTiger,
    PromotedCopperGeneral,
    PromotedFerociousLeopard,
    PromotedGoBetween,
    PromotedVerticalMover,
    PromotedSideMover,
    PromotedReverseChariot,
    PromotedFalcon,
    PromotedFlyingDragon,
    PromotedFierceOx,
    PromotedAngryBoar,
    PromotedCatSword,
];

impl PieceKind {
    pub const COUNT: usize = 119;

    /// fm's further leapers, riders, lame leapers, hoppers and lion-like pieces
    /// (docs/rules/fairy-pieces.md), in kind order; all of them can be held.
    pub const FM_ZOO_KINDS: [PieceKind; 54] = [
        Wazir,
        Dabbaba,
        Threeleaper,
        Fers,
        Alfil,
        Tripper,
        Flamingo,
        Root40Leaper,
        Root65Leaper,
        Camelrider,
        Zebrarider,
        Empress,
        Princess,
        Mao,
        Moa,
        Shan,
        Pao,
        Vao,
        Leo,
        ChessLion,
        Kangaroo,
        Rose,
        Sparrow,
        Eagle,
        NonStopEquihopper,
        Locust,
        DrunkElephant,
        BlindTiger,
        CopperGeneral,
        FerociousLeopard,
        GoBetween,
        FreeKing,
        VerticalMover,
        SideMover,
        ReverseChariot,
        FlyingStag,
        FlyingOx,
        FreeBoar,
        Whale,
        WhiteHorse,
        Crane,
        Pheasant,
        LeftQuail,
        RightQuail,
        Falcon,
        ToriEagle,
        Goose,
        FlyingDragon,
        FierceOx,
        AngryBoar,
        CatSword,
        CoiledSerpent,
        SoaringEagle,
        HornedFalcon,
    ];

    /// The fairy kinds fm promotes under `@P` that yosei promotes too, in kind order;
    /// each one's promoted form is [`PieceKind::promoted`].
    pub const PROMOTING_FAIRY_KINDS: [PieceKind; 22] = PieceKind::joined::<21, 1, 22>(
        PieceKind::joined(PROMOTING_BEFORE_CHU_COPIES, PieceKind::CHU_COPIES),
        [Swallow],
    );

    /// fm's chu shogi copies of the ordinary pieces, in kind order; each promotes where
    /// a problem says so (fm's `@P`).
    pub const CHU_COPIES: [PieceKind; 7] = [ChuRook, ChuBishop, ChuGold, ChuSilver, ChuDragon, ChuHorse, ChuLance];

    /// Their promoted forms, in kind order (the same order).
    pub const PROMOTED_CHU_COPIES: [PieceKind; 7] = [
        PromotedChuRook,
        PromotedChuBishop,
        PromotedChuGold,
        PromotedChuSilver,
        PromotedChuDragon,
        PromotedChuHorse,
        PromotedChuLance,
    ];

    /// The promoted forms of [`PieceKind::PROMOTING_FAIRY_KINDS`], in the same order.
    pub const PROMOTED_FAIRY_KINDS: [PieceKind; 22] = PieceKind::joined::<21, 1, 22>(
        PieceKind::joined(PROMOTED_BEFORE_CHU_COPIES, PieceKind::PROMOTED_CHU_COPIES),
        [PromotedSwallow],
    );

    /// Every kind, in index order: fm's lion-like pieces (the last two of
    /// [`PieceKind::FM_ZOO_KINDS`]) come after the first fourteen promoted fairy kinds,
    /// then the chu shogi copies and their promoted forms, then the swallow and its,
    /// then the tori phoenix, the equihopper and the crown prince.
    pub const ALL: [PieceKind; PieceKind::COUNT] = {
        let (zoo, lion_like) = PieceKind::split::<54, 52, 2>(PieceKind::FM_ZOO_KINDS);
        PieceKind::joined::<118, 1, 119>(
            PieceKind::joined::<117, 1, 118>(
                PieceKind::joined::<116, 1, 117>(
                    PieceKind::joined::<114, 2, 116>(
                        PieceKind::joined::<107, 7, 114>(
                            PieceKind::joined::<100, 7, 107>(
                                PieceKind::joined::<98, 2, 100>(
                                    PieceKind::joined::<84, 14, 98>(
                                        PieceKind::joined::<32, 52, 84>(BEFORE_FM_ZOO, zoo),
                                        PROMOTED_BEFORE_CHU_COPIES,
                                    ),
                                    lion_like,
                                ),
                                PieceKind::CHU_COPIES,
                            ),
                            PieceKind::PROMOTED_CHU_COPIES,
                        ),
                        [Swallow, PromotedSwallow],
                    ),
                    [ToriPhoenix],
                ),
                [Equihopper],
            ),
            [CrownPrince],
        )
    };

    /// The kinds a hand can hold, in the order hands are written (SFEN: R B G S N L P
    /// is the conventional order; this list is in kind order).
    pub const HAND_KINDS: [PieceKind; 87] = {
        let mut out = [Pawn; 87];
        let (mut i, mut n) = (0, 0);
        while i < PieceKind::COUNT {
            if PieceKind::ALL[i].is_hand_kind() {
                out[n] = PieceKind::ALL[i];
                n += 1;
            }
            i += 1;
        }
        // the length written above is the number of hand kinds
        assert!(n == out.len());
        out
    };

    /// `a` then `b`, for lists of kinds built in a `const` (`C` must be `A + B`).
    pub const fn joined<const A: usize, const B: usize, const C: usize>(
        a: [PieceKind; A],
        b: [PieceKind; B],
    ) -> [PieceKind; C] {
        assert!(A + B == C);
        let mut out = [Pawn; C];
        let mut i = 0;
        while i < A {
            out[i] = a[i];
            i += 1;
        }
        while i < C {
            out[i] = b[i - A];
            i += 1;
        }
        out
    }

    /// `a` cut after its first `B` kinds (`A` must be `B + C`).
    pub const fn split<const A: usize, const B: usize, const C: usize>(
        a: [PieceKind; A],
    ) -> ([PieceKind; B], [PieceKind; C]) {
        assert!(B + C == A);
        let (mut head, mut tail) = ([Pawn; B], [Pawn; C]);
        let mut i = 0;
        while i < A {
            if i < B {
                head[i] = a[i];
            } else {
                tail[i - B] = a[i];
            }
            i += 1;
        }
        (head, tail)
    }

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
        matches!(self, UserE | UserM | UserU | UserW | UserY)
    }

    /// The promoted form: for the six ordinary kinds that promote, and for the fairy
    /// kinds that promote where a problem says so ([`PieceKind::PROMOTING_FAIRY_KINDS`];
    /// whether they may is the rule set's question, `RuleSet::promotes`). A table
    /// lookup: the generators ask it per move.
    #[inline(always)]
    pub const fn promoted(self) -> Option<PieceKind> {
        PROMOTED_FORMS[self as usize]
    }

    const fn promoted_form(self) -> Option<PieceKind> {
        match self {
            Pawn => Some(ProPawn),
            Lance => Some(ProLance),
            Knight => Some(ProKnight),
            Silver => Some(ProSilver),
            Bishop => Some(Horse),
            Rook => Some(Dragon),
            Kirin => Some(PromotedKirin),
            Phoenix => Some(PromotedPhoenix),
            BlindTiger => Some(PromotedBlindTiger),
            CopperGeneral => Some(PromotedCopperGeneral),
            FerociousLeopard => Some(PromotedFerociousLeopard),
            GoBetween => Some(PromotedGoBetween),
            VerticalMover => Some(PromotedVerticalMover),
            SideMover => Some(PromotedSideMover),
            ReverseChariot => Some(PromotedReverseChariot),
            Falcon => Some(PromotedFalcon),
            FlyingDragon => Some(PromotedFlyingDragon),
            FierceOx => Some(PromotedFierceOx),
            AngryBoar => Some(PromotedAngryBoar),
            CatSword => Some(PromotedCatSword),
            ChuRook => Some(PromotedChuRook),
            ChuBishop => Some(PromotedChuBishop),
            ChuGold => Some(PromotedChuGold),
            ChuSilver => Some(PromotedChuSilver),
            ChuDragon => Some(PromotedChuDragon),
            ChuHorse => Some(PromotedChuHorse),
            ChuLance => Some(PromotedChuLance),
            Swallow => Some(PromotedSwallow),
            _ => None,
        }
    }

    /// The kind whose movement this one copies: the ordinary (or chu shogi) piece a chu
    /// shogi copy or its promoted form moves as (fm's `piece_data.c` gives them the same
    /// vectors); `None` for every other kind.
    pub const fn moves_as(self) -> Option<PieceKind> {
        Some(match self {
            ChuRook => Rook,
            ChuBishop => Bishop,
            ChuGold => Gold,
            ChuSilver => Silver,
            ChuDragon | PromotedChuRook => Dragon,
            ChuHorse | PromotedChuBishop => Horse,
            ChuLance => Lance,
            PromotedChuGold => Rook,
            PromotedChuSilver => VerticalMover,
            PromotedChuDragon => SoaringEagle,
            PromotedChuHorse => HornedFalcon,
            PromotedChuLance => WhiteHorse,
            _ => return None,
        })
    }

    /// Whether the kind has a promoted form (an ordinary kind always promotes; a fairy
    /// one only where its problem says so: ask `RuleSet::promotes`).
    #[inline]
    pub const fn can_promote(self) -> bool {
        self.promoted().is_some()
    }

    /// One of the six ordinary kinds that promote (in every problem).
    #[inline]
    pub const fn always_promotes(self) -> bool {
        self.is_ordinary() && self.can_promote()
    }

    #[inline]
    pub const fn is_promoted(self) -> bool {
        matches!(self, ProPawn | ProLance | ProKnight | ProSilver | Horse | Dragon)
            || (self as u8 >= PromotedKirin as u8 && self as u8 <= PromotedCatSword as u8)
            || (self as u8 >= PromotedChuRook as u8 && self as u8 <= PromotedChuLance as u8)
            || matches!(self, PromotedSwallow)
    }

    /// The kind before promotion (itself for an unpromoted kind); a table lookup.
    #[inline(always)]
    pub const fn unpromoted(self) -> PieceKind {
        BASE_FORMS[self as usize]
    }

    const fn base_form(self) -> PieceKind {
        match self {
            ProPawn => Pawn,
            ProLance => Lance,
            ProKnight => Knight,
            ProSilver => Silver,
            Horse => Bishop,
            Dragon => Rook,
            PromotedKirin => Kirin,
            PromotedPhoenix => Phoenix,
            PromotedBlindTiger => BlindTiger,
            PromotedCopperGeneral => CopperGeneral,
            PromotedFerociousLeopard => FerociousLeopard,
            PromotedGoBetween => GoBetween,
            PromotedVerticalMover => VerticalMover,
            PromotedSideMover => SideMover,
            PromotedReverseChariot => ReverseChariot,
            PromotedFalcon => Falcon,
            PromotedFlyingDragon => FlyingDragon,
            PromotedFierceOx => FierceOx,
            PromotedAngryBoar => AngryBoar,
            PromotedCatSword => CatSword,
            PromotedChuRook => ChuRook,
            PromotedChuBishop => ChuBishop,
            PromotedChuGold => ChuGold,
            PromotedChuSilver => ChuSilver,
            PromotedChuDragon => ChuDragon,
            PromotedChuHorse => ChuHorse,
            PromotedChuLance => ChuLance,
            PromotedSwallow => Swallow,
            k => k,
        }
    }

    /// The kind that reaches a hand when this piece is captured: unpromoted; `None` for
    /// the king, the tori phoenix, the crown prince and the stone, which are never held.
    #[inline]
    pub const fn hand_kind(self) -> Option<PieceKind> {
        match self {
            King | ToriPhoenix | CrownPrince | Stone => None,
            k => Some(k.unpromoted()),
        }
    }

    /// Whether a hand can hold this kind as it is (unpromoted, not a royal kind or the
    /// stone).
    #[inline]
    pub const fn is_hand_kind(self) -> bool {
        !self.is_promoted() && !matches!(self, King | ToriPhoenix | CrownPrince | Stone)
    }

    /// Whether every piece of this kind is royal, whatever the problem declares: the
    /// king, fm's tori phoenix and fm's crown prince (a problem may make further kinds
    /// royal, fm's `@R`: `RoyalKinds` in yosei-rules).
    #[inline]
    pub const fn is_always_royal(self) -> bool {
        matches!(self, King | ToriPhoenix | CrownPrince)
    }

    /// The SFEN/USI name of a Black piece of this kind, without a `+` (cli.md): one
    /// letter for the ordinary kinds and the fairy kinds cli.md lists; fm's two-character
    /// code in brackets (`[WA]`) for the further fm pieces, the alphabet being used up
    /// (docs/rules/fairy-pieces.md). White's is the same in lower case (`[wa]`).
    pub const fn sfen_name(self) -> &'static str {
        match self.unpromoted() {
            Pawn => "P",
            Lance => "L",
            Knight => "N",
            Silver => "S",
            Gold => "G",
            Bishop => "B",
            Rook => "R",
            King => "K",
            Lion => "I",
            Phoenix => "H",
            Kirin => "J",
            Queen => "Q",
            ChessKnight => "T",
            Camel => "C",
            Zebra => "Z",
            Giraffe => "F",
            FiveLeaper => "V",
            Root50Leaper => "X",
            Grasshopper => "A",
            Nightrider => "D",
            Stone => "O",
            UserE => "E",
            UserM => "M",
            UserU => "U",
            UserW => "W",
            UserY => "Y",
            Wazir => "[WA]",
            Dabbaba => "[DA]",
            Threeleaper => "[TL]",
            Fers => "[FE]",
            Alfil => "[AL]",
            Tripper => "[TR]",
            Flamingo => "[FL]",
            Root40Leaper => "[R4]",
            Root65Leaper => "[R6]",
            Camelrider => "[CR]",
            Zebrarider => "[ZR]",
            Empress => "[EM]",
            Princess => "[PR]",
            Mao => "[MA]",
            Moa => "[MO]",
            Shan => "[SH]",
            Pao => "[PA]",
            Vao => "[VA]",
            Leo => "[LE]",
            ChessLion => "[LI]",
            Kangaroo => "[RO]",
            Rose => "[RS]",
            Sparrow => "[SP]",
            Eagle => "[EA]",
            NonStopEquihopper => "[NE]",
            Locust => "[LO]",
            DrunkElephant => "[SZ]",
            BlindTiger => "[MK]",
            CopperGeneral => "[DO]",
            FerociousLeopard => "[MH]",
            GoBetween => "[CN]",
            FreeKing => "[HN]",
            VerticalMover => "[JG]",
            SideMover => "[OG]",
            ReverseChariot => "[HE]",
            FlyingStag => "[HR]",
            FlyingOx => "[HG]",
            FreeBoar => "[HC]",
            Whale => "[KG]",
            WhiteHorse => "[HK]",
            Crane => "[TTR]",
            Pheasant => "[TKJ]",
            LeftQuail => "[TLU]",
            RightQuail => "[TRU]",
            Falcon => "[TTK]",
            ToriEagle => "[TKT]",
            Goose => "[TKR]",
            FlyingDragon => "[DHR]",
            FierceOx => "[DMG]",
            AngryBoar => "[DSC]",
            CatSword => "[DMJ]",
            CoiledSerpent => "[DBJ]",
            SoaringEagle => "[HJ]",
            HornedFalcon => "[TK]",
            ChuRook => "[CHI]",
            ChuBishop => "[CKA]",
            ChuGold => "[CKI]",
            ChuSilver => "[CGI]",
            ChuDragon => "[CRY]",
            ChuHorse => "[CUM]",
            ChuLance => "[CKY]",
            Swallow => "[TTB]",
            ToriPhoenix => "[THO]",
            Equihopper => "[EH]",
            CrownPrince => "[TS]",
            // unpromoted() never yields a promoted kind
            _ => "?",
        }
    }

    /// The unpromoted kind written by an upper-case SFEN name (`Q`, `[WA]`).
    pub fn from_sfen_name(name: &str) -> Option<PieceKind> {
        PieceKind::ALL
            .iter()
            .copied()
            .find(|k| !k.is_promoted() && k.sfen_name() == name)
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
            Wazir => "wazir",
            Dabbaba => "dabbaba",
            Threeleaper => "threeleaper",
            Fers => "fers",
            Alfil => "alfil",
            Tripper => "tripper",
            Flamingo => "flamingo",
            Root40Leaper => "root-40-leaper",
            Root65Leaper => "root-65-leaper",
            Camelrider => "camelrider",
            Zebrarider => "zebrarider",
            Empress => "empress",
            Princess => "princess",
            Mao => "mao",
            Moa => "moa",
            Shan => "shan",
            Pao => "pao",
            Vao => "vao",
            Leo => "leo",
            ChessLion => "chess lion",
            Kangaroo => "kangaroo",
            Rose => "rose",
            Sparrow => "sparrow",
            Eagle => "eagle",
            NonStopEquihopper => "non-stop equihopper",
            Locust => "locust",
            DrunkElephant => "drunk elephant",
            BlindTiger => "blind tiger",
            CopperGeneral => "copper general",
            FerociousLeopard => "ferocious leopard",
            GoBetween => "go-between",
            FreeKing => "free king",
            VerticalMover => "vertical mover",
            SideMover => "side mover",
            ReverseChariot => "reverse chariot",
            FlyingStag => "flying stag",
            FlyingOx => "flying ox",
            FreeBoar => "free boar",
            Whale => "whale",
            WhiteHorse => "white horse",
            Crane => "crane",
            Pheasant => "pheasant",
            LeftQuail => "left quail",
            RightQuail => "right quail",
            Falcon => "falcon",
            ToriEagle => "tori eagle",
            Goose => "goose",
            FlyingDragon => "flying dragon",
            FierceOx => "fierce ox",
            AngryBoar => "angry boar",
            CatSword => "cat sword",
            CoiledSerpent => "coiled serpent",
            PromotedKirin => "promoted kirin",
            PromotedPhoenix => "promoted phoenix",
            PromotedBlindTiger => "promoted blind tiger",
            PromotedCopperGeneral => "promoted copper general",
            PromotedFerociousLeopard => "promoted ferocious leopard",
            PromotedGoBetween => "promoted go-between",
            PromotedVerticalMover => "promoted vertical mover",
            PromotedSideMover => "promoted side mover",
            PromotedReverseChariot => "promoted reverse chariot",
            PromotedFalcon => "promoted falcon",
            PromotedFlyingDragon => "promoted flying dragon",
            PromotedFierceOx => "promoted fierce ox",
            PromotedAngryBoar => "promoted angry boar",
            PromotedCatSword => "promoted cat sword",
            SoaringEagle => "soaring eagle",
            HornedFalcon => "horned falcon",
            ChuRook => "chu rook",
            ChuBishop => "chu bishop",
            ChuGold => "chu gold",
            ChuSilver => "chu silver",
            ChuDragon => "chu dragon",
            ChuHorse => "chu horse",
            ChuLance => "chu lance",
            PromotedChuRook => "promoted chu rook",
            PromotedChuBishop => "promoted chu bishop",
            PromotedChuGold => "promoted chu gold",
            PromotedChuSilver => "promoted chu silver",
            PromotedChuDragon => "promoted chu dragon",
            PromotedChuHorse => "promoted chu horse",
            PromotedChuLance => "promoted chu lance",
            Swallow => "swallow",
            PromotedSwallow => "promoted swallow",
            ToriPhoenix => "tori phoenix",
            Equihopper => "equihopper",
            CrownPrince => "crown prince",
        }
    }
}

/// [`PieceKind::promoted`] by kind index.
const PROMOTED_FORMS: [Option<PieceKind>; PieceKind::COUNT] = {
    let mut out = [None; PieceKind::COUNT];
    let mut i = 0;
    while i < PieceKind::COUNT {
        // the tables are indexed by kind: ALL lists the kinds in index order
        assert!(PieceKind::ALL[i] as usize == i);
        out[i] = PieceKind::ALL[i].promoted_form();
        i += 1;
    }
    out
};

/// [`PieceKind::unpromoted`] by kind index.
const BASE_FORMS: [PieceKind; PieceKind::COUNT] = {
    let mut out = [Pawn; PieceKind::COUNT];
    let mut i = 0;
    while i < PieceKind::COUNT {
        out[i] = PieceKind::ALL[i].base_form();
        i += 1;
    }
    out
};

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

    /// SFEN text: `+p`, `K`, `I`, `[wa]`…
    pub fn to_sfen(self) -> String {
        let name = self.kind.sfen_name();
        let name = match self.color {
            Color::Black => name.to_string(),
            Color::White => name.to_ascii_lowercase(),
        };
        if self.kind.is_promoted() {
            format!("+{name}")
        } else {
            name
        }
    }
}
