//! Issue 17 items 6, 7, 8 and the keyboard path, through the accessibility tree with
//! `egui_kittest` (every input labelled): modes with their own tools, the play-test's last
//! move, why a challenge fails (headline, cooks, one Problems list, the unsound refutation),
//! the keyboard cursor, and the first tutorial authored from a blank board to an exported file
//! with its action count.
#![cfg(feature = "editor")]

mod editor_support;

use std::path::{Path, PathBuf};
use std::time::Duration;

use eframe::egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use peakforge::challenge::{self, Challenge};
use peakforge::editor::app::EditorApp;
use peakforge::editor::doc;
use peakforge::editor::tools::Tool;
use peakforge::verify::Status;

use editor_support::{Settle, click, harness};

fn load(path: &str) -> Challenge {
    challenge::load(Path::new(path)).unwrap()
}

fn key(h: &mut Harness<'_, EditorApp>, k: Key) {
    h.key_press(k);
    h.settle();
}

fn has(h: &Harness<'_, EditorApp>, text: &str) -> bool {
    h.query_all_by_label_contains(text).next().is_some()
}

fn wait_until(h: &mut Harness<'_, EditorApp>, done: impl Fn(&EditorApp) -> bool) {
    for _ in 0..6000 {
        if done(h.state()) {
            h.settle();
            return;
        }
        h.step();
        std::thread::sleep(Duration::from_millis(10));
    }
    panic!("not done within the step budget");
}

fn wait_for_verdict(h: &mut Harness<'_, EditorApp>) {
    wait_until(h, |a| a.verify_report().is_some());
}

fn tile(h: &Harness<'_, EditorApp>, name: &str) -> String {
    h.get_by_label(&format!("square {name}"))
        .value()
        .unwrap_or_default()
}

// ---- 6. Modes ----

#[test]
fn each_mode_shows_only_its_own_tools() {
    let mut h = harness(EditorApp::with_challenge(
        load("challenges/01-terrain.ron"),
        None,
    ));
    assert!(
        has(&h, "Raise") && has(&h, "Blue Scout"),
        "Edit board: the tools"
    );
    click(&mut h, "Play / record");
    assert!(!has(&h, "Raise"), "no terrain tools while recording");
    assert!(!has(&h, "Blue Scout"), "no palette while recording");
    assert!(has(&h, "Recording the intended line"));
    // A tool key does not edit the board while recording.
    key(&mut h, Key::B);
    assert_eq!(h.state().tool(), Tool::Play);
    click(&mut h, "Edit board");
    assert!(has(&h, "Raise"));
    click(&mut h, "Play-test");
    assert!(
        !has(&h, "Raise") && !has(&h, "Blue Scout"),
        "no tools in play-test"
    );
    assert!(has(&h, "Leave with Stop play-test"));
}

#[test]
fn leaving_a_play_test_is_explicit() {
    let mut h = harness(EditorApp::with_challenge(
        load("challenges/01-terrain.ron"),
        None,
    ));
    click(&mut h, "Play-test");
    // Neither the other modes' buttons nor the tool keys end it.
    assert!(h.get_by_label("Edit board").accesskit_node().is_disabled());
    h.get_by_label("Edit board").click();
    h.settle();
    for k in [Key::B, Key::R, Key::Num3, Key::P] {
        key(&mut h, k);
    }
    h.key_press_modifiers(Modifiers::COMMAND, Key::P);
    h.settle();
    assert_eq!(h.state().tool(), Tool::PlayTest, "still play-testing");
    assert!(has(&h, "Stop play-test (Esc) first"));
    // The next click plays, it does not paint.
    click(&mut h, "square c4");
    assert_eq!(h.state().document().ch, load("challenges/01-terrain.ron"));
    key(&mut h, Key::Escape);
    assert_eq!(h.state().tool(), Tool::Paint, "Esc leaves the play-test");
    click(&mut h, "Play-test");
    click(&mut h, "Stop play-test");
    assert_eq!(h.state().tool(), Tool::Paint, "so does Stop play-test");
}

