//! The laid-out deck: every box, line, size and fix decided. The PPTX writer, QC and the
//! preview read this and decide nothing of their own; geometry is integer EMU, sizes integer
//! centipoints.
//!
//! A box's content is a typed variant per element kind ([`BoxContent`]); a new kind adds one
//! variant here, made by its module in layout's `element/`.

use crate::chart::ChartBox;
use crate::findings::{Fix, Note};
use crate::frame::Frame;
use crate::geom::{Insets, Rect};
use crate::picture::ImageFormat;
use serde::Serialize;
use specrender_spec::deck::{Crop, ElementKind, LangFamily, Rgb, SlideSize, Theme};
use specrender_spec::units::{Cpt, Emu};
use std::sync::Arc;

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct LaidDeck {
    pub title: String,
    pub subtitle: Option<String>,
    pub language: String,
    pub lang: LangFamily,
    pub slide_size: SlideSize,
    pub theme: Theme,
    /// The theme part written (`ppt/theme/theme1.xml`): the brand's colours and fonts on
    /// scheme slots, as layout mapped them (`specrender_layout::frame::theme_frame`).
    #[serde(skip)]
    pub theme_frame: crate::frame::ThemeFrame,
    pub slides_in: usize,
    pub slides: Vec<LaidSlide>,
    /// The look the slides were laid out on (slide size, safe area, master, layouts): the
    /// writer writes the master and layouts from it and QC checks against its safe area.
    #[serde(skip)]
    pub frame: Arc<Frame>,
    pub fixes: Vec<Fix>,
    pub notes: Vec<Note>,
    /// `a:normAutofit` (shrink on overflow) or `a:noAutofit`.
    pub autofit: Autofit,
    /// The faces the PPTX carries (`--embed-fonts`; none by default).
    #[serde(skip)]
    pub embedding: crate::embed::Embedding,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum Autofit {
    #[default]
    Shrink,
    None,
}

/// Preset layouts (docs/concepts/engine.md). One slide layout part each in the PPTX.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Preset {
    TitleCenter,
    SectionHeader,
    OneColumn,
    TwoColumn,
    ChartFocus,
    TableFocus,
    ImageFullBleed,
    QuoteCenter,
    Closing,
    /// `custom` slides: no slots, every element placed by its `style.box`.
    Blank,
}

impl Preset {
    pub const ALL: [Preset; 10] = [
        Preset::TitleCenter,
        Preset::SectionHeader,
        Preset::OneColumn,
        Preset::TwoColumn,
        Preset::ChartFocus,
        Preset::TableFocus,
        Preset::ImageFullBleed,
        Preset::QuoteCenter,
        Preset::Closing,
        Preset::Blank,
    ];
    pub fn id(self) -> &'static str {
        match self {
            Preset::TitleCenter => "title_center",
            Preset::SectionHeader => "section_header",
            Preset::OneColumn => "one_column",
            Preset::TwoColumn => "two_column",
            Preset::ChartFocus => "chart_focus",
            Preset::TableFocus => "table_focus",
            Preset::ImageFullBleed => "image_full_bleed",
            Preset::QuoteCenter => "quote_center",
            Preset::Closing => "closing",
            Preset::Blank => "blank",
        }
    }
    /// The preset a SlideSpec `layout_id` names: every id [`Preset::id`] gives, `blank` (the
    /// layout without placeholders, which `specrender themes` and `template inspect` list)
    /// included, on a slide of any type.
    pub fn from_id(id: &str) -> Option<Preset> {
        Preset::ALL.into_iter().find(|p| p.id() == id)
    }
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct LaidSlide {
    /// Output slide id: the input id, or `s3-cont-2` for continuations.
    pub id: String,
    pub source_id: String,
    pub preset: Preset,
    /// 0 for the source slide itself, n for its n-th continuation.
    pub continuation: u32,
    pub boxes: Vec<PlacedBox>,
    /// Speaker notes text as written (input notes, then the fixes log if any).
    pub notes: String,
    pub needs_human_edit: bool,
}

/// Which placeholder of the slide layout a box fills (title/body placeholders keep outline view
/// and accessibility working); `None` for free text boxes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Placeholder {
    Title,
    CenterTitle,
    Subtitle,
    /// Body placeholder with the given `idx` in the layout.
    Body(u32),
    /// A picture, chart or table in a template layout's `pic`, `chart`, `tbl` or `obj`
    /// placeholder: its type and `idx`.
    Graphic(&'static str, u32),
}

