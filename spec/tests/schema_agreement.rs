//! Our validator agrees with an independent Draft 2020-12 implementation (`jsonschema`) on
//! every fixture: schema-valid ⇔ no schema-class error from us, and for invalid fixtures the
//! same set of error locations.
//!
//! Normalisations, both documented in `src/validate/mod.rs`:
//! - we point `additional_property` at the unexpected property; `jsonschema` at the object
//!   holding it, so our path is compared by its parent;
//! - when an element has no `kind` (a block no `type`), JSON Schema's `if` passes vacuously
//!   and `jsonschema` applies every `then` branch, reporting errors inside that element; we
//!   report only the missing discriminator, so `jsonschema` locations strictly inside such an
//!   element or block are dropped before comparing.
//!
//! Semantic fixtures (`"semantic": true` in the sidecar) must be schema-valid.

mod common;

use std::collections::BTreeSet;

use serde_json::Value;
use specrender_spec::{detect_kind, schema_text, validate_schema, SpecKind};

fn compiled(kind: SpecKind) -> jsonschema::Validator {
    let schema: Value = serde_json::from_str(schema_text(kind)).unwrap();
    jsonschema::draft202012::new(&schema).unwrap()
}

fn parent(path: &str) -> String {
    path.rfind('/')
        .map_or(String::new(), |i| path[..i].to_string())
}

/// Is `loc` strictly inside an element/block object that lacks its discriminator?
fn inside_headless_item(root: &Value, loc: &str) -> bool {
    let tokens: Vec<&str> = loc.split('/').skip(1).collect();
    let prefix_len = match tokens.as_slice() {
        ["deck", "slides", _, "elements", _, ..] => 5,
        ["doc", "blocks", _, ..] => 3,
        _ => return false,
    };
    if tokens.len() <= prefix_len {
        return false;
    }
    let prefix = format!("/{}", tokens[..prefix_len].join("/"));
    let key = if prefix_len == 5 { "kind" } else { "type" };
    root.pointer(&prefix)
        .and_then(Value::as_object)
        .is_some_and(|o| !o.contains_key(key))
}

fn check(kind_dir: &str) -> usize {
    let slides = compiled(SpecKind::Slides);
    let doc = compiled(SpecKind::Doc);
    let mut checked = 0;
    for f in common::load(kind_dir) {
        let Some(kind) = detect_kind(&f.value) else {
            panic!("{}: fixture does not name a spec kind", f.name);
        };
        let validator = match kind {
            SpecKind::Slides => &slides,
            SpecKind::Doc => &doc,
        };
        let theirs: BTreeSet<String> = validator
            .iter_errors(&f.value)
            .map(|e| e.instance_path().as_str().to_string())
            .filter(|loc| !inside_headless_item(&f.value, loc))
            .collect();
        let ours_raw = validate_schema(kind, &f.value);
        let ours: BTreeSet<String> = ours_raw
            .iter()
            .map(|e| {
                if e.code == "additional_property" {
                    parent(&e.path)
                } else {
                    e.path.clone()
                }
            })
            .collect();
        let semantic = f
            .expect
            .as_ref()
            .and_then(|e| e.get("semantic"))
            .and_then(Value::as_bool)
            .unwrap_or(false);
        if kind_dir == "valid" || semantic {
            assert!(
                validator.is_valid(&f.value),
                "{}: jsonschema rejects it: {theirs:?}",
                f.name
            );
            assert!(
                ours_raw.is_empty(),
                "{}: we report schema errors: {ours_raw:#?}",
                f.name
            );
        } else {
            assert!(
                !validator.is_valid(&f.value),
                "{}: jsonschema accepts it",
                f.name
            );
            assert_eq!(ours, theirs, "{}: ours {ours_raw:#?}", f.name);
        }
        checked += 1;
    }
    checked
}

#[test]
fn valid_fixtures_agree() {
    assert!(check("valid") >= 8);
}

#[test]
fn invalid_fixtures_agree() {
    assert!(check("invalid") >= 25);
}
