//! The texts and ids a new challenge starts with, which a designer replaces before the
//! challenge joins the Puzzle menu: the editor's templates and the generator's candidates. The
//! editor selects a placeholder text when its field gets the focus (typing replaces it); the
//! library check flags any left in a library.

use super::model::Challenge;
use crate::games::GAMES;

/// The tutorial text a new challenge starts with.
pub const PLACEHOLDER_TUTORIAL: &str = "Describe the challenge here.";

/// The id of a new blank challenge.
pub const NEW_ID: &str = "new-challenge";

/// The id of the standard-match template (D-3).
pub const STANDARD_ID: &str = "standard";

/// The mark that starts every text the generator writes for a designer to replace.
pub const TO_WRITE: &str = "[to write]";

/// Whether `text` is one a new challenge starts with: the tutorial placeholder, a template
/// title ("New challenge", "Standard match", "Seega challenge", …) or a generated text.
#[must_use]
pub fn is_placeholder_text(text: &str) -> bool {
    let text = text.trim();
    text == PLACEHOLDER_TUTORIAL
        || text == "Standard match"
        || text == "New challenge"
        || text.starts_with(TO_WRITE)
        || GAMES.iter().any(|g| {
            text.strip_suffix(" challenge")
                .is_some_and(|name| name.eq_ignore_ascii_case(g.as_str()))
        })
}

/// Whether `id` is a template's: `new-challenge`, `standard`, or a game's name (the New
/// buttons of the other games), or a generated one (`generated-…`).
#[must_use]
pub fn is_placeholder_id(id: &str) -> bool {
    id == NEW_ID
        || id == STANDARD_ID
        || id.starts_with("generated-")
        || GAMES.iter().any(|g| g.as_str() == id)
}

/// Each placeholder text `ch` still holds, as its field (`title.en`) and the one wording the
/// library check and the editor's warnings give it (`title.en is a placeholder: "…"`).
pub fn placeholder_texts(ch: &Challenge) -> impl Iterator<Item = (String, String)> + '_ {
    ch.texts().into_iter().flat_map(|(field, texts)| {
        texts
            .iter()
            .filter(|(_, text)| is_placeholder_text(text))
            .map(move |(lang, text)| {
                let at = format!("{field}.{lang}");
                let message = format!("{at} is a placeholder: \"{}\"", crate::excerpt::cut(text));
                (at, message)
            })
    })
}
