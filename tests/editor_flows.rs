//! The editor's authoring flows, driven through the accessibility tree with `egui_kittest`
//! (no window, no GPU): paint, place, set fields, record a line, verify, export, undo across a
//! resize, open a malformed file, recover after a crash, quit with unsaved changes, hover.
//! The flows every game shares are written once and run for each game ([`CASES`], at the
//! end); the others use what only one game has (terrain, exits, placements).
#![cfg(feature = "editor")]

use std::path::Path;
use std::time::{Duration, SystemTime};

use eframe::egui::{Key, Modifiers, ViewportCommand};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use peakforge::challenge::{self, Challenge};
use peakforge::editor::app::EditorApp;
use peakforge::editor::doc::Document;
use peakforge::games::pawn_peak::{PieceKind, Side};

mod editor_support;
use editor_support::*;

#[test]
fn paint_a_height_by_clicking_a_square() {
    let mut h = harness(EditorApp::with_challenge(tutorial(), None));
    assert_eq!(board(&h).height_at(sq("b3")), 0);
    click(&mut h, "Height 3");
    click(&mut h, "square b3");
    assert_eq!(board(&h).height_at(sq("b3")), 3);
    assert!(h.state().document().dirty);
    let tile = h.get_by_label("square b3");
    assert!(
        tile.value().unwrap().starts_with("height 3"),
        "{:?}",
        tile.value()
    );
}

#[test]
fn place_a_piece_and_click_again_to_remove_it() {
    let mut h = harness(EditorApp::with_challenge(tutorial(), None));
    click(&mut h, "Blue Scout");
    click(&mut h, "square d3");
    let piece = board(&h).piece_at(sq("d3")).expect("a piece on d3");
    assert_eq!((piece.side, piece.kind), (Side::Blue, PieceKind::Scout));
    assert!(
        h.get_by_label("square d3")
            .value()
            .unwrap()
            .contains("Blue Scout")
    );
    click(&mut h, "square d3");
    assert_eq!(board(&h).piece_at(sq("d3")), None);
}

#[test]
fn move_counter_and_limit_fields() {
    let mut h = harness(EditorApp::with_challenge(tutorial(), None));
    // Typed: click the field to edit it as text, replace the text, press Enter.
    h.get_by_label("Move limit").click();
    h.settle();
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.get_by_label("Move limit").type_text("30");
    h.key_press(Key::Enter);
    h.settle();
    // Set as an assistive technology does.
    h.get_by_label("Move counter").set_value_accesskit(7.0);
    h.settle();
    let p = &h.state().document().ch.position;
    assert_eq!((p.move_counter, p.move_limit), (7, 30));
    assert_eq!(board(&h).move_count(), 7);
}

#[test]
fn record_a_line_by_clicking_destinations() {
    let mut ch = tutorial();
    ch.solution.clear();
    let mut h = harness(EditorApp::with_challenge(ch, None));
    click(&mut h, "Play / record");
    click(&mut h, "square c4"); // select Red's Guardian
    click(&mut h, "square b4"); // a destination: recorded
    click(&mut h, "square a2"); // Blue's Guardian
    click(&mut h, "square a3");
    assert_eq!(
        h.state().document().ch.solution,
        vec!["c4-b4".to_string(), "a2-a3".to_string()]
    );
    assert!(has_label_containing(&h, "1. red c4-b4"));
    click(&mut h, "Clear line");
    click(&mut h, "square c4");
    h.get_by_label_contains("Exit c4").click();
    h.settle();
    assert_eq!(
        h.state().document().ch.solution,
        vec!["c4-exit".to_string()]
    );
    assert!(has_label_containing(&h, "match over, red wins"));
}

#[test]
fn verify_then_export_refused_then_allowed() {
    let dir = temp_dir("export");
    let path = tutorial_copy(&dir);
    let mut h = harness(EditorApp::from_file(&path).unwrap());
    let out = dir.join("01.export.ron");
    reveal(&mut h, "Export to");
    assert_eq!(
        h.get_by_label("Export to").value().as_deref(),
        Some(out.display().to_string().as_str())
    );

    // Refused before any verification, and the tooltip says why.
    reveal(&mut h, "Export");
    assert!(h.get_by_label("Export").accesskit_node().is_disabled());
    reveal(&mut h, "Export");
    h.get_by_label("Export").hover();
    h.settle();
    assert!(has_label_containing(&h, "Verify the challenge first"));

    click(&mut h, "Verify");
    wait_for_verdict(&mut h);
    assert!(h.query_by_label(" sound ").is_some(), "the verdict badge");
    reveal(&mut h, "Export");
    assert!(!h.get_by_label("Export").accesskit_node().is_disabled());
    click(&mut h, "Export");
    let exported = challenge::load(&out).unwrap();
    let rec = exported.verification.expect("a verification record");
    assert_eq!(
        (rec.verdict.as_str(), rec.key_move.as_str()),
        ("sound", "c4-exit")
    );
    assert!(has_label_containing(&h, "Exported to"));

    // An existing file is kept until the overwrite is confirmed.
    std::fs::write(&out, "keep me").unwrap();
    click(&mut h, "Export");
    assert!(has_label_containing(&h, "exists: overwrite it?"));
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "keep me");
    click(&mut h, "Keep the existing file");
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "keep me");
    click(&mut h, "Export");
    click(&mut h, "Overwrite");
    assert!(challenge::load(&out).unwrap().verification.is_some());

    // An edit makes the verdict stale: refused again, with the reason.
    click(&mut h, "Height 2");
    click(&mut h, "square a5");
    reveal(&mut h, "Export");
    assert!(h.get_by_label("Export").accesskit_node().is_disabled());
    reveal(&mut h, "Export");
    h.get_by_label("Export").hover();
    h.settle();
    assert!(has_label_containing(
        &h,
        "changed since the last verification"
    ));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn export_refused_for_an_unsound_challenge() {
    let mut ch = tutorial();
    ch.goal.player_moves = 1;
    ch.position.pieces.retain(|p| p.0 != "c4"); // the key piece gone: no win in 1
    let mut h = harness(EditorApp::with_challenge(ch, None));
    click(&mut h, "Verify");
    wait_for_verdict(&mut h);
    let (report, _) = h.state().verify_report().unwrap();
    assert_ne!(report.status.as_str(), "sound");
    reveal(&mut h, "Export");
    assert!(h.get_by_label("Export").accesskit_node().is_disabled());
    reveal(&mut h, "Export");
    h.get_by_label("Export").hover();
    h.settle();
    assert!(has_label_containing(
        &h,
        "The last verification found the challenge"
    ));
}

#[test]
fn undo_and_redo_across_a_resize_give_back_the_exact_board() {
    let before = tutorial();
    let mut h = harness(EditorApp::with_challenge(before.clone(), None));
    h.get_by_label("Width").set_value_accesskit(3.0);
    h.settle();
    click(&mut h, "Resize and remove pieces"); // e2 is off a 3-file board: asked first
    let shrunk = h.state().document().ch.clone();
    assert_eq!(shrunk.position.width, 3);
    assert!(shrunk.position.pieces.iter().all(|p| p.0 != "e2"));
    click(&mut h, "Undo");
    assert_eq!(
        h.state().document().ch,
        before,
        "undo restores every tile and piece"
    );
    click(&mut h, "Redo");
    assert_eq!(h.state().document().ch, shrunk);
    // The keyboard shortcut does the same.
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.settle();
    assert_eq!(h.state().document().ch, before);
}

