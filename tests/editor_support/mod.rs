//! What the editor tests share: a harness on the whole editor, clicks and typing by label,
//! temporary folders, the shipped tutorial and waiting for the verifier. Every input goes
//! through the accessibility tree (a widget found by its label).
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant, SystemTime};

use eframe::egui::{self, Key, Modifiers, ViewportCommand, ViewportEvent, ViewportId};
use egui_kittest::Harness;
#[allow(unused_imports)]
pub use egui_kittest::kittest::{NodeT, Queryable};
use peakforge::challenge::{self, Challenge};
use peakforge::editor::app::EditorApp;
use peakforge::games::pawn_peak::{Position, Square};
use peakforge::verify::Status;

/// The shipped first tutorial: sound, key move `c4-exit`.
pub const TUTORIAL: &str = "challenges/01-terrain.ron";

/// A fresh, empty folder for one test.
pub fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("peakforge-editor-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The tutorial copied to `dir/01.ron`, its file time set in the past.
pub fn tutorial_copy(dir: &Path) -> PathBuf {
    let path = dir.join("01.ron");
    std::fs::copy(TUTORIAL, &path).unwrap();
    let past = SystemTime::now() - Duration::from_secs(3600);
    std::fs::File::options()
        .write(true)
        .open(&path)
        .unwrap()
        .set_modified(past)
        .unwrap();
    path
}

/// The shipped first tutorial.
pub fn tutorial() -> Challenge {
    challenge::load(Path::new(TUTORIAL)).unwrap()
}

/// A harness on `app` of `size` points, with tooltips shown at once.
pub fn harness_sized(app: EditorApp, size: egui::Vec2) -> Harness<'static, EditorApp> {
    let mut h = Harness::builder()
        .with_size(size)
        .with_max_steps(40)
        .with_context_setup(|ctx| ctx.all_styles_mut(|s| s.interaction.tooltip_delay = 0.0))
        .build_ui_state(|ui, app: &mut EditorApp| app.show(ui), app);
    h.settle();
    h
}

/// Runs frames until the editor settles. A background job (the verifier, a library check)
/// keeps its spinner repainting: while it runs, this waits for it in real time (at most
/// ~60 s) instead of failing after the harness's step budget, which a slower machine exceeds.
pub trait Settle {
    fn settle(&mut self);
}

impl Settle for Harness<'_, EditorApp> {
    fn settle(&mut self) {
        for _ in 0..6000 {
            if self.try_run().is_ok() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        panic!("the editor kept repainting for ~60 s");
    }
}

/// A harness on `app`, big enough for every panel.
pub fn harness(app: EditorApp) -> Harness<'static, EditorApp> {
    harness_sized(app, egui::vec2(1500.0, 1300.0))
}

/// The square named `name` (`a1`).
pub fn sq(name: &str) -> Square {
    Square::parse(name).unwrap()
}

/// The document's starting position.
pub fn board(h: &Harness<'_, EditorApp>) -> Position {
    challenge::build_position(&h.state().document().ch.position).expect("the board can be built")
}

/// The right side's tabs, in order (the Problems tab's title carries its count).
pub const TABS: [&str; 10] = [
    "Line",
    "Findings",
    "Proof",
    "Repairs",
    "Test game",
    "Problems",
    "Texts",
    "Export file",
    "Library",
    "Generate",
];

/// Opens the right side's tab whose title starts with `title`, as a user clicks it.
pub fn tab(h: &mut Harness<'_, EditorApp>, title: &str) {
    let label = h
        .query_all_by_label_contains(title)
        .filter_map(|n| n.accesskit_node().label())
        .find(|l| l.starts_with(title) && TABS.iter().any(|t| l.starts_with(t)))
        .unwrap_or_else(|| panic!("no tab {title}"));
    h.get_by_label(&label).click();
    h.settle();
}

/// Opens the tab that shows the widget labelled `label` when no tab shown has it (the tests
/// of a behaviour do not care which panel shows a control; the flows count their tab clicks).
pub fn reveal(h: &mut Harness<'_, EditorApp>, label: &str) {
    if h.query_by_label(label).is_some() {
        return;
    }
    for t in TABS {
        tab(h, t);
        if h.query_by_label(label).is_some() {
            return;
        }
    }
}

/// Clicks the widget labelled `label` (opening the tab that has it) and lets the editor
/// settle.
pub fn click(h: &mut Harness<'_, EditorApp>, label: &str) {
    reveal(h, label);
    h.get_by_label(label).click();
    h.settle();
}

/// Whether some widget's label contains `text`.
pub fn has_label_containing(h: &Harness<'_, EditorApp>, text: &str) -> bool {
    h.query_all_by_label_contains(text).next().is_some()
}

/// Types `text` into the field labelled `label`, replacing what it held, and leaves it.
pub fn type_into(h: &mut Harness<'_, EditorApp>, label: &str, text: &str) {
    reveal(h, label);
    h.get_by_label(label).click();
    h.settle();
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.get_by_label(label).type_text(text);
    h.settle();
    h.key_press(Key::Escape);
    h.settle();
}

/// Runs frames until the verifier's report arrives (at most ~60 s).
pub fn wait_for_verdict(h: &mut Harness<'_, EditorApp>) {
    for _ in 0..6000 {
        if h.state().verify_report().is_some() {
            h.settle();
            return;
        }
        h.step();
        std::thread::sleep(Duration::from_millis(10));
    }
    panic!("no verdict within the step budget");
}

