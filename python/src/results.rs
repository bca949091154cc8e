//! What Python gets back: [`Rendered`] and [`Previews`].

use super::*;

/// The result of `render` / `qc`.
///
/// `data`: the PPTX (SlideSpec) or DOCX (DocSpec) bytes, `None` from `qc`; `format`: "pptx" or
/// "docx"; `qc`: the QC report as a dict (the JSON the CLI writes, `qc_json`); `layout`: every
/// placed box (the CLI's `--layout` JSON, `layout_json`), `None` when called with
/// `layout=False`; `exit_code`: the CLI's (0 QC passed, 1 high or medium issues); `passed`.
#[pyclass(frozen, module = "specrender", name = "Rendered")]
pub(crate) struct Rendered {
    #[pyo3(get)]
    pub(crate) data: Option<Py<PyBytes>>,
    /// The deck's PDF with `pdf=True`, else `None`.
    #[pyo3(get)]
    pub(crate) pdf: Option<Py<PyBytes>>,
    #[pyo3(get)]
    pub(crate) format: &'static str,
    #[pyo3(get)]
    pub(crate) qc_json: String,
    #[pyo3(get)]
    pub(crate) layout_json: Option<String>,
    #[pyo3(get)]
    pub(crate) exit_code: i32,
    pub(crate) qc: PyOnceLock<Py<PyAny>>,
    pub(crate) layout: PyOnceLock<Py<PyAny>>,
}

#[pymethods]
impl Rendered {
    /// The QC report as a dict (parsed once from `qc_json`).
    #[getter]
    pub(crate) fn qc(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        self.qc
            .get_or_try_init(py, || loads(py, &self.qc_json))
            .map(|v| v.clone_ref(py))
    }

    /// Every placed box as a dict (parsed once from `layout_json`), or `None`.
    #[getter]
    pub(crate) fn layout(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
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
    pub(crate) fn passed(&self) -> bool {
        self.exit_code == 0
    }

    pub(crate) fn __repr__(&self, py: Python<'_>) -> String {
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
    pub(crate) fn new(py: Python<'_>, d: Done) -> Rendered {
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
pub(crate) struct Previews {
    #[pyo3(get)]
    pub(crate) images: Vec<Py<PyBytes>>,
    #[pyo3(get)]
    pub(crate) names: Vec<String>,
    #[pyo3(get)]
    pub(crate) slide_ids: Vec<String>,
    #[pyo3(get)]
    pub(crate) sheet: Option<Py<PyBytes>>,
    #[pyo3(get)]
    pub(crate) qc_json: String,
    #[pyo3(get)]
    pub(crate) exit_code: i32,
    pub(crate) qc: PyOnceLock<Py<PyAny>>,
}

#[pymethods]
impl Previews {
    /// The QC report as a dict.
    #[getter]
    pub(crate) fn qc(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        self.qc
            .get_or_try_init(py, || loads(py, &self.qc_json))
            .map(|v| v.clone_ref(py))
    }

    #[getter]
    pub(crate) fn passed(&self) -> bool {
        self.exit_code == 0
    }

    pub(crate) fn __len__(&self) -> usize {
        self.images.len()
    }

    pub(crate) fn __repr__(&self) -> String {
        format!(
            "<specrender.Previews {} slides, exit_code={}>",
            self.images.len(),
            self.exit_code
        )
    }
}
