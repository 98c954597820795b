//! Perft table (DESIGN.md `perft --depth D`): leaf counts of the legal move tree of the
//! standard-match template (D-3), the benchmark's rugged terrain and two terrain positions of our
//! own, to depth 4 (5 with `--ignored`). Finished positions are leaves (RULES.md PP-8).
//!
//! The numbers were computed by the engine as it was before the move generator was optimised
//! (commit b725a29), so this table proves that the optimisations changed no count. Depth 1 and
//! 2 are cross-checked against the plain second implementation in `tests/plain/` (depth 3 on the
//! smaller trees), which shares no code with the engine.

mod common;

mod plain;

use peakforge::game::GameState;
use peakforge::games::pawn_peak::{Move, Position, rules};
use plain::{FromEngine, Plain};

/// The rugged terrain of `peakforge bench` (`src/cli/bench.rs`, `RUGGED`): the standard pieces
/// on a 10 × 10 double ridge of heights 0–9.
const RUGGED: &str = "2spggps2/10/10/10/10/10/10/10/10/2SPGGPS2 0123443210/1234554321/2345665432/3456776543/4567887654/4567887654/3456776543/2345665432/1234554321/0123443210 r 0:0 - 0/200";

/// 8 × 8, mixed terrain with a height-9 wall, pieces in contact, Blue to move, one Red Scout
/// already exited (score 1:0), counter 20.
const MIDGAME: &str = "2g1p3/1s4s1/3p4/2S1g3/3P1p2/1G6/4S3/2P1G3 01234321/12100123/20013302/31202113/00990011/12345678/87654321/00100100 b 1:0 S 20/200";

/// 6 × 5, pieces near both exit edges on rough terrain, one Blue Protector already exited
/// (0:2): the next exit ends the match (PP-8.1), so many leaves are finished positions.
const ENDGAME: &str = "1S2g1/p2P2/2Gs2/S4g/1p2G1 930039/020200/111111/000900/123321 r 0:2 p 0/200";

/// One row of the table: `counts[d - 1]` is perft(d).
struct Row {
    name: &'static str,
    position: &'static str,
    counts: &'static [u64],
    /// The deepest depth checked in the ordinary (debug) test run.
    quick_depth: usize,
}

const TABLE: &[Row] = &[
    Row {
        name: "standard template (D-3)",
        position: rules::STANDARD_TEMPLATE,
        counts: &[100, 9_998, 1_083_894, 117_328_824],
        quick_depth: 3,
    },
    Row {
        name: "rugged terrain",
        position: RUGGED,
        counts: &[24, 576, 16_800, 489_998, 15_753_850],
        quick_depth: 4,
    },
    Row {
        name: "midgame 8x8",
        position: MIDGAME,
        counts: &[46, 1_287, 55_910, 1_499_102, 62_727_907],
        quick_depth: 4,
    },
    Row {
        name: "endgame 6x5",
        position: ENDGAME,
        counts: &[32, 759, 21_438, 476_285, 13_048_751],
        quick_depth: 4,
    },
];

fn position(s: &str) -> Position {
    s.parse().expect("a valid position string")
}

/// Perft by the public game interface only: every move is generated, played and counted one by
/// one (no bulk counting at the last ply).
fn perft_full(pos: &Position, depth: usize) -> u64 {
    if depth == 0 || pos.outcome().is_some() {
        return 1;
    }
    let mut moves: Vec<Move> = Vec::new();
    pos.legal_moves_into(&mut moves);
    moves
        .iter()
        .map(|&m| perft_full(&pos.play(m), depth - 1))
        .sum()
}

/// Perft of the plain second implementation.
fn perft_plain(p: &Plain, depth: usize) -> u64 {
    if depth == 0 || p.end.is_some() {
        return 1;
    }
    p.moves()
        .iter()
        .map(|m| perft_plain(&p.play(m), depth - 1))
        .sum()
}

#[test]
fn rugged_is_the_benchmark_position() {
    let bench = include_str!("../src/cli/bench.rs");
    assert!(
        bench.contains(RUGGED),
        "RUGGED differs from src/cli/bench.rs"
    );
}

#[test]
fn perft_table_by_full_expansion() {
    for row in TABLE {
        let pos = position(row.position);
        for depth in 1..=row.quick_depth.min(3) {
            assert_eq!(
                perft_full(&pos, depth),
                row.counts[depth - 1],
                "{} perft({depth})",
                row.name
            );
        }
    }
}

#[test]
fn perft_table_by_the_cli() {
    for row in TABLE {
        for depth in 1..=row.quick_depth {
            let depth_text = depth.to_string();
            let out = common::peakforge(&[
                "perft",
                "--json",
                "--depth",
                &depth_text,
                "--position",
                row.position,
            ]);
            assert!(out.status.success(), "{} perft({depth}) failed", row.name);
            let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
            assert_eq!(v["depth"], depth as u64);
            assert_eq!(
                v["nodes"].as_u64(),
                Some(row.counts[depth - 1]),
                "{} perft({depth}) by the CLI",
                row.name
            );
        }
    }
}

#[test]
fn perft_table_by_bulk_counting() {
    for row in TABLE {
        let pos = position(row.position);
        for depth in 1..=row.quick_depth {
            assert_eq!(
                pos.perft(depth as u32),
                row.counts[depth - 1],
                "{} Position::perft({depth})",
                row.name
            );
        }
    }
}

/// Bulk counting and the legal-move test agree with the move list at every node of the tree
/// to depth 3 (they share one generator; this guards the sinks).
#[test]
fn count_moves_equals_the_move_list_everywhere() {
    fn walk(pos: &Position, depth: usize) {
        let mut moves: Vec<Move> = Vec::new();
        pos.moves_into(&mut moves);
        assert_eq!(pos.count_moves(), moves.len(), "{pos}");
        if pos.outcome().is_none() {
            assert_eq!(pos.has_legal_move(), !moves.is_empty(), "{pos}");
        }
        if depth > 0 {
            for &m in &moves {
                walk(&pos.play(m), depth - 1);
            }
        }
    }
    for row in TABLE {
        walk(&position(row.position), 2);
    }
}

/// The plain second implementation gives the same counts (depth 2 everywhere, depth 3 on the
/// smaller trees).
#[test]
fn plain_implementation_agrees() {
    for row in TABLE {
        let p = Plain::from_engine(&position(row.position));
        let deepest = if row.counts[2] < 30_000 { 3 } else { 2 };
        for depth in 1..=deepest {
            assert_eq!(
                perft_plain(&p, depth),
                row.counts[depth - 1],
                "{} perft({depth}) by the plain implementation",
                row.name
            );
        }
    }
}

/// The deep end of the table: `cargo test --release --test perft_table -- --ignored`.
#[test]
#[ignore = "minutes in a debug build; run with --release"]
fn perft_table_deep() {
    for row in TABLE {
        let depth = row.counts.len();
        let depth_text = depth.to_string();
        let out = common::peakforge(&[
            "perft",
            "--json",
            "--depth",
            &depth_text,
            "--position",
            row.position,
        ]);
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(
            v["nodes"].as_u64(),
            Some(row.counts[depth - 1]),
            "{} perft({depth})",
            row.name
        );
    }
}