#[test]
fn opening_a_malformed_file_shows_the_error_and_keeps_the_document() {
    let dir = temp_dir("malformed");
    let bad = dir.join("bad.ron");
    std::fs::write(&bad, "(\n    format_version: 1,\n    id: oops\n)\n").unwrap();
    let before = tutorial();
    let mut h = harness(EditorApp::with_challenge(before.clone(), None));
    h.get_by_label("File").click();
    h.settle();
    h.get_by_label("File").type_text(&bad.display().to_string());
    h.settle();
    click(&mut h, "Open path");
    let msg = h.state().message().unwrap().to_string();
    assert!(msg.starts_with("Cannot open:"), "{msg}");
    assert!(
        msg.contains("bad.ron:3:"),
        "the message names the line: {msg}"
    );
    assert!(has_label_containing(&h, "Cannot open:"));
    assert_eq!(h.state().document().ch, before);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn edit_on_a_malformed_file_opens_the_editor_with_the_reason_and_never_saves_over_it() {
    let dir = temp_dir("edit-malformed");
    let bad = dir.join("bad.ron");
    let text = "(\n    format_version: 1,\n    id: oops\n)\n";
    std::fs::write(&bad, text).unwrap();
    // As `peakforge edit bad.ron` opens it.
    let app = EditorApp::from_file(&bad).expect("the editor opens on a file it cannot read");
    let mut h = harness(app);
    let msg = h.state().message().unwrap().to_string();
    assert!(msg.starts_with("Cannot open"), "{msg}");
    assert!(
        msg.contains("bad.ron:3:"),
        "the message names the line: {msg}"
    );
    assert_eq!(
        h.state().document().path,
        None,
        "Save must not target the broken file"
    );
    h.key_press_modifiers(Modifiers::COMMAND, Key::S);
    h.settle();
    assert_eq!(std::fs::read_to_string(&bad).unwrap(), text);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn unsaved_work_is_recovered_after_a_crash_and_deleted_by_save() {
    let dir = temp_dir("recover");
    let path = tutorial_copy(&dir);
    let rec = dir.join("state").join("recovery.ron");

    // First run: an edit is autosaved, then the editor "crashes" (dropped without saving).
    let app = EditorApp::from_file(&path)
        .unwrap()
        .with_recovery_file(Some(rec.clone()))
        .with_autosave_after(Duration::ZERO);
    let mut h = harness(app);
    click(&mut h, "Height 4");
    click(&mut h, "square b2");
    h.settle();
    let edited = h.state().document().ch.clone();
    assert!(rec.is_file(), "the modified document was autosaved");
    drop(h);

    // Second run: the work is offered back.
    let app = EditorApp::from_file(&path)
        .unwrap()
        .with_recovery_file(Some(rec.clone()));
    let mut h = harness(app);
    assert!(h.query_by_label("Unsaved work found").is_some());
    click(&mut h, "Recover unsaved work");
    assert_eq!(h.state().document().ch, edited);
    assert!(h.state().document().dirty);
    assert_eq!(h.state().document().path.as_deref(), Some(path.as_path()));
    assert!(h.query_by_label("Unsaved work found").is_none());

    // Saving writes the file and deletes the recovery file.
    click(&mut h, "Save");
    assert!(!rec.exists());
    assert_eq!(challenge::load(&path).unwrap(), edited);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn recovery_can_be_discarded_and_is_not_offered_when_older_than_the_file() {
    let dir = temp_dir("discard");
    let path = tutorial_copy(&dir);
    let rec = dir.join("recovery.ron");
    let mut changed = Document::new(tutorial(), Some(path.clone()));
    changed.ch.id = "changed".into();
    peakforge::editor::recovery::write(&rec, &changed).unwrap();

    let mut h = harness(
        EditorApp::from_file(&path)
            .unwrap()
            .with_recovery_file(Some(rec.clone())),
    );
    click(&mut h, "Discard");
    assert!(!rec.exists());
    assert_eq!(h.state().document().ch.id, "01-terrain");

    // A recovery file older than the document is stale: not offered.
    peakforge::editor::recovery::write(&rec, &changed).unwrap();
    std::fs::File::options()
        .write(true)
        .open(&path)
        .unwrap()
        .set_modified(SystemTime::now() + Duration::from_secs(60))
        .unwrap();
    let h = harness(
        EditorApp::from_file(&path)
            .unwrap()
            .with_recovery_file(Some(rec.clone())),
    );
    assert!(h.query_by_label("Unsaved work found").is_none());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn quitting_with_unsaved_changes_asks_first() {
    let mut h = harness(EditorApp::with_challenge(tutorial(), None));
    // Unmodified: the close goes through.
    request_close(&mut h);
    assert!(!sent(&h, &ViewportCommand::CancelClose));

    click(&mut h, "square a1"); // paint height 1
    request_close(&mut h);
    assert!(sent(&h, &ViewportCommand::CancelClose));
    h.settle();
    assert!(h.query_by_label("Unsaved changes").is_some());
    assert!(!h.state().may_close());
    click(&mut h, "Cancel");
    assert!(h.query_by_label("Unsaved changes").is_none());

    request_close(&mut h);
    h.settle();
    h.get_by_label("Discard").click();
    h.step(); // one frame per queued pointer event; the last one clicks
    assert!(h.state().may_close());
    assert!(sent(&h, &ViewportCommand::Close));
}

#[test]
fn hovering_a_tile_shows_square_height_and_piece() {
    let mut h = harness(EditorApp::with_challenge(tutorial(), None));
    assert!(has_label_containing(&h, "Hover a tile"));
    h.get_by_label("square c4").hover();
    h.settle();
    assert!(has_label_containing(
        &h,
        "c4 · height 0 · Red Guardian (strength"
    ));
    h.get_by_label("square c5").hover();
    h.settle();
    assert!(has_label_containing(&h, "c5 · height 2 · empty"));
}

#[test]
fn tooltips_list_the_keyboard_shortcuts() {
    let mut h = harness(EditorApp::with_challenge(tutorial(), None));
    for (button, tip) in [
        ("Undo", "(Ctrl+Z)"),
        ("Save", "(Ctrl+S)"),
        ("Verify", "(F5)"),
        ("Play / record", "(Ctrl+P)"),
    ] {
        h.get_by_label(button).hover();
        h.settle();
        assert!(
            has_label_containing(&h, tip),
            "{button}: no tooltip with {tip}"
        );
    }
    h.key_press_modifiers(Modifiers::COMMAND, Key::P);
    h.settle();
    assert_eq!(
        h.state().tool(),
        peakforge::editor::tools::Tool::Play,
        "Ctrl+P switches to play mode"
    );
}

#[test]
fn an_edit_of_the_board_drops_an_exported_files_stale_record() {
    let record = peakforge::challenge::VerificationRecord {
        verdict: peakforge::verify::Status::Sound,
        key_move: "c4-exit".into(),
        main_line: vec!["c4-exit".into()],
        solver_version: "0".into(),
        rules_version: "0".into(),
        nodes: 1,
        position_key: "0".into(),
    };
    let mut ch = tutorial();
    ch.verification = Some(record);
    let mut h = harness(EditorApp::with_challenge(ch, None));
    reveal(&mut h, "Hint (French)");
    h.get_by_label("Hint (French)").focus();
    h.settle();
    reveal(&mut h, "Hint (French)");
    h.get_by_label("Hint (French)").type_text(" !");
    h.settle();
    assert!(h.state().document().ch.hint["fr"].ends_with(" !"));
    assert!(
        h.state().document().ch.verification.is_some(),
        "texts keep it"
    );
    h.key_press(Key::Escape); // leave the text field
    click(&mut h, "square b3");
    assert!(
        h.state().document().ch.verification.is_none(),
        "a board edit drops it"
    );
    click(&mut h, "Undo");
    assert!(
        h.state().document().ch.verification.is_some(),
        "undo brings it back"
    );
}

/// Types `text` into the typed-path "File" field, replacing what it held.
fn type_file_path(h: &mut Harness<'_, EditorApp>, text: &str) {
    h.get_by_label("File").click();
    h.settle();
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.get_by_label("File").type_text(text);
    h.settle();
    h.key_press(Key::Escape);
    h.settle();
}

#[test]
fn a_new_document_has_no_path_and_save_never_overwrites_the_previous_file() {
    let dir = temp_dir("newpath");
    let path = tutorial_copy(&dir);
    let original = std::fs::read_to_string(&path).unwrap();
    let mut h = harness(EditorApp::from_file(&path).unwrap());
    click(&mut h, "New blank");
    assert_eq!(h.state().document().path, None);
    assert_eq!(h.get_by_label("File").value().as_deref(), Some(""));

    // Ctrl+S and Save ask for a path and write nothing.
    h.key_press_modifiers(Modifiers::COMMAND, Key::S);
    h.settle();
    click(&mut h, "Save");
    assert!(has_label_containing(&h, "type a path, then Save to path"));
    assert!(
        h.get_by_label("File").accesskit_node().is_focused(),
        "the field asks for a path"
    );
    assert_eq!(std::fs::read_to_string(&path).unwrap(), original);

    // Saving over another existing file asks first.
    type_file_path(&mut h, &path.display().to_string());
    click(&mut h, "Save to path");
    assert!(has_label_containing(&h, "exists: overwrite it?"));
    assert_eq!(std::fs::read_to_string(&path).unwrap(), original);
    click(&mut h, "Cancel save");
    assert!(!has_label_containing(&h, "exists: overwrite it?"));
    assert_eq!(std::fs::read_to_string(&path).unwrap(), original);
    click(&mut h, "Save to path");
    click(&mut h, "Overwrite and save");
    assert_eq!(challenge::load(&path).unwrap(), h.state().document().ch);
    assert_eq!(h.state().document().path.as_deref(), Some(path.as_path()));

    // The document's own file is saved without asking; a new file too.
    click(&mut h, "square a1");
    click(&mut h, "Save");
    assert_eq!(challenge::load(&path).unwrap(), h.state().document().ch);
    let other = dir.join("other");
    type_file_path(&mut h, &other.display().to_string());
    click(&mut h, "Save to path");
    assert!(!has_label_containing(&h, "exists: overwrite it?"));
    assert!(dir.join("other.ron").is_file());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn new_blank_is_empty_and_the_line_panel_asks_to_fix_the_problems() {
    let mut h = harness(EditorApp::with_challenge(tutorial(), None));
    click(&mut h, "New blank");
    let p = &h.state().document().ch.position;
    assert!(p.pieces.is_empty(), "{:?}", p.pieces);
    tab(&mut h, "Problems");
    assert!(has_label_containing(&h, "needs at least one"));
    tab(&mut h, "Line");
    assert!(has_label_containing(&h, "fix the problems first"));
    assert!(!has_label_containing(&h, "match over"));
}

#[test]
fn the_export_path_default_stays_out_of_a_challenges_folder() {
    let dir = temp_dir("exportdefault");
    let lib = dir.join("challenges");
    std::fs::create_dir_all(&lib).unwrap();
    let path = tutorial_copy(&lib);
    let mut h = harness(EditorApp::from_file(&path).unwrap());
    reveal(&mut h, "Export to");
    assert_eq!(h.get_by_label("Export to").value().as_deref(), Some(""));
    click(&mut h, "Verify");
    wait_for_verdict(&mut h);
    reveal(&mut h, "Export");
    assert!(h.get_by_label("Export").accesskit_node().is_disabled());
    reveal(&mut h, "Export");
    h.get_by_label("Export").hover();
    h.settle();
    assert!(has_label_containing(&h, "choose where to export"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn undo_back_to_the_verified_and_saved_content_clears_the_stale_marks() {
    let dir = temp_dir("undoverified");
    let path = tutorial_copy(&dir);
    let mut h = harness(EditorApp::from_file(&path).unwrap());
    click(&mut h, "Verify");
    wait_for_verdict(&mut h);
    reveal(&mut h, "Export");
    assert!(!h.get_by_label("Export").accesskit_node().is_disabled());
    click(&mut h, "Height 2");
    click(&mut h, "square a5");
    reveal(&mut h, "Export");
    assert!(h.get_by_label("Export").accesskit_node().is_disabled());
    assert!(has_label_containing(&h, "changed since this verdict"));
    assert!(has_label_containing(&h, "•modified"));
    click(&mut h, "Undo");
    reveal(&mut h, "Export");
    assert!(!h.get_by_label("Export").accesskit_node().is_disabled());
    assert!(!has_label_containing(&h, "changed since this verdict"));
    assert!(!has_label_containing(&h, "•modified"));
    assert!(!h.state().document().dirty);
    click(&mut h, "Redo");
    reveal(&mut h, "Export");
    assert!(h.get_by_label("Export").accesskit_node().is_disabled());
    assert!(h.state().document().dirty);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn messages_of_the_previous_document_go_when_it_is_replaced() {
    let dir = temp_dir("messages");
    let path = tutorial_copy(&dir);
    let mut h = harness(EditorApp::from_file(&path).unwrap());
    click(&mut h, "Verify");
    wait_for_verdict(&mut h);
    click(&mut h, "Export");
    assert!(has_label_containing(&h, "Exported to"));
    click(&mut h, "Open path"); // the same file again
    assert!(!has_label_containing(&h, "Exported to"));
    assert!(has_label_containing(&h, "Opened"));
    click(&mut h, "Verify");
    wait_for_verdict(&mut h);
    click(&mut h, "Export");
    click(&mut h, "Overwrite");
    assert!(has_label_containing(&h, "Exported to"));
    click(&mut h, "New standard");
    assert!(!has_label_containing(&h, "Exported to"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn clicking_a_line_entry_shows_that_position_and_recording_there_asks_first() {
    let mut ch = tutorial();
    ch.solution = vec!["c4-b4".into(), "a2-a3".into()];
    let mut h = harness(EditorApp::with_challenge(ch, None));
    let piece_on = |h: &Harness<'_, EditorApp>, s: &str| {
        h.get_by_label(&format!("square {s}"))
            .value()
            .unwrap()
            .contains("Guardian")
    };
    h.get_by_label_contains("1. red c4-b4").click();
    h.settle();
    assert_eq!(h.state().tool(), peakforge::editor::tools::Tool::Play);
    assert!(piece_on(&h, "b4") && !piece_on(&h, "c4"));
    assert!(
        piece_on(&h, "a2") && !piece_on(&h, "a3"),
        "move 2 not played"
    );
    click(&mut h, "Back");
    assert!(piece_on(&h, "c4") && !piece_on(&h, "b4"));
    click(&mut h, "Forward");
    click(&mut h, "Forward");
    assert!(piece_on(&h, "a3"));
    assert_eq!(
        h.state().document().ch.solution.len(),
        2,
        "browsing keeps moves"
    );

    // Recording from the start asks before deleting the rest of the line.
    click(&mut h, "Back");
    click(&mut h, "Back");
    click(&mut h, "square c4");
    click(&mut h, "square b4");
    assert!(has_label_containing(&h, "deletes the 2 later move(s)"));
    click(&mut h, "Keep the line");
    assert_eq!(h.state().document().ch.solution.len(), 2);
    click(&mut h, "square c4");
    h.get_by_label_contains("Exit c4").click();
    h.settle();
    click(&mut h, "Delete from here and record");
    assert_eq!(
        h.state().document().ch.solution,
        vec!["c4-exit".to_string()]
    );
    click(&mut h, "Undo");
    assert_eq!(h.state().document().ch.solution.len(), 2, "one undo step");
}

// ---- Tools: raise, lower, brush size, fill, flatten, drag a piece, shortcuts (#5) ----

#[test]
fn raise_lower_brush_size_fill_and_flatten() {
    let mut h = harness(EditorApp::with_challenge(tutorial(), None));
    // The tutorial's top rank is "00210": c5 = 2, d5 = 1, the rest 0.
    click(&mut h, "Raise");
    click(&mut h, "square c5");
    assert_eq!(heights(&h, &["c5"]), [3]);
    click(&mut h, "Lower");
    click(&mut h, "square c5");
    click(&mut h, "square a1");
    assert_eq!(heights(&h, &["c5", "a1"]), [2, 0], "lowering stops at 0");

    // A 3 x 3 brush centred on b2, cut at nothing; one click is one undo step.
    click(&mut h, "Brush 3 × 3");
    click(&mut h, "Raise");
    click(&mut h, "square b2");
    assert_eq!(
        heights(&h, &["a1", "b2", "c3", "a3", "c1", "d2", "b4"]),
        [1, 1, 1, 1, 1, 0, 0]
    );
    click(&mut h, "Undo");
    assert_eq!(heights(&h, &["a1", "b2", "c3"]), [0, 0, 0]);
    click(&mut h, "Brush 1 × 1");

    // Flood fill: the zeros connected to a1 become 4; the peak's 2 and 1 stay, and so does
    // the 0 on e5, walled in by d5 and e4 (both 1).
    click(&mut h, "Fill");
    click(&mut h, "Height 4");
    assert_eq!(h.state().tool(), peakforge::editor::tools::Tool::Fill);
    click(&mut h, "square a1");
    assert_eq!(
        heights(&h, &["a1", "d4", "b5", "c5", "d5", "e4", "e5"]),
        [4, 4, 4, 2, 1, 1, 0]
    );

    // Flatten all: one click, one undo step.
    click(&mut h, "Height 9");
    click(&mut h, "Flatten all to 9");
    assert!(board(&h).squares().all(|s| board(&h).height_at(s) == 9));
    click(&mut h, "Raise");
    click(&mut h, "square c3");
    assert_eq!(heights(&h, &["c3"]), [9], "raising stops at 9");
    click(&mut h, "Undo");
    assert_eq!(heights(&h, &["a1", "c5"]), [4, 2], "flatten undone");
}

#[test]
fn tool_shortcuts_fire_only_outside_text_fields() {
    let mut h = harness(EditorApp::with_challenge(tutorial(), None));
    use peakforge::editor::tools::Tool;
    for (button, tip) in [
        ("Raise", "(R)"),
        ("Lower", "(L)"),
        ("Fill", "(F)"),
        ("Set height", "(B)"),
        ("Move piece", "(M)"),
        ("Flatten all to 1", "(Shift+F)"),
    ] {
        h.get_by_label(button).hover();
        h.settle();
        assert!(
            has_label_containing(&h, tip),
            "{button}: no tooltip with {tip}"
        );
    }
    h.key_press(Key::R);
    h.settle();
    assert_eq!(h.state().tool(), Tool::Raise);
    h.key_press(Key::Num5);
    h.settle();
    assert_eq!(
        (h.state().tool(), h.state().tools().height),
        (Tool::Paint, 5)
    );
    h.key_press(Key::CloseBracket);
    h.key_press(Key::CloseBracket);
    h.key_press(Key::CloseBracket);
    h.settle();
    assert_eq!(h.state().tools().size, 3, "clamped to 3");
    h.key_press(Key::OpenBracket);
    h.settle();
    assert_eq!(h.state().tools().size, 2);
    h.key_press_modifiers(Modifiers::SHIFT, Key::F);
    h.settle();
    assert!(board(&h).squares().all(|s| board(&h).height_at(s) == 5));
    assert_eq!(h.state().tool(), Tool::Paint, "Shift+F is not also F");

    // In a text field the keys are text, not tools.
    reveal(&mut h, "Id");
    h.get_by_label("Id").click();
    h.settle();
    h.key_press(Key::L);
    h.key_press(Key::Num2);
    h.settle();
    assert_eq!(
        (h.state().tool(), h.state().tools().height),
        (Tool::Paint, 5)
    );
}

/// Drags with the primary button from one square to another, frame by frame.
fn drag(h: &mut Harness<'_, EditorApp>, from: &str, to: &str) {
    let a = h.get_by_label(&format!("square {from}")).rect().center();
    let b = h.get_by_label(&format!("square {to}")).rect().center();
    h.hover_at(a);
    h.settle();
    h.drag_at(a);
    h.settle();
    h.hover_at(a + (b - a) * 0.5);
    h.settle();
    h.hover_at(b);
    h.settle();
    h.drop_at(b);
    h.settle();
}

#[test]
fn drag_a_piece_to_move_it_and_undo() {
    let mut h = harness(EditorApp::with_challenge(tutorial(), None));
    click(&mut h, "Move piece");
    drag(&mut h, "c4", "b2");
    let pos = board(&h);
    assert_eq!(pos.piece_at(sq("c4")), None);
    let p = pos.piece_at(sq("b2")).expect("the Guardian moved to b2");
    assert_eq!((p.side, p.kind), (Side::Red, PieceKind::Guardian));
    assert_eq!(heights(&h, &["c4", "b2"]), [0, 0], "no terrain painted");
    // Onto another piece: refused with a message, nothing changes.
    drag(&mut h, "b2", "a2");
    assert!(board(&h).piece_at(sq("b2")).is_some());
    assert!(has_label_containing(&h, "a2 already holds"));
    click(&mut h, "Undo");
    assert!(board(&h).piece_at(sq("c4")).is_some());
    assert_eq!(board(&h).piece_at(sq("b2")), None);
    // The piece palette drags too.
    click(&mut h, "Blue Scout");
    drag(&mut h, "a2", "a3");
    assert!(board(&h).piece_at(sq("a3")).is_some());
    assert_eq!(board(&h).piece_at(sq("a2")), None);
}

// ---- Problems list: each entry leads to its field or square (#5) ----

#[test]
fn clicking_a_problem_focuses_its_field_or_highlights_its_square() {
    let mut ch = tutorial();
    ch.title.remove("en");
    ch.position.pieces.push(challenge::PieceSpec(
        "c4".into(),
        Side::Blue.into(),
        PieceKind::Scout.into(),
    ));
    let mut h = harness(EditorApp::with_challenge(ch, None));
    // The board is drawn as written, the first piece on the doubled tile shown.
    assert!(tile(&h, "c4").unwrap().contains("Red Guardian"));
    tab(&mut h, "Problems");
    h.get_by_label_contains("title.en:").click();
    h.settle();
    assert!(
        h.get_by_label("Title (English)").is_focused(),
        "the English title has the focus"
    );
    tab(&mut h, "Problems");
    h.get_by_label_contains("position.pieces[3]:").click();
    h.settle();
    assert_eq!(h.state().highlighted(), [sq("c4")]);
    assert!(has_label_containing(&h, "highlighted on the board"));
}

// ---- Solver findings on the board; main line step by step (#5) ----

#[test]
fn findings_are_listed_and_shown_on_the_board() {
    let mut ch = tutorial();
    ch.goal.player_moves = 2; // the win takes 1: a short solution
    let mut h = harness(EditorApp::with_challenge(ch, None));
    click(&mut h, "Verify");
    wait_for_verdict(&mut h);
    let short = "short solution: a win in 1 player move(s), fewer than the goal's 2";
    click(&mut h, short);
    let (caption, moves) = h.state().finding_shown().expect("a finding on the board");
    assert!(caption.contains("short solution"), "{caption}");
    assert_eq!(moves, ["c4-exit"]);
    click(&mut h, "Back to the board");
    assert!(h.state().finding_shown().is_none());

    // Each key move (here several: cooks) drawn as an arrow at the start.
    let key = h
        .query_all_by_label_contains("c4-exit")
        .find(|n| {
            let l = n.accesskit_node().label().unwrap_or_default();
            l == "cook c4-exit" || l == "key c4-exit"
        })
        .expect("the key move listed");
    key.click();
    h.settle();
    let (caption, moves) = h.state().finding_shown().unwrap();
    assert!(caption.contains("c4-exit"), "{caption}");
    assert!(moves.contains(&"c4-exit".to_string()));

    // The main line, ply by ply, on the board.
    // The first Step forward plays the first ply.
    click(&mut h, "Step forward");
    assert!(shown_caption(&h).contains("after ply 1 of 1"));
    assert!(
        h.get_by_label("square c4")
            .value()
            .unwrap()
            .contains("empty"),
        "the Guardian has exited on the board shown"
    );
    click(&mut h, "Step back");
    assert!(
        h.get_by_label("square c4")
            .value()
            .unwrap()
            .contains("Guardian")
    );

    // A change to the document makes the verdict stale and leaves the finding.
    click(&mut h, "Back to the board");
    click(&mut h, "Height 5");
    click(&mut h, "square a5");
    assert!(has_label_containing(&h, "changed since this verdict"));
    assert!(h.state().finding_shown().is_none());
}

/// The caption of the finding shown on the board.
fn shown_caption(h: &Harness<'_, EditorApp>) -> String {
    h.state().finding_shown().expect("a finding on the board").0
}

/// Clicks the first dual listed; the finding then shown (caption, moves drawn).
fn show_first_dual(h: &mut Harness<'_, EditorApp>) -> (String, Vec<String>) {
    tab(h, "Findings");
    let dual = h
        .query_all_by_label_contains("dual at ply")
        .find(|n| {
            n.accesskit_node()
                .label()
                .is_some_and(|l| l.starts_with("dual at ply"))
        })
        .expect("a dual listed");
    dual.click();
    h.settle();
    h.state().finding_shown().expect("the dual on the board")
}

#[test]
fn duals_are_listed_and_shown() {
    let mut h = harness(EditorApp::with_challenge(dual_challenge(), None));
    click(&mut h, "Verify");
    wait_for_verdict(&mut h);
    let (caption, moves) = show_first_dual(&mut h);
    assert!(caption.contains("dual"), "{caption}");
    assert!(moves.len() >= 2, "the main move and its dual: {moves:?}");
}

// ---- Play-test against the solver's defence (#5) ----

#[test]
fn play_test_win_lose_resign_and_restart() {
    let mut h = harness(EditorApp::with_challenge(tutorial(), None));
    click(&mut h, "Play-test");
    click(&mut h, "square c4");
    h.get_by_label_contains("Play exit c4").click();
    h.settle();
    let end = h.state().play_test().end().expect("the game ended");
    assert!(end.starts_with("Red wins (guardian_exit)"), "{end}");
    assert!(has_label_containing(&h, "within the goal of 1"));

    click(&mut h, "Restart");
    assert!(h.state().play_test().end().is_none());
    click(&mut h, "square c4");
    click(&mut h, "square b4"); // not the key: the defence answers, the goal is spent
    wait_for_defence(&mut h);
    let end = h.state().play_test().end().expect("the game ended");
    assert!(
        end.contains("held out") || end.contains("Blue wins"),
        "{end}"
    );
    assert!(has_label_containing(&h, "Moves: c4-b4 "));

    click(&mut h, "Restart");
    click(&mut h, "Resign");
    assert!(has_label_containing(&h, "Red resigned: Blue wins"));
    assert!(
        h.state().document().ch.solution == tutorial().solution,
        "play-testing never edits the line"
    );
}

// ---- Recent files (#5) ----

#[test]
fn recent_files_are_kept_and_open_from_the_menu() {
    let dir = temp_dir("recent");
    let first = tutorial_copy(&dir);
    let list = dir.join("state").join("recent.txt");
    let mut h = harness(
        EditorApp::from_file(&first)
            .unwrap()
            .with_recent_file(Some(list.clone())),
    );
    let first = std::fs::canonicalize(&first).unwrap();
    assert_eq!(h.state().recent_files(), std::slice::from_ref(&first));
    let second = dir.join("02.ron");
    type_file_path(&mut h, &second.display().to_string());
    click(&mut h, "Save to path");
    let second = std::fs::canonicalize(&second).unwrap();
    assert_eq!(h.state().recent_files(), [second.clone(), first.clone()]);
    assert_eq!(
        std::fs::read_to_string(&list).unwrap(),
        format!("{}\n{}\n", second.display(), first.display())
    );

    // A new session reads the list; the Recent files menu opens an entry.
    let mut h =
        harness(EditorApp::with_challenge(tutorial(), None).with_recent_file(Some(list.clone())));
    click(&mut h, "Recent files");
    click(&mut h, &second.display().to_string());
    assert_eq!(h.state().document().path.as_deref(), Some(second.as_path()));
    let _ = std::fs::remove_dir_all(&dir);
}

/// The shipped tutorial 11: sound, with a dual at the player's second move.
fn dual_challenge() -> Challenge {
    challenge::load(Path::new("challenges/11-second-exit.ron")).unwrap()
}

#[test]
fn new_breakthrough_place_a_pawn_save_and_reopen_gives_the_same_file() {
    let dir = temp_dir("breakthrough");
    let mut h = harness(EditorApp::with_challenge(tutorial(), None));
    click(&mut h, "New Breakthrough");
    let ch = &h.state().document().ch;
    assert_eq!(ch.game, challenge::GameName::Breakthrough);
    assert_eq!(ch.position.pieces.len(), 32, "the standard 8 × 8 start");
    assert!(h.query_by_label("Height 3").is_none(), "no terrain tools");
    assert!(
        h.query_by_label("Red score").is_none(),
        "no Pawn&Peak fields"
    );
    click(&mut h, "Black Pawn");
    click(&mut h, "square d4");
    assert_eq!(
        h.get_by_label("square d4").value().as_deref(),
        Some("Black Pawn")
    );
    let path = dir.join("bt.ron");
    type_file_path(&mut h, &path.display().to_string());
    click(&mut h, "Save to path");
    let saved = challenge::load(&path).unwrap();
    assert_eq!(saved, h.state().document().ch);
    assert!(saved.position.terrain.is_none() && saved.position.scores.is_none());
    let reopened = harness(EditorApp::from_file(&path).unwrap());
    assert_eq!(reopened.state().document().ch, saved);
    assert_eq!(
        reopened.get_by_label("square d4").value().as_deref(),
        Some("Black Pawn")
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn new_seega_shows_the_phase_the_hands_and_the_chain() {
    let mut h = harness(EditorApp::with_challenge(tutorial(), None));
    click(&mut h, "New Seega");
    assert!(has_label_containing(
        &h,
        "Phase: placement · In hand: White 12, Black 12 · Chain: none"
    ));
    assert!(h.query_by_label("White in hand").is_some());
    assert!(has_label_containing(&h, "Game: seega"));
    h.get_by_label("square c3").hover();
    h.settle();
    assert!(has_label_containing(&h, "c3 · refuge · empty"));
    assert!(h.query_by_label("Height 3").is_none(), "no terrain tools");
    assert_eq!(
        h.get_by_label("square c3").value().as_deref(),
        Some("refuge · empty")
    );
    click(&mut h, "White Stone");
    click(&mut h, "square b2");
    let hands = h.state().document().ch.position.in_hand.unwrap();
    assert_eq!((hands.white, hands.black), (12, 12));
    assert_eq!(
        h.get_by_label("square b2").value().as_deref(),
        Some("White Stone")
    );
    // The problems list reads the Seega rules: one piece placed by hand leaves too few tiles.
    tab(&mut h, "Problems");
    assert!(has_label_containing(
        &h,
        "24 pieces in hand but only 23 free tiles"
    ));
    // Clicking the problem focuses the field at fault.
    h.get_by_label_contains("24 pieces in hand but only 23 free tiles")
        .click();
    h.settle();
    assert!(has_label_containing(&h, "see the field \"White in hand\""));
    // Down to 11 in hand for White: valid again.
    h.get_by_label("White in hand").set_value_accesskit(11.0);
    h.settle();
    let hands = h.state().document().ch.position.in_hand.unwrap();
    assert_eq!((hands.white, hands.black), (11, 12));
    assert!(has_label_containing(&h, "In hand: White 11, Black 12"));
    assert!(has_label_containing(&h, "Valid challenge"));
    // A chain square is said in the status line, as it stands: in the placement phase there
    // is none (the Problems list says why).
    h.get_by_label("Chain square").click();
    h.settle();
    h.get_by_label("Chain square").type_text("b2");
    h.settle();
    assert!(has_label_containing(
        &h,
        "Chain: b2 (none in placement: see Problems)"
    ));
}

#[test]
fn a_breakthrough_tutorial_verifies_sound_and_exports() {
    let dir = temp_dir("bt-export");
    let path = dir.join("17.ron");
    std::fs::copy("challenges/17-bt-race.ron", &path).unwrap();
    let mut h = harness(EditorApp::from_file(&path).unwrap());
    tab(&mut h, "Problems");
    assert!(has_label_containing(&h, "Valid challenge"));
    click(&mut h, "Verify");
    wait_for_verdict(&mut h);
    assert!(h.query_by_label(" sound ").is_some(), "the verdict badge");
    click(&mut h, "Export");
    let exported = challenge::load(&dir.join("17.export.ron")).unwrap();
    let rec = exported.verification.expect("a verification record");
    assert_eq!(rec.verdict.as_str(), "sound");
    assert_eq!(exported.game, challenge::GameName::Breakthrough);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn record_a_breakthrough_line_by_clicking() {
    let mut h = harness(EditorApp::with_challenge(tutorial(), None));
    click(&mut h, "New Breakthrough");
    click(&mut h, "Play / record");
    click(&mut h, "square b2");
    click(&mut h, "square c3");
    click(&mut h, "square g7");
    click(&mut h, "square g6");
    assert_eq!(h.state().document().ch.solution, ["b2-c3", "g7-g6"]);
    // The board shows the position after the line; the start is unchanged.
    assert_eq!(
        h.get_by_label("square c3").value().as_deref(),
        Some("White Pawn")
    );
    assert_eq!(h.state().document().ch.position.pieces.len(), 32);
    click(&mut h, "Take back the last move");
    assert_eq!(h.state().document().ch.solution, ["b2-c3"]);
}

#[test]
fn record_a_seega_placement_by_clicking_its_two_tiles() {
    let mut h = harness(EditorApp::with_challenge(tutorial(), None));
    click(&mut h, "New Seega");
    click(&mut h, "Play / record");
    click(&mut h, "square b1");
    click(&mut h, "square a1");
    assert_eq!(h.state().document().ch.solution, ["a1+b1"]);
    assert_eq!(
        h.get_by_label("square a1").value().as_deref(),
        Some("White Stone")
    );
    assert!(has_label_containing(&h, "In hand: White 10, Black 12"));
    // The refuge is no placement tile: the click is ignored.
    click(&mut h, "square c3");
    click(&mut h, "square c3");
    assert_eq!(h.state().document().ch.solution.len(), 1);
}

// ---- Play-test and findings in Breakthrough and Seega ----

/// What the board shows on tile `name` (its accessibility value).
fn tile(h: &Harness<'_, EditorApp>, name: &str) -> Option<String> {
    h.get_by_label(&format!("square {name}")).value()
}

/// The shipped challenge `challenges/{name}.ron`.
fn shipped(name: &str) -> Challenge {
    challenge::load(Path::new(&format!("challenges/{name}.ron"))).unwrap()
}

#[test]
fn breakthrough_play_test_key_move_defence_and_win() {
    let ch = shipped("17-bt-race");
    let mut h = harness(EditorApp::with_challenge(ch, None));
    assert!(!has_label_containing(&h, "Pawn&Peak challenges only"));
    click(&mut h, "Start play-test");
    assert!(has_label_containing(
        &h,
        "You play White; the solver defends Black."
    ));
    click(&mut h, "square a4");
    assert!(
        h.state().play_test().played().is_empty(),
        "a4 alone is no move"
    );
    click(&mut h, "square b5");
    wait_for_defence(&mut h);
    let played = h.state().play_test().played().to_vec();
    assert_eq!(played.len(), 2, "the key move and one answer: {played:?}");
    assert_eq!(played[0], "a4-b5");
    assert_eq!(tile(&h, "b5").as_deref(), Some("White Pawn"));
    assert!(h.state().play_test().end().is_none());
    let moves_row = |h: &Harness<'_, EditorApp>| h.get_by_label_contains("Moves: ").rect().top();
    let before = moves_row(&h);
    click(&mut h, "square b5");
    click(&mut h, "square a6");
    let end = h.state().play_test().end().expect("the game ended");
    assert_eq!(
        end,
        "White wins (breakthrough) in 2 move(s), within the goal of 2."
    );
    // The end takes the turn's row: the moves' row stays put (it moved up a row).
    assert_eq!(moves_row(&h), before);
    assert!(has_label_containing(&h, "within the goal of 2"));
    // Back to editing: the palette's clicks edit the start again.
    click(&mut h, "Stop play-test");
    assert_eq!(tile(&h, "a4").as_deref(), Some("White Pawn"));
    assert!(
        h.state().document().ch.solution.len() == 3,
        "never edits the line"
    );
}

#[test]
fn seega_play_test_through_a_capture_chain() {
    let ch = shipped("22-sg-chain");
    let mut h = harness(EditorApp::with_challenge(ch, None));
    click(&mut h, "Start play-test");
    click(&mut h, "square d1");
    click(&mut h, "square d2");
    // The step captured c2 and d2 can capture again: still the player's turn.
    assert!(!h.state().play_test().thinking());
    assert_eq!(h.state().play_test().played(), ["d1-d2"]);
    assert_eq!(tile(&h, "c2").as_deref(), Some("empty"));
    assert!(has_label_containing(
        &h,
        "Chain: the piece on d2 must continue capturing"
    ));
    assert!(has_label_containing(&h, "Your move"));
    click(&mut h, "square d2");
    click(&mut h, "square d3");
    wait_for_defence(&mut h);
    let played = h.state().play_test().played().to_vec();
    assert_eq!(played.len(), 3, "{played:?}");
    assert_eq!(played[..2], ["d1-d2", "d2-d3"]);
    let end = h
        .state()
        .play_test()
        .end()
        .expect("the move limit ended it");
    assert_eq!(
        end,
        "White wins (move_limit) in 2 move(s), within the goal of 2."
    );
    click(&mut h, "Restart");
    assert!(h.state().play_test().played().is_empty());
    assert_eq!(tile(&h, "c2").as_deref(), Some("Black Stone"));
}

#[test]
fn breakthrough_key_move_and_dual_are_drawn_on_the_board() {
    let ch = shipped("17-bt-race");
    let mut h = harness(EditorApp::with_challenge(ch, None));
    click(&mut h, "Verify");
    wait_for_verdict(&mut h);
    click(&mut h, "key a4-b5");
    let (caption, moves) = h.state().finding_shown().expect("the key on the board");
    assert_eq!(caption, "Showing the key move a4-b5 at the start.");
    assert_eq!(moves, ["a4-b5"]);
    let (caption, moves) = show_first_dual(&mut h);
    assert!(
        caption.starts_with("Showing the dual at ply 3"),
        "{caption}"
    );
    assert!(moves.len() >= 2, "the main move and its duals: {moves:?}");
    assert!(moves.iter().all(|m| m.starts_with("b5-")), "{moves:?}");
    // The dual's position is on the board: the key move and the answer played.
    assert_eq!(tile(&h, "b5").as_deref(), Some("White Pawn"));
    assert_eq!(tile(&h, "a4").as_deref(), Some("Black Pawn"));
    click(&mut h, "Step forward");
    assert!(shown_caption(&h).contains("after ply 1 of 3"));
    click(&mut h, "Back to the board");
    assert!(h.state().finding_shown().is_none());
    assert_eq!(tile(&h, "a4").as_deref(), Some("White Pawn"));
}

#[test]
fn seega_play_test_defence_answers_several_plies_in_a_row() {
    // White places its last piece; Black then places twice in a row (White's hand is empty)
    // and, having placed last, makes the first step: four plies reach the move limit.
    let mut ch = shipped("22-sg-chain");
    ch.position.in_hand = Some(challenge::InHand { white: 1, black: 3 });
    ch.position.move_limit = 4;
    ch.goal.player_moves = 1;
    ch.solution.clear();
    let mut h = harness(EditorApp::with_challenge(ch, None));
    click(&mut h, "Start play-test");
    assert!(has_label_containing(&h, "In hand: White 1, Black 3"));
    click(&mut h, "square a2");
    wait_for_defence(&mut h);
    let played = h.state().play_test().played().to_vec();
    assert_eq!(played.len(), 4, "{played:?}");
    assert_eq!(played[0], "a2");
    assert!(played[1].contains('+'), "Black places two: {played:?}");
    assert!(!played[2].contains(['+', '-']), "then its last: {played:?}");
    assert!(played[3].contains('-'), "then steps first: {played:?}");
    let end = h
        .state()
        .play_test()
        .end()
        .expect("the move limit ended it");
    assert!(end.contains("(move_limit)"), "{end}");
}

// ---- The same flows for every game: one editor, one painter, one recorder, one palette ----

/// What the shared flows need of one game: a shipped sound tutorial and, on its board, a
/// palette piece, an empty tile, a legal first move by its clicks, and a piece to drag.
struct Case {
    game: challenge::GameName,
    file: &'static str,
    piece: &'static str,
    empty: &'static str,
    first_move: (&'static [&'static str], &'static str),
    drag: (&'static str, &'static str),
    /// The player's side as the line list names it.
    player: &'static str,
}

/// One case per game.
const CASES: [Case; 3] = [
    Case {
        game: challenge::GameName::PawnPeak,
        file: "01-terrain",
        piece: "Blue Scout",
        empty: "d3",
        first_move: (&["c4", "b4"], "c4-b4"),
        drag: ("c4", "b2"),
        player: "red",
    },
    Case {
        game: challenge::GameName::Breakthrough,
        file: "17-bt-race",
        piece: "Black Pawn",
        empty: "c4",
        first_move: (&["a4", "b5"], "a4-b5"),
        drag: ("a4", "b4"),
        player: "white",
    },
    Case {
        game: challenge::GameName::Seega,
        file: "22-sg-chain",
        piece: "Black Stone",
        empty: "a3",
        first_move: (&["d1", "d2"], "d1-d2"),
        drag: ("a1", "a2"),
        player: "white",
    },
];

/// Runs `flow` on a fresh editor for each game's case.
fn for_each_game(flow: impl Fn(&Case, &mut Harness<'static, EditorApp>)) {
    for case in &CASES {
        let ch = shipped(case.file);
        assert_eq!(ch.game, case.game);
        let mut h = harness(EditorApp::with_challenge(ch, None));
        flow(case, &mut h);
    }
}

#[test]
fn every_game_places_a_piece_from_its_palette_and_a_second_click_removes_it() {
    for_each_game(|c, h| {
        assert!(tile(h, c.empty).unwrap().ends_with("empty"), "{:?}", c.game);
        click(h, c.piece);
        click(h, &format!("square {}", c.empty));
        let value = tile(h, c.empty).unwrap();
        assert!(value.contains(c.piece), "{:?}: {value}", c.game);
        assert!(h.state().document().dirty);
        click(h, &format!("square {}", c.empty));
        assert!(tile(h, c.empty).unwrap().ends_with("empty"), "{:?}", c.game);
    });
}

#[test]
fn every_game_shows_the_hovered_tile_in_the_status_bar() {
    for_each_game(|c, h| {
        let (from, _) = c.drag;
        h.get_by_label(&format!("square {from}")).hover();
        h.settle();
        let words = tile(h, from).unwrap();
        assert!(
            has_label_containing(h, &format!("{from} · {words}")),
            "{:?}: {words}",
            c.game
        );
    });
}

#[test]
fn every_game_records_a_line_by_clicking_the_piece_then_its_destination() {
    for_each_game(|c, h| {
        click(h, "Clear line");
        assert!(h.state().document().ch.solution.is_empty());
        click(h, "Play / record");
        let (clicks, text) = c.first_move;
        for s in clicks {
            click(h, &format!("square {s}"));
        }
        assert_eq!(h.state().document().ch.solution, [text], "{:?}", c.game);
        // The board shows the position after the line: the piece on its destination.
        let to = clicks[clicks.len() - 1];
        assert!(!tile(h, to).unwrap().ends_with("empty"), "{:?}", c.game);
        assert!(has_label_containing(h, &format!("1. {} {text}", c.player)));
        click(h, "Take back the last move");
        assert!(h.state().document().ch.solution.is_empty());
    });
}

#[test]
fn every_game_drags_a_piece_to_move_it_and_undo_puts_it_back() {
    for_each_game(|c, h| {
        let (from, to) = c.drag;
        let before = tile(h, from).unwrap();
        click(h, "Move piece");
        drag(h, from, to);
        assert!(tile(h, from).unwrap().ends_with("empty"), "{:?}", c.game);
        assert_eq!(
            tile(h, to).unwrap().rsplit(" · ").next(),
            before.rsplit(" · ").next(),
            "{:?}: the piece moved",
            c.game
        );
        click(h, "Undo");
        assert_eq!(tile(h, from).unwrap(), before);
    });
}

#[test]
fn every_game_verifies_its_tutorial_sound() {
    for_each_game(|c, h| {
        click(h, "Verify");
        wait_for_verdict(h);
        assert!(
            h.query_by_label(" sound ").is_some(),
            "{:?}: the verdict badge",
            c.game
        );
    });
}

/// Types `text` into the number field `label` (replacing its text); presses Enter when
/// `enter`, else leaves the field being edited.
fn type_number(h: &mut Harness<'_, EditorApp>, label: &str, text: &str, enter: bool) {
    h.get_by_label(label).click();
    h.settle();
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.get_by_label(label).type_text(text);
    h.settle();
    if enter {
        h.key_press(Key::Enter);
        h.settle();
    }
}

#[test]
fn number_fields_commit_on_enter_and_a_value_never_changes_another_field() {
    for_each_game(|c, h| {
        h.get_by_label("Move counter").set_value_accesskit(1.0);
        h.settle();
        let counter = |h: &Harness<'_, EditorApp>| {
            let p = &h.state().document().ch.position;
            (p.move_counter, p.move_limit)
        };
        let limit = counter(h).1;
        // Typing "50" goes through "5": nothing is applied before Enter.
        type_number(h, "Move limit", "50", false);
        assert_eq!(counter(h), (1, limit), "{:?}: applied while typing", c.game);
        h.key_press(Key::Enter);
        h.settle();
        assert_eq!(counter(h), (1, 50), "{:?}", c.game);
        type_number(h, "Move counter", "30", true);
        assert_eq!(counter(h), (30, 50), "{:?}", c.game);
        // A limit below the counter is refused (never clamped): the counter is never lowered,
        // and the message says what the field takes.
        type_number(h, "Move limit", "5", true);
        assert_eq!(counter(h), (30, 50), "{:?}", c.game);
        assert!(
            has_label_containing(h, "Move limit: \u{201c}5\u{201d} is not in 30\u{2013}"),
            "{:?}: the refusal is shown",
            c.game
        );
        // Focus loss commits too, and a committed value clears the message.
        type_number(h, "Move limit", "40", false);
        h.key_press(Key::Tab);
        h.settle();
        assert_eq!(counter(h), (30, 40), "{:?}", c.game);
        assert!(
            !has_label_containing(h, "Move limit: \u{201c}"),
            "{:?}",
            c.game
        );
    });
}

#[test]
fn typed_text_that_is_not_a_number_in_range_is_refused_with_a_message_never_clamped() {
    for_each_game(|c, h| {
        let before = h.state().document().ch.clone();
        type_number(h, "Move counter", "abc", true);
        assert_eq!(h.state().document().ch, before, "{:?}: abc changed", c.game);
        assert!(
            has_label_containing(h, "Move counter: \u{201c}abc\u{201d} is not a whole number"),
            "{:?}",
            c.game
        );
        type_number(h, "Goal: win within player moves", "0", true);
        assert_eq!(h.state().document().ch, before, "{:?}: goal 0", c.game);
        assert!(has_label_containing(
            h,
            "Goal: win within player moves: \u{201c}0\u{201d} is not in 1"
        ));
        if c.game != challenge::GameName::Seega {
            let height_at = h.get_by_label("Height").rect();
            type_number(h, "Width", "99", true);
            // The refusal is marked on Width itself: Height beside it stays under the pointer
            // (a "refused" word after Width pushed it 53 pt right).
            assert_eq!(h.get_by_label("Height").rect(), height_at, "{:?}", c.game);
            assert_eq!(h.state().document().ch, before, "{:?}: width 99", c.game);
            assert!(
                has_label_containing(h, "Width: \u{201c}99\u{201d} is not in"),
                "{:?}",
                c.game
            );
            assert!(!has_label_containing(h, "removes"), "{:?}", c.game);
        }
        // Escape leaves the field as it was; a good value is taken and clears the message.
        type_number(h, "Move counter", "2", true);
        assert_eq!(h.state().document().ch.position.move_counter, 2);
        assert!(
            !has_label_containing(h, "Move counter: \u{201c}"),
            "{:?}",
            c.game
        );
    });
}

#[test]
fn values_a_file_holds_outside_a_fields_range_are_shown_and_kept_not_clamped() {
    let mut ch = tutorial();
    ch.position.scores = Some(challenge::Scores {
        red: 150,
        blue: 9_999,
    });
    ch.position.move_limit = 1_200;
    ch.goal.player_moves = 60;
    let mut h = harness(EditorApp::with_challenge(ch.clone(), None));
    h.settle();
    assert_eq!(
        h.state().document().ch,
        ch,
        "drawing the fields changed the document"
    );
    assert!(!h.state().document().dirty);
}

#[test]
fn a_resize_that_would_remove_pieces_asks_first_and_a_typed_width_goes_straight_to_its_value() {
    for_each_game(|c, h| {
        if c.game == challenge::GameName::Seega {
            return; // Seega's sizes are picked from a list; no piece is lost growing.
        }
        let before = h.state().document().ch.clone();
        let width = before.position.width;
        type_number(h, "Width", "3", true);
        assert!(
            has_label_containing(h, "removes"),
            "{:?}: asked first",
            c.game
        );
        assert_eq!(
            h.state().document().ch,
            before,
            "{:?}: nothing removed yet",
            c.game
        );
        click(h, "Keep the size");
        assert!(!has_label_containing(h, "removes"));
        assert_eq!(h.state().document().ch, before);
        type_number(h, "Width", "3", true);
        click(h, "Resize and remove pieces");
        let p = &h.state().document().ch.position;
        assert_eq!(p.width, 3);
        assert!(p.pieces.len() < before.position.pieces.len());
        click(h, "Undo");
        assert_eq!(
            h.state().document().ch,
            before,
            "{:?}: undo gives the pieces back",
            c.game
        );
        // Typing 10 never passes through 1 (which would remove pieces): no question asked.
        type_number(h, "Width", "10", true);
        assert!(!has_label_containing(h, "removes"), "{:?}", c.game);
        let p = &h.state().document().ch.position;
        assert_eq!(
            (p.width, p.pieces.len()),
            (10, before.position.pieces.len())
        );
        assert_ne!(width, 10);
    });
}

#[test]
fn terrain_keys_do_nothing_in_a_game_without_terrain() {
    use peakforge::editor::tools::Tool;
    for_each_game(|c, h| {
        click(h, "Erase piece");
        for key in [Key::Num5, Key::R, Key::F] {
            h.key_press(key);
            h.settle();
        }
        let terrain = c.game == challenge::GameName::PawnPeak;
        assert_eq!(h.state().tool() == Tool::Erase, !terrain, "{:?}", c.game);
        assert_eq!(h.state().document().ch.position.terrain.is_some(), terrain);
    });
}

#[test]
fn enter_answers_the_resize_question_even_with_the_board_cursor_shown() {
    // Before: Enter applied the tool on the cursor's tile behind the dialog (a pawn removed
    // or placed at each press) and the question stayed.
    let bt = peakforge::editor::doc::template_for(
        challenge::GameName::Breakthrough,
        challenge::GameName::Breakthrough.standard_spec(),
        "bt",
        "Breakthrough",
    );
    let mut h = harness(EditorApp::with_challenge(bt, None));
    h.key_press(Key::ArrowUp); // the cursor appears on a1
    h.settle();
    let pieces = h.state().document().ch.position.pieces.len();
    type_number(&mut h, "Width", "5", false);
    h.key_press(Key::Tab);
    h.settle();
    assert!(has_label_containing(&h, "removes"), "asked first");
    h.key_press(Key::Enter);
    h.settle();
    assert!(!has_label_containing(&h, "removes"), "answered");
    let p = &h.state().document().ch.position;
    assert_eq!(p.width, 5, "resized");
    assert!(p.pieces.len() < pieces, "the pieces past the new edge went");
    // a1's pawn, under the cursor, is still there: Enter did not touch the board.
    assert!(p.pieces.iter().any(|x| x.0 == "a1"), "{:?}", p.pieces);
    click(&mut h, "Undo");
    assert_eq!(
        h.state().document().ch.position.pieces.len(),
        pieces,
        "one undo step"
    );
}
