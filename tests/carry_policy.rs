//! The carry policy (issue 38 item 3; docs/guide/carry-policy.md): no output
//! of any template carries a macro project, ActiveX, an OLE object or an external
//! relationship. Every part and relationship of every output rendered here is walked
//! ([`assert_clean`]): every fixture template with a deck or a document, every golden case, the
//! built-in looks, and hostile templates made here from python-pptx's and python-docx's
//! defaults with each kind of active content added — each dropped, with its
//! `template_content_dropped` finding, in `render`, `qc` and `serve` alike.

mod support;

use serde_json::{json, Value};
use std::collections::{BTreeMap, BTreeSet};
use std::io::{Cursor, Read, Write};
use std::path::{Path, PathBuf};
use support::*;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn entries(bytes: &[u8]) -> BTreeMap<String, Vec<u8>> {
    let mut z = zip::ZipArchive::new(Cursor::new(bytes)).expect("a zip");
    let mut out = BTreeMap::new();
    for i in 0..z.len() {
        let mut f = z.by_index(i).unwrap();
        let mut b = Vec::new();
        f.read_to_end(&mut b).unwrap();
        out.insert(f.name().unwrap().to_string(), b);
    }
    out
}

fn zip_of(parts: &BTreeMap<String, Vec<u8>>) -> Vec<u8> {
    let mut w = zip::ZipWriter::new(Cursor::new(Vec::new()));
    let opts = zip::write::SimpleFileOptions::default();
    // [Content_Types].xml first, as Office writes it.
    let mut names: Vec<&String> = parts.keys().collect();
    names.sort_by_key(|n| (n.as_str() != "[Content_Types].xml", n.to_string()));
    for n in names {
        w.start_file(n.as_str(), opts).unwrap();
        w.write_all(&parts[n]).unwrap();
    }
    w.finish().unwrap().into_inner()
}

fn text(parts: &BTreeMap<String, Vec<u8>>, name: &str) -> String {
    String::from_utf8(parts[name].clone()).unwrap()
}

/// `target` resolved against the folder of `source` (a part name).
fn resolve(source: &str, target: &str) -> String {
    let mut segs: Vec<&str> = if target.starts_with('/') {
        Vec::new()
    } else {
        let dir = source.rsplit_once('/').map(|(d, _)| d).unwrap_or("");
        dir.split('/').filter(|s| !s.is_empty()).collect()
    };
    for s in target.split('/') {
        match s {
            "" | "." => {}
            ".." => {
                segs.pop();
            }
            s => segs.push(s),
        }
    }
    segs.join("/")
}

/// Relationship types no output may have (macro projects, ActiveX, OLE, documents pulled in).
const FORBIDDEN_RELS: &[&str] = &[
    "vbaProject",
    "vbaData",
    "wordVbaData",
    "vbaProjectSignature",
    "keyMapCustomizations",
    "attachedToolbars",
    "control",
    "activeXControlBinary",
    "oleObject",
    "attachedTemplate",
    "subDocument",
    "frame",
    "aFChunk",
];

const FETCHING: &[&str] = &[
    "INCLUDEPICTURE",
    "INCLUDETEXT",
    "INCLUDE",
    "LINK",
    "DDE",
    "DDEAUTO",
    "IMPORT",
    "DATABASE",
    "MACROBUTTON",
];

fn fetches(instr: &str) -> bool {
    let mut w = instr.split_whitespace();
    let Some(first) = w.next().map(str::to_ascii_uppercase) else {
        return false;
    };
    FETCHING.contains(&first.as_str())
        || (first == "HYPERLINK" && !w.next().is_some_and(|a| a.eq_ignore_ascii_case("\\l")))
}

