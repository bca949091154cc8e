//! A frame from a customer template (issue 27): the template's placeholders come first
//! (docs/guide/templates.md). Each SlideSpec layout goes onto the template layout
//! [`specrender_template::map_layout`] picks; its slots are that layout's placeholders (title,
//! subtitle, bodies by position, picture), with the caption and attribution bands our rules
//! carve out of them; a layout id no template layout fits gets the built-in slots scaled into
//! the master's title and body areas. The safe area is every placeholder's area together, the
//! footer band the master's footer placeholders (date, footer, slide number). A master with no
//! title or body area gets our presets on the slide's safe area instead (issue 45), and a
//! fallback slide on a layout with a title placeholder at the top puts its title there.

use super::{look, Frame, LayoutFrame, Rules, TemplateLayout};
use crate::model::{Placeholder, Preset, Rect};
use crate::preset::{self, Slot, SlotRole, FOOTER_BAND, GAP};
use specrender_spec::deck::{LangFamily, SlideSize, Theme};
use specrender_spec::units::EMU_PER_INCH;
use specrender_template::{map_layout, Layout, Template};
use std::sync::Arc;

mod placeholders;
use placeholders::{areas, below, ph_ref, slot, template_slots};

fn rect(r: specrender_template::Rect) -> Rect {
    Rect {
        x: r.x,
        y: r.y,
        w: r.cx.max(0),
        h: r.cy.max(0),
    }
}

fn union(a: Option<Rect>, b: Rect) -> Rect {
    match a {
        None => b,
        Some(a) => {
            let (x, y) = (a.x.min(b.x), a.y.min(b.y));
            Rect {
                x,
                y,
                w: a.right().max(b.right()) - x,
                h: a.bottom().max(b.bottom()) - y,
            }
        }
    }
}

fn clamp_to(r: Rect, size: SlideSize) -> Rect {
    let x = r.x.clamp(0, size.cx);
    let y = r.y.clamp(0, size.cy);
    Rect {
        x,
        y,
        w: (r.right().min(size.cx) - x).max(0),
        h: (r.bottom().min(size.cy) - y).max(0),
    }
}

/// `r` ending above the footer band (where the slide number and citations go) when it runs
/// into it and that keeps at least half of it: a template whose body placeholder covers its
/// own slide-number placeholder (LibreOffice's Vivid) would otherwise put both in one place.
fn above_band(r: Rect, band: Rect) -> Rect {
    let across = r.x < band.right() && band.x < r.right();
    if across && r.y < band.y && r.bottom() > band.y {
        let h = band.y - GAP - r.y;
        if h * 2 >= r.h {
            return Rect { h, ..r };
        }
    }
    r
}

/// The frame of a template for a deck: slide size and geometry from the template, master
/// text styles at the deck theme's sizes (which `apply_template_theme` took from
/// the template unless the deck set its own). `theme.layouts`
/// (`theme.brand.tokens.layouts`) names template layouts explicitly.
pub fn from_template(t: &Arc<Template>, theme: &Theme, lang: LangFamily) -> Frame {
    let size = SlideSize {
        cx: t.slide_size.0,
        cy: t.slide_size.1,
    };
    let m = master_areas(t, size);
    let host_title = host_title(t, size, m.safe_area);
    let layouts = Preset::ALL
        .into_iter()
        .map(|p| layout_frame(t, theme, p, size, &m, host_title))
        .collect();
    Frame {
        slide_size: size,
        safe_area: m.safe_area,
        footer_band: m.footer_band,
        ea_line_break: lang != LangFamily::Korean,
        layouts,
        look: Arc::new(look(t)),
        logo: None,
    }
}

/// What the master gives every layout: the safe area, the footer band, the title and body
/// areas fallback slots go inside, whether its text styles style bodies, and whether our
/// presets stand in for it.
struct MasterAreas {
    safe_area: Rect,
    footer_band: Rect,
    m_title: Rect,
    m_body: Rect,
    body_placeholders: bool,
    presets: bool,
}

