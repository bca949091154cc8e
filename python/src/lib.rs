//! specrender's Python binding: the extension module `specrender._specrender`, re-exported by
//! the pure-Python package `specrender` (python/specrender/__init__.py).
//!
//! Every call goes through the same library functions as the CLI (`specrender::render_parsed`,
//! `qc_parsed`, `validate`, `preview_parsed`) with the options the CLI builds from its flags,
//! so the bytes are the CLI's. An [`Engine`] holds the loaded font book and the templates it
//! has parsed (by SHA-256 of their bytes) and is shared by any number of Python threads: the
//! GIL is released while a job runs. Failures are Python exceptions under one base,
//! `SpecrenderError`; a Rust panic is caught at this boundary and raised as `InternalError`,
//! never as PyO3's `PanicException`.

use std::collections::HashMap;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

use pyo3::create_exception;
use pyo3::exceptions::{PyException, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBytes, PyDict, PyList, PyString};

use specrender::template::AnyTemplate;
use specrender::options::Keywords;
use specrender::{
    Error, FontBook, Input, JobOptions, Outcome, ParseOptions, Parsed, RenderOptions,
    SpecFailure, TemplateCache, TemplateFail, TemplateStore, Validation,
};

create_exception!(
    specrender,
    SpecrenderError,
    PyException,
    "Base of every error specrender raises. `exit_code` is the CLI's exit code for the same failure."
);
create_exception!(
    specrender,
    SpecError,
    SpecrenderError,
    "The input cannot be used (CLI exit code 2): malformed JSON, too large, or invalid. `errors` lists \
     them as `validate` does (dicts with `path` (a JSON Pointer), `code`, `message`), `validation` is \
     the whole `validate` result."
);
create_exception!(
    specrender,
    TemplateError,
    SpecrenderError,
    "The template is not a usable .pptx/.potx (decks) or .docx/.dotx (documents), or is of the other kind than the input (CLI exit code 2); the message names the part."
);
create_exception!(
    specrender,
    EnvError,
    SpecrenderError,
    "The environment failed (CLI exit code 3): fonts, a file or folder that cannot be read."
);
create_exception!(
    specrender,
    InternalError,
    SpecrenderError,
    "A bug in specrender (CLI exit code 4), including a panic caught at the boundary."
);

/// Why a call failed, before it becomes a Python exception (built once the GIL is held again).
enum Fail {
    Lib(Error),
    /// A template that is not usable (exit code 2).
    Template(String),
}

impl From<Error> for Fail {
    fn from(e: Error) -> Self {
        Fail::Lib(e)
    }
}

fn set_exit_code(py: Python<'_>, err: &PyErr, code: i32) {
    let _ = err.value(py).setattr("exit_code", code);
}

/// The JSON text as Python objects (`json.loads`: key order kept).
fn loads(py: Python<'_>, text: &str) -> PyResult<Py<PyAny>> {
    Ok(py.import("json")?.call_method1("loads", (text,))?.unbind())
}

fn to_pyerr(py: Python<'_>, fail: Fail) -> PyErr {
    let (err, code) = match fail {
        Fail::Lib(Error::Input(f)) => {
            let v = Validation::from_failure(&f);
            let mut msg = specrender::describe_failure(&f);
            for e in v.errors.iter().take(5) {
                let path = if e.path.is_empty() {
                    "(input)"
                } else {
                    &e.path
                };
                msg.push_str(&format!("\n  {path}: {} — {}", e.code, e.message));
            }
            if v.error_count > 5 {
                msg.push_str(&format!("\n  ... {} more", v.error_count - 5));
            }
            let err = SpecError::new_err(msg);
            let json = serde_json::to_string(&v).unwrap_or_else(|_| "{}".into());
            if let Ok(d) = loads(py, &json) {
                let value = err.value(py);
                let d = d.bind(py);
                let _ = value.setattr("validation", d);
                if let (Ok(e), Ok(w)) = (d.get_item("errors"), d.get_item("warnings")) {
                    let _ = value.setattr("errors", e);
                    let _ = value.setattr("warnings", w);
                }
            }
            (err, 2)
        }
        Fail::Lib(Error::Environment(m)) => (EnvError::new_err(format!("environment: {m}")), 3),
        Fail::Lib(Error::Internal(m)) => (InternalError::new_err(format!("internal: {m}")), 4),
        Fail::Template(m) => (TemplateError::new_err(m), 2),
    };
    set_exit_code(py, &err, code);
    err
}

/// Run `f` with a panic turned into `InternalError` (the Python-facing boundary).
fn boundary<T>(py: Python<'_>, f: impl FnOnce() -> PyResult<T>) -> PyResult<T> {
    catch_unwind(AssertUnwindSafe(f)).unwrap_or_else(|p| {
        let m = specrender::panic_message(&*p);
        Err(to_pyerr(py, Fail::Lib(Error::Internal(m))))
    })
}

