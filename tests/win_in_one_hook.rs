//! The Pawn&Peak last-move hook (`GameState::win_in_one_candidates_into`) against its
//! definition on many random positions: every legal move that wins within that one move (the
//! match ends at once in the mover's favour, or every reply ends it so) is a candidate, and
//! every candidate is a legal move. The positions are crowded enough for the hook's pruning
//! rules to apply (two enemy pieces with sure steps; exits near the far edge; one piece
//! already exited, with scores that make a second exit win, draw or lose), and the test
//! checks that they did apply, so that a wrong rule (an exit or capture left out) fails here.
//! `GameState::wins_in_one_known`, where it answers, must say whether any move wins so.

mod common;

use common::Rng;
use peakforge::game::GameState;
use peakforge::games::pawn_peak::{MoveKind, Piece, PieceKind, Position, Side};

fn random_position(rng: &mut Rng) -> Option<Position> {
    let mut p = common::random_pawn_peak_board(rng, 4, 4, 5)?;
    if rng.below(2) == 0 {
        let side = if rng.below(2) == 0 {
            Side::Red
        } else {
            Side::Blue
        };
        // Not a Guardian: its first exit would have ended the match.
        let kind = PieceKind::ALL[rng.below(2) as usize];
        p.set_exited(&[Piece::new(side, kind)]).ok()?;
        p.set_scores(rng.below(5) as u16, rng.below(5) as u16)
            .expect("small scores are within the starting-score range");
    }
    let count = rng.below(20) as u16;
    let limit = if rng.below(6) == 0 {
        count + 1 + rng.below(3) as u16
    } else {
        200
    };
    p.set_counter(count, limit).ok()?;
    p.outcome().is_none().then_some(p)
}

/// By the definition: `mv` ends the match at once with the mover winning, or leaves the
/// opponent only replies that all end it with the mover winning.
fn wins_in_one(pos: &Position, mv: peakforge::games::pawn_peak::Move) -> bool {
    let me = pos.to_move();
    let after = pos.play(mv);
    if let Some(o) = after.outcome() {
        return o.winner == Some(me);
    }
    after.legal_moves().into_iter().all(|r| {
        after
            .play(r)
            .outcome()
            .is_some_and(|o| o.winner == Some(me))
    })
}

#[test]
fn last_move_candidates_hold_every_win_in_one() {
    let mut rng = Rng(0x1a57_303e_0bad_cafe);
    let (mut checked, mut pruned, mut winning_exits, mut exits_left_out) = (0, 0, 0, 0);
    let (mut second_exit_wins, mut second_exit_does_not) = (0, 0);
    // How often wins_in_one_known answered false, true, or left it to the search.
    let mut known = [0usize; 3];
    while checked < 6000 {
        let Some(pos) = random_position(&mut rng) else {
            continue;
        };
        let moves = pos.legal_moves();
        let mut candidates = Vec::new();
        pos.win_in_one_candidates_into(&mut candidates);
        for c in &candidates {
            assert!(
                moves.contains(c),
                "{pos}: candidate {} is not legal",
                c.text()
            );
        }
        if candidates.len() < moves.len() {
            pruned += 1;
        }
        let any_wins = moves.iter().any(|&m| wins_in_one(&pos, m));
        match pos.wins_in_one_known() {
            Some(w) => {
                assert_eq!(w, any_wins, "{pos}: wins_in_one_known says {w}");
                known[usize::from(w)] += 1;
            }
            None => known[2] += 1,
        }
        for &m in &moves {
            let wins = wins_in_one(&pos, m);
            assert!(
                !wins || candidates.contains(&m),
                "{pos}: {} wins at once but is not a candidate",
                m.text()
            );
            if m.kind == MoveKind::Exit {
                if wins {
                    winning_exits += 1;
                } else if !candidates.contains(&m) {
                    exits_left_out += 1;
                }
                if !pos.exited().is_empty() {
                    if wins {
                        second_exit_wins += 1;
                    } else {
                        second_exit_does_not += 1;
                    }
                }
            }
        }
        checked += 1;
    }
    // The sample must exercise the pruning: positions where the hook left moves out, exits
    // that win (first Guardian exits and second exits ahead on score) and exits it dropped.
    eprintln!(
        "{checked} positions, {pruned} pruned; exits: {winning_exits} winning, \
         {exits_left_out} left out; second exits: {second_exit_wins} win, \
         {second_exit_does_not} do not; known false/true/unknown: {known:?}"
    );
    assert!(
        pruned > 2000
            && winning_exits > 200
            && exits_left_out > 200
            && second_exit_wins > 50
            && second_exit_does_not > 50
            && known[0] > 500
            && known[1] > 500,
        "too one-sided a sample"
    );
}
