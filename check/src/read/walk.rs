//! The one pass behind [`super::tree`]: the part's XML as events, with the stack of open
//! elements, the open shapes and groups (a shape is listed when it closes, its rectangle mapped
//! through the groups above it) and where the text being read goes.

use quick_xml::events::BytesStart;
use specrender_opc::xml::{attr, attr_i64, walk_text, Node};
use specrender_opc::PackageError;

use super::{
    bool_attr, level_event, lvl_index, size_attr, style_event, Body, Cell, Kind, LevelAt, Para,
    Rect, Row, Run, Shape, Table, TextBody, Tree, MAX_PARAGRAPHS, MAX_PARAGRAPH_BYTES, MAX_SHAPES,
};

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
    descr: Option<String>,
    decorative: bool,
}

/// Where the text being read goes: the level whose properties are read, whether inside a run
/// and its `a:t`, and the paragraphs read so far (bounded by [`MAX_PARAGRAPHS`]).
#[derive(Default)]
struct TextAt {
    level_at: Option<LevelAt>,
    in_run: bool,
    in_t: bool,
    paras: usize,
    /// Bytes of text in the paragraph being read (bounded by [`MAX_PARAGRAPH_BYTES`]).
    para_bytes: usize,
}

/// The walk's state over one part.
struct Walk<'a> {
    part: &'a str,
    out: Tree,
    /// Open elements, by local name.
    stack: Vec<Vec<u8>>,
    shapes: Vec<Cur>,
    /// Open groups: depth of the `p:grpSp` and its transform.
    groups: Vec<(usize, Group)>,
    /// Inside an `mc:Fallback` opened at this depth: skipped.
    fallback_depth: Option<usize>,
    at: TextAt,
}

/// Reads `part` (a slide, layout or master): [`super::tree`].
pub(super) fn tree(part: &str, xml: &[u8]) -> Result<Tree, PackageError> {
    let mut w = Walk {
        part,
        out: Tree::default(),
        stack: Vec::new(),
        shapes: Vec::new(),
        groups: Vec::new(),
        fallback_depth: None,
        at: TextAt::default(),
    };
    walk_text(part, xml, |node| {
        match node {
            Node::Start(name, e) => w.start(name, e)?,
            Node::End(name) => w.end(name),
            Node::Text(t) => w.text(t)?,
        }
        Ok(())
    })?;
    Ok(w.out)
}

/// The error of a part holding more than `max` of `what`.
fn too_many(part: &str, what: &str, max: usize) -> PackageError {
    PackageError::Xml {
        part: part.to_string(),
        message: format!("more than {max} {what}"),
    }
}

