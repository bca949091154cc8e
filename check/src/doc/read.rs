//! Read: a Word document's body (`word/document.xml`, or wherever `_rels/.rels` points) as
//! the file writes it — paragraphs with their style, direct paragraph properties and runs
//! (text, direct run properties, character style, language, hyperlinks), tables with their
//! grid, rows and cells, drawings (inline and anchored: extent, `wp:docPr`, what the graphic
//! is, a text box's paragraphs, insets and autofit) and every section's page (`w:sectPr`).
//! Nothing is resolved here: styles are `measure`'s.
//!
//! `mc:Fallback` content is skipped (a text box's VML copy repeats its text); nested tables'
//! paragraphs are counted in the cell that holds them.

mod events;

use crate::read::MAX_PARAGRAPH_BYTES;
use specrender_opc::xml::{attr_ns, walk_text, BytesStart, Node};
use specrender_opc::PackageError;
use specrender_template::docx::{para_props, run_props, ParaProps, RunProps};

/// Paragraphs one document may hold (over body, cells and text boxes).
pub const MAX_PARAGRAPHS: usize = 100_000;
/// Drawings one document may hold.
pub const MAX_DRAWINGS: usize = 10_000;

#[derive(Debug, Clone, Default, PartialEq)]
pub struct Run {
    pub text: String,
    /// The run's own `w:rPr`.
    pub props: RunProps,
    /// `w:rStyle`.
    pub style: Option<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Graphic {
    Picture,
    Chart,
    Diagram,
    /// A shape (`wps:wsp`); a text box when it has `w:txbxContent`.
    Shape,
    Other,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Drawing {
    pub inline: bool,
    /// `wp:extent` (EMU).
    pub cx: i64,
    pub cy: i64,
    /// `wp:docPr`.
    pub id: Option<u32>,
    pub name: String,
    pub descr: String,
    pub decorative: bool,
    pub graphic: Graphic,
    /// A text box's paragraphs (`wps:txbx/w:txbxContent`).
    pub text: Option<Vec<Para>>,
    /// `wps:bodyPr` lIns, tIns, rIns, bIns (EMU; unset: 0.1 in / 0.05 in).
    pub insets: [i64; 4],
    /// `a:spAutoFit`: the shape grows to its text.
    pub auto_fit: bool,
}

#[derive(Debug, Clone, Default, PartialEq)]
pub struct Para {
    /// `w:pStyle`.
    pub style: Option<String>,
    /// The paragraph's own `w:pPr`.
    pub props: ParaProps,
    /// `w:outlineLvl` written on the paragraph (0 = heading 1).
    pub outline: Option<u8>,
    /// `w:numPr`: numbering instance and level.
    pub num: Option<(u32, u32)>,
    pub runs: Vec<Run>,
    pub drawings: Vec<Drawing>,
    /// A `w:br w:type="page"` in it.
    pub page_break: bool,
    /// The text of each hyperlink (`w:hyperlink`, `w:fldSimple` HYPERLINK).
    pub links: Vec<String>,
}

impl Para {
    pub fn text(&self) -> String {
        self.runs.iter().map(|r| r.text.as_str()).collect()
    }
}

#[derive(Debug, Clone, Default, PartialEq)]
pub struct Cell {
    pub span: usize,
    /// `w:vMerge` without `restart`: covered by the cell above.
    pub merged: bool,
    pub paras: Vec<Para>,
}

#[derive(Debug, Clone, Default, PartialEq)]
pub struct Row {
    pub cells: Vec<Cell>,
    /// `w:trPr/w:tblHeader`.
    pub header: bool,
    /// `w:trHeight` (twips) and whether it is exact.
    pub height: Option<(i64, bool)>,
}

#[derive(Debug, Clone, Default, PartialEq)]
pub struct Table {
    /// `w:tblGrid/w:gridCol` (twips).
    pub grid: Vec<i64>,
    pub rows: Vec<Row>,
    /// `w:tblLook` firstRow (attribute or the `w:val` bit 0x0020).
    pub look_first_row: bool,
    /// `w:tblW` in twips (`dxa` only), `w:tblInd`.
    pub width: Option<i64>,
    pub indent: i64,
    /// `w:tblStyle`.
    pub style: Option<String>,
    /// `w:tblPr/w:tblCellMar` top, left, bottom, right (twips; `None`: not written).
    pub cell_margins: [Option<i64>; 4],
}

/// A `w:tblCellMar` side into `m` (top, left, bottom, right).
pub fn cell_margin(name: &[u8], e: &BytesStart<'_>, m: &mut [Option<i64>; 4]) {
    let i = match name {
        b"top" => 0,
        b"left" | b"start" => 1,
        b"bottom" => 2,
        b"right" | b"end" => 3,
        _ => return,
    };
    m[i] = twips(e, "w").map(|v| v.clamp(0, 31_680));
}

#[derive(Debug, Clone, PartialEq)]
pub enum Block {
    Para(Para),
    Table(Table),
}

/// A section's page (twips): size and margins top, right, bottom, left.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Sect {
    pub size: (i64, i64),
    pub margins: [i64; 4],
}

impl Default for Sect {
    /// Word's: Letter, 1 in margins.
    fn default() -> Sect {
        Sect {
            size: (12_240, 15_840),
            margins: [1440; 4],
        }
    }
}

impl Sect {
    pub fn text_width(&self) -> i64 {
        (self.size.0 - self.margins[1] - self.margins[3]).max(1)
    }
    pub fn text_height(&self) -> i64 {
        (self.size.1 - self.margins[0] - self.margins[2]).max(1)
    }
}

#[derive(Debug, Clone, Default)]
pub struct Body {
    pub blocks: Vec<Block>,
    /// Each section and the number of blocks up to its end (its last block is
    /// `blocks[end - 1]`).
    pub sections: Vec<(usize, Sect)>,
    /// Some run, or the paragraph marks, name a language (`w:lang`).
    pub has_lang: bool,
}

impl Body {
    /// The section block `i` is in.
    pub fn section_of(&self, i: usize) -> Sect {
        self.sections
            .iter()
            .find(|(end, _)| i < *end)
            .or(self.sections.last())
            .map(|s| s.1)
            .unwrap_or_default()
    }
}

/// Where paragraphs and tables being read go.
enum Holder {
    Body,
    Cell,
    TextBox,
}

#[derive(Default)]
struct State {
    out: Body,
    names: Vec<Vec<u8>>,
    holders: Vec<Holder>,
    paras: Vec<Para>,
    tables: Vec<Table>,
    drawings: Vec<Drawing>,
    /// Depth of the element being skipped (`mc:Fallback`).
    skip: Option<usize>,
    /// Text of the hyperlinks open, innermost last.
    links: Vec<String>,
    in_t: bool,
    sect: Option<Sect>,
    count: usize,
    drawings_read: usize,
    /// Bytes of text of each open paragraph (a text box's inside another's), innermost last.
    para_bytes: Vec<usize>,
    /// A paragraph passed [`MAX_PARAGRAPH_BYTES`]: the part is refused.
    too_long: bool,
}

/// The text kept of a hyperlink (enough to tell a bare URL or "click here"): nested links
/// each hold the text inside them, so it is bounded.
const MAX_LINK_TEXT: usize = 4096;

fn err(part: &str, message: String) -> PackageError {
    PackageError::Xml {
        part: part.to_string(),
        message,
    }
}

fn twips(e: &BytesStart<'_>, k: &str) -> Option<i64> {
    attr_ns(e, k)
        .and_then(|v| v.trim().parse::<f64>().ok())
        .filter(|v| v.is_finite())
        .map(|v| (v as i64).clamp(-1_000_000, 1_000_000))
}

fn on(e: &BytesStart<'_>) -> bool {
    !matches!(
        attr_ns(e, "val").as_deref(),
        Some("0" | "false" | "off" | "none")
    )
}

impl State {
    fn parent(&self, up: usize) -> &[u8] {
        let n = self.names.len();
        if n > up {
            &self.names[n - 1 - up]
        } else {
            b""
        }
    }

