//! Syntax errors of challenge files in the file's own terms, at the right place: the RON and
//! JSON readers' errors are reworded where they point to the wrong thing (a float where a whole
//! number is expected, a struct written without field names, an empty file, Rust type names),
//! placed at the start of the value at fault, and columns are counted in characters in both
//! formats (the JSON reader counts bytes, after the value).

use ron::error::{Error as RonError, SpannedError};

use super::type_words::{expected_name, in_file_terms, least_whole_number, whole_number_max};

/// A located fault: 1-based line and column (in characters), the field path (may be empty)
/// and what is wrong.
pub(super) struct Fault {
    pub line: usize,
    pub column: usize,
    pub field: String,
    pub message: String,
}

/// The byte offset of the start of 1-based `line` (the end of the text past the last line).
fn line_start(text: &str, line: usize) -> usize {
    if line <= 1 {
        return 0;
    }
    text.match_indices('\n')
        .nth(line - 2)
        .map_or(text.len(), |(i, _)| i + 1)
}

/// 1-based line and column in characters of a byte offset.
fn place(text: &str, at: usize) -> (usize, usize) {
    let at = at.min(text.len());
    let at = (0..=at)
        .rev()
        .find(|&i| text.is_char_boundary(i))
        .unwrap_or(0);
    let before = &text[..at];
    let line = before.matches('\n').count() + 1;
    let start = before.rfind('\n').map_or(0, |i| i + 1);
    (line, text[start..at].chars().count() + 1)
}

fn is_token_char(c: char) -> bool {
    c.is_alphanumeric() || matches!(c, '.' | '-' | '+' | '_')
}

/// The value around byte offset `p` (skipping blanks forward first): a quoted string, or a
/// run of number and word characters; its start and end offsets.
fn token_at(text: &str, p: usize) -> (usize, usize) {
    let p = p.min(text.len());
    let p = (0..=p)
        .rev()
        .find(|&i| text.is_char_boundary(i))
        .unwrap_or(0);
    let rest = &text[p..];
    let p = p + (rest.len() - rest.trim_start().len());
    let rest = &text[p..];
    if let Some(inner) = rest.strip_prefix('"') {
        let end = inner.find('"').map_or(text.len(), |i| p + i + 2);
        return (p, end);
    }
    // A list or a struct where a value was expected: its opening bracket (RON's `[]` for a
    // challenge was "found nothing").
    if rest.starts_with(['[', '{', '(']) {
        return (p, p + 1);
    }
    let start = text[..p]
        .char_indices()
        .rev()
        .take_while(|&(_, c)| is_token_char(c))
        .last()
        .map_or(p, |(i, _)| i);
    let end = text[p..]
        .char_indices()
        .find(|&(_, c)| !is_token_char(c))
        .map_or(text.len(), |(i, _)| p + i);
    (start, end)
}

/// How a value is shown in a message: `1.5`, `"7"`, an array, an object.
fn shown(text: &str, (start, end): (usize, usize)) -> String {
    let t = &text[start..end.max(start)];
    match t.chars().next() {
        Some('[') => "an array".into(),
        Some('{') => "an object".into(),
        Some(_) if t.chars().count() <= 40 => format!("`{t}`"),
        Some(_) => format!("`{}…`", t.chars().take(40).collect::<String>()),
        None => "nothing".into(),
    }
}

/// The key named on the line before byte offset `p` (`move_counter:` / `"move_counter":`).
fn key_before(text: &str, p: usize) -> Option<&str> {
    let start = text[..p].rfind('\n').map_or(0, |i| i + 1);
    let line = &text[start..p];
    let (head, _) = line.rsplit_once(':')?;
    let key = head.trim().trim_matches('"');
    let key = key.rsplit([',', '(', '{', ' ']).next()?.trim_matches('"');
    (!key.is_empty() && key.chars().all(|c| c.is_alphanumeric() || c == '_')).then_some(key)
}

fn joined(field: &str, key: &str) -> String {
    if field.is_empty() || field == "." {
        key.to_string()
    } else if field.rsplit('.').next() == Some(key) {
        field.to_string()
    } else {
        format!("{field}.{key}")
    }
}

/// What a whole number at `field` may be, when serde's message names its Rust integer type
/// (`u16`): from the least the field allows once checked to the type's largest value.
fn whole_number_range(expected: &str, field: &str) -> Option<String> {
    let max: u64 = match expected {
        "u8" => u8::MAX.into(),
        "u16" => u16::MAX.into(),
        "u32" => u32::MAX.into(),
        "u64" | "usize" => u64::MAX,
        _ => return None,
    };
    Some(whole_numbers(field, max))
}

/// "a whole number from LEAST to MAX": one wording for RON's and JSON's out-of-range values.
fn whole_numbers(field: &str, max: u64) -> String {
    format!("a whole number from {} to {max}", least_whole_number(field))
}

/// [`shown`] in RON's words: a list, not an array.
fn shown_ron(text: &str, token: (usize, usize)) -> String {
    match shown(text, token) {
        s if s == "an array" => "a list".into(),
        s => s,
    }
}

