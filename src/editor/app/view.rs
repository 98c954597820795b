//! The central board view of [`EditorApp`], the same for every game: which board is shown (a
//! solver finding, the play-test game, the line being recorded, or the document's position as
//! written, valid or not), built as one [`BoardView`] and painted by the one painter, and what
//! its pointer events do; where a clicked problem points.

use eframe::egui;

use super::{Command, EditorApp};
use crate::board_view::{BoardView, MarkKind};
use crate::challenge::{self, PositionSpec};
use crate::editor::board::{self, BoardEvents};
use crate::editor::edit::Edit;
use crate::editor::entry::Pick;
use crate::editor::findings::MoveArrow;
use crate::editor::focus;
use crate::editor::problems::Target;
use crate::editor::status;
use crate::editor::tools::Tool;
use crate::games::AnyPosition;

impl EditorApp {
    /// Shows where a problem is: its tiles on the board, or its field focused.
    pub(super) fn point_at(&mut self, ctx: &egui::Context, p: &challenge::Problem) {
        match crate::editor::problems::target(p, &self.doc.ch) {
            Some(Target::Squares(squares)) => {
                let names: Vec<String> = squares.iter().map(ToString::to_string).collect();
                self.message = Some(format!(
                    "{}: {} (highlighted on the board)",
                    p.field,
                    names.join(" ")
                ));
                self.highlight = (squares, self.doc.revision);
                self.verify.close_view();
                if !self.tools.tool.edits() {
                    self.tools.tool = Tool::default();
                }
            }
            Some(Target::Field(label)) => {
                focus::ask(ctx, &label);
                self.message = Some(format!("{}: see the field \"{label}\"", p.field));
            }
            None => self.message = Some(format!("{}: {}", p.field, p.message)),
        }
    }

    /// The solver finding shown on the board: each arrow's move and its label ("key",
    /// "cook", "refutes", …).
    #[must_use]
    pub fn finding_arrows(&self) -> Vec<(String, String)> {
        self.verify.shown().map_or_else(Vec::new, |s| {
            s.arrows.into_iter().map(|a| (a.text, a.label)).collect()
        })
    }

    /// The caption of a solver finding shown on the board, with a way back.
    fn finding_caption(&mut self, ui: &mut egui::Ui, caption: &str) {
        ui.horizontal(|ui| {
            ui.label(caption);
            if ui.button("Back to the board").clicked() {
                self.verify.close_view();
            }
        });
    }

    /// Paints `view` (with the hands line of a game with pieces in hand, read from `spec`),
    /// remembers the hovered tile in words and returns the pointer events.
    fn paint(&mut self, ui: &mut egui::Ui, view: &BoardView, spec: &PositionSpec) -> BoardEvents {
        if self.doc.ch.game.authoring().in_hand.is_some() {
            ui.label(egui::RichText::new(status::hands_line(spec)).strong());
        }
        let (cursor, keys) = self.cursor;
        let mut ev = match cursor.at.filter(|&sq| view.contains(sq)) {
            Some(sq) => {
                let mut marked = view.clone();
                marked.mark(&[sq], MarkKind::Cursor);
                board::show(ui, &marked, self.canvas.dragged())
            }
            None => board::show(ui, view, self.canvas.dragged()),
        };
        // The keyboard path: Space or Enter on the cursor is a click there, X the exit.
        if keys.press
            && let Some(sq) = cursor.at.filter(|&sq| view.contains(sq))
        {
            ev.clicked = Some(sq);
            ev.held = Some(sq);
            ev.stroke_start = true;
        }
        ev.exit_clicked |= keys.exit;
        self.cursor.1 = Default::default();
        self.hovered = ev
            .hovered
            .map(|sq| format!("{sq} · {}", view.tile_text(sq)));
        ev
    }

    /// A solver finding on the board, read-only, with its caption and a way back.
    fn finding(&mut self, ui: &mut egui::Ui) -> bool {
        let Some(shown) = self.verify.shown() else {
            return false;
        };
        let pos = &shown.position;
        let mut view = BoardView::of(pos);
        view.moves.extend(shown.arrows.iter().map(MoveArrow::mark));
        self.finding_caption(ui, &shown.caption);
        let spec = challenge::spec_of_any(pos);
        self.paint(ui, &view, &spec);
        true
    }

