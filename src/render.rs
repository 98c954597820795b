//! Pictures of a position for reviewers and the README: an SVG of the position's
//! [`BoardView`] (terrain shading with height numbers in the one colour ramp, Seega's refuge,
//! coordinates, pieces with Pawn&Peak's strength/movement badges, and optionally a line as
//! numbered arrows), rasterised to PNG by resvg with an embedded font (so the picture is the
//! same on every machine). What each rule set shows comes from [`Drawn`].

use std::fmt::Write as _;

use crate::board_view::{self, BoardView, Drawn, End, MarkKind, Shape, Style};
use crate::games::board::Square;

/// The longest side of a picture in pixels, either way (`render --size` is at most this).
pub const MAX_SIDE: u32 = 4096;

/// Tile size in SVG units (pixels in the PNG).
pub const TILE: f32 = 56.0;
/// Margin for the file letters and rank numbers.
pub const MARGIN: f32 = 28.0;
const FONT: &str = "Ubuntu";
/// How far short of the board's edge an exit arrow's tip stops, outwards (SVG units): its
/// head stays clear of the file letters in the margin.
pub const EXIT_GAP: f32 = 3.0;

fn centre(ranks: u8, sq: Square) -> (f32, f32) {
    let x = MARGIN + (f32::from(sq.file()) + 0.5) * TILE;
    let y = MARGIN + (f32::from(ranks - 1 - sq.rank()) + 0.5) * TILE;
    (x, y)
}

/// The SVG picture of `pos`; with `line`, the moves drawn as numbered arrows from `pos` on.
#[must_use]
pub fn svg<G: Drawn>(pos: &G, line: &[G::Move]) -> String {
    svg_sized(pos, line, None)
}

/// The caption line's height under the board, in pixels (a Pawn&Peak picture's scores,
/// exited pieces and move counter).
pub const CAPTION: f32 = 28.0;

/// An SVG colour: `#rrggbb`.
fn rgb((r, g, b): (u8, u8, u8)) -> String {
    format!("#{r:02x}{g:02x}{b:02x}")
}

/// The SVG picture of `pos` (see [`svg`]) `size` pixels wide (the height in proportion);
/// `None`: [`TILE`] pixels a tile (336 px for a 5 × 5 board).
#[must_use]
pub fn svg_sized<G: Drawn>(pos: &G, line: &[G::Move], size: Option<u32>) -> String {
    let mut view = BoardView::of(pos);
    view.add_line(pos, line);
    picture(&view, size, pos.facts().as_deref())
}

/// The size in pixels a picture's SVG asks for (its root's `width` and `height`, rounded up;
/// 0 when missing): what its PNG will hold.
#[must_use]
pub fn pixel_size(svg: &str) -> (u32, u32) {
    let head = svg.split('>').next().unwrap_or_default();
    let attr = |name: &str| {
        head.split(&format!(" {name}=\""))
            .nth(1)
            .and_then(|r| r.split('"').next())
            .and_then(|v| v.parse::<f32>().ok())
            .map_or(0, |v| v.ceil() as u32)
    };
    (attr("width"), attr("height"))
}

/// The SVG picture of a board view: tiles, coordinates, pieces, then its moves (rings for a
/// placement, arrows otherwise, a numbered disc on each).
#[must_use]
pub fn svg_of(view: &BoardView) -> String {
    svg_of_size(view, None)
}

/// The height digit's box of tile `sq` on a board of `ranks` ranks, in SVG units:
/// `[left, top, right, bottom]` (the digit sits in the tile's top-left corner).
#[must_use]
pub fn digit_box(ranks: u8, sq: Square) -> [f32; 4] {
    let (cx, cy) = centre(ranks, sq);
    let (x, y) = (cx - TILE / 2.0, cy - TILE / 2.0);
    [x + 3.0, y + 3.0, x + 11.0, y + 14.0]
}

/// The radius of a move's numbered disc.
pub const MARKER_RADIUS: f32 = 10.0;

/// The letter's box of a piece on tile `sq` on a board of `ranks` ranks, in SVG units:
/// `[left, top, right, bottom]` (the letter sits at the tile's centre).
#[must_use]
pub fn letter_box(ranks: u8, sq: Square) -> [f32; 4] {
    let (cx, cy) = centre(ranks, sq);
    [cx - 7.0, cy - 8.0, cx + 7.0, cy + 7.0]
}

