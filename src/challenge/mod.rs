//! Challenge files (DESIGN.md "Files"): the serde model, validation into a checked starting
//! position of the challenge's game, and RON/JSON reading and atomic writing.

mod authoring;
mod board_spec;
mod checked;
mod intended;
mod io;
mod lines;
mod messages;
mod migrate;
mod model;
mod pawn_peak_spec;
mod placeholder;
mod plain;
mod schema;
mod staged;
mod strict;
mod type_words;
mod validate;

/// The game names, re-exported from [`crate::games`] where the rule sets are listed.
pub use crate::games::{GAMES, GameName};
pub use authoring::{Authored, Authoring, NewStart, Sizes};
pub use checked::Checked;
pub use intended::{LineProblem, line_move, longer_than_goal, read_line};
pub use io::{
    ChallengeError, Format, MAX_FILE_BYTES, Staged, invalid_in, io_reason, line_of_field, load,
    load_valid, load_with_text, parse, save, stage_all, to_text, write_all_atomic, write_atomic,
};
pub use lines::{FieldLines, SHOWN_PER_KIND, summarise};
pub(crate) use messages::json_reason;
pub use migrate::ChallengeV0;
pub use model::{
    Challenge, ExitedSpec, FORMAT_VERSION, Goal, InHand, KindName, PieceSpec, PositionSpec,
    RULES_VERSION, Scores, SideName, Status, Texts, VerificationRecord,
};
pub use pawn_peak_spec::{build_position, spec_of};
pub use placeholder::{
    NEW_ID, PLACEHOLDER_TUTORIAL, STANDARD_ID, TO_WRITE, is_placeholder_id, is_placeholder_text,
    placeholder_texts,
};
pub use schema::challenge_schema_text;
pub use staged::{TEMP_PREFIX, TEMP_SUFFIX};
pub use validate::{ChallengeGame, Problem, spec_of_any, validate, validate_as};
