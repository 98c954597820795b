//! The field layer of every rule set's position string (RULES.md PP-10, BT-5, SG-7): fields
//! separated by single spaces, and the whole numbers (counter, limit, scores, hands) in them.

/// Splits `s` into fields on single spaces, each with its 1-based start column (an empty
/// field where two spaces meet, so the caller can name the column at fault).
pub(crate) fn fields(s: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = 0;
    for (i, c) in s.char_indices() {
        if c == ' ' {
            out.push((start + 1, &s[start..i]));
            start = i + 1;
        }
    }
    out.push((start + 1, &s[start..]));
    out
}

/// A whole number of ASCII digits only (no sign, no spaces), at most 65 535.
///
/// # Errors
/// The reason, to follow the field's name: `'x1' is not a whole number`, or
/// `70000 is larger than 65535`.
pub(crate) fn whole_number(t: &str) -> Result<u16, String> {
    if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!(
            "{} is not a whole number",
            crate::excerpt::Excerpt(t)
        ));
    }
    t.parse()
        .map_err(|_| format!("{} is larger than {}", crate::excerpt::Excerpt(t), u16::MAX))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_too_large_say_so_and_junk_says_what_it_is() {
        assert_eq!(whole_number("65535"), Ok(65535));
        assert_eq!(whole_number("007"), Ok(7));
        assert_eq!(
            whole_number("65536"),
            Err("'65536' is larger than 65535".into())
        );
        for junk in ["", "-1", "+1", "1.5", "1 ", "٣"] {
            assert_eq!(
                whole_number(junk),
                Err(format!("'{junk}' is not a whole number"))
            );
        }
        assert_eq!(fields("a  b"), vec![(1, "a"), (3, ""), (4, "b")]);
    }
}
