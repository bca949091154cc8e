//! The fit policy on what an LLM really writes: several long text/bullets elements stacked in
//! one slot, second titles, unknown roles, bullets that fit in two columns, a `two_column`
//! slide whose one column overflows. Decks go through parse, resolve, layout and QC as the
//! CLI runs them; every input character must appear exactly once across the output slides.

use serde_json::{json, Value};
use specrender::{FontBook, FontOptions};
use specrender_layout::model::{BoxContent, LaidDeck};
use specrender_layout::{layout, LayoutOptions};
use specrender_qc::QcReport;
use specrender_spec::{parse, resolve, Input, ParseOptions};
use std::collections::BTreeMap;
use std::sync::OnceLock;

fn book() -> &'static FontBook {
    static B: OnceLock<FontBook> = OnceLock::new();
    B.get_or_init(|| FontBook::new(&FontOptions::default()).expect("fonts"))
}

fn run(v: &Value) -> (LaidDeck, QcReport) {
    let bytes = serde_json::to_vec(v).unwrap();
    let (input, warnings) = parse(&bytes, &ParseOptions::default()).expect("valid deck");
    let Input::Slides(spec) = input else {
        panic!("not slides")
    };
    let deck = resolve(&spec);
    let laid = layout(&deck, book(), &LayoutOptions::default());
    let qc = specrender_qc::check_with_input(&laid, &warnings);
    (laid, qc)
}

fn deck(language: &str, slides: Value) -> Value {
    json!({
        "spec_version": "slidespec_v1",
        "deck": {"title": "Stacked", "language": language, "slides": slides},
        "theme": {"template_ref": {"template_id": "default"}, "brand": {"brand_kit_id": "b"}}
    })
}

fn types(qc: &QcReport) -> Vec<String> {
    qc.issues.iter().map(|i| i.kind.to_string()).collect()
}

/// The text of every box of element `id` across the output slides, paragraphs joined.
fn texts_of(l: &LaidDeck, id: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for s in &l.slides {
        for b in s.boxes.iter().filter(|b| b.element_id == id) {
            if let BoxContent::Text(t) = &b.content {
                let ps: Vec<&str> = t.paragraphs.iter().map(|p| p.text.as_str()).collect();
                out.push((s.id.clone(), ps.join("\n")));
            }
        }
    }
    out
}

/// Non-space characters per element over all output slides (continuation titles excluded).
fn char_counts(l: &LaidDeck, skip_titles: &str) -> BTreeMap<String, BTreeMap<char, usize>> {
    let mut out: BTreeMap<String, BTreeMap<char, usize>> = BTreeMap::new();
    for s in &l.slides {
        for b in &s.boxes {
            if s.continuation > 0 && b.element_id == skip_titles {
                continue;
            }
            // The engine's own boxes (the slide number, the citations footer) are no input's.
            if b.element_id.starts_with('_') {
                continue;
            }
            if let BoxContent::Text(t) = &b.content {
                let m = out.entry(b.element_id.clone()).or_default();
                for p in &t.paragraphs {
                    for c in p.text.chars().filter(|c| !c.is_whitespace()) {
                        *m.entry(c).or_default() += 1;
                    }
                }
            }
        }
    }
    out
}

fn input_counts(slide: &Value) -> BTreeMap<String, BTreeMap<char, usize>> {
    let mut out: BTreeMap<String, BTreeMap<char, usize>> = BTreeMap::new();
    for e in slide["elements"].as_array().unwrap() {
        let c = &e["content"];
        let text = match c.get("text") {
            Some(t) => t.as_str().unwrap().to_string(),
            None => c["items"]
                .as_array()
                .unwrap()
                .iter()
                .map(|i| i.as_str().unwrap())
                .collect::<Vec<_>>()
                .join(" "),
        };
        let m = out
            .entry(e["element_id"].as_str().unwrap().to_string())
            .or_default();
        for ch in text.chars().filter(|c| !c.is_whitespace()) {
            *m.entry(ch).or_default() += 1;
        }
    }
    out
}

const SENTENCE: &str = "Our platform team consolidated the regional data pipelines into a single streaming system with shared schemas, which cut the nightly batch window from six hours to forty minutes. ";

