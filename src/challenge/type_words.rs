//! The file's own words for the types a challenge is read into: the readers' messages name
//! Rust types (`expected struct InHand`, `in PositionSpec`, `expected enum SideName`); a
//! reader of the file knows fields, objects and names, not our types.

use serde::de::DeserializeOwned;

use super::model::{KindName, SideName, Status};
use crate::games::pawn_peak::{PieceKind, Side};

/// How a type is written in a file of one format: `json` picks the JSON spelling.
struct Words {
    /// The Rust type name as serde and RON print it.
    name: &'static str,
    /// What the file calls a value of it.
    noun: &'static str,
    /// Its shape in JSON, then in RON (empty: a name, see [`names_of`]).
    json: &'static str,
    ron: &'static str,
}

const OBJECT: &str = "an object with named fields, {\"name\": value, …}";
const STRUCT: &str = "named fields in parentheses, (name: value, …)";

const WORDS: &[Words] = &[
    Words {
        name: "Challenge",
        noun: "the challenge",
        json: OBJECT,
        ron: STRUCT,
    },
    Words {
        name: "ChallengeV0",
        noun: "the challenge",
        json: OBJECT,
        ron: STRUCT,
    },
    Words {
        name: "VersionOnly",
        noun: "the challenge",
        json: OBJECT,
        ron: STRUCT,
    },
    Words {
        name: "PositionSpec",
        noun: "the position",
        json: OBJECT,
        ron: STRUCT,
    },
    Words {
        name: "Goal",
        noun: "the goal",
        json: OBJECT,
        ron: STRUCT,
    },
    Words {
        name: "Scores",
        noun: "the scores",
        json: OBJECT,
        ron: STRUCT,
    },
    Words {
        name: "InHand",
        noun: "the pieces in hand",
        json: OBJECT,
        ron: STRUCT,
    },
    Words {
        name: "VerificationRecord",
        noun: "the verification record",
        json: OBJECT,
        ron: STRUCT,
    },
    Words {
        name: "PieceSpec",
        noun: "a piece",
        json: "an array [\"square\", side, kind]",
        ron: "(\"square\", side, kind)",
    },
    Words {
        name: "ExitedSpec",
        noun: "an exited piece",
        json: "an array [side, kind]",
        ron: "(side, kind)",
    },
    Words {
        name: "SideName",
        noun: "a side",
        json: "",
        ron: "",
    },
    Words {
        name: "KindName",
        noun: "a piece kind",
        json: "",
        ron: "",
    },
    Words {
        name: "Side",
        noun: "a Pawn&Peak side",
        json: "",
        ron: "",
    },
    Words {
        name: "PieceKind",
        noun: "a Pawn&Peak piece kind",
        json: "",
        ron: "",
    },
    Words {
        name: "Status",
        noun: "a verdict",
        json: "",
        ron: "",
    },
];

/// The names a value of a named-value type may take, as serde lists them in its own
/// "unknown variant" message (`` `Red`, `Blue`, `White`, `Black` ``): asked of the type
/// itself, so the list never goes stale.
fn names_of(name: &str) -> Option<String> {
    fn probe<T: DeserializeOwned>() -> Option<String> {
        let e = serde_json::from_str::<T>("\"\"").err()?.to_string();
        let list = e.split_once("expected one of ")?.1;
        Some(list.split(" at line").next()?.to_string())
    }
    match name {
        "SideName" => probe::<SideName>(),
        "KindName" => probe::<KindName>(),
        "Side" => probe::<Side>(),
        "PieceKind" => probe::<PieceKind>(),
        "Status" => probe::<Status>(),
        _ => None,
    }
}

/// What a value of the type `name` is, in the file's words: `the pieces in hand, an object
/// with named fields, {"name": value, …}` or `a side: one of `Red`, `Blue`, …`.
fn described(name: &str, json: bool) -> Option<String> {
    let w = WORDS.iter().find(|w| w.name == name)?;
    let shape = if json { w.json } else { w.ron };
    Some(if shape.is_empty() {
        match names_of(name) {
            Some(names) => format!("{}: one of {names}", w.noun),
            None => w.noun.to_string(),
        }
    } else {
        format!("{}, {shape}", w.noun)
    })
}

