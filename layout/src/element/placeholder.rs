//! Kinds this version does not draw yet (tables, charts, images, shapes, dividers): a grey box
//! labelled with what it holds. It has no size of its own: alone it is its slot, stacked it
//! takes a share of the height the text elements leave (at least a quarter of the slot). It
//! never overflows, shrinks or splits, and is reported once as `placeholder_element`.

use super::Fit;
use crate::ctx::Ctx;
use crate::findings::Finding;
use crate::model::{BoxContent, PlaceholderBox, Rect};
use specrender_spec::deck::{Content, Element, ElementKind};

#[derive(Debug, Clone)]
pub struct PlaceholderItem {
    pub kind: ElementKind,
    pub label: String,
}

impl PlaceholderItem {
    pub fn new(el: &Element) -> Self {
        PlaceholderItem {
            kind: el.kind,
            label: label_for(el),
        }
    }
}

/// `[image: alt text]`, `[bar chart: Title]`, `[table 3 x 4: Title]`, `[shape]`.
fn label_for(el: &Element) -> String {
    match &el.content {
        Content::Image {
            asset_id, alt_text, ..
        } => format!("[image: {}]", alt_text.as_deref().unwrap_or(asset_id)),
        Content::Chart {
            chart_type, title, ..
        } => match title {
            Some(t) => format!("[{chart_type} chart: {t}]"),
            None => format!("[{chart_type} chart]"),
        },
        Content::Table {
            title,
            columns,
            rows,
        } => {
            let dims = format!("{} x {}", rows.len(), columns.len());
            match title {
                Some(t) => format!("[table {dims}: {t}]"),
                None => format!("[table {dims}]"),
            }
        }
        _ => format!("[{}]", el.kind.as_str()),
    }
}

impl Fit for PlaceholderItem {
    fn finish(&self, _ctx: &Ctx<'_>, _rect: Rect) -> (BoxContent, Vec<Finding>) {
        let content = BoxContent::Placeholder(PlaceholderBox {
            kind: self.kind,
            label: self.label.clone(),
            insets: crate::style::INSETS,
        });
        (
            content,
            vec![Finding::PlaceholderElement { kind: self.kind }],
        )
    }
}
