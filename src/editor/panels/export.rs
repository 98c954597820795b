//! The Export tab: writes the verified challenge with its verification record
//! ([`crate::editor::export`]), and a picture of the board ([`crate::render`]: PNG, or SVG
//! for a path ending in `.svg`), with the intended line's arrows when the challenge is valid.

use std::path::{Path, PathBuf};

use eframe::egui;

use super::{PanelCx, SidePanel};
use crate::editor::command::Command;
use crate::editor::doc::Document;

/// Export a verified file, or a picture.
#[derive(Default)]
pub struct ExportTab {
    /// The picture's path as typed (filled from the document's file the first time).
    picture: String,
    /// The document file the picture's path was filled for.
    picture_for: Option<Option<PathBuf>>,
    /// What the last picture export said.
    said: Option<String>,
}

impl SidePanel for ExportTab {
    fn id(&self) -> &'static str {
        "export"
    }

    fn title(&self, _cx: &PanelCx<'_>) -> String {
        "Export file".into()
    }

    fn ui(&mut self, ui: &mut egui::Ui, cx: &mut PanelCx<'_>) {
        let running = cx.verify.running();
        let report = cx.verify.report();
        if let Some(e) = cx.export.ui(ui, cx.doc, report, running) {
            cx.out.push(Command::Exported(Box::new(e)));
        }
        ui.separator();
        self.picture_ui(ui, cx.doc);
    }
}

impl ExportTab {
    /// The picture's path field and its button.
    fn picture_ui(&mut self, ui: &mut egui::Ui, doc: &Document) {
        if self.picture_for.as_ref() != Some(&doc.path) {
            self.picture_for = Some(doc.path.clone());
            self.picture = doc
                .path
                .as_ref()
                .map(|p| p.with_extension("png").display().to_string())
                .unwrap_or_default();
            self.said = None;
        }
        ui.horizontal(|ui| {
            let label = ui.label("Picture to");
            ui.add(
                egui::TextEdit::singleline(&mut self.picture)
                    .desired_width(200.0)
                    .hint_text("board.png or board.svg"),
            )
            .labelled_by(label.id);
        });
        let typed = self.picture.trim().to_string();
        if ui
            .add_enabled(!typed.is_empty(), egui::Button::new("Save picture"))
            .on_hover_text("A picture of the board with the intended line's arrows (PNG or SVG)")
            .clicked()
        {
            self.said = Some(match save_picture(doc, Path::new(&typed)) {
                Ok(()) => format!("Picture saved to {typed}."),
                Err(why) => format!("Cannot save the picture: {why}"),
            });
        }
        if let Some(m) = &self.said {
            ui.label(m);
        }
    }
}

/// Writes the picture of `doc`'s board to `path`: SVG for `.svg`, PNG otherwise.
///
/// # Errors
/// A sentence when the picture cannot be made or written.
pub fn save_picture(doc: &Document, path: &Path) -> Result<(), String> {
    let svg = match doc.checked() {
        Ok(c) => crate::render::svg(c.start(), c.line()),
        Err(_) => crate::render::svg_of(&crate::document::spec_view::of_spec(
            doc.ch.game,
            &doc.ch.position,
        )),
    };
    let svg_file = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("svg"));
    let bytes = if svg_file {
        svg.into_bytes()
    } else {
        crate::render::png(&svg)?
    };
    crate::challenge::write_atomic(path, &bytes).map_err(|e| e.to_string())
}
