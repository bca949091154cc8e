//! Relationships (OPC, ECMA-376 Part 2 §9.3): one [`Rels`] per source part (and one for the
//! package itself), written as the part's `_rels/*.rels` part.
//!
//! [`Rels::add`] is the only place a relationship id comes from: it numbers relationships in
//! the order they are added (`rId1`, `rId2`, ...), returns the existing id when the same
//! (type, target) is added again (python-pptx's `relate_to`), and hands the [`RelId`] back so the
//! writer of the source part writes that value into its `r:id` attributes. No writer knows an id
//! from the position a relationship was listed at.
//!
//! Targets are given as part names (`ppt/slides/slide1.xml`, no leading `/`) and written
//! relative to the source part's folder (`../slides/slide1.xml`), so a planner names each part
//! once and cannot point a relationship into the wrong folder.

use super::xml::{push_escaped, AttrValue, Xml};
use std::borrow::Cow;
use std::collections::HashMap;
use std::hash::{DefaultHasher, Hash, Hasher};

const NS_PKG_RELS: &str = "http://schemas.openxmlformats.org/package/2006/relationships";

/// A type in the officeDocument relationships namespace, as a `&'static str` (no formatting
/// per relationship).
macro_rules! office_rel {
    ($tail:literal) => {
        concat!(
            "http://schemas.openxmlformats.org/officeDocument/2006/relationships/",
            $tail
        )
    };
}

/// Relationship types, named by their last path segment.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RelType {
    OfficeDocument,
    CoreProperties,
    ExtendedProperties,
    SlideMaster,
    SlideLayout,
    Slide,
    NotesMaster,
    NotesSlide,
    Theme,
    PresProps,
    ViewProps,
    TableStyles,
    /// A picture's image part (`ppt/media/imageN.png`).
    Image,
    /// A slide's chart part (`ppt/charts/chartN.xml`).
    Chart,
    /// An embedded package, such as a chart's workbook (`ppt/embeddings/*.xlsx`).
    Package,
    /// A workbook's worksheet, stylesheet and shared strings (SpreadsheetML).
    Worksheet,
    Styles,
    SharedStrings,
    /// WordprocessingML parts of a document (`word/numbering.xml`, ...).
    Numbering,
    Settings,
    FontTable,
    Footnotes,
    /// A section's header and footer parts (`word/header1.xml`).
    Header,
    Footer,
    /// An embedded font (`word/fonts/fontN.odttf`, `ppt/fonts/fontN.fntdata`).
    Font,
}

impl RelType {
    pub fn uri(self) -> &'static str {
        match self {
            RelType::OfficeDocument => office_rel!("officeDocument"),
            // The one type outside the officeDocument namespace (Part 2 §11.2).
            RelType::CoreProperties => {
                "http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties"
            }
            RelType::ExtendedProperties => office_rel!("extended-properties"),
            RelType::SlideMaster => office_rel!("slideMaster"),
            RelType::SlideLayout => office_rel!("slideLayout"),
            RelType::Slide => office_rel!("slide"),
            RelType::NotesMaster => office_rel!("notesMaster"),
            RelType::NotesSlide => office_rel!("notesSlide"),
            RelType::Theme => office_rel!("theme"),
            RelType::PresProps => office_rel!("presProps"),
            RelType::ViewProps => office_rel!("viewProps"),
            RelType::TableStyles => office_rel!("tableStyles"),
            RelType::Image => office_rel!("image"),
            RelType::Chart => office_rel!("chart"),
            RelType::Package => office_rel!("package"),
            RelType::Worksheet => office_rel!("worksheet"),
            RelType::Styles => office_rel!("styles"),
            RelType::SharedStrings => office_rel!("sharedStrings"),
            RelType::Numbering => office_rel!("numbering"),
            RelType::Settings => office_rel!("settings"),
            RelType::FontTable => office_rel!("fontTable"),
            RelType::Footnotes => office_rel!("footnotes"),
            RelType::Header => office_rel!("header"),
            RelType::Footer => office_rel!("footer"),
            RelType::Font => office_rel!("font"),
        }
    }
}

/// A relationship id, as [`Rels::add`] assigned it. Written as an attribute value (`rId3`)
/// without an intermediate string.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RelId(u32);

impl AttrValue for RelId {
    fn write_attr(&self, out: &mut String) {
        out.push_str("rId");
        out.push_str(itoa::Buffer::new().format(self.0));
    }
}

