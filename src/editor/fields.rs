//! The position's fields besides the tiles: board size, side to move, scores, exited pieces,
//! move counter and limit, and the goal. Each change comes back as an [`Edit`].

use eframe::egui;

use super::edit::Edit;
use super::focus;
use crate::challenge::Challenge;
use crate::games::pawn_peak::{Piece, PieceKind, Side};

/// A labelled number field; returns the new value when it changed (any game's panel).
pub(crate) fn number<T: egui::emath::Numeric>(
    ui: &mut egui::Ui,
    label: &str,
    value: T,
    range: std::ops::RangeInclusive<T>,
) -> Option<T> {
    let mut v = value;
    ui.horizontal(|ui| {
        let l = ui.label(label);
        let r = ui
            .add(egui::DragValue::new(&mut v).range(range).speed(0.1))
            .labelled_by(l.id);
        focus::take(&r, label);
    });
    (v != value).then_some(v)
}

/// Draws the fields of `ch` and returns the edits asked for.
pub fn ui(ui: &mut egui::Ui, ch: &Challenge) -> Vec<Edit> {
    let mut edits = Vec::new();
    let p = &ch.position;
    egui::Grid::new("size").num_columns(2).show(ui, |ui| {
        let mut w = p.width;
        let mut h = p.height;
        let lw = ui.label("Width");
        let r = ui
            .add(egui::DragValue::new(&mut w).range(3..=16).speed(0.1))
            .labelled_by(lw.id);
        focus::take(&r, "Width");
        ui.end_row();
        let lh = ui.label("Height");
        ui.add(egui::DragValue::new(&mut h).range(3..=16).speed(0.1))
            .labelled_by(lh.id);
        ui.end_row();
        if (w, h) != (p.width, p.height) {
            edits.push(Edit::Resize(w, h));
        }
    });
    ui.horizontal(|ui| {
        ui.label("Side to move:");
        for side in [Side::Red, Side::Blue] {
            let on = p.side_to_move == side.into();
            if ui.radio(on, side.name()).clicked() && !on {
                edits.push(Edit::SideToMove(side));
            }
        }
    });
    let scores = p.scores.unwrap_or_default();
    if let Some(r) = number(ui, "Red score", scores.red, 0..=99) {
        edits.push(Edit::Scores(r, scores.blue));
    }
    if let Some(b) = number(ui, "Blue score", scores.blue, 0..=99) {
        edits.push(Edit::Scores(scores.red, b));
    }
    if let Some(c) = number(ui, "Move counter", p.move_counter, 0..=p.move_limit) {
        edits.push(Edit::Counter(c, p.move_limit));
    }
    if let Some(l) = number(ui, "Move limit", p.move_limit, 1..=999) {
        edits.push(Edit::Counter(p.move_counter.min(l), l));
    }
    if let Some(g) = number(
        ui,
        "Goal: win within player moves",
        ch.goal.player_moves,
        1..=50,
    ) {
        edits.push(Edit::Goal(g));
    }
    exited_ui(ui, ch, &mut edits);
    edits
}

fn exited_ui(ui: &mut egui::Ui, ch: &Challenge, edits: &mut Vec<Edit>) {
    let exited: Vec<Piece> = ch
        .position
        .exited
        .iter()
        .flatten()
        .map(|e| Piece::new(e.0, e.1))
        .collect();
    ui.label("Exited pieces:");
    if exited.is_empty() {
        ui.weak("none");
    }
    for (i, piece) in exited.iter().enumerate() {
        ui.horizontal(|ui| {
            ui.label(format!("{} {}", piece.side.name(), piece.kind.name()));
            let name = format!("Remove exited {}", i + 1);
            let r = ui.small_button(&name);
            focus::take(&r, &name);
            if r.clicked() {
                let mut rest = exited.clone();
                rest.remove(i);
                edits.push(Edit::Exited(rest));
            }
        });
    }
    if exited.len() < 2 {
        ui.horizontal_wrapped(|ui| {
            ui.label("Add exited:");
            for side in [Side::Red, Side::Blue] {
                for kind in PieceKind::ALL {
                    let name = format!(
                        "{}{}",
                        if side == Side::Red { "R" } else { "B" },
                        kind.letter()
                    );
                    if ui
                        .small_button(name)
                        .on_hover_text(format!("Add an exited {} {}", side.name(), kind.name()))
                        .clicked()
                    {
                        let mut more = exited.clone();
                        more.push(Piece::new(side, kind));
                        edits.push(Edit::Exited(more));
                    }
                }
            }
        });
    }
}
