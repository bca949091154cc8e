//! Lenient where the schema is free-form (docs/guide/input.md): values inside `theme.brand.tokens`
//! and `style` never make the CLI exit 2. Usable spellings are taken (`#FFF`, `navy`,
//! `"12pt"`), unusable ones are a warning with a JSON Pointer (QC: low `input_warning`) and
//! the default is used; a `style.box` with no positive extent is not drawn (high
//! `invalid_box`); a huge box is clamped to what OOXML stores and is `out_of_bounds`.

use serde_json::{json, Value};
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn dir(name: &str) -> PathBuf {
    let d = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("lenient")
        .join(name);
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// `specrender render` of `deck` with `--autofit none`: exit code, QC report, PPTX path.
fn render(name: &str, deck: &Value) -> (i32, Value, PathBuf) {
    render_with_files(name, deck, &[])
}

/// [`render`] with `files` (name, bytes) written beside the input (the assets root).
fn render_with_files(name: &str, deck: &Value, files: &[(&str, &[u8])]) -> (i32, Value, PathBuf) {
    let d = dir(name);
    for (f, bytes) in files {
        std::fs::write(d.join(f), bytes).unwrap();
    }
    let input = d.join("in.json");
    std::fs::write(&input, serde_json::to_vec(deck).unwrap()).unwrap();
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

fn deck(tokens: Value, elements: Value) -> Value {
    json!({
        "spec_version": "slidespec_v1",
        "deck": {"title": "Lenient", "language": "en", "slides": [
            {"slide_id": "s1", "type": "content", "layout": {"layout_id": "one_column"},
             "elements": elements}]},
        "theme": {"template_ref": {"template_id": "default"},
                  "brand": {"brand_kit_id": "b", "tokens": tokens}}
    })
}

fn title_and_body() -> Value {
    json!([
        {"element_id": "t", "kind": "text", "role": "title", "content": {"text": "Review"}},
        {"element_id": "b", "kind": "bullets", "content": {"items": ["One", "Two"]}}
    ])
}

/// (type, severity, details.path) of every issue.
fn issues(qc: &Value) -> Vec<(String, String, String)> {
    qc["issues"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| {
            (
                i["type"].as_str().unwrap().to_string(),
                i["severity"].as_str().unwrap().to_string(),
                i["details"]["path"].as_str().unwrap_or("").to_string(),
            )
        })
        .collect()
}

fn part(pptx: &Path, name: &str) -> String {
    let f = std::fs::File::open(pptx).unwrap();
    let mut z = zip::ZipArchive::new(f).unwrap();
    let mut s = String::new();
    z.by_name(name).unwrap().read_to_string(&mut s).unwrap();
    s
}

#[test]
fn short_hex_named_colours_and_pt_sizes_are_taken() {
    let tokens = json!({"colors": {"primary": "#FFF", "accent": "navy", "text": "333333"},
                        "sizes": {"body": "12pt", "title": " 30 PT "}});
    let (code, qc, pptx) = render("taken", &deck(tokens, title_and_body()));
    assert_eq!(code, 0, "{qc:#}");
    // The white primary is taken as written: titles in it on the white default look are
    // reported, never recoloured (a brand's colour is the brand's).
    assert_eq!(
        issues(&qc),
        vec![("low_contrast".to_string(), "low".to_string(), String::new())]
    );
    let theme = part(&pptx, "ppt/theme/theme1.xml");
    assert!(
        theme.contains("FFFFFF") && theme.contains("000080"),
        "{theme}"
    );
    let slide = part(&pptx, "ppt/slides/slide1.xml");
    assert!(slide.contains("sz=\"1200\"") && slide.contains("sz=\"3000\""));
}

#[test]
fn unusable_tokens_warn_with_their_pointer_and_keep_defaults() {
    let tokens = json!({"colors": {"primary": "corporate blue", "muted": "transparent"},
                        "sizes": {"body": "12px", "caption": 400},
                        "fonts": {"body": 12},
                        "spacing": {"x": 1}});
    let (code, qc, _) = render("unusable", &deck(tokens, title_and_body()));
    assert_eq!(code, 0, "{qc:#}");
    let mut got = issues(&qc);
    got.sort();
    let low = |t: &str, p: &str| (t.to_string(), "low".to_string(), p.to_string());
    assert_eq!(
        got,
        vec![
            low("input_warning", "/theme/brand/tokens/colors/muted"),
            low("input_warning", "/theme/brand/tokens/colors/primary"),
            low("input_warning", "/theme/brand/tokens/fonts/body"),
            low("input_warning", "/theme/brand/tokens/sizes/body"),
            low("input_warning", "/theme/brand/tokens/sizes/caption"),
            low("unknown_token", "/theme/brand/tokens/spacing"),
        ]
    );
    let group = json!({"colors": "red"});
    let (_, qc, _) = render("group", &deck(group, title_and_body()));
    assert_eq!(
        issues(&qc),
        vec![low("input_warning", "/theme/brand/tokens/colors")]
    );
}

fn boxed(b: Value) -> Value {
    json!([
        {"element_id": "t", "kind": "text", "role": "title", "content": {"text": "Review"}},
        {"element_id": "x", "kind": "text", "content": {"text": "Boxed"}, "style": {"box": b}}
    ])
}

#[test]
fn a_box_without_positive_extent_is_not_drawn_and_is_high() {
    for (name, b) in [
        ("w0", json!({"x": 1, "y": 1, "w": 0, "h": 1})),
        ("hneg", json!({"x": 1, "y": 1, "w": 2, "h": -1})),
        ("wstr", json!({"x": 1, "y": 1, "w": "wide", "h": 1})),
        ("wmissing", json!({"x": 1, "y": 1, "h": 1})),
        ("tiny", json!({"x": 1, "y": 1, "w": 1e-9, "h": 1})),
    ] {
        let (code, qc, pptx) = render(name, &deck(json!({}), boxed(b)));
        assert_eq!(code, 1, "{name}");
        let t: Vec<_> = issues(&qc).into_iter().map(|i| (i.0, i.1)).collect();
        assert_eq!(t, vec![("invalid_box".into(), "high".into())], "{name}");
        assert_eq!(qc["issues"][0]["element_id"], "x");
        let slide = part(&pptx, "ppt/slides/slide1.xml");
        assert!(!slide.contains("name=\"x\""), "{name}: drawn");
    }
}

#[test]
fn an_unusable_box_warns_and_the_slot_places_the_element() {
    let b = json!({"x": "1in", "y": 1, "w": 2, "h": 1, "z": 0});
    let (code, qc, pptx) = render("unusable_box", &deck(json!({}), boxed(b)));
    assert_eq!(code, 0, "{qc:#}");
    let p = "/deck/slides/0/elements/1/style/box".to_string();
    let w = ("input_warning".to_string(), "low".to_string(), p);
    assert_eq!(issues(&qc), vec![w.clone(), w]);
    assert!(part(&pptx, "ppt/slides/slide1.xml").contains("name=\"x\""));
}

#[test]
fn huge_boxes_are_clamped_to_ooxml_and_out_of_bounds() {
    for (name, b) in [
        (
            "huge",
            json!({"x": 1e300, "y": -1e300, "w": 1e300, "h": 1e300}),
        ),
        (
            "huge_pct",
            json!({"x": "99999999999999999999999%", "y": 1, "w": 1, "h": 1}),
        ),
    ] {
        let (code, qc, pptx) = render(name, &deck(json!({}), boxed(b)));
        assert_eq!(code, 1, "{name}");
        let t = issues(&qc);
        assert!(
            t.contains(&("out_of_bounds".into(), "high".into(), String::new())),
            "{name}: {t:?}"
        );
        assert_ooxml_coordinates(name, &part(&pptx, "ppt/slides/slide1.xml"));
    }
}

/// Every `x`/`y` offset of `slide` within ST_Coordinate, every `cx`/`cy` within 0..=i32::MAX.
fn assert_ooxml_coordinates(name: &str, slide: &str) {
    const MAX: i64 = 27_273_042_316_900;
    const MAX_EXT: i64 = i32::MAX as i64;
    for attr in ["x", "y", "cx", "cy"] {
        let pat = format!(" {attr}=\"");
        for chunk in slide.split(&pat).skip(1) {
            let n: i64 = chunk[..chunk.find('"').unwrap()].parse().unwrap();
            let ok = if attr.starts_with('c') {
                (0..=MAX_EXT).contains(&n)
            } else {
                (-MAX..=MAX).contains(&n)
            };
            assert!(ok, "{name}: {attr}={n}");
        }
    }
}

/// Issue 25.5: a letterboxed picture and a divider are placed inside their clamped box, and
/// the placed frame is clamped again, so no written offset leaves ST_Coordinate.
#[test]
fn pictures_and_dividers_in_huge_boxes_stay_in_ooxml_coordinates() {
    let png: &[u8] = include_bytes!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/examples/report-chart.png"
    ));
    let far = json!({"x": 1e300, "y": 1e300, "w": 1e300, "h": 1e300});
    let elements = json!([
        {"element_id": "t", "kind": "text", "role": "title", "content": {"text": "Review"}},
        {"element_id": "p", "kind": "image", "content": {"asset_id": "pic", "crop": "contain"},
         "style": {"box": far}},
        {"element_id": "tall", "kind": "image", "content": {"asset_id": "pic", "crop": "contain"},
         "style": {"box": {"x": 1e300, "y": 1e300, "w": 1, "h": 1e300}}},
        {"element_id": "h", "kind": "divider", "content": {}, "style": {"box": far}},
        {"element_id": "v", "kind": "divider", "content": {},
         "style": {"box": {"x": 1e300, "y": 1e300, "w": 1000, "h": 1e300}}}
    ]);
    let mut d = deck(json!({}), elements);
    d["assets"] = json!([{"asset_id": "pic", "type": "image",
                          "source": {"kind": "file", "file_id": "pic.png"}}]);
    let (code, qc, pptx) = render_with_files("huge_placed", &d, &[("pic.png", png)]);
    assert_eq!(code, 1, "{qc:#}");
    let slide = part(&pptx, "ppt/slides/slide1.xml");
    assert!(slide.contains("<p:pic>"), "the picture is drawn");
    assert_eq!(slide.matches("<p:cxnSp>").count(), 2, "both dividers drawn");
    assert_ooxml_coordinates("huge_placed", &slide);
}

