//! The `--layout` JSON (PRODUCT.md §5): every placed box of the laid deck, for previews, UI
//! highlighting and the conformance check against LibreOffice.

use crate::model::{self, LaidDeck};
use serde_json::json;
use specrender_spec::units::{cpt_to_pt, Scaled};

/// The `--layout` JSON: every placed box (PRODUCT.md §5), output slide order.
pub fn boxes_json(laid: &LaidDeck) -> serde_json::Value {
    let slides: Vec<serde_json::Value> = laid
        .slides
        .iter()
        .map(|s| {
            let boxes: Vec<serde_json::Value> = s
                .boxes
                .iter()
                .map(|b| {
                    let mut o = serde_json::Map::new();
                    o.insert("element_id".into(), json!(b.element_id));
                    o.insert("kind".into(), json!(b.kind.as_str()));
                    o.insert(
                        "rect_emu".into(),
                        json!([b.rect.x, b.rect.y, b.rect.w, b.rect.h]),
                    );
                    // The template placeholder the box went into (OOXML type and idx).
                    if let Some(ph) = b.placeholder {
                        let (ty, idx) = ph.ooxml();
                        o.insert("placeholder".into(), json!({"type": ty, "idx": idx}));
                    }
                    if let model::BoxContent::Shape(s) = &b.content {
                        let r = s.text_rect;
                        o.insert("shape".into(), json!(s.prst));
                        o.insert("text_rect_emu".into(), json!([r.x, r.y, r.w, r.h]));
                    }
                    if let Some(t) = b.content.text() {
                        o.insert("font_pt".into(), json!(cpt_to_pt(t.size)));
                        o.insert(
                            "paragraph_lines".into(),
                            json!(t
                                .paragraphs
                                .iter()
                                .map(|p| p.lines.len())
                                .collect::<Vec<_>>()),
                        );
                        o.insert(
                            "insets_emu".into(),
                            json!([t.insets.l, t.insets.t, t.insets.r, t.insets.b]),
                        );
                        o.insert(
                            "line_pitch_pt".into(),
                            json!(t
                                .paragraphs
                                .iter()
                                .map(|p| cpt_to_pt(p.line_pitch))
                                .collect::<Vec<_>>()),
                        );
                        o.insert(
                            "paragraphs".into(),
                            json!(t
                                .paragraphs
                                .iter()
                                .map(|p| json!({
                                    "lines": p
                                        .lines
                                        .iter()
                                        .map(|l| &p.text[l.start..l.end])
                                        .collect::<Vec<_>>(),
                                    "line_widths_pt": p
                                        .lines
                                        .iter()
                                        .map(|l| Scaled::emu_as_pt(l.width).to_f64())
                                        .collect::<Vec<_>>(),
                                    "bullet": p.bullet.as_ref().map(|b| b.char.to_string()),
                                    "space_before_pt": cpt_to_pt(p.space_before),
                                }))
                                .collect::<Vec<_>>()),
                        );
                        o.insert("anchor".into(), json!(t.anchor));
                        o.insert("needed_height_emu".into(), json!(t.needed_height));
                        o.insert("usable_height_emu".into(), json!(t.usable_height));
                        o.insert("fits".into(), json!(t.fits()));
                        if t.columns > 1 {
                            o.insert("columns".into(), json!(t.columns));
                        }
                    }
                    if let model::BoxContent::Chart(c) = &b.content {
                        o.insert("chart".into(), chart_json(c));
                    }
                    if let model::BoxContent::Picture(p) = &b.content {
                        let x = p.xfrm;
                        o.insert(
                            "picture".into(),
                            json!({
                                "asset_id": p.asset_id,
                                "descr": p.descr,
                                "mode": p.mode,
                                "pixels": [p.pixels.0, p.pixels.1],
                                "src_rect": p.src_rect,
                                "xfrm_emu": [x.x, x.y, x.w, x.h],
                                "rot": p.rot,
                                "flip_h": p.flip_h,
                            }),
                        );
                    }
                    if let model::BoxContent::Table(t) = &b.content {
                        table_json(&mut o, b.rect, t);
                    }
                    serde_json::Value::Object(o)
                })
                .collect();
            let mut v = json!({"id": s.id, "source_id": s.source_id, "layout": s.preset.id(), "boxes": boxes});
            let tl = &laid.frame.layout(s.preset).template_layout;
            v["template_layout"] = json!(tl.name);
            v["template_layout_how"] = json!(tl.how);
            v
        })
        .collect();
    json!({ "slides": slides })
}

/// A chart as drawn (its rules applied): kind, texts, categories, each series' values (`null`
/// for a gap) and the label interval.
fn chart_json(c: &model::ChartBox) -> serde_json::Value {
    json!({
        "chart_kind": c.kind.as_str(),
        "title": c.title,
        "x_title": c.x_title,
        "y_title": c.y_title,
        "categories": c.categories,
        "series": c.series.iter().map(|s| json!({"name": s.name, "values": s.values})).collect::<Vec<_>>(),
        "label_every": c.label_skip(),
        "legend": c.legend,
    })
}

/// A table's fields: its size, column widths, row heights and per-cell lines (the text of
/// each line, for checking against a renderer), margins and fit.
fn table_json(
    o: &mut serde_json::Map<String, serde_json::Value>,
    r: model::Rect,
    t: &model::TableBox,
) {
    let cy: i64 = t.rows.iter().map(|row| row.height).sum();
    o.insert("font_pt".into(), json!(cpt_to_pt(t.size)));
    o.insert("table_rect_emu".into(), json!([r.x, r.y, t.width(), cy]));
    o.insert("col_widths_emu".into(), json!(t.col_widths));
    o.insert(
        "row_heights_emu".into(),
        json!(t.rows.iter().map(|row| row.height).collect::<Vec<_>>()),
    );
    let m = t.margins;
    o.insert("margins_emu".into(), json!([m.l, m.t, m.r, m.b]));
    let rows: Vec<serde_json::Value> = t
        .rows
        .iter()
        .map(|row| {
            let (kind, index) = match row.kind {
                model::RowKind::Caption => ("caption", None),
                model::RowKind::Header => ("header", None),
                model::RowKind::Body(i) => ("body", Some(i)),
            };
            let cells: Vec<serde_json::Value> = row
                .cells
                .iter()
                .map(|c| {
                    json!({
                        "span": c.span,
                        "align": c.align,
                        "line_count": c.paragraphs.iter().map(|p| p.lines.len()).sum::<usize>(),
                        "text_height_emu": c.text_height,
                        "paragraphs": c.paragraphs.iter().map(|p| json!({
                            "lines": p.lines.iter().map(|l| &p.text[l.start..l.end]).collect::<Vec<_>>(),
                            "line_pitch_pt": cpt_to_pt(p.line_pitch),
                        })).collect::<Vec<_>>(),
                    })
                })
                .collect();
            json!({"kind": kind, "row": index, "height_emu": row.height, "cells": cells})
        })
        .collect();
    o.insert("rows".into(), json!(rows));
    o.insert("page".into(), json!([t.page.0, t.page.1]));
    o.insert("rows_total".into(), json!(t.rows_total));
    o.insert("overflow_columns".into(), json!(t.overflow_columns));
    o.insert("needed_height_emu".into(), json!(t.needed_height));
    o.insert("usable_height_emu".into(), json!(t.usable_height));
    o.insert("fits".into(), json!(t.fits()));
}
