//! Layout at the default 1280 × 800 window (issue 17 item 4): every top-bar control is whole
//! inside the window, the side panels fit its width, and controls keep their place when a
//! message comes, a save asks about overwriting, or a play-test move is played or restarted.
#![cfg(feature = "editor")]

mod editor_support;

use editor_support::*;
use eframe::egui::{self, Rect};
use peakforge::editor::app::EditorApp;

/// The editor's default window size (`peakforge::editor::run`).
const WINDOW: egui::Vec2 = egui::vec2(1280.0, 800.0);

const TOP_BAR: [&str; 13] = [
    "New blank",
    "New standard",
    "New Breakthrough",
    "New Seega",
    "Open…",
    "Recent files",
    "Save",
    "Save As…",
    "Undo",
    "Redo",
    "File",
    "Open path",
    "Save to path",
];

fn rect_of(h: &egui_kittest::Harness<'_, EditorApp>, label: &str) -> Rect {
    h.get_by_label(label).rect()
}

fn inside_window(r: Rect) -> bool {
    Rect::from_min_size(egui::Pos2::ZERO, WINDOW).contains_rect(r)
}

#[test]
fn at_1280_by_800_every_top_bar_control_is_whole_in_the_window() {
    let mut h = harness_sized(
        EditorApp::from_file(std::path::Path::new(TUTORIAL)).unwrap(),
        WINDOW,
    );
    for label in TOP_BAR {
        let r = rect_of(&h, label);
        assert!(
            inside_window(r),
            "{label} at {r:?} is cut by the 1280 x 800 window"
        );
    }
    // The panels' own controls are within the window's width too.
    for label in [
        "Verify",
        "Start play-test",
        "Export",
        "Edit board",
        "Play-test",
        "Width",
    ] {
        reveal(&mut h, label);
        let r = rect_of(&h, label);
        assert!(r.max.x <= WINDOW.x && r.min.x >= 0.0, "{label} at {r:?}");
    }
    for label in ["Verify", "Start play-test", "Export"] {
        reveal(&mut h, label);
        assert!(
            inside_window(rect_of(&h, label)),
            "{label} needs no scrolling"
        );
    }
}

#[test]
fn at_1280_by_800_every_tabs_controls_fit_the_width_and_its_first_ones_need_no_scrolling() {
    let mut h = harness_sized(
        EditorApp::from_file(std::path::Path::new(TUTORIAL)).unwrap(),
        WINDOW,
    );
    verify_now(&mut h);
    for t in TABS {
        tab(&mut h, t);
        let rects: Vec<(String, Rect)> = h
            .query_all(egui_kittest::kittest::By::new())
            .filter(|n| n.accesskit_node().role() == egui::accesskit::Role::Button)
            .map(|n| (n.accesskit_node().label().unwrap_or_default(), n.rect()))
            .collect();
        assert!(rects.len() > 20, "{t}: {}", rects.len());
        for (label, r) in rects {
            assert!(
                r.max.x <= WINDOW.x && r.min.x >= 0.0,
                "{t}: {label} at {r:?}"
            );
        }
    }
    for label in TABS {
        let r = h
            .query_all_by_label_contains(label)
            .map(|n| n.rect())
            .next()
            .unwrap();
        assert!(inside_window(r), "the tab {label} at {r:?}");
    }
}

#[test]
fn a_status_message_or_an_overwrite_question_moves_no_control() {
    let dir = temp_dir("layout-stable");
    let path = tutorial_copy(&dir);
    let mut h = harness_sized(EditorApp::with_challenge(tutorial(), None), WINDOW);
    let before: Vec<Rect> = TOP_BAR.iter().map(|l| rect_of(&h, l)).collect();
    let board = rect_of(&h, "square a1");
    let verify = rect_of(&h, "Verify");
    // A long message, then the overwrite question of a save over an existing file.
    type_into(&mut h, "File", &path.display().to_string());
    click(&mut h, "Save to path");
    assert!(has_label_containing(&h, "exists: overwrite it?"));
    let asking: Vec<Rect> = TOP_BAR.iter().map(|l| rect_of(&h, l)).collect();
    assert_eq!(asking, before);
    assert_eq!(rect_of(&h, "square a1"), board);
    click(&mut h, "Cancel save");
    assert!(has_label_containing(&h, "Save cancelled"));
    let after: Vec<Rect> = TOP_BAR.iter().map(|l| rect_of(&h, l)).collect();
    assert_eq!(after, before);
    assert_eq!(rect_of(&h, "square a1"), board);
    assert_eq!(rect_of(&h, "Verify"), verify);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn play_test_buttons_stay_in_place_through_a_game_and_a_restart() {
    // Tutorial 15: win in 3, so the game goes on after the first exchange.
    let ch =
        peakforge::challenge::load(std::path::Path::new("challenges/15-final-exam.ron")).unwrap();
    let mut h = harness_sized(EditorApp::with_challenge(ch, None), WINDOW);
    click(&mut h, "Play-test");
    let buttons = ["Resign", "Restart", "Stop play-test"];
    let places = |h: &egui_kittest::Harness<'_, EditorApp>| -> Vec<Rect> {
        buttons.iter().map(|l| rect_of(h, l)).collect()
    };
    let at_start = places(&h);
    click(&mut h, "square c2");
    click(&mut h, "square e2"); // the key move c2xe2
    assert_eq!(places(&h), at_start, "while the defence thinks");
    wait_for_defence(&mut h);
    assert_eq!(
        h.state().play_test().played().len(),
        2,
        "one exchange played"
    );
    assert_eq!(
        places(&h),
        at_start,
        "with the moves listed and the player to move"
    );
    click(&mut h, "Resign");
    assert_eq!(places(&h), at_start, "at the end");
    click(&mut h, "Restart");
    assert_eq!(places(&h), at_start, "after Restart");
}