/// Where the numbered disc of the arrow from `(x1, y1)` to `(x2, y2)` goes: the middle, or
/// the nearest point along the arrow where it covers no height digit and no piece's letter
/// of `view`.
fn marker_at(view: &BoardView, (x1, y1): (f32, f32), (x2, y2): (f32, f32)) -> (f32, f32) {
    let at = |t: f32| (x1 + (x2 - x1) * t, y1 + (y2 - y1) * t);
    let with_digits = if view.terrain.is_some() {
        view.squares()
    } else {
        Vec::new()
    };
    let digits = with_digits.into_iter().map(|sq| digit_box(view.height, sq));
    let letters = view
        .pieces
        .iter()
        .map(|d| letter_box(view.height, d.square));
    let boxes: Vec<[f32; 4]> = digits.chain(letters).collect();
    let clear = |(mx, my): (f32, f32)| {
        boxes.iter().all(|b| {
            let dx = mx - mx.clamp(b[0], b[2]);
            let dy = my - my.clamp(b[1], b[3]);
            dx * dx + dy * dy > MARKER_RADIUS * MARKER_RADIUS
        })
    };
    [0.5, 0.42, 0.58, 0.35, 0.65, 0.3, 0.7, 0.25, 0.75]
        .into_iter()
        .map(at)
        .find(|&p| clear(p))
        .unwrap_or_else(|| at(0.5))
}

/// The SVG picture of a board view (see [`svg_of`]), `size` pixels wide when given (the
/// drawing is scaled through its view box; the height in proportion).
#[must_use]
pub fn svg_of_size(view: &BoardView, size: Option<u32>) -> String {
    picture(view, size, None)
}

/// The height of each caption line after the first.
const CAPTION_LINE: f32 = 18.0;
/// The room kept free at each side of a caption line.
const CAPTION_PAD: f32 = 4.0;

/// The width of `text` at the caption's 14 px, estimated from the sans-serif face pictures
/// are drawn with (about 6 px a character on average; a little more is counted).
#[expect(
    clippy::cast_precision_loss,
    reason = "a caption has a few dozen characters"
)]
fn text_width(text: &str) -> f32 {
    text.chars().count() as f32 * 6.2
}

/// The caption `facts` in lines that fit `width`: its parts (split at " · ") joined while
/// they fit, a part alone on a line otherwise.
fn caption_lines(facts: &str, width: f32) -> Vec<String> {
    let room = width - 2.0 * CAPTION_PAD;
    let mut lines: Vec<String> = Vec::new();
    for part in facts.split(" \u{b7} ") {
        match lines.last_mut() {
            Some(last) if text_width(&format!("{last} \u{b7} {part}")) <= room => {
                last.push_str(" \u{b7} ");
                last.push_str(part);
            }
            _ => lines.push(part.to_string()),
        }
    }
    lines
}

/// The picture of `view` (see [`svg_of_size`]) with `facts` (what the board does not show:
/// [`Drawn::facts`]) in a caption row under it.
fn picture(view: &BoardView, size: Option<u32>, facts: Option<&str>) -> String {
    let (files, ranks) = (view.width, view.height);
    let (w, h) = (f32::from(files), f32::from(ranks));
    let board_height = 2.0 * MARGIN + h * TILE;
    // A caption line under the board for what it does not show (scores, exits, counter).
    let width = 2.0 * MARGIN + w * TILE;
    // As many lines as the caption needs at this width (one on most boards).
    let lines = facts.map(|f| caption_lines(f, width)).unwrap_or_default();
    #[expect(clippy::cast_precision_loss, reason = "a caption has a few lines")]
    let caption = match lines.len() {
        0 => 0.0,
        n => CAPTION + (n - 1) as f32 * CAPTION_LINE,
    };
    let height = board_height + caption;
    #[expect(
        clippy::cast_precision_loss,
        reason = "a picture's size in pixels is small"
    )]
    let (px_w, px_h) = match size {
        // `size` wide, and never more than MAX_SIDE high (a tall board is narrower then).
        Some(px) => {
            let scale = (px as f32 / width).min(MAX_SIDE as f32 / height);
            ((width * scale).round(), (height * scale).round())
        }
        None => (width, height),
    };
    let mut s = String::new();
    let _ = write!(
        s,
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{px_w}" height="{px_h}" viewBox="0 0 {width} {height}" font-family="{FONT}">
<defs><marker id="head" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="5" markerHeight="5" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#111"/></marker></defs>
<rect width="{width}" height="{height}" fill="#fafafa"/>
"##
    );
    tiles(&mut s, view);
    coordinates(&mut s, view, width, board_height);
    discs(&mut s, view);
    moves(&mut s, view, board_height);
    for (i, line) in lines.iter().enumerate() {
        // A line still wider than the picture (one long part) is pressed to fit it.
        let room = width - 2.0 * CAPTION_PAD;
        let fit = if text_width(line) > room {
            format!(r#" textLength="{room}" lengthAdjust="spacingAndGlyphs""#)
        } else {
            String::new()
        };
        #[expect(clippy::cast_precision_loss, reason = "a caption has a few lines")]
        let y = board_height + CAPTION * 0.55 + i as f32 * CAPTION_LINE;
        let _ = writeln!(
            s,
            r##"<text x="{}" y="{y}" font-size="14" text-anchor="middle" fill="#222"{fit}>{}</text>"##,
            width / 2.0,
            line.replace('&', "&amp;").replace('<', "&lt;")
        );
    }
    s.push_str("</svg>\n");
    s
}

