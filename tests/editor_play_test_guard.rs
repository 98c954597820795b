//! Issue 25 item 1: in Play-test nothing edits the document (the position fields, the line's
//! buttons, the texts, undo), and the player can take back their own last move. Issue 26 item
//! 1: on Breakthrough, a defence that holds out past the goal is the move of perfect play.
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
        "Undo",
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
        h.settle();
    }
    tab(&mut h, "Texts");
    assert!(
        h.get_by_label("Title (English)")
            .accesskit_node()
            .is_disabled()
    );
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.settle();
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

/// Who wins `pos` (a Breakthrough position) by the plain alpha-beta, which shares nothing with
/// the proof search.
fn plain_winner(pos: &peakforge::games::AnyPosition) -> peakforge::game::Player {
    use peakforge::solver::known::{PlainWins, decide};
    let peakforge::games::AnyPosition::Breakthrough(p) = pos else {
        panic!("a Breakthrough position")
    };
    decide(p, 30, &mut PlainWins::new(Default::default()))
        .unwrap()
        .expect("decided")
        .winner
}

#[test]
fn on_breakthrough_a_defence_past_the_goal_wins_the_match_when_it_can() {
    use peakforge::game::GameState;
    let ch = peakforge::challenge::load(std::path::Path::new("tests/data/bt-defence.ron")).unwrap();
    let start = peakforge::challenge::validate(&ch).unwrap().start().clone();
    let mut h = harness(EditorApp::with_challenge(ch, None));
    click(&mut h, "Play-test");
    click(&mut h, "square a1");
    click(&mut h, "square b2");
    wait_for_defence(&mut h);
    let played = h.state().play_test().played();
    assert_eq!(played.len(), 2, "{played:?}");
    assert_eq!(played[0], "a1xb2");
    let reply = played[1].clone();
    let by_text = |pos: &peakforge::games::AnyPosition, text: &str| {
        pos.legal_moves()
            .into_iter()
            .find(|&m| pos.move_text(m) == text)
            .unwrap()
    };
    let after = start.play(by_text(&start, "a1xb2"));
    // Every reply holds out past the goal of one move; the first by text (the bounded
    // search's choice) loses the match, the solver's wins it.
    let mut replies = after.legal_moves();
    replies.sort_by_cached_key(|&m| after.move_text(m));
    let black = after.to_move();
    assert_ne!(plain_winner(&after.play(replies[0])), black);
    let played = by_text(&after, &reply);
    assert_eq!(plain_winner(&after.play(played)), black, "{reply}");
    assert_eq!(reply, "b3-c2");
    let end = h.state().play_test().end().unwrap_or_default().to_string();
    assert!(end.contains("held out"), "{end}");
}
