//! DocSpec -> DOCX end to end through the CLI: the example document renders (exit 0) to a
//! package with every part Word needs, the same bytes twice; `--layout` gives the page and
//! the widths; QC names blocks; bad input writes nothing (exit 2).

mod support;

use serde_json::{json, Value};
use std::io::Read;
use std::path::Path;
use support::{names, run, s, workdir};

fn example_path() -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("examples/quarterly-report.json")
        .to_string_lossy()
        .into_owned()
}

fn parts(bytes: &[u8]) -> Vec<(String, String)> {
    let mut z = zip::ZipArchive::new(std::io::Cursor::new(bytes)).unwrap();
    (0..z.len())
        .map(|i| {
            let mut f = z.by_index(i).unwrap();
            let mut v = Vec::new();
            f.read_to_end(&mut v).unwrap();
            (
                f.name().unwrap().to_string(),
                String::from_utf8_lossy(&v).into_owned(),
            )
        })
        .collect()
}

#[test]
fn example_document_renders_deterministically_with_every_part() {
    let d = workdir("docx", "example");
    let (a, b) = (d.join("a.docx"), d.join("b.docx"));
    let lay = d.join("layout.json");
    let r = run(
        &["render", &example_path(), "-o", s(&a), "--layout", s(&lay)],
        None,
    );
    assert_eq!(r.code, 0, "{r:?}");
    let qc = r.json();
    assert_eq!(qc["pass"], json!(true));
    assert_eq!(qc["summary"]["blocks_in"], json!(13));
    let r2 = run(&["render", &example_path(), "-o", s(&b)], None);
    assert_eq!(r2.code, 0, "{r2:?}");
    let bytes = std::fs::read(&a).unwrap();
    assert_eq!(bytes, std::fs::read(&b).unwrap(), "same input, same bytes");
    let p = parts(&bytes);
    let names: Vec<&str> = p.iter().map(|(n, _)| n.as_str()).collect();
    for want in [
        "[Content_Types].xml",
        "word/document.xml",
        "word/styles.xml",
        "word/numbering.xml",
        "word/settings.xml",
        "word/fontTable.xml",
        "word/theme/theme1.xml",
        "word/footnotes.xml",
        "word/media/image1.png",
    ] {
        assert!(names.contains(&want), "{want} missing: {names:?}");
    }
    assert!(!names.iter().any(|n| n.contains("stylesWithEffects")));
    let get = |n: &str| &p.iter().find(|(k, _)| k == n).unwrap().1;
    let doc = get("word/document.xml");
    assert!(doc.contains("<w:tblHeader/>") && doc.contains("<w:cantSplit/>"));
    // The header row keeps with the first body row (its paragraphs keep with next); body
    // rows do not (Writer 7.4 loses the body rows of a header row that ends a page:
    // conformance/writer-bugs).
    let header = doc.split("<w:tblHeader/>").nth(1).unwrap();
    let (header_row, body_rows) = header.split_once("</w:tr>").unwrap();
    assert!(header_row.contains("<w:keepNext/>"), "{header_row}");
    let first_body_row = body_rows.split("</w:tr>").next().unwrap();
    assert!(
        !first_body_row.contains("<w:keepNext/>"),
        "{first_body_row}"
    );
    assert!(doc.contains("<w:gridCol w:w="));
    assert!(doc.contains(" SEQ Figure \\* ARABIC "));
    assert!(doc.contains("<w:footnoteReference w:id=\"3\"/>"));
    assert!(
        doc.contains("w:w=\"12240\" w:h=\"15840\""),
        "Letter for en-US"
    );
    assert!(!get("word/settings.xml").contains("updateFields"));
    let num = get("word/numbering.xml");
    assert!(num.rfind("<w:abstractNum ").unwrap() < num.find("<w:num ").unwrap());
    // Two ordered lists: two restarting instances.
    assert_eq!(num.matches("<w:startOverride w:val=\"1\"/>").count(), 2);
    let foot = get("word/footnotes.xml");
    assert!(foot.contains("w:id=\"-1\"") && foot.contains("w:id=\"0\""));
    assert!(get("docProps/core.xml").contains("2026-11-20T00:00:00Z"));
    let l: Value = serde_json::from_slice(&std::fs::read(&lay).unwrap()).unwrap();
    assert_eq!(l["document"]["page"], json!("letter"));
    let t = l["blocks"]
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b["block_id"] == "t1")
        .unwrap();
    let w: i64 = t["column_widths_emu"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_i64().unwrap())
        .sum();
    assert!(w <= t["width_emu"].as_i64().unwrap());
    assert_eq!(t["numeric_columns"], json!([false, true, true, false]));
}

