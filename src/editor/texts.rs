//! The challenge's id and its texts (title, tutorial, hint) in English and French.

use eframe::egui;

use super::edit::{Edit, TextField};
use super::focus;
use crate::challenge::Challenge;

/// The languages edited, with their labels.
const LANGUAGES: [(&str, &str); 2] = [("en", "English"), ("fr", "French")];

/// Draws the text fields and returns the edits asked for.
pub fn ui(ui: &mut egui::Ui, ch: &Challenge) -> Vec<Edit> {
    let mut edits = Vec::new();
    ui.horizontal(|ui| {
        let l = ui.label("Id");
        let mut id = ch.id.clone();
        let r = ui
            .add(egui::TextEdit::singleline(&mut id).desired_width(200.0))
            .labelled_by(l.id);
        focus::take(&r, "Id");
        if r.changed() {
            edits.push(Edit::Id(id));
        }
    });
    for field in TextField::ALL {
        let texts = match field {
            TextField::Title => &ch.title,
            TextField::Tutorial => &ch.tutorial,
            TextField::Hint => &ch.hint,
        };
        for (lang, name) in LANGUAGES {
            let name = format!("{} ({name})", field.label());
            let label = ui.label(&name);
            let mut text = texts.get(lang).cloned().unwrap_or_default();
            let edit = if field == TextField::Title {
                egui::TextEdit::singleline(&mut text)
            } else {
                egui::TextEdit::multiline(&mut text).desired_rows(2)
            };
            let r = ui
                .add(edit.desired_width(f32::INFINITY))
                .labelled_by(label.id);
            focus::take(&r, &name);
            // A template's placeholder is selected on focus: typing replaces it.
            if r.gained_focus()
                && super::doc::is_placeholder(&text)
                && let Some(mut state) = egui::text_edit::TextEditState::load(ui.ctx(), r.id)
            {
                let all = egui::text::CCursorRange::select_all_str(&text);
                state.cursor.set_char_range(Some(all));
                state.store(ui.ctx(), r.id);
            }
            if r.changed() {
                edits.push(Edit::Text(field, lang, text));
            }
        }
    }
    edits
}
