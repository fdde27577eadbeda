//! fm's fairy-piece declarations, `/EF<x>=<code>[#<count>][@<attributes>]`
//! (docs/rules/fairy-declarations.md, from fm's `piece.c` `option_E_FP`,
//! `setup_fairy_pc_count`, `setup_fairy_attr` and `arrange.c` `arrange`):
//!
//! - `H`: a captured piece of the kind goes to the capturer's hand and may be dropped;
//!   without it a capture discards the piece (取捨て) and no hand may hold one.
//! - `#count` (fm's default count of the kind without it): pieces of the kind in the
//!   whole problem; those that are neither on the board nor in the attacker's hand are
//!   the defender's when its hand is "all remaining" (not written, or `+*`), and only
//!   for a holdable kind.
//! - `P`: the kind promotes to fm's promoted form (the Kirin, the Phoenix, seven chu
//!   shogi pieces, fm's seven chu shogi copies of the ordinary pieces, the falcon and
//!   four dai shogi pieces: [`PieceKind::promoted`],
//!   docs/rules/fairy-promotion.md); it changes nothing for a kind fm gives no promoted
//!   form.
//! - `R`: the kind is royal, its promoted form too (docs/rules/royal.md): a piece of it
//!   plays its side's king; never held (with `H` refused), no count, no spare. fm's
//!   tori phoenix `THO` and crown prince `TS` (太子) are royal by fm's table, declared
//!   without `R`.
//!
//! `X` (exchange), `P` on the drunk elephant (which would make a 太子 during play),
//! faces (`:`), `?` and vectors (`{…}`) are refused, each named.

use crate::csa::csa_code;
use crate::error::FormatError;
use crate::problem::Problem;
use yosei_core::{Color, PieceKind, Setup, Square};
use yosei_rules::{DiscardedKinds, FairyPromotion, RoyalKinds};

/// fm's slots: `/EFP=` is `/EF1=`.
const SLOTS: [char; 7] = ['1', '2', '3', '4', '5', '6', '7'];

/// One fairy kind as fm declares it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Declaration {
    pub kind: PieceKind,
    /// `#count`; `None`: fm's default count of the kind.
    pub count: Option<u32>,
    /// `@H`: captured pieces are held.
    pub holdable: bool,
    /// `@P`, on a kind yosei promotes: it promotes.
    pub promotable: bool,
    /// `@R`: the kind is royal.
    pub royal: bool,
}

/// fm's code of a fairy kind (CSA's, but `AL` for the Alfil, whose CSA code is `AF`, and
/// the three-letter codes of the tori and dai shogi pieces); `None` for kinds fm does not have
/// (the problem-defined ones, the stone).
pub(crate) fn fm_code(kind: PieceKind) -> Option<&'static str> {
    use PieceKind::*;
    // (the tori phoenix is no hand kind, but a fairy piece fm declares)
    if !kind.is_fairy() || !(kind.is_hand_kind() || kind.is_always_royal()) || kind.is_user_defined() {
        return None;
    }
    let bracketed = kind.sfen_name().trim_matches(|c| c == '[' || c == ']');
    Some(match kind {
        Alfil => "AL",
        // fm's three-letter codes (tori and dai shogi), which CSA cannot write
        _ if bracketed.len() == 3 => bracketed,
        _ => csa_code(kind),
    })
}

/// The tori shogi kinds: fm's table makes them reusable (`B_PA_REUSABLE`) whether or not
/// a declaration says `H`, so a capture never discards one.
fn always_reusable(kind: PieceKind) -> bool {
    use PieceKind::*;
    matches!(
        kind,
        Crane | Pheasant | LeftQuail | RightQuail | Falcon | ToriEagle | Goose | Swallow
    )
}

/// fm's code of the kind `kind` promotes to under `@P` (`piece_data.c` `fp_promoted`)
/// where yosei does not make that promotion: the drunk elephant's royal 太子 (a royal
/// piece made during play, which fm's own 二玉 machinery leaves out, docs/rules/royal.md).
fn unsupported_fm_promotion(kind: PieceKind) -> Option<&'static str> {
    (kind == PieceKind::DrunkElephant).then_some("TS")
}