#[test]
fn the_line_buttons_stay_in_place_across_modes_and_picks() {
    let mut h = harness_sized(EditorApp::with_challenge(tutorial(), None), WINDOW);
    let buttons = ["Back", "Forward", "Delete from here", "Clear line"];
    let places = |h: &egui_kittest::Harness<'_, EditorApp>| -> Vec<Rect> {
        buttons.iter().map(|l| rect_of(h, l)).collect()
    };
    let editing = places(&h);
    click(&mut h, "Play / record");
    assert_eq!(places(&h), editing, "entering Play / record");
    click(&mut h, "0. start");
    click(&mut h, "square c4"); // a piece picked: its destinations shown
    assert_eq!(places(&h), editing, "with a piece picked");
    click(&mut h, "Edit board");
    assert_eq!(places(&h), editing, "back to editing");
}

#[test]
fn the_resize_question_is_a_dialog_in_the_window_and_moves_nothing() {
    let mut h = harness_sized(EditorApp::with_challenge(tutorial(), None), WINDOW);
    let board = rect_of(&h, "square a1");
    h.get_by_label("Width").set_value_accesskit(3.0);
    h.settle();
    assert!(has_label_containing(&h, "removes"), "the question is asked");
    for label in ["Resize and remove pieces", "Keep the size"] {
        let r = rect_of(&h, label);
        assert!(
            inside_window(r) && r.max.y < WINDOW.y - 30.0,
            "{label} at {r:?}"
        );
    }
    assert_eq!(rect_of(&h, "square a1"), board, "the board moved");
    click(&mut h, "Keep the size");
    assert_eq!(rect_of(&h, "square a1"), board);
    // Esc answers it too (the editor's own Esc shortcut does not take the key meanwhile).
    let before = h.state().document().ch.clone();
    h.get_by_label("Width").set_value_accesskit(3.0);
    h.settle();
    assert!(has_label_containing(&h, "removes"));
    h.key_press(egui::Key::Escape);
    h.settle();
    assert!(!has_label_containing(&h, "removes"), "Esc keeps the size");
    assert_eq!(h.state().document().ch, before);
}

#[test]
fn at_1280_by_800_suggest_its_repairs_and_the_proof_browser_fit_the_width() {
    let file = std::path::Path::new("tests/data/cooked/05-support-cooked.ron");
    let mut h = harness_sized(EditorApp::from_file(file).unwrap(), WINDOW);
    verify_now(&mut h);
    press(&mut h, "Suggest");
    wait_until(&mut h, 60, |app| !app.suggesting());
    let repairs = h.state().repairs().unwrap().to_vec();
    let first = peakforge::editor::suggest::describe(&repairs[0]);
    for label in ["Suggest", "Browse the proof", first.as_str()] {
        reveal(&mut h, label);
        let r = rect_of(&h, label);
        assert!(r.max.x <= WINDOW.x && r.min.x >= 0.0, "{label} at {r:?}");
    }
    click(&mut h, &first);
    verify_now(&mut h);
    press(&mut h, "Browse the proof");
    wait_until(&mut h, 60, |app| !app.proof_searching());
    click(&mut h, "Proof: play the answer");
    let defences: Vec<Rect> = h
        .query_all_by_label_contains("defence ")
        .map(|n| n.rect())
        .collect();
    assert!(!defences.is_empty());
    for r in defences {
        assert!(r.max.x <= WINDOW.x && r.min.x >= 0.0, "a defence at {r:?}");
    }
    for label in ["Proof: start", "Proof: back", "Proof: play the answer"] {
        let r = rect_of(&h, label);
        assert!(inside_window(r), "{label} at {r:?}");
    }
}

