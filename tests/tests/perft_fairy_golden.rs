//! Perft counts of positions with fairy pieces (tests/data/perft_fairy.tsv), computed by
//! the slow reference generator of `yosei_tests::reference`, written from rules.md.
//!
//! `print_reference_counts` (ignored) builds the positions and prints the file:
//!
//! ```text
//! cargo test --release -p yosei-tests --test perft_fairy_golden -- --ignored --nocapture \
//!     print_reference_counts 2>/dev/null | grep -P '^#|\t' > tests/data/perft_fairy.tsv
//! ```
//!
//! (about 20 s). The quick tests re-check the stored depth-1 and depth-2 counts against
//! the reference, and against mirrored and colour-flipped copies of the positions.

use std::time::{Duration, Instant};
use yosei_core::random::SplitMix64;
use yosei_core::{Color, Piece, PieceKind, Setup, Square};
use yosei_io::sfen::{parse_sfen, write_sfen};
use yosei_tests::fairy_positions::{random_fairy_setup, FairyMix};
use yosei_tests::reference;

/// A position from pieces written `55I` (file, rank, SFEN letter or bracketed fm code
/// such as `[LO]`; lower case White, `+` before a promoted letter), the side to move
/// (`b`/`w`) and an SFEN hand (`-` for none).
fn build(pieces: &[&str], side: &str, hand: &str) -> Setup {
    let mut setup = Setup::empty();
    for text in pieces {
        let file = text[0..1].parse().unwrap();
        let rank = text[1..2].parse().unwrap();
        let (promoted, name) = match &text[2..] {
            t if t.starts_with('+') => (true, &t[1..]),
            t => (false, t),
        };
        let letter = name.chars().find(|c| c.is_ascii_alphabetic()).expect(text);
        let mut kind = PieceKind::from_sfen_name(&name.to_ascii_uppercase()).expect(text);
        if promoted {
            kind = kind.promoted().expect(text);
        }
        let color = if letter.is_ascii_uppercase() {
            Color::Black
        } else {
            Color::White
        };
        let sq = Square::new(file, rank).unwrap();
        assert!(setup.piece_at(sq).is_none(), "{text}: square taken twice");
        setup.put(sq, Some(Piece::new(kind, color)));
    }
    let board = write_sfen(&setup);
    let board = board.split(' ').next().unwrap();
    parse_sfen(&format!("{board} {side} {hand} 1")).unwrap().setup
}

