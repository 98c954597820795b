//! The Puzzle menu as a whole: a library's `index.json` ([`index`]), the checks of the library
//! ([`mod@check`]: the index against its files, soundness, themes taught, ratings, near-duplicates
//! found by [`duplicates`]) and their findings ([`problem`]).

pub mod check;
pub mod duplicates;
pub mod index;
pub mod problem;

pub use check::{Coverage, EntryReport, LibraryReport, check};
pub use index::{Entry, Exception, INDEX_FILE, Index, IndexError};
pub use problem::{Excepted, Kind, Problem};
