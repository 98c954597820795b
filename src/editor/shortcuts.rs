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
/// The rectangle selection.
pub const SELECT: KeyboardShortcut = KeyboardShortcut::new(Modifiers::NONE, Key::S);
/// The eyedropper.
pub const PICK: KeyboardShortcut = KeyboardShortcut::new(Modifiers::NONE, Key::I);
/// The list of the keys.
pub const KEYS: KeyboardShortcut = KeyboardShortcut::new(Modifiers::NONE, Key::F1);
/// Zoom the board in.
pub const ZOOM_IN: KeyboardShortcut = KeyboardShortcut::new(Modifiers::NONE, Key::Equals);
/// Zoom the board in, the other key.
pub const ZOOM_IN_ALT: KeyboardShortcut = KeyboardShortcut::new(Modifiers::NONE, Key::Plus);
/// Zoom the board out.
pub const ZOOM_OUT: KeyboardShortcut = KeyboardShortcut::new(Modifiers::NONE, Key::Minus);
/// The board fitted to its space again.
pub const ZOOM_FIT: KeyboardShortcut = KeyboardShortcut::new(Modifiers::NONE, Key::Home);
/// Zoom the board in, as other editors' Ctrl+= does (egui's own zoom of the whole interface
/// is off: it shrank every panel, and at 1280 × 800 nothing would fit once it grew).
pub const ZOOM_IN_CTRL: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::Equals);
/// Zoom the board in: Ctrl+Plus.
pub const ZOOM_IN_CTRL_ALT: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::Plus);
/// Zoom the board out: Ctrl+Minus.
pub const ZOOM_OUT_CTRL: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::Minus);
/// Fit the board: Ctrl+0.
pub const ZOOM_FIT_CTRL: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::Num0);
/// A smaller brush.
pub const SMALLER: KeyboardShortcut = KeyboardShortcut::new(Modifiers::NONE, Key::OpenBracket);
/// A larger brush.
pub const LARGER: KeyboardShortcut = KeyboardShortcut::new(Modifiers::NONE, Key::CloseBracket);
/// The Library tab: move the selected entry one place up.
pub const ENTRY_UP: KeyboardShortcut = KeyboardShortcut::new(Modifiers::ALT, Key::ArrowUp);
/// The Library tab: move the selected entry one place down.
pub const ENTRY_DOWN: KeyboardShortcut = KeyboardShortcut::new(Modifiers::ALT, Key::ArrowDown);
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
    format!("{what} ({})", keys_words(ctx, shortcuts))
}

/// Shortcuts as this platform writes them, joined by "or"; a punctuation key as its
/// character ("[", "=", not egui's "OpenBracket", "Equals").
#[must_use]
pub fn keys_words(ctx: &egui::Context, shortcuts: &[KeyboardShortcut]) -> String {
    let one = |s: &KeyboardShortcut| {
        let text = ctx.format_shortcut(s);
        let name = s.logical_key.name();
        // egui's symbol for Minus is the typographic minus sign: the key is written "-".
        let symbol = match s.logical_key {
            Key::Minus => "-",
            key => key.symbol_or_name(),
        };
        match text.strip_suffix(name) {
            Some(mods) if symbol.is_ascii() => format!("{mods}{symbol}"),
            _ => text,
        }
    };
    shortcuts.iter().map(one).collect::<Vec<_>>().join(" or ")
}

