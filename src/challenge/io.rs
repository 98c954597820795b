//! Reading and writing challenge files: RON (`.ron`, for people) or JSON (`.json`, for
//! pipelines), chosen by extension. Errors name the file, the line and column or the field.
//! Writes are atomic: staged beside the target, then put in its place in one step (see
//! [`Staged`]).

use std::fs;
use std::path::{Path, PathBuf};

use super::lines::FieldLines;
use super::migrate::{ChallengeV0, VersionOnly};
use super::model::Challenge;
pub use super::staged::Staged;
use super::validate::Problem;
use crate::excerpt::path_text;

/// A file format for challenges.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// Rusty Object Notation, pretty-printed.
    Ron,
    /// JSON, pretty-printed.
    Json,
}

impl Format {
    /// Whether a path's extension is one of a challenge file: `.ron` or `.json`, in any case.
    #[must_use]
    pub fn names_a_challenge_file(path: &Path) -> bool {
        path.extension()
            .and_then(|e| e.to_str())
            .is_some_and(|e| e.eq_ignore_ascii_case("ron") || e.eq_ignore_ascii_case("json"))
    }

    /// The format a path's extension names: `.json` is JSON, anything else RON.
    #[must_use]
    pub fn of_path(path: &Path) -> Format {
        match path.extension().and_then(|e| e.to_str()) {
            Some(e) if e.eq_ignore_ascii_case("json") => Format::Json,
            _ => Format::Ron,
        }
    }
}

/// Why a challenge file could not be read, written or accepted.
#[derive(Debug, thiserror::Error)]
pub enum ChallengeError {
    /// The file could not be read or written.
    #[error("{}: {}", path_text(path), io_reason(source))]
    Io {
        /// The file.
        path: PathBuf,
        /// The operating system's error.
        source: std::io::Error,
    },
    /// The text is not a well-formed challenge (syntax, unknown field, wrong type).
    #[error("{}:{line}:{column}: {message}", path_text(path))]
    Syntax {
        /// The file.
        path: PathBuf,
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// What is wrong.
        message: String,
    },
    /// The challenge is well formed but breaks the rules of a challenge (PP-9, BT, SG).
    #[error("{}: invalid challenge:\n{}", path_text(path), problems.iter().map(|(l, p)| match l { Some(l) => format!("  line {l}: {p}"), None => format!("  {p}") }).collect::<Vec<_>>().join("\n"))]
    Invalid {
        /// The file.
        path: PathBuf,
        /// Each problem, with the line of its field where it could be found.
        problems: Vec<(Option<usize>, Problem)>,
    },
}

/// An I/O error in words, without the system's error number (`(os error 2)`): what a user
/// reads.
#[must_use]
pub fn io_reason(e: &std::io::Error) -> String {
    let text = e.to_string();
    match text.rfind(" (os error ") {
        Some(i) if text.ends_with(')') => text[..i].to_string(),
        _ => text,
    }
}

/// The largest challenge file read, in bytes: a challenge is a few kilobytes.
pub const MAX_FILE_BYTES: u64 = 1 << 20;

/// Parses challenge text in a format; `path` names the source in errors. A file of an older
/// `format_version` is read with its own model and migrated (see `migrate`).
///
/// # Errors
/// [`ChallengeError::Syntax`] with the line and column of the fault.
pub fn parse(text: &str, format: Format, path: &Path) -> Result<Challenge, ChallengeError> {
    // The version picks the model; older versions go through their migration step. A file
    // that reads as the current model with a version other than 0 is read as it would be
    // after reading the version alone (one pass over the text instead of two).
    let ch = match parse_as::<Challenge>(text, format, path) {
        Ok(ch) if ch.format_version != 0 => Ok(ch),
        current => match parse_as::<VersionOnly>(text, format, path).map(|v| v.format_version) {
            Ok(0) => parse_as::<ChallengeV0>(text, format, path)
                .map(Challenge::from)
                .map_err(version_0_said),
            _ => current,
        },
    };
    if format == Format::Json {
        // Read or not, a struct given as an array is named as that (serde reads one, or fails
        // somewhere inside it with a message about the wrong item).
        let model = match &ch {
            Ok(ch) => serde_json::to_value(ch).ok(),
            Err(_) => Some(super::strict::full_model()),
        };
        if let Some(model) = model {
            refuse_positional_json(text, &model, path)?;
        }
    }
    ch
}

