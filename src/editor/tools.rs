//! The tool panel, for every game: the mode (edit, play/record, play-test), the terrain tools
//! (set, raise, lower, fill, flatten) with the chosen height and brush size when the game has
//! terrain, the piece palette of the game's sides and kinds, moving and erasing pieces. Every
//! tool's tooltip names its keyboard shortcut ([`super::shortcuts`]).

use eframe::egui::{self, KeyboardShortcut, RichText, Role, WidgetInfo};

use super::shortcuts::{
    self, ERASE, FILL, FLATTEN, LARGER, LOWER, MOVE, NEXT_PIECE, PAINT, PICK, PLAY, RAISE, SELECT,
    SMALLER,
};
use super::spec_edit::Stamp;
use super::style;
use super::terrain::{MAX_BRUSH, MAX_HEIGHT};
use crate::challenge::GameName;
use crate::game::Player;

/// What a click or drag on the board does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Tool {
    /// Set the tiles under the brush to the chosen height (click or drag).
    #[default]
    Paint,
    /// Raise the tiles under the brush by one (once per tile per stroke), up to 9.
    Raise,
    /// Lower the tiles under the brush by one (once per tile per stroke), down to 0.
    Lower,
    /// Give the chosen height to the clicked tile and every tile connected to it at its height.
    Fill,
    /// Place this piece (click; drag a piece to move it).
    Place(Stamp),
    /// Drag a piece from its square to an empty one.
    Move,
    /// Remove pieces.
    Erase,
    /// Drag a rectangle of tiles to select it (drag inside it to move its tiles); Ctrl+C,
    /// Ctrl+X and Ctrl+V copy, cut and paste it.
    Select,
    /// The eyedropper: a click takes the tile's height and its piece as the tools' own.
    Pick,
    /// A click makes the square the chain square (Seega, SG-5), a click on it none; chosen
    /// with the Chain square field's "On board" button.
    Chain,
    /// Play/record the intended line.
    Play,
    /// Play the challenge against the solver's defence.
    PlayTest,
}

impl Tool {
    /// Whether the tool edits the board (the "Edit board" mode).
    #[must_use]
    pub fn edits(self) -> bool {
        !matches!(self, Tool::Play | Tool::PlayTest)
    }

    /// Whether the tool paints terrain.
    #[must_use]
    pub fn paints(self) -> bool {
        matches!(self, Tool::Paint | Tool::Raise | Tool::Lower | Tool::Fill)
    }

    /// Whether dragging a piece with this tool moves it.
    #[must_use]
    pub fn drags_pieces(self) -> bool {
        matches!(self, Tool::Move | Tool::Place(_))
    }
}

/// The tool and its settings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Tools {
    /// The current tool.
    pub tool: Tool,
    /// The chosen height (0–9) for Paint, Fill and Flatten.
    pub height: u8,
    /// The brush size (1–3): a square of 1, 3 or 5 tiles a side centred on the tile.
    pub size: u8,
}

impl Default for Tools {
    fn default() -> Self {
        Tools {
            tool: Tool::Paint,
            height: 1,
            size: 1,
        }
    }
}

impl Tools {
    /// Chooses height `h` (clamped to 0–9); a tool that does not use a height gives way to
    /// Paint.
    pub fn choose_height(&mut self, h: u8) {
        self.height = h.min(MAX_HEIGHT);
        if self.tool != Tool::Fill {
            self.tool = Tool::Paint;
        }
    }

    /// Makes the tool one of `game`'s: a terrain tool in a game without terrain, or a piece
    /// of another game, gives way to the game's first piece.
    pub fn fit(&mut self, game: GameName) {
        let a = game.authoring();
        let ok = match self.tool {
            t if t.paints() => a.terrain,
            Tool::Chain => a.in_hand.is_some(),
            Tool::Place(s) => a.sides.contains(&s.side) && a.kinds.contains(&s.kind),
            _ => true,
        };
        if !ok {
            self.tool = Tool::Place(Stamp {
                side: a.sides[0],
                kind: a.kinds[0],
            });
        }
    }

