//! specrender-deckgen: realistic SlideSpec v1 decks of any size, for benches and tests.
//!
//! A deck is a function of [`DeckOptions`] (`slides`, [`Mix`], `seed`) only: the same options
//! give the same JSON bytes on every machine and every run (a hand-written SplitMix64, no hash
//! iteration, no clock). The text is business prose written per language (`phrases`), joined
//! by a small grammar, so words repeat across slides the way they do in real decks (which is
//! what a width cache sees) while no two slides read the same.
//!
//! What a deck contains, by slide (weights in [`SLIDE_WEIGHTS`]): a `title_center` opening,
//! a `closing` slide, and in between `section_header`s, `one_column` bullets of three lengths
//! (fitting, needing a shrink, needing continuation slides), `one_column` paragraphs (short,
//! and long enough to split at sentences), stacked text + bullets, `two_column` slides,
//! `quote_center` quotes with an attribution, `chart_focus` / `table_focus` /
//! `image_full_bleed` slides, and `custom` slides placed by `style.box`. About half the slides
//! have speaker notes, a third carry citations that an element references, and some elements
//! ask for bold text, a higher floor or a lower priority.
//!
//! [`deck`] returns the JSON value (valid against the schema, which caps a deck at 200 slides);
//! [`slidespec`] returns the typed IR for any number of slides, for scaling runs past the cap.

pub mod doc;
mod llm;
mod phrases;
mod pictures;
mod rng;
mod slide;

pub use doc::{doc, doc_json, doc_suite, docspec, DocKind, DocMix, DocOptions};
pub use llm::stacked_deck;
pub use phrases::Lang;
pub use pictures::{picture_assets, picture_jpeg, write_pictures, PICTURE_PX};
pub use rng::Rng;

use phrases::{book, Book};
use serde_json::{json, Map, Value};
use slide::SlideGen;
use specrender_spec::SlideSpec;
use std::fmt;
use std::str::FromStr;

/// The schema's `maxItems` for `deck.slides`.
pub const MAX_SLIDES: usize = 200;

/// Which languages a deck is written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mix {
    /// Korean deck (`language: ko`) whose slides are Korean (40%), English (30%), Japanese
    /// (15%) and Chinese (15%) — with English terms (API, SSO) inside CJK sentences.
    Mixed,
    /// Every slide Korean.
    Ko,
    /// Every slide English.
    En,
    /// Every slide Japanese.
    Ja,
    /// Every slide Simplified Chinese.
    Zh,
}

impl Mix {
    pub const ALL: [Mix; 5] = [Mix::Mixed, Mix::Ko, Mix::En, Mix::Ja, Mix::Zh];

    pub fn name(self) -> &'static str {
        match self {
            Mix::Mixed => "mixed",
            Mix::Ko => "ko",
            Mix::En => "en",
            Mix::Ja => "ja",
            Mix::Zh => "zh",
        }
    }

    /// `deck.language`.
    fn deck_language(self) -> &'static str {
        match self {
            Mix::Mixed | Mix::Ko => "ko",
            Mix::En => "en",
            Mix::Ja => "ja",
            Mix::Zh => "zh",
        }
    }

    fn slide_lang(self, rng: &mut Rng) -> Lang {
        match self {
            Mix::Mixed => [Lang::Ko, Lang::En, Lang::Ja, Lang::Zh][rng.weighted(&[40, 30, 15, 15])],
            Mix::Ko => Lang::Ko,
            Mix::En => Lang::En,
            Mix::Ja => Lang::Ja,
            Mix::Zh => Lang::Zh,
        }
    }
}

impl fmt::Display for Mix {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Mix {
    type Err = String;
    fn from_str(s: &str) -> Result<Mix, String> {
        Mix::ALL
            .into_iter()
            .find(|m| m.name() == s)
            .ok_or_else(|| format!("unknown mix {s:?}; use mixed, ko, en, ja or zh"))
    }
}

/// What to generate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DeckOptions {
    /// Input slides (continuation slides come on top when the deck is laid out). Default: 200.
    pub slides: usize,
    /// Default: [`Mix::Mixed`].
    pub mix: Mix,
    /// Default: 1.
    pub seed: u64,
}

