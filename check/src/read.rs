//! Read: a slide's, layout's or master's `p:spTree` into [`Shape`]s — geometry mapped through
//! the group transforms above each shape to slide coordinates, the text body as the file
//! writes it (body properties, list styles, paragraphs and runs with their own properties),
//! tables with their grid, rows and cells — and a master's `p:txStyles`. Nothing is resolved
//! here: inheritance is `resolve`'s.

use specrender_opc::xml::{attr, attr_i64, walk_text, Node};
use specrender_opc::PackageError;

/// Shapes one part may hold (a slide of PowerPoint's own is far below it).
pub const MAX_SHAPES: usize = 10_000;
/// Paragraphs one part may hold, over all its shapes and cells.
pub const MAX_PARAGRAPHS: usize = 100_000;

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

/// A group's transform: child coordinates `ch_off + ch_ext` onto `off + ext`.
#[derive(Debug, Clone, Copy, Default)]
struct Group {
    off: (i64, i64),
    ext: (i64, i64),
    ch_off: (i64, i64),
    ch_ext: (i64, i64),
}

impl Group {
    fn map(&self, r: Rect) -> Rect {
        let sc = |v: i64, o: i64, co: i64, e: i64, ce: i64| -> i64 {
            if ce == 0 {
                return o;
            }
            let d = (v as i128 - co as i128) * e as i128 / ce as i128;
            (o as i128 + d).clamp(i64::MIN as i128 / 4, i64::MAX as i128 / 4) as i64
        };
        let ext = |v: i64, e: i64, ce: i64| -> i64 {
            if ce == 0 {
                return v;
            }
            (v as i128 * e as i128 / ce as i128).clamp(0, i64::MAX as i128 / 4) as i64
        };
        Rect {
            x: sc(r.x, self.off.0, self.ch_off.0, self.ext.0, self.ch_ext.0),
            y: sc(r.y, self.off.1, self.ch_off.1, self.ext.1, self.ch_ext.1),
            cx: ext(r.cx, self.ext.0, self.ch_ext.0),
            cy: ext(r.cy, self.ext.1, self.ch_ext.1),
        }
    }
}

