//! Stage 5, footer: each output slide's citations listed in its footer band, and their full
//! details in its speaker notes (docs/concepts/elements.md, citations and slide numbers).
//!
//! - **Which citations a slide lists**: those whose keys its boxes carry
//!   ([`cite::numbers_shown`]: the piece of a split element that holds the end of its text,
//!   every page's title, a picture's citations on the slide that draws it), and, on the
//!   first output slide only, the slide's own `citations` no element references. In number
//!   order.
//! - **The footer**: one text box (`_citations`) in the footer band, left of the slide
//!   number when there is one, entries `1. Title (p. 12)` joined by `; ` — the label is the
//!   title, else the URL without its scheme, else the evidence id, else the id, cut to
//!   [`LABEL_CHARS`] characters; the locator's pairs short (`p. 12`, `pp. 3–5`, `§ 2.1`…).
//!   Fitted by the text engine like any text: from [`FOOTER_SIZE`] down to
//!   [`FOOTER_FLOOR`] in 0.5 pt steps; when not every entry fits at the floor, the longest
//!   run of entries from the first that fits is drawn and the rest are a
//!   `citations_overflow` finding naming how many fit and which are left out.
//!   `title_center`, `section_header` and `closing` have no body there, so their band is
//!   free; `image_full_bleed`'s band is under its caption: nothing is drawn there and every
//!   entry is left out (reported).
//! - **Speaker notes**: always a `Sources:` block after the notes already there — on the
//!   first output slide every citation of the source slide, on a continuation the ones its
//!   footer lists — per citation its number, title, URL, evidence id, locator, and each
//!   citing element's `note`, one line per citation.

use crate::ctx::Ctx;
use crate::element::{cite, Fit, TextItem};
use crate::findings::Finding;
use crate::frame::Frame;
use crate::model::{Align, BoxContent, LaidSlide, PlacedBox, Preset, Rect, TextField};
use crate::preset::{self, SlotRole};
use crate::style::style_for;
use specrender_spec::deck::{
    Citation, Constraints, Content, Element, ElementKind, Emphasis, Slide,
};
use specrender_spec::units::{Cpt, Emu, EMU_PER_INCH};

/// The footer's element id (not an input id: input ids never start with `_` here by rule of
/// the engine; it names the shape in the file and the box in QC).
pub const FOOTER_ID: &str = "_citations";
/// The size the footer starts from: 10 pt.
pub const FOOTER_SIZE: Cpt = 1000;
/// The floor it may shrink to: 8 pt.
pub const FOOTER_FLOOR: Cpt = 800;
/// An entry's label is cut to this many characters (with `…`): the footer is short, the
/// notes carry the rest.
pub const LABEL_CHARS: usize = 60;

/// The slide number's element id.
pub const NUMBER_ID: &str = "_slide_number";
/// The slide number's box at the right end of the footer band: 0.6 in wide.
pub const NUMBER_W: Emu = EMU_PER_INCH * 6 / 10;
/// Between the citations list and the slide number: 0.1 in.
pub const NUMBER_GAP: Emu = EMU_PER_INCH / 10;

/// Does a slide of `preset` get a slide number? Its layout says (the built-in frame:
/// content layouts do; title, section, closing, full-bleed and `custom` slides do not).
pub fn numbered(frame: &Frame, preset: Preset) -> bool {
    frame.layout(preset).numbered
}

/// Where the slide number goes: the right end of the footer band.
pub fn number_rect(frame: &Frame) -> Rect {
    let band = frame.footer_band;
    Rect {
        x: band.right() - NUMBER_W,
        w: NUMBER_W,
        ..band
    }
}

/// The footer slot of a numbered slide gives the slide number its end of the band (so a
/// `role: "footer"` element and the citations list never overlap it). Idempotent.
pub fn reserve_number(frame: &Frame, preset: Preset, on: bool, slots: &mut [preset::Slot]) {
    if !(on && numbered(frame, preset)) {
        return;
    }
    let w = frame.footer_band.w - NUMBER_W - NUMBER_GAP;
    for s in slots.iter_mut().filter(|s| s.role == SlotRole::Footer) {
        s.rect.w = w.max(0);
    }
}

/// Every numbered slide's slide-number box (a `slidenum` field whose text is its position,
/// measured and fitted like the footer), once the deck's output slides are in order.
pub fn number_slides(ctx: &mut Ctx<'_>, slides: &mut [LaidSlide]) {
    if !ctx.opts.slide_numbers {
        return;
    }
    let rect = number_rect(ctx.frame);
    let el = footer_element();
    let (_, body) = ctx.fonts.for_weight(false);
    let mut base = style_for(SlotRole::Footer, &el, ctx.theme, &body, &body, false);
    base.size = FOOTER_SIZE;
    base.min = FOOTER_FLOOR;
    base.align = Align::Right;
    for (i, ls) in slides.iter_mut().enumerate() {
        if !numbered(ctx.frame, ls.preset) {
            continue;
        }
        let mut style = base.clone();
        let text_color = ctx.theme.colors.text;
        style.color = crate::frame::legible(ctx.frame, ls.preset, rect, style.color, text_color);
        let text = [(i + 1).to_string()];
        let mut t = TextItem::new(ctx, style.clone(), &text, false, &el, rect.w);
        t.fit_alone(rect);
        let (mut content, _) = t.finish(ctx, rect);
        if let BoxContent::Text(tb) = &mut content {
            tb.field = Some(TextField::SlideNumber);
        }
        ls.boxes.push(PlacedBox {
            element_id: NUMBER_ID.to_string(),
            kind: ElementKind::Text,
            rect,
            placeholder: None,
            explicit: false,
            full_bleed: false,
            content,
        });
    }
}