// ---------------------------------------------------------------------------------------------
// Arguments

/// The input: its bytes, or a file to read (then `assets` defaults to its folder, as in the CLI).
enum SpecIn {
    Bytes(Vec<u8>),
    /// A `str`: JSON text (a path must be a `pathlib.Path`; [`hinted`] says so).
    Text(Vec<u8>),
    File(PathBuf),
}

fn spec_in(py: Python<'_>, spec: &Bound<'_, PyAny>) -> PyResult<SpecIn> {
    if let Ok(b) = spec.cast::<PyBytes>() {
        return Ok(SpecIn::Bytes(b.as_bytes().to_vec()));
    }
    if let Ok(s) = spec.cast::<PyString>() {
        return Ok(SpecIn::Text(s.to_cow()?.as_bytes().to_vec()));
    }
    if spec.cast::<PyDict>().is_ok() || spec.cast::<PyList>().is_ok() {
        let kwargs = PyDict::new(py);
        kwargs.set_item("ensure_ascii", false)?;
        let text = py
            .import("json")?
            .call_method("dumps", (spec,), Some(&kwargs))?;
        return Ok(SpecIn::Bytes(
            text.cast::<PyString>()?.to_cow()?.as_bytes().to_vec(),
        ));
    }
    if spec.hasattr("__fspath__")? {
        return Ok(SpecIn::File(spec.extract::<PathBuf>()?));
    }
    if let Ok(v) = spec.extract::<Vec<u8>>() {
        return Ok(SpecIn::Bytes(v));
    }
    Err(PyTypeError::new_err(format!(
        "spec must be a dict, str, bytes or os.PathLike, not {}",
        spec.get_type().name()?
    )))
}

/// A file's bytes, refusing more than `max` without reading it all; `Err(Some(size))` when too
/// large, `Err(None)` with the I/O error in `io`.
fn read_limited(path: &Path, max: u64) -> Result<Vec<u8>, Result<u64, std::io::Error>> {
    use std::io::Read;
    let f = std::fs::File::open(path).map_err(Err)?;
    let mut buf = Vec::new();
    f.take(max + 1).read_to_end(&mut buf).map_err(Err)?;
    if buf.len() as u64 > max {
        let size = std::fs::metadata(path).map_or(buf.len() as u64, |m| m.len());
        return Err(Ok(size));
    }
    Ok(buf)
}

impl SpecIn {
    /// The bytes (a file read as the CLI reads its INPUT) and the folder assets default to.
    fn load(self, max: usize) -> Result<(Vec<u8>, Option<PathBuf>), Error> {
        match self {
            SpecIn::Bytes(b) | SpecIn::Text(b) => Ok((b, None)),
            SpecIn::File(p) => {
                let bytes = read_limited(&p, max as u64).map_err(|e| match e {
                    Ok(size) => Error::Input(SpecFailure::TooLarge {
                        size: size as usize,
                        limit: max,
                    }),
                    Err(e) => Error::Environment(format!("cannot read {}: {e}", p.display())),
                })?;
                let dir = p
                    .parent()
                    .filter(|d| !d.as_os_str().is_empty())
                    .unwrap_or(Path::new("."))
                    .to_path_buf();
                Ok((bytes, Some(dir)))
            }
        }
    }
}

/// A `str` that failed to parse and reads as a file path: one line, no JSON brackets or quotes,
/// and ending in `.json`, holding a path separator, or naming a file that exists.
fn looks_like_path(bytes: &[u8]) -> bool {
    let Ok(t) = std::str::from_utf8(bytes) else {
        return false;
    };
    let t = t.trim();
    !t.is_empty()
        && t.len() <= 4096
        && !t.contains(['\n', '{', '[', '"'])
        && (t.to_ascii_lowercase().ends_with(".json")
            || t.contains(['/', '\\'])
            || Path::new(t).is_file())
}

/// A `malformed_json` failure with a hint, as the CLI gives one: a `str` that looks like a
/// path (a `str` is JSON text: pass a `pathlib.Path`), or an LLM reply read without
/// `extract_json=True`. Any other error unchanged.
fn hinted(e: Error, bytes: &[u8], text: bool, extract_json: bool) -> Error {
    let fail = match e {
        Error::Input(fail @ SpecFailure::Malformed { .. }) => fail,
        e => return e,
    };
    let hint = if text && looks_like_path(bytes) {
        let t = String::from_utf8_lossy(bytes);
        format!(
            "spec is a str, which is read as JSON text, and this one looks like a file path: \
             pass pathlib.Path({:?}) to read the file",
            t.trim()
        )
    } else if !extract_json && specrender::looks_like_llm_reply(bytes) {
        "the input looks like an LLM reply (text or a ```json fence around the JSON): pass \
         extract_json=True to read the JSON out of it"
            .to_string()
    } else {
        return Error::Input(fail);
    };
    Error::Input(specrender::with_hint(fail, &hint))
}

