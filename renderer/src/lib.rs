//! specrender-renderer: `&LaidDeck` -> PPTX bytes.
//!
//! The writer decides nothing: every position, size, line pitch, font and flag comes from the
//! laid-out deck (STYLE.md: one computed layout, many consumers). It writes ECMA-376
//! transitional PresentationML that PowerPoint, LibreOffice and python-pptx open as is.
//!
//! One module per package part (`content_types`, `rels`, `presentation`, `props`
//! (presProps/viewProps/tableStyles), `slide_master`, `slide_layout`, `theme`,
//! `slide`, `notes` (notes master and notes slides), `doc_props` (core/app)), the shared
//! `text` body and `shapes` writers, a tiny `xml` writer and the zip packager (`package`);
//! `parts` decides which parts exist and in what order.
//!
//! Deterministic: no hash iteration, no clock, fixed zip timestamps and entry order — the
//! same `LaidDeck` gives the same bytes.

mod content_types;
mod doc_props;
mod notes;
mod package;
mod parts;
mod presentation;
mod props;
mod rels;
mod shapes;
mod slide;
mod slide_layout;
mod slide_master;
mod text;
mod theme;
mod xml;

use specrender_layout::model::LaidDeck;

#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    #[error("zip: {0}")]
    Zip(String),
}

/// Write the deck as a PPTX package (deterministic bytes).
pub fn pptx(laid: &LaidDeck) -> Result<Vec<u8>, RenderError> {
    package::zip(&pptx_parts(laid, false))
}

/// Every package part as `(part name, bytes)`, in zip order. `pretty = true` indents the XML
/// one element per line (golden files a person can diff); `pretty = false` gives the compact
/// bytes `pptx` zips. Both parse to the same documents.
pub fn pptx_parts(laid: &LaidDeck, pretty: bool) -> Vec<(String, Vec<u8>)> {
    parts::build(laid, pretty)
}
