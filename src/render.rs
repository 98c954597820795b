//! Pictures of a position for reviewers and the README: an SVG (terrain shading with height
//! numbers, coordinates, pieces with strength/movement badges, and optionally a line as
//! numbered arrows), rasterised to PNG by resvg with an embedded font (so the picture is the
//! same on every machine).

use std::fmt::Write as _;

use crate::games::pawn_peak::{Move, MoveKind, Position, Side, Square};

/// Tile size in SVG units (pixels in the PNG).
pub const TILE: f32 = 56.0;
/// Margin for the file letters and rank numbers.
pub const MARGIN: f32 = 28.0;
const FONT: &str = "Ubuntu";

/// The fill colour of a terrain height 0..=9: a ramp from pale meadow to dark rock, readable
/// with black text on the light end and white on the dark end.
#[must_use]
pub fn height_colour(h: u8) -> (u8, u8, u8) {
    const RAMP: [(u8, u8, u8); 10] = [
        (232, 240, 214),
        (214, 228, 184),
        (196, 214, 160),
        (184, 196, 140),
        (176, 176, 124),
        (166, 150, 110),
        (150, 124, 96),
        (128, 100, 80),
        (104, 80, 66),
        (80, 62, 54),
    ];
    RAMP[usize::from(h.min(9))]
}

fn centre(pos: &Position, sq: Square) -> (f32, f32) {
    let x = MARGIN + (f32::from(sq.file()) + 0.5) * TILE;
    let y = MARGIN + (f32::from(pos.height() - 1 - sq.rank()) + 0.5) * TILE;
    (x, y)
}

/// The SVG picture of `pos`; with `line`, the moves drawn as numbered arrows from `pos` on.
#[must_use]
pub fn svg(pos: &Position, line: &[Move]) -> String {
    let (w, h) = (f32::from(pos.width()), f32::from(pos.height()));
    let (width, height) = (2.0 * MARGIN + w * TILE, 2.0 * MARGIN + h * TILE);
    let mut s = String::new();
    let _ = write!(
        s,
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="{FONT}">
<defs><marker id="head" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="5" markerHeight="5" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#111"/></marker></defs>
<rect width="{width}" height="{height}" fill="#fafafa"/>
"##
    );
    for sq in pos.squares() {
        let (cx, cy) = centre(pos, sq);
        let hgt = pos.height_at(sq);
        let (r, g, b) = height_colour(hgt);
        let text = if hgt >= 6 { "#fff" } else { "#333" };
        let _ = writeln!(
            s,
            r##"<rect x="{}" y="{}" width="{TILE}" height="{TILE}" fill="rgb({r},{g},{b})" stroke="#888" stroke-width="1"/><text x="{}" y="{}" font-size="11" fill="{text}">{hgt}</text>"##,
            cx - TILE / 2.0,
            cy - TILE / 2.0,
            cx - TILE / 2.0 + 4.0,
            cy - TILE / 2.0 + 13.0
        );
    }
    for f in 0..pos.width() {
        let x = MARGIN + (f32::from(f) + 0.5) * TILE;
        let letter = (b'a' + f) as char;
        for y in [MARGIN * 0.7, height - MARGIN * 0.3] {
            let _ = writeln!(
                s,
                r##"<text x="{x}" y="{y}" font-size="14" text-anchor="middle" fill="#444">{letter}</text>"##
            );
        }
    }
    for r in 0..pos.height() {
        let y = MARGIN + (f32::from(pos.height() - 1 - r) + 0.5) * TILE + 5.0;
        for x in [MARGIN * 0.5, width - MARGIN * 0.5] {
            let _ = writeln!(
                s,
                r##"<text x="{x}" y="{y}" font-size="14" text-anchor="middle" fill="#444">{}</text>"##,
                r + 1
            );
        }
    }
    for (sq, p) in pos.pieces() {
        let (cx, cy) = centre(pos, sq);
        let fill = match p.side {
            Side::Red => "#c83232",
            Side::Blue => "#2f5fc4",
        };
        let _ = writeln!(
            s,
            r##"<circle cx="{cx}" cy="{cy}" r="{}" fill="{fill}" stroke="#111" stroke-width="1.5"/><text x="{cx}" y="{}" font-size="20" text-anchor="middle" fill="#fff" font-weight="bold">{}</text><text x="{}" y="{}" font-size="10" text-anchor="end" fill="#111">{}/{}</text>"##,
            TILE * 0.34,
            cy + 7.0,
            p.kind.letter(),
            cx + TILE / 2.0 - 3.0,
            cy + TILE / 2.0 - 4.0,
            p.kind.strength(),
            p.kind.movement()
        );
    }
    let mut cur = *pos;
    for (i, &mv) in line.iter().enumerate() {
        let (x1, y1) = centre(&cur, mv.from);
        let (x2, y2) = if mv.kind == MoveKind::Exit {
            let up = if cur.side_to_move() == Side::Red {
                -1.0
            } else {
                1.0
            };
            let edge = if up < 0.0 {
                MARGIN * 0.35
            } else {
                height - MARGIN * 0.35
            };
            (x1, edge.min(y1 + up * TILE * 10.0).max(edge))
        } else {
            centre(&cur, mv.to)
        };
        let colour = if i % 2 == 0 { "#111" } else { "#555" };
        let dash = if i % 2 == 0 {
            ""
        } else {
            r#" stroke-dasharray="6 4""#
        };
        let _ = writeln!(
            s,
            r##"<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="{colour}" stroke-width="3"{dash} marker-end="url(#head)"/><circle cx="{mx}" cy="{my}" r="10" fill="#ffd84a" stroke="#111"/><text x="{mx}" y="{ty}" font-size="13" text-anchor="middle" fill="#111">{n}</text>"##,
            mx = (x1 + x2) / 2.0,
            my = (y1 + y2) / 2.0,
            ty = (y1 + y2) / 2.0 + 4.5,
            n = i + 1
        );
        cur = cur.after(mv);
    }
    s.push_str("</svg>\n");
    s
}

/// Rasterises an SVG to PNG bytes with the embedded Ubuntu font.
///
/// # Errors
/// A message when the SVG cannot be parsed or the PNG encoded.
pub fn png(svg: &str) -> Result<Vec<u8>, String> {
    use resvg::{tiny_skia, usvg};
    let mut opt = usvg::Options {
        font_family: FONT.to_string(),
        ..usvg::Options::default()
    };
    opt.fontdb_mut()
        .load_font_data(epaint_default_fonts::UBUNTU_LIGHT.to_vec());
    let tree = usvg::Tree::from_str(svg, &opt).map_err(|e| format!("SVG: {e}"))?;
    let size = tree.size().to_int_size();
    let mut pixmap = tiny_skia::Pixmap::new(size.width(), size.height()).ok_or("empty picture")?;
    resvg::render(&tree, tiny_skia::Transform::default(), &mut pixmap.as_mut());
    pixmap.encode_png().map_err(|e| format!("PNG: {e}"))
}