enum TemplateIn {
    File(PathBuf),
    Bytes(Vec<u8>),
}

fn template_in(t: Option<&Bound<'_, PyAny>>) -> PyResult<Option<TemplateIn>> {
    let Some(t) = t.filter(|t| !t.is_none()) else {
        return Ok(None);
    };
    if let Ok(b) = t.cast::<PyBytes>() {
        return Ok(Some(TemplateIn::Bytes(b.as_bytes().to_vec())));
    }
    match t.extract::<PathBuf>() {
        Ok(p) => Ok(Some(TemplateIn::File(p))),
        Err(_) => Err(PyTypeError::new_err(
            "template must be a path (str or os.PathLike) or the bytes of a .pptx/.potx/.docx/.dotx",
        )),
    }
}

/// `fonts=`: one folder (or font file) or a sequence of them.
fn font_dirs(fonts: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<PathBuf>> {
    let Some(f) = fonts.filter(|f| !f.is_none()) else {
        return Ok(Vec::new());
    };
    if let Ok(p) = f.extract::<PathBuf>() {
        return Ok(vec![p]);
    }
    f.extract::<Vec<PathBuf>>().map_err(|_| {
        PyTypeError::new_err("fonts must be a folder path or a sequence of folder paths")
    })
}

/// The per-call options (everything but the fonts), gathered while holding the GIL.
struct Call {
    spec: SpecIn,
    assets: Option<PathBuf>,
    template: Option<TemplateIn>,
    /// The keyword arguments of the job ([`JobOptions::from_keywords`]).
    job: JobOptions,
    layout: bool,
    /// Also write the deck's PDF (`render(..., pdf=True)`).
    pdf: bool,
}

/// The keyword arguments every call shares besides its words (`autofit`, `citations`,
/// `embed_fonts`: a call without one passes its default word).
struct Common {
    slide_numbers: bool,
    threads: usize,
    extract_json: bool,
    max_bytes: Option<usize>,
    layout: bool,
}

fn call(
    py: Python<'_>,
    spec: &Bound<'_, PyAny>,
    assets: Option<PathBuf>,
    template: Option<&Bound<'_, PyAny>>,
    words: Keywords<'_>,
    c: Common,
) -> PyResult<Call> {
    let spec = spec_in(py, spec)?;
    let template = template_in(template)?;
    let job = JobOptions::from_keywords(
        words,
        c.slide_numbers,
        c.threads,
        c.extract_json,
        c.max_bytes,
    )
    .map_err(PyValueError::new_err)?;
    Ok(Call {
        spec,
        assets,
        template,
        job,
        layout: c.layout,
        pdf: false,
    })
}

/// The words of a call that takes neither `autofit` nor `citations` nor `embed_fonts`.
const NO_WORDS: Keywords<'static> = Keywords {
    autofit: "shrink",
    citations: "footnotes",
    embed_fonts: "none",
};

fn parse_options(extract_json: bool, max_bytes: Option<usize>) -> ParseOptions {
    JobOptions {
        extract_json,
        max_bytes,
        ..JobOptions::default()
    }
    .parse_options()
}

// ---------------------------------------------------------------------------------------------
// The engine

/// Fonts and parsed templates, shared by every call and thread.
struct Inner {
    book: FontBook,
    /// Templates given by path or bytes (either kind), parsed once per content.
    templates: TemplateCache,
    /// `templates=DIR`: decks' `template_id`s resolved there (`--templates`).
    store: Option<Arc<TemplateStore>>,
}

impl Inner {
    fn load(dirs: &[PathBuf], system: bool, templates: Option<PathBuf>) -> Result<Inner, Error> {
        let book = specrender::load_fonts(&specrender::font_options(dirs, system))?;
        Ok(Inner {
            book,
            templates: TemplateCache::default(),
            store: templates.map(|d| Arc::new(TemplateStore::new(d))),
        })
    }

    /// A template read and parsed as `--template FILE` is (same limits, same errors), or taken
    /// from the cache when the same bytes were parsed before.
    /// Returns the template and the name errors give it (the path, or `(bytes)`).
    fn template(&self, t: TemplateIn) -> Result<(AnyTemplate, String), Fail> {
        let fail = |f| match f {
            TemplateFail::Unusable(m) => Fail::Template(m),
            TemplateFail::Error(e) => Fail::Lib(e),
        };
        match t {
            TemplateIn::File(p) => {
                let t = self.templates.load(&p).map_err(fail)?;
                Ok((t, p.display().to_string()))
            }
            TemplateIn::Bytes(b) => {
                let name = "(bytes)".to_string();
                let t = self.templates.parse(b, &name).map_err(fail)?;
                Ok((t, name))
            }
        }
    }

