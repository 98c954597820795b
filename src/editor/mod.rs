//! The desktop editor (eframe/egui), behind the `editor` cargo feature.
//!
//! One editor for every game: the game's facts come from
//! [`GameName::authoring`](crate::challenge::GameName::authoring), the board from
//! [`crate::board_view`]. One concern per file: [`doc`] holds the challenge and its undo
//! history, [`edit`] the edits as values and [`spec_edit`] their effect on the file's position
//! (these three are the document model, in [`crate::document`] without the GUI, re-exported here),
//! [`board`] paints the board view, [`canvas`] turns pointer events into edits with the
//! [`terrain`] tools' arithmetic, [`tools`], [`fields`] and [`texts`] are the side panels,
//! [`entry`] enters a move by clicking, [`play`] records the intended line, [`playtest`] plays
//! it against the solver's
//! defence, [`verify`] runs the solver off the UI thread, [`verdict`] names every finding and
//! [`findings`] shows its cooks, duals, short solution and main line on the board,
//! [`proof_browser`] walks the solution tree and [`suggest`] lists repairs (both, like Verify,
//! on a [`worker`] thread), [`export`]
//! writes a verified challenge (and [`stored`] checks an opened file's record),
//! [`files`] opens and saves, [`recent`] lists recent files, [`recovery`] autosaves,
//! [`quit`] guards closing with unsaved changes, [`problems`] lists validation problems (and
//! [`focus`] takes a clicked one to its field),
//! [`topbar`] and [`status`] are the bars, [`shortcuts`] the keys, [`cursor`] the keyboard cursor on the board, and [`app`] ties them
//! together.

pub use crate::document::{doc, edit, spec_edit};

pub mod app;
pub mod board;
mod board_coords;
pub mod board_moves;
pub mod camera;
pub mod canvas;
pub mod command;
pub mod cursor;
pub mod entry;
pub mod export;
pub mod fields;
pub mod files;
pub mod findings;
pub mod focus;
pub mod panels;
pub mod play;
pub mod playtest;
pub mod prefs;
pub mod problems;
pub mod proof_browser;
pub mod quit;
pub mod recent;
pub mod recovery;
pub mod resize;
pub mod selection;
pub mod settings;
pub mod shortcuts;
pub mod status;
pub mod stored;
pub mod style;
pub mod suggest;
pub mod terrain;
pub mod texts;
pub mod tools;
pub mod topbar;
pub mod verdict;
pub mod verify;
pub mod watch;
pub mod worker;

use std::path::{Path, PathBuf};

use eframe::egui;

use crate::challenge;
use crate::games::pawn_peak::Position;
use doc::Document;

/// The first tutorial, relative to the current directory (the project's folder).
pub const FIRST_TUTORIAL: &str = "challenges/01-terrain.ron";

/// The first tutorial's text, bundled in the binary: what the editor opens (as a document with
/// no file) when started outside the project's folder.
const FIRST_TUTORIAL_TEXT: &str = include_str!("../../challenges/01-terrain.ron");

/// Opens the editor window on `path` (or the bundled first tutorial when `None`). When
/// `close_after` is set, the window closes itself after that many seconds (for smoke runs
/// under Xvfb).
///
/// A `path` that does not exist yet starts a new challenge that Save writes there.
///
/// # Errors
/// When no window can be opened (no display). A file that cannot be read opens the editor on a
/// new challenge with the reason in the status line (see `initial_document`).
pub fn run(path: Option<PathBuf>, close_after: Option<f32>) -> anyhow::Result<()> {
    let (document, message) = initial_document(path)?;
    let no_display = || {
        anyhow::anyhow!(
            "no display available for the editor window; use the command line instead: \
             peakforge verify|solve|moves|play"
        )
    };
    if cfg!(target_os = "linux")
        && std::env::var_os("DISPLAY").is_none()
        && std::env::var_os("WAYLAND_DISPLAY").is_none()
    {
        return Err(no_display());
    }
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title("peakforge")
            .with_inner_size([1280.0, 800.0])
            .with_min_inner_size([640.0, 480.0]),
        ..Default::default()
    };
    let app = app::EditorApp::new(document, close_after, message)
        .with_recovery_file(recovery::default_path())
        .with_recent_file(recent::default_path());
    eframe::run_native(
        "peakforge",
        options,
        Box::new(move |cc| {
            let remembered: Option<prefs::Prefs> = cc
                .storage
                .and_then(|s| eframe::get_value(s, eframe::APP_KEY));
            Ok(Box::new(app.with_prefs(&remembered.unwrap_or_default())))
        }),
    )
    .map_err(|e| anyhow::anyhow!("{}: {}", no_display(), window_reason(&e.to_string())))
}

