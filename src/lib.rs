//! specrender: SlideSpec / DocSpec JSON to a fitted, editable PPTX plus a QC report.
//!
//! This crate is the facade over the stage crates — [`spec`] (parse and validate),
//! [`fonts`] (font book, shaping), [`layout`] (Deck -> LaidDeck), [`qc`] (LaidDeck -> report)
//! and [`renderer`] (LaidDeck -> PPTX bytes) — exposing the CLI's operations as plain functions:
//!
//! - [`validate`]: every error and warning of an input, as the `validate` command prints them;
//! - [`run_qc`]: parse, lay out, check — no file written (the fast check before rendering);
//! - [`render`]: the same plus the PPTX bytes (SlideSpec) or the DOCX bytes (DocSpec: resolve
//!   with `spec::resolve_doc`, `layout::doc::layout_doc`, `renderer::docx`, `qc::doc::check_doc`);
//! - [`outputs`]: safe outputs (all written or none; never the input; special files in place);
//!   [`write_atomic`] / [`write_all_atomic`] for simple uses.
//!
//! Errors are an [`Error`] whose [`Error::exit_code`] is the CLI's: 2 invalid input,
//! 3 environment (fonts, I/O), 4 internal. A panic inside a stage is caught and returned as
//! [`Error::Internal`], so one bad job never takes a worker down.

use serde::Serialize;
use serde_json::{json, Value};
use std::fmt;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::sync::Arc;

pub mod options;
pub mod outputs;
pub mod serve;

pub use specrender_check as check;
pub use specrender_fonts as fonts;
pub use specrender_layout as layout;
pub use specrender_qc as qc;
pub use specrender_renderer as renderer;
pub use specrender_spec as spec;

pub use options::JobOptions;
pub use specrender_fonts::{FontBook, FontError, FontOptions};
pub use specrender_layout::model::{Autofit, LaidDeck};
pub use specrender_layout::{LayoutJson, LayoutOptions};
pub use specrender_model::embed::EmbedFonts;
pub use specrender_qc::{QcReport, Severity};
pub use specrender_renderer::PptxOptions;
pub use specrender_spec::{
    Code, ErrorSeverity, Findings, Input, ParseOptions, SpecError, SpecFailure, MAX_LISTED,
};

/// Options for [`run_qc`] and [`render`].
#[derive(Debug, Clone, Default)]
pub struct RenderOptions {
    /// Size limit and `--extract-json`. Default: [`ParseOptions::default`] (32 MiB, no extraction).
    pub parse: ParseOptions,
    /// Autofit mode (`--autofit`) and fixes in speaker notes. Default: [`LayoutOptions::default`]
    /// (`a:normAutofit`, fixes appended to notes).
    pub layout: LayoutOptions,
    /// Also build the `--layout` JSON (every placed box) into [`Outcome::layout`]. Default: false.
    pub layout_json: bool,
    /// Root every asset is confined to (`--assets DIR`; the CLI defaults it to the input
    /// file's folder), opened once per run through [`spec::AssetRoot`]. Default: `None` (every
    /// referenced asset is then a `missing_asset`, reason `not_found`).
    pub assets_root: Option<PathBuf>,
    /// An assets root already opened (`serve` opens `--assets` once at start); used instead of
    /// `assets_root` when set. Default: `None`.
    pub assets: Option<std::sync::Arc<spec::AssetRoot>>,
    /// Deflate level and writer threads. Default: [`PptxOptions::default`] (level 1, one
    /// thread). Also used for DOCX.
    pub pptx: PptxOptions,
    /// DocSpec options (`--citations footnotes|list`). Default: footnotes.
    pub doc: specrender_layout::doc::DocOptions,
    /// Where `theme.template_ref.template_id` is looked up (`--templates DIR`), when no
    /// template is given directly (`layout.template`). Default: `None` (ids are not resolved).
    pub templates: Option<Arc<TemplateStore>>,
    /// The faces the PPTX or DOCX carries (`--embed-fonts none|used|all`): none, the faces
    /// the file uses subset to its characters, or those faces whole
    /// (`specrender_layout::embed`). Default: [`EmbedFonts::None`].
    pub embed_fonts: EmbedFonts,
}

impl RenderOptions {
    /// Lay out and write on `threads` threads (0: one per available core). The output is the
    /// same bytes whatever the number.
    pub fn with_threads(mut self, threads: usize) -> Self {
        let n = if threads == 0 {
            std::thread::available_parallelism().map_or(1, |n| n.get())
        } else {
            threads
        };
        self.layout.threads = n;
        self.pptx.threads = n;
        self
    }

    /// Lay out on `template` (`--template FILE`, Python's `template=`): a deck's on
    /// [`LayoutOptions::template`], a document's on its [`layout::doc::DocOptions::template`].
    pub fn with_template(mut self, template: Option<template::AnyTemplate>) -> Self {
        match template {
            Some(template::AnyTemplate::Deck(t)) => self.layout.template = Some(t),
            Some(template::AnyTemplate::Doc(t)) => self.doc.template = Some(t),
            None => {}
        }
        self
    }
}

/// A pipeline stage, for progress reporting.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stage {
    Parse,
    Layout,
    Qc,
    Write,
}

impl Stage {
    pub fn as_str(self) -> &'static str {
        match self {
            Stage::Parse => "parse",
            Stage::Layout => "layout",
            Stage::Qc => "qc",
            Stage::Write => "write",
        }
    }
}

/// Progress callback: `(stage, done, total)`.
pub type Progress<'a> = &'a mut dyn FnMut(Stage, usize, usize);

/// Why a run failed. Findings about the deck (overflow and the like) are not errors: they are
/// in the [`QcReport`].
#[derive(Debug)]
pub enum Error {
    /// The input cannot be used (exit code 2). Nothing is written.
    Input(SpecFailure),
    /// Fonts or I/O (exit code 3).
    Environment(String),
    /// A bug or an unimplemented feature (exit code 4).
    Internal(String),
}

impl Error {
    pub fn exit_code(&self) -> i32 {
        match self {
            Error::Input(_) => 2,
            Error::Environment(_) => 3,
            Error::Internal(_) => 4,
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Input(fail) => f.write_str(&describe_failure(fail)),
            Error::Environment(m) => write!(f, "environment: {m}"),
            Error::Internal(m) => write!(f, "internal: {m}"),
        }
    }
}

impl std::error::Error for Error {}

impl From<FontError> for Error {
    fn from(e: FontError) -> Self {
        Error::Environment(e.to_string())
    }
}

/// One line saying why an input was refused.
pub fn describe_failure(fail: &SpecFailure) -> String {
    match fail {
        SpecFailure::TooLarge { size, limit } => {
            format!("input too large: {size} bytes, the limit is {limit} bytes")
        }
        SpecFailure::Malformed {
            line,
            column,
            message,
        } => {
            format!("malformed JSON at line {line}, column {column}: {message}")
        }
        SpecFailure::Limit {
            path,
            line,
            column,
            message,
            ..
        } => format!("input refused at {path:?} (line {line}, column {column}): {message}"),
        SpecFailure::NoJsonFound => "no JSON object found in the input".to_string(),
        SpecFailure::Invalid(findings) => {
            let n = findings.errors;
            format!("input invalid ({n} error{})", if n == 1 { "" } else { "s" })
        }
    }
}

/// True when `input`, which did not parse as JSON, looks like an LLM's reply holding the JSON:
/// a fenced block (```` ``` ````), prose before a JSON object that parses, or a whole object
/// followed by text. `--extract-json` (`extract_json`) reads the JSON out of such a reply; an
/// input that starts as JSON and breaks inside is not one (a nested object that parses is no
/// sign of a reply). Linear in the input ([`spec::extract`]); for a hint after the error only.
pub fn looks_like_llm_reply(input: &[u8]) -> bool {
    use specrender_spec::extract::{extract, CandidateKind};
    let ex = extract(input);
    if ex.tried.iter().any(|t| t.kind == CandidateKind::Fenced) {
        return true;
    }
    let Some(found) = ex.found else {
        return false;
    };
    let Some(start) = input.iter().position(|b| !b.is_ascii_whitespace()) else {
        return false;
    };
    // Prose before the object, or the whole leading object and text after it.
    !matches!(input[start], b'{' | b'[') || found.start == start
}

/// `fail` with `hint` appended to its message when it is a `malformed_json` failure (`"...;
/// hint"`: one line); any other failure unchanged.
pub fn with_hint(mut fail: SpecFailure, hint: &str) -> SpecFailure {
    if let SpecFailure::Malformed { message, .. } = &mut fail {
        message.push_str("; ");
        message.push_str(hint);
    }
    fail
}

