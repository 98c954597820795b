//! Breakthrough (RULES.md BT-1 to BT-5, D-12 to D-15) written from the rules text for the
//! certificate checker, sharing no code with `src/games` or `src/solver`: a board is an array
//! of cells, a move is two tile numbers, and every rule is spelled out where it applies.

/// The most tiles a board has (16 × 16, D-12).
pub const MAX_TILES: usize = 256;

use arrayvec::ArrayVec;

const EMPTY: u8 = 0;
const WHITE: u8 = 1;
const BLACK: u8 = 2;

/// A position. Tiles are numbered `rank * width + file`, rank 0 at the bottom (White's home),
/// file 0 is `a`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    /// Files.
    pub width: usize,
    /// Ranks.
    pub height: usize,
    cells: [u8; MAX_TILES],
    /// Whether White is to move.
    pub white_to_move: bool,
    /// The move counter and its limit (BT-4).
    pub count: u32,
    /// The limit: reaching it is a draw.
    pub limit: u32,
}

/// A move: from tile, to tile, and whether it takes a pawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    /// The pawn's tile.
    pub from: usize,
    /// Its destination.
    pub to: usize,
    /// Whether an enemy pawn stood there.
    pub capture: bool,
}

/// How a match ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// A side won (`true`: White), for a reason (the JSON names of BT-5).
    Win(bool, &'static str),
    /// The move limit was reached (BT-4).
    Draw,
}

impl Board {
    /// Reads a position string (BT-5): `<placement> <side> <count>/<limit>`.
    ///
    /// # Errors
    /// A message naming the faulty field.
    pub fn parse(s: &str) -> Result<Board, String> {
        let fields: Vec<&str> = s.split(' ').collect();
        let [placement, side, counter] = fields[..] else {
            return Err(format!(
                "'{s}': a position is '<placement> <side> <count>/<limit>'"
            ));
        };
        let rows: Vec<&str> = placement.split('/').collect();
        let height = rows.len();
        let mut width = 0;
        let mut cells = [EMPTY; MAX_TILES];
        for (i, row) in rows.iter().enumerate() {
            let rank = height - 1 - i;
            let mut file = 0usize;
            let mut run = 0usize;
            for c in row.chars().chain(std::iter::once('/')) {
                if let Some(d) = c.to_digit(10) {
                    run = run * 10 + d as usize;
                    if run > 16 {
                        return Err(format!("placement row {}: a run longer than 16", i + 1));
                    }
                    continue;
                }
                file += run;
                run = 0;
                let cell = match c {
                    '/' => break,
                    'W' => WHITE,
                    'B' => BLACK,
                    _ => return Err(format!("placement row {}: '{c}' is no pawn", i + 1)),
                };
                if file >= 16 || rank >= 16 {
                    return Err(format!("placement row {}: more than 16 files", i + 1));
                }
                cells[rank * 16 + file] = cell;
                file += 1;
            }
            if i == 0 {
                width = file;
            } else if file != width {
                return Err(format!(
                    "placement row {}: {file} files, the first row has {width}",
                    i + 1
                ));
            }
        }
        if !(2..=16).contains(&width) || !(4..=16).contains(&height) {
            return Err(format!(
                "a board of {width} × {height}: width 2 to 16, height 4 to 16 (D-12)"
            ));
        }
        // Repack from rows of 16 to rows of `width`.
        let mut packed = [EMPTY; MAX_TILES];
        for r in 0..height {
            for f in 0..width {
                packed[r * width + f] = cells[r * 16 + f];
            }
        }
        let white_to_move = super::side(side, "w", "b")?;
        let [count, limit] = super::pair(counter, '/', "counter", "<count>/<limit>")?;
        Ok(Board {
            width,
            height,
            cells: packed,
            white_to_move,
            count,
            limit,
        })
    }

    /// The board of `width` × `height` (at most 64 tiles) with White's pawns on the tiles of
    /// the bit set `white` and Black's on those of `black`, counter 0 of no limit; `None` when
    /// a tile is in both sets.
    #[must_use]
    pub fn from_sets(
        width: usize,
        height: usize,
        white: u64,
        black: u64,
        white_to_move: bool,
    ) -> Option<Board> {
        if white & black != 0 {
            return None;
        }
        let tiles = u64::MAX >> (64 - (width * height).clamp(1, 64));
        let mut cells = [EMPTY; MAX_TILES];
        for (set, pawn) in [(white & tiles, WHITE), (black & tiles, BLACK)] {
            let mut left = set;
            while left != 0 {
                cells[left.trailing_zeros() as usize] = pawn;
                left &= left - 1;
            }
        }
        Some(Board {
            width,
            height,
            cells,
            white_to_move,
            count: 0,
            limit: u32::MAX,
        })
    }