/// Asks the window to close, as the window manager's close button does.
pub fn request_close(h: &mut Harness<'_, EditorApp>) {
    h.input_mut()
        .viewports
        .entry(ViewportId::ROOT)
        .or_default()
        .events
        .push(ViewportEvent::Close);
    h.step();
}

/// Whether the last frame sent `cmd` to the window.
pub fn sent(h: &Harness<'_, EditorApp>, cmd: &ViewportCommand) -> bool {
    h.output()
        .viewport_output
        .get(&ViewportId::ROOT)
        .is_some_and(|v| v.commands.contains(cmd))
}

/// Whether the Save / Discard / Cancel dialog is showing.
pub fn asks_about_unsaved_changes(h: &Harness<'_, EditorApp>) -> bool {
    h.query_by_label("Unsaved changes").is_some()
}

/// Clicks the button labelled `label` in the dialog showing (Save / Discard / Cancel).
pub fn click_in_dialog(h: &mut Harness<'_, EditorApp>, label: &str) {
    h.get_by_role(egui::accesskit::Role::Dialog)
        .get_by_label(label)
        .click();
    h.settle();
}

/// Runs frames until the play-test's defence has answered (at most ~60 s).
pub fn wait_for_defence(h: &mut Harness<'_, EditorApp>) {
    for _ in 0..6000 {
        if !h.state().play_test().thinking() {
            h.settle();
            return;
        }
        h.step();
        std::thread::sleep(Duration::from_millis(10));
    }
    panic!("the defence did not answer");
}

/// The heights of `squares` on the document's board.
pub fn heights(h: &Harness<'_, EditorApp>, squares: &[&str]) -> Vec<u8> {
    let pos = board(h);
    squares.iter().map(|s| pos.height_at(sq(s))).collect()
}

/// Runs frames until `done` holds (at most `secs` seconds).
pub fn wait_until(h: &mut Harness<'_, EditorApp>, secs: u64, done: impl Fn(&EditorApp) -> bool) {
    let until = Instant::now() + Duration::from_secs(secs);
    while Instant::now() < until {
        if done(h.state()) {
            h.settle();
            return;
        }
        h.step();
        std::thread::sleep(Duration::from_millis(10));
    }
    panic!("not done within {secs} s");
}

/// Clicks the button labelled `label` that starts a search and runs two frames (the search
/// keeps the editor repainting, so it is not run until settled).
pub fn press(h: &mut Harness<'_, EditorApp>, label: &str) {
    reveal(h, label);
    h.get_by_label(label).click();
    h.step();
    h.step();
}

/// Clicks Verify and waits for the report made for the document as it is now.
pub fn verify_now(h: &mut Harness<'_, EditorApp>) -> Status {
    press(h, "Verify");
    wait_until(h, 60, |app| {
        app.verify_report()
            .is_some_and(|(_, ch)| *ch == app.document().ch)
    });
    h.state().verify_report().unwrap().0.status
}

/// Presses on the tile `path[0]`, moves to each next tile in one frame, and releases on the
/// last (a drag on the board).
pub fn drag_tiles(h: &mut Harness<'_, EditorApp>, path: &[&str]) {
    let at = |h: &Harness<'_, EditorApp>, s: &str| {
        h.get_by_label(&format!("square {s}")).rect().center()
    };
    let first = at(h, path[0]);
    h.hover_at(first);
    h.settle();
    h.drag_at(first);
    h.settle();
    for s in &path[1..] {
        let p = at(h, s);
        h.hover_at(p);
        h.settle();
    }
    let last = at(h, path[path.len() - 1]);
    h.drop_at(last);
    h.settle();
}

/// The text the last frame put on the system clipboard, if any.
pub fn copied_text(h: &Harness<'_, EditorApp>) -> Option<String> {
    h.output()
        .platform_output
        .commands
        .iter()
        .find_map(|c| match c {
            egui::OutputCommand::CopyText(t) => Some(t.clone()),
            _ => None,
        })
}

/// Sends an input event (Copy, Cut, Paste: what the window turns Ctrl+C, Ctrl+X, Ctrl+V into)
/// and runs one frame.
pub fn send(h: &mut Harness<'_, EditorApp>, event: egui::Event) {
    h.input_mut().events.push(event);
    h.step();
}

/// The value (the tile in words) of the board's tile `name`.
pub fn tile_words(h: &Harness<'_, EditorApp>, name: &str) -> String {
    h.get_by_label(&format!("square {name}"))
        .value()
        .unwrap_or_default()
}

/// The smallest area drawn around `rect` (a window or a dialog holding that widget): what the
/// accessibility tree does not give.
pub fn area_around(h: &Harness<'_, EditorApp>, rect: egui::Rect) -> egui::Rect {
    h.ctx
        .memory(|m| {
            m.areas()
                .visible_layer_ids()
                .into_iter()
                .filter_map(|l| m.area_rect(l.id))
                .filter(|r| r.contains_rect(rect))
                .min_by(|a, b| a.area().total_cmp(&b.area()))
        })
        .expect("an area around it")
}

/// The whole label of the first widget whose label contains `part`.
pub fn label_containing(h: &Harness<'_, EditorApp>, part: &str) -> String {
    h.query_all_by_label_contains(part)
        .next()
        .unwrap_or_else(|| panic!("no label with {part:?}"))
        .accesskit_node()
        .label()
        .unwrap_or_default()
}