    /// The Place tool with the next piece of `game`'s palette (side by side, kind by kind),
    /// the first piece when another tool is chosen.
    pub fn next_piece(&mut self, game: GameName) {
        let a = game.authoring();
        let all: Vec<Stamp> = a
            .sides
            .iter()
            .flat_map(|&side| a.kinds.iter().map(move |&kind| Stamp { side, kind }))
            .collect();
        let next = match self.tool {
            Tool::Place(s) => all
                .iter()
                .position(|&t| t == s)
                .map_or(0, |i| (i + 1) % all.len()),
            _ => 0,
        };
        if let Some(&s) = all.get(next) {
            self.tool = Tool::Place(s);
        }
    }

    /// Changes the brush size by `delta`, within 1–3.
    pub fn grow(&mut self, delta: i8) {
        self.size = self.size.saturating_add_signed(delta).clamp(1, MAX_BRUSH);
    }
}

/// A selectable tool button with its shortcut in the tooltip; returns whether it was clicked.
/// It takes the focus when a problem asks for `name`.
fn tool_button(
    ui: &mut egui::Ui,
    selected: bool,
    (name, text): (&str, impl Into<egui::WidgetText>),
    what: &str,
    shortcut: Option<&KeyboardShortcut>,
) -> bool {
    let hint = match shortcut {
        Some(sc) => shortcuts::hint(ui.ctx(), what, std::slice::from_ref(sc)),
        None => what.to_string(),
    };
    let r = ui.selectable_label(selected, text).on_hover_text(hint);
    super::focus::take(&r, name);
    r.clicked()
}

/// Draws the tool choices of `game` and updates `tools`; returns true when Flatten all was
/// clicked.
///
/// Each mode shows only its own tools: the terrain and piece tools in Edit board, a line on
/// how to record in Play / record, and in Play-test how to leave it (explicitly: no tool ends
/// a play-test).
pub fn ui(ui: &mut egui::Ui, tools: &mut Tools, game: GameName) -> bool {
    mode_ui(ui, tools);
    ui.separator();
    match tools.tool {
        Tool::Play => {
            ui.label("Recording the intended line: click a piece, then its destination.");
            ui.weak("Back to the terrain and piece tools: Edit board (Ctrl+P).");
            return false;
        }
        Tool::PlayTest => {
            ui.label("Play-testing: the board plays the challenge.");
            ui.weak("Leave with Stop play-test (Esc) to edit the board again.");
            return false;
        }
        _ => {}
    }
    let flatten = if game.authoring().terrain {
        terrain_ui(ui, tools)
    } else {
        ui.weak("No terrain in this game.");
        false
    };
    pieces_ui(ui, tools, game);
    flatten
}

/// The terrain tools, heights and brush sizes; returns true when Flatten all was clicked.
fn terrain_ui(ui: &mut egui::Ui, tools: &mut Tools) -> bool {
    ui.label("Terrain");
    ui.horizontal_wrapped(|ui| {
        for (tool, text, what, sc) in [
            (Tool::Paint, "Set height", "Paint the chosen height (click or drag)", PAINT),
            (Tool::Raise, "Raise", "Raise tiles by one, up to 9 (click or drag)", RAISE),
            (Tool::Lower, "Lower", "Lower tiles by one, down to 0 (click or drag)", LOWER),
            (Tool::Fill, "Fill", "Flood fill: the clicked tile and the tiles connected to it at its height get the chosen height", FILL),
        ] {
            if tool_button(ui, tools.tool == tool, (text, text), what, Some(&sc)) {
                tools.tool = tool;
            }
        }
    });
    for row in [0..=4u8, 5..=9u8] {
        ui.horizontal(|ui| {
            ui.spacing_mut().item_spacing.x = 3.0;
            for h in row {
                let text = RichText::new(format!("  {h}  "))
                    .color(style::terrain_text(h))
                    .background_color(style::terrain(h))
                    .strong();
                let selected = tools.height == h;
                let r = ui
                    .selectable_label(selected, text)
                    .on_hover_text(format!("Choose height {h} (key {h})"));
                // Named for screen readers and UI tests: the visible text is the bare digit.
                r.widget_info(|| {
                    WidgetInfo::selected(Role::Button, true, selected, format!("Height {h}"))
                });
                if r.clicked() {
                    tools.choose_height(h);
                }
            }
        });
    }
    ui.horizontal(|ui| {
        ui.label("Brush");
        for s in 1..=MAX_BRUSH {
            let side = 2 * s - 1;
            let hint = format!(
                "A {side} × {side} brush: it paints {} tiles ({} smaller, {} larger)",
                side * side,
                ui.ctx().format_shortcut(&SMALLER),
                ui.ctx().format_shortcut(&LARGER)
            );
            let selected = tools.size == s;
            let r = ui
                .selectable_label(selected, format!("{side} × {side}"))
                .on_hover_text(hint);
            r.widget_info(|| {
                WidgetInfo::selected(
                    Role::Button,
                    true,
                    selected,
                    format!("Brush {side} × {side}"),
                )
            });
            if r.clicked() {
                tools.size = s;
            }
        }
    });
    ui.button(format!("Flatten all to {}", tools.height))
        .on_hover_text(shortcuts::hint(
            ui.ctx(),
            "Set every tile to the chosen height (undoable)",
            &[FLATTEN],
        ))
        .clicked()
}

