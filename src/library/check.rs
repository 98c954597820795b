//! `library check`: a library's index against its files, and the Puzzle menu as a whole —
//! every file listed and every entry's file there, ids unique, matching their files and not a
//! template's, titles and games as the files have them, every language of the library in
//! every text, every tutorial sound, the themes each game has that no tutorial teaches,
//! ratings that fall within a game's part of the menu, and near-duplicates. A problem the
//! index excepts (with its reason) is listed as excepted instead.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use rayon::prelude::*;
use serde::Serialize;

use super::duplicates::same_puzzle;
use super::exceptions::apply_exceptions;
use super::index::{self, Entry, Index, IndexError};
use super::problem::{Excepted, Kind, Problem};
use crate::challenge::{self, Checked, GameName, Status, is_placeholder_id};
use crate::solver::Control;
use crate::verify::{VerifyReport, verify};

/// What `library check` found.
#[derive(Debug, Clone, Serialize)]
pub struct LibraryReport {
    /// The library's folder, as given.
    pub library: String,
    /// Each entry, in menu order, with its verdict, rating and themes.
    pub entries: Vec<EntryReport>,
    /// The problems found (none: the library passes).
    pub problems: Vec<Problem>,
    /// The problems the index excepts, with the reasons.
    pub excepted: Vec<Excepted>,
    /// Per game of the library, the themes its tutorials teach and those none teaches.
    pub coverage: BTreeMap<GameName, Coverage>,
}

/// One entry as checked.
#[derive(Debug, Clone, Serialize)]
pub struct EntryReport {
    /// Its place in the menu.
    pub order: u32,
    /// Its id.
    pub id: String,
    /// Its file.
    pub file: String,
    /// Its game.
    pub game: GameName,
    /// Its verdict (`None`: the file could not be read).
    pub status: Option<Status>,
    /// Its difficulty rating, when it has a forced win.
    pub rating: Option<f64>,
    /// The themes it teaches.
    pub themes: Vec<&'static str>,
}

/// A game's themes in the library.
#[derive(Debug, Clone, Default, Serialize)]
pub struct Coverage {
    /// Taught by some tutorial.
    pub taught: Vec<&'static str>,
    /// Taught by none.
    pub not_taught: Vec<&'static str>,
}

impl LibraryReport {
    /// The exit code, as a batch of `verify`: 2 when an entry's file is not a valid
    /// challenge, else 1 with a problem (a verification a limit stopped is not one), else 3
    /// when a limit stopped a verification, else 0.
    #[must_use]
    pub fn exit_code(&self) -> i32 {
        let unknown = |id: &Option<String>| {
            self.entries
                .iter()
                .any(|e| Some(&e.id) == id.as_ref() && e.status == Some(Status::Unknown))
        };
        if self.problems.iter().any(|p| p.kind == Kind::InvalidFile) {
            2
        } else if self
            .problems
            .iter()
            .any(|p| !(p.kind == Kind::NotSound && unknown(&p.entry)))
        {
            1
        } else if self
            .entries
            .iter()
            .any(|e| e.status == Some(Status::Unknown))
        {
            3
        } else {
            0
        }
    }
}

/// An entry with its file read and checked, and its verification.
struct Loaded<'a> {
    entry: &'a Entry,
    checked: Option<Checked>,
    report: Option<VerifyReport>,
}

impl Loaded<'_> {
    /// The game the entry's file is of (the entry's own when the file cannot be read): what
    /// the ratings and the coverage go by.
    fn game(&self) -> GameName {
        self.checked.as_ref().map_or(self.entry.game, Checked::game)
    }
}

/// Checks the library in `dir` (its folder, or its `index.json`), verifying each file with
/// `control`'s limits; `progress(k, n)` is called as each verification ends.
///
/// # Errors
/// The index cannot be read.
pub fn check(
    dir: &Path,
    control: Control<'_>,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Result<LibraryReport, IndexError> {
    let (path, index) = index::read(dir)?;
    let folder = path.parent().map_or_else(PathBuf::new, Path::to_path_buf);
    let mut problems = Vec::new();
    let n = index.challenges.len();
    let done = std::sync::atomic::AtomicUsize::new(0);
    let loaded: Vec<Loaded<'_>> = index
        .challenges
        .par_iter()
        .map(|entry| {
            let file = folder.join(&entry.file);
            let checked = challenge::load_valid(&file);
            let report = checked
                .as_ref()
                .ok()
                .map(|c| verify(&entry.file, c, control));
            progress(
                done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1,
                n,
            );
            if let Err(e) = &checked {
                let missing = matches!(e, challenge::ChallengeError::Io { source, .. }
                    if source.kind() == std::io::ErrorKind::NotFound);
                let kind = if missing {
                    Kind::MissingFile
                } else {
                    Kind::InvalidFile
                };
                return (
                    Loaded {
                        entry,
                        checked: None,
                        report,
                    },
                    Some(problem(entry, kind, e.to_string())),
                );
            }
            (
                Loaded {
                    entry,
                    checked: checked.ok(),
                    report,
                },
                None,
            )
        })
        .collect::<Vec<_>>()
        .into_iter()
        .map(|(l, p)| {
            problems.extend(p);
            l
        })
        .collect();
    problems.extend(listing_problems(&folder, &index));
    problems.extend(entry_problems(&loaded));
    problems.extend(language_problems(&loaded));
    problems.extend(rating_problems(&loaded));
    problems.extend(duplicate_problems(&loaded));
    let coverage = coverage(&loaded);
    problems.extend(coverage_problems(&coverage, &loaded));
    let (problems, excepted) = apply_exceptions(problems, &index);
    Ok(LibraryReport {
        library: dir.display().to_string(),
        entries: loaded.iter().map(entry_report).collect(),
        problems,
        excepted,
        coverage,
    })
}

