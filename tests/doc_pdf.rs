//! The document's PDF (issue 40): its pages are the pages layout predicts (the same page
//! count QC and the DOCX conformance suite work with), the same bytes on any number of threads
//! and on every run, tagged as a document, PDF/UA-1 declared exactly when the document gives
//! what it requires. What independent readers make of the file (text read back in order,
//! fonts, the structure tree) is checked by `conformance/pdf_check.py --docs`.

use specrender::{parse, render_with_pdf, FontBook, FontOptions, RenderOptions};
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn book() -> FontBook {
    FontBook::new(&FontOptions::default()).expect("fonts")
}

fn options(dir: &Path, threads: usize) -> RenderOptions {
    let mut o = RenderOptions {
        assets_root: Some(dir.to_path_buf()),
        layout_json: true,
        ..Default::default()
    };
    o.layout.threads = threads;
    if let Ok(b) = std::fs::read(dir.join("options.json")) {
        let v: serde_json::Value = serde_json::from_slice(&b).expect("options");
        if let Some(name) = v["template"].as_str() {
            let path = root().join("tests/fixtures/doc-templates").join(name);
            let t = specrender::template::DocTemplate::from_bytes(
                std::fs::read(path).expect("template"),
            )
            .expect("a usable document template");
            o.doc.template = Some(std::sync::Arc::new(t));
        }
    }
    o
}

/// The PDF of `input` and the pages layout predicted for it.
fn pdf_of(
    book: &FontBook,
    input: &[u8],
    dir: &Path,
    threads: usize,
) -> (specrender_pdf::Pdf, u32, specrender::Outcome) {
    let opts = options(dir, threads);
    let parsed = parse(input, &opts.parse).expect("parses");
    let (outcome, pdf) = render_with_pdf(&parsed, book, &opts, &mut |_, _, _| {}).expect("renders");
    let pages = match &outcome.layout {
        Some(specrender::LayoutJson::Doc(d)) => d.pages,
        _ => panic!("a document's layout"),
    };
    (pdf, pages, outcome)
}

fn case(name: &str) -> (Vec<u8>, PathBuf) {
    let dir = root().join("golden/docs").join(name);
    (std::fs::read(dir.join("input.json")).expect("input"), dir)
}

fn count(hay: &[u8], needle: &[u8]) -> usize {
    hay.windows(needle.len()).filter(|w| *w == needle).count()
}

#[test]
fn a_document_gives_the_same_bytes_on_any_number_of_threads() {
    let book = book();
    for name in ["all_blocks_en", "korean", "arabic", "template_pandoc_ko"] {
        let (input, dir) = case(name);
        let one = pdf_of(&book, &input, &dir, 1).0;
        let two = pdf_of(&book, &input, &dir, 2).0;
        let again = pdf_of(&book, &input, &dir, 2).0;
        assert!(one.bytes.starts_with(b"%PDF-1.7"), "{name}");
        assert!(one.bytes == two.bytes, "{name}: 1 and 2 threads differ");
        assert!(two.bytes == again.bytes, "{name}: two runs differ");
    }
}

#[test]
fn the_pdf_has_the_pages_layout_predicts_tagged_and_archival() {
    let book = book();
    for name in [
        "all_blocks_en",
        "table_300_rows",
        "japanese",
        "template_python_docx",
    ] {
        let (input, dir) = case(name);
        let (pdf, pages, outcome) = pdf_of(&book, &input, &dir, 2);
        let b = &pdf.bytes;
        assert_eq!(
            count(b, b"/MediaBox"),
            pages as usize,
            "{name}: a page per predicted page"
        );
        for needle in [
            &b"/StructTreeRoot"[..],
            b"/MarkInfo",
            b"pdfaid:part",
            b"/Lang",
            b"/H1",
        ] {
            assert!(
                count(b, needle) > 0,
                "{name}: {}",
                String::from_utf8_lossy(needle)
            );
        }
        assert!(
            count(b, b"/FontFile2") + count(b, b"/FontFile3") > 0,
            "{name}"
        );
        // The DOCX is written beside it, from the same layout.
        assert!(outcome.docx.is_some(), "{name}");
    }
}

