//! Templates read at the package level (`template/`): the fixture corpus
//! (tests/fixtures/templates/README.md), layout mapping, inherited geometry, and hostile
//! packages refused with the part named. The CLI's `template inspect` end to end.

mod support;

use specrender::template::{map_all, Limits, PackageError, Template, TemplateError};
use std::io::{Cursor, Write};
use std::path::PathBuf;
use std::process::Command;

fn fixture(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/templates")
        .join(name)
}

fn load(name: &str) -> Template {
    Template::from_bytes(std::fs::read(fixture(name)).unwrap())
        .unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn mapping(t: &Template) -> Vec<(String, Option<String>, &'static str)> {
    map_all(t, &|_| None)
        .into_iter()
        .map(|m| (m.layout_id, m.layout_name, m.how))
        .collect()
}

fn mapped<'a>(
    m: &'a [(String, Option<String>, &'static str)],
    id: &str,
) -> (Option<&'a str>, &'static str) {
    let (_, name, how) = m.iter().find(|(i, _, _)| i == id).unwrap();
    (name.as_deref(), how)
}

#[test]
fn every_fixture_template_is_read() {
    // (file, kind, slide size, masters, layouts, example slides)
    let expect = [
        (
            "python-pptx-default.pptx",
            "pptx",
            (9144000, 6858000),
            1,
            11,
            0,
        ),
        (
            "pandoc-reference.pptx",
            "pptx",
            (9144000, 5143500),
            1,
            11,
            4,
        ),
        (
            "libreoffice-focus.pptx",
            "pptx",
            (10080625, 5670550),
            4,
            48,
            4,
        ),
        (
            "libreoffice-vivid.potx",
            "potx",
            (10080625, 5670550),
            3,
            36,
            3,
        ),
        ("edited-ko-names.pptx", "pptx", (9144000, 6858000), 1, 11, 0),
        (
            "edited-no-placeholders.pptx",
            "pptx",
            (9144000, 6858000),
            1,
            1,
            0,
        ),
        (
            "edited-bare-master.pptx",
            "pptx",
            (9144000, 6858000),
            1,
            1,
            0,
        ),
        (
            "edited-title-only.pptx",
            "pptx",
            (9144000, 6858000),
            1,
            1,
            0,
        ),
        (
            "edited-ja-names-logo-wide.pptx",
            "pptx",
            (12192000, 6858000),
            1,
            11,
            0,
        ),
    ];
    for (name, kind, size, masters, layouts, examples) in expect {
        let t = load(name);
        assert_eq!(
            (
                t.kind.as_str(),
                t.slide_size,
                t.masters.len(),
                t.layouts.len(),
                t.example_slides
            ),
            (kind, size, masters, layouts, examples),
            "{name}"
        );
        // Every layout has a title or is blank-like, and every placeholder a geometry.
        for l in &t.layouts {
            for p in &l.placeholders {
                assert!(p.rect.is_some(), "{name}: {} {}", l.name, p.name);
            }
        }
        assert!(t.theme().is_some(), "{name}");
        // Every layout id maps somewhere or says it falls back.
        assert_eq!(mapping(&t).len(), 10);
    }
}

#[test]
fn placeholders_without_xfrm_inherit_the_masters_geometry() {
    let t = load("python-pptx-default.pptx");
    let master_body = t.masters[0]
        .placeholders
        .iter()
        .find(|p| p.ty == "body")
        .unwrap();
    let l = t
        .layouts
        .iter()
        .find(|l| l.name == "Title and Content")
        .unwrap();
    assert_eq!(l.ty, "obj");
    let content = l.placeholders.iter().find(|p| p.idx == Some(1)).unwrap();
    assert_eq!(content.ty, "obj"); // `p:ph idx="1"` with no type
    assert!(content.inherited);
    assert_eq!(content.rect, master_body.rect);
    let r = content.rect.unwrap();
    assert_eq!((r.x, r.y, r.cx, r.cy), (457200, 1600200, 8229600, 4525963));
    // bodyPr inherited too: the master's insets and normAutofit.
    assert_eq!(content.body.insets, Some([91440, 45720, 91440, 45720]));
    assert_eq!(content.body.autofit.as_deref(), Some("norm"));
    // A layout's own xfrm wins (Two Content's halves).
    let two = t.layouts.iter().find(|l| l.name == "Two Content").unwrap();
    let halves: Vec<_> = two
        .placeholders
        .iter()
        .filter(|p| p.class() == "body")
        .collect();
    assert_eq!(halves.len(), 2);
    assert!(halves.iter().all(|p| !p.inherited));
    // Master text styles: title 44 pt, body level 1 32 pt with a bullet.
    let st = &t.masters[0].text_styles;
    assert_eq!(st.title[0].size_hundredths_pt, Some(4400));
    assert_eq!(st.body[0].size_hundredths_pt, Some(3200));
    assert_eq!(st.body[0].bullet.as_deref(), Some("•"));
}

#[test]
fn empty_ea_resolves_through_the_script_fonts_by_language() {
    let t = load("python-pptx-default.pptx");
    let th = t.theme().unwrap();
    assert_eq!(th.minor.latin, "Calibri");
    assert_eq!(th.minor.ea, "");
    assert_eq!(th.minor.ea_for("ko-KR"), "맑은 고딕");
    assert_eq!(th.minor.ea_for("ja"), "ＭＳ Ｐゴシック");
    assert_eq!(th.minor.ea_for("zh-CN"), "宋体");
    assert_eq!(th.minor.ea_for("zh-TW"), "新細明體");
    assert_eq!(th.minor.ea_for("en"), "");
    assert_eq!(th.colors[0], ("dk1".to_string(), "000000".to_string()));
}

#[test]
fn layout_ids_map_by_name_in_every_language_then_by_type_and_signature() {
    for name in [
        "python-pptx-default.pptx",
        "edited-ko-names.pptx",
        "edited-ja-names-logo-wide.pptx",
    ] {
        let m = mapping(&load(name));
        for id in [
            "title_center",
            "one_column",
            "two_column",
            "section_header",
            "blank",
            "quote_center",
        ] {
            assert_eq!(mapped(&m, id).1, "name", "{name} {id}");
        }
    }
    let ko = mapping(&load("edited-ko-names.pptx"));
    assert_eq!(mapped(&ko, "two_column"), (Some("콘텐츠 2개"), "name"));
    assert_eq!(
        mapped(&ko, "image_full_bleed"),
        (Some("캡션 있는 그림"), "name")
    );
    // LibreOffice's own names ("Title, Content") and types.
    let lo = mapping(&load("libreoffice-vivid.potx"));
    assert_eq!(mapped(&lo, "one_column"), (Some("Title, Content"), "name"));
    assert_eq!(
        mapped(&lo, "section_header"),
        (Some("Title Slide"), "signature")
    );
    // No picture layout at all: our own slots inside the master's areas.
    assert_eq!(mapped(&lo, "image_full_bleed"), (None, "fallback"));
    // An explicit map (theme.brand.tokens.layouts) wins.
    let t = load("python-pptx-default.pptx");
    let m = specrender::template::map_layout(&t, "two_column", Some("comparison"));
    assert_eq!(
        (m.layout_name.as_deref(), m.how),
        (Some("Comparison"), "explicit")
    );
}

