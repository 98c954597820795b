//! The challenge's id and its texts (title, tutorial, hint) in English and French. The id
//! follows the English title ([`slug`]) while it is a template's or the title's own slug, so
//! that a new challenge never keeps `new-challenge` unnoticed.

use eframe::egui;

use super::edit::{Edit, TextField};
use super::focus;
use crate::challenge::Challenge;

/// The languages edited, with their labels.
const LANGUAGES: [(&str, &str); 2] = [("en", "English"), ("fr", "French")];

/// `title` as an id: lower-case letters and digits, words joined by `-` (`Over the hill` is
/// `over-the-hill`); `None` when nothing is left.
#[must_use]
pub fn slug(title: &str) -> Option<String> {
    let mut out = String::new();
    for c in title.chars().flat_map(char::to_lowercase) {
        if c.is_ascii_alphanumeric() {
            out.push(c);
        } else if !out.is_empty() && !out.ends_with('-') {
            out.push('-');
        }
    }
    let out = out.trim_end_matches('-').to_string();
    (!out.is_empty()).then_some(out)
}

/// Draws the text fields and returns the edits asked for, each with its undo group.
pub fn ui(ui: &mut egui::Ui, ch: &Challenge) -> Vec<(Edit, Option<String>)> {
    let edits = fields(ui, ch);
    let mut out = Vec::new();
    for e in edits {
        let group = e.group();
        // The id follows the English title while it is a template's or the old title's slug.
        if let Edit::Text(TextField::Title, "en", new) = &e {
            let old = ch.title.get("en").and_then(|t| slug(t));
            let follows =
                crate::challenge::is_placeholder_id(&ch.id) || old.as_deref() == Some(&ch.id);
            if let Some(id) = slug(new).filter(|id| follows && *id != ch.id) {
                out.push((e, group.clone()));
                out.push((Edit::Id(id), group));
                continue;
            }
        }
        out.push((e, group));
    }
    out
}

/// The fields themselves.
fn fields(ui: &mut egui::Ui, ch: &Challenge) -> Vec<Edit> {
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
