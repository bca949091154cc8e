//! The rectangle and inset types every laid box is measured in (integer EMU).

use serde::Serialize;
use specrender_spec::resolve::MAX_COORDINATE;
use specrender_spec::units::Emu;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Rect {
    pub x: Emu,
    pub y: Emu,
    pub w: Emu,
    pub h: Emu,
}

impl Rect {
    /// The same size with its offset moved into what OOXML's `ST_Coordinate` stores
    /// (±[`MAX_COORDINATE`]). Boxes are clamped when resolved; a frame placed inside one (a
    /// letterboxed picture, a divider across its middle) is clamped again with this, so every
    /// written `a:off` is valid.
    pub fn in_coordinates(self) -> Rect {
        Rect {
            x: self.x.clamp(-MAX_COORDINATE, MAX_COORDINATE),
            y: self.y.clamp(-MAX_COORDINATE, MAX_COORDINATE),
            ..self
        }
    }
    pub fn right(&self) -> Emu {
        self.x + self.w
    }
    pub fn bottom(&self) -> Emu {
        self.y + self.h
    }
    pub fn area(&self) -> i128 {
        self.w.max(0) as i128 * self.h.max(0) as i128
    }
    pub fn intersection(&self, o: &Rect) -> Option<Rect> {
        let x = self.x.max(o.x);
        let y = self.y.max(o.y);
        let r = self.right().min(o.right());
        let b = self.bottom().min(o.bottom());
        (r > x && b > y).then_some(Rect {
            x,
            y,
            w: r - x,
            h: b - y,
        })
    }
    pub fn contains(&self, o: &Rect) -> bool {
        o.x >= self.x && o.y >= self.y && o.right() <= self.right() && o.bottom() <= self.bottom()
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Insets {
    pub l: Emu,
    pub t: Emu,
    pub r: Emu,
    pub b: Emu,
}
