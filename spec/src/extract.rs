//! `--extract-json`: find the JSON in an LLM reply.
//!
//! Candidates, tried in this order until one parses as JSON: every fenced block whose info
//! string is `json` (any case), or that has no info string and whose body starts with `{`,
//! in input order; then every balanced top-level `{...}` found by string-aware brace matching
//! (braces inside JSON strings, and escaped quotes, do not count), in input order. Prose may
//! hold stray braces (`use {name} here`, a `{` that never closes): a brace that never closes
//! does not end the search — the balanced objects inside the rest of the text are still
//! candidates. When none parses, [`Extraction::tried`] says what was tried and why each
//! failed; the caller reports the first failure's position.
//!
//! Linear time and memory: one pass over the lines for fences (nothing kept per line), one
//! pass of brace matching, and candidates that do not overlap, each parsed at most once.

use std::ops::Range;

/// What a candidate was.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CandidateKind {
    /// The body of a fenced block.
    Fenced,
    /// A balanced `{...}`.
    Object,
    /// A `{` that never closes (a truncated reply): kept to report where the text ran out.
    Unclosed,
}

/// One candidate that did not parse.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tried {
    pub kind: CandidateKind,
    pub range: Range<usize>,
    /// Why it did not parse (serde_json's message, position stripped).
    pub error: String,
}

/// The outcome of [`extract`].
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Extraction {
    /// The first candidate that parses as JSON.
    pub found: Option<Range<usize>>,
    /// The candidates tried before it (all of them when none parsed), in the order tried.
    pub tried: Vec<Tried>,
}

/// The byte range of the JSON text inside `input`: the first candidate that parses, else the
/// first one tried (so its error can be reported), else `None`.
pub fn extract_json(input: &[u8]) -> Option<Range<usize>> {
    let ex = extract(input);
    ex.found
        .or_else(|| ex.tried.first().map(|t| t.range.clone()))
}

/// Try the candidates in order (module docs).
pub fn extract(input: &[u8]) -> Extraction {
    let mut ex = Extraction::default();
    let mut fences: Vec<Range<usize>> = Vec::new();
    for body in fenced(input) {
        if let Some(r) = attempt(input, body.clone(), CandidateKind::Fenced, &mut ex) {
            ex.found = Some(r);
            return ex;
        }
        fences.push(body);
    }
    for (range, closed) in balanced(input) {
        if fences.contains(&range) {
            continue;
        }
        let kind = if closed {
            CandidateKind::Object
        } else {
            CandidateKind::Unclosed
        };
        if let Some(r) = attempt(input, range, kind, &mut ex) {
            ex.found = Some(r);
            return ex;
        }
    }
    ex
}

/// Parse one candidate (without building anything); record it when it fails.
fn attempt(
    input: &[u8],
    range: Range<usize>,
    kind: CandidateKind,
    ex: &mut Extraction,
) -> Option<Range<usize>> {
    let error = if kind == CandidateKind::Unclosed {
        "the `{` never closes".to_string()
    } else {
        match serde_json::from_slice::<serde::de::IgnoredAny>(&input[range.clone()]) {
            Ok(_) => return Some(range),
            Err(e) => {
                let mut m = e.to_string();
                if let Some(i) = m.rfind(" at line ") {
                    m.truncate(i);
                }
                m
            }
        }
    };
    ex.tried.push(Tried { kind, range, error });
    None
}

