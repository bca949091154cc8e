//! The frame: everything a look is made of, as one value that layout reads and the writer
//! writes from, deciding nothing — the slide size and safe area, the footer band, the master
//! (its placeholders and the text styles of its title, body and other text), and one layout
//! per SlideSpec `layout_id` (its name and OOXML type, the slots slides are laid out in, the
//! placeholders the layout part declares, and the per-layout rules: numbered, centred text, a
//! band behind text over a picture, a caption band a table may take back).
//!
//! Every deck is laid out on a template's frame ([`Frame::from_template`]): a customer's, or the
//! built-in look's own package (`themes/default.potx`, `default-4x3.potx`; issue 20), so layout
//! and the writer never need to know which they are on. [`Frame::built_in`] is the preset
//! geometry (`preset.rs`) that package was drawn to: what `from_template` takes each layout
//! id's rules from, and the slots it scales into a template that lacks a layout id.

use crate::model::{Placeholder, Preset, Rect};
use crate::preset::{self, Slot};
use specrender_spec::deck::{LangFamily, Rgb, SlideSize, Theme};
use specrender_spec::units::{Cpt, Emu, EMU_PER_INCH};

mod template;
pub use template::{apply_template_theme, put_on_template};

#[derive(Debug, Clone, PartialEq)]
pub struct Frame {
    pub slide_size: SlideSize,
    /// The area every non-full-bleed box must stay inside.
    pub safe_area: Rect,
    /// The band at the foot of content layouts for citations and the slide number.
    pub footer_band: Rect,
    pub master: MasterFrame,
    /// One per layout, in part order (the built-in frame: [`Preset::ALL`] order).
    pub layouts: Vec<LayoutFrame>,
    /// The theme part: colour scheme and font scheme (the built-in frame: the brand's).
    pub theme: ThemeFrame,
    /// The template the frame was read from (`None`: the built-in look). The writer copies
    /// its masters, layouts and theme instead of writing its own.
    pub template: Option<std::sync::Arc<specrender_template::Template>>,
    /// The brand's logo on the master (`theme.brand.tokens.logo`), once placed.
    pub logo: Option<FrameLogo>,
}

/// A logo on the master: its image asset, the image as embedded, and where it is drawn.
#[derive(Debug, Clone, PartialEq)]
pub struct FrameLogo {
    pub asset_id: String,
    pub image: std::sync::Arc<crate::picture::Image>,
    pub rect: Rect,
}

/// A logo keeps 0.3 in from the slide's edges and 0.1 in from content; at most 2.5 in wide.
const LOGO_MARGIN: Emu = EMU_PER_INCH * 3 / 10;
const LOGO_GAP: Emu = EMU_PER_INCH / 10;
const LOGO_MAX_W: Emu = EMU_PER_INCH * 5 / 2;

