//! Play/record mode, in every game: click a piece of the side to move (or a placement's
//! tile), see where it can go ([`super::entry`]), click a destination to append the move to
//! the intended line (the challenge's `solution`). The line can be browsed
//! without changing it: a view cursor (a click on a move, Back, Forward) shows the position
//! after any of its moves; recording from an earlier move asks before deleting the later ones.
//! The positions along the line and the selected piece's moves are cached and recomputed only
//! when the document changes.

use eframe::egui;

use super::doc::Document;
use super::edit::Edit;
use super::entry::{Candidate, Entry, Pick, candidates};
use crate::challenge::read_line;
use crate::game::GameState;
use crate::games::board::Square;
use crate::games::{AnyMove, AnyPosition};

/// The play mode's cached state.
#[derive(Default)]
pub struct PlayState {
    /// The document revision the cache was built for.
    revision: Option<u64>,
    /// The board revision the view cursor was set for.
    board_revision: Option<u64>,
    /// The starting position (`None` when the position fields cannot be built).
    pub start: Option<AnyPosition>,
    /// The position after the playable part of the intended line.
    pub current: Option<AnyPosition>,
    /// The start, then the position after each playable move of the line.
    positions: Vec<AnyPosition>,
    /// Moves of the line that could be played (the rest is illegal).
    playable: usize,
    /// Moves in the line, playable or not.
    len: usize,
    /// The viewed ply: the position after this many moves is shown (`None`: the end of the
    /// playable line, following new moves).
    view: Option<usize>,
    /// A move clicked while viewing an earlier ply: recording it deletes the later moves, so
    /// the user is asked first. Holds the ply and the move.
    pending: Option<(usize, String)>,

    /// Why the line stops early, if it does.
    pub line_error: Option<String>,
    /// The move being entered on the position shown.
    pub entry: Entry,
    /// The legal moves of the position shown, as they are entered.
    pub moves: Vec<Candidate>,
}

impl PlayState {
    /// Recomputes the cache when the document changed.
    pub fn refresh(&mut self, doc: &Document) {
        if self.revision == Some(doc.revision) {
            return;
        }
        // A document just opened is shown at the start of its line, not after it.
        let opened = self.revision.is_none();
        self.revision = Some(doc.revision);
        if self.board_revision != Some(doc.board_revision) {
            self.board_revision = Some(doc.board_revision);
            self.view = None;
        }
        self.pending = None;
        self.line_error = None;
        self.playable = 0;
        self.len = doc.ch.solution.len();
        self.start = doc.start().ok();
        self.current = self.start.clone();
        self.positions.clear();
        if let Some(mut pos) = self.current.clone() {
            // The position fields may build a board that is not a valid challenge yet (no
            // title): the line is read on it all the same.
            let (line, problem) = read_line(&pos, &doc.ch.solution);
            self.positions.push(pos.clone());
            for mv in line {
                pos = pos.play(mv);
                self.positions.push(pos.clone());
            }
            self.playable = self.positions.len() - 1;
            self.line_error = problem.map(|p| p.to_string());
            self.current = Some(pos);
        }
        if self.view.is_some_and(|v| v >= self.playable) {
            self.view = None;
        }
        if opened && self.playable > 0 {
            self.view = Some(0);
        }
        self.shown_changed();
    }

    /// The viewed ply: how many moves of the line are played on the board shown.
    #[must_use]
    pub fn viewed_ply(&self) -> usize {
        self.view.unwrap_or(self.playable).min(self.playable)
    }

    /// The position shown in play mode: after the viewed ply.
    #[must_use]
    pub fn shown(&self) -> Option<&AnyPosition> {
        self.positions.get(self.viewed_ply())
    }

    /// Views the position after `ply` moves (clamped to the playable line).
    fn view_ply(&mut self, ply: usize) {
        self.view = (ply < self.playable).then_some(ply);
        self.pending = None;
        self.shown_changed();
    }

    /// The position shown changed: its moves are listed again, the move being entered kept
    /// when it still begins one.
    fn shown_changed(&mut self) {
        self.moves = self.shown().map(candidates).unwrap_or_default();
        if self.entry.open(&self.moves).is_empty() {
            self.entry.clear();
        }
    }

