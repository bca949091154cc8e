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

mod deck;
mod doc;
mod inspect;
pub mod options;
pub mod outputs;
mod previews;
pub mod serve;
mod templates;
mod validation;

pub use specrender_check as check;
pub use specrender_fonts as fonts;
pub use specrender_layout as layout;
pub use specrender_qc as qc;
pub use specrender_renderer as renderer;
pub use specrender_spec as spec;

pub use deck::*;
pub use doc::*;
pub use inspect::*;
pub use options::JobOptions;
pub use previews::*;
pub use specrender_fonts::{FontBook, FontError, FontOptions};
pub use specrender_layout::model::{Autofit, LaidDeck};
pub use specrender_layout::{LayoutJson, LayoutOptions};
pub use specrender_model::embed::EmbedFonts;
pub use specrender_qc::{QcReport, Severity};
pub use specrender_renderer::PptxOptions;
pub use specrender_spec::{
    Code, ErrorSeverity, Findings, Input, ParseOptions, SpecError, SpecFailure, MAX_LISTED,
};
pub use templates::*;
pub use validation::*;

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
