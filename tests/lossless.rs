//! Nothing silently lost (issue 24, docs/guide/limits.md, "Guarantees": nothing lost): every value the input gives reaches
//! the output, or a warning / QC issue names it. Each case renders through the binary and
//! reads the written package back (chart XML cache, embedded workbook, slide XML).

use serde_json::{json, Value};
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn dir(name: &str) -> PathBuf {
    let d = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("lossless")
        .join(name);
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// `specrender render` of the raw input text: exit code, QC report, PPTX path.
fn render_text(name: &str, input_text: &str) -> (i32, Value, PathBuf) {
    let d = dir(name);
    let input = d.join("in.json");
    std::fs::write(&input, input_text).unwrap();
    let (pptx, qc) = (d.join("out.pptx"), d.join("qc.json"));
    let out = Command::new(env!("CARGO_BIN_EXE_specrender"))
        .args(["render", input.to_str().unwrap(), "-o"])
        .arg(&pptx)
        .arg("--qc")
        .arg(&qc)
        .env_remove("SPECRENDER_FONTS")
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let code = out.status.code().unwrap_or(-1);
    assert!(
        code == 0 || code == 1,
        "{name}: exit {code}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let report = serde_json::from_slice(&std::fs::read(&qc).unwrap()).unwrap();
    (code, report, pptx)
}

/// `specrender validate` of the raw input text: the report.
fn validate_text(name: &str, input_text: &str) -> Value {
    let d = dir(name);
    let input = d.join("in.json");
    std::fs::write(&input, input_text).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_specrender"))
        .args(["validate", input.to_str().unwrap()])
        .env_remove("SPECRENDER_FONTS")
        .stdin(Stdio::null())
        .output()
        .unwrap();
    serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&out.stdout)))
}

fn deck(elements: Value) -> Value {
    json!({
        "spec_version": "slidespec_v1",
        "deck": {"title": "Lossless", "language": "en", "slides": [
            {"slide_id": "s1", "type": "content", "layout": {"layout_id": "one_column"},
             "elements": elements}]},
        "theme": {"template_ref": {"template_id": "default"}, "brand": {"brand_kit_id": "b"}}
    })
}

/// Every part of the package whose name starts with `prefix`, as text.
fn parts(pptx: &Path, prefix: &str) -> Vec<(String, Vec<u8>)> {
    let f = std::fs::File::open(pptx).unwrap();
    let mut z = zip::ZipArchive::new(f).unwrap();
    let names: Vec<String> = z.file_names().map(|n| n.unwrap().to_string()).collect();
    let mut out = Vec::new();
    for n in names.into_iter().filter(|n| n.starts_with(prefix)) {
        let mut b = Vec::new();
        z.by_name(&n).unwrap().read_to_end(&mut b).unwrap();
        out.push((n, b));
    }
    out.sort();
    out
}

/// The texts of every `<tag>` element inside `xml`'s `<within>` elements, in order (the
/// writer's XML: no attributes on these two, no nesting of `within`).
fn texts_in(xml: &str, within: &str, tag: &str) -> Vec<String> {
    let (open, close) = (format!("<{within}>"), format!("</{within}>"));
    let (topen, tclose) = (format!("<{tag}>"), format!("</{tag}>"));
    let mut out = Vec::new();
    let mut rest = xml;
    while let Some(i) = rest.find(&open) {
        let inner = &rest[i + open.len()..];
        let end = inner.find(&close).expect("closed");
        let mut seg = &inner[..end];
        while let Some(j) = seg.find(&topen) {
            let t = &seg[j + topen.len()..];
            let k = t.find(&tclose).expect("closed");
            out.push(
                t[..k]
                    .replace("&lt;", "<")
                    .replace("&gt;", ">")
                    .replace("&quot;", "\"")
                    .replace("&amp;", "&"),
            );
            seg = &t[k..];
        }
        rest = &inner[end..];
    }
    out
}

