//! `shape` and `divider` elements.
//!
//! A shape is a DrawingML preset geometry with its text fitted by the same text engine, inside
//! the geometry's own text rectangle (ECMA-376 `presetShapeDefinitions.xml`, default
//! adjustments): an ellipse or a chevron holds less than its box. Names: `rect`,
//! `rounded_rect` (`roundRect`), `ellipse`, `chevron`, `pentagon` (PowerPoint's "Pentagon"
//! arrow, `homePlate`, the process-diagram shape that pairs with chevrons), `arrow_right`
//! (`rightArrow`). Any other name is a rectangle and a low `unknown_shape` note.
//!
//! Colours from the brand tokens, by this rule: the fill is `primary`; `style.emphasis: high`
//! or `style.variant: "accent"` makes it `accent`, `variant: "secondary"` `secondary`,
//! `variant: "muted"` (or `emphasis: low`) `muted`; text on a fill is the `background`
//! colour, no outline. `variant: "outline"`: no fill, a 1.5 pt `primary` outline, `text`
//! colour text. A divider is a 1.5 pt line in `accent` across the middle of its box
//! (vertical when the box is taller than wide); stacked, it takes 0.2 in.
//!
//! A shape without text never overflows; with text it shrinks like a text box (steps 1–2),
//! never splits.

use super::{Fit, TextItem};
use crate::ctx::Ctx;
use crate::findings::{Finding, FixAction};
use crate::model::{Align, Anchor, BoxContent, LineBox, Rect, ShapeBox};
use crate::style::Style;
use specrender_spec::deck::{Content, Element, Emphasis, Rgb, Theme};
use specrender_spec::units::{Emu, EMU_PER_INCH, EMU_PER_PT};

/// Outline and divider width: 1.5 pt.
pub const LINE_WIDTH: Emu = EMU_PER_PT * 3 / 2;

/// The preset geometries a shape name maps to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Geom {
    Rect,
    RoundRect,
    Ellipse,
    Chevron,
    HomePlate,
    RightArrow,
}

impl Geom {
    pub fn from_name(name: &str) -> Option<Geom> {
        Some(match name {
            "rect" | "rectangle" => Geom::Rect,
            "rounded_rect" => Geom::RoundRect,
            "ellipse" => Geom::Ellipse,
            "chevron" => Geom::Chevron,
            "pentagon" => Geom::HomePlate,
            "arrow_right" => Geom::RightArrow,
            _ => return None,
        })
    }

    /// The `a:prstGeom@prst` value.
    pub fn prst(self) -> &'static str {
        match self {
            Geom::Rect => "rect",
            Geom::RoundRect => "roundRect",
            Geom::Ellipse => "ellipse",
            Geom::Chevron => "chevron",
            Geom::HomePlate => "homePlate",
            Geom::RightArrow => "rightArrow",
        }
    }

    /// The geometry's text rectangle in a box `r` (presetShapeDefinitions.xml, default
    /// adjustments; `ss` is the shorter side).
    pub fn text_rect(self, r: Rect) -> Rect {
        let ss = r.w.min(r.h);
        let (l, t, rr, b) = match self {
            Geom::Rect => (0, 0, 0, 0),
            // adj 16667: inset x1 * 29289 / 100000, x1 = ss * 16667 / 100000.
            Geom::RoundRect => {
                let i = ss * 16_667 / 100_000 * 29_289 / 100_000;
                (i, i, i, i)
            }
            // The inscribed rectangle at 45 degrees: (1 - cos 45) / 2 of each side.
            Geom::Ellipse => {
                let ix = r.w * 29_289 / 200_000;
                let iy = r.h * 29_289 / 200_000;
                (ix, iy, ix, iy)
            }
            // adj 50000: x1 = ss / 2 inset on both sides (when the box is wider than ss).
            Geom::Chevron => {
                let x1 = ss / 2;
                if r.w - 2 * x1 > 0 {
                    (x1, 0, x1, 0)
                } else {
                    (0, 0, 0, 0)
                }
            }
            // adj 50000: the right edge at (x1 + r) / 2, x1 = r - ss / 2.
            Geom::HomePlate => (0, 0, ss / 4, 0),
            // adj1 = adj2 = 50000: the shaft, y from h/4 to 3h/4, right edge r - ss/4.
            Geom::RightArrow => (0, r.h / 4, ss / 4, r.h - r.h * 3 / 4),
        };
        Rect {
            x: r.x + l,
            y: r.y + t,
            w: (r.w - l - rr).max(1),
            h: (r.h - t - b).max(1),
        }
    }
}

/// Fill, outline and text colour of a shape (the module docs' rule).
pub fn colors(el: &Element, theme: &Theme) -> (Option<Rgb>, Option<Rgb>, Rgb) {
    let c = &theme.colors;
    let variant = el.variant.as_deref().unwrap_or("");
    if variant == "outline" {
        return (None, Some(c.primary), c.text);
    }
    let fill = match (variant, el.emphasis) {
        ("accent", _) | (_, Emphasis::High) => c.accent,
        ("secondary", _) => c.secondary,
        ("muted", _) | (_, Emphasis::Low) => c.muted,
        _ => c.primary,
    };
    (Some(fill), None, c.background)
}

#[derive(Debug, Clone)]
pub struct ShapeItem {
    geom: Geom,
    /// The name asked for when it is not a known one.
    unknown: Option<String>,
    fill: Option<Rgb>,
    line: Option<Rgb>,
    text: Option<TextItem>,
}

