//! The resolved document: what document layout consumes. Built by [`resolve_doc`] from a
//! validated [`DocSpec`]: defaults applied (language `ko`, the document theme), theme tokens
//! read, citations numbered by first appearance, every figure's asset loaded through the same
//! [`AssetRoot`] as slides.
//!
//! DocSpec has no `assets[]`: a figure's `asset_id` resolves like a slide's `generated` asset,
//! to a file named after the id in the assets root, or, when the id is a relative path with
//! folders (`assets/img-01.jpg`), like a deck's `file_id` ([`AssetRoot::load_figure`]).

use std::collections::BTreeMap;

use serde_json::{Map, Value};

use crate::assets::AssetRoot;
use crate::deck::*;
use crate::docspec::{BlockContent, DocSpec};
use crate::resolve::{apply_tokens, default_theme, lang_family};
use crate::slidespec::CellValue;
use crate::{CitationKind, Code};

/// A resolved document.
#[derive(Debug, Clone, PartialEq)]
pub struct Doc {
    pub title: String,
    pub subtitle: Option<String>,
    /// BCP-47 tag as given (default `ko`).
    pub language: String,
    pub lang: LangFamily,
    pub author: Option<String>,
    /// `created_date` as given (written into the core properties; never the clock).
    pub created: Option<String>,
    pub theme: Theme,
    pub blocks: Vec<DocBlock>,
    /// `references[]`, in input order.
    pub references: Vec<Reference>,
    /// Figure assets by asset id: bytes, or why they cannot be used.
    pub assets: BTreeMap<String, Result<LoadedAsset, Refusal>>,
    /// Free-form values that could not be used (QC notes).
    pub notes: Vec<ResolveNote>,
}

/// One block, with its input index (for JSON Pointers) and the references it cites.
#[derive(Debug, Clone, PartialEq)]
pub struct DocBlock {
    pub id: String,
    pub index: usize,
    pub kind: BlockKind,
    /// Indices into [`Doc::references`], in the order the block cites them.
    pub cites: Vec<usize>,
    /// The block's `style` as read ([`crate::tokens::parse_block_style`]): alignment,
    /// weight, slant, colour and size of its text.
    pub style: crate::tokens::BlockStyleRead,
}

#[derive(Debug, Clone, PartialEq)]
pub enum BlockKind {
    Heading {
        level: u8,
        text: String,
    },
    Paragraph {
        text: String,
    },
    List {
        ordered: bool,
        items: Vec<String>,
    },
    Table {
        title: Option<String>,
        columns: Vec<String>,
        rows: Vec<Vec<Cell>>,
    },
    Figure {
        asset_id: String,
        caption: String,
        alt: Option<String>,
    },
    Quote {
        text: String,
        attribution: Option<String>,
    },
    PageBreak,
}

impl BlockKind {
    pub fn as_str(&self) -> &'static str {
        match self {
            BlockKind::Heading { .. } => "heading",
            BlockKind::Paragraph { .. } => "paragraph",
            BlockKind::List { .. } => "list",
            BlockKind::Table { .. } => "table",
            BlockKind::Figure { .. } => "figure",
            BlockKind::Quote { .. } => "quote",
            BlockKind::PageBreak => "page_break",
        }
    }
}

/// One entry of `references[]`.
#[derive(Debug, Clone, PartialEq)]
pub struct Reference {
    pub id: String,
    pub kind: CitationKind,
    pub title: Option<String>,
    pub url: Option<String>,
    pub evidence_id: Option<String>,
    /// The locator as written in a note: `p. 12`, `pp. 3-5`, else `key value` pairs.
    pub locator: Option<String>,
}

impl Reference {
    /// The reference as one line: `Title, p. 12. https://...`; without a title, the evidence
    /// id (or, for a bare URL, nothing before the URL; the reference id as a last resort).
    pub fn text(&self) -> String {
        let name = self.title.clone().or_else(|| self.evidence_id.clone());
        if name.is_none() && self.locator.is_none() {
            if let Some(u) = &self.url {
                return u.clone();
            }
        }
        let mut s = name.unwrap_or_else(|| self.id.clone());
        if let Some(l) = &self.locator {
            s.push_str(", ");
            s.push_str(l);
        }
        if let Some(u) = &self.url {
            s.push_str(". ");
            s.push_str(u);
        }
        s
    }
}

/// Languages written right to left (BCP 47 primary subtag): Arabic, Hebrew, Persian, Urdu,
/// Yiddish, Pashto, Sindhi, Dhivehi, Kurdish (Sorani).
pub fn right_to_left_language(tag: &str) -> bool {
    let primary = tag
        .split(['-', '_'])
        .next()
        .unwrap_or("")
        .to_ascii_lowercase();
    matches!(
        primary.as_str(),
        "ar" | "he" | "iw" | "fa" | "ur" | "yi" | "ps" | "sd" | "dv" | "ckb"
    )
}

