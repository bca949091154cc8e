//! specrender-template: a customer's .pptx / .potx read at the package level into a
//! [`Template`] value — slide size, masters (placeholders, decorations, text styles, colour
//! map), every layout (name, type, placeholders with geometry resolved through the master),
//! the theme's colours and fonts — plus which layout each SlideSpec `layout_id` maps to
//! ([`map`]). Untrusted input: the package is read under [`Limits`] (see `specrender-opc`);
//! every error names the part it is about.
//!
//! Stages: `read` (package -> model), [`map`] (layout ids -> layouts), [`report`] (the
//! `template inspect` JSON and text).

pub mod carry;
pub mod docx;
pub mod geom;
pub mod map;
pub mod model;
pub mod paint;
pub mod policy;
mod read;
pub mod report;
pub mod themes;

pub use carry::Carried;
pub use docx::{DocRole, DocStyle, DocTemplate};
pub use map::{map_all, map_layout, Mapping, LAYOUT_IDS};
pub use model::*;
pub use paint::{Blip, BlipTile, BulletColor, Color, ColorBase, Fill, Paint};
pub use policy::{DropKind, Dropped};
pub use read::read_theme;
pub use specrender_opc::read::{part_key, resolve as resolve_target};
pub use specrender_opc::{Limits, PackageError};

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TemplateError {
    #[error(transparent)]
    Package(#[from] PackageError),
    #[error("not a presentation or presentation template: {0}")]
    NotAPresentation(String),
    #[error("not a Word document or template: {0}")]
    NotADocument(String),
}

impl TemplateError {
    /// The package part the error is about, when there is one.
    pub fn part(&self) -> Option<&str> {
        match self {
            TemplateError::Package(p) => p.part(),
            TemplateError::NotAPresentation(_) | TemplateError::NotADocument(_) => None,
        }
    }
}

/// A template of either kind, as `--template FILE` names it: a presentation (.pptx / .potx)
/// for decks, a Word document or template (.docx / .dotx) for documents.
#[derive(Debug, Clone)]
pub enum AnyTemplate {
    Deck(std::sync::Arc<Template>),
    Doc(std::sync::Arc<DocTemplate>),
}

impl AnyTemplate {
    /// Parses a template of either kind, told apart by its main part's content type.
    pub fn from_bytes(bytes: Vec<u8>) -> Result<AnyTemplate, TemplateError> {
        match Template::from_bytes(bytes.clone()) {
            Ok(t) => Ok(AnyTemplate::Deck(std::sync::Arc::new(t))),
            Err(TemplateError::NotAPresentation(m)) => match DocTemplate::from_bytes(bytes) {
                Ok(t) => Ok(AnyTemplate::Doc(std::sync::Arc::new(t))),
                Err(TemplateError::NotADocument(_)) => Err(TemplateError::NotAPresentation(
                    format!("{m} (nor a Word document or template)"),
                )),
                Err(e) => Err(e),
            },
            Err(e) => Err(e),
        }
    }

    /// `pptx`, `potx`, `docx`, `dotx`, ...
    pub fn kind(&self) -> &str {
        match self {
            AnyTemplate::Deck(t) => &t.kind,
            AnyTemplate::Doc(t) => &t.kind,
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
