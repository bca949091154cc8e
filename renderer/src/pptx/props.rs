//! `ppt/presProps.xml`, `ppt/viewProps.xml` and `ppt/tableStyles.xml`: the small parts
//! PowerPoint always writes and expects, with neutral content.

use super::NS_P;
use crate::opc::xml::{Xml, NS_A, NS_R};

pub(crate) const PRES_PROPS_CONTENT_TYPE: &str =
    "application/vnd.openxmlformats-officedocument.presentationml.presProps+xml";
pub(crate) const VIEW_PROPS_CONTENT_TYPE: &str =
    "application/vnd.openxmlformats-officedocument.presentationml.viewProps+xml";
pub(crate) const TABLE_STYLES_CONTENT_TYPE: &str =
    "application/vnd.openxmlformats-officedocument.presentationml.tableStyles+xml";

pub(crate) fn pres_props_xml(pretty: bool) -> Vec<u8> {
    let mut x = Xml::new(pretty);
    x.empty(
        "p:presentationPr",
        &[("xmlns:a", &NS_A), ("xmlns:r", &NS_R), ("xmlns:p", &NS_P)],
    );
    x.finish()
}

fn c_view_pr(x: &mut Xml, scale: u32, var_scale: bool) {
    if var_scale {
        x.start("p:cViewPr", &[("varScale", &1)]);
    } else {
        x.start("p:cViewPr", &[]);
    }
    x.start("p:scale", &[]);
    x.empty("a:sx", &[("n", &scale), ("d", &100)]);
    x.empty("a:sy", &[("n", &scale), ("d", &100)]);
    x.end("p:scale");
    x.empty("p:origin", &[("x", &0), ("y", &0)]);
    x.end("p:cViewPr");
}

/// Normal view with the slide pane, fit to the window.
pub(crate) fn view_props_xml(pretty: bool) -> Vec<u8> {
    let mut x = Xml::new(pretty);
    x.start(
        "p:viewPr",
        &[("xmlns:a", &NS_A), ("xmlns:r", &NS_R), ("xmlns:p", &NS_P)],
    );
    x.start("p:normalViewPr", &[]);
    x.empty("p:restoredLeft", &[("sz", &15_620)]);
    x.empty("p:restoredTop", &[("sz", &94_660)]);
    x.end("p:normalViewPr");
    x.start("p:slideViewPr", &[]);
    x.start("p:cSldViewPr", &[("snapToGrid", &0)]);
    c_view_pr(&mut x, 100, true);
    x.empty("p:guideLst", &[]);
    x.end("p:cSldViewPr");
    x.end("p:slideViewPr");
    x.start("p:notesTextViewPr", &[]);
    c_view_pr(&mut x, 100, false);
    x.end("p:notesTextViewPr");
    x.empty("p:gridSpacing", &[("cx", &76_200), ("cy", &76_200)]);
    x.end("p:viewPr");
    x.finish()
}

/// No custom table styles; the default is PowerPoint's built-in "Medium Style 2 - Accent 1".
pub(crate) fn table_styles_xml(pretty: bool) -> Vec<u8> {
    let mut x = Xml::new(pretty);
    x.empty(
        "a:tblStyleLst",
        &[
            ("xmlns:a", &NS_A),
            ("def", &"{5C22544A-7EE6-4342-B048-85BDC9FD1C3A}"),
        ],
    );
    x.finish()
}
