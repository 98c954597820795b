//! Pawn&Peak (RULES.md PP-1 to PP-10, D-10, D-11, D-19, D-22) written from the rules text for
//! the certificate checker, sharing no code with `src/games` or `src/solver`: positions are
//! plain vectors, move costs come from a depth-first enumeration of every simple path within
//! the piece's movement (keeping the cheapest cost per destination), and the end-of-action
//! checks of PP-8 are spelled out one by one. Slow on purpose. The tests use it too
//! (`tests/plain/mod.rs` reads an engine position into it). The types, reading and writing
//! position strings here; the moves in `moves`, the ends and the position after a move in
//! `end`.

mod end;
mod moves;

/// A piece kind, independent of the engine's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A Scout.
    Scout,
    /// A Protector.
    Protector,
    /// A Guardian.
    Guardian,
}

impl Kind {
    /// PP-2: strength (and exit value).
    pub fn strength(self) -> u32 {
        match self {
            Kind::Scout => 1,
            Kind::Protector => 2,
            Kind::Guardian => 3,
        }
    }

    /// PP-2: movement points.
    pub fn movement(self) -> u32 {
        match self {
            Kind::Scout => 5,
            Kind::Protector => 4,
            Kind::Guardian => 3,
        }
    }

    /// The piece's letter (PP-10): upper case for Red.
    pub fn letter(self, red: bool) -> char {
        let c = match self {
            Kind::Scout => 's',
            Kind::Protector => 'p',
            Kind::Guardian => 'g',
        };
        if red { c.to_ascii_uppercase() } else { c }
    }

    /// The side (`true`: Red) and kind of a piece letter.
    pub fn from_letter(c: char) -> Option<(bool, Kind)> {
        let k = match c.to_ascii_lowercase() {
            's' => Kind::Scout,
            'p' => Kind::Protector,
            'g' => Kind::Guardian,
            _ => return None,
        };
        Some((c.is_ascii_uppercase(), k))
    }
}

/// A piece: `red` is its side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pc {
    /// Whether it is Red's.
    pub red: bool,
    /// Its kind.
    pub kind: Kind,
}

/// The end of a match: winner (`Some(true)` Red, `Some(false)` Blue, `None` draw) and reason.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct End {
    /// The winner: `Some(true)` Red, `Some(false)` Blue, `None` a draw.
    pub red_wins: Option<bool>,
    /// The reason's JSON name.
    pub reason: &'static str,
}

/// A position as plain data. Tiles are indexed `rank * w + file`, rank 0 = rank 1.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plain {
    /// Files.
    pub w: usize,
    /// Ranks.
    pub h: usize,
    /// Each tile's height.
    pub heights: Vec<u8>,
    /// Each tile's piece.
    pub pieces: Vec<Option<Pc>>,
    /// Whether Red is to move.
    pub red_to_move: bool,
    /// The scores: Red's, Blue's.
    pub scores: [u32; 2],
    /// The pieces that exited, in order.
    pub exited: Vec<Pc>,
    /// The move counter.
    pub count: u32,
    /// The move limit.
    pub limit: u32,
    /// How the match ended, once it has.
    pub end: Option<End>,
}

/// A move as `moves --json` shows it: text, kind, cost, attack, defense.
pub type Shown = (String, &'static str, Option<u8>, Option<u8>, Option<u8>);

/// What `moves --json` shows of a move, plus where it goes.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct PMove {
    /// The move text (PP-11).
    pub text: String,
    /// `move`, `capture`, `exit` or `special`.
    pub kind: &'static str,
    /// The movement points it costs.
    pub cost: Option<u8>,
    /// A capture's attack.
    pub attack: Option<u8>,
    /// A capture's defence.
    pub defense: Option<u8>,
    /// The piece's tile.
    pub from: (usize, usize),
    /// `None` for an exit.
    pub to: Option<(usize, usize)>,
}

impl PMove {
    /// The part that `moves --json` prints.
    pub fn shown(&self) -> Shown {
        (
            self.text.clone(),
            self.kind,
            self.cost,
            self.attack,
            self.defense,
        )
    }
}

/// A tile's name: file letter, rank number.
pub fn name(f: usize, r: usize) -> String {
    format!("{}{}", (b'a' + f as u8) as char, r + 1)
}

const ORTHO: [(i64, i64); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];

