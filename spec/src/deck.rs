//! The resolved deck: what layout consumes. Built by [`crate::resolve()`] from a validated
//! [`crate::SlideSpec`]: defaults applied, theme tokens read, ids known to be unique.

use std::collections::BTreeMap;

use serde::{Serialize, Serializer};

pub use crate::assets::{LoadedAsset, Reason, Refusal};
pub use crate::slidespec::AssetType;

pub use crate::units::{Cpt, Emu, EMU_PER_INCH, EMU_PER_PT};

/// Language family that drives East Asian font choice, line breaking and continuation titles.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum LangFamily {
    Korean,
    Japanese,
    ChineseSimplified,
    ChineseTraditional,
    /// Anything else (English and other non-CJK languages).
    Other,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct SlideSize {
    pub cx: Emu,
    pub cy: Emu,
}

impl SlideSize {
    pub const WIDESCREEN: SlideSize = SlideSize {
        cx: 12_192_000,
        cy: 6_858_000,
    };
    pub const STANDARD: SlideSize = SlideSize {
        cx: 9_144_000,
        cy: 6_858_000,
    };
}

/// An sRGB colour, written as `RRGGBB` in OOXML.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Rgb(pub u8, pub u8, pub u8);

impl Rgb {
    pub fn hex(self) -> String {
        format!("{:02X}{:02X}{:02X}", self.0, self.1, self.2)
    }
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ThemeColors {
    pub primary: Rgb,
    pub secondary: Rgb,
    pub accent: Rgb,
    pub text: Rgb,
    pub background: Rgb,
    pub muted: Rgb,
    /// Titles' colour when it is not `primary` (a template's own title colour; `None`: primary).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub heading: Option<Rgb>,
}

/// Family names as the deck asks for them (written into the file as is; measured with the
/// font the FontBook resolves them to).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ThemeFonts {
    pub heading: String,
    pub body: String,
    pub heading_ea: String,
    pub body_ea: String,
    pub mono: String,
}

/// Default sizes in centipoints.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ThemeSizes {
    pub title: Cpt,
    pub subtitle: Cpt,
    pub body: Cpt,
    pub caption: Cpt,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Theme {
    pub template_id: String,
    pub brand_kit_id: String,
    pub colors: ThemeColors,
    pub fonts: ThemeFonts,
    pub sizes: ThemeSizes,
    /// `theme.brand.tokens.layouts`: a template layout name per SlideSpec `layout_id`, chosen
    /// before any other rule when the deck is laid out on a template.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub layouts: BTreeMap<String, String>,
    /// The colours (`text`, `heading`, `background`, ...) a template supplied because the deck
    /// set none: specrender may adjust them where a layout needs another to be legible.
    #[serde(skip_serializing_if = "std::collections::BTreeSet::is_empty")]
    pub from_template: std::collections::BTreeSet<&'static str>,
    /// The brand tokens the input set (`colors.text`, `fonts.body`, `sizes.title`, ...), equal
    /// to a default or not: on a template these win over the template's values.
    #[serde(skip)]
    pub set: std::collections::BTreeSet<String>,
    /// `theme.brand.tokens.logo`: an image asset placed on the master in a corner.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub logo: Option<Logo>,
}

/// A brand logo: the image asset, the corner (`top_right`...) and its height (EMU).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Logo {
    pub asset_id: String,
    pub corner: &'static str,
    pub height: crate::units::Emu,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Deck {
    pub title: String,
    pub subtitle: Option<String>,
    /// BCP-47 tag as given (default `ko`), written as `lang` on runs.
    pub language: String,
    pub lang: LangFamily,
    pub slide_size: SlideSize,
    pub theme: Theme,
    pub slides: Vec<Slide>,
    /// Non-fatal observations made while resolving (e.g. unknown theme token keys): QC notes.
    pub notes: Vec<ResolveNote>,
    /// Every `assets[]` entry an element references (an image's `asset_id`, any `data_ref`),
    /// loaded through the deck's [`crate::AssetRoot`] by asset id. Look ups go through
    /// [`Deck::asset`], which turns an id missing from `assets[]` into a refusal.
    pub assets: BTreeMap<String, DeckAsset>,
}

/// One loaded (or refused) asset.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct DeckAsset {
    pub asset_type: AssetType,
    #[serde(serialize_with = "ser_loaded")]
    pub loaded: Result<LoadedAsset, Refusal>,
}

fn ser_loaded<S: Serializer>(l: &Result<LoadedAsset, Refusal>, s: S) -> Result<S::Ok, S::Error> {
    match l {
        Ok(a) => s.serialize_str(&format!("{} ({} bytes)", a.path, a.bytes.len())),
        Err(r) => r.serialize(s),
    }
}

