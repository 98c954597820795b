//! Recent files: the last challenges opened or saved, newest first, kept in a small text file
//! (one path a line) beside the recovery file, and shown in the top bar's Recent menu.

use std::path::{Path, PathBuf};
use std::{env, fs, io};

use crate::challenge;

/// How many recent files are kept.
pub const MAX_RECENT: usize = 8;

/// The environment variable naming the recent-files list (for tests and for several editors
/// at once); empty turns the list's file off.
pub const RECENT_ENV: &str = "PEAKFORGE_RECENT";

/// The list's file: `$PEAKFORGE_RECENT`, else `recent.txt` in the recovery file's folder
/// (which honours `PEAKFORGE_RECOVERY`, see [`super::recovery::default_path`]); `None` when
/// none can be named (the list is then kept for this session only).
#[must_use]
pub fn default_path() -> Option<PathBuf> {
    if let Some(p) = env::var_os(RECENT_ENV) {
        return (!p.is_empty()).then(|| PathBuf::from(p));
    }
    Some(super::recovery::default_path()?.with_file_name("recent.txt"))
}

/// The recent files and where they are kept.
#[derive(Debug, Default)]
pub struct Recent {
    file: Option<PathBuf>,
    /// The files, newest first.
    pub list: Vec<PathBuf>,
}

impl Recent {
    /// The list kept in `file` (read now; a missing file is an empty list).
    ///
    /// # Errors
    /// A message when the file exists but cannot be read; the list is then empty.
    pub fn load(file: Option<PathBuf>) -> (Recent, Option<String>) {
        let mut recent = Recent {
            file,
            list: Vec::new(),
        };
        let Some(path) = recent.file.clone() else {
            return (recent, None);
        };
        match fs::read_to_string(&path) {
            Ok(text) => {
                recent.list = text
                    .lines()
                    .map(str::trim)
                    .filter(|l| !l.is_empty())
                    .map(PathBuf::from)
                    .take(MAX_RECENT)
                    .collect();
                (recent, None)
            }
            Err(e) if e.kind() == io::ErrorKind::NotFound => (recent, None),
            Err(e) => (
                recent,
                Some(format!("recent files: {}: {e}", path.display())),
            ),
        }
    }

    /// Puts `path` first (once) and writes the list.
    ///
    /// # Errors
    /// A message naming the list's file when it cannot be written.
    pub fn add(&mut self, path: &Path) -> Result<(), String> {
        let path = fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
        self.list.retain(|p| *p != path);
        self.list.insert(0, path);
        self.list.truncate(MAX_RECENT);
        self.write()
    }

    /// Drops `path` (it could not be opened) and writes the list.
    ///
    /// # Errors
    /// A message naming the list's file when it cannot be written.
    pub fn remove(&mut self, path: &Path) -> Result<(), String> {
        self.list.retain(|p| p != path);
        self.write()
    }

    fn write(&self) -> Result<(), String> {
        let Some(file) = &self.file else {
            return Ok(());
        };
        let mut text = String::new();
        for p in &self.list {
            text.push_str(&p.display().to_string());
            text.push('\n');
        }
        if let Some(dir) = file.parent().filter(|d| !d.as_os_str().is_empty()) {
            fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        }
        challenge::write_atomic(file, text.as_bytes()).map_err(|e| format!("recent files: {e}"))
    }
}
