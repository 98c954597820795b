//! The checks of the fuzz targets (`fuzz_targets/*.rs`, one libFuzzer binary each, which only
//! call into here): what each input must satisfy, and the real challenges and positions the
//! targets start from (compiled in: a target reads no file).

pub mod document;

use std::path::Path;
use std::sync::OnceLock;

use peakforge::challenge::{self, Challenge, Format, GAMES};
use peakforge::document::doc::{self, Document};
use peakforge::game::GameState;
use peakforge::games::{AnyPosition, GameName};

/// The bundled challenges' text (RON), in the order of `challenges/`.
pub const CHALLENGE_TEXTS: [&str; 22] = [
    include_str!("../../challenges/01-terrain.ron"),
    include_str!("../../challenges/02-exit-point.ron"),
    include_str!("../../challenges/03-scout-special.ron"),
    include_str!("../../challenges/04-protector-charge.ron"),
    include_str!("../../challenges/05-support.ron"),
    include_str!("../../challenges/06-guardian-exit.ron"),
    include_str!("../../challenges/07-charge-downhill.ron"),
    include_str!("../../challenges/08-scout-perch.ron"),
    include_str!("../../challenges/09-blue-to-move.ron"),
    include_str!("../../challenges/10-score-race.ron"),
    include_str!("../../challenges/11-second-exit.ron"),
    include_str!("../../challenges/12-move-limit.ron"),
    include_str!("../../challenges/13-no-legal-move.ron"),
    include_str!("../../challenges/14-last-piece.ron"),
    include_str!("../../challenges/15-final-exam.ron"),
    include_str!("../../challenges/16-stand-in-the-way.ron"),
    include_str!("../../challenges/17-bt-race.ron"),
    include_str!("../../challenges/18-bt-capture.ron"),
    include_str!("../../challenges/19-bt-safe-path.ron"),
    include_str!("../../challenges/20-sg-custodian.ron"),
    include_str!("../../challenges/21-sg-refuge.ron"),
    include_str!("../../challenges/22-sg-chain.ron"),
];

/// The bundled challenges, read.
///
/// # Panics
/// When a bundled challenge does not read (the main crate's tests check that they do).
pub fn challenges() -> &'static [Challenge] {
    static CELL: OnceLock<Vec<Challenge>> = OnceLock::new();
    CELL.get_or_init(|| {
        CHALLENGE_TEXTS
            .iter()
            .map(|t| challenge::parse(t, Format::Ron, Path::new("bundled")).expect("bundled"))
            .collect()
    })
}

/// Real positions of every game: each game's standard start, and each bundled challenge's
/// start and every position along its intended line.
pub fn positions() -> &'static [AnyPosition] {
    static CELL: OnceLock<Vec<AnyPosition>> = OnceLock::new();
    CELL.get_or_init(|| {
        let mut out = Vec::new();
        for game in GAMES {
            let d = Document::new(
                doc::template_for(game, game.standard_spec(), "s", "S"),
                None,
            );
            out.extend(d.start().ok());
        }
        for ch in challenges() {
            let Ok(mut pos) = Document::new(ch.clone(), None).start() else {
                continue;
            };
            out.push(pos.clone());
            for text in &ch.solution {
                let Ok(mv) = pos.parse_move(text) else { break };
                pos = pos.play(mv);
                out.push(pos.clone());
            }
        }
        out
    })
}

/// Any bytes as a position string of `game`: reading never panics; what reads prints to a
/// string that reads back to the same position; its legal moves play without a panic and each
/// resulting position prints to a string that reads back.
///
/// # Panics
/// When a property fails (that is the crash the fuzzer reports).
pub fn position_string(game: GameName, data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(pos) = AnyPosition::parse(game, text) else {
        return;
    };
    let printed = pos.to_string();
    let back = AnyPosition::parse(game, &printed).expect("a printed position reads");
    assert_eq!(back, pos, "{printed:?} reads back as another position");
    let _ = pos.outcome();
    for mv in pos.legal_moves() {
        let next = pos.play(mv);
        let after = next.to_string();
        assert!(
            AnyPosition::parse(game, &after).is_ok(),
            "{after:?} after a move does not read"
        );
    }
}

