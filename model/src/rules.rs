//! The few thresholds both the side that decides (layout) and the side that judges (QC) read:
//! one value each, so what layout aims for is what QC checks.

use specrender_spec::units::Cpt;

/// WCAG 2's minimum contrast for body text (AA): what QC's `low_contrast` asks of text, and
/// what layout's `frame::legible` gives the colours specrender chooses itself.
pub const MIN_CONTRAST: f64 = 4.5;
/// WCAG 2's minimum for large text (18 pt, or 14 pt bold).
pub const MIN_CONTRAST_LARGE: f64 = 3.0;
/// Titles never shrink below 20 pt (docs/concepts/fit-policy.md, step 1): the floor layout's
/// fit policy keeps and QC checks titles against.
pub const TITLE_FLOOR: Cpt = 2000;