#[test]
fn at_1280_by_800_the_position_fields_need_no_scrolling_and_exits_move_nothing() {
    let mut h = harness_sized(EditorApp::with_challenge(tutorial(), None), WINDOW);
    // The left panel ends above the status bar: its last controls are seen without scrolling.
    let status = rect_of(&h, "Keys (F1)").min.y;
    let seen = |h: &egui_kittest::Harness<'_, EditorApp>, label: &str| {
        let r = rect_of(h, label);
        assert!(r.max.y <= status && inside_window(r), "{label} at {r:?}");
        r
    };
    let adds = ["RS", "RP", "RG", "BS", "BP", "BG"];
    let before: Vec<Rect> = adds.iter().map(|l| seen(&h, l)).collect();
    // A piece exits, then another: the add buttons stay where they were (disabled at two).
    click(&mut h, "BP");
    click(&mut h, "RS");
    let after: Vec<Rect> = adds.iter().map(|l| seen(&h, l)).collect();
    assert_eq!(after, before);
    assert!(h.get_by_label("BG").accesskit_node().is_disabled());
    click(&mut h, "BP \u{d7}");
    assert!(!h.get_by_label("BG").accesskit_node().is_disabled());
    // The other games' last fields too.
    for game in ["New Seega", "New Breakthrough"] {
        click(&mut h, game);
        seen(&h, "Goal: win within player moves");
    }
}

#[test]
fn what_comes_and_goes_in_the_panels_moves_no_control() {
    // A designer's day: each of these moved a control under the pointer.
    // The zoom's percentage: Keys (F1) keeps its place.
    let mut h = harness_sized(EditorApp::with_challenge(tutorial(), None), WINDOW);
    let keys = rect_of(&h, "Keys (F1)");
    for _ in 0..3 {
        click(&mut h, "Zoom out");
    }
    assert_eq!(rect_of(&h, "Keys (F1)"), keys, "zoomed out");
    // Play / record: a piece that can exit offers its Exit button in a row of its own.
    let mut ch = tutorial();
    ch.solution.clear();
    let mut h = harness_sized(EditorApp::with_challenge(ch, None), WINDOW);
    click(&mut h, "Play / record");
    let (clear, start) = (rect_of(&h, "Clear line"), rect_of(&h, "(no move recorded)"));
    click(&mut h, "square c4");
    assert!(has_label_containing(&h, "Exit c4"));
    assert_eq!(rect_of(&h, "Clear line"), clear);
    assert_eq!(rect_of(&h, "(no move recorded)"), start, "the list stays");
    // Export: its message has a row of its own; the picture's controls stay.
    let dir = temp_dir("layout-export");
    let mut h = harness_sized(EditorApp::with_challenge(tutorial(), None), WINDOW);
    verify_now(&mut h);
    tab(&mut h, "Export file");
    type_into(
        &mut h,
        "Export to",
        &dir.join("e.ron").display().to_string(),
    );
    let picture = rect_of(&h, "Save picture");
    click(&mut h, "Export");
    assert!(has_label_containing(&h, "Exported to"));
    assert_eq!(rect_of(&h, "Save picture"), picture);
    // The question over an existing file takes the message's place: nothing moves, and the
    // message before it is gone (the status line keeps its own words).
    let said = |h: &egui_kittest::Harness<'_, EditorApp>| {
        h.query_all_by_label_contains("Exported to").count()
    };
    let before = said(&h);
    type_into(
        &mut h,
        "Export to",
        &dir.join("e.ron").display().to_string(),
    );
    click(&mut h, "Export");
    assert!(has_label_containing(&h, "exists: overwrite it?"));
    assert_eq!(said(&h), before - 1);
    assert_eq!(rect_of(&h, "Save picture"), picture);
    click(&mut h, "Keep the existing file");
    assert_eq!(rect_of(&h, "Save picture"), picture);
    // Seega: a chain square makes the phase line long; it stays one line over the board.
    let mut h = harness_sized(EditorApp::with_challenge(tutorial(), None), WINDOW);
    click(&mut h, "New Seega");
    let a1 = rect_of(&h, "square a1");
    type_into(&mut h, "Chain square", "c4");
    assert!(has_label_containing(&h, "Chain: c4 (none in placement"));
    assert_eq!(rect_of(&h, "square a1"), a1);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn use_the_solvers_line_stays_in_place_once_used() {
    let ch =
        peakforge::challenge::load(std::path::Path::new("tests/data/editor-cooked-illegal.ron"))
            .unwrap();
    let mut h = harness_sized(EditorApp::with_challenge(ch, None), WINDOW);
    verify_now(&mut h);
    tab(&mut h, "Findings");
    let button = rect_of(&h, "Use the solver's line");
    click(&mut h, "Use the solver's line");
    tab(&mut h, "Findings");
    assert_eq!(rect_of(&h, "Use the solver's line"), button);
    assert!(
        h.get_by_label("Use the solver's line")
            .accesskit_node()
            .is_disabled()
    );
}

#[test]
fn the_position_fields_stay_in_place_as_the_mode_changes() {
    let mut h = harness_sized(EditorApp::with_challenge(tutorial(), None), WINDOW);
    let width = rect_of(&h, "Width");
    for mode in ["Play / record", "Play-test", "Edit board"] {
        click(&mut h, mode);
        assert_eq!(rect_of(&h, "Width"), width, "{mode}");
    }
}
