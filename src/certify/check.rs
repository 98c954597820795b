//! The checker of strategy certificates (docs/certificates.md) with the plain rules of
//! [`super::plain`]: nothing of the engine or the solver is used.
//!
//! It reads the records (sorted keys, so a lookup is a binary search), checks the body's
//! digest, then walks the strategy from the start: at a position with the winner to move, a
//! move that wins at once is found by itself, otherwise the record of the position (or of its
//! mirror image, when the header says keys are mirrored) must exist and its move must be
//! legal; after the winner's move every legal move of the loser is followed. Each record is
//! checked once (its longest line is kept); the walk ends because every ply moves a pawn
//! forward. Finally the longest line must end before the move limit (no draw on any line),
//! and within the header's claim of plies, if it makes one.

use std::io::{BufReader, Read};

use super::format::{Header, ReadError};
use super::plain::breakthrough::{Board, End, Step};

/// What a check found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Checked {
    /// The winner, `white` or `black`.
    pub winner: String,
    /// The records in the file.
    pub records: u64,
    /// The records the walk reached (each checked once).
    pub reached: u64,
    /// Positions with the loser to move whose every move was followed.
    pub loser_nodes: u64,
    /// The longest match the strategy allows, in plies.
    pub plies: u32,
}

/// Why a certificate does not hold (or cannot be read).
#[derive(Debug, thiserror::Error)]
pub enum CheckError {
    /// The file could not be read or is damaged.
    #[error(transparent)]
    Read(#[from] ReadError),
    /// The certificate is readable but proves nothing: the message says where it fails.
    #[error("{0}")]
    Refuted(String),
}

/// Checks the certificate whose header is `header` and whose body follows in `body`.
///
/// # Errors
/// [`CheckError::Read`] for a damaged file, [`CheckError::Refuted`] when it does not hold.
pub fn check_strategy<R: Read>(header: &Header, body: BufReader<R>) -> Result<Checked, CheckError> {
    let bad = |m: String| CheckError::Read(ReadError::Bad(m));
    if header.game != "breakthrough" {
        return Err(bad(format!(
            "header: game '{}': strategy certificates are of Breakthrough",
            header.game
        )));
    }
    let root = Board::parse(&header.position).map_err(|e| bad(format!("header: position: {e}")))?;
    if (root.width, root.height) != (header.width as usize, header.height as usize) {
        return Err(bad(format!(
            "header: width {} and height {} are not the position's {} × {}",
            header.width, header.height, root.width, root.height
        )));
    }
    let tiles = root.width * root.height;
    if tiles > 64 {
        return Err(bad(format!("header: {tiles} tiles: at most 64")));
    }
    let white_wins = match header.winner.as_str() {
        "white" => true,
        "black" => false,
        w => return Err(bad(format!("header: winner '{w}': 'white' or 'black'"))),
    };
    if let Some(end) = root.end_now() {
        return Err(CheckError::Refuted(format!(
            "the position is already over ({end:?}): nothing to prove"
        )));
    }
    let (mut keys, mut moves): (Vec<u128>, Vec<u8>) = (room(header.records), room(header.records));
    super::format::read_all(header, body, |(k, m)| {
        keys.push(k);
        moves.push(m);
    })?;
    if let Some(need) = header.survives {
        return super::survival::check(
            &Lookup {
                mirror: header.mirror,
                tiles,
                keys,
                moves,
            },
            &root,
            white_wins,
            need,
            header,
        );
    }
    let mut w = Walk {
        root: &root,
        white_wins,
        depth: vec![0; keys.len()],
        records: Lookup {
            mirror: header.mirror,
            tiles,
            keys,
            moves,
        },
        reached: 0,
        loser_nodes: 0,
        buf: Vec::new(),
    };
    // The counter is checked once the longest line is known (below).
    let mut start = root.clone();
    start.count = 0;
    start.limit = u32::MAX;
    let plies = if root.white_to_move == white_wins {
        w.winner_node(&start)?
    } else {
        w.loser_node(&start)?
    };
    if u64::from(root.count) + u64::from(plies) > u64::from(root.limit) {
        return Err(CheckError::Refuted(format!(
            "a line of {plies} plies from move {} passes the move limit {}: a draw is possible",
            root.count, root.limit
        )));
    }
    if let Some(claim) = header.plies
        && plies > claim
    {
        return Err(CheckError::Refuted(format!(
            "a path too long: the strategy allows a match of {plies} plies, the header claims at most {claim}"
        )));
    }
    Ok(Checked {
        winner: header.winner.clone(),
        records: header.records,
        reached: w.reached,
        loser_nodes: w.loser_nodes,
        plies,
    })
}

/// An empty list with room for the `count` records a header announces, when the memory can
/// be had (a large certificate then never holds twice its records while its list grows);
/// else room for 2^20 at first. Memory untouched is not used, so a header that lies about its
/// count costs nothing: the count is checked as the body is read.
fn room<T>(count: u64) -> Vec<T> {
    let mut v = Vec::new();
    let exact = usize::try_from(count).map(|n| v.try_reserve_exact(n));
    if !matches!(exact, Ok(Ok(()))) {
        v.reserve(1 << 20);
    }
    v
}

/// The walk over the strategy.
struct Walk<'a> {
    root: &'a Board,
    white_wins: bool,
    records: Lookup,
    /// Per record: 0 not reached yet, `u16::MAX` being checked, else its longest line + 1.
    depth: Vec<u16>,
    reached: u64,
    loser_nodes: u64,
    buf: Vec<Step>,
}

