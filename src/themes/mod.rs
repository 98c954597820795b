//! Themes, proved (the Puzzle menu): each rule a challenge can teach is a theme named after its
//! number in RULES.md. A challenge **teaches** a theme when its solution needs the rule: the
//! proof uses it (a move of the main line is of that kind, or the main line ends for that
//! reason; the main line is the intended line when it works, which a sound challenge's does,
//! else the solver's) and, wherever the rule can be taken away (flat terrain, no support, no charge, the
//! Scout without its special move, the starting score at 0, the limit raised, …), the
//! challenge is no longer sound without it. Each rule set declares its themes once
//! ([`Themed`], in `pawn_peak.rs`, `breakthrough.rs`, `seega.rs`); [`themes`] finds them for a
//! verified challenge of any game.

mod breakthrough;
mod pawn_peak;
mod seega;
pub mod table;

use serde::Serialize;

use crate::challenge::{ChallengeGame, Checked, GameName, PositionSpec, read_line};
use crate::game::Reason;
use crate::games::{AnyPosition, Member, with_game};
use crate::solver::{self, Control, Prover, Stop, Verdict};
use crate::verify::{VerifyReport, check_line};

/// A rule a challenge can teach.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Theme {
    /// Its id, after its rule's number: `pp-6-support`.
    pub id: &'static str,
    /// Its name in words.
    pub name: &'static str,
    /// What in a proof shows it.
    pub shown_by: &'static str,
    /// How the rule is taken away to test the challenge without it, when it can be.
    pub taken_away: Option<&'static str>,
    /// What a start needs for the rule to come into play: what the generator sets up.
    pub start: Start,
}

/// What a start needs for a theme's rule to come into play (the generator's setup).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Start {
    /// Nothing in particular.
    Any,
    /// Terrain heights.
    Terrain,
    /// A move limit the player's last move reaches.
    TightLimit,
    /// Starting scores.
    Scores,
    /// One piece already exited (the next exit ends the match).
    OneExited,
    /// Pieces in hand (a placement phase): the player one or two, the defender none or one,
    /// and for a win in one a board as full as the hands allow (a placement wins at once only
    /// by leaving the side to move blocked, or at the move limit).
    InHand,
    /// Pieces next to one another (each next to an earlier one): support and reinforcement
    /// come into play.
    Clustered,
    /// Pieces that cannot move: steep terrain (a step of 4 or more costs more than a Guardian
    /// or a Protector has) with the defender's pieces on its peaks.
    Boxed,
    /// A capture chain: more pieces ([`crate::generate::default_pieces`]) and, for a win in
    /// one, a start in the middle of the player's chain (its second capture is the move).
    Chain,
    /// The theme cannot come into play in this game at all; why, in words. The generator says
    /// so at once instead of searching.
    Never(&'static str),
}

/// A theme a challenge teaches, and why: what in the proof uses the rule, and what happens
/// without it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Taught {
    /// The theme's id.
    pub id: &'static str,
    /// The proof's use of the rule and, where it can be taken away, the challenge without it.
    pub evidence: String,
}

/// How a rule set tells its themes (see the module documentation).
pub trait Themed: ChallengeGame {
    /// The themes, in the order of RULES.md.
    const THEMES: &'static [Theme];

