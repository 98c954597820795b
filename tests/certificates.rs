//! Who wins, and certificates anyone can check (issue 26): `solve` without a move bound on
//! Breakthrough answers who wins (against the existing prover), `solve --proof` writes the
//! winner's strategy, `check-proof` accepts what `solve --proof` writes (small starts, random
//! small positions, bounded JSON proofs) and refuses purpose-made faulty certificates with a
//! message saying what is wrong and exit 1 (2 for a damaged file).

mod common;

use std::path::{Path, PathBuf};

use common::{Rng, peakforge};
use peakforge::certify::format::{self, Header, Record};
use peakforge::certify::plain::breakthrough::{Board, End, Step};
use peakforge::certify::{CheckError, check_file};
use peakforge::game::GameState;
use peakforge::games::breakthrough::{Position, Side};
use peakforge::solver::breakthrough_proof::{certificates, record, strategy, survival};
use peakforge::solver::known::{PlainWins, SolverWins, decide};
use peakforge::solver::{self, Control};
use serde_json::Value;

fn tmp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("pf-certificates-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// The arguments of `solve --json` on the Breakthrough position `position`, then `more`.
fn who_wins_args<'a>(position: &'a str, more: &[&'a str]) -> Vec<&'a str> {
    common::solve_breakthrough(position, &[&["--json"], more].concat())
}

#[test]
fn the_table_size_asked_for_changes_the_work_not_the_answer() {
    let s = Position::start(4, 5).unwrap().to_string();
    let ask = |mib: &str| {
        let args = who_wins_args(&s, &["--length", "--table-mib", mib]);
        common::peakforge_json(&args, 0)
    };
    let (small, big) = (ask("1"), ask("16"));
    assert_eq!(small["winner"], "black");
    assert_eq!(
        (&small["winner"], &small["plies"]),
        (&big["winner"], &big["plies"])
    );
    assert_ne!(
        small["nodes"], big["nodes"],
        "a 16 times bigger table saves no work?"
    );
    // A table bigger than its share of the memory budget is refused, saying so.
    let out = peakforge(&who_wins_args(
        &s,
        &["--table-mib", "512", "--max-memory", "256"],
    ));
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("--table-mib 512") && err.contains("--max-memory"),
        "{err}"
    );
    // A bounded question (a challenge's goal) has no who-wins table to size: refused.
    let challenge = concat!(env!("CARGO_MANIFEST_DIR"), "/challenges/17-bt-race.ron");
    let out = peakforge(&["solve", "--json", challenge, "--table-mib", "16"]);
    assert_eq!(out.status.code(), Some(2), "{:?}", out);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("--table-mib") && err.contains("bounded"),
        "{err}"
    );
    // Nor with --max-moves.
    let out = peakforge(&[
        "solve",
        "--position",
        &s,
        "--game",
        "breakthrough",
        "--max-moves",
        "3",
        "--table-mib",
        "16",
    ]);
    assert_eq!(out.status.code(), Some(2), "{:?}", out);
}

#[test]
fn solve_without_a_bound_answers_who_wins_as_the_existing_prover() {
    for (w, h) in [(4, 4), (5, 4), (3, 5)] {
        let start = Position::start(w, h).unwrap();
        let old = decide(&start, 40, &mut SolverWins::new(Control::default()))
            .unwrap()
            .expect("no draw");
        let s = start.to_string();
        let v = common::peakforge_json(&who_wins_args(&s, &["--length"]), 0);
        assert_eq!(v["question"], "who_wins");
        assert_eq!(v["winner"], Side::from(old.winner).name(), "{w}x{h}");
        assert_eq!(v["plies"], old.plies, "{w}x{h}");
        let mover_wins = old.winner == start.to_move();
        assert_eq!(v["result"], if mover_wins { "win" } else { "no_win" });
        // The library's answer and winning move: after it the opponent loses.
        let lib = solver::who_wins(&start, false, Control::default()).unwrap();
        assert_eq!(lib.winner, old.winner);
        let best = solver::best_move(&start, Control::default()).unwrap();
        assert_eq!(best.is_some(), mover_wins);
        if let Some(m) = best {
            let after = start.play(m);
            let next = solver::who_wins(&after, false, Control::default()).unwrap();
            assert_eq!(next.winner, start.to_move(), "{w}x{h}: {m:?} wins");
        }
    }
}

#[test]
fn limits_and_bad_input_keep_their_exit_codes() {
    let s = Position::start(5, 5).unwrap().to_string();
    let v = common::peakforge_json(&who_wins_args(&s, &["--max-nodes", "10"]), 3);
    assert_eq!(v["result"], "unknown");
    assert_eq!(v["stopped_by"], "node_limit");
    assert_eq!(v["winner"], Value::Null);
    assert_eq!(v["plies_range"], Value::Null);
    // A move limit that could come first: the bounded question, as before.
    let v = common::peakforge_json(&who_wins_args("4/W3/1B2/4 w 0/1", &[]), 0);
    assert!(v.get("question").is_none(), "{v}");
    let out = peakforge(&["check-proof", "/nonexistent/cert.bin"]);
    assert_eq!(out.status.code(), Some(2));
    // A named pipe is refused at once (reading it would wait for a writer forever).
    let fifo = tmp("a-pipe.cert");
    let _ = std::fs::remove_file(&fifo);
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap();
    assert!(made.success());
    let v = common::peakforge_json(&["check-proof", "--json", fifo.to_str().unwrap()], 2);
    assert!(
        v["error"].as_str().unwrap().contains("not a regular file"),
        "{v}"
    );
    // A certificate that could not be written is refused before the search (whose answer
    // would be lost with it): a missing folder, or a folder.
    let folder = tmp("a-folder");
    std::fs::create_dir_all(&folder).unwrap();
    let f = folder.to_str().unwrap();
    for (path, why) in [
        ("/nonexistent-peakforge/x.cert", "does not exist"),
        (f, "not a regular file"),
    ] {
        let args = who_wins_args(&s, &["--length", "--proof", path, "--force"]);
        let v = common::peakforge_json(&args, 2);
        let e = v["error"].as_str().unwrap();
        assert!(e.contains(path) && e.contains(why), "{e}");
        assert!(e.contains("nothing was done"), "{e}");
    }
}

/// `solve --json --max-time 0` on `pos` with `more`, expecting exit `code`.
fn who_wins_untimed(pos: &str, more: &[&str], code: i32) -> Value {
    let more = [more, &["--max-time", "0"]].concat();
    common::peakforge_json(&who_wins_args(pos, &more), code)
}

