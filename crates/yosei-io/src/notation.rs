//! Japanese move notation: the KIF form `７六歩(77)` (syntactic, origin written out), the
//! KI2 form `▲７六歩` / `△同　銀左` (resolved against the legal moves of a position), the
//! short form `76歩`, and the glyphs, squares and numbers that KIF, KI2 and BOD boards
//! share.
//!
//! Squares are written file then rank: the file as a digit (full-width `１`–`９` is
//! written, half-width accepted), the rank as a kanji numeral (`一`–`九` written, digits of
//! either width accepted). `同` ("same square") stands for the destination of the previous
//! move, with or without a full-width or half-width space after it.
//!
//! Every parser works on a decoded `char` slice, so no byte index can land inside a
//! multi-byte character, and reports the 1-based character column of what it could not
//! read.

use std::cmp::Ordering;
use std::fmt;
use yosei_core::attacks::ordinary_attacks;
use yosei_core::{Color, Displacement, Move, Piece, PieceKind, Square};
use yosei_rules::{Position, RuleSet};

// ---------------------------------------------------------------------------------------
// Glyphs, digits and numbers
// ---------------------------------------------------------------------------------------

const FULL_WIDTH_DIGITS: [char; 9] = ['１', '２', '３', '４', '５', '６', '７', '８', '９'];
const KANJI_DIGITS: [char; 9] = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];

/// A digit 0–9 written half-width or full-width.
pub(crate) fn digit_value(c: char) -> Option<u32> {
    match c {
        '0'..='9' => Some(c as u32 - '0' as u32),
        '０'..='９' => Some(c as u32 - '０' as u32),
        _ => None,
    }
}

/// A kanji digit 一–九.
fn kanji_digit_value(c: char) -> Option<u32> {
    KANJI_DIGITS.iter().position(|&k| k == c).map(|i| i as u32 + 1)
}

/// A file 1–9: a half- or full-width digit.
fn file_value(c: char) -> Option<i32> {
    digit_value(c).filter(|&d| d >= 1).map(|d| d as i32)
}

/// A rank 1–9: a kanji numeral or a digit of either width.
fn rank_value(c: char) -> Option<i32> {
    kanji_digit_value(c)
        .or_else(|| digit_value(c).filter(|&d| d >= 1))
        .map(|d| d as i32)
}

/// The kanji numeral of a rank (`一`…`九`).
pub(crate) fn rank_kanji(rank: i32) -> char {
    KANJI_DIGITS[(rank.clamp(1, 9) - 1) as usize]
}

/// The full-width digit of a file (`１`…`９`).
pub(crate) fn file_full_width(file: i32) -> char {
    FULL_WIDTH_DIGITS[(file.clamp(1, 9) - 1) as usize]
}

/// `７六`: full-width file, kanji rank.
pub fn write_square(sq: Square) -> String {
    let mut s = String::with_capacity(6);
    s.push(file_full_width(sq.file()));
    s.push(rank_kanji(sq.rank()));
    s
}

/// A number written in kanji, as hands count pieces (`二` … `十八` … `六十三`); 1–99.
/// Larger numbers (never needed: a hand holds at most 63 of a kind) fall back to digits.
pub(crate) fn kanji_number(n: u32) -> String {
    if n == 0 || n >= 100 {
        return n.to_string();
    }
    let (tens, ones) = (n / 10, n % 10);
    let mut s = String::new();
    if tens > 1 {
        s.push(KANJI_DIGITS[(tens - 1) as usize]);
    }
    if tens >= 1 {
        s.push('十');
    }
    if ones > 0 {
        s.push(KANJI_DIGITS[(ones - 1) as usize]);
    }
    s
}

/// Reads a count at `chars[i..]`: a kanji number up to 九十九 (`四`, `十八`, `二十三`) or
/// up to three digits of either width. Returns the value and the characters taken, or
/// `None` when no number starts there.
pub(crate) fn parse_count(chars: &[char], i: usize) -> Option<(u32, usize)> {
    let rest = chars.get(i..)?;
    if rest.first().and_then(|&c| digit_value(c)).is_some() {
        let digits: Vec<u32> = rest.iter().map_while(|&c| digit_value(c)).take(3).collect();
        let value = digits.iter().fold(0u32, |acc, &d| acc * 10 + d);
        return Some((value, digits.len()));
    }
    // kanji: [d]十[d] or d
    let mut taken = 0;
    let mut value = 0u32;
    let first = rest.first().copied();
    if let Some(d) = first.and_then(kanji_digit_value) {
        taken = 1;
        value = d;
    }
    if rest.get(taken) == Some(&'十') {
        value = if taken == 1 { value * 10 } else { 10 };
        taken += 1;
        if let Some(d) = rest.get(taken).copied().and_then(kanji_digit_value) {
            value += d;
            taken += 1;
        }
    }
    if taken == 0 {
        None
    } else {
        Some((value, taken))
    }
}

