//! The laid-out document: what the DOCX writer and QC read. Every number is decided by
//! layout (`specrender_layout::doc`); this is the result: the blocks with their widths and
//! pages, the page geometry ([`Page`]), which template style each role is written with
//! ([`StyleUse`]) and what layout noticed ([`crate::Note`]s).

use crate::deck::Align;
use crate::picture::Image;
use serde::Serialize;
use specrender_spec::deck::{LangFamily, Refusal, Theme};
use specrender_spec::doc::Reference;
use specrender_spec::units::{Cpt, Emu, EMU_PER_INCH};
use std::sync::Arc;

/// EMU per twip (1/20 pt): DOCX writes page geometry in twips.
pub const EMU_PER_TWIP: Emu = 635;

/// One page's geometry in EMU (every value a whole number of twips).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Page {
    /// `a4` or `letter`.
    pub name: &'static str,
    pub width: Emu,
    pub height: Emu,
    /// Top, right, bottom, left.
    pub margins: [Emu; 4],
    /// Distance of the header from the page edge.
    pub header: Emu,
    /// Distance of the footer from the page edge.
    pub footer: Emu,
    /// Binding gutter, added to the left margin.
    pub gutter: Emu,
    /// Newspaper columns: (count, space between), `None` for one column.
    pub columns: Option<(u32, Emu)>,
    /// Columns of their own widths (a template's `w:equalWidth="0"`): the narrowest one's
    /// width, which every block gets (it may land in any column); 0: equal columns.
    pub column_min: Emu,
}

impl Page {
    /// A4: 210 x 297 mm, written by Word as 11906 x 16838 twips.
    pub const A4: Page = Page::with_size("a4", 11_906 * EMU_PER_TWIP, 16_838 * EMU_PER_TWIP);
    /// US Letter: 8.5 x 11 in.
    pub const LETTER: Page =
        Page::with_size("letter", 12_240 * EMU_PER_TWIP, 15_840 * EMU_PER_TWIP);

    const fn with_size(name: &'static str, width: Emu, height: Emu) -> Page {
        Page {
            name,
            width,
            height,
            margins: [EMU_PER_INCH; 4],
            header: EMU_PER_INCH / 2,
            footer: EMU_PER_INCH / 2,
            gutter: 0,
            columns: None,
            column_min: 0,
        }
    }

    /// Width between the left and right margins (less the gutter): the width of the text
    /// area.
    pub fn area_width(&self) -> Emu {
        self.width - self.margins[1] - self.margins[3] - self.gutter
    }

    /// What every block gets: the text area's width, or one column's on a page with
    /// columns (whole twips).
    pub fn text_width(&self) -> Emu {
        let w = self.area_width();
        match self.columns {
            Some((n, _)) if n > 1 && self.column_min > 0 => {
                (self.column_min / EMU_PER_TWIP * EMU_PER_TWIP).clamp(EMU_PER_TWIP, w.max(1))
            }
            Some((n, space)) if n > 1 => {
                let n = n as Emu;
                let col = (w - (n - 1) * space) / n;
                (col / EMU_PER_TWIP * EMU_PER_TWIP).max(EMU_PER_TWIP)
            }
            _ => w,
        }
    }

    /// The width a paragraph's lines are counted at for its pages: the text width, or on
    /// columns of their own widths their mean (the text runs through each in turn; Writer
    /// 7.4 on 2 in and 3.5 in columns, the fast suite: 95 of 107 headings on Writer's page
    /// counted at the mean, 32 at the narrowest).
    pub fn line_width(&self) -> Emu {
        Page {
            column_min: 0,
            ..*self
        }
        .text_width()
    }

    /// Height between the top and bottom margins.
    pub fn text_height(&self) -> Emu {
        self.height - self.margins[0] - self.margins[2]
    }
}

/// One role's style in a document on a template.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct StyleUse {
    pub role: DocRole,
    /// Our style id for the role (`Heading1`): what the writer asks for.
    pub ours: String,
    /// The id written: the template's style, or ours (renamed `Spec<id>` when the template
    /// gives our id to a style of another meaning).
    pub id: String,
    /// The template has the role's style (`false`: specrender adds its own, based on the
    /// template's `Normal`).
    pub from_template: bool,
    /// How it was found: `name` (Word's built-in name), `outline` (a heading's outline
    /// level), or `added`.
    pub how: &'static str,
}

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
    /// The theme part written on our own styles (`word/theme/theme1.xml`): the brand on
    /// scheme slots, as layout mapped it (`specrender_layout::frame::theme_frame`).
    pub theme_frame: crate::frame::ThemeFrame,
    /// On a template: what the template's own styles give the roles brand tokens can set
    /// (fonts, sizes as written, not clamped): the writer writes the laid theme's values into
    /// the styles where they differ (tokens the document sets, sizes clamped).
    pub template_theme: Option<Theme>,
    /// Our own list numbering's level-0 indent (twips): `w:ind w:left` and `w:hanging`,
    /// what layout measures list items at.
    pub list_indent: (i64, i64),
    /// The sizes (centipoints) of the heading styles we write, levels 1 to 6.
    pub heading_sizes: [Cpt; 6],
    pub page: Page,
    /// The reference document the document is written on, resolved
    /// ([`crate::doc_look::DocLook`]), and which of its styles each of our roles uses (empty
    /// without a template).
    pub look: Option<crate::doc_look::DocLook>,
    pub styles: Vec<StyleUse>,
    /// Pages predicted for the whole document (`specrender_layout::doc::flow`).
    pub pages: u32,
    pub blocks: Vec<LaidBlock>,
    pub references: Vec<Reference>,
    pub citations: CitationStyle,
    /// List mode: the references in the order of their numbers (indices into `references`).
    pub listed: Vec<usize>,
    /// Footnote count (footnote mode).
    pub footnotes: usize,
    /// What layout noticed (QC writes the words), each at the document or a block with its
    /// page: substituted fonts, missing glyphs, tables too wide, unbreakable cell text, ragged
    /// rows, missing figure assets, the template, input values resolve could not use.
    pub notes: Vec<crate::findings::Note>,
    /// The pages as drawn (every line's glyphs at its place), laid out only when something
    /// draws the document (`DocOptions::draw`: the PDF, page images).
    pub scene: Option<Arc<crate::page::DocPages>>,
    /// The faces the DOCX carries (`--embed-fonts`; none by default).
    pub embedding: crate::embed::Embedding,
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
    /// (`specrender_layout::doc::flow`).
    pub pages: (u32, u32),
    /// A list: the indent (start, hanging; twips) its right-to-left items are written with
    /// and measured at, when its numbering would set their labels on the margin
    /// (`specrender_layout::doc::template::rtl_list_indent`).
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