#[test]
fn a_limit_met_in_the_length_keeps_the_winner_and_says_the_plies_proven() {
    let s = Position::start(5, 5).unwrap().to_string();
    let plain = who_wins_untimed(&s, &["--length"], 0);
    let proof = who_wins_untimed(&s, &[], 0)["nodes"].as_u64().unwrap();
    let all = plain["nodes"].as_u64().unwrap();
    assert!(all > proof + 2);
    let plies = plain["plies"].as_u64().unwrap();
    // One node past the proof: the length is stopped by its first test. The bounds hold the
    // length, and narrow as the limit grows.
    let mut last = (0, u64::MAX);
    for limit in [proof + 1, proof + (all - proof) / 2, all - 1] {
        let limit = limit.to_string();
        let v = who_wins_untimed(&s, &["--length", "--max-nodes", &limit], 3);
        assert_eq!(v["stopped_by"], "node_limit", "{v}");
        assert_eq!(v["result"], plain["result"]);
        assert_eq!(v["winner"], plain["winner"]);
        assert_eq!(v["plies"], Value::Null);
        let least = v["plies_range"]["at_least"].as_u64().unwrap();
        let most = v["plies_range"]["at_most"].as_u64().unwrap();
        assert!(least <= plies && plies <= most && least < most, "{v}");
        assert!(last.0 <= least && most <= last.1, "{last:?} then {v}");
        last = (least, most);
    }
    // With --proof: the winner stays, nothing is written, and an earlier file is removed.
    let cert = tmp("stopped.cert");
    let length_cert = tmp("stopped.cert.length");
    let c = cert.to_str().unwrap();
    for (more, limit) in [
        // Stopped in the length.
        (&["--length"][..], proof + 1),
        // Stopped in the winner's walk, without and with the length (then exact).
        (&[][..], proof + 1),
        (&["--length"][..], all + 1),
    ] {
        std::fs::write(&cert, "earlier").unwrap();
        std::fs::write(&length_cert, "earlier").unwrap();
        let limit = limit.to_string();
        let args = [more, &["--max-nodes", &limit, "--proof", c, "--force"]].concat();
        let v = who_wins_untimed(&s, &args, 3);
        assert_eq!(v["winner"], plain["winner"], "{v}");
        assert_eq!(v["certificate"], Value::Null);
        assert_eq!(v["length_certificate"], Value::Null);
        assert!(!cert.exists(), "{v}");
        // FILE.length goes too, with the length or without (it belonged to the earlier FILE).
        assert!(!length_cert.exists(), "{v}");
        if limit == (all + 1).to_string() {
            assert_eq!(v["plies"], plies, "{v}");
            assert_eq!(v["plies_range"], Value::Null);
        }
    }
}

/// `solve --proof` then `check-proof --json` on `pos`: the check's report.
fn solve_and_check(pos: &str, name: &str) -> (Value, Value) {
    let file = tmp(name);
    let f = file.to_str().unwrap();
    let solved = common::peakforge_json(&who_wins_args(pos, &["--proof", f]), 0);
    let checked = common::peakforge_json(&["check-proof", "--json", f], 0);
    (solved, checked)
}

#[test]
fn check_proof_accepts_the_certificates_of_small_starts() {
    for (w, h) in [(4, 4), (5, 4), (4, 5), (3, 6)] {
        let s = Position::start(w, h).unwrap().to_string();
        let (solved, checked) = solve_and_check(&s, &format!("start-{w}x{h}.cert"));
        assert_eq!(checked["verdict"], "holds", "{w}x{h}: {checked}");
        assert_eq!(checked["kind"], "strategy");
        assert_eq!(checked["winner"], solved["winner"], "{w}x{h}");
        // It names what it checked: the certificate's game and position.
        assert_eq!(checked["game"], "breakthrough");
        assert_eq!(checked["position"], solved["position"], "{w}x{h}");
        assert_eq!(checked["records"], solved["certificate"]["records"]);
        assert!(checked["plies"].as_u64().unwrap() >= 3);
    }
}

/// A position `plies` random moves from a small start, unfinished.
fn random_position(rng: &mut Rng, w: u8, h: u8, plies: u64) -> Option<Position> {
    let mut p = Position::start(w, h).unwrap();
    for _ in 0..plies {
        let moves = p.legal_moves();
        if moves.is_empty() || p.outcome().is_some() {
            return None;
        }
        p = p.play(moves[rng.below(moves.len() as u64) as usize]);
    }
    p.outcome().is_none().then_some(p)
}

/// 40 draws of a random position 2 to 9 plies from a small start, with their draw numbers:
/// those still unfinished.
fn random_small_positions(seed: u64) -> Vec<(usize, Position)> {
    let mut rng = Rng(seed);
    (0..40)
        .filter_map(|i| {
            let (w, h) = [(4, 5), (5, 4), (4, 4), (3, 6)][i % 4];
            let plies = 2 + rng.below(8);
            random_position(&mut rng, w, h, plies).map(|p| (i, p))
        })
        .collect()
}

#[test]
fn check_proof_accepts_the_certificates_of_random_small_positions() {
    let mut checked = 0;
    for (i, p) in random_small_positions(26) {
        let (_, s) = strategy(&p, usize::MAX, Control::default()).unwrap();
        let file = tmp(&format!("random-{i}.cert"));
        write(&file, &header(&p, s.winner.into()), &s.records.to_vec());
        let (_, c) = check_file(&file).unwrap_or_else(|e| panic!("{p}: {e}"));
        assert_eq!(c.winner, Side::from(s.winner).name(), "{p}");
        assert_eq!(
            c.reached,
            s.records.len() as u64,
            "{p}: every record is used"
        );
        checked += 1;
    }
    assert!(checked >= 20, "only {checked} random positions");
}

#[test]
fn the_checkers_plain_rules_agree_with_the_engine_on_random_positions() {
    let mut rng = Rng(61);
    let mut compared = 0;
    for i in 0..600 {
        let (w, h) = [(4, 5), (5, 5), (6, 5), (3, 6), (8, 8), (5, 6)][i % 6];
        let plies = rng.below(40);
        let Some(p) = random_position(&mut rng, w, h, plies) else {
            continue;
        };
        let b = Board::parse(&p.to_string()).unwrap();
        let mut steps = Vec::new();
        b.moves(&mut steps);
        let mut plain: Vec<String> = steps.iter().map(|&m| b.text(m)).collect();
        let moves = p.legal_moves();
        let mut engine: Vec<String> = moves.iter().map(|&m| p.move_text(m)).collect();
        plain.sort();
        engine.sort();
        assert_eq!(plain, engine, "{p}");
        let wins = moves
            .iter()
            .any(|&m| p.play(m).outcome().and_then(|o| o.winner) == Some(p.to_move()));
        assert_eq!(b.wins_at_once(), wins, "{p}: a win at once");
        for &m in &steps {
            let text = b.text(m);
            let mv = moves[engine_index(&p, &moves, &text)];
            let (after, end) = b.play(m);
            let next = p.play(mv);
            assert_eq!(after.to_text(), next.to_string(), "{p} {text}");
            assert_eq!(
                end.is_some(),
                next.outcome().is_some(),
                "{p} {text}: the end"
            );
        }
        compared += 1;
    }
    assert!(compared >= 300, "only {compared} positions");
}

fn engine_index(p: &Position, moves: &[<Position as GameState>::Move], text: &str) -> usize {
    moves.iter().position(|&m| p.move_text(m) == text).unwrap()
}

/// `check-proof --json` of `file` with `threads` threads, without its time.
fn check_with_threads(file: &Path, threads: &str) -> Value {
    let out = peakforge(&[
        "check-proof",
        "--json",
        "--threads",
        threads,
        file.to_str().unwrap(),
    ]);
    let mut v: Value = serde_json::from_slice(&out.stdout).unwrap();
    v["millis"] = Value::Null;
    v["exit"] = out.status.code().into();
    v
}