/// The one-character glyph of a piece on a BOD board and in hands (`杏` for a promoted
/// lance, `Ｑ` for the queen…).
pub fn board_glyph(kind: PieceKind) -> char {
    use PieceKind::*;
    match kind {
        Pawn => '歩',
        Lance => '香',
        Knight => '桂',
        Silver => '銀',
        Gold => '金',
        Bishop => '角',
        Rook => '飛',
        King => '玉',
        ProPawn => 'と',
        ProLance => '杏',
        ProKnight => '圭',
        ProSilver => '全',
        Horse => '馬',
        Dragon => '龍',
        Lion => '獅',
        Phoenix => '鳳',
        Kirin => '麒',
        Queen => 'Ｑ',
        ChessKnight => '騎',
        Camel => '駱',
        Zebra => '縞',
        Giraffe => 'き',
        FiveLeaper => '伍',
        Root50Leaper => '梧',
        Grasshopper => 'Ｇ',
        Nightrider => '夜',
        Stone => '石',
        // a problem's own glyph is kept with its definition; boards without it use the letter
        UserE => 'Ｅ',
        UserM => 'Ｍ',
        UserU => 'Ｕ',
        UserW => 'Ｗ',
        UserY => 'Ｙ',
        // fm's glyphs, except the two riders: fm draws them as the Camel's and the
        // Zebra's glyphs, which a board here must tell apart
        Wazir => '臣',
        Dabbaba => '戦',
        Threeleaper => '参',
        Fers => '賢',
        Alfil => 'ぞ',
        Tripper => '桟',
        Flamingo => '紅',
        Root40Leaper => '栖',
        Root65Leaper => '楼',
        Camelrider => '駝',
        Zebrarider => '斑',
        Empress => '后',
        Princess => '姫',
        Mao => 'マ',
        Moa => 'モ',
        Shan => '相',
        // fm's Pao, Vao and Leo are all 包 unless a problem has several; 砲 and 炮 are
        // the glyphs fm then gives the second and third
        Pao => '包',
        Vao => '砲',
        Leo => '炮',
        ChessLion => '鬣',
        Kangaroo => '考',
        Rose => '薔',
        Sparrow => '雀',
        Eagle => '鷲',
        // fm's second glyph (its first, Ｅ, is a user piece's here)
        NonStopEquihopper => '均',
        Locust => '蝗',
        // fm's chu shogi glyphs
        DrunkElephant => '象',
        BlindTiger => '虎',
        CopperGeneral => '銅',
        FerociousLeopard => '豹',
        GoBetween => '仲',
        FreeKing => '奔',
        VerticalMover => '竪',
        SideMover => '横',
        ReverseChariot => '反',
        FlyingStag => '鹿',
        FlyingOx => '牛',
        FreeBoar => '猪',
        Whale => '鯨',
        WhiteHorse => '駒',
        // fm's tori shogi glyphs
        Crane => '鶴',
        Pheasant => '雉',
        LeftQuail => '享',
        RightQuail => '鳥',
        Falcon => '鷹',
        ToriEagle => '鵰',
        Goose => '鴈',
        // fm's dai shogi glyphs
        FlyingDragon => '辰',
        FierceOx => '丑',
        AngryBoar => '亥',
        CatSword => '猫',
        CoiledSerpent => '蛇',
        // the promoted fairy kinds: fm's glyphs where fm gives one of their own (師 本
        // 黄 ク 豕); where fm draws the target piece's (鹿 牛 猪 鯨 鵰, 成 for the four
        // dai shogi ones), a katakana of yosei's, as a board must tell them apart
        PromotedKirin => '師',
        PromotedPhoenix => '本',
        PromotedBlindTiger => 'シ',
        PromotedCopperGeneral => '黄',
        PromotedFerociousLeopard => 'ク',
        PromotedGoBetween => '豕',
        PromotedVerticalMover => 'ギ',
        PromotedSideMover => 'イ',
        PromotedReverseChariot => 'ゲ',
        PromotedFalcon => 'チ',
        PromotedFlyingDragon => 'タ',
        PromotedFierceOx => 'ウ',
        PromotedAngryBoar => 'ヰ',
        PromotedCatSword => 'ネ',
        // fm draws these as 鷲 and 鷹, the Eagle's and the tori shogi falcon's glyphs,
        // which a board here must tell apart: 翔 (soaring) and 隼 (falcon) are yosei's
        SoaringEagle => '翔',
        HornedFalcon => '隼',
        // fm draws its chu shogi copies of the ordinary pieces with the ordinary glyphs
        // (飛 角 金 銀 龍 馬 香), which a board here must tell apart: yosei's are a
        // character of the piece's name or what it is (車 of 飛車, 斜 diagonal, 将 of
        // 金将, 艮 of 銀, 蛟 a dragon, 午 the horse of the zodiac, 槍 a spear)
        ChuRook => '車',
        ChuBishop => '斜',
        ChuGold => '将',
        ChuSilver => '艮',
        ChuDragon => '蛟',
        ChuHorse => '午',
        ChuLance => '槍',
        // their promoted forms: fm's glyphs (リ ヒ 立) where free; fm's マ is the
        // Mao's, and fm draws the other three as the pieces they move as (鷲 鷹 駒), so
        // a katakana of the piece's reading (カ of 角行, ワ of 鷲, オ of 角鷹, ハ of 白駒)
        PromotedChuRook => 'リ',
        PromotedChuBishop => 'カ',
        PromotedChuGold => 'ヒ',
        PromotedChuSilver => '立',
        PromotedChuDragon => 'ワ',
        PromotedChuHorse => 'オ',
        PromotedChuLance => 'ハ',
        // the tori shogi swallow: fm's 燕; fm draws its promoted form 鴈, the goose's
        // glyph, so a katakana of 鴈's reading (ガ of がん)
        Swallow => '燕',
        PromotedSwallow => 'ガ',
        // the tori shogi king: fm's 鵬
        ToriPhoenix => '鵬',
        Equihopper => '等',
        // the crown prince: fm's 太
        CrownPrince => '太',
    }
}

