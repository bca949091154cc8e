//! The built-in themes (issue 20): picked by `theme.template_ref.template_id` with no file,
//! listed by `specrender themes`, and every golden deck renders in each without new problems.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_specrender")
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// What `render` wrote for a deck: the PPTX, the QC report and the layout JSON.
struct Rendered {
    pptx: Vec<u8>,
    qc: serde_json::Value,
    layout: serde_json::Value,
}

/// Renders `deck` with `assets` as its assets root (exit 0 or 1 asserted).
fn render(deck: &serde_json::Value, assets: &Path, tag: &str) -> Rendered {
    let d = std::env::temp_dir().join(format!("specrender-themes-{}-{tag}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    let input = d.join("deck.json");
    std::fs::write(&input, deck.to_string()).unwrap();
    let (out, qc, layout) = (
        d.join("deck.pptx"),
        d.join("qc.json"),
        d.join("layout.json"),
    );
    let r = Command::new(bin())
        .arg("render")
        .arg(&input)
        .arg("-o")
        .arg(&out)
        .arg("--assets")
        .arg(assets)
        .arg("--qc")
        .arg(&qc)
        .arg("--layout")
        .arg(&layout)
        .output()
        .unwrap();
    assert!(
        r.status.code().unwrap() <= 1,
        "{tag}: {}",
        String::from_utf8_lossy(&r.stderr)
    );
    let json = |p: &Path| serde_json::from_slice(&std::fs::read(p).unwrap()).unwrap();
    let v = Rendered {
        pptx: std::fs::read(&out).unwrap(),
        qc: json(&qc),
        layout: json(&layout),
    };
    let _ = std::fs::remove_dir_all(d);
    v
}

/// The QC report of `deck` read from stdin (`assets`: its assets root; exit 0 or 1 asserted).
fn qc_of(deck: &serde_json::Value, assets: Option<&Path>) -> serde_json::Value {
    let mut cmd = Command::new(bin());
    cmd.args(["qc", "-"]);
    if let Some(a) = assets {
        cmd.arg("--assets").arg(a);
    }
    let r = cmd
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .and_then(|mut c| {
            use std::io::Write;
            c.stdin
                .take()
                .unwrap()
                .write_all(deck.to_string().as_bytes())?;
            c.wait_with_output()
        })
        .unwrap();
    assert!(
        r.status.code().unwrap() <= 1,
        "{}",
        String::from_utf8_lossy(&r.stderr)
    );
    serde_json::from_slice(&r.stdout).unwrap()
}

/// The example deck in `template_id`.
fn example_in(template_id: &str) -> serde_json::Value {
    let mut deck: serde_json::Value = serde_json::from_slice(
        &std::fs::read(root().join("examples/quarterly-review.json")).unwrap(),
    )
    .unwrap();
    deck["theme"]["template_ref"]["template_id"] = serde_json::json!(template_id);
    deck
}

#[test]
fn themes_are_listed_and_picked_by_template_id() {
    let out = Command::new(bin())
        .args(["themes", "--json"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let ids: Vec<&str> = v
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, ["default", "minimal", "bold", "dark"]);
    // `default` is a package too: one layout per layout id, named after it.
    let default: Vec<&str> = v[0]["layouts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l.as_str().unwrap())
        .collect();
    assert_eq!(default.len(), 10);
    assert_eq!(
        (default[0], default[9], v[0]["fonts"].as_str()),
        ("title_center", "blank", Some("Calibri"))
    );

    let r = render(&example_in("bold"), &root().join("examples"), "bold");
    // Every slide went onto the theme's layout of its id, found by name.
    let names: Vec<&str> = r.layout["slides"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["template_layout"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        [
            "Title Slide",
            "Section Header",
            "Title and Content",
            "Two Content",
            "Title and Content",
            "Quote",
            "Chart",
            "Closing"
        ]
    );
    // The theme's layouts, with their title band, are in the file; the slides' titles are white.
    assert!(part(&r.pptx, "ppt/slideLayouts/slideLayout3.xml").contains("Title Band"));
    let slide3 = part(&r.pptx, "ppt/slides/slide3.xml");
    let title = &slide3[slide3.find("type=\"title\"").unwrap()..];
    assert!(title.contains("<a:srgbClr val=\"FFFFFF\"/>"), "{title}");
}

/// (type, severity) counts of a QC report, issues about the look itself left out.
fn problems(qc: &serde_json::Value) -> BTreeMap<(String, String), usize> {
    let mut m = BTreeMap::new();
    for i in qc["issues"].as_array().unwrap() {
        let ty = i["type"].as_str().unwrap().to_string();
        let sev = i["severity"].as_str().unwrap().to_string();
        if sev == "high" || ty == "overflow" || ty == "out_of_bounds" {
            *m.entry((ty, sev)).or_default() += 1;
        }
    }
    m
}

#[test]
fn every_golden_deck_renders_in_every_theme_without_new_problems() {
    let cases = root().join("golden/slides");
    let mut worse = Vec::new();
    let mut checked = 0;
    for entry in std::fs::read_dir(&cases).unwrap() {
        let dir = entry.unwrap().path();
        let input = dir.join("input.json");
        // Cases on a template or with options of their own are the template's, not a theme's.
        if !input.is_file() || dir.join("options.json").is_file() {
            continue;
        }
        let base: serde_json::Value =
            serde_json::from_slice(&std::fs::read(&input).unwrap()).unwrap();
        let run = |id: &str| {
            let mut deck = base.clone();
            deck["theme"]["template_ref"]["template_id"] = serde_json::json!(id);
            problems(&qc_of(&deck, Some(&dir)))
        };
        let default = run("default");
        for theme in ["minimal", "bold", "dark"] {
            let got = run(theme);
            for (k, n) in &got {
                let was = default.get(k).copied().unwrap_or(0);
                if *n > was {
                    worse.push(format!(
                        "{} in {theme}: {} {} x{n} (default x{was})",
                        dir.file_name().unwrap().to_string_lossy(),
                        k.0,
                        k.1
                    ));
                }
            }
            checked += 1;
        }
    }
    assert!(checked >= 3 * 40, "{checked}");
    assert!(worse.is_empty(), "{}", worse.join("\n"));
}

#[test]
fn brand_tokens_rewrite_a_themes_colour_and_font_scheme() {
    let mut deck = example_in("bold");
    deck["theme"]["brand"]["tokens"] = serde_json::json!({
        "colors": {"primary": "#B91C1C", "accent": "#0E7490"},
        "fonts": {"heading": "Times New Roman", "body": "Arial"}
    });
    let r = render(&deck, &root().join("examples"), "brand");
    // The theme's scheme carries the brand: accent1 (the title band, charts, bullets) is the
    // brand's primary, accent3 its accent, the heading font its heading; the rest as designed.
    let theme = part(&r.pptx, "ppt/theme/theme1.xml");
    assert!(theme.contains("<a:accent1><a:srgbClr val=\"B91C1C\"/></a:accent1>"));
    assert!(theme.contains("<a:accent2><a:srgbClr val=\"DC2626\"/></a:accent2>"));
    assert!(theme.contains("<a:accent3><a:srgbClr val=\"0E7490\"/></a:accent3>"));
    assert!(theme.contains("<a:majorFont><a:latin typeface=\"Times New Roman\"/>"));
    assert!(theme.contains("<a:minorFont><a:latin typeface=\"Arial\"/>"));
    // The chart's series is in the brand's primary; the title on the band stays white.
    let chart = part(&r.pptx, "ppt/charts/chart1.xml");
    assert!(chart.contains("B91C1C"), "{chart}");
    let slide = part(&r.pptx, "ppt/slides/slide3.xml");
    let title = &slide[slide.find("type=\"title\"").unwrap()..];
    assert!(title.contains("<a:srgbClr val=\"FFFFFF\"/>"));
    assert!(!r.qc["issues"]
        .as_array()
        .unwrap()
        .iter()
        .any(|i| i["type"] == "low_contrast"));
}

#[test]
fn chart_series_a_reader_cannot_tell_apart_are_reported() {
    // Ten series from three brand colours that are one colour: the palette's lighter and darker
    // variants run out before the series do.
    let series: Vec<serde_json::Value> = (0..10)
        .map(|i| {
            serde_json::json!({"name": format!("S{i}"),
                "data": [{"x": "Q1", "y": i + 1}, {"x": "Q2", "y": i + 2}]})
        })
        .collect();
    let deck = serde_json::json!({
        "spec_version": "slidespec_v1",
        "deck": {"title": "t", "language": "en", "slides": [{
            "slide_id": "s1", "type": "chart", "layout": {"layout_id": "chart_focus"},
            "elements": [
                {"element_id": "e1", "kind": "text", "content": {"text": "Revenue"}},
                {"element_id": "e2", "kind": "chart",
                 "content": {"chart_type": "bar", "series": series}}]}]},
        "theme": {"template_ref": {"template_id": "default"}, "brand": {"brand_kit_id": "b",
            "tokens": {"colors": {"primary": "#1F4E79", "secondary": "#225080", "accent": "#1F4E7A"}}}}
    });
    let qc = |deck: &serde_json::Value| qc_of(deck, None);
    let hits = |qc: &serde_json::Value| -> Vec<serde_json::Value> {
        qc["issues"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|i| i["type"] == "chart_palette")
            .cloned()
            .collect()
    };
    let report = qc(&deck);
    let h = hits(&report);
    assert_eq!(h.len(), 1, "{report}");
    assert_eq!(h[0]["severity"], "low");
    assert_eq!(h[0]["element_id"], "e2");
    assert!(h[0]["details"]["delta_e"].as_f64().unwrap() < 12.0);
    // The default brand's ten series are kept apart by the palette: nothing to report.
    let mut plain = deck.clone();
    plain["theme"]["brand"]
        .as_object_mut()
        .unwrap()
        .remove("tokens");
    assert!(hits(&qc(&plain)).is_empty());
}

/// A two-slide deck with a logo token, rendered with the pictures fixtures as its assets.
fn with_logo(
    template_id: &str,
    logo: serde_json::Value,
    extra: serde_json::Value,
) -> (Vec<u8>, serde_json::Value) {
    let mut slides = vec![serde_json::json!({
        "slide_id": "s1", "type": "content", "layout": {"layout_id": "one_column"},
        "elements": [
            {"element_id": "e1", "kind": "text", "role": "title", "content": {"text": "Results"}},
            {"element_id": "e2", "kind": "bullets", "content": {"items": ["Revenue grew 18%", "Margin 61%"]}}]})];
    if !extra.is_null() {
        slides.push(extra);
    }
    let deck = serde_json::json!({
        "spec_version": "slidespec_v1",
        "deck": {"title": "t", "language": "en", "slides": slides},
        "theme": {"template_ref": {"template_id": template_id},
                  "brand": {"brand_kit_id": "b", "tokens": {"logo": logo}}},
        "assets": [{"asset_id": "logo", "type": "image", "source": {"kind": "file", "file_id": "wide.png"}}]
    });
    let r = render(
        &deck,
        &root().join("golden/slides/pictures"),
        &format!("logo-{template_id}"),
    );
    (r.pptx, r.qc)
}

fn part(pptx: &[u8], name: &str) -> String {
    let mut z = zip::ZipArchive::new(std::io::Cursor::new(pptx)).unwrap();
    let mut s = String::new();
    std::io::Read::read_to_string(&mut z.by_name(name).unwrap(), &mut s).unwrap();
    s
}

#[test]
fn a_brand_logo_sits_on_the_master_and_content_keeps_clear_of_it() {
    // Built-in look: the master draws the logo, related to its media part; nothing covers it.
    let (pptx, qc) = with_logo(
        "default",
        serde_json::json!("logo"),
        serde_json::Value::Null,
    );
    let master = part(&pptx, "ppt/slideMasters/slideMaster1.xml");
    assert!(master.contains("name=\"Logo\""), "{master}");
    let rels = part(&pptx, "ppt/slideMasters/_rels/slideMaster1.xml.rels");
    assert!(
        rels.contains("relationships/image\" Target=\"../media/logo1.png\""),
        "{rels}"
    );
    assert!(
        qc["issues"]
            .as_array()
            .unwrap()
            .iter()
            .all(|i| i["type"] != "overlap"),
        "{qc}"
    );
    // On a theme: the template's master gets it (read back by python-pptx in check-readers).
    let (pptx, qc) = with_logo(
        "minimal",
        serde_json::json!({"asset_id": "logo", "corner": "bottom_left", "height": 0.6}),
        serde_json::Value::Null,
    );
    let master = part(&pptx, "ppt/slideMasters/slideMaster1.xml");
    assert!(
        master.contains("<p:cNvPr id=\"65000\" name=\"Logo\""),
        "{master}"
    );
    assert!(!master.contains("<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?><p:pic"));
    assert!(
        qc["issues"]
            .as_array()
            .unwrap()
            .iter()
            .all(|i| i["type"] != "overlap"),
        "{qc}"
    );
    // Content placed over the logo on purpose is an overlap naming it; a layout that draws a
    // band over the logo (bold's title band, top right) hides it, and QC says so.
    let over = serde_json::json!({
        "slide_id": "s2", "type": "content", "layout": {"layout_id": "one_column"},
        "elements": [{"element_id": "e1", "kind": "text", "content": {"text": "Over the logo"},
                      "style": {"box": {"x": 11.0, "y": 0.2, "w": 2.0, "h": 0.8}}}]});
    let (_, qc) = with_logo("bold", serde_json::json!("logo"), over);
    let issues = qc["issues"].as_array().unwrap();
    assert!(
        issues
            .iter()
            .any(|i| i["type"] == "overlap" && i["details"]["decoration"] == "logo"),
        "{qc}"
    );
    assert!(
        issues
            .iter()
            .any(|i| i["type"] == "logo_hidden" && i["slide_id"] == "s1"),
        "{qc}"
    );
    // A logo naming no asset is reported, not dropped silently.
    let (_, qc) = with_logo(
        "default",
        serde_json::json!("nope"),
        serde_json::Value::Null,
    );
    assert!(
        qc["issues"]
            .as_array()
            .unwrap()
            .iter()
            .any(|i| i["type"] == "missing_asset"),
        "{qc}"
    );
}
