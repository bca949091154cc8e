//! The laid-out document: what the DOCX writer and QC read. Every number is decided here.

use crate::model::Align;
use crate::picture::Image;
use specrender_spec::deck::{LangFamily, Refusal, ResolveNote, Theme};
use specrender_spec::doc::Reference;
use specrender_spec::units::{Cpt, Emu};
use std::sync::Arc;

pub use super::page::Page;

/// How citations are shown (`--citations`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum CitationStyle {
    /// A footnote per citation (Word numbers them). Default.
    #[default]
    Footnotes,
    /// `[n]` keys in the text, numbered by first appearance, and a numbered reference list
    /// at the end.
    List,
}

/// The document as laid out.
#[derive(Debug, Clone)]
pub struct LaidDoc {
    pub title: String,
    pub subtitle: Option<String>,
    /// The language tag as given, and as written in `w:lang` (`ko` -> `ko-KR`).
    pub language: String,
    pub run_lang: String,
    pub lang: LangFamily,
    pub author: Option<String>,
    pub created: Option<String>,
    pub theme: Theme,
    pub page: Page,
    /// The reference document the document is written on, and which of its styles each of
    /// our roles uses (empty without a template).
    pub template: Option<Arc<specrender_template::DocTemplate>>,
    pub styles: Vec<super::template::StyleUse>,
    /// Pages predicted for the whole document ([`super::flow`]).
    pub pages: u32,
    pub blocks: Vec<LaidBlock>,
    pub references: Vec<Reference>,
    pub citations: CitationStyle,
    /// List mode: the references in the order of their numbers (indices into `references`).
    pub listed: Vec<usize>,
    /// Footnote count (footnote mode).
    pub footnotes: usize,
    pub findings: Vec<DocFinding>,
    pub notes: Vec<ResolveNote>,
}

impl LaidDoc {
    /// The style id written for our style id `ours` (`Heading1`): the template's style for
    /// the role, ours renamed, or `ours` itself (no template, or not a role style).
    pub fn style_id<'s>(&'s self, ours: &'s str) -> &'s str {
        self.styles
            .iter()
            .find(|s| s.ours == ours)
            .map_or(ours, |s| s.id.as_str())
    }

    /// Does the writer write its own style for `ours` (no template, or the template lacks it)?
    pub fn writes_style(&self, ours: &str) -> bool {
        self.styles
            .iter()
            .find(|s| s.ours == ours)
            .is_none_or(|s| !s.from_template)
    }
}

/// One block with the width it got.
#[derive(Debug, Clone)]
pub struct LaidBlock {
    pub id: String,
    /// Input index (`/doc/blocks/{index}`).
    pub index: usize,
    pub width: Emu,
    pub content: LaidContent,
    /// The block's citations: footnote numbers (footnote mode, running over the document) or
    /// reference numbers (list mode); with the reference each one shows.
    pub cites: Vec<(u32, usize)>,
    /// The block's `style` (text blocks): alignment, bold, italic, colour, size.
    pub style: specrender_spec::tokens::BlockStyleRead,
    /// Pages the block lands on (first, last; 1-based) as a word processor lays the DOCX out
    /// ([`super::flow`]).
    pub pages: (u32, u32),
    /// A list: the indent (start, hanging; twips) its right-to-left items are written with
    /// and measured at, when its numbering would set their labels on the margin
    /// ([`super::template::rtl_list_indent`]).
    pub rtl_indent: Option<(i64, i64)>,
}

#[derive(Debug, Clone)]
pub enum LaidContent {
    Heading {
        level: u8,
        text: String,
    },
    Paragraph {
        text: String,
    },
    List {
        ordered: bool,
        items: Vec<String>,
    },
    Table(DocTable),
    Figure(DocFigure),
    Quote {
        text: String,
        attribution: Option<String>,
    },
    PageBreak,
}

impl LaidContent {
    pub fn kind(&self) -> &'static str {
        match self {
            LaidContent::Heading { .. } => "heading",
            LaidContent::Paragraph { .. } => "paragraph",
            LaidContent::List { .. } => "list",
            LaidContent::Table(_) => "table",
            LaidContent::Figure(_) => "figure",
            LaidContent::Quote { .. } => "quote",
            LaidContent::PageBreak => "page_break",
        }
    }
}

/// A table: its texts, alignment, measured column widths and the size they were made for.
#[derive(Debug, Clone)]
pub struct DocTable {
    pub title: Option<String>,
    /// Table number (`Table 2`) when it has a title, or when the document numbers its tables
    /// (any table has a title): then an untitled table is numbered too (`numbered`).
    pub number: u32,
    pub numbered: bool,
    pub columns: Vec<String>,
    pub header_align: Vec<Align>,
    pub rows: Vec<Vec<String>>,
    pub align: Vec<Vec<Align>>,
    pub numeric: Vec<bool>,
    /// Column widths (EMU, whole twips), adding up to at most the text width.
    pub widths: Vec<Emu>,
    pub size: Cpt,
    /// The columns cut below their narrowest width (words break inside) because the columns
    /// do not fit even at the floor size (`crate::element::table::widths::distribute`).
    pub overflow: Vec<usize>,
    /// Row heights in twips, header row first: the tallest cell's lines, cell margins and the
    /// border under the row (what pages are predicted with).
    pub row_heights: Vec<i64>,
}

/// A figure: the image (or why it is missing), its extent and caption number.
#[derive(Debug, Clone)]
pub struct DocFigure {
    pub number: u32,
    pub asset_id: String,
    pub caption: String,
    pub alt: Option<String>,
    pub image: Result<Arc<Image>, Refusal>,
    /// Shown size (EMU): natural size at 96 dpi, scaled down to the text width and the
    /// figure height limit keeping aspect.
    pub extent: (Emu, Emu),
    /// The image's shown pixel size.
    pub pixels: Option<(u32, u32)>,
    /// Scale applied to the natural size, per mille (1000: none).
    pub scale_permille: u32,
}

/// What document layout noticed (QC writes the words).
#[derive(Debug, Clone, PartialEq)]
pub enum DocFinding {
    /// Columns that do not fit the text width even at the floor size: `needed` is what the
    /// narrowest widths add up to, `columns` the names of the columns cut below theirs.
    TableOverflow {
        block: String,
        needed: Emu,
        width: Emu,
        columns: Vec<String>,
        size: Cpt,
    },
    /// A cell whose longest unbreakable piece is wider than its column.
    UnbreakableText {
        block: String,
        row: Option<usize>,
        column: usize,
        text: String,
        needed: Emu,
        width: Emu,
    },
    /// Table rows with more or fewer cells than the table has columns, padded with empty
    /// cells or cut: (row, cells it had), 0-based body rows (as decks report them).
    TableRaggedRows {
        block: String,
        rows: Vec<(usize, usize)>,
        columns: usize,
    },
    /// A figure whose asset is missing, refused or undecodable.
    MissingAsset {
        block: String,
        asset_id: String,
        refusal: Refusal,
    },
    /// Fonts that had to be substituted (requested, used; `stand_in`: a documented stand-in
    /// for a family with no free metric clone).
    FontSubstituted {
        requested: String,
        used: String,
        stand_in: bool,
    },
    /// `theme.template_ref.template_id` names no document template in the templates folder
    /// (the document is written in our own styles).
    UnknownTemplate { template_id: String },
    /// The carry policy dropped active or external content from a template part.
    TemplateContentDropped(specrender_template::Dropped),
    /// Characters no loaded font has (drawn as empty boxes); `block` None: the title or
    /// subtitle.
    MissingGlyphs {
        block: Option<String>,
        chars: Vec<char>,
    },
}