/// The type a field path holds when it is one with named values (`position.side_to_move`,
/// a piece's side and kind, an exited piece's, the verdict).
fn named_type_at(field: &str) -> Option<&'static str> {
    let (head, last) = match field.rsplit_once('[') {
        Some((head, index)) => (head, index.trim_end_matches(']')),
        None => (field, ""),
    };
    Some(
        match (head.rsplit_once('.').map_or(head, |(_, f)| f), last) {
            (_, "") if field.ends_with("side_to_move") => "SideName",
            (_, "") if field.ends_with("verdict") => "Status",
            (f, "1") if f.starts_with("pieces[") => "SideName",
            (f, "2") if f.starts_with("pieces[") => "KindName",
            (f, "0") if f.starts_with("exited[") => "Side",
            (f, "1") if f.starts_with("exited[") => "PieceKind",
            _ => return None,
        },
    )
}

/// The least whole number the field at `field` may hold once the challenge is checked: a
/// goal and a move limit of 0 are refused, so an out-of-range value there names 1 as the least.
#[must_use]
pub(super) fn least_whole_number(field: &str) -> u64 {
    match field.rsplit('.').next() {
        Some("player_moves" | "move_limit") => 1,
        _ => 0,
    }
}

/// When `field` holds a named value (a side, a kind, a verdict): the message that it expects
/// one of its names, written in quotes in JSON and without in RON, and found `found`.
#[must_use]
pub(super) fn expected_name(field: &str, found: &str, json: bool) -> Option<String> {
    let t = described(named_type_at(field)?, json)?;
    let how = if json { "in quotes" } else { "without quotes" };
    Some(format!("expected {t} ({how}), found {found}"))
}

/// The largest whole number the field at `field` holds, by its name (RON's out-of-range
/// error does not say; JSON's names the type, and a test holds the two to agree).
#[must_use]
pub(super) fn whole_number_max(field: &str) -> Option<u64> {
    let name = field.rsplit('.').next()?;
    Some(match name {
        "width" | "height" | "white" | "black" => u8::MAX.into(),
        "red" | "blue" | "move_counter" | "move_limit" => u16::MAX.into(),
        "player_moves" | "format_version" => u32::MAX.into(),
        "nodes" => u64::MAX,
        _ => return None,
    })
}

