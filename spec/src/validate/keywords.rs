//! The assertion keywords of a schema object, read once ([`Keywords`]), and each keyword
//! family's check of an instance value, each in its own function.

use serde_json::Value;

use super::values::{json_eq, num, show, type_matches, type_message};
use super::{field_name, push_token, Validator};
use crate::Code;

/// The assertion keywords of one schema object, read in one pass over its members (a schema
/// node is visited for every instance value it applies to; looking up each keyword by name
/// hashed the same few keys over and over).
#[derive(Default)]
pub(super) struct Keywords<'s> {
    pub(super) reference: Option<&'s str>,
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
    pub(super) fn of(s: &'s serde_json::Map<String, Value>) -> Self {
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
