//! Seega rules (RULES.md SG-1 to SG-9), one or more tests per rule, and the CLI with
//! `--game seega`.

mod common;

use common::peakforge;

use peakforge::game::{GameState, Player, Reason};
use peakforge::games::seega::{Position, Side};
use serde_json::{Value, json};

fn pos(s: &str) -> Position {
    s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
}

fn texts(p: &Position) -> Vec<String> {
    let mut v: Vec<String> = p.legal_moves().iter().map(|&m| p.move_text(m)).collect();
    v.sort();
    v
}

fn play(p: &Position, moves: &[&str]) -> Position {
    moves.iter().fold(*p, |q, t| {
        q.play(q.parse_move(t).unwrap_or_else(|e| panic!("{q}: {e}")))
    })
}

fn outcome(p: &Position) -> (Option<Player>, Reason) {
    let o = p.outcome().expect("finished");
    (o.winner, o.reason)
}

#[test]
fn boards_pieces_and_refuge() {
    // rule SG-1, D-16
    let p = Position::standard();
    assert_eq!(p.to_string(), "5/5/5/5/5 w 12:12 - 0/200");
    assert_eq!(p.refuge().to_string(), "c3");
    assert_eq!(Position::start(7).unwrap().in_hand(Side::Black), 24);
    assert_eq!(Position::start(9).unwrap().in_hand(Side::White), 40);
    assert_eq!(Position::start(9).unwrap().refuge().to_string(), "e5");
    assert!(Position::start(6).is_err());
    for bad in ["5/5/5/5 w 12:12 - 0/200", "6/6/6/6/6/6 w 12:12 - 0/200"] {
        assert_eq!(bad.parse::<Position>().unwrap_err().field, "placement");
    }
    // A chain square off the board is named as such, with the board's size.
    for chain in ["z9", "f1", "a6"] {
        let bad = format!("5/5/2B2/5/1W3 w 0:0 {chain} 4/200");
        let e = bad.parse::<Position>().unwrap_err();
        assert_eq!(e.field, "chain", "{bad}");
        assert!(
            e.to_string().contains("is not a square of the 5 × 5 board"),
            "{e}"
        );
    }
}

#[test]
fn placement_puts_two_pieces_never_on_the_refuge() {
    // rule SG-2
    let p = Position::standard();
    let moves = texts(&p);
    assert_eq!(moves.len(), 24 * 23 / 2);
    assert!(moves.iter().all(|t| !t.split('+').any(|s| s == "c3")));
    assert!(moves.contains(&"a1+e5".to_string()));
    let q = play(&p, &["c1+d2"]);
    assert_eq!(q.to_string(), "5/5/5/3W1/2W2 b 10:12 - 1/200");
    // Either order is accepted; the text sorts by file, then rank (SG-7).
    assert_eq!(play(&p, &["d2+c1"]), q);
    assert_eq!(
        play(&p, &["b5+b1"]).to_string(),
        "1W3/5/5/5/1W3 b 10:12 - 1/200"
    );
    assert!(p.parse_move("c3+a1").is_err());
    assert!(
        p.parse_move("a1").is_err(),
        "two pieces while two are in hand"
    );
}