/// `message` with the Rust type names it holds put in the file's words (`json`: the JSON
/// spellings, else RON's). `field` is the path of the value at fault, `found` how the value
/// found there is shown (`` `0` ``): JSON's bare "expected value" (a number or `true` where a
/// name is expected) becomes what the field takes.
#[must_use]
pub(super) fn in_file_terms(message: &str, field: &str, found: &str, json: bool) -> String {
    if message == "expected value" {
        return expected_name(field, found, json).unwrap_or_else(|| message.to_string());
    }
    if message.ends_with("expected a sequence") {
        let list = if json {
            "an array, [ … ]"
        } else {
            "a list, [ … ]"
        };
        return message.replace("expected a sequence", &format!("expected {list}"));
    }
    // RON: `Expected opening `(` for struct `InHand``.
    if let Some(name) = message.strip_prefix("Expected opening `(` for struct ")
        && let Some(d) = described(name.trim_matches('`'), json)
    {
        return format!("expected {d}, found {found}");
    }
    // RON: `Expected tuple struct PieceSpec with 3 elements but found 2 elements instead`.
    if let Some(rest) = message.strip_prefix("Expected tuple struct ")
        && let Some((name, counts)) = rest.split_once(" with ")
        && let Some(d) = described(name.trim_matches('`'), json)
    {
        let counts = counts
            .trim_end_matches(" instead")
            .replace(" elements", " items")
            .replace(" element", " item")
            .replace(" but found ", ", found ");
        return format!("expected {d}: {counts}");
    }
    // RON: `Unexpected variant named `Green` in enum `SideName`, expected one of … instead`.
    if let Some((head, rest)) = message.split_once(" in enum `")
        && let Some((name, tail)) = rest.split_once('`')
        && let Some(w) = WORDS.iter().find(|w| w.name == name)
    {
        let value = head
            .strip_prefix("Unexpected variant named ")
            .unwrap_or(head);
        return format!(
            "{value} is not {}{}",
            w.noun,
            tail.trim_end_matches(" instead")
        );
    }
    // RON: a map or a list that does not open where one is expected (`title: []`).
    if message == "Expected opening `{`" {
        return format!("expected texts by language, {{ \"en\": \"…\" }}, found {found}");
    }
    if message == "Expected opening `[`" {
        return format!("expected a list, [ … ], found {found}");
    }
    // RON: a string the file ends inside.
    if message == "Expected end of string" {
        return "a string without its closing `\"`: the file ends inside it".to_string();
    }
    let mut out = message.to_string();
    for w in WORDS {
        for (pattern, whole_word) in [
            (format!("expected tuple struct {}", w.name), false),
            (format!("expected struct {}", w.name), false),
            (format!("expected enum {}", w.name), false),
            (format!("Expected struct `{}`", w.name), false),
            (format!("Expected enum `{}`", w.name), false),
            (format!("expected struct `{}`", w.name), false),
            (format!("in `{}`", w.name), false),
            (format!("in {}", w.name), true),
        ] {
            if !out.contains(&pattern) || (whole_word && !pattern_ends_word(&out, &pattern)) {
                continue;
            }
            let replacement = if pattern.starts_with("in ") {
                format!("in {}", w.noun)
            } else {
                format!("expected {}", described(w.name, json).unwrap_or_default())
            };
            out = out.replace(&pattern, &replacement);
        }
    }
    out
}

/// Whether `pattern` occurs in `text` followed by no more letters (so `in Side` does not match
/// `in SideName`).
fn pattern_ends_word(text: &str, pattern: &str) -> bool {
    text.match_indices(pattern).any(|(i, _)| {
        !text[i + pattern.len()..]
            .chars()
            .next()
            .is_some_and(char::is_alphanumeric)
    })
}

#[cfg(test)]
mod tests {
    use super::in_file_terms;

    #[test]
    fn rust_type_names_become_the_files_words() {
        let m = in_file_terms(
            "invalid type: integer `4`, expected struct InHand",
            "position.in_hand",
            "`4`",
            true,
        );
        assert!(
            m.contains("the pieces in hand, an object") && !m.contains("InHand"),
            "{m}"
        );
        let m = in_file_terms(
            "Expected opening `(` for struct `PositionSpec`",
            "position",
            "`5`",
            false,
        );
        assert_eq!(
            m,
            "expected the position, named fields in parentheses, (name: value, …), found `5`"
        );
        let m = in_file_terms("Expected opening `{`", "title", "a list", false);
        assert_eq!(
            m,
            "expected texts by language, { \"en\": \"…\" }, found a list"
        );
        let m = in_file_terms(
            "Expected tuple struct PieceSpec with 3 elements but found 2 elements instead",
            "position.pieces[0]",
            "",
            false,
        );
        assert_eq!(
            m,
            "expected a piece, (\"square\", side, kind): 3 items, found 2 items"
        );
        let m = in_file_terms("expected value", "position.side_to_move", "`0`", true);
        assert!(
            m.contains("`Red`, `Blue`, `White`, `Black`") && m.ends_with("found `0`"),
            "{m}"
        );
        let m = in_file_terms("expected value", "position.pieces[2][2]", "`true`", true);
        assert!(
            m.starts_with("expected a piece kind: one of `Scout`"),
            "{m}"
        );
        let m = in_file_terms(
            "Unexpected missing field named `move_limit` in `PositionSpec`",
            "position",
            "",
            false,
        );
        assert_eq!(
            m,
            "Unexpected missing field named `move_limit` in the position"
        );
    }
}
