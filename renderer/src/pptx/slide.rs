//! `ppt/slides/slideN.xml`: one `p:sp` per placed box, in the order layout placed them.
//!
//! Every shape is named after its `element_id` (docs/guide/input.md: `element_id`) and carries its own `a:xfrm`,
//! so its position is exact whatever the layout says. Text boxes that fill a slot are
//! placeholders (`p:ph`: titles stay titles in outline view and for screen readers); free text
//! boxes are `txBox="1"` shapes. A [`BoxContent::Placeholder`] (a kind not drawn yet) is a grey
//! rectangle with its label centred, never a `p:ph`. A chart is a `p:graphicFrame` naming its
//! chart part by the relationship id the package planner gave it (`chart_ids`, in box order).

use super::picture;
use super::shape;
use super::shapes;
use super::table;
use super::text::{self, RunStyle};
use super::NS_P;
use crate::opc::rels::RelId;
use crate::opc::xml::{Xml, NS_A, NS_R};
use specrender_model::{
    Anchor, BoxContent, LaidDeck, LaidSlide, PlacedBox, Placeholder, PlaceholderBox,
};
use specrender_spec::deck::EMU_PER_PT;

pub(crate) const CONTENT_TYPE: &str =
    "application/vnd.openxmlformats-officedocument.presentationml.slide+xml";

/// Label text size of a not-yet-drawn kind's grey box: 14 pt.
const LABEL_SIZE: u32 = 1400;
const LABEL_FILL: &str = "D9D9D9";
const LABEL_LINE: &str = "A6A6A6";
const LABEL_TEXT: &str = "404040";

/// The slide's XML; `chart_ids` are the slide's chart relationships in box order and
/// `embeds[i]` the image relationship of box `i` when it is a picture.
pub(crate) fn slide_xml(
    laid: &LaidDeck,
    slide: &LaidSlide,
    chart_ids: &[RelId],
    embeds: &[Option<RelId>],
    pretty: bool,
) -> Vec<u8> {
    let mut charts = chart_ids.iter();
    let mut x = Xml::new(pretty);
    x.start(
        "p:sld",
        &[("xmlns:a", &NS_A), ("xmlns:r", &NS_R), ("xmlns:p", &NS_P)],
    );
    // The slide id as the slide's name: traceable like the shapes (python-pptx `slide.name`).
    x.start("p:cSld", &[("name", &slide.id)]);
    shapes::sp_tree_start(&mut x);
    for (i, b) in slide.boxes.iter().enumerate() {
        let id = i as u32 + 2;
        match &b.content {
            BoxContent::Text(_) => text_shape(&mut x, laid, b, id),
            BoxContent::Placeholder(p) => label_shape(&mut x, laid, b, id, p),
            BoxContent::Chart(c) => match charts.next() {
                Some(rid) => chart_frame(&mut x, b, id, c.kind.as_str(), c.title.as_deref(), *rid),
                None => debug_assert!(false, "a chart box without a chart part"),
            },
            BoxContent::Shape(s) => shape::shape(&mut x, b, s, id, laid.autofit, &laid.language),
            BoxContent::Divider(d) => shape::divider(&mut x, b, d, id),
            BoxContent::Picture(p) => match embeds.get(i).copied().flatten() {
                Some(rid) => picture::pic(&mut x, b, p, id, rid),
                // Every picture box gets its image part (`pptx::slides`).
                None => debug_assert!(false, "a picture box without an image part"),
            },
            BoxContent::Table(t) => table::table_shape(&mut x, b, t, id, &laid.language),
        }
    }
    x.end("p:spTree");
    x.end("p:cSld");
    shapes::master_clr_mapping(&mut x);
    x.end("p:sld");
    x.finish()
}

/// What kind of non-visual shape properties a shape gets.
enum Nv {
    /// A text box filling a layout placeholder (`p:ph`).
    Placeholder(Placeholder),
    /// A free text box (`txBox="1"`).
    TextBox,
    /// A plain shape.
    Shape,
}

fn nv_sp_pr(x: &mut Xml, b: &PlacedBox, id: u32, nv: Nv, descr: Option<&str>) {
    x.start("p:nvSpPr", &[]);
    match descr {
        Some(d) => x.empty(
            "p:cNvPr",
            &[("id", &id), ("name", &b.element_id), ("descr", &d)],
        ),
        None => x.empty("p:cNvPr", &[("id", &id), ("name", &b.element_id)]),
    }
    match nv {
        Nv::Placeholder(p) => {
            x.start("p:cNvSpPr", &[]);
            x.empty("a:spLocks", &[("noGrp", &1)]);
            x.end("p:cNvSpPr");
            x.start("p:nvPr", &[]);
            let (ty, idx) = p.ooxml();
            shapes::ph_elem(x, ty, idx);
            x.end("p:nvPr");
        }
        Nv::TextBox => {
            x.empty("p:cNvSpPr", &[("txBox", &1)]);
            x.empty("p:nvPr", &[]);
        }
        Nv::Shape => {
            x.empty("p:cNvSpPr", &[]);
            x.empty("p:nvPr", &[]);
        }
    }
    x.end("p:nvSpPr");
}