#[test]
fn a_second_title_goes_to_the_body_with_a_note() {
    let slide = json!({"slide_id": "s1", "type": "content", "layout": {"layout_id": "one_column"},
        "elements": [
            {"element_id": "t", "kind": "text", "role": "title", "content": {"text": "Quarterly review"}},
            {"element_id": "t2", "kind": "text", "role": "title",
             "content": {"text": "A second headline the model also wrote as a title"}},
            {"element_id": "b", "kind": "bullets", "content": {"items": ["One", "Two", "Three"]}}]});
    let (l, qc) = run(&deck("en", json!([slide])));
    assert_eq!(types(&qc), vec!["second_title"], "{:#?}", qc.issues);
    assert_eq!(qc.issues[0].element_id.as_deref(), Some("t2"));
    assert!(qc.pass);
    let s = &l.slides[0];
    let title = s.boxes.iter().find(|b| b.element_id == "t").unwrap();
    let t2 = s.boxes.iter().find(|b| b.element_id == "t2").unwrap();
    assert!(t2.rect.y > title.rect.bottom(), "t2 is below the title");
}

#[test]
fn unknown_roles_fill_the_body_never_the_title() {
    let slide = json!({"slide_id": "s1", "type": "content", "layout": {"layout_id": "two_column"},
        "elements": [
            {"element_id": "h", "kind": "text", "role": "headline", "content": {"text": "Not a title"}},
            {"element_id": "t", "kind": "text", "content": {"text": "The title"}},
            {"element_id": "x", "kind": "text", "role": "summary", "content": {"text": "Right side"}}]});
    let (l, qc) = run(&deck("en", json!([slide])));
    assert!(qc.pass, "{:#?}", qc.issues);
    let s = &l.slides[0];
    let b = |id: &str| s.boxes.iter().find(|b| b.element_id == id).unwrap();
    assert!(
        b("t").rect.y < b("h").rect.y,
        "the role-less text is the title"
    );
    assert!(
        b("h").rect.x < b("x").rect.x,
        "unknown roles fill left, then right"
    );
}

fn stacked_slide(id: &str, n: usize, chars: usize, bullets_at: Option<usize>) -> Value {
    let mut els = vec![
        json!({"element_id": "t", "kind": "text", "role": "title", "content": {"text": "Quarterly review"}}),
    ];
    for i in 0..n {
        let long = SENTENCE.repeat(chars / SENTENCE.len() + 1);
        let text = long[..chars].trim().to_string();
        if Some(i) == bullets_at {
            let items: Vec<String> = text
                .split(", ")
                .map(|s| s.trim().to_string())
                .filter(|s| !s.is_empty())
                .collect();
            els.push(
                json!({"element_id": format!("e{}", i + 1), "kind": "bullets",
                            "content": {"items": items}}),
            );
        } else {
            els.push(json!({"element_id": format!("e{}", i + 1), "kind": "text",
                            "content": {"text": text}}));
        }
    }
    json!({"slide_id": id, "type": "content", "layout": {"layout_id": "one_column"}, "elements": els})
}

#[test]
fn three_long_texts_in_one_slot_move_and_split_onto_continuation_slides() {
    let slide = stacked_slide("s1", 3, 1650, None);
    let (l, qc) = run(&deck("en", json!([slide.clone()])));
    assert!(qc.pass, "{:#?}", qc.issues);
    assert!(qc.needs_human_edit.is_empty());
    assert!(l.slides.len() >= 2);
    assert_eq!(l.slides[1].id, "s1-cont-2");
    assert_eq!(char_counts(&l, "t"), input_counts(&slide));
    // Elements keep their order: e1 starts on the first slide, e3 ends on the last.
    assert_eq!(texts_of(&l, "e1")[0].0, "s1");
    let last = &l.slides.last().unwrap().id;
    assert_eq!(&texts_of(&l, "e3").last().unwrap().0, last);
    let actions: Vec<&str> = qc.fixes.iter().map(|f| f.action).collect();
    assert!(
        actions.contains(&"move") || actions.contains(&"split"),
        "{actions:?}"
    );
}

