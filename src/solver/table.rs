//! The transposition table: proven facts about positions with the player to move, keyed
//! exactly, in a fixed memory bound that it never clears to stay under.
//!
//! # Exactness
//! An entry is found only for the position it was written for. Positions that give a packed
//! key ([`GameState::packed_key`], 32 bytes, an exact encoding of everything but what never
//! changes in a match) are stored under that key; the 64-bit Zobrist key ([`GameState::key`])
//! only picks the bucket, and lookups compare the whole packed key, so a Zobrist collision
//! costs a probe, never a wrong answer. What the packed key leaves out (PP: board size and
//! terrain) is checked by [`GameState::match_key`]: a position of another match empties the
//! table first. Positions without a packed key are stored whole.
//!
//! Entries only record proven facts (a win within k moves, no win within k moves), so the
//! table's size changes the work done, never a verdict.
//!
//! # Memory and replacement
//! Each kind of entry lives in buckets of [`BUCKET`] slots. The slots grow (doubling, when
//! mostly taken or when a new entry's bucket is full) while both kinds together stay within
//! the byte bound and within what the work so far allows (4 MiB, then 8 bytes per store:
//! short searches keep a small table, which is also faster for them, and deep ones grow
//! theirs as they go); after that, a new entry whose bucket is full replaces the slot holding
//! the least valuable fact: the one about the fewest player
//! moves (the cheapest to prove again), the older one among equals. The new entry is always
//! stored: it is the one the search is working near.

use crate::game::GameState;

/// Slots per bucket: a probe compares at most this many keys.
const BUCKET: usize = 4;

/// Slots a table starts with, once something is stored (grown by doubling).
const FIRST_SLOTS: usize = 64 * BUCKET;

/// The table may always grow to this many bytes (within its bound); beyond that, to
/// [`GROW_BYTES_PER_STORE`] times the stores since it was emptied.
const GROW_FLOOR_BYTES: usize = 4 << 20;

/// Bytes the table may take per store beyond [`GROW_FLOOR_BYTES`]: one 64-byte slot per eight
/// stores. Measured (issue 16, `solve` of benches/full-board.txt): line 20's win in 5 stays
/// at the floor (9.6 MB resident, 1.30 s CPU; 138 MB and 1.39 s with the whole bound), the
/// full-board win in 6 of docs/speed.md grows to 64 MiB (58 s; 53 s with 128 MiB).
const GROW_BYTES_PER_STORE: u64 = 8;

/// Grow when more than this fraction (num/den) of the slots are taken.
const GROW_AT: (usize, usize) = (3, 4);

/// What the table knows of a position with the player to move: a win within `win_at_most`
/// player moves is proven (`u32::MAX` when none is), and no win within `fail_at_least` is
/// proven (0 when nothing is).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Entry {
    pub win_at_most: u32,
    pub fail_at_least: u32,
}

const _: () = assert!(std::mem::size_of::<Entry>() == 8);

impl Entry {
    const UNKNOWN: Entry = Entry {
        win_at_most: u32::MAX,
        fail_at_least: 0,
    };

    /// How much search the entry saves: the most player moves it speaks of.
    fn worth(self) -> u32 {
        let win = if self.win_at_most == u32::MAX {
            0
        } else {
            self.win_at_most
        };
        win.max(self.fail_at_least)
    }
}

/// A packed key with its Zobrist key: both are compared.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Packed {
    zobrist: u64,
    packed: [u64; 4],
}

const _: () = assert!(std::mem::size_of::<Packed>() == 40);

/// One slot: the key, what is known, and when it was last written (for ties in replacement).
#[derive(Clone)]
struct Slot<K> {
    key: K,
    entry: Entry,
    stamp: u32,
}

/// Buckets of slots for one kind of key, grown by doubling, never beyond what the caller
/// allows.
struct Slots<K> {
    slots: Vec<Option<Slot<K>>>,
    used: usize,
}

impl<K: Clone + Eq + Hashed> Slots<K> {
    const SLOT_BYTES: usize = std::mem::size_of::<Option<Slot<K>>>();

    fn new() -> Slots<K> {
        Slots {
            slots: Vec::new(),
            used: 0,
        }
    }

    fn bytes(&self) -> usize {
        self.slots.len() * Self::SLOT_BYTES
    }

    fn bucket(&self, hash: u64) -> std::ops::Range<usize> {
        let buckets = self.slots.len() / BUCKET;
        // Buckets are a power of two; the high bits of the Zobrist key are as random.
        let b = (hash >> 32) as usize & (buckets - 1);
        b * BUCKET..(b + 1) * BUCKET
    }

