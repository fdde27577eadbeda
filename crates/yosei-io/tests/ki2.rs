//! KI2 reading and writing: the fixtures, moves resolved in their positions (relative
//! words, 打, 同, variations), errors with line and column, and random games with
//! variations written and read back.

mod common;

use common::{usi, Rng};
use yosei_core::Color;
use yosei_io::encoding::decode_text;
use yosei_io::ki2::{read_ki2, write_ki2};
use yosei_io::kif::read_kif;
use yosei_io::{parse_sfen, startpos, write_sfen, Branch, MoveLine, Problem};
use yosei_rules::{Position, RuleSet, Stipulation};

fn fixture(name: &str) -> String {
    let path = format!("{}/tests/fixtures/kif/{name}", env!("CARGO_MANIFEST_DIR"));
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    decode_text(&bytes).unwrap_or_else(|e| panic!("{name}: {e}"))
}

#[test]
fn game_with_relative_words_and_a_variation() {
    let p = read_ki2(&fixture("game.ki2u")).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(p.setup, startpos());
    assert_eq!(p.meta.date.as_deref(), Some("2024/03/02"));
    assert_eq!(
        usi(&p.moves.moves),
        [
            "7g7f", "3c3d", "2g2f", "4c4d", "3i4h", "8b4b", "5i6h", "5a6b", "6h7h", "6b7b", "6i5h", "7b8b", "5g5f",
            "7a7b", "9g9f", "9c9d", "3g3f", "4a5b", "4g4f", "4d4e", "4f4e", "4b4e"
        ]
    );
    assert_eq!(p.moves.comments[21].as_deref(), Some("飛車が捌けた"));
    assert_eq!(p.moves.end.as_deref(), Some("中断"));
    assert_eq!(p.moves.branches.len(), 1);
    let b = &p.moves.branches[0];
    assert_eq!(b.at, 20);
    assert_eq!(usi(&b.line.moves), ["2i3g", "4e4f"]);
    assert_eq!(b.line.end.as_deref(), Some("中断"));
}

#[test]
fn shift_jis_tsume_with_drop_word() {
    let p = read_ki2(&fixture("tsume-sjis.ki2")).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(write_sfen(&p.setup), "8k/8g/8G/4p4/6N2/9/9/9/9 b G2r2bg4s3n4l17p 1");
    assert_eq!(p.stipulation, Some(Stipulation::Tsume { length: Some(3) }));
    // ▲１二金打: the gold on 1三 could go to 1二 too, so 打 is written and read.
    assert_eq!(usi(&p.moves.moves), ["3e2c", "1b2c", "G*1b"]);
    assert_eq!(p.moves.end.as_deref(), Some("詰み"));
    // The same problem as the KIF fixture.
    let kif = read_kif(&fixture("tsume-sjis.kif")).unwrap();
    assert_eq!(p.setup, kif.setup);
    assert_eq!(p.moves.moves, kif.moves.moves);
}

#[test]
fn fixtures_write_and_read_back() {
    for name in ["game.ki2u", "tsume-sjis.ki2"] {
        let p = read_ki2(&fixture(name)).unwrap();
        let written = write_ki2(&p).unwrap();
        assert_eq!(read_ki2(&written).unwrap(), p, "{name}\n{written}");
    }
    // KIF fixtures with legal moves, as KI2.
    for name in [
        "tsume-sjis.kif",
        "tsume-halfwidth-utf8.kif",
        "game-variations.kifu",
        "handicap.kif",
    ] {
        let p = read_kif(&fixture(name)).unwrap();
        let written = write_ki2(&p).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(read_ki2(&written).unwrap(), p, "{name}\n{written}");
    }
}

#[test]
fn written_ki2_looks_like_kifu_for_windows() {
    let p = read_kif(&fixture("game-variations.kifu")).unwrap();
    let written = write_ki2(&p).unwrap();
    let moves: String = written
        .lines()
        .skip_while(|l| !l.starts_with("先手の持駒"))
        .skip(1)
        .map(|l| format!("{l}\n"))
        .collect();
    let expected = "*対局前コメント
▲７六歩    △３四歩    ▲２二角成
*角交換
△同　銀    ▲４五角
まで5手で中断

変化：4手
△同　飛    ▲５五角
*両取り

変化：2手
△８四歩    ▲２六歩    △８五歩

変化：3手
▲６八銀

変化：2手
△３二金
";
    assert_eq!(moves, expected);
}

