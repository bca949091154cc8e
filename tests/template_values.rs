//! A template's values within what OOXML stores and a sane range (issue 38 item 10): shape
//! geometry past `ST_Coordinate` / PowerPoint's largest extent and implausible slide sizes are
//! clamped when the template is read, title and body text sizes are taken within 6-200 pt, each
//! with a low `template_value_clamped` note, and a template's size never lowers the `min_font`
//! floor. Brand tokens the deck sets win over the template's values, equal to the built-in
//! default or not.

mod support;

use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::io::{Cursor, Read, Write};
use std::path::PathBuf;
use support::*;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn entries(bytes: &[u8]) -> BTreeMap<String, Vec<u8>> {
    let mut z = zip::ZipArchive::new(Cursor::new(bytes)).unwrap();
    let mut out = BTreeMap::new();
    for i in 0..z.len() {
        let mut f = z.by_index(i).unwrap();
        let mut b = Vec::new();
        f.read_to_end(&mut b).unwrap();
        out.insert(f.name().unwrap().to_string(), b);
    }
    out
}

/// python-pptx's default template with `from` replaced by `to` (once) in part `part`.
fn edited(part: &str, from: &str, to: &str) -> Vec<u8> {
    edited_fixture("templates/python-pptx-default.pptx", part, from, to)
}

/// The fixture `name` (under tests/fixtures) with `from` replaced by `to` (once) in `part`.
fn edited_fixture(name: &str, part: &str, from: &str, to: &str) -> Vec<u8> {
    let bytes = std::fs::read(root().join("tests/fixtures").join(name)).unwrap();
    let mut w = zip::ZipWriter::new(Cursor::new(Vec::new()));
    let opts = zip::write::SimpleFileOptions::default();
    let mut z = zip::ZipArchive::new(Cursor::new(bytes)).unwrap();
    for i in 0..z.len() {
        let mut f = z.by_index(i).unwrap();
        let mut b = Vec::new();
        f.read_to_end(&mut b).unwrap();
        let name = f.name().unwrap().to_string();
        if name == part {
            let s = String::from_utf8(b).unwrap();
            assert!(s.contains(from), "{part} has no {from}");
            b = s.replacen(from, to, 1).into_bytes();
        }
        w.start_file(name.as_str(), opts).unwrap();
        w.write_all(&b).unwrap();
    }
    w.finish().unwrap().into_inner()
}

const MASTER: &str = "ppt/slideMasters/slideMaster1.xml";

/// Renders `deck` on `template`: (exit code, QC report, output parts).
fn render_on(tag: &str, deck: &Value, template: &[u8]) -> (i32, Value, BTreeMap<String, Vec<u8>>) {
    let dir = workdir("template-values", tag);
    let t = dir.join("t.pptx");
    std::fs::write(&t, template).unwrap();
    let input = dir.join("deck.json");
    std::fs::write(&input, serde_json::to_vec(deck).unwrap()).unwrap();
    let (out, qc) = (dir.join("out.pptx"), dir.join("qc.json"));
    let r = run(
        &[
            "render",
            s(&input),
            "--template",
            s(&t),
            "-o",
            s(&out),
            "--qc",
            s(&qc),
        ],
        None,
    );
    assert!(r.code <= 1, "{tag}: {r:?}");
    let qc: Value = serde_json::from_slice(&std::fs::read(&qc).unwrap()).unwrap();
    (r.code, qc, entries(&std::fs::read(out).unwrap()))
}

fn issues<'a>(qc: &'a Value, ty: &str) -> Vec<&'a Value> {
    qc["issues"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|i| i["type"] == ty)
        .collect()
}

/// Every `name="N"` integer attribute in the slides and layouts written.
fn numbers(parts: &BTreeMap<String, Vec<u8>>, attr: &str) -> Vec<i128> {
    let key = format!(" {attr}=\"");
    let mut out = Vec::new();
    for (n, b) in parts {
        if !(n.starts_with("ppt/slides/slide") || n.starts_with("ppt/slideLayouts/")) {
            continue;
        }
        let s = String::from_utf8_lossy(b);
        for (i, _) in s.match_indices(&key) {
            let v = &s[i + key.len()..];
            let v = &v[..v.find('"').unwrap()];
            if let Ok(x) = v.parse::<i128>() {
                out.push(x);
            }
        }
    }
    out
}

