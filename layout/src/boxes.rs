//! The `--layout` JSON (docs/guide/cli.md): every placed box of the laid deck (or every block of
//! a laid document), for previews, UI highlighting and the conformance check against
//! LibreOffice.
//!
//! Written straight from the laid deck by `Serialize` impls ([`LayoutJson::write_pretty`]
//! into a file, [`LayoutJson::to_pretty`] into one string): no `serde_json::Value` tree. The
//! tree this replaced cost several times the JSON while built — 1.25 GB of RSS for a deck of
//! 70 tables of 20 x 200 cells whose JSON is 132 MB (issue 25) — and the JSON itself is about
//! 470 bytes per table cell, far more than the input's bytes, so the CLI writes it to its file
//! as it is made rather than holding it.

use crate::doc::model::{LaidContent, LaidDoc};
use crate::model::{self, LaidDeck};
use serde::ser::{Serialize, SerializeMap, Serializer};
use specrender_spec::units::{cpt_to_pt, Scaled};
use std::io::{self, Write};
use std::sync::Arc;

/// The `--layout` JSON of a run, kept as the laid deck or document it is written from (shared,
/// not copied); serialised on demand, the same bytes every time.
#[derive(Clone)]
pub enum LayoutJson {
    Deck(Arc<LaidDeck>),
    Doc(Arc<LaidDoc>),
}

impl std::fmt::Debug for LayoutJson {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LayoutJson::Deck(d) => write!(f, "LayoutJson::Deck({} slides)", d.slides.len()),
            LayoutJson::Doc(d) => write!(f, "LayoutJson::Doc({} blocks)", d.blocks.len()),
        }
    }
}

impl Serialize for LayoutJson {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            LayoutJson::Deck(d) => DeckJson(d).serialize(s),
            LayoutJson::Doc(d) => DocJson(d).serialize(s),
        }
    }
}

impl LayoutJson {
    /// The JSON, pretty-printed (two-space indent), as `--layout` writes it (without the
    /// final newline the CLI adds), into `w`. Give a buffered writer.
    pub fn write_pretty<W: Write>(&self, w: W) -> io::Result<()> {
        serde_json::to_writer_pretty(w, self).map_err(io::Error::from)
    }

    /// [`Self::write_pretty`] into a string (the Python API's `layout_json`).
    pub fn to_pretty(&self) -> String {
        let mut out = Vec::new();
        self.write_pretty(&mut out)
            .expect("writing JSON into memory cannot fail");
        String::from_utf8(out).expect("serde_json writes UTF-8")
    }

    /// The JSON as a `serde_json::Value` tree — for tests and callers that walk it; the
    /// engine's own outputs stream it ([`Self::write_pretty`]).
    pub fn to_value(&self) -> serde_json::Value {
        serde_json::to_value(self).expect("the layout JSON has string keys only")
    }
}

/// The `--layout` JSON of a deck as a `Value` tree (tests; see [`LayoutJson`]).
pub fn boxes_json(laid: &LaidDeck) -> serde_json::Value {
    serde_json::to_value(DeckJson(laid)).expect("the layout JSON has string keys only")
}

/// The `--layout` JSON of a document as a `Value` tree (tests; see [`LayoutJson`]).
pub fn doc_layout_json(laid: &LaidDoc) -> serde_json::Value {
    serde_json::to_value(DocJson(laid)).expect("the layout JSON has string keys only")
}

/// A JSON array of what `f` makes, made again each time it is serialised (no `Vec`).
struct Seq<F>(F);

impl<F, I> Serialize for Seq<F>
where
    F: Fn() -> I,
    I: IntoIterator,
    I::Item: Serialize,
{
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq((self.0)())
    }
}

/// Every placed box (docs/guide/cli.md, `--layout`), output slide order: `{"slides": [...]}`.
struct DeckJson<'a>(&'a LaidDeck);

impl Serialize for DeckJson<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let laid = self.0;
        let mut m = s.serialize_map(Some(1))?;
        m.serialize_entry(
            "slides",
            &Seq(|| laid.slides.iter().map(|sl| SlideJson(laid, sl))),
        )?;
        m.end()
    }
}

struct SlideJson<'a>(&'a LaidDeck, &'a model::LaidSlide);

