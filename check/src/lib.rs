//! specrender-check: QC for a deck specrender did not make (`specrender check FILE.pptx`,
//! docs/guide/check.md). The file is untrusted input: it is opened as a package under the template
//! reader's [`Limits`] (sizes, entry counts, no DTDs, no parts outside the package) and every
//! error names the part it is about.
//!
//! Stages, one module each:
//! 1. [`read`]: each slide's, layout's and master's shape tree as the file writes it
//!    (geometry through group transforms, text bodies, tables, `p:txStyles`);
//! 2. [`resolve`]: each text-bearing shape's text resolved the way PowerPoint inherits it —
//!    run → paragraph → the shape's list styles → the layout's and the master's placeholder →
//!    the master's text styles → the presentation's default text style → the theme (fonts by
//!    script, `+mj-lt` / `+mn-ea` references);
//! 3. [`measure`]: the resolved paragraphs through the shared text engine (`specrender-layout`
//!    `text`: the same pieces, line breaker and viewer rules our own QC uses), with
//!    `normAutofit` (`fontScale`, `lnSpcReduction`) and `spAutoFit` applied;
//! 4. [`findings`]: `overflow`, `table_overflow`, `out_of_bounds`, `overlap`, `min_font`,
//!    `font_fallback`, `placeholder_prompt`, `empty_placeholder`, `not_measured`, as a
//!    [`QcReport`] in the `qc` command's format, each keyed by slide number, shape id and
//!    name and `a16:creationId` (docs/guide/check.md);
//! 5. [`access`]: accessibility — `missing_alt_text`, `missing_slide_title`, `table_no_header`
//!    (PowerPoint's Accessibility Checker's errors: medium), `duplicate_slide_title`,
//!    `unclear_link_text`, `reading_order`, `missing_language` (its warnings: low).
//!
//! Work is bounded by the layout's work budget (`specrender_layout::work`): a file whose text
//! would take more is refused ([`CheckError::OverBudget`]).

pub mod access;
pub mod doc;
pub mod findings;
pub mod measure;
pub mod read;
pub mod resolve;

use specrender_fonts::FontBook;
use specrender_opc::{Limits, Package, PackageError};
use specrender_qc::QcReport;

/// Options of [`check`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckOptions {
    /// Package limits. Default: the template reader's ([`Limits::default`]).
    pub limits: Limits,
    /// Text below this size (centipoints) is `min_font`. Default: 1000 (10 pt).
    pub min_font: u32,
    /// Titles below this size (centipoints) are `min_font`. Default: 2000 (20 pt), as `qc`.
    pub min_title_font: u32,
    /// Work units the measuring may spend. Default: the layout's
    /// [`specrender_layout::work::DEFAULT_WORK_BUDGET`].
    pub work_budget: u64,
}

impl Default for CheckOptions {
    fn default() -> Self {
        CheckOptions {
            limits: Limits::default(),
            min_font: 1000,
            min_title_font: 2000,
            work_budget: specrender_layout::work::DEFAULT_WORK_BUDGET,
        }
    }
}

/// Why a file could not be checked: every one is invalid input (exit code 2).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CheckError {
    #[error(transparent)]
    Package(#[from] PackageError),
    #[error("not a presentation or Word document: {0}")]
    NotAPresentation(String),
    #[error("measuring the text takes more than the work budget ({budget} units); first passed on slide {slide}")]
    OverBudget { slide: usize, budget: u64 },
    #[error("measuring the text takes more than the work budget ({budget} units); first passed at body block {block}")]
    DocOverBudget { block: usize, budget: u64 },
}

impl CheckError {
    /// 2: the file cannot be used (docs/guide/cli.md, exit codes).
    pub fn exit_code(&self) -> i32 {
        2
    }

    /// The package part the error is about, when there is one.
    pub fn part(&self) -> Option<&str> {
        match self {
            CheckError::Package(p) => p.part(),
            _ => None,
        }
    }
}

/// The main part's content types a deck may have.
const DECK_TYPES: &[&str] = &[
    "presentation.main+xml",
    "template.main+xml",
    "slideshow.main+xml",
    "presentation.macroEnabled.main+xml",
    "template.macroEnabled.main+xml",
    "slideshow.macroEnabled.main+xml",
];

/// The main part's content types a Word document may have.
const DOC_TYPES: &[&str] = &[
    "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml",
    "application/vnd.openxmlformats-officedocument.wordprocessingml.template.main+xml",
    "application/vnd.ms-word.document.macroEnabled.main+xml",
    "application/vnd.ms-word.template.macroEnabledTemplate.main+xml",
];

/// Checks a .pptx / .potx / .ppsx or a .docx / .dotx (and their macro-enabled kinds) given
/// as bytes, told apart by the main part's content type: its findings as a QC report.
pub fn check(bytes: Vec<u8>, book: &FontBook, opts: &CheckOptions) -> Result<QcReport, CheckError> {
    let pkg = Package::open(bytes.clone(), opts.limits)?;
    let root = pkg.rels("")?;
    let main = root
        .iter()
        .find(|r| !r.external && r.is("officeDocument"))
        .ok_or_else(|| {
            CheckError::NotAPresentation("_rels/.rels names no officeDocument part".into())
        })?;
    let ct = pkg.content_type(&main.target).unwrap_or("");
    let is_deck = ct
        .strip_prefix("application/vnd.openxmlformats-officedocument.presentationml.")
        .or_else(|| ct.strip_prefix("application/vnd.ms-powerpoint."))
        .is_some_and(|t| DECK_TYPES.contains(&t));
    if DOC_TYPES.contains(&ct.trim()) {
        return doc::check(bytes, &pkg, &main.target, book, opts);
    }
    if !is_deck {
        return Err(CheckError::NotAPresentation(format!(
            "the main part {} is {}",
            main.target,
            if ct.is_empty() {
                "of no declared content type"
            } else {
                ct
            }
        )));
    }
    let deck = resolve::deck(&pkg, &main.target)?;
    let _counting = specrender_layout::work::counting(opts.work_budget);
    let measured = measure::deck(&deck, book, opts)?;
    Ok(findings::report(&deck, &measured, opts))
}
