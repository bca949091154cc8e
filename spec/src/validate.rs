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

use std::sync::OnceLock;

use serde_json::Value;

use crate::common::json_integer;
use crate::findings::{Collector, Findings};
use crate::read::LongArrays;
use crate::{Code, SpecKind};

static SLIDE_SCHEMA: OnceLock<Value> = OnceLock::new();
static DOC_SCHEMA: OnceLock<Value> = OnceLock::new();

/// The schema file text (the input contract, unchanged from `spec/` of the product docs).
pub fn schema_text(kind: SpecKind) -> &'static str {
    match kind {
        SpecKind::Slides => include_str!("../schema/slidespec-v1.schema.json"),
        SpecKind::Doc => include_str!("../schema/docspec-v1.schema.json"),
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

/// Append one RFC 6901 reference token (`~` → `~0`, `/` → `~1`).
pub fn push_token(path: &mut String, token: &str) {
    path.push('/');
    if !token.contains(['~', '/']) {
        path.push_str(token);
        return;
    }
    for c in token.chars() {
        match c {
            '~' => path.push_str("~0"),
            '/' => path.push_str("~1"),
            c => path.push(c),
        }
    }
}

/// A JSON Pointer from tokens.
pub fn pointer(tokens: &[&str]) -> String {
    let mut p = String::new();
    for t in tokens {
        push_token(&mut p, t);
    }
    p
}

/// How a finding names its field: the last pointer token, or `parent[i]` for array items.
/// Reads the pointer from its end (a finding costs no more than its last tokens).
pub(crate) fn field_name(path: &str) -> String {
    if path.is_empty() {
        return "the document".to_string();
    }
    let unescape = |t: &str| {
        if t.contains('~') {
            t.replace("~1", "/").replace("~0", "~")
        } else {
            t.to_string()
        }
    };
    let mut idx: Vec<&str> = Vec::new();
    let mut tokens = path[1..].rsplit('/').peekable();
    let mut name = String::from("`");
    while let Some(t) = tokens.next() {
        let is_index = !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
        if is_index && tokens.peek().is_some() {
            idx.push(t);
            continue;
        }
        name.push_str(&unescape(t));
        break;
    }
    for ix in idx.iter().rev() {
        name.push('[');
        name.push_str(ix);
        name.push(']');
    }
    name.push('`');
    name
}

pub(crate) fn type_name(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Number(n) => {
            if json_integer(v).is_some() || n.is_i64() || n.is_u64() {
                "integer"
            } else {
                "number"
            }
        }
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    }
}

/// A short rendering of a value for messages (strings cut at 40 characters).
pub(crate) fn show(v: &Value) -> String {
    match v {
        Value::String(s) => {
            let n = s.chars().count();
            if n > 40 {
                let cut: String = s.chars().take(40).collect();
                format!("{:?}… ({n} characters)", cut)
            } else {
                format!("{s:?}")
            }
        }
        Value::Array(a) => format!("an array of {} items", a.len()),
        Value::Object(_) => "an object".to_string(),
        other => other.to_string(),
    }
}

fn json_eq(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => match (x.as_f64(), y.as_f64()) {
            (Some(x), Some(y)) => x == y,
            _ => x == y,
        },
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(a, b)| json_eq(a, b))
        }
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len()
                && x.iter()
                    .all(|(k, v)| y.get(k).is_some_and(|w| json_eq(v, w)))
        }
        _ => a == b,
    }
}

fn type_matches(t: &str, v: &Value) -> bool {
    match t {
        "null" => v.is_null(),
        "boolean" => v.is_boolean(),
        "number" => v.is_number(),
        "integer" => json_integer(v).is_some() || v.as_u64().is_some(),
        "string" => v.is_string(),
        "array" => v.is_array(),
        "object" => v.is_object(),
        _ => false,
    }
}

fn article(t: &str) -> String {
    match t {
        "object" | "array" | "integer" => format!("an {t}"),
        "null" => "null".to_string(),
        _ => format!("a {t}"),
    }
}

