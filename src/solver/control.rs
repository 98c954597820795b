//! Limits, cancel and progress for a search: a search stopped by any of them answers
//! `unknown`, never a guess.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU8, AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// The memory budget of a whole process when nothing else says, in MiB: what the command
/// line's `--max-memory` and the editor's `PEAKFORGE_MAX_MEMORY` default to (the transposition
/// table and the search's working memory together; see [`Limits::max_memory`]).
pub const DEFAULT_MAX_MEMORY_MIB: u32 = 256;

/// How far a search may go. `None` means no limit.
#[derive(Debug, Clone, Copy, Default)]
pub struct Limits {
    /// The most nodes (positions visited) before the search gives up.
    pub max_nodes: Option<u64>,
    /// The most wall-clock time before the search gives up.
    pub max_time: Option<Duration>,
    /// The most memory the transposition table may use, in bytes; when full, new facts
    /// replace the least valuable ones (it only caches proven facts, so verdicts never depend
    /// on its size); 0 turns it off.
    /// Default [`DEFAULT_TABLE_BYTES`] (without [`Limits::max_memory`]). With several
    /// threads, each has an equal share.
    pub table_bytes: Option<usize>,
    /// The most memory the search may hold, in bytes: its transposition table and its working
    /// memory (the move lists and positions along the path searched, as estimated by the
    /// prover). Of it, one [`WORKING_SHARE`]th is for the working memory, and a search that
    /// needs more stops ([`Stop::MemoryLimit`]: unknown, never an abort); the rest bounds the
    /// table (also within `table_bytes` when that is given), which then replaces its least
    /// valuable facts. With several threads, each has an equal share. `None`: only
    /// `table_bytes` bounds the table and the working memory is not bounded.
    pub max_memory: Option<usize>,
    /// Threads for the key moves (the root split): `None` or 1 searches on the calling thread
    /// alone. Verdicts, key moves, shortest wins and main lines never depend on it; node
    /// counts do (they are deterministic with one thread only), and with several threads
    /// the node limit is checked every [`CHECK_EVERY_NODES`] nodes of each thread.
    pub threads: Option<usize>,
}

impl Limits {
    /// Limits with only a memory budget of `mib` MiB (see [`Limits::max_memory`]), lowered to
    /// fit under the system's own limits ([`super::headroom::fit_budget`]).
    #[must_use]
    pub fn with_memory_mib(mib: u32) -> Limits {
        Limits {
            max_memory: Some(super::headroom::fit_budget((mib as usize) << 20)),
            ..Limits::default()
        }
    }

    /// The number of threads to search with: [`Limits::threads`], at least 1.
    #[must_use]
    pub fn thread_count(&self) -> usize {
        self.threads.unwrap_or(1).max(1)
    }
}

impl Limits {
    /// What is left of these limits after a search that took `nodes` nodes and `elapsed`
    /// time, for a further search of the same job (refutations and the proof after the key
    /// moves): a limit already reached leaves 0, which stops the next search at once.
    #[must_use]
    pub fn after(&self, nodes: u64, elapsed: Duration) -> Limits {
        Limits {
            max_nodes: self.max_nodes.map(|m| m.saturating_sub(nodes)),
            max_time: self.max_time.map(|t| t.saturating_sub(elapsed)),
            ..*self
        }
    }
}

/// Default transposition-table memory bound: 128 MiB (the issue asks at most 256 MiB).
pub const DEFAULT_TABLE_BYTES: usize = 128 << 20;

/// The part of [`Limits::max_memory`] kept for the search's working memory: one eighth.
pub const WORKING_SHARE: usize = 8;

impl Limits {
    /// The bytes a prover's table may hold and the working memory it may use (`None`: not
    /// bounded), for one of [`Limits::thread_count`] threads.
    #[must_use]
    pub fn memory_per_thread(&self) -> (usize, Option<usize>) {
        let threads = self.thread_count();
        match self.max_memory {
            None => (
                self.table_bytes.unwrap_or(DEFAULT_TABLE_BYTES) / threads,
                None,
            ),
            Some(m) => {
                let share = m / threads;
                let working = share / WORKING_SHARE;
                let table =
                    (share - working).min(self.table_bytes.map_or(usize::MAX, |t| t / threads));
                (table, Some(working))
            }
        }
    }
}

/// How often, in nodes, the search checks cancel, time and reports progress.
pub const CHECK_EVERY_NODES: u64 = 1024;

/// A snapshot of a running search, given to the progress callback.
#[derive(Debug, Clone)]
pub struct Progress {
    /// Nodes searched so far (with several threads: by all of them, as last seen).
    pub nodes: u64,
    /// The player-move depth being searched (iterative deepening).
    pub depth: u32,
    /// Time since the search started.
    pub elapsed: Duration,
    /// Memory the transposition table holds, in bytes.
    pub table_bytes: usize,
    /// The best line known so far, as move texts from the root: empty until the win and every
    /// key move are proved; then the main line as it is built, move by move (the fastest
    /// winning move, the longest-resisting defence, …). Shared, cheap to clone.
    pub best_line: Arc<[String]>,
}

/// Why a search stopped before an answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stop {
    /// The cancel flag was raised.
    Cancelled,
    /// The node limit was reached.
    NodeLimit,
    /// The time limit was reached.
    TimeLimit,
    /// The search needed more working memory than [`Limits::max_memory`] leaves it.
    MemoryLimit,
}

