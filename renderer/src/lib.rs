//! specrender-renderer: `&LaidDeck` -> PPTX bytes, `&LaidDoc` -> DOCX bytes.
//!
//! The writer decides nothing: every position, size, line pitch, font and flag comes from the
//! laid-out deck or document, `specrender-model`'s types (docs/dev/architecture.md: one
//! computed layout, many consumers; what still reaches layout is listed there). It writes
//! ECMA-376 transitional PresentationML and WordprocessingML that PowerPoint, Word,
//! LibreOffice and python-pptx / python-docx open as is.
//!
//! The package level (XML writer, relationships, content types, media by hash, the
//! deterministic zip) is `specrender-opc`'s `write` module, shared with the template reader.
//! On it:
//!
//! - `pptx/` — PresentationML: `mod.rs` plans the deck's package (which parts exist, their
//!   names, order and relationships; the template's masters, layouts and theme carried over);
//!   one module per part or drawn kind: `presentation.rs`, `props.rs` (presProps, viewProps,
//!   tableStyles), `theme.rs`, `slide.rs`, `notes.rs` (notes master and notes slides),
//!   `doc_props.rs` (core and app), `chart.rs` (+ `chart_text.rs`), `table.rs`, `picture.rs`,
//!   `shape.rs`; `text.rs` (text bodies) and `shapes.rs` (shape tree, placeholders, list
//!   levels) are shared by the slide-like parts.
//! - `docx/` — WordprocessingML: `mod.rs` plans the document's package, one module per part.
//! - `xlsx/` — the minimal workbook a chart embeds (its "Edit Data" numbers).
//! - `carried.rs` — a template's part carried into the package (decks and documents alike).
//! - `fonts.rs` — embedded faces wrapped as Word and PowerPoint read them (`--embed-fonts`).
//!
//! Deterministic: no hash iteration where order reaches output, no clock, fixed zip timestamps
//! and entry order — the same `LaidDeck` or `LaidDoc` gives the same bytes.

mod carried;
mod docx;
mod fonts;
/// The package level lives in `specrender-opc` (shared with the template reader).
use specrender_opc::write as opc;
pub(crate) mod pptx;
mod xlsx;

pub use opc::zip::Pieces;
use opc::zip::ZipOptions;
use specrender_model::LaidDeck;

#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    #[error("zip: {0}")]
    Zip(String),
    /// The template's parts could not be carried over (a part it names is missing).
    #[error("template: {0}")]
    Template(String),
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
    let zip = ZipOptions {
        deflate_level: opts.deflate_level,
        threads: opts.threads,
    };
    opc::zip::zip(&pptx::package(laid)?, &zip).map_err(|e| RenderError::Zip(e.0))
}

/// [`pptx_with`]'s bytes as [`Pieces`]: the deck's pictures are lent from
/// the laid-out deck, not copied into the package (for a caller that writes the package to a
/// file piece by piece).
pub fn pptx_pieces<'a>(
    laid: &'a LaidDeck,
    opts: &PptxOptions,
) -> Result<opc::zip::Pieces<'a>, RenderError> {
    let zip = ZipOptions {
        deflate_level: opts.deflate_level,
        threads: opts.threads,
    };
    opc::zip::zip_pieces(&pptx::package(laid)?, &zip).map_err(|e| RenderError::Zip(e.0))
}

/// Write a laid-out document as a DOCX package (deterministic bytes).
pub fn docx_with(
    laid: &specrender_model::doc::LaidDoc,
    opts: &PptxOptions,
) -> Result<Vec<u8>, RenderError> {
    let zip = ZipOptions {
        deflate_level: opts.deflate_level,
        threads: opts.threads,
    };
    opc::zip::zip(&docx::package(laid), &zip).map_err(|e| RenderError::Zip(e.0))
}

/// [`docx_with`] with the default options.
pub fn docx(laid: &specrender_model::doc::LaidDoc) -> Result<Vec<u8>, RenderError> {
    docx_with(laid, &PptxOptions::default())
}

/// Every part of the DOCX package as `(part name, bytes)`, in zip order (`pretty`: indented,
/// for goldens).
pub fn docx_parts(laid: &specrender_model::doc::LaidDoc, pretty: bool) -> Vec<(String, Vec<u8>)> {
    docx::package(laid).written(pretty)
}

/// Every package part as `(part name, bytes)`, in zip order. `pretty = true` indents the XML
/// one element per line (golden files a person can diff); `pretty = false` gives the compact
/// bytes `pptx` zips. Both parse to the same documents.
pub fn pptx_parts(laid: &LaidDeck, pretty: bool) -> Result<Vec<(String, Vec<u8>)>, RenderError> {
    Ok(pptx::package(laid)?.written(pretty))
}
