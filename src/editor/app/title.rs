//! The window title of [`EditorApp`]: `*` when modified, the file name, the export state.

use eframe::egui;

use super::EditorApp;

impl EditorApp {
    /// The window title: `*` when modified, the file name, the export state.
    #[must_use]
    pub fn title(&self) -> &str {
        &self.title
    }

    pub(super) fn update_title(&mut self, ctx: &egui::Context) {
        let name = self
            .doc
            .path
            .as_ref()
            .and_then(|p| p.file_name())
            .map_or_else(
                || "untitled".to_string(),
                |n| n.to_string_lossy().into_owned(),
            );
        let state =
            crate::editor::export::title_state(&self.doc, &self.export, self.verify.report())
                .map(|s| format!(" ({s})"))
                .unwrap_or_default();
        let title = format!(
            "{}{name}{state} — peakforge",
            if self.doc.dirty { "*" } else { "" }
        );
        if title != self.title {
            ctx.send_viewport_cmd(egui::ViewportCommand::Title(title.clone()));
            self.title = title;
        }
    }
}