/// One entry of the `validate` output.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Finding {
    /// JSON Pointer into the input (`""` for the whole input).
    pub path: String,
    pub code: Code,
    pub message: String,
    /// For `malformed_json`: where the parser stopped (1-based).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub column: Option<usize>,
}

impl From<&SpecError> for Finding {
    fn from(e: &SpecError) -> Self {
        Finding {
            path: e.path.clone(),
            code: e.code,
            message: e.message.clone(),
            line: None,
            column: None,
        }
    }
}

/// The `validate` output: `{"valid", "errors": [{path, code, message}], "warnings": [...],
/// "error_count", "warning_count", "max_listed"}`: at most `max_listed` ([`MAX_LISTED`])
/// errors and as many warnings are listed, the first in document order; the counts are of all.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Validation {
    pub valid: bool,
    pub errors: Vec<Finding>,
    pub warnings: Vec<Finding>,
    pub error_count: usize,
    pub warning_count: usize,
    pub max_listed: usize,
}

impl Validation {
    pub fn ok(warnings: &Findings) -> Validation {
        Validation {
            valid: true,
            errors: vec![],
            warnings: warnings.iter().map(Finding::from).collect(),
            error_count: 0,
            warning_count: warnings.warnings,
            max_listed: MAX_LISTED,
        }
    }

    /// The errors of a refused input. Codes: `too_large`, `malformed_json` (with line and
    /// column), `too_deep` / `too_many_values` (with path, line and column), `no_json_found`,
    /// else the validator's own codes.
    pub fn from_failure(fail: &SpecFailure) -> Validation {
        let whole = |code: Code, line, column| Finding {
            path: String::new(),
            code,
            message: describe_failure(fail),
            line,
            column,
        };
        let (errors, warnings) = match fail {
            SpecFailure::TooLarge { .. } => (vec![whole(Code::TooLarge, None, None)], vec![]),
            SpecFailure::Malformed { line, column, .. } => (
                vec![whole(Code::MalformedJson, Some(*line), Some(*column))],
                vec![],
            ),
            SpecFailure::Limit {
                code,
                path,
                line,
                column,
                ..
            } => {
                let mut f = whole(*code, Some(*line), Some(*column));
                f.path = path.clone();
                (vec![f], vec![])
            }
            SpecFailure::NoJsonFound => (vec![whole(Code::NoJsonFound, None, None)], vec![]),
            SpecFailure::Invalid(all) => {
                let (w, e): (Vec<&SpecError>, Vec<&SpecError>) = all
                    .iter()
                    .partition(|e| e.severity == ErrorSeverity::Warning);
                (
                    e.into_iter().map(Finding::from).collect(),
                    w.into_iter().map(Finding::from).collect(),
                )
            }
        };
        let (error_count, warning_count) = match fail {
            SpecFailure::Invalid(all) => (all.errors, all.warnings),
            _ => (errors.len(), warnings.len()),
        };
        Validation {
            valid: false,
            errors,
            warnings,
            error_count,
            warning_count,
            max_listed: MAX_LISTED,
        }
    }

    pub fn exit_code(&self) -> i32 {
        if self.valid {
            0
        } else {
            2
        }
    }
}

/// A parsed, valid input and its warnings.
#[derive(Debug, Clone)]
pub struct Parsed {
    pub input: Input,
    /// The first [`MAX_LISTED`] warnings (document order) and their count.
    pub warnings: Findings,
}

/// What [`run_qc`] and [`render`] produce.
#[derive(Debug, Clone)]
pub struct Outcome {
    /// The PPTX bytes ([`render`] of a SlideSpec only).
    pub pptx: Option<Vec<u8>>,
    /// The DOCX bytes ([`render`] of a DocSpec only).
    pub docx: Option<Vec<u8>>,
    pub qc: QcReport,
    /// The `--layout` JSON, when [`RenderOptions::layout_json`] is set: the laid deck or
    /// document it is written from, serialised on demand (no tree of it is built;
    /// [`LayoutJson::write_pretty`] streams it into a file).
    pub layout: Option<LayoutJson>,
    /// Validation warnings of the input (also in the QC report as `input_warning` issues).
    pub warnings: Vec<SpecError>,
}

impl Outcome {
    /// The file written: the PPTX of a SlideSpec or the DOCX of a DocSpec.
    pub fn file_bytes(&self) -> Option<&[u8]> {
        self.pptx.as_deref().or(self.docx.as_deref())
    }
}

/// Run `f`, turning a panic into [`Error::Internal`] with the panic's message.
pub fn guard<T>(f: impl FnOnce() -> Result<T, Error>) -> Result<T, Error> {
    catch_unwind(AssertUnwindSafe(f)).unwrap_or_else(|p| Err(Error::Internal(panic_message(&*p))))
}

/// [`guard`] for a caller's error type.
fn guard_with<T, E: From<Error>>(f: impl FnOnce() -> Result<T, E>) -> Result<T, E> {
    catch_unwind(AssertUnwindSafe(f))
        .unwrap_or_else(|p| Err(E::from(Error::Internal(panic_message(&*p)))))
}

/// The text of a panic payload.
pub fn panic_message(p: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = p.downcast_ref::<&str>() {
        (*s).to_string()
    } else if let Some(s) = p.downcast_ref::<String>() {
        s.clone()
    } else {
        "panic".to_string()
    }
}

/// The shipped fonts compiled into the program (feature `embed-fonts`, on by default), for
/// [`FontOptions::embedded`], so it runs from any folder; `None` without the feature (then
/// they are read from the source tree's `fonts/data`).
pub fn embedded_fonts() -> Option<&'static [(&'static str, &'static [u8])]> {
    #[cfg(feature = "embed-fonts")]
    return Some(specrender_fontdata::FILES);
    #[cfg(not(feature = "embed-fonts"))]
    None
}

/// The font options of the CLI (`--fonts DIR`..., `--system-fonts`) and of the Python package:
/// `dirs` first, then the folders in `$SPECRENDER_FONTS`, then the shipped fonts (embedded
/// when compiled in); the system's fonts only when `system`.
pub fn font_options(dirs: &[PathBuf], system: bool) -> FontOptions {
    let mut dirs = dirs.to_vec();
    if let Some(env) = std::env::var_os("SPECRENDER_FONTS") {
        dirs.extend(std::env::split_paths(&env).filter(|p| !p.as_os_str().is_empty()));
    }
    FontOptions {
        dirs,
        shipped: true,
        embedded: embedded_fonts(),
        system,
    }
}

/// Load the font book. Font problems are [`Error::Environment`].
pub fn load_fonts(opts: &FontOptions) -> Result<FontBook, Error> {
    guard(|| Ok(FontBook::new(opts)?))
}

/// Parse and validate an input (SlideSpec or DocSpec, by `spec_version`).
pub fn parse(input: &[u8], opts: &ParseOptions) -> Result<Parsed, Error> {
    guard(|| match specrender_spec::parse(input, opts) {
        Ok((input, warnings)) => Ok(Parsed { input, warnings }),
        Err(fail) => Err(Error::Input(fail)),
    })
}

/// [`parse`], warming on a thread of its own, while the input is validated and typed, the
/// built-in look a SlideSpec will be laid out on: its package parsed and its carried parts read
/// ([`template::themes::builtin`] / [`template::themes::default_for`], each once per process),
/// which layout and the writer would otherwise wait for (about 12 M instructions for the
/// default look). `store`: the run resolves template ids in a [`TemplateStore`] too, so an id
/// that names no built-in look is left alone. A DocSpec, or a deck naming another template,
/// warms nothing. The warmed values are caches: the output is the same bytes either way.
/// The input's JSON value, once read into the typed input, is handed to `spent`
/// ([`specrender_spec::parse_observed_beside`]): `drop` frees it here; the CLI, which exits
/// after the run, keeps it (`std::mem::forget`).
pub fn parse_warming(
    input: &[u8],
    opts: &ParseOptions,
    store: bool,
    spent: impl FnOnce(Value),
) -> Result<Parsed, Error> {
    guard(|| {
        match specrender_spec::parse_observed_beside(input, opts, |v| warm_look(v, store), spent) {
            Ok((input, warnings)) => Ok(Parsed { input, warnings }),
            Err(fail) => Err(Error::Input(fail)),
        }
    })
}

