//! `w:numbering`: the numbering instances and the abstract numberings they use, level 0's
//! indents, and the instances that override their level 0 (with that level as written).

use super::{DocTemplate, NumOverride};
use crate::TemplateError;
use specrender_opc::xml::{attr_ns, walk};
use std::sync::Arc;

pub(super) fn read_numbering(
    part: &str,
    xml: &[u8],
    t: &mut DocTemplate,
) -> Result<(), TemplateError> {
    let mut num: Option<u32> = None;
    // The abstract numbering being read and whether its level 0 is.
    let (mut abs, mut level0): (Option<u32>, bool) = (None, false);
    // In a `w:num`: its override of level 0 being read.
    let mut over: Option<NumOverride> = None;
    // `w:ind`: (left, where the number is set), twips.
    let indents = |e: &specrender_opc::xml::BytesStart<'_>| {
        let twips = |k: &str| attr_ns(e, k).and_then(|v| v.trim().parse::<i64>().ok());
        let l = twips("left").or_else(|| twips("start"))?.clamp(0, 31_680);
        // A hanging indent wins over a first line one (ECMA-376 §17.3.1.12).
        let number = match (twips("hanging"), twips("firstLine")) {
            (Some(h), _) => l - h.clamp(0, 31_680),
            (None, Some(f)) => l + f.clamp(0, 31_680),
            (None, None) => l,
        };
        Some((l, number))
    };
    walk(part, xml, |name, e, end| {
        let id = |k: &str| attr_ns(e, k).and_then(|v| v.trim().parse::<u32>().ok());
        match (name, end) {
            (b"abstractNum", false) => {
                abs = id("abstractNumId");
                if let Some(a) = abs {
                    t.max_abstract = t.max_abstract.max(a);
                }
            }
            (b"abstractNum", true) => abs = None,
            (b"lvl", false) => level0 = id("ilvl") == Some(0),
            (b"lvl", true) => level0 = false,
            (b"ind", false) if level0 => match (over.as_mut(), abs, indents(e)) {
                (Some(o), _, Some(i)) => o.indent = Some(i),
                (None, Some(a), Some((l, n))) if !t.list_indents.iter().any(|(x, ..)| *x == a) => {
                    t.list_indents.push((a, l, n));
                }
                _ => {}
            },
            (b"num", false) => num = id("numId"),
            (b"num", true) => num = None,
            (b"lvlOverride", false) => {
                over = match (num, id("ilvl")) {
                    (Some(n), Some(0)) => Some(NumOverride {
                        num: n,
                        ..NumOverride::default()
                    }),
                    _ => None,
                }
            }
            (b"lvlOverride", true) => {
                if let Some(o) = over.take() {
                    if !t.num_overrides.iter().any(|x| x.num == o.num) {
                        t.num_overrides.push(o);
                    }
                }
            }
            (b"startOverride", false) => {
                if let Some(o) = over.as_mut() {
                    o.start = id("val");
                }
            }
            (b"abstractNumId", false) => {
                if let (Some(n), Some(a)) = (num, id("val")) {
                    t.nums.push((n, a));
                }
            }
            _ => {}
        }
        Ok(())
    })?;
    // The overriding levels as written, for lists that restart the instance's definition.
    for (n, lvl) in override_levels(xml) {
        if let Some(o) = t.num_overrides.iter_mut().find(|o| o.num == n) {
            o.lvl_xml = Some(Arc::from(lvl));
        }
    }
    Ok(())
}

