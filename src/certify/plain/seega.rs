//! Seega (RULES.md SG-1 to SG-9, D-16 to D-18) written from the rules text for the
//! certificate checker, sharing no code with `src/games` or `src/solver`: a grid of letters,
//! moves as their text and the position after them, every check spelled out. Slow on purpose.
//! The tests use it too.

/// A plain Seega position. `cells[rank][file]` is `'W'`, `'B'` or `'.'`, rank 0 at the bottom.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plain {
    /// `cells[rank][file]`: `'W'`, `'B'` or `'.'`.
    pub cells: Vec<Vec<char>>,
    /// Whether White is to move.
    pub white_to_move: bool,
    /// Pieces in hand: `[white, black]`.
    pub hand: [u32; 2],
    /// The piece that must go on capturing (SG-5), `(file, rank)`.
    pub chain: Option<(usize, usize)>,
    /// The move counter.
    pub count: u32,
    /// The move limit.
    pub limit: u32,
    /// Once over: the winner (`Some(true)` White, `Some(false)` Black, `None` a draw) and the
    /// reason's JSON name.
    pub over: Option<(Option<bool>, &'static str)>,
}

/// A tile as `(file, rank)`.
type Tile = (usize, usize);

const STEPS: [(i64, i64); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];

fn name(f: usize, r: usize) -> String {
    format!("{}{}", (b'a' + f as u8) as char, r + 1)
}

impl Plain {
    /// Reads a position string (SG-7): `<placement> <side> <w>:<b> <chain> <count>/<limit>`,
    /// on a square board of 5, 7 or 9 tiles a side (D-16).
    ///
    /// # Errors
    /// A message naming the faulty field.
    pub fn parse(s: &str) -> Result<Plain, String> {
        let fields: Vec<&str> = s.split(' ').collect();
        let [placement, side, hands, chain, counter] = fields[..] else {
            return Err(format!(
                "'{s}': a position is '<placement> <side> <w>:<b> <chain> <count>/<limit>'"
            ));
        };
        let mut cells = Vec::new();
        for (i, row) in placement.split('/').enumerate() {
            let mut r = Vec::new();
            let mut run = 0usize;
            for c in row.chars() {
                if let Some(d) = c.to_digit(10) {
                    run = run * 10 + d as usize;
                    if run > 9 {
                        return Err(format!("placement row {}: a run longer than 9", i + 1));
                    }
                    continue;
                }
                r.extend(std::iter::repeat_n('.', run));
                run = 0;
                if c != 'W' && c != 'B' {
                    return Err(format!("placement row {}: '{c}' is no piece", i + 1));
                }
                r.push(c);
            }
            r.extend(std::iter::repeat_n('.', run));
            cells.push(r);
        }
        let n = cells.len();
        if ![5, 7, 9].contains(&n) || cells.iter().any(|r| r.len() != n) {
            return Err(format!(
                "placement '{placement}': a square board of 5, 7 or 9 tiles a side (D-16)"
            ));
        }
        cells.reverse();
        let white_to_move = super::side(side, "w", "b")?;
        let hand = super::pair(hands, ':', "hands", "<w>:<b>")?;
        let chain = match chain {
            "-" => None,
            t => {
                let b = t.as_bytes();
                let file = b.first().map(|&c| usize::from(c.wrapping_sub(b'a')));
                let rank = t.get(1..).and_then(|r| r.parse::<usize>().ok());
                match (file, rank) {
                    (Some(f), Some(r)) if f < n && (1..=n).contains(&r) => Some((f, r - 1)),
                    _ => return Err(format!("chain '{t}': '-' or a square of the board")),
                }
            }
        };
        let (count, limit) = super::counter(counter)?;
        let mut p = Plain {
            cells,
            white_to_move,
            hand,
            chain,
            count,
            limit,
            over: None,
        };
        p.over = p.end_checks();
        Ok(p)
    }