fn problem(entry: &Entry, kind: Kind, message: impl Into<String>) -> Problem {
    Problem {
        entry: Some(entry.id.clone()),
        order: Some(entry.order),
        kind,
        message: message.into(),
        theme: None,
    }
}

fn entry_report(l: &Loaded<'_>) -> EntryReport {
    let report = l.report.as_ref();
    EntryReport {
        order: l.entry.order,
        id: l.entry.id.clone(),
        file: l.entry.file.clone(),
        game: l.entry.game,
        status: report.map(|r| r.status),
        rating: report.and_then(|r| r.difficulty.as_ref()).map(|d| d.rating),
        themes: taught(l),
    }
}

/// The themes an entry teaches.
fn taught(l: &Loaded<'_>) -> Vec<&'static str> {
    l.report
        .as_ref()
        .and_then(|r| r.themes.as_ref())
        .map(|t| t.iter().map(|t| t.id).collect())
        .unwrap_or_default()
}

/// Files of the folder no entry lists (challenge files: `.ron` and `.json` but the index,
/// hidden files skipped).
fn listing_problems(folder: &Path, index: &Index) -> Vec<Problem> {
    let listed: BTreeSet<&str> = index.challenges.iter().map(|e| e.file.as_str()).collect();
    let Ok(dir) = std::fs::read_dir(folder) else {
        return Vec::new();
    };
    let mut names: Vec<String> = dir
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| !n.starts_with('.') && super::names_a_challenge(std::path::Path::new(n)))
        .filter(|n| !listed.contains(n.as_str()))
        .collect();
    names.sort();
    names
        .into_iter()
        .map(|n| Problem {
            entry: None,
            order: None,
            kind: Kind::UnlistedFile,
            message: format!("{n} is in the folder but no entry of index.json lists it"),
            theme: None,
        })
        .collect()
}

