//! Text as layout placed it for drawing: every glyph of every line with its face, glyph id,
//! position and the byte range of the source text it came from. Layout's glyph placement
//! (`specrender_layout::text::glyphs`) fills [`crate::Paragraph::glyphs`]; the preview (and
//! next the PDF) draws from it and shapes nothing again.

use std::sync::Arc;

use specrender_fonts::FaceId;

/// One glyph of a line, placed: `x` (EMU) from the line's start, offsets in font units
/// (16 bits: a font's units per em are at most 16,384, [`PlacedGlyph::offset`]). 24 bytes: a
/// document's pages hold every glyph of it at once (the 2,000-block document ~700,000).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PlacedGlyph {
    pub face: FaceId,
    pub id: u16,
    pub x: f64,
    pub dx: i16,
    pub dy: i16,
    /// Byte offset in the paragraph's text of the cluster this glyph draws (its source text
    /// runs to the next cluster's offset: see [`LineGlyphs::source`]).
    pub cluster: u32,
}

impl PlacedGlyph {
    /// A shaper's offset (font units) as kept: within 16 bits, saturating (an offset past
    /// them is past any em: no face has one).
    pub fn offset(v: i32) -> i16 {
        v.clamp(i32::from(i16::MIN), i32::from(i16::MAX)) as i16
    }
}

/// A line's glyphs in drawing order (left to right) and its widths (EMU, visible text).
#[derive(Debug, Clone, PartialEq)]
pub struct LineGlyphs {
    pub glyphs: Vec<PlacedGlyph>,
    /// The width as drawn: 600 dpi grid advances and autospaces (LibreOffice's measure).
    pub width: f64,
    /// Unrounded advances x size and nominal autospaces (PowerPoint's measure).
    pub nominal: f64,
    /// The sum over glyphs of the wider of the two. Layout's `Line.width` takes, per word, the
    /// wider of the grid and the nominal measure, so it lies between `max(width, nominal)`
    /// and this.
    pub upper: f64,
    /// The line's byte range in the paragraph's text.
    pub start: usize,
    pub end: usize,
}

impl LineGlyphs {
    /// The byte range of the paragraph's text that glyph `i` draws: from its cluster to the
    /// next larger cluster of the line (or the line's end). Ligatures share one range; a
    /// cluster of several glyphs gives each the whole range.
    pub fn source(&self, i: usize) -> std::ops::Range<usize> {
        let start = self.glyphs[i].cluster as usize;
        let end = self
            .glyphs
            .iter()
            .map(|g| g.cluster as usize)
            .filter(|&c| c > start)
            .min()
            .unwrap_or(self.end);
        start..end
    }
}

/// A bullet as drawn: its face and its glyphs as shaped, in font units (glyph id, advance,
/// x and y offsets): placed from the bullet's origin, one after another.
#[derive(Debug, Clone, PartialEq)]
pub struct BulletGlyphs {
    pub face: FaceId,
    pub glyphs: Vec<(u16, i32, i32, i32)>,
}

/// A paragraph's glyphs, placed once for every consumer that draws.
#[derive(Debug, Clone, PartialEq)]
pub struct ParaGlyphs {
    /// The size (centipoints) and weight they were placed at (the box's).
    pub size: specrender_spec::units::Cpt,
    pub bold: bool,
    pub bullet: Option<BulletGlyphs>,
    /// One per [`crate::Paragraph::lines`] entry, in order.
    pub lines: Vec<LineGlyphs>,
}

/// What a paragraph holds of its placed glyphs: nothing until placement ran (a PPTX or DOCX
/// needs none).
pub type Placed = Option<Arc<ParaGlyphs>>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_placed_glyph_takes_24_bytes() {
        assert_eq!(std::mem::size_of::<PlacedGlyph>(), 24);
    }

    #[test]
    fn offsets_saturate_to_16_bits() {
        assert_eq!(PlacedGlyph::offset(-120), -120);
        assert_eq!(PlacedGlyph::offset(40_000), i16::MAX);
        assert_eq!(PlacedGlyph::offset(-40_000), i16::MIN);
    }
}
