//! The text engine, shared by every place text is laid out (slide text boxes now; table
//! cells and the DOCX flow as they arrive). Stages, one module each:
//!
//! 1. [`mod@prepare`]: segment a paragraph by script and font, find its break opportunities under
//!    both viewers' rules, shape each piece once at 1 pt ([`Prepared`]);
//! 2. [`linebreak`]: where a line may end (UAX #14 tailored with [`kinsoku`] and LibreOffice's
//!    rules) and greedy filling of lines at a size and width;
//! 3. [`grid`]: LibreOffice's 600 dpi pixel grid, which makes lines wider than nominal;
//! 4. [`height`]: line pitch, paragraph spacing and the safety margin — how tall the lines are.
//!
//! Nothing here knows about slides, slots or the fit policy: callers ask "how many lines, how
//! tall, at this size in this width" as often as they like (answers are remembered).

pub mod glyphs;
pub mod grid;
pub mod height;
pub mod kinsoku;
pub mod linebreak;
pub mod prepare;
mod unmetered;

pub use prepare::{grapheme_count, prepare, Prepared};

use specrender_fonts::{LineMetrics, SlotFaces};
use std::sync::Arc;

/// `s` as a shared string, one per distinct value on this thread: a job names a handful of
/// font families and languages, and every laid paragraph (a table has one per cell) keeps
/// them, so each is allocated once instead of per paragraph and run.
pub fn shared(s: &str) -> Arc<str> {
    thread_local! {
        static NAMES: std::cell::RefCell<Vec<Arc<str>>> = const { std::cell::RefCell::new(Vec::new()) };
    }
    NAMES.with_borrow_mut(|names| {
        if let Some(n) = names.iter().find(|n| ***n == *s) {
            return n.clone();
        }
        let n: Arc<str> = s.into();
        // A bound, so that no input can make it grow with its size: past it, new names are
        // allocated as they come (the same strings, only not shared).
        if names.len() < 64 {
            names.push(n.clone());
        }
        n
    })
}

/// The fonts a text box asks for (family names as written into the file) and the faces that
/// measure them.
#[derive(Debug, Clone, PartialEq)]
pub struct TextFonts {
    pub latin: Arc<str>,
    pub ea: Arc<str>,
    pub cs: Arc<str>,
    pub faces: SlotFaces,
    pub bold: bool,
    /// What sizes a line of each slot's text in a document (`doc::flow::line_heights`).
    pub lines: SlotLines,
}

/// The vertical metrics of the font a run of each slot *names*
/// (`FontBook::named_line_metrics`), which size its line even where a fallback face draws its
/// characters (Writer; Word with the named font installed). `None`: the named family is
/// unknown here (a stand-in or a substitute measures it) and the face that draws sizes the
/// line. Complex-script runs are always sized by the face that draws.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct SlotLines {
    pub latin: Option<LineMetrics>,
    pub ea: Option<LineMetrics>,
    /// The space advance (em) of the East Asian font named, where it is known only by name
    /// (`FontBook::named_space_em`): Writer sets an East Asian run's spaces in it.
    pub ea_space: Option<f64>,
}