    /// Is the innermost open element named `what` the `up`-th ancestor?
    fn under(&self, what: &[u8]) -> Option<usize> {
        self.names.iter().rev().position(|n| n.as_slice() == what)
    }

    fn start(&mut self, part: &str, name: &[u8], e: &BytesStart<'_>) -> Result<(), PackageError> {
        let parent = self.parent(0).to_vec();
        match name {
            b"Fallback" => self.skip = Some(self.names.len()),
            b"p" => {
                self.count += 1;
                if self.count > MAX_PARAGRAPHS {
                    return Err(err(
                        part,
                        format!("more than {MAX_PARAGRAPHS} paragraphs (the check's limit)"),
                    ));
                }
                self.paras.push(Para::default());
                self.para_bytes.push(0);
            }
            b"tbl" => self.tables.push(Table::default()),
            b"tr" => {
                if let Some(t) = self.tables.last_mut() {
                    t.rows.push(Row::default());
                }
            }
            b"tc" => {
                if let Some(r) = self.tables.last_mut().and_then(|t| t.rows.last_mut()) {
                    r.cells.push(Cell {
                        span: 1,
                        ..Cell::default()
                    });
                }
                self.holders.push(Holder::Cell);
            }
            b"drawing" => {
                self.drawings_read += 1;
                if self.drawings_read > MAX_DRAWINGS {
                    return Err(err(
                        part,
                        format!("more than {MAX_DRAWINGS} drawings (the check's limit)"),
                    ));
                }
                self.drawings.push(Drawing {
                    inline: true,
                    cx: 0,
                    cy: 0,
                    id: None,
                    name: String::new(),
                    descr: String::new(),
                    decorative: false,
                    graphic: Graphic::Other,
                    text: None,
                    insets: [91_440, 45_720, 91_440, 45_720],
                    auto_fit: false,
                });
            }
            b"txbxContent" => {
                if let Some(d) = self.drawings.last_mut() {
                    d.text.get_or_insert_with(Vec::new);
                }
                self.holders.push(Holder::TextBox);
            }
            b"hyperlink" => self.links.push(String::new()),
            b"fldSimple" => {
                let instr = attr_ns(e, "instr").unwrap_or_default();
                if instr
                    .trim_start()
                    .to_ascii_uppercase()
                    .starts_with("HYPERLINK")
                {
                    self.links.push(String::new());
                }
            }
            b"t" if parent == b"r" => self.in_t = true,
            b"lang" => {
                self.out.has_lang |= ["val", "eastAsia", "bidi"]
                    .iter()
                    .any(|k| attr_ns(e, k).is_some_and(|v| !v.trim().is_empty()));
            }
            _ => {}
        }
        self.drawing_event(name, &parent, e);
        self.table_event(name, &parent, e);
        self.para_event(name, &parent, e);
        self.run_event(name, &parent, e);
        Ok(())
    }

