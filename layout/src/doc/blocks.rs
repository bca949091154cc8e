//! The blocks' pass: each input block laid out in document order ([`Pass::lay`]) — its
//! content (a table laid out here or taken from the pass ahead, a figure sized to the page),
//! its citation numbers ([`Citer`]), and what layout noticed about it.

use super::ahead::{block_texts, missing_chars, Ahead, TableArgs};
use super::model::{CitationStyle, DocFigure, LaidBlock, LaidContent, Page};
use super::{figure_max_height, table, template, EMU_PER_PX};
use crate::picture::Image;
use specrender_fonts::Measurer;
use specrender_model::findings::{Finding, Location, Note};
use specrender_spec::deck::Refusal;
use specrender_spec::doc::{BlockKind, DocBlock};
use specrender_spec::units::Emu;
use std::collections::BTreeMap;
use std::sync::Arc;

/// What the blocks' pass reads and where it writes, block after block.
pub(super) struct Pass<'a, 'b> {
    pub(super) m: &'a mut Measurer<'b>,
    pub(super) page: &'a Page,
    pub(super) table: TableArgs<'a>,
    pub(super) template: Option<&'a specrender_template::DocTemplate>,
    /// Every figure asset, prepared or refused, by asset id.
    pub(super) images: &'a BTreeMap<&'a str, Result<Arc<Image>, Refusal>>,
    /// What the pass ahead found per block (`None`: one thread).
    pub(super) ahead: Option<std::vec::IntoIter<Ahead>>,
    /// Tables and figures numbered so far.
    pub(super) tables: u32,
    pub(super) figures: u32,
    pub(super) cites: &'a mut Citer,
    pub(super) findings: &'a mut Vec<Note>,
}

impl Pass<'_, '_> {
    /// Block `b` laid out (pages to come: pagination sets them).
    pub(super) fn lay(&mut self, b: &DocBlock) -> LaidBlock {
        crate::work::enter(&b.id);
        let content = self.content(b);
        let chars = match self.ahead.as_mut().and_then(Iterator::next) {
            Some(a) => a.missing,
            None => missing_chars(self.m, self.table.body.faces, &block_texts(&content)),
        };
        if !chars.is_empty() {
            let finding = Finding::MissingGlyphs { chars };
            self.findings
                .push(Note::new(finding, Location::block(&b.id)));
        }
        LaidBlock {
            id: b.id.clone(),
            index: b.index,
            width: self.table.width,
            cites: b.cites.iter().map(|&r| (self.cites.number(r), r)).collect(),
            content,
            style: b.style.clone(),
            pages: (1, 1),
            rtl_indent: match &b.kind {
                BlockKind::List { ordered, items } => {
                    template::rtl_list_indent(self.template, *ordered, items.len(), self.table.size)
                }
                _ => None,
            },
        }
    }

