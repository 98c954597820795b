//! What the keys do in [`EditorApp`]: each shortcut ([`crate::editor::shortcuts`]) in each
//! mode, and Export (Ctrl+E) to the path typed in "Export to", with the same checks as the
//! button; an existing file is never overwritten from the keyboard (the button asks first).

use eframe::egui;

use super::{Command, EditorApp};
use crate::editor::export;
use crate::editor::shortcuts::{self, Action};
use crate::editor::tools::Tool;

impl EditorApp {
    pub(super) fn shortcuts(&mut self, ctx: &egui::Context, out: &mut Vec<Command>) {
        // Ctrl+= and Ctrl+- zoom the board ([`shortcuts::ZOOM_IN_CTRL`]), not the interface.
        ctx.options_mut(|o| o.zoom_with_keyboard = false);
        let terrain = self.doc.ch.game.authoring().terrain;
        let editing = self.tools.tool.edits();
        let testing = self.tools.tool == Tool::PlayTest;
        // Esc closes an open menu (Recent files) first, and nothing else.
        if egui::Popup::is_any_open(ctx)
            && ctx.input_mut(|i| i.consume_key(egui::Modifiers::NONE, egui::Key::Escape))
        {
            egui::Popup::close_all(ctx);
            return;
        }
        let mut pressed = std::mem::take(&mut self.deferred);
        let now = shortcuts::pressed(ctx);
        if ctx.egui_wants_keyboard_input() && !now.is_empty() {
            // A value typed but not committed (no Enter yet) is what the user sees: Save,
            // Verify, Export and Play take the focus from the field, which commits it (or
            // refuses it) this frame, and run on the next.
            ctx.memory_mut(|m| m.stop_text_input());
            self.deferred = now;
            ctx.request_repaint();
        } else {
            pressed.extend(now);
        }
        for action in pressed {
            match action {
                // The terrain keys do nothing in a game without terrain.
                Action::Tool(t) if t.paints() && !terrain => {}
                Action::Height(_) | Action::BrushSize(_) if !terrain => {}
                // Each mode has its own tools: the board tools' keys only edit the board,
                // and only Stop play-test (or Esc) leaves a play-test.
                Action::Tool(_)
                | Action::Height(_)
                | Action::BrushSize(_)
                | Action::Flatten
                | Action::NextPiece
                    if !editing =>
                {
                    self.say(if testing {
                        "Play-testing: Stop play-test (Esc) first to edit the board."
                    } else {
                        "Recording the line: Edit board (Ctrl+P) first to edit the board."
                    });
                }
                Action::TogglePlay if testing => {
                    self.say("Play-testing: Stop play-test (Esc) first.");
                }
                Action::StopTest if testing => self.tools.tool = Tool::default(),
                // Esc also closes the list of keys.
                Action::StopTest => self.keys_shown = false,
                Action::NextPiece => self.tools.next_piece(self.doc.ch.game),
                Action::Export => self.export_now(),
                Action::Undo => out.push(Command::Undo),
                Action::Redo => out.push(Command::Redo),
                Action::Save => out.push(Command::Save),
                Action::Verify => self.verify.start(ctx, &self.doc),
                Action::TogglePlay => {
                    self.tools.tool = if self.tools.tool == Tool::Play {
                        Tool::default()
                    } else {
                        Tool::Play
                    };
                }
                Action::Tool(t) => self.tools.tool = t,
                Action::Height(h) => self.tools.choose_height(h),
                Action::BrushSize(d) => self.tools.grow(d),
                Action::Flatten => self.flatten(out),
                Action::Keys => self.keys_shown = !self.keys_shown,
                Action::Zoom(f) => self.camera.zoom_by(f),
                Action::Fit => self.camera.fit(),
                Action::Shift(f, r) => {
                    self.transform(crate::document::transform::Transform::Shift(f, r), out);
                }
            }
        }
    }

    /// Exports the verified challenge to the typed path, or says why not.
    pub(super) fn export_now(&mut self) {
        let typed = self.export.path_text.trim().to_string();
        let why = export::refusal(self.verify.report(), self.verify.running(), &self.doc);
        let path = std::path::PathBuf::from(&typed);
        let message = match (why, self.verify.report()) {
            (Some(why), _) => format!("Cannot export: {why}"),
            _ if typed.is_empty() => {
                format!(
                    "Cannot export: type a path in Export to ({}).",
                    export::CHOOSE_HINT
                )
            }
            _ if path.exists() && !path.is_file() => format!(
                "Cannot export: {} is not a regular file (a folder or a device): type a file's \
                 path.",
                path.display()
            ),
            _ if path.exists() => format!(
                "Cannot export: {} exists; use the Export button to overwrite it.",
                path.display()
            ),
            (None, Some((report, _))) => match export::export(&self.doc, report, &path) {
                Ok(ch) => {
                    let message = export::done_words(&path, report);
                    // As the button does: the export state, Recent files, the document, the
                    // status line.
                    self.export.message = Some(message.clone());
                    let e = export::Exported { path, ch };
                    self.export.last = Some(e.clone());
                    self.exported(e);
                    message
                }
                Err(e) => format!("Cannot export: {e}"),
            },
            (None, None) => "Cannot export: verify the challenge first.".to_string(),
        };
        self.export.message = Some(message);
    }
}
