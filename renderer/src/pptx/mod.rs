//! Which parts a deck has, how they are numbered and related, and their package order:
//! `[Content_Types].xml`, `_rels/.rels`, `docProps/*`, `ppt/presentation.xml` and its rels,
//! the presentation-level props, theme1, the master, layouts 1-10, (notes master and theme2
//! when any slide has notes), slides, notes slides. Each part's `.rels` follows the part.
//!
//! [`plan`] names every part and says how to write it without writing it, so the packager
//! can write and compress parts in any order (on several threads) while the package keeps
//! this order.

mod doc_props;
mod notes;
mod presentation;
mod props;
mod shapes;
mod slide;
mod slide_layout;
mod slide_master;
mod text;
mod theme;

use self::notes::{has_notes, notes_slide_xml};
use self::presentation::{presentation_xml, PresentationRels};
use self::slide_layout::{layout_number, layout_plans, slide_layout_xml};
use crate::opc::content_types::content_types_xml;
use crate::opc::rels::{rels_part_name, rels_xml, RelType};
use specrender_layout::model::LaidDeck;

/// Writes one part: `pretty` (indented, for goldens) or compact.
pub(crate) type Writer<'a> = Box<dyn Fn(bool) -> Vec<u8> + Send + Sync + 'a>;

/// One package part: its name and how to write it.
pub(crate) struct Part<'a> {
    pub name: String,
    pub write: Writer<'a>,
}

/// Every part, written, in package order.
pub(crate) fn build(laid: &LaidDeck, pretty: bool) -> Vec<(String, Vec<u8>)> {
    plan(laid)
        .into_iter()
        .map(|p| {
            let bytes = (p.write)(pretty);
            (p.name, bytes)
        })
        .collect()
}

