//! What [`EditorApp`] does with a [`Command`]: edits, undo and redo, new documents, opening,
//! saving and exporting; replacing the document asks first when that would discard unsaved
//! changes.

use std::path::{Path, PathBuf};

use eframe::egui;

use super::{Command, EditorApp};
use crate::challenge;
use crate::editor::doc::{self, Document};
use crate::editor::export::{ExportPanel, Exported};
use crate::editor::files::{FileCommand, same_file};
use crate::editor::play::PlayState;
use crate::editor::playtest::PlayTest;
use crate::editor::problems::Problems;
use crate::editor::quit::{Leaving, Replacement};
use crate::editor::tools::Tool;

impl EditorApp {
    /// Puts `doc` in place of the document, asking first when that would discard unsaved
    /// changes (`what` names the action in the dialog).
    pub(super) fn start_over(&mut self, what: String, doc: Document, message: String) {
        let r = Replacement { what, doc, message };
        if self.doc.dirty {
            self.quit.ask(Leaving::Replace(Box::new(r)));
        } else {
            self.take_over(r);
        }
    }

    /// Puts the replacement in place; a document with a file joins the recent files.
    pub(super) fn take_over(&mut self, r: Replacement) {
        let note = r.doc.path.as_ref().and_then(|p| self.recent.add(p).err());
        self.replace(r.doc);
        self.say(note.unwrap_or(r.message));
    }

    /// Carries out `cmd`. During a play-test nothing edits the document: an edit, undo or
    /// redo is refused with a word in the status line.
    pub(super) fn apply(&mut self, ctx: &egui::Context, cmd: Command) {
        let testing = self.tools.tool == Tool::PlayTest;
        match cmd {
            Command::Edit(..) | Command::Undo | Command::Redo if testing => {
                self.say("Play-testing: nothing edits the challenge; Stop play-test (Esc) first.");
            }
            Command::Edit(e, group) => match self.doc.apply(e, group) {
                Ok(()) => self.forget_older_words(),
                Err(m) => self.say(m),
            },
            Command::Exported(e) => self.exported(*e),
            // Said either way: the status line never keeps the words of what was undone.
            Command::Undo => {
                let undone = self.doc.undo();
                self.say(if undone {
                    "Undone: Redo brings it back."
                } else {
                    "Nothing to undo."
                });
            }
            Command::Redo => {
                let redone = self.doc.redo();
                self.say(if redone {
                    "Redone."
                } else {
                    "Nothing to redo."
                });
            }
            Command::New(game, start) => self.new_document(game, start),
            Command::Adopt(ch, message) => {
                self.start_over(NEW.into(), Document::new(*ch, None), message);
            }
            Command::Save => self.save_command(ctx),
            Command::File(f) => self.file_command(f),
            Command::Tool(t) => self.tools.tool = t,
            Command::PointAt(p) => self.point_at(ctx, &p),
            Command::Show(v) => self.verify.show(v),
            Command::Say(t) => self.say(t),
            Command::Reload(p) => self.reload(p),
        }
    }

    /// A new challenge of `game` from one of its New starts.
    fn new_document(&mut self, game: challenge::GameName, start: challenge::NewStart) {
        let ch = doc::template_for(game, (start.spec)(), start.id, start.title);
        let message = format!("New {} challenge.", game.authoring().title);
        self.start_over(NEW.into(), Document::new(ch, None), message);
    }

    /// Save: the document's own file; else a path typed for this document (the field is
    /// cleared when the document is replaced), with the overwrite check; else ask for one.
    fn save_command(&mut self, ctx: &egui::Context) {
        match self.doc.path.clone() {
            Some(p) => self.save(p),
            None if !self.files.path_text.trim().is_empty() => {
                match crate::editor::files::save_target(Path::new(self.files.path_text.trim())) {
                    Ok(p) => self.apply(ctx, Command::File(FileCommand::Save(p))),
                    Err(why) => self.say(why),
                }
            }
            None => {
                self.files.focus_field = true;
                self.files.message = None;
                self.say(
                    "This challenge has no file yet: type a path, then Save to path (or use \
                     Save As…).",
                );
            }
        }
    }

    fn file_command(&mut self, f: FileCommand) {
        match f {
            FileCommand::Save(p) => {
                let own = self.doc.path.as_deref().is_some_and(|d| same_file(d, &p));
                // Only a regular file is worth the question: anything else is refused by the
                // save itself, with its reason.
                if p.is_file() && !own {
                    self.files.message = None;
                    self.message = None;
                    self.files.confirm_overwrite = Some(p);
                } else {
                    self.save(p);
                }
            }
            FileCommand::SaveConfirmed(p) => self.save(p),
            FileCommand::Open(p) => self.open(p),
        }
    }