    /// Parse the input and build the CLI's options for it.
    fn prepare(&self, c: Call, layout_json: bool) -> Result<(Parsed, RenderOptions), Fail> {
        let parse = c.job.parse_options();
        let text = matches!(c.spec, SpecIn::Text(_));
        let (bytes, dir) = c.spec.load(parse.max_bytes)?;
        let parsed = specrender::parse(&bytes, &parse)
            .map_err(|e| hinted(e, &bytes, text, parse.extract_json))?;
        drop(bytes);
        let assets_root = match c.assets {
            Some(d) => {
                if !d.is_dir() {
                    return Err(Fail::Lib(Error::Environment(format!(
                        "assets folder {} cannot be read",
                        d.display()
                    ))));
                }
                Some(d)
            }
            None => dir,
        };
        let template = c.template.map(|t| self.template(t)).transpose()?;
        // A template of the other kind than the input is refused as the CLI refuses it.
        if let Some((t, name)) = &template {
            specrender::template_fits(&parsed.input, Some(t), name).map_err(Fail::Template)?;
        }
        let opts = RenderOptions {
            layout_json,
            assets_root,
            templates: self.store.clone(),
            ..c.job.render_options()
        }
        .with_template(template.map(|(t, _)| t));
        Ok((parsed, opts))
    }

    fn run(&self, c: Call, write: bool) -> Result<Done, Fail> {
        let (layout, c_pdf) = (c.layout, c.pdf);
        let (parsed, opts) = self.prepare(c, layout)?;
        let format = match parsed.input {
            Input::Doc(_) => "docx",
            Input::Slides(_) => "pptx",
        };
        let mut pdf = None;
        let outcome: Outcome = if write && c_pdf {
            let (o, p) =
                specrender::render_with_pdf(&parsed, &self.book, &opts, &mut |_, _, _| {})?;
            pdf = Some(p.bytes);
            o
        } else if write {
            specrender::render_parsed(&parsed, &self.book, &opts, &mut |_, _, _| {})?
        } else {
            specrender::qc_parsed(&parsed, &self.book, &opts, &mut |_, _, _| {})?
        };
        // Serialised straight from the laid deck (no tree of it is built).
        let layout_json = outcome.layout.as_ref().map(|l| l.to_pretty());
        Ok(Done {
            qc_json: outcome.qc.to_json_pretty(),
            exit_code: outcome.qc.exit_code(),
            data: outcome.pptx.or(outcome.docx),
            format,
            layout_json,
            pdf,
        })
    }

    /// `sheet`: also the contact sheet, drawn as `preview --sheet` draws it.
    fn preview(&self, c: Call, width: u32, highlight: bool, sheet: bool) -> Result<Drawn, Fail> {
        let (parsed, opts) = self.prepare(c, false)?;
        if let Input::Doc(_) = parsed.input {
            return Err(Fail::Lib(Error::Internal(
                "preview draws slides; a DocSpec has none".into(),
            )));
        }
        let popts = specrender_preview::PreviewOptions { width, highlight };
        let sopts = sheet.then(|| specrender_preview::SheetOptions {
            highlight,
            ..Default::default()
        });
        let drawn = specrender::previews_parsed(
            &parsed,
            &self.book,
            &opts,
            &popts,
            sopts.as_ref(),
            specrender::Also::default(),
            &mut |_, _, _| {},
        )?;
        let (pngs, qc) = (drawn.slides, drawn.outcome.qc);
        Ok(Drawn {
            names: pngs.iter().map(|p| p.file_name.clone()).collect(),
            slide_ids: pngs.iter().map(|p| p.slide_id.clone()).collect(),
            pngs: pngs.into_iter().map(|p| p.png).collect(),
            sheet: drawn.sheet,
            qc_json: qc.to_json_pretty(),
            exit_code: qc.exit_code(),
        })
    }
}

/// A finished render or QC run, before it becomes a [`Rendered`].
struct Done {
    data: Option<Vec<u8>>,
    pdf: Option<Vec<u8>>,
    format: &'static str,
    qc_json: String,
    exit_code: i32,
    layout_json: Option<String>,
}

struct Drawn {
    names: Vec<String>,
    slide_ids: Vec<String>,
    pngs: Vec<Vec<u8>>,
    sheet: Option<Vec<u8>>,
    qc_json: String,
    exit_code: i32,
}

/// The result of `render` / `qc`.
///
/// `data`: the PPTX (SlideSpec) or DOCX (DocSpec) bytes, `None` from `qc`; `format`: "pptx" or
/// "docx"; `qc`: the QC report as a dict (the JSON the CLI writes, `qc_json`); `layout`: every
/// placed box (the CLI's `--layout` JSON, `layout_json`), `None` when called with
/// `layout=False`; `exit_code`: the CLI's (0 QC passed, 1 high or medium issues); `passed`.
#[pyclass(frozen, module = "specrender", name = "Rendered")]
struct Rendered {
    #[pyo3(get)]
    data: Option<Py<PyBytes>>,
    /// The deck's PDF with `pdf=True`, else `None`.
    #[pyo3(get)]
    pdf: Option<Py<PyBytes>>,
    #[pyo3(get)]
    format: &'static str,
    #[pyo3(get)]
    qc_json: String,
    #[pyo3(get)]
    layout_json: Option<String>,
    #[pyo3(get)]
    exit_code: i32,
    qc: PyOnceLock<Py<PyAny>>,
    layout: PyOnceLock<Py<PyAny>>,
}