/// An open shape element.
struct Cur {
    depth: usize,
    id: u32,
    name: String,
    creation_id: Option<String>,
    ph: Option<(String, Option<u32>)>,
    rect: Option<Rect>,
    kind: Kind,
    text: Option<TextBody>,
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
    let mut out = Tree::default();
    let mut stack: Vec<Vec<u8>> = Vec::new();
    let mut shapes: Vec<Cur> = Vec::new();
    // Open groups: depth of the `p:grpSp` and its transform.
    let mut groups: Vec<(usize, Group)> = Vec::new();
    let mut fallback_depth: Option<usize> = None;
    let mut level_at: Option<LevelAt> = None;
    let mut in_run = false;
    let mut in_t = false;
    let mut paras = 0usize;
    let too_many = |what: &str, max: usize| PackageError::Xml {
        part: part.to_string(),
        message: format!("more than {max} {what}"),
    };
    walk_text(part, xml, |node| {
        match node {
            Node::Start(name, e) => {
                let depth = stack.len();
                let parent_owned = stack.last().cloned().unwrap_or_default();
                let parent = parent_owned.as_slice();
                stack.push(name.to_vec());
                if fallback_depth.is_some() {
                    return Ok(());
                }
                if name == b"Fallback" {
                    // mc:AlternateContent: the Choice is read, the Fallback repeats it.
                    fallback_depth = Some(depth);
                    return Ok(());
                }
                let in_tree =
                    matches!(parent, b"spTree" | b"grpSp") || (parent == b"Choice" && depth >= 2);
                if in_tree && name == b"grpSp" {
                    groups.push((depth, Group::default()));
                    return Ok(());
                }
                if in_tree && matches!(name, b"sp" | b"pic" | b"cxnSp" | b"graphicFrame") {
                    if out.shapes.len() + shapes.len() >= MAX_SHAPES {
                        return Err(too_many("shapes", MAX_SHAPES));
                    }
                    let kind = match name {
                        b"pic" => Kind::Picture,
                        b"cxnSp" => Kind::Connector,
                        b"graphicFrame" => Kind::Frame,
                        _ => Kind::Shape,
                    };
                    shapes.push(Cur {
                        depth,
                        id: 0,
                        name: String::new(),
                        creation_id: None,
                        ph: None,
                        rect: None,
                        kind,
                        text: None,
                    });
                    return Ok(());
                }
                // A group's own properties (not a shape's inside it).
                let group_props = groups.last().is_some_and(|(d, _)| {
                    shapes.last().is_none_or(|s| s.depth < *d)
                        && stack.len() >= 3
                        && stack[stack.len() - 2] == b"xfrm"
                        && stack[stack.len() - 3] == b"grpSpPr"
                });
                if group_props {
                    let g = &mut groups.last_mut().expect("checked").1;
                    let xy = (attr_i64(e, "x").unwrap_or(0), attr_i64(e, "y").unwrap_or(0));
                    let cxy = (
                        attr_i64(e, "cx").unwrap_or(0),
                        attr_i64(e, "cy").unwrap_or(0),
                    );
                    match name {
                        b"off" => g.off = xy,
                        b"ext" => g.ext = cxy,
                        b"chOff" => g.ch_off = xy,
                        b"chExt" => g.ch_ext = cxy,
                        _ => {}
                    }
                    return Ok(());
                }
                let Some(cur) = shapes.last_mut() else {
                    if parent == b"txStyles" || stack.iter().any(|s| s == b"txStyles") {
                        style_event(name, e, &mut out, &stack, &mut level_at);
                    }
                    return Ok(());
                };
                match name {
                    b"cNvPr" if cur.id == 0 && cur.name.is_empty() => {
                        cur.id = attr_i64(e, "id")
                            .and_then(|v| u32::try_from(v).ok())
                            .unwrap_or(0);
                        cur.name = attr(e, "name").unwrap_or_default();
                    }
                    b"creationId" if cur.creation_id.is_none() => {
                        cur.creation_id = attr(e, "id");
                    }
                    b"ph" => {
                        let ty = attr(e, "type").unwrap_or_else(|| "obj".into());
                        let idx = attr_i64(e, "idx").and_then(|i| u32::try_from(i).ok());
                        cur.ph = Some((ty, idx));
                    }
                    b"off" | b"ext"
                        if parent == b"xfrm"
                            && stack.len() >= 3
                            && matches!(
                                stack[stack.len() - 3].as_slice(),
                                b"spPr" | b"graphicFrame"
                            )
                            && depth
                                == cur.depth
                                    + 2
                                    + usize::from(stack[stack.len() - 3] == b"spPr") =>
                    {
                        let r = cur.rect.get_or_insert_with(Rect::default);
                        if name == b"off" {
                            r.x = attr_i64(e, "x").unwrap_or(0).clamp(-(1 << 40), 1 << 40);
                            r.y = attr_i64(e, "y").unwrap_or(0).clamp(-(1 << 40), 1 << 40);
                        } else {
                            r.cx = attr_i64(e, "cx").unwrap_or(0).clamp(0, 1 << 40);
                            r.cy = attr_i64(e, "cy").unwrap_or(0).clamp(0, 1 << 40);
                        }
                    }
                    b"graphicData" => {
                        let uri = attr(e, "uri").unwrap_or_default();
                        if uri.ends_with("/table") {
                            cur.kind = Kind::Table(Table::default());
                        } else if uri.ends_with("/diagram") {
                            cur.kind = Kind::SmartArt;
                        } else if uri.ends_with("/chart") || uri.contains("chartex") {
                            cur.kind = Kind::Chart;
                        }
                    }
                    _ => {}
                }
                // Tables: grid, rows, cells.
                if let Kind::Table(t) = &mut cur.kind {
                    match name {
                        b"gridCol" => t.cols.push(attr_i64(e, "w").unwrap_or(0).clamp(0, 1 << 40)),
                        b"tr" => t.rows.push(Row {
                            height: attr_i64(e, "h").unwrap_or(0).clamp(0, 1 << 40),
                            cells: Vec::new(),
                        }),
                        b"tc" => {
                            if let Some(r) = t.rows.last_mut() {
                                let span = |k| attr_i64(e, k).unwrap_or(1).clamp(1, 1000) as usize;
                                r.cells.push(Cell {
                                    grid_span: span("gridSpan"),
                                    row_span: span("rowSpan"),
                                    merged: bool_attr(e, "hMerge") == Some(true)
                                        || bool_attr(e, "vMerge") == Some(true),
                                    margins: [None; 4],
                                    text: TextBody::default(),
                                });
                            }
                        }
                        b"tcPr" => {
                            if let Some(c) = t.rows.last_mut().and_then(|r| r.cells.last_mut()) {
                                c.margins = ["marL", "marR", "marT", "marB"]
                                    .map(|k| attr_i64(e, k).map(|v| v.clamp(0, 1 << 40)));
                            }
                        }
                        _ => {}
                    }
                }
                // The text body: the shape's own, or the current cell's.
                let body: Option<&mut TextBody> = match &mut cur.kind {
                    Kind::Table(t) if stack.iter().any(|s| s == b"tc") => t
                        .rows
                        .last_mut()
                        .and_then(|r| r.cells.last_mut())
                        .map(|c| &mut c.text),
                    _ if stack.iter().any(|s| s == b"txBody") => {
                        Some(cur.text.get_or_insert_with(TextBody::default))
                    }
                    _ => None,
                };
                let Some(tb) = body else {
                    return Ok(());
                };
                match name {
                    b"bodyPr" => {
                        for (i, k) in ["lIns", "tIns", "rIns", "bIns"].iter().enumerate() {
                            tb.body.insets[i] = attr_i64(e, k).map(|v| v.clamp(0, 1 << 40));
                        }
                        tb.body.anchor = attr(e, "anchor");
                        tb.body.wrap = attr(e, "wrap");
                        tb.body.vert = attr(e, "vert");
                        tb.body.columns = attr_i64(e, "numCol");
                    }
                    b"normAutofit" => {
                        tb.body.autofit = Some("norm");
                        tb.body.font_scale =
                            attr_i64(e, "fontScale").map(|v| v.clamp(1_000, 100_000));
                        tb.body.ln_reduction =
                            attr_i64(e, "lnSpcReduction").map(|v| v.clamp(0, 100_000));
                    }
                    b"spAutoFit" => tb.body.autofit = Some("shape"),
                    b"noAutofit" => tb.body.autofit = Some("none"),
                    b"prstTxWarp" => {
                        tb.body.warp = attr(e, "prst").is_some_and(|p| p != "textNoShape")
                    }
                    b"p" if parent == b"txBody" => {
                        paras += 1;
                        if paras > MAX_PARAGRAPHS {
                            return Err(too_many("paragraphs", MAX_PARAGRAPHS));
                        }
                        tb.paras.push(Para::default());
                    }
                    b"pPr" => {
                        level_at = Some(LevelAt::Para);
                        if let Some(p) = tb.paras.last_mut() {
                            p.lvl = attr_i64(e, "lvl").unwrap_or(0).clamp(0, 8) as usize;
                            p.ppr.mar_l = attr_i64(e, "marL").map(|v| v.clamp(0, 1 << 40));
                            p.ppr.indent =
                                attr_i64(e, "indent").map(|v| v.clamp(-(1 << 40), 1 << 40));
                        }
                    }
                    b"r" | b"fld" => {
                        in_run = true;
                        if let Some(p) = tb.paras.last_mut() {
                            p.runs.push(Run::default());
                        }
                    }
                    b"br" => {
                        if let Some(p) = tb.paras.last_mut() {
                            p.runs.push(Run {
                                text: "\n".into(),
                                ..Run::default()
                            });
                        }
                    }
                    b"t" if in_run => in_t = true,
                    b"rPr" if in_run => {
                        if let Some(r) = tb.paras.last_mut().and_then(|p| p.runs.last_mut()) {
                            r.size = size_attr(e);
                            r.bold = bool_attr(e, "b");
                            r.lang = attr(e, "lang");
                        }
                    }
                    b"latin" | b"ea" if in_run && parent == b"rPr" => {
                        if let Some(r) = tb.paras.last_mut().and_then(|p| p.runs.last_mut()) {
                            let v = attr(e, "typeface");
                            if name == b"latin" {
                                r.latin = v;
                            } else {
                                r.ea = v;
                            }
                        }
                    }
                    b"endParaRPr" => {
                        if let Some(p) = tb.paras.last_mut() {
                            p.end_size = size_attr(e);
                        }
                    }
                    _ => {
                        if parent == b"lstStyle" {
                            level_at = lvl_index(name).map(LevelAt::Lst);
                        }
                        if let Some(at) = level_at {
                            let lv = match at {
                                LevelAt::Lst(i) => Some(&mut tb.lst[i]),
                                LevelAt::Para => tb.paras.last_mut().map(|p| &mut p.ppr),
                                LevelAt::Style(..) => None,
                            };
                            if let Some(lv) = lv {
                                level_event(name, parent, e, lv);
                            }
                        }
                    }
                }
            }
            Node::End(name) => {
                stack.pop();
                let depth = stack.len();
                if let Some(d) = fallback_depth {
                    if depth == d {
                        fallback_depth = None;
                    }
                    return Ok(());
                }
                match name {
                    b"t" => in_t = false,
                    b"r" | b"fld" => in_run = false,
                    b"pPr" => level_at = None,
                    _ if lvl_index(name).is_some() => level_at = None,
                    _ => {}
                }
                if shapes.last().is_some_and(|s| s.depth == depth) {
                    let c = shapes.pop().expect("checked");
                    let rect = c.rect.map(|r| {
                        groups
                            .iter()
                            .rev()
                            .filter(|(d, _)| *d < c.depth)
                            .fold(r, |r, (_, g)| g.map(r))
                    });
                    out.shapes.push(Shape {
                        id: c.id,
                        name: c.name,
                        creation_id: c.creation_id,
                        ph: c.ph,
                        rect,
                        group_depth: groups.iter().filter(|(d, _)| *d < c.depth).count(),
                        kind: c.kind,
                        text: c.text,
                    });
                } else if groups.last().is_some_and(|(d, _)| *d == depth) {
                    groups.pop();
                }
            }
            Node::Text(t) => {
                if in_t && fallback_depth.is_none() {
                    if let Some(cur) = shapes.last_mut() {
                        let in_cell = stack.iter().any(|s| s == b"tc");
                        let tb = match &mut cur.kind {
                            Kind::Table(tab) if in_cell => tab
                                .rows
                                .last_mut()
                                .and_then(|r| r.cells.last_mut())
                                .map(|c| &mut c.text),
                            _ => cur.text.as_mut(),
                        };
                        if let Some(r) = tb
                            .and_then(|tb| tb.paras.last_mut())
                            .and_then(|p| p.runs.last_mut())
                        {
                            // Bounded by the part's size, which the package limits bound.
                            r.text.push_str(t);
                        }
                    }
                }
            }
        }
        Ok(())
    })?;
    Ok(out)
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
