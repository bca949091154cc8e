//! The frame: everything a look is made of, as one value that layout reads and the writer
//! writes from, deciding nothing — the slide size and safe area, the footer band, the master
//! (its placeholders and the text styles of its title, body and other text), and one layout
//! per SlideSpec `layout_id` (its name and OOXML type, the slots slides are laid out in, the
//! placeholders the layout part declares, and the per-layout rules: numbered, centred text, a
//! band behind text over a picture, a caption band a table may take back).
//!
//! The built-in look is the frame [`Frame::built_in`] makes from the preset geometry
//! (`preset.rs`); a customer template (issue 27) produces another frame, so layout and the
//! writer never need to know which they are on.

use crate::model::{Placeholder, Preset, Rect};
use crate::preset::{self, Slot};
use specrender_spec::deck::{LangFamily, SlideSize, Theme};
use specrender_spec::units::{Cpt, Emu, EMU_PER_INCH};

mod template;
pub use template::apply_template_theme;

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
    /// The template the frame was read from (`None`: the built-in look). The writer copies
    /// its masters, layouts and theme instead of writing its own.
    pub template: Option<std::sync::Arc<specrender_template::Template>>,
}

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
    /// `a:bodyPr anchor` (`t`, `b`); `None`: inherited.
    pub anchor: Option<&'static str>,
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
}

impl Frame {
    /// The layout a slide of `preset` goes onto. Every frame has one per preset.
    pub fn layout(&self, preset: Preset) -> &LayoutFrame {
        self.layouts
            .iter()
            .find(|l| l.preset == preset)
            .unwrap_or(&self.layouts[0])
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
        };
        Frame {
            slide_size: size,
            safe_area: preset::safe_area(size),
            footer_band: preset::footer_band(size),
            master,
            layouts,
            template: None,
        }
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
        },
        FramePlaceholder {
            placeholder: Placeholder::Body(1),
            rect: rect_of(Placeholder::Body(1)),
            name: "Text Placeholder 2".into(),
            prompt: "Click to edit Master text styles",
            centered: false,
            no_bullet: false,
            anchor: Some("t"),
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
                    Placeholder::Body(_) => {
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
}