/// The relationships of one source part (or of the package), in id order.
#[derive(Debug, Default)]
pub struct Rels {
    /// (type, target part name); the relationship at index i has id `rId{i + 1}`.
    rels: Vec<(RelType, Cow<'static, str>)>,
    /// Hash of (type, target) -> index of the first relationship with that hash, so finding
    /// an existing relationship does not scan: the presentation has one per slide, and
    /// scanning for each would grow with the square of the deck. Only looked up, never
    /// iterated.
    index: HashMap<u64, usize>,
}

impl Rels {
    pub fn new() -> Rels {
        Rels::default()
    }

    /// Relates the source part to the part named `target`; the existing id if this
    /// relationship is already there, else the next one.
    pub fn add(&mut self, ty: RelType, target: impl Into<Cow<'static, str>>) -> RelId {
        let target = target.into();
        let index = match self.position(ty, &target) {
            Some(i) => i,
            None => self.push(ty, target),
        };
        RelId(index as u32 + 1)
    }

    /// Where the relationship (ty, target) is, if it is there.
    fn position(&self, ty: RelType, target: &str) -> Option<usize> {
        let i = *self.index.get(&key(ty, target))?;
        let (t, g) = &self.rels[i];
        if *t == ty && g == target {
            Some(i)
        } else {
            // Another relationship with the same 64-bit hash: settle it by comparing.
            self.rels.iter().position(|(t, g)| *t == ty && g == target)
        }
    }

    /// Appends a relationship and returns its index.
    fn push(&mut self, ty: RelType, target: Cow<'static, str>) -> usize {
        let i = self.rels.len();
        self.index.entry(key(ty, &target)).or_insert(i);
        self.rels.push((ty, target));
        i
    }

    pub fn is_empty(&self) -> bool {
        self.rels.is_empty()
    }

    /// Target part names, in id order.
    pub fn targets(&self) -> impl Iterator<Item = &str> {
        self.rels.iter().map(|(_, target)| target.as_ref())
    }

    /// The `.rels` part of the part named `source` (`""` for the package's own relationships).
    pub fn xml(&self, source: &str, pretty: bool) -> Vec<u8> {
        let mut x = Xml::new(pretty);
        x.start("Relationships", &[("xmlns", &NS_PKG_RELS)]);
        for (i, (ty, target)) in self.rels.iter().enumerate() {
            let id = RelId(i as u32 + 1);
            let target = Relative { source, target };
            x.empty(
                "Relationship",
                &[("Id", &id), ("Type", &ty.uri()), ("Target", &target)],
            );
        }
        x.end("Relationships");
        x.finish()
    }
}

/// The index key of a relationship (`DefaultHasher::new()` has fixed keys; nothing written
/// depends on the hash anyway).
fn key(ty: RelType, target: &str) -> u64 {
    let mut h = DefaultHasher::new();
    ty.hash(&mut h);
    target.hash(&mut h);
    h.finish()
}

/// The `.rels` part name for a part: `ppt/slides/slide1.xml` -> `ppt/slides/_rels/slide1.xml.rels`,
/// and `""` (the package) -> `_rels/.rels`.
pub fn rels_part_name(part: &str) -> String {
    match part.rsplit_once('/') {
        Some((dir, file)) => format!("{dir}/_rels/{file}.rels"),
        None => format!("_rels/{part}.rels"),
    }
}

/// A target part name written relative to the folder of the source part.
struct Relative<'a> {
    source: &'a str,
    target: &'a str,
}

impl AttrValue for Relative<'_> {
    fn write_attr(&self, out: &mut String) {
        write_relative(out, self.source, self.target);
    }
}