/// The master's areas ([`MasterAreas`]) of template `t` with slides of `size`.
fn master_areas(t: &Template, size: SlideSize) -> MasterAreas {
    let master = t.masters.first();
    let body_placeholders = master.is_some_and(|m| !m.text_styles.body.is_empty());
    let mph = |class: &str| {
        master.and_then(|m| {
            m.placeholders
                .iter()
                .filter(|p| p.class() == class)
                .find_map(|p| p.rect.map(rect))
                .filter(|r| usable(*r, size))
        })
    };
    let (m_title, m_body) = (mph("title"), mph("body"));
    // A master with no title or body area (only footer placeholders, or none at all:
    // python-pptx's one-layout test templates) gives no area to scale our slots into; the
    // footer placeholders alone are no safe area. Our presets on the slide's safe area then
    // (0.5 in margins, the footer band reserved).
    let presets = m_title.is_none() && m_body.is_none();
    // Every placeholder's area together is where content belongs.
    let mut safe: Option<Rect> = None;
    for p in master
        .iter()
        .flat_map(|m| m.placeholders.iter())
        .chain(t.layouts.iter().flat_map(|l| l.placeholders.iter()))
    {
        if let Some(r) = p.rect {
            if r.cx > 0 && r.cy > 0 {
                safe = Some(union(safe, rect(r)));
            }
        }
    }
    let safe_area = match safe {
        Some(r) if !presets => clamp_to(r, size),
        _ => preset::safe_area(size),
    };
    // The master's footer placeholders, else a band at the foot of the safe area.
    let mut footer: Option<Rect> = None;
    for p in master.iter().flat_map(|m| m.placeholders.iter()) {
        if p.class() == "footer" {
            if let Some(r) = p.rect {
                footer = Some(union(footer, rect(r)));
            }
        }
    }
    let footer_band = match footer {
        Some(r) if !presets => clamp_to(r, size),
        _ => clamp_to(
            Rect {
                y: safe_area.bottom() - FOOTER_BAND,
                h: FOOTER_BAND,
                ..safe_area
            },
            size,
        ),
    };
    // The master's title and body areas (fallback slots go inside them); with `presets`,
    // these are the preset's title and body areas exactly.
    let m_title = m_title.unwrap_or(Rect {
        h: safe_area.h * 15 / 100,
        ..safe_area
    });
    let m_body = m_body.unwrap_or(Rect {
        y: m_title.bottom() + GAP,
        h: (footer_band.y - GAP - m_title.bottom() - GAP).max(0),
        ..safe_area
    });
    MasterAreas {
        safe_area,
        footer_band,
        m_title,
        m_body,
        body_placeholders,
        presets,
    }
}

/// The frame of preset `p` on template `t`: the template layout [`map_layout`] picks (or
/// `theme.layouts` names), its slots from that layout's placeholders, else ours scaled into the
/// master's areas, under the layout's title (`host_title`) when it has one at the top.
fn layout_frame(
    t: &Template,
    theme: &Theme,
    p: Preset,
    size: SlideSize,
    m: &MasterAreas,
    host_title: Option<(Rect, Option<Placeholder>)>,
) -> LayoutFrame {
    let slide = Rect {
        x: 0,
        y: 0,
        w: size.cx,
        h: size.cy,
    };
    let MasterAreas {
        footer_band,
        m_title,
        m_body,
        body_placeholders,
        presets,
        ..
    } = *m;
    let our_slots = if presets { "presets" } else { "master" };
    let explicit = theme.layouts.get(p.id()).map(String::as_str);
    let mapping = map_layout(t, p.id(), explicit);
    // A name the template does not have: the next rules decide, and QC says so.
    let explicit_missing = explicit
        .filter(|_| mapping.how != "explicit")
        .map(str::to_string);
    let base = Rules::of(p);
    let chosen = mapping.layout.and_then(|i| t.layouts.get(i));
    // Content that ends above the footer band (slide number, citations).
    let clear = |r: Rect| {
        if base.numbered || base.citations_in_band {
            above_band(r, footer_band)
        } else {
            r
        }
    };
    let m_body = clear(m_body);
    let from_layout = chosen.and_then(|l| {
        template_slots(
            p,
            l,
            body_placeholders,
            slide,
            footer_band,
            m_title,
            m_body,
            &clear,
        )
    });
    let (slots, from) = match (from_layout, host_title) {
        // A layout without a title, body or picture placeholder gives none of them.
        (Some(s), _) if chosen.is_some_and(offers_areas) => (s, "layout"),
        (Some(s), _) => (s, our_slots),
        // Slides of a layout id no template layout fits go onto the template's blank
        // or first layout: its title placeholder carries a content slide's title.
        (None, Some(title)) if chosen.is_none() && has_top_title(p) => (
            under_title(scaled_slots(p, size, footer_band, m_title, m_body), title),
            "layout title",
        ),
        (None, _) => (
            scaled_slots(p, size, footer_band, m_title, m_body),
            our_slots,
        ),
    };
    LayoutFrame {
        preset: p,
        slots,
        numbered: base.numbered,
        centered: base.centered,
        // Text sits on a band over the picture only when the picture is the slide.
        band: base.band && chosen.is_none_or(|l| areas(l, true).picture.is_none()),
        releases_caption: base.releases_caption,
        citations_in_band: base.citations_in_band,
        template_layout: TemplateLayout {
            index: mapping.layout,
            name: mapping.layout_name.unwrap_or_default(),
            how: mapping.how,
            explicit_missing,
            slots: from,
        },
    }
}

