//! The records of a strategy while a walk gathers them, and then sorted for the certificate
//! (docs/certificates.md): an open-addressing table (linear probing) of packed slots, each a
//! file key and its value with no padding. Keys are `u64` when the board's file keys fit
//! (2 × tiles ≤ 64), else `u128`; so a winner's record of a board of up to 32 tiles takes
//! 9 bytes a slot, where a standard hash map of `u128` keys took 32 bytes an entry plus
//! control bytes and a sorted copy besides. At the end the slots are sorted in place.
//!
//! The table starts at the size that holds the records expected (at 3/4 full, within the
//! budget), so a large walk does not pay for doubling, whose old and new slots live at once.
//! It grows by doubling at 3/4 full while the old and the new slots fit the byte budget; past
//! it, it fills to 7/8, then refuses ([`Full`]): the walk then stops with the memory limit. File key 0 (no pawn at all) is never a position's, so it marks an empty
//! slot.

/// A file key and its value, packed without padding.
#[repr(C, packed)]
#[derive(Clone, Copy)]
struct Slot<K: Copy, V: Copy> {
    key: K,
    val: V,
}

impl<K: Copy, V: Copy> Slot<K, V> {
    /// The file key.
    fn key(&self) -> K {
        self.key
    }

    /// The value.
    fn val(&self) -> V {
        self.val
    }
}

/// The key type of a table: `u64` or `u128`.
trait Key: Copy + Ord + Default {
    /// The key from a file key that fits (the table chose the type by the board).
    fn narrow(k: u128) -> Self;
    /// The file key.
    fn wide(self) -> u128;
    /// 64 bits to hash.
    fn fold(self) -> u64;
}

impl Key for u64 {
    fn narrow(k: u128) -> Self {
        k as u64
    }
    fn wide(self) -> u128 {
        u128::from(self)
    }
    fn fold(self) -> u64 {
        self
    }
}

impl Key for u128 {
    fn narrow(k: u128) -> Self {
        k
    }
    fn wide(self) -> u128 {
        self
    }
    fn fold(self) -> u64 {
        (self as u64) ^ (self >> 64) as u64
    }
}

/// The budget of the table is spent: no record can be added.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Full;

/// The table of one key type.
struct Table<K: Copy, V: Copy> {
    slots: Vec<Slot<K, V>>,
    /// log2 of the slots.
    bits: u32,
    len: usize,
    max_bytes: usize,
}

/// Slots of a new table.
const FIRST_BITS: u32 = 10;

impl<K: Key, V: Copy + Default> Table<K, V> {
    /// A table that holds `expected` records at 3/4 full, or the largest within `max_bytes`.
    fn new(max_bytes: usize, expected: usize) -> Self {
        let slot = std::mem::size_of::<Slot<K, V>>();
        let mut bits = FIRST_BITS;
        while (1usize << bits).saturating_mul(3) < expected.saturating_mul(4)
            && (2usize << bits).saturating_mul(slot) <= max_bytes
        {
            bits += 1;
        }
        Table {
            slots: Self::empty(1 << bits),
            bits,
            len: 0,
            max_bytes,
        }
    }

    fn empty(n: usize) -> Vec<Slot<K, V>> {
        vec![
            Slot {
                key: K::default(),
                val: V::default()
            };
            n
        ]
    }

