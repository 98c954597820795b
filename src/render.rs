//! Pictures of a position for reviewers and the README: an SVG (Pawn&Peak's terrain shading
//! with height numbers, Seega's refuge, coordinates, pieces with Pawn&Peak's strength/movement
//! badges, and optionally a line as numbered arrows), rasterised to PNG by resvg with an
//! embedded font (so the picture is the same on every machine). Each rule set says what to draw
//! through [`Picture`].

use std::fmt::Write as _;

use crate::game::{GameState, Player};
use crate::games::pawn_peak::{MoveKind, Square};
use crate::games::{breakthrough, pawn_peak, seega};

/// A piece as drawn: a disc with a letter and, optionally, a badge in the tile's corner.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Disc {
    /// Its square.
    pub square: Square,
    /// Its side.
    pub side: Player,
    /// The letter on the disc (empty for none).
    pub letter: String,
    /// The badge text (Pawn&Peak: strength/movement).
    pub badge: Option<String>,
}

/// What a rule set shows in a picture.
pub trait Picture: GameState {
    /// Files and ranks.
    fn board_size(&self) -> (u8, u8);
    /// A tile's terrain height, for games with terrain.
    fn terrain_at(&self, _sq: Square) -> Option<u8> {
        None
    }
    /// A tile drawn apart (Seega's refuge, SG-1).
    fn refuge(&self) -> Option<Square> {
        None
    }
    /// The pieces on the board.
    fn discs(&self) -> Vec<Disc>;
    /// Where a move's arrow starts and ends; `None` for its end means "past the side's far
    /// edge" (an exit). A placement is a mark on its first square.
    fn arrow(&self, mv: Self::Move) -> (Square, Option<Square>);
    /// The fill and text colours of a side's discs.
    fn colours(side: Player) -> (&'static str, &'static str) {
        match side {
            Player::First => ("#f4f1e8", "#111"),
            Player::Second => ("#222", "#fff"),
        }
    }
}

impl Picture for pawn_peak::Position {
    fn board_size(&self) -> (u8, u8) {
        (self.width(), self.height())
    }
    fn terrain_at(&self, sq: Square) -> Option<u8> {
        Some(self.height_at(sq))
    }
    fn discs(&self) -> Vec<Disc> {
        self.pieces()
            .map(|(sq, p)| Disc {
                square: sq,
                side: p.side.into(),
                letter: p.kind.letter().to_string(),
                badge: Some(format!("{}/{}", p.kind.strength(), p.kind.movement())),
            })
            .collect()
    }
    fn arrow(&self, mv: pawn_peak::Move) -> (Square, Option<Square>) {
        (mv.from, (mv.kind != MoveKind::Exit).then_some(mv.to))
    }
    fn colours(side: Player) -> (&'static str, &'static str) {
        match side {
            Player::First => ("#c83232", "#fff"),
            Player::Second => ("#2f5fc4", "#fff"),
        }
    }
}

impl Picture for breakthrough::Position {
    fn board_size(&self) -> (u8, u8) {
        (self.width(), self.height())
    }
    fn discs(&self) -> Vec<Disc> {
        self.squares()
            .filter_map(|sq| {
                self.pawn_at(sq).map(|side| Disc {
                    square: sq,
                    side: side.into(),
                    letter: String::new(),
                    badge: None,
                })
            })
            .collect()
    }
    fn arrow(&self, mv: breakthrough::Move) -> (Square, Option<Square>) {
        (mv.from, Some(mv.to))
    }
}

