//! Element kinds as the fit policy sees them. Each kind is a module implementing [`Fit`] —
//! the questions the policy asks of an element (how tall at its size, can it shrink, shrink a
//! step, can it split, split) and the placed content it finishes as — so the slide stages in
//! `slide/` never match on kinds. A new kind is a module here and a variant of [`Body`].
//!
//! - [`cite`]: citation keys `[1]` appended to the text they support;
//! - [`text`]: text and bullets elements (and the split of one onto continuation slides);
//! - [`chart`]: native charts (the seed's chart rules, the measured category axis);
//! - [`picture`]: image elements, framed and cropped;
//! - [`table`]: native tables, measured row by row and paginated by whole rows;
//! - [`placeholder`]: kinds not drawn yet, a labelled grey box that takes what height is left.

pub mod chart;
pub mod cite;
pub mod picture;
pub mod placeholder;
pub mod shape;
pub mod table;
pub mod text;
mod text_split;

use crate::ctx::Ctx;
use crate::findings::{Finding, FixAction};
use crate::model::{BoxContent, Rect};
use crate::style::Style;
pub use chart::ChartItem;
pub use picture::PictureItem;
pub use placeholder::PlaceholderItem;
pub use shape::{DividerItem, ShapeItem};
use specrender_spec::deck::{Element, ElementKind};
use specrender_spec::units::Emu;
pub use table::TableItem;
pub use text::TextItem;
pub use text_split::MAX_CONTINUATIONS;

