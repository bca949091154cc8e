//! Package-level invariants of the PPTX writer over a small hand-built deck.

mod common;

use common::*;
use specrender_model::{Autofit, BoxContent, LaidDeck, Placeholder};
use specrender_renderer::{pptx, pptx_parts};
use specrender_spec::deck::SlideSize;
use std::collections::BTreeSet;
use std::io::{Cursor, Read};

fn parts() -> Vec<(String, Vec<u8>)> {
    pptx_parts(&sample_deck(Autofit::Shrink), false).unwrap()
}

#[test]
fn every_part_is_well_formed_xml() {
    for pretty in [false, true] {
        for (name, bytes) in pptx_parts(&sample_deck(Autofit::Shrink), pretty).unwrap() {
            let root = std::panic::catch_unwind(|| parse(&bytes));
            assert!(root.is_ok(), "{name} (pretty={pretty}) is not well-formed");
        }
    }
}

#[test]
fn pretty_and_compact_parts_are_the_same_documents() {
    let deck = sample_deck(Autofit::Shrink);
    let compact = pptx_parts(&deck, false).unwrap();
    let pretty = pptx_parts(&deck, true).unwrap();
    assert_eq!(
        compact.iter().map(|p| &p.0).collect::<Vec<_>>(),
        pretty.iter().map(|p| &p.0).collect::<Vec<_>>()
    );
    for ((name, c), (_, p)) in compact.iter().zip(&pretty) {
        if c == p {
            // Carried from the template as it is (the built-in look's package is compact).
            let carried = &deck.frame.look.carried;
            assert!(
                carried.iter().any(|c| &c.name == name)
                    || carried
                        .iter()
                        .any(|c| c.rels.as_ref().is_some_and(|r| &r.0 == name)),
                "{name}"
            );
            continue;
        }
        assert_eq!(
            parse(c).without_blank_text(),
            parse(p).without_blank_text(),
            "{name}"
        );
        // Pretty output is one element per line: as many lines as start tags, plus the
        // declaration and one per end tag.
        let text = std::str::from_utf8(p).unwrap();
        let starts = text.matches('<').count() - text.matches("</").count() - 1;
        let lines = text.lines().count();
        assert!(
            lines > starts,
            "{name}: {lines} lines for {starts} elements"
        );
    }
}

#[test]
fn entry_order_starts_with_content_types_rels_docprops() {
    let names: Vec<String> = parts().into_iter().map(|p| p.0).collect();
    assert_eq!(
        &names[..6],
        [
            "[Content_Types].xml",
            "_rels/.rels",
            "docProps/core.xml",
            "docProps/app.xml",
            "ppt/presentation.xml",
            "ppt/_rels/presentation.xml.rels"
        ]
    );
    let unique: BTreeSet<&String> = names.iter().collect();
    assert_eq!(unique.len(), names.len(), "duplicate part names");
}

fn resolve(source: &str, target: &str) -> String {
    let mut dir: Vec<&str> = match source.rsplit_once('/') {
        Some((d, _)) => d.split('/').collect(),
        None => vec![],
    };
    for seg in target.split('/') {
        match seg {
            ".." => {
                dir.pop();
            }
            "." => {}
            s => dir.push(s),
        }
    }
    dir.join("/")
}

/// The source part of a `.rels` part: `ppt/slides/_rels/slide1.xml.rels` -> `ppt/slides/slide1.xml`.
fn rels_source(rels: &str) -> String {
    let (dir, file) = rels
        .rsplit_once("/_rels/")
        .unwrap_or(("", rels.trim_start_matches("_rels/")));
    let file = file.trim_end_matches(".rels");
    if dir.is_empty() {
        file.to_string()
    } else {
        format!("{dir}/{file}")
    }
}

#[test]
fn every_relationship_target_exists_and_ids_are_unique() {
    let parts = parts();
    let names: BTreeSet<&str> = parts.iter().map(|p| p.0.as_str()).collect();
    for (name, bytes) in &parts {
        if !name.ends_with(".rels") {
            continue;
        }
        let source = rels_source(name);
        assert!(
            source.is_empty() || names.contains(source.as_str()) || name == "_rels/.rels",
            "{name}: no source part"
        );
        let root = parse(bytes);
        let mut ids = BTreeSet::new();
        for rel in root.children_named("Relationship") {
            assert!(
                ids.insert(rel.attr("Id").unwrap().to_string()),
                "{name}: duplicate Id"
            );
            let target = resolve(
                if name == "_rels/.rels" { "" } else { &source },
                rel.attr("Target").unwrap(),
            );
            assert!(
                names.contains(target.as_str()),
                "{name}: target {target} missing"
            );
        }
    }
}

