//! The level-editor craft of [`EditorApp`] on the whole board: mirror, swap sides, a quarter
//! turn where the game allows it, shifting by one tile ([`crate::document::transform`]), the
//! selection's copy, cut and paste through the system clipboard
//! ([`crate::document::clip`]), the zoom buttons and the list of keys (F1). Each change of the
//! board is one undo step.

use eframe::egui;

use super::{Command, EditorApp};
use crate::document::clip::{self, Clip, Rect};
use crate::document::transform::{self, Transform};
use crate::editor::edit::Edit;
use crate::editor::shortcuts;
use crate::editor::tools::Tool;
use crate::games::board::Square;

impl Transform {
    /// The transform in words, as its button says it.
    fn words(self) -> &'static str {
        match self {
            Transform::Mirror => "mirror the board",
            Transform::SwapSides => "swap the sides",
            Transform::QuarterTurn => "turn the board",
            Transform::Shift(..) => "shift the board",
        }
    }
}

impl EditorApp {
    /// Applies `t` to the document (one undo step), or says why not.
    pub(super) fn transform(&mut self, t: Transform, out: &mut Vec<Command>) {
        if !self.tools.tool.edits() {
            self.say("The board changes in the Edit board mode only.");
            return;
        }
        let checked = self.doc.checked().ok();
        match transform::transformed(&self.doc.ch, checked, t) {
            Ok((ch, carried)) => {
                out.push(Command::Edit(Edit::Replace(Box::new(ch)), None));
                // The selection's tiles moved with the board: a copy of the old rectangle
                // would take other tiles. Nothing stays selected.
                self.selection = crate::editor::selection::Selection::default();
                let line = if carried {
                    "the intended line came along"
                } else {
                    "the intended line was cleared: it does not hold on the new board (Undo \
                     brings it back)"
                };
                self.say(format!("Done: {}; {line}.", t.words()));
            }
            Err(why) => self.say(format!("Cannot {}: {why}.", t.words())),
        }
    }

