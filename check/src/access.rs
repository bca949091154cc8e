//! Accessibility rules, on any deck (`specrender check`; ours included), with severities as
//! PowerPoint's Accessibility Checker gives them: its errors are medium (a picture, chart,
//! diagram or object without alternative text and not marked decorative; a slide without a
//! title; a table without a header row), its warnings low (a title another slide has; link
//! text that is a bare URL or says nothing; shapes read in another order than they are seen;
//! no run naming a language). Keyed like every check finding: slide, shape id and name,
//! `creation_id`.

use crate::findings::{at, key};
use crate::resolve::{Deck, Resolved, Slide};
use serde_json::json;
use specrender_qc::{Issue, IssueKind, Severity};
use std::collections::BTreeMap;

/// Link texts that say nothing of where they go (compared lower-cased, trimmed of
/// punctuation).
pub(crate) const VAGUE: &[&str] = &[
    "click here",
    "here",
    "link",
    "this link",
    "more",
    "read more",
    "learn more",
    "this",
    "click",
    "go",
    "details",
];

/// Shapes compared for reading order, at most (a slide with more is not judged).
const MAX_ORDERED: usize = 200;

fn issue(slide: &Slide, s: Option<&Resolved>, kind: IssueKind, severity: Severity) -> Issue {
    Issue {
        kind,
        slide_id: Some(format!("slide-{}", slide.number)),
        source_slide_id: Some(slide.part.clone()),
        element_id: s.map(|s| s.id.to_string()),
        block_id: None,
        severity,
        details: s.map_or_else(
            || BTreeMap::from([("slide".to_string(), json!(slide.number))]),
            |s| key(slide, s),
        ),
        message: String::new(),
    }
}

fn is_title(s: &Resolved) -> bool {
    matches!(s.ph.as_deref(), Some("title" | "ctrTitle")) && s.access.has_text
}

fn title_text(slide: &Slide) -> Option<String> {
    slide
        .shapes
        .iter()
        .find(|s| is_title(s))
        .map(|s| match &s.what {
            crate::resolve::What::Text(f) => f.text().trim().to_string(),
            _ => String::new(),
        })
}

/// Each slide's accessibility issues (and the deck's `missing_language` after the last).
pub fn issues(deck: &Deck) -> Vec<Vec<Issue>> {
    let mut titles: BTreeMap<String, usize> = BTreeMap::new();
    let mut out = Vec::new();
    for slide in &deck.slides {
        let mut v = Vec::new();
        for s in &slide.shapes {
            let a = &s.access;
            if let Some(what) = a.graphic {
                if a.alt.is_empty() && !a.decorative {
                    let mut i = issue(slide, Some(s), IssueKind::MissingAltText, Severity::Medium);
                    i.details.insert("graphic".into(), json!(what));
                    i.message = format!(
                        "{}: a {what} without alternative text; describe it in its alt text \
                         (descr), or mark it decorative.",
                        at(slide, s)
                    );
                    v.push(i);
                }
            }
            if a.header_row == Some(false) {
                let mut i = issue(slide, Some(s), IssueKind::TableNoHeader, Severity::Medium);
                i.message = format!(
                    "{}: a table without a header row; mark its first row as the header \
                     (Table Design > Header Row), so a screen reader names each column.",
                    at(slide, s)
                );
                v.push(i);
            }
            for l in &a.links {
                let plain = l.trim_matches(|c: char| c.is_ascii_punctuation() || c.is_whitespace());
                let url = l.contains("://") || l.starts_with("www.");
                if url || VAGUE.contains(&plain.to_lowercase().as_str()) {
                    let mut i = issue(slide, Some(s), IssueKind::UnclearLinkText, Severity::Low);
                    i.details.insert("link_text".into(), json!(l));
                    i.message = format!(
                        "{}: link text \"{}\" {}; say where the link goes.",
                        at(slide, s),
                        l.chars().take(80).collect::<String>(),
                        if url {
                            "is a bare URL"
                        } else {
                            "says nothing of where it goes"
                        }
                    );
                    v.push(i);
                }
            }
        }
        match title_text(slide) {
            None => {
                let mut i = issue(slide, None, IssueKind::MissingSlideTitle, Severity::Medium);
                i.message = format!(
                    "slide {}: no title; give it one (a title placeholder with text), so the \
                     slide can be found and navigated to.",
                    slide.number
                );
                v.push(i);
            }
            Some(t) if !t.is_empty() => {
                let k = t.to_lowercase();
                if let Some(first) = titles.get(&k) {
                    let mut i = issue(slide, None, IssueKind::DuplicateSlideTitle, Severity::Low);
                    i.details.insert("title".into(), json!(t));
                    i.details.insert("same_as_slide".into(), json!(first));
                    i.message = format!(
                        "slide {}: its title \"{}\" is slide {first}'s too; make each title \
                         unique.",
                        slide.number,
                        t.chars().take(80).collect::<String>()
                    );
                    v.push(i);
                } else {
                    titles.insert(k, slide.number);
                }
            }
            Some(_) => {}
        }
        if let Some(i) = reading_order(slide) {
            v.push(i);
        }
        out.push(v);
    }
    let any_lang = deck
        .slides
        .iter()
        .flat_map(|s| s.shapes.iter())
        .any(|s| !s.access.langs.is_empty());
    let any_text = deck
        .slides
        .iter()
        .flat_map(|s| s.shapes.iter())
        .any(|s| s.access.has_text);
    if let (Some(last), false, true) = (out.last_mut(), any_lang, any_text) {
        last.push(Issue {
            kind: IssueKind::MissingLanguage,
            slide_id: None,
            source_slide_id: None,
            element_id: None,
            block_id: None,
            severity: Severity::Low,
            details: BTreeMap::new(),
            message: "no text names its language (a:rPr lang); set the presentation's \
                      language, so screen readers and spelling use the right one."
                .into(),
        });
    }
    out
}