#[test]
fn every_part_has_a_content_type() {
    let parts = parts();
    let ct = part_xml(&parts, "[Content_Types].xml");
    let defaults: BTreeSet<&str> = ct
        .children_named("Default")
        .map(|d| d.attr("Extension").unwrap())
        .collect();
    let overrides: Vec<&str> = ct
        .children_named("Override")
        .map(|o| o.attr("PartName").unwrap())
        .collect();
    let names: BTreeSet<String> = parts.iter().map(|p| format!("/{}", p.0)).collect();
    for o in &overrides {
        assert!(names.contains(*o), "override for missing part {o}");
    }
    for (name, _) in parts.iter().filter(|p| p.0 != "[Content_Types].xml") {
        let ext = name.rsplit('.').next().unwrap();
        let has = overrides.contains(&format!("/{name}").as_str()) || defaults.contains(ext);
        assert!(has, "{name} has no content type");
        if ext == "xml" {
            assert!(
                overrides.contains(&format!("/{name}").as_str()),
                "{name} needs an Override"
            );
        }
    }
}

#[test]
fn presentation_lists_master_slides_sizes() {
    let parts = parts();
    let p = part_xml(&parts, "ppt/presentation.xml");
    let ids: Vec<&str> = p
        .find_all("p:sldId")
        .iter()
        .map(|s| s.attr("id").unwrap())
        .collect();
    assert_eq!(ids, ["256", "257", "258", "259"]);
    let sz = p.find("p:sldSz").unwrap();
    assert_eq!(
        (sz.attr("cx"), sz.attr("cy"), sz.attr("type")),
        (Some("12192000"), Some("6858000"), None)
    );
    assert!(p.find("p:notesSz").is_some());
    assert!(p.find("p:notesMasterId").is_some());
    assert!(p.find("p:defaultTextStyle").is_some());
    // Child order follows CT_Presentation.
    let order: Vec<&str> = p.elements().map(|e| e.name.as_str()).collect();
    assert_eq!(
        order,
        [
            "p:sldMasterIdLst",
            "p:notesMasterIdLst",
            "p:sldIdLst",
            "p:sldSz",
            "p:notesSz",
            "p:defaultTextStyle"
        ]
    );

    let mut deck = sample_deck(Autofit::Shrink);
    deck.slide_size = SlideSize::STANDARD;
    let p = parse(part(
        &pptx_parts(&deck, false).unwrap(),
        "ppt/presentation.xml",
    ));
    assert_eq!(p.find("p:sldSz").unwrap().attr("type"), Some("screen4x3"));
}

#[test]
fn shape_names_are_element_ids_and_ids_unique() {
    let deck = sample_deck(Autofit::Shrink);
    let parts = pptx_parts(&deck, false).unwrap();
    for (i, s) in deck.slides.iter().enumerate() {
        let x = part_xml(&parts, &format!("ppt/slides/slide{}.xml", i + 1));
        assert_eq!(x.find("p:cSld").unwrap().attr("name"), Some(s.id.as_str()));
        let c_nv: Vec<&El> = x.find_all("p:cNvPr");
        let names: Vec<&str> = c_nv
            .iter()
            .skip(1)
            .map(|e| e.attr("name").unwrap())
            .collect();
        let expected: Vec<&str> = s.boxes.iter().map(|b| b.element_id.as_str()).collect();
        assert_eq!(names, expected);
        let ids: BTreeSet<&str> = c_nv.iter().map(|e| e.attr("id").unwrap()).collect();
        assert_eq!(ids.len(), c_nv.len(), "cNvPr ids unique on slide {}", s.id);
        // Every shape carries its exact position.
        for (sp, b) in x.find_all("p:sp").iter().zip(&s.boxes) {
            let off = sp.find("a:off").unwrap();
            let ext = sp.find("a:ext").unwrap();
            assert_eq!(off.attr("x").unwrap(), b.rect.x.to_string());
            assert_eq!(off.attr("y").unwrap(), b.rect.y.to_string());
            assert_eq!(ext.attr("cx").unwrap(), b.rect.w.to_string());
            assert_eq!(ext.attr("cy").unwrap(), b.rect.h.to_string());
            assert_eq!(sp.find("a:prstGeom").unwrap().attr("prst"), Some("rect"));
        }
    }
}

