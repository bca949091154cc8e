//! `w:styles`: each style (id, built-in name, `basedOn`, outline level, numbering, run and
//! paragraph properties) and the document defaults (`w:docDefaults`).

use super::props::{para_props, run_props};
use super::{DocStyle, DocTemplate, ParaProps, RunProps};
use crate::TemplateError;
use specrender_opc::xml::{attr_ns, walk};
use specrender_opc::PackageError;

/// Styles read (real templates: 30-400).
const MAX_STYLES: usize = 10_000;

pub(super) fn read_styles(
    part: &str,
    xml: &[u8],
    t: &mut DocTemplate,
) -> Result<(), TemplateError> {
    let mut cur: Option<DocStyle> = None;
    let (mut in_defaults, mut in_rpr, mut in_numpr) = (false, false, false);
    let (mut in_pdefaults, mut in_ppr, mut in_pbdr) = (false, false, false);
    let mut depth_other = 0usize;
    walk(part, xml, |name, e, end| {
        if end {
            match name {
                b"style" => {
                    if let Some(s) = cur.take() {
                        if t.styles.len() >= MAX_STYLES {
                            return Err(PackageError::Xml {
                                part: part.to_string(),
                                message: format!("more than {MAX_STYLES} styles"),
                            });
                        }
                        t.styles.push(s);
                    }
                }
                b"rPrDefault" => in_defaults = false,
                b"pPrDefault" => in_pdefaults = false,
                b"pPr" => in_ppr = false,
                b"pBdr" => in_pbdr = false,
                b"rPr" => in_rpr = false,
                b"numPr" => in_numpr = false,
                b"tblStylePr" | b"rPrChange" | b"pPrChange" => {
                    depth_other = depth_other.saturating_sub(1)
                }
                _ => {}
            }
            return Ok(());
        }
        // Conditional table formatting and tracked changes are not the style's own.
        if matches!(name, b"tblStylePr" | b"rPrChange" | b"pPrChange") {
            depth_other += 1;
            return Ok(());
        }
        if depth_other > 0 {
            return Ok(());
        }
        match name {
            b"rPrDefault" => in_defaults = true,
            b"pPrDefault" => in_pdefaults = true,
            b"pPr" => in_ppr = true,
            b"pBdr" if in_ppr => in_pbdr = true,
            b"style" => {
                cur = Some(DocStyle {
                    id: attr_ns(e, "styleId").unwrap_or_default(),
                    name: String::new(),
                    kind: attr_ns(e, "type").unwrap_or_else(|| "paragraph".into()),
                    based_on: None,
                    default: attr_ns(e, "default").is_some_and(|v| v == "1" || v == "true"),
                    outline: None,
                    num_id: None,
                    run: RunProps::default(),
                    para: ParaProps::default(),
                })
            }
            b"rPr" => in_rpr = true,
            b"numPr" => in_numpr = true,
            _ => match cur.as_mut() {
                Some(s) => match name {
                    b"name" => s.name = attr_ns(e, "val").unwrap_or_default(),
                    b"basedOn" => s.based_on = attr_ns(e, "val"),
                    b"outlineLvl" => {
                        s.outline = attr_ns(e, "val")
                            .and_then(|v| v.trim().parse().ok())
                            .filter(|&v: &u8| v < 9)
                    }
                    b"numId" if in_numpr => {
                        s.num_id = attr_ns(e, "val").and_then(|v| v.trim().parse().ok())
                    }
                    _ if in_rpr => run_props(name, e, &mut s.run),
                    _ if in_ppr => para_props(name, e, &mut s.para, in_pbdr),
                    _ => {}
                },
                None if in_defaults && in_rpr => run_props(name, e, &mut t.defaults),
                None if in_pdefaults && in_ppr && !in_rpr => {
                    para_props(name, e, &mut t.para_defaults, in_pbdr)
                }
                None => {}
            },
        }
        Ok(())
    })?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paragraph_properties_resolve_through_based_on_over_the_defaults() {
        let xml = br#"<w:styles xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">
<w:docDefaults><w:pPrDefault><w:pPr><w:spacing w:after="200" w:line="276" w:lineRule="auto"/></w:pPr></w:pPrDefault></w:docDefaults>
<w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/><w:pPr><w:widowControl w:val="0"/></w:pPr><w:rPr><w:spacing w:val="20"/></w:rPr></w:style>
<w:style w:type="paragraph" w:styleId="Titre1"><w:name w:val="heading 1"/><w:basedOn w:val="Normal"/>
<w:pPr><w:keepNext/><w:keepLines/><w:spacing w:before="480" w:after="0"/><w:ind w:start="360"/><w:outlineLvl w:val="0"/><w:rPr><w:b/></w:rPr></w:pPr></w:style>
<w:style w:type="paragraph" w:styleId="Exact"><w:name w:val="Exact"/><w:basedOn w:val="Titre1"/>
<w:pPr><w:spacing w:line="300" w:lineRule="exact" w:beforeAutospacing="1"/><w:pageBreakBefore/><w:contextualSpacing w:val="false"/></w:pPr></w:style>
</w:styles>"#;
        let mut t = read_styles_only(xml);
        let n = t.para_props("Normal");
        assert_eq!(
            (n.after, n.line, n.line_rule.as_deref()),
            (Some(200), Some(276), Some("auto"))
        );
        assert_eq!(n.widow_control, Some(false));
        // The run's character spacing (w:rPr/w:spacing) is not the paragraph's.
        assert_eq!(n.before, None);
        let h = t.para_props("Titre1");
        assert_eq!((h.before, h.after, h.line), (Some(480), Some(0), Some(276)));
        assert_eq!(
            (h.keep_next, h.keep_lines, h.indent_left),
            (Some(true), Some(true), Some(360))
        );
        assert_eq!(h.widow_control, Some(false), "through basedOn");
        let e = t.para_props("Exact");
        assert_eq!((e.line, e.line_rule.as_deref()), (Some(300), Some("exact")));
        assert_eq!(
            (e.before_auto, e.page_break_before, e.contextual),
            (Some(true), Some(true), Some(false))
        );
        // Without the style's own chain, the defaults alone.
        assert_eq!(t.style_para("Normal").after, None);
        assert_eq!(t.para_props("nope").after, Some(200));
        t.para_defaults = ParaProps::default();
        assert_eq!(t.para_props("Titre1").line, None);
    }

    #[test]
    fn paragraph_borders_add_space_and_line_through_based_on() {
        let xml = br#"<w:styles xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">
<w:docDefaults><w:pPrDefault><w:pPr><w:pBdr><w:top w:val="single" w:sz="4" w:space="1"/></w:pBdr></w:pPr></w:pPrDefault></w:docDefaults>
<w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/><w:rPr><w:bdr w:val="single" w:sz="24" w:space="9"/></w:rPr></w:style>
<w:style w:type="paragraph" w:styleId="Titre"><w:name w:val="Title"/><w:basedOn w:val="Normal"/>
<w:pPr><w:pBdr><w:bottom w:val="single" w:sz="8" w:space="4" w:color="4F81BD"/></w:pBdr><w:spacing w:after="300"/></w:pPr></w:style>
<w:style w:type="paragraph" w:styleId="Plain"><w:name w:val="Plain"/><w:basedOn w:val="Titre"/>
<w:pPr><w:pBdr><w:top w:val="nil"/><w:bottom w:val="double" w:sz="12" w:space="6"/></w:pBdr></w:pPr></w:style>
<w:style w:type="table" w:styleId="Grid"><w:name w:val="Grid"/><w:tblPr><w:tblBorders><w:top w:val="single" w:sz="4" w:space="0"/></w:tblBorders></w:tblPr></w:style>
</w:styles>"#;
        let t = read_styles_only(xml);
        // pPrDefault's top border (0.5 pt line, 1 pt space: 30 twips); a run border is not
        // the paragraph's.
        let n = t.para_props("Normal");
        assert_eq!((n.border_top, n.border_bottom), (Some(30), None));
        // The French template's Title: a 1 pt line 4 pt below, 100 twips (Writer: 5.0 pt).
        let ti = t.para_props("Titre");
        assert_eq!((ti.border_top, ti.border_bottom), (Some(30), Some(100)));
        assert_eq!(
            ti.after,
            Some(300),
            "spacing after the border is still read"
        );
        // A side said `nil` removes the inherited one; the other side is the style's own.
        let p = t.para_props("Plain");
        assert_eq!((p.border_top, p.border_bottom), (Some(0), Some(150)));
        // Table borders are not paragraph borders.
        assert_eq!(t.para_props("Grid").border_top, Some(30));
        assert_eq!(t.style_para("Grid").border_top, None);
    }

    fn read_styles_only(xml: &[u8]) -> DocTemplate {
        let mut t = DocTemplate {
            kind: "docx".into(),
            ..DocTemplate::default()
        };
        read_styles("word/styles.xml", xml, &mut t).unwrap();
        t
    }
}
