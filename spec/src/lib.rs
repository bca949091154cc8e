//! specrender-spec: SlideSpec v1 / DocSpec v1 as typed Rust; validation with JSON Pointers.
pub mod deck;
