//! A package as data, whatever the format (PPTX now; DOCX and embedded XLSX reuse it): its
//! parts in package order, each with the content type it declares and how to write it, each
//! part's relationships, the package's own relationships (`_rels/.rels`) and the `Default`
//! content types.
//!
//! Parts are described, not written: [`Package::entries`] lists the zip entries in order
//! (`[Content_Types].xml`, `_rels/.rels`, then every part followed by its `.rels` part when it
//! has relationships) and each entry writes itself on demand, so the zip writer can write and
//! compress them on several threads while the package keeps this order.

use super::content_types::ContentTypes;
use super::rels::{rels_part_name, RelId, RelType, Rels};
use std::borrow::Cow;
use std::sync::Arc;

/// Writes one part: `pretty` (indented, for goldens) or compact.
pub type Writer<'a> = Box<dyn Fn(bool) -> Vec<u8> + Send + Sync + 'a>;

const CONTENT_TYPES_PART: &str = "[Content_Types].xml";

/// Work of writing a typical part, relative to the rest ([`Part::weight`]).
const DEFAULT_WEIGHT: usize = 3;

/// One package part: its name, its declared content type and how to write it.
pub struct Part<'a> {
    /// Part name without the leading `/` (`ppt/slides/slide1.xml`), as zip entries are named.
    pub name: String,
    pub content_type: Cow<'static, str>,
    pub write: Writer<'a>,
    /// About how much work writing the part is (a `.rels` part is 1, a typical part 3): used
    /// only to give threads even shares of the parts, never changes a byte.
    pub weight: usize,
    /// The part's bytes when they exist already (a picture, a template's carried part):
    /// [`Entry::bytes`] lends them to the zip writer instead of copying them first.
    pub fixed: Option<Fixed<'a>>,
}

/// Bytes a part is made of as they are, borrowed or shared.
#[derive(Clone)]
pub enum Fixed<'a> {
    Borrowed(&'a [u8]),
    Shared(Arc<[u8]>),
}

impl AsRef<[u8]> for Fixed<'_> {
    fn as_ref(&self) -> &[u8] {
        match self {
            Fixed::Borrowed(b) => b,
            Fixed::Shared(b) => b,
        }
    }
}

impl<'a> Part<'a> {
    pub fn new(
        name: impl Into<String>,
        content_type: impl Into<Cow<'static, str>>,
        write: impl Fn(bool) -> Vec<u8> + Send + Sync + 'a,
    ) -> Part<'a> {
        Part {
            name: name.into(),
            content_type: content_type.into(),
            write: Box::new(write),
            weight: DEFAULT_WEIGHT,
            fixed: None,
        }
    }

    /// A part made of `bytes` as they are (a picture, a carried part): the zip writer reads
    /// them where they are, without a copy.
    pub fn fixed(
        name: impl Into<String>,
        content_type: impl Into<Cow<'static, str>>,
        bytes: Fixed<'a>,
    ) -> Part<'a> {
        let copy = bytes.clone();
        Part {
            fixed: Some(bytes),
            ..Part::new(name, content_type, move |_| copy.as_ref().to_vec())
        }
    }

    /// The same part with another [`Part::weight`].
    pub fn weighing(self, weight: usize) -> Part<'a> {
        Part { weight, ..self }
    }
}

/// The parts of a package and how they relate.
pub struct Package<'a> {
    content_types: ContentTypes,
    /// The package's own relationships (`_rels/.rels`).
    rels: Rels,
    /// Parts in package order, each with its relationships.
    parts: Vec<(Part<'a>, Rels)>,
}

impl Default for Package<'_> {
    fn default() -> Self {
        Package::new()
    }
}

impl<'a> Package<'a> {
    pub fn new() -> Package<'a> {
        Package {
            content_types: ContentTypes::new(),
            rels: Rels::new(),
            parts: Vec::new(),
        }
    }

    /// Registers a `Default` content type by extension (see [`ContentTypes::add_default`]).
    pub fn add_default(
        &mut self,
        extension: impl Into<Cow<'static, str>>,
        content_type: impl Into<Cow<'static, str>>,
    ) {
        self.content_types.add_default(extension, content_type);
    }

    /// Is there a `Default` content type for this extension?
    pub fn has_default(&self, extension: &str) -> bool {
        self.content_types.has_default(extension)
    }

    /// The names of the parts added so far.
    pub fn part_names(&self) -> impl Iterator<Item = &str> {
        self.parts.iter().map(|(p, _)| p.name.as_str())
    }

    /// Relates the package itself to the part named `target` (`_rels/.rels`).
    pub fn relate(&mut self, ty: RelType, target: &'static str) -> RelId {
        self.rels.add(ty, target)
    }

    /// Appends `part` with its relationships (a `.rels` part follows it unless `rels` is empty).
    pub fn add(&mut self, part: Part<'a>, rels: Rels) {
        self.parts.push((part, rels));
    }

    /// The zip entries, in package order.
    pub fn entries(&self) -> Vec<Entry<'_, 'a>> {
        if cfg!(debug_assertions) {
            self.check_targets();
        }
        let mut out = Vec::with_capacity(2 + 2 * self.parts.len());
        out.push(Entry::ContentTypes(self));
        out.push(Entry::Rels {
            source: "",
            rels: &self.rels,
        });
        for (part, rels) in &self.parts {
            out.push(Entry::Part(part));
            if !rels.is_empty() {
                out.push(Entry::Rels {
                    source: &part.name,
                    rels,
                });
            }
        }
        out
    }

    /// Every entry written, in package order.
    pub fn written(&self, pretty: bool) -> Vec<(String, Vec<u8>)> {
        self.entries()
            .iter()
            .map(|e| (e.name().into_owned(), e.write(pretty)))
            .collect()
    }

    fn content_types_xml(&self, pretty: bool) -> Vec<u8> {
        let parts = self
            .parts
            .iter()
            .map(|(p, _)| (p.name.as_str(), p.content_type.as_ref()));
        self.content_types.xml(parts, pretty)
    }

    /// Every relationship points at a part of the package: a planner that names a target
    /// differently from the part itself fails here (debug builds, so every test run), not in
    /// PowerPoint.
    fn check_targets(&self) {
        let names: std::collections::HashSet<&str> =
            self.parts.iter().map(|(p, _)| p.name.as_str()).collect();
        let sources = std::iter::once(("", &self.rels))
            .chain(self.parts.iter().map(|(p, r)| (p.name.as_str(), r)));
        for (source, rels) in sources {
            for target in rels.targets() {
                assert!(names.contains(target), "{source:?} -> missing {target:?}");
            }
        }
    }
}