impl Serialize for SlideJson<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let (laid, sl) = (self.0, self.1);
        let tl = &laid.frame.layout(sl.preset).template_layout;
        let mut m = s.serialize_map(None)?;
        m.serialize_entry("id", &sl.id)?;
        m.serialize_entry("source_id", &sl.source_id)?;
        m.serialize_entry("layout", sl.preset.id())?;
        m.serialize_entry("boxes", &Seq(|| sl.boxes.iter().map(BoxJson)))?;
        m.serialize_entry("template_layout", &tl.name)?;
        m.serialize_entry("template_layout_how", &tl.how)?;
        m.end()
    }
}

struct BoxJson<'a>(&'a model::PlacedBox);

impl Serialize for BoxJson<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let b = self.0;
        let mut m = s.serialize_map(None)?;
        m.serialize_entry("element_id", &b.element_id)?;
        m.serialize_entry("kind", b.kind.as_str())?;
        m.serialize_entry("rect_emu", &[b.rect.x, b.rect.y, b.rect.w, b.rect.h])?;
        // The template placeholder the box went into (OOXML type and idx).
        if let Some(ph) = b.placeholder {
            let (ty, idx) = ph.ooxml();
            m.serialize_entry("placeholder", &Placeholder { ty, idx })?;
        }
        if let model::BoxContent::Shape(sh) = &b.content {
            let r = sh.text_rect;
            m.serialize_entry("shape", &sh.prst)?;
            m.serialize_entry("text_rect_emu", &[r.x, r.y, r.w, r.h])?;
        }
        if let Some(t) = b.content.text() {
            m.serialize_entry("font_pt", &cpt_to_pt(t.size))?;
            // The text's colour, what `low_contrast` judges (conformance/artwork_check.py
            // judges it against LibreOffice's drawing).
            let c = t.color;
            m.serialize_entry("color", &format!("#{:02X}{:02X}{:02X}", c.0, c.1, c.2))?;
            if t.bold {
                m.serialize_entry("bold", &true)?;
            }
            m.serialize_entry(
                "paragraph_lines",
                &Seq(|| t.paragraphs.iter().map(|p| p.lines.len())),
            )?;
            let i = t.insets;
            m.serialize_entry("insets_emu", &[i.l, i.t, i.r, i.b])?;
            m.serialize_entry(
                "line_pitch_pt",
                &Seq(|| t.paragraphs.iter().map(|p| cpt_to_pt(p.line_pitch))),
            )?;
            m.serialize_entry("paragraphs", &Seq(|| t.paragraphs.iter().map(TextParaJson)))?;
            m.serialize_entry("anchor", &t.anchor)?;
            m.serialize_entry("needed_height_emu", &t.needed_height)?;
            m.serialize_entry("usable_height_emu", &t.usable_height)?;
            m.serialize_entry("fits", &t.fits())?;
            if t.columns > 1 {
                m.serialize_entry("columns", &t.columns)?;
            }
        }
        if let model::BoxContent::Chart(c) = &b.content {
            m.serialize_entry("chart", &ChartJson(c))?;
        }
        if let model::BoxContent::Picture(p) = &b.content {
            m.serialize_entry("picture", &PictureJson(p))?;
        }
        if let model::BoxContent::Table(t) = &b.content {
            table_entries(&mut m, b.rect, t)?;
        }
        // Where each laid line's ink is (QC's `overlaps_artwork` and `low_contrast` judge it);
        // not a table's (its cells can be many: the JSON is written without holding them).
        let inks = match &b.content {
            model::BoxContent::Table(_) => Vec::new(),
            _ => b.inks(),
        };
        if !inks.is_empty() {
            m.serialize_entry("inks", &Seq(|| inks.iter().map(InkJson)))?;
        }
        m.end()
    }
}

/// `{"paragraph", "line"` (from 1), `"row", "column"` (a table's cell, from 1; not written),
/// `"ink_emu"}`; a chart's one ink is its box.
struct InkJson<'a>(&'a specrender_model::place::Ink);

impl Serialize for InkJson<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let i = self.0;
        let mut m = s.serialize_map(None)?;
        m.serialize_entry("paragraph", &(i.para + 1))?;
        m.serialize_entry("line", &(i.line + 1))?;
        if let Some((r, c)) = i.cell {
            m.serialize_entry("row", &(r + 1))?;
            m.serialize_entry("column", &(c + 1))?;
        }
        let r = i.rect;
        m.serialize_entry("ink_emu", &[r.x, r.y, r.w, r.h])?;
        m.end()
    }
}

/// `{"type": ..., "idx": ...}`.
struct Placeholder {
    ty: &'static str,
    idx: Option<u32>,
}

