//! Breakthrough rules (RULES.md BT-1 to BT-5), one or more tests per rule, and the CLI with
//! `--game breakthrough`.

mod common;

use common::peakforge;

use peakforge::game::{GameState, Player, Reason};
use peakforge::games::breakthrough::{Position, Side};
use peakforge::games::pawn_peak::Square;
use serde_json::Value;

fn pos(s: &str) -> Position {
    s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
}

fn texts(p: &Position) -> Vec<String> {
    let mut v: Vec<String> = p.legal_moves().iter().map(|&m| p.move_text(m)).collect();
    v.sort();
    v
}

fn play(p: &Position, moves: &[&str]) -> Position {
    moves
        .iter()
        .fold(*p, |q, t| q.play(q.parse_move(t).unwrap()))
}

fn sq(s: &str) -> Square {
    Square::parse(s).unwrap()
}

#[test]
fn standard_start_has_two_full_ranks_each_and_white_moves_first() {
    // rule BT-1
    let p = Position::standard();
    assert_eq!(
        p.to_string(),
        "BBBBBBBB/BBBBBBBB/8/8/8/8/WWWWWWWW/WWWWWWWW w 0/200"
    );
    assert_eq!(p.to_move(), Player::First);
    assert_eq!(p.pawn_count(Side::White), 16);
    assert_eq!(p.pawn_count(Side::Black), 16);
    assert_eq!(p.legal_moves().len(), 22);
    // rule BT-1, D-12: any width 2..16 and height 4..16.
    assert_eq!(
        Position::start(2, 4).unwrap().to_string(),
        "BB/BB/WW/WW w 0/200"
    );
    assert_eq!(Position::start(16, 16).unwrap().pawn_count(Side::Black), 32);
    assert!(Position::start(1, 8).is_err());
    assert!(Position::start(8, 3).is_err());
    assert!(Position::start(17, 8).is_err());
    assert!("B/B/W/W w 0/200".parse::<Position>().is_err());
    assert!("BB/WW/2 w 0/200".parse::<Position>().is_err());
}

#[test]
fn pawns_step_straight_or_diagonally_forward_onto_empty_tiles() {
    // rule BT-2
    let p = pos("B3/4/1W2/4 w 0/200");
    assert_eq!(texts(&p), ["b2-a3", "b2-b3", "b2-c3"]);
    let p = pos("4/1B2/4/3W b 0/200");
    assert_eq!(texts(&p), ["b3-a2", "b3-b2", "b3-c2"]);
}

#[test]
fn captures_only_diagonally_never_straight_nor_backward() {
    // rule BT-2
    let p = pos("4/BBB1/1W2/4 w 0/200");
    assert_eq!(texts(&p), ["b2xa3", "b2xc3"]);
    // A pawn behind or beside cannot be taken; a friend blocks.
    let p = pos("B3/4/BWB1/4 w 0/200");
    assert_eq!(texts(&p), ["b2-a3", "b2-b3", "b2-c3"]);
    let p = pos("3B/WWW1/1W2/4 w 0/200");
    assert!(!texts(&p).iter().any(|t| t.starts_with("b2")));
    // Captures are not compulsory: a quiet move is listed beside the capture.
    let p = pos("4/B3/1W2/4 w 0/200");
    assert_eq!(texts(&p), ["b2-b3", "b2-c3", "b2xa3"]);
    let after = play(&p, &["b2xa3"]);
    assert_eq!(after.to_string(), "4/W3/4/4 b 1/200");
}

