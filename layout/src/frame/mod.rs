//! The frame: everything a look is made of, as one value that layout reads and the writer
//! writes from — the slide size and safe area, the footer band, the master (its placeholders
//! and the text styles of its title, body and other text), and one layout per SlideSpec
//! `layout_id` (its name and OOXML type, the slots slides are laid out in, the placeholders
//! the layout part declares, and the per-layout rules: numbered, centred text, a band behind
//! text over a picture, a caption band a table may take back). The [`Frame`] type lives in
//! `specrender-model` (re-exported here); this module makes it and decides with it.
//!
//! Every deck is laid out on a template's frame ([`from_template`]): a customer's, or the
//! built-in look's own package (`themes/default.potx`, `default-4x3.potx`; issue 20, see
//! [`default_look`]), so layout and the writer never need to know which they are on. The
//! preset geometry (`preset.rs`) that package was drawn to gives each layout id its rules and the
//! slots scaled into a template that lacks a layout id; [`look`] resolves the template into the
//! frame's [`Frame::look`] (what QC, the writer and the preview read). [`legible`] reads the
//! look, [`graphic_placeholder`] and [`bullet_color`] the template, for layout's choices;
//! [`mirror_columns`] and
//! [`place_logo`] adjust a frame for a right-to-left deck and a brand logo.

use crate::model::{Placeholder, Preset, Rect};
use crate::preset;
pub use specrender_model::frame::{Frame, FrameLogo, LayoutFrame, TemplateLayout};
use specrender_spec::deck::{LangFamily, Rgb, SlideSize, Theme};
use specrender_spec::units::{Emu, EMU_PER_INCH};

mod look;
mod on_template;
mod pictures;
mod template;
pub use look::look;
pub use on_template::{apply_template_theme, branded, on_template, OnTemplate, TEMPLATE_SIZES};
pub use template::from_template;

/// A logo keeps 0.3 in from the slide's edges and 0.1 in from content; at most 2.5 in wide.
const LOGO_MARGIN: Emu = EMU_PER_INCH * 3 / 10;
const LOGO_GAP: Emu = EMU_PER_INCH / 10;
const LOGO_MAX_W: Emu = EMU_PER_INCH * 5 / 2;

pub use specrender_model::frame::{ThemeFont, ThemeFrame};

pub use specrender_model::rules::{MIN_CONTRAST, MIN_CONTRAST_LARGE};

/// The brand's colours and fonts as a theme. Colour mapping (brand token -> scheme slot):
/// `dk1` = text, `lt1` = background, `dk2` = primary, `lt2` = muted, `accent1` = primary,
/// `accent2` = secondary, `accent3` = accent, `accent4` = muted, `accent5` = primary
/// tinted 50% toward background, `accent6` = secondary tinted 50% toward background,
/// `hlink` = primary, `folHlink` = secondary. Fonts: major latin = `fonts.heading`, ea =
/// `fonts.heading_ea`; minor latin = `fonts.body`, ea = `fonts.body_ea`; cs empty.
pub fn theme_frame(theme: &Theme) -> ThemeFrame {
    let c = &theme.colors;
    let mix = |a: Rgb, b: Rgb| {
        let m = |x: u8, y: u8| ((u16::from(x) + u16::from(y)) / 2) as u8;
        Rgb(m(a.0, b.0), m(a.1, b.1), m(a.2, b.2))
    };
    let scheme_name = if theme.brand_kit_id.is_empty() {
        "specrender".to_string()
    } else {
        theme.brand_kit_id.clone()
    };
    ThemeFrame {
        name: format!("specrender {}", theme.template_id),
        scheme_name,
        colors: vec![
            ("dk1", c.text),
            ("lt1", c.background),
            ("dk2", c.primary),
            ("lt2", c.muted),
            ("accent1", c.primary),
            ("accent2", c.secondary),
            ("accent3", c.accent),
            ("accent4", c.muted),
            ("accent5", mix(c.primary, c.background)),
            ("accent6", mix(c.secondary, c.background)),
            ("hlink", c.primary),
            ("folHlink", c.secondary),
        ],
        major_font: ThemeFont {
            latin: theme.fonts.heading.clone(),
            ea: theme.fonts.heading_ea.clone(),
            cs: String::new(),
        },
        minor_font: ThemeFont {
            latin: theme.fonts.body.clone(),
            ea: theme.fonts.body_ea.clone(),
            cs: String::new(),
        },
    }
}