/// An area text can go in: at least 1 in wide and 0.3 in tall inside the slide (a
/// placeholder squeezed to a sliver, or off the slide, is no title or body area).
fn usable(r: Rect, size: SlideSize) -> bool {
    let c = clamp_to(r, size);
    c.w >= EMU_PER_INCH && c.h >= EMU_PER_INCH * 3 / 10
}

/// Does layout `l` have a title, subtitle, body or picture placeholder with geometry?
fn offers_areas(l: &Layout) -> bool {
    let a = areas(l, true);
    a.title.is_some() || a.subtitle.is_some() || !a.bodies.is_empty() || a.picture.is_some()
}

/// Layout ids whose title sits at the top of the slide over their content.
fn has_top_title(p: Preset) -> bool {
    matches!(
        p,
        Preset::OneColumn | Preset::TwoColumn | Preset::ChartFocus | Preset::TableFocus
    )
}

/// The title placeholder of the layout a fallback slide goes onto (the template's blank
/// layout, else its first: [`specrender_model::frame::Frame::template_layout_index`]) when it
/// is a title at the top: not a centre title, usable, ending in the top 40% of the slide; the
/// part of it inside the safe area `safe`.
fn host_title(t: &Template, size: SlideSize, safe: Rect) -> Option<(Rect, Option<Placeholder>)> {
    let i = t.layouts.iter().position(|l| l.ty == "blank").unwrap_or(0);
    let l = t.layouts.get(i)?;
    l.placeholders.iter().find_map(|p| {
        // Inside the safe area (which a master without title or body area does not widen).
        let r = rect(p.rect?).intersection(&safe)?;
        let top = p.class() == "title" && p.ty != "ctrTitle";
        (top && usable(r, size) && r.bottom() * 5 <= size.cy * 2).then(|| (r, ph_ref(p)))
    })
}

/// Our slots under a layout's title placeholder: the title slot is the placeholder, and every
/// other slot that starts above its foot starts a gap below it.
fn under_title(slots: Vec<Slot>, title: (Rect, Option<Placeholder>)) -> Vec<Slot> {
    slots
        .into_iter()
        .map(|s| match s.role {
            SlotRole::Title => slot(SlotRole::Title, title.0, title.1),
            SlotRole::Footer | SlotRole::Picture => s,
            _ => Slot {
                rect: below(s.rect, title.0),
                ..s
            },
        })
        .collect()
}

