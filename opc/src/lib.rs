//! specrender-opc: the package level of OOXML (ECMA-376 Part 2, Open Packaging Conventions).
//!
//! [`read`]: an untrusted package (a customer's .pptx / .potx template) opened under
//! [`Limits`] — file size, part count, bytes per part and in all, no DTDs — with its content
//! types and relationships resolved to part names, never by assumed part names. Every error
//! names the part it is about.
//!
//! [`write`](mod@write): a package as data (parts, relationships, content types, media by content hash)
//! and the deterministic zip writer, which the PPTX, DOCX and XLSX writers share.
//!
//! [`xml`]: the safe XML reading helpers the reader and the template reader use (the XML
//! *writer* is [`write::xml`]).

pub mod read;
pub mod write;
pub mod xml;

pub use read::{Limits, Package, PackageError, Rel};
