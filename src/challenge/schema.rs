//! The JSON Schema of challenge files, generated from the serde model by schemars, with the
//! rules that depend on the `game` field added as `if`/`then` blocks ([`per_game_rules`]). The
//! committed copy is `schemas/challenge.schema.json`; a test fails when it drifts.

use schemars::Schema;
use serde_json::{Value, json};

use super::authoring::{OwnField, Sizes};
use super::model::{Challenge, GameName, KindName};
use crate::games::pawn_peak;

/// The JSON Schema (draft 2020-12) of a challenge file, as pretty JSON ending in a newline.
#[must_use]
pub fn challenge_schema_text() -> String {
    let mut schema = schemars::schema_for!(Challenge);
    common_rules(&mut schema);
    let mut s = serde_json::to_string_pretty(&schema).expect("a schema is plain JSON");
    s.push('\n');
    s
}

/// A language key of a text map: `en`, `fr`, `pt-BR`.
pub(super) const LANGUAGE_PATTERN: &str = "^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$";

/// The rules every game shares that serde's types do not carry, as validation checks them
/// (`validate::common_problems`): the version this build writes, the id's characters,
/// English title and tutorial present and not blank, language keys, a goal of at least one
/// player move, starting scores of at most `MAX_START_SCORE`.
fn common_rules(schema: &mut Schema) {
    // Adds `key: value` to the object at `pointer`, keeping the generated order (a test
    // checks that each rule bites).
    let mut set = |pointer: &str, key: &str, value: Value| {
        if let Some(Value::Object(o)) = schema.pointer_mut(pointer) {
            o.insert(key.into(), value);
        }
    };
    set(
        "/properties/format_version",
        "enum",
        json!(
            (super::model::FIRST_CURRENT_VERSION..=super::model::FORMAT_VERSION)
                .collect::<Vec<_>>()
        ),
    );
    // Every game's themes: validation checks that each belongs to the challenge's game.
    let themes: Vec<&str> = crate::games::GAMES
        .iter()
        .flat_map(|&g| crate::themes::catalogue(g).iter().map(|t| t.id))
        .collect();
    set("/properties/teaches", "items", json!({"enum": themes}));
    set("/properties/teaches", "uniqueItems", json!(true));
    set("/properties/id", "pattern", json!("^[A-Za-z0-9_-]+$"));
    for texts in ["title", "tutorial", "hint"] {
        let at = format!("/properties/{texts}");
        set(&at, "propertyNames", json!({"pattern": LANGUAGE_PATTERN}));
    }
    for texts in ["title", "tutorial"] {
        let at = format!("/properties/{texts}");
        set(&at, "required", json!(["en"]));
        set(
            &at,
            "properties",
            json!({"en": {"type": "string", "pattern": "\\S"}}),
        );
    }
    set("/$defs/Goal/properties/player_moves", "minimum", json!(1));
    for side in ["red", "blue"] {
        set(
            &format!("/$defs/Scores/properties/{side}"),
            "maximum",
            json!(pawn_peak::rules::MAX_START_SCORE),
        );
    }
}

/// A name as a file spells it (`"White"`, `"Stone"`).
fn spelled<T: serde::Serialize>(v: T) -> Value {
    serde_json::to_value(v).expect("a unit variant is a JSON string")
}

/// The schema of a game's board sizes (RULES.md D-1, D-12, D-16): constraints on `width` and
/// `height`.
fn size_rules(sizes: Sizes) -> Value {
    match sizes {
        Sizes::Rect { width, height } => json!({"properties": {
            "width": {"minimum": width.0, "maximum": width.1},
            "height": {"minimum": height.0, "maximum": height.1},
        }}),
        // Square boards of the allowed sizes: one alternative per size.
        Sizes::Square(sizes) => json!({"anyOf": sizes
            .iter()
            .map(|n| json!({"properties": {"width": {"const": n}, "height": {"const": n}}}))
            .collect::<Vec<_>>()}),
    }
}

/// The `then` part for one game: the constraints on `position`.
fn position_rules(game: GameName) -> Value {
    let a = game.authoring();
    let mut props = serde_json::Map::new();
    props.insert("side_to_move".into(), json!({"enum": a.sides.map(spelled)}));
    props.insert(
        "pieces".into(),
        json!({"items": {"prefixItems": [
            true,
            {"enum": a.sides.map(spelled)},
            {"enum": a.kinds.iter().map(spelled).collect::<Vec<_>>()},
        ]}}),
    );
    for field in OwnField::ALL {
        if !field.belongs(&a) {
            props.insert(field.name().into(), Value::Bool(false));
        }
    }
    let mut position = json!({"properties": props, "allOf": [size_rules(a.sizes)]});
    if a.terrain {
        // D-2: terrain rows of heights.
        let heights = format!("^[0-{}]*$", pawn_peak::rules::MAX_HEIGHT);
        position["required"] = json!(["terrain"]);
        position["properties"]["terrain"] = json!({"items": {"pattern": heights}});
    }
    if a.scores_and_exits {
        // PP-9.1: at most one piece exited, and not a Guardian: a first exit by a Guardian has
        // already won (PP-8.1).
        position["properties"]["exited"] = json!({
            "maxItems": 1,
            "items": {"prefixItems": [true, {"not": {"const": spelled(KindName::Guardian)}}]},
        });
    }
    let (own, others): (Vec<OwnField>, Vec<OwnField>) =
        OwnField::ALL.into_iter().partition(|f| f.belongs(&a));
    let names = |fields: Vec<OwnField>| fields.into_iter().map(OwnField::name).collect::<Vec<_>>();
    let (own, others) = (names(own), names(others));
    position["description"] = format!(
        "A \"{}\" start ({}): sides {}, pieces {}; no {}{}.",
        game.as_str(),
        a.rules,
        a.sides.map(|s| format!("{s:?}")).join("/"),
        a.kinds
            .iter()
            .map(|k| format!("{k:?}"))
            .collect::<Vec<_>>()
            .join("/"),
        others.join(", "),
        if own.is_empty() {
            String::new()
        } else {
            format!("; may have {}", own.join(", "))
        }
    )
    .into();
    json!({"properties": {"position": position}})
}

/// Adds to the challenge schema what depends on `game`, one `if`/`then` per game: sides and
/// kinds, board sizes, and the fields of other games forbidden. A file without `game` is
/// Pawn&Peak's. What the schema cannot say (the move counter below the limit, squares on the
/// board, a live start) is left to validation (`peakforge verify`).
pub(super) fn per_game_rules(schema: &mut Schema) {
    let blocks: Vec<Value> = crate::games::GAMES
        .into_iter()
        .map(|game| {
            let mut cond = json!({"properties": {"game": {"const": game.as_str()}}});
            if game != GameName::default() {
                cond["required"] = json!(["game"]);
            }
            json!({"if": cond, "then": position_rules(game)})
        })
        .collect();
    schema.insert("allOf".into(), blocks.into());
}