fn num(v: &Value) -> String {
    match v {
        Value::Number(n) => n.to_string(),
        other => other.to_string(),
    }
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

/// The assertion keywords of one schema object, read in one pass over its members (a schema
/// node is visited for every instance value it applies to; looking up each keyword by name
/// hashed the same few keys over and over).
#[derive(Default)]
struct Keywords<'s> {
    reference: Option<&'s str>,
    type_: Option<&'s Value>,
    const_: Option<&'s Value>,
    enum_: Option<&'s Vec<Value>>,
    min_length: Option<u64>,
    max_length: Option<u64>,
    minimum: Option<&'s Value>,
    maximum: Option<&'s Value>,
    min_items: Option<u64>,
    max_items: Option<u64>,
    items: Option<&'s Value>,
    required: Option<&'s Vec<Value>>,
    properties: Option<&'s serde_json::Map<String, Value>>,
    additional: Option<&'s Value>,
    all_of: Option<&'s Vec<Value>>,
    if_: Option<&'s Value>,
    then: Option<&'s Value>,
}

impl<'s> Keywords<'s> {
    fn of(s: &'s serde_json::Map<String, Value>) -> Self {
        let mut k = Keywords::default();
        for (name, v) in s {
            match name.as_str() {
                "$ref" => k.reference = v.as_str(),
                "type" => k.type_ = Some(v),
                "const" => k.const_ = Some(v),
                "enum" => k.enum_ = v.as_array(),
                "minLength" => k.min_length = v.as_u64(),
                "maxLength" => k.max_length = v.as_u64(),
                "minimum" => k.minimum = Some(v),
                "maximum" => k.maximum = Some(v),
                "minItems" => k.min_items = v.as_u64(),
                "maxItems" => k.max_items = v.as_u64(),
                "items" => k.items = Some(v),
                "required" => k.required = v.as_array(),
                "properties" => k.properties = v.as_object(),
                "additionalProperties" => k.additional = Some(v),
                "allOf" => k.all_of = v.as_array(),
                "if" => k.if_ = Some(v),
                "then" => k.then = Some(v),
                _ => {}
            }
        }
        k
    }
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

    /// A boolean schema: `false` rejects whatever is there; `true` (or any other non-object)
    /// accepts it.
    #[inline]
    fn check_boolean_schema(&mut self, schema: &Value, path: &str, note: Option<&str>) {
        if schema == &Value::Bool(false) {
            self.err(
                path,
                Code::NotAllowed,
                || format!("{} is not allowed here", field_name(path)),
                note,
            );
        }
    }

    /// `type`, a name or a union of names.
    #[inline]
    fn check_type(&mut self, k: &Keywords<'s>, inst: &Value, path: &str, note: Option<&str>) {
        let Some(t) = k.type_ else { return };
        let types: Vec<&str> = match t {
            Value::String(t) => vec![t.as_str()],
            Value::Array(a) => a.iter().filter_map(Value::as_str).collect(),
            _ => vec![],
        };
        if !types.iter().any(|t| type_matches(t, inst)) {
            self.err(path, Code::Type, || type_message(&types, inst, path), note);
        }
    }

    /// `const`, then `enum`.
    #[inline]
    fn check_const_enum(&mut self, k: &Keywords<'s>, inst: &Value, path: &str, note: Option<&str>) {
        if let Some(c) = k.const_ {
            if !json_eq(c, inst) {
                self.err(
                    path,
                    Code::Const,
                    || format!("{} must be {c}, got {}", field_name(path), show(inst)),
                    note,
                );
            }
        }
        if let Some(options) = k.enum_ {
            if !options.iter().any(|o| json_eq(o, inst)) {
                self.err(
                    path,
                    Code::Enum,
                    || {
                        let list: Vec<String> = options.iter().map(|o| o.to_string()).collect();
                        format!(
                            "{} is {}; allowed values: {}",
                            field_name(path),
                            show(inst),
                            list.join(", ")
                        )
                    },
                    note,
                );
            }
        }
    }