/// Starts warming the built-in look `v` (a SlideSpec's JSON, not yet validated) will use.
fn warm_look(v: &Value, store: bool) {
    if specrender_spec::detect_kind(v) != Some(specrender_spec::SpecKind::Slides) {
        return;
    }
    let id = v
        .pointer("/theme/template_ref/template_id")
        .and_then(Value::as_str)
        .unwrap_or(template::themes::DEFAULT_ID)
        .to_string();
    let size = match v.pointer("/theme/slide_size").and_then(Value::as_str) {
        Some("standard_4_3") => spec::deck::SlideSize::STANDARD,
        _ => spec::deck::SlideSize::WIDESCREEN,
    };
    let builtin = template::themes::THEMES.iter().any(|t| t.id == id.trim());
    if !builtin && store && !template::themes::is_default(&id) {
        return;
    }
    // Detached: a run that fails before it needs the look does not wait for it.
    let _ = std::thread::Builder::new().spawn(move || {
        // Parsing a template reads its carried parts too.
        let _ = template::themes::builtin(&id)
            .unwrap_or_else(|| template::themes::default_for((size.cx, size.cy)));
    });
}

/// Every error and warning of an input, as `validate` reports them. Fully supports DocSpec.
/// Only an internal failure is an `Err`.
pub fn validate(input: &[u8], opts: &ParseOptions) -> Result<Validation, Error> {
    match parse(input, opts) {
        Ok(p) => Ok(Validation::ok(&p.warnings)),
        Err(Error::Input(fail)) => Ok(Validation::from_failure(&fail)),
        Err(e) => Err(e),
    }
}

/// Parse, lay out and check, writing nothing.
pub fn run_qc(input: &[u8], fonts: &FontBook, opts: &RenderOptions) -> Result<Outcome, Error> {
    let parsed = parse(input, &opts.parse)?;
    qc_parsed(&parsed, fonts, opts, &mut |_, _, _| {})
}

/// Parse, lay out, check and write the PPTX bytes.
pub fn render(input: &[u8], fonts: &FontBook, opts: &RenderOptions) -> Result<Outcome, Error> {
    let parsed = parse(input, &opts.parse)?;
    render_parsed(&parsed, fonts, opts, &mut |_, _, _| {})
}

/// [`lay_out`] is the slide layout; documents go through [`lay_out_doc`].
const NOT_SLIDES: &str = "lay_out takes a SlideSpec; a DocSpec is laid out by lay_out_doc";

/// Lay out a parsed SlideSpec.
pub fn lay_out(
    parsed: &Parsed,
    fonts: &FontBook,
    opts: &RenderOptions,
    progress: Progress<'_>,
) -> Result<LaidDeck, Error> {
    let Input::Slides(spec) = &parsed.input else {
        return Err(Error::Internal(NOT_SLIDES.into()));
    };
    let opened = match &opts.assets {
        Some(_) => None,
        None => open_assets(opts.assets_root.as_deref())?,
    };
    let root = opts.assets.as_deref().or(opened.as_ref());
    guard(|| {
        let deck = specrender_spec::resolve_with(spec, root);
        let mut layout_opts = opts.layout.clone();
        if layout_opts.template.is_none() {
            let id = &deck.theme.template_id;
            layout_opts.templates_folder = opts.templates.is_some();
            if let Some(t) = template::themes::builtin(id) {
                layout_opts.template = Some(t);
            } else if let Some(store) = &opts.templates {
                match store.resolve(id)? {
                    ResolvedTemplate::BuiltIn => {}
                    ResolvedTemplate::Found(t) => layout_opts.template = Some(t),
                    ResolvedTemplate::Unknown(id) => layout_opts.unknown_template = Some(id),
                }
            } else if !template::themes::is_default(id) {
                // Not silently: the deck asked for a look it does not get.
                layout_opts.unknown_template = Some(id.trim().to_string());
            }
        }
        let n = deck.slides.len();
        progress(Stage::Layout, 0, n);
        let mut laid = specrender_layout::try_layout(&deck, fonts, &layout_opts)
            .map_err(|over| over_budget(&over, slide_pointer(spec, &over)))?;
        laid.embedding =
            specrender_layout::embed::deck(&laid, fonts, opts.embed_fonts, opts.layout.threads);
        progress(Stage::Layout, n, n);
        Ok(laid)
    })
}

/// [`lay_out`] for drawing: the deck laid out and fitted, then every paragraph's glyphs placed
/// and every chart's drawing layout decided (`specrender_layout::text::glyphs`, on
/// [`LayoutOptions::threads`] threads) for the preview to draw from. A PPTX needs none:
/// `render` without previews does not pay for them.
pub fn lay_out_for_drawing(
    parsed: &Parsed,
    fonts: &FontBook,
    opts: &RenderOptions,
    progress: Progress<'_>,
) -> Result<LaidDeck, Error> {
    let mut laid = lay_out(parsed, fonts, opts, progress)?;
    guard(|| {
        specrender_layout::text::glyphs::place_deck(&mut laid, fonts, opts.layout.threads.max(1));
        Ok(())
    })?;
    Ok(laid)
}

/// The PDF of a deck laid out for drawing ([`lay_out_for_drawing`]): drawn from the model by
/// `specrender-pdf`, tagged, PDF/A-2b, PDF/UA-1 when the deck allows it.
pub fn pdf_bytes(laid: &LaidDeck, fonts: &FontBook) -> Result<specrender_pdf::Pdf, Error> {
    guard(|| {
        specrender_pdf::deck_pdf(laid, fonts, &specrender_pdf::PdfOptions::default())
            .map_err(|e| Error::Internal(format!("writing PDF: {e}")))
    })
}

/// `render --pdf`: a parsed SlideSpec or DocSpec laid out once for drawing, its PPTX or DOCX,
/// its PDF (from the same layout) and the QC report.
pub fn render_with_pdf(
    parsed: &Parsed,
    fonts: &FontBook,
    opts: &RenderOptions,
    progress: Progress<'_>,
) -> Result<(Outcome, specrender_pdf::Pdf), Error> {
    if let Input::Doc(spec) = &parsed.input {
        return doc_with_pdf(spec, parsed, fonts, opts, progress);
    }
    let laid = Arc::new(lay_out_for_drawing(parsed, fonts, opts, progress)?);
    // The PDF is written on a thread of its own while this one writes the PPTX and checks
    // the deck (same bytes either way); `threads: 1` keeps the run on one thread.
    let (outcome, pdf) = if opts.layout.threads == 1 {
        let pdf = pdf_bytes(&laid, fonts)?;
        let pptx = pptx_bytes(&laid, opts)?;
        (
            check_deck(parsed, laid.clone(), opts, Some(pptx), progress)?,
            pdf,
        )
    } else {
        std::thread::scope(|s| {
            let writing = s.spawn(|| pdf_bytes(&laid, fonts));
            let rest = pptx_bytes(&laid, opts)
                .and_then(|pptx| check_deck(parsed, laid.clone(), opts, Some(pptx), progress));
            let pdf = writing
                .join()
                .unwrap_or_else(|_| Err(Error::Internal("the PDF writer's thread failed".into())));
            Ok::<_, Error>((rest?, pdf?))
        })?
    };
    let mut outcome = outcome;
    outcome.qc.add_notes(&laid, &pdf.ua_gaps);
    Ok((outcome, pdf))
}

/// The JSON Pointer of the element (else the slide) where a deck passed its work budget.
fn slide_pointer(spec: &spec::SlideSpec, over: &specrender_layout::work::OverBudget) -> String {
    let slide = format!("/deck/slides/{}", over.slide);
    let element = over.element.as_deref().and_then(|id| {
        let s = spec.deck.slides.get(over.slide)?;
        s.elements.iter().position(|e| e.element_id == id)
    });
    match element {
        Some(j) => format!("{slide}/elements/{j}"),
        None => slide,
    }
}

/// A job over its work budget ([`specrender_layout::work`]): invalid input (exit code 2,
/// nothing written), `work_budget` at `path`.
fn over_budget(over: &specrender_layout::work::OverBudget, path: String) -> Error {
    let at = match &over.element {
        Some(id) => format!(" at {id:?}"),
        None => String::new(),
    };
    let message = format!(
        "laying this input out needs more work than a job may spend: past the budget of {} \
         work units{at} ({} by then; docs/guide/limits.md, \"The work budget\"); split it into smaller jobs \
         or shorten its largest tables and texts",
        over.budget, over.spent
    );
    Error::Input(SpecFailure::Invalid(Findings::one(SpecError {
        path,
        code: Code::WorkBudget,
        message,
        severity: ErrorSeverity::Error,
    })))
}

/// The assets root of a run; a folder that cannot be opened is an environment error.
pub fn open_assets(root: Option<&Path>) -> Result<Option<spec::AssetRoot>, Error> {
    root.map(|p| {
        spec::AssetRoot::open(p).map_err(|e| {
            Error::Environment(format!(
                "assets folder {} cannot be opened: {e}",
                p.display()
            ))
        })
    })
    .transpose()
}