    /// The position string (SG-7).
    #[must_use]
    pub fn to_text(&self) -> String {
        let rows: Vec<String> = self
            .cells
            .iter()
            .rev()
            .map(|row| {
                let mut out = String::new();
                let mut run = 0;
                for &c in row {
                    if c == '.' {
                        run += 1;
                        continue;
                    }
                    if run > 0 {
                        out += &run.to_string();
                        run = 0;
                    }
                    out.push(c);
                }
                if run > 0 {
                    out += &run.to_string();
                }
                out
            })
            .collect();
        let chain = self.chain.map_or("-".to_string(), |(f, r)| name(f, r));
        format!(
            "{} {} {}:{} {chain} {}/{}",
            rows.join("/"),
            if self.white_to_move { "w" } else { "b" },
            self.hand[0],
            self.hand[1],
            self.count,
            self.limit
        )
    }

    fn size(&self) -> usize {
        self.cells.len()
    }

    fn me(&self) -> char {
        if self.white_to_move { 'W' } else { 'B' }
    }

    fn foe(&self) -> char {
        if self.white_to_move { 'B' } else { 'W' }
    }

    fn refuge(&self) -> (usize, usize) {
        (self.size() / 2, self.size() / 2)
    }

    fn placing(&self) -> bool {
        self.hand != [0, 0]
    }

    fn count_of(&self, c: char) -> usize {
        self.cells.iter().flatten().filter(|&&x| x == c).count()
    }

    fn at(&self, f: i64, r: i64) -> Option<char> {
        let n = self.size() as i64;
        (f >= 0 && r >= 0 && f < n && r < n).then(|| self.cells[r as usize][f as usize])
    }

    /// SG-4: the enemy pieces a piece of `me` arriving on `(f, r)` would capture.
    fn captured_by(&self, f: usize, r: usize, me: char) -> Vec<(usize, usize)> {
        let foe = if me == 'W' { 'B' } else { 'W' };
        let mut out = Vec::new();
        for (df, dr) in STEPS {
            let (nf, nr) = (f as i64 + df, r as i64 + dr);
            if self.at(nf, nr) == Some(foe)
                && self.at(nf + df, nr + dr) == Some(me)
                && (nf as usize, nr as usize) != self.refuge()
            {
                out.push((nf as usize, nr as usize));
            }
        }
        out
    }

    /// The steps of the piece on `(f, r)`: `(to, captured)`.
    fn steps_of(&self, f: usize, r: usize) -> Vec<(Tile, Vec<Tile>)> {
        let me = self.cells[r][f];
        let mut out = Vec::new();
        for (df, dr) in STEPS {
            let (tf, tr) = (f as i64 + df, r as i64 + dr);
            if self.at(tf, tr) == Some('.') {
                let (tf, tr) = (tf as usize, tr as usize);
                // Captures are judged with the piece already moved (it leaves its tile).
                let mut moved = self.clone();
                moved.cells[r][f] = '.';
                moved.cells[tr][tf] = me;
                out.push(((tf, tr), moved.captured_by(tf, tr, me)));
            }
        }
        out
    }

    /// Every legal move (text, position after), ignoring whether the match is over.
    fn actions(&self) -> Vec<(String, Plain)> {
        let me = self.me();
        let side = usize::from(!self.white_to_move);
        let mut out = Vec::new();
        if self.placing() {
            let mut free = Vec::new();
            // Sorted by file, then rank: the order of the move text.
            for f in 0..self.size() {
                for r in 0..self.size() {
                    if self.cells[r][f] == '.' && (f, r) != self.refuge() {
                        free.push((f, r));
                    }
                }
            }
            if self.hand[side] >= 2 {
                for i in 0..free.len() {
                    for j in i + 1..free.len() {
                        out.push(self.place(&[free[i], free[j]]));
                    }
                }
            } else if self.hand[side] == 1 {
                for &sq in &free {
                    out.push(self.place(&[sq]));
                }
            }
            return out;
        }
        for r in 0..self.size() {
            for f in 0..self.size() {
                if self.cells[r][f] != me || self.chain.is_some_and(|c| c != (f, r)) {
                    continue;
                }
                for (to, taken) in self.steps_of(f, r) {
                    if self.chain.is_some() && taken.is_empty() {
                        continue; // D-17: a chain goes on with capturing moves only
                    }
                    out.push(self.step((f, r), to, &taken));
                }
            }
        }
        out
    }

