//! The Export panel: writes the challenge with its verification record, enabled only when the
//! last verification found the current content sound. Atomic write to a typed path (default:
//! the document's name with `.export.ron`); an existing file is overwritten only after a
//! confirmation.

use std::path::{Path, PathBuf};

use eframe::egui;

use super::doc::Document;
use crate::challenge;
use crate::verify::{Status, VerifyReport, record_for};

/// The Export panel's state.
#[derive(Default)]
pub struct ExportPanel {
    /// Where to export (typed by the user, or the default for the document).
    pub path_text: String,
    /// The document file the default path was made for.
    default_for: Option<Option<PathBuf>>,
    /// An existing file the user is asked about before it is overwritten.
    confirm: Option<PathBuf>,
    /// The last export's outcome.
    pub message: Option<String>,
}

/// The default export path for a document saved at `path`: `dir/name.export.ron`, or
/// `<id>.export.ron` in the current folder when the document has no file.
#[must_use]
pub fn default_path(path: Option<&Path>, id: &str) -> PathBuf {
    match path {
        Some(p) => {
            let stem = p
                .file_stem()
                .map_or_else(|| id.to_string(), |s| s.to_string_lossy().into_owned());
            p.with_file_name(format!("{stem}.export.ron"))
        }
        None => PathBuf::from(format!(
            "{}.export.ron",
            if id.is_empty() { "challenge" } else { id }
        )),
    }
}

/// Why Export is not possible now, or `None` when it is: the last report must be sound and
/// made for the document's current revision.
#[must_use]
pub fn refusal(
    report: Option<(&VerifyReport, u64)>,
    running: bool,
    doc: &Document,
) -> Option<String> {
    if running {
        return Some("A verification is running: wait for its verdict.".into());
    }
    let Some((report, revision)) = report else {
        return Some("Verify the challenge first: only a sound challenge can be exported.".into());
    };
    if revision != doc.revision {
        return Some("The challenge changed since the last verification: verify it again.".into());
    }
    if report.status != Status::Sound {
        return Some(format!(
            "The last verification found the challenge {}: only a sound challenge can be \
             exported.",
            report.status.as_str()
        ));
    }
    None
}

impl ExportPanel {
    /// Draws the panel and exports when asked.
    pub fn ui(
        &mut self,
        ui: &mut egui::Ui,
        doc: &Document,
        report: Option<(&VerifyReport, u64)>,
        running: bool,
    ) {
        if self.default_for.as_ref() != Some(&doc.path) {
            self.default_for = Some(doc.path.clone());
            self.path_text = default_path(doc.path.as_deref(), &doc.ch.id)
                .display()
                .to_string();
            self.confirm = None;
        }
        ui.horizontal(|ui| {
            let label = ui.label("Export to");
            ui.add(egui::TextEdit::singleline(&mut self.path_text).desired_width(220.0))
                .labelled_by(label.id);
        });
        let why = refusal(report, running, doc);
        let path = PathBuf::from(self.path_text.trim());
        let enabled = why.is_none() && !self.path_text.trim().is_empty();
        let mut button = ui
            .add_enabled(enabled, egui::Button::new("Export"))
            .on_hover_text("Write the challenge with its verification record.");
        if let Some(why) = &why {
            button = button.on_disabled_hover_text(why);
        }
        if button.clicked()
            && let Some((report, _)) = report
        {
            if path.exists() {
                self.confirm = Some(path.clone());
            } else {
                self.export(doc, report, &path);
            }
        }
        if let Some(target) = self.confirm.clone() {
            ui.colored_label(
                ui.visuals().warn_fg_color,
                format!("{} exists: overwrite it?", target.display()),
            );
            ui.horizontal(|ui| {
                let still_ok = why.is_none();
                if ui
                    .add_enabled(still_ok, egui::Button::new("Overwrite"))
                    .clicked()
                    && let Some((report, _)) = report
                {
                    self.export(doc, report, &target);
                }
                if ui.button("Keep the existing file").clicked() {
                    self.confirm = None;
                    self.message = Some("Export cancelled.".into());
                }
            });
        }
        if let Some(m) = &self.message {
            ui.label(m);
        }
    }

    fn export(&mut self, doc: &Document, report: &VerifyReport, path: &Path) {
        self.confirm = None;
        self.message = Some(match export(doc, report, path) {
            Ok(()) => format!(
                "Exported to {} (sound, key move {}).",
                path.display(),
                report.key_moves.join(", ")
            ),
            Err(e) => format!("Cannot export: {e}"),
        });
    }
}

/// Writes `doc`'s challenge with the verification record of `report` to `path`, atomically.
///
/// # Errors
/// A message when the challenge is not valid or the file cannot be written.
pub fn export(doc: &Document, report: &VerifyReport, path: &Path) -> Result<(), String> {
    let start = challenge::validate(&doc.ch)
        .map_err(|p| format!("the challenge has {} problem(s)", p.len()))?;
    let mut ch = doc.ch.clone();
    ch.verification = Some(record_for(report, &start));
    challenge::save(&ch, path).map_err(|e| e.to_string())
}