impl Picture for seega::Position {
    fn board_size(&self) -> (u8, u8) {
        (self.size(), self.size())
    }
    fn refuge(&self) -> Option<Square> {
        Some(seega::Position::refuge(self))
    }
    fn discs(&self) -> Vec<Disc> {
        self.squares()
            .filter_map(|sq| {
                self.piece_at(sq).map(|side| Disc {
                    square: sq,
                    side: side.into(),
                    letter: String::new(),
                    badge: None,
                })
            })
            .collect()
    }
    fn arrow(&self, mv: seega::Move) -> (Square, Option<Square>) {
        match mv {
            seega::Move::Place(a, _) => (a, Some(a)),
            seega::Move::Step { from, to, .. } => (from, Some(to)),
        }
    }
}

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

fn centre(ranks: u8, sq: Square) -> (f32, f32) {
    let x = MARGIN + (f32::from(sq.file()) + 0.5) * TILE;
    let y = MARGIN + (f32::from(ranks - 1 - sq.rank()) + 0.5) * TILE;
    (x, y)
}

/// The SVG picture of `pos`; with `line`, the moves drawn as numbered arrows from `pos` on.
#[must_use]
pub fn svg<G: Picture>(pos: &G, line: &[G::Move]) -> String {
    let (files, ranks) = pos.board_size();
    let (w, h) = (f32::from(files), f32::from(ranks));
    let (width, height) = (2.0 * MARGIN + w * TILE, 2.0 * MARGIN + h * TILE);
    let mut s = String::new();
    let _ = write!(
        s,
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="{FONT}">
<defs><marker id="head" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="5" markerHeight="5" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#111"/></marker></defs>
<rect width="{width}" height="{height}" fill="#fafafa"/>
"##
    );
    for sq in (0..ranks).flat_map(|r| (0..files).map(move |f| Square::new(f, r))) {
        let (cx, cy) = centre(ranks, sq);
        let (x, y) = (cx - TILE / 2.0, cy - TILE / 2.0);
        match pos.terrain_at(sq) {
            Some(hgt) => {
                let (r, g, b) = height_colour(hgt);
                let text = if hgt >= 6 { "#fff" } else { "#333" };
                let _ = writeln!(
                    s,
                    r##"<rect x="{x}" y="{y}" width="{TILE}" height="{TILE}" fill="rgb({r},{g},{b})" stroke="#888" stroke-width="1"/><text x="{}" y="{}" font-size="11" fill="{text}">{hgt}</text>"##,
                    x + 4.0,
                    y + 13.0
                );
            }
            None => {
                let (fill, mark) = if pos.refuge() == Some(sq) {
                    // The refuge (SG-1): shaded, with a cross.
                    let m = TILE * 0.2;
                    (
                        "#e8d9a8",
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
                        ),
                    )
                } else if (sq.file() + sq.rank()) % 2 == 0 {
                    ("#c9b48a", String::new())
                } else {
                    ("#eadcbc", String::new())
                };
                let _ = writeln!(
                    s,
                    r##"<rect x="{x}" y="{y}" width="{TILE}" height="{TILE}" fill="{fill}" stroke="#888" stroke-width="1"/>{mark}"##
                );
            }
        }
    }
    for f in 0..files {
        let x = MARGIN + (f32::from(f) + 0.5) * TILE;
        let letter = (b'a' + f) as char;
        for y in [MARGIN * 0.7, height - MARGIN * 0.3] {
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
    for d in pos.discs() {
        let (cx, cy) = centre(ranks, d.square);
        let (fill, ink) = G::colours(d.side);
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
    let mut cur = pos.clone();
    // The player is the side to move at the start; a side may move several times in a row (a
    // Seega chain), so the style follows who moves, not the ply's parity.
    let player = pos.to_move();
    for (i, &mv) in line.iter().enumerate() {
        let by_player = cur.to_move() == player;
        let (from, to) = cur.arrow(mv);
        let (x1, y1) = centre(ranks, from);
        let (x2, y2) = match to {
            Some(to) => centre(ranks, to),
            None => {
                let up = if cur.to_move() == Player::First {
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
            }
        };
        let colour = if by_player { "#111" } else { "#555" };
        let dash = if by_player {
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
        cur = cur.play(mv);
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