/// A RON reader's error, reworded and placed.
pub(super) fn ron_fault(text: &str, e: &SpannedError, field: String) -> Fault {
    let shown = shown_ron;
    let at = line_start(text, e.span.start.line)
        + text[line_start(text, e.span.start.line)..]
            .char_indices()
            .nth(e.span.start.col.saturating_sub(1))
            .map_or(0, |(i, _)| i);
    let token = token_at(text, at);
    let tok = &text[token.0..token.1.max(token.0)];
    let numberish = tok.starts_with(|c: char| c.is_ascii_digit() || c == '-' || c == '+');
    let (line, column) = place(text, token.0);
    let fault = |field: String, message: String| Fault {
        line,
        column,
        field,
        message,
    };
    if text.trim().is_empty() {
        return Fault {
            line: 1,
            column: 1,
            field,
            message: "the file is empty: expected a challenge, `( … )`".into(),
        };
    }
    if let Some(f) = twice(text, at, &field, &e.code.to_string()) {
        return f;
    }
    match &e.code {
        // `1.5` (or `1e3`) where a whole number is expected: RON read `1` and then found the
        // rest where a comma should be.
        RonError::ExpectedComma
        | RonError::ExpectedStructLikeEnd
        | RonError::ExpectedArrayEnd
        | RonError::InvalidIntegerDigit { .. }
        | RonError::ExpectedInteger
            if numberish && tok.contains(['.', 'e', 'E']) =>
        {
            let field = key_before(text, token.0).map_or(field.clone(), |k| joined(&field, k));
            fault(
                field,
                format!("expected a whole number, found {}", shown(text, token)),
            )
        }
        RonError::ExpectedInteger | RonError::InvalidIntegerDigit { .. } => fault(
            field,
            format!("expected a whole number, found {}", shown(text, token)),
        ),
        RonError::IntegerOutOfBounds if whole_number_max(&field).is_some() => {
            let max = whole_number_max(&field).unwrap_or_default();
            let message = format!(
                "expected {}, found {}",
                whole_numbers(&field, max),
                shown(text, token)
            );
            fault(field, message)
        }
        RonError::IntegerOutOfBounds => fault(
            field,
            format!(
                "{} is out of range: expected a whole number from 0 up to the field's largest \
                 value (see `peakforge schema`)",
                shown(text, token)
            ),
        ),
        RonError::SuggestRawIdentifier(_)
        | RonError::InvalidIdentifier(_)
        | RonError::ExpectedIdentifier => fault(
            field.clone(),
            expected_name(&field, &shown(text, token), false).unwrap_or_else(|| {
                format!(
                    "expected a field name: a struct is written with its field names, \
                 `(name: value, …)`, found {}",
                    shown(text, token)
                )
            }),
        ),
        // Anything else at the value it is about (RON's place is before the blanks), in the
        // file's words.
        code => {
            let message = in_file_terms(&code.to_string(), &field, &shown(text, token), false);
            fault(field, message)
        }
    }
}

/// A key given twice in a text map (`strict::unique_texts`), placed at the second key (the
/// last before `end`, where the reader stopped).
fn twice(text: &str, end: usize, field: &str, message: &str) -> Option<Fault> {
    let key = message.strip_prefix("the key \"")?.split('"').next()?;
    let at = text[..end.min(text.len())].rfind(&format!("\"{key}\""))?;
    let (line, column) = place(text, at);
    Some(Fault {
        line,
        column,
        field: field.to_string(),
        message: message.to_string(),
    })
}

/// A JSON reader's reason without the place it appends (" at line L column C"), for messages
/// that say the place their own way.
pub(crate) fn json_reason(e: &serde_json::Error) -> String {
    let place = format!(" at line {} column {}", e.line(), e.column());
    let message = e.to_string();
    message.strip_suffix(&place).unwrap_or(&message).to_string()
}

/// A JSON reader's error, reworded and placed: serde_json gives the column in bytes after what
/// it read; this gives the start of the value, in characters.
pub(super) fn json_fault(text: &str, e: &serde_json::Error, field: String) -> Fault {
    use serde_json::error::Category;
    let message = json_reason(e);
    if e.classify() == Category::Eof && text.trim().is_empty() {
        return Fault {
            line: 1,
            column: 1,
            field,
            message: "the file is empty: expected a challenge, a JSON object `{ … }`".into(),
        };
    }
    // Just after the last byte read.
    let end = (line_start(text, e.line()) + e.column()).min(text.len());
    if let Some(f) = twice(text, end, &field, &message) {
        return f;
    }
    let (at, message) = if e.classify() == Category::Data {
        // The value at fault ends at `end`, or (an array or object, not read) starts after it.
        let next = text[end..].trim_start();
        let token = if next.starts_with(['[', '{']) {
            let s = text.len() - next.len();
            (s, s + 1)
        } else {
            token_back(text, end)
        };
        let expected = message.rsplit_once(", expected ").map(|(_, x)| x);
        match expected.and_then(|x| whole_number_range(x, &field)) {
            Some(range) => (
                token.0,
                format!("expected {range}, found {}", shown(text, token)),
            ),
            None => (
                token.0,
                in_file_terms(&message, &field, &shown(text, token), true),
            ),
        }
    } else {
        let at = end.saturating_sub(1);
        let found = shown(text, token_at(text, at));
        (at, in_file_terms(&message, &field, &found, true))
    };
    let (line, column) = place(text, at);
    Fault {
        line,
        column,
        field,
        message,
    }
}

/// The value that ends at byte offset `end`: a quoted string or a run of number and word
/// characters.
fn token_back(text: &str, end: usize) -> (usize, usize) {
    let before = &text[..end];
    if before.ends_with('"') {
        let mut start = before.len() - 1;
        while let Some(i) = before[..start].rfind('"') {
            start = i;
            if !before[..i].ends_with('\\') {
                break;
            }
        }
        return (start, end);
    }
    let start = before
        .char_indices()
        .rev()
        .take_while(|&(_, c)| is_token_char(c))
        .last()
        .map_or(end, |(i, _)| i);
    (start, end)
}
