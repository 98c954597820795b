//! The Export panel: writes the challenge with its verification record, enabled only when the
//! last verification found the current content sound. Atomic write to a typed path; an
//! existing file is overwritten only after a confirmation.
//!
//! The default path is `<file stem>.export.ron` next to the document's file, except in a folder
//! named `challenges` (the library, where `peakforge verify challenges` would pick the export up
//! as one more challenge) or for a document without a file: the field is then left empty, with
//! the hint "choose where to export".

use std::path::{Path, PathBuf};

use eframe::egui;

use super::doc::Document;
use crate::challenge::{self, Challenge};
use crate::verify::{Status, VerifyReport, record_for};

/// A file the Export panel wrote: where, and the challenge as written (with its record).
#[derive(Debug, Clone, PartialEq)]
pub struct Exported {
    /// The file written.
    pub path: PathBuf,
    /// The challenge it holds.
    pub ch: Challenge,
}

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
    /// The last file written, for the title's export state.
    pub last: Option<Exported>,
}

/// The folder name of the challenge library, where no export is proposed.
pub const LIBRARY_FOLDER: &str = "challenges";

/// Shown in the empty Export to field, and why Export is disabled while it is empty.
pub const CHOOSE_HINT: &str = "choose where to export";

/// The default export path for a document saved at `path`: `dir/<stem>.export.ron` (an
/// export's own path for an export), or `None`
/// (the user chooses) when the document has no file or its folder is named `challenges`.
#[must_use]
pub fn default_path(path: Option<&Path>) -> Option<PathBuf> {
    let p = path?;
    let stem = p.file_stem()?.to_string_lossy().into_owned();
    let dir = p.parent().filter(|d| !d.as_os_str().is_empty());
    let dir_name = match dir {
        Some(d) => d.canonicalize().unwrap_or_else(|_| d.to_path_buf()),
        None => std::env::current_dir().unwrap_or_default(),
    };
    if dir_name.file_name().is_some_and(|n| n == LIBRARY_FOLDER) {
        return None;
    }
    // An export's own file (`a.export.ron`) exports to itself, not to `a.export.export.ron`.
    let stem = stem.strip_suffix(".export").unwrap_or(&stem);
    Some(p.with_file_name(format!("{stem}.export.ron")))
}

