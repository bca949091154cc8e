//! What a call is given: the spec (a dict, JSON text or bytes, or a path), the template
//! (a path or bytes) and the font folders, read within the input limits.

use super::*;

/// The input: its bytes, or a file to read (then `assets` defaults to its folder, as in the CLI).
pub(crate) enum SpecIn {
    Bytes(Vec<u8>),
    /// A `str`: JSON text (a path must be a `pathlib.Path`; [`hinted`] says so).
    Text(Vec<u8>),
    File(PathBuf),
}

pub(crate) fn spec_in(py: Python<'_>, spec: &Bound<'_, PyAny>) -> PyResult<SpecIn> {
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
pub(crate) fn read_limited(path: &Path, max: u64) -> Result<Vec<u8>, Result<u64, std::io::Error>> {
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
    pub(crate) fn load(self, max: usize) -> Result<(Vec<u8>, Option<PathBuf>), Error> {
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
pub(crate) fn looks_like_path(bytes: &[u8]) -> bool {
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
pub(crate) fn hinted(e: Error, bytes: &[u8], text: bool, extract_json: bool) -> Error {
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

pub(crate) enum TemplateIn {
    File(PathBuf),
    Bytes(Vec<u8>),
}

pub(crate) fn template_in(t: Option<&Bound<'_, PyAny>>) -> PyResult<Option<TemplateIn>> {
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
pub(crate) fn font_dirs(fonts: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<PathBuf>> {
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