/// Every part and relationship of an output: no macro project, ActiveX, OLE object, external
/// relationship, script link or fetching field; every relationship's target exists and every
/// `r:` reference in a part names one of its relationships.
fn assert_clean(what: &str, bytes: &[u8]) {
    use quick_xml::events::Event;
    let parts = entries(bytes);
    let ct = text(&parts, "[Content_Types].xml").to_ascii_lowercase();
    for bad in [
        "vbaproject",
        "activex",
        "oleobject",
        "macroenabled",
        "vbadata",
    ] {
        assert!(!ct.contains(bad), "{what}: content types name {bad}");
    }
    let embedding = |n: &str| {
        n.strip_prefix("ppt/embeddings/Microsoft_Excel_Worksheet")
            .and_then(|r| r.strip_suffix(".xlsx"))
            .is_some_and(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()))
    };
    for n in parts.keys() {
        let l = n.to_ascii_lowercase();
        for bad in ["vbaproject", "activex", "vbadata", "oleobject"] {
            assert!(!l.contains(bad), "{what}: part {n}");
        }
        assert!(
            !l.contains("embeddings/") || embedding(n),
            "{what}: embedded part {n} is not one of our chart workbooks"
        );
    }
    // Relationships: (source part -> ids).
    let mut ids: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (n, b) in &parts {
        let Some(rest) = n.strip_suffix(".rels") else {
            continue;
        };
        let source = rest.replacen("_rels/", "", 1);
        let source = source.trim_start_matches('/').to_string();
        let mut r = quick_xml::Reader::from_reader(b.as_slice());
        let mut buf = Vec::new();
        loop {
            match r.read_event_into(&mut buf).unwrap() {
                Event::Eof => break,
                Event::Start(e) | Event::Empty(e) if e.local_name().as_ref() == "Relationship" => {
                    let get = |k: &str| {
                        e.attributes()
                            .flatten()
                            .find(|a| a.key.as_ref() == k)
                            .map(|a| a.value.to_string())
                    };
                    let (id, ty, target) = (
                        get("Id").unwrap(),
                        get("Type").unwrap(),
                        get("Target").unwrap(),
                    );
                    assert_ne!(
                        get("TargetMode").as_deref(),
                        Some("External"),
                        "{what}: {n} has an external relationship {id} to {target}"
                    );
                    let last = ty.rsplit('/').next().unwrap();
                    assert!(
                        !FORBIDDEN_RELS.contains(&last),
                        "{what}: {n}: {id} is {last}"
                    );
                    let to = resolve(&source, &target);
                    if last == "package" {
                        assert!(
                            source.starts_with("ppt/charts/") && embedding(&to),
                            "{what}: {n}: package {to} is not a chart's workbook"
                        );
                    }
                    assert!(
                        parts.contains_key(&to),
                        "{what}: {n}: {id} points at missing {to}"
                    );
                    ids.entry(source.clone()).or_default().insert(id);
                }
                _ => {}
            }
            buf.clear();
        }
    }
    for (n, b) in &parts {
        if !n.ends_with(".xml") {
            continue;
        }
        let mine = ids.get(n.as_str()).cloned().unwrap_or_default();
        let mut r = quick_xml::Reader::from_reader(b.as_slice());
        let mut buf = Vec::new();
        let mut in_instr = false;
        let mut instr = String::new();
        loop {
            let ev = r
                .read_event_into(&mut buf)
                .unwrap_or_else(|e| panic!("{what}: {n} is not well-formed: {e}"));
            match ev {
                Event::Eof => break,
                Event::Start(e) | Event::Empty(e) => {
                    let name = e.name().as_ref().to_string();
                    for bad in [
                        "p:controls",
                        "p:control",
                        "p:oleObj",
                        "w:object",
                        "w:control",
                        "o:OLEObject",
                    ] {
                        assert_ne!(name, bad, "{what}: {n} has {bad}");
                    }
                    if name == "w:instrText" {
                        in_instr = true;
                    }
                    if name == "w:fldChar" {
                        assert!(!fetches(&instr), "{what}: {n}: field code {instr:?}");
                        instr.clear();
                    }
                    for a in e.attributes().flatten() {
                        let k = a.key.as_ref().to_string();
                        let v = a.value.to_string();
                        assert_ne!(k, "r:link", "{what}: {n}: a linked picture ({v})");
                        if let Some(local) = k.strip_prefix("r:") {
                            if !v.is_empty() {
                                let _ = local;
                                assert!(
                                    mine.contains(&v),
                                    "{what}: {n}: <{name} {k}=\"{v}\"> points at nothing"
                                );
                            }
                        }
                        if name.starts_with("v:") || name.starts_with("o:") {
                            let local = k.rsplit(':').next().unwrap();
                            assert!(
                                !(matches!(local, "href" | "src")
                                    && !v.is_empty()
                                    && !v.starts_with('#')),
                                "{what}: {n}: VML link {k}={v}"
                            );
                        }
                        if k == "action" {
                            let l = v.to_ascii_lowercase();
                            assert!(
                                !["ppaction://macro", "ppaction://program", "ppaction://ole"]
                                    .iter()
                                    .any(|p| l.starts_with(p)),
                                "{what}: {n}: action {v}"
                            );
                        }
                        if k == "w:instr" {
                            assert!(!fetches(&v), "{what}: {n}: field {v}");
                        }
                    }
                }
                Event::Text(t) if in_instr => instr.push_str(&t.xml10_content()),
                Event::End(e) if e.name().as_ref() == "w:instrText" => in_instr = false,
                _ => {}
            }
            buf.clear();
        }
        assert!(!fetches(&instr), "{what}: {n}: field code {instr:?}");
    }
}

