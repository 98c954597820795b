//! Fuzz targets driven by proptest (cargo fuzz needs a nightly toolchain, which this machine
//! does not have): challenge loading (RON and JSON), position strings, move text. Each target
//! mutates valid inputs and tries arbitrary ones; none may panic, and what parses must round-trip.
//!
//! CI runs a few hundred cases per target; `scripts/fuzz.sh SECONDS` runs each much longer
//! (`PEAKFORGE_FUZZ_CASES`), and crashes found become regression cases in `tests/data/bad/`.

use std::path::{Path, PathBuf};

use peakforge::challenge::{self, Format};
use peakforge::game::GameState;
use peakforge::games::pawn_peak::Position;
use proptest::prelude::*;

fn cases() -> u32 {
    std::env::var("PEAKFORGE_FUZZ_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(300)
}

/// Valid seeds to mutate: the shared rule cases' positions.
const POSITIONS: &[&str] = &[
    "2s/3/G2 000/010/000 r 0:0 - 0/200",
    "5/5/1P1p1/PSP2/1P3 09990/09990/09090/00000/00000 r 0:0 - 0/200",
    "S3/4/4/3p - r 0:2 p 10/200",
    "2spggps2/10/10/10/10/10/10/10/10/2SPGGPS2 - r 0:0 - 0/200",
    "g4/5/5/5/P4 - b 3:1 P 7/9",
];

/// A mutation: replace, insert or delete characters at positions given as fractions.
fn mutate(seed: &str, edits: &[(u8, f64, char)]) -> String {
    let mut chars: Vec<char> = seed.chars().collect();
    for &(op, at, c) in edits {
        let i = ((chars.len() as f64) * at) as usize;
        match op % 3 {
            0 if i < chars.len() => chars[i] = c,
            1 => chars.insert(i.min(chars.len()), c),
            _ if i < chars.len() => {
                chars.remove(i);
            }
            _ => {}
        }
    }
    chars.into_iter().collect()
}

fn edit() -> impl Strategy<Value = (u8, f64, char)> {
    (
        any::<u8>(),
        0.0..1.0f64,
        prop_oneof![
            Just(' '),
            Just('/'),
            Just(':'),
            Just('-'),
            Just('9'),
            Just('0'),
            Just('S'),
            Just('g'),
            Just('x'),
            any::<char>()
        ],
    )
}

fn check_position_text(text: &str) {
    if let Ok(p) = text.parse::<Position>() {
        let again: Position = p.to_string().parse().expect("a printed position parses");
        assert_eq!(again, p, "{text}");
        let _ = p.legal_moves();
    }
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn tutorial_texts() -> Vec<(String, String)> {
    let mut v = Vec::new();
    for e in std::fs::read_dir(root().join("challenges")).unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_some_and(|x| x == "ron") {
            let ron = std::fs::read_to_string(&p).unwrap();
            let ch = challenge::load(&p).unwrap();
            v.push((ron, challenge::to_text(&ch, Format::Json).unwrap()));
        }
    }
    v.sort();
    v
}

fn check_challenge_text(text: &str, format: Format) {
    match challenge::parse(text, format, Path::new("fuzz")) {
        Ok(ch) => {
            if let Ok(checked) = challenge::validate(&ch) {
                let _ = peakforge::report::play_line(checked.start(), &ch.solution);
            }
        }
        Err(e) => {
            let msg = e.to_string();
            assert!(msg.starts_with("fuzz"), "errors name the file: {msg}");
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases()))]

    #[test]
    fn fuzz_position_strings_mutated(seed in 0..POSITIONS.len(), edits in prop::collection::vec(edit(), 1..6)) {
        check_position_text(&mutate(POSITIONS[seed], &edits));
    }

    #[test]
    fn fuzz_position_strings_arbitrary(text in "[0-9a-zA-Z/:\\- ]{0,60}") {
        check_position_text(&text);
    }

    #[test]
    fn fuzz_move_text(seed in 0..POSITIONS.len(), text in "[a-q0-9x\\-+ ]{0,12}|.{0,8}") {
        let p: Position = POSITIONS[seed].parse().unwrap();
        // The texts of the legal moves, spelled as parse_move accepts them (either separator).
        let norm = |s: &str| s.trim().to_ascii_lowercase().replace('x', "-");
        let legal: Vec<String> = p.legal_moves().into_iter().map(|m| p.move_text(m)).collect();
        let names_a_legal_move = legal.iter().any(|t| norm(t) == norm(&text));
        match p.parse_move(&text) {
            Ok(m) => {
                // Accepted exactly when the text names a legal move, and it is that move.
                prop_assert!(names_a_legal_move, "{text:?} accepted but no legal move has that text");
                prop_assert_eq!(norm(&p.move_text(m)), norm(&text));
                prop_assert_eq!(p.parse_move(&p.move_text(m)), Ok(m));
            }
            Err(e) => {
                prop_assert!(!names_a_legal_move, "{text:?} names a legal move but was refused: {e}");
                // Named as a terminal may show it: control characters escaped (`\u{b}`).
                let shown = peakforge::excerpt::printable(&text);
                prop_assert!(e.to_string().contains(shown.as_str()), "the error names the text: {e}");
            }
        }
    }

    #[test]
    fn fuzz_challenge_ron_and_json(pick in 0usize..64, json in any::<bool>(), edits in prop::collection::vec(edit(), 1..8)) {
        let texts = tutorial_texts();
        let (ron, js) = &texts[pick % texts.len()];
        let (seed, format) = if json { (js, Format::Json) } else { (ron, Format::Ron) };
        check_challenge_text(&mutate(seed, &edits), format);
    }
}
