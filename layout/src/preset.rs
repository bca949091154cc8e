//! Preset geometry: the named slots of each layout, inside the safe area.
//!
//! All presets share the safe area (0.5 in margins) and, on content layouts, a footer band of
//! 0.35 in above the bottom margin reserved for citations and the slide number. Fractions are
//! of the safe area; gaps are fixed. `chart_focus` is the `one_column` title over a chart
//! area and a 0.5 in caption band (for a `role: "caption"` element) above the footer;
//! `table_focus` uses the `one_column` geometry until the issue that draws tables;
//! `image_full_bleed` puts its pictures over the whole slide (a `picture` slot exempt from the
//! safe area) and the title and caption on a band over the bottom 36% of the safe area.
//!
//! This is the geometry the built-in look's package (`themes/default.potx`, written by
//! `tools/make-themes.py`) is drawn to; decks are laid out on that package like on any
//! template, and a test (`frame::template`, the default package is the preset geometry) holds
//! the two equal. Here it gives the fallback slots for a template that lacks a layout id
//! (the fallback of [`crate::frame::from_template`]).

use crate::model::{Placeholder, Preset, Rect};
pub use specrender_model::frame::{Slot, SlotRole};
use specrender_spec::deck::{SlideKind, SlideSize};
use specrender_spec::units::{Emu, EMU_PER_INCH};

pub const MARGIN: Emu = EMU_PER_INCH / 2;
/// 0.35 in.
pub const FOOTER_BAND: Emu = EMU_PER_INCH * 35 / 100;
/// Vertical gap between a title slot and the body below it, and between stacked elements: 0.1 in.
pub const GAP: Emu = EMU_PER_INCH / 10;
/// `chart_focus`'s caption band under the chart: 0.5 in (one line of caption text).
pub const CAPTION: Emu = EMU_PER_INCH / 2;
/// Horizontal gutter between the two columns: 0.3 in.
pub const GUTTER: Emu = EMU_PER_INCH * 3 / 10;

pub fn safe_area(size: SlideSize) -> Rect {
    Rect {
        x: MARGIN,
        y: MARGIN,
        w: size.cx - 2 * MARGIN,
        h: size.cy - 2 * MARGIN,
    }
}

/// The footer band: the bottom 0.35 in of the safe area.
pub fn footer_band(size: SlideSize) -> Rect {
    let s = safe_area(size);
    Rect {
        x: s.x,
        y: s.bottom() - FOOTER_BAND,
        w: s.w,
        h: FOOTER_BAND,
    }
}

/// The preset a slide type falls back to when its `layout_id` is unknown.
pub fn preset_for_kind(kind: SlideKind) -> Preset {
    match kind {
        SlideKind::Title => Preset::TitleCenter,
        SlideKind::Section => Preset::SectionHeader,
        SlideKind::Content => Preset::OneColumn,
        SlideKind::Chart => Preset::ChartFocus,
        SlideKind::Table => Preset::TableFocus,
        SlideKind::Image => Preset::ImageFullBleed,
        SlideKind::Quote => Preset::QuoteCenter,
        SlideKind::Closing => Preset::Closing,
        SlideKind::Custom => Preset::Blank,
    }
}

fn frac(total: Emu, permille: i64) -> Emu {
    total * permille / 1000
}

const fn slot(role: SlotRole, rect: Rect, placeholder: Option<Placeholder>) -> Slot {
    Slot {
        role,
        rect,
        placeholder,
    }
}

/// `chart_focus`'s and `table_focus`'s areas: the title, the body area less a one-line caption
/// band at its foot, and that band.
fn captioned_areas(size: SlideSize) -> (Rect, Rect, Rect) {
    let (title, body) = content_areas(size);
    let main = Rect {
        h: body.h - CAPTION - GAP,
        ..body
    };
    let caption = Rect {
        y: main.bottom() + GAP,
        h: CAPTION,
        ..body
    };
    (title, main, caption)
}

