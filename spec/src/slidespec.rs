//! Typed SlideSpec v1, mirroring `schema/slidespec-v1.schema.json` field for field.
//!
//! Objects with `additionalProperties: false` deny unknown fields; free-form objects
//! (`layout_hints`, `tokens`, `locator`, `extensions`, open `style` / `constraints` / `brand`)
//! keep their extra members in a [`Map`]. Optional scalars are `Option`, optional arrays
//! default to empty. Deserialising is done after [`crate::validate()`] has accepted the value,
//! so the element `kind` / `content` pairing (the schema's `if/then` rules) holds.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::common::{de_opt_integer, typed_content, Brand, Citation, CitationRef, TemplateRef};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SlideSpec {
    /// Always `slidespec_v1`.
    pub spec_version: String,
    pub deck: DeckSpec,
    pub theme: SlideTheme,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub assets: Vec<AssetRef>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub extensions: Option<Map<String, Value>>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DeckSpec {
    pub title: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub subtitle: Option<String>,
    /// BCP-47; `None` means the schema default `ko`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub language: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub audience: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tone: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tags: Vec<String>,
    pub slides: Vec<SlideSpecSlide>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SlideSizeName {
    #[serde(rename = "widescreen_16_9")]
    Widescreen16x9,
    #[serde(rename = "standard_4_3")]
    Standard4x3,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SlideTheme {
    pub template_ref: TemplateRef,
    pub brand: Brand,
    /// `None` means the schema default `widescreen_16_9`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub slide_size: Option<SlideSizeName>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AssetType {
    Image,
    Icon,
    Data,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AssetSourceKind {
    File,
    Url,
    Generated,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AssetSource {
    pub kind: AssetSourceKind,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub file_id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AssetRef {
    pub asset_id: String,
    #[serde(rename = "type")]
    pub asset_type: AssetType,
    pub source: AssetSource,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SlideType {
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

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SlideLayout {
    pub layout_id: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub layout_hints: Option<Map<String, Value>>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SlideSpecSlide {
    pub slide_id: String,
    #[serde(rename = "type")]
    pub slide_type: SlideType,
    pub layout: SlideLayout,
    pub elements: Vec<SpecElement>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub speaker_notes: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub citations: Vec<Citation>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub extensions: Option<Map<String, Value>>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SpecElementKind {
    Text,
    Bullets,
    Image,
    Chart,
    Table,
    Shape,
    Divider,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SpecEmphasis {
    None,
    Low,
    Medium,
    High,
}

/// `element.style`: open object. `box` is not in the schema but is the engine's explicit
/// placement (`{x,y,w,h}` in inches or percent strings, checked by the semantic pass).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ElementStyle {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub variant: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub emphasis: Option<SpecEmphasis>,
    #[serde(rename = "box", default, skip_serializing_if = "Option::is_none")]
    pub box_rect: Option<Value>,
    #[serde(flatten)]
    pub other: Map<String, Value>,
}

/// `element.constraints`: open object.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ElementConstraints {
    /// 0..=100 (JSON Schema integer: `50.0` is accepted).
    #[serde(
        default,
        deserialize_with = "de_opt_integer",
        skip_serializing_if = "Option::is_none"
    )]
    pub priority: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub allow_shrink: Option<bool>,
    /// 8..=28 pt.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min_font_pt: Option<f64>,
    #[serde(flatten)]
    pub other: Map<String, Value>,
}

/// The wire shape of an element; [`SpecElement`] converts from it so that `content` is typed
/// by `kind` (the schema's `if/then` rules).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawElement {
    element_id: String,
    kind: SpecElementKind,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    role: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    content: Option<Map<String, Value>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    style: Option<ElementStyle>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    data_ref: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    constraints: Option<ElementConstraints>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    citations: Vec<CitationRef>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    extensions: Option<Map<String, Value>>,
}

/// One slide element. `content` is typed by `kind`; `shape` and `divider` keep whatever
/// object they were given (the schema has no rule for them).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "RawElement", into = "RawElement")]
pub struct SpecElement {
    pub element_id: String,
    pub role: Option<String>,
    pub content: ElementContent,
    pub style: Option<ElementStyle>,
    pub data_ref: Option<String>,
    pub constraints: Option<ElementConstraints>,
    pub citations: Vec<CitationRef>,
    pub extensions: Option<Map<String, Value>>,
}

impl SpecElement {
    pub fn kind(&self) -> SpecElementKind {
        self.content.kind()
    }
}

#[derive(Debug, Clone, PartialEq)]
pub enum ElementContent {
    Text(TextContent),
    Bullets(BulletsContent),
    Image(ImageContent),
    Chart(ChartContent),
    Table(TableContent),
    Shape(Option<Map<String, Value>>),
    Divider(Option<Map<String, Value>>),
}

impl ElementContent {
    pub fn kind(&self) -> SpecElementKind {
        match self {
            ElementContent::Text(_) => SpecElementKind::Text,
            ElementContent::Bullets(_) => SpecElementKind::Bullets,
            ElementContent::Image(_) => SpecElementKind::Image,
            ElementContent::Chart(_) => SpecElementKind::Chart,
            ElementContent::Table(_) => SpecElementKind::Table,
            ElementContent::Shape(_) => SpecElementKind::Shape,
            ElementContent::Divider(_) => SpecElementKind::Divider,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TextContent {
    pub text: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BulletsContent {
    pub items: Vec<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SpecCrop {
    Contain,
    Cover,
    CenterCrop,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ImageContent {
    pub asset_id: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub alt_text: Option<String>,
    /// `None` means the schema default `center_crop`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub crop: Option<SpecCrop>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ChartType {
    Bar,
    Line,
    Pie,
    Area,
    StackedBar,
}

impl ChartType {
    pub fn as_str(self) -> &'static str {
        match self {
            ChartType::Bar => "bar",
            ChartType::Line => "line",
            ChartType::Pie => "pie",
            ChartType::Area => "area",
            ChartType::StackedBar => "stacked_bar",
        }
    }
}

/// A chart `x`: `["string", "number"]`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum XValue {
    Text(String),
    Number(f64),
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DataPoint {
    pub x: XValue,
    pub y: f64,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Series {
    pub name: String,
    pub data: Vec<DataPoint>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChartContent {
    pub chart_type: ChartType,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub x_label: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub y_label: Option<String>,
    pub series: Vec<Series>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub notes: Option<String>,
}

/// A table cell: `["string", "number", "null"]`; `null` is `None` in [`TableContent::rows`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum CellValue {
    Text(String),
    /// As the JSON holds it: an integer within 64 bits keeps every digit (a double holds
    /// integers exactly only up to 2^53); see [`CellValue::cell`].
    Number(serde_json::Number),
}

/// The largest integer every smaller one of which a double holds exactly: 2^53.
const EXACT_IN_F64: u64 = 1 << 53;

impl CellValue {
    /// The resolved cell of `c` (`None`: `null`). A JSON integer whose magnitude passes 2^53
    /// (9007199254740993, 12345678901234567890) becomes its digits as written, as text, so no
    /// digit is rounded away; layout still reads it as a number (right-aligned). Integers past
    /// 64 bits reach here already as doubles (serde_json without `arbitrary_precision`).
    pub fn cell(c: &Option<CellValue>) -> crate::deck::Cell {
        use crate::deck::Cell;
        match c {
            Some(CellValue::Text(s)) => Cell::Text(s.clone()),
            Some(CellValue::Number(n)) => {
                let big = n.as_u64().is_some_and(|u| u > EXACT_IN_F64)
                    || n.as_i64().is_some_and(|i| i.unsigned_abs() > EXACT_IN_F64);
                if big {
                    Cell::Text(n.to_string())
                } else {
                    Cell::Number(n.as_f64().unwrap_or(0.0))
                }
            }
            None => Cell::Empty,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TableContent {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    pub columns: Vec<String>,
    pub rows: Vec<Vec<Option<CellValue>>>,
}

impl TryFrom<RawElement> for SpecElement {
    type Error = String;

    fn try_from(raw: RawElement) -> Result<Self, String> {
        let content = match raw.kind {
            SpecElementKind::Text => {
                ElementContent::Text(typed_content(raw.content, "element of kind", "text")?)
            }
            SpecElementKind::Bullets => {
                ElementContent::Bullets(typed_content(raw.content, "element of kind", "bullets")?)
            }
            SpecElementKind::Image => {
                ElementContent::Image(typed_content(raw.content, "element of kind", "image")?)
            }
            SpecElementKind::Chart => {
                ElementContent::Chart(typed_content(raw.content, "element of kind", "chart")?)
            }
            SpecElementKind::Table => {
                ElementContent::Table(typed_content(raw.content, "element of kind", "table")?)
            }
            SpecElementKind::Shape => ElementContent::Shape(raw.content),
            SpecElementKind::Divider => ElementContent::Divider(raw.content),
        };
        Ok(SpecElement {
            element_id: raw.element_id,
            role: raw.role,
            content,
            style: raw.style,
            data_ref: raw.data_ref,
            constraints: raw.constraints,
            citations: raw.citations,
            extensions: raw.extensions,
        })
    }
}

fn to_map<T: Serialize>(v: &T) -> Option<Map<String, Value>> {
    match serde_json::to_value(v) {
        Ok(Value::Object(m)) => Some(m),
        _ => None,
    }
}

impl From<SpecElement> for RawElement {
    fn from(e: SpecElement) -> Self {
        let kind = e.kind();
        let content = match &e.content {
            ElementContent::Text(c) => to_map(c),
            ElementContent::Bullets(c) => to_map(c),
            ElementContent::Image(c) => to_map(c),
            ElementContent::Chart(c) => to_map(c),
            ElementContent::Table(c) => to_map(c),
            ElementContent::Shape(m) | ElementContent::Divider(m) => m.clone(),
        };
        RawElement {
            element_id: e.element_id,
            kind,
            role: e.role,
            content,
            style: e.style,
            data_ref: e.data_ref,
            constraints: e.constraints,
            citations: e.citations,
            extensions: e.extensions,
        }
    }
}