/// The slide master: the placeholders every layout inherits from and the text styles.
#[derive(Debug, Clone, PartialEq)]
pub struct MasterFrame {
    pub placeholders: Vec<FramePlaceholder>,
    /// `p:titleStyle` levels (level 1 first).
    pub title_levels: Vec<LevelStyle>,
    /// `p:bodyStyle` levels.
    pub body_levels: Vec<LevelStyle>,
    /// `p:otherStyle`: plain levels at this size.
    pub other_size: Cpt,
    /// `eaLnBrk` of every level: false keeps Korean words whole (PRODUCT.md §2).
    pub ea_line_break: bool,
    /// `p:clrMap`: each background/text/accent slot and the theme colour it shows
    /// (`("bg1", "lt1")`, ...), in the order written.
    pub clr_map: Vec<(&'static str, &'static str)>,
    /// `p:bg/p:bgRef`: the theme's background fill style index (1001 = the first of
    /// `bgFillStyleLst`) and the scheme colour it is drawn in (`bg1`).
    pub background: (u32, &'static str),
}

/// The theme (`ppt/theme/theme1.xml`): what PowerPoint's "theme colours" and "theme fonts"
/// pickers offer, and what `+mj-*` / `+mn-*` and `schemeClr` resolve to.
#[derive(Debug, Clone, PartialEq)]
pub struct ThemeFrame {
    /// `a:theme name`.
    pub name: String,
    /// `a:clrScheme name` (also the `a:fontScheme name`).
    pub scheme_name: String,
    /// The twelve scheme colours in schema order (`dk1`, `lt1`, `dk2`, `lt2`, `accent1`..6,
    /// `hlink`, `folHlink`).
    pub colors: Vec<(&'static str, Rgb)>,
    /// `a:majorFont` (headings, `+mj-*`).
    pub major_font: ThemeFont,
    /// `a:minorFont` (body, `+mn-*`).
    pub minor_font: ThemeFont,
}

/// One side of a font scheme: the typefaces for Latin, East Asian and complex scripts
/// (empty: the viewer's default).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ThemeFont {
    pub latin: String,
    pub ea: String,
    pub cs: String,
}

/// WCAG 2's minimum contrast for body text (AA): what QC's `low_contrast` asks of text on a
/// template, and what [`Frame::legible`] gives the colours specrender chooses itself.
pub const MIN_CONTRAST: f64 = 4.5;
/// WCAG 2's minimum for large text (18 pt, or 14 pt bold).
pub const MIN_CONTRAST_LARGE: f64 = 3.0;

/// The standard colour map: background/text slots onto the theme's light/dark colours.
pub const STANDARD_CLR_MAP: [(&str, &str); 12] = [
    ("bg1", "lt1"),
    ("tx1", "dk1"),
    ("bg2", "lt2"),
    ("tx2", "dk2"),
    ("accent1", "accent1"),
    ("accent2", "accent2"),
    ("accent3", "accent3"),
    ("accent4", "accent4"),
    ("accent5", "accent5"),
    ("accent6", "accent6"),
    ("hlink", "hlink"),
    ("folHlink", "folHlink"),
];

impl ThemeFrame {
    /// The brand's colours and fonts as a theme. Colour mapping (brand token -> scheme slot):
    /// `dk1` = text, `lt1` = background, `dk2` = primary, `lt2` = muted, `accent1` = primary,
    /// `accent2` = secondary, `accent3` = accent, `accent4` = muted, `accent5` = primary
    /// tinted 50% toward background, `accent6` = secondary tinted 50% toward background,
    /// `hlink` = primary, `folHlink` = secondary. Fonts: major latin = `fonts.heading`, ea =
    /// `fonts.heading_ea`; minor latin = `fonts.body`, ea = `fonts.body_ea`; cs empty.
    pub fn from_theme(theme: &Theme) -> ThemeFrame {
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
}

/// One paragraph level of a master text style.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LevelStyle {
    pub mar_l: Emu,
    pub indent: Emu,
    pub align: &'static str,
    /// `a:lnSpc/a:spcPct` in 1/1000 % (100000 = single).
    pub line_spacing_pct: u32,
    pub space_before: Cpt,
    /// Bullet font and character; `None`: no bullet.
    pub bullet: Option<(&'static str, char)>,
    pub size: Cpt,
    /// The theme's heading fonts (`+mj-*`), else its body fonts (`+mn-*`).
    pub major: bool,
}

/// A placeholder a master or layout part declares, with what a user sees in a new slide.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FramePlaceholder {
    pub placeholder: Placeholder,
    pub rect: Rect,
    pub name: String,
    pub prompt: &'static str,
    pub centered: bool,
    pub no_bullet: bool,
    /// `a:bodyPr anchor` (`t`, `b`); `None`: inherited (with `autofit`, the whole `a:bodyPr`).
    pub anchor: Option<&'static str>,
    /// `a:normAutofit` in the `a:bodyPr` (shrink on overflow for text typed in PowerPoint;
    /// the slides specrender writes set their own body properties). Written only with an anchor.
    pub autofit: bool,
}

/// One slide layout.
#[derive(Debug, Clone, PartialEq)]
pub struct LayoutFrame {
    /// The SlideSpec layout this is (the slides that go onto it).
    pub preset: Preset,
    /// `p:cSld name`.
    pub name: String,
    /// `p:sldLayout type` (`title`, `obj`, `twoObj`, `cust`, ...).
    pub ooxml_type: String,
    /// Where a slide's elements go, in fill order.
    pub slots: Vec<Slot>,
    /// The placeholders the layout part declares.
    pub placeholders: Vec<FramePlaceholder>,
    /// Slides get a slide number at the right end of the footer band.
    pub numbered: bool,
    /// Titles and subtitles are centred (title and closing slides).
    pub centered: bool,
    /// Text sits on a translucent band over a full-slide picture.
    pub band: bool,
    /// The caption band goes back to the body when no element claims it (tables).
    pub releases_caption: bool,
    /// Citations are listed in the footer band when the layout has no footer slot
    /// (false: the band is covered, as by a full-bleed picture's caption).
    pub citations_in_band: bool,
    /// On a template: the layout part slides of this layout reference, and how it was chosen
    /// (`name`, `type`, `signature`, `explicit`, or `fallback` with no part: our own slots
    /// inside the master's areas, on the template's first layout).
    pub template_layout: Option<TemplateLayout>,
}

/// Which template layout a frame layout is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TemplateLayout {
    /// Index into the template's layouts; `None` for a fallback.
    pub index: Option<usize>,
    pub name: String,
    pub how: &'static str,
    /// The name `theme.brand.tokens.layouts` gave for this layout id when the template has no
    /// layout of that name (the other rules chose).
    pub explicit_missing: Option<String>,
}