#[pymethods]
impl Rendered {
    /// The QC report as a dict (parsed once from `qc_json`).
    #[getter]
    fn qc(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        self.qc
            .get_or_try_init(py, || loads(py, &self.qc_json))
            .map(|v| v.clone_ref(py))
    }

    /// Every placed box as a dict (parsed once from `layout_json`), or `None`.
    #[getter]
    fn layout(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        match &self.layout_json {
            None => Ok(py.None()),
            Some(j) => self
                .layout
                .get_or_try_init(py, || loads(py, j))
                .map(|v| v.clone_ref(py)),
        }
    }

    /// True when QC found no high or medium issue (`exit_code == 0`).
    #[getter]
    fn passed(&self) -> bool {
        self.exit_code == 0
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        let size = self.data.as_ref().map(|d| d.bind(py).as_bytes().len());
        match size {
            Some(n) => format!(
                "<specrender.Rendered {} {n} bytes, exit_code={}>",
                self.format, self.exit_code
            ),
            None => format!(
                "<specrender.Rendered {} (qc only), exit_code={}>",
                self.format, self.exit_code
            ),
        }
    }
}

impl Rendered {
    fn new(py: Python<'_>, d: Done) -> Rendered {
        Rendered {
            data: d.data.map(|b| PyBytes::new(py, &b).unbind()),
            pdf: d.pdf.map(|b| PyBytes::new(py, &b).unbind()),
            format: d.format,
            qc_json: d.qc_json,
            layout_json: d.layout_json,
            exit_code: d.exit_code,
            qc: PyOnceLock::new(),
            layout: PyOnceLock::new(),
        }
    }
}

/// The result of `preview`: `images` (one PNG per output slide, in order), `names`
/// (`NNN-<slide_id>.png`, as the CLI names the files), `slide_ids`, `sheet` (the contact
/// sheet's PNG with `sheet=True`, else `None`), `qc` / `qc_json`, `exit_code` and `passed` as
/// for `Rendered`.
#[pyclass(frozen, module = "specrender", name = "Previews")]
struct Previews {
    #[pyo3(get)]
    images: Vec<Py<PyBytes>>,
    #[pyo3(get)]
    names: Vec<String>,
    #[pyo3(get)]
    slide_ids: Vec<String>,
    #[pyo3(get)]
    sheet: Option<Py<PyBytes>>,
    #[pyo3(get)]
    qc_json: String,
    #[pyo3(get)]
    exit_code: i32,
    qc: PyOnceLock<Py<PyAny>>,
}

#[pymethods]
impl Previews {
    /// The QC report as a dict.
    #[getter]
    fn qc(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        self.qc
            .get_or_try_init(py, || loads(py, &self.qc_json))
            .map(|v| v.clone_ref(py))
    }

    #[getter]
    fn passed(&self) -> bool {
        self.exit_code == 0
    }

    fn __len__(&self) -> usize {
        self.images.len()
    }

    fn __repr__(&self) -> String {
        format!(
            "<specrender.Previews {} slides, exit_code={}>",
            self.images.len(),
            self.exit_code
        )
    }
}

/// Loaded fonts and parsed templates, reused by every call and thread.
///
/// `Engine(fonts=None, system_fonts=False, templates=None)`: `fonts` is a folder (or a
/// sequence of folders) searched before `$SPECRENDER_FONTS` and the shipped fonts, which are
/// inside the module; `system_fonts` also loads the system's; `templates` is a folder where a
/// `template_id` is looked up (`<id>.pptx` / `<id>.potx`, a document's `<id>.docx` /
/// `<id>.dotx`). Loading takes a fraction of a second: make one per process (or per worker)
/// and share it. The GIL is
/// released while a job runs, so threads calling one engine render in parallel.
#[pyclass(frozen, module = "specrender", name = "Engine")]
struct Engine {
    inner: Arc<Inner>,
}

#[pymethods]
impl Engine {
    #[new]
    #[pyo3(signature = (*, fonts=None, system_fonts=false, templates=None))]
    fn new(
        py: Python<'_>,
        fonts: Option<&Bound<'_, PyAny>>,
        system_fonts: bool,
        templates: Option<PathBuf>,
    ) -> PyResult<Engine> {
        let dirs = font_dirs(fonts)?;
        boundary(py, || {
            let inner = py
                .detach(|| specrender::guard(|| Inner::load(&dirs, system_fonts, templates)))
                .map_err(|e| to_pyerr(py, Fail::Lib(e)))?;
            Ok(Engine {
                inner: Arc::new(inner),
            })
        })
    }

