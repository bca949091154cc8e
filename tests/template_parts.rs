//! Customer templates are untrusted input (issue 38): every part a deck or document written
//! on a template carries is read and checked when the template is, so `render`, `qc` and
//! `template inspect` give the same answer — exit 2 naming the part — and a template that
//! reads writes. Each case is a fixture template changed in the test.

mod support;

use std::collections::BTreeMap;
use std::io::{Cursor, Write};
use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The entries of a zip, in order.
fn entries(bytes: &[u8]) -> Vec<(String, Vec<u8>)> {
    support::zip_entries(bytes)
}

fn zip_of(parts: &[(String, Vec<u8>)]) -> Vec<u8> {
    let mut w = zip::ZipWriter::new(Cursor::new(Vec::new()));
    let opts = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated);
    for (name, data) in parts {
        w.start_file(name.as_str(), opts).unwrap();
        w.write_all(data).unwrap();
    }
    w.finish().unwrap().into_inner()
}

/// Fixture `name` (a deck template, or with `doc` a Word one) with `edit` applied to its
/// parts.
fn edited(name: &str, edit: impl FnOnce(&mut Vec<(String, Vec<u8>)>)) -> Vec<u8> {
    let dir = if name.ends_with(".docx") || name.ends_with(".dotx") {
        "tests/fixtures/doc-templates"
    } else {
        "tests/fixtures/templates"
    };
    let mut parts = entries(&std::fs::read(root().join(dir).join(name)).unwrap());
    edit(&mut parts);
    zip_of(&parts)
}

fn part<'a>(parts: &'a mut [(String, Vec<u8>)], name: &str) -> &'a mut Vec<u8> {
    &mut parts
        .iter_mut()
        .find(|(n, _)| n == name)
        .unwrap_or_else(|| panic!("no part {name}"))
        .1
}

fn replace(parts: &mut [(String, Vec<u8>)], name: &str, from: &str, to: &str) {
    let p = part(parts, name);
    let s = String::from_utf8(p.clone()).unwrap();
    assert!(s.contains(from), "{name} has no {from:?}");
    *p = s.replacen(from, to, 1).into_bytes();
}

const MASTER_RELS: &str = "ppt/slideMasters/_rels/slideMaster1.xml.rels";
const IMAGE: &str = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/image";

