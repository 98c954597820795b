//! What the tests of issue 28 (`tests/trust.rs`, `tests/trust_words.rs`) share: scratch
//! folders, their listings, a command's stderr and a copy of the first tutorial.
#![allow(dead_code, reason = "each test file uses only some of these helpers")]

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Output;

pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A fresh folder for one test.
pub fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("peakforge-trust-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

pub fn names(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

pub fn err(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// A copy of the first tutorial (a win in one) in `dir`, as `name`.
pub fn tutorial_in(dir: &Path, name: &str) -> PathBuf {
    let p = dir.join(name);
    fs::copy(root().join("challenges/01-terrain.ron"), &p).unwrap();
    p
}