/// Why Export is not possible now, or `None` when it is: the last report must be sound and
/// made for the document's current content.
#[must_use]
pub fn refusal(
    report: Option<(&VerifyReport, &Challenge)>,
    running: bool,
    doc: &Document,
) -> Option<String> {
    if running {
        return Some("A verification is running: wait for its verdict.".into());
    }
    let Some((report, made_for)) = report else {
        return Some("Verify the challenge first: only a sound challenge can be exported.".into());
    };
    if *made_for != doc.ch {
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
    /// Draws the panel and exports when asked; returns the file written this frame.
    pub fn ui(
        &mut self,
        ui: &mut egui::Ui,
        doc: &Document,
        report: Option<(&VerifyReport, &Challenge)>,
        running: bool,
    ) -> Option<Exported> {
        let before = self.last.clone();
        if self.default_for.as_ref() != Some(&doc.path) {
            self.default_for = Some(doc.path.clone());
            self.path_text = default_path(doc.path.as_deref())
                .map(|p| p.display().to_string())
                .unwrap_or_default();
            self.confirm = None;
        }
        ui.horizontal(|ui| {
            let label = ui.label("Export to");
            ui.add(
                egui::TextEdit::singleline(&mut self.path_text)
                    .desired_width(220.0)
                    .hint_text(CHOOSE_HINT),
            )
            .labelled_by(label.id);
        });
        let no_path = self.path_text.trim().is_empty();
        let why = refusal(report, running, doc);
        let path = PathBuf::from(self.path_text.trim());
        let enabled = why.is_none() && !no_path;
        let mut button = ui
            .add_enabled(enabled, egui::Button::new("Export"))
            .on_hover_text("Write the challenge with its verification record.");
        if let Some(why) = &why {
            button = button.on_disabled_hover_text(why);
        } else if no_path {
            button = button.on_disabled_hover_text(format!(
                "Type a path in Export to: {CHOOSE_HINT} (not in the {LIBRARY_FOLDER} folder)."
            ));
        }
        if button.clicked()
            && let Some((report, _)) = report
        {
            // Only a regular file is worth the question: the export refuses anything else.
            if path.is_file() {
                self.confirm = Some(path.clone());
            } else {
                self.export(doc, report, &path);
            }
        }
        // Two rows, asking or not: the question and its buttons take the message's place,
        // and what follows (the picture's controls) keeps its place.
        let row = ui.spacing().interact_size.y;
        if let Some(target) = self.confirm.clone() {
            ui.horizontal(|ui| {
                ui.set_min_height(row);
                // The path is in the field above; the whole of it on hover.
                ui.colored_label(
                    ui.visuals().warn_fg_color,
                    "That file exists: overwrite it?",
                )
                .on_hover_text(target.display().to_string());
            });
            ui.horizontal(|ui| {
                ui.set_min_height(row);
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
        } else {
            ui.horizontal(|ui| {
                ui.set_min_height(row);
                if let Some(m) = &self.message {
                    ui.add(egui::Label::new(m).truncate());
                }
            });
            // The buttons' row, empty.
            ui.horizontal(|ui| ui.set_min_height(row));
        }
        (self.last != before).then(|| self.last.clone()).flatten()
    }

    fn export(&mut self, doc: &Document, report: &VerifyReport, path: &Path) {
        self.confirm = None;
        self.message = Some(match export(doc, report, path) {
            Ok(ch) => {
                self.last = Some(Exported {
                    path: path.to_path_buf(),
                    ch,
                });
                done_words(path, report)
            }
            Err(e) => format!("Cannot export: {e}"),
        });
    }

    /// The last export when it holds the document's current content (its record aside).
    #[must_use]
    pub fn current(&self, doc: &Document) -> Option<&Exported> {
        self.last
            .as_ref()
            .filter(|e| super::stored::same_content(&e.ch, &doc.ch))
    }
}

/// What an export that was written says, in the tab and in the status line.
#[must_use]
pub fn done_words(path: &Path, report: &VerifyReport) -> String {
    format!(
        "Exported to {} (sound, key move {}).",
        path.display(),
        report.key_texts().join(", ")
    )
}

/// The export state the window title shows: "exported to NAME" when the last export holds
/// the current content, "exported file, record matches" for an opened export whose stored
/// record matches, "verified, not exported" when the last verdict is sound for the current
/// content; `None` otherwise.
#[must_use]
pub fn title_state(
    doc: &Document,
    panel: &ExportPanel,
    report: Option<(&VerifyReport, &Challenge)>,
) -> Option<String> {
    if let Some(e) = panel.current(doc) {
        let name = e.path.file_name().unwrap_or(e.path.as_os_str());
        return Some(format!("exported to {}", name.to_string_lossy()));
    }
    let (report, made_for) = report?;
    if report.status != Status::Sound || *made_for != doc.ch {
        return None;
    }
    Some(if doc.ch.verification.is_some() {
        "exported file, record matches".into()
    } else {
        "verified, not exported".into()
    })
}

/// Writes `doc`'s challenge with the verification record of `report` to `path`, atomically;
/// returns the challenge as written.
///
/// # Errors
/// A message when the challenge is not valid or the file cannot be written.
pub fn export(doc: &Document, report: &VerifyReport, path: &Path) -> Result<Challenge, String> {
    if let Err(p) = doc.checked() {
        return Err(format!("the challenge has {} problem(s)", p.len()));
    }
    let record = record_for(report);
    let mut ch = doc.ch.clone();
    ch.verification = Some(record);
    challenge::save(&ch, path).map_err(|e| e.to_string())?;
    Ok(ch)
}

#[cfg(test)]
mod tests {
    use super::default_path;
    use std::path::Path;

    #[test]
    fn an_export_exports_to_itself_not_to_a_doubled_name() {
        let p = |s: &str| default_path(Some(Path::new(s)));
        assert_eq!(p("work/hill.ron"), Some("work/hill.export.ron".into()));
        assert_eq!(
            p("work/hill.export.ron"),
            Some("work/hill.export.ron".into())
        );
        assert_eq!(
            p("challenges/hill.ron"),
            None,
            "not into the library folder"
        );
    }
}