/// The `w:lvl` of each `w:num/w:lvlOverride w:ilvl="0"` as written: (numId, the element's
/// text). Only in a part whose elements use the `w:` prefix (the text is carried into ours,
/// which declares `w:`); none from XML that does not read.
fn override_levels(xml: &[u8]) -> Vec<(u32, String)> {
    use quick_xml::events::Event;
    let mut r = quick_xml::Reader::from_reader(xml);
    let mut out = Vec::new();
    let (mut num, mut in_over, mut start) = (None::<u32>, false, None::<usize>);
    loop {
        let at = r.buffer_position() as usize;
        let ev = match r.read_event() {
            Ok(Event::Eof) | Err(_) => break,
            Ok(ev) => ev,
        };
        match ev {
            Event::Start(e) => {
                let val = |k: &str| attr_ns(&e, k).and_then(|v| v.trim().parse::<u32>().ok());
                match e.name().as_ref() {
                    "w:num" => num = val("numId"),
                    "w:lvlOverride" => in_over = num.is_some() && val("ilvl") == Some(0),
                    "w:lvl" if in_over => start = Some(at),
                    _ => {}
                }
            }
            Event::End(e) => match e.name().as_ref() {
                "w:num" => num = None,
                "w:lvlOverride" => in_over = false,
                "w:lvl" => {
                    if let (Some(s), Some(n)) = (start.take(), num) {
                        let end = r.buffer_position() as usize;
                        if let Some(text) =
                            xml.get(s..end).and_then(|b| std::str::from_utf8(b).ok())
                        {
                            out.push((n, text.to_string()));
                        }
                    }
                }
                _ => {}
            },
            Event::DocType(_) => return Vec::new(),
            _ => {}
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn list_indents_come_from_level_0_of_the_abstract_numbering() {
        let xml = br#"<w:numbering xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">
<w:abstractNum w:abstractNumId="3"><w:lvl w:ilvl="0"><w:pPr><w:ind w:left="360" w:hanging="360"/></w:pPr></w:lvl>
<w:lvl w:ilvl="1"><w:pPr><w:ind w:left="1080" w:hanging="360"/></w:pPr></w:lvl></w:abstractNum>
<w:num w:numId="7"><w:abstractNumId w:val="3"/></w:num></w:numbering>"#;
        let mut t = DocTemplate::default();
        read_numbering("word/numbering.xml", xml, &mut t).unwrap();
        assert_eq!(t.list_indent(7), Some(360));
        assert_eq!(t.list_indent(8), None);
        // left 360, hanging 360: the number on the margin.
        assert_eq!(t.list_number_pos(7), Some(0));
        assert_eq!(t.list_number_pos(8), None);
    }

    #[test]
    fn an_instance_overriding_its_level_0_has_that_levels_indents() {
        // Writer 7.4 (python-docx's default with numId 1 and 5 overriding level 0: start 3,
        // left 2880 hanging 360): the items' text at 2880, the number at 2520, "3.".
        let xml = br#"<w:numbering xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">
<w:abstractNum w:abstractNumId="3"><w:lvl w:ilvl="0"><w:pPr><w:ind w:left="360" w:hanging="360"/></w:pPr></w:lvl></w:abstractNum>
<w:num w:numId="7"><w:abstractNumId w:val="3"/></w:num>
<w:num w:numId="8"><w:abstractNumId w:val="3"/><w:lvlOverride w:ilvl="1"><w:lvl w:ilvl="1"><w:pPr><w:ind w:left="5000"/></w:pPr></w:lvl></w:lvlOverride><w:lvlOverride w:ilvl="0"><w:startOverride w:val="3"/><w:lvl w:ilvl="0"><w:start w:val="3"/><w:numFmt w:val="decimal"/><w:lvlText w:val="%1."/><w:pPr><w:ind w:left="2880" w:hanging="360"/></w:pPr></w:lvl></w:lvlOverride></w:num>
<w:num w:numId="9"><w:abstractNumId w:val="3"/><w:lvlOverride w:ilvl="0"><w:startOverride w:val="5"/></w:lvlOverride></w:num></w:numbering>"#;
        let mut t = DocTemplate::default();
        read_numbering("word/numbering.xml", xml, &mut t).unwrap();
        assert_eq!(
            (t.list_indent(7), t.list_number_pos(7)),
            (Some(360), Some(0))
        );
        assert_eq!(
            (t.list_indent(8), t.list_number_pos(8)),
            (Some(2880), Some(2520))
        );
        let o = t.num_override(8).unwrap();
        assert_eq!((o.start, o.indent), (Some(3), Some((2880, 2520))));
        let lvl = o.lvl_xml.as_deref().unwrap();
        assert!(
            lvl.starts_with(r#"<w:lvl w:ilvl="0"><w:start w:val="3"/>"#),
            "{lvl}"
        );
        assert!(lvl.ends_with("</w:pPr></w:lvl>"), "{lvl}");
        // A start override alone: the definition's indents.
        let o = t.num_override(9).unwrap();
        assert_eq!(
            (o.start, o.indent, o.lvl_xml.is_none()),
            (Some(5), None, true)
        );
        assert_eq!(t.list_indent(9), Some(360));
    }
}
