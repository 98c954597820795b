//! The Puzzle menu as a whole: a library's `index.json` ([`index`]), the checks of the library
//! ([`mod@check`]: the index against its files, soundness, themes taught, ratings, near-duplicates
//! found by [`duplicates`]) and their findings ([`problem`]), less those the index excepts.

pub mod check;
pub mod duplicates;
mod exceptions;
pub mod index;
pub mod problem;

pub use check::{Coverage, EntryReport, LibraryReport, check};
pub use index::{Entry, Exception, INDEX_FILE, Index, IndexError};
pub use problem::{Excepted, Kind, Problem};

use std::path::Path;

/// The ending of a proof's name when it is kept beside its challenge (`NAME.proof.json`): a
/// proof is not a challenge.
pub const PROOF_ENDING: &str = ".proof.json";

/// Whether a file found in a folder names a challenge: `.ron` or `.json` in any case, not the
/// index ([`INDEX_FILE`]) nor a proof (`NAME.proof.json`). `verify` on a folder and `library
/// check` (its unlisted files) go by this one rule.
#[must_use]
pub fn names_a_challenge(path: &Path) -> bool {
    crate::challenge::Format::names_a_challenge_file(path)
        && path.file_name().is_some_and(|n| {
            n != INDEX_FILE
                && !n
                    .to_string_lossy()
                    .to_ascii_lowercase()
                    .ends_with(PROOF_ENDING)
        })
}
