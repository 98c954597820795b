//! The board as it is drawn, for every game and every painter: the editor's board
//! (`crate::editor::board`) and the pictures of `render` (SVG/PNG) both paint a [`BoardView`]
//! and nothing else, with the one terrain colour ramp of [`height_colour`].
//!
//! A view holds the tiles (its size), the terrain height of each tile when the game has
//! terrain, the pieces (side, letter, badge, name), marks on tiles (the Seega refuge, the piece
//! that must continue a chain, highlighted, selected or picked tiles), arrows (a move from a
//! tile to a tile or past the far edge), rings (a placement's tiles) and labels (a
//! destination's cost). It is built from a position of any rule set through [`Drawn`] (one
//! impl per rule set, in `games.rs`) or, for a board that may not be valid yet, from a
//! challenge file's position as written (`crate::document::spec_view`: the board view knows
//! nothing of files).

mod games;

use crate::game::{GameState, Player};
use crate::games::board::Square;

pub use games::{pawn_peak_disc, plain_disc};

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
    /// The piece in words, e.g. `Red Guardian (strength 1, movement 3)`, `White Pawn`.
    pub name: String,
}

/// Where an arrow or a label ends: on a tile, or past the far edge of the side that moves
/// (a Pawn&Peak exit, PP-6).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum End {
    /// On this tile.
    Tile(Square),
    /// Past the far edge of `side` (Red: the top, Blue: the bottom), on the file of the
    /// arrow's start.
    Exit(Player),
}

/// How a move is drawn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Shape {
    /// An arrow from a tile.
    Arrow(Square, End),
    /// Rings on these tiles (a Seega placement, SG-2).
    Ring(Vec<Square>),
}

/// Who an arrow or ring stands for, which picks its colour and line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Style {
    /// A move of the player (the side to move at the start).
    Player,
    /// A move of the defence.
    Defence,
    /// A move the solver found (a key move, the main line).
    Solver,
    /// Another winning move (a cook, a dual).
    Alternative,
}

/// A move drawn on the board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveMark {
    /// The arrow or the rings.
    pub shape: Shape,
    /// A short label on it (a ply number, "key"); may be empty.
    pub label: String,
    /// Its style.
    pub style: Style,
}

/// What a tile is marked as.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MarkKind {
    /// The Seega refuge (SG-1): a cross.
    Refuge,
    /// The piece that must continue a capture chain (SG-5).
    Chain,
    /// A tile a problem points at.
    Problem,
    /// The selected piece, or a tile already clicked of a move being entered.
    Selected,
    /// The keyboard cursor (the editor's arrow keys).
    Cursor,
    /// A tile the brush under the pointer would paint (its outline, before the click).
    Brush,
    /// A tile of the editor's rectangle selection.
    Region,
}

/// What a destination label says about the move that ends there.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LabelKind {
    /// A plain move (a dot with its cost, if any).
    Step,
    /// A capture (an outline, with the attack against the defence).
    Capture,
}

/// A destination of the move being entered: where a click (or the exit band) plays it, and
/// what it costs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Label {
    /// The tile or the exit band.
    pub at: End,
    /// The main text (Pawn&Peak: the cost, `sp` for a special move, `exit 3`); may be empty.
    pub text: String,
    /// A second text (Pawn&Peak captures: `2 vs 1`).
    pub detail: Option<String>,
    /// Plain or capture.
    pub kind: LabelKind,
}

/// The whole board as drawn.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct BoardView {
    /// Files.
    pub width: u8,
    /// Ranks.
    pub height: u8,
    /// The height of each tile (index `rank * width + file`) when the game has terrain.
    pub terrain: Option<Vec<u8>>,
    /// Whether moves can leave the board (room is kept for exit arrows above and below).
    pub exits: bool,
    /// The sides' colours.
    pub palette: Palette,
    /// The pieces.
    pub pieces: Vec<Disc>,
    /// Marked tiles.
    pub marks: Vec<(Square, MarkKind)>,
    /// Moves drawn as arrows or rings.
    pub moves: Vec<MoveMark>,
    /// Destinations of the move being entered.
    pub labels: Vec<Label>,
}

