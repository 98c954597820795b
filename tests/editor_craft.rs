//! Issue 25 item 3, the level-editor craft, through the accessibility tree: the rectangle
//! selection (copy, cut, paste, also into another document, and move), mirror, the quarter
//! turn where the game allows it, shifting the board, the eyedropper, the brush's outline and
//! its real size, zoom and pan, the list of keys, a picture of the board, the solver's line,
//! preferences kept in eframe's storage, and a file changed on disk.
#![cfg(feature = "editor")]

mod editor_support;

use std::collections::HashMap;

use editor_support::*;
use eframe::egui::{self, Key, Modifiers};
use egui_kittest::kittest::NodeT;
use peakforge::challenge::{self, GameName};
use peakforge::editor::app::EditorApp;
use peakforge::editor::doc;
use peakforge::editor::tools::Tool;
use peakforge::verify::Status;

fn load(path: &str) -> challenge::Challenge {
    challenge::load(std::path::Path::new(path)).unwrap()
}

#[test]
fn a_selection_copies_and_pastes_its_tiles_into_another_document() {
    let mut a = harness(EditorApp::with_challenge(tutorial(), None));
    a.key_press(Key::S);
    a.settle();
    assert_eq!(a.state().tool(), Tool::Select);
    let rect = ["a1", "b1", "a2", "b2", "a3", "b3"];
    drag_tiles(&mut a, &["a1", "b3"]);
    for t in rect {
        assert!(
            tile_words(&a, t).contains("selected"),
            "{t}: {}",
            tile_words(&a, t)
        );
    }
    assert!(!tile_words(&a, "c1").contains("selected"));
    send(&mut a, egui::Event::Copy);
    let text = copied_text(&a).expect("the tiles on the clipboard");
    let words: Vec<String> = rect.iter().map(|t| tile_words(&a, t)).collect();
    // Into another document: a blank board, pasted at the selection there (c3).
    let blank = doc::template(&doc::blank_position(), "b", "Blank");
    let mut b = harness(EditorApp::with_challenge(blank, None));
    b.key_press(Key::S);
    b.settle();
    click(&mut b, "square c3");
    send(&mut b, egui::Event::Paste(text));
    b.settle();
    for (t, w) in ["c3", "d3", "c4", "d4", "c5", "d5"].iter().zip(&words) {
        let got = tile_words(&b, t).replace(" · selected", "");
        assert_eq!(&got, &w.replace(" · selected", ""), "{t}");
    }
    assert!(b.state().document().dirty);
    // Text that is no clip of tiles is refused in words.
    send(&mut b, egui::Event::Paste("hello".into()));
    assert!(
        b.state()
            .message()
            .unwrap_or_default()
            .contains("Cannot paste")
    );
}

#[test]
fn cut_empties_the_selection_and_a_drag_inside_it_moves_its_tiles_in_one_undo_step() {
    let mut h = harness(EditorApp::with_challenge(tutorial(), None));
    click(&mut h, "Select");
    let piece_sq = board(&h).pieces().next().expect("a piece").0.to_string();
    let before = tile_words(&h, &piece_sq);
    click(&mut h, &format!("square {piece_sq}"));
    // Move it one file over (or back when it is on the last file).
    let sq = sq(&piece_sq);
    let to_file = if sq.file() + 1 < board(&h).width() {
        sq.file() + 1
    } else {
        sq.file() - 1
    };
    let to = peakforge::games::pawn_peak::Square::new(to_file, sq.rank()).to_string();
    drag_tiles(&mut h, &[&piece_sq, &to]);
    assert_eq!(
        tile_words(&h, &to).replace(" · selected", ""),
        before.replace(" · selected", "")
    );
    assert!(tile_words(&h, &piece_sq).ends_with("empty"));
    click(&mut h, "Undo");
    assert_eq!(
        h.state().document().ch.position,
        tutorial().position,
        "one undo step"
    );
    // Cut: the selected tile is emptied and its piece is on the clipboard.
    click(&mut h, &format!("square {piece_sq}"));
    send(&mut h, egui::Event::Cut);
    assert!(copied_text(&h).is_some_and(|t| t.contains("pieces")));
    h.settle();
    assert!(tile_words(&h, &piece_sq).ends_with("empty"));
}

