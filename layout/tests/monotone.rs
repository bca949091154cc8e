//! The premise of the binary size search (`fit::largest_fitting`): a paragraph never needs more
//! lines at a smaller size. Checked on every paragraph of generated decks in every language,
//! at several line widths, over the sizes the fit policy tries.

use specrender_deckgen::{slidespec, DeckOptions, Mix};
use specrender_fonts::{FontBook, FontOptions, Measurer, ScriptClass, ShapeLang, SlotFaces};
use specrender_layout::text::{prepare, TextFonts};
use specrender_spec::deck::Content;
use specrender_spec::resolve;

fn fonts(book: &FontBook, ea: &str, bold: bool) -> TextFonts {
    TextFonts {
        latin: "Calibri".into(),
        ea: ea.into(),
        cs: "Calibri".into(),
        faces: SlotFaces {
            latin: book.resolve("Calibri", bold, ScriptClass::Latin).face,
            ea: book.resolve(ea, bold, ScriptClass::EastAsian).face,
            cs: book.resolve("Calibri", bold, ScriptClass::Complex).face,
        },
        bold,
        lines: Default::default(),
    }
}

#[test]
fn line_counts_never_grow_as_the_size_shrinks() {
    let book = FontBook::new(&FontOptions::default()).expect("shipped fonts");
    let mut m = Measurer::new(&book);
    let mut checked = 0;
    for (mix, ea, lang) in [
        (Mix::Mixed, "Noto Sans CJK KR", ShapeLang::Korean),
        (Mix::Ja, "Noto Sans CJK JP", ShapeLang::Japanese),
    ] {
        let deck = resolve(&slidespec(&DeckOptions {
            slides: 40,
            mix,
            seed: 11,
        }));
        let paragraphs: Vec<String> = deck
            .slides
            .iter()
            .flat_map(|s| &s.elements)
            .flat_map(|e| match &e.content {
                Content::Text { text } => text.split('\n').map(str::to_string).collect(),
                Content::Bullets { items } => items.clone(),
                _ => Vec::new(),
            })
            .collect();
        for (i, text) in paragraphs.iter().enumerate() {
            let f = fonts(&book, ea, i % 5 == 0);
            // Narrow (a two-column cell, and a width that breaks long words) and full width.
            for width in [600_000_i64, 2_400_000, 10_300_000] {
                let p = prepare(&mut m, &f, lang, text, 4000, width);
                let mut prev = usize::MAX;
                for size in (800..=4000).rev().step_by(50) {
                    let lines = p.break_at(size, width).lines.len();
                    assert!(
                        lines <= prev,
                        "{text:?} at width {width}: {lines} lines at {size} cpt, {prev} at {} cpt",
                        size + 50
                    );
                    prev = lines;
                }
                checked += 1;
            }
        }
    }
    assert!(checked > 500, "{checked}");
}
