//! Pawn&Peak's ends by the plain rules (PP-8, PP-9, D-22) and the position after a move.

use super::{End, Kind, PMove, Plain};

impl Plain {
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
