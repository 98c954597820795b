//! A search on a named worker thread, for the panels that run one besides Verify (the proof
//! browser, Suggest): the search gets a [`Control`] with the editor's limits, a cancel flag and
//! a progress callback; the panel polls it once per frame and draws its progress line with a
//! Cancel button. `ui()` never waits for it.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, TryRecvError, channel};
use std::time::{Duration, Instant};

use eframe::egui;

use crate::solver::{Control, Limits, Progress};

/// A message from the worker.
enum Msg<T> {
    Progress(Progress),
    Note(String),
    Done(T),
}

/// What [`Worker::poll`] found.
pub enum Polled<T> {
    /// Still running.
    Running,
    /// The worker's answer.
    Done(T),
    /// The worker stopped without an answer (it panicked).
    Gone,
}

/// A search running on its worker thread.
pub struct Worker<T> {
    rx: Receiver<Msg<T>>,
    cancel: Arc<AtomicBool>,
    started: Instant,
    last: Option<Progress>,
    note: Option<String>,
}

/// Sends a line of progress in words (e.g. "edit 12 of 254 verified") to the panel.
pub type Note<'a> = &'a (dyn Fn(String) + Sync);

impl<T: Send + 'static> Worker<T> {
    /// Starts `work` on a thread called `name` with `limits`, this worker's cancel flag and a
    /// progress callback that repaints `ctx`.
    ///
    /// # Errors
    /// When the thread cannot be started.
    pub fn spawn<F>(
        name: &str,
        ctx: &egui::Context,
        limits: Limits,
        work: F,
    ) -> std::io::Result<Worker<T>>
    where
        F: FnOnce(Control<'_>, Note<'_>) -> T + Send + 'static,
    {
        let (tx, rx) = channel();
        let cancel = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&cancel);
        let ctx = ctx.clone();
        std::thread::Builder::new()
            .name(name.into())
            .spawn(move || {
                let (progress_tx, progress_ctx) = (tx.clone(), ctx.clone());
                let progress = move |p: Progress| {
                    let _ = progress_tx.send(Msg::Progress(p));
                    progress_ctx.request_repaint();
                };
                let (note_tx, note_ctx) = (tx.clone(), ctx.clone());
                let note = move |s: String| {
                    let _ = note_tx.send(Msg::Note(s));
                    note_ctx.request_repaint();
                };
                let control = Control {
                    limits,
                    cancel: Some(&flag),
                    progress: Some(&progress),
                };
                let answer = work(control, &note);
                let _ = tx.send(Msg::Done(answer));
                ctx.request_repaint();
            })?;
        Ok(Worker {
            rx,
            cancel,
            started: Instant::now(),
            last: None,
            note: None,
        })
    }

    /// Takes the worker's messages; call once per frame.
    pub fn poll(&mut self, ctx: &egui::Context) -> Polled<T> {
        loop {
            match self.rx.try_recv() {
                Ok(Msg::Progress(p)) => self.last = Some(p),
                Ok(Msg::Note(s)) => self.note = Some(s),
                Ok(Msg::Done(t)) => return Polled::Done(t),
                Err(TryRecvError::Empty) => break,
                Err(TryRecvError::Disconnected) => return Polled::Gone,
            }
        }
        // Keep the elapsed time ticking between progress messages.
        ctx.request_repaint_after(Duration::from_millis(250));
        Polled::Running
    }

    /// Asks the search to stop (it answers `unknown` within a few thousand nodes).
    pub fn cancel(&self) {
        self.cancel.store(true, Ordering::Relaxed);
    }

    /// Whether the search was asked to stop.
    #[must_use]
    pub fn cancelled(&self) -> bool {
        self.cancel.load(Ordering::Relaxed)
    }

    /// The last progress the search reported.
    #[must_use]
    pub fn last(&self) -> Option<&Progress> {
        self.last.as_ref()
    }

    /// The progress in one line: `doing`, then nodes, depth and time.
    #[must_use]
    pub fn progress_text(&self, doing: &str) -> String {
        let elapsed = self.started.elapsed().as_secs_f32();
        let (nodes, depth) = self.last.as_ref().map_or((0, 0), |p| (p.nodes, p.depth));
        let cancelling = if self.cancelled() {
            " (cancelling)"
        } else {
            ""
        };
        format!("{doing}… {nodes} nodes, depth {depth}, {elapsed:.1} s{cancelling}")
    }

    /// The progress line (`doing`, e.g. "searching the proof", then nodes, depth and time),
    /// with a button labelled `cancel_label` that cancels the search when given.
    pub fn ui(&self, ui: &mut egui::Ui, doing: &str, cancel_label: Option<&str>) {
        let elapsed = self.started.elapsed().as_secs_f32();
        let (nodes, depth) = self.last.as_ref().map_or((0, 0), |p| (p.nodes, p.depth));
        ui.horizontal_wrapped(|ui| {
            ui.spinner();
            ui.label(format!(
                "{doing}… {nodes} nodes, depth {depth}, {elapsed:.1} s"
            ));
            if let Some(label) = cancel_label
                && ui
                    .add_enabled(!self.cancelled(), egui::Button::new(label))
                    .clicked()
            {
                self.cancel();
            }
        });
        if let Some(n) = &self.note {
            ui.weak(n);
        }
        if self.cancelled() {
            ui.weak("cancelling…");
        }
    }
}

impl<T> Drop for Worker<T> {
    /// A worker nobody polls any more (a new document, a new search) is told to stop.
    fn drop(&mut self) {
        self.cancel.store(true, Ordering::Relaxed);
    }
}
