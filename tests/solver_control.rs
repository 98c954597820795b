//! The solver is interruptible and bounded: a cancel from another thread returns promptly with
//! `unknown`; node and time limits give `unknown`; progress is reported; the table's memory
//! stays under its setting on a position that fills it.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use peakforge::game::GameState;
use peakforge::games::pawn_peak::Position;
use peakforge::solver::{Control, Limits, Progress, Prover, Stop, Verdict, solve};

/// The standard template: far too deep to solve, so only a limit or a cancel ends the search.
fn hard() -> Position {
    Position::standard()
}

/// The bound for [`hard`]: 12 player moves (a few player moves are now proved "no win" in
/// well under a second; twelve are far out of reach).
const HARD_MOVES: Option<u32> = Some(12);

#[test]
fn cancel_from_another_thread_returns_promptly_with_unknown() {
    let cancel = AtomicBool::new(false);
    let started = Instant::now();
    let sol = std::thread::scope(|s| {
        s.spawn(|| {
            std::thread::sleep(Duration::from_millis(300));
            cancel.store(true, Ordering::Relaxed);
        });
        solve(
            &hard(),
            HARD_MOVES,
            Control {
                cancel: Some(&cancel),
                ..Control::default()
            },
        )
    });
    assert_eq!(sol.verdict, Verdict::Unknown(Stop::Cancelled));
    // Generous bound: the cancel is checked every 1 024 nodes (well under 100 ms of work).
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "took {:?}",
        started.elapsed()
    );
}

#[test]
fn node_and_time_limits_give_unknown() {
    let limits = Limits {
        max_nodes: Some(20_000),
        ..Limits::default()
    };
    let sol = solve(
        &hard(),
        HARD_MOVES,
        Control {
            limits,
            ..Control::default()
        },
    );
    assert_eq!(sol.verdict, Verdict::Unknown(Stop::NodeLimit));
    assert_eq!(sol.nodes, 20_000, "one thread stops at the limit exactly");
    let limits = Limits {
        max_time: Some(Duration::from_millis(100)),
        ..Limits::default()
    };
    let sol = solve(
        &hard(),
        HARD_MOVES,
        Control {
            limits,
            ..Control::default()
        },
    );
    assert_eq!(sol.verdict, Verdict::Unknown(Stop::TimeLimit));
}

#[test]
fn progress_is_reported_and_table_memory_stays_under_its_setting() {
    // Small enough that the table fills (and then replaces entries) within the node limit.
    let bound = 32 << 10;
    let seen: Mutex<Vec<Progress>> = Mutex::new(Vec::new());
    let report = |p: Progress| seen.lock().unwrap().push(p);
    let limits = Limits {
        max_nodes: Some(400_000),
        table_bytes: Some(bound),
        ..Limits::default()
    };
    let sol = solve(
        &hard(),
        HARD_MOVES,
        Control {
            limits,
            progress: Some(&report),
            ..Control::default()
        },
    );
    assert!(matches!(sol.verdict, Verdict::Unknown(_)));
    let seen = seen.into_inner().unwrap();
    assert!(
        seen.len() > 100,
        "progress every 1 024 nodes: {}",
        seen.len()
    );
    assert!(seen.windows(2).all(|w| w[0].nodes < w[1].nodes));
    let most = seen.iter().map(|p| p.table_bytes).max().unwrap();
    assert!(most > bound / 4, "the table filled up: {most} bytes");
    assert!(most <= bound, "{most} bytes > {bound}");
}

/// A full-board win in 2 with 51 key moves (`benches/full-board.txt`, line 9): most of its
/// search is the key moves, which several threads share.
const MANY_KEYS: &str = "10/10/5sG1P1/3gg5/5G4/4s5/S3p2p2/3P2S3/10/10 3312002110/2302212101/2203301010/2203221031/1312002002/0121110220/2203301312/3123331332/3310102002/1023133123 r 0:0 - 0/200";

#[test]
fn limits_stop_every_thread_of_a_root_split() {
    let pos: Position = MANY_KEYS.parse().unwrap();
    // The nodes of the shortest win alone, and of the whole answer, on one thread.
    let mut prover = Prover::new(pos.to_move(), Control::default());
    assert_eq!(prover.shortest_win(&pos, 3), Ok(Some(2)));
    let before_keys = prover.nodes();
    let whole = solve(&pos, Some(3), Control::default()).nodes;
    assert!(whole > before_keys + 20_000, "{before_keys} {whole}");
    // A node limit that falls among the key moves: both threads stop, the answer is unknown.
    let max = before_keys + (whole - before_keys) / 2;
    let limits = Limits {
        max_nodes: Some(max),
        threads: Some(2),
        ..Limits::default()
    };
    let sol = solve(
        &pos,
        Some(3),
        Control {
            limits,
            ..Control::default()
        },
    );
    assert_eq!(sol.verdict, Verdict::Unknown(Stop::NodeLimit));
    assert!(sol.key_moves.is_empty());
    // Each thread sees the others' nodes every 1 024 of its own.
    assert!(
        sol.nodes >= max && sol.nodes < max + 2 * 2 * 1_024,
        "{} nodes, limit {max}",
        sol.nodes
    );
    // A raised cancel flag gives unknown with two threads as with one.
    let cancel = AtomicBool::new(true);
    let sol = solve(
        &pos,
        Some(3),
        Control {
            limits: Limits {
                threads: Some(2),
                ..Limits::default()
            },
            cancel: Some(&cancel),
            ..Control::default()
        },
    );
    assert_eq!(sol.verdict, Verdict::Unknown(Stop::Cancelled));
}

