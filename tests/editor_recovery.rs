//! Recovery (issue 17 item 2): the autosave follows each change after a short quiet moment,
//! stores the document's absolute path, brings the last edit back after a crash, and leaves
//! nothing to offer after "Discard" at quit or an undo back to the saved content.
#![cfg(feature = "editor")]

mod editor_support;

use std::path::Path;
use std::time::{Duration, Instant};

use editor_support::*;
use peakforge::editor::app::EditorApp;
use peakforge::editor::recovery::{AUTOSAVE_AFTER, RecoveryFile};

/// An editor on `path` autosaving to `rec` once the edits pause for `after` (`None`: the
/// default pause).
fn editing(
    path: &Path,
    rec: &Path,
    after: Option<Duration>,
) -> egui_kittest::Harness<'static, EditorApp> {
    let app = EditorApp::from_file(path)
        .unwrap()
        .with_recovery_file(Some(rec.to_path_buf()));
    harness(match after {
        Some(a) => app.with_autosave_after(a),
        None => app,
    })
}

fn read_recovery(path: &Path) -> RecoveryFile {
    let text = std::fs::read_to_string(path).unwrap();
    ron::Options::default().from_str(&text).unwrap()
}

#[test]
fn the_recovery_file_names_the_document_by_its_absolute_path() {
    let dir = temp_dir("rec-abs");
    let rec = dir.join("recovery.ron");
    // Opened by a relative path, as `peakforge edit challenges/01-terrain.ron` does.
    let mut h = editing(Path::new(TUTORIAL), &rec, Some(Duration::ZERO));
    click(&mut h, "Height 4");
    click(&mut h, "square b2");
    let stored = read_recovery(&rec)
        .document
        .expect("the document's file is named");
    let expected = std::env::current_dir().unwrap().join(TUTORIAL);
    assert!(stored.is_absolute(), "{}", stored.display());
    assert_eq!(stored, expected);
    drop(h);

    // Recovered, the document saves to that absolute path, whatever the working folder.
    let mut h =
        harness(EditorApp::with_challenge(tutorial(), None).with_recovery_file(Some(rec.clone())));
    click(&mut h, "Recover unsaved work");
    assert_eq!(
        h.state().document().path.as_deref(),
        Some(expected.as_path())
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn autosave_writes_the_last_edit_once_the_edits_pause() {
    let dir = temp_dir("rec-debounce");
    let path = tutorial_copy(&dir);
    let rec = dir.join("recovery.ron");
    let quiet = Duration::from_millis(400);
    let mut h = editing(&path, &rec, Some(quiet));
    click(&mut h, "Height 4");
    click(&mut h, "square b2");
    assert!(!rec.exists(), "no write while the edits may go on");
    click(&mut h, "square b3");
    assert!(!rec.exists());
    let last = h.state().document().ch.clone();
    std::thread::sleep(quiet + Duration::from_millis(100));
    h.step();
    assert_eq!(
        read_recovery(&rec).challenge,
        last,
        "the last edit is in the file"
    );
    drop(h); // a crash: no save, no quit

    let mut h = editing(&path, &rec, None);
    assert!(h.query_by_label("Unsaved work found").is_some());
    click(&mut h, "Recover unsaved work");
    assert_eq!(h.state().document().ch, last);
    assert_eq!(
        board(&h).height_at(sq("b3")),
        4,
        "the very last edit came back"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_default_autosave_follows_a_change_within_two_seconds() {
    assert!((Duration::from_secs(1)..=Duration::from_secs(2)).contains(&AUTOSAVE_AFTER));
    let dir = temp_dir("rec-default");
    let path = tutorial_copy(&dir);
    let rec = dir.join("recovery.ron");
    let mut h = editing(&path, &rec, None);
    click(&mut h, "square b2");
    let changed = Instant::now();
    while !rec.exists() && changed.elapsed() < Duration::from_secs(4) {
        std::thread::sleep(Duration::from_millis(50));
        h.step();
    }
    let took = changed.elapsed();
    assert!(rec.exists(), "written after {took:?}");
    assert!(took >= AUTOSAVE_AFTER, "debounced: {took:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn after_discarding_at_quit_nothing_is_offered_back() {
    let dir = temp_dir("rec-quit");
    let path = tutorial_copy(&dir);
    let rec = dir.join("recovery.ron");
    let mut h = editing(&path, &rec, Some(Duration::ZERO));
    click(&mut h, "square b2");
    assert!(rec.exists(), "autosaved");
    request_close(&mut h);
    h.settle();
    assert!(asks_about_unsaved_changes(&h));
    h.get_by_label("Discard").click();
    h.step();
    // The frames drawn while the window closes write nothing again.
    for _ in 0..5 {
        h.step();
    }
    assert!(h.state().may_close());
    assert!(!rec.exists(), "the recovery file is gone");
    drop(h);
    let h = editing(&path, &rec, None);
    assert!(h.query_by_label("Unsaved work found").is_none());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn undoing_back_to_the_saved_content_deletes_the_autosave() {
    let dir = temp_dir("rec-undo");
    let path = tutorial_copy(&dir);
    let rec = dir.join("recovery.ron");
    let mut h = editing(&path, &rec, Some(Duration::ZERO));
    click(&mut h, "square b2");
    assert!(rec.exists());
    click(&mut h, "Undo");
    assert!(!h.state().document().dirty);
    assert!(!rec.exists(), "nothing unsaved is left to recover");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn two_editors_at_once_keep_their_own_recovery_and_both_are_offered_back() {
    // Before, both wrote one recovery file: after a crash of both, one's work was lost (found
    // by a new user's trial).
    let dir = temp_dir("rec-two");
    let rec = dir.join("recovery.ron");
    let (a, b) = (dir.join("a.ron"), dir.join("b.ron"));
    std::fs::copy(tutorial_copy(&dir), &a).unwrap();
    std::fs::copy(&a, &b).unwrap();
    let mut one = editing(&a, &rec, Some(Duration::ZERO));
    let mut two = editing(&b, &rec, Some(Duration::ZERO));
    click(&mut one, "Height 4");
    click(&mut one, "square b2");
    click(&mut two, "Height 3");
    click(&mut two, "square c3");
    let first = read_recovery(&rec);
    let second = read_recovery(&dir.join("recovery-2.ron"));
    assert_eq!(first.document.as_deref(), Some(a.as_path()));
    assert_eq!(second.document.as_deref(), Some(b.as_path()));
    // Both crash (their locks go with them); two editors started again offer one each.
    let (one_ch, two_ch) = (
        one.state().document().ch.clone(),
        two.state().document().ch.clone(),
    );
    drop((one, two));
    let mut again = [0, 1].map(|_| {
        harness(EditorApp::with_challenge(tutorial(), None).with_recovery_file(Some(rec.clone())))
    });
    let mut recovered = Vec::new();
    for h in &mut again {
        click(h, "Recover unsaved work");
        recovered.push(h.state().document().ch.clone());
    }
    assert!(recovered.contains(&one_ch) && recovered.contains(&two_ch));
    let _ = std::fs::remove_dir_all(&dir);
}
