//! An independent checker of proof certificates and refutations (issue 15): the solution tree
//! that `solve --proof` writes and the `refutations` that `solve --json` lists are checked
//! against the plain rules of the certificate checker (`peakforge::certify::plain`), never the
//! solver nor the engine.
//!
//! A certificate holds when, from its position: at `{"end": r}` the match is over, won by
//! the player, for reason `r`; at `{"play": m, "then": …}` the player is to move, `m` is
//! legal and the player has a move left; at `{"defences": […]}` the defender is to move and
//! the entries are every legal defence, each once, sorted by text; no path has more player
//! moves than `max_moves`. A refutation holds when, after its move and its defence (when it
//! names one), a plain minimax finds no win within the moves left; a `unique` one when every
//! other defence loses; and the refuted moves and key moves are every legal first move, once.

mod common;
mod placement;
mod plain;

use peakforge::certify::plain::breakthrough as plain_bt;
use peakforge::certify::plain::seega as plain_sg;
use peakforge::certify::plain::{Bt, Rules};

use std::path::{Path, PathBuf};

use peakforge::game::GameState;
use peakforge::games::{breakthrough, pawn_peak, seega};
use peakforge::solver::{self, Control, Limits, proof::Certificate, refute};
use serde_json::Value;

/// Answers of [`within`] already known, by position string, player and moves left.
type Memo = std::collections::HashMap<(String, bool, u32), bool>;

/// Plain minimax: does `player` win within `n` further player moves from `pos`, whoever is
/// to move? A ply counts against `n` when the player makes it (a Seega chain step too).
/// Unfinished positions are remembered by their position string.
fn within<R: Rules>(pos: &R, player: bool, n: u32, memo: &mut Memo) -> bool {
    if let Some((w, _)) = pos.end() {
        return w == Some(player);
    }
    let key = (pos.text(), player, n);
    if let Some(&w) = memo.get(&key) {
        return w;
    }
    let w = if pos.first_to_move() == player {
        n > 0
            && pos
                .moves()
                .iter()
                .any(|(_, c)| within(c, player, n - 1, memo))
    } else {
        pos.moves().iter().all(|(_, c)| within(c, player, n, memo))
    };
    memo.insert(key, w);
    w
}

fn find<R: Rules>(pos: &R, text: &str) -> Result<R, String> {
    pos.moves()
        .into_iter()
        .find(|(t, _)| t == text)
        .map(|(_, c)| c)
        .ok_or_else(|| format!("'{text}' is not a legal move"))
}

/// Checks one node of a solution tree from `pos`, with `left` player moves allowed; returns
/// the defender moves it lists.
fn check_node<R: Rules>(pos: &R, node: &Value, player: bool, left: u32) -> Result<u64, String> {
    let obj = node.as_object().ok_or("a node is not an object")?;
    if let Some(end) = obj.get("end") {
        return match pos.end() {
            Some((w, reason)) if w == Some(player) && Some(reason.as_str()) == end.as_str() => {
                Ok(0)
            }
            other => Err(format!("'end' {end} but the rules say {other:?}")),
        };
    }
    if pos.end().is_some() {
        return Err("the match is over but the node is not 'end'".into());
    }
    if let Some(mv) = obj.get("play") {
        let text = mv.as_str().ok_or("'play' is not a string")?;
        if pos.first_to_move() != player {
            return Err(format!("'play' {text} where the defender is to move"));
        }
        if left == 0 {
            return Err(format!("'play' {text}: no player move left"));
        }
        let child = find(pos, text)?;
        return check_node(
            &child,
            obj.get("then").ok_or("'play' without 'then'")?,
            player,
            left - 1,
        )
        .map_err(|e| format!("{text} {e}"));
    }
    let defs = obj
        .get("defences")
        .and_then(Value::as_array)
        .ok_or("a node is neither end, play nor defences")?;
    if pos.first_to_move() == player {
        return Err("'defences' where the player is to move".into());
    }
    let mut legal: Vec<(String, R)> = pos.moves();
    legal.sort_by(|a, b| a.0.cmp(&b.0));
    let listed: Vec<&str> = defs.iter().filter_map(|d| d["move"].as_str()).collect();
    let names: Vec<&str> = legal.iter().map(|(t, _)| t.as_str()).collect();
    if listed != names {
        return Err(format!("defences {listed:?}, the legal ones are {names:?}"));
    }
    let mut count = 0;
    for (d, (text, child)) in defs.iter().zip(&legal) {
        count +=
            1 + check_node(child, &d["then"], player, left).map_err(|e| format!("{text} {e}"))?;
    }
    Ok(count)
}

/// Checks a whole certificate against the rules of `R`, built from its position string.
fn check_certificate<R: Rules>(cert: &Value, start: &R) -> Result<u64, String> {
    let n = cert["max_moves"].as_u64().ok_or("no max_moves")? as u32;
    check_node(start, &cert["tree"], start.first_to_move(), n)
}

