//! The records of a strategy certificate held for its check, and how a walk finds a
//! position's record.
//!
//! A walk asks for records in no order, so each lookup is a few cache misses at best. The
//! keys (64 bits up to 32 tiles, 128 past that), their move codes and a hash index from key to
//! record lie in anonymous maps advised to use huge pages, and a lookup reads one index slot
//! and one key (a binary search over the 499 M keys of 6 × 5 reads thirty). Without the memory
//! for the index, or past 2^32 − 1 records, lookups fall back to a binary search over the
//! sorted keys: slower, the same answers.

use std::io::{BufReader, Read};
use std::marker::PhantomData;

use super::check::CheckError;
use super::format::{Header, ReadError};
use super::plain::breakthrough::{Board, Step};

/// A fixed-length array of plain values, zeroed, in an anonymous map advised to use huge
/// pages (only advice: without them it works the same, slower).
struct Column<T> {
    map: memmap2::MmapMut,
    len: usize,
    of: PhantomData<T>,
}

impl<T: bytemuck::Pod> Column<T> {
    /// `len` zeros, or `None` when the system refuses the memory.
    fn zeroed(len: usize) -> Option<Column<T>> {
        let bytes = len.checked_mul(std::mem::size_of::<T>())?;
        let map = memmap2::MmapMut::map_anon(bytes.max(1)).ok()?;
        #[cfg(target_os = "linux")]
        let _ = map.advise(memmap2::Advice::HugePage);
        Some(Column {
            map,
            len,
            of: PhantomData,
        })
    }

    fn bytes(&self) -> usize {
        self.len * std::mem::size_of::<T>()
    }

    /// The values.
    fn get(&self) -> &[T] {
        bytemuck::cast_slice(&self.map[..self.bytes()])
    }

    /// The values, to change.
    fn get_mut(&mut self) -> &mut [T] {
        let n = self.bytes();
        bytemuck::cast_slice_mut(&mut self.map[..n])
    }
}

/// The keys, increasing: 64 bits wide when two bits a tile fit, else 128.
enum Keys {
    Narrow(Column<u64>),
    Wide(Column<u128>),
}

impl Keys {
    fn zeroed(len: usize, tiles: usize) -> Option<Keys> {
        Some(if 2 * tiles <= 64 {
            Keys::Narrow(Column::zeroed(len)?)
        } else {
            Keys::Wide(Column::zeroed(len)?)
        })
    }

    /// Key `i`. The reader checked that each key fits two bits a tile, so a narrow one fits.
    fn get(&self, i: usize) -> u128 {
        match self {
            Keys::Narrow(c) => u128::from(c.get()[i]),
            Keys::Wide(c) => c.get()[i],
        }
    }

    fn set(&mut self, i: usize, key: u128) {
        match self {
            Keys::Narrow(c) => c.get_mut()[i] = key as u64,
            Keys::Wide(c) => c.get_mut()[i] = key,
        }
    }

    /// The record of `key` by binary search.
    fn search(&self, key: u128) -> Option<usize> {
        match self {
            Keys::Narrow(c) => c.get().binary_search(&u64::try_from(key).ok()?).ok(),
            Keys::Wide(c) => c.get().binary_search(&key).ok(),
        }
    }
}

/// The hash index: per slot, a record's number + 1 (0: empty), at the slot of its key's hash
/// or the first empty one after it (linear probing), at most two thirds full.
struct Index {
    slots: Column<u32>,
    mask: usize,
}

impl Index {
    /// The index of `keys`' first `len`, or `None` without the memory or past 2^32 − 1.
    fn build(keys: &Keys, len: usize) -> Option<Index> {
        if u32::try_from(len).ok()? == u32::MAX {
            return None;
        }
        // At least one slot stays empty, so that a probe for a missing key ends.
        let size = (len + len / 2 + 1).checked_next_power_of_two()?;
        let mut index = Index {
            slots: Column::zeroed(size)?,
            mask: size - 1,
        };
        let mask = index.mask;
        let slots = index.slots.get_mut();
        for i in 0..len {
            let mut s = slot(keys.get(i), mask);
            while slots[s] != 0 {
                s = (s + 1) & mask;
            }
            slots[s] = i as u32 + 1;
        }
        Some(index)
    }

