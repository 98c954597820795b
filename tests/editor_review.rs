//! The reviewer's view in the editor (issue 15 items 4 and 5): the proof browser walks the
//! solution tree (every defence at a defender node, checked against the plain rules; the
//! player's answer the solver's proof gives, checked to win by the rules), and Suggest repairs a
//! cooked challenge in one undo step, with Cancel. Every input goes through the accessibility
//! tree.
#![cfg(feature = "editor")]

mod editor_support;
mod plain;

use editor_support::*;
use eframe::egui::{Key, Modifiers};
use egui_kittest::Harness;
use peakforge::challenge::{self, Challenge, validate};
use peakforge::editor::app::EditorApp;
use peakforge::game::GameState;
use peakforge::games::AnyPosition;
use peakforge::solver::proof::{ProofNode, proof_tree};
use peakforge::solver::{Control, Prover};
use peakforge::verify::Status;
use plain::{FromEngine, Plain, plain_moves};
use std::path::Path;

const COOKED: &str = "tests/data/cooked/05-support-cooked.ron";

/// The labels of the listed defences (`defence <move>`), as the accessibility tree has them.
fn listed_defences(h: &Harness<'_, EditorApp>) -> Vec<String> {
    let mut v: Vec<String> = h
        .query_all_by_label_contains("defence ")
        .filter_map(|n| n.accesskit_node().label())
        .filter_map(|l| l.strip_prefix("defence ").map(str::to_string))
        .collect();
    v.sort();
    v
}

/// The solution tree the solver gives for `ch` within its goal.
fn solver_proof(ch: &Challenge) -> (AnyPosition, ProofNode) {
    let start = validate(ch).unwrap().start().clone();
    let mut prover = Prover::new(start.to_move(), Control::default());
    let tree = proof_tree(&start, ch.goal.player_moves, &mut prover)
        .unwrap()
        .expect("a sound challenge has a proof");
    (start, tree)
}

#[test]
fn the_proof_browser_lists_every_defence_and_shows_the_proofs_answer() {
    let file = Path::new("challenges/05-support.ron");
    let mut h = harness(EditorApp::from_file(file).unwrap());
    assert!(
        h.query_by_label("Browse the proof").is_none(),
        "offered only after Verify"
    );
    assert_eq!(verify_now(&mut h), Status::Sound);
    press(&mut h, "Browse the proof");
    wait_until(&mut h, 60, |app| !app.proof_searching());
    let ch = h.state().document().ch.clone();
    let (start, tree) = solver_proof(&ch);
    let ProofNode::Play { play: key, then } = &tree else {
        panic!("the proof starts with the player's move: {tree:?}");
    };
    // The start, with the key drawn.
    assert_eq!(
        h.state().finding_arrows(),
        vec![(key.clone(), "key".to_string())]
    );
    click(&mut h, "Proof: play the answer");
    // The first defender node: every legal move of the plain rules, each listed once.
    let after_key = challenge::build_position(&ch.position).unwrap().play(
        challenge::build_position(&ch.position)
            .unwrap()
            .parse_move(key)
            .unwrap(),
    );
    let mut legal: Vec<String> = plain_moves(&Plain::from_engine(&after_key))
        .into_iter()
        .map(|m| m.0)
        .collect();
    legal.sort();
    assert!(legal.len() > 1, "a defender node with a choice");
    assert_eq!(listed_defences(&h), legal);
    let ProofNode::Defences { defences } = then.as_ref() else {
        panic!("a defender node after the key: {then:?}");
    };
    let player = start.to_move();
    for d in defences {
        click(&mut h, &format!("defence {}", d.mv));
        let ProofNode::Play { play: answer, .. } = &d.then else {
            panic!("the player answers {}: {:?}", d.mv, d.then);
        };
        assert_eq!(
            h.state().finding_arrows(),
            vec![(answer.clone(), "answer".to_string())],
            "after {key} {}",
            d.mv
        );
        let (caption, _) = h.state().finding_shown().unwrap();
        assert!(
            caption.contains(&format!("after the defence {}", d.mv)),
            "{caption}"
        );
        // The answer wins by the rules: the goal is 2, so it ends the match.
        let pos = start.play(start.parse_move(key).unwrap());
        let pos = pos.play(pos.parse_move(&d.mv).unwrap());
        let won = pos.play(pos.parse_move(answer).unwrap());
        assert_eq!(won.outcome().and_then(|o| o.winner), Some(player));
        click(&mut h, "Proof: play the answer");
        assert!(has_label_containing(&h, "The player has won"));
        click(&mut h, "Proof: back");
        click(&mut h, "Proof: back");
        assert_eq!(listed_defences(&h), legal, "back at the defender node");
    }
    click(&mut h, "Proof: start");
    assert_eq!(
        h.state().finding_arrows(),
        vec![(key.clone(), "key".to_string())]
    );
    // The board goes back to the document; an edit makes the proof stale.
    click(&mut h, "Back to the board");
    assert!(h.state().finding_shown().is_none());
}