    fn para_event(&mut self, name: &[u8], parent: &[u8], e: &BytesStart<'_>) {
        // A child of this paragraph's `w:pPr` (its `w:sectPr` and mark `w:rPr` aside).
        let Some(at) = self.under(b"pPr") else {
            return;
        };
        if self.under(b"p").is_none_or(|p| p < at) {
            return;
        }
        if let Some(s) = self.under(b"sectPr") {
            if s < at {
                self.sect_event(name, e);
                return;
            }
        }
        if name == b"sectPr" {
            self.sect = Some(Sect::default());
            return;
        }
        if self.under(b"rPr").is_some_and(|r| r < at) {
            return;
        }
        let Some(p) = self.paras.last_mut() else {
            return;
        };
        match name {
            b"pStyle" => p.style = attr_ns(e, "val"),
            b"outlineLvl" => {
                p.outline = attr_ns(e, "val")
                    .and_then(|v| v.trim().parse().ok())
                    .filter(|&v: &u8| v < 9)
            }
            b"numId" => {
                let id = attr_ns(e, "val").and_then(|v| v.trim().parse().ok());
                p.num = id.map(|id| (id, p.num.map_or(0, |n| n.1)));
            }
            b"ilvl" => {
                let l = attr_ns(e, "val")
                    .and_then(|v| v.trim().parse().ok())
                    .unwrap_or(0u32)
                    .min(8);
                p.num = Some((p.num.map_or(0, |n| n.0), l));
            }
            _ => para_props(name, e, &mut p.props, parent == b"pBdr"),
        }
    }

    fn sect_event(&mut self, name: &[u8], e: &BytesStart<'_>) {
        let Some(s) = self.sect.as_mut() else {
            return;
        };
        match name {
            b"pgSz" => {
                let w = twips(e, "w").unwrap_or(s.size.0);
                let h = twips(e, "h").unwrap_or(s.size.1);
                s.size = (w.clamp(720, 31_680 * 2), h.clamp(720, 31_680 * 2));
            }
            b"pgMar" => {
                for (i, k) in ["top", "right", "bottom", "left"].iter().enumerate() {
                    if let Some(v) = twips(e, k) {
                        s.margins[i] = v.abs().min(31_680);
                    }
                }
            }
            _ => {}
        }
    }

