//! The drawing and table elements of the body walk (`wp:inline` / `wp:anchor` and what they
//! hold; `w:tblPr`, `w:tblGrid`, `w:trPr`, `w:tcPr`).

use super::{cell_margin, on, twips, Graphic, State};
use specrender_opc::xml::{attr, attr_i64, attr_ns, BytesStart};

impl State {
    pub(super) fn drawing_event(&mut self, name: &[u8], parent: &[u8], e: &BytesStart<'_>) {
        let Some(d) = self.drawings.last_mut() else {
            return;
        };
        let emu = |k: &str| attr_i64(e, k).map(|v| v.clamp(0, 1 << 40));
        match name {
            b"anchor" => d.inline = false,
            b"extent" if matches!(parent, b"inline" | b"anchor") => {
                d.cx = emu("cx").unwrap_or(0);
                d.cy = emu("cy").unwrap_or(0);
            }
            b"docPr" => {
                d.id = attr_i64(e, "id").and_then(|v| u32::try_from(v).ok());
                d.name = attr(e, "name").unwrap_or_default();
                d.descr = attr(e, "descr").unwrap_or_default();
            }
            b"decorative" => d.decorative = attr(e, "val").is_some_and(|v| v == "1" || v == "true"),
            b"graphicData" => {
                let uri = attr(e, "uri").unwrap_or_default();
                d.graphic = if uri.ends_with("/picture") {
                    Graphic::Picture
                } else if uri.ends_with("/chart") || uri.contains("chartex") {
                    Graphic::Chart
                } else if uri.ends_with("/diagram") {
                    Graphic::Diagram
                } else if uri.contains("wordprocessingShape") || uri.contains("wordprocessingGroup")
                {
                    Graphic::Shape
                } else {
                    Graphic::Other
                };
            }
            b"bodyPr" => {
                for (i, k) in ["lIns", "tIns", "rIns", "bIns"].iter().enumerate() {
                    if let Some(v) = emu(k) {
                        d.insets[i] = v;
                    }
                }
            }
            b"spAutoFit" => d.auto_fit = true,
            _ => {}
        }
    }

    pub(super) fn table_event(&mut self, name: &[u8], parent: &[u8], e: &BytesStart<'_>) {
        let in_tblpr = self.parent(1) == b"tblPr";
        let Some(t) = self.tables.last_mut() else {
            return;
        };
        match (name, parent) {
            (b"gridCol", b"tblGrid") => t.grid.push(twips(e, "w").unwrap_or(0).max(0)),
            (b"tblW", b"tblPr") if attr_ns(e, "type").as_deref() == Some("dxa") => {
                t.width = twips(e, "w");
            }
            (b"tblInd", b"tblPr") => t.indent = twips(e, "w").unwrap_or(0),
            (b"tblStyle", b"tblPr") => t.style = attr_ns(e, "val"),
            (_, b"tblCellMar") if in_tblpr => cell_margin(name, e, &mut t.cell_margins),
            (b"tblLook", b"tblPr") => {
                let bit = attr_ns(e, "val")
                    .and_then(|v| i64::from_str_radix(v.trim(), 16).ok())
                    .is_some_and(|v| v & 0x20 != 0);
                t.look_first_row = match attr_ns(e, "firstRow") {
                    Some(v) => v == "1" || v == "true" || v == "on",
                    None => bit,
                };
            }
            (b"tblHeader", b"trPr") => {
                if let Some(r) = t.rows.last_mut() {
                    r.header = on(e);
                }
            }
            (b"trHeight", b"trPr") => {
                if let Some(r) = t.rows.last_mut() {
                    let exact = attr_ns(e, "hRule").as_deref() == Some("exact");
                    r.height = twips(e, "val").map(|v| (v.max(0), exact));
                }
            }
            (b"gridSpan" | b"vMerge", b"tcPr") => {
                if let Some(c) = t.rows.last_mut().and_then(|r| r.cells.last_mut()) {
                    if name == b"gridSpan" {
                        c.span = attr_ns(e, "val")
                            .and_then(|v| v.trim().parse().ok())
                            .unwrap_or(1usize)
                            .clamp(1, 64);
                    } else {
                        c.merged = attr_ns(e, "val").as_deref() != Some("restart");
                    }
                }
            }
            _ => {}
        }
    }
}