/// Lists each output slide's citations in its footer band and its notes. `slides` are the
/// output slides of `source`, in order; `band` is where the footer goes on them (`None`:
/// no room, every entry reported).
pub fn add(ctx: &mut Ctx<'_>, source: &Slide, slides: &mut [LaidSlide], band: Option<Rect>) {
    if source.citations.is_empty() {
        return;
    }
    for ls in slides.iter_mut() {
        let listed = listed(source, ls);
        // The first output slide's notes carry every citation of the source slide (its full
        // record); a continuation's, the ones its footer lists.
        if ls.continuation == 0 {
            let all: Vec<&Citation> = source.citations.iter().collect();
            notes(source, &all, &mut ls.notes);
        } else if !listed.is_empty() {
            notes(source, &listed, &mut ls.notes);
        }
        if listed.is_empty() {
            continue;
        }
        let entries: Vec<String> = listed.iter().map(|c| entry(c)).collect();
        let (shown, footer) = match band {
            Some(rect) => fit(ctx, &entries, rect, ls.preset),
            None => (0, None),
        };
        if let Some(mut b) = footer {
            if let BoxContent::Text(t) = &mut b.content {
                t.links = links(&entries[..shown], &listed[..shown]);
            }
            ls.boxes.push(b);
        }
        if shown < listed.len() {
            let finding = Finding::CitationsOverflow {
                total: listed.len(),
                shown,
                left_out: listed[shown..]
                    .iter()
                    .map(|c| (c.number, c.id.clone()))
                    .collect(),
                no_band: band.is_none(),
            };
            ctx.note(finding, &ls.id, &source.id, Some(FOOTER_ID));
        }
    }
}

/// The entries of `listed` that have a URL as links over their bytes of the footer's one
/// paragraph (`entries` joined by `; `, as [`fit`] joins them).
fn links(entries: &[String], listed: &[&Citation]) -> Vec<crate::model::TextLink> {
    let mut out = Vec::new();
    let mut at = 0;
    for (e, c) in entries.iter().zip(listed) {
        if let Some(url) = c.url.as_deref().map(str::trim).filter(|u| !u.is_empty()) {
            out.push(crate::model::TextLink {
                para: 0,
                start: at,
                end: at + e.len(),
                url: url.to_string(),
            });
        }
        at += e.len() + "; ".len();
    }
    out
}

/// The band a preset's slides list citations in: its footer slot, else the footer band
/// where nothing else is (`title_center`, `section_header`, `closing`); `None` for
/// `image_full_bleed`, whose caption covers it.
pub fn band(frame: &Frame, preset: Preset, slots: &[preset::Slot]) -> Option<Rect> {
    if let Some(s) = slots.iter().find(|s| s.role == SlotRole::Footer) {
        return Some(s.rect);
    }
    frame
        .layout(preset)
        .citations_in_band
        .then_some(frame.footer_band)
}

/// The citations `ls` lists, in number order.
fn listed<'s>(source: &'s Slide, ls: &LaidSlide) -> Vec<&'s Citation> {
    let mut numbers: Vec<u32> = Vec::new();
    for b in &ls.boxes {
        if let Some(el) = source.elements.iter().find(|e| e.id == b.element_id) {
            numbers.extend(cite::numbers_shown(el, &b.content));
        }
    }
    if ls.continuation == 0 {
        let referenced = |n: u32| {
            source
                .elements
                .iter()
                .any(|e| e.citations.iter().any(|r| r.number == n))
        };
        numbers.extend(
            source
                .citations
                .iter()
                .map(|c| c.number)
                .filter(|&n| !referenced(n)),
        );
    }
    source
        .citations
        .iter()
        .filter(|c| numbers.contains(&c.number))
        .collect()
}

/// What an entry calls its source: title, URL without scheme, evidence id, id.
fn label(c: &Citation) -> String {
    let url = c
        .url
        .as_deref()
        .map(|u| u.split_once("://").map_or(u, |(_, rest)| rest));
    let l = [c.title.as_deref(), url, c.evidence_id.as_deref()]
        .into_iter()
        .flatten()
        .map(str::trim)
        .find(|s| !s.is_empty())
        .unwrap_or(&c.id);
    if l.chars().count() <= LABEL_CHARS {
        return l.to_string();
    }
    let cut: String = l.chars().take(LABEL_CHARS - 1).collect();
    format!("{}…", cut.trim_end())
}