/// `(text, line, column, a word the message must contain)`.
fn bad_ki2_inputs() -> Vec<(String, usize, usize, &'static str)> {
    let header = "手合割：平手\n";
    vec![
        (format!("{header}▲７六歩 △３四歩 ▲５八金\n"), 2, 12, "ambiguous"),
        (format!("{header}▲７六歩 ▲３四歩\n"), 2, 6, "White (後手, △) is to move"),
        (
            format!("{header}▲７六歩\n△３四歩 ▲７五角\n"),
            3,
            7,
            "no legal move of a 角",
        ),
        (format!("{header}▲７六歩 △同　歩\n"), 2, 7, "no legal move of a 歩"),
        (
            format!("{header}▲７六歩\nまで1手で中断\n△３四歩\n"),
            4,
            1,
            "after the end of its line",
        ),
        (format!("{header}   1 ７六歩(77)\n"), 2, 4, "unrecognized line"),
        (format!("{header}▲７六歩\n変化：3手\n"), 3, 4, "has no move 3"),
        (format!("{header}▲７六歩x\n"), 2, 5, "expected"),
        (
            "後手の持駒：なし\n  ９ ８ ７ ６ ５ ４ ３ ２ １\n+---------------------------+\n\
             | ・ ・ ・ ・v玉 ・ ・ ・ ・|一\n| ・ ・ ・ ・ 金 ・ ・ ・ ・|二\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|三\n\
             | ・ ・ ・ ・ ・ ・ ・ ・ ・|四\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|五\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|六\n\
             | ・ ・ ・ ・ ・ ・ ・ ・ ・|七\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|八\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|九\n\
             +---------------------------+\n先手の持駒：なし\n\n▲４一金\n"
                .to_string(),
            16,
            1,
            "the starting position is not valid",
        ),
    ]
}

#[test]
fn bad_ki2_inputs_report_their_line_and_column() {
    for (text, line, column, needle) in bad_ki2_inputs() {
        let err = match read_ki2(&text) {
            Ok(p) => panic!("{text:?} was accepted: {p:?}"),
            Err(err) => err,
        };
        println!("{text:?}\n    {err}");
        assert!(
            err.line == line && err.column == Some(column) && err.message.contains(needle),
            "{text:?}: got `{err}`, expected line {line}, column {column} and {needle:?}"
        );
    }
}

#[test]
fn writing_an_illegal_move_is_an_error() {
    let p = Problem {
        setup: startpos(),
        moves: MoveLine {
            moves: vec![yosei_io::parse_usi_move("7g7e").unwrap()],
            comments: vec![None],
            ..Default::default()
        },
        ..Default::default()
    };
    let err = write_ki2(&p).unwrap_err();
    assert!(err.message.contains("move 1 (7g7e) is not legal"), "{err}");
    // An invalid position with moves cannot be written either; without moves it can.
    let mut bad = p.clone();
    bad.setup = parse_sfen("4k4/4G4/9/9/9/9/9/9/4K4 b - 1").unwrap().setup;
    assert!(write_ki2(&bad).unwrap_err().message.contains("valid starting position"));
    bad.moves = MoveLine::default();
    assert!(write_ki2(&bad).is_ok());
}

/// A random legal line from `pos`, with comments, an end now and then, and legal
/// variations (sorted by move, none of a variation's own first move).
fn random_legal_line(rng: &mut Rng, pos: &Position, depth: usize, top: bool) -> MoveLine {
    let rules = RuleSet::ordinary();
    let mut line = MoveLine::default();
    let mut positions = vec![pos.clone()];
    let mut p = pos.clone();
    let wanted = rng.below(12) + usize::from(!top);
    for _ in 0..wanted {
        let moves = p.legal_moves(&rules);
        if moves.is_empty() {
            break;
        }
        let m = moves.as_slice()[rng.below(moves.len())];
        line.moves.push(m);
        line.comments
            .push(rng.chance(10).then(|| "コメント\n二行目".to_string()));
        p.play_in_place(m);
        positions.push(p.clone());
    }
    if rng.chance(30) {
        line.end = Some(["投了", "中断", "詰み", "千日手"][rng.below(4)].to_string());
    }
    let n = line.moves.len();
    if depth > 0 && n > 0 {
        for _ in 0..rng.below(3) {
            let first = usize::from(!top);
            if n <= first {
                break;
            }
            let at = first + rng.below(n - first);
            let branch = random_legal_line(rng, &positions[at], depth - 1, false);
            if branch.moves.is_empty() {
                continue;
            }
            line.branches.push(Branch { at, line: branch });
        }
        line.branches.sort_by_key(|b| b.at);
    }
    line
}

