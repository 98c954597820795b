//! A tool, not a check: searches random small Breakthrough and Seega positions for forced wins
//! of an exact length with a unique key move, to pick tutorials for `challenges/`. Run with
//! `PF_W=6 PF_H=6 PF_PAWNS=3 PF_DEPTH=3 PF_SEED=7 PF_COUNT=5 PF_CAPTURE=1 cargo run --release --example find_tutorials -- breakthrough`
//! (or `-- seega`)
//! (`PF_CAPTURE=1` keeps only keys that capture, `0` only quiet keys; unset keeps both;
//! for Seega, `PF_REFUGE=1` puts a Black piece on the refuge and `PF_LIMIT` sets the move
//! limit: at the limit the side with more pieces wins, D-18; `PF_CHAIN=1` keeps lines where
//! the key's piece goes on capturing, SG-5).

#[path = "../tests/placement/mod.rs"]
mod placement;

use peakforge::game::GameState;
use peakforge::games::{breakthrough, seega};
use peakforge::solver::{Control, Limits, Prover, Verdict, solve};
use placement::placement;

fn env(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// A xorshift generator seeded by `PF_SEED`.
fn rng() -> impl FnMut() -> u64 {
    let mut seed = env("PF_SEED", 7).max(1);
    move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    }
}

/// Pieces of each side at random free tiles of rows `rows` of a `w` × `h` board.
fn scatter(
    next: &mut impl FnMut() -> u64,
    w: usize,
    h: usize,
    rows: std::ops::Range<usize>,
    per_side: usize,
    board: &mut [Vec<char>],
) {
    let _ = h;
    for letter in ['W', 'B'] {
        let mut n = 0;
        while n < per_side {
            let f = (next() % w as u64) as usize;
            let r = rows.start + (next() % rows.len() as u64) as usize;
            if board[r][f] == '.' {
                board[r][f] = letter;
                n += 1;
            }
        }
    }
}

/// Prints up to `PF_COUNT` positions from `make` where the side to move wins in exactly
/// `PF_DEPTH` moves with a unique key (filtered by `PF_CAPTURE`), duals only at the last move.
fn find<G: GameState + std::str::FromStr>(mut make: impl FnMut() -> String) {
    let depth = env("PF_DEPTH", 2) as u32;
    let want = env("PF_COUNT", 5) as usize;
    let capture = std::env::var("PF_CAPTURE").ok();
    let (mut found, mut tried) = (0, 0);
    // Exact length, then a unique key, then duals at the end only: how many passed each.
    let mut stats = [0u64; 3];
    while found < want && tried < 200_000 {
        tried += 1;
        let text = make();
        let Ok(p) = text.parse::<G>() else { continue };
        if p.outcome().is_some() {
            continue;
        }
        let control = Control {
            limits: Limits {
                max_nodes: Some(2_000_000),
                ..Limits::default()
            },
            ..Control::default()
        };
        let mut prover = Prover::new(p.to_move(), control);
        match prover.shortest_win(&p, depth) {
            Ok(Some(d)) if d == depth => {}
            _ => continue,
        }
        stats[0] += 1;
        let s = solve(&p, Some(depth), control);
        if s.verdict != Verdict::Win || s.key_moves.len() != 1 {
            continue;
        }
        stats[1] += 1;
        if s.duals.iter().any(|d| d.ply + 1 < s.line.len()) {
            continue;
        }
        stats[2] += 1;
        let key = p.move_text(s.key_moves[0]);
        let line: Vec<String> = {
            let mut q = p.clone();
            s.line
                .iter()
                .map(|&m| {
                    let t = q.move_text(m);
                    q = q.play(m);
                    t
                })
                .collect()
        };
        let captures = !line.is_empty() && {
            let after = p.play(s.key_moves[0]);
            format!("{after}").matches(['W', 'B']).count() < text.matches(['W', 'B']).count()
        };
        if let Some(c) = &capture
            && (key.contains('x') || captures) != (c == "1")
        {
            continue;
        }
        // `PF_CHAIN=1`: the key's piece moves again at once (a Seega chain, SG-5).
        if env("PF_CHAIN", 0) == 1
            && !(line.len() > 1
                && key
                    .split('-')
                    .nth(1)
                    .is_some_and(|to| line[1].starts_with(to)))
        {
            continue;
        }
        found += 1;
        println!(
            "{text} # win in {depth}, key {key}, line {}",
            line.join(" ")
        );
    }
    eprintln!(
        "tried {tried}, found {found}; passed exact length, unique key, duals only at the end: {stats:?}"
    );
}

fn find_breakthrough_tutorials() {
    let (w, h) = (env("PF_W", 6) as usize, env("PF_H", 6) as usize);
    let pawns = env("PF_PAWNS", 3) as usize;
    let mut next = rng();
    find::<breakthrough::Position>(|| {
        let mut board = vec![vec!['.'; w]; h];
        scatter(&mut next, w, h, 1..h - 1, pawns, &mut board);
        format!("{} w 0/200", placement(&board))
    });
}

fn find_seega_tutorials() {
    let pieces = env("PF_PAWNS", 3) as usize;
    let refuge = env("PF_REFUGE", 0) == 1;
    let limit = env("PF_LIMIT", 200);
    let mut next = rng();
    find::<seega::Position>(|| {
        let mut board = vec![vec!['.'; 5]; 5];
        if refuge {
            board[2][2] = 'B';
        }
        scatter(&mut next, 5, 5, 0..5, pieces, &mut board);
        format!("{} w 0:0 - 0/{limit}", placement(&board))
    });
}

fn main() {
    match std::env::args().nth(1).as_deref() {
        Some("breakthrough") => find_breakthrough_tutorials(),
        Some("seega") => find_seega_tutorials(),
        _ => eprintln!(
            "usage: find_tutorials breakthrough|seega (knobs in PF_* variables: see the source)"
        ),
    }
}
