//! The Library tab: the Puzzle menu of a folder (its `index.json`, [`crate::library`]). Open a
//! library by typing its folder (or its `index.json`) or choosing it in the system's folder
//! dialog; see its entries in menu order (order, id, title, game, verdict, rating, themes),
//! checked in the background on [`crate::editor::worker`] with progress and Cancel
//! ([`crate::library::check()`]), the problems the check found and the themes no tutorial
//! teaches; move the selected entry up or down (buttons, or Alt+Up and Alt+Down), add the
//! document (saved in the folder) or remove an entry (`index.json` rewritten atomically,
//! every field kept) and open an entry as the document (the unsaved-changes dialog applies).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use eframe::egui;

use super::{PanelCx, SidePanel};
use crate::editor::command::Command;
use crate::editor::files::FileCommand;
use crate::editor::shortcuts;
use crate::editor::worker::{Polled, Worker};
use crate::library::{self, EntryReport, Index, LibraryReport, index};
use crate::solver::Limits;

mod changes;

/// The heights of the entries' list and of the check's findings, each scrolling on its own:
/// together with the controls they fit the right side at 1280 × 800.
const ENTRIES_HEIGHT: f32 = 210.0;
const FINDINGS_HEIGHT: f32 = 150.0;

/// The check's answer: the report with the index it checked, or why the index could not be
/// read.
type Checked = Result<(LibraryReport, Index), String>;

/// The Library tab's state.
#[derive(Default)]
pub struct LibraryPanel {
    /// The folder (or index file) as typed.
    typed: String,
    /// The library open: its index file and its index.
    open: Option<(PathBuf, Index)>,
    /// The entry selected, by place in the list, and whether the list scrolls to it (after a
    /// move).
    selected: Option<usize>,
    scroll_to_selected: bool,
    /// The last check's report, and the index it checked (the open one may differ since: its
    /// order changed).
    report: Option<(LibraryReport, Index)>,
    /// The check running.
    job: Option<Worker<Checked>>,
    /// The folder dialog open.
    dialog: Option<Worker<Option<PathBuf>>>,
    /// The last thing said (an error, a save).
    said: Option<String>,
    /// The id of the entry Remove entry asked about: a second click removes it.
    removing: Option<String>,
    /// The limits of each verification: the Verify panel's (its time limit, the editor's
    /// memory budget), taken every frame.
    limits: Limits,
}

impl SidePanel for LibraryPanel {
    fn id(&self) -> &'static str {
        "library"
    }

    fn title(&self, _cx: &PanelCx<'_>) -> String {
        "Library".into()
    }

    /// The folder typed, offered again at the next run (not opened: that checks every file).
    fn kept(&self) -> Option<String> {
        let typed = self.typed.trim();
        (!typed.is_empty()).then(|| typed.to_string())
    }

    fn restore(&mut self, kept: &str) {
        kept.clone_into(&mut self.typed);
    }

    fn poll(&mut self, ctx: &egui::Context) {
        if let Some(d) = &mut self.dialog {
            match d.poll(ctx) {
                Polled::Running => {}
                Polled::Done(picked) => {
                    self.dialog = None;
                    match picked {
                        Some(p) => {
                            self.typed = p.display().to_string();
                            self.open_library(ctx, &p);
                        }
                        None => self.said = Some("No folder chosen: type its path.".into()),
                    }
                }
                Polled::Gone => self.dialog = None,
            }
        }
        if let Some(job) = &mut self.job {
            match job.poll(ctx) {
                Polled::Running => {}
                Polled::Done(answer) => {
                    self.job = None;
                    match answer {
                        Ok(r) => self.report = Some(r),
                        Err(e) => self.said = Some(e),
                    }
                }
                Polled::Gone => {
                    self.job = None;
                    self.said = Some("The library check stopped without a report.".into());
                }
            }
        }
    }

    fn ui(&mut self, ui: &mut egui::Ui, cx: &mut PanelCx<'_>) {
        self.limits = cx.verify.limits();
        self.folder_ui(ui);
        // One line, whatever it says: a longer message must not move the controls below it
        // (the whole text on hover).
        if let Some(s) = &self.said {
            ui.add(egui::Label::new(s.as_str()).truncate());
        }
        if self.open.is_none() {
            ui.weak("Open a library: the folder of a Puzzle menu's index.json.");
            return;
        }
        ui.separator();
        self.check_ui(ui);
        self.coverage_ui(ui);
        ui.separator();
        self.move_keys(ui);
        self.actions_ui(ui, cx);
        self.entries_ui(ui);
        ui.separator();
        self.problems_ui(ui);
    }
}