/// The tiles of `view` (their heights, or the plain colours and the refuge's cross), into `s`.
fn tiles(s: &mut String, view: &BoardView) {
    let ranks = view.height;
    for sq in view.squares() {
        let (cx, cy) = centre(ranks, sq);
        let (x, y) = (cx - TILE / 2.0, cy - TILE / 2.0);
        match view.height_at(sq) {
            Some(hgt) => {
                let fill = rgb(board_view::height_colour(hgt));
                let text = if board_view::light_text_on(hgt) {
                    "#fff"
                } else {
                    "#333"
                };
                let _ = writeln!(
                    s,
                    r##"<rect x="{x}" y="{y}" width="{TILE}" height="{TILE}" fill="{fill}" stroke="#888" stroke-width="1"/><text x="{}" y="{}" font-size="11" fill="{text}">{hgt}</text>"##,
                    x + 4.0,
                    y + 13.0
                );
            }
            None => {
                let refuge = view.marked(sq, MarkKind::Refuge);
                let fill = rgb(board_view::plain_tile_colour(sq, refuge));
                let mark = if refuge {
                    // The refuge (SG-1): a cross.
                    let m = TILE * 0.2;
                    format!(
                        r##"<path d="M{} {} L{} {} M{} {} L{} {}" stroke="#a08850" stroke-width="2"/>"##,
                        x + m,
                        y + m,
                        x + TILE - m,
                        y + TILE - m,
                        x + TILE - m,
                        y + m,
                        x + m,
                        y + TILE - m
                    )
                } else {
                    String::new()
                };
                let _ = writeln!(
                    s,
                    r##"<rect x="{x}" y="{y}" width="{TILE}" height="{TILE}" fill="{fill}" stroke="#888" stroke-width="1"/>{mark}"##
                );
            }
        }
    }
}

/// The file letters above and below the board and the rank numbers beside it, into `s`.
fn coordinates(s: &mut String, view: &BoardView, width: f32, board_height: f32) {
    let (files, ranks) = (view.width, view.height);
    for f in 0..files {
        let x = MARGIN + (f32::from(f) + 0.5) * TILE;
        let letter = (b'a' + f) as char;
        for y in [MARGIN * 0.7, board_height - MARGIN * 0.3] {
            let _ = writeln!(
                s,
                r##"<text x="{x}" y="{y}" font-size="14" text-anchor="middle" fill="#444">{letter}</text>"##
            );
        }
    }
    for r in 0..ranks {
        let y = MARGIN + (f32::from(ranks - 1 - r) + 0.5) * TILE + 5.0;
        for x in [MARGIN * 0.5, width - MARGIN * 0.5] {
            let _ = writeln!(
                s,
                r##"<text x="{x}" y="{y}" font-size="14" text-anchor="middle" fill="#444">{}</text>"##,
                r + 1
            );
        }
    }
}

/// The pieces of `view` as discs with their letters and badges, into `s`.
fn discs(s: &mut String, view: &BoardView) {
    let ranks = view.height;
    for d in &view.pieces {
        let (cx, cy) = centre(ranks, d.square);
        let (fill, ink) = view.palette.disc(d.side);
        let (fill, ink) = (rgb(fill), rgb(ink));
        let _ = write!(
            s,
            r##"<circle cx="{cx}" cy="{cy}" r="{}" fill="{fill}" stroke="#111" stroke-width="1.5"/><text x="{cx}" y="{}" font-size="20" text-anchor="middle" fill="{ink}" font-weight="bold">{}</text>"##,
            TILE * 0.34,
            cy + 7.0,
            d.letter,
        );
        if let Some(badge) = &d.badge {
            let _ = write!(
                s,
                r##"<text x="{}" y="{}" font-size="10" text-anchor="end" fill="#111">{badge}</text>"##,
                cx + TILE / 2.0 - 3.0,
                cy + TILE / 2.0 - 4.0,
            );
        }
        s.push('\n');
    }
}