#[test]
fn the_check_is_the_same_on_one_thread_and_on_three() {
    let (_, h, records) = four_by_five();
    let whole = tmp("threads.cert");
    write(&whole, &h, &records);
    let mut broken = records.clone();
    broken.remove(records.len() / 2);
    let faulty = tmp("threads-faulty.cert");
    write(&faulty, &h, &broken);
    for (file, verdict) in [(&whole, "holds"), (&faulty, "refuted")] {
        let one = check_with_threads(file, "1");
        assert_eq!(one["verdict"], verdict, "{one}");
        // DESIGN.md's contract: `valid`, and `problems` naming what is wrong.
        let valid = verdict == "holds";
        assert_eq!(one["valid"], valid, "{one}");
        let problems = one["problems"].as_array().unwrap();
        assert_eq!(problems.is_empty(), valid, "{one}");
        if !valid {
            assert_eq!(problems[0], one["reason"], "{one}");
        }
        assert_eq!(one, check_with_threads(file, "3"));
    }
}

fn header(p: &Position, winner: Side) -> Header {
    Header {
        game: "breakthrough".into(),
        position: p.to_string(),
        winner: winner.name().into(),
        width: p.width().into(),
        height: p.height().into(),
        mirror: true,
        records: 0,
        plies: None,
        blake3: String::new(),
        survives: None,
    }
}

fn write(path: &Path, h: &Header, records: &[Record]) {
    let f = std::fs::File::create(path).unwrap();
    format::write(
        std::io::BufWriter::new(f),
        h.clone(),
        records.iter().copied(),
    )
    .unwrap();
}

/// The reason a faulty certificate is refused.
fn refusal(name: &str, h: &Header, records: &[Record]) -> String {
    let file = tmp(name);
    write(&file, h, records);
    let out = peakforge(&["check-proof", file.to_str().unwrap()]);
    let err = String::from_utf8_lossy(&out.stderr).to_string();
    assert_eq!(out.status.code(), Some(1), "{name}: {err}");
    // The JSON names what was refused: the header's game, position and kind.
    let v = common::peakforge_json(&["check-proof", "--json", file.to_str().unwrap()], 1);
    let kind = if h.survives.is_some() {
        "length"
    } else {
        "strategy"
    };
    assert_eq!(
        (&v["game"], &v["position"], &v["kind"]),
        (
            &h.game.as_str().into(),
            &h.position.as_str().into(),
            &kind.into()
        ),
        "{name}: {v}"
    );
    match check_file(&file) {
        Err(CheckError::Refuted { why, claim }) => {
            assert!(err.contains(&why), "{name}: the CLI says why: {err}");
            let claim = claim.expect("a refusal names its claim");
            assert_eq!(
                (claim.game, claim.position),
                (h.game.clone(), h.position.clone())
            );
            why
        }
        other => panic!("{name}: refused as faulty, not {other:?}"),
    }
}

/// The 4 × 5 start's certificate: its header and records.
fn four_by_five() -> (Position, Header, Vec<Record>) {
    let p = Position::start(4, 5).unwrap();
    let (_, s) = strategy(&p, usize::MAX, Control::default()).unwrap();
    let h = header(&p, s.winner.into());
    (p, h, s.records.to_vec())
}

#[test]
fn a_missing_defence_is_refused() {
    let (_, h, records) = four_by_five();
    assert!(records.len() > 10);
    for i in [0, records.len() / 2, records.len() - 1] {
        let mut r = records.clone();
        r.remove(i);
        let why = refusal(&format!("missing-{i}.cert"), &h, &r);
        assert!(why.contains("missing defence"), "{why}");
    }
}

#[test]
fn the_wrong_winner_is_refused_at_the_start() {
    // The header names the other side the winner: the start itself has no record. The
    // refusal names it by its distance, not by a start whose move limit the walk lifted.
    let (p, mut h, records) = four_by_five();
    h.winner = if h.winner == "white" {
        "black"
    } else {
        "white"
    }
    .into();
    let why = refusal("wrong-winner.cert", &h, &records);
    let start = p.to_string();
    let placement = start.rsplit_once(' ').unwrap().0;
    assert!(why.contains(placement), "{why}");
    assert!(why.contains("0 plies from the start"), "{why}");
    assert!(!why.contains(&u32::MAX.to_string()), "{why}");
}

#[test]
fn an_illegal_move_and_a_wrong_end_are_refused() {
    let (_, h, records) = four_by_five();
    let mut illegal = 0;
    // Every other move code of the first records: refused (illegal, or a line the records do
    // not cover), unless another winning move whose lines the records happen to cover.
    for i in 0..records.len().min(12) {
        for code in (0..20u8).chain([64 + 3, 128 + 5, 192]) {
            if code == records[i].1 {
                continue;
            }
            let mut r = records.clone();
            r[i].1 = code;
            let file = tmp(&format!("alt-{i}-{code}.cert"));
            write(&file, &h, &r);
            match check_file(&file) {
                Ok(_) => {}
                Err(CheckError::Refuted { why, .. }) => {
                    illegal += usize::from(why.contains("illegal move"))
                }
                Err(e) => panic!("{e}"),
            }
        }
    }
    assert!(illegal > 0, "no illegal move refused");
    // A move that lets the loser win at once: a wrong end.
    let why = refusal("let-in.cert", &h, &lets_the_other_in(&records, 4, 5, false));
    assert!(why.contains("wrong end"), "{why}");
    // A draw is a wrong end too: the move limit comes first on some line.
    let mut short = h.clone();
    let (placement, _) = short.position.rsplit_once(' ').unwrap();
    short.position = format!("{placement} 0/6");
    let why = refusal("limit.cert", &short, &records);
    assert!(why.contains("move limit"), "{why}");
}

#[test]
fn a_path_too_long_is_refused() {
    let (_, mut h, records) = four_by_five();
    h.plies = Some(3);
    let why = refusal("too-long.cert", &h, &records);
    assert!(why.contains("path too long"), "{why}");
}

