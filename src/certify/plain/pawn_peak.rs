//! Pawn&Peak (RULES.md PP-1 to PP-10, D-10, D-11, D-19, D-22) written from the rules text for
//! the certificate checker, sharing no code with `src/games` or `src/solver`: positions are
//! plain vectors, move costs come from a depth-first enumeration of every simple path within
//! the piece's movement (keeping the cheapest cost per destination), and the end-of-action
//! checks of PP-8 are spelled out one by one. Slow on purpose. The tests use it too
//! (`tests/plain/mod.rs` reads an engine position into it).

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

    /// Cheapest cost from `start` to every tile reachable within `budget` (PP-4): every simple
    /// path is walked step by step; a path never enters a friend, stops on a foe (a capture's
    /// destination) and goes on through empty tiles only.
    fn cheapest(&self, start: (usize, usize), red: bool, budget: u32) -> Vec<Option<u32>> {
        let mut best = vec![None; self.w * self.h];
        let mut on_path = vec![false; self.w * self.h];
        on_path[start.1 * self.w + start.0] = true;
        self.walk(start, 0, red, budget, &mut on_path, &mut best);
        best
    }

    fn walk(
        &self,
        cur: (usize, usize),
        cost: u32,
        red: bool,
        budget: u32,
        on_path: &mut Vec<bool>,
        best: &mut Vec<Option<u32>>,
    ) {
        for (df, dr) in ORTHO {
            let Some(n) = self.on(cur.0 as i64 + df, cur.1 as i64 + dr) else {
                continue;
            };
            let i = n.1 * self.w + n.0;
            if on_path[i] {
                continue;
            }
            let step = 1 + u32::from(self.height(cur.0, cur.1).abs_diff(self.height(n.0, n.1)));
            let c = cost + step;
            if c > budget {
                continue;
            }
            match self.at(n.0, n.1) {
                Some(p) if p.red == red => {}
                Some(_) => {
                    if best[i].is_none_or(|b| c < b) {
                        best[i] = Some(c);
                    }
                }
                None => {
                    if best[i].is_none_or(|b| c < b) {
                        best[i] = Some(c);
                    }
                    on_path[i] = true;
                    self.walk(n, c, red, budget, on_path, best);
                    on_path[i] = false;
                }
            }
        }
    }

    /// Pieces of side `red` orthogonally next to `t`, not counting the tile `skip`.
    fn neighbours_of(&self, t: (usize, usize), red: bool, skip: Option<(usize, usize)>) -> u32 {
        ORTHO
            .iter()
            .filter_map(|&(df, dr)| self.on(t.0 as i64 + df, t.1 as i64 + dr))
            .filter(|&n| Some(n) != skip)
            .filter(|&n| self.at(n.0, n.1).is_some_and(|p| p.red == red))
            .count() as u32
    }

    fn piece_moves(&self, from: (usize, usize), pc: Pc, out: &mut Vec<PMove>) {
        let budget = pc.kind.movement();
        let best = self.cheapest(from, pc.red, budget);
        let far = self.far_rank(pc.red);
        let mut to_edge = if from.1 == far { Some(0) } else { None };
        for r in 0..self.h {
            for f in 0..self.w {
                let Some(c) = best[r * self.w + f] else {
                    continue;
                };
                if (f, r) == from {
                    continue;
                }
                match self.at(f, r) {
                    None => {
                        out.push(PMove {
                            text: format!("{}-{}", name(from.0, from.1), name(f, r)),
                            kind: "move",
                            cost: Some(c as u8),
                            attack: None,
                            defense: None,
                            from,
                            to: Some((f, r)),
                        });
                        if r == far {
                            to_edge = Some(to_edge.map_or(c, |e: u32| e.min(c)));
                        }
                    }
                    Some(target) => {
                        // PP-6.2, 6.3: support and reinforcement, each piece 1 (D-6); the mover
                        // is not its own support (D-7); PP-6.4: charge at a cheapest cost of 4.
                        let support = self.neighbours_of((f, r), pc.red, Some(from));
                        let reinforcement = self.neighbours_of((f, r), target.red, None);
                        let charge = u32::from(pc.kind == Kind::Protector && c == 4);
                        let attack = pc.kind.strength() + support + charge;
                        let defense = target.kind.strength() + reinforcement;
                        if attack >= defense {
                            out.push(PMove {
                                text: format!("{}x{}", name(from.0, from.1), name(f, r)),
                                kind: "capture",
                                cost: Some(c as u8),
                                attack: Some(attack as u8),
                                defense: Some(defense as u8),
                                from,
                                to: Some((f, r)),
                            });
                        }
                    }
                }
            }
        }
        // PP-5.1, D-4: one more point crosses the edge.
        if let Some(e) = to_edge
            && e < budget
        // e + 1 <= budget
        {
            out.push(PMove {
                text: format!("{}-exit", name(from.0, from.1)),
                kind: "exit",
                cost: Some((e + 1) as u8),
                attack: None,
                defense: None,
                from,
                to: None,
            });
        }
        if pc.kind == Kind::Scout {
            // PP-7: diagonal neighbours and straight jumps of two, heights ignored; D-9: a
            // tile a normal move reaches is that normal move.
            for (df, dr) in [
                (1, 1),
                (1, -1),
                (-1, 1),
                (-1, -1),
                (2, 0),
                (-2, 0),
                (0, 2),
                (0, -2),
            ] {
                let Some(t) = self.on(from.0 as i64 + df, from.1 as i64 + dr) else {
                    continue;
                };
                if self.at(t.0, t.1).is_some() {
                    continue;
                }
                if df == 0 || dr == 0 {
                    let mid = (
                        (from.0 as i64 + df / 2) as usize,
                        (from.1 as i64 + dr / 2) as usize,
                    );
                    if self.at(mid.0, mid.1).is_some() {
                        continue;
                    }
                }
                if best[t.1 * self.w + t.0].is_some() {
                    continue;
                }
                out.push(PMove {
                    text: format!("{}-{}", name(from.0, from.1), name(t.0, t.1)),
                    kind: "special",
                    cost: None,
                    attack: None,
                    defense: None,
                    from,
                    to: Some(t),
                });
            }
        }
    }

    /// Every action of the side to move, ignoring whether the match is over, sorted by text.
    pub fn actions(&self) -> Vec<PMove> {
        let mut out = Vec::new();
        for r in 0..self.h {
            for f in 0..self.w {
                if let Some(pc) = self.at(f, r)
                    && pc.red == self.red_to_move
                {
                    self.piece_moves((f, r), pc, &mut out);
                }
            }
        }
        out.sort();
        out
    }

    /// The legal moves: none once the match is over.
    pub fn moves(&self) -> Vec<PMove> {
        if self.end.is_some() {
            Vec::new()
        } else {
            self.actions()
        }
    }

    fn score_end(&self, reason: &'static str) -> End {
        End {
            red_wins: match self.scores[0].cmp(&self.scores[1]) {
                std::cmp::Ordering::Greater => Some(true),
                std::cmp::Ordering::Less => Some(false),
                std::cmp::Ordering::Equal => None,
            },
            reason,
        }
    }

    /// PP-8.3 with D-10 and D-11.
    fn limit_end(&self) -> End {
        if self.scores[0] > 0 || self.scores[1] > 0 {
            return self.score_end("move_limit");
        }
        // (distance, strength) of each side's most advanced piece, the strongest at that
        // distance.
        let mut adv: [Option<(usize, u32)>; 2] = [None, None];
        for r in 0..self.h {
            for f in 0..self.w {
                if let Some(p) = self.at(f, r) {
                    let d = if p.red { self.h - 1 - r } else { r };
                    let s = p.kind.strength();
                    let slot = &mut adv[usize::from(!p.red)];
                    match *slot {
                        None => *slot = Some((d, s)),
                        Some((bd, bs)) => {
                            if d < bd || (d == bd && s > bs) {
                                *slot = Some((d, s));
                            }
                        }
                    }
                }
            }
        }
        let red_wins = match adv {
            [None, None] => None,
            [Some(_), None] => Some(true),
            [None, Some(_)] => Some(false),
            [Some((dr, sr)), Some((db, sb))] => {
                if dr != db {
                    Some(dr < db)
                } else if sr != sb {
                    Some(sr > sb)
                } else {
                    None
                }
            }
        };
        End {
            red_wins,
            reason: "move_limit",
        }
    }

    /// The outcome a position string shows by itself (PP-10: it may describe a finished match),
    /// checked in the order of PP-8.
    pub fn derived_end(&self) -> Option<End> {
        // PP-8.1: a Guardian listed as the first exit has won the match at once.
        if let Some(first) = self.exited.first()
            && first.kind == Kind::Guardian
        {
            return Some(End {
                red_wins: Some(first.red),
                reason: "guardian_exit",
            });
        }
        if self.exited.len() >= 2 {
            return Some(self.score_end("two_exits"));
        }
        let mover = self.red_to_move;
        if self.count_pieces(mover) == 0 {
            return Some(End {
                red_wins: Some(!mover),
                reason: "elimination",
            });
        }
        if self.count >= self.limit {
            return Some(self.limit_end());
        }
        if self.actions().is_empty() {
            return Some(End {
                red_wins: Some(!mover),
                reason: "no_legal_move",
            });
        }
        None
    }

    /// Plays `mv` (one of [`Plain::moves`]) and applies PP-8 in its order.
    pub fn play(&self, mv: &PMove) -> Plain {
        let mut p = self.clone();
        let mover = self.red_to_move;
        let (ff, fr) = mv.from;
        let pc = p.pieces[fr * p.w + ff].take().expect("a piece moves");
        let mut end = None;
        match mv.to {
            Some((tf, tr)) => p.pieces[tr * p.w + tf] = Some(pc),
            None => {
                // PP-8.1 exit end.
                if self.exited.is_empty() && pc.kind == Kind::Guardian {
                    // D-22: listed, no points.
                    p.exited.push(pc);
                    end = Some(End {
                        red_wins: Some(mover),
                        reason: "guardian_exit",
                    });
                } else {
                    p.scores[usize::from(!mover)] += pc.kind.strength();
                    p.exited.push(pc);
                    if p.exited.len() == 2 {
                        end = Some(p.score_end("two_exits"));
                    }
                }
            }
        }
        // PP-8.2 elimination.
        if end.is_none() && p.count_pieces(!mover) == 0 {
            end = Some(End {
                red_wins: Some(mover),
                reason: "elimination",
            });
        }
        // PP-8.3 move limit.
        p.count += 1;
        if end.is_none() && p.count >= p.limit {
            end = Some(p.limit_end());
        }
        // PP-8.4 the turn passes.
        p.red_to_move = !mover;
        if end.is_none() && p.actions().is_empty() {
            end = Some(End {
                red_wins: Some(mover),
                reason: "no_legal_move",
            });
        }
        p.end = end;
        p
    }
}
