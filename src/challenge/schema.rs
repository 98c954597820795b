//! The JSON Schema of challenge files, generated from the serde model by schemars. The
//! committed copy is `schemas/challenge.schema.json`; a test fails when it drifts.

use super::model::Challenge;

/// The JSON Schema (draft 2020-12) of a challenge file, as pretty JSON ending in a newline.
#[must_use]
pub fn challenge_schema_text() -> String {
    let schema = schemars::schema_for!(Challenge);
    let mut s = serde_json::to_string_pretty(&schema).expect("a schema is plain JSON");
    s.push('\n');
    s
}
