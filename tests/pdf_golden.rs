//! PDF goldens (issue 40): two small PDFs written readable (content streams uncompressed,
//! the file pretty-printed: `git diff` shows what moved on a page) and the SHA-256 of the PDF of
//! golden cases of every kind, decks and documents, as `render --pdf` writes them.
//!
//! `SPECRENDER_BLESS=1 cargo test --test pdf_golden` rewrites `golden/pdf/`; read the diff of
//! the readable files before committing (a hash alone says only that something changed: draw
//! the case with `render --pdf` and `pdftoppm` and look).

use sha2::{Digest, Sha256};
use specrender::{parse, FontBook, FontOptions, Input, RenderOptions};
use specrender_pdf::PdfOptions;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The PDF of the deck or document at `input` (assets beside it).
fn pdf(book: &FontBook, input: &Path, readable: bool) -> Vec<u8> {
    let mut opts = RenderOptions {
        assets_root: input.parent().map(Path::to_path_buf),
        ..RenderOptions::default()
    };
    opts.doc.draw = true;
    let bytes = std::fs::read(input).expect("input");
    let parsed = parse(&bytes, &opts.parse).expect("parses");
    let popts = PdfOptions {
        readable,
        ..PdfOptions::default()
    };
    match &parsed.input {
        Input::Doc(spec) => {
            let laid = specrender::lay_out_doc(spec, book, &opts).expect("lays out");
            specrender_pdf::doc_pdf(&laid, book, &popts)
                .expect("writes")
                .bytes
        }
        _ => {
            let laid = specrender::lay_out_for_drawing(&parsed, book, &opts, &mut |_, _, _| {})
                .expect("lays out");
            specrender_pdf::deck_pdf(&laid, book, &popts)
                .expect("writes")
                .bytes
        }
    }
}

fn bless() -> bool {
    std::env::var_os("SPECRENDER_BLESS").is_some()
}

#[test]
fn two_small_pdfs_are_as_written_readable() {
    let book = FontBook::new(&FontOptions::default()).expect("fonts");
    let dir = root().join("golden/pdf");
    let mut changed = Vec::new();
    for name in ["hello-deck", "hello-doc"] {
        let got = pdf(
            &book,
            &root().join("examples").join(format!("{name}.json")),
            true,
        );
        let path = dir.join(format!("{name}.pdf"));
        if bless() {
            std::fs::create_dir_all(&dir).unwrap();
            std::fs::write(&path, &got).unwrap();
        } else if std::fs::read(&path).ok().as_deref() != Some(&got[..]) {
            let out = root().join("target/pdf-golden");
            std::fs::create_dir_all(&out).unwrap();
            std::fs::write(out.join(format!("{name}.pdf")), &got).unwrap();
            changed.push(name);
        }
    }
    assert!(
        changed.is_empty(),
        "PDFs differ from golden/pdf: {changed:?} (written to target/pdf-golden/; \
         compare, then SPECRENDER_BLESS=1 cargo test --test pdf_golden)"
    );
}

/// Golden cases of each kind: Korean, Japanese table, Arabic, pictures, emoji, charts, shapes, a
/// document in each script family, a document with list citations.
const CASES: &[&str] = &[
    "slides/korean",
    "slides/table_japanese",
    "slides/script_arabic",
    "slides/pictures",
    "slides/script_emoji",
    "slides/charts",
    "slides/shapes",
    "docs/all_blocks_en",
    "docs/korean",
    "docs/arabic",
    "docs/thai",
    "docs/citations_list",
];

#[test]
fn the_pdf_of_each_golden_case_has_its_recorded_hash() {
    let book = FontBook::new(&FontOptions::default()).expect("fonts");
    let file = root().join("golden/pdf/hashes.txt");
    let mut lines = String::new();
    for case in CASES {
        let input = root().join("golden").join(case).join("input.json");
        assert!(input.exists(), "no golden case {case}");
        let digest = Sha256::digest(pdf(&book, &input, false));
        let hex: String = digest.iter().map(|b| format!("{b:02x}")).collect();
        lines.push_str(&format!("{hex}  {case}\n"));
    }
    if bless() {
        std::fs::create_dir_all(file.parent().unwrap()).unwrap();
        std::fs::write(&file, &lines).unwrap();
        return;
    }
    let want = std::fs::read_to_string(&file).unwrap_or_default();
    let differ: Vec<&str> = lines
        .lines()
        .filter(|l| !want.lines().any(|w| w == *l))
        .collect();
    assert!(
        differ.is_empty(),
        "PDF hashes differ from golden/pdf/hashes.txt:\n{}\n(draw them with render --pdf and \
         look, then SPECRENDER_BLESS=1 cargo test --test pdf_golden)",
        differ.join("\n")
    );
}
