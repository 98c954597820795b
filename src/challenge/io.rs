//! Reading and writing challenge files: RON (`.ron`, for people) or JSON (`.json`, for
//! pipelines), chosen by extension. Errors name the file, the line and column or the field.
//! Writes are atomic: a temporary file beside the target, flushed, then renamed over it.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use super::migrate::{ChallengeV0, VersionOnly};
use super::model::Challenge;
use super::validate::{ChallengeGame, Problem};

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
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The operating system's error.
        source: std::io::Error,
    },
    /// The text is not a well-formed challenge (syntax, unknown field, wrong type).
    #[error("{path}:{line}:{column}: {message}")]
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
    #[error("{path}: invalid challenge:\n{}", problems.iter().map(|(l, p)| match l { Some(l) => format!("  line {l}: {p}"), None => format!("  {p}") }).collect::<Vec<_>>().join("\n"))]
    Invalid {
        /// The file.
        path: PathBuf,
        /// Each problem, with the line of its field where it could be found.
        problems: Vec<(Option<usize>, Problem)>,
    },
}

/// The largest challenge file read, in bytes: a challenge is a few kilobytes.
pub const MAX_FILE_BYTES: u64 = 1 << 20;

/// Parses challenge text in a format; `path` names the source in errors. A file of an older
/// `format_version` is read with its own model and migrated (see `migrate`).
///
/// # Errors
/// [`ChallengeError::Syntax`] with the line and column of the fault.
pub fn parse(text: &str, format: Format, path: &Path) -> Result<Challenge, ChallengeError> {
    // The version picks the model; older versions go through their migration step.
    match parse_as::<VersionOnly>(text, format, path).map(|v| v.format_version) {
        Ok(0) => parse_as::<ChallengeV0>(text, format, path).map(Challenge::from),
        _ => parse_as::<Challenge>(text, format, path),
    }
}