fn render(input: &Path, out: &Path, extra: &[&str]) -> (Run, Value) {
    let qc = out.with_extension("qc.json");
    let mut args = vec!["render", s(input), "-o", s(out), "--qc", s(&qc)];
    let dir = input.parent().unwrap();
    args.extend(["--assets", s(dir)]);
    args.extend_from_slice(extra);
    let r = run(&args, None);
    // 1: written, QC did not pass (docs/guide/cli.md, exit codes).
    assert!(r.code == 0 || r.code == 1, "{input:?} {extra:?}: {r:?}");
    let qc: Value = serde_json::from_slice(&std::fs::read(&qc).unwrap()).unwrap();
    (r, qc)
}

fn write_json(dir: &Path, name: &str, v: &Value) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, serde_json::to_vec_pretty(v).unwrap()).unwrap();
    p
}

/// A golden document on a template (a figure: the template's media and ours side by side).
fn small_doc() -> PathBuf {
    root().join("golden/docs/template_python_docx/input.json")
}

fn dropped(qc: &Value) -> Vec<(String, String, Option<String>)> {
    qc["issues"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|i| i["type"] == "template_content_dropped")
        .map(|i| {
            assert_eq!(i["severity"], "low", "{i}");
            let d = &i["details"];
            (
                d["part"].as_str().unwrap().to_string(),
                d["kind"].as_str().unwrap().to_string(),
                d["target"].as_str().map(str::to_string),
            )
        })
        .collect()
}

#[test]
fn every_fixture_template_and_built_in_look_gives_clean_outputs() {
    let dir = workdir("carry", "fixtures");
    let deck = write_json(&dir, "deck.json", &small_deck());
    let doc = small_doc();
    let mut n = 0;
    for (folder, input) in [("templates", &deck), ("doc-templates", &doc)] {
        let mut files: Vec<PathBuf> = std::fs::read_dir(root().join("tests/fixtures").join(folder))
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e != "md"))
            .collect();
        files.sort();
        for t in files {
            let ext = if folder == "templates" {
                "pptx"
            } else {
                "docx"
            };
            let out = dir.join(format!(
                "{}.{ext}",
                t.file_name().unwrap().to_string_lossy()
            ));
            let (_, qc) = render(input, &out, &["--template", s(&t)]);
            assert_eq!(dropped(&qc), [], "{t:?}: nothing in the corpus is dropped");
            assert_clean(&format!("{t:?}"), &std::fs::read(&out).unwrap());
            n += 1;
        }
    }
    assert!(n >= 13, "{n} fixture templates");
    for id in ["default", "default-4x3", "minimal", "bold", "dark"] {
        let mut d = small_deck();
        d["theme"] = json!({"template_ref": {"template_id": id}, "brand": {"brand_kit_id": "b"}});
        let input = write_json(&dir, &format!("{id}.json"), &d);
        let out = dir.join(format!("{id}.pptx"));
        render(&input, &out, &[]);
        assert_clean(id, &std::fs::read(&out).unwrap());
    }
}

