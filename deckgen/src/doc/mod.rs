//! Generated DocSpec v1 documents: reports, proposals and meeting minutes in English, Korean,
//! Japanese, Simplified and Traditional Chinese, or mixed (a Korean document whose sections
//! are written in all five, with sentences of another language inside paragraphs).
//!
//! A document is a function of [`DocOptions`] only (same options, same JSON bytes). It has
//! exactly `blocks` blocks: level-1 sections in the order its kind uses them, sub-headings
//! that never skip a level (down to level 6), paragraphs (some with long unbreakable tokens,
//! some citing the references as footnotes), ordered and unordered lists (ordered lists often
//! come in pairs, so numbering must restart), tables (label column, JSON numbers, numeric
//! strings, nulls, token columns, a title half of the time), figures (the PNGs of
//! [`FIGURES`], written by [`write_figures`]), quotes with an attribution and page breaks (the
//! appendix starts on a new page). From about 10 blocks on every block type is present: the
//! first section takes one of each. [`DocKind::Data`] adds a 300-row table.

mod blocks;
mod figures;
mod words;

pub use figures::{figure_png, write_figures, FIGURES};

use crate::phrases::Lang;
use crate::rng::Rng;
use blocks::BlockGen;
use serde_json::{json, Value};
use specrender_spec::DocSpec;
use std::fmt;
use std::str::FromStr;

/// The schema's `maxItems` for `doc.blocks`.
pub const MAX_BLOCKS: usize = 5000;

/// Rows of the long table of [`DocKind::Data`].
pub const LONG_TABLE_ROWS: usize = 300;

/// Key of a quote's text and of its attribution in `content` (the schema leaves a quote's
/// content free; these are the keys the engine reads).
pub const QUOTE_TEXT: &str = "text";
pub const QUOTE_BY: &str = "attribution";

/// The languages of a document.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DocMix {
    /// `language: ko`; sections in Korean (40%), English (24%), Japanese (12%), Simplified
    /// (12%) and Traditional Chinese (12%); one paragraph in five carries a sentence of
    /// another language.
    Mixed,
    En,
    Ko,
    Ja,
    ZhCn,
    ZhTw,
}

impl DocMix {
    pub const ALL: [DocMix; 6] = [
        DocMix::Mixed,
        DocMix::En,
        DocMix::Ko,
        DocMix::Ja,
        DocMix::ZhCn,
        DocMix::ZhTw,
    ];

    pub fn name(self) -> &'static str {
        match self {
            DocMix::Mixed => "mixed",
            DocMix::En => "en",
            DocMix::Ko => "ko",
            DocMix::Ja => "ja",
            DocMix::ZhCn => "zh-CN",
            DocMix::ZhTw => "zh-TW",
        }
    }

    /// `doc.language`.
    pub fn language(self) -> &'static str {
        match self {
            DocMix::Mixed | DocMix::Ko => "ko",
            DocMix::En => "en-US",
            DocMix::Ja => "ja",
            DocMix::ZhCn => "zh-CN",
            DocMix::ZhTw => "zh-TW",
        }
    }

    fn lead(self) -> Lang {
        match self {
            DocMix::Mixed | DocMix::Ko => Lang::Ko,
            DocMix::En => Lang::En,
            DocMix::Ja => Lang::Ja,
            DocMix::ZhCn => Lang::Zh,
            DocMix::ZhTw => Lang::ZhTw,
        }
    }

    /// The language of the next section.
    fn section_lang(self, rng: &mut Rng) -> Lang {
        match self {
            DocMix::Mixed => {
                const LANGS: [Lang; 5] = [Lang::Ko, Lang::En, Lang::Ja, Lang::Zh, Lang::ZhTw];
                LANGS[rng.weighted(&[40, 24, 12, 12, 12])]
            }
            other => other.lead(),
        }
    }
}

