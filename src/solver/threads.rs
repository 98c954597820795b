//! Worker threads the system can give: a pool of at most the threads asked for, fewer when
//! the address space or memory left would not hold their stacks, down to the calling thread
//! alone.
//!
//! Asking for threads until the system refuses one is not safe under a tight `ulimit -v`: a
//! thread whose stack fitted may then find no room for its signal stack, and the standard
//! library aborts the whole process ("failed to allocate an alternative stack"), more often
//! the busier the machine. So the count is fitted to the headroom first, and a refusal still
//! left falls back to one thread.

use super::headroom::system_headroom;

/// The stack of each worker thread: the standard library's default, said here so that the
/// count below fits what is spawned.
pub const STACK_BYTES: usize = 2 << 20;

/// What else a thread takes besides its stack: its signal stack, guard pages, its share of
/// the allocator and the pool's bookkeeping (a generous bound).
const PER_THREAD_EXTRA: usize = 256 << 10;

/// The part of the headroom thread stacks may take: a half is a search budget's
/// ([`super::headroom::BUDGET_SHARE_OF_HEADROOM`]), the rest stays for everything else.
const STACK_SHARE_OF_HEADROOM: usize = 4;

/// How many threads fit in `headroom` bytes (`None`: no system limit), at most `wanted`.
#[must_use]
pub fn fitting(wanted: usize, headroom: Option<usize>) -> usize {
    match headroom {
        Some(h) => wanted.min(h / STACK_SHARE_OF_HEADROOM / (STACK_BYTES + PER_THREAD_EXTRA)),
        None => wanted,
    }
}

/// The threads asked for, else `RAYON_NUM_THREADS` when set, else one a core.
#[must_use]
pub fn asked_or_cores(asked: Option<u16>) -> usize {
    let from_env = || {
        std::env::var("RAYON_NUM_THREADS")
            .ok()?
            .trim()
            .parse::<usize>()
            .ok()
            .filter(|&n| n > 0)
    };
    asked
        .map(usize::from)
        .or_else(from_env)
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, std::num::NonZero::get))
}

/// A pool of `wanted` threads, fewer when the system leaves room for fewer, named `name-N`;
/// when not even one can be started, a pool of the calling thread alone (work in it runs
/// there, never in rayon's global pool, which would start a thread a core). `None` only
/// when rayon refuses even that.
#[must_use]
pub fn pool(wanted: usize, name: &'static str) -> Option<rayon::ThreadPool> {
    let build = |n: usize| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(n)
            .stack_size(STACK_BYTES)
            .thread_name(move |i| format!("{name}-{i}"))
            .build()
    };
    let this_thread = || {
        rayon::ThreadPoolBuilder::new()
            .num_threads(1)
            .use_current_thread()
            .build()
    };
    match fitting(wanted, system_headroom()) {
        0 => this_thread(),
        n => build(n).or_else(|_| build(1)).or_else(|_| this_thread()),
    }
    .ok()
}

#[cfg(test)]
mod tests {
    use super::{PER_THREAD_EXTRA, STACK_BYTES, fitting};

    #[test]
    fn without_a_limit_every_thread_asked_for_is_given() {
        assert_eq!(fitting(256, None), 256);
    }

    #[test]
    fn under_a_limit_the_stacks_take_a_quarter_of_the_headroom_at_most() {
        for headroom in [0, 1 << 20, 40 << 20, 1 << 30] {
            let n = fitting(256, Some(headroom));
            let each = STACK_BYTES + PER_THREAD_EXTRA;
            assert!(n * each <= headroom / 4, "{headroom}: {n}");
            // and as many as that quarter holds
            assert!((n + 1) * each > headroom / 4, "{headroom}: {n}");
        }
        assert_eq!(fitting(3, Some(1 << 30)), 3);
    }
}
