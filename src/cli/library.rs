//! `peakforge library check DIR`: checks a library (its `index.json` and its files) as the
//! Puzzle menu (`crate::library::check`); JSON with `--json`; exit 0 when it passes, 1 with a
//! problem, 2 for an index or an entry's file that cannot be read, 3 when a limit stopped a
//! verification (and nothing else is wrong).

use std::path::PathBuf;

use super::{CliError, print_json};
use crate::library::{self, LibraryReport};
use crate::solver::Control;

/// Arguments of `library`.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(subcommand)]
    what: What,
}

/// What `library` does.
#[derive(clap::Subcommand, Debug)]
enum What {
    /// Check a library: its index against its files, every tutorial sound, every theme of
    /// each game taught, ratings rising within a game, no near-duplicates.
    Check {
        /// The library's folder (or its index.json).
        dir: PathBuf,
        /// Print one JSON document on stdout.
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        limits: super::limits::LimitArgs,
    },
}

pub fn run(a: &Args) -> Result<i32, CliError> {
    let What::Check { dir, json, limits } = &a.what;
    let threads = rayon::current_num_threads();
    let control = Control {
        limits: limits.limits(threads, None),
        ..Control::default()
    };
    let bar = std::sync::Mutex::new(None::<indicatif::ProgressBar>);
    let progress = |k: usize, n: usize| {
        if let Ok(mut b) = bar.lock() {
            let b = b.get_or_insert_with(|| {
                super::progress::bar(n, "files").unwrap_or_else(indicatif::ProgressBar::hidden)
            });
            b.set_position(k as u64);
        }
    };
    let report =
        library::check(dir, control, &progress).map_err(|e| CliError::bad_input(e.to_string()))?;
    if let Ok(Some(b)) = bar.into_inner() {
        b.finish_and_clear();
    }
    if *json {
        print_json(&report);
    } else {
        print_text(&report);
    }
    Ok(report.exit_code())
}

fn print_text(r: &LibraryReport) {
    for e in &r.entries {
        let status = e.status.map_or("unreadable", |s| s.as_str());
        let rating = e
            .rating
            .map(|x| format!(", rating {x}"))
            .unwrap_or_default();
        // No themes (an entry without a forced win teaches none): no empty "themes:".
        let themes = if e.themes.is_empty() {
            String::new()
        } else {
            format!("; themes: {}", e.themes.join(", "))
        };
        outln!(
            "{:>3}. {} ({}): {status}{rating}{themes}",
            e.order,
            e.id,
            e.game
        );
    }
    for (game, c) in &r.coverage {
        outln!(
            "{game}: {} of {} themes taught; not taught: {}",
            c.taught.len(),
            c.taught.len() + c.not_taught.len(),
            if c.not_taught.is_empty() {
                "none".to_string()
            } else {
                c.not_taught.join(", ")
            }
        );
    }
    for x in &r.excepted {
        outln!("excepted: {x}");
    }
    for p in &r.problems {
        outln!("problem: {p}");
    }
    outln!(
        "{} problem(s), {} excepted, {} entries",
        r.problems.len(),
        r.excepted.len(),
        r.entries.len()
    );
}
