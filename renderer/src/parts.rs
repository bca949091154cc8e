//! Which parts a deck has, how they are numbered and related, and their package order:
//! `[Content_Types].xml`, `_rels/.rels`, `docProps/*`, `ppt/presentation.xml` and its rels,
//! the presentation-level props, theme1, the master, layouts 1-10, (notes master and theme2
//! when any slide has notes), slides, notes slides. Each part's `.rels` follows the part.

use crate::content_types::content_types_xml;
use crate::notes::{has_notes, notes_slide_xml};
use crate::presentation::{presentation_xml, PresentationRels};
use crate::rels::{rels_part_name, rels_xml, RelType};
use crate::slide_layout::{layout_number, layout_plans, slide_layout_xml};
use crate::{doc_props, notes, props, slide, slide_master, theme};
use specrender_layout::model::LaidDeck;

pub(crate) fn build(laid: &LaidDeck, pretty: bool) -> Vec<(String, Vec<u8>)> {
    let mut parts: Vec<(String, Vec<u8>)> = Vec::new();
    let mut add = |name: String, bytes: Vec<u8>| parts.push((name, bytes));

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

    add(
        "_rels/.rels".into(),
        rels_xml(
            &[
                (RelType::OfficeDocument, "ppt/presentation.xml".into()),
                (RelType::CoreProperties, "docProps/core.xml".into()),
                (RelType::ExtendedProperties, "docProps/app.xml".into()),
            ],
            pretty,
        ),
    );
    add(
        "docProps/core.xml".into(),
        doc_props::core_xml(laid, pretty),
    );
    add(
        "docProps/app.xml".into(),
        doc_props::app_xml(laid, notes_count, pretty),
    );

    let pres_rels = PresentationRels {
        slides: laid.slides.len(),
        notes_master: any_notes,
    };
    add(
        "ppt/presentation.xml".into(),
        presentation_xml(laid, &pres_rels, pretty),
    );
    // Must match the ids presentation.xml uses: rId1 master, rId2.. slides, notes master.
    let mut rels = vec![(
        RelType::SlideMaster,
        "slideMasters/slideMaster1.xml".to_string(),
    )];
    rels.extend((1..=laid.slides.len()).map(|n| (RelType::Slide, format!("slides/slide{n}.xml"))));
    if any_notes {
        rels.push((RelType::NotesMaster, "notesMasters/notesMaster1.xml".into()));
    }
    rels.extend([
        (RelType::PresProps, "presProps.xml".into()),
        (RelType::ViewProps, "viewProps.xml".into()),
        (RelType::Theme, "theme/theme1.xml".into()),
        (RelType::TableStyles, "tableStyles.xml".into()),
    ]);
    add(
        rels_part_name("ppt/presentation.xml"),
        rels_xml(&rels, pretty),
    );
    add("ppt/presProps.xml".into(), props::pres_props_xml(pretty));
    add("ppt/viewProps.xml".into(), props::view_props_xml(pretty));
    add(
        "ppt/tableStyles.xml".into(),
        props::table_styles_xml(pretty),
    );
    add(
        "ppt/theme/theme1.xml".into(),
        theme::theme_xml(&laid.theme, pretty),
    );

    let master = "ppt/slideMasters/slideMaster1.xml";
    add(
        master.into(),
        slide_master::slide_master_xml(laid, layouts.len(), pretty),
    );
    let mut rels: Vec<(RelType, String)> = (1..=layouts.len())
        .map(|n| {
            (
                RelType::SlideLayout,
                format!("../slideLayouts/slideLayout{n}.xml"),
            )
        })
        .collect();
    rels.push((RelType::Theme, "../theme/theme1.xml".into()));
    add(rels_part_name(master), rels_xml(&rels, pretty));

    for (i, plan) in layouts.iter().enumerate() {
        let name = format!("ppt/slideLayouts/slideLayout{}.xml", i + 1);
        add(name.clone(), slide_layout_xml(plan, pretty));
        let rels = [(
            RelType::SlideMaster,
            "../slideMasters/slideMaster1.xml".to_string(),
        )];
        add(rels_part_name(&name), rels_xml(&rels, pretty));
    }

    if any_notes {
        let nm = "ppt/notesMasters/notesMaster1.xml";
        add(nm.into(), notes::notes_master_xml(laid, pretty));
        add(
            rels_part_name(nm),
            rels_xml(&[(RelType::Theme, "../theme/theme2.xml".into())], pretty),
        );
        add(
            "ppt/theme/theme2.xml".into(),
            theme::theme_xml(&laid.theme, pretty),
        );
    }

    for (i, s) in laid.slides.iter().enumerate() {
        let name = format!("ppt/slides/slide{}.xml", i + 1);
        add(name.clone(), slide::slide_xml(laid, s, pretty));
        let mut rels = vec![(
            RelType::SlideLayout,
            format!("../slideLayouts/slideLayout{}.xml", layout_number(s.preset)),
        )];
        if let Some(n) = notes_of[i] {
            rels.push((
                RelType::NotesSlide,
                format!("../notesSlides/notesSlide{n}.xml"),
            ));
        }
        add(rels_part_name(&name), rels_xml(&rels, pretty));
    }

    for (i, s) in laid.slides.iter().enumerate() {
        let Some(n) = notes_of[i] else { continue };
        let name = format!("ppt/notesSlides/notesSlide{n}.xml");
        add(name.clone(), notes_slide_xml(laid, &s.notes, pretty));
        let rels = [
            (
                RelType::NotesMaster,
                "../notesMasters/notesMaster1.xml".to_string(),
            ),
            (RelType::Slide, format!("../slides/slide{}.xml", i + 1)),
        ];
        add(rels_part_name(&name), rels_xml(&rels, pretty));
    }

    let ct = content_types_xml(parts.iter().map(|(n, _)| n.as_str()), pretty);
    parts.insert(0, ("[Content_Types].xml".into(), ct));
    parts
}