#[test]
fn random_games_with_variations_round_trip() {
    let mut rng = Rng(0x5EED_0C21);
    let rules = RuleSet::ordinary();
    for round in 0..300 {
        // From the start position, or from a position some random moves later.
        let mut pos = Position::startpos();
        for _ in 0..rng.below(60) {
            let moves = pos.legal_moves(&rules);
            if moves.is_empty() {
                break;
            }
            pos.play_in_place(moves.as_slice()[rng.below(moves.len())]);
        }
        let mut setup = pos.to_setup();
        if round % 3 == 0 {
            setup.move_number = 1;
        }
        let pos = Position::from_setup(&setup, &rules).unwrap();
        let problem = Problem {
            setup,
            moves: random_legal_line(&mut rng, &pos, 3, true),
            ..Default::default()
        };
        let written = write_ki2(&problem).unwrap_or_else(|e| panic!("{e}"));
        let read = read_ki2(&written).unwrap_or_else(|e| panic!("{e}\n{written}"));
        assert_eq!(read, problem, "{written}");
        // KIF carries the same moves.
        let kif = yosei_io::kif::write_kif(&problem);
        assert_eq!(read_kif(&kif).unwrap(), problem, "{kif}");
    }
}

#[test]
fn the_first_move_may_be_dou_after_a_bod_move_number() {
    // A BOD (as pasted from Kifu for Windows) names the last move: 同 refers to it.
    let text = "後手の持駒：なし\n  ９ ８ ７ ６ ５ ４ ３ ２ １\n+---------------------------+\n\
                |v香v桂v銀v金v玉v金v銀v桂v香|一\n| ・v飛 ・ ・ ・ ・ ・v角 ・|二\n|v歩v歩v歩v歩v歩v歩 ・v歩v歩|三\n\
                | ・ ・ ・ ・ ・ ・v歩 ・ ・|四\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|五\n| ・ ・ 歩 ・ ・ ・ ・ ・ ・|六\n\
                | 歩 歩 ・ 歩 歩 歩 歩 歩 歩|七\n| ・ 角 ・ ・ ・ ・ ・ 飛 ・|八\n| 香 桂 銀 金 玉 金 銀 桂 香|九\n\
                +---------------------------+\n先手の持駒：なし\n手数＝2　△３四歩　まで\n\n▲２二角成 △同　銀\n";
    let p = read_ki2(text).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(p.setup.move_number, 3);
    assert_eq!(usi(&p.moves.moves), ["8h2b+", "3a2b"]);
    let text = text.replace("▲２二角成 △同　銀", "▲同　角");
    let err = read_ki2(&text).unwrap_err();
    assert!(err.message.contains("no legal move of a 角"), "{err}");
    assert_eq!(p.setup.side_to_move, Color::Black);
}

#[test]
fn an_invalid_position_without_moves_reads_and_writes() {
    // Found by the fuzzer: nothing needs the position when no move is recorded, so
    // neither reading nor writing asks for it, whatever the end word.
    let text = "後手の持駒：なし\n  ９ ８ ７ ６ ５ ４ ３ ２ １\n+---------------------------+\n\
                | ・ ・ ・ ・v玉 ・ ・ ・ ・|一\n| ・ ・ ・ ・ 金 ・ ・ ・ ・|二\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|三\n\
                | ・ ・ ・ ・ ・ ・ ・ ・ ・|四\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|五\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|六\n\
                | ・ ・ ・ ・ ・ ・ ・ ・ ・|七\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|八\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|九\n\
                +---------------------------+\n先手の持駒：なし\n*問題図\nまで0手で中断\n";
    let p = read_ki2(text).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(p.moves.end.as_deref(), Some("中断"));
    assert_eq!(p.meta.comments, vec!["問題図".to_string()]);
    let written = write_ki2(&p).unwrap();
    assert_eq!(read_ki2(&written).unwrap(), p);
}