/// Checks a refutation list (as `solve --json` prints it) and the key moves of `start`.
fn check_refutations<R: Rules>(
    start: &R,
    keys: &[String],
    refutations: &[Value],
    n: u32,
) -> Result<(), String> {
    let player = start.first_to_move();
    let memo = &mut Memo::new();
    let mut first: Vec<String> = start.moves().into_iter().map(|(t, _)| t).collect();
    first.sort();
    let mut named: Vec<String> = keys.to_vec();
    let texts: Vec<String> = refutations
        .iter()
        .map(|r| r["move"].as_str().unwrap_or_default().to_string())
        .collect();
    let mut sorted = texts.clone();
    sorted.sort();
    if sorted != texts {
        return Err(format!("refutations not sorted by move: {texts:?}"));
    }
    named.extend(texts);
    named.sort();
    if named != first {
        return Err(format!(
            "keys and refuted moves {named:?}, the first moves are {first:?}"
        ));
    }
    for k in keys {
        let child = find(start, k)?;
        if !within(&child, player, n - 1, memo) {
            return Err(format!("key {k} does not win within {n}"));
        }
    }
    for r in refutations {
        let mv = r["move"].as_str().unwrap_or_default();
        let child = find(start, mv)?;
        match r["defence"].as_str() {
            None => {
                let own_turn = child.end().is_none() && child.first_to_move() == player;
                if !(own_turn || child.end().is_some_and(|(w, _)| w != Some(player))) {
                    return Err(format!(
                        "{mv}: no defence named, yet the defender is to move"
                    ));
                }
                if within(&child, player, n - 1, memo) {
                    return Err(format!("{mv}: the player still wins after it"));
                }
            }
            Some(d) => {
                if child.end().is_some() || child.first_to_move() == player {
                    return Err(format!(
                        "{mv}: a defence named where the defender is not to move"
                    ));
                }
                let after = find(&child, d).map_err(|e| format!("{mv} {e}"))?;
                if within(&after, player, n - 1, memo) {
                    return Err(format!("{mv} {d}: the player still wins within {}", n - 1));
                }
                let another = child
                    .moves()
                    .into_iter()
                    .any(|(t, c)| t != d && !within(&c, player, n - 1, memo));
                if r["unique"].as_bool() != Some(!another) {
                    return Err(format!(
                        "{mv} {d}: unique {} but another refutation: {another}",
                        r["unique"]
                    ));
                }
            }
        }
    }
    Ok(())
}

/// Checks a certificate and refutations of a position of game `game` (its string `s`).
fn check_any(game: &str, s: &str, cert: Option<&Value>, keys: &[String], refs: &[Value], n: u32) {
    let result = match game {
        "pawn-peak" => {
            let start = plain::Plain::parse(s).unwrap();
            check_both(&start, cert, keys, refs, n)
        }
        "breakthrough" => check_both(
            &Bt::new(plain_bt::Board::parse(s).unwrap()),
            cert,
            keys,
            refs,
            n,
        ),
        "seega" => check_both(&plain_sg::Plain::parse(s).unwrap(), cert, keys, refs, n),
        g => Err(format!("unknown game {g}")),
    };
    if let Err(e) = result {
        panic!("{game} {s} within {n}: {e}");
    }
}

fn check_both<R: Rules>(
    start: &R,
    cert: Option<&Value>,
    keys: &[String],
    refs: &[Value],
    n: u32,
) -> Result<(), String> {
    if let Some(c) = cert {
        check_certificate(c, start).map_err(|e| format!("certificate: {e}"))?;
    }
    check_refutations(start, keys, refs, n).map_err(|e| format!("refutations: {e}"))
}

fn shipped() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("challenges");
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "ron"))
        .collect();
    v.sort();
    v
}

/// Every shipped challenge: `solve FILE --json --proof F` writes a certificate and lists
/// refutations, both of which hold by the plain rules.
#[test]
fn certificates_and_refutations_of_every_shipped_challenge_hold() {
    let files = shipped();
    assert!(files.len() >= 22);
    let dir = std::env::temp_dir().join(format!("peakforge-proof-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for f in files {
        let out = dir.join("proof.json");
        let run = common::peakforge(&[
            "solve",
            "--json",
            "--proof",
            out.to_str().unwrap(),
            f.to_str().unwrap(),
        ]);
        assert_eq!(run.status.code(), Some(0), "{}", f.display());
        let report: Value = serde_json::from_slice(&run.stdout).unwrap();
        let cert: Value = serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
        let ch = peakforge::challenge::load(&f).unwrap();
        assert_eq!(cert["game"], ch.game.as_str());
        assert_eq!(cert["max_moves"], ch.goal.player_moves);
        let keys: Vec<String> = serde_json::from_value(report["key_moves"].clone()).unwrap();
        let refs = report["refutations"].as_array().unwrap().clone();
        let s = cert["position"].as_str().unwrap().to_string();
        check_any(
            ch.game.as_str(),
            &s,
            Some(&cert),
            &keys,
            &refs,
            ch.goal.player_moves,
        );
        std::fs::remove_file(&out).unwrap();
    }
    let _ = std::fs::remove_dir(&dir);
}

/// The shared deterministic generator, drawing an index below `n` (≥ 1).
struct Rng(common::Rng);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0.below(n.max(1) as u64) as usize
    }
}

