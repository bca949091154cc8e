//! specrender-model: the types layout decides and every consumer reads — QC, the PPTX and
//! DOCX writers, the preview. Plain data and the accessors that read it; nothing here
//! measures, fits or chooses (that is `specrender-layout`, which makes these values). It
//! depends on no other specrender crate but the input types and fonts: the template reader
//! produces some of its types (a document role, what the carry policy dropped, a carried part,
//! a paint, a custom geometry's paths), and layout resolves the rest of a template into a
//! [`Look`] or [`doc_look::DocLook`].
//!
//! Where things are:
//! - [`geom`]: the one rectangle and inset types (integer EMU);
//! - [`deck`]: the laid deck — [`LaidDeck`], [`LaidSlide`], [`PlacedBox`] with a typed
//!   [`BoxContent`] per element kind, text as paragraphs → lines → runs;
//! - [`chart`]: a laid chart ([`ChartBox`]), every chart rule applied, and how it is drawn
//!   ([`ChartLayout`]: plot area, axes, legend, every label's glyphs);
//! - [`picture`]: an image as embedded;
//! - [`text`]: the glyphs of each line as placed for drawing (face, glyph id, position,
//!   source text range);
//! - [`findings`]: what layout noticed ([`Finding`] at a [`Location`], in a [`Note`]) — decks
//!   and documents alike — and what the fit policy did ([`Fix`]);
//! - [`frame`]: the frame a deck was laid out on (slide size, safe area, footer band, layouts
//!   and their slots) and [`look`], the template it is drawn on, resolved (backgrounds,
//!   decorations with their geometry, the parts a deck carries) with its pictures ([`blip`]:
//!   decoded once, placed by one rule the preview, the PDF and QC share);
//! - [`place`]: where a box's lines and a table's cells are drawn (the walk every drawer takes);
//! - [`outline`]: the preset shapes' outlines every drawer draws;
//! - [`artwork`]: the look's opaque decorations as outlines in slide EMU, what a laid line's
//!   ink ([`PlacedBox::inks`]) lies on — read by layout (moving text off it) and QC;
//! - [`embed`]: the faces a written file carries (`--embed-fonts`) and those it could not;
//! - [`color`]: the colour science the rules share (WCAG contrast, CIE76 ΔE);
//! - [`doc`]: the laid document — [`doc::LaidDoc`] with its blocks, page geometry, the
//!   template styles each role is written with, and its [`Note`]s; [`doc_look`]: the
//!   Word template it is written on, resolved (parts carried, section, list numbering);
//!   [`page`]: a document's pages as drawn (every line's glyphs at its place on its page).
//!
//! The deck types are re-exported at the root (`specrender_model::LaidDeck`); the document's
//! stay in [`doc`] (`specrender_model::doc::LaidDoc`).
//!
//! Moving to one model (issue 39) is under way; what still has to move out or change:
//! - a paragraph's glyphs ([`text`]) are placed by layout for the preview only on request
//!   (`specrender_layout::text::glyphs::place_deck`), after fitting, and so is how a chart
//!   is drawn ([`ChartBox::drawn`]); the preview's own labels are still shaped by the preview.

pub mod artwork;
pub mod blip;
pub mod chart;
pub mod color;
pub mod deck;
pub mod doc;
pub mod doc_look;
pub mod embed;
pub mod findings;
pub mod frame;
pub mod geom;
pub mod look;
pub mod outline;
pub mod page;
pub mod picture;
pub mod place;
pub mod rules;
pub mod series;
pub mod text;

pub use chart::{
    AxisFit, ChartBox, ChartFonts, ChartKind, ChartLayout, ChartSeriesBox, ChartSizes, ChartText,
};
pub use deck::*;
pub use findings::{ChartDataProblem, Finding, Fix, FixAction, Location, Note, PdfMissing};
pub use frame::{Frame, FrameLogo, LayoutFrame, Slot, SlotRole, TemplateLayout};
pub use geom::{Insets, Rect};
pub use look::{Backdrop, CarriedPart, Decoration, Look, LookLayout, LookMaster, Paint, Surface};
pub use picture::{Image, ImageFormat, Orientation};
pub use specrender_spec::deck::Crop;
pub use text::{BulletGlyphs, LineGlyphs, ParaGlyphs, PlacedGlyph};
