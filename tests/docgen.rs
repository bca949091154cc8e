//! Generated documents (`specrender-deckgen --doc`, `specrender_deckgen::doc`) are valid
//! DocSpec v1 — no error and no warning from `specrender validate` — in every language and
//! kind, and for every document of the conformance / reader-check suite. The DOCX
//! conformance run, the reader checks and the 2,000-block bench rely on it.

use specrender::{validate, ParseOptions};
use specrender_deckgen::doc::{doc_json, doc_suite, DocKind, DocMix, DocOptions};

fn assert_valid(what: &str, json: &str) {
    let v = validate(json.as_bytes(), &ParseOptions::default()).expect("no internal error");
    assert!(v.valid, "{what}: {:?}", v.errors);
    assert!(v.warnings.is_empty(), "{what}: {:?}", v.warnings);
}

#[test]
fn every_language_and_kind_validates() {
    for mix in DocMix::ALL {
        for kind in DocKind::ALL {
            for (blocks, seed) in [(1, 1), (13, 2), (120, 3)] {
                let o = DocOptions {
                    blocks,
                    mix,
                    kind,
                    seed,
                };
                assert_valid(&format!("{o:?}"), &doc_json(&o));
            }
        }
    }
}

#[test]
fn the_suite_and_the_bench_document_validate() {
    for (name, o) in doc_suite(false) {
        assert_valid(&name, &doc_json(&o));
    }
    // The schema's caps: 5,000 blocks, 200 references.
    assert_valid(
        "5000 blocks",
        &doc_json(&DocOptions {
            blocks: 5000,
            ..DocOptions::default()
        }),
    );
}