#[test]
fn mirror_carries_the_line_and_a_quarter_turn_is_offered_only_where_the_game_allows() {
    let mut h = harness(EditorApp::with_challenge(tutorial(), None));
    let line = h.state().document().ch.solution.clone();
    // A selected tile: after the mirror its rectangle would name other tiles, so it is
    // cleared.
    click(&mut h, "Select");
    click(&mut h, "square a1");
    assert!(tile_words(&h, "a1").contains("selected"));
    click(&mut h, "Mirror");
    for f in ["a", "b", "c", "d", "e"] {
        for r in 1..=5 {
            let words = tile_words(&h, &format!("{f}{r}"));
            assert!(!words.contains("selected"), "{f}{r}: {words}");
        }
    }
    let ch = &h.state().document().ch;
    assert_ne!(ch.position, tutorial().position);
    assert_eq!(ch.solution.len(), line.len(), "the line came along");
    assert!(h.state().document().checked().is_ok());
    assert!(
        h.state()
            .message()
            .is_some_and(|m| m.starts_with("Done: mirror"))
    );
    // Undone, the status line no longer says it was done; redone, it says so.
    click(&mut h, "Undo");
    assert_eq!(h.state().document().ch.position, tutorial().position);
    assert_eq!(h.state().message(), Some("Undone: Redo brings it back."));
    click(&mut h, "Redo");
    assert_eq!(h.state().message(), Some("Redone."));
    assert_eq!(
        verify_now(&mut h),
        Status::Sound,
        "the mirror image is as sound"
    );
    // Pawn&Peak moves towards an edge: no quarter turn, and the button says why.
    let turn = h.get_by_label("Quarter turn");
    assert!(turn.accesskit_node().is_disabled());
    // Seega's square board turns.
    let mut sg = harness(EditorApp::with_challenge(
        doc::template_for(
            GameName::Seega,
            GameName::Seega.standard_spec(),
            "sg",
            "Seega",
        ),
        None,
    ));
    click(&mut sg, "White Stone");
    click(&mut sg, "square a1");
    click(&mut sg, "Quarter turn");
    assert!(
        tile_words(&sg, "a5").contains("White Stone"),
        "a1 turned to a5"
    );
    assert!(tile_words(&sg, "a1").ends_with("empty"));
}

#[test]
fn shift_moves_the_whole_board_one_tile_and_refuses_to_push_a_piece_off() {
    let blank = doc::template(&doc::blank_position(), "b", "Blank");
    let mut h = harness(EditorApp::with_challenge(blank, None));
    click(&mut h, "Height 4");
    click(&mut h, "square b2");
    click(&mut h, "Red Scout");
    click(&mut h, "square c2");
    click(&mut h, "Shift right");
    assert!(tile_words(&h, "c2").starts_with("height 4"));
    assert!(tile_words(&h, "d2").contains("Red Scout"));
    assert!(tile_words(&h, "b2").starts_with("height 0"));
    h.key_press_modifiers(Modifiers::SHIFT, Key::ArrowUp);
    h.settle();
    assert!(tile_words(&h, "d3").contains("Red Scout"), "Shift+Up");
    for _ in 0..2 {
        click(&mut h, "Shift right");
    }
    assert!(tile_words(&h, "e3").contains("Red Scout"));
    assert!(h.state().message().unwrap_or_default().contains("fall off"));
}

#[test]
fn the_eyedropper_takes_the_tiles_height_and_its_piece() {
    let mut h = harness(EditorApp::with_challenge(tutorial(), None));
    let (at, piece) = board(&h).pieces().next().unwrap();
    let height = board(&h).height_at(at);
    click(&mut h, "Eyedropper");
    click(&mut h, &format!("square {at}"));
    assert_eq!(h.state().tools().height, height);
    match h.state().tool() {
        Tool::Place(stamp) => assert!(stamp.name().ends_with(piece.kind.name())),
        t => panic!("the piece's tool, not {t:?}"),
    }
}

#[test]
fn brush_buttons_say_their_real_size_and_the_outline_covers_what_they_paint() {
    let blank = doc::template(&doc::blank_position(), "b", "Blank");
    let mut h = harness(EditorApp::with_challenge(blank, None));
    click(&mut h, "Brush 3 × 3");
    let c3 = h.get_by_label("square c3").rect().center();
    h.hover_at(c3);
    h.settle();
    let outlined: Vec<&str> = ["b2", "c2", "d2", "b3", "c3", "d3", "b4", "c4", "d4"]
        .into_iter()
        .filter(|t| tile_words(&h, t).contains("under the brush"))
        .collect();
    assert_eq!(outlined.len(), 9, "{outlined:?}");
    assert!(!tile_words(&h, "a1").contains("under the brush"));
    click(&mut h, "Height 5");
    h.hover_at(c3);
    h.settle();
    click(&mut h, "square c3");
    assert_eq!(
        heights(&h, &["b2", "c3", "d4", "a1"]),
        [5, 5, 5, 0],
        "paints 3 × 3"
    );
}