// ---- 8. Play-test: the last move marked ----

#[test]
fn play_test_marks_the_last_move_yours_and_the_solvers_with_its_text() {
    let mut h = harness(EditorApp::with_challenge(
        load("tests/data/first-tutorial.ron"),
        None,
    ));
    click(&mut h, "Start play-test");
    click(&mut h, "square b3");
    click(&mut h, "square c4");
    wait_until(&mut h, |a| !a.play_test().thinking());
    let played = h.state().play_test().played().to_vec();
    assert_eq!(played.len(), 2, "{played:?}");
    assert_eq!(
        h.state().play_test().last_move(),
        Some((played[1].clone(), true))
    );
    let mark = h
        .state()
        .play_test()
        .last_mark()
        .expect("the solver's move marked");
    assert_eq!(mark.label, "solver");
    assert!(has(
        &h,
        &format!("Last move: the solver played {}", played[1])
    ));
    // The player's winning exit is then the last move, marked "you".
    click(&mut h, "square c4");
    h.get_by_label_contains("Play exit c4").click();
    h.settle();
    assert!(h.state().play_test().end().is_some());
    assert_eq!(
        h.state().play_test().last_move(),
        Some(("c4-exit".to_string(), false))
    );
    assert_eq!(h.state().play_test().last_mark().unwrap().label, "you");
    assert!(has(&h, "Last move: you played c4-exit"));
    click(&mut h, "Restart");
    assert!(h.state().play_test().last_move().is_none());
}

// ---- 7. Why a challenge fails ----

#[test]
fn verdict_headline_names_cooked_and_the_line_failing_at_move_k() {
    let mut h = harness(EditorApp::with_challenge(
        load("tests/data/editor-cooked-illegal.ron"),
        None,
    ));
    key(&mut h, Key::F5);
    wait_for_verdict(&mut h);
    // The line goes on after its first move won: it fails there.
    assert_eq!(
        h.state().verify_report().unwrap().0.status,
        Status::LineFails
    );
    assert!(
        has(
            &h,
            "Verdict: move 2 of the intended line (solution[1], c2-a1): the match is already \
             over; short solution: a win in 1 player move(s), fewer than the goal's 2; cooked: 2 \
             winning first moves (b4-exit, e4-exit)"
        ),
        "the headline names every finding"
    );
    assert!(
        h.query_by_label(" line fails ").is_some(),
        "the badge says the status in words"
    );
}

#[test]
fn a_clicked_cook_is_drawn_labelled_cook() {
    let mut h = harness(EditorApp::with_challenge(
        load("tests/data/editor-cooked-illegal.ron"),
        None,
    ));
    key(&mut h, Key::F5);
    wait_for_verdict(&mut h);
    editor_support::tab(&mut h, "Problems");
    // From the Problems list (scrolled to: the tries listed above it are many).
    h.get_by_label("• cooked: key move 2 of 2: e4-exit wins")
        .scroll_to_me();
    h.settle();
    click(&mut h, "• cooked: key move 2 of 2: e4-exit wins");
    let arrows = h.state().finding_arrows();
    assert!(
        arrows.contains(&("e4-exit".to_string(), "cook".to_string())),
        "{arrows:?}"
    );
    assert!(!arrows.iter().any(|(_, l)| l == "key"), "{arrows:?}");
}