#[test]
fn master_decorations_are_listed() {
    let t = load("edited-ja-names-logo-wide.pptx");
    let logo = &t.masters[0].decorations;
    assert_eq!(logo.len(), 1);
    assert_eq!(logo[0].name, "Logo");
    assert_eq!(logo[0].rect.x + logo[0].rect.cx, 12192000 - 457200);
}

// --- hostile packages ---------------------------------------------------------------------

const CT: &str = r#"<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Override PartName="/ppt/presentation.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml"/><Override PartName="/ppt/slideMasters/slideMaster1.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.slideMaster+xml"/><Override PartName="/ppt/slideLayouts/slideLayout1.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.slideLayout+xml"/></Types>"#;
const ROOT_RELS: &str = r#"<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="ppt/presentation.xml"/></Relationships>"#;
const PRES: &str = r#"<p:presentation xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main" xmlns:r="r"><p:sldMasterIdLst><p:sldMasterId id="2147483648" r:id="rId1"/></p:sldMasterIdLst><p:sldSz cx="12192000" cy="6858000"/></p:presentation>"#;
const PRES_RELS: &str = r#"<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/slideMaster" Target="slideMasters/slideMaster1.xml"/></Relationships>"#;
const MASTER: &str = r#"<p:sldMaster xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><p:cSld><p:spTree><p:sp><p:nvSpPr><p:cNvPr id="2" name="Title"/><p:nvPr><p:ph type="title"/></p:nvPr></p:nvSpPr><p:spPr><a:xfrm><a:off x="1" y="2"/><a:ext cx="3" cy="4"/></a:xfrm></p:spPr></p:sp></p:spTree></p:cSld><p:sldLayoutIdLst><p:sldLayoutId id="2147483649" r:id="rId1" xmlns:r="r"/></p:sldLayoutIdLst></p:sldMaster>"#;
const MASTER_RELS: &str = r#"<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/slideLayout" Target="../slideLayouts/slideLayout1.xml"/></Relationships>"#;
const LAYOUT: &str = r#"<p:sldLayout xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main" type="title"><p:cSld name="Title Slide"><p:spTree/></p:cSld></p:sldLayout>"#;

fn package(replace: &[(&str, &[u8])], drop: &[&str]) -> Vec<u8> {
    let base: Vec<(&str, &[u8])> = vec![
        ("[Content_Types].xml", CT.as_bytes()),
        ("_rels/.rels", ROOT_RELS.as_bytes()),
        ("ppt/presentation.xml", PRES.as_bytes()),
        ("ppt/_rels/presentation.xml.rels", PRES_RELS.as_bytes()),
        ("ppt/slideMasters/slideMaster1.xml", MASTER.as_bytes()),
        (
            "ppt/slideMasters/_rels/slideMaster1.xml.rels",
            MASTER_RELS.as_bytes(),
        ),
        ("ppt/slideLayouts/slideLayout1.xml", LAYOUT.as_bytes()),
    ];
    let mut w = zip::ZipWriter::new(Cursor::new(Vec::new()));
    let opts = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated);
    for (name, data) in base {
        if drop.contains(&name) {
            continue;
        }
        let data = replace
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, d)| *d)
            .unwrap_or(data);
        w.start_file(name, opts).unwrap();
        w.write_all(data).unwrap();
    }
    for (name, data) in replace {
        if ![
            "[Content_Types].xml",
            "_rels/.rels",
            "ppt/presentation.xml",
            "ppt/_rels/presentation.xml.rels",
            "ppt/slideMasters/slideMaster1.xml",
            "ppt/slideMasters/_rels/slideMaster1.xml.rels",
            "ppt/slideLayouts/slideLayout1.xml",
        ]
        .contains(name)
        {
            w.start_file(*name, opts).unwrap();
            w.write_all(data).unwrap();
        }
    }
    w.finish().unwrap().into_inner()
}

#[test]
fn a_minimal_package_is_read_and_hostile_ones_are_refused_naming_the_part() {
    let t = Template::from_bytes(package(&[], &[])).unwrap();
    assert_eq!(t.slide_size, (12192000, 6858000));
    assert_eq!(t.masters[0].placeholders[0].ty, "title");
    assert!(
        t.warnings.iter().any(|w| w.contains("no theme")),
        "{:?}",
        t.warnings
    );

    let err = |bytes: Vec<u8>| Template::from_bytes(bytes).unwrap_err();
    // A DTD (billion laughs) is refused before anything expands.
    let bomb = br#"<?xml version="1.0"?><!DOCTYPE p [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><p:presentation xmlns:p="p">&b;</p:presentation>"#;
    let e = err(package(&[("ppt/presentation.xml", bomb)], &[]));
    assert_eq!(e.part(), Some("ppt/presentation.xml"), "{e}");
    assert!(e.to_string().contains("DOCTYPE"), "{e}");
    // A missing master names the part that named it.
    let e = err(package(&[], &["ppt/slideMasters/slideMaster1.xml"]));
    assert_eq!(
        e.to_string(),
        "part ppt/slideMasters/slideMaster1.xml is missing (named by ppt/presentation.xml)"
    );
    // A relationship that climbs out of the package.
    let out = br#"<Relationships><Relationship Id="rId1" Type="http://x/slideMaster" Target="../../../../etc/passwd"/></Relationships>"#;
    let e = err(package(&[("ppt/_rels/presentation.xml.rels", out)], &[]));
    assert!(
        matches!(
            e,
            TemplateError::Package(PackageError::OutsidePackage { .. })
        ),
        "{e}"
    );
    // A relationship cycle (the master names itself as its layout) is read once, and refused:
    // a master is no layout (its content type says so).
    let master_rels = br#"<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://x/slideLayout" Target="slideMaster1.xml"/></Relationships>"#;
    let e = err(package(
        &[("ppt/slideMasters/_rels/slideMaster1.xml.rels", master_rels)],
        &[],
    ));
    assert_eq!(e.part(), Some("ppt/slideMasters/slideMaster1.xml"), "{e}");
    assert!(e.to_string().contains("slide layout"), "{e}");
    // A zip bomb: one part inflating to 80 MiB from a small file.
    let big = vec![b' '; 80 << 20];
    let bytes = package(&[("ppt/presentation.xml", &big)], &[]);
    assert!(bytes.len() < 1 << 20);
    let e = err(bytes);
    assert!(
        matches!(e, TemplateError::Package(PackageError::PartTooLarge { .. })),
        "{e}"
    );
    // Not a presentation: a Word document's main part.
    let docx_ct = CT.replace(
        "presentationml.presentation.main+xml",
        "wordprocessingml.document.main+xml",
    );
    let e = err(package(&[("[Content_Types].xml", docx_ct.as_bytes())], &[]));
    assert!(matches!(e, TemplateError::NotAPresentation(_)), "{e}");
    // Not a zip at all; no slide size.
    assert!(matches!(
        err(b"not a zip".to_vec()),
        TemplateError::Package(PackageError::Zip(_))
    ));
    let e = err(package(
        &[(
            "ppt/presentation.xml",
            PRES.replace("<p:sldSz cx=\"12192000\" cy=\"6858000\"/>", "")
                .as_bytes(),
        )],
        &[],
    ));
    assert!(e.to_string().contains("sldSz"), "{e}");
    // Limits apply: a tiny part budget.
    let small = Limits {
        max_part_bytes: 64,
        ..Limits::default()
    };
    assert!(Template::from_bytes_with(package(&[], &[]), small).is_err());
}