    /// The tiles of each side's pawns as bit sets (boards of at most 64 tiles).
    #[must_use]
    pub fn sets(&self) -> (u64, u64) {
        let (mut w, mut b) = (0u64, 0u64);
        let tiles = (self.width * self.height).min(64);
        for (t, &c) in self.cells[..tiles].iter().enumerate() {
            w |= u64::from(c == WHITE) << t;
            b |= u64::from(c == BLACK) << t;
        }
        (w, b)
    }

    /// The board seen in a mirror (file `a` and the last file swapped).
    #[must_use]
    pub fn mirrored(&self) -> Board {
        let mut m = self.clone();
        for r in 0..self.height {
            for f in 0..self.width {
                m.cells[r * self.width + f] = self.cells[r * self.width + self.width - 1 - f];
            }
        }
        m
    }

    /// The pawn of the side to move: its cell value.
    fn mine(&self) -> u8 {
        if self.white_to_move { WHITE } else { BLACK }
    }

    /// The far rank of the side to move (BT-3): the top for White, the bottom for Black.
    fn far_rank(&self) -> usize {
        if self.white_to_move {
            self.height - 1
        } else {
            0
        }
    }

    /// The moves of the pawn on `from` if it is one of the side to move's (BT-2): one rank
    /// forward (up for White, down for Black), straight onto an empty tile, or diagonally onto
    /// an empty tile or taking an enemy pawn.
    #[inline(always)]
    #[must_use]
    pub fn steps_from(&self, from: usize) -> ArrayVec<Step, 3> {
        let (me, w, h) = (self.mine(), self.width, self.height);
        let (rank, file) = (from / w, from % w);
        let mut out = ArrayVec::new();
        let to_rank = match self.white_to_move {
            _ if self.cells[from] != me => return out,
            true if rank + 1 < h => rank + 1,
            false if rank > 0 => rank - 1,
            _ => return out,
        };
        for to_file in [file, file.wrapping_sub(1), file + 1] {
            if to_file >= w {
                continue;
            }
            let to = to_rank * w + to_file;
            let capture = match self.cells[to] {
                EMPTY => false,
                c if c != me && to_file != file => true,
                _ => continue,
            };
            out.push(Step { from, to, capture });
        }
        out
    }

    /// Every move of the side to move (BT-2), whether or not the match is over.
    pub fn moves(&self, out: &mut Vec<Step>) {
        out.clear();
        let me = self.mine();
        for t in 0..self.width * self.height {
            // The test here too: it spares building an empty list for every other tile.
            if self.cells[t] == me {
                out.extend(self.steps_from(t));
            }
        }
    }

    /// Whether the side to move has a legal move (BT-2).
    fn has_move(&self) -> bool {
        let me = self.mine();
        (0..self.width * self.height).any(|t| self.cells[t] == me && !self.steps_from(t).is_empty())
    }

    fn pawns(&self, side: u8) -> usize {
        self.cells[..self.width * self.height]
            .iter()
            .filter(|&&c| c == side)
            .count()
    }

    /// The fewest moves `white` (or Black) needs to win from here, whoever is to move: each
    /// move advances one pawn one rank (BT-2) and takes at most one pawn, so a win (BT-3)
    /// needs the ranks its most advanced pawn has still to go, or as many moves as the
    /// opponent has pawns, whichever is fewer. 0 when it has won already. The third way to
    /// win, the opponent left without a legal move (D-14), never comes sooner: on a board of
    /// two files or more (D-12) a side's most advanced pawn always has a diagonal step, onto an
    /// empty tile or taking (an own pawn there would be more advanced).
    #[must_use]
    pub fn fewest_moves_to_win(&self, white: bool) -> u32 {
        let (w, h) = (self.width, self.height);
        let (mine, foe) = if white {
            (WHITE, BLACK)
        } else {
            (BLACK, WHITE)
        };
        let to_go = (0..w * h)
            .filter(|&t| self.cells[t] == mine)
            .map(|t| if white { h - 1 - t / w } else { t / w })
            .min()
            .unwrap_or(usize::MAX);
        to_go.min(self.pawns(foe)) as u32
    }

