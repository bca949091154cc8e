//! `specrender check FILE.docx` (docs/guide/check.md, documents): our own rendered documents,
//! hand-built documents each carrying exactly one finding, and damaged files.

mod support;

use specrender::check::{CheckError, CheckOptions};
use specrender::{render, FontBook, FontOptions, LayoutJson, QcReport, RenderOptions};
use std::io::Write;
use std::sync::OnceLock;
use support::{run, s, workdir};

fn book() -> &'static FontBook {
    static BOOK: OnceLock<FontBook> = OnceLock::new();
    BOOK.get_or_init(|| FontBook::new(&FontOptions::default()).expect("shipped fonts load"))
}

fn check(bytes: Vec<u8>) -> Result<QcReport, CheckError> {
    specrender::check_file(bytes, book(), &CheckOptions::default()).expect("no panic")
}

const W: &str = "http://schemas.openxmlformats.org/wordprocessingml/2006/main";

/// A package of `parts` (name, text).
fn zip(parts: &[(&str, String)]) -> Vec<u8> {
    let mut z = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    for (name, text) in parts {
        z.start_file(*name, zip::write::SimpleFileOptions::default())
            .unwrap();
        z.write_all(text.as_bytes()).unwrap();
    }
    z.finish().unwrap().into_inner()
}

