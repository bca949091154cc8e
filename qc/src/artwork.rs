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

/// `art`: the slide's template layout and its artwork ([`specrender_model::Look::artwork`]).
pub(crate) fn overlaps_artwork(
    laid: &LaidDeck,
    slide: &LaidSlide,
    art: Option<(usize, &[Artwork<'_>])>,
    out: &mut Vec<Issue>,
) {
    let frame = &laid.frame;
    let Some((index, art)) = art else {
        return;
    };
    if art.is_empty() {
        return;
    }
    let placeholders = &frame.look.layouts[index].placeholders;
    for b in &slide.boxes {
        let inks = b.inks();
        if inks.is_empty() {
            continue;
        }
        let on: Vec<(&Artwork<'_>, Vec<usize>)> = artwork::hits(art, &b.rect, &inks)
            .into_iter()
            .map(|(ai, lines)| (&art[ai], lines))
            .filter(|(a, _)| !boxed_overlap(a, placeholders, b))
            .collect();
        if !on.is_empty() {
            out.push(finding(slide, b, &on, &inks));
        }
    }
}

/// Is `b` over `a` as [`crate::checks::decorations`] reports it (a decoration no placeholder
/// of the layout claims, the box over more than 2 % of the smaller)?
fn boxed_overlap(a: &Artwork<'_>, placeholders: &[Rect], b: &PlacedBox) -> bool {
    let over = |r: &Rect| over_decoration(a.decoration, Some(a), r).is_some();
    !b.full_bleed && !placeholders.iter().any(over) && over(&b.rect)
}

/// One box's lines on artwork: every artwork they are on (`on`, with the indices of its lines
/// in `inks`), the one that covers most of them named first.
fn finding(
    slide: &LaidSlide,
    b: &PlacedBox,
    on: &[(&Artwork<'_>, Vec<usize>)],
    inks: &[Ink],
) -> Issue {
    let covered = |(a, lines): &(&Artwork<'_>, Vec<usize>)| -> f64 {
        lines.iter().map(|&i| a.area_over(&inks[i].rect)).sum()
    };
    let mut order: Vec<(f64, usize)> = on.iter().map(covered).zip(0..).collect();
    // Most covered first; ties in drawing order.
    order.sort_by(|x, y| y.0.total_cmp(&x.0).then(x.1.cmp(&y.1)));
    let mut hit: Vec<usize> = on.iter().flat_map(|(_, l)| l.iter().copied()).collect();
    hit.sort_unstable();
    hit.dedup();
    let (n, of) = (hit.len(), inks.len());
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
    let labels: Vec<String> = order.iter().map(|&(_, i)| on[i].0.label()).collect();
    let message = format!(
        "{}/{}: {which} {verb} onto the template's artwork ({}); move or shrink the box so {it} clear of it, or use a layout with room there.",
        slide.id,
        b.element_id,
        labels.join(", ")
    );
    let lines_json = |lines: &[usize]| -> Vec<serde_json::Value> {
        if chart {
            Vec::new()
        } else {
            lines.iter().map(|&i| ink_json(&inks[i])).collect()
        }
    };
    // The union of the lines' ink, and how much of it the artwork covers.
    let first = inks[hit[0]].rect;
    let union = hit.iter().skip(1).fold(first, |u, &i| {
        let r = inks[i].rect;
        let (x0, y0) = (u.x.min(r.x), u.y.min(r.y));
        let (x1, y1) = (u.right().max(r.right()), u.bottom().max(r.bottom()));
        Rect {
            x: x0,
            y: y0,
            w: x1 - x0,
            h: y1 - y0,
        }
    });
    let inked: i128 = hit.iter().map(|&i| inks[i].rect.area()).sum();
    let total: f64 = order.iter().map(|o| o.0).sum::<f64>().min(inked as f64);
    let (_, top) = order[0];
    let a = on[top].0;
    let all: Vec<serde_json::Value> = order
        .iter()
        .map(|&(_, i)| {
            let (a, lines) = &on[i];
            json!({
                "decoration": a.decoration.name,
                "decoration_label": a.label(),
                "decoration_of": a.of,
                "decoration_in": rect_in(&a.decoration.rect),
                "lines": lines_json(lines),
            })
        })
        .collect();
    let mut details = BTreeMap::new();
    details.insert("decoration".into(), json!(a.decoration.name));
    details.insert("decoration_label".into(), json!(labels[0]));
    details.insert("decoration_of".into(), json!(a.of));
    details.insert("decoration_in".into(), rect_in(&a.decoration.rect));
    details.insert("artwork".into(), json!(all));
    details.insert("lines".into(), json!(lines_json(&hit)));
    details.insert("ink_in".into(), rect_in(&union));
    details.insert(
        "ink_covered".into(),
        ratio_value(total.round() as i128, inked.max(1)),
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
