//! specrender-spec: SlideSpec v1 / DocSpec v1 as typed Rust; validation with JSON Pointers.
//!
//! SKELETON: signatures are the contract; bodies to be implemented.
pub mod deck;

use serde::Serialize;

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
        ParseOptions { max_bytes: 32 * 1024 * 1024, extract_json: false }
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
    pub code: String,
    pub message: String,
    #[serde(skip)]
    pub severity: ErrorSeverity,
}

/// Why input could not be used. Every variant maps to exit code 2.
#[derive(Debug, Clone, PartialEq)]
pub enum SpecFailure {
    TooLarge { size: usize, limit: usize },
    Malformed { line: usize, column: usize, message: String },
    NoJsonFound,
    /// Every error at once (warnings are not failures).
    Invalid(Vec<SpecError>),
}

/// A parsed, schema-valid input.
#[derive(Debug, Clone)]
pub enum Input {
    Slides(Box<SlideSpec>),
    Doc(Box<DocSpec>),
}

/// Typed SlideSpec v1 (mirrors the schema).
#[derive(Debug, Clone)]
pub struct SlideSpec {}
/// Typed DocSpec v1 (mirrors the schema).
#[derive(Debug, Clone)]
pub struct DocSpec {}

/// Parse, check size, extract (option), validate against the schema and the semantic rules.
/// Returns the typed input plus warnings, or every error at once.
pub fn parse(input: &[u8], opts: &ParseOptions) -> Result<(Input, Vec<SpecError>), SpecFailure> {
    let _ = (input, opts);
    todo!()
}

/// Validate a JSON value (either spec, chosen by `spec_version`): every error and warning.
pub fn validate(value: &serde_json::Value) -> Vec<SpecError> {
    let _ = value;
    todo!()
}

/// Resolve a valid SlideSpec into the Deck layout consumes (defaults, theme tokens, boxes).
pub fn resolve(spec: &SlideSpec) -> deck::Deck {
    let _ = spec;
    todo!()
}