    /// The legal moves: none once the match is over.
    pub fn moves(&self) -> Vec<(String, Plain)> {
        if self.over.is_some() {
            Vec::new()
        } else {
            self.actions()
        }
    }

    fn place(&self, squares: &[(usize, usize)]) -> (String, Plain) {
        let mut p = self.clone();
        let me = self.me();
        let side = usize::from(!self.white_to_move);
        for &(f, r) in squares {
            p.cells[r][f] = me;
            p.hand[side] -= 1;
        }
        // SG-8: the opponent places next if it has pieces in hand, else the same side; once
        // both hands are empty, the side that placed last moves first.
        if p.hand[1 - side] > 0 {
            p.white_to_move = !self.white_to_move;
        }
        p.chain = None;
        let text: Vec<String> = squares.iter().map(|&(f, r)| name(f, r)).collect();
        (text.join("+"), p.finish())
    }

    fn step(
        &self,
        from: (usize, usize),
        to: (usize, usize),
        taken: &[(usize, usize)],
    ) -> (String, Plain) {
        let mut p = self.clone();
        p.cells[from.1][from.0] = '.';
        p.cells[to.1][to.0] = self.me();
        for &(f, r) in taken {
            p.cells[r][f] = '.';
        }
        // SG-5: after a capture, the same piece again while it can capture.
        let again = !taken.is_empty() && p.steps_of(to.0, to.1).iter().any(|(_, t)| !t.is_empty());
        if again {
            p.chain = Some(to);
        } else {
            p.chain = None;
            p.white_to_move = !self.white_to_move;
        }
        (
            format!("{}-{}", name(from.0, from.1), name(to.0, to.1)),
            p.finish(),
        )
    }

    /// The counter up by one, then the end checks.
    fn finish(mut self) -> Plain {
        self.count += 1;
        self.over = self.end_checks();
        self
    }

    /// SG-6 and D-18 in order: a side without pieces in the movement phase has lost; at the
    /// move limit, or with the side to move blocked, more pieces on the board wins.
    fn end_checks(&self) -> Option<(Option<bool>, &'static str)> {
        let by_count = |reason| {
            let (w, b) = (self.count_of('W'), self.count_of('B'));
            (if w == b { None } else { Some(w > b) }, reason)
        };
        if !self.placing() {
            for c in [self.me(), self.foe()] {
                if self.count_of(c) == 0 {
                    return Some((Some(c != 'W'), "elimination"));
                }
            }
        }
        if self.count >= self.limit {
            return Some(by_count("move_limit"));
        }
        if !self.can_act() {
            return Some(by_count("blocked"));
        }
        None
    }

    /// Whether the side to move has a legal move (SG-6), found without building the positions
    /// after them: `actions` finishes each position it builds, and a finish that built them
    /// all again would walk the whole game tree down to the move limit.
    fn can_act(&self) -> bool {
        if self.placing() {
            let side = usize::from(!self.white_to_move);
            let refuge = self.refuge();
            return self.hand[side] > 0
                && (0..self.size()).any(|f| {
                    (0..self.size()).any(|r| self.cells[r][f] == '.' && (f, r) != refuge)
                });
        }
        let me = self.me();
        (0..self.size()).any(|r| {
            (0..self.size()).any(|f| {
                self.cells[r][f] == me
                    && self.chain.is_none_or(|c| c == (f, r))
                    && self
                        .steps_of(f, r)
                        .iter()
                        .any(|(_, taken)| self.chain.is_none() || !taken.is_empty())
            })
        })
    }
}
