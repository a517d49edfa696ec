//! Finding things in RON source text, so that errors found after parsing (a creature on a wall,
//! a duplicate id, a refused command) can still point at `file:line:col`.
//!
//! RON's parser reports positions for syntax and type errors but keeps no spans on values, so
//! this small scanner walks the text with the same nesting rules (strings, chars, comments).

/// A 1-based line and column.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LineCol {
    pub line: usize,
    pub col: usize,
}

pub fn line_col(src: &str, offset: usize) -> LineCol {
    let mut end = offset.min(src.len());
    while !src.is_char_boundary(end) {
        end -= 1;
    }
    let before = &src[..end];
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    LineCol { line, col }
}

/// Walk `src` from `start`, calling `visit(offset, depth, byte)` for every byte outside strings,
/// chars and comments; depth counts open brackets since `start`. Stops when `visit` returns
/// true or the depth drops below zero; returns the stopping offset.
fn scan(src: &str, start: usize, mut visit: impl FnMut(usize, i32, u8) -> bool) -> Option<usize> {
    let b = src.as_bytes();
    let mut i = start;
    let mut depth = 0i32;
    while i < b.len() {
        match b[i] {
            b'"' => {
                if visit(i, depth, b'"') {
                    return Some(i);
                }
                i += 1;
                while i < b.len() && b[i] != b'"' {
                    if b[i] == b'\\' {
                        i += 1;
                    }
                    i += 1;
                }
            }
            b'\'' => {
                if visit(i, depth, b'\'') {
                    return Some(i);
                }
                // A char literal such as '#' or '\''.
                if i + 2 < b.len() && b[i + 1] == b'\\' {
                    i += 3;
                } else {
                    i += 2;
                }
                while i < b.len() && b[i] != b'\'' {
                    i += 1;
                }
            }
            b'/' if b.get(i + 1) == Some(&b'/') => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                i += 2;
                while i + 1 < b.len() && !(b[i] == b'*' && b[i + 1] == b'/') {
                    i += 1;
                }
                i += 1;
            }
            c => {
                if visit(i, depth, c) {
                    return Some(i);
                }
                match c {
                    b'(' | b'[' | b'{' => depth += 1,
                    b')' | b']' | b'}' => {
                        depth -= 1;
                        if depth < 0 {
                            return Some(i);
                        }
                    }
                    _ => {}
                }
            }
        }
        i += 1;
    }
    None
}

/// The offset of the value of field `key` directly inside the bracketed item that opens at
/// `open` (the offset of its `(`), or at the top level of the file when `open` is `None`.
pub fn field(src: &str, open: Option<usize>, key: &str) -> Option<usize> {
    let (start, want) = match open {
        Some(o) => (o + 1, 0),
        None => (0, 1),
    };
    let b = src.as_bytes();
    let found = scan(src, start, |i, depth, _| {
        depth == want
            && b[i..].starts_with(key.as_bytes())
            && (i == 0 || !(b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_'))
            && b[i + key.len()..].iter().find(|c| !c.is_ascii_whitespace()) == Some(&b':')
    })?;
    value_after(b, found + key.len())
}

/// The offset of the value after the key that ends at `key_end`: past the `:` and any space.
fn value_after(b: &[u8], key_end: usize) -> Option<usize> {
    let colon = key_end + b[key_end..].iter().position(|&c| c == b':')?;
    let value = colon
        + 1
        + b[colon + 1..]
            .iter()
            .take_while(|c| c.is_ascii_whitespace())
            .count();
    Some(value)
}

/// Every field at the top level of the file with the offset of its value (the first of each
/// name), found in one walk: what [`field`] with `open: None` gives, for a checker that asks
/// for many.
pub fn top_fields(src: &str) -> Vec<(&str, usize)> {
    let b = src.as_bytes();
    let ident = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
    let mut found: Vec<(&str, usize)> = Vec::new();
    scan(src, 0, |i, depth, c| {
        if depth == 1 && (c.is_ascii_alphabetic() || c == b'_') && (i == 0 || !ident(b[i - 1])) {
            let end = i + b[i..].iter().take_while(|&&c| ident(c)).count();
            let key = &src[i..end];
            if b[end..].iter().find(|c| !c.is_ascii_whitespace()) == Some(&b':')
                && !found.iter().any(|(k, _)| *k == key)
                && let Some(value) = value_after(b, end)
            {
                found.push((key, value));
            }
        }
        false
    });
    found
}

/// The start offsets of the elements of the list whose `[` is at `open`.
pub fn list_elements(src: &str, open: usize) -> Vec<usize> {
    let mut starts = Vec::new();
    let mut expecting = true;
    scan(src, open + 1, |i, depth, c| {
        if depth == 0 {
            if c == b',' {
                expecting = true;
                return false;
            }
            if expecting && !c.is_ascii_whitespace() && c != b']' {
                starts.push(i);
                expecting = false;
            }
        }
        false
    });
    starts
}

/// The offset of the first `(` at or after `from` (the opening of a struct-like element, which
/// may be preceded by its name).
pub fn open_paren(src: &str, from: usize) -> Option<usize> {
    src.as_bytes()
        .get(from..)?
        .iter()
        .position(|&c| c == b'(')
        .map(|o| from + o)
}

#[cfg(test)]
mod tests {
    use super::*;

    const SRC: &str = "Scenario(\n  name: \"x\", // creatures: no\n  map: (legend: {'(': (terrain: Wall)}, rows: [\"a\"]),\n  creatures: [\n    (id: \"a\", position: (1, 2)),\n    (id: \"b\"),\n  ],\n)";

    #[test]
    fn the_top_fields_are_where_field_finds_them() {
        let src = "// a comment: not: a field\n(\n  name: \"a: b\",\n  map: (rows: [\"..\"], legend: {}),\n  creatures: [ (id: \"x\") ],\n)";
        let top = top_fields(src);
        let keys: Vec<&str> = top.iter().map(|(k, _)| *k).collect();
        assert_eq!(keys, ["name", "map", "creatures"]);
        for (key, at) in top {
            assert_eq!(field(src, None, key), Some(at), "{key}");
        }
    }

    #[test]
    fn finds_top_level_fields_and_list_items() {
        let list = field(SRC, None, "creatures").unwrap();
        assert_eq!(&SRC[list..list + 1], "[");
        let items = list_elements(SRC, list);
        assert_eq!(items.len(), 2);
        let pos = field(SRC, Some(items[0]), "position").unwrap();
        assert_eq!(line_col(SRC, pos), LineCol { line: 5, col: 25 });
        assert_eq!(line_col(SRC, items[1]).line, 6);
    }

    #[test]
    fn char_literals_do_not_confuse_nesting() {
        let rows = field(SRC, None, "map").unwrap();
        let r = field(SRC, Some(rows), "rows").unwrap();
        assert_eq!(&SRC[r..r + 1], "[");
    }
}