/// A .docx whose body is `body` (WordprocessingML), on Letter with 1 in margins, its styles
/// naming a language unless `lang` is false.
fn docx(body: &str, lang: bool) -> Vec<u8> {
    let lang = if lang {
        r#"<w:lang w:val="en-US"/>"#
    } else {
        ""
    };
    let styles = format!(
        r#"<w:styles xmlns:w="{W}"><w:docDefaults><w:rPrDefault><w:rPr><w:rFonts w:ascii="Carlito"/><w:sz w:val="22"/>{lang}</w:rPr></w:rPrDefault></w:docDefaults><w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/></w:style><w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/><w:basedOn w:val="Normal"/><w:pPr><w:outlineLvl w:val="0"/></w:pPr></w:style><w:style w:type="paragraph" w:styleId="Heading3"><w:name w:val="heading 3"/><w:basedOn w:val="Normal"/><w:pPr><w:outlineLvl w:val="2"/></w:pPr></w:style></w:styles>"#
    );
    let document = format!(
        r#"<w:document xmlns:w="{W}" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture" xmlns:wps="http://schemas.microsoft.com/office/word/2010/wordprocessingShape" xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006"><w:body>{body}<w:sectPr><w:pgSz w:w="12240" w:h="15840"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440"/></w:sectPr></w:body></w:document>"#
    );
    zip(&[
        ("[Content_Types].xml", r#"<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/><Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/></Types>"#.into()),
        ("_rels/.rels", r#"<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>"#.into()),
        ("word/_rels/document.xml.rels", r#"<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>"#.into()),
        ("word/document.xml", document),
        ("word/styles.xml", styles),
    ])
}

fn para(text: &str) -> String {
    format!("<w:p><w:r><w:t>{text}</w:t></w:r></w:p>")
}

fn heading(level: u8, text: &str) -> String {
    format!(
        r#"<w:p><w:pPr><w:pStyle w:val="Heading{level}"/></w:pPr><w:r><w:t>{text}</w:t></w:r></w:p>"#
    )
}

/// An inline picture `cx` x `cy` EMU with alternative text.
fn picture(cx: i64, cy: i64) -> String {
    format!(
        r#"<w:p><w:r><w:drawing><wp:inline><wp:extent cx="{cx}" cy="{cy}"/><wp:docPr id="5" name="Picture 5" descr="A blue band"/><a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic/></a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>"#
    )
}

/// A fixed text box 3 in x `cy` EMU holding `paras` paragraphs of `text`, its VML fallback
/// (which repeats the text) beside it.
fn text_box(cy: i64, paras: usize, text: &str) -> String {
    let inner: String = (0..paras).map(|_| para(text)).collect();
    format!(
        r#"<w:p><w:r><mc:AlternateContent><mc:Choice Requires="wps"><w:drawing><wp:anchor><wp:extent cx="2743200" cy="{cy}"/><wp:docPr id="9" name="Text Box 9"/><a:graphic><a:graphicData uri="http://schemas.microsoft.com/office/word/2010/wordprocessingShape"><wps:wsp><wps:txbx><w:txbxContent>{inner}</w:txbxContent></wps:txbx><wps:bodyPr/></wps:wsp></a:graphicData></a:graphic></wp:anchor></w:drawing></mc:Choice><mc:Fallback><w:pict>{inner}</w:pict></mc:Fallback></mc:AlternateContent></w:r></w:p>"#
    )
}

fn table(header: bool) -> String {
    let row = |a: &str, b: &str| {
        format!(
            "<w:tr><w:tc>{}</w:tc><w:tc>{}</w:tc></w:tr>",
            para(a),
            para(b)
        )
    };
    let look = if header {
        r#"<w:tblLook w:firstRow="1"/>"#
    } else {
        r#"<w:tblLook w:firstRow="0"/>"#
    };
    format!(
        r#"<w:tbl><w:tblPr>{look}</w:tblPr><w:tblGrid><w:gridCol w:w="4320"/><w:gridCol w:w="4320"/></w:tblGrid>{}{}</w:tbl>"#,
        row("Name", "Value"),
        row("alpha", "1")
    )
}

/// The types of the report's issues other than `page_count`.
fn kinds(r: &QcReport) -> Vec<&str> {
    r.issues
        .iter()
        .map(|i| i.kind.as_str())
        .filter(|k| *k != "page_count")
        .collect()
}

fn pages(r: &QcReport) -> u64 {
    r.issues
        .iter()
        .find(|i| i.kind == "page_count")
        .and_then(|i| i.details["pages"].as_u64())
        .expect("a page_count issue")
}

#[test]
fn a_clean_document_passes_with_its_page_count() {
    let body = format!("{}{}{}", heading(1, "Intro"), para("Hello."), table(true));
    let r = check(docx(&body, true)).expect("checks");
    assert!(kinds(&r).is_empty(), "{:#?}", r.issues);
    assert!(r.pass);
    assert_eq!(pages(&r), 1);
    assert_eq!(r.summary.blocks_in, Some(3));
}

#[test]
fn each_hand_built_fault_gives_exactly_its_finding() {
    let wide = picture(8 * 914_400, 914_400);
    let long = "Words that wrap across the narrow text box several times over.";
    let cases: Vec<(&str, String, bool, &str)> = vec![
        (
            "wide picture",
            format!("{}{wide}", para("x")),
            true,
            "out_of_bounds",
        ),
        (
            "heading skip",
            format!("{}{}", heading(1, "A"), heading(3, "B")),
            true,
            "heading_skip",
        ),
        (
            "overflowing text box",
            text_box(457_200, 6, long),
            true,
            "overflow",
        ),
        (
            "table without header",
            table(false),
            true,
            "table_no_header",
        ),
        ("no language", para("Hello."), false, "missing_language"),
    ];
    for (name, body, lang, kind) in cases {
        let r = check(docx(&body, lang)).expect("checks");
        assert_eq!(kinds(&r), vec![kind], "{name}: {:#?}", r.issues);
        let i = r.issues.iter().find(|i| i.kind == kind).unwrap();
        if kind != "missing_language" {
            // Keyed: the block, its index among paragraphs or tables, its page.
            assert!(i.block_id.is_some(), "{name}");
            assert_eq!(i.details["page"], 1, "{name}");
            assert!(i.details.contains_key("block"), "{name}");
        }
    }
}

#[test]
fn findings_name_the_paragraph_the_drawing_and_the_page() {
    let mut body: String = (0..80)
        .map(|i| para(&format!("Paragraph {i} of filler text that takes a line.")))
        .collect();
    body.push_str(&picture(8 * 914_400, 914_400));
    let r = check(docx(&body, true)).expect("checks");
    let i = r
        .issues
        .iter()
        .find(|i| i.kind == "out_of_bounds")
        .expect("a finding");
    assert_eq!(i.block_id.as_deref(), Some("paragraph-81"));
    assert_eq!(i.element_id.as_deref(), Some("5"));
    assert_eq!(i.details["drawing_name"], "Picture 5");
    assert_eq!(i.details["element"], "picture");
    assert!(i.details["page"].as_u64().unwrap() >= 2, "{:?}", i.details);
    assert_eq!(i.details["page"].as_u64(), Some(pages(&r)));
    // Wider than the text area, not than the page: medium.
    assert_eq!(i.severity, specrender::qc::Severity::Medium);
}

#[test]
fn a_fitting_text_box_passes_and_the_fallback_copy_is_not_read_twice() {
    let r = check(docx(&text_box(2 * 914_400, 2, "Short."), true)).expect("checks");
    assert!(kinds(&r).is_empty(), "{:#?}", r.issues);
}

#[test]
fn our_own_rendered_documents_pass_with_layouts_page_count() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    for name in ["hello-doc.json", "quarterly-report.json"] {
        let input = std::fs::read(root.join("examples").join(name)).unwrap();
        let opts = RenderOptions {
            layout_json: true,
            ..RenderOptions::default()
        };
        let out = render(&input, book(), &opts).expect("renders");
        let Some(LayoutJson::Doc(laid)) = &out.layout else {
            panic!("{name}: a document")
        };
        let r = check(out.docx.clone().expect("a docx")).expect("checks our own document");
        let serious: Vec<&str> = r
            .issues
            .iter()
            .filter(|i| i.severity != specrender::qc::Severity::Low)
            .map(|i| i.message.as_str())
            .collect();
        assert!(serious.is_empty(), "{name}: {serious:#?}");
        assert_eq!(
            pages(&r),
            u64::from(laid.pages),
            "{name}: the page count layout predicted"
        );
    }
}

#[test]
fn damaged_documents_are_clear_errors_not_panics() {
    let good = docx(&para("Hello."), true);
    for n in [0, 10, 100, good.len() / 2, good.len() - 1] {
        assert!(check(good[..n].to_vec()).is_err(), "truncated at {n}");
    }
    // A body that is not well-formed: the error names the part.
    let bad = docx("<w:p><w:r><w:t>open", true);
    let err = check(bad).unwrap_err();
    assert_eq!(err.part(), Some("word/document.xml"), "{err}");
    assert_eq!(err.exit_code(), 2);
    let d = workdir("check_docx", "damaged");
    let path = d.join("bad.docx");
    std::fs::write(&path, &good[..good.len() / 2]).unwrap();
    let r = run(&["check", s(&path), "--json"], None);
    assert_eq!(r.code, 2, "{r:?}");
}

#[test]
fn a_paragraph_past_the_check_limit_is_refused_and_link_text_is_bounded() {
    // Found by the foreign-file fuzzer: a million Korean letters in one run of a python-docx
    // document held 200 MB measuring it (two pieces of about 80 bytes per letter).
    let long = |n: usize| docx(&para(&"가".repeat(n)), true);
    let err = check(long(90_000)).expect_err("270,000 bytes in one paragraph");
    assert_eq!(err.part(), Some("word/document.xml"), "{err}");
    assert!(err.to_string().contains("paragraph of more than"), "{err}");
    // Runs split the same text: still one paragraph.
    let runs = "<w:r><w:t>가가가가가가가가가가</w:t></w:r>".repeat(9_000);
    assert!(check(docx(&format!("<w:p>{runs}</w:p>"), true)).is_err());
    assert!(check(long(80_000)).is_ok(), "240,000 bytes are measured");
    // Nested hyperlinks: each keeps at most 4 KiB of the text inside it.
    let open = r#"<w:hyperlink w:anchor="a">"#.repeat(200);
    let close = "</w:hyperlink>".repeat(200);
    let text = "<w:r><w:t>x</w:t></w:r>".repeat(8_000);
    let r = check(docx(&format!("<w:p>{open}{text}{close}</w:p>"), true)).expect("checks");
    assert!(kinds(&r).iter().all(|k| *k != "unclear_link_text"), "{r:?}");
}

#[test]
fn the_cli_checks_a_docx_and_exits_1_on_findings() {
    let d = workdir("check_docx", "cli");
    let path = d.join("skip.docx");
    std::fs::write(
        &path,
        docx(&format!("{}{}", heading(1, "A"), heading(3, "B")), true),
    )
    .unwrap();
    let r = run(&["check", s(&path), "--json"], None);
    assert_eq!(r.code, 1, "{r:?}");
    let v = r.json();
    assert_eq!(v["issues"][1]["type"], "heading_skip", "{v:#}");
    assert_eq!(v["issues"][1]["block_id"], "paragraph-2");
}

/// The render options of a golden document case (its `options.json`: citations, template).
fn golden_options(dir: &std::path::Path) -> RenderOptions {
    let mut o = RenderOptions {
        assets_root: Some(dir.to_path_buf()),
        layout_json: true,
        ..RenderOptions::default()
    };
    if let Ok(b) = std::fs::read(dir.join("options.json")) {
        let v: serde_json::Value = serde_json::from_slice(&b).unwrap();
        if v["citations"] == "list" {
            o.doc.citations = specrender::layout::doc::model::CitationStyle::List;
        }
        if let Some(name) = v["template"].as_str() {
            let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("tests/fixtures/doc-templates")
                .join(name);
            let t = specrender::template::DocTemplate::from_bytes(std::fs::read(path).unwrap())
                .expect("a usable document template");
            o.doc.template = Some(std::sync::Arc::new(t));
        }
    }
    o
}

/// Every golden document, rendered and checked: the page count layout predicted, and no high
/// or medium finding of a type our own QC does not report for the same input (a heading skip
/// or a substituted template font is in both).
#[test]
fn every_golden_document_checks_as_our_qc_and_layout_say() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("golden/docs");
    let mut cases: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    cases.sort();
    for case in cases {
        let name = case.file_name().unwrap().to_string_lossy().to_string();
        let input = std::fs::read(case.join("input.json")).unwrap();
        let out = render(&input, book(), &golden_options(&case)).expect("renders");
        let Some(LayoutJson::Doc(laid)) = &out.layout else {
            panic!("{name}: a document")
        };
        let r = check(out.docx.clone().expect("a docx")).expect("checks our own document");
        assert_eq!(pages(&r), u64::from(laid.pages), "{name}: pages");
        for i in &r.issues {
            if i.severity == specrender::qc::Severity::Low {
                continue;
            }
            assert!(
                out.qc.issues.iter().any(|q| q.kind == i.kind),
                "{name}: check finds {} that our QC does not: {}",
                i.kind,
                i.message
            );
        }
    }
}
