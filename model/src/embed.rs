//! The faces a written file carries (`--embed-fonts`), decided by layout
//! (`specrender_layout::embed`) from the families the file names and the text it shows: QC
//! reports them (and the faces it could not embed, `font_not_embedded`); the DOCX writer wraps
//! each as an obfuscated `word/fonts/fontN.odttf`, the PPTX writer as an Embedded OpenType
//! `ppt/fonts/fontN.fntdata`.

use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// Which faces a PPTX or DOCX carries.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EmbedFonts {
    /// None (the default: a file as small as before; viewers use their own faces).
    #[default]
    None,
    /// The faces the file uses, each subset to the characters it shows.
    Used,
    /// The same faces whole: the file can be edited with any character they have.
    All,
}

impl EmbedFonts {
    pub fn as_str(self) -> &'static str {
        match self {
            EmbedFonts::None => "none",
            EmbedFonts::Used => "used",
            EmbedFonts::All => "all",
        }
    }

    /// `none`, `used` or `all`.
    pub fn parse(s: &str) -> Option<EmbedFonts> {
        match s {
            "none" => Some(EmbedFonts::None),
            "used" => Some(EmbedFonts::Used),
            "all" => Some(EmbedFonts::All),
            _ => None,
        }
    }
}

/// The style slot an embedded face fills (`w:embedBold`, `p:bold`, ...).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum FaceStyle {
    Regular,
    Bold,
    Italic,
    BoldItalic,
}

impl FaceStyle {
    pub fn of(bold: bool, italic: bool) -> FaceStyle {
        match (bold, italic) {
            (false, false) => FaceStyle::Regular,
            (true, false) => FaceStyle::Bold,
            (false, true) => FaceStyle::Italic,
            (true, true) => FaceStyle::BoldItalic,
        }
    }
}

/// One face embedded.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct EmbeddedFace {
    /// The family as the file's runs name it (`Calibri`, `Noto Sans CJK KR`).
    pub family: String,
    pub style: FaceStyle,
    /// The face's own family name: `Carlito` for `Calibri` (its metric clone, the face we
    /// measured with).
    pub face: String,
    /// A standalone TrueType font.
    #[serde(skip)]
    pub data: Arc<[u8]>,
    /// Its size in bytes, before the package's compression.
    pub bytes: usize,
    /// Subset to the characters the file shows (glyph ids kept), or whole.
    pub subset: bool,
    /// The face's CFF outlines written as TrueType (quadratic) outlines.
    pub converted: bool,
    /// Glyphs with an outline in it.
    pub glyphs: usize,
}

/// A family the file names, with text, that is not embedded, and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct NotEmbedded {
    pub family: String,
    /// The face we measured it with.
    pub face: String,
    /// `restricted_license`, `preview_print_only`, `bitmap_only`, `color_bitmap_face`,
    /// `no_truetype_outlines`, `unreadable`, or `stand_in` / `substituted` (we measured with
    /// another design: embedding it under the family's name would change how the file looks).
    pub reason: String,
    /// One sentence: why.
    pub why: String,
}

/// What a file embeds.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Embedding {
    pub mode: EmbedFonts,
    /// In the order the writer writes them (family, then style).
    pub faces: Vec<EmbeddedFace>,
    pub refused: Vec<NotEmbedded>,
}
