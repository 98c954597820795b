//! The document's file watched on disk ([`notify`]: inotify on Linux): when another program
//! changes it (a `git pull`, a script), the editor offers to reload it, and Save never
//! overwrites such a change silently: it asks first. The file's content is compared, not only
//! its time: the editor's own saves and a rewrite with the same bytes ask nothing. Where no
//! watcher can be had (no inotify), the file's time is looked at once a second instead.

use std::hash::{DefaultHasher, Hash, Hasher};
use std::path::{Path, PathBuf};
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant, SystemTime};

use eframe::egui;
use notify::{RecursiveMode, Watcher};

/// What the file holds, in short: its hash (`None`: the file is missing or unreadable).
type Content = Option<u64>;

fn content(path: &Path) -> Content {
    let bytes = std::fs::read(path).ok()?;
    let mut h = DefaultHasher::new();
    bytes.hash(&mut h);
    Some(h.finish())
}

fn modified(path: &Path) -> Option<SystemTime> {
    std::fs::metadata(path).and_then(|m| m.modified()).ok()
}

/// How often the file's time is looked at without a watcher.
const POLL: Duration = Duration::from_secs(1);

/// The watched file and what the editor last read or wrote there.
#[derive(Default)]
pub struct FileWatch {
    path: Option<PathBuf>,
    /// The content the editor last read or wrote (or the user chose to keep theirs over).
    known: Content,
    watcher: Option<(notify::RecommendedWatcher, Receiver<()>)>,
    /// Without a watcher: the file's time last seen, and when it was looked at.
    polled: Option<(Option<SystemTime>, Instant)>,
    /// The file differs from what the editor knows: the reload question is up.
    pub changed: bool,
    /// The file was missing at the last news of it (deleted): nothing to reload.
    pub gone: bool,
}

impl FileWatch {
    /// Watches `path` (the document's file) from now on, its content as it is now known to
    /// the editor; nothing when it is already the file watched.
    pub fn follow(&mut self, ctx: &egui::Context, path: Option<&Path>) {
        if self.path.as_deref() == path {
            return;
        }
        *self = FileWatch::default();
        let Some(path) = path else { return };
        self.path = Some(path.to_path_buf());
        self.known = content(path);
        self.watcher = watcher(ctx, path);
        if self.watcher.is_none() {
            self.polled = Some((modified(path), Instant::now()));
        }
    }

    /// The editor wrote (or read again) the file: its content is what the editor knows.
    pub fn mark_known(&mut self) {
        if let Some(p) = &self.path {
            self.known = content(p);
        }
        self.changed = false;
    }

    /// Whether the file on disk differs from what the editor last read or wrote.
    #[must_use]
    pub fn differs(&self) -> bool {
        self.path
            .as_deref()
            .is_some_and(|p| content(p) != self.known)
    }

    /// Takes the watcher's news (or looks at the file's time); sets [`FileWatch::changed`]
    /// when the content changed. Call once per frame.
    pub fn poll(&mut self, ctx: &egui::Context) {
        let Some(path) = self.path.clone() else {
            return;
        };
        let touched = match (&self.watcher, &mut self.polled) {
            (Some((_, rx)), _) => rx.try_iter().count() > 0,
            (None, Some((seen, at))) if at.elapsed() >= POLL => {
                *at = Instant::now();
                let now = modified(&path);
                let touched = now != *seen;
                *seen = now;
                touched
            }
            (None, Some((_, at))) => {
                ctx.request_repaint_after(POLL.saturating_sub(at.elapsed()));
                false
            }
            (None, None) => false,
        };
        // Read at each news (rare), not each frame: whether it differs, and whether it is gone.
        if touched {
            let now = content(&path);
            self.gone = now.is_none();
            if now != self.known {
                self.changed = true;
            }
        }
    }

    /// The user keeps their version: the content on disk now counts as seen (the next Save
    /// writes over it, as they chose).
    pub fn keep_mine(&mut self) {
        if let Some(p) = &self.path {
            self.known = content(p);
        }
        self.changed = false;
    }

    /// The file watched.
    #[must_use]
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }
}

/// A watcher of `path`'s folder (an editor or `git` replaces a file by renaming, which a watch
/// on the file itself would lose), telling of the events that name `path`; `None` when the
/// system gives none.
fn watcher(ctx: &egui::Context, path: &Path) -> Option<(notify::RecommendedWatcher, Receiver<()>)> {
    let name = path.file_name()?.to_os_string();
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let (tx, rx) = channel();
    let ctx = ctx.clone();
    let mut w = notify::recommended_watcher(move |res: notify::Result<notify::Event>| {
        // Reading the file (the editor's own content checks) is no change.
        if let Ok(e) = res
            && !e.kind.is_access()
            && !e.kind.is_other()
            && e.paths.iter().any(|p| p.file_name() == Some(&name))
        {
            let _ = tx.send(());
            ctx.request_repaint();
        }
    })
    .ok()?;
    w.watch(&dir, RecursiveMode::NonRecursive).ok()?;
    Some((w, rx))
}

/// What the user answered to "changed on disk".
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DiskAnswer {
    /// Read the file again, dropping the edits made here.
    Reload,
    /// Keep the document as it is here.
    KeepMine,
}

/// The dialog's size: its buttons in one place whatever the path's length.
const DIALOG_SIZE: egui::Vec2 = egui::vec2(460.0, 120.0);

/// The "changed on disk" question, while [`FileWatch::changed`]; `dirty`: the document has
/// edits that Reload would drop; `gone`: the file was deleted (nothing to reload).
pub fn ui(ctx: &egui::Context, path: &Path, dirty: bool, gone: bool) -> Option<DiskAnswer> {
    let mut answer = None;
    let id = egui::Id::unique("changed on disk dialog");
    let area = egui::Modal::default_area(id).role(egui::accesskit::Role::Dialog);
    let modal = egui::Modal::new(id).area(area).show(ctx, |ui| {
        ui.set_width(DIALOG_SIZE.x);
        ui.set_min_height(DIALOG_SIZE.y);
        ui.heading(if gone {
            "Deleted on disk"
        } else {
            "Changed on disk"
        });
        ui.horizontal(|ui| {
            if ui
                .add_enabled(!gone, egui::Button::new("Reload from disk"))
                .on_hover_text("Read the file again")
                .on_disabled_hover_text("The file is gone: there is nothing to read.")
                .clicked()
            {
                answer = Some(DiskAnswer::Reload);
            }
            if ui
                .button("Keep mine")
                .on_hover_text("Keep editing this version; Save then writes it over the file")
                .clicked()
            {
                answer = Some(DiskAnswer::KeepMine);
            }
        });
        ui.label(if gone {
            format!(
                "{} was deleted by another program: the challenge is now only here, unsaved. \
                 Save writes the file again.",
                path.display()
            )
        } else {
            format!(
                "{} was changed by another program.{}",
                path.display(),
                if dirty {
                    " Reload drops the edits made here (they are not saved)."
                } else {
                    ""
                }
            )
        });
    });
    if answer.is_none() && modal.should_close() {
        answer = Some(DiskAnswer::KeepMine);
    }
    answer
}
