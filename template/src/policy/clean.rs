//! A carried part's XML with the policy applied: pass one plans (`plan`), pass two writes the
//! events again without what the plan removes; a part with nothing to drop is carried byte
//! for byte.

use super::plan::{plan, Plan};
use super::xml::{reader, xml_error};
use specrender_model::findings::Dropped;
use specrender_opc::PackageError;
use std::collections::BTreeSet;

/// Part `part`'s XML with the policy applied: `dropped_ids` are the ids of its relationships
/// that are not carried (`silent`: those dropped without a finding). `None`: nothing to drop
/// (the part is carried as it is). What was dropped that its relationships' findings do not
/// already name (fields, actions, active content without a relationship) goes to `out`.
pub fn clean_part(
    part: &str,
    xml: &[u8],
    dropped_ids: &BTreeSet<String>,
    out: &mut Vec<Dropped>,
) -> Result<Option<Vec<u8>>, PackageError> {
    let plan = plan(part, xml, dropped_ids, out)?;
    if plan.is_empty() {
        return Ok(None);
    }
    write(part, xml, &plan).map(Some)
}

/// Pass two: the events again, written without what [`Plan`] removes.
fn write(part: &str, xml: &[u8], plan: &Plan) -> Result<Vec<u8>, PackageError> {
    use quick_xml::events::{BytesStart, Event};
    let mut r = reader(xml);
    let mut w = quick_xml::Writer::new(Vec::with_capacity(xml.len()));
    let mut buf = Vec::new();
    let mut skip = 0usize;
    let mut i = 0usize;
    loop {
        let ev = r
            .read_event_into(&mut buf)
            .map_err(|e| xml_error(part, e))?;
        if matches!(ev, Event::Eof) {
            break;
        }
        let at = i;
        i += 1;
        if skip > 0 {
            match ev {
                Event::Start(_) => skip += 1,
                Event::End(_) => skip -= 1,
                _ => {}
            }
            continue;
        }
        if plan.remove.contains(&at) {
            if matches!(ev, Event::Start(_)) {
                skip = 1;
            }
            continue;
        }
        if plan.unwrap.contains(&at) || plan.unwrap_ends.contains(&at) {
            continue;
        }
        let ev = match (ev, plan.strip.get(&at)) {
            (Event::Start(e), Some(keys)) => Event::Start(stripped(&e, keys)),
            (Event::Empty(e), Some(keys)) => Event::Empty(stripped(&e, keys)),
            (ev, _) => ev,
        };
        w.write_event(ev).map_err(|e| xml_error(part, e))?;
        buf.clear();
    }
    fn stripped(e: &BytesStart<'_>, keys: &[Vec<u8>]) -> BytesStart<'static> {
        let name = e.name().into_inner().to_string();
        let mut s = BytesStart::new(name);
        for a in e.attributes().with_checks(false).flatten() {
            if keys
                .iter()
                .any(|k| k.as_slice() == a.key.into_inner().as_bytes())
            {
                continue;
            }
            let mut value = a.value.into_owned();
            if value.contains('"') {
                value = value.replace('"', "&quot;");
            }
            s.push_attribute(quick_xml::events::attributes::Attribute {
                key: a.key,
                value: value.into(),
            });
        }
        s.into_owned()
    }
    Ok(w.into_inner())
}

#[cfg(test)]
mod tests {
    use super::*;
    use specrender_model::findings::DropKind;

    const P: &str = r#"xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006""#;
    const W: &str = r#"xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" xmlns:v="urn:schemas-microsoft-com:vml" xmlns:o="urn:schemas-microsoft-com:office:office""#;

    fn clean(xml: &str, ids: &[&str]) -> (String, Vec<Dropped>) {
        let ids: BTreeSet<String> = ids.iter().map(|s| s.to_string()).collect();
        let mut out = Vec::new();
        let got = clean_part("ppt/x.xml", xml.as_bytes(), &ids, &mut out)
            .unwrap()
            .map(|b| String::from_utf8(b).unwrap())
            .unwrap_or_else(|| xml.to_string());
        (got, out)
    }

    #[test]
    fn a_linked_picture_goes_with_its_picture_and_an_embedded_copy_stays() {
        let xml = format!(
            r#"<p:sldMaster {P}><p:cSld><p:spTree><p:pic><p:blipFill><a:blip r:link="rId5"/></p:blipFill></p:pic><p:pic><p:blipFill><a:blip r:embed="rId2" r:link="rId5"/></p:blipFill></p:pic></p:spTree></p:cSld></p:sldMaster>"#
        );
        let (got, notes) = clean(&xml, &["rId5"]);
        assert_eq!(
            got,
            format!(
                r#"<p:sldMaster {P}><p:cSld><p:spTree><p:pic><p:blipFill><a:blip r:embed="rId2"/></p:blipFill></p:pic></p:spTree></p:cSld></p:sldMaster>"#
            )
        );
        assert!(notes.is_empty(), "the relationship's finding names it");
    }

    #[test]
    fn ole_objects_controls_and_actions_go_whole() {
        let xml = format!(
            r#"<p:sldLayout {P}><p:cSld><p:spTree><p:graphicFrame><a:graphic><a:graphicData uri="x"><mc:AlternateContent><mc:Choice Requires="v"><p:oleObj spid="s"/></mc:Choice><mc:Fallback><p:oleObj r:id="rId3"><p:embed/></p:oleObj></mc:Fallback></mc:AlternateContent></a:graphicData></a:graphic></p:graphicFrame><p:sp><p:nvSpPr><p:cNvPr id="2" name="b"><a:hlinkClick r:id="" action="ppaction://macro?name=Evil"/></p:cNvPr></p:nvSpPr></p:sp><p:sp><p:nvSpPr><p:cNvPr id="3" name="n"><a:hlinkClick r:id="" action="ppaction://hlinkshowjump?jump=nextslide"/></p:cNvPr></p:nvSpPr></p:sp></p:spTree><mc:AlternateContent><mc:Choice Requires="x"><p:controls><p:control r:id="rId4"/></p:controls></mc:Choice></mc:AlternateContent></p:cSld></p:sldLayout>"#
        );
        let (got, notes) = clean(&xml, &["rId3", "rId4"]);
        assert_eq!(
            got,
            format!(
                r#"<p:sldLayout {P}><p:cSld><p:spTree><p:sp><p:nvSpPr><p:cNvPr id="2" name="b"></p:cNvPr></p:nvSpPr></p:sp><p:sp><p:nvSpPr><p:cNvPr id="3" name="n"><a:hlinkClick r:id="" action="ppaction://hlinkshowjump?jump=nextslide"/></p:cNvPr></p:nvSpPr></p:sp></p:spTree></p:cSld></p:sldLayout>"#
            )
        );
        let kinds: Vec<DropKind> = notes.iter().map(|d| d.kind).collect();
        assert_eq!(
            kinds,
            [
                DropKind::OleObject,
                DropKind::OleObject,
                DropKind::ScriptLink,
                DropKind::ActiveX
            ]
        );
        assert_eq!(notes[2].target.as_deref(), Some("ppaction://macro"));
    }

    #[test]
    fn fetching_fields_lose_their_code_and_keep_their_result() {
        let xml = format!(
            r#"<w:hdr {W}><w:p><w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve"> INCLUDEPICTURE "http://t.example/p.png" \d </w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t>cached</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r><w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText> PAGE </w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t>1</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r><w:fldSimple w:instr=" DDEAUTO excel x "><w:r><w:t>dde</w:t></w:r></w:fldSimple><w:hyperlink r:id="rId9"><w:r><w:t>web</w:t></w:r></w:hyperlink></w:p><w:p><w:r><w:pict><v:shape href="javascript:x()"><v:imagedata r:id="rId2" o:href="file:///C:/a.png"/></v:shape></w:pict></w:r><w:r><w:object><v:shape/><o:OLEObject r:id="rId7"/></w:object></w:r></w:p></w:hdr>"#
        );
        let (got, notes) = clean(&xml, &["rId7", "rId9"]);
        assert_eq!(
            got,
            format!(
                r#"<w:hdr {W}><w:p><w:r><w:t>cached</w:t></w:r><w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText> PAGE </w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t>1</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r><w:r><w:t>dde</w:t></w:r><w:hyperlink><w:r><w:t>web</w:t></w:r></w:hyperlink></w:p><w:p><w:r><w:pict><v:shape><v:imagedata r:id="rId2"/></v:shape></w:pict></w:r><w:r></w:r></w:p></w:hdr>"#
            )
        );
        let got: Vec<(DropKind, Option<&str>)> = notes
            .iter()
            .map(|d| (d.kind, d.target.as_deref()))
            .collect();
        assert_eq!(
            got,
            [
                (DropKind::FetchingField, Some("INCLUDEPICTURE")),
                (DropKind::FetchingField, Some("DDEAUTO")),
                (DropKind::ScriptLink, Some("javascript:")),
                (DropKind::FileLink, Some("file:")),
                (DropKind::OleObject, Some("w:object")),
                (DropKind::OleObject, Some("o:OLEObject")),
            ]
        );
    }

    #[test]
    fn a_part_with_nothing_to_drop_is_kept_as_it_is() {
        let xml = format!(
            r#"<p:sldMaster {P}><p:cSld><p:spTree><p:pic><p:blipFill><a:blip r:embed="rId2"/></p:blipFill></p:pic></p:spTree></p:cSld></p:sldMaster>"#
        );
        let mut out = Vec::new();
        let none = clean_part("m", xml.as_bytes(), &BTreeSet::new(), &mut out).unwrap();
        assert!(none.is_none() && out.is_empty());
    }

    #[test]
    fn a_prefix_is_no_disguise() {
        let xml = r#"<x:sldMaster xmlns:x="http://schemas.openxmlformats.org/presentationml/2006/main"><x:cSld><x:controls><x:control/></x:controls></x:cSld></x:sldMaster>"#;
        let (got, notes) = clean(xml, &[]);
        assert_eq!(
            got,
            r#"<x:sldMaster xmlns:x="http://schemas.openxmlformats.org/presentationml/2006/main"><x:cSld></x:cSld></x:sldMaster>"#
        );
        assert_eq!(notes[0].kind, DropKind::ActiveX);
    }
}
