//! The proof search's transposition table: proven bounds on each position's score, in
//! two-slot buckets of one cache line.

use super::{NO_MOVE, WIN};

/// One table entry: the key (pawn sets and side), the proven bounds on the score, the move
/// that reached the last `true` answer, and the work (nodes) of the search that wrote it.
#[derive(Clone, Copy)]
pub(super) struct Entry {
    white: u64,
    black: u64,
    pub(super) lo: i16,
    pub(super) hi: i16,
    side: u8,
    pub(super) best: u8,
    /// log2 of the nodes below the entry's last search, plus 1 (0: empty slot).
    work: u8,
}

const EMPTY: Entry = Entry {
    white: 0,
    black: 0,
    lo: -(WIN as i16),
    hi: WIN as i16,
    side: 0,
    best: NO_MOVE,
    work: 0,
};

/// A bucket: two entries of three words each (white, black, [`Entry::meta`]) in one 64-byte
/// cache line; all zeros is an empty bucket.
type Bucket = [u64; 8];

/// Where the buckets live: an anonymous memory map advised to use huge pages (the table is
/// read at random, and on a virtual machine a page walk per probe costs more than the
/// probe), or a plain vector when no map is to be had.
enum Storage {
    Map(memmap2::MmapMut),
    Vec(Vec<Bucket>),
}

/// A fixed-size table of two-slot buckets; a new entry replaces the slot of less work.
/// Entries hold proven facts only, so its size changes the work done, never an answer.
pub(super) struct Table {
    storage: Storage,
    mask: usize,
}

impl Storage {
    /// `buckets` empty buckets, or `None` when the system refuses the memory.
    fn new(buckets: usize) -> Option<Storage> {
        let len = buckets.checked_mul(std::mem::size_of::<Bucket>())?;
        if let Ok(map) = memmap2::MmapMut::map_anon(len) {
            // Only advice: without huge pages the table works the same, slower (a third fewer
            // nodes a second on a 4 GiB table). Getting them costs system time once, as the
            // table is first touched (the kernel may have to compact memory for them).
            #[cfg(target_os = "linux")]
            let _ = map.advise(memmap2::Advice::HugePage);
            return Some(Storage::Map(map));
        }
        let mut v = Vec::new();
        v.try_reserve_exact(buckets).ok()?;
        v.resize(buckets, [0; 8]);
        Some(Storage::Vec(v))
    }
}

impl Table {
    /// A table of at most `bytes` (a power of two of buckets, one at least). When the system
    /// refuses that much memory, the table takes half, and so on: it only caches proven facts,
    /// so a smaller one changes the work, never an answer (a huge `--table-mib` or a tight
    /// `ulimit -v` must not abort the program).
    pub(super) fn new(bytes: usize) -> Table {
        let want = (bytes / std::mem::size_of::<Bucket>()).max(1);
        let mut buckets = if want.is_power_of_two() {
            want
        } else {
            want.next_power_of_two() / 2
        };
        let storage = loop {
            if let Some(storage) = Storage::new(buckets) {
                break storage;
            }
            if buckets == 1 {
                // Not even 64 bytes: the process is out of memory anyway.
                break Storage::Vec(vec![[0; 8]]);
            }
            buckets /= 2;
        };
        Table {
            storage,
            mask: buckets - 1,
        }
    }

    fn slice(&self) -> &[Bucket] {
        match &self.storage {
            Storage::Map(m) => bytemuck::cast_slice(&m[..]),
            Storage::Vec(v) => v,
        }
    }

    fn slice_mut(&mut self) -> &mut [Bucket] {
        match &mut self.storage {
            Storage::Map(m) => bytemuck::cast_slice_mut(&mut m[..]),
            Storage::Vec(v) => v,
        }
    }

    pub(super) fn bytes(&self) -> usize {
        (self.mask + 1) * std::mem::size_of::<Bucket>()
    }

