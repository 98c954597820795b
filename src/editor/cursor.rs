//! The keyboard cursor on the board: the arrow keys move it (it appears on a1 at the first
//! press), Space or Enter acts on its tile as a click with the current tool does (paint,
//! place, record a move, play a play-test move), and X picks the exit offered for the move
//! being entered. Keys go to the cursor only while no text field or widget has the keyboard.

use eframe::egui::{self, Key, Modifiers};

use crate::games::board::Square;

/// What the keys did to the cursor this frame.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct CursorKeys {
    /// Space or Enter: act on the cursor's tile.
    pub press: bool,
    /// X: take the exit offered.
    pub exit: bool,
}

/// The cursor: a tile of the board, once an arrow key was pressed.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Cursor {
    /// The tile (`None` before the first arrow key).
    pub at: Option<Square>,
}

impl Cursor {
    /// Reads the arrow keys, Space, Enter and X for a `width` × `height` board and moves the
    /// cursor (kept on the board); nothing while a widget has the keyboard focus.
    pub fn keys(&mut self, ctx: &egui::Context, width: u8, height: u8) -> CursorKeys {
        let mut out = CursorKeys::default();
        if ctx.egui_wants_keyboard_input() || ctx.memory(|m| m.focused().is_some()) {
            return out;
        }
        if let Some(at) = self.at
            && (at.file() >= width || at.rank() >= height)
        {
            self.at = Some(Square::new(
                at.file().min(width.saturating_sub(1)),
                at.rank().min(height.saturating_sub(1)),
            ));
        }
        ctx.input_mut(|i| {
            for (key, df, dr) in [
                (Key::ArrowLeft, -1i8, 0i8),
                (Key::ArrowRight, 1, 0),
                (Key::ArrowUp, 0, 1),
                (Key::ArrowDown, 0, -1),
            ] {
                // Alt+arrows are the Library tab's (move an entry): egui's match ignores an
                // extra Alt, so it is left here.
                if !i.modifiers.alt && i.consume_key(Modifiers::NONE, key) {
                    self.at = Some(match self.at {
                        None => Square::new(0, 0),
                        Some(at) => Square::new(
                            at.file()
                                .saturating_add_signed(df)
                                .min(width.saturating_sub(1)),
                            at.rank()
                                .saturating_add_signed(dr)
                                .min(height.saturating_sub(1)),
                        ),
                    });
                }
            }
            if self.at.is_some()
                && (i.consume_key(Modifiers::NONE, Key::Space)
                    || i.consume_key(Modifiers::NONE, Key::Enter))
            {
                out.press = true;
            }
            if i.consume_key(Modifiers::NONE, Key::X) {
                out.exit = true;
            }
        });
        out
    }
}
