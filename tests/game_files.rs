//! Breakthrough and Seega challenge files: the one file model round-trips per game (RON and
//! JSON), validation names the field at fault per game, and the CLI verifies, solves and draws
//! them by their `game` field.

mod common;

/// The binary, run in the project root.
fn peakforge(args: &[&str]) -> std::process::Output {
    common::peakforge_in(&root(), args)
}

use std::path::{Path, PathBuf};

use peakforge::challenge::{self, Format, GameName, validate_as};
use peakforge::games::{breakthrough, seega};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn load(name: &str) -> challenge::Challenge {
    challenge::load(&root().join("challenges").join(name)).unwrap()
}

fn fields<G: challenge::ChallengeGame>(ch: &challenge::Challenge) -> Vec<String> {
    validate_as::<G>(ch)
        .err()
        .unwrap_or_default()
        .into_iter()
        .map(|p| p.to_string())
        .collect()
}

#[test]
fn each_game_round_trips_through_ron_and_json() {
    for (name, game) in [
        ("17-bt-race.ron", GameName::Breakthrough),
        ("22-sg-chain.ron", GameName::Seega),
        ("05-support.ron", GameName::PawnPeak),
    ] {
        let ch = load(name);
        assert_eq!(ch.game, game, "{name}");
        for format in [Format::Ron, Format::Json] {
            let text = challenge::to_text(&ch, format).unwrap();
            assert_eq!(
                challenge::parse(&text, format, Path::new(name)).unwrap(),
                ch,
                "{name} {format:?}"
            );
            // Fields a game has no use for are left out of its files.
            let pp_only = ["terrain", "scores", "exited"];
            for f in pp_only {
                assert_eq!(
                    text.contains(f),
                    game == GameName::PawnPeak,
                    "{name} {format:?}: {f}"
                );
            }
        }
    }
}

#[test]
fn breakthrough_validation_names_the_field() {
    let mut ch = load("17-bt-race.ron");
    assert!(validate_as::<breakthrough::Position>(&ch).is_ok());
    ch.position.pieces[0].2 = challenge::KindName::Stone;
    ch.position.pieces[1].0 = "g3".into();
    ch.position.side_to_move = challenge::SideName::Red;
    ch.position.scores = Some(challenge::Scores::default());
    let p = fields::<breakthrough::Position>(&ch).join("\n");
    assert!(p.contains("position.pieces[0]: Stone"), "{p}");
    assert!(
        p.contains("position.pieces[1]: g3 is off the 6×6 board"),
        "{p}"
    );
    assert!(p.contains("position.side_to_move: Red"), "{p}");
    assert!(
        p.contains("position.scores: a breakthrough challenge has no scores"),
        "{p}"
    );
    let mut ch = load("17-bt-race.ron");
    ch.position.height = 3;
    let p = fields::<breakthrough::Position>(&ch).join("\n");
    assert!(
        p.contains("position.width/height") && p.contains("D-12"),
        "{p}"
    );
    // A Breakthrough file is not a Pawn&Peak challenge.
    let p = fields::<peakforge::games::pawn_peak::Position>(&load("17-bt-race.ron")).join("\n");
    assert!(p.starts_with("game:"), "{p}");
}

