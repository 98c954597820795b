//! The Breakthrough proof search (`games::breakthrough::proof`: who wins without a move bound,
//! then the length) against the existing prover and the plain alpha-beta of `peakforge::solver::known`
//! on the small standard starts and on random small positions, whatever the table size; and
//! the bitboard perft against a plain count by `Position::after` near the move limit.

use peakforge::game::GameState;
use peakforge::games::breakthrough::{Position, Side};
use peakforge::games::pawn_peak::Square;
use peakforge::solver::breakthrough_proof::{ProveError, prove};
use peakforge::solver::known::{Decided, PlainWins, SolverWins, decide};
use peakforge::solver::{Control, Limits};
use proptest::prelude::*;

fn with_table(bytes: usize) -> Control<'static> {
    Control {
        limits: Limits {
            table_bytes: Some(bytes),
            ..Limits::default()
        },
        ..Control::default()
    }
}

/// The proof search's (winner, plies) with a table of `bytes`.
fn proved(pos: &Position, bytes: usize) -> Decided {
    let p = prove(pos, true, with_table(bytes)).expect("a decidable position");
    Decided {
        winner: p.winner,
        plies: p.plies.expect("the length was asked for"),
    }
}

#[test]
fn small_starts_agree_with_the_existing_prover() {
    for (w, h) in [(2, 4), (3, 4), (4, 4), (5, 4), (2, 5), (3, 5), (2, 6)] {
        let start = Position::start(w, h).unwrap();
        let old = decide(&start, 40, &mut SolverWins::new(Control::default()))
            .unwrap()
            .expect("no draw");
        for bytes in [48, 4 << 10, 16 << 20] {
            assert_eq!(proved(&start, bytes), old, "{w}x{h}, table {bytes} bytes");
        }
    }
}

#[test]
fn tiny_starts_agree_with_the_plain_alpha_beta() {
    for (w, h) in [(2, 4), (3, 4), (2, 5), (2, 6)] {
        let start = Position::start(w, h).unwrap();
        let base = decide(&start, 40, &mut PlainWins::new(Control::default()))
            .unwrap()
            .expect("no draw");
        assert_eq!(proved(&start, 1 << 20), base, "{w}x{h}");
    }
}

#[test]
fn unsuited_positions_are_refused() {
    // 9 × 8 = 72 tiles: beyond the 64-bit boards.
    let big = Position::start(9, 8).unwrap();
    assert!(matches!(
        prove(&big, false, Control::default()),
        Err(ProveError::Unsuited(_))
    ));
    // The limit could draw before the match ends.
    let near: Position = "BBB/BBB/3/WWW/WWW w 0/10".parse().unwrap();
    let e = prove(&near, false, Control::default()).unwrap_err();
    assert!(e.to_string().contains("move limit"), "{e}");
}

/// A random position on a `w` × `h` board: each tile empty (twice as likely) or a pawn.
fn position(w: usize, h: usize, tiles: &[u8], black: bool) -> Option<Position> {
    let ranks: Vec<String> = tiles[..w * h]
        .chunks(w)
        .map(|r| {
            // Pawns as letters, each run of empty tiles as its length.
            let mut text = String::new();
            let mut empty = 0;
            for &t in r {
                if t == 0 {
                    empty += 1;
                    continue;
                }
                if empty > 0 {
                    text.push_str(&empty.to_string());
                    empty = 0;
                }
                text.push(if t == 1 { 'W' } else { 'B' });
            }
            if empty > 0 {
                text.push_str(&empty.to_string());
            }
            text
        })
        .collect();
    let side = if black { "b" } else { "w" };
    format!("{} {side} 0/200", ranks.join("/")).parse().ok()
}

fn positions(max_w: usize, max_h: usize) -> impl Strategy<Value = Position> {
    (
        2usize..=max_w,
        4usize..=max_h,
        prop::collection::vec(
            prop_oneof![3 => Just(0u8), 1 => Just(1u8), 1 => Just(2u8)],
            max_w * max_h,
        ),
        any::<bool>(),
    )
        .prop_filter_map("a position", |(w, h, tiles, black)| {
            position(w, h, &tiles, black)
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Every rule of the proof search (win at once, threats, mirror, table) against the plain
    /// alpha-beta, which knows none of them, on random small positions (threats are common:
    /// a pawn on a rank next to the far one is a threat).
    #[test]
    fn proof_agrees_with_the_plain_alpha_beta(pos in positions(4, 5)) {
        let base = decide(&pos, 30, &mut PlainWins::new(Control::default())).unwrap();
        prop_assume!(base.is_some());
        for bytes in [48, 1 << 20] {
            prop_assert_eq!(Some(proved(&pos, bytes)), base, "{}", pos);
        }
    }

    /// Bigger boards against the existing prover (transposition table, hooks).
    #[test]
    fn proof_agrees_with_the_existing_prover(pos in positions(5, 6)) {
        let old = decide(&pos, 40, &mut SolverWins::new(Control::default())).unwrap();
        prop_assert!(old.is_some(), "no draw in {}", pos);
        prop_assert_eq!(Some(proved(&pos, 1 << 20)), old, "{}", pos);
    }

    /// The bitboard perft (boards up to 64 tiles) against a count by `Position::after`, with
    /// the move limit a few plies away.
    #[test]
    fn perft_agrees_with_a_plain_count(pos in positions(5, 6), left in 1u16..5, depth in 1u32..=4) {
        let s = pos.to_string();
        let (head, _) = s.rsplit_once(' ').unwrap();
        let near: Position = format!("{head} {}/200", 200 - left).parse().unwrap();
        fn plain(p: &Position, d: u32) -> u64 {
            if d == 0 || p.outcome().is_some() {
                return 1;
            }
            p.legal_moves().into_iter().map(|m| plain(&p.play(m), d - 1)).sum()
        }
        for p in [&pos, &near] {
            prop_assert_eq!(p.perft(depth), plain(p, depth), "{}", p);
        }
    }
}

proptest! {
    // Most random positions have no threat: many are rejected before 100 are checked.
    #![proptest_config(ProptestConfig { cases: 100, max_global_rejects: 100_000, ..ProptestConfig::default() })]

    /// Rule 3 (threats) where it applies: the opponent has a pawn one rank from its far rank
    /// and the side to move cannot win at once; the plain alpha-beta knows no such rule.
    #[test]
    fn threat_positions_agree_with_the_plain_alpha_beta(pos in positions(4, 5)) {
        let mover = pos.side_to_move();
        let enemy = mover.opponent();
        let last = |s: Side| if s == Side::White { pos.height() - 2 } else { 1 };
        let on = |s: Side, rank: u8| {
            (0..pos.width()).filter(|&f| pos.pawn_at(Square::new(f, rank)) == Some(s)).count()
        };
        prop_assume!(pos.outcome().is_none());
        prop_assume!(on(enemy, last(enemy)) >= 1 && on(mover, last(mover)) == 0);
        let base = decide(&pos, 30, &mut PlainWins::new(Control::default())).unwrap();
        prop_assert_eq!(Some(proved(&pos, 1 << 16)), base, "{}", pos);
    }
}