#[test]
fn placement_turn_order_and_the_last_placer_moves_first() {
    // rule SG-8, SG-2: 5 × 5, six turns each, Black places last and moves first.
    let mut p = Position::standard();
    let order = [
        "b3+c2", "a1+a2", "c4+d3", "a3+a4", "a5+b5", "b1+b2", "c5+d5", "c1+d1", "e5+e4", "b4+d4",
        "e3+e2", "d2+e1",
    ];
    for (i, t) in order.iter().enumerate() {
        let side = if i % 2 == 0 {
            Player::First
        } else {
            Player::Second
        };
        assert_eq!(p.to_move(), side, "turn {i}");
        p = play(&p, &[t]);
        assert_eq!(p.move_count(), i as u16 + 1);
    }
    assert!(!p.placing());
    // Black placed last and is to move: but White holds every tile next to the refuge.
    assert_eq!(p.to_move(), Player::Second);
    assert_eq!(outcome(&p), (None, Reason::Blocked), "{p}");
    // Uneven hands: the opponent places while it has pieces, else the same side again; one
    // square when one piece is left.
    let p = pos("5/5/5/5/5 w 3:1 - 0/200");
    let p = play(&p, &["a1+a2"]);
    assert_eq!((p.to_move(), p.in_hand(Side::White)), (Player::Second, 1));
    assert_eq!(texts(&p).len(), 22);
    assert!(texts(&p).iter().all(|t| !t.contains('+')));
    let p = play(&p, &["e5"]);
    assert_eq!(p.to_move(), Player::First);
    let p = play(&p, &["b1"]);
    assert_eq!(p.to_string(), "4B/5/5/W4/WW3 w 0:0 - 3/200");
    assert!(p.outcome().is_none());
    assert_eq!(
        p.to_move(),
        Player::First,
        "White placed last and moves first"
    );
    let p = pos("5/5/5/5/5 b 0:4 - 0/200");
    assert_eq!(
        "5/5/5/5/5 w 0:4 - 0/200"
            .parse::<Position>()
            .unwrap_err()
            .field,
        "side"
    );
    let q = play(&p, &["a1+a2"]);
    assert_eq!(
        q.to_move(),
        Player::Second,
        "White has none in hand: Black again"
    );
}

#[test]
fn movement_is_one_orthogonal_step_onto_an_empty_tile() {
    // rule SG-3
    let p = pos("5/5/1W3/5/4B w 0:0 - 0/200");
    assert_eq!(texts(&p), ["b3-a3", "b3-b2", "b3-b4", "b3-c3"]);
    let p = pos("5/5/WW3/1B3/4B w 0:0 - 0/200");
    assert_eq!(texts(&p), ["a3-a2", "a3-a4", "b3-b4", "b3-c3"]);
    // The refuge may be entered in the movement phase.
    let q = play(&pos("5/5/1W3/5/4B w 0:0 - 0/200"), &["b3-c3"]);
    assert_eq!(q.piece_at(q.refuge()), Some(Side::White));
}

#[test]
fn custodian_capture_in_several_directions_at_once() {
    // rule SG-4: b5-b4 encloses b3 (against b2) and c4 (against d4).
    let p = pos("1W3/2BW1/1B3/1W3/4B w 0:0 - 0/200");
    let info = peakforge::report::moves_report(&p);
    let m = info.moves.iter().find(|m| m.text == "b5-b4").unwrap();
    assert_eq!(m.kind, "capture");
    let q = play(&p, &["b5-b4"]);
    assert_eq!(q.to_string(), "5/1W1W1/5/1W3/4B b 0:0 - 1/200");
    assert_eq!(q.on_board(Side::Black), 1);
}

#[test]
fn moving_between_two_enemies_is_safe_and_only_the_mover_captures() {
    // rule SG-4
    let p = pos("1B3/W1W2/5/5/4W b 0:0 - 0/200");
    let q = play(&p, &["b5-b4"]);
    assert_eq!(q.to_string(), "5/WBW2/5/5/4W w 0:0 - 1/200");
    // White e1-d1 does not capture b4: the enclosure must be made by the moving piece.
    let q = play(&q, &["e1-d1"]);
    assert_eq!(q.on_board(Side::Black), 1);
}

#[test]
fn the_refuge_protects_but_helps_capture() {
    // rule SG-4: Black on the refuge c3 is not taken between c2 and c4.
    let p = pos("4B/3W1/2B2/2W2/5 w 0:0 - 0/200");
    let q = play(&p, &["d4-c4"]);
    assert_eq!(q.to_string(), "4B/2W2/2B2/2W2/5 b 0:0 - 1/200");
    // Black on the refuge helps Black b1-c1 take White c2.
    let p = pos("4W/5/2B2/2W2/1B3 b 0:0 - 0/200");
    let q = play(&p, &["b1-c1"]);
    assert_eq!(q.to_string(), "4W/5/2B2/5/2B2 w 0:0 - 1/200");
}

