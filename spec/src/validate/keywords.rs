//! The assertion keywords of a schema object, read once ([`Keywords`]).

use serde_json::Value;

/// The assertion keywords of one schema object, read in one pass over its members (a schema
/// node is visited for every instance value it applies to; looking up each keyword by name
/// hashed the same few keys over and over).
#[derive(Default)]
pub(super) struct Keywords<'s> {
    pub(super) reference: Option<&'s str>,
    pub(super) type_: Option<&'s Value>,
    pub(super) const_: Option<&'s Value>,
    pub(super) enum_: Option<&'s Vec<Value>>,
    pub(super) min_length: Option<u64>,
    pub(super) max_length: Option<u64>,
    pub(super) minimum: Option<&'s Value>,
    pub(super) maximum: Option<&'s Value>,
    pub(super) min_items: Option<u64>,
    pub(super) max_items: Option<u64>,
    pub(super) items: Option<&'s Value>,
    pub(super) required: Option<&'s Vec<Value>>,
    pub(super) properties: Option<&'s serde_json::Map<String, Value>>,
    pub(super) additional: Option<&'s Value>,
    pub(super) all_of: Option<&'s Vec<Value>>,
    pub(super) if_: Option<&'s Value>,
    pub(super) then: Option<&'s Value>,
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
