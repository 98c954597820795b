//! Text from a file or the command line quoted in a message: never more than
//! [`MAX_SHOWN_CHARS`] characters of it, so that a megabyte-long terrain row or move text is
//! named in one short line, not echoed whole.

use std::fmt;

/// The most characters of a text a message shows; the rest is cut and counted.
pub const MAX_SHOWN_CHARS: usize = 40;

/// Displays a text in single quotes, cut after [`MAX_SHOWN_CHARS`] characters with `…` and
/// its length in characters: `'0000…' (1000000 characters)`.
#[derive(Debug, Clone, Copy)]
pub struct Excerpt<'a>(pub &'a str);

impl fmt::Display for Excerpt<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut chars = self.0.char_indices();
        match chars.nth(MAX_SHOWN_CHARS) {
            None => write!(f, "'{}'", self.0),
            Some((cut, _)) => write!(
                f,
                "'{}…' ({} characters)",
                &self.0[..cut],
                self.0.chars().count()
            ),
        }
    }
}

/// The same cut without the quotes, for text shown in parentheses or after a colon:
/// `c4-000…` (100003 characters)`.
#[must_use]
pub fn cut(text: &str) -> String {
    match text.char_indices().nth(MAX_SHOWN_CHARS) {
        None => text.to_string(),
        Some((at, _)) => format!("{}… ({} characters)", &text[..at], text.chars().count()),
    }
}

#[cfg(test)]
mod tests {
    use super::{Excerpt, cut};

    #[test]
    fn short_text_is_quoted_whole_and_long_text_is_cut_and_counted() {
        assert_eq!(Excerpt("c4-exit").to_string(), "'c4-exit'");
        assert_eq!(cut("c4-exit"), "c4-exit");
        assert_eq!(
            cut(&"a".repeat(41)),
            format!("{}… (41 characters)", "a".repeat(40))
        );
        let forty = "é".repeat(40);
        assert_eq!(Excerpt(&forty).to_string(), format!("'{forty}'"));
        let long = "0".repeat(1_000_000);
        assert_eq!(
            Excerpt(&long).to_string(),
            format!("'{}…' (1000000 characters)", "0".repeat(40))
        );
    }
}
