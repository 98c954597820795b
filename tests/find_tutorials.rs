//! A tool, not a check: searches random small Breakthrough positions for forced wins of an
//! exact length with a unique key move, to pick tutorials for `challenges/`. Ignored by
//! default; run with
//! `PF_W=6 PF_H=6 PF_PAWNS=3 PF_DEPTH=3 PF_SEED=7 PF_COUNT=5 PF_CAPTURE=1 cargo test --release --test find_tutorials -- --ignored --nocapture`
//! (`PF_CAPTURE=1` keeps only keys that capture, `0` only quiet keys; unset keeps both;
//! `PF_SAC=1` only keys that step where an enemy pawn can take the mover).

use peakforge::game::GameState;
use peakforge::games::breakthrough::Position;
use peakforge::solver::{Control, Limits, Prover, Verdict, solve};

fn env(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

#[test]
#[ignore = "a search tool for tutorial positions"]
fn find_breakthrough_tutorials() {
    let (w, h) = (env("PF_W", 6) as usize, env("PF_H", 6) as usize);
    let pawns = env("PF_PAWNS", 3) as usize;
    let depth = env("PF_DEPTH", 2) as u32;
    let want = env("PF_COUNT", 5) as usize;
    let capture = std::env::var("PF_CAPTURE").ok();
    let mut seed = env("PF_SEED", 7).max(1);
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let (mut found, mut tried) = (0, 0);
    // Exact length, then a unique key, then no dual: how many passed each filter.
    let mut stats = [0u64; 3];
    while found < want && tried < 500_000 {
        tried += 1;
        // Pawns off their far ranks, away from the start ranks' corners: a placement string.
        let mut board = vec![vec!['.'; w]; h];
        for letter in ['W', 'B'] {
            let mut n = 0;
            while n < pawns {
                let (f, r) = (
                    (next() % w as u64) as usize,
                    1 + (next() % (h as u64 - 2)) as usize,
                );
                if board[r][f] == '.' {
                    board[r][f] = letter;
                    n += 1;
                }
            }
        }
        let ranks: Vec<String> = (0..h)
            .rev()
            .map(|r| {
                let mut s = String::new();
                let mut empty = 0;
                for f in 0..w {
                    if board[r][f] == '.' {
                        empty += 1;
                    } else {
                        if empty > 0 {
                            s += &empty.to_string();
                            empty = 0;
                        }
                        s.push(board[r][f]);
                    }
                }
                if empty > 0 {
                    s += &empty.to_string();
                }
                s
            })
            .collect();
        let text = format!("{} w 0/200", ranks.join("/"));
        let p: Position = match text.parse() {
            Ok(p) => p,
            Err(e) => {
                if tried < 3 {
                    eprintln!("{text}: {e}");
                }
                continue;
            }
        };
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
        // Duals on the last move (several ways onto the far rank) are normal here: keep those
        // with duals on the last player move only.
        if s.duals.iter().any(|d| d.ply + 1 < s.line.len()) {
            continue;
        }
        stats[2] += 1;
        let key = p.move_text(s.key_moves[0]);
        if let Some(c) = &capture
            && key.contains('x') != (c == "1")
        {
            continue;
        }
        // `PF_SAC=1`: keep keys that step next to an enemy pawn that can take the mover (a
        // sacrifice): a Black pawn one rank up on a neighbouring file.
        if std::env::var("PF_SAC").is_ok_and(|v| v == "1") {
            let to = s.key_moves[0].to;
            let attacked = [-1i16, 1].iter().any(|df| {
                let f = i16::from(to.file()) + df;
                (0..w as i16).contains(&f)
                    && usize::from(to.rank()) + 1 < h
                    && p.pawn_at(peakforge::games::pawn_peak::Square::new(
                        f as u8,
                        to.rank() + 1,
                    )) == Some(peakforge::games::breakthrough::Side::Black)
            });
            if !attacked {
                continue;
            }
        }
        found += 1;
        let line: Vec<String> = {
            let mut q = p;
            s.line
                .iter()
                .map(|&m| {
                    let t = q.move_text(m);
                    q = q.play(m);
                    t
                })
                .collect()
        };
        println!("{p} # win in {depth}, key {key}, line {}", line.join(" "));
    }
    eprintln!(
        "tried {tried}, found {found}; passed exact length, unique key, duals only at the end: {stats:?}"
    );
}