#[test]
fn seega_validation_names_the_field() {
    let mut ch = load("21-sg-refuge.ron");
    assert!(validate_as::<seega::Position>(&ch).is_ok());
    ch.position.width = 6;
    ch.position.height = 6;
    let p = fields::<seega::Position>(&ch).join("\n");
    assert!(
        p.contains("position.width/height") && p.contains("D-16"),
        "{p}"
    );
    let mut ch = load("21-sg-refuge.ron");
    ch.position.chain = Some("b5".into()); // b5 holds White's piece, but it cannot capture
    let p = fields::<seega::Position>(&ch).join("\n");
    assert!(p.contains("position.chain"), "{p}");
    // 5 White pieces on the board and 12 in hand: more than a side has (SG-1).
    let mut ch = load("22-sg-chain.ron");
    ch.position.in_hand = Some(challenge::InHand {
        white: 12,
        black: 0,
    });
    let p = fields::<seega::Position>(&ch).join("\n");
    assert!(p.contains("position.in_hand: white has 17 pieces"), "{p}");
    // A piece on the refuge while placing (SG-2) is refused by the game's own parser.
    let mut ch = load("21-sg-refuge.ron");
    ch.position.in_hand = Some(challenge::InHand { white: 1, black: 0 });
    let p = fields::<seega::Position>(&ch).join("\n");
    assert!(
        p.contains("position.pieces: a piece on the refuge c3"),
        "{p}"
    );
    let mut ch = load("21-sg-refuge.ron");
    ch.position.terrain = Some(vec!["00000".into(); 5]);
    ch.position.pieces[0].2 = challenge::KindName::Pawn;
    let p = fields::<seega::Position>(&ch).join("\n");
    assert!(
        p.contains("position.terrain: a seega challenge has no terrain"),
        "{p}"
    );
    assert!(p.contains("position.pieces[0]: Pawn"), "{p}");
}

#[test]
fn a_pawn_peak_file_needs_its_terrain_and_no_seega_fields() {
    let mut ch = load("05-support.ron");
    ch.position.terrain = None;
    ch.position.chain = Some("c3".into());
    let p = fields::<peakforge::games::pawn_peak::Position>(&ch).join("\n");
    assert!(
        p.contains("position.terrain: a pawn-peak challenge needs its terrain"),
        "{p}"
    );
    assert!(p.contains("position.chain"), "{p}");
}

#[test]
fn the_cli_verifies_solves_and_draws_the_new_games_by_their_game_field() {
    let o = peakforge(&[
        "verify",
        "--json",
        "challenges/19-bt-safe-path.ron",
        "challenges/22-sg-chain.ron",
    ]);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stdout)
    );
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v[0]["key_moves"][0], "f3-f4");
    assert_eq!(v[1]["key_moves"][0], "d1-d2");
    let o = peakforge(&["solve", "--json", "challenges/18-bt-capture.ron"]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["key_moves"][0], "a4xb5", "{v}");
    // --game that contradicts the file is bad input.
    let o = peakforge(&["solve", "--game", "seega", "challenges/18-bt-capture.ron"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("breakthrough"));
    let out = std::env::temp_dir().join(format!("peakforge-sg-{}.svg", std::process::id()));
    let o = peakforge(&[
        "render",
        "challenges/21-sg-refuge.ron",
        "--solution",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let svg = std::fs::read_to_string(&out).unwrap();
    assert_eq!(
        svg.matches("<circle").count(),
        7 + 2,
        "7 pieces, 2 move markers"
    );
    assert!(svg.contains("#e8d9a8"), "the refuge is marked");
    let _ = std::fs::remove_file(&out);
}

/// Each game's New starts (the editor's New buttons, declared once in its `Authoring`) make a
/// challenge of that game that is valid (a blank board short only of its pieces) with a
/// placeholder id and title the library check flags.
#[test]
fn every_game_declares_new_starts_that_validate() {
    for game in peakforge::games::GAMES {
        let starts = game.authoring().new_starts;
        assert!(!starts.is_empty(), "{game:?} has no New start");
        for start in starts {
            let ch =
                peakforge::document::doc::template_for(game, (start.spec)(), start.id, start.title);
            let problems = challenge::validate(&ch).err().unwrap_or_default();
            assert!(
                problems.iter().all(|p| p.field == "position.pieces"),
                "{}: {problems:?}",
                start.label
            );
            assert!(challenge::is_placeholder_id(start.id), "{}", start.label);
            assert!(
                challenge::is_placeholder_text(start.title),
                "{}",
                start.label
            );
        }
    }
}
