//! The editor application: lays out the panels, collects what they ask for as [`Command`]s
//! and applies them after drawing.
//!
//! [`EditorApp::show`] draws one frame into any [`egui::Ui`], so the whole editor runs without
//! a window too (the `tests/editor_*.rs` drive it with `egui_kittest`).

use std::path::{Path, PathBuf};
use std::time::Duration;

use eframe::egui;

use super::canvas::Canvas;
use super::cursor::{Cursor, CursorKeys};
use super::doc::{self, Document};
use super::edit::Edit;
use super::export::{ExportPanel, Exported};
use super::files::{FileCommand, FilesPanel};
use super::play::PlayState;
use super::playtest::{PlayTest, Request};
use super::problems::{Clicked, Problems};
use super::quit::{Answer, Leaving, QuitGuard, Replacement};
use super::recent::Recent;
use super::recovery::{Autosave, Choice};
use super::resize::{self, ResizeQuestion};
use super::shortcuts::{self, Action};
use super::suggest::SuggestPanel;
use super::tools::{self, Tool, Tools};
use super::verify::VerifyPanel;

mod keys;
mod view;
use super::fields::Change;
use super::{fields, spec_edit, status, texts, topbar};
use crate::challenge::{self, Challenge};
use crate::games::board::Square;
use crate::games::pawn_peak::Position;
use crate::verify::VerifyReport;

/// Something the user asked for, applied after the frame is drawn.
#[derive(Debug)]
pub enum Command {
    /// Change the document; the string groups edits into one undo step.
    Edit(Edit, Option<String>),
    /// Open or save a file.
    File(FileCommand),
    /// Save to the document's own file (or ask for one).
    Save,
    /// Start a new challenge: the standard template (D-3) when true, else a small blank board.
    New(bool),
    /// Start a new challenge of another game than Pawn&Peak on its standard start.
    NewGame(challenge::GameName),
    /// The Export panel wrote this file.
    Exported(Box<Exported>),
    /// Undo the last edit.
    Undo,
    /// Redo the last undone edit.
    Redo,
}

/// The editor's whole state.
pub struct EditorApp {
    doc: Document,
    tools: Tools,
    play: PlayState,
    playtest: PlayTest,
    recent: Recent,
    /// Tiles a clicked problem points at, and the document revision they were found for.
    highlight: (Vec<Square>, u64),
    problems: Problems,
    verify: VerifyPanel,
    suggest: SuggestPanel,
    export: ExportPanel,
    files: FilesPanel,
    autosave: Autosave,
    quit: QuitGuard,
    /// The last status message.
    message: Option<String>,
    /// Close the window at this time (seconds since start), for smoke runs.
    close_at: Option<f64>,
    /// The tile under the pointer, in words (`c4 · height 2 · empty`), as last drawn.
    hovered: Option<String>,
    canvas: Canvas,
    /// A resize that would remove pieces, asked about first: the size and the pieces.
    resize_ask: Option<ResizeQuestion>,
    /// The keyboard cursor on the board, and what its keys asked this frame.
    cursor: (Cursor, CursorKeys),
    title: String,
    /// Shortcuts pressed while a field was being typed in: the field was told to commit what
    /// it holds (it loses the focus), and they run on the next frame, on the committed value.
    deferred: Vec<Action>,
}

impl EditorApp {
    /// An editor on `doc`, closing itself after `close_after` seconds when given. Autosave is
    /// off until [`EditorApp::with_recovery_file`].
    #[must_use]
    pub fn new(doc: Document, close_after: Option<f32>, message: Option<String>) -> EditorApp {
        let mut files = FilesPanel::default();
        if let Some(p) = &doc.path {
            files.path_text = p.display().to_string();
        }
        let mut verify = VerifyPanel::default();
        verify.show_stored(&doc);
        EditorApp {
            doc,
            tools: Tools::default(),
            play: PlayState::default(),
            playtest: PlayTest::default(),
            recent: Recent::default(),
            highlight: (Vec::new(), 0),
            problems: Problems::default(),
            verify,
            suggest: SuggestPanel::default(),
            export: ExportPanel::default(),
            files,
            autosave: Autosave::new(None).0,
            quit: QuitGuard::default(),
            message,
            close_at: close_after.map(f64::from),
            hovered: None,
            canvas: Canvas::default(),
            resize_ask: None,
            cursor: Default::default(),
            title: String::new(),
            deferred: Vec::new(),
        }
    }

