//! Turning a [`Challenge`] as read into a checked starting position of its game, with every
//! problem found, each naming its field. The checks every game shares are here; each rule set's
//! own position checks are behind [`ChallengeGame`] (`pawn_peak_spec.rs`, `board_spec.rs`).

use super::authoring::OwnField;
use super::checked::Checked;
use super::model::{
    Challenge, FIRST_CURRENT_VERSION, FORMAT_VERSION, GameName, PositionSpec, TEACHES_VERSION,
};
use crate::games::{AnyPosition, with_game};

/// One problem in a challenge: the field at fault (a path such as `position.pieces[2]`) and
/// what is wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// The field path, e.g. `position.terrain[3]`.
    pub field: String,
    /// What is wrong, with the rule where one applies.
    pub message: String,
}

impl std::fmt::Display for Problem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.field, self.message)
    }
}

pub(super) fn problem(field: impl Into<String>, message: impl Into<String>) -> Problem {
    Problem {
        field: field.into(),
        message: message.into(),
    }
}

/// What a rule set provides to challenge files: its name in the `game` field and the position a
/// [`PositionSpec`] describes.
pub trait ChallengeGame: crate::games::Member {
    /// The `game` field of this rule set's files.
    const GAME: GameName;

    /// The starting position a spec describes, checked as a challenge's start (sizes, squares,
    /// sides and kinds of this game, the fields it has no use for left out, the game's own
    /// start rules) except for the checks every game shares ([`validate_as`]).
    ///
    /// # Errors
    /// Every problem found, each naming its field.
    fn from_spec(spec: &PositionSpec) -> Result<Self, Vec<Problem>>;

    /// The spec describing this position: the inverse of [`ChallengeGame::from_spec`], for a
    /// new challenge made from a position and for the editor to draw one. The fields the game
    /// has no use for are `None`.
    fn to_spec(&self) -> PositionSpec;
}

/// The problems every challenge can have, whatever its game: the format version, the id, the
/// English title and tutorial, the goal, the move counter at the start.
fn common_problems(ch: &Challenge) -> Vec<Problem> {
    let mut problems = Vec::new();
    if !(FIRST_CURRENT_VERSION..=FORMAT_VERSION).contains(&ch.format_version) {
        problems.push(problem(
            "format_version",
            format!(
                "version {} is not supported; this build reads versions 0 to {FORMAT_VERSION}",
                ch.format_version
            ),
        ));
    } else if ch.format_version < TEACHES_VERSION && !ch.teaches.is_empty() {
        problems.push(problem(
            "teaches",
            format!(
                "the themes a challenge teaches came with format version {TEACHES_VERSION}: \
                 set format_version: {TEACHES_VERSION}"
            ),
        ));
    }
    problems.extend(teaches_problems(ch));
    if ch.id.is_empty()
        || !ch
            .id
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
    {
        problems.push(problem(
            "id",
            format!(
                "{} must be non-empty letters, digits, '-' or '_'",
                crate::excerpt::Excerpt(&ch.id)
            ),
        ));
    }
    for (name, texts) in [
        ("title", &ch.title),
        ("tutorial", &ch.tutorial),
        ("hint", &ch.hint),
    ] {
        for key in texts.keys().filter(|k| !is_language_code(k)) {
            problems.push(problem(
                name,
                format!(
                    "{} is not a language code (en, fr, pt-BR)",
                    crate::excerpt::Excerpt(key)
                ),
            ));
        }
    }
    for (name, texts) in [("title", &ch.title), ("tutorial", &ch.tutorial)] {
        if texts.get("en").is_none_or(|t| t.trim().is_empty()) {
            problems.push(problem(
                format!("{name}.en"),
                "the English text is required",
            ));
        }
    }
    if ch.goal.player_moves == 0 {
        problems.push(problem(
            "goal.player_moves",
            "the goal must allow at least one player move",
        ));
    }
    let plies_left = ch
        .position
        .move_limit
        .saturating_sub(ch.position.move_counter);
    if ch.goal.player_moves > u32::from(plies_left) && plies_left > 0 {
        problems.push(problem(
            "goal.player_moves",
            format!(
                "the goal of {} player moves is more than the {plies_left} plies left before the move limit",
                ch.goal.player_moves
            ),
        ));
    }
    if ch.position.move_limit == 0 {
        problems.push(problem(
            "position.move_limit",
            "a move limit of 0 plies leaves no move to play: the limit must be above the move \
             counter (PP-9.1, BT-4, SG-6)"
                .to_string(),
        ));
    } else if ch.position.move_counter >= ch.position.move_limit {
        problems.push(problem(
            "position.move_counter",
            format!(
                "the counter {} must be below the limit {} at the start (PP-9.1, BT-4, SG-6)",
                ch.position.move_counter, ch.position.move_limit
            ),
        ));
    }
    problems
}