#[test]
fn suggest_lists_repairs_and_one_click_applies_one_undo_step() {
    let mut h = harness(EditorApp::from_file(Path::new(COOKED)).unwrap());
    let original = h.state().document().ch.clone();
    assert_eq!(verify_now(&mut h), Status::Cooked);
    press(&mut h, "Suggest");
    wait_until(&mut h, 60, |app| !app.suggesting());
    let repairs = h
        .state()
        .repairs()
        .expect("repairs for the document")
        .to_vec();
    assert!(!repairs.is_empty());
    // Every repair is listed in words, and removing the added Scout is among them.
    for r in &repairs {
        let label = peakforge::editor::suggest::describe(r);
        assert!(h.query_by_label(&label).is_some(), "{label} listed");
    }
    assert!(has_label_containing(
        &h,
        "remove Red Scout on e4 — sound, key c4xc5 unique"
    ));
    let first = repairs[0].clone();
    click(&mut h, &peakforge::editor::suggest::describe(&first));
    assert_eq!(h.state().document().ch, first.edit.challenge);
    assert!(h.state().repairs().is_none(), "the list is stale now");
    assert_eq!(verify_now(&mut h), Status::Sound);
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.settle();
    assert_eq!(
        h.state().document().ch,
        original,
        "one undo step restores it"
    );
    assert!(h.state().repairs().is_some(), "the list holds again");
    // And so does the verdict made for it (before, "sound (the challenge changed since)").
    let (report, made_for) = h.state().verify_report().expect("a report");
    assert_eq!((report.status, made_for), (Status::Cooked, &original));
    assert!(!has_label_containing(&h, "the challenge changed since"));
    h.key_press_modifiers(Modifiers::COMMAND, Key::Y);
    h.settle();
    let (report, made_for) = h.state().verify_report().expect("a report");
    assert_eq!(
        (report.status, made_for),
        (Status::Sound, &first.edit.challenge)
    );
}

#[test]
fn suggest_can_be_cancelled() {
    // The cooked challenge with a goal of 5: its edits take tens of seconds to verify.
    let mut ch = challenge::load(Path::new(COOKED)).unwrap();
    ch.goal.player_moves = 5;
    let mut h = harness(EditorApp::with_challenge(ch, None));
    type_into(&mut h, "Time limit (s, 0 = none)", "0");
    assert_eq!(verify_now(&mut h), Status::Cooked);
    press(&mut h, "Suggest");
    assert!(h.state().suggesting());
    assert!(has_label_containing(&h, "suggesting repairs"));
    press(&mut h, "Cancel suggest");
    wait_until(&mut h, 10, |app| !app.suggesting());
    assert!(has_label_containing(&h, "Suggest cancelled"));
    assert!(h.state().repairs().is_none());
}
