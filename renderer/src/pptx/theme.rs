//! `ppt/theme/themeN.xml`: the brand colours and fonts as a DrawingML theme, so "theme colours"
//! and "theme fonts" in PowerPoint's pickers are the brand's.
//!
//! What goes in is the frame's [`ThemeFrame`] (the built-in frame: the brand's colours and fonts,
//! mapped onto scheme slots by layout, `LaidDeck::theme_frame`); this writer decides nothing about it.
//!
//! The format scheme is written by hand from ECMA-376 Part 1 §20.1.4.1.14 (`CT_StyleMatrix`):
//! three fill, line, effect and background-fill styles each, plain enough that shapes using
//! `a:style` references look flat.

use crate::opc::xml::{Xml, NS_A};
use specrender_model::frame::ThemeFrame;

pub(crate) const CONTENT_TYPE: &str = "application/vnd.openxmlformats-officedocument.theme+xml";

pub(crate) fn theme_xml(theme: &ThemeFrame, pretty: bool) -> Vec<u8> {
    let mut x = Xml::new(pretty);
    x.start("a:theme", &[("xmlns:a", &NS_A), ("name", &theme.name)]);
    x.start("a:themeElements", &[]);

    x.start("a:clrScheme", &[("name", &theme.scheme_name)]);
    for (slot, rgb) in &theme.colors {
        let tag = format!("a:{slot}");
        x.start(&tag, &[]);
        x.empty("a:srgbClr", &[("val", &rgb.hex())]);
        x.end(&tag);
    }
    x.end("a:clrScheme");

    x.start("a:fontScheme", &[("name", &theme.scheme_name)]);
    for (tag, f) in [
        ("a:majorFont", &theme.major_font),
        ("a:minorFont", &theme.minor_font),
    ] {
        x.start(tag, &[]);
        x.empty("a:latin", &[("typeface", &f.latin)]);
        x.empty("a:ea", &[("typeface", &f.ea)]);
        x.empty("a:cs", &[("typeface", &f.cs)]);
        x.end(tag);
    }
    x.end("a:fontScheme");

    fmt_scheme(&mut x);
    x.end("a:themeElements");
    x.empty("a:objectDefaults", &[]);
    x.empty("a:extraClrSchemeLst", &[]);
    x.end("a:theme");
    x.finish()
}

/// `<a:schemeClr val="phClr">` with optional colour transforms (tint/shade in 1/1000 %).
fn ph_clr(x: &mut Xml, transform: Option<(&str, u32)>) {
    match transform {
        None => x.empty("a:schemeClr", &[("val", &"phClr")]),
        Some((t, v)) => {
            x.start("a:schemeClr", &[("val", &"phClr")]);
            x.empty(t, &[("val", &v)]);
            x.end("a:schemeClr");
        }
    }
}

fn solid(x: &mut Xml, transform: Option<(&str, u32)>) {
    x.start("a:solidFill", &[]);
    ph_clr(x, transform);
    x.end("a:solidFill");
}

/// A vertical two-stop gradient from a tint to a shade of the placeholder colour.
fn gradient(x: &mut Xml, from: (&str, u32), to: (&str, u32)) {
    x.start("a:gradFill", &[("rotWithShape", &1)]);
    x.start("a:gsLst", &[]);
    for (pos, t) in [(0, from), (100_000, to)] {
        x.start("a:gs", &[("pos", &pos)]);
        ph_clr(x, Some(t));
        x.end("a:gs");
    }
    x.end("a:gsLst");
    x.empty("a:lin", &[("ang", &5_400_000), ("scaled", &0)]);
    x.end("a:gradFill");
}

fn fmt_scheme(x: &mut Xml) {
    x.start("a:fmtScheme", &[("name", &"specrender")]);

    x.start("a:fillStyleLst", &[]);
    solid(x, None);
    gradient(x, ("a:tint", 70_000), ("a:tint", 95_000));
    gradient(x, ("a:shade", 90_000), ("a:shade", 70_000));
    x.end("a:fillStyleLst");

    x.start("a:lnStyleLst", &[]);
    for w in [6350, 12700, 19050] {
        x.start(
            "a:ln",
            &[
                ("w", &w),
                ("cap", &"flat"),
                ("cmpd", &"sng"),
                ("algn", &"ctr"),
            ],
        );
        solid(x, None);
        x.empty("a:prstDash", &[("val", &"solid")]);
        x.empty("a:miter", &[("lim", &800_000)]);
        x.end("a:ln");
    }
    x.end("a:lnStyleLst");

    x.start("a:effectStyleLst", &[]);
    for shadow in [false, false, true] {
        x.start("a:effectStyle", &[]);
        if shadow {
            x.start("a:effectLst", &[]);
            x.start(
                "a:outerShdw",
                &[
                    ("blurRad", &57_150),
                    ("dist", &19_050),
                    ("dir", &5_400_000),
                    ("algn", &"ctr"),
                    ("rotWithShape", &0),
                ],
            );
            x.start("a:srgbClr", &[("val", &"000000")]);
            x.empty("a:alpha", &[("val", &63_000)]);
            x.end("a:srgbClr");
            x.end("a:outerShdw");
            x.end("a:effectLst");
        } else {
            x.empty("a:effectLst", &[]);
        }
        x.end("a:effectStyle");
    }
    x.end("a:effectStyleLst");

    x.start("a:bgFillStyleLst", &[]);
    solid(x, None);
    solid(x, Some(("a:tint", 95_000)));
    gradient(x, ("a:tint", 93_000), ("a:shade", 85_000));
    x.end("a:bgFillStyleLst");

    x.end("a:fmtScheme");
}
