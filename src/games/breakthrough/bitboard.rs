//! Breakthrough on 64-bit bitboards, for boards of at most 64 tiles: the pawns of each side as
//! a set of tile numbers `rank * width + file` (the numbering of [`Position::bits`]), moves as
//! shifted sets (RULES.md BT-2), and perft counted from them. Perft and the proof search
//! (`proof.rs`) use it; [`Position`] stays the rule book (the tests compare the two).

use super::position::Position;
use crate::games::board::white_black::Side;

/// The fixed masks of one board size.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Geometry {
    /// Files (2..=16).
    pub width: u32,
    /// Ranks (4..=16).
    pub height: u32,
    /// Every tile of the board.
    pub full: u64,
    /// Tiles not on file `a` (a pawn there has a diagonal towards file `a`).
    pub not_left: u64,
    /// Tiles not on the last file.
    pub not_right: u64,
    /// Each side's far rank (BT-3): White's the top rank, Black's rank 1.
    pub goal: [u64; 2],
    /// Each side's last rank before its far rank: a pawn there wins with its next move.
    pub last: [u64; 2],
    /// The tiles of each file, `a` first.
    pub files: [u64; 16],
}

impl Geometry {
    /// The masks of a `width` × `height` board; `None` above 64 tiles.
    #[must_use]
    pub fn new(width: u8, height: u8) -> Option<Geometry> {
        let (w, h) = (u32::from(width), u32::from(height));
        if w * h > 64 || w < 2 || h < 2 {
            return None;
        }
        let rank = |r: u32| ((1u64 << w) - 1) << (r * w);
        let mut files = [0u64; 16];
        for (f, mask) in files.iter_mut().enumerate().take(w as usize) {
            *mask = (0..h).fold(0, |m, r| m | 1u64 << (r * w + f as u32));
        }
        let full = (0..h).fold(0, |m, r| m | rank(r));
        Some(Geometry {
            width: w,
            height: h,
            full,
            not_left: full & !files[0],
            not_right: full & !files[w as usize - 1],
            goal: [rank(h - 1), rank(0)],
            last: [rank(h - 2), rank(1)],
            files,
        })
    }

    /// The tiles a side's pawns `me` reach by a straight step, a step towards file `a` and a
    /// step towards the last file, before asking what stands there.
    #[inline]
    #[must_use]
    pub fn steps(&self, me: u64, side: usize) -> [u64; 3] {
        let w = self.width;
        if side == 0 {
            [
                (me << w) & self.full,
                ((me & self.not_left) << (w - 1)) & self.full,
                ((me & self.not_right) << (w + 1)) & self.full,
            ]
        } else {
            [
                me >> w,
                (me & self.not_left) >> (w + 1),
                (me & self.not_right) >> (w - 1),
            ]
        }
    }

    /// The destinations of a side's moves, by kind (BT-2): straight onto an empty tile, and
    /// each diagonal onto an empty tile or an enemy pawn.
    #[inline]
    #[must_use]
    pub fn targets(&self, me: u64, opp: u64, side: usize) -> [u64; 3] {
        let empty = self.full & !(me | opp);
        let [s, l, r] = self.steps(me, side);
        [s & empty, l & (empty | opp), r & (empty | opp)]
    }

    /// The origin tile of a move of `side` by kind `k` (as [`Geometry::targets`]) onto `to`.
    #[inline]
    #[must_use]
    pub fn origin(&self, to: u64, side: usize, k: usize) -> u64 {
        let w = self.width;
        if side == 0 {
            to >> [w, w - 1, w + 1][k]
        } else {
            to << [w, w + 1, w - 1][k]
        }
    }

    /// The enemy pawns `side`'s pawns `me` attack (could take with one diagonal step).
    #[inline]
    #[must_use]
    pub fn attacks(&self, me: u64, side: usize) -> u64 {
        let [_, l, r] = self.steps(me, side);
        l | r
    }

    /// Mirrors a set of tiles left to right (file `a` ↔ the last file).
    #[must_use]
    pub fn mirror(&self, b: u64) -> u64 {
        let w = self.width as usize;
        let mut m = 0;
        for f in 0..w / 2 {
            let d = (w - 1 - 2 * f) as u32;
            m |= (b & self.files[f]) << d | (b & self.files[w - 1 - f]) >> d;
        }
        if w % 2 == 1 {
            m |= b & self.files[w / 2];
        }
        m
    }

    /// Perft (the convention of [`Position::perft`]: a finished position is one leaf) of an
    /// unfinished position with `white`, `black` pawns, `side` to move (0 White), `depth`
    /// plies, and `plies_left` (≥ 1) before the move limit draws.
    #[must_use]
    pub fn perft(&self, white: u64, black: u64, side: usize, depth: u32, plies_left: u32) -> u64 {
        let (me, opp) = if side == 0 {
            (white, black)
        } else {
            (black, white)
        };
        let t = self.targets(me, opp, side);
        if depth == 1 {
            return t.iter().map(|b| u64::from(b.count_ones())).sum();
        }
        let mut total = 0;
        for (k, &targets) in t.iter().enumerate() {
            let mut rest = targets;
            while rest != 0 {
                let to = rest & rest.wrapping_neg();
                rest ^= to;
                let from = self.origin(to, side, k);
                let (me2, opp2) = (me ^ from ^ to, opp & !to);
                // BT-3, BT-4: onto the far rank, the last enemy pawn taken, or the limit.
                if to & self.goal[side] != 0 || opp2 == 0 || plies_left == 1 {
                    total += 1;
                    continue;
                }
                let (w2, b2) = if side == 0 { (me2, opp2) } else { (opp2, me2) };
                total += self.perft(w2, b2, 1 - side, depth - 1, plies_left - 1);
            }
        }
        total
    }
}

impl Position {
    /// The geometry and the two sides' pawn sets (White's first), on boards of at most 64
    /// tiles.
    #[must_use]
    pub(crate) fn bitboards(&self) -> Option<(Geometry, [u64; 2])> {
        let g = Geometry::new(self.width, self.height)?;
        Some((g, [self.bits[0] as u64, self.bits[1] as u64]))
    }

    /// The side to move as an index: 0 White, 1 Black.
    #[must_use]
    pub(crate) fn side_index(&self) -> usize {
        usize::from(self.side == Side::Black)
    }
}