#[test]
fn a_tampered_transposition_or_digest_is_refused() {
    let (_, h, records) = four_by_five();
    // A record moved to another position (the digest recomputed): its position is missing.
    let mut r = records.clone();
    let i = records.len() / 3;
    r[i].0 = (r[i].0 + r[i + 1].0) / 2;
    if r[i].0 != records[i].0 {
        let why = refusal("moved.cert", &h, &r);
        assert!(why.contains("missing defence"), "{why}");
    }
    // The same change without a new digest: the file says it was changed (exit 2).
    let file = tmp("digest.cert");
    let mut stale = h.clone();
    stale.records = records.len() as u64;
    stale.blake3 = format::digest(records.iter().copied());
    format::write_raw(
        std::fs::File::create(&file).unwrap(),
        &stale,
        r.iter().copied(),
    )
    .unwrap();
    let out = peakforge(&["check-proof", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("digest"));
    // A damaged body: exit 2 with a message, no panic.
    let good = tmp("good.cert");
    write(&good, &h, &records);
    let mut bytes = std::fs::read(&good).unwrap();
    let n = bytes.len();
    bytes[n - 10] ^= 0x55;
    std::fs::write(&file, &bytes).unwrap();
    let out = peakforge(&["check-proof", file.to_str().unwrap()]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    // The message names the file, once.
    let named = format!("{}: ", file.display());
    assert_eq!(err.matches(&named).count(), 1, "{err}");
    bytes.truncate(n / 2);
    std::fs::write(&file, &bytes).unwrap();
    assert_eq!(
        peakforge(&["check-proof", file.to_str().unwrap()])
            .status
            .code(),
        Some(2)
    );
    // A damaged header: its place said once, as the file's line 2 (not also as the JSON
    // reader's line 1).
    let mut bytes = std::fs::read(&good).unwrap();
    let at = bytes.iter().position(|&b| b == b'"').unwrap();
    bytes[at] = b'x';
    std::fs::write(&file, &bytes).unwrap();
    let out = peakforge(&["check-proof", file.to_str().unwrap()]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("line 2 (the header), column 2: "), "{err}");
    assert!(!err.contains(" at line "), "{err}");
}

#[test]
fn bounded_proofs_of_breakthrough_are_checked_too() {
    let file = tmp("bounded.json");
    let f = file.to_str().unwrap();
    let pos = "4/W3/1B2/4 w 0/200";
    let solve = [
        "solve",
        "--json",
        "--game",
        "breakthrough",
        "--position",
        pos,
    ];
    common::peakforge_json(
        &[&solve[..], &["--max-moves", "3", "--proof", f]].concat(),
        0,
    );
    let v = common::peakforge_json(&["check-proof", "--json", f], 0);
    assert_eq!(v["verdict"], "holds");
    assert_eq!(v["kind"], "bounded");
    assert_eq!(
        (&v["game"], &v["position"]),
        (&"breakthrough".into(), &pos.into())
    );
    // A bigger one, with defences: 4 × 4 from the start, White wins within 6 moves or not.
    let start = Position::start(4, 4).unwrap().to_string();
    let file = tmp("bounded-4x4.json");
    let f = file.to_str().unwrap();
    let big = [
        "solve",
        "--json",
        "--game",
        "breakthrough",
        "--position",
        &start,
    ];
    let out = peakforge(&[&big[..], &["--max-moves", "8", "--proof", f]].concat());
    if out.status.code() == Some(0) && file.exists() {
        let text = std::fs::read_to_string(&file).unwrap();
        if text.contains("defences") {
            // Drop the first listed defence: refused, naming it.
            let mut doc: Value = serde_json::from_str(&text).unwrap();
            fn first_defences(v: &mut Value) -> Option<&mut Vec<Value>> {
                if v.get("defences").is_some() {
                    return v["defences"].as_array_mut();
                }
                first_defences(v.get_mut("then")?)
            }
            first_defences(&mut doc["tree"]).unwrap().remove(0);
            std::fs::write(&file, doc.to_string()).unwrap();
            let v = common::peakforge_json(&["check-proof", "--json", f], 1);
            assert_eq!(v["verdict"], "refuted");
            assert!(v["reason"].as_str().unwrap().contains("missing"), "{v}");
        }
    }
}

/// The command line of a job of a split's `plan.json`.
fn job_args(job: &Value) -> Vec<&str> {
    job["args"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a.as_str().unwrap())
        .collect()
}

#[test]
fn split_separate_solves_and_merge_give_the_answer_and_a_certificate_that_holds() {
    let dir = tmp("split-4x5");
    let _ = std::fs::remove_dir_all(&dir);
    let d = dir.to_str().unwrap();
    let s = Position::start(4, 5).unwrap().to_string();
    let solve = [
        "solve",
        "--json",
        "--game",
        "breakthrough",
        "--position",
        &s,
    ];
    let carried = [
        "--max-time",
        "0",
        "--max-memory",
        "512",
        "--table-mib",
        "16",
    ];
    let split = [&solve[..], &["--split", "2", "--out", d], &carried[..]].concat();
    let v = common::peakforge_json(&split, 0);
    let plan: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("plan.json")).unwrap()).unwrap();
    let jobs = plan["jobs"].as_array().unwrap();
    // Each job is solved with the splitting command's limits and table.
    for j in jobs {
        let args = job_args(j);
        assert!(args.ends_with(&carried), "{args:?}");
    }
    assert_eq!(v["jobs"], jobs.len());
    assert!(jobs.len() > 4, "{} jobs", jobs.len());
    let lines = std::fs::read_to_string(dir.join("jobs.txt")).unwrap();
    assert_eq!(lines.lines().count(), jobs.len());
    for j in jobs {
        let args = job_args(j);
        let out = common::peakforge_in(&dir, &args);
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        std::fs::write(
            dir.join(format!("{}.json", j["id"].as_str().unwrap())),
            &out.stdout,
        )
        .unwrap();
    }
    let cert = dir.join("merged.cert");
    let c = cert.to_str().unwrap();
    let merged = common::peakforge_json(&["solve", "--json", "--merge", d, "--proof", c], 0);
    let direct = common::peakforge_json(&solve, 0);
    assert_eq!(merged["winner"], direct["winner"]);
    // The work the jobs report, summed: what the answer cost, beside the merge's own time.
    let summed = |field: &str| -> u64 {
        jobs.iter()
            .map(|j| {
                let id = j["id"].as_str().unwrap();
                let text = std::fs::read_to_string(dir.join(format!("{id}.json"))).unwrap();
                serde_json::from_str::<Value>(&text).unwrap()[field]
                    .as_u64()
                    .unwrap()
            })
            .sum()
    };
    assert_eq!(merged["nodes"], summed("nodes"));
    assert!(summed("nodes") > 0);
    assert_eq!(merged["job_millis"], summed("millis"));
    assert!(merged["millis"].is_u64(), "{merged}");
    assert_eq!(merged["result"], direct["result"]);
    let checked = common::peakforge_json(&["check-proof", "--json", c], 0);
    assert_eq!(checked["verdict"], "holds");
    assert_eq!(checked["winner"], direct["winner"]);
    assert_eq!(merged["certificate"]["records"], checked["records"]);
    // A job stopped after its proof keeps its winner but has no certificate: the merge's
    // proof says so, naming the file; the plain merge still answers.
    let won: Vec<&str> = jobs
        .iter()
        .map(|j| j["id"].as_str().unwrap())
        .filter(|id| {
            let text = std::fs::read_to_string(dir.join(format!("{id}.json"))).unwrap();
            serde_json::from_str::<Value>(&text).unwrap()["winner"] == direct["winner"]
        })
        .collect();
    assert!(!won.is_empty(), "a job won by the root's winner");
    for id in &won {
        let cert = dir.join(format!("{id}.cert"));
        std::fs::rename(&cert, cert.with_extension("kept")).unwrap();
    }
    let args = ["solve", "--json", "--merge", d, "--proof", c, "--force"];
    let out = peakforge(&args);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        won.iter().any(|id| err.contains(&format!("{id}.cert"))),
        "{err}"
    );
    assert!(err.contains("no certificate"), "{err}");
    for id in &won {
        let cert = dir.join(format!("{id}.cert"));
        std::fs::rename(cert.with_extension("kept"), &cert).unwrap();
    }
    let plain = common::peakforge_json(&["solve", "--json", "--merge", d], 0);
    assert_eq!(plain["winner"], direct["winner"]);
    // Jobs stopped inside their proof have no winner: the merge names them all and the
    // limit, and the question stays open as for any search a limit stopped (exit 3).
    let mut ids = Vec::new();
    for job in &jobs[..2] {
        let mut args = job_args(job);
        args.extend(["--max-nodes", "1"]);
        let out = common::peakforge_in(&dir, &args);
        assert_eq!(out.status.code(), Some(3), "{args:?}");
        let id = job["id"].as_str().unwrap();
        std::fs::write(dir.join(format!("{id}.json")), &out.stdout).unwrap();
        ids.push(id);
    }
    let out = peakforge(&["solve", "--json", "--merge", d]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(3), "{err}");
    assert!(
        err.contains(&format!(
            "2 of {} jobs stopped by a limit before answering: {} (no winner: node_limit) and 1 more",
            jobs.len(),
            ids[0]
        )),
        "{err}"
    );
    // `verify` over a folder that holds the split's work folder reads only its challenges.
    let outer = tmp("split-beside");
    let _ = std::fs::remove_dir_all(&outer);
    std::fs::create_dir_all(&outer).unwrap();
    let terrain = Path::new(env!("CARGO_MANIFEST_DIR")).join("challenges/01-terrain.ron");
    std::fs::copy(terrain, outer.join("01-terrain.ron")).unwrap();
    std::fs::rename(&dir, outer.join("work")).unwrap();
    let o = outer.to_str().unwrap();
    let listed = common::peakforge_json(&["verify", "--json", o], 0);
    let files: Vec<&str> = listed
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["file"].as_str().unwrap())
        .collect();
    assert_eq!(files.len(), 1, "{files:?}");
    assert!(files[0].ends_with("01-terrain.ron"), "{files:?}");
    std::fs::rename(outer.join("work"), &dir).unwrap();
    // A job without an answer: the merge says which (exit 2).
    std::fs::remove_file(dir.join(format!("{}.json", jobs[0]["id"].as_str().unwrap()))).unwrap();
    let out = peakforge(&["solve", "--merge", d]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("job-00001.json"));
}