/// Each entry against its file: order, id (unique, the file's, not a template's), game,
/// titles, placeholder texts, soundness.
fn entry_problems(loaded: &[Loaded<'_>]) -> Vec<Problem> {
    let mut out = Vec::new();
    let mut ids = BTreeMap::new();
    for (i, l) in loaded.iter().enumerate() {
        let e = l.entry;
        let want = u32::try_from(i + 1).unwrap_or(u32::MAX);
        if e.order != want {
            out.push(problem(
                e,
                Kind::Order,
                format!(
                    "order {} at place {want}: orders run 1, 2, 3… in list order",
                    e.order
                ),
            ));
        }
        if let Some(first) = ids.insert(e.id.as_str(), e.order) {
            out.push(problem(
                e,
                Kind::DuplicateId,
                format!("the id {} is also entry {first}'s", e.id),
            ));
        }
        if is_placeholder_id(&e.id) {
            out.push(problem(
                e,
                Kind::PlaceholderId,
                format!("the id {} is a template's: give the tutorial its own", e.id),
            ));
        }
        let Some(c) = &l.checked else { continue };
        let ch = c.challenge();
        if ch.id != e.id {
            out.push(problem(
                e,
                Kind::IdMismatch,
                format!("the entry's id is {} but {}'s is {}", e.id, e.file, ch.id),
            ));
        }
        if ch.game != e.game {
            out.push(problem(
                e,
                Kind::GameMismatch,
                format!(
                    "the entry's game is {} but {}'s is {}",
                    e.game, e.file, ch.game
                ),
            ));
        }
        if ch.title != e.title {
            out.push(problem(
                e,
                Kind::TitleMismatch,
                title_mismatch(&e.title, &ch.title, &e.file),
            ));
        }
        for (_, message) in challenge::placeholder_texts(ch) {
            out.push(problem(e, Kind::PlaceholderText, message));
        }
        if let Some(r) = l.report.as_ref().filter(|r| r.status != Status::Sound) {
            out.push(problem(e, Kind::NotSound, r.headline()));
        }
    }
    out
}

/// Every language some entry has (in a title, a tutorial or a hint), in every title and
/// tutorial of every entry, and in every hint of an entry that has one.
fn language_problems(loaded: &[Loaded<'_>]) -> Vec<Problem> {
    let files: Vec<(&Entry, &challenge::Challenge)> = loaded
        .iter()
        .filter_map(|l| Some((l.entry, l.checked.as_ref()?.challenge())))
        .collect();
    let langs: BTreeSet<&str> = files
        .iter()
        .flat_map(|(_, ch)| [&ch.title, &ch.tutorial, &ch.hint])
        .flat_map(|t| t.keys().map(String::as_str))
        .collect();
    let mut out = Vec::new();
    for (e, ch) in files {
        for (field, texts) in [
            ("title", &ch.title),
            ("tutorial", &ch.tutorial),
            ("hint", &ch.hint),
        ] {
            if field == "hint" && texts.is_empty() {
                continue;
            }
            for lang in &langs {
                if texts.get(*lang).is_none_or(|t| t.trim().is_empty()) {
                    out.push(problem(
                        e,
                        Kind::MissingLanguage,
                        format!("{field}.{lang} is missing: the library has {lang} elsewhere"),
                    ));
                }
            }
        }
    }
    out
}

/// Within each game's part of the menu, a rating below the one before it (the pair named).
fn rating_problems(loaded: &[Loaded<'_>]) -> Vec<Problem> {
    let mut last: BTreeMap<GameName, (&str, f64)> = BTreeMap::new();
    let mut out = Vec::new();
    for l in loaded {
        let Some(r) = l.report.as_ref().and_then(|r| r.difficulty.as_ref()) else {
            continue;
        };
        let e = l.entry;
        if let Some(&(prev, before)) = last.get(&l.game())
            && r.rating < before
        {
            out.push(problem(
                e,
                Kind::RatingFalls,
                format!("{} is rated {} after {prev} rated {before}", e.id, r.rating),
            ));
        }
        last.insert(l.game(), (e.id.as_str(), r.rating));
    }
    out
}

/// Pairs of entries that are the same puzzle.
fn duplicate_problems(loaded: &[Loaded<'_>]) -> Vec<Problem> {
    let mut out = Vec::new();
    for (i, a) in loaded.iter().enumerate() {
        for b in &loaded[i + 1..] {
            let (Some(ca), Some(cb)) = (&a.checked, &b.checked) else {
                continue;
            };
            if let Some(why) = same_puzzle(ca, cb) {
                out.push(problem(
                    b.entry,
                    Kind::NearDuplicate,
                    format!("{} and {} are one puzzle: {why}", a.entry.id, b.entry.id),
                ));
            }
        }
    }
    out
}

/// Per game of the library, its themes taught and not taught.
fn coverage(loaded: &[Loaded<'_>]) -> BTreeMap<GameName, Coverage> {
    let mut out: BTreeMap<GameName, Coverage> = BTreeMap::new();
    for l in loaded {
        out.entry(l.game()).or_default();
    }
    for (game, cov) in &mut out {
        let taught: BTreeSet<&str> = loaded
            .iter()
            .filter(|l| l.game() == *game)
            .flat_map(taught)
            .collect();
        for t in crate::themes::catalogue(*game) {
            if taught.contains(t.id) {
                cov.taught.push(t.id);
            } else {
                cov.not_taught.push(t.id);
            }
        }
    }
    out
}

/// The themes no tutorial teaches, of each game whose verifications all answered (a tutorial a
/// limit stopped may teach any of them).
fn coverage_problems(
    coverage: &BTreeMap<GameName, Coverage>,
    loaded: &[Loaded<'_>],
) -> Vec<Problem> {
    let stopped = |game: GameName| {
        loaded.iter().any(|l| {
            l.game() == game
                && l.report
                    .as_ref()
                    .is_some_and(|r| r.status == Status::Unknown)
        })
    };
    coverage
        .iter()
        .filter(|(game, _)| !stopped(**game))
        .flat_map(|(game, c)| {
            c.not_taught.iter().map(move |&id| {
                let name = crate::themes::find(id).map_or(id, |(_, t)| t.name);
                Problem {
                    entry: None,
                    order: None,
                    kind: Kind::ThemeNotTaught,
                    message: format!("no {game} tutorial teaches {id} ({name})"),
                    theme: Some(id.to_string()),
                }
            })
        })
        .collect()
}

/// Where an entry's titles differ from its file's: the first language that differs, with both
/// texts, and how many more differ (it said only "the entry's titles are not F's").
fn title_mismatch(entry: &challenge::Texts, file: &challenge::Texts, name: &str) -> String {
    let langs: std::collections::BTreeSet<&String> = entry.keys().chain(file.keys()).collect();
    let differ: Vec<&String> = langs
        .into_iter()
        .filter(|l| entry.get(*l) != file.get(*l))
        .collect();
    let shown = |t: Option<&String>| {
        t.map_or_else(
            || "none".to_string(),
            |t| format!("\"{}\"", crate::excerpt::cut(t)),
        )
    };
    let Some(first) = differ.first() else {
        return format!("the entry's titles are not {name}'s");
    };
    let more = match differ.len() {
        1 => String::new(),
        n => format!(" (and {} more language(s))", n - 1),
    };
    format!(
        "title.{first}: the entry says {}, {name} says {}{more}",
        shown(entry.get(*first)),
        shown(file.get(*first))
    )
}
