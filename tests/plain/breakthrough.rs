//! A plain Breakthrough implementation (RULES.md BT-1 to BT-5) written for the tests,
//! independently and deliberately simply (a vector of letters, moves as tuples, no incremental
//! state). Included with `#[path]` by the tests that need it, beside `mod placement;`.

#![allow(dead_code)]

/// A plain Breakthrough position: `cells[rank][file]` is `'W'`, `'B'` or `'.'`, rank 0 at the
/// bottom.
#[derive(Clone, Debug)]
pub struct Plain {
    pub cells: Vec<Vec<char>>,
    pub white_to_move: bool,
    pub count: u32,
    pub limit: u32,
    /// `Some(winner)` once over: `Some('W')`, `Some('B')`, or `Some('-')` for a draw.
    pub over: Option<char>,
}

/// (from file, from rank, to file, to rank, capture)
pub type PlainMove = (usize, usize, usize, usize, bool);

impl Plain {
    pub fn parse(s: &str) -> Plain {
        let parts: Vec<&str> = s.split(' ').collect();
        let mut cells = Vec::new();
        for row in parts[0].split('/') {
            let mut r = Vec::new();
            let mut num = String::new();
            for c in row.chars() {
                if c.is_ascii_digit() {
                    num.push(c);
                } else {
                    if !num.is_empty() {
                        r.extend(std::iter::repeat_n('.', num.parse().unwrap()));
                        num.clear();
                    }
                    r.push(c);
                }
            }
            if !num.is_empty() {
                r.extend(std::iter::repeat_n('.', num.parse().unwrap()));
            }
            cells.push(r);
        }
        cells.reverse();
        let (count, limit) = parts[2].split_once('/').unwrap();
        Plain {
            cells,
            white_to_move: parts[1] == "w",
            count: count.parse().unwrap(),
            limit: limit.parse().unwrap(),
            over: None,
        }
    }

    pub fn width(&self) -> usize {
        self.cells[0].len()
    }

    pub fn height(&self) -> usize {
        self.cells.len()
    }

    pub fn me(&self) -> char {
        if self.white_to_move { 'W' } else { 'B' }
    }

    pub fn moves(&self) -> Vec<PlainMove> {
        let mut out = Vec::new();
        if self.over.is_some() {
            return out;
        }
        let me = self.me();
        let foe = if me == 'W' { 'B' } else { 'W' };
        for r in 0..self.height() {
            for f in 0..self.width() {
                if self.cells[r][f] != me {
                    continue;
                }
                let tr = if me == 'W' {
                    r as i32 + 1
                } else {
                    r as i32 - 1
                };
                if tr < 0 || tr >= self.height() as i32 {
                    continue;
                }
                let tr = tr as usize;
                for tf in [f as i32 - 1, f as i32, f as i32 + 1] {
                    if tf < 0 || tf >= self.width() as i32 {
                        continue;
                    }
                    let tf = tf as usize;
                    let there = self.cells[tr][tf];
                    if there == '.' {
                        out.push((f, r, tf, tr, false));
                    } else if there == foe && tf != f {
                        out.push((f, r, tf, tr, true));
                    }
                }
            }
        }
        out
    }

    pub fn text(m: PlainMove) -> String {
        let name = |f: usize, r: usize| format!("{}{}", (b'a' + f as u8) as char, r + 1);
        let sep = if m.4 { "x" } else { "-" };
        format!("{}{sep}{}", name(m.0, m.1), name(m.2, m.3))
    }

    pub fn apply(&self, m: PlainMove) -> Plain {
        let mut p = self.clone();
        let me = self.me();
        p.cells[m.1][m.0] = '.';
        p.cells[m.3][m.2] = me;
        p.count += 1;
        p.white_to_move = !p.white_to_move;
        let far = if me == 'W' { self.height() - 1 } else { 0 };
        let foe_left = p.cells.iter().flatten().any(|&c| c == p.me());
        if m.3 == far || !foe_left {
            p.over = Some(me);
        } else if p.count >= p.limit {
            p.over = Some('-');
        } else if p.moves().is_empty() {
            p.over = Some(me);
        }
        p
    }

    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 || self.over.is_some() {
            return 1;
        }
        self.moves()
            .into_iter()
            .map(|m| self.apply(m).perft(depth - 1))
            .sum()
    }

    /// The whole position string (named for its placement field, the part worth checking).
    pub fn placement(&self) -> String {
        format!(
            "{} {} {}/{}",
            super::placement::placement(&self.cells),
            if self.white_to_move { "w" } else { "b" },
            self.count,
            self.limit
        )
    }

    /// Whether the side to move at the root (`me`) forces a win within `n` of its moves.
    pub fn wins(&self, me: char, n: u32) -> bool {
        if let Some(w) = self.over {
            return w == me;
        }
        n > 0 && self.moves().into_iter().any(|m| self.move_wins(me, m, n))
    }

    pub fn move_wins(&self, me: char, m: PlainMove, n: u32) -> bool {
        let child = self.apply(m);
        if let Some(w) = child.over {
            return w == me;
        }
        child.moves().into_iter().all(|r| {
            let c2 = child.apply(r);
            match c2.over {
                Some(w) => w == me,
                None => c2.wins(me, n - 1),
            }
        })
    }
}