impl Placeholder {
    /// The `p:ph` type and idx it is written with. Titles have the implicit idx 0; a subtitle
    /// takes idx 1, a body placeholder its own idx.
    pub fn ooxml(self) -> (&'static str, Option<u32>) {
        match self {
            Placeholder::Title => ("title", None),
            Placeholder::CenterTitle => ("ctrTitle", None),
            Placeholder::Subtitle => ("subTitle", Some(1)),
            Placeholder::Body(n) => ("body", Some(n)),
            Placeholder::Graphic(ty, n) => (ty, Some(n)),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PlacedBox {
    pub element_id: String,
    /// The input element kind (`text`, `bullets`, `image`...).
    pub kind: ElementKind,
    pub rect: Rect,
    pub placeholder: Option<Placeholder>,
    /// Placed by `style.box` (or on a `custom` slide) rather than by a slot.
    pub explicit: bool,
    /// Exempt from the safe-area check (full-bleed images).
    pub full_bleed: bool,
    pub content: BoxContent,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub enum BoxContent {
    Text(TextBox),
    /// A native chart, its rules applied (boxed: it is much larger than the other variants).
    Chart(Box<ChartBox>),
    /// A kind this version does not draw yet, or a picture whose asset is missing: a
    /// labelled grey box.
    Placeholder(PlaceholderBox),
    /// A picture, framed and cropped.
    Picture(PictureBox),
    /// A preset geometry, with its text fitted in the geometry's text rectangle.
    Shape(ShapeBox),
    /// A divider line.
    Divider(LineBox),
    /// A native table, measured row by row (`element/table.rs`).
    Table(TableBox),
}

/// A preset shape: geometry, colours and the text laid out in its text rectangle.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ShapeBox {
    /// `a:prstGeom@prst` (`rect`, `roundRect`, `ellipse`, `chevron`, `homePlate`, `rightArrow`).
    pub prst: &'static str,
    pub fill: Option<Rgb>,
    /// Outline colour and width.
    pub line: Option<(Rgb, Emu)>,
    /// Where the geometry puts its text (inside the box).
    pub text_rect: Rect,
    pub text: Option<TextBox>,
}

/// A straight line from (x, y) to (x + w, y + h).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct LineBox {
    pub line: Rect,
    pub color: Rgb,
    pub width: Emu,
}

impl BoxContent {
    /// Does the content fit its box? (What fit policy step 6 and QC's `overflow` ask.)
    pub fn fits(&self) -> bool {
        match self {
            BoxContent::Text(t) => t.fits(),
            BoxContent::Shape(s) => s.text.as_ref().is_none_or(TextBox::fits),
            BoxContent::Chart(_)
            | BoxContent::Placeholder(_)
            | BoxContent::Picture(_)
            | BoxContent::Divider(_) => true,
            BoxContent::Table(t) => t.fits(),
        }
    }

    /// The text the box draws, if any (a text box's, or a shape's), for the text checks.
    pub fn text(&self) -> Option<&TextBox> {
        match self {
            BoxContent::Text(t) => Some(t),
            BoxContent::Shape(s) => s.text.as_ref(),
            _ => None,
        }
    }

    /// Where the content is drawn when that is not the whole slot (a letterboxed picture).
    pub fn drawn_rect(&self) -> Option<Rect> {
        match self {
            BoxContent::Picture(p) => Some(p.frame),
            _ => None,
        }
    }
}

/// A picture as drawn: the image embedded as it is (or converted to PNG), the frame it fills
/// on the slide, the part of the image shown (`a:srcRect`) and the turn that shows it upright.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PictureBox {
    pub asset_id: String,
    pub format: ImageFormat,
    /// The bytes to embed (one media part per distinct content).
    #[serde(skip)]
    pub bytes: Arc<[u8]>,
    /// Pixel size as stored.
    pub pixels: (u32, u32),
    pub mode: Crop,
    /// Where the picture is drawn, as seen (letterboxed inside its slot for `contain`).
    pub frame: Rect,
    /// `a:xfrm`: the frame before the rotation (width and height swapped for quarter turns),
    /// centred on the same point.
    pub xfrm: Rect,
    /// Clockwise rotation in 60,000ths of a degree, applied after `flip_h` (EXIF orientation).
    pub rot: i32,
    pub flip_h: bool,
    /// `a:srcRect` in 1/1000 % of the stored image (l, t, r, b); all 0 for no crop.
    pub src_rect: [i32; 4],
    /// `p:cNvPr@descr`: the alt text.
    pub descr: Option<String>,
}

/// A laid-out table: column widths, rows with their heights, cells with their lines. The
/// writer writes `a:gridCol w` and `a:tr h` from exactly these numbers; every cell paragraph
/// carries its line pitch (`a:lnSpc/a:spcPts`) and the margins are written on every cell, so
/// a row in LibreOffice is `max(a:tr@h, marT + marB + lines x pitch)` = `height`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TableBox {
    /// Body cell size (the header and caption use it too).
    pub size: Cpt,
    pub requested_size: Cpt,
    pub min_size: Cpt,
    /// Column widths (EMU), left to right; they add up to the table's width.
    pub col_widths: Vec<Emu>,
    /// Column names (the header row's text), for QC.
    pub columns: Vec<String>,
    /// Rows top to bottom: the caption (if any), the header, then this page's body rows.
    pub rows: Vec<TableRow>,
    /// Cell margins, written on every cell.
    pub margins: Insets,
    pub color: Rgb,
    pub header_fill: Rgb,
    pub header_color: Rgb,
    pub border: Rgb,
    /// Sum of the row heights (EMU).
    pub needed_height: Emu,
    /// What the rows may use of the box (its height less the safety margin).
    pub usable_height: Emu,
    /// Columns that do not fit the box's width even at the floor (named by their header).
    pub overflow_columns: Vec<String>,
    /// Body rows of the input table (after padding/cutting ragged rows).
    pub rows_total: usize,
    /// This page's place among the table's pages: (page, pages), 1-based; (1, 1) when whole.
    pub page: (u32, u32),
    /// Words wider than their cell, broken inside.
    pub broken_words: Vec<String>,
    /// The rows needed more than `MAX_EXTENT` EMU (about 2,348 in) in all and were cut to
    /// it, so the written frame stays valid; `needed_height` keeps what they needed.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub height_clamped: bool,
    /// A right-to-left deck's table (`specrender_spec::resolve::right_to_left`): mirrored,
    /// its first column on the right (`a:tblPr rtl="1"`). `col_widths` and every row's cells
    /// stay in logical order (first column first).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub rtl: bool,
}

