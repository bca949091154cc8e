//! `render --embed-fonts` (issue 44) through the CLI: the faces a DOCX and a PPTX carry are
//! read back out of the package (the DOCX's deobfuscated with its `w:fontKey`, the PPTX's from
//! its Embedded OpenType header) and must be the faces we measured with, glyph for glyph:
//! every advance the same, every kept character's glyph present; a Korean document's CFF
//! face arrives as TrueType outlines; a stand-in family and a face whose licence forbids
//! embedding are not embedded and QC says why; the default embeds nothing; same bytes twice.

mod support;

use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use support::{run, s, workdir};

fn parts(path: &Path) -> Vec<(String, Vec<u8>)> {
    support::zip_entries(&std::fs::read(path).unwrap())
}

fn part<'a>(p: &'a [(String, Vec<u8>)], name: &str) -> &'a [u8] {
    &p.iter()
        .find(|(n, _)| n == name)
        .unwrap_or_else(|| panic!("no {name}"))
        .1
}

fn text(p: &[(String, Vec<u8>)], name: &str) -> String {
    String::from_utf8(part(p, name).to_vec()).unwrap()
}

fn shipped(file: &str) -> Vec<u8> {
    std::fs::read(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("fonts/data")
            .join(file),
    )
    .unwrap()
}

/// Every value of `attr` in `xml` (attributes in the order the writer puts them).
fn attrs(xml: &str, attr: &str) -> Vec<String> {
    let key = format!("{attr}=\"");
    xml.match_indices(&key)
        .map(|(i, _)| {
            let rest = &xml[i + key.len()..];
            rest[..rest.find('"').unwrap()].to_string()
        })
        .collect()
}

/// The DOCX font key's bytes and the part deobfuscated (ECMA-376: the first 32 bytes XORed
/// with the GUID's bytes read from its end).
fn deobfuscate(data: &[u8], guid: &str) -> Vec<u8> {
    let hex: String = guid.chars().filter(char::is_ascii_hexdigit).collect();
    let key: Vec<u8> = (0..16)
        .map(|i| u8::from_str_radix(&hex[2 * i..2 * i + 2], 16).unwrap())
        .collect();
    let mut out = data.to_vec();
    for (i, b) in out.iter_mut().take(32).enumerate() {
        *b ^= key[15 - i % 16];
    }
    out
}

/// The font data of an Embedded OpenType file, after checking its header.
fn eot_font(eot: &[u8]) -> &[u8] {
    let u32le = |i: usize| u32::from_le_bytes(eot[i..i + 4].try_into().unwrap()) as usize;
    assert_eq!(u32le(0), eot.len(), "EOTSize");
    assert_eq!(u32le(8), 0x0002_0001, "version");
    assert_eq!(
        u16::from_le_bytes([eot[34], eot[35]]),
        0x504C,
        "magic number"
    );
    let size = u32le(4);
    &eot[eot.len() - size..]
}

/// `font` is the face `orig` (face `index`) rebuilt: same glyph count and advances, and the
/// glyph of every character of `chars` has an outline.
fn same_face(font: &[u8], orig: &[u8], index: u32, chars: &str) {
    let n = ttf_parser::Face::parse(font, 0).expect("the embedded font parses");
    let o = ttf_parser::Face::parse(orig, index).unwrap();
    assert_eq!(n.number_of_glyphs(), o.number_of_glyphs());
    for g in 0..o.number_of_glyphs() {
        let g = ttf_parser::GlyphId(g);
        assert_eq!(n.glyph_hor_advance(g), o.glyph_hor_advance(g));
    }
    let raw = ttf_parser::RawFace::parse(font, 0).unwrap();
    let table = |t: &[u8; 4]| raw.table(ttf_parser::Tag::from_bytes(t)).unwrap();
    let (glyf, loca) = (table(b"glyf"), table(b"loca"));
    for c in chars.chars().filter(|c| !c.is_whitespace()) {
        let g = usize::from(
            n.glyph_index(c)
                .unwrap_or_else(|| panic!("{c:?} unmapped"))
                .0,
        );
        let at = |i: usize| u32::from_be_bytes(loca[4 * i..4 * i + 4].try_into().unwrap()) as usize;
        let glyph = &glyf[at(g)..at(g + 1)];
        assert!(
            glyph.len() > 12 && i16::from_be_bytes([glyph[0], glyph[1]]) != 0,
            "{c:?} has no outline"
        );
    }
}