impl Walk<'_> {
    /// A start (or empty) element: a group, a shape, a group's or a shape's property, a
    /// table's part, a text body's part, or a master's text styles.
    fn start(&mut self, name: &[u8], e: &BytesStart<'_>) -> Result<(), PackageError> {
        let depth = self.stack.len();
        let parent_owned = self.stack.last().cloned().unwrap_or_default();
        let parent = parent_owned.as_slice();
        self.stack.push(name.to_vec());
        if self.fallback_depth.is_some() {
            return Ok(());
        }
        if name == b"Fallback" {
            // mc:AlternateContent: the Choice is read, the Fallback repeats it.
            self.fallback_depth = Some(depth);
            return Ok(());
        }
        let in_tree = matches!(parent, b"spTree" | b"grpSp") || (parent == b"Choice" && depth >= 2);
        if in_tree && name == b"grpSp" {
            self.groups.push((depth, Group::default()));
            return Ok(());
        }
        if in_tree && matches!(name, b"sp" | b"pic" | b"cxnSp" | b"graphicFrame") {
            return self.open_shape(name, depth);
        }
        if self.in_group_props() {
            let g = &mut self.groups.last_mut().expect("checked").1;
            group_prop(g, name, e);
            return Ok(());
        }
        let Some(cur) = self.shapes.last_mut() else {
            if parent == b"txStyles" || self.stack.iter().any(|s| s == b"txStyles") {
                style_event(name, e, &mut self.out, &self.stack, &mut self.at.level_at);
            }
            return Ok(());
        };
        shape_prop(cur, name, parent, depth, &self.stack, e);
        if let Kind::Table(t) = &mut cur.kind {
            table_event(t, name, e);
        }
        let Some(tb) = open_body(cur, &self.stack) else {
            return Ok(());
        };
        self.at.event(self.part, tb, name, parent, e)
    }

    /// Opens a shape element (`p:sp`, `p:pic`, `p:cxnSp`, `p:graphicFrame`) at `depth`.
    fn open_shape(&mut self, name: &[u8], depth: usize) -> Result<(), PackageError> {
        if self.out.shapes.len() + self.shapes.len() >= MAX_SHAPES {
            return Err(too_many(self.part, "shapes", MAX_SHAPES));
        }
        let kind = match name {
            b"pic" => Kind::Picture,
            b"cxnSp" => Kind::Connector,
            b"graphicFrame" => Kind::Frame,
            _ => Kind::Shape,
        };
        self.shapes.push(Cur {
            depth,
            id: 0,
            name: String::new(),
            creation_id: None,
            ph: None,
            rect: None,
            kind,
            text: None,
            descr: None,
            decorative: false,
        });
        Ok(())
    }

    /// The element just opened is in the innermost group's own `p:grpSpPr/a:xfrm` (not a
    /// shape's inside it).
    fn in_group_props(&self) -> bool {
        let stack = &self.stack;
        self.groups.last().is_some_and(|(d, _)| {
            self.shapes.last().is_none_or(|s| s.depth < *d)
                && stack.len() >= 3
                && stack[stack.len() - 2] == b"xfrm"
                && stack[stack.len() - 3] == b"grpSpPr"
        })
    }

    /// An end element: closes the `mc:Fallback`, a run or level, a shape (listed) or a group.
    fn end(&mut self, name: &[u8]) {
        self.stack.pop();
        let depth = self.stack.len();
        if let Some(d) = self.fallback_depth {
            if depth == d {
                self.fallback_depth = None;
            }
            return;
        }
        self.at.end(name);
        if self.shapes.last().is_some_and(|s| s.depth == depth) {
            let c = self.shapes.pop().expect("checked");
            let shape = self.close_shape(c);
            self.out.shapes.push(shape);
        } else if self.groups.last().is_some_and(|(d, _)| *d == depth) {
            self.groups.pop();
        }
    }

    /// The closed shape `c` as listed: its rectangle through the open groups above it.
    fn close_shape(&self, c: Cur) -> Shape {
        let above = || self.groups.iter().rev().filter(|(d, _)| *d < c.depth);
        let rect = c.rect.map(|r| above().fold(r, |r, (_, g)| g.map(r)));
        Shape {
            id: c.id,
            name: c.name,
            creation_id: c.creation_id,
            ph: c.ph,
            rect,
            group_depth: above().count(),
            kind: c.kind,
            text: c.text,
            descr: c.descr,
            decorative: c.decorative,
        }
    }

    /// Character data: appended to the current run when inside its `a:t`; a paragraph past
    /// [`MAX_PARAGRAPH_BYTES`] refuses the part.
    fn text(&mut self, t: &str) -> Result<(), PackageError> {
        if !self.at.in_t || self.fallback_depth.is_some() {
            return Ok(());
        }
        let Some(cur) = self.shapes.last_mut() else {
            return Ok(());
        };
        self.at.para_bytes = self.at.para_bytes.saturating_add(t.len());
        if self.at.para_bytes > MAX_PARAGRAPH_BYTES {
            return Err(PackageError::Xml {
                part: self.part.to_string(),
                message: format!(
                    "a paragraph of more than {MAX_PARAGRAPH_BYTES} bytes of text (the check's limit)"
                ),
            });
        }
        let in_cell = self.stack.iter().any(|s| s == b"tc");
        let tb = match &mut cur.kind {
            Kind::Table(tab) if in_cell => cell_body(tab),
            _ => cur.text.as_mut(),
        };
        if let Some(r) = tb
            .and_then(|tb| tb.paras.last_mut())
            .and_then(|p| p.runs.last_mut())
        {
            // Bounded by the part's size, which the package limits bound.
            r.text.push_str(t);
        }
        Ok(())
    }
}