/// docs/guide/limits.md, "Customer templates": at most 64 masters, 1,024 layouts and 2,000
/// shapes per master or layout; one past each refuses the template naming the part, at each
/// the template reads.
#[test]
fn masters_layouts_and_shapes_per_part_are_bounded() {
    let read = |replace: &[(&str, &[u8])]| Template::from_bytes(package(replace, &[]));
    let refused = |r: Result<Template, TemplateError>, part: &str, what: &str| {
        let e = r.expect_err("refused").to_string();
        assert!(e.contains(part) && e.contains(what), "{e}");
    };
    // Masters: as many listed as the presentation names.
    let masters = |n: u64| {
        let ids: String = (0..n)
            .map(|i| format!(r#"<p:sldMasterId id="{}" r:id="rId1"/>"#, 2_147_483_648 + i))
            .collect();
        PRES.replace(r#"<p:sldMasterId id="2147483648" r:id="rId1"/>"#, &ids)
    };
    assert!(read(&[("ppt/presentation.xml", masters(64).as_bytes())]).is_ok());
    refused(
        read(&[("ppt/presentation.xml", masters(65).as_bytes())]),
        "ppt/presentation.xml",
        "more than 64 masters",
    );
    // Layouts: n distinct layout parts, all listed by the master.
    let layouts = |n: usize| {
        let ids: String = (1..=n)
            .map(|i| {
                format!(
                    r#"<p:sldLayoutId id="{}" r:id="rId{i}" xmlns:r="r"/>"#,
                    2_147_483_648 + i
                )
            })
            .collect();
        let master = MASTER.replace(
            r#"<p:sldLayoutId id="2147483649" r:id="rId1" xmlns:r="r"/>"#,
            &ids,
        );
        let rels: String = (1..=n)
            .map(|i| format!(r#"<Relationship Id="rId{i}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/slideLayout" Target="../slideLayouts/slideLayout{i}.xml"/>"#))
            .collect();
        let overrides: String = (2..=n)
            .map(|i| format!(r#"<Override PartName="/ppt/slideLayouts/slideLayout{i}.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.slideLayout+xml"/>"#))
            .collect();
        let ct = CT.replace("</Types>", &format!("{overrides}</Types>"));
        let names: Vec<String> = (2..=n)
            .map(|i| format!("ppt/slideLayouts/slideLayout{i}.xml"))
            .collect();
        (
            master,
            format!(
                r#"<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">{rels}</Relationships>"#
            ),
            ct,
            names,
        )
    };
    for (n, ok) in [(1024, true), (1025, false)] {
        let (master, rels, ct, names) = layouts(n);
        let mut replace: Vec<(&str, &[u8])> = vec![
            ("[Content_Types].xml", ct.as_bytes()),
            ("ppt/slideMasters/slideMaster1.xml", master.as_bytes()),
            (
                "ppt/slideMasters/_rels/slideMaster1.xml.rels",
                rels.as_bytes(),
            ),
        ];
        replace.extend(names.iter().map(|p| (p.as_str(), LAYOUT.as_bytes())));
        let r = read(&replace);
        if ok {
            assert_eq!(r.unwrap().layouts.len(), 1024);
        } else {
            refused(
                r,
                "ppt/slideMasters/slideMaster1.xml",
                "more than 1024 layouts",
            );
        }
    }
    // Shapes: the master's title placeholder and n - 1 more shapes.
    let shapes = |n: usize| {
        let more: String = (1..n)
            .map(|i| format!(r#"<p:sp><p:nvSpPr><p:cNvPr id="{}" name="S"/><p:cNvSpPr/><p:nvPr/></p:nvSpPr><p:spPr/></p:sp>"#, i + 10))
            .collect();
        MASTER.replace("</p:spTree>", &format!("{more}</p:spTree>"))
    };
    assert!(read(&[("ppt/slideMasters/slideMaster1.xml", shapes(2000).as_bytes())]).is_ok());
    refused(
        read(&[("ppt/slideMasters/slideMaster1.xml", shapes(2001).as_bytes())]),
        "ppt/slideMasters/slideMaster1.xml",
        "more than 2000 shapes",
    );
}

/// docs/guide/limits.md, "Customer templates": a template file over 64 MiB is refused before
/// it is read, from `--template` and from a `--templates` folder alike (exit 2).
#[test]
fn a_template_file_over_64_mib_is_refused() {
    let d = std::env::temp_dir().join(format!("specrender-big-template-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    let big = d.join("big.pptx");
    // Sparse: 64 MiB + 1 byte of nothing on disk.
    std::fs::File::create(&big)
        .unwrap()
        .set_len(Limits::default().max_file_bytes + 1)
        .unwrap();
    let deck = d.join("deck.json");
    let mut v: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(
            PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples/hello-deck.json"),
        )
        .unwrap(),
    )
    .unwrap();
    v["theme"]["template_ref"]["template_id"] = serde_json::json!("big");
    std::fs::write(&deck, v.to_string()).unwrap();
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_specrender"))
            .args(args)
            .output()
            .unwrap()
    };
    let s = |p: &std::path::Path| p.to_str().unwrap().to_string();
    for args in [
        vec!["qc".to_string(), s(&deck), "--template".into(), s(&big)],
        vec!["qc".to_string(), s(&deck), "--templates".into(), s(&d)],
    ] {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let out = run(&args);
        let said = format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(out.status.code(), Some(2), "{args:?}: {said}");
        assert!(
            said.contains("67108864") || said.contains("64 MiB"),
            "{args:?}: {said}"
        );
    }
    std::fs::remove_dir_all(&d).unwrap();
}

// --- the CLI -----------------------------------------------------------------------------

#[test]
fn template_inspect_prints_json_text_and_exit_codes() {
    let bin = env!("CARGO_BIN_EXE_specrender");
    let run = |args: &[&str]| {
        Command::new(bin)
            .args(args)
            .env_remove("SPECRENDER_FONTS")
            .output()
            .unwrap()
    };
    let f = fixture("python-pptx-default.pptx");
    let out = run(&["template", "inspect", f.to_str().unwrap()]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["kind"], "pptx");
    assert_eq!(v["slide_size_emu"], serde_json::json!([9144000, 6858000]));
    assert_eq!(v["layouts"].as_array().unwrap().len(), 11);
    let l1 = &v["layouts"][1];
    assert_eq!(l1["name"], "Title and Content");
    assert_eq!(l1["placeholders"][1]["inherited"], true);
    assert_eq!(l1["placeholders"][1]["rect_emu"]["y"], 1600200);
    assert_eq!(v["theme"]["fonts"]["minor"]["latin"], "Calibri");
    let map = v["layout_map"].as_array().unwrap();
    assert_eq!(
        map[3],
        serde_json::json!({"layout_id": "two_column", "layout_name": "Two Content", "how": "name", "slots": "layout"})
    );
    // Calibri is an alias (no warning); the Korean script font is a stand-in.
    let warnings: Vec<&str> = v["warnings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w.as_str().unwrap())
        .collect();
    assert!(
        warnings
            .iter()
            .any(|w| w.contains("맑은 고딕") && w.contains("stand-in")),
        "{warnings:?}"
    );
    assert!(
        !warnings.iter().any(|w| w.contains("\"Calibri\"")),
        "{warnings:?}"
    );

    let out = run(&["template", "inspect", "--text", f.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("two_column        -> \"Two Content\" (name)"),
        "{text}"
    );

    // A broken package: exit 2 naming the part; a missing file: exit 3.
    let d = std::env::temp_dir().join(format!("specrender-tpl-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    let bad = d.join("bad.pptx");
    std::fs::write(&bad, package(&[], &["ppt/slideMasters/slideMaster1.xml"])).unwrap();
    let out = run(&["template", "inspect", bad.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("ppt/slideMasters/slideMaster1.xml"));
    assert!(out.stdout.is_empty());
    let out = run(&["template", "inspect", d.join("nope.pptx").to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(3));
    let _ = std::fs::remove_dir_all(d);
}

// --- decks rendered on templates --------------------------------------------------------

fn zip_parts(bytes: &[u8]) -> std::collections::BTreeMap<String, Vec<u8>> {
    support::zip_entries(bytes).into_iter().collect()
}

fn render_on(
    template: &str,
    extra: &[&str],
) -> (i32, Vec<u8>, serde_json::Value, serde_json::Value) {
    let example = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples/quarterly-review.json");
    render_deck_on(template, &example, "", extra)
}

/// The example deck with `edit` applied, rendered on `template`.
fn render_edited_on(
    template: &str,
    tag: &str,
    edit: impl FnOnce(&mut serde_json::Value),
) -> (i32, Vec<u8>, serde_json::Value, serde_json::Value) {
    let d = std::env::temp_dir().join(format!("specrender-edit-{}-{tag}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    let example = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples/quarterly-review.json");
    let mut deck: serde_json::Value =
        serde_json::from_slice(&std::fs::read(&example).unwrap()).unwrap();
    edit(&mut deck);
    let input = d.join("deck.json");
    std::fs::write(&input, deck.to_string()).unwrap();
    let v = render_deck_on(template, &input, tag, &[]);
    let _ = std::fs::remove_dir_all(d);
    v
}

fn render_deck_on(
    template: &str,
    example: &std::path::Path,
    tag: &str,
    extra: &[&str],
) -> (i32, Vec<u8>, serde_json::Value, serde_json::Value) {
    let d = std::env::temp_dir().join(format!(
        "specrender-on-{}-{template}{tag}",
        std::process::id()
    ));
    std::fs::create_dir_all(&d).unwrap();
    let (out, qc, layout) = (d.join("out.pptx"), d.join("qc.json"), d.join("layout.json"));
    let mut args = vec![
        "render".to_string(),
        example.display().to_string(),
        "--template".into(),
        fixture(template).display().to_string(),
        "-o".into(),
        out.display().to_string(),
        "--qc".into(),
        qc.display().to_string(),
        "--layout".into(),
        layout.display().to_string(),
    ];
    args.extend(extra.iter().map(|s| s.to_string()));
    let r = Command::new(env!("CARGO_BIN_EXE_specrender"))
        .args(&args)
        .env_remove("SPECRENDER_FONTS")
        .output()
        .unwrap();
    let code = r.status.code().unwrap();
    assert!(
        code <= 1,
        "{template}: {}",
        String::from_utf8_lossy(&r.stderr)
    );
    let read_json = |p: &PathBuf| serde_json::from_slice(&std::fs::read(p).unwrap()).unwrap();
    let v = (
        code,
        std::fs::read(&out).unwrap(),
        read_json(&qc),
        read_json(&layout),
    );
    let _ = std::fs::remove_dir_all(d);
    v
}

#[test]
fn decks_render_on_every_fixture_template_keeping_it_whole() {
    for name in [
        "python-pptx-default.pptx",
        "pandoc-reference.pptx",
        "libreoffice-focus.pptx",
        "libreoffice-vivid.potx",
        "edited-ko-names.pptx",
        "edited-ja-names-logo-wide.pptx",
    ] {
        let t = load(name);
        let (_, pptx, qc, layout) = render_on(name, &[]);
        let parts = zip_parts(&pptx);
        // Every master and layout of the template is carried, as written.
        let tz = zip_parts(&std::fs::read(fixture(name)).unwrap());
        for l in &t.layouts {
            assert_eq!(parts.get(&l.part), tz.get(&l.part), "{name}: {}", l.part);
        }
        for m in &t.masters {
            assert_eq!(parts.get(&m.part), tz.get(&m.part), "{name}: {}", m.part);
        }
        // The example slides are not: only the deck's 8 slides, and a presentation, never a
        // template (.potx) main part.
        let slides = parts
            .keys()
            .filter(|k| k.starts_with("ppt/slides/slide"))
            .count();
        assert_eq!(slides, 8, "{name}");
        let ct = String::from_utf8_lossy(&parts["[Content_Types].xml"]).into_owned();
        assert!(
            ct.contains("presentationml.presentation.main+xml"),
            "{name}"
        );
        assert!(!ct.contains("template.main+xml"), "{name}");
        // Each slide relates to a layout part of the template.
        for i in 1..=8 {
            let rels =
                String::from_utf8_lossy(&parts[&format!("ppt/slides/_rels/slide{i}.xml.rels")])
                    .into_owned();
            assert!(
                t.layouts
                    .iter()
                    .any(|l| rels.contains(&l.part.replace("ppt/", "../"))),
                "{name} slide {i}: {rels}"
            );
        }
        // The slide size is the template's; the layout JSON says which layout each slide took.
        let pres = String::from_utf8_lossy(&parts["ppt/presentation.xml"]).into_owned();
        assert!(
            pres.contains(&format!(
                "cx=\"{}\" cy=\"{}\"",
                t.slide_size.0, t.slide_size.1
            )),
            "{name}"
        );
        assert!(layout["slides"][0]["template_layout"].is_string(), "{name}");
        assert!(qc["issues"].is_array());
        // Deterministic.
        let (_, again, _, _) = render_on(name, &[]);
        assert!(again == pptx, "{name}: not the same bytes twice");
    }
}

#[test]
fn brand_tokens_name_template_layouts_explicitly() {
    let (_, _, qc, layout) = render_edited_on("python-pptx-default.pptx", "tokens", |d| {
        d["theme"]["brand"]["tokens"]["layouts"] = serde_json::json!({
            "two_column": " comparison ",
            "chart_focus": "No Such Layout",
            "banana": "Title Only",
        });
    });
    let issues = qc["issues"].as_array().unwrap();
    let slides = layout["slides"].as_array().unwrap();
    let on = |layout_id: &str| {
        let i = slides
            .iter()
            .position(|s| s["layout"] == layout_id)
            .unwrap();
        (
            slides[i]["template_layout"].clone(),
            slides[i]["template_layout_how"].clone(),
        )
    };
    // The explicit name wins over the name table ("Two Content"), matched case-insensitively.
    assert_eq!(
        on("two_column"),
        (
            serde_json::json!("Comparison"),
            serde_json::json!("explicit")
        )
    );
    // A name the template lacks: the other rules decide, and a low note says so.
    assert_ne!(on("chart_focus").1, "explicit");
    let missing: Vec<_> = issues
        .iter()
        .filter(|i| i["type"] == "template_layout_missing")
        .collect();
    assert_eq!(missing.len(), 1, "{missing:?}");
    assert_eq!(missing[0]["severity"], "low");
    assert_eq!(missing[0]["details"]["name"], "No Such Layout");
    assert_eq!(missing[0]["details"]["layout_id"], "chart_focus");
    // An unknown layout id in the map is a note, not a silent drop.
    assert!(
        issues
            .iter()
            .any(|i| i["type"] == "unknown_token"
                && i["message"].as_str().unwrap().contains("banana")),
        "{issues:?}"
    );
    // The other layouts are chosen as before.
    assert_eq!(on("one_column").0, "Title and Content");
}

#[test]
fn a_deck_on_a_template_is_measured_in_its_boxes_with_its_fonts() {
    let (_, pptx, qc, layout) = render_on("python-pptx-default.pptx", &[]);
    let t = load("python-pptx-default.pptx");
    // Slide 3 (one_column) went onto "Title and Content": its body box is the inherited
    // placeholder rectangle, filled as placeholder idx 1.
    let s3 = &layout["slides"][2];
    assert_eq!(s3["template_layout"], "Title and Content");
    let body = s3["boxes"]
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b["placeholder"]["idx"] == 1)
        .unwrap();
    let l = t
        .layouts
        .iter()
        .find(|l| l.name == "Title and Content")
        .unwrap();
    let r = l
        .placeholders
        .iter()
        .find(|p| p.idx == Some(1))
        .unwrap()
        .rect
        .unwrap();
    assert_eq!(body["rect_emu"], serde_json::json!([r.x, r.y, r.cx, r.cy]));
    // The template's theme font (Calibri, minor) and its Korean script font are what the runs
    // name; the Korean one is measured with its stand-in and reported.
    let parts = zip_parts(&pptx);
    let slide = String::from_utf8_lossy(&parts["ppt/slides/slide3.xml"]).into_owned();
    assert!(slide.contains("typeface=\"맑은 고딕\""), "{slide}");
    let fallbacks: Vec<&serde_json::Value> = qc["issues"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|i| i["type"] == "font_fallback")
        .collect();
    assert!(
        fallbacks
            .iter()
            .any(|i| i["details"]["family"] == "맑은 고딕" && i["details"]["stand_in"] == true),
        "{fallbacks:?}"
    );
    // A 4:3 template: the deck is laid out at 10 x 7.5 in, said in a low note.
    assert!(qc["issues"]
        .as_array()
        .unwrap()
        .iter()
        .any(|i| i["type"] == "input_warning"
            || i["message"].as_str().unwrap_or("").contains("10.00 x 7.50")));
}

#[test]
fn template_ids_resolve_in_the_templates_folder_and_unknown_ones_are_reported() {
    let bin = env!("CARGO_BIN_EXE_specrender");
    let d = std::env::temp_dir().join(format!("specrender-ids-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    let example = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples/quarterly-review.json");
    let mut deck: serde_json::Value =
        serde_json::from_slice(&std::fs::read(&example).unwrap()).unwrap();
    std::fs::copy(
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples/report-chart.png"),
        d.join("report-chart.png"),
    )
    .ok();
    let dir = fixture("");
    let mut run = |id: &str| {
        deck["theme"]["template_ref"]["template_id"] = serde_json::json!(id);
        let input = d.join("deck.json");
        std::fs::write(&input, deck.to_string()).unwrap();
        let out = d.join("deck.pptx");
        let r = Command::new(bin)
            .args([
                "render",
                input.to_str().unwrap(),
                "-o",
                out.to_str().unwrap(),
                "--qc",
                d.join("qc.json").to_str().unwrap(),
                "--templates",
                dir.to_str().unwrap(),
            ])
            .env_remove("SPECRENDER_FONTS")
            .output()
            .unwrap();
        assert!(
            r.status.code().unwrap() <= 1,
            "{id}: {}",
            String::from_utf8_lossy(&r.stderr)
        );
        let qc: serde_json::Value =
            serde_json::from_slice(&std::fs::read(d.join("qc.json")).unwrap()).unwrap();
        let pres = String::from_utf8_lossy(
            &zip_parts(&std::fs::read(&out).unwrap())["ppt/presentation.xml"],
        )
        .into_owned();
        let unknown = qc["issues"].as_array().unwrap().iter().any(|i| {
            i["type"] == "unknown_template"
                    && i["severity"] == "medium"
                    // The message lists what the id could have named: every built-in look.
                    && i["message"].as_str().is_some_and(|m| {
                        m.contains("a built-in look (default, minimal, bold, dark)")
                    })
        });
        (pres.contains("cx=\"9144000\" cy=\"6858000\""), unknown)
    };
    // An id with a file: the deck is on that template (python-pptx's is 4:3).
    assert_eq!(run("python-pptx-default"), (true, false));
    // A .potx is found too; `default` is the built-in look (16:9), with no issue.
    assert_eq!(run("libreoffice-vivid"), (false, false));
    assert_eq!(run("default"), (false, false));
    // No such template, or an id that tries to leave the folder: built-in look, reported.
    assert_eq!(run("no-such-template"), (false, true));
    assert_eq!(run("../templates/python-pptx-default"), (false, true));
    let _ = std::fs::remove_dir_all(d);
}

#[test]
fn serve_resolves_template_ids_once_per_template() {
    use std::io::Write as _;
    let d = std::env::temp_dir().join(format!("specrender-serve-tpl-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    let example = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples/quarterly-review.json");
    let mut deck: serde_json::Value =
        serde_json::from_slice(&std::fs::read(&example).unwrap()).unwrap();
    deck["theme"]["template_ref"]["template_id"] = serde_json::json!("python-pptx-default");
    let mut child = Command::new(env!("CARGO_BIN_EXE_specrender"))
        .args([
            "serve",
            "--output-root",
            d.to_str().unwrap(),
            "--assets",
            d.to_str().unwrap(),
            "--templates",
            fixture("").to_str().unwrap(),
        ])
        .env_remove("SPECRENDER_FONTS")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    {
        let mut stdin = child.stdin.take().unwrap();
        for n in 1..=2 {
            let req = serde_json::json!({"id": n, "op": "render", "spec": deck, "output": format!("o{n}.pptx")});
            writeln!(stdin, "{req}").unwrap();
        }
    }
    let out = child.wait_with_output().unwrap();
    let lines: Vec<serde_json::Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2);
    for n in 1..=2 {
        assert!(
            lines[n - 1]["exit_code"].as_i64().unwrap() <= 1,
            "{}",
            lines[n - 1]
        );
        let parts = zip_parts(&std::fs::read(d.join(format!("o{n}.pptx"))).unwrap());
        let pres = String::from_utf8_lossy(&parts["ppt/presentation.xml"]).into_owned();
        assert!(pres.contains("cx=\"9144000\" cy=\"6858000\""), "{pres}");
    }
    assert_eq!(
        std::fs::read(d.join("o1.pptx")).unwrap(),
        std::fs::read(d.join("o2.pptx")).unwrap()
    );
    let _ = std::fs::remove_dir_all(d);
}

#[test]
fn content_over_a_master_logo_is_an_overlap_naming_it() {
    let d = std::env::temp_dir().join(format!("specrender-logo-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    let deck = serde_json::json!({
        "spec_version": "slidespec_v1",
        "deck": {"title": "Logo", "language": "en", "slides": [
            {"slide_id": "s1", "type": "custom", "layout": {"layout_id": "blank"}, "elements": [
                {"element_id": "corner", "kind": "text", "content": {"text": "Top right"},
                 "style": {"box": {"x": 11.0, "y": 0.2, "w": 1.8, "h": 0.6}}},
                {"element_id": "middle", "kind": "text", "content": {"text": "Middle"},
                 "style": {"box": {"x": 2.0, "y": 3.0, "w": 4.0, "h": 1.0}}}]}]},
        "theme": {"template_ref": {"template_id": "default"}, "brand": {"brand_kit_id": "b"}}
    });
    let input = d.join("deck.json");
    std::fs::write(&input, deck.to_string()).unwrap();
    let logo = fixture("edited-ja-names-logo-wide.pptx");
    let out = Command::new(env!("CARGO_BIN_EXE_specrender"))
        .args([
            "qc",
            input.to_str().unwrap(),
            "--template",
            logo.to_str().unwrap(),
        ])
        .env_remove("SPECRENDER_FONTS")
        .output()
        .unwrap();
    let qc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let over: Vec<&serde_json::Value> = qc["issues"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|i| i["type"] == "overlap" && i["details"]["decoration"].is_string())
        .collect();
    assert_eq!(over.len(), 1, "{qc:#}");
    assert_eq!(over[0]["element_id"], "corner");
    assert_eq!(over[0]["details"]["decoration"], "Logo");
    assert_eq!(over[0]["details"]["decoration_of"], "master");
    assert_eq!(over[0]["severity"], "medium");
    let _ = std::fs::remove_dir_all(d);
}

#[test]
fn text_that_does_not_stand_out_from_the_template_is_low_contrast() {
    // A light text colour on python-pptx's white master (its background is p:bgRef 1001 -> the
    // theme's first background fill style, phClr = bg1 -> lt1).
    let (_, pptx, qc, _) = render_edited_on("python-pptx-default.pptx", "contrast", |d| {
        d["theme"]["brand"]["tokens"]["colors"]["text"] = serde_json::json!("#BBBBBB");
    });
    let issues = qc["issues"].as_array().unwrap();
    let low: Vec<_> = issues
        .iter()
        .filter(|i| i["type"] == "low_contrast")
        .collect();
    // The body text of slide 3 is reported with both colours and the ratio (#BBBBBB on white
    // is 1.92:1, reported rounded down so a ratio just under 4.5 never shows as 4.5).
    let s3 = low
        .iter()
        .find(|i| i["slide_id"] == "s3" && i["element_id"] == "e2")
        .unwrap_or_else(|| panic!("{low:?}"));
    assert_eq!(s3["severity"], "low");
    assert_eq!(s3["details"]["text_color"], "#BBBBBB");
    assert_eq!(s3["details"]["background"], "#FFFFFF");
    assert_eq!(s3["details"]["background_from"], "master background");
    assert_eq!(s3["details"]["contrast"], 1.91);
    // What specrender colours itself (slide numbers, citations) is made legible instead: the
    // muted grey (4.0:1 on white) and the brand's text colour both fail, so black.
    assert!(
        !low.iter()
            .any(|i| i["element_id"] == "_slide_number" || i["element_id"] == "_citations"),
        "{low:?}"
    );
    let slide3 = String::from_utf8_lossy(&zip_parts(&pptx)["ppt/slides/slide3.xml"]).into_owned();
    let number = &slide3[slide3.find("type=\"slidenum\"").unwrap()..];
    assert!(number.contains("<a:srgbClr val=\"000000\"/>"), "{number}");
    // The same deck with its default colours: the template's own text colours (tx1, black),
    // nothing to report.
    let (_, _, qc, _) = render_on("python-pptx-default.pptx", &[]);
    assert!(!qc["issues"]
        .as_array()
        .unwrap()
        .iter()
        .any(|i| i["type"] == "low_contrast"));
}

#[test]
fn inspect_resolves_backgrounds_and_decoration_colours() {
    let out = Command::new(env!("CARGO_BIN_EXE_specrender"))
        .args(["template", "inspect"])
        .arg(fixture("edited-ja-names-logo-wide.pptx"))
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let m = &v["masters"][0];
    assert_eq!(m["background"], serde_json::json!(["#FFFFFF"]));
    let logo = m["decorations"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["name"] == "Logo")
        .unwrap();
    assert_eq!(logo["paint"], serde_json::json!(["#C00000"]));
    // LibreOffice's Vivid draws a patterned band: both its colours are listed.
    let out = Command::new(env!("CARGO_BIN_EXE_specrender"))
        .args(["template", "inspect"])
        .arg(fixture("libreoffice-vivid.potx"))
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        v["masters"][0]["decorations"][0]["paint"],
        serde_json::json!(["#3465A4", "#009EDA"])
    );
}

#[test]
fn pictures_charts_and_tables_fill_their_layout_placeholders() {
    // The template golden deck (a chart, a table and a picture) on python-pptx's default: the
    // chart and the table go into "Title and Content"'s content placeholder (obj, idx 1), the
    // picture into "Picture with Caption"'s picture placeholder (pic, idx 1).
    let input = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("golden/slides/template_python_pptx/input.json");
    let (_, pptx, _, layout) = render_deck_on(
        "python-pptx-default.pptx",
        &input,
        "graphic",
        &["--assets", input.parent().unwrap().to_str().unwrap()],
    );
    let ph_of = |slide: usize, id: &str| {
        layout["slides"][slide]["boxes"]
            .as_array()
            .unwrap()
            .iter()
            .find(|b| b["element_id"] == id)
            .unwrap()["placeholder"]
            .clone()
    };
    assert_eq!(ph_of(4, "e2"), serde_json::json!({"type": "obj", "idx": 1}));
    assert_eq!(ph_of(5, "e2"), serde_json::json!({"type": "obj", "idx": 1}));
    assert_eq!(ph_of(6, "e1"), serde_json::json!({"type": "pic", "idx": 1}));
    let parts = zip_parts(&pptx);
    let chart = String::from_utf8_lossy(&parts["ppt/slides/slide5.xml"]).into_owned();
    assert!(
        chart.contains("<p:graphicFrame><p:nvGraphicFramePr>"),
        "{chart}"
    );
    assert!(
        chart.contains("<p:nvPr><p:ph type=\"obj\" idx=\"1\"/></p:nvPr>"),
        "{chart}"
    );
    let pic = String::from_utf8_lossy(&parts["ppt/slides/slide7.xml"]).into_owned();
    assert!(
        pic.contains("<p:nvPr><p:ph type=\"pic\" idx=\"1\"/></p:nvPr>"),
        "{pic}"
    );
}

// --- templates without the placeholders a deck needs (issue 45, item 4) ------------------

/// `deck` rendered by the CLI, on `template` or (`None`) the built-in look: (slides out, the
/// high `overflow` findings as `(source slide, element)`, the layout JSON, the QC JSON).
fn render_generated(
    deck: &str,
    template: Option<&str>,
    tag: &str,
) -> (
    usize,
    Vec<(String, String)>,
    serde_json::Value,
    serde_json::Value,
) {
    let d = std::env::temp_dir().join(format!("specrender-gen-{}-{tag}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    let (input, out, qc, layout) = (
        d.join("deck.json"),
        d.join("out.pptx"),
        d.join("qc.json"),
        d.join("layout.json"),
    );
    std::fs::write(&input, deck).unwrap();
    let mut args: Vec<String> = vec!["render".into(), input.display().to_string()];
    if let Some(t) = template {
        args.extend(["--template".into(), fixture(t).display().to_string()]);
    }
    for (flag, p) in [("-o", &out), ("--qc", &qc), ("--layout", &layout)] {
        args.extend([flag.to_string(), p.display().to_string()]);
    }
    let r = Command::new(env!("CARGO_BIN_EXE_specrender"))
        .args(&args)
        .env_remove("SPECRENDER_FONTS")
        .output()
        .unwrap();
    assert!(
        r.status.code().unwrap() <= 1,
        "{tag}: {}",
        String::from_utf8_lossy(&r.stderr)
    );
    let read = |p: &PathBuf| -> serde_json::Value {
        serde_json::from_slice(&std::fs::read(p).unwrap()).unwrap()
    };
    let (qc, layout) = (read(&qc), read(&layout));
    let _ = std::fs::remove_dir_all(d);
    let high = qc["issues"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|i| i["type"] == "overflow" && i["severity"] == "high")
        .map(|i| {
            let s = |k: &str| i[k].as_str().unwrap_or_default().to_string();
            (s("source_slide_id"), s("element_id"))
        })
        .collect();
    (layout["slides"].as_array().unwrap().len(), high, layout, qc)
}

#[test]
fn a_template_without_title_or_body_placeholders_gets_our_presets() {
    let opts = specrender_deckgen::DeckOptions {
        slides: 20,
        mix: specrender_deckgen::Mix::Mixed,
        seed: 1,
    };
    let deck = specrender_deckgen::deck_json(&opts);
    let (_, builtin_high, _, _) = render_generated(&deck, None, "builtin");
    // The master keeps only its footer placeholders (they once made the safe area, and the
    // slots collapsed into a sliver: 103 slides, 217 high overflows), or has none; one layout
    // with no placeholder, or a title-only one.
    for name in [
        "edited-no-placeholders.pptx",
        "edited-bare-master.pptx",
        "edited-title-only.pptx",
    ] {
        let (slides, high, layout, qc) = render_generated(&deck, Some(name), name);
        assert!(slides <= 25, "{name}: {slides} slides");
        let new: Vec<_> = high.iter().filter(|h| !builtin_high.contains(h)).collect();
        assert!(new.is_empty(), "{name}: high overflow {new:?}");
        // The fallback note says where the slots are.
        let where_ = if name == "edited-title-only.pptx" {
            "below the title placeholder"
        } else {
            "on the slide's safe area"
        };
        let note = qc["issues"]
            .as_array()
            .unwrap()
            .iter()
            .find(|i| {
                i["type"] == "template_layout_fallback" && i["details"]["layout_id"] == "one_column"
            })
            .unwrap_or_else(|| panic!("{name}: no fallback note"));
        assert!(
            note["message"].as_str().unwrap().contains(where_),
            "{name}: {note}"
        );
        // Every box of the 4:3 template's slides inside its safe area (0.5 in margins).
        let (cx, cy, m) = (9_144_000, 6_858_000, 457_200);
        for s in layout["slides"].as_array().unwrap() {
            for b in s["boxes"].as_array().unwrap() {
                let r: Vec<i64> = b["rect_emu"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|v| v.as_i64().unwrap())
                    .collect();
                if b["element_id"].as_str().unwrap().starts_with('_') || r == [0, 0, cx, cy] {
                    continue;
                }
                assert!(
                    r[0] >= m && r[1] >= m && r[0] + r[2] <= cx - m && r[1] + r[3] <= cy - m,
                    "{name} {}: {b}",
                    s["id"]
                );
            }
        }
    }
}

#[test]
fn inspect_says_where_the_slots_come_from() {
    let inspect = |name: &str, text: bool| {
        let f = fixture(name);
        let mut args = vec!["template", "inspect"];
        if text {
            args.push("--text");
        }
        args.push(f.to_str().unwrap());
        let out = Command::new(env!("CARGO_BIN_EXE_specrender"))
            .args(&args)
            .env_remove("SPECRENDER_FONTS")
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{name}");
        String::from_utf8(out.stdout).unwrap()
    };
    let slots = |name: &str| -> Vec<(String, String)> {
        let v: serde_json::Value = serde_json::from_str(&inspect(name, false)).unwrap();
        v["layout_map"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| {
                let s = |k: &str| m[k].as_str().unwrap().to_string();
                (s("layout_id"), s("slots"))
            })
            .collect()
    };
    let of = |v: &[(String, String)], id: &str| v.iter().find(|m| m.0 == id).unwrap().1.clone();
    let none = slots("edited-no-placeholders.pptx");
    assert!(none.iter().all(|m| m.1 == "presets"), "{none:?}");
    let text = inspect("edited-no-placeholders.pptx", true);
    assert!(
        text.contains("one_column        -> the blank or first layout (fallback; no title or body area on the master: our preset slots on the slide's safe area)"),
        "{text}"
    );
    let title = slots("edited-title-only.pptx");
    for id in ["one_column", "two_column", "chart_focus", "table_focus"] {
        assert_eq!(of(&title, id), "layout title", "{id}");
    }
    assert_eq!(of(&title, "quote_center"), "layout");
    assert_eq!(of(&title, "title_center"), "presets");
    assert!(inspect("edited-title-only.pptx", true)
        .contains("its title placeholder, our slots below it"));
    // A template with its placeholders: every layout id on a layout's placeholders, but
    // `blank`, whose layout has none: our slots in the master's areas.
    let full = slots("python-pptx-default.pptx");
    for (id, from) in &full {
        let want = if id == "blank" { "master" } else { "layout" };
        assert_eq!(from, want, "{id}");
    }
}

/// A template id that is no built-in look, given without a templates folder, is not ignored
/// silently: a medium `unknown_template` says no folder was given to look it up in (decks and
/// documents alike); a built-in id or `default` says nothing.
#[test]
fn an_unknown_template_id_without_a_templates_folder_is_reported() {
    use specrender::{FontBook, FontOptions};
    let book = FontBook::new(&FontOptions::default()).expect("shipped fonts load");
    let opts = specrender::RenderOptions::default();
    let unknown = |file: &str, id: &str| -> Vec<String> {
        let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("examples")
            .join(file);
        let mut v: serde_json::Value =
            serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
        v["theme"]["template_ref"] = serde_json::json!({ "template_id": id });
        let out = specrender::render(v.to_string().as_bytes(), &book, &opts).expect("renders");
        let qc = serde_json::to_value(&out.qc).unwrap();
        qc["issues"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|i| i["type"] == "unknown_template")
            .inspect(|i| assert_eq!(i["severity"], "medium", "{i}"))
            .map(|i| i["message"].as_str().unwrap().to_string())
            .collect()
    };
    for file in ["hello-deck.json", "hello-doc.json"] {
        let said = unknown(file, "acme-2026");
        assert_eq!(said.len(), 1, "{file}: {said:?}");
        assert!(
            said[0].contains("\"acme-2026\"") && said[0].contains("no templates folder was given"),
            "{file}: {said:?}"
        );
        assert!(unknown(file, "default").is_empty(), "{file}");
    }
    assert!(unknown("hello-deck.json", "dark").is_empty());
}

#[test]
fn lines_on_template_artwork_are_reported_and_judged_for_contrast_line_by_line() {
    // LibreOffice's Focus: coloured triangles (custom geometry) on every master, under its
    // placeholders by design. The body text of s3 runs over three of them.
    let input = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("golden/slides/template_lo_focus/input.json");
    let (_, _, qc, _) = render_deck_on("libreoffice-focus.pptx", &input, "-art", &[]);
    let issues = qc["issues"].as_array().unwrap();
    let on_art: Vec<_> = issues
        .iter()
        .filter(|i| i["type"] == "overlaps_artwork")
        .collect();
    let s3: Vec<_> = on_art
        .iter()
        .filter(|i| i["slide_id"] == "s3" && i["element_id"] == "e2")
        .collect();
    // One finding per box, naming every shape its lines run onto.
    assert_eq!(s3.len(), 1, "{s3:?}");
    let i = s3[0];
    assert_eq!(i["severity"], "medium");
    assert_eq!(i["details"]["decoration_of"], "master");
    let art = i["details"]["artwork"].as_array().unwrap();
    assert_eq!(art.len(), 3, "{art:?}");
    for a in art {
        let label = a["decoration_label"].as_str().unwrap();
        assert!(
            label.starts_with("master shape ") && label.ends_with(" (sp)"),
            "{label}"
        );
        assert!(i["message"].as_str().unwrap().contains(label));
    }
    assert_eq!(i["details"]["decoration_label"], art[0]["decoration_label"]);
    let cover = i["details"]["ink_covered"].as_f64().unwrap();
    assert!(cover > 0.0 && cover <= 1.0, "{cover}");
    // Judged per line at the triangles' outlines: one triangle takes three of the four
    // bullets, another two — not the whole box.
    let counts: Vec<usize> = art
        .iter()
        .map(|a| a["lines"].as_array().unwrap().len())
        .collect();
    assert!(counts.contains(&3) && counts.contains(&2), "{counts:?}");
    let first = &i["details"]["lines"][0];
    assert!(first["paragraph"].as_u64().unwrap() >= 1 && first["line"] == 1);
    // A box QC already calls an overlap with a decoration is not reported again for it.
    for o in issues.iter().filter(|i| i["type"] == "overlap") {
        assert!(!on_art.iter().any(|a| a["slide_id"] == o["slide_id"]
            && a["element_id"] == o["element_id"]
            && a["details"]["decoration_in"] == o["details"]["decoration_in"]));
    }
    // Contrast is judged at the same lines: the section slide's subtitle (black) starts on
    // the purple triangle (#780373, 2.05:1), though most of its box is on white.
    let low = issues
        .iter()
        .find(|i| i["type"] == "low_contrast" && i["slide_id"] == "s2" && i["element_id"] == "e2")
        .unwrap_or_else(|| panic!("{issues:?}"));
    assert_eq!(low["details"]["background"], "#780373");
    assert!(low["details"]["background_from"]
        .as_str()
        .unwrap()
        .starts_with("master shape "));
    assert_eq!(low["details"]["line"]["paragraph"], 1);
    assert_eq!(low["details"]["contrast"], 2.05);
    // A template without artwork: nothing.
    let (_, _, qc, _) = render_deck_on("python-pptx-default.pptx", &input, "-art", &[]);
    assert!(!qc["issues"]
        .as_array()
        .unwrap()
        .iter()
        .any(|i| i["type"] == "overlaps_artwork"));
}

/// A deck of one content slide with these bullets, rendered on the template whose "Title and
/// Content" layout draws a dark panel over the right 40 % of its body placeholder.
fn on_panel(tag: &str, items: &[&str]) -> (serde_json::Value, serde_json::Value) {
    let d = std::env::temp_dir().join(format!("specrender-panel-{}-{tag}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    let deck = serde_json::json!({
        "spec_version": "slidespec_v1",
        "deck": {"title": "Artwork", "language": "en", "slides": [{
            "slide_id": "s1", "type": "content", "layout": {"layout_id": "one_column"},
            "elements": [
                {"element_id": "e1", "kind": "text", "content": {"text": "Where the panel is"}},
                {"element_id": "e2", "kind": "bullets", "content": {"items": items}}
            ]}]},
        "theme": {"template_ref": {"template_id": "default"}, "brand": {"brand_kit_id": "b"}}
    });
    let input = d.join("deck.json");
    std::fs::write(&input, deck.to_string()).unwrap();
    let (_, _, qc, layout) = render_deck_on("edited-artwork.pptx", &input, tag, &[]);
    let _ = std::fs::remove_dir_all(d);
    (qc, layout)
}

#[test]
fn text_that_would_land_on_artwork_is_laid_out_in_the_part_of_its_slot_clear_of_it() {
    // The panel starts at 5.9 in; the body placeholder spans 0.5 to 9.5 in.
    let (qc, layout) = on_panel(
        "long",
        &[
            "Revenue grew 18% to $42.1 million, ahead of plan for the third year running",
            "Enterprise customers rose from 140 to 212 across every region we serve",
            "Gross margin improved by 3.4 points to 61% as cloud costs fell",
        ],
    );
    let fixes = qc["fixes"].as_array().unwrap();
    let clear = fixes
        .iter()
        .find(|f| f["action"] == "clear_artwork")
        .unwrap_or_else(|| panic!("{fixes:?}"));
    assert_eq!(clear["slot"], "body");
    assert_eq!(clear["from_in"], serde_json::json!([0.5, 1.75, 9, 4.95]));
    let to = clear["to_in"].as_array().unwrap();
    let right = to[0].as_f64().unwrap() + to[2].as_f64().unwrap();
    assert!(right <= 5.9 - 0.1 && right > 5.0, "{to:?}");
    // Laid there, the text fits and no line is left on the panel.
    let issues = qc["issues"].as_array().unwrap();
    assert!(
        !issues
            .iter()
            .any(|i| i["type"] == "overlaps_artwork" || i["type"] == "overflow"),
        "{issues:?}"
    );
    let body = layout["slides"][0]["boxes"]
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b["element_id"] == "e2")
        .unwrap();
    let r = body["rect_emu"].as_array().unwrap();
    let panel_x = 5_394_960;
    assert!(
        r[0].as_i64().unwrap() + r[2].as_i64().unwrap() < panel_x,
        "{r:?}"
    );
    // Short lines that end before the panel are clear as they are: the ink is judged, not
    // the box, and the slot keeps its width.
    let (qc, layout) = on_panel("short", &["Revenue up 18%", "212 customers"]);
    assert!(!qc["fixes"]
        .as_array()
        .unwrap()
        .iter()
        .any(|f| f["action"] == "clear_artwork"));
    assert!(!qc["issues"]
        .as_array()
        .unwrap()
        .iter()
        .any(|i| i["type"] == "overlaps_artwork"));
    let body = layout["slides"][0]["boxes"]
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b["element_id"] == "e2")
        .unwrap();
    assert_eq!(body["rect_emu"][2], 8_229_600);
}