/// Move text as `parse_move` spells it: trimmed, lower case, either separator (`-` or `x`),
/// and the two squares of a Seega placement (`a3+a4`, SG-7) in either order (no other game's
/// move text holds a `+`).
fn spelling(text: &str) -> String {
    let s = text.trim().to_ascii_lowercase().replace('x', "-");
    match s.split('+').collect::<Vec<_>>()[..] {
        [a, b] => format!("{}+{}", a.min(b), a.max(b)),
        _ => s,
    }
}

/// The first byte picks a real position ([`positions`]), the rest is text, one move a line:
/// each line is read as a move of the position the accepted lines before it reached. A line is
/// accepted exactly when it spells the text of a legal move, as that move; the printed move
/// reads back to it; playing it never panics; a refused line's error quotes it (its first 40
/// characters when longer, as `peakforge::excerpt` cuts it).
///
/// # Panics
/// When a property fails.
pub fn move_text(data: &[u8]) {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let table = positions();
    let mut pos = table[usize::from(pick) % table.len()].clone();
    for line in text.split('\n') {
        let wanted = spelling(line);
        let legal = pos.legal_moves();
        let named = legal
            .iter()
            .find(|&&m| spelling(&pos.move_text(m)) == wanted);
        match pos.parse_move(line) {
            Ok(mv) => {
                assert_eq!(
                    named,
                    Some(&mv),
                    "{line:?} accepted as another move than its own"
                );
                let printed = pos.move_text(mv);
                assert_eq!(
                    pos.parse_move(&printed),
                    Ok(mv),
                    "{printed:?} does not read back"
                );
                pos = pos.play(mv);
                let after = pos.to_string();
                assert!(
                    AnyPosition::parse(pos.game(), &after).is_ok(),
                    "{after:?} does not read"
                );
            }
            Err(e) => {
                assert!(
                    named.is_none(),
                    "{line:?} names a legal move but was refused: {e}"
                );
                // Quoted whole, or its first characters when long (`excerpt`).
                let quoted = peakforge::excerpt::Excerpt(line).to_string();
                assert!(
                    e.to_string().contains(&quoted),
                    "the error does not quote {line:?}: {e}"
                );
            }
        }
    }
}

/// Any bytes as a challenge file in `format`: reading never panics (an error's message
/// formats); a read challenge is validated and its problems located in the text (or its
/// intended line replayed); it writes to text in its format that reads back the same
/// challenge (both formats are checked by the document target's saves).
///
/// # Panics
/// When a property fails.
pub fn challenge_text(format: Format, data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let path = Path::new(match format {
        Format::Ron => "fuzz.ron",
        Format::Json => "fuzz.json",
    });
    let ch = match challenge::parse(text, format, path) {
        Ok(ch) => ch,
        Err(e) => {
            let _ = e.to_string();
            return;
        }
    };
    match challenge::validate(&ch) {
        Ok(checked) => {
            // Validation reads the intended line; its problem is worded without a panic.
            let _ = checked.line_problem().map(ToString::to_string);
        }
        Err(problems) => {
            let _ = challenge::invalid_in(path, text, problems).to_string();
        }
    }
    round_trip_in(&ch, format);
}

/// `ch` written in each format reads back equal.
///
/// # Panics
/// When it does not.
pub fn round_trip(ch: &Challenge) {
    round_trip_in(ch, Format::Ron);
    round_trip_in(ch, Format::Json);
}

/// `ch` written in `format` reads back equal.
///
/// # Panics
/// When it does not.
pub fn round_trip_in(ch: &Challenge, format: Format) {
    let written = challenge::to_text(ch, format).expect("a challenge writes");
    match challenge::parse(&written, format, Path::new("saved")) {
        Ok(back) => assert_eq!(
            &back, ch,
            "{format:?} text reads back different:\n{written}"
        ),
        Err(e) => panic!("{format:?} text written does not read back: {e}\n{written}"),
    }
}
