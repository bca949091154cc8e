//! What layout noticed and what it did, as data ([`Finding`]s and [`Fix`]es): the types live
//! in `specrender-model` (`findings`), re-exported here; QC owns the wording.

pub use specrender_model::findings::*;
