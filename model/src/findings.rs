//! What layout noticed and what it did, as data: [`Finding`]s (a font substituted, characters
//! no font has, a word broken inside, an unknown layout, a kind drawn as a placeholder, an
//! input value ignored, a document table too wide...), each in a [`Note`] with its
//! [`Location`] — one type for decks and documents — and [`Fix`]es (the fit policy's actions
//! in the order taken).
//!
//! Layout writes no words for an agent here: QC turns each finding into an issue with its
//! type, severity and message (`specrender-qc` owns the wording), and each fix into an entry
//! of the report's `fixes`. The one text layout writes from fixes is the log appended to
//! speaker notes ([`Fix`]'s `Display`), which follows the report's field names.

use crate::deck::Preset;
use crate::frame::SlotRole;
use serde::Serialize;
use specrender_spec::deck::{ElementKind, Reason, ResolveNote};
use specrender_spec::units::{Cpt, Emu, Scaled};
use std::fmt;

/// One finding and where it is.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Note {
    pub finding: Finding,
    pub at: Location,
}

impl Note {
    pub fn new(finding: Finding, at: Location) -> Note {
        Note { finding, at }
    }
}

/// Where a finding is, for decks and documents alike: the report's `slide_id` /
/// `source_slide_id` / `element_id` (decks) or `block_id` and `details.page` (documents).
/// Deck layout names the first slide for what is about the deck as a whole (a template, a
/// theme token); [`Location::Deck`] is for what has no slide at all (the PDF's title).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum Location {
    /// The deck as a whole.
    Deck,
    /// An output slide (from input slide `source_slide_id`), or an element of it.
    Slide {
        slide_id: String,
        source_slide_id: String,
        element_id: Option<String>,
    },
    /// The document as a whole (its title and subtitle, its template, its theme).
    Document,
    /// A document block, on the page (1-based) layout predicted for its start.
    Block { block_id: String, page: Option<u32> },
}

impl Location {
    /// On output slide `slide_id` from input slide `source`, at `element_id` if given.
    pub fn slide(slide_id: &str, source: &str, element_id: Option<&str>) -> Location {
        Location::Slide {
            slide_id: slide_id.to_string(),
            source_slide_id: source.to_string(),
            element_id: element_id.map(str::to_string),
        }
    }

    /// On document block `id`; its page is filled in once the document is paginated.
    pub fn block(id: &str) -> Location {
        Location::Block {
            block_id: id.to_string(),
            page: None,
        }
    }

    /// In a document rather than a deck.
    pub fn in_document(&self) -> bool {
        matches!(self, Location::Document | Location::Block { .. })
    }

    /// The output slide, if any.
    pub fn slide_id(&self) -> Option<&str> {
        match self {
            Location::Slide { slide_id, .. } => Some(slide_id),
            _ => None,
        }
    }

    /// The element, if any.
    pub fn element_id(&self) -> Option<&str> {
        match self {
            Location::Slide { element_id, .. } => element_id.as_deref(),
            _ => None,
        }
    }

