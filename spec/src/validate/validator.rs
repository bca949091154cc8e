//! The walk of an instance against a schema: one node at a time, every keyword family in a
//! fixed order (the order findings reach the output), each family in its own function;
//! `if` asked of a probe that records nothing.

use serde_json::Value;

use super::keywords::Keywords;
use super::path::{field_name, push_token};
use super::values::{json_eq, num, show, type_matches, type_message};
use crate::findings::Collector;
use crate::read::LongArrays;
use crate::Code;

pub(super) struct Validator<'s, 'o> {
    pub(super) root: &'s Value,
    /// Where findings go; the collector reports the same finding reached through several
    /// schema branches (e.g. `type: object` in `element` and in `textElement`) once. `None`
    /// when only asking whether the instance is valid (an `if`): the first failure answers
    /// it, so no message is written and nothing more is checked.
    pub(super) out: Option<&'o mut Collector>,
    /// Real lengths of the arrays the reader cut.
    pub(super) long: &'o LongArrays,
    /// Cut arrays checked against a `maxItems`.
    pub(super) capped: Vec<String>,
    /// The position key of `path` (member or item index per token).
    pub(super) pos: Vec<u32>,
    /// The declared names of a `properties` map, joined once per map (for the
    /// `additional_property` message).
    pub(super) allowed: Vec<(*const serde_json::Map<String, Value>, std::rc::Rc<str>)>,
    pub(super) failed: bool,
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
    pub(super) fn check(
        &mut self,
        schema: &'s Value,
        inst: &Value,
        path: &mut String,
        note: Option<&str>,
    ) {
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

impl<'s> Validator<'s, '_> {
    /// A boolean schema: `false` rejects whatever is there; `true` (or any other non-object)
    /// accepts it.
    #[inline]
    pub(super) fn check_boolean_schema(&mut self, schema: &Value, path: &str, note: Option<&str>) {
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
    pub(super) fn check_type(
        &mut self,
        k: &Keywords<'s>,
        inst: &Value,
        path: &str,
        note: Option<&str>,
    ) {
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
    pub(super) fn check_const_enum(
        &mut self,
        k: &Keywords<'s>,
        inst: &Value,
        path: &str,
        note: Option<&str>,
    ) {
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
    pub(super) fn check_string_length(
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
    pub(super) fn check_numeric_bounds(
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
    pub(super) fn check_item_counts(
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
    pub(super) fn check_items(
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
    pub(super) fn check_required(
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
    pub(super) fn check_properties(
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
    pub(super) fn check_all_of(
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
    pub(super) fn check_if_then(
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
