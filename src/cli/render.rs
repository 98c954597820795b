//! `peakforge render FILE|--position P -o OUT.svg|OUT.png [--solution] [--force] [--size PX]`:
//! a picture of the position, `--size` pixels wide; with `--solution`, the challenge's intended
//! line (or the solver's main line for a position, within `--max-time`/`--max-nodes`/
//! `--max-memory`: exit 3 when they stop it) as numbered arrows. An existing OUT is kept unless
//! `--force` (exit 2).

use std::path::PathBuf;

use super::{CliError, EXIT_OK, EXIT_UNKNOWN, PositionArgs};
use crate::board_view::Drawn;
use crate::challenge::Challenge;
use crate::games::with_position;
use crate::render;
use crate::report::play_line;
use crate::solver::{self, Control, Verdict};

/// Arguments of `render`.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    input: PositionArgs,
    /// The picture to write: `.svg` or `.png`.
    #[arg(short, long, value_name = "OUT")]
    output: PathBuf,
    /// Draw the solution: a file's intended line, or the solver's main line for --position.
    #[arg(long)]
    solution: bool,
    /// Overwrite OUT if it exists.
    #[arg(long)]
    force: bool,
    /// The picture's width in pixels, 64 to 4096 (the height in proportion, at most 4096
    /// too: a tall board is then narrower). A PNG's pixels count in --max-memory. Default:
    /// 56 pixels a tile (336 for a 5 × 5 board).
    #[arg(long, value_name = "PX", value_parser = clap::value_parser!(u32).range(64..=4096))]
    size: Option<u32>,
    /// Limits of the solver's search for `--solution` with `--position`.
    #[command(flatten)]
    limits: super::limits::LimitArgs,
}

pub fn run(a: &Args) -> Result<i32, CliError> {
    let loaded = a.input.load()?;
    let inputs: Vec<&std::path::Path> = a.input.file.iter().map(PathBuf::as_path).collect();
    super::out_file::check(&a.output, &inputs, a.force)?;
    // Before any search: a path that is not a picture's is refused at once.
    render::PictureFormat::of(&a.output).map_err(CliError::bad_input)?;
    with_position!(&loaded.position, pos => draw(a, pos, loaded.challenge.as_ref()))
}

fn draw<G: Drawn>(a: &Args, pos: &G, challenge: Option<&Challenge>) -> Result<i32, CliError> {
    let line = if !a.solution {
        Vec::new()
    } else if let Some(ch) = challenge {
        let positions = play_line(pos, &ch.solution)
            .map_err(|(i, e)| CliError::bad_input(format!("solution[{i}]: {e}")))?;
        positions
            .windows(2)
            .zip(&ch.solution)
            .map(|(w, t)| {
                w[0].parse_move(t)
                    .map_err(|e| CliError::bad_input(e.to_string()))
            })
            .collect::<Result<Vec<_>, _>>()?
    } else {
        let control = Control {
            limits: a.limits.limits(1, None),
            ..Control::default()
        };
        let sol = solver::solve(pos, Some(3), control);
        if let Verdict::Unknown(stop) = sol.verdict {
            // Nothing is drawn rather than a picture without the solution asked for.
            errln!(
                "error: the solver stopped ({}) before a solution was found; nothing was \
                 written; raise --max-time, --max-nodes or --max-memory",
                stop.describe()
            );
            return Ok(EXIT_UNKNOWN);
        }
        sol.line
    };
    let svg = render::svg_sized(pos, &line, a.size);
    let format = render::PictureFormat::of(&a.output).map_err(CliError::bad_input)?;
    let bytes = if format == render::PictureFormat::Svg {
        svg.into_bytes()
    } else {
        let (w, h) = render::pixel_size(&svg);
        let need = 4 * u64::from(w) * u64::from(h);
        if need > u64::from(a.limits.max_memory) << 20 {
            return Err(CliError::bad_input(format!(
                "{}: a picture of {w} x {h} pixels needs {} MiB, more than --max-memory \
                 {} MiB; use a smaller --size or raise --max-memory (nothing was written)",
                a.output.display(),
                need.div_ceil(1 << 20),
                a.limits.max_memory
            )));
        }
        render::png(&svg).map_err(CliError::bad_input)?
    };
    crate::challenge::write_atomic(&a.output, &bytes)
        .map_err(|e| CliError::bad_input(e.to_string()))?;
    if a.input.json {
        super::print_json(&serde_json::json!({
            "output": a.output.display().to_string(),
            "bytes": bytes.len(),
            "arrows": line.len(),
        }));
    } else {
        outln!("wrote {}", a.output.display());
    }
    // A report that cannot be printed comes after the picture is in place: say so.
    super::out::finish()
        .map_err(|e| CliError::bad_input(format!("{e}; {} was written", a.output.display())))?;
    Ok(EXIT_OK)
}
