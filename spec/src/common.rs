//! Types both schemas share (`theme.template_ref`, `theme.brand`, `citation`, `citationRef`)
//! and small serde helpers.

use serde::{Deserialize, Deserializer, Serialize};
use serde_json::{Map, Value};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TemplateRef {
    pub template_id: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub template_version: Option<String>,
}

/// `theme.brand`: open object; `tokens` is free-form in the schema and read by
/// [`crate::resolve()`] (docs/guide/input.md).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Brand {
    pub brand_kit_id: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tokens: Option<Map<String, Value>>,
    #[serde(flatten)]
    pub other: Map<String, Value>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CitationKind {
    Evidence,
    Url,
}

impl CitationKind {
    pub fn as_str(self) -> &'static str {
        match self {
            CitationKind::Evidence => "evidence",
            CitationKind::Url => "url",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Citation {
    pub id: String,
    pub kind: CitationKind,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub evidence_id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub locator: Option<Map<String, Value>>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CitationRef {
    pub citation_id: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// A JSON Schema `integer` (2020-12: any number with a zero fractional part, so `3.0` counts).
pub(crate) fn json_integer(v: &Value) -> Option<i64> {
    match v {
        Value::Number(n) => {
            if let Some(i) = n.as_i64() {
                Some(i)
            } else {
                let f = n.as_f64()?;
                // Beyond ±2^63 the value is still an integer to JSON Schema, but no field of
                // ours allows it (every integer field has a small minimum/maximum).
                (f.fract() == 0.0 && f.abs() < 9.0e18).then_some(f as i64)
            }
        }
        _ => None,
    }
}

pub(crate) fn de_opt_integer<'de, D: Deserializer<'de>>(d: D) -> Result<Option<i64>, D::Error> {
    let v = Option::<Value>::deserialize(d)?;
    match v {
        None | Some(Value::Null) => Ok(None),
        Some(v) => json_integer(&v)
            .map(Some)
            .ok_or_else(|| serde::de::Error::custom(format!("expected an integer, got {v}"))),
    }
}

pub(crate) fn de_integer<'de, D: Deserializer<'de>>(d: D) -> Result<i64, D::Error> {
    let v = Value::deserialize(d)?;
    json_integer(&v)
        .ok_or_else(|| serde::de::Error::custom(format!("expected an integer, got {v}")))
}

/// Deserialize an element's or block's `content` object as the type its kind or type names
/// (`what` is "element of kind" or "block of type").
pub(crate) fn typed_content<T: serde::de::DeserializeOwned>(
    content: Option<Map<String, Value>>,
    what: &str,
    name: &str,
) -> Result<T, String> {
    let map = content.ok_or_else(|| format!("{what} `{name}` needs `content`"))?;
    serde_json::from_value(Value::Object(map)).map_err(|e| format!("{name} content: {e}"))
}
