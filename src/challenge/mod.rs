//! Challenge files (DESIGN.md "Files"): the serde model, validation into a checked starting
//! position of the challenge's game, and RON/JSON reading and atomic writing.

mod board_spec;
mod dispatch;
mod io;
mod lines;
mod messages;
mod migrate;
mod model;
mod pawn_peak_spec;
mod plain;
mod schema;
mod strict;
mod validate;

pub use dispatch::{ForGame, RuleSet};
pub use io::{
    ChallengeError, Format, MAX_FILE_BYTES, invalid, line_of_field, load, load_valid,
    load_valid_as, parse, save, to_text, write_atomic,
};
pub use lines::{FieldLines, SHOWN_PER_KIND};
pub use migrate::ChallengeV0;
pub use model::{
    Challenge, ExitedSpec, FORMAT_VERSION, GAMES, GameName, Goal, InHand, KindName, PieceSpec,
    PositionSpec, RULES_VERSION, Scores, SideName, Texts, VerificationRecord,
};
pub use pawn_peak_spec::{build_position, spec_of};
pub use schema::challenge_schema_text;
pub use validate::{ChallengeGame, Problem, validate, validate_any, validate_as};
