//! The Breakthrough proof search (`games::breakthrough::proof`: who wins without a move bound,
//! then the length) against the existing prover and the plain alpha-beta of `peakforge::solver::known`
//! on the small standard starts and on random small positions, whatever the table size; and
//! the bitboard perft against a plain count by `Position::after` near the move limit.

use peakforge::game::GameState;
use peakforge::games::breakthrough::{Position, Side};
use peakforge::games::pawn_peak::Square;
use peakforge::solver::breakthrough_proof::{
    PlyBounds, Proof, ProveError, WIN, perfect_move, prove, static_bounds,
};
use peakforge::solver::known::{Decided, PlainWins, SolverWins, decide};
use peakforge::solver::{Control, Limits};
use proptest::prelude::*;
use std::collections::HashMap;

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

/// Sparse random positions on boards whose live positions do not pack into one word
/// (`2 × (height - 1) × width > 64`): the proof table's wide layout.
fn sparse_wide_positions() -> impl Strategy<Value = Position> {
    (
        5usize..=8,
        prop::collection::vec(
            prop_oneof![8 => Just(0u8), 1 => Just(1u8), 1 => Just(2u8)],
            64,
        ),
        any::<bool>(),
    )
        .prop_filter_map("a position", |(w, tiles, black)| {
            position(w, 8, &tiles, black)
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(60))]

    /// The proof table's wide layout (the small boards above all use the compact one)
    /// against the existing prover, with tables of one bucket and of many.
    #[test]
    fn proof_on_wide_boards_agrees_with_the_existing_prover(pos in sparse_wide_positions()) {
        prop_assume!(pos.outcome().is_none());
        let old = decide(&pos, 40, &mut SolverWins::new(Control::default())).unwrap();
        prop_assert!(old.is_some(), "no draw in {}", pos);
        for bytes in [64, 1 << 20] {
            prop_assert_eq!(Some(proved(&pos, bytes)), old, "{}", pos);
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

/// The exact score (the module docs of the proof search: `WIN - k` for a win in `k` plies,
/// `k - WIN` for a loss in `k`) by a plain negamax over `Position::legal_moves` and `play`
/// that knows no rule, memoized on the pawns and the side to move.
fn exact(p: &Position, memo: &mut HashMap<Position, i32>) -> i32 {
    if let Some(o) = p.outcome() {
        let winner = o.winner.expect("no draw with the limit far away");
        return if winner == p.side_to_move().into() {
            WIN
        } else {
            -WIN
        };
    }
    let mut key = *p;
    key.set_counter(0, 200).unwrap();
    if let Some(&v) = memo.get(&key) {
        return v;
    }
    let mut best = -WIN;
    for m in p.legal_moves() {
        let v = -exact(&p.play(m), memo);
        best = best.max(if v > 0 { v - 1 } else { v + 1 });
    }
    memo.insert(key, best);
    best
}

/// Every position of a `w` × `h` board (each tile empty or a pawn of either side), both sides
/// to move, unfinished.
fn every_position(w: u8, h: u8) -> impl Iterator<Item = Position> {
    let tiles = u32::from(w) * u32::from(h);
    (0..3u64.pow(tiles)).flat_map(move |mut code| {
        let mut pos = Position::empty(w, h).unwrap();
        pos.set_counter(0, 200).unwrap();
        for r in 0..h {
            for f in 0..w {
                let side = [None, Some(Side::White), Some(Side::Black)][(code % 3) as usize];
                code /= 3;
                pos.set_pawn(Square::new(f, r), side).unwrap();
            }
        }
        [Side::White, Side::Black].into_iter().filter_map(move |s| {
            let mut p = pos;
            p.set_side_to_move(s);
            p.outcome().is_none().then_some(p)
        })
    })
}

/// The static bounds (rules 1–3 and 5–7 of the proof search: distances, a win in 3, the
/// unstoppable runners) hold on every position of the small boards, and the runner rules
/// (the only ones giving a win bound below a win in 3, or a loss bound above a loss in 2)
/// do apply there.
#[test]
fn static_bounds_hold_on_every_small_position() {
    let (mut runners, mut enemy_runners) = (0, 0);
    for (w, h) in [(2, 4), (3, 4), (2, 5), (2, 6)] {
        let mut memo = HashMap::new();
        let (mut exact_ones, mut all) = (0, 0);
        for pos in every_position(w, h) {
            let (lo, hi) = static_bounds(&pos).unwrap();
            let score = exact(&pos, &mut memo);
            assert!(lo <= score && score <= hi, "{pos}: {lo} <= {score} <= {hi}");
            runners += usize::from(lo > 0 && lo < WIN - 3);
            enemy_runners += usize::from(hi < 0 && hi > 2 - WIN);
            exact_ones += usize::from(lo == hi);
            all += 1;
        }
        eprintln!(
            "{w}x{h}: {all} positions, {exact_ones} exact, runners {runners}/{enemy_runners}"
        );
    }
    assert!(
        runners > 0 && enemy_runners > 0,
        "the runner rules never applied"
    );
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, max_global_rejects: 100_000, ..ProptestConfig::default() })]

    /// The static bounds on random positions of boards up to 5 × 5 against the exact score of
    /// the plain alpha-beta.
    #[test]
    fn static_bounds_hold_on_random_positions(pos in positions(5, 5)) {
        prop_assume!(pos.outcome().is_none());
        let (lo, hi) = static_bounds(&pos).unwrap();
        prop_assume!(lo > 2 - WIN || hi < WIN - 3);
        let Some(d) = decide(&pos, 30, &mut PlainWins::new(Control::default())).unwrap() else {
            return Err(TestCaseError::reject("undecided"));
        };
        let plies = d.plies as i32;
        let score = if d.winner == pos.side_to_move().into() { WIN - plies } else { plies - WIN };
        prop_assert!(lo <= score && score <= hi, "{}: {} <= {} <= {}", pos, lo, score, hi);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    /// The move of perfect play (what the editor's play-test defence plays on Breakthrough)
    /// keeps the exact score of the plain negamax, and is the first such move by text: the
    /// fastest win of a winner, the longest resistance of a loser; its proof's winner and
    /// length are the exact ones.
    #[test]
    fn perfect_move_keeps_the_exact_score(pos in positions(4, 5)) {
        prop_assume!(pos.outcome().is_none());
        let mut memo = HashMap::new();
        let score = exact(&pos, &mut memo);
        let (m, proof) = perfect_move(&pos, Control::default()).expect("a decidable position");
        let mut kept = |mv| {
            let v = -exact(&pos.play(mv), &mut memo);
            (if v > 0 { v - 1 } else { v + 1 }) == score
        };
        prop_assert!(kept(m), "{} plays {}", pos, pos.move_text(m));
        let mut moves = pos.legal_moves();
        moves.sort_by_cached_key(|&x| pos.move_text(x));
        let first = moves.into_iter().find(|&x| kept(x));
        prop_assert_eq!(first, Some(m), "{}", pos);
        let wins = score > 0;
        prop_assert_eq!(proof.winner == pos.side_to_move().into(), wins);
        let plies = if wins { WIN - score } else { score + WIN };
        prop_assert_eq!(proof.plies, Some(plies as u32));
    }
}

/// `prove` with the length, stopped after `max_nodes` nodes.
fn prove_within(pos: &Position, max_nodes: u64) -> Result<Proof, ProveError> {
    let control = Control {
        limits: Limits {
            max_nodes: Some(max_nodes),
            ..Limits::default()
        },
        ..Control::default()
    };
    prove(pos, true, control)
}

/// The bounds of `stopped`, the answer of a search stopped in the length of `full`, when it
/// keeps the winner and bounds that hold the length (`None`: it was not stopped); `Err`
/// says what is wrong.
fn keeps_what_was_proven(
    full: &Proof,
    stopped: Result<Proof, ProveError>,
) -> Result<Option<PlyBounds>, String> {
    let plies = full.plies.expect("the length was asked for");
    match stopped {
        // The limit came after the last test.
        Ok(p) if p.winner == full.winner && p.plies == full.plies => Ok(None),
        Err(ProveError::Stopped {
            proven: Some(k), ..
        }) => {
            let b = k.plies.ok_or("no bounds on the length")?;
            if k.winner != full.winner || !(b.at_least..=b.at_most).contains(&plies) {
                return Err(format!("{k:?} against {plies} plies"));
            }
            Ok(Some(b))
        }
        other => Err(format!("{other:?}")),
    }
}

#[test]
fn a_limit_met_in_the_length_keeps_the_winner_and_bounds_on_the_plies() {
    for (w, h) in [(4, 5), (5, 4), (3, 6)] {
        let start = Position::start(w, h).unwrap();
        let full = prove_within(&start, u64::MAX).unwrap();
        assert!(
            full.length_nodes > 4,
            "{w}x{h}: the length took {}",
            full.length_nodes
        );
        // Within the proof: nothing is proven yet.
        let e = prove_within(&start, full.proof_nodes / 2).unwrap_err();
        assert!(
            matches!(e, ProveError::Stopped { proven: None, .. }),
            "{e:?}"
        );
        // In the length (the node limit is exact on one thread): every search stops, and
        // its bounds narrow as the limit grows.
        let mut last = (0, u32::MAX);
        for quarter in 0..4 {
            let limit = full.proof_nodes + 1 + full.length_nodes * quarter / 4;
            match keeps_what_was_proven(&full, prove_within(&start, limit)) {
                Ok(Some(b)) => {
                    assert!(
                        last.0 <= b.at_least && b.at_most <= last.1,
                        "{w}x{h}: {b:?}"
                    );
                    last = (b.at_least, b.at_most);
                }
                Ok(None) => panic!("{w}x{h} not stopped at {limit} nodes"),
                Err(e) => panic!("{w}x{h} stopped at {limit} nodes: {e}"),
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]

    /// On random small positions too, the bounds of a length stopped half-way hold the
    /// length.
    #[test]
    fn a_length_stopped_half_way_holds_its_plies(pos in positions(4, 5)) {
        prop_assume!(pos.outcome().is_none());
        let full = prove_within(&pos, u64::MAX).unwrap();
        let limit = full.proof_nodes + 1 + full.length_nodes / 2;
        let kept = keeps_what_was_proven(&full, prove_within(&pos, limit));
        prop_assert!(kept.is_ok(), "{}: {:?}", pos, kept);
    }
}
