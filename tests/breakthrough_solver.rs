//! The solver on Breakthrough against the plain minimax on random small positions (verdict,
//! shortest win, every key move; table off and on), and each search hook of Breakthrough
//! against its definition in `peakforge::game::GameState`.

use peakforge::game::GameState;
use peakforge::games::breakthrough::Position;
use peakforge::solver::{Control, Limits, plain, solve};
use proptest::prelude::*;

/// A random position string: `w` × `h` tiles, each empty (twice as likely) or a pawn; a
/// counter a few plies under the limit now and then. `None` when it does not parse or the
/// match is over.
fn position(w: usize, h: usize, tiles: &[u8], black: bool, left: u16) -> Option<Position> {
    let ranks: Vec<String> = tiles[..w * h]
        .chunks(w)
        .map(|r| {
            r.iter()
                .map(|&t| match t {
                    1 => 'W',
                    2 => 'B',
                    _ => '1',
                })
                .collect()
        })
        .collect();
    let side = if black { "b" } else { "w" };
    let s = format!("{} {side} {}/{}", ranks.join("/"), 100 - left, 100);
    let p: Position = s.parse().ok()?;
    p.outcome().is_none().then_some(p)
}

fn positions() -> impl Strategy<Value = Position> {
    (
        2usize..=5,
        4usize..=6,
        prop::collection::vec(
            prop_oneof![2 => Just(0u8), 1 => Just(1u8), 1 => Just(2u8)],
            30,
        ),
        any::<bool>(),
        prop_oneof![4 => Just(100u16), 1 => 1u16..8],
    )
        .prop_filter_map("a live position", |(w, h, tiles, black, left)| {
            position(w, h, &tiles, black, left)
        })
}

fn texts(pos: &Position, moves: &[<Position as GameState>::Move]) -> Vec<String> {
    moves.iter().map(|&m| pos.move_text(m)).collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn solver_agrees_with_the_plain_minimax(pos in positions(), n in 1u32..=3) {
        let base = plain::solve(&pos, Some(n), Control::default());
        for table in [0, 1 << 20, 64 << 20] {
            let control = Control {
                limits: Limits { table_bytes: Some(table), ..Limits::default() },
                ..Control::default()
            };
            let ours = solve(&pos, Some(n), control);
            prop_assert_eq!(ours.verdict, base.verdict, "{} n={} table={}", pos, n, table);
            prop_assert_eq!(ours.player_moves, base.player_moves, "{} n={}", pos, n);
            prop_assert_eq!(
                texts(&pos, &ours.key_moves),
                texts(&pos, &base.key_moves),
                "{} n={}", pos, n
            );
        }
    }

    #[test]
    fn hooks_leave_out_only_what_cannot_win(pos in positions()) {
        let mover = pos.to_move();
        let mut candidates = Vec::new();
        pos.win_in_one_candidates_into(&mut candidates);
        for m in pos.legal_moves() {
            let after = pos.play(m);
            let winner = after.outcome().and_then(|o| o.winner);
            if winner == Some(mover) {
                prop_assert!(candidates.contains(&m), "{} {}", pos, pos.move_text(m));
            }
            // may_lose_at_once is false: no move wins for the other side.
            prop_assert!(!pos.may_lose_at_once());
            prop_assert_ne!(winner, Some(mover.opponent()), "{} {}", pos, pos.move_text(m));
            // Nor does a move leave the other side without a legal move.
            prop_assert!(after.outcome().is_some() || !after.legal_moves().is_empty());
        }
        for m in &candidates {
            prop_assert!(pos.legal_moves().contains(m), "{} {:?}", pos, m);
        }
        // The side to move cannot win with fewer moves than the lower bound.
        let bound = pos.moves_to_win_at_least(mover);
        prop_assert!(bound >= 1);
        if bound >= 2 {
            let s = plain::solve(&pos, Some((bound - 1).min(3)), Control::default());
            prop_assert!(s.player_moves.is_none(), "{} bound {}", pos, bound);
        }
        // Nor can the other side force a win with fewer: after some move it cannot.
        let other = mover.opponent();
        let bound = pos.moves_to_win_at_least(other);
        if bound >= 2 {
            let k = (bound - 1).min(3);
            let holds = pos.legal_moves().into_iter().any(|m| {
                let after = pos.play(m);
                match after.outcome() {
                    Some(o) => o.winner != Some(other),
                    None => plain::solve(&after, Some(k), Control::default()).player_moves.is_none(),
                }
            });
            prop_assert!(holds, "{} bound {} for the side not to move", pos, bound);
        }
    }

    #[test]
    fn packed_keys_are_equal_exactly_for_equal_positions(a in positions(), b in positions()) {
        let (ka, kb) = (a.packed_key(), b.packed_key());
        prop_assert!(ka.is_some() && kb.is_some());
        if a.match_key() == b.match_key() {
            prop_assert_eq!(ka == kb, a == b, "{} / {}", a, b);
        }
        prop_assert_eq!(a.match_key() == b.match_key(), (a.width(), a.height()) == (b.width(), b.height()));
    }
}

#[test]
fn packed_keys_tell_apart_side_counter_and_every_tile() {
    let p: Position = "BBBBB/BBBBB/5/WWWWW/WWWWW w 0/200".parse().unwrap();
    let key = p.packed_key().unwrap();
    for s in [
        "BBBBB/BBBBB/5/WWWWW/WWWWW b 0/200",
        "BBBBB/BBBBB/5/WWWWW/WWWWW w 1/200",
        "BBBBB/BBBBB/5/WWWWW/WWWWW w 0/199",
        "BBBBB/BBBB1/5/WWWWW/WWWWW w 0/200",
        "BBBBB/BBBBB/5/WWWWW/1WWWW w 0/200",
    ] {
        let q: Position = s.parse().unwrap();
        assert_ne!(q.packed_key().unwrap(), key, "{s}");
        assert_eq!(q.match_key(), p.match_key());
    }
    // Above 96 tiles there is no packed key: the table stores whole positions.
    assert!(Position::standard().packed_key().is_some());
    assert!(Position::start(10, 10).unwrap().packed_key().is_none());
}