#[test]
fn problems_list_shows_the_intended_lines_problem_live_while_editing() {
    let mut h = harness(EditorApp::with_challenge(
        load("tests/data/editor-cooked-illegal.ron"),
        None,
    ));
    // No Verify: the illegal second move is listed from the start, with its index.
    assert!(has(&h, "Problems (1)"));
    editor_support::tab(&mut h, "Problems");
    assert!(has(
        &h,
        "• move 2 of the intended line (solution[1], c2-a1): the match is already over"
    ));
    assert!(!has(&h, "no problem found"));
    // Editing the board changes the list at once: a Red Scout on c2's path is no fix, but
    // removing the piece the line moves makes its first move illegal instead.
    click(&mut h, "Erase piece");
    click(&mut h, "square b4");
    assert!(
        has(&h, "(solution[0], b4-exit)"),
        "the list follows the edit"
    );
    // After Verify the report's findings join the same list.
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.settle();
    key(&mut h, Key::F5);
    wait_for_verdict(&mut h);
    assert!(has(&h, "• cooked: key move 1 of 2: b4-exit wins"));
    assert!(has(
        &h,
        "• move 2 of the intended line (solution[1], c2-a1): the match is already over"
    ));
    assert!(has(
        &h,
        "• short solution: a win in 1 player move(s), fewer than the goal's 2"
    ));
    assert!(has(&h, "Problems (4)"));
}

#[test]
fn unsound_shows_the_refuting_defence_on_the_board_and_in_the_list() {
    let mut h = harness(EditorApp::with_challenge(
        load("tests/data/editor-unsound.ron"),
        None,
    ));
    key(&mut h, Key::F5);
    wait_for_verdict(&mut h);
    assert_eq!(h.state().verify_report().unwrap().0.status, Status::Unsound);
    editor_support::tab(&mut h, "Problems");
    assert!(has(&h, "Verdict: no forced win within 2 player move(s)"));
    let entry = h
        .query_all_by_label_contains("• unsound: after b3xc4, the defence ")
        .next()
        .expect("the refutation in the Problems list")
        .accesskit_node()
        .label()
        .unwrap();
    let defence = entry
        .split("the defence ")
        .nth(1)
        .unwrap()
        .split(' ')
        .next()
        .unwrap()
        .to_string();
    h.get_by_label(&entry).click();
    h.settle();
    let (caption, moves) = h.state().finding_shown().expect("shown on the board");
    assert!(
        caption.contains(&format!("after b3xc4, the defence {defence} holds")),
        "{caption}"
    );
    assert_eq!(moves, std::slice::from_ref(&defence));
    assert_eq!(h.state().finding_arrows()[0].1, "refutes");
    // The defence really holds: after it Red cannot win in the one move left.
    let ch = h.state().document().ch.clone();
    let start = challenge::validate(&ch).unwrap().start().clone();
    use peakforge::game::GameState;
    let after = start.play(start.parse_move("b3xc4").unwrap());
    let after = after.play(after.parse_move(&defence).unwrap());
    let sol = peakforge::solver::solve(&after, Some(1), peakforge::solver::Control::default());
    assert!(sol.key_moves.is_empty(), "{defence} holds");
}

// ---- The keyboard path ----

#[test]
fn arrow_keys_move_a_cursor_and_space_applies_the_tool_there() {
    let blank = doc::template(&doc::blank_position(), "kb", "Keyboard");
    let mut h = harness(EditorApp::with_challenge(blank, None));
    // The first arrow shows the cursor on a1; then it moves, kept on the board.
    key(&mut h, Key::ArrowRight);
    assert!(tile(&h, "a1").contains("cursor"), "{}", tile(&h, "a1"));
    for k in [
        Key::ArrowRight,
        Key::ArrowUp,
        Key::ArrowUp,
        Key::ArrowLeft,
        Key::ArrowLeft,
    ] {
        key(&mut h, k);
    }
    assert!(tile(&h, "a3").contains("cursor"), "{}", tile(&h, "a3"));
    // A height and Space paint it.
    key(&mut h, Key::Num4);
    key(&mut h, Key::Space);
    assert!(tile(&h, "a3").starts_with("height 4"), "{}", tile(&h, "a3"));
    // P picks the pieces in palette order; Enter places one.
    key(&mut h, Key::P);
    key(&mut h, Key::P);
    key(&mut h, Key::ArrowDown);
    key(&mut h, Key::Enter);
    assert!(
        tile(&h, "a2").contains("Red Protector"),
        "{}",
        tile(&h, "a2")
    );
    // Recording with the cursor: Ctrl+P, then the piece and its destination.
    key(&mut h, Key::P); // Red Guardian
    key(&mut h, Key::ArrowRight);
    key(&mut h, Key::Space); // b2
    for k in [
        Key::P,
        Key::P,
        Key::P,
        Key::ArrowUp,
        Key::ArrowUp,
        Key::ArrowUp,
        Key::Space,
    ] {
        key(&mut h, k); // a Blue Guardian on b5
    }
    h.key_press_modifiers(Modifiers::COMMAND, Key::P);
    h.settle();
    assert_eq!(h.state().tool(), Tool::Play);
    // From b5 down to the Red Guardian on b2, Space, up to b3, Space: one move recorded.
    for k in [
        Key::ArrowDown,
        Key::ArrowDown,
        Key::ArrowDown,
        Key::Space,
        Key::ArrowUp,
        Key::Space,
    ] {
        key(&mut h, k);
    }
    assert_eq!(h.state().document().ch.solution, ["b2-b3".to_string()]);
}

