//! The geometric and fit checks on the finished layout: `overflow`, `min_font`,
//! `out_of_bounds`, `overlap`. Each reads the placed boxes as layout left them; none measures.

use crate::numbers::{cpt_value, emu_pt_value, fmt_cpt, fmt_in, inch_value, ratio_value, rect_in};
use crate::{
    issue, sort_value, Issue, IssueKind, Severity, OVERLAP_DENOMINATOR, SAFE_AREA_TOLERANCE,
};
use serde_json::{json, Map, Value};
use specrender_model::artwork::Artwork;
use specrender_model::look::Decoration;
use specrender_model::rules::TITLE_FLOOR;
use specrender_model::{LaidDeck, LaidSlide, PlacedBox, Placeholder, Rect, TextBox};
use specrender_spec::units::{cpt_to_emu, Cpt};
use std::collections::BTreeMap;

pub(crate) fn overflow(slide: &LaidSlide, b: &PlacedBox, t: &TextBox) -> Option<Issue> {
    if t.fits() {
        return None;
    }
    let needed_lines = t.line_count();
    let pitch_emu = cpt_to_emu(dominant_pitch(t));
    let box_lines = if pitch_emu > 0 {
        (t.usable_height.max(0) / pitch_emu) as usize
    } else {
        0
    };
    let excess = t.total_chars.saturating_sub(t.capacity_chars);
    let advice = if excess > 0 {
        format!("shorten by about {excess} characters or split")
    } else {
        "split the text or enlarge the box".to_string()
    };
    let message = format!(
        "{}/{}: {needed_lines} lines needed at {}pt, the box holds {box_lines}; {advice}.",
        slide.id,
        b.element_id,
        fmt_cpt(t.size),
    );
    let mut details = BTreeMap::new();
    details.insert("needed_lines".into(), json!(needed_lines));
    details.insert("box_lines".into(), json!(box_lines));
    details.insert("font_pt".into(), cpt_value(t.size));
    details.insert("needed_height_pt".into(), emu_pt_value(t.needed_height));
    details.insert("box_height_pt".into(), emu_pt_value(t.usable_height));
    details.insert("capacity_chars".into(), json!(t.capacity_chars));
    details.insert("total_chars".into(), json!(t.total_chars));
    details.insert("excess_chars".into(), json!(excess));
    Some(issue(
        IssueKind::Overflow,
        slide,
        Some(b),
        Severity::High,
        details,
        message,
    ))
}

/// The line pitch (centipoints) that covers the most lines; ties go to the larger pitch (the
/// smaller line count). A box without lines uses its first paragraph's pitch, else 1.2 x size.
pub(crate) fn dominant_pitch(t: &TextBox) -> Cpt {
    let mut weight: BTreeMap<Cpt, usize> = BTreeMap::new();
    for p in &t.paragraphs {
        *weight.entry(p.line_pitch).or_insert(0) += p.lines.len();
    }
    let best = weight
        .iter()
        .filter(|(_, w)| **w > 0)
        // BTreeMap iterates ascending, so `max_by_key` (last max wins) picks the larger pitch.
        .max_by_key(|(_, w)| **w)
        .map(|(p, _)| *p);
    best.or_else(|| t.paragraphs.first().map(|p| p.line_pitch))
        .unwrap_or(t.size * 6 / 5)
}

fn is_title(b: &PlacedBox) -> bool {
    matches!(
        b.placeholder,
        Some(Placeholder::Title | Placeholder::CenterTitle)
    )
}

pub(crate) fn min_font(slide: &LaidSlide, b: &PlacedBox, t: &TextBox) -> Option<Issue> {
    let title = is_title(b);
    let floor = if title {
        t.min_size.max(TITLE_FLOOR)
    } else {
        t.min_size
    };
    if t.size >= floor {
        return None;
    }
    let what = if title { "title " } else { "" };
    let message = format!(
        "{}/{}: {what}font {}pt is below the {}pt minimum; shorten the text so it fits at {}pt.",
        slide.id,
        b.element_id,
        fmt_cpt(t.size),
        fmt_cpt(floor),
        fmt_cpt(floor),
    );
    let mut details = BTreeMap::new();
    details.insert("font_pt".into(), cpt_value(t.size));
    details.insert("min_font_pt".into(), cpt_value(floor));
    details.insert("title".into(), json!(title));
    Some(issue(
        IssueKind::MinFont,
        slide,
        Some(b),
        Severity::Medium,
        details,
        message,
    ))
}

