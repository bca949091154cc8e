//! The laid-out deck, as layout makes it: the types live in `specrender-model` and are
//! re-exported here under their old paths (issue 39 moves consumers to the model crate).

pub use specrender_model::chart::{
    AxisFit, ChartBox, ChartFonts, ChartKind, ChartSeriesBox, ChartSizes,
};
pub use specrender_model::deck::*;
pub use specrender_model::findings::{ChartDataProblem, Finding, Fix, FixAction, Location, Note};
pub use specrender_model::geom::{Insets, Rect};
pub use specrender_model::picture::ImageFormat;
pub use specrender_spec::deck::Crop;