/// The one chart's XML and its embedded workbook's sheet XML.
fn chart_and_sheet(pptx: &Path) -> (String, String) {
    let charts = parts(pptx, "ppt/charts/chart");
    assert_eq!(charts.len(), 1, "one chart part");
    let chart = String::from_utf8(charts[0].1.clone()).unwrap();
    let books = parts(pptx, "ppt/embeddings/");
    assert_eq!(books.len(), 1, "one workbook");
    let mut wb = zip::ZipArchive::new(std::io::Cursor::new(books[0].1.clone())).unwrap();
    let mut sheet = String::new();
    let name = (0..wb.len())
        .map(|i| wb.by_index(i).unwrap().name().unwrap().to_string())
        .find(|n| n.starts_with("xl/worksheets/"))
        .unwrap();
    wb.by_name(&name)
        .unwrap()
        .read_to_string(&mut sheet)
        .unwrap();
    let strings = (0..wb.len())
        .map(|i| wb.by_index(i).unwrap().name().unwrap().to_string())
        .find(|n| n == "xl/sharedStrings.xml");
    if let Some(s) = strings {
        let mut t = String::new();
        wb.by_name(&s).unwrap().read_to_string(&mut t).unwrap();
        sheet.push_str(&t);
    }
    (chart, sheet)
}

fn issues_of<'a>(qc: &'a Value, kind: &str) -> Vec<&'a Value> {
    qc["issues"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|i| i["type"] == kind)
        .collect()
}

/// Issue 24.1: `{"x": "Q1", "y": 3}` and `{"x": "Q1", "y": 4}` (and `"2024"` beside `2024`)
/// kept the first point and dropped the rest without a word. Now every point is its own
/// category (two bars labelled Q1), and a warning + low QC issue names the category and points.
#[test]
fn repeated_chart_categories_keep_every_point_and_say_so() {
    let input = deck(json!([
        {"element_id": "t", "kind": "text", "role": "title", "content": {"text": "Sales"}},
        {"element_id": "c", "kind": "chart", "content": {"chart_type": "bar", "series": [
            {"name": "Revenue", "data": [
                {"x": "Q1", "y": 3}, {"x": "Q1", "y": 4}, {"x": "Q2", "y": 5},
                {"x": "2024", "y": 6}, {"x": 2024, "y": 7}]},
            {"name": "Cost", "data": [{"x": "Q2", "y": 1}, {"x": "Q1", "y": 2}]}]}}
    ]));
    let text = serde_json::to_string(&input).unwrap();
    let (_, qc, pptx) = render_text("repeated_categories", &text);
    let (chart, sheet) = chart_and_sheet(&pptx);
    let cats = texts_in(&chart, "c:cat", "c:v");
    // Two series, each with the five categories.
    assert_eq!(
        cats,
        ["Q1", "Q1", "Q2", "2024", "2024"].repeat(2),
        "{chart}"
    );
    let vals = texts_in(&chart, "c:val", "c:v");
    assert_eq!(vals, ["3", "4", "5", "6", "7", "2", "1"], "{chart}");
    for v in ["<v>3</v>", "<v>4</v>", "<v>6</v>", "<v>7</v>"] {
        assert!(sheet.contains(v), "workbook lacks {v}: {sheet}");
    }
    let warned = issues_of(&qc, "input_warning");
    let paths: Vec<&str> = warned
        .iter()
        .filter(|i| i["details"]["code"] == "repeated_category")
        .map(|i| i["details"]["path"].as_str().unwrap())
        .collect();
    assert_eq!(
        paths,
        [
            "/deck/slides/0/elements/1/content/series/0/data/1/x",
            "/deck/slides/0/elements/1/content/series/0/data/4/x"
        ],
        "{qc:#}"
    );
    let msg = warned
        .iter()
        .find(|i| i["details"]["path"].as_str().unwrap().ends_with("4/x"))
        .unwrap()["message"]
        .as_str()
        .unwrap();
    assert!(
        msg.contains(r#"point 3 (x "2024", y 6)"#) && msg.contains("point 4 (x 2024, y 7)"),
        "{msg}"
    );
    assert!(warned.iter().all(|i| i["severity"] == "low"));
    // validate says the same.
    let v = validate_text("repeated_categories_validate", &text);
    let codes: Vec<&str> = v["warnings"]
        .as_array()
        .unwrap_or_else(|| panic!("{v:#}"))
        .iter()
        .map(|w| w["code"].as_str().unwrap())
        .collect();
    assert_eq!(codes, ["repeated_category", "repeated_category"], "{v:#}");
}

/// Issue 24.1: serde_json keeps the last of two equal keys in an object and says nothing, so
/// `{"text": "A", "text": "B"}` lost "A" silently. The last value is still used (as every JSON
/// reader that accepts duplicates does), and a `duplicate_key` warning names the key's pointer.
#[test]
fn duplicate_json_keys_are_warned_with_their_pointer() {
    let text = r#"{"spec_version": "slidespec_v1",
      "deck": {"title": "Lossless", "language": "en", "slides": [
        {"slide_id": "s1", "type": "content", "layout": {"layout_id": "one_column"},
         "elements": [
           {"element_id": "t", "kind": "text", "role": "title",
            "content": {"text": "First title", "text": "Second title"}},
           {"element_id": "b", "kind": "bullets", "content": {"items": ["One"]}}]}]},
      "theme": {"template_ref": {"template_id": "default"}, "brand": {"brand_kit_id": "b"}}}"#;
    let (_, qc, pptx) = render_text("duplicate_keys", text);
    let slide = String::from_utf8(parts(&pptx, "ppt/slides/slide1.xml")[0].1.clone()).unwrap();
    assert!(slide.contains("Second title") && !slide.contains("First title"));
    let dup: Vec<&Value> = issues_of(&qc, "input_warning")
        .into_iter()
        .filter(|i| i["details"]["code"] == "duplicate_key")
        .collect();
    assert_eq!(dup.len(), 1, "{qc:#}");
    assert_eq!(
        dup[0]["details"]["path"],
        "/deck/slides/0/elements/0/content/text"
    );
    assert_eq!(dup[0]["slide_id"], "s1", "{qc:#}");
    let v = validate_text("duplicate_keys_validate", text);
    assert_eq!(v["warnings"][0]["code"], "duplicate_key", "{v:#}");
    assert!(
        v["warnings"][0]["message"]
            .as_str()
            .unwrap()
            .contains("appears 2 times"),
        "{v:#}"
    );
}

