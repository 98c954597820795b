//! `render`: an SVG with every tile, coordinate and piece, and a PNG of the expected size.

mod common;

use peakforge::games::pawn_peak::Position;
use peakforge::render::{CAPTION, MARGIN, TILE, png, svg};

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
            // A Pawn&Peak picture has its caption row (scores, exits, counter) below.
            (2.0 * MARGIN + 4.0 * TILE + CAPTION) as u32
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
        common::peakforge(&args)
    };
    let o = again(false);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("--force"));
    assert_eq!(std::fs::read_to_string(&out).unwrap(), s, "kept as it was");
    assert_eq!(again(true).status.code(), Some(0));
    assert_ne!(std::fs::read_to_string(&out).unwrap(), s, "overwritten");
    let _ = std::fs::remove_file(&out);
    let o = common::peakforge(&[
        "render",
        "--position",
        "3/3/G1s - r 0:0 - 0/200",
        "-o",
        "/tmp/x.gif",
    ]);
    assert_eq!(o.status.code(), Some(2));
    // The editor's wording, and before any search (`--solution` would search).
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("a picture's path ends in .svg or .png"),
        "{err}"
    );
    // The ending in any case, as in the editor.
    let upper = std::env::temp_dir().join(format!("peakforge-render-{}.PNG", std::process::id()));
    let o = common::peakforge(&[
        "render",
        "--position",
        "3/3/G1s - r 0:0 - 0/200",
        "-o",
        upper.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0));
    assert!(std::fs::read(&upper).unwrap().starts_with(b"\x89PNG"));
    let _ = std::fs::remove_file(&upper);
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
    let o = common::peakforge(args);
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

/// The number after `name="` in an SVG element.
fn attr(line: &str, name: &str) -> f32 {
    let key = format!(" {name}=\"");
    let start = line
        .find(&key)
        .unwrap_or_else(|| panic!("{name} in {line}"))
        + key.len();
    line[start..].split('"').next().unwrap().parse().unwrap()
}

#[test]
fn render_size_option_sets_the_picture_width() {
    let out = std::env::temp_dir().join(format!("peakforge-size-{}.png", std::process::id()));
    let _ = std::fs::remove_file(&out);
    let root = env!("CARGO_MANIFEST_DIR");
    let file = format!("{root}/challenges/11-second-exit.ron");
    render_ok(&[
        "render",
        &file,
        "--size",
        "800",
        "-o",
        out.to_str().unwrap(),
    ]);
    let bytes = std::fs::read(&out).unwrap();
    let w = u32::from_be_bytes(bytes[16..20].try_into().unwrap());
    let h = u32::from_be_bytes(bytes[20..24].try_into().unwrap());
    // 5 × 4 tiles and the caption's two lines (its score, exit and counter do not fit one
    // line 336 wide): 336 × (280 + 28 + 18) units at the default size, scaled to 800 wide.
    assert_eq!(
        (w, h),
        (
            800,
            (800.0_f32 * (280.0 + CAPTION + 18.0) / 336.0).round() as u32
        )
    );
    // Without --size: 56 px a tile, as before.
    let _ = std::fs::remove_file(&out);
    render_ok(&["render", &file, "-o", out.to_str().unwrap()]);
    let bytes = std::fs::read(&out).unwrap();
    assert_eq!(u32::from_be_bytes(bytes[16..20].try_into().unwrap()), 336);
    // A size out of range is bad input (exit 2).
    let o = common::peakforge(&[
        "render",
        &file,
        "--size",
        "3",
        "--force",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2));
    let _ = std::fs::remove_file(&out);
}

#[test]
fn exit_arrowhead_leaves_the_file_label_visible() {
    // Tutorial 11 ends with b2-exit; 01 with c4-exit (Red exits past the top edge).
    for tutorial in ["01-terrain.ron", "11-second-exit.ron"] {
        let out = std::env::temp_dir().join(format!(
            "peakforge-exit-{}-{tutorial}.svg",
            std::process::id()
        ));
        let _ = std::fs::remove_file(&out);
        let svg = render_solution(tutorial, &out);
        let letters: Vec<(f32, f32)> = svg
            .lines()
            .filter(|l| l.starts_with("<text") && l.contains("font-size=\"14\""))
            .map(|l| (attr(l, "x"), attr(l, "y")))
            .collect();
        let exits: Vec<&str> = svg
            .lines()
            .filter(|l| l.starts_with("<line") && attr(l, "x1") == attr(l, "x2"))
            .filter(|l| attr(l, "y2") < MARGIN + 1.0)
            .collect();
        assert!(!exits.is_empty(), "{tutorial}: an exit arrow");
        for l in exits {
            let (x, tip) = (attr(l, "x2"), attr(l, "y2"));
            // The head: 5 stroke widths (3) long from the tip, pointing up.
            let head = (tip, tip + 15.0);
            for &(lx, ly) in &letters {
                // A 14-unit letter: from 11 above its baseline to 3 below.
                let overlaps = (lx - x).abs() < 10.0 && head.0 < ly + 3.0 && ly - 11.0 < head.1;
                assert!(
                    !overlaps,
                    "{tutorial}: the head at {x},{tip} covers the letter at {lx},{ly}"
                );
            }
        }
        let _ = std::fs::remove_file(&out);
    }
}

