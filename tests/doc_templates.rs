//! Documents on a customer's .docx / .dotx (issue 21): the fixture corpus
//! (tests/fixtures/doc-templates/README.md) end to end through the CLI — every style a
//! paragraph names exists, numbering instances and their definitions line up, the template's
//! page and headers come through, the wrong kind of template is refused, `--templates DIR`
//! resolves document ids, `template inspect` reports Word templates.

use std::collections::BTreeSet;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const TEMPLATES: [&str; 6] = [
    "python-docx-default.docx",
    "pandoc-reference.docx",
    "libreoffice-letter.docx",
    "libreoffice-letter.dotx",
    "edited-fr-ids.docx",
    "edited-ja-names.docx",
];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn fixture(name: &str) -> PathBuf {
    root().join("tests/fixtures/doc-templates").join(name)
}

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_specrender"))
}

fn tmp(name: &str) -> PathBuf {
    let d = Path::new(env!("CARGO_TARGET_TMPDIR")).join("doc-templates");
    std::fs::create_dir_all(&d).unwrap();
    d.join(name)
}

/// Renders golden case `case` on `template` (extra args after); the output path.
fn render(case: &str, extra: &[&str], out: &str) -> (Output, PathBuf) {
    let dir = root().join("golden/docs").join(case);
    let out = tmp(out);
    let o = bin()
        .arg("render")
        .arg(dir.join("input.json"))
        .arg("-o")
        .arg(&out)
        .arg("--qc")
        .arg(out.with_extension("qc.json"))
        .arg("--assets")
        .arg(&dir)
        .args(extra)
        .output()
        .unwrap();
    (o, out)
}

fn part(docx: &Path, name: &str) -> String {
    let mut z = zip::ZipArchive::new(std::fs::File::open(docx).unwrap()).unwrap();
    let mut s = String::new();
    z.by_name(name)
        .unwrap_or_else(|_| panic!("{}: no {name}", docx.display()))
        .read_to_string(&mut s)
        .unwrap();
    s
}

/// Every `w:val` of elements named `tag` (`w:pStyle`, `w:numId`).
fn vals(xml: &str, tag: &str) -> Vec<String> {
    let open = format!("<{tag} w:val=\"");
    xml.match_indices(&open)
        .map(|(i, _)| {
            let v = &xml[i + open.len()..];
            v[..v.find('"').unwrap()].to_string()
        })
        .collect()
}

fn attr_vals(xml: &str, attr: &str) -> Vec<String> {
    let open = format!("{attr}=\"");
    xml.match_indices(&open)
        .map(|(i, _)| {
            let v = &xml[i + open.len()..];
            v[..v.find('"').unwrap()].to_string()
        })
        .collect()
}