#[test]
fn a_long_table_repeats_its_header_as_an_artifact_on_every_later_page() {
    let book = book();
    let (input, dir) = case("table_300_rows");
    let (_, pages, outcome) = pdf_of(&book, &input, &dir, 2);
    assert!(pages > 2, "the 300-row table runs over pages");
    // Written again with its content streams readable, from the same layout.
    let Some(specrender::LayoutJson::Doc(laid)) = &outcome.layout else {
        panic!("a document's layout")
    };
    let opts = specrender_pdf::PdfOptions {
        readable: true,
        ..Default::default()
    };
    let pdf = specrender_pdf::doc_pdf(laid, &book, &opts).expect("writes");
    let b = &pdf.bytes;
    assert!(count(b, b"/Table") > 0);
    assert!(count(b, b"/TH") > 0);
    // Each later page's header row is pagination, every cell of it.
    let columns = 4;
    assert_eq!(
        count(b, b"/Artifact <<\n  /Type /Pagination\n>> BDC"),
        (pages as usize - 1) * columns,
        "{pages} pages"
    );
}

#[test]
fn a_figure_without_alt_text_keeps_the_pdf_from_claiming_pdf_ua_and_is_named() {
    let book = book();
    let (input, dir) = case("all_blocks_en");
    let mut v: serde_json::Value = serde_json::from_slice(&input).expect("json");
    let mut figures = Vec::new();
    for b in v["doc"]["blocks"].as_array_mut().expect("blocks") {
        if b["type"] == "figure" {
            b["content"]["alt_text"] = serde_json::json!("A chart of the quarter's revenue");
            figures.push(b["block_id"].as_str().unwrap_or("").to_string());
        }
    }
    assert!(!figures.is_empty());
    let (with_alt, _, _) = pdf_of(&book, &serde_json::to_vec(&v).expect("json"), &dir, 2);
    assert!(with_alt.ua, "{:?}", with_alt.ua_gaps);
    assert!(count(&with_alt.bytes, b"pdfuaid:part") > 0);
    for b in v["doc"]["blocks"].as_array_mut().expect("blocks") {
        if b["type"] == "figure" {
            b["content"]
                .as_object_mut()
                .expect("content")
                .remove("alt_text");
        }
    }
    let (without, _, outcome) = pdf_of(&book, &serde_json::to_vec(&v).expect("json"), &dir, 2);
    assert!(!without.ua);
    assert_eq!(count(&without.bytes, b"pdfuaid:part"), 0);
    let named: Vec<&str> = outcome
        .qc
        .issues
        .iter()
        .filter(|i| i.kind.as_str() == "pdf_not_accessible")
        .filter_map(|i| i.block_id.as_deref())
        .collect();
    assert_eq!(
        named, figures,
        "each figure without alt text is named by its block id"
    );
}

#[test]
fn page_images_are_drawn_from_the_pages_the_pdf_draws() {
    let book = book();
    let (input, dir) = case("all_blocks_en");
    let (_, pages, _) = pdf_of(&book, &input, &dir, 2);
    let opts = options(&dir, 2);
    let parsed = parse(&input, &opts.parse).expect("parses");
    let (outcome, pngs) =
        specrender::doc_previews(&parsed, &book, &opts, 400, &mut |_, _, _| {}).expect("draws");
    assert_eq!(pngs.len(), pages as usize, "a PNG per predicted page");
    assert!(outcome.docx.is_none(), "previews write no DOCX");
    for png in &pngs {
        let img = image::load_from_memory(png).expect("a PNG").to_rgba8();
        assert_eq!(img.width(), 400);
        // Letter paper, 8.5 x 11 in.
        assert_eq!(img.height(), (400.0 * 11.0 / 8.5_f64).round() as u32);
        let inked = img.pixels().filter(|p| p.0[0] < 128).count();
        assert!(
            inked > 200,
            "text is drawn on every page: {inked} dark pixels"
        );
    }
    let again = specrender::doc_previews(&parsed, &book, &opts, 400, &mut |_, _, _| {})
        .expect("draws")
        .1;
    assert!(again == pngs, "the same pages give the same bytes");
}
