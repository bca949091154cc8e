//! qc
