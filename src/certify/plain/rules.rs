//! What the checkers need of a game's plain rules ([`Rules`]), for each game: legal moves as
//! texts with the positions after them, the side to move, the end.

use super::breakthrough::{Board, End};
use super::{pawn_peak, seega};

/// What the checker needs of a game's plain rules.
pub trait Rules: Sized {
    /// Every legal move: its text and the position after it (none once the match is over).
    fn moves(&self) -> Vec<(String, Self)>;
    /// Whether the first side (Red, White) is to move.
    fn first_to_move(&self) -> bool;
    /// Once the match is over: the winner (`Some(true)` the first side, `None` a draw) and
    /// the reason's JSON name.
    fn end(&self) -> Option<(Option<bool>, String)>;
    /// The position string: everything the match's future depends on.
    fn text(&self) -> String;
}

/// A Breakthrough board with the end its last move made (a [`Board`] alone does not keep it).
pub struct Bt(pub Board, pub Option<End>);

impl Bt {
    /// A board as read, with the end it shows by itself.
    #[must_use]
    pub fn new(b: Board) -> Bt {
        let end = b.end_now();
        Bt(b, end)
    }
}

impl Rules for Bt {
    fn moves(&self) -> Vec<(String, Self)> {
        if self.1.is_some() {
            return Vec::new();
        }
        let mut moves = Vec::new();
        self.0.moves(&mut moves);
        moves
            .into_iter()
            .map(|m| {
                let (b, e) = self.0.play(m);
                (self.0.text(m), Bt(b, e))
            })
            .collect()
    }
    fn first_to_move(&self) -> bool {
        self.0.white_to_move
    }
    fn end(&self) -> Option<(Option<bool>, String)> {
        self.1.map(|e| match e {
            End::Win(w, r) => (Some(w), r.to_string()),
            End::Draw => (None, "move_limit".to_string()),
        })
    }
    fn text(&self) -> String {
        self.0.to_text()
    }
}

impl Rules for pawn_peak::Plain {
    fn moves(&self) -> Vec<(String, Self)> {
        pawn_peak::Plain::moves(self)
            .iter()
            .map(|m| (m.text.clone(), self.play(m)))
            .collect()
    }
    fn first_to_move(&self) -> bool {
        self.red_to_move
    }
    fn end(&self) -> Option<(Option<bool>, String)> {
        self.end.map(|e| (e.red_wins, e.reason.to_string()))
    }
    fn text(&self) -> String {
        self.to_text()
    }
}

impl Rules for seega::Plain {
    fn moves(&self) -> Vec<(String, Self)> {
        seega::Plain::moves(self)
    }
    fn first_to_move(&self) -> bool {
        self.white_to_move
    }
    fn end(&self) -> Option<(Option<bool>, String)> {
        self.over.map(|(w, r)| (w, r.to_string()))
    }
    fn text(&self) -> String {
        let rows: Vec<String> = self
            .cells
            .iter()
            .rev()
            .map(|r| r.iter().collect())
            .collect();
        format!(
            "{} {}",
            rows.join("/"),
            if self.white_to_move { "w" } else { "b" }
        )
    }
}