/// A huge bound (a file's `goal.player_moves: 4294967295`) is cut to the plies left before the
/// move limit: same answers, no memory per unused move (it once aborted allocating 25 GB).
#[test]
fn a_huge_bound_costs_nothing_extra() {
    let pos: Position = "3/3/G1s - r 0:0 - 0/6".parse().unwrap();
    let mut huge = Prover::new(pos.to_move(), Control::default());
    let mut small = Prover::new(pos.to_move(), Control::default());
    assert_eq!(huge.wins(&pos, u32::MAX), small.wins(&pos, 6));
    assert_eq!(
        huge.shortest_win(&pos, u32::MAX),
        small.shortest_win(&pos, 6)
    );
    for mv in pos.legal_moves() {
        assert_eq!(
            huge.shortest_win_by(&pos, mv, u32::MAX),
            small.shortest_win_by(&pos, mv, 6)
        );
    }
    let sol = solve(&pos, Some(u32::MAX), Control::default());
    assert_eq!(
        sol.verdict,
        solve(&pos, Some(6), Control::default()).verdict
    );
}

#[test]
fn progress_reports_the_main_line_as_it_is_built() {
    // A win in 4 with 2 keys (benches/full-board.txt, line 18): the main line and its duals
    // take many nodes after the keys are known, so reports come while it grows.
    let pos: Position = "10/g5S2g/4p3P1/s2P2G3/10/4p5/6s3/8S1/4G5/10 0220333112/2103212323/3200110021/3323030103/1312122133/2103130111/2013313021/0110310102/0332132203/2323103123 r 0:0 - 0/200".parse().unwrap();
    let seen: Mutex<Vec<Progress>> = Mutex::new(Vec::new());
    let report = |p: Progress| seen.lock().unwrap().push(p);
    let sol = solve(
        &pos,
        Some(4),
        Control {
            progress: Some(&report),
            ..Control::default()
        },
    );
    assert_eq!(sol.verdict, Verdict::Win);
    let line = pos.line_texts(&sol.line);
    let seen = seen.into_inner().unwrap();
    let lines: Vec<&[String]> = seen
        .iter()
        .map(|p| &p.best_line[..])
        .filter(|l| !l.is_empty())
        .collect();
    assert!(!lines.is_empty(), "no report while the main line grew");
    for l in &lines {
        assert!(line.starts_with(l), "{l:?} is not a prefix of {line:?}");
    }
    // Until the keys are known, the best line is empty; it only grows afterwards.
    assert!(seen.first().is_some_and(|p| p.best_line.is_empty()));
    assert!(lines.windows(2).all(|w| w[0].len() <= w[1].len()));
}

#[test]
fn a_memory_budget_bounds_the_table_and_too_little_gives_unknown() {
    // 256 KiB: 7/8 for the table, which fills and then replaces entries.
    let budget = 256 << 10;
    let seen: Mutex<Vec<Progress>> = Mutex::new(Vec::new());
    let report = |p: Progress| seen.lock().unwrap().push(p);
    let limits = Limits {
        max_nodes: Some(400_000),
        max_memory: Some(budget),
        ..Limits::default()
    };
    let control = Control {
        limits,
        progress: Some(&report),
        ..Control::default()
    };
    let sol = solve(&hard(), HARD_MOVES, control);
    assert_eq!(sol.verdict, Verdict::Unknown(Stop::NodeLimit));
    let most = seen
        .into_inner()
        .unwrap()
        .iter()
        .map(|p| p.table_bytes)
        .max();
    let most = most.unwrap();
    assert!(most > budget / 8, "the table filled up: {most} bytes");
    assert!(most <= budget - budget / 8, "{most} bytes");
    // Less working memory than the move lists of the path: a defined `unknown`, at once.
    let limits = Limits {
        max_memory: Some(2 << 10),
        ..Limits::default()
    };
    let sol = solve(
        &hard(),
        HARD_MOVES,
        Control {
            limits,
            ..Control::default()
        },
    );
    assert_eq!(sol.verdict, Verdict::Unknown(Stop::MemoryLimit));
    assert_eq!(Stop::MemoryLimit.describe(), "memory limit reached");
    // Threads share the budget: each has an equal part.
    let two = Limits {
        max_memory: Some(1 << 20),
        threads: Some(2),
        ..Limits::default()
    };
    assert_eq!(
        two.memory_per_thread(),
        ((1 << 19) - (1 << 16), Some(1 << 16))
    );
    let mut p: Prover<'_, Position> = Prover::new(
        hard().to_move(),
        Control {
            limits: two,
            ..Control::default()
        },
    );
    let _ = p.wins(&hard(), 2);
    assert!(p.working_bytes() > 0 && p.working_bytes() <= 1 << 16);
}
