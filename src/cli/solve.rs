//! `peakforge solve`: can the side to move force a win, how fast, with which key moves?

use serde::Serialize;

use super::{CliError, EXIT_OK, EXIT_UNKNOWN, PositionArgs, print_json};
use crate::challenge::Challenge;
use crate::game::GameState;
use crate::games::with_position;
use crate::solver::refute::{self, RefutationText};
use crate::solver::{self, Control, Verdict};

/// Arguments of `solve`.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    input: PositionArgs,
    /// Win within at most this many player moves. Default: a challenge file's goal, else
    /// before the move limit. At least 1.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    max_moves: Option<u32>,
    #[command(flatten)]
    limits: super::limits::LimitArgs,
    /// Threads for the key moves (1..=256; 1 searches on one thread, with node counts that
    /// repeat exactly). The answer never depends on it.
    #[arg(long, value_name = "N", default_value_t = 1,
          value_parser = clap::value_parser!(u16).range(1..=256))]
    threads: u16,
    /// Write the solution tree of the win to this JSON file (a proof certificate, checkable
    /// with the rules alone); on a Breakthrough position without a move bound, the winner's
    /// strategy, a binary certificate (docs/certificates.md). Check either with `check-proof`.
    /// An existing file is kept unless --force; with --force and no win to prove, the earlier
    /// file is removed. Never the input FILE. Not with --split: each job writes its own
    /// certificate, and --merge DIR --proof FILE joins them.
    #[arg(long, value_name = "FILE", conflicts_with = "split")]
    proof: Option<std::path::PathBuf>,
    /// Overwrite the --proof file if it exists (on who wins, FILE.length too: written with
    /// --length, removed without it).
    #[arg(long)]
    force: bool,
    /// With the who-wins answer (a Breakthrough position, no `--max-moves`, no challenge goal):
    /// also the plies of the match with perfect play. With --proof FILE, the winner's strategy
    /// then wins within them (its header claims them) and FILE.length holds the loser's
    /// strategy that lasts them: together they prove the length. With --split, every job
    /// answers its plies too and --merge combines them (docs/breakthrough.md).
    #[arg(long)]
    length: bool,
    /// The who-wins search's transposition table, in MiB, rounded down to a power of two of
    /// 64-byte buckets (default: 2^tiles bytes, from 1 to 512 MiB); it must fit in the table's
    /// 7/8 of --max-memory. A bigger table saves work on boards of more than 30 tiles; the
    /// answer never depends on it. Only for the who-wins answer: refused (exit 2) when the
    /// question is bounded (--max-moves, a challenge's goal) or the proof search does not
    /// apply.
    #[arg(long, value_name = "MIB", conflicts_with_all = ["max_moves", "merge"],
          value_parser = clap::value_parser!(u32).range(1..=1 << 20))]
    table_mib: Option<u32>,
    /// Split who-wins into jobs: the positions DEPTH plies from the start, written to `--out`
    /// as job files, each one ordinary `peakforge solve` command (`DIR/jobs.txt`) with this
    /// command's --max-time, --max-memory, --max-nodes and --table-mib.
    /// Not with a move bound (`--max-moves`, a challenge's goal): the jobs answer who wins.
    #[arg(long, value_name = "DEPTH", requires = "out", conflicts_with = "max_moves",
          value_parser = clap::value_parser!(u32).range(1..=8))]
    split: Option<u32>,
    /// The folder of `--split`'s jobs.
    #[arg(long, value_name = "DIR", requires = "split")]
    out: Option<std::path::PathBuf>,
    /// Combine the answers (and with `--proof`, the certificates) of the jobs in DIR; with
    /// --length, the plies too (and with --proof, FILE.length), from jobs split with
    /// --length.
    /// The start is the plan's and the jobs have run: no position, game, move bound,
    /// limit or threads with it.
    #[arg(long, value_name = "DIR", conflicts_with_all = [
        "split", "max_moves", "file", "position", "game", "max_nodes", "max_time",
        "max_memory", "threads",
    ])]
    merge: Option<std::path::PathBuf>,
}

#[derive(Serialize)]
struct Report {
    result: &'static str,
    /// The shortest win; `null` on `no_win` and `unknown`, so the document has one shape.
    player_moves: Option<u32>,
    key_moves: Vec<String>,
    line: Vec<String>,
    nodes: u64,
    millis: u64,
    /// Every non-key first move with its refutation; `null` when a limit stopped the solver.
    refutations: Option<Vec<RefutationText>>,
    /// What stopped the solver (`node_limit`, `time_limit`, `memory_limit`, `cancelled`)
    /// when the result is `unknown` or the review of a win was cut short; else `null`.
    stopped_by: Option<&'static str>,
    /// The `--proof` file written, when one was (absent otherwise).
    #[serde(skip_serializing_if = "Option::is_none")]
    proof: Option<String>,
}