impl Serialize for Placeholder {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(Some(2))?;
        m.serialize_entry("type", self.ty)?;
        m.serialize_entry("idx", &self.idx)?;
        m.end()
    }
}

/// The text of each line of a paragraph.
fn lines(p: &model::Paragraph) -> impl Iterator<Item = &str> + '_ {
    p.lines.iter().map(|l| &p.text[l.start..l.end])
}

struct TextParaJson<'a>(&'a model::Paragraph);

impl Serialize for TextParaJson<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let p = self.0;
        let mut m = s.serialize_map(Some(4))?;
        m.serialize_entry("lines", &Seq(|| lines(p)))?;
        m.serialize_entry(
            "line_widths_pt",
            &Seq(|| p.lines.iter().map(|l| Scaled::emu_as_pt(l.width).to_f64())),
        )?;
        m.serialize_entry("bullet", &p.bullet.as_ref().map(|b| b.char.to_string()))?;
        m.serialize_entry("space_before_pt", &cpt_to_pt(p.space_before))?;
        m.end()
    }
}

/// A chart as drawn (its rules applied): kind, texts, categories, each series' values (`null`
/// for a gap) and the label interval.
struct ChartJson<'a>(&'a model::ChartBox);

impl Serialize for ChartJson<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let c = self.0;
        let mut m = s.serialize_map(Some(8))?;
        m.serialize_entry("chart_kind", c.kind.as_str())?;
        m.serialize_entry("title", &c.title)?;
        m.serialize_entry("x_title", &c.x_title)?;
        m.serialize_entry("y_title", &c.y_title)?;
        m.serialize_entry("categories", &c.categories)?;
        m.serialize_entry("series", &Seq(|| c.series.iter().map(SeriesJson)))?;
        m.serialize_entry("label_every", &c.label_skip())?;
        m.serialize_entry("legend", &c.legend)?;
        m.end()
    }
}

struct SeriesJson<'a>(&'a model::ChartSeriesBox);

impl Serialize for SeriesJson<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(Some(2))?;
        m.serialize_entry("name", &self.0.name)?;
        m.serialize_entry("values", &self.0.values)?;
        m.end()
    }
}

struct PictureJson<'a>(&'a model::PictureBox);

impl Serialize for PictureJson<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let p = self.0;
        let x = p.xfrm;
        let mut m = s.serialize_map(Some(8))?;
        m.serialize_entry("asset_id", &p.asset_id)?;
        m.serialize_entry("descr", &p.descr)?;
        m.serialize_entry("mode", &p.mode)?;
        m.serialize_entry("pixels", &[p.pixels.0, p.pixels.1])?;
        m.serialize_entry("src_rect", &p.src_rect)?;
        m.serialize_entry("xfrm_emu", &[x.x, x.y, x.w, x.h])?;
        m.serialize_entry("rot", &p.rot)?;
        m.serialize_entry("flip_h", &p.flip_h)?;
        m.end()
    }
}

/// A table's fields: its size, column widths, row heights and per-cell lines (the text of
/// each line, for checking against a renderer), margins and fit.
fn table_entries<M: SerializeMap>(
    m: &mut M,
    r: model::Rect,
    t: &model::TableBox,
) -> Result<(), M::Error> {
    let cy: i64 = t.rows.iter().map(|row| row.height).sum();
    m.serialize_entry("font_pt", &cpt_to_pt(t.size))?;
    m.serialize_entry("table_rect_emu", &[r.x, r.y, t.width(), cy])?;
    m.serialize_entry("col_widths_emu", &t.col_widths)?;
    m.serialize_entry(
        "row_heights_emu",
        &Seq(|| t.rows.iter().map(|row| row.height)),
    )?;
    let g = t.margins;
    m.serialize_entry("margins_emu", &[g.l, g.t, g.r, g.b])?;
    m.serialize_entry("rows", &Seq(|| t.rows.iter().map(RowJson)))?;
    m.serialize_entry("page", &[t.page.0, t.page.1])?;
    m.serialize_entry("rows_total", &t.rows_total)?;
    m.serialize_entry("overflow_columns", &t.overflow_columns)?;
    m.serialize_entry("needed_height_emu", &t.needed_height)?;
    m.serialize_entry("usable_height_emu", &t.usable_height)?;
    m.serialize_entry("fits", &t.fits())
}

struct RowJson<'a>(&'a model::TableRow);

