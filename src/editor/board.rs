//! The board view: terrain shading with heights, file letters and rank numbers, pieces as
//! discs with their kind letter and strength/movement badge, and the play-mode overlay of a
//! selected piece's destinations. It draws and reports pointer events; it changes nothing.

use eframe::egui::{
    self, Align2, Color32, FontId, Painter, Pos2, Rect, Role, Sense, Stroke, StrokeKind, Vec2,
    WidgetInfo, pos2, vec2,
};

use super::style;
use crate::games::pawn_peak::{Move, MoveKind, Piece, Position, Side, Square};

/// Cells of margin for the rank numbers (left) and file letters (bottom).
const LABEL_CELLS: f32 = 0.6;
/// Cells of the exit bands above and below the board.
const EXIT_CELLS: f32 = 0.7;
/// The largest tile, in points.
const MAX_CELL: f32 = 96.0;

/// An arrow drawn from a move's square to its destination (or past the edge for an exit).
#[derive(Debug, Clone)]
pub struct Arrow {
    /// The move.
    pub mv: Move,
    /// A short label drawn at the arrow's head (a ply number, "key"); may be empty.
    pub label: String,
    /// The arrow's colour.
    pub color: Color32,
}

/// What the board should highlight.
#[derive(Default)]
pub struct Overlay<'a> {
    /// The selected piece's square.
    pub selected: Option<Square>,
    /// Its legal moves.
    pub moves: &'a [Move],
    /// Tiles to point at (a problem's place).
    pub highlight: &'a [Square],
    /// Moves to draw as arrows (the solver's findings).
    pub arrows: &'a [Arrow],
    /// A piece being dragged from this square: drawn under the pointer.
    pub dragging: Option<Square>,
}

/// What happened on the board this frame.
#[derive(Default, Debug)]
pub struct BoardEvents {
    /// A tile clicked with the primary button.
    pub clicked: Option<Square>,
    /// A tile clicked with the secondary button.
    pub secondary: Option<Square>,
    /// The tile under the primary button while it is held (for brushes).
    pub held: Option<Square>,
    /// The primary button went down on the board this frame: a new brush stroke.
    pub stroke_start: bool,
    /// The exit arrow was clicked.
    pub exit_clicked: bool,
    /// The tile under the pointer.
    pub hovered: Option<Square>,
    /// A drag started on this tile (where the button went down).
    pub drag_from: Option<Square>,
    /// The tile under the pointer while a drag goes on.
    pub drag_over: Option<Square>,
    /// The drag ended this frame (the button was released).
    pub drag_stopped: bool,
}

/// Geometry of the board inside the space given to it.
struct Geometry {
    /// The tiles' rectangle.
    tiles: Rect,
    cell: f32,
    width: u8,
    height: u8,
}

impl Geometry {
    fn new(space: Rect, width: u8, height: u8) -> Geometry {
        let cols = f32::from(width) + LABEL_CELLS + 0.2;
        let rows = f32::from(height) + LABEL_CELLS + 2.0 * EXIT_CELLS;
        let cell = (space.width() / cols)
            .min(space.height() / rows)
            .clamp(8.0, MAX_CELL);
        let size = vec2(cols * cell, rows * cell);
        let outer = Rect::from_center_size(space.center(), size);
        let min = outer.min + vec2(LABEL_CELLS * cell, EXIT_CELLS * cell);
        let tiles =
            Rect::from_min_size(min, vec2(f32::from(width) * cell, f32::from(height) * cell));
        Geometry {
            tiles,
            cell,
            width,
            height,
        }
    }

    fn tile(&self, sq: Square) -> Rect {
        let x = self.tiles.min.x + f32::from(sq.file()) * self.cell;
        let y = self.tiles.min.y + f32::from(self.height - 1 - sq.rank()) * self.cell;
        Rect::from_min_size(pos2(x, y), Vec2::splat(self.cell))
    }

    fn square_at(&self, p: Pos2) -> Option<Square> {
        if !self.tiles.contains(p) {
            return None;
        }
        let f = ((p.x - self.tiles.min.x) / self.cell) as u8;
        let r = ((p.y - self.tiles.min.y) / self.cell) as u8;
        (f < self.width && r < self.height).then(|| Square::new(f, self.height - 1 - r))
    }

