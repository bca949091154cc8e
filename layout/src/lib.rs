//! specrender-layout: `Deck` -> `LaidDeck`, `Doc` -> `LaidDoc`. Every number the writers and
//! QC use is decided here; the result is plain data (the `specrender-model` types) they read
//! without measuring again.
//!
//! Where things are:
//! - [`slide`]: one input slide through the stages `assign` -> `build` -> `policy` (the fit
//!   steps of docs/concepts/fit-policy.md, with `stack` and `split`) -> `finalize`;
//! - [`element`]: one module per element kind, each implementing [`element::Fit`] (what the
//!   fit policy asks of an element); [`shrink`]: the 0.5 pt size search they share;
//! - [`text`]: the text engine (prepare, line breaking, LibreOffice's pixel grid, heights),
//!   shared by text boxes and, as they arrive, table cells and document pages;
//! - [`preset`] (slot geometry, the one source of it, also for the writer's slide layouts),
//!   [`style`] (fonts, sizes, colours and floors per slot);
//! - [`model`] (the laid deck) and [`findings`] (what layout noticed and did, as data; QC
//!   writes the words): the types live in `specrender-model`, which consumers read, and are
//!   re-exported here under these paths (as is `doc::model`, the laid document); [`boxes`]
//!   (the `--layout` JSON);
//! - `ctx` (one job's state) and `jobs` (slides on one or several threads).

pub mod boxes;
mod ctx;
pub mod doc;
pub mod element;
pub mod embed;
pub mod findings;
pub mod frame;
mod jobs;
pub mod model;
pub mod picture;
pub mod preset;
pub mod shrink;
pub mod slide;
/// The template model layout reads a frame from (re-exported for QC and the writer).
pub use specrender_template as template;
pub mod style;
pub mod text;
pub mod work;

pub use boxes::{boxes_json, LayoutJson};
pub use ctx::{Ctx, DeckFonts};
pub use style::TITLE_FLOOR;

use model::{Autofit, LaidDeck};
use specrender_fonts::FontBook;
use specrender_spec::deck::Deck;

/// Options for [`layout`].
#[derive(Debug, Clone)]
pub struct LayoutOptions {
    /// Default: `Autofit::Shrink` (`a:normAutofit`).
    pub autofit: Autofit,
    /// Append the fixes log to speaker notes. Default: true.
    pub fixes_in_notes: bool,
    /// Line pitch of paragraphs with CJK, per mille of the size (1250–1350). Default: 1300.
    pub cjk_line_permille: u32,
    /// A slide-number field in the footer band of content layouts (`one_column`,
    /// `two_column`, `chart_focus`, `table_focus`, `quote_center`). Default: true.
    pub slide_numbers: bool,
    /// Threads laying out slides (each with its own width cache). The laid deck is the same
    /// whatever the number. Default: 1.
    pub threads: usize,
    /// Lay the deck out on a customer template (`--template`): its placeholders first, its
    /// size, fonts and styles ([`frame::from_template`]), as read: layout brands it with the
    /// deck's tokens and takes its theme where the deck set none ([`frame::on_template`]).
    /// Default: `None` (the built-in look's package, `default`).
    pub template: Option<std::sync::Arc<specrender_template::Template>>,
    /// The deck asked for a template (`theme.template_ref.template_id`) that is no built-in
    /// look and that the templates folder does not have, or that no folder was given to look
    /// up: reported (QC medium `unknown_template`) and the built-in look used. Default: `None`.
    pub unknown_template: Option<String>,
    /// Template ids were looked up in a templates folder (`--templates`): what
    /// `unknown_template` says. Default: false.
    pub templates_folder: bool,
    /// Work units the job may spend ([`work`]); [`try_layout`] refuses a deck that needs
    /// more. Default: [`work::DEFAULT_WORK_BUDGET`].
    pub work_budget: u64,
}

impl Default for LayoutOptions {
    fn default() -> Self {
        LayoutOptions {
            autofit: Autofit::Shrink,
            fixes_in_notes: true,
            cjk_line_permille: 1300,
            slide_numbers: true,
            threads: 1,
            template: None,
            unknown_template: None,
            templates_folder: false,
            work_budget: work::DEFAULT_WORK_BUDGET,
        }
    }
}

/// Lay out a deck: slots, measurement, line breaking, fit policy, continuation slides.
///
/// With [`LayoutOptions::threads`] above 1, input slides are laid out on that many threads and
/// their results put back in slide order; the laid deck is the same whatever the number.
///
/// Every deck is laid out on a template: `opts.template`, else the built-in look's package for
/// the deck's slide size ([`specrender_template::themes::default_for`]), put on the same way
/// a customer's is ([`frame::on_template`]): one mechanism for both (issue 20).
///
/// No work budget: for callers that trust their input (benches, tests); a service laying out
/// what others send uses [`try_layout`].
pub fn layout(deck: &Deck, fonts: &FontBook, opts: &LayoutOptions) -> LaidDeck {
    let opts = LayoutOptions {
        work_budget: u64::MAX,
        ..opts.clone()
    };
    match try_layout(deck, fonts, &opts) {
        Ok(laid) => laid,
        Err(_) => unreachable!("no budget to pass"),
    }
}

/// [`layout`] within [`LayoutOptions::work_budget`]: a deck that needs more work is refused
/// (where the running total of its slides' work, in slide order, passed the budget), with
/// the same answer on any number of threads.
pub fn try_layout(
    deck: &Deck,
    fonts: &FontBook,
    opts: &LayoutOptions,
) -> Result<LaidDeck, work::OverBudget> {
    jobs::layout(deck, fonts, opts)
}
