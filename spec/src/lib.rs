//! specrender-spec: SlideSpec v1 / DocSpec v1 as typed Rust; validation with JSON Pointers;
//! resolution of a SlideSpec into the [`deck::Deck`] that layout consumes.
//!
//! Stages: [`parse`] = size limit → (optional) [`extract_json`] → JSON syntax → [`validate()`]
//! (schema interpreter in [`validate_schema`], then the semantic rules in
//! [`check_semantics`]) → typed [`SlideSpec`] / [`DocSpec`]. [`resolve()`] then applies the
//! schema defaults, reads the theme tokens and converts `style.box` to EMU.
//!
//! Findings are collected, never thrown: every error and warning carries a JSON Pointer
//! (RFC 6901) into the input, a stable snake_case [`Code`] and a one-line message.
//!
//! [`units`] holds every unit conversion the crates make (EMU, points, centipoints, inches,
//! 600 dpi pixels) and the integer rounding used for numbers people read.
pub mod assets;
pub mod cite;
pub mod code;
pub mod common;
pub mod deck;
pub mod doc;
pub mod docspec;
pub mod extract;
pub mod findings;
pub mod read;
pub mod resolve;
pub mod semantic;
pub mod slidespec;
pub mod tokens;
pub mod units;
pub mod validate;

use serde::Serialize;
use serde_json::Value;

pub use assets::{AssetRoot, LoadedAsset, Reason, Refusal};
pub use code::{Code, UnknownCode};
pub use common::{Brand, Citation, CitationKind, CitationRef, TemplateRef};
pub use doc::resolve_doc;
pub use docspec::{Block, BlockContent, BlockType, DocSpec};
pub use extract::extract_json;
pub use findings::{Findings, MAX_LISTED};
pub use read::{ReadLimits, MAX_DEPTH};
pub use resolve::{resolve, resolve_with};
pub use semantic::check_semantics;
pub use slidespec::{ElementContent, SlideSpec, SpecElement, SpecElementKind};
pub use validate::{schema, schema_text, validate_schema};

/// Options for [`parse`].
#[derive(Debug, Clone)]
pub struct ParseOptions {
    /// Largest accepted input in bytes. Default: 32 MiB.
    pub max_bytes: usize,
    /// Treat the input as an LLM reply and extract the first ```json block (or the first
    /// balanced top-level object). Default: false.
    pub extract_json: bool,
}

impl Default for ParseOptions {
    fn default() -> Self {
        ParseOptions {
            max_bytes: 32 * 1024 * 1024,
            extract_json: false,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorSeverity {
    Error,
    Warning,
}

/// One validation finding, located by a JSON Pointer into the input.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SpecError {
    pub path: String,
    pub code: Code,
    pub message: String,
    #[serde(skip)]
    pub severity: ErrorSeverity,
}

impl SpecError {
    pub fn is_error(&self) -> bool {
        self.severity == ErrorSeverity::Error
    }
}

impl std::fmt::Display for SpecError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let path = if self.path.is_empty() {
            "(root)"
        } else {
            &self.path
        };
        write!(f, "{path}: {} [{}]", self.message, self.code)
    }
}

/// Why input could not be used. Every variant maps to exit code 2.
#[derive(Debug, Clone, PartialEq)]
pub enum SpecFailure {
    TooLarge {
        size: usize,
        limit: usize,
    },
    Malformed {
        line: usize,
        column: usize,
        message: String,
    },
    /// A bound of the JSON reader ([`read::ReadLimits`]): `too_deep` or `too_many_values`,
    /// at `path` (JSON Pointer), where the reader stopped (`line`, `column`).
    Limit {
        code: Code,
        path: String,
        line: usize,
        column: usize,
        message: String,
    },
    NoJsonFound,
    /// The errors (and warnings) at once: the first [`MAX_LISTED`] of each, and the counts.
    Invalid(Findings),
}

impl std::fmt::Display for SpecFailure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SpecFailure::TooLarge { size, limit } => {
                write!(f, "input is {size} bytes; the limit is {limit} bytes")
            }
            SpecFailure::Malformed {
                line,
                column,
                message,
            } => {
                write!(
                    f,
                    "malformed JSON at line {line}, column {column}: {message}"
                )
            }
            SpecFailure::Limit {
                path,
                line,
                column,
                message,
                ..
            } => write!(f, "{message} (at {path:?}, line {line}, column {column})"),
            SpecFailure::NoJsonFound => write!(f, "no JSON object found in the input"),
            SpecFailure::Invalid(findings) => {
                write!(f, "invalid input: {} error(s)", findings.errors)
            }
        }
    }
}