#[test]
fn reaching_the_far_rank_wins_by_move_or_capture() {
    // rule BT-3
    let p = pos("4/W3/1B2/4 w 0/200");
    let q = play(&p, &["a3-a4"]);
    let o = q.outcome().unwrap();
    assert_eq!(
        (o.winner, o.reason),
        (Some(Player::First), Reason::Breakthrough)
    );
    assert_eq!(q.to_string(), "W3/4/1B2/4 b 1/200");
    assert!(q.legal_moves().is_empty());
    let p = pos("4/4/1W2/4 b 0/200");
    assert!(p.outcome().is_some(), "Black without pawns has lost");
    let p = pos("1B2/4/W3/4 b 0/200");
    let q = play(&p, &["b4-b3"]);
    assert!(q.outcome().is_none());
    let q = play(&q, &["a2-a3"]);
    let q2 = play(&q, &["b3-b2"]);
    assert!(q2.outcome().is_none());
    let q3 = play(&q2, &["a3-a4"]);
    assert_eq!(q3.outcome().unwrap().reason, Reason::Breakthrough);
    // By capture, Black: b2xa1.
    let p = pos("4/4/1B2/W3 b 0/200");
    let o = play(&p, &["b2xa1"]).outcome().unwrap();
    assert_eq!(
        (o.winner, o.reason),
        (Some(Player::Second), Reason::Breakthrough)
    );
}

#[test]
fn capturing_the_last_pawn_wins_by_elimination() {
    // rule BT-3
    let p = pos("4/1B2/W3/4 w 0/200");
    let q = play(&p, &["a2xb3"]);
    let o = q.outcome().unwrap();
    assert_eq!(
        (o.winner, o.reason),
        (Some(Player::First), Reason::Elimination)
    );
    assert_eq!(q.to_string(), "4/1W2/4/4 b 1/200");
    // A parsed position where the side to move has no pawn is finished the same way.
    assert_eq!(pos("4/1W2/4/4 b 1/200").outcome(), Some(o));
}

#[test]
fn the_side_to_move_without_a_legal_move_loses_but_that_needs_a_breakthrough_first() {
    // rule BT-3, D-14. A pawn with no move has a friend on each diagonal it has, and so on
    // up the board: a side without a legal move always has a pawn on its far rank already, so
    // the breakthrough (checked first) decides. Exhaustively on every 3 × 4 placement, both
    // sides to move: no position ends by no_legal_move, and a live one always has a move.
    let mut live = 0;
    for code in 0..3u32.pow(12) {
        let mut c = code;
        let mut ranks = Vec::new();
        for _ in 0..4 {
            let mut r = String::new();
            for _ in 0..3 {
                r.push(['1', 'W', 'B'][(c % 3) as usize]);
                c /= 3;
            }
            ranks.push(r);
        }
        for side in ["w", "b"] {
            let s = format!("{} {side} 0/200", ranks.join("/"));
            let Ok(p) = s.parse::<Position>() else {
                continue;
            };
            match p.outcome() {
                Some(o) => assert_ne!(o.reason, Reason::NoLegalMove, "{s}"),
                None => {
                    live += 1;
                    assert!(!p.legal_moves().is_empty(), "{s}");
                }
            }
        }
    }
    assert!(live > 10_000);
}

#[test]
fn reaching_the_move_limit_is_a_draw() {
    // rule BT-4, D-15
    let p = pos("B3/4/4/3W w 8/9");
    let q = play(&p, &["d1-d2"]);
    let o = q.outcome().unwrap();
    assert_eq!((o.winner, o.reason), (None, Reason::MoveLimit));
    assert_eq!(q.to_string(), "B3/4/3W/4 b 9/9");
    assert!(q.legal_moves().is_empty());
    assert_eq!(
        pos("B3/4/4/3W w 9/9").outcome().unwrap().reason,
        Reason::MoveLimit
    );
    // A breakthrough on the last ply still wins.
    let p = pos("4/W3/1B2/4 w 8/9");
    assert_eq!(
        play(&p, &["a3-a4"]).outcome().unwrap().reason,
        Reason::Breakthrough
    );
    assert_eq!(p.plies_left(), Some(1));
}