/// One zip entry of a [`Package`].
pub enum Entry<'p, 'a> {
    ContentTypes(&'p Package<'a>),
    /// The relationships of the part named `source` (`""`: the package's).
    Rels {
        source: &'p str,
        rels: &'p Rels,
    },
    Part(&'p Part<'a>),
}

impl<'a> Entry<'_, 'a> {
    pub fn name(&self) -> Cow<'_, str> {
        match self {
            Entry::ContentTypes(_) => Cow::Borrowed(CONTENT_TYPES_PART),
            Entry::Rels { source, .. } => Cow::Owned(rels_part_name(source)),
            Entry::Part(part) => Cow::Borrowed(&part.name),
        }
    }

    pub fn write(&self, pretty: bool) -> Vec<u8> {
        match self {
            Entry::ContentTypes(package) => package.content_types_xml(pretty),
            Entry::Rels { source, rels } => rels.xml(source, pretty),
            Entry::Part(part) => (part.write)(pretty),
        }
    }

    /// The entry's bytes: a [`Part::fixed`] part's own, lent; any other entry written.
    pub fn bytes(&self, pretty: bool) -> Cow<'_, [u8]> {
        match self {
            Entry::Part(Part {
                fixed: Some(bytes), ..
            }) => Cow::Borrowed(bytes.as_ref()),
            _ => Cow::Owned(self.write(pretty)),
        }
    }

    /// A [`Part::fixed`] part's bytes.
    pub fn fixed(&self) -> Option<&Fixed<'a>> {
        match self {
            Entry::Part(part) => part.fixed.as_ref(),
            _ => None,
        }
    }

    /// About how much work writing the entry is (see [`Part::weight`]).
    pub fn weight(&self) -> usize {
        match self {
            Entry::ContentTypes(_) => DEFAULT_WEIGHT,
            Entry::Rels { .. } => 1,
            Entry::Part(part) => part.weight,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Package<'static> {
        let mut p = Package::new();
        p.relate(RelType::OfficeDocument, "doc/main.xml");
        let mut rels = Rels::new();
        rels.add(RelType::Theme, "doc/theme/theme1.xml");
        p.add(
            Part::new("doc/main.xml", "test/main", |_| b"<m/>".to_vec()),
            rels,
        );
        p.add(
            Part::new("doc/theme/theme1.xml", "test/theme", |_| b"<t/>".to_vec()),
            Rels::new(),
        );
        p
    }

    #[test]
    fn entries_in_package_order_with_rels_after_their_part() {
        let p = sample();
        let names: Vec<String> = p.entries().iter().map(|e| e.name().into_owned()).collect();
        assert_eq!(
            names,
            [
                "[Content_Types].xml",
                "_rels/.rels",
                "doc/main.xml",
                "doc/_rels/main.xml.rels",
                "doc/theme/theme1.xml"
            ]
        );
        let written = p.written(false);
        let ct = String::from_utf8(written[0].1.clone()).unwrap();
        assert!(ct.contains(r#"<Override PartName="/doc/main.xml" ContentType="test/main"/>"#));
        let rels = String::from_utf8(written[3].1.clone()).unwrap();
        assert!(rels.contains(r#"Target="theme/theme1.xml""#), "{rels}");
    }

    #[test]
    fn a_fixed_part_is_lent_as_it_is_and_written_the_same() {
        let photo: &[u8] = b"\xff\xd8 not really a photo \xff\xd9";
        let shared: Arc<[u8]> = Arc::from(&b"<carried/>"[..]);
        let mut p = Package::new();
        p.add(
            Part::fixed("m/image1.jpeg", "image/jpeg", Fixed::Borrowed(photo)),
            Rels::new(),
        );
        p.add(
            Part::fixed("m/c.xml", "test/c", Fixed::Shared(shared.clone())),
            Rels::new(),
        );
        let entries = p.entries();
        let lent = entries[2].bytes(false);
        assert!(matches!(lent, Cow::Borrowed(b) if std::ptr::eq(b, photo)));
        assert!(matches!(entries[3].bytes(true), Cow::Borrowed(b) if std::ptr::eq(b, &*shared)));
        assert_eq!(entries[2].write(false), photo);
        assert_eq!(entries[3].write(true), &*shared);
        // Any other entry is written.
        assert!(matches!(entries[0].bytes(false), Cow::Owned(_)));
    }

    #[test]
    #[should_panic(expected = "missing")]
    #[cfg(debug_assertions)]
    fn a_relationship_to_a_missing_part_is_caught() {
        let mut p = sample();
        p.relate(RelType::CoreProperties, "docProps/core.xml");
        p.entries();
    }
}
