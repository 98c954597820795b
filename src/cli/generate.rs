//! `peakforge generate`: sound tutorial candidates for a theme (`crate::generate`), written as
//! challenge files with placeholder texts, or variants of a tutorial with `--like FILE`.
//! Exit 0 when `--count` candidates were found; 1 when fewer, or at once when the themes
//! cannot be taught on the board asked (none of the first [`generate::PROBE`] trials came near
//! them); 2 for bad input (a theme of another game, a size the game does not allow, more
//! pieces than tiles); 3 when a limit stopped the run.

use std::path::{Path, PathBuf};

use serde::Serialize;

use super::{CliError, EXIT_FAILED, EXIT_OK, EXIT_UNKNOWN, print_json};
use crate::challenge::{self, Checked, Format, GameName};
use crate::generate::{self, Candidate, Listed, Request, like};
use crate::solver::Control;

/// Arguments of `generate`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The game. Default: the game of the first --theme (its id says it: pp-, bt-, sg-),
    /// else pawn-peak.
    #[arg(long, value_parser = super::input::game_parser())]
    game: Option<GameName>,
    /// A theme every candidate must teach (repeat for several), e.g. pp-6-support.
    #[arg(long = "theme", value_name = "T", required_unless_present = "like")]
    themes: Vec<String>,
    /// The goal: win in exactly this many player moves.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=8))]
    moves: u32,
    /// The board: WxH (e.g. 5x5).
    #[arg(long, value_name = "WxH", default_value = "5x5", value_parser = parse_size)]
    size: (u8, u8),
    /// Pieces on the board, both sides together (default 4; 8 for a capture chain). A Seega
    /// placement in one fills the board instead.
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u8).range(2..=32))]
    pieces: Option<u8>,
    /// Candidates to find.
    #[arg(long, value_name = "C", default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..=1000))]
    count: u32,
    /// The seed: the same seed gives the same candidates.
    #[arg(long, value_name = "S", default_value_t = 1)]
    seed: u64,
    /// Random starts to try at most (default: 20000 per candidate asked).
    #[arg(long, value_name = "T")]
    tries: Option<u64>,
    /// Only shard I of N of the trials (1-based: the trials numbered I-1 modulo N), so that a
    /// CI matrix or a batch engine can run many at once; the shards' candidates together are
    /// the whole run's (near-duplicates across shards are for `library check` to find).
    #[arg(long, value_name = "I/N", value_parser = parse_shard)]
    shard: Option<(u64, u64)>,
    /// Write each candidate as FOLDER/<id>.ron (the folder is made). A candidate whose file
    /// exists stops the run before anything is written, unless `--force`.
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,
    /// Overwrite candidates' files that exist in the `--out` folder (the same seed writes the
    /// same files again).
    #[arg(long, requires = "out")]
    force: bool,
    /// Drop candidates that are the same puzzle as an entry of this library.
    #[arg(long, value_name = "DIR")]
    library: Option<PathBuf>,
    /// Variants of this tutorial (mirror, shifted, the other side, one piece moved, added or
    /// removed) that stay sound and keep its themes, instead of random starts.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["themes", "shard"])]
    like: Option<PathBuf>,
    /// Print one JSON document on stdout.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    limits: super::limits::LimitArgs,
}

fn parse_size(s: &str) -> Result<(u8, u8), String> {
    let parts: Vec<&str> = s.split(['x', 'X', '×']).collect();
    // Two numbers, no more: `5x5x5` is no size (it said "'5x5' is not a whole number").
    let [w, h] = parts[..] else {
        return Err(format!("'{s}' is not WxH (e.g. 5x5)"));
    };
    let num = |t: &str| {
        t.trim()
            .parse::<u8>()
            .map_err(|_| format!("'{t}' is not a whole number of tiles"))
    };
    Ok((num(w)?, num(h)?))
}

fn parse_shard(s: &str) -> Result<(u64, u64), String> {
    let (i, n) = s
        .split_once('/')
        .ok_or_else(|| format!("'{s}' is not I/N"))?;
    let num = |t: &str| {
        t.parse::<u64>()
            .map_err(|_| format!("'{t}' is not a whole number"))
    };
    let (i, n) = (num(i)?, num(n)?);
    if n == 0 || i == 0 || i > n {
        return Err(format!("shard {i}/{n}: need 1 <= I <= N"));
    }
    Ok((i, n))
}

/// What `generate --json` prints.
#[derive(Serialize)]
struct Output {
    candidates: Vec<Listed>,
    /// What each `--like` variant changed, in the candidates' order.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    changes: Vec<String>,
    /// Trials made (random starts, or `--like` variants).
    tried: u64,
    /// Candidates admitted (listed).
    admitted: usize,
    /// Trials turned down, by reason.
    rejected: Rejections,
    seed: u64,
    stopped_by: Option<&'static str>,
}

