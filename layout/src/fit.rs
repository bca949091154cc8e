//! Fitting one text box: measure at a size, and the fit policy's per-box steps
//! (1: shrink in 0.5 pt steps down to the floor; 2: reduce paragraph spacing).

use crate::linebreak::Broken;
use crate::measure::Prepared;
use crate::style::{Style, BULLET_MARGIN, INSETS};
use specrender_spec::deck::{Cpt, Emu};

/// Shrink step: 0.5 pt.
pub const STEP: Cpt = 50;
/// Space before every paragraph but the first, as a share of the size (per mille). The first
/// paragraph gets none: viewers differ on whether it applies at the top of a box.
pub const SPACE_BEFORE_PERMILLE: u32 = 300;

#[derive(Debug, Clone)]
pub struct TextItem {
    pub style: Style,
    pub bullets: bool,
    pub paras: Vec<Prepared>,
    pub allow_shrink: bool,
    pub priority: u8,
    /// Current size (centipoints).
    pub size: Cpt,
    /// Paragraph spacing still on (fit policy step 2 turns it off).
    pub spacing: bool,
}

/// Sizes from `from` down to `to` in 0.5 pt steps, `to` always last.
pub fn size_steps(from: Cpt, to: Cpt) -> Vec<Cpt> {
    let mut v = Vec::new();
    let mut s = from;
    while s > to {
        v.push(s);
        s = s.saturating_sub(STEP);
    }
    v.push(to.min(from));
    v
}

/// The first (largest) of `sizes` (descending) at which `fits` holds, found by binary search:
/// the same size a scan from the top finds, because fitting is monotone in the size. At a
/// smaller size every piece is narrower by the same factor (widths scale linearly; IEEE
/// multiplication and addition are monotone), so greedy filling — a line takes a piece
/// whenever the line so far plus the piece fits — never needs more lines (a shorter run of
/// pieces always fits where a longer one did; a word broken by grapheme needs no more lines
/// either); Korean counts the larger of two such fillings; pitch and paragraph spacing grow
/// with the size while the usable height does not depend on it. `tests/monotone.rs` checks
/// the line counts on generated decks.
pub fn largest_fitting(sizes: &[Cpt], mut fits: impl FnMut(Cpt) -> bool) -> Option<Cpt> {
    sizes.get(sizes.partition_point(|&s| !fits(s))).copied()
}

/// A text item measured at one size in one rectangle.
#[derive(Debug, Clone)]
pub struct Measured {
    pub breaks: Vec<Broken>,
    pub pitches: Vec<Cpt>,
    pub space_before: Vec<Cpt>,
    pub needed: Emu,
    pub usable: Emu,
    pub safety_permille: u32,
}

impl Measured {
    pub fn fits(&self) -> bool {
        self.needed <= self.usable
    }
}

/// Line pitch factors (per mille of the size): 1.2 for Latin-only paragraphs, 1.3 (1.25–1.35
/// configurable) when the paragraph has CJK. Written as `a:lnSpc/a:spcPts`, so every viewer
/// uses this pitch; LibreOffice then needs exactly lines x pitch.
pub fn pitch(size: Cpt, cjk: bool, cjk_permille: u32) -> Cpt {
    let f = if cjk { cjk_permille } else { 1200 };
    (size * f + 500) / 1000
}

pub fn cpt_to_emu(c: Cpt) -> Emu {
    c as Emu * 127
}

/// One paragraph at `size` in lines of `lw` EMU: its lines, line pitch, and the height they
/// take (lines x pitch, EMU). A box's need is the sum over its paragraphs plus the space
/// before each ([`space_before_at`]); [`TextItem::measure`] and the split packer both add
/// it up from here.
pub fn paragraph_height(p: &Prepared, size: Cpt, lw: Emu, cjk_permille: u32) -> (Broken, Cpt, Emu) {
    let b = p.broken_at(size, lw);
    let pt = pitch(size, p.has_cjk, cjk_permille);
    let height = b.lines.len() as Emu * cpt_to_emu(pt);
    (b, pt, height)
}

/// The height part of [`paragraph_height`] (lines x pitch, EMU), from the paragraph's
/// remembered line counts: for questions that need no lines, only whether text fits.
pub fn paragraph_needed(p: &Prepared, size: Cpt, lw: Emu, cjk_permille: u32) -> Emu {
    p.line_count(size, lw) as Emu * cpt_to_emu(pitch(size, p.has_cjk, cjk_permille))
}

/// Space before paragraph `i` of a box (none before the first, none with spacing off).
pub fn space_before_at(i: usize, size: Cpt, spacing: bool) -> Cpt {
    if i > 0 && spacing {
        (size * SPACE_BEFORE_PERMILLE + 500) / 1000
    } else {
        0
    }
}