/// Generated LLM-style decks (every language mix, several seeds): 2–4 long text/bullets
/// elements stacked in one slot end with no overflow and no `needs_human_edit`, and every
/// input character appears exactly once across the output slides.
#[test]
fn generated_stacked_decks_fit_and_keep_every_character_once() {
    use specrender_deckgen::{stacked_deck, Mix};
    let mut slides_out = 0;
    for (k, mix) in Mix::ALL.into_iter().enumerate() {
        let v = stacked_deck(8, mix, 11 + k as u64);
        let (l, qc) = run(&v);
        slides_out += l.slides.len();
        let count = |a: &str| qc.fixes.iter().filter(|f| f.action == a).count();
        eprintln!(
            "{mix}: 8 slides -> {} (moves {}, splits {}, shrinks {})",
            l.slides.len(),
            count("move"),
            count("split"),
            count("shrink")
        );
        let bad: Vec<&str> = qc
            .issues
            .iter()
            .filter(|i| !matches!(i.kind.to_string().as_str(), "broken_word" | "font_fallback"))
            .map(|i| i.message.as_str())
            .collect();
        assert!(bad.is_empty(), "{mix}: {bad:#?}");
        assert!(qc.needs_human_edit.is_empty(), "{mix}");
        for s in v["deck"]["slides"].as_array().unwrap() {
            let id = s["slide_id"].as_str().unwrap();
            let mine = LaidDeck {
                slides: l
                    .slides
                    .iter()
                    .filter(|o| o.source_id == id)
                    .cloned()
                    .collect(),
                ..l.clone()
            };
            assert_eq!(char_counts(&mine, "e1"), input_counts(s), "{mix} {id}");
        }
    }
    assert!(slides_out > 40 * 2, "{slides_out}");
}

#[test]
fn boxes_placed_by_style_box_never_move_they_shrink_then_report() {
    let long = SENTENCE.repeat(8);
    let slide = json!({"slide_id": "s1", "type": "content", "layout": {"layout_id": "one_column"},
        "elements": [
            {"element_id": "t", "kind": "text", "role": "title", "content": {"text": "Boxed"}},
            {"element_id": "x", "kind": "text", "content": {"text": long.trim()},
             "style": {"box": {"x": 0.5, "y": 1.5, "w": 4, "h": 1.5}}}]});
    let (l, qc) = run(&deck("en", json!([slide])));
    assert_eq!(l.slides.len(), 1, "an explicit box is not split");
    let t = texts_of(&l, "x");
    assert_eq!(t.len(), 1);
    assert!(types(&qc).contains(&"overflow".to_string()));
    assert_eq!(qc.needs_human_edit, vec!["s1"]);
    let shrink = qc.fixes.iter().any(|f| f.action == "shrink");
    assert!(shrink, "it shrank first");
}

#[test]
fn short_bullets_go_to_two_columns_and_a_crowded_two_column_slide_to_one() {
    let items: Vec<String> = (0..30)
        .map(|i| format!("Region {i}: revenue up {}% year on year", 7 + i % 9))
        .collect();
    let s1 = json!({"slide_id": "s1", "type": "content", "layout": {"layout_id": "one_column"},
        "elements": [
            {"element_id": "t", "kind": "text", "content": {"text": "Revenue by region"}},
            {"element_id": "b", "kind": "bullets", "content": {"items": items}}]});
    let long: Vec<String> = (0..18)
        .map(|i| format!("Milestone {i}: the regional teams finished the migration of their reporting to the shared platform on schedule"))
        .collect();
    let s2 = json!({"slide_id": "s2", "type": "content", "layout": {"layout_id": "two_column"},
        "elements": [
            {"element_id": "t", "kind": "text", "role": "title", "content": {"text": "Migration"}},
            {"element_id": "l", "kind": "bullets", "role": "left", "content": {"items": long}},
            {"element_id": "r", "kind": "text", "role": "right", "content": {"text": "All regions on track."}}]});
    let (l, qc) = run(&deck("en", json!([s1, s2])));
    assert!(qc.pass, "{:#?}", qc.issues);
    assert_eq!(l.slides.len(), 2, "neither slide splits");
    let fix = |a: &str| {
        qc.fixes
            .iter()
            .find(|f| f.action == a)
            .map(|f| f.slide_id.clone())
    };
    assert_eq!(fix("two_columns").as_deref(), Some("s1"));
    assert_eq!(fix("change_layout").as_deref(), Some("s2"));
    let b = l.slides[0]
        .boxes
        .iter()
        .find(|b| b.element_id == "b")
        .unwrap();
    let BoxContent::Text(tb) = &b.content else {
        panic!()
    };
    assert_eq!(tb.columns, 2);
    assert!(
        tb.size > 1200,
        "two columns at a larger size than the floor"
    );
    assert_eq!(l.slides[1].preset.id(), "one_column");
}