    fn run_event(&mut self, name: &[u8], parent: &[u8], e: &BytesStart<'_>) {
        let in_rpr = parent == b"rPr" && self.parent(1) == b"r";
        let Some(p) = self.paras.last_mut() else {
            return;
        };
        if name == b"r" {
            p.runs.push(Run::default());
            return;
        }
        if in_rpr {
            if let Some(r) = p.runs.last_mut() {
                if name == b"rStyle" {
                    r.style = attr_ns(e, "val");
                } else {
                    run_props(name, e, &mut r.props);
                }
            }
            return;
        }
        if parent != b"r" {
            return;
        }
        let add = match name {
            b"tab" => "\t",
            b"cr" => "\n",
            b"br" => {
                if attr_ns(e, "type").as_deref() == Some("page") {
                    p.page_break = true;
                    ""
                } else {
                    "\n"
                }
            }
            _ => "",
        };
        if !add.is_empty() {
            self.text(add);
        }
    }

    fn text(&mut self, t: &str) {
        if let Some(n) = self.para_bytes.last_mut() {
            *n = n.saturating_add(t.len());
            self.too_long |= *n > MAX_PARAGRAPH_BYTES;
        }
        if let Some(r) = self.paras.last_mut().and_then(|p| p.runs.last_mut()) {
            r.text.push_str(t);
        }
        for l in &mut self.links {
            if l.len() < MAX_LINK_TEXT {
                l.push_str(t);
                let mut end = l.len().min(MAX_LINK_TEXT);
                while !l.is_char_boundary(end) {
                    end -= 1;
                }
                l.truncate(end);
            }
        }
    }

    fn end(&mut self, name: &[u8]) {
        match name {
            b"p" => {
                self.para_bytes.pop();
                if let Some(p) = self.paras.pop() {
                    self.deliver(Block::Para(p));
                }
            }
            b"tbl" => {
                if let Some(t) = self.tables.pop() {
                    self.deliver(Block::Table(t));
                }
            }
            b"tc" | b"txbxContent" => {
                self.holders.pop();
            }
            b"drawing" => {
                if let (Some(d), Some(p)) = (self.drawings.pop(), self.paras.last_mut()) {
                    p.drawings.push(d);
                }
            }
            b"hyperlink" | b"fldSimple" => {
                if name == b"fldSimple" && self.links.is_empty() {
                    return;
                }
                if let (Some(l), Some(p)) = (self.links.pop(), self.paras.last_mut()) {
                    p.links.push(l);
                }
            }
            b"t" => self.in_t = false,
            b"sectPr" => {
                if let Some(s) = self.sect.take() {
                    let end = self.out.blocks.len() + usize::from(!self.paras.is_empty());
                    self.out.sections.push((end, s));
                }
            }
            _ => {}
        }
    }

    /// A finished paragraph or table to what holds it.
    fn deliver(&mut self, b: Block) {
        match self.holders.last() {
            Some(Holder::TextBox) => {
                if let (Some(d), Block::Para(p)) = (self.drawings.last_mut(), &b) {
                    d.text.get_or_insert_with(Vec::new).push(p.clone());
                }
            }
            Some(Holder::Cell) => {
                let Some(c) = self
                    .tables
                    .last_mut()
                    .and_then(|t| t.rows.last_mut())
                    .and_then(|r| r.cells.last_mut())
                else {
                    return;
                };
                match b {
                    Block::Para(p) => c.paras.push(p),
                    // A nested table: its paragraphs in the cell, one under the other.
                    Block::Table(t) => c.paras.extend(
                        t.rows
                            .into_iter()
                            .flat_map(|r| r.cells)
                            .flat_map(|c| c.paras),
                    ),
                }
            }
            Some(Holder::Body) | None => self.out.blocks.push(b),
        }
    }
}

/// Reads the main document part `part`.
pub fn body(part: &str, xml: &[u8]) -> Result<Body, PackageError> {
    let mut st = State {
        holders: vec![Holder::Body],
        ..State::default()
    };
    walk_text(part, xml, |node| {
        match node {
            Node::Start(name, e) => {
                if st.skip.is_none() {
                    if name == b"sectPr" && st.parent(0) == b"body" {
                        st.sect = Some(Sect::default());
                    } else if st.sect.is_some() && st.under(b"sectPr") == Some(0) {
                        st.sect_event(name, e);
                    } else {
                        st.start(part, name, e)?;
                    }
                }
                st.names.push(name.to_vec());
            }
            Node::End(name) => {
                st.names.pop();
                match st.skip {
                    Some(d) if d == st.names.len() => st.skip = None,
                    Some(_) => {}
                    None => st.end(name),
                }
            }
            Node::Text(t) => {
                if st.in_t && st.skip.is_none() {
                    st.text(t);
                }
            }
        }
        if st.too_long {
            return Err(err(
                part,
                format!(
                    "a paragraph of more than {MAX_PARAGRAPH_BYTES} bytes of text (the check's limit)"
                ),
            ));
        }
        Ok(())
    })?;
    Ok(st.out)
}
