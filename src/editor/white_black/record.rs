//! Recording a Breakthrough or Seega challenge's intended line by clicking: click the squares
//! of a move in the order its text names them (a pawn or stone, then its destination; for a
//! Seega placement the one or two empty tiles, in any order); the move's text is appended to
//! the line. The board shows the position after the line so far. Moves are matched by the
//! squares their text names, so one recorder serves every game; play-test enters the player's
//! moves the same way ([`pick`], [`continuations`]).

use eframe::egui;

use crate::challenge::{Challenge, GameName, PositionSpec, spec_of_any, validate};
use crate::game::GameState;
use crate::editor::edit::Edit;
use crate::games::pawn_peak::Square;

/// The squares a move text names, in order (`b2-c3`, `b2xc3`, `c1+d2`, `c1`), and whether
/// their order is free (a placement).
fn squares_of(text: &str) -> (Vec<Square>, bool) {
    let squares = text
        .split(['-', 'x', '+'])
        .filter_map(|t| Square::parse(t).ok())
        .collect();
    (squares, text.contains('+'))
}

/// Whether the clicked squares begin move `text` (in its order, or any order for a
/// placement); `Some(true)` when they are the whole move.
fn matches(text: &str, picked: &[Square]) -> Option<bool> {
    let (squares, free) = squares_of(text);
    let begins = if free {
        picked.iter().all(|s| squares.contains(s)) && picked.len() <= squares.len()
    } else {
        squares.starts_with(picked)
    };
    begins.then_some(picked.len() == squares.len())
}

/// The squares that continue the move being entered (`picked`, clicked so far) among the
/// legal `moves` (texts); empty when nothing is picked yet.
#[must_use]
pub fn continuations(moves: &[String], picked: &[Square]) -> Vec<Square> {
    let mut next = Vec::new();
    if picked.is_empty() {
        return next;
    }
    for text in moves {
        if matches(text, picked).is_some() {
            for s in squares_of(text).0 {
                if !picked.contains(&s) && !next.contains(&s) {
                    next.push(s);
                }
            }
        }
    }
    next
}

/// A click on `sq` while entering a move among the legal `moves` (texts): extends `picked`,
/// or, when the squares clicked complete one legal move, clears them and returns its text. A
/// click that fits no move starts over from `sq` (or clears the squares); a picked square
/// clicked again clears them.
pub fn pick(picked: &mut Vec<Square>, moves: &[String], sq: Square) -> Option<String> {
    if picked.contains(&sq) {
        picked.clear();
        return None;
    }
    for tried in [[picked.as_slice(), &[sq]].concat(), vec![sq]] {
        let found: Vec<(&String, bool)> = moves
            .iter()
            .filter_map(|t| matches(t, &tried).map(|whole| (t, whole)))
            .collect();
        if let Some((text, _)) = found.iter().find(|(_, whole)| *whole) {
            picked.clear();
            return Some((*text).clone());
        }
        if !found.is_empty() {
            *picked = tried;
            return None;
        }
    }
    picked.clear();
    None
}

/// The squares a move text names, in order: where an arrow of the move starts and ends.
#[must_use]
pub fn move_squares(text: &str) -> Vec<Square> {
    squares_of(text).0
}

/// The legal move texts after the challenge's intended line, and the position there as a spec.
/// The legal move texts after the line and the position there, for the challenge's game.
///
/// # Errors
/// A message when the challenge is not valid, its line does not replay, or its game records
/// another way (Pawn&Peak has its own Play / record mode).
pub fn after_line(ch: &Challenge) -> Result<(Vec<String>, PositionSpec), String> {
    if ch.game == GameName::PawnPeak {
        return Err("Pawn&Peak lines are recorded in Play / record mode".into());
    }
    let mut pos = validate(ch)
        .map_err(|_| "the line can be recorded once the problems listed are fixed".to_string())?;
    for (i, text) in ch.solution.iter().enumerate() {
        let mv = pos
            .parse_move(text)
            .map_err(|e| format!("solution[{i}] ({text}): {e}"))?;
        pos = pos.play(mv);
    }
    let moves = if pos.outcome().is_some() {
        Vec::new()
    } else {
        pos.legal_moves()
            .into_iter()
            .map(|m| pos.move_text(m))
            .collect()
    };
    Ok((moves, spec_of_any(&pos)))
}