impl std::error::Error for SpecFailure {}

/// Which spec a document is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum SpecKind {
    /// SlideSpec v1 (`spec_version: "slidespec_v1"`).
    Slides,
    /// DocSpec v1 (`spec_version: "docspec_v1"`).
    Doc,
}

/// A parsed, schema-valid input.
#[derive(Debug, Clone)]
pub enum Input {
    Slides(Box<SlideSpec>),
    Doc(Box<DocSpec>),
}

/// The spec a value claims to be: by `spec_version`, else (to still validate the rest) by a
/// top-level `deck` / `doc` member. `None` when neither tells.
pub fn detect_kind(value: &Value) -> Option<SpecKind> {
    match value.get("spec_version").and_then(Value::as_str) {
        Some("slidespec_v1") => return Some(SpecKind::Slides),
        Some("docspec_v1") => return Some(SpecKind::Doc),
        _ => {}
    }
    let obj = value.as_object()?;
    match (obj.contains_key("deck"), obj.contains_key("doc")) {
        (true, false) => Some(SpecKind::Slides),
        (false, true) => Some(SpecKind::Doc),
        _ => None,
    }
}

/// Parse, check size, extract (option), read within [`ReadLimits::for_bytes`] of the byte
/// limit, validate against the schema and the semantic rules. Returns the typed input plus
/// its warnings (the first [`MAX_LISTED`], and their count), or the findings (errors first
/// [`MAX_LISTED`] of each severity, and the counts).
pub fn parse(input: &[u8], opts: &ParseOptions) -> Result<(Input, Findings), SpecFailure> {
    parse_observed(input, opts, |_| {})
}

/// [`parse`], handing `seen` the input's JSON value as soon as it is read, before it is
/// validated and typed (the larger part of parsing): a caller can start, on another thread,
/// work the input will need — the CLI warms the template a SlideSpec names — while parsing
/// finishes. The value may still be invalid; `seen` is not called when the input cannot be
/// read as JSON.
pub fn parse_observed(
    input: &[u8],
    opts: &ParseOptions,
    seen: impl FnOnce(&Value),
) -> Result<(Input, Findings), SpecFailure> {
    parse_inner(input, opts, seen, None::<fn(Value)>)
}

/// [`parse_observed`] for a caller with a core to spare (the CLI on two threads): the typed
/// input is read from the JSON value on a second thread while this one validates the value,
/// and the value, no longer needed, is handed to `spent` (the CLI, which exits after the run,
/// keeps it: freeing it on another thread contended with this one for the allocator's lock
/// while the pictures were read). The same result as [`parse`]; an invalid input's typed
/// reading is thrown away (and `spent` is not called).
pub fn parse_observed_beside(
    input: &[u8],
    opts: &ParseOptions,
    seen: impl FnOnce(&Value),
    spent: impl FnOnce(Value),
) -> Result<(Input, Findings), SpecFailure> {
    parse_inner(input, opts, seen, Some(spent))
}

/// The typed input read from a borrowed value (`None`: not a known kind).
fn typed(value: &Value) -> Option<Result<Input, serde_json::Error>> {
    use serde::Deserialize;
    Some(match detect_kind(value)? {
        SpecKind::Slides => SlideSpec::deserialize(value).map(|s| Input::Slides(Box::new(s))),
        SpecKind::Doc => DocSpec::deserialize(value).map(|d| Input::Doc(Box::new(d))),
    })
}

