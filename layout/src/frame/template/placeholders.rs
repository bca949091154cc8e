//! Slots from a template layout's placeholders: the title, subtitle, bodies (as columns, left
//! to right) and picture a layout offers ([`areas`]), and the slots of each SlideSpec layout cut
//! from them ([`template_slots`]), with the caption and attribution bands our rules carve out.

use super::rect;
use crate::model::{Placeholder, Preset, Rect};
use crate::preset::{Slot, SlotRole, CAPTION, GAP, GUTTER};
use specrender_template::{Layout, Placeholder as TplPh};

/// The placeholder a slot of this class fills.
pub(super) fn ph_ref(p: &TplPh) -> Option<Placeholder> {
    Some(match p.class() {
        "title" if p.ty == "ctrTitle" => Placeholder::CenterTitle,
        "title" => Placeholder::Title,
        "subtitle" => Placeholder::Subtitle,
        "body" | "table" | "chart" => Placeholder::Body(p.idx.unwrap_or(1)),
        _ => return None,
    })
}

pub(super) struct Areas {
    pub(super) title: Option<(Rect, Option<Placeholder>)>,
    pub(super) subtitle: Option<(Rect, Option<Placeholder>)>,
    pub(super) bodies: Vec<(Rect, Option<Placeholder>)>,
    pub(super) picture: Option<Rect>,
}

/// `body_placeholders`: bodies are filled as placeholders. A master without `p:txStyles`
/// body levels (LibreOffice writes its outline formats into the master's placeholder instead)
/// makes LibreOffice indent a body placeholder's bullets by its own outline numbering, whatever
/// the paragraph says (conformance: text 0.25 in further right, lines wrapping early); there
/// bodies are written as text boxes, which it draws as written.
pub(super) fn areas(l: &Layout, body_placeholders: bool) -> Areas {
    let with = |p: &TplPh| {
        p.rect.map(|r| {
            let ph =
                ph_ref(p).filter(|ph| body_placeholders || !matches!(ph, Placeholder::Body(_)));
            (rect(r), ph)
        })
    };
    let first = |class: &str| {
        l.placeholders
            .iter()
            .filter(|p| p.class() == class)
            .find_map(with)
    };
    let mut bodies: Vec<(Rect, Option<Placeholder>)> = l
        .placeholders
        .iter()
        .filter(|p| matches!(p.class(), "body" | "table" | "chart"))
        .filter_map(with)
        .collect();
    // Columns left to right, then top to bottom.
    bodies.sort_by_key(|(r, _)| (r.x, r.y));
    // Two bodies naming the same placeholder (a layout that leaves `idx` off): only the first
    // fills it; the other is a text box, so a slide never repeats an idx.
    let mut seen: Vec<Placeholder> = Vec::new();
    for (_, ph) in &mut bodies {
        if let Some(p) = *ph {
            if seen.contains(&p) {
                *ph = None;
            } else {
                seen.push(p);
            }
        }
    }
    Areas {
        title: first("title"),
        subtitle: first("subtitle"),
        bodies,
        picture: l
            .placeholders
            .iter()
            .filter(|p| p.class() == "picture")
            .find_map(|p| p.rect.map(rect)),
    }
}

/// The least height of a quote's attribution band: a 14 pt line with its insets.
const ATTRIBUTION_MIN: i64 = 411_480;

pub(super) const fn slot(role: SlotRole, rect: Rect, placeholder: Option<Placeholder>) -> Slot {
    Slot {
        role,
        rect,
        placeholder,
    }
}

/// `r` less a band of `h` at its foot (after a gap): (top, band).
fn foot(r: Rect, h: i64) -> (Rect, Rect) {
    let h = h.min(r.h / 3);
    let top = Rect {
        h: (r.h - h - GAP).max(0),
        ..r
    };
    let band = Rect {
        y: r.bottom() - h,
        h,
        ..r
    };
    (top, band)
}

