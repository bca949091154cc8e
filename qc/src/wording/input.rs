//! The input's own trouble: values resolve could not use (their code as the type) and
//! validation warnings (`input_warning`), both low.

use super::{details, located};
use crate::{Issue, IssueKind, Severity};
use serde_json::json;
use specrender_model::Location;
use specrender_spec::deck::ResolveNote;
use specrender_spec::SpecError;

/// An input value resolve could not use. A deck's names its slide in the issue; a
/// document's says where by its JSON Pointer first.
pub(super) fn resolve_note(at: &Location, n: &ResolveNote) -> super::Described {
    let message = if at.in_document() {
        format!("{}: {}", n.path, n.message)
    } else {
        n.message.clone()
    };
    (
        IssueKind::Input(n.code),
        Severity::Low,
        details(vec![("path", json!(n.path))]),
        message,
    )
}

/// A validation warning (a semantic finding that is not an error) as a low `input_warning`
/// issue at `at`.
pub(crate) fn warning_issue(w: &SpecError, at: &Location) -> Issue {
    let message = if w.path.is_empty() {
        w.message.clone()
    } else {
        format!("{}: {}", w.path, w.message)
    };
    let d = details(vec![("path", json!(w.path)), ("code", json!(w.code))]);
    located(at, (IssueKind::InputWarning, Severity::Low, d, message))
}
