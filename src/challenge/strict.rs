//! What the readers refuse beyond serde's defaults, so that the readers refuse what the schema
//! refuses: a JSON array where the model has an object (serde would read a struct from its
//! fields in order: a "positional" challenge), and a key given twice in a text map (two `"en"`
//! titles, which a map would silently merge).

use serde::de::{Deserializer, MapAccess, Visitor};

use super::model::Texts;

/// Deserializes a text map (`title`, `tutorial`, `hint`), refusing a key given twice.
///
/// # Errors
/// `the key "en" is given twice` (the format adds the line and column), and the map's own
/// errors.
pub(super) fn unique_texts<'de, D: Deserializer<'de>>(d: D) -> Result<Texts, D::Error> {
    struct Unique;
    impl<'de> Visitor<'de> for Unique {
        type Value = Texts;

        fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str("a map of language codes to texts")
        }

        fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Texts, A::Error> {
            let mut out = Texts::new();
            while let Some((k, v)) = map.next_entry::<String, String>()? {
                if out.contains_key(&k) {
                    return Err(serde::de::Error::custom(format!(
                        "the key \"{k}\" is given twice (each language once)"
                    )));
                }
                out.insert(k, v);
            }
            Ok(out)
        }
    }
    d.deserialize_map(Unique)
}

/// A challenge with every field present (each optional one given, each list one item long),
/// written as JSON: what a text that does not read as a challenge is compared with by
/// [`positional_struct`], so that a struct given as an array is named as such even when
/// serde fails inside it (a positional `position` fails on its eighth item).
#[must_use]
pub(super) fn full_model() -> serde_json::Value {
    use super::model::{
        Challenge, ExitedSpec, FORMAT_VERSION, Goal, InHand, KindName, PieceSpec, PositionSpec,
        Scores, SideName, Status, VerificationRecord,
    };
    use crate::games::pawn_peak::{PieceKind, Side};
    let text = || Texts::from([(String::new(), String::new())]);
    let ch = Challenge {
        format_version: FORMAT_VERSION,
        id: String::new(),
        title: text(),
        tutorial: text(),
        hint: text(),
        game: crate::games::GameName::default(),
        position: PositionSpec {
            width: 0,
            height: 0,
            terrain: Some(vec![String::new()]),
            pieces: vec![PieceSpec(String::new(), SideName::Red, KindName::Scout)],
            side_to_move: SideName::Red,
            scores: Some(Scores { red: 0, blue: 0 }),
            exited: Some(vec![ExitedSpec(Side::Red, PieceKind::Scout)]),
            in_hand: Some(InHand { white: 0, black: 0 }),
            chain: Some(String::new()),
            move_counter: 0,
            move_limit: 0,
        },
        goal: Goal { player_moves: 0 },
        solution: vec![String::new()],
        teaches: vec![String::new()],
        verification: Some(VerificationRecord {
            verdict: Status::Sound,
            key_move: String::new(),
            main_line: vec![String::new()],
            solver_version: String::new(),
            rules_version: String::new(),
            nodes: 0,
            position_key: String::new(),
        }),
    };
    serde_json::to_value(ch).unwrap_or_default()
}

/// The first place where the JSON text has an array and the model, written back as JSON, has
/// an object: the field path (`""` for the whole document) of that value. Maps and structs are
/// compared key by key, arrays item by item; anything else matches.
#[must_use]
pub(super) fn positional_struct(
    input: &serde_json::Value,
    model: &serde_json::Value,
) -> Option<String> {
    use serde_json::Value;
    match (input, model) {
        (Value::Array(_), Value::Object(_)) => Some(String::new()),
        (Value::Object(a), Value::Object(b)) => a.iter().find_map(|(k, v)| {
            let inner = positional_struct(v, b.get(k)?)?;
            Some(join(k, &inner))
        }),
        (Value::Array(a), Value::Array(b)) => {
            a.iter().zip(b).enumerate().find_map(|(i, (x, y))| {
                let inner = positional_struct(x, y)?;
                Some(if inner.is_empty() {
                    format!("[{i}]")
                } else {
                    format!("[{i}].{inner}")
                })
            })
        }
        _ => None,
    }
}

fn join(key: &str, inner: &str) -> String {
    if inner.is_empty() {
        key.to_string()
    } else if inner.starts_with('[') {
        format!("{key}{inner}")
    } else {
        format!("{key}.{inner}")
    }
}