/// [`run_qc`] for an already parsed input, reporting progress.
pub fn qc_parsed(
    parsed: &Parsed,
    fonts: &FontBook,
    opts: &RenderOptions,
    progress: Progress<'_>,
) -> Result<Outcome, Error> {
    if let Input::Doc(spec) = &parsed.input {
        return doc_outcome(spec, parsed, fonts, opts, false, progress);
    }
    let laid = lay_out(parsed, fonts, opts, progress)?;
    check_deck(parsed, Arc::new(laid), opts, None, progress)
}

/// [`render`] for an already parsed input, reporting progress.
pub fn render_parsed(
    parsed: &Parsed,
    fonts: &FontBook,
    opts: &RenderOptions,
    progress: Progress<'_>,
) -> Result<Outcome, Error> {
    if let Input::Doc(spec) = &parsed.input {
        return doc_outcome(spec, parsed, fonts, opts, true, progress);
    }
    let laid = lay_out(parsed, fonts, opts, progress)?;
    let pptx = pptx_bytes(&laid, opts)?;
    check_deck(parsed, Arc::new(laid), opts, Some(pptx), progress)
}

/// The PPTX bytes of a laid-out deck ([`render_parsed`]'s writing step).
pub fn pptx_bytes(laid: &LaidDeck, opts: &RenderOptions) -> Result<Vec<u8>, Error> {
    guard(|| {
        specrender_renderer::pptx_with(laid, &opts.pptx)
            .map_err(|e| Error::Internal(format!("writing PPTX: {e}")))
    })
}

/// [`pptx_bytes`] as pieces to write in order: the pictures lent from `laid`, not copied.
pub fn pptx_pieces<'a>(
    laid: &'a LaidDeck,
    opts: &RenderOptions,
) -> Result<specrender_renderer::Pieces<'a>, Error> {
    guard(|| {
        specrender_renderer::pptx_pieces(laid, &opts.pptx)
            .map_err(|e| Error::Internal(format!("writing PPTX: {e}")))
    })
}

/// Slide previews: lay out a parsed SlideSpec, check it, and draw one PNG per output slide
/// from the laid-out deck (specrender-preview; nothing is measured again). Returns the PNGs in
/// slide order and the QC report (its exit code is the command's). A DocSpec has no slides:
/// an input error.
pub fn preview_parsed(
    parsed: &Parsed,
    fonts: &FontBook,
    opts: &RenderOptions,
    preview: &specrender_preview::PreviewOptions,
    progress: Progress<'_>,
) -> Result<(Vec<specrender_preview::SlidePreview>, QcReport), Error> {
    let p = previews_parsed(
        parsed,
        fonts,
        opts,
        preview,
        None,
        Also::default(),
        progress,
    )?;
    Ok((p.slides, p.outcome.qc))
}

/// What [`previews_parsed`] returns: the run's outcome (with the PPTX when asked for), one PNG
/// per output slide, and the contact sheet when asked for.
#[derive(Debug)]
pub struct Previews<T = specrender_preview::SlidePreview> {
    pub outcome: Outcome,
    /// One per output slide, in slide order: the preview itself, or what
    /// [`previews_parsed_into`]'s `take` kept of it.
    pub slides: Vec<T>,
    /// The contact sheet's PNG bytes.
    pub sheet: Option<Vec<u8>>,
    /// The deck's PDF, when asked for ([`Also::pdf`]).
    pub pdf: Option<specrender_pdf::Pdf>,
}

/// What [`previews_parsed`] makes besides the previews, from the same laid-out deck.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Also {
    /// The PPTX (`render --preview`): in [`Outcome::pptx`].
    pub pptx: bool,
    /// The PDF (`render --preview --pdf`): in [`Previews::pdf`].
    pub pdf: bool,
}

/// Lay a parsed SlideSpec out once, check it, write the PPTX and the PDF when `also` asks
/// (`render --preview [--pdf]`), and draw the previews (and the contact sheet) from that same laid-out deck, on
/// [`LayoutOptions::threads`] threads (same bytes whatever the number). A DocSpec has no
/// slides: refused. Every PNG is held until the call returns; [`previews_parsed_into`] hands
/// each away as it is drawn.
pub fn previews_parsed(
    parsed: &Parsed,
    fonts: &FontBook,
    opts: &RenderOptions,
    preview: &specrender_preview::PreviewOptions,
    sheet: Option<&specrender_preview::SheetOptions>,
    also: Also,
    progress: Progress<'_>,
) -> Result<Previews, Error> {
    let to = PreviewsTo {
        plan: |_: &[String]| Ok(()),
        take: |_, p| Ok(p),
    };
    previews_parsed_into(parsed, fonts, opts, preview, sheet, also, progress, to)
}

/// Where [`previews_parsed_into`] sends the previews. `plan` is called once the deck is laid
/// out and checked, before anything is drawn, with each PNG's file name in slide order (its
/// error ends the run there); `take` with each slide's preview as soon as it is drawn, on the
/// thread that drew it, slides in any order (`i` from 0), and what it returns is kept in its
/// place. A `take` that writes the PNG away keeps one PNG per drawing thread in memory.
pub struct PreviewsTo<P, K> {
    pub plan: P,
    pub take: K,
}

/// [`previews_parsed`] with each preview handed to `to.take` as it is drawn. `E` is the
/// caller's error: this function's own errors come back through `From<Error>`.
#[allow(clippy::too_many_arguments)]
pub fn previews_parsed_into<T, E, P, K>(
    parsed: &Parsed,
    fonts: &FontBook,
    opts: &RenderOptions,
    preview: &specrender_preview::PreviewOptions,
    sheet: Option<&specrender_preview::SheetOptions>,
    also: Also,
    progress: Progress<'_>,
    to: PreviewsTo<P, K>,
) -> Result<Previews<T>, E>
where
    T: Send,
    E: From<Error> + Send,
    P: FnOnce(&[String]) -> Result<(), E>,
    K: Fn(usize, specrender_preview::SlidePreview) -> Result<T, E> + Sync,
{
    if let Input::Doc(_) = &parsed.input {
        return Err(E::from(Error::Internal(
            "previews take a SlideSpec; a DocSpec has no slides".into(),
        )));
    }
    let laid = Arc::new(lay_out_for_drawing(parsed, fonts, opts, progress)?);
    let file = if also.pptx {
        Some(pptx_bytes(&laid, opts)?)
    } else {
        None
    };
    let pdf = if also.pdf {
        Some(pdf_bytes(&laid, fonts)?)
    } else {
        None
    };
    let mut outcome = check_deck(parsed, laid.clone(), opts, file, progress)?;
    if let Some(pdf) = &pdf {
        outcome.qc.add_notes(&laid, &pdf.ua_gaps);
    }
    let names: Vec<String> = (0..laid.slides.len())
        .map(|i| specrender_preview::file_name(&laid, i))
        .collect();
    (to.plan)(&names)?;
    let threads = opts.layout.threads;
    let take = &to.take;
    let slides = guard_with(|| {
        specrender_preview::preview_deck_each(
            &laid,
            fonts,
            Some(&outcome.qc),
            preview,
            threads,
            |i, p| take(i, p).map_err(Drawn::Taken),
        )
        .map_err(|e| match e {
            Drawn::Preview(e) => E::from(preview_error(e)),
            Drawn::Taken(e) => e,
        })
    })?;
    let sheet = match sheet {
        Some(so) => Some(guard(|| {
            specrender_preview::contact_sheet(&laid, fonts, Some(&outcome.qc), so)
                .map_err(preview_error)
        })?),
        None => None,
    };
    Ok(Previews {
        outcome,
        slides,
        sheet,
        pdf,
    })
}

/// A drawing's failure, or the caller's `take`'s.
enum Drawn<E> {
    Preview(specrender_preview::PreviewError),
    Taken(E),
}

impl<E> From<specrender_preview::PreviewError> for Drawn<E> {
    fn from(e: specrender_preview::PreviewError) -> Self {
        Drawn::Preview(e)
    }
}

/// A preview's failure as the run's error: more pixels than a preview may have is the input's
/// (or the flags') fault.
fn preview_error(e: specrender_preview::PreviewError) -> Error {
    match e {
        specrender_preview::PreviewError::Pixels(..)
        | specrender_preview::PreviewError::Sheet(_) => {
            Error::Input(SpecFailure::Invalid(Findings::one(SpecError {
                path: "/theme/slide_size".into(),
                code: Code::PreviewTooLarge,
                message: format!("drawing previews: {e}"),
                severity: ErrorSeverity::Error,
            })))
        }
        e => Error::Internal(format!("drawing previews: {e}")),
    }
}

