//! The laid-out chart ([`ChartBox`]): the types live in `specrender-model` (`chart`),
//! re-exported here for the chart module that makes them.

pub use specrender_model::chart::*;