/// A fault of a file that says `format_version: 0`: read with version 0's fields, which the
/// message says (a file of today's fields with a 0 left in it reads `title: expected string`
/// otherwise, without a word of why).
fn version_0_said(e: ChallengeError) -> ChallengeError {
    match e {
        ChallengeError::Syntax {
            path,
            line,
            column,
            message,
        } => ChallengeError::Syntax {
            path,
            line,
            column,
            message: format!(
                "{message} (the file says format_version: 0, so it is read with version 0's \
                 fields; set format_version to {} for today's)",
                super::model::FORMAT_VERSION
            ),
        },
        e => e,
    }
}

/// Refuses a JSON text that gives a struct as an array of its fields in order (serde reads
/// that; the schema says object): `model` is the challenge read, or
/// [`super::strict::full_model`].
fn refuse_positional_json(
    text: &str,
    model: &serde_json::Value,
    path: &Path,
) -> Result<(), ChallengeError> {
    let Ok(input) = serde_json::from_str::<serde_json::Value>(text) else {
        return Ok(());
    };
    let Some(field) = super::strict::positional_struct(&input, model) else {
        return Ok(());
    };
    let lines = FieldLines::new(text);
    let at = if field.is_empty() {
        text.len() - text.trim_start().len()
    } else {
        lines.value_offset(&field).unwrap_or(0)
    };
    let (line, column) = lines.place(at);
    let what = if field.is_empty() {
        "a challenge".to_string()
    } else {
        format!("{field}:")
    };
    Err(ChallengeError::Syntax {
        path: path.to_path_buf(),
        line,
        column,
        message: format!(
            "{what} expected an object with named fields ({{\"name\": value, …}}), found an \
             array (values by position are not read)"
        ),
    })
}

/// Deserializes `T`, naming the field at fault (`position.pieces[2]: …`) with the line and
/// column (serde_path_to_error tracks the path; the format's own error gives the place).
fn parse_as<T: serde::de::DeserializeOwned>(
    text: &str,
    format: Format,
    path: &Path,
) -> Result<T, ChallengeError> {
    let syntax = |f: super::messages::Fault| {
        let message = if f.field.is_empty() || f.field == "." {
            f.message
        } else {
            format!("{}: {}", f.field, f.message)
        };
        ChallengeError::Syntax {
            path: path.to_path_buf(),
            line: f.line,
            column: f.column,
            message,
        }
    };
    match format {
        Format::Ron => {
            let spanned = |e: ron::error::SpannedError, field: String| {
                syntax(super::messages::ron_fault(text, &e, field))
            };
            let mut de = ron::Deserializer::from_str_with_options(text, &ron::Options::default())
                .map_err(|e| spanned(e, String::new()))?;
            let value = serde_path_to_error::deserialize(&mut de).map_err(|e| {
                let field = known_path(&e);
                spanned(de.span_error(e.into_inner()), field)
            })?;
            de.end()
                .map_err(|e| spanned(de.span_error(e), String::new()))?;
            Ok(value)
        }
        Format::Json => {
            let json = |e: serde_json::Error, field: String| {
                syntax(super::messages::json_fault(text, &e, field))
            };
            let mut de = serde_json::Deserializer::from_str(text);
            let value = serde_path_to_error::deserialize(&mut de).map_err(|e| {
                let field = known_path(&e);
                json(e.into_inner(), field)
            })?;
            de.end().map_err(|e| json(e, String::new()))?;
            Ok(value)
        }
    }
}

/// The field path of a deserialisation error without the segments serde could not name
/// (`position.?` → `position`).
fn known_path<E>(e: &serde_path_to_error::Error<E>) -> String {
    e.path()
        .to_string()
        .split('.')
        .filter(|s| *s != "?")
        .collect::<Vec<_>>()
        .join(".")
}

/// Reads a challenge file (not yet validated).
///
/// # Errors
/// I/O errors, something that is not a regular file, a file over [`MAX_FILE_BYTES`], text
/// that is not UTF-8, and syntax errors.
pub fn load(path: &Path) -> Result<Challenge, ChallengeError> {
    load_with_text(path).map(|(ch, _)| ch)
}