/// A locator pair, short: `p. 12`, `pp. 3–5`, `§ 2.1`, `ch. 3`, `fig. 2`, else `key value`.
fn locator_part(k: &str, v: &str) -> String {
    let prefix = match k {
        "page" => "p.",
        "pages" => "pp.",
        "section" => "§",
        "chapter" => "ch.",
        "paragraph" => "para.",
        "figure" => "fig.",
        "table" => "table",
        "line" => "l.",
        "slide" => "slide",
        other => other,
    };
    format!("{prefix} {v}")
}

/// `1. Title (p. 12)`.
pub fn entry(c: &Citation) -> String {
    let loc: Vec<String> = c.locator.iter().map(|(k, v)| locator_part(k, v)).collect();
    match loc.is_empty() {
        true => format!("{}. {}", c.number, label(c)),
        false => format!("{}. {} ({})", c.number, label(c), loc.join(", ")),
    }
}

/// The footer text box holding as many entries (from the first) as fit `rect` at the floor,
/// at the largest size that holds them; how many it holds. No box when not even one fits.
fn fit(
    ctx: &mut Ctx<'_>,
    entries: &[String],
    rect: Rect,
    preset: Preset,
) -> (usize, Option<PlacedBox>) {
    let el = footer_element();
    let (_, body) = ctx.fonts.for_weight(false);
    let mut style = style_for(SlotRole::Footer, &el, ctx.theme, &body, &body, false);
    style.size = FOOTER_SIZE;
    style.min = FOOTER_FLOOR;
    let text_color = ctx.theme.colors.text;
    style.color = crate::frame::legible(ctx.frame, preset, rect, style.color, text_color);
    let item = |ctx: &mut Ctx<'_>, k: usize| {
        let text = [entries[..k].join("; ")];
        let mut t = TextItem::new(ctx, style.clone(), &text, false, &el, rect.w);
        t.fit_alone(rect);
        t
    };
    let all = item(ctx, entries.len());
    let (k, t) = if !all.overflows(rect) {
        (entries.len(), all)
    } else {
        // Fewer entries never need more lines, so the longest run that fits is a binary
        // search over the counts, largest first.
        let counts: Vec<usize> = (1..entries.len()).rev().collect();
        let i = counts.partition_point(|&k| item(ctx, k).overflows(rect));
        let Some(&k) = counts.get(i) else {
            return (0, None);
        };
        (k, item(ctx, k))
    };
    let (content, _) = t.finish(ctx, rect);
    let placed = PlacedBox {
        element_id: FOOTER_ID.to_string(),
        kind: ElementKind::Text,
        rect,
        placeholder: None,
        explicit: false,
        full_bleed: false,
        content,
    };
    (k, Some(placed))
}

fn footer_element() -> Element {
    Element {
        id: FOOTER_ID.to_string(),
        kind: ElementKind::Text,
        role: Some("footer".into()),
        content: Content::None,
        style_box: None,
        emphasis: Emphasis::None,
        variant: None,
        constraints: Constraints {
            min_font: FOOTER_FLOOR,
            ..Constraints::default()
        },
        citations: Vec::new(),
    }
}

/// Appends the `Sources:` block for `listed` to `notes` (a blank line after what is there).
fn notes(source: &Slide, listed: &[&Citation], notes: &mut String) {
    if !notes.is_empty() {
        notes.push_str("\n\n");
    }
    notes.push_str("Sources:");
    for c in listed {
        let mut parts = vec![format!(
            "[{}] {}",
            c.number,
            c.title.as_deref().unwrap_or(&c.id)
        )];
        if let Some(u) = &c.url {
            parts.push(u.clone());
        }
        if let Some(e) = &c.evidence_id {
            parts.push(format!("evidence {e}"));
        }
        if !c.locator.is_empty() {
            let l: Vec<String> = c.locator.iter().map(|(k, v)| format!("{k} {v}")).collect();
            parts.push(l.join(", "));
        }
        for el in &source.elements {
            for r in el.citations.iter().filter(|r| r.number == c.number) {
                if let Some(n) = r.note.as_deref().filter(|n| !n.trim().is_empty()) {
                    parts.push(format!("{}: {n}", el.id));
                }
            }
        }
        notes.push('\n');
        notes.push_str(&parts.join(" — "));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cit(title: Option<&str>, url: Option<&str>, loc: &[(&str, &str)]) -> Citation {
        Citation {
            number: 3,
            id: "c1".into(),
            kind: "url".into(),
            title: title.map(str::to_string),
            url: url.map(str::to_string),
            evidence_id: None,
            locator: loc
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
        }
    }

    #[test]
    fn entries_are_short() {
        assert_eq!(
            entry(&cit(Some("Annual report"), None, &[("page", "12")])),
            "3. Annual report (p. 12)"
        );
        assert_eq!(
            entry(&cit(None, Some("https://x.org/a"), &[])),
            "3. x.org/a"
        );
        assert_eq!(
            entry(&cit(None, None, &[("section", "2.1"), ("where", "top")])),
            "3. c1 (§ 2.1, where top)"
        );
        let long = "x".repeat(100);
        assert_eq!(
            label(&cit(Some(&long), None, &[])).chars().count(),
            LABEL_CHARS
        );
    }
}