/// Slots from a template layout's placeholders; `None` when it lacks what the layout id needs
/// (then the master areas are used).
#[allow(clippy::too_many_arguments)]
pub(super) fn template_slots(
    p: Preset,
    l: &Layout,
    body_placeholders: bool,
    slide: Rect,
    footer_band: Rect,
    m_title: Rect,
    m_body: Rect,
    clear: &dyn Fn(Rect) -> Rect,
) -> Option<Vec<Slot>> {
    use SlotRole as R;
    let mut a = areas(l, body_placeholders);
    for b in &mut a.bodies {
        b.0 = clear(b.0);
    }
    let footer = slot(R::Footer, footer_band, None);
    let title = a.title.unwrap_or((m_title, None));
    // Our body area under the layout's own title when the layout has no body.
    let m_body = below(m_body, title.0);
    // The main body: the largest (a layout may stack a small heading box over it).
    let body = a
        .bodies
        .iter()
        .copied()
        .reduce(|best, b| if area(b.0) > area(best.0) { b } else { best });
    Some(match p {
        Preset::TitleCenter | Preset::Closing | Preset::SectionHeader => {
            let sub = a.subtitle.or(body)?;
            vec![
                slot(R::Title, title.0, title.1),
                slot(R::Subtitle, sub.0, sub.1),
            ]
        }
        Preset::OneColumn => {
            let b = body.unwrap_or((m_body, None));
            vec![
                slot(R::Title, title.0, title.1),
                slot(R::Body, b.0, b.1),
                footer,
            ]
        }
        Preset::TwoColumn => {
            let (left, right) = match columns(&a.bodies).as_slice() {
                [l, r, ..] => (*l, *r),
                [one] => {
                    let (lr, rr) = split(one.0);
                    ((lr, one.1), (rr, None))
                }
                [] => {
                    let (lr, rr) = split(m_body);
                    ((lr, None), (rr, None))
                }
            };
            vec![
                slot(R::Title, title.0, title.1),
                slot(R::Left, left.0, left.1),
                slot(R::Right, right.0, right.1),
                footer,
            ]
        }
        Preset::ChartFocus | Preset::TableFocus => {
            let b = body.unwrap_or((m_body, None));
            // The layout's own caption placeholder under the body, else a band of the body.
            let (area, caption) = match band_below(&a.bodies, b.0) {
                Some(c) => (b.0, c),
                None => foot(b.0, CAPTION),
            };
            vec![
                slot(R::Title, title.0, title.1),
                slot(R::Body, area, b.1),
                slot(R::Caption, caption, None),
                footer,
            ]
        }
        Preset::QuoteCenter => {
            let b = body.or(a.subtitle).unwrap_or((m_body, None));
            // The layout's attribution placeholder under the quote, else a band of the quote's
            // area: at least a line of caption text (the cap at a third of the area applies).
            let (quote, attribution) = match band_below(&a.bodies, b.0) {
                Some(at) => (b.0, at),
                None => foot(b.0, (b.0.h * 18 / 100).max(ATTRIBUTION_MIN)),
            };
            vec![
                slot(R::Quote, quote, b.1),
                slot(R::Attribution, attribution, None),
                footer,
            ]
        }
        Preset::ImageFullBleed => {
            let picture = a.picture.unwrap_or(slide);
            let caption = body.or(a.subtitle).map(|b| b.0).unwrap_or_else(|| {
                let (_, band) = foot(m_body, CAPTION);
                band
            });
            vec![
                slot(R::Picture, picture, None),
                slot(R::Title, title.0, title.1),
                slot(R::Caption, caption, None),
            ]
        }
        Preset::Blank => vec![
            slot(R::Title, m_title, None),
            slot(R::Body, m_body, None),
            footer,
        ],
    })
}

/// `r` starting a gap below `title` when it starts above that (keeping its foot); unchanged
/// when that would leave it less than half its height.
pub(super) fn below(r: Rect, title: Rect) -> Rect {
    let across = r.x < title.right() && title.x < r.right();
    let top = title.bottom() + GAP;
    if across && r.y < top && (r.bottom() - top) * 2 >= r.h {
        Rect {
            y: top,
            h: r.bottom() - top,
            ..r
        }
    } else {
        r
    }
}

/// A band a layout draws under its main body `main`: the nearest other body placeholder that
/// starts below it and spans at least half its width (a chart's or table's caption line, a
/// quote's attribution), as the built-in theme's layouts have.
fn band_below(bodies: &[(Rect, Option<Placeholder>)], main: Rect) -> Option<Rect> {
    bodies
        .iter()
        .map(|b| b.0)
        .filter(|r| {
            let across = r.right().min(main.right()) - r.x.max(main.x);
            *r != main && r.y >= main.bottom() && r.h > 0 && across * 2 >= main.w
        })
        .min_by_key(|r| (r.y, r.x))
}

fn area(r: Rect) -> i128 {
    i128::from(r.w.max(0)) * i128::from(r.h.max(0))
}

/// The bodies as columns, left to right: bodies whose horizontal extents overlap are one
/// column, represented by its largest body (a "Comparison" layout's heading boxes over its
/// content boxes give two columns, not four).
pub(super) fn columns(bodies: &[(Rect, Option<Placeholder>)]) -> Vec<(Rect, Option<Placeholder>)> {
    let mut cols: Vec<(i64, i64, (Rect, Option<Placeholder>))> = Vec::new();
    for &b in bodies {
        let (x0, x1) = (b.0.x, b.0.right());
        match cols.iter_mut().find(|c| x0 < c.1 && c.0 < x1) {
            Some(c) => {
                c.0 = c.0.min(x0);
                c.1 = c.1.max(x1);
                if area(b.0) > area(c.2 .0) {
                    c.2 = b;
                }
            }
            None => cols.push((x0, x1, b)),
        }
    }
    cols.sort_by_key(|c| (c.0, c.2 .0.y));
    cols.into_iter().map(|c| c.2).collect()
}

/// Two columns of a body area: 55% / 45% of what is left after the gutter.
pub(super) fn split(b: Rect) -> (Rect, Rect) {
    let inner = (b.w - GUTTER).max(0);
    let lw = inner * 55 / 100;
    (
        Rect { w: lw, ..b },
        Rect {
            x: b.x + lw + GUTTER,
            w: inner - lw,
            ..b
        },
    )
}