/// `target` relative to the folder of `source` (both part names): one `../` per folder of the
/// source that the target does not share, then the rest of the target.
fn write_relative(out: &mut String, source: &str, target: &str) {
    let dir = source.rsplit_once('/').map_or("", |(dir, _)| dir);
    let mut folders = dir.split('/').filter(|f| !f.is_empty());
    let mut rest = target;
    let mut ups = 0;
    for folder in folders.by_ref() {
        match rest.strip_prefix(folder).and_then(|r| r.strip_prefix('/')) {
            Some(r) => rest = r,
            None => {
                ups = 1;
                break;
            }
        }
    }
    ups += folders.count();
    for _ in 0..ups {
        out.push_str("../");
    }
    push_escaped(out, rest, true);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn id(r: RelId) -> String {
        let mut s = String::new();
        r.write_attr(&mut s);
        s
    }

    fn relative(source: &str, target: &str) -> String {
        let mut s = String::new();
        write_relative(&mut s, source, target);
        s
    }

    #[test]
    fn ids_follow_insertion_order() {
        let mut rels = Rels::new();
        let master = rels.add(RelType::SlideMaster, "ppt/slideMasters/slideMaster1.xml");
        let s1 = rels.add(RelType::Slide, "ppt/slides/slide1.xml");
        let s2 = rels.add(RelType::Slide, String::from("ppt/slides/slide2.xml"));
        assert_eq!([id(master), id(s1), id(s2)], ["rId1", "rId2", "rId3"]);
    }

    #[test]
    fn adding_the_same_relationship_again_reuses_its_id() {
        let mut rels = Rels::new();
        let img = rels.add(RelType::Image, "ppt/media/image1.png");
        let layout = rels.add(RelType::SlideLayout, "ppt/slideLayouts/slideLayout1.xml");
        assert_eq!(rels.add(RelType::Image, "ppt/media/image1.png"), img);
        assert_eq!(
            rels.add(RelType::Image, String::from("ppt/media/image1.png")),
            img
        );
        // Same target, other type: another relationship.
        let other = rels.add(RelType::Package, "ppt/media/image1.png");
        assert_eq!(id(other), "rId3");
        assert_ne!(other, img);
        assert_ne!(layout, img);
        assert_eq!(rels.targets().count(), 3);
    }

    #[test]
    fn large_sets_find_their_relationships_through_the_index() {
        const N: usize = 48;
        let mut rels = Rels::new();
        let slide = |n: usize| format!("ppt/slides/slide{n}.xml");
        let ids: Vec<RelId> = (1..=N)
            .map(|n| rels.add(RelType::Slide, slide(n)))
            .collect();
        for (n, want) in (1..).zip(&ids) {
            assert_eq!(id(*want), format!("rId{n}"));
            assert_eq!(rels.add(RelType::Slide, slide(n)), *want, "slide {n}");
        }
        let theme = rels.add(RelType::Theme, "ppt/theme/theme1.xml");
        assert_eq!(id(theme), format!("rId{}", N + 1));
        assert_eq!(rels.add(RelType::Theme, "ppt/theme/theme1.xml"), theme);
        assert_eq!(rels.targets().count(), N + 1);
        // A hash shared with another relationship falls back to comparing.
        rels.index.insert(key(RelType::Slide, &slide(5)), 0);
        assert_eq!(rels.add(RelType::Slide, slide(5)), ids[4]);
    }

    #[test]
    fn targets_are_written_relative_to_the_source_folder() {
        let slide = "ppt/slides/slide1.xml";
        assert_eq!(
            relative(slide, "ppt/slideLayouts/slideLayout2.xml"),
            "../slideLayouts/slideLayout2.xml"
        );
        assert_eq!(
            relative("ppt/presentation.xml", "ppt/slides/slide3.xml"),
            "slides/slide3.xml"
        );
        assert_eq!(
            relative("", "docProps/core.xml"),
            "docProps/core.xml",
            "package relationships"
        );
        assert_eq!(
            relative("ppt/charts/chart1.xml", "ppt/embeddings/Sheet1.xlsx"),
            "../embeddings/Sheet1.xlsx"
        );
        assert_eq!(
            relative("word/document.xml", "word/media/image1.png"),
            "media/image1.png"
        );
        assert_eq!(relative("a/b/c/d.xml", "a/x/y.xml"), "../../x/y.xml");
        assert_eq!(relative("a/b/c.xml", "z.xml"), "../../z.xml");
    }

    #[test]
    fn rels_part() {
        let mut rels = Rels::new();
        rels.add(RelType::SlideLayout, "ppt/slideLayouts/slideLayout1.xml");
        rels.add(RelType::Chart, "ppt/charts/chart1.xml");
        let xml = String::from_utf8(rels.xml("ppt/slides/slide1.xml", false)).unwrap();
        let office = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
        assert!(xml.ends_with(&format!(
            "<Relationships xmlns=\"{NS_PKG_RELS}\">\
             <Relationship Id=\"rId1\" Type=\"{office}/slideLayout\" Target=\"../slideLayouts/slideLayout1.xml\"/>\
             <Relationship Id=\"rId2\" Type=\"{office}/chart\" Target=\"../charts/chart1.xml\"/>\
             </Relationships>"
        )));
        assert_eq!(
            rels_part_name("ppt/slides/slide1.xml"),
            "ppt/slides/_rels/slide1.xml.rels"
        );
        assert_eq!(rels_part_name(""), "_rels/.rels");
    }
}