/// The moves of `view` as arrows (rings for a placement), a numbered disc on each, into `s`;
/// `board_height`: the picture's board part (the exit bands end there).
fn moves(s: &mut String, view: &BoardView, board_height: f32) {
    let ranks = view.height;
    for m in &view.moves {
        // A placement is a mark on its first square, as an arrow of no length.
        let (from, to) = match &m.shape {
            Shape::Arrow(from, to) => (*from, *to),
            Shape::Ring(tiles) => match tiles.first() {
                Some(&t) => (t, End::Tile(t)),
                None => continue,
            },
        };
        let (x1, y1) = centre(ranks, from);
        let (x2, y2) = match to {
            End::Tile(to) => centre(ranks, to),
            // The head stops short of the margin: the file letter there stays readable.
            End::Exit(side) => {
                let edge = if side == crate::game::Player::First {
                    MARGIN - EXIT_GAP
                } else {
                    board_height - MARGIN + EXIT_GAP
                };
                (x1, edge)
            }
        };
        let own = m.style != Style::Defence;
        let colour = if own { "#111" } else { "#555" };
        let dash = if own {
            ""
        } else {
            r#" stroke-dasharray="6 4""#
        };
        let (mx, my) = marker_at(view, (x1, y1), (x2, y2));
        // The head stops at the rim of the disc on its tile: a captured piece's letter stays
        // readable (the marker is placed on the whole move, as before).
        let (x2, y2) = match to {
            End::Tile(t) if t != from => {
                let (dx, dy) = (x2 - x1, y2 - y1);
                let len = (dx * dx + dy * dy).sqrt().max(1.0);
                let back = TILE * 0.36;
                (x2 - dx / len * back, y2 - dy / len * back)
            }
            _ => (x2, y2),
        };
        let ty = my + 4.5;
        let _ = writeln!(
            s,
            r##"<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="{colour}" stroke-width="3"{dash} marker-end="url(#head)"/><circle cx="{mx}" cy="{my}" r="10" fill="#ffd84a" stroke="#111"/><text x="{mx}" y="{ty}" font-size="13" text-anchor="middle" fill="#111">{n}</text>"##,
            n = m.label
        );
    }
}

/// What a picture's path asks for: its ending, `.svg` or `.png`, in any case.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PictureFormat {
    /// `.svg`: the SVG text.
    Svg,
    /// `.png`: the SVG rasterised ([`png`]).
    Png,
}

impl PictureFormat {
    /// The format `path` asks for.
    ///
    /// # Errors
    /// The one wording of a path that is not a picture's (`render -o`, the editor's Save
    /// picture): nothing is written over a challenge.
    pub fn of(path: &std::path::Path) -> Result<PictureFormat, String> {
        match path.extension().and_then(|e| e.to_str()) {
            Some(e) if e.eq_ignore_ascii_case("svg") => Ok(PictureFormat::Svg),
            Some(e) if e.eq_ignore_ascii_case("png") => Ok(PictureFormat::Png),
            _ => Err(format!(
                "{}: a picture's path ends in .svg or .png",
                path.display()
            )),
        }
    }
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
    // The pixels are asked of the system, not taken: a memory cap (`ulimit -v`) it cannot
    // meet is an error, not an abort.
    let bytes = 4 * size.width() as usize * size.height() as usize;
    let mut data = Vec::new();
    data.try_reserve_exact(bytes).map_err(|_| {
        format!(
            "a picture of {} x {} pixels needs {} MiB the system does not give; use a \
             smaller --size",
            size.width(),
            size.height(),
            bytes >> 20
        )
    })?;
    data.resize(bytes, 0);
    let mut pixmap = tiny_skia::Pixmap::from_vec(data, size).ok_or("empty picture")?;
    resvg::render(&tree, tiny_skia::Transform::default(), &mut pixmap.as_mut());
    pixmap.encode_png().map_err(|e| format!("PNG: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::challenge;

    #[test]
    fn a_solution_picture_keeps_the_captured_letter_clear_and_says_scores_exits_and_counter() {
        let ch = challenge::load(std::path::Path::new("tests/data/first-tutorial.ron")).unwrap();
        let checked = challenge::validate(&ch).unwrap();
        let svg = svg(checked.start(), checked.line());
        assert!(svg.contains("Score Red 0 : 2 Blue"), "{svg}");
        assert!(svg.contains("exited: Blue Protector"));
        assert!(svg.contains("move 30 of 50"));
        // b3xc4: the arrow's head stops short of c4's centre (the Scout's letter).
        let (cx, cy) = centre(5, Square::parse("c4").unwrap());
        assert!(!svg.contains(&format!(r#"x2="{cx}" y2="{cy}""#)), "{svg}");
    }
}
