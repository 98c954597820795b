//! A tool, not a check: searches random full-board Pawn&Peak positions (10 × 10, six pieces a
//! side, rolling terrain) for forced wins of an exact
//! length, to pick the deeper solver benchmarks in `benches/full-board.txt`. Run with
//! `PF_DEPTH=4 PF_SEED=7 PF_COUNT=3 cargo run --release --example find_positions`.
//! `PF_NODES` caps the cheap filter (the shortest win) of each position, `PF_SOLVE_NODES` the
//! full solve (every key move) of a position that passed it; a position whose solve hit its cap
//! is printed as a candidate (`# candidate: win in N, solve capped`), to be solved without cap.

use peakforge::game::GameState;
use peakforge::games::pawn_peak::{Piece, PieceKind, Position, Side, Square};
use peakforge::solver::{Control, Limits, Prover, Verdict, solve};

fn env(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn main() {
    let depth = env("PF_DEPTH", 3) as u32;
    let want = env("PF_COUNT", 3) as usize;
    let budget = env("PF_NODES", 20_000_000);
    let solve_budget = env("PF_SOLVE_NODES", budget);
    let mut seed = env("PF_SEED", 7).max(1);
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let (mut found, mut tried) = (0, 0);
    while found < want && tried < 200_000 {
        tried += 1;
        if tried % 50 == 0 {
            eprintln!("tried {tried}, found {found}");
        }
        let mut p = Position::empty(10, 10).unwrap();
        for sq in p.squares().collect::<Vec<_>>() {
            let h = ((u64::from(sq.file()) * 7 + u64::from(sq.rank()) * 3 + next() % 3) % 4) as u8;
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
                    let sq = Square::new((next() % 10) as u8, (1 + next() % 8) as u8);
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
        // Cheap filter first: no win shorter than `depth`.
        let limits = Limits {
            max_nodes: Some(budget),
            ..Limits::default()
        };
        let control = Control {
            limits,
            ..Control::default()
        };
        let mut prover = Prover::new(p.to_move(), control);
        match prover.shortest_win(&p, depth) {
            Ok(Some(d)) if d == depth => {}
            _ => continue,
        }
        let solve_control = Control {
            limits: Limits {
                max_nodes: Some(solve_budget),
                ..Limits::default()
            },
            ..Control::default()
        };
        let s = solve(&p, Some(depth), solve_control);
        if s.verdict != Verdict::Win {
            println!(
                "{p} # candidate: win in {depth}, solve capped ({:?})",
                s.verdict
            );
        } else {
            found += 1;
            let keys: Vec<String> = s.key_moves.iter().map(|&m| p.move_text(m)).collect();
            println!(
                "{p} # win in {}, keys {}, {} nodes, {} ms",
                s.player_moves.unwrap(),
                keys.join(" "),
                s.nodes,
                s.elapsed.as_millis()
            );
        }
    }
    eprintln!("tried {tried}, found {found}");
}