    fn get(&self, key: &K) -> Option<Entry> {
        if self.slots.is_empty() {
            return None;
        }
        self.slots[self.bucket(key.hash())]
            .iter()
            .flatten()
            .find(|s| s.key == *key)
            .map(|s| s.entry)
    }

    /// The entry for `key`, taking a slot for it first if needed: an empty one, else the
    /// least valuable of its bucket. `room` is how many more bytes the slots may take.
    fn entry(&mut self, key: &K, stamp: u32, room: usize) -> Option<&mut Entry> {
        let before = self.bytes();
        self.grow(room, false);
        if self.slots.is_empty() {
            return None;
        }
        // A full bucket: grow rather than replace while the memory allows (what the first
        // growth took counts against it), so that nothing is lost before the bound.
        if self.full_without(key) {
            self.grow(room - (self.bytes() - before), true);
        }
        let range = self.bucket(key.hash());
        let bucket = &mut self.slots[range];
        let i = match bucket
            .iter()
            .position(|s| s.as_ref().is_some_and(|s| s.key == *key))
        {
            Some(i) => i,
            None => {
                let i = match bucket.iter().position(Option::is_none) {
                    Some(i) => {
                        self.used += 1;
                        i
                    }
                    None => (0..BUCKET)
                        .min_by_key(|&i| {
                            bucket[i]
                                .as_ref()
                                .map_or((0, 0), |s| (s.entry.worth(), s.stamp))
                        })
                        .unwrap_or(0),
                };
                bucket[i] = Some(Slot {
                    key: key.clone(),
                    entry: Entry::UNKNOWN,
                    stamp,
                });
                i
            }
        };
        let slot = bucket[i].as_mut()?;
        slot.stamp = stamp;
        Some(&mut slot.entry)
    }

    /// Whether `key`'s bucket is full and does not hold it.
    fn full_without(&self, key: &K) -> bool {
        self.slots[self.bucket(key.hash())]
            .iter()
            .all(|s| s.as_ref().is_some_and(|s| s.key != *key))
    }

    /// Doubles the slots when they are mostly taken, or when `force`, and the bigger array
    /// fits in `room` more bytes. The memory is asked of the system first: when it refuses,
    /// the table keeps its size (it only caches facts) instead of aborting the process.
    ///
    /// In place, so that the old and new arrays are never held at once: with one more bit of
    /// the Zobrist key, an entry of bucket `b` stays there or moves to bucket `b + buckets`,
    /// which is new and empty. Each entry keeps its slot or takes the first free one, as
    /// re-placing into a fresh array would.
    fn grow(&mut self, room: usize, force: bool) {
        let len = self.slots.len();
        if len > 0 && !force && self.used * GROW_AT.1 <= len * GROW_AT.0 {
            return;
        }
        let new_len = if len == 0 { FIRST_SLOTS } else { len * 2 };
        if (new_len - len) * Self::SLOT_BYTES > room
            || self.slots.try_reserve_exact(new_len - len).is_err()
        {
            return;
        }
        self.slots.resize(new_len, None);
        for i in 0..len {
            let Some(s) = &self.slots[i] else { continue };
            let to = self.bucket(s.key.hash());
            if to.contains(&i) {
                continue;
            }
            if let Some(j) = to.clone().find(|&j| self.slots[j].is_none()) {
                self.slots[j] = self.slots[i].take();
            }
        }
    }
}

/// The Zobrist key a stored key was placed by.
trait Hashed {
    fn hash(&self) -> u64;
}

impl Hashed for Packed {
    fn hash(&self) -> u64 {
        self.zobrist
    }
}

/// A whole position and its Zobrist key.
#[derive(Clone, PartialEq, Eq)]
struct Whole<G> {
    zobrist: u64,
    pos: G,
}

impl<G> Hashed for Whole<G> {
    fn hash(&self) -> u64 {
        self.zobrist
    }
}

/// The table: packed entries, and whole-position entries for positions without a packed key.
pub(crate) struct Table<G: GameState> {
    packed: Slots<Packed>,
    whole: Slots<Whole<G>>,
    /// The byte bound; 0 turns the table off.
    bytes: usize,
    /// [`GameState::match_key`] of the positions stored.
    match_key: Option<u64>,
    /// Stores since the table was last emptied: the work the table may grow with, and (its
    /// low 32 bits) the age of an entry for replacement.
    stores: u64,
}