fn doc(blocks: Value, lang: &str) -> Value {
    json!({"spec_version": "docspec_v1",
           "doc": {"title": "T", "language": lang, "blocks": blocks},
           "theme": {"template_ref": {"template_id": "default"}, "brand": {"brand_kit_id": "b"}}})
}

#[test]
fn qc_names_blocks_and_exit_code_follows() {
    let d = workdir("docx", "qc");
    let input = d.join("in.json");
    let wide: Vec<String> = (0..12)
        .map(|i| format!("supercalifragilistic{i}"))
        .collect();
    let spec = doc(
        json!([
            {"block_id": "a", "type": "heading", "content": {"level": 1, "text": "A"}},
            {"block_id": "b", "type": "heading", "content": {"level": 3, "text": "B"}},
            {"block_id": "t", "type": "table", "content": {"columns": wide, "rows": [wide]}},
            {"block_id": "f", "type": "figure", "content": {"asset_id": "nope", "caption": "C"}}
        ]),
        "ko",
    );
    std::fs::write(&input, serde_json::to_vec(&spec).unwrap()).unwrap();
    let out = d.join("out.docx");
    let r = run(&["render", s(&input), "-o", s(&out)], None);
    assert_eq!(r.code, 1, "{r:?}");
    let qc = r.json();
    let kinds: Vec<(String, String)> = qc["issues"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| {
            (
                i["type"].as_str().unwrap().into(),
                i["block_id"].as_str().unwrap_or("").into(),
            )
        })
        .collect();
    for want in [
        ("heading_skip", "b"),
        ("table_overflow", "t"),
        ("unbreakable_text", "t"),
        ("missing_asset", "f"),
    ] {
        assert!(
            kinds.contains(&(want.0.into(), want.1.into())),
            "{want:?} in {kinds:?}"
        );
    }
    // Written all the same (exit 1), A4 for Korean.
    let p = parts(&std::fs::read(&out).unwrap());
    let docxml = &p.iter().find(|(n, _)| n == "word/document.xml").unwrap().1;
    assert!(docxml.contains("w:w=\"11906\" w:h=\"16838\""));
    let styles = &p.iter().find(|(n, _)| n == "word/styles.xml").unwrap().1;
    assert!(
        styles.contains("<w:wordWrap w:val=\"1\"/>"),
        "Korean keeps words whole"
    );
}

#[test]
fn invalid_document_writes_nothing() {
    let d = workdir("docx", "invalid");
    let input = d.join("in.json");
    let mut spec = doc(
        json!([{"block_id": "a", "type": "heading", "content": {"level": 9, "text": "A"}}]),
        "en",
    );
    spec["doc"]["blocks"][0]["citations"] = json!([{"citation_id": "missing"}]);
    std::fs::write(&input, serde_json::to_vec(&spec).unwrap()).unwrap();
    let r = run(&["render", s(&input)], None);
    assert_eq!(r.code, 2, "{r:?}");
    assert_eq!(names(&d), ["in.json"]);
}

/// Issue 25.4: DocSpec table rows longer (or shorter) than the columns were cut (padded) with
/// no issue; decks report `table_ragged_rows`, and now documents do too.
#[test]
fn ragged_table_rows_are_reported_like_decks() {
    let d = workdir("docx", "ragged");
    let input = d.join("in.json");
    let spec = doc(
        json!([
            {"block_id": "t", "type": "table", "content": {"columns": ["a", "b"],
             "rows": [["1", "2", "lost"], ["3"], ["4", "5"]]}}
        ]),
        "en",
    );
    std::fs::write(&input, serde_json::to_vec(&spec).unwrap()).unwrap();
    let out = d.join("out.docx");
    let r = run(&["render", s(&input), "-o", s(&out)], None);
    assert_eq!(r.code, 0, "{r:?}");
    let qc = r.json();
    let issues = qc["issues"].as_array().unwrap();
    assert_eq!(issues.len(), 1, "{qc:#}");
    let i = &issues[0];
    assert_eq!(
        (&i["type"], &i["severity"], &i["block_id"]),
        (&json!("table_ragged_rows"), &json!("low"), &json!("t"))
    );
    assert_eq!(
        i["details"],
        json!({"columns": 2, "page": 1, "rows": [{"row": 1, "cells": 3}, {"row": 2, "cells": 1}]})
    );
}

