//! The transposition table: proven facts about positions with the player to move, keyed
//! exactly, bounded in bytes.
//!
//! # Exactness
//! An entry is found only for the position it was written for. Positions that give a packed
//! key ([`GameState::packed_key`], 32 bytes, an exact encoding of everything but what never
//! changes in a match) are stored under that key; the 64-bit Zobrist key ([`GameState::key`])
//! only picks the hash bucket, and lookups compare the whole packed key, so a Zobrist
//! collision costs a probe, never a wrong answer. What the packed key leaves out (PP: board
//! size and terrain) is checked by [`GameState::match_key`]: a position of another match
//! clears the table first. Positions without a packed key are stored whole.
//!
//! Entries only record proven facts (a win within k moves, no win within k moves), so the
//! table's size changes the work done, never a verdict.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hash, Hasher};

use crate::game::GameState;

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
}

/// A packed key with its Zobrist key: the Zobrist key is the hash, equality compares both.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Packed {
    zobrist: u64,
    packed: [u64; 4],
}

const _: () = assert!(std::mem::size_of::<Packed>() == 40);

impl Hash for Packed {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64(self.zobrist);
    }
}

/// Passes a 64-bit Zobrist key through as the hash (it is already uniformly random).
#[derive(Default)]
struct ZobristHasher(u64);

impl Hasher for ZobristHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    fn write_u64(&mut self, x: u64) {
        self.0 ^= x;
    }
}

type Build = BuildHasherDefault<ZobristHasher>;

/// The table: packed entries, whole-position entries for positions without a packed key.
pub(crate) struct Table<G: GameState> {
    packed: HashMap<Packed, Entry, Build>,
    whole: HashMap<G, Entry>,
    /// The byte bound; 0 turns the table off.
    bytes: usize,
    /// [`GameState::match_key`] of the positions stored.
    match_key: Option<u64>,
}

/// The most memory one entry of a map with `kv` bytes of key and value can take: the pair
/// and a control byte, times 16/7 for the load factor (7/8) and power-of-two growth.
const fn bytes_per_entry(kv: usize) -> usize {
    (kv + 1) * 16 / 7
}

/// Allocated bytes of a map holding `capacity` pairs of `kv` bytes.
fn allocated(capacity: usize, kv: usize) -> usize {
    if capacity == 0 {
        0
    } else {
        (capacity * 8 / 7).next_power_of_two() * (kv + 1)
    }
}

const PACKED_KV: usize = std::mem::size_of::<(Packed, Entry)>();

impl<G: GameState> Table<G> {
    pub fn new(bytes: usize) -> Table<G> {
        Table {
            packed: HashMap::default(),
            whole: HashMap::new(),
            bytes,
            match_key: None,
        }
    }

    fn whole_kv() -> usize {
        std::mem::size_of::<(G, Entry)>()
    }

    /// Memory held now, in bytes (allocated buckets of both maps).
    pub fn bytes(&self) -> usize {
        allocated(self.packed.capacity(), PACKED_KV)
            + allocated(self.whole.capacity(), Self::whole_kv())
    }

    /// Worst-case memory of the entries held now: kept under the bound.
    fn committed(&self) -> usize {
        self.packed.len() * bytes_per_entry(PACKED_KV)
            + self.whole.len() * bytes_per_entry(Self::whole_kv())
    }

    /// Clears the table when `pos` belongs to another match than the positions stored.
    pub fn enter_match(&mut self, pos: &G) {
        let k = pos.match_key();
        if self.match_key != Some(k) {
            self.packed = HashMap::default();
            self.whole = HashMap::new();
            self.match_key = Some(k);
        }
    }

    pub fn get(&self, pos: &G) -> Option<Entry> {
        if self.bytes == 0 {
            return None;
        }
        match pos.packed_key() {
            Some(packed) => self
                .packed
                .get(&Packed {
                    zobrist: pos.key(),
                    packed,
                })
                .copied(),
            None => self.whole.get(pos).copied(),
        }
    }

    /// Records that the player, to move in `pos`, wins (or cannot win) within `n` moves.
    pub fn store(&mut self, pos: &G, n: u32, win: bool) {
        if self.bytes == 0 {
            return;
        }
        let packed = pos.packed_key();
        let need = bytes_per_entry(if packed.is_some() {
            PACKED_KV
        } else {
            Self::whole_kv()
        });
        if self.committed() + need > self.bytes {
            // Full: start over. Freeing (rather than clearing) both maps keeps the memory
            // held under the bound even when entries switch between the two kinds.
            self.packed = HashMap::default();
            self.whole = HashMap::new();
            if need > self.bytes {
                return;
            }
        }
        let e = match packed {
            Some(packed) => self
                .packed
                .entry(Packed {
                    zobrist: pos.key(),
                    packed,
                })
                .or_insert(Entry::UNKNOWN),
            None => self.whole.entry(pos.clone()).or_insert(Entry::UNKNOWN),
        };
        if win {
            e.win_at_most = e.win_at_most.min(n);
        } else {
            e.fail_at_least = e.fail_at_least.max(n);
        }
    }
}
