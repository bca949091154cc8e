//! `overlaps_artwork`: a laid line of text (or a chart, drawn across its box) whose ink lands
//! on the template's artwork — an
//! opaque decoration of the slide's master or layout, at its outline
//! ([`specrender_model::artwork`]), not its bounding box. The ink of the lines is judged, not
//! the box: a placeholder the template lays over its artwork by design is fine while its text
//! stays clear. A decoration under the whole box is a band the text is meant to sit on
//! (contrast, not overlap, judges it); a box over a decoration no placeholder of the layout
//! claims is already an `overlap` with it ([`crate::checks::decorations`]) and is not reported
//! twice.

use std::collections::BTreeMap;

use serde_json::json;
use specrender_model::artwork::{self, Artwork};
use specrender_model::geom::Rect;
use specrender_model::place::Ink;
use specrender_model::{LaidDeck, LaidSlide, PlacedBox};

use crate::checks::over_decoration;
use crate::numbers::{ratio_value, rect_in};
use crate::{issue, Issue, IssueKind, Severity};

pub(crate) fn overlaps_artwork(laid: &LaidDeck, slide: &LaidSlide, out: &mut Vec<Issue>) {
    let frame = &laid.frame;
    let Some(index) = frame.template_layout_index(slide.preset) else {
        return;
    };
    let art = frame.look.artwork(index);
    if art.is_empty() {
        return;
    }
    let placeholders = &frame.look.layouts[index].placeholders;
    for b in &slide.boxes {
        let inks = b.inks();
        if inks.is_empty() {
            continue;
        }
        for (ai, lines) in artwork::hits(&art, &b.rect, &inks) {
            let a = &art[ai];
            if boxed_overlap(a, placeholders, b) {
                continue;
            }
            let hit: Vec<&Ink> = lines.iter().map(|&i| &inks[i]).collect();
            out.push(finding(slide, b, a, &hit, inks.len()));
        }
    }
}

/// Is `b` over `a` as [`crate::checks::decorations`] reports it (a decoration no placeholder
/// of the layout claims, the box over more than 2 % of the smaller)?
fn boxed_overlap(a: &Artwork<'_>, placeholders: &[Rect], b: &PlacedBox) -> bool {
    let over = |r: &Rect| over_decoration(a.decoration, Some(a), r).is_some();
    !b.full_bleed && !placeholders.iter().any(over) && over(&b.rect)
}

fn finding(slide: &LaidSlide, b: &PlacedBox, a: &Artwork<'_>, hit: &[&Ink], of: usize) -> Issue {
    let label = a.label();
    let n = hit.len();
    let chart = matches!(b.content, specrender_model::BoxContent::Chart(_));
    let which = if chart {
        "its chart".to_string()
    } else if n == of {
        if n == 1 {
            "its line".to_string()
        } else {
            format!("all {n} of its lines")
        }
    } else {
        format!("{n} of its {of} lines")
    };
    let verb = if chart || n == 1 { "runs" } else { "run" };
    let it = if chart { "it stays" } else { "its text stays" };
    let message = format!(
        "{}/{}: {which} {verb} onto the template's artwork ({label}); move or shrink the box so {it} clear of it, or use a layout with room there.",
        slide.id, b.element_id
    );
    let lines: Vec<_> = if chart {
        Vec::new()
    } else {
        hit.iter().map(|i| ink_json(i)).collect()
    };
    // The union of the lines' ink, and how much of it the artwork covers.
    let union = hit.iter().skip(1).fold(hit[0].rect, |u, i| {
        let (x0, y0) = (u.x.min(i.rect.x), u.y.min(i.rect.y));
        let x1 = u.right().max(i.rect.right());
        let y1 = u.bottom().max(i.rect.bottom());
        Rect {
            x: x0,
            y: y0,
            w: x1 - x0,
            h: y1 - y0,
        }
    });
    let covered: f64 = hit.iter().map(|i| a.area_over(&i.rect)).sum();
    let inked: i128 = hit.iter().map(|i| i.rect.area()).sum();
    let mut details = BTreeMap::new();
    details.insert("decoration".into(), json!(a.decoration.name));
    details.insert("decoration_label".into(), json!(label));
    details.insert("decoration_of".into(), json!(a.of));
    details.insert("decoration_in".into(), rect_in(&a.decoration.rect));
    details.insert("lines".into(), json!(lines));
    details.insert("ink_in".into(), rect_in(&union));
    details.insert(
        "ink_covered".into(),
        ratio_value(covered.round() as i128, inked.max(1)),
    );
    issue(
        IssueKind::OverlapsArtwork,
        slide,
        Some(b),
        Severity::Medium,
        details,
        message,
    )
}

/// A line as the report names it: `paragraph` and `line` from 1, with `row` and `column` in a
/// table.
pub(crate) fn ink_json(i: &Ink) -> serde_json::Value {
    let mut v = json!({"paragraph": i.para + 1, "line": i.line + 1});
    if let Some((r, c)) = i.cell {
        v["row"] = json!(r + 1);
        v["column"] = json!(c + 1);
    }
    v
}
