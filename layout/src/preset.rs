//! Preset geometry: the named slots of each layout, inside the safe area.
//!
//! All presets share the safe area (0.5 in margins) and, on content layouts, a footer band of
//! 0.35 in above the bottom margin reserved for citations and the slide number. Fractions are
//! of the safe area; gaps are fixed. `chart_focus`, `table_focus` and `image_full_bleed` use
//! the `one_column` geometry until the issues that draw charts, tables and images.
//!
//! This is the one source of slot geometry: the slide layouts and the master the writer emits
//! are [`slide_layouts`] and [`master_placeholders`], made from the same slots the slides are
//! laid out in.

use crate::model::{LayoutPlaceholder, Placeholder, Preset, Rect, SlideLayout};
use specrender_spec::deck::{SlideKind, SlideSize};
use specrender_spec::units::{Emu, EMU_PER_INCH};

pub const MARGIN: Emu = EMU_PER_INCH / 2;
/// 0.35 in.
pub const FOOTER_BAND: Emu = 320_040;
/// Vertical gap between a title slot and the body below it, and between stacked elements: 0.1 in.
pub const GAP: Emu = 91_440;
/// Horizontal gutter between the two columns: 0.3 in.
pub const GUTTER: Emu = 274_320;

/// What a slot is for: decides default size, colour and alignment of its text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum SlotRole {
    Title,
    Subtitle,
    Body,
    Left,
    Right,
    Quote,
    Attribution,
    Footer,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Slot {
    pub role: SlotRole,
    pub rect: Rect,
    pub placeholder: Option<Placeholder>,
}

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

/// The slots of a preset, in fill order.
pub fn slots(preset: Preset, size: SlideSize) -> Vec<Slot> {
    let s = safe_area(size);
    let band = footer_band(size);
    // Content layouts: title = top 15% of the safe area; body below it down to the band.
    let title_h = frac(s.h, 150);
    let title = Rect {
        x: s.x,
        y: s.y,
        w: s.w,
        h: title_h,
    };
    let body_y = s.y + title_h + GAP;
    let body = Rect {
        x: s.x,
        y: body_y,
        w: s.w,
        h: band.y - GAP - body_y,
    };
    let footer = Slot {
        role: SlotRole::Footer,
        rect: band,
        placeholder: None,
    };
    let at = |y: i64, h: i64| Rect {
        x: s.x,
        y: s.y + frac(s.h, y),
        w: s.w,
        h: frac(s.h, h),
    };
    match preset {
        Preset::TitleCenter => vec![
            Slot {
                role: SlotRole::Title,
                rect: at(250, 250),
                placeholder: Some(Placeholder::CenterTitle),
            },
            Slot {
                role: SlotRole::Subtitle,
                rect: at(530, 200),
                placeholder: Some(Placeholder::Subtitle),
            },
        ],
        Preset::SectionHeader => vec![
            Slot {
                role: SlotRole::Title,
                rect: at(300, 280),
                placeholder: Some(Placeholder::Title),
            },
            Slot {
                role: SlotRole::Subtitle,
                rect: at(610, 180),
                placeholder: Some(Placeholder::Body(1)),
            },
        ],
        Preset::Closing => vec![
            Slot {
                role: SlotRole::Title,
                rect: at(280, 220),
                placeholder: Some(Placeholder::CenterTitle),
            },
            Slot {
                role: SlotRole::Subtitle,
                rect: at(530, 250),
                placeholder: Some(Placeholder::Subtitle),
            },
        ],
        Preset::QuoteCenter => {
            let inset = frac(s.w, 100);
            let q = |y: i64, h: i64| Rect {
                x: s.x + inset,
                y: s.y + frac(s.h, y),
                w: s.w - 2 * inset,
                h: frac(s.h, h),
            };
            vec![
                Slot {
                    role: SlotRole::Quote,
                    rect: q(150, 500),
                    placeholder: Some(Placeholder::Body(1)),
                },
                Slot {
                    role: SlotRole::Attribution,
                    rect: q(680, 150),
                    placeholder: None,
                },
                footer,
            ]
        }
        Preset::TwoColumn => {
            // Left 55% / right 45% of the width left after the gutter.
            let inner = s.w - GUTTER;
            let lw = frac(inner, 550);
            let left = Rect {
                x: s.x,
                y: body.y,
                w: lw,
                h: body.h,
            };
            let right = Rect {
                x: s.x + lw + GUTTER,
                y: body.y,
                w: inner - lw,
                h: body.h,
            };
            vec![
                Slot {
                    role: SlotRole::Title,
                    rect: title,
                    placeholder: Some(Placeholder::Title),
                },
                Slot {
                    role: SlotRole::Left,
                    rect: left,
                    placeholder: Some(Placeholder::Body(1)),
                },
                Slot {
                    role: SlotRole::Right,
                    rect: right,
                    placeholder: Some(Placeholder::Body(2)),
                },
                footer,
            ]
        }
        Preset::OneColumn
        | Preset::ChartFocus
        | Preset::TableFocus
        | Preset::ImageFullBleed
        | Preset::Blank => vec![
            Slot {
                role: SlotRole::Title,
                rect: title,
                placeholder: Some(Placeholder::Title),
            },
            Slot {
                role: SlotRole::Body,
                rect: body,
                placeholder: Some(Placeholder::Body(1)),
            },
            footer,
        ],
    }
}

/// The placeholders of a preset's slots, in slot order. `custom` slides (the blank layout)
/// place every element by its box, so their layout has none.
fn placeholders(preset: Preset, size: SlideSize) -> Vec<LayoutPlaceholder> {
    if preset == Preset::Blank {
        return Vec::new();
    }
    slots(preset, size)
        .into_iter()
        .filter_map(|s| {
            s.placeholder.map(|placeholder| LayoutPlaceholder {
                placeholder,
                rect: s.rect,
            })
        })
        .collect()
}

/// One slide layout per preset, in [`Preset::ALL`] order.
pub fn slide_layouts(size: SlideSize) -> Vec<SlideLayout> {
    Preset::ALL
        .into_iter()
        .map(|preset| SlideLayout {
            preset,
            placeholders: placeholders(preset, size),
        })
        .collect()
}

/// The slide master's placeholders: the title and body of `one_column`, from which every
/// layout's title and body inherit.
pub fn master_placeholders(size: SlideSize) -> Vec<LayoutPlaceholder> {
    placeholders(Preset::OneColumn, size)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_slot_inside_the_safe_area_and_disjoint() {
        for size in [SlideSize::WIDESCREEN, SlideSize::STANDARD] {
            let safe = safe_area(size);
            for p in Preset::ALL {
                let slots = slots(p, size);
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