    /// `minLength`, then `maxLength`, in Unicode code points (counted only when a bound is
    /// present: most strings have none).
    #[inline]
    fn check_string_length(
        &mut self,
        k: &Keywords<'s>,
        text: &str,
        path: &str,
        note: Option<&str>,
    ) {
        if k.min_length.is_none() && k.max_length.is_none() {
            return;
        }
        let n = text.chars().count() as u64;
        if let Some(min) = k.min_length {
            if n < min {
                self.err(
                    path,
                    Code::MinLength,
                    || {
                        let f = field_name(path);
                        if n == 0 {
                            format!("{f} is empty; it needs at least {min} character(s)")
                        } else {
                            format!("{f} has {n} characters; it needs at least {min}")
                        }
                    },
                    note,
                );
            }
        }
        if let Some(max) = k.max_length {
            if n > max {
                self.err(
                    path,
                    Code::MaxLength,
                    || {
                        format!(
                            "{} has {n} characters; the limit is {max}: shorten it by at least {}",
                            field_name(path),
                            n - max
                        )
                    },
                    note,
                );
            }
        }
    }

    /// `minimum`, then `maximum`, compared as `f64`; `inst` is a number.
    #[inline]
    fn check_numeric_bounds(
        &mut self,
        k: &Keywords<'s>,
        inst: &Value,
        path: &str,
        note: Option<&str>,
    ) {
        let x = inst.as_f64().unwrap_or(f64::NAN);
        if let Some(min) = k.minimum {
            if min.as_f64().is_some_and(|m| x < m) {
                self.err(
                    path,
                    Code::Minimum,
                    || {
                        format!(
                            "{} is {}; the minimum is {}",
                            field_name(path),
                            num(inst),
                            num(min)
                        )
                    },
                    note,
                );
            }
        }
        if let Some(max) = k.maximum {
            if max.as_f64().is_some_and(|m| x > m) {
                self.err(
                    path,
                    Code::Maximum,
                    || {
                        format!(
                            "{} is {}; the maximum is {}",
                            field_name(path),
                            num(inst),
                            num(max)
                        )
                    },
                    note,
                );
            }
        }
    }

    /// `minItems`, then `maxItems`.
    #[inline]
    fn check_item_counts(
        &mut self,
        k: &Keywords<'s>,
        items: &[Value],
        path: &str,
        note: Option<&str>,
    ) {
        let mut n = items.len() as u64;
        if !self.long.is_empty() {
            if let Some(&real) = self.long.get(path) {
                n = real as u64;
                if k.max_items.is_some() && !self.capped.iter().any(|p| p == path) {
                    self.capped.push(path.to_string());
                }
            }
        }
        if let Some(min) = k.min_items {
            if n < min {
                self.err(
                    path,
                    Code::MinItems,
                    || {
                        format!(
                            "{} has {n} items; it needs at least {min}",
                            field_name(path)
                        )
                    },
                    note,
                );
            }
        }
        if let Some(max) = k.max_items {
            if n > max {
                self.err(
                    path,
                    Code::MaxItems,
                    || {
                        format!(
                            "{} has {n} items; at most {max} are allowed: remove {} or split",
                            field_name(path),
                            n - max
                        )
                    },
                    note,
                );
            }
        }
    }

    /// `items`: every element against the one item schema, in array order.
    #[inline]
    fn check_items(
        &mut self,
        k: &Keywords<'s>,
        items: &[Value],
        path: &mut String,
        note: Option<&str>,
    ) {
        let Some(item_schema) = k.items else { return };
        for (i, item) in items.iter().enumerate() {
            let len = path.len();
            push_token(path, &i.to_string());
            self.pos.push(i as u32);
            self.check(item_schema, item, path, note);
            self.pos.pop();
            path.truncate(len);
        }
    }

