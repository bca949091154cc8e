//! Golden tests for documents: every `golden/docs/<case>/input.json` (a DocSpec; its figures'
//! images beside it, the case folder being the assets root; an optional `options.json`
//! `{"citations": "list", "template": "<file in tests/fixtures/doc-templates>"}`) is rendered
//! and compared with `expected/`:
//!
//! - `parts/<part>`: every XML part of the DOCX, pretty-printed (one element per line; on a
//!   template its styles and numbering parts as written, ours added one element per line);
//! - `manifest.txt`: zip entry order, with the SHA-256 of each binary part and of each part
//!   carried unchanged from the case's template (`(template)`);
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
        if let Some(name) = v["template"].as_str() {
            let path = Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("tests/fixtures/doc-templates")
                .join(name);
            let t = specrender::template::DocTemplate::from_bytes(std::fs::read(path).unwrap())
                .expect("a usable document template");
            o.doc.template = Some(std::sync::Arc::new(t));
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
    let carried: BTreeMap<String, Vec<u8>> = laid
        .look
        .iter()
        .flat_map(|t| t.carried.iter())
        .flat_map(|c| {
            std::iter::once((c.name.clone(), c.bytes.to_vec()))
                .chain(c.rels.iter().map(|(n, b)| (n.clone(), b.to_vec())))
        })
        .collect();
    for (name, bytes) in specrender::renderer::docx_parts(&laid, true) {
        if carried.get(&name) == Some(&bytes) {
            let h = Sha256::digest(&bytes);
            let hex: String = h.iter().map(|b| format!("{b:02x}")).collect();
            manifest.push_str(&format!("{name} sha256:{hex} (template)\n"));
        } else if name.ends_with(".xml") || name.ends_with(".rels") {
            manifest.push_str(&format!("{name}\n"));
            files.insert(
                format!("parts/{name}"),
                template_prefix_hashed(&laid, &name, bytes),
            );
        } else {
            let h = Sha256::digest(&bytes);
            let hex: String = h.iter().map(|b| format!("{b:02x}")).collect();
            manifest.push_str(&format!("{name} sha256:{hex}\n"));
        }
    }
    files.insert("manifest.txt".into(), manifest.into_bytes());
    files.insert(
        "layout.json".into(),
        json_bytes(out.layout.as_ref().unwrap().to_value()),
    );
    files.insert(
        "qc.json".into(),
        json_bytes(serde_json::to_value(&out.qc).unwrap()),
    );
    (files, out.docx.unwrap())
}

/// A part made from the template's own (its styles or numbering with ours added and the
/// document's language set): the stretches it shares with the template's part — from the
/// start, and the longest run of the template's remaining bytes found further on — are pinned
/// by hash; what differs (what we changed and added) stays readable.
fn template_prefix_hashed(
    laid: &specrender::layout::doc::model::LaidDoc,
    name: &str,
    bytes: Vec<u8>,
) -> Vec<u8> {
    let Some(t) = &laid.look else {
        return bytes;
    };
    let Some((_, theirs)) = [&t.styles_part, &t.numbering_part]
        .into_iter()
        .flatten()
        .find(|(n, _)| n == name)
    else {
        return bytes;
    };
    let (Ok(ours), Ok(theirs)) = (std::str::from_utf8(&bytes), std::str::from_utf8(theirs)) else {
        return bytes;
    };
    let hash = |s: &str| -> String {
        Sha256::digest(s.as_bytes())
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect()
    };
    // Back to the end of the last whole tag both start with.
    let common = ours
        .bytes()
        .zip(theirs.bytes())
        .take_while(|(a, b)| a == b)
        .count();
    let common = ours[..common].rfind('>').map_or(0, |i| i + 1);
    let mut out = format!(
        "<!-- the template's {name}, its first {common} bytes: sha256:{} -->\n",
        hash(&ours[..common])
    );
    // The longest tail of the template's rest (whole tags) that appears further on.
    // (Up to the template's closing root tag: ours are added before it.)
    let (rest, t_rest) = (&ours[common..], &theirs[common..]);
    let tail_end = t_rest.rfind("</").unwrap_or(t_rest.len());
    let starts: Vec<usize> = t_rest[..tail_end]
        .match_indices('<')
        .map(|(i, _)| i)
        .collect();
    let (mut lo, mut hi) = (0, starts.len());
    while lo < hi {
        let mid = (lo + hi) / 2;
        if rest.contains(&t_rest[starts[mid]..tail_end]) {
            hi = mid;
        } else {
            lo = mid + 1;
        }
    }
    match starts.get(lo).map(|&i| &t_rest[i..tail_end]) {
        Some(tail) if tail.len() > 64 => {
            let at = rest.find(tail).expect("found above");
            out.push_str(&rest[..at]);
            out.push_str(&format!(
                "\n<!-- the template's next {} bytes: sha256:{} -->\n",
                tail.len(),
                hash(tail)
            ));
            out.push_str(&rest[at + tail.len()..]);
        }
        _ => out.push_str(rest),
    }
    out.into_bytes()
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