/// The kind a one-character glyph stands for (`王` and `玉`, `竜` and `龍`, half-width
/// `Q` and `G` included).
pub(crate) fn kind_from_glyph(c: char) -> Option<PieceKind> {
    use PieceKind::*;
    match c {
        '王' => Some(King),
        '竜' => Some(Dragon),
        'Q' => Some(Queen),
        'G' => Some(Grasshopper),
        _ => PieceKind::ALL.iter().copied().find(|&k| board_glyph(k) == c),
    }
}

/// The name of a piece in a move: as on the board, except that the promoted lance,
/// knight and silver are written `成香`, `成桂`, `成銀` (Kifu for Windows does).
pub(crate) fn move_name(kind: PieceKind) -> String {
    match kind {
        PieceKind::ProLance => "成香".to_string(),
        PieceKind::ProKnight => "成桂".to_string(),
        PieceKind::ProSilver => "成銀".to_string(),
        k => board_glyph(k).to_string(),
    }
}

/// A piece name at `chars[i..]` in a move: the two-character names first (`成香` must
/// not read as a promotion), then any one-character glyph.
pub(crate) fn parse_piece_name(chars: &[char], i: usize) -> Option<(PieceKind, usize)> {
    let rest = chars.get(i..)?;
    if rest.first() == Some(&'成') {
        let kind = match rest.get(1) {
            Some('香') => PieceKind::ProLance,
            Some('桂') => PieceKind::ProKnight,
            Some('銀') => PieceKind::ProSilver,
            _ => return None,
        };
        return Some((kind, 2));
    }
    rest.first().copied().and_then(kind_from_glyph).map(|k| (k, 1))
}

/// The side marks of KI2 (and of some KIF writers): `▲☗▼` Black, `△☖▽` White.
pub(crate) fn mark_color(c: char) -> Option<Color> {
    match c {
        '▲' | '☗' | '▼' => Some(Color::Black),
        '△' | '☖' | '▽' => Some(Color::White),
        _ => None,
    }
}

/// The mark written for a side.
pub(crate) fn mark(color: Color) -> char {
    match color {
        Color::Black => '▲',
        Color::White => '△',
    }
}

/// Spaces that may separate words of the notation: half-width and full-width.
pub(crate) fn is_space(c: char) -> bool {
    c == ' ' || c == '\u{3000}' || c == '\t'
}

/// Display width of text in a fixed-width terminal font: full-width (East Asian) characters
/// count 2, so that the move columns of a KIF line up as Kifu for Windows writes them.
pub(crate) fn display_width(text: &str) -> usize {
    text.chars().map(|c| if (c as u32) < 0x1100 { 1 } else { 2 }).sum()
}

fn found(chars: &[char], i: usize) -> String {
    match chars.get(i) {
        Some(c) => format!("'{c}'"),
        None => "the end of the move".to_string(),
    }
}

// ---------------------------------------------------------------------------------------
// The notation as written
// ---------------------------------------------------------------------------------------

/// An error in a move, at a 0-based character index of the text that was parsed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct NotationError {
    pub index: usize,
    pub message: String,
}

impl NotationError {
    fn at(index: usize, message: impl Into<String>) -> NotationError {
        NotationError {
            index,
            message: message.into(),
        }
    }
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "column {}: {}", self.index + 1, self.message)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Destination {
    Same,
    Square(Square),
}

/// 右 / 左 / 直: where the moving piece stands (seen by its owner).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Horizontal {
    Right,
    Left,
    Straight,
}

/// 上 / 引 / 寄: which way the piece moves (seen by its owner).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Vertical {
    Up,
    Down,
    Sideways,
}

impl Horizontal {
    fn word(self) -> char {
        match self {
            Horizontal::Right => '右',
            Horizontal::Left => '左',
            Horizontal::Straight => '直',
        }
    }
}

impl Vertical {
    fn word(self) -> char {
        match self {
            Vertical::Up => '上',
            Vertical::Down => '引',
            Vertical::Sideways => '寄',
        }
    }
}

/// Everything a Japanese move can say; which parts are required depends on the form.
#[derive(Clone, Debug)]
struct Notation {
    color: Option<Color>,
    to: Destination,
    /// Index of the destination, for errors about `同`.
    to_index: usize,
    kind: PieceKind,
    horizontal: Option<Horizontal>,
    vertical: Option<Vertical>,
    /// `成` → Some(true), `不成` / `生` → Some(false).
    promotion: Option<bool>,
    drop: bool,
    origin: Option<Square>,
    via: Option<Square>,
    extra: Option<Square>,
    /// `<>`: a Messigny swap.
    swap: bool,
}

/// Reads a square at `chars[i..]` (file digit, then rank kanji or digit).
fn parse_square(chars: &[char], i: usize) -> Result<Square, NotationError> {
    let file = chars.get(i).copied().and_then(file_value).ok_or_else(|| {
        NotationError::at(
            i,
            format!("expected a file digit from １ to ９, found {}", found(chars, i)),
        )
    })?;
    let rank = chars.get(i + 1).copied().and_then(rank_value).ok_or_else(|| {
        NotationError::at(
            i + 1,
            format!("expected a rank from 一 to 九, found {}", found(chars, i + 1)),
        )
    })?;
    Square::new(file, rank).ok_or_else(|| NotationError::at(i, "expected a square"))
}

/// The square written at `chars[i..]` (`７六`, `76`), if any.
pub(crate) fn square_at(chars: &[char], i: usize) -> Option<Square> {
    let file = chars.get(i).copied().and_then(file_value)?;
    let rank = chars.get(i + 1).copied().and_then(rank_value)?;
    Square::new(file, rank)
}

