//! specrender
