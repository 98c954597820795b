//! Known results (`peakforge::known`): the solver's answer for a whole Breakthrough match from
//! the start (winner, plies) agrees with the plain alpha-beta's on the smallest boards.

use peakforge::game::Player;
use peakforge::games::breakthrough::Position;
use peakforge::solver::known::{PlainWins, SolverWins, decide};
use peakforge::solver::{Control, Limits};

#[test]
fn solver_and_plain_alpha_beta_decide_small_boards_alike() {
    for (w, h) in [(2, 4), (3, 4), (2, 5), (2, 6)] {
        let start = Position::start(w, h).unwrap();
        let ours = decide(&start, 40, &mut SolverWins::new(Control::default())).unwrap();
        let base = decide(&start, 40, &mut PlainWins::new(Control::default())).unwrap();
        assert!(ours.is_some(), "{w}x{h}: Breakthrough has no draw");
        assert_eq!(ours, base, "{w}x{h}");
    }
}

#[test]
fn a_decided_start_reports_its_winner_at_once() {
    // White's pawn already on the far rank: decided with 0 plies.
    let p: Position = "W1/2/1B/2 b 0/200".parse().unwrap();
    let d = decide(&p, 5, &mut SolverWins::new(Control::default()))
        .unwrap()
        .unwrap();
    assert_eq!((d.winner, d.plies), (Player::First, 0));
}

#[test]
fn the_answer_does_not_depend_on_the_table_size() {
    // The table only caches proven facts: off, tiny and default give the same decision.
    for (w, h) in [(3, 4), (4, 4)] {
        let start = Position::start(w, h).unwrap();
        let answers: Vec<_> = [Some(0), Some(64 << 10), None]
            .into_iter()
            .map(|table_bytes| {
                let control = Control {
                    limits: Limits {
                        table_bytes,
                        ..Limits::default()
                    },
                    ..Control::default()
                };
                decide(&start, 40, &mut SolverWins::new(control)).unwrap()
            })
            .collect();
        assert!(answers[0].is_some(), "{w}x{h}: Breakthrough has no draw");
        assert!(
            answers.iter().all(|a| *a == answers[0]),
            "{w}x{h}: {answers:?}"
        );
    }
}