#[test]
fn a_split_s_jobs_run_again_and_its_files_are_guarded() {
    let s = Position::start(4, 5).unwrap().to_string();
    let dir = tmp("split-guarded");
    let _ = std::fs::remove_dir_all(&dir);
    let d = dir.to_str().unwrap();
    common::peakforge_json(
        &who_wins_args(&s, &["--split", "1", "--out", d, "--length"]),
        0,
    );
    // A folder with files in it is refused (answers left there would be merged as this
    // plan's); so is a finished match.
    let again = who_wins_args(&s, &["--split", "1", "--out", d]);
    let out = peakforge(&again);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not empty"));
    let over = tmp("split-over");
    let o = over.to_str().unwrap();
    // A finished match, and a move limit that could come first: each job would answer
    // nothing (before: written, and the merge asked to run them again).
    for p in ["W3/4/4/BBBB/4 b 1/1000", "BBBB/BBBB/4/WWWW/WWWW w 0/10"] {
        let out = peakforge(&who_wins_args(p, &["--split", "2", "--out", o]));
        assert_eq!(out.status.code(), Some(2), "{p}");
        assert!(!over.exists());
    }
    // --proof belongs to the merge: the jobs write their own certificates (before: ignored).
    let out = peakforge(&who_wins_args(
        &s,
        &["--split", "1", "--out", o, "--proof", "x"],
    ));
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--proof"));
    assert!(!over.exists());
    // Options the split or the merge would not honour are refused, not dropped: a move
    // bound (the jobs answer who wins), a challenge (its goal is a bound), --out without
    // --split, and with --merge a position or a limit (the plan has the start; the jobs ran).
    let challenge = Path::new(env!("CARGO_MANIFEST_DIR")).join("challenges/17-bt-race.ron");
    let refused: [Vec<&str>; 5] = [
        who_wins_args(&s, &["--split", "1", "--out", o, "--max-moves", "3"]),
        vec![
            "solve",
            challenge.to_str().unwrap(),
            "--split",
            "1",
            "--out",
            o,
        ],
        who_wins_args(&s, &["--out", o]),
        who_wins_args(&s, &["--merge", d]),
        vec!["solve", "--merge", d, "--max-nodes", "5"],
    ];
    for args in refused {
        let out = peakforge(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(!over.exists(), "{args:?}");
    }
    // A file is not a folder.
    let file = tmp("split-file");
    std::fs::write(&file, "x").unwrap();
    let out = peakforge(&who_wins_args(
        &s,
        &["--split", "1", "--out", file.to_str().unwrap()],
    ));
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not a folder"));
    // Every job twice, as a batch engine retrying would: before, the second run refused
    // the existing certificate and its error replaced the answer.
    run_jobs(&dir);
    let jobs = run_jobs(&dir);
    let merge = ["solve", "--json", "--merge", d, "--length"];
    let direct = common::peakforge_json(&who_wins_args(&s, &["--length"]), 0);
    let merged = common::peakforge_json(&merge, 0);
    assert_eq!(merged["plies"], direct["plies"]);
    // It names the position it answers, as a job's answer does.
    assert_eq!(merged["position"], direct["position"]);
    // A job's file as the merge's output is refused before anything is written, and named
    // as the split's own with --force or without (before, without it: "exists; pass
    // --force", which then refused it for another reason).
    let first = dir.join("job-00001.cert");
    let before = std::fs::read(&first).unwrap();
    for force in [&["--force"][..], &[]] {
        let out = peakforge(&[&merge[..], &["--proof", first.to_str().unwrap()], force].concat());
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert!(err.contains("is the input"), "{err}");
        assert_eq!(std::fs::read(&first).unwrap(), before);
    }
    // A certificate of another job in a job's place is named; nothing is written.
    let cert = tmp("guarded.cert");
    let c = cert.to_str().unwrap();
    let won: Vec<&str> = jobs
        .iter()
        .filter(|j| {
            let id = j["id"].as_str().unwrap();
            let text = std::fs::read_to_string(dir.join(format!("{id}.json"))).unwrap();
            serde_json::from_str::<Value>(&text).unwrap()["winner"] == direct["winner"]
        })
        .map(|j| j["id"].as_str().unwrap())
        .collect();
    assert!(won.len() > 1, "{won:?}");
    let swap = |a: &str, b: &str| {
        let (a, b) = (dir.join(format!("{a}.cert")), dir.join(format!("{b}.cert")));
        let t = dir.join("swap");
        std::fs::rename(&a, &t).unwrap();
        std::fs::rename(&b, &a).unwrap();
        std::fs::rename(&t, &b).unwrap();
    };
    swap(won[0], won[1]);
    let out = peakforge(&[&merge[..], &["--proof", c]].concat());
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("it is the certificate of"), "{err}");
    assert!(!cert.exists());
    swap(won[0], won[1]);
    // A length certificate missing: no half output (before: the winner's strategy was
    // written, and the next try needed --force).
    let length = dir.join(format!("{}.cert.length", won[0]));
    std::fs::rename(&length, dir.join("kept")).unwrap();
    let out = peakforge(&[&merge[..], &["--proof", c]].concat());
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("no certificate"), "{err}");
    assert!(!cert.exists());
    std::fs::rename(dir.join("kept"), &length).unwrap();
    // A length certificate damaged in its body (its header reads): the user's earlier
    // certificate stays as it was (before: the first certificate was already in place, then
    // removed, through a link too).
    std::fs::write(&cert, "the user's file").unwrap();
    let kept = std::fs::read(&length).unwrap();
    std::fs::write(&length, &kept[..kept.len() - 100]).unwrap();
    let out = peakforge(&[&merge[..], &["--proof", c, "--force"]].concat());
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(std::fs::read_to_string(&cert).unwrap(), "the user's file");
    std::fs::write(&length, &kept).unwrap();
    std::fs::remove_file(&cert).unwrap();
    common::peakforge_json(&[&merge[..], &["--proof", c]].concat(), 0);
    // Another job's answer in a job's place: named, even without --proof (before: merged
    // as this job's, a wrong winner with exit 0 possible).
    let (a, b) = (
        dir.join(format!("{}.json", won[0])),
        dir.join(format!("{}.json", won[1])),
    );
    let saved = std::fs::read(&a).unwrap();
    std::fs::copy(&b, &a).unwrap();
    let out = peakforge(&merge);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("the answer of"), "{err}");
    std::fs::write(&a, saved).unwrap();
    // A job that wrote nothing (its command did not run): said so.
    let id = jobs[0]["id"].as_str().unwrap();
    std::fs::write(dir.join(format!("{id}.json")), "").unwrap();
    let out = peakforge(&merge);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("empty: the job wrote no answer"), "{err}");
    // A job that failed: its error is said.
    let failed = r#"{"error": "something went wrong", "exit": 2}"#;
    std::fs::write(dir.join(format!("{id}.json")), failed).unwrap();
    let out = peakforge(&merge);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("the job failed: something went wrong"),
        "{err}"
    );
    // A plan edited by hand: a job id naming a file elsewhere, a job listed twice.
    let plan = std::fs::read_to_string(dir.join("plan.json")).unwrap();
    let mut edited: Value = serde_json::from_str(&plan).unwrap();
    edited["jobs"][0]["id"] = "../outside".into();
    std::fs::write(dir.join("plan.json"), edited.to_string()).unwrap();
    let out = peakforge(&merge);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("plan.json: job id \"../outside\""), "{err}");
    let mut edited: Value = serde_json::from_str(&plan).unwrap();
    let first = edited["jobs"][0].clone();
    edited["jobs"].as_array_mut().unwrap().push(first);
    std::fs::write(dir.join("plan.json"), edited.to_string()).unwrap();
    let err = String::from_utf8_lossy(&peakforge(&merge).stderr).to_string();
    assert!(err.contains("is listed twice"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Runs every job of the split in `dir`, as `jobs.txt` says: each answer in its `job-N.json`.
fn run_jobs(dir: &Path) -> Vec<Value> {
    let plan: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("plan.json")).unwrap()).unwrap();
    let jobs = plan["jobs"].as_array().unwrap().clone();
    for j in &jobs {
        let args = job_args(j);
        let out = common::peakforge_in(dir, &args);
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        let id = j["id"].as_str().unwrap();
        std::fs::write(dir.join(format!("{id}.json")), &out.stdout).unwrap();
    }
    jobs
}

