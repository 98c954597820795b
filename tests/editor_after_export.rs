//! After Export (issue 17 item 9): the exported file joins Recent files, an export to the
//! document's own file leaves it saved, reopening an export shows its stored verification
//! record marked "matches" (Export enabled without Verify), and the title says the export
//! state.
#![cfg(feature = "editor")]

mod editor_support;

use editor_support::*;
use peakforge::challenge;
use peakforge::editor::app::EditorApp;

fn export_enabled(h: &mut egui_kittest::Harness<'_, EditorApp>) -> bool {
    reveal(h, "Export");
    !h.get_by_label("Export").accesskit_node().is_disabled()
}

#[test]
fn exporting_to_the_documents_own_file_leaves_it_saved_and_in_recent_files() {
    let dir = temp_dir("export-own");
    let path = tutorial_copy(&dir);
    let list = dir.join("recent.txt");
    let mut h = harness(
        EditorApp::from_file(&path)
            .unwrap()
            .with_recent_file(Some(list)),
    );
    // A text edit: unsaved, and still the same challenge for the verifier.
    type_into(&mut h, "Title (English)", "Read the hills");
    assert!(h.state().document().dirty);
    assert!(h.state().title().starts_with('*'));
    click(&mut h, "Verify");
    wait_for_verdict(&mut h);
    assert!(
        h.state().title().contains("(verified, not exported)"),
        "{}",
        h.state().title()
    );
    type_into(&mut h, "Export to", &path.display().to_string());
    click(&mut h, "Export");
    click(&mut h, "Overwrite");
    let written = challenge::load(&path).unwrap();
    assert!(written.verification.is_some());
    assert_eq!(
        h.state().document().ch,
        written,
        "the document holds what was written"
    );
    assert!(!h.state().document().dirty, "its own file is saved");
    assert_eq!(h.state().title(), "01.ron (exported to 01.ron) — peakforge");
    assert!(
        export_enabled(&mut h),
        "the verdict still holds for the content"
    );
    let canonical = std::fs::canonicalize(&path).unwrap();
    assert_eq!(h.state().recent_files()[0], canonical);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_exported_file_joins_recent_files_and_reopens_with_its_record_matching() {
    let dir = temp_dir("export-reopen");
    let path = tutorial_copy(&dir);
    let list = dir.join("recent.txt");
    let mut h = harness(
        EditorApp::from_file(&path)
            .unwrap()
            .with_recent_file(Some(list.clone())),
    );
    click(&mut h, "Verify");
    wait_for_verdict(&mut h);
    click(&mut h, "Export");
    let export = dir.join("01.export.ron");
    assert!(export.is_file());
    assert_eq!(
        h.state().title(),
        "01.ron (exported to 01.export.ron) — peakforge"
    );
    let canonical = std::fs::canonicalize(&export).unwrap();
    assert_eq!(
        h.state().recent_files()[0],
        canonical,
        "the export is in Recent files"
    );

    // Reopened from Recent files: the record is shown, Export needs no new Verify.
    click(&mut h, "Recent files");
    click(&mut h, &canonical.display().to_string());
    assert_eq!(
        h.state().document().path.as_deref(),
        Some(canonical.as_path())
    );
    assert!(has_label_containing(
        &h,
        "Stored verification record: matches"
    ));
    assert!(export_enabled(&mut h));
    assert_eq!(
        h.state().title(),
        "01.export.ron (exported file, record matches) — peakforge"
    );
    // An edit of the board drops the record: Export waits for a new Verify.
    click(&mut h, "square b2");
    assert!(!export_enabled(&mut h));
    assert!(!has_label_containing(
        &h,
        "Stored verification record: matches"
    ));

    // A new session on the export shows the same at start.
    let mut h = harness(EditorApp::from_file(&export).unwrap());
    assert!(has_label_containing(
        &h,
        "Stored verification record: matches"
    ));
    assert!(export_enabled(&mut h));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_stored_record_that_does_not_match_asks_to_verify_again() {
    let dir = temp_dir("export-stale");
    let path = dir.join("stale.ron");
    let mut ch = tutorial();
    let report = peakforge::verify::verify_unchecked("t", &ch, Default::default());
    let mut record = peakforge::verify::record_for(&report);
    record.rules_version = "pawn-peak-1999-01-01.1".into();
    ch.verification = Some(record);
    challenge::save(&ch, &path).unwrap();
    let mut h = harness(EditorApp::from_file(&path).unwrap());
    assert!(has_label_containing(&h, "does not match"));
    assert!(has_label_containing(&h, "pawn-peak-1999-01-01.1"));
    assert!(!export_enabled(&mut h));
    assert!(!h.state().title().contains("record matches"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn exporting_a_document_without_a_file_makes_the_export_its_file() {
    let dir = temp_dir("export-new");
    let mut h = harness(EditorApp::with_challenge(tutorial(), None));
    click(&mut h, "Verify");
    wait_for_verdict(&mut h);
    let target = dir.join("mine.ron");
    type_into(&mut h, "Export to", &target.display().to_string());
    click(&mut h, "Export");
    assert_eq!(h.state().document().path.as_deref(), Some(target.as_path()));
    assert!(!h.state().document().dirty);
    assert_eq!(challenge::load(&target).unwrap(), h.state().document().ch);
    let _ = std::fs::remove_dir_all(&dir);
}