#[test]
fn placeholders_are_written_as_ph() {
    let parts = parts();
    let ph = |slide: usize| -> Vec<(Option<String>, Option<String>)> {
        part_xml(&parts, &format!("ppt/slides/slide{slide}.xml"))
            .find_all("p:sp")
            .iter()
            .map(|sp| match sp.find("p:ph") {
                Some(p) => (
                    p.attr("type").map(str::to_string),
                    p.attr("idx").map(str::to_string),
                ),
                None => (None, None),
            })
            .collect()
    };
    let s = |v: &str| Some(v.to_string());
    assert_eq!(ph(1), [(s("ctrTitle"), None), (s("subTitle"), s("1"))]);
    assert_eq!(ph(2), [(s("title"), None), (s("body"), s("1"))]);
    assert_eq!(ph(3), [(None, None), (None, None), (None, None)]);
    assert_eq!(
        ph(4),
        [(s("title"), None), (s("body"), s("1")), (s("body"), s("2"))]
    );
    // Free text boxes are text boxes; the Placeholder box is a filled shape with its label.
    let x = part_xml(&parts, "ppt/slides/slide3.xml");
    let sps = x.find_all("p:sp");
    assert_eq!(sps[0].find("p:cNvSpPr").unwrap().attr("txBox"), Some("1"));
    assert_eq!(
        sps[1].find("a:srgbClr").unwrap().attr("val"),
        Some("D9D9D9")
    );
    assert_eq!(sps[1].find("p:txBody").unwrap().text(), "chart: 매출 추이");
    let label_rpr = sps[1].find("a:rPr").unwrap();
    assert_eq!(label_rpr.attr("sz"), Some("1400"));
    assert_eq!(
        label_rpr.find("a:latin").unwrap().attr("typeface"),
        Some("+mn-lt")
    );
    assert_eq!(
        label_rpr.find("a:ea").unwrap().attr("typeface"),
        Some("+mn-ea")
    );
    assert_eq!(sps[1].find("a:bodyPr").unwrap().attr("anchor"), Some("ctr"));
}

#[test]
fn layouts_cover_every_slide_placeholder() {
    let deck = sample_deck(Autofit::Shrink);
    let parts = pptx_parts(&deck, false).unwrap();
    let master = part_xml(&parts, "ppt/slideMasters/slideMaster1.xml");
    let layout_ids = master.find_all("p:sldLayoutId");
    assert_eq!(layout_ids.len(), 10);
    for (i, s) in deck.slides.iter().enumerate() {
        let rels = part_xml(&parts, &format!("ppt/slides/_rels/slide{}.xml.rels", i + 1));
        let target = rels
            .children_named("Relationship")
            .find(|r| r.attr("Type").unwrap().ends_with("/slideLayout"))
            .unwrap()
            .attr("Target")
            .unwrap()
            .trim_start_matches("../")
            .to_string();
        let layout = part_xml(&parts, &format!("ppt/{target}"));
        assert_eq!(
            layout.find("p:cSld").unwrap().attr("name"),
            Some(s.preset.id())
        );
        let layout_idx: BTreeSet<String> = layout
            .find_all("p:ph")
            .iter()
            .map(|p| p.attr("idx").unwrap_or("0").to_string())
            .collect();
        for b in &s.boxes {
            if let (Some(ph), BoxContent::Text(_)) = (b.placeholder, &b.content) {
                let idx = match ph {
                    Placeholder::Title | Placeholder::CenterTitle => 0,
                    Placeholder::Subtitle => 1,
                    Placeholder::Body(n) | Placeholder::Graphic(_, n) => n,
                };
                assert!(
                    layout_idx.contains(&idx.to_string()),
                    "{}: layout lacks idx {idx}",
                    s.id
                );
            }
        }
    }
    // Master placeholders (the built-in look's package): a real title and body, and date,
    // footer and slide number in the footer band.
    let phs: Vec<(Option<&str>, Option<&str>)> = master
        .find_all("p:ph")
        .iter()
        .map(|p| (p.attr("type"), p.attr("idx")))
        .collect();
    assert_eq!(
        phs,
        [
            (Some("title"), None),
            (Some("body"), Some("1")),
            (Some("dt"), Some("10")),
            (Some("ftr"), Some("11")),
            (Some("sldNum"), Some("12"))
        ]
    );
    let title_style = master.find("p:titleStyle").unwrap();
    assert_eq!(
        title_style.find("a:latin").unwrap().attr("typeface"),
        Some("+mj-lt")
    );
    assert_eq!(
        title_style.find("a:ea").unwrap().attr("typeface"),
        Some("+mj-ea")
    );
    let body_style = master.find("p:bodyStyle").unwrap();
    assert_eq!(
        body_style.find("a:latin").unwrap().attr("typeface"),
        Some("+mn-lt")
    );
    assert_eq!(
        body_style.find("a:ea").unwrap().attr("typeface"),
        Some("+mn-ea")
    );
    assert!(master.find("p:otherStyle").is_some());
    assert!(master.find("p:clrMap").is_some());
}

