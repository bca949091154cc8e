//! renderer
