//! The solver against a plain minimax on many random small positions (issue: exact verdicts):
//! result, shortest win and the full key-move set agree, with the table off, tiny and default;
//! for Pawn&Peak and for Seega, whose capture chains (SG-5) let one side move again.

mod common;

use common::Rng;
use peakforge::game::{GameState, Player};
use peakforge::games::pawn_peak::{Piece, PieceKind, Position, Side};
use peakforge::games::seega;
use peakforge::solver::{
    Control, Limits, Proof, Verdict, plain as reference, solve, solve_reviewed,
};

fn random_position(rng: &mut Rng) -> Option<Position> {
    let mut p = common::random_pawn_peak_board(rng, 3, 3, 2)?;
    if rng.below(4) == 0 {
        p.set_scores(rng.below(3) as u16, rng.below(3) as u16)
            .expect("scores below 3 are within the starting-score range");
    }
    if rng.below(5) == 0 {
        let side = if rng.below(2) == 0 {
            Side::Red
        } else {
            Side::Blue
        };
        p.set_exited(&[Piece::new(side, PieceKind::ALL[rng.below(3) as usize])])
            .ok()?;
    }
    let count = rng.below(20) as u16;
    p.set_counter(count, count + 1 + rng.below(7) as u16).ok()?;
    p.outcome().is_none().then_some(p)
}

/// Plain minimax by the definition: does the player win within `n` further player moves from
/// `pos`, whoever is to move? A ply counts against `n` when the player makes it, even right
/// after another of its plies (a Seega chain, SG-5); the defender's plies never count.
fn plain_within<G: GameState>(pos: &G, player: Player, n: u32) -> bool {
    if let Some(o) = pos.outcome() {
        return o.winner == Some(player);
    }
    let moves = pos.legal_moves();
    if pos.to_move() == player {
        n > 0
            && moves
                .into_iter()
                .any(|m| plain_within(&pos.play(m), player, n - 1))
    } else {
        moves
            .into_iter()
            .all(|r| plain_within(&pos.play(r), player, n))
    }
}

/// Plain minimax: does `mv` win for `player` within `n` player moves (`mv` included)?
fn plain_move_wins<G: GameState>(pos: &G, mv: G::Move, player: Player, n: u32) -> bool {
    n > 0 && plain_within(&pos.play(mv), player, n - 1)
}

fn plain<G: GameState>(pos: &G, n: u32) -> (Option<u32>, Vec<String>) {
    let player = pos.to_move();
    let moves = pos.legal_moves();
    let shortest = (1..=n).find(|&d| moves.iter().any(|&m| plain_move_wins(pos, m, player, d)));
    let mut keys: Vec<String> = moves
        .iter()
        .filter(|&&m| plain_move_wins(pos, m, player, n))
        .map(|&m| pos.move_text(m))
        .collect();
    keys.sort();
    (shortest, keys)
}

/// Table sizes in bytes: off, about 1 000 entries, and the default 128 MiB.
const PP_TABLES: [usize; 3] = [0, 1_300_000, 128 << 20];

/// The solver with a table of `table` bytes on `threads` threads: verdict, shortest, keys.
fn solver<G: GameState>(
    pos: &G,
    n: u32,
    (table, threads): (usize, usize),
) -> (Verdict, Option<u32>, Vec<String>) {
    let limits = Limits {
        table_bytes: Some(table),
        threads: Some(threads),
        ..Limits::default()
    };
    let s = solve(
        pos,
        Some(n),
        Control {
            limits,
            ..Control::default()
        },
    );
    (
        s.verdict,
        s.player_moves,
        s.key_moves.iter().map(|&m| pos.move_text(m)).collect(),
    )
}

#[test]
fn solver_agrees_with_plain_minimax_on_random_positions() {
    let mut rng = Rng(0x5eed_1234_abcd_0001);
    let mut checked = 0;
    let mut wins = [0usize; 4];
    while checked < 1200 {
        let Some(pos) = random_position(&mut rng) else {
            continue;
        };
        let pieces = pos.pieces().count();
        let n = if pieces <= 2 {
            1 + rng.below(3) as u32
        } else {
            1 + rng.below(2) as u32
        };
        let (p_short, p_keys) = plain(&pos, n);
        // The library's reference minimax (the benchmark's baseline) agrees too.
        let r = reference::solve(&pos, Some(n), Control::default());
        assert_eq!(r.player_moves, p_short, "reference, {pos} n={n}");
        let r_keys: Vec<String> = r.key_moves.iter().map(|&m| pos.move_text(m)).collect();
        assert_eq!(r_keys, p_keys, "reference keys, {pos} n={n}");
        let bound = n.min(pos.plies_left().unwrap().div_ceil(2));
        for setting in settings(PP_TABLES) {
            let (table, threads) = setting;
            let (verdict, s_short, s_keys) = solver(&pos, n, setting);
            let expect = if p_short.is_some() {
                Verdict::Win
            } else {
                Verdict::NoWin
            };
            let with = format!("table={table} threads={threads}");
            assert_eq!(verdict, expect, "{pos} n={n} {with}");
            assert_eq!(s_short, p_short, "shortest, {pos} n={n} {with}");
            assert_eq!(s_keys, p_keys, "keys, {pos} n={n} (bound {bound}) {with}");
        }
        wins[p_short.unwrap_or(0) as usize] += 1;
        checked += 1;
    }
    // The sample must exercise wins of each length, not only "no win".
    assert!(
        wins[1] > 50 && wins[2] > 10 && wins[0] > 50,
        "too one-sided a sample: {wins:?}"
    );
    eprintln!("checked {checked} positions; by shortest win (0 = none): {wins:?}");
}