/// The colour viewers draw the bullets of a slide placeholder `ph` in on a slide of
/// `preset`: the `a:buClr` its template layout placeholder, master placeholder or master
/// text style gives it, through the master's theme; `None` when it is the text's colour.
pub fn bullet_color(
    t: &specrender_template::Template,
    frame: &Frame,
    preset: Preset,
    ph: Placeholder,
) -> Option<Rgb> {
    let i = frame.template_layout_index(preset)?;
    let (ty, idx) = ph.ooxml();
    let [r, g, b] = t.bullet_color(i, ty, idx)?;
    Some(Rgb(r, g, b))
}

/// A text colour legible where `rect` lies on a slide of `preset`: `color` when it has
/// [`MIN_CONTRAST`] against every colour the template shows there, else `fallback` when
/// that has, else black or white, whichever contrasts more. Unchanged where the template
/// shows a picture (nothing to judge).
pub fn legible(frame: &Frame, preset: Preset, rect: Rect, color: Rgb, fallback: Rgb) -> Rgb {
    use specrender_model::color::contrast;
    use specrender_model::Paint;
    let Some(i) = frame.template_layout_index(preset) else {
        return color;
    };
    let Some(Paint::Colors(under)) = frame.look.backdrop(i, rect).map(|b| b.paint) else {
        return color;
    };
    let worst = |c: Rgb| {
        under
            .iter()
            .map(|u| contrast([c.0, c.1, c.2], *u))
            .fold(f64::INFINITY, f64::min)
    };
    if worst(color) >= MIN_CONTRAST {
        return color;
    }
    if worst(fallback) >= MIN_CONTRAST {
        return fallback;
    }
    let (black, white) = (Rgb(0, 0, 0), Rgb(255, 255, 255));
    if worst(black) >= worst(white) {
        black
    } else {
        white
    }
}

/// The placeholder of the layout of `preset` a picture (`kind` `pic`),
/// chart (`chart`) or table (`tbl`) placed at `rect` fills: one of that type or a content
/// (`obj`) placeholder, with an `idx`, covering at least half of `rect`; `taken` idxs are
/// skipped (a slide never repeats one).
pub fn graphic_placeholder(
    t: &specrender_template::Template,
    frame: &Frame,
    preset: Preset,
    rect: Rect,
    kind: &'static str,
    taken: &[u32],
) -> Option<Placeholder> {
    let l = t.layouts.get(frame.template_layout_index(preset)?)?;
    let area = i128::from(rect.w.max(0)) * i128::from(rect.h.max(0));
    l.placeholders.iter().find_map(|p| {
        let idx = p.idx.filter(|i| !taken.contains(i))?;
        let ty: &'static str = match p.ty.as_str() {
            "obj" => "obj",
            t if t == kind => kind,
            _ => return None,
        };
        let r = p.rect?;
        let (x0, y0) = (rect.x.max(r.x), rect.y.max(r.y));
        let x1 = rect.right().min(r.x + r.cx);
        let y1 = rect.bottom().min(r.y + r.cy);
        let inter = i128::from((x1 - x0).max(0)) * i128::from((y1 - y0).max(0));
        (area > 0 && inter * 2 >= area).then_some(Placeholder::Graphic(ty, idx))
    })
}

/// The built-in look (issue 20): the frame of the default package for `size`
/// (`themes/default.potx`, or `default-4x3.potx` at 4:3) with `theme`'s brand in its theme,
/// as a deck without a template is laid out on.
pub fn default_look(size: SlideSize, theme: &Theme, lang: LangFamily) -> Frame {
    let t = specrender_template::themes::default_for((size.cx, size.cy));
    from_template(&on_template::branded(&t, theme, lang), theme, lang)
}

