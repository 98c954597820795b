//! The Export tab: writes the verified challenge with its verification record
//! ([`crate::editor::export`]), and a picture of the board ([`crate::render`]: PNG, or SVG
//! for a path ending in `.svg`), with the intended line's arrows when the challenge is valid.

use std::path::{Path, PathBuf};

use eframe::egui;

use super::{PanelCx, SidePanel};
use crate::editor::command::Command;
use crate::editor::doc::Document;
use crate::render::PictureFormat;

/// Export a verified file, or a picture.
#[derive(Default)]
pub struct ExportTab {
    /// The picture's path as typed (filled from the document's file the first time).
    picture: String,
    /// The document file the picture's path was filled for.
    picture_for: Option<Option<PathBuf>>,
    /// What the last picture export said.
    said: Option<String>,
    /// An existing file the typed path names, waiting for Overwrite or Keep the existing file.
    replacing: Option<PathBuf>,
    /// The pictures this tab wrote, each with its size and time then: saved again without
    /// asking while the file is as the tab left it.
    written: Vec<(PathBuf, Stamp)>,
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
        let before = self.said.clone();
        self.picture_ui(ui, cx.doc);
        // Said in the status line too: it still spoke of the last export.
        if self.said != before
            && let Some(said) = &self.said
        {
            cx.out.push(Command::Say(said.clone()));
        }
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
            self.replacing = None;
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
        let typed = PathBuf::from(self.picture.trim());
        if self.replacing.as_ref().is_some_and(|p| *p != typed) {
            self.replacing = None;
        }
        let save = ui
            .add_enabled(
                !typed.as_os_str().is_empty() && self.replacing.is_none(),
                egui::Button::new("Save picture"),
            )
            .on_hover_text("A picture of the board with the intended line's arrows (PNG or SVG)")
            .clicked();
        if save {
            self.save(doc, typed);
        }
        if self.replacing.is_some() {
            self.replace_ui(ui, doc);
        } else if let Some(m) = &self.said {
            ui.label(m);
        }
    }

    /// Saves the picture to `path`, or asks first when that would replace a file this tab
    /// did not write.
    fn save(&mut self, doc: &Document, path: PathBuf) {
        let refusal = PictureFormat::of(&path).err().or_else(|| {
            crate::challenge::Staged::refusal(&path)
                .map(|why| format!("{}: {why}; nothing was written", path.display()))
        });
        if let Some(why) = refusal {
            self.said = Some(format!("Cannot save the picture: {why}"));
        } else if path.exists() && !self.wrote_as_it_is(&path) {
            self.replacing = Some(path);
        } else {
            self.write(doc, path);
        }
    }

    /// The question of a picture that would replace a file: Overwrite, or Keep the existing file.
    fn replace_ui(&mut self, ui: &mut egui::Ui, doc: &Document) {
        if let Some(path) = &self.replacing {
            // The words of the export's question; the path is in the field above.
            ui.colored_label(
                ui.visuals().warn_fg_color,
                "That file exists: overwrite it?",
            )
            .on_hover_text(path.display().to_string());
        }
        ui.horizontal(|ui| {
            if ui.button("Overwrite").clicked()
                && let Some(path) = self.replacing.take()
            {
                self.write(doc, path);
            }
            if ui.button("Keep the existing file").clicked() {
                self.replacing = None;
                self.said = Some("Nothing was saved.".into());
            }
        });
    }

    /// Whether the file at `path` is a picture this tab wrote, unchanged since.
    fn wrote_as_it_is(&self, path: &Path) -> bool {
        let now = stamp(path);
        now.is_some()
            && self
                .written
                .iter()
                .any(|(p, s)| p == path && Some(*s) == now)
    }

    fn write(&mut self, doc: &Document, path: PathBuf) {
        self.said = Some(match save_picture(doc, &path) {
            Ok(()) => {
                let said = format!("Picture saved to {}.", path.display());
                self.written.retain(|(p, _)| *p != path);
                if let Some(s) = stamp(&path) {
                    self.written.push((path, s));
                }
                said
            }
            Err(why) => format!("Cannot save the picture: {why}"),
        });
    }
}

/// A file's size and modification time: what tells that somebody else wrote it since.
type Stamp = (u64, std::time::SystemTime);

fn stamp(path: &Path) -> Option<Stamp> {
    let m = std::fs::metadata(path).ok()?;
    Some((m.len(), m.modified().ok()?))
}

/// Writes the picture of `doc`'s board to `path`: SVG for `.svg`, PNG for `.png` (any other path
/// is refused).
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
    let bytes = if PictureFormat::of(path)? == PictureFormat::Svg {
        svg.into_bytes()
    } else {
        crate::render::png(&svg)?
    };
    crate::challenge::write_atomic(path, &bytes).map_err(|e| e.to_string())
}