/// Reads two digits (either width) as a square, as in the origin `(77)`.
fn parse_digit_square(chars: &[char], i: usize) -> Result<Square, NotationError> {
    let digit = |k: usize| chars.get(k).copied().and_then(file_value);
    match (digit(i), digit(i + 1)) {
        (Some(file), Some(rank)) => Square::new(file, rank).ok_or_else(|| NotationError::at(i, "expected a square")),
        (None, _) => Err(NotationError::at(
            i,
            format!(
                "expected the origin's file digit from 1 to 9, found {}",
                found(chars, i)
            ),
        )),
        (_, None) => Err(NotationError::at(
            i + 1,
            format!(
                "expected the origin's rank digit from 1 to 9, found {}",
                found(chars, i + 1)
            ),
        )),
    }
}

/// Parses the common grammar of every form:
///
/// `[mark] (square | 同[spaces]) piece [spaces] [右|左|直] [上|引|寄|行] [成|不成|生] [打]
///  [(origin[,via])] [成] [/square[piece]] [spaces]`
///
/// Which parts a form needs is checked by the callers.
fn parse_notation(chars: &[char]) -> Result<Notation, NotationError> {
    let mut i = 0;
    while chars.get(i).is_some_and(|&c| is_space(c)) {
        i += 1;
    }
    let color = chars.get(i).copied().and_then(mark_color);
    if color.is_some() {
        i += 1;
    }
    let to_index = i;
    let to = if chars.get(i) == Some(&'同') {
        i += 1;
        while chars.get(i).is_some_and(|&c| is_space(c)) {
            i += 1;
        }
        Destination::Same
    } else {
        if chars.get(i).copied().and_then(file_value).is_none() {
            return Err(NotationError::at(
                i,
                format!(
                    "expected a destination square such as ７六 or '同', found {}",
                    found(chars, i)
                ),
            ));
        }
        let sq = parse_square(chars, i)?;
        i += 2;
        Destination::Square(sq)
    };
    let (kind, taken) = parse_piece_name(chars, i).ok_or_else(|| {
        NotationError::at(
            i,
            format!(
                "expected a piece name (歩 香 桂 銀 金 角 飛 玉 と 成香 成桂 成銀 馬 龍 or a fairy piece), found {}",
                found(chars, i)
            ),
        )
    })?;
    i += taken;
    while chars.get(i).is_some_and(|&c| is_space(c)) {
        i += 1;
    }
    let mut n = Notation {
        color,
        to,
        to_index,
        kind,
        horizontal: None,
        vertical: None,
        promotion: None,
        drop: false,
        origin: None,
        via: None,
        extra: None,
        swap: false,
    };
    // Relative words, in the conventional order: 右/左/直, then 上/引/寄.
    if let Some(h) = match chars.get(i) {
        Some('右') => Some(Horizontal::Right),
        Some('左') => Some(Horizontal::Left),
        Some('直') => Some(Horizontal::Straight),
        _ => None,
    } {
        n.horizontal = Some(h);
        i += 1;
    }
    if let Some(v) = match chars.get(i) {
        // 行 is an old spelling of 上.
        Some('上') | Some('行') => Some(Vertical::Up),
        Some('引') => Some(Vertical::Down),
        Some('寄') => Some(Vertical::Sideways),
        _ => None,
    } {
        n.vertical = Some(v);
        i += 1;
    }
    match (chars.get(i), chars.get(i + 1)) {
        (Some('成'), _) => {
            n.promotion = Some(true);
            i += 1;
        }
        (Some('不'), Some('成')) => {
            n.promotion = Some(false);
            i += 2;
        }
        (Some('不'), _) => {
            return Err(NotationError::at(
                i + 1,
                format!("expected '成' after '不' (不成), found {}", found(chars, i + 1)),
            ))
        }
        // 生 ("unpromoted") is an old spelling of 不成.
        (Some('生'), _) => {
            n.promotion = Some(false);
            i += 1;
        }
        _ => {}
    }
    if chars.get(i) == Some(&'打') {
        if n.promotion.is_some() {
            return Err(NotationError::at(
                i,
                "a drop neither promotes nor declines to ('打' after '成'/'不成')",
            ));
        }
        if n.horizontal.is_some() || n.vertical.is_some() {
            return Err(NotationError::at(
                i,
                "a drop takes no 右/左/直/上/引/寄 (they tell board pieces apart)",
            ));
        }
        n.drop = true;
        i += 1;
    }
    if matches!(
        (chars.get(i), chars.get(i + 1)),
        (Some('<'), Some('>')) | (Some('＜'), Some('＞'))
    ) {
        if n.drop || n.promotion.is_some() {
            return Err(NotationError::at(
                i,
                "a swap ('<>') is a board move that neither promotes nor declines to",
            ));
        }
        n.swap = true;
        i += 2;
    }
    if chars.get(i) == Some(&'(') || chars.get(i) == Some(&'（') {
        if n.drop {
            return Err(NotationError::at(i, "a drop ('打') has no origin square"));
        }
        n.origin = Some(parse_digit_square(chars, i + 1)?);
        i += 3;
        if chars.get(i) == Some(&',') || chars.get(i) == Some(&'，') {
            n.via = Some(parse_digit_square(chars, i + 1)?);
            i += 3;
        }
        if chars.get(i) != Some(&')') && chars.get(i) != Some(&'）') {
            return Err(NotationError::at(
                i,
                format!(
                    "expected ')' after the origin square (or ',' and the Lion's intermediate square), found {}",
                    found(chars, i)
                ),
            ));
        }
        i += 1;
        // Some writers put 成 after the origin: `８七歩(86)成`.
        if n.promotion.is_none() && chars.get(i) == Some(&'成') {
            n.promotion = Some(true);
            i += 1;
        }
    }
    if chars.get(i) == Some(&'/') || chars.get(i) == Some(&'／') {
        if n.drop {
            return Err(NotationError::at(
                i,
                "a drop captures nothing, so it takes no '/square' suffix",
            ));
        }
        n.extra = Some(parse_square(chars, i + 1)?);
        i += 3;
        // The piece standing there afterwards may be named; it is implied by the move.
        if let Some((_, taken)) = parse_piece_name(chars, i) {
            i += taken;
        }
    }
    while chars.get(i).is_some_and(|&c| is_space(c)) {
        i += 1;
    }
    if i < chars.len() {
        let what = if n.origin.is_some() || n.drop {
            "the end of the move"
        } else {
            "右 左 直 上 引 寄, 成 不成 打, an origin such as (77), '/square' or the end of the move"
        };
        return Err(NotationError::at(
            i,
            format!("expected {what}, found {}", found(chars, i)),
        ));
    }
    Ok(n)
}

