//! The JSON Schema of challenge files, generated from the serde model by schemars, with the
//! rules that depend on the `game` field added as `if`/`then` blocks ([`per_game_rules`]). The
//! committed copy is `schemas/challenge.schema.json`; a test fails when it drifts.

use schemars::Schema;
use serde_json::{Value, json};

use super::model::{Challenge, GameName, KindName, SideName};
use super::validate::OWN_FIELDS;
use crate::games::{breakthrough, pawn_peak, seega};

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

/// What the schema says of one game's starting position: its sides, kinds and board sizes
/// (RULES.md D-1, D-12, D-16), with the rule numbers for the description.
struct GameRules {
    game: GameName,
    rules: &'static str,
    sides: [SideName; 2],
    kinds: &'static [KindName],
    /// The schema of the board size: constraints on `width` and `height`.
    size: Value,
}

fn games_rules() -> [GameRules; 3] {
    // Width and height each within (lowest, highest).
    let ranges = |w: (u8, u8), h: (u8, u8)| {
        json!({"properties": {
            "width": {"minimum": w.0, "maximum": w.1},
            "height": {"minimum": h.0, "maximum": h.1},
        }})
    };
    let pp = (pawn_peak::rules::MIN_SIZE, pawn_peak::rules::MAX_SIZE);
    use breakthrough::rules as bt;
    [
        GameRules {
            game: GameName::PawnPeak,
            rules: "RULES.md PP-9.1, D-1, D-2",
            sides: [SideName::Red, SideName::Blue],
            kinds: &[KindName::Scout, KindName::Protector, KindName::Guardian],
            size: ranges(pp, pp),
        },
        GameRules {
            game: GameName::Breakthrough,
            rules: "RULES.md BT-1, BT-4, D-12",
            sides: [SideName::White, SideName::Black],
            kinds: &[KindName::Pawn],
            size: ranges(
                (bt::MIN_WIDTH, bt::MAX_WIDTH),
                (bt::MIN_HEIGHT, bt::MAX_HEIGHT),
            ),
        },
        GameRules {
            game: GameName::Seega,
            rules: "RULES.md SG-1, SG-2, SG-5, D-16",
            sides: [SideName::White, SideName::Black],
            kinds: &[KindName::Stone],
            // Square boards of the allowed sizes: one alternative per size.
            size: json!({"anyOf": seega::rules::SIZES
                .map(|n| json!({"properties": {"width": {"const": n}, "height": {"const": n}}}))}),
        },
    ]
}

/// The `then` part for one game: the constraints on `position`.
fn position_rules(r: &GameRules) -> Value {
    let mut props = serde_json::Map::new();
    props.insert("side_to_move".into(), json!({"enum": r.sides.map(spelled)}));
    props.insert(
        "pieces".into(),
        json!({"items": {"prefixItems": [
            true,
            {"enum": r.sides.map(spelled)},
            {"enum": r.kinds.iter().map(spelled).collect::<Vec<_>>()},
        ]}}),
    );
    for (field, owner) in OWN_FIELDS {
        if owner != r.game {
            props.insert(field.into(), Value::Bool(false));
        }
    }
    let mut position = json!({"properties": props, "allOf": [r.size]});
    if r.game == GameName::PawnPeak {
        // PP-9.1: terrain rows of heights (D-2); at most one piece exited, and not a Guardian:
        // a first exit by a Guardian has already won (PP-8.1).
        let heights = format!("^[0-{}]*$", pawn_peak::rules::MAX_HEIGHT);
        position["required"] = json!(["terrain"]);
        position["properties"]["terrain"] = json!({"items": {"pattern": heights}});
        position["properties"]["exited"] = json!({
            "maxItems": 1,
            "items": {"prefixItems": [true, {"not": {"const": spelled(KindName::Guardian)}}]},
        });
    }
    let own: Vec<&str> = OWN_FIELDS
        .iter()
        .filter(|(_, owner)| *owner == r.game)
        .map(|(f, _)| *f)
        .collect();
    let others: Vec<&str> = OWN_FIELDS
        .iter()
        .filter(|(_, owner)| *owner != r.game)
        .map(|(f, _)| *f)
        .collect();
    position["description"] = format!(
        "A \"{}\" start ({}): sides {}, pieces {}; no {}{}.",
        r.game.as_str(),
        r.rules,
        r.sides.map(|s| format!("{s:?}")).join("/"),
        r.kinds
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
    let blocks: Vec<Value> = games_rules()
        .iter()
        .map(|r| {
            let mut cond = json!({"properties": {"game": {"const": r.game.as_str()}}});
            if r.game != GameName::default() {
                cond["required"] = json!(["game"]);
            }
            json!({"if": cond, "then": position_rules(r)})
        })
        .collect();
    schema.insert("allOf".into(), blocks.into());
}
