//! The Breakthrough and Seega left panel: the palette (a White piece, a Black piece, erase; no
//! terrain tools) and the position's fields (size, side to move, move counter and limit, goal;
//! for Seega the pieces in hand and the chain square). Each change comes back as an edit of
//! the whole spec, with its undo group.

use eframe::egui;

use super::spec::{kind_of, piece_at, resized, with_piece};
use crate::challenge::{Challenge, GameName, InHand, PositionSpec, SideName};
use crate::editor::edit::Edit;
use crate::editor::fields::number;
use crate::games::pawn_peak::Square;
use crate::games::seega;

/// What a click on the board does in edit mode.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Brush {
    /// Put a White piece (a second click on the same piece removes it).
    #[default]
    White,
    /// Put a Black piece (a second click on the same piece removes it).
    Black,
    /// Empty the tile.
    Erase,
}

/// Draws the palette of `game`.
pub fn palette_ui(ui: &mut egui::Ui, game: GameName, brush: &mut Brush) {
    let kind = kind_of(game);
    ui.horizontal_wrapped(|ui| {
        for (b, name) in [
            (Brush::White, format!("White {kind:?}")),
            (Brush::Black, format!("Black {kind:?}")),
            (Brush::Erase, "Erase".to_string()),
        ] {
            if ui.selectable_label(*brush == b, name).clicked() {
                *brush = b;
            }
        }
    });
    ui.weak("No terrain in this game.");
}

/// The edit a click on `sq` makes with `brush`, if it changes anything.
#[must_use]
pub fn click_edit(ch: &Challenge, brush: Brush, sq: Square) -> Option<Edit> {
    let spec = &ch.position;
    let kind = kind_of(ch.game);
    let side = match brush {
        Brush::White => Some(SideName::White),
        Brush::Black => Some(SideName::Black),
        Brush::Erase => None,
    };
    let now = piece_at(spec, sq);
    let side = if now == side { None } else { side };
    (now != side).then(|| Edit::Spec(Box::new(with_piece(spec, sq, side, kind))))
}

/// A spec edit with its undo group.
fn spec_edit(spec: PositionSpec, group: &str) -> (Edit, Option<String>) {
    (Edit::Spec(Box::new(spec)), Some(group.to_string()))
}

/// Draws the fields of `ch` and returns the edits asked for, each with its undo group.
pub fn fields_ui(ui: &mut egui::Ui, ch: &Challenge) -> Vec<(Edit, Option<String>)> {
    let mut edits = Vec::new();
    let p = &ch.position;
    if ch.game == GameName::Seega {
        let mut size = p.width;
        ui.horizontal(|ui| {
            let l = ui.label("Board size");
            egui::ComboBox::from_id_salt("seega-size")
                .selected_text(format!("{size} × {size}"))
                .show_ui(ui, |ui| {
                    for n in [5u8, 7, 9] {
                        ui.selectable_value(&mut size, n, format!("{n} × {n}"));
                    }
                })
                .response
                .labelled_by(l.id);
        });
        if (size, size) != (p.width, p.height) {
            edits.push(spec_edit(resized(p, size, size), "size"));
        }
    } else {
        if let Some(w) = number(ui, "Width", p.width, 2..=16) {
            edits.push(spec_edit(resized(p, w, p.height), "size"));
        }
        if let Some(h) = number(ui, "Height", p.height, 4..=16) {
            edits.push(spec_edit(resized(p, p.width, h), "size"));
        }
    }
    ui.horizontal(|ui| {
        ui.label("Side to move:");
        for side in [SideName::White, SideName::Black] {
            let on = p.side_to_move == side;
            if ui.radio(on, format!("{side:?}")).clicked() && !on {
                let mut s = p.clone();
                s.side_to_move = side;
                edits.push(spec_edit(s, "side"));
            }
        }
    });
    if ch.game == GameName::Seega {
        hands_ui(ui, p, &mut edits);
    }
    if let Some(c) = number(ui, "Move counter", p.move_counter, 0..=p.move_limit) {
        let mut s = p.clone();
        s.move_counter = c;
        edits.push(spec_edit(s, "counter"));
    }
    if let Some(l) = number(ui, "Move limit", p.move_limit, 1..=999) {
        let mut s = p.clone();
        s.move_limit = l;
        s.move_counter = s.move_counter.min(l);
        edits.push(spec_edit(s, "counter"));
    }
    if let Some(g) = number(
        ui,
        "Goal: win within player moves",
        ch.goal.player_moves,
        1..=50,
    ) {
        edits.push((Edit::Goal(g), Some("goal".into())));
    }
    edits
}

/// Seega's pieces in hand per side and the chain square (empty: no chain).
fn hands_ui(ui: &mut egui::Ui, p: &PositionSpec, edits: &mut Vec<(Edit, Option<String>)>) {
    let most = seega::rules::pieces_per_side(p.width.clamp(5, 9));
    let hands = p.in_hand.unwrap_or_default();
    let set = |white: u8, black: u8| {
        let mut s = p.clone();
        s.in_hand = (white > 0 || black > 0).then_some(InHand { white, black });
        spec_edit(s, "in-hand")
    };
    if let Some(w) = number(ui, "White in hand", hands.white, 0..=most) {
        edits.push(set(w, hands.black));
    }
    if let Some(b) = number(ui, "Black in hand", hands.black, 0..=most) {
        edits.push(set(hands.white, b));
    }
    let mut chain = p.chain.clone().unwrap_or_default();
    ui.horizontal(|ui| {
        let l = ui.label("Chain square");
        let r = ui
            .add(
                egui::TextEdit::singleline(&mut chain)
                    .hint_text("none")
                    .desired_width(50.0),
            )
            .labelled_by(l.id);
        r.on_hover_text("The square of the piece that must continue capturing (SG-5); empty: none");
    });
    let chain = chain.trim().to_string();
    if (!chain.is_empty()).then_some(&chain) != p.chain.as_ref() {
        let mut s = p.clone();
        s.chain = (!chain.is_empty()).then_some(chain);
        edits.push(spec_edit(s, "chain"));
    }
}