impl LibraryPanel {
    /// The folder field, Open library and Choose folder….
    fn folder_ui(&mut self, ui: &mut egui::Ui) {
        ui.horizontal(|ui| {
            let label = ui.label("Library folder");
            let edit = ui
                .add(
                    egui::TextEdit::singleline(&mut self.typed)
                        .desired_width(150.0)
                        .hint_text("challenges/"),
                )
                .labelled_by(label.id);
            let enter = edit.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
            let typed = self.typed.trim().to_string();
            if (ui
                .add_enabled(!typed.is_empty(), egui::Button::new("Open library"))
                .clicked()
                || enter)
                && !typed.is_empty()
            {
                self.open_library(ui.ctx(), Path::new(&typed));
            }
            if ui
                .add_enabled(self.dialog.is_none(), egui::Button::new("Choose folder…"))
                .on_hover_text("Choose the library's folder in the system's dialog")
                .clicked()
            {
                self.folder_dialog(ui.ctx());
            }
        });
    }

    /// Opens the system's folder dialog on a worker thread (rfd blocks its thread).
    fn folder_dialog(&mut self, ctx: &egui::Context) {
        let start = Path::new(self.typed.trim())
            .canonicalize()
            .ok()
            .filter(|p| p.is_dir());
        let spawned = Worker::spawn(
            "peakforge-library-dialog",
            ctx,
            Limits::default(),
            move |_, _| {
                let mut d = rfd::FileDialog::new().set_title("Open library");
                if let Some(dir) = start {
                    d = d.set_directory(dir);
                }
                d.pick_folder()
            },
        );
        match spawned {
            Ok(w) => self.dialog = Some(w),
            Err(e) => self.said = Some(format!("Cannot open a folder dialog: {e}")),
        }
    }

    /// Reads the index at `path` and starts its check.
    fn open_library(&mut self, ctx: &egui::Context, path: &Path) {
        match index::read(path) {
            Ok((file, idx)) => {
                self.said = Some(format!(
                    "{} entries in {}.",
                    idx.challenges.len(),
                    file.display()
                ));
                self.open = Some((file, idx));
                self.selected = None;
                self.report = None;
                self.start_check(ctx);
            }
            // The library shown before is closed: its list, and the buttons that act on it,
            // would pass for the one that failed.
            Err(e) => {
                self.open = None;
                self.report = None;
                self.selected = None;
                self.said = Some(e.to_string());
            }
        }
    }

    /// Whether the open index differs from the one the last report checked (an order moved
    /// and moved back is the same order: not stale).
    fn stale(&self) -> bool {
        match (&self.report, &self.open) {
            (Some((_, checked)), Some((_, idx))) => checked != idx,
            _ => false,
        }
    }

    /// Starts the library check on a worker thread, of the index as it is on disk (the list
    /// takes it first when it changed there).
    fn start_check(&mut self, ctx: &egui::Context) {
        if self.reload_if_changed() == Ok(true) {
            self.said = Some(format!("{}.", self.reloaded_words()));
        }
        let Some((file, idx)) = &self.open else {
            return;
        };
        let (file, checked) = (file.clone(), idx.clone());
        let spawned = Worker::spawn(
            "peakforge-library",
            ctx,
            self.limits,
            move |control, note| {
                let progress = |k: usize, n: usize| note(format!("{k} of {n} files verified"));
                library::check(&file, control, &progress)
                    .map(|r| (r, checked))
                    .map_err(|e| e.to_string())
            },
        );
        match spawned {
            Ok(w) => self.job = Some(w),
            Err(e) => self.said = Some(format!("Cannot start the library check: {e}")),
        }
    }