fn korean_doc(dir: &Path) -> PathBuf {
    let doc = json!({"spec_version": "docspec_v1", "doc": {
        "title": "분기 운영 보고서", "language": "ko-KR",
        "blocks": [
            {"block_id": "h", "type": "heading", "content": {"level": 1, "text": "요약"}},
            {"block_id": "p", "type": "paragraph", "content": {
             "text": "이번 분기에는 아시아태평양 사업이 성장을 이끌었습니다. Revenue grew 12%."}}
        ]},
        "theme": {"template_ref": {"template_id": "default"}, "brand": {"brand_kit_id": "default"}}});
    let p = dir.join("ko.json");
    std::fs::write(&p, doc.to_string()).unwrap();
    p
}

#[test]
fn a_docx_carries_its_faces_obfuscated_and_they_are_the_faces_we_measured_with() {
    let d = workdir("embed_fonts", "docx");
    let input = korean_doc(&d);
    let (a, b) = (d.join("a.docx"), d.join("b.docx"));
    let r = run(
        &["render", s(&input), "-o", s(&a), "--embed-fonts", "used"],
        None,
    );
    assert_eq!(r.code, 0, "{r:?}");
    let qc: Value = r.json();
    let faces = qc["embedded_fonts"]
        .as_array()
        .expect("embedded_fonts listed");
    let listed: Vec<(&str, &str, &str)> = faces
        .iter()
        .map(|f| {
            (
                f["family"].as_str().unwrap(),
                f["face"].as_str().unwrap(),
                f["style"].as_str().unwrap(),
            )
        })
        .collect();
    assert!(
        listed.contains(&("Calibri", "Carlito", "regular")),
        "{listed:?}"
    );
    assert!(
        listed.contains(&("Noto Sans CJK KR", "Noto Sans CJK KR", "regular")),
        "{listed:?}"
    );
    assert!(
        listed.contains(&("Noto Sans CJK KR", "Noto Sans CJK KR", "bold")),
        "{listed:?}"
    );
    let cjk = faces
        .iter()
        .find(|f| f["family"] == "Noto Sans CJK KR")
        .unwrap();
    assert_eq!(
        (cjk["subset"].clone(), cjk["converted"].clone()),
        (json!(true), json!(true))
    );

    let p = parts(&a);
    let table = text(&p, "word/fontTable.xml");
    let rels = text(&p, "word/_rels/fontTable.xml.rels");
    assert!(text(&p, "word/settings.xml").contains("<w:embedTrueTypeFonts/><w:saveSubsetFonts/>"));
    let types = text(&p, "[Content_Types].xml");
    let (ids, keys) = (attrs(&table, "r:id"), attrs(&table, "w:fontKey"));
    assert_eq!(ids.len(), faces.len());
    for (id, key) in ids.iter().zip(&keys) {
        let at = rels.find(&format!("Id=\"{id}\"")).unwrap();
        let target = &attrs(&rels[at..], "Target")[0];
        let name = format!("word/{target}");
        assert!(types.contains(&format!(
            "PartName=\"/{name}\" ContentType=\"application/vnd.openxmlformats-officedocument.obfuscatedFont\""
        )));
        let font = deobfuscate(part(&p, &name), key);
        let family = ttf_parser::Face::parse(&font, 0)
            .unwrap()
            .names()
            .into_iter()
            .find(|n| n.name_id == ttf_parser::name_id::FAMILY && n.is_unicode())
            .and_then(|n| n.to_string())
            .unwrap();
        if family.starts_with("Noto Sans CJK KR") {
            // Face 1 of the collection is the KR face (`specrender fonts`).
            let bold = ttf_parser::Face::parse(&font, 0).unwrap().is_bold();
            let file = if bold {
                "NotoSansCJK-Bold.ttc"
            } else {
                "NotoSansCJK-Regular.ttc"
            };
            let orig = shipped(file);
            let index = (0..ttf_parser::fonts_in_collection(&orig).unwrap())
                .find(|&i| {
                    let f = ttf_parser::Face::parse(&orig, i).unwrap();
                    f.names()
                        .into_iter()
                        .any(|n| n.to_string().as_deref() == Some("Noto Sans CJK KR"))
                })
                .unwrap();
            same_face(
                &font,
                &orig,
                index,
                "분기운영보고서요약아시아태평양이끌었습니다",
            );
        } else {
            assert_eq!(family, "Carlito");
            let bold = ttf_parser::Face::parse(&font, 0).unwrap().is_bold();
            let orig = shipped(if bold {
                "Carlito-Bold.ttf"
            } else {
                "Carlito-Regular.ttf"
            });
            same_face(&font, &orig, 0, "Revenue grew 12%.");
        }
    }
    let r2 = run(
        &[
            "render",
            s(&input),
            "-o",
            s(&b),
            "--embed-fonts",
            "used",
            "--threads",
            "1",
        ],
        None,
    );
    assert_eq!(r2.code, 0, "{r2:?}");
    assert_eq!(
        std::fs::read(&a).unwrap(),
        std::fs::read(&b).unwrap(),
        "same bytes on any threads"
    );
}

