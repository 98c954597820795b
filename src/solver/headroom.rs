//! The memory the system leaves this process: a memory budget (`--max-memory`, the editor's
//! setting) is lowered to fit under a limit of the system, so that reaching the budget gives
//! `unknown` and no allocation outside the budget (a move list, a thread's stack, the
//! output) fails and aborts the process.
//!
//! Read from `/proc/self/limits` (the soft limits on the address space and the data segment,
//! `ulimit -v` / `ulimit -d`), `/proc/self/status` (the address space and data in use) and the
//! cgroup v2 files of this process (`memory.max` less `memory.current`); `None` where none
//! of them bounds it (or on a system without them).

/// The part of the headroom a budget may take: the rest stays for what the budget does not
/// count (thread stacks, allocator arenas and fragmentation, the documents printed).
pub const BUDGET_SHARE_OF_HEADROOM: usize = 2;

/// The bytes the process may still allocate before a system limit, if one is set.
#[must_use]
pub fn system_headroom() -> Option<usize> {
    let limits = std::fs::read_to_string("/proc/self/limits").unwrap_or_default();
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let soft = |name: &str| -> Option<usize> {
        let line = limits.lines().find(|l| l.starts_with(name))?;
        line[name.len()..].split_whitespace().next()?.parse().ok()
    };
    let in_use_kib = |name: &str| -> usize {
        status
            .lines()
            .find_map(|l| l.strip_prefix(name))
            .and_then(|rest| rest.split_whitespace().next()?.parse::<usize>().ok())
            .unwrap_or(0)
    };
    let address =
        soft("Max address space").map(|lim| lim.saturating_sub(in_use_kib("VmSize:") << 10));
    let data = soft("Max data size").map(|lim| lim.saturating_sub(in_use_kib("VmData:") << 10));
    [address, data, cgroup_headroom()]
        .into_iter()
        .flatten()
        .min()
}

/// Tells the C allocator to keep one arena when the system bounds this process's address
/// space (`ulimit -v`) or data segment (`ulimit -d`). glibc gives each new thread an arena
/// of its own, reserving 64 MiB of address space for it before a byte is used; under a tight
/// limit those reservations fail over and over and a small allocation then aborts the process
/// (seen: `suggest` under `ulimit -v 60000`, exit 134). With one arena all threads share the
/// main heap (a little contention; the searches allocate little per node). Call it once at
/// start, before threads are spawned; it does nothing elsewhere than on glibc.
pub fn fit_allocator_to_limits() {
    let limits = std::fs::read_to_string("/proc/self/limits").unwrap_or_default();
    let bounded = limits.lines().any(|l| {
        (l.starts_with("Max address space") || l.starts_with("Max data size"))
            && l.split_whitespace().nth(3) != Some("unlimited")
    });
    if bounded {
        one_arena();
    }
}

#[cfg(all(target_os = "linux", target_env = "gnu"))]
#[allow(unsafe_code)]
fn one_arena() {
    // SAFETY: mallopt only sets a parameter of glibc's allocator; M_ARENA_MAX is one it
    // documents (mallopt(3)), and a refusal (return 0) leaves the allocator as it was.
    unsafe {
        libc::mallopt(libc::M_ARENA_MAX, 1);
    }
}

#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
fn one_arena() {}

/// `memory.max` less `memory.current` of this process's cgroup (v2), when bounded.
fn cgroup_headroom() -> Option<usize> {
    let cgroup = std::fs::read_to_string("/proc/self/cgroup").ok()?;
    let path = cgroup.lines().find_map(|l| l.strip_prefix("0::"))?;
    let dir = std::path::Path::new("/sys/fs/cgroup").join(path.trim_start_matches('/'));
    let read = |f: &str| -> Option<usize> {
        std::fs::read_to_string(dir.join(f))
            .ok()?
            .trim()
            .parse()
            .ok()
    };
    Some(read("memory.max")?.saturating_sub(read("memory.current").unwrap_or(0)))
}

/// `bytes` lowered to [`BUDGET_SHARE_OF_HEADROOM`]'s part of the system's headroom (at least
/// 1 MiB: a search with less answers `unknown` at once).
#[must_use]
pub fn fit_budget(bytes: usize) -> usize {
    match system_headroom() {
        Some(h) => bytes.min((h / BUDGET_SHARE_OF_HEADROOM).max(1 << 20)),
        None => bytes,
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn without_a_system_limit_the_budget_is_kept_and_with_one_it_fits() {
        let b = 256 << 20;
        let fitted = super::fit_budget(b);
        match super::system_headroom() {
            None => assert_eq!(fitted, b),
            Some(h) => assert!(fitted <= b && (fitted <= h / 2 || fitted == 1 << 20)),
        }
    }
}
