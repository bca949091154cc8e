//! Decks shaped the way an LLM writes them when it has too much to say: every content slide
//! puts 2–4 long `text` / `bullets` elements (none with a role) into the one body slot of
//! `one_column` (or, one slide in four, into one column of `two_column`), 600–2,000
//! characters each — far more than a slide holds. The fit policy must move and split them
//! onto continuation slides without losing or repeating a character.

use crate::phrases::book;
use crate::{Mix, Rng};
use serde_json::{json, Value};

/// A deck of `slides` stacked-slot slides in the languages of `mix`, deterministic in `seed`.
pub fn stacked_deck(slides: usize, mix: Mix, seed: u64) -> Value {
    let mut rng = Rng::new(seed);
    let out: Vec<Value> = (0..slides.max(1))
        .map(|i| stacked_slide(&mut rng, mix, i))
        .collect();
    json!({
        "spec_version": "slidespec_v1",
        "deck": {"title": "Stacked", "language": mix.deck_language(), "slides": out},
        "theme": {"template_ref": {"template_id": "default"}, "brand": {"brand_kit_id": "llm"}}
    })
}

fn stacked_slide(rng: &mut Rng, mix: Mix, i: usize) -> Value {
    let lang = mix.slide_lang(rng);
    let b = book(lang);
    let mut els = vec![json!({"element_id": "e1", "kind": "text",
                              "content": {"text": b.title(lang, rng)}})];
    let n = rng.range(2, 5) as usize;
    let two = rng.chance(25);
    for k in 0..n {
        let id = format!("e{}", k + 2);
        let target = rng.range(600, 2001) as usize;
        let mut el = if rng.chance(40) {
            let mut items: Vec<String> = Vec::new();
            let mut len = 0;
            while len < target && items.len() < 30 {
                let weight = rng.range(0, 3) as u8;
                let item = b.bullet(lang, rng, weight, 300);
                len += item.chars().count();
                items.push(item);
            }
            json!({"element_id": id, "kind": "bullets", "content": {"items": items}})
        } else {
            let text = b.paragraph(lang, rng, target, 2000);
            json!({"element_id": id, "kind": "text", "content": {"text": text}})
        };
        if two {
            el["role"] = json!("left");
        }
        els.push(el);
    }
    let layout = if two { "two_column" } else { "one_column" };
    json!({"slide_id": format!("s{}", i + 1), "type": "content",
           "layout": {"layout_id": layout}, "elements": els})
}