fn resolve_destination(n: &Notation, previous_to: Option<Square>) -> Result<Square, NotationError> {
    match n.to {
        Destination::Square(sq) => Ok(sq),
        Destination::Same => previous_to.ok_or_else(|| {
            NotationError::at(
                n.to_index,
                "'同' (same square) needs a previous move, and there is none",
            )
        }),
    }
}

// ---------------------------------------------------------------------------------------
// KIF form
// ---------------------------------------------------------------------------------------

/// Reads a move in the KIF form, syntactically: `７六歩(77)`, `同　歩(77)`, `同歩(77)`,
/// `２二角成(88)`, `２二角不成(88)`, `５五角打`, `同　成香(12)`, with a side mark
/// (`▲`, `△`) allowed in front and half-width digits accepted. The piece name is read but
/// not checked against anything (the reader checks no legality). Extensions: a Lion
/// two-step writes its intermediate square after the origin, `３三獅(55,44)`; a
/// Circe-family capture ends in `/` and the square where the captured (or capturing)
/// piece went, optionally followed by that piece's name: `３三角成(88)/４一金`.
///
/// `previous_to` is the destination of the previous move, for `同`. The error gives the
/// column (1-based, in characters) and what was expected.
pub fn parse_kif_move(text: &str, previous_to: Option<Square>) -> Result<Move, String> {
    let chars: Vec<char> = text.chars().collect();
    parse_kif_move_chars(&chars, previous_to).map_err(|e| e.to_string())
}

pub(crate) fn parse_kif_move_chars(chars: &[char], previous_to: Option<Square>) -> Result<Move, NotationError> {
    let n = parse_notation(chars)?;
    let to = resolve_destination(&n, previous_to)?;
    let end = chars.len();
    if n.drop {
        if !n.kind.is_hand_kind() {
            return Err(NotationError::at(
                n.to_index,
                format!(
                    "a {} ({}) cannot be dropped: expected an unpromoted piece that a hand can hold",
                    move_name(n.kind),
                    n.kind.name()
                ),
            ));
        }
        return Ok(Move::drop(n.kind, to));
    }
    let Some(from) = n.origin else {
        return Err(NotationError::at(
            end,
            "expected '打' (drop) or the origin square such as '(77)' after the piece",
        ));
    };
    let promote = n.promotion == Some(true);
    let m = match n.via {
        // (a Lion's two steps never promote; a capture by hopping with a borrowed power
        // may: legality tells)
        Some(via) if promote => Move::two_step(from, via, to).promoting(),
        Some(via) => Move::two_step(from, via, to),
        None if n.swap => Move::swap(from, to),
        None => Move::normal(from, to, promote),
    };
    Ok(match n.extra {
        Some(extra) => m.with_extra(extra),
        None => m,
    })
}

/// Writes a move in the KIF form, as Kifu for Windows does: `７六歩(77)`, `同　歩(77)`,
/// `２二角成(88)`, `２二角不成(88)`, `５五角打`.
///
/// `piece` is the piece that moves (its kind before the move, and its owner); for a drop
/// only its colour matters, the kind being the move's. `同　` is written when the
/// destination equals `previous_to`; `不成` only where promotion was possible (a kind
/// that promotes, moving into, out of or within its owner's zone). A Lion two-step
/// writes `(from,via)` and a Circe-family capture the `/square` suffix, as
/// [`parse_kif_move`] reads them.
/// `displaced`: the kind a Circe-family capture put on the extra square, written after
/// it (`/４一金`) when the caller knows it.
pub fn write_kif_move(piece: Piece, m: Move, previous_to: Option<Square>, displaced: Option<PieceKind>) -> String {
    let mut s = String::with_capacity(16);
    write_destination(&mut s, m.to(), previous_to);
    match (m.from(), m.drop_kind()) {
        (_, Some(kind)) => {
            s.push_str(&move_name(kind));
            s.push('打');
        }
        (Some(from), None) => {
            s.push_str(&move_name(piece.kind));
            push_promotion(&mut s, piece, m, from);
            push_swap(&mut s, m);
            push_origin(&mut s, from, m.via());
        }
        (None, None) => {}
    }
    push_extra(&mut s, m, displaced);
    s
}