    fn find(&self, keys: &Keys, key: u128) -> Option<usize> {
        let s = slot(key, self.mask);
        self.probe(keys, key, s, self.slots.get()[s])
    }

    /// The record of `key` from slot `s`, which holds `first`.
    fn probe(&self, keys: &Keys, key: u128, mut s: usize, mut first: u32) -> Option<usize> {
        let slots = self.slots.get();
        loop {
            let i = (first as usize).checked_sub(1)?;
            if keys.get(i) == key {
                return Some(i);
            }
            s = (s + 1) & self.mask;
            first = slots[s];
        }
    }

    /// The records of `keys` into `out`. The home slots are read first, all of them, then
    /// the keys they point to: the reads of one pass do not wait for each other, so their
    /// cache misses overlap.
    fn find_each(&self, keys: &Keys, wanted: &[u128], out: &mut Vec<Option<usize>>) {
        let slots = self.slots.get();
        let homes: Vec<(usize, u32)> = wanted
            .iter()
            .map(|&k| {
                let s = slot(k, self.mask);
                (s, slots[s])
            })
            .collect();
        out.clear();
        out.extend(
            wanted
                .iter()
                .zip(homes)
                .map(|(&k, (s, first))| self.probe(keys, k, s, first)),
        );
    }
}

/// The home slot of `key`: its halves mixed (the finaliser of SplitMix64), masked.
fn slot(key: u128, mask: usize) -> usize {
    let mut x = (key as u64) ^ ((key >> 64) as u64).rotate_left(31);
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (x ^ (x >> 31)) as usize & mask
}

/// The records of a certificate and how to find a position's.
pub(super) struct Lookup {
    /// Whether keys are canonical under the mirror.
    mirror: bool,
    /// Files and ranks of the board.
    width: usize,
    height: usize,
    /// Tiles of the board.
    tiles: usize,
    len: usize,
    keys: Keys,
    moves: Column<u8>,
    index: Option<Index>,
}

impl Lookup {
    /// Reads the records of the body after `header`, of a board of `width` × `height`.
    ///
    /// # Errors
    /// A damaged body, or more records than the memory holds.
    pub(super) fn read<R: Read>(
        header: &Header,
        body: BufReader<R>,
        (width, height): (usize, usize),
    ) -> Result<Lookup, CheckError> {
        let tiles = width * height;
        let too_many = || {
            CheckError::Read(ReadError::Bad(format!(
                "header: {} records: more than the memory holds",
                header.records
            )))
        };
        let len = usize::try_from(header.records).map_err(|_| too_many())?;
        let (mut keys, mut moves) = Keys::zeroed(len, tiles)
            .zip(Column::<u8>::zeroed(len))
            .ok_or_else(too_many)?;
        let mut i = 0;
        super::format::read_all(header, body, |(k, m)| {
            keys.set(i, k);
            moves.get_mut()[i] = m;
            i += 1;
        })?;
        let index = Index::build(&keys, len);
        Ok(Lookup {
            mirror: header.mirror,
            width,
            height,
            tiles,
            len,
            keys,
            moves,
            index,
        })
    }

    /// The number of records.
    pub(super) fn len(&self) -> usize {
        self.len
    }

    /// Files and ranks of the board.
    pub(super) fn size(&self) -> (usize, usize) {
        (self.width, self.height)
    }

    /// The board of record `i`, `white_to_move` or not; `None` when its key puts two pawns on
    /// a tile.
    pub(super) fn board(&self, i: usize, white_to_move: bool) -> Option<Board> {
        let key = self.keys.get(i);
        let mask = u64::MAX >> (64 - self.tiles);
        let (white, black) = ((key as u64) & mask, (key >> self.tiles) as u64);
        Board::from_sets(self.width, self.height, white, black, white_to_move)
    }

