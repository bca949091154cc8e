//! Golden tests: every `golden/slides/<case>/input.json` is laid out, checked and written;
//! the pretty-printed XML of every part, a manifest, one line per box and the QC report are
//! compared with `expected/`. A mismatch writes the actual output to
//! `target/golden-actual/<case>/` and fails. `SPECRENDER_BLESS=1 cargo test --test golden`
//! re-blesses (read the diff first: `git diff golden/`). A new case fails once, writing its
//! expected files for review.

use sha2::{Digest, Sha256};
use specrender_fonts::{FontBook, FontOptions};
use specrender_layout::model::{BoxContent, LaidDeck};
use specrender_layout::{layout, LayoutOptions};
use specrender_spec::{parse, resolve, Input, ParseOptions};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

fn book() -> &'static FontBook {
    static BOOK: OnceLock<FontBook> = OnceLock::new();
    BOOK.get_or_init(|| FontBook::new(&FontOptions::default()).expect("shipped fonts load"))
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn laid_from(input: &Path) -> LaidDeck {
    let bytes = std::fs::read(input).expect("read input");
    let (parsed, _warnings) = parse(&bytes, &ParseOptions::default())
        .unwrap_or_else(|e| panic!("{}: {e:?}", input.display()));
    let Input::Slides(spec) = parsed else {
        panic!("golden slides case is not a SlideSpec")
    };
    let deck = resolve(&spec);
    layout(&deck, book(), &LayoutOptions::default())
}

/// One line per box: `s3/e2 x y w h 18.00pt 4L [2,1,1] fits`.
pub fn layout_txt(laid: &LaidDeck) -> String {
    let mut out = String::new();
    for s in &laid.slides {
        out.push_str(&format!(
            "# {} (source {}, {}{})\n",
            s.id,
            s.source_id,
            s.preset.id(),
            if s.needs_human_edit {
                ", needs_human_edit"
            } else {
                ""
            }
        ));
        for b in &s.boxes {
            let r = b.rect;
            out.push_str(&format!(
                "{}/{} {} {} {} {}",
                s.id, b.element_id, r.x, r.y, r.w, r.h
            ));
            match &b.content {
                BoxContent::Text(t) => {
                    let per: Vec<String> = t
                        .paragraphs
                        .iter()
                        .map(|p| p.lines.len().to_string())
                        .collect();
                    out.push_str(&format!(
                        " {:.2}pt {}L [{}] need={} usable={} {}\n",
                        t.size as f64 / 100.0,
                        t.line_count(),
                        per.join(","),
                        t.needed_height,
                        t.usable_height,
                        if t.fits() { "fits" } else { "OVERFLOW" }
                    ));
                }
                BoxContent::Placeholder { label } => {
                    out.push_str(&format!(" placeholder {label:?}\n"))
                }
            }
        }
    }
    out
}

fn outputs(laid: &LaidDeck) -> BTreeMap<String, Vec<u8>> {
    let mut files = BTreeMap::new();
    let parts = specrender_renderer::pptx_parts(laid, true);
    let mut manifest = String::new();
    for (name, bytes) in &parts {
        if name.ends_with(".xml") || name.ends_with(".rels") {
            files.insert(format!("parts/{name}"), bytes.clone());
            manifest.push_str(&format!("{name}\n"));
        } else {
            let hex: String = Sha256::digest(bytes)
                .iter()
                .map(|b| format!("{b:02x}"))
                .collect();
            manifest.push_str(&format!("{name} sha256={hex}\n"));
        }
    }
    files.insert("manifest.txt".into(), manifest.into_bytes());
    files.insert("layout.txt".into(), layout_txt(laid).into_bytes());
    let qc = specrender_qc::check(laid);
    let mut qc_json =
        serde_json::to_string_pretty(&sorted(serde_json::to_value(&qc).expect("qc serializes")))
            .expect("json");
    qc_json.push('\n');
    files.insert("qc.json".into(), qc_json.into_bytes());
    files
}

