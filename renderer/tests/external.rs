//! Checks against real readers, ignored by default (they need python-pptx / LibreOffice):
//!
//! ```text
//! pip install python-pptx
//! apt-get install libreoffice-impress poppler-utils
//! cargo test -p specrender-renderer --test external -- --ignored --nocapture
//! ```
//!
//! The sample deck is written to `$CARGO_TARGET_TMPDIR/renderer-external/` (kept for a look).

mod common;

use common::*;
use serde_json::json;
use specrender_model::{Autofit, BoxContent, LaidDeck, Placeholder};
use std::path::PathBuf;
use std::process::Command;

fn out_dir() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("renderer-external");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn write_deck(name: &str, deck: &LaidDeck) -> PathBuf {
    let path = out_dir().join(name);
    std::fs::write(&path, specrender_renderer::pptx(deck).unwrap()).unwrap();
    path
}

fn expectation(deck: &LaidDeck) -> serde_json::Value {
    let slides: Vec<_> = deck
        .slides
        .iter()
        .map(|s| {
            let shapes: Vec<_> = s
                .boxes
                .iter()
                .map(|b| {
                    let text = match &b.content {
                        BoxContent::Text(t) => t
                            .paragraphs
                            .iter()
                            .map(|p| p.text.as_str())
                            .collect::<Vec<_>>()
                            .join("\n"),
                        BoxContent::Placeholder(p) => p.label.clone(),
                        BoxContent::Chart(_) => String::new(),
                        BoxContent::Shape(s) => s.text.as_ref().map_or(String::new(), |t| {
                            t.paragraphs
                                .iter()
                                .map(|p| p.text.as_str())
                                .collect::<Vec<_>>()
                                .join("\n")
                        }),
                        BoxContent::Picture(_) | BoxContent::Divider(_) => String::new(),
                        // Cells by tab, rows by newline.
                        BoxContent::Table(t) => t
                            .rows
                            .iter()
                            .map(|r| {
                                r.cells
                                    .iter()
                                    .map(|c| {
                                        c.paragraphs
                                            .iter()
                                            .map(|p| p.text.as_str())
                                            .collect::<Vec<_>>()
                                            .join("\n")
                                    })
                                    .collect::<Vec<_>>()
                                    .join("\t")
                            })
                            .collect::<Vec<_>>()
                            .join("\n"),
                    };
                    let ph = match (&b.content, b.placeholder) {
                        (BoxContent::Text(_), Some(Placeholder::Title)) => Some("TITLE"),
                        (BoxContent::Text(_), Some(Placeholder::CenterTitle)) => {
                            Some("CENTER_TITLE")
                        }
                        (BoxContent::Text(_), Some(Placeholder::Subtitle)) => Some("SUBTITLE"),
                        (BoxContent::Text(_), Some(Placeholder::Body(_))) => Some("BODY"),
                        _ => None,
                    };
                    json!({"name": b.element_id, "text": text, "placeholder": ph})
                })
                .collect();
            let title = s
                .boxes
                .iter()
                .find_map(|b| match (&b.content, b.placeholder) {
                    (BoxContent::Text(t), Some(Placeholder::Title | Placeholder::CenterTitle)) => {
                        Some(
                            t.paragraphs
                                .iter()
                                .map(|p| p.text.as_str())
                                .collect::<Vec<_>>()
                                .join("\n"),
                        )
                    }
                    _ => None,
                });
            let notes = if s.notes.trim().is_empty() {
                String::new()
            } else {
                s.notes.clone()
            };
            json!({"id": s.id, "title": title, "notes": notes, "shapes": shapes})
        })
        .collect();
    json!({"title": deck.title, "language": deck.language, "slides": slides})
}

#[test]
#[ignore = "needs python3 with python-pptx"]
fn python_pptx_opens_the_file() {
    for (name, autofit) in [
        ("sample-shrink.pptx", Autofit::Shrink),
        ("sample-none.pptx", Autofit::None),
    ] {
        let deck = sample_deck(autofit);
        let path = write_deck(name, &deck);
        let exp = path.with_extension("expected.json");
        std::fs::write(
            &exp,
            serde_json::to_vec_pretty(&expectation(&deck)).unwrap(),
        )
        .unwrap();
        let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/check_pptx.py");
        let out = Command::new("python3")
            .arg(script)
            .arg(&path)
            .arg(&exp)
            .output()
            .expect("python3 runs");
        let stdout = String::from_utf8_lossy(&out.stdout);
        println!("{name}: {stdout}{}", String::from_utf8_lossy(&out.stderr));
        assert!(out.status.success(), "python-pptx check failed for {name}");
    }
}

#[test]
#[ignore = "needs LibreOffice (soffice) and poppler-utils (pdfinfo)"]
fn libreoffice_converts_to_pdf_with_one_page_per_slide() {
    let deck = sample_deck(Autofit::None);
    let path = write_deck("sample-lo.pptx", &deck);
    let dir = out_dir();
    let profile = format!(
        "-env:UserInstallation=file://{}",
        dir.join("lo-profile").display()
    );
    let out = Command::new("soffice")
        .args([
            profile.as_str(),
            "--headless",
            "--convert-to",
            "pdf",
            "--outdir",
        ])
        .arg(&dir)
        .arg(&path)
        .output()
        .expect("soffice runs");
    println!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    let pdf = path.with_extension("pdf");
    assert!(pdf.exists(), "no PDF written");
    let info = Command::new("pdfinfo")
        .arg(&pdf)
        .output()
        .expect("pdfinfo runs");
    let info = String::from_utf8_lossy(&info.stdout);
    let pages: usize = info
        .lines()
        .find_map(|l| l.strip_prefix("Pages:"))
        .map(|v| v.trim().parse().unwrap())
        .expect("page count");
    println!(
        "LibreOffice: {pages} pages for {} slides",
        deck.slides.len()
    );
    assert_eq!(pages, deck.slides.len());
}