#[test]
fn position_string_round_trips_and_names_the_faulty_field() {
    // rule BT-5
    for s in [
        "BBBBBBBB/BBBBBBBB/8/8/8/8/WWWWWWWW/WWWWWWWW w 0/200",
        "16/16/16/3B12/16/16/16/16/16/16/16/16/16/16/W15/16 b 17/300",
        "2/BB/2/WW w 0/0",
    ] {
        assert_eq!(pos(s).to_string(), s);
    }
    let cases = [
        ("BB/2/2/WW w 0/200 x", "position"),
        ("BB/2/2/WW", "position"),
        ("BX/2/2/WW w 0/200", "placement"),
        ("BB/2/3/WW w 0/200", "placement"),
        ("BB/2/WW w 0/200", "placement"),
        ("BB/2/2/WW r 0/200", "side"),
        ("BB/2/2/WW w 5/4", "counter"),
        ("BB/2/2/WW w -1/4", "counter"),
        ("BB/2/2/WW w 1", "counter"),
        ("W1/2/2/1B w 0/10", "placement"),
        ("2/2/2/2 w 0/10", "placement"),
    ];
    for (s, field) in cases {
        let e = s.parse::<Position>().unwrap_err();
        assert_eq!(e.field, field, "{s}: {e}");
    }
}

#[test]
fn move_text_and_zobrist_key() {
    // rule BT-5: `a2-a3` and `a2xb3`; either separator is accepted on input.
    let p = pos("4/1B2/W3/4 w 0/200");
    assert_eq!(texts(&p), ["a2-a3", "a2xb3"]);
    assert_eq!(p.move_text(p.parse_move("a2-b3").unwrap()), "a2xb3");
    assert!(p.parse_move("a2-a4").is_err());
    // The key covers pawns, side, counter and limit; equal positions have equal keys.
    let a = play(&Position::standard(), &["a2-a3", "h7-h6", "b2-b3"]);
    let b = play(&Position::standard(), &["b2-b3", "h7-h6", "a2-a3"]);
    assert_eq!(a, b);
    assert_eq!(a.key(), b.key());
    assert_eq!(a.key(), pos(&a.to_string()).key());
    let c = pos(&a.to_string().replace(" 3/200", " 4/200"));
    assert_ne!(a.key(), c.key());
    let d = pos(&a.to_string().replace(" b ", " w "));
    assert_ne!(a.key(), d.key());
    let _ = sq("a1");
}

fn json(args: &[&str]) -> Value {
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
fn cli_moves_play_perft_solve_with_game_breakthrough() {
    // rule BT-5 through the command line.
    let start = "4/1B2/W3/4 w 0/200";
    let v = json(&[
        "moves",
        "--json",
        "--game",
        "breakthrough",
        "--position",
        start,
    ]);
    assert_eq!(
        v,
        serde_json::json!({"side": "white", "moves": [
            {"move": "a2-a3", "kind": "move"},
            {"move": "a2xb3", "kind": "capture"}
        ]})
    );
    let v = json(&[
        "play",
        "--json",
        "--game",
        "breakthrough",
        "--position",
        start,
        "a2xb3",
    ]);
    assert_eq!(
        v,
        serde_json::json!({"position": "4/1W2/4/4 b 1/200", "status": "finished",
            "winner": "white", "reason": "elimination", "score": null})
    );
    let v = json(&[
        "perft",
        "--json",
        "--game",
        "breakthrough",
        "--depth",
        "3",
        "--position",
        "BBBBBBBB/BBBBBBBB/8/8/8/8/WWWWWWWW/WWWWWWWW w 0/200",
    ]);
    assert_eq!(v["nodes"], 11132);
    let v = json(&[
        "solve",
        "--json",
        "--game",
        "breakthrough",
        "--position",
        "4/W3/1B2/4 w 0/200",
        // Without a bound, `solve` answers who wins (the proof search); the shortest win
        // is the bounded question.
        "--max-moves",
        "3",
    ]);
    assert_eq!(v["result"], "win");
    assert_eq!(v["player_moves"], 1);
    assert_eq!(v["key_moves"], serde_json::json!(["a3-a4", "a3-b4"]));
    // A Pawn&Peak string is bad input for Breakthrough: exit 2 naming the field.
    let out = peakforge(&[
        "moves",
        "--game",
        "breakthrough",
        "--position",
        "3/3/G1s - r 0:0 - 0/200",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("position"));
    let out = peakforge(&[
        "play",
        "--game",
        "breakthrough",
        "--position",
        start,
        "a2-a4",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("a2-a4"));
}
