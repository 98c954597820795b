//! Every way of discarding unsaved work (New, Open, a recent file, quitting) asks first in one
//! dialog: **Save** / **Discard** / **Cancel**. The window's close request is cancelled while
//! the dialog is up. Save writes the document's own file; a document without one asks for a
//! path in the dialog itself (a typed path, with a warning when it names an existing file), so
//! no native dialog ever blocks the frame.

use std::path::{Path, PathBuf};

use eframe::egui;

use super::doc::Document;
use super::files::{same_file, save_target};

/// The dialog's width: the same for a document with a file and one without.
const DIALOG_WIDTH: f32 = 460.0;

/// A document that is to take the current one's place once the user agreed.
pub struct Replacement {
    /// What the user asked for, in words ("Open a.ron", "Start a new challenge").
    pub what: String,
    /// The new document.
    pub doc: Document,
    /// The status message once it is in place.
    pub message: String,
}

/// What would discard the unsaved work.
pub enum Leaving {
    /// Closing the window.
    Quit,
    /// Putting another document in place of this one.
    Replace(Box<Replacement>),
}

impl Leaving {
    fn what(&self) -> &str {
        match self {
            Leaving::Quit => "Quit",
            Leaving::Replace(r) => &r.what,
        }
    }

    /// The file of the document that is to take this one's place, if any.
    fn opening(&self) -> Option<&Path> {
        match self {
            Leaving::Quit => None,
            Leaving::Replace(r) => r.doc.path.as_deref(),
        }
    }
}

/// What the user answered in the dialog.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Answer {
    /// Save to this file, then go on (the document's own file, or the typed path).
    Save(PathBuf),
    /// Go on, losing the changes.
    Discard,
    /// Keep editing; nothing happens.
    Cancel,
}

/// The guard: a pending way of leaving the document and the close-request state.
#[derive(Default)]
pub struct QuitGuard {
    /// What waits for the user's answer (the dialog shows while it is set).
    pub pending: Option<Leaving>,
    /// The next close request goes through (the user chose to quit).
    pub allowed: bool,
    /// Why the last Save from the dialog failed (shown in the dialog).
    pub error: Option<String>,
    /// The dialog's path field is to take the keyboard focus at the next frame.
    focus_path: bool,
}

impl QuitGuard {
    /// Whether the dialog is showing.
    #[must_use]
    pub fn asking(&self) -> bool {
        self.pending.is_some()
    }

    /// Opens the dialog for `leaving` (in place of one already open).
    pub fn ask(&mut self, leaving: Leaving) {
        self.pending = Some(leaving);
        self.error = None;
        self.focus_path = true;
    }

    /// Checks this frame's input for a close request; cancels it and opens the dialog when
    /// there are unsaved changes.
    pub fn intercept(&mut self, ctx: &egui::Context, dirty: bool) {
        if !ctx.input(|i| i.viewport().close_requested()) || self.allowed {
            return;
        }
        if dirty {
            ctx.send_viewport_cmd(egui::ViewportCommand::CancelClose);
            self.ask(Leaving::Quit);
        }
    }

    /// Lets the window close, now.
    pub fn quit(&mut self, ctx: &egui::Context) {
        self.pending = None;
        self.allowed = true;
        ctx.send_viewport_cmd(egui::ViewportCommand::Close);
    }