impl Stop {
    const ALL: [Stop; 4] = [
        Stop::Cancelled,
        Stop::NodeLimit,
        Stop::TimeLimit,
        Stop::MemoryLimit,
    ];

    fn code(self) -> u8 {
        self as u8 + 1
    }
}

/// What the threads of one root split share: the nodes they have counted (flushed every
/// [`CHECK_EVERY_NODES`] nodes) and the first reason one of them stopped, which stops all.
#[derive(Default)]
pub(crate) struct Shared {
    nodes: AtomicU64,
    stop: AtomicU8,
}

impl Shared {
    /// Records why a thread stopped (the first reason wins), so the others stop too.
    pub fn raise(&self, s: Stop) {
        let _ = self
            .stop
            .compare_exchange(0, s.code(), Ordering::Relaxed, Ordering::Relaxed);
    }

    /// The first reason a thread stopped, if any.
    pub fn stopped(&self) -> Option<Stop> {
        let c = self.stop.load(Ordering::Relaxed);
        Stop::ALL.into_iter().find(|s| s.code() == c)
    }
}

impl Stop {
    /// The name reports in JSON give it: `cancelled`, `node_limit`, `time_limit`,
    /// `memory_limit`.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Stop::Cancelled => "cancelled",
            Stop::NodeLimit => "node_limit",
            Stop::TimeLimit => "time_limit",
            Stop::MemoryLimit => "memory_limit",
        }
    }

    /// A short explanation for reports.
    #[must_use]
    pub fn describe(self) -> &'static str {
        match self {
            Stop::Cancelled => "cancelled",
            Stop::NodeLimit => "node limit reached",
            Stop::TimeLimit => "time limit reached",
            Stop::MemoryLimit => "memory limit reached",
        }
    }
}

/// The controls of a search: limits, an optional cancel flag and an optional progress callback.
#[derive(Clone, Copy, Default)]
pub struct Control<'a> {
    /// The limits.
    pub limits: Limits,
    /// Raised by another thread to stop the search (honoured within [`CHECK_EVERY_NODES`]).
    pub cancel: Option<&'a AtomicBool>,
    /// Called every [`CHECK_EVERY_NODES`] nodes (of each thread, from that thread).
    pub progress: Option<&'a (dyn Fn(Progress) + Sync)>,
}

pub(crate) struct Meter<'a> {
    pub control: Control<'a>,
    pub start: Instant,
    pub nodes: u64,
    pub depth: u32,
    pub table_bytes: usize,
    /// See [`Progress::best_line`].
    pub best_line: Arc<[String]>,
    /// In a root split: what the threads share, this thread's nodes already added to it, and
    /// the other threads' nodes last seen.
    shared: Option<Arc<Shared>>,
    flushed: u64,
    others: u64,
}

impl<'a> Meter<'a> {
    pub fn new(control: Control<'a>) -> Meter<'a> {
        Meter {
            control,
            start: Instant::now(),
            nodes: 0,
            depth: 0,
            table_bytes: 0,
            best_line: Arc::from([]),
            shared: None,
            flushed: 0,
            others: 0,
        }
    }

    /// Joins a root split: from now on the limits count every thread's nodes, and a stop of
    /// any thread stops this one.
    pub fn attach(&mut self, shared: Arc<Shared>) {
        self.shared = Some(shared);
        self.flushed = 0;
        self.others = 0;
    }

    /// Leaves the root split.
    pub fn detach(&mut self) {
        self.shared = None;
        self.others = 0;
    }

    /// Counts a node; every so often checks the limits and reports progress. A node past the
    /// node limit is not counted: one thread stops with exactly `max_nodes` nodes.
    #[inline]
    pub fn tick(&mut self) -> Result<(), Stop> {
        if self
            .control
            .limits
            .max_nodes
            .is_some_and(|m| self.nodes + self.others >= m)
        {
            return Err(Stop::NodeLimit);
        }
        self.nodes += 1;
        if !self.nodes.is_multiple_of(CHECK_EVERY_NODES) {
            return Ok(());
        }
        self.check()
    }

    pub fn check(&mut self) -> Result<(), Stop> {
        if let Some(sh) = &self.shared {
            let new = self.nodes - self.flushed;
            let total = sh.nodes.fetch_add(new, Ordering::Relaxed) + new;
            self.flushed = self.nodes;
            self.others = total - self.nodes;
            if let Some(s) = sh.stopped() {
                return Err(s);
            }
        }
        if self
            .control
            .cancel
            .is_some_and(|c| c.load(Ordering::Relaxed))
        {
            return Err(Stop::Cancelled);
        }
        if self
            .control
            .limits
            .max_nodes
            .is_some_and(|m| self.nodes + self.others >= m)
        {
            return Err(Stop::NodeLimit);
        }
        let elapsed = self.start.elapsed();
        if self.control.limits.max_time.is_some_and(|t| elapsed >= t) {
            return Err(Stop::TimeLimit);
        }
        if let Some(p) = self.control.progress {
            p(Progress {
                nodes: self.nodes + self.others,
                depth: self.depth,
                elapsed,
                table_bytes: self.table_bytes,
                best_line: Arc::clone(&self.best_line),
            });
        }
        Ok(())
    }
}