/// The slots of a preset, in fill order.
pub fn slots(preset: Preset, size: SlideSize) -> Vec<Slot> {
    use Placeholder::{Body, CenterTitle, Subtitle, Title};
    use SlotRole as R;
    let s = safe_area(size);
    let footer = slot(R::Footer, footer_band(size), None);
    // A full-width band of the safe area, `y` and `h` in per mille of its height.
    let at = |y: i64, h: i64| Rect {
        x: s.x,
        y: s.y + frac(s.h, y),
        w: s.w,
        h: frac(s.h, h),
    };
    match preset {
        Preset::TitleCenter => vec![
            slot(R::Title, at(250, 250), Some(CenterTitle)),
            slot(R::Subtitle, at(530, 200), Some(Subtitle)),
        ],
        Preset::SectionHeader => vec![
            slot(R::Title, at(300, 280), Some(Title)),
            slot(R::Subtitle, at(610, 180), Some(Body(1))),
        ],
        Preset::Closing => vec![
            slot(R::Title, at(280, 220), Some(CenterTitle)),
            slot(R::Subtitle, at(530, 250), Some(Subtitle)),
        ],
        Preset::QuoteCenter => {
            // Inset by 10% of the width on each side.
            let inset = frac(s.w, 100);
            let q = |y: i64, h: i64| Rect {
                x: s.x + inset,
                w: s.w - 2 * inset,
                ..at(y, h)
            };
            vec![
                slot(R::Quote, q(150, 500), Some(Body(1))),
                slot(R::Attribution, q(680, 150), None),
                footer,
            ]
        }
        Preset::TwoColumn => {
            let (title, body) = content_areas(size);
            // Left 55% / right 45% of the width left after the gutter.
            let inner = s.w - GUTTER;
            let lw = frac(inner, 550);
            let left = Rect { w: lw, ..body };
            let right = Rect {
                x: s.x + lw + GUTTER,
                w: inner - lw,
                ..body
            };
            vec![
                slot(R::Title, title, Some(Title)),
                slot(R::Left, left, Some(Body(1))),
                slot(R::Right, right, Some(Body(2))),
                footer,
            ]
        }
        Preset::ChartFocus => {
            // The chart takes the body area less a one-line caption band at its foot.
            let (title, chart, caption) = captioned_areas(size);
            vec![
                slot(R::Title, title, Some(Title)),
                slot(R::Body, chart, Some(Body(1))),
                slot(R::Caption, caption, None),
                footer,
            ]
        }
        Preset::ImageFullBleed => {
            // The picture covers the slide; title and caption sit on one band across the
            // bottom of the safe area (drawn as a translucent fill behind their text).
            let whole = Rect {
                x: 0,
                y: 0,
                w: size.cx,
                h: size.cy,
            };
            vec![
                slot(R::Picture, whole, None),
                slot(R::Title, at(640, 180), Some(Title)),
                slot(R::Caption, at(820, 180), None),
            ]
        }
        Preset::TableFocus => {
            // The table area is the body less a caption band at its foot, like `chart_focus`;
            // the band is optional: with no element in it, the table takes it back
            // ([`release_unused_caption`]).
            let (title, table, caption) = captioned_areas(size);
            vec![
                slot(R::Title, title, Some(Title)),
                slot(R::Body, table, Some(Body(1))),
                slot(R::Caption, caption, None),
                footer,
            ]
        }
        Preset::OneColumn | Preset::Blank => {
            let (title, body) = content_areas(size);
            vec![
                slot(R::Title, title, Some(Title)),
                slot(R::Body, body, Some(Body(1))),
                footer,
            ]
        }
    }
}

/// `table_focus`'s caption band (its layout `releases_caption`) is for a caption (`role: "caption"`): when no element of the
/// slide goes there, the table area grows over it, since a table needs every row it can get.
pub fn release_unused_caption(slots: &mut Vec<Slot>, used: impl Fn(SlotRole) -> bool) {
    if used(SlotRole::Caption) {
        return;
    }
    if let Some(ci) = slots.iter().position(|s| s.role == SlotRole::Caption) {
        let cap = slots.remove(ci);
        if let Some(b) = slots.iter_mut().find(|s| s.role == SlotRole::Body) {
            b.rect.h = cap.rect.bottom() - b.rect.y;
        }
    }
}

/// Content layouts: the title takes the top 15% of the safe area; the body runs from a gap
/// below it down to a gap above the footer band.
fn content_areas(size: SlideSize) -> (Rect, Rect) {
    let s = safe_area(size);
    let band = footer_band(size);
    let title = Rect {
        h: frac(s.h, 150),
        ..s
    };
    let body_y = title.bottom() + GAP;
    let body = Rect {
        x: s.x,
        y: body_y,
        w: s.w,
        h: band.y - GAP - body_y,
    };
    (title, body)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_slot_inside_the_safe_area_and_disjoint() {
        for size in [SlideSize::WIDESCREEN, SlideSize::STANDARD] {
            let safe = safe_area(size);
            for p in Preset::ALL {
                // The full-bleed picture slot covers the slide and everything on it.
                let slots: Vec<Slot> = slots(p, size)
                    .into_iter()
                    .filter(|s| s.role != SlotRole::Picture)
                    .collect();
                for (i, a) in slots.iter().enumerate() {
                    assert!(safe.contains(&a.rect), "{p:?} {a:?}");
                    for b in &slots[i + 1..] {
                        assert!(a.rect.intersection(&b.rect).is_none(), "{p:?} {a:?} {b:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn two_column_split_is_55_45() {
        let s = slots(Preset::TwoColumn, SlideSize::WIDESCREEN);
        let (l, r) = (s[1].rect, s[2].rect);
        assert_eq!(l.w + r.w + GUTTER, safe_area(SlideSize::WIDESCREEN).w);
        assert!((l.w as f64 / (l.w + r.w) as f64 - 0.55).abs() < 0.001);
        assert_eq!(r.right(), safe_area(SlideSize::WIDESCREEN).right());
    }
}
