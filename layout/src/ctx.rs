//! The state of one layout job: the deck, a width-caching measurer, the deck's resolved fonts,
//! and the findings and fixes made so far. One per thread.

use crate::findings::{Finding, Fix, FixAction, Location, Note};
use crate::frame::Frame;
use crate::picture::Images;
use crate::text::{SlotLines, TextFonts};
use crate::LayoutOptions;
use specrender_fonts::{FontBook, MatchKind, Measurer, ScriptClass, ShapeLang, SlotFaces};
use specrender_spec::deck::{Deck, Theme};
use specrender_template::Template;
use std::collections::BTreeSet;

/// A requested family measured with another one (reported as `font_fallback`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Substitution {
    pub family: String,
    pub measured_with: String,
    /// A documented stand-in for a family with no free metric clone (`STAND_INS`), not the
    /// class default.
    pub stand_in: bool,
}

/// The four font sets a deck uses: heading and body, regular and bold.
pub struct DeckFonts {
    pub heading: [TextFonts; 2],
    pub body: [TextFonts; 2],
    /// Families that had to be substituted, not yet reported.
    pub substituted: Vec<Substitution>,
}

impl DeckFonts {
    /// (heading, body) fonts for an element's weight.
    pub fn for_weight(&self, bold: bool) -> (TextFonts, TextFonts) {
        let idx = usize::from(bold);
        (self.heading[idx].clone(), self.body[idx].clone())
    }
}

/// State of one layout job.
pub struct Ctx<'a> {
    pub deck: &'a Deck,
    /// The deck's pictures, prepared once before the slides ([`crate::picture`]).
    pub images: &'a Images,
    pub m: Measurer<'a>,
    pub opts: &'a LayoutOptions,
    /// The look slides are laid out on: slots, safe area, footer band, per-layout rules.
    pub frame: &'a Frame,
    /// The template the frame was made from (its placeholders and list styles).
    pub template: &'a Template,
    /// The theme the deck is laid out with: its own, with what the template gives where the
    /// deck set no token ([`crate::frame::on_template`]).
    pub theme: &'a Theme,
    /// Notes on what the template changed, reported after the deck's own.
    pub on_notes: &'a [specrender_spec::deck::ResolveNote],
    pub fonts: DeckFonts,
    pub notes: Vec<Note>,
    pub fixes: Vec<Fix>,
    pub(crate) ids: BTreeSet<String>,
    /// The continuation ids made, in order (a slide laid out again takes its own back).
    pub(crate) id_log: Vec<String>,
    /// Each slot's part clear of its layout's artwork, by (template layout, slot rectangle),
    /// once found (`slide::artwork::cleared`).
    pub(crate) clear_parts:
        std::collections::HashMap<(usize, [i64; 4]), Option<crate::model::Rect>>,
}

impl<'a> Ctx<'a> {
    /// A fresh job state: its own width cache, no findings yet, the input's slide ids known.
    pub(crate) fn new(
        deck: &'a Deck,
        images: &'a Images,
        fonts: &'a FontBook,
        opts: &'a LayoutOptions,
        frame: &'a Frame,
        on: &'a crate::frame::OnTemplate,
    ) -> Self {
        Ctx {
            deck,
            images,
            m: Measurer::new(fonts),
            opts,
            frame,
            template: &on.template,
            theme: &on.theme,
            on_notes: &on.notes,
            fonts: deck_fonts(fonts, &on.theme),
            notes: Vec::new(),
            fixes: Vec::new(),
            ids: deck.slides.iter().map(|s| s.id.clone()).collect(),
            id_log: Vec::new(),
            clear_parts: std::collections::HashMap::new(),
        }
    }

    /// Records a finding on output slide `slide_id` (from input slide `source`).
    pub fn note(
        &mut self,
        finding: Finding,
        slide_id: &str,
        source: &str,
        element_id: Option<&str>,
    ) {
        self.notes.push(Note::new(
            finding,
            Location::slide(slide_id, source, element_id),
        ));
    }

    /// Records a fit-policy action.
    pub fn fix(&mut self, slide_id: &str, element_id: Option<&str>, action: FixAction) {
        self.fixes.push(Fix {
            slide_id: slide_id.to_string(),
            element_id: element_id.map(str::to_string),
            action,
        });
    }

    /// The language East Asian text is shaped with: the deck's.
    pub fn shape_lang(&self) -> ShapeLang {
        ShapeLang::from_tag(&self.deck.language)
    }

    /// A continuation slide id `s3-cont-2` (page 2 of s3), made unique against every id.
    pub fn continuation_id(&mut self, source: &str, page: u32) -> String {
        let mut id = format!("{source}-cont-{page}");
        while self.ids.contains(&id) {
            id.push('x');
        }
        self.ids.insert(id.clone());
        self.id_log.push(id.clone());
        id
    }
}

pub(crate) fn resolve_fonts(
    book: &FontBook,
    latin: &str,
    ea: &str,
    bold: bool,
    substituted: &mut Vec<Substitution>,
) -> TextFonts {
    let mut face = |fam: &str, class: ScriptClass| {
        let m = book.resolve(fam, bold, class);
        let (to, stand_in) = match &m.kind {
            MatchKind::Exact | MatchKind::Alias { .. } => return m.face,
            MatchKind::StandIn { to } => (to, true),
            MatchKind::Substituted { to } => (to, false),
        };
        if !substituted.iter().any(|s| s.family == fam) {
            substituted.push(Substitution {
                family: fam.to_string(),
                measured_with: to.clone(),
                stand_in,
            });
        }
        m.face
    };
    let faces = SlotFaces {
        latin: face(latin, ScriptClass::Latin),
        ea: face(ea, ScriptClass::EastAsian),
        cs: face(latin, ScriptClass::Complex),
    };
    TextFonts {
        latin: crate::text::shared(latin),
        ea: crate::text::shared(ea),
        cs: crate::text::shared(latin),
        faces,
        bold,
        lines: SlotLines {
            latin: book.named_line_metrics(latin, bold),
            ea: book.named_line_metrics(ea, bold),
            ea_space: book.named_space_em(ea, bold),
        },
    }
}

fn deck_fonts(book: &FontBook, theme: &Theme) -> DeckFonts {
    let f = &theme.fonts;
    let mut substituted = Vec::new();
    let heading =
        [false, true].map(|b| resolve_fonts(book, &f.heading, &f.heading_ea, b, &mut substituted));
    let body = [false, true].map(|b| resolve_fonts(book, &f.body, &f.body_ea, b, &mut substituted));
    DeckFonts {
        heading,
        body,
        substituted,
    }
}
