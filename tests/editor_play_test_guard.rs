//! Issue 25 item 1: in Play-test nothing edits the document (the position fields, the line's
//! buttons, the texts, undo), and the player can take back their own last move.
#![cfg(feature = "editor")]

mod editor_support;

use editor_support::*;
use eframe::egui::{Key, Modifiers};
use egui_kittest::kittest::NodeT;
use peakforge::editor::app::EditorApp;
use peakforge::editor::tools::Tool;

fn first_tutorial() -> peakforge::challenge::Challenge {
    peakforge::challenge::load(std::path::Path::new("tests/data/first-tutorial.ron")).unwrap()
}

#[test]
fn during_a_play_test_no_field_no_line_button_and_no_undo_changes_the_document() {
    let mut h = harness(EditorApp::with_challenge(first_tutorial(), None));
    // An edit first, so that Undo would have something to undo.
    click(&mut h, "Height 3");
    click(&mut h, "square a1");
    let before = h.state().document().ch.clone();
    click(&mut h, "Play-test");
    assert_eq!(h.state().tool(), Tool::PlayTest);
    for label in [
        "Move counter",
        "Move limit",
        "Blue score",
        "Width",
        "Goal: win within player moves",
    ] {
        assert!(
            h.get_by_label(label).accesskit_node().is_disabled(),
            "{label} is read-only during a play-test"
        );
    }
    tab(&mut h, "Line");
    for label in ["Clear line", "Take back the last move"] {
        assert!(
            h.get_by_label(label).accesskit_node().is_disabled(),
            "{label} is disabled during a play-test"
        );
        h.get_by_label(label).click();
        h.run();
    }
    tab(&mut h, "Texts");
    assert!(
        h.get_by_label("Title (English)")
            .accesskit_node()
            .is_disabled()
    );
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    assert_eq!(
        h.state().document().ch,
        before,
        "nothing edited the document"
    );
    assert_eq!(h.state().tool(), Tool::PlayTest, "the game goes on");
    assert!(h.state().play_test().position().is_some(), "still playable");
}

#[test]
fn take_back_my_move_undoes_the_players_move_and_the_defences_answer() {
    let mut h = harness(EditorApp::with_challenge(first_tutorial(), None));
    click(&mut h, "Play-test");
    assert!(
        h.get_by_label("Take back my move")
            .accesskit_node()
            .is_disabled()
    );
    let start = h.state().play_test().position().cloned();
    click(&mut h, "square b3");
    click(&mut h, "square c4");
    wait_for_defence(&mut h);
    assert_eq!(h.state().play_test().played().len(), 2);
    click(&mut h, "Take back my move");
    assert!(h.state().play_test().played().is_empty());
    assert_eq!(h.state().play_test().position().cloned(), start);
    assert!(h.state().play_test().last_move().is_none());
    // The player plays again, and wins the same way.
    click(&mut h, "square b3");
    click(&mut h, "square c4");
    wait_for_defence(&mut h);
    assert_eq!(h.state().play_test().played().len(), 2);
}