    /// `required`: one finding per missing name, in the schema's order, at the object.
    #[inline]
    fn check_required(
        &mut self,
        k: &Keywords<'s>,
        obj: &serde_json::Map<String, Value>,
        path: &str,
        note: Option<&str>,
    ) {
        let Some(req) = k.required else { return };
        for r in req.iter().filter_map(Value::as_str) {
            if !obj.contains_key(r) {
                self.err(
                    path,
                    Code::Required,
                    || {
                        format!(
                            "{} is missing the required property `{r}`",
                            field_name(path)
                        )
                    },
                    note,
                );
            }
        }
    }

    /// `properties` and `additionalProperties`, in the instance's member order: a declared
    /// member against its schema, any other against `additionalProperties` (`false` reports
    /// the member itself, see the module docs).
    #[inline]
    fn check_properties(
        &mut self,
        k: &Keywords<'s>,
        obj: &serde_json::Map<String, Value>,
        path: &mut String,
        note: Option<&str>,
    ) {
        let props = k.properties;
        for (i, (key, v)) in obj.iter().enumerate() {
            let len = path.len();
            push_token(path, key);
            self.pos.push(i as u32);
            if let Some(ps) = props.and_then(|p| p.get(key)) {
                self.check(ps, v, path, note);
            } else if let Some(add) = k.additional {
                if add == &Value::Bool(false) {
                    let allowed = self.allowed(props);
                    self.err(
                        path,
                        Code::AdditionalProperty,
                        || format!("unknown property `{key}`: remove it (allowed here: {allowed})"),
                        note,
                    );
                } else if add.is_object() {
                    self.check(add, v, path, note);
                }
            }
            self.pos.pop();
            path.truncate(len);
        }
    }

    /// `allOf`: each subschema in turn, findings at the same path.
    #[inline]
    fn check_all_of(
        &mut self,
        k: &Keywords<'s>,
        inst: &Value,
        path: &mut String,
        note: Option<&str>,
    ) {
        let Some(all) = k.all_of else { return };
        for sub in all {
            self.check(sub, inst, path, note);
        }
    }

    /// `if`/`then`: `then` applies when `if` matches (absent discriminator: no match, see the
    /// module docs), its findings noted with the rule that selected it.
    #[inline]
    fn check_if_then(
        &mut self,
        k: &Keywords<'s>,
        inst: &Value,
        path: &mut String,
        note: Option<&str>,
    ) {
        let (Some(if_s), Some(then_s)) = (k.if_, k.then) else {
            return;
        };
        if self.if_matches(if_s, inst) {
            let n = Self::if_note(if_s);
            self.check(then_s, inst, path, n.as_deref().or(note));
        }
    }
}

/// The `type` finding: `` `x` must be a string or null, got integer (5) ``.
fn type_message(types: &[&str], inst: &Value, path: &str) -> String {
    let want: Vec<String> = types.iter().map(|t| article(t)).collect();
    let got = match inst {
        Value::Number(_) | Value::Bool(_) | Value::Null => {
            format!("{} ({})", type_name(inst), inst)
        }
        _ => type_name(inst).to_string(),
    };
    let f = field_name(path);
    let want = match want.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => want.join(""),
    };
    format!("{f} must be {want}, got {got}")
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

    #[test]
    fn pointer_escaping() {
        assert_eq!(pointer(&["a/b", "c~d", "0"]), "/a~1b/c~0d/0");
        assert_eq!(field_name("/deck/slides/3/elements/0"), "`elements[0]`");
        assert_eq!(field_name("/deck/tags/1"), "`tags[1]`");
        assert_eq!(field_name("/a~1b"), "`a/b`");
        assert_eq!(field_name("/content/rows/2/3"), "`rows[2][3]`");
    }

    #[test]
    fn integer_type_accepts_integral_floats() {
        assert!(type_matches("integer", &serde_json::json!(1.0)));
        assert!(!type_matches("integer", &serde_json::json!(1.5)));
        assert!(type_matches("number", &serde_json::json!(3)));
    }
}
