//! The Puzzle menu's index, `index.json` in a library's folder: the tutorials in menu order,
//! each with its id, file, game and titles (what the game's menu shows without opening the
//! files), and the exceptions a designer wrote to a check with the reason.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::problem::Kind;
use crate::challenge::{self, GameName, Texts};

/// The index file's name in a library's folder.
pub const INDEX_FILE: &str = "index.json";

/// The format version of `index.json` this build reads and writes.
pub const INDEX_VERSION: u32 = 1;

/// A library's `index.json`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Index {
    /// Always [`INDEX_VERSION`].
    pub format_version: u32,
    /// The tutorials, in menu order.
    pub challenges: Vec<Entry>,
    /// Exceptions to the library's own checks (a theme no tutorial teaches), each with why.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub exceptions: Vec<Exception>,
}

/// One tutorial of the menu.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Entry {
    /// Its place in the menu, from 1.
    pub order: u32,
    /// The challenge's id.
    pub id: String,
    /// Its file, relative to the library's folder.
    pub file: String,
    /// Its game.
    pub game: GameName,
    /// Its titles per language, as the file has them.
    pub title: Texts,
    /// Exceptions to the checks of this entry, each with why.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub exceptions: Vec<Exception>,
}

/// A check a designer excepted, with the reason: the problem it would report is listed as
/// excepted instead.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Exception {
    /// The kind of problem excepted.
    pub kind: Kind,
    /// The theme it is about, for a theme no tutorial teaches.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub theme: Option<String>,
    /// Why the exception is justified.
    pub why: String,
}

/// Why an index could not be read.
#[derive(Debug, thiserror::Error)]
#[error("{path}: {message}")]
pub struct IndexError {
    /// The index file.
    pub path: PathBuf,
    /// What is wrong, with the line and column or the field.
    pub message: String,
}

/// The index of the library in `dir` (`dir/index.json`; `dir` may name the file itself).
///
/// # Errors
/// The file cannot be read, is not JSON, or does not have the index's fields (the line, the
/// column and the field named).
pub fn read(dir: &Path) -> Result<(PathBuf, Index), IndexError> {
    let path = index_path(dir);
    let fail = |message: String| IndexError {
        path: path.clone(),
        message,
    };
    let text = std::fs::read_to_string(&path)
        .map_err(|e| fail(format!("cannot read the library's index: {e}")))?;
    let de = &mut serde_json::Deserializer::from_str(&text);
    let index: Index = serde_path_to_error::deserialize(de).map_err(|e| {
        let inner = e.inner();
        fail(format!(
            "line {}, column {}: {}: {}",
            inner.line(),
            inner.column(),
            e.path(),
            crate::challenge::json_reason(inner)
        ))
    })?;
    if index.format_version != INDEX_VERSION {
        return Err(fail(format!(
            "format_version {} is not supported; this build reads version {INDEX_VERSION}",
            index.format_version
        )));
    }
    Ok((path, index))
}

/// The index file of a library named by its folder or by the file itself.
#[must_use]
pub fn index_path(dir: &Path) -> PathBuf {
    if dir.file_name().is_some_and(|n| n == INDEX_FILE) {
        dir.to_path_buf()
    } else {
        dir.join(INDEX_FILE)
    }
}

/// The index as its file holds it: pretty JSON, two spaces, a final newline.
#[must_use]
pub fn to_text(index: &Index) -> String {
    let mut text = serde_json::to_string_pretty(index).unwrap_or_default();
    text.push('\n');
    text
}

/// Writes `index` to `path` atomically (a complete file or the old one, never half).
///
/// # Errors
/// The file cannot be written.
pub fn write(index: &Index, path: &Path) -> Result<(), challenge::ChallengeError> {
    challenge::write_atomic(path, to_text(index).as_bytes())
}