impl Deck {
    /// The asset `id` of `assets[]`: its type and bytes, or why it cannot be used
    /// ([`Reason::NotInAssets`] when no entry has that id).
    pub fn asset(&self, id: &str) -> Result<(AssetType, &LoadedAsset), Refusal> {
        match self.assets.get(id) {
            Some(DeckAsset {
                asset_type,
                loaded: Ok(a),
            }) => Ok((*asset_type, a)),
            Some(DeckAsset { loaded: Err(r), .. }) => Err(r.clone()),
            None => Err(Refusal::new(
                Reason::NotInAssets,
                format!("asset_id {id:?} is not in `assets`"),
            )),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ResolveNote {
    /// JSON Pointer into the input.
    pub path: String,
    pub code: crate::Code,
    pub message: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum SlideKind {
    Title,
    Section,
    Content,
    Chart,
    Table,
    Image,
    Quote,
    Closing,
    Custom,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Slide {
    pub id: String,
    pub kind: SlideKind,
    pub layout_id: String,
    pub elements: Vec<Element>,
    pub speaker_notes: Option<String>,
    /// Every citation the slide shows: the ones its elements reference and its own
    /// `citations`, each once, in number order.
    pub citations: Vec<Citation>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ElementKind {
    Text,
    Bullets,
    Image,
    Chart,
    Table,
    Shape,
    Divider,
}

impl ElementKind {
    pub fn as_str(self) -> &'static str {
        match self {
            ElementKind::Text => "text",
            ElementKind::Bullets => "bullets",
            ElementKind::Image => "image",
            ElementKind::Chart => "chart",
            ElementKind::Table => "table",
            ElementKind::Shape => "shape",
            ElementKind::Divider => "divider",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Emphasis {
    None,
    Low,
    Medium,
    High,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Constraints {
    /// 0..=100, default 50; lower gives up size first.
    pub priority: u8,
    /// Default true.
    pub allow_shrink: bool,
    /// Default 1200 (12 pt).
    pub min_font: Cpt,
}

impl Default for Constraints {
    fn default() -> Self {
        Constraints {
            priority: 50,
            allow_shrink: true,
            min_font: 1200,
        }
    }
}

/// `style.box`: an explicit rectangle, already converted to EMU of the slide.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct BoxRect {
    pub x: Emu,
    pub y: Emu,
    pub w: Emu,
    pub h: Emu,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Element {
    pub id: String,
    pub kind: ElementKind,
    pub role: Option<String>,
    pub content: Content,
    pub style_box: Option<BoxRect>,
    pub emphasis: Emphasis,
    pub variant: Option<String>,
    pub constraints: Constraints,
    pub citations: Vec<CitationRef>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Crop {
    Contain,
    Cover,
    CenterCrop,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ChartSeries {
    pub name: String,
    /// (x as display string, y)
    pub data: Vec<(String, f64)>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub enum Cell {
    Text(String),
    Number(f64),
    Empty,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub enum Content {
    Text {
        text: String,
    },
    Bullets {
        items: Vec<String>,
    },
    Image {
        asset_id: String,
        alt_text: Option<String>,
        crop: Crop,
    },
    Chart {
        chart_type: String,
        title: Option<String>,
        /// Axis titles: `x_label` (categories), `y_label` (values).
        x_label: Option<String>,
        y_label: Option<String>,
        series: Vec<ChartSeries>,
        /// Every series' every `x` was a number (numbers are ordered categories).
        x_numeric: bool,
        /// `content.notes`: written to the slide's speaker notes.
        notes: Option<String>,
        /// The element's `data_ref`: the `asset_id` of a `data` asset (CSV).
        data_ref: Option<String>,
    },
    Table {
        title: Option<String>,
        columns: Vec<String>,
        rows: Vec<Vec<Cell>>,
    },
    /// `shape` content `{shape, text}` (free-form: a name that is not a string is ignored).
    Shape {
        shape: Option<String>,
        text: Option<String>,
    },
    /// `divider` elements carry no content the engine reads.
    None,
}

/// A citation as a slide shows it: numbered deck-wide by first appearance (see
/// [`crate::cite`]), with what its footer entry and the speaker notes say.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Citation {
    /// The deck-wide number its key `[n]` and footer entry `n. …` show (1-based).
    pub number: u32,
    pub id: String,
    pub kind: String,
    pub title: Option<String>,
    pub url: Option<String>,
    pub evidence_id: Option<String>,
    /// `locator` as (key, value) pairs in input order, values as display text.
    pub locator: Vec<(String, String)>,
}

/// An element's reference to a citation, with the citation's deck-wide number (0 only for a
/// reference that resolves to nothing, which validation refuses).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CitationRef {
    pub citation_id: String,
    pub note: Option<String>,
    pub number: u32,
}