#[test]
fn move_markers_leave_height_digits_visible() {
    use peakforge::games::board::Square;
    use peakforge::render::{MARKER_RADIUS, digit_box};
    // Diagonal steps and longer moves on a board with a height on every tile: a disc half way
    // along a diagonal step sits on a tile corner, where a height digit is.
    let pos: Position = "5/5/1G1g1/5/5 11111/12221/12321/12221/11111 r 0:0 - 0/200"
        .parse()
        .unwrap();
    let moves: Vec<_> = peakforge::game::GameState::legal_moves(&pos);
    assert!(moves.len() > 4);
    for mv in moves {
        let s = svg(&pos, &[mv]);
        let discs: Vec<(f32, f32)> = s
            .lines()
            .filter(|l| l.starts_with("<line"))
            .map(|l| {
                let c = &l[l.find("<circle").unwrap()..];
                (attr(c, "cx"), attr(c, "cy"))
            })
            .collect();
        assert_eq!(discs.len(), 1);
        let (cx, cy) = discs[0];
        for f in 0..5 {
            for r in 0..5 {
                let b = digit_box(5, Square::new(f, r));
                let dx = cx - cx.clamp(b[0], b[2]);
                let dy = cy - cy.clamp(b[1], b[3]);
                assert!(
                    dx * dx + dy * dy > MARKER_RADIUS * MARKER_RADIUS,
                    "{mv:?}: the disc at {cx},{cy} covers the digit of {}",
                    Square::new(f, r)
                );
            }
        }
    }
}

#[test]
fn move_markers_leave_piece_letters_visible() {
    use peakforge::render::MARKER_RADIUS;
    // Tutorial 15's line passes twice by the Red Guardian on a3: its discs covered the "G".
    let root = env!("CARGO_MANIFEST_DIR");
    for name in ["15-final-exam", "05-support", "22-sg-chain"] {
        let out = std::env::temp_dir().join(format!(
            "peakforge-letters-{name}-{}.svg",
            std::process::id()
        ));
        let file = format!("{root}/challenges/{name}.ron");
        let o = out.to_str().unwrap();
        render_ok(&["render", &file, "--solution", "-o", o, "--force"]);
        let s = std::fs::read_to_string(&out).unwrap();
        // A piece's letter: bold text at its disc's centre (its baseline 7 below).
        let letters: Vec<(f32, f32)> = s
            .split("<text")
            .filter(|t| t.contains(r#"font-weight="bold""#))
            .map(|t| (attr(t, "x"), attr(t, "y") - 7.0))
            .collect();
        let discs: Vec<(f32, f32)> = s
            .split("<circle")
            .filter(|c| c.contains(r#" r="10""#))
            .map(|c| (attr(c, "cx"), attr(c, "cy")))
            .collect();
        assert!(!letters.is_empty() && !discs.is_empty(), "{name}");
        for &(mx, my) in &discs {
            for &(lx, ly) in &letters {
                let dx = mx - mx.clamp(lx - 7.0, lx + 7.0);
                let dy = my - my.clamp(ly - 8.0, ly + 7.0);
                assert!(
                    dx * dx + dy * dy > MARKER_RADIUS * MARKER_RADIUS,
                    "{name}: the disc at {mx},{my} covers the letter at {lx},{ly}"
                );
            }
        }
        let _ = std::fs::remove_file(&out);
    }
}

#[test]
fn a_long_caption_takes_two_lines_within_the_picture() {
    use peakforge::render::CAPTION;
    // The first tutorial's caption (a score, an exited piece, a counter) is wider than its
    // 5-file picture: it was cut at both sides; it now wraps at a " · ".
    let out = std::env::temp_dir().join(format!("peakforge-caption-{}.svg", std::process::id()));
    let root = env!("CARGO_MANIFEST_DIR");
    let file = format!("{root}/tests/data/first-tutorial.ron");
    render_ok(&["render", &file, "-o", out.to_str().unwrap(), "--force"]);
    let s = std::fs::read_to_string(&out).unwrap();
    let caption: Vec<&str> = s
        .lines()
        .filter(|l| l.contains(r##"fill="#222""##))
        .map(|l| l.split('>').nth(1).unwrap().trim_end_matches("</text"))
        .collect();
    assert_eq!(
        caption,
        [
            "Score Red 0 : 2 Blue · exited: Blue Protector",
            "move 30 of 50"
        ]
    );
    let head = s.lines().next().unwrap();
    let board = 2.0 * MARGIN + 5.0 * TILE;
    assert_eq!(attr(head, "height"), board + CAPTION + 18.0, "{head}");
    let _ = std::fs::remove_file(&out);
}
