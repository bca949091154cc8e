//! specrender-layout: Deck -> LaidDeck.
pub mod model;
