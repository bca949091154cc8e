//! The workbook's small parts: `xl/workbook.xml`, `xl/styles.xml`, `xl/sharedStrings.xml`.

use super::SHEET_NAME;
use crate::opc::rels::RelId;
use crate::opc::xml::{Xml, NS_R};

pub(crate) const NS_MAIN: &str = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";

pub(crate) const WORKBOOK_CONTENT_TYPE: &str =
    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml";
pub(crate) const STYLES_CONTENT_TYPE: &str =
    "application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml";
pub(crate) const SHARED_STRINGS_CONTENT_TYPE: &str =
    "application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml";

pub(crate) fn workbook_xml(sheet: RelId, pretty: bool) -> Vec<u8> {
    let mut x = Xml::new(pretty);
    x.start("workbook", &[("xmlns", &NS_MAIN), ("xmlns:r", &NS_R)]);
    x.start("sheets", &[]);
    x.empty(
        "sheet",
        &[("name", &SHEET_NAME), ("sheetId", &1), ("r:id", &sheet)],
    );
    x.end("sheets");
    x.end("workbook");
    x.finish()
}

/// The one cell format every cell uses (General, the default font).
pub(crate) fn styles_xml(pretty: bool) -> Vec<u8> {
    let mut x = Xml::new(pretty);
    x.start("styleSheet", &[("xmlns", &NS_MAIN)]);
    x.start("fonts", &[("count", &1)]);
    x.start("font", &[]);
    x.empty("sz", &[("val", &11)]);
    x.empty("name", &[("val", &"Calibri")]);
    x.empty("family", &[("val", &2)]);
    x.end("font");
    x.end("fonts");
    x.start("fills", &[("count", &2)]);
    for pattern in ["none", "gray125"] {
        x.start("fill", &[]);
        x.empty("patternFill", &[("patternType", &pattern)]);
        x.end("fill");
    }
    x.end("fills");
    x.start("borders", &[("count", &1)]);
    x.start("border", &[]);
    for side in ["left", "right", "top", "bottom", "diagonal"] {
        x.empty(side, &[]);
    }
    x.end("border");
    x.end("borders");
    x.start("cellStyleXfs", &[("count", &1)]);
    x.empty(
        "xf",
        &[
            ("numFmtId", &0),
            ("fontId", &0),
            ("fillId", &0),
            ("borderId", &0),
        ],
    );
    x.end("cellStyleXfs");
    x.start("cellXfs", &[("count", &1)]);
    x.empty(
        "xf",
        &[
            ("numFmtId", &0),
            ("fontId", &0),
            ("fillId", &0),
            ("borderId", &0),
            ("xfId", &0),
        ],
    );
    x.end("cellXfs");
    x.start("cellStyles", &[("count", &1)]);
    x.empty(
        "cellStyle",
        &[("name", &"Normal"), ("xfId", &0), ("builtinId", &0)],
    );
    x.end("cellStyles");
    x.end("styleSheet");
    x.finish()
}

pub(crate) fn shared_strings_xml(strings: &[&str], pretty: bool) -> Vec<u8> {
    let mut x = Xml::new(pretty);
    let n = strings.len();
    x.start(
        "sst",
        &[("xmlns", &NS_MAIN), ("count", &n), ("uniqueCount", &n)],
    );
    let mut escaped = String::new();
    for s in strings {
        x.start("si", &[]);
        escaped.clear();
        escape_cell_text(&mut escaped, s);
        // Leading or trailing spaces survive only with xml:space="preserve".
        if escaped.starts_with([' ', '\t', '\n']) || escaped.ends_with([' ', '\t', '\n']) {
            x.leaf("t", &[("xml:space", &"preserve")], &escaped);
        } else {
            x.leaf("t", &[], &escaped);
        }
        x.end("si");
    }
    x.end("sst");
    x.finish()
}

/// Excel's escaping of cell text (ECMA-376 Part 1 §22.4.2.4 `ST_Xstring`): a character XML
/// cannot hold (C0 controls other than tab, LF and CR; U+FFFE, U+FFFF) is written `_xHHHH_`,
/// and an underscore that would otherwise start such an escape is written `_x005F_`, so
/// readers (Excel, openpyxl) give back the text as it was. (Slide text, `a:t`, has no such
/// escape: there such characters are dropped.)
pub(crate) fn escape_cell_text(out: &mut String, s: &str) {
    let mut rest = s;
    while let Some(c) = rest.chars().next() {
        let escape = matches!(c, '\u{0}'..='\u{8}' | '\u{B}' | '\u{C}' | '\u{E}'..='\u{1F}')
            || matches!(c, '\u{FFFE}' | '\u{FFFF}');
        if escape {
            out.push_str(&format!("_x{:04X}_", c as u32));
        } else if c == '_' && looks_escaped(rest) {
            out.push_str("_x005F_");
        } else {
            out.push(c);
        }
        rest = &rest[c.len_utf8()..];
    }
}

/// `_xHHHH_` at the start of `s`?
fn looks_escaped(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() >= 7 && b[1] == b'x' && b[2..6].iter().all(u8::is_ascii_hexdigit) && b[6] == b'_'
}

#[cfg(test)]
mod tests {
    use super::escape_cell_text;

    fn esc(s: &str) -> String {
        let mut out = String::new();
        escape_cell_text(&mut out, s);
        out
    }

    #[test]
    fn control_characters_and_lookalikes_are_escaped() {
        assert_eq!(esc("a\u{1}b\u{B}c"), "a_x0001_b_x000B_c");
        assert_eq!(esc("tab\there\nnl"), "tab\there\nnl");
        assert_eq!(esc("_x0041_"), "_x005F_x0041_");
        assert_eq!(esc("snake_case _x12_"), "snake_case _x12_");
        assert_eq!(esc("매출_2024"), "매출_2024");
    }
}
