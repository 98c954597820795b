//! The central board view of [`EditorApp`], the same for every game: which board is shown (a
//! solver finding, the play-test game, the line being recorded, or the document's position as
//! written, valid or not), built as one [`BoardView`] and painted by the one painter, and what
//! its pointer events do; where a clicked problem points. A caption row of fixed height is
//! always above the board (a finding's caption, the play-test's last move, the recorder's
//! warning, or nothing): the board never moves when a caption comes or goes.

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
                self.say(format!(
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
                // A text's field is in the Texts panel: it is shown, then focused.
                if crate::editor::problems::text_label(&p.field).is_some() || p.field == "id" {
                    self.panels.show("texts");
                }
                focus::ask(ctx, &label);
                // The problem in words, not its field path (`position.chain`).
                self.say(format!("{}: see the field \"{label}\"", p.message));
            }
            None => self.say(format!("{}: {}", p.field, p.message)),
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

    /// The caption row above the board, always one row high: `caption` (cut to the row, whole
    /// in its tooltip), and "Back to the board" when a finding is shown (`back`).
    fn caption_row(
        &mut self,
        ui: &mut egui::Ui,
        caption: Option<(&str, egui::Color32)>,
        back: bool,
    ) {
        let row = ui.spacing().interact_size.y;
        ui.horizontal(|ui| {
            ui.set_min_height(row);
            if back && ui.button("Back to the board").clicked() {
                self.verify.close_view();
            }
            if let Some((text, color)) = caption {
                // A cut caption shows itself whole on hover (egui's own tooltip).
                ui.add(egui::Label::new(egui::RichText::new(text).color(color)).truncate());
            }
        });
    }

    /// Paints `view` (with the hands line of a game with pieces in hand, read from `spec`),
    /// remembers the hovered tile in words and returns the pointer events.
    fn paint(&mut self, ui: &mut egui::Ui, view: &BoardView, spec: &PositionSpec) -> BoardEvents {
        if self.doc.ch.game.authoring().in_hand.is_some() {
            // One line whatever it says (a chain makes it long): the board never moves down.
            let line = status::hands_line(spec);
            ui.add(egui::Label::new(egui::RichText::new(&line).strong()).truncate());
        }
        let (cursor, keys) = self.cursor;
        let mut ev = match cursor.at.filter(|&sq| view.contains(sq)) {
            Some(sq) => {
                let mut marked = view.clone();
                marked.mark(&[sq], MarkKind::Cursor);
                board::show(ui, &marked, self.canvas.dragged(), &mut self.camera)
            }
            None => board::show(ui, view, self.canvas.dragged(), &mut self.camera),
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
        self.hover_sq = ev.hovered;
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
        let color = ui.visuals().strong_text_color();
        self.caption_row(ui, Some((&shown.caption, color)), true);
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
            self.caption_row(ui, None, false);
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
        let last = self.playtest.last_move_text();
        let color = ui.visuals().text_color();
        self.caption_row(ui, last.as_deref().map(|t| (t, color)), false);
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
            let warn = ui.visuals().warn_fg_color;
            self.caption_row(
                ui,
                Some((
                    "Recording needs a board without problems in its position fields (see the \
                     Problems list); the board as written is shown.",
                    warn,
                )),
                false,
            );
            self.edit_board(ui, out, false);
            return;
        };
        self.caption_row(ui, None, false);
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
    /// `editing`: the brush's outline under the pointer, the selection, the eyedropper.
    fn edit_board(&mut self, ui: &mut egui::Ui, out: &mut Vec<Command>, editing: bool) {
        let spec = self.doc.ch.position.clone();
        let game = self.doc.ch.game;
        let mut view = crate::document::spec_view::of_spec(game, &spec);
        let highlight = self.highlighted().to_vec();
        view.mark(&highlight, MarkKind::Problem);
        self.selection.fit(spec.width, spec.height);
        if editing {
            self.mark_tools(&mut view);
        }
        let ev = self.paint(ui, &view, &spec);
        if !editing {
            return;
        }
        let alt = ui.input(|i| i.modifiers.alt);
        match self.tools.tool {
            Tool::Pick => {
                if let Some(sq) = ev.clicked {
                    self.pick(&view, sq);
                }
            }
            _ if alt && ev.clicked.is_some() => {
                if let Some(sq) = ev.clicked {
                    self.pick(&view, sq);
                }
            }
            Tool::Chain => {
                if let Some(sq) = ev.clicked {
                    let name = sq.to_string();
                    let mut s = spec.clone();
                    s.chain = (s.chain.as_deref() != Some(name.as_str())).then_some(name);
                    // Each click its own undo step; one click, then the tool before it (a
                    // second click meant to place a stone moved the chain).
                    out.push(Command::Edit(Edit::Spec(Box::new(s)), None));
                    self.tools.tool = self.chain_back;
                }
            }
            Tool::Select => {
                if let Some(e) = self.selection.events(&ev, game, &spec) {
                    out.push(Command::Edit(e, None));
                }
            }
            _ => {
                for (e, group) in self.canvas.edits(&ev, &view, &spec, &self.tools) {
                    out.push(Command::Edit(e, group));
                }
            }
        }
    }

    /// Marks what the tool would touch: the brush's tiles under the pointer (a terrain tool),
    /// the selection (the Select tool).
    fn mark_tools(&self, view: &mut BoardView) {
        if let Some(r) = self
            .selection
            .marked()
            .filter(|_| self.tools.tool == Tool::Select)
        {
            let tiles: Vec<_> = r
                .squares()
                .into_iter()
                .filter(|&s| view.contains(s))
                .collect();
            view.mark(&tiles, MarkKind::Region);
        }
        let brush = matches!(self.tools.tool, Tool::Paint | Tool::Raise | Tool::Lower);
        if brush
            && view.terrain.is_some()
            && let Some(sq) = self.hover_sq.filter(|&s| view.contains(s))
        {
            let tiles = crate::editor::terrain::brush(view, sq, self.tools.size);
            view.mark(&tiles, MarkKind::Brush);
        }
    }

    /// The eyedropper on `sq`: its height becomes the chosen height (a game with terrain),
    /// its piece the piece to place; an empty tile picks the height brush.
    fn pick(&mut self, view: &BoardView, sq: crate::games::board::Square) {
        if let Some(h) = view.height_at(sq) {
            self.tools.height = h;
        }
        let piece = crate::editor::spec_edit::piece_at(&self.doc.ch.position, sq);
        self.tools.tool = match piece {
            Some(stamp) => Tool::Place(stamp),
            None if view.terrain.is_some() => Tool::Paint,
            None => self.tools.tool,
        };
        let what = piece.map_or_else(|| "no piece".to_string(), |p| p.name());
        match view.height_at(sq) {
            Some(h) => self.say(format!("Picked {sq}: height {h}, {what}.")),
            None => self.say(format!("Picked {sq}: {what}.")),
        }
    }

    pub(super) fn board(&mut self, ui: &mut egui::Ui, out: &mut Vec<Command>) {
        if self.finding(ui) {
            return;
        }
        match self.tools.tool {
            Tool::PlayTest => self.play_test_board(ui),
            Tool::Play => self.record_board(ui, out),
            _ => {
                self.caption_row(ui, None, false);
                self.edit_board(ui, out, true);
            }
        }
    }

    /// Flatten all: every tile to the chosen height, one undo step.
    pub(super) fn flatten(&mut self, out: &mut Vec<Command>) {
        if !self.tools.tool.edits() {
            self.say("Flatten works in the Edit board mode.");
            return;
        }
        let view = crate::document::spec_view::of_spec(self.doc.ch.game, &self.doc.ch.position);
        if view.terrain.is_none() {
            self.say("This game has no terrain to flatten.");
            return;
        }
        let changes = crate::editor::terrain::flatten(&view, self.tools.height);
        if !changes.is_empty() {
            out.push(Command::Edit(Edit::Heights(changes), None));
        }
    }
}
