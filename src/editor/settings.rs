//! The editor's settings from its environment, read once per use: the solver's memory budget.

use crate::solver::{DEFAULT_MAX_MEMORY_MIB, Limits};

/// The environment variable holding the memory budget, in MiB, of each search the editor runs
/// (Verify, play-test's defence): the command line's `--max-memory` for the editor. Unset, not
/// a whole number or 0: [`DEFAULT_MAX_MEMORY_MIB`].
pub const MAX_MEMORY_VAR: &str = "PEAKFORGE_MAX_MEMORY";

/// The memory budget of one search, in MiB: `$PEAKFORGE_MAX_MEMORY` or the default.
#[must_use]
pub fn max_memory_mib() -> u32 {
    parse_mib(std::env::var(MAX_MEMORY_VAR).ok().as_deref())
}

/// A budget as the variable gives it: a whole number of MiB from 1 to 2^20, else the default.
fn parse_mib(value: Option<&str>) -> u32 {
    value
        .and_then(|v| v.trim().parse::<u32>().ok())
        .filter(|&m| (1..=1 << 20).contains(&m))
        .unwrap_or(DEFAULT_MAX_MEMORY_MIB)
}

/// The limits a search of the editor starts from: the memory budget and nothing else.
#[must_use]
pub fn search_limits() -> Limits {
    Limits::with_memory_mib(max_memory_mib())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_budget_is_a_whole_number_of_mib_else_the_default() {
        assert_eq!(parse_mib(Some("64")), 64);
        assert_eq!(parse_mib(Some(" 8 ")), 8);
        for bad in [
            None,
            Some(""),
            Some("0"),
            Some("-3"),
            Some("1.5"),
            Some("lots"),
        ] {
            assert_eq!(parse_mib(bad), DEFAULT_MAX_MEMORY_MIB, "{bad:?}");
        }
    }

    #[test]
    fn the_limits_carry_the_budget_in_bytes() {
        assert_eq!(Limits::with_memory_mib(3).max_memory, Some(3 << 20),);
    }
}