#[test]
fn runs_carry_fonts_size_lang() {
    let deck = sample_deck(Autofit::Shrink);
    let parts = pptx_parts(&deck, false).unwrap();
    for (i, s) in deck.slides.iter().enumerate() {
        let x = part_xml(&parts, &format!("ppt/slides/slide{}.xml", i + 1));
        let sps = x.find_all("p:sp");
        for (sp, b) in sps.iter().zip(&s.boxes) {
            let BoxContent::Text(tb) = &b.content else {
                continue;
            };
            let ps = sp.find_all("a:p");
            assert_eq!(ps.len(), tb.paragraphs.len());
            for (p, mp) in ps.iter().zip(&tb.paragraphs) {
                let runs = p.children_named("a:r").collect::<Vec<_>>();
                assert_eq!(runs.len(), mp.runs.len(), "{}/{}", s.id, b.element_id);
                let text: String = runs.iter().map(|r| r.text()).collect();
                assert_eq!(text, mp.text);
                for (r, mr) in runs.iter().zip(mp.runs.iter()) {
                    assert_eq!(r.text(), mp.text[mr.start..mr.end]);
                    let rpr = r.child("a:rPr").unwrap();
                    assert_eq!(rpr.attr("lang"), Some(&*mp.lang));
                    assert_eq!(rpr.attr("altLang"), Some("en-US"));
                    assert_eq!(rpr.attr("sz"), Some(tb.size.to_string().as_str()));
                    assert_eq!(rpr.attr("b"), Some(if tb.bold { "1" } else { "0" }));
                    assert_eq!(
                        rpr.find("a:srgbClr").unwrap().attr("val"),
                        Some(tb.color.hex().as_str())
                    );
                    assert_eq!(
                        rpr.child("a:latin").unwrap().attr("typeface"),
                        Some(&*mr.latin)
                    );
                    assert_eq!(rpr.child("a:ea").unwrap().attr("typeface"), Some(&*mr.ea));
                    assert_eq!(rpr.child("a:cs").unwrap().attr("typeface"), Some(&*mr.cs));
                    // CT_TextCharacterProperties order: fill, latin, ea, cs.
                    let order: Vec<&str> = rpr.elements().map(|e| e.name.as_str()).collect();
                    assert_eq!(order, ["a:solidFill", "a:latin", "a:ea", "a:cs"]);
                }
                let end = p.child("a:endParaRPr").unwrap();
                assert_eq!(end.attr("sz"), Some(tb.size.to_string().as_str()));
                assert_eq!(p.elements().last().unwrap().name, "a:endParaRPr");
            }
        }
    }
}