    fn content(&mut self, b: &DocBlock) -> LaidContent {
        match &b.kind {
            BlockKind::Heading { level, text } => LaidContent::Heading {
                level: *level,
                text: text.clone(),
            },
            BlockKind::Paragraph { text } => LaidContent::Paragraph { text: text.clone() },
            BlockKind::List { ordered, items } => LaidContent::List {
                ordered: *ordered,
                items: items.clone(),
            },
            BlockKind::Table {
                title,
                columns,
                rows,
            } => {
                // A document that titles any table numbers every table, so the numbers
                // a reader sees (and Word's SEQ fields) count all of them.
                let numbered = title.is_some() || self.table.numbers_tables;
                if numbered {
                    self.tables += 1;
                }
                let laid_ahead = self
                    .ahead
                    .as_mut()
                    .and_then(|a| a.as_mut_slice().first_mut())
                    .and_then(|a| a.table.take());
                if let Some((laid, found, charges)) = laid_ahead {
                    // Laid out ahead (`blocks_ahead`): its work charged here, in turn.
                    crate::work::replay(&charges);
                    self.findings.extend(found);
                    return LaidContent::Table(laid);
                }
                let input = table::TableInput {
                    block: &b.id,
                    title: title.as_ref(),
                    columns,
                    rows,
                    cell: self.table.cell,
                };
                let a = &self.table;
                LaidContent::Table(table::table(
                    self.m,
                    a.body,
                    a.bold,
                    a.lang,
                    a.size,
                    &input,
                    a.width,
                    (self.tables, numbered),
                    self.findings,
                ))
            }
            BlockKind::Figure {
                asset_id,
                caption,
                alt,
            } => {
                self.figures += 1;
                let image = self
                    .images
                    .get(asset_id.as_str())
                    .cloned()
                    .unwrap_or_else(|| Err(missing(asset_id)));
                if let Err(refusal) = &image {
                    let finding = Finding::MissingAsset {
                        asset_id: asset_id.clone(),
                        reason: refusal.reason,
                        detail: refusal.detail.clone(),
                    };
                    self.findings
                        .push(Note::new(finding, Location::block(&b.id)));
                }
                let n = self.figures;
                LaidContent::Figure(figure(self.page, n, asset_id, caption, alt, image))
            }
            BlockKind::Quote { text, attribution } => LaidContent::Quote {
                text: text.clone(),
                attribution: attribution.clone(),
            },
            BlockKind::PageBreak => LaidContent::PageBreak,
        }
    }
}

fn missing(asset_id: &str) -> Refusal {
    specrender_spec::deck::Refusal::new(
        specrender_spec::deck::Reason::NotFound,
        format!("no file named {asset_id:?} in the assets root"),
    )
}

/// A figure's extent: its natural size (96 dpi) scaled down, never up, to the text width and
/// [`figure_max_height`], aspect kept. A missing image keeps a 4:3 placeholder's size.
pub(super) fn figure(
    page: &Page,
    number: u32,
    asset_id: &str,
    caption: &str,
    alt: &Option<String>,
    image: Result<Arc<Image>, Refusal>,
) -> DocFigure {
    let (w, h) = page_fit(page);
    let (extent, pixels, scale) = match &image {
        Ok(img) => {
            let (px, py) = img.shown_size();
            let (nx, ny) = (px as Emu * EMU_PER_PX, py as Emu * EMU_PER_PX);
            // scale = min(1, w / nx, h / ny), in integers.
            let (num, den) = [(w, nx), (h, ny)]
                .into_iter()
                .fold(
                    (1, 1),
                    |(a, b), (c, d)| if c * b < a * d { (c, d) } else { (a, b) },
                );
            let cx = (nx as i128 * num as i128 / den as i128) as Emu;
            let cy = (ny as i128 * num as i128 / den as i128) as Emu;
            let scale = (1000 * num as i128 / den as i128) as u32;
            ((cx.max(1), cy.max(1)), Some((px, py)), scale)
        }
        Err(_) => ((w / 2, w * 3 / 8), None, 1000),
    };
    DocFigure {
        number,
        asset_id: asset_id.to_string(),
        caption: caption.to_string(),
        alt: alt.clone(),
        image,
        extent,
        pixels,
        scale_permille: scale,
    }
}

fn page_fit(page: &Page) -> (Emu, Emu) {
    (page.text_width(), figure_max_height(page))
}

/// Citation numbers: footnotes run over the document; list numbers go by first appearance.
pub(super) struct Citer {
    style: CitationStyle,
    pub(super) footnotes: u32,
    by_ref: Vec<Option<u32>>,
    pub(super) listed: Vec<usize>,
}

impl Citer {
    pub(super) fn new(style: CitationStyle, refs: usize) -> Citer {
        Citer {
            style,
            footnotes: 0,
            by_ref: vec![None; refs],
            listed: Vec::new(),
        }
    }

    pub(super) fn number(&mut self, r: usize) -> u32 {
        match self.style {
            CitationStyle::Footnotes => {
                self.footnotes += 1;
                self.footnotes
            }
            CitationStyle::List => *self.by_ref[r].get_or_insert_with(|| {
                self.listed.push(r);
                self.listed.len() as u32
            }),
        }
    }
}
