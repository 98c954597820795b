//! The solver's answer does not depend on its settings (DESIGN.md: "a verdict never depends on
//! table size, thread count"): on full-board positions of `benches/full-board.txt`, the
//! verdict, shortest win, every key move, the main line and the duals are the same with the
//! default table, a tiny one (about 1 000 entries) and none, on 1 and on 2 threads.

use peakforge::game::GameState;
use peakforge::games::pawn_peak::Position;
use peakforge::solver::{Control, Limits, Verdict, solve};

/// The first full-board positions of the benchmark (cheap enough for a debug build), each
/// with its bound (`max=N` in the comment, else 3).
fn positions(count: usize) -> Vec<(Position, u32)> {
    let text = include_str!("../benches/full-board.txt");
    text.lines()
        .filter_map(|line| {
            let (body, comment) = line.split_once('#').unwrap_or((line, ""));
            let body = body.trim();
            (!body.is_empty()).then(|| {
                let max = comment
                    .split_whitespace()
                    .find_map(|w| w.strip_prefix("max=")?.parse().ok())
                    .unwrap_or(3);
                (body.parse().expect("a benchmark position"), max)
            })
        })
        .take(count)
        .collect()
}

/// What must not change: verdict, shortest, keys, line and duals, as text.
fn answer(pos: &Position, max: u32, table: usize, threads: usize) -> String {
    let limits = Limits {
        table_bytes: Some(table),
        threads: Some(threads),
        ..Limits::default()
    };
    let s = solve(
        pos,
        Some(max),
        Control {
            limits,
            ..Control::default()
        },
    );
    let texts = |ms: &[<Position as GameState>::Move]| -> Vec<String> {
        ms.iter().map(|&m| pos.move_text(m)).collect()
    };
    let mut line = Vec::new();
    let mut p = pos.clone();
    for &m in &s.line {
        line.push(p.move_text(m));
        p = p.play(m);
    }
    assert!(
        !matches!(s.verdict, Verdict::Unknown(_)),
        "no limit was set: {pos}"
    );
    format!(
        "{} {:?} keys {:?} line {:?} duals {}",
        s.verdict.as_str(),
        s.player_moves,
        texts(&s.key_moves),
        line,
        s.duals.len()
    )
}

#[test]
fn same_answer_with_any_table_size_and_thread_count() {
    for (pos, max) in positions(4) {
        let reference = answer(&pos, max, 128 << 20, 1);
        assert!(reference.starts_with("win"), "{pos}: {reference}");
        // 40-byte packed keys: about 1 000 entries in 100 000 bytes.
        for (table, threads) in [(100_000, 1), (128 << 20, 2), (100_000, 2), (0, 2)] {
            assert_eq!(
                answer(&pos, max, table, threads),
                reference,
                "{pos} table={table} threads={threads}"
            );
        }
    }
}
