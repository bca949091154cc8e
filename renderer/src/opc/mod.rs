//! Open Packaging Conventions: the XML writer, relationship parts, `[Content_Types].xml` and
//! the zip packager.

pub(crate) mod content_types;
pub(crate) mod rels;
pub(crate) mod xml;
pub(crate) mod zip;