    /// Records `mv` (a move of the position shown) after the viewed ply: appended when that is
    /// the end of the line, else held until the user agrees to delete the later moves.
    pub fn record(&mut self, mv: AnyMove) -> Option<Edit> {
        // The file holds the line as move texts.
        let mv = self.shown()?.move_text(mv);
        let ply = self.viewed_ply();
        if ply < self.len {
            self.pending = Some((ply, mv));
            self.entry.clear();
            return None;
        }
        Some(Edit::PushMove(mv))
    }

    /// A click on the board (a tile, or the exit band): plays the move it completes (returns
    /// the edit appending it to the line), or goes on entering one.
    pub fn click(&mut self, pick: Pick) -> Option<Edit> {
        let mv = self.entry.click(&self.moves, pick)?;
        self.record(mv)
    }

    /// The exit the move being entered can end with, and its label.
    #[must_use]
    pub fn exit_move(&self) -> Option<(String, String)> {
        self.entry
            .exit(&self.moves)
            .map(|c| (c.text.clone(), c.label.text.clone()))
    }

    /// The square of the piece being moved, when one is selected.
    #[must_use]
    pub fn selected(&self) -> Option<Square> {
        self.entry.tiles().first().copied()
    }

    /// The intended line as a numbered list to browse (a click shows the position after that
    /// move, Back and Forward step through it), with Delete from here and Clear line; returns
    /// the edits asked for. `valid`: the challenge has no problem (else the end of the line is
    /// not described). Browsing switches `playing` on, since only play mode shows the line.
    pub fn ui(
        &mut self,
        ui: &mut egui::Ui,
        doc: &Document,
        valid: bool,
        playing: &mut bool,
    ) -> Vec<Edit> {
        let mut edits = Vec::new();
        self.end_ui(ui, valid);
        let ply = self.viewed_ply();
        // The buttons come before the lines that come and go: they keep their place.
        self.buttons_ui(ui, doc, *playing, &mut edits);
        // One row, whatever it holds (the Exit button of the piece selected, where in the
        // line the board is): the list below keeps its place.
        ui.horizontal(|ui| {
            ui.set_min_height(ui.spacing().interact_size.y);
            if let (Some((_, label)), Some(sq)) = (self.exit_move(), self.selected())
                && ui.button(format!("Exit {sq} ({label})")).clicked()
                && let Some(e) = self.click(Pick::Exit)
            {
                edits.push(e);
            }
            if *playing && ply < self.len {
                let at = if ply == 0 {
                    format!(
                        "Showing the start of the line ({} move(s) follow).",
                        self.len
                    )
                } else {
                    format!("Showing the position after move {ply} of {}.", self.len)
                };
                ui.add(egui::Label::new(&at).truncate()).on_hover_text(at);
            }
        });
        self.pending_ui(ui, &mut edits);
        ui.weak(self.hint(*playing));
        self.list_ui(ui, doc, playing);
        if let Some(e) = &self.line_error {
            ui.colored_label(ui.visuals().error_fg_color, e);
        }
        edits
    }

    /// What the end of the line is: who wins, or who is to move.
    fn end_ui(&self, ui: &mut egui::Ui, valid: bool) {
        if !valid {
            ui.label("After the line: fix the problems first (the Problems tab).");
        } else if let Some(pos) = &self.current {
            match pos.outcome() {
                Some(o) => {
                    let who = o
                        .winner
                        .map_or("draw".to_string(), |w| format!("{} wins", pos.side_name(w)));
                    ui.label(format!(
                        "After the line: match over, {who} ({})",
                        o.reason.as_str()
                    ));
                }
                None => {
                    ui.label(format!(
                        "After the line: {} to move",
                        pos.side_name(pos.to_move())
                    ));
                }
            }
        }
    }

