//! `render`: an SVG with every tile, coordinate and piece, and a PNG of the expected size.

use std::process::Command;

use peakforge::games::pawn_peak::Position;
use peakforge::render::{MARGIN, TILE, png, svg};

#[test]
fn svg_shows_tiles_heights_coordinates_and_pieces() {
    let pos: Position = "2g2/5/1S3/5 00000/00000/01000/00000 r 0:0 - 0/200"
        .parse()
        .unwrap();
    let s = svg(&pos, &[]);
    assert_eq!(s.matches("<rect x=").count(), 20, "one rect per tile");
    assert_eq!(s.matches("<circle").count(), 2, "one disc per piece");
    assert!(
        s.contains(">1/5<") && s.contains(">3/3<"),
        "strength/movement badges"
    );
    assert!(
        s.contains(">e<") && s.contains(">4<"),
        "file letters and rank numbers"
    );
}

#[test]
fn png_has_the_board_size() {
    let pos: Position = "2g2/5/1S3/5 - r 0:0 - 0/200".parse().unwrap();
    let bytes = png(&svg(&pos, &[])).unwrap();
    assert_eq!(&bytes[1..4], b"PNG");
    let w = u32::from_be_bytes(bytes[16..20].try_into().unwrap());
    let h = u32::from_be_bytes(bytes[20..24].try_into().unwrap());
    assert_eq!(
        (w, h),
        (
            (2.0 * MARGIN + 5.0 * TILE) as u32,
            (2.0 * MARGIN + 4.0 * TILE) as u32
        )
    );
}

#[test]
fn render_cli_draws_the_solution_and_refuses_other_extensions() {
    let out = std::env::temp_dir().join(format!("peakforge-render-{}.svg", std::process::id()));
    let s = render_solution("05-support.ron", &out);
    assert_eq!(
        s.matches("<line").count(),
        3,
        "three numbered arrows for a three-move line"
    );
    // The picture is there now: writing it again needs --force, and nothing is lost without.
    let again = |force: bool| {
        let mut args = vec![
            "render",
            "--position",
            "3/3/G1s - r 0:0 - 0/200",
            "-o",
            out.to_str().unwrap(),
        ];
        if force {
            args.push("--force");
        }
        Command::new(env!("CARGO_BIN_EXE_peakforge"))
            .args(&args)
            .output()
            .unwrap()
    };
    let o = again(false);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("--force"));
    assert_eq!(std::fs::read_to_string(&out).unwrap(), s, "kept as it was");
    assert_eq!(again(true).status.code(), Some(0));
    assert_ne!(std::fs::read_to_string(&out).unwrap(), s, "overwritten");
    let _ = std::fs::remove_file(&out);
    let o = Command::new(env!("CARGO_BIN_EXE_peakforge"))
        .args([
            "render",
            "--position",
            "3/3/G1s - r 0:0 - 0/200",
            "-o",
            "/tmp/x.gif",
        ])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn render_json_reports_the_picture_written() {
    let out =
        std::env::temp_dir().join(format!("peakforge-render-json-{}.svg", std::process::id()));
    let o = render_ok(&[
        "render",
        "--position",
        "3/3/G1s - r 0:0 - 0/200",
        "--json",
        "-o",
        out.to_str().unwrap(),
    ]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("one JSON document");
    assert_eq!(v["output"], out.display().to_string());
    let written = std::fs::metadata(&out).unwrap().len();
    assert_eq!(v["bytes"].as_u64(), Some(written));
    assert_eq!(v["arrows"].as_u64(), Some(0), "no --solution, no arrows");
    let _ = std::fs::remove_file(out);
}

/// Runs `peakforge ARGS` and asserts exit code 0, showing stderr otherwise.
fn render_ok(args: &[&str]) -> std::process::Output {
    let o = Command::new(env!("CARGO_BIN_EXE_peakforge"))
        .args(args)
        .output()
        .unwrap();
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    o
}

#[test]
fn arrows_are_styled_by_the_side_that_moves_not_by_ply_parity() {
    // Tutorial 22: White chains d1-d2 then d2-d3 (two player plies in a row, SG-5), then Black
    // answers: solid, solid, dashed.
    let out = std::env::temp_dir().join(format!("peakforge-chain-{}.svg", std::process::id()));
    let _ = std::fs::remove_file(&out);
    let svg = render_solution("22-sg-chain.ron", &out);
    let dashed: Vec<bool> = svg
        .lines()
        .filter(|l| l.starts_with("<line") && l.contains("marker-end"))
        .map(|l| l.contains("stroke-dasharray"))
        .collect();
    assert_eq!(&dashed[..3], &[false, false, true], "{dashed:?}");
    let _ = std::fs::remove_file(&out);
}

/// Renders a shipped tutorial with its intended line to `out` (an SVG) and returns the picture.
fn render_solution(tutorial: &str, out: &std::path::Path) -> String {
    let root = env!("CARGO_MANIFEST_DIR");
    render_ok(&[
        "render",
        &format!("{root}/challenges/{tutorial}"),
        "--solution",
        "-o",
        out.to_str().unwrap(),
    ]);
    std::fs::read_to_string(out).unwrap()
}