fn write_destination(s: &mut String, to: Square, previous_to: Option<Square>) {
    if previous_to == Some(to) {
        s.push_str("同\u{3000}");
    } else {
        s.push_str(&write_square(to));
    }
}

/// `<>` for a Messigny swap (fm writes `51金<>52`).
fn push_swap(s: &mut String, m: Move) {
    if m.is_swap() {
        s.push_str("<>");
    }
}

/// `成` for a promotion; `不成` where the piece could have promoted (never for a swap).
fn push_promotion(s: &mut String, piece: Piece, m: Move, from: Square) {
    if m.is_promotion() {
        s.push('成');
    } else if m.via().is_none()
        && !m.is_swap()
        && piece.kind.always_promotes()
        && (from.in_zone(piece.color) || m.to().in_zone(piece.color))
    {
        s.push_str("不成");
    }
}

/// The origin in digits: `(77)`, or `(55,44)` for a Lion two-step through 44.
fn push_origin(s: &mut String, from: Square, via: Option<Square>) {
    s.push_str(&format!("({}{}", from.file(), from.rank()));
    if let Some(via) = via {
        s.push_str(&format!(",{}{}", via.file(), via.rank()));
    }
    s.push(')');
}

/// The `/square` of a Circe-family capture, and the piece that went there when known.
fn push_extra(s: &mut String, m: Move, displaced: Option<PieceKind>) {
    if let Some(extra) = m.extra() {
        s.push('/');
        s.push_str(&write_square(extra));
        if let Some(kind) = displaced {
            s.push_str(&move_name(kind));
        }
    }
}

// ---------------------------------------------------------------------------------------
// KI2 form and the short form: resolution against the legal moves
// ---------------------------------------------------------------------------------------

/// Reads a KI2 move (`▲７六歩`, `△同　銀`, `▲５八金右`, `△２二角成`, `▲５五角打`) and
/// finds it among the legal moves of `pos`. The side mark is optional; when present it
/// must be the side to move. Relative words follow the 将棋連盟 notation: 右 左 直 (where
/// the piece stands) and 上 引 寄 (which way it moves), seen from the mover's side; 打
/// marks a drop (without it a board move is preferred when one matches); without 成 a
/// board move does not promote. An explicit origin `(77)` is accepted too. The error
/// names what was expected, or lists the candidate moves in KI2 when none or several
/// match.
pub fn parse_ki2_move(
    text: &str,
    pos: &Position,
    rules: &RuleSet,
    previous_to: Option<Square>,
) -> Result<Move, String> {
    let chars: Vec<char> = text.chars().collect();
    parse_ki2_move_chars(&chars, pos, rules, previous_to).map_err(|e| e.to_string())
}

/// The short form: `76歩`, `同歩`, `55角打`, `22角成` (half-width digits welcome, a side
/// mark and relative words allowed), resolved against the legal moves of `pos` exactly as
/// [`parse_ki2_move`] does; an error if none or several match, listing the candidates
/// in KI2.
pub fn parse_short_move(
    text: &str,
    pos: &Position,
    rules: &RuleSet,
    previous_to: Option<Square>,
) -> Result<Move, String> {
    parse_ki2_move(text, pos, rules, previous_to)
}

pub(crate) fn parse_ki2_move_chars(
    chars: &[char],
    pos: &Position,
    rules: &RuleSet,
    previous_to: Option<Square>,
) -> Result<Move, NotationError> {
    let n = parse_notation(chars)?;
    let us = pos.side_to_move();
    if let Some(color) = n.color {
        if color != us {
            return Err(NotationError::at(
                n.to_index.saturating_sub(1),
                format!(
                    "'{}' marks a move of {}, but {} is to move: expected '{}'",
                    mark(color),
                    side_name(color),
                    side_name(us),
                    mark(us)
                ),
            ));
        }
    }
    let to = resolve_destination(&n, previous_to)?;
    let text: String = chars.iter().collect::<String>().trim().to_string();
    let legal = pos.legal_moves(rules);
    let of_kind: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|&m| m.to() == to && moving_kind(pos, m) == Some(n.kind))
        .collect();
    if of_kind.is_empty() {
        let there: Vec<String> = legal
            .iter()
            .copied()
            .filter(|&m| m.to() == to)
            .map(|m| write_ki2_move(pos, rules, m, previous_to))
            .collect();
        let hint = if there.is_empty() {
            "no legal move goes there".to_string()
        } else {
            format!("legal moves there: {}", there.join(", "))
        };
        return Err(NotationError::at(
            n.to_index,
            format!(
                "'{text}': no legal move of a {} ({}) to {} ({hint})",
                move_name(n.kind),
                n.kind.name(),
                write_square(to)
            ),
        ));
    }
    let rivals = rivals(pos, &legal, us, n.kind, to);
    let words_given = n.horizontal.is_some() || n.vertical.is_some();
    let matches = |m: Move| -> bool {
        if (n.extra.is_some() && m.extra() != n.extra) || m.is_swap() != n.swap {
            return false;
        }
        if m.is_drop() {
            return !words_given && n.origin.is_none() && n.promotion.is_none();
        }
        if n.drop {
            return false;
        }
        if m.is_promotion() != (n.promotion == Some(true)) {
            return false;
        }
        if let Some(origin) = n.origin {
            if m.from() != Some(origin) || m.via() != n.via {
                return false;
            }
        }
        let Some(from) = m.from() else {
            return false;
        };
        if let Some(v) = n.vertical {
            if vertical(from, to, us) != v {
                return false;
            }
        }
        match n.horizontal {
            None => true,
            Some(Horizontal::Straight) => side(from, to, us) == Side::Same && vertical(from, to, us) == Vertical::Up,
            Some(h) => horizontal(from, to, us, n.kind, &rivals) == Some(h) || side(from, to, us) == Side::from(h),
        }
    };
    let mut chosen: Vec<Move> = of_kind.iter().copied().filter(|&m| matches(m)).collect();
    // Without 打, a board move is meant whenever one matches (KI2 writes 打 only when a
    // board piece could also go there).
    if chosen.iter().any(|m| !m.is_drop()) {
        chosen.retain(|m| !m.is_drop());
    }
    match chosen.as_slice() {
        [m] => Ok(*m),
        [] => Err(NotationError::at(
            n.to_index,
            format!(
                "'{text}' matches no legal move; the candidates are {}",
                list_ki2(pos, rules, &of_kind, previous_to)
            ),
        )),
        several => Err(NotationError::at(
            n.to_index,
            format!(
                "'{text}' is ambiguous: it matches {}; expected the words that tell them apart",
                list_ki2(pos, rules, several, previous_to)
            ),
        )),
    }
}