/// The golden positions, each with the deepest depth to count.
fn positions() -> Vec<(&'static str, Setup, u32)> {
    let mut out = vec![
        // A Black Lion among White pieces: double captures, capture and move, igui, the
        // pass; White's pieces answer with captures of the Lion.
        (
            "lion-among-enemies",
            build(
                &[
                    "55I", "54g", "44s", "65p", "56n", "46b", "53p", "63l", "59K", "69G", "78S", "11k", "21n",
                ],
                "b",
                "P",
            ),
            3,
        ),
        // Lion against Lion, a pawn and a silver between them.
        (
            "lion-vs-lion",
            build(
                &["55I", "53i", "54p", "46G", "64s", "59K", "51k", "47P", "62g"],
                "b",
                "-",
            ),
            3,
        ),
        // Grasshoppers of both sides with hurdles of both colours and a stone; one is
        // next to the edge with nowhere to land.
        (
            "grasshoppers-hurdles",
            build(
                &[
                    "55A", "88A", "22a", "37a", "53p", "57G", "35O", "75P", "66s", "19a", "99K", "91k", "81g", "14L",
                ],
                "b",
                "-",
            ),
            3,
        ),
        // Nightriders on open lines, lines blocked by either side and by a stone, and in
        // the corner.
        (
            "nightrider-lines",
            build(
                &[
                    "55D", "11D", "67G", "63g", "34O", "95d", "73P", "59K", "51k", "87s", "28d",
                ],
                "w",
                "-",
            ),
            3,
        ),
        // Every leaper, the Phoenix and the Kirin in corners and on edges.
        (
            "leapers-corners-edges",
            build(
                &[
                    "99C", "91Z", "19F", "98V", "89X", "29T", "11h", "21j", "12c", "81z", "17f", "92v", "41x", "69t",
                    "59K", "51k",
                ],
                "b",
                "-",
            ),
            3,
        ),
        // Fairy pieces in both hands: drops everywhere, the last ranks included.
        (
            "fairy-hands",
            build(&["59K", "51k", "57P", "53p", "58G", "52g"], "b", "IQDacx"),
            3,
        ),
        // Black in check by a distant White Nightrider (through 35 and 47): interpose on
        // the line, by a drop too, or capture it, or move the king.
        (
            "evasion-nightrider-check",
            build(
                &[
                    "59K", "23d", "49G", "66I", "88Q", "19R", "51k", "41g", "61s", "52p", "31a",
                ],
                "b",
                "PA",
            ),
            3,
        ),
        // Triple check of the Black king on 59: the White pawn on 58, the White Lion on
        // 57 and the White Grasshopper on 99 over the Black Lion on 69. The Black Lion
        // answers all three at once by the double capture 69-58-57.
        (
            "evasion-triple-check-lion",
            build(&["59K", "58p", "57i", "99a", "69I", "51k", "41g", "49S"], "b", "G"),
            3,
        ),
        // Drop-pawn mate only because of the fairy defenders: the White Camel on 21 and
        // Zebra on 22 take the king's flight squares and cannot reach 12, so P*12 (guarded
        // by the gold on 13) is mate and illegal.
        (
            "uchifuzume-fairy-blockers",
            build(&["11k", "21c", "22z", "13G", "99K", "34S"], "b", "P"),
            3,
        ),
        // The same with a White Grasshopper on 14 that hops over the gold and takes the
        // pawn: P*12 is legal. (Same depth-1 count: one legal drop more, on 12, and one
        // empty square fewer, 14.)
        (
            "uchifuzume-grasshopper-defends",
            build(&["11k", "21c", "22z", "13G", "14a", "99K", "34S"], "b", "P"),
            3,
        ),
        // Queens pinning and pinned: the White queen on 53 and the Black one on 57 pin
        // each other against their kings; the White queen on 26 pins the gold on 48. A
        // promoted bishop and dragon, a Kirin and a Phoenix.
        (
            "queens-pins",
            build(
                &[
                    "59K", "57Q", "53q", "48G", "26q", "51k", "15Q", "44j", "66H", "73+R", "33+b", "95p",
                ],
                "w",
                "-",
            ),
            3,
        ),
        // Locusts of both sides: hops over enemies at a distance (53, 77, 28, 73), none over
        // an own piece (65), a stone (44), or an enemy with an occupied square beyond (35
        // before 25); a White Locust that could hop the Black one; one in hand.
        (
            "locust-hops",
            build(
                &[
                    "55[LO]", "53p", "35g", "25P", "65S", "44O", "77n", "28l", "73p", "56[lo]", "59K", "51k",
                ],
                "b",
                "[LO]",
            ),
            3,
        ),
        // The White king on 55 in check by two Black Locusts on its rank (95 and 15, the
        // squares beyond it empty): a piece on 45 or 65 both blocks one line and fills the
        // other's landing square.
        (
            "locust-double-check",
            build(&["55k", "95[LO]", "15[LO]", "43g", "19K", "28S"], "w", "p"),
            3,
        ),
    ];
    // Generated positions: the first seeds whose position has at least 10 legal moves
    // (two not in check), and at least 3 (one in check). Many generated positions are
    // mates, which make poor perft roots.
    let mut wanted = [(false, 10, 2), (true, 3, 1)];
    // (rules.md's twelve fairy kinds, as when the counts were stored: fm's further
    // pieces have their own tests and differential runs)
    let mix = FairyMix {
        kinds: &reference::RULES_MD_FAIRY_KINDS,
        ..FairyMix::default()
    };
    for seed in 1.. {
        let setup = random_fairy_setup(&mut SplitMix64::new(seed), &mix);
        let check = reference::in_check(&setup);
        let moves = reference::legal_moves(&setup, false).len();
        if let Some(want) = wanted.iter_mut().find(|w| w.0 == check && w.1 <= moves && w.2 > 0) {
            want.2 -= 1;
            let name = format!("random-seed-{seed}{}", if check { "-check" } else { "" });
            out.push((Box::leak(name.into_boxed_str()), setup, 3));
        }
        if wanted.iter().all(|w| w.2 == 0) {
            break;
        }
    }
    out
}

/// The rows of tests/data/perft_fairy.tsv: name, SFEN, depth, nodes.
fn rows() -> Vec<(String, String, u32, u64)> {
    include_str!("../data/perft_fairy.tsv")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            assert_eq!(f.len(), 4, "{l}");
            (
                f[0].to_string(),
                f[1].to_string(),
                f[2].parse().unwrap(),
                f[3].parse().unwrap(),
            )
        })
        .collect()
}