    /// Back, Forward, Delete from here, Take back the last move, Clear line.
    fn buttons_ui(
        &mut self,
        ui: &mut egui::Ui,
        doc: &Document,
        playing: bool,
        edits: &mut Vec<Edit>,
    ) {
        let ply = self.viewed_ply();
        ui.horizontal(|ui| {
            if ui
                .add_enabled(playing && ply > 0, egui::Button::new("Back"))
                .on_hover_text("Show the position one move earlier (the line is kept).")
                .clicked()
            {
                self.view_ply(ply - 1);
            }
            if ui
                .add_enabled(playing && ply < self.playable, egui::Button::new("Forward"))
                .on_hover_text("Show the position one move later.")
                .clicked()
            {
                self.view_ply(ply + 1);
            }
            if ui
                .add_enabled(
                    playing && ply < self.len,
                    egui::Button::new("Delete from here"),
                )
                .on_hover_text("Delete the moves after the position shown.")
                .clicked()
            {
                edits.push(Edit::CutLine(ply, None));
                self.view = None;
            }
            if ui
                .add_enabled(
                    !doc.ch.solution.is_empty(),
                    egui::Button::new("Take back the last move"),
                )
                .clicked()
            {
                edits.push(Edit::PopMove);
                self.view = None;
            }
            if ui
                .add_enabled(!doc.ch.solution.is_empty(), egui::Button::new("Clear line"))
                .clicked()
            {
                edits.push(Edit::ClearLine);
            }
        });
    }

    /// The question of a move recorded before the end of the line.
    fn pending_ui(&mut self, ui: &mut egui::Ui, edits: &mut Vec<Edit>) {
        let Some((at, mv)) = self.pending.clone() else {
            return;
        };
        let later = self.len - at;
        ui.colored_label(
            ui.visuals().warn_fg_color,
            format!(
                "Recording {mv} {} deletes the {later} later move(s) of the line.",
                if at == 0 {
                    "at the start".to_string()
                } else {
                    format!("after move {at}")
                }
            ),
        );
        ui.horizontal(|ui| {
            if ui.button("Delete from here and record").clicked() {
                edits.push(Edit::CutLine(at, Some(mv)));
                self.pending = None;
                self.view = None;
            }
            if ui.button("Keep the line").clicked() {
                self.pending = None;
            }
        });
    }

    /// Always one hint line: the move list keeps its place in every mode and step.
    fn hint(&self, playing: bool) -> &'static str {
        let over = self.shown().is_some_and(|p| p.outcome().is_some());
        if !playing {
            "Choose Play / record, then click pieces and destinations to record moves."
        } else if self.pending.is_some() {
            "Answer the question above first."
        } else if over {
            "The game is over here: the line cannot go on."
        } else if self.entry.picked.is_empty() {
            "Click a piece of the side to move (or a placement's tiles)."
        } else {
            "Click one of the destinations shown (or the piece again to drop it)."
        }
    }

    /// The numbered moves of the line, each showing the position after it when clicked.
    fn list_ui(&mut self, ui: &mut egui::Ui, doc: &Document, playing: &mut bool) {
        let ply = self.viewed_ply();
        // Who plays each move: read from the positions along the line (a side may move
        // several times in a row), by alternation past its playable part.
        let start = self.positions.first();
        let mover = |i: usize| -> (String, bool) {
            let Some(start) = start else {
                return (String::new(), i.is_multiple_of(2));
            };
            let player = start.to_move();
            let side = self.positions.get(i).map_or_else(
                || {
                    if i.is_multiple_of(2) {
                        player
                    } else {
                        player.opponent()
                    }
                },
                GameState::to_move,
            );
            (start.side_name(side).to_string(), side == player)
        };
        let movers: Vec<(String, bool)> = (0..doc.ch.solution.len()).map(mover).collect();
        egui::ScrollArea::vertical()
            .id_salt("line")
            .max_height(160.0)
            .show(ui, |ui| {
                if doc.ch.solution.is_empty() {
                    ui.weak("(no move recorded)");
                } else if ui
                    .selectable_label(*playing && ply == 0, "0. start")
                    .on_hover_text("Show the starting position.")
                    .clicked()
                {
                    *playing = true;
                    self.view_ply(0);
                }
                for (i, text) in doc.ch.solution.iter().enumerate() {
                    let (side, own) = &movers[i];
                    let role = if *own { "player" } else { "defence" };
                    let line = format!("{}. {side} {text}  ({role})", i + 1);
                    if i < self.playable {
                        if ui
                            .selectable_label(*playing && ply == i + 1, line)
                            .on_hover_text("Show the position after this move.")
                            .clicked()
                        {
                            *playing = true;
                            self.view_ply(i + 1);
                        }
                    } else {
                        ui.colored_label(ui.visuals().error_fg_color, line);
                    }
                }
            });
    }
}