fn text_shape(x: &mut Xml, laid: &LaidDeck, b: &PlacedBox, id: u32) {
    let BoxContent::Text(tb) = &b.content else {
        return;
    };
    x.start("p:sp", &[]);
    let nv = b.placeholder.map_or(Nv::TextBox, Nv::Placeholder);
    nv_sp_pr(x, b, id, nv, None);
    x.start("p:spPr", &[]);
    shapes::xfrm(x, b.rect);
    shapes::prst_rect(x);
    // A band's fill (translucent); else a free text box is transparent and placeholders keep
    // what their layout gives them.
    if let Some(f) = tb.fill {
        x.start("a:solidFill", &[]);
        x.start("a:srgbClr", &[("val", &f.color.hex())]);
        x.empty("a:alpha", &[("val", &f.alpha)]);
        x.end("a:srgbClr");
        x.end("a:solidFill");
    } else if b.placeholder.is_none() {
        x.empty("a:noFill", &[]);
    }
    x.end("p:spPr");
    text::text_body(x, tb, laid.autofit, &laid.language);
    x.end("p:sp");
}

fn label_shape(x: &mut Xml, laid: &LaidDeck, b: &PlacedBox, id: u32, ph: &PlaceholderBox) {
    let label = ph.label.as_str();
    x.start("p:sp", &[]);
    nv_sp_pr(x, b, id, Nv::Shape, Some(label));
    x.start("p:spPr", &[]);
    shapes::xfrm(x, b.rect);
    shapes::prst_rect(x);
    x.solid_fill(LABEL_FILL);
    x.start("a:ln", &[("w", &(EMU_PER_PT * 3 / 4))]);
    x.solid_fill(LABEL_LINE);
    x.end("a:ln");
    x.end("p:spPr");

    x.start("p:txBody", &[]);
    // The insets of every text box (layout's), so the label sits like text would.
    text::body_pr(x, ph.insets, Anchor::Middle, laid.autofit);
    x.empty("a:lstStyle", &[]);
    x.start("a:p", &[]);
    x.start("a:pPr", &[("marL", &0), ("indent", &0), ("algn", &"ctr")]);
    x.empty("a:buNone", &[]);
    x.end("a:pPr");
    let style = RunStyle {
        size: LABEL_SIZE,
        bold: false,
        color: LABEL_TEXT.to_string(),
    };
    let lang = laid.language.as_str();
    text::write_run_text(x, label, |x, tag| {
        let mut attrs: Vec<crate::opc::xml::Attr> = Vec::with_capacity(5);
        if !lang.is_empty() {
            attrs.push(("lang", &lang));
        }
        attrs.extend_from_slice(&[
            ("altLang", &"en-US"),
            ("sz", &style.size),
            ("b", &"0"),
            ("dirty", &"0"),
        ]);
        x.start(tag, &attrs);
        x.solid_fill(&style.color);
        x.empty("a:latin", &[("typeface", &"+mn-lt")]);
        x.empty("a:ea", &[("typeface", &"+mn-ea")]);
        x.empty("a:cs", &[("typeface", &"+mn-cs")]);
        x.end(tag);
    });
    x.empty("a:endParaRPr", &[("sz", &LABEL_SIZE), ("dirty", &"0")]);
    x.end("a:p");
    x.end("p:txBody");
    x.end("p:sp");
}

/// `p:graphicFrame` holding the chart part related as `rid`; its description (alt text) says
/// what it is: `bar chart: Revenue by region`.
fn chart_frame(x: &mut Xml, b: &PlacedBox, id: u32, kind: &str, title: Option<&str>, rid: RelId) {
    let kind = kind.replace('_', " ");
    let descr = match title {
        Some(t) => format!("{kind} chart: {t}"),
        None => format!("{kind} chart"),
    };
    x.start("p:graphicFrame", &[]);
    x.start("p:nvGraphicFramePr", &[]);
    x.empty(
        "p:cNvPr",
        &[("id", &id), ("name", &b.element_id), ("descr", &descr)],
    );
    x.start("p:cNvGraphicFramePr", &[]);
    x.empty("a:graphicFrameLocks", &[("noGrp", &1)]);
    x.end("p:cNvGraphicFramePr");
    shapes::graphic_nv_pr(x, b.placeholder);
    x.end("p:nvGraphicFramePr");
    x.start("p:xfrm", &[]);
    x.empty("a:off", &[("x", &b.rect.x), ("y", &b.rect.y)]);
    x.empty(
        "a:ext",
        &[("cx", &b.rect.w.max(0)), ("cy", &b.rect.h.max(0))],
    );
    x.end("p:xfrm");
    x.start("a:graphic", &[]);
    x.start("a:graphicData", &[("uri", &super::chart::NS_C)]);
    x.empty(
        "c:chart",
        &[("xmlns:c", &super::chart::NS_C), ("r:id", &rid)],
    );
    x.end("a:graphicData");
    x.end("a:graphic");
    x.end("p:graphicFrame");
}