fn parse_inner(
    input: &[u8],
    opts: &ParseOptions,
    seen: impl FnOnce(&Value),
    beside: Option<impl FnOnce(Value)>,
) -> Result<(Input, Findings), SpecFailure> {
    if input.len() > opts.max_bytes {
        return Err(SpecFailure::TooLarge {
            size: input.len(),
            limit: opts.max_bytes,
        });
    }
    let limits = ReadLimits::for_bytes(opts.max_bytes);
    let range = if opts.extract_json {
        extracted(input, &limits)?
    } else {
        // A UTF-8 byte order mark is not JSON, but editors write it; skip it.
        let start = if input.starts_with(b"\xEF\xBB\xBF") {
            3
        } else {
            0
        };
        start..input.len()
    };
    let read = read_json(input, range, &limits)?;
    seen(&read.value);
    let (findings, early) = if beside.is_some() {
        let value = &read.value;
        std::thread::scope(|s| {
            let early = s.spawn(move || typed(value));
            let findings = validate_read(value, &read.long_arrays, &read.duplicate_keys);
            (findings, early.join().ok().flatten())
        })
    } else {
        let findings = validate_read(&read.value, &read.long_arrays, &read.duplicate_keys);
        (findings, None)
    };
    if findings.has_errors() {
        return Err(SpecFailure::Invalid(findings));
    }
    let value = read.value;
    if let (Some(Ok(input)), Some(spent)) = (early, beside) {
        spent(value);
        return Ok((input, findings));
    }
    let internal = |e: serde_json::Error| {
        SpecFailure::Invalid(Findings::one(SpecError {
            path: String::new(),
            code: Code::InternalDeserialize,
            message: format!("the input passed validation but could not be read: {e}"),
            severity: ErrorSeverity::Error,
        }))
    };
    let input = match detect_kind(&value) {
        Some(SpecKind::Slides) => {
            Input::Slides(Box::new(serde_json::from_value(value).map_err(internal)?))
        }
        Some(SpecKind::Doc) => {
            Input::Doc(Box::new(serde_json::from_value(value).map_err(internal)?))
        }
        // validate() reports an error whenever the kind is unknown.
        None => unreachable!("validate accepted a value of unknown kind"),
    };
    Ok((input, findings))
}

/// The JSON inside an LLM reply ([`extract`]). When no candidate parses: the first one's error
/// (its position in the reply), with what was tried when there were several.
fn extracted(input: &[u8], limits: &ReadLimits) -> Result<std::ops::Range<usize>, SpecFailure> {
    let ex = extract::extract(input);
    if let Some(r) = ex.found {
        return Ok(r);
    }
    let Some(first) = ex.tried.first() else {
        return Err(SpecFailure::NoJsonFound);
    };
    let mut fail = match read_json(input, first.range.clone(), limits) {
        Err(f) => f,
        // Parses now but did not as a candidate: cannot happen; report it as not found.
        Ok(_) => SpecFailure::NoJsonFound,
    };
    if ex.tried.len() > 1 {
        if let SpecFailure::Malformed { message, .. } = &mut fail {
            let tried = extract::describe_tried(input, &ex.tried, 5);
            *message = format!("{message}; no candidate is JSON ({tried})");
        }
    }
    Err(fail)
}

/// Read `input[range]` as JSON within `limits`; positions of failures refer to `input`.
fn read_json(
    input: &[u8],
    range: std::ops::Range<usize>,
    limits: &ReadLimits,
) -> Result<read::ReadJson, SpecFailure> {
    let slice = &input[range.clone()];
    let at = |line: usize, column: usize| {
        if line == 0 {
            (0, 0)
        } else {
            let off = range.start + extract::offset_of(slice, line, column);
            extract::line_col(input, off)
        }
    };
    read::read(slice, limits).map_err(|e| match e {
        read::ReadError::Syntax(e) => {
            let (line, column) = at(e.line(), e.column());
            let mut message = e.to_string();
            // serde_json appends " at line L column C" (slice-relative); drop it.
            if let Some(i) = message.rfind(" at line ") {
                message.truncate(i);
            }
            SpecFailure::Malformed {
                line,
                column,
                message,
            }
        }
        read::ReadError::Limit {
            code,
            path,
            line,
            column,
            message,
        } => {
            let (line, column) = at(line, column);
            SpecFailure::Limit {
                code,
                path,
                line,
                column,
                message,
            }
        }
    })
}

/// Validate a JSON value (either spec, chosen by `spec_version`): the first errors and
/// warnings in document order (a finding on a parent comes before findings inside it) and
/// their counts.
pub fn validate(value: &Value) -> Findings {
    validate_read(value, &read::LongArrays::new(), &[])
}