/// Lay out a DocSpec: resolve (assets through the run's assets root), then document layout.
pub fn lay_out_doc(
    spec: &spec::DocSpec,
    fonts: &FontBook,
    opts: &RenderOptions,
) -> Result<specrender_layout::doc::model::LaidDoc, Error> {
    let opened = match &opts.assets {
        Some(_) => None,
        None => open_assets(opts.assets_root.as_deref())?,
    };
    let root = opts.assets.as_deref().or(opened.as_ref());
    guard(|| {
        let doc = specrender_spec::resolve_doc(spec, root);
        let mut doc_opts = opts.doc.clone();
        let mut unknown = None;
        if doc_opts.template.is_none() {
            if let Some(store) = &opts.templates {
                match store.resolve_doc(&doc.theme.template_id)? {
                    ResolvedDocTemplate::BuiltIn => {}
                    ResolvedDocTemplate::Found(t) => doc_opts.template = Some(t),
                    ResolvedDocTemplate::Unknown(id) => unknown = Some(id),
                }
            } else if !template::themes::is_default(&doc.theme.template_id) {
                // Not silently: the document asked for a template it does not get.
                unknown = Some(doc.theme.template_id.trim().to_string());
            }
        }
        let folder = opts.templates.is_some();
        let budget = opts.layout.work_budget;
        let threads = opts.layout.threads;
        let mut laid =
            specrender_layout::doc::try_layout_doc_on(&doc, fonts, &doc_opts, budget, threads)
                .map_err(|over| {
                    let block = over
                        .element
                        .as_deref()
                        .and_then(|id| spec.doc.blocks.iter().position(|b| b.block_id == id));
                    let path = match block {
                        Some(j) => format!("/doc/blocks/{j}"),
                        None => "/doc".to_string(),
                    };
                    over_budget(&over, path)
                })?;
        if let Some(template_id) = unknown {
            let finding = specrender_model::Finding::UnknownTemplate {
                template_id,
                built_in: Vec::new(),
                folder,
            };
            let at = specrender_model::Location::Document;
            laid.notes.push(specrender_model::Note::new(finding, at));
        }
        laid.embedding =
            specrender_layout::embed::doc(&laid, fonts, opts.embed_fonts, opts.layout.threads);
        Ok(laid)
    })
}

/// The PDF of a document laid out for drawing (`DocOptions::draw`): its pages as layout
/// predicted them, drawn by `specrender-pdf`, tagged, PDF/A-2b, PDF/UA-1 when it allows.
pub fn doc_pdf_bytes(
    laid: &specrender_layout::doc::model::LaidDoc,
    fonts: &FontBook,
) -> Result<specrender_pdf::Pdf, Error> {
    guard(|| {
        specrender_pdf::doc_pdf(laid, fonts, &specrender_pdf::PdfOptions::default())
            .map_err(|e| Error::Internal(format!("writing PDF: {e}")))
    })
}

/// A document's pages as PNGs, `width` px wide (`preview` on a DocSpec): laid out once for
/// drawing, each page drawn from the pages the PDF draws; with the QC report.
pub fn doc_previews(
    parsed: &Parsed,
    fonts: &FontBook,
    opts: &RenderOptions,
    width: u32,
    progress: Progress<'_>,
) -> Result<(Outcome, Vec<Vec<u8>>), Error> {
    let Input::Doc(spec) = &parsed.input else {
        return Err(Error::Internal("doc_previews takes a DocSpec".into()));
    };
    let mut drawing = opts.clone();
    drawing.doc.draw = true;
    let n = spec.doc.blocks.len();
    progress(Stage::Layout, 0, n);
    let laid = Arc::new(lay_out_doc(spec, fonts, &drawing)?);
    progress(Stage::Layout, n, n);
    let outcome = doc_finish(&laid, parsed, opts, false, progress)?;
    let pngs = guard(|| {
        let pages = laid
            .scene
            .as_deref()
            .ok_or_else(|| Error::Internal("the document was not laid out for drawing".into()))?;
        specrender_preview::preview_pages(pages, fonts, width).map_err(preview_error)
    })?;
    Ok((outcome, pngs))
}

/// [`render_with_pdf`] of a DocSpec: laid out once for drawing; the DOCX and QC on this
/// thread, the PDF on another (same bytes either way).
fn doc_with_pdf(
    spec: &spec::DocSpec,
    parsed: &Parsed,
    fonts: &FontBook,
    opts: &RenderOptions,
    progress: Progress<'_>,
) -> Result<(Outcome, specrender_pdf::Pdf), Error> {
    let mut drawing = opts.clone();
    drawing.doc.draw = true;
    let n = spec.doc.blocks.len();
    progress(Stage::Layout, 0, n);
    let laid = Arc::new(lay_out_doc(spec, fonts, &drawing)?);
    progress(Stage::Layout, n, n);
    let (outcome, pdf) = if opts.layout.threads == 1 {
        let pdf = doc_pdf_bytes(&laid, fonts)?;
        (doc_finish(&laid, parsed, opts, true, progress)?, pdf)
    } else {
        std::thread::scope(|s| {
            let writing = s.spawn(|| doc_pdf_bytes(&laid, fonts));
            let rest = doc_finish(&laid, parsed, opts, true, progress);
            let pdf = writing
                .join()
                .unwrap_or_else(|_| Err(Error::Internal("the PDF writer's thread failed".into())));
            Ok::<_, Error>((rest?, pdf?))
        })?
    };
    let mut outcome = outcome;
    outcome.qc.add_doc_notes(&laid, &pdf.ua_gaps);
    Ok((outcome, pdf))
}

/// The DocSpec pipeline: layout, QC, and (when `write`) the DOCX bytes.
fn doc_outcome(
    spec: &spec::DocSpec,
    parsed: &Parsed,
    fonts: &FontBook,
    opts: &RenderOptions,
    write: bool,
    progress: Progress<'_>,
) -> Result<Outcome, Error> {
    let n = spec.doc.blocks.len();
    progress(Stage::Layout, 0, n);
    let laid = Arc::new(lay_out_doc(spec, fonts, opts)?);
    progress(Stage::Layout, n, n);
    doc_finish(&laid, parsed, opts, write, progress)
}

/// The end of the DocSpec pipeline: the DOCX bytes (when `write`) and QC of `laid`.
fn doc_finish(
    laid: &Arc<specrender_layout::doc::model::LaidDoc>,
    parsed: &Parsed,
    opts: &RenderOptions,
    write: bool,
    progress: Progress<'_>,
) -> Result<Outcome, Error> {
    let n = laid.blocks.len();
    let docx = if write {
        progress(Stage::Write, 0, 1);
        let bytes = guard(|| {
            specrender_renderer::docx_with(laid, &opts.pptx)
                .map_err(|e| Error::Internal(format!("writing DOCX: {e}")))
        })?;
        Some(bytes)
    } else {
        None
    };
    guard(|| {
        progress(Stage::Qc, 0, n);
        let qc = specrender_qc::doc::check_doc(laid, &parsed.warnings);
        progress(Stage::Qc, n, n);
        Ok(Outcome {
            pptx: None,
            docx,
            qc,
            layout: opts.layout_json.then(|| LayoutJson::Doc(laid.clone())),
            warnings: parsed.warnings.list.clone(),
        })
    })
}

/// The last step of [`render_parsed`] and [`qc_parsed`]: QC of a laid-out deck, with `pptx`
/// (its bytes, if written) put into the outcome as given, and its layout JSON when
/// [`RenderOptions::layout_json`] asks (the deck is kept for it, else dropped here).
pub fn check_deck(
    parsed: &Parsed,
    laid: Arc<LaidDeck>,
    opts: &RenderOptions,
    pptx: Option<Vec<u8>>,
    progress: Progress<'_>,
) -> Result<Outcome, Error> {
    guard(|| {
        let n = laid.slides.len();
        progress(Stage::Qc, 0, n);
        let qc = specrender_qc::check_with_input(&laid, &parsed.warnings);
        progress(Stage::Qc, n, n);
        let layout = opts.layout_json.then_some(LayoutJson::Deck(laid));
        Ok(Outcome {
            pptx,
            docx: None,
            qc,
            layout,
            warnings: parsed.warnings.list.clone(),
        })
    })
}