// ---- The first tutorial, from a blank board to an exported file ----

/// The editor with an honest count of what the user did: every click and every key press is
/// one action; typing a value into a focused field is counted apart (`typed`).
struct Flow {
    h: Harness<'static, EditorApp>,
    actions: u32,
    typed: u32,
}

impl Flow {
    /// A click on the widget labelled `label`, which must be showing (no tab opened
    /// behind the count's back).
    fn click(&mut self, label: &str) {
        self.actions += 1;
        self.h.get_by_label(label).click();
        self.h.settle();
    }
    fn key(&mut self, k: Key) {
        self.actions += 1;
        key(&mut self.h, k);
    }
    /// A drag on the board from tile `from` to tile `to`: one action.
    fn drag(&mut self, from: &str, to: &str) {
        self.actions += 1;
        let at = |h: &Harness<'_, EditorApp>, s: &str| {
            h.get_by_label(&format!("square {s}")).rect().center()
        };
        let (a, b) = (at(&self.h, from), at(&self.h, to));
        self.h.hover_at(a);
        self.h.settle();
        self.h.drag_at(a);
        self.h.settle();
        self.h.hover_at(b);
        self.h.settle();
        self.h.drop_at(b);
        self.h.settle();
    }
    fn key_mod(&mut self, m: Modifiers, k: Key) {
        self.actions += 1;
        self.h.key_press_modifiers(m, k);
        self.h.settle();
    }
    /// Replaces what the focused field `label` holds with `text` (Ctrl+A, then typing: both
    /// counted as typing).
    fn replace_in(&mut self, label: &str, text: &str) {
        self.h.key_press_modifiers(Modifiers::COMMAND, Key::A);
        self.h.settle();
        self.type_in(label, text);
    }
    /// Types `text` into the focused field `label`.
    fn type_in(&mut self, label: &str, text: &str) {
        self.typed += 1;
        self.h.get_by_label(label).type_text(text);
        self.h.settle();
    }
}

