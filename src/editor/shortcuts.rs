//! Keyboard shortcuts, in one place so that the buttons' tooltips can list them.

use eframe::egui::{self, Key, KeyboardShortcut, Modifiers};

use super::tools::Tool;

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
/// The height brush that sets the chosen height.
pub const PAINT: KeyboardShortcut = KeyboardShortcut::new(Modifiers::NONE, Key::B);
/// The brush that raises tiles by one.
pub const RAISE: KeyboardShortcut = KeyboardShortcut::new(Modifiers::NONE, Key::R);
/// The brush that lowers tiles by one.
pub const LOWER: KeyboardShortcut = KeyboardShortcut::new(Modifiers::NONE, Key::L);
/// Flood fill with the chosen height.
pub const FILL: KeyboardShortcut = KeyboardShortcut::new(Modifiers::NONE, Key::F);
/// Flatten the whole board to the chosen height.
pub const FLATTEN: KeyboardShortcut = KeyboardShortcut::new(Modifiers::SHIFT, Key::F);
/// Drag pieces to move them.
pub const MOVE: KeyboardShortcut = KeyboardShortcut::new(Modifiers::NONE, Key::M);
/// Erase pieces.
pub const ERASE: KeyboardShortcut = KeyboardShortcut::new(Modifiers::NONE, Key::E);
/// Leave the play-test (the only way out besides its Stop play-test button).
pub const STOP_TEST: KeyboardShortcut = KeyboardShortcut::new(Modifiers::NONE, Key::Escape);
/// The next piece of the palette (the Place tool), in palette order.
pub const NEXT_PIECE: KeyboardShortcut = KeyboardShortcut::new(Modifiers::NONE, Key::P);
/// Export the verified challenge to the path typed in "Export to".
pub const EXPORT: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::E);
/// A smaller brush.
pub const SMALLER: KeyboardShortcut = KeyboardShortcut::new(Modifiers::NONE, Key::OpenBracket);
/// A larger brush.
pub const LARGER: KeyboardShortcut = KeyboardShortcut::new(Modifiers::NONE, Key::CloseBracket);
/// The digit keys choose the height 0–9.
pub const DIGITS: [Key; 10] = [
    Key::Num0,
    Key::Num1,
    Key::Num2,
    Key::Num3,
    Key::Num4,
    Key::Num5,
    Key::Num6,
    Key::Num7,
    Key::Num8,
    Key::Num9,
];

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
    /// [`PAINT`], [`RAISE`], [`LOWER`], [`FILL`], [`MOVE`] or [`ERASE`]: pick that tool.
    Tool(Tool),
    /// A digit: choose this height.
    Height(u8),
    /// [`SMALLER`] (-1) or [`LARGER`] (+1): change the brush size.
    BrushSize(i8),
    /// [`FLATTEN`].
    Flatten,
    /// [`STOP_TEST`].
    StopTest,
    /// [`NEXT_PIECE`].
    NextPiece,
    /// [`EXPORT`].
    Export,
}

/// The shortcuts pressed this frame, consumed from the input. While a text field has the
/// keyboard only Save, Verify, Play / record and Export (a Ctrl combination or F5 that no
/// field types) act: its own undo applies, and letters and digits are typed text.
#[must_use]
pub fn pressed(ctx: &egui::Context) -> Vec<Action> {
    if ctx.egui_wants_keyboard_input() {
        let mut out = Vec::new();
        ctx.input_mut(|i| {
            for (sc, action) in [
                (SAVE, Action::Save),
                (VERIFY, Action::Verify),
                (PLAY, Action::TogglePlay),
                (EXPORT, Action::Export),
            ] {
                if i.consume_shortcut(&sc) {
                    out.push(action);
                }
            }
        });
        return out;
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
            (EXPORT, Action::Export),
            (STOP_TEST, Action::StopTest),
        ] {
            if i.consume_shortcut(&sc) {
                out.push(action);
            }
        }
        // Shift+F before F: a plain-key shortcut also matches with Shift held.
        if i.consume_shortcut(&FLATTEN) {
            out.push(Action::Flatten);
        }
        for (sc, tool) in [
            (PAINT, Tool::Paint),
            (RAISE, Tool::Raise),
            (LOWER, Tool::Lower),
            (FILL, Tool::Fill),
            (MOVE, Tool::Move),
            (ERASE, Tool::Erase),
        ] {
            if i.consume_shortcut(&sc) {
                out.push(Action::Tool(tool));
            }
        }
        if i.consume_shortcut(&NEXT_PIECE) {
            out.push(Action::NextPiece);
        }
        for (sc, d) in [(SMALLER, -1), (LARGER, 1)] {
            if i.consume_shortcut(&sc) {
                out.push(Action::BrushSize(d));
            }
        }
        for (h, key) in DIGITS.into_iter().enumerate() {
            if i.consume_key(Modifiers::NONE, key) {
                out.push(Action::Height(h as u8));
            }
        }
    });
    out
}