    /// The slot of `key`, or the empty slot where it would go.
    fn find(&self, key: K) -> Result<usize, usize> {
        let mask = self.slots.len() - 1;
        let mut i = (key.fold().wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - self.bits)) as usize;
        loop {
            let k = self.slots[i].key;
            if k == key {
                return Ok(i);
            }
            if k == K::default() {
                return Err(i);
            }
            i = (i + 1) & mask;
        }
    }

    fn get(&self, key: K) -> Option<V> {
        self.find(key).ok().map(|i| self.slots[i].val)
    }

    fn insert(&mut self, key: K, val: V) -> Result<(), Full> {
        if key == K::default() {
            return Err(Full); // not a position's key: refused, never stored as "empty"
        }
        let i = match self.find(key) {
            Ok(i) => i,
            Err(_) => {
                self.make_room()?;
                self.len += 1;
                self.find(key).unwrap_or_else(|empty| empty)
            }
        };
        self.slots[i] = Slot { key, val };
        Ok(())
    }

    /// Room for one more record: grows at 3/4 full when the budget allows, else fills to 7/8.
    fn make_room(&mut self) -> Result<(), Full> {
        let cap = self.slots.len();
        if (self.len + 1) * 4 <= cap * 3 {
            return Ok(());
        }
        let slot = std::mem::size_of::<Slot<K, V>>();
        if cap.saturating_mul(3).saturating_mul(slot) <= self.max_bytes {
            self.grow();
            return Ok(());
        }
        if (self.len + 1) * 8 <= cap * 7 {
            Ok(())
        } else {
            Err(Full)
        }
    }

    fn grow(&mut self) {
        let twice = Self::empty(self.slots.len() * 2);
        let old = std::mem::replace(&mut self.slots, twice);
        self.bits += 1;
        for s in old {
            if s.key() != K::default() {
                let Err(i) = self.find(s.key()) else {
                    continue; // keys are unique: never reached
                };
                self.slots[i] = s;
            }
        }
    }

    fn into_sorted(self) -> Vec<Slot<K, V>> {
        let mut s = self.slots;
        s.retain(|x| x.key() != K::default());
        s.shrink_to_fit();
        s.sort_unstable_by_key(Slot::key);
        s
    }
}

/// The records of a walk: per file key, a value `V` (the move code, and for the loser's
/// strategy also the plies it was shown to last).
pub(super) struct RecordTable<V: Copy>(Tables<V>);

enum Tables<V: Copy> {
    /// File keys of at most 64 bits.
    Narrow(Table<u64, V>),
    /// Wider file keys (boards of more than 32 tiles).
    Wide(Table<u128, V>),
}

impl<V: Copy + Default> RecordTable<V> {
    /// An empty table for a board of `tiles` tiles, its slots within `max_bytes`, sized for
    /// `expected` records.
    pub(super) fn new(tiles: u32, max_bytes: usize, expected: usize) -> Self {
        RecordTable(if 2 * tiles <= 64 {
            Tables::Narrow(Table::new(max_bytes, expected))
        } else {
            Tables::Wide(Table::new(max_bytes, expected))
        })
    }

    /// The value of `key`, if it has a record.
    pub(super) fn get(&self, key: u128) -> Option<V> {
        match &self.0 {
            Tables::Narrow(t) => t.get(u64::narrow(key)),
            Tables::Wide(t) => t.get(key),
        }
    }

    /// Records `val` for `key` (replacing its earlier value).
    ///
    /// # Errors
    /// [`Full`] when a new record would pass the budget.
    pub(super) fn insert(&mut self, key: u128, val: V) -> Result<(), Full> {
        match &mut self.0 {
            Tables::Narrow(t) => t.insert(u64::narrow(key), val),
            Tables::Wide(t) => t.insert(key, val),
        }
    }

    /// The records, sorted by key, each value turned into its move code by `code`.
    pub(super) fn into_records(self, code: impl Fn(V) -> u8) -> Records {
        fn conv<K: Key, V: Copy + Default>(
            t: Table<K, V>,
            code: impl Fn(V) -> u8,
        ) -> Vec<Slot<K, u8>> {
            t.into_sorted()
                .into_iter()
                .map(|s| Slot {
                    key: s.key,
                    val: code(s.val),
                })
                .collect()
        }
        Records(match self.0 {
            Tables::Narrow(t) => Sorted::Narrow(conv(t, code)),
            Tables::Wide(t) => Sorted::Wide(conv(t, code)),
        })
    }
}

/// A strategy's records, sorted by file key, each key once: the file key and the move code.
#[derive(Clone)]
pub struct Records(Sorted);

/// A record of a narrow key, and of a wide one.
type Narrow = Slot<u64, u8>;
type Wide = Slot<u128, u8>;

#[derive(Clone)]
enum Sorted {
    /// File keys of at most 64 bits.
    Narrow(Vec<Narrow>),
    /// Wider file keys.
    Wide(Vec<Wide>),
}