/// No template layout fits: the built-in slots of `p`, mapped from the built-in title and body
/// areas onto the master's (each slot keeps its place relative to the area it was in).
fn scaled_slots(
    p: Preset,
    size: SlideSize,
    footer_band: Rect,
    m_title: Rect,
    m_body: Rect,
) -> Vec<Slot> {
    let (b_title, b_body) = {
        let one = preset::slots(Preset::OneColumn, size);
        let get = |r: SlotRole| {
            one.iter()
                .find(|s| s.role == r)
                .map(|s| s.rect)
                .expect("one_column")
        };
        (get(SlotRole::Title), get(SlotRole::Body))
    };
    // Everything between the built-in title top and body bottom maps onto the master's.
    let (from, to) = (union(Some(b_title), b_body), union(Some(m_title), m_body));
    let map = |r: Rect| -> Rect {
        let sx =
            |v: i64| to.x + ((v - from.x) as i128 * to.w as i128 / from.w.max(1) as i128) as i64;
        let sy =
            |v: i64| to.y + ((v - from.y) as i128 * to.h as i128 / from.h.max(1) as i128) as i64;
        let (x, y) = (sx(r.x), sy(r.y));
        Rect {
            x,
            y,
            w: (sx(r.right()) - x).max(0),
            h: (sy(r.bottom()) - y).max(0),
        }
    };
    preset::slots(p, size)
        .into_iter()
        .map(|s| match s.role {
            SlotRole::Footer => Slot {
                rect: footer_band,
                placeholder: None,
                ..s
            },
            SlotRole::Picture => s,
            _ => Slot {
                rect: map(s.rect).intersection(&to).unwrap_or(to),
                placeholder: None,
                ..s
            },
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::super::branded;
    use super::*;

    /// The built-in look's packages are drawn to the preset geometry: laid out on them, every
    /// layout id gets the preset's slots, safe area and footer band (so moving the default look
    /// onto its package changed no box of any golden deck).
    #[test]
    fn the_default_package_is_the_preset_geometry() {
        for size in [SlideSize::WIDESCREEN, SlideSize::STANDARD] {
            let t = specrender_template::themes::default_for((size.cx, size.cy));
            assert_eq!(t.slide_size, (size.cx, size.cy));
            for lang in [LangFamily::Other, LangFamily::Korean] {
                let theme = specrender_spec::resolve::default_theme(lang);
                let f = from_template(&t, &theme, lang);
                assert_eq!(f.safe_area, preset::safe_area(size), "{size:?}");
                assert_eq!(f.footer_band, preset::footer_band(size), "{size:?}");
                for p in Preset::ALL {
                    let (got, want) = (&f.layout(p).slots, &preset::slots(p, size));
                    let shape = |s: &[Slot]| s.iter().map(|s| (s.role, s.rect)).collect::<Vec<_>>();
                    assert_eq!(shape(got), shape(want), "{size:?} {p:?}");
                    let how = f.layout(p).template_layout.how;
                    assert_eq!(how, "name", "{p:?} maps by its own name");
                    if p != Preset::Blank {
                        let ph = |s: &[Slot]| s.iter().map(|s| s.placeholder).collect::<Vec<_>>();
                        assert_eq!(ph(got), ph(want), "{size:?} {p:?}");
                    }
                }
            }
        }
    }

    /// The brand's fonts go into the theme's font scheme, East Asian ones too, a token equal to
    /// the default included; fonts the input did not set do not.
    #[test]
    fn the_brand_fonts_are_written_into_the_theme() {
        let t = specrender_template::themes::default_for((
            SlideSize::WIDESCREEN.cx,
            SlideSize::WIDESCREEN.cy,
        ));
        let mut theme = specrender_spec::resolve::default_theme(LangFamily::Korean);
        assert!(Arc::ptr_eq(&branded(&t, &theme, LangFamily::Korean), &t));
        theme.fonts.heading_ea = "Noto Serif CJK KR".into();
        theme.fonts.body = "Arial".into();
        // Not set by the input: as good as the default.
        assert!(Arc::ptr_eq(&branded(&t, &theme, LangFamily::Korean), &t));
        for k in ["fonts.heading_ea", "fonts.body"] {
            theme.set.insert(k.into());
        }
        let b = branded(&t, &theme, LangFamily::Korean);
        let th = b.theme().unwrap();
        assert_eq!(th.major.ea, "Noto Serif CJK KR");
        assert_eq!(th.minor.ea, "");
        assert_eq!(th.minor.latin, "Arial");
        assert_eq!(th.major.ea_for("ko-KR"), "Noto Serif CJK KR");
        assert_eq!(th.minor.ea_for("ko-KR"), "Noto Sans CJK KR");
        assert_eq!(th.minor.ea_for("zh-Hans-TW"), "Noto Sans CJK SC");
        assert_eq!(th.minor.ea_for("zh-TW"), "Noto Sans CJK TC");
    }
}