/// Deserializes `T`, naming the field at fault (`position.pieces[2]: …`) with the line and
/// column (serde_path_to_error tracks the path; the format's own error gives the place).
fn parse_as<T: serde::de::DeserializeOwned>(
    text: &str,
    format: Format,
    path: &Path,
) -> Result<T, ChallengeError> {
    let syntax = |line: usize, column: usize, field: String, message: String| {
        let message = if field.is_empty() || field == "." {
            message
        } else {
            format!("{field}: {message}")
        };
        ChallengeError::Syntax {
            path: path.to_path_buf(),
            line,
            column,
            message,
        }
    };
    match format {
        Format::Ron => {
            let spanned = |e: ron::error::SpannedError, field: String| {
                syntax(
                    e.span.start.line,
                    e.span.start.col,
                    field,
                    e.code.to_string(),
                )
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
            let mut de = serde_json::Deserializer::from_str(text);
            let value = serde_path_to_error::deserialize(&mut de).map_err(|e| {
                let field = known_path(&e);
                let e = e.into_inner();
                let place = format!(" at line {} column {}", e.line(), e.column());
                let message = e.to_string();
                let message = message.strip_suffix(&place).unwrap_or(&message).to_string();
                syntax(e.line(), e.column(), field, message)
            })?;
            de.end()
                .map_err(|e| syntax(e.line(), e.column(), String::new(), e.to_string()))?;
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

/// Reads and validates a challenge file of whichever game its `game` field names, returning it
/// with its starting position.
///
/// # Errors
/// As [`load`], plus [`ChallengeError::Invalid`] listing every problem with its line.
pub fn load_valid(path: &Path) -> Result<(Challenge, crate::games::AnyPosition), ChallengeError> {
    let (ch, text) = load_with_text(path)?;
    match super::validate::validate(&ch) {
        Ok(p) => Ok((ch, p)),
        Err(problems) => Err(invalid_in(path, &text, problems)),
    }
}

/// Reads and validates a challenge file of rule set `G`, returning it with its starting
/// position.
///
/// # Errors
/// As [`load`], plus [`ChallengeError::Invalid`] listing every problem with its line (a file
/// of another game is one such problem, on its `game` field).
pub fn load_valid_as<G: ChallengeGame>(path: &Path) -> Result<(Challenge, G), ChallengeError> {
    let (ch, text) = load_with_text(path)?;
    match super::validate::validate_as::<G>(&ch) {
        Ok(p) => Ok((ch, p)),
        Err(problems) => Err(invalid_in(path, &text, problems)),
    }
}

/// [`ChallengeError::Invalid`] for the problems of a file whose text is `text` (as read once by
/// [`load_with_text`]), each with the line of its field.
#[must_use]
pub fn invalid_in(path: &Path, text: &str, problems: Vec<Problem>) -> ChallengeError {
    ChallengeError::Invalid {
        path: path.to_path_buf(),
        problems: problems
            .into_iter()
            .map(|p| (line_of_field(text, &p.field), p))
            .collect(),
    }
}

/// The 1-based line of a field path in the text: the line of its last named key
/// (`position.pieces` → `pieces:`), or, for a list item (`position.pieces[2]`), the line where
/// that item starts. `None` when the key is not in the text.
#[must_use]
pub fn line_of_field(text: &str, field: &str) -> Option<usize> {
    let last = field.rsplit('.').next()?;
    let key = last.split(['[', '/']).next()?;
    if key.is_empty() {
        return None;
    }
    let pats = [format!("{key}:"), format!("\"{key}\":")];
    let mut offset = 0;
    let mut key_at = None;
    for line in text.split_inclusive('\n') {
        let t = line.trim_start();
        if pats.iter().any(|p| t.starts_with(p.as_str())) {
            key_at = Some(offset + (line.len() - t.len()));
            break;
        }
        offset += line.len();
    }
    let key_at = key_at?;
    let index = last
        .split_once('[')
        .and_then(|(_, rest)| rest.split(']').next()?.parse::<usize>().ok());
    let at = index
        .and_then(|i| list_item_offset(text, key_at, i))
        .unwrap_or(key_at);
    Some(text[..at].matches('\n').count() + 1)
}

/// The byte offset where item `index` of the first list (`[…]`) after `from` starts, counting
/// top-level commas and skipping strings and nested brackets.
fn list_item_offset(text: &str, from: usize, index: usize) -> Option<usize> {
    let open = from + text[from..].find('[')?;
    let (mut depth, mut items, mut in_str, mut escaped) = (0usize, 0usize, false, false);
    for (off, c) in text[open + 1..].char_indices() {
        if in_str {
            match c {
                _ if escaped => escaped = false,
                '\\' => escaped = true,
                '"' => in_str = false,
                _ => {}
            }
            continue;
        }
        if depth == 0 && items == index && !c.is_whitespace() && !matches!(c, ',' | ']' | ')' | '}')
        {
            return Some(open + 1 + off);
        }
        match c {
            '"' => in_str = true,
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' if depth == 0 => return None,
            ')' | ']' | '}' => depth -= 1,
            ',' if depth == 0 => items += 1,
            _ => {}
        }
    }
    None
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

/// Writes bytes atomically: a temporary file beside `path`, flushed and synced, then renamed
/// over `path`. On failure the original file is untouched and the temporary file removed.
/// A symbolic link is followed (the file it names is replaced, the link stays); something
/// that is not a regular file (a folder, a device such as `/dev/full`, a pipe) is never
/// replaced.
///
/// # Errors
/// The I/O error, or why `path` cannot be replaced, naming the file.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), ChallengeError> {
    let io = |source| ChallengeError::Io {
        path: path.to_path_buf(),
        source,
    };
    let refuse = |why: &str| io(std::io::Error::other(format!("{why}; nothing was written")));
    let resolved;
    let path = match fs::symlink_metadata(path) {
        Ok(m) if m.file_type().is_symlink() => {
            resolved =
                fs::canonicalize(path).map_err(|_| refuse("a symbolic link to a missing file"))?;
            resolved.as_path()
        }
        _ => path,
    };
    if let Ok(m) = fs::metadata(path)
        && !m.is_file()
    {
        return Err(refuse("not a regular file"));
    }
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let tmp = dir.join(format!(".{name}.tmp-{}", std::process::id()));
    let result = (|| {
        let mut f = fs::File::create(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
        fs::rename(&tmp, path)
    })();
    if result.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    result.map_err(io)
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
