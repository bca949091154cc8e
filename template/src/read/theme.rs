//! A theme part (`a:theme`): name, colour scheme, major and minor fonts, fill styles.

use crate::model::*;
use crate::paint::{self, Capture};
use crate::TemplateError;
use specrender_opc::xml::{attr, walk};
use specrender_opc::Package;

/// A theme part (`a:theme`): its name, colour scheme, major and minor fonts (by script) and
/// fill styles. `from`: the part that names it, for the error when it is missing.
pub fn read_theme(pkg: &Package, part: &str, from: &str) -> Result<Theme, TemplateError> {
    let xml = pkg.read_xml(part, Some(from))?;
    let mut th = Theme {
        part: part.to_string(),
        ..Theme::default()
    };
    let mut in_colors = false;
    let mut color: Option<String> = None;
    let mut font: Option<bool> = None; // Some(true): major
    let mut capture: Option<Capture> = None;
    walk(part, &xml, |name, e, end| {
        if let Some(cap) = capture.as_mut() {
            if let Some(n) = cap.event(name, e, end) {
                if n.name == "bgFillStyleLst" {
                    th.bg_fill_styles = paint::style_list(&n);
                } else {
                    th.fill_styles = paint::style_list(&n);
                }
                capture = None;
            }
            return Ok(());
        }
        if !end && matches!(name, b"fillStyleLst" | b"bgFillStyleLst") {
            capture = Some(Capture::start(name, e));
            return Ok(());
        }
        match (name, end) {
            (b"theme", false) => th.name = attr(e, "name").unwrap_or_default(),
            (b"clrScheme", false) => in_colors = true,
            (b"clrScheme", true) => in_colors = false,
            (b"srgbClr" | b"sysClr", false) if in_colors => {
                if let Some(c) = color.take() {
                    let v = attr(e, "lastClr")
                        .or_else(|| attr(e, "val"))
                        .unwrap_or_default();
                    th.colors.push((c, v.to_ascii_uppercase()));
                }
            }
            (n, false) if in_colors && n != b"clrScheme" => {
                color = Some(String::from_utf8_lossy(n).into_owned());
            }
            (b"majorFont", false) => font = Some(true),
            (b"minorFont", false) => font = Some(false),
            (b"majorFont" | b"minorFont", true) => font = None,
            (b"latin" | b"ea" | b"cs" | b"font", false) if font.is_some() => {
                let set = if font == Some(true) {
                    &mut th.major
                } else {
                    &mut th.minor
                };
                let face = attr(e, "typeface").unwrap_or_default();
                match name {
                    b"latin" => set.latin = face,
                    b"ea" => set.ea = face,
                    b"cs" => set.cs = face,
                    _ => {
                        if let Some(s) = attr(e, "script") {
                            set.scripts.push((s, face));
                        }
                    }
                }
            }
            _ => {}
        }
        Ok(())
    })?;
    Ok(th)
}
