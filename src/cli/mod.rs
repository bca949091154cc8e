//! The `specrender` binary's commands, one module per concern; the flags are in `main.rs`.

pub(crate) mod commands;
pub(crate) mod out;
pub(crate) mod prepare;
pub(crate) mod preview;
pub(crate) mod run;
