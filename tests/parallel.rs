//! Layout and PPTX writing on several threads (2, and 5: more than some decks have slides) give
//! the same bytes as on one — PPTX, QC report and `--layout` JSON — for generated decks in every
//! language and for every golden case.

use specrender::{render, FontBook, FontOptions, Outcome, RenderOptions};
use specrender_deckgen::{deck_json, slidespec, DeckOptions, Mix};
use std::sync::OnceLock;

fn book() -> &'static FontBook {
    static BOOK: OnceLock<FontBook> = OnceLock::new();
    BOOK.get_or_init(|| FontBook::new(&FontOptions::default()).expect("shipped fonts load"))
}

fn opts(threads: usize) -> RenderOptions {
    RenderOptions {
        layout_json: true,
        ..RenderOptions::default()
    }
    .with_threads(threads)
}

fn bytes(o: &Outcome) -> (Vec<u8>, String, String) {
    (
        o.pptx.clone().expect("a PPTX"),
        serde_json::to_string(&o.qc).expect("QC serialises"),
        o.layout.as_ref().expect("layout JSON").to_pretty(),
    )
}

fn same_on_every_thread_count(name: &str, input: &[u8]) {
    let one = bytes(&render(input, book(), &opts(1)).unwrap_or_else(|e| panic!("{name}: {e}")));
    for threads in [2, 5] {
        let many = bytes(&render(input, book(), &opts(threads)).expect("renders"));
        assert!(one.0 == many.0, "{name}: PPTX differs on {threads} threads");
        assert_eq!(one.1, many.1, "{name}: QC differs on {threads} threads");
        assert_eq!(one.2, many.2, "{name}: layout differs on {threads} threads");
    }
}

#[test]
fn generated_decks_are_the_same_on_any_number_of_threads() {
    for (slides, mix, seed) in [
        (80, Mix::Mixed, 1),
        (40, Mix::Ko, 2),
        (25, Mix::Ja, 3),
        (25, Mix::Zh, 4),
        (25, Mix::En, 5),
        (1, Mix::Mixed, 6),
    ] {
        let json = deck_json(&DeckOptions { slides, mix, seed });
        same_on_every_thread_count(&format!("{mix}/{slides}/{seed}"), json.as_bytes());
    }
}

#[test]
fn golden_inputs_are_the_same_on_any_number_of_threads() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("golden/slides");
    let mut cases: Vec<_> = std::fs::read_dir(&dir)
        .expect("golden cases")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.join("input.json").exists()) // not `_shared/` (shared golden parts)
        .collect();
    cases.sort();
    assert!(cases.len() >= 10);
    for case in cases {
        let input = std::fs::read(case.join("input.json")).expect("input.json");
        same_on_every_thread_count(&case.display().to_string(), &input);
    }
}

#[test]
fn duplicate_slide_ids_are_laid_out_as_on_one_thread() {
    // Validation refuses duplicate ids, but the typed-IR entry point does not check them;
    // layout then stays on one thread so continuation ids come out as before.
    let mut spec = slidespec(&DeckOptions {
        slides: 30,
        mix: Mix::Ko,
        seed: 3,
    });
    for s in &mut spec.deck.slides {
        s.slide_id = "same".into();
    }
    let deck = specrender::spec::resolve(&spec);
    let lay = |threads| {
        let o = specrender::LayoutOptions {
            threads,
            ..Default::default()
        };
        specrender::layout::layout(&deck, book(), &o)
    };
    let one = lay(1);
    assert!(one.slides.iter().any(|s| s.id.starts_with("same-cont-2x")));
    assert_eq!(one, lay(4));
}

/// A document's paragraphs are measured on the job's threads (pages prediction): the DOCX,
/// QC report and `--layout` JSON must be those of one thread, for generated documents in
/// every language (both citation styles) and every golden document.
#[test]
fn documents_are_the_same_on_any_number_of_threads() {
    use specrender::layout::doc::model::CitationStyle;
    use specrender_deckgen::doc::{doc_json, DocKind, DocMix, DocOptions};
    let docx = |input: &[u8], threads: usize, citations: CitationStyle, name: &str| {
        let mut o = opts(threads);
        o.doc.citations = citations;
        let out = render(input, book(), &o).unwrap_or_else(|e| panic!("{name}: {e}"));
        (
            out.docx.expect("a DOCX"),
            serde_json::to_string(&out.qc).expect("QC serialises"),
            out.layout.expect("layout JSON").to_pretty(),
        )
    };
    let mut inputs: Vec<(String, Vec<u8>, CitationStyle)> = Vec::new();
    for (k, mix) in DocMix::ALL.into_iter().enumerate() {
        let o = DocOptions {
            blocks: 120,
            mix,
            kind: DocKind::Report,
            seed: 7 + k as u64,
        };
        let json = doc_json(&o).into_bytes();
        inputs.push((
            mix.name().to_string(),
            json.clone(),
            CitationStyle::Footnotes,
        ));
        inputs.push((format!("{} list", mix.name()), json, CitationStyle::List));
    }
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("golden/docs");
    let mut cases: Vec<_> = std::fs::read_dir(&dir)
        .expect("golden documents")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.join("input.json").exists())
        .collect();
    cases.sort();
    assert!(cases.len() >= 8);
    for case in cases {
        let input = std::fs::read(case.join("input.json")).expect("input.json");
        let list = std::fs::read_to_string(case.join("options.json"))
            .is_ok_and(|o| o.contains("\"list\""));
        let style = if list {
            CitationStyle::List
        } else {
            CitationStyle::Footnotes
        };
        inputs.push((case.display().to_string(), input, style));
    }
    for (name, input, style) in &inputs {
        let one = docx(input, 1, *style, name);
        for threads in [2, 3] {
            let many = docx(input, threads, *style, name);
            assert!(one.0 == many.0, "{name}: DOCX differs on {threads} threads");
            assert_eq!(one.1, many.1, "{name}: QC differs on {threads} threads");
            assert_eq!(one.2, many.2, "{name}: layout differs on {threads} threads");
        }
    }
}
