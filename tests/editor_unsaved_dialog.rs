//! One dialog for every way of discarding work (issue 17 item 3): New, Open (typed path or
//! Recent files) and quitting each ask Save / Discard / Cancel while there are unsaved
//! changes; Save asks for a path in the dialog when the document has none.
#![cfg(feature = "editor")]

mod editor_support;

use editor_support::*;
use eframe::egui::{self, ViewportCommand};
use peakforge::challenge;
use peakforge::editor::app::EditorApp;

/// An editor on a copy of the tutorial in `dir`, with one unsaved edit (b2 painted).
fn edited(
    dir: &std::path::Path,
) -> (
    egui_kittest::Harness<'static, EditorApp>,
    std::path::PathBuf,
) {
    let path = tutorial_copy(dir);
    let list = dir.join("recent.txt");
    let mut h = harness(
        EditorApp::from_file(&path)
            .unwrap()
            .with_recent_file(Some(list)),
    );
    click(&mut h, "square b2");
    assert!(h.state().document().dirty);
    (h, path)
}

/// One way of leaving the document, done through the UI.
type Way<'a> = dyn Fn(&mut egui_kittest::Harness<'static, EditorApp>) + 'a;

#[test]
fn new_open_recent_and_quit_each_ask_save_discard_or_cancel_first() {
    let dir = temp_dir("dialog-each");
    let (mut h, path) = edited(&dir);
    let other = dir.join("other.ron");
    std::fs::copy(TUTORIAL, &other).unwrap();
    let edited_ch = h.state().document().ch.clone();
    let ways: [(&str, &Way<'_>); 5] = [
        ("New blank", &|h| click(h, "New blank")),
        ("New Seega", &|h| click(h, "New Seega")),
        ("Open path", &|h| {
            type_into(h, "File", &other.display().to_string());
            click(h, "Open path");
        }),
        ("Recent files", &|h| {
            click(h, "Recent files");
            let first = h.state().recent_files()[0].display().to_string();
            click(h, &first);
        }),
        ("quit", &|h| {
            request_close(h);
            h.settle();
        }),
    ];
    for (name, ask) in ways {
        ask(&mut h);
        assert!(asks_about_unsaved_changes(&h), "{name} asks first");
        for button in ["Save", "Discard", "Cancel"] {
            let dialog = h.get_by_role(egui::accesskit::Role::Dialog);
            assert!(dialog.query_by_label(button).is_some(), "{name}: {button}");
        }
        click_in_dialog(&mut h, "Cancel");
        assert!(
            !asks_about_unsaved_changes(&h),
            "{name}: Cancel closes the dialog"
        );
        assert_eq!(
            h.state().document().ch,
            edited_ch,
            "{name}: Cancel keeps the work"
        );
        assert!(h.state().document().dirty);
        assert!(!h.state().may_close());
        type_into(&mut h, "File", &path.display().to_string());
    }

    // Discard goes on with what was asked: here, New blank.
    click(&mut h, "New blank");
    click_in_dialog(&mut h, "Discard");
    assert_eq!(h.state().document().path, None);
    assert!(!h.state().document().dirty);
    assert_eq!(
        challenge::load(&path).unwrap(),
        tutorial(),
        "the file is unchanged"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn save_in_the_dialog_writes_the_file_then_goes_on() {
    let dir = temp_dir("dialog-save");
    let (mut h, path) = edited(&dir);
    let edited_ch = h.state().document().ch.clone();
    let other = dir.join("other.ron");
    std::fs::copy(TUTORIAL, &other).unwrap();
    type_into(&mut h, "File", &other.display().to_string());
    click(&mut h, "Open path");
    assert!(has_label_containing(
        &h,
        &format!("Save writes {}", path.display())
    ));
    click_in_dialog(&mut h, "Save");
    assert_eq!(challenge::load(&path).unwrap(), edited_ch, "saved first");
    assert_eq!(
        h.state().document().path.as_deref(),
        Some(other.as_path()),
        "then opened"
    );
    assert!(!asks_about_unsaved_changes(&h));

    // Quitting: Save, then the window closes.
    click(&mut h, "square c2");
    request_close(&mut h);
    h.settle();
    h.get_by_role(egui::accesskit::Role::Dialog)
        .get_by_label("Save")
        .click();
    h.step();
    assert!(sent(&h, &ViewportCommand::Close));
    assert_eq!(challenge::load(&other).unwrap(), h.state().document().ch);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn save_in_the_dialog_asks_for_a_path_when_the_document_has_none() {
    let dir = temp_dir("dialog-path");
    let mut h = harness(EditorApp::with_challenge(tutorial(), None));
    click(&mut h, "square b2");
    click(&mut h, "New standard");
    assert!(asks_about_unsaved_changes(&h));
    assert!(has_label_containing(&h, "no file yet"));
    assert!(
        h.get_by_label("Save to").accesskit_node().is_focused(),
        "the path field has the keyboard"
    );
    let dialog = h.get_by_role(egui::accesskit::Role::Dialog);
    let save = dialog.get_by_label("Save");
    assert!(save.accesskit_node().is_disabled(), "no path typed yet");
    let edited_ch = h.state().document().ch.clone();

    // A path that names an existing file is said to be overwritten.
    let existing = dir.join("taken.ron");
    std::fs::write(&existing, "not a challenge").unwrap();
    h.get_by_label("Save to")
        .type_text(&existing.display().to_string());
    h.settle();
    assert!(has_label_containing(&h, "exists: Save overwrites it"));

    // A new path (".ron" added): Save writes it, then New standard goes on.
    // (Escape would cancel the dialog: select the text and type over it.)
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    h.get_by_label("Save to")
        .type_text(&dir.join("mine").display().to_string());
    h.settle();
    assert!(!has_label_containing(&h, "exists: Save overwrites it"));
    click_in_dialog(&mut h, "Save");
    assert_eq!(challenge::load(&dir.join("mine.ron")).unwrap(), edited_ch);
    assert!(!asks_about_unsaved_changes(&h));
    assert_eq!(h.state().document().ch.id, "standard");
    assert_eq!(
        std::fs::read_to_string(&existing).unwrap(),
        "not a challenge"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_file_that_cannot_be_opened_asks_nothing_and_keeps_the_work() {
    let dir = temp_dir("dialog-bad");
    let (mut h, _) = edited(&dir);
    let edited_ch = h.state().document().ch.clone();
    let bad = dir.join("bad.ron");
    std::fs::write(&bad, "(id: ").unwrap();
    type_into(&mut h, "File", &bad.display().to_string());
    click(&mut h, "Open path");
    assert!(!asks_about_unsaved_changes(&h));
    assert!(has_label_containing(&h, "Cannot open:"));
    assert_eq!(h.state().document().ch, edited_ch);
    assert!(h.state().document().dirty);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_dialog_never_saves_over_the_file_being_opened() {
    // A document without a file, then Open path: the dialog's "Save to" shares the top bar's
    // typed path, the very file being opened. Enter there wrote the scratch over it (and the
    // editor then showed the file as it was before, unmodified).
    let dir = temp_dir("dialog-opening");
    let target = tutorial_copy(&dir);
    let before = std::fs::read(&target).unwrap();
    let mut h = harness(EditorApp::with_challenge(tutorial(), None));
    click(&mut h, "New Seega");
    click(&mut h, "square c3");
    assert!(h.state().document().dirty);
    type_into(&mut h, "File", &target.display().to_string());
    click(&mut h, "Open path");
    assert!(asks_about_unsaved_changes(&h));
    // The path being opened is not offered as where to save: the field starts empty (it
    // offered that path and refused it at once).
    let field = h.get_by_label("Save to");
    assert_eq!(field.accesskit_node().value().as_deref(), Some(""));
    assert!(!has_label_containing(&h, "That is the file being opened"));
    // Typed there anyway, it is refused.
    h.get_by_label("Save to")
        .type_text(&target.display().to_string());
    h.settle();
    assert!(has_label_containing(&h, "That is the file being opened"));
    let dialog = h.get_by_role(egui::accesskit::Role::Dialog);
    assert!(dialog.get_by_label("Save").accesskit_node().is_disabled());
    h.key_press(egui::Key::Enter);
    h.settle();
    assert_eq!(std::fs::read(&target).unwrap(), before, "the file is kept");
    // Another path: saved there, then the file opens as it is on disk.
    let mine = dir.join("scratch.ron");
    h.get_by_label("Save to").click();
    h.settle();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    h.get_by_label("Save to")
        .type_text(&mine.display().to_string());
    h.settle();
    let scratch = h.state().document().ch.clone();
    click_in_dialog(&mut h, "Save");
    assert_eq!(challenge::load(&mine).unwrap(), scratch);
    assert_eq!(h.state().document().path.as_deref(), Some(target.as_path()));
    assert_eq!(std::fs::read(&target).unwrap(), before);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn saving_the_file_being_opened_opens_what_was_saved() {
    // Open path on the document's own file with unsaved changes, Save: the file opened is
    // the one just saved, not the copy read before the save.
    let dir = temp_dir("dialog-own");
    let (mut h, path) = edited(&dir);
    let edited_ch = h.state().document().ch.clone();
    type_into(&mut h, "File", &path.display().to_string());
    click(&mut h, "Open path");
    assert!(asks_about_unsaved_changes(&h));
    click_in_dialog(&mut h, "Save");
    assert_eq!(challenge::load(&path).unwrap(), edited_ch, "saved");
    let doc = h.state().document();
    assert_eq!(doc.ch, edited_ch, "what is shown is what the file holds");
    assert!(!doc.dirty);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_dialog_is_as_tall_as_it_says_and_its_buttons_stay_in_place() {
    // (top of the dialog, top of its Save button, height of the dialog) as the new document
    // is asked about.
    let place = |h: &egui_kittest::Harness<'static, EditorApp>| {
        let dialog = h.get_by_role(egui::accesskit::Role::Dialog);
        let save = dialog.get_by_label("Save").rect();
        // The dialog's own area: the smallest area drawn around its Save button.
        let d = area_around(h, save);
        (d.top(), save.top(), d.height())
    };
    let dir = temp_dir("dialog-place");
    let (mut titled, _) = edited(&dir);
    click(&mut titled, "New blank");
    let (top, save, height) = place(&titled);
    let mut untitled = harness(EditorApp::with_challenge(tutorial(), None));
    click(&mut untitled, "square b2");
    click(&mut untitled, "New blank");
    let (top2, save2, height2) = place(&untitled);
    assert_eq!((top, save), (top2, save2), "the same place titled or not");
    // Before, both were 190 pt tall: a titled document's dialog had 100 pt of nothing.
    assert!(height < height2 - 20.0, "{height} vs {height2}");
    // A warning below the path field grows the dialog downwards only.
    untitled
        .get_by_label("Save to")
        .type_text(&dir.join("x.ron").display().to_string());
    untitled.settle();
    let (top3, save3, _) = place(&untitled);
    assert_eq!((top3, save3), (top2, save2));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_status_line_says_what_was_opened_or_started_in_another_game() {
    // The tool a new game takes (Paint to a Seega stone) dropped the words a frame later.
    let dir = temp_dir("said-opened");
    let path = tutorial_copy(&dir);
    let mut h = harness(EditorApp::with_challenge(tutorial(), None));
    click(&mut h, "New Seega");
    assert_eq!(h.state().message(), Some("New Seega challenge."));
    type_into(&mut h, "File", &path.display().to_string());
    click(&mut h, "Open path");
    let opened = format!("Opened {}", path.display());
    assert!(
        h.state().message().is_some_and(|m| m.starts_with(&opened)),
        "{:?}",
        h.state().message()
    );
    let _ = std::fs::remove_dir_all(&dir);
}
