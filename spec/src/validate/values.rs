//! JSON values as the keywords compare them (numbers by value, `integer` as any number with a
//! zero fractional part) and as messages show them.

use crate::common::json_integer;
use serde_json::Value;

use super::path::field_name;

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

pub(super) fn json_eq(a: &Value, b: &Value) -> bool {
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

pub(super) fn type_matches(t: &str, v: &Value) -> bool {
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

pub(super) fn num(v: &Value) -> String {
    match v {
        Value::Number(n) => n.to_string(),
        other => other.to_string(),
    }
}

/// The `type` finding: `` `x` must be a string or null, got integer (5) ``.
pub(super) fn type_message(types: &[&str], inst: &Value, path: &str) -> String {
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
mod tests {
    use super::*;

    #[test]
    fn integer_type_accepts_integral_floats() {
        assert!(type_matches("integer", &serde_json::json!(1.0)));
        assert!(!type_matches("integer", &serde_json::json!(1.5)));
        assert!(type_matches("number", &serde_json::json!(3)));
    }
}
