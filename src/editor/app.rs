//! The editor application: its state, and one frame: the bars, the left tools panel, the
//! right side's panels ([`super::panels`]) and the board, collecting what they ask for as
//! [`Command`]s and applying them after drawing. One concern per file in `app/`: `commands`
//! applies them (files, new documents, undo), `dialogs` the modal prompts, `keys` the
//! shortcuts, `layout` the panels, `craft` the whole-board transforms and the clipboard,
//! `title` the window title, `view` the board.
//!
//! [`EditorApp::show`] draws one frame into any [`egui::Ui`], so the whole editor runs without
//! a window too (the `tests/editor_*.rs` drive it with `egui_kittest`).

use std::path::{Path, PathBuf};
use std::time::Duration;

use eframe::egui;

use super::board::Camera;
use super::canvas::Canvas;
use super::cursor::{Cursor, CursorKeys};
use super::doc::Document;
use super::export::ExportPanel;
use super::files::FilesPanel;
use super::panels::Host;
use super::play::PlayState;
use super::playtest::PlayTest;
use super::problems::Problems;
use super::quit::QuitGuard;
use super::recent::Recent;
use super::recovery::Autosave;
use super::resize::ResizeQuestion;
use super::selection::Selection;
use super::shortcuts::Action;
use super::suggest::SuggestPanel;
use super::tools::{Tool, Tools};
use super::verify::VerifyPanel;
use super::watch::FileWatch;

mod commands;
mod craft;
mod dialogs;
mod keys;
mod layout;
mod remembered;
mod title;
mod view;
pub use super::command::Command;
use super::{fields, status, topbar};
use crate::challenge::Challenge;
use crate::document::clip::Clip;
use crate::games::board::Square;
use crate::verify::VerifyReport;

/// The status line's sentence: a note, or a number field's refusal (which that field clears
/// once it takes a value).
#[derive(Debug, Clone, PartialEq, Eq)]
enum Said {
    /// Anything else the editor says.
    Note(String),
    /// The field labelled `field` refused what was typed.
    Refused { field: String, why: String },
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
    /// The right side's panels.
    panels: Host,
    verify: VerifyPanel,
    suggest: SuggestPanel,
    export: ExportPanel,
    files: FilesPanel,
    autosave: Autosave,
    quit: QuitGuard,
    /// The last status message.
    message: Option<Said>,
    /// Frames drawn, and the frame the status message was said in: words of an earlier frame
    /// go once the user does something else ([`EditorApp::forget_older_words`]).
    frame: u64,
    said_at: u64,
    /// Whether a verification was running at the last frame (one that starts or ends makes
    /// the status line's older words old news).
    verifying: bool,
    /// Close the window at this time (seconds since start), for smoke runs.
    close_at: Option<f64>,
    /// The tile under the pointer, in words (`c4 · height 2 · empty`), as last drawn.
    hovered: Option<String>,
    canvas: Canvas,
    /// The zoom and pan of the board.
    camera: Camera,
    /// The tile under the pointer at the last frame (the brush's outline is drawn there).
    hover_sq: Option<Square>,
    /// The Select tool's rectangle.
    selection: Selection,
    /// The tiles last copied or cut (also on the system clipboard): pasted when the clipboard
    /// holds none.
    clip: Option<Clip>,
    /// The list of keys (F1) is showing.
    keys_shown: bool,
    /// The tool the chain square's "On board" replaced, given back after its click.
    chain_back: Tool,
    /// The document's file, watched for changes by other programs.
    watch: FileWatch,
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
            panels: Host::default(),
            verify,
            suggest: SuggestPanel::default(),
            export: ExportPanel::default(),
            files,
            autosave: Autosave::new(None).0,
            quit: QuitGuard::default(),
            message: message.map(Said::Note),
            frame: 0,
            said_at: 0,
            verifying: false,
            close_at: close_after.map(f64::from),
            hovered: None,
            canvas: Canvas::default(),
            camera: Camera::default(),
            hover_sq: None,
            selection: Selection::default(),
            clip: None,
            keys_shown: false,
            chain_back: Tool::Move,
            watch: FileWatch::default(),
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
        if let Some(m) = message {
            self.say(m);
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
            self.say(m);
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
        self.files.message.as_deref().or(self.said())
    }

    /// The editor's own last status sentence.
    fn said(&self) -> Option<&str> {
        match self.message.as_ref()? {
            Said::Note(t) | Said::Refused { why: t, .. } => Some(t),
        }
    }

    /// Puts `text` in the status line.
    fn say(&mut self, text: impl Into<String>) {
        self.message = Some(Said::Note(text.into()));
        self.said_at = self.frame;
    }