impl Plain {
    /// Reads a position string (PP-10): `<placement> <heights> <side> <red>:<blue> <exited>
    /// <count>/<limit>`; the end it shows by itself is worked out ([`Plain::derived_end`]).
    ///
    /// # Errors
    /// A message naming the faulty field.
    pub fn parse(s: &str) -> Result<Plain, String> {
        let fields: Vec<&str> = s.split(' ').collect();
        let [placement, heights, side, scores, exited, counter] = fields[..] else {
            return Err(format!(
                "'{s}': a position is '<placement> <heights> <side> <red>:<blue> <exited> <count>/<limit>'"
            ));
        };
        let rows: Vec<&str> = placement.split('/').collect();
        let h = rows.len();
        let mut grid: Vec<Vec<Option<Pc>>> = Vec::new();
        for (i, row) in rows.iter().enumerate() {
            let mut cells = Vec::new();
            let mut run = 0usize;
            for c in row.chars() {
                if let Some(d) = c.to_digit(10) {
                    run = run * 10 + d as usize;
                    if run > 26 {
                        return Err(format!("placement row {}: a run longer than 26", i + 1));
                    }
                    continue;
                }
                cells.extend(std::iter::repeat_n(None, run));
                run = 0;
                let (red, kind) = Kind::from_letter(c)
                    .ok_or_else(|| format!("placement row {}: '{c}' is no piece", i + 1))?;
                cells.push(Some(Pc { red, kind }));
            }
            cells.extend(std::iter::repeat_n(None, run));
            grid.push(cells);
        }
        let w = grid[0].len();
        if !(1..=26).contains(&w) || !(1..=26).contains(&h) {
            return Err(format!("a board of {w} × {h}: 1 to 26 files and ranks"));
        }
        if let Some(i) = grid.iter().position(|r| r.len() != w) {
            return Err(format!(
                "placement row {}: {} files, the first row has {w}",
                i + 1,
                grid[i].len()
            ));
        }
        let mut pieces = vec![None; w * h];
        for (i, row) in grid.iter().enumerate() {
            let r = h - 1 - i;
            pieces[r * w..(r + 1) * w].copy_from_slice(row);
        }
        let mut hs = vec![0u8; w * h];
        if heights != "-" {
            let hrows: Vec<&str> = heights.split('/').collect();
            if hrows.len() != h {
                return Err(format!("heights: {} ranks, the board has {h}", hrows.len()));
            }
            for (i, row) in hrows.iter().enumerate() {
                let r = h - 1 - i;
                let digits: Vec<u8> = row
                    .chars()
                    .map(|c| c.to_digit(10).map(|d| d as u8))
                    .collect::<Option<_>>()
                    .ok_or_else(|| format!("heights row {}: digits 0 to 9", i + 1))?;
                if digits.len() != w {
                    return Err(format!(
                        "heights row {}: {} digits, not {w}",
                        i + 1,
                        digits.len()
                    ));
                }
                hs[r * w..(r + 1) * w].copy_from_slice(&digits);
            }
        }
        let red_to_move = super::side(side, "r", "b")?;
        let scores = super::pair(scores, ':', "scores", "<red>:<blue>")?;
        let exited = if exited == "-" {
            Vec::new()
        } else {
            exited
                .chars()
                .map(|c| Kind::from_letter(c).map(|(red, kind)| Pc { red, kind }))
                .collect::<Option<Vec<Pc>>>()
                .ok_or_else(|| format!("exited '{exited}': '-' or piece letters"))?
        };
        let (count, limit) = super::counter(counter)?;
        let mut p = Plain {
            w,
            h,
            heights: hs,
            pieces,
            red_to_move,
            scores,
            exited,
            count,
            limit,
            end: None,
        };
        p.end = p.derived_end();
        Ok(p)
    }

    /// The piece on a tile, if any.
    pub fn at(&self, f: usize, r: usize) -> Option<Pc> {
        self.pieces[r * self.w + f]
    }

    fn height(&self, f: usize, r: usize) -> u8 {
        self.heights[r * self.w + f]
    }

    fn on(&self, f: i64, r: i64) -> Option<(usize, usize)> {
        (f >= 0 && r >= 0 && (f as usize) < self.w && (r as usize) < self.h)
            .then_some((f as usize, r as usize))
    }

    /// The rank a side exits from (PP-1.3): the top rank for Red, rank 1 for Blue.
    fn far_rank(&self, red: bool) -> usize {
        if red { self.h - 1 } else { 0 }
    }

    fn count_pieces(&self, red: bool) -> usize {
        self.pieces
            .iter()
            .filter(|p| p.is_some_and(|p| p.red == red))
            .count()
    }

    /// The position string of PP-10, written independently of the engine.
    pub fn to_text(&self) -> String {
        let mut s = String::new();
        for r in (0..self.h).rev() {
            let mut empty = 0;
            for f in 0..self.w {
                match self.at(f, r) {
                    None => empty += 1,
                    Some(p) => {
                        if empty > 0 {
                            s += &empty.to_string();
                            empty = 0;
                        }
                        s.push(p.kind.letter(p.red));
                    }
                }
            }
            if empty > 0 {
                s += &empty.to_string();
            }
            if r > 0 {
                s.push('/');
            }
        }
        s.push(' ');
        if self.heights.iter().all(|&h| h == 0) {
            s.push('-');
        } else {
            for r in (0..self.h).rev() {
                for f in 0..self.w {
                    s.push((b'0' + self.height(f, r)) as char);
                }
                if r > 0 {
                    s.push('/');
                }
            }
        }
        s += if self.red_to_move { " r " } else { " b " };
        s += &format!("{}:{} ", self.scores[0], self.scores[1]);
        if self.exited.is_empty() {
            s.push('-');
        } else {
            for p in &self.exited {
                s.push(p.kind.letter(p.red));
            }
        }
        s += &format!(" {}/{}", self.count, self.limit);
        s
    }
}