#[test]
fn every_golden_case_gives_a_clean_output() {
    let dir = workdir("carry", "golden");
    let mut cases = Vec::new();
    for (kind, fixtures, ext) in [
        ("slides", "templates", "pptx"),
        ("docs", "doc-templates", "docx"),
    ] {
        for e in std::fs::read_dir(root().join("golden").join(kind)).unwrap() {
            let case = e.unwrap().path();
            if !case.join("input.json").exists() {
                continue;
            }
            let mut extra: Vec<String> = Vec::new();
            if let Ok(b) = std::fs::read(case.join("options.json")) {
                let v: Value = serde_json::from_slice(&b).unwrap();
                if let Some(t) = v["template"].as_str() {
                    let t = root().join("tests/fixtures").join(fixtures).join(t);
                    extra.extend(["--template".to_string(), s(&t).to_string()]);
                }
                if v["slide_numbers"] == false {
                    extra.push("--no-slide-numbers".into());
                }
                if let Some(c) = v["citations"].as_str() {
                    extra.extend(["--citations".to_string(), c.to_string()]);
                }
            }
            let name = case.file_name().unwrap().to_string_lossy().into_owned();
            cases.push((case, dir.join(format!("{kind}-{name}.{ext}")), extra));
        }
    }
    cases.sort();
    assert!(cases.len() > 60, "{} golden cases", cases.len());
    // Two at a time: the machine's cores are shared.
    let next = std::sync::atomic::AtomicUsize::new(0);
    std::thread::scope(|sc| {
        for _ in 0..2 {
            sc.spawn(|| loop {
                let i = next.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                let Some((case, out, extra)) = cases.get(i) else {
                    break;
                };
                let extra: Vec<&str> = extra.iter().map(String::as_str).collect();
                let (_, qc) = render(&case.join("input.json"), out, &extra);
                assert_eq!(dropped(&qc), [], "{case:?}");
                assert_clean(&format!("{case:?}"), &std::fs::read(out).unwrap());
            });
        }
    });
}

// ---- hostile templates -----------------------------------------------------------------

const R: &str = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";