/// Table sizes for Seega, whose positions are stored whole: off, about 1 000 entries, the
/// default.
const SEEGA_TABLES: [usize; 3] = [0, 700_000, 128 << 20];

/// Every table size with 1 and 2 threads (the issue: the same verdicts whatever the table
/// size and thread count).
fn settings(tables: [usize; 3]) -> impl Iterator<Item = (usize, usize)> {
    tables
        .into_iter()
        .flat_map(|t| [1, 2].into_iter().map(move |threads| (t, threads)))
}

/// A random 5 × 5 Seega position string: a few pieces of each side in the movement phase, or
/// a nearly full board with a few pieces left in hand (the placement phase, SG-2), with a
/// near move limit; `None` when it does not parse or the match is over.
fn random_seega(rng: &mut Rng) -> Option<seega::Position> {
    let placing = rng.below(4) == 0;
    let mut board = [b'.'; 25];
    let (pieces, hands) = if placing {
        // 4 to 7 empty tiles besides the refuge; at most that many pieces in hand.
        let empty = 4 + rng.below(4) as usize;
        let w = 1 + rng.below(3);
        let b = rng.below(3);
        (
            24 - empty,
            (w.min(empty as u64 / 2), b.min(empty as u64 / 2)),
        )
    } else {
        (2 + rng.below(7) as usize, (0, 0))
    };
    let mut placed = 0;
    while placed < pieces {
        let i = rng.below(25) as usize;
        if board[i] == b'.' && !(placing && i == 12) {
            board[i] = if rng.below(2) == 0 { b'W' } else { b'B' };
            placed += 1;
        }
    }
    let ranks: Vec<String> = board
        .chunks(5)
        .rev()
        .map(|r| {
            let mut s = String::new();
            let mut gap = 0;
            for &c in r {
                if c == b'.' {
                    gap += 1;
                } else {
                    if gap > 0 {
                        s.push_str(&gap.to_string());
                        gap = 0;
                    }
                    s.push(c as char);
                }
            }
            if gap > 0 {
                s.push_str(&gap.to_string());
            }
            s
        })
        .collect();
    let side = if rng.below(2) == 0 { 'w' } else { 'b' };
    // Sometimes a chain (SG-5) at the root: a piece of the side to move that must go on
    // capturing (the position does not parse when it cannot capture).
    let own = side.to_ascii_uppercase() as u8;
    let mut chains: Vec<String> = Vec::new();
    if !placing && rng.below(3) == 0 {
        chains.extend(
            (0..25)
                .filter(|&i| board[i] == own)
                .map(|i| format!("{}{}", (b'a' + (i % 5) as u8) as char, i / 5 + 1)),
        );
    }
    chains.push("-".to_string());
    let count = rng.below(30);
    let limit = count + 2 + rng.below(7);
    let mut p: seega::Position = chains.iter().find_map(|chain| {
        format!(
            "{} {side} {}:{} {chain} {count}/{limit}",
            ranks.join("/"),
            hands.0,
            hands.1
        )
        .parse()
        .ok()
    })?;
    if p.chain().is_some() {
        return p.outcome().is_none().then_some(p);
    }
    // A few random plies first, so that chains (SG-5) and the turn to the movement phase
    // (SG-2, SG-8) come up at the root.
    for _ in 0..rng.below(3) {
        let mut moves = p.legal_moves();
        // Captures half the time, when there are some: they start chains.
        if rng.below(2) == 0 && moves.iter().any(|&m| p.move_priority(m) > 0) {
            moves.retain(|&m| p.move_priority(m) > 0);
        }
        if moves.is_empty() {
            break;
        }
        p = p.play(moves[rng.below(moves.len() as u64) as usize]);
    }
    p.outcome().is_none().then_some(p)
}

/// Whether a line from `pos` lets one side move twice in a row within two plies.
fn has_repeat<G: GameState>(pos: &G) -> bool {
    pos.legal_moves().into_iter().any(|m| {
        let c = pos.play(m);
        c.outcome().is_none()
            && (c.to_move() == pos.to_move()
                || c.legal_moves()
                    .into_iter()
                    .any(|r| c.play(r).to_move() == c.to_move()))
    })
}

