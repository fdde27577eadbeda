//! Japanese rule phrases (fm's vocabulary, KIF `ルール：` lines): `安南ばか詰`,
//! `キルケ協力自玉詰`, `H#`, `打歩詰`… → stipulation and conditions, and back.

use yosei_core::PieceKind;
use yosei_rules::{Condition, KingSquares, Stipulation};

/// What a rule phrase says.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct RulePhrase {
    pub stipulation: Option<Stipulation>,
    pub conditions: Vec<Condition>,
}

enum Word {
    Stip(Stipulation),
    Cond(Condition),
    /// Words that say nothing beyond what other words say (詰, 詰将棋 on its own).
    Plain,
}

/// The vocabulary, longest words first so that the greedy scan takes `ばか自殺詰` before
/// `ばか`, `アンチキルケ` before `キルケ`.
fn vocabulary() -> Vec<(&'static str, Word)> {
    use Condition::*;
    let help = Stipulation::Help { length: None };
    let help_self = Stipulation::HelpSelf { length: None };
    let help_self_stale = Stipulation::HelpSelfStale { length: None };
    let mut v: Vec<(&'static str, Word)> = vec![
        ("ばか自殺詰", Word::Stip(help_self)),
        ("協力自玉詰", Word::Stip(help_self)),
        ("協力自王詰", Word::Stip(help_self)),
        ("ばか自殺", Word::Stip(help_self)),
        ("協力自玉", Word::Stip(help_self)),
        ("ば自", Word::Stip(help_self)),
        ("HS#", Word::Stip(help_self)),
        ("協力自玉ステイルメイト", Word::Stip(help_self_stale)),
        ("ばか自殺ステイルメイト", Word::Stip(help_self_stale)),
        ("HS=", Word::Stip(help_self_stale)),
        ("連続協力詰", Word::Stip(Stipulation::SeriesHelp { length: 0 })),
        ("SH#", Word::Stip(Stipulation::SeriesHelp { length: 0 })),
        ("連続詰", Word::Stip(Stipulation::Series { length: 0 })),
        ("SER-#", Word::Stip(Stipulation::Series { length: 0 })),
        ("ばか詰", Word::Stip(help)),
        ("協力詰", Word::Stip(help)),
        ("H#", Word::Stip(help)),
        // fm reads a stipulation from these alone too (fmza.c)
        ("ばか", Word::Stip(help)),
        ("協力", Word::Stip(help)),
        ("ばか千日手", Word::Stip(Stipulation::Cycle { length: 0 })),
        ("ばか手順", Word::Stip(Stipulation::Sequence { length: 0 })),
        (
            "ばかステイルメイト",
            Word::Stip(Stipulation::HelpStale { length: None }),
        ),
        ("ステイルメイト", Word::Stip(Stipulation::HelpStale { length: None })),
        ("自殺詰", Word::Stip(Stipulation::SelfMate { length: 0 })),
        ("S#", Word::Stip(Stipulation::SelfMate { length: 0 })),
        ("逃げ将棋", Word::Stip(Stipulation::MateIn { length: 0 })),
        ("詰将棋", Word::Stip(Stipulation::Tsume { length: None })),
        ("安南", Word::Cond(Annan)),
        ("安北", Word::Cond(Anhoku)),
        ("逆鮮", Word::Cond(Anhoku)),
        ("対面", Word::Cond(Taimen)),
        ("対鮮", Word::Cond(Taimen)),
        ("背面", Word::Cond(Haimen)),
        ("逆対鮮", Word::Cond(Haimen)),
        ("ネコ鮮", Word::Cond(NekoSen)),
        ("ネコネコ鮮", Word::Cond(NekoNekoSen)),
        ("天竺", Word::Cond(Tenjiku)),
        ("鏡詰", Word::Cond(Tenjiku)),
        ("Ｋマドラシ", Word::Cond(KMadrasi)),
        ("Kマドラシ", Word::Cond(KMadrasi)),
        ("マドラシ", Word::Cond(Madrasi)),
        ("単純打歩詰", Word::Cond(UchifuSimple)),
        ("単純打歩", Word::Cond(UchifuSimple)),
        ("完全打歩詰", Word::Cond(Uchifu)),
        ("完全打歩", Word::Cond(Uchifu)),
        ("打歩詰", Word::Cond(Uchifu)),
        ("打歩", Word::Cond(Uchifu)),
        ("アンチキルケ", Word::Cond(AntiCirce)),
        ("キルケ", Word::Cond(Circe)),
        ("PWC", Word::Cond(Pwc)),
        ("ＰＷＣ", Word::Cond(Pwc)),
        ("二歩王取無効", Word::Cond(KikiNifuInvalid)),
        ("利き二歩無効", Word::Cond(KikiNifuInvalid)),
        ("自己王手王取無効", Word::Cond(SelfCheckCaptureInvalid)),
        ("ナイト玉", Word::Cond(Komazume(PieceKind::ChessKnight))),
        ("成禁", Word::Cond(NoPromotion)),
        ("絶対成禁", Word::Cond(NoPromotionAbsolute)),
        ("取禁", Word::Cond(NoCapture)),
        ("攻方取禁", Word::Cond(AttackerNoCapture)),
        ("打歩可", Word::Cond(UchifuAllowed)),
        ("強欲", Word::Cond(Greedy)),
        ("禁欲", Word::Cond(Ascetic)),
        ("!CX", Word::Cond(Pwc)),
        // fm's roman keywords (fmza.c's rule table)
        ("CIRCE", Word::Cond(Circe)),
        ("ANTICIRCE", Word::Cond(AntiCirce)),
        ("MADRASI", Word::Cond(Madrasi)),
        ("K-MADRASI", Word::Cond(KMadrasi)),
        ("!2F", Word::Cond(KikiNifuInvalid)),
        ("詰", Word::Plain),
    ];
    // fm's keywords (fmza.c), the case fm prints (sub.c) and its short forms
    let keywords: [(&[&'static str], Condition); 5] = [
        (&["ANDERNACH", "Andernach", "!AD", "アンデルナッハ"], Andernach),
        (
            &["ANTIANDERNACH", "AntiAndernach", "!AA", "アンチアンデルナッハ"],
            AntiAndernach,
        ),
        (&["ISARDAM", "Isardam", "イザルダム"], Isardam),
        (
            &[
                "ISARDAM（タイプB）",
                "ISARDAM（タイプＢ）",
                "Isardam（タイプB）",
                "イザルダム（タイプB）",
            ],
            IsardamB,
        ),
        (&["KOKO", "KOEKO", "Koko", "ココ"], Koko),
    ];
    for (words, c) in keywords {
        v.extend(words.iter().map(|&w| (w, Word::Cond(c))));
    }
    // Messigny: fm's keywords, the case it prints, half-width brackets
    for (words, c) in [
        (&["MESSIGNY", "Messigny"][..], Messigny),
        (
            &["MESSIGNY（欧州式）", "Messigny（欧州式）", "MESSIGNY(欧州式)"],
            MessignyEu,
        ),
        (
            &["MESSIGNY（日本式）", "Messigny（日本式）", "MESSIGNY(日本式)"],
            MessignyJp,
        ),
    ] {
        v.extend(words.iter().map(|&w| (w, Word::Cond(c))));
    }
    // fm's short forms: `!AN`, `!NP`…
    v.extend(
        Condition::ALL
            .iter()
            .filter_map(|&c| c.fm_short().map(|short| (short, Word::Cond(c)))),
    );
    v.sort_by_key(|(w, _)| std::cmp::Reverse(w.chars().count()));
    v
}

/// Reads a rule phrase. Separators (spaces, `・`, `+`, `、`) between words are allowed.
/// The error gives the 1-based character column of the first unknown text.
pub fn parse_rule_phrase(text: &str) -> Result<RulePhrase, (usize, String)> {
    let vocabulary = vocabulary();
    let chars: Vec<char> = text.chars().collect();
    let mut phrase = RulePhrase::default();
    let mut i = 0;
    'scan: while i < chars.len() {
        if matches!(chars[i], ' ' | '　' | '・' | '+' | '＋' | '、' | ',') {
            i += 1;
            continue;
        }
        // 駒詰(X): both kings move as the kind of SFEN letter X.
        if chars[i..].starts_with(&['駒', '詰', '(']) {
            // the SFEN name runs to the first ')' (one letter, or a bracketed code)
            let close = chars[i + 3..].iter().position(|&c| c == ')').map(|n| i + 3 + n);
            let kind = close.and_then(|close| {
                let name: String = chars[i + 3..close].iter().collect();
                PieceKind::from_sfen_name(&name.to_ascii_uppercase())
            });
            match (kind, close) {
                (Some(kind), Some(close)) if !matches!(kind, PieceKind::King | PieceKind::Stone) => {
                    let c = Condition::Komazume(kind);
                    if !phrase.conditions.contains(&c) {
                        phrase.conditions.push(c);
                    }
                    i = close + 1;
                    continue 'scan;
                }
                _ => {
                    return Err((
                        i + 4,
                        "駒詰( must be followed by a piece's SFEN name (e.g. T for the knight, [WA] for the wazir) \
                         and ')'"
                            .into(),
                    ))
                }
            }
        }
        // 王位置 (fm's `位置[55]`, `![55/51]`, written `王位置[55/51]`): the kings'
        // squares at the goal, up to the `]` (which fm lets go missing)
        let opener = [&['王', '位', '置', '['][..], &['位', '置', '['], &['!', '[']]
            .into_iter()
            .find(|o| chars[i..].starts_with(o));
        if let Some(opener) = opener {
            let from = i + opener.len();
            let len = chars[from..]
                .iter()
                .take_while(|&&c| c.is_ascii_digit() || ('０'..='９').contains(&c) || c == '/' || c == '／')
                .count();
            let text: String = chars[from..from + len]
                .iter()
                .map(|&c| if c == '／' { '/' } else { c })
                .collect();
            let squares: KingSquares = text.parse().map_err(|e| (from + 1, e))?;
            let c = Condition::KingSquare(squares);
            if !phrase.conditions.contains(&c) {
                phrase.conditions.push(c);
            }
            i = from + len + usize::from(chars.get(from + len) == Some(&']'));
            continue 'scan;
        }
        for (word, meaning) in &vocabulary {
            let w: Vec<char> = word.chars().collect();
            if chars[i..].starts_with(&w) {
                match meaning {
                    Word::Stip(s) => {
                        if let Some(previous) = phrase.stipulation.filter(|p| p != s) {
                            return Err((
                                i + 1,
                                format!(
                                    "'{word}' contradicts the stipulation {} said before",
                                    previous.japanese()
                                ),
                            ));
                        }
                        phrase.stipulation = Some(*s);
                    }
                    Word::Cond(c) => {
                        if !phrase.conditions.contains(c) {
                            phrase.conditions.push(*c);
                        }
                    }
                    Word::Plain => {}
                }
                i += w.len();
                continue 'scan;
            }
        }
        let rest: String = chars[i..].iter().take(8).collect();
        return Err((
            i + 1,
            format!("unknown rule word at '{rest}': expected a stipulation (ばか詰, ばか自殺詰, 自殺詰, …) or a condition (安南, キルケ, …)"),
        ));
    }
    // A condition alone (安南) or 詰 alone means direct mate, as fm and Fairyland write it.
    if phrase.stipulation.is_none() {
        phrase.stipulation = Some(Stipulation::Tsume { length: None });
    }
    Ok(phrase)
}

/// The phrase for a stipulation and conditions, conditions first: `安南ばか詰`. Checked
/// to read back as the same rules: where neighbouring words would fuse into another word,
/// they are written apart with `・`.
pub fn write_rule_phrase(stipulation: Option<Stipulation>, conditions: &[Condition]) -> String {
    let glued = glued_phrase(stipulation, conditions);
    let wanted = stipulation.unwrap_or(Stipulation::Tsume { length: None }).name();
    let reads_back = parse_rule_phrase(&glued)
        .is_ok_and(|p| p.conditions == conditions && p.stipulation.map(|s| s.name()) == Some(wanted));
    if reads_back {
        return glued;
    }
    let mut words: Vec<String> = conditions.iter().map(|&c| glued_phrase(None, &[c])).collect();
    words.extend(stipulation.map(|s| s.japanese().to_string()));
    words.join("・")
}

fn glued_phrase(stipulation: Option<Stipulation>, conditions: &[Condition]) -> String {
    let mut s = String::new();
    for c in conditions {
        match c {
            Condition::Komazume(PieceKind::ChessKnight) => s.push_str("ナイト玉"),
            Condition::Komazume(kind) => {
                s.push_str("駒詰(");
                s.push_str(kind.sfen_name());
                s.push_str(")・");
            }
            // fm has no Japanese word for these: its keyword, which it reads back
            Condition::Andernach => s.push_str("ANDERNACH"),
            Condition::AntiAndernach => s.push_str("ANTIANDERNACH"),
            Condition::Messigny => s.push_str("MESSIGNY"),
            Condition::MessignyEu => s.push_str("MESSIGNY（欧州式）"),
            Condition::MessignyJp => s.push_str("MESSIGNY（日本式）"),
            Condition::Isardam => s.push_str("ISARDAM"),
            Condition::IsardamB => s.push_str("ISARDAM（タイプB）"),
            Condition::Koko => s.push_str("KOKO"),
            Condition::KingSquare(squares) => s.push_str(&format!("王位置[{squares}]")),
            c => s.push_str(c.japanese()),
        }
    }
    match stipulation {
        // A condition alone means direct mate; writing 詰将棋 after it could fuse with it
        // (打歩詰 + 将棋).
        Some(Stipulation::Tsume { .. }) | None if !s.is_empty() => {}
        Some(stip) => s.push_str(stip.japanese()),
        None => s.push_str("詰将棋"),
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn phrases() {
        let p = parse_rule_phrase("安南ばか詰").unwrap();
        assert_eq!(p.stipulation, Some(Stipulation::Help { length: None }));
        assert_eq!(p.conditions, vec![Condition::Annan]);
        let p = parse_rule_phrase("アンチキルケ協力自玉詰").unwrap();
        assert_eq!(p.stipulation, Some(Stipulation::HelpSelf { length: None }));
        assert_eq!(p.conditions, vec![Condition::AntiCirce]);
        let p = parse_rule_phrase("キルケ").unwrap();
        assert_eq!(p.stipulation, Some(Stipulation::Tsume { length: None }));
        let p = parse_rule_phrase("Ｋマドラシ 打歩 H#").unwrap();
        assert_eq!(p.conditions, vec![Condition::KMadrasi, Condition::Uchifu]);
        // compound words of several families, as fm writes them
        let p = parse_rule_phrase("背面マドラシPWCばか詰").unwrap();
        assert_eq!(
            p.conditions,
            vec![Condition::Haimen, Condition::Madrasi, Condition::Pwc]
        );
        let p = parse_rule_phrase("安南二歩王取無効アンチキルケばか詰").unwrap();
        assert_eq!(
            p.conditions,
            vec![Condition::Annan, Condition::KikiNifuInvalid, Condition::AntiCirce]
        );
        assert_eq!(parse_rule_phrase("安南ばか詰xyz").unwrap_err().0, 6);
        // Andernach's words: fm's keywords, the case it prints, short forms, katakana
        for (text, c) in [
            ("ANDERNACHばか詰", Condition::Andernach),
            ("!ADばか詰", Condition::Andernach),
            ("Andernach ばか詰", Condition::Andernach),
            ("アンデルナッハばか詰", Condition::Andernach),
            ("ANTIANDERNACHばか詰", Condition::AntiAndernach),
            ("!AA ばか詰", Condition::AntiAndernach),
            ("AntiAndernachばか詰", Condition::AntiAndernach),
            ("アンチアンデルナッハばか詰", Condition::AntiAndernach),
        ] {
            assert_eq!(parse_rule_phrase(text).unwrap().conditions, vec![c], "{text}");
        }
        assert!(parse_rule_phrase("ばか詰自殺詰").is_err());
    }

    #[test]
    fn written_phrases_read_back() {
        for text in [
            "安南ばか詰",
            "キルケばか自殺詰",
            "PWC自殺詰",
            "詰将棋",
            "マドラシ打歩詰ばか詰",
            "安南キルケばか詰",
            "対面Ｋマドラシアンチキルケばか詰",
            "ANDERNACHばか詰",
            "ANTIANDERNACHばか自殺詰",
        ] {
            let p = parse_rule_phrase(text).unwrap();
            assert_eq!(write_rule_phrase(p.stipulation, &p.conditions), text);
        }
    }
}