impl Default for DeckOptions {
    fn default() -> Self {
        DeckOptions {
            slides: MAX_SLIDES,
            mix: Mix::Mixed,
            seed: 1,
        }
    }
}

/// Kinds of slide the generator writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kind {
    Section,
    Bullets,
    ShrinkBullets,
    SplitBullets,
    Paragraph,
    LongParagraph,
    Stacked,
    TwoColumn,
    Quote,
    Chart,
    Table,
    Image,
    Custom,
}

/// Relative frequency of each kind of slide between the opening and the closing slide.
pub const SLIDE_WEIGHTS: [(&str, u64); 13] = [
    ("section_header", 7),
    ("one_column bullets", 22),
    ("one_column bullets that shrink", 10),
    ("one_column bullets that split", 5),
    ("one_column paragraph", 8),
    ("one_column paragraph that splits", 3),
    ("one_column text + bullets stacked", 6),
    ("two_column", 14),
    ("quote_center", 5),
    ("chart_focus", 6),
    ("table_focus", 6),
    ("image_full_bleed", 4),
    ("custom (style.box)", 4),
];

const KINDS: [Kind; 13] = [
    Kind::Section,
    Kind::Bullets,
    Kind::ShrinkBullets,
    Kind::SplitBullets,
    Kind::Paragraph,
    Kind::LongParagraph,
    Kind::Stacked,
    Kind::TwoColumn,
    Kind::Quote,
    Kind::Chart,
    Kind::Table,
    Kind::Image,
    Kind::Custom,
];

/// The deck as a SlideSpec v1 JSON value. Valid against the schema when `slides` is
/// 1..=[`MAX_SLIDES`].
pub fn deck(opts: &DeckOptions) -> Value {
    deck_weighted(opts, &SLIDE_WEIGHTS.map(|w| w.1))
}

/// The deck with text slides only: the same generator with no chart, table or picture slides
/// (the benches compare it with [`deck`] to say what those kinds cost).
pub fn text_only_deck(opts: &DeckOptions) -> Value {
    let weights = SLIDE_WEIGHTS.map(|(name, w)| {
        let drawn = ["chart_focus", "table_focus", "image_full_bleed"];
        if drawn.contains(&name) {
            0
        } else {
            w
        }
    });
    deck_weighted(opts, &weights)
}

fn deck_weighted(opts: &DeckOptions, weights: &[u64]) -> Value {
    let mut rng = Rng::new(opts.seed);
    let lead = opts.mix.slide_lang(&mut rng);
    let lead_book = book(lead);
    let mut assets: Vec<Value> = Vec::new();
    let n = opts.slides.max(1);
    let mut slides = Vec::with_capacity(n);
    for i in 0..n {
        let id = format!("s{}", i + 1);
        let lang = if i == 0 || i + 1 == n && n > 1 {
            lead
        } else {
            opts.mix.slide_lang(&mut rng)
        };
        let mut g = SlideGen {
            rng: &mut rng,
            lang,
            b: book(lang),
            elements: Vec::new(),
            citations: Vec::new(),
        };
        let (ty, layout) = if i == 0 {
            g.opening(lead_book)
        } else if i + 1 == n {
            g.closing()
        } else {
            let kind = KINDS[g.rng.weighted(weights)];
            g.body(kind, &mut assets)
        };
        let mut slide = Map::new();
        slide.insert("slide_id".into(), json!(id));
        slide.insert("type".into(), json!(ty));
        slide.insert("layout".into(), json!({ "layout_id": layout }));
        let notes = g.rng.chance(50).then(|| g.notes());
        let SlideGen {
            elements,
            citations,
            ..
        } = g;
        slide.insert("elements".into(), Value::Array(elements));
        if let Some(n) = notes {
            slide.insert("speaker_notes".into(), json!(n));
        }
        if !citations.is_empty() {
            slide.insert("citations".into(), Value::Array(citations));
        }
        slides.push(Value::Object(slide));
    }
    let mut root = Map::new();
    root.insert("spec_version".into(), json!("slidespec_v1"));
    root.insert(
        "deck".into(),
        json!({
            "title": fill_title(lead_book, &mut rng),
            "language": opts.mix.deck_language(),
            "audience": "executive team",
            "tags": ["generated", opts.mix.name(), format!("seed-{}", opts.seed)],
            "slides": slides,
        }),
    );
    root.insert(
        "theme".into(),
        json!({
            "template_ref": { "template_id": "default" },
            "brand": {
                "brand_kit_id": "acme-2026",
                "tokens": {
                    "colors": { "primary": "#1F3864", "accent": "#C00000" },
                    "sizes": { "title": 32, "body": 20 }
                }
            },
            "slide_size": "widescreen_16_9"
        }),
    );
    if !assets.is_empty() {
        root.insert("assets".into(), Value::Array(assets));
    }
    Value::Object(root)
}

