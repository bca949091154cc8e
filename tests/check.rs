//! `specrender check` (docs/guide/check.md): the known-answer deck of tests/fixtures/check
//! (made by make.py, line counts measured with LibreOffice), our own rendered decks, and
//! malformed files.

mod support;

use serde_json::Value;
use specrender::check::{CheckError, CheckOptions};
use specrender::{render, FontBook, FontOptions, RenderOptions};
use std::collections::BTreeMap;
use std::sync::OnceLock;
use support::{run, s, workdir};

fn book() -> &'static FontBook {
    static BOOK: OnceLock<FontBook> = OnceLock::new();
    BOOK.get_or_init(|| FontBook::new(&FontOptions::default()).expect("shipped fonts load"))
}

fn fixture(name: &str) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/check")
        .join(name)
}

/// The accessibility findings (check/src/access.rs).
const ACCESS: &[&str] = &[
    "missing_alt_text",
    "missing_slide_title",
    "table_no_header",
    "duplicate_slide_title",
    "unclear_link_text",
    "reading_order",
    "missing_language",
];

fn check(bytes: Vec<u8>) -> Result<specrender::QcReport, CheckError> {
    specrender::check_file(bytes, book(), &CheckOptions::default()).expect("no panic")
}

#[test]
fn the_known_answer_deck_gets_exactly_the_expected_findings() {
    let expected: Value =
        serde_json::from_slice(&std::fs::read(fixture("expected.json")).unwrap()).unwrap();
    let report = check(std::fs::read(fixture("known.pptx")).unwrap()).expect("checks");
    let mut found: BTreeMap<u64, Vec<&Value>> = BTreeMap::new();
    let json = report.to_json();
    // The corpus is about fit; its slides' accessibility is tested below.
    for i in json["issues"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|i| !ACCESS.contains(&i["type"].as_str().unwrap_or("")))
    {
        found
            .entry(i["details"]["slide"].as_u64().unwrap())
            .or_default()
            .push(i);
    }
    let mut wrong = Vec::new();
    for case in expected.as_array().unwrap() {
        let slide = case["slide"].as_u64().unwrap();
        let want: Vec<&str> = case["findings"]
            .as_array()
            .unwrap()
            .iter()
            .map(|f| f.as_str().unwrap())
            .collect();
        let issues = found.remove(&slide).unwrap_or_default();
        let mut got: Vec<&str> = issues.iter().map(|i| i["type"].as_str().unwrap()).collect();
        let mut want_sorted = want.clone();
        got.sort();
        want_sorted.sort();
        if got != want_sorted {
            wrong.push(format!(
                "slide {slide} ({}): got {got:?}, want {want:?}",
                case["case"]
            ));
            continue;
        }
        // Overflows: the lines needed are the lines LibreOffice drew.
        if let Some(truth) = case["needed_lines"].as_u64() {
            for i in &issues {
                let needed = match i["type"].as_str().unwrap() {
                    "overflow" => i["details"]["needed_lines"].as_u64(),
                    "table_overflow" => i["details"]["cells"][0]["needed_lines"].as_u64(),
                    _ => continue,
                };
                if needed != Some(truth) {
                    wrong.push(format!(
                        "slide {slide} ({}): {needed:?} lines needed, LibreOffice drew {truth}",
                        case["case"]
                    ));
                }
                let (box_lines, needed) = (
                    i["details"]["box_lines"].as_u64().unwrap_or(0),
                    needed.unwrap_or(0),
                );
                if i["type"] == "overflow" && box_lines >= needed {
                    wrong.push(format!(
                        "slide {slide}: box_lines {box_lines} >= needed {needed}"
                    ));
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "findings on slides without a case: {found:?}"
    );
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    assert!(!report.pass);
    assert_eq!(report.exit_code(), 1);
}

#[test]
fn findings_are_keyed_by_slide_shape_and_creation_id() {
    let report = check(std::fs::read(fixture("known.pptx")).unwrap()).unwrap();
    let json = report.to_json();
    let fit: Vec<&Value> = json["issues"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|i| !ACCESS.contains(&i["type"].as_str().unwrap_or("")))
        .collect();
    let first = fit[0];
    assert_eq!(first["type"], "overflow");
    assert_eq!(first["slide_id"], "slide-2");
    assert_eq!(first["source_slide_id"], "ppt/slides/slide2.xml");
    assert_eq!(first["element_id"], "2");
    let d = &first["details"];
    assert_eq!(d["slide"], 2);
    assert_eq!(d["shape_id"], 2);
    assert_eq!(d["shape_name"], "overflow latin");
    assert_eq!(d["creation_id"], "{8A3F4B2C-1D5E-4F60-9A7B-0C1D2E3F4A5B}");
    assert_eq!(d["needed_lines"], 10);
    assert_eq!(d["box_lines"], 3);
    assert_eq!(d["lines_to_cut"], 7);
    // The master-inherited title: 44 pt from the master's title style.
    let title = fit.iter().find(|i| i["details"]["slide"] == 8).unwrap();
    assert_eq!(title["details"]["font_pt"], 44.0);
    assert_eq!(title["details"]["placeholder"], "title");
    // Deterministic: the same report twice.
    let again = check(std::fs::read(fixture("known.pptx")).unwrap()).unwrap();
    assert_eq!(report.to_json_pretty(), again.to_json_pretty());
}

#[test]
fn the_cli_prints_the_report_and_exits_as_qc() {
    let f = fixture("known.pptx");
    let r = run(&["check", s(&f), "--json"], None);
    assert_eq!(r.code, 1, "{}", r.stderr);
    let v = r.json();
    assert_eq!(v["summary"]["slides_in"], 13);
    assert_eq!(v["summary"]["issues"]["overflow"], 4);
    let text = run(&["check", s(&f)], None);
    assert_eq!(text.code, 1);
    assert!(
        text.out().contains("slide 2 shape 2 \"overflow latin\""),
        "{}",
        text.out()
    );
    assert!(text.out().contains("fail: 13 slide(s)"), "{}", text.out());
}

#[test]
fn our_own_rendered_examples_check_as_our_qc_says() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    for name in ["hello-deck.json", "quarterly-review.json"] {
        let input = std::fs::read(root.join("examples").join(name)).unwrap();
        let out = render(&input, book(), &RenderOptions::default()).expect("renders");
        let qc_overflow = out
            .qc
            .issues
            .iter()
            .filter(|i| i.kind == "overflow")
            .count();
        let report = check(out.pptx.expect("a deck")).expect("checks our own deck");
        let overflow: Vec<&str> = report
            .issues
            .iter()
            .filter(|i| i.kind == "overflow" || i.kind == "table_overflow")
            .map(|i| i.message.as_str())
            .collect();
        assert_eq!(qc_overflow, 0, "{name}: our QC finds overflow");
        assert!(
            overflow.is_empty(),
            "{name}: check finds overflow our QC does not: {overflow:#?}"
        );
    }
}

/// A package's parts with `edit` applied to the text of every part whose name passes `which`.
fn edited(pptx: &[u8], which: impl Fn(&str) -> bool, edit: impl Fn(&str) -> String) -> Vec<u8> {
    use std::io::{Read, Write};
    let mut z = zip::ZipArchive::new(std::io::Cursor::new(pptx)).unwrap();
    let mut out = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    for i in 0..z.len() {
        let mut f = z.by_index(i).unwrap();
        let name = f.name().unwrap().to_string();
        let mut bytes = Vec::new();
        f.read_to_end(&mut bytes).unwrap();
        if which(&name) {
            bytes = edit(std::str::from_utf8(&bytes).unwrap()).into_bytes();
        }
        out.start_file(name, zip::write::SimpleFileOptions::default())
            .unwrap();
        out.write_all(&bytes).unwrap();
    }
    out.finish().unwrap().into_inner()
}

fn kinds(r: &specrender::QcReport) -> Vec<(String, String, Option<String>)> {
    r.issues
        .iter()
        .filter(|i| ACCESS.contains(&i.kind.as_str()))
        .map(|i| {
            let sev = serde_json::to_value(i.severity)
                .unwrap()
                .as_str()
                .unwrap()
                .to_string();
            (i.kind.to_string(), sev, i.slide_id.clone())
        })
        .collect()
}

#[test]
fn accessibility_rules_name_what_a_screen_reader_would_miss() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = root.join("golden/slides/pictures");
    let input = std::fs::read(dir.join("input.json")).unwrap();
    let opts = RenderOptions {
        assets_root: Some(dir.clone()),
        ..RenderOptions::default()
    };
    // As written (every picture described): no missing_alt_text.
    let out = render(&input, book(), &opts).expect("renders");
    let r = check(out.pptx.expect("a deck")).expect("checks");
    assert!(
        !kinds(&r).iter().any(|k| k.0 == "missing_alt_text"),
        "{:?}",
        kinds(&r)
    );
    // Without alt text, a table without its header row, a title repeated, no language.
    let mut spec: Value = serde_json::from_slice(&input).unwrap();
    let slides = spec["deck"]["slides"].as_array_mut().unwrap();
    for s in slides.iter_mut() {
        for e in s["elements"].as_array_mut().unwrap() {
            if let Some(c) = e.get_mut("content").and_then(Value::as_object_mut) {
                c.remove("alt_text");
            }
        }
    }
    let table = serde_json::json!({"slide_id": "t", "type": "content", "layout": {"layout_id": "table_focus"},
        "elements": [
            {"element_id": "tt", "kind": "text", "role": "title", "content": {"text": "Numbers"}},
            {"element_id": "tb", "kind": "table", "role": "body",
             "content": {"columns": ["Region", "Sales"], "rows": [["North", "12"], ["South", "9"]]}}]});
    let again = serde_json::json!({"slide_id": "u", "type": "content", "layout": {"layout_id": "one_column"},
        "elements": [
            {"element_id": "ut", "kind": "text", "role": "title", "content": {"text": "Numbers"}},
            {"element_id": "ub", "kind": "bullets", "role": "body", "content": {"items": ["Up"]}}]});
    slides.push(table);
    slides.push(again);
    let input = serde_json::to_vec(&spec).unwrap();
    let out = render(&input, book(), &opts).expect("renders");
    let pptx = out.pptx.expect("a deck");
    let pptx = edited(
        &pptx,
        |n| n.starts_with("ppt/slides/slide"),
        |x| {
            x.replace("firstRow=\"1\"", "firstRow=\"0\"")
                .replace(" lang=\"", " data-lang=\"")
        },
    );
    let r = check(pptx).expect("checks");
    let k = kinds(&r);
    let has = |kind: &str, sev: &str| k.iter().any(|(a, b, _)| a == kind && b == sev);
    assert!(has("missing_alt_text", "medium"), "{k:?}");
    assert!(has("table_no_header", "medium"), "{k:?}");
    assert!(has("duplicate_slide_title", "low"), "{k:?}");
    assert!(has("missing_language", "low"), "{k:?}");
    let alt = r
        .issues
        .iter()
        .find(|i| i.kind == "missing_alt_text")
        .unwrap();
    assert!(alt.details.contains_key("shape_id") && alt.details["graphic"] == "picture");
    assert!(
        !r.pass,
        "accessibility errors fail the check, as PowerPoint's errors do"
    );
}

/// Every golden deck passes the accessibility rules or carries the finding that says why: a
/// picture or chart without alt text is one whose input has none, a slide without a title is
/// one whose input slide has no title, a reading order against what is seen one the input
/// gave by placing its boxes itself; no table without its header row, no unclear link, no
/// missing language.
#[test]
fn every_golden_deck_passes_the_accessibility_rules_or_says_why() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut wrong = Vec::new();
    let mut cases: Vec<_> = std::fs::read_dir(root.join("golden/slides"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.join("input.json").exists())
        .collect();
    cases.sort();
    for dir in cases {
        let name = dir.file_name().unwrap().to_string_lossy().into_owned();
        let input = std::fs::read(dir.join("input.json")).unwrap();
        let mut opts = RenderOptions {
            assets_root: Some(dir.clone()),
            ..RenderOptions::default()
        };
        if let Ok(o) = std::fs::read(dir.join("options.json")) {
            let o: Value = serde_json::from_slice(&o).unwrap();
            if let Some(t) = o["template"].as_str() {
                let bytes = std::fs::read(root.join("tests/fixtures/templates").join(t)).unwrap();
                let t = specrender::template::Template::from_bytes(bytes).expect("template");
                opts.layout.template = Some(std::sync::Arc::new(t));
            }
        }
        let parsed = specrender::parse(&input, &opts.parse).expect("parses");
        let laid =
            specrender::lay_out(&parsed, book(), &opts, &mut |_, _, _| {}).expect("lays out");
        let out = render(&input, book(), &opts).expect("renders");
        let r = check(out.pptx.expect("a deck")).expect("checks");
        let spec: Value = serde_json::from_slice(&input).unwrap();
        let elements: Vec<&Value> = spec["deck"]["slides"]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|s| s["elements"].as_array().unwrap().iter())
            .collect();
        for i in r
            .issues
            .iter()
            .filter(|i| ACCESS.contains(&i.kind.as_str()))
        {
            let ok = match i.kind.as_str() {
                "missing_alt_text" => {
                    let id = i.details["shape_name"].as_str().unwrap_or("");
                    elements.iter().any(|e| {
                        e["element_id"] == id
                            && e["content"]["alt_text"]
                                .as_str()
                                .is_none_or(|a| a.trim().is_empty())
                    })
                }
                "missing_slide_title" => {
                    let n: usize = i.details["slide"].as_u64().unwrap() as usize;
                    let source = &laid.slides[n - 1].source_id;
                    let slide = spec["deck"]["slides"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .find(|s| s["slide_id"] == source.as_str())
                        .unwrap();
                    !slide["elements"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .any(|e| e["role"] == "title")
                }
                "duplicate_slide_title" => true,
                // Boxes the input places itself (`style.box`) are read in the input's order.
                "reading_order" => {
                    let id = i.details["shape_name"].as_str().unwrap_or("");
                    elements
                        .iter()
                        .any(|e| e["element_id"] == id && e["style"]["box"].is_object())
                }
                _ => false,
            };
            if !ok {
                wrong.push(format!("{name}: {} {}", i.kind, i.message));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn malformed_files_are_refused_with_exit_2_and_no_panic() {
    let dir = workdir("check", "malformed");
    let known = std::fs::read(fixture("known.pptx")).unwrap();
    let cases: Vec<(&str, Vec<u8>)> = vec![
        ("not-a-zip.pptx", b"this is not a zip at all".to_vec()),
        ("truncated.pptx", known[..known.len() / 2].to_vec()),
        ("empty.pptx", Vec::new()),
        (
            "other-zip.pptx",
            zip_of(&[("hello.txt", b"hello".as_slice())]),
        ),
        (
            "docx-like.pptx",
            zip_of(&[
                ("[Content_Types].xml", CONTENT_TYPES.as_bytes()),
                ("_rels/.rels", ROOT_RELS.as_bytes()),
                ("word/document.xml", b"<w:document/>".as_slice()),
            ]),
        ),
    ];
    for (name, bytes) in cases {
        let path = dir.join(name);
        std::fs::write(&path, &bytes).unwrap();
        let r = run(&["check", s(&path), "--json"], None);
        assert_eq!(r.code, 2, "{name}: {}", r.stderr);
        assert!(r.stderr.starts_with("error: "), "{name}: {}", r.stderr);
        assert!(!r.stderr.contains("panic"), "{name}: {}", r.stderr);
        assert!(check(bytes).is_err(), "{name}");
    }
    // Every prefix of the real deck: an error or a report, never a panic.
    for n in (0..known.len()).step_by(997) {
        let _ = check(known[..n].to_vec());
    }
    let missing = run(&["check", s(&dir.join("no-such.pptx"))], None);
    assert_eq!(missing.code, 3, "{}", missing.stderr);
}

#[test]
fn a_part_past_the_limits_is_refused_naming_it() {
    // The known deck with one slide inflating past the (lowered) part limit.
    let known = std::fs::read(fixture("known.pptx")).unwrap();
    let mut zip = zip::ZipArchive::new(std::io::Cursor::new(known)).unwrap();
    let mut parts = Vec::new();
    for i in 0..zip.len() {
        let mut f = zip.by_index(i).unwrap();
        let name = f.name().unwrap().to_string();
        let mut b = Vec::new();
        std::io::Read::read_to_end(&mut f, &mut b).unwrap();
        if name == "ppt/slides/slide1.xml" {
            // Comments: well-formed, 2 MiB.
            let pad = format!("<!--{}-->", "x".repeat(2 << 20));
            let s = String::from_utf8(b)
                .unwrap()
                .replacen("?>", &format!("?>{pad}"), 1);
            b = s.into_bytes();
        }
        parts.push((name, b));
    }
    let refs: Vec<(&str, &[u8])> = parts
        .iter()
        .map(|(n, b)| (n.as_str(), b.as_slice()))
        .collect();
    let bytes = zip_of(&refs);
    let mut opts = CheckOptions::default();
    opts.limits.max_part_bytes = 1 << 20;
    let err = specrender::check_file(bytes.clone(), book(), &opts)
        .expect("no panic")
        .expect_err("refused");
    assert_eq!(err.exit_code(), 2);
    assert_eq!(err.part(), Some("ppt/slides/slide1.xml"), "{err}");
    // Under the default limits the same deck checks.
    assert!(check(bytes).is_ok());
    // A tiny work budget refuses the deck instead of measuring on.
    let opts = CheckOptions {
        work_budget: 1_000,
        ..CheckOptions::default()
    };
    let err = specrender::check_file(std::fs::read(fixture("known.pptx")).unwrap(), book(), &opts)
        .expect("no panic")
        .expect_err("over budget");
    assert!(matches!(err, CheckError::OverBudget { .. }), "{err}");
}

#[test]
fn a_paragraph_past_the_check_limit_is_refused_naming_its_part() {
    // Found by the foreign-file fuzzer: a million Korean letters in one run held 190 MB, and
    // 3 million letters of one word 250 MB, measuring them (a piece of about 80 bytes each).
    let known = std::fs::read(fixture("known.pptx")).unwrap();
    let long = |n: usize| {
        let ko = "가".repeat(n);
        edited(
            &known,
            |p| p == "ppt/slides/slide1.xml",
            move |x| x.replacen("<a:t>", &format!("<a:t>{ko}"), 1),
        )
    };
    let err = check(long(90_000)).expect_err("270,000 bytes in one paragraph");
    assert_eq!(err.part(), Some("ppt/slides/slide1.xml"), "{err}");
    assert!(err.to_string().contains("paragraph of more than"), "{err}");
    assert!(check(long(80_000)).is_ok(), "240,000 bytes are measured");
}

const CONTENT_TYPES: &str = r#"<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>"#;
const ROOT_RELS: &str = r#"<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>"#;

fn zip_of(parts: &[(&str, &[u8])]) -> Vec<u8> {
    use std::io::Write;
    let mut w = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let o = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated);
    for (name, bytes) in parts {
        w.start_file(*name, o).unwrap();
        w.write_all(bytes).unwrap();
    }
    w.finish().unwrap().into_inner()
}