impl Serialize for RowJson<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let row = self.0;
        let (kind, index) = match row.kind {
            model::RowKind::Caption => ("caption", None),
            model::RowKind::Header => ("header", None),
            model::RowKind::Body(i) => ("body", Some(i)),
        };
        let mut m = s.serialize_map(Some(4))?;
        m.serialize_entry("kind", kind)?;
        m.serialize_entry("row", &index)?;
        m.serialize_entry("height_emu", &row.height)?;
        m.serialize_entry("cells", &Seq(|| row.cells.iter().map(CellJson)))?;
        m.end()
    }
}

struct CellJson<'a>(&'a model::TableCell);

impl Serialize for CellJson<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let c = self.0;
        let mut m = s.serialize_map(Some(5))?;
        m.serialize_entry("span", &c.span)?;
        m.serialize_entry("align", &c.align)?;
        m.serialize_entry(
            "line_count",
            &c.paragraphs.iter().map(|p| p.lines.len()).sum::<usize>(),
        )?;
        m.serialize_entry("text_height_emu", &c.text_height)?;
        m.serialize_entry("paragraphs", &Seq(|| c.paragraphs.iter().map(CellParaJson)))?;
        m.end()
    }
}

struct CellParaJson<'a>(&'a model::Paragraph);

impl Serialize for CellParaJson<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let p = self.0;
        let mut m = s.serialize_map(Some(2))?;
        m.serialize_entry("lines", &Seq(|| lines(p)))?;
        m.serialize_entry("line_pitch_pt", &cpt_to_pt(p.line_pitch))?;
        m.end()
    }
}

/// The `--layout` JSON of a document (docs/guide/documents.md): the page and the predicted
/// page count and, per block, the width it got and its page (`pages: [first, last]` when it
/// runs over more than one); tables' column widths; figures' extents.
struct DocJson<'a>(&'a LaidDoc);

impl Serialize for DocJson<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let laid = self.0;
        let mut m = s.serialize_map(Some(2))?;
        m.serialize_entry("document", &DocPageJson(laid))?;
        m.serialize_entry(
            "blocks",
            &Seq(|| laid.blocks.iter().map(|b| BlockJson(laid, b))),
        )?;
        m.end()
    }
}

struct DocPageJson<'a>(&'a LaidDoc);

impl Serialize for DocPageJson<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let p = &self.0.page;
        let mut m = s.serialize_map(Some(6))?;
        m.serialize_entry("page", p.name)?;
        m.serialize_entry("page_size_emu", &[p.width, p.height])?;
        m.serialize_entry("margins_emu", &p.margins)?;
        m.serialize_entry("text_width_emu", &p.text_width())?;
        m.serialize_entry("text_height_emu", &p.text_height())?;
        m.serialize_entry("pages", &self.0.pages)?;
        m.end()
    }
}

struct BlockJson<'a>(&'a LaidDoc, &'a crate::doc::model::LaidBlock);

impl Serialize for BlockJson<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let (laid, b) = (self.0, self.1);
        let mut m = s.serialize_map(None)?;
        m.serialize_entry("block_id", &b.id)?;
        m.serialize_entry("kind", b.content.kind())?;
        m.serialize_entry("width_emu", &b.width)?;
        m.serialize_entry("page", &b.pages.0)?;
        if b.pages.1 != b.pages.0 {
            m.serialize_entry("pages", &[b.pages.0, b.pages.1])?;
        }
        match &b.content {
            LaidContent::Heading { level, .. } => m.serialize_entry("level", level)?,
            LaidContent::List { ordered, items } => {
                m.serialize_entry("ordered", ordered)?;
                m.serialize_entry("items", &items.len())?;
            }
            LaidContent::Table(t) => {
                m.serialize_entry("column_widths_emu", &t.widths)?;
                m.serialize_entry("font_pt", &cpt_to_pt(t.size))?;
                m.serialize_entry("rows", &t.rows.len())?;
                m.serialize_entry("header_repeat", &true)?;
                m.serialize_entry("numeric_columns", &t.numeric)?;
                m.serialize_entry("overflow_columns", &t.overflow)?;
            }
            LaidContent::Figure(f) => {
                m.serialize_entry("extent_emu", &[f.extent.0, f.extent.1])?;
                m.serialize_entry("pixels", &f.pixels.map(|(x, y)| [x, y]))?;
                m.serialize_entry("number", &f.number)?;
            }
            _ => {}
        }
        if !matches!(b.content, LaidContent::Table(_)) {
            m.serialize_entry("font_pt", &cpt_to_pt(laid.theme.sizes.body))?;
        }
        m.end()
    }
}
