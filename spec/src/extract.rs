//! `--extract-json`: find the JSON in an LLM reply.
//!
//! Order: the first fenced block whose info string is `json` (any case), or a fence without
//! an info string whose body starts with `{`; otherwise the first balanced top-level `{...}`
//! found by string-aware brace matching (braces inside JSON strings, and escaped quotes, do
//! not count). Prose may contain stray braces (`use {name} here`), so a balanced span that is
//! not valid JSON is skipped in favour of a later one that is; if none parses, the first
//! span is returned so the caller reports a `Malformed` error with its position. An opening
//! brace that never closes (a truncated reply) yields the span up to the end of the input,
//! for the same reason.

use std::ops::Range;

/// The byte range of the JSON text inside `input`, or `None` when there is none.
pub fn extract_json(input: &[u8]) -> Option<Range<usize>> {
    fenced(input).or_else(|| balanced(input))
}

fn trim(input: &[u8], r: Range<usize>) -> Range<usize> {
    let mut s = r.start;
    let mut e = r.end;
    while s < e && input[s].is_ascii_whitespace() {
        s += 1;
    }
    while e > s && input[e - 1].is_ascii_whitespace() {
        e -= 1;
    }
    s..e
}

/// Lines as (start, end-without-newline, next-line-start).
fn lines(input: &[u8]) -> impl Iterator<Item = (usize, usize, usize)> + '_ {
    let mut pos = 0;
    std::iter::from_fn(move || {
        if pos >= input.len() {
            return None;
        }
        let start = pos;
        let end = input[start..]
            .iter()
            .position(|&b| b == b'\n')
            .map_or(input.len(), |i| start + i);
        pos = end + 1;
        let line_end = if end > start && input[end - 1] == b'\r' {
            end - 1
        } else {
            end
        };
        Some((start, line_end, end + 1))
    })
}

fn fence_len(line: &[u8]) -> (usize, &[u8]) {
    let indent = line.iter().take_while(|&&b| b == b' ').count();
    if indent > 3 {
        return (0, &[]);
    }
    let rest = &line[indent..];
    let n = rest.iter().take_while(|&&b| b == b'`').count();
    if n < 3 {
        return (0, &[]);
    }
    (n, &rest[n..])
}

fn fenced(input: &[u8]) -> Option<Range<usize>> {
    let all: Vec<(usize, usize, usize)> = lines(input).collect();
    let mut i = 0;
    while i < all.len() {
        let (s, e, _) = all[i];
        let (n, info) = fence_len(&input[s..e]);
        if n == 0 {
            i += 1;
            continue;
        }
        let info = String::from_utf8_lossy(info);
        let lang = info
            .split_whitespace()
            .next()
            .unwrap_or("")
            .to_ascii_lowercase();
        // Find the closing fence (at least as many backticks, nothing else on the line).
        let body_start = all[i].2.min(input.len());
        let mut close = None;
        for (k, &(cs, ce, _)) in all.iter().enumerate().skip(i + 1) {
            let (m, rest) = fence_len(&input[cs..ce]);
            if m >= n && rest.iter().all(|b| b.is_ascii_whitespace()) {
                close = Some((k, cs));
                break;
            }
        }
        let (next, body_end) = match close {
            Some((k, cs)) => (k + 1, cs),
            None => (all.len(), input.len()),
        };
        let body = trim(input, body_start..body_end.max(body_start));
        let take = match lang.as_str() {
            "json" => true,
            "" => input.get(body.start) == Some(&b'{'),
            _ => false,
        };
        if take {
            return Some(body);
        }
        i = next;
    }
    None
}

/// The end (exclusive) of the object opening at `start`, or `None` if it never closes.
fn match_braces(input: &[u8], start: usize) -> Option<usize> {
    let mut depth = 0usize;
    let mut in_string = false;
    let mut escaped = false;
    for (i, &b) in input.iter().enumerate().skip(start) {
        if in_string {
            if escaped {
                escaped = false;
            } else if b == b'\\' {
                escaped = true;
            } else if b == b'"' {
                in_string = false;
            }
            continue;
        }
        match b {
            b'"' => in_string = true,
            b'{' => depth += 1,
            b'}' => {
                depth -= 1;
                if depth == 0 {
                    return Some(i + 1);
                }
            }
            _ => {}
        }
    }
    None
}

fn balanced(input: &[u8]) -> Option<Range<usize>> {
    let mut first = None;
    let mut pos = 0;
    while let Some(off) = input[pos..].iter().position(|&b| b == b'{') {
        let start = pos + off;
        let Some(end) = match_braces(input, start) else {
            return Some(first.unwrap_or(start..input.len()));
        };
        if serde_json::from_slice::<serde::de::IgnoredAny>(&input[start..end]).is_ok() {
            return Some(start..end);
        }
        first.get_or_insert(start..end);
        pos = end;
    }
    first
}

/// 1-based line and serde_json-style column of byte `offset` in `input`.
pub(crate) fn line_col(input: &[u8], offset: usize) -> (usize, usize) {
    let offset = offset.min(input.len());
    let before = &input[..offset];
    let line_start = before
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |p| p + 1);
    let line = 1 + before[..line_start].iter().filter(|&&b| b == b'\n').count();
    (line, offset - line_start)
}

/// Byte offset of serde_json's (line, column) inside `slice`.
pub(crate) fn offset_of(slice: &[u8], line: usize, column: usize) -> usize {
    let mut start = 0;
    let mut l = 1;
    while l < line {
        match slice[start..].iter().position(|&b| b == b'\n') {
            Some(p) => start += p + 1,
            None => break,
        }
        l += 1;
    }
    (start + column).min(slice.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ex(s: &str) -> Option<&str> {
        extract_json(s.as_bytes()).map(|r| &s[r])
    }

    #[test]
    fn fenced_json_block() {
        let s = "Here you go:\n```json\n{\"a\": 1}\n```\nand {\"b\": 2}";
        assert_eq!(ex(s), Some("{\"a\": 1}"));
        let s = "```JSON title\r\n{\"a\": [1]}\r\n```";
        assert_eq!(ex(s), Some("{\"a\": [1]}"));
    }

    #[test]
    fn fence_without_language_needs_object() {
        let s = "```\nnot json\n```\n```\n{\"a\": 1}\n```";
        assert_eq!(ex(s), Some("{\"a\": 1}"));
        let s = "```python\nx = {1: 2}\n```\ntext {\"k\": true} end";
        assert_eq!(ex(s), Some("{\"k\": true}"));
    }

    #[test]
    fn bare_object_with_braces_in_strings() {
        let s = r#"Sure! {"t": "a } b { c", "q": "say \"}\""} trailing"#;
        assert_eq!(ex(s), Some(r#"{"t": "a } b { c", "q": "say \"}\""}"#));
    }

    #[test]
    fn prose_braces_are_skipped() {
        let s = "Fill {name} in: {\"name\": \"x\"}";
        assert_eq!(ex(s), Some("{\"name\": \"x\"}"));
    }

    #[test]
    fn none_and_truncated() {
        assert_eq!(ex("no json here [1, 2]"), None);
        assert_eq!(ex("reply: {\"a\": [1, 2"), Some("{\"a\": [1, 2"));
    }

    #[test]
    fn unclosed_fence_runs_to_end() {
        assert_eq!(ex("```json\n{\"a\": 1}\n"), Some("{\"a\": 1}"));
    }
}