    /// An editor on `ch`, as read from `path` (unmodified).
    #[must_use]
    pub fn with_challenge(ch: Challenge, path: Option<PathBuf>) -> EditorApp {
        EditorApp::new(Document::new(ch, path), None, None)
    }

    /// An editor on the file at `path`, as `peakforge edit PATH` opens it: a path that does
    /// not exist yet starts a new challenge that Save writes there.
    ///
    /// # Errors
    /// When the file exists but cannot be read as a challenge.
    pub fn from_file(path: &Path) -> anyhow::Result<EditorApp> {
        let (doc, message) = super::initial_document(Some(path.to_path_buf()))?;
        Ok(EditorApp::new(doc, None, message))
    }

    /// Autosaves to `path` (off when `None`), and offers back the unsaved work found there
    /// when it is newer than its document.
    #[must_use]
    pub fn with_recovery_file(mut self, path: Option<PathBuf>) -> EditorApp {
        let (autosave, message) = Autosave::new(path);
        self.autosave = autosave;
        if message.is_some() {
            self.message = message;
        }
        self
    }

    /// Keeps the recent-files list in `path` (read now; `None`: for this session only); the
    /// document's own file goes first.
    #[must_use]
    pub fn with_recent_file(mut self, path: Option<PathBuf>) -> EditorApp {
        let (recent, message) = Recent::load(path);
        self.recent = recent;
        // The file the editor starts on counts as opened.
        let note = match &self.doc.path {
            Some(p) if p.is_file() => self.recent.add(p).err(),
            _ => None,
        };
        if let Some(m) = message.or(note) {
            self.message = Some(m);
        }
        self
    }

    /// The recent files, newest first.
    #[must_use]
    pub fn recent_files(&self) -> &[PathBuf] {
        &self.recent.list
    }

    /// The tiles a clicked problem points at (empty when none, or once the document changed).
    #[must_use]
    pub fn highlighted(&self) -> &[Square] {
        if self.highlight.1 == self.doc.revision {
            &self.highlight.0
        } else {
            &[]
        }
    }

    /// The solver finding shown on the board: its caption and its arrows' moves.
    #[must_use]
    pub fn finding_shown(&self) -> Option<(String, Vec<String>)> {
        let shown = self.verify.shown()?;
        let moves = shown.arrows.into_iter().map(|a| a.text).collect();
        Some((shown.caption, moves))
    }

    /// The play-test game.
    #[must_use]
    pub fn play_test(&self) -> &PlayTest {
        &self.playtest
    }

    /// Autosaves once the document has stayed unchanged for `after` instead of
    /// [`super::recovery::AUTOSAVE_AFTER`] (zero: at the first frame after each change).
    #[must_use]
    pub fn with_autosave_after(mut self, after: Duration) -> EditorApp {
        self.autosave.after = after;
        self
    }

    /// The document being edited.
    #[must_use]
    pub fn document(&self) -> &Document {
        &self.doc
    }

    /// The last status message.
    #[must_use]
    pub fn message(&self) -> Option<&str> {
        self.files.message.as_deref().or(self.message.as_deref())
    }

    /// The current tool.
    #[must_use]
    pub fn tool(&self) -> Tool {
        self.tools.tool
    }

    /// The current tool with its chosen height and brush size.
    #[must_use]
    pub fn tools(&self) -> Tools {
        self.tools
    }

    /// The repairs of the last Suggest, best first, when they were found for the document as
    /// it is now.
    #[must_use]
    pub fn repairs(&self) -> Option<&[crate::suggest::Suggestion]> {
        self.suggest.repairs_for(&self.doc.ch)
    }

    /// Whether Suggest is searching.
    #[must_use]
    pub fn suggesting(&self) -> bool {
        self.suggest.running()
    }

    /// Whether the proof browser is searching its tree.
    #[must_use]
    pub fn proof_searching(&self) -> bool {
        self.verify.browsing_search()
    }

    /// The last verification report and the challenge content it was made for.
    #[must_use]
    pub fn verify_report(&self) -> Option<(&VerifyReport, &Challenge)> {
        self.verify.report()
    }

    /// Whether the window may close now (no unsaved changes, or the user chose to quit).
    #[must_use]
    pub fn may_close(&self) -> bool {
        self.quit.allowed || !self.doc.dirty
    }

