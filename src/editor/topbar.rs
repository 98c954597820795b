//! The top bar, two rows that fit the default 1280 × 800 window: the New buttons (each game's
//! starts, declared in its `Authoring`), Open, Recent files, Save, Save As, Undo and Redo (wrapping
//! when the window is narrower); then the typed-path file field with Open path and Save to
//! path, and the last status message after it (cut to the row, whole in its tooltip).

use std::path::PathBuf;

use eframe::egui;

use super::command::Command;
use super::doc::Document;
use super::files::{FileCommand, FilesPanel};
use super::shortcuts::{self, REDO, REDO_ALT, SAVE, UNDO};
use crate::games::GAMES;

/// Draws the bar; the buttons' commands go to `out`.
pub fn ui(
    ui: &mut egui::Ui,
    doc: &Document,
    files: &mut FilesPanel,
    recent: &[PathBuf],
    message: Option<&str>,
    testing: bool,
    out: &mut Vec<Command>,
) {
    let ctx = ui.ctx().clone();
    ui.horizontal_wrapped(|ui| {
        for game in GAMES {
            for start in game.authoring().new_starts {
                if ui.button(start.label).on_hover_text(start.hint).clicked() {
                    out.push(Command::New(game, *start));
                }
            }
        }
        if ui.button("Open…").clicked() {
            files.open_dialog(&ctx);
        }
        ui.menu_button("Recent files", |ui| {
            if recent.is_empty() {
                ui.weak("No recent file yet.");
            }
            for p in recent {
                if ui
                    .button(p.display().to_string())
                    .on_hover_text("Open this file")
                    .clicked()
                {
                    out.push(Command::File(FileCommand::Open(p.clone())));
                    ui.close();
                }
            }
        });
        if ui
            .button("Save")
            .on_hover_text(shortcuts::hint(
                &ctx,
                "Save to the challenge's file",
                &[SAVE],
            ))
            .clicked()
        {
            out.push(Command::Save);
        }
        if ui.button("Save As…").clicked() {
            files.save_as_dialog(&ctx);
        }
        ui.separator();
        // Nothing edits the challenge during a play-test: Undo and Redo look it too.
        let (can_undo, can_redo) = doc.can_undo();
        let (can_undo, can_redo) = (can_undo && !testing, can_redo && !testing);
        let (no_undo, no_redo) = if testing {
            (
                "Play-testing: Stop play-test (Esc) first",
                "Play-testing: Stop play-test (Esc) first",
            )
        } else {
            ("Nothing to undo", "Nothing to redo")
        };
        if ui
            .add_enabled(can_undo, egui::Button::new("Undo"))
            .on_hover_text(shortcuts::hint(&ctx, "Undo", &[UNDO]))
            .on_disabled_hover_text(shortcuts::hint(&ctx, no_undo, &[UNDO]))
            .clicked()
        {
            out.push(Command::Undo);
        }
        if ui
            .add_enabled(can_redo, egui::Button::new("Redo"))
            .on_hover_text(shortcuts::hint(&ctx, "Redo", &[REDO, REDO_ALT]))
            .on_disabled_hover_text(shortcuts::hint(&ctx, no_redo, &[REDO, REDO_ALT]))
            .clicked()
        {
            out.push(Command::Redo);
        }
    });
    // The typed-path row, always there with the status message after it: nothing below
    // moves when a message comes or goes.
    ui.horizontal(|ui| {
        if let Some(cmd) = files.ui(ui) {
            out.push(Command::File(cmd));
        }
        ui.separator();
        let m = files.message.as_deref().or(message).unwrap_or_default();
        ui.add(egui::Label::new(m).truncate());
    });
    if let Some(cmd) = files.confirm_ui(&ctx) {
        out.push(Command::File(cmd));
    }
}