    /// The exit band tile beyond the far edge of `side`, on the file of `from`.
    fn exit_rect(&self, side: Side, from: Square) -> Rect {
        let x = self.tiles.min.x + f32::from(from.file()) * self.cell;
        let band = EXIT_CELLS * self.cell;
        let y = match side {
            Side::Red => self.tiles.min.y - band,
            Side::Blue => self.tiles.max.y + LABEL_CELLS * self.cell,
        };
        Rect::from_min_size(pos2(x, y), vec2(self.cell, band))
    }

    fn font(&self, share: f32) -> FontId {
        FontId::proportional((self.cell * share).max(7.0))
    }
}

/// Draws `pos` in all the space left in `ui` and returns the pointer events.
pub fn show(ui: &mut egui::Ui, pos: &Position, overlay: &Overlay<'_>) -> BoardEvents {
    let (response, painter) = ui.allocate_painter(ui.available_size(), Sense::click_and_drag());
    response.widget_info(|| WidgetInfo::labeled(Role::Canvas, true, "Board"));
    let geo = Geometry::new(response.rect, pos.width(), pos.height());
    accessible_tiles(ui, &geo, pos, response.id);
    draw_labels(&painter, &geo);
    for sq in pos.squares() {
        draw_tile(&painter, &geo, pos, sq);
    }
    let exit = draw_overlay(&painter, &geo, pos, overlay);
    for &sq in overlay.highlight {
        if pos.contains(sq) {
            painter.rect_stroke(
                geo.tile(sq).shrink(1.0),
                3.0,
                Stroke::new(4.0, style::PROBLEM),
                StrokeKind::Inside,
            );
        }
    }
    for arrow in overlay.arrows {
        draw_arrow(&painter, &geo, pos, arrow);
    }

    let mut ev = BoardEvents::default();
    let hover = response.hover_pos();
    ev.hovered = hover.and_then(|p| geo.square_at(p));
    if let Some(from) = overlay.dragging
        && let (Some(piece), Some(p)) = (pos.piece_at(from), hover)
    {
        painter.rect_stroke(
            geo.tile(from).shrink(1.0),
            3.0,
            Stroke::new(3.0, style::SELECTED),
            StrokeKind::Inside,
        );
        let rect = Rect::from_center_size(p, Vec2::splat(geo.cell));
        draw_piece(&painter, &geo, rect, piece);
    }
    if response.drag_started() {
        let origin = ui.input(|i| i.pointer.press_origin());
        ev.drag_from = origin.and_then(|p| geo.square_at(p));
    }
    if response.dragged() {
        ev.drag_over = response
            .interact_pointer_pos()
            .or(hover)
            .and_then(|p| geo.square_at(p));
    }
    ev.drag_stopped = response.drag_stopped();
    if let Some(sq) = ev.hovered {
        painter.rect_stroke(
            geo.tile(sq).shrink(1.0),
            2.0,
            Stroke::new(2.0, Color32::from_rgb(255, 255, 160)),
            StrokeKind::Inside,
        );
    }
    let pointer = response.interact_pointer_pos().or(hover);
    if response.clicked()
        && let Some(p) = pointer
    {
        ev.clicked = geo.square_at(p);
        ev.exit_clicked = exit.is_some_and(|r| r.contains(p));
    }
    if response.secondary_clicked() {
        ev.secondary = pointer.and_then(|p| geo.square_at(p));
    }
    let (pressed, down) = ui.input(|i| (i.pointer.primary_pressed(), i.pointer.primary_down()));
    if response.is_pointer_button_down_on() && down {
        ev.held = pointer.and_then(|p| geo.square_at(p));
        ev.stroke_start = pressed;
    } else if pressed && ev.clicked.is_some() {
        // Pressed and released within one frame (a quick click): a one-tile stroke.
        ev.held = ev.clicked;
        ev.stroke_start = true;
    }
    ev
}