    /// Check library / Cancel check, and the progress or the report's summary.
    fn check_ui(&mut self, ui: &mut egui::Ui) {
        ui.horizontal(|ui| {
            if ui
                .add_enabled(self.job.is_none(), egui::Button::new("Check library"))
                .on_hover_text("Verify every entry and check the library as the Puzzle menu")
                .clicked()
            {
                self.start_check(ui.ctx());
            }
            if ui
                .add_enabled(self.job.is_some(), egui::Button::new("Cancel check"))
                .clicked()
                && let Some(j) = &self.job
            {
                j.cancel();
            }
        });
        if let Some(j) = &self.job {
            j.ui(ui, "checking the library", None);
        } else if let Some((r, _)) = &self.report {
            let mut line = format!(
                "{} problem(s), {} excepted, {} entries.",
                r.problems.len(),
                r.excepted.len(),
                r.entries.len()
            );
            if self.stale() {
                line.push_str(" The order changed since: Check library again.");
            }
            ui.label(line);
        }
    }

    /// One line per game: the themes no tutorial teaches yet.
    fn coverage_ui(&self, ui: &mut egui::Ui) {
        let Some((r, _)) = &self.report else { return };
        for (game, c) in &r.coverage {
            let total = c.taught.len() + c.not_taught.len();
            let line = if c.not_taught.is_empty() {
                format!("{game}: all {total} themes taught.")
            } else {
                format!(
                    "{game}: {} of {total} themes taught; no tutorial teaches {}.",
                    c.taught.len(),
                    c.not_taught.join(", ")
                )
            };
            ui.label(line);
        }
    }

    /// The entries in menu order, each a selectable row.
    fn entries_ui(&mut self, ui: &mut egui::Ui) {
        let Some((_, idx)) = &self.open else { return };
        let checked: BTreeMap<&str, &EntryReport> = self
            .report
            .as_ref()
            .map(|(r, _)| r.entries.iter().map(|e| (e.id.as_str(), e)).collect())
            .unwrap_or_default();
        let with_problem: Vec<&str> = self
            .report
            .as_ref()
            .map(|(r, _)| {
                r.problems
                    .iter()
                    .filter_map(|p| p.entry.as_deref())
                    .collect()
            })
            .unwrap_or_default();
        // The list scrolls on its own: the actions above it stay in view.
        let area = egui::ScrollArea::vertical().id_salt("library-entries");
        let scroll = std::mem::take(&mut self.scroll_to_selected);
        let selected = &mut self.selected;
        area.max_height(ENTRIES_HEIGHT).show(ui, |ui| {
            for (i, e) in idx.challenges.iter().enumerate() {
                let title = e
                    .title
                    .get("en")
                    .or_else(|| e.title.values().next())
                    .map_or("", String::as_str);
                let mut row = format!("{}. {} · {title} · {}", e.order, e.id, e.game);
                if let Some(c) = checked.get(e.id.as_str()) {
                    let status = c.status.map_or("unreadable", |s| s.as_str());
                    row.push_str(&format!(" · {status}"));
                    if let Some(rating) = c.rating {
                        row.push_str(&format!(" · rating {rating}"));
                    }
                    if !c.themes.is_empty() {
                        row.push_str(&format!(" · {}", c.themes.join(", ")));
                    }
                }
                if with_problem.contains(&e.id.as_str()) {
                    row.push_str(" · has a problem");
                }
                let chosen = *selected == Some(i);
                let r = ui.add(egui::Button::selectable(chosen, row).wrap());
                if chosen && scroll {
                    r.scroll_to_me(None);
                }
                if r.clicked() {
                    *selected = Some(i);
                }
            }
        });
    }

