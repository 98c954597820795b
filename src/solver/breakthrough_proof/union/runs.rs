//! The records a [`super::Union`] keeps, in sorted runs: each strategy's records are sorted
//! by key, one per key (the best bound), and kept as a run, in memory or, for a union too
//! big for memory, in a file without a name (gone with the process, however it ends). The union's records
//! are the runs merged: for a key several runs hold, the best bound, the earliest run on a
//! tie (the record offered first, as a map keeping the first would). Memory: one run being
//! sorted; the merged stream is read as often as the certificate's writer needs.

use std::cmp::{Ordering, Reverse};
use std::collections::BinaryHeap;
use std::io::Write as _;
use std::sync::Arc;

use super::Aim;

/// One record offered: the position's key (in halves: 24 bytes an entry, not the 32 of an
/// aligned `u128`), the move code, the bound.
#[derive(Debug, Clone, Copy)]
pub(super) struct Entry {
    key: [u64; 2],
    bound: u32,
    code: u8,
}

/// Bytes of an entry in a run: the key (16, little-endian), the code, the bound (4).
const ENTRY: usize = 21;

impl Entry {
    pub(super) fn new((key, code): (u128, u8), bound: u32) -> Entry {
        Entry {
            key: super::halves(key),
            bound,
            code,
        }
    }

    const fn key(&self) -> u128 {
        (self.key[0] as u128) << 64 | self.key[1] as u128
    }

    fn encode(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.key().to_le_bytes());
        out.push(self.code);
        out.extend_from_slice(&self.bound.to_le_bytes());
    }

    fn decode(b: &[u8]) -> Entry {
        let mut key = [0; 16];
        key.copy_from_slice(&b[..16]);
        let mut bound = [0; 4];
        bound.copy_from_slice(&b[17..ENTRY]);
        Entry::new((u128::from_le_bytes(key), b[16]), u32::from_le_bytes(bound))
    }
}

/// The rank of `bound` for `aim`: the smaller, the better (the smaller bound for a win, the
/// greater for a length).
const fn rank(aim: Aim, bound: u32) -> u32 {
    match aim {
        Aim::Win => bound,
        Aim::Last => u32::MAX - bound,
    }
}

/// A run: its bytes in memory, or a file without a name.
#[derive(Clone)]
enum Run {
    Memory(Arc<Vec<u8>>),
    File(Arc<std::fs::File>),
}

/// Entries read from a file run at a time (64 KiB).
const CHUNK: usize = 3120 * ENTRY;

/// A place in a run, with the entries read from it (for a file run).
#[derive(Clone)]
struct Cursor {
    run: Run,
    /// The offset of the next entry.
    at: usize,
    /// A file run's bytes from `start`.
    buf: Vec<u8>,
    start: usize,
}

impl Cursor {
    /// The next entry, if the run has one.
    fn next(&mut self) -> std::io::Result<Option<Entry>> {
        if let Run::File(f) = &self.run
            && self.at + ENTRY > self.start + self.buf.len()
        {
            self.start = self.at;
            self.buf = read_chunk(f, self.at)?;
        }
        let (bytes, from) = match &self.run {
            Run::Memory(b) => (b.as_slice(), self.at),
            Run::File(_) => (self.buf.as_slice(), self.at - self.start),
        };
        let entry = bytes.get(from..from + ENTRY).map(Entry::decode);
        if entry.is_some() {
            self.at += ENTRY;
        }
        Ok(entry)
    }
}

/// Up to [`CHUNK`] bytes of `f` from `at` (fewer at its end).
fn read_chunk(f: &std::fs::File, at: usize) -> std::io::Result<Vec<u8>> {
    use std::os::unix::fs::FileExt as _;
    let mut buf = vec![0; CHUNK];
    let mut got = 0;
    while got < CHUNK {
        match f.read_at(&mut buf[got..], (at + got) as u64)? {
            0 => break,
            n => got += n,
        }
    }
    buf.truncate(got);
    Ok(buf)
}

