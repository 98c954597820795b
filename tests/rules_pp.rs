//! One or more tests per numbered Pawn&Peak rule of RULES.md (PP-1.1 … PP-11) and the
//! decisions D-1 … D-11, through the library's public API. Expected values are worked out by
//! hand from the rules text; the data-driven cases live in `tests/data/pp-cases.json`.

use peakforge::game::{GameState, MoveError};
use peakforge::games::pawn_peak::{
    Move, MoveKind, Piece, PieceKind, Position, PositionError, Side, Square, rules,
};
use peakforge::report::{moves_report, play_line, play_report};

fn pos(s: &str) -> Position {
    s.parse()
        .unwrap_or_else(|e| panic!("{s:?} should parse: {e}"))
}

fn refused(s: &str) -> PositionError {
    match s.parse::<Position>() {
        Ok(p) => panic!("{s:?} should be refused, parsed as {p}"),
        Err(e) => e,
    }
}

fn sq(name: &str) -> Square {
    Square::parse(name).unwrap()
}

/// The legal moves as (text, kind, cost, attack, defense), sorted by text.
type Shown = (String, &'static str, Option<u8>, Option<u8>, Option<u8>);

fn moves(p: &Position) -> Vec<Shown> {
    moves_report(p)
        .moves
        .into_iter()
        .map(|m| (m.text, m.kind, m.cost, m.attack, m.defense))
        .collect()
}

fn texts(p: &Position) -> Vec<String> {
    moves(p).into_iter().map(|m| m.0).collect()
}

/// The move with this text, if legal.
fn find(p: &Position, text: &str) -> Option<Move> {
    p.legal_moves().into_iter().find(|m| m.text() == text)
}

fn legal(p: &Position, text: &str) -> Move {
    find(p, text).unwrap_or_else(|| panic!("{text} should be legal in {p}: {:?}", texts(p)))
}

fn cost(p: &Position, text: &str) -> u8 {
    legal(p, text).cost
}

fn play(p: &Position, line: &[&str]) -> Position {
    let line: Vec<String> = line.iter().map(|s| s.to_string()).collect();
    play_line(p, &line)
        .unwrap_or_else(|(i, e)| panic!("move {} of {line:?} fails in {p}: {e}", i + 1))
        .pop()
        .unwrap()
}

/// (winner, reason) as `play --json` prints them.
fn result(p: &Position) -> (Option<&'static str>, Option<&'static str>) {
    let r = play_report(p);
    (r.winner, r.reason)
}

// ----- PP-1 Board ------------------------------------------------------------------------

// rule PP-1.1
// rule D-1
#[test]
fn pp_1_1_board_sizes_3_to_16() {
    for w in 3..=16 {
        for h in 3..=16 {
            let p = Position::empty(w, h).unwrap();
            assert_eq!((p.width(), p.height()), (w, h));
        }
    }
    for bad in [0, 1, 2, 17, 20] {
        assert!(Position::empty(bad, 10).is_err(), "width {bad}");
        assert!(Position::empty(10, bad).is_err(), "height {bad}");
    }
    let std = Position::standard();
    assert_eq!((std.width(), std.height()), (10, 10));
    let big = pos("15G/16/16/16/16/16/16/16/16/16/16/16/16/16/16/s15 - r 0:0 - 0/200");
    assert_eq!((big.width(), big.height()), (16, 16));
    assert_eq!(
        big.piece_at(sq("p16")),
        Some(Piece::new(Side::Red, PieceKind::Guardian))
    );
    assert_eq!(
        big.piece_at(sq("a1")),
        Some(Piece::new(Side::Blue, PieceKind::Scout))
    );
    let small = pos("3/1G1/s2 - r 0:0 - 0/200");
    assert_eq!((small.width(), small.height()), (3, 3));
    // Sizes outside D-1 are refused by the position string too.
    for bad in [
        "3/3 - r 0:0 - 0/200",
        "2/2/2 - r 0:0 - 0/200",
        "16/16/16/16/16/16/16/16/16/16/16/16/16/16/16/16/16 - r 0:0 - 0/200",
    ] {
        assert_eq!(refused(bad).field, "placement", "{bad}");
    }
}

// rule PP-1.2
// rule D-2
#[test]
fn pp_1_2_heights_0_to_9() {
    let mut p = Position::empty(3, 3).unwrap();
    for h in 0..=9 {
        p.set_height(sq("b2"), h).unwrap();
        assert_eq!(p.height_at(sq("b2")), h);
    }
    assert!(p.set_height(sq("b2"), 10).is_err());
    assert!(p.set_height(sq("d1"), 1).is_err(), "off the board");
    // Step costs with the extreme heights: 0 -> 4 costs 5 (a Scout's whole movement), 0 -> 5
    // costs 6 (too much), 0 -> 9 costs 10.
    let p = pos("2s/3/S2 000/400/090 r 0:0 - 0/200");
    assert_eq!(p.height_at(sq("b1")), 9);
    assert_eq!(cost(&p, "a1-a2"), 5);
    assert!(find(&p, "a1-b1").is_none());
    let p = pos("2s/3/1S1 000/090/409 r 0:0 - 0/200");
    assert_eq!(cost(&p, "b1-a1"), 5);
    assert!(find(&p, "b1-c1").is_none());
    assert!(find(&p, "b1-b2").is_none());
}

// rule PP-1.3
#[test]
fn pp_1_3_red_exits_at_the_top_blue_at_the_bottom() {
    let p = pos("3/3/3/3 - r 0:0 - 0/200");
    assert_eq!(p.far_rank(Side::Red), 3);
    assert_eq!(p.far_rank(Side::Blue), 0);
    assert_eq!(p.distance_to_exit(Side::Red, sq("b1")), 3);
    assert_eq!(p.distance_to_exit(Side::Blue, sq("b1")), 0);
    assert_eq!(p.distance_to_exit(Side::Red, sq("b4")), 0);
    assert_eq!(p.distance_to_exit(Side::Blue, sq("b4")), 3);
    // A Red Scout on rank 1 of a 4-high board exits past rank 4 (3 + 1); a Blue one on rank 1
    // exits at once (0 + 1). Neither exits backwards.
    let red = pos("s2/3/3/1S1 - r 0:0 - 0/200");
    assert_eq!(cost(&red, "b1-exit"), 4);
    let blue = pos("1s1/3/3/S2 - b 0:0 - 0/200");
    assert_eq!(cost(&blue, "b4-exit"), 4);
    let red_top = pos("1S1/3/3/1s1 - r 0:0 - 0/200");
    assert_eq!(cost(&red_top, "b4-exit"), 1);
    let blue_bottom = pos("1S1/3/3/1s1 - b 0:0 - 0/200");
    assert_eq!(cost(&blue_bottom, "b1-exit"), 1);
    // The standard match starts with Red to move.
    assert_eq!(Position::standard().side_to_move(), Side::Red);
}

// rule PP-1.4
// rule D-3
#[test]
fn pp_1_4_standard_template() {
    let p = Position::standard();
    assert_eq!(
        p.to_string(),
        "2spggps2/10/10/10/10/10/10/10/10/2SPGGPS2 - r 0:0 - 0/200"
    );
    assert_eq!(p.to_string(), rules::STANDARD_TEMPLATE);
    let row = [
        ('c', PieceKind::Scout),
        ('d', PieceKind::Protector),
        ('e', PieceKind::Guardian),
        ('f', PieceKind::Guardian),
        ('g', PieceKind::Protector),
        ('h', PieceKind::Scout),
    ];
    for (file, kind) in row {
        assert_eq!(
            p.piece_at(sq(&format!("{file}1"))),
            Some(Piece::new(Side::Red, kind))
        );
        assert_eq!(
            p.piece_at(sq(&format!("{file}10"))),
            Some(Piece::new(Side::Blue, kind))
        );
    }
    assert_eq!(p.pieces().count(), 12);
    assert!(p.squares().all(|s| p.height_at(s) == 0), "flat terrain");
    assert_eq!(
        (p.move_count(), p.move_limit()),
        (0, rules::STANDARD_MOVE_LIMIT)
    );
    assert_eq!(rules::STANDARD_MOVE_LIMIT, 200);
    assert!(p.outcome().is_none());
}

// ----- PP-2 Pieces -----------------------------------------------------------------------

// rule PP-2
#[test]
fn pp_2_piece_table() {
    let table = [
        (PieceKind::Scout, 'S', 's', 1, 5, 1),
        (PieceKind::Protector, 'P', 'p', 2, 4, 2),
        (PieceKind::Guardian, 'G', 'g', 3, 3, 3),
    ];
    for (kind, red, blue, strength, movement, value) in table {
        assert_eq!(kind.strength(), strength);
        assert_eq!(kind.movement(), movement);
        assert_eq!(kind.exit_value(), value);
        assert_eq!(Piece::new(Side::Red, kind).letter(), red);
        assert_eq!(Piece::new(Side::Blue, kind).letter(), blue);
        assert_eq!(Piece::from_letter(red), Some(Piece::new(Side::Red, kind)));
        assert_eq!(Piece::from_letter(blue), Some(Piece::new(Side::Blue, kind)));
    }
    for c in ['x', 'K', 'q', '1', ' '] {
        assert_eq!(Piece::from_letter(c), None);
    }
    // The movement shows on a flat open board: farthest straight move of each kind.
    let p = pos("7/7/7/7/7/7/S1P1G1s - r 0:0 - 0/200");
    assert_eq!(cost(&p, "a1-a6"), 5);
    assert!(find(&p, "a1-a7").is_none());
    assert_eq!(cost(&p, "c1-c5"), 4);
    assert!(find(&p, "c1-c6").is_none());
    assert_eq!(cost(&p, "e1-e4"), 3);
    assert!(find(&p, "e1-e5").is_none());
}

// ----- PP-3 A turn -----------------------------------------------------------------------

// rule PP-3.1
#[test]
fn pp_3_1_one_action_with_one_piece_no_pass() {
    let p = pos("1s1p/2g1/1G2/S1P1 0120/1100/0000/0090 r 0:0 - 0/200");
    let before: Vec<(Square, Piece)> = p.pieces().collect();
    let all = p.legal_moves();
    assert!(!all.is_empty());
    for mv in all {
        let after = p.after(mv);
        assert_eq!(after.side_to_move(), Side::Blue, "the turn passes");
        assert_eq!(after.move_count(), 1);
        let now: Vec<(Square, Piece)> = after.pieces().collect();
        // Exactly one Red piece changed place or left; at most one Blue piece (the captured
        // one) is gone.
        let red_gone: Vec<_> = before
            .iter()
            .filter(|x| x.1.side == Side::Red && !now.contains(x))
            .collect();
        let red_new: Vec<_> = now
            .iter()
            .filter(|x| x.1.side == Side::Red && !before.contains(x))
            .collect();
        let blue_gone = before
            .iter()
            .filter(|x| x.1.side == Side::Blue && !now.contains(x))
            .count();
        assert_eq!(red_gone.len(), 1, "{}", mv.text());
        assert_eq!(red_new.len(), usize::from(mv.kind != MoveKind::Exit));
        assert_eq!(blue_gone, usize::from(mv.kind == MoveKind::Capture));
    }
    // There is no pass.
    for text in ["pass", "--", "a1-a1", "null", ""] {
        assert!(p.parse_move(text).is_err(), "{text:?}");
    }
    assert!(
        p.legal_moves()
            .iter()
            .all(|m| m.kind == MoveKind::Exit || m.from != m.to)
    );
}

// rule PP-3.2
#[test]
fn pp_3_2_resign_and_time_are_not_moves() {
    let p = Position::standard();
    for text in ["resign", "timeout", "c1-resign", "flag"] {
        assert!(
            matches!(p.parse_move(text), Err(MoveError::Illegal { .. })),
            "{text}"
        );
    }
    let kinds: Vec<&str> = moves(&p).iter().map(|m| m.1).collect();
    assert!(
        kinds
            .iter()
            .all(|k| ["move", "capture", "exit", "special"].contains(k))
    );
}

// ----- PP-4 Normal move and its cost ------------------------------------------------------

// rule PP-4.1
#[test]
fn pp_4_1_orthogonal_paths_that_turn_and_stay_on_board() {
    let p = pos("3/1G1/s2 - r 0:0 - 0/200");
    // Diagonal neighbours cost two orthogonal steps.
    assert_eq!(cost(&p, "b2-c3"), 2);
    assert_eq!(cost(&p, "b2-c1"), 2);
    // A turning path: a1 (Red Scout) to c2 round the wall of height 9 on b1, b2.
    let p = pos("3/3/S2/s2 000/000/090/090 r 0:0 - 0/200");
    assert_eq!(cost(&p, "a2-c2"), 4, "a2-a3-b3-c3-c2");
    // Every destination is on the board.
    for mv in p.legal_moves() {
        assert!(p.contains(mv.to));
    }
}

// rule PP-4.2
#[test]
fn pp_4_2_step_cost_is_one_plus_height_difference() {
    for a in 0..=9 {
        for b in 0..=9 {
            assert_eq!(rules::step_cost(a, b), 1 + a.abs_diff(b));
            assert_eq!(rules::step_cost(a, b), rules::step_cost(b, a));
        }
    }
    // On the board: from height 3, one level up (a2: 4) or down (c2: 2) both cost 2, two
    // levels down (b1: 1) cost 3.
    let p = pos("3/1P1/s2 333/432/010 r 0:0 - 0/200");
    assert_eq!(cost(&p, "b2-a2"), 2);
    assert_eq!(cost(&p, "b2-c2"), 2);
    assert_eq!(cost(&p, "b2-b1"), 3);
    assert_eq!(cost(&p, "b2-b3"), 1);
}

// rule PP-4.3
#[test]
fn pp_4_3_no_path_through_any_piece() {
    // Guardian a1 between a friend (a2) and a foe (b1): nothing but the capture.
    let p = pos("3/P2/Gs1 - r 0:0 - 0/200");
    let g: Vec<_> = texts(&p)
        .into_iter()
        .filter(|t| t.starts_with("a1"))
        .collect();
    assert_eq!(g, ["a1xb1"]);
    // A Scout in a corridor of height 9 stops in front of the foe: it cannot pass through
    // b1 to reach c1.
    let p = pos("3/3/Ss1 000/999/000 r 0:0 - 0/200");
    assert!(find(&p, "a1-c1").is_none());
    let p = pos("3/3/S1s 000/999/000 r 0:0 - 0/200");
    assert_eq!(cost(&p, "a1-b1"), 1);
}

// rule PP-4.4
#[test]
fn pp_4_4_cost_is_cheapest_path_and_within_movement() {
    // b1 is a hill of height 2: over it c1 would cost 6, round it 4.
    let p = pos("2g/3/S2 000/000/020 r 0:0 - 0/200");
    assert_eq!(cost(&p, "a1-c1"), 4);
    assert_eq!(cost(&p, "a1-b1"), 3);
    // Legal only within the movement: a Guardian on a flat 5-wide rank reaches d1 (3), not e1.
    let p = pos("4s/5/G4 - r 0:0 - 0/200");
    assert_eq!(cost(&p, "a1-d1"), 3);
    assert!(find(&p, "a1-e1").is_none());
    // The destination differs from the start.
    assert!(
        p.legal_moves()
            .iter()
            .all(|m| m.kind == MoveKind::Exit || m.to != m.from)
    );
}

// rule PP-4.5
#[test]
fn pp_4_5_guide_example_flat_step_then_climb() {
    let p = pos("2s/3/G2 000/010/000 r 0:0 - 0/200");
    assert_eq!(cost(&p, "a1-b2"), 3);
    let p = pos("g2/3/2S 000/010/000 b 0:0 - 0/200");
    assert_eq!(cost(&p, "a3-b2"), 3);
}

// ----- PP-5 Exit -------------------------------------------------------------------------

// rule PP-5.1
#[test]
fn pp_5_1_exit_needs_one_point_beyond_the_edge_tile() {
    // Protector two ranks below the top of a 3-high board: 2 + 1 = 3.
    let p = pos("3/1P1/s2 - r 0:0 - 0/200");
    assert_eq!(cost(&p, "b2-exit"), 2);
    let p = pos("3/3/1P1/s2 - r 0:0 - 0/200");
    assert_eq!(cost(&p, "b2-exit"), 3);
    // Guardian three ranks below: 3 to the edge, nothing left to cross.
    let p = pos("3/3/3/1Gs - r 0:0 - 0/200");
    assert!(find(&p, "b1-exit").is_none());
    assert!(find(&p, "b1-b4").is_some());
    // On the edge: cost 0 to it, exit for 1.
    let p = pos("1G1/3/2s - r 0:0 - 0/200");
    assert_eq!(cost(&p, "b3-exit"), 1);
    // The edge tile must be free: an own piece there does not help, a foe there is a capture.
    let p = pos("GGG/1P1/s2 - r 0:0 - 0/200");
    assert!(find(&p, "b2-exit").is_none());
}

// rule PP-5.2
// rule D-4
#[test]
fn pp_5_2_crossing_costs_exactly_one() {
    assert_eq!(rules::EXIT_STEP_COST, 1);
    for h in 0..=9u8 {
        let p = pos(&format!("1G1/3/2s {h}{h}{h}/000/000 r 0:0 - 0/200"));
        assert_eq!(cost(&p, "b3-exit"), 1, "edge tile of height {h}");
    }
    // From height 9 the Protector's neighbours below cost 10, yet it exits for 1.
    let p = pos("1P1/3/2s 990/000/000 r 0:0 - 0/200");
    assert_eq!(texts(&p), ["b3-a3", "b3-exit"]);
}

// rule PP-5.3
#[test]
fn pp_5_3_exit_leaves_the_board_and_scores_its_value() {
    for (letter, value) in [('S', 1), ('P', 2)] {
        let p = pos(&format!("1{letter}1/3/2s - r 0:0 - 0/200"));
        let after = play(&p, &["b3-exit"]);
        assert_eq!(after.piece_at(sq("b3")), None);
        assert_eq!(after.piece_count(Side::Red), 0);
        assert_eq!(
            (after.score(Side::Red), after.score(Side::Blue)),
            (value, 0)
        );
        assert_eq!(after.exited(), vec![Piece::from_letter(letter).unwrap()]);
        assert!(after.outcome().is_none(), "one exit: the match goes on");
    }
    // Blue scores its own value.
    let p = pos("2G/3/1p1 - b 0:3 - 0/200");
    let after = play(&p, &["b1-exit"]);
    assert_eq!((after.score(Side::Red), after.score(Side::Blue)), (0, 5));
}

// rule PP-5.4
#[test]
fn pp_5_4_reaching_the_last_rank_is_only_a_move() {
    let p = pos("3/1S1/s2 - r 0:0 - 0/200");
    let mv = legal(&p, "b2-b3");
    assert_eq!(mv.kind, MoveKind::Normal);
    let after = p.after(mv);
    assert_eq!(
        after.piece_at(sq("b3")),
        Some(Piece::new(Side::Red, PieceKind::Scout))
    );
    assert_eq!(after.score(Side::Red), 0);
    assert!(after.exited().is_empty());
    assert!(after.outcome().is_none());
}

// rule PP-5.5
// rule D-5
#[test]
fn pp_5_5_no_capture_and_exit_in_one_turn() {
    // The only reachable far-edge tile holds a foe: capture yes, exit no.
    let p = pos("s2/3/S2 099/000/000 r 0:0 - 0/200");
    assert!(find(&p, "a1xa3").is_some());
    assert!(find(&p, "a1-exit").is_none());
    // With another Blue piece left, the capturing Scout stays on a3 and Blue moves.
    let p = pos("s2/3/S1s 099/000/000 r 0:0 - 0/200");
    let after = play(&p, &["a1xa3"]);
    assert_eq!(
        after.piece_at(sq("a3")),
        Some(Piece::new(Side::Red, PieceKind::Scout))
    );
    assert_eq!(after.side_to_move(), Side::Blue);
    assert!(after.exited().is_empty());
    assert_eq!(after.score(Side::Red), 0);
}

// ----- PP-6 Capture ----------------------------------------------------------------------

// rule PP-6.1
#[test]
fn pp_6_1_capture_cost_includes_the_final_step() {
    let p = pos("3/s2/Gp1 000/200/030 r 0:0 - 0/200");
    assert_eq!(
        moves(&p),
        [("a1xa2".to_string(), "capture", Some(3), Some(3), Some(1))]
    );
    // One level more and the Guardian cannot reach it.
    let p = pos("3/s2/Gp1 000/300/030 r 0:0 - 0/200");
    assert!(
        p.outcome().is_some(),
        "Red has no legal action: {:?}",
        texts(&p)
    );
}

// rule PP-6.2
#[test]
fn pp_6_2_attack_at_least_defense_attacker_wins_ties() {
    // Scout on Scout: 1 vs 1, legal.
    let p = pos("3/1s1/1Sp - r 0:0 - 0/200");
    let m = legal(&p, "b1xb2");
    assert_eq!((m.attack, m.defense), (1, 1));
    // Scout on Protector: 1 vs 2, refused.
    let p = pos("3/1p1/1S1 - r 0:0 - 0/200");
    assert!(find(&p, "b1xb2").is_none());
    // Guardian on Guardian: 3 vs 3, legal; a reinforced one: 3 vs 4, refused.
    let p = pos("3/1g1/1G1 - r 0:0 - 0/200");
    assert_eq!(
        (legal(&p, "b1xb2").attack, legal(&p, "b1xb2").defense),
        (3, 3)
    );
    let p = pos("1s1/1g1/1G1 - r 0:0 - 0/200");
    assert!(find(&p, "b1xb2").is_none());
}

// rule PP-6.3
// rule D-6
// rule D-7
#[test]
fn pp_6_3_support_and_reinforcement() {
    let p = pos("3/pgG/1P1 - r 0:0 - 0/200");
    // Guardian c2 on b2: 3 + 1 (Protector b1; c2 does not count itself) vs 3 + 1 (Protector
    // a2 counts 1, not its strength 2).
    let g = legal(&p, "c2xb2");
    assert_eq!((g.attack, g.defense), (4, 4));
    // Protector b1 on b2: 2 + 1 (the Guardian counts 1, not 3) = 3 < 4.
    assert!(find(&p, "b1xb2").is_none());
    assert_eq!(p.capture_strengths(sq("b1"), sq("b2"), 1), (3, 4));
    // Diagonal neighbours never count: four diagonal friends of each side change nothing.
    let p = pos("5/1S1S1/2s2/1SGS1/5 - r 0:0 - 0/200");
    let cap = legal(&p, "c2xc3");
    // Support: b2? no — b2 and d2 are next to c2, not to c3; b4/d4 are diagonal to c3.
    assert_eq!((cap.attack, cap.defense), (3, 1));
    // Orthogonal friends of the target count, each 1: Scouts on b3 and d3 add 2.
    let p = pos("5/5/1SsS1/2G2/5 - r 0:0 - 0/200");
    let cap = legal(&p, "c2xc3");
    assert_eq!((cap.attack, cap.defense), (5, 1));
    // Reinforcement counts the defender's other pieces next to it, each 1.
    let p = pos("5/2g2/1psp1/2G2/5 - r 0:0 - 0/200");
    assert_eq!(p.capture_strengths(sq("c2"), sq("c3"), 1), (3, 4));
    assert!(find(&p, "c2xc3").is_none());
    assert_eq!(rules::SUPPORT_PER_PIECE, 1);
    const { assert!(!rules::MOVER_SUPPORTS_ITSELF) };
}

// rule PP-6.4
// rule D-8
#[test]
fn pp_6_4_protector_charge_at_cheapest_cost_four() {
    // Cost exactly 4 on the flat: 2 + 1 vs 3.
    let p = pos("g4/5/5/5/P4 - r 0:0 - 0/200");
    let m = legal(&p, "a1xa5");
    assert_eq!((m.cost, m.attack, m.defense), (4, 3, 3));
    // Cost 4 by a single step three levels up.
    let p = pos("3/g2/P2 000/300/090 r 0:0 - 0/200");
    let m = legal(&p, "a1xa2");
    assert_eq!((m.cost, m.attack, m.defense), (4, 3, 3));
    // Cheapest cost 2 although a path of 4 exists: no charge, 2 vs 3, refused.
    let p = pos("2s/1g1/P2 - r 0:0 - 0/200");
    assert!(find(&p, "a1xb2").is_none());
    assert_eq!(p.capture_strengths(sq("a1"), sq("b2"), 2), (2, 3));
    // Cost 3: no charge either.
    let p = pos("5/g4/5/P4 - r 0:0 - 0/200");
    assert!(find(&p, "a1xa3").is_none());
    // Only Protectors charge: a Scout at cost 4 gets no bonus.
    let p = pos("s4/5/5/5/S4 - r 0:0 - 0/200");
    let m = legal(&p, "a1xa5");
    assert_eq!((m.cost, m.attack, m.defense), (4, 1, 1));
    assert_eq!((rules::CHARGE_COST, rules::CHARGE_BONUS), (4, 1));
}

// rule PP-6.5
#[test]
fn pp_6_5_captured_piece_leaves_no_points() {
    let p = pos("3/pgG/1P1 - r 0:0 - 0/200");
    let after = play(&p, &["c2xb2"]);
    assert_eq!(
        after.piece_at(sq("b2")),
        Some(Piece::new(Side::Red, PieceKind::Guardian))
    );
    assert_eq!(after.piece_at(sq("c2")), None);
    assert_eq!(after.piece_count(Side::Blue), 1);
    assert_eq!((after.score(Side::Red), after.score(Side::Blue)), (0, 0));
    assert!(after.exited().is_empty());
}

// ----- PP-7 Scout special move -----------------------------------------------------------

// rule PP-7.1
#[test]
fn pp_7_1_scout_diagonal_and_straight_two_ignoring_heights() {
    // Walled in by height 9: diagonal steps and jumps over the walls.
    let p = pos("5/5/2S2/5/s4 09090/90909/09090/90909/09090 r 0:0 - 0/200");
    let specials: Vec<_> = moves(&p)
        .into_iter()
        .filter(|m| m.1 == "special")
        .map(|m| m.0)
        .collect();
    assert_eq!(
        specials,
        [
            "c3-a3", "c3-b2", "c3-b4", "c3-c1", "c3-c5", "c3-d2", "c3-d4", "c3-e3"
        ]
    );
    assert!(
        moves(&p)
            .iter()
            .all(|m| m.1 == "special" || !m.0.starts_with("c3"))
    );
    // Special moves have no cost in the report; the move takes the whole turn.
    assert!(
        moves(&p)
            .iter()
            .filter(|m| m.1 == "special")
            .all(|m| m.2.is_none())
    );
    let after = play(&p, &["c3-c5"]);
    assert_eq!(after.side_to_move(), Side::Blue);
    // Only Scouts have it.
    let p = pos("3/1P1/s2 090/909/090 r 0:0 - 0/200");
    assert!(texts(&p).is_empty() || p.outcome().is_some());
}

// rule PP-7.2
#[test]
fn pp_7_2_special_needs_empty_destination_and_middle() {
    let p = pos("s2/1S1/2P 090/909/090 r 0:0 - 0/200");
    assert_eq!(
        texts(&p),
        ["b2-a1", "b2-c3"],
        "no capture on a3, not onto c1"
    );
    let p = pos("3/3/Ss1 099/999/090 r 0:0 - 0/200");
    assert_eq!(texts(&p), ["a1-a3", "a1-b2"], "the jump over b1 is refused");
    // Never an exit by a special move: a Scout boxed in on the edge has no exit.
    let p = pos("1S1/3/2s 909/090/000 r 0:0 - 0/200");
    assert!(
        find(&p, "b3-exit").is_some(),
        "on the edge a normal exit costs 1"
    );
    let p = pos("3/1S1/2s 999/909/000 r 0:0 - 0/200");
    assert!(find(&p, "b2-exit").is_none());
    assert!(texts(&p).iter().all(|t| !t.ends_with("exit")));
}

// rule PP-7.3
// rule D-9
#[test]
fn pp_7_3_one_move_when_both_ways_reach() {
    let p = pos("2g/3/S2 000/000/020 r 0:0 - 0/200");
    let ms = moves(&p);
    for t in ["a1-b2", "a1-a3", "a1-c1"] {
        let found: Vec<_> = ms.iter().filter(|m| m.0 == t).collect();
        assert_eq!(found.len(), 1, "{t} listed once");
        assert_eq!(found[0].1, "move", "{t} as the normal move with its cost");
    }
    assert_eq!(cost(&p, "a1-c1"), 4);
    const { assert!(rules::SPECIAL_YIELDS_TO_NORMAL) };
}

// ----- PP-8 After each action ------------------------------------------------------------

// rule PP-8.1
#[test]
fn pp_8_1_exit_end() {
    // A first exit by a Guardian wins at once, no points.
    let p = play(&pos("3/G2/3/s2 - r 0:0 - 0/200"), &["a3-exit"]);
    assert_eq!(result(&p), (Some("red"), Some("guardian_exit")));
    assert_eq!(p.score(Side::Red), 0);
    assert!(p.legal_moves().is_empty());
    // Not first (the challenge's earlier exit counts): scores 3, two exits.
    let p = play(&pos("G2/3/2s - r 0:1 s 6/200"), &["a3-exit"]);
    assert_eq!(result(&p), (Some("red"), Some("two_exits")));
    assert_eq!((p.score(Side::Red), p.score(Side::Blue)), (3, 1));
    // Two exits with equal scores draw.
    let p = play(&pos("1S1/3/1s1 - r 0:1 s 9/200"), &["b3-exit"]);
    assert_eq!(result(&p), (None, Some("two_exits")));
    // The first exit of a non-Guardian only scores.
    let p = play(&pos("1S1/3/g2 - r 0:0 - 0/200"), &["b3-exit"]);
    assert_eq!(result(&p), (None, None));
    let p = play(&p, &["a1-exit"]);
    assert_eq!(result(&p), (Some("blue"), Some("two_exits")));
    assert_eq!(p.to_string(), "3/3/3 - r 1:3 Sg 2/200");
}

// rule PP-8.2
#[test]
fn pp_8_2_elimination() {
    let p = play(&pos("4/1s2/1G2/4 - r 0:0 - 0/200"), &["b2xb3"]);
    assert_eq!(result(&p), (Some("red"), Some("elimination")));
    // Whatever the score: Red's last piece exited (2 points), Blue's next action wins.
    let p = play(&pos("1P1/3/2s 990/000/000 r 0:0 - 0/200"), &["b3-exit"]);
    assert_eq!(result(&p), (None, None));
    let p = play(&p, &["c1-b1"]);
    assert_eq!(result(&p), (Some("blue"), Some("elimination")));
    assert_eq!(p.score(Side::Red), 2);
    // Before the move limit.
    let p = play(&pos("3/1s1/1G1 - r 0:0 - 9/10"), &["b1xb2"]);
    assert_eq!(result(&p), (Some("red"), Some("elimination")));
    assert_eq!(p.move_count(), 10);
}

// rule PP-8.3
// rule D-10
// rule D-11
#[test]
fn pp_8_3_move_limit() {
    // The counter always goes up.
    let p = play(&pos("3/1G1/s2 - r 0:0 - 5/200"), &["b2-b3"]);
    assert_eq!(p.move_count(), 6);
    // No point: the most advanced piece (shared case).
    let p = play(&pos("4/S3/4/3g - r 0:0 - 8/9"), &["a3-b3"]);
    assert_eq!(result(&p), (Some("blue"), Some("move_limit")));
    // D-10: the starting score counts.
    let p = play(&pos("1S1/1s1/3 - r 0:1 s 9/10"), &["b3-a3"]);
    assert_eq!(result(&p), (Some("blue"), Some("move_limit")));
    let p = play(&pos("G1s/3/3 - r 1:1 - 8/9"), &["a3-a2"]);
    assert_eq!(result(&p), (None, Some("move_limit")));
    // D-11: equal distance, higher strength among the pieces at that distance.
    let p = play(&pos("S2/3/1Gg - r 0:0 - 8/9"), &["b1-b2"]);
    assert_eq!(result(&p), (Some("blue"), Some("move_limit")));
    let p = play(&pos("S2/3/2s - r 0:0 - 8/9"), &["a3-b3"]);
    assert_eq!(result(&p), (None, Some("move_limit")));
    let p = play(&pos("SG1/3/2g - r 0:0 - 8/9"), &["a3-a2"]);
    assert_eq!(
        result(&p),
        (None, Some("move_limit")),
        "G (3) vs g (3) at distance 0"
    );
    // The rule function itself.
    use Side::{Blue, Red};
    assert_eq!(
        rules::move_limit_winner([2, 1], [Some((5, 1)), Some((0, 3))]),
        Some(Red)
    );
    assert_eq!(
        rules::move_limit_winner([0, 0], [Some((1, 3)), Some((0, 1))]),
        Some(Blue)
    );
    assert_eq!(
        rules::move_limit_winner([0, 0], [Some((1, 3)), Some((1, 2))]),
        Some(Red)
    );
    assert_eq!(
        rules::move_limit_winner([0, 0], [Some((1, 2)), Some((1, 2))]),
        None
    );
    assert_eq!(
        rules::move_limit_winner([3, 3], [Some((0, 3)), Some((9, 1))]),
        None
    );
    // A limit reached as the string shows it.
    let p = pos("S2/3/2s - b 0:0 - 9/9");
    assert_eq!(result(&p), (None, Some("move_limit")));
    assert!(p.legal_moves().is_empty());
}

// rule PP-8.3 (scores at the top of their range)
#[test]
fn pp_8_3_large_scores_do_not_overflow() {
    // Both scores at the most a side may start with, counter at the limit: the "has any point
    // been scored" test of D-10 must not add them up in 16 bits.
    let most = rules::MAX_START_SCORE;
    let p = pos(&format!("3/1S1/1s1 - r {most}:{most} - 200/200"));
    assert_eq!(result(&p), (None, Some("move_limit")));
    let p = pos(&format!("3/1S1/1s1 - r {most}:{} - 200/200", most - 1));
    assert_eq!(result(&p), (Some("red"), Some("move_limit")));
}

// rule PP-8.4
#[test]
fn pp_8_4_no_legal_move_loses() {
    let p = play(&pos("g2/3/2S 090/900/000 r 0:0 - 0/200"), &["c1-c2"]);
    assert_eq!(result(&p), (Some("red"), Some("no_legal_move")));
    assert_eq!(p.side_to_move(), Side::Blue);
    // The same position from its string.
    let q = pos("g2/2S/3 090/900/000 b 0:0 - 1/200");
    assert_eq!(q, p);
    assert_eq!(q.full_key(), p.full_key());
    // Checked after the move limit.
    let p = play(&pos("g2/3/2S 090/900/000 r 0:0 - 9/10"), &["c1-c2"]);
    assert_eq!(result(&p), (Some("red"), Some("move_limit")));
}

// ----- PP-9 Challenges -------------------------------------------------------------------

// rule PP-9.1
#[test]
fn pp_9_1_challenge_positions() {
    // Any number of each kind, any side to move, scores, one exited piece, counter < limit.
    let p = pos("sss/3/GGG 123/456/789 b 4:2 S 17/40");
    assert_eq!(p.side_to_move(), Side::Blue);
    assert_eq!((p.score(Side::Red), p.score(Side::Blue)), (4, 2));
    assert_eq!(p.exited(), vec![Piece::new(Side::Red, PieceKind::Scout)]);
    assert_eq!((p.move_count(), p.move_limit()), (17, 40));
    assert!(p.outcome().is_none(), "a live challenge start");
    assert_eq!(p.piece_count(Side::Red), 3);
    // Counter at the limit or two exits: a finished match, not a live start.
    assert!(pos("sss/3/GGG - r 0:0 - 40/40").outcome().is_some());
    assert!(pos("sss/3/GGG - r 1:1 Ss 4/40").outcome().is_some());
    // More than two exited pieces, or a counter above the limit, cannot be written.
    assert_eq!(refused("sss/3/GGG - r 0:0 SsP 4/40").field, "exited");
    assert_eq!(refused("sss/3/GGG - r 0:0 - 41/40").field, "counter");
}

// rule PP-9.2
#[test]
fn pp_9_2_goal_before_the_move_limit() {
    // The solver's default bound: the player's moves left before the limit (the player moves
    // on plies 1, 3, 5, …).
    let p = pos("sss/3/GGG - r 0:0 - 33/40");
    assert_eq!(p.plies_left(), Some(7));
    assert_eq!(peakforge::solver::default_bound(&p), 4);
    let p = pos("sss/3/GGG - r 0:0 - 39/40");
    assert_eq!(peakforge::solver::default_bound(&p), 1);
}

// ----- PP-10 Position string -------------------------------------------------------------

// rule PP-10
#[test]
fn pp_10_position_string_reads_and_prints() {
    let text = "2g2/5/1S3/5 00000/00000/01000/00000 r 0:0 - 0/200";
    let p = pos(text);
    assert_eq!((p.width(), p.height()), (5, 4));
    assert_eq!(
        p.piece_at(sq("c4")),
        Some(Piece::new(Side::Blue, PieceKind::Guardian))
    );
    assert_eq!(
        p.piece_at(sq("b2")),
        Some(Piece::new(Side::Red, PieceKind::Scout))
    );
    assert_eq!(p.height_at(sq("b2")), 1);
    assert_eq!(p.to_string(), text);
    // Heights all 0 print as '-'; two-digit empty counts; exited letters in order.
    let p = pos("3/3/3 000/000/000 b 12:7 pS 3/9");
    assert_eq!(p.to_string(), "3/3/3 - b 12:7 pS 3/9");
    assert_eq!(
        p.exited(),
        vec![
            Piece::from_letter('p').unwrap(),
            Piece::from_letter('S').unwrap()
        ]
    );
    let wide = "G15/16/s15 - r 0:0 - 0/200";
    assert_eq!(pos(wide).to_string(), wide);
    let p = pos("1G1S1G1S1G1S1G1S/16/s15 - r 0:0 - 0/200");
    assert_eq!(p.to_string(), "1G1S1G1S1G1S1G1S/16/s15 - r 0:0 - 0/200");
    // Round trips, including the finished ones play prints.
    for s in [
        "2spggps2/10/10/10/10/10/10/10/10/2SPGGPS2 - r 0:0 - 0/200",
        "3/3/3/s2 - b 0:0 - 1/200",
        "4/4/4/3p - b 1:2 pS 11/200",
        "g2/2S/3 090/900/000 b 0:0 - 1/200",
        "S2/1s1/3 - b 0:1 s 10/10",
    ] {
        let p = pos(s);
        assert_eq!(p.to_string(), s);
        assert_eq!(pos(&p.to_string()), p);
    }
    // A finished match may be described.
    assert!(
        pos("3/3/1G1 - b 0:0 - 3/200").outcome().is_some(),
        "Blue has no piece"
    );
}

fn check_refusal(s: &str, field: &str, column: usize) {
    let e = refused(s);
    assert_eq!(e.field, field, "{s:?}: {e}");
    assert_eq!(e.column, column, "{s:?}: {e}");
    assert!(!e.reason.is_empty());
    assert!(
        e.to_string().contains(field),
        "the message names the field: {e}"
    );
}

// rule PP-10 (refusals name the field and the column)
#[test]
fn pp_10_bad_position_strings_are_refused() {
    // Ragged ranks: rank 2 has 4 tiles, the top rank 3.
    check_refusal("3/4/3 - r 0:0 - 0/200", "placement", 3);
    check_refusal("3/1G/s2 - r 0:0 - 0/200", "placement", 3);
    // Unknown letter, at its column.
    check_refusal("3/1K1/s2 - r 0:0 - 0/200", "placement", 4);
    check_refusal("3/1G1/x2 - r 0:0 - 0/200", "placement", 7);
    // An empty count of 0.
    check_refusal("3/0G2/s2 - r 0:0 - 0/200", "placement", 3);
    // 17 files, 17 ranks, 2 ranks, 2 files.
    assert_eq!(refused("17/17/17 - r 0:0 - 0/200").field, "placement");
    assert_eq!(refused("G16/3/3 - r 0:0 - 0/200").field, "placement");
    assert_eq!(refused("8S8/3/3 - r 0:0 - 0/200").field, "placement");
    assert_eq!(
        refused(&format!("{} - r 0:0 - 0/200", vec!["3"; 17].join("/"))).field,
        "placement"
    );
    assert_eq!(refused("3/3 - r 0:0 - 0/200").field, "placement");
    assert_eq!(refused("2/2/2 - r 0:0 - 0/200").field, "placement");
    // Heights: a height above 9 (two digits, so the row is too long), a non-digit, the wrong
    // number of rows, a short row.
    check_refusal("3/1G1/s2 000/0100/000 r 0:0 - 0/200", "heights", 14);
    check_refusal("3/1G1/s2 000/0a0/000 r 0:0 - 0/200", "heights", 15);
    check_refusal("3/1G1/s2 000/000 r 0:0 - 0/200", "heights", 10);
    check_refusal("3/1G1/s2 000/00/000 r 0:0 - 0/200", "heights", 14);
    check_refusal("3/1G1/s2 000/0-0/000 r 0:0 - 0/200", "heights", 15);
    // Side.
    check_refusal("3/1G1/s2 - w 0:0 - 0/200", "side", 12);
    check_refusal("3/1G1/s2 - R 0:0 - 0/200", "side", 12);
    // Scores: negative, missing colon, not a number.
    check_refusal("3/1G1/s2 - r -1:0 - 0/200", "scores", 14);
    check_refusal("3/1G1/s2 - r 1-0 - 0/200", "scores", 14);
    check_refusal("3/1G1/s2 - r 0:x - 0/200", "scores", 16);
    // Exited: a bad letter, three pieces.
    check_refusal("3/1G1/s2 - r 0:0 X 0/200", "exited", 18);
    check_refusal("3/1G1/s2 - r 0:0 Sx 0/200", "exited", 19);
    check_refusal("3/1G1/s2 - r 0:0 SPG 0/200", "exited", 18);
    // Counter above the limit, missing slash, not a number, negative.
    check_refusal("3/1G1/s2 - r 0:0 - 201/200", "counter", 20);
    check_refusal("3/1G1/s2 - r 0:0 - 0", "counter", 20);
    check_refusal("3/1G1/s2 - r 0:0 - a/200", "counter", 20);
    check_refusal("3/1G1/s2 - r 0:0 - -1/200", "counter", 20);
    // Wrong field count: five, seven, a double space, a trailing space, nothing.
    for s in [
        "3/1G1/s2 - r 0:0 0/200",
        "3/1G1/s2 - r 0:0 - 0/200 x",
        "3/1G1/s2  - r 0:0 - 0/200",
        "3/1G1/s2 - r 0:0 - 0/200 ",
        "",
    ] {
        let e = refused(s);
        assert!(e.reason.contains("6 fields"), "{s:?}: {e}");
    }
}

// ----- PP-11 Move text -------------------------------------------------------------------

// rule PP-11
#[test]
fn pp_11_move_text() {
    let p = pos("3/1G1/s2 - r 0:0 - 0/200");
    let t = texts(&p);
    assert!(t.contains(&"b2-b3".to_string()));
    assert!(t.contains(&"b2xa1".to_string()));
    assert!(t.contains(&"b2-exit".to_string()));
    // Either separator for any move.
    assert_eq!(p.parse_move("b2xb3").unwrap(), legal(&p, "b2-b3"));
    assert_eq!(p.parse_move("b2-a1").unwrap(), legal(&p, "b2xa1"));
    assert_eq!(p.parse_move("b2xexit").unwrap(), legal(&p, "b2-exit"));
    assert!(p.parse_move("b2-a3").is_ok());
    assert!(p.parse_move("b2-b4").is_err(), "off the board");
    assert!(p.parse_move("a1-a2").is_err(), "not Red's piece");
    // Two-digit ranks.
    let big = pos("15G/16/16/16/16/16/16/16/16/16/16/16/16/16/16/s15 - r 0:0 - 0/200");
    assert!(texts(&big).contains(&"p16-exit".to_string()));
    assert!(texts(&big).contains(&"p16-p13".to_string()));
    // Square names.
    assert_eq!(sq("a1"), Square::new(0, 0));
    assert_eq!(sq("p16"), Square::new(15, 15));
    assert_eq!(sq("c10").to_string(), "c10");
    for bad in ["", "q1", "a0", "a17", "A1", "a", "1a"] {
        assert!(Square::parse(bad).is_err(), "{bad:?}");
    }
    // The move's own text.
    let m = legal(&p, "b2xa1");
    assert_eq!(
        (m.from, m.to, m.kind),
        (sq("b2"), sq("a1"), MoveKind::Capture)
    );
    assert_eq!(p.move_text(m), "b2xa1");
}

// rule PP-8.1
#[test]
fn pp_8_1_a_listed_first_guardian_exit_has_won() {
    // Play ends the match at a first Guardian exit without listing it; a position string that
    // lists one first describes that finished match, for either side.
    assert_eq!(
        result(&pos("3/G2/s2 - r 0:0 G 0/200")),
        (Some("red"), Some("guardian_exit"))
    );
    assert_eq!(
        result(&pos("3/G2/s2 - r 0:0 g 0/200")),
        (Some("blue"), Some("guardian_exit"))
    );
    assert!(pos("3/G2/s2 - r 0:0 g 0/200").legal_moves().is_empty());
    // A Guardian that exits second scores like any other piece: the match goes on.
    assert_eq!(
        result(&pos("3/G2/s2 - r 1:0 SG 0/200")).1,
        Some("two_exits")
    );
    assert_eq!(result(&pos("3/G2/s2 - r 1:0 S 0/200")), (None, None));
}

// rule PP-5.3 (a score at the top of its range)
#[test]
fn pp_5_3_scores_above_the_most_allowed_are_refused_not_clamped() {
    // Two exits add at most 6 points: with starts up to MAX_START_SCORE the sum is exact.
    let most = rules::MAX_START_SCORE;
    let p = pos(&format!("3/S2/s2 - r {most}:{most} s 0/200"));
    let after = play(&p, &["a2-exit"]);
    assert_eq!(
        (after.score(Side::Red), after.score(Side::Blue)),
        (most + 1, most)
    );
    assert_eq!(result(&after), (Some("red"), Some("two_exits")));
    let e = refused(&format!("3/S2/s2 - r {}:0 - 0/200", most + 1));
    assert_eq!(e.field, "scores", "{e}");
    assert!(e.to_string().contains(&most.to_string()), "{e}");
}