/// How many of `kind` fm counts in a problem whose declaration gives no `#count`
/// (`piece_data.c`, `piece_info[].max_count`).
fn fm_default_count(kind: PieceKind) -> u32 {
    use PieceKind::*;
    match kind {
        ChessKnight | Camel | Zebra | Giraffe | FiveLeaper | Root50Leaper | Flamingo | Root40Leaper | Root65Leaper
        | Wazir | Dabbaba | Threeleaper | Fers | Alfil | Tripper | Mao | Moa | Shan | Pao | Vao => 4,
        // the chu shogi pieces but the drunk elephant and the free king
        BlindTiger | CopperGeneral | FerociousLeopard | GoBetween | VerticalMover | SideMover | ReverseChariot
        | FlyingStag | FlyingOx | FreeBoar | Whale | WhiteHorse | SoaringEagle | HornedFalcon => 4,
        ChuRook | ChuBishop | ChuGold | ChuSilver | ChuDragon | ChuHorse | ChuLance => 4,
        Crane | Pheasant => 4,
        FlyingDragon | FierceOx | AngryBoar | CatSword | CoiledSerpent => 4,
        Goose | Swallow => 16,
        _ => 2,
    }
}

/// The declarations of an fm option line (`text` after its `/`), `column0` the 0-based
/// column of `text` in the line; `Ok(None)` when the line is not a `/E` line.
pub(crate) fn read_option_line(
    text: &str,
    line_no: usize,
    column0: usize,
) -> Result<Option<Vec<Declaration>>, FormatError> {
    let chars: Vec<char> = text.chars().map(|c| c.to_ascii_uppercase()).collect();
    if chars.first() != Some(&'E') {
        return Ok(None);
    }
    let err = |i: usize, message: String| FormatError::at(line_no, column0 + i + 1, message);
    let mut out = Vec::new();
    let mut i = 1;
    while i < chars.len() {
        let end = (i..chars.len()).find(|&j| chars[j] == ',').unwrap_or(chars.len());
        // spaces around a declaration are fm's to skip too (it searches for `F1=`)
        let start = (i..end).find(|&j| chars[j] != ' ').unwrap_or(end);
        let last = (start..end).rfind(|&j| chars[j] != ' ').map_or(start, |j| j + 1);
        out.push(read_declaration(&chars[start..last]).map_err(|(j, m)| err(start + j, m))?);
        i = end + 1;
    }
    if out.is_empty() {
        return Err(err(
            1,
            "expected a fairy-piece declaration such as 'F1=WA@H' after /E".to_string(),
        ));
    }
    Ok(Some(out))
}