fn list_ki2(pos: &Position, rules: &RuleSet, moves: &[Move], previous_to: Option<Square>) -> String {
    let mut texts: Vec<String> = moves
        .iter()
        .map(|&m| write_ki2_move(pos, rules, m, previous_to))
        .collect();
    // A fixed order, whatever the generator's.
    texts.sort();
    texts.join(", ")
}

fn side_name(color: Color) -> &'static str {
    match color {
        Color::Black => "Black (先手, ▲)",
        Color::White => "White (後手, △)",
    }
}

/// The kind that makes move `m` (the piece on its origin, or the dropped kind).
fn moving_kind(pos: &Position, m: Move) -> Option<PieceKind> {
    match (m.from(), m.drop_kind()) {
        (_, Some(kind)) => Some(kind),
        (Some(from), None) => pos.piece_at(from).map(|p| p.kind),
        (None, None) => None,
    }
}

/// Where a piece stands relative to the destination, seen by its owner.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Side {
    Right,
    Left,
    Same,
}

impl From<Horizontal> for Side {
    fn from(h: Horizontal) -> Side {
        match h {
            Horizontal::Right => Side::Right,
            Horizontal::Left => Side::Left,
            Horizontal::Straight => Side::Same,
        }
    }
}

/// Compares two files or two ranks as `color` sees the board: as they are for Black,
/// turned round for White. `Less` is to the right (Black's right is file 1) or forward
/// (Black moves towards rank 1).
fn seen_by(color: Color, a: i32, b: i32) -> Ordering {
    match color {
        Color::Black => a.cmp(&b),
        Color::White => b.cmp(&a),
    }
}

/// Where `from` stands relative to `to`'s file, seen by `color`.
fn side(from: Square, to: Square, color: Color) -> Side {
    match seen_by(color, from.file(), to.file()) {
        Ordering::Less => Side::Right,
        Ordering::Equal => Side::Same,
        Ordering::Greater => Side::Left,
    }
}

/// Which way a move from `from` to `to` goes, seen by `color`.
fn vertical(from: Square, to: Square, color: Color) -> Vertical {
    match seen_by(color, to.rank(), from.rank()) {
        Ordering::Less => Vertical::Up,
        Ordering::Equal => Vertical::Sideways,
        Ordering::Greater => Vertical::Down,
    }
}

/// Whether `a` stands to the right of `b`, seen by `color`.
fn right_of(a: Square, b: Square, color: Color) -> bool {
    seen_by(color, a.file(), b.file()) == Ordering::Less
}

/// The 右/左/直 word of a piece on `from` moving to `to`, among `rivals` (every square
/// holding a piece of the same kind and side that reaches `to`, `from` included).
///
/// A piece beside the destination's file is 右 or 左 by that side. A piece on the
/// destination's file moving straight forward is 直, except for 馬 and 龍: the 連盟 rules
/// never write 直 for them (a side has at most two), and call the straight mover 右 or 左
/// by its place relative to the other one.
fn horizontal(from: Square, to: Square, color: Color, kind: PieceKind, rivals: &[Square]) -> Option<Horizontal> {
    match side(from, to, color) {
        Side::Right => Some(Horizontal::Right),
        Side::Left => Some(Horizontal::Left),
        Side::Same => {
            if matches!(kind, PieceKind::Horse | PieceKind::Dragon) {
                let others: Vec<Square> = rivals.iter().copied().filter(|&s| s != from).collect();
                if others.is_empty() {
                    None
                } else if others.iter().all(|&o| right_of(from, o, color)) {
                    Some(Horizontal::Right)
                } else if others.iter().all(|&o| right_of(o, from, color)) {
                    Some(Horizontal::Left)
                } else {
                    None
                }
            } else if vertical(from, to, color) == Vertical::Up {
                Some(Horizontal::Straight)
            } else {
                None
            }
        }
    }
}

/// The squares of `color`'s pieces of `kind` that could go to `to`: those whose movement
/// reaches it on the current board (pins and checks ignored) and the origins of legal
/// moves there. Disambiguating against pieces that merely *seem* able to go there (a
/// pinned gold) keeps the text readable by people and by readers that do not look at
/// pins, and costs at most one word.
fn rivals(pos: &Position, legal: &yosei_rules::MoveList, color: Color, kind: PieceKind, to: Square) -> Vec<Square> {
    let occupied = pos.occupied();
    let mut squares: Vec<Square> = pos
        .pieces(color, kind)
        .into_iter()
        .filter(|&s| ordinary_attacks(kind, color, s, occupied).contains(to))
        .collect();
    for m in legal.iter() {
        if let Some(from) = m.from() {
            if m.to() == to && pos.piece_at(from).map(|p| p.kind) == Some(kind) && !squares.contains(&from) {
                squares.push(from);
            }
        }
    }
    squares
}