/// Every part of the deck's package, in package order, not yet written.
pub(crate) fn plan<'a>(laid: &'a LaidDeck) -> Vec<Part<'a>> {
    let mut parts: Vec<Part<'a>> = Vec::new();
    let mut add = |name: String, write: Writer<'a>| parts.push(Part { name, write });
    let rels = |rels: Vec<(RelType, String)>| -> Writer<'a> {
        Box::new(move |pretty| rels_xml(&rels, pretty))
    };

    // Notes slides are numbered in slide order among slides that have notes.
    let mut notes_of = Vec::with_capacity(laid.slides.len());
    let mut notes_count = 0;
    for s in &laid.slides {
        if has_notes(&s.notes) {
            notes_count += 1;
            notes_of.push(Some(notes_count));
        } else {
            notes_of.push(None);
        }
    }
    let any_notes = notes_count > 0;
    let layouts = layout_plans(laid);
    let layout_count = layouts.len();

    add(
        "_rels/.rels".into(),
        rels(vec![
            (RelType::OfficeDocument, "ppt/presentation.xml".into()),
            (RelType::CoreProperties, "docProps/core.xml".into()),
            (RelType::ExtendedProperties, "docProps/app.xml".into()),
        ]),
    );
    add(
        "docProps/core.xml".into(),
        Box::new(move |pretty| doc_props::core_xml(laid, pretty)),
    );
    add(
        "docProps/app.xml".into(),
        Box::new(move |pretty| doc_props::app_xml(laid, notes_count, pretty)),
    );

    let pres_rels = PresentationRels {
        slides: laid.slides.len(),
        notes_master: any_notes,
    };
    add(
        "ppt/presentation.xml".into(),
        Box::new(move |pretty| presentation_xml(laid, &pres_rels, pretty)),
    );
    // Must match the ids presentation.xml uses: rId1 master, rId2.. slides, notes master.
    let mut pres = vec![(
        RelType::SlideMaster,
        "slideMasters/slideMaster1.xml".to_string(),
    )];
    pres.extend((1..=laid.slides.len()).map(|n| (RelType::Slide, format!("slides/slide{n}.xml"))));
    if any_notes {
        pres.push((RelType::NotesMaster, "notesMasters/notesMaster1.xml".into()));
    }
    pres.extend([
        (RelType::PresProps, "presProps.xml".into()),
        (RelType::ViewProps, "viewProps.xml".into()),
        (RelType::Theme, "theme/theme1.xml".into()),
        (RelType::TableStyles, "tableStyles.xml".into()),
    ]);
    add(rels_part_name("ppt/presentation.xml"), rels(pres));
    add("ppt/presProps.xml".into(), Box::new(props::pres_props_xml));
    add("ppt/viewProps.xml".into(), Box::new(props::view_props_xml));
    add(
        "ppt/tableStyles.xml".into(),
        Box::new(props::table_styles_xml),
    );
    add(
        "ppt/theme/theme1.xml".into(),
        Box::new(move |pretty| theme::theme_xml(&laid.theme, pretty)),
    );

    let master = "ppt/slideMasters/slideMaster1.xml";
    add(
        master.into(),
        Box::new(move |pretty| slide_master::slide_master_xml(laid, layout_count, pretty)),
    );
    let mut master_rels: Vec<(RelType, String)> = (1..=layout_count)
        .map(|n| {
            (
                RelType::SlideLayout,
                format!("../slideLayouts/slideLayout{n}.xml"),
            )
        })
        .collect();
    master_rels.push((RelType::Theme, "../theme/theme1.xml".into()));
    add(rels_part_name(master), rels(master_rels));

    for (i, plan) in layouts.into_iter().enumerate() {
        let name = format!("ppt/slideLayouts/slideLayout{}.xml", i + 1);
        add(
            name.clone(),
            Box::new(move |pretty| slide_layout_xml(&plan, pretty)),
        );
        add(
            rels_part_name(&name),
            rels(vec![(
                RelType::SlideMaster,
                "../slideMasters/slideMaster1.xml".to_string(),
            )]),
        );
    }

    if any_notes {
        let nm = "ppt/notesMasters/notesMaster1.xml";
        add(
            nm.into(),
            Box::new(move |pretty| notes::notes_master_xml(laid, pretty)),
        );
        add(
            rels_part_name(nm),
            rels(vec![(RelType::Theme, "../theme/theme2.xml".into())]),
        );
        add(
            "ppt/theme/theme2.xml".into(),
            Box::new(move |pretty| theme::theme_xml(&laid.theme, pretty)),
        );
    }

    for (i, s) in laid.slides.iter().enumerate() {
        let name = format!("ppt/slides/slide{}.xml", i + 1);
        add(
            name.clone(),
            Box::new(move |pretty| slide::slide_xml(laid, s, pretty)),
        );
        let mut slide_rels = vec![(
            RelType::SlideLayout,
            format!("../slideLayouts/slideLayout{}.xml", layout_number(s.preset)),
        )];
        if let Some(n) = notes_of[i] {
            slide_rels.push((
                RelType::NotesSlide,
                format!("../notesSlides/notesSlide{n}.xml"),
            ));
        }
        add(rels_part_name(&name), rels(slide_rels));
    }

    for (i, s) in laid.slides.iter().enumerate() {
        let Some(n) = notes_of[i] else { continue };
        let name = format!("ppt/notesSlides/notesSlide{n}.xml");
        add(
            name.clone(),
            Box::new(move |pretty| notes_slide_xml(laid, &s.notes, pretty)),
        );
        add(
            rels_part_name(&name),
            rels(vec![
                (
                    RelType::NotesMaster,
                    "../notesMasters/notesMaster1.xml".to_string(),
                ),
                (RelType::Slide, format!("../slides/slide{}.xml", i + 1)),
            ]),
        );
    }

    let names: Vec<String> = parts.iter().map(|p| p.name.clone()).collect();
    parts.insert(
        0,
        Part {
            name: "[Content_Types].xml".into(),
            write: Box::new(move |pretty| {
                content_types_xml(names.iter().map(String::as_str), pretty)
            }),
        },
    );
    parts
}