#[test]
fn paragraph_properties_follow_the_model() {
    let deck = sample_deck(Autofit::Shrink);
    let parts = pptx_parts(&deck, false).unwrap();
    for (i, s) in deck.slides.iter().enumerate() {
        let x = part_xml(&parts, &format!("ppt/slides/slide{}.xml", i + 1));
        for (sp, b) in x.find_all("p:sp").iter().zip(&s.boxes) {
            let BoxContent::Text(tb) = &b.content else {
                continue;
            };
            let body_pr = sp.find("a:bodyPr").unwrap();
            assert_eq!(body_pr.attr("wrap"), Some("square"));
            assert_eq!(body_pr.attr("lIns"), Some(tb.insets.l.to_string().as_str()));
            assert_eq!(body_pr.attr("tIns"), Some(tb.insets.t.to_string().as_str()));
            assert_eq!(body_pr.attr("rIns"), Some(tb.insets.r.to_string().as_str()));
            assert_eq!(body_pr.attr("bIns"), Some(tb.insets.b.to_string().as_str()));
            let anchor = match tb.anchor {
                specrender_model::Anchor::Top => "t",
                specrender_model::Anchor::Middle => "ctr",
                specrender_model::Anchor::Bottom => "b",
            };
            assert_eq!(body_pr.attr("anchor"), Some(anchor));
            for (p, mp) in sp.find_all("a:p").iter().zip(&tb.paragraphs) {
                let ppr = p.child("a:pPr").unwrap();
                assert_eq!(
                    ppr.attr("eaLnBrk"),
                    Some(if mp.ea_line_break { "1" } else { "0" })
                );
                assert_eq!(ppr.attr("latinLnBrk"), Some("0"));
                assert_eq!(ppr.attr("marL"), Some(mp.margin_left.to_string().as_str()));
                assert_eq!(ppr.attr("indent"), Some(mp.indent.to_string().as_str()));
                let pts = |tag: &str| {
                    ppr.child(tag)
                        .unwrap()
                        .child("a:spcPts")
                        .unwrap()
                        .attr("val")
                        .unwrap()
                        .to_string()
                };
                assert_eq!(pts("a:lnSpc"), mp.line_pitch.to_string());
                assert_eq!(pts("a:spcBef"), mp.space_before.to_string());
                assert_eq!(pts("a:spcAft"), mp.space_after.to_string());
                let order: Vec<&str> = ppr.elements().map(|e| e.name.as_str()).collect();
                match &mp.bullet {
                    Some(bu) => {
                        assert_eq!(
                            order,
                            ["a:lnSpc", "a:spcBef", "a:spcAft", "a:buFont", "a:buChar"]
                        );
                        assert_eq!(
                            ppr.child("a:buChar").unwrap().attr("char"),
                            Some(bu.char.to_string().as_str())
                        );
                        assert_eq!(
                            ppr.child("a:buFont").unwrap().attr("typeface"),
                            Some(&*bu.font)
                        );
                    }
                    None => assert_eq!(order, ["a:lnSpc", "a:spcBef", "a:spcAft", "a:buNone"]),
                }
            }
        }
    }
    // The Korean bullets ask for whole words, the Japanese paragraph keeps eaLnBrk="1".
    let s2 = part_xml(&parts, "ppt/slides/slide2.xml");
    assert!(s2
        .find_all("a:pPr")
        .iter()
        .all(|p| p.attr("eaLnBrk") == Some("0")));
    let s4 = part_xml(&parts, "ppt/slides/slide4.xml");
    assert_eq!(
        s4.find_all("a:pPr").last().unwrap().attr("eaLnBrk"),
        Some("1")
    );
}

#[test]
fn autofit_option_selects_norm_or_no_autofit() {
    for (autofit, want, other) in [
        (Autofit::Shrink, "a:normAutofit", "a:noAutofit"),
        (Autofit::None, "a:noAutofit", "a:normAutofit"),
    ] {
        let parts = pptx_parts(&sample_deck(autofit), false).unwrap();
        for n in 1..=4 {
            let x = part_xml(&parts, &format!("ppt/slides/slide{n}.xml"));
            for body_pr in x.find_all("a:bodyPr") {
                assert!(body_pr.child(want).is_some(), "slide{n}: {want} expected");
                assert!(body_pr.child(other).is_none());
            }
        }
    }
}

#[test]
fn escaping_round_trips_and_control_chars_are_dropped() {
    let mut deck = sample_deck(Autofit::Shrink);
    let BoxContent::Text(tb) = &mut deck.slides[2].boxes[0].content else {
        panic!()
    };
    let text = "a&b <c> \"d\" 'e'\u{1}\u{FFFF}";
    tb.paragraphs[0] = para(text, "en-US", false, 1800, false);
    deck.slides[2].boxes[0].element_id = "id \"quoted\" & <x>".into();
    let parts = pptx_parts(&deck, false).unwrap();
    let x = part_xml(&parts, "ppt/slides/slide3.xml");
    let sp = &x.find_all("p:sp")[0];
    assert_eq!(sp.find("p:txBody").unwrap().text(), "a&b <c> \"d\" 'e'");
    assert_eq!(
        sp.find("p:cNvPr").unwrap().attr("name"),
        Some("id \"quoted\" & <x>")
    );
    let core = part_xml(&parts, "docProps/core.xml");
    assert_eq!(core.find("dc:title").unwrap().text(), "분기 실적 & 요약");
}

