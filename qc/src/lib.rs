//! specrender-qc: &LaidDeck -> QcReport. Pure: no fonts, no I/O.
//! SKELETON: signatures are the contract; bodies to be implemented.
use specrender_layout::model::LaidDeck;

#[derive(Debug, Clone, serde::Serialize)]
pub struct QcReport {
    pub pass: bool,
}

pub fn check(laid: &LaidDeck) -> QcReport {
    let _ = laid;
    todo!()
}