/// The recorder's state.
#[derive(Debug, Default)]
pub struct Recorder {
    /// Clicks on the board record moves (instead of editing the position).
    pub on: bool,
    /// The squares clicked so far of the move being entered.
    pub picked: Vec<Square>,
}

impl Recorder {
    /// What the board shows while recording: the position after the line and the squares that
    /// continue the move being entered; `None` when the line cannot be replayed.
    #[must_use]
    pub fn shown(&self, ch: &Challenge) -> Option<(PositionSpec, Vec<Square>)> {
        let (moves, spec) = after_line(ch).ok()?;
        Some((spec, continuations(&moves, &self.picked)))
    }

    /// A click on `sq` while recording: extends the move being entered, or, when it completes
    /// one legal move, returns the edit that appends it.
    pub fn click(&mut self, ch: &Challenge, sq: Square) -> Option<Edit> {
        let (moves, _) = after_line(ch).ok()?;
        pick(&mut self.picked, &moves, sq).map(Edit::PushMove)
    }

    /// Draws the recording controls for `ch`; returns the edits asked for.
    pub fn ui(&mut self, ui: &mut egui::Ui, ch: &Challenge) -> Vec<Edit> {
        let mut edits = Vec::new();
        if ch.solution.is_empty() {
            ui.weak("No intended line.");
        } else {
            ui.label(ch.solution.join(" "));
        }
        if ui
            .checkbox(&mut self.on, "Record the line by clicking")
            .changed()
        {
            self.picked.clear();
        }
        match after_line(ch) {
            Err(e) => {
                ui.colored_label(ui.visuals().warn_fg_color, e);
            }
            Ok((moves, _)) if self.on => {
                ui.label(if moves.is_empty() {
                    "The line ends the match."
                } else {
                    "Click the squares of a move: the piece, then its destination; a \
                     placement's tiles."
                });
            }
            Ok(_) => {}
        }
        ui.horizontal(|ui| {
            let any = !ch.solution.is_empty();
            if ui
                .add_enabled(any, egui::Button::new("Take back the last move"))
                .clicked()
            {
                edits.push(Edit::PopMove);
            }
            if ui
                .add_enabled(any, egui::Button::new("Clear the line"))
                .clicked()
            {
                edits.push(Edit::ClearLine);
            }
        });
        edits
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clicked_squares_match_move_texts() {
        let sq = |t: &str| Square::parse(t).unwrap();
        assert_eq!(matches("b2-c3", &[sq("b2")]), Some(false));
        assert_eq!(matches("b2xc3", &[sq("b2"), sq("c3")]), Some(true));
        assert_eq!(matches("b2-c3", &[sq("c3")]), None);
        assert_eq!(matches("a1+b1", &[sq("b1"), sq("a1")]), Some(true));
        assert_eq!(matches("c1", &[sq("c1")]), Some(true));
    }

    #[test]
    fn clicks_pick_a_move_among_the_legal_texts() {
        let sq = |t: &str| Square::parse(t).unwrap();
        let moves: Vec<String> = ["b2-c3", "b2-b3", "a1+b1"].map(String::from).to_vec();
        let mut picked = Vec::new();
        assert_eq!(pick(&mut picked, &moves, sq("b2")), None);
        assert_eq!(continuations(&moves, &picked), [sq("c3"), sq("b3")]);
        // A square that fits no move with b2 starts a placement instead.
        assert_eq!(pick(&mut picked, &moves, sq("b1")), None);
        assert_eq!(picked, [sq("b1")]);
        assert_eq!(
            pick(&mut picked, &moves, sq("a1")).as_deref(),
            Some("a1+b1")
        );
        assert!(picked.is_empty());
        // Clicking a picked square again clears the move being entered.
        pick(&mut picked, &moves, sq("b2"));
        assert_eq!(pick(&mut picked, &moves, sq("b2")), None);
        assert!(picked.is_empty() && continuations(&moves, &picked).is_empty());
    }
}
