//! `ppt/theme/themeN.xml`: the brand colours and fonts as a DrawingML theme, so "theme colours"
//! and "theme fonts" in PowerPoint's pickers are the brand's.
//!
//! Colour mapping (brand token -> scheme slot):
//! `dk1` = text, `lt1` = background, `dk2` = primary, `lt2` = muted,
//! `accent1` = primary, `accent2` = secondary, `accent3` = accent, `accent4` = muted,
//! `accent5` = primary tinted 50% toward background, `accent6` = secondary tinted 50% toward
//! background, `hlink` = primary, `folHlink` = secondary.
//!
//! Fonts: major (headings) latin = `fonts.heading`, ea = `fonts.heading_ea`; minor (body)
//! latin = `fonts.body`, ea = `fonts.body_ea`; cs empty (the viewer's default).
//!
//! The format scheme is written by hand from ECMA-376 Part 1 §20.1.4.1.14 (`CT_StyleMatrix`):
//! three fill, line, effect and background-fill styles each, plain enough that shapes using
//! `a:style` references look flat.

use crate::opc::xml::{Xml, NS_A};
use specrender_spec::deck::{Rgb, Theme};

pub(crate) const CONTENT_TYPE: &str = "application/vnd.openxmlformats-officedocument.theme+xml";

fn mix(a: Rgb, b: Rgb) -> Rgb {
    let m = |x: u8, y: u8| ((u16::from(x) + u16::from(y)) / 2) as u8;
    Rgb(m(a.0, b.0), m(a.1, b.1), m(a.2, b.2))
}

pub(crate) fn theme_xml(theme: &Theme, pretty: bool) -> Vec<u8> {
    let c = &theme.colors;
    let name = format!("specrender {}", theme.template_id);
    let mut x = Xml::new(pretty);
    x.start("a:theme", &[("xmlns:a", &NS_A), ("name", &name)]);
    x.start("a:themeElements", &[]);

    let scheme_name = if theme.brand_kit_id.is_empty() {
        "specrender"
    } else {
        &theme.brand_kit_id
    };
    x.start("a:clrScheme", &[("name", &scheme_name)]);
    let slots = [
        ("a:dk1", c.text),
        ("a:lt1", c.background),
        ("a:dk2", c.primary),
        ("a:lt2", c.muted),
        ("a:accent1", c.primary),
        ("a:accent2", c.secondary),
        ("a:accent3", c.accent),
        ("a:accent4", c.muted),
        ("a:accent5", mix(c.primary, c.background)),
        ("a:accent6", mix(c.secondary, c.background)),
        ("a:hlink", c.primary),
        ("a:folHlink", c.secondary),
    ];
    for (tag, rgb) in slots {
        x.start(tag, &[]);
        x.empty("a:srgbClr", &[("val", &rgb.hex())]);
        x.end(tag);
    }
    x.end("a:clrScheme");

    x.start("a:fontScheme", &[("name", &scheme_name)]);
    for (tag, latin, ea) in [
        ("a:majorFont", &theme.fonts.heading, &theme.fonts.heading_ea),
        ("a:minorFont", &theme.fonts.body, &theme.fonts.body_ea),
    ] {
        x.start(tag, &[]);
        x.empty("a:latin", &[("typeface", latin)]);
        x.empty("a:ea", &[("typeface", ea)]);
        x.empty("a:cs", &[("typeface", &"")]);
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