#[test]
fn chain_goes_on_with_the_same_piece_and_capturing_moves_only() {
    // rule SG-5, D-17: a5-a4 takes a3; from a4, a4-b4 takes c4.
    let p = pos("W4/2BW1/B4/W4/4B w 0:0 - 0/200");
    let q = play(&p, &["a5-a4"]);
    assert_eq!(q.to_string(), "5/W1BW1/5/W4/4B w 0:0 a4 1/200");
    assert_eq!(q.chain().map(|s| s.to_string()), Some("a4".into()));
    assert_eq!(q.to_move(), Player::First);
    assert_eq!(texts(&q), ["a4-b4"], "only the chain piece, only captures");
    let r = play(&q, &["a4-b4"]);
    assert_eq!(r.to_string(), "5/1W1W1/5/W4/4B b 0:0 - 2/200");
    assert_eq!(r.move_count(), 2, "each step counts");
    // The chain field is read back, and refused where it cannot be.
    assert_eq!(pos(&q.to_string()), q);
    for (bad, field) in [
        ("5/W1BW1/5/W4/4B w 0:0 a2 1/200", "chain"),
        ("5/W1BW1/5/W4/4B w 0:0 e1 1/200", "chain"),
        ("5/W1BW1/5/W4/4B w 0:0 z9 1/200", "chain"),
        ("5/5/5/5/5 w 12:12 a1 0/200", "chain"),
    ] {
        assert_eq!(bad.parse::<Position>().unwrap_err().field, field, "{bad}");
    }
}

#[test]
fn elimination_wins_at_once_in_the_movement_phase() {
    // rule SG-6
    let p = pos("1W3/2BW1/1B3/1W3/5 w 0:0 - 0/200");
    let q = play(&p, &["b5-b4"]);
    assert_eq!(outcome(&q), (Some(Player::First), Reason::Elimination));
    assert!(q.legal_moves().is_empty());
    // No piece on the board during placement is no loss.
    assert!(Position::standard().outcome().is_none());
}

#[test]
fn blocked_side_to_move_ends_the_match_by_piece_count() {
    // rule SG-6: Black to move has no step; White has more pieces.
    let p = pos("BBBBB/BBWBB/BW1WB/WWWWW/WWWWW b 0:0 - 0/200");
    assert_eq!(outcome(&p), (Some(Player::First), Reason::Blocked));
    let p = pos("BBBBB/BBWBB/BW1WB/WWWBW/WWWWW b 0:0 - 0/200");
    assert_eq!(p.on_board(Side::Black), 12);
    assert_eq!(outcome(&p), (None, Reason::Blocked), "equal counts draw");
    // White to move there is not blocked.
    let p = pos("BBBBB/BBWBB/BW1WB/WWWBW/WWWWW w 0:0 - 0/200");
    assert!(p.outcome().is_none());
    let q = play(&p, &["c4-c3"]);
    assert!(q.outcome().is_none(), "{q}");
}

#[test]
fn move_limit_ends_the_match_by_piece_count() {
    // rule SG-6, D-18
    let q = play(&pos("5/5/1W3/5/B4 w 0:0 - 9/10"), &["b3-b4"]);
    assert_eq!(outcome(&q), (None, Reason::MoveLimit));
    assert_eq!(q.to_string(), "5/1W3/5/5/B4 b 0:0 - 10/10");
    let q = play(&pos("5/5/1W3/5/B3W w 0:0 - 9/10"), &["b3-b4"]);
    assert_eq!(outcome(&q), (Some(Player::First), Reason::MoveLimit));
    assert_eq!(
        pos("5/5/5/5/BB2W w 0:0 - 10/10").outcome().unwrap().winner,
        Some(Player::Second)
    );
}