/// What the text of a box of height `h` may use, and the safety margin (per mille) kept free:
/// 5% for Latin text, 8% when any paragraph has CJK.
pub fn usable_height(h: Emu, has_cjk: bool) -> (Emu, u32) {
    let safety_permille = if has_cjk { 80 } else { 50 };
    let inner = (h - INSETS.t - INSETS.b).max(0);
    (
        inner * (1000 - safety_permille as Emu) / 1000,
        safety_permille,
    )
}

impl TextItem {
    pub fn has_cjk(&self) -> bool {
        self.paras.iter().any(|p| p.has_cjk)
    }

    /// Width available to the text of each line.
    pub fn line_width(&self, box_w: Emu) -> Emu {
        box_w - INSETS.l - INSETS.r - if self.bullets { BULLET_MARGIN } else { 0 }
    }

    pub fn measure(&self, size: Cpt, spacing: bool, w: Emu, h: Emu, cjk_permille: u32) -> Measured {
        let lw = self.line_width(w).max(1);
        let mut breaks = Vec::with_capacity(self.paras.len());
        let mut pitches = Vec::with_capacity(self.paras.len());
        let mut space_before = Vec::with_capacity(self.paras.len());
        let mut needed: Emu = 0;
        for (i, p) in self.paras.iter().enumerate() {
            let (b, pt, height) = paragraph_height(p, size, lw, cjk_permille);
            let sb = space_before_at(i, size, spacing);
            needed += height + cpt_to_emu(sb);
            breaks.push(b);
            pitches.push(pt);
            space_before.push(sb);
        }
        let (usable, safety_permille) = usable_height(h, self.has_cjk());
        Measured {
            breaks,
            pitches,
            space_before,
            needed,
            usable,
            safety_permille,
        }
    }

    /// [`Measured::needed`] of [`TextItem::measure`], from the paragraphs' remembered line
    /// counts (no lines built).
    pub fn needed(&self, size: Cpt, spacing: bool, w: Emu, cjk_permille: u32) -> Emu {
        let lw = self.line_width(w).max(1);
        self.paras
            .iter()
            .enumerate()
            .map(|(i, p)| {
                paragraph_needed(p, size, lw, cjk_permille)
                    + cpt_to_emu(space_before_at(i, size, spacing))
            })
            .sum()
    }

    /// [`Measured::fits`] of [`TextItem::measure`], without building the lines.
    pub fn fits(&self, size: Cpt, spacing: bool, w: Emu, h: Emu, cjk_permille: u32) -> bool {
        self.needed(size, spacing, w, cjk_permille) <= usable_height(h, self.has_cjk()).0
    }

    /// Height a box of width `w` needs for this text at `size` (insets and safety included).
    pub fn needed_box_height(&self, size: Cpt, spacing: bool, w: Emu, cjk_permille: u32) -> Emu {
        let needed = self.needed(size, spacing, w, cjk_permille);
        let s = usable_height(0, self.has_cjk()).1 as Emu;
        (needed * 1000 + (1000 - s) - 1) / (1000 - s) + INSETS.t + INSETS.b
    }

    /// Steps 1 and 2 for a box alone in its rectangle: the largest size (0.5 pt steps, not
    /// below the floor) that fits; if none fits, paragraph spacing off and search again;
    /// if still none, the floor. Returns (shrunk, spacing_reduced).
    pub fn fit_alone(&mut self, w: Emu, h: Emu, cjk_permille: u32) -> (bool, bool) {
        let start = self.size;
        if self.fits(start, self.spacing, w, h, cjk_permille) {
            return (false, false);
        }
        let floor = if self.allow_shrink {
            self.style.min.min(start)
        } else {
            start
        };
        let sizes = size_steps(start, floor);
        let can_reduce = self.spacing && self.paras.len() > 1;
        for spacing in [self.spacing, false] {
            if !spacing && !can_reduce && self.spacing {
                break;
            }
            if let Some(s) = largest_fitting(&sizes, |s| self.fits(s, spacing, w, h, cjk_permille))
            {
                let reduced = self.spacing && !spacing;
                self.size = s;
                self.spacing = spacing;
                return (s != start, reduced);
            }
            if !self.spacing {
                break;
            }
        }
        self.size = floor;
        if can_reduce {
            self.spacing = false;
        }
        (floor != start, can_reduce)
    }

    /// Characters (grapheme clusters) of the lines that fit in `usable` height.
    pub fn capacity_chars(&self, m: &Measured) -> u32 {
        let mut used: Emu = 0;
        let mut chars = 0u32;
        for (i, (p, b)) in self.paras.iter().zip(&m.breaks).enumerate() {
            used += cpt_to_emu(m.space_before[i]);
            for line in &b.lines {
                used += cpt_to_emu(m.pitches[i]);
                if used > m.usable {
                    return chars;
                }
                chars += crate::measure::grapheme_count(&p.text[line.start..line.end]);
            }
        }
        chars
    }

    pub fn total_chars(&self) -> u32 {
        self.paras.iter().map(|p| p.chars).sum()
    }
}
