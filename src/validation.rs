//! What `validate` reports: an input's errors and warnings as [`Validation`], and the
//! wording of a failure ([`describe_failure`], the LLM-reply hint).

#[allow(unused_imports)]
use crate::*;

/// One line saying why an input was refused.
pub fn describe_failure(fail: &SpecFailure) -> String {
    match fail {
        SpecFailure::TooLarge { size, limit } => {
            format!("input too large: {size} bytes, the limit is {limit} bytes")
        }
        SpecFailure::Malformed {
            line,
            column,
            message,
        } => {
            format!("malformed JSON at line {line}, column {column}: {message}")
        }
        SpecFailure::Limit {
            path,
            line,
            column,
            message,
            ..
        } => format!("input refused at {path:?} (line {line}, column {column}): {message}"),
        SpecFailure::NoJsonFound => "no JSON object found in the input".to_string(),
        SpecFailure::Invalid(findings) => {
            let n = findings.errors;
            format!("input invalid ({n} error{})", if n == 1 { "" } else { "s" })
        }
    }
}

/// True when `input`, which did not parse as JSON, looks like an LLM's reply holding the JSON:
/// a fenced block (```` ``` ````), prose before a JSON object that parses, or a whole object
/// followed by text. `--extract-json` (`extract_json`) reads the JSON out of such a reply; an
/// input that starts as JSON and breaks inside is not one (a nested object that parses is no
/// sign of a reply). Linear in the input ([`spec::extract`]); for a hint after the error only.
pub fn looks_like_llm_reply(input: &[u8]) -> bool {
    use specrender_spec::extract::{extract, CandidateKind};
    let ex = extract(input);
    if ex.tried.iter().any(|t| t.kind == CandidateKind::Fenced) {
        return true;
    }
    let Some(found) = ex.found else {
        return false;
    };
    let Some(start) = input.iter().position(|b| !b.is_ascii_whitespace()) else {
        return false;
    };
    // Prose before the object, or the whole leading object and text after it.
    !matches!(input[start], b'{' | b'[') || found.start == start
}

/// `fail` with `hint` appended to its message when it is a `malformed_json` failure (`"...;
/// hint"`: one line); any other failure unchanged.
pub fn with_hint(mut fail: SpecFailure, hint: &str) -> SpecFailure {
    if let SpecFailure::Malformed { message, .. } = &mut fail {
        message.push_str("; ");
        message.push_str(hint);
    }
    fail
}

/// One entry of the `validate` output.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Finding {
    /// JSON Pointer into the input (`""` for the whole input).
    pub path: String,
    pub code: Code,
    pub message: String,
    /// For `malformed_json`: where the parser stopped (1-based).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub column: Option<usize>,
}

impl From<&SpecError> for Finding {
    fn from(e: &SpecError) -> Self {
        Finding {
            path: e.path.clone(),
            code: e.code,
            message: e.message.clone(),
            line: None,
            column: None,
        }
    }
}

/// The `validate` output: `{"valid", "errors": [{path, code, message}], "warnings": [...],
/// "error_count", "warning_count", "max_listed"}`: at most `max_listed` ([`MAX_LISTED`])
/// errors and as many warnings are listed, the first in document order; the counts are of all.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Validation {
    pub valid: bool,
    pub errors: Vec<Finding>,
    pub warnings: Vec<Finding>,
    pub error_count: usize,
    pub warning_count: usize,
    pub max_listed: usize,
}

impl Validation {
    pub fn ok(warnings: &Findings) -> Validation {
        Validation {
            valid: true,
            errors: vec![],
            warnings: warnings.iter().map(Finding::from).collect(),
            error_count: 0,
            warning_count: warnings.warnings,
            max_listed: MAX_LISTED,
        }
    }

    /// The errors of a refused input. Codes: `too_large`, `malformed_json` (with line and
    /// column), `too_deep` / `too_many_values` (with path, line and column), `no_json_found`,
    /// else the validator's own codes.
    pub fn from_failure(fail: &SpecFailure) -> Validation {
        let whole = |code: Code, line, column| Finding {
            path: String::new(),
            code,
            message: describe_failure(fail),
            line,
            column,
        };
        let (errors, warnings) = match fail {
            SpecFailure::TooLarge { .. } => (vec![whole(Code::TooLarge, None, None)], vec![]),
            SpecFailure::Malformed { line, column, .. } => (
                vec![whole(Code::MalformedJson, Some(*line), Some(*column))],
                vec![],
            ),
            SpecFailure::Limit {
                code,
                path,
                line,
                column,
                ..
            } => {
                let mut f = whole(*code, Some(*line), Some(*column));
                f.path = path.clone();
                (vec![f], vec![])
            }
            SpecFailure::NoJsonFound => (vec![whole(Code::NoJsonFound, None, None)], vec![]),
            SpecFailure::Invalid(all) => {
                let (w, e): (Vec<&SpecError>, Vec<&SpecError>) = all
                    .iter()
                    .partition(|e| e.severity == ErrorSeverity::Warning);
                (
                    e.into_iter().map(Finding::from).collect(),
                    w.into_iter().map(Finding::from).collect(),
                )
            }
        };
        let (error_count, warning_count) = match fail {
            SpecFailure::Invalid(all) => (all.errors, all.warnings),
            _ => (errors.len(), warnings.len()),
        };
        Validation {
            valid: false,
            errors,
            warnings,
            error_count,
            warning_count,
            max_listed: MAX_LISTED,
        }
    }

    pub fn exit_code(&self) -> i32 {
        if self.valid {
            0
        } else {
            2
        }
    }
}