pub fn run(a: &Args) -> Result<i32, CliError> {
    if let Some(dir) = &a.merge {
        // The merge checks its outputs itself: first that none is one of the split's files.
        let proof = a.proof.as_deref().map(|p| (p, a.force));
        return super::split::merge(dir, a.input.json, a.length, proof);
    }
    let inputs: Vec<&std::path::Path> = a.input.file.iter().map(|f| f.as_path()).collect();
    if let Some(p) = &a.proof {
        super::out_file::check(p, &inputs, a.force)?;
    }
    let loaded = a.input.load()?;
    if let (Some(file), Some(problem)) = (&a.input.file, &loaded.line_problem) {
        errln!(
            "note: {}: {problem}; solve answers from the start position, verify checks the line",
            file.display()
        );
    }
    // No move bound on Breakthrough: who wins, by the proof search (when it applies).
    let who_wins = match (a.max_moves, &loaded.challenge, &loaded.position) {
        (None, None, crate::games::AnyPosition::Breakthrough(p)) => Some(p),
        _ => None,
    };
    // Who wins writes FILE.length beside FILE with --length, and removes an earlier one
    // without it (with --force; else refused here, before any work).
    if let Some(p) = a.proof.as_ref().filter(|_| a.length || who_wins.is_some()) {
        super::out_file::check(&super::who_wins::length_path(p), &inputs, a.force)?;
    }
    if let (Some(depth), Some(dir)) = (a.split, &a.out) {
        if loaded.challenge.is_some() {
            return Err(CliError::bad_input(
                "--split answers who wins a position without a move bound; a challenge has \
                 its goal: give its position with --game and --position to ask who wins it",
            ));
        }
        let crate::games::AnyPosition::Breakthrough(p) = &loaded.position else {
            return Err(CliError::bad_input(
                "--split answers who wins a Breakthrough position; this is another game",
            ));
        };
        // Each job is solved with the limits and table asked for here.
        let mut carried = a.limits.as_args();
        if let Some(mib) = a.table_mib {
            carried.extend(["--table-mib".to_string(), mib.to_string()]);
        }
        return super::split::split(p, depth, dir, a.input.json, a.length, &carried);
    }
    if let Some(p) = who_wins.filter(|p| p.outcome().is_none()) {
        let ask = super::who_wins::Ask {
            json: a.input.json,
            length: a.length,
            proof: a.proof.as_deref(),
            table_mib: a.table_mib,
            limits: a.limits.limits(1, Some(1)),
        };
        if let Some(code) = super::who_wins::run(p, &ask)? {
            return Ok(code);
        }
    }
    if a.table_mib.is_some() {
        return Err(CliError::bad_input(
            "--table-mib sizes the who-wins search's table (a Breakthrough position, no move \
             bound, at most 64 tiles); this question is bounded and its table comes from \
             --max-memory",
        ));
    }
    let game = loaded.position.game().as_str();
    with_position!(&loaded.position, pos => solve_with(a, pos, game, loaded.challenge.as_ref()))
}

fn solve_with<G: GameState>(
    a: &Args,
    pos: &G,
    game: &str,
    challenge: Option<&Challenge>,
) -> Result<i32, CliError> {
    if let Some(o) = pos.outcome() {
        return Err(CliError::bad_input(format!(
            "the position is already finished ({}): nothing to solve",
            o.reason.as_str()
        )));
    }
    let max = a.max_moves.or(challenge.map(|c| c.goal.player_moves));
    let limits = a.limits.limits(1, Some(usize::from(a.threads)));
    let control = Control {
        limits,
        ..Control::default()
    };
    let proof = if a.proof.is_some() {
        solver::Proof::Tree
    } else {
        solver::Proof::Skip
    };
    let (sol, review) = solver::solve_reviewed(pos, max, proof, control);
    let stopped_by = match (&sol.verdict, &review) {
        (Verdict::Unknown(s), _) | (_, Err(s)) => Some(s.as_str()),
        _ => None,
    };
    let review = review.ok();
    let mut written = None;
    if let (Some(path), Some(tree)) = (&a.proof, review.as_ref().and_then(|r| r.proof.clone())) {
        let cert = solver::proof::Certificate {
            game: game.to_string(),
            position: pos.to_string(),
            max_moves: sol.max_moves,
            tree,
        };
        write_certificate(path, &cert)?;
        written = Some(path.display().to_string());
    } else if let Some(path) = &a.proof {
        let why = if review.is_none() {
            super::out_file::STOPPED
        } else {
            "no forced win to prove"
        };
        super::out_file::remove_stale(path, why)?;
    }
    let report = Report {
        result: sol.verdict.as_str(),
        player_moves: sol.player_moves,
        key_moves: sol.key_moves.iter().map(|&m| pos.move_text(m)).collect(),
        line: pos.line_texts(&sol.line),
        nodes: sol.nodes,
        millis: sol.elapsed.as_millis() as u64,
        refutations: review.as_ref().map(|r| refute::texts(pos, &r.refutations)),
        stopped_by,
        proof: written,
    };
    if a.input.json {
        print_json(&report);
    } else {
        print_human(pos, &sol, &report);
        if let Some(p) = &report.proof {
            outln!("proof: written to {p} (peakforge check-proof {p} checks it)");
        }
    }
    Ok(
        if matches!(sol.verdict, Verdict::Unknown(_)) || review.is_none() {
            EXIT_UNKNOWN
        } else {
            EXIT_OK
        },
    )
}