impl ShapeItem {
    pub fn new(
        ctx: &mut Ctx<'_>,
        el: &Element,
        style: impl FnOnce(&Ctx<'_>) -> Style,
        width: Emu,
    ) -> Self {
        let (name, text) = match &el.content {
            Content::Shape { shape, text } => (shape.clone(), text.clone()),
            _ => (None, None),
        };
        let name = name.unwrap_or_else(|| "rect".to_string());
        let geom = Geom::from_name(&name);
        let (fill, line, text_color) = colors(el, ctx.theme);
        let text = text.map(|t| {
            let mut s = style(ctx);
            s.color = text_color;
            s.align = Align::Center;
            s.anchor = Anchor::Middle;
            let texts: Vec<String> = t.split('\n').map(str::to_string).collect();
            let w = geom
                .unwrap_or(Geom::Rect)
                .text_rect(Rect {
                    x: 0,
                    y: 0,
                    w: width,
                    h: width,
                })
                .w;
            TextItem::new(ctx, s, &texts, false, el, w)
        });
        ShapeItem {
            geom: geom.unwrap_or(Geom::Rect),
            unknown: geom.is_none().then_some(name),
            fill,
            line,
            text,
        }
    }
}

impl Fit for ShapeItem {
    fn overflows(&self, rect: Rect) -> bool {
        let tr = self.geom.text_rect(rect);
        self.text.as_ref().is_some_and(|t| t.overflows(tr))
    }
    fn fit_alone(&mut self, rect: Rect) {
        let tr = self.geom.text_rect(rect);
        if let Some(t) = &mut self.text {
            t.fit_alone(tr);
        }
    }
    fn priority(&self) -> u8 {
        self.text.as_ref().map_or(u8::MAX, |t| t.priority())
    }
    fn can_shrink(&self) -> bool {
        self.text.as_ref().is_some_and(|t| t.can_shrink())
    }
    fn shrink_step(&mut self) {
        if let Some(t) = &mut self.text {
            t.shrink_step();
        }
    }
    fn reduce_spacing(&mut self) -> bool {
        self.text.as_mut().is_some_and(|t| t.reduce_spacing())
    }
    fn reset(&mut self) {
        if let Some(t) = &mut self.text {
            t.reset();
        }
    }
    fn fixes(&self) -> Vec<FixAction> {
        self.text.as_ref().map_or_else(Vec::new, |t| t.fixes())
    }
    fn finish(&self, ctx: &Ctx<'_>, rect: Rect) -> (BoxContent, Vec<Finding>) {
        let text_rect = self.geom.text_rect(rect);
        let mut findings = Vec::new();
        let text = self.text.as_ref().and_then(|t| {
            let (c, f) = t.finish(ctx, text_rect);
            findings.extend(f);
            match c {
                BoxContent::Text(tb) => Some(tb),
                _ => None,
            }
        });
        if let Some(name) = &self.unknown {
            findings.push(Finding::UnknownShape { name: name.clone() });
        }
        let content = BoxContent::Shape(ShapeBox {
            prst: self.geom.prst(),
            fill: self.fill,
            line: self.line.map(|c| (c, LINE_WIDTH)),
            text_rect,
            text,
        });
        (content, findings)
    }
}

/// A divider: a line across the middle of its box.
#[derive(Debug, Clone)]
pub struct DividerItem {
    color: Rgb,
}

impl DividerItem {
    pub fn new(ctx: &Ctx<'_>) -> Self {
        DividerItem {
            color: ctx.theme.colors.accent,
        }
    }
}

impl Fit for DividerItem {
    fn needed_height(&self, _w: Emu) -> Option<Emu> {
        Some(EMU_PER_INCH / 5)
    }
    fn finish(&self, _ctx: &Ctx<'_>, rect: Rect) -> (BoxContent, Vec<Finding>) {
        let vertical = rect.h > rect.w;
        let line = if vertical {
            Rect {
                x: rect.x + rect.w / 2,
                y: rect.y,
                w: 0,
                h: rect.h,
            }
        } else {
            Rect {
                x: rect.x,
                y: rect.y + rect.h / 2,
                w: rect.w,
                h: 0,
            }
        };
        let content = BoxContent::Divider(LineBox {
            line: line.in_coordinates(),
            color: self.color,
            width: LINE_WIDTH,
        });
        (content, Vec::new())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_rectangles_of_the_presets() {
        let r = Rect {
            x: 0,
            y: 0,
            w: 4000,
            h: 1000,
        };
        assert_eq!(Geom::Rect.text_rect(r), r);
        assert_eq!(
            Geom::Ellipse.text_rect(r),
            Rect {
                x: 585,
                y: 146,
                w: 2830,
                h: 708
            }
        );
        assert_eq!(
            Geom::Chevron.text_rect(r),
            Rect {
                x: 500,
                y: 0,
                w: 3000,
                h: 1000
            }
        );
        assert_eq!(
            Geom::HomePlate.text_rect(r),
            Rect {
                x: 0,
                y: 0,
                w: 3750,
                h: 1000
            }
        );
        assert_eq!(
            Geom::RightArrow.text_rect(r),
            Rect {
                x: 0,
                y: 250,
                w: 3750,
                h: 500
            }
        );
        assert_eq!(Geom::RoundRect.text_rect(r).x, 48);
        assert_eq!(Geom::from_name("hexagon"), None);
    }
}