/// A right-to-left deck's frame: `two_column`'s columns mirrored about the slide's
/// vertical centre line, so the first column (`left`, 55% on the built-in look) is on the
/// right and the second on the left (the template's layout part is the template's: slides
/// carry their own frames). Called before the logo is placed, so the logo still carves the
/// mirrored slots.
pub fn mirror_columns(frame: &mut Frame) {
    let cx = frame.slide_size.cx;
    let mirror = |r: &mut Rect| r.x = cx - r.x - r.w;
    for l in frame
        .layouts
        .iter_mut()
        .filter(|l| l.preset == Preset::TwoColumn)
    {
        for s in &mut l.slots {
            if matches!(s.role, preset::SlotRole::Left | preset::SlotRole::Right) {
                mirror(&mut s.rect);
            }
        }
    }
}

/// Places the brand's logo (`height` EMU, an image of `pixels`) in `corner` of the slide
/// and keeps content clear of it: every slot that would run under it gives up the side
/// facing it (its width, else its height, whichever keeps more), and the footer band ends
/// before it. A layout that hides the master's shapes keeps its slots.
pub fn place_logo(
    frame: &mut Frame,
    asset_id: &str,
    corner: &str,
    height: Emu,
    image: std::sync::Arc<crate::picture::Image>,
) {
    let pixels = image.shown_size();
    let (pw, ph) = (pixels.0.max(1) as i64, pixels.1.max(1) as i64);
    let (mut w, mut h) = (height * pw / ph, height);
    if w > LOGO_MAX_W {
        h = h * LOGO_MAX_W / w;
        w = LOGO_MAX_W;
    }
    let (cx, cy) = (frame.slide_size.cx, frame.slide_size.cy);
    let right = corner.ends_with("right");
    let bottom = corner.starts_with("bottom");
    let rect = Rect {
        x: if right {
            cx - LOGO_MARGIN - w
        } else {
            LOGO_MARGIN
        },
        y: if bottom {
            cy - LOGO_MARGIN - h
        } else {
            LOGO_MARGIN
        },
        w,
        h,
    };
    let keep = |r: Rect| -> Rect {
        let grown = Rect {
            x: rect.x - LOGO_GAP,
            y: rect.y - LOGO_GAP,
            w: rect.w + 2 * LOGO_GAP,
            h: rect.h + 2 * LOGO_GAP,
        };
        if r.intersection(&grown).is_none() {
            return r;
        }
        let across = if right {
            Rect {
                w: (grown.x - r.x).max(0),
                ..r
            }
        } else {
            let x = grown.right().max(r.x);
            Rect {
                x,
                w: (r.right() - x).max(0),
                ..r
            }
        };
        let down = if bottom {
            Rect {
                h: (grown.y - r.y).max(0),
                ..r
            }
        } else {
            let y = grown.bottom().max(r.y);
            Rect {
                y,
                h: (r.bottom() - y).max(0),
                ..r
            }
        };
        let area = |q: Rect| i128::from(q.w) * i128::from(q.h);
        if area(across) >= area(down) {
            across
        } else {
            down
        }
    };
    // The same rule QC's logo check reads (a fallback layout is the template's blank one).
    let shown: Vec<bool> = frame
        .layouts
        .iter()
        .map(|l| frame.shows_master_shapes(l.preset))
        .collect();
    for (l, shown) in frame.layouts.iter_mut().zip(shown) {
        if !shown {
            continue;
        }
        for s in &mut l.slots {
            if s.role != preset::SlotRole::Picture {
                s.rect = keep(s.rect);
            }
        }
    }
    frame.footer_band = keep(frame.footer_band);
    frame.logo = Some(FrameLogo {
        asset_id: asset_id.to_string(),
        image,
        rect,
    });
}

/// What a layout id asks of whatever template layout it goes onto.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Rules {
    numbered: bool,
    centered: bool,
    band: bool,
    releases_caption: bool,
    citations_in_band: bool,
}

