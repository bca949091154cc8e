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
mod phrases_tw;
mod pictures;
mod rng;

pub use doc::{doc, doc_json, doc_suite, docspec, DocKind, DocMix, DocOptions};
pub use llm::stacked_deck;
pub use phrases::Lang;
pub use pictures::{picture_assets, picture_jpeg, write_pictures, PICTURE_PX};
pub use rng::Rng;

use phrases::{book, Book};
use serde_json::{json, Map, Value};
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
enum Kind {
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

struct SlideGen<'r> {
    rng: &'r mut Rng,
    lang: Lang,
    b: &'static Book,
    elements: Vec<Value>,
    citations: Vec<Value>,
}

impl SlideGen<'_> {
    fn next_id(&self) -> String {
        format!("e{}", self.elements.len() + 1)
    }

    fn push(&mut self, kind: &str, content: Value, role: Option<&str>) -> &mut Map<String, Value> {
        let mut e = Map::new();
        e.insert("element_id".into(), json!(self.next_id()));
        e.insert("kind".into(), json!(kind));
        if let Some(r) = role {
            e.insert("role".into(), json!(r));
        }
        e.insert("content".into(), content);
        self.elements.push(Value::Object(e));
        match self.elements.last_mut() {
            Some(Value::Object(m)) => m,
            _ => unreachable!("just pushed an object"),
        }
    }

    fn text(&mut self, text: String, role: Option<&str>) -> &mut Map<String, Value> {
        self.push("text", json!({ "text": text }), role)
    }

    fn bullets(&mut self, items: Vec<String>, role: Option<&str>) -> &mut Map<String, Value> {
        self.push("bullets", json!({ "items": items }), role)
    }

    /// A table as decks have them: a label column, then numbers as JSON numbers and as the
    /// strings decks write (`12.4%`, `1,234`, `₩1,200억` style units by language); a caption
    /// half of the time; one table in six long enough to paginate.
    fn table_content(&mut self) -> Value {
        let cols = self.rng.range(3, 7) as usize;
        let rows = if self.rng.chance(17) {
            self.rng.range(14, 31)
        } else {
            self.rng.range(3, 9)
        } as usize;
        let columns: Vec<&str> = self.b.columns[..cols].to_vec();
        let unit = match self.lang {
            Lang::Ko => "억 원",
            Lang::Ja => "億円",
            Lang::Zh => "亿元",
            Lang::ZhTw => "億元",
            Lang::En => "M",
        };
        let body: Vec<Value> = (0..rows)
            .map(|r| {
                let mut row = vec![json!(self.b.rows[r % self.b.rows.len()])];
                for c in 1..cols {
                    let v = self.rng.range(1, 100_000);
                    row.push(match c % 3 {
                        1 => json!(v),
                        2 => json!(format!("{}.{}%", v % 100, v % 10)),
                        _ if self.lang == Lang::En => {
                            json!(format!("${}.{}{unit}", v / 100, v % 10))
                        }
                        _ => json!(format!("{},{:03}{unit}", v / 1000 + 1, v % 1000)),
                    });
                }
                Value::Array(row)
            })
            .collect();
        let mut content = json!({ "columns": columns, "rows": body });
        if self.rng.chance(50) {
            content["title"] = json!(self.b.title(self.lang, self.rng));
        }
        content
    }

    fn title(&mut self) {
        let t = self.b.title(self.lang, self.rng);
        let bold = self.rng.chance(20);
        let e = self.text(t, None);
        if bold {
            e.insert("style".into(), json!({ "emphasis": "high" }));
        }
    }

    /// Bullets: `n` items, each of weight 0 (short), 1 (with a tail) or 2 (long), the share of
    /// heavier items given in percent.
    fn items(&mut self, n: u64, tails: u64, long: u64) -> Vec<String> {
        (0..n)
            .map(|_| {
                let w = if self.rng.chance(long) {
                    2
                } else if self.rng.chance(tails) {
                    1
                } else {
                    0
                };
                self.b.bullet(self.lang, self.rng, w, 300)
            })
            .collect()
    }

    /// Sometimes a constraint or emphasis on a body element, as authors set them.
    fn decorate(&mut self) {
        let r = self.rng.range(0, 100);
        let Some(Value::Object(e)) = self.elements.last_mut() else {
            return;
        };
        match r {
            0..=7 => {
                e.insert("constraints".into(), json!({ "min_font_pt": 14 }));
            }
            8..=13 => {
                e.insert(
                    "constraints".into(),
                    json!({ "priority": 30, "min_font_pt": 12 }),
                );
            }
            14..=18 => {
                e.insert("style".into(), json!({ "emphasis": "high" }));
            }
            _ => {}
        }
    }

    /// A citation on the slide, referenced by the last element.
    fn cite(&mut self) {
        let k = self.citations.len() + 1;
        let cid = format!("c{k}");
        let title = self.rng.pick(self.b.sources).to_string();
        let c = if self.rng.chance(50) {
            json!({ "id": cid, "kind": "evidence", "evidence_id": format!("ev-{}", self.rng.range(100, 999)), "title": title, "locator": { "page": self.rng.range(1, 60) } })
        } else {
            json!({ "id": cid, "kind": "url", "url": format!("https://intranet.example.com/reports/{}", self.rng.range(1000, 9999)), "title": title })
        };
        self.citations.push(c);
        if let Some(Value::Object(e)) = self.elements.last_mut() {
            e.insert("citations".into(), json!([{ "citation_id": cid }]));
        }
    }

    fn maybe_cite(&mut self) {
        if self.rng.chance(35) {
            self.cite();
        }
    }

    fn opening(&mut self, lead: &Book) -> (&'static str, &'static str) {
        let t = self.rng.pick(lead.deck_titles).to_string();
        self.text(t, Some("title"));
        let sub = format!(
            "{} — {}",
            self.rng.pick(self.b.topics),
            self.rng.pick(self.b.qualifiers)
        );
        self.text(sub, Some("subtitle"));
        ("title", "title_center")
    }

    fn closing(&mut self) -> (&'static str, &'static str) {
        let t = self.rng.pick(self.b.closings).to_string();
        self.text(t, Some("title"));
        let s = self.b.action(self.lang, self.rng);
        self.text(s, Some("subtitle"));
        ("closing", "closing")
    }

    fn body(&mut self, kind: Kind, assets: &mut Vec<Value>) -> (&'static str, &'static str) {
        match kind {
            Kind::Section => {
                let s = self.rng.pick(self.b.sections).to_string();
                self.text(s, None);
                let sub = self.rng.pick(self.b.qualifiers).to_string();
                self.text(sub, None);
                ("section", "section_header")
            }
            Kind::Bullets => {
                self.title();
                let n = self.rng.range(3, 7);
                let items = self.items(n, 30, 0);
                self.bullets(items, None);
                self.decorate();
                self.maybe_cite();
                ("content", "one_column")
            }
            Kind::ShrinkBullets => {
                self.title();
                let n = self.rng.range(7, 11);
                let items = self.items(n, 70, 5);
                self.bullets(items, None);
                self.decorate();
                self.maybe_cite();
                ("content", "one_column")
            }
            Kind::SplitBullets => {
                self.title();
                let n = self.rng.range(18, 31);
                let items = self.items(n, 60, 40);
                self.bullets(items, Some("body"));
                self.maybe_cite();
                ("content", "one_column")
            }
            Kind::Paragraph => {
                self.title();
                let target = self.rng.range(120, 420) as usize;
                let p = self.b.paragraph(self.lang, self.rng, target, 2000);
                self.text(p, None);
                self.decorate();
                self.maybe_cite();
                ("content", "one_column")
            }
            Kind::LongParagraph => {
                self.title();
                let paras = self.rng.range(2, 4);
                let text: Vec<String> = (0..paras)
                    .map(|_| self.b.paragraph(self.lang, self.rng, 560, 640))
                    .collect();
                self.text(text.join("\n"), None);
                self.maybe_cite();
                ("content", "one_column")
            }
            Kind::Stacked => {
                self.title();
                let p = self.b.paragraph(self.lang, self.rng, 100, 300);
                self.text(p, Some("body"));
                let n = self.rng.range(3, 6);
                let items = self.items(n, 40, 0);
                self.bullets(items, Some("body"));
                self.decorate();
                self.maybe_cite();
                ("content", "one_column")
            }
            Kind::TwoColumn => {
                self.title();
                if self.rng.chance(50) {
                    let target = self.rng.range(100, 360) as usize;
                    let p = self.b.paragraph(self.lang, self.rng, target, 2000);
                    self.text(p, Some("left"));
                } else {
                    let n = self.rng.range(3, 7);
                    let items = self.items(n, 40, 0);
                    self.bullets(items, Some("left"));
                }
                self.decorate();
                let n = self.rng.range(2, 7);
                let items = self.items(n, 30, 5);
                self.bullets(items, Some("right"));
                self.maybe_cite();
                ("content", "two_column")
            }
            Kind::Quote => {
                let q = self.rng.pick(self.b.quotes).to_string();
                self.text(q, Some("quote"));
                let who = format!("— {}", self.rng.pick(self.b.people));
                self.text(who, Some("attribution"));
                ("quote", "quote_center")
            }
            Kind::Chart => {
                self.title();
                let chart_type = self.rng.pick(&["bar", "line", "pie", "stacked_bar"]);
                let cats = self.rng.range(3, 7) as usize;
                let n_series = if chart_type == "pie" {
                    1
                } else {
                    self.rng.range(1, 4) as usize
                };
                let series: Vec<Value> = (0..n_series)
                    .map(|s| {
                        let data: Vec<Value> = (0..cats)
                            .map(|c| json!({ "x": self.b.rows[c % self.b.rows.len()], "y": self.rng.range(10, 500) }))
                            .collect();
                        json!({ "name": self.b.series[s % self.b.series.len()], "data": data })
                    })
                    .collect();
                let title = self.b.title(self.lang, self.rng);
                let content = self.chart_variant(chart_type, series, title);
                self.push("chart", content, None);
                self.maybe_cite();
                let cap = self.b.bullet(self.lang, self.rng, 0, 200);
                self.text(cap, Some("caption"));
                ("chart", "chart_focus")
            }
            Kind::Table => {
                self.title();
                let content = self.table_content();
                self.push("table", content, None);
                self.maybe_cite();
                ("table", "table_focus")
            }
            Kind::Image => {
                let aid = format!("img-{}", assets.len() + 1);
                assets.push(
                    json!({ "asset_id": aid, "type": "image", "source": { "kind": "generated" } }),
                );
                let alt = self.rng.pick(self.b.images).to_string();
                self.push(
                    "image",
                    json!({ "asset_id": aid, "alt_text": alt, "crop": "cover" }),
                    None,
                );
                let cap = self.b.title(self.lang, self.rng);
                self.text(cap, Some("caption"));
                ("image", "image_full_bleed")
            }
            Kind::Custom => {
                let pct = self.rng.chance(30);
                let t = self.b.title(self.lang, self.rng);
                let b = |x: f64, y: f64, w: f64, h: f64| {
                    if pct {
                        let p = |v: f64, of: f64| format!("{:.1}%", v / of * 100.0);
                        json!({ "x": p(x, 13.333), "y": p(y, 7.5), "w": p(w, 13.333), "h": p(h, 7.5) })
                    } else {
                        json!({ "x": x, "y": y, "w": w, "h": h })
                    }
                };
                self.text(t, Some("title"))
                    .insert("style".into(), json!({ "box": b(0.5, 0.5, 12.3, 1.0) }));
                let target = self.rng.range(150, 400) as usize;
                let p = self.b.paragraph(self.lang, self.rng, target, 2000);
                self.text(p, None)
                    .insert("style".into(), json!({ "box": b(0.5, 1.7, 6.0, 4.6) }));
                let n = self.rng.range(3, 6);
                let items = self.items(n, 30, 0);
                self.bullets(items, None)
                    .insert("style".into(), json!({ "box": b(6.8, 1.7, 6.0, 4.6) }));
                ("custom", "blank")
            }
        }
    }

    /// The chart as drawn from the main stream, varied by a second generator seeded from what
    /// the main stream drew (so every other slide of a deck stays as it was): a third of the
    /// charts get a value-axis title; one in five becomes a monthly time series (24–60 points:
    /// thinned labels); one in six bars gets 12–14 categories (top-N + "Other"); one in four
    /// pies gets 8 slices (drawn as a bar); one in five lines is an area chart.
    fn chart_variant(&mut self, chart_type: &str, series: Vec<Value>, title: String) -> Value {
        let seed = serde_json::to_string(&series).map_or(0, |s| {
            s.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
                (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
            })
        });
        let mut x = Rng::new(seed);
        let name = |i: usize| self.b.series[i % self.b.series.len()];
        let mut chart_type = chart_type.to_string();
        let mut series = series;
        let points = |x: &mut Rng, labels: &[String]| -> Vec<Value> {
            labels
                .iter()
                .map(|l| json!({ "x": l, "y": x.range(10, 500) }))
                .collect()
        };
        if x.chance(20) {
            chart_type = if x.chance(20) { "area" } else { "line" }.into();
            let months = x.range(24, 61) as usize;
            let labels: Vec<String> = (0..months)
                .map(|m| format!("{}-{:02}", 2021 + m / 12, m % 12 + 1))
                .collect();
            let n = x.range(1, 3) as usize;
            series = (0..n)
                .map(|i| json!({ "name": name(i), "data": points(&mut x, &labels) }))
                .collect();
        } else if chart_type == "bar" && x.chance(17) {
            let n = x.range(12, 15) as usize;
            let labels: Vec<String> = (0..n)
                .map(|i| {
                    let row = self.b.rows[i % self.b.rows.len()];
                    match i / self.b.rows.len() {
                        0 => row.to_string(),
                        k => format!("{row} {}", k + 1),
                    }
                })
                .collect();
            series = vec![json!({ "name": name(0), "data": points(&mut x, &labels) })];
        } else if chart_type == "pie" && x.chance(25) {
            let labels: Vec<String> = (0..8)
                .map(|i| format!("{} {}", self.b.rows[i % self.b.rows.len()], i / 6 + 1))
                .collect();
            series = vec![json!({ "name": name(0), "data": points(&mut x, &labels) })];
        } else if chart_type == "line" && x.chance(20) {
            chart_type = "area".into();
        }
        let mut content = json!({ "chart_type": chart_type, "title": title, "series": series });
        if chart_type != "pie" && x.chance(33) {
            content["y_label"] = json!(name(0));
        }
        content
    }

    fn notes(&mut self) -> String {
        let n = self.rng.range(1, 4);
        let sep = self.b.sep;
        (0..n)
            .map(|_| self.rng.pick(self.b.notes).to_string())
            .collect::<Vec<_>>()
            .join(sep)
    }
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
