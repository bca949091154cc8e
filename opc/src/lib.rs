//! specrender-opc: the package level of OOXML (ECMA-376 Part 2, Open Packaging Conventions).
//!
//! [`read`]: an untrusted package (a customer's .pptx / .potx template) opened under
//! [`Limits`] — file size, part count, bytes per part and in all, no DTDs — with its content
//! types and relationships resolved to part names, never by assumed part names. Every error
//! names the part it is about.
//!
//! The writer side (parts, relationships, content types, the deterministic zip) still lives in
//! `renderer/src/opc/`; it moves here next, so both directions share one model of a package.

pub mod read;
pub mod xml;

pub use read::{Limits, Package, PackageError, Rel};
