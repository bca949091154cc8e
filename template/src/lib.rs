//! specrender-template: a customer's .pptx / .potx read at the package level into a
//! [`Template`] value — slide size, masters (placeholders, decorations, text styles, colour
//! map), every layout (name, type, placeholders with geometry resolved through the master),
//! the theme's colours and fonts — plus which layout each SlideSpec `layout_id` maps to
//! ([`map`]). Untrusted input: the package is read under [`Limits`] (see `specrender-opc`);
//! every error names the part it is about.
//!
//! Stages: [`read`] (package -> model), [`map`] (layout ids -> layouts), [`report`] (the
//! `template inspect` JSON and text).

pub mod carry;
pub mod map;
pub mod model;
pub mod paint;
mod read;
pub mod report;
pub mod themes;

pub use carry::Carried;
pub use map::{map_all, map_layout, Mapping, LAYOUT_IDS};
pub use model::*;
pub use paint::{contrast, delta_e, Color, ColorBase, Fill, Paint};
pub use specrender_opc::{Limits, PackageError};

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TemplateError {
    #[error(transparent)]
    Package(#[from] PackageError),
    #[error("not a presentation or presentation template: {0}")]
    NotAPresentation(String),
}

impl TemplateError {
    /// The package part the error is about, when there is one.
    pub fn part(&self) -> Option<&str> {
        match self {
            TemplateError::Package(p) => p.part(),
            TemplateError::NotAPresentation(_) => None,
        }
    }
}

impl Template {
    /// Parses a .pptx / .potx / .ppsx from its bytes, under the default limits.
    pub fn from_bytes(bytes: Vec<u8>) -> Result<Template, TemplateError> {
        read::read(bytes, Limits::default())
    }

    /// Parses under explicit limits.
    pub fn from_bytes_with(bytes: Vec<u8>, limits: Limits) -> Result<Template, TemplateError> {
        read::read(bytes, limits)
    }
}