#[test]
fn zoom_and_pan_move_the_board_and_fit_puts_it_back() {
    let mut h = harness(EditorApp::with_challenge(tutorial(), None));
    let fitted = h.get_by_label("square c3").rect();
    h.key_press(Key::Equals);
    h.settle();
    let zoomed = h.get_by_label("square c3").rect();
    assert!(
        zoomed.width() > fitted.width() * 1.2,
        "{zoomed:?} vs {fitted:?}"
    );
    click(&mut h, "Zoom out");
    click(&mut h, "Zoom in");
    click(&mut h, "Zoom in");
    assert!(h.get_by_label("square c3").rect().width() > zoomed.width());
    h.key_press(Key::Home);
    h.settle();
    assert_eq!(h.get_by_label("square c3").rect(), fitted);
}

#[test]
fn ctrl_plus_and_minus_zoom_the_board_not_the_interface() {
    // Before, egui's own Ctrl+- shrank every panel and the board stayed as it was.
    let mut h = harness(EditorApp::with_challenge(tutorial(), None));
    let fitted = h.get_by_label("square c3").rect();
    h.key_press_modifiers(Modifiers::COMMAND, Key::Equals);
    h.settle();
    let zoomed = h.get_by_label("square c3").rect();
    assert!(
        zoomed.width() > fitted.width() * 1.2,
        "{zoomed:?} vs {fitted:?}"
    );
    h.key_press_modifiers(Modifiers::COMMAND, Key::Minus);
    h.key_press_modifiers(Modifiers::COMMAND, Key::Minus);
    h.settle();
    assert!(h.get_by_label("square c3").rect().width() < zoomed.width());
    assert_eq!(h.ctx.zoom_factor(), 1.0, "the interface keeps its size");
    h.key_press_modifiers(Modifiers::COMMAND, Key::Num0);
    h.settle();
    assert_eq!(h.get_by_label("square c3").rect(), fitted);
    assert_eq!(
        h.state().tools().height,
        1,
        "Ctrl+0 fits the board: it is not height 0"
    );
}

#[test]
fn the_keys_list_stays_above_the_status_bar_in_a_short_window() {
    // 640 pt tall: the list (27 rows for Pawn&Peak) no longer fits whole; it scrolls.
    let size = egui::vec2(1280.0, 640.0);
    let mut h = harness_sized(EditorApp::with_challenge(tutorial(), None), size);
    h.key_press(Key::F1);
    h.settle();
    let row = h.get_by_label("This list").rect();
    let window = area_around(&h, row);
    let bar = h.get_by_label("Keys (F1)").rect();
    assert!(
        window.bottom() < bar.top() - 8.0,
        "{window:?} runs into the status bar at {bar:?}"
    );
    // Esc closes it, as the list says.
    assert!(has_label_containing(
        &h,
        "close a dialog, a menu or this list"
    ));
    h.key_press(Key::Escape);
    h.settle();
    assert!(h.query_by_label("This list").is_none());
}

#[test]
fn the_keys_list_names_every_shortcut_and_no_height_keys_in_a_game_without_terrain() {
    let mut h = harness(EditorApp::with_challenge(tutorial(), None));
    h.key_press(Key::F1);
    h.settle();
    assert!(has_label_containing(&h, "Choose a height"));
    assert!(has_label_containing(
        &h,
        "Copy, cut, paste the selected tiles"
    ));
    let bt = doc::template_for(
        GameName::Breakthrough,
        GameName::Breakthrough.standard_spec(),
        "bt",
        "Breakthrough",
    );
    let mut b = harness(EditorApp::with_challenge(bt, None));
    click(&mut b, "Keys (F1)");
    assert!(has_label_containing(&b, "Undo"));
    assert!(
        !has_label_containing(&b, "Choose a height"),
        "no terrain keys"
    );
    assert!(!has_label_containing(&b, "0–9"), "no height hint anywhere");
}

