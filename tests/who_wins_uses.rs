//! Issue 26 item 1: `verify` and the editor's play-test defence use the proof search of "who
//! wins" on Breakthrough where it answers their question (docs/certificates.md "Who wins in
//! verify and the play-test").

use peakforge::game::{GameState, Player};
use peakforge::games::AnyPosition;
use peakforge::solver::known::{PlainWins, decide};
use peakforge::solver::{Control, Limits};
use peakforge::verify::{Finding, Status, verify_file};

const BT_DEFENCE: &str = "tests/data/bt-defence.ron";
/// The 4 × 5 start with a goal of one player move: unsound, and Black wins in 22 plies.
const BT_START_4X5: &str = "tests/data/bt-start-4x5.ron";
/// The 3 × 6 start with a goal of five player moves: unsound, and White wins in 23 plies.
const BT_START_3X6: &str = "tests/data/bt-start-3x6.ron";

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
    assert_eq!(found.plies.known(), Some(plies));
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

fn who_wins_of(r: &peakforge::verify::VerifyReport) -> Option<peakforge::verify::WhoWins> {
    r.findings.iter().find_map(|f| match f {
        Finding::WhoWins(w) => Some(w.clone()),
        _ => None,
    })
}

#[test]
fn a_limit_met_in_the_length_keeps_the_winner_and_the_bounds_proven() {
    limits_in_the_length_keep_the_bounds(BT_START_4X5, "Black", "defender", 1);
    // The player wins: the bounded search's "no win within the goal" bounds the length too
    // (before: "7 to 25 plies" after a goal of 5 player moves, 9 plies, proven too short).
    limits_in_the_length_keep_the_bounds(BT_START_3X6, "White", "player", 5);
}

/// Over a sweep of node limits on the challenge `file` (a Breakthrough start with a goal of
/// `goal` player moves that `winner`, the `side`, wins past it): whenever a limit stops the
/// length after the proof, the note and the JSON keep the winner and bounds that hold the
/// length, above the goal; some limit does.
fn limits_in_the_length_keep_the_bounds(file: &str, winner: &str, side: &str, goal: u32) {
    let path = std::path::Path::new(file);
    let whole = who_wins_of(&verify_file(path, Control::default())).expect("who wins");
    let plies = whole
        .plies
        .known()
        .expect("the exact length without a limit");
    let mut bounded = 0;
    let mut limit = 1_000u64;
    while limit < 400_000 {
        let control = Control {
            limits: Limits {
                max_nodes: Some(limit),
                ..Limits::default()
            },
            ..Control::default()
        };
        let report = verify_file(path, control);
        limit = limit * 5 / 4;
        if report.status == Status::Unknown {
            continue; // the bounded search itself was stopped
        }
        assert_eq!(report.status, Status::Unsound, "{limit}");
        if let Some(w) = who_wins_of(&report) {
            // Before: a stop in the length dropped the note, the proven winner with it.
            assert_eq!(
                (w.winner.as_str(), w.player),
                (winner, side == "player"),
                "{limit}"
            );
            let b = w.plies;
            assert!(b.at_least <= plies && plies <= b.at_most, "{limit}: {b:?}");
            if side == "player" {
                assert!(b.at_least > 2 * goal, "{limit}: {b:?}");
            }
            let json = serde_json::to_value(&report).unwrap();
            if b.known().is_none() {
                bounded += 1;
                assert!(json["who_wins"]["plies"].is_null(), "{json}");
                assert_eq!(json["who_wins"]["plies_range"]["at_least"], b.at_least);
                assert_eq!(json["who_wins"]["plies_range"]["at_most"], b.at_most);
                let text = format!(
                    "{winner} (the {side}) wins in {} to {} plies",
                    b.at_least, b.at_most
                );
                assert!(json.to_string().contains(&text), "{json}");
            } else {
                assert!(json["who_wins"]["plies_range"].is_null(), "{json}");
            }
        }
    }
    assert!(
        bounded > 0,
        "{file}: no limit stopped the length after the proof"
    );
}
