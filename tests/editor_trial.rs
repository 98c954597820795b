//! What a new user's trial of the editor found (a folder typed as the save path, Esc in a
//! number field, a shortcut while a value is typed, keys behind a dialog), each driven
//! through the accessibility tree with `egui_kittest`; each of these failed before its fix.
#![cfg(feature = "editor")]

use eframe::egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use peakforge::challenge;
use peakforge::editor::app::EditorApp;

mod editor_support;
use editor_support::*;

/// Clicks the field labelled `label`, selects what it holds and types `text` (no Enter).
fn type_pending(h: &mut Harness<'_, EditorApp>, label: &str, text: &str) {
    h.get_by_label(label).click();
    h.settle();
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.get_by_label(label).type_text(text);
    h.settle();
}

#[test]
fn esc_in_a_number_field_leaves_the_value_as_it_was() {
    // Before, egui committed the typed text on the frame after Esc.
    let mut h = harness(EditorApp::with_challenge(tutorial(), None));
    h.settle();
    let before = h.state().document().ch.clone();
    type_pending(&mut h, "Move counter", "7");
    h.key_press(Key::Escape);
    for _ in 0..4 {
        h.settle();
    }
    assert_eq!(
        h.state().document().ch,
        before,
        "Esc committed the typed value"
    );
    assert!(!h.state().document().dirty);
    // Enter still commits.
    type_pending(&mut h, "Move counter", "7");
    h.key_press(Key::Enter);
    h.settle();
    assert_eq!(h.state().document().ch.position.move_counter, 7);
}

#[test]
fn ctrl_s_saves_the_value_typed_but_not_yet_committed() {
    // Before, Ctrl+S saved the old value while the field showed the new one.
    let dir = temp_dir("trial-ctrl-s");
    let path = tutorial_copy(&dir);
    let mut h = harness(EditorApp::from_file(&path).unwrap());
    h.settle();
    type_pending(&mut h, "Move counter", "7");
    h.key_press_modifiers(Modifiers::COMMAND, Key::S);
    for _ in 0..3 {
        h.settle();
    }
    assert_eq!(h.state().document().ch.position.move_counter, 7);
    assert!(!h.state().document().dirty, "not saved");
    assert_eq!(challenge::load(&path).unwrap().position.move_counter, 7);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_folder_or_a_device_typed_as_the_save_path_writes_nothing_and_says_why() {
    // Before, "Save to path" on a folder wrote FOLDER.ron beside it, and /dev/full /dev/full.ron.
    let dir = temp_dir("trial-folder");
    let mut h = harness(EditorApp::with_challenge(tutorial(), None));
    h.settle();
    for typed in [
        dir.display().to_string(),
        format!("{}/", dir.join("sub").display()),
    ] {
        type_pending(&mut h, "File", &typed);
        h.key_press(Key::Tab);
        h.settle();
        click(&mut h, "Save to path");
        assert!(
            has_label_containing(&h, "is a folder: type a file name in it"),
            "{typed}"
        );
        assert!(!has_label_containing(&h, "overwrite it?"), "{typed}");
    }
    let beside = format!("{}.ron", dir.display());
    assert!(!std::path::Path::new(&beside).exists());
    assert!(!dir.join("sub").exists() && !dir.join("sub/.ron").exists());
    assert!(h.state().document().path.is_none());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn keys_do_not_act_on_the_document_behind_a_dialog() {
    // Before, Ctrl+Z undid an edit and letters switched the tool while "Unsaved changes"
    // was up (a document with a file: the dialog has no path field to take the keys).
    let dir = temp_dir("trial-dialog");
    let mut h = harness(EditorApp::from_file(&tutorial_copy(&dir)).unwrap());
    click(&mut h, "square a1"); // paint height 1
    let painted = h.state().document().ch.clone();
    request_close(&mut h);
    h.settle();
    assert!(asks_about_unsaved_changes(&h));
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.settle();
    h.key_press(Key::R);
    h.settle();
    assert_eq!(
        h.state().document().ch,
        painted,
        "Ctrl+Z acted behind the dialog"
    );
    click_in_dialog(&mut h, "Cancel");
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.settle();
    assert_ne!(h.state().document().ch, painted, "Ctrl+Z after the dialog");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_refused_value_moves_no_field_and_says_why_in_the_status_message() {
    // Before, a red line under the field pushed every field below it down, and a click aimed
    // at the next field landed on the message.
    let mut h = harness(EditorApp::with_challenge(tutorial(), None));
    h.settle();
    let below = |h: &Harness<'_, EditorApp>| h.get_by_label("Goal: win within player moves").rect();
    let before = below(&h);
    type_pending(&mut h, "Move counter", "abc");
    h.key_press(Key::Enter);
    h.settle();
    assert_eq!(below(&h), before, "a field moved");
    let said = h.state().message().unwrap_or_default().to_string();
    assert!(
        said.starts_with("Move counter: \u{201c}abc\u{201d} is not a whole number"),
        "{said}"
    );
    // A value the field takes clears its refusal.
    type_pending(&mut h, "Move counter", "3");
    h.key_press(Key::Enter);
    h.settle();
    assert_eq!(h.state().message(), None);
    assert_eq!(h.state().document().ch.position.move_counter, 3);
}

#[test]
fn enter_answers_the_resize_question_and_the_enter_that_typed_the_size_does_not() {
    // Before, Enter did nothing in the question until a button had the focus.
    let mut h = harness(EditorApp::with_challenge(tutorial(), None));
    h.settle();
    let before = h.state().document().ch.clone();
    let commit_width = |h: &mut Harness<'_, EditorApp>| {
        type_pending(h, "Width", "3");
        h.key_press(Key::Enter);
        h.settle();
    };
    commit_width(&mut h);
    assert!(
        h.query_by_label_contains("removes").is_some(),
        "the question is asked"
    );
    assert_eq!(h.state().document().ch, before, "nothing resized yet");
    h.key_press(Key::Escape);
    h.settle();
    assert!(h.query_by_label_contains("removes").is_none());
    assert_eq!(h.state().document().ch, before, "Esc keeps the size");
    commit_width(&mut h);
    h.key_press(Key::Enter);
    h.settle();
    assert!(h.query_by_label_contains("removes").is_none());
    let p = &h.state().document().ch.position;
    assert_eq!(p.width, 3, "Enter resized");
    assert!(p.pieces.len() < before.position.pieces.len());
}
