//! The laid-out document, as layout makes it: the types live in `specrender-model` (`doc`) and
//! are re-exported here under their old paths (issue 39 moves consumers to the model crate).

pub use specrender_model::doc::*;
