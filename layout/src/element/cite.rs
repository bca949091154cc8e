//! Citation keys in the text they support (docs/concepts/elements.md, citations).
//!
//! An element's `citations` show as one short key — the deck-wide numbers ([`key`]):
//! `[1]`, `[1, 3]`, and three or more consecutive numbers as a range `[1–3]` — appended to
//! the element's text before it is measured, so shrink, split and the writer see it like
//! any other text. Where it goes, by kind: text → the end of its last paragraph; bullets →
//! the end of the last item; a shape → the end of its text; a table or chart → the end of
//! its title. Pictures, dividers, and tables, charts and shapes without that text carry no
//! key (their citations are still listed in the footer and the notes).
//!
//! The key is glued to the word before it by a no-break space (U+00A0): no viewer wraps
//! between them, and a split at sentences never leaves the key alone (the sentence cut
//! does not treat U+00A0 as a space), so the piece that holds the end of the text holds the
//! key.

use crate::model::{BoxContent, RowKind};
use specrender_spec::deck::{Content, Element};
use std::borrow::Cow;

/// The glue between a text and its key.
pub const KEY_GLUE: char = '\u{a0}';

/// The key of sorted, distinct `numbers` (0s, which name nothing, dropped): `[1]`,
/// `[1, 3]`, `[1–3]`, `[1, 2, 4–6]`. `None` for no number.
pub fn key(numbers: &[u32]) -> Option<String> {
    let mut n: Vec<u32> = numbers.iter().copied().filter(|&n| n > 0).collect();
    n.sort_unstable();
    n.dedup();
    if n.is_empty() {
        return None;
    }
    let mut parts: Vec<String> = Vec::new();
    let mut i = 0;
    while i < n.len() {
        let mut j = i;
        while j + 1 < n.len() && n[j + 1] == n[j] + 1 {
            j += 1;
        }
        if j - i >= 2 {
            parts.push(format!("{}–{}", n[i], n[j]));
        } else {
            parts.extend(n[i..=j].iter().map(u32::to_string));
        }
        i = j + 1;
    }
    Some(format!("[{}]", parts.join(", ")))
}

/// The element's key, with its glue: `"\u{a0}[1, 3]"`.
pub fn glued_key(el: &Element) -> Option<String> {
    let numbers: Vec<u32> = el.citations.iter().map(|r| r.number).collect();
    key(&numbers).map(|k| format!("{KEY_GLUE}{k}"))
}

fn append(text: &mut String, key: &str) {
    let kept = text.trim_end().len();
    text.truncate(kept);
    text.push_str(key);
}

/// The element with its key appended to the text it supports (see the module docs);
/// borrowed as it is when it has no citation or no text to carry one.
pub fn keyed(el: &Element) -> Cow<'_, Element> {
    let Some(key) = glued_key(el) else {
        return Cow::Borrowed(el);
    };
    let has_text = match &el.content {
        Content::Text { text } => !text.trim().is_empty(),
        Content::Bullets { items } => !items.is_empty(),
        Content::Shape { text, .. } => text.is_some(),
        Content::Table { title, .. } | Content::Chart { title, .. } => title.is_some(),
        Content::Image { .. } | Content::None => false,
    };
    if !has_text {
        return Cow::Borrowed(el);
    }
    let mut el = el.clone();
    match &mut el.content {
        Content::Text { text } => {
            // The last paragraph that has text (trailing empty lines are not kept).
            let kept = text.trim_end().len();
            text.truncate(kept);
            text.push_str(&key);
        }
        Content::Bullets { items } => {
            if let Some(last) = items.last_mut() {
                append(last, &key);
            }
        }
        Content::Shape { text: Some(t), .. }
        | Content::Table { title: Some(t), .. }
        | Content::Chart { title: Some(t), .. } => append(t, &key),
        _ => {}
    }
    Cow::Owned(el)
}

/// The citation numbers a placed box of `el` shows: all of them when the box carries the
/// element's key (the piece holding the end of its text, or every page of a title or a
/// table's caption) or when the element has no text to carry one (a picture); none for a
/// piece of a split element that does not hold the key.
pub fn numbers_shown(el: &Element, content: &BoxContent) -> Vec<u32> {
    let Some(glued) = glued_key(el) else {
        return Vec::new();
    };
    let keyed_text = matches!(keyed(el), Cow::Owned(_));
    let ends = |t: &str| t.ends_with(glued.as_str());
    let carried = match content {
        BoxContent::Text(t) => t.paragraphs.iter().any(|p| ends(&p.text)),
        BoxContent::Shape(s) => s
            .text
            .as_ref()
            .is_some_and(|t| t.paragraphs.iter().any(|p| ends(&p.text))),
        BoxContent::Table(t) => t
            .rows
            .iter()
            .filter(|r| r.kind == RowKind::Caption)
            .flat_map(|r| &r.cells)
            .flat_map(|c| &c.paragraphs)
            .any(|p| ends(&p.text)),
        BoxContent::Chart(c) => c.title.as_deref().is_some_and(ends),
        BoxContent::Picture(_) | BoxContent::Placeholder(_) | BoxContent::Divider(_) => false,
    };
    if carried || !keyed_text {
        el.citations
            .iter()
            .map(|r| r.number)
            .filter(|&n| n > 0)
            .collect()
    } else {
        Vec::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_list_numbers_and_ranges() {
        assert_eq!(key(&[]), None);
        assert_eq!(key(&[0]), None);
        assert_eq!(key(&[1]).as_deref(), Some("[1]"));
        assert_eq!(key(&[3, 1]).as_deref(), Some("[1, 3]"));
        assert_eq!(key(&[1, 2]).as_deref(), Some("[1, 2]"));
        assert_eq!(key(&[2, 1, 3]).as_deref(), Some("[1–3]"));
        assert_eq!(key(&[6, 1, 2, 4, 5, 2]).as_deref(), Some("[1, 2, 4–6]"));
    }
}