#[test]
fn position_string_and_move_text() {
    // rule SG-7
    for s in [
        "5/5/5/5/5 w 12:12 - 0/200",
        "7/7/7/7/7/7/7 w 24:24 - 0/300",
        "9/9/9/9/9/9/9/9/9 b 40:39 - 1/200",
        "5/W1BW1/5/W4/4B w 0:0 a4 1/200",
    ] {
        assert_eq!(pos(s).to_string(), s);
    }
    for (bad, field) in [
        ("5/5/5/5/5 w 12:12 0/200", "position"),
        ("5/5/5/5/5 x 12:12 - 0/200", "side"),
        ("5/5/5/5/5 w 12-12 - 0/200", "hands"),
        ("5/5/5/5/5 w 13:12 - 0/200", "hands"),
        ("5/5/5/5/5 w 12:12 - 3/2", "counter"),
        ("5/5/2W2/5/5 w 12:11 - 0/200", "placement"),
        ("WWWWW/5/5/5/5 w 12:12 - 0/200", "hands"),
        ("5/5/5/5/5 w 0:0 - 0/200", "placement"),
        ("5/5/5/5/5Q w 0:0 - 0/200", "placement"),
    ] {
        assert_eq!(bad.parse::<Position>().unwrap_err().field, field, "{bad}");
    }
    let p = pos("5/5/1W3/5/4B w 0:0 - 0/200");
    assert_eq!(p.move_text(p.parse_move("b3-b4").unwrap()), "b3-b4");
    // Keys: equal positions have equal keys; chain, hands and counter change it.
    let a = pos("5/W1BW1/5/W4/4B w 0:0 a4 1/200");
    let b = pos("5/W1BW1/5/W4/4B w 0:0 - 1/200");
    assert_ne!(a.key(), b.key());
    assert_eq!(a.key(), pos(&a.to_string()).key());
    let x = play(&Position::standard(), &["a1+a2", "e5+e4", "b1+b2"]);
    let y = play(&Position::standard(), &["b1+b2", "e5+e4", "a1+a2"]);
    assert_eq!((x.key(), x), (y.key(), y));
}