/// The windowing library's error in a user's words: without the source location it carries
/// (`os error at /root/.cargo/registry/…/winit-…/src/….rs:765:`, a path of the build machine)
/// and with the one hint that applies to this build (X11 only).
fn window_reason(e: &str) -> String {
    let mut text = e.to_string();
    if let Some(at) = text.find(" at /")
        && let Some(rs) = text[at..].find(".rs:")
    {
        let after = at + rs + 4;
        let digits = text[after..]
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(0);
        let end = after + digits + usize::from(text[after + digits..].starts_with(':'));
        text.replace_range(at..end, "");
    }
    text.replace(
        "note: enable the `winit/wayland` feature to support Wayland",
        "this build opens its window through X11 only: set DISPLAY (XWayland)",
    )
}

/// The document to start with, and a message for the status line.
pub(crate) fn initial_document(
    path: Option<PathBuf>,
) -> anyhow::Result<(Document, Option<String>)> {
    let path = match path {
        Some(p) => p,
        None if Path::new(FIRST_TUTORIAL).is_file() => PathBuf::from(FIRST_TUTORIAL),
        None => return Ok(bundled_first_tutorial()),
    };
    if !path.exists() {
        let ch = doc::template(&doc::blank_position(), challenge::NEW_ID, "New challenge");
        let msg = format!(
            "{} does not exist yet: Save will create it.",
            path.display()
        );
        return Ok((Document::new(ch, Some(path)), Some(msg)));
    }
    match challenge::load(&path) {
        Ok(ch) => {
            let msg = format!("Opened {}", path.display());
            Ok((Document::new(ch, Some(path)), Some(msg)))
        }
        // The editor still opens (with recovery, Open and a fresh board), on a document with no
        // file, so that Save can never replace the file that could not be read.
        Err(e) => {
            let ch = doc::template(&doc::blank_position(), challenge::NEW_ID, "New challenge");
            let msg = format!("Cannot open {e}. Editing a new challenge (no file yet).");
            Ok((Document::new(ch, None), Some(msg)))
        }
    }
}

/// The bundled first tutorial as a document with no file (Save asks where), or the
/// standard-match template should its text ever fail to read.
fn bundled_first_tutorial() -> (Document, Option<String>) {
    match challenge::parse(
        FIRST_TUTORIAL_TEXT,
        challenge::Format::Ron,
        Path::new(FIRST_TUTORIAL),
    ) {
        Ok(ch) => (
            Document::new(ch, None),
            Some(format!(
                "{FIRST_TUTORIAL} is not in this folder: editing the bundled copy (no file yet)."
            )),
        ),
        Err(e) => {
            let ch = doc::template(
                &Position::standard(),
                challenge::STANDARD_ID,
                "Standard match",
            );
            (
                Document::new(ch, None),
                Some(format!("The bundled tutorial: {e}")),
            )
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_bundled_first_tutorial_reads_and_has_no_file() {
        let (doc, message) = super::bundled_first_tutorial();
        let message = message.unwrap();
        assert!(message.contains("bundled copy"), "{message}");
        assert_eq!(doc.ch.id, "01-terrain");
        assert!(doc.path.is_none() && doc.checked().is_ok());
    }
}