/// The `fonts` command's report: every loaded face, and which face each family resolves to
/// for the deck defaults (Calibri for Latin, Noto Sans CJK KR/JP/SC/TC for East Asian) and for
/// `extra` families (under both the Latin and the East Asian rule).
pub fn fonts_report(book: &FontBook, extra: &[String]) -> Value {
    use specrender_fonts::{MatchKind, ScriptClass};
    let faces: Vec<Value> = book
        .faces()
        .map(|(id, f)| {
            json!({
                "id": id.0,
                "family": f.family,
                "post_script_name": f.post_script_name,
                "path": f.path.display().to_string(),
                "index": f.index,
                "bold": f.bold,
                "italic": f.italic,
            })
        })
        .collect();
    let mut asks: Vec<(String, ScriptClass)> = vec![("Calibri".into(), ScriptClass::Latin)];
    for r in ["KR", "JP", "SC", "TC"] {
        asks.push((format!("Noto Sans CJK {r}"), ScriptClass::EastAsian));
    }
    for f in extra {
        asks.push((f.clone(), ScriptClass::Latin));
        asks.push((f.clone(), ScriptClass::EastAsian));
    }
    let resolved: Vec<Value> = asks
        .iter()
        .map(|(family, class)| {
            let m = book.resolve(family, false, *class);
            let face = book.face(m.face);
            let (how, to) = match &m.kind {
                MatchKind::Exact => ("exact", None),
                MatchKind::Alias { to } => ("alias", Some(to.clone())),
                MatchKind::StandIn { to } => ("stand_in", Some(to.clone())),
                MatchKind::Substituted { to } => ("substituted", Some(to.clone())),
            };
            let mut v = json!({
                "family": family,
                "script": if *class == ScriptClass::Latin { "latin" } else { "east_asian" },
                "how": how,
            });
            if let Some(to) = to {
                v["to"] = json!(to);
            }
            v["face"] = json!({
                "family": face.family,
                "path": face.path.display().to_string(),
                "index": face.index,
                "bold": face.bold,
            });
            v
        })
        .collect();
    json!({ "faces": faces, "resolve": resolved, "scripts": scripts_report(book) })
}

/// For `fonts`: which face draws each script in a deck with the default fonts (Calibri and
/// Noto Sans CJK KR), through which OOXML font slot, and whether it is a per-character
/// fallback (then the run names that face's family in the slot).
fn scripts_report(book: &FontBook) -> Vec<Value> {
    use specrender_fonts::{ScriptClass, SlotFaces};
    let latin = book.resolve("Calibri", false, ScriptClass::Latin).face;
    let slots = SlotFaces {
        latin,
        ea: book
            .resolve("Noto Sans CJK KR", false, ScriptClass::EastAsian)
            .face,
        cs: latin,
    };
    let samples = [
        ("latin", "Aa"),
        ("korean", "가나"),
        ("japanese", "かな漢字"),
        ("chinese", "中文"),
        ("thai", "ภาษาไทย"),
        ("arabic", "العربية"),
        ("hebrew", "עברית"),
        ("devanagari", "हिन्दी"),
        ("emoji", "😀👩\u{200D}💻🇰🇷"),
    ];
    samples
        .iter()
        .map(|(script, sample)| {
            let segs = book.segment(sample, slots, false);
            let s = &segs[0];
            let face = book.face(s.face);
            json!({
                "script": script,
                "sample": sample,
                "slot": match s.class {
                    ScriptClass::EastAsian => "ea",
                    ScriptClass::Complex => "cs",
                    _ => "latin",
                },
                "family": face.family,
                "path": face.path.display().to_string(),
                "fallback": s.fallback,
                "missing": segs.iter().any(|s| s.missing),
            })
        })
        .collect()
}

/// Write `bytes` to `path` safely ([`outputs`]): a temporary file beside it, synced, then
/// renamed over it; an existing FIFO or device is written in place. On failure `path` is
/// untouched.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), outputs::OutputError> {
    write_all_atomic(&[(path, bytes)])
}

/// Write several files so that either all are written or none is ([`outputs::plan`] then
/// [`outputs::commit`]; no input to protect).
pub fn write_all_atomic(files: &[(&Path, &[u8])]) -> Result<(), outputs::OutputError> {
    let paths: Vec<&Path> = files.iter().map(|(p, _)| *p).collect();
    let targets = outputs::plan("", &paths, false)?;
    let planned: Vec<(outputs::Target, &[u8])> = targets
        .into_iter()
        .zip(files.iter().map(|(_, b)| *b))
        .collect();
    outputs::commit(&planned)
}

/// Templates: a customer's .pptx / .potx read into a reusable [`template::Template`].
pub use specrender_preview as preview;
pub use specrender_template as template;

/// Templates by `theme.template_ref.template_id`: `DIR/<id>.pptx` or `DIR/<id>.potx` (a
/// document's: `.docx` / `.dotx`), each parsed once per content (keyed by its SHA-256) and
/// shared by every job and thread (`--templates DIR`, `serve --templates DIR`). Ids are plain
/// file names: one with a path separator, a leading dot or `..` names nothing, so a deck
/// cannot reach outside the folder; the file is opened as assets are
/// ([`spec::AssetRoot`]: confined to the folder, a symbolic link out of it refused, anything
/// but a regular file refused without blocking). A template that is not usable is the
/// input's fault (exit 2, `bad_template` at `/theme/template_ref/template_id`, the part
/// named); no message names the folder's own path.
///
/// Parsed templates are kept for later jobs in an LRU cache bounded by entries
/// ([`TEMPLATE_CACHE_ENTRIES`]) and by their estimated bytes ([`TEMPLATE_CACHE_BYTES`],
/// [`template_bytes`]); a template larger than the byte bound alone is used and not kept.
#[derive(Debug)]
pub struct TemplateStore {
    dir: PathBuf,
    cache: std::sync::Mutex<Lru<template::Template>>,
    docs: std::sync::Mutex<Lru<template::DocTemplate>>,
    max_entries: usize,
    max_bytes: u64,
}

/// Parsed templates a [`TemplateStore`] keeps, of each kind.
pub const TEMPLATE_CACHE_ENTRIES: usize = 16;
/// Estimated bytes of the parsed templates a [`TemplateStore`] keeps, of each kind: 128 MiB.
pub const TEMPLATE_CACHE_BYTES: u64 = 128 << 20;

/// A least-recently-used cache of a few entries: a `Vec`, most recently used last, searched
/// from the end. Hand-written rather than a crate (`lru`): it holds at most
/// [`TEMPLATE_CACHE_ENTRIES`] entries, so a linear search costs nanoseconds against the
/// SHA-256 of the file that finds the key, and it needs a byte bound beside the count, which
/// the `lru` crate does not keep.
#[derive(Debug)]
struct Lru<T> {
    /// (content key, value, estimated bytes)
    entries: Vec<([u8; 32], Arc<T>, u64)>,
    bytes: u64,
}

impl<T> Default for Lru<T> {
    fn default() -> Self {
        Lru {
            entries: Vec::new(),
            bytes: 0,
        }
    }
}

impl<T> Lru<T> {
    /// The value under `key`, made the most recently used.
    fn get(&mut self, key: &[u8; 32]) -> Option<Arc<T>> {
        let i = self.entries.iter().rposition(|(k, _, _)| k == key)?;
        let e = self.entries.remove(i);
        let v = e.1.clone();
        self.entries.push(e);
        Some(v)
    }

    /// Keeps `v` (of `size` estimated bytes) as the most recently used, dropping the least
    /// recently used until both bounds hold; a value over `max_bytes` alone is not kept.
    fn put(&mut self, key: [u8; 32], v: Arc<T>, size: u64, max_entries: usize, max_bytes: u64) {
        if let Some(i) = self.entries.iter().position(|(k, _, _)| *k == key) {
            let (_, _, s) = self.entries.remove(i);
            self.bytes -= s;
        }
        if size > max_bytes || max_entries == 0 {
            return;
        }
        while self.entries.len() >= max_entries || self.bytes + size > max_bytes {
            let (_, _, s) = self.entries.remove(0);
            self.bytes -= s;
        }
        self.bytes += size;
        self.entries.push((key, v, size));
    }
}

/// What a parsed template holds, estimated in bytes for [`TemplateStore`]'s bound: the package
/// file it keeps (its masters and layouts are written from it), the parts a deck carries from
/// it, inflated, and its model at
/// twice the length of its JSON (strings and vectors hold about as many bytes as their JSON
/// text, plus their headers and spare capacity). Measured against `serve`'s resident memory in
/// `tests/template_bounds.rs`.
pub fn template_bytes(t: &template::Template) -> u64 {
    let carried: u64 = t
        .carried()
        .iter()
        .map(|p| (p.bytes.len() + p.rels.as_ref().map_or(0, |r| r.1.len())) as u64)
        .sum();
    let model = serde_json::to_vec(t).map_or(0, |j| j.len() as u64);
    t.bytes.len() as u64 + carried + 2 * model
}