/// Localised labels: (figure, table, references heading, separator after the number). The
/// words of a language, read by layout (caption and heading widths) and the DOCX writer alike.
pub fn labels(lang: LangFamily) -> (&'static str, &'static str, &'static str, &'static str) {
    match lang {
        LangFamily::Korean => ("그림", "표", "참고 문헌", ". "),
        LangFamily::Japanese => ("図", "表", "参考文献", " "),
        LangFamily::ChineseSimplified => ("图", "表", "参考文献", " "),
        LangFamily::ChineseTraditional => ("圖", "表", "參考文獻", " "),
        LangFamily::Other => ("Figure", "Table", "References", ": "),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_give_blocks_the_narrowest_and_lines_the_mean() {
        // Letter with 1800-twip sides: 8640 twips of text; two columns 720 apart.
        let mut p = Page {
            margins: [
                1440 * EMU_PER_TWIP,
                1800 * EMU_PER_TWIP,
                1440 * EMU_PER_TWIP,
                1800 * EMU_PER_TWIP,
            ],
            columns: Some((2, 720 * EMU_PER_TWIP)),
            ..Page::LETTER
        };
        assert_eq!(p.text_width(), 3960 * EMU_PER_TWIP);
        assert_eq!(p.line_width(), 3960 * EMU_PER_TWIP);
        // Columns of 2880 and 5040 twips: blocks 2880, lines counted at the mean.
        p.column_min = 2880 * EMU_PER_TWIP;
        assert_eq!(p.text_width(), 2880 * EMU_PER_TWIP);
        assert_eq!(p.line_width(), 3960 * EMU_PER_TWIP);
        assert_eq!(p.area_width(), 8640 * EMU_PER_TWIP);
    }
}

/// What a paragraph of ours is: the roles documents map to styles.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum DocRole {
    Normal,
    Title,
    Subtitle,
    Heading(u8),
    ListBullet,
    ListNumber,
    Quote,
    Caption,
    FootnoteText,
    FootnoteReference,
}

impl DocRole {
    /// Every role, in the order styles are written.
    pub const ALL: [DocRole; 15] = [
        DocRole::Normal,
        DocRole::Title,
        DocRole::Subtitle,
        DocRole::Heading(1),
        DocRole::Heading(2),
        DocRole::Heading(3),
        DocRole::Heading(4),
        DocRole::Heading(5),
        DocRole::Heading(6),
        DocRole::ListBullet,
        DocRole::ListNumber,
        DocRole::Quote,
        DocRole::Caption,
        DocRole::FootnoteText,
        DocRole::FootnoteReference,
    ];

    /// Word's built-in style name (`w:name` as stored, whatever the UI language).
    pub fn builtin_name(self) -> String {
        match self {
            DocRole::Normal => "Normal".into(),
            DocRole::Title => "Title".into(),
            DocRole::Subtitle => "Subtitle".into(),
            DocRole::Heading(n) => format!("heading {n}"),
            DocRole::ListBullet => "List Bullet".into(),
            DocRole::ListNumber => "List Number".into(),
            DocRole::Quote => "Quote".into(),
            DocRole::Caption => "caption".into(),
            DocRole::FootnoteText => "footnote text".into(),
            DocRole::FootnoteReference => "footnote reference".into(),
        }
    }

    /// Our own style id for the role (what a document without a template uses).
    pub fn our_id(self) -> String {
        match self {
            DocRole::Heading(n) => format!("Heading{n}"),
            DocRole::Normal => "Normal".into(),
            DocRole::Title => "Title".into(),
            DocRole::Subtitle => "Subtitle".into(),
            DocRole::ListBullet => "ListBullet".into(),
            DocRole::ListNumber => "ListNumber".into(),
            DocRole::Quote => "Quote".into(),
            DocRole::Caption => "Caption".into(),
            DocRole::FootnoteText => "FootnoteText".into(),
            DocRole::FootnoteReference => "FootnoteReference".into(),
        }
    }

    /// The name reports use (`heading1`, `list_bullet`).
    pub fn key(self) -> String {
        match self {
            DocRole::Heading(n) => format!("heading{n}"),
            r => r.builtin_name().to_ascii_lowercase().replace(' ', "_"),
        }
    }

    /// `paragraph` or `character`.
    pub fn kind(self) -> &'static str {
        match self {
            DocRole::FootnoteReference => "character",
            _ => "paragraph",
        }
    }
}
