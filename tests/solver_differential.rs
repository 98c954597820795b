//! The solver against a plain minimax on many random small positions (issue: exact verdicts):
//! result, shortest win and the full key-move set agree, with the table off, tiny and default.

use peakforge::game::{GameState, Player};
use peakforge::games::pawn_peak::{Piece, PieceKind, Position, Side, Square};
use peakforge::solver::{Control, Limits, Verdict, plain as reference, solve};

/// A small deterministic generator (xorshift64*), so failures reproduce.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

fn random_position(rng: &mut Rng) -> Option<Position> {
    let w = 3 + rng.below(3) as u8;
    let h = 3 + rng.below(3) as u8;
    let mut p = Position::empty(w, h).ok()?;
    let squares: Vec<Square> = p.squares().collect();
    for &sq in &squares {
        if rng.below(3) == 0 {
            p.set_height(sq, rng.below(4) as u8).ok()?;
        }
    }
    for side in [Side::Red, Side::Blue] {
        for _ in 0..1 + rng.below(2) {
            let sq = squares[rng.below(squares.len() as u64) as usize];
            let kind = PieceKind::ALL[rng.below(3) as usize];
            if p.piece_at(sq).is_none() {
                p.set_piece(sq, Some(Piece::new(side, kind))).ok()?;
            }
        }
    }
    p.set_side_to_move(if rng.below(2) == 0 {
        Side::Red
    } else {
        Side::Blue
    });
    if rng.below(4) == 0 {
        p.set_scores(rng.below(3) as u16, rng.below(3) as u16);
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

/// Plain minimax: does `mv` win for `player` within `n` player moves (`mv` included)?
fn plain_move_wins(
    pos: &Position,
    mv: <Position as GameState>::Move,
    player: Player,
    n: u32,
) -> bool {
    let child = pos.play(mv);
    if let Some(o) = child.outcome() {
        return o.winner == Some(player);
    }
    // Every defence must lose: at once, or with the player's moves left.
    child.legal_moves().into_iter().all(|r| {
        let c = child.play(r);
        match c.outcome() {
            Some(o) => o.winner == Some(player),
            None => {
                n > 1
                    && c.legal_moves()
                        .into_iter()
                        .any(|m| plain_move_wins(&c, m, player, n - 1))
            }
        }
    })
}

fn plain(pos: &Position, n: u32) -> (Option<u32>, Vec<String>) {
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

fn solver(pos: &Position, n: u32, table: usize) -> (Verdict, Option<u32>, Vec<String>) {
    let limits = Limits {
        table_bytes: Some(table),
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
        // Off, about 1 000 entries, and the default 128 MiB.
        for table in [0, 1_300_000, 128 << 20] {
            let (verdict, s_short, s_keys) = solver(&pos, n, table);
            let expect = if p_short.is_some() {
                Verdict::Win
            } else {
                Verdict::NoWin
            };
            assert_eq!(verdict, expect, "{pos} n={n} table={table}");
            assert_eq!(s_short, p_short, "shortest, {pos} n={n} table={table}");
            assert_eq!(
                s_keys, p_keys,
                "keys, {pos} n={n} (bound {bound}) table={table}"
            );
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
