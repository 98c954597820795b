//! Where a field of a challenge file is: the line of a field path (`position.pieces[2]`) in the
//! file's text, found through one index of the text built once ([`FieldLines`]), so that a file
//! with tens of thousands of problems is located in linear time; and the summary of many
//! problems of one kind ([`summarise`]).

use std::collections::HashMap;
use std::sync::OnceLock;

use super::validate::Problem;

/// Problems of one kind (one field path, list indices left out) listed before the rest are
/// summarised in one line.
pub const SHOWN_PER_KIND: usize = 10;

/// An index of a challenge file's text: where each line starts, where each key first starts a
/// line (`key:` in RON, `"key":` in JSON), and, once asked for, where the items of the list
/// after a key start.
pub struct FieldLines<'a> {
    text: &'a str,
    /// Byte offset of each line's start.
    line_starts: Vec<usize>,
    /// Byte offset of the first line-starting occurrence of each key.
    keys: HashMap<&'a str, usize>,
    /// Item start offsets of the list after a key, by the key's offset (built on first use).
    items: HashMap<usize, OnceLock<Vec<usize>>>,
}

impl<'a> FieldLines<'a> {
    /// Indexes `text` in one pass.
    #[must_use]
    pub fn new(text: &'a str) -> FieldLines<'a> {
        let mut line_starts = Vec::new();
        let mut keys = HashMap::new();
        let mut offset = 0;
        for line in text.split_inclusive('\n') {
            line_starts.push(offset);
            let t = line.trim_start();
            if let Some(key) = leading_key(t) {
                keys.entry(key).or_insert(offset + (line.len() - t.len()));
            }
            offset += line.len();
        }
        let items = keys.values().map(|&k| (k, OnceLock::new())).collect();
        FieldLines {
            text,
            line_starts,
            keys,
            items,
        }
    }

    /// The 1-based line of a field path: the line of its last named key
    /// (`position.pieces` → `pieces:`), or, for a list item (`position.pieces[2]`), the line
    /// where that item starts (the key's line when the item cannot be found). `None` when the
    /// key is not in the text.
    #[must_use]
    pub fn line_of(&self, field: &str) -> Option<usize> {
        self.offset_of(field).map(|at| self.place(at).0)
    }

    /// The 1-based line and column (in characters) of a byte offset of the text.
    #[must_use]
    pub fn place(&self, at: usize) -> (usize, usize) {
        let line = self.line_starts.partition_point(|&s| s <= at).max(1);
        let start = self.line_starts.get(line - 1).copied().unwrap_or(0);
        let column = self
            .text
            .get(start..at)
            .map_or(1, |t| t.chars().count() + 1);
        (line, column)
    }

    /// The byte offset of a field path's value: where a list item starts, or, for a key,
    /// where its value starts (after `key:` and blanks). `None` when the key is not in the
    /// text.
    #[must_use]
    pub fn value_offset(&self, field: &str) -> Option<usize> {
        let at = self.offset_of(field)?;
        if field.ends_with(']') {
            return Some(at);
        }
        let colon = at + self.text[at..].find(':')? + 1;
        let blanks = self.text[colon..].len() - self.text[colon..].trim_start().len();
        Some(colon + blanks)
    }

    /// The byte offset of a field path: its last named key, or the start of its list item.
    fn offset_of(&self, field: &str) -> Option<usize> {
        let last = field.rsplit('.').next()?;
        let key = last.split(['[', '/']).next()?;
        if key.is_empty() {
            return None;
        }
        let key_at = *self.keys.get(key)?;
        let index = last
            .split_once('[')
            .and_then(|(_, rest)| rest.split(']').next()?.parse::<usize>().ok());
        let at = index
            .and_then(|i| {
                let items = self.items.get(&key_at)?;
                items
                    .get_or_init(|| list_items(self.text, key_at))
                    .get(i)
                    .copied()
            })
            .unwrap_or(key_at);
        Some(at)
    }
}

/// The key a (trimmed) line starts with: `key:` (RON) or `"key":` (JSON).
fn leading_key(t: &str) -> Option<&str> {
    let (key, rest) = match t.strip_prefix('"') {
        Some(q) => {
            let end = q.find('"')?;
            (&q[..end], &q[end + 1..])
        }
        None => {
            let end = t
                .find(|c: char| !(c.is_alphanumeric() || c == '_'))
                .unwrap_or(t.len());
            (&t[..end], &t[end..])
        }
    };
    (!key.is_empty() && rest.starts_with(':')).then_some(key)
}

/// The byte offsets where the items of the first list (`[…]`) after `from` start, counting
/// top-level commas and skipping strings and nested brackets.
fn list_items(text: &str, from: usize) -> Vec<usize> {
    let mut out = Vec::new();
    let Some(open) = text[from..].find('[').map(|o| from + o) else {
        return out;
    };
    let (mut depth, mut in_str, mut escaped, mut want) = (0usize, false, false, true);
    for (off, c) in text[open + 1..].char_indices() {
        if in_str {
            match c {
                _ if escaped => escaped = false,
                '\\' => escaped = true,
                '"' => in_str = false,
                _ => {}
            }
            continue;
        }
        if depth == 0 && want && !c.is_whitespace() && !matches!(c, ',' | ']' | ')' | '}') {
            out.push(open + 1 + off);
            want = false;
        }
        match c {
            '"' => in_str = true,
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' if depth == 0 => break,
            ')' | ']' | '}' => depth -= 1,
            ',' if depth == 0 => want = true,
            _ => {}
        }
    }
    out
}

/// The problems with their lines, the problems of one kind (one field path without its list
/// indices, say `position.pieces`) after the first [`SHOWN_PER_KIND`] replaced by one line
/// `and N more like it`, in the order found.
#[must_use]
pub fn summarise(problems: Vec<(Option<usize>, Problem)>) -> Vec<(Option<usize>, Problem)> {
    let mut count: HashMap<String, usize> = HashMap::new();
    let mut out = Vec::new();
    let mut kinds = Vec::new();
    for (line, p) in problems {
        let kind = kind_of(&p.field);
        let n = count.entry(kind.clone()).or_insert(0);
        *n += 1;
        if *n <= SHOWN_PER_KIND {
            out.push((line, p));
        } else if *n == SHOWN_PER_KIND + 1 {
            kinds.push(kind);
        }
    }
    for kind in kinds {
        let more = count[&kind] - SHOWN_PER_KIND;
        out.push((
            None,
            Problem {
                field: kind,
                message: format!("and {} more like it", grouped(more)),
            },
        ));
    }
    out
}

/// A field path without its list indices: `position.pieces[3]` → `position.pieces`.
fn kind_of(field: &str) -> String {
    let mut out = String::with_capacity(field.len());
    let mut depth = 0;
    for c in field.chars() {
        match c {
            '[' => depth += 1,
            ']' => depth -= 1,
            _ if depth == 0 => out.push(c),
            _ => {}
        }
    }
    out
}

/// A count with its thousands grouped by spaces: `44 990`.
fn grouped(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(' ');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_of_keys_and_list_items() {
        let text = "(\n    title: {\n        \"en\": \"a, [b]\",\n    },\n    pieces: [\n        (\"a1\", Red, Scout), (\"b1\", Red, Scout),\n        (\"c1\", Blue, Scout),\n    ],\n)\n";
        let idx = FieldLines::new(text);
        assert_eq!(idx.line_of("title.en"), Some(3));
        assert_eq!(idx.line_of("position.pieces"), Some(5));
        assert_eq!(idx.line_of("position.pieces[1]"), Some(6));
        assert_eq!(idx.line_of("position.pieces[2]"), Some(7));
        assert_eq!(idx.line_of("position.pieces[9]"), Some(5));
        assert_eq!(idx.line_of("goal"), None);
        assert_eq!(grouped(44_990), "44 990");
        assert_eq!(grouped(990), "990");
        assert_eq!(kind_of("position.pieces[12].x"), "position.pieces.x");
    }
}