fn sorted(v: serde_json::Value) -> serde_json::Value {
    match v {
        serde_json::Value::Object(m) => {
            let b: BTreeMap<String, serde_json::Value> =
                m.into_iter().map(|(k, v)| (k, sorted(v))).collect();
            serde_json::Value::Object(b.into_iter().collect())
        }
        serde_json::Value::Array(a) => {
            serde_json::Value::Array(a.into_iter().map(sorted).collect())
        }
        other => other,
    }
}

fn list_files(dir: &Path, base: &Path, out: &mut Vec<String>) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    for e in rd.flatten() {
        let p = e.path();
        if p.is_dir() {
            list_files(&p, base, out);
        } else {
            out.push(
                p.strip_prefix(base)
                    .expect("under base")
                    .to_string_lossy()
                    .replace('\\', "/"),
            );
        }
    }
}

fn write_all(dir: &Path, files: &BTreeMap<String, Vec<u8>>) {
    let _ = std::fs::remove_dir_all(dir);
    for (name, bytes) in files {
        let p = dir.join(name);
        std::fs::create_dir_all(p.parent().expect("parent")).expect("mkdir");
        std::fs::write(p, bytes).expect("write");
    }
}

#[test]
fn golden_slides() {
    let bless = std::env::var_os("SPECRENDER_BLESS").is_some();
    let cases_dir = root().join("golden/slides");
    let mut cases: Vec<PathBuf> = std::fs::read_dir(&cases_dir)
        .expect("golden/slides")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.join("input.json").exists())
        .collect();
    cases.sort();
    assert!(cases.len() >= 12, "at least 12 golden cases");
    let mut failures = Vec::new();
    for case in &cases {
        let name = case
            .file_name()
            .expect("name")
            .to_string_lossy()
            .to_string();
        let laid = laid_from(&case.join("input.json"));
        let files = outputs(&laid);
        let expected_dir = case.join("expected");
        if bless || !expected_dir.exists() {
            let new = !expected_dir.exists();
            write_all(&expected_dir, &files);
            if new && !bless {
                failures.push(format!(
                    "{name}: new golden case written to {}; review and commit it",
                    expected_dir.display()
                ));
            }
            continue;
        }
        let mut expected_names = Vec::new();
        list_files(&expected_dir, &expected_dir, &mut expected_names);
        expected_names.sort();
        let actual_names: Vec<String> = files.keys().cloned().collect();
        let mut diffs = Vec::new();
        if expected_names != actual_names {
            diffs.push(format!(
                "file set differs: expected {expected_names:?}, got {actual_names:?}"
            ));
        }
        for (fname, bytes) in &files {
            match std::fs::read(expected_dir.join(fname)) {
                Ok(e) if &e == bytes => {}
                Ok(_) => diffs.push(format!("{fname} differs")),
                Err(_) => {}
            }
        }
        if !diffs.is_empty() {
            let actual_dir = root().join("target/golden-actual").join(&name);
            write_all(&actual_dir, &files);
            failures.push(format!(
                "{name}: {} (actual output in {}; diff -ru {} {})",
                diffs.join(", "),
                actual_dir.display(),
                expected_dir.display(),
                actual_dir.display()
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "golden mismatches:\n{}",
        failures.join("\n")
    );
}

#[test]
fn rendering_twice_gives_identical_bytes() {
    let cases_dir = root().join("golden/slides");
    let mut inputs: Vec<PathBuf> = std::fs::read_dir(&cases_dir)
        .expect("dir")
        .flatten()
        .map(|e| e.path().join("input.json"))
        .filter(|p| p.exists())
        .collect();
    inputs.push(root().join("examples/quarterly-review.json"));
    inputs.sort();
    for input in inputs {
        let a = specrender_renderer::pptx(&laid_from(&input)).expect("render");
        let b = specrender_renderer::pptx(&laid_from(&input)).expect("render");
        assert!(a == b, "{}: two renders differ", input.display());
    }
}
