//! `word/footnotes.xml`: the separator (id -1) and continuation separator (id 0) Word needs,
//! then one footnote per citation, numbered as layout numbered them.

use super::text::{runs, ParaProps, RunProps, NS_W};
use crate::opc::xml::{Xml, NS_R};
use specrender_model::doc::LaidDoc;

pub(crate) const CONTENT_TYPE: &str =
    "application/vnd.openxmlformats-officedocument.wordprocessingml.footnotes+xml";

fn separator(x: &mut Xml, id: &str, ty: &str, el: &str) {
    x.start("w:footnote", &[("w:type", &ty), ("w:id", &id)]);
    x.start("w:p", &[]);
    x.start("w:pPr", &[]);
    x.empty(
        "w:spacing",
        &[
            ("w:after", &"0"),
            ("w:line", &"240"),
            ("w:lineRule", &"auto"),
        ],
    );
    x.end("w:pPr");
    x.start("w:r", &[]);
    x.empty(el, &[]);
    x.end("w:r");
    x.end("w:p");
    x.end("w:footnote");
}

pub(crate) fn footnotes_xml(laid: &LaidDoc, pretty: bool) -> Vec<u8> {
    let mut x = Xml::new(pretty);
    x.start("w:footnotes", &[("xmlns:w", &NS_W), ("xmlns:r", &NS_R)]);
    separator(&mut x, "-1", "separator", "w:separator");
    separator(
        &mut x,
        "0",
        "continuationSeparator",
        "w:continuationSeparator",
    );
    let style = RunProps {
        style: Some(laid.style_id("FootnoteReference")),
        ..Default::default()
    };
    for b in &laid.blocks {
        for &(n, r) in &b.cites {
            x.start("w:footnote", &[("w:id", &n)]);
            x.start("w:p", &[]);
            ParaProps {
                style: Some(laid.style_id("FootnoteText")),
                bidi: specrender_fonts::starts_right_to_left(&laid.references[r].text()),
                word_wrap: laid.look.is_some()
                    && super::document::keeps_korean_words(laid, &laid.references[r].text()),
                ..Default::default()
            }
            .write(&mut x);
            x.start("w:r", &[]);
            style.write(&mut x);
            x.empty("w:footnoteRef", &[]);
            x.end("w:r");
            runs(
                &mut x,
                &format!(" {}", laid.references[r].text()),
                &RunProps::default(),
            );
            x.end("w:p");
            x.end("w:footnote");
        }
    }
    x.end("w:footnotes");
    x.finish()
}