/// The library's certificate (when there is a win) and refutations of `pos` within `n`.
fn library<G: GameState>(pos: &G, game: &str, n: u32) -> (Option<Value>, Vec<String>, Vec<Value>) {
    let control = Control {
        limits: Limits::default(),
        ..Control::default()
    };
    let sol = solver::solve(pos, Some(n), control);
    let review = solver::review(pos, &sol, solver::Proof::Tree, control).unwrap();
    // The size walked without keeping the tree (what `verify` reports) is the tree's.
    let sized = solver::review(pos, &sol, solver::Proof::Size, control).unwrap();
    assert_eq!(
        sized.proof_size,
        review.proof.as_ref().map(|t| t.defender_moves())
    );
    assert_eq!(sized.refutations, review.refutations);
    let cert = review.proof.clone().map(|tree| {
        serde_json::to_value(Certificate {
            game: game.to_string(),
            position: pos.to_string(),
            max_moves: sol.max_moves,
            tree,
        })
        .unwrap()
    });
    let keys = sol.key_moves.iter().map(|&m| pos.move_text(m)).collect();
    let refs = refute::texts(pos, &review.refutations)
        .into_iter()
        .map(|r| serde_json::to_value(r).unwrap())
        .collect();
    (cert, keys, refs)
}

/// A position `plies` random moves from `start` (fewer when the match ends first).
fn walk<G: GameState>(start: &G, rng: &mut Rng, plies: usize) -> G {
    let mut p = start.clone();
    for _ in 0..plies {
        let moves = p.legal_moves();
        if moves.is_empty() {
            break;
        }
        let next = p.play(moves[rng.below(moves.len())]);
        if next.outcome().is_some() {
            break;
        }
        p = next;
    }
    p
}

fn check_random<G: GameState>(start: &G, game: &str, rng: &mut Rng, count: usize) -> usize {
    let mut wins = 0;
    for _ in 0..count {
        let plies = rng.below(4);
        let pos = walk(start, rng, plies);
        let n = 1 + rng.below(2) as u32;
        let n = solver::bound(&pos, Some(n));
        let (cert, keys, refs) = library(&pos, game, n);
        wins += usize::from(cert.is_some());
        check_any(game, &pos.to_string(), cert.as_ref(), &keys, &refs, n);
    }
    wins
}

/// Random small positions (a few random plies from each shipped start, and small random
/// Breakthrough boards), bounds of 1 and 2 player moves: certificates and refutations hold.
#[test]
fn certificates_and_refutations_of_random_small_positions_hold() {
    let mut rng = Rng(common::Rng(15));
    let mut wins = 0;
    let mut total = 0;
    for f in shipped() {
        let ch = peakforge::challenge::load(&f).unwrap();
        let count = 6;
        total += count;
        wins += match ch.game.as_str() {
            "pawn-peak" => {
                let s = peakforge::challenge::validate_as::<pawn_peak::Position>(&ch).unwrap();
                check_random(&s, "pawn-peak", &mut rng, count)
            }
            "breakthrough" => {
                let s = peakforge::challenge::validate_as::<breakthrough::Position>(&ch).unwrap();
                check_random(&s, "breakthrough", &mut rng, count)
            }
            _ => {
                let s = peakforge::challenge::validate_as::<seega::Position>(&ch).unwrap();
                check_random(&s, "seega", &mut rng, count)
            }
        };
    }
    for _ in 0..40 {
        let (w, h) = (2 + rng.below(3), 4 + rng.below(2));
        let rows: Vec<String> = (0..h)
            .map(|_| {
                (0..w)
                    .map(|_| ['.', '.', 'W', 'B'][rng.below(4)])
                    .collect::<String>()
            })
            .collect();
        let placement: Vec<Vec<char>> = rows.iter().rev().map(|r| r.chars().collect()).collect();
        let s = format!(
            "{} {} 0/{}",
            placement::placement(&placement),
            if rng.below(2) == 0 { "w" } else { "b" },
            4 + rng.below(8)
        );
        let Ok(pos) = s.parse::<breakthrough::Position>() else {
            continue;
        };
        if pos.outcome().is_some() {
            continue;
        }
        total += 1;
        wins += check_random(&pos, "breakthrough", &mut rng, 1);
    }
    // The refuge (SG-4): a piece there is not captured, so moving beside it does not win.
    for s in ["5/5/1WB1W/5/5 w 0:0 - 0/10", "5/5/1BW1B/5/5 b 0:0 - 0/10"] {
        let pos: seega::Position = s.parse().unwrap();
        total += 2;
        wins += check_random(&pos, "seega", &mut rng, 2);
    }
    // Both kinds of answer were checked: wins (with certificates) and refuted positions.
    assert!(wins > 5 && wins + 5 < total, "{wins} wins of {total}");
}