/// One `F<x>=<code>[#n][@attrs]`, upper case; errors carry the offset in `chars`.
fn read_declaration(chars: &[char]) -> Result<Declaration, (usize, String)> {
    let text: String = chars.iter().collect();
    let slot_ok = chars.first() == Some(&'F')
        && chars.get(1).is_some_and(|c| *c == 'P' || SLOTS.contains(c))
        && chars.get(2) == Some(&'=');
    if !slot_ok {
        return Err((
            0,
            format!(
                "expected a fairy-piece declaration F1=…F7= (or FP=), found '{text}' (other /E options are not read)"
            ),
        ));
    }
    let mut i = 3;
    let code_end = (i..chars.len())
        .find(|&j| "#@:?{".contains(chars[j]))
        .unwrap_or(chars.len());
    let code: String = chars[i..code_end].iter().collect();
    let kind = PieceKind::ALL
        .into_iter()
        .find(|&k| fm_code(k) == Some(code.as_str()) || (fm_code(k).is_some() && glyph_of(k) == code))
        .ok_or_else(|| {
            (
                i,
                format!("expected the code of one of fm's fairy pieces yosei has (WA, KN, QU…), found '{code}'"),
            )
        })?;
    i = code_end;
    let mut count = None;
    if chars.get(i) == Some(&'#') {
        let digits_end = (i + 1..chars.len())
            .find(|&j| !chars[j].is_ascii_digit())
            .unwrap_or(chars.len());
        let digits: String = chars[i + 1..digits_end].iter().collect();
        count = Some(
            digits
                .parse::<u32>()
                .map_err(|_| (i + 1, "expected a count after '#'".to_string()))?,
        );
        i = digits_end;
    }
    let (mut holdable, mut promotable, mut royal) = (false, false, false);
    if chars.get(i) == Some(&'@') {
        i += 1;
        while let Some(&c) = chars.get(i).filter(|c| c.is_ascii_alphabetic()) {
            match c {
                'H' => holdable = true,
                'P' if kind.can_promote() => promotable = true,
                'P' if unsupported_fm_promotion(kind).is_some() => {
                    return Err((
                        i,
                        format!(
                            "attribute P (promotable) on {code} is not supported: fm promotes it to {} (a royal \
                             piece), a promotion yosei does not make",
                            unsupported_fm_promotion(kind).unwrap_or_default()
                        ),
                    ))
                }
                // fm gives the kind no promoted form: P changes nothing
                'P' => {}
                'R' => royal = true,
                'X' => {
                    return Err((
                        i,
                        "attribute X (exchange with an ordinary piece of the same face) is not supported".to_string(),
                    ))
                }
                other => return Err((i, format!("unknown attribute '{other}' (fm's are H, R, P, X)"))),
            }
            i += 1;
        }
    }
    if let Some(&c) = chars.get(i) {
        let what = match c {
            ':' => "a face (':')",
            '?' => "'?' (showing the piece's moves)",
            '{' => "movement vectors ('{…}')",
            _ => "anything",
        };
        return Err((i, format!("{what} after the declaration is not read")));
    }
    if royal && holdable {
        return Err((
            0,
            format!("{code} is declared royal (R) and holdable (H): a royal piece is never held"),
        ));
    }
    Ok(Declaration {
        kind,
        count,
        holdable,
        promotable,
        royal,
    })
}

fn glyph_of(kind: PieceKind) -> String {
    crate::notation::board_glyph(kind).to_string()
}

/// What a problem's declarations mean, applied to what its line gave: the discarded
/// kinds, and the spares of holdable kinds put in the defender's hand when that hand
/// is "all remaining" (`remaining_hand`: not written, or `+*`, where fm lets a count
/// short of the pieces in play leave no spare instead of failing).
pub(crate) fn apply(
    declarations: &[Declaration],
    setup: &mut Setup,
    problem: &mut Problem,
    remaining_hand: Option<RemainingHand>,
) -> Result<(), String> {
    let mut discarded = DiscardedKinds::NONE;
    let mut promotion = FairyPromotion::NONE;
    let mut royal = RoyalKinds::NONE;
    for kind in fairy_kinds_in(setup) {
        if !declarations.iter().any(|d| d.kind == kind) {
            return Err(format!(
                "the {} is not declared: with /EF declarations every fairy piece needs one, as in fm",
                kind.name()
            ));
        }
    }
    for (n, d) in declarations.iter().enumerate() {
        if declarations[..n].iter().any(|e| e.kind == d.kind) {
            return Err(format!("the {} is declared twice", d.kind.name()));
        }
        if d.promotable {
            promotion = promotion.with(d.kind)?;
        }
        if d.royal || d.kind.is_always_royal() {
            // fm counts no royal piece and spares none (`arrange.c`); it is never captured
            if d.royal {
                royal = royal.with(d.kind)?;
            }
            continue;
        }
        let on_board = pieces_on_board(setup, d.kind);
        let held = |color: Color| u32::from(setup.hand(color).count(d.kind));
        let count = d.count.unwrap_or_else(|| fm_default_count(d.kind));
        if !d.holdable && always_reusable(d.kind) {
            return Err(format!(
                "the {} is declared without H: fm's table makes a captured one go to the capturer's hand all \
                 the same (reusable) but not droppable, which yosei does not model; declare it with @H",
                d.kind.name()
            ));
        }
        if !d.holdable {
            if held(Color::Black) + held(Color::White) > 0 {
                return Err(format!(
                    "a hand holds a {} declared without H: fm lets no hand hold a piece that is discarded when captured",
                    d.kind.name()
                ));
            }
            discarded = discarded.with(d.kind)?;
        }
        let Some(remaining) = remaining_hand else { continue };
        let used = on_board + held(Color::Black);
        let spares = match count.checked_sub(used) {
            Some(spares) => spares,
            None if remaining == RemainingHand::Asked => 0,
            None => {
                return Err(format!(
                    "{used} {} in play but the declaration counts {count}; write the defender's hand ('+0', '+*' or \
                     a list) or declare a larger #count",
                    d.kind.name()
                ))
            }
        };
        if d.holdable {
            let hand = setup.hand_mut(Color::White);
            let total = u32::from(hand.count(d.kind)) + spares;
            hand.set(
                d.kind,
                u8::try_from(total).map_err(|_| format!("#{count} is too many"))?,
            );
        }
    }
    problem.options.discarded = discarded;
    problem.options.fairy_promotion = promotion;
    problem.options.royal = royal;
    Ok(())
}