    /// Drops the status message said in an earlier frame: the user did something else since
    /// (an edit, another mode, a verification that started or ended), so it is old news.
    fn forget_older_words(&mut self) {
        if self.said_at < self.frame {
            self.message = None;
        }
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
        self.frame += 1;
        if let Some(at) = self.close_at {
            let now = ctx.input(|i| i.time);
            if now >= at {
                self.quit.quit(&ctx);
            } else {
                ctx.request_repaint_after(Duration::from_secs_f64(at - now));
            }
        }
        self.quit.intercept(&ctx, self.doc.dirty);
        let mode = self.tools.tool;
        let mut out = Vec::new();
        // While a modal dialog is up (the resize question, unsaved changes, overwrite, the
        // recovery offer), it has the keys: none acts on the document behind it.
        let modal = !ctx.memory(|m| m.is_above_modal_layer(egui::LayerId::background()));
        let (w, h) = (self.doc.ch.position.width, self.doc.ch.position.height);
        if self.resize_ask.is_none() && !modal {
            self.shortcuts(&ctx, &mut out);
            self.clipboard_keys(&ctx, &mut out);
            self.cursor.1 = self.cursor.0.keys(&ctx, w, h);
        } else {
            // The board's cursor too: Enter answers the dialog (it applied the tool on the
            // cursor's tile behind it, removing a pawn at each press).
            self.cursor.1 = Default::default();
        }
        self.poll(&ctx, &mut out);
        if self.verify.running() != self.verifying {
            self.verifying = self.verify.running();
            self.forget_older_words();
        }
        self.update_title(&ctx);
        self.draw(ui, &mut out);
        self.keys_window(&ctx);
        self.take_refusals(&ctx);
        if !out.is_empty() {
            for cmd in out {
                self.apply(&ctx, cmd);
            }
            ctx.request_repaint();
        }
        self.follow_mode(mode);
        self.prompts(&ctx);
        if let Some(e) = self.autosave.tick(&ctx, &self.doc) {
            self.say(e);
        }
    }

    /// Takes the workers' answers and brings the caches up to the document's revision.
    fn poll(&mut self, ctx: &egui::Context, out: &mut Vec<Command>) {
        self.verify.poll(ctx);
        self.verify.follow(&self.doc);
        self.suggest.poll(ctx);
        self.playtest.poll(ctx);
        self.panels.poll(ctx);
        if self.tools.tool == Tool::PlayTest {
            self.playtest.sync(&self.doc);
        }
        self.watch.follow(ctx, self.doc.path.as_deref());
        self.watch.poll(ctx);
        if let Some(cmd) = self.files.poll(ctx) {
            out.push(Command::File(cmd));
        }
        self.tools.fit(self.doc.ch.game);
        self.play.refresh(&self.doc);
        self.problems.refresh(&self.doc);
    }

    /// The bars, the side panels and the board.
    fn draw(&mut self, ui: &mut egui::Ui, out: &mut Vec<Command>) {
        let said = self.said().map(str::to_string);
        egui::Panel::top("files").show(ui, |ui| {
            topbar::ui(
                ui,
                &self.doc,
                &mut self.files,
                &self.recent.list,
                said.as_deref(),
                self.tools.tool == Tool::PlayTest,
                out,
            );
        });
        let hover = self.hovered.clone();
        egui::Panel::bottom("status").show(ui, |ui| {
            ui.horizontal(|ui| {
                status::ui(ui, &self.doc, hover);
                self.zoom_ui(ui);
            });
        });
        egui::Panel::left("tools")
            .resizable(true)
            .default_size(272.0)
            .size_range(180.0..=420.0)
            .show(ui, |ui| self.left_panel(ui, out));
        egui::Panel::right("details")
            .resizable(true)
            .default_size(340.0)
            .size_range(260.0..=620.0)
            .show(ui, |ui| self.right_panel(ui, out));
        egui::CentralPanel::default().show(ui, |ui| self.board(ui, out));
    }

    /// The user switched to Play-test or Play / record (from `before`): its panel is shown.
    fn follow_mode(&mut self, before: Tool) {
        let now = self.tools.tool;
        // A mode, not a tool: the tool a new document's game takes (Paint to a Seega stone)
        // is no action of the user's, and it dropped "Opened …" the frame after it was said.
        let mode = |t: Tool| (t.edits(), t == Tool::PlayTest);
        if mode(now) == mode(before) {
            return;
        }
        self.forget_older_words();
        match now {
            Tool::PlayTest => self.panels.show("play-test"),
            Tool::Play => self.panels.show("line"),
            _ => {}
        }
    }

    /// A number field's refusal is the status message (a fixed row: nothing moves); a field
    /// that then takes a value clears its own refusal.
    fn take_refusals(&mut self, ctx: &egui::Context) {
        for (label, posted) in fields::take_posted(ctx) {
            match posted {
                Some(why) => {
                    self.message = Some(Said::Refused { field: label, why });
                    self.said_at = self.frame;
                }
                None => {
                    if matches!(&self.message, Some(Said::Refused { field, .. }) if *field == label)
                    {
                        self.message = None;
                    }
                }
            }
        }
    }
}