    /// The document block, if any.
    pub fn block_id(&self) -> Option<&str> {
        match self {
            Location::Block { block_id, .. } => Some(block_id),
            _ => None,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub enum Finding {
    /// A requested family is not available; text was measured with another one.
    FontSubstituted {
        family: String,
        measured_with: String,
        /// A documented stand-in (a family with no free metric clone), not the default.
        stand_in: bool,
    },
    /// Characters no available font has (measured as .notdef), in order of appearance.
    MissingGlyphs { chars: Vec<char> },
    /// Words wider than their box, broken inside.
    BrokenWords { words: Vec<String> },
    /// `layout_id` is not a preset; the slide type's preset was used.
    UnknownLayout { layout_id: String, used: Preset },
    /// On a template, no layout fits the slide's layout id: our own slots, on the template's
    /// blank (else first) layout; `slots` says where ([`crate::frame::TemplateLayout::slots`]:
    /// `master`, `presets` or `layout title`).
    TemplateLayoutFallback {
        layout_id: String,
        slots: &'static str,
    },
    /// `theme.brand.tokens.layouts` names a layout the template does not have; `used`: the
    /// layout the other rules chose (`None`: our own slots).
    TemplateLayoutMissing {
        layout_id: String,
        name: String,
        used: Option<String>,
    },
    /// `theme.template_ref.template_id` names no built-in look and no template in the
    /// templates folder, or no folder was given to look it up in (`folder` false): the
    /// built-in look was used. `built_in`: the built-in looks' ids (`default`, then the
    /// themes), as `specrender themes` lists them.
    UnknownTemplate {
        template_id: String,
        built_in: Vec<&'static str>,
        folder: bool,
    },
    /// The carry policy dropped active or external content from a template part (a macro
    /// project, ActiveX, an OLE object, an external or script link, a fetching field...).
    TemplateContentDropped(Dropped),
    /// A chart's category labels overlap even thinned (nominal: wrapped on two lines); sizes
    /// in EMU: the widest label, the room one category gets; the thinning used.
    ChartLabelsCrowded {
        widest_label: Emu,
        slot: Emu,
        skip: u32,
    },
    /// A chart's `data_ref` CSV could not be read, or disagrees with the element's series
    /// (which are what is drawn).
    ChartData {
        data_ref: String,
        problem: ChartDataProblem,
    },
    /// An element kind this version draws as a labelled placeholder box.
    PlaceholderElement { kind: ElementKind },
    /// Table rows with more or fewer cells than the table has columns, padded with empty
    /// cells or cut: (row, cells it had), 0-based body rows.
    TableRaggedRows {
        rows: Vec<(usize, usize)>,
        columns: usize,
    },
    /// A free-form input value resolve could not use (theme tokens...): its own code and words.
    Input(ResolveNote),
    /// A second element with `role: "title"`: it went to this body slot instead.
    SecondTitle { moved_to: SlotRole },
    /// A `style.box` whose width or height is not a positive finite number (as EMU after
    /// rounding): the element is not drawn.
    InvalidBox { x: Emu, y: Emu, w: Emu, h: Emu },
    /// A shape name that is not one of the presets: drawn as a rectangle.
    UnknownShape { name: String },
    /// The PDF does not declare PDF/UA-1: the deck lacks what it requires (`missing`).
    PdfNotAccessible { missing: PdfMissing },
    /// Not every citation a slide lists fits its footer band at the floor: the first `shown`
    /// of `total` are drawn, `left_out` (number, id) are only in the speaker notes;
    /// `no_band` when the slide has no footer band at all (`image_full_bleed`).
    CitationsOverflow {
        total: usize,
        shown: usize,
        left_out: Vec<(u32, String)>,
        no_band: bool,
    },
    /// A picture's (deck: drawn as a grey placeholder) or figure's (document: a bracketed
    /// placeholder line) asset is missing, refused or undecodable.
    MissingAsset {
        asset_id: String,
        reason: Reason,
        detail: String,
    },
    /// A document table whose columns do not fit the text width even at the floor size:
    /// `needed` is what the narrowest widths add up to, `columns` the names of the columns
    /// cut below theirs.
    TableTooWide {
        needed: Emu,
        width: Emu,
        columns: Vec<String>,
        size: Cpt,
    },
    /// A document table cell whose longest unbreakable piece is wider than its column (`row`
    /// `None`: the header row), 0-based.
    UnbreakableText {
        row: Option<usize>,
        column: usize,
        text: String,
        needed: Emu,
        width: Emu,
    },
}

/// What is wrong with a chart's `data_ref`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub enum ChartDataProblem {
    /// The asset was refused or is not a CSV the engine reads (the reason, worded).
    Unreadable { reason: String },
    /// `count` disagreements; the first few worded (`series "Revenue" at "Q2": CSV 12.5, chart 12`).
    Disagrees { count: usize, listed: Vec<String> },
}

/// One action of the fit policy.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Fix {
    pub slide_id: String,
    pub element_id: Option<String>,
    pub action: FixAction,
}

/// The fit policy's actions (docs/concepts/fit-policy.md; names: docs/concepts/findings.md, fixes), each with what it changed.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub enum FixAction {
    /// Step 1: the font went from one size to a smaller one.
    Shrink { from: Cpt, to: Cpt },
    /// Step 2: paragraph spacing dropped.
    ReduceSpacing,
    /// Step 3: the title slot gave this much height to the body slots.
    Reslot { moved: Emu },
    /// Step 3: lines landed on the template's artwork, so the slot `role` was narrowed from
    /// `from` to its part clear of it, and the slide laid out again.
    ClearArtwork {
        role: &'static str,
        from: crate::geom::Rect,
        to: crate::geom::Rect,
    },
    /// Step 4: the slide was laid out with another preset.
    ChangeLayout { from: Preset, to: Preset },
    /// Step 4: the element's text was set in two columns within its slot.
    TwoColumns,
    /// Step 5: the element was split over these output slides, in this many units.
    Split { slides: Vec<String>, units: usize },
    /// Step 5: the element moved whole to this continuation slide (its slot was full).
    Move { to: String },
    /// Step 6: still overflowing; an agent or a person must shorten the text.
    NeedsHumanEdit,
    /// Chart rule: the chart is drawn as another kind (a pie with more than 6 slices, a
    /// negative value or several series → bar), and why.
    ChartType {
        from: &'static str,
        to: &'static str,
        reason: &'static str,
    },
    /// Chart rule: more than 10 nominal categories on a bar chart; the `kept` largest stay,
    /// `merged` are summed into "Other".
    TopN {
        categories: usize,
        kept: usize,
        merged: usize,
        /// An "Other" sum passed what an `f64` holds and was capped at ±`f64::MAX`.
        other_capped: bool,
    },
    /// Chart rule: a crowded category axis shows every n-th label (the categories stay).
    ThinLabels { every: u32 },
}

