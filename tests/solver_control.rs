//! The solver is interruptible and bounded: a cancel from another thread returns promptly with
//! `unknown`; node and time limits give `unknown`; progress is reported; the table's memory
//! stays under its setting on a position that fills it.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use peakforge::games::pawn_peak::Position;
use peakforge::solver::{Control, Limits, Progress, Stop, Verdict, solve};

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
    assert!(
        sol.nodes >= 20_000 && sol.nodes < 20_000 + 2_048,
        "{}",
        sol.nodes
    );
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
    // Small enough that the table fills (and is cleared) within the node limit.
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
