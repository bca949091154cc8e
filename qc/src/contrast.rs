//! `low_contrast`: text whose colour is below WCAG 2 AA contrast against what is drawn under
//! its lines — judged line by line at each line's ink ([`crate::artwork::inks`]), against
//! every part of the look under it ([`specrender_model::Look::under`]: the template's
//! artwork at its outline, topmost first, and the background where the artwork leaves it
//! showing). The worst part of the worst line is named. A box's own opaque fill is what is
//! under its text; a translucent one is blended over the look; a gradient or pattern counts by
//! its worst colour; a picture under a line cannot be judged here and is passed over.

use std::collections::BTreeMap;

use serde_json::json;
use specrender_model::color::contrast as ratio;
use specrender_model::rules::{MIN_CONTRAST, MIN_CONTRAST_LARGE};
use specrender_model::{BoxContent, LaidDeck, LaidSlide, Paint};
use specrender_spec::deck::Rgb;
use specrender_spec::units::Cpt;

use crate::artwork::ink_json;
use crate::{issue, Issue, IssueKind, Severity};
use specrender_model::place::Ink;

type Rgb3 = [u8; 3];

/// Text of a box: its colour, its own fill with alpha in 1/1000 %, what the text is, and the
/// contrast it needs.
#[derive(Clone, Copy)]
struct Text {
    fg: Rgb3,
    fill: Option<(Rgb3, u32)>,
    what: &'static str,
    min: f64,
}

/// The worst line found: its ratio, background, where that comes from, the text and the line.
struct Worst<'a> {
    ratio: f64,
    bg: Rgb3,
    from: String,
    text: Text,
    ink: &'a Ink,
}

/// `art`: the slide's template layout and its artwork ([`specrender_model::Look::artwork`]).
pub(crate) fn contrast(
    laid: &LaidDeck,
    slide: &LaidSlide,
    art: Option<(usize, &[specrender_model::artwork::Artwork<'_>])>,
    out: &mut Vec<Issue>,
) {
    let Some((layout, art)) = art else {
        return;
    };
    let look = &laid.frame.look;
    let rgb = |c: Rgb| [c.0, c.1, c.2];
    for b in &slide.boxes {
        // (body text, header row text)
        let (body, header) = match &b.content {
            BoxContent::Text(tb) => (
                Some(Text {
                    fg: rgb(tb.color),
                    fill: tb.fill.map(|f| (rgb(f.color), f.alpha)),
                    what: "text",
                    min: minimum(tb.size, tb.bold),
                }),
                None,
            ),
            BoxContent::Shape(sh) => match &sh.text {
                Some(tb) => (
                    Some(Text {
                        fg: rgb(tb.color),
                        fill: sh.fill.map(|f| (rgb(f), 100_000)),
                        what: "text",
                        min: minimum(tb.size, tb.bold),
                    }),
                    None,
                ),
                None => continue,
            },
            BoxContent::Table(tb) => (
                Some(Text {
                    fg: rgb(tb.color),
                    fill: None,
                    what: "body cells",
                    min: minimum(tb.size, false),
                }),
                Some(Text {
                    fg: rgb(tb.header_color),
                    fill: Some((rgb(tb.header_fill), 100_000)),
                    what: "header row",
                    min: minimum(tb.size, false),
                }),
            ),
            _ => continue,
        };
        let lines = b.inks();
        let mut worst: Option<Worst<'_>> = None;
        for ink in &lines {
            let Some(t) = (if ink.header { header } else { body }) else {
                continue;
            };
            for (bg, from) in under(look, layout, art, ink, t.fill) {
                let v = ratio(t.fg, bg);
                if v < t.min && worst.as_ref().is_none_or(|w| v < w.ratio) {
                    worst = Some(Worst {
                        ratio: v,
                        bg,
                        from,
                        text: t,
                        ink,
                    });
                }
            }
        }
        if let Some(w) = worst {
            out.push(finding(slide, b, &w));
        }
    }
}

/// Every colour under one line, with where it comes from.
fn under(
    look: &specrender_model::Look,
    layout: usize,
    art: &[specrender_model::artwork::Artwork<'_>],
    ink: &Ink,
    fill: Option<(Rgb3, u32)>,
) -> Vec<(Rgb3, String)> {
    if let Some((c, a)) = fill {
        if a >= 100_000 {
            return vec![(c, "its own fill".into())];
        }
    }
    let mut out = Vec::new();
    for bd in look.under(layout, art, &ink.rect) {
        let Paint::Colors(cs) = &bd.paint else {
            continue;
        };
        for &u in cs {
            out.push(match fill {
                Some((c, a)) => (blend(c, u, a), format!("its own fill over the {}", bd.from)),
                None => (u, bd.from.clone()),
            });
        }
    }
    out
}

fn finding(slide: &LaidSlide, b: &specrender_model::PlacedBox, w: &Worst<'_>) -> Issue {
    let hex = |c: [u8; 3]| format!("#{:02X}{:02X}{:02X}", c[0], c[1], c[2]);
    let shown = (w.ratio * 100.0).floor() / 100.0;
    let Text { fg, what, min, .. } = w.text;
    let at = match w.ink.cell {
        Some((r, c)) => format!("row {}, column {}, ", r + 1, c + 1),
        None => String::new(),
    };
    let message = format!(
        "{}/{}: {what} in {} on {} ({}) has a contrast of {shown:.2}:1, below {min}:1 (worst at {at}paragraph {}, line {}); set a text colour that stands out (theme.brand.tokens.colors.text) or use a layout with a plainer background.",
        slide.id,
        b.element_id,
        hex(fg),
        hex(w.bg),
        w.from,
        w.ink.para + 1,
        w.ink.line + 1,
    );
    let mut details = BTreeMap::new();
    details.insert("text_color".into(), json!(hex(fg)));
    details.insert("background".into(), json!(hex(w.bg)));
    details.insert("background_from".into(), json!(w.from));
    details.insert("contrast".into(), json!(shown));
    details.insert("minimum".into(), json!(min));
    details.insert("text".into(), json!(what));
    details.insert("line".into(), ink_json(w.ink));
    issue(
        IssueKind::LowContrast,
        slide,
        Some(b),
        Severity::Low,
        details,
        message,
    )
}

/// WCAG 2's minimum contrast for text of `size` (AA): 3:1 for large text (18 pt, or 14 pt
/// bold), else [`MIN_CONTRAST`].
fn minimum(size: Cpt, bold: bool) -> f64 {
    if size >= 1800 || (bold && size >= 1400) {
        MIN_CONTRAST_LARGE
    } else {
        MIN_CONTRAST
    }
}

/// `top` at opacity `alpha` (1/1000 %) over `under`.
fn blend(top: [u8; 3], under: [u8; 3], alpha: u32) -> [u8; 3] {
    let a = f64::from(alpha.min(100_000)) / 100_000.0;
    [0, 1, 2].map(|i| (f64::from(top[i]) * a + f64::from(under[i]) * (1.0 - a)).round() as u8)
}
