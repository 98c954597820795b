//! The one board view model: read from a position of any game or from a file's spec as
//! written, the same board; the tile in words; `render` paints it with the one colour ramp.

use std::path::Path;

use peakforge::board_view::{self, BoardView, End, MarkKind, Shape};
use peakforge::challenge::{self, Challenge};
use peakforge::game::GameState;
use peakforge::games::board::Square;

fn shipped() -> Vec<Challenge> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir("challenges").unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "ron") {
            out.push(challenge::load(Path::new(&path)).unwrap());
        }
    }
    assert!(out.len() >= 3);
    out
}

fn sorted(mut v: BoardView) -> BoardView {
    v.pieces.sort_by_key(|d| d.square.index());
    v.marks.sort_by_key(|m| (m.0.index(), m.1 as u8));
    v
}

#[test]
fn a_valid_files_spec_and_its_position_give_the_same_view_in_every_game() {
    let mut games = Vec::new();
    for ch in shipped() {
        let pos = challenge::validate(&ch).unwrap().start().clone();
        let from_pos = sorted(BoardView::of(&pos));
        let from_spec = sorted(peakforge::document::spec_view::of_spec(
            ch.game,
            &ch.position,
        ));
        assert_eq!(from_pos, from_spec, "{}", ch.id);
        assert_eq!(from_pos.pieces.len(), ch.position.pieces.len(), "{}", ch.id);
        games.push(ch.game);
    }
    for g in challenge::GAMES {
        assert!(games.contains(&g), "no shipped challenge of {g}");
    }
}

#[test]
fn tiles_in_words_name_height_refuge_and_piece() {
    let ch = challenge::load(Path::new("challenges/01-terrain.ron")).unwrap();
    let v = peakforge::document::spec_view::of_spec(ch.game, &ch.position);
    let sq = |s: &str| Square::parse(s).unwrap();
    assert_eq!(v.tile_text(sq("c5")), "height 2 · empty");
    assert!(
        v.tile_text(sq("c4"))
            .starts_with("height 0 · Red Guardian (strength")
    );
    let seega = peakforge::document::spec_view::of_spec(
        challenge::GameName::Seega,
        &challenge::GameName::Seega.standard_spec(),
    );
    assert!(seega.marked(sq("c3"), MarkKind::Refuge));
    assert_eq!(seega.tile_text(sq("c3")), "refuge · empty");
    assert_eq!(seega.terrain, None);
}

#[test]
fn a_spec_being_authored_is_drawn_as_far_as_it_reads() {
    let mut spec = challenge::GameName::PawnPeak.standard_spec();
    spec.terrain.as_mut().unwrap()[0] = "9x".into(); // short and not a digit
    spec.pieces.push(challenge::PieceSpec(
        "z9".into(),
        challenge::SideName::Red,
        challenge::KindName::Scout,
    ));
    spec.pieces.push(challenge::PieceSpec(
        "a1".into(),
        challenge::SideName::White,
        challenge::KindName::Pawn,
    ));
    let v = peakforge::document::spec_view::of_spec(challenge::GameName::PawnPeak, &spec);
    let top = Square::new(0, spec.height - 1);
    assert_eq!(v.height_at(top), Some(9));
    assert_eq!(v.height_at(Square::new(1, spec.height - 1)), Some(0));
    assert_eq!(
        v.pieces.len(),
        spec.pieces.len() - 2,
        "the off-board and other game's pieces are left out"
    );
}

#[test]
fn an_exit_is_an_arrow_past_the_far_edge_and_a_placement_rings_its_tiles() {
    let ch = challenge::load(Path::new("challenges/01-terrain.ron")).unwrap();
    let pos = challenge::validate(&ch).unwrap().start().clone();
    let mut v = BoardView::of(&pos);
    let line: Vec<_> = ch
        .solution
        .iter()
        .map(|t| pos.parse_move(t).unwrap())
        .collect();
    v.add_line(&pos, &line);
    assert!(matches!(v.moves[0].shape, Shape::Arrow(_, End::Exit(_))));
    assert_eq!(v.moves[0].label, "1");
    let seega = peakforge::games::AnyPosition::parse(
        challenge::GameName::Seega,
        "5/5/5/5/5 w 12:12 - 0/200",
    )
    .unwrap();
    let mv = seega.parse_move("a1+b1").unwrap();
    let mut v = BoardView::of(&seega);
    v.add_line(&seega, &[mv]);
    assert_eq!(
        v.moves[0].shape,
        Shape::Ring(vec![Square::new(0, 0), Square::new(1, 0)])
    );
}

#[test]
fn render_paints_the_heights_in_the_one_ramp() {
    let ch = challenge::load(Path::new("challenges/01-terrain.ron")).unwrap();
    let pos = challenge::validate(&ch).unwrap().start().clone();
    let svg = peakforge::render::svg(&pos, &[]);
    for h in [0, 1, 2] {
        let (r, g, b) = board_view::height_colour(h);
        assert!(
            svg.contains(&format!("fill=\"#{r:02x}{g:02x}{b:02x}\"")),
            "height {h}"
        );
    }
}
