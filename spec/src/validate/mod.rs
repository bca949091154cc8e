//! Schema validation: a small Draft 2020-12 interpreter over the two schema files in
//! `schema/` (embedded with `include_str!`), so the checks are exactly what the schemas say
//! and cannot drift from them.
//!
//! Supported keywords — every keyword the two schemas use (a unit test walks both files and
//! fails on anything else): `type` (string or union; `integer` = any number with a zero
//! fractional part, so `1.0` is an integer), `required`, `properties`,
//! `additionalProperties` (boolean), `items`, `enum`, `const`, `minItems`/`maxItems`,
//! `minLength`/`maxLength` (Unicode code points), `minimum`/`maximum`, `allOf`, `if`/`then`,
//! `$ref` (`#/$defs/...`). Annotations (`$schema`, `$id`, `title`, `default`, `format`,
//! `$defs`) are not assertions in 2020-12 and are ignored; `format: date` gets a semantic
//! warning instead (see [`crate::semantic`]).
//!
//! Every keyword is evaluated (no short-circuit), like a conforming validator, so e.g.
//! `"spec_version": 5` yields both `type` and `const`. Two reporting choices differ from the
//! usual validator output, both to help an LLM repair step:
//! - `additional_property` points at the unexpected property itself
//!   (`/deck/slides/0/colour`), not at the object holding it; `required` points at the object
//!   that lacks the property and names it.
//! - An `if: {properties: {kind: {const: ...}}}` passes vacuously in JSON Schema when `kind`
//!   is missing, which would apply every `then` branch at once (content must then be text,
//!   bullets, image, chart and table together): a flood of contradictory errors. We treat such
//!   an `if` as not matching when the tested property is absent; the missing `kind` / `type`
//!   is already reported as `required`.
//!
//! Identical findings (same path, code and message) are reported once. Findings go to a
//! bounded `Collector`: all are counted, the first 100 of each severity are kept, and the
//! work is linear in the input (a finding costs its message and a hash, never a scan).
//! Arrays the reader cut ([`crate::read`]) are checked against `maxItems` with their real
//! length.
//!
//! Rooms: `keywords` (each keyword family's check, in the order findings reach the output),
//! `values` (JSON values as the keywords compare them and as messages show them), `path`
//! (JSON Pointers, and how a finding names its field); here, the schemas and the walk.

mod keywords;
mod path;
mod validator;
mod values;

use std::sync::OnceLock;

use serde_json::Value;

use crate::findings::{Collector, Findings};
use crate::read::LongArrays;
use crate::SpecKind;
use validator::Validator;

pub(crate) use path::field_name;
pub use path::{pointer, push_token};
pub(crate) use values::{show, type_name};

static SLIDE_SCHEMA: OnceLock<Value> = OnceLock::new();
static DOC_SCHEMA: OnceLock<Value> = OnceLock::new();

/// The schema file text (the input contract, unchanged from `spec/` of the product docs).
pub fn schema_text(kind: SpecKind) -> &'static str {
    match kind {
        SpecKind::Slides => include_str!("../../schema/slidespec-v1.schema.json"),
        SpecKind::Doc => include_str!("../../schema/docspec-v1.schema.json"),
    }
}

/// The parsed schema.
pub fn schema(kind: SpecKind) -> &'static Value {
    let cell = match kind {
        SpecKind::Slides => &SLIDE_SCHEMA,
        SpecKind::Doc => &DOC_SCHEMA,
    };
    cell.get_or_init(|| serde_json::from_str(schema_text(kind)).expect("embedded schema is JSON"))
}

/// Validate `value` against one schema: the first findings in document order (see
/// [`Findings`]) and their count.
pub fn validate_schema(kind: SpecKind, value: &Value) -> Findings {
    let long = LongArrays::new();
    let mut out = Collector::new();
    validate_schema_into(kind, value, &long, &mut out);
    out.finish()
}

/// [`validate_schema`] into `out`, with the real lengths of the arrays the reader cut. Returns
/// the paths of cut arrays the schema puts no `maxItems` on (free-form places).
pub(crate) fn validate_schema_into(
    kind: SpecKind,
    value: &Value,
    long: &LongArrays,
    out: &mut Collector,
) -> Vec<String> {
    let root = schema(kind);
    let mut v = Validator {
        root,
        out: Some(out),
        long,
        capped: Vec::new(),
        pos: Vec::new(),
        allowed: Vec::new(),
        failed: false,
    };
    let mut path = String::new();
    v.check(root, value, &mut path, None);
    let capped = v.capped;
    let mut free: Vec<String> = long
        .keys()
        .filter(|p| !capped.contains(p))
        .cloned()
        .collect();
    free.sort();
    free
}

#[cfg(test)]
pub(crate) const KNOWN_KEYWORDS: &[&str] = &[
    "$schema",
    "$id",
    "$defs",
    "$ref",
    "title",
    "default",
    "format",
    "type",
    "required",
    "properties",
    "additionalProperties",
    "items",
    "enum",
    "const",
    "minItems",
    "maxItems",
    "minLength",
    "maxLength",
    "minimum",
    "maximum",
    "allOf",
    "if",
    "then",
];

#[cfg(test)]
mod tests {
    use super::*;

    fn walk(s: &Value, at: &str, bad: &mut Vec<String>) {
        let Some(obj) = s.as_object() else { return };
        for (k, v) in obj {
            if !KNOWN_KEYWORDS.contains(&k.as_str()) {
                bad.push(format!("{at}/{k}"));
            }
            match k.as_str() {
                "properties" | "$defs" => {
                    for (name, sub) in v.as_object().into_iter().flatten() {
                        walk(sub, &format!("{at}/{k}/{name}"), bad);
                    }
                }
                "allOf" => {
                    for (i, sub) in v.as_array().into_iter().flatten().enumerate() {
                        walk(sub, &format!("{at}/{k}/{i}"), bad);
                    }
                }
                "items" | "if" | "then" | "additionalProperties" => {
                    walk(v, &format!("{at}/{k}"), bad)
                }
                _ => {}
            }
        }
    }

    #[test]
    fn schemas_use_only_supported_keywords() {
        for kind in [SpecKind::Slides, SpecKind::Doc] {
            let mut bad = Vec::new();
            walk(schema(kind), "", &mut bad);
            assert!(bad.is_empty(), "unsupported keywords: {bad:?}");
        }
    }
}