impl<G: GameState> Table<G> {
    pub fn new(bytes: usize) -> Table<G> {
        Table {
            packed: Slots::new(),
            whole: Slots::new(),
            bytes,
            match_key: None,
            stores: 0,
        }
    }

    /// Memory held now, in bytes (the slots of both kinds); never more than the bound.
    pub fn bytes(&self) -> usize {
        self.packed.bytes() + self.whole.bytes()
    }

    /// Empties the table when `pos` belongs to another match than the positions stored.
    pub fn enter_match(&mut self, pos: &G) {
        let k = pos.match_key();
        if self.match_key != Some(k) {
            self.packed = Slots::new();
            self.whole = Slots::new();
            self.match_key = Some(k);
            self.stores = 0;
        }
    }

    pub fn get(&self, pos: &G) -> Option<Entry> {
        if self.bytes == 0 {
            return None;
        }
        let zobrist = pos.key();
        match pos.packed_key() {
            Some(packed) => self.packed.get(&Packed { zobrist, packed }),
            None => self.whole.get(&Whole {
                zobrist,
                pos: pos.clone(),
            }),
        }
    }

    /// Records that the player, to move in `pos`, wins (or cannot win) within `n` moves.
    pub fn store(&mut self, pos: &G, n: u32, win: bool) {
        if self.bytes == 0 {
            return;
        }
        self.stores += 1;
        let allowed = self.bytes.min(GROW_FLOOR_BYTES.max(
            usize::try_from(self.stores.saturating_mul(GROW_BYTES_PER_STORE)).unwrap_or(usize::MAX),
        ));
        let room = allowed.saturating_sub(self.bytes());
        #[expect(clippy::cast_possible_truncation, reason = "an age that wraps, as u32")]
        let stamp = self.stores as u32;
        let zobrist = pos.key();
        let e = match pos.packed_key() {
            Some(packed) => self.packed.entry(&Packed { zobrist, packed }, stamp, room),
            None => self.whole.entry(
                &Whole {
                    zobrist,
                    pos: pos.clone(),
                },
                stamp,
                room,
            ),
        };
        let Some(e) = e else { return };
        if win {
            e.win_at_most = e.win_at_most.min(n);
        } else {
            e.fail_at_least = e.fail_at_least.max(n);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::pawn_peak::{Piece, PieceKind, Position, Side, Square};

    /// Positions of one match: a Red Scout on each square of a 10 × 10 board and a Blue
    /// Guardian on a10, with the move counter from 0 to 199 and the limit from 200 up,
    /// `counts` pairs.
    fn positions(counts: u16) -> Vec<Position> {
        positions_on(10, counts)
    }

    /// As [`positions`], on a `size` × `size` board (the Guardian in the top left corner).
    fn positions_on(size: u8, counts: u16) -> Vec<Position> {
        let mut out = Vec::new();
        let empty = Position::empty(size, size).expect("a square board");
        let corner = Square::new(0, size - 1);
        for c in 0..counts {
            for sq in empty.squares().filter(|&sq| sq != corner) {
                let mut p = empty;
                p.set_piece(sq, Some(Piece::new(Side::Red, PieceKind::Scout)))
                    .expect("a square of the board");
                p.set_piece(corner, Some(Piece::new(Side::Blue, PieceKind::Guardian)))
                    .expect("a square of the board");
                p.set_counter(c % 200, 200 + c / 200)
                    .expect("a counter under the limit");
                out.push(p);
            }
        }
        out
    }

    #[test]
    fn a_full_table_stays_in_its_bound_and_keeps_its_deepest_facts() {
        let bound = 64 << 10;
        let mut t: Table<Position> = Table::new(bound);
        let all = positions(40);
        t.enter_match(&all[0]);
        // A deep fact first, then many shallow ones: far more than fit.
        t.store(&all[0], 9, true);
        for p in &all[1..] {
            t.store(p, 2, false);
            assert!(t.bytes() <= bound, "{} > {bound}", t.bytes());
        }
        assert!(t.bytes() > bound / 4, "the table grew: {}", t.bytes());
        let e = t.get(&all[0]).expect("the deep fact survives");
        assert_eq!(e.win_at_most, 9);
        // Many recent shallow facts are still there; none is ever wrong.
        let found = all[1..].iter().filter(|p| t.get(p).is_some()).count();
        assert!(found > 500, "{found}");
        for p in &all[1..] {
            if let Some(e) = t.get(p) {
                assert_eq!((e.win_at_most, e.fail_at_least), (u32::MAX, 2));
            }
        }
    }

    #[test]
    fn one_store_that_grows_the_slots_twice_stays_within_its_room() {
        // Slots three quarters taken and one bucket full whatever the size (four keys of one
        // Zobrist key): the next store of a key of that bucket grows them (mostly taken), then
        // again (its bucket is full). With room for 2.5 times what they hold, the first
        // doubling fits and the second no longer does.
        let mut s: Slots<Packed> = Slots::new();
        let key = |zobrist: u64, n: u64| Packed {
            zobrist,
            packed: [n, 0, 0, 0],
        };
        let crowded = 7u64 << 32;
        for n in 0..4 {
            s.entry(&key(crowded, n), 0, usize::MAX);
        }
        let mut n = 4;
        let mut bucket = 8u64;
        while s.used * GROW_AT.1 <= s.slots.len() * GROW_AT.0 {
            s.entry(&key(bucket << 32, n), 0, usize::MAX);
            bucket = (bucket + 1) % 64;
            if bucket == 7 {
                bucket = 8;
            }
            n += 1;
        }
        let held = s.bytes();
        assert_eq!(s.slots.len(), FIRST_SLOTS, "not grown yet");
        let room = held * 5 / 2;
        s.entry(&key(crowded, n), 0, room);
        assert!(s.bytes() > held, "it grew");
        assert!(s.bytes() <= held + room, "{} > {held} + {room}", s.bytes());
    }

    #[test]
    fn no_bound_is_ever_exceeded_not_even_one_that_is_no_power_of_two() {
        // Bounds between two sizes of the slots: one store may grow the slots twice (mostly
        // taken, then a full bucket), and the second growth must fit what the first left.
        let all = positions(40);
        for bound in [24 << 10, 40 << 10, 56 << 10, 100 << 10, 200 << 10] {
            let mut t: Table<Position> = Table::new(bound);
            t.enter_match(&all[0]);
            for p in &all {
                t.store(p, 2, false);
                assert!(t.bytes() <= bound, "{} > {bound}", t.bytes());
            }
        }
    }

    #[test]
    fn a_new_match_starts_again_from_the_floor() {
        let all = positions(700);
        let mut t: Table<Position> = Table::new(1 << 30);
        t.enter_match(&all[0]);
        for _ in 0..16 {
            for p in &all {
                t.store(p, 2, false);
            }
        }
        assert!(t.bytes() > GROW_FLOOR_BYTES, "it grew: {}", t.bytes());
        // Another match (another board): the table empties, and the work counts from zero.
        let more = positions_on(9, (GROW_FLOOR_BYTES / 64 / 80 + 200) as u16);
        t.enter_match(&more[0]);
        for p in &more {
            t.store(p, 2, false);
        }
        assert!(
            more.len() * 64 > GROW_FLOOR_BYTES,
            "more than the floor holds"
        );
        assert_eq!(t.bytes(), GROW_FLOOR_BYTES, "back at the floor");
    }

    #[test]
    fn a_table_grows_with_the_work_it_serves() {
        // 69,300 positions of one match: more than a table at the floor holds.
        let counts = 700;
        let all = positions(counts);
        let mut t: Table<Position> = Table::new(1 << 30);
        t.enter_match(&all[0]);
        for p in &all {
            t.store(p, 2, false);
        }
        // 69,300 stores allow 554 kB: the table stops at the floor although its bound is 1 GiB.
        assert_eq!(t.bytes(), GROW_FLOOR_BYTES, "at the floor");
        // Fifteen more rounds (1.1 M stores) allow 8.9 MB: it grows, and no further.
        for _ in 0..15 {
            for p in &all {
                t.store(p, 2, false);
            }
        }
        let stores = 16 * all.len();
        let allowed = stores * GROW_BYTES_PER_STORE as usize;
        assert!(t.bytes() > GROW_FLOOR_BYTES, "it grew: {}", t.bytes());
        assert!(t.bytes() <= allowed, "{} > {allowed}", t.bytes());
        let found = all.iter().filter(|p| t.get(p).is_some()).count();
        assert!(found > all.len() * 9 / 10, "{found} of {}", all.len());
    }

    #[test]
    fn a_zero_bound_stores_nothing() {
        let mut t: Table<Position> = Table::new(0);
        let p = &positions(1)[0];
        t.enter_match(p);
        t.store(p, 3, true);
        assert!(t.get(p).is_none());
        assert_eq!(t.bytes(), 0);
    }
}