pub(crate) fn out_of_bounds(laid: &LaidDeck, slide: &LaidSlide, b: &PlacedBox) -> Option<Issue> {
    let safe = laid.frame.safe_area;
    if b.full_bleed || safe.contains(&b.rect) {
        return None;
    }
    let page = Rect {
        x: 0,
        y: 0,
        w: laid.slide_size.cx,
        h: laid.slide_size.cy,
    };
    let r = b.rect;
    let over = |bound: &Rect| {
        [
            ("left", bound.x - r.x),
            ("top", bound.y - r.y),
            ("right", r.right() - bound.right()),
            ("bottom", r.bottom() - bound.bottom()),
        ]
    };
    let safe_over = over(&safe);
    let outside_slide = !page.contains(&r);
    let worst = safe_over.iter().map(|(_, v)| *v).max().unwrap_or(0);
    let severity = if outside_slide {
        Severity::High
    } else if worst > SAFE_AREA_TOLERANCE {
        Severity::Medium
    } else {
        Severity::Low
    };
    // The message names the bound actually crossed: the slide edge when outside the slide.
    let (crossed, of) = if outside_slide {
        (over(&page), "of the slide")
    } else {
        (safe_over, "of the safe area")
    };
    let sides: Vec<String> = crossed
        .iter()
        .filter(|(_, v)| *v > 0)
        .map(|(side, v)| format!("{} in past the {side}", fmt_in(*v)))
        .collect();
    let message = format!(
        "{}/{}: box reaches {} {of}; move or resize it inside the safe area x {}..{} in, y {}..{} in.",
        slide.id,
        b.element_id,
        sides.join(", "),
        fmt_in(safe.x),
        fmt_in(safe.right()),
        fmt_in(safe.y),
        fmt_in(safe.bottom()),
    );
    let overshoot: Map<String, Value> = safe_over
        .iter()
        .map(|(k, v)| (k.to_string(), inch_value((*v).max(0))))
        .collect();
    let mut details = BTreeMap::new();
    details.insert("rect_in".into(), rect_in(&r));
    details.insert("safe_area_in".into(), rect_in(&safe));
    details.insert("overshoot_in".into(), sort_value(Value::Object(overshoot)));
    details.insert("outside_slide".into(), json!(outside_slide));
    if outside_slide {
        let o: Map<String, Value> = over(&page)
            .iter()
            .map(|(k, v)| (k.to_string(), inch_value((*v).max(0))))
            .collect();
        details.insert("slide_overshoot_in".into(), sort_value(Value::Object(o)));
    }
    Some(issue(
        IssueKind::OutOfBounds,
        slide,
        Some(b),
        severity,
        details,
        message,
    ))
}

pub(crate) fn overlaps(slide: &LaidSlide, out: &mut Vec<Issue>) {
    for (i, a) in slide.boxes.iter().enumerate() {
        for b in &slide.boxes[i + 1..] {
            if a.full_bleed || b.full_bleed {
                continue;
            }
            let Some(inter) = a.rect.intersection(&b.rect) else {
                continue;
            };
            let smaller = a.rect.area().min(b.rect.area());
            let inter = inter.area();
            // ratio > 2%  <=>  inter * 50 > smaller, exact in integers.
            if smaller <= 0 || inter * OVERLAP_DENOMINATOR <= smaller {
                continue;
            }
            let ratio = ratio_value(inter, smaller);
            let pct = (inter * 100 + smaller / 2) / smaller;
            let message = format!(
                "{}: {} and {} overlap ({pct}% of the smaller box); move or resize one of them.",
                slide.id, a.element_id, b.element_id
            );
            let mut details = BTreeMap::new();
            details.insert("a".into(), json!(a.element_id));
            details.insert("b".into(), json!(b.element_id));
            details.insert("overlap_ratio".into(), ratio);
            out.push(issue(
                IssueKind::Overlap,
                slide,
                Some(a),
                Severity::Medium,
                details,
                message,
            ));
        }
    }
}

/// (covered area, the smaller area) of `b` over decoration `d` — at its outline `art` when it
/// is opaque artwork, else its rectangle — when that is more than 2 % of the smaller.
pub(crate) fn over_decoration(
    d: &Decoration,
    art: Option<&Artwork<'_>>,
    b: &Rect,
) -> Option<(i128, i128)> {
    let b = Rect {
        w: b.w.max(0),
        h: b.h.max(0),
        ..*b
    };
    let (inter, own) = match art {
        Some(a) => (a.area_over(&b).round() as i128, a.area().round() as i128),
        None => {
            let r = Rect {
                w: d.rect.w.max(0),
                h: d.rect.h.max(0),
                ..d.rect
            };
            (b.intersection(&r)?.area(), r.area())
        }
    };
    let smaller = b.area().min(own);
    (smaller > 0 && inter * OVERLAP_DENOMINATOR > smaller).then_some((inter, smaller))
}