/// Audit (issue 24.1): series of different lengths keep every value (the shorter one has gaps),
/// in the chart cache and the workbook.
#[test]
fn series_of_different_lengths_keep_every_value() {
    let input = deck(json!([
        {"element_id": "t", "kind": "text", "role": "title", "content": {"text": "Sales"}},
        {"element_id": "c", "kind": "chart", "content": {"chart_type": "line", "series": [
            {"name": "Long", "data": [{"x": 1, "y": 11}, {"x": 2, "y": 12}, {"x": 3, "y": 13}]},
            {"name": "Short", "data": [{"x": 3, "y": 23}]}]}}
    ]));
    let (_, qc, pptx) = render_text("ragged_series", &serde_json::to_string(&input).unwrap());
    let (chart, sheet) = chart_and_sheet(&pptx);
    assert_eq!(
        texts_in(&chart, "c:val", "c:v"),
        ["11", "12", "13", "23"],
        "{chart}"
    );
    for v in ["<v>11</v>", "<v>12</v>", "<v>13</v>", "<v>23</v>"] {
        assert!(sheet.contains(v), "workbook lacks {v}");
    }
    assert!(issues_of(&qc, "input_warning").is_empty(), "{qc:#}");
}

/// The `a:off x` of the last shape (`p:sp` or `p:graphicFrame`) of `xml` holding `needle`.
fn x_of_shape_with(xml: &str, needle: &str) -> i64 {
    let at = xml
        .rfind(needle)
        .unwrap_or_else(|| panic!("{needle} not in {xml}"));
    let start = xml[..at]
        .rfind("<p:sp>")
        .into_iter()
        .chain(xml[..at].rfind("<p:graphicFrame>"))
        .max()
        .unwrap();
    let off = &xml[start..][xml[start..].find("<a:off x=\"").unwrap() + 10..];
    off[..off.find('"').unwrap()].parse().unwrap()
}

fn rtl_deck(language: &str, first: &str, second: &str) -> Value {
    json!({
        "spec_version": "slidespec_v1",
        "deck": {"title": "RTL", "language": language, "slides": [
            {"slide_id": "s1", "type": "content", "layout": {"layout_id": "table_focus"},
             "elements": [
                {"element_id": "t", "kind": "text", "role": "title", "content": {"text": first}},
                {"element_id": "tb", "kind": "table", "content": {
                    "columns": [first, second], "rows": [[first, 1], [second, 2]]}}]},
            {"slide_id": "s2", "type": "content", "layout": {"layout_id": "two_column"},
             "elements": [
                {"element_id": "t", "kind": "text", "role": "title", "content": {"text": first}},
                {"element_id": "a", "kind": "bullets", "content": {"items": [first]}},
                {"element_id": "b", "kind": "bullets", "content": {"items": [second]}}]}]},
        "theme": {"template_ref": {"template_id": "default"}, "brand": {"brand_kit_id": "b"}}
    })
}

