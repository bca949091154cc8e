//! Failures on their way to Python: [`Fail`], the exceptions they become, and the
//! boundary that turns a panic into `InternalError`.

use super::*;

/// Why a call failed, before it becomes a Python exception (built once the GIL is held again).
pub(crate) enum Fail {
    Lib(Error),
    /// A template that is not usable (exit code 2).
    Template(String),
}

impl From<Error> for Fail {
    fn from(e: Error) -> Self {
        Fail::Lib(e)
    }
}

pub(crate) fn set_exit_code(py: Python<'_>, err: &PyErr, code: i32) {
    let _ = err.value(py).setattr("exit_code", code);
}

/// The JSON text as Python objects (`json.loads`: key order kept).
pub(crate) fn loads(py: Python<'_>, text: &str) -> PyResult<Py<PyAny>> {
    Ok(py.import("json")?.call_method1("loads", (text,))?.unbind())
}

pub(crate) fn to_pyerr(py: Python<'_>, fail: Fail) -> PyErr {
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
pub(crate) fn boundary<T>(py: Python<'_>, f: impl FnOnce() -> PyResult<T>) -> PyResult<T> {
    catch_unwind(AssertUnwindSafe(f)).unwrap_or_else(|p| {
        let m = specrender::panic_message(&*p);
        Err(to_pyerr(py, Fail::Lib(Error::Internal(m))))
    })
}

// ---------------------------------------------------------------------------------------------
// Arguments

/// `f` with a panic turned into an internal error (inside the GIL-free part).
pub(crate) fn guarded<T>(f: impl FnOnce() -> Result<T, Fail>) -> Result<T, Fail> {
    catch_unwind(AssertUnwindSafe(f))
        .unwrap_or_else(|p| Err(Fail::Lib(Error::Internal(specrender::panic_message(&*p)))))
}
