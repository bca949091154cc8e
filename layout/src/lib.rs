//! specrender-layout: Deck -> LaidDeck.
pub mod model;

use model::{Autofit, LaidDeck};
use specrender_fonts::FontBook;
use specrender_spec::deck::Deck;

/// Options for [`layout`].
#[derive(Debug, Clone)]
pub struct LayoutOptions {
    /// Default: `Autofit::Shrink` (`a:normAutofit`).
    pub autofit: Autofit,
    /// Append the fixes log to speaker notes. Default: true.
    pub fixes_in_notes: bool,
}

impl Default for LayoutOptions {
    fn default() -> Self {
        LayoutOptions { autofit: Autofit::Shrink, fixes_in_notes: true }
    }
}

/// Lay out a deck: slots, measurement, line breaking, fit policy, continuation slides.
pub fn layout(deck: &Deck, fonts: &FontBook, opts: &LayoutOptions) -> LaidDeck {
    let _ = (deck, fonts, opts);
    todo!()
}

/// The `--layout` JSON: every placed box (PRODUCT.md §5).
pub fn boxes_json(laid: &LaidDeck) -> serde_json::Value {
    let _ = laid;
    todo!()
}