/// Sorted runs of entries, one per key in each run.
pub(super) struct Runs {
    aim: Aim,
    runs: Vec<Run>,
    /// The folder whose file system holds the runs (as files without a name, gone with the
    /// process however it ends), when the union may not fit in memory.
    spill: Option<std::path::PathBuf>,
}

impl Runs {
    pub(super) fn new(aim: Aim) -> Runs {
        Runs {
            aim,
            runs: Vec::new(),
            spill: None,
        }
    }

    /// Runs made from now on are files in `dir` without a name: nothing is left there when
    /// the process ends, killed or not.
    ///
    /// # Errors
    /// No such file can be made in `dir` (tried at once).
    pub(super) fn spill_into(&mut self, dir: &std::path::Path) -> std::io::Result<()> {
        drop(tempfile::tempfile_in(dir)?);
        self.spill = Some(dir.to_path_buf());
        Ok(())
    }

    /// Makes `entries` (in the order offered) a run: sorted by key, the best bound of each
    /// key kept (the first offered on a tie).
    ///
    /// # Errors
    /// The spill file cannot be written.
    pub(super) fn add(&mut self, mut entries: Vec<Entry>) -> std::io::Result<()> {
        if entries.is_empty() {
            return Ok(());
        }
        let aim = self.aim;
        // Stable: of equal keys and bounds the first offered stays first.
        entries.sort_by_key(|e| (e.key(), rank(aim, e.bound)));
        entries.dedup_by_key(|e| e.key());
        let mut bytes = Vec::with_capacity(entries.len() * ENTRY);
        for e in &entries {
            e.encode(&mut bytes);
        }
        drop(entries);
        let run = match &self.spill {
            None => Run::Memory(Arc::new(bytes)),
            Some(dir) => {
                let mut f = tempfile::tempfile_in(dir)?;
                f.write_all(&bytes)?;
                Run::File(Arc::new(f))
            }
        };
        self.runs.push(run);
        Ok(())
    }

    /// The records of every run merged, by key: the best bound of a key, the earliest run
    /// on a tie. Each call reads from the start.
    pub(super) fn merged(&self) -> Merged {
        let mut m = Merged {
            aim: self.aim,
            cursors: self
                .runs
                .iter()
                .map(|run| Cursor {
                    run: run.clone(),
                    at: 0,
                    buf: Vec::new(),
                    start: 0,
                })
                .collect(),
            heap: BinaryHeap::with_capacity(self.runs.len()),
            broken: false,
            error: Arc::default(),
        };
        for i in 0..m.cursors.len() {
            m.push(i);
        }
        m
    }
}

/// The head of a run in the merge: ordered by key, then the better bound, then the earlier
/// run (the heap's maximum is the `Reverse` of the least).
#[derive(Clone, Copy, PartialEq, Eq)]
struct Head {
    key: u128,
    /// The bound, as ranked for the aim: smaller is better.
    rank: u32,
    run: usize,
    code: u8,
}

impl Ord for Head {
    fn cmp(&self, o: &Self) -> Ordering {
        (self.key, self.rank, self.run).cmp(&(o.key, o.rank, o.run))
    }
}

impl PartialOrd for Head {
    fn partial_cmp(&self, o: &Self) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}

/// The merged records of the runs: `(key, code)` by key, each key once. A run file that
/// cannot be read ends the records early: [`Merged::failed`] says why.
#[derive(Clone)]
pub struct Merged {
    aim: Aim,
    cursors: Vec<Cursor>,
    heap: BinaryHeap<Reverse<Head>>,
    /// Whether a run could not be read: the records end.
    broken: bool,
    error: Arc<std::sync::Mutex<Option<String>>>,
}

impl Merged {
    /// Why the records ended early, if a run could not be read (this merge or a clone).
    pub fn failed(&self) -> Option<String> {
        self.error.lock().map_or(None, |e| e.clone())
    }

