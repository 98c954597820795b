//! Keyboard shortcuts, in one place so that the buttons' tooltips can list them.

use eframe::egui::{self, Key, KeyboardShortcut, Modifiers};

/// Undo the last edit.
pub const UNDO: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::Z);
/// Redo the last undone edit.
pub const REDO: KeyboardShortcut =
    KeyboardShortcut::new(Modifiers::COMMAND.plus(Modifiers::SHIFT), Key::Z);
/// Redo, the other usual way.
pub const REDO_ALT: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::Y);
/// Save to the document's file.
pub const SAVE: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::S);
/// Start verifying.
pub const VERIFY: KeyboardShortcut = KeyboardShortcut::new(Modifiers::NONE, Key::F5);
/// Switch between editing the board and playing the line.
pub const PLAY: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::P);

/// `what` followed by its shortcut(s) as this platform writes them: "Undo (Ctrl+Z)".
#[must_use]
pub fn hint(ctx: &egui::Context, what: &str, shortcuts: &[KeyboardShortcut]) -> String {
    let keys: Vec<String> = shortcuts.iter().map(|s| ctx.format_shortcut(s)).collect();
    format!("{what} ({})", keys.join(" or "))
}

/// A shortcut the app reacts to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    /// [`UNDO`].
    Undo,
    /// [`REDO`] or [`REDO_ALT`].
    Redo,
    /// [`SAVE`].
    Save,
    /// [`VERIFY`].
    Verify,
    /// [`PLAY`].
    TogglePlay,
}

/// The shortcuts pressed this frame, consumed from the input. Nothing while a text field has
/// the keyboard (its own undo applies).
#[must_use]
pub fn pressed(ctx: &egui::Context) -> Vec<Action> {
    if ctx.egui_wants_keyboard_input() {
        return Vec::new();
    }
    let mut out = Vec::new();
    ctx.input_mut(|i| {
        // The longest combination first: Ctrl+Shift+Z is not also Ctrl+Z.
        if i.consume_shortcut(&REDO) || i.consume_shortcut(&REDO_ALT) {
            out.push(Action::Redo);
        } else if i.consume_shortcut(&UNDO) {
            out.push(Action::Undo);
        }
        for (sc, action) in [
            (SAVE, Action::Save),
            (VERIFY, Action::Verify),
            (PLAY, Action::TogglePlay),
        ] {
            if i.consume_shortcut(&sc) {
                out.push(action);
            }
        }
    });
    out
}
