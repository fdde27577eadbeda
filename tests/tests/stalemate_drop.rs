//! The stalemate test's drop shortcut (crates/yosei-rules/src/stalemate_drop.rs): a side
//! not in check that may drop a piece has a move, under the rules where a drop cannot
//! expose its own king. Two checks on random positions with fairy pieces and hands,
//! along short random games:
//! - under each condition the shortcut trusts, every drop it counts on (not a pawn or
//!   swallow, on an empty square where the piece is not dead, no enemy piece that is not
//!   line-bound; under 対面, 背面 and ネコネコ鮮, whose enemy pieces borrow from ours, no
//!   piece that is not line-bound and no enemy piece next to the square on its file, or
//!   under ネコネコ鮮 on its file) is among the legal moves (強欲 aside: it forbids drops to play where a
//!   capture exists, and the stalemate test counts them all the same);
//! - under every condition and pair tried (Messigny aside, whose stalemate test leaves
//!   swaps out), the stalemate test's answer equals whether the side has a legal move.

use yosei_core::random::SplitMix64;
use yosei_core::{Move, PieceKind, Square};
use yosei_rules::{Condition, Position, RuleSet};
use yosei_tests::fairy_positions::{random_fairy_setup, FairyMix};

/// The conditions (alone) under which the shortcut claims every such drop is legal.
const TRUSTED: [&[Condition]; 17] = [
    &[],
    &[Condition::Komazume(PieceKind::ChessKnight)],
    &[Condition::Annan],
    &[Condition::Anhoku],
    &[Condition::NekoSen],
    &[Condition::Circe],
    &[Condition::AntiCirce],
    &[Condition::Pwc],
    &[Condition::Anhoku, Condition::KikiNifuInvalid],
    &[Condition::Andernach],
    &[Condition::UchifuSimple],
    &[Condition::Ascetic],
    &[Condition::Annan, Condition::Circe],
    &[Condition::NekoSen, Condition::KikiNifuInvalid],
    &[Condition::Taimen],
    &[Condition::Haimen],
    &[Condition::NekoNekoSen],
];

/// The drops the shortcut counts on in `pos` under `conditions`, when no enemy piece is
/// unbound (nor, where enemy pieces borrow from ours, any piece).
fn counted_drops(pos: &Position, rules: &RuleSet, conditions: &[Condition]) -> Vec<Move> {
    let us = pos.side_to_move();
    let table = rules.pieces();
    let next_rank = conditions
        .iter()
        .any(|c| matches!(c, Condition::Taimen | Condition::Haimen));
    let file = conditions.contains(&Condition::NekoNekoSen);
    let unbound = Square::all().any(|sq| {
        pos.piece_at(sq)
            .is_some_and(|p| (p.color != us || next_rank || file) && !table.is_line_bound(p.kind))
    });
    if unbound {
        return Vec::new();
    }
    // an enemy piece that may borrow a power from a piece dropped on `sq`
    let enemy_borrower = |sq: Square| {
        Square::all().any(|other| {
            let near = other.file() == sq.file() && (file || next_rank && (other.rank() - sq.rank()).abs() == 1);
            near && pos.piece_at(other).is_some_and(|p| p.color != us)
        })
    };
    let mut drops = Vec::new();
    for (kind, _) in pos.hand(us).iter() {
        if matches!(kind, PieceKind::Pawn | PieceKind::Swallow) {
            continue;
        }
        for sq in Square::all() {
            if pos.piece_at(sq).is_none() && !rules.is_dead(kind, us, sq) && !enemy_borrower(sq) {
                drops.push(Move::drop(kind, sq));
            }
        }
    }
    drops
}

/// Random games from random fairy positions; `visit` sees each position.
fn games(seed: u64, rules: &RuleSet, mut visit: impl FnMut(&Position)) {
    let mut rng = SplitMix64::new(seed);
    for round in 0..150 {
        let mix = FairyMix {
            no_lions: true,
            fairy_percent: if round % 2 == 0 { 0 } else { 30 },
            ..FairyMix::default()
        };
        let setup = random_fairy_setup(&mut rng, &mix);
        let Ok(mut pos) = Position::from_setup(&setup, rules) else {
            continue;
        };
        for _ in 0..5 {
            visit(&pos);
            let legal = pos.legal_moves(rules);
            if legal.is_empty() {
                break;
            }
            pos.play_in_place(legal.as_slice()[rng.below(legal.len())]);
        }
    }
}

#[test]
fn every_drop_the_shortcut_counts_on_is_legal() {
    let mut checked = 0;
    for (i, conditions) in TRUSTED.iter().enumerate() {
        let rules = RuleSet::compile(conditions).unwrap();
        games(0x5D_0000 + i as u64, &rules, |pos| {
            if pos.in_check(&rules) {
                return;
            }
            let legal = pos.legal_moves(&rules);
            for m in counted_drops(pos, &rules, conditions) {
                checked += 1;
                assert!(
                    legal.as_slice().contains(&m),
                    "{conditions:?}: {} is not legal in {}",
                    m.to_usi(),
                    yosei_io::sfen::write_sfen(&pos.to_setup())
                );
            }
        });
    }
    assert!(checked > 50_000, "{checked} drops checked");
}

#[test]
fn the_stalemate_test_answers_as_the_legal_moves_do() {
    let mut sets: Vec<Vec<Condition>> = vec![vec![]];
    sets.extend(
        Condition::ALL
            .iter()
            .filter(|c| !matches!(c, Condition::Messigny | Condition::MessignyEu | Condition::MessignyJp))
            .map(|&c| vec![c]),
    );
    sets.extend([
        vec![Condition::Annan, Condition::Madrasi],
        vec![Condition::Taimen, Condition::Pwc],
        vec![Condition::NekoSen, Condition::Circe],
        vec![Condition::Komazume(PieceKind::ChessKnight)],
        vec![Condition::Komazume(PieceKind::Grasshopper)],
        vec![Condition::Komazume(PieceKind::Rook)],
    ]);
    let (mut asked, mut with_hand) = (0, 0);
    for (i, conditions) in sets.iter().enumerate() {
        let Ok(rules) = RuleSet::compile(conditions) else {
            continue;
        };
        games(0x5E_0000 + i as u64, &rules, |pos| {
            if pos.in_check(&rules) {
                return;
            }
            asked += 1;
            with_hand += usize::from(!pos.hand(pos.side_to_move()).is_empty());
            assert_eq!(
                pos.has_move_against_stalemate(&rules),
                pos.has_legal_move(&rules),
                "{conditions:?}: {}",
                yosei_io::sfen::write_sfen(&pos.to_setup())
            );
        });
    }
    assert!(
        asked > 10_000 && with_hand > 5_000,
        "{asked} asked, {with_hand} with a hand"
    );
}
