//! The deck's PDF (issue 40): drawn from the laid-out deck, the same bytes on any number of
//! threads and on every run, PDF/UA-1 declared exactly when the deck gives what it requires.
//! What independent readers make of the file (text read back, fonts, structure tree,
//! fidelity against LibreOffice) is checked by `conformance/pdf_check.py`.

mod support;

use specrender::{lay_out_for_drawing, parse, pdf_bytes, FontBook, FontOptions, RenderOptions};
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn book() -> FontBook {
    FontBook::new(&FontOptions::default()).expect("fonts")
}

fn pdf_of(book: &FontBook, input: &[u8], assets: &Path, threads: usize) -> specrender_pdf::Pdf {
    let mut opts = RenderOptions {
        assets_root: Some(assets.to_path_buf()),
        ..RenderOptions::default()
    };
    opts.layout.threads = threads;
    let parsed = parse(input, &opts.parse).expect("parses");
    let laid = lay_out_for_drawing(&parsed, book, &opts, &mut |_, _, _| {}).expect("lays out");
    pdf_bytes(&laid, book).expect("writes a PDF")
}

fn case(name: &str) -> (Vec<u8>, PathBuf) {
    let dir = root().join("golden/slides").join(name);
    (std::fs::read(dir.join("input.json")).expect("input"), dir)
}

fn count(hay: &[u8], needle: &[u8]) -> usize {
    hay.windows(needle.len()).filter(|w| *w == needle).count()
}

#[test]
fn the_same_deck_gives_the_same_bytes_on_any_number_of_threads() {
    let book = book();
    for name in ["korean", "table_japanese", "pictures", "script_arabic"] {
        let (input, dir) = case(name);
        let one = pdf_of(&book, &input, &dir, 1);
        let two = pdf_of(&book, &input, &dir, 2);
        let again = pdf_of(&book, &input, &dir, 2);
        assert!(one.bytes.starts_with(b"%PDF-1.7"), "{name}");
        assert!(one.bytes == two.bytes, "{name}: 1 and 2 threads differ");
        assert!(two.bytes == again.bytes, "{name}: two runs differ");
    }
}

#[test]
fn a_page_per_slide_at_the_slide_size_tagged_and_archival() {
    let book = book();
    let (input, dir) = case("korean");
    let pdf = pdf_of(&book, &input, &dir, 2);
    let b = &pdf.bytes;
    let slides = {
        let parsed = parse(&input, &Default::default()).expect("parses");
        let laid =
            lay_out_for_drawing(&parsed, &book, &RenderOptions::default(), &mut |_, _, _| {})
                .expect("lays out");
        laid.slides.len()
    };
    assert_eq!(
        count(b, b"/MediaBox[0 0 960 540]"),
        slides,
        "one 13.33 x 7.5 in page per slide"
    );
    for needle in [
        &b"/StructTreeRoot"[..],
        b"/MarkInfo",
        b"pdfaid:part",
        b"/Outlines",
        b"/Lang",
    ] {
        assert!(count(b, needle) > 0, "{}", String::from_utf8_lossy(needle));
    }
    // Every text is drawn in a face layout measured with, embedded as a subset.
    assert!(count(b, b"/FontFile2") + count(b, b"/FontFile3") > 0);
    assert!(
        pdf.ua,
        "a titled deck without pictures declares PDF/UA-1: {:?}",
        pdf.ua_gaps
    );
    assert!(count(b, b"pdfuaid:part") > 0);
}

#[test]
fn a_picture_without_alt_text_keeps_the_pdf_from_claiming_pdf_ua() {
    let book = book();
    let (input, dir) = case("pictures");
    let with_alt = pdf_of(&book, &input, &dir, 2);
    // Every picture of the case has its alt text, but not every one decodes into the PDF
    // (a truncated JPEG, an SVG): whatever the reason, the claim follows the gaps.
    assert_eq!(
        with_alt.ua,
        with_alt.ua_gaps.is_empty(),
        "{:?}",
        with_alt.ua_gaps
    );
    let mut v: serde_json::Value = serde_json::from_slice(&input).expect("json");
    let mut removed = Vec::new();
    for s in v["deck"]["slides"].as_array_mut().expect("slides") {
        for e in s["elements"].as_array_mut().expect("elements") {
            let id = e["element_id"].as_str().unwrap_or("").to_string();
            if let Some(c) = e["content"].as_object_mut() {
                if c.remove("alt_text").is_some() {
                    removed.push(id);
                }
            }
        }
    }
    assert!(!removed.is_empty());
    let without = pdf_of(&book, &serde_json::to_vec(&v).expect("json"), &dir, 2);
    assert!(!without.ua);
    assert_eq!(count(&without.bytes, b"pdfuaid:part"), 0);
    let named: Vec<&str> = without
        .ua_gaps
        .iter()
        .filter_map(|g| match g.finding {
            specrender_model::Finding::PdfNotAccessible {
                missing: specrender_model::PdfMissing::AltText,
            } => g.at.element_id(),
            _ => None,
        })
        .collect();
    assert!(!named.is_empty(), "{:?}", without.ua_gaps);
    for id in named {
        assert!(removed.iter().any(|r| r == id), "{id} had its alt text");
    }
}