/// The piece palette of `game` (each side's kinds), Move piece and Erase piece.
fn pieces_ui(ui: &mut egui::Ui, tools: &mut Tools, game: GameName) {
    let a = game.authoring();
    let palette = crate::document::spec_view::palette_of(game);
    ui.label("Pieces");
    for (side, player) in a.sides.into_iter().zip([Player::First, Player::Second]) {
        ui.horizontal_wrapped(|ui| {
            for &kind in a.kinds {
                let stamp = Stamp { side, kind };
                let name = stamp.name();
                let text = RichText::new(&name)
                    .color(style::side_ink(palette, player))
                    .background_color(style::side(palette, player));
                let words = crate::document::spec_view::piece_words(game, side, kind)
                    .unwrap_or_else(|| name.clone());
                let what = format!("Place a {words}; drag a piece to move it");
                if tool_button(
                    ui,
                    tools.tool == Tool::Place(stamp),
                    (&name, text),
                    &what,
                    Some(&NEXT_PIECE),
                ) {
                    tools.tool = Tool::Place(stamp);
                }
            }
        });
    }
    ui.horizontal(|ui| {
        if tool_button(
            ui,
            tools.tool == Tool::Move,
            ("Move piece", "Move piece"),
            "Drag a piece to an empty square",
            Some(&MOVE),
        ) {
            tools.tool = Tool::Move;
        }
        if tool_button(
            ui,
            tools.tool == Tool::Erase,
            ("Erase piece", "Erase piece"),
            "Click or drag over pieces to remove them (right-click erases with any tool)",
            Some(&ERASE),
        ) {
            tools.tool = Tool::Erase;
        }
    });
    ui.horizontal(|ui| {
        if tool_button(
            ui,
            tools.tool == Tool::Select,
            ("Select", "Select"),
            "Drag a rectangle of tiles; drag inside it to move them; Ctrl+C, Ctrl+X, Ctrl+V",
            Some(&SELECT),
        ) {
            tools.tool = Tool::Select;
        }
        if tool_button(
            ui,
            tools.tool == Tool::Pick,
            ("Eyedropper", "Eyedropper"),
            "Click a tile to take its height and its piece (Alt+click with any tool)",
            Some(&PICK),
        ) {
            tools.tool = Tool::Pick;
        }
    });
}

/// The mode row: Edit board, Play / record, Play-test.
/// During a play-test the other modes are disabled: leaving it is explicit (Stop play-test).
fn mode_ui(ui: &mut egui::Ui, tools: &mut Tools) {
    ui.horizontal_wrapped(|ui| {
        let editing = tools.tool.edits();
        let testing = tools.tool == Tool::PlayTest;
        ui.add_enabled_ui(!testing, |ui| mode_buttons(ui, tools, editing));
        if tool_button(
            ui,
            testing,
            ("Play-test", "Play-test"),
            "Play the challenge as the player against the solver's best defence",
            None,
        ) {
            tools.tool = Tool::PlayTest;
        }
    });
}

/// The Edit board and Play / record buttons.
fn mode_buttons(ui: &mut egui::Ui, tools: &mut Tools, editing: bool) {
    {
        if tool_button(
            ui,
            editing,
            ("Edit board", "Edit board"),
            "Paint heights and place pieces",
            Some(&PLAY),
        ) && !editing
        {
            tools.tool = Tool::Paint;
        }
        if tool_button(
            ui,
            tools.tool == Tool::Play,
            ("Play / record", "Play / record"),
            "Click pieces and destinations to record the intended line",
            Some(&PLAY),
        ) {
            tools.tool = Tool::Play;
        }
    }
}