/// The `word/document.xml` of `blocks` rendered as an English document in `workdir("docx", name)`.
fn rendered_body(name: &str, blocks_json: &str) -> String {
    let d = workdir("docx", name);
    let input = d.join("in.json");
    let blocks: Value = serde_json::from_str(blocks_json).unwrap();
    std::fs::write(&input, serde_json::to_vec(&doc(blocks, "en")).unwrap()).unwrap();
    let out = d.join("out.docx");
    let r = run(&["render", s(&input), "-o", s(&out)], None);
    assert_eq!(r.code, 0, "{r:?}");
    parts(&std::fs::read(&out).unwrap())
        .into_iter()
        .find(|(n, _)| n == "word/document.xml")
        .unwrap()
        .1
}

/// Issue 25.4: a DocSpec table's integers above 2^53 keep their digits in the DOCX.
#[test]
fn big_integers_in_document_tables_keep_their_digits() {
    let body = rendered_body(
        "big-ints",
        r#"[{"block_id": "t", "type": "table", "content": {"columns": ["a", "b"],
             "rows": [[9007199254740993, 12345678901234567890]]}}]"#,
    );
    assert!(body.contains(">9007199254740993<"), "{body}");
    assert!(body.contains(">12345678901234567890<"));
}

/// Issue 21.6: an empty table cell's paragraph mark carries the cell's size. An empty
/// paragraph's line is as tall as its mark: without it Writer 7.4 set an empty cell's line at
/// the style's size (the template's 11 pt beside 10 pt cell text: rows with an empty cell
/// 17.15 pt where layout measured 16.0, `conformance/documents.py` on the French-ids template).
#[test]
fn an_empty_table_cell_marks_its_paragraph_with_the_cells_size() {
    let body = rendered_body(
        "empty-cell",
        r#"[{"block_id": "t", "type": "table", "content": {"columns": ["a", "b"],
             "rows": [["x", null], ["y", ""]]}}]"#,
    );
    // The text cells' runs carry the table's size; each empty cell's mark the same.
    let sz = body
        .split("<w:t>x</w:t>")
        .next()
        .and_then(|b| b.rsplit("<w:sz w:val=\"").next())
        .and_then(|r| r.split('"').next())
        .unwrap()
        .to_string();
    let mark = format!(
        r#"<w:rPr><w:sz w:val="{sz}"/><w:szCs w:val="{sz}"/></w:rPr></w:pPr></w:p></w:tc>"#
    );
    assert_eq!(body.matches(&mark).count(), 2, "{body}");
}

/// Issue 21.5: a document that titles a table numbers every table — an untitled one gets its
/// number alone — so the numbers a reader sees count every table; one that titles none
/// numbers none.
#[test]
fn untitled_tables_are_numbered_when_the_document_numbers_tables() {
    let d = workdir("docx", "untitled-tables");
    let render = |blocks: Value| {
        let input = d.join("in.json");
        std::fs::write(&input, serde_json::to_vec(&doc(blocks, "en")).unwrap()).unwrap();
        let out = d.join("out.docx");
        let r = run(&["render", s(&input), "-o", s(&out)], None);
        assert!(r.code <= 1, "{r:?}");
        parts(&std::fs::read(&out).unwrap())
            .into_iter()
            .find(|(n, _)| n == "word/document.xml")
            .unwrap()
            .1
    };
    let table = |id: &str, title: Option<&str>| {
        let mut c = json!({"columns": ["a", "b"], "rows": [["1", "2"]]});
        if let Some(t) = title {
            c["title"] = json!(t);
        }
        json!({"block_id": id, "type": "table", "content": c})
    };
    let body = render(json!([
        table("t1", Some("Revenue")),
        table("t2", None),
        table("t3", Some("Costs"))
    ]));
    let seq = body.matches("SEQ Table").count();
    assert_eq!(seq, 3, "{body}");
    // The untitled table is Table 2, and the next titled one Table 3.
    let second = body.find("Revenue").unwrap();
    let rest = &body[second..];
    assert!(rest.contains(">2<") && rest.contains(">3<"), "{body}");
    let plain = render(json!([table("t1", None), table("t2", None)]));
    assert_eq!(plain.matches("SEQ Table").count(), 0);
}

