//! Breakthrough against a plain second implementation written here, independently and
//! deliberately simply (a vector of letters, moves as tuples, no incremental state): perft
//! from standard starts, move lists and position strings along the tree, and the generic
//! solver against a plain minimax on small boards.

mod placement;

use peakforge::game::GameState;
use peakforge::games::breakthrough::Position;
use peakforge::solver::{self, Control, Verdict};

/// A plain Breakthrough position: `cells[rank][file]` is `'W'`, `'B'` or `'.'`, rank 0 at the
/// bottom.
#[derive(Clone, Debug)]
struct Plain {
    cells: Vec<Vec<char>>,
    white_to_move: bool,
    count: u32,
    limit: u32,
    /// `Some(winner)` once over: `Some('W')`, `Some('B')`, or `Some('-')` for a draw.
    over: Option<char>,
}

/// (from file, from rank, to file, to rank, capture)
type PlainMove = (usize, usize, usize, usize, bool);

impl Plain {
    fn parse(s: &str) -> Plain {
        let parts: Vec<&str> = s.split(' ').collect();
        let mut cells = Vec::new();
        for row in parts[0].split('/') {
            let mut r = Vec::new();
            let mut num = String::new();
            for c in row.chars() {
                if c.is_ascii_digit() {
                    num.push(c);
                } else {
                    if !num.is_empty() {
                        r.extend(std::iter::repeat_n('.', num.parse().unwrap()));
                        num.clear();
                    }
                    r.push(c);
                }
            }
            if !num.is_empty() {
                r.extend(std::iter::repeat_n('.', num.parse().unwrap()));
            }
            cells.push(r);
        }
        cells.reverse();
        let (count, limit) = parts[2].split_once('/').unwrap();
        Plain {
            cells,
            white_to_move: parts[1] == "w",
            count: count.parse().unwrap(),
            limit: limit.parse().unwrap(),
            over: None,
        }
    }

    fn width(&self) -> usize {
        self.cells[0].len()
    }

    fn height(&self) -> usize {
        self.cells.len()
    }

    fn me(&self) -> char {
        if self.white_to_move { 'W' } else { 'B' }
    }

    fn moves(&self) -> Vec<PlainMove> {
        let mut out = Vec::new();
        if self.over.is_some() {
            return out;
        }
        let me = self.me();
        let foe = if me == 'W' { 'B' } else { 'W' };
        for r in 0..self.height() {
            for f in 0..self.width() {
                if self.cells[r][f] != me {
                    continue;
                }
                let tr = if me == 'W' {
                    r as i32 + 1
                } else {
                    r as i32 - 1
                };
                if tr < 0 || tr >= self.height() as i32 {
                    continue;
                }
                let tr = tr as usize;
                for tf in [f as i32 - 1, f as i32, f as i32 + 1] {
                    if tf < 0 || tf >= self.width() as i32 {
                        continue;
                    }
                    let tf = tf as usize;
                    let there = self.cells[tr][tf];
                    if there == '.' {
                        out.push((f, r, tf, tr, false));
                    } else if there == foe && tf != f {
                        out.push((f, r, tf, tr, true));
                    }
                }
            }
        }
        out
    }

    fn text(m: PlainMove) -> String {
        let name = |f: usize, r: usize| format!("{}{}", (b'a' + f as u8) as char, r + 1);
        let sep = if m.4 { "x" } else { "-" };
        format!("{}{sep}{}", name(m.0, m.1), name(m.2, m.3))
    }

    fn apply(&self, m: PlainMove) -> Plain {
        let mut p = self.clone();
        let me = self.me();
        p.cells[m.1][m.0] = '.';
        p.cells[m.3][m.2] = me;
        p.count += 1;
        p.white_to_move = !p.white_to_move;
        let far = if me == 'W' { self.height() - 1 } else { 0 };
        let foe_left = p.cells.iter().flatten().any(|&c| c == p.me());
        if m.3 == far || !foe_left {
            p.over = Some(me);
        } else if p.count >= p.limit {
            p.over = Some('-');
        } else if p.moves().is_empty() {
            p.over = Some(me);
        }
        p
    }

    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 || self.over.is_some() {
            return 1;
        }
        self.moves()
            .into_iter()
            .map(|m| self.apply(m).perft(depth - 1))
            .sum()
    }

    /// The whole position string (named for its placement field, the part worth checking).
    fn placement(&self) -> String {
        format!(
            "{} {} {}/{}",
            placement::placement(&self.cells),
            if self.white_to_move { "w" } else { "b" },
            self.count,
            self.limit
        )
    }

    /// Whether the side to move at the root (`me`) forces a win within `n` of its moves.
    fn wins(&self, me: char, n: u32) -> bool {
        if let Some(w) = self.over {
            return w == me;
        }
        n > 0 && self.moves().into_iter().any(|m| self.move_wins(me, m, n))
    }

    fn move_wins(&self, me: char, m: PlainMove, n: u32) -> bool {
        let child = self.apply(m);
        if let Some(w) = child.over {
            return w == me;
        }
        child.moves().into_iter().all(|r| {
            let c2 = child.apply(r);
            match c2.over {
                Some(w) => w == me,
                None => c2.wins(me, n - 1),
            }
        })
    }
}

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
