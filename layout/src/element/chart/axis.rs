//! The category axis, measured: how wide each category label is at the label size (our fonts,
//! the same measurement as text boxes) against the room each category gets, and from that
//! which labels to show.
//!
//! The plot's width is estimated from the chart frame: the frame less [`FRAME_PAD`] on each
//! side, the value axis' widest label and [`TICK_GAP`], and the rotated value-axis title's
//! line when there is one (the viewers place these themselves; the estimate errs small).
//! Each category gets `plot / categories`; two neighbouring labels need [`label_gap`]
//! between them.
//!
//! - Ordered categories (dates, years, numbers...) are thinned: every n-th label, the
//!   smallest n at which the widest label and a gap fit in n categories' room. Crowded when
//!   even one label in two would not fit (the widest label is wider than half the plot).
//! - Nominal categories are never thinned (a bar without its name cannot be read); viewers
//!   wrap a long name, so a label may take two lines in its category's room. Crowded when
//!   one needs more (or has a word wider than the room).

use super::model::AxisFit;
use crate::text::Prepared;
use specrender_spec::units::{cpt_to_emu, Cpt, Emu, EMU_PER_INCH};

/// Room the chart frame keeps around the plot on each side: 0.1 in.
pub const FRAME_PAD: Emu = EMU_PER_INCH / 10;
/// Between the value axis' labels and the plot: 0.1 in.
pub const TICK_GAP: Emu = EMU_PER_INCH / 10;

/// Space two neighbouring labels need between them: half the label size.
pub fn label_gap(size: Cpt) -> Emu {
    cpt_to_emu(size) / 2
}

/// One line's width of a prepared label at `size` (EMU).
pub fn one_line_width(p: &Prepared, size: Cpt) -> Emu {
    let b = p.broken_at(size, i64::MAX / 4);
    b.lines.iter().map(|l| l.width).max().unwrap_or(0)
}

/// What the axis needs, in a frame `frame_w` wide.
pub struct AxisInput<'a> {
    pub labels: &'a [Prepared],
    pub ordered: bool,
    pub size: Cpt,
    /// Widest value-axis label (EMU).
    pub value_labels: Emu,
    /// Height of the value-axis title's line, 0 without one (EMU).
    pub value_title: Emu,
}

/// The estimated plot width in a frame `frame_w` wide.
pub fn plot_width(a: &AxisInput<'_>, frame_w: Emu) -> Emu {
    (frame_w - 2 * FRAME_PAD - a.value_labels - TICK_GAP - a.value_title).max(1)
}

/// The axis decision in a frame `frame_w` wide.
pub fn fit(a: &AxisInput<'_>, frame_w: Emu) -> AxisFit {
    let n = a.labels.len().max(1) as Emu;
    let plot = plot_width(a, frame_w);
    let slot = (plot / n).max(1);
    let gap = label_gap(a.size);
    let widest = a
        .labels
        .iter()
        .map(|p| one_line_width(p, a.size))
        .max()
        .unwrap_or(0);
    if a.ordered {
        let skip = ((widest + gap + slot - 1) / slot).clamp(1, n) as u32;
        let crowded = a.labels.len() > 1 && widest + gap > plot / 2;
        return AxisFit {
            widest_label: widest,
            slot,
            skip,
            crowded,
        };
    }
    let room = slot - gap;
    let crowded = a.labels.len() > 1
        && a.labels.iter().any(|p| {
            room <= 0 || {
                let b = p.broken_at(a.size, room);
                b.lines.len() > 2 || !b.broken_words.is_empty()
            }
        });
    AxisFit {
        widest_label: widest,
        slot,
        skip: 1,
        crowded,
    }
}