    /// Whether the side to move has a move that wins at once (BT-3): onto its far rank (from
    /// the rank before it), or taking the opponent's last pawn.
    #[must_use]
    pub fn wins_at_once(&self) -> bool {
        let (w, far) = (self.width, self.far_rank());
        let near = if self.white_to_move { far - 1 } else { far + 1 };
        let onto_far = (near * w..(near + 1) * w).any(|t| !self.steps_from(t).is_empty());
        let foe = if self.white_to_move { BLACK } else { WHITE };
        onto_far
            || self.pawns(foe) == 1
                && (0..w * self.height).any(|t| self.steps_from(t).iter().any(|m| m.capture))
    }

    /// The position after `m` (one of [`Board::moves`]) and the end it brings, checked in the
    /// order of the rules: the far rank or the opponent's last pawn (BT-3), the move limit
    /// (BT-4), then the opponent without a legal move (BT-3, D-14).
    #[must_use]
    pub fn play(&self, m: Step) -> (Board, Option<End>) {
        let mut b = self.clone();
        let me = self.mine();
        let white = self.white_to_move;
        b.cells[m.from] = EMPTY;
        b.cells[m.to] = me;
        b.count = b.count.saturating_add(1);
        b.white_to_move = !white;
        let foe = if white { BLACK } else { WHITE };
        if m.to / self.width == self.far_rank() {
            return (b, Some(End::Win(white, "breakthrough")));
        }
        // Only a capture takes a pawn.
        if m.capture && b.pawns(foe) == 0 {
            return (b, Some(End::Win(white, "elimination")));
        }
        if b.count >= b.limit {
            return (b, Some(End::Draw));
        }
        if !b.has_move() {
            return (b, Some(End::Win(white, "no_legal_move")));
        }
        (b, None)
    }

    /// The end a position string shows by itself, if the match is over there.
    #[must_use]
    pub fn end_now(&self) -> Option<End> {
        let (w, h) = (self.width, self.height);
        let top = &self.cells[(h - 1) * w..h * w];
        if top.contains(&WHITE) {
            return Some(End::Win(true, "breakthrough"));
        }
        if self.cells[..w].contains(&BLACK) {
            return Some(End::Win(false, "breakthrough"));
        }
        let me = self.mine();
        if self.pawns(me) == 0 {
            return Some(End::Win(!self.white_to_move, "elimination"));
        }
        if self.count >= self.limit {
            return Some(End::Draw);
        }
        (!self.has_move()).then_some(End::Win(!self.white_to_move, "no_legal_move"))
    }

    /// The move text (BT-5): `a2-a3`, a capture `a2xb3`.
    #[must_use]
    pub fn text(&self, m: Step) -> String {
        let name = |t: usize| {
            format!(
                "{}{}",
                char::from(b'a' + (t % self.width) as u8),
                t / self.width + 1
            )
        };
        let sep = if m.capture { 'x' } else { '-' };
        format!("{}{sep}{}", name(m.from), name(m.to))
    }

    /// The position string (BT-5).
    #[must_use]
    pub fn to_text(&self) -> String {
        format!("{} {}/{}", self.pawns_text(), self.count, self.limit)
    }

    /// The position string without its counter (`<placement> <side>`): how a certificate's
    /// checker names the positions of its walk, which counts plies, not moves.
    #[must_use]
    pub fn pawns_text(&self) -> String {
        let mut s = String::new();
        for rank in (0..self.height).rev() {
            let mut run = 0;
            for file in 0..self.width {
                match self.cells[rank * self.width + file] {
                    EMPTY => run += 1,
                    c => {
                        if run > 0 {
                            s += &run.to_string();
                            run = 0;
                        }
                        s.push(if c == WHITE { 'W' } else { 'B' });
                    }
                }
            }
            if run > 0 {
                s += &run.to_string();
            }
            if rank > 0 {
                s.push('/');
            }
        }
        let side = if self.white_to_move { 'w' } else { 'b' };
        format!("{s} {side}")
    }
}
