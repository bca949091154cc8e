//! Text styles per slot: which fonts, size, colour, alignment and floor a box starts from.

use crate::model::{Align, Anchor, Fill, Insets};
use crate::preset::SlotRole;
use crate::text::TextFonts;
use specrender_spec::deck::{Element, Rgb, Theme};
use specrender_spec::units::{Cpt, Emu, EMU_PER_INCH};

/// Default insets, written explicitly into every text box: 0.1 in left/right, 0.05 in
/// top/bottom (PowerPoint's defaults, so a user editing the box sees familiar spacing).
pub const INSETS: Insets = Insets {
    l: EMU_PER_INCH / 10,
    t: EMU_PER_INCH / 20,
    r: EMU_PER_INCH / 10,
    b: EMU_PER_INCH / 20,
};
/// Hanging indent of bullet paragraphs: 0.375 in (PowerPoint's level-1 default).
pub const BULLET_MARGIN: Emu = EMU_PER_INCH * 3 / 8;
pub use specrender_model::rules::TITLE_FLOOR;

#[derive(Debug, Clone, PartialEq)]
pub struct Style {
    pub fonts: TextFonts,
    pub color: Rgb,
    pub align: Align,
    pub anchor: Anchor,
    pub size: Cpt,
    pub min: Cpt,
    pub is_title: bool,
    /// A fill behind the text (`image_full_bleed`'s band; see [`on_band`]).
    pub fill: Option<Fill>,
}

/// The band of `image_full_bleed`: the theme's text colour at 70% behind the title and
/// caption, their text in the background colour — readable over any picture (white on
/// #222222 at 70% over white is 9.6:1; over black more).
pub fn on_band(mut s: Style, theme: &Theme) -> Style {
    s.fill = Some(Fill {
        color: theme.colors.text,
        alpha: 70_000,
    });
    s.color = theme.colors.background;
    s
}

/// The style of an element in a slot; `heading`/`body` are already resolved for the element's
/// weight (bold for `emphasis: high`).
pub fn style_for(
    role: SlotRole,
    el: &Element,
    theme: &Theme,
    heading: &TextFonts,
    body: &TextFonts,
    centered: bool,
) -> Style {
    let sizes = &theme.sizes;
    let c = &theme.colors;
    let (fonts, color, align, anchor, size) = match role {
        SlotRole::Title => (
            heading.clone(),
            c.heading.unwrap_or(c.primary),
            if centered { Align::Center } else { Align::Left },
            if centered {
                Anchor::Bottom
            } else {
                Anchor::Middle
            },
            sizes.title,
        ),
        SlotRole::Subtitle => (
            body.clone(),
            c.text,
            if centered { Align::Center } else { Align::Left },
            Anchor::Top,
            sizes.subtitle,
        ),
        SlotRole::Body | SlotRole::Left | SlotRole::Right | SlotRole::Picture => {
            (body.clone(), c.text, Align::Left, Anchor::Top, sizes.body)
        }
        SlotRole::Quote => (
            body.clone(),
            c.text,
            Align::Center,
            Anchor::Middle,
            sizes.subtitle + 400,
        ),
        SlotRole::Attribution => (
            body.clone(),
            c.muted,
            Align::Right,
            Anchor::Top,
            sizes.caption,
        ),
        SlotRole::Caption => (
            body.clone(),
            c.muted,
            Align::Left,
            Anchor::Top,
            sizes.caption,
        ),
        SlotRole::Footer => (
            body.clone(),
            c.muted,
            Align::Left,
            Anchor::Bottom,
            sizes.caption,
        ),
    };
    let is_title = role == SlotRole::Title;
    let mut size = size;
    if el.role.as_deref() == Some("caption") {
        size = sizes.caption;
    }
    let floor = if is_title {
        el.constraints.min_font.max(TITLE_FLOOR)
    } else {
        el.constraints.min_font
    };
    // A size the input chose (a token, the defaults) below the floor lowers the floor to it; a
    // template's size does not: text below the floor on a template is `min_font`.
    let body_role = matches!(
        role,
        SlotRole::Body | SlotRole::Left | SlotRole::Right | SlotRole::Picture
    );
    let from_template = el.role.as_deref() != Some("caption")
        && ((is_title && theme.from_template.contains("size_title"))
            || (body_role && theme.from_template.contains("size_body")));
    Style {
        fonts,
        color,
        align,
        anchor,
        size,
        min: if from_template {
            floor
        } else {
            floor.min(size)
        },
        is_title,
        fill: None,
    }
}
