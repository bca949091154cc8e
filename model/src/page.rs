//! A document's pages as drawn: every line of text with its glyphs at its place on its page,
//! every table rule and fill, every picture — what layout's page model predicted (the same
//! line breaks and page breaks the DOCX is checked against Writer with), made by layout
//! (`specrender_layout::doc::scene`) only when something draws the document (the PDF, page
//! images). Each item names what it belongs to ([`Role`], [`PageLine::para`]) so a drawer can
//! tag the structure in reading order without knowing how it was laid out.

use std::sync::Arc;

use crate::picture::Image;
use crate::text::LineGlyphs;
use specrender_spec::units::{Cpt, Emu};

/// Every page of a document, in order.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct DocPages {
    /// Page size (EMU).
    pub width: Emu,
    pub height: Emu,
    pub pages: Vec<PageScene>,
}

/// One page: its items in reading order.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct PageScene {
    pub items: Vec<PageItem>,
}

/// Something drawn on a page (positions in EMU from the page's top left corner).
#[derive(Debug, Clone, PartialEq)]
pub enum PageItem {
    Line(PageLine),
    /// A straight rule (table borders, the footnote separator), `width` EMU thick.
    Rule {
        from: (f64, f64),
        to: (f64, f64),
        width: f64,
        color: [u8; 3],
    },
    /// A filled rectangle (x, y, w, h) behind what follows it (a table header's shading).
    Fill {
        rect: [f64; 4],
        color: [u8; 3],
    },
    /// A figure's picture stretched over `rect` (x, y, w, h).
    Picture {
        rect: [f64; 4],
        image: Arc<Image>,
        /// Its alternative text (the figure's `alt_text`; none: the PDF claims no PDF/UA-1).
        alt: Option<String>,
        block: usize,
    },
}

/// One line of a paragraph, placed: its glyphs from `x` on the baseline `baseline`.
#[derive(Debug, Clone, PartialEq)]
pub struct PageLine {
    pub x: f64,
    pub baseline: f64,
    pub size: Cpt,
    pub color: [u8; 3],
    /// The paragraph's whole text (the glyphs' clusters are byte offsets into it).
    pub text: Arc<str>,
    pub glyphs: LineGlyphs,
    /// The running number of the paragraph it belongs to (lines of one paragraph share it,
    /// across pages too; a list label shares its item's).
    pub para: u32,
    pub role: Role,
    /// The language of its text (BCP 47).
    pub lang: Arc<str>,
}

/// What a paragraph is, for a drawer that tags structure.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Role {
    Title,
    Subtitle,
    /// A heading of level 1 to 6 (block index).
    Heading {
        level: u8,
        block: usize,
    },
    /// A body paragraph, or what stands in for a picture that could not be shown.
    Body {
        block: Option<usize>,
    },
    /// A list item's text (`list`: the list's block index; `item`: its index in the list).
    Item {
        block: usize,
        item: usize,
    },
    /// A list item's label (bullet or number).
    Label {
        block: usize,
        item: usize,
    },
    Quote {
        block: usize,
    },
    /// A quote's attribution line.
    Attribution {
        block: usize,
    },
    /// A table's or figure's caption.
    Caption {
        block: usize,
    },
    /// A table cell's text (`row` 0 is the header row).
    Cell {
        block: usize,
        row: usize,
        column: usize,
        /// The header row again, on a page the table continues onto.
        repeat: bool,
    },
    /// A footnote's text, its number first (`number` as the text shows it).
    Footnote {
        number: u32,
    },
    /// A footnote's reference mark in the text it cites from (superscript).
    NoteMark {
        number: u32,
    },
    /// The reference list's heading and entries (list citations).
    ReferenceHeading,
    Reference,
}