/// Issue 24.3: a right-to-left deck (language `ar`, `he`, `fa`...) mirrors its tables
/// (`a:tblPr rtl="1"`, cells kept in logical order) and puts `two_column`'s first column on
/// the right; a left-to-right deck keeps both as they were.
#[test]
fn right_to_left_decks_mirror_tables_and_columns() {
    for (lang, first, second, rtl) in [
        ("ar", "الإيرادات", "النمو", true),
        ("he-IL", "הכנסות", "צמיחה", true),
        ("en", "Revenue", "Growth", false),
    ] {
        let input = rtl_deck(lang, first, second);
        let name = format!("rtl_{lang}");
        let (code, qc, pptx) = render_text(&name, &serde_json::to_string(&input).unwrap());
        assert_eq!(code, 0, "{lang}: {qc:#}");
        let slide1 = String::from_utf8(parts(&pptx, "ppt/slides/slide1.xml")[0].1.clone()).unwrap();
        let tbl_pr = &slide1[slide1.find("<a:tblPr").unwrap()..];
        let tbl_pr = &tbl_pr[..tbl_pr.find('>').unwrap()];
        assert_eq!(tbl_pr.contains("rtl=\"1\""), rtl, "{lang}: {tbl_pr}");
        // Cells stay in logical order: the first column's header comes first.
        let header = &slide1[slide1.find("<a:tr ").unwrap()..];
        assert!(header.find(first).unwrap() < header.find(second).unwrap());
        let slide2 = String::from_utf8(parts(&pptx, "ppt/slides/slide2.xml")[0].1.clone()).unwrap();
        let (x1, x2) = (
            x_of_shape_with(&slide2, first),
            x_of_shape_with(&slide2, second),
        );
        assert_eq!(x1 > x2, rtl, "{lang}: first column at {x1}, second at {x2}");
        // The layout part is the default theme's, carried as any template's is (issue 20):
        // the slides carry the mirrored frames, the layout keeps the theme's placeholders.
    }
}

/// Issue 24.3: Arabic cell text stood above its line in LibreOffice (with the exact pitch it
/// keeps Noto Sans Arabic's 0.738 em descent at the line's foot), so a hamza-alef crossed the
/// cell's top border. A row whose cells start with Arabic gets the overshoot as extra top
/// margin (the row that much taller); Latin and Hebrew rows keep 4 pt.
#[test]
fn arabic_cells_get_room_above_their_first_line() {
    let input = deck(json!([
        {"element_id": "t", "kind": "text", "role": "title", "content": {"text": "Table"}},
        {"element_id": "tb", "kind": "table", "content": {"columns": ["Region", "الإيرادات"],
         "rows": [["North", "East"], ["أعلى", 1], ["עברית", 2]]}}
    ]));
    let (_, _, pptx) = render_text("arabic_cells", &serde_json::to_string(&input).unwrap());
    let slide = String::from_utf8(parts(&pptx, "ppt/slides/slide1.xml")[0].1.clone()).unwrap();
    let rows: Vec<(i64, Vec<i64>)> = slide
        .split("<a:tr h=\"")
        .skip(1)
        .map(|r| {
            let h = r[..r.find('"').unwrap()].parse().unwrap();
            let tops = r
                .split("marT=\"")
                .skip(1)
                .map(|m| m[..m.find('"').unwrap()].parse().unwrap())
                .collect();
            (h, tops)
        })
        .collect();
    assert_eq!(rows.len(), 4, "{slide}");
    // 16 pt: 1.678 em - 1.2 em pitch = 7.65 pt over the line; less the 4 pt margin, plus 1 pt.
    let pad = 97_155 - 50_800 + 12_700;
    let (latin_h, _) = rows[1];
    assert_eq!(
        rows[0].1,
        [50_800 + pad, 50_800 + pad],
        "header starts with Arabic"
    );
    assert_eq!(rows[1].1, [50_800, 50_800], "Latin row");
    assert_eq!(rows[2].1, [50_800 + pad, 50_800 + pad], "Arabic row");
    assert_eq!(rows[3].1, [50_800, 50_800], "Hebrew row");
    assert_eq!(
        rows[2].0,
        latin_h + pad,
        "the Arabic row is taller by the pad"
    );
    assert_eq!(rows[3].0, latin_h);
}
