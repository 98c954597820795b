//! Play/record mode: select a piece of the side to move, see its destinations, click one to
//! append the move to the intended line (the challenge's `solution`). The line can be browsed
//! without changing it: a view cursor (a click on a move, Back, Forward) shows the position
//! after any of its moves; recording from an earlier move asks before deleting the later ones.
//! The positions along the line and the selected piece's moves are cached and recomputed only
//! when the document changes.

use eframe::egui;

use super::doc::Document;
use super::edit::Edit;
use crate::game::GameState;
use crate::games::pawn_peak::{Move, MoveKind, Position, Side, Square};

/// Selects the piece on `sq` when it belongs to the side to move of a live `pos`: returns its
/// square and puts its legal moves in `moves` (cleared first).
pub fn select_piece(pos: &Position, sq: Square, moves: &mut Vec<Move>) -> Option<Square> {
    moves.clear();
    let ok = pos
        .piece_at(sq)
        .is_some_and(|p| p.side == pos.side_to_move())
        && pos.outcome().is_none();
    if ok {
        pos.piece_moves_into(sq, moves);
    }
    ok.then_some(sq)
}

/// The move of `moves` landing on `sq` (a normal, special or capture move; exits go past the
/// edge instead).
#[must_use]
pub fn move_to(moves: &[Move], sq: Square) -> Option<Move> {
    moves
        .iter()
        .copied()
        .find(|m| m.to == sq && m.kind != MoveKind::Exit)
}

/// The exit among `moves`, if there is one.
#[must_use]
pub fn exit_of(moves: &[Move]) -> Option<Move> {
    moves.iter().copied().find(|m| m.kind == MoveKind::Exit)
}

/// The play mode's cached state.
#[derive(Default)]
pub struct PlayState {
    /// The document revision the cache was built for.
    revision: Option<u64>,
    /// The board revision the view cursor was set for.
    board_revision: Option<u64>,
    /// The starting position (`None` when the position fields cannot be built).
    pub start: Option<Position>,
    /// The position after the playable part of the intended line.
    pub current: Option<Position>,
    /// The start, then the position after each playable move of the line.
    positions: Vec<Position>,
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
        if self.board_revision != Some(doc.board_revision) {
            self.board_revision = Some(doc.board_revision);
            self.view = None;
        }
        self.pending = None;
        self.line_error = None;
        self.playable = 0;
        self.len = doc.ch.solution.len();
        self.start = doc.board();
        self.current = self.start;
        self.positions.clear();
        if let Some(mut pos) = self.current {
            self.positions.push(pos);
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
                        self.positions.push(pos);
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
        if self.view.is_some_and(|v| v >= self.playable) {
            self.view = None;
        }
        let keep = self.selected;
        self.select(keep);
    }

    /// The viewed ply: how many moves of the line are played on the board shown.
    #[must_use]
    pub fn viewed_ply(&self) -> usize {
        self.view.unwrap_or(self.playable).min(self.playable)
    }

    /// The position shown in play mode: after the viewed ply.
    #[must_use]
    pub fn shown(&self) -> Option<Position> {
        self.positions.get(self.viewed_ply()).copied()
    }

    /// Views the position after `ply` moves (clamped to the playable line).
    fn view_ply(&mut self, ply: usize) {
        self.view = (ply < self.playable).then_some(ply);
        self.pending = None;
        let keep = self.selected;
        self.select(keep);
    }

    /// Selects the piece on `sq` when it belongs to the side to move (else clears the
    /// selection) and caches its moves.
    fn select(&mut self, sq: Option<Square>) {
        self.selected = None;
        self.moves.clear();
        if let (Some(pos), Some(sq)) = (self.shown(), sq) {
            self.selected = select_piece(&pos, sq, &mut self.moves);
        }
    }

    /// Records `mv` after the viewed ply: appended when that is the end of the line, else
    /// held until the user agrees to delete the later moves.
    pub fn record(&mut self, mv: String) -> Option<Edit> {
        let ply = self.viewed_ply();
        if ply < self.len {
            self.pending = Some((ply, mv));
            self.select(None);
            return None;
        }
        Some(Edit::PushMove(mv))
    }

    /// A click on the board: plays a highlighted destination (returns the edit appending it to
    /// the line), or selects another piece.
    pub fn click(&mut self, sq: Square) -> Option<Edit> {
        if let Some(mv) = move_to(&self.moves, sq) {
            return self.record(mv.text());
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
        exit_of(&self.moves)
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
        if !valid {
            ui.label("After the line: fix the problems first (see Problems below).");
        } else if let Some(pos) = self.current {
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
        let ply = self.viewed_ply();
        if *playing && ply < self.len {
            ui.label(if ply == 0 {
                format!(
                    "Showing the start of the line ({} move(s) follow).",
                    self.len
                )
            } else {
                format!("Showing the position after move {ply} of {}.", self.len)
            });
        }
        if let (Some(mv), Some(sq)) = (self.exit_move(), self.selected)
            && ui.button(format!("Exit {sq} (cost {})", mv.cost)).clicked()
            && let Some(e) = self.record(mv.text())
        {
            edits.push(e);
        }
        if let Some((at, mv)) = self.pending.clone() {
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
        let over = self.shown().is_some_and(|p| p.outcome().is_some());
        if !*playing {
            ui.weak("Choose Play / record, then click pieces and destinations to record moves.");
        } else if self.selected.is_none() && !over && self.pending.is_none() {
            ui.weak("Click a piece of the side to move.");
        }
        ui.horizontal(|ui| {
            if ui
                .add_enabled(*playing && ply > 0, egui::Button::new("Back"))
                .on_hover_text("Show the position one move earlier (the line is kept).")
                .clicked()
            {
                self.view_ply(ply - 1);
            }
            if ui
                .add_enabled(
                    *playing && ply < self.playable,
                    egui::Button::new("Forward"),
                )
                .on_hover_text("Show the position one move later.")
                .clicked()
            {
                self.view_ply(ply + 1);
            }
            if ui
                .add_enabled(
                    *playing && ply < self.len,
                    egui::Button::new("Delete from here"),
                )
                .on_hover_text("Delete the moves after the position shown.")
                .clicked()
            {
                edits.push(Edit::CutLine(ply, None));
                self.view = None;
            }
            if ui
                .add_enabled(!doc.ch.solution.is_empty(), egui::Button::new("Clear line"))
                .clicked()
            {
                edits.push(Edit::ClearLine);
            }
        });
        // The editor authors Pawn&Peak challenges; another game's side reads as Red.
        let player = doc
            .ch
            .position
            .side_to_move
            .pawn_peak()
            .unwrap_or(Side::Red);
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
                    let side = if i % 2 == 0 {
                        player
                    } else {
                        player.opponent()
                    };
                    let role = if i % 2 == 0 { "player" } else { "defence" };
                    let line = format!("{}. {} {text}  ({role})", i + 1, side.name());
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
        if let Some(e) = &self.line_error {
            ui.colored_label(ui.visuals().error_fg_color, e);
        }
        edits
    }
}