#[test]
#[ignore = "prints tests/data/perft_fairy.tsv; run in release"]
fn print_reference_counts() {
    println!(
        "# Perft counts (leaves of the legal-move tree; uchifuzume = check-only) of positions \
         with fairy pieces, computed by the slow reference generator written straight from \
         rules.md (tests/src/reference.rs) with print_reference_counts in \
         tests/tests/perft_fairy_golden.rs, in the session that taught the reference the fairy \
         pieces. Not confirmed by any other program: a disagreement may be the reference's bug."
    );
    println!("# name\tsfen\tdepth\tnodes");
    for (name, setup, max_depth) in positions() {
        // every position is valid: the side not to move is not in check
        assert!(!reference::can_capture_king(&setup, setup.side_to_move), "{name}");
        let sfen = write_sfen(&setup);
        assert_eq!(parse_sfen(&sfen).unwrap().setup, setup, "{name}");
        for depth in 1..=max_depth {
            let start = Instant::now();
            let nodes = reference::perft(&setup, depth, false);
            let elapsed = start.elapsed();
            println!("{name}\t{sfen}\t{depth}\t{nodes}");
            eprintln!("{name} depth {depth}: {nodes} in {elapsed:.1?}");
            assert!(elapsed < Duration::from_secs(60), "{name} depth {depth} is too slow");
        }
    }
}

#[test]
fn stored_counts_match_the_reference_at_depths_1_and_2() {
    let rows = rows();
    assert!(rows.len() >= 24, "{}", rows.len());
    let mut checked = 0;
    for (name, sfen, depth, nodes) in &rows {
        let setup = parse_sfen(sfen).unwrap().setup;
        assert_eq!(&write_sfen(&setup), sfen, "{name}");
        if *depth <= 2 {
            assert_eq!(reference::perft(&setup, *depth, false), *nodes, "{name} depth {depth}");
            checked += 1;
        }
    }
    assert!(checked >= 24, "{checked}");
}

#[test]
fn the_stored_positions_are_the_built_ones() {
    let rows = rows();
    for (name, setup, max_depth) in positions() {
        let sfen = write_sfen(&setup);
        let depths: Vec<u32> = rows
            .iter()
            .filter(|(n, s, _, _)| n == name && *s == sfen)
            .map(|r| r.2)
            .collect();
        assert_eq!(depths, (1..=max_depth).collect::<Vec<_>>(), "{name}");
    }
}

#[test]
fn fairy_features_are_exercised() {
    let rows = rows();
    let position = |name: &str| parse_sfen(&rows.iter().find(|r| r.0 == name).unwrap().1).unwrap().setup;
    // Lion two-steps: double capture, igui and the pass
    let lion = reference::legal_moves(&position("lion-among-enemies"), false);
    assert!(lion.iter().any(|m| m.via().is_some() && m.to() == m.from().unwrap()));
    assert!(lion.iter().filter(|m| m.via().is_some()).count() > 10);
    // the only-evasion double capture of the triple check
    let triple = position("evasion-triple-check-lion");
    assert!(reference::in_check(&triple));
    let evasions = reference::legal_moves(&triple, false);
    assert!(evasions.iter().any(|m| m.to_usi() == "6i5h5g"), "{evasions:?}");
    assert!(reference::in_check(&position("evasion-nightrider-check")));
    // P*12 (P*1b): illegal drop-pawn mate, then legal with the Grasshopper defending
    let drop = yosei_core::Move::drop(PieceKind::Pawn, Square::new(1, 2).unwrap());
    assert!(!reference::legal_moves(&position("uchifuzume-fairy-blockers"), false).contains(&drop));
    assert!(reference::legal_moves(&position("uchifuzume-grasshopper-defends"), false).contains(&drop));
}

/// The position seen from the other side: every square rotated, every piece and hand
/// changing colour, the other side to move.
fn colour_flipped(setup: &Setup) -> Setup {
    let mut out = Setup::empty();
    for sq in Square::all() {
        if let Some(p) = setup.piece_at(sq) {
            out.put(sq.rotate(), Some(Piece::new(p.kind, !p.color)));
        }
    }
    out.hands = [setup.hands[1], setup.hands[0]];
    out.side_to_move = !setup.side_to_move;
    out
}

#[test]
fn counts_are_the_same_mirrored_and_colour_flipped() {
    // a consistency check of the reference itself: a one-sided or mistyped offset shows
    // up as a difference between a position and its mirror image or its colour flip
    for (name, sfen, depth, nodes) in rows() {
        if depth > 2 {
            continue;
        }
        let setup = parse_sfen(&sfen).unwrap().setup;
        assert_eq!(
            reference::perft(&setup.mirrored(), depth, false),
            nodes,
            "{name} mirrored"
        );
        assert_eq!(
            reference::perft(&colour_flipped(&setup), depth, false),
            nodes,
            "{name} flipped"
        );
    }
}
