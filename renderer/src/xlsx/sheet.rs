//! `xl/worksheets/sheet1.xml`: the chart's data as a grid of cells, row 1 the series names
//! (from B1), column A the categories (from A2), a series' values below its name. A gap is an
//! empty (absent) cell. Strings go through the shared-strings table.

use super::parts::NS_MAIN;
use crate::opc::xml::{AttrValue, Xml};

pub(crate) const CONTENT_TYPE: &str =
    "application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml";

#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Cell<'a> {
    Text(&'a str),
    Number(f64),
    Empty,
}

/// Rows of cells from A1.
#[derive(Debug, Default)]
pub(crate) struct Sheet<'a> {
    pub rows: Vec<Vec<Cell<'a>>>,
}

/// A cell reference `B7` (0-based column and row).
struct CellRef(usize, usize);

impl AttrValue for CellRef {
    fn write_attr(&self, out: &mut String) {
        out.push_str(&col_name(self.0));
        out.push_str(itoa::Buffer::new().format(self.1 + 1));
    }
}

/// Column letters of a 0-based column: 0 → `A`, 25 → `Z`, 26 → `AA`.
pub(crate) fn col_name(mut col: usize) -> String {
    let mut out = Vec::new();
    loop {
        out.push(b'A' + (col % 26) as u8);
        if col < 26 {
            break;
        }
        col = col / 26 - 1;
    }
    out.reverse();
    String::from_utf8(out).expect("ASCII letters")
}

/// A number as a cell value: the shortest text that reads back as the same `f64`.
pub(crate) fn number_text(v: f64) -> String {
    format!("{v}")
}

impl<'a> Sheet<'a> {
    /// Every distinct string, in first-use order (row by row).
    pub(crate) fn shared_strings(&self) -> Vec<&'a str> {
        let mut out: Vec<&'a str> = Vec::new();
        let mut seen = std::collections::HashMap::new();
        for c in self.rows.iter().flatten() {
            if let Cell::Text(s) = c {
                seen.entry(*s).or_insert_with(|| {
                    out.push(*s);
                    out.len() - 1
                });
            }
        }
        out
    }

    pub(crate) fn xml(&self, strings: &[&str], pretty: bool) -> Vec<u8> {
        let index: std::collections::HashMap<&str, usize> =
            strings.iter().enumerate().map(|(i, s)| (*s, i)).collect();
        let cols = self.rows.iter().map(Vec::len).max().unwrap_or(0);
        let mut x = Xml::new(pretty);
        x.start("worksheet", &[("xmlns", &NS_MAIN)]);
        if cols > 0 && !self.rows.is_empty() {
            let dim = format!("A1:{}{}", col_name(cols - 1), self.rows.len());
            x.empty("dimension", &[("ref", &dim)]);
        }
        x.start("sheetData", &[]);
        for (r, row) in self.rows.iter().enumerate() {
            x.start("row", &[("r", &(r + 1))]);
            for (c, cell) in row.iter().enumerate() {
                match cell {
                    Cell::Text(s) => {
                        x.start("c", &[("r", &CellRef(c, r)), ("t", &"s")]);
                        x.leaf("v", &[], itoa::Buffer::new().format(index[s]));
                        x.end("c");
                    }
                    Cell::Number(v) => {
                        x.start("c", &[("r", &CellRef(c, r))]);
                        x.leaf("v", &[], &number_text(*v));
                        x.end("c");
                    }
                    Cell::Empty => {}
                }
            }
            x.end("row");
        }
        x.end("sheetData");
        x.end("worksheet");
        x.finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn column_letters() {
        assert_eq!(col_name(0), "A");
        assert_eq!(col_name(25), "Z");
        assert_eq!(col_name(26), "AA");
        assert_eq!(col_name(27), "AB");
        assert_eq!(col_name(701), "ZZ");
        assert_eq!(col_name(702), "AAA");
    }

    #[test]
    fn cells_and_shared_strings() {
        let sheet = Sheet {
            rows: vec![
                vec![Cell::Empty, Cell::Text("Sales")],
                vec![Cell::Text("Q1"), Cell::Number(1.5)],
                vec![Cell::Text("Sales"), Cell::Empty],
            ],
        };
        let strings = sheet.shared_strings();
        assert_eq!(strings, ["Sales", "Q1"]);
        let xml = String::from_utf8(sheet.xml(&strings, false)).unwrap();
        assert!(xml.contains(r#"<dimension ref="A1:B3"/>"#), "{xml}");
        assert!(xml.contains(r#"<c r="B1" t="s"><v>0</v></c>"#), "{xml}");
        assert!(xml.contains(r#"<c r="B2"><v>1.5</v></c>"#), "{xml}");
        assert!(
            xml.contains(r#"<c r="A3" t="s"><v>0</v></c></row>"#),
            "{xml}"
        );
    }
}