/// [`template_bytes`] of a Word template: its carried parts, its styles and numbering parts
/// and its model at twice its JSON's length.
pub fn doc_template_bytes(t: &template::DocTemplate) -> u64 {
    let carried: u64 = t
        .carried()
        .iter()
        .map(|p| (p.bytes.len() + p.rels.as_ref().map_or(0, |r| r.1.len())) as u64)
        .sum();
    let parts: u64 = [&t.styles_part, &t.numbering_part]
        .into_iter()
        .flatten()
        .map(|(_, b)| b.len() as u64)
        .sum();
    let model = serde_json::to_vec(t).map_or(0, |j| j.len() as u64);
    carried + parts + 2 * model
}

/// What a `template_id` resolved to.
#[derive(Debug, Clone)]
pub enum ResolvedTemplate {
    /// `default` (or empty): the built-in look, no file.
    BuiltIn,
    Found(Arc<template::Template>),
    /// No such template: the built-in look, reported as `unknown_template`.
    Unknown(String),
}

/// A template file's name in the folder, its bytes and its content key (SHA-256).
type TemplateFile = (String, Vec<u8>, [u8; 32]);

/// What a document's `template_id` resolved to.
#[derive(Debug, Clone)]
pub enum ResolvedDocTemplate {
    /// `default` (or empty): specrender's own styles, no file.
    BuiltIn,
    Found(Arc<template::DocTemplate>),
    /// No such template: our own styles, reported as `unknown_template`.
    Unknown(String),
}

/// A template the input names that cannot be used: exit 2, `bad_template` at the template id.
fn bad_template(message: String) -> Error {
    Error::Input(SpecFailure::Invalid(Findings::one(SpecError {
        path: "/theme/template_ref/template_id".into(),
        code: Code::BadTemplate,
        message,
        severity: ErrorSeverity::Error,
    })))
}

impl TemplateStore {
    pub fn new(dir: impl Into<PathBuf>) -> TemplateStore {
        TemplateStore::with_bounds(dir, TEMPLATE_CACHE_ENTRIES, TEMPLATE_CACHE_BYTES)
    }

    /// A store keeping at most `max_entries` parsed templates of each kind, of at most
    /// `max_bytes` estimated bytes together.
    pub fn with_bounds(
        dir: impl Into<PathBuf>,
        max_entries: usize,
        max_bytes: u64,
    ) -> TemplateStore {
        TemplateStore {
            dir: dir.into(),
            cache: Default::default(),
            docs: Default::default(),
            max_entries,
            max_bytes,
        }
    }

    /// Parsed templates kept now (presentations, documents) and their estimated bytes.
    pub fn cached(&self) -> (usize, usize, u64) {
        let c = self.cache.lock().unwrap_or_else(|p| p.into_inner());
        let d = self.docs.lock().unwrap_or_else(|p| p.into_inner());
        (c.entries.len(), d.entries.len(), c.bytes + d.bytes)
    }

    /// The file of template `id` with one of `exts`, read through the confined loader, with
    /// its content key; `None` when the id is not a plain file name or no such file exists.
    fn read(&self, id: &str, exts: &[&str]) -> Result<Option<TemplateFile>, Error> {
        use spec::assets::Reason;
        let plain = !id.starts_with('.')
            && id
                .chars()
                .all(|c| c.is_alphanumeric() || matches!(c, '-' | '_' | '.' | ' '));
        if !plain {
            return Ok(None);
        }
        let root = spec::AssetRoot::open(&self.dir)
            .map_err(|e| {
                Error::Environment(format!(
                    "the templates folder cannot be opened: {}",
                    e.kind()
                ))
            })?
            .with_max_bytes(template::Limits::default().max_file_bytes)
            .with_max_job_bytes(u64::MAX);
        for ext in exts {
            let name = format!("{id}.{ext}");
            let loaded = match root.load_path(&name) {
                Ok(l) => l,
                Err(r) if r.reason == Reason::NotFound => continue,
                Err(r) => {
                    let why = match r.reason {
                        Reason::OutsideRoot => {
                            "leads outside the templates folder (a symbolic link out of it)"
                                .to_string()
                        }
                        Reason::NotAFile => "is not a regular file".to_string(),
                        Reason::TooLarge => format!(
                            "is larger than {} bytes",
                            template::Limits::default().max_file_bytes
                        ),
                        _ => {
                            return Err(Error::Environment(format!(
                                "template {name} cannot be read from the templates folder"
                            )))
                        }
                    };
                    return Err(bad_template(format!("template {name} {why}")));
                }
            };
            use sha2::Digest;
            let key: [u8; 32] = sha2::Sha256::digest(&loaded.bytes).into();
            return Ok(Some((name, loaded.bytes.to_vec(), key)));
        }
        Ok(None)
    }

    /// Resolves a document's `id` to `DIR/<id>.docx` or `DIR/<id>.dotx`, parsed once per
    /// content. `default` (or empty): our own styles.
    pub fn resolve_doc(&self, id: &str) -> Result<ResolvedDocTemplate, Error> {
        let id = id.trim();
        if template::themes::is_default(id) {
            return Ok(ResolvedDocTemplate::BuiltIn);
        }
        let Some((name, bytes, key)) = self.read(id, &["docx", "dotx"])? else {
            return Ok(ResolvedDocTemplate::Unknown(id.to_string()));
        };
        let docs = || self.docs.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(t) = docs().get(&key) {
            return Ok(ResolvedDocTemplate::Found(t));
        }
        let t = Arc::new(
            template::DocTemplate::from_bytes(bytes)
                .map_err(|e| bad_template(format!("template {name}: {e}")))?,
        );
        let size = doc_template_bytes(&t);
        docs().put(key, t.clone(), size, self.max_entries, self.max_bytes);
        Ok(ResolvedDocTemplate::Found(t))
    }

    /// Resolves `id`. A template file that exists but is not a usable template is the
    /// input's fault (`bad_template`, exit 2); one that cannot be read is the environment's.
    pub fn resolve(&self, id: &str) -> Result<ResolvedTemplate, Error> {
        let id = id.trim();
        if template::themes::is_default(id) {
            return Ok(ResolvedTemplate::BuiltIn);
        }
        if let Some(t) = template::themes::builtin(id) {
            return Ok(ResolvedTemplate::Found(t));
        }
        let Some((name, bytes, key)) = self.read(id, &["pptx", "potx"])? else {
            return Ok(ResolvedTemplate::Unknown(id.to_string()));
        };
        let cache = || self.cache.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(t) = cache().get(&key) {
            return Ok(ResolvedTemplate::Found(t));
        }
        let t = Arc::new(
            template::Template::from_bytes(bytes)
                .map_err(|e| bad_template(format!("template {name}: {e}")))?,
        );
        let size = template_bytes(&t);
        cache().put(key, t.clone(), size, self.max_entries, self.max_bytes);
        Ok(ResolvedTemplate::Found(t))
    }
}

/// `text` made safe to print on a terminal: every control character but a line feed and a
/// tab (C0, DEL, C1: an escape sequence from a template's layout name would be run by the
/// terminal) and every bidirectional embedding, override or isolate (which reorder what
/// follows on the line) written as its escape, `\u{1b}`. `template inspect --text` prints
/// through it; JSON output escapes control characters itself.
pub fn terminal_safe(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        let bidi = matches!(c, '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}');
        if (c.is_control() && c != '\n' && c != '\t') || bidi {
            out.extend(c.escape_unicode());
        } else {
            out.push(c);
        }
    }
    out
}

