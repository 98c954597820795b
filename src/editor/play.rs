//! Play/record mode: select a piece of the side to move, see its destinations, click one to
//! append the move to the intended line (the challenge's `solution`). The position after the
//! line and the selected piece's moves are cached and recomputed only when the document
//! changes.

use eframe::egui;

use super::doc::Document;
use super::edit::Edit;
use crate::game::GameState;
use crate::games::pawn_peak::{Move, MoveKind, Position, Side, Square};

/// The play mode's cached state.
#[derive(Default)]
pub struct PlayState {
    /// The document revision the cache was built for.
    revision: Option<u64>,
    /// The starting position (`None` when the position fields cannot be built).
    pub start: Option<Position>,
    /// The position after the playable part of the intended line.
    pub current: Option<Position>,
    /// Moves of the line that could be played (the rest is illegal).
    playable: usize,
    /// Why the line stops early, if it does.
    pub line_error: Option<String>,
    /// The selected piece.
    pub selected: Option<Square>,
    /// Its legal moves.
    pub moves: Vec<Move>,
}

impl PlayState {
    /// Recomputes the cache when the document changed.
    pub fn refresh(&mut self, doc: &Document) {
        if self.revision == Some(doc.revision) {
            return;
        }
        self.revision = Some(doc.revision);
        self.line_error = None;
        self.playable = 0;
        self.start = doc.board();
        self.current = self.start;
        if let Some(mut pos) = self.current {
            for (i, text) in doc.ch.solution.iter().enumerate() {
                if pos.outcome().is_some() {
                    self.line_error = Some(format!(
                        "move {} ({text}) comes after the end of the match",
                        i + 1
                    ));
                    break;
                }
                match pos.parse_move(text) {
                    Ok(mv) => {
                        pos = pos.after(mv);
                        self.playable = i + 1;
                    }
                    Err(e) => {
                        self.line_error = Some(format!("move {}: {e}", i + 1));
                        break;
                    }
                }
            }
            self.current = Some(pos);
        }
        let keep = self.selected;
        self.select(keep);
    }

    /// Selects the piece on `sq` when it belongs to the side to move (else clears the
    /// selection) and caches its moves.
    fn select(&mut self, sq: Option<Square>) {
        self.selected = None;
        self.moves.clear();
        let (Some(pos), Some(sq)) = (self.current, sq) else {
            return;
        };
        if pos
            .piece_at(sq)
            .is_some_and(|p| p.side == pos.side_to_move())
            && pos.outcome().is_none()
        {
            self.selected = Some(sq);
            pos.piece_moves_into(sq, &mut self.moves);
        }
    }

    /// A click on the board: plays a highlighted destination (returns the edit appending it to
    /// the line), or selects another piece.
    pub fn click(&mut self, sq: Square) -> Option<Edit> {
        if let Some(mv) = self
            .moves
            .iter()
            .find(|m| m.to == sq && m.kind != MoveKind::Exit)
        {
            return Some(Edit::PushMove(mv.text()));
        }
        self.select(if self.selected == Some(sq) {
            None
        } else {
            Some(sq)
        });
        None
    }

    /// The selected piece's exit, if it has one.
    #[must_use]
    pub fn exit_move(&self) -> Option<Move> {
        self.moves
            .iter()
            .copied()
            .find(|m| m.kind == MoveKind::Exit)
    }

    /// The intended line as a numbered list, with Back and Clear line; returns the edits asked
    /// for.
    pub fn ui(&mut self, ui: &mut egui::Ui, doc: &Document, playing: bool) -> Vec<Edit> {
        let mut edits = Vec::new();
        if let Some(pos) = self.current {
            match pos.outcome() {
                Some(o) => {
                    let who = o.winner.map_or("draw".to_string(), |w| {
                        format!("{} wins", Side::from(w).name())
                    });
                    ui.label(format!(
                        "After the line: match over, {who} ({})",
                        o.reason.as_str()
                    ));
                }
                None => {
                    ui.label(format!(
                        "After the line: {} to move",
                        pos.side_to_move().name()
                    ));
                }
            }
        }
        if let (Some(mv), Some(sq)) = (self.exit_move(), self.selected)
            && ui.button(format!("Exit {sq} (cost {})", mv.cost)).clicked()
        {
            edits.push(Edit::PushMove(mv.text()));
        }
        let over = self.current.is_some_and(|p| p.outcome().is_some());
        if !playing {
            ui.weak("Choose Play / record, then click pieces and destinations to record moves.");
        } else if self.selected.is_none() && !over {
            ui.weak("Click a piece of the side to move.");
        }
        ui.horizontal(|ui| {
            if ui
                .add_enabled(!doc.ch.solution.is_empty(), egui::Button::new("Back"))
                .clicked()
            {
                edits.push(Edit::PopMove);
            }
            if ui
                .add_enabled(!doc.ch.solution.is_empty(), egui::Button::new("Clear line"))
                .clicked()
            {
                edits.push(Edit::ClearLine);
            }
        });
        let player = doc.ch.position.side_to_move;
        egui::ScrollArea::vertical()
            .id_salt("line")
            .max_height(160.0)
            .show(ui, |ui| {
                if doc.ch.solution.is_empty() {
                    ui.weak("(no move recorded)");
                }
                for (i, text) in doc.ch.solution.iter().enumerate() {
                    let side = if i % 2 == 0 {
                        player
                    } else {
                        player.opponent()
                    };
                    let role = if i % 2 == 0 { "player" } else { "defence" };
                    let line = format!("{}. {} {text}  ({role})", i + 1, side.name());
                    if i < self.playable {
                        ui.label(line);
                    } else {
                        ui.colored_label(ui.visuals().error_fg_color, line);
                    }
                }
            });
        if let Some(e) = &self.line_error {
            ui.colored_label(ui.visuals().error_fg_color, e);
        }
        edits
    }
}