    /// Lay out, check and write: a `Rendered` with the PPTX or DOCX bytes. See `specrender.render`.
    #[pyo3(signature = (spec, *, assets=None, template=None, autofit="shrink", slide_numbers=true,
        threads=0, citations="footnotes", extract_json=false, max_bytes=None, layout=true,
        pdf=false, embed_fonts="none"))]
    #[allow(clippy::too_many_arguments)]
    fn render(
        &self,
        py: Python<'_>,
        spec: &Bound<'_, PyAny>,
        assets: Option<PathBuf>,
        template: Option<&Bound<'_, PyAny>>,
        autofit: &str,
        slide_numbers: bool,
        threads: usize,
        citations: &str,
        extract_json: bool,
        max_bytes: Option<usize>,
        layout: bool,
        pdf: bool,
        embed_fonts: &str,
    ) -> PyResult<Rendered> {
        let mut c = call(
            py,
            spec,
            assets,
            template,
            Keywords {
                autofit,
                citations,
                embed_fonts,
            },
            Common {
                slide_numbers,
                threads,
                extract_json,
                max_bytes,
                layout,
            },
        )?;
        c.pdf = pdf;
        run(py, &self.inner, c, true)
    }

    /// Lay out and check, writing nothing: a `Rendered` whose `data` is `None`. No `autofit`:
    /// it only changes the PPTX written (`render`), as the CLI's `qc` has no `--autofit`.
    #[pyo3(signature = (spec, *, assets=None, template=None, slide_numbers=true,
        threads=0, citations="footnotes", extract_json=false, max_bytes=None, layout=true))]
    #[allow(clippy::too_many_arguments)]
    fn qc(
        &self,
        py: Python<'_>,
        spec: &Bound<'_, PyAny>,
        assets: Option<PathBuf>,
        template: Option<&Bound<'_, PyAny>>,
        slide_numbers: bool,
        threads: usize,
        citations: &str,
        extract_json: bool,
        max_bytes: Option<usize>,
        layout: bool,
    ) -> PyResult<Rendered> {
        let c = call(
            py,
            spec,
            assets,
            template,
            Keywords {
                autofit: "shrink",
                citations,
                embed_fonts: "none",
            },
            Common {
                slide_numbers,
                threads,
                extract_json,
                max_bytes,
                layout,
            },
        )?;
        run(py, &self.inner, c, false)
    }

    /// Draw one PNG per output slide from the laid-out deck (and with `sheet=True` the contact
    /// sheet, as `preview --sheet`): a `Previews`. No `autofit` (it only changes the PPTX
    /// written) and no `citations` (previews draw decks), as the CLI's `preview`.
    #[pyo3(signature = (spec, *, width=specrender_preview::DEFAULT_WIDTH, highlight=false,
        sheet=false, assets=None, template=None, slide_numbers=true, threads=0,
        extract_json=false, max_bytes=None))]
    #[allow(clippy::too_many_arguments)]
    fn preview(
        &self,
        py: Python<'_>,
        spec: &Bound<'_, PyAny>,
        width: u32,
        highlight: bool,
        sheet: bool,
        assets: Option<PathBuf>,
        template: Option<&Bound<'_, PyAny>>,
        slide_numbers: bool,
        threads: usize,
        extract_json: bool,
        max_bytes: Option<usize>,
    ) -> PyResult<Previews> {
        if !(16..=specrender_preview::MAX_WIDTH).contains(&width) {
            return Err(PyValueError::new_err(format!(
                "width {width} is outside 16..={}",
                specrender_preview::MAX_WIDTH
            )));
        }
        let c = call(
            py,
            spec,
            assets,
            template,
            NO_WORDS,
            Common {
                slide_numbers,
                threads,
                extract_json,
                max_bytes,
                layout: false,
            },
        )?;
        let inner = self.inner.clone();
        boundary(py, || {
            let drawn = py
                .detach(|| guarded(|| inner.preview(c, width, highlight, sheet)))
                .map_err(|f| to_pyerr(py, f))?;
            Ok(Previews {
                images: drawn
                    .pngs
                    .iter()
                    .map(|b| PyBytes::new(py, b).unbind())
                    .collect(),
                names: drawn.names,
                slide_ids: drawn.slide_ids,
                sheet: drawn.sheet.map(|b| PyBytes::new(py, &b).unbind()),
                qc_json: drawn.qc_json,
                exit_code: drawn.exit_code,
                qc: PyOnceLock::new(),
            })
        })
    }

    /// Every error and warning of an input, as the CLI's `validate` prints them (a dict).
    #[pyo3(signature = (spec, *, extract_json=false, max_bytes=None))]
    fn validate(
        &self,
        py: Python<'_>,
        spec: &Bound<'_, PyAny>,
        extract_json: bool,
        max_bytes: Option<usize>,
    ) -> PyResult<Py<PyAny>> {
        validate_impl(py, spec, extract_json, max_bytes)
    }

    fn __repr__(&self) -> String {
        format!(
            "<specrender.Engine {} font faces>",
            self.inner.book.faces().count()
        )
    }
}