/// Issue 21.5: a text block's `style` is honoured (align, bold, italic, colour, size); what
/// cannot be used is a warning with its pointer, never silently dropped.
#[test]
fn block_styles_are_honoured_and_unusable_ones_reported() {
    let d = workdir("docx", "block-style");
    let input = d.join("in.json");
    let spec = doc(
        json!([
            {"block_id": "p", "type": "paragraph", "content": {"text": "Centred and bold"},
             "style": {"align": "center", "bold": true, "italic": true, "color": "#C00000",
                       "size": 14, "shadow": 1}},
            {"block_id": "l", "type": "list", "content": {"items": ["one"]},
             "style": {"align": "justify", "size": "big"}},
            {"block_id": "t", "type": "table", "content": {"columns": ["a"], "rows": [["1"]]},
             "style": {"bold": true}}
        ]),
        "en",
    );
    std::fs::write(&input, serde_json::to_vec(&spec).unwrap()).unwrap();
    let out = d.join("out.docx");
    let r = run(&["render", s(&input), "-o", s(&out)], None);
    assert!(r.code <= 1, "{r:?}");
    let body = parts(&std::fs::read(&out).unwrap())
        .into_iter()
        .find(|(n, _)| n == "word/document.xml")
        .unwrap()
        .1;
    assert!(body.contains(r#"<w:jc w:val="center"/>"#), "{body}");
    assert!(
        body.contains(r#"<w:b/><w:bCs/><w:i/><w:iCs/><w:color w:val="C00000"/><w:sz w:val="28"/>"#),
        "{body}"
    );
    assert!(body.contains(r#"<w:jc w:val="both"/>"#), "{body}");
    let qc = r.json();
    let warned: Vec<String> = qc["issues"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|i| i["details"]["code"] == "invalid_style")
        .map(|i| i["details"]["path"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(
        warned,
        [
            "/doc/blocks/0/style/shadow",
            "/doc/blocks/1/style/size",
            "/doc/blocks/2/style"
        ],
        "{qc:#}"
    );
}

#[test]
fn pages_are_predicted_in_the_layout_and_named_by_qc() {
    let d = workdir("docx", "pages");
    let input = d.join("in.json");
    let long =
        "Revenue grew in every region this quarter, led by the Asia-Pacific business. ".repeat(80);
    let spec = doc(
        json!([
            {"block_id": "a", "type": "heading", "content": {"level": 1, "text": "A"}},
            {"block_id": "p", "type": "paragraph", "content": {"text": "One line."}},
            {"block_id": "pb", "type": "page_break"},
            {"block_id": "b", "type": "heading", "content": {"level": 3, "text": "B"}},
            {"block_id": "long", "type": "paragraph", "content": {"text": long}},
            {"block_id": "end", "type": "paragraph", "content": {"text": "End."}}
        ]),
        "en-US",
    );
    std::fs::write(&input, serde_json::to_vec(&spec).unwrap()).unwrap();
    let (out, lay) = (d.join("out.docx"), d.join("layout.json"));
    let r = run(
        &["render", s(&input), "-o", s(&out), "--layout", s(&lay)],
        None,
    );
    assert_eq!(r.code, 1, "{r:?}");
    let l: Value = serde_json::from_slice(&std::fs::read(&lay).unwrap()).unwrap();
    let page = |id: &str| {
        let b = l["blocks"]
            .as_array()
            .unwrap()
            .iter()
            .find(|b| b["block_id"] == id)
            .unwrap()
            .clone();
        (b["page"].clone(), b.get("pages").cloned())
    };
    assert_eq!(page("a"), (json!(1), None));
    assert_eq!(page("pb"), (json!(1), None));
    assert_eq!(page("b"), (json!(2), None), "after the page break");
    // About 6,000 characters: more than a page of 11 pt text, so it runs on to page 3.
    assert_eq!(page("long"), (json!(2), Some(json!([2, 3]))));
    assert_eq!(page("end"), (json!(3), None));
    assert_eq!(l["document"]["pages"], json!(3));
    // QC says where the skipped heading is.
    let skip = r.json()["issues"]
        .as_array()
        .unwrap()
        .iter()
        .find(|i| i["type"] == "heading_skip")
        .unwrap()
        .clone();
    assert_eq!(skip["block_id"], json!("b"));
    assert_eq!(skip["details"]["page"], json!(2));
}

/// The page prediction (`layout::doc::flow`) models the styles the writer writes: every
/// spacing, line rule, keep flag and indent in `styles.xml` equals the layout's.
#[test]
fn the_writers_styles_are_the_ones_pages_are_predicted_with() {
    use specrender_layout::doc::flow::{self, ParaFormat};
    let d = workdir("docx", "flow-styles");
    let input = d.join("in.json");
    let spec = doc(
        json!([{"block_id": "a", "type": "heading", "content": {"level": 1, "text": "A"}}]),
        "en-US",
    );
    std::fs::write(&input, serde_json::to_vec(&spec).unwrap()).unwrap();
    let out = d.join("out.docx");
    let r = run(&["render", s(&input), "-o", s(&out)], None);
    assert_eq!(r.code, 0, "{r:?}");
    let p = parts(&std::fs::read(&out).unwrap());
    let get = |n: &str| p.iter().find(|(k, _)| k == n).unwrap().1.clone();
    let styles = get("word/styles.xml");
    let attr = |el: &str, name: &str| -> Option<i64> {
        let at = el.find(&format!(" {name}=\""))? + name.len() + 3;
        el[at..].split('"').next()?.parse().ok()
    };
    let defaults = {
        let a = styles.find("<w:pPrDefault>").unwrap();
        let b = styles[a..].find("</w:pPrDefault>").unwrap();
        styles[a..a + b].to_string()
    };
    let spacing_of = |xml: &str| {
        xml.find("<w:spacing ")
            .map(|a| xml[a..a + xml[a..].find("/>").unwrap()].to_string())
    };
    let dflt = spacing_of(&defaults).unwrap();
    let (d_after, d_line) = (
        attr(&dflt, "w:after").unwrap(),
        attr(&dflt, "w:line").unwrap(),
    );
    assert_eq!(
        (0, d_after, d_line),
        (0, flow::NORMAL.after, flow::NORMAL.line)
    );
    let check = |id: &str, f: ParaFormat| {
        let a = styles
            .find(&format!("w:styleId=\"{id}\""))
            .unwrap_or_else(|| panic!("{id}"));
        let b = styles[a..].find("</w:style>").unwrap();
        let st = &styles[a..a + b];
        let sp = spacing_of(st).unwrap_or_default();
        let got = ParaFormat {
            before: attr(&sp, "w:before").unwrap_or(0),
            after: attr(&sp, "w:after").unwrap_or(d_after),
            line: attr(&sp, "w:line").unwrap_or(d_line),
            contextual: st.contains("<w:contextualSpacing/>"),
            keep_next: st.contains("<w:keepNext/>"),
            keep_lines: st.contains("<w:keepLines/>"),
            indent: st.find("<w:ind ").map_or((0, 0), |i| {
                let el = &st[i..i + st[i..].find("/>").unwrap()];
                (
                    attr(el, "w:left").unwrap_or(0),
                    attr(el, "w:right").unwrap_or(0),
                )
            }),
            ..f
        };
        assert_eq!(got, f, "{id}");
    };
    for level in 1..=6 {
        check(&format!("Heading{level}"), flow::heading(level));
    }
    check("Title", flow::TITLE);
    check("Subtitle", flow::SUBTITLE);
    check("Quote", flow::QUOTE);
    check("Caption", flow::CAPTION);
    check("FootnoteText", flow::FOOTNOTE);
    // Lists: the style's spacing, and the numbering's indent.
    check(
        "ListBullet",
        ParaFormat {
            indent: (0, 0),
            ..flow::LIST
        },
    );
    let num = get("word/numbering.xml");
    assert!(num.contains(&format!("<w:ind w:left=\"{}\"", flow::LIST_INDENT)));
    // Table cells: the table style's paragraph spacing and margins.
    let t = &styles[styles.find("w:styleId=\"SpecTable\"").unwrap()..];
    let sp = spacing_of(t).unwrap();
    assert_eq!(
        (attr(&sp, "w:after"), attr(&sp, "w:line")),
        (Some(flow::CELL.after), Some(flow::CELL.line))
    );
    assert!(t.contains(&format!("<w:top w:w=\"{}\"", flow::CELL_MARGIN_TB)));
    assert!(t.contains(&format!("<w:bottom w:w=\"{}\"", flow::CELL_MARGIN_TB)));
    assert!(
        t.contains("w:sz=\"4\""),
        "0.5 pt borders: flow::TABLE_BORDER"
    );
}
