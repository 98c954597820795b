//! Quitting with unsaved changes: the window's close request is cancelled and a prompt asks
//! to save, to quit without saving, or to go on editing.

use eframe::egui;

/// What the user chose in the quit prompt.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum QuitChoice {
    /// Save, then close when the save worked.
    SaveAndQuit,
    /// Close, losing the changes.
    QuitWithoutSaving,
    /// Keep editing.
    Cancel,
}

/// The close-request guard.
#[derive(Default)]
pub struct QuitGuard {
    /// The prompt is showing.
    pub asking: bool,
    /// The next close request goes through (the user chose to quit).
    pub allowed: bool,
}

impl QuitGuard {
    /// Checks this frame's input for a close request; cancels it and opens the prompt when
    /// there are unsaved changes.
    pub fn intercept(&mut self, ctx: &egui::Context, dirty: bool) {
        if !ctx.input(|i| i.viewport().close_requested()) || self.allowed {
            return;
        }
        if dirty {
            ctx.send_viewport_cmd(egui::ViewportCommand::CancelClose);
            self.asking = true;
        }
    }

    /// Lets the window close, now.
    pub fn quit(&mut self, ctx: &egui::Context) {
        self.asking = false;
        self.allowed = true;
        ctx.send_viewport_cmd(egui::ViewportCommand::Close);
    }

    /// The prompt, while asking; `can_save` is false when the document has no file yet.
    pub fn ui(&mut self, ctx: &egui::Context, can_save: bool) -> Option<QuitChoice> {
        if !self.asking {
            return None;
        }
        let mut choice = None;
        egui::Modal::new(egui::Id::unique("quit prompt")).show(ctx, |ui| {
            ui.heading("Unsaved changes");
            ui.label("The challenge has changes that are not saved.");
            ui.horizontal(|ui| {
                if ui
                    .add_enabled(can_save, egui::Button::new("Save and quit"))
                    .on_disabled_hover_text("The challenge has no file yet: use Save As… first.")
                    .clicked()
                {
                    choice = Some(QuitChoice::SaveAndQuit);
                }
                if ui.button("Quit without saving").clicked() {
                    choice = Some(QuitChoice::QuitWithoutSaving);
                }
                if ui.button("Cancel").clicked() {
                    choice = Some(QuitChoice::Cancel);
                }
            });
        });
        if choice == Some(QuitChoice::Cancel) {
            self.asking = false;
        }
        choice
    }
}
