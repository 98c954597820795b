//! Opening and saving: the native file dialog runs on a [`super::worker`] thread (it blocks),
//! and a typed-path field with Open and Save buttons always works, dialog or not. Open adds
//! `.ron` to a typed path without an extension when only that file exists, as Save does.
//!
//! Saving to a typed path that exists and is not the document's own file asks first
//! ("Overwrite and save" / "Cancel save"); the native Save dialog asks by itself.

use std::path::{Path, PathBuf};

use eframe::egui;

use super::worker::{Polled, Worker};
use crate::solver::Limits;

/// What the user asked the file panel for; the app carries it out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FileCommand {
    /// Read this file into the editor.
    Open(PathBuf),
    /// Write the challenge to this file (typed: asks before overwriting another file).
    Save(PathBuf),
    /// Write the challenge to this file, picked in the native Save dialog (which already
    /// asked about overwriting) or confirmed in the overwrite prompt.
    SaveConfirmed(PathBuf),
}

/// Why a dialog was opened.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Purpose {
    Open,
    SaveAs,
}

/// The file panel's state: the typed path and a pending dialog.
#[derive(Default)]
pub struct FilesPanel {
    /// The path typed by the user (or picked in a dialog).
    pub path_text: String,
    dialog: Option<(Purpose, Worker<Option<PathBuf>>)>,
    /// The folder the last dialog was opened in or picked from (remembered between runs).
    pub last_folder: Option<PathBuf>,
    /// The last message about a file (errors included).
    pub message: Option<String>,
    /// An existing file that Save would overwrite, waiting for the user's answer.
    pub confirm_overwrite: Option<PathBuf>,
    /// Give the typed-path field the keyboard focus at the next frame (Save needs a path).
    pub focus_field: bool,
}

impl FilesPanel {
    /// Opens the native Open dialog on a worker thread.
    pub fn open_dialog(&mut self, ctx: &egui::Context) {
        self.spawn(ctx, Purpose::Open);
    }

    /// Opens the native Save As dialog on a worker thread.
    pub fn save_as_dialog(&mut self, ctx: &egui::Context) {
        self.spawn(ctx, Purpose::SaveAs);
    }

    fn spawn(&mut self, ctx: &egui::Context, purpose: Purpose) {
        if self.dialog.is_some() {
            return;
        }
        let start_dir = Path::new(&self.path_text)
            .parent()
            .filter(|p| p.is_dir())
            .map(Path::to_path_buf)
            .or_else(|| self.last_folder.clone().filter(|p| p.is_dir()));
        // rfd's blocking dialog is `pollster::block_on` of its async dialog on Linux.
        let spawned = Worker::spawn(
            "peakforge-file-dialog",
            ctx,
            Limits::default(),
            move |_, _| {
                let mut d = rfd::FileDialog::new()
                    .add_filter("Challenge", &["ron", "json"])
                    .add_filter("Any file", &["*"]);
                if let Some(dir) = start_dir {
                    d = d.set_directory(dir);
                }
                match purpose {
                    Purpose::Open => d.set_title("Open challenge").pick_file(),
                    Purpose::SaveAs => d.set_title("Save challenge as").save_file(),
                }
            },
        );
        match spawned {
            Ok(w) => self.dialog = Some((purpose, w)),
            Err(e) => self.message = Some(format!("cannot open a file dialog: {e}")),
        }
    }

    /// Takes a dialog's answer when one came; call once per frame.
    pub fn poll(&mut self, ctx: &egui::Context) -> Option<FileCommand> {
        let (purpose, worker) = self.dialog.as_mut()?;
        let purpose = *purpose;
        let picked = match worker.poll(ctx) {
            Polled::Running => return None,
            Polled::Done(p) => p,
            Polled::Gone => None,
        };
        self.dialog = None;
        let Some(path) = picked else {
            self.message = Some(
                "No file chosen (no file dialog on this system?): type a path in the File field."
                    .into(),
            );
            return None;
        };
        self.last_folder = path.parent().map(Path::to_path_buf);
        self.path_text = path.display().to_string();
        Some(match purpose {
            Purpose::Open => FileCommand::Open(path),
            Purpose::SaveAs => FileCommand::SaveConfirmed(with_ron_extension(&path)),
        })
    }

    /// The typed-path field with its Open and Save buttons.
    pub fn ui(&mut self, ui: &mut egui::Ui) -> Option<FileCommand> {
        let mut cmd = None;
        ui.horizontal(|ui| {
            let label = ui.label("File");
            let edit = ui
                .add(
                    egui::TextEdit::singleline(&mut self.path_text)
                        .desired_width(260.0)
                        .hint_text("path/to/challenge.ron"),
                )
                .labelled_by(label.id);
            if std::mem::take(&mut self.focus_field) {
                edit.request_focus();
            }
            let enter = edit.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
            let typed = self.path_text.trim();
            let has_path = !typed.is_empty();
            if ui
                .add_enabled(has_path, egui::Button::new("Open path"))
                .clicked()
                || (enter && has_path)
            {
                cmd = Some(FileCommand::Open(PathBuf::from(typed)));
            }
            if ui
                .add_enabled(has_path, egui::Button::new("Save to path"))
                .clicked()
            {
                match save_target(Path::new(typed)) {
                    Ok(p) => cmd = Some(FileCommand::Save(p)),
                    Err(why) => self.message = Some(why),
                }
            }
            if self.dialog.is_some() {
                ui.spinner();
            }
        });
        cmd
    }

