//! The main document part's body: its example blocks counted (never read), and the page of
//! its last section (size, margins, columns, grid, header and footer references).

use super::props::on;
use super::{DocTemplate, Section};
use crate::TemplateError;
use specrender_opc::xml::{attr_ns, walk};

/// A twips attribute (`w:` namespace), read as a number and truncated.
fn twips_attr(e: &specrender_opc::xml::BytesStart<'_>, k: &str) -> Option<i64> {
    attr_ns(e, k)
        .and_then(|v| v.trim().parse::<f64>().ok())
        .map(|v| v as i64)
}

/// A section's `w:cols`: the number of columns, their space and separator line. True when
/// it says `w:equalWidth="0"` (its `w:col` children are then read).
fn section_cols(sect: &mut Section, e: &specrender_opc::xml::BytesStart<'_>) -> bool {
    let n = attr_ns(e, "num")
        .and_then(|v| v.trim().parse::<u32>().ok())
        .unwrap_or(1);
    sect.column_space = twips_attr(e, "space").filter(|&v| (0..=31_680).contains(&v));
    if n > 1 {
        sect.columns = Some((n.min(45), sect.column_space.unwrap_or(720)));
    }
    let flag = |k: &str| attr_ns(e, k).map(|v| !matches!(v.trim(), "0" | "false" | "off"));
    sect.column_line = flag("sep") == Some(true);
    flag("equalWidth") == Some(false)
}

/// A section's `w:headerReference` or `w:footerReference` (`name`): its part, by the body's
/// relationships `rels`, listed once per kind. `Err`: the relationship id it names is not an
/// internal one of the body's.
fn section_reference(
    sect: &mut Section,
    name: &[u8],
    e: &specrender_opc::xml::BytesStart<'_>,
    rels: &[specrender_opc::Rel],
) -> Result<(), String> {
    let kind = attr_ns(e, "type").unwrap_or_else(|| "default".into());
    let rid = attr_ns(e, "id").unwrap_or_default();
    let Some(r) = rels.iter().find(|r| r.id == rid && !r.external) else {
        return Err(rid);
    };
    let list = if name == b"headerReference" {
        &mut sect.headers
    } else {
        &mut sect.footers
    };
    if !list.iter().any(|(k, _)| *k == kind) {
        list.push((kind, r.target.clone()));
    }
    Ok(())
}

/// The body: its top-level blocks counted, and the last `w:sectPr` (the body's own, after the
/// last block) read.
pub(super) fn read_body(
    part: &str,
    xml: &[u8],
    rels: &[specrender_opc::Rel],
    t: &mut DocTemplate,
) -> Result<(), TemplateError> {
    let mut depth = 0usize;
    let mut body_depth = None;
    let mut sect = Section::default();
    let mut in_sect = false;
    // The section's `w:cols` says `w:equalWidth="0"`: its `w:col` children are read.
    let mut unequal = false;
    let mut missing = Vec::new();
    walk(part, xml, |name, e, end| {
        if end {
            depth = depth.saturating_sub(1);
            if name == b"sectPr" {
                in_sect = false;
            }
            return Ok(());
        }
        depth += 1;
        if name == b"body" {
            body_depth = Some(depth);
            return Ok(());
        }
        let top = body_depth.is_some_and(|b| depth == b + 1);
        if top && matches!(name, b"p" | b"tbl" | b"sdt") {
            t.example_blocks += 1;
        }
        if name == b"sectPr" {
            // Every section's properties: the last one read is the body's own.
            in_sect = true;
            sect = Section::default();
            unequal = false;
            return Ok(());
        }
        if !in_sect {
            return Ok(());
        }
        let twips = |k: &str| twips_attr(e, k);
        match name {
            b"pgSz" => {
                sect.size = twips("w").zip(twips("h"));
                sect.landscape = attr_ns(e, "orient").as_deref() == Some("landscape");
            }
            b"pgMar" => {
                if let (Some(a), Some(b), Some(c), Some(d)) =
                    (twips("top"), twips("right"), twips("bottom"), twips("left"))
                {
                    sect.margins = Some([a, b, c, d]);
                }
                sect.header = twips("header");
                sect.footer = twips("footer");
                sect.gutter = twips("gutter").unwrap_or(0).max(0);
            }
            b"cols" => unequal = section_cols(&mut sect, e),
            // Word and Writer take the columns' own widths when `w:equalWidth` is off, with
            // or without `w:num` (Writer 7.4: 3000 and 5918 twips, the second column 186 pt
            // in on A4 with 1134 margins).
            b"col" if unequal && sect.column_widths.len() < 45 => {
                let w = twips("w").unwrap_or(0).clamp(0, 31_680);
                let space = twips("space").unwrap_or(0).clamp(0, 31_680);
                sect.column_widths.push((w, space));
                if sect.column_widths.len() > 1 {
                    let n = sect.column_widths.len() as u32;
                    let space = sect.column_widths[0].1;
                    sect.columns = Some((n, space));
                }
            }
            b"titlePg" => sect.title_page = on(e),
            b"docGrid" => {
                sect.doc_grid = Some((
                    attr_ns(e, "type").unwrap_or_else(|| "default".into()),
                    twips("linePitch"),
                ))
            }
            b"headerReference" | b"footerReference" => {
                if let Err(rid) = section_reference(&mut sect, name, e, rels) {
                    missing.push(rid);
                }
            }
            _ => {}
        }
        Ok(())
    })?;
    for rid in missing {
        t.warnings.push(format!(
            "the last section names header/footer relationship {rid:?}, which {part} does not have: left out"
        ));
    }
    t.section = sect;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_last_sections_columns_and_orientation_read_as_written() {
        let body = |sect: &str| {
            let xml = format!(
                r#"<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p/><w:sectPr>{sect}</w:sectPr></w:body></w:document>"#
            );
            let mut t = DocTemplate::default();
            read_body("word/document.xml", xml.as_bytes(), &[], &mut t).unwrap();
            t.section
        };
        let s = body(r#"<w:cols w:num="2" w:space="360"/>"#);
        assert_eq!(
            (s.columns, s.column_widths.len(), s.column_line),
            (Some((2, 360)), 0, false)
        );
        // Own widths (Writer 7.4 draws them with or without w:num), a line between.
        let s = body(
            r#"<w:cols w:space="720" w:equalWidth="0" w:sep="1"><w:col w:w="3000" w:space="720"/><w:col w:w="5918"/></w:cols>"#,
        );
        assert_eq!(s.columns, Some((2, 720)));
        assert_eq!(s.column_widths, vec![(3000, 720), (5918, 0)]);
        assert!(s.column_line);
        // `w:col` children of equal columns are not widths.
        let s = body(
            r#"<w:cols w:num="2" w:space="720"><w:col w:w="3000"/><w:col w:w="5918"/></w:cols>"#,
        );
        assert_eq!((s.columns, s.column_widths.len()), (Some((2, 720)), 0));
        // Landscape said, width and height not swapped: read as written (Writer 7.4 draws
        // a portrait page, 595 x 842 pt).
        let s = body(r#"<w:pgSz w:w="11906" w:h="16838" w:orient="landscape"/>"#);
        assert_eq!((s.size, s.landscape), (Some((11_906, 16_838)), true));
    }
}
