//! Generated decks (`specrender-deckgen`) are valid SlideSpec and render, and generation is
//! deterministic. The benches and the conformance work rely on both.

use specrender::{render, validate, FontBook, FontOptions, ParseOptions, RenderOptions};
use specrender_deckgen::{deck_json, DeckOptions, Mix};
use std::sync::OnceLock;

fn book() -> &'static FontBook {
    static BOOK: OnceLock<FontBook> = OnceLock::new();
    BOOK.get_or_init(|| FontBook::new(&FontOptions::default()).expect("shipped fonts load"))
}

const CASES: [(usize, Mix, u64); 9] = [
    (1, Mix::Mixed, 1),
    (2, Mix::Ko, 2),
    (25, Mix::Mixed, 3),
    (25, Mix::En, 4),
    (25, Mix::Ja, 5),
    (25, Mix::Zh, 6),
    (60, Mix::Ko, 7),
    (200, Mix::Mixed, 1),
    (200, Mix::Ko, 1),
];

#[test]
fn generated_decks_validate_and_render() {
    for (slides, mix, seed) in CASES {
        let opts = DeckOptions { slides, mix, seed };
        let json = deck_json(&opts);
        let v = validate(json.as_bytes(), &ParseOptions::default()).expect("no internal error");
        assert!(v.valid, "{opts:?}: {:?}", v.errors);
        assert!(v.warnings.is_empty(), "{opts:?}: {:?}", v.warnings);
        let out = render(json.as_bytes(), book(), &RenderOptions::default())
            .unwrap_or_else(|e| panic!("{opts:?}: {e}"));
        assert_eq!(out.qc.summary.slides_in, slides, "{opts:?}");
        assert!(out.qc.summary.slides_out >= slides, "{opts:?}");
        let pptx = out.pptx.expect("render writes a PPTX");
        assert!(pptx.starts_with(b"PK\x03\x04"), "{opts:?}");
    }
}

#[test]
fn big_decks_exercise_the_fit_policy() {
    let json = deck_json(&DeckOptions::default());
    let out = render(json.as_bytes(), book(), &RenderOptions::default()).expect("renders");
    let actions: Vec<&str> = out.qc.fixes.iter().map(|f| f.action).collect();
    for a in ["shrink", "reslot", "split"] {
        assert!(actions.contains(&a), "no {a} in {actions:?}");
    }
    assert!(out.qc.summary.slides_out > 200);
}

#[test]
fn generation_is_deterministic() {
    for (slides, mix, seed) in CASES {
        let opts = DeckOptions { slides, mix, seed };
        assert_eq!(deck_json(&opts), deck_json(&opts), "{opts:?}");
    }
    // Different seeds give different decks.
    let a = deck_json(&DeckOptions::default());
    let b = deck_json(&DeckOptions {
        seed: 2,
        ..DeckOptions::default()
    });
    assert_ne!(a, b);
}