    fn key(&self, (white, black): (u64, u64)) -> u128 {
        u128::from(white) | u128::from(black) << self.tiles
    }

    /// A bit set of tiles seen in a mirror: each rank's files reversed.
    fn mirrored(&self, set: u64) -> u64 {
        let w = self.width;
        (0..self.height).fold(0, |m, r| {
            let row = (set >> (r * w)) & ((1 << w) - 1);
            m | (row.reverse_bits() >> (64 - w)) << (r * w)
        })
    }

    /// The key of `b`'s record: of `b`, or of its mirror image (then `true`) when keys are
    /// canonical under the mirror and that one is smaller.
    pub(super) fn key_of(&self, b: &Board) -> (u128, bool) {
        let (white, black) = b.sets();
        let key = self.key((white, black));
        if self.mirror {
            let mk = self.key((self.mirrored(white), self.mirrored(black)));
            if mk < key {
                return (mk, true);
            }
        }
        (key, false)
    }

    /// The record of `key`.
    pub(super) fn find(&self, key: u128) -> Option<usize> {
        match &self.index {
            Some(index) => index.find(&self.keys, key),
            None => self.keys.search(key),
        }
    }

    /// The record of `b` (of its mirror image when that is the smaller key): its number and
    /// the board it speaks of; `None` without a record.
    pub(super) fn record(&self, b: &Board) -> Option<(usize, Board)> {
        let (key, mirrored) = self.key_of(b);
        let i = self.find(key)?;
        Some((i, if mirrored { b.mirrored() } else { b.clone() }))
    }

    /// The records of `keys` (from [`Lookup::key_of`]) into `out`, in order: many lookups at
    /// once wait for memory about as long as one.
    pub(super) fn find_each(&self, keys: &[u128], out: &mut Vec<Option<usize>>) {
        match &self.index {
            Some(index) => index.find_each(&self.keys, keys, out),
            None => {
                out.clear();
                out.extend(keys.iter().map(|&k| self.keys.search(k)));
            }
        }
    }

    /// The move of record `i` in `at`, the board it speaks of.
    ///
    /// # Errors
    /// An illegal move.
    pub(super) fn step(&self, i: usize, at: &Board) -> Result<Step, CheckError> {
        let code = self.moves.get()[i];
        let (from, dir) = (usize::from(code & 63), code >> 6);
        let file = from % at.width;
        let to_file = match dir {
            0 => Some(file),
            1 => file.checked_sub(1),
            2 => Some(file + 1),
            _ => None,
        };
        let steps = at.steps_from(from);
        let found = steps
            .iter()
            .copied()
            .find(|s| Some(s.to % at.width) == to_file);
        found.ok_or_else(|| {
            CheckError::Refuted(format!(
                "an illegal move: record {i} plays code {code} (tile {from}, direction {dir}), no legal move of {}",
                at.pawns_text()
            ))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_index_finds_every_key_and_no_other_as_the_binary_search_does() {
        for (tiles, len) in [(20, 0), (20, 1), (20, 5000), (40, 5000)] {
            let mut rng = fastrand::Rng::with_seed(len as u64);
            let mut all: Vec<u128> = (0..len)
                .map(|_| u128::from(rng.u64(1..1 << 40)) << (2 * tiles - 40))
                .collect();
            all.sort_unstable();
            all.dedup();
            let mut keys = Keys::zeroed(all.len(), tiles).unwrap();
            for (i, &k) in all.iter().enumerate() {
                keys.set(i, k);
            }
            let index = Index::build(&keys, all.len()).unwrap();
            for (i, &k) in all.iter().enumerate() {
                assert_eq!(index.find(&keys, k), Some(i));
                assert_eq!(keys.search(k), Some(i));
            }
            for probe in (0..200).map(|_| u128::from(rng.u64(1..1 << 40))) {
                assert_eq!(index.find(&keys, probe), keys.search(probe));
            }
        }
    }
}