    /// Draws one frame of the whole editor and applies what the user asked for.
    pub fn show(&mut self, ui: &mut egui::Ui) {
        let ctx = ui.ctx().clone();
        if let Some(at) = self.close_at {
            let now = ctx.input(|i| i.time);
            if now >= at {
                self.quit.quit(&ctx);
            } else {
                ctx.request_repaint_after(Duration::from_secs_f64(at - now));
            }
        }
        self.quit.intercept(&ctx, self.doc.dirty);
        let mut out = Vec::new();
        // While a modal dialog is up (the resize question, unsaved changes, overwrite, the
        // recovery offer), it has the keys: none acts on the document behind it.
        let modal = !ctx.memory(|m| m.is_above_modal_layer(egui::LayerId::background()));
        if self.resize_ask.is_none() && !modal {
            self.shortcuts(&ctx, &mut out);
        }
        let (w, h) = (self.doc.ch.position.width, self.doc.ch.position.height);
        self.cursor.1 = self.cursor.0.keys(&ctx, w, h);
        self.verify.poll(&ctx);
        self.verify.follow(&self.doc);
        self.suggest.poll(&ctx);
        self.playtest.poll(&ctx);
        if self.tools.tool == Tool::PlayTest {
            self.playtest.sync(&self.doc);
        }
        if let Some(cmd) = self.files.poll() {
            out.push(Command::File(cmd));
        }
        self.tools.fit(self.doc.ch.game);
        self.play.refresh(&self.doc);
        self.problems.refresh(&self.doc);
        self.update_title(&ctx);

        egui::Panel::top("files").show(ui, |ui| {
            topbar::ui(
                ui,
                &self.doc,
                &mut self.files,
                &self.recent.list,
                self.message.as_deref(),
                &mut out,
            );
        });
        let hover = self.hovered.clone();
        egui::Panel::bottom("status").show(ui, |ui| status::ui(ui, &self.doc, hover));
        egui::Panel::left("tools")
            .resizable(true)
            .default_size(250.0)
            .show(ui, |ui| self.left_panel(ui, &mut out));
        egui::Panel::right("details")
            .resizable(true)
            .default_size(330.0)
            .show(ui, |ui| self.right_panel(ui, &mut out));
        egui::CentralPanel::default().show(ui, |ui| self.board(ui, &mut out));

        // A number field's refusal is the status message (a fixed row: nothing moves); a
        // field that then takes a value clears its own refusal.
        for (label, posted) in fields::take_posted(&ctx) {
            match posted {
                Some(why) => self.message = Some(why),
                None => {
                    if self
                        .message
                        .as_deref()
                        .is_some_and(|m| m.starts_with(&format!("{label}: ")))
                    {
                        self.message = None;
                    }
                }
            }
        }
        if !out.is_empty() {
            for cmd in out {
                self.apply(cmd);
            }
            ctx.request_repaint();
        }
        self.prompts(&ctx);
        if let Some(e) = self.autosave.tick(&ctx, &self.doc) {
            self.message = Some(e);
        }
    }

    fn shortcuts(&mut self, ctx: &egui::Context, out: &mut Vec<Command>) {
        let terrain = self.doc.ch.game.authoring().terrain;
        let editing = self.tools.tool.edits();
        let testing = self.tools.tool == Tool::PlayTest;
        let mut pressed = std::mem::take(&mut self.deferred);
        let now = shortcuts::pressed(ctx);
        if ctx.egui_wants_keyboard_input() && !now.is_empty() {
            // A value typed but not committed (no Enter yet) is what the user sees: Save,
            // Verify, Export and Play take the focus from the field, which commits it (or
            // refuses it) this frame, and run on the next.
            ctx.memory_mut(|m| m.stop_text_input());
            self.deferred = now;
            ctx.request_repaint();
        } else {
            pressed.extend(now);
        }
        for action in pressed {
            match action {
                // The terrain keys do nothing in a game without terrain.
                Action::Tool(t) if t.paints() && !terrain => {}
                Action::Height(_) | Action::BrushSize(_) if !terrain => {}
                // Each mode has its own tools: the board tools' keys only edit the board,
                // and only Stop play-test (or Esc) leaves a play-test.
                Action::Tool(_)
                | Action::Height(_)
                | Action::BrushSize(_)
                | Action::Flatten
                | Action::NextPiece
                    if !editing =>
                {
                    self.message = Some(if testing {
                        "Play-testing: Stop play-test (Esc) first to edit the board.".into()
                    } else {
                        "Recording the line: Edit board (Ctrl+P) first to edit the board.".into()
                    });
                }
                Action::TogglePlay if testing => {
                    self.message = Some("Play-testing: Stop play-test (Esc) first.".into());
                }
                Action::StopTest if testing => self.tools.tool = Tool::default(),
                Action::StopTest => {}
                Action::NextPiece => self.tools.next_piece(self.doc.ch.game),
                Action::Export => self.export_now(),
                Action::Undo => out.push(Command::Undo),
                Action::Redo => out.push(Command::Redo),
                Action::Save => out.push(Command::Save),
                Action::Verify => self.verify.start(ctx, &self.doc),
                Action::TogglePlay => {
                    self.tools.tool = if self.tools.tool == Tool::Play {
                        Tool::default()
                    } else {
                        Tool::Play
                    };
                }
                Action::Tool(t) => self.tools.tool = t,
                Action::Height(h) => self.tools.choose_height(h),
                Action::BrushSize(d) => self.tools.grow(d),
                Action::Flatten => self.flatten(out),
            }
        }
    }