fn rel(id: &str, ty: &str, target: &str, external: bool) -> String {
    let ty = if ty.starts_with("http") {
        ty.to_string()
    } else {
        format!("{R}/{ty}")
    };
    let mode = if external {
        r#" TargetMode="External""#
    } else {
        ""
    };
    format!(r#"<Relationship Id="{id}" Type="{ty}" Target="{target}"{mode}/>"#)
}

fn add_rels(parts: &mut BTreeMap<String, Vec<u8>>, name: &str, rels: &[String]) {
    let s = match parts.get(name) {
        Some(b) => String::from_utf8(b.clone()).unwrap(),
        None => r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"></Relationships>"#
            .to_string(),
    };
    let s = s.replacen(
        "</Relationships>",
        &format!("{}</Relationships>", rels.concat()),
        1,
    );
    parts.insert(name.to_string(), s.into_bytes());
}

fn insert_before(parts: &mut BTreeMap<String, Vec<u8>>, name: &str, at: &str, what: &str) {
    let s = text(parts, name);
    let i = s.rfind(at).unwrap_or_else(|| panic!("{name} has no {at}"));
    let mut s = s;
    s.insert_str(i, what);
    parts.insert(name.to_string(), s.into_bytes());
}

fn content_types(parts: &mut BTreeMap<String, Vec<u8>>, add: &str) {
    insert_before(parts, "[Content_Types].xml", "</Types>", add);
}

fn photo() -> Vec<u8> {
    std::fs::read(root().join("golden/slides/template_python_pptx/photo.jpg")).unwrap()
}

fn pic(id: u32, blip: &str) -> String {
    format!(
        r#"<p:pic><p:nvPicPr><p:cNvPr id="{id}" name="Picture {id}"/><p:cNvPicPr/><p:nvPr/></p:nvPicPr><p:blipFill>{blip}<a:stretch><a:fillRect/></a:stretch></p:blipFill><p:spPr><a:xfrm><a:off x="{x}" y="6000000"/><a:ext cx="500000" cy="500000"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></p:spPr></p:pic>"#,
        x = 400000 * (id % 20) as i64
    )
}

/// python-pptx's default template with, on its master: a macro project, a picture linked to a
/// web tracker, one linked to a UNC share, a `javascript:` hyperlink, an OLE object linked to
/// an executable, ActiveX controls, a macro action; on its first layout: an embedded OLE
/// object and an embedded picture (which stays).
fn hostile_pptx() -> Vec<u8> {
    let mut p = entries(
        &std::fs::read(root().join("tests/fixtures/templates/python-pptx-default.pptx")).unwrap(),
    );
    let master = "ppt/slideMasters/slideMaster1.xml";
    let layout = "ppt/slideLayouts/slideLayout1.xml";
    p.insert(
        "ppt/vbaProject.bin".into(),
        b"\xd0\xcf\x11\xe0 macro project".to_vec(),
    );
    p.insert(
        "ppt/activeX/activeX1.xml".into(),
        br#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?><ax:ocx xmlns:ax="http://schemas.microsoft.com/office/2006/activeX" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" ax:classid="{8BD21D10-EC42-11CE-9E0D-00AA006002F3}" ax:persistence="persistStreamInit" r:id="rId1"/>"#.to_vec(),
    );
    add_rels(
        &mut p,
        "ppt/activeX/_rels/activeX1.xml.rels",
        &[rel(
            "rId1",
            "http://schemas.microsoft.com/office/2006/relationships/activeXControlBinary",
            "activeX1.bin",
            false,
        )],
    );
    p.insert("ppt/activeX/activeX1.bin".into(), b"control".to_vec());
    p.insert(
        "ppt/embeddings/oleObject1.bin".into(),
        b"\xd0\xcf\x11\xe0 ole".to_vec(),
    );
    p.insert("ppt/media/logo.jpeg".into(), photo());
    content_types(
        &mut p,
        r#"<Default Extension="bin" ContentType="application/vnd.openxmlformats-officedocument.oleObject"/><Default Extension="jpeg" ContentType="image/jpeg"/><Override PartName="/ppt/vbaProject.bin" ContentType="application/vnd.ms-office.vbaProject"/><Override PartName="/ppt/activeX/activeX1.xml" ContentType="application/vnd.ms-office.activeX+xml"/><Override PartName="/ppt/activeX/activeX1.bin" ContentType="application/vnd.ms-office.activeX"/>"#,
    );
    add_rels(
        &mut p,
        "ppt/slideMasters/_rels/slideMaster1.xml.rels",
        &[
            rel(
                "rIdH1",
                "http://schemas.microsoft.com/office/2006/relationships/vbaProject",
                "../vbaProject.bin",
                false,
            ),
            rel(
                "rIdH2",
                "image",
                "http://tracker.example/pixel.png?u=42",
                true,
            ),
            rel(
                "rIdH3",
                "image",
                "file://attacker.example/share/pixel.png",
                true,
            ),
            rel(
                "rIdH4",
                "hyperlink",
                "javascript:alert(document.cookie)",
                true,
            ),
            rel(
                "rIdH5",
                "oleObject",
                "file:///C:/Windows/System32/calc.exe",
                true,
            ),
            rel("rIdH6", "control", "../activeX/activeX1.xml", false),
            rel("rIdH7", "image", "https://intranet.example/logo.png", true),
        ],
    );
    let shapes = [
        pic(90, r#"<a:blip r:link="rIdH2"/>"#),
        pic(91, r#"<a:blip r:link="rIdH3"/>"#),
        r#"<p:sp><p:nvSpPr><p:cNvPr id="92" name="Link"><a:hlinkClick r:id="rIdH4"/></p:cNvPr><p:cNvSpPr/><p:nvPr/></p:nvSpPr><p:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="10" cy="10"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></p:spPr></p:sp>"#.to_string(),
        r#"<p:graphicFrame><p:nvGraphicFramePr><p:cNvPr id="93" name="Object"/><p:cNvGraphicFramePr/><p:nvPr/></p:nvGraphicFramePr><p:xfrm><a:off x="0" y="0"/><a:ext cx="10" cy="10"/></p:xfrm><a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/presentationml/2006/ole"><p:oleObj name="calc" r:id="rIdH5" progId="Package"><p:link updateAutomatic="1"/></p:oleObj></a:graphicData></a:graphic></p:graphicFrame>"#.to_string(),
        r#"<p:sp><p:nvSpPr><p:cNvPr id="94" name="Macro"><a:hlinkClick r:id="" action="ppaction://macro?name=AutoOpen"/></p:cNvPr><p:cNvSpPr/><p:nvPr/></p:nvSpPr><p:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="10" cy="10"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></p:spPr></p:sp>"#.to_string(),
        pic(95, r#"<a:blip r:link="rIdH7"/>"#),
    ];
    insert_before(&mut p, master, "</p:spTree>", &shapes.concat());
    insert_before(
        &mut p,
        master,
        "<p:extLst><p:ext uri=\"{BB962C8B",
        r#"<p:controls><p:control spid="_x0000_s1" name="CommandButton1" r:id="rIdH6" imgW="10" imgH="10"/></p:controls>"#,
    );
    add_rels(
        &mut p,
        "ppt/slideLayouts/_rels/slideLayout1.xml.rels",
        &[
            rel("rIdL1", "oleObject", "../embeddings/oleObject1.bin", false),
            rel("rIdL2", "image", "../media/logo.jpeg", false),
        ],
    );
    let ole = format!(
        r#"<p:graphicFrame><p:nvGraphicFramePr><p:cNvPr id="80" name="Embedded"/><p:cNvGraphicFramePr/><p:nvPr/></p:nvGraphicFramePr><p:xfrm><a:off x="0" y="0"/><a:ext cx="10" cy="10"/></p:xfrm><a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/presentationml/2006/ole"><p:oleObj name="x" r:id="rIdL1" progId="Package"><p:embed/>{}</p:oleObj></a:graphicData></a:graphic></p:graphicFrame>{}"#,
        pic(81, r#"<a:blip r:embed="rIdL2"/>"#),
        pic(82, r#"<a:blip r:embed="rIdL2"/>"#)
    );
    insert_before(&mut p, layout, "</p:spTree>", &ole);
    zip_of(&p)
}

/// python-docx's default with a header that holds: a macro project related from it, a picture
/// linked to a web tracker, an INCLUDEPICTURE field (complex) and an INCLUDETEXT one (simple),
/// an OLE object, a `javascript:` hyperlink, a VML shape linking to a UNC share, and an
/// embedded picture (which stays).
fn hostile_docx() -> Vec<u8> {
    let mut p = entries(
        &std::fs::read(root().join("tests/fixtures/doc-templates/python-docx-default.docx"))
            .unwrap(),
    );
    p.insert(
        "word/vbaProject.bin".into(),
        b"\xd0\xcf\x11\xe0 macro project".to_vec(),
    );
    p.insert(
        "word/embeddings/oleObject1.bin".into(),
        b"\xd0\xcf\x11\xe0 ole".to_vec(),
    );
    p.insert("word/media/logo.jpeg".into(), photo());
    content_types(
        &mut p,
        r#"<Default Extension="bin" ContentType="application/vnd.openxmlformats-officedocument.oleObject"/><Default Extension="jpeg" ContentType="image/jpeg"/><Override PartName="/word/vbaProject.bin" ContentType="application/vnd.ms-office.vbaProject"/><Override PartName="/word/header1.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.header+xml"/>"#,
    );
    add_rels(
        &mut p,
        "word/_rels/document.xml.rels",
        &[rel("rIdHdr", "header", "header1.xml", false)],
    );
    insert_before(
        &mut p,
        "word/document.xml",
        "<w:pgSz",
        r#"<w:headerReference w:type="default" r:id="rIdHdr"/>"#,
    );
    add_rels(
        &mut p,
        "word/_rels/header1.xml.rels",
        &[
            rel(
                "rId1",
                "http://schemas.microsoft.com/office/2006/relationships/vbaProject",
                "vbaProject.bin",
                false,
            ),
            rel("rId2", "image", "http://tracker.example/pixel.png", true),
            rel("rId3", "oleObject", "embeddings/oleObject1.bin", false),
            rel("rId4", "hyperlink", "javascript:alert(1)", true),
            rel("rId5", "image", "media/logo.jpeg", false),
        ],
    );
    let drawing = |rid: &str, attr: &str, id: u32| {
        format!(
            r#"<w:r><w:drawing><wp:inline><wp:extent cx="300000" cy="300000"/><wp:docPr id="{id}" name="P{id}"/><a:graphic xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:nvPicPr><pic:cNvPr id="{id}" name="P{id}"/><pic:cNvPicPr/></pic:nvPicPr><pic:blipFill><a:blip {attr}="{rid}"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill><pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="300000" cy="300000"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr></pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r>"#
        )
    };
    let header = format!(
        r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:hdr xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:r="{R}" xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing" xmlns:v="urn:schemas-microsoft-com:vml" xmlns:o="urn:schemas-microsoft-com:office:office"><w:p><w:r><w:t xml:space="preserve">Acme Corp </w:t></w:r>{linked}{kept}<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve"> INCLUDEPICTURE "http://tracker.example/f.png" \d </w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t>cached-picture-text</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r><w:fldSimple w:instr=" INCLUDETEXT &quot;\\\\attacker\\share\\a.docx&quot; "><w:r><w:t>cached-include-text</w:t></w:r></w:fldSimple><w:hyperlink r:id="rId4"><w:r><w:t>click-me</w:t></w:r></w:hyperlink></w:p><w:p><w:r><w:object w:dxaOrig="100" w:dyaOrig="100"><v:shape id="_x0000_i1025" style="width:5pt;height:5pt"><v:imagedata r:id="rId5" o:title=""/></v:shape><o:OLEObject Type="Embed" ProgID="Package" ShapeID="_x0000_i1025" DrawAspect="Icon" ObjectID="_1" r:id="rId3"/></w:object></w:r><w:r><w:pict><v:shape id="w1" style="width:5pt;height:5pt" href="file://attacker.example/share/x"><v:imagedata r:id="rId5" o:title=""/></v:shape></w:pict></w:r></w:p></w:hdr>"#,
        linked = drawing("rId2", "r:link", 10),
        kept = drawing("rId5", "r:embed", 11),
    );
    p.insert("word/header1.xml".into(), header.into_bytes());
    zip_of(&p)
}

fn kinds(d: &[(String, String, Option<String>)]) -> BTreeSet<(String, String)> {
    d.iter().map(|(p, k, _)| (p.clone(), k.clone())).collect()
}

#[test]
fn a_hostile_deck_template_loses_its_active_content_with_findings() {
    let dir = workdir("carry", "hostile-pptx");
    let t = dir.join("hostile.pptx");
    std::fs::write(&t, hostile_pptx()).unwrap();
    let deck = write_json(&dir, "deck.json", &small_deck());
    let out = dir.join("out.pptx");
    let (_, qc) = render(&deck, &out, &["--template", s(&t)]);
    let bytes = std::fs::read(&out).unwrap();
    assert_clean("hostile.pptx", &bytes);
    let d = dropped(&qc);
    let m = "ppt/slideMasters/slideMaster1.xml".to_string();
    let l = "ppt/slideLayouts/slideLayout1.xml".to_string();
    let want: BTreeSet<(String, String)> = [
        (m.clone(), "macro_project"),
        (m.clone(), "external_link"),
        (m.clone(), "file_link"),
        (m.clone(), "script_link"),
        (m.clone(), "ole_object"),
        (m.clone(), "activex"),
        (l.clone(), "ole_object"),
    ]
    .into_iter()
    .map(|(p, k)| (p, k.to_string()))
    .collect();
    assert_eq!(kinds(&d), want, "{d:#?}");
    // Targets: web addresses shown, script text and file paths never.
    let targets: Vec<&str> = d.iter().filter_map(|(_, _, t)| t.as_deref()).collect();
    assert!(
        targets.contains(&"http://tracker.example/pixel.png?u=42"),
        "{targets:?}"
    );
    assert!(targets.contains(&"javascript:"), "{targets:?}");
    assert!(targets.contains(&"ppaction://macro"), "{targets:?}");
    assert!(
        !targets
            .iter()
            .any(|t| t.contains("cookie") || t.contains("calc.exe") || t.contains("attacker")),
        "{targets:?}"
    );
    // What remains still draws: the layout's embedded picture outside the OLE object stays.
    let parts = entries(&bytes);
    let layout = text(&parts, &l);
    assert!(
        layout.contains(r#"name="Picture 82""#) && !layout.contains("Picture 81"),
        "{layout}"
    );
    assert!(parts.contains_key("ppt/media/logo.jpeg"));
    let master = text(&parts, &m);
    assert!(master.contains("Title Placeholder 1") && !master.contains("Picture 90"));
    // `template inspect` lists them.
    let ins = run(&["template", "inspect", s(&t)], None);
    assert_eq!(ins.code, 0, "{ins:?}");
    let listed: Vec<(String, String, Option<String>)> = ins.json()["dropped"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| {
            (
                x["part"].as_str().unwrap().to_string(),
                x["kind"].as_str().unwrap().to_string(),
                x["target"].as_str().map(str::to_string),
            )
        })
        .collect();
    assert_eq!(listed, d);
    // The same findings from `qc`, and from `serve` on a templates folder.
    let qc_run = run(&["qc", s(&deck), "--template", s(&t)], None);
    assert!(qc_run.code == 0 || qc_run.code == 1, "{qc_run:?}");
    assert_eq!(dropped(&qc_run.json()), d);
    let store = dir.join("store");
    std::fs::create_dir_all(&store).unwrap();
    std::fs::copy(&t, store.join("acme.pptx")).unwrap();
    let mut on_store = small_deck();
    on_store["theme"] =
        json!({"template_ref": {"template_id": "acme"}, "brand": {"brand_kit_id": "b"}});
    let req = json!({"id": 1, "op": "render", "spec": on_store, "output": "served.pptx"})
        .to_string()
        + "\n";
    let r = run_with(
        &[
            "serve",
            "--output-root",
            s(&dir),
            "--assets",
            s(&dir),
            "--templates",
            s(&store),
        ],
        Some(req.as_bytes()),
        Some(&dir),
        false,
    );
    assert_eq!(r.code, 0, "{r:?}");
    let answer: Value = serde_json::from_str(r.out().lines().next().unwrap()).unwrap();
    assert_eq!(dropped(&answer["qc"]), d, "{answer}");
    assert_clean("served", &std::fs::read(dir.join("served.pptx")).unwrap());
}

#[test]
fn a_hostile_document_template_loses_its_active_content_with_findings() {
    let dir = workdir("carry", "hostile-docx");
    let t = dir.join("hostile.docx");
    std::fs::write(&t, hostile_docx()).unwrap();
    let doc = small_doc();
    let out = dir.join("out.docx");
    let (_, qc) = render(&doc, &out, &["--template", s(&t)]);
    let bytes = std::fs::read(&out).unwrap();
    assert_clean("hostile.docx", &bytes);
    let d = dropped(&qc);
    let h = "word/header1.xml".to_string();
    let want: BTreeSet<(String, String)> = [
        "macro_project",
        "external_link",
        "ole_object",
        "script_link",
        "fetching_field",
        "file_link",
    ]
    .into_iter()
    .map(|k| (h.clone(), k.to_string()))
    .collect();
    assert_eq!(kinds(&d), want, "{d:#?}");
    let fields: BTreeSet<&str> = d
        .iter()
        .filter(|(_, k, _)| k == "fetching_field")
        .filter_map(|(_, _, t)| t.as_deref())
        .collect();
    assert_eq!(fields, ["INCLUDEPICTURE", "INCLUDETEXT"].into());
    // The header's text, the fields' cached results and the embedded picture stay.
    let parts = entries(&bytes);
    let header = text(&parts, &h);
    for kept in [
        "Acme Corp",
        "cached-picture-text",
        "cached-include-text",
        "click-me",
        r#"r:embed="rId5""#,
    ] {
        assert!(header.contains(kept), "{kept}: {header}");
    }
    assert!(parts.contains_key("word/media/logo.jpeg"));
    let qc_run = run(&["qc", s(&doc), "--template", s(&t)], None);
    assert!(qc_run.code == 0 || qc_run.code == 1, "{qc_run:?}");
    assert_eq!(dropped(&qc_run.json()), d);
}

#[test]
fn the_walk_finds_active_content_where_there_is_some() {
    // The hostile templates themselves (not yet through specrender) fail the walk: it can fail.
    for (what, bytes) in [("pptx", hostile_pptx()), ("docx", hostile_docx())] {
        let walked = std::panic::catch_unwind(|| assert_clean(what, &bytes));
        assert!(walked.is_err(), "{what}: the walk found nothing");
    }
}