    /// The Board section of the tools panel: the transforms and the selection's clipboard.
    pub(super) fn board_tools_ui(&mut self, ui: &mut egui::Ui, out: &mut Vec<Command>) {
        let turns = Transform::QuarterTurn.allowed(&self.doc.ch);
        ui.horizontal_wrapped(|ui| {
            let mut pick = None;
            if ui
                .button("Mirror")
                .on_hover_text("The mirror image: files reversed (every game)")
                .clicked()
            {
                pick = Some(Transform::Mirror);
            }
            if ui
                .button("Swap sides")
                .on_hover_text("The board upside down, each side's pieces the other's")
                .clicked()
            {
                pick = Some(Transform::SwapSides);
            }
            let turn = ui
                .add_enabled(turns.is_ok(), egui::Button::new("Quarter turn"))
                .on_hover_text("Turn the board a quarter clockwise");
            let turn = match &turns {
                Err(why) => turn.on_disabled_hover_text(why),
                Ok(()) => turn,
            };
            if turn.clicked() {
                pick = Some(Transform::QuarterTurn);
            }
            if let Some(t) = pick {
                self.transform(t, out);
            }
        });
        ui.horizontal(|ui| {
            ui.label("Shift");
            for (text, name, f, r) in [
                ("Left", "Shift left", -1, 0),
                ("Right", "Shift right", 1, 0),
                ("Up", "Shift up", 0, 1),
                ("Down", "Shift down", 0, -1),
            ] {
                let b = ui
                    .small_button(text)
                    .on_hover_text(format!("{name}: the whole board by one tile (Shift+arrow)"));
                b.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, name));
                if b.clicked() {
                    self.transform(Transform::Shift(f, r), out);
                }
            }
        });
        self.clipboard_buttons(ui, out);
    }

    /// Copy, Cut and Paste buttons (Ctrl+C, Ctrl+X, Ctrl+V do the same through the system
    /// clipboard).
    fn clipboard_buttons(&mut self, ui: &mut egui::Ui, out: &mut Vec<Command>) {
        let selected = self.selection.rect;
        ui.horizontal(|ui| {
            let ctx = ui.ctx().clone();
            let words = selected.map_or_else(|| "no tiles selected".into(), Rect::words);
            if ui
                .add_enabled(selected.is_some(), egui::Button::new("Copy"))
                .on_hover_text(format!("Copy the selected tiles ({words}): Ctrl+C"))
                .clicked()
            {
                self.copy(&ctx, false, out);
            }
            if ui
                .add_enabled(selected.is_some(), egui::Button::new("Cut"))
                .on_hover_text(format!("Cut the selected tiles ({words}): Ctrl+X"))
                .clicked()
            {
                self.copy(&ctx, true, out);
            }
            if ui
                .add_enabled(self.clip.is_some(), egui::Button::new("Paste"))
                .on_hover_text("Paste the tiles last copied at the selection (Ctrl+V)")
                .clicked()
                && let Some(c) = self.clip.clone()
            {
                self.paste(c, out);
            }
        });
    }

    /// Ctrl+C, Ctrl+X and Ctrl+V on the board (not while a text field has the keyboard: the
    /// field's own copy and paste apply).
    pub(super) fn clipboard_keys(&mut self, ctx: &egui::Context, out: &mut Vec<Command>) {
        if ctx.egui_wants_keyboard_input() || !self.tools.tool.edits() {
            return;
        }
        let events: Vec<egui::Event> = ctx.input(|i| {
            i.events
                .iter()
                .filter(|e| {
                    matches!(
                        e,
                        egui::Event::Copy | egui::Event::Cut | egui::Event::Paste(_)
                    )
                })
                .cloned()
                .collect()
        });
        for e in events {
            match e {
                egui::Event::Copy => self.copy(ctx, false, out),
                egui::Event::Cut => self.copy(ctx, true, out),
                egui::Event::Paste(text) => match Clip::from_text(&text) {
                    Ok(c) => self.paste(c, out),
                    Err(why) => match self.clip.clone() {
                        Some(c) if text.trim().is_empty() => self.paste(c, out),
                        _ => self.say(format!("Cannot paste: {why}.")),
                    },
                },
                _ => {}
            }
        }
    }

    /// Copies the selection to the clipboard (and cuts it: its tiles emptied).
    fn copy(&mut self, ctx: &egui::Context, cut: bool, out: &mut Vec<Command>) {
        let game = self.doc.ch.game;
        let Some(clip) = self.selection.copy(game, &self.doc.ch.position) else {
            self.say("Select tiles first: the Select tool (S), then drag over the board.");
            return;
        };
        ctx.copy_text(clip.to_text());
        let rect = self.selection.rect.map_or_else(String::new, Rect::words);
        if cut && let Some(r) = self.selection.rect {
            let cleared = clip::cleared(game, &self.doc.ch.position, r);
            out.push(Command::Edit(Edit::Spec(Box::new(cleared)), None));
        }
        self.say(format!(
            "{} {rect}: {} piece(s).",
            if cut { "Cut" } else { "Copied" },
            clip.pieces.len()
        ));
        self.clip = Some(clip);
    }

    /// Pastes `clip` with its bottom-left tile on the selection's, else the tile under the
    /// pointer or the cursor, else a1; the pasted tiles become the selection.
    fn paste(&mut self, clip: Clip, out: &mut Vec<Command>) {
        let at = self
            .selection
            .rect
            .map(|r| r.min)
            .or(self.hover_sq)
            .or(self.cursor.0.at)
            .unwrap_or(Square::new(0, 0));
        let game = self.doc.ch.game;
        match clip.paste(game, &self.doc.ch.position, at) {
            Ok(spec) => {
                out.push(Command::Edit(Edit::Spec(Box::new(spec)), None));
                let p = &self.doc.ch.position;
                let max = Square::new(
                    (at.file() + clip.width - 1).min(p.width - 1),
                    (at.rank() + clip.height - 1).min(p.height - 1),
                );
                self.selection.rect = Some(Rect::spanning(at, max));
                self.tools.tool = Tool::Select;
                self.say(format!(
                    "Pasted {} × {} tiles at {at}.",
                    clip.width, clip.height
                ));
                self.clip = Some(clip);
            }
            Err(why) => self.say(format!("Cannot paste: {why}.")),
        }
    }

    /// The zoom buttons, at the right end of the status bar.
    pub(super) fn zoom_ui(&mut self, ui: &mut egui::Ui) {
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            if ui
                .small_button("Fit")
                .on_hover_text("Fit the board (Home, Ctrl+0)")
                .clicked()
            {
                self.camera.fit();
            }
            if ui
                .small_button("Zoom in")
                .on_hover_text("Zoom in (+, Ctrl+=, Ctrl + wheel)")
                .clicked()
            {
                self.camera.zoom_by(1.25);
            }
            if ui
                .small_button("Zoom out")
                .on_hover_text("Zoom out (-, Ctrl+-)")
                .clicked()
            {
                self.camera.zoom_by(0.8);
            }
            // A fixed width ("85 %" or "150 %"): Keys (F1) stays where it is as the zoom
            // changes.
            let zoom = egui::RichText::new(self.camera.words()).weak();
            ui.add_sized([52.0, ui.spacing().interact_size.y], egui::Label::new(zoom));
            if ui
                .small_button("Keys (F1)")
                .on_hover_text("Every key of the editor")
                .clicked()
            {
                self.keys_shown = !self.keys_shown;
            }
        });
    }

    /// The list of keys (F1), as a window beside the board.
    pub(super) fn keys_window(&mut self, ctx: &egui::Context) {
        let terrain = self.doc.ch.game.authoring().terrain;
        // Within the window whatever the list's length: it scrolls rather than run under the
        // status bar (at 1280 × 800 the Pawn&Peak list ended 12 pt above it).
        let room = (ctx.content_rect().height() - 160.0).max(200.0);
        egui::Window::new("Keys")
            .open(&mut self.keys_shown)
            .collapsible(false)
            .default_pos(egui::pos2(320.0, 100.0))
            .show(ctx, |ui| {
                egui::ScrollArea::vertical()
                    .max_height(room)
                    .show(ui, |ui| {
                        egui::Grid::new("keys-grid").striped(true).show(ui, |ui| {
                            for (keys, what) in shortcuts::list(ctx, terrain) {
                                ui.strong(keys);
                                ui.label(what);
                                ui.end_row();
                            }
                        });
                    });
            });
    }
}
