//! The field layer of every rule set's position string (RULES.md PP-10, BT-5, SG-7): fields
//! separated by single spaces, and the whole numbers (counter, limit, scores, hands) in them.

/// Splits `s` into fields on single spaces, each with its 1-based start column (an empty
/// field where two spaces meet, so the caller can name the column at fault).
fn fields(s: &str) -> Vec<(usize, &str)> {
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

/// The fields of a position string that must have exactly `names.len()` of them, named in
/// order (`["placement", "side", "counter"]`).
///
/// # Errors
/// At column 1 of the `position` field: how many fields were expected, which, and how many
/// were found (an empty string says it is empty rather than "found 1").
pub(crate) fn exact_fields<'a>(
    s: &'a str,
    names: &[&str],
) -> Result<Vec<(usize, &'a str)>, super::PositionError> {
    let f = fields(s);
    if f.len() == names.len() {
        return Ok(f);
    }
    let expected = format!(
        "expected {} fields separated by single spaces ({})",
        names.len(),
        names.join(" ")
    );
    let reason = if s.trim().is_empty() {
        format!("the position is empty: {expected}")
    } else {
        format!("{expected}, found {}", f.len())
    };
    Err(super::placement::err("position", 1, reason))
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

    #[test]
    fn a_wrong_field_count_says_how_many_and_an_empty_position_says_empty() {
        let names = ["placement", "side", "counter"];
        assert_eq!(exact_fields("a b c", &names).unwrap().len(), 3);
        let two = exact_fields("a b", &names).unwrap_err();
        assert_eq!((two.field, two.column), ("position", 1));
        assert_eq!(
            two.reason,
            "expected 3 fields separated by single spaces (placement side counter), found 2"
        );
        for empty in ["", " "] {
            let e = exact_fields(empty, &names).unwrap_err();
            assert!(
                e.reason
                    .starts_with("the position is empty: expected 3 fields"),
                "{e:?}"
            );
            assert!(!e.reason.contains("found"), "{e:?}");
        }
    }
}