#[test]
fn template_geometry_past_what_ooxml_stores_is_clamped_with_a_note() {
    let t = edited(
        MASTER,
        r#"<a:off x="457200" y="1600200"/><a:ext cx="8229600" cy="4525963"/>"#,
        r#"<a:off x="-9223372036854775807" y="1600200"/><a:ext cx="9223372036854775807" cy="4525963"/>"#,
    );
    let (_, qc, parts) = render_on("geometry", &small_deck(), &t);
    let notes = issues(&qc, "template_value_clamped");
    assert_eq!(notes.len(), 1, "{qc}");
    assert_eq!(notes[0]["severity"], "low");
    let m = notes[0]["message"].as_str().unwrap();
    assert!(
        m.contains(MASTER) && m.contains("Text Placeholder 2"),
        "{m}"
    );
    for v in numbers(&parts, "cx")
        .into_iter()
        .chain(numbers(&parts, "cy"))
    {
        assert!((0..=i32::MAX as i128).contains(&v), "extent {v}");
    }
    for v in numbers(&parts, "x").into_iter().chain(numbers(&parts, "y")) {
        assert!(v.abs() <= 27_273_042_316_900, "offset {v}");
    }
}

#[test]
fn implausible_slide_sizes_are_clamped_with_a_note() {
    for (tag, cx, cy, want) in [
        ("zero", "0", "0", (914_400, 914_400)),
        ("tiny", "12", "6858000", (914_400, 6_858_000)),
        ("huge", "99999999999", "6858000", (51_206_400, 6_858_000)),
    ] {
        let t = edited(
            "ppt/presentation.xml",
            r#"<p:sldSz cx="9144000" cy="6858000""#,
            &format!(r#"<p:sldSz cx="{cx}" cy="{cy}""#),
        );
        let (_, qc, parts) = render_on(tag, &small_deck(), &t);
        let notes = issues(&qc, "template_value_clamped");
        assert_eq!(notes.len(), 1, "{tag}: {qc}");
        assert!(notes[0]["message"]
            .as_str()
            .unwrap()
            .contains("ppt/presentation.xml"));
        let pres = String::from_utf8(parts["ppt/presentation.xml"].clone()).unwrap();
        let size = format!(r#"<p:sldSz cx="{}" cy="{}""#, want.0, want.1);
        assert!(pres.contains(&size), "{tag}: {pres}");
    }
}

#[test]
fn a_one_point_template_body_is_clamped_and_min_font_still_applies() {
    let t = edited(
        MASTER,
        r#"<a:defRPr sz="3200" kern="1200">"#,
        r#"<a:defRPr sz="100" kern="1200">"#,
    );
    let (code, qc, parts) = render_on("body-1pt", &small_deck(), &t);
    let notes = issues(&qc, "template_value_clamped");
    assert_eq!(notes.len(), 1, "{qc}");
    assert!(
        notes[0]["message"].as_str().unwrap().contains("1 pt"),
        "{qc}"
    );
    // The bullets are written at 6 pt, not 1 pt, and QC says they are below the 12 pt floor.
    let sizes = numbers(&parts, "sz");
    assert!(!sizes.contains(&100) && sizes.contains(&600), "{sizes:?}");
    let small = issues(&qc, "min_font");
    assert!(!small.is_empty(), "{qc}");
    assert_eq!(qc["pass"], false);
    assert_eq!(code, 1);
}

#[test]
fn brand_tokens_equal_to_the_defaults_win_over_the_template() {
    // python-pptx's default sets body text at 32 pt and titles at 44 pt; the deck asks for the
    // built-in defaults, 20 pt and 36 pt, explicitly.
    let mut deck = small_deck();
    deck["theme"]["brand"]["tokens"] = json!({"sizes": {"body": 20, "title": 36}});
    let t =
        std::fs::read(root().join("tests/fixtures/templates/python-pptx-default.pptx")).unwrap();
    let (_, qc, parts) = render_on("tokens", &deck, &t);
    assert!(issues(&qc, "template_value_clamped").is_empty());
    let slide = String::from_utf8(parts["ppt/slides/slide1.xml"].clone()).unwrap();
    assert!(
        slide.contains(r#"sz="2000""#) && slide.contains(r#"sz="3600""#),
        "{slide}"
    );
    assert!(
        !slide.contains(r#"sz="3200""#) && !slide.contains(r#"sz="4400""#),
        "{slide}"
    );
    // Without the tokens the template's sizes are used.
    let (_, _, parts) = render_on("no-tokens", &small_deck(), &t);
    let slide = String::from_utf8(parts["ppt/slides/slide1.xml"].clone()).unwrap();
    assert!(slide.contains(r#"sz="3200""#), "{slide}");
    // A font token equal to the default (Calibri) wins over the template's Arial.
    let focus =
        std::fs::read(root().join("tests/fixtures/templates/libreoffice-focus.pptx")).unwrap();
    let mut deck = small_deck();
    deck["theme"]["brand"]["tokens"] = json!({"fonts": {"body": "Calibri"}});
    let (_, _, parts) = render_on("font-token", &deck, &focus);
    let theme = parts
        .iter()
        .filter(|(n, _)| n.starts_with("ppt/theme/"))
        .map(|(_, b)| String::from_utf8_lossy(b).into_owned())
        .find(|s| s.contains("<a:minorFont>"))
        .unwrap();
    let minor = &theme[theme.find("<a:minorFont>").unwrap()..];
    let first_latin = &minor[minor.find("<a:latin").unwrap()..];
    assert!(
        first_latin.starts_with(r#"<a:latin typeface="Calibri""#),
        "{minor:.200}"
    );
}

#[test]
fn a_documents_brand_tokens_equal_to_the_defaults_win_over_the_template() {
    // pandoc's reference sets Normal at 12 pt in Cambria; the document asks for its built-in
    // defaults, 11 pt and Calibri, explicitly: its Normal style is written with them.
    let case = root().join("golden/docs/template_python_docx");
    let mut doc: Value =
        serde_json::from_slice(&std::fs::read(case.join("input.json")).unwrap()).unwrap();
    doc["theme"]["brand"]["tokens"] = json!({"sizes": {"body": 11}, "fonts": {"body": "Calibri"}});
    let dir = workdir("template-values", "doc-tokens");
    let input = dir.join("doc.json");
    std::fs::write(&input, serde_json::to_vec(&doc).unwrap()).unwrap();
    let t = root().join("tests/fixtures/doc-templates/pandoc-reference.docx");
    let normal = |tokens: bool| {
        let out = dir.join(format!("out-{tokens}.docx"));
        let src = if tokens {
            input.clone()
        } else {
            case.join("input.json")
        };
        let r = run(
            &[
                "render",
                s(&src),
                "--assets",
                s(&case),
                "--template",
                s(&t),
                "-o",
                s(&out),
            ],
            None,
        );
        assert!(r.code <= 1, "{r:?}");
        let styles =
            String::from_utf8(entries(&std::fs::read(&out).unwrap())["word/styles.xml"].clone())
                .unwrap();
        let at = styles.find(r#"w:styleId="Normal""#).unwrap();
        let end = at + styles[at..].find("</w:style>").unwrap();
        styles[at..end].to_string()
    };
    let with = normal(true);
    assert!(with.contains(r#"<w:sz w:val="22"/>"#), "{with}");
    assert!(with.contains(r#"w:ascii="Calibri""#), "{with}");
    let without = normal(false);
    assert!(!without.contains(r#"<w:sz w:val="22"/>"#), "{without}");
}

#[test]
fn a_one_point_word_template_body_is_clamped_with_a_note_and_written_as_used() {
    // pandoc's reference with its document defaults at w:sz 2 (1 pt): the body is measured at
    // 6 pt, the low of the sizes a template may give, noted, and its Normal style written at
    // that size (Word would otherwise show 1-pt text layout never measured).
    let t = edited_fixture(
        "doc-templates/pandoc-reference.docx",
        "word/styles.xml",
        r#"<w:sz w:val="24" />"#,
        r#"<w:sz w:val="2" />"#,
    );
    let case = root().join("golden/docs/template_python_docx");
    let dir = workdir("template-values", "doc-body-1pt");
    let tp = dir.join("t.docx");
    std::fs::write(&tp, t).unwrap();
    let (out, qc) = (dir.join("out.docx"), dir.join("qc.json"));
    let r = run(
        &[
            "render",
            s(&case.join("input.json")),
            "--assets",
            s(&case),
            "--template",
            s(&tp),
            "-o",
            s(&out),
            "--qc",
            s(&qc),
        ],
        None,
    );
    assert!(r.code <= 1, "{r:?}");
    let qc: Value = serde_json::from_slice(&std::fs::read(&qc).unwrap()).unwrap();
    // The body and the caption (pandoc's Caption sets no size of its own) are clamped.
    let notes: Vec<&str> = issues(&qc, "template_value_clamped")
        .iter()
        .map(|n| n["message"].as_str().unwrap())
        .collect();
    assert_eq!(notes.len(), 2, "{qc}");
    assert!(
        notes[0].contains(r#"style "Normal": the template's body text size 1 pt is outside 6-200 pt; 6 pt is used"#),
        "{notes:?}"
    );
    assert!(
        notes[1].contains(r#"style "Caption": the template's caption"#),
        "{notes:?}"
    );
    let styles =
        String::from_utf8(entries(&std::fs::read(&out).unwrap())["word/styles.xml"].clone())
            .unwrap();
    let style = |id: &str| {
        let at = styles.find(&format!(r#"w:styleId="{id}""#)).unwrap();
        let end = at + styles[at..].find("</w:style>").unwrap();
        styles[at..end].to_string()
    };
    let normal = style("Normal");
    assert!(normal.contains(r#"<w:sz w:val="12"/>"#), "{normal}");
    let caption = style("Caption");
    assert!(caption.contains(r#"<w:sz w:val="12"/>"#), "{caption}");
    assert!(normal.contains(r#"<w:sz w:val="12"/>"#), "{normal}");
}