    /// The view of a position being played on, with the move being entered.
    fn play_view(
        pos: &AnyPosition,
        entry: &crate::editor::entry::Entry,
        moves: &[crate::editor::entry::Candidate],
    ) -> BoardView {
        let mut view = BoardView::of(pos);
        entry.show(&mut view, moves);
        view
    }

    /// The play-test game on the board: clicks enter the player's moves.
    fn play_test_board(&mut self, ui: &mut egui::Ui) {
        let Some(pos) = self.playtest.position().cloned() else {
            ui.centered_and_justified(|ui| {
                ui.label(
                    "Play-test needs a valid challenge: fix the problems listed on the right.",
                );
            });
            return;
        };
        let mut view = Self::play_view(&pos, &self.playtest.entry, &self.playtest.moves);
        // The last move (yours or the solver's), marked on the board with its text above.
        if let Some(mark) = self.playtest.last_mark() {
            view.moves.push(mark);
        }
        if let Some(text) = self.playtest.last_move_text() {
            ui.label(text);
        }
        let ev = self.paint(ui, &view, &challenge::spec_of_any(&pos));
        let ctx = ui.ctx().clone();
        if ev.exit_clicked {
            self.playtest.click(&ctx, Pick::Exit);
        } else if let Some(sq) = ev.clicked {
            self.playtest.click(&ctx, Pick::Tile(sq));
        }
    }

    /// Play / record: the position after the viewed ply of the line; clicks record moves.
    fn record_board(&mut self, ui: &mut egui::Ui, out: &mut Vec<Command>) {
        let Some(pos) = self.play.shown().cloned() else {
            ui.colored_label(
                ui.visuals().warn_fg_color,
                "Recording needs a board without problems in its position fields (see the \
                 Problems list); the board as written is shown.",
            );
            self.edit_board(ui, out, false);
            return;
        };
        let view = Self::play_view(&pos, &self.play.entry, &self.play.moves);
        let ev = self.paint(ui, &view, &challenge::spec_of_any(&pos));
        let pick = if ev.exit_clicked {
            Some(Pick::Exit)
        } else {
            ev.clicked.map(Pick::Tile)
        };
        if let Some(pick) = pick
            && let Some(e) = self.play.click(pick)
        {
            out.push(Command::Edit(e, None));
        }
    }

    /// The document's position as written (valid or not), edited with the tools when
    /// `editing`.
    fn edit_board(&mut self, ui: &mut egui::Ui, out: &mut Vec<Command>, editing: bool) {
        let spec = self.doc.ch.position.clone();
        let mut view = crate::document::spec_view::of_spec(self.doc.ch.game, &spec);
        let highlight = self.highlighted().to_vec();
        view.mark(&highlight, MarkKind::Problem);
        let ev = self.paint(ui, &view, &spec);
        if editing {
            for (e, group) in self.canvas.edits(&ev, &view, &spec, &self.tools) {
                out.push(Command::Edit(e, group));
            }
        }
    }

    pub(super) fn board(&mut self, ui: &mut egui::Ui, out: &mut Vec<Command>) {
        if self.finding(ui) {
            return;
        }
        match self.tools.tool {
            Tool::PlayTest => self.play_test_board(ui),
            Tool::Play => self.record_board(ui, out),
            _ => self.edit_board(ui, out, true),
        }
    }

    /// Flatten all: every tile to the chosen height, one undo step.
    pub(super) fn flatten(&mut self, out: &mut Vec<Command>) {
        if !self.tools.tool.edits() {
            self.message = Some("Flatten works in the Edit board mode.".into());
            return;
        }
        let view = crate::document::spec_view::of_spec(self.doc.ch.game, &self.doc.ch.position);
        if view.terrain.is_none() {
            self.message = Some("This game has no terrain to flatten.".into());
            return;
        }
        let changes = crate::editor::terrain::flatten(&view, self.tools.height);
        if !changes.is_empty() {
            out.push(Command::Edit(Edit::Heights(changes), None));
        }
    }
}