/// A shape whose text is in a right-to-left language: its line is read from the right.
fn right_to_left(s: &Resolved) -> bool {
    s.access.langs.iter().any(|l| {
        let p = l
            .split(['-', '_'])
            .next()
            .unwrap_or("")
            .to_ascii_lowercase();
        matches!(
            p.as_str(),
            "ar" | "he" | "iw" | "fa" | "ur" | "yi" | "ps" | "sd" | "ckb" | "dv" | "ug"
        )
    })
}

/// The first pair of read shapes (text or graphics) whose reading order (the slide's shape
/// order) contradicts where they are seen: one wholly above the other, or beside it on the
/// same line (to its left; to its right in right-to-left text), yet read after it. The title
/// is read first wherever it stands, and is left out.
fn reading_order(slide: &Slide) -> Option<Issue> {
    let read: Vec<&Resolved> = slide
        .shapes
        .iter()
        .filter(|s| s.rect.is_some() && !is_title(s))
        .filter(|s| s.access.has_text || (s.access.graphic.is_some() && !s.access.decorative))
        .collect();
    if read.len() > MAX_ORDERED {
        return None;
    }
    for (i, a) in read.iter().enumerate() {
        for b in &read[i + 1..] {
            let (ra, rb) = (a.rect?, b.rect?);
            let above = rb.y + rb.cy <= ra.y;
            let overlap = (ra.y + ra.cy).min(rb.y + rb.cy) - ra.y.max(rb.y);
            let before = if right_to_left(a) || right_to_left(b) {
                rb.x >= ra.x + ra.cx
            } else {
                rb.x + rb.cx <= ra.x
            };
            let same_line = overlap * 2 > ra.cy.min(rb.cy) && before;
            if above || same_line {
                let mut issue = issue(slide, Some(b), IssueKind::ReadingOrder, Severity::Low);
                issue.details.insert("read_after".into(), json!(a.id));
                issue.message = format!(
                    "{}: read after shape {} \"{}\" though it is seen {} it; reorder the \
                     slide's shapes (Selection Pane / Reading Order).",
                    at(slide, b),
                    a.id,
                    a.name.chars().take(60).collect::<String>(),
                    if above {
                        "above"
                    } else if right_to_left(b) {
                        "to the right of (right-to-left text)"
                    } else {
                        "to the left of"
                    }
                );
                return Some(issue);
            }
        }
    }
    None
}