    fn bucket(&self, white: u64, black: u64, side: usize) -> usize {
        let mut h = white.wrapping_mul(0x9E37_79B9_7F4A_7C15)
            ^ black
                .wrapping_add(side as u64)
                .wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
        h ^= h >> 31;
        h = h.wrapping_mul(0xBF58_476D_1CE4_E5B9);
        h ^= h >> 29;
        (h as usize) & self.mask
    }

    /// Asks the processor to start loading the bucket of a position, so that a later
    /// [`Table::get`] or [`Table::store`] of it does not wait for memory: a hint only, with
    /// no effect on what the table holds (the probes are cache misses, half the search's
    /// time, and several started together overlap).
    #[inline]
    pub(super) fn prefetch(&self, white: u64, black: u64, side: usize) {
        let b = &self.slice()[self.bucket(white, black, side)];
        prefetch_line(b);
    }

    /// The entry of a position, if the table holds one.
    pub(super) fn get(&self, white: u64, black: u64, side: usize) -> Option<Entry> {
        let b = &self.slice()[self.bucket(white, black, side)];
        (0..2)
            .map(|i| Entry::read(&b[3 * i..3 * i + 3]))
            .find(|e| e.is(white, black, side))
    }

    pub(super) fn store(
        &mut self,
        key: (u64, u64),
        side: usize,
        value: i32,
        holds: bool,
        best: u8,
        work: u64,
    ) {
        let (white, black) = key;
        let b = self.bucket(white, black, side);
        let work = (64 - work.leading_zeros()) as u8 + 1;
        let bucket = &mut self.slice_mut()[b];
        let slots = [Entry::read(&bucket[0..3]), Entry::read(&bucket[3..6])];
        let i = (0..2)
            .find(|&i| slots[i].is(white, black, side))
            .unwrap_or(usize::from(slots[0].work > slots[1].work));
        let mut e = slots[i];
        if !e.is(white, black, side) {
            e = Entry {
                white,
                black,
                side: side as u8,
                ..EMPTY
            };
        }
        let g = value as i16;
        if holds {
            e.lo = e.lo.max(g);
            if best != NO_MOVE {
                e.best = best;
            }
        } else {
            e.hi = e.hi.min(g);
        }
        e.work = e.work.max(work);
        e.write(&mut bucket[3 * i..3 * i + 3]);
    }
}

/// Starts loading the cache line of `line` (a hint: nothing is read or written).
#[inline]
#[allow(unsafe_code)]
fn prefetch_line(line: &Bucket) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: `_mm_prefetch` is a hint that never faults and touches no memory the program
    // sees; the pointer comes from a live reference, and SSE (the intrinsic's feature) is
    // part of every x86-64 processor.
    unsafe {
        use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
        _mm_prefetch::<_MM_HINT_T0>(std::ptr::from_ref(line).cast::<i8>());
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = line;
}

impl Entry {
    /// The third word of a stored entry: bounds, side, best move and work.
    fn meta(&self) -> u64 {
        u64::from(self.lo as u16)
            | u64::from(self.hi as u16) << 16
            | u64::from(self.side) << 32
            | u64::from(self.best) << 40
            | u64::from(self.work) << 48
    }

    fn read(w: &[u64]) -> Entry {
        let m = w[2];
        Entry {
            white: w[0],
            black: w[1],
            lo: m as u16 as i16,
            hi: (m >> 16) as u16 as i16,
            side: (m >> 32) as u8,
            best: (m >> 40) as u8,
            work: (m >> 48) as u8,
        }
    }

    fn write(&self, w: &mut [u64]) {
        w[0] = self.white;
        w[1] = self.black;
        w[2] = self.meta();
    }

    /// Whether the entry is a stored one for this position.
    #[inline]
    fn is(&self, white: u64, black: u64, side: usize) -> bool {
        self.work != 0
            && self.white == white
            && self.black == black
            && usize::from(self.side) == side
    }
}
