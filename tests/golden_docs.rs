//! Golden tests for documents: every `golden/docs/<case>/input.json` (a DocSpec; its figures'
//! images beside it, the case folder being the assets root; an optional `options.json`
//! `{"citations": "list"}`) is rendered and compared with `expected/`:
//!
//! - `parts/<part>`: every XML part of the DOCX, pretty-printed (one element per line);
//! - `manifest.txt`: zip entry order, with the SHA-256 of each binary part;
//! - `layout.json` (the `--layout` JSON) and `qc.json`, keys sorted.
//!
//! `SPECRENDER_BLESS=1 cargo test --test golden_docs` rewrites `expected/`; read `git diff
//! golden/docs` before committing. Every case is also rendered twice: same bytes.

use sha2::{Digest, Sha256};
use specrender::{FontBook, FontOptions, RenderOptions};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("golden/docs")
}

fn sorted(v: serde_json::Value) -> serde_json::Value {
    match v {
        serde_json::Value::Object(m) => {
            let s: BTreeMap<String, serde_json::Value> =
                m.into_iter().map(|(k, v)| (k, sorted(v))).collect();
            serde_json::Value::Object(s.into_iter().collect())
        }
        serde_json::Value::Array(a) => {
            serde_json::Value::Array(a.into_iter().map(sorted).collect())
        }
        v => v,
    }
}

fn json_bytes(v: serde_json::Value) -> Vec<u8> {
    let mut b = serde_json::to_vec_pretty(&sorted(v)).unwrap();
    b.push(b'\n');
    b
}

fn options(dir: &Path) -> RenderOptions {
    let mut o = RenderOptions {
        assets_root: Some(dir.to_path_buf()),
        layout_json: true,
        ..Default::default()
    };
    if let Ok(b) = std::fs::read(dir.join("options.json")) {
        let v: serde_json::Value = serde_json::from_slice(&b).unwrap();
        if v["citations"] == "list" {
            o.doc.citations = specrender::layout::doc::model::CitationStyle::List;
        }
    }
    o
}

/// Every expected file of a case, by relative path.
fn outputs(book: &FontBook, dir: &Path) -> (BTreeMap<String, Vec<u8>>, Vec<u8>) {
    let input = std::fs::read(dir.join("input.json")).unwrap();
    let opts = options(dir);
    let out = specrender::render(&input, book, &opts).unwrap();
    let again = specrender::render(&input, book, &opts).unwrap();
    assert_eq!(
        out.docx,
        again.docx,
        "{}: same input, same bytes",
        dir.display()
    );
    let parsed = specrender::parse(&input, &opts.parse).unwrap();
    let specrender::Input::Doc(spec) = &parsed.input else {
        panic!("not a DocSpec")
    };
    let laid = specrender::lay_out_doc(spec, book, &opts).unwrap();
    let mut files = BTreeMap::new();
    let mut manifest = String::new();
    for (name, bytes) in specrender::renderer::docx_parts(&laid, true) {
        if name.ends_with(".xml") || name.ends_with(".rels") {
            manifest.push_str(&format!("{name}\n"));
            files.insert(format!("parts/{name}"), bytes);
        } else {
            let h = Sha256::digest(&bytes);
            let hex: String = h.iter().map(|b| format!("{b:02x}")).collect();
            manifest.push_str(&format!("{name} sha256:{hex}\n"));
        }
    }
    files.insert("manifest.txt".into(), manifest.into_bytes());
    files.insert(
        "layout.json".into(),
        json_bytes(out.layout.clone().unwrap()),
    );
    files.insert(
        "qc.json".into(),
        json_bytes(serde_json::to_value(&out.qc).unwrap()),
    );
    (files, out.docx.unwrap())
}

fn read_tree(dir: &Path, base: &Path, out: &mut BTreeMap<String, Vec<u8>>) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    for e in rd {
        let p = e.unwrap().path();
        if p.is_dir() {
            read_tree(&p, base, out);
        } else {
            let rel = p.strip_prefix(base).unwrap().to_string_lossy().into_owned();
            out.insert(rel, std::fs::read(&p).unwrap());
        }
    }
}

#[test]
fn golden_documents() {
    let book = FontBook::new(&FontOptions::default()).unwrap();
    let bless = std::env::var_os("SPECRENDER_BLESS").is_some();
    let mut cases: Vec<PathBuf> = std::fs::read_dir(root())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.join("input.json").exists())
        .collect();
    cases.sort();
    assert!(cases.len() >= 6, "golden/docs has its cases");
    let mut failed = Vec::new();
    for dir in &cases {
        let (actual, docx) = outputs(&book, dir);
        let exp_dir = dir.join("expected");
        let actual_dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
            .join("golden-docs")
            .join(dir.file_name().unwrap());
        let _ = std::fs::remove_dir_all(&actual_dir);
        for (rel, bytes) in &actual {
            let p = actual_dir.join(rel);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(p, bytes).unwrap();
        }
        std::fs::write(actual_dir.join("out.docx"), docx).unwrap();
        if bless {
            let _ = std::fs::remove_dir_all(&exp_dir);
            for (rel, bytes) in &actual {
                let p = exp_dir.join(rel);
                std::fs::create_dir_all(p.parent().unwrap()).unwrap();
                std::fs::write(p, bytes).unwrap();
            }
            continue;
        }
        let mut expected = BTreeMap::new();
        read_tree(&exp_dir, &exp_dir, &mut expected);
        if expected != actual {
            let differ: Vec<&String> = actual
                .keys()
                .chain(expected.keys())
                .filter(|k| actual.get(*k) != expected.get(*k))
                .collect();
            failed.push(format!(
                "{}: {differ:?} (actual in {})",
                dir.display(),
                actual_dir.display()
            ));
        }
    }
    assert!(
        failed.is_empty(),
        "golden documents differ:\n{}",
        failed.join("\n")
    );
}