/// Adds relationship `rId900` of type `ty` to `target` to the master.
fn relate_master(parts: &mut [(String, Vec<u8>)], ty: &str, target: &str) {
    replace(
        parts,
        MASTER_RELS,
        "</Relationships>",
        &format!(r#"<Relationship Id="rId900" Type="{ty}" Target="{target}"/></Relationships>"#),
    );
}

struct Run {
    code: i32,
    stderr: String,
}

fn run(args: &[&str]) -> Run {
    let out = Command::new(env!("CARGO_BIN_EXE_specrender"))
        .args(args)
        .env_remove("SPECRENDER_FONTS")
        .output()
        .unwrap();
    Run {
        code: out.status.code().unwrap_or(-1),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

fn tmp(tag: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("specrender-parts-{}-{tag}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// `render`, `qc` and `template inspect` of the example deck (or document) on `template`:
/// each one's exit code and error.
fn every_command(tag: &str, template: &[u8], doc: bool) -> Vec<(&'static str, Run, PathBuf)> {
    let d = tmp(tag);
    let t = d.join(if doc { "t.docx" } else { "t.pptx" });
    std::fs::write(&t, template).unwrap();
    let input = root().join(if doc {
        "examples/quarterly-report.json"
    } else {
        "examples/quarterly-review.json"
    });
    let out = d.join(if doc { "out.docx" } else { "out.pptx" });
    let (t, input, o) = (
        t.to_str().unwrap(),
        input.to_str().unwrap(),
        out.to_str().unwrap(),
    );
    vec![
        (
            "render",
            run(&["render", input, "--template", t, "-o", o]),
            out.clone(),
        ),
        ("qc", run(&["qc", input, "--template", t]), out.clone()),
        ("inspect", run(&["template", "inspect", t]), out),
    ]
}

/// Every command refuses the template with exit 2 naming `part`, and nothing is written.
fn refused_by_every_command(tag: &str, template: &[u8], doc: bool, part: &str) {
    for (cmd, r, out) in every_command(tag, template, doc) {
        assert_eq!(r.code, 2, "{tag}: {cmd}: {}", r.stderr);
        assert!(r.stderr.contains(part), "{tag}: {cmd}: {}", r.stderr);
        assert!(!out.exists(), "{tag}: {cmd} wrote {}", out.display());
    }
    let _ = std::fs::remove_dir_all(tmp(tag));
}

/// The output's parts by name.
fn output_parts(out: &Path) -> BTreeMap<String, Vec<u8>> {
    entries(&std::fs::read(out).unwrap()).into_iter().collect()
}

#[test]
fn a_carried_part_that_is_missing_is_refused_by_every_command() {
    let t = edited("python-pptx-default.pptx", |p| {
        relate_master(p, IMAGE, "../media/gone.png")
    });
    refused_by_every_command("missing", &t, false, "ppt/media/gone.png");
}

#[test]
fn a_carried_part_with_a_name_specrender_writes_is_refused() {
    // Pictures (the carry policy follows an image relationship only to an image part: one to
    // an XML part of ours, `ppt/presentation.xml`, is dropped with a finding instead) in
    // folders whose every part is ours.
    for (tag, target, stored) in [
        ("slide", "../slides/image1.jpeg", "ppt/slides/image1.jpeg"),
        (
            "app",
            "../../docProps/thumbnail.jpeg",
            "docProps/thumbnail.jpeg",
        ),
        (
            "media",
            "../media/deck/logo1.jpeg",
            "ppt/media/deck/logo1.jpeg",
        ),
    ] {
        let t = edited("python-pptx-default.pptx", |p| {
            relate_master(p, IMAGE, target);
            if !p.iter().any(|(n, _)| n == stored) {
                p.push((stored.to_string(), b"jpeg".to_vec()));
            }
        });
        refused_by_every_command(tag, &t, false, stored);
    }
    // In a Word template: a header reaching into word/media/doc/ (our pictures' folder).
    let t = edited("edited-fr-ids.docx", |p| {
        replace(
            p,
            "word/_rels/header1.xml.rels",
            "</Relationships>",
            &format!(
                r#"<Relationship Id="rId900" Type="{IMAGE}" Target="media/doc/image1.png"/></Relationships>"#
            ),
        );
        p.push(("word/media/doc/image1.png".into(), b"png".to_vec()));
    });
    refused_by_every_command("doc", &t, true, "word/media/doc/image1.png");
}

#[test]
fn a_target_in_another_letter_case_is_one_part_written_once() {
    let t = edited("python-pptx-default.pptx", |p| {
        // A picture related twice: as stored, and in capitals and percent-encoded.
        p.push(("ppt/media/image1.jpeg".into(), b"jpeg".to_vec()));
        relate_master(p, IMAGE, "../MEDIA/%69mage1.JPEG");
        replace(
            p,
            MASTER_RELS,
            "</Relationships>",
            &format!(
                r#"<Relationship Id="rId901" Type="{IMAGE}" Target="../media/image1.jpeg"/></Relationships>"#
            ),
        );
    });
    let runs = every_command("case", &t, false);
    for (cmd, r, _) in &runs {
        assert!(r.code <= 1, "{cmd}: {}", r.stderr);
    }
    let parts = output_parts(&runs[0].2);
    let media: Vec<&String> = parts
        .keys()
        .filter(|n| n.eq_ignore_ascii_case("ppt/media/image1.jpeg"))
        .collect();
    assert_eq!(media, ["ppt/media/image1.jpeg"]);
    let rels = String::from_utf8(parts[MASTER_RELS].clone()).unwrap();
    for id in ["rId900", "rId901"] {
        assert!(
            rels.contains(&format!(r#"Id="{id}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="../media/image1.jpeg""#)),
            "{rels}"
        );
    }
    let _ = std::fs::remove_dir_all(tmp("case"));
}

const MASTER: &str = "ppt/slideMasters/slideMaster1.xml";

/// 150,000 nested elements (the probe's 30 KB template) inserted before `at` in `name`.
fn deeply_nested(parts: &mut [(String, Vec<u8>)], name: &str, at: &str) {
    let n = 150_000;
    replace(
        parts,
        name,
        at,
        &format!("{}{}{at}", "<a:x>".repeat(n), "</a:x>".repeat(n)),
    );
}

#[test]
fn deeply_nested_parts_are_refused_by_every_command_without_a_crash() {
    for (tag, name, at) in [
        ("sppr", MASTER, "</p:spPr>"),
        ("tree", MASTER, "</p:spTree>"),
        ("layout", "ppt/slideLayouts/slideLayout2.xml", "</p:spTree>"),
        ("theme", "ppt/theme/theme1.xml", "</a:fillStyleLst>"),
    ] {
        let t = edited("python-pptx-default.pptx", |p| deeply_nested(p, name, at));
        refused_by_every_command(tag, &t, false, name);
    }
    for (tag, name, at) in [
        ("styles", "word/styles.xml", "</w:styles>"),
        ("header", "word/header1.xml", "</w:hdr>"),
    ] {
        let t = edited("edited-fr-ids.docx", |p| deeply_nested(p, name, at));
        refused_by_every_command(tag, &t, true, name);
    }
}

#[test]
fn a_carried_part_that_is_never_parsed_is_checked_before_it_is_written() {
    // A part the master reaches that no reader parses: a DOCTYPE with an external entity,
    // an undefined entity, a forbidden character.
    for (tag, body) in [
        (
            "doctype",
            r#"<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>"#,
        ),
        ("entity", "<x>&nope;</x>"),
        ("char", "<x>\u{1}</x>"),
        ("tags", "<x><y></x>"),
    ] {
        // Tags: a part the carry policy carries (a custom XML part it drops unread).
        let t = edited("python-pptx-default.pptx", |p| {
            // Tags: a part the carry policy carries and no reader of ours parses.
            relate_master(
                p,
                "http://schemas.openxmlformats.org/officeDocument/2006/relationships/tags",
                "../tags/tag1.xml",
            );
            replace(
                p,
                "[Content_Types].xml",
                "</Types>",
                r#"<Override PartName="/ppt/tags/tag1.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.tags+xml"/></Types>"#,
            );
            p.push(("ppt/tags/tag1.xml".into(), body.as_bytes().to_vec()));
        });
        refused_by_every_command(tag, &t, false, "ppt/tags/tag1.xml");
    }
}

#[test]
fn a_utf16_master_is_decoded_and_carried_as_utf8() {
    let t = edited("python-pptx-default.pptx", |p| {
        let m = part(p, MASTER);
        let text = String::from_utf8(m.clone()).unwrap().replacen(
            "encoding=\"UTF-8\"",
            "encoding=\"UTF-16\"",
            1,
        );
        *m = [0xFF, 0xFE]
            .into_iter()
            .chain(text.encode_utf16().flat_map(u16::to_le_bytes))
            .collect();
    });
    let runs = every_command("utf16", &t, false);
    for (cmd, r, _) in &runs {
        assert!(r.code <= 1, "{cmd}: {}", r.stderr);
    }
    let parts = output_parts(&runs[0].2);
    let master = std::str::from_utf8(&parts[MASTER]).expect("written as UTF-8");
    assert!(
        master.starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\""),
        "{master:.80}"
    );
    let _ = std::fs::remove_dir_all(tmp("utf16"));
}

#[test]
fn a_layout_the_carry_policy_drops_refuses_the_template() {
    // The content types give slideLayout1.xml a master's type: the policy does not carry it
    // as a layout, so no deck can be written on it.
    let t = edited("python-pptx-default.pptx", |p| {
        replace(
            p,
            "[Content_Types].xml",
            r#"<Override PartName="/ppt/slideLayouts/slideLayout1.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.slideLayout+xml"/>"#,
            r#"<Override PartName="/ppt/slideLayouts/slideLayout1.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.slideMaster+xml"/>"#,
        )
    });
    refused_by_every_command(
        "layout-type",
        &t,
        false,
        "ppt/slideLayouts/slideLayout1.xml",
    );
}

#[test]
fn a_master_without_a_layout_refuses_the_template() {
    // Found by the template fuzzer: `render` said exit 4 ("the template has no slide layout")
    // where `qc` and `inspect` read the template; now every command refuses it, naming the
    // master.
    let t = edited("python-pptx-default.pptx", |p| {
        let master = "ppt/slideMasters/slideMaster1.xml";
        let s = String::from_utf8(part(p, master).clone()).unwrap();
        let (a, b) = (
            s.find("<p:sldLayoutIdLst>").unwrap(),
            s.find("</p:sldLayoutIdLst>").unwrap() + "</p:sldLayoutIdLst>".len(),
        );
        *part(p, master) = format!("{}{}", &s[..a], &s[b..]).into_bytes();
    });
    refused_by_every_command("no-layout", &t, false, "ppt/slideMasters/slideMaster1.xml");
}

#[test]
fn a_master_of_another_content_type_refuses_the_template() {
    // Found by the template fuzzer (seed 3): the master, typed application/octet-stream, was
    // carried as a root while the layouts' relationships to it were dropped, and python-pptx
    // could not open the output ("'Part' object has no attribute 'slide_master'").
    let t = edited("python-pptx-default.pptx", |p| {
        replace(
            p,
            "[Content_Types].xml",
            r#"<Override PartName="/ppt/slideMasters/slideMaster1.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.slideMaster+xml"/>"#,
            r#"<Override PartName="/ppt/slideMasters/slideMaster1.xml" ContentType="application/octet-stream"/>"#,
        )
    });
    refused_by_every_command(
        "master-type",
        &t,
        false,
        "ppt/slideMasters/slideMaster1.xml",
    );
}

#[test]
fn a_part_whose_root_is_not_its_content_types_refuses_the_template() {
    // Found by the template fuzzer (seed 38): a layout typed as a layout whose XML is another
    // part's, and a relationships part whose root is not <Relationships>, were carried, and
    // python-pptx could not open the outputs ("no attribute 'spTree'", "'relationship_lst'").
    let layout = "ppt/slideLayouts/slideLayout2.xml";
    let t = edited("python-pptx-default.pptx", |p| {
        replace(p, layout, "<p:sldLayout ", "<p:sldMaster ");
        replace(p, layout, "</p:sldLayout>", "</p:sldMaster>");
    });
    refused_by_every_command("root-name", &t, false, layout);
    let rels = "ppt/slideLayouts/_rels/slideLayout6.xml.rels";
    let t = edited("python-pptx-default.pptx", |p| {
        replace(
            p,
            rels,
            "http://schemas.openxmlformats.org/package/2006/relationships",
            "http://schemas.openxmlformats.org/package/2006/relationship",
        )
    });
    refused_by_every_command("root-ns", &t, false, rels);
    // A namespace that is not a URI (libxml2 refuses the part: "is not a valid URI").
    let t = edited("python-pptx-default.pptx", |p| {
        replace(
            p,
            layout,
            "xmlns:a=\"http://schemas.openxmlformats.org/drawingml/2006/main\"",
            "xmlns:a=\"http://schemas.open>xmlformats.org/drawingml/2006/main\"",
        )
    });
    refused_by_every_command("ns-uri", &t, false, layout);
}

#[test]
fn a_word_footer_of_another_content_type_refuses_the_template() {
    // Found by the template fuzzer (seed 38): a header typed as a slide was carried as the
    // document's header and python-docx read it as a plain part.
    let t = edited("libreoffice-letter.docx", |p| {
        replace(
            p,
            "[Content_Types].xml",
            "wordprocessingml.footer+xml",
            "presentationml.slide+xml",
        )
    });
    refused_by_every_command("footer-type", &t, true, "word/footer1.xml");
}
