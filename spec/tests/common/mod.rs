//! Fixture loading shared by the integration tests.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

use serde_json::Value;

pub struct Fixture {
    pub name: String,
    pub bytes: Vec<u8>,
    pub value: Value,
    /// The `<name>.expect.json` sidecar, if any.
    pub expect: Option<Value>,
}

pub fn dir(kind: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(kind)
}

/// Every `*.json` fixture (not the sidecars) of `valid` or `invalid`, sorted by name.
pub fn load(kind: &str) -> Vec<Fixture> {
    let mut names: Vec<PathBuf> = std::fs::read_dir(dir(kind))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            let n = p.file_name().unwrap().to_string_lossy();
            n.ends_with(".json") && !n.ends_with(".expect.json")
        })
        .collect();
    names.sort();
    names
        .into_iter()
        .map(|p| {
            let name = p.file_stem().unwrap().to_string_lossy().into_owned();
            let bytes = std::fs::read(&p).unwrap();
            let value = serde_json::from_slice(&bytes).unwrap();
            let side = p.with_file_name(format!("{name}.expect.json"));
            let expect = side
                .exists()
                .then(|| serde_json::from_slice(&std::fs::read(&side).unwrap()).unwrap());
            Fixture {
                name,
                bytes,
                value,
                expect,
            }
        })
        .collect()
}

pub fn strings(v: Option<&Value>) -> Vec<String> {
    v.and_then(Value::as_array)
        .map(|a| a.iter().map(|s| s.as_str().unwrap().to_string()).collect())
        .unwrap_or_default()
}