/// [`validate()`] of a value [`read::read`] produced, with the real lengths of the arrays it cut
/// and the keys it saw more than once in one object (each a `duplicate_key` warning: the last
/// value is used).
pub fn validate_read(
    value: &Value,
    long: &read::LongArrays,
    duplicate_keys: &[(String, usize)],
) -> Findings {
    let Some(kind) = detect_kind(value) else {
        return Findings::one(unknown_kind(value));
    };
    let mut out = findings::Collector::new();
    let free = validate::validate_schema_into(kind, value, long, &mut out);
    let mut keys = findings::KeyFinder::new(value);
    for f in check_semantics(kind, value) {
        out.push(keys.key(&f.path), f);
    }
    for path in free {
        let n = long[&path];
        let message = format!(
            "{} has {n} items; only the first {} were read (no array in the schema may have more)",
            validate::field_name(&path),
            read::ARRAY_KEEP
        );
        let f = SpecError {
            path,
            code: Code::LongArray,
            message,
            severity: ErrorSeverity::Warning,
        };
        out.push(keys.key(&f.path), f);
    }
    for (path, n) in duplicate_keys {
        let key = path.rsplit('/').next().unwrap_or("");
        let key = key.replace("~1", "/").replace("~0", "~");
        let f = SpecError {
            path: path.clone(),
            code: Code::DuplicateKey,
            message: format!(
                "the key {key:?} appears {n} times in one object; only the last value is used \
                 (the earlier ones are ignored) — keep one"
            ),
            severity: ErrorSeverity::Warning,
        };
        out.push(keys.key(&f.path), f);
    }
    out.finish()
}