/// Document sizes (centipoints): body 11 pt, title 26 pt, subtitle 15 pt, caption 9 pt —
/// Word's own defaults for a report; `theme.brand.tokens.sizes` overrides them. A document on
/// a customer template takes the template's sizes wherever its theme still has these.
pub fn doc_theme(lang: LangFamily) -> Theme {
    let mut t = default_theme(lang);
    t.sizes = ThemeSizes {
        title: 2600,
        subtitle: 1500,
        body: 1100,
        caption: 900,
    };
    t
}

fn locator_text(m: &Map<String, Value>) -> Option<String> {
    let show = |v: &Value| match v {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    };
    let mut parts = Vec::new();
    for (k, v) in m {
        match k.as_str() {
            "page" => parts.push(format!("p. {}", show(v))),
            "pages" => parts.push(format!("pp. {}", show(v))),
            _ => parts.push(format!("{k} {}", show(v))),
        }
    }
    (!parts.is_empty()).then(|| parts.join(", "))
}

fn cell(c: &Option<CellValue>) -> Cell {
    CellValue::cell(c)
}

/// A quote block's free-form content: `text` (required to draw anything) and `attribution`.
fn quote(m: &Option<Map<String, Value>>, index: usize, notes: &mut Vec<ResolveNote>) -> BlockKind {
    let get = |k: &str| {
        m.as_ref()
            .and_then(|m| m.get(k))
            .and_then(Value::as_str)
            .filter(|s| !s.is_empty())
            .map(str::to_string)
    };
    let text = get("text").unwrap_or_else(|| {
        notes.push(ResolveNote {
            path: format!("/doc/blocks/{index}/content"),
            code: Code::InvalidQuote,
            message: "a quote block needs `content.text` (a non-empty string); the quote is empty"
                .into(),
        });
        String::new()
    });
    BlockKind::Quote {
        text,
        attribution: get("attribution").or_else(|| get("source")),
    }
}

fn block_kind(c: &BlockContent, index: usize, notes: &mut Vec<ResolveNote>) -> BlockKind {
    match c {
        BlockContent::Heading(h) => BlockKind::Heading {
            level: h.level.clamp(1, 6) as u8,
            text: h.text.clone(),
        },
        BlockContent::Paragraph(p) => BlockKind::Paragraph {
            text: p.text.clone(),
        },
        BlockContent::List(l) => BlockKind::List {
            ordered: l.ordered.unwrap_or(false),
            items: l.items.clone(),
        },
        BlockContent::Table(t) => BlockKind::Table {
            title: t.title.clone().filter(|s| !s.is_empty()),
            columns: t.columns.clone(),
            rows: t
                .rows
                .iter()
                .map(|r| r.iter().map(cell).collect())
                .collect(),
        },
        BlockContent::Figure(f) => BlockKind::Figure {
            asset_id: f.asset_id.clone(),
            caption: f.caption.clone(),
            alt: f.alt_text.clone().filter(|s| !s.is_empty()),
        },
        BlockContent::Quote(m) => quote(m, index, notes),
        BlockContent::PageBreak(_) => BlockKind::PageBreak,
    }
}

