//! The Library tab (issue 23, part 3): open a library folder (a copy of three shipped
//! tutorials with their index), see its entries and a problem the check found, move an entry
//! up (index.json rewritten, every field kept), open an entry as the document, and the tab's
//! controls inside the 1280 × 800 window.
#![cfg(feature = "editor")]

mod editor_support;

use std::path::{Path, PathBuf};
use std::time::Duration;

use editor_support::*;
use eframe::egui;
use peakforge::editor::app::EditorApp;
use peakforge::library::index;

const WINDOW: egui::Vec2 = egui::vec2(1280.0, 800.0);

/// A library of the first three shipped tutorials (their files and their index entries), in
/// a fresh folder; the second entry carries an exception, to see that a move keeps it.
fn small_library(name: &str) -> PathBuf {
    let dir = temp_dir(name);
    let (_, mut idx) = index::read(Path::new("challenges")).unwrap();
    idx.challenges.truncate(3);
    idx.exceptions.clear();
    for e in &mut idx.challenges {
        e.exceptions.clear();
        std::fs::copy(Path::new("challenges").join(&e.file), dir.join(&e.file)).unwrap();
    }
    idx.challenges[1].exceptions.push(index::Exception {
        kind: peakforge::library::Kind::RatingFalls,
        theme: None,
        why: "kept by a move".into(),
    });
    index::write(&idx, &dir.join(index::INDEX_FILE)).unwrap();
    dir
}

/// Runs frames until some label contains `text` (at most ~60 s).
fn wait_for_label(h: &mut egui_kittest::Harness<'_, EditorApp>, text: &str) {
    for _ in 0..6000 {
        if has_label_containing(h, text) {
            h.settle();
            return;
        }
        h.step();
        std::thread::sleep(Duration::from_millis(10));
    }
    panic!("no label with {text:?}");
}

fn open_library(h: &mut egui_kittest::Harness<'_, EditorApp>, dir: &Path) {
    tab(h, "Library");
    type_into(h, "Library folder", &dir.display().to_string());
    click(h, "Open library");
    wait_for_label(h, "problem(s),");
}

