//! Text inside a chart part: titles (`c:title` with rich text) and text properties
//! (`c:txPr`) — every run with the deck's fonts (`a:latin`, `a:ea`, `a:cs`), `lang`, an
//! explicit size and colour, as slide text is written.

use crate::opc::xml::{Attr, Xml};
use specrender_model::ChartBox;
use specrender_spec::units::Cpt;

/// How a piece of chart text is drawn.
#[derive(Clone, Copy)]
pub(crate) struct TextLook<'a> {
    pub chart: &'a ChartBox,
    pub size: Cpt,
    pub bold: bool,
    /// `a:bodyPr rot` in 60,000ths of a degree (-5,400,000: vertical, reading upwards);
    /// `None` leaves the rotation to the viewer (see [`super::chart`] on category labels).
    pub rot: Option<i32>,
}

fn run_props(x: &mut Xml, tag: &str, t: &TextLook<'_>) {
    let c = t.chart;
    let b = if t.bold { "1" } else { "0" };
    x.start(
        tag,
        &[
            ("lang", &c.lang),
            ("sz", &t.size),
            ("b", &b),
            ("baseline", &0),
        ],
    );
    x.solid_fill(&c.text_color.hex());
    x.empty("a:latin", &[("typeface", &c.fonts.latin)]);
    x.empty("a:ea", &[("typeface", &c.fonts.ea)]);
    x.empty("a:cs", &[("typeface", &c.fonts.cs)]);
    x.end(tag);
}

fn body_pr(x: &mut Xml, rot: Option<i32>) {
    let rest: [Attr; 3] = [
        ("spcFirstLastPara", &1),
        ("vert", &"horz"),
        ("wrap", &"square"),
    ];
    match rot {
        Some(r) => {
            let mut attrs: Vec<Attr> = vec![("rot", &r)];
            attrs.extend_from_slice(&rest);
            x.empty("a:bodyPr", &attrs);
        }
        None => x.empty("a:bodyPr", &rest),
    }
}

/// `c:title` with `text` as its one run.
pub(crate) fn title(x: &mut Xml, text: &str, t: &TextLook<'_>) {
    x.start("c:title", &[]);
    x.start("c:tx", &[]);
    x.start("c:rich", &[]);
    body_pr(x, t.rot);
    x.empty("a:lstStyle", &[]);
    x.start("a:p", &[]);
    x.start("a:pPr", &[]);
    run_props(x, "a:defRPr", t);
    x.end("a:pPr");
    x.start("a:r", &[]);
    run_props(x, "a:rPr", t);
    x.leaf("a:t", &[], text);
    x.end("a:r");
    x.end("a:p");
    x.end("c:rich");
    x.end("c:tx");
    x.empty("c:overlay", &[("val", &0)]);
    x.end("c:title");
}

/// `c:txPr`: the default text of an axis, the legend or the whole chart.
pub(crate) fn tx_pr(x: &mut Xml, t: &TextLook<'_>) {
    x.start("c:txPr", &[]);
    body_pr(x, t.rot);
    x.empty("a:lstStyle", &[]);
    x.start("a:p", &[]);
    x.start("a:pPr", &[]);
    run_props(x, "a:defRPr", t);
    x.end("a:pPr");
    x.empty("a:endParaRPr", &[("lang", &t.chart.lang)]);
    x.end("a:p");
    x.end("c:txPr");
}