/// How the defender's hand was "all remaining".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum RemainingHand {
    /// Not written: fm's default, where a count short of the pieces in play is an error.
    Default,
    /// `+*`: asked for, where fm lets such a count leave no spare.
    Asked,
}

/// The fairy kinds (unpromoted, stones aside) on the board, promoted or not, or in a
/// hand; the tori phoenix and the crown prince among them.
fn fairy_kinds_in(setup: &Setup) -> Vec<PieceKind> {
    PieceKind::HAND_KINDS
        .into_iter()
        .chain([PieceKind::ToriPhoenix, PieceKind::CrownPrince])
        .filter(|k| k.is_fairy())
        .filter(|&k| {
            pieces_on_board(setup, k) > 0 || [Color::Black, Color::White].iter().any(|&c| setup.hand(c).count(k) > 0)
        })
        .collect()
}

/// The pieces of `kind` on the board, promoted ones included (fm counts a promoted
/// fairy piece in its slot).
fn pieces_on_board(setup: &Setup, kind: PieceKind) -> u32 {
    Square::all()
        .filter_map(|sq| setup.piece_at(sq))
        .filter(|p| p.kind.unpromoted() == kind)
        .count() as u32
}

/// The declaration lines fm needs for `problem`'s fairy pieces (`/EF1=WA#2@H`), one per
/// kind, each counting the pieces of its kind in play; none when a kind has no fm code
/// or there are more kinds than fm's seven slots (the line then reads back under
/// yosei's default, every fairy piece held).
pub(crate) fn declaration_lines(problem: &Problem) -> Vec<String> {
    let setup = &problem.setup;
    let kinds = fairy_kinds_in(setup);
    if kinds.len() > SLOTS.len() || kinds.iter().any(|&k| fm_code(k).is_none()) {
        return Vec::new();
    }
    kinds
        .iter()
        .zip(SLOTS)
        .map(|(&kind, slot)| {
            let count = pieces_on_board(setup, kind)
                + u32::from(setup.hand(Color::Black).count(kind))
                + u32::from(setup.hand(Color::White).count(kind));
            let code = fm_code(kind).unwrap_or_default();
            let royal = kind.is_always_royal() || problem.options.royal.contains(kind);
            let letters = [
                (!royal && !problem.options.discarded.contains(kind), 'H'),
                (problem.options.fairy_promotion.contains(kind), 'P'),
                (royal && !kind.is_always_royal(), 'R'),
            ];
            let attributes: String = letters.iter().filter(|(on, _)| *on).map(|(_, c)| *c).collect();
            let at = if attributes.is_empty() { "" } else { "@" };
            // (fm writes no count for a royal kind)
            let count = if royal { String::new() } else { format!("#{count}") };
            format!("/EF{slot}={code}{count}{at}{attributes}")
        })
        .collect()
}