#[test]
fn first_tutorial_from_a_blank_board_to_an_exported_file_in_at_most_32_actions() {
    let dir = std::env::temp_dir().join(format!("peakforge-first-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let out: PathBuf = dir.join("over-the-hill.ron");
    let blank = doc::template(&doc::blank_position(), "new-challenge", "New challenge");
    let mut f = Flow {
        h: harness(EditorApp::with_challenge(blank, None)),
        actions: 0,
        typed: 0,
    };
    // A painted hill: a 3 × 3 brush of height 1 (the chosen height at start) on c3.
    f.key(Key::CloseBracket);
    f.click("square c3");
    // Four pieces.
    for (piece, at) in [
        ("Red Protector", "a3"),
        ("Red Guardian", "b3"),
        ("Blue Scout", "c4"),
        ("Blue Guardian", "d3"),
    ] {
        f.click(piece);
        f.click(&format!("square {at}"));
    }
    // An exited piece: Blue's Protector (its 2 points are Blue's starting score).
    f.click("BP");
    // Blue's score, the move counter, the limit and the goal: one field after the other.
    f.click("Blue score");
    f.type_in("Blue score", "2");
    f.key(Key::Tab);
    f.type_in("Move counter", "30");
    f.key(Key::Tab);
    f.type_in("Move limit", "50");
    f.key(Key::Tab);
    f.type_in("Goal: win within player moves", "2");
    f.key(Key::Enter);
    // The texts, English and French (the template's English ones replaced), in their panel.
    // The template's placeholders are selected when their field gets the focus.
    f.click("Texts");
    f.click("Title (English)");
    f.type_in("Title (English)", "Over the hill");
    f.key(Key::Tab);
    f.type_in("Title (French)", "Par-dessus la colline");
    f.key(Key::Tab);
    f.type_in(
        "Tutorial (English)",
        "Blue is ahead on points. Capture first, then exit with your Guardian. Red to play \
         and win in 2.",
    );
    f.key(Key::Tab);
    f.type_in(
        "Tutorial (French)",
        "Bleu mène aux points. Capturez d'abord, puis sortez avec votre Gardien. Rouge joue \
         et gagne en 2 coups.",
    );
    let p = &f.h.state().document().ch.position;
    assert_eq!(
        (
            p.move_counter,
            p.move_limit,
            f.h.state().document().ch.goal.player_moves
        ),
        (30, 50, 2),
        "the number fields"
    );
    assert!(tile(&f.h, "c3").starts_with("height 1") && tile(&f.h, "b2").starts_with("height 1"));
    assert!(tile(&f.h, "a1").starts_with("height 0"));
    // The intended line, a win in 2: b3xc4, d3-b2, c4-exit (Ctrl+P works from a text field;
    // the first click on the board takes the keyboard from it).
    f.key_mod(Modifiers::COMMAND, Key::P);
    for at in ["b3", "c4", "d3", "b2", "c4"] {
        f.click(&format!("square {at}"));
    }
    f.key(Key::X); // the exit offered for c4
    assert_eq!(
        f.h.state().document().ch.solution,
        ["b3xc4", "d3-b2", "c4-exit"].map(String::from)
    );
    // Verify, then Export to a typed path.
    f.key(Key::F5);
    wait_for_verdict(&mut f.h);
    assert_eq!(f.h.state().verify_report().unwrap().0.status, Status::Sound);
    // A new document has no export path yet: the field is empty.
    f.click("Export file");
    f.click("Export to");
    f.type_in("Export to", &out.display().to_string());
    f.key_mod(Modifiers::COMMAND, Key::E);
    // The status line says it too (it kept "New Pawn&Peak challenge." before).
    let said = f.h.state().message().unwrap_or_default().to_string();
    assert!(
        said.starts_with("Exported to ") && said.contains("b3xc4"),
        "{said}"
    );
    let exported = challenge::load(&out).expect("the exported file");
    assert_eq!(
        exported.verification.as_ref().unwrap().verdict,
        Status::Sound
    );
    assert_eq!(exported.title["fr"], "Par-dessus la colline");
    assert_eq!(
        exported.title["en"], "Over the hill",
        "the placeholder was replaced"
    );
    assert_eq!(exported.position.exited.as_ref().map(Vec::len), Some(1));
    // The same challenge as the one verified with `peakforge verify` (tests/data).
    let reference = load("tests/data/first-tutorial.ron");
    assert_eq!(exported.tutorial, reference.tutorial);
    assert_eq!(exported.position, reference.position);
    assert_eq!(exported.solution, reference.solution);
    eprintln!(
        "first tutorial: {} actions, {} typed values",
        f.actions, f.typed
    );
    assert!(f.actions <= 32, "{} actions", f.actions);
    let _ = std::fs::remove_dir_all(&dir);
}

// ---- Issue 15 item 5: the tries' refutations on the board ----

#[test]
fn a_clicked_try_shows_its_refutation_on_the_board() {
    let mut h = harness(EditorApp::with_challenge(
        load("tests/data/first-tutorial.ron"),
        None,
    ));
    key(&mut h, Key::F5);
    wait_for_verdict(&mut h);
    let report = h.state().verify_report().unwrap().0.clone();
    let tries: Vec<_> = report
        .refutation_texts()
        .iter()
        .flatten()
        .filter(|r| r.unique && r.defence.is_some())
        .cloned()
        .collect();
    assert!(!tries.is_empty(), "{:?}", report.refutations);
    for t in tries {
        let d = t.defence.clone().unwrap();
        click(&mut h, &format!("try {}? refuted by {d}", t.mv));
        let (caption, _) = h.state().finding_shown().expect("shown");
        assert!(
            caption.contains(&format!("after {}, the defence {d} holds", t.mv)),
            "{caption}"
        );
        assert_eq!(
            h.state().finding_arrows(),
            [(d.clone(), "refutes".to_string())]
        );
        click(&mut h, "Back to the board");
    }
}

// ---- Issue 25: the trial's tutorial in at most 40 actions, a variant in at most 10 ----

#[test]
fn the_trials_tutorial_from_a_blank_board_to_a_saved_file_in_at_most_40_actions() {
    let dir = std::env::temp_dir().join(format!("peakforge-trial-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let out: PathBuf = dir.join("over-the-hill-6.ron");
    let blank = doc::template(&doc::blank_position(), "new-challenge", "New challenge");
    let mut f = Flow {
        h: harness(EditorApp::with_challenge(blank, None)),
        actions: 0,
        typed: 0,
    };
    // 6 × 6.
    f.click("Width");
    f.type_in("Width", "6");
    f.key(Key::Tab);
    f.type_in("Height", "6");
    f.key(Key::Enter);
    // A plateau of height 1 with one fill (the chosen height at start), a peak of 4 on c6,
    // a hill raised by a 3 × 3 brush.
    f.key(Key::F);
    f.click("square a1");
    f.key(Key::Num4);
    f.key(Key::B);
    f.click("square c6");
    f.key(Key::R);
    f.key(Key::CloseBracket);
    f.click("square c4");
    // Four pieces.
    for (piece, at) in [
        ("Red Protector", "a4"),
        ("Red Guardian", "b4"),
        ("Blue Scout", "c5"),
        ("Blue Guardian", "d4"),
    ] {
        f.click(piece);
        f.click(&format!("square {at}"));
    }
    // An exited piece, a score, the counter, the limit and the goal.
    f.click("BP");
    f.click("Blue score");
    f.type_in("Blue score", "2");
    f.key(Key::Tab);
    f.type_in("Move counter", "30");
    f.key(Key::Tab);
    f.type_in("Move limit", "50");
    f.key(Key::Tab);
    f.type_in("Goal: win within player moves", "2");
    // The texts with a hint (the click on the panel commits the goal).
    f.click("Texts");
    f.click("Title (English)");
    f.type_in("Title (English)", "Over the hill");
    f.key(Key::Tab);
    f.type_in("Title (French)", "Par-dessus la colline");
    f.key(Key::Tab);
    f.type_in(
        "Tutorial (English)",
        "Blue is ahead on points, but one exit of yours ends the match. Over the hill!",
    );
    f.key(Key::Tab);
    f.type_in(
        "Tutorial (French)",
        "Bleu mène aux points, mais une sortie finit la partie. Par-dessus la colline !",
    );
    f.key(Key::Tab);
    f.type_in(
        "Hint (English)",
        "The peak on c6 is too steep: go round it.",
    );
    // A win in 2: b4-b6, c5-a3, b6-exit.
    f.key_mod(Modifiers::COMMAND, Key::P);
    for at in ["b4", "b6", "c5", "a3", "b6"] {
        f.click(&format!("square {at}"));
    }
    f.key(Key::X);
    assert_eq!(
        f.h.state().document().ch.solution,
        ["b4-b6", "c5-a3", "b6-exit"].map(String::from)
    );
    f.key(Key::F5);
    wait_for_verdict(&mut f.h);
    assert_eq!(f.h.state().verify_report().unwrap().0.status, Status::Sound);
    // Save: the editor asks for a path in the File field.
    f.key_mod(Modifiers::COMMAND, Key::S);
    f.type_in("File", &out.display().to_string());
    f.click("Save to path");
    let saved = challenge::load(&out).expect("the saved file");
    let p = &saved.position;
    assert_eq!((p.width, p.height), (6, 6));
    assert_eq!(
        (p.move_counter, p.move_limit, saved.goal.player_moves),
        (30, 50, 2)
    );
    assert_eq!(p.scores.map(|s| s.blue), Some(2));
    assert_eq!(p.exited.as_ref().map(Vec::len), Some(1));
    assert_eq!(p.pieces.len(), 4);
    let terrain = p.terrain.clone().unwrap();
    assert_eq!(terrain[0], "114111", "the plateau and its peak");
    assert_eq!(&terrain[1][1..4], "222", "the hill");
    assert_eq!(terrain[5], "111111", "the plateau");
    assert_eq!(
        saved.hint["en"],
        "The peak on c6 is too steep: go round it."
    );
    assert_eq!(saved.id, "over-the-hill", "the id follows the title");
    eprintln!(
        "the trial's tutorial: {} actions, {} typed values",
        f.actions, f.typed
    );
    assert!(f.actions <= 40, "{} actions", f.actions);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_variant_of_a_tutorial_opened_mirrored_moved_verified_and_saved_as_in_at_most_10_actions() {
    let dir = std::env::temp_dir().join(format!("peakforge-variant-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let out: PathBuf = dir.join("variant.ron");
    let blank = doc::template(&doc::blank_position(), "new-challenge", "New challenge");
    let mut f = Flow {
        h: harness(EditorApp::with_challenge(blank, None)),
        actions: 0,
        typed: 0,
    };
    let original = load("tests/data/first-tutorial.ron");
    f.click("File");
    f.replace_in("File", "tests/data/first-tutorial.ron");
    f.click("Open path");
    assert_eq!(f.h.state().document().ch, original);
    f.click("Mirror");
    // The mirrored Red Protector (a3 -> e3) two tiles up.
    f.key(Key::M);
    f.drag("e3", "e5");
    f.key(Key::F5);
    wait_for_verdict(&mut f.h);
    let status = f.h.state().verify_report().unwrap().0.status;
    f.click("File");
    f.replace_in("File", &out.display().to_string());
    f.click("Save to path");
    let saved = challenge::load(&out).expect("the variant");
    assert!(
        saved.position.pieces.iter().any(|p| p.0 == "e5"),
        "the piece moved"
    );
    assert_eq!(
        saved.solution.len(),
        original.solution.len(),
        "the line came along"
    );
    assert_eq!(status, Status::Sound, "the variant is sound");
    eprintln!(
        "the variant: {} actions, {} typed values",
        f.actions, f.typed
    );
    assert!(f.actions <= 10, "{} actions", f.actions);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_goal_shorter_than_the_line_is_listed_while_editing_and_its_click_focuses_the_goal() {
    let mut ch = load("challenges/05-support.ron");
    ch.goal.player_moves = 1;
    let mut h = harness(EditorApp::with_challenge(ch, None));
    // No Verify: found when the challenge is checked (it was listed only after a search,
    // and an edit after that said "no problem found").
    let words =
        "the intended line takes 2 player moves, more than the goal's 1 (goal.player_moves)";
    assert!(has(&h, "Problems (1)"));
    editor_support::tab(&mut h, "Problems");
    let entry = format!("• {words}");
    assert!(has(&h, &entry));
    click(&mut h, &entry);
    assert!(
        h.get_by_label("Goal: win within player moves")
            .accesskit_node()
            .is_focused(),
        "the click puts the keyboard in the goal"
    );
    // After Verify: the verdict and the same entry, once.
    key(&mut h, Key::Escape);
    key(&mut h, Key::F5);
    wait_for_verdict(&mut h);
    assert!(has(&h, "Problems (2)"));
    assert_eq!(h.query_all_by_label(&entry).count(), 1);
}
