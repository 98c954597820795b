//! The proof search's transposition table: proven bounds on each position's score, in
//! buckets of one cache line: four slots of two words on boards where a live position's pawns
//! fit in one word ([`Packing`]), else two slots of three words (both pawn sets). Keys are
//! exact either way: an entry is never another position's.

use super::{NO_MOVE, WIN};

/// A position's key in the table: its [`Packing`] word in `a` (`b` = 0) when the table is
/// compact, else the pawn sets; and the side to move. A compact table gives a position that
/// does not pack `b` = 1, a key that no entry holds and none is stored under.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) struct Key {
    a: u64,
    b: u64,
    side: u8,
}

/// How a live position's pawns fit in one word: White's pawns are never on its far rank
/// (the last, `height - 1`) nor Black's on rank 0 while the match goes on, so White's pawns
/// take the first `(height - 1) × width` bits and Black's, shifted down a rank, the next as
/// many; boards with `2 × (height - 1) × width ≤ 64` (every board of at most 8 files and 5
/// ranks, 6 × 6, 5 × 7, 4 × 9…).
struct Packing {
    /// A rank's bits (the board's width).
    rank: u32,
    /// Where Black's pawns start: `(height - 1) × width`.
    black_at: u32,
    /// The tiles no pawn stands on in a live position: White's far rank, Black's.
    over: [u64; 2],
}

impl Packing {
    fn new(width: u32, height: u32) -> Option<Packing> {
        let black_at = (height - 1) * width;
        let row = (1u64 << width) - 1;
        (2 * black_at <= 64).then(|| Packing {
            rank: width,
            black_at,
            over: [row << black_at, row],
        })
    }

    /// The word of a live position; `None` when a pawn stands on its far rank (the match
    /// is over, and the word would be another position's).
    #[inline]
    fn word(&self, white: u64, black: u64) -> Option<u64> {
        if white & self.over[0] != 0 || black & self.over[1] != 0 {
            return None;
        }
        Some(white | (black >> self.rank) << self.black_at)
    }
}

/// One table entry: the key, the proven bounds on the score, the move that reached the last
/// `true` answer, and the work (nodes) of the search that wrote it.
#[derive(Clone, Copy)]
pub(super) struct Entry {
    key: Key,
    pub(super) lo: i16,
    pub(super) hi: i16,
    pub(super) best: u8,
    /// log2 of the nodes below the entry's last search, plus 1 (0: empty slot).
    work: u8,
}

/// A bucket: one 64-byte cache line of entries (the key's words, then [`Entry::meta`]); all
/// zeros is an empty bucket.
type Bucket = [u64; 8];

/// Where the buckets live: an anonymous memory map advised to use huge pages (the table is
/// read at random, and on a virtual machine a page walk per probe costs more than the
/// probe), or a plain vector when no map is to be had.
enum Storage {
    Map(memmap2::MmapMut),
    Vec(Vec<Bucket>),
}

