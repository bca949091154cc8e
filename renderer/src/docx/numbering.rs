//! `word/numbering.xml`: two abstract definitions (0 bullets, 1 decimal `1.`), every
//! `w:abstractNum` before any `w:num` (Word refuses the other order). Instances: 1 bullets and
//! 2 numbers (the list styles' own), then one per ordered list block with a start override,
//! so each ordered list restarts at 1 ([`ListNums`]).

use super::text::NS_W;
use crate::opc::xml::Xml;
use specrender_layout::doc::model::{LaidContent, LaidDoc};

pub(crate) const CONTENT_TYPE: &str =
    "application/vnd.openxmlformats-officedocument.wordprocessingml.numbering+xml";

/// The numbering instance of the bullet lists.
pub(crate) const BULLET_NUM: u32 = 1;
/// The numbering instance of the `ListNumber` style.
const NUMBER_NUM: u32 = 2;

/// Per block: the numbering instance its items use (0 for blocks that are not lists).
pub(crate) struct ListNums(pub Vec<u32>);

impl ListNums {
    pub(crate) fn of(laid: &LaidDoc) -> ListNums {
        let mut next = NUMBER_NUM;
        ListNums(
            laid.blocks
                .iter()
                .map(|b| match b.content {
                    LaidContent::List { ordered: true, .. } => {
                        next += 1;
                        next
                    }
                    LaidContent::List { ordered: false, .. } => BULLET_NUM,
                    _ => 0,
                })
                .collect(),
        )
    }

    /// Ordered-list instances, in order.
    fn restarts(&self) -> impl Iterator<Item = u32> + '_ {
        self.0.iter().copied().filter(|&n| n > NUMBER_NUM)
    }
}

fn abstract_num(x: &mut Xml, id: u32, fmt: &str, text: &str) {
    x.start("w:abstractNum", &[("w:abstractNumId", &id)]);
    x.empty("w:multiLevelType", &[("w:val", &"singleLevel")]);
    x.start("w:lvl", &[("w:ilvl", &"0")]);
    x.empty("w:start", &[("w:val", &"1")]);
    x.empty("w:numFmt", &[("w:val", &fmt)]);
    x.empty("w:lvlText", &[("w:val", &text)]);
    x.empty("w:lvlJc", &[("w:val", &"left")]);
    x.start("w:pPr", &[]);
    x.empty("w:ind", &[("w:left", &"720"), ("w:hanging", &"360")]);
    x.end("w:pPr");
    x.end("w:lvl");
    x.end("w:abstractNum");
}

pub(crate) fn numbering_xml(nums: &ListNums, pretty: bool) -> Vec<u8> {
    let mut x = Xml::new(pretty);
    x.start("w:numbering", &[("xmlns:w", &NS_W)]);
    abstract_num(&mut x, 0, "bullet", "\u{2022}");
    abstract_num(&mut x, 1, "decimal", "%1.");
    let num = |x: &mut Xml, id: u32, abs: u32, restart: bool| {
        x.start("w:num", &[("w:numId", &id)]);
        x.empty("w:abstractNumId", &[("w:val", &abs)]);
        if restart {
            x.start("w:lvlOverride", &[("w:ilvl", &"0")]);
            x.empty("w:startOverride", &[("w:val", &"1")]);
            x.end("w:lvlOverride");
        }
        x.end("w:num");
    };
    num(&mut x, BULLET_NUM, 0, false);
    num(&mut x, NUMBER_NUM, 1, false);
    for id in nums.restarts() {
        num(&mut x, id, 1, true);
    }
    x.end("w:numbering");
    x.finish()
}
