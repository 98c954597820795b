//! Typing into a number field at once after clicking it, in the frame after the click, before
//! egui has drawn the field as a text field (a trial under Xvfb once saw a digit typed 0.3 s
//! after a click change the height instead; not seen again with the window focused first):
//! the digit is the field's, not the height shortcut's.
#![cfg(feature = "editor")]

use eframe::egui::{self, Key, Modifiers};
use egui_kittest::kittest::Queryable;
use peakforge::editor::app::EditorApp;

mod editor_support;
use editor_support::*;

#[test]
fn a_digit_typed_at_once_after_a_click_goes_to_the_field() {
    let mut h = harness(EditorApp::with_challenge(tutorial(), None));
    h.settle();
    let height = h.state().tools().height;
    let limit = h.state().document().ch.position.move_limit;
    let at = h.get_by_label("Move limit").rect().center();
    h.event(egui::Event::PointerMoved(at));
    h.step();
    // A quick click: press and release in one frame, and nothing drawn after it.
    for pressed in [true, false] {
        h.event(egui::Event::PointerButton {
            pos: at,
            button: egui::PointerButton::Primary,
            pressed,
            modifiers: Modifiers::NONE,
        });
    }
    h.step();
    let digit = if limit == 7 {
        (Key::Num8, "8")
    } else {
        (Key::Num7, "7")
    };
    for pressed in [true, false] {
        h.event(egui::Event::Key {
            key: digit.0,
            physical_key: None,
            pressed,
            repeat: false,
            modifiers: Modifiers::NONE,
        });
        if pressed {
            h.event(egui::Event::Text(digit.1.into()));
        }
        h.step();
    }
    assert_eq!(h.state().tools().height, height, "the digit chose a height");
    h.key_press(Key::Enter);
    h.settle();
    assert_eq!(
        h.state().document().ch.position.move_limit.to_string(),
        digit.1,
        "the field did not take the digit"
    );
}