    /// The dialog, while something is pending. `own` is the document's file; without one the
    /// dialog asks for a path in `save_to` (the top bar's typed path, shared). Escape or a
    /// click outside is Cancel. On Cancel the pending action is dropped; on Save or Discard it
    /// stays for the caller to [`QuitGuard::take_if`] once the save worked.
    pub fn ui(
        &mut self,
        ctx: &egui::Context,
        own: Option<&Path>,
        save_to: &mut String,
    ) -> Option<Answer> {
        let pending = self.pending.as_ref()?;
        let what = pending.what().to_string();
        let opening = pending.opening().map(Path::to_path_buf);
        // As the dialog opens, the shared field holds the path just typed for Open path:
        // offered as where to save the work, it was refused at once. It starts empty then.
        if own.is_none()
            && self.focus_path
            && let (Some(t), Some(o)) = (self.typed_target(save_to), &opening)
            && same_file(&t, o)
        {
            save_to.clear();
        }
        let mut answer = None;
        let id = egui::Id::unique("unsaved changes dialog");
        // A dialog in the accessibility tree: its buttons are found inside it.
        // Its top at a fixed place, not its centre: it is as tall as what it says (no empty
        // area below a titled document's one line), and what follows the buttons (the path
        // field, a warning, an error) grows it downwards without moving them.
        let top = ctx.content_rect().height() * 0.3;
        let area = egui::Modal::default_area(id)
            .role(egui::accesskit::Role::Dialog)
            .anchor(egui::Align2::CENTER_TOP, [0.0, top]);
        let modal = egui::Modal::new(id).area(area).show(ctx, |ui| {
            // One width and one order for every document, titled or not: the buttons come
            // right after the question, at the same place, whatever follows them.
            ui.set_width(DIALOG_WIDTH);
            ui.heading("Unsaved changes");
            ui.label(format!(
                "The challenge has changes that are not saved. {what}: save them first?"
            ));
            // A document without a file never saves over the file being opened (its path is
            // what the shared field holds after Open path): that would lose the file.
            let typed = self.typed_target(save_to);
            let over_opening = typed
                .as_ref()
                .zip(opening.as_ref())
                .is_some_and(|(t, o)| same_file(t, o));
            let target = match own {
                Some(p) => Some(p.to_path_buf()),
                None => typed.filter(|_| !over_opening),
            };
            self.buttons(ui, &what, target.as_ref(), &mut answer);
            match own {
                Some(p) => {
                    ui.weak(format!("Save writes {}.", p.display()));
                }
                None => self.path_field(ui, save_to, target.as_ref(), &mut answer),
            }
            if own.is_none() && over_opening {
                ui.colored_label(
                    ui.visuals().warn_fg_color,
                    "That is the file being opened: type another path to save this challenge.",
                );
            }
            if let Some(e) = &self.error {
                ui.colored_label(ui.visuals().error_fg_color, e);
            }
        });
        if answer.is_none() && modal.should_close() {
            answer = Some(Answer::Cancel);
        }
        if answer == Some(Answer::Cancel) {
            self.pending = None;
        }
        answer
    }

    /// Save, Discard and Cancel, in one row.
    fn buttons(
        &self,
        ui: &mut egui::Ui,
        what: &str,
        target: Option<&PathBuf>,
        answer: &mut Option<Answer>,
    ) {
        ui.horizontal(|ui| {
            let save = ui
                .add_enabled(target.is_some(), egui::Button::new("Save"))
                .on_hover_text(format!("Save, then {}", what.to_lowercase()))
                .on_disabled_hover_text("Type a path in \"Save to\" first.");
            if save.clicked()
                && let Some(t) = target
            {
                *answer = Some(Answer::Save(t.clone()));
            }
            if ui
                .button("Discard")
                .on_hover_text(format!("{what} without saving: the changes are lost."))
                .clicked()
            {
                *answer = Some(Answer::Discard);
            }
            if ui.button("Cancel").on_hover_text("Keep editing.").clicked() {
                *answer = Some(Answer::Cancel);
            }
        });
    }

    /// Where a document without a file saves: the typed path (`.ron` added when it has no
    /// extension), when it names a file.
    fn typed_target(&self, save_to: &str) -> Option<PathBuf> {
        let typed = save_to.trim();
        (!typed.is_empty())
            .then(|| save_target(Path::new(typed)).ok())
            .flatten()
    }

    /// The "Save to" field of a document without a file, with a warning when the path is no
    /// file or exists; Enter saves.
    fn path_field(
        &mut self,
        ui: &mut egui::Ui,
        save_to: &mut String,
        target: Option<&PathBuf>,
        answer: &mut Option<Answer>,
    ) {
        ui.label("This challenge has no file yet: type where to save it.");
        let edit = ui
            .horizontal(|ui| {
                let label = ui.label("Save to");
                ui.add(
                    egui::TextEdit::singleline(save_to)
                        .desired_width(300.0)
                        .hint_text("path/to/challenge.ron"),
                )
                .labelled_by(label.id)
            })
            .inner;
        // Asked until it holds (the dialog's first frame only measures it).
        if edit.has_focus() {
            self.focus_path = false;
        } else if self.focus_path {
            edit.request_focus();
        }
        let typed = save_to.trim();
        if let Some(Err(why)) = (!typed.is_empty()).then(|| save_target(Path::new(typed))) {
            ui.colored_label(ui.visuals().warn_fg_color, why);
        }
        if let Some(t) = target {
            if t.exists() {
                ui.colored_label(
                    ui.visuals().warn_fg_color,
                    format!("{} exists: Save overwrites it.", t.display()),
                );
            }
            if edit.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter)) {
                *answer = Some(Answer::Save(t.clone()));
            }
        }
    }

    /// Takes the pending action when `go_on` (the user saved or discarded); else leaves it.
    pub fn take_if(&mut self, go_on: bool) -> Option<Leaving> {
        if !go_on {
            return None;
        }
        self.error = None;
        self.pending.take()
    }
}
