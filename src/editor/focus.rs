//! Focus requests by label: a panel asks for the field named `label` (a problem's field) and
//! the widget drawing that label takes the keyboard focus and scrolls into view at its next
//! frame. Kept in egui's temporary memory, so that no panel needs to know another's widgets.

use eframe::egui;

fn key() -> egui::Id {
    egui::Id::unique("peakforge-focus-request")
}

/// Asks the widget labelled `label` to take the focus at the next frame.
pub fn ask(ctx: &egui::Context, label: &str) {
    ctx.data_mut(|d| d.insert_temp(key(), label.to_string()));
}

/// Gives `response` the focus when it was asked for `label` (and forgets the request).
pub fn take(response: &egui::Response, label: &str) {
    let ctx = &response.ctx;
    if ctx.data(|d| d.get_temp::<String>(key())).as_deref() == Some(label) {
        ctx.data_mut(|d| d.remove::<String>(key()));
        response.request_focus();
        response.scroll_to_me(Some(egui::Align::Center));
    }
}