impl Rules {
    fn of(p: Preset) -> Rules {
        Rules {
            // Content layouts carry a slide number; title, section, closing, full-bleed and
            // `custom` slides (every box the author's) do not.
            numbered: matches!(
                p,
                Preset::OneColumn
                    | Preset::TwoColumn
                    | Preset::ChartFocus
                    | Preset::TableFocus
                    | Preset::QuoteCenter
            ),
            centered: matches!(p, Preset::TitleCenter | Preset::Closing),
            band: p == Preset::ImageFullBleed,
            releases_caption: p == Preset::TableFocus,
            citations_in_band: p != Preset::ImageFullBleed,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use specrender_spec::deck::SlideSize;

    fn theme() -> Theme {
        specrender_spec::resolve::default_theme(LangFamily::Other)
    }

    #[test]
    fn layout_ids_keep_their_rules_on_the_default_look() {
        for size in [SlideSize::WIDESCREEN, SlideSize::STANDARD] {
            let f = default_look(size, &theme(), LangFamily::Other);
            assert_eq!(f.layouts.len(), Preset::ALL.len());
            for (l, p) in f.layouts.iter().zip(Preset::ALL) {
                assert_eq!(l.preset, p);
                assert_eq!(l.template_layout.name, p.id(), "mapped by its own name");
            }
            assert!(
                f.layout(Preset::OneColumn).numbered && !f.layout(Preset::TitleCenter).numbered
            );
            assert!(f.layout(Preset::Closing).centered && !f.layout(Preset::OneColumn).centered);
            assert!(f.layout(Preset::ImageFullBleed).band);
            assert!(!f.layout(Preset::ImageFullBleed).citations_in_band);
            assert!(f.layout(Preset::TableFocus).releases_caption);
        }
    }

    #[test]
    fn korean_keeps_words_whole_in_the_text_styles_written() {
        let ko = default_look(SlideSize::WIDESCREEN, &theme(), LangFamily::Korean);
        assert!(!ko.ea_line_break);
        let en = default_look(SlideSize::WIDESCREEN, &theme(), LangFamily::Other);
        assert!(en.ea_line_break);
    }

    #[test]
    fn a_right_to_left_frame_mirrors_the_two_columns() {
        let f = default_look(SlideSize::WIDESCREEN, &theme(), LangFamily::Other);
        let mut m = f.clone();
        mirror_columns(&mut m);
        let col = |f: &Frame, role| {
            f.layout(Preset::TwoColumn)
                .slots
                .iter()
                .find(|s| s.role == role)
                .unwrap()
                .rect
        };
        let cx = f.slide_size.cx;
        for role in [preset::SlotRole::Left, preset::SlotRole::Right] {
            let (a, b) = (col(&f, role), col(&m, role));
            assert_eq!(b.x, cx - a.x - a.w, "{role:?}");
            assert_eq!((a.y, a.w, a.h), (b.y, b.w, b.h));
        }
        assert!(col(&m, preset::SlotRole::Left).x > col(&m, preset::SlotRole::Right).x);
        assert_eq!(f.layout(Preset::OneColumn), m.layout(Preset::OneColumn));
    }

    #[test]
    fn the_brand_theme_is_the_brand_on_scheme_slots() {
        let mut t = theme();
        t.brand_kit_id = "acme".into();
        t.colors.primary = Rgb(0, 0, 200);
        t.colors.background = Rgb(255, 255, 255);
        let th = theme_frame(&t);
        let slots: Vec<&str> = th.colors.iter().map(|c| c.0).collect();
        assert_eq!(
            slots,
            [
                "dk1", "lt1", "dk2", "lt2", "accent1", "accent2", "accent3", "accent4", "accent5",
                "accent6", "hlink", "folHlink"
            ]
        );
        let colour = |slot: &str| th.colors.iter().find(|c| c.0 == slot).unwrap().1;
        assert_eq!(colour("dk2"), Rgb(0, 0, 200));
        assert_eq!(colour("accent5"), Rgb(127, 127, 227));
        assert_eq!(th.scheme_name, "acme");
        assert_eq!(th.major_font.latin, t.fonts.heading);
        assert_eq!(th.minor_font.ea, t.fonts.body_ea);
    }
}
