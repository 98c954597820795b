//! What a panel or a bar asks of the editor, as values ([`Command`]): collected while the
//! frame is drawn and applied after it (STYLE.md "actions as values"). Panels never change the
//! document or another panel themselves; this is the one way they ask.

use std::path::PathBuf;

use super::edit::Edit;
use super::export::Exported;
use super::files::FileCommand;
use super::findings::View;
use super::tools::Tool;
use crate::challenge::{self, Challenge, Problem};

/// Something the user asked for, applied after the frame is drawn.
#[derive(Debug)]
pub enum Command {
    /// Change the document; the string groups edits into one undo step.
    Edit(Edit, Option<String>),
    /// Open or save a file.
    File(FileCommand),
    /// Save to the document's own file (or ask for one).
    Save,
    /// Start a new challenge of a game from one of its New starts (its `Authoring`).
    New(challenge::GameName, challenge::NewStart),
    /// Put this challenge in place as a new document without a file (a library entry copied,
    /// a generated candidate), asking first when that would discard unsaved changes; the
    /// string is the status message once it is in place.
    Adopt(Box<Challenge>, String),
    /// The Export panel wrote this file.
    Exported(Box<Exported>),
    /// Undo the last edit.
    Undo,
    /// Redo the last undone edit.
    Redo,
    /// Switch to this tool or mode (Play / record, Play-test, Edit board).
    Tool(Tool),
    /// Show where this problem of the challenge is (its tiles, or its field).
    PointAt(Problem),
    /// Show a solver finding on the board.
    Show(View),
    /// Put this sentence in the status line.
    Say(String),
    /// Reload the document's file from disk (it changed there), dropping the edits made here.
    Reload(PathBuf),
}
