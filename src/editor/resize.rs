//! The question a resize asks before it removes pieces: a modal dialog naming the size and the
//! pieces that would go, answered by **Resize and remove pieces** (Enter: the resize typed is
//! what was asked for, and Undo gives the pieces back) or **Keep the size** (Escape). Modal,
//! so that it is seen wherever the size was typed and never widens a panel.

use eframe::egui;

/// A resize waiting for the user's answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ResizeQuestion {
    /// The new width and height, in tiles.
    pub size: (u8, u8),
    /// The pieces the resize removes, as text ("e2 Red Scout").
    pub lost: Vec<String>,
    /// The frame the size was committed in ([`egui::Context::cumulative_frame_nr`]): Enter
    /// answers only after it, so the Enter that committed the size is not also the answer.
    pub asked_in_frame: u64,
}

/// Draws the question; returns `Some(true)` to resize, `Some(false)` to keep the size, `None`
/// while unanswered.
pub fn ui(ctx: &egui::Context, q: &ResizeQuestion) -> Option<bool> {
    let mut answer = None;
    let id = egui::Id::unique("resize question");
    if q.asked_in_frame < ctx.cumulative_frame_nr()
        && ctx.input_mut(|i| i.consume_key(egui::Modifiers::NONE, egui::Key::Enter))
    {
        answer = Some(true);
    }
    let area = egui::Modal::default_area(id).role(egui::accesskit::Role::Dialog);
    let modal = egui::Modal::new(id).area(area).show(ctx, |ui| {
        ui.set_max_width(420.0);
        let (w, h) = q.size;
        ui.heading(format!("Resize to {w} × {h}?"));
        ui.label(format!(
            "Resizing to {w} × {h} removes {} piece(s): {}.",
            q.lost.len(),
            q.lost.join(", ")
        ));
        ui.horizontal(|ui| {
            if ui.button("Resize and remove pieces").clicked() {
                answer = Some(true);
            }
            if ui.button("Keep the size").clicked() {
                answer = Some(false);
            }
        });
        ui.weak("Enter: resize · Esc: keep the size");
    });
    if modal.should_close() && answer.is_none() {
        answer = Some(false);
    }
    answer
}