impl std::fmt::Debug for Records {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Records({} records)", self.len())
    }
}

impl Records {
    /// The number of records.
    #[must_use]
    pub fn len(&self) -> usize {
        match &self.0 {
            Sorted::Narrow(v) => v.len(),
            Sorted::Wide(v) => v.len(),
        }
    }

    /// Whether there is no record.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The records in key order: (file key, move code).
    pub fn iter(&self) -> impl Iterator<Item = (u128, u8)> + Clone + '_ {
        let (narrow, wide): (&[Narrow], &[Wide]) = match &self.0 {
            Sorted::Narrow(v) => (v, &[]),
            Sorted::Wide(v) => (&[], v),
        };
        let n = narrow.iter().map(|s| (s.key().wide(), s.val()));
        n.chain(wide.iter().map(|s| (s.key(), s.val())))
    }

    /// The records as a list (for tests and small strategies).
    #[must_use]
    pub fn to_vec(&self) -> Vec<(u128, u8)> {
        self.iter().collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Keys from a small deterministic generator (xorshift), never 0.
    fn keys(n: usize, seed: u64) -> Vec<u128> {
        let mut x = seed;
        (0..n)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                u128::from(x | 1)
            })
            .collect()
    }

    #[test]
    fn the_table_keeps_every_record_as_a_map_does_and_sorts_them() {
        for (tiles, wide) in [(30, false), (40, true)] {
            let mut t = RecordTable::<(u8, u16)>::new(tiles, usize::MAX, 0);
            let mut map = std::collections::BTreeMap::new();
            let high = if wide { 1u128 << 90 } else { 0 };
            for (i, k) in keys(5000, 7 + u64::from(tiles)).into_iter().enumerate() {
                let k = k % 3001 + 1 + high; // repeats: later values replace earlier ones
                let v = (i as u8, i as u16);
                t.insert(k, v).unwrap();
                map.insert(k, v);
                assert_eq!(t.get(k), Some(v));
            }
            for (&k, &v) in &map {
                assert_eq!(t.get(k), Some(v));
            }
            assert_eq!(t.get(3002 + high), None);
            let sorted = t.into_records(|(m, _)| m).to_vec();
            let expect: Vec<(u128, u8)> = map.iter().map(|(&k, &(m, _))| (k, m)).collect();
            assert_eq!(sorted, expect);
        }
    }

    #[test]
    fn the_budget_stops_the_table_and_key_zero_is_refused() {
        let slot = std::mem::size_of::<Slot<u64, u8>>();
        assert_eq!(slot, 9, "packed");
        // Room for the first 1024 slots only: 7/8 of them, then full.
        let mut t = RecordTable::<u8>::new(30, 1024 * slot, 0);
        let mut added = 0;
        for k in keys(2000, 3) {
            if t.insert(k, 1).is_err() {
                break;
            }
            added += 1;
        }
        assert_eq!(added, 1024 * 7 / 8);
        assert_eq!(t.insert(0, 1), Err(Full));
    }

    /// The slots of a narrow table.
    fn slots(t: &RecordTable<u8>) -> usize {
        match &t.0 {
            Tables::Narrow(t) => t.slots.len(),
            Tables::Wide(t) => t.slots.len(),
        }
    }

    #[test]
    fn a_table_sized_for_its_records_never_grows_and_stays_within_its_budget() {
        let mut t = RecordTable::<u8>::new(30, usize::MAX, 3000);
        assert_eq!(slots(&t), 4096, "3000 records at 3/4 full");
        for k in keys(3000, 5) {
            t.insert(k, 1).unwrap();
        }
        assert_eq!(slots(&t), 4096, "no doubling");
        let slot = std::mem::size_of::<Slot<u64, u8>>();
        let t = RecordTable::<u8>::new(30, 2047 * slot, 3000);
        assert_eq!(
            slots(&t),
            1024,
            "the largest power of two within the budget"
        );
        assert_eq!(
            slots(&RecordTable::<u8>::new(30, 0, 3000)),
            1024,
            "never below the first size"
        );
    }
}