    /// The themes move `mv`, played here, shows, each with its evidence in words ("the key
    /// b3xc4 is a capture with support 1").
    fn shown_by_move(&self, mv: Self::Move) -> Vec<(&'static str, String)>;

    /// The theme an end of the main line for `reason` shows, when one does; `start` is the
    /// challenge's start (the starting score theme looks at it).
    fn shown_by_end(start: &Self, reason: Reason) -> Vec<(&'static str, String)>;

    /// The start `start` (described by `spec`) with the rule of theme `id` taken away; `None`
    /// when the rule cannot be taken away.
    fn without(start: &Self, spec: &PositionSpec, id: &str) -> Option<Self>;
}

/// The themes of a game, in order.
#[must_use]
pub fn catalogue(game: GameName) -> &'static [Theme] {
    with_game!(game, G => <G as Themed>::THEMES)
}

/// The theme with this id, in any game.
#[must_use]
pub fn find(id: &str) -> Option<(GameName, Theme)> {
    crate::games::GAMES
        .iter()
        .find_map(|&g| catalogue(g).iter().find(|t| t.id == id).map(|&t| (g, t)))
}

/// The themes `checked` teaches, given its verification `report` (which must have a forced
/// win: else none), in the catalogue's order.
///
/// # Errors
/// [`Stop`] when a limit stopped a search without the rule.
pub fn themes(
    checked: &Checked,
    report: &VerifyReport,
    control: Control<'_>,
) -> Result<Vec<Taught>, Stop> {
    if report.player_moves.is_none() {
        return Ok(Vec::new());
    }
    with_game!(checked.game(), G => {
        let start = G::own_position(checked.start()).expect("a start of its own game");
        themes_in(start, checked, report, control)
    })
}

fn themes_in<G: Themed>(
    start: &G,
    checked: &Checked,
    report: &VerifyReport,
    control: Control<'_>,
) -> Result<Vec<Taught>, Stop>
where
    AnyPosition: From<G>,
{
    // The intended line when it works (every player move wins, the defences resist, it ends
    // in the win): what the player is shown; else the solver's main line.
    let line = if report.line_problems.is_empty() && checked.line_problem().is_none() {
        checked.line()
    } else {
        &report.main_line
    };
    let shown = shown_by_line(start, line);
    let mut out = Vec::new();
    for theme in G::THEMES {
        let Some((_, evidence)) = shown.iter().find(|(id, _)| *id == theme.id) else {
            continue;
        };
        let spec = &checked.challenge().position;
        let mut evidence = evidence.clone();
        if let Some(variant) = G::without(start, spec, theme.id) {
            match unsound_without(&variant, checked, control)? {
                Some(why) => {
                    let how = theme.taken_away.unwrap_or("without the rule");
                    evidence.push_str(&format!("; {how}, {why}"));
                }
                // Sound without the rule: the challenge does not need it.
                None => continue,
            }
        }
        out.push(Taught {
            id: theme.id,
            evidence,
        });
    }
    Ok(out)
}

/// What the main line `line` shows, move by move, then by its end: each theme's first
/// evidence.
fn shown_by_line<G: Themed>(
    start: &G,
    line: &[crate::games::AnyMove],
) -> Vec<(&'static str, String)> {
    let mut shown: Vec<(&'static str, String)> = Vec::new();
    let mut add = |found: Vec<(&'static str, String)>| {
        for (id, why) in found {
            if !shown.iter().any(|(i, _)| *i == id) {
                shown.push((id, why));
            }
        }
    };
    let mut pos = start.clone();
    for &m in line {
        let Some(mv) = G::own_move(m) else { break };
        add(pos.shown_by_move(mv));
        pos = pos.play(mv);
    }
    if let Some(o) = pos.outcome()
        && o.winner == Some(start.to_move())
    {
        add(G::shown_by_end(start, o.reason));
    }
    shown
}

/// Why the challenge is not sound from `variant` (its start with a rule taken away): no
/// forced win within the goal, another key move, or the intended line failing; `None` when it
/// is still sound.
///
/// # Errors
/// [`Stop`] when a limit stopped the search.
fn unsound_without<G: Member>(
    variant: &G,
    checked: &Checked,
    control: Control<'_>,
) -> Result<Option<String>, Stop>
where
    AnyPosition: From<G>,
{
    let goal = checked.goal();
    if variant.outcome().is_some() {
        return Ok(Some("the start is already over".into()));
    }
    let sol = solver::solve(variant, Some(goal), control);
    match sol.verdict {
        Verdict::Unknown(stop) => return Err(stop),
        Verdict::NoWin => return Ok(Some(format!("no forced win within {goal} player move(s)"))),
        Verdict::Win => {}
    }
    let keys: Vec<String> = sol
        .key_moves
        .iter()
        .map(|&m| variant.move_text(m))
        .collect();
    if keys.len() > 1 {
        return Ok(Some(format!(
            "cooked: {} winning first moves ({})",
            keys.len(),
            keys.join(", ")
        )));
    }
    let texts = &checked.challenge().solution;
    let (line, problem) = read_line(variant, texts);
    let mut prover = Prover::new(variant.to_move(), control);
    let check = check_line(variant, &line, texts, problem.as_ref(), goal, &mut prover)?;
    Ok(check.problems.first().map(ToString::to_string))
}

/// The spec `spec` with the move limit raised past any the goal can reach, and a start built
/// from it: the move-limit themes' test in every game.
fn limit_raised<G: ChallengeGame>(spec: &PositionSpec) -> Option<G> {
    let mut spec = spec.clone();
    spec.move_limit = u16::MAX;
    G::from_spec(&spec).ok()
}
