//! What the library check finds: each problem a [`Kind`] (its JSON name, what an exception
//! names) and a message naming the entry or entries and the reason.

use serde::{Deserialize, Serialize};

/// The kinds of problem a library can have.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// An entry whose file is missing.
    MissingFile,
    /// An entry whose file is there but is not a valid challenge (bad input: exit 2).
    InvalidFile,
    /// A challenge file in the folder that no entry lists.
    UnlistedFile,
    /// Two entries with one id.
    DuplicateId,
    /// An entry's id is not its file's.
    IdMismatch,
    /// An id left as a template's (`new-challenge`) or the generator's.
    PlaceholderId,
    /// A text left as a template's or the generator's.
    PlaceholderText,
    /// An entry's titles are not its file's.
    TitleMismatch,
    /// An entry's game is not its file's.
    GameMismatch,
    /// Orders that do not run 1, 2, 3… in list order.
    Order,
    /// A language that some entry has, missing from a text of this one.
    MissingLanguage,
    /// A tutorial that does not verify sound.
    NotSound,
    /// A theme of a game that no tutorial of it teaches.
    ThemeNotTaught,
    /// A rating below the one before it in the game's part of the menu.
    RatingFalls,
    /// Two tutorials that are the same puzzle, mirrored or shifted.
    NearDuplicate,
}

impl Kind {
    /// The JSON name.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::MissingFile => "missing_file",
            Kind::InvalidFile => "invalid_file",
            Kind::UnlistedFile => "unlisted_file",
            Kind::DuplicateId => "duplicate_id",
            Kind::IdMismatch => "id_mismatch",
            Kind::PlaceholderId => "placeholder_id",
            Kind::PlaceholderText => "placeholder_text",
            Kind::TitleMismatch => "title_mismatch",
            Kind::GameMismatch => "game_mismatch",
            Kind::Order => "order",
            Kind::MissingLanguage => "missing_language",
            Kind::NotSound => "not_sound",
            Kind::ThemeNotTaught => "theme_not_taught",
            Kind::RatingFalls => "rating_falls",
            Kind::NearDuplicate => "near_duplicate",
        }
    }
}

/// One problem of a library.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Problem {
    /// The entry it is about (its id), `None` for the library as a whole.
    pub entry: Option<String>,
    /// That entry's place in the menu (`order` in index.json): what tells two entries of one
    /// id apart. Absent for the library as a whole.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub order: Option<u32>,
    /// Its kind.
    pub kind: Kind,
    /// What is wrong, in words.
    pub message: String,
    /// The theme it is about, for [`Kind::ThemeNotTaught`].
    #[serde(skip_serializing_if = "Option::is_none")]
    pub theme: Option<String>,
}

/// A problem a designer excepted, with the reason written in the index.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Excepted {
    /// The problem.
    #[serde(flatten)]
    pub problem: Problem,
    /// The reason.
    pub why: String,
}

/// The one wording of a problem: `kind: entry: message` (the entry when it is about one).
impl std::fmt::Display for Problem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: ", self.kind.as_str())?;
        if let Some(e) = &self.entry {
            write!(f, "{e}: ")?;
        }
        f.write_str(&self.message)
    }
}

/// The one wording of an excepted problem: `kind: message (why: reason)`.
impl std::fmt::Display for Excepted {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}: {} (why: {})",
            self.problem.kind.as_str(),
            self.problem.message,
            self.why
        )
    }
}