#[test]
fn open_a_library_see_its_entries_and_problems_reorder_and_open_an_entry() {
    let dir = small_library("library-flow");
    let mut h = harness(EditorApp::with_challenge(tutorial(), None));
    open_library(&mut h, &dir);
    // The entries in menu order, each with its verdict, and a problem the check found: the
    // Pawn&Peak themes three tutorials do not teach, named on the coverage line too.
    for row in ["1. 01-terrain", "2. 02-exit-point", "3. 03-scout-special"] {
        assert!(has_label_containing(&h, row), "{row}");
    }
    assert!(has_label_containing(&h, "· sound"));
    assert!(has_label_containing(&h, "theme_not_taught"));
    assert!(has_label_containing(&h, "no tutorial teaches pp-6-support"));
    // Select the second entry and move it up: index.json is rewritten, the exception kept.
    h.get_by_label_contains("2. 02-exit-point").click();
    h.settle();
    click(&mut h, "Move up");
    let (_, idx) = index::read(&dir).unwrap();
    let order: Vec<(u32, &str)> = idx
        .challenges
        .iter()
        .map(|e| (e.order, e.id.as_str()))
        .collect();
    assert_eq!(
        order,
        [
            (1, "02-exit-point"),
            (2, "01-terrain"),
            (3, "03-scout-special")
        ]
    );
    assert_eq!(idx.challenges[0].exceptions[0].why, "kept by a move");
    assert!(has_label_containing(&h, "1. 02-exit-point"));
    assert!(has_label_containing(&h, "The order changed since"));
    // Moved back: the order the check saw, so its report holds again.
    click(&mut h, "Move down");
    assert!(has_label_containing(&h, "1. 01-terrain"));
    assert!(!has_label_containing(&h, "The order changed since"));
    click(&mut h, "Move up");
    assert!(has_label_containing(&h, "The order changed since"));
    // Open the selected entry (now first) as the document.
    click(&mut h, "Open entry");
    assert_eq!(
        h.state().document().path.as_deref(),
        Some(dir.join("02-exit-point.ron").as_path())
    );
    assert_eq!(h.state().document().ch.id, "02-exit-point");
    // Its themes show under the verdict, in the Findings tab, with their evidence.
    verify_now(&mut h);
    tab(&mut h, "Findings");
    assert!(has_label_containing(
        &h,
        "Themes: pp-5-exit, pp-8-guardian-exit"
    ));
    assert!(has_label_containing(&h, "• pp-5-exit: "));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_library_that_fails_to_open_closes_the_one_shown_before() {
    // Before: the error showed above the previous library's list, whose buttons still acted.
    let dir = small_library("library-then-bad");
    let bad = temp_dir("library-bad");
    std::fs::write(
        bad.join(index::INDEX_FILE),
        "{ \"challenges\": [ {1: 2} ] }",
    )
    .unwrap();
    let mut h = harness(EditorApp::with_challenge(tutorial(), None));
    open_library(&mut h, &dir);
    assert!(has_label_containing(&h, "1. 01-terrain"));
    type_into(&mut h, "Library folder", &bad.display().to_string());
    click(&mut h, "Open library");
    assert!(has_label_containing(&h, "index.json"));
    assert!(
        !has_label_containing(&h, "1. 01-terrain"),
        "the old list is gone"
    );
    let check = h.query_by_label("Check library");
    assert!(
        check.is_none_or(|n| n.accesskit_node().is_disabled()),
        "nothing acts on the library shown before"
    );
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_dir_all(&bad);
}

#[test]
fn a_folder_without_an_index_is_a_message_not_a_panic() {
    let dir = temp_dir("library-none");
    let mut h = harness(EditorApp::with_challenge(tutorial(), None));
    tab(&mut h, "Library");
    type_into(&mut h, "Library folder", &dir.display().to_string());
    click(&mut h, "Open library");
    assert!(has_label_containing(&h, "cannot read the library's index"));
    assert!(h.query_by_label("Move up").is_none());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn at_1280_by_800_the_library_tabs_controls_fit_the_window() {
    let dir = small_library("library-layout");
    let mut h = harness_sized(EditorApp::with_challenge(tutorial(), None), WINDOW);
    open_library(&mut h, &dir);
    h.get_by_label_contains("1. 01-terrain").click();
    h.settle();
    let window = egui::Rect::from_min_size(egui::Pos2::ZERO, WINDOW);
    for label in [
        "Library folder",
        "Open library",
        "Choose folder…",
        "Check library",
        "Cancel check",
    ] {
        let r = h.get_by_label(label).rect();
        assert!(window.contains_rect(r), "{label} at {r:?}");
    }
    for label in ["Move up", "Move down", "Open entry"] {
        let r = h.get_by_label(label).rect();
        assert!(r.min.x >= 0.0 && r.max.x <= WINDOW.x, "{label} at {r:?}");
    }
    // The whole shipped menu: the list scrolls on its own, so the actions stay in the window
    // (below a 27-entry list they were out of sight).
    let full = temp_dir("library-layout-full");
    let (_, idx) = index::read(Path::new("challenges")).unwrap();
    for e in &idx.challenges {
        std::fs::copy(Path::new("challenges").join(&e.file), full.join(&e.file)).unwrap();
    }
    index::write(&idx, &full.join(index::INDEX_FILE)).unwrap();
    type_into(&mut h, "Library folder", &full.display().to_string());
    h.get_by_label("Open library").click();
    wait_for_label(&mut h, "excepted, 27 entries");
    h.get_by_label_contains("2. 02-exit-point").click();
    h.settle();
    for label in [
        "Move up",
        "Move down",
        "Open entry",
        "Add document",
        "Remove entry",
    ] {
        let r = h.get_by_label(label).rect();
        assert!(window.contains_rect(r), "{label} at {r:?}");
    }
    // The shipped menu passes; once reordered, that is said of the last check only.
    assert!(has_label_containing(&h, "the library passes the check"));
    // The wheel over the list, far past its end: the list scrolls, the tab around it does
    // not (the whole tab fits the window), so the actions stay in view.
    let actions = h.get_by_label("Move up").rect();
    h.get_by_label_contains("3. 03-scout-special").hover();
    h.settle();
    for _ in 0..12 {
        h.event(egui::Event::MouseWheel {
            unit: egui::MouseWheelUnit::Point,
            delta: egui::vec2(0.0, -300.0),
            phase: egui::TouchPhase::Move,
            source: egui::MouseWheelSource::Unknown,
            modifiers: egui::Modifiers::NONE,
        });
        h.step();
    }
    h.settle();
    assert_eq!(
        h.get_by_label("Move up").rect(),
        actions,
        "the tab scrolled"
    );
    click(&mut h, "Move up");
    assert!(!has_label_containing(&h, "the library passes the check"));
    assert!(has_label_containing(&h, "No problem at the last check"));
    // Moved down past the list's visible rows, the entry is shown by scrolling the list
    // alone: the buttons never move (scrolling to the row scrolled the panel too).
    let down = h.get_by_label("Move down").rect();
    for _ in 0..20 {
        click(&mut h, "Move down");
        assert_eq!(h.get_by_label("Move down").rect(), down);
    }
    assert!(has_label_containing(&h, "21. 02-exit-point"));
    let _ = std::fs::remove_dir_all(&full);
    // The board stays beside the panel.
    let a1 = h.get_by_label("square a1").rect();
    assert!(window.contains_rect(a1), "square a1 at {a1:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Remove an entry (its file stays), add the document back at the end of the menu, and a
/// document saved outside the library's folder is refused with the reason.
#[test]
fn remove_an_entry_and_add_the_document() {
    let dir = small_library("library-add-remove");
    let third = dir.join("03-scout-special.ron");
    let mut h = harness(EditorApp::from_file(&third).unwrap());
    open_library(&mut h, &dir);
    let ids = |dir: &Path| -> Vec<(u32, String)> {
        let (_, idx) = index::read(dir).unwrap();
        idx.challenges
            .into_iter()
            .map(|e| (e.order, e.id))
            .collect()
    };
    // The first click asks, naming what goes with the entry (02's exception); another
    // entry's Remove asks again; only the second click on the same entry removes it.
    h.get_by_label_contains("2. 02-exit-point").click();
    h.settle();
    click(&mut h, "Remove entry");
    assert!(has_label_containing(
        &h,
        "Remove 02-exit-point from the menu and its exception?"
    ));
    assert_eq!(ids(&dir).len(), 3, "nothing removed yet");
    h.get_by_label_contains("3. 03-scout-special").click();
    h.settle();
    click(&mut h, "Remove entry");
    assert_eq!(ids(&dir).len(), 3, "asked again for another entry");
    click(&mut h, "Remove entry");
    assert_eq!(
        ids(&dir),
        [
            (1, "01-terrain".to_string()),
            (2, "02-exit-point".to_string())
        ]
    );
    assert!(third.is_file(), "the file stays");
    assert!(has_label_containing(&h, "removed from the menu"));
    click(&mut h, "Add document");
    assert_eq!(ids(&dir).last(), Some(&(3, "03-scout-special".to_string())));
    // Added twice: refused, the index unchanged.
    click(&mut h, "Add document");
    assert_eq!(ids(&dir).len(), 3);
    assert!(has_label_containing(&h, "already has 03-scout-special"));

    // A document whose file is elsewhere.
    let mut h = harness(EditorApp::with_challenge(tutorial(), None));
    open_library(&mut h, &dir);
    click(&mut h, "Add document");
    assert!(has_label_containing(
        &h,
        "Save the document in the library's folder"
    ));
    assert_eq!(ids(&dir).len(), 3);
}

/// Keyboard reorder: Alt+Down and Alt+Up move the selected entry (index.json saved each time,
/// the selection following the entry), the last entry goes no lower, the board's keyboard
/// cursor does not take them (egui's key match ignores an extra Alt: the cursor took Alt+arrows
/// as arrows before it left them), and the Keys list (F1) names them.
#[test]
fn alt_arrows_move_the_selected_entry() {
    let dir = small_library("library-keys");
    let mut h = harness(EditorApp::with_challenge(tutorial(), None));
    open_library(&mut h, &dir);
    let ids = |dir: &Path| -> Vec<String> {
        let (_, idx) = index::read(dir).unwrap();
        idx.challenges.into_iter().map(|e| e.id).collect()
    };
    h.get_by_label_contains("1. 01-terrain").click();
    h.settle();
    for _ in 0..2 {
        h.key_press_modifiers(egui::Modifiers::ALT, egui::Key::ArrowDown);
        h.settle();
    }
    assert_eq!(
        ids(&dir),
        ["02-exit-point", "03-scout-special", "01-terrain"]
    );
    assert!(has_label_containing(&h, "01-terrain moved to place 3"));
    // At the bottom, Alt+Down changes nothing; Alt+Up brings it back one place.
    h.key_press_modifiers(egui::Modifiers::ALT, egui::Key::ArrowDown);
    h.settle();
    assert_eq!(ids(&dir)[2], "01-terrain");
    h.key_press_modifiers(egui::Modifiers::ALT, egui::Key::ArrowUp);
    h.settle();
    assert_eq!(
        ids(&dir),
        ["02-exit-point", "01-terrain", "03-scout-special"]
    );
    assert!(has_label_containing(&h, "2. 01-terrain"));
    // The Keys list names them.
    h.key_press(egui::Key::F1);
    h.settle();
    assert!(has_label_containing(
        &h,
        "Library tab: move the selected entry up or down"
    ));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_index_changed_on_disk_is_never_written_over() {
    // Before: an entry added to index.json by hand was dropped by the next Move, which wrote
    // the list as the tab had read it.
    let dir = small_library("library-disk");
    let mut h = harness(EditorApp::with_challenge(tutorial(), None));
    open_library(&mut h, &dir);
    let (file, mut idx) = index::read(&dir).unwrap();
    let (_, shipped) = index::read(Path::new("challenges")).unwrap();
    let fourth = shipped.challenges[3].clone();
    std::fs::copy(
        Path::new("challenges").join(&fourth.file),
        dir.join(&fourth.file),
    )
    .unwrap();
    idx.challenges.push(fourth.clone());
    index::write(&idx, &file).unwrap();
    h.get_by_label_contains("1. 01-terrain").click();
    h.settle();
    h.key_press_modifiers(egui::Modifiers::ALT, egui::Key::ArrowDown);
    h.settle();
    let (_, now) = index::read(&dir).unwrap();
    assert_eq!(now, idx, "the file as the other program left it");
    assert!(has_label_containing(
        &h,
        "index.json was changed by another program"
    ));
    assert!(
        has_label_containing(&h, &format!("4. {}", fourth.id)),
        "the list shows it"
    );
    // Done again, the move keeps the entry added.
    h.get_by_label_contains("1. 01-terrain").click();
    h.settle();
    h.key_press_modifiers(egui::Modifiers::ALT, egui::Key::ArrowDown);
    h.settle();
    let (_, now) = index::read(&dir).unwrap();
    assert_eq!(now.challenges.len(), 4);
    assert_eq!(now.challenges[1].id, "01-terrain");
    let _ = std::fs::remove_dir_all(&dir);
}
