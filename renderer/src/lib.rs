//! specrender-renderer: &LaidDeck -> PPTX bytes.
//! SKELETON: signatures are the contract; bodies to be implemented.
use specrender_layout::model::LaidDeck;

#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    #[error("zip: {0}")]
    Zip(String),
}

/// Write the deck as a PPTX package (deterministic bytes).
pub fn pptx(laid: &LaidDeck) -> Result<Vec<u8>, RenderError> {
    let _ = laid;
    todo!()
}
