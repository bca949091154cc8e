//! Issue types and severities (docs/concepts/findings.md, one entry per type: `tests/docs.rs` checks it). A new kind of finding adds a variant here and
//! its words in `wording/`.

use serde::{Serialize, Serializer};
use specrender_spec::Code;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Severity {
    High,
    Medium,
    Low,
}

/// An issue's `type`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum IssueKind {
    /// A text box's text needs more height than it may use.
    Overflow,
    /// A box outside the safe area or the slide.
    OutOfBounds,
    /// Two boxes of a slide overlapping by more than 2% of the smaller one.
    Overlap,
    /// Text drawn below its floor.
    MinFont,
    /// A requested family missing, or characters no font has.
    FontFallback,
    /// `--embed-fonts`: a family the file names that is not embedded (its licence, its
    /// outlines, or a stand-in measured it).
    FontNotEmbedded,
    /// A `layout_id` that is not a preset.
    UnknownLayout,
    /// On a template, no template layout fits a layout id (placed by our own slot rules).
    TemplateLayoutFallback,
    /// `theme.brand.tokens.layouts` names a layout the template does not have.
    TemplateLayoutMissing,
    /// A laid line of text whose ink lands on the template's artwork (an opaque decoration of
    /// the master or layout, at its outline).
    OverlapsArtwork,
    /// Text below 4.5:1 contrast against what is drawn under its lines (on a template).
    LowContrast,
    /// Two chart series (or pie slices) whose colours are too close to tell apart.
    ChartPalette,
    /// A template layout draws a shape over the brand logo on the master.
    LogoHidden,
    /// `template_id` names no built-in look and no template in the templates folder.
    UnknownTemplate,
    /// The carry policy dropped active or external content from a template part.
    TemplateContentDropped,
    /// A word wider than its box, broken inside.
    BrokenWord,
    /// An element kind drawn as a labelled placeholder box.
    PlaceholderElement,
    /// A chart's category labels overlap even thinned.
    ChartLabelsCrowded,
    /// A chart's `data_ref` CSV is unreadable or disagrees with its series.
    ChartDataMismatch,
    /// A shape name that is not a preset (drawn as a rectangle).
    UnknownShape,
    /// Citations a slide lists that do not fit its footer band (they are in the notes).
    CitationsOverflow,
    /// A picture whose asset is missing, refused or undecodable (drawn as a placeholder).
    MissingAsset,
    /// A table whose rows or columns do not fit its box.
    TableOverflow,
    /// Table rows with more or fewer cells than columns (padded or cut).
    TableRaggedRows,
    /// A validation warning (semantic finding that is not an error).
    InputWarning,
    /// The PDF does not declare PDF/UA-1: the deck lacks what it requires.
    PdfNotAccessible,
    /// DocSpec: a table cell's word, number or URL wider than its column.
    UnbreakableText,
    /// DocSpec: a heading more than one level below the previous heading.
    HeadingSkip,
    /// `specrender check`: a placeholder on a slide that still holds its layout's prompt text.
    PlaceholderPrompt,
    /// `specrender check`: a placeholder on a slide left empty (it shows its prompt while
    /// editing and nothing in a show).
    EmptyPlaceholder,
    /// `specrender check`: drawn text that is not measured (vertical text, WordArt,
    /// SmartArt): reported, never passed silently.
    NotMeasured,
    /// Accessibility (`specrender check`; PowerPoint's Accessibility Checker errors): a
    /// picture, chart, diagram or object without alternative text, not marked decorative.
    MissingAltText,
    /// Accessibility (error): a slide without a title.
    MissingSlideTitle,
    /// Accessibility (error): a table without a header row.
    TableNoHeader,
    /// Accessibility (warning): a slide whose title another slide has.
    DuplicateSlideTitle,
    /// Accessibility (warning): link text that is a bare URL or says nothing ("click here").
    UnclearLinkText,
    /// Accessibility (warning): shapes read in an order other than the one they are seen in.
    ReadingOrder,
    /// Accessibility (warning): no text of the file names its language.
    MissingLanguage,
    /// `specrender check` on a Word document: the pages the document is predicted to take
    /// (informational, low).
    PageCount,
    /// A free-form input value resolve could not use, named by its input code
    /// (`unknown_token`, `invalid_token`, ...).
    Input(Code),
}

impl IssueKind {
    pub fn as_str(self) -> &'static str {
        match self {
            IssueKind::Overflow => "overflow",
            IssueKind::OutOfBounds => "out_of_bounds",
            IssueKind::Overlap => "overlap",
            IssueKind::MinFont => "min_font",
            IssueKind::FontFallback => "font_fallback",
            IssueKind::FontNotEmbedded => "font_not_embedded",
            IssueKind::UnknownLayout => "unknown_layout",
            IssueKind::TemplateLayoutFallback => "template_layout_fallback",
            IssueKind::TemplateLayoutMissing => "template_layout_missing",
            IssueKind::OverlapsArtwork => "overlaps_artwork",
            IssueKind::LowContrast => "low_contrast",
            IssueKind::ChartPalette => "chart_palette",
            IssueKind::LogoHidden => "logo_hidden",
            IssueKind::UnknownTemplate => "unknown_template",
            IssueKind::PdfNotAccessible => "pdf_not_accessible",
            IssueKind::TemplateContentDropped => "template_content_dropped",
            IssueKind::BrokenWord => "broken_word",
            IssueKind::PlaceholderElement => "placeholder_element",
            IssueKind::ChartLabelsCrowded => "chart_labels_crowded",
            IssueKind::ChartDataMismatch => "chart_data_mismatch",
            IssueKind::MissingAsset => "missing_asset",
            IssueKind::CitationsOverflow => "citations_overflow",
            IssueKind::UnknownShape => "unknown_shape",
            IssueKind::TableOverflow => "table_overflow",
            IssueKind::TableRaggedRows => "table_ragged_rows",
            IssueKind::InputWarning => "input_warning",
            IssueKind::UnbreakableText => "unbreakable_text",
            IssueKind::HeadingSkip => "heading_skip",
            IssueKind::PlaceholderPrompt => "placeholder_prompt",
            IssueKind::EmptyPlaceholder => "empty_placeholder",
            IssueKind::NotMeasured => "not_measured",
            IssueKind::MissingAltText => "missing_alt_text",
            IssueKind::MissingSlideTitle => "missing_slide_title",
            IssueKind::TableNoHeader => "table_no_header",
            IssueKind::DuplicateSlideTitle => "duplicate_slide_title",
            IssueKind::UnclearLinkText => "unclear_link_text",
            IssueKind::ReadingOrder => "reading_order",
            IssueKind::MissingLanguage => "missing_language",
            IssueKind::PageCount => "page_count",
            IssueKind::Input(code) => code.as_str(),
        }
    }
}

impl std::fmt::Display for IssueKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Serialize for IssueKind {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

impl PartialEq<&str> for IssueKind {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}