/// Writes `m` (a legal move of `pos`) in KI2: the side mark, the destination or `同　`
/// when it equals `previous_to`, the piece, the fewest relative words that single it
/// out, then `成`/`不成`/`打`.
///
/// The words follow the 将棋連盟 rules: when another piece of the same kind could go to
/// the same square, first the direction of movement (上 forward, 引 back, 寄 sideways) if
/// that alone tells them apart, else the place (右, 左; 直 for a piece moving straight
/// forward, never for 馬 and 龍), else both (`左上`). `打` is written for a drop only when
/// a board piece of the same kind could also go there. `不成` is written where promotion
/// was possible. "Could go" counts every piece whose movement reaches the square, pinned
/// or not (see [`rivals`]). If no words can tell the moves apart (possible only with
/// fairy pieces) the origin is written as in KIF, `(77)`; a Lion two-step always writes
/// `(from,via)`, and a Circe-family capture the `/square` suffix.
pub fn write_ki2_move(pos: &Position, rules: &RuleSet, m: Move, previous_to: Option<Square>) -> String {
    let us = pos.side_to_move();
    let to = m.to();
    let legal = pos.legal_moves(rules);
    let mut s = String::with_capacity(24);
    s.push(mark(us));
    write_destination(&mut s, to, previous_to);
    match (m.from(), m.drop_kind()) {
        (_, Some(kind)) => {
            s.push_str(&move_name(kind));
            if !rivals(pos, &legal, us, kind, to).is_empty() {
                s.push('打');
            }
        }
        (Some(from), None) => {
            let piece = pos.piece_at(from).unwrap_or(Piece::new(PieceKind::Pawn, us));
            s.push_str(&move_name(piece.kind));
            let rivals = rivals(pos, &legal, us, piece.kind, to);
            let words = if m.via().is_some() {
                None
            } else {
                relative_words(from, to, us, piece.kind, &rivals)
            };
            if let Some(words) = &words {
                s.push_str(words);
            }
            push_promotion(&mut s, piece, m, from);
            push_swap(&mut s, m);
            if words.is_none() {
                push_origin(&mut s, from, m.via());
            }
        }
        (None, None) => {}
    }
    push_extra(&mut s, m, displaced_kind(m, |sq| pos.piece_at(sq)));
    s
}

/// The kind of the piece a Circe-family capture puts on the extra square (seed 001
/// writes it after the square: `同と/６九金`): the reborn piece unpromoted, the
/// returning capturer after any promotion, the restored piece as it was. `piece_at`
/// reads the board before the move.
pub(crate) fn displaced_kind(m: Move, piece_at: impl Fn(Square) -> Option<Piece>) -> Option<PieceKind> {
    let (d, _) = m.displacement()?;
    match d {
        Displacement::Rebirth => Some(piece_at(m.displaced_square())?.kind.unpromoted()),
        Displacement::Restore => Some(piece_at(m.displaced_square())?.kind),
        // Andernach's change of colour puts nothing elsewhere; a swap is written `<>`
        Displacement::Turn | Displacement::Swap => None,
        Displacement::Return => {
            let kind = piece_at(m.from()?)?.kind;
            Some(if m.is_promotion() {
                kind.promoted().unwrap_or(kind)
            } else {
                kind
            })
        }
    }
}

/// The minimal words for the piece on `from` among `rivals`; `None` when words cannot
/// single it out.
fn relative_words(from: Square, to: Square, color: Color, kind: PieceKind, rivals: &[Square]) -> Option<String> {
    let others: Vec<Square> = rivals.iter().copied().filter(|&s| s != from).collect();
    if others.is_empty() {
        return Some(String::new());
    }
    let v = vertical(from, to, color);
    let h = horizontal(from, to, color, kind, rivals);
    if others.iter().all(|&o| vertical(o, to, color) != v) {
        return Some(v.word().to_string());
    }
    let h = h?;
    let h_of = |o: Square| horizontal(o, to, color, kind, rivals);
    if others.iter().all(|&o| h_of(o) != Some(h)) {
        return Some(h.word().to_string());
    }
    if h != Horizontal::Straight
        && others
            .iter()
            .all(|&o| h_of(o) != Some(h) || vertical(o, to, color) != v)
    {
        return Some(format!("{}{}", h.word(), v.word()));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts() {
        for n in 1..=99 {
            let text: Vec<char> = kanji_number(n).chars().collect();
            assert_eq!(parse_count(&text, 0), Some((n, text.len())), "{n}");
        }
        assert_eq!(kanji_number(18), "十八");
        assert_eq!(kanji_number(20), "二十");
        let text: Vec<char> = "１２x".chars().collect();
        assert_eq!(parse_count(&text, 0), Some((12, 2)));
        assert_eq!(parse_count(&text, 2), None);
    }

    #[test]
    fn glyphs_round_trip() {
        for kind in PieceKind::ALL {
            assert_eq!(kind_from_glyph(board_glyph(kind)), Some(kind));
            let name: Vec<char> = move_name(kind).chars().collect();
            assert_eq!(parse_piece_name(&name, 0), Some((kind, name.len())));
        }
    }
}
