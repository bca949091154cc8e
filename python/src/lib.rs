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

use specrender::options::Keywords;
use specrender::template::AnyTemplate;
use specrender::{
    Error, FontBook, Input, JobOptions, Outcome, ParseOptions, Parsed, RenderOptions, SpecFailure,
    TemplateCache, TemplateFail, TemplateStore, Validation,
};

mod errors;
mod input;
mod job;
mod results;

use errors::*;
use input::*;
use job::*;
use results::*;

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