#[test]
fn every_template_gives_a_consistent_document() {
    for t in TEMPLATES {
        let (o, out) = render(
            "all_blocks_en",
            &["--template", fixture(t).to_str().unwrap()],
            &format!("{t}.docx"),
        );
        assert!(
            o.status.code().unwrap() <= 1,
            "{t}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        let doc = part(&out, "word/document.xml");
        let styles = part(&out, "word/styles.xml");
        let ids: BTreeSet<String> = attr_vals(&styles, "w:styleId").into_iter().collect();
        let all_ids = attr_vals(&styles, "w:styleId");
        assert_eq!(ids.len(), all_ids.len(), "{t}: a style id written twice");
        for s in vals(&doc, "w:pStyle")
            .into_iter()
            .chain(vals(&doc, "w:rStyle"))
            .chain(vals(&doc, "w:tblStyle"))
        {
            assert!(
                ids.contains(&s),
                "{t}: document names style {s:?}, styles lack it"
            );
        }
        // Numbering: every instance a paragraph names exists, every definition an instance
        // names exists, and every definition comes before any instance.
        let numbering = part(&out, "word/numbering.xml");
        let nums: BTreeSet<String> = attr_vals(&numbering, "w:numId").into_iter().collect();
        for n in vals(&doc, "w:numId") {
            assert!(nums.contains(&n), "{t}: numId {n} has no w:num");
        }
        let defined: BTreeSet<String> = numbering
            .match_indices("<w:abstractNum w:abstractNumId=\"")
            .map(|(i, m)| {
                let v = &numbering[i + m.len()..];
                v[..v.find('"').unwrap()].to_string()
            })
            .collect();
        for a in vals(&numbering, "w:abstractNumId") {
            assert!(
                defined.contains(&a),
                "{t}: abstractNumId {a} is not defined"
            );
        }
        let last_abstract = numbering.rfind("<w:abstractNum ").unwrap();
        let first_num = numbering.find("<w:num ").unwrap();
        assert!(last_abstract < first_num, "{t}: an abstractNum after a num");
        // A .dotx becomes a document.
        let ct = part(&out, "[Content_Types].xml");
        assert!(
            ct.contains("wordprocessingml.document.main+xml") && !ct.contains("template.main"),
            "{t}"
        );
    }
}

#[test]
fn french_ids_headers_and_page_come_through() {
    let (o, out) = render(
        "all_blocks_en",
        &[
            "--template",
            fixture("edited-fr-ids.docx").to_str().unwrap(),
        ],
        "fr.docx",
    );
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let doc = part(&out, "word/document.xml");
    let styles = vals(&doc, "w:pStyle");
    for want in [
        "Titre",
        "Titre1",
        "Titre2",
        "Listepuces",
        "Listenumros",
        "Citation",
        "Lgende",
    ] {
        assert!(styles.iter().any(|s| s == want), "no paragraph in {want}");
    }
    assert!(
        !styles.iter().any(|s| s == "Heading1"),
        "our id where theirs exists"
    );
    assert!(doc.contains(r#"<w:headerReference w:type="default""#));
    assert!(doc.contains(r#"<w:footerReference w:type="default""#));
    assert!(doc.contains(r#"<w:pgSz w:w="11906" w:h="16838"/>"#), "A4");
    assert!(doc.contains(r#"w:top="1134" w:right="1134" w:bottom="1134" w:left="1134""#));
    // The header's logo is carried; our figure takes another name.
    let header = part(&out, "word/header1.xml");
    assert!(header.contains("Rapport confidentiel"));
    let mut z = zip::ZipArchive::new(std::fs::File::open(&out).unwrap()).unwrap();
    assert!(z.by_name("word/media/image1.png").is_ok());
    assert!(z.by_name("word/media/doc/image1.png").is_ok());
    // The example paragraph of the template is dropped.
    assert!(!doc.contains("Exemple"));
    // Same bytes again.
    let first = std::fs::read(&out).unwrap();
    let (_, again) = render(
        "all_blocks_en",
        &[
            "--template",
            fixture("edited-fr-ids.docx").to_str().unwrap(),
            "--threads",
            "3",
        ],
        "fr-again.docx",
    );
    assert_eq!(first, std::fs::read(again).unwrap());
}

#[test]
fn japanese_headings_map_by_outline_level_and_fonts_are_reported() {
    let (o, out) = render(
        "japanese",
        &[
            "--template",
            fixture("edited-ja-names.docx").to_str().unwrap(),
        ],
        "ja.docx",
    );
    // MS Mincho has no free clone: measured with a stand-in, reported (exit 1).
    assert_eq!(
        o.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let doc = part(&out, "word/document.xml");
    assert!(
        vals(&doc, "w:pStyle").iter().any(|s| s == "1"),
        "heading 1 is style 1"
    );
    let qc = std::fs::read_to_string(out.with_extension("qc.json")).unwrap();
    assert!(
        qc.contains("MS Mincho") && qc.contains("font_fallback"),
        "{qc}"
    );
}

#[test]
fn the_wrong_kind_of_template_is_refused() {
    let deck = root().join("examples/deck.json");
    let deck = if deck.exists() {
        deck
    } else {
        root().join("golden/slides/one_column/input.json")
    };
    let out = tmp("refused.pptx");
    let o = bin()
        .arg("render")
        .arg(&deck)
        .arg("-o")
        .arg(&out)
        .args([
            "--template",
            fixture("pandoc-reference.docx").to_str().unwrap(),
        ])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains(".pptx or .potx"));
    assert!(!out.exists(), "nothing written");
    let (o, out) = render(
        "all_blocks_en",
        &[
            "--template",
            root()
                .join("tests/fixtures/templates/pandoc-reference.pptx")
                .to_str()
                .unwrap(),
        ],
        "refused.docx",
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains(".docx or .dotx"));
    assert!(!out.exists(), "nothing written");
}

#[test]
fn templates_dir_resolves_document_ids() {
    let dir = tmp("store");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::copy(fixture("edited-fr-ids.docx"), dir.join("acme.docx")).unwrap();
    let case = root().join("golden/docs/all_blocks_en");
    let mut spec: serde_json::Value =
        serde_json::from_slice(&std::fs::read(case.join("input.json")).unwrap()).unwrap();
    let with_id = |id: &str, spec: &mut serde_json::Value| {
        spec["theme"]["template_ref"]["template_id"] = serde_json::json!(id);
        let p = tmp(&format!("with-{id}.json"));
        std::fs::write(&p, serde_json::to_vec(spec).unwrap()).unwrap();
        p
    };
    for (id, want_fr) in [("acme", true), ("nope", false)] {
        let input = with_id(id, &mut spec);
        let out = tmp(&format!("store-{id}.docx"));
        let o = bin()
            .arg("render")
            .arg(&input)
            .arg("-o")
            .arg(&out)
            .arg("--assets")
            .arg(&case)
            .arg("--templates")
            .arg(&dir)
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&o.stdout);
        assert!(
            o.status.code().unwrap() <= 1,
            "{id}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        let doc = part(&out, "word/document.xml");
        assert_eq!(
            vals(&doc, "w:pStyle").iter().any(|s| s == "Titre1"),
            want_fr,
            "{id}"
        );
        assert_eq!(
            stdout.contains("unknown_template"),
            !want_fr,
            "{id}: {stdout}"
        );
    }
}

#[test]
fn template_inspect_reports_a_word_template() {
    let o = bin()
        .args(["template", "inspect"])
        .arg(fixture("edited-ja-names.docx"))
        .output()
        .unwrap();
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["kind"], "docx");
    assert_eq!(v["styles"]["heading1"]["id"], "1");
    assert_eq!(v["styles"]["heading1"]["how"], "outline");
    assert_eq!(v["styles"]["quote"]["how"], "added");
    assert_eq!(v["page"]["size"], "a4");
    assert_eq!(v["fonts"]["normal"]["east_asian"], "MS Mincho");
}

/// The page prediction on a template models what is written (issue 21): every role's
/// paragraph format the layout flows with (`formats_on` the template) equals what the written
/// document's styles part says for that role's style — read back from the output with the
/// template reader, through `basedOn` and the paragraph defaults — and list indents equal the
/// level-0 indent of the numbering the written list styles apply.
#[test]
fn the_written_styles_are_the_ones_pages_are_predicted_with_on_every_template() {
    use specrender_layout::doc::template::{format_of, formats_on, grid_of};
    use specrender_template::{DocRole, DocTemplate};
    for t in TEMPLATES {
        let (o, out) = render(
            "all_blocks_en",
            &["--template", fixture(t).to_str().unwrap()],
            &format!("formats-{t}.docx"),
        );
        assert!(o.status.code().unwrap() <= 1, "{t}");
        let tpl = DocTemplate::from_bytes(std::fs::read(fixture(t)).unwrap()).unwrap();
        let written = DocTemplate::from_bytes(std::fs::read(&out).unwrap()).unwrap();
        let fm = formats_on(&tpl);
        let document = part(&out, "word/document.xml");
        let used: BTreeSet<String> = vals(&document, "w:pStyle").into_iter().collect();
        let mut checked = 0;
        for role in DocRole::ALL {
            let (style, want) = match role {
                DocRole::Normal => ("Normal", fm.normal),
                DocRole::Title => ("Title", fm.title),
                DocRole::Subtitle => ("Subtitle", fm.subtitle),
                DocRole::Heading(n) => ("Heading", fm.heading(n)),
                DocRole::ListBullet => ("ListBullet", fm.list_bullet),
                DocRole::ListNumber => ("ListNumber", fm.list_number),
                DocRole::Quote => ("Quote", fm.quote),
                DocRole::Caption => ("Caption", fm.caption),
                DocRole::FootnoteText => ("FootnoteText", fm.footnote),
                DocRole::FootnoteReference => continue,
            };
            let s = written
                .style_for(role)
                .unwrap_or_else(|| panic!("{t}: no {role:?} style written"));
            let mut got = format_of(style, &written.para_props(&s.id));
            // The line grid of the section written.
            got.grid = grid_of(&written);
            // List items: the style's own indent, else its numbering's level 0 (an indent
            // the style inherits does not move them in Writer).
            if matches!(role, DocRole::ListBullet | DocRole::ListNumber) {
                got.indent.0 = s.para.indent_left.unwrap_or_default();
            }
            if matches!(role, DocRole::ListBullet | DocRole::ListNumber)
                && s.para.indent_left.is_none()
            {
                got.indent.0 = s
                    .num_id
                    .and_then(|n| written.list_indent(n))
                    .unwrap_or_default();
            }
            // Complex script text at the written style's `w:szCs` (through `basedOn` and the
            // document defaults), else its size: what layout measures it at.
            let run = written.run_props(&s.id);
            let size = run.size_half_pt.map(|h| h * 50);
            assert_eq!(
                want.cs.or(size),
                run.size_cs_half_pt.map(|h| h * 50).or(size),
                "{t}: {role:?} ({}) complex script size",
                s.id
            );
            got.cs = want.cs;
            assert_eq!(got, want, "{t}: {role:?} ({})", s.id);
            if role == DocRole::Normal || used.contains(&s.id) {
                checked += 1;
            }
        }
        // The document uses the roles compared (title, headings, lists, quote, caption...).
        assert!(checked >= 8, "{t}: {checked} roles used");
        // Paragraph borders are compared too: python-docx's Title (and the French ids
        // template's, its copy) has a bottom one, 4 pt from the text with a 1 pt line.
        if matches!(t, "python-docx-default.docx" | "edited-fr-ids.docx") {
            assert_eq!(fm.title.border, (0, 100), "{t}");
        }
    }
}

/// Per list paragraph of `doc`: (right to left, start indent, where its number is set), from
/// the paragraph's own `w:ind`, else level 0 of the numbering it names (twips).
fn list_geometry(doc: &str, numbering: &str) -> Vec<(bool, i64, i64)> {
    let ind = |xml: &str| -> Option<(i64, i64)> {
        let e = &xml[xml.find("<w:ind ")?..];
        let e = &e[..e.find("/>").unwrap()];
        let num = |k: &str| attr_vals(e, k).first().map(|v| v.parse::<i64>().unwrap());
        let start = num("w:left").or_else(|| num("w:start")).unwrap();
        let number = match (num("w:hanging"), num("w:firstLine")) {
            (Some(h), _) => start - h,
            (None, Some(f)) => start + f,
            _ => start,
        };
        Some((start, number))
    };
    let level0 = |num_id: &str| {
        let n = &numbering[numbering
            .find(&format!("<w:num w:numId=\"{num_id}\""))
            .unwrap()..];
        let abs = &vals(n, "w:abstractNumId")[0];
        let a = &numbering[numbering
            .find(&format!("<w:abstractNum w:abstractNumId=\"{abs}\""))
            .unwrap()..];
        ind(&a[..a.find("</w:abstractNum>").unwrap()]).unwrap()
    };
    doc.split("<w:p>")
        .skip(1)
        .filter_map(|p| {
            let ppr = &p[..p.find("</w:pPr>")?];
            let num_id = vals(ppr, "w:numId").into_iter().next()?;
            let (start, number) = ind(ppr).unwrap_or_else(|| level0(&num_id));
            Some((ppr.contains("<w:bidi/>"), start, number))
        })
        .collect()
}

/// Writer 7.4 sets a right-to-left item's label from its number towards the start margin, so
/// a number set on the margin (python-docx's default and the French ids: `List Bullet` /
/// `List Number` indented 360 hanging 360) put the bullet 4.1 pt past it: right-to-left items
/// get their own indent with the number at least 18 pt in (more for `100.`), left-to-right
/// ones keep the level's, on every template and on our own numbering.
#[test]
fn right_to_left_list_labels_have_room_inside_the_margin() {
    let case = root().join("golden/docs/arabic");
    let mut spec: serde_json::Value =
        serde_json::from_slice(&std::fs::read(case.join("input.json")).unwrap()).unwrap();
    let blocks = spec["doc"]["blocks"].as_array_mut().unwrap();
    let list = |id: &str, ordered: bool, items: Vec<String>| {
        serde_json::json!({"block_id": id, "type": "list",
            "content": {"ordered": ordered, "items": items}})
    };
    let arabic = |n: usize| {
        (1..=n)
            .map(|k| format!("البند رقم {k}"))
            .collect::<Vec<_>>()
    };
    blocks.push(list("ol-ar", true, arabic(3)));
    blocks.push(list("ol-ar-long", true, arabic(120)));
    blocks.push(list(
        "ul-en",
        false,
        vec!["English item".into(), "Another one".into()],
    ));
    blocks.push(list("ol-en", true, vec!["First".into(), "Second".into()]));
    let input = tmp("rtl-lists.json");
    std::fs::write(&input, serde_json::to_vec(&spec).unwrap()).unwrap();
    for t in [None].into_iter().chain(TEMPLATES.map(Some)) {
        let name = t.unwrap_or("ours");
        let out = tmp(&format!("rtl-lists-{name}.docx"));
        let mut cmd = bin();
        cmd.arg("render")
            .arg(&input)
            .arg("-o")
            .arg(&out)
            .arg("--assets")
            .arg(&case);
        if let Some(t) = t {
            cmd.arg("--template").arg(fixture(t));
        }
        let o = cmd.output().unwrap();
        assert!(
            o.status.code().unwrap() <= 1,
            "{name}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        let doc = part(&out, "word/document.xml");
        let geometry = list_geometry(&doc, &part(&out, "word/numbering.xml"));
        // 3 + 3 + 120 right-to-left items, 4 left-to-right ones.
        assert_eq!(geometry.iter().filter(|g| g.0).count(), 126, "{name}");
        assert_eq!(geometry.iter().filter(|g| !g.0).count(), 4, "{name}");
        for (k, &(rtl, start, number)) in geometry.iter().enumerate() {
            if rtl {
                // `100.` at 11 pt gets 24.9 pt (27.1 at 12 pt: pandoc's, the letter's Arabic).
                let room = if (6..126).contains(&k) { 497 } else { 360 };
                assert!(
                    number >= room,
                    "{name}: right-to-left item {k} sets its number {number} twips from the margin"
                );
                assert!(start > number, "{name}: item {k}");
            }
        }
        // Left-to-right items: no indent of their own.
        let ltr_own = doc
            .split("<w:p>")
            .filter(|p| p.contains("<w:numPr>") && !p.contains("<w:bidi/>"))
            .filter(|p| p.contains("<w:ind "))
            .count();
        assert_eq!(ltr_own, 0, "{name}");
    }
}

/// An Arabic report of 54 blocks (headings, paragraphs, lists, tables): on LibreOffice's
/// letter (Arabic `w:szCs` 12 pt, Latin `w:sz` 10 pt) and the Japanese names template (12
/// and 10.5 pt) its pages are predicted as Writer 7.4 draws them (conformance/documents.py
/// on this document: 9 and 16 pages, every heading on Writer's page). Measured at the Latin
/// size the prediction was 7 and 14 pages, 4 and 3 headings of 12 on Writer's page.
#[test]
fn complex_script_text_is_paged_at_the_templates_complex_script_size() {
    let sentence = "ارتفعت الإيرادات في جميع المناطق هذا الربع، وقاد نمو منطقة آسيا والمحيط \
                    الهادئ هذا الارتفاع بنسبة كبيرة. بقيت تكاليف التشغيل قريبة من مستوى العام \
                    الماضي. ";
    let mut blocks = Vec::new();
    for i in 0..12usize {
        let level = if i % 3 == 0 { 1 } else { 2 };
        blocks.push(
            serde_json::json!({"block_id": format!("h{i}"), "type": "heading",
            "content": {"level": level, "text": format!("القسم {}", i + 1)}}),
        );
        for j in 0..3 {
            blocks.push(
                serde_json::json!({"block_id": format!("p{i}_{j}"), "type": "paragraph",
                "content": {"text": sentence.repeat(2 + (i + j) % 3)}}),
            );
        }
        if i % 4 == 1 {
            blocks.push(
                serde_json::json!({"block_id": format!("l{i}"), "type": "list",
                "content": {"items": ["نمو الإيرادات على أساس سنوي",
                    "افتتاح مستودعين جديدين في المنطقة", "رضا العملاء"]}}),
            );
        }
        if i % 4 == 2 {
            blocks.push(
                serde_json::json!({"block_id": format!("t{i}"), "type": "table",
                "content": {"columns": ["المنطقة", "القيمة"],
                    "rows": [[sentence, "١٢"], ["آسيا", "٣٤"]]}}),
            );
        }
    }
    let spec = serde_json::json!({"spec_version": "docspec_v1",
        "doc": {"title": "تقرير طويل", "language": "ar", "blocks": blocks},
        "theme": {"template_ref": {"template_id": "default"}, "brand": {"brand_kit_id": "b"}}});
    let input = tmp("arabic-long.json");
    std::fs::write(&input, serde_json::to_vec(&spec).unwrap()).unwrap();
    for (t, pages, headings) in [
        (
            "libreoffice-letter.docx",
            9,
            [1, 1, 2, 3, 3, 4, 5, 6, 6, 7, 8, 9],
        ),
        (
            "edited-ja-names.docx",
            16,
            [1, 2, 3, 5, 6, 7, 8, 10, 11, 12, 13, 15],
        ),
    ] {
        let out = tmp(&format!("arabic-long-{t}.docx"));
        let layout = out.with_extension("layout.json");
        let o = bin()
            .arg("render")
            .arg(&input)
            .arg("-o")
            .arg(&out)
            .arg("--layout")
            .arg(&layout)
            .arg("--template")
            .arg(fixture(t))
            .output()
            .unwrap();
        assert!(o.status.code().unwrap() <= 1, "{t}: {o:?}");
        let l: serde_json::Value =
            serde_json::from_slice(&std::fs::read(&layout).unwrap()).unwrap();
        assert_eq!(l["document"]["pages"], pages, "{t}");
        let got: Vec<u64> = l["blocks"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|b| b["kind"] == "heading")
            .map(|b| b["page"].as_u64().unwrap())
            .collect();
        assert_eq!(got, headings, "{t}");
    }
}

/// Golden case `template_python_docx`'s input with `tokens` as its brand tokens, written to
/// `name`; (the input, its assets folder).
fn with_tokens(name: &str, tokens: serde_json::Value) -> (PathBuf, PathBuf) {
    let dir = root().join("golden/docs/template_python_docx");
    let mut spec: serde_json::Value =
        serde_json::from_slice(&std::fs::read(dir.join("input.json")).unwrap()).unwrap();
    spec["theme"]["brand"]["tokens"] = tokens;
    let input = tmp(name);
    std::fs::write(&input, serde_json::to_vec(&spec).unwrap()).unwrap();
    (input, dir)
}

/// Renders `input` (assets in `dir`) on fixture template `template` to `out`.
fn render_on(input: &Path, dir: &Path, template: &str, out: &str) -> (Output, PathBuf) {
    let out = tmp(out);
    let o = bin()
        .arg("render")
        .arg(input)
        .arg("-o")
        .arg(&out)
        .arg("--assets")
        .arg(dir)
        .arg("--template")
        .arg(fixture(template))
        .output()
        .unwrap();
    (o, out)
}

/// The brand tokens a document sets (fonts, sizes) are what layout measures on a template
/// (`theme_on`), so the DOCX must draw with them: the template's own `Normal`, `Title` and
/// heading styles are written with the token fonts and sizes; without tokens the template's
/// styles part is unchanged.
#[test]
fn brand_tokens_are_written_into_the_templates_styles() {
    let (input, dir) = with_tokens(
        "tokens.json",
        serde_json::json!({
            "fonts": {"body": "Caladea", "heading": "Carlito"},
            "sizes": {"body": 14, "title": 30}
        }),
    );
    let style = |styles: &str, id: &str| -> String {
        let at = styles
            .find(&format!("w:styleId=\"{id}\""))
            .unwrap_or_else(|| panic!("no style {id}"));
        let end = at + styles[at..].find("</w:style>").unwrap();
        let rpr = styles[at..end]
            .find("<w:rPr>")
            .map(|i| at + i)
            .unwrap_or(end);
        styles[rpr..end].to_string()
    };
    for t in [
        "python-docx-default.docx",
        "pandoc-reference.docx",
        "libreoffice-letter.docx",
        "edited-fr-ids.docx",
    ] {
        let (o, out) = render_on(&input, &dir, t, &format!("tokens-{t}"));
        assert!(o.status.code().unwrap_or(9) <= 1, "{t}: {o:?}");
        let styles = part(&out, "word/styles.xml");
        let normal = style(&styles, "Normal");
        assert_eq!(vals(&normal, "w:sz"), ["28"], "{t}: Normal {normal}");
        assert_eq!(
            attr_vals(&normal, "w:ascii"),
            ["Caladea"],
            "{t}: Normal {normal}"
        );
        assert!(!normal.contains("w:asciiTheme"), "{t}: Normal {normal}");
        let title_id = if styles.contains("w:styleId=\"Title\"") {
            "Title"
        } else {
            continue;
        };
        let title = style(&styles, title_id);
        assert_eq!(vals(&title, "w:sz"), ["60"], "{t}: Title {title}");
        // The template's heading 1 draws in the heading token wherever it names its own font.
        let h1 = style(&styles, "Heading1");
        if h1.contains("w:rFonts") {
            assert_eq!(attr_vals(&h1, "w:ascii"), ["Carlito"], "{t}: Heading1 {h1}");
        }
    }
    // Without tokens the template's Normal keeps its own run properties.
    let (o, out) = render(
        "template_python_docx",
        &[
            "--template",
            fixture("python-docx-default.docx").to_str().unwrap(),
        ],
        "no-tokens.docx",
    );
    assert!(o.status.code().unwrap_or(9) <= 1, "{o:?}");
    let normal = style(&part(&out, "word/styles.xml"), "Normal");
    assert!(
        !normal.contains("Caladea") && vals(&normal, "w:sz").is_empty(),
        "{normal}"
    );
}

/// `python-docx-default.docx` with its `numbering.xml` passed through `edit`.
fn template_with_numbering(name: &str, edit: impl Fn(&str) -> String) -> PathBuf {
    template_with(name, "word/numbering.xml", edit)
}

/// `python-docx-default.docx` with its part `part` passed through `edit`.
fn template_with(name: &str, part: &str, edit: impl Fn(&str) -> String) -> PathBuf {
    let src = fixture("python-docx-default.docx");
    let mut z = zip::ZipArchive::new(std::fs::File::open(&src).unwrap()).unwrap();
    let out = tmp(name);
    let mut w = zip::ZipWriter::new(std::fs::File::create(&out).unwrap());
    for i in 0..z.len() {
        let mut f = z.by_index(i).unwrap();
        let name = f.name().unwrap().to_string();
        let mut bytes = Vec::new();
        f.read_to_end(&mut bytes).unwrap();
        if name == part {
            let edited = edit(std::str::from_utf8(&bytes).unwrap());
            assert_ne!(edited.as_bytes(), bytes, "{part} unchanged");
            bytes = edited.into_bytes();
        }
        w.start_file(name, zip::write::SimpleFileOptions::default())
            .unwrap();
        std::io::Write::write_all(&mut w, &bytes).unwrap();
    }
    w.finish().unwrap();
    out
}

/// A template whose `List Bullet` and `List Number` instances override level 0 (their own
/// `w:lvl`: left 2880 hanging 360, start 3): bullet lists use the instance as it is, and every
/// ordered list, a restart of the definition, carries the overriding level after its start
/// override, so Writer sets all of them at 2880 (measured in Writer 7.4 on this output: text
/// 2880 twips in, numbers "1." at 2520) — what layout measures them at.
#[test]
fn an_instance_overriding_its_level_is_carried_and_measured() {
    use specrender_layout::doc::template::formats_on;
    use specrender_template::DocTemplate;
    let lvl = |fmt: &str, text: &str| {
        format!(
            r#"<w:lvlOverride w:ilvl="0"><w:startOverride w:val="3"/><w:lvl w:ilvl="0"><w:start w:val="3"/><w:numFmt w:val="{fmt}"/><w:lvlText w:val="{text}"/><w:lvlJc w:val="left"/><w:pPr><w:ind w:left="2880" w:hanging="360"/></w:pPr></w:lvl></w:lvlOverride>"#
        )
    };
    let t = template_with_numbering("overridden.docx", |xml| {
        xml.replace(
            "<w:abstractNumId w:val=\"8\"/>\n  </w:num>",
            &format!(
                "<w:abstractNumId w:val=\"8\"/>{}</w:num>",
                lvl("bullet", "\u{2022}")
            ),
        )
        .replace(
            "<w:abstractNumId w:val=\"7\"/>\n  </w:num>",
            &format!(
                "<w:abstractNumId w:val=\"7\"/>{}</w:num>",
                lvl("decimal", "%1.")
            ),
        )
    });
    let tpl = DocTemplate::from_bytes(std::fs::read(&t).unwrap()).unwrap();
    assert_eq!(
        (tpl.list_indent(1), tpl.list_indent(5)),
        (Some(2880), Some(2880))
    );
    let fm = formats_on(&tpl);
    assert_eq!(
        (fm.list_bullet.indent.0, fm.list_number.indent.0),
        (2880, 2880)
    );
    let (o, out) = render(
        "all_blocks_en",
        &[
            "--template",
            t.to_str().unwrap(),
            "--layout",
            tmp("overridden.layout.json").to_str().unwrap(),
        ],
        "overridden-out.docx",
    );
    assert!(
        o.status.code().unwrap() <= 1,
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let numbering = part(&out, "word/numbering.xml");
    let document = part(&out, "word/document.xml");
    let written = DocTemplate::from_bytes(std::fs::read(&out).unwrap()).unwrap();
    // Every list paragraph's instance sets level 0 at 2880: the template's own (bullets) or a
    // restart at 1 carrying the overriding level (ordered lists).
    let used: BTreeSet<u32> = vals(&document, "w:numId")
        .iter()
        .map(|v| v.parse().unwrap())
        .collect();
    assert!(used.len() >= 2, "{used:?}");
    for n in &used {
        assert_eq!(written.list_indent(*n), Some(2880), "instance {n}");
    }
    let restarts = numbering.matches(r#"<w:startOverride w:val="1"/>"#).count();
    assert!(restarts >= 1);
    assert_eq!(
        numbering
            .matches(r#"<w:ind w:left="2880" w:hanging="360"/>"#)
            .count(),
        2 + restarts,
        "the template's two overrides and one per restart"
    );
    // The overridden instances keep their own start; restarts begin at 1.
    assert_eq!(written.num_override(5).unwrap().start, Some(3));
}

/// The width Writer gives `word` in `font` at `half_points` (twips): glyph advances, unkerned.
fn writer_twips(font: &ttf_parser::Face<'_>, word: &str, half_points: f64) -> f64 {
    let units: f64 = word
        .chars()
        .map(|c| {
            let g = font
                .glyph_index(c)
                .unwrap_or_else(|| panic!("no glyph for {c:?}"));
            f64::from(font.glyph_hor_advance(g).unwrap_or(0))
        })
        .sum();
    units / f64::from(font.units_per_em()) * half_points * 10.0
}

#[test]
fn no_table_column_is_narrower_than_a_word_as_writer_sets_it() {
    // Brand tokens put the table in 13 pt Caladea: its header words' kerned widths just fit
    // columns at their narrowest, and Writer, which sets a DOCX run unkerned, broke "Growth"
    // (861.64 twips in a 862-twip text area) as "Growt|h", with no QC finding.
    let (input, dir) = with_tokens(
        "table-words.json",
        serde_json::json!({
            "fonts": {"body": "Caladea", "heading": "Caladea"},
            "sizes": {"body": 14, "title": 30}
        }),
    );
    let (o, out) = render_on(&input, &dir, "python-docx-default.docx", "table-words.docx");
    assert_eq!(o.status.code(), Some(0), "{o:?}");
    let doc = part(&out, "word/document.xml");
    let table = &doc[doc.find("<w:tbl>").expect("a table")..doc.find("</w:tbl>").unwrap()];
    let grid = &table[table.find("<w:tblGrid>").unwrap()..table.find("</w:tblGrid>").unwrap()];
    let grid: Vec<f64> = attr_vals(grid, "w:w")
        .iter()
        .map(|w| w.parse().unwrap())
        .collect();
    let fonts = root().join("fonts/data/metric");
    let (regular, bold) = (
        std::fs::read(fonts.join("Caladea-Regular.ttf")).unwrap(),
        std::fs::read(fonts.join("Caladea-Bold.ttf")).unwrap(),
    );
    let (regular, bold) = (
        ttf_parser::Face::parse(&regular, 0).unwrap(),
        ttf_parser::Face::parse(&bold, 0).unwrap(),
    );
    let mut checked = 0;
    for (r, row) in table.split("<w:tr>").skip(1).enumerate() {
        for (c, cell) in row.split("<w:tc>").skip(1).enumerate() {
            let sizes = vals(cell, "w:sz");
            let text: String = vals_text(cell);
            if text.is_empty() {
                continue;
            }
            assert!(
                !sizes.is_empty() && sizes.iter().all(|s| s == "26"),
                "row {r} cell {c}: 13 pt, {sizes:?}"
            );
            let font = if r == 0 { &bold } else { &regular };
            // Whole words only: no break opportunity inside (no '/' or '-').
            for word in text.split(' ').filter(|w| !w.contains(['/', '-'])) {
                let room = grid[c] - 2.0 * 120.0;
                let need = writer_twips(font, word, 26.0);
                assert!(
                    room >= need + 1.0,
                    "row {r} column {c}: {word:?} is {need:.2} twips in Writer, the cell's text area {room}"
                );
                checked += 1;
            }
        }
    }
    assert!(checked >= 20, "{checked} words checked");
}

/// The text of every `w:t` in `xml`, joined.
fn vals_text(xml: &str) -> String {
    xml.split("<w:t")
        .skip(1)
        .filter_map(|s| {
            let s = s
                .strip_prefix('>')
                .or_else(|| s.strip_prefix(" xml:space=\"preserve\">"))?;
            s.split_once("</w:t>").map(|x| x.0.to_string())
        })
        .collect()
}

/// A template whose section has two columns: every block gets one column's width, and pages
/// are filled column by column (Writer 7.4: text fills the first column, then the second,
/// then the next page; a page break goes to the next page). Columns of their own widths
/// (`w:equalWidth="0"`, 2 in and 3.5 in) with a line between are written as the template has
/// them, and blocks get the narrower.
#[test]
fn a_template_in_columns_is_measured_and_paged_by_column() {
    use specrender_layout::doc::template::page_of;
    use specrender_template::DocTemplate;
    let cols = |name: &str, cols: &str| {
        let cols = cols.to_string();
        template_with(name, "word/document.xml", move |x| {
            x.replace(r#"<w:cols w:space="720"/>"#, &cols)
        })
    };
    let two = cols("columns-2.docx", r#"<w:cols w:num="2" w:space="720"/>"#);
    let own = cols(
        "columns-own.docx",
        r#"<w:cols w:num="2" w:space="720" w:equalWidth="0" w:sep="1"><w:col w:w="2880" w:space="720"/><w:col w:w="5040"/></w:cols>"#,
    );
    let width = |t: &Path| {
        let t = DocTemplate::from_bytes(std::fs::read(t).unwrap()).unwrap();
        page_of(&t, "en-US").text_width() / 635
    };
    // Letter with 1800-twip sides: 8640 of text, (8640 - 720) / 2 a column; the narrower.
    assert_eq!(width(&fixture("python-docx-default.docx")), 8640);
    assert_eq!((width(&two), width(&own)), (3960, 2880));
    let pages = |t: &Path, name: &str| {
        let layout = tmp(&format!("{name}.layout.json"));
        let (o, out) = render(
            "all_blocks_en",
            &[
                "--template",
                t.to_str().unwrap(),
                "--layout",
                layout.to_str().unwrap(),
            ],
            &format!("{name}.docx"),
        );
        assert!(
            o.status.code().unwrap() <= 1,
            "{}",
            String::from_utf8_lossy(&o.stderr)
        );
        let l: serde_json::Value =
            serde_json::from_slice(&std::fs::read(&layout).unwrap()).unwrap();
        (
            l["document"]["pages"].as_u64().unwrap(),
            part(&out, "word/document.xml"),
        )
    };
    let (one, _) = pages(&fixture("python-docx-default.docx"), "columns-none");
    let (p2, doc2) = pages(&two, "columns-2");
    let (p_own, doc_own) = pages(&own, "columns-own");
    // Two columns a page hold more than one column twice as narrow loses.
    assert!(
        p2 < one * 2 && p2 <= one,
        "one column {one} pages, two {p2}"
    );
    assert!(
        p_own <= one + 1,
        "one column {one} pages, own widths {p_own}"
    );
    assert!(
        doc2.contains(r#"<w:cols w:num="2" w:space="720"/>"#),
        "{doc2}"
    );
    assert!(
        doc_own.contains(r#"<w:cols w:num="2" w:space="720" w:equalWidth="0" w:sep="1"><w:col w:w="2880" w:space="720"/><w:col w:w="5040" w:space="0"/></w:cols>"#),
        "{}",
        &doc_own[doc_own.find("<w:sectPr").unwrap()..]
    );
}

/// The fixture for what a real template hits beyond the six (`edited-columns.docx`, its README
/// there): two columns on A4 with 2 cm margins, a `Header` paragraph that wraps to three lines
/// from 567 twips past the 1134 top margin, and list instances overriding their level 0 at
/// 1080. Writer 7.4 draws its documents as predicted (`conformance/run.sh --docx --fast
/// --template tests/fixtures/doc-templates/edited-columns.docx`; docs/dev/viewers/writer-columns-and-orientation.md).
#[test]
fn the_columns_fixture_reads_as_made() {
    use specrender_fonts::{FontBook, FontOptions, Measurer};
    use specrender_layout::doc::template::{body_heights, formats_on, page_of};
    use specrender_template::DocTemplate;
    let t =
        DocTemplate::from_bytes(std::fs::read(fixture("edited-columns.docx")).unwrap()).unwrap();
    let page = page_of(&t, "en-GB");
    assert_eq!(page.columns, Some((2, 708 * 635)));
    assert_eq!(page.text_width() / 635, (11_906 - 2 * 1134 - 708) / 2);
    let f = formats_on(&t);
    assert_eq!(
        (f.list_bullet.indent.0, f.list_number.indent.0),
        (1080, 1080)
    );
    // The header's paragraph: 261 characters, three lines at the page's 9638 twips.
    assert_eq!(t.furniture.len(), 1);
    let header = t.furniture[0].1[0].text();
    assert!(
        header.starts_with("Acme Corporation confidential"),
        "{header}"
    );
    assert_eq!(header.len(), 261);
    let book = FontBook::new(&FontOptions::default()).unwrap();
    let mut m = Measurer::new(&book);
    let h = body_heights(&t, &page, &mut m, ("Cambria", ""), "en-GB");
    let text = page.text_height() / 635;
    assert!(
        h.odd < text - 100,
        "the header pushes the body: {} of {text}",
        h.odd
    );
    assert_eq!(h.columns, 2);
    let (o, out) = render(
        "all_blocks_en",
        &[
            "--template",
            fixture("edited-columns.docx").to_str().unwrap(),
        ],
        "edited-columns.docx",
    );
    assert!(
        o.status.code().unwrap() <= 1,
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let document = part(&out, "word/document.xml");
    assert!(document.contains(r#"<w:cols w:num="2" w:space="708"/>"#));
    let numbering = part(&out, "word/numbering.xml");
    assert!(numbering.contains(r#"<w:startOverride w:val="1"/>"#));
    assert!(
        numbering
            .matches(r#"<w:ind w:left="1080" w:hanging="360"/>"#)
            .count()
            >= 3
    );
}

// ---- valid Word on every template (issue 45) ------------------------------------------

/// Child order of the WordprocessingML elements we write or splice into (ECMA-376 Part 1,
/// transitional schema): CT_Styles, CT_DocDefaults, CT_Style, CT_RPr (EG_RPrBase and
/// `w:rPrChange`; a paragraph mark's CT_ParaRPr has the same order), CT_PPr (CT_PPrBase,
/// `w:rPr`, `w:sectPr`, `w:pPrChange`), CT_SectPr, CT_Numbering, CT_Num, CT_NumLvl and the
/// part of CT_Settings we write. Names not listed (other namespaces, elements we never
/// write) are not judged.
const ORDER: &[(&str, &[&str])] = &[
    ("styles", &["docDefaults", "latentStyles", "style"]),
    ("docDefaults", &["rPrDefault", "pPrDefault"]),
    (
        "style",
        &[
            "name",
            "aliases",
            "basedOn",
            "next",
            "link",
            "autoRedefine",
            "hidden",
            "uiPriority",
            "semiHidden",
            "unhideWhenUsed",
            "qFormat",
            "locked",
            "personal",
            "personalCompose",
            "personalReply",
            "rsid",
            "pPr",
            "rPr",
            "tblPr",
            "trPr",
            "tcPr",
            "tblStylePr",
        ],
    ),
    (
        "rPr",
        &[
            "ins",
            "del",
            "moveFrom",
            "moveTo",
            "rStyle",
            "rFonts",
            "b",
            "bCs",
            "i",
            "iCs",
            "caps",
            "smallCaps",
            "strike",
            "dstrike",
            "outline",
            "shadow",
            "emboss",
            "imprint",
            "noProof",
            "snapToGrid",
            "vanish",
            "webHidden",
            "color",
            "spacing",
            "w",
            "kern",
            "position",
            "sz",
            "szCs",
            "highlight",
            "u",
            "effect",
            "bdr",
            "shd",
            "fitText",
            "vertAlign",
            "rtl",
            "cs",
            "em",
            "lang",
            "eastAsianLayout",
            "specVanish",
            "oMath",
            "rPrChange",
        ],
    ),
    (
        "pPr",
        &[
            "pStyle",
            "keepNext",
            "keepLines",
            "pageBreakBefore",
            "framePr",
            "widowControl",
            "numPr",
            "suppressLineNumbers",
            "pBdr",
            "shd",
            "tabs",
            "suppressAutoHyphens",
            "kinsoku",
            "wordWrap",
            "overflowPunct",
            "topLinePunct",
            "autoSpaceDE",
            "autoSpaceDN",
            "bidi",
            "adjustRightInd",
            "snapToGrid",
            "spacing",
            "ind",
            "contextualSpacing",
            "mirrorIndents",
            "suppressOverlap",
            "jc",
            "textDirection",
            "textAlignment",
            "textboxTightWrap",
            "outlineLvl",
            "divId",
            "cnfStyle",
            "rPr",
            "sectPr",
            "pPrChange",
        ],
    ),
    (
        "sectPr",
        &[
            "headerReference",
            "footnotePr",
            "endnotePr",
            "type",
            "pgSz",
            "pgMar",
            "paperSrc",
            "pgBorders",
            "lnNumType",
            "pgNumType",
            "cols",
            "formProt",
            "vAlign",
            "noEndnote",
            "titlePg",
            "textDirection",
            "bidi",
            "rtlGutter",
            "docGrid",
            "printerSettings",
            "sectPrChange",
        ],
    ),
    (
        "numbering",
        &["numPicBullet", "abstractNum", "num", "numIdMacAtCleanup"],
    ),
    ("num", &["abstractNumId", "lvlOverride"]),
    ("lvlOverride", &["startOverride", "lvl"]),
    (
        "settings",
        &[
            "writeProtection",
            "view",
            "zoom",
            "defaultTabStop",
            "evenAndOddHeaders",
            "characterSpacingControl",
            "footnotePr",
            "endnotePr",
            "compat",
            "docVars",
            "rsids",
            "themeFontLang",
        ],
    ),
];

/// Children that may repeat (every other listed child appears at most once).
const REPEATS: &[&str] = &[
    "style",
    "headerReference",
    "tblStylePr",
    "numPicBullet",
    "abstractNum",
    "num",
    "lvlOverride",
    "ins",
    "del",
];

/// Schema-order findings of one part: (parent, child) for each `w:` child that comes before a
/// sibling it must follow, or repeats where it may not.
fn order_findings(xml: &[u8]) -> Vec<(String, String)> {
    use quick_xml::events::Event;
    let mut r = quick_xml::Reader::from_reader(xml);
    let mut buf = Vec::new();
    // Per open element: its local name (None when not `w:`) and the last child rank seen.
    let mut stack: Vec<(Option<String>, Option<usize>)> = Vec::new();
    let mut found = Vec::new();
    loop {
        let ev = r.read_event_into(&mut buf).unwrap();
        let (e, empty) = match &ev {
            Event::Start(e) => (e.clone(), false),
            Event::Empty(e) => (e.clone(), true),
            Event::End(_) => {
                stack.pop();
                continue;
            }
            Event::Eof => break,
            _ => continue,
        };
        let q = e.name().as_ref().to_string();
        let name = q.strip_prefix("w:").map(|n| match n {
            "footerReference" => "headerReference".to_string(),
            n => n.to_string(),
        });
        if let (Some(n), Some((Some(parent), last))) = (&name, stack.last_mut()) {
            let order = ORDER.iter().find(|(p, _)| p == parent).map(|(_, o)| *o);
            if let Some(rank) = order.and_then(|o| o.iter().position(|c| c == n)) {
                let bad = match *last {
                    Some(l) if rank < l => true,
                    Some(l) => rank == l && !REPEATS.contains(&n.as_str()),
                    None => false,
                };
                if bad {
                    found.push((parent.clone(), n.clone()));
                }
                *last = Some(rank.max(last.unwrap_or(0)));
            }
        }
        if !empty {
            stack.push((name, None));
        }
        buf.clear();
    }
    found
}

/// Counted findings: what `after` has beyond `before`.
fn beyond<T: Ord + Clone + std::fmt::Debug>(after: &[T], before: &[T]) -> Vec<T> {
    let mut left: Vec<T> = before.to_vec();
    let mut extra = Vec::new();
    for a in after {
        match left.iter().position(|b| b == a) {
            Some(i) => {
                left.remove(i);
            }
            None => extra.push(a.clone()),
        }
    }
    extra
}

/// Every part of a package, by name.
fn parts_of(path: &Path) -> Vec<(String, Vec<u8>)> {
    let mut z = zip::ZipArchive::new(std::fs::File::open(path).unwrap()).unwrap();
    (0..z.len())
        .map(|i| {
            let mut f = z.by_index(i).unwrap();
            let mut b = Vec::new();
            f.read_to_end(&mut b).unwrap();
            (f.name().unwrap().to_string(), b)
        })
        .collect()
}

/// Style references of a styles part that name no style: (style, element, target) for
/// `w:basedOn`, `w:next`, `w:link`; and the ids defined.
fn dangling_style_refs(styles: &str) -> (Vec<(String, String, String)>, BTreeSet<String>) {
    let ids: BTreeSet<String> = attr_vals(styles, "w:styleId").into_iter().collect();
    let mut out = Vec::new();
    for chunk in styles.split("<w:style ").skip(1) {
        let id = chunk
            .split("w:styleId=\"")
            .nth(1)
            .and_then(|v| v.split('"').next())
            .unwrap_or("")
            .to_string();
        let own = &chunk[..chunk.find("</w:style>").unwrap_or(chunk.len())];
        for tag in ["w:basedOn", "w:next", "w:link"] {
            for v in vals(own, tag) {
                if !ids.contains(&v) {
                    out.push((id.clone(), tag.to_string(), v));
                }
            }
        }
    }
    (out, ids)
}

/// A document with footnotes, bullet and numbered lists, a table, a figure and a quote
/// (the example report), on every template in tests/fixtures/doc-templates: the parts we
/// write or splice are in schema order wherever the template's own were, and every style and
/// numbering reference we write names something the output has. tools/check-doc-templates.py
/// runs openxml-audit on the same outputs.
#[test]
fn every_template_gives_schema_ordered_parts_whose_references_resolve() {
    let mut templates: Vec<PathBuf> =
        std::fs::read_dir(root().join("tests/fixtures/doc-templates"))
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "docx" || e == "dotx"))
            .collect();
    templates.sort();
    assert!(templates.len() >= 14, "{} templates", templates.len());
    let input = root().join("examples/quarterly-report.json");
    let assets = root().join("examples");
    for t in &templates {
        let name = t.file_name().unwrap().to_string_lossy().into_owned();
        let (o, out) = render_on(&input, &assets, &name, &format!("valid-{name}.docx"));
        assert!(
            o.status.code().unwrap() <= 1,
            "{name}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        let theirs = parts_of(t);
        let ours = parts_of(&out);
        let get = |parts: &[(String, Vec<u8>)], n: &str| {
            parts
                .iter()
                .find(|(p, _)| p == n)
                .map(|(_, b)| String::from_utf8_lossy(b).into_owned())
                .unwrap_or_default()
        };
        for part in [
            "word/styles.xml",
            "word/numbering.xml",
            "word/settings.xml",
            "word/document.xml",
            "word/footnotes.xml",
        ] {
            let after = order_findings(get(&ours, part).as_bytes());
            let before = order_findings(get(&theirs, part).as_bytes());
            let new = beyond(&after, &before);
            assert!(
                new.is_empty(),
                "{name}: {part}: out of schema order: {new:?}"
            );
        }
        assert!(
            ours.iter().any(|(p, _)| p == "word/footnotes.xml"),
            "{name}: the report cites, footnotes are written"
        );
        // Style references: none dangles that did not in the template.
        let styles = get(&ours, "word/styles.xml");
        let (dangling, ids) = dangling_style_refs(&styles);
        let (was, _) = dangling_style_refs(&get(&theirs, "word/styles.xml"));
        let new = beyond(&dangling, &was);
        assert!(
            new.is_empty(),
            "{name}: style references to nothing: {new:?}"
        );
        assert_eq!(
            ids.len(),
            attr_vals(&styles, "w:styleId").len(),
            "{name}: a style id written twice"
        );
        // Paragraph, run and table styles the body and footnotes name exist.
        let numbering = get(&ours, "word/numbering.xml");
        let nums: BTreeSet<String> = attr_vals(&numbering, "w:numId").into_iter().collect();
        for part in ["word/document.xml", "word/footnotes.xml"] {
            let xml = get(&ours, part);
            for s in vals(&xml, "w:pStyle")
                .into_iter()
                .chain(vals(&xml, "w:rStyle"))
                .chain(vals(&xml, "w:tblStyle"))
            {
                assert!(
                    ids.contains(&s),
                    "{name}: {part} names style {s:?}, styles lack it"
                );
            }
            for n in vals(&xml, "w:numId") {
                assert!(nums.contains(&n), "{name}: {part}: numId {n} has no w:num");
            }
        }
        // Numbering the styles name (ours and the template's list styles) exists.
        for n in vals(&styles, "w:numId") {
            let had = vals(&get(&theirs, "word/styles.xml"), "w:numId").contains(&n)
                && !vals(&get(&theirs, "word/numbering.xml"), "w:numId").contains(&n);
            assert!(
                nums.contains(&n) || had,
                "{name}: a style names numId {n}, numbering lacks it"
            );
        }
    }
}

#[test]
fn order_findings_see_what_word_refuses() {
    // Word's `<w:pPrDefault/>` followed by a second paragraph defaults block, `w:next` before
    // `w:basedOn`, `w:lang` after `w:eastAsianLayout`; a clean part has none.
    let bad = br#"<w:styles xmlns:w="w"><w:docDefaults><w:rPrDefault><w:rPr><w:eastAsianLayout/><w:lang w:val="de"/></w:rPr></w:rPrDefault><w:pPrDefault/><w:pPrDefault/></w:docDefaults><w:style w:styleId="A"><w:name w:val="a"/><w:next w:val="S"/><w:basedOn w:val="S"/></w:style></w:styles>"#;
    assert_eq!(
        order_findings(bad),
        [
            ("rPr".to_string(), "lang".to_string()),
            ("docDefaults".into(), "pPrDefault".into()),
            ("style".into(), "basedOn".into()),
        ]
    );
    let good = br#"<w:styles xmlns:w="w"><w:docDefaults><w:rPrDefault><w:rPr><w:lang w:val="de"/></w:rPr></w:rPrDefault><w:pPrDefault/></w:docDefaults><w:style w:styleId="A"><w:name w:val="a"/><w:basedOn w:val="S"/><w:next w:val="S"/></w:style><w:style w:styleId="S"/></w:styles>"#;
    assert_eq!(order_findings(good), []);
    let (dangling, _) = dangling_style_refs(std::str::from_utf8(bad).unwrap());
    assert_eq!(
        dangling,
        [
            ("A".to_string(), "w:basedOn".to_string(), "S".to_string()),
            ("A".into(), "w:next".into(), "S".into())
        ]
    );
}