#[test]
fn a_picture_of_the_board_is_saved_from_the_editor() {
    let dir = temp_dir("craft-picture");
    let mut h = harness(EditorApp::with_challenge(tutorial(), None));
    for (name, magic) in [("board.png", &b"\x89PNG"[..]), ("board.svg", &b"<svg"[..])] {
        let out = dir.join(name);
        type_into(&mut h, "Picture to", &out.display().to_string());
        click(&mut h, "Save picture");
        let bytes = std::fs::read(&out).expect("the picture");
        assert!(bytes.starts_with(magic), "{name}");
        // The status line says it too (it still spoke of the last export).
        let said = format!("Picture saved to {}.", out.display());
        assert_eq!(h.state().message(), Some(said.as_str()));
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_picture_never_replaces_a_file_without_asking() {
    let dir = temp_dir("craft-picture-replace");
    let mut h = harness(EditorApp::with_challenge(tutorial(), None));
    // A challenge's path is refused: a picture never lands on a challenge.
    let challenge = dir.join("mine.ron");
    std::fs::write(&challenge, "my challenge").unwrap();
    type_into(&mut h, "Picture to", &challenge.display().to_string());
    click(&mut h, "Save picture");
    assert!(has_label_containing(&h, "ends in .svg or .png"));
    assert_eq!(std::fs::read_to_string(&challenge).unwrap(), "my challenge");
    // An existing picture is replaced only when the designer says so.
    let old = dir.join("old.png");
    std::fs::write(&old, "a picture of mine").unwrap();
    type_into(&mut h, "Picture to", &old.display().to_string());
    click(&mut h, "Save picture");
    assert!(has_label_containing(&h, "exists: overwrite it?"));
    click(&mut h, "Keep the existing file");
    assert!(has_label_containing(&h, "Nothing was saved"));
    assert_eq!(std::fs::read_to_string(&old).unwrap(), "a picture of mine");
    click(&mut h, "Save picture");
    click(&mut h, "Overwrite");
    assert!(std::fs::read(&old).unwrap().starts_with(b"\x89PNG"));
    // What the tab wrote itself, it writes again without asking, while nobody changed it.
    click(&mut h, "Save picture");
    assert!(has_label_containing(&h, "Picture saved to"));
    assert!(!has_label_containing(&h, "overwrite it?"));
    std::fs::write(&old, "changed by another program").unwrap();
    click(&mut h, "Save picture");
    assert!(has_label_containing(&h, "exists: overwrite it?"));
    click(&mut h, "Keep the existing file");
    assert_eq!(
        std::fs::read_to_string(&old).unwrap(),
        "changed by another program"
    );
    // A folder is refused at once: there is nothing to replace.
    let folder = dir.join("folder.png");
    std::fs::create_dir(&folder).unwrap();
    type_into(&mut h, "Picture to", &folder.display().to_string());
    click(&mut h, "Save picture");
    assert!(has_label_containing(&h, "Cannot save the picture"));
    assert!(!has_label_containing(&h, "overwrite it?"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn use_the_solvers_line_replaces_a_line_that_fails() {
    let mut h = harness(EditorApp::with_challenge(
        load("tests/data/editor-cooked-illegal.ron"),
        None,
    ));
    verify_now(&mut h);
    let main = h.state().verify_report().unwrap().0.main_line_texts();
    click(&mut h, "Use the solver's line");
    assert_eq!(h.state().document().ch.solution, main);
    assert!(
        h.state()
            .document()
            .checked()
            .unwrap()
            .line_problem()
            .is_none()
    );
    click(&mut h, "Undo");
    assert_eq!(
        h.state().document().ch.solution,
        load("tests/data/editor-cooked-illegal.ron").solution
    );
}

/// eframe's storage, in memory.
#[derive(Default)]
struct Memory(HashMap<String, String>);

impl eframe::Storage for Memory {
    fn get_string(&self, key: &str) -> Option<String> {
        self.0.get(key).cloned()
    }
    fn set_string(&mut self, key: &str, value: String) {
        self.0.insert(key.to_string(), value);
    }
    fn remove_string(&mut self, key: &str) {
        self.0.remove(key);
    }
    fn flush(&mut self) {}
}

#[test]
fn the_tool_its_height_and_brush_the_panel_and_the_library_folder_are_kept_in_eframes_storage() {
    let mut h = harness(EditorApp::with_challenge(tutorial(), None));
    click(&mut h, "Raise");
    click(&mut h, "Height 7");
    click(&mut h, "Raise");
    click(&mut h, "Brush 5 × 5");
    // The Library tab's folder too (it came back empty).
    tab(&mut h, "Library");
    type_into(&mut h, "Library folder", "/menus/pawn-peak");
    tab(&mut h, "Texts");
    let mut storage = Memory::default();
    eframe::App::save(h.state_mut(), &mut storage);
    let kept: peakforge::editor::prefs::Prefs =
        eframe::get_value(&storage, eframe::APP_KEY).expect("kept");
    let next = EditorApp::with_challenge(tutorial(), None).with_prefs(&kept);
    let mut h2 = harness(next);
    assert_eq!(h2.state().tool(), Tool::Raise);
    assert_eq!((h2.state().tools().height, h2.state().tools().size), (7, 3));
    assert!(
        h2.query_by_label("Title (English)").is_some(),
        "the Texts panel is shown"
    );
    tab(&mut h2, "Library");
    let folder = h2.get_by_label("Library folder");
    assert_eq!(
        folder.accesskit_node().value().as_deref(),
        Some("/menus/pawn-peak")
    );
}

#[test]
fn a_file_changed_on_disk_is_offered_for_reload_and_save_never_overwrites_it_unasked() {
    let dir = temp_dir("craft-disk");
    let path = tutorial_copy(&dir);
    let mut h = harness(EditorApp::from_file(&path).unwrap());
    click(&mut h, "Height 3");
    click(&mut h, "square a1");
    // Another program rewrites the file: a new title.
    let mut theirs = tutorial();
    theirs.title.insert("en".into(), "Changed elsewhere".into());
    challenge::save(&theirs, &path).unwrap();
    for _ in 0..200 {
        if has_label_containing(&h, "Changed on disk") {
            break;
        }
        h.step();
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    assert!(
        has_label_containing(&h, "Changed on disk"),
        "the reload is offered"
    );
    click_in_dialog(&mut h, "Keep mine");
    assert!(h.state().document().dirty, "the edit is kept");
    // Another change, then Save: refused, the question asked again.
    theirs.title.insert("en".into(), "Changed again".into());
    challenge::save(&theirs, &path).unwrap();
    h.key_press_modifiers(Modifiers::COMMAND, Key::S);
    h.settle();
    assert_eq!(
        load(path.to_str().unwrap()).title["en"],
        "Changed again",
        "not overwritten"
    );
    assert!(has_label_containing(&h, "Changed on disk"));
    click_in_dialog(&mut h, "Reload from disk");
    assert_eq!(h.state().document().ch.title["en"], "Changed again");
    assert!(!h.state().document().dirty);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_file_deleted_on_disk_leaves_the_work_unsaved_so_nothing_drops_it_unasked() {
    // Before: "changed by another program", Reload failed, and New blank then discarded the
    // challenge without a question (it was saved: it existed nowhere any more).
    let dir = temp_dir("craft-deleted");
    let path = tutorial_copy(&dir);
    let mut h = harness(EditorApp::from_file(&path).unwrap());
    assert!(!h.state().document().dirty);
    std::fs::remove_file(&path).unwrap();
    for _ in 0..200 {
        if has_label_containing(&h, "Deleted on disk") {
            break;
        }
        h.step();
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    assert!(has_label_containing(&h, "was deleted by another program"));
    let dialog = h.get_by_role(egui::accesskit::Role::Dialog);
    assert!(
        dialog
            .get_by_label("Reload from disk")
            .accesskit_node()
            .is_disabled()
    );
    assert!(h.state().document().dirty, "the work is now unsaved");
    click_in_dialog(&mut h, "Keep mine");
    click(&mut h, "New blank");
    assert!(
        asks_about_unsaved_changes(&h),
        "New asks before dropping it"
    );
    click_in_dialog(&mut h, "Save");
    assert_eq!(load(path.to_str().unwrap()), tutorial(), "written again");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_chain_square_is_clicked_on_the_board_and_a_second_click_clears_it() {
    let sg = load("challenges/22-sg-chain.ron");
    assert_eq!(sg.position.chain, None);
    let mut h = harness(EditorApp::with_challenge(sg, None));
    let chain =
        |h: &egui_kittest::Harness<'_, EditorApp>| h.state().document().ch.position.chain.clone();
    click(&mut h, "Erase piece");
    click(&mut h, "On board");
    assert_eq!(h.state().tool(), Tool::Chain);
    click(&mut h, "square b2");
    assert_eq!(chain(&h).as_deref(), Some("b2"));
    assert!(has_label_containing(&h, "Chain: the piece on b2"));
    // One click, then the tool before it: the next click erases, it does not move the chain.
    assert_eq!(h.state().tool(), Tool::Erase);
    // Another square moves it; the chain square itself clears it; each click one undo step.
    click(&mut h, "On board");
    click(&mut h, "square a1");
    assert_eq!(chain(&h).as_deref(), Some("a1"));
    click(&mut h, "On board");
    click(&mut h, "square a1");
    assert_eq!(chain(&h), None);
    click(&mut h, "Undo");
    assert_eq!(chain(&h).as_deref(), Some("a1"));
    // The button again, before any click: back to the tool before it.
    click(&mut h, "On board");
    click(&mut h, "On board");
    assert_eq!(h.state().tool(), Tool::Erase);
    // A game without a chain has no such button.
    let pp = harness(EditorApp::with_challenge(tutorial(), None));
    assert!(pp.query_by_label("On board").is_none());
}