impl FixAction {
    /// The action's name in the report (`action`).
    pub fn name(&self) -> &'static str {
        match self {
            FixAction::Shrink { .. } => "shrink",
            FixAction::ReduceSpacing => "reduce_spacing",
            FixAction::Reslot { .. } => "reslot",
            FixAction::ClearArtwork { .. } => "clear_artwork",
            FixAction::Split { .. } => "split",
            FixAction::Move { .. } => "move",
            FixAction::ChangeLayout { .. } => "change_layout",
            FixAction::TwoColumns => "two_columns",
            FixAction::NeedsHumanEdit => "needs_human_edit",
            FixAction::ChartType { .. } => "chart_type",
            FixAction::TopN { .. } => "top_n",
            FixAction::ThinLabels { .. } => "thin_labels",
        }
    }
}

/// The speaker-notes log entry: `shrink e2 from_pt=20 to_pt=15.5` (the report's field names,
/// in the report's key order).
impl fmt::Display for Fix {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let target = self.element_id.as_deref().unwrap_or(&self.slide_id);
        write!(f, "{} {target}", self.action.name())?;
        match &self.action {
            FixAction::Shrink { from, to } => {
                write!(
                    f,
                    " from_pt={} to_pt={}",
                    Scaled::pt(*from),
                    Scaled::pt(*to)
                )
            }
            FixAction::Reslot { moved } => {
                write!(f, " moved_height_in={}", Scaled::emu_as_in(*moved))
            }
            FixAction::ClearArtwork { role, from, to } => {
                let r = |r: &crate::geom::Rect| {
                    [r.x, r.y, r.w, r.h]
                        .map(|v| Scaled::emu_as_in(v).to_string())
                        .join(",")
                };
                write!(f, " slot={role} from_in=[{}] to_in=[{}]", r(from), r(to))
            }
            FixAction::Split { slides, units } => {
                let list = serde_json::to_string(slides).map_err(|_| fmt::Error)?;
                write!(f, " slides={list} units={units}")
            }
            FixAction::ChartType { from, to, reason } => {
                write!(f, " from={from} to={to} reason={reason}")
            }
            FixAction::TopN {
                categories,
                kept,
                merged,
                other_capped,
            } => {
                write!(f, " categories={categories} kept={kept} merged={merged}")?;
                if *other_capped {
                    write!(f, " other_capped=true")?;
                }
                Ok(())
            }
            FixAction::ThinLabels { every } => write!(f, " label_every={every}"),
            FixAction::Move { to } => write!(f, " to_slide={to}"),
            FixAction::ChangeLayout { from, to } => {
                write!(f, " from={} to={}", from.id(), to.id())
            }
            FixAction::ReduceSpacing | FixAction::TwoColumns | FixAction::NeedsHumanEdit => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn log_entries_read_like_the_report() {
        let fix = |action| Fix {
            slide_id: "s1".into(),
            element_id: Some("e2".into()),
            action,
        };
        assert_eq!(
            fix(FixAction::Shrink {
                from: 2000,
                to: 1550
            })
            .to_string(),
            "shrink e2 from_pt=20 to_pt=15.5"
        );
        let split = FixAction::Split {
            slides: vec!["s1".into(), "s1-cont-2".into()],
            units: 30,
        };
        assert_eq!(
            fix(split).to_string(),
            r#"split e2 slides=["s1","s1-cont-2"] units=30"#
        );
        let reslot = Fix {
            element_id: None,
            ..fix(FixAction::Reslot { moved: 222_250 })
        };
        assert_eq!(reslot.to_string(), "reslot s1 moved_height_in=0.243");
    }
}

/// What kind of content was dropped (QC's `details.kind`).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, serde::Deserialize,
)]
#[serde(rename_all = "snake_case")]
pub enum DropKind {
    /// A VBA macro project, its data or signature, or Word's key map / toolbars.
    MacroProject,
    /// An ActiveX control (`p:controls`, `w:control`, activeX parts).
    #[serde(rename = "activex")]
    ActiveX,
    /// An OLE object, embedded or linked (`p:oleObj`, `w:object`, oleObject and package parts).
    OleObject,
    /// An external relationship to a web or mail address: a linked picture, a hyperlink, an
    /// external data source or template.
    ExternalLink,
    /// An external relationship or link to a file path, UNC share or `file:` URL (opening the
    /// output would reach out to it).
    FileLink,
    /// A link or action that runs something: `javascript:`, `vbscript:`, `data:` and other
    /// schemes, `ppaction://macro`, `ppaction://program`, `ppaction://ole`.
    ScriptLink,
    /// A field that fetches or runs something when the document updates (the field code goes,
    /// its cached result stays).
    FetchingField,
    /// An SVG picture (it can hold script and external references; the raster picture Office
    /// writes beside it is kept).
    SvgImage,
    /// A relationship of a type a template's look does not need (audio, video, VML drawings,
    /// custom XML, web extensions...).
    UnlistedPart,
    /// A relationship of an allowed type whose target's content type is not that type's (a
    /// macro project posing as a picture).
    WrongContentType,
}

impl DropKind {
    pub fn as_str(self) -> &'static str {
        match self {
            DropKind::MacroProject => "macro_project",
            DropKind::ActiveX => "activex",
            DropKind::OleObject => "ole_object",
            DropKind::ExternalLink => "external_link",
            DropKind::FileLink => "file_link",
            DropKind::ScriptLink => "script_link",
            DropKind::FetchingField => "fetching_field",
            DropKind::SvgImage => "svg_image",
            DropKind::UnlistedPart => "unlisted_part",
            DropKind::WrongContentType => "wrong_content_type",
        }
    }
}

/// One thing a template's part had that no output carries: the part, what it was, and its
/// target when showing it is safe (a part name, a web or mail address, a field's name, shown
/// at most `specrender_template::policy::MAX_TARGET` characters; a script's text or a file path is never shown, only its
/// scheme).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize, serde::Deserialize)]
pub struct Dropped {
    pub part: String,
    pub kind: DropKind,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target: Option<String>,
}

/// What PDF/UA-1 requires that a deck did not give.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum PdfMissing {
    /// `deck.title`.
    Title,
    /// A picture's `alt_text`.
    AltText,
    /// What the PDF writer's own PDF/UA-1 validation found besides (its words).
    Other(String),
}
