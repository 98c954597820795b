//! Text from a file or the command line quoted in a message: never more than
//! [`MAX_SHOWN_CHARS`] characters of it, so that a megabyte-long terrain row or move text is
//! named in one short line, not echoed whole.

use std::fmt;

/// The most characters of a text a message shows; the rest is cut and counted.
pub const MAX_SHOWN_CHARS: usize = 40;

/// Displays a text in single quotes (its control characters escaped, see [`printable`]), cut
/// after [`MAX_SHOWN_CHARS`] characters with `…` and
/// its length in characters: `'0000…' (1000000 characters)`.
#[derive(Debug, Clone, Copy)]
pub struct Excerpt<'a>(pub &'a str);

impl fmt::Display for Excerpt<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut chars = self.0.char_indices();
        match chars.nth(MAX_SHOWN_CHARS) {
            None => write!(f, "'{}'", printable(self.0)),
            Some((cut, _)) => write!(
                f,
                "'{}…' ({} characters)",
                printable(&self.0[..cut]),
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
        None => printable(text),
        Some((at, _)) => format!(
            "{}… ({} characters)",
            printable(&text[..at]),
            text.chars().count()
        ),
    }
}

/// A path as text a user reads and a program can tell apart: UTF-8 as it is, each byte that
/// is not UTF-8 as `\xNN`, control characters as `\u{NN}` and a backslash as `\\`, so two
/// different names never print alike (`bad\xff.ron` and `bad\xfe.ron`, where lossy text gave
/// the same replacement character for both) and no name moves a terminal's cursor.
#[must_use]
pub fn path_text(path: &std::path::Path) -> String {
    let mut out = String::new();
    for chunk in path.as_os_str().as_encoded_bytes().utf8_chunks() {
        out.push_str(&printable(chunk.valid()));
        for b in chunk.invalid() {
            out.push_str(&format!("\\x{b:02x}"));
        }
    }
    out
}

/// A text with its control characters escaped (`\u{1b}` for ESC, `\u{a}` for a newline) and
/// its backslashes doubled: nothing from a name reaches a terminal raw.
#[must_use]
pub fn printable(text: &str) -> String {
    if !text.chars().any(|c| c.is_control() || c == '\\') {
        return text.to_string();
    }
    text.chars()
        .map(|c| match c {
            '\\' => "\\\\".to_string(),
            c if c.is_control() => c.escape_unicode().to_string(),
            c => c.to_string(),
        })
        .collect()
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

    #[test]
    fn names_that_differ_print_differently_and_control_characters_are_escaped() {
        use super::{path_text, printable};
        use std::os::unix::ffi::OsStrExt as _;
        let a = std::path::Path::new(std::ffi::OsStr::from_bytes(b"bad\xff.ron"));
        let b = std::path::Path::new(std::ffi::OsStr::from_bytes(b"bad\xfe.ron"));
        assert_eq!(path_text(a), "bad\\xff.ron");
        assert_ne!(path_text(a), path_text(b));
        let c = std::path::Path::new("bad\\xff.ron");
        assert_ne!(
            path_text(a),
            path_text(c),
            "a backslash in the name is doubled"
        );
        assert_eq!(printable("a\u{1b}[2Jb\n"), "a\\u{1b}[2Jb\\u{a}");
        assert_eq!(printable("plain é"), "plain é");
    }
}