/// Moves the entry at place `from` (0-based, in list order) to place `to`, and numbers the
/// orders 1, 2, 3… in list order again; every field of every entry (its exceptions included)
/// is kept. `false` (nothing changed) when either place is out of range or they are equal.
pub fn move_entry(index: &mut Index, from: usize, to: usize) -> bool {
    let n = index.challenges.len();
    if from >= n || to >= n || from == to {
        return false;
    }
    let entry = index.challenges.remove(from);
    index.challenges.insert(to, entry);
    renumber(index);
    true
}

/// Adds `entry` at the end of the menu (its order the next one). Refused, with the reason,
/// when an entry already has its id or its file.
///
/// # Errors
/// The entry whose id or file it repeats.
pub fn add_entry(index: &mut Index, entry: Entry) -> Result<(), String> {
    if let Some(e) = index
        .challenges
        .iter()
        .find(|e| e.id == entry.id || e.file == entry.file)
    {
        return Err(format!(
            "the library already has {} ({}): one entry per id and per file",
            e.id, e.file
        ));
    }
    index.challenges.push(entry);
    renumber(index);
    Ok(())
}

/// Removes the entry at place `at` from the menu (its file stays where it is) and numbers the
/// orders again; `None` when `at` is out of range.
pub fn remove_entry(index: &mut Index, at: usize) -> Option<Entry> {
    (at < index.challenges.len()).then(|| {
        let e = index.challenges.remove(at);
        renumber(index);
        e
    })
}

/// The orders 1, 2, 3… in list order.
fn renumber(index: &mut Index) {
    for (i, e) in index.challenges.iter_mut().enumerate() {
        e.order = u32::try_from(i + 1).unwrap_or(u32::MAX);
    }
}

/// Whether `file` lies directly in `folder` (both resolved when they can be): a library's
/// index names its files by their names there.
#[must_use]
pub fn in_folder(file: &Path, folder: &Path) -> bool {
    let resolve = |p: &Path| std::fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf());
    file.parent().is_some_and(|p| resolve(p) == resolve(folder))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(order: u32, id: &str) -> Entry {
        Entry {
            order,
            id: id.into(),
            file: format!("{id}.ron"),
            game: GameName::default(),
            title: Texts::default(),
            exceptions: vec![Exception {
                kind: Kind::RatingFalls,
                theme: None,
                why: format!("{id}'s reason"),
            }],
        }
    }

    #[test]
    fn moving_an_entry_renumbers_the_orders_and_keeps_every_field() {
        let mut index = Index {
            format_version: INDEX_VERSION,
            challenges: vec![entry(1, "a"), entry(2, "b"), entry(3, "c")],
            exceptions: Vec::new(),
        };
        assert!(move_entry(&mut index, 2, 0));
        let ids: Vec<(u32, &str)> = index
            .challenges
            .iter()
            .map(|e| (e.order, e.id.as_str()))
            .collect();
        assert_eq!(ids, [(1, "c"), (2, "a"), (3, "b")]);
        assert_eq!(index.challenges[0].exceptions[0].why, "c's reason");
        assert!(!move_entry(&mut index, 0, 3));
        assert!(!move_entry(&mut index, 1, 1));
    }

    #[test]
    fn adding_and_removing_entries_renumbers_and_refuses_a_second_id_or_file() {
        let mut index = Index {
            format_version: INDEX_VERSION,
            challenges: vec![entry(1, "a"), entry(2, "b")],
            exceptions: Vec::new(),
        };
        assert!(add_entry(&mut index, entry(9, "c")).is_ok());
        assert_eq!(index.challenges[2].order, 3);
        assert!(add_entry(&mut index, entry(1, "a")).is_err());
        let mut same_file = entry(1, "d");
        same_file.file = "b.ron".into();
        assert!(add_entry(&mut index, same_file).is_err());
        assert_eq!(remove_entry(&mut index, 0).map(|e| e.id), Some("a".into()));
        let ids: Vec<(u32, &str)> = index
            .challenges
            .iter()
            .map(|e| (e.order, e.id.as_str()))
            .collect();
        assert_eq!(ids, [(1, "b"), (2, "c")]);
        assert!(remove_entry(&mut index, 2).is_none());
    }
}