/// One accessibility node per tile, named `square c4` with the tile's height and piece as its
/// value, so that screen readers and UI tests can find and click squares. They only sense
/// hover: clicks and drags at their place still reach the board below.
fn accessible_tiles(ui: &egui::Ui, geo: &Geometry, pos: &Position, board: egui::Id) {
    for sq in pos.squares() {
        let r = ui.interact(
            geo.tile(sq),
            board.with(("tile", sq.index())),
            Sense::hover(),
        );
        r.widget_info(|| {
            let mut info = WidgetInfo::labeled(Role::Button, true, format!("square {sq}"));
            info.current_text_value = Some(tile_text(pos, sq));
            info
        });
    }
}

/// A tile in words: `height 2 · Red Guardian (strength 1, movement 3)` or `height 0 · empty`.
#[must_use]
pub fn tile_text(pos: &Position, sq: Square) -> String {
    let piece = pos.piece_at(sq).map_or_else(
        || "empty".to_string(),
        |p| {
            format!(
                "{} {} (strength {}, movement {})",
                style::side_word(p.side),
                p.kind.name(),
                p.kind.strength(),
                p.kind.movement()
            )
        },
    );
    format!("height {} · {piece}", pos.height_at(sq))
}

fn draw_labels(painter: &Painter, geo: &Geometry) {
    let color = painter.ctx().global_style().visuals.text_color();
    let font = geo.font(0.3);
    for f in 0..geo.width {
        let x = geo.tiles.min.x + (f32::from(f) + 0.5) * geo.cell;
        let y = geo.tiles.max.y + 0.3 * geo.cell;
        painter.text(
            pos2(x, y),
            Align2::CENTER_CENTER,
            char::from(b'a' + f),
            font.clone(),
            color,
        );
    }
    for r in 0..geo.height {
        let y = geo.tiles.min.y + (f32::from(geo.height - 1 - r) + 0.5) * geo.cell;
        let x = geo.tiles.min.x - 0.3 * geo.cell;
        painter.text(
            pos2(x, y),
            Align2::CENTER_CENTER,
            r + 1,
            font.clone(),
            color,
        );
    }
}

fn draw_tile(painter: &Painter, geo: &Geometry, pos: &Position, sq: Square) {
    let rect = geo.tile(sq);
    let h = pos.height_at(sq);
    painter.rect_filled(rect.shrink(0.5), 2.0, style::terrain(h));
    painter.text(
        rect.min + vec2(0.08, 0.04) * geo.cell,
        Align2::LEFT_TOP,
        h,
        geo.font(0.22),
        style::terrain_text(h),
    );
    if let Some(piece) = pos.piece_at(sq) {
        draw_piece(painter, geo, rect, piece);
    }
}

fn draw_piece(painter: &Painter, geo: &Geometry, rect: Rect, piece: Piece) {
    let c = rect.center();
    let r = geo.cell * 0.33;
    painter.circle(
        c,
        r,
        style::side(piece.side),
        Stroke::new(1.5, Color32::BLACK),
    );
    painter.text(
        c,
        Align2::CENTER_CENTER,
        piece.kind.letter(),
        FontId::proportional((geo.cell * 0.36).max(8.0)),
        Color32::WHITE,
    );
    let badge = format!("{}/{}", piece.kind.strength(), piece.kind.movement());
    let at = rect.max - vec2(0.06, 0.04) * geo.cell;
    let galley = painter.layout_no_wrap(badge, geo.font(0.2), Color32::WHITE);
    let brect = Align2::RIGHT_BOTTOM
        .anchor_size(at, galley.size())
        .expand(1.5);
    painter.rect_filled(brect, 3.0, Color32::from_black_alpha(170));
    painter.galley(brect.min + vec2(1.5, 1.5), galley, Color32::WHITE);
}

