//! The modal prompts of [`EditorApp`]: the recovery offer, the unsaved-changes dialog of
//! every way of discarding work (and what follows its answer), the resize question.

use eframe::egui;

use super::{Command, EditorApp};
use crate::editor::doc::Document;
use crate::editor::edit::Edit;
use crate::editor::quit::{Answer, Leaving};
use crate::editor::recovery::Choice;
use crate::editor::resize;
use crate::editor::watch::{self, DiskAnswer};

impl EditorApp {
    /// The recovery offer and the quit prompt, as modal windows.
    pub(super) fn prompts(&mut self, ctx: &egui::Context) {
        // A menu left open (Recent files) is never drawn over a dialog.
        if self.quit.asking() || self.watch.changed || self.resize_ask.is_some() {
            egui::Popup::close_all(ctx);
        }
        match self.autosave.ui(ctx) {
            Some(Choice::Recover(rec)) => {
                let name = rec.document.as_ref().map_or_else(
                    || "the new challenge".to_string(),
                    |p| p.display().to_string(),
                );
                self.autosave.mark_written(&rec.challenge);
                let rec = *rec;
                self.replace(recovered(rec.challenge, rec.document));
                self.say(format!(
                    "Recovered unsaved work for {name}: Save to keep it."
                ));
            }
            Some(Choice::Discard) => {
                self.say("Discarded the autosaved work.");
            }
            None => {}
        }
        self.unsaved_changes_dialog(ctx);
        self.disk_dialog(ctx);
        if let Some(q) = &self.resize_ask
            && let Some(yes) = resize::ui(ctx, q)
        {
            let (w, h) = q.size;
            self.resize_ask = None;
            if yes {
                self.apply(ctx, Command::Edit(Edit::Resize(w, h), Some("size".into())));
            }
            ctx.request_repaint();
        }
    }

    /// "Changed on disk": Reload from disk, or Keep mine.
    fn disk_dialog(&mut self, ctx: &egui::Context) {
        if !self.watch.changed || self.quit.asking() {
            return;
        }
        let Some(path) = self.watch.path().map(std::path::Path::to_path_buf) else {
            return;
        };
        let gone = self.watch.gone;
        if gone && !self.doc.dirty {
            // New or Open would have dropped it without a word: it exists nowhere else.
            self.doc.file_lost();
        }
        match watch::ui(ctx, &path, self.doc.dirty, gone) {
            Some(DiskAnswer::Reload) => {
                self.watch.changed = false;
                self.apply(ctx, Command::Reload(path));
            }
            Some(DiskAnswer::KeepMine) => {
                self.watch.keep_mine();
                self.say(if gone {
                    "Kept the challenge, unsaved: Save writes the file again."
                } else {
                    "Kept the version edited here: Save writes it over the file."
                });
            }
            None => {}
        }
    }

    /// The Save / Discard / Cancel dialog of every way of discarding work, and what follows
    /// the answer: the pending quit or replacement goes on once saved or discarded.
    fn unsaved_changes_dialog(&mut self, ctx: &egui::Context) {
        let own = self.doc.path.clone();
        let mut saved_to = None;
        let go_on = match self.quit.ui(ctx, own.as_deref(), &mut self.files.path_text) {
            Some(Answer::Save(p)) => {
                self.save(p.clone());
                if self.doc.dirty {
                    self.quit.error = self.said().map(str::to_string);
                }
                saved_to = Some(p);
                !self.doc.dirty
            }
            Some(Answer::Discard) => true,
            Some(Answer::Cancel) | None => false,
        };
        match self.quit.take_if(go_on) {
            Some(Leaving::Quit) => {
                // Nothing is offered back at the next start.
                self.autosave.stop();
                self.quit.quit(ctx);
            }
            Some(Leaving::Replace(mut r)) => {
                // Opening the file just saved (read before the save): it holds what was saved.
                if let (Some(saved), Some(open)) = (&saved_to, &r.doc.path)
                    && crate::editor::files::same_file(saved, open)
                {
                    r.doc = Document::new(self.doc.ch.clone(), Some(open.clone()));
                }
                self.autosave.clear();
                self.take_over(*r);
            }
            None => {}
        }
    }
}

/// The document of recovered work for `path`: the file's content, then the recovered
/// challenge as one edit, so that Undo goes back to the file; without a readable file, the
/// recovered challenge alone (modified, no history).
fn recovered(ch: crate::challenge::Challenge, path: Option<std::path::PathBuf>) -> Document {
    let on_disk = path.as_deref().and_then(|p| crate::challenge::load(p).ok());
    match on_disk {
        Some(file) => {
            let mut doc = Document::new(file, path);
            if doc.apply(Edit::Replace(Box::new(ch.clone())), None).is_ok() {
                doc
            } else {
                Document::recovered(ch, doc.path)
            }
        }
        None => Document::recovered(ch, path),
    }
}
