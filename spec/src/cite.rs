//! Citation numbering, decided once while resolving so that slides can be laid out in
//! parallel (docs/concepts/elements.md, citations).
//!
//! Rule: numbers are deck-wide, by first appearance. Slides are read in order; on a slide,
//! first every element's `citations` references (elements in order, references in order),
//! then the slide's own `citations` (in order) that no element referenced. A reference names
//! the citation of its own slide with that id, else the first slide's that defines it (a
//! `citation_on_other_slide` warning). Two definitions are the same source — one number —
//! when everything they say is equal (id, kind, title, url, evidence_id, locator); the same
//! id defined differently on two slides is two sources with two numbers.
//!
//! Each slide then shows ([`crate::deck::Slide::citations`]) every citation its elements
//! reference and every one it defines, each once, in number order; each reference carries
//! its number ([`crate::deck::CitationRef::number`]). A reference to nothing is refused by
//! validation (`unresolved_citation`, with its JSON Pointer) and gets no number here.

use std::collections::HashMap;

use serde_json::Value;

use crate::deck::{Citation, CitationRef};
use crate::slidespec::SlideSpecSlide;

/// Everything a definition says, as one comparable key.
fn identity(c: &crate::Citation) -> String {
    serde_json::to_string(c).unwrap_or_else(|_| c.id.clone())
}

/// A locator value as display text: strings as they are, anything else as JSON.
fn show(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

fn numbered(c: &crate::Citation, number: u32) -> Citation {
    Citation {
        number,
        id: c.id.clone(),
        kind: c.kind.as_str().to_string(),
        title: c.title.clone(),
        url: c.url.clone(),
        evidence_id: c.evidence_id.clone(),
        locator: c
            .locator
            .iter()
            .flatten()
            .map(|(k, v)| (k.clone(), show(v)))
            .collect(),
    }
}

/// Per slide (input order): the references of each element with their numbers, and the
/// citations the slide shows.
pub struct Numbered {
    pub refs: Vec<Vec<Vec<CitationRef>>>,
    pub shown: Vec<Vec<Citation>>,
}

/// Numbers every citation of the deck (see the module docs). Linear in the number of
/// citations and references.
pub fn number(slides: &[SlideSpecSlide]) -> Numbered {
    let mut first_def: HashMap<&str, &crate::Citation> = HashMap::new();
    for c in slides.iter().flat_map(|s| &s.citations) {
        first_def.entry(c.id.as_str()).or_insert(c);
    }
    let mut numbers: HashMap<String, u32> = HashMap::new();
    let mut out = Numbered {
        refs: Vec::with_capacity(slides.len()),
        shown: Vec::with_capacity(slides.len()),
    };
    for s in slides {
        let own: HashMap<&str, &crate::Citation> =
            s.citations.iter().map(|c| (c.id.as_str(), c)).collect();
        let mut shown: Vec<Citation> = Vec::new();
        let mut take = |c: &crate::Citation, shown: &mut Vec<Citation>| -> u32 {
            let next = numbers.len() as u32 + 1;
            let n = *numbers.entry(identity(c)).or_insert(next);
            if !shown.iter().any(|x| x.number == n) {
                shown.push(numbered(c, n));
            }
            n
        };
        let mut slide_refs = Vec::with_capacity(s.elements.len());
        for e in &s.elements {
            let refs = e
                .citations
                .iter()
                .map(|r| {
                    let def = own
                        .get(r.citation_id.as_str())
                        .or_else(|| first_def.get(r.citation_id.as_str()));
                    CitationRef {
                        citation_id: r.citation_id.clone(),
                        note: r.note.clone(),
                        number: def.map_or(0, |c| take(c, &mut shown)),
                    }
                })
                .collect();
            slide_refs.push(refs);
        }
        for c in &s.citations {
            take(c, &mut shown);
        }
        shown.sort_by_key(|c| c.number);
        out.refs.push(slide_refs);
        out.shown.push(shown);
    }
    out
}

#[cfg(test)]
mod tests {
    use crate::{parse, resolve, Input, ParseOptions};

    fn deck(json: &str) -> crate::deck::Deck {
        let (parsed, _) = parse(json.as_bytes(), &ParseOptions::default()).expect("valid");
        let Input::Slides(spec) = parsed else {
            panic!("slides")
        };
        resolve(&spec)
    }

    #[test]
    fn numbers_by_first_appearance_deck_wide() {
        let d = deck(
            r#"{"spec_version": "slidespec_v1",
            "deck": {"title": "T", "slides": [
              {"slide_id": "s1", "type": "content", "layout": {"layout_id": "one_column"},
               "citations": [{"id": "a", "kind": "url", "url": "https://a"},
                             {"id": "b", "kind": "evidence", "evidence_id": "ev-1", "title": "B",
                              "locator": {"page": 12, "section": "2.1"}},
                             {"id": "z", "kind": "url", "url": "https://z"}],
               "elements": [{"element_id": "e1", "kind": "text", "content": {"text": "x"},
                             "citations": [{"citation_id": "b"}, {"citation_id": "a", "note": "n"}]}]},
              {"slide_id": "s2", "type": "content", "layout": {"layout_id": "one_column"},
               "citations": [{"id": "c", "kind": "url", "url": "https://c"}],
               "elements": [{"element_id": "e1", "kind": "text", "content": {"text": "y"},
                             "citations": [{"citation_id": "c"}, {"citation_id": "b"}]}]}]},
            "theme": {"template_ref": {"template_id": "default"}, "brand": {"brand_kit_id": "k"}}}"#,
        );
        let s1 = &d.slides[0];
        let nums: Vec<u32> = s1.elements[0].citations.iter().map(|r| r.number).collect();
        assert_eq!(nums, [1, 2]);
        let shown: Vec<(u32, &str)> = s1
            .citations
            .iter()
            .map(|c| (c.number, c.id.as_str()))
            .collect();
        assert_eq!(shown, [(1, "b"), (2, "a"), (3, "z")]);
        assert_eq!(
            s1.citations[0].locator,
            [
                ("page".into(), "12".into()),
                ("section".into(), "2.1".into())
            ]
        );
        let s2 = &d.slides[1];
        let nums: Vec<u32> = s2.elements[0].citations.iter().map(|r| r.number).collect();
        // "b" is defined on s1 only: the same source, the same number.
        assert_eq!(nums, [4, 1]);
        let shown: Vec<u32> = s2.citations.iter().map(|c| c.number).collect();
        assert_eq!(shown, [1, 4]);
    }
}