/// What a rule set shows of a position: implemented once per rule set (and for
/// [`crate::games::AnyPosition`]), read by [`BoardView::of`].
pub trait Drawn: GameState {
    /// Files and ranks.
    fn board_size(&self) -> (u8, u8);
    /// A tile's terrain height, for games with terrain.
    fn terrain_at(&self, _sq: Square) -> Option<u8> {
        None
    }
    /// What the board does not show, in words for a picture's caption: Pawn&Peak's scores,
    /// exited pieces and move counter (none by default).
    fn facts(&self) -> Option<String> {
        None
    }
    /// Whether the game's moves can leave the board.
    fn has_exits(&self) -> bool {
        false
    }
    /// The sides' colours.
    fn palette(&self) -> Palette {
        Palette::WhiteBlack
    }
    /// The tile drawn apart (Seega's refuge, SG-1).
    fn refuge(&self) -> Option<Square> {
        None
    }
    /// The piece that must continue a capture chain (SG-5).
    fn chain(&self) -> Option<Square> {
        None
    }
    /// The pieces on the board.
    fn discs(&self) -> Vec<Disc>;
    /// How `mv` is drawn.
    fn shape(&self, mv: Self::Move) -> Shape;
    /// The tiles a user clicks, in order, to enter `mv` (its piece, then its destination; a
    /// placement's tiles in any order: then the flag is true); an exit ends with its piece.
    fn clicks(&self, mv: Self::Move) -> (Vec<Square>, bool) {
        match self.shape(mv) {
            Shape::Arrow(from, End::Tile(to)) => (vec![from, to], false),
            Shape::Arrow(from, End::Exit(_)) => (vec![from], false),
            Shape::Ring(tiles) => (tiles, true),
        }
    }
    /// The label of `mv` at its destination, when the move is being entered.
    fn label(&self, mv: Self::Move) -> Label {
        let at = match self.shape(mv) {
            Shape::Arrow(_, end) => end,
            Shape::Ring(tiles) => End::Tile(tiles[tiles.len() - 1]),
        };
        Label {
            at,
            text: String::new(),
            detail: None,
            kind: LabelKind::Step,
        }
    }
}

impl BoardView {
    /// The view of `pos`: tiles, terrain, pieces, the refuge and the chain piece.
    #[must_use]
    pub fn of<G: Drawn>(pos: &G) -> BoardView {
        let (width, height) = pos.board_size();
        let tiles = squares(width, height);
        let terrain = pos.terrain_at(Square::new(0, 0)).map(|_| {
            tiles
                .iter()
                .map(|&s| pos.terrain_at(s).unwrap_or(0))
                .collect()
        });
        let mut marks = Vec::new();
        marks.extend(pos.refuge().map(|s| (s, MarkKind::Refuge)));
        marks.extend(pos.chain().map(|s| (s, MarkKind::Chain)));
        BoardView {
            width,
            height,
            terrain,
            exits: pos.has_exits(),
            palette: pos.palette(),
            pieces: pos.discs(),
            marks,
            moves: Vec::new(),
            labels: Vec::new(),
        }
    }

    /// Draws `line` from `pos` on: each move numbered from 1, styled by the side that moves
    /// (the player is the side to move in `pos`; a side may move several times in a row).
    pub fn add_line<G: Drawn>(&mut self, pos: &G, line: &[G::Move]) {
        let player = pos.to_move();
        let mut cur = pos.clone();
        for (i, &mv) in line.iter().enumerate() {
            let style = if cur.to_move() == player {
                Style::Player
            } else {
                Style::Defence
            };
            self.moves.push(MoveMark {
                shape: cur.shape(mv),
                label: (i + 1).to_string(),
                style,
            });
            cur = cur.play(mv);
        }
    }

    /// Marks `tiles` as `kind` (those off the board are left out).
    pub fn mark(&mut self, tiles: &[Square], kind: MarkKind) {
        for &s in tiles {
            if self.contains(s) {
                self.marks.push((s, kind));
            }
        }
    }

    /// Whether `sq` is on the board.
    #[must_use]
    pub fn contains(&self, sq: Square) -> bool {
        sq.file() < self.width && sq.rank() < self.height
    }