impl Frame {
    /// The layout a slide of `preset` goes onto. Every frame has one per preset.
    pub fn layout(&self, preset: Preset) -> &LayoutFrame {
        self.layouts
            .iter()
            .find(|l| l.preset == preset)
            .unwrap_or(&self.layouts[0])
    }

    /// On a template, the index of the template layout slides of `preset` reference: the
    /// mapped one, else the template's blank layout, else its first. `None`: the built-in look.
    pub fn template_layout_index(&self, preset: Preset) -> Option<usize> {
        let t = self.template.as_ref()?;
        let mapped = self
            .layout(preset)
            .template_layout
            .as_ref()
            .and_then(|l| l.index);
        mapped
            .or_else(|| t.layouts.iter().position(|l| l.ty == "blank"))
            .or(Some(0))
            .filter(|&i| i < t.layouts.len())
    }

    /// A text colour legible where `rect` lies on a slide of `preset`: `color` when it has
    /// [`MIN_CONTRAST`] against every colour the template shows there, else `fallback` when
    /// that has, else black or white, whichever contrasts more. Unchanged on the built-in look
    /// and where the template shows a picture (nothing to judge).
    pub fn legible(&self, preset: Preset, rect: Rect, color: Rgb, fallback: Rgb) -> Rgb {
        use specrender_template::{contrast, Paint, Rect as TRect};
        let (Some(t), Some(i)) = (&self.template, self.template_layout_index(preset)) else {
            return color;
        };
        let r = TRect {
            x: rect.x,
            y: rect.y,
            cx: rect.w,
            cy: rect.h,
        };
        let Some(Paint::Colors(under)) = t.backdrop(i, r).map(|b| b.paint) else {
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

    /// On a template, the placeholder of the layout of `preset` a picture (`kind` `pic`),
    /// chart (`chart`) or table (`tbl`) placed at `rect` fills: one of that type or a content
    /// (`obj`) placeholder, with an `idx`, covering at least half of `rect`; `taken` idxs are
    /// skipped (a slide never repeats one).
    pub fn graphic_placeholder(
        &self,
        preset: Preset,
        rect: Rect,
        kind: &'static str,
        taken: &[u32],
    ) -> Option<Placeholder> {
        let t = self.template.as_ref()?;
        let l = t.layouts.get(self.template_layout_index(preset)?)?;
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

    /// Does a slide of `preset` show the master's shapes (its logo)? Always on the built-in
    /// look; on a template, as its layout says (`showMasterSp`).
    pub fn shows_master_shapes(&self, preset: Preset) -> bool {
        match (&self.template, self.template_layout_index(preset)) {
            (Some(t), Some(i)) => t.layouts.get(i).is_none_or(|l| l.show_master_shapes),
            _ => true,
        }
    }

    /// 1-based part number of the layout of `preset` (`slideLayoutN.xml`).
    pub fn layout_number(&self, preset: Preset) -> usize {
        self.layouts
            .iter()
            .position(|l| l.preset == preset)
            .unwrap_or(0)
            + 1
    }

    /// The built-in look: the ten presets (`preset.rs` geometry) at `size`, with master text
    /// styles at the theme's sizes.
    pub fn built_in(size: SlideSize, theme: &Theme, lang: LangFamily) -> Frame {
        let layouts = Preset::ALL
            .into_iter()
            .map(|p| built_in_layout(p, size))
            .collect();
        let master = MasterFrame {
            placeholders: master_placeholders(size),
            title_levels: vec![LevelStyle {
                mar_l: 0,
                indent: 0,
                align: "l",
                line_spacing_pct: 90_000,
                space_before: 0,
                bullet: None,
                size: theme.sizes.title,
                major: true,
            }],
            body_levels: body_levels(theme),
            other_size: 1800,
            ea_line_break: lang != LangFamily::Korean,
            clr_map: STANDARD_CLR_MAP.to_vec(),
            background: (1001, "bg1"),
        };
        Frame {
            slide_size: size,
            safe_area: preset::safe_area(size),
            footer_band: preset::footer_band(size),
            master,
            layouts,
            theme: ThemeFrame::from_theme(theme),
            template: None,
            logo: None,
        }
    }

    /// A right-to-left deck's frame: `two_column`'s columns mirrored about the slide's
    /// vertical centre line, so the first column (`left`, 55% on the built-in look) is on the
    /// right and the second on the left; on the built-in look its two body placeholders are
    /// mirrored with them (a template's layout part is the template's: slides carry their own
    /// frames). Called before the logo is placed, so the logo still carves the mirrored slots.
    pub fn mirror_columns(&mut self) {
        let cx = self.slide_size.cx;
        let mirror = |r: &mut Rect| r.x = cx - r.x - r.w;
        let built_in = self.template.is_none();
        for l in self
            .layouts
            .iter_mut()
            .filter(|l| l.preset == Preset::TwoColumn)
        {
            for s in &mut l.slots {
                if matches!(s.role, preset::SlotRole::Left | preset::SlotRole::Right) {
                    mirror(&mut s.rect);
                }
            }
            if built_in {
                for p in &mut l.placeholders {
                    if matches!(p.placeholder, Placeholder::Body(1) | Placeholder::Body(2)) {
                        mirror(&mut p.rect);
                    }
                }
            }
        }
    }

    /// Places the brand's logo (`height` EMU, an image of `pixels`) in `corner` of the slide
    /// and keeps content clear of it: every slot that would run under it gives up the side
    /// facing it (its width, else its height, whichever keeps more), and the footer band ends
    /// before it. A layout that hides the master's shapes keeps its slots.
    pub fn place_logo(
        &mut self,
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
        let (cx, cy) = (self.slide_size.cx, self.slide_size.cy);
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
        let shown: Vec<bool> = self
            .layouts
            .iter()
            .map(|l| self.shows_master_shapes(l.preset))
            .collect();
        for (l, shown) in self.layouts.iter_mut().zip(shown) {
            if !shown {
                continue;
            }
            for s in &mut l.slots {
                if s.role != preset::SlotRole::Picture {
                    s.rect = keep(s.rect);
                }
            }
            for p in &mut l.placeholders {
                p.rect = keep(p.rect);
            }
        }
        self.footer_band = keep(self.footer_band);
        self.logo = Some(FrameLogo {
            asset_id: asset_id.to_string(),
            image,
            rect,
        });
    }
}

/// Body levels: a 0.25 in bullet hang, each level 0.5 in deeper; level 1 at the body size,
/// deeper levels 2 pt smaller, never below the caption size.
///
/// The master's hang (0.25 in) is what a slide typed in PowerPoint gets; the slides specrender
/// writes carry their own indents (layout's 0.375 in hang, `text.rs`), so the two differ on
/// purpose today and the frame states both where they are decided.
fn body_levels(theme: &Theme) -> Vec<LevelStyle> {
    let hang = EMU_PER_INCH / 4;
    let sizes = &theme.sizes;
    (1..=9i64)
        .map(|n| LevelStyle {
            mar_l: hang + (n - 1) * EMU_PER_INCH / 2,
            indent: -hang,
            align: "l",
            line_spacing_pct: 100_000,
            space_before: 1000,
            bullet: Some(("Arial", '•')),
            size: if n == 1 {
                sizes.body
            } else {
                sizes.body.saturating_sub(200).max(sizes.caption)
            },
            major: false,
        })
        .collect()
}

/// The master's title and body sit where `one_column`'s slots are.
fn master_placeholders(size: SlideSize) -> Vec<FramePlaceholder> {
    let one = preset::slots(Preset::OneColumn, size);
    let rect_of = |ph: Placeholder| {
        one.iter()
            .find(|s| s.placeholder == Some(ph))
            .map(|s| s.rect)
            .expect("one_column has a title and a body")
    };
    vec![
        FramePlaceholder {
            placeholder: Placeholder::Title,
            rect: rect_of(Placeholder::Title),
            name: "Title Placeholder 1".into(),
            prompt: "Click to edit Master title style",
            centered: false,
            no_bullet: false,
            anchor: Some("b"),
            autofit: true,
        },
        FramePlaceholder {
            placeholder: Placeholder::Body(1),
            rect: rect_of(Placeholder::Body(1)),
            name: "Text Placeholder 2".into(),
            prompt: "Click to edit Master text styles",
            centered: false,
            no_bullet: false,
            anchor: Some("t"),
            autofit: true,
        },
    ]
}

/// `p:sldLayout type`: the closest predefined layout kind, which PowerPoint uses when it
/// re-maps slides to another master; `cust` otherwise.
fn ooxml_type(preset: Preset) -> &'static str {
    match preset {
        Preset::TitleCenter => "title",
        Preset::SectionHeader => "secHead",
        Preset::OneColumn => "obj",
        Preset::TwoColumn => "twoObj",
        Preset::ImageFullBleed => "titleOnly",
        Preset::Blank => "blank",
        Preset::ChartFocus | Preset::TableFocus | Preset::QuoteCenter | Preset::Closing => "cust",
    }
}

fn built_in_layout(p: Preset, size: SlideSize) -> LayoutFrame {
    let slots = preset::slots(p, size);
    // `custom` slides (the blank layout) place every element by its box: no placeholders.
    let placeholders = if p == Preset::Blank {
        Vec::new()
    } else {
        slots
            .iter()
            .filter_map(|s| s.placeholder.map(|ph| (ph, s.rect)))
            .enumerate()
            .map(|(i, (ph, rect))| {
                let (label, prompt) = match ph {
                    Placeholder::Title | Placeholder::CenterTitle => {
                        ("Title", "Click to edit Master title style")
                    }
                    Placeholder::Subtitle => ("Subtitle", "Click to edit Master subtitle style"),
                    Placeholder::Body(_) | Placeholder::Graphic(..) => {
                        ("Text Placeholder", "Click to edit Master text styles")
                    }
                };
                FramePlaceholder {
                    placeholder: ph,
                    rect,
                    name: format!("{label} {}", i + 1),
                    prompt,
                    centered: matches!(ph, Placeholder::CenterTitle | Placeholder::Subtitle)
                        || p == Preset::QuoteCenter,
                    // A section header's body is its subtitle line.
                    no_bullet: matches!(ph, Placeholder::Subtitle)
                        || matches!(p, Preset::QuoteCenter | Preset::SectionHeader),
                    autofit: matches!(ph, Placeholder::CenterTitle | Placeholder::Subtitle),
                    anchor: match ph {
                        Placeholder::CenterTitle => Some("b"),
                        Placeholder::Subtitle => Some("t"),
                        _ => None,
                    },
                }
            })
            .collect()
    };
    LayoutFrame {
        preset: p,
        name: p.id().to_string(),
        ooxml_type: ooxml_type(p).to_string(),
        slots,
        placeholders,
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
        template_layout: None,
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
    fn the_built_in_frame_is_the_preset_geometry() {
        for size in [SlideSize::WIDESCREEN, SlideSize::STANDARD] {
            let f = Frame::built_in(size, &theme(), LangFamily::Other);
            assert_eq!(f.layouts.len(), Preset::ALL.len());
            for (l, p) in f.layouts.iter().zip(Preset::ALL) {
                assert_eq!(l.preset, p);
                assert_eq!(l.slots, preset::slots(p, size));
                assert_eq!(l.name, p.id());
                for ph in &l.placeholders {
                    assert!(l
                        .slots
                        .iter()
                        .any(|s| s.placeholder == Some(ph.placeholder) && s.rect == ph.rect));
                }
            }
            // Today's bytes: `a:normAutofit` exactly where a placeholder states an anchor.
            for ph in f.layouts.iter().flat_map(|l| &l.placeholders) {
                assert_eq!(ph.autofit, ph.anchor.is_some(), "{}", ph.name);
            }
            assert!(f.master.placeholders.iter().all(|p| p.autofit));
            assert_eq!(f.safe_area, preset::safe_area(size));
            assert_eq!(f.layout_number(Preset::Blank), 10);
            assert!(f.layout(Preset::Blank).placeholders.is_empty());
            assert!(
                f.layout(Preset::OneColumn).numbered && !f.layout(Preset::TitleCenter).numbered
            );
        }
    }

    #[test]
    fn korean_keeps_words_whole_in_the_master_styles() {
        let f = Frame::built_in(SlideSize::WIDESCREEN, &theme(), LangFamily::Korean);
        assert!(!f.master.ea_line_break);
        assert_eq!(f.master.body_levels.len(), 9);
        assert_eq!(f.master.body_levels[0].indent, -EMU_PER_INCH / 4);
    }

    #[test]
    fn the_built_in_theme_is_the_brand_on_scheme_slots() {
        let mut t = theme();
        t.brand_kit_id = "acme".into();
        t.colors.primary = Rgb(0, 0, 200);
        t.colors.background = Rgb(255, 255, 255);
        let f = Frame::built_in(SlideSize::WIDESCREEN, &t, LangFamily::Other);
        let slots: Vec<&str> = f.theme.colors.iter().map(|c| c.0).collect();
        assert_eq!(
            slots,
            [
                "dk1", "lt1", "dk2", "lt2", "accent1", "accent2", "accent3", "accent4", "accent5",
                "accent6", "hlink", "folHlink"
            ]
        );
        let colour = |slot: &str| f.theme.colors.iter().find(|c| c.0 == slot).unwrap().1;
        assert_eq!(colour("dk2"), Rgb(0, 0, 200));
        assert_eq!(colour("accent5"), Rgb(127, 127, 227));
        assert_eq!(f.theme.scheme_name, "acme");
        assert_eq!(f.theme.major_font.latin, t.fonts.heading);
        assert_eq!(f.theme.minor_font.ea, t.fonts.body_ea);
        assert_eq!(f.master.clr_map[0], ("bg1", "lt1"));
        assert_eq!(f.master.background, (1001, "bg1"));
    }
}