/// A box over the brand's logo (`theme.brand.tokens.logo`, on the master) is an `overlap`
/// naming it, on every slide whose layout shows the master's shapes.
pub(crate) fn logo(laid: &LaidDeck, slide: &LaidSlide, out: &mut Vec<Issue>) {
    let Some(l) = &laid.frame.logo else { return };
    if !laid.frame.shows_master_shapes(slide.preset) {
        return;
    }
    // A template layout draws its own shapes above the master's: one that covers the logo
    // hides it on the slides of that layout.
    if let Some(layout) = laid.frame.template_layout(slide.preset) {
        let hidden = layout.decorations.iter().find(|d| {
            let covered = d
                .rect
                .intersection(&l.rect)
                .is_some_and(|x| x.area() * 2 >= l.rect.area());
            covered && d.fill.paint != specrender_model::Paint::Transparent
        });
        if let Some(d) = hidden {
            let name = if d.name.is_empty() {
                "a shape"
            } else {
                &d.name
            };
            let message = format!(
                "{}: the layout \"{}\" draws \"{name}\" over the brand logo, so the logo does not show on this slide; put the logo in another corner (theme.brand.tokens.logo.corner).",
                slide.id, layout.name
            );
            let mut details = BTreeMap::new();
            details.insert("layout".into(), json!(layout.name));
            details.insert("decoration".into(), json!(d.name));
            out.push(issue(
                IssueKind::LogoHidden,
                slide,
                None,
                Severity::Low,
                details,
                message,
            ));
        }
    }
    for b in slide.boxes.iter().filter(|b| !b.full_bleed) {
        let Some(inter) = b.rect.intersection(&l.rect) else {
            continue;
        };
        let smaller = b.rect.area().min(l.rect.area());
        if smaller <= 0 || inter.area() * OVERLAP_DENOMINATOR <= smaller {
            continue;
        }
        let pct = (inter.area() * 100 + smaller / 2) / smaller;
        let message = format!(
            "{}: {} covers the brand logo ({pct}% of the smaller); move or resize it so the logo stays clear, or put the logo in another corner (theme.brand.tokens.logo.corner).",
            slide.id, b.element_id
        );
        let mut details = BTreeMap::new();
        details.insert("a".into(), json!(b.element_id));
        details.insert("decoration".into(), json!("logo"));
        details.insert("decoration_of".into(), json!("master"));
        details.insert("decoration_in".into(), rect_in(&l.rect));
        details.insert("overlap_ratio".into(), ratio_value(inter.area(), smaller));
        out.push(issue(
            IssueKind::Overlap,
            slide,
            Some(b),
            Severity::Medium,
            details,
            message,
        ));
    }
}

/// On a template: a placed box over a decoration of the slide's master or layout (a logo, a
/// bar: a shape that is not a placeholder) is an `overlap` naming the decoration, measured at
/// the decoration's outline when it is opaque artwork (a triangle's bounding box is not the
/// triangle), else at its rectangle. Decorations the layout's own placeholders overlap are
/// where the template means text to go (a band under a title) and are not reported: the
/// text's lines are judged against them instead (`overlaps_artwork`).
pub(crate) fn decorations(laid: &LaidDeck, slide: &LaidSlide, out: &mut Vec<Issue>) {
    let look = &laid.frame.look;
    let Some(index) = laid.frame.template_layout_index(slide.preset) else {
        return;
    };
    let layout = &look.layouts[index];
    // Extents as QC measures them: a negative one written is none.
    let rect = |r: Rect| Rect {
        w: r.w.max(0),
        h: r.h.max(0),
        ..r
    };
    let art = look.artwork(index);
    let mut decos: Vec<(&Decoration, &str, usize)> = Vec::new();
    if layout.show_master_shapes {
        if let Some(m) = look.master_of(layout) {
            decos.extend(
                m.decorations
                    .iter()
                    .enumerate()
                    .map(|(i, d)| (d, "master", i)),
            );
        }
    }
    decos.extend(
        layout
            .decorations
            .iter()
            .enumerate()
            .map(|(i, d)| (d, "layout", i)),
    );
    for (deco, from, i) in decos {
        let d = rect(deco.rect);
        let outline = art.iter().find(|a| a.of == from && a.index == i);
        let significant = |b: &Rect| over_decoration(deco, outline, b);
        if layout.placeholders.iter().any(|p| significant(p).is_some()) {
            continue;
        }
        let name = deco.name.as_str();
        for b in slide.boxes.iter().filter(|b| !b.full_bleed) {
            let Some((inter, smaller)) = significant(&b.rect) else {
                continue;
            };
            let pct = (inter * 100 + smaller / 2) / smaller;
            let shown = if name.is_empty() { "a shape" } else { name };
            let message = format!(
                "{}: {} covers the template's {from} decoration \"{shown}\" ({pct}% of the smaller); move or resize it so the decoration stays clear.",
                slide.id, b.element_id
            );
            let mut details = BTreeMap::new();
            details.insert("a".into(), json!(b.element_id));
            details.insert("decoration".into(), json!(name));
            details.insert("decoration_of".into(), json!(from));
            details.insert("decoration_in".into(), rect_in(&d));
            details.insert("overlap_ratio".into(), ratio_value(inter, smaller));
            out.push(issue(
                IssueKind::Overlap,
                slide,
                Some(b),
                Severity::Medium,
                details,
                message,
            ));
        }
    }
}
