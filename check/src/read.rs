//! Read: a slide's, layout's or master's `p:spTree` into [`Shape`]s — geometry mapped through
//! the group transforms above each shape to slide coordinates, the text body as the file
//! writes it (body properties, list styles, paragraphs and runs with their own properties),
//! tables with their grid, rows and cells — and a master's `p:txStyles`. Nothing is resolved
//! here: inheritance is `resolve`'s.
//!
//! This module holds what is read and the per-element readers shared with the walk; `walk`
//! is the one pass over the part's XML that drives them.

mod walk;

use specrender_opc::xml::{attr, attr_i64};
use specrender_opc::PackageError;

/// Shapes one part may hold (a slide of PowerPoint's own is far below it).
pub const MAX_SHAPES: usize = 10_000;
/// Paragraphs one part may hold, over all its shapes and cells.
pub const MAX_PARAGRAPHS: usize = 100_000;
/// Bytes of text one paragraph may hold (decks and documents): measuring holds about 80 bytes
/// per piece (a word, or each letter of a word broken inside, each CJK character), twice over
/// in a document's Writer lines, so one paragraph of a million Korean letters held 200 MB. A
/// real paragraph is a few thousand bytes; at this limit one is measured in about 20 MB.
pub const MAX_PARAGRAPH_BYTES: usize = 256 * 1024;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Rect {
    pub x: i64,
    pub y: i64,
    pub cx: i64,
    pub cy: i64,
}

impl Rect {
    pub fn right(&self) -> i64 {
        self.x.saturating_add(self.cx)
    }
    pub fn bottom(&self) -> i64 {
        self.y.saturating_add(self.cy)
    }
}

/// `a:lnSpc`, `a:spcBef`, `a:spcAft`: a share (1/1000 %) or points (1/100 pt).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Spacing {
    Pct(i64),
    Pts(i64),
}

/// Paragraph and default run properties of one level (`a:lvlNpPr` with its `a:defRPr`, or a
/// paragraph's `a:pPr`), each `None` where the file says nothing.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Level {
    pub size: Option<u32>,
    pub latin: Option<String>,
    pub ea: Option<String>,
    pub bold: Option<bool>,
    pub mar_l: Option<i64>,
    pub indent: Option<i64>,
    pub ln_spc: Option<Spacing>,
    pub spc_bef: Option<Spacing>,
    pub spc_aft: Option<Spacing>,
}

/// `a:bodyPr`, as written.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Body {
    pub insets: [Option<i64>; 4],
    pub anchor: Option<String>,
    pub wrap: Option<String>,
    pub vert: Option<String>,
    /// `norm`, `shape` (`spAutoFit`) or `none`.
    pub autofit: Option<&'static str>,
    /// `a:normAutofit/@fontScale` (1/1000 %).
    pub font_scale: Option<i64>,
    /// `a:normAutofit/@lnSpcReduction` (1/1000 %).
    pub ln_reduction: Option<i64>,
    /// `a:prstTxWarp` other than `textNoShape`: WordArt.
    pub warp: bool,
    pub columns: Option<i64>,
}

#[derive(Debug, Clone, Default, PartialEq)]
pub struct Run {
    pub text: String,
    pub size: Option<u32>,
    pub latin: Option<String>,
    pub ea: Option<String>,
    pub bold: Option<bool>,
    pub lang: Option<String>,
    /// The run is a hyperlink (`a:rPr/a:hlinkClick`).
    pub link: bool,
}

#[derive(Debug, Clone, Default, PartialEq)]
pub struct Para {
    pub lvl: usize,
    pub ppr: Level,
    pub runs: Vec<Run>,
    /// `a:endParaRPr/@sz`: the size of an empty paragraph.
    pub end_size: Option<u32>,
}

impl Para {
    pub fn text(&self) -> String {
        self.runs.iter().map(|r| r.text.as_str()).collect()
    }
}

#[derive(Debug, Clone, Default, PartialEq)]
pub struct TextBody {
    pub body: Body,
    pub lst: [Level; 9],
    pub paras: Vec<Para>,
}

impl TextBody {
    pub fn text(&self) -> String {
        let ps: Vec<String> = self.paras.iter().map(Para::text).collect();
        ps.join("\n")
    }
}

#[derive(Debug, Clone, Default, PartialEq)]
pub struct Cell {
    pub grid_span: usize,
    pub row_span: usize,
    /// Covered by a merge (`hMerge` / `vMerge`): drawn by the cell that spans it.
    pub merged: bool,
    /// `a:tcPr` marL, marR, marT, marB.
    pub margins: [Option<i64>; 4],
    pub text: TextBody,
}

#[derive(Debug, Clone, Default, PartialEq)]
pub struct Row {
    pub height: i64,
    pub cells: Vec<Cell>,
}

