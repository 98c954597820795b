//! The limits every searching command takes (`solve`, `verify`, `export`, `render`):
//! `--max-nodes`, `--max-time` ([`DEFAULT_MAX_TIME_SECS`] by default, 0 for none) and
//! `--max-memory`, with one memory budget for the whole process ([`DEFAULT_MAX_MEMORY_MIB`] by
//! default) shared by the files verified at once and the threads of a search.

use std::time::Duration;

use crate::solver::Limits;

/// The default memory budget of the searches of one command, in MiB (2^20 bytes): the
/// solver's, which the editor uses too.
pub use crate::solver::DEFAULT_MAX_MEMORY_MIB;

/// The default `--max-time`, in seconds: a file whose search would take hours (a goal of 100
/// player moves) answers `unknown` instead of hanging a pipeline; the editor's Verify has the
/// same default.
pub const DEFAULT_MAX_TIME_SECS: &str = "120";

/// `--max-nodes`, `--max-time`, `--max-memory`.
#[derive(clap::Args, Debug, Clone, Copy)]
pub struct LimitArgs {
    /// Give up (exit 3) after this many nodes (per file for `verify`): the result is
    /// `unknown`, except a winner proven before the limit (`solve`'s who wins), which stays.
    /// 0 for no limit, as for `--max-time`. Default: no limit.
    #[arg(long, value_name = "N")]
    pub max_nodes: Option<u64>,
    /// Give up (exit 3, the result `unknown` as for `--max-nodes`) after this many seconds:
    /// per file for `verify`, `export` and `library check`, per candidate for `suggest` and
    /// `generate`. 0 for no limit.
    #[arg(long, value_name = "SECS", default_value = DEFAULT_MAX_TIME_SECS,
          value_parser = super::input::parse_seconds)]
    pub max_time: Duration,
    /// The memory the searches may hold, in MiB, for the whole process (shared by `verify
    /// --jobs` and `--threads`): 7/8 for the transposition table (a cache: when full it keeps
    /// the most valuable facts), 1/8 for the search's move lists; a search that needs more
    /// answers `unknown` (exit 3). The program itself (~10 MiB) comes on top.
    #[arg(long, value_name = "MIB", default_value_t = DEFAULT_MAX_MEMORY_MIB,
          value_parser = clap::value_parser!(u32).range(1..=1 << 20))]
    pub max_memory: u32,
}

impl LimitArgs {
    /// The options that give another command these limits (`solve --split`'s jobs).
    #[must_use]
    pub fn as_args(&self) -> Vec<String> {
        let mut args = vec![
            "--max-time".to_string(),
            self.max_time.as_secs_f64().to_string(),
            "--max-memory".to_string(),
            self.max_memory.to_string(),
        ];
        if let Some(n) = self.max_nodes {
            args.extend(["--max-nodes".to_string(), n.to_string()]);
        }
        args
    }

    /// The limits of one of `searches` searches that run at once (each with `threads`
    /// threads): the node and time limits as given, an equal share of the memory.
    #[must_use]
    pub fn limits(&self, searches: usize, threads: Option<usize>) -> Limits {
        let bytes = Limits::with_memory_mib(self.max_memory)
            .max_memory
            .unwrap_or_default();
        Limits {
            max_nodes: self.max_nodes.filter(|&n| n > 0),
            max_time: (!self.max_time.is_zero()).then_some(self.max_time),
            table_bytes: None,
            max_memory: Some(bytes / searches.max(1)),
            threads,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn searches_at_once_share_one_budget() {
        let a = LimitArgs {
            max_nodes: None,
            max_time: Duration::ZERO,
            max_memory: 64,
        };
        assert_eq!(a.limits(1, None).max_memory, Some(64 << 20));
        // verify --jobs 4: a quarter each, not four budgets.
        assert_eq!(a.limits(4, None).max_memory, Some(16 << 20));
        // Each search's threads split its share again (solve --threads).
        let (table, working) = a.limits(4, Some(2)).memory_per_thread();
        assert_eq!(table + working.unwrap(), 8 << 20);
        // `--max-time 0`: no time limit; `--max-nodes 0`: no node limit (before: a search
        // stopped before its first node).
        assert_eq!(a.limits(1, None).max_time, None);
        assert_eq!(a.limits(1, None).max_nodes, None);
        let zero = LimitArgs {
            max_nodes: Some(0),
            ..a
        };
        assert_eq!(zero.limits(1, None).max_nodes, None);
        let some = LimitArgs {
            max_nodes: Some(7),
            ..a
        };
        assert_eq!(some.limits(1, None).max_nodes, Some(7));
    }
}