#[test]
fn a_cited_url_is_a_link_over_its_footer_entry() {
    let book = book();
    let (input, dir) = case("citations");
    let pdf = pdf_of(&book, &input, &dir, 2);
    // Every listed citation with a URL links to it (tagged, with its entry as its text).
    assert!(count(&pdf.bytes, b"/Subtype /Link") + count(&pdf.bytes, b"/Subtype/Link") > 0);
    assert!(count(&pdf.bytes, b"(https://stats.example.org/broadband/2026)") > 0);
    assert!(pdf.ua, "{:?}", pdf.ua_gaps);
}

#[test]
fn a_character_no_face_has_is_left_out_and_the_pdf_stays_archival() {
    // PDF/A forbids drawing `.notdef`: the character is reported by QC (font_fallback) and
    // not drawn; the rest of the line is.
    let book = book();
    let (input, dir) = case("korean");
    let mut v: serde_json::Value = serde_json::from_slice(&input).expect("json");
    v["deck"]["title"] = serde_json::json!("Hieroglyph \u{13000} title");
    let first = &mut v["deck"]["slides"][0]["elements"][0]["content"];
    first["text"] = serde_json::json!("Hieroglyph \u{13000} here");
    let pdf = pdf_of(&book, &serde_json::to_vec(&v).expect("json"), &dir, 2);
    assert!(pdf.bytes.starts_with(b"%PDF"));
}

/// A face whose licence forbids embedding (OS/2 fsType 2: a customer's font given with
/// `--fonts`) is not embedded: its glyphs are drawn as outlines, the line's text is the span's
/// ActualText, and the PDF's notes say so.
#[test]
fn a_face_that_forbids_embedding_is_drawn_as_outlines_not_embedded() {
    let dir = root().join("target/tmp/pdf-restricted");
    let fonts = dir.join("fonts");
    std::fs::create_dir_all(&fonts).unwrap();
    let font = support::with_fs_type(
        &std::fs::read(root().join("fonts/data/Carlito-Regular.ttf")).unwrap(),
        2,
    );
    std::fs::write(fonts.join("Restricted.ttf"), &font).unwrap();
    let book = FontBook::new(&FontOptions {
        dirs: vec![fonts],
        ..FontOptions::default()
    })
    .expect("fonts");
    let deck = br#"{"spec_version": "slidespec_v1", "deck": {"title": "Fonts", "language": "en-US",
      "slides": [{"slide_id": "s1", "type": "content", "layout": {"layout_id": "one_column"},
        "elements": [{"element_id": "t", "kind": "text", "role": "title", "content": {"text": "Quarterly results"}}]}]},
      "theme": {"template_ref": {"template_id": "default"}, "brand": {"brand_kit_id": "acme",
        "tokens": {"fonts": {"heading": "Carlito", "body": "Carlito"}}}}}"#;
    let pdf = pdf_of(&book, deck, &dir, 1);
    assert!(
        pdf.notes
            .iter()
            .any(|n| n.contains("Carlito") && n.contains("outlines")),
        "{:?}",
        pdf.notes
    );
    assert_eq!(
        count(&pdf.bytes, b"Carlito"),
        0,
        "the restricted face is not in the file"
    );
    // The same deck on the shipped (installable) Carlito embeds it.
    let shipped = pdf_of(
        &FontBook::new(&FontOptions::default()).unwrap(),
        deck,
        &dir,
        1,
    );
    assert!(count(&shipped.bytes, b"Carlito") > 0);
    assert!(shipped.notes.iter().all(|n| !n.contains("outlines")));
}
