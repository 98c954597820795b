//! The editor's document model without the GUI (`peakforge::document`, built headless too):
//! the regressions the `document_ops` fuzz target found (docs/fuzzing.md).

use peakforge::challenge::GameName;
use peakforge::document::doc::{self, Document};
use peakforge::document::edit::Edit;
use peakforge::document::spec_edit::{height_at, resized, with_heights};
use peakforge::games::board::Square;

fn sq(s: &str) -> Square {
    Square::parse(s).unwrap()
}

/// Found by `document_ops`: a file may give a board larger than 16 × 16 (the problems list
/// refuses it, but the editor opens it so that it can be fixed); painting a tile on it built the
/// terrain through `Square::new` on files and ranks past 15, which panicked (a debug assertion,
/// an overflow of `rank * 16`) or, in release, read the wrong tile.
#[test]
fn painting_and_resizing_a_board_larger_than_16_by_16_never_panics() {
    let mut spec = GameName::PawnPeak.standard_spec();
    spec.width = 20;
    spec.height = 18;
    let painted = with_heights(&spec, &[(sq("a1"), 3), (sq("p16"), 7)]);
    let rows = painted.terrain.as_ref().unwrap();
    assert_eq!(rows.len(), 18);
    assert!(
        rows.iter()
            .all(|r| r.len() == 20 && r.bytes().all(|b| b.is_ascii_digit()))
    );
    assert_eq!(height_at(&painted, sq("a1")), 3);
    assert_eq!(height_at(&painted, sq("p16")), 7);
    assert_eq!(&rows[17][..1], "3", "a1 is the first tile of the last row");
    let small = resized(&painted, 16, 16);
    assert_eq!(height_at(&small, sq("a1")), 3);
    assert_eq!(height_at(&small, sq("p16")), 7);

    // Through the document, as the editor applies the edits, and undone to the start.
    let start = doc::template_for(GameName::PawnPeak, spec.clone(), "big", "Big");
    let mut d = Document::new(start.clone(), None);
    d.apply(Edit::Height(sq("c3"), 5), None).unwrap();
    d.apply(Edit::Resize(16, 16), None).unwrap();
    assert_eq!(height_at(&d.ch.position, sq("c3")), 5);
    while d.undo() {}
    assert_eq!(d.ch, start);
    assert!(!d.dirty);
}