#[test]
fn line_breaks_inside_a_paragraph_become_br() {
    let mut deck = sample_deck(Autofit::Shrink);
    let BoxContent::Text(tb) = &mut deck.slides[2].boxes[0].content else {
        panic!()
    };
    tb.paragraphs[0] = para("one\ntwo\r\nthree", "en-US", false, 1800, false);
    let parts = pptx_parts(&deck, false).unwrap();
    let x = part_xml(&parts, "ppt/slides/slide3.xml");
    let p = x.find_all("p:sp")[0].find("a:p").unwrap().clone();
    let kinds: Vec<&str> = p.elements().map(|e| e.name.as_str()).collect();
    assert_eq!(
        kinds,
        ["a:pPr", "a:r", "a:br", "a:r", "a:br", "a:r", "a:endParaRPr"]
    );
    let texts: Vec<String> = p.children_named("a:r").map(|r| r.text()).collect();
    assert_eq!(texts, ["one", "two", "three"]);
}

#[test]
fn notes_slides_link_both_ways() {
    let parts = parts();
    let names: Vec<&str> = parts.iter().map(|p| p.0.as_str()).collect();
    assert!(names.contains(&"ppt/notesMasters/notesMaster1.xml"));
    assert!(names.contains(&"ppt/theme/theme2.xml"));
    // Slides 2 and 4 have notes: notesSlide1 and notesSlide2.
    let rel_targets = |part: &str| -> Vec<String> {
        part_xml(&parts, part)
            .children_named("Relationship")
            .map(|r| r.attr("Target").unwrap().to_string())
            .collect()
    };
    assert!(rel_targets("ppt/slides/_rels/slide2.xml.rels")
        .contains(&"../notesSlides/notesSlide1.xml".to_string()));
    assert!(rel_targets("ppt/slides/_rels/slide4.xml.rels")
        .contains(&"../notesSlides/notesSlide2.xml".to_string()));
    assert_eq!(rel_targets("ppt/slides/_rels/slide1.xml.rels").len(), 1);
    assert!(rel_targets("ppt/notesSlides/_rels/notesSlide1.xml.rels")
        .contains(&"../slides/slide2.xml".to_string()));
    assert!(rel_targets("ppt/notesSlides/_rels/notesSlide2.xml.rels")
        .contains(&"../slides/slide4.xml".to_string()));
    let notes = part_xml(&parts, "ppt/notesSlides/notesSlide1.xml");
    let body = notes
        .find_all("p:sp")
        .into_iter()
        .find(|sp| sp.find("p:ph").unwrap().attr("type") == Some("body"))
        .unwrap();
    let lines: Vec<String> = body.find_all("a:p").iter().map(|p| p.text()).collect();
    assert_eq!(lines, NOTES.lines().collect::<Vec<_>>());
    let app = part_xml(&parts, "docProps/app.xml");
    assert_eq!(app.child("Notes").unwrap().text(), "2");
    assert_eq!(app.child("Slides").unwrap().text(), "4");

    // No notes anywhere: no notes parts, no notesMasterIdLst.
    let mut deck = sample_deck(Autofit::Shrink);
    for s in &mut deck.slides {
        s.notes = " \n".into();
    }
    let parts = pptx_parts(&deck, false).unwrap();
    assert!(!parts
        .iter()
        .any(|p| p.0.contains("notes") || p.0.contains("theme2")));
    assert!(part_xml(&parts, "ppt/presentation.xml")
        .find("p:notesMasterIdLst")
        .is_none());
}

