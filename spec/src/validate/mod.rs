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
mod values;

use std::sync::OnceLock;

use serde_json::Value;

use crate::findings::{Collector, Findings};
use crate::read::LongArrays;
use crate::{Code, SpecKind};
use keywords::Keywords;

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

struct Validator<'s, 'o> {
    root: &'s Value,
    /// Where findings go; the collector reports the same finding reached through several
    /// schema branches (e.g. `type: object` in `element` and in `textElement`) once. `None`
    /// when only asking whether the instance is valid (an `if`): the first failure answers
    /// it, so no message is written and nothing more is checked.
    out: Option<&'o mut Collector>,
    /// Real lengths of the arrays the reader cut.
    long: &'o LongArrays,
    /// Cut arrays checked against a `maxItems`.
    capped: Vec<String>,
    /// The position key of `path` (member or item index per token).
    pos: Vec<u32>,
    /// The declared names of a `properties` map, joined once per map (for the
    /// `additional_property` message).
    allowed: Vec<(*const serde_json::Map<String, Value>, std::rc::Rc<str>)>,
    failed: bool,
}

impl<'s> Validator<'s, '_> {
    /// Records a finding; `message` is only written when it is reported.
    fn err(
        &mut self,
        path: &str,
        code: Code,
        message: impl FnOnce() -> String,
        note: Option<&str>,
    ) {
        match &mut self.out {
            None => self.failed = true,
            Some(out) => out.error_once(&self.pos, path, code, message, note),
        }
    }

    /// The declared property names of `props`, comma-separated (cached per map).
    fn allowed(&mut self, props: Option<&serde_json::Map<String, Value>>) -> std::rc::Rc<str> {
        let Some(p) = props else { return "".into() };
        let ptr = p as *const _;
        if let Some((_, s)) = self.allowed.iter().find(|(q, _)| *q == ptr) {
            return s.clone();
        }
        let names: Vec<&str> = p.keys().map(String::as_str).collect();
        let s: std::rc::Rc<str> = names.join(", ").into();
        self.allowed.push((ptr, s.clone()));
        s
    }

    fn resolve_ref(&self, r: &str) -> Option<&'s Value> {
        let p = r.strip_prefix('#')?;
        self.root.pointer(p)
    }

    /// Does `inst` satisfy `schema` (no findings recorded)?
    fn is_valid(&self, schema: &'s Value, inst: &Value) -> bool {
        let mut probe = Validator {
            root: self.root,
            out: None,
            long: self.long,
            capped: Vec::new(),
            pos: Vec::new(),
            allowed: Vec::new(),
            failed: false,
        };
        let mut p = String::new();
        probe.check(schema, inst, &mut p, None);
        !probe.failed
    }

    /// `if` evaluation with the "absent discriminator does not match" rule (module docs).
    fn if_matches(&self, if_schema: &'s Value, inst: &Value) -> bool {
        if let Some(props) = if_schema.get("properties").and_then(Value::as_object) {
            match inst.as_object() {
                Some(obj) => {
                    if props.keys().any(|k| !obj.contains_key(k)) {
                        return false;
                    }
                }
                None => return false,
            }
        }
        self.is_valid(if_schema, inst)
    }

    /// A human phrase for the `if` condition, e.g. `rule for kind "text"`.
    fn if_note(if_schema: &Value) -> Option<String> {
        let props = if_schema.get("properties")?.as_object()?;
        let (k, s) = props.iter().next()?;
        let c = s.get("const")?;
        Some(format!("rule for {k} {c}"))
    }

    /// Checks `inst` against one schema node: every keyword family in a fixed order (the
    /// order findings reach the output), each family in its own function below. Only the
    /// family matching the instance's JSON type runs among the type-specific ones.
    fn check(&mut self, schema: &'s Value, inst: &Value, path: &mut String, note: Option<&str>) {
        if self.failed {
            return;
        }
        let Some(s) = schema.as_object() else {
            self.check_boolean_schema(schema, path, note);
            return;
        };
        let k = Keywords::of(s);
        if let Some(r) = k.reference {
            if let Some(target) = self.resolve_ref(r) {
                self.check(target, inst, path, note);
            }
        }
        self.check_type(&k, inst, path, note);
        self.check_const_enum(&k, inst, path, note);
        match inst {
            Value::String(text) => self.check_string_length(&k, text, path, note),
            Value::Number(_) => self.check_numeric_bounds(&k, inst, path, note),
            Value::Array(items) => {
                self.check_item_counts(&k, items, path, note);
                self.check_items(&k, items, path, note);
            }
            Value::Object(obj) => {
                self.check_required(&k, obj, path, note);
                self.check_properties(&k, obj, path, note);
            }
            Value::Null | Value::Bool(_) => {}
        }
        self.check_all_of(&k, inst, path, note);
        self.check_if_then(&k, inst, path, note);
    }
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
