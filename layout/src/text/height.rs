//! Heights: how tall text is once broken into lines — line pitch, paragraph spacing, and the
//! share of a box's inner height text may use (the safety margin). Shared by text boxes, and
//! by table cells and document pages as they arrive.

use super::linebreak::Broken;
use super::prepare::Prepared;
use specrender_spec::units::{cpt_to_emu, Cpt, Emu};

/// Space before every paragraph but the first, as a share of the size (per mille). The first
/// paragraph gets none: viewers differ on whether it applies at the top of a box.
pub const SPACE_BEFORE_PERMILLE: u32 = 300;

/// Line pitch factors (per mille of the size): 1.2 for Latin-only paragraphs, 1.3 (1.25–1.35
/// configurable) when the paragraph has CJK. Written as `a:lnSpc/a:spcPts`, so every viewer
/// uses this pitch; LibreOffice then needs exactly lines x pitch.
pub fn pitch(size: Cpt, cjk: bool, cjk_permille: u32) -> Cpt {
    let f = if cjk { cjk_permille } else { 1200 };
    (size * f + 500) / 1000
}

/// One paragraph at `size` in lines of `lw` EMU: its lines, line pitch, and the height they
/// take (lines x pitch, EMU). A box's need is the sum over its paragraphs plus the space
/// before each ([`space_before_at`]).
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

/// The safety margin (per mille of the inner height) text leaves free: 5% for Latin text, 8%
/// when any paragraph has CJK.
pub fn safety_permille(has_cjk: bool) -> u32 {
    if has_cjk {
        80
    } else {
        50
    }
}

/// What text may use of an inner height (box minus insets), and the safety margin kept free.
pub fn usable_height(inner: Emu, has_cjk: bool) -> (Emu, u32) {
    let s = safety_permille(has_cjk);
    (inner.max(0) * (1000 - s as Emu) / 1000, s)
}

/// The inner height text needing `needed` EMU asks for: the inverse of [`usable_height`],
/// rounded up.
pub fn inner_height_for(needed: Emu, has_cjk: bool) -> Emu {
    let s = safety_permille(has_cjk) as Emu;
    (needed * 1000 + (1000 - s) - 1) / (1000 - s)
}
