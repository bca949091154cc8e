//! `word/numbering.xml`: two abstract definitions (0 bullets, 1 decimal `1.`), every
//! `w:abstractNum` before any `w:num` (Word refuses the other order). Instances: 1 bullets and
//! 2 numbers (the list styles' own), then one per ordered list block with a start override,
//! so each ordered list restarts at 1 ([`ListNums`]).

use super::text::NS_W;
use crate::opc::xml::Xml;
use specrender_model::doc::{LaidContent, LaidDoc};

pub(crate) const CONTENT_TYPE: &str =
    "application/vnd.openxmlformats-officedocument.wordprocessingml.numbering+xml";

/// The numbering a document writes: per block the instance its items use (0 for blocks that
/// are not lists), and the ids of our own definitions. Without a template: abstract
/// definitions 0 (bullets) and 1 (decimal), instances 1 (bullets), 2 (the `ListNumber`
/// style's), then one per ordered list. On a template our ids follow the template's, and
/// where its `List Bullet` / `List Number` styles apply numbering, lists use it: bullet lists
/// its instance, ordered lists restart its abstract definition.
pub(crate) struct ListNums {
    pub blocks: Vec<u32>,
    /// Our abstract definitions: bullets, then decimal at `abs_base + 1`.
    abs_base: u32,
    /// Our bullet instance; `ListNumber`'s is the next.
    pub bullet: u32,
    /// The abstract definition ordered lists restart.
    number_abs: u32,
    /// The level 0 the template's `List Number` instance overrides its definition with
    /// (`w:lvlOverride/w:lvl`, as written): each restart carries it, so ordered lists look as
    /// the style's own instance does (and are measured so: `layout::doc::template`).
    number_lvl: Option<std::sync::Arc<str>>,
    /// Our level 0's indent, left and hanging (twips): layout's (`LaidDoc::list_indent`).
    indent: (i64, i64),
}

impl ListNums {
    pub(crate) fn of(laid: &LaidDoc) -> ListNums {
        // Layout decided which numbering our lists use on a template (`DocLook::lists`).
        let lists = laid
            .look
            .as_ref()
            .map(|l| l.lists.clone())
            .unwrap_or_default();
        let (abs_base, num_base) = (lists.abstract_base, lists.num_base);
        let bullet = lists.bullet.unwrap_or(num_base + 1);
        let number_abs = lists.number_abstract.unwrap_or(abs_base + 1);
        let number_lvl = lists.number_lvl;
        let mut next = num_base + 2;
        let blocks = laid
            .blocks
            .iter()
            .map(|b| match b.content {
                LaidContent::List { ordered: true, .. } => {
                    next += 1;
                    next
                }
                LaidContent::List { ordered: false, .. } => bullet,
                _ => 0,
            })
            .collect();
        ListNums {
            blocks,
            abs_base,
            bullet: num_base + 1,
            number_abs,
            number_lvl,
            indent: laid.list_indent,
        }
    }

    /// The `ListNumber` style's own instance.
    pub(crate) fn number(&self) -> u32 {
        self.bullet + 1
    }

    /// Ordered-list instances, in order.
    fn restarts(&self) -> impl Iterator<Item = u32> + '_ {
        let first = self.number();
        self.blocks.iter().copied().filter(move |&n| n > first)
    }
}

fn abstract_num(x: &mut Xml, id: u32, fmt: &str, text: &str, indent: (i64, i64)) {
    x.start("w:abstractNum", &[("w:abstractNumId", &id)]);
    x.empty("w:multiLevelType", &[("w:val", &"singleLevel")]);
    x.start("w:lvl", &[("w:ilvl", &"0")]);
    x.empty("w:start", &[("w:val", &"1")]);
    x.empty("w:numFmt", &[("w:val", &fmt)]);
    x.empty("w:lvlText", &[("w:val", &text)]);
    x.empty("w:lvlJc", &[("w:val", &"left")]);
    x.start("w:pPr", &[]);
    // Layout measures lists at this indent (and right-to-left items by where it sets the number).
    x.empty("w:ind", &[("w:left", &indent.0), ("w:hanging", &indent.1)]);
    x.end("w:pPr");
    x.end("w:lvl");
    x.end("w:abstractNum");
}

/// Our abstract definitions and instances, as elements (no root).
fn ours(x: &mut Xml, nums: &ListNums, abstracts: bool, instances: bool) {
    if abstracts {
        abstract_num(x, nums.abs_base, "bullet", "\u{2022}", nums.indent);
        abstract_num(x, nums.abs_base + 1, "decimal", "%1.", nums.indent);
    }
    if !instances {
        return;
    }
    let num = |x: &mut Xml, id: u32, abs: u32, restart: bool| {
        x.start("w:num", &[("w:numId", &id)]);
        x.empty("w:abstractNumId", &[("w:val", &abs)]);
        if restart {
            x.start("w:lvlOverride", &[("w:ilvl", &"0")]);
            x.empty("w:startOverride", &[("w:val", &"1")]);
            if let Some(lvl) = &nums.number_lvl {
                x.raw(lvl);
            }
            x.end("w:lvlOverride");
        }
        x.end("w:num");
    };
    num(x, nums.bullet, nums.abs_base, false);
    num(x, nums.number(), nums.abs_base + 1, false);
    for id in nums.restarts() {
        num(x, id, nums.number_abs, true);
    }
}

