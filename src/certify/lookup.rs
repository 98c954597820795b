//! The records of a strategy certificate held for its check, and how a walk finds a
//! position's record.
//!
//! The keys (64 bits up to 32 tiles, 128 past that) and their move codes lie, sorted, in
//! anonymous maps advised to use huge pages. A walk asks for keys in increasing order (it
//! sorts them first) and finds them with a [`Cursor`], a forward search that reads the keys in
//! order: far fewer cache misses than a lookup at random, and no index to hold.

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

    /// The first of the records `from..to` whose key is not below `key` (`to` when none).
    fn first_not_below(&self, from: usize, to: usize, key: u128) -> usize {
        from + match self {
            Keys::Narrow(c) => match u64::try_from(key) {
                Ok(key) => c.get()[from..to].partition_point(|&k| k < key),
                Err(_) => to - from,
            },
            Keys::Wide(c) => c.get()[from..to].partition_point(|&k| k < key),
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

/// A forward search over the sorted keys: each key asked is found from where the last one
/// was, first in steps that double, then by halves, so that keys asked in increasing order
/// read the records' keys in order.
pub(super) struct Cursor<'a> {
    keys: &'a Keys,
    len: usize,
    /// Every key before it is smaller than the last key asked.
    at: usize,
}

impl Cursor<'_> {
    /// The record of `key`, no smaller than the last key asked.
    pub(super) fn seek(&mut self, key: u128) -> Option<usize> {
        debug_assert!(self.at == 0 || self.keys.get(self.at - 1) < key);
        let (mut lo, mut step) = (self.at, 1);
        let hi = loop {
            let probe = lo + step - 1;
            if probe >= self.len || self.keys.get(probe) >= key {
                break probe.min(self.len);
            }
            lo = probe + 1;
            step *= 2;
        };
        let lo = self.keys.first_not_below(lo, hi, key);
        self.at = lo;
        (lo < self.len && self.keys.get(lo) == key).then_some(lo)
    }
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
        // A walk numbers records in 32 bits, the last number standing for the start.
        if header.records >= u64::from(u32::MAX) {
            return Err(CheckError::Read(ReadError::Bad(format!(
                "header: {} records: a checker takes fewer than 2^32 − 1",
                header.records
            ))));
        }
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
        Ok(Lookup {
            mirror: header.mirror,
            width,
            height,
            tiles,
            len,
            keys,
            moves,
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
        self.keys.search(key)
    }

    /// A forward search over the keys, for keys asked in increasing order.
    pub(super) fn cursor(&self) -> Cursor<'_> {
        Cursor {
            keys: &self.keys,
            len: self.len,
            at: 0,
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
            CheckError::refuted(format!(
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
    fn the_cursor_finds_every_key_and_no_other_as_the_binary_search_does() {
        for (tiles, len) in [(20, 0), (20, 1), (20, 5000), (40, 5000)] {
            let mut rng = fastrand::Rng::with_seed(len as u64);
            let shift = 2 * tiles - 40;
            let mut all: Vec<u128> = (0..len)
                .map(|_| u128::from(rng.u64(1..1 << 40)) << shift)
                .collect();
            all.sort_unstable();
            all.dedup();
            let mut keys = Keys::zeroed(all.len(), tiles).unwrap();
            for (i, &k) in all.iter().enumerate() {
                keys.set(i, k);
            }
            for (i, &k) in all.iter().enumerate() {
                assert_eq!(keys.search(k), Some(i));
            }
            // Asked in increasing order: missing keys (below, between and past the records'),
            // present ones, some twice.
            let mut probes: Vec<u128> = (0..200)
                .map(|_| u128::from(rng.u64(0..1 << 41)) << shift)
                .collect();
            probes.extend(all.iter().step_by(3));
            probes.extend(all.iter().step_by(7));
            probes.extend([0, u128::MAX >> (128 - 2 * tiles)]);
            probes.sort_unstable();
            let mut cursor = Cursor {
                keys: &keys,
                len: all.len(),
                at: 0,
            };
            let mut hits = 0;
            for probe in probes {
                let found = cursor.seek(probe);
                assert_eq!(found, keys.search(probe), "{probe:#x}");
                hits += usize::from(found.is_some());
            }
            assert!(len < 2 || hits > all.len() / 3, "{hits} hits");
        }
    }
}