    /// Puts run `i`'s next entry on the heap, if it has one.
    fn push(&mut self, i: usize) {
        let e = match self.cursors[i].next() {
            Ok(Some(e)) => e,
            Ok(None) => return,
            Err(e) => {
                if let Ok(mut slot) = self.error.lock() {
                    slot.get_or_insert(format!("a run of the join cannot be read: {e}"));
                }
                self.broken = true;
                return;
            }
        };
        self.heap.push(Reverse(Head {
            key: e.key(),
            rank: rank(self.aim, e.bound),
            run: i,
            code: e.code,
        }));
    }
}

impl Iterator for Merged {
    type Item = (u128, u8);

    fn next(&mut self) -> Option<(u128, u8)> {
        if self.broken {
            return None;
        }
        let Reverse(best) = self.heap.pop()?;
        self.push(best.run);
        // The other runs' entries of the same key lose to it.
        while let Some(&Reverse(h)) = self.heap.peek() {
            if h.key != best.key {
                break;
            }
            self.heap.pop();
            self.push(h.run);
        }
        (!self.broken).then_some((best.key, best.code))
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::{Aim, Entry, Runs};

    /// What a union keeps, by a map: each key's best bound, the first offered on a tie.
    fn by_map(aim: Aim, offers: &[((u128, u8), u32)]) -> Vec<(u128, u8)> {
        let mut kept: HashMap<u128, (u8, u32)> = HashMap::new();
        for &((k, c), b) in offers {
            let better = |old: u32| match aim {
                Aim::Win => b < old,
                Aim::Last => b > old,
            };
            if kept.get(&k).is_none_or(|&(_, old)| better(old)) {
                kept.insert(k, (c, b));
            }
        }
        let mut out: Vec<(u128, u8)> = kept.into_iter().map(|(k, (c, _))| (k, c)).collect();
        out.sort_unstable();
        out
    }

    #[test]
    fn merged_runs_keep_what_a_map_keeps_in_memory_and_spilled() {
        let mut rng = fastrand::Rng::with_seed(7);
        let dir = std::env::temp_dir();
        for case in 0..60 {
            let aim = if case % 2 == 0 { Aim::Win } else { Aim::Last };
            // Keys far apart in both halves, few enough to meet again; bounds with ties.
            let offers: Vec<((u128, u8), u32)> = (0..rng.usize(0..400))
                .map(|_| {
                    let k = u128::from(rng.u8(0..40)) * (u128::MAX / 41);
                    ((k, rng.u8(..)), rng.u32(0..6))
                })
                .collect();
            let mut runs = Runs::new(aim);
            if case % 3 == 0 {
                runs.spill_into(&dir).unwrap();
            }
            let mut rest = &offers[..];
            while !rest.is_empty() {
                let (chunk, tail) = rest.split_at(rng.usize(1..=rest.len()));
                let entries = chunk.iter().map(|&(r, b)| Entry::new(r, b)).collect();
                runs.add(entries).unwrap();
                rest = tail;
            }
            let want = by_map(aim, &offers);
            let mut merged = runs.merged();
            assert_eq!(merged.clone().collect::<Vec<_>>(), want, "case {case}");
            // A clone made part way reads on from there.
            let half = want.len() / 2;
            merged.by_ref().take(half).for_each(drop);
            assert_eq!(merged.clone().collect::<Vec<_>>(), want[half..]);
            assert_eq!(merged.collect::<Vec<_>>(), want[half..]);
        }
    }

    #[test]
    fn a_run_file_is_read_across_its_chunks() {
        let mut runs = Runs::new(Aim::Win);
        runs.spill_into(&std::env::temp_dir()).unwrap();
        // More entries than one read of a file run holds.
        let n = 3 * super::CHUNK / super::ENTRY + 17;
        let entries: Vec<Entry> = (0..n as u128)
            .map(|k| Entry::new((k << 70 | k, 1), 2))
            .collect();
        runs.add(entries).unwrap();
        let keys: Vec<u128> = runs.merged().map(|(k, _)| k).collect();
        assert_eq!(
            keys,
            (0..n as u128).map(|k| k << 70 | k).collect::<Vec<_>>()
        );
    }
}