/// Resolve a valid DocSpec (see the module docs). `assets`: the assets root figures load
/// from; `None` makes every figure a `missing_asset` (`not_found`).
pub fn resolve_doc(spec: &DocSpec, assets: Option<&AssetRoot>) -> Doc {
    let d = &spec.doc;
    let language = d.language.clone().unwrap_or_else(|| "ko".to_string());
    let lang = lang_family(&language);
    let mut notes = Vec::new();
    let mut theme = doc_theme(lang);
    theme.template_id = spec.theme.template_ref.template_id.clone();
    theme.brand_kit_id = spec.theme.brand.brand_kit_id.clone();
    if let Some(tokens) = &spec.theme.brand.tokens {
        apply_tokens(tokens, &mut theme, &mut notes);
    }
    let references: Vec<Reference> = spec
        .references
        .iter()
        .map(|c| Reference {
            id: c.id.clone(),
            kind: c.kind,
            title: c.title.clone().filter(|s| !s.is_empty()),
            url: c.url.clone().filter(|s| !s.is_empty()),
            evidence_id: c.evidence_id.clone(),
            locator: c.locator.as_ref().and_then(locator_text),
        })
        .collect();
    let mut assets_out = BTreeMap::new();
    // One job: a file several figures name is read once, all of them counted together.
    let mut job = assets.map(AssetRoot::job);
    let blocks = d
        .blocks
        .iter()
        .enumerate()
        .map(|(i, b)| {
            let kind = block_kind(&b.content, i, &mut notes);
            if let BlockKind::Figure { asset_id, .. } = &kind {
                assets_out
                    .entry(asset_id.clone())
                    .or_insert_with(|| match &mut job {
                        Some(j) => j.load_figure(asset_id),
                        None => Err(Refusal::new(Reason::NotFound, "no assets root was given")),
                    });
            }
            let cites = b
                .citations
                .iter()
                .filter_map(|r| references.iter().position(|c| c.id == r.citation_id))
                .collect();
            DocBlock {
                id: b.block_id.clone(),
                index: i,
                kind,
                cites,
                style: b
                    .style
                    .as_ref()
                    .map(|st| crate::tokens::parse_block_style(st).0)
                    .unwrap_or_default(),
            }
        })
        .collect();
    Doc {
        title: d.title.clone(),
        subtitle: d.subtitle.clone().filter(|s| !s.is_empty()),
        language,
        lang,
        author: d.author.clone().filter(|s| !s.is_empty()),
        created: d.created_date.clone(),
        theme,
        blocks,
        references,
        assets: assets_out,
        notes,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(v: serde_json::Value) -> DocSpec {
        serde_json::from_value(v).unwrap()
    }

    #[test]
    fn resolves_blocks_references_and_defaults() {
        let s = spec(serde_json::json!({
            "spec_version": "docspec_v1",
            "doc": {"title": "T", "blocks": [
                {"block_id": "h", "type": "heading", "content": {"level": 2, "text": "H"}},
                {"block_id": "q", "type": "quote", "content": {"text": "Q", "attribution": "A"},
                 "citations": [{"citation_id": "c1"}]},
                {"block_id": "f", "type": "figure", "content": {"asset_id": "fig", "caption": "C"}},
                {"block_id": "p", "type": "page_break"}
            ]},
            "theme": {"template_ref": {"template_id": "default"}, "brand": {"brand_kit_id": "b"}},
            "references": [{"id": "c1", "kind": "url", "url": "https://x", "title": "X",
                            "locator": {"page": 12}}]
        }));
        let d = resolve_doc(&s, None);
        assert_eq!(d.language, "ko");
        assert_eq!(d.theme.sizes.body, 1100);
        assert_eq!(
            d.blocks[0].kind,
            BlockKind::Heading {
                level: 2,
                text: "H".into()
            }
        );
        assert_eq!(
            d.blocks[1].kind,
            BlockKind::Quote {
                text: "Q".into(),
                attribution: Some("A".into())
            }
        );
        assert_eq!(d.blocks[1].cites, vec![0]);
        assert_eq!(d.references[0].text(), "X, p. 12. https://x");
        assert_eq!(
            d.assets["fig"].as_ref().unwrap_err().reason,
            Reason::NotFound
        );
        assert_eq!(d.blocks[3].kind, BlockKind::PageBreak);
    }

    /// Issue 25.3: a figure naming `assets/img-01.jpg` loads from the subfolder; a path out of
    /// the root is still refused.
    #[test]
    fn figures_resolve_relative_paths_in_subfolders() {
        let base = std::env::temp_dir().join(format!("specrender-docfig-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&base);
        std::fs::create_dir_all(base.join("root/assets")).unwrap();
        std::fs::write(base.join("root/assets/img-01.jpg"), b"jpg").unwrap();
        std::fs::write(base.join("secret.jpg"), b"secret").unwrap();
        let s = spec(serde_json::json!({
            "spec_version": "docspec_v1",
            "doc": {"title": "T", "blocks": [
                {"block_id": "a", "type": "figure",
                 "content": {"asset_id": "assets/img-01.jpg", "caption": "C"}},
                {"block_id": "b", "type": "figure",
                 "content": {"asset_id": "assets/img-01", "caption": "C"}},
                {"block_id": "c", "type": "figure",
                 "content": {"asset_id": "assets/../../secret.jpg", "caption": "C"}}
            ]},
            "theme": {"template_ref": {"template_id": "default"}, "brand": {"brand_kit_id": "b"}}
        }));
        let root = AssetRoot::open(&base.join("root")).unwrap();
        let d = resolve_doc(&s, Some(&root));
        let a = d.assets["assets/img-01.jpg"].as_ref().unwrap();
        assert_eq!(
            (a.path.as_str(), &*a.bytes),
            ("assets/img-01.jpg", &b"jpg"[..])
        );
        assert_eq!(
            d.assets["assets/img-01"].as_ref().unwrap().path,
            "assets/img-01.jpg"
        );
        assert_eq!(
            d.assets["assets/../../secret.jpg"]
                .as_ref()
                .unwrap_err()
                .reason,
            Reason::OutsideRoot
        );
        std::fs::remove_dir_all(&base).unwrap();
    }
}
