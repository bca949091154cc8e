//! Typed DocSpec v1, mirroring `schema/docspec-v1.schema.json` field for field (same
//! conventions as [`crate::slidespec`]).

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::common::{de_integer, typed_content, Brand, Citation, CitationRef, TemplateRef};
use crate::slidespec::CellValue;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DocSpec {
    /// Always `docspec_v1`.
    pub spec_version: String,
    pub doc: DocBody,
    pub theme: DocTheme,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub references: Vec<Citation>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub extensions: Option<Map<String, Value>>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DocBody {
    pub title: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub subtitle: Option<String>,
    /// BCP-47; `None` means the schema default `ko`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub language: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub author: Option<String>,
    /// `format: date` (annotation only; the semantic pass warns on a non-ISO date).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub created_date: Option<String>,
    pub blocks: Vec<Block>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DocTheme {
    pub template_ref: TemplateRef,
    pub brand: Brand,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BlockType {
    Heading,
    Paragraph,
    List,
    Table,
    Figure,
    Quote,
    PageBreak,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawBlock {
    block_id: String,
    #[serde(rename = "type")]
    block_type: BlockType,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    content: Option<Map<String, Value>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    style: Option<Map<String, Value>>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    citations: Vec<CitationRef>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    extensions: Option<Map<String, Value>>,
}

/// One document block; `content` is typed by `type` (the schema's `if/then` rules). `quote`
/// and `page_break` have no rule in the schema and keep whatever object they were given.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "RawBlock", into = "RawBlock")]
pub struct Block {
    pub block_id: String,
    pub content: BlockContent,
    pub style: Option<Map<String, Value>>,
    pub citations: Vec<CitationRef>,
    pub extensions: Option<Map<String, Value>>,
}

impl Block {
    pub fn block_type(&self) -> BlockType {
        self.content.block_type()
    }
}

#[derive(Debug, Clone, PartialEq)]
pub enum BlockContent {
    Heading(HeadingContent),
    Paragraph(ParagraphContent),
    List(ListContent),
    Table(DocTableContent),
    Figure(FigureContent),
    Quote(Option<Map<String, Value>>),
    PageBreak(Option<Map<String, Value>>),
}

impl BlockContent {
    pub fn block_type(&self) -> BlockType {
        match self {
            BlockContent::Heading(_) => BlockType::Heading,
            BlockContent::Paragraph(_) => BlockType::Paragraph,
            BlockContent::List(_) => BlockType::List,
            BlockContent::Table(_) => BlockType::Table,
            BlockContent::Figure(_) => BlockType::Figure,
            BlockContent::Quote(_) => BlockType::Quote,
            BlockContent::PageBreak(_) => BlockType::PageBreak,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HeadingContent {
    /// 1..=6 (JSON Schema integer: `2.0` is accepted).
    #[serde(deserialize_with = "de_integer")]
    pub level: i64,
    pub text: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ParagraphContent {
    pub text: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ListContent {
    /// `None` means the schema default `false`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ordered: Option<bool>,
    pub items: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DocTableContent {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    pub columns: Vec<String>,
    pub rows: Vec<Vec<Option<CellValue>>>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FigureContent {
    pub asset_id: String,
    pub caption: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub alt_text: Option<String>,
}

impl TryFrom<RawBlock> for Block {
    type Error = String;

    fn try_from(raw: RawBlock) -> Result<Self, String> {
        let content = match raw.block_type {
            BlockType::Heading => {
                BlockContent::Heading(typed_content(raw.content, "block of type", "heading")?)
            }
            BlockType::Paragraph => {
                BlockContent::Paragraph(typed_content(raw.content, "block of type", "paragraph")?)
            }
            BlockType::List => {
                BlockContent::List(typed_content(raw.content, "block of type", "list")?)
            }
            BlockType::Table => {
                BlockContent::Table(typed_content(raw.content, "block of type", "table")?)
            }
            BlockType::Figure => {
                BlockContent::Figure(typed_content(raw.content, "block of type", "figure")?)
            }
            BlockType::Quote => BlockContent::Quote(raw.content),
            BlockType::PageBreak => BlockContent::PageBreak(raw.content),
        };
        Ok(Block {
            block_id: raw.block_id,
            content,
            style: raw.style,
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

impl From<Block> for RawBlock {
    fn from(b: Block) -> Self {
        let block_type = b.block_type();
        let content = match &b.content {
            BlockContent::Heading(c) => to_map(c),
            BlockContent::Paragraph(c) => to_map(c),
            BlockContent::List(c) => to_map(c),
            BlockContent::Table(c) => to_map(c),
            BlockContent::Figure(c) => to_map(c),
            BlockContent::Quote(m) | BlockContent::PageBreak(m) => m.clone(),
        };
        RawBlock {
            block_id: b.block_id,
            block_type,
            content,
            style: b.style,
            citations: b.citations,
            extensions: b.extensions,
        }
    }
}
