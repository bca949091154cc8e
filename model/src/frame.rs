//! The frame a deck was laid out on: the slide size and safe area, the footer band, one layout
//! per SlideSpec `layout_id` (its slots, its rules, the template layout it went onto) and the
//! look it is drawn on ([`Look`]: the template resolved). Layout makes it
//! (`specrender_layout::frame`); the writer writes the master and layouts from it, QC checks
//! against its safe area and look, the preview draws it.

use crate::deck::{Placeholder, Preset};
use crate::geom::Rect;
use crate::look::{Look, LookLayout};
use crate::picture::Image;
use specrender_spec::deck::{Rgb, SlideSize};
use std::sync::Arc;

#[derive(Debug, Clone, PartialEq)]
pub struct Frame {
    pub slide_size: SlideSize,
    /// The area every non-full-bleed box must stay inside.
    pub safe_area: Rect,
    /// The band at the foot of content layouts for citations and the slide number.
    pub footer_band: Rect,
    /// `eaLnBrk` of the text styles specrender writes itself (the presentation's default text
    /// style, the notes master): false keeps Korean words whole (docs/dev/viewers/impress-line-breaks.md).
    pub ea_line_break: bool,
    /// One per layout id, in [`Preset::ALL`] order.
    pub layouts: Vec<LayoutFrame>,
    /// The template the frame was read from, resolved: the writer carries its masters,
    /// layouts and theme over, QC and the preview read its backgrounds and decorations.
    pub look: Arc<Look>,
    /// The brand's logo on the master (`theme.brand.tokens.logo`), once placed.
    pub logo: Option<FrameLogo>,
}

/// A logo on the master: its image asset, the image as embedded, and where it is drawn.
#[derive(Debug, Clone, PartialEq)]
pub struct FrameLogo {
    pub asset_id: String,
    pub image: Arc<Image>,
    pub rect: Rect,
}

/// One slide layout.
#[derive(Debug, Clone, PartialEq)]
pub struct LayoutFrame {
    /// The SlideSpec layout this is (the slides that go onto it).
    pub preset: Preset,
    /// Where a slide's elements go, in fill order.
    pub slots: Vec<Slot>,
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
    /// The template layout slides of this layout reference, and how it was chosen (`name`,
    /// `type`, `signature`, `explicit`, or `fallback` with no part: our own slots inside the
    /// master's areas, on the template's blank or first layout).
    pub template_layout: TemplateLayout,
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
    /// Where the slots come from (`template inspect` says it): `layout` (the template layout's
    /// placeholders, the master's areas where it lacks one), `layout title` (the title
    /// placeholder of the layout slides go onto, our preset slots below it), `master` (our
    /// slots scaled into the master's title and body areas) or `presets` (our preset slots on
    /// the slide's safe area: the master has no title or body area).
    pub slots: &'static str,
}

impl Frame {
    /// The layout a slide of `preset` goes onto. Every frame has one per preset.
    pub fn layout(&self, preset: Preset) -> &LayoutFrame {
        self.layouts
            .iter()
            .find(|l| l.preset == preset)
            .unwrap_or(&self.layouts[0])
    }

    /// The index of the template layout slides of `preset` reference: the mapped one, else
    /// the template's blank layout, else its first. `None` only for a template without layouts
    /// (which the writer refuses).
    pub fn template_layout_index(&self, preset: Preset) -> Option<usize> {
        let look = &self.look;
        let mapped = self.layout(preset).template_layout.index;
        mapped
            .or_else(|| look.layouts.iter().position(|l| l.ty == "blank"))
            .or(Some(0))
            .filter(|&i| i < look.layouts.len())
    }

    /// The template layout slides of `preset` go onto ([`Frame::template_layout_index`]).
    pub fn template_layout(&self, preset: Preset) -> Option<&LookLayout> {
        self.look.layouts.get(self.template_layout_index(preset)?)
    }

    /// Does a slide of `preset` show the master's shapes (its logo)? As its template layout
    /// says (`showMasterSp`).
    pub fn shows_master_shapes(&self, preset: Preset) -> bool {
        self.template_layout(preset)
            .is_none_or(|l| l.show_master_shapes)
    }
}

/// What a slot is for: decides default size, colour and alignment of its text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum SlotRole {
    Title,
    Subtitle,
    Body,
    Left,
    Right,
    Quote,
    Attribution,
    /// `chart_focus`'s caption line under the chart (`role: "caption"`); `image_full_bleed`'s
    /// caption on the band.
    Caption,
    Footer,
    /// `image_full_bleed`'s picture: the whole slide (exempt from the safe area).
    Picture,
}

impl SlotRole {
    /// The slot's name as reports show it (the `role` that claims it).
    pub fn as_str(self) -> &'static str {
        match self {
            SlotRole::Title => "title",
            SlotRole::Subtitle => "subtitle",
            SlotRole::Body => "body",
            SlotRole::Left => "left",
            SlotRole::Right => "right",
            SlotRole::Quote => "quote",
            SlotRole::Attribution => "attribution",
            SlotRole::Caption => "caption",
            SlotRole::Picture => "picture",
            SlotRole::Footer => "footer",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Slot {
    pub role: SlotRole,
    pub rect: Rect,
    pub placeholder: Option<Placeholder>,
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