/// Draws the selection and destinations; returns the exit arrow's rectangle when there is one.
fn draw_overlay(
    painter: &Painter,
    geo: &Geometry,
    pos: &Position,
    overlay: &Overlay<'_>,
) -> Option<Rect> {
    let from = overlay.selected?;
    painter.rect_stroke(
        geo.tile(from).shrink(1.0),
        3.0,
        Stroke::new(3.0, style::SELECTED),
        StrokeKind::Inside,
    );
    let mut exit = None;
    for mv in overlay.moves {
        let rect = geo.tile(mv.to);
        match mv.kind {
            MoveKind::Exit => {
                let side = pos.piece_at(from).map_or(pos.side_to_move(), |p| p.side);
                let band = geo.exit_rect(side, from);
                draw_exit(painter, geo, band, side, mv.cost);
                exit = Some(band);
            }
            MoveKind::Capture => {
                painter.rect_stroke(
                    rect.shrink(2.0),
                    3.0,
                    Stroke::new(3.0, style::CAPTURE),
                    StrokeKind::Inside,
                );
                let text = format!("{} vs {}", mv.attack, mv.defense);
                tag(
                    painter,
                    geo,
                    rect.center_top() + vec2(0.0, 0.04 * geo.cell),
                    &text,
                    Align2::CENTER_TOP,
                    style::CAPTURE,
                );
                tag(
                    painter,
                    geo,
                    rect.right_top() + vec2(-0.06, 0.04) * geo.cell,
                    &mv.cost.to_string(),
                    Align2::RIGHT_TOP,
                    Color32::BLACK,
                );
            }
            MoveKind::Normal | MoveKind::Special => {
                painter.circle(
                    rect.center(),
                    geo.cell * 0.24,
                    Color32::from_black_alpha(90),
                    Stroke::new(2.5, style::DESTINATION),
                );
                let text = if mv.kind == MoveKind::Special {
                    "sp".to_string()
                } else {
                    mv.cost.to_string()
                };
                painter.text(
                    rect.center(),
                    Align2::CENTER_CENTER,
                    text,
                    geo.font(0.3),
                    Color32::WHITE,
                );
            }
        }
    }
    exit
}

fn draw_exit(painter: &Painter, geo: &Geometry, band: Rect, side: Side, cost: u8) {
    painter.rect_filled(band.shrink(1.0), 3.0, style::EXIT.gamma_multiply(0.35));
    let dir = match side {
        Side::Red => -1.0,
        Side::Blue => 1.0,
    };
    let len = band.height() * 0.8;
    let origin = band.center() - vec2(geo.cell * 0.2, dir * len / 2.0);
    painter.arrow(origin, vec2(0.0, dir * len), Stroke::new(3.0, style::EXIT));
    painter.text(
        band.center() + vec2(geo.cell * 0.12, 0.0),
        Align2::LEFT_CENTER,
        format!("exit {cost}"),
        geo.font(0.2),
        painter.ctx().global_style().visuals.strong_text_color(),
    );
}

fn draw_arrow(painter: &Painter, geo: &Geometry, pos: &Position, arrow: &Arrow) {
    let from = geo.tile(arrow.mv.from).center();
    let to = if arrow.mv.kind == MoveKind::Exit {
        let side = pos
            .piece_at(arrow.mv.from)
            .map_or(pos.side_to_move(), |p| p.side);
        geo.exit_rect(side, arrow.mv.from).center()
    } else {
        geo.tile(arrow.mv.to).center()
    };
    let stroke = Stroke::new((geo.cell * 0.08).max(2.0), arrow.color);
    painter.circle_filled(from, geo.cell * 0.1, arrow.color);
    painter.arrow(from, to - from, stroke);
    if !arrow.label.is_empty() {
        // On the shaft, clear of the head and of the pieces at both ends.
        tag(
            painter,
            geo,
            from + (to - from) * 0.5,
            &arrow.label,
            Align2::CENTER_CENTER,
            arrow.color,
        );
    }
}

/// Small text on a dark rounded background.
fn tag(painter: &Painter, geo: &Geometry, at: Pos2, text: &str, anchor: Align2, color: Color32) {
    let galley = painter.layout_no_wrap(text.to_string(), geo.font(0.2), Color32::WHITE);
    let rect = anchor.anchor_size(at, galley.size()).expand(1.5);
    let bg = if color == Color32::BLACK {
        Color32::from_black_alpha(170)
    } else {
        color.gamma_multiply(0.9)
    };
    painter.rect_filled(rect, 3.0, bg);
    painter.galley(rect.min + vec2(1.5, 1.5), galley, Color32::WHITE);
}