fn print_human<G: GameState>(pos: &G, sol: &solver::Solution<G::Move>, r: &Report) {
    let side = pos.side_name(pos.to_move());
    match sol.verdict {
        Verdict::Win => outln!(
            "win: {side} forces a win in {} player move(s)",
            sol.player_moves.unwrap_or(0)
        ),
        Verdict::NoWin => outln!(
            "no win: {side} cannot force a win within {} player move(s)",
            sol.max_moves
        ),
        Verdict::Unknown(s) => outln!("unknown: {}", s.describe()),
    }
    if !r.key_moves.is_empty() {
        // Key moves are every first move that wins within the bound searched, which may be
        // more than the shortest win (say, before the move limit).
        outln!(
            "key move(s) winning within {} player move(s): {}",
            sol.max_moves,
            r.key_moves.join(", ")
        );
        if r.key_moves.len() > 1 {
            outln!(
                "cooked: {} winning first moves within {} (use --max-moves to bound the search)",
                r.key_moves.len(),
                sol.max_moves
            );
        }
    }
    if !r.line.is_empty() {
        outln!("main line:");
        for (i, round) in rounds(pos, &sol.line, &r.line).iter().enumerate() {
            outln!("  {}. {}", i + 1, round.join("  "));
        }
    }
    let mut p = pos.clone();
    let mut dual_at = sol.duals.iter().peekable();
    for (i, &m) in sol.line.iter().enumerate() {
        if let Some(d) = dual_at.next_if(|d| d.ply == i) {
            let alts: Vec<String> = d.alternatives.iter().map(|&a| p.move_text(a)).collect();
            outln!("dual at ply {}: {} also win(s)", i + 1, alts.join(", "));
        }
        p = p.play(m);
    }
    if let Some(k) = sol.player_moves
        && k < sol.max_moves
    {
        outln!(
            "short solution: {k} player move(s), fewer than the {} allowed",
            sol.max_moves
        );
    }
    if let Some(refs) = &r.refutations {
        for x in refs {
            let tag = if x.unique { " (try)" } else { "" };
            match &x.defence {
                Some(d) => outln!("refuted: {}? {}!{tag}", x.mv, d),
                None => outln!("refuted: {}? (no win after it)", x.mv),
            }
        }
    }
    outln!("{} nodes, {} ms", r.nodes, r.millis);
}

/// Writes a proof certificate as pretty JSON, atomically.
///
/// # Errors
/// Exit 2 when the file cannot be written, naming it.
pub(super) fn write_certificate(
    path: &std::path::Path,
    cert: &solver::proof::Certificate,
) -> Result<(), CliError> {
    crate::challenge::write_atomic(path, &certificate_text(cert)?)
        .map_err(|e| CliError::bad_input(e.to_string()))
}

/// A proof certificate as the bytes of its JSON file (pretty, with a final newline).
pub(super) fn certificate_text(cert: &solver::proof::Certificate) -> Result<Vec<u8>, CliError> {
    let text =
        serde_json::to_string_pretty(cert).map_err(|e| CliError::bad_input(e.to_string()))?;
    Ok(format!("{text}\n").into_bytes())
}

/// The main line's move texts in rounds: each round starts with a player move that follows a
/// defence (or starts the line), so a Seega chain's steps stay in one round.
fn rounds<G: GameState>(start: &G, line: &[G::Move], texts: &[String]) -> Vec<Vec<String>> {
    let player = start.to_move();
    let mut out: Vec<Vec<String>> = Vec::new();
    let mut pos = start.clone();
    let mut last = None;
    for (&m, t) in line.iter().zip(texts) {
        let mover = pos.to_move();
        if mover == player && last != Some(player) || out.is_empty() {
            out.push(Vec::new());
        }
        if let Some(round) = out.last_mut() {
            round.push(t.clone());
        }
        last = Some(mover);
        pos = pos.play(m);
    }
    out
}
