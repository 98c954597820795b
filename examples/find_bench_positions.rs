//! Searches random full-board Pawn&Peak positions (10 × 10, the standard six pieces a side,
//! rolling terrain) for forced wins in 2 or 3 player moves, to pick solver benchmarks.
//! Run: `cargo run --release --example find_bench_positions -- [seed] [count]`.

use peakforge::game::GameState;
use peakforge::games::pawn_peak::{Piece, PieceKind, Position, Side, Square};
use peakforge::solver::{Control, Limits, Verdict, solve};

fn main() {
    let mut args = std::env::args().skip(1);
    let mut seed: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(1);
    let want: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(5);
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut found = 0;
    let mut tried = 0;
    while found < want && tried < 20_000 {
        tried += 1;
        let mut p = Position::empty(10, 10).unwrap();
        for sq in p.squares().collect::<Vec<_>>() {
            let h = ((sq.file() as u64 * 7 + sq.rank() as u64 * 3 + next() % 3) % 4) as u8;
            p.set_height(sq, h).unwrap();
        }
        for side in [Side::Red, Side::Blue] {
            for kind in [
                PieceKind::Scout,
                PieceKind::Scout,
                PieceKind::Protector,
                PieceKind::Protector,
                PieceKind::Guardian,
                PieceKind::Guardian,
            ] {
                loop {
                    let sq = Square::new((next() % 10) as u8, (2 + next() % 6) as u8);
                    if p.piece_at(sq).is_none() {
                        p.set_piece(sq, Some(Piece::new(side, kind))).unwrap();
                        break;
                    }
                }
            }
        }
        p.set_counter(0, 200).unwrap();
        if p.outcome().is_some() {
            continue;
        }
        let limits = Limits {
            max_nodes: Some(3_000_000),
            ..Limits::default()
        };
        let quick = solve(
            &p,
            Some(1),
            Control {
                limits,
                ..Control::default()
            },
        );
        if quick.verdict != Verdict::NoWin {
            continue;
        }
        let s = solve(
            &p,
            Some(3),
            Control {
                limits,
                ..Control::default()
            },
        );
        if s.verdict == Verdict::Win && s.player_moves.unwrap_or(0) >= 2 {
            found += 1;
            let keys: Vec<String> = s.key_moves.iter().map(|&m| p.move_text(m)).collect();
            println!(
                "{p}\t# win in {}, keys {}, {} nodes, {} ms",
                s.player_moves.unwrap(),
                keys.join(" "),
                s.nodes,
                s.elapsed.as_millis()
            );
        }
    }
    eprintln!("tried {tried}");
}