#[test]
fn split_with_the_length_merges_the_plies_of_perfect_play() {
    let starts = [((4, 5), "1"), ((4, 5), "3"), ((5, 4), "2"), ((3, 6), "2")]
        .map(|((w, h), depth)| (Position::start(w, h).unwrap(), depth));
    let mut rng = Rng(0x5EED_1E57);
    let random: Vec<(Position, &str)> = std::iter::from_fn(|| {
        let (w, h) = [(4, 5), (5, 4), (3, 6)][rng.below(3) as usize];
        let plies = 2 + rng.below(5);
        Some(random_position(&mut rng, w, h, plies))
    })
    .flatten()
    .take(5)
    .map(|p| (p, "2"))
    .collect();
    for (i, (start, depth)) in starts.into_iter().chain(random).enumerate() {
        let s = start.to_string();
        let direct = common::peakforge_json(&who_wins_args(&s, &["--length"]), 0);
        let dir = tmp(&format!("split-length-{i}"));
        let _ = std::fs::remove_dir_all(&dir);
        let d = dir.to_str().unwrap();
        let split = who_wins_args(&s, &["--split", depth, "--out", d, "--length"]);
        common::peakforge_json(&split, 0);
        let jobs = run_jobs(&dir);
        // Every job answers its plies.
        for j in &jobs {
            assert!(job_args(j).contains(&"--length"), "{j}");
        }
        let cert = dir.join("start.cert");
        let c = cert.to_str().unwrap();
        let merge = ["solve", "--json", "--merge", d, "--length", "--proof", c];
        let merged = common::peakforge_json(&merge, 0);
        assert_eq!(merged["winner"], direct["winner"], "{s} at {depth}");
        // The join's records were kept in files beside the output: none is left there.
        let left: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .filter_map(|e| e.ok()?.file_name().into_string().ok())
            .filter(|n| n.starts_with('.'))
            .collect();
        assert!(left.is_empty(), "{left:?}");
        // Before: --length was refused with --split and --merge.
        assert_eq!(merged["plies"], direct["plies"], "{s} at {depth}");
        // The start's two certificates prove the winner and the plies both ways. Before:
        // no certificate of the length; a union keeping any record of a shared position
        // failed the length certificate on 4 × 5 split at 3 plies.
        let checked = common::peakforge_json(&["check-proof", "--json", c], 0);
        assert_eq!(checked["verdict"], "holds", "{s} at {depth}: {checked}");
        assert_eq!(checked["winner"], direct["winner"]);
        assert_eq!(
            checked["plies"], direct["plies"],
            "{s} at {depth}: {checked}"
        );
        let lasting = dir.join("start.cert.length");
        let l = lasting.to_str().unwrap();
        let checked = common::peakforge_json(&["check-proof", "--json", l], 0);
        assert_eq!(checked["verdict"], "holds", "{s} at {depth}: {checked}");
        assert_eq!(checked["kind"], "length");
        assert_eq!(
            checked["plies"], direct["plies"],
            "{s} at {depth}: {checked}"
        );
        assert_eq!(merged["length_certificate"]["records"], checked["records"]);
        let _ = std::fs::remove_dir_all(&dir);
    }
    // A plan split without the length answers the winner only; asking for the plies says so.
    let s = Position::start(4, 5).unwrap().to_string();
    let dir = tmp("split-no-length");
    let _ = std::fs::remove_dir_all(&dir);
    let d = dir.to_str().unwrap();
    common::peakforge_json(&who_wins_args(&s, &["--split", "1", "--out", d]), 0);
    let jobs = run_jobs(&dir);
    let plain = common::peakforge_json(&["solve", "--json", "--merge", d], 0);
    assert!(plain["plies"].is_null(), "{plain}");
    let out = peakforge(&["solve", "--merge", d, "--length"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("split without --length"), "{err}");
    // A job whose length a limit stopped: the merge names it and the limit.
    let _ = std::fs::remove_dir_all(&dir);
    common::peakforge_json(
        &who_wins_args(&s, &["--split", "1", "--out", d, "--length"]),
        0,
    );
    run_jobs(&dir);
    let job = &jobs[0];
    let id = job["id"].as_str().unwrap();
    let mut args = job_args(job);
    args.push("--length");
    // The fewest nodes that prove the winner but not the length.
    let stopped = std::iter::successors(Some(1_000u64), |n| Some(n + n / 8))
        .take_while(|&n| n < 10_000_000)
        .find_map(|n| {
            let n = n.to_string();
            let mut args = args.clone();
            args.extend(["--max-nodes", &n]);
            let out = common::peakforge_in(&dir, &args);
            let v: Value = serde_json::from_slice(&out.stdout).ok()?;
            (!v["winner"].is_null() && v["plies"].is_null()).then_some(out.stdout)
        })
        .expect("a limit that stops the length after the proof");
    std::fs::write(dir.join(format!("{id}.json")), stopped).unwrap();
    // The winner alone is still answered.
    let plain = common::peakforge_json(&["solve", "--json", "--merge", d], 0);
    assert!(
        plain["plies"].is_null() && !plain["winner"].is_null(),
        "{plain}"
    );
    let out = peakforge(&["solve", "--json", "--merge", d, "--length"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(3), "{err}");
    assert!(
        err.contains(&format!("{id} (no length: node_limit)")),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// The first node of `v` (a bounded proof's tree) that has `key`, along `then` links.
fn first_with<'a>(v: &'a mut Value, key: &str) -> Option<&'a mut Value> {
    if v.get(key).is_some() {
        return Some(v);
    }
    if let Some(d) = v.get("defences") {
        let i = (0..d.as_array()?.len()).find(|&i| {
            let mut probe = v["defences"][i]["then"].clone();
            first_with(&mut probe, key).is_some()
        })?;
        return first_with(&mut v["defences"][i]["then"], key);
    }
    first_with(v.get_mut("then")?, key)
}

/// `solve --proof` on a shipped challenge, the proof checked, then tampered copies refused.
fn bounded_proof_of(challenge: &str, name: &str) {
    let file = tmp(name);
    let f = file.to_str().unwrap();
    common::peakforge_json(&["solve", "--json", challenge, "--proof", f], 0);
    let v = common::peakforge_json(&["check-proof", "--json", f], 0);
    assert_eq!(v["verdict"], "holds", "{challenge}: {v}");
    assert_eq!(v["kind"], "bounded");
    let doc: Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    let refused = |mut d: Value, edit: &dyn Fn(&mut Value), says: &str| {
        edit(&mut d["tree"]);
        let bad = tmp(&format!("bad-{name}"));
        std::fs::write(&bad, d.to_string()).unwrap();
        let v = common::peakforge_json(&["check-proof", "--json", bad.to_str().unwrap()], 1);
        assert_eq!(v["verdict"], "refuted", "{challenge}");
        assert!(
            v["reason"].as_str().unwrap().contains(says),
            "{challenge}: {v}"
        );
    };
    refused(
        doc.clone(),
        &|t| {
            first_with(t, "play").unwrap()["play"] = "z9-z10".into();
        },
        "an illegal move 'z9-z10'",
    );
    refused(
        doc.clone(),
        &|t| {
            first_with(t, "end").unwrap()["end"] = "nothing_of_the_kind".into();
        },
        "a wrong end",
    );
    refused(
        doc.clone(),
        &|t| {
            first_with(t, "defences").unwrap()["defences"]
                .as_array_mut()
                .unwrap()
                .remove(0);
        },
        "missing",
    );
    let mut short = doc.clone();
    short["max_moves"] = 0.into();
    refused(short, &|_| {}, "a path too long");
}

#[test]
fn bounded_proofs_of_pawn_peak_and_seega_are_checked_with_their_plain_rules() {
    bounded_proof_of("challenges/05-support.ron", "pp-05.json");
    bounded_proof_of("challenges/22-sg-chain.ron", "sg-22.json");
    // A position that does not read is refused with the field's reason (exit 1).
    let file = tmp("sg-bad-position.json");
    let doc = serde_json::json!({
        "game": "seega", "position": "WWW/B w 0:0 - 0/200", "max_moves": 1,
        "tree": {"end": "elimination"}
    });
    std::fs::write(&file, doc.to_string()).unwrap();
    let v = common::peakforge_json(&["check-proof", "--json", file.to_str().unwrap()], 1);
    assert!(
        v["reason"]
            .as_str()
            .unwrap()
            .contains("position: placement"),
        "{v}"
    );
}

#[test]
fn the_length_certificate_holds_and_a_false_length_is_refused() {
    // `solve --length --proof` writes the loser's strategy beside the winner's; check-proof
    // accepts both, the length one for the plies solve answers (the plain alpha-beta's).
    let p = Position::start(4, 4).unwrap();
    let plain = decide(&p, 30, &mut PlainWins::new(Control::default()))
        .unwrap()
        .unwrap();
    let file = tmp("4x4.cert");
    let f = file.to_str().unwrap();
    let s = p.to_string();
    let v = common::peakforge_json(&who_wins_args(&s, &["--length", "--proof", f]), 0);
    assert_eq!(v["plies"], plain.plies);
    let length = format!("{f}.length");
    assert_eq!(v["length_certificate"]["path"], length.as_str());
    let c = common::peakforge_json(&["check-proof", "--json", &length], 0);
    assert_eq!(c["verdict"], "holds", "{c}");
    assert_eq!(c["kind"], "length");
    assert_eq!(c["plies"], plain.plies);
    // The winner's strategy, written with the length, wins within it: its header claims the
    // plies and its longest line is that long, no longer.
    let w = common::peakforge_json(&["check-proof", "--json", f], 0);
    assert_eq!(w["kind"], "strategy");
    assert_eq!(w["plies"], plain.plies, "{w}");
    let (h, body) = read_certificate(&file);
    assert_eq!(h.plies, Some(plain.plies));
    let mut shorter = h.clone();
    shorter.plies = Some(plain.plies - 1);
    let why = refusal("4x4-faster.cert", &shorter, &body);
    assert!(why.contains("path too long"), "{why}");
    // The same records claiming one ply more, or without a record, are refused.
    let (proof, st) = survival(&p, usize::MAX, Control::default()).unwrap();
    assert_eq!(proof.plies, Some(plain.plies));
    let mut h = header(&p, st.winner.into());
    h.survives = Some(plain.plies + 1);
    let records = st.records.to_vec();
    let why = refusal("4x4-longer.length", &h, &records);
    // A line ends too soon, or reaches a position the strategy left to the winner's distance.
    assert!(
        why.contains("a path too short") || why.contains("missing defence"),
        "{why}"
    );
    h.survives = Some(plain.plies);
    let why = refusal(
        "4x4-short.length",
        &h,
        &lets_the_other_in(&records, 4, 4, true),
    );
    assert!(why.contains("a path too short"), "{why}");
    for i in [0, records.len() - 1] {
        let mut r = records.clone();
        r.remove(i);
        let why = refusal(&format!("4x4-missing-{i}.length"), &h, &r);
        assert!(why.contains("missing defence"), "{why}");
    }
    // The loser's walk is the same on one thread and on three, holding or refused.
    let missing = tmp(&format!("4x4-missing-{}.length", records.len() - 1));
    let verdicts = ["holds", "refuted", "refuted"];
    for (file, verdict) in [PathBuf::from(&length), tmp("4x4-longer.length"), missing]
        .into_iter()
        .zip(verdicts)
    {
        let one = check_with_threads(&file, "1");
        assert_eq!(one["verdict"], verdict, "{one}");
        assert_eq!(one, check_with_threads(&file, "3"), "{}", file.display());
    }
}

#[test]
fn length_certificates_of_random_small_positions_hold_and_use_their_records() {
    let (mut checked, mut reached, mut records) = (0, 0, 0);
    for (i, p) in random_small_positions(27) {
        let (proof, s) = survival(&p, usize::MAX, Control::default()).unwrap();
        let mut h = header(&p, s.winner.into());
        h.survives = proof.plies;
        let file = tmp(&format!("random-{i}.length"));
        write(&file, &h, &s.records.to_vec());
        let (_, c) = check_file(&file).unwrap_or_else(|e| panic!("{p}: {e}"));
        (reached, records) = (reached + c.reached, records + c.records);
        checked += 1;
    }
    assert!(checked >= 20 && records > 0, "{checked} random positions");
    // The writer closes lines as the checker does: its records are used, all but those of a
    // position met again with more plies to last, whose new move can leave the old one's.
    assert!(reached * 100 >= records * 99, "{reached} of {records} used");
}

/// Whether some line of at most `plies` plies from `b` ends in a win of `white` (or Black).
fn some_line_wins(b: &Board, white: bool, plies: u32) -> bool {
    if plies == 0 {
        return false;
    }
    let mut steps = Vec::new();
    b.moves(&mut steps);
    steps.iter().any(|&m| match b.play(m) {
        (_, Some(End::Win(w, _))) => w == white,
        (_, Some(End::Draw)) => false,
        (next, None) => some_line_wins(&next, white, plies - 1),
    })
}

#[test]
fn no_line_wins_before_the_checkers_distance_bound() {
    // The length check closes a line when the winner cannot win in the plies still to last
    // by its distance alone: no line, whatever both sides play, may win sooner; some do win
    // at the bound, so it is not loose everywhere.
    let mut rng = Rng(33);
    let (mut tested, mut tight) = (0, 0);
    for i in 0..400 {
        let (w, h) = [(4, 4), (3, 5), (4, 5), (5, 4)][i % 4];
        let plies = rng.below(14);
        let Some(p) = random_position(&mut rng, w, h, plies) else {
            continue;
        };
        let b = Board::parse(&p.to_string()).unwrap();
        for white in [true, false] {
            let m = b.fewest_moves_to_win(white);
            let earliest = if b.white_to_move == white {
                2 * m - 1
            } else {
                2 * m
            };
            if earliest > 4 {
                continue;
            }
            assert!(
                !some_line_wins(&b, white, earliest - 1),
                "{p}: a win of white={white} before ply {earliest}"
            );
            tight += u32::from(some_line_wins(&b, white, earliest));
            tested += 1;
        }
    }
    assert!(
        tested >= 100 && tight >= 20,
        "{tested} tested, {tight} tight"
    );
}

/// `records` of a `width` × `height` board (White's moves when `white`) with the move of the
/// first record that has another legal move after which the other side can win at once
/// replaced by that move.
fn lets_the_other_in(records: &[Record], width: usize, height: usize, white: bool) -> Vec<Record> {
    let tiles = width * height;
    for (i, &(key, mv)) in records.iter().enumerate() {
        let mask = (1u128 << tiles) - 1;
        let (w, b) = ((key & mask) as u64, ((key >> tiles) & mask) as u64);
        let mut board = Board::from_sets(width, height, w, b, white).unwrap();
        board.limit = 1000;
        // The move's code as the writer gives it (the key is already the smaller of the two).
        let pos: Position = board.to_text().parse().unwrap();
        let moves = pos.legal_moves();
        let code = |m: &Step| {
            let mv = moves[engine_index(&pos, &moves, &board.text(*m))];
            record(&pos, mv).unwrap().1
        };
        let mut steps = Vec::new();
        board.moves(&mut steps);
        let bad = steps.iter().find(|m| {
            let (next, end) = board.play(**m);
            code(m) != mv && end.is_none() && next.wins_at_once()
        });
        if let Some(m) = bad {
            let mut r = records.to_vec();
            r[i].1 = code(m);
            return r;
        }
    }
    panic!("no record has a move that lets the other side win at once");
}

/// The header and the records of the certificate `file`.
fn read_certificate(file: &Path) -> (Header, Vec<Record>) {
    let f = std::io::BufReader::new(std::fs::File::open(file).unwrap());
    let (h, body) = format::read_header(f).unwrap();
    let mut records = Vec::new();
    format::read_all(&h, body, |r| records.push(r)).unwrap();
    (h, records)
}

#[test]
fn winners_strategies_within_the_length_of_random_small_positions_hold_and_claim_it() {
    // Winner to move at the start and loser to move alike; the longest line is the length:
    // no longer (the claim holds), no shorter (the loser's best defence is one of the lines).
    let (mut checked, mut reached, mut records) = (0, 0, 0);
    let mut movers = [0; 2];
    for (i, p) in random_small_positions(28) {
        let (proof, s, _) = certificates(&p, true, usize::MAX, Control::default(), |_, s| {
            Ok::<_, solver::breakthrough_proof::ProveError>(s)
        })
        .unwrap();
        let length = proof.plies.unwrap();
        let mut h = header(&p, s.winner.into());
        h.plies = Some(length);
        let file = tmp(&format!("random-{i}-within.cert"));
        write(&file, &h, &s.records.to_vec());
        let (_, c) = check_file(&file).unwrap_or_else(|e| panic!("{p}: {e}"));
        assert_eq!(c.plies, length, "{p}");
        (reached, records) = (reached + c.reached, records + c.records);
        movers[usize::from(s.winner == p.to_move())] += 1;
        checked += 1;
    }
    assert!(checked >= 20 && movers.iter().all(|&n| n > 0), "{movers:?}");
    assert!(reached * 100 >= records * 99, "{reached} of {records} used");
}

/// `--proof FILE` owns `FILE.length` too: written without `--length`, an earlier length
/// certificate there (of another position) is refused without `--force` and removed with
/// it, by `solve` and by `solve --merge` (before: left beside the new certificate, both
/// passing `check-proof`, about different positions).
#[test]
fn a_certificate_without_the_length_leaves_no_earlier_length_certificate() {
    let dir = tmp("owned-length");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let small = Position::start(3, 4).unwrap().to_string();
    let other = Position::start(4, 4).unwrap().to_string();
    let old = dir.join("old.cert");
    common::peakforge_json(
        &who_wins_args(&other, &["--length", "--proof", old.to_str().unwrap()]),
        0,
    );
    let earlier = std::fs::read(dir.join("old.cert.length")).unwrap();
    // A split of the small start, merged into FILE without --length.
    let jobs = dir.join("jobs");
    let j = jobs.to_str().unwrap();
    common::peakforge_json(&who_wins_args(&small, &["--split", "1", "--out", j]), 0);
    run_jobs(&jobs);
    let merge = ["solve", "--json", "--merge", j];
    let direct = who_wins_args(&small, &[]);
    for (i, command) in [&merge[..], &direct[..]].into_iter().enumerate() {
        let cert = dir.join(format!("{i}.cert"));
        let length = dir.join(format!("{i}.cert.length"));
        std::fs::write(&length, &earlier).unwrap();
        let c = cert.to_str().unwrap();
        let out = peakforge(&[command, &["--proof", c]].concat());
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{command:?}: {err}");
        assert!(err.contains("cert.length: exists"), "{err}");
        assert!(!cert.exists());
        let out = peakforge(&[command, &["--proof", c, "--force"]].concat());
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{command:?}: {err}");
        assert!(err.contains("removed"), "{err}");
        assert!(!length.exists(), "{command:?}");
        let checked = common::peakforge_json(&["check-proof", "--json", c], 0);
        assert_eq!(checked["position"], small.as_str());
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A win at once is "1 ply", in `solve` and in `check-proof` (before: "1 plies").
#[test]
fn one_ply_is_said_in_the_singular() {
    let pos = "4/W3/1B2/4 w 0/1000";
    let cert = tmp("one-ply.cert");
    let c = cert.to_str().unwrap();
    let out = peakforge(&common::solve_breakthrough(
        pos,
        &["--length", "--proof", c, "--force"],
    ));
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(said.contains("wins with perfect play in 1 ply;"), "{said}");
    let out = peakforge(&["check-proof", c]);
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(said.contains("longest line 1 ply;"), "{said}");
}