impl fmt::Display for DocMix {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for DocMix {
    type Err = String;
    fn from_str(s: &str) -> Result<DocMix, String> {
        DocMix::ALL
            .into_iter()
            .find(|m| m.name().eq_ignore_ascii_case(s) || (s == "zh" && *m == DocMix::ZhCn))
            .ok_or_else(|| format!("unknown mix {s:?}; use mixed, en, ko, ja, zh-CN or zh-TW"))
    }
}

/// What kind of document.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DocKind {
    /// Sections with prose, tables and figures; references cited as footnotes.
    Report,
    /// Problem, solution, scope, a timeline and a budget table.
    Proposal,
    /// Attendees, agenda (ordered), decisions, an action-item table.
    Minutes,
    /// A report whose appendix holds a [`LONG_TABLE_ROWS`]-row table and a table of tokens.
    Data,
    /// A report as users send them: as many tables and figures as [`DocKind::Report`] or
    /// more, more lists, and most paragraphs, tables and figures citing one to three of
    /// about fifty references (at 2,000 blocks: about 980 paragraphs, 330 headings, 320
    /// lists, 155 tables, 130 figures, 50 quotes, 30 page breaks and 900 citations; each
    /// citation is a footnote in the DOCX). The document bench's input (issue 43).
    Users,
}

impl DocKind {
    pub const ALL: [DocKind; 5] = [
        DocKind::Report,
        DocKind::Proposal,
        DocKind::Minutes,
        DocKind::Data,
        DocKind::Users,
    ];

    pub fn name(self) -> &'static str {
        match self {
            DocKind::Report => "report",
            DocKind::Proposal => "proposal",
            DocKind::Minutes => "minutes",
            DocKind::Data => "data",
            DocKind::Users => "users",
        }
    }
}

impl fmt::Display for DocKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for DocKind {
    type Err = String;
    fn from_str(s: &str) -> Result<DocKind, String> {
        DocKind::ALL
            .into_iter()
            .find(|k| k.name() == s)
            .ok_or_else(|| {
                format!("unknown kind {s:?}; use report, proposal, minutes, data or users")
            })
    }
}

/// What to generate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DocOptions {
    /// Blocks in `doc.blocks` (exactly; 1..=[`MAX_BLOCKS`] for a valid document).
    pub blocks: usize,
    pub mix: DocMix,
    pub kind: DocKind,
    pub seed: u64,
}

impl Default for DocOptions {
    /// The bench's document: 2,000 blocks, mixed languages, a report, seed 1.
    fn default() -> Self {
        DocOptions {
            blocks: 2000,
            mix: DocMix::Mixed,
            kind: DocKind::Report,
            seed: 1,
        }
    }
}

/// The document as a DocSpec v1 JSON value.
pub fn doc(opts: &DocOptions) -> Value {
    let mut rng = Rng::new(opts.seed ^ 0xD0C5_0000_0000_0000);
    let lead = opts.mix.lead();
    let w = words::words(lead);
    let title = blocks::pick_title(w, opts.kind, &mut rng);
    let subtitle = rng.pick(w.subtitles);
    let author = rng.pick(w.authors);
    let day = rng.range(1, 29);
    let month = rng.range(1, 13);
    let mut g = BlockGen::new(&mut rng, opts);
    g.generate();
    let (blocks, references) = g.finish();
    let mut root = json!({
        "spec_version": "docspec_v1",
        "doc": {
            "title": title,
            "subtitle": subtitle,
            "language": opts.mix.language(),
            "author": author,
            "created_date": format!("2026-{month:02}-{day:02}"),
            "blocks": blocks,
        },
        "theme": {
            "template_ref": { "template_id": "default" },
            "brand": {
                "brand_kit_id": "acme-2026",
                "tokens": { "colors": { "primary": "#1F3864", "accent": "#C00000" } }
            }
        }
    });
    if !references.is_empty() {
        root["references"] = Value::Array(references);
    }
    root
}

/// [`doc`] as compact JSON text.
pub fn doc_json(opts: &DocOptions) -> String {
    doc(opts).to_string()
}

/// The document as the typed IR, skipping validation (any number of blocks).
pub fn docspec(opts: &DocOptions) -> DocSpec {
    serde_json::from_value(doc(opts)).expect("generated documents match the DocSpec types")
}

