//! The built-in themes (issue 20): picked by `theme.template_ref.template_id` with no file,
//! listed by `specrender themes`, and every golden deck renders in each without new problems.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::Command;

fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_specrender")
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
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

    let d = std::env::temp_dir().join(format!("specrender-themes-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    let example = root().join("examples/quarterly-review.json");
    let mut deck: serde_json::Value =
        serde_json::from_slice(&std::fs::read(&example).unwrap()).unwrap();
    deck["theme"]["template_ref"]["template_id"] = serde_json::json!("bold");
    let input = d.join("deck.json");
    std::fs::write(&input, deck.to_string()).unwrap();
    let out = d.join("deck.pptx");
    let layout = d.join("layout.json");
    let r = Command::new(bin())
        .args([
            "render",
            input.to_str().unwrap(),
            "-o",
            out.to_str().unwrap(),
        ])
        .args(["--assets", root().join("examples").to_str().unwrap()])
        .args([
            "--layout",
            layout.to_str().unwrap(),
            "--qc",
            d.join("qc.json").to_str().unwrap(),
        ])
        .output()
        .unwrap();
    assert!(
        r.status.code().unwrap() <= 1,
        "{}",
        String::from_utf8_lossy(&r.stderr)
    );
    let l: serde_json::Value = serde_json::from_slice(&std::fs::read(&layout).unwrap()).unwrap();
    // Every slide went onto the theme's layout of its id, found by name.
    let names: Vec<&str> = l["slides"]
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
    // The theme's master, with its title band, is in the file; the slides' titles are white.
    let z = zip::ZipArchive::new(std::fs::File::open(&out).unwrap()).unwrap();
    let names: Vec<String> = z.file_names().map(|n| n.unwrap().to_string()).collect();
    assert!(names
        .iter()
        .any(|n| n == "ppt/slideLayouts/slideLayout3.xml"));
    let mut z = z;
    let mut layout3 = String::new();
    std::io::Read::read_to_string(
        &mut z.by_name("ppt/slideLayouts/slideLayout3.xml").unwrap(),
        &mut layout3,
    )
    .unwrap();
    assert!(layout3.contains("Title Band"));
    let mut slide3 = String::new();
    std::io::Read::read_to_string(
        &mut z.by_name("ppt/slides/slide3.xml").unwrap(),
        &mut slide3,
    )
    .unwrap();
    let title = &slide3[slide3.find("type=\"title\"").unwrap()..];
    assert!(title.contains("<a:srgbClr val=\"FFFFFF\"/>"), "{title}");
    let _ = std::fs::remove_dir_all(d);
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
            let r = Command::new(bin())
                .args(["qc", "-", "--assets", dir.to_str().unwrap()])
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
                "{} in {id}: {}",
                dir.display(),
                String::from_utf8_lossy(&r.stderr)
            );
            problems(&serde_json::from_slice(&r.stdout).unwrap())
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
    let d = std::env::temp_dir().join(format!("specrender-brand-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    let mut deck: serde_json::Value = serde_json::from_slice(
        &std::fs::read(root().join("examples/quarterly-review.json")).unwrap(),
    )
    .unwrap();
    deck["theme"]["template_ref"]["template_id"] = serde_json::json!("bold");
    deck["theme"]["brand"]["tokens"] = serde_json::json!({
        "colors": {"primary": "#B91C1C", "accent": "#0E7490"},
        "fonts": {"heading": "Times New Roman", "body": "Arial"}
    });
    let input = d.join("deck.json");
    std::fs::write(&input, deck.to_string()).unwrap();
    let out = d.join("deck.pptx");
    let qc = d.join("qc.json");
    let r = Command::new(bin())
        .args([
            "render",
            input.to_str().unwrap(),
            "-o",
            out.to_str().unwrap(),
        ])
        .args(["--assets", root().join("examples").to_str().unwrap()])
        .args(["--qc", qc.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(
        r.status.code().unwrap() <= 1,
        "{}",
        String::from_utf8_lossy(&r.stderr)
    );
    let mut z = zip::ZipArchive::new(std::fs::File::open(&out).unwrap()).unwrap();
    let read = |z: &mut zip::ZipArchive<std::fs::File>, n: &str| {
        let mut s = String::new();
        std::io::Read::read_to_string(&mut z.by_name(n).unwrap(), &mut s).unwrap();
        s
    };
    // The theme's scheme carries the brand: accent1 (the title band, charts, bullets) is the
    // brand's primary, accent3 its accent, the heading font its heading; the rest as designed.
    let theme = read(&mut z, "ppt/theme/theme1.xml");
    assert!(theme.contains("<a:accent1><a:srgbClr val=\"B91C1C\"/></a:accent1>"));
    assert!(theme.contains("<a:accent2><a:srgbClr val=\"DC2626\"/></a:accent2>"));
    assert!(theme.contains("<a:accent3><a:srgbClr val=\"0E7490\"/></a:accent3>"));
    assert!(theme.contains("<a:majorFont><a:latin typeface=\"Times New Roman\"/>"));
    assert!(theme.contains("<a:minorFont><a:latin typeface=\"Arial\"/>"));
    // The chart's series is in the brand's primary; the title on the band stays white.
    let chart = read(&mut z, "ppt/charts/chart1.xml");
    assert!(chart.contains("B91C1C"), "{chart}");
    let slide = read(&mut z, "ppt/slides/slide3.xml");
    let title = &slide[slide.find("type=\"title\"").unwrap()..];
    assert!(title.contains("<a:srgbClr val=\"FFFFFF\"/>"));
    let qc: serde_json::Value = serde_json::from_slice(&std::fs::read(&qc).unwrap()).unwrap();
    assert!(!qc["issues"]
        .as_array()
        .unwrap()
        .iter()
        .any(|i| i["type"] == "low_contrast"));
    let _ = std::fs::remove_dir_all(d);
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
    let qc = |deck: &serde_json::Value| -> serde_json::Value {
        let r = Command::new(bin())
            .args(["qc", "-"])
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
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
        serde_json::from_slice(&r.stdout).unwrap()
    };
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
