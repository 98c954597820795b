//! Property tests of the Pawn&Peak engine against the plain second implementation in
//! `tests/plain/` (RULES.md PP-4 to PP-8, PP-10): on random positions from 3×3 to 16×16 the
//! engine's legal moves (text, kind, cost, attack, defence), its outcome and the position string
//! agree with the plain model, also along random legal move sequences; the position string
//! round-trips and the incremental key equals the key of the re-parsed position.

mod plain;

mod common;

use common::Rng;
use peakforge::games::pawn_peak::{Move, Position};
use plain::{FromEngine, Kind, Pc, Plain, engine_moves, plain_moves};
use proptest::prelude::*;

/// Knobs of a random position; the board itself comes from `seed`.
#[derive(Clone, Debug)]
struct Knobs {
    w: usize,
    h: usize,
    max_height: u8,
    density: u64,
    seed: u64,
}

fn knobs() -> impl Strategy<Value = Knobs> {
    (3usize..=16, 3usize..=16, 0u8..=9, 1u64..=60, any::<u64>()).prop_map(
        |(w, h, max_height, density, seed)| Knobs {
            w,
            h,
            max_height,
            density,
            seed,
        },
    )
}

/// A random position as plain data: heights 0..=max, pieces of both sides, random side to move,
/// scores, at most one exited piece, counter ≤ limit. Its `end` is what the string shows.
fn random_plain(k: &Knobs) -> Plain {
    let mut rng = Rng(k.seed);
    let n = k.w * k.h;
    // Some boards have a few tall spots only, others are rough all over.
    let rough = rng.below(2) == 0;
    let heights: Vec<u8> = (0..n)
        .map(|_| {
            if k.max_height == 0 || (!rough && rng.below(4) != 0) {
                0
            } else {
                rng.below(u64::from(k.max_height) + 1) as u8
            }
        })
        .collect();
    let kinds = [Kind::Scout, Kind::Protector, Kind::Guardian];
    let mut pieces: Vec<Option<Pc>> = (0..n)
        .map(|_| {
            (rng.below(100) < k.density).then(|| Pc {
                red: rng.below(2) == 0,
                kind: kinds[rng.below(3) as usize],
            })
        })
        .collect();
    for red in [true, false] {
        if !pieces.iter().any(|p| p.is_some_and(|p| p.red == red)) {
            let i = rng.below(n as u64) as usize;
            let other_side_left = pieces
                .iter()
                .enumerate()
                .any(|(j, p)| j != i && p.is_some_and(|p| p.red != red));
            let i = if other_side_left {
                i
            } else {
                // Never overwrite the other side's only piece.
                (i + 1) % n
            };
            pieces[i] = Some(Pc {
                red,
                kind: kinds[rng.below(3) as usize],
            });
        }
    }
    let exited = match rng.below(3) {
        0 => vec![Pc {
            red: rng.below(2) == 0,
            kind: kinds[rng.below(3) as usize],
        }],
        _ => vec![],
    };
    let scores = if rng.below(3) == 0 {
        [0, 0]
    } else {
        [rng.below(12) as u32, rng.below(12) as u32]
    };
    let limit = 1 + rng.below(300) as u32;
    let count = match rng.below(3) {
        0 => limit - rng.below(u64::from(limit).min(6) + 1) as u32,
        _ => rng.below(u64::from(limit) + 1) as u32,
    };
    let mut p = Plain {
        w: k.w,
        h: k.h,
        heights,
        pieces,
        red_to_move: rng.below(2) == 0,
        scores,
        exited,
        count,
        limit,
        end: None,
    };
    p.end = p.derived_end();
    p
}

fn parse(text: &str) -> Position {
    match text.parse::<Position>() {
        Ok(p) => p,
        Err(e) => panic!("{text:?} does not parse: {e}"),
    }
}