fn fill_title(b: &Book, rng: &mut Rng) -> String {
    rng.pick(b.deck_titles).to_string()
}

/// [`deck`] as compact JSON text (the bytes a bench parses).
pub fn deck_json(opts: &DeckOptions) -> String {
    deck(opts).to_string()
}

/// The deck as the typed IR, skipping validation: any number of slides (scaling past the
/// schema's cap of 200).
pub fn slidespec(opts: &DeckOptions) -> SlideSpec {
    serde_json::from_value(deck(opts)).expect("generated decks match the SlideSpec types")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_options_same_bytes() {
        for mix in Mix::ALL {
            let o = DeckOptions {
                slides: 40,
                mix,
                seed: 9,
            };
            assert_eq!(deck_json(&o), deck_json(&o));
        }
        let a = deck_json(&DeckOptions {
            seed: 1,
            ..DeckOptions::default()
        });
        let b = deck_json(&DeckOptions {
            seed: 2,
            ..DeckOptions::default()
        });
        assert_ne!(a, b);
    }

    #[test]
    fn slide_count_ids_and_ends() {
        let v = deck(&DeckOptions {
            slides: 25,
            mix: Mix::Mixed,
            seed: 3,
        });
        let slides = v["deck"]["slides"].as_array().unwrap();
        assert_eq!(slides.len(), 25);
        assert_eq!(slides[0]["layout"]["layout_id"], "title_center");
        assert_eq!(slides[24]["layout"]["layout_id"], "closing");
        for (i, s) in slides.iter().enumerate() {
            assert_eq!(s["slide_id"], format!("s{}", i + 1));
        }
    }

    #[test]
    fn korean_mix_is_korean() {
        let text = deck_json(&DeckOptions {
            slides: 60,
            mix: Mix::Ko,
            seed: 5,
        });
        assert!(!text.contains('。'), "no Japanese/Chinese sentence ends");
        assert!(text.chars().filter(|c| ('가'..='힣').contains(c)).count() > 5000);
    }

    #[test]
    fn mixed_deck_has_every_language_and_preset() {
        let v = deck(&DeckOptions::default());
        let text = v.to_string();
        assert!(text.contains("습니다"));
        assert!(text.contains("ました"));
        assert!(text.contains("增长"));
        assert!(text.contains(" the "));
        let layouts: std::collections::BTreeSet<String> = v["deck"]["slides"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["layout"]["layout_id"].as_str().unwrap().to_string())
            .collect();
        for l in [
            "title_center",
            "section_header",
            "one_column",
            "two_column",
            "quote_center",
            "closing",
            "chart_focus",
            "table_focus",
            "image_full_bleed",
            "blank",
        ] {
            assert!(layouts.contains(l), "{l} missing: {layouts:?}");
        }
    }

    #[test]
    fn typed_ir_past_the_schema_cap() {
        let s = slidespec(&DeckOptions {
            slides: 450,
            mix: Mix::Ko,
            seed: 1,
        });
        assert_eq!(s.deck.slides.len(), 450);
    }
}
