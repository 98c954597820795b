//! Issue 25 item 4, the small bugs, one test each, through the accessibility tree.
#![cfg(feature = "editor")]

mod editor_support;

use std::path::Path;
use std::time::Duration;

use editor_support::*;
use eframe::egui::{Key, Modifiers};
use egui_kittest::kittest::NodeT;
use peakforge::challenge;
use peakforge::editor::app::EditorApp;
use peakforge::editor::doc;
use peakforge::verify::Status;

fn load(path: &str) -> challenge::Challenge {
    challenge::load(Path::new(path)).unwrap()
}

#[test]
fn open_of_a_path_typed_without_extension_opens_its_ron_file_as_save_wrote_it() {
    let dir = temp_dir("bug-open-ext");
    let typed = dir.join("mine");
    let mut h = harness(EditorApp::with_challenge(tutorial(), None));
    type_into(&mut h, "File", &typed.display().to_string());
    click(&mut h, "Save to path");
    assert!(dir.join("mine.ron").is_file(), "Save adds .ron");
    click(&mut h, "New blank");
    type_into(&mut h, "File", &typed.display().to_string());
    click(&mut h, "Open path");
    assert_eq!(
        h.state().document().path.as_deref(),
        Some(dir.join("mine.ron").as_path()),
        "{:?}",
        h.state().message()
    );
    assert_eq!(h.state().document().ch, tutorial());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_first_step_forward_plays_a_ply_in_every_game() {
    for file in [
        "challenges/17-bt-race.ron",
        "challenges/20-sg-custodian.ron",
        "challenges/01-terrain.ron",
    ] {
        let mut h = harness(EditorApp::with_challenge(load(file), None));
        verify_now(&mut h);
        click(&mut h, "Step forward");
        let (caption, _) = h.state().finding_shown().expect("a ply shown");
        assert!(caption.contains("after ply 1 of"), "{file}: {caption}");
        click(&mut h, "Step back");
        let (caption, _) = h.state().finding_shown().unwrap();
        assert!(caption.contains("after ply 0 of"), "{file}: {caption}");
    }
}

#[test]
fn a_file_opened_in_play_record_shows_the_start_of_its_line() {
    let dir = temp_dir("bug-open-play");
    let path = tutorial_copy(&dir);
    let mut h = harness(EditorApp::with_challenge(
        load("challenges/05-support.ron"),
        None,
    ));
    click(&mut h, "Play / record");
    type_into(&mut h, "File", &path.display().to_string());
    click(&mut h, "Open path");
    assert_eq!(h.state().document().path.as_deref(), Some(path.as_path()));
    // The pieces stand where the file puts them: the start, not after the line.
    let start = board(&h);
    for (sq, piece) in start.pieces() {
        assert!(
            tile_words(&h, &sq.to_string()).contains(&format!("{:?}", piece.side)),
            "{sq}"
        );
    }
    assert!(has_label_containing(&h, "Showing the start of the line"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_missing_english_title_does_not_stop_verify_of_a_sound_board() {
    let mut ch = tutorial();
    ch.title.remove("en");
    let mut h = harness(EditorApp::with_challenge(ch, None));
    assert!(h.state().document().checked().is_err());
    assert_eq!(verify_now(&mut h), Status::Sound, "the board was verified");
    assert!(has_label_containing(&h, "the texts have 1 problem(s)"));
    tab(&mut h, "Problems");
    assert!(
        has_label_containing(&h, "title.en"),
        "the text problem is listed"
    );
}

#[test]
fn missing_translations_and_hints_are_listed_in_problems() {
    let mut ch = tutorial();
    ch.title.remove("fr");
    ch.hint.clear();
    let mut h = harness(EditorApp::with_challenge(ch, None));
    tab(&mut h, "Problems");
    assert!(has_label_containing(&h, "warning: title.fr is missing"));
    assert!(has_label_containing(&h, "warning: hint.en is missing"));
    // The tab counts what there is to read in it, warnings included (it said "(0)").
    let warnings = h.query_all_by_label_contains("• warning:").count();
    assert!(warnings >= 2);
    assert!(has_label_containing(&h, &format!("Problems ({warnings})")));
    // A click takes the user to the field.
    let entry = label_containing(&h, "warning: title.fr");
    click(&mut h, &entry);
    assert!(
        h.get_by_label("Title (French)")
            .accesskit_node()
            .is_focused()
    );
}

#[test]
fn placeholder_texts_are_warned_of_in_the_library_checks_words() {
    // The library check refuses them (placeholder_text); the Problems tab said nothing.
    let blank = doc::template(&doc::blank_position(), challenge::NEW_ID, "New challenge");
    let mut h = harness(EditorApp::with_challenge(blank, None));
    tab(&mut h, "Problems");
    assert!(has_label_containing(
        &h,
        "warning: title.en is a placeholder: \"New challenge\""
    ));
    let entry = label_containing(&h, "warning: tutorial.en is a placeholder");
    click(&mut h, &entry);
    assert!(
        h.get_by_label("Tutorial (English)")
            .accesskit_node()
            .is_focused()
    );
}

#[test]
fn the_id_follows_the_english_title_and_a_template_id_is_flagged() {
    let blank = doc::template(&doc::blank_position(), challenge::NEW_ID, "New challenge");
    let mut h = harness(EditorApp::with_challenge(blank, None));
    tab(&mut h, "Problems");
    assert!(has_label_containing(&h, "the id is still the template's"));
    type_into(&mut h, "Title (English)", "Over the hill");
    assert_eq!(h.state().document().ch.id, "over-the-hill");
    tab(&mut h, "Problems");
    assert!(!has_label_containing(&h, "the id is still the template's"));
    // An id of the author's own stays when the title changes.
    type_into(&mut h, "Id", "my-id");
    type_into(&mut h, "Title (English)", "Another title");
    assert_eq!(h.state().document().ch.id, "my-id");
}

#[test]
fn a_running_editor_holds_one_recovery_lock_and_removes_it_at_exit() {
    let dir = temp_dir("bug-locks");
    let rec = dir.join("recovery.ron");
    let locks = || {
        std::fs::read_dir(&dir)
            .unwrap()
            .filter(|e| {
                e.as_ref()
                    .unwrap()
                    .file_name()
                    .to_string_lossy()
                    .ends_with(".lock")
            })
            .count()
    };
    let one = EditorApp::with_challenge(tutorial(), None).with_recovery_file(Some(rec.clone()));
    assert_eq!(locks(), 1, "one lock for one editor");
    let two = EditorApp::with_challenge(tutorial(), None).with_recovery_file(Some(rec.clone()));
    assert_eq!(locks(), 2, "one more for a second editor");
    drop(one);
    drop(two);
    assert_eq!(locks(), 0, "none left behind");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn esc_closes_the_recent_files_menu() {
    let mut h = harness(EditorApp::with_challenge(tutorial(), None));
    click(&mut h, "Recent files");
    assert!(has_label_containing(&h, "No recent file yet"));
    h.key_press(Key::Escape);
    h.settle();
    assert!(
        !has_label_containing(&h, "No recent file yet"),
        "Esc closed it"
    );
}

#[test]
fn undo_after_a_recovery_goes_back_to_the_files_content() {
    let dir = temp_dir("bug-recover-undo");
    let path = tutorial_copy(&dir);
    let rec = dir.join("recovery.ron");
    {
        let app = EditorApp::from_file(&path)
            .unwrap()
            .with_recovery_file(Some(rec.clone()))
            .with_autosave_after(Duration::ZERO);
        let mut h = harness(app);
        click(&mut h, "Height 4");
        click(&mut h, "square b2");
        assert!(rec.is_file(), "autosaved");
    }
    let app = EditorApp::from_file(&path)
        .unwrap()
        .with_recovery_file(Some(rec.clone()));
    let mut h = harness(app);
    click(&mut h, "Recover unsaved work");
    assert!(h.state().document().dirty);
    assert!(!h.get_by_label("Undo").accesskit_node().is_disabled());
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.settle();
    assert_eq!(h.state().document().ch, tutorial(), "back to the file");
    assert!(!h.state().document().dirty);
    let _ = std::fs::remove_dir_all(&dir);
}