#[test]
fn a_pptx_carries_embedded_opentype_faces_in_its_presentation() {
    let d = workdir("embed_fonts", "pptx");
    let input = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/hello-deck.json");
    let out = d.join("deck.pptx");
    let r = run(
        &["render", s(&input), "-o", s(&out), "--embed-fonts", "used"],
        None,
    );
    assert!(r.code <= 1, "{r:?}");
    let p = parts(&out);
    let pres = text(&p, "ppt/presentation.xml");
    assert!(pres.contains("embedTrueTypeFonts=\"1\""));
    let list = &pres[pres.find("<p:embeddedFontLst>").expect("embeddedFontLst")..];
    assert!(pres.find("<p:notesSz").unwrap() < pres.find("<p:embeddedFontLst>").unwrap());
    assert!(list.starts_with(
        "<p:embeddedFontLst><p:embeddedFont><p:font typeface=\"Calibri\"/><p:regular r:id="
    ));
    let rels = text(&p, "ppt/_rels/presentation.xml.rels");
    let id = &attrs(list, "r:id")[0];
    let at = rels.find(&format!("Id=\"{id}\"")).unwrap();
    let target = format!("ppt/{}", attrs(&rels[at..], "Target")[0]);
    assert!(target.ends_with(".fntdata"));
    let font = eot_font(part(&p, &target));
    same_face(font, &shipped("Carlito-Regular.ttf"), 0, "Hello");
    assert!(text(&p, "[Content_Types].xml").contains("application/x-fontdata"));
}

#[test]
fn nothing_is_embedded_by_default_and_what_cannot_be_embedded_is_reported() {
    let d = workdir("embed_fonts", "refused");
    // A copy of Carlito whose licence forbids embedding (OS/2 fsType 2), named by a deck.
    let font = support::with_fs_type(&shipped("Carlito-Regular.ttf"), 2);
    let fonts = d.join("fonts");
    std::fs::create_dir_all(&fonts).unwrap();
    std::fs::write(fonts.join("Restricted.ttf"), &font).unwrap();
    let deck = json!({"spec_version": "slidespec_v1", "deck": {
        "title": "Fonts", "language": "en-US",
        "slides": [{"slide_id": "s1", "type": "content", "layout": {"layout_id": "one_column"},
            "elements": [
                {"element_id": "t", "kind": "text", "role": "title", "content": {"text": "Quarterly"}},
                {"element_id": "b", "kind": "bullets", "role": "body",
                 "content": {"items": ["Revenue grew"]}}]}]},
        "theme": {"template_ref": {"template_id": "default"}, "brand": {"brand_kit_id": "acme",
            "tokens": {"fonts": {"heading": "Aptos", "body": "Carlito"}}}}});
    let input = d.join("deck.json");
    std::fs::write(&input, deck.to_string()).unwrap();
    let plain = d.join("plain.pptx");
    let r = run(
        &["render", s(&input), "-o", s(&plain), "--fonts", s(&fonts)],
        None,
    );
    assert!(r.code <= 1, "{r:?}");
    let out = String::from_utf8_lossy(&r.stdout);
    assert!(!out.contains("embedded_fonts") && !out.contains("font_not_embedded"));
    assert!(!parts(&plain)
        .iter()
        .any(|(n, _)| n.starts_with("ppt/fonts/")));
    let out = d.join("deck.pptx");
    let r = run(
        &[
            "render",
            s(&input),
            "-o",
            s(&out),
            "--fonts",
            s(&fonts),
            "--embed-fonts",
            "all",
        ],
        None,
    );
    assert!(r.code <= 1, "{r:?}");
    let qc: Value = r.json();
    let why: Vec<(String, String)> = qc["issues"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|i| i["type"] == "font_not_embedded")
        .map(|i| {
            assert_eq!(i["severity"], "low");
            let d = &i["details"];
            (
                d["family"].as_str().unwrap().to_string(),
                d["reason"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    assert!(
        why.contains(&("Aptos".into(), "stand_in".into())),
        "{why:?}"
    );
    assert!(
        why.contains(&("Carlito".into(), "restricted_license".into())),
        "{why:?}"
    );
    assert!(
        qc.get("embedded_fonts").is_none(),
        "nothing embeddable: {qc}"
    );
}