/// Checks one position against the plain model: moves, outcome, no duplicate move.
fn check_moves(pos: &Position, plain: &Plain) -> Result<(), TestCaseError> {
    let text = pos.to_string();
    prop_assert_eq!(
        Plain::from_engine(pos).end,
        plain.end,
        "outcome differs for {}",
        text
    );
    let engine = engine_moves(pos);
    let reference = plain_moves(plain);
    if engine != reference {
        let only_engine: Vec<_> = engine.iter().filter(|m| !reference.contains(m)).collect();
        let only_plain: Vec<_> = reference.iter().filter(|m| !engine.contains(m)).collect();
        prop_assert!(
            false,
            "moves differ for {}\n  engine only: {:?}\n  plain only:  {:?}",
            text,
            only_engine,
            only_plain
        );
    }
    let mut raw = Vec::new();
    pos.moves_into(&mut raw);
    let mut texts: Vec<String> = raw.iter().map(Move::text).collect();
    texts.sort();
    texts.dedup();
    prop_assert_eq!(texts.len(), raw.len(), "a move is listed twice in {}", text);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(6_000))]

    /// PP-10 and PP-4..PP-8: a random position string parses to what it says, prints back the
    /// same, round-trips, and the engine's moves and outcome equal the plain model's.
    #[test]
    fn random_positions_agree_with_plain_model(k in knobs()) {
        let plain = random_plain(&k);
        let text = plain.to_text();
        let pos = parse(&text);
        // The parsed position holds exactly what the string says.
        let mut seen = Plain::from_engine(&pos);
        seen.end = plain.end;
        prop_assert_eq!(&seen, &plain, "{} parsed differently", text);
        prop_assert_eq!(pos.to_string(), text.clone(), "printing is not canonical");
        let again = parse(&pos.to_string());
        prop_assert_eq!(again, pos);
        prop_assert_eq!(again.full_key(), pos.full_key());
        check_moves(&pos, &plain)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4_000))]

    /// PP-8 along random legal sequences: after every move the engine and the plain model agree
    /// on the whole position, the outcome and the next moves; the printed position re-parses to
    /// an equal position with the same key (except after a Guardian's first exit, which a
    /// position string cannot show: the known contract gap).
    #[test]
    fn random_games_agree_with_plain_model(
        k in knobs(),
        choices in prop::collection::vec(any::<u32>(), 0..24),
    ) {
        let mut plain = random_plain(&k);
        let mut pos = parse(&plain.to_text());
        for (ply, choice) in choices.iter().enumerate() {
            check_moves(&pos, &plain)?;
            let mut moves = Vec::new();
            pos.moves_into(&mut moves);
            if moves.is_empty() {
                break;
            }
            let mv = moves[*choice as usize % moves.len()];
            let pmv = plain
                .moves()
                .into_iter()
                .find(|m| m.text == mv.text())
                .expect("the plain model has the engine's move");
            let before = pos.to_string();
            pos = pos.after(mv);
            plain = plain.play(&pmv);
            let text = pos.to_string();
            prop_assert_eq!(
                &Plain::from_engine(&pos),
                &plain,
                "after {} (ply {}) from {}: engine {}",
                mv.text(),
                ply,
                before,
                text
            );
            // Every position play reaches reads back equal, a Guardian's first exit too
            // (D-22: the exited field lists it).
            let again = parse(&text);
            prop_assert_eq!(again, pos, "{} does not re-parse equal after {}", text, mv.text());
            prop_assert_eq!(again.full_key(), pos.full_key());
            prop_assert_eq!(plain.to_text(), text);
        }
        check_moves(&pos, &plain)?;
    }
}

/// Not a check: how often the random games meet each kind of move and each ending, to see
/// that the properties above exercise every rule (`cargo test --test movegen_property --
/// --ignored --nocapture`).
#[test]
#[ignore = "statistics only"]
fn coverage_statistics() {
    use std::collections::BTreeMap;
    let mut kinds: BTreeMap<&str, usize> = BTreeMap::new();
    let mut ends: BTreeMap<&str, usize> = BTreeMap::new();
    let mut charges = 0;
    let mut rng = Rng(7);
    for _ in 0..4000 {
        let k = Knobs {
            w: 3 + rng.below(14) as usize,
            h: 3 + rng.below(14) as usize,
            max_height: rng.below(10) as u8,
            density: 1 + rng.below(60),
            seed: rng.next(),
        };
        let mut pos = parse(&random_plain(&k).to_text());
        if let Some(e) = Plain::from_engine(&pos).end {
            *ends.entry(e.reason).or_default() += 1;
        }
        for _ in 0..24 {
            let mut moves = Vec::new();
            pos.moves_into(&mut moves);
            if moves.is_empty() {
                break;
            }
            for m in &moves {
                *kinds.entry(m.kind.name()).or_default() += 1;
                if m.kind.name() == "capture" && m.cost == 4 {
                    charges += 1;
                }
            }
            pos = pos.after(moves[rng.below(moves.len() as u64) as usize]);
            if let Some(e) = Plain::from_engine(&pos).end {
                *ends.entry(e.reason).or_default() += 1;
            }
        }
    }
    eprintln!("move kinds: {kinds:?}\nends: {ends:?}\ncaptures at cost 4: {charges}");
}