    /// The "exists: overwrite it?" dialog while a Save waits for an answer (a modal window:
    /// the panels do not move).
    pub fn confirm_ui(&mut self, ctx: &egui::Context) -> Option<FileCommand> {
        let target = self.confirm_overwrite.clone()?;
        let (mut cmd, mut cancel) = (None, false);
        let id = egui::Id::unique("overwrite dialog");
        let area = egui::Modal::default_area(id).role(egui::accesskit::Role::Dialog);
        let modal = egui::Modal::new(id).area(area).show(ctx, |ui| {
            ui.colored_label(
                ui.visuals().warn_fg_color,
                format!("{} exists: overwrite it?", target.display()),
            );
            ui.horizontal(|ui| {
                if ui.button("Overwrite and save").clicked() {
                    cmd = Some(FileCommand::SaveConfirmed(target.clone()));
                }
                cancel = ui.button("Cancel save").clicked();
            });
        });
        if cmd.is_none() && (cancel || modal.should_close()) {
            self.message = Some("Save cancelled: the existing file is unchanged.".into());
            self.confirm_overwrite = None;
        }
        if cmd.is_some() {
            self.confirm_overwrite = None;
        }
        cmd
    }
}

/// Where a typed path saves: `typed` with `.ron` added when it has no extension
/// ([`with_ron_extension`]).
///
/// # Errors
/// A message (nothing is written) when `typed` names a folder (an existing one, or a path
/// ending in `/`) or something else that is not a regular file (a device such as `/dev/full`,
/// a pipe): adding `.ron` would write a new file beside it, not what was named.
pub fn save_target(typed: &Path) -> Result<PathBuf, String> {
    let shown = typed.display();
    let ends_in_separator = typed
        .as_os_str()
        .to_string_lossy()
        .ends_with(std::path::MAIN_SEPARATOR);
    match std::fs::metadata(typed) {
        _ if ends_in_separator => Err(format!(
            "{shown} is a folder: type a file name in it (for example {shown}challenge.ron); \
             nothing was written."
        )),
        Ok(m) if m.is_dir() => Err(format!(
            "{shown} is a folder: type a file name in it (for example {shown}/challenge.ron); \
             nothing was written."
        )),
        Ok(m) if !m.is_file() => Err(format!(
            "{shown} is not a regular file (a device or a pipe): type a file's path; nothing \
             was written."
        )),
        _ => Ok(with_ron_extension(typed)),
    }
}

/// Where a typed path opens: `typed` itself when it exists or has an extension; else `typed`
/// with `.ron` when that file exists (the rule Save follows: `a/b` saves `a/b.ron`, so it
/// opens it too).
#[must_use]
pub fn open_target(typed: &Path) -> PathBuf {
    let with = with_ron_extension(typed);
    if typed.exists() || with == typed || !with.is_file() {
        typed.to_path_buf()
    } else {
        with
    }
}

/// `path` with `.ron` added when it has no extension (exactly one: `a.` becomes `a.ron`).
#[must_use]
pub fn with_ron_extension(path: &Path) -> PathBuf {
    match path.extension() {
        Some(e) if !e.is_empty() => path.to_path_buf(),
        Some(_) => path.with_extension("ron"),
        None => {
            let mut s = path.as_os_str().to_os_string();
            s.push(".ron");
            PathBuf::from(s)
        }
    }
}

/// Whether `a` and `b` name the same file (the same path, or the same file once resolved).
#[must_use]
pub fn same_file(a: &Path, b: &Path) -> bool {
    a == b
        || matches!(
            (std::fs::canonicalize(a), std::fs::canonicalize(b)),
            (Ok(x), Ok(y)) if x == y
        )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_folder_or_a_device_is_no_save_target() {
        let dir = std::env::temp_dir();
        for typed in [
            dir.clone(),
            PathBuf::from("/dev/full"),
            dir.join("new-folder/"),
        ] {
            let why = save_target(&typed).unwrap_err();
            assert!(why.contains("nothing was written"), "{why}");
        }
        let file = dir.join("peakforge-save-target-test");
        assert_eq!(
            save_target(&file),
            Ok(dir.join("peakforge-save-target-test.ron"))
        );
    }

    #[test]
    fn ron_extension_added_once() {
        assert_eq!(
            with_ron_extension(Path::new("a/b")),
            PathBuf::from("a/b.ron")
        );
        assert_eq!(
            with_ron_extension(Path::new("b.ron")),
            PathBuf::from("b.ron")
        );
        assert_eq!(
            with_ron_extension(Path::new("b.json")),
            PathBuf::from("b.json")
        );
        assert_eq!(with_ron_extension(Path::new("b.")), PathBuf::from("b.ron"));
    }
}