/// Trials turned down, by reason (`generate --json`).
#[derive(Serialize, Default)]
struct Rejections {
    /// Not a valid start (finished, or refused by the rules).
    invalid: u64,
    /// The cheap filter (a win in one: no move showing the themes).
    filtered: u64,
    /// No forced win in exactly the goal with one key move.
    not_sound: u64,
    /// Sound, but not teaching every theme asked.
    themes: u64,
    /// The same puzzle as an earlier candidate or a library entry.
    duplicate: u64,
    /// A limit stopped its search.
    stopped: u64,
}

/// What a run counted.
struct Counts {
    tried: u64,
    rejected: Rejections,
}

impl Counts {
    fn of(f: &generate::Found) -> Counts {
        let [invalid, filtered, not_sound, themes, duplicate, stopped] = f.rejected;
        Counts {
            tried: f.tried,
            rejected: Rejections {
                invalid,
                filtered,
                not_sound,
                themes,
                duplicate,
                stopped,
            },
        }
    }

    fn of_like(tried: usize, admitted: usize) -> Counts {
        Counts {
            tried: tried as u64,
            rejected: Rejections {
                not_sound: (tried - admitted) as u64,
                ..Rejections::default()
            },
        }
    }
}

pub fn run(a: &Args) -> Result<i32, CliError> {
    let control = Control {
        limits: a.limits.limits(rayon::current_num_threads(), None),
        ..Control::default()
    };
    let (found, changes, counts, stopped, hopeless) = match &a.like {
        Some(file) => {
            let (list, changes, (tried, admitted)) = run_like(a, file, control)?;
            let counts = Counts::of_like(tried, admitted);
            (list, changes, counts, None, None)
        }
        None => {
            let (f, pieces) = run_random(a, control)?;
            if let Some((theme, why)) = f.impossible {
                // Said as a failure (exit 1): with --json, the `{"error"}` document.
                return Err(CliError {
                    code: EXIT_FAILED,
                    message: format!("{theme} cannot be taught in {}: {why}", game_of(a)),
                });
            }
            let counts = Counts::of(&f);
            let hopeless = f.hopeless.then_some(pieces);
            (f.candidates, Vec::new(), counts, f.stopped, hopeless)
        }
    };
    let tried = counts.tried;
    let dir = a
        .out
        .as_ref()
        .map(|d| d.display().to_string())
        .unwrap_or_default();
    if let Some(out) = &a.out {
        write_all(out, &found, a.force)?;
    }
    let listed: Vec<Listed> = found.iter().map(|c| c.listed(&dir)).collect();
    if a.json {
        print_json(&Output {
            candidates: listed,
            changes,
            tried,
            admitted: found.len(),
            rejected: counts.rejected,
            seed: a.seed,
            stopped_by: stopped.map(crate::solver::Stop::as_str),
        });
    } else {
        for (i, (c, l)) in found.iter().zip(&listed).enumerate() {
            let change = changes
                .get(i)
                .map(|c| format!(" ({c})"))
                .unwrap_or_default();
            let rating = c.report.difficulty.as_ref().map_or(0.0, |d| d.rating);
            outln!(
                "{}{change}: {} key {}, rating {rating}, themes {}",
                l.file,
                l.position,
                l.key_move,
                l.themes.join(", ")
            );
        }
        let unwritten = if a.out.is_none() && !found.is_empty() {
            "; not written (--out FOLDER writes them under these names)"
        } else {
            ""
        };
        outln!(
            "{} candidate(s) from {tried} trial(s){unwritten}",
            found.len()
        );
    }
    if let Some(s) = stopped {
        errln!("the run stopped: {}", s.describe());
        return Ok(EXIT_UNKNOWN);
    }
    if let Some(pieces) = hopeless {
        errln!(
            "{} cannot be taught on {}x{} with {pieces} piece(s) in {} move(s): none of the first {tried} trials came near it (try a larger board, other --pieces or --moves)",
            a.themes.join(" and "),
            a.size.0,
            a.size.1,
            a.moves
        );
        return Ok(EXIT_FAILED);
    }
    let wanted = usize::try_from(a.count).unwrap_or(usize::MAX);
    if found.len() < wanted {
        let what = if a.like.is_some() {
            "variant(s)".to_string()
        } else {
            format!(
                "candidate(s) teaching {} on {}x{} in {} move(s)",
                a.themes.join(" and "),
                a.size.0,
                a.size.1,
                a.moves
            )
        };
        errln!(
            "found {} of the {wanted} {what} asked (raise --tries, or change the size, --pieces or --moves)",
            found.len()
        );
        return Ok(EXIT_FAILED);
    }
    Ok(EXIT_OK)
}