fn run_json(args: &[&str]) -> Value {
    let out = peakforge(args);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn cli_reasons_and_kinds_with_game_seega() {
    // rule SG-9
    let v = run_json(&[
        "play",
        "--json",
        "--game",
        "seega",
        "--position",
        "1W3/2BW1/1B3/1W3/5 w 0:0 - 0/200",
        "b5-b4",
    ]);
    assert_eq!(
        v,
        json!({"position": "5/1W1W1/5/1W3/5 b 0:0 - 1/200", "status": "finished",
            "winner": "white", "reason": "elimination", "score": null})
    );
    let v = run_json(&[
        "play",
        "--json",
        "--game",
        "seega",
        "--position",
        "BBBBB/BBWBB/BW1WB/WWWWW/WWWWW b 0:0 - 0/200",
    ]);
    assert_eq!(v["reason"], "blocked");
    assert_eq!(v["winner"], "white");
    let v = run_json(&[
        "play",
        "--json",
        "--game",
        "seega",
        "--position",
        "5/5/1W3/5/B4 w 0:0 - 9/10",
        "b3-b4",
    ]);
    assert_eq!(
        (&v["reason"], &v["winner"]),
        (&json!("move_limit"), &Value::Null)
    );
    let v = run_json(&[
        "moves",
        "--json",
        "--game",
        "seega",
        "--position",
        "5/5/5/5/5 w 1:1 - 0/200",
    ]);
    assert_eq!(v["side"], "white");
    assert_eq!(v["moves"][0], json!({"move": "a1", "kind": "special"}));
    let v = run_json(&[
        "moves",
        "--json",
        "--game",
        "seega",
        "--position",
        "W4/2BW1/B4/W4/4B w 0:0 - 0/200",
        "a5-a4",
    ]);
    assert_eq!(v["moves"], json!([{"move": "a4-b4", "kind": "capture"}]));
    let v = run_json(&[
        "perft",
        "--json",
        "--game",
        "seega",
        "--depth",
        "2",
        "--position",
        "5/5/5/5/5 w 12:12 - 0/200",
    ]);
    assert_eq!(v["nodes"], 276 * 231);
    // The solver counts each chain step as one player move (SG-5): b1-b2 takes b3 (against
    // b4), and the same piece goes on, b2-c2 taking d2 (against e2): Black is eliminated in
    // two White moves in a row, and no other first move wins within two.
    for threads in ["1", "2"] {
        let v = run_json(&[
            "solve",
            "--json",
            "--game",
            "seega",
            "--threads",
            threads,
            "--max-moves",
            "2",
            "--position",
            "5/1W3/1B3/3BW/1W3 w 0:0 - 0/20",
        ]);
        assert_eq!(v["result"], "win", "{v}");
        assert_eq!(v["player_moves"], 2, "{v}");
        assert_eq!(v["key_moves"], json!(["b1-b2"]), "{v}");
        assert_eq!(v["line"], json!(["b1-b2", "b2-c2"]), "{v}");
    }
    // One chain step is not enough: no win within one player move.
    let v = run_json(&[
        "solve",
        "--json",
        "--game",
        "seega",
        "--max-moves",
        "1",
        "--position",
        "5/1W3/1B3/3BW/1W3 w 0:0 - 0/20",
    ]);
    assert_eq!(v["result"], "no_win", "{v}");
}

/// The reason an illegal move names, per fault: each case's text is illegal in its position
/// and the message says why (SG-2, SG-3, SG-5, SG-7), like Pawn&Peak's and Breakthrough's.
#[test]
fn an_illegal_move_says_why() {
    let start = "5/5/5/5/5 w 12:12 - 0/200";
    let one_left = "5/5/5/5/1W2B w 1:0 - 0/200";
    let black_places = "5/5/5/5/1W3 b 11:12 - 1/200";
    let moving = "5/1W3/1B3/5/1W2B w 0:0 - 0/200";
    let chain = "5/W1BW1/5/W4/4B w 0:0 a4 1/200";
    let walled = "WB3/B4/5/5/4W w 0:0 - 0/200";
    let cases = [
        // Placement phase (SG-2, SG-7).
        (start, "c3+a1", "c3 is the central refuge"),
        (start, "a1+c3", "c3 is the central refuge"),
        (black_places, "a1+b1", "b1 is taken: it holds white's stone"),
        (start, "f1+a1", "f1 is off the 5×5 board"),
        (start, "a1+a1", "a1 is named twice"),
        (start, "a1", "places 2 a turn"),
        (start, "a1+b1+c1", "places 2 a turn"),
        (one_left, "a1+c1", "one piece left in hand"),
        (start, "a1-a2", "the placement phase goes on"),
        (start, "z9+a1", "'z9' is not a square"),
        // Movement phase (SG-3).
        (moving, "b2", "the placement phase is over"),
        (moving, "a1-a2", "a1 is empty"),
        (moving, "e1-e2", "e1 holds black's stone; white is to move"),
        (moving, "f1-f2", "f1 is off the 5×5 board"),
        (
            moving,
            "b1-b4",
            "the legal moves from b1 are b1-a1, b1-b2, b1-c1",
        ),
        (walled, "a5-a6", "the stone on a5 has no legal move"),
        // A chain (SG-5, D-17): only the chain piece, only capturing.
        (chain, "a2-a3", "white's stone on a4 must go on capturing"),
        (chain, "d4-d3", "only its capturing steps are legal: a4-b4"),
        (chain, "a4-a3", "the legal moves from a4 are a4-b4"),
    ];
    for (p, text, why) in cases {
        let p = pos(p);
        let err = p.parse_move(text).expect_err(text).to_string();
        assert!(err.contains(why), "{p} {text}: {err}");
    }
}

/// The CLI passes the reason on, for a position string and for a challenge file (exit 2).
#[test]
fn cli_illegal_seega_moves_say_why() {
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/challenges/22-sg-chain.ron");
    let start = "5/5/5/5/5 w 12:12 - 0/200";
    let cases: [(&[&str], &str); 4] = [
        (
            &["play", "--game", "seega", "--position", start, "c3+a1"],
            "c3 is the central refuge",
        ),
        (
            &["moves", "--game", "seega", "--position", start, "a1-a2"],
            "the placement phase goes on",
        ),
        (&["play", file, "c3-c4"], "c3 is empty"),
        // d1-d2 captures and d2 must go on (SG-5).
        (
            &["moves", file, "d1-d2", "a1-a2"],
            "white's stone on d2 must go on capturing",
        ),
    ];
    for (args, why) in cases {
        let out = peakforge(args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(why), "{args:?}: {err}");
    }
}