/// One of a group's `a:off`, `a:ext`, `a:chOff`, `a:chExt`.
fn group_prop(g: &mut Group, name: &[u8], e: &BytesStart<'_>) {
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
}

/// A shape's own properties: id and name, `a16:creationId`, `p:ph`, its `a:xfrm` and what
/// its graphic frame holds.
fn shape_prop(
    cur: &mut Cur,
    name: &[u8],
    parent: &[u8],
    depth: usize,
    stack: &[Vec<u8>],
    e: &BytesStart<'_>,
) {
    match name {
        b"cNvPr" if cur.id == 0 && cur.name.is_empty() => {
            cur.id = attr_i64(e, "id")
                .and_then(|v| u32::try_from(v).ok())
                .unwrap_or(0);
            cur.name = attr(e, "name").unwrap_or_default();
            cur.descr = attr(e, "descr");
        }
        b"decorative" if stack.iter().any(|s| s == b"cNvPr") => {
            cur.decorative = bool_attr(e, "val") == Some(true);
        }
        b"creationId" if cur.creation_id.is_none() => {
            cur.creation_id = attr(e, "id");
        }
        b"ph" => {
            let ty = attr(e, "type").unwrap_or_else(|| "obj".into());
            let idx = attr_i64(e, "idx").and_then(|i| u32::try_from(i).ok());
            cur.ph = Some((ty, idx));
        }
        b"off" | b"ext" if is_shape_xfrm(cur.depth, parent, depth, stack) => {
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
}

/// The element at `depth` (under `parent`, on `stack`) is in the `a:xfrm` of the shape opened
/// at `shape_depth`: its `p:spPr`'s, or its graphic frame's own.
fn is_shape_xfrm(shape_depth: usize, parent: &[u8], depth: usize, stack: &[Vec<u8>]) -> bool {
    parent == b"xfrm"
        && stack.len() >= 3
        && matches!(stack[stack.len() - 3].as_slice(), b"spPr" | b"graphicFrame")
        && depth == shape_depth + 2 + usize::from(stack[stack.len() - 3] == b"spPr")
}

/// A table's grid column, row, cell or cell properties.
fn table_event(t: &mut Table, name: &[u8], e: &BytesStart<'_>) {
    match name {
        b"gridCol" => t.cols.push(attr_i64(e, "w").unwrap_or(0).clamp(0, 1 << 40)),
        b"tblPr" => t.header_row = bool_attr(e, "firstRow") == Some(true),
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

/// The text body of the table's current cell.
fn cell_body(t: &mut Table) -> Option<&mut TextBody> {
    t.rows
        .last_mut()
        .and_then(|r| r.cells.last_mut())
        .map(|c| &mut c.text)
}

/// The text body an element opened on `stack` belongs to: the current cell's inside a
/// table's `a:tc`, else the shape's own (made at its first element) inside `p:txBody`.
fn open_body<'c>(cur: &'c mut Cur, stack: &[Vec<u8>]) -> Option<&'c mut TextBody> {
    match &mut cur.kind {
        Kind::Table(t) if stack.iter().any(|s| s == b"tc") => cell_body(t),
        _ if stack.iter().any(|s| s == b"txBody") => {
            Some(cur.text.get_or_insert_with(TextBody::default))
        }
        _ => None,
    }
}

/// `a:bodyPr` and its autofit and warp children; false for another element.
fn body_prop(body: &mut Body, name: &[u8], e: &BytesStart<'_>) -> bool {
    match name {
        b"bodyPr" => {
            for (i, k) in ["lIns", "tIns", "rIns", "bIns"].iter().enumerate() {
                body.insets[i] = attr_i64(e, k).map(|v| v.clamp(0, 1 << 40));
            }
            body.anchor = attr(e, "anchor");
            body.wrap = attr(e, "wrap");
            body.vert = attr(e, "vert");
            body.columns = attr_i64(e, "numCol");
        }
        b"normAutofit" => {
            body.autofit = Some("norm");
            body.font_scale = attr_i64(e, "fontScale").map(|v| v.clamp(1_000, 100_000));
            body.ln_reduction = attr_i64(e, "lnSpcReduction").map(|v| v.clamp(0, 100_000));
        }
        b"spAutoFit" => body.autofit = Some("shape"),
        b"noAutofit" => body.autofit = Some("none"),
        b"prstTxWarp" => body.warp = attr(e, "prst").is_some_and(|p| p != "textNoShape"),
        _ => return false,
    }
    true
}

/// The last run of the last paragraph of `tb`.
fn last_run(tb: &mut TextBody) -> Option<&mut Run> {
    tb.paras.last_mut().and_then(|p| p.runs.last_mut())
}

impl TextAt {
    /// An element inside the text body `tb` of `part`: body properties, a paragraph and its
    /// properties, a run and its properties, or a level of the list styles.
    fn event(
        &mut self,
        part: &str,
        tb: &mut TextBody,
        name: &[u8],
        parent: &[u8],
        e: &BytesStart<'_>,
    ) -> Result<(), PackageError> {
        if body_prop(&mut tb.body, name, e) || self.run_event(tb, name, parent, e) {
            return Ok(());
        }
        match name {
            b"p" if parent == b"txBody" => {
                self.paras += 1;
                if self.paras > MAX_PARAGRAPHS {
                    return Err(too_many(part, "paragraphs", MAX_PARAGRAPHS));
                }
                tb.paras.push(Para::default());
                self.para_bytes = 0;
            }
            b"pPr" => {
                self.level_at = Some(LevelAt::Para);
                if let Some(p) = tb.paras.last_mut() {
                    p.lvl = attr_i64(e, "lvl").unwrap_or(0).clamp(0, 8) as usize;
                    p.ppr.mar_l = attr_i64(e, "marL").map(|v| v.clamp(0, 1 << 40));
                    p.ppr.indent = attr_i64(e, "indent").map(|v| v.clamp(-(1 << 40), 1 << 40));
                }
            }
            b"endParaRPr" => {
                if let Some(p) = tb.paras.last_mut() {
                    p.end_size = size_attr(e);
                }
            }
            _ => self.level(tb, name, parent, e),
        }
        Ok(())
    }

    /// A run (`a:r`, `a:fld`), a break, a run's `a:t`, `a:rPr` and its fonts; false for
    /// another element.
    fn run_event(
        &mut self,
        tb: &mut TextBody,
        name: &[u8],
        parent: &[u8],
        e: &BytesStart<'_>,
    ) -> bool {
        match name {
            b"r" | b"fld" => {
                self.in_run = true;
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
            b"t" if self.in_run => self.in_t = true,
            b"rPr" if self.in_run => {
                if let Some(r) = last_run(tb) {
                    r.size = size_attr(e);
                    r.bold = bool_attr(e, "b");
                    r.lang = attr(e, "lang");
                }
            }
            b"hlinkClick" if self.in_run && parent == b"rPr" => {
                if let Some(r) = last_run(tb) {
                    r.link = true;
                }
            }
            b"latin" | b"ea" if self.in_run && parent == b"rPr" => {
                if let Some(r) = last_run(tb) {
                    let v = attr(e, "typeface");
                    if name == b"latin" {
                        r.latin = v;
                    } else {
                        r.ea = v;
                    }
                }
            }
            _ => return false,
        }
        true
    }

    /// A level of the body's `a:lstStyle` or the paragraph's `a:pPr`, or what it holds.
    fn level(&mut self, tb: &mut TextBody, name: &[u8], parent: &[u8], e: &BytesStart<'_>) {
        if parent == b"lstStyle" {
            self.level_at = lvl_index(name).map(LevelAt::Lst);
        }
        if let Some(at) = self.level_at {
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

    /// An end element: out of a run's `a:t`, a run, a paragraph's or a list level's properties.
    fn end(&mut self, name: &[u8]) {
        match name {
            b"t" => self.in_t = false,
            b"r" | b"fld" => self.in_run = false,
            b"pPr" => self.level_at = None,
            _ if lvl_index(name).is_some() => self.level_at = None,
            _ => {}
        }
    }
}
