//! Tables and the document's outline: `table_ragged_rows` (decks and documents),
//! `table_overflow` of a document table too wide for the text area, `unbreakable_text`, and
//! `heading_skip`.

use super::{details, Described};
use crate::numbers::{cpt_value, fmt_cpt, fmt_in, inch_value};
use crate::{IssueKind, Severity};
use serde_json::{json, Value};
use specrender_spec::units::{Cpt, Emu};
use std::collections::BTreeMap;

/// `table_ragged_rows` of a deck's or a document's table: details and message.
pub(super) fn ragged_rows(
    label: &str,
    rows: &[(usize, usize)],
    columns: usize,
) -> (BTreeMap<String, Value>, String) {
    let list: Vec<Value> = rows
        .iter()
        .map(|(r, n)| json!({"row": r + 1, "cells": n}))
        .collect();
    let shown: Vec<String> = rows
        .iter()
        .take(5)
        .map(|(r, n)| format!("row {} has {n}", r + 1))
        .collect();
    let more = if rows.len() > 5 {
        format!(" and {} more", rows.len() - 5)
    } else {
        String::new()
    };
    (
        details(vec![("rows", json!(list)), ("columns", json!(columns))]),
        format!("{label}: the table has {columns} columns but {}{more}; short rows were padded with empty cells and long rows cut. Give every row {columns} cells (null for an empty one).", shown.join(", ")),
    )
}

/// A document table whose columns need more than the text width even at `size`.
pub(super) fn too_wide(
    label: &str,
    needed: Emu,
    width: Emu,
    columns: &[String],
    size: Cpt,
) -> Described {
    let names: Vec<String> = columns.iter().map(|c| format!("\"{c}\"")).collect();
    let message = format!(
        "{label}: the table's columns need {} in even at {} pt, the text area is {} in wide, so \
         words break inside columns {}; drop or merge columns, shorten their long words, numbers or URLs, or split the table.",
        fmt_in(needed), fmt_cpt(size), fmt_in(width), names.join(", ")
    );
    (
        IssueKind::TableOverflow,
        Severity::High,
        details(vec![
            ("needed_width_in", inch_value(needed)),
            ("text_width_in", inch_value(width)),
            ("columns_not_fitting", json!(columns)),
            ("font_pt", cpt_value(size)),
        ]),
        message,
    )
}

/// A table cell (`row` `None`: the header) whose unbreakable text is wider than its column.
pub(super) fn unbreakable(
    label: &str,
    (row, column): (Option<usize>, usize),
    text: &str,
    needed: Emu,
    width: Emu,
) -> Described {
    let cell = match row {
        Some(r) => format!("row {}, column {}", r + 1, column + 1),
        None => format!("the header of column {}", column + 1),
    };
    let message = format!(
        "{label}: {cell} holds {text:?}, which cannot break and needs {} in; its column is {} in, \
         so it will break inside a word. Shorten it or add spaces.",
        fmt_in(needed),
        fmt_in(width)
    );
    (
        IssueKind::UnbreakableText,
        Severity::Medium,
        details(vec![
            ("row", json!(row)),
            ("column", json!(column)),
            ("text", json!(text)),
            ("needed_width_in", inch_value(needed)),
            ("column_width_in", inch_value(width)),
        ]),
        message,
    )
}

/// A heading that skips levels (`h1` then `h3`).
pub(crate) fn heading_skip(block: &str, from: u8, to: u8) -> Described {
    let message = format!(
        "{block}: heading level {to} follows level {from}; make it level {} (or add the missing level), \
         so navigation and a table of contents nest correctly.",
        from + 1
    );
    (
        IssueKind::HeadingSkip,
        Severity::Medium,
        details(vec![("previous_level", json!(from)), ("level", json!(to))]),
        message,
    )
}
