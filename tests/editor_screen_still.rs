//! Issue 25 item 2, a screen that holds still: every control's place on the screen (each node
//! of the accessibility tree that the user can click or type in, the board's tiles included)
//! is recorded before and after each state change of the trial at 1280 × 800, and none may
//! move when the user opened nothing above it: Verify, the first keystroke after it, the
//! verdict going stale, a caption over the board (a finding, the play-test's last move), a
//! problem appearing, Tab from one text field to the next, and the unsaved-changes dialog of
//! a titled and an untitled document.
#![cfg(feature = "editor")]

mod editor_support;

use std::collections::BTreeMap;

use editor_support::*;
use eframe::egui::{self, Key, Rect, accesskit::Role};
use egui_kittest::Harness;
use egui_kittest::kittest::By;
use peakforge::editor::app::EditorApp;

/// The editor's default window size (`peakforge::editor::run`).
const WINDOW: egui::Vec2 = egui::vec2(1280.0, 800.0);

/// The roles of the controls a user clicks, drags or types in.
const CONTROLS: [Role; 9] = [
    Role::Button,
    Role::TextInput,
    Role::MultilineTextInput,
    Role::SpinButton,
    Role::RadioButton,
    Role::CheckBox,
    Role::ComboBox,
    Role::Slider,
    Role::Canvas,
];

/// Each control's place, by its role and label (a count in brackets left out: "Problems (2)"
/// is the tab "Problems"); controls of the same label are told apart by their order.
fn places(h: &Harness<'_, EditorApp>) -> BTreeMap<String, Rect> {
    let mut out = BTreeMap::new();
    for n in h.query_all(By::new()) {
        let node = n.accesskit_node();
        if !CONTROLS.contains(&node.role()) {
            continue;
        }
        let label = node.label().unwrap_or_default();
        let label = match label.rfind(" (") {
            Some(i)
                if label.ends_with(')')
                    && label[i + 2..label.len() - 1]
                        .bytes()
                        .all(|b| b.is_ascii_digit()) =>
            {
                label[..i].to_string()
            }
            _ => label,
        };
        let mut key = format!("{:?} {label}", node.role());
        let mut k = 2;
        while out.contains_key(&key) {
            key = format!("{:?} {label} #{k}", node.role());
            k += 1;
        }
        out.insert(key, n.rect());
    }
    out
}

/// The controls shown both times whose place differs.
fn moved(before: &BTreeMap<String, Rect>, after: &BTreeMap<String, Rect>) -> Vec<String> {
    before
        .iter()
        .filter_map(|(k, r)| {
            let a = after.get(k)?;
            ((a.min - r.min).length() > 0.5 || (a.size() - r.size()).length() > 0.5)
                .then(|| format!("{k}: {r:?} -> {a:?}"))
        })
        .collect()
}

#[track_caller]
fn assert_still(what: &str, before: &BTreeMap<String, Rect>, h: &Harness<'_, EditorApp>) {
    let after = places(h);
    let moved = moved(before, &after);
    assert!(
        moved.is_empty(),
        "{what} moved {} control(s):\n{}",
        moved.len(),
        moved.join("\n")
    );
    assert!(
        before.len() > 40,
        "the controls were found: {}",
        before.len()
    );
}

#[test]
fn no_control_moves_at_verify_a_keystroke_after_it_or_a_problem_appearing() {
    let mut h = harness_sized(EditorApp::with_challenge(tutorial(), None), WINDOW);
    tab(&mut h, "Texts");
    let start = places(&h);
    press(&mut h, "Verify");
    assert_still("starting Verify", &start, &h);
    wait_until(&mut h, 60, |a| a.verify_report().is_some());
    assert_still("the verdict", &start, &h);
    // The first keystroke after Verify: the verdict goes stale, the field stays.
    h.get_by_label("Title (French)").click();
    h.settle();
    let typing = places(&h);
    h.get_by_label("Title (French)").type_text("x");
    h.settle();
    assert_still("the first keystroke after Verify", &typing, &h);
    // Tab to the next field: nothing scrolls.
    h.key_press(Key::Tab);
    h.settle();
    assert_still("Tab to the next field", &typing, &h);
    h.key_press(Key::Escape);
    h.settle();
    // A problem appearing (the last Blue piece erased), with the Problems tab open.
    tab(&mut h, "Problems");
    let listed = places(&h);
    click(&mut h, "Erase piece");
    let before_erase = places(&h);
    let blue = board(&h)
        .pieces()
        .filter(|p| p.1.side == peakforge::games::pawn_peak::Side::Blue)
        .map(|p| p.0.to_string())
        .collect::<Vec<_>>();
    for sq in &blue {
        click(&mut h, &format!("square {sq}"));
    }
    assert!(
        h.state().document().checked().is_err(),
        "a problem appeared"
    );
    assert_still("a problem appearing", &before_erase, &h);
    assert!(listed.len() > 40);
}

#[test]
fn captions_over_the_board_move_neither_the_board_nor_the_panels() {
    let mut h = harness_sized(
        EditorApp::with_challenge(load("tests/data/first-tutorial.ron"), None),
        WINDOW,
    );
    verify_now(&mut h);
    tab(&mut h, "Findings");
    let before = places(&h);
    let key = h
        .query_all_by_label_contains("key ")
        .filter_map(|n| n.accesskit_node().label())
        .find(|l| l.starts_with("key "))
        .expect("the key move listed");
    click(&mut h, &key);
    assert!(h.state().finding_shown().is_some(), "a caption is shown");
    let mut after = places(&h);
    // "Back to the board" appears in the caption row: it is new, not moved.
    after.retain(|k, _| !k.contains("Back to the board"));
    let moved = moved(&before, &after);
    assert!(
        moved.is_empty(),
        "a finding's caption moved:\n{}",
        moved.join("\n")
    );
    click(&mut h, "Back to the board");
    // The play-test's last move: a caption too.
    click(&mut h, "Play-test");
    let testing = places(&h);
    click(&mut h, "square b3");
    click(&mut h, "square c4");
    wait_for_defence(&mut h);
    assert!(h.state().play_test().last_move().is_some());
    assert_still("the play-test's last move", &testing, &h);
}

/// The Save, Discard and Cancel buttons' places in the unsaved-changes dialog of `app` (New
/// blank asked after an edit).
fn dialog_buttons(app: EditorApp) -> Vec<Rect> {
    let mut h = harness_sized(app, WINDOW);
    click(&mut h, "square a1");
    assert!(h.state().document().dirty);
    click(&mut h, "New blank");
    assert!(asks_about_unsaved_changes(&h));
    ["Save", "Discard", "Cancel"]
        .iter()
        .map(|l| h.get_by_role(Role::Dialog).get_by_label(l).rect())
        .collect()
}

#[test]
fn the_unsaved_changes_dialog_has_its_buttons_in_one_place_titled_or_not() {
    let dir = temp_dir("still-dialog");
    let path = tutorial_copy(&dir);
    let titled = dialog_buttons(EditorApp::from_file(&path).unwrap());
    let untitled = dialog_buttons(EditorApp::with_challenge(tutorial(), None));
    assert_eq!(
        titled, untitled,
        "the buttons moved between the two dialogs"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

fn load(path: &str) -> peakforge::challenge::Challenge {
    peakforge::challenge::load(std::path::Path::new(path)).unwrap()
}