/// `f` with a panic turned into an internal error (inside the GIL-free part).
fn guarded<T>(f: impl FnOnce() -> Result<T, Fail>) -> Result<T, Fail> {
    catch_unwind(AssertUnwindSafe(f))
        .unwrap_or_else(|p| Err(Fail::Lib(Error::Internal(specrender::panic_message(&*p)))))
}

fn run(py: Python<'_>, inner: &Arc<Inner>, c: Call, write: bool) -> PyResult<Rendered> {
    boundary(py, || {
        let done = py
            .detach(|| guarded(|| inner.run(c, write)))
            .map_err(|f| to_pyerr(py, f))?;
        Ok(Rendered::new(py, done))
    })
}

fn validate_impl(
    py: Python<'_>,
    spec: &Bound<'_, PyAny>,
    extract_json: bool,
    max_bytes: Option<usize>,
) -> PyResult<Py<PyAny>> {
    let spec = spec_in(py, spec)?;
    boundary(py, || {
        let json = py
            .detach(|| {
                guarded(|| {
                    let opts = parse_options(extract_json, max_bytes);
                    let text = matches!(spec, SpecIn::Text(_));
                    let v = match spec.load(opts.max_bytes) {
                        Ok((bytes, _)) => match specrender::parse(&bytes, &opts) {
                            Ok(p) => Validation::ok(&p.warnings),
                            Err(e) => match hinted(e, &bytes, text, opts.extract_json) {
                                Error::Input(fail) => Validation::from_failure(&fail),
                                e => return Err(Fail::Lib(e)),
                            },
                        },
                        Err(Error::Input(fail)) => Validation::from_failure(&fail),
                        Err(e) => return Err(Fail::Lib(e)),
                    };
                    serde_json::to_string(&v).map_err(|e| Fail::Lib(Error::Internal(e.to_string())))
                })
            })
            .map_err(|f| to_pyerr(py, f))?;
        loads(py, &json)
    })
}

// ---------------------------------------------------------------------------------------------
// Module-level functions: one shared engine per font configuration

/// Engines of the module-level functions, by (font folders after `$SPECRENDER_FONTS`, system).
type EngineKey = (Vec<PathBuf>, bool);

fn shared_engine(py: Python<'_>, fonts: Option<&Bound<'_, PyAny>>) -> PyResult<Arc<Inner>> {
    static ENGINES: OnceLock<Mutex<HashMap<EngineKey, Arc<Inner>>>> = OnceLock::new();
    let dirs = font_dirs(fonts)?;
    let key: EngineKey = (specrender::font_options(&dirs, false).dirs, false);
    let engines = ENGINES.get_or_init(Default::default);
    if let Some(e) = engines.lock().unwrap_or_else(|p| p.into_inner()).get(&key) {
        return Ok(e.clone());
    }
    // Loaded without the lock (and without the GIL): two threads may both load; one is kept.
    let inner = boundary(py, || {
        py.detach(|| specrender::guard(|| Inner::load(&dirs, false, None)))
            .map_err(|e| to_pyerr(py, Fail::Lib(e)))
    })?;
    let mut map = engines.lock().unwrap_or_else(|p| p.into_inner());
    Ok(map.entry(key).or_insert_with(|| Arc::new(inner)).clone())
}

/// Render `spec` (a dict, JSON str or bytes, or a path to a file) to PPTX (SlideSpec) or DOCX
/// (DocSpec): a `Rendered`. Uses a shared engine for `fonts` (loaded on first use).
#[pyfunction]
#[pyo3(signature = (spec, *, assets=None, template=None, fonts=None, autofit="shrink",
    slide_numbers=true, threads=0, citations="footnotes", extract_json=false, max_bytes=None,
    layout=true, pdf=false, embed_fonts="none"))]
#[allow(clippy::too_many_arguments)]
fn render(
    py: Python<'_>,
    spec: &Bound<'_, PyAny>,
    assets: Option<PathBuf>,
    template: Option<&Bound<'_, PyAny>>,
    fonts: Option<&Bound<'_, PyAny>>,
    autofit: &str,
    slide_numbers: bool,
    threads: usize,
    citations: &str,
    extract_json: bool,
    max_bytes: Option<usize>,
    layout: bool,
    pdf: bool,
    embed_fonts: &str,
) -> PyResult<Rendered> {
    let mut c = call(
        py,
        spec,
        assets,
        template,
        Keywords {
            autofit,
            citations,
            embed_fonts,
        },
        Common {
            slide_numbers,
            threads,
            extract_json,
            max_bytes,
            layout,
        },
    )?;
    c.pdf = pdf;
    let inner = shared_engine(py, fonts)?;
    run(py, &inner, c, true)
}

