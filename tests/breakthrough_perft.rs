//! Breakthrough against a plain second implementation (`tests/plain/breakthrough.rs`, written
//! independently and deliberately simply: a vector of letters, moves as tuples): perft
//! from standard starts, move lists and position strings along the tree, and the generic
//! solver against a plain minimax on small boards.

mod placement;

use peakforge::game::GameState;
use peakforge::games::breakthrough::Position;
use peakforge::solver::{self, Control, Verdict};

#[path = "plain/breakthrough.rs"]
mod plain_bt;

use plain_bt::{Plain, PlainMove};

fn start(width: usize, height: usize) -> String {
    let full = |c: char| c.to_string().repeat(width);
    let mut rows = vec![full('B'), full('B')];
    rows.extend(std::iter::repeat_n(width.to_string(), height - 4));
    rows.extend([full('W'), full('W')]);
    format!("{} w 0/200", rows.join("/"))
}

/// Walks both trees to `depth`, checking move texts and position strings at every node.
fn compare_tree(engine: &Position, plain: &Plain, depth: u32) {
    assert_eq!(engine.to_string(), plain.placement());
    assert_eq!(engine.outcome().is_some(), plain.over.is_some(), "{engine}");
    let mut a: Vec<(String, _)> = engine
        .legal_moves()
        .into_iter()
        .map(|m| (engine.move_text(m), m))
        .collect();
    a.sort_by(|x, y| x.0.cmp(&y.0));
    let mut b: Vec<(String, PlainMove)> = plain
        .moves()
        .into_iter()
        .map(|m| (Plain::text(m), m))
        .collect();
    b.sort_by(|x, y| x.0.cmp(&y.0));
    let ta: Vec<&String> = a.iter().map(|x| &x.0).collect();
    let tb: Vec<&String> = b.iter().map(|x| &x.0).collect();
    assert_eq!(ta, tb, "moves of {engine}");
    if depth == 0 {
        return;
    }
    for ((_, m), (_, pm)) in a.iter().zip(&b) {
        compare_tree(&engine.play(*m), &plain.apply(*pm), depth - 1);
    }
}

#[test]
fn perft_8x8_standard_start_to_depth_4() {
    // rule BT-1, BT-2
    let s = start(8, 8);
    let p: Position = s.parse().unwrap();
    assert_eq!(p, Position::standard());
    let plain = Plain::parse(&s);
    let expected = [22, 484, 11_132, 256_036];
    for (d, &n) in (1..=4).zip(&expected) {
        assert_eq!(p.perft(d), n, "perft({d})");
        assert_eq!(plain.perft(d), n, "plain perft({d})");
    }
    compare_tree(&p, &plain, 2);
}

/// Issue #7 asks depth 5 from the standard start: about 6 M leaves, some seconds.
#[test]
fn perft_8x8_standard_start_depth_5() {
    let s = start(8, 8);
    let p: Position = s.parse().unwrap();
    assert_eq!(p.perft(5), Plain::parse(&s).perft(5));
}

#[test]
fn perft_5x5_and_6x5_starts_agree_with_the_plain_implementation() {
    // rule BT-1, BT-2, BT-3
    for (w, h, depth) in [(5, 5, 6), (6, 5, 6), (3, 4, 6), (4, 6, 5)] {
        let s = start(w, h);
        let p: Position = s.parse().unwrap();
        let plain = Plain::parse(&s);
        for d in 1..=depth {
            let n = p.perft(d);
            assert_eq!(n, plain.perft(d), "{w}x{h} perft({d})");
            println!("{w}x{h}: perft({d}) = {n}");
        }
        compare_tree(&p, &plain, 3);
    }
}

#[test]
fn move_limit_leaves_agree_with_the_plain_implementation() {
    // rule BT-4: a limit that falls inside the tree.
    let s = "BBBB/BBBB/4/WWWW/WWWW w 0/3";
    let p: Position = s.parse().unwrap();
    compare_tree(&p, &Plain::parse(s), 4);
}

fn check_solver(s: &str, max: u32) {
    let p: Position = s.parse().unwrap();
    let plain = Plain::parse(s);
    let me = plain.me();
    let shortest = (1..=max).find(|&n| plain.wins(me, n));
    let mut keys: Vec<String> = plain
        .moves()
        .into_iter()
        .filter(|&m| plain.move_wins(me, m, max))
        .map(Plain::text)
        .collect();
    keys.sort();
    let sol = solver::solve(&p, Some(max), Control::default());
    match shortest {
        Some(k) => {
            assert_eq!(sol.verdict, Verdict::Win, "{s}");
            assert_eq!(sol.player_moves, Some(k), "{s}");
        }
        None => assert_eq!(sol.verdict, Verdict::NoWin, "{s}"),
    }
    let got: Vec<String> = sol.key_moves.iter().map(|&m| p.move_text(m)).collect();
    assert_eq!(got, keys, "{s}");
    // The main line is legal and, for a win, ends in the player's win.
    let mut q = p;
    for &m in &sol.line {
        assert!(q.legal_moves().contains(&m));
        q = q.play(m);
    }
    if sol.verdict == Verdict::Win {
        assert_eq!(q.outcome().and_then(|o| o.winner), Some(p.to_move()), "{s}");
    }
}

#[test]
fn solver_agrees_with_plain_minimax_on_small_boards() {
    // rule BT-3 (wins), BT-4 (limits) through the generic solver.
    for (s, max) in [
        (start(3, 4).as_str(), 6),
        (start(4, 4).as_str(), 6),
        (start(2, 5).as_str(), 6),
        (start(3, 5).as_str(), 5),
        ("4/W3/1B2/4 w 0/200", 2),
        ("1B2/4/W3/4 b 0/200", 3),
        ("BB1/3/1W1/W2 w 0/200", 4),
        ("BBB/3/3/WWW b 0/200", 4),
        ("BBB/BBB/3/WWW/WWW w 0/7", 4),
    ] {
        check_solver(s, max);
    }
    // Random positions reached from small starts.
    let mut seed = 0x1234_5678_u64;
    let mut rng = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    for (w, h) in [(3, 5), (4, 5), (4, 6), (5, 5)] {
        for _ in 0..6 {
            let mut p: Position = start(w, h).parse().unwrap();
            let plies = rng() % 8;
            for _ in 0..plies {
                let moves = p.legal_moves();
                if moves.is_empty() {
                    break;
                }
                p = p.play(moves[(rng() % moves.len() as u64) as usize]);
            }
            if p.outcome().is_none() {
                check_solver(&p.to_string(), 3);
            }
        }
    }
}