    /// Every tile, rank by rank from a1.
    #[must_use]
    pub fn squares(&self) -> Vec<Square> {
        squares(self.width, self.height)
    }

    /// The height of `sq`, when the game has terrain.
    #[must_use]
    pub fn height_at(&self, sq: Square) -> Option<u8> {
        let t = self.terrain.as_ref()?;
        t.get(usize::from(sq.rank()) * usize::from(self.width) + usize::from(sq.file()))
            .copied()
    }

    /// The piece on `sq`.
    #[must_use]
    pub fn piece_at(&self, sq: Square) -> Option<&Disc> {
        self.pieces.iter().find(|d| d.square == sq)
    }

    /// Whether `sq` carries mark `kind`.
    #[must_use]
    pub fn marked(&self, sq: Square, kind: MarkKind) -> bool {
        self.marks.contains(&(sq, kind))
    }

    /// A tile in words, as the status bar and screen readers give it: `height 2 · Red
    /// Guardian (strength 1, movement 3)`, `White Pawn`, `refuge · empty`.
    #[must_use]
    pub fn tile_text(&self, sq: Square) -> String {
        let mut parts = Vec::new();
        if let Some(h) = self.height_at(sq) {
            parts.push(format!("height {h}"));
        }
        if self.marked(sq, MarkKind::Refuge) {
            parts.push("refuge".to_string());
        }
        if self.marked(sq, MarkKind::Cursor) {
            parts.push("cursor".to_string());
        }
        if self.marked(sq, MarkKind::Region) {
            parts.push("selected".to_string());
        }
        parts.push(
            self.piece_at(sq)
                .map_or_else(|| "empty".to_string(), |d| d.name.clone()),
        );
        if self.marked(sq, MarkKind::Brush) {
            parts.push("under the brush".to_string());
        }
        parts.join(" · ")
    }
}

fn squares(width: u8, height: u8) -> Vec<Square> {
    (0..height)
        .flat_map(|r| (0..width).map(move |f| Square::new(f, r)))
        .collect()
}

/// The fill colour of a terrain height 0..=9 (clamped): light sand (low) through greens and
/// browns to dark slate (high), so that lightness alone orders the heights. The one ramp of
/// every painter.
#[must_use]
pub fn height_colour(h: u8) -> (u8, u8, u8) {
    const RAMP: [(u8, u8, u8); 10] = [
        (240, 232, 196),
        (214, 228, 170),
        (180, 212, 140),
        (146, 190, 118),
        (150, 164, 96),
        (156, 136, 84),
        (134, 106, 70),
        (108, 84, 62),
        (86, 72, 66),
        (62, 58, 64),
    ];
    RAMP[usize::from(h.min(9))]
}

/// Whether text on a tile of height `h` is drawn light (on the dark end of the ramp).
#[must_use]
pub fn light_text_on(h: u8) -> bool {
    h > 4
}

/// The fill of a tile without terrain: a light and dark chequer (a1 dark), the refuge sandy.
#[must_use]
pub fn plain_tile_colour(sq: Square, refuge: bool) -> (u8, u8, u8) {
    if refuge {
        (232, 217, 168)
    } else if (sq.file() + sq.rank()).is_multiple_of(2) {
        (201, 180, 138)
    } else {
        (234, 220, 188)
    }
}

/// The colours of the two sides' pieces.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Palette {
    /// Red (first) and Blue (second) discs with white letters.
    RedBlue,
    /// White (first) and Black (second) discs.
    #[default]
    WhiteBlack,
}

impl Palette {
    /// The fill and text colours (RGB) of a side's discs.
    #[must_use]
    pub fn disc(self, side: Player) -> ((u8, u8, u8), (u8, u8, u8)) {
        match (self, side) {
            (Palette::RedBlue, Player::First) => ((200, 40, 40), (255, 255, 255)),
            (Palette::RedBlue, Player::Second) => ((40, 90, 210), (255, 255, 255)),
            (Palette::WhiteBlack, Player::First) => ((245, 245, 240), (17, 17, 17)),
            (Palette::WhiteBlack, Player::Second) => ((30, 30, 30), (255, 255, 255)),
        }
    }
}