#[test]
fn theme_carries_brand_colours_and_fonts() {
    let deck = sample_deck(Autofit::Shrink);
    let parts = pptx_parts(&deck, false).unwrap();
    let t = part_xml(&parts, "ppt/theme/theme1.xml");
    let clr = |slot: &str| {
        t.find(slot)
            .unwrap()
            .find("a:srgbClr")
            .unwrap()
            .attr("val")
            .unwrap()
            .to_string()
    };
    let c = &deck.theme.colors;
    assert_eq!(clr("a:dk1"), c.text.hex());
    assert_eq!(clr("a:lt1"), c.background.hex());
    assert_eq!(clr("a:dk2"), c.primary.hex());
    assert_eq!(clr("a:accent1"), c.primary.hex());
    assert_eq!(clr("a:accent2"), c.secondary.hex());
    assert_eq!(clr("a:accent3"), c.accent.hex());
    let order: Vec<&str> = t
        .find("a:clrScheme")
        .unwrap()
        .elements()
        .map(|e| e.name.as_str())
        .collect();
    assert_eq!(
        order,
        [
            "a:dk1",
            "a:lt1",
            "a:dk2",
            "a:lt2",
            "a:accent1",
            "a:accent2",
            "a:accent3",
            "a:accent4",
            "a:accent5",
            "a:accent6",
            "a:hlink",
            "a:folHlink"
        ]
    );
    let major = t.find("a:majorFont").unwrap();
    assert_eq!(
        major.child("a:latin").unwrap().attr("typeface"),
        Some(deck.theme.fonts.heading.as_str())
    );
    // East Asian text: `ea` empty and a face per East Asian script — the deck's (Korean)
    // the face it was measured with.
    let hang = |side: &El| {
        side.children_named("a:font")
            .find(|f| f.attr("script") == Some("Hang"))
            .and_then(|f| f.attr("typeface"))
            .map(str::to_string)
    };
    assert_eq!(major.child("a:ea").unwrap().attr("typeface"), Some(""));
    assert_eq!(hang(major), Some(deck.theme.fonts.heading_ea.clone()));
    assert_eq!(major.child("a:cs").unwrap().attr("typeface"), Some(""));
    let minor = t.find("a:minorFont").unwrap();
    assert_eq!(
        minor.child("a:latin").unwrap().attr("typeface"),
        Some(deck.theme.fonts.body.as_str())
    );
    assert_eq!(minor.child("a:ea").unwrap().attr("typeface"), Some(""));
    assert_eq!(hang(minor), Some(deck.theme.fonts.body_ea.clone()));
    let fmt = t.find("a:fmtScheme").unwrap();
    for list in [
        "a:fillStyleLst",
        "a:lnStyleLst",
        "a:effectStyleLst",
        "a:bgFillStyleLst",
    ] {
        assert!(fmt.child(list).unwrap().elements().count() >= 3, "{list}");
    }
}

#[test]
fn core_properties_have_title_language_and_no_dates() {
    let parts = parts();
    let core = part_xml(&parts, "docProps/core.xml");
    assert_eq!(core.find("dc:language").unwrap().text(), "ko-KR");
    assert_eq!(core.find("dc:creator").unwrap().text(), "specrender");
    assert!(core.find("dcterms:created").is_none() && core.find("dcterms:modified").is_none());
    assert_eq!(
        part_xml(&parts, "docProps/app.xml")
            .child("Application")
            .unwrap()
            .text(),
        "specrender"
    );
}

#[test]
fn same_deck_same_bytes() {
    let a = pptx(&sample_deck(Autofit::Shrink)).unwrap();
    let b = pptx(&sample_deck(Autofit::Shrink)).unwrap();
    assert_eq!(a, b);
    let c = pptx(&sample_deck(Autofit::None)).unwrap();
    assert_ne!(a, c);
}

#[test]
fn zip_holds_the_parts_in_order_with_fixed_times() {
    let deck = sample_deck(Autofit::Shrink);
    let bytes = pptx(&deck).unwrap();
    let parts = pptx_parts(&deck, false).unwrap();
    let mut zip = zip::ZipArchive::new(Cursor::new(bytes)).unwrap();
    assert_eq!(zip.len(), parts.len());
    for (i, (name, data)) in parts.iter().enumerate() {
        let mut f = zip.by_index(i).unwrap();
        assert_eq!(f.name().unwrap(), name.as_str());
        assert_eq!(f.compression(), zip::CompressionMethod::Deflated);
        let t = f.last_modified().unwrap();
        assert_eq!(
            (t.year(), t.month(), t.day(), t.hour(), t.minute()),
            (1980, 1, 1, 0, 0)
        );
        let mut out = Vec::new();
        f.read_to_end(&mut out).unwrap();
        assert_eq!(&out, data, "{name}");
    }
}

#[test]
fn empty_deck_is_still_a_valid_package() {
    let mut deck: LaidDeck = sample_deck(Autofit::Shrink);
    deck.slides.clear();
    let parts = pptx_parts(&deck, false).unwrap();
    for (_, b) in &parts {
        parse(b);
    }
    assert!(part_xml(&parts, "ppt/presentation.xml")
        .find("p:sldIdLst")
        .is_none());
    pptx(&deck).unwrap();
}