/// Lay out and check `spec` without writing: a `Rendered` whose `data` is `None` (no
/// `autofit`: see `Engine.qc`).
#[pyfunction]
#[pyo3(signature = (spec, *, assets=None, template=None, fonts=None,
    slide_numbers=true, threads=0, citations="footnotes", extract_json=false, max_bytes=None,
    layout=true))]
#[allow(clippy::too_many_arguments)]
fn qc(
    py: Python<'_>,
    spec: &Bound<'_, PyAny>,
    assets: Option<PathBuf>,
    template: Option<&Bound<'_, PyAny>>,
    fonts: Option<&Bound<'_, PyAny>>,
    slide_numbers: bool,
    threads: usize,
    citations: &str,
    extract_json: bool,
    max_bytes: Option<usize>,
    layout: bool,
) -> PyResult<Rendered> {
    let c = call(
        py,
        spec,
        assets,
        template,
        Keywords {
            autofit: "shrink",
            citations,
            embed_fonts: "none",
        },
        Common {
            slide_numbers,
            threads,
            extract_json,
            max_bytes,
            layout,
        },
    )?;
    let inner = shared_engine(py, fonts)?;
    run(py, &inner, c, false)
}

/// Draw one PNG per output slide of `spec`: a `Previews`.
#[pyfunction]
#[pyo3(signature = (spec, *, width=specrender_preview::DEFAULT_WIDTH, highlight=false,
    sheet=false, assets=None, template=None, fonts=None, slide_numbers=true, threads=0,
    extract_json=false, max_bytes=None))]
#[allow(clippy::too_many_arguments)]
fn preview(
    py: Python<'_>,
    spec: &Bound<'_, PyAny>,
    width: u32,
    highlight: bool,
    sheet: bool,
    assets: Option<PathBuf>,
    template: Option<&Bound<'_, PyAny>>,
    fonts: Option<&Bound<'_, PyAny>>,
    slide_numbers: bool,
    threads: usize,
    extract_json: bool,
    max_bytes: Option<usize>,
) -> PyResult<Previews> {
    let inner = shared_engine(py, fonts)?;
    let engine = Engine { inner };
    engine.preview(
        py,
        spec,
        width,
        highlight,
        sheet,
        assets,
        template,
        slide_numbers,
        threads,
        extract_json,
        max_bytes,
    )
}

/// Every error and warning of `spec`, as the CLI's `validate` prints them: a dict with
/// `valid`, `errors`, `warnings`, `error_count`, `warning_count`, `max_listed`. An invalid
/// input is reported here, not raised.
#[pyfunction]
#[pyo3(signature = (spec, *, extract_json=false, max_bytes=None))]
fn validate(
    py: Python<'_>,
    spec: &Bound<'_, PyAny>,
    extract_json: bool,
    max_bytes: Option<usize>,
) -> PyResult<Py<PyAny>> {
    validate_impl(py, spec, extract_json, max_bytes)
}

/// Panics inside the boundary (with the GIL released, or held when `gil_held`), for the tests
/// that prove a panic arrives as `InternalError`.
#[pyfunction]
#[pyo3(signature = (gil_held=false))]
fn _panic_for_tests(py: Python<'_>, gil_held: bool) -> PyResult<()> {
    if gil_held {
        return boundary(py, || panic!("test panic with the GIL held"));
    }
    boundary(py, || {
        py.detach(|| guarded(|| -> Result<(), Fail> { panic!("test panic") }))
            .map_err(|f| to_pyerr(py, f))
    })
}

#[pymodule]
fn _specrender(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("SpecrenderError", py.get_type::<SpecrenderError>())?;
    m.add("SpecError", py.get_type::<SpecError>())?;
    m.add("TemplateError", py.get_type::<TemplateError>())?;
    m.add("EnvError", py.get_type::<EnvError>())?;
    m.add("InternalError", py.get_type::<InternalError>())?;
    m.add_class::<Engine>()?;
    m.add_class::<Rendered>()?;
    m.add_class::<Previews>()?;
    m.add_function(wrap_pyfunction!(render, m)?)?;
    m.add_function(wrap_pyfunction!(qc, m)?)?;
    m.add_function(wrap_pyfunction!(preview, m)?)?;
    m.add_function(wrap_pyfunction!(validate, m)?)?;
    m.add_function(wrap_pyfunction!(_panic_for_tests, m)?)?;
    m.add("ENGINE_VERSION", env!("CARGO_PKG_VERSION"))?;
    m.add("DEFAULT_PREVIEW_WIDTH", specrender_preview::DEFAULT_WIDTH)?;
    Ok(())
}