/// One line of what [`Extraction::tried`] holds, for messages: at most `max` candidates named,
/// e.g. "tried 3 candidates: ```json block at line 2 (key must be a string); object at line
/// 4, column 5 (...); `{` at line 4, column 17 (never closes)".
pub fn describe_tried(input: &[u8], tried: &[Tried], max: usize) -> String {
    let mut parts: Vec<String> = tried
        .iter()
        .take(max)
        .map(|t| {
            let (line, col) = line_col(input, t.range.start);
            let what = match t.kind {
                CandidateKind::Fenced => format!("```json block at line {line}"),
                CandidateKind::Object => format!("object at line {line}, column {}", col + 1),
                CandidateKind::Unclosed => format!("`{{` at line {line}, column {}", col + 1),
            };
            format!("{what} ({})", t.error)
        })
        .collect();
    if tried.len() > max {
        parts.push(format!("and {} more", tried.len() - max));
    }
    let n = tried.len();
    format!(
        "tried {n} candidate{}: {}",
        if n == 1 { "" } else { "s" },
        parts.join("; ")
    )
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

/// Lines from byte `pos` on, as (start, end-without-newline, next-line-start).
fn lines_from(input: &[u8], mut pos: usize) -> impl Iterator<Item = (usize, usize, usize)> + '_ {
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

/// The bodies of the fenced blocks that may hold JSON, in order. Every line is looked at once
/// (an opening fence's search for its close continues from there).
fn fenced(input: &[u8]) -> impl Iterator<Item = Range<usize>> + '_ {
    let mut pos = 0;
    std::iter::from_fn(move || {
        while pos < input.len() {
            let (s, e, next) = lines_from(input, pos).next()?;
            let (n, info) = fence_len(&input[s..e]);
            pos = next;
            if n == 0 {
                continue;
            }
            let lang = info
                .split(|b| b.is_ascii_whitespace())
                .find(|w| !w.is_empty())
                .unwrap_or(b"");
            let body_start = next.min(input.len());
            let mut body_end = input.len();
            for (cs, ce, cnext) in lines_from(input, body_start) {
                let (m, rest) = fence_len(&input[cs..ce]);
                if m >= n && rest.iter().all(|b| b.is_ascii_whitespace()) {
                    body_end = cs;
                    pos = cnext;
                    break;
                }
                pos = cnext;
            }
            let body = trim(input, body_start..body_end.max(body_start));
            let take = if lang.eq_ignore_ascii_case(b"json") {
                true
            } else {
                lang.is_empty() && input.get(body.start) == Some(&b'{')
            };
            if take {
                return Some(body);
            }
        }
        None
    })
}

/// Balanced top-level objects in order, as (range, closed). A `{` that never closes is
/// returned as `(start..len, false)` after the maximal balanced objects inside the rest of the
/// text, which are found in the same pass.
fn balanced(input: &[u8]) -> Vec<(Range<usize>, bool)> {
    let mut out = Vec::new();
    let mut pos = 0;
    while let Some(off) = input[pos..].iter().position(|&b| b == b'{') {
        let start = pos + off;
        match scan(input, start) {
            Scan::Closed(end) => {
                out.push((start..end, true));
                pos = end;
            }
            Scan::Unclosed(inner) => {
                out.extend(inner.into_iter().map(|r| (r, true)));
                out.push((start..input.len(), false));
                break;
            }
        }
    }
    out
}

enum Scan {
    /// The object opening at the start closes here (exclusive end).
    Closed(usize),
    /// It never closes; these maximal balanced objects lie inside the rest of the text.
    Unclosed(Vec<Range<usize>>),
}

/// String-aware brace matching from the `{` at `start`.
fn scan(input: &[u8], start: usize) -> Scan {
    let mut open: Vec<usize> = Vec::new();
    let mut inner: Vec<Range<usize>> = Vec::new();
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
            b'{' => open.push(i),
            b'}' => {
                let Some(s) = open.pop() else { continue };
                if open.is_empty() {
                    return Scan::Closed(i + 1);
                }
                // A closed object inside: it replaces the ones it contains.
                while inner.last().is_some_and(|r| r.start >= s) {
                    inner.pop();
                }
                inner.push(s..i + 1);
            }
            _ => {}
        }
    }
    // The outermost `{` never closed; objects directly inside it are candidates.
    inner.retain(|r| r.start > start);
    Scan::Unclosed(inner)
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
    fn a_brace_that_never_closes_does_not_hide_the_object_after_it() {
        let s = "Use { carefully. {also {\"k\": 1} here";
        assert_eq!(ex(s), Some("{\"k\": 1}"));
        let e = extract(s.as_bytes());
        assert_eq!(e.tried.len(), 0, "{e:?}");
        let s = "```json\n{ not json }\n```\nand {also: not} and { never closed";
        let e = extract(s.as_bytes());
        assert_eq!(e.found, None);
        let kinds: Vec<_> = e.tried.iter().map(|t| t.kind).collect();
        assert_eq!(
            kinds,
            [
                CandidateKind::Fenced,
                CandidateKind::Object,
                CandidateKind::Unclosed
            ]
        );
        let d = describe_tried(s.as_bytes(), &e.tried, 5);
        assert!(
            d.starts_with("tried 3 candidates: ```json block at line 2 ("),
            "{d}"
        );
        assert!(d.contains("object at line 4, column 5"), "{d}");
    }

    #[test]
    fn nested_objects_inside_an_unclosed_brace_count_once() {
        let s = "{ x {\"a\": {\"b\": 1}} y";
        let b = balanced(s.as_bytes());
        assert_eq!(b, vec![(4..19, true), (0..s.len(), false)]);
    }

    #[test]
    fn unclosed_fence_runs_to_end() {
        assert_eq!(ex("```json\n{\"a\": 1}\n"), Some("{\"a\": 1}"));
    }
}