    /// Puts `doc` in place of the document, forgetting everything about the old one: its path
    /// in the File field, its messages, its prompts, its verification and export.
    pub(super) fn replace(&mut self, doc: Document) {
        self.files.path_text = doc
            .path
            .as_ref()
            .map(|p| p.display().to_string())
            .unwrap_or_default();
        self.files.message = None;
        self.files.confirm_overwrite = None;
        self.message = None;
        // Watched again from the next frame, with the content as now read.
        self.watch = crate::editor::watch::FileWatch::default();
        self.selection = crate::editor::selection::Selection::default();
        self.export = ExportPanel::default();
        self.doc = doc;
        self.play = PlayState::default();
        self.playtest = PlayTest::default();
        self.resize_ask = None;
        self.problems = Problems::default();
        // Revisions start again with a new document: an old report must not pass for its.
        self.verify.reset();
        self.suggest.reset();
        self.verify.show_stored(&self.doc);
    }

    /// Reads `path` again (it changed on disk) and puts it in place of the document, whose
    /// edits the user chose to drop; a file that cannot be read changes nothing.
    fn reload(&mut self, path: PathBuf) {
        match challenge::load(&path) {
            Ok(ch) => {
                self.replace(Document::new(ch, Some(path.clone())));
                self.say(format!("Reloaded {} from disk.", path.display()));
            }
            Err(e) => self.say(format!("Cannot reload: {e}")),
        }
    }

    /// Reads `path` and puts it in place of the document (asking first when that would
    /// discard unsaved changes); a file that cannot be read changes nothing.
    pub(super) fn open(&mut self, path: PathBuf) {
        // The rule Save follows: a path without an extension means its `.ron` file.
        let path = crate::editor::files::open_target(&path);
        match challenge::load(&path) {
            Ok(ch) => {
                let message = format!("Opened {}", path.display());
                let what = format!("Open {}", path.display());
                self.start_over(what, Document::new(ch, Some(path)), message);
            }
            Err(e) => {
                self.files.message = None;
                self.say(format!("Cannot open: {e}"));
                if !path.exists() && self.recent.list.contains(&path) {
                    let _ = self.recent.remove(&path);
                }
            }
        }
    }

    pub(super) fn save(&mut self, path: PathBuf) {
        // Another program changed the file since it was read: never overwritten unasked.
        let own = self.watch.path().is_some_and(|w| same_file(w, &path));
        if own && self.watch.differs() {
            self.watch.changed = true;
            self.say(format!(
                "Not saved: {} changed on disk since it was read. Reload it, or Keep mine and \
                 Save again to write over it.",
                path.display()
            ));
            return;
        }
        match challenge::save(&self.doc.ch, &path) {
            Ok(()) => {
                let note = if self.problems.list.is_empty() {
                    String::new()
                } else {
                    format!(
                        " (with {} problem(s) still to fix)",
                        self.problems.list.len()
                    )
                };
                self.say(format!("Saved {}{note}", path.display()));
                self.files.message = None;
                self.files.confirm_overwrite = None;
                self.files.path_text = path.display().to_string();
                if let Err(e) = self.recent.add(&path) {
                    self.say(e);
                }
                self.doc.saved(path);
                if own {
                    self.watch.mark_known();
                }
                self.autosave.clear();
            }
            Err(e) => self.say(format!("Cannot save: {e}")),
        }
    }

    /// After an export: the file joins the recent files; when it is the document's own file
    /// (or the document had none), the document holds the exported content, saved.
    pub(super) fn exported(&mut self, e: Exported) {
        // The tab's words in the status line too: it never keeps an older message.
        if let Some(m) = self.export.message.clone() {
            self.say(m);
        }
        if let Err(m) = self.recent.add(&e.path) {
            self.say(m);
        }
        let own = self
            .doc
            .path
            .as_deref()
            .is_none_or(|p| same_file(p, &e.path));
        if own && crate::editor::stored::same_content(&e.ch, &self.doc.ch) {
            let before = self.doc.ch.clone();
            let watched = self.watch.path().is_some_and(|w| same_file(w, &e.path));
            self.doc.exported(e.ch, e.path);
            if watched {
                self.watch.mark_known();
            }
            self.verify.rebind(&before, &self.doc.ch);
            if let Some(p) = &self.doc.path {
                self.files.path_text = p.display().to_string();
            }
            self.autosave.clear();
        }
    }
}

/// The dialog's words for a New button.
const NEW: &str = "Start a new challenge";