#[test]
fn solver_agrees_with_plain_minimax_on_random_seega_positions() {
    // Seega lets one side move again (a chain, SG-5; placement order, SG-8): each of the
    // player's plies is one of its N moves, the defender's never count.
    let mut rng = Rng(0x5eed_5eea_0000_0007);
    let (mut checked, mut repeats, mut placing, mut chains) = (0, 0, 0, 0);
    let mut wins = [0usize; 4];
    while checked < 500 {
        let Some(pos) = random_seega(&mut rng) else {
            continue;
        };
        let n = 1 + rng.below(3) as u32;
        let (p_short, p_keys) = plain(&pos, n);
        let r = reference::solve(&pos, Some(n), Control::default());
        let r_keys: Vec<String> = r.key_moves.iter().map(|&m| pos.move_text(m)).collect();
        assert_eq!(r.player_moves, p_short, "reference, {pos} n={n}");
        assert_eq!(r_keys, p_keys, "reference keys, {pos} n={n}");
        for setting in settings(SEEGA_TABLES) {
            let (verdict, s_short, s_keys) = solver(&pos, n, setting);
            let expect = if p_short.is_some() {
                Verdict::Win
            } else {
                Verdict::NoWin
            };
            let with = format!("table={} threads={}", setting.0, setting.1);
            assert_eq!(verdict, expect, "{pos} n={n} {with}");
            assert_eq!(s_short, p_short, "shortest, {pos} n={n} {with}");
            assert_eq!(s_keys, p_keys, "keys, {pos} n={n} {with}");
        }
        wins[p_short.unwrap_or(0) as usize] += 1;
        repeats += usize::from(has_repeat(&pos));
        placing += usize::from(pos.placing());
        chains += usize::from(pos.chain().is_some());
        checked += 1;
    }
    eprintln!(
        "checked {checked} Seega positions; by shortest win (0 = none): {wins:?}; \
         {repeats} with a side moving twice within two plies, {placing} placing, {chains} in a chain"
    );
    // The sample must exercise what is new: one side moving again, placement, wins of
    // several lengths.
    assert!(
        repeats > 50 && placing > 30 && chains > 5,
        "{repeats} {placing} {chains}"
    );
    assert!(
        wins[0] > 30 && wins[1] > 30 && wins[2] > 10,
        "too one-sided a sample: {wins:?}"
    );
}

/// The refutations (issue 15) against the plain minimax on random positions, whatever the
/// table size and the threads: every non-key first move listed once; the defence named is the
/// first refuting one in the refutation order (the game's priority, highest first, ties by
/// text), which the search's history (the table, the killers, the threads) never changes;
/// `unique` exactly when no other defence refutes.
#[test]
fn refutations_are_the_first_in_refutation_order_and_agree_with_plain_minimax() {
    let mut rng = Rng(0x5eed_4ef0_7e00_0002);
    let (mut checked, mut named, mut tries) = (0, 0, 0);
    while checked < 300 {
        let Some(pos) = random_position(&mut rng) else {
            continue;
        };
        let n = 1 + rng.below(2) as u32;
        if pos.plies_left().unwrap().div_ceil(2) < n {
            continue; // the solver's bound would be the move limit's, not n
        }
        let player = pos.to_move();
        let (_, keys) = plain(&pos, n);
        // The expected entries, by the definition.
        let mut want = Vec::new();
        let mut firsts = pos.legal_moves();
        firsts.sort_by_cached_key(|&m| pos.move_text(m));
        for m in firsts {
            let text = pos.move_text(m);
            if keys.contains(&text) {
                continue;
            }
            let child = pos.play(m);
            if child.outcome().is_some() || child.to_move() == player {
                want.push((text, None, false));
                continue;
            }
            let mut defs = child.legal_moves();
            defs.sort_by_cached_key(|&r| child.move_text(r));
            defs.sort_by_key(|&r| std::cmp::Reverse(child.move_priority(r)));
            let refuting: Vec<_> = defs
                .into_iter()
                .filter(|&r| !plain_within(&child.play(r), player, n - 1))
                .collect();
            want.push((
                text,
                refuting.first().map(|&r| child.move_text(r)),
                refuting.len() == 1,
            ));
        }
        for (table, threads) in settings(PP_TABLES) {
            let limits = Limits {
                table_bytes: Some(table),
                threads: Some(threads),
                ..Limits::default()
            };
            let control = Control {
                limits,
                ..Control::default()
            };
            let (_, review) = solve_reviewed(&pos, Some(n), Proof::Skip, control);
            let review = review.expect("no limit");
            let got: Vec<_> = review
                .refutations
                .iter()
                .map(|r| {
                    let child = pos.play(r.mv);
                    (
                        pos.move_text(r.mv),
                        r.defence.map(|d| child.move_text(d)),
                        r.unique,
                    )
                })
                .collect();
            assert_eq!(got, want, "{pos} n={n} table={table} threads={threads}");
        }
        named += want.iter().filter(|w| w.1.is_some()).count();
        tries += want.iter().filter(|w| w.2).count();
        checked += 1;
    }
    assert!(
        named > 300 && tries > 20,
        "too thin a sample: {named} named, {tries} tries"
    );
    eprintln!("checked {checked} positions: {named} defences named, {tries} tries");
}
