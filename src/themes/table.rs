//! The themes as a Markdown table, one row per theme of every game in RULES.md's order:
//! `docs/themes.md` holds it between its markers, and a test (`tests/themes_doc.rs`) keeps the
//! two equal, so the documentation cannot drift from the declarations ([`super::Themed`]).

use super::catalogue;
use crate::games::GAMES;

/// The line before the table in `docs/themes.md`.
pub const BEGIN: &str =
    "<!-- themes table: generated from src/themes, checked by tests/themes_doc.rs -->";
/// The line after it.
pub const END: &str = "<!-- end of the themes table -->";

/// The rule a theme is named after: `pp-6-support` → `PP-6`.
#[must_use]
pub fn rule_of(id: &str) -> String {
    let mut parts = id.splitn(3, '-');
    let game = parts.next().unwrap_or_default().to_uppercase();
    let number = parts.next().unwrap_or_default();
    format!("{game}-{number}")
}

/// The table: game, id, name, rule, what in a proof shows the theme, how the rule is taken
/// away (or that it is not).
#[must_use]
pub fn markdown() -> String {
    let mut out = String::from(
        "| game | theme | name | rule | shown in the proof by | taken away |\n|---|---|---|---|---|---|\n",
    );
    for game in GAMES {
        for t in catalogue(game) {
            let taken = t.taken_away.unwrap_or("not taken away (see below)");
            out.push_str(&format!(
                "| {} | `{}` | {} | {} | {} | {} |\n",
                game.as_str(),
                t.id,
                t.name,
                rule_of(t.id),
                t.shown_by,
                taken
            ));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_themes_rule_is_its_ids_game_and_number() {
        assert_eq!(rule_of("pp-6-support"), "PP-6");
        assert_eq!(rule_of("bt-3-no-legal-move"), "BT-3");
        assert_eq!(rule_of("sg-6-move-limit"), "SG-6");
    }

    #[test]
    fn every_theme_has_a_row() {
        let table = markdown();
        for game in GAMES {
            for t in catalogue(game) {
                assert!(table.contains(&format!("`{}`", t.id)), "{}", t.id);
            }
        }
    }
}
