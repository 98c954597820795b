//! Recording a Breakthrough challenge's intended line by clicking (Play / record): click one of
//! the side to move's pawns, then one of its destinations; the move's text is appended to the
//! line. The board shows the position after the line so far.

use eframe::egui;

use super::new::breakthrough_spec;
use crate::challenge::{Challenge, GameName, PositionSpec, validate_as};
use crate::editor::edit::Edit;
use crate::game::GameState;
use crate::games::breakthrough::{self, Move};
use crate::games::pawn_peak::Square;

/// The recorder's state.
#[derive(Debug, Default)]
pub struct Recorder {
    /// Clicks on the board record moves (instead of editing the position).
    pub on: bool,
    /// The pawn picked to move.
    pub selected: Option<Square>,
}

/// The Breakthrough position after the challenge's intended line.
///
/// # Errors
/// A message when the challenge is not a valid Breakthrough challenge or a move of its line
/// does not parse.
pub fn after_line(ch: &Challenge) -> Result<breakthrough::Position, String> {
    let mut pos = validate_as::<breakthrough::Position>(ch)
        .map_err(|_| "the line can be recorded once the problems listed are fixed".to_string())?;
    for (i, text) in ch.solution.iter().enumerate() {
        let mv = pos
            .parse_move(text)
            .map_err(|e| format!("solution[{i}] ({text}): {e}"))?;
        pos = pos.play(mv);
    }
    Ok(pos)
}

impl Recorder {
    /// The legal moves of the selected pawn in `pos`.
    fn moves(&self, pos: &breakthrough::Position) -> Vec<Move> {
        let Some(from) = self.selected else {
            return Vec::new();
        };
        pos.legal_moves()
            .into_iter()
            .filter(|m| m.from == from)
            .collect()
    }

    /// What the board shows while recording: the position after the line and the selected
    /// pawn's destinations; `None` when the line cannot be replayed.
    #[must_use]
    pub fn shown(&self, ch: &Challenge) -> Option<(PositionSpec, Vec<Square>)> {
        let pos = after_line(ch).ok()?;
        let targets = self.moves(&pos).iter().map(|m| m.to).collect();
        Some((breakthrough_spec(&pos), targets))
    }

    /// A click on `sq` while recording: picks a pawn of the side to move, or plays the picked
    /// pawn's move to `sq` (the edit that appends it).
    pub fn click(&mut self, ch: &Challenge, sq: Square) -> Option<Edit> {
        let pos = after_line(ch).ok()?;
        if pos.outcome().is_some() {
            self.selected = None;
            return None;
        }
        if let Some(mv) = self.moves(&pos).into_iter().find(|m| m.to == sq) {
            self.selected = None;
            return Some(Edit::PushMove(pos.move_text(mv)));
        }
        self.selected = (pos.pawn_at(sq) == Some(pos.side_to_move()) && self.selected != Some(sq))
            .then_some(sq);
        None
    }

    /// Draws the recording controls for `ch`; returns the edits asked for.
    pub fn ui(&mut self, ui: &mut egui::Ui, ch: &Challenge) -> Vec<Edit> {
        let mut edits = Vec::new();
        if ch.solution.is_empty() {
            ui.weak("No intended line.");
        } else {
            ui.label(ch.solution.join(" "));
        }
        if ch.game != GameName::Breakthrough {
            self.on = false;
            ui.weak(
                "Recording a line by clicking is for Pawn&Peak and Breakthrough in this version: \
                 write a Seega solution in the file.",
            );
            return edits;
        }
        if ui
            .checkbox(&mut self.on, "Record the line by clicking")
            .changed()
        {
            self.selected = None;
        }
        match after_line(ch) {
            Err(e) => {
                ui.colored_label(ui.visuals().warn_fg_color, e);
            }
            Ok(pos) if self.on => {
                let to_move = pos.side_to_move().name();
                match pos.outcome() {
                    Some(o) => {
                        ui.label(format!("The line ends the match ({}).", o.reason.as_str()))
                    }
                    None => ui.label(format!("Click a {to_move} pawn, then its destination.")),
                };
            }
            Ok(_) => {}
        }
        ui.horizontal(|ui| {
            if ui
                .add_enabled(
                    !ch.solution.is_empty(),
                    egui::Button::new("Take back the last move"),
                )
                .clicked()
            {
                edits.push(Edit::PopMove);
            }
            if ui
                .add_enabled(!ch.solution.is_empty(), egui::Button::new("Clear the line"))
                .clicked()
            {
                edits.push(Edit::ClearLine);
            }
        });
        edits
    }
}
