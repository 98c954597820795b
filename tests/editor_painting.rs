//! Painting (issue 17 item 5): a fast drag, whose pointer samples are tiles apart, paints
//! every tile on the segment between them.
#![cfg(feature = "editor")]

mod editor_support;

use editor_support::*;
use peakforge::editor::app::EditorApp;

#[test]
fn a_fast_drag_paints_every_tile_between_pointer_samples() {
    let mut h = harness(EditorApp::with_challenge(tutorial(), None));
    let diagonal = ["a3", "b4", "c5", "d4", "e3"];
    let before = heights(&h, &diagonal);
    click(&mut h, "Height 4");
    // Along rank 1: samples on a1 and e1 only.
    drag_tiles(&mut h, &["a1", "e1"]);
    assert_eq!(heights(&h, &["a1", "b1", "c1", "d1", "e1"]), [4; 5]);
    // A diagonal, then a turn: a3 → c5 → c3, three samples.
    click(&mut h, "Height 6");
    drag_tiles(&mut h, &["a3", "c5", "e3"]);
    assert_eq!(heights(&h, &diagonal), [6; 5]);
    assert_eq!(
        heights(&h, &["b3", "d3", "b5"]),
        [0, 0, 0],
        "only the segments' tiles"
    );
    // The whole drag is one undo step.
    click(&mut h, "Undo");
    assert_eq!(heights(&h, &diagonal), before);
    assert_eq!(heights(&h, &["a1", "e1"]), [4, 4]);
}

#[test]
fn a_fast_raise_drag_raises_each_tile_once() {
    let mut h = harness(EditorApp::with_challenge(tutorial(), None));
    click(&mut h, "Raise");
    // Back and forth along rank 1: every tile between, once per stroke.
    drag_tiles(&mut h, &["a1", "e1", "a1"]);
    assert_eq!(heights(&h, &["a1", "b1", "c1", "d1", "e1"]), [1; 5]);
}