    /// The recovery offer and the quit prompt, as modal windows.
    fn prompts(&mut self, ctx: &egui::Context) {
        match self.autosave.ui(ctx) {
            Some(Choice::Recover(rec)) => {
                let name = rec.document.as_ref().map_or_else(
                    || "the new challenge".to_string(),
                    |p| p.display().to_string(),
                );
                self.autosave.mark_written(&rec.challenge);
                let rec = *rec;
                self.replace(Document::recovered(rec.challenge, rec.document));
                self.message = Some(format!(
                    "Recovered unsaved work for {name}: Save to keep it."
                ));
            }
            Some(Choice::Discard) => {
                self.message = Some("Discarded the autosaved work.".into());
            }
            None => {}
        }
        self.unsaved_changes_dialog(ctx);
        if let Some(q) = &self.resize_ask
            && let Some(yes) = resize::ui(ctx, q)
        {
            let (w, h) = q.size;
            self.resize_ask = None;
            if yes {
                self.apply(Command::Edit(Edit::Resize(w, h), Some("size".into())));
            }
            ctx.request_repaint();
        }
    }

    /// The Save / Discard / Cancel dialog of every way of discarding work, and what follows
    /// the answer: the pending quit or replacement goes on once saved or discarded.
    fn unsaved_changes_dialog(&mut self, ctx: &egui::Context) {
        let own = self.doc.path.clone();
        let go_on = match self.quit.ui(ctx, own.as_deref(), &mut self.files.path_text) {
            Some(Answer::Save(p)) => {
                self.save(p);
                if self.doc.dirty {
                    self.quit.error = self.message.clone();
                }
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
            Some(Leaving::Replace(r)) => {
                self.autosave.clear();
                self.take_over(*r);
            }
            None => {}
        }
    }

    /// Puts `doc` in place of the document, asking first when that would discard unsaved
    /// changes (`what` names the action in the dialog).
    fn start_over(&mut self, what: String, doc: Document, message: String) {
        let r = Replacement { what, doc, message };
        if self.doc.dirty {
            self.quit.ask(Leaving::Replace(Box::new(r)));
        } else {
            self.take_over(r);
        }
    }

    /// Puts the replacement in place; a document with a file joins the recent files.
    fn take_over(&mut self, r: Replacement) {
        let note = r.doc.path.as_ref().and_then(|p| self.recent.add(p).err());
        self.replace(r.doc);
        self.message = Some(note.unwrap_or(r.message));
    }

    fn left_panel(&mut self, ui: &mut egui::Ui, out: &mut Vec<Command>) {
        egui::ScrollArea::vertical().id_salt("left").show(ui, |ui| {
            ui.heading("Tools");
            if tools::ui(ui, &mut self.tools, self.doc.ch.game) {
                self.flatten(out);
            }
            ui.separator();
            ui.heading("Position");
            for change in fields::ui(ui, &self.doc.ch) {
                match change {
                    Change::Edit(e, g) => out.push(Command::Edit(e, g)),
                    Change::Resize(w, h) => {
                        let lost = spec_edit::dropped_by_resize(&self.doc.ch.position, w, h);
                        if lost.is_empty() {
                            self.resize_ask = None;
                            out.push(Command::Edit(Edit::Resize(w, h), Some("size".into())));
                        } else {
                            self.resize_ask = Some(ResizeQuestion {
                                size: (w, h),
                                lost,
                                asked_in_frame: ui.ctx().cumulative_frame_nr(),
                            });
                        }
                    }
                }
            }
        });
    }

    fn right_panel(&mut self, ui: &mut egui::Ui, out: &mut Vec<Command>) {
        egui::ScrollArea::vertical()
            .id_salt("right")
            .show(ui, |ui| {
                egui::CollapsingHeader::new("Intended line")
                    .default_open(true)
                    .show(ui, |ui| {
                        let mut playing = self.tools.tool == Tool::Play;
                        let valid = self.problems.list.is_empty();
                        for e in self.play.ui(ui, &self.doc, valid, &mut playing) {
                            out.push(Command::Edit(e, None));
                        }
                        if playing {
                            self.tools.tool = Tool::Play;
                        }
                    });
                egui::CollapsingHeader::new("Verification")
                    .default_open(true)
                    .show(ui, |ui| {
                        self.verify.ui(ui, &self.doc);
                        let limits = self.verify.limits();
                        let report = self.verify.report();
                        if let Some(e) = self.suggest.ui(ui, &self.doc, report, limits) {
                            out.push(Command::Edit(e, None));
                        }
                    });
                egui::CollapsingHeader::new("Play-test game")
                    .default_open(true)
                    .show(ui, |ui| {
                        let active = self.tools.tool == Tool::PlayTest;
                        let ctx = ui.ctx().clone();
                        match self.playtest.ui(ui, &ctx, active) {
                            Some(Request::Start) => self.tools.tool = Tool::PlayTest,
                            Some(Request::Stop) => self.tools.tool = Tool::default(),
                            None => {}
                        }
                    });
                egui::CollapsingHeader::new("Export a verified file")
                    .default_open(true)
                    .show(ui, |ui| {
                        let running = self.verify.running();
                        let report = self.verify.report();
                        if let Some(e) = self.export.ui(ui, &self.doc, report, running) {
                            out.push(Command::Exported(Box::new(e)));
                        }
                    });
                let found = self.verify.problems(&self.doc);
                let n = self.problems.count(&found);
                egui::CollapsingHeader::new(format!("Problems ({n})"))
                    .id_salt("problems")
                    .default_open(true)
                    .show(ui, |ui| match self.problems.ui(ui, &found) {
                        Some(Clicked::Field(p)) => self.point_at(ui.ctx(), &p),
                        Some(Clicked::Show(v)) => self.verify.show(v),
                        Some(Clicked::Note(t)) => self.message = Some(t),
                        None => {}
                    });
                egui::CollapsingHeader::new("Texts")
                    .default_open(true)
                    .show(ui, |ui| {
                        for e in texts::ui(ui, &self.doc.ch) {
                            let g = e.group();
                            out.push(Command::Edit(e, g));
                        }
                    });
            });
    }

    fn apply(&mut self, cmd: Command) {
        match cmd {
            Command::Edit(e, group) => {
                if let Err(m) = self.doc.apply(e, group) {
                    self.message = Some(m);
                }
            }
            Command::Exported(e) => self.exported(*e),
            Command::Undo => {
                if !self.doc.undo() {
                    self.message = Some("Nothing to undo.".into());
                }
            }
            Command::Redo => {
                if !self.doc.redo() {
                    self.message = Some("Nothing to redo.".into());
                }
            }
            Command::New(standard) => {
                let (pos, id, title) = if standard {
                    (
                        Position::standard(),
                        challenge::STANDARD_ID,
                        "Standard match",
                    )
                } else {
                    (doc::blank_position(), challenge::NEW_ID, "New challenge")
                };
                let doc = Document::new(doc::template(&pos, id, title), None);
                self.start_over(NEW.into(), doc, "New challenge.".into());
            }
            Command::NewGame(game) => {
                let name = game.as_str();
                let mut chars = name.chars();
                let title = chars.next().map_or_else(String::new, |c| {
                    c.to_uppercase().chain(chars).collect::<String>()
                });
                let ch = doc::template_for(
                    game,
                    game.standard_spec(),
                    name,
                    &format!("{title} challenge"),
                );
                let message = format!("New {name} challenge.");
                self.start_over(NEW.into(), Document::new(ch, None), message);
            }
            // The document's own file; else a path typed for this document (the field is
            // cleared when the document is replaced), with the overwrite check; else ask.
            Command::Save => match self.doc.path.clone() {
                Some(p) => self.save(p),
                None if !self.files.path_text.trim().is_empty() => {
                    match super::files::save_target(Path::new(self.files.path_text.trim())) {
                        Ok(p) => self.apply(Command::File(FileCommand::Save(p))),
                        Err(why) => self.message = Some(why),
                    }
                }
                None => {
                    self.files.focus_field = true;
                    self.files.message = None;
                    self.message = Some(
                        "This challenge has no file yet: type a path, then Save to path (or use \
                         Save As…)."
                            .into(),
                    );
                }
            },
            Command::File(FileCommand::Save(p)) => {
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
            Command::File(FileCommand::SaveConfirmed(p)) => self.save(p),
            Command::File(FileCommand::Open(p)) => self.open(p),
        }
    }

    /// Puts `doc` in place of the document, forgetting everything about the old one: its path
    /// in the File field, its messages, its prompts, its verification and export.
    fn replace(&mut self, doc: Document) {
        self.files.path_text = doc
            .path
            .as_ref()
            .map(|p| p.display().to_string())
            .unwrap_or_default();
        self.files.message = None;
        self.files.confirm_overwrite = None;
        self.message = None;
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

    /// Reads `path` and puts it in place of the document (asking first when that would
    /// discard unsaved changes); a file that cannot be read changes nothing.
    fn open(&mut self, path: PathBuf) {
        match challenge::load(&path) {
            Ok(ch) => {
                let message = format!("Opened {}", path.display());
                let what = format!("Open {}", path.display());
                self.start_over(what, Document::new(ch, Some(path)), message);
            }
            Err(e) => {
                self.files.message = None;
                self.message = Some(format!("Cannot open: {e}"));
                if !path.exists() && self.recent.list.contains(&path) {
                    let _ = self.recent.remove(&path);
                }
            }
        }
    }

    fn save(&mut self, path: PathBuf) {
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
                self.message = Some(format!("Saved {}{note}", path.display()));
                self.files.message = None;
                self.files.confirm_overwrite = None;
                self.files.path_text = path.display().to_string();
                if let Err(e) = self.recent.add(&path) {
                    self.message = Some(e);
                }
                self.doc.saved(path);
                self.autosave.clear();
            }
            Err(e) => self.message = Some(format!("Cannot save: {e}")),
        }
    }

    /// After an export: the file joins the recent files; when it is the document's own file
    /// (or the document had none), the document holds the exported content, saved.
    fn exported(&mut self, e: Exported) {
        if let Err(m) = self.recent.add(&e.path) {
            self.message = Some(m);
        }
        let own = self
            .doc
            .path
            .as_deref()
            .is_none_or(|p| same_file(p, &e.path));
        if own && super::stored::same_content(&e.ch, &self.doc.ch) {
            let before = self.doc.ch.clone();
            self.doc.exported(e.ch, e.path);
            self.verify.rebind(&before, &self.doc.ch);
            if let Some(p) = &self.doc.path {
                self.files.path_text = p.display().to_string();
            }
            self.autosave.clear();
        }
    }

    /// The window title: `*` when modified, the file name, the export state.
    #[must_use]
    pub fn title(&self) -> &str {
        &self.title
    }

    fn update_title(&mut self, ctx: &egui::Context) {
        let name = self
            .doc
            .path
            .as_ref()
            .and_then(|p| p.file_name())
            .map_or_else(
                || "untitled".to_string(),
                |n| n.to_string_lossy().into_owned(),
            );
        let state = super::export::title_state(&self.doc, &self.export, self.verify.report())
            .map(|s| format!(" ({s})"))
            .unwrap_or_default();
        let title = format!(
            "{}{name}{state} — peakforge",
            if self.doc.dirty { "*" } else { "" }
        );
        if title != self.title {
            ctx.send_viewport_cmd(egui::ViewportCommand::Title(title.clone()));
            self.title = title;
        }
    }
}

/// The dialog's words for a New button.
const NEW: &str = "Start a new challenge";

/// Whether `a` and `b` name the same file (the same path, or the same file once resolved).
fn same_file(a: &Path, b: &Path) -> bool {
    a == b
        || matches!(
            (std::fs::canonicalize(a), std::fs::canonicalize(b)),
            (Ok(x), Ok(y)) if x == y
        )
}

impl eframe::App for EditorApp {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        self.show(ui);
    }
}