/// The one error of a value that is no spec at all.
fn unknown_kind(value: &Value) -> SpecError {
    let error = |path: &str, code: Code, message: String| SpecError {
        path: path.to_string(),
        code,
        message,
        severity: ErrorSeverity::Error,
    };
    match value.get("spec_version") {
        _ if !value.is_object() => error(
            "",
            Code::Type,
            format!("the document must be a JSON object, got {}", validate::type_name(value)),
        ),
        None => error(
            "",
            Code::Required,
            "the document is missing the required property `spec_version` (\"slidespec_v1\" or \"docspec_v1\")".to_string(),
        ),
        Some(v) => error(
            "/spec_version",
            Code::UnknownSpecVersion,
            format!("`spec_version` is {}; use \"slidespec_v1\" or \"docspec_v1\"", validate::show(v)),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn minimal() -> &'static str {
        r#"{"spec_version":"slidespec_v1","deck":{"title":"T","slides":[{"slide_id":"s1","type":"content","layout":{"layout_id":"one_column"},"elements":[{"element_id":"e1","kind":"text","content":{"text":"hi"}}]}]},"theme":{"template_ref":{"template_id":"default"},"brand":{"brand_kit_id":"b"}}}"#
    }

    #[test]
    fn parses_minimal() {
        let (input, warnings) = parse(minimal().as_bytes(), &ParseOptions::default()).unwrap();
        assert!(warnings.is_empty());
        assert!(matches!(input, Input::Slides(_)));
    }

    #[test]
    fn parse_observed_shows_the_read_value_even_when_it_is_invalid() {
        let mut seen = None;
        let (input, _) = parse_observed(minimal().as_bytes(), &ParseOptions::default(), |v| {
            seen = v.pointer("/theme/template_ref/template_id").cloned();
        })
        .unwrap();
        assert!(matches!(input, Input::Slides(_)));
        assert_eq!(seen, Some(Value::from("default")));
        // Invalid (no deck): still seen, then refused as parse refuses it.
        let mut called = false;
        let bad = br#"{"spec_version":"slidespec_v1"}"#;
        let got = parse_observed(bad, &ParseOptions::default(), |_| called = true);
        assert!(called);
        assert_eq!(
            got.unwrap_err(),
            parse(bad, &ParseOptions::default()).unwrap_err()
        );
        // Not JSON: nothing to see.
        let mut called = false;
        assert!(parse_observed(b"{", &ParseOptions::default(), |_| called = true).is_err());
        assert!(!called);
    }

    #[test]
    fn parsing_beside_gives_what_parse_gives_for_every_fixture() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
        let mut n = 0;
        for sub in ["valid", "invalid"] {
            for e in std::fs::read_dir(dir.join(sub)).unwrap() {
                let path = e.unwrap().path();
                if path.extension().is_none_or(|x| x != "json") {
                    continue;
                }
                let bytes = std::fs::read(&path).unwrap();
                let opts = ParseOptions::default();
                let one = parse(&bytes, &opts);
                let two = parse_observed_beside(&bytes, &opts, |_| {}, drop);
                match (one, two) {
                    (Ok((Input::Slides(a), fa)), Ok((Input::Slides(b), fb))) => {
                        assert!(a == b && fa == fb, "{}", path.display())
                    }
                    (Ok((Input::Doc(a), fa)), Ok((Input::Doc(b), fb))) => {
                        assert!(a == b && fa == fb, "{}", path.display())
                    }
                    (Err(a), Err(b)) => assert_eq!(a, b, "{}", path.display()),
                    _ => panic!(
                        "{}: parse and parse_observed_beside disagree",
                        path.display()
                    ),
                }
                n += 1;
            }
        }
        assert!(n > 50, "{n} fixtures");
    }

    #[test]
    fn too_large_is_checked_first() {
        let opts = ParseOptions {
            max_bytes: 10,
            ..Default::default()
        };
        assert_eq!(
            parse(b"not even json at all", &opts).unwrap_err(),
            SpecFailure::TooLarge {
                size: 20,
                limit: 10
            }
        );
    }

    #[test]
    fn malformed_line_column() {
        let src = "{\n  \"spec_version\": \"slidespec_v1\",\n  \"deck\": {,}\n}";
        match parse(src.as_bytes(), &ParseOptions::default()).unwrap_err() {
            SpecFailure::Malformed {
                line,
                column,
                message,
            } => {
                assert_eq!((line, column), (3, 12), "{message}");
                assert!(!message.contains(" at line "));
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn malformed_position_refers_to_original_after_extraction() {
        let src = "Here is the deck.\nIntro line\n```json\n{\n  \"a\": 1,\n  \"b\": }\n```\n";
        let opts = ParseOptions {
            extract_json: true,
            ..Default::default()
        };
        match parse(src.as_bytes(), &opts).unwrap_err() {
            SpecFailure::Malformed { line, column, .. } => assert_eq!((line, column), (6, 8)),
            other => panic!("{other:?}"),
        }
        // Same line as the surrounding prose: the column is offset too.
        let src = "Deck: {\"a\": }";
        match parse(src.as_bytes(), &opts).unwrap_err() {
            SpecFailure::Malformed { line, column, .. } => assert_eq!((line, column), (1, 13)),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn extraction_paths() {
        let opts = ParseOptions {
            extract_json: true,
            ..Default::default()
        };
        assert_eq!(
            parse(b"nothing here", &opts).unwrap_err(),
            SpecFailure::NoJsonFound
        );
        let reply = format!(
            "Sure, here it is:\n\n```json\n{}\n```\nLet me know.",
            minimal()
        );
        assert!(parse(reply.as_bytes(), &opts).is_ok());
        let reply = format!("Output: {} -- done", minimal());
        assert!(parse(reply.as_bytes(), &opts).is_ok());
        // Without the option the prose is a syntax error.
        assert!(matches!(
            parse(reply.as_bytes(), &ParseOptions::default()),
            Err(SpecFailure::Malformed {
                line: 1,
                column: 1,
                ..
            })
        ));
    }

    #[test]
    fn bom_is_skipped() {
        let mut bytes = b"\xEF\xBB\xBF".to_vec();
        bytes.extend_from_slice(minimal().as_bytes());
        assert!(parse(&bytes, &ParseOptions::default()).is_ok());
    }

    #[test]
    fn unknown_spec_version() {
        let v: Value = serde_json::json!({"spec_version": "slidespec_v2"});
        let e = validate(&v);
        assert_eq!(e.len(), 1);
        assert_eq!(
            (e[0].path.as_str(), e[0].code.as_str()),
            ("/spec_version", "unknown_spec_version")
        );
        let e = validate(&serde_json::json!([1]));
        assert_eq!((e[0].path.as_str(), e[0].code.as_str()), ("", "type"));
        let e = validate(&serde_json::json!({}));
        assert_eq!((e[0].path.as_str(), e[0].code.as_str()), ("", "required"));
    }

    #[test]
    fn invalid_returns_errors_and_warnings() {
        let src = minimal()
            .replace(r#""text":"hi""#, r#""text":"""#)
            .replace(r#""kind":"text""#, r#""kind":"text","data_ref":"nope""#);
        match parse(src.as_bytes(), &ParseOptions::default()).unwrap_err() {
            SpecFailure::Invalid(errs) => {
                let codes: Vec<_> = errs.iter().map(|e| (e.code.as_str(), e.severity)).collect();
                assert_eq!(
                    codes,
                    vec![
                        ("unresolved_data_ref", ErrorSeverity::Warning),
                        ("min_length", ErrorSeverity::Error)
                    ]
                );
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn spec_error_serializes_without_severity() {
        let e = SpecError {
            path: "/a".into(),
            code: Code::UnresolvedAsset,
            message: "m".into(),
            severity: ErrorSeverity::Warning,
        };
        assert_eq!(
            serde_json::to_string(&e).unwrap(),
            r#"{"path":"/a","code":"unresolved_asset","message":"m"}"#
        );
    }
}