/// Named documents for the conformance run and the reader checks: a report, a proposal and
/// minutes in each of the five languages, a mixed report, the 300-row data document in
/// Korean and English, and the mixed 2,000-block document unless `fast`.
pub fn doc_suite(fast: bool) -> Vec<(String, DocOptions)> {
    let mut out = Vec::new();
    let langs = [
        DocMix::En,
        DocMix::Ko,
        DocMix::Ja,
        DocMix::ZhCn,
        DocMix::ZhTw,
    ];
    for (i, mix) in langs.into_iter().enumerate() {
        let kinds: &[DocKind] = if fast {
            &[DocKind::Report]
        } else {
            &[DocKind::Report, DocKind::Proposal, DocKind::Minutes]
        };
        for &kind in kinds {
            let blocks = if kind == DocKind::Report { 60 } else { 35 };
            let seed = 11 + i as u64;
            out.push((
                format!("{}-{}", kind.name(), mix.name()),
                DocOptions {
                    blocks,
                    mix,
                    kind,
                    seed,
                },
            ));
        }
    }
    out.push((
        "report-mixed".into(),
        DocOptions {
            blocks: if fast { 60 } else { 150 },
            mix: DocMix::Mixed,
            kind: DocKind::Report,
            seed: 3,
        },
    ));
    let data_langs: &[DocMix] = if fast {
        &[DocMix::Ko]
    } else {
        &[DocMix::Ko, DocMix::En]
    };
    for &mix in data_langs {
        out.push((
            format!("data-{}", mix.name()),
            DocOptions {
                blocks: 40,
                mix,
                kind: DocKind::Data,
                seed: 5,
            },
        ));
    }
    if !fast {
        out.push(("mixed-2000".into(), DocOptions::default()));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn types(v: &Value) -> Vec<String> {
        v["doc"]["blocks"]
            .as_array()
            .unwrap()
            .iter()
            .map(|b| b["type"].as_str().unwrap().to_string())
            .collect()
    }

    #[test]
    fn exact_block_counts_and_unique_ids() {
        for blocks in [1, 2, 7, 11, 40, 333] {
            for kind in DocKind::ALL {
                let v = doc(&DocOptions {
                    blocks,
                    mix: DocMix::Mixed,
                    kind,
                    seed: 4,
                });
                let bs = v["doc"]["blocks"].as_array().unwrap();
                assert_eq!(bs.len(), blocks, "{kind}");
                let ids: std::collections::BTreeSet<&str> =
                    bs.iter().map(|b| b["block_id"].as_str().unwrap()).collect();
                assert_eq!(ids.len(), blocks);
            }
        }
    }

    #[test]
    fn every_block_type_from_a_dozen_blocks_on() {
        for mix in DocMix::ALL {
            for kind in DocKind::ALL {
                let t = types(&doc(&DocOptions {
                    blocks: 14,
                    mix,
                    kind,
                    seed: 2,
                }));
                for want in [
                    "heading",
                    "paragraph",
                    "list",
                    "table",
                    "figure",
                    "quote",
                    "page_break",
                ] {
                    assert!(
                        t.iter().any(|x| x == want),
                        "{mix} {kind}: no {want} in {t:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn heading_levels_never_skip_and_reach_six() {
        let v = doc(&DocOptions::default());
        let mut prev = 0;
        let mut deepest = 0;
        for b in v["doc"]["blocks"].as_array().unwrap() {
            if b["type"] == "heading" {
                let l = b["content"]["level"].as_i64().unwrap();
                assert!((1..=6).contains(&l) && l <= prev + 1, "{prev} -> {l}");
                prev = l;
                deepest = deepest.max(l);
            }
        }
        assert_eq!(deepest, 6);
    }

    #[test]
    fn citations_only_on_blocks_that_can_carry_them() {
        for blocks in [5, 13, 60, 200] {
            for kind in DocKind::ALL {
                let v = doc(&DocOptions {
                    blocks,
                    mix: DocMix::En,
                    kind,
                    seed: 11,
                });
                for b in v["doc"]["blocks"].as_array().unwrap() {
                    if b.get("citations").is_some() {
                        let t = b["type"].as_str().unwrap();
                        assert!(["paragraph", "table", "figure"].contains(&t), "{t}: {b}");
                        let n = b["citations"].as_array().unwrap().len();
                        let most = if kind == DocKind::Users { 3 } else { 1 };
                        assert!((1..=most).contains(&n), "{b}");
                    }
                }
            }
        }
    }

    #[test]
    fn users_documents_cite_often_from_few_references_with_prose_in_tables() {
        let v = doc(&DocOptions {
            kind: DocKind::Users,
            ..DocOptions::default()
        });
        let blocks = v["doc"]["blocks"].as_array().unwrap();
        let count = |t: &str| blocks.iter().filter(|b| b["type"] == t).count();
        let cites: usize = blocks
            .iter()
            .filter_map(|b| b["citations"].as_array())
            .map(Vec::len)
            .sum();
        assert_eq!(v["references"].as_array().unwrap().len(), 49);
        assert!(cites >= 800, "{cites} citations");
        assert!(
            count("table") >= 150 && count("figure") >= 120,
            "{blocks:?}"
        );
        assert!(count("paragraph") >= 900 && count("list") >= 280);
        // Some cells hold sentences, not only labels and numbers.
        let long_cells = blocks
            .iter()
            .filter(|b| b["type"] == "table")
            .flat_map(|b| b["content"]["rows"].as_array().unwrap())
            .flat_map(|r| r.as_array().unwrap())
            .filter(|c| c.as_str().is_some_and(|s| s.chars().count() > 30))
            .count();
        assert!(long_cells > 1000, "{long_cells}");
    }

    #[test]
    fn data_documents_hold_the_long_table() {
        let v = doc(&DocOptions {
            blocks: 20,
            mix: DocMix::Ko,
            kind: DocKind::Data,
            seed: 1,
        });
        let rows = v["doc"]["blocks"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|b| b["type"] == "table")
            .map(|b| b["content"]["rows"].as_array().unwrap().len())
            .max();
        assert_eq!(rows, Some(LONG_TABLE_ROWS));
    }

    #[test]
    fn languages_are_what_they_say() {
        let text = |mix| {
            doc_json(&DocOptions {
                blocks: 200,
                mix,
                kind: DocKind::Report,
                seed: 3,
            })
        };
        let ko = text(DocMix::Ko);
        assert!(ko.chars().filter(|c| ('가'..='힣').contains(c)).count() > 3000);
        assert!(!ko.contains('。'));
        let tw = text(DocMix::ZhTw);
        assert!(
            tw.contains("營運") && !tw.contains("运营"),
            "traditional forms only"
        );
        let cn = text(DocMix::ZhCn);
        assert!(cn.contains("运营") && !cn.contains("營運"));
        assert!(text(DocMix::Ja).contains("ました"));
        assert!(text(DocMix::En).contains("\"language\":\"en-US\""));
        let mixed = text(DocMix::Mixed);
        for s in ["습니다", "ました", "增长", "增長", " the "] {
            assert!(mixed.contains(s), "mixed has no {s}");
        }
    }

    #[test]
    fn same_options_same_bytes_other_seed_other_document() {
        let o = DocOptions {
            blocks: 300,
            ..DocOptions::default()
        };
        assert_eq!(doc_json(&o), doc_json(&o));
        assert_ne!(doc_json(&o), doc_json(&DocOptions { seed: 2, ..o }));
    }

    #[test]
    fn figures_named_by_documents_exist() {
        let v = doc(&DocOptions::default());
        for b in v["doc"]["blocks"].as_array().unwrap() {
            if b["type"] == "figure" {
                let id = b["content"]["asset_id"].as_str().unwrap();
                assert!(FIGURES.iter().any(|f| f.0 == id), "{id}");
            }
        }
    }

    #[test]
    fn mix_and_kind_names_round_trip() {
        for m in DocMix::ALL {
            assert_eq!(m.name().parse::<DocMix>(), Ok(m));
        }
        for k in DocKind::ALL {
            assert_eq!(k.name().parse::<DocKind>(), Ok(k));
        }
        assert_eq!("zh".parse::<DocMix>(), Ok(DocMix::ZhCn));
        assert!("fr".parse::<DocMix>().is_err());
    }
}
