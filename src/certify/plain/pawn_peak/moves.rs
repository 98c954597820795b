//! Pawn&Peak's moves by the plain rules: cheapest paths (PP-4), captures with support and
//! charge (PP-6), the Scout's special move (PP-7) and exits (PP-5).

use super::{Kind, ORTHO, PMove, Pc, Plain, name};

impl Plain {
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
}