/// Issue 25.5: a table whose rows need more than i32::MAX EMU (a 100,000-character cell in a
/// narrow column) gets a frame cut to that height and a `table_overflow` saying so.
#[test]
fn a_table_taller_than_ooxml_allows_is_clamped_and_reported() {
    let cell = "word ".repeat(20_000);
    let columns: Vec<String> = (0..20).map(|i| format!("c{i}")).collect();
    let mut row = vec![json!(cell.trim())];
    row.extend((1..20).map(|_| json!("long header text here")));
    let elements = json!([
        {"element_id": "t", "kind": "text", "role": "title", "content": {"text": "Review"}},
        {"element_id": "tb", "kind": "table", "content": {"columns": columns, "rows": [row]}}
    ]);
    let (code, qc, pptx) = render("tall_table", &deck(json!({}), elements));
    assert_eq!(code, 1, "{qc:#}");
    let overflow: Vec<&Value> = qc["issues"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|i| i["type"] == "table_overflow")
        .collect();
    assert_eq!(overflow.len(), 1, "{qc:#}");
    assert_eq!(overflow[0]["details"]["height_clamped"], true, "{qc:#}");
    assert!(overflow[0]["details"]["needed_height_pt"].as_f64().unwrap() > 169_093.0);
    let slide = part(&pptx, "ppt/slides/slide1.xml");
    assert!(slide.contains("cy=\"2147483647\""), "frame cut to i32::MAX");
    assert_ooxml_coordinates("tall_table", &slide);
}

