//! A picture as embedded: its format, bytes, stored pixel size and the turn that shows it
//! upright. Layout's `picture` module checks and prepares them; the writers embed them.

use std::sync::Arc;

/// How the stored bytes are embedded.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ImageFormat {
    Png,
    Jpeg,
}

/// The turn that shows a stored image upright (EXIF orientation), as DrawingML writes it:
/// mirror first, then rotate clockwise.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize)]
pub struct Orientation {
    /// Clockwise quarter turns, 0..=3.
    pub quarter_turns: u8,
    pub flip_h: bool,
}

impl Orientation {
    /// EXIF orientation 1..=8 (anything else: upright).
    pub fn from_exif(v: u16) -> Orientation {
        let (quarter_turns, flip_h) = match v {
            2 => (0, true),
            3 => (2, false),
            4 => (2, true),
            5 => (3, true),
            6 => (1, false),
            7 => (1, true),
            8 => (3, false),
            _ => (0, false),
        };
        Orientation {
            quarter_turns,
            flip_h,
        }
    }

    /// Does the turn swap width and height?
    pub fn swaps(self) -> bool {
        self.quarter_turns % 2 == 1
    }
}

/// An image ready to embed: its bytes, format, stored pixel size and upright turn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Image {
    pub format: ImageFormat,
    pub bytes: Arc<[u8]>,
    /// Pixel size as stored (before the orientation turn).
    pub width: u32,
    pub height: u32,
    pub orientation: Orientation,
    /// The format it was converted from (`gif`, `webp`...), if it was.
    pub converted_from: Option<&'static str>,
}

impl Image {
    /// Pixel size as shown (after the orientation turn).
    pub fn shown_size(&self) -> (u32, u32) {
        if self.orientation.swaps() {
            (self.height, self.width)
        } else {
            (self.width, self.height)
        }
    }
}