/// The game asked, else the game whose themes hold the first `--theme`, else Pawn&Peak.
fn game_of(a: &Args) -> GameName {
    a.game.unwrap_or_else(|| {
        a.themes
            .first()
            .and_then(|id| crate::themes::find(id))
            .map_or(GameName::PawnPeak, |(game, _)| game)
    })
}

/// The run's candidates, and the pieces its starts had.
fn run_random(a: &Args, control: Control<'_>) -> Result<(generate::Found, u8), CliError> {
    let game = game_of(a);
    let themes = generate::themes_of(game, &a.themes).map_err(|e| CliError::bad_input(e.0))?;
    let pieces = a.pieces.unwrap_or(generate::default_pieces(&themes));
    if let Some(why) = generate::board_problem(game, a.size, pieces) {
        return Err(CliError::bad_input(why));
    }
    let library = match &a.library {
        Some(dir) => library_entries(dir)?,
        None => Vec::new(),
    };
    let count = usize::try_from(a.count).unwrap_or(usize::MAX);
    let req = Request {
        game,
        themes: themes.iter().map(|t| t.id).collect(),
        moves: a.moves,
        size: a.size,
        pieces,
        count,
        seed: a.seed,
        tries: a.tries.unwrap_or(generate::default_tries(count)),
        shard: a.shard,
    };
    let bar = super::progress::bar(usize::try_from(req.tries).unwrap_or(usize::MAX), "trials");
    let found = generate::generate(&req, &library, control, &|tried, admitted| {
        if let Some(b) = &bar {
            b.set_position(tried);
            b.set_message(format!("{admitted}/{count} admitted"));
        }
    });
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    Ok((found, pieces))
}

/// The variants kept, what each changed, and the variants tried and admitted.
type LikeRun = (Vec<Candidate>, Vec<String>, (usize, usize));

fn run_like(a: &Args, file: &Path, control: Control<'_>) -> Result<LikeRun, CliError> {
    let original = super::input::load_file(file, None)?;
    let report = crate::verify::verify(&file.display().to_string(), &original, control);
    let themes: Vec<&'static str> = report.themes.iter().flatten().map(|t| t.id).collect();
    let count = usize::try_from(a.count).unwrap_or(usize::MAX);
    // With --library, a variant the library check would call a near-duplicate of an entry
    // (the tutorial's own mirror image, when the tutorial is in the library) is left out.
    let library = match &a.library {
        Some(dir) => library_entries(dir)?,
        None => Vec::new(),
    };
    let (variants, tried, admitted) = like::variants(&original, &themes, &library, count, control);
    let (list, changes) = variants
        .into_iter()
        .map(|v| (v.candidate, v.change))
        .unzip();
    Ok((list, changes, (tried, admitted)))
}

/// The checked entries of the library in `dir`, for the near-duplicate check.
fn library_entries(dir: &Path) -> Result<Vec<Checked>, CliError> {
    let (path, index) =
        crate::library::index::read(dir).map_err(|e| CliError::bad_input(e.to_string()))?;
    let folder = path.parent().map(Path::to_path_buf).unwrap_or_default();
    Ok(index
        .challenges
        .iter()
        .filter_map(|e| challenge::load_valid(&folder.join(&e.file)).ok())
        .collect())
}

/// Writes each candidate into `dir` (made when missing); an existing file is refused before
/// anything is written, unless `force`.
fn write_all(dir: &Path, found: &[Candidate], force: bool) -> Result<(), CliError> {
    std::fs::create_dir_all(dir).map_err(|e| {
        CliError::bad_input(format!(
            "{}: cannot make the folder: {}",
            dir.display(),
            challenge::io_reason(&e)
        ))
    })?;
    for c in found {
        super::refuse_overwrite(&dir.join(c.file_name()), force)?;
    }
    for c in found {
        let path = dir.join(c.file_name());
        let text =
            challenge::to_text(c.checked.challenge(), Format::Ron).map_err(CliError::bad_input)?;
        challenge::write_atomic(&path, text.as_bytes())
            .map_err(|e| CliError::bad_input(e.to_string()))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::parse_size;

    #[test]
    fn a_size_is_two_whole_numbers() {
        assert_eq!(parse_size("5x6"), Ok((5, 6)));
        assert_eq!(parse_size("7×5"), Ok((7, 5)));
        for bad in ["5x5x5", "5", "x5x"] {
            assert_eq!(
                parse_size(bad),
                Err(format!("'{bad}' is not WxH (e.g. 5x5)"))
            );
        }
        assert_eq!(
            parse_size("5xa"),
            Err("'a' is not a whole number of tiles".into())
        );
    }
}
