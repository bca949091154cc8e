//! Where a value is in a SlideSpec or DocSpec, as far as [`super::read`] needs to know: the
//! free-form places nothing reads (walked, not kept) and the way to them.

/// Where a value is, as far as the reader needs to know: which places the schemas leave
/// free-form and the engine never reads (docs/guide/limits.md, "Inputs":
/// free-form JSON nothing reads), and the way to them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Place {
    Root,
    Theme,
    Brand,
    Deck,
    Slides,
    Slide,
    SlideLayout,
    Elements,
    Element,
    /// A slide element's `style`.
    Style,
    /// A slide element's `constraints`.
    Constraints,
    Doc,
    Blocks,
    Block,
    /// Kept whole.
    Kept,
    /// A free-form value nothing reads: walked, not kept; this is its top, which keeps its
    /// JSON type (an empty array or object, or the scalar).
    Unread,
    /// Inside an [`Place::Unread`] value.
    UnreadInside,
}

impl Place {
    /// The place of member `key` of an object here.
    pub(super) fn member(self, key: &str) -> Place {
        use Place::*;
        match (self, key) {
            (Root, "extensions") => Unread,
            (Root, "theme") => Theme,
            (Root, "deck") => Deck,
            (Root, "doc") => Doc,
            (Theme, "brand") => Brand,
            (Brand, "brand_kit_id" | "tokens") => Kept,
            (Brand, _) => Unread,
            (Deck, "slides") => Slides,
            (Slide, "extensions") => Unread,
            (Slide, "layout") => SlideLayout,
            (Slide, "elements") => Elements,
            (SlideLayout, "layout_hints") => Unread,
            (Element, "extensions") => Unread,
            (Element, "style") => Style,
            (Element, "constraints") => Constraints,
            (Style, "variant" | "emphasis" | "box") => Kept,
            (Style, _) => Unread,
            (Constraints, "priority" | "allow_shrink" | "min_font_pt") => Kept,
            (Constraints, _) => Unread,
            (Doc, "blocks") => Blocks,
            (Block, "extensions") => Unread,
            (Unread | UnreadInside, _) => UnreadInside,
            _ => Kept,
        }
    }

    /// The place of an item of an array here.
    pub(super) fn item(self) -> Place {
        match self {
            Place::Slides => Place::Slide,
            Place::Elements => Place::Element,
            Place::Blocks => Place::Block,
            Place::Unread | Place::UnreadInside => Place::UnreadInside,
            _ => Place::Kept,
        }
    }

    /// Whether a value here is kept (not an unread free-form one).
    pub(super) fn kept(self) -> bool {
        !matches!(self, Place::Unread | Place::UnreadInside)
    }
}