#[derive(Debug, Clone, Default, PartialEq)]
pub struct Table {
    pub cols: Vec<i64>,
    pub rows: Vec<Row>,
    /// `a:tblPr firstRow="1"`: the first row is a header row.
    pub header_row: bool,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Kind {
    /// `p:sp` (a text box, placeholder or autoshape).
    Shape,
    Picture,
    Connector,
    Table(Table),
    /// A graphic frame of SmartArt (a diagram).
    SmartArt,
    Chart,
    /// Another graphic frame (OLE object, media, ...).
    Frame,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Shape {
    pub id: u32,
    pub name: String,
    pub creation_id: Option<String>,
    /// `p:ph` type (`obj` when absent) and idx.
    pub ph: Option<(String, Option<u32>)>,
    /// On the slide (group transforms applied); `None`: inherited from the layout.
    pub rect: Option<Rect>,
    /// Inside a group (how deep).
    pub group_depth: usize,
    pub kind: Kind,
    pub text: Option<TextBody>,
    /// `p:cNvPr descr`: the alternative text (empty or absent: none).
    pub descr: Option<String>,
    /// Marked decorative (`a16:decorative` / `adec:decorative val="1"` in `p:cNvPr`'s
    /// extensions): no alternative text needed.
    pub decorative: bool,
}

/// A part's shapes in document order (a group's children after it; groups themselves are
/// not listed).
#[derive(Debug, Clone, Default)]
pub struct Tree {
    pub shapes: Vec<Shape>,
    /// A master's `p:txStyles`: title, body, other.
    pub title_style: [Level; 9],
    pub body_style: [Level; 9],
    pub other_style: [Level; 9],
}

/// Where level properties being read go.
#[derive(Clone, Copy, PartialEq)]
enum LevelAt {
    Lst(usize),
    Para,
    Style(u8, usize),
}

pub fn lvl_index(name: &[u8]) -> Option<usize> {
    let s = std::str::from_utf8(name).ok()?;
    let n = s.strip_prefix("lvl")?.strip_suffix("pPr")?;
    let n: usize = n.parse().ok()?;
    (1..=9).contains(&n).then(|| n - 1)
}

fn spacing(name: &[u8], e: &quick_xml::events::BytesStart<'_>) -> Option<Spacing> {
    let v = attr_i64(e, "val")?;
    match name {
        b"spcPct" => Some(Spacing::Pct(v.clamp(0, 10_000_000))),
        b"spcPts" => Some(Spacing::Pts(v.clamp(0, 1_000_000))),
        _ => None,
    }
}

fn size_attr(e: &quick_xml::events::BytesStart<'_>) -> Option<u32> {
    attr_i64(e, "sz").and_then(|v| u32::try_from(v.clamp(100, 400_000)).ok())
}

fn bool_attr(e: &quick_xml::events::BytesStart<'_>, k: &str) -> Option<bool> {
    attr(e, k).map(|v| v == "1" || v == "true")
}

/// Reads `part` (a slide, layout or master).
pub fn tree(part: &str, xml: &[u8]) -> Result<Tree, PackageError> {
    walk::tree(part, xml)
}

/// A level's own attributes and children (`a:lvlNpPr`, `a:pPr` and what they hold).
pub fn level_event(
    name: &[u8],
    parent: &[u8],
    e: &quick_xml::events::BytesStart<'_>,
    lv: &mut Level,
) {
    if lvl_index(name).is_some() {
        lv.mar_l = attr_i64(e, "marL").map(|v| v.clamp(0, 1 << 40));
        lv.indent = attr_i64(e, "indent").map(|v| v.clamp(-(1 << 40), 1 << 40));
        return;
    }
    match (name, parent) {
        (b"defRPr", _) => {
            lv.size = size_attr(e);
            lv.bold = bool_attr(e, "b");
        }
        (b"latin", b"defRPr") => lv.latin = attr(e, "typeface"),
        (b"ea", b"defRPr") => lv.ea = attr(e, "typeface"),
        (b"spcPct" | b"spcPts", b"lnSpc") => lv.ln_spc = spacing(name, e),
        (b"spcPct" | b"spcPts", b"spcBef") => lv.spc_bef = spacing(name, e),
        (b"spcPct" | b"spcPts", b"spcAft") => lv.spc_aft = spacing(name, e),
        _ => {}
    }
}

/// `p:txStyles`: `p:titleStyle`, `p:bodyStyle`, `p:otherStyle`, each `a:lvlNpPr`.
fn style_event(
    name: &[u8],
    e: &quick_xml::events::BytesStart<'_>,
    out: &mut Tree,
    stack: &[Vec<u8>],
    level_at: &mut Option<LevelAt>,
) {
    let n = stack.len();
    let parent = if n >= 2 { stack[n - 2].as_slice() } else { b"" };
    if let Some(i) = lvl_index(name) {
        let which = match parent {
            b"titleStyle" => 0,
            b"bodyStyle" => 1,
            b"otherStyle" => 2,
            _ => return,
        };
        *level_at = Some(LevelAt::Style(which, i));
    }
    if let Some(LevelAt::Style(which, i)) = *level_at {
        let lv = match which {
            0 => &mut out.title_style[i],
            1 => &mut out.body_style[i],
            _ => &mut out.other_style[i],
        };
        level_event(name, parent, e, lv);
    }
}