/// What the fit policy (docs/concepts/fit-policy.md) asks of an element, whatever its kind.
pub trait Fit {
    /// The box height the element needs at its current size in a box `w` EMU wide (insets
    /// and safety margin included), or `None` when it takes whatever height its slot has
    /// left (a share of it when stacked).
    ///
    /// The defaults of this trait describe an element of fixed size (a picture, a chart, a
    /// placeholder): it takes its slot, never overflows it, never shrinks and logs no fixes.
    /// Kinds with text to fit (text, tables, shapes) override what applies to them.
    fn needed_height(&self, _w: Emu) -> Option<Emu> {
        None
    }
    /// Does the element overflow `rect` at its current size?
    fn overflows(&self, _rect: Rect) -> bool {
        false
    }
    /// Steps 1–2 for an element alone in `rect`: the largest size that fits, else less
    /// paragraph spacing, else the floor.
    fn fit_alone(&mut self, _rect: Rect) {}
    /// `constraints.priority`: lower gives up size first when elements share a slot.
    fn priority(&self) -> u8 {
        u8::MAX
    }
    /// Can step 1 take it down another 0.5 pt?
    fn can_shrink(&self) -> bool {
        false
    }
    /// Step 1, one step down.
    fn shrink_step(&mut self) {}
    /// Step 2; true when something changed.
    fn reduce_spacing(&mut self) -> bool {
        false
    }
    /// Back to the size and spacing asked for (before a re-slot tries again).
    fn reset(&mut self) {}
    /// Step 4: set the element in two columns within `rect` if its kind can and its own
    /// measured rule allows; true when it did (and then fits). Default: cannot.
    fn two_columns(&mut self, _rect: Rect) -> bool {
        false
    }
    /// Step 5: the element cut into pieces, one per output slide, each fitted in `rect`;
    /// `None` when the kind cannot split or there is nothing to cut.
    fn split(&self, _ctx: &mut Ctx<'_>, _rect: Rect) -> Option<Split> {
        None
    }
    /// Step 5 for an element stacked below others in its slot: cut so that the first piece
    /// fits `first` (the room left below them) and every other piece `rest` (the whole slot
    /// on continuation slides). `None` (the default) when the kind cannot do that, or not
    /// even one unit fits `first`: the policy then moves the element whole to the next slide,
    /// where [`Fit::split`] may cut it.
    fn split_into(&self, _ctx: &mut Ctx<'_>, _first: Rect, _rest: Rect) -> Option<Split> {
        None
    }
    /// The size and spacing changes the policy made (and a kind's own rule decisions, such as
    /// a chart's), for the fixes log.
    fn fixes(&self) -> Vec<FixAction> {
        Vec::new()
    }
    /// Text the element adds to its slide's speaker notes (a chart's `content.notes`).
    fn speaker_notes(&self) -> Option<&str> {
        None
    }
    /// The placed content in `rect`, and what it noticed on the way (missing glyphs...).
    fn finish(&self, ctx: &Ctx<'_>, rect: Rect) -> (BoxContent, Vec<Finding>);
}

/// An element cut for continuation slides.
pub struct Split {
    /// One body per output slide, in order.
    pub pieces: Vec<Body>,
    /// How many units (bullet items, paragraphs, sentences, table rows) the cut was made
    /// between.
    pub units: usize,
    /// Continuation titles numbered by page (`… (2/3)`, tables) rather than `… (cont.)`.
    pub page_titles: bool,
}

/// An element's content as laid out, one variant per kind.
#[derive(Debug, Clone)]
pub enum Body {
    Text(TextItem),
    /// Boxed: a chart carries its data and measured labels, much more than the others.
    Chart(Box<ChartItem>),
    /// Boxed: a table carries every cell's prepared text, far more than the other kinds.
    Table(Box<TableItem>),
    Placeholder(PlaceholderItem),
    Picture(PictureItem),
    Shape(Box<ShapeItem>),
    Divider(DividerItem),
}

impl Body {
    /// The body of an element in a box `width` EMU wide, its text in the slot's `style`.
    /// `style` is asked only by kinds that draw text.
    pub fn new(
        ctx: &mut Ctx<'_>,
        el: &Element,
        style: impl FnOnce(&Ctx<'_>) -> Style,
        width: Emu,
    ) -> Body {
        match el.kind {
            ElementKind::Image => return Body::Picture(PictureItem::new(ctx, el)),
            ElementKind::Shape => {
                return Body::Shape(Box::new(ShapeItem::new(ctx, el, style, width)))
            }
            ElementKind::Divider => return Body::Divider(DividerItem::new(ctx)),
            _ => {}
        }
        if let Some((texts, bullets)) = text::paragraph_texts(el) {
            let style = style(ctx);
            return Body::Text(TextItem::new(ctx, style, &texts, bullets, el, width));
        }
        if let Some(chart) = ChartItem::new(ctx, el, width) {
            return Body::Chart(Box::new(chart));
        }
        if table::table_content(el).is_some() {
            let style = style(ctx);
            if let Some(t) = TableItem::new(ctx, el, style, width) {
                return Body::Table(Box::new(t));
            }
        }
        Body::Placeholder(PlaceholderItem::new(el))
    }

    pub fn fit(&self) -> &dyn Fit {
        match self {
            Body::Text(t) => t,
            Body::Chart(c) => &**c,
            Body::Table(t) => t.as_ref(),
            Body::Placeholder(p) => p,
            Body::Picture(p) => p,
            Body::Shape(s) => &**s,
            Body::Divider(d) => d,
        }
    }

    pub fn fit_mut(&mut self) -> &mut dyn Fit {
        match self {
            Body::Text(t) => t,
            Body::Chart(c) => &mut **c,
            Body::Table(t) => t.as_mut(),
            Body::Placeholder(p) => p,
            Body::Picture(p) => p,
            Body::Shape(s) => &mut **s,
            Body::Divider(d) => d,
        }
    }

    /// A title's text, for the continuation slides' titles.
    pub fn as_text(&self) -> Option<&TextItem> {
        match self {
            Body::Text(t) => Some(t),
            Body::Chart(_)
            | Body::Placeholder(_)
            | Body::Picture(_)
            | Body::Shape(_)
            | Body::Divider(_) => None,
            Body::Table(_) => None,
        }
    }
}