/// The problems of the declared themes: an id that names no theme of the challenge's game, or
/// one given twice.
fn teaches_problems(ch: &Challenge) -> Vec<Problem> {
    let known = crate::themes::catalogue(ch.game);
    let mut out = Vec::new();
    for (i, id) in ch.teaches.iter().enumerate() {
        let field = format!("teaches[{i}]");
        if !known.iter().any(|t| t.id == id) {
            let ids: Vec<&str> = known.iter().map(|t| t.id).collect();
            out.push(problem(
                field,
                format!(
                    "{} is not a theme of {}: its themes are {}",
                    crate::excerpt::Excerpt(id),
                    ch.game.as_str(),
                    ids.join(", ")
                ),
            ));
        } else if ch.teaches[..i].contains(id) {
            out.push(problem(field, format!("{id} is listed twice")));
        }
    }
    out
}

/// Whether `key` is a language code as [`super::schema::LANGUAGE_PATTERN`] says: two or three
/// lower-case letters, then `-` and 2 to 8 letters or digits, any number of times.
fn is_language_code(key: &str) -> bool {
    let mut parts = key.split('-');
    let lang = parts.next().unwrap_or_default();
    (2..=3).contains(&lang.len())
        && lang.bytes().all(|b| b.is_ascii_lowercase())
        && parts.all(|p| (2..=8).contains(&p.len()) && p.bytes().all(|b| b.is_ascii_alphanumeric()))
}

/// Checks a challenge of rule set `G` and returns its starting position.
///
/// # Errors
/// Every problem found: a `game` field that names another rule set, those every game shares
/// (see `common_problems`), those of [`ChallengeGame::from_spec`], and a finished start.
pub fn validate_as<G: ChallengeGame>(ch: &Challenge) -> Result<G, Vec<Problem>> {
    if ch.game != G::GAME {
        return Err(vec![problem(
            "game",
            format!(
                "a \"{}\" challenge where a \"{}\" one is needed",
                ch.game.as_str(),
                G::GAME.as_str()
            ),
        )]);
    }
    let mut problems = common_problems(ch);
    match G::from_spec(&ch.position) {
        Ok(pos) => {
            if problems.is_empty()
                && let Some(o) = pos.outcome()
            {
                problems.push(problem(
                    "position",
                    format!(
                        "the start is already finished ({}): a challenge starts from a live position (PP-9.1)",
                        o.reason.as_str()
                    ),
                ));
            }
            if problems.is_empty() {
                return Ok(pos);
            }
        }
        Err(mut e) => problems.append(&mut e),
    }
    Err(problems)
}

/// Checks a challenge with the rule set its `game` field names (PP-9.1, PP-9.2, BT, SG) and
/// returns it checked, with its starting position and its intended line read as moves: the
/// one way to a [`Checked`]. See [`validate_as`] for the start in a given rule set.
///
/// # Errors
/// As [`validate_as`].
pub fn validate(ch: &Challenge) -> Result<Checked, Vec<Problem>> {
    let start = with_game!(ch.game, G => validate_as::<G>(ch).map(AnyPosition::from))?;
    Ok(Checked::new(ch.clone(), start))
}

/// The spec describing any position ([`ChallengeGame::to_spec`] of its rule set).
#[must_use]
pub fn spec_of_any(pos: &AnyPosition) -> PositionSpec {
    crate::games::with_position!(pos, p => p.to_spec())
}

/// The problems of the optional fields a game has no use for that a spec nevertheless gives:
/// each named, with the games that have it ([`OwnField`]).
pub(super) fn unused_fields(spec: &PositionSpec, game: GameName) -> Vec<Problem> {
    OwnField::ALL
        .into_iter()
        .filter(|f| f.given(spec) && !f.of(game))
        .map(|f| {
            let owners: Vec<String> = crate::games::GAMES
                .into_iter()
                .filter(|&g| f.of(g))
                .map(|g| format!("\"{}\"", g.as_str()))
                .collect();
            let name = f.name();
            problem(
                format!("position.{name}"),
                format!(
                    "a {} challenge has no {name}: the field is for {} only; leave it out",
                    game.as_str(),
                    owners.join(" and ")
                ),
            )
        })
        .collect()
}
