//! The Generate tab at the editor's 1280 × 800 window: it generates candidates on the worker
//! thread, Cancel stops a long run, a candidate replaces the document as one undo step (Undo
//! brings the tutorial back) and opens as a new document. Every input goes through the
//! accessibility tree.
#![cfg(feature = "editor")]

mod editor_support;

use std::time::{Duration, Instant};

use editor_support::*;
use eframe::egui;
use egui_kittest::Harness;
use peakforge::editor::app::EditorApp;

const WINDOW: egui::Vec2 = egui::vec2(1280.0, 800.0);

/// Runs frames until a widget's label contains `text` (at most `secs` seconds).
fn wait_for_label(h: &mut Harness<'_, EditorApp>, text: &str, secs: u64) {
    let until = Instant::now() + Duration::from_secs(secs);
    while Instant::now() < until {
        if has_label_containing(h, text) {
            h.settle();
            return;
        }
        h.step();
        std::thread::sleep(Duration::from_millis(10));
    }
    panic!("no label with {text:?} within {secs} s");
}

/// Sets the number field labelled `label` to `value`.
fn set_number(h: &mut Harness<'_, EditorApp>, label: &str, value: &str) {
    h.get_by_label(label).click();
    h.settle();
    h.get_by_label(label).type_text(value);
    h.settle();
    h.key_press(egui::Key::Enter);
    h.settle();
}

#[test]
fn generate_replace_undo_open_and_cancel() {
    let mut h = harness_sized(EditorApp::with_challenge(tutorial(), None), WINDOW);
    tab(&mut h, "Generate");
    for label in [
        "Game",
        "Theme",
        "Moves",
        "Files",
        "Ranks",
        "Piece count",
        "Candidates",
        "Seed",
    ] {
        let r = h.get_by_label(label).rect();
        assert!(
            r.max.x <= WINDOW.x && r.max.y <= WINDOW.y,
            "{label} at {r:?}"
        );
    }
    // A quick request: a win in one on 4 x 4 with three pieces.
    set_number(&mut h, "Files", "4");
    set_number(&mut h, "Ranks", "4");
    set_number(&mut h, "Piece count", "3");
    set_number(&mut h, "Candidates", "1");
    h.get_by_label("Generate candidates").click();
    h.step();
    wait_for_label(&mut h, "Open candidate 1", 120);
    assert!(has_label_containing(&h, "Candidate 1: key"));

    // Replace: one undo step.
    let original = h.state().document().ch.clone();
    h.get_by_label("Replace with candidate 1").click();
    h.settle();
    let replaced = h.state().document().ch.clone();
    assert!(replaced.id.starts_with("generated-"), "{}", replaced.id);
    assert_ne!(replaced, original);
    h.get_by_label("Undo").click();
    h.settle();
    assert_eq!(h.state().document().ch, original);

    // Open: a new document holding the candidate.
    h.get_by_label("Open candidate 1").click();
    h.settle();
    if asks_about_unsaved_changes(&h) {
        click_in_dialog(&mut h, "Discard");
    }
    assert_eq!(h.state().document().ch, replaced);
    assert!(h.state().document().path.is_none());

    // Cancel: a long run (fifty wins in three) stops and says so.
    set_number(&mut h, "Moves", "3");
    set_number(&mut h, "Candidates", "50");
    h.get_by_label("Generate candidates").click();
    h.step();
    h.step();
    h.get_by_label("Cancel generate").click();
    h.step();
    wait_for_label(&mut h, "Generate cancelled", 60);
    assert!(h.query_by_label("Generate candidates").is_some());
}
