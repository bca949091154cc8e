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

mod opc;
mod pptx;

use specrender_layout::model::LaidDeck;

#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    #[error("zip: {0}")]
    Zip(String),
}

/// Options for [`pptx_with`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PptxOptions {
    /// Deflate level of every part: 0 stores them uncompressed, 1 (fastest) to 9 (smallest).
    /// Default: 1 (sizes and times measured in `opc/zip.rs`).
    pub deflate_level: u8,
    /// Threads that write and compress parts. The package is byte-identical whatever the
    /// number. Default: 1.
    pub threads: usize,
}

impl Default for PptxOptions {
    fn default() -> Self {
        PptxOptions {
            deflate_level: 1,
            threads: 1,
        }
    }
}

/// Write the deck as a PPTX package (deterministic bytes), with the default options.
pub fn pptx(laid: &LaidDeck) -> Result<Vec<u8>, RenderError> {
    pptx_with(laid, &PptxOptions::default())
}

/// Write the deck as a PPTX package (deterministic bytes).
pub fn pptx_with(laid: &LaidDeck, opts: &PptxOptions) -> Result<Vec<u8>, RenderError> {
    opc::zip::zip(&pptx::plan(laid), opts)
}

/// Every package part as `(part name, bytes)`, in zip order. `pretty = true` indents the XML
/// one element per line (golden files a person can diff); `pretty = false` gives the compact
/// bytes `pptx` zips. Both parse to the same documents.
pub fn pptx_parts(laid: &LaidDeck, pretty: bool) -> Vec<(String, Vec<u8>)> {
    pptx::build(laid, pretty)
}