/// Reads a challenge file (not yet validated), with its text (without a byte order mark), read
/// once, for the line lookups of [`invalid_in`].
///
/// # Errors
/// As [`load`].
pub fn load_with_text(path: &Path) -> Result<(Challenge, String), ChallengeError> {
    let io = |source| ChallengeError::Io {
        path: path.to_path_buf(),
        source,
    };
    let meta = fs::metadata(path).map_err(io)?;
    if !meta.is_file() {
        // A folder, a named pipe (reading would wait for a writer forever) or a device.
        return Err(io(std::io::Error::other("not a regular file")));
    }
    if meta.len() > MAX_FILE_BYTES {
        return Err(ChallengeError::Syntax {
            path: path.to_path_buf(),
            line: 1,
            column: 1,
            message: format!(
                "the file has {} bytes; a challenge file has at most {MAX_FILE_BYTES}",
                meta.len()
            ),
        });
    }
    let bytes = fs::read(path).map_err(io)?;
    let text = String::from_utf8(bytes).map_err(|e| {
        let upto = &e.as_bytes()[..e.utf8_error().valid_up_to()];
        let line = upto.iter().filter(|&&b| b == b'\n').count() + 1;
        let column = upto.iter().rev().take_while(|&&b| b != b'\n').count() + 1;
        ChallengeError::Syntax {
            path: path.to_path_buf(),
            line,
            column,
            message: "the file is not valid UTF-8 text".into(),
        }
    })?;
    // A UTF-8 byte order mark (some Windows editors write one) is not part of the text.
    let text = text
        .strip_prefix('\u{feff}')
        .map(str::to_string)
        .unwrap_or(text);
    let ch = parse(&text, Format::of_path(path), path)?;
    Ok((ch, text))
}

/// Reads and validates a challenge file of whichever game its `game` field names.
///
/// # Errors
/// As [`load`], plus [`ChallengeError::Invalid`] listing every problem with its line.
pub fn load_valid(path: &Path) -> Result<super::Checked, ChallengeError> {
    let (ch, text) = load_with_text(path)?;
    super::validate::validate(&ch).map_err(|problems| invalid_in(path, &text, problems))
}

/// [`ChallengeError::Invalid`] for the problems of a file whose text is `text` (as read once by
/// [`load_with_text`]), each with the line of its field (one index of the text, so linear in
/// the file's size and the problems), the problems of one kind after the first few summarised
/// (after ten of a kind: `and N more like it`).
#[must_use]
pub fn invalid_in(path: &Path, text: &str, problems: Vec<Problem>) -> ChallengeError {
    let lines = FieldLines::new(text);
    let located = problems
        .into_iter()
        .map(|p| (lines.line_of(&p.field), p))
        .collect();
    ChallengeError::Invalid {
        path: path.to_path_buf(),
        problems: super::lines::summarise(located),
    }
}

/// The 1-based line of a field path in the text (see [`FieldLines::line_of`]); to locate
/// many fields of one text, build one [`FieldLines`].
#[must_use]
pub fn line_of_field(text: &str, field: &str) -> Option<usize> {
    FieldLines::new(text).line_of(field)
}

/// The text of a challenge in a format: pretty RON or pretty JSON, ending in a newline.
///
/// # Errors
/// Serialisation errors (not expected for a valid model).
pub fn to_text(ch: &Challenge, format: Format) -> Result<String, String> {
    let mut s = match format {
        Format::Ron => {
            let cfg = ron::ser::PrettyConfig::new()
                .escape_strings(false)
                .indentor("    ".to_string())
                .struct_names(false);
            ron::ser::to_string_pretty(ch, cfg).map_err(|e| e.to_string())?
        }
        Format::Json => serde_json::to_string_pretty(ch).map_err(|e| e.to_string())?,
    };
    s.push('\n');
    Ok(s)
}

/// Writes bytes atomically (see [`Staged`]): staged, then committed.
///
/// # Errors
/// The I/O error, or why `path` cannot be replaced, naming the file.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), ChallengeError> {
    Staged::write(path, bytes)?.commit()
}

/// Writes several files so that either all are replaced or, when any cannot be written, none
/// is: every file is staged (written and synced beside its target) before the first is
/// committed. Only a failure of a rename itself, after the others were staged, could leave a
/// part replaced (not expected in a folder where the staging succeeded).
///
/// # Errors
/// The first file's error ([`Staged::write`], [`Staged::commit`]); nothing was written when
/// staging failed.
pub fn write_all_atomic(files: &[(&Path, &[u8])]) -> Result<(), ChallengeError> {
    stage_all(files)?.into_iter().try_for_each(Staged::commit)
}

/// Stages every file ([`Staged::write`]) and commits none: the caller commits them when
/// what else must succeed did (`export` prints its report first), or drops them.
///
/// # Errors
/// The first file's error; nothing was written.
pub fn stage_all(files: &[(&Path, &[u8])]) -> Result<Vec<Staged>, ChallengeError> {
    files.iter().map(|(p, b)| Staged::write(p, b)).collect()
}

/// Saves a challenge in the format its path's extension names, atomically.
///
/// # Errors
/// As [`write_atomic`].
pub fn save(ch: &Challenge, path: &Path) -> Result<(), ChallengeError> {
    let text = to_text(ch, Format::of_path(path)).map_err(|e| ChallengeError::Io {
        path: path.to_path_buf(),
        source: std::io::Error::other(e),
    })?;
    write_atomic(path, text.as_bytes())
}