/// `template inspect` of a Word template: its kind, the page of its last section, headers and
/// footers, each of our roles' style (`how`: `name`, `outline` or `added`), the fonts and size
/// `Normal` and `heading 1` resolve to, and how many example blocks are dropped.
pub fn doc_template_inspect(t: &template::DocTemplate) -> Value {
    use specrender_layout::doc::template::{page_of, style_map};
    let page = page_of(t, "en-US");
    let inch = |e: i64| (e as f64 / 914_400.0 * 1000.0).round() / 1000.0;
    let styles: serde_json::Map<String, Value> = style_map(t)
        .into_iter()
        .map(|s| {
            (
                s.role.key(),
                json!({"id": s.id, "how": s.how, "from_template": s.from_template}),
            )
        })
        .collect();
    let font = |role: template::DocRole| {
        let id = t.style_for(role).map(|s| s.id.clone()).unwrap_or_default();
        let (latin, ea) = t.fonts_of(&id, "en-US");
        let size = t.run_props(&id).size_half_pt.map(|h| h as f64 / 2.0);
        json!({"latin": latin, "east_asian": ea, "size_pt": size})
    };
    json!({
        "kind": t.kind,
        "page": {
            "size": page.name,
            "width_in": inch(page.width),
            "height_in": inch(page.height),
            "landscape": t.section.landscape,
            "margins_in": page.margins.map(inch),
            "text_width_in": inch(page.text_width()),
            "columns": page.columns.map(|c| c.0).unwrap_or(1),
            "written": t.section.size.is_some(),
        },
        "headers": t.section.headers.iter().map(|(k, p)| json!({"type": k, "part": p})).collect::<Vec<_>>(),
        "footers": t.section.footers.iter().map(|(k, p)| json!({"type": k, "part": p})).collect::<Vec<_>>(),
        "styles": styles,
        "fonts": {"normal": font(template::DocRole::Normal), "heading1": font(template::DocRole::Heading(1))},
        "example_blocks": t.example_blocks,
        "dropped": t.dropped,
        "warnings": t.warnings,
    })
}

/// The text form of [`doc_template_inspect`].
pub fn doc_template_inspect_text(v: &Value) -> String {
    let mut s = format!(
        "{} template, page {} ({} x {} in, text width {} in)\n",
        v["kind"].as_str().unwrap_or(""),
        v["page"]["size"].as_str().unwrap_or(""),
        v["page"]["width_in"],
        v["page"]["height_in"],
        v["page"]["text_width_in"]
    );
    for (k, u) in v["styles"].as_object().into_iter().flatten() {
        s.push_str(&format!(
            "  {k:<20} {:<24} ({})\n",
            u["id"].as_str().unwrap_or(""),
            u["how"].as_str().unwrap_or("")
        ));
    }
    let dropped: Vec<template::Dropped> =
        serde_json::from_value(v["dropped"].clone()).unwrap_or_default();
    for d in &dropped {
        s.push_str(&template::policy::dropped_line(d));
        s.push('\n');
    }
    for w in v["warnings"].as_array().into_iter().flatten() {
        s.push_str(&format!("warning: {}\n", w.as_str().unwrap_or("")));
    }
    s
}

/// `template inspect`'s layout map: which template layout each layout id goes onto and how
/// ([`template::map_all`]), with where layout takes its slots from (the frame of a deck
/// without brand tokens on `t`).
pub fn template_layout_map(t: &Arc<template::Template>) -> Vec<template::Mapping> {
    let lang = spec::deck::LangFamily::Other;
    let frame = layout::frame::from_template(t, &spec::resolve::default_theme(lang), lang);
    let mut map = template::map_all(t, &|_| None);
    for m in &mut map {
        let l = frame.layouts.iter().find(|l| l.preset.id() == m.layout_id);
        m.slots = l.map(|l| l.template_layout.slots);
    }
    map
}

/// What `template inspect` warns about the template's theme fonts: a family that is neither
/// available nor a metric-compatible alias is measured with a stand-in or a substitute
/// (docs/guide/fonts.md). Heading and body fonts, Latin and the East Asian font of each of ko, ja,
/// zh-CN and zh-TW (an empty `ea` resolves through the theme's script fonts).
pub fn template_font_warnings(book: &FontBook, t: &template::Template) -> Vec<String> {
    use specrender_fonts::{MatchKind, ScriptClass};
    let Some(th) = t.theme() else {
        return Vec::new();
    };
    // (family, class) -> where the theme uses it, in first-use order.
    let mut uses: Vec<((String, ScriptClass), Vec<String>)> = Vec::new();
    let mut add = |family: &str, class: ScriptClass, use_: String| {
        if family.trim().is_empty() {
            return;
        }
        let key = (family.to_string(), class);
        match uses.iter_mut().find(|(k, _)| *k == key) {
            Some((_, v)) => {
                if !v.contains(&use_) {
                    v.push(use_)
                }
            }
            None => uses.push((key, vec![use_])),
        }
    };
    for (set, role) in [(&th.major, "headings"), (&th.minor, "body")] {
        add(&set.latin, ScriptClass::Latin, role.to_string());
        for lang in ["ko", "ja", "zh-CN", "zh-TW"] {
            add(
                set.ea_for(lang),
                ScriptClass::EastAsian,
                format!("{role} in {lang}"),
            );
        }
    }
    uses.into_iter()
        .filter_map(|((family, class), used)| {
            let used = used.join(", ");
            match book.resolve(&family, false, class).kind {
                MatchKind::Exact | MatchKind::Alias { .. } => None,
                MatchKind::StandIn { to } => Some(format!(
                    "font \"{family}\" ({used}) has no free metric-compatible clone: measured with the stand-in \"{to}\" (font_fallback); --fonts with the real files measures it exactly"
                )),
                MatchKind::Substituted { to } => Some(format!(
                    "font \"{family}\" ({used}) is not available: measured with \"{to}\" (font_fallback); pass --fonts with the real files"
                )),
            }
        })
        .collect()
}

/// `specrender check`: the QC report of a deck specrender did not make, from
/// the file's bytes (docs/guide/check.md). A file that is not a usable presentation is
/// [`Error::Input`]-like: `Err` with the message naming the part, exit code 2; a panic is
/// [`Error::Internal`].
pub fn check_file(
    bytes: Vec<u8>,
    fonts: &FontBook,
    opts: &specrender_check::CheckOptions,
) -> Result<Result<QcReport, specrender_check::CheckError>, Error> {
    guard(|| Ok(specrender_check::check(bytes, fonts, opts)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn failures_map_to_findings() {
        let v = Validation::from_failure(&SpecFailure::Malformed {
            line: 3,
            column: 7,
            message: "expected `,`".into(),
        });
        assert!(!v.valid);
        assert_eq!(v.exit_code(), 2);
        let j = serde_json::to_value(&v).unwrap();
        assert_eq!(j["errors"][0]["code"], "malformed_json");
        assert_eq!(j["errors"][0]["path"], "");
        assert_eq!(j["errors"][0]["line"], 3);
        assert_eq!(j["errors"][0]["column"], 7);
        assert!(j["errors"][0]["message"]
            .as_str()
            .unwrap()
            .contains("line 3, column 7"));
        let v = Validation::from_failure(&SpecFailure::TooLarge { size: 10, limit: 5 });
        assert_eq!(v.errors[0].code, "too_large");
        let e = |sev| SpecError {
            path: "/deck".into(),
            code: Code::Type,
            message: "m".into(),
            severity: sev,
        };
        let v = Validation::from_failure(&SpecFailure::Invalid(Findings {
            list: vec![e(ErrorSeverity::Error), e(ErrorSeverity::Warning)],
            errors: 1,
            warnings: 1,
        }));
        assert_eq!((v.errors.len(), v.warnings.len()), (1, 1));
        assert!(serde_json::to_value(&v).unwrap()["errors"][0]
            .get("line")
            .is_none());
    }

    #[test]
    fn llm_replies_are_told_from_broken_json() {
        let reply = |s: &str| looks_like_llm_reply(s.as_bytes());
        assert!(reply("Here you go:\n```json\n{\"a\": 1}\n```"));
        assert!(reply("```json\n{\"a\": 1,,}\n```"), "a fence, even broken");
        assert!(reply("Sure: {\"a\": 1} and done"));
        assert!(reply("  {\"a\": {\"b\": 1}}\n\nI hope this helps."));
        assert!(
            !reply("{\"a\": {\"b\": 1},, }"),
            "broken inside: not a reply"
        );
        assert!(!reply("no JSON here at all"));
        assert!(!reply(""));
        let f = with_hint(
            SpecFailure::Malformed {
                line: 1,
                column: 1,
                message: "expected value".into(),
            },
            "try X",
        );
        assert_eq!(
            describe_failure(&f),
            "malformed JSON at line 1, column 1: expected value; try X"
        );
        assert!(matches!(
            with_hint(SpecFailure::NoJsonFound, "x"),
            SpecFailure::NoJsonFound
        ));
    }

    #[test]
    fn guard_turns_panics_into_internal_errors() {
        let r: Result<(), Error> = guard(|| panic!("boom {}", 1));
        match r {
            Err(Error::Internal(m)) => assert_eq!(m, "boom 1"),
            other => panic!("{other:?}"),
        }
        assert_eq!(Error::Internal(String::new()).exit_code(), 4);
        assert_eq!(Error::Environment(String::new()).exit_code(), 3);
        assert_eq!(Error::Input(SpecFailure::NoJsonFound).exit_code(), 2);
    }
}