    /// Move up, Move down, Open entry and Remove entry for the selected entry; Add document.
    fn actions_ui(&mut self, ui: &mut egui::Ui, cx: &mut PanelCx<'_>) {
        let n = self.open.as_ref().map_or(0, |(_, i)| i.challenges.len());
        let sel = self.selected.filter(|&i| i < n);
        ui.horizontal(|ui| {
            let up = sel.filter(|&i| i > 0).map(|i| i - 1);
            let down = sel.filter(|&i| i + 1 < n).map(|i| i + 1);
            for (label, key, to) in [
                ("Move up", shortcuts::ENTRY_UP, up),
                ("Move down", shortcuts::ENTRY_DOWN, down),
            ] {
                let key = ui.ctx().format_shortcut(&key);
                let place = label.trim_start_matches("Move ");
                let tip =
                    format!("Move the selected entry one place {place}, {key} (saves index.json)");
                if ui
                    .add_enabled(to.is_some(), egui::Button::new(label))
                    .on_hover_text(tip)
                    .clicked()
                    && let (Some(i), Some(to)) = (sel, to)
                {
                    self.move_selected(i, to);
                }
            }
            if ui
                .add_enabled(sel.is_some(), egui::Button::new("Open entry"))
                .on_hover_text("Open the selected entry's file as the document")
                .clicked()
                && let Some(i) = sel
                && let Some((file, idx)) = &self.open
            {
                let folder = file.parent().unwrap_or(Path::new("."));
                let path = folder.join(&idx.challenges[i].file);
                cx.out.push(Command::File(FileCommand::Open(path)));
            }
        });
        ui.horizontal(|ui| {
            if ui
                .add_enabled(self.open.is_some(), egui::Button::new("Add document"))
                .on_hover_text(
                    "Add the document's file (saved in the library's folder) at the end of \
                     the menu (saves index.json)",
                )
                .clicked()
            {
                self.add_document(cx);
            }
            if ui
                .add_enabled(sel.is_some(), egui::Button::new("Remove entry"))
                .on_hover_text(
                    "Remove the selected entry from the menu, asked first; its file stays \
                     (saves index.json)",
                )
                .clicked()
                && let Some(i) = sel
            {
                self.remove_selected(i);
            }
        });
    }

    /// Alt+Up and Alt+Down ([`shortcuts::ENTRY_UP`], [`shortcuts::ENTRY_DOWN`]) move the
    /// selected entry, while no text field has the keyboard.
    fn move_keys(&mut self, ui: &egui::Ui) {
        let n = self.open.as_ref().map_or(0, |(_, i)| i.challenges.len());
        let typing = ui.ctx().egui_wants_keyboard_input();
        let Some(i) = self.selected.filter(|&i| i < n && !typing) else {
            return;
        };
        let up = ui.input_mut(|k| k.consume_shortcut(&shortcuts::ENTRY_UP));
        let down = ui.input_mut(|k| k.consume_shortcut(&shortcuts::ENTRY_DOWN));
        if up && i > 0 {
            self.move_selected(i, i - 1);
        } else if down && i + 1 < n {
            self.move_selected(i, i + 1);
        }
    }

    /// The check's problems, then the excepted ones with their reasons.
    fn problems_ui(&self, ui: &mut egui::Ui) {
        let Some((r, _)) = &self.report else {
            return;
        };
        if r.problems.is_empty() && self.stale() {
            ui.label("No problem at the last check (the order changed since).");
        } else if r.problems.is_empty() {
            ui.label("No problem: the library passes the check.");
        } else {
            ui.strong(format!("Problems ({})", r.problems.len()));
        }
        // The findings scroll on their own too: with the list, the tab fits the window, so
        // the wheel at the end of a list never scrolls the actions out of view.
        egui::ScrollArea::vertical()
            .id_salt("library-findings")
            .max_height(FINDINGS_HEIGHT)
            .show(ui, |ui| {
                for p in &r.problems {
                    ui.label(format!("• {p}"));
                }
                for x in &r.excepted {
                    ui.weak(format!("excepted: {x}"));
                }
            });
    }
}