/// The records of a certificate, sorted by key, and how to find a position's.
pub(super) struct Lookup {
    /// Whether keys are canonical under the mirror.
    pub mirror: bool,
    /// Tiles of the board.
    pub tiles: usize,
    /// The keys, increasing.
    pub keys: Vec<u128>,
    /// The move code of each.
    pub moves: Vec<u8>,
}

impl Lookup {
    fn key(&self, b: &Board) -> u128 {
        let (w, bl) = b.sets();
        u128::from(w) | u128::from(bl) << self.tiles
    }

    /// The record of `b` (of its mirror image when that is the smaller key): its index, the
    /// board it speaks of and its move there; `Ok(None)` without a record.
    ///
    /// # Errors
    /// An illegal move in the record.
    pub(super) fn step(
        &self,
        b: &Board,
        buf: &mut Vec<Step>,
    ) -> Result<Option<(usize, Board, Step)>, CheckError> {
        let (mut key, mut at) = (self.key(b), b.clone());
        if self.mirror {
            let m = b.mirrored();
            let mk = self.key(&m);
            if mk < key {
                (key, at) = (mk, m);
            }
        }
        let Ok(i) = self.keys.binary_search(&key) else {
            return Ok(None);
        };
        let code = self.moves[i];
        let (from, dir) = (usize::from(code & 63), code >> 6);
        at.moves(buf);
        let found = buf.iter().copied().find(|s| {
            s.from == from
                && match dir {
                    0 => s.to % at.width == from % at.width,
                    1 => s.to % at.width + 1 == from % at.width,
                    2 => s.to % at.width == from % at.width + 1,
                    _ => false,
                }
        });
        match found {
            Some(step) => Ok(Some((i, at, step))),
            None => Err(CheckError::Refuted(format!(
                "an illegal move: record {i} plays code {code} (tile {from}, direction {dir}), no legal move of {}",
                at.pawns_text()
            ))),
        }
    }
}

impl Walk<'_> {
    /// The longest line (plies) from `b`, the winner to move, following the strategy.
    fn winner_node(&mut self, b: &Board) -> Result<u32, CheckError> {
        b.moves(&mut self.buf);
        if b.wins_at_once(&self.buf) {
            return Ok(1);
        }
        let Some((i, at, step)) = self.records.step(b, &mut self.buf)? else {
            return Err(CheckError::Refuted(format!(
                "a missing defence: the position {} (from the start {}) has no record and no win at once",
                b.pawns_text(),
                self.root.to_text()
            )));
        };
        match self.depth[i] {
            0 => {}
            u16::MAX => {
                return Err(CheckError::Refuted(format!(
                    "the position {} repeats on its own line",
                    at.pawns_text()
                )));
            }
            d => return Ok(u32::from(d - 1)),
        }
        self.depth[i] = u16::MAX;
        self.reached += 1;
        let (next, end) = at.play(step);
        let plies = match end {
            Some(End::Win(w, _)) if w == self.white_wins => 1,
            Some(e) => {
                return Err(CheckError::Refuted(format!(
                    "a wrong end: {} in {} ends the match as {e:?}, not a win of the winner",
                    at.text(step),
                    at.pawns_text()
                )));
            }
            None => 1 + self.loser_node(&next)?,
        };
        self.depth[i] = u16::try_from(plies + 1).unwrap_or(u16::MAX - 1);
        Ok(plies)
    }

    /// The longest line (plies) from `b`, the loser to move: every legal move is followed.
    fn loser_node(&mut self, b: &Board) -> Result<u32, CheckError> {
        self.loser_nodes += 1;
        let mut replies = Vec::new();
        b.moves(&mut replies);
        let mut longest = 0;
        for r in replies {
            let (next, end) = b.play(r);
            let plies = match end {
                None => 1 + self.winner_node(&next)?,
                Some(e) => {
                    return Err(CheckError::Refuted(format!(
                        "a wrong end: the defence {} in {} ends the match as {e:?}",
                        b.text(r),
                        b.pawns_text()
                    )));
                }
            };
            longest = longest.max(plies);
        }
        Ok(longest)
    }
}
