//! Issue 26 item 1: `verify` and the editor's play-test defence use the proof search of "who
//! wins" on Breakthrough where it answers their question (docs/certificates.md "Who wins in
//! verify and the play-test").

use peakforge::game::{GameState, Player};
use peakforge::games::AnyPosition;
use peakforge::solver::known::{PlainWins, decide};
use peakforge::solver::{Control, Limits};
use peakforge::verify::{Finding, Status, verify_file};

const BT_DEFENCE: &str = "tests/data/bt-defence.ron";

/// The winner and plies of `pos` by the plain alpha-beta, which shares nothing with the proof
/// search.
fn plain_who_wins(pos: &AnyPosition) -> (Player, u32) {
    let AnyPosition::Breakthrough(p) = pos else {
        panic!("a Breakthrough position")
    };
    let d = decide(p, 30, &mut PlainWins::new(Control::default()))
        .unwrap()
        .expect("decided within 30 player moves");
    (d.winner, d.plies)
}

#[test]
fn verify_of_an_unsound_breakthrough_start_says_who_wins_with_perfect_play() {
    let report = verify_file(std::path::Path::new(BT_DEFENCE), Control::default());
    assert_eq!(report.status, Status::Unsound);
    let start = report.start.clone().unwrap();
    let (winner, plies) = plain_who_wins(&start);
    let found = report
        .findings
        .iter()
        .find_map(|f| match f {
            Finding::WhoWins(w) => Some(w.clone()),
            _ => None,
        })
        .expect("a who-wins finding");
    assert_eq!(found.winner, start.side_word(winner));
    assert_eq!(found.player, winner == start.to_move());
    assert_eq!(found.plies, plies);
    let json = serde_json::to_value(&report).unwrap();
    assert_eq!(json["who_wins"]["plies"], plies);
    assert_eq!(json["who_wins"]["side"], "defender");
    assert_eq!(json["who_wins"]["winner"], "black");
    assert!(
        json["messages"]
            .as_array()
            .unwrap()
            .iter()
            .any(|m| m.as_str().unwrap().contains("Black (the defender) wins in")),
        "{json}"
    );
    assert!(
        !report.headline().contains("perfect play"),
        "a note, not a fault"
    );
}

fn says_who_wins(r: &peakforge::verify::VerifyReport) -> bool {
    r.findings.iter().any(|f| matches!(f, Finding::WhoWins(_)))
}

#[test]
fn verify_leaves_who_wins_out_when_a_limit_stops_it_or_the_start_is_won() {
    // A sound Breakthrough challenge: the bounded answer is the whole story.
    let sound = verify_file(
        std::path::Path::new("challenges/17-bt-race.ron"),
        Control::default(),
    );
    assert!(!says_who_wins(&sound), "{:?}", sound.findings);
    // The node limit the bounded search leaves nothing of: the verdict stands, without it.
    let tight = Control {
        limits: Limits {
            max_nodes: Some(1),
            ..Limits::default()
        },
        ..Control::default()
    };
    let stopped = verify_file(std::path::Path::new(BT_DEFENCE), tight);
    assert!(!says_who_wins(&stopped), "{:?}", stopped.findings);
}
