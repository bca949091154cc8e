//! Writing a package (ECMA-376 Part 2), independent of the document format: PPTX, DOCX and the
//! workbooks embedded in charts use it.
//!
//! - `xml`: the XML writer every part is written with (Office's escaping, pretty or compact).
//! - `rels`: relationship types and one `Rels` per source part; `Rels::add` assigns the
//!   `RelId`s writers put in `r:id` attributes.
//! - `content_types`: `[Content_Types].xml` from `Default`s and each part's declared type.
//! - `core_props`: `docProps/core.xml` from the input's title, author, language and date.
//! - `media`: media parts by content hash, one part per distinct image.
//! - `package`: the package as data (parts, their relationships, content types) and its
//!   zip entries in order.
//! - `zip`: the deterministic zip writer (fixed timestamps and order, any number of threads).

pub mod content_types;
pub mod core_props;
pub mod media;
pub mod package;
pub mod rels;
pub mod xml;
pub mod zip;