/// Issue 25.4: a top-N "Other" whose sum passes f64::MAX was written as `inf` in the chart
/// cache and the embedded workbook (openpyxl refuses it); now it is capped and the fix says so.
#[test]
fn an_overflowing_other_is_never_written_as_inf() {
    let data: Vec<Value> = (0..12)
        .map(|i| json!({"x": format!("c{i}"), "y": 1.5e308}))
        .collect();
    let elements = json!([
        {"element_id": "t", "kind": "text", "role": "title", "content": {"text": "Review"}},
        {"element_id": "c", "kind": "chart",
         "content": {"chart_type": "bar", "series": [{"name": "s", "data": data}]}}
    ]);
    let (_, qc, pptx) = render("other_inf", &deck(json!({}), elements));
    let fix = qc["fixes"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["action"] == "top_n")
        .unwrap_or_else(|| panic!("{qc:#}"));
    assert_eq!(fix["other_capped"], true, "{fix}");
    let f = std::fs::File::open(&pptx).unwrap();
    let mut z = zip::ZipArchive::new(f).unwrap();
    let names: Vec<String> = z.file_names().map(|n| n.unwrap().to_string()).collect();
    let chart = names
        .iter()
        .find(|n| n.starts_with("ppt/charts/chart"))
        .unwrap();
    let xml = part(&pptx, chart);
    assert!(!xml.to_lowercase().contains("inf"), "chart cache holds inf");
    let xlsx = names.iter().find(|n| n.ends_with(".xlsx")).unwrap();
    let mut bytes = Vec::new();
    z.by_name(xlsx).unwrap().read_to_end(&mut bytes).unwrap();
    let mut wb = zip::ZipArchive::new(std::io::Cursor::new(bytes)).unwrap();
    let sheet = (0..wb.len())
        .map(|i| {
            let mut f = wb.by_index(i).unwrap();
            let mut s = String::new();
            let name = f.name().unwrap().to_string();
            f.read_to_string(&mut s).unwrap();
            (name, s)
        })
        .find(|(n, _)| n.starts_with("xl/worksheets/"))
        .unwrap()
        .1;
    assert!(
        !sheet.to_lowercase().contains("inf"),
        "workbook holds inf: {sheet}"
    );
    assert!(sheet.contains("<v>17976931348623157"), "the capped sum");
}

/// Issue 25.4: integers above 2^53 in table cells were rounded (9007199254740993 ->
/// 9007199254740992); every integer within 64 bits keeps its digits as written.
#[test]
fn big_integers_in_table_cells_keep_their_digits() {
    let elements = serde_json::from_str::<Value>(
        r#"[
        {"element_id": "t", "kind": "text", "role": "title", "content": {"text": "Review"}},
        {"element_id": "tb", "kind": "table", "content": {"columns": ["a", "b"],
         "rows": [[9007199254740993, 12345678901234567890], [-9007199254740993, 1.5]]}}
    ]"#,
    )
    .unwrap();
    let (code, qc, pptx) = render("big_ints", &deck(json!({}), elements));
    assert_eq!(code, 0, "{qc:#}");
    let slide = part(&pptx, "ppt/slides/slide1.xml");
    for digits in [
        ">9007199254740993<",
        ">12345678901234567890<",
        ">-9007199254740993<",
        ">1.5<",
    ] {
        assert!(slide.contains(digits), "{digits} missing");
    }
    // Right-aligned like every number.
    assert!(
        slide.matches("algn=\"r\"").count() >= 4,
        "numbers right-aligned"
    );
}
