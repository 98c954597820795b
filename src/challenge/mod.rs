//! Challenge files (DESIGN.md "Files"): the serde model, validation into a checked starting
//! position, and RON/JSON reading and atomic writing.

mod io;
mod migrate;
mod model;
mod schema;
mod validate;

pub use io::{
    ChallengeError, Format, MAX_FILE_BYTES, line_of_field, load, load_valid, parse, save, to_text,
    write_atomic,
};
pub use migrate::ChallengeV0;
pub use model::{
    Challenge, ExitedSpec, FORMAT_VERSION, GameName, Goal, PieceSpec, PositionSpec, RULES_VERSION,
    Scores, Texts, VerificationRecord,
};
pub use schema::challenge_schema_text;
pub use validate::{Problem, build_position, spec_of, validate};