/// A shortcut the app reacts to.
#[derive(Debug, Clone, Copy, PartialEq)]
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
    /// [`KEYS`]: show or hide the list of keys.
    Keys,
    /// [`ZOOM_IN`] (factor above 1), [`ZOOM_OUT`] (below 1).
    Zoom(f32),
    /// [`ZOOM_FIT`].
    Fit,
    /// Shift+arrow: shift the whole board by one tile (files, ranks).
    Shift(i8, i8),
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
        if i.consume_shortcut(&KEYS) {
            out.push(Action::Keys);
        }
        // The Ctrl combinations first: a plain key's shortcut would not take them, but they
        // must not reach the digits (Ctrl+0 is not height 0).
        for (sc, factor) in [
            (ZOOM_IN_CTRL, 1.25),
            (ZOOM_IN_CTRL_ALT, 1.25),
            (ZOOM_OUT_CTRL, 0.8),
            (ZOOM_IN, 1.25),
            (ZOOM_IN_ALT, 1.25),
            (ZOOM_OUT, 0.8),
        ] {
            if i.consume_shortcut(&sc) {
                out.push(Action::Zoom(factor));
            }
        }
        if i.consume_shortcut(&ZOOM_FIT_CTRL) || i.consume_shortcut(&ZOOM_FIT) {
            out.push(Action::Fit);
        }
        for (key, df, dr) in [
            (Key::ArrowLeft, -1, 0),
            (Key::ArrowRight, 1, 0),
            (Key::ArrowUp, 0, 1),
            (Key::ArrowDown, 0, -1),
        ] {
            if i.consume_key(Modifiers::SHIFT, key) {
                out.push(Action::Shift(df, dr));
            }
        }
        for (sc, tool) in [
            (SELECT, Tool::Select),
            (PICK, Tool::Pick),
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

/// Every key of the editor in words, for the Keys list (F1): the keys of `terrain` tools only
/// when the game has terrain.
#[must_use]
pub fn list(ctx: &egui::Context, terrain: bool) -> Vec<(String, &'static str)> {
    let k = |sc: &[KeyboardShortcut]| keys_words(ctx, sc);
    let mut out = vec![
        (k(&[UNDO]), "Undo"),
        (k(&[REDO, REDO_ALT]), "Redo"),
        (k(&[SAVE]), "Save"),
        (k(&[VERIFY]), "Verify"),
        (k(&[EXPORT]), "Export to the path typed in Export to"),
        (
            k(&[PLAY]),
            "Play / record the intended line, or back to Edit board",
        ),
        (
            k(&[STOP_TEST]),
            "Stop the play-test; close a dialog, a menu or this list",
        ),
        (k(&[KEYS]), "This list"),
        ("Arrows".into(), "Move the cursor on the board"),
        (
            "Space or Enter".into(),
            "Apply the tool on the cursor's tile",
        ),
        (
            "X".into(),
            "Take the exit offered for the move being entered",
        ),
        (k(&[NEXT_PIECE]), "Place the next piece of the palette"),
        (k(&[MOVE]), "Move pieces (drag)"),
        (
            k(&[ERASE]),
            "Erase pieces (right-click erases with any tool)",
        ),
        (
            k(&[SELECT]),
            "Select a rectangle of tiles (drag; drag inside it to move it)",
        ),
        (
            "Ctrl+C, Ctrl+X, Ctrl+V".into(),
            "Copy, cut, paste the selected tiles",
        ),
        (k(&[PICK]), "Eyedropper (Alt+click with any tool)"),
        ("Shift+Arrows".into(), "Shift the whole board by one tile"),
        (
            k(&[ZOOM_IN, ZOOM_IN_CTRL]),
            "Zoom the board in (or +, Ctrl + wheel)",
        ),
        (k(&[ZOOM_OUT, ZOOM_OUT_CTRL]), "Zoom the board out"),
        (k(&[ZOOM_FIT, ZOOM_FIT_CTRL]), "Fit the board to its space"),
        ("Middle drag or wheel".into(), "Pan a zoomed board"),
        (
            k(&[ENTRY_UP, ENTRY_DOWN]),
            "Library tab: move the selected entry up or down (saves index.json)",
        ),
    ];
    if terrain {
        out.extend([
            (k(&[PAINT]), "Set the chosen height (brush)"),
            (k(&[RAISE]), "Raise tiles by one"),
            (k(&[LOWER]), "Lower tiles by one"),
            (k(&[FILL]), "Flood fill with the chosen height"),
            (
                k(&[FLATTEN]),
                "Flatten the whole board to the chosen height",
            ),
            ("0–9".into(), "Choose a height"),
            (k(&[SMALLER, LARGER]), "A smaller or a larger brush"),
        ]);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn punctuation_keys_are_written_as_their_characters() {
        let ctx = egui::Context::default();
        assert_eq!(keys_words(&ctx, &[SMALLER, LARGER]), "[ or ]");
        assert_eq!(keys_words(&ctx, &[ZOOM_IN, ZOOM_IN_ALT]), "= or +");
        assert!(keys_words(&ctx, &[ZOOM_OUT, ZOOM_OUT_CTRL]).ends_with("+-"));
        assert!(keys_words(&ctx, &[ZOOM_OUT]) == "-");
        // Modifiers and named keys as egui writes them.
        assert_eq!(keys_words(&ctx, &[KEYS]), ctx.format_shortcut(&KEYS));
        let listed = list(&ctx, true);
        assert!(
            listed.iter().all(|(k, _)| ["Bracket", "Equals", "Minus"]
                .iter()
                .all(|n| !k.contains(n))),
            "{listed:?}"
        );
    }
}