/// A fixed-size table of buckets of four slots (compact) or two; a new entry replaces the slot
/// of least work. Entries hold proven facts only, so its size changes the work done, never an
/// answer.
pub(super) struct Table {
    storage: Storage,
    mask: usize,
    /// How a compact table packs its keys; `None` for a wide one.
    packing: Option<Packing>,
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
    /// A table of at most `bytes` (a power of two of buckets, one at least) for a board of
    /// `width` × `height` tiles. When the system refuses that much memory, the table takes
    /// half, and so on: it only caches proven facts, so a smaller one changes the work, never
    /// an answer (a huge `--table-mib` or a tight `ulimit -v` must not abort the program).
    pub(super) fn new(bytes: usize, width: u32, height: u32) -> Table {
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
            packing: Packing::new(width, height),
        }
    }

    /// The key of a position (`side` to move).
    #[inline]
    pub(super) fn key(&self, white: u64, black: u64, side: usize) -> Key {
        let side = side as u8;
        match &self.packing {
            Some(p) => match p.word(white, black) {
                Some(a) => Key { a, b: 0, side },
                None => Key { a: 0, b: 1, side },
            },
            None => Key {
                a: white,
                b: black,
                side,
            },
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

    fn bucket(&self, k: Key) -> usize {
        let mut h = k.a.wrapping_mul(0x9E37_79B9_7F4A_7C15)
            ^ k.b
                .wrapping_add(u64::from(k.side))
                .wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
        h ^= h >> 31;
        h = h.wrapping_mul(0xBF58_476D_1CE4_E5B9);
        h ^= h >> 29;
        (h as usize) & self.mask
    }

    /// The words of slot `i` of a bucket of `W`-word entries: the key's two (the second 0
    /// in a compact slot, which stores one) and the meta.
    #[inline]
    fn words<const W: usize>(b: &Bucket, i: usize) -> (u64, u64, u64) {
        let w = &b[i * W..i * W + W];
        (w[0], if W == 3 { w[1] } else { 0 }, w[W - 1])
    }

    /// Slot `i` of a bucket of `W`-word entries.
    #[inline]
    fn entry<const W: usize>(b: &Bucket, i: usize) -> Entry {
        let (a, kb, meta) = Self::words::<W>(b, i);
        Entry::read(a, kb, meta)
    }

    /// The slot holding `k` in a bucket of `W`-word entries, if one does (compared word by
    /// word, without decoding the entries). A key that does not pack (`b` = 1) matches no
    /// compact slot.
    #[inline]
    fn find<const W: usize>(b: &Bucket, k: Key) -> Option<usize> {
        (0..8 / W).find(|&i| {
            let (a, kb, meta) = Self::words::<W>(b, i);
            a == k.a && kb == k.b && (meta >> 32) as u8 == k.side && (meta >> 48) as u8 != 0
        })
    }

    /// Asks the processor to start loading the bucket of a position, so that a later
    /// [`Table::get`] or [`Table::store`] of it does not wait for memory: a hint only, with
    /// no effect on what the table holds (the probes are cache misses, half the search's
    /// time, and several started together overlap).
    #[inline]
    pub(super) fn prefetch(&self, k: Key) {
        let b = &self.slice()[self.bucket(k)];
        prefetch_line(b);
    }

    /// The entry of a position, if the table holds one.
    #[inline]
    pub(super) fn get(&self, k: Key) -> Option<Entry> {
        let b = &self.slice()[self.bucket(k)];
        if self.packing.is_some() {
            Self::find::<2>(b, k).map(|i| Self::entry::<2>(b, i))
        } else {
            Self::find::<3>(b, k).map(|i| Self::entry::<3>(b, i))
        }
    }

    /// Adds what a search of the position `k` proved: `value` is a lower bound when `holds`
    /// (reached with `best`), else an upper bound. A new entry takes the slot of least work.
    pub(super) fn store(&mut self, k: Key, value: i32, holds: bool, best: u8, work: u64) {
        let work = (64 - work.leading_zeros()) as u8 + 1;
        if self.packing.is_none() {
            self.store_in::<3>(k, value, holds, best, work);
        } else if k.b == 0 {
            // A position that does not pack is never stored: its slot would lose `b`.
            self.store_in::<2>(k, value, holds, best, work);
        }
    }

    /// [`Table::store`] in a table of `W`-word entries, `work` as stored.
    #[inline]
    fn store_in<const W: usize>(&mut self, k: Key, value: i32, holds: bool, best: u8, work: u8) {
        let at = self.bucket(k);
        let bucket = &mut self.slice_mut()[at];
        let (i, mut e) = match Self::find::<W>(bucket, k) {
            Some(i) => (i, Self::entry::<W>(bucket, i)),
            None => {
                let i = (0..8 / W)
                    .min_by_key(|&i| Self::entry::<W>(bucket, i).work)
                    .unwrap_or(0);
                (i, Entry::empty(k))
            }
        };
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
        let w = &mut bucket[i * W..i * W + W];
        w[0] = e.key.a;
        if W == 3 {
            w[1] = e.key.b;
        }
        w[W - 1] = e.meta();
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
    /// A new entry of `key`: no bound, no move.
    fn empty(key: Key) -> Entry {
        Entry {
            key,
            lo: -(WIN as i16),
            hi: WIN as i16,
            best: NO_MOVE,
            work: 0,
        }
    }

    /// The last word of a stored entry: bounds, side, best move and work.
    fn meta(&self) -> u64 {
        u64::from(self.lo as u16)
            | u64::from(self.hi as u16) << 16
            | u64::from(self.key.side) << 32
            | u64::from(self.best) << 40
            | u64::from(self.work) << 48
    }

    fn read(a: u64, b: u64, m: u64) -> Entry {
        Entry {
            key: Key {
                a,
                b,
                side: (m >> 32) as u8,
            },
            lo: m as u16 as i16,
            hi: (m >> 16) as u16 as i16,
            best: (m >> 40) as u8,
            work: (m >> 48) as u8,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Random live positions of a `width` × `height` board: White's pawns off its far rank,
    /// Black's off rank 0, no tile with two.
    fn live_positions(width: u32, height: u32, n: usize) -> Vec<(u64, u64)> {
        let tiles = width * height;
        let row = (1u64 << width) - 1;
        let all = if tiles == 64 {
            u64::MAX
        } else {
            (1 << tiles) - 1
        };
        let mut x = 0x2545_F491_4F6C_DD1Du64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        (0..n)
            .map(|_| {
                let white = next() & next() & all & !(row << ((height - 1) * width));
                let black = next() & next() & all & !row & !white;
                (white, black)
            })
            .collect()
    }

    #[test]
    fn a_key_is_never_another_positions() {
        // 5 × 5 and 8 × 5 pack (40 and 64 bits), 5 × 8 does not (70): both layouts.
        for (w, h) in [(5, 5), (8, 5), (5, 8)] {
            let t = Table::new(1 << 16, w, h);
            assert_eq!(t.packing.is_some(), (w, h) != (5, 8));
            let mut seen = std::collections::HashMap::new();
            for (white, black) in live_positions(w, h, 20_000) {
                for side in 0..2 {
                    let k = t.key(white, black, side);
                    let before = seen.insert((k.a, k.b, k.side), (white, black));
                    assert!(before.is_none_or(|p| p == (white, black)), "{w}x{h}");
                }
            }
        }
    }

    #[test]
    fn entries_come_back_only_for_their_position() {
        for (w, h) in [(5, 5), (5, 8)] {
            // One bucket: every position competes for the same slots.
            let mut t = Table::new(64, w, h);
            let positions = live_positions(w, h, 6);
            // Stored in an order that is neither that of their work nor its reverse: each
            // new entry takes the slot of least work, so four slots end with 2, 3, 4 and 5,
            // and two with 2 and 5 (5 never leaves; 3, 0, 4 and 1 are each pushed out).
            for i in [3, 5, 0, 4, 1, 2] {
                let (white, black) = positions[i];
                t.store(t.key(white, black, 0), i as i32 + 1, true, i as u8, 1 << i);
            }
            let mut kept = Vec::new();
            for (i, &(white, black)) in positions.iter().enumerate() {
                assert!(t.get(t.key(white, black, 1)).is_none(), "the other side's");
                if let Some(e) = t.get(t.key(white, black, 0)) {
                    assert_eq!((e.lo, e.best), (i as i16 + 1, i as u8), "{w}x{h}");
                    kept.push(i);
                }
            }
            let expected = if t.packing.is_some() {
                vec![2, 3, 4, 5]
            } else {
                vec![2, 5]
            };
            assert_eq!(kept, expected, "{w}x{h}");
        }
    }

    #[test]
    fn a_finished_position_is_neither_stored_nor_found() {
        let mut t = Table::new(1 << 12, 5, 5);
        // Black's lone pawn on tile 7 packs to bit 2 + 20 = 22; White's pawn on tile 22 is
        // on its far rank (the match is over), and packed it would give the same word.
        let other = t.key(0, 1 << 7, 1);
        t.store(other, -7, false, NO_MOVE, 100);
        let over = t.key(1 << 22, 1 << 7, 1);
        assert!(t.get(over).is_none());
        t.store(over, 5, true, 3, 100);
        assert!(t.get(over).is_none());
        let e = t.get(other).expect("stored");
        assert_eq!((e.lo, e.hi, e.best), (-(WIN as i16), -7, NO_MOVE));
    }
}