pub(crate) fn numbering_xml(nums: &ListNums, pretty: bool) -> Vec<u8> {
    let mut x = Xml::new(pretty);
    x.start("w:numbering", &[("xmlns:w", &NS_W)]);
    ours(&mut x, nums, true, true);
    x.end("w:numbering");
    x.finish()
}

/// A template's numbering part with ours added: our abstract definitions after its last
/// (every `w:abstractNum` before any `w:num`), our instances after its last. `None` when the
/// part is not WordprocessingML numbering with the usual `w:` prefix (then ours alone).
pub(crate) fn numbering_on(template: &[u8], nums: &ListNums, pretty: bool) -> Option<Vec<u8>> {
    let s = std::str::from_utf8(template).ok()?;
    if !s.contains(&format!("xmlns:w=\"{NS_W}\"")) || !s.contains("<w:numbering") {
        return None;
    }
    let fragment = |abstracts: bool| {
        let mut x = Xml::new(pretty);
        ours(&mut x, nums, abstracts, !abstracts);
        let bytes = x.finish();
        let f = String::from_utf8(bytes).ok()?;
        // The elements alone, without the writer's XML declaration.
        Some(f[f.find("?>").map_or(0, |i| i + 2)..].trim().to_string())
    };
    let (abs, inst) = (fragment(true)?, fragment(false)?);
    let s = without_picture_bullets(s);
    let s = s.as_str();
    let end = s.rfind("</w:numbering>")?;
    let mut out = s[..end].to_string();
    // Instances go last, before a trailing `w:numIdMacAtCleanup`.
    let inst_at = out.find("<w:numIdMacAtCleanup").unwrap_or(out.len());
    out.insert_str(inst_at, &inst);
    let abs_at = match out.rfind("</w:abstractNum>") {
        Some(i) => i + "</w:abstractNum>".len(),
        None => [out.find("<w:num "), out.find("<w:num>")]
            .into_iter()
            .flatten()
            .min()
            .unwrap_or(inst_at),
    };
    out.insert_str(abs_at, &abs);
    out.push_str(&s[end..]);
    Some(out.into_bytes())
}

/// `numbering` without its picture bullets (`w:numPicBullet`, and the levels' `w:lvlPicBulletId`
/// naming them): their pictures are relationships of the template's numbering part, which is
/// written anew without any, so a kept one would name a relationship the output lacks. A level
/// that had a picture shows its `w:lvlText` character, as Word does when the picture is missing.
fn without_picture_bullets(numbering: &str) -> String {
    let mut out = String::with_capacity(numbering.len());
    let mut rest = numbering;
    loop {
        let bullet = rest
            .find("<w:numPicBullet ")
            .or_else(|| rest.find("<w:numPicBullet>"));
        let level = rest.find("<w:lvlPicBulletId");
        let (at, close) = match (bullet, level) {
            (Some(b), l) if l.is_none_or(|l| b < l) => (b, "</w:numPicBullet>"),
            (_, Some(l)) => (l, "/>"),
            _ => break,
        };
        let Some(end) = rest[at..].find(close) else {
            break;
        };
        out.push_str(&rest[..at]);
        rest = &rest[at + end + close.len()..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn picture_bullets_are_left_out_of_the_template_numbering() {
        let xml = concat!(
            r#"<w:numbering xmlns:w="u"><w:numPicBullet w:numPicBulletId="0"><w:pict>"#,
            r#"<v:imagedata r:id="rId1"/></w:pict></w:numPicBullet>"#,
            r#"<w:abstractNum w:abstractNumId="0"><w:lvl w:ilvl="0"><w:lvlText w:val="·"/>"#,
            r#"<w:lvlPicBulletId w:val="0"/></w:lvl></w:abstractNum></w:numbering>"#
        );
        assert_eq!(
            without_picture_bullets(xml),
            concat!(
                r#"<w:numbering xmlns:w="u"><w:abstractNum w:abstractNumId="0">"#,
                r#"<w:lvl w:ilvl="0"><w:lvlText w:val="·"/></w:lvl></w:abstractNum></w:numbering>"#
            )
        );
        let plain = r#"<w:numbering xmlns:w="u"><w:num w:numId="1"/></w:numbering>"#;
        assert_eq!(without_picture_bullets(plain), plain);
    }
}