impl TableBox {
    /// The rows fit the box's height and every column its longest unbreakable piece.
    pub fn fits(&self) -> bool {
        self.needed_height <= self.usable_height && self.overflow_columns.is_empty()
    }
    /// Input row indices (0-based, body rows) placed on this page.
    pub fn body_rows(&self) -> Vec<usize> {
        self.rows
            .iter()
            .filter_map(|r| match r.kind {
                RowKind::Body(i) => Some(i),
                _ => None,
            })
            .collect()
    }
    pub fn width(&self) -> Emu {
        self.col_widths.iter().sum()
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum RowKind {
    /// The table's title as a caption line (one cell spanning every column).
    Caption,
    /// The header row (repeated on every page).
    Header,
    /// Body row `i` of the input (0-based).
    Body(usize),
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TableRow {
    pub kind: RowKind,
    /// Row height (EMU): margins plus the tallest cell's lines x pitch.
    pub height: Emu,
    /// Extra top margin of every cell of the row (EMU, included in `height`): Arabic text
    /// stands above its line in LibreOffice (see `element::table::ARABIC_INK_PERMILLE`).
    #[serde(skip_serializing_if = "is_zero")]
    pub pad_top: Emu,
    /// One cell per column, or one spanning cell for the caption.
    pub cells: Vec<TableCell>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TableCell {
    pub paragraphs: Vec<Paragraph>,
    pub align: Align,
    pub bold: bool,
    /// Columns the cell spans (1, or every column for the caption).
    pub span: u32,
    /// Lines x pitch of the cell's text (EMU).
    pub text_height: Emu,
}

/// A grey box standing in for an element kind not drawn yet, labelled with what it holds
/// (`[table 3 x 4: Revenue]`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PlaceholderBox {
    pub kind: ElementKind,
    pub label: String,
    /// The label's text insets (those of every text box): not in `--layout`.
    #[serde(skip)]
    pub insets: Insets,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Align {
    Left,
    Center,
    Right,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Anchor {
    Top,
    Middle,
    Bottom,
}

/// A translucent solid fill behind a box's text (`image_full_bleed`'s band).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Fill {
    pub color: Rgb,
    /// Opacity in 1/1000 % (`a:alpha`): 100000 is opaque.
    pub alpha: u32,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TextBox {
    /// A fill behind the text, when the slot has one.
    pub fill: Option<Fill>,
    pub size: Cpt,
    /// The size asked for before any shrink.
    pub requested_size: Cpt,
    /// The floor the fit policy respected (`constraints.min_font_pt`, 20 pt for titles).
    pub min_size: Cpt,
    pub bold: bool,
    pub color: Rgb,
    pub align: Align,
    pub anchor: Anchor,
    pub insets: Insets,
    pub paragraphs: Vec<Paragraph>,
    /// Height the text needs: sum of lines x pitch plus paragraph spacing (EMU).
    pub needed_height: Emu,
    /// Inner height (box minus insets) times (1 - safety): what the text may use (EMU).
    pub usable_height: Emu,
    /// Safety margin in per mille (50 Latin, 80 when CJK is present).
    pub safety_permille: u32,
    /// Characters (grapheme clusters, spaces included) in the box's text.
    pub total_chars: u32,
    /// How many of them fit at the final size (equals total_chars when it fits).
    pub capacity_chars: u32,
    /// Words wider than the box that had to be broken inside (reported).
    pub broken_words: Vec<String>,
    /// Text columns (`a:bodyPr numCol`): 1, or 2 when the fit policy set bullets in two
    /// columns; `needed_height` is then the taller column's.
    pub columns: u8,
    /// Gap between columns (`spcCol`), 0 for one column.
    pub column_gap: Emu,
    /// A field the viewer fills in (`a:fld`): the text is its current value, measured.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub field: Option<TextField>,
    /// Parts of the text that link somewhere (a citation footer's entries with a URL): the
    /// PDF makes them links. Not written into the PPTX, not in `--layout`.
    #[serde(skip)]
    pub links: Vec<TextLink>,
}

/// A part of a box's text that links to `url`: bytes `start..end` of paragraph `para`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TextLink {
    pub para: usize,
    pub start: usize,
    pub end: usize,
    pub url: String,
}

/// A text field (`a:fld type`), written with its current value as text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum TextField {
    /// `slidenum`: the slide's number.
    SlideNumber,
}

impl TextBox {
    pub fn fits(&self) -> bool {
        self.needed_height <= self.usable_height
    }
    pub fn line_count(&self) -> usize {
        self.paragraphs.iter().map(|p| p.lines.len()).sum()
    }
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Paragraph {
    pub text: String,
    pub bullet: Option<Bullet>,
    /// `lang` for the runs (BCP-47): one string shared by every paragraph of an element
    /// (a table's cells would each keep a copy).
    pub lang: Arc<str>,
    /// `a:pPr eaLnBrk`: false asks viewers to keep Korean words whole.
    pub ea_line_break: bool,
    /// `a:pPr rtl`: the paragraph's first strong character is right-to-left (Arabic,
    /// Hebrew); the writer mirrors its alignment.
    pub rtl: bool,
    /// Line pitch written as `a:lnSpc/a:spcPts` (centipoints).
    pub line_pitch: Cpt,
    pub space_before: Cpt,
    pub space_after: Cpt,
    /// Left margin (marL) and first-line indent (negative = hanging) in EMU.
    pub margin_left: Emu,
    pub indent: Emu,
    /// The predicted lines (byte ranges into `text`), under the stricter viewer rule.
    pub lines: Vec<Line>,
    /// Font runs covering `text` in order: shared with the prepared text they were measured
    /// from, and between the copies of a laid box.
    pub runs: Arc<[Run]>,
    /// Its glyphs placed for drawing, once layout's glyph placement ran (previews; not
    /// written, not in `--layout`).
    #[serde(skip)]
    pub glyphs: crate::text::Placed,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Bullet {
    pub char: char,
    pub font: Arc<str>,
    /// The colour viewers draw it in when it is not the text's: what the template gives the
    /// bullets of the placeholder the box fills (`a:buClr`, inherited; the writer writes
    /// nothing for it). `None` for the text's colour and for boxes that are no placeholder.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub color: Option<Rgb>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Line {
    pub start: usize,
    pub end: usize,
    /// Advance width of the line's visible text (EMU).
    pub width: Emu,
}

/// A run of text written with one set of fonts. The family names are shared (a job names a
/// handful of families, and a laid table has a run per cell).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Run {
    pub start: usize,
    pub end: usize,
    pub latin: Arc<str>,
    pub ea: Arc<str>,
    pub cs: Arc<str>,
    /// The slot (Latin, EastAsian or Complex) whose family this run replaces with a face
    /// segmentation fell back to for its text (an emoji's run: the emoji face); `None`: the
    /// paragraph's own fonts. Not written: what the preview needs to segment a paragraph
    /// whole with its own fonts, as layout measured it.
    #[serde(skip)]
    pub fallback: Option<specrender_fonts::ScriptClass>,
}

fn is_zero(v: &Emu) -> bool {
    *v == 0
}
