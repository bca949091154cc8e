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
use crate::preset::{self, Slot, SlotRole, CAPTION, FOOTER_BAND, GAP, GUTTER};
use specrender_spec::deck::{LangFamily, SlideSize, Theme};
use specrender_spec::units::EMU_PER_INCH;
use specrender_template::{map_layout, Layout, Placeholder as TplPh, Template};
use std::sync::Arc;

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

/// The placeholder a slot of this class fills.
fn ph_ref(p: &TplPh) -> Option<Placeholder> {
    Some(match p.class() {
        "title" if p.ty == "ctrTitle" => Placeholder::CenterTitle,
        "title" => Placeholder::Title,
        "subtitle" => Placeholder::Subtitle,
        "body" | "table" | "chart" => Placeholder::Body(p.idx.unwrap_or(1)),
        _ => return None,
    })
}

struct Areas {
    title: Option<(Rect, Option<Placeholder>)>,
    subtitle: Option<(Rect, Option<Placeholder>)>,
    bodies: Vec<(Rect, Option<Placeholder>)>,
    picture: Option<Rect>,
}

/// `body_placeholders`: bodies are filled as placeholders. A master without `p:txStyles`
/// body levels (LibreOffice writes its outline formats into the master's placeholder instead)
/// makes LibreOffice indent a body placeholder's bullets by its own outline numbering, whatever
/// the paragraph says (conformance: text 0.25 in further right, lines wrapping early); there
/// bodies are written as text boxes, which it draws as written.
fn areas(l: &Layout, body_placeholders: bool) -> Areas {
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

/// The least height of a quote's attribution band: a 14 pt line with its insets.
const ATTRIBUTION_MIN: i64 = 411_480;

const fn slot(role: SlotRole, rect: Rect, placeholder: Option<Placeholder>) -> Slot {
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

/// The frame of a template for a deck: slide size and geometry from the template, master
/// text styles at the deck theme's sizes (which `apply_template_theme` took from
/// the template unless the deck set its own). `theme.layouts`
/// (`theme.brand.tokens.layouts`) names template layouts explicitly.
pub fn from_template(t: &Arc<Template>, theme: &Theme, lang: LangFamily) -> Frame {
    let size = SlideSize {
        cx: t.slide_size.0,
        cy: t.slide_size.1,
    };
    let slide = Rect {
        x: 0,
        y: 0,
        w: size.cx,
        h: size.cy,
    };
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
    let host_title = host_title(t, size, safe_area);
    let our_slots = if presets { "presets" } else { "master" };
    let layouts = Preset::ALL
        .into_iter()
        .map(|p| {
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
        })
        .collect();
    Frame {
        slide_size: size,
        safe_area,
        footer_band,
        ea_line_break: lang != LangFamily::Korean,
        layouts,
        look: Arc::new(look(t)),
        logo: None,
    }
}

/// Slots from a template layout's placeholders; `None` when it lacks what the layout id needs
/// (then the master areas are used).
#[allow(clippy::too_many_arguments)]
fn template_slots(
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

/// An area text can go in: at least 1 in wide and 0.3 in tall inside the slide (a
/// placeholder squeezed to a sliver, or off the slide, is no title or body area).
fn usable(r: Rect, size: SlideSize) -> bool {
    let c = clamp_to(r, size);
    c.w >= EMU_PER_INCH && c.h >= EMU_PER_INCH * 3 / 10
}

/// `r` starting a gap below `title` when it starts above that (keeping its foot); unchanged
/// when that would leave it less than half its height.
fn below(r: Rect, title: Rect) -> Rect {
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
fn columns(bodies: &[(Rect, Option<Placeholder>)]) -> Vec<(Rect, Option<Placeholder>)> {
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
fn split(b: Rect) -> (Rect, Rect) {
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

/// A deck as it goes onto a template, decided without changing the deck: the template to lay
/// out and write with (the brand colours and fonts the deck sets written into its theme,
/// [`branded`]; `t` itself when the deck sets no brand), and the theme, slide size and notes
/// the deck is laid out with ([`apply_template_theme`]).
#[derive(Debug, Clone)]
pub struct OnTemplate {
    pub template: std::sync::Arc<Template>,
    pub theme: Theme,
    pub slide_size: SlideSize,
    /// Notes on what the template changed (its slide size, values clamped), after the deck's
    /// own.
    pub notes: Vec<specrender_spec::deck::ResolveNote>,
}

/// `deck` on template `t` ([`OnTemplate`]).
pub fn on_template(deck: &specrender_spec::deck::Deck, t: &std::sync::Arc<Template>) -> OnTemplate {
    let template = branded(t, &deck.theme, deck.lang);
    let mut on = OnTemplate {
        template: template.clone(),
        theme: deck.theme.clone(),
        slide_size: deck.slide_size,
        notes: Vec::new(),
    };
    let brand_primary = deck
        .theme
        .set
        .contains("colors.primary")
        .then_some(deck.theme.colors.primary);
    apply_template_theme(&mut on, &deck.language, &template);
    // Titles in the template's accent1 show the brand's primary: the brand's colour, which is
    // reported (`low_contrast`) but never changed, unlike a colour taken from the template.
    if brand_primary.is_some() && on.theme.colors.heading == brand_primary {
        on.theme.from_template.remove("heading");
    }
    on
}

/// Template `t` with the brand colours and fonts `theme` sets (every token the input set, equal
/// to the default for `lang` or not) written into its theme ([`Template::branded`]: its accents, text and
/// background slots, its Latin and East Asian theme fonts); `t` itself when the theme sets no
/// brand.
pub fn branded(
    t: &std::sync::Arc<Template>,
    theme: &Theme,
    lang: LangFamily,
) -> std::sync::Arc<Template> {
    let _ = lang;
    let set = |group: &str, k: &str| theme.set.contains(&format!("{group}.{k}"));
    let c = &theme.colors;
    let rgb = |x: specrender_spec::deck::Rgb| [x.0, x.1, x.2];
    let colors: Vec<(&str, [u8; 3])> = [
        ("text", c.text),
        ("background", c.background),
        ("primary", c.primary),
        ("secondary", c.secondary),
        ("accent", c.accent),
    ]
    .into_iter()
    .filter(|(k, _)| set("colors", k))
    .map(|(k, v)| (k, rgb(v)))
    .collect();
    let f = &theme.fonts;
    let fonts: Vec<(&str, &str)> = [
        ("heading", &f.heading),
        ("body", &f.body),
        ("heading_ea", &f.heading_ea),
        ("body_ea", &f.body_ea),
    ]
    .into_iter()
    .filter(|(k, _)| set("fonts", k))
    .map(|(k, v)| (k, v.as_str()))
    .collect();
    if colors.is_empty() && fonts.is_empty() {
        t.clone()
    } else {
        std::sync::Arc::new(t.branded(&colors, &fonts))
    }
}

/// The title and body text sizes a template may give a deck (centipoints): 6 to 200 pt, the
/// range brand tokens are clamped to.
pub const TEMPLATE_SIZES: std::ops::RangeInclusive<u32> = 600..=20_000;

/// A deck put on a template: the template's slide size wins over `theme.slide_size` (a low
/// note when they differ); the template's theme fonts (heading = major, body = minor; an empty
/// `ea` through the script fonts of the deck's language), title and body sizes (master text
/// styles) and colours (title and body text as the master writes them, else `tx1`; the
/// background `bg1`; primary, secondary and accent from `accent1`..`accent3`, through the
/// master's colour map) replace the deck's where the deck set no token — a brand token the
/// deck sets wins, equal to the default or not. The template's title and body sizes are taken
/// within [`TEMPLATE_SIZES`] (clamped with a `template_value_clamped` note; such a size never
/// lowers an element's `min_font` floor), and what the template clamped when it was read is
/// noted the same way.
pub fn apply_template_theme(on: &mut OnTemplate, language: &str, t: &Template) {
    use specrender_spec::deck::Rgb;
    let (cx, cy) = t.slide_size;
    if (on.slide_size.cx, on.slide_size.cy) != (cx, cy) {
        on.notes.push(specrender_spec::deck::ResolveNote {
            path: "/theme/slide_size".into(),
            code: specrender_spec::Code::TemplateSlideSize,
            message: format!(
                "the template's slides are {:.2} x {:.2} in; the deck is laid out at that size",
                cx as f64 / 914_400.0,
                cy as f64 / 914_400.0
            ),
        });
        on.slide_size = SlideSize { cx, cy };
    }
    for message in &t.clamped {
        on.notes.push(specrender_spec::deck::ResolveNote {
            path: "/theme/template_ref".into(),
            code: specrender_spec::Code::TemplateValueClamped,
            message: message.clone(),
        });
    }
    let set = on.theme.set.clone();
    let unset = |k: &str| !set.contains(k);
    if let Some(m) = t.masters.first() {
        let size =
            |v: &[specrender_template::LevelStyle]| v.first().and_then(|l| l.size_hundredths_pt);
        for (key, which, levels) in [
            ("sizes.title", "title", &m.text_styles.title),
            ("sizes.body", "body", &m.text_styles.body),
        ] {
            let Some(v) = size(levels).filter(|_| unset(key)) else {
                continue;
            };
            let got = v.clamp(*TEMPLATE_SIZES.start(), *TEMPLATE_SIZES.end());
            if got != v {
                on.notes.push(specrender_spec::deck::ResolveNote {
                    path: "/theme/template_ref".into(),
                    code: specrender_spec::Code::TemplateValueClamped,
                    message: format!(
                        "{}: the template's {which} text size {} pt is outside {}-{} pt; {} pt is used",
                        m.part,
                        v as f64 / 100.0,
                        TEMPLATE_SIZES.start() / 100,
                        TEMPLATE_SIZES.end() / 100,
                        got as f64 / 100.0
                    ),
                });
            }
            let s = &mut on.theme.sizes;
            if which == "title" {
                s.title = got;
                on.theme.from_template.insert("size_title");
            } else {
                s.body = got;
                on.theme.from_template.insert("size_body");
            }
        }
    }
    let Some(th) = t.theme() else { return };
    let f = &mut on.theme.fonts;
    let lang = language;
    let take = |slot: &mut String, key: &str, from: &str| {
        if unset(key) && !from.trim().is_empty() && !from.starts_with('+') {
            *slot = from.to_string();
        }
    };
    take(&mut f.heading, "fonts.heading", &th.major.latin);
    take(&mut f.body, "fonts.body", &th.minor.latin);
    take(&mut f.heading_ea, "fonts.heading_ea", th.major.ea_for(lang));
    take(&mut f.body_ea, "fonts.body_ea", th.minor.ea_for(lang));
    // Colours as the template's master shows them: its title and body text colour (the
    // master placeholder's list style, else its text styles, else tx1) and bg1, through its
    // colour map.
    let Some(m) = t.masters.first() else { return };
    let rgb = |c: [u8; 3]| Rgb(c[0], c[1], c[2]);
    let text_color = |class: &str, levels: &[specrender_template::LevelStyle]| {
        let written = m
            .placeholders
            .iter()
            .filter(|p| p.class() == class)
            .find_map(|p| p.color.clone())
            .or_else(|| levels.first().and_then(|l| l.color.clone()));
        match written {
            Some(c) => match t.paint(0, &specrender_template::Fill::Solid(c)) {
                specrender_template::Paint::Colors(v) => v.first().copied(),
                _ => None,
            },
            None => t.scheme_color(0, "tx1"),
        }
    };
    let took = &mut on.theme.from_template;
    let c = &mut on.theme.colors;
    if unset("colors.text") {
        if let Some(v) = text_color("body", &m.text_styles.body) {
            c.text = rgb(v);
            took.insert("text");
        }
    }
    if unset("colors.background") {
        if let Some(v) = t.scheme_color(0, "bg1") {
            c.background = rgb(v);
            took.insert("background");
        }
    }
    // The template's accents colour charts, table headers and shapes; its title colour the
    // titles (a brand's primary reaches them through the colour scheme it rewrote, when the
    // template's titles use an accent: see `Template::branded`).
    if let Some(v) = text_color("title", &m.text_styles.title) {
        c.heading = Some(rgb(v));
        took.insert("heading");
    }
    if unset("colors.primary") {
        if let Some(v) = t.scheme_color(0, "accent1") {
            c.primary = rgb(v);
        }
    }
    if unset("colors.secondary") {
        if let Some(v) = t.scheme_color(0, "accent2") {
            c.secondary = rgb(v);
        }
    }
    if unset("colors.accent") {
        if let Some(v) = t.scheme_color(0, "accent3") {
            c.accent = rgb(v);
        }
    }
}

#[cfg(test)]
mod tests {
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
